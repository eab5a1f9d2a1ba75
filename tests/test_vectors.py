"""The Pareto filter of payoff-vector fronts, the pair product and the row index against naive references."""

from __future__ import annotations

import numpy as np
import pytest

from bridgeplay.engine.vectors import (
    ANSWERS_MAX,
    RARE,
    _answer_table,
    _ask,
    _bit_weights,
    _grown,
    _learn,
    _mask_pareto,
    _pareto,
    _pareto_known,
    _product_front,
    _reaching,
    _row_index,
    weight_table,
)


def naive_pareto(rows: list[int]) -> set[int]:
    """Rows (as Python ints) that no other row contains (equal rows once)."""
    distinct = set(rows)
    return {u for u in distinct if not any(v != u and u & ~v == 0 for v in distinct)}


def as_front(rows: list[int], m: int) -> np.ndarray:
    out = np.zeros((len(rows), m), np.uint64)
    for i, r in enumerate(rows):
        for w in range(m):
            out[i, w] = (r >> (64 * w)) & ((1 << 64) - 1)
    return out


def as_ints(front: np.ndarray) -> list[int]:
    return [sum(int(x) << (64 * w) for w, x in enumerate(row)) for row in front]


@pytest.mark.parametrize("seed", range(40))
def test_pareto_equals_naive_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    m = int(rng.integers(1, 4))
    bits = 64 * m
    k = int(rng.integers(0, 400))
    density = float(rng.uniform(0.05, 0.95))
    rows = [sum(1 << b for b in range(bits) if rng.random() < density) for _ in range(k)]
    # many dominated rows and duplicates, as combined fronts have: subsets of earlier rows, copies, 0
    for i in range(len(rows)):
        if rows and rng.random() < 0.5:
            j = int(rng.integers(0, len(rows)))
            rows[i] = rows[j] & sum(1 << b for b in range(bits) if rng.random() < 0.9)
        elif rows and rng.random() < 0.1:
            rows[i] = rows[int(rng.integers(0, len(rows)))]
    if rows and seed % 7 == 0:
        rows.append(0)
    got = as_ints(_pareto(as_front(rows, m)))
    assert len(got) == len(set(got))
    assert set(got) == naive_pareto(rows)


def test_pareto_more_kept_rows_than_its_first_bitsets_hold() -> None:
    # an antichain of 2,016 rows (distinct 3-bit rows): more kept rows than the first per-bit bitsets hold
    rows = []
    for a in range(64):
        for b in range(a + 1, 64):
            rows.append((1 << a) | (1 << b) | (1 << 64 + (a + b) % 64))
    assert len(rows) > 16 * 64
    got = as_ints(_pareto(as_front(rows, 2)))
    assert set(got) == naive_pareto(rows)


@pytest.mark.parametrize("seed", range(20))
def test_pareto_told_undominated_rows_and_masked_fronts(seed: int) -> None:
    """Rows marked undominated (any subset of the truly undominated ones) are kept without comparisons;
    the result is still the naive front.  A front cut to a mask: the naive front of the cut rows."""
    rng = np.random.default_rng(seed)
    m = int(rng.integers(1, 4))
    bits = 64 * m
    rows = [sum(1 << b for b in range(bits) if rng.random() < 0.5) for _ in range(int(rng.integers(1, 300)))]
    rows += [rows[int(rng.integers(0, len(rows)))] & sum(1 << b for b in range(bits) if rng.random() < 0.8)
             for _ in range(len(rows))]
    rows += rows[: len(rows) // 5]  # duplicates
    front = naive_pareto(rows)
    undominated = [r for r in rows if r in front and rows.count(r) == 1]
    known = np.array([r in undominated and rng.random() < 0.7 for r in rows], dtype=np.bool_)
    got = as_ints(_pareto_known(as_front(rows, m), known))
    assert len(got) == len(set(got))
    assert set(got) == front
    mask = sum(1 << b for b in range(bits) if rng.random() < (0.9 if seed % 2 else 0.999))
    cut = as_ints(_mask_pareto(as_front(sorted(front), m), as_front([mask], m)[0]))
    assert len(cut) == len(set(cut))
    assert set(cut) == naive_pareto([r & mask for r in front])


def random_rows(rng: np.random.Generator, k: int, bits: int, within: int) -> list[int]:
    """``k`` rows inside the bits of ``within``, built like fronts are: Pareto-ish, with shared parts."""
    base = [sum(1 << b for b in range(bits) if within >> b & 1 and rng.random() < 0.6) for _ in range(max(1, k // 4))]
    rows = []
    for _ in range(k):
        r = base[int(rng.integers(0, len(base)))]
        rows.append(r & sum(1 << b for b in range(bits) if rng.random() < 0.85))
    return rows


@pytest.mark.parametrize("levels", [1, 3])
@pytest.mark.parametrize("seed", range(30))
def test_product_front_equals_pareto_of_every_pair(seed: int, levels: int) -> None:
    """Rows of ``levels`` levels of ``nwords`` words each (expected tricks: a level per number of tricks,
    every level weighing its worlds alike)."""
    rng = np.random.default_rng(seed)
    nwords = int(rng.integers(1, 3))
    m = levels * nwords
    bits = 64 * m
    full = (1 << bits) - 1
    worlds = sum(1 << b for b in range(64 * nwords) if rng.random() < 0.5)  # the child's worlds, each level
    child = sum(worlds << (64 * nwords * lv) for lv in range(levels))
    notwc = full & ~child
    R = naive_pareto(random_rows(rng, int(rng.integers(1, 120)), bits, full))
    F = naive_pareto(random_rows(rng, int(rng.integers(1, 60)), bits, child))
    weights = rng.uniform(0.0, 1.0 / bits, 64 * nwords)
    wtab = weight_table(weights, nwords)
    value = {}
    pairs = set()
    for r in R:
        for f in F:
            c = r & (f | notwc)
            pairs.add(c)
            value[c] = sum(weights[b % (64 * nwords)] for b in range(bits) if c >> b & 1)
    tau = -1.0 if seed % 3 == 0 else float(np.quantile(list(value.values()), 0.6))
    want = {c for c in naive_pareto(list(pairs)) if tau < -0.5 or value[c] >= tau - 1e-12}
    rout = np.array([sum(weights[b % (64 * nwords)] for b in range(bits) if (r & notwc) >> b & 1) for r in sorted(R)])
    got = as_ints(_product_front(as_front(sorted(R), m), as_front(sorted(F), m), as_front([notwc], m)[0], wtab,
                                 nwords, tau, rout))
    assert len(got) == len(set(got))
    # rows within rounding of tau may go either way
    assert {c for c in got if abs(value[c] - tau) > 1e-9} == {c for c in want if abs(value[c] - tau) > 1e-9}


@pytest.mark.parametrize("seed", range(30))
def test_reaching_finds_exactly_the_rows_that_keep_tau(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    m = int(rng.integers(1, 3))
    bits = 64 * m
    full = (1 << bits) - 1
    child = sum(1 << b for b in range(bits) if rng.random() < 0.5)
    notwc = full & ~child
    rows = random_rows(rng, int(rng.integers(1, 300)), bits, child)
    weights = rng.uniform(0.0, 1.0 / bits, 64 * m)
    wtab = weight_table(weights, m)

    def val(x: int) -> float:
        return float(sum(weights[b] for b in range(bits) if x >> b & 1))

    F = as_front(rows, m)
    nots = as_front([notwc], m)[0]
    sv = np.array([val(r) for r in rows])
    perm = np.argsort(-sv, kind="mergesort")
    nwords = (len(rows) + 63) // 64
    has = np.zeros((64 * m, nwords), np.uint64)
    cnt = np.zeros(64 * m, np.int64)
    _row_index(F, 0, len(rows), perm, nots, has, cnt, 0)
    every = np.zeros(nwords, np.uint64)
    for p in range(len(rows)):
        every[p // 64] |= np.uint64(1) << np.uint64(p % 64)
    wb = _bit_weights(wtab, m, m)
    rb, rc = np.empty(RARE, np.int64), np.empty(RARE, np.int64)
    for _ in range(20):
        c = sum(1 << b for b in range(bits) if rng.random() < 0.7)
        tau = float(rng.uniform(0.0, val(c) + 0.05))
        good = {p for p in range(len(rows)) if val(c & (rows[perm[p]] | notwc)) >= tau + 1e-12}
        bad = {p for p in range(len(rows)) if val(c & (rows[perm[p]] | notwc)) < tau - 1e-12}
        args = (as_front([c], m)[0], F, 0, perm, sv[perm], nots, wtab, m, tau, has, cnt, 0)
        out = np.zeros(nwords, np.uint64)
        n = _reaching(*args, every, wb, rb, rc, -1, out)
        marked = {p for p in range(len(rows)) if int(out[p // 64]) >> (p % 64) & 1}
        assert good <= marked and not (marked & bad) and n == len(marked)
        first = _reaching(*args, every, wb, rb, rc, -1, None)
        if val(c & notwc) >= tau + 1e-12:
            assert first == -2  # the worlds outside F reach tau alone
        elif good:
            assert first in marked
        elif not marked:
            assert first == -1


@pytest.mark.parametrize("seed", range(20))
def test_answer_table_agrees_with_a_brute_force_scan(seed: int) -> None:
    """The table of answers (grown from nothing as it fills) never answers otherwise than a scan of the rows,
    over many candidates that share their parts inside each reply's worlds (as in a combination)."""
    rng = np.random.default_rng(500 + seed)
    m = int(rng.integers(1, 3))
    bits = 64 * m
    full = (1 << bits) - 1
    weights = rng.uniform(0.0, 1.0 / bits, 64 * m)
    wtab = weight_table(weights, m)
    wb = _bit_weights(wtab, m, m)
    rb, rc = np.empty(RARE, np.int64), np.empty(RARE, np.int64)

    def val(x: int) -> float:
        return float(sum(weights[b] for b in range(bits) if x >> b & 1))

    replies = []
    for _q in range(2):
        child = sum(1 << b for b in range(bits) if rng.random() < 0.5)
        rows = random_rows(rng, int(rng.integers(1, 200)), bits, child)
        F = as_front(rows, m)
        sv = np.array([val(r) for r in rows])
        perm = np.argsort(-sv, kind="mergesort")
        nwords = (len(rows) + 63) // 64
        has = np.zeros((64 * m, nwords), np.uint64)
        cnt = np.zeros(64 * m, np.int64)
        nots = as_front([full & ~child], m)[0]
        _row_index(F, 0, len(rows), perm, nots, has, cnt, 0)
        every = np.zeros(nwords, np.uint64)
        for p in range(len(rows)):
            every[p // 64] |= np.uint64(1) << np.uint64(p % 64)
        replies.append((rows, full & ~child, F, perm, sv[perm], nots, has, cnt, every))
    keys, tags, lows, highs, free = _answer_table(0, m)
    x = np.empty(m, np.uint64)
    allnots = np.array([r[5] for r in replies])
    bases = [sum(1 << b for b in range(bits) if rng.random() < 0.7) for _ in range(4)]
    asked = 0
    for _ in range(300):
        q = int(rng.integers(0, 2))
        rows, notwc, F, perm, svp, nots, has, cnt, every = replies[q]
        inside = bases[int(rng.integers(0, len(bases)))] & ~notwc  # few parts inside, many outside
        c = inside | (sum(1 << b for b in range(bits) if rng.random() < 0.7) & notwc)
        tau = float(rng.uniform(0.0, val(c) + 0.05))
        best = max(val(c & (r | notwc)) for r in rows)
        if abs(best - tau) < 1e-9:
            continue
        if free[0] == 0 and tags.shape[0] < ANSWERS_MAX:
            keys, tags, lows, highs, free = _grown(keys, tags, lows, highs)
        cw = as_front([c], m)[0]
        hit, slot, need = _ask(cw, q, allnots, wtab, m, tau, x, keys, tags, lows, highs, free)
        if hit == 0:
            hit = _reaching(cw, F, 0, perm, svp, nots, wtab, m, tau, has, cnt, 0, every, wb, rb, rc, -1, None)
            _learn(hit, slot, need, cw, F, perm[max(hit, 0)], wtab, m, lows, highs)
        assert (hit != -1) == (best >= tau)
        if hit >= 0:
            assert val(c & (rows[perm[hit]] | notwc)) >= tau - 1e-12
        asked += 1
    assert asked > 200 and int((tags >= 0).sum()) < asked  # the table answered some questions itself
