"""The split bound of a top node (bridgeplay.engine.split): sound for every split, tight where the
relaxation is, and the solver's values unchanged when it proves a line best."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from bridgeplay.cards import ranks_of as _ranks
from bridgeplay.engine.split import _legal_split, _simplex_max, _split_bound, _split_value, _useful_rows
from bridgeplay.engine.suit import _swaps
from bridgeplay.engine.vectors import _bit_weights, _pareto, weight_table
from bridgeplay.suit.search import LEAD_FREE, NO_PRUNE, SuitSearch
from bridgeplay.suit.worlds import suit_worlds


def instance(seed: int, nbits: int = 20, replies: int = 3, rows: int = 5):
    """A random combination: U, the replies' rows (fronts over their worlds), their non-worlds, weights."""
    rng = random.Random(seed)
    full = (1 << nbits) - 1
    U = full & ~rng.getrandbits(nbits) | rng.getrandbits(nbits)
    worlds = [rng.getrandbits(nbits) & U | (1 << rng.randrange(nbits)) & U for _ in range(replies)]
    fronts = []
    for w in worlds:
        F = np.array([[rng.getrandbits(nbits) & w] for _ in range(rows)], np.uint64)
        fronts.append(_pareto(F))
    weights = np.array([rng.randint(1, 50) / 1000 for _ in range(nbits)])
    return U, worlds, fronts, weights


def pack(U: int, worlds: list[int], fronts: list[np.ndarray]):
    off = np.zeros(len(fronts) + 1, np.int64)
    for k, F in enumerate(fronts):
        off[k + 1] = off[k] + F.shape[0]
    cat = np.ascontiguousarray(np.vstack(fronts))
    cnot = np.array([[U & ~w] for w in worlds], np.uint64)
    return np.array([U], np.uint64), cat, off, cnot


def no_swaps(use: int, m: int = 1) -> tuple[np.ndarray, np.ndarray]:
    return np.zeros((0, 64 * m), np.int64), np.zeros((0, use), np.int64)


def brute_best(U: int, worlds: list[int], fronts: list[np.ndarray], weights: np.ndarray) -> float:
    """The most valuable combination, every choice of one row per reply tried."""
    best = 0.0
    for choice in itertools.product(*[[int(r[0]) for r in F] for F in fronts]):
        c = U
        for w, f in zip(worlds, choice):
            c &= f | (U & ~w)
        best = max(best, sum(weights[b] for b in range(len(weights)) if c >> b & 1))
    return best


@pytest.mark.parametrize("seed", range(40))
def test_any_split_bounds_the_best_combination(seed: int) -> None:
    U, worlds, fronts, weights = instance(seed)
    u, cat, off, cnot = pack(U, worlds, fronts)
    wb = _bit_weights(weight_table(weights, 1), 1, 1)
    best = brute_best(U, worlds, fronts, weights)
    rng = np.random.default_rng(seed)
    for _ in range(5):  # random shares, made into splits: every one bounds the best combination
        lam = _legal_split(u, cnot, len(fronts), wb, rng.random((len(fronts), 64)))
        value, _ = _split_value(u, cat, off, cnot, len(fronts), wb, lam)
        assert value >= best - 1e-12
    bound, rounds, _ = _split_bound(u, cat, off, cnot, len(fronts), weight_table(weights, 1), 1, -1.0,
                                    *no_swaps(len(fronts)))
    assert best - 1e-12 <= bound < np.inf
    assert rounds >= 1


@pytest.mark.parametrize("seed", range(40))
def test_useful_rows_keep_every_row_of_every_line_worth_the_threshold(seed: int) -> None:
    """Reduced-cost fixing (``_useful_rows``): under any split, a line worth ``threshold`` uses in each reply
    only rows within ``split value - threshold`` of that reply's heaviest row, so dropping the others loses
    no such line (checked on every line, by brute force), and at the bound itself few rows are left."""
    U, worlds, fronts, weights = instance(seed, replies=4, rows=6)
    u, cat, off, cnot = pack(U, worlds, fronts)
    use = len(fronts)
    wtab = weight_table(weights, 1)
    wb = _bit_weights(wtab, 1, 1)
    lines = []
    for choice in itertools.product(*[range(off[k], off[k + 1]) for k in range(use)]):
        c = U
        for k, j in enumerate(choice):
            c &= int(cat[j, 0]) | (U & ~worlds[k])
        lines.append((sum(weights[b] for b in range(len(weights)) if c >> b & 1), choice))
    best = max(v for v, _ in lines)
    bound, _, lam_opt = _split_bound(u, cat, off, cnot, use, wtab, 1, -1.0, *no_swaps(use))
    rng = np.random.default_rng(seed)
    splits = [(bound, lam_opt)]
    for _ in range(3):
        lam = _legal_split(u, cnot, use, wb, rng.random((use, 64)))
        splits.append((_split_value(u, cat, off, cnot, use, wb, lam)[0], lam))
    kept_any = 0
    for value, lam in splits:
        for th in (best - 0.05, best - 0.01, best, (best + value) / 2):
            kept, o = _useful_rows(cat, off, use, lam, max(value - th, 0.0))
            rows = [{int(r) for r in kept[o[k]:o[k + 1], 0]} for k in range(use)]
            for v, choice in lines:
                if v >= th - 1e-12:
                    assert all(int(cat[j, 0]) in rows[k] for k, j in enumerate(choice)), (th, v, value)
            kept_any += o[use]
    assert kept_any < 16 * off[use]  # (some rows are dropped)


@pytest.mark.parametrize("seed", range(40))
def test_split_bound_is_the_relaxation_optimum(seed: int) -> None:
    """Column generation reaches the value of the whole linear programme (solved by scipy's HiGHS)."""
    from scipy import optimize as scipy_optimize
    U, worlds, fronts, weights = instance(seed, replies=4, rows=6)
    u, cat, off, cnot = pack(U, worlds, fronts)
    bound, _, _ = _split_bound(u, cat, off, cnot, len(fronts), weight_table(weights, 1), 1, -1.0,
                               *no_swaps(len(fronts)))
    # max sum_b P_b y_b, y_b <= sum_f mu_{k,f} f(b) (k legal at b), sum_f mu_{k,f} = 1
    bits = [b for b in range(64) if U >> b & 1]
    nf = sum(F.shape[0] for F in fronts)
    nvar = len(bits) + nf
    c = np.zeros(nvar)
    c[: len(bits)] = [-weights[b] for b in bits]
    a_ub, a_eq = [], []
    col = len(bits)
    for k, F in enumerate(fronts):
        for i, b in enumerate(bits):
            if worlds[k] >> b & 1:
                row = np.zeros(nvar)
                row[i] = 1.0
                for j in range(F.shape[0]):
                    row[col + j] = -float(int(F[j, 0]) >> b & 1)
                a_ub.append(row)
        eq = np.zeros(nvar)
        eq[col:col + F.shape[0]] = 1.0
        a_eq.append(eq)
        col += F.shape[0]
    res = scipy_optimize.linprog(c, A_ub=np.array(a_ub), b_ub=np.zeros(len(a_ub)), A_eq=np.array(a_eq),
                                 b_eq=np.ones(len(a_eq)), bounds=[(0, 1)] * nvar, method="highs")
    assert res.status == 0
    assert bound == pytest.approx(-res.fun, abs=1e-9)  # (the bits in no reply's worlds: y = 1 there)


def test_simplex_solves_a_small_programme() -> None:
    # max 3x + 2y, x + y <= 4, x + 3y <= 6, x <= 3: x = 3, y = 1, value 11; shadow prices 2, 0, 1
    A = np.array([[1.0, 1.0], [1.0, 3.0], [1.0, 0.0]])
    status, value, duals, pivots = _simplex_max(A, np.array([4.0, 6.0, 3.0]), np.array([3.0, 2.0]), 100)
    assert status == 0 and 0 < pivots <= 100
    assert value == pytest.approx(11.0, abs=1e-6)
    assert duals == pytest.approx([2.0, 0.0, 1.0], abs=1e-6)


def first_play_values(north: str, south: str, target: int | None, split: int):
    from bridgeplay.kinds import from_dict

    d = {"kind": "suit", "north": north, "south": south}
    d.update({"tricks": target} if target else {"objective": "tricks"})
    p = from_dict(d, "<t>")
    worlds = suit_worlds(p.outstanding)
    ths = (target,) if target else tuple(range(1, p.max_tricks + 1))
    search = SuitSearch(p.north, p.south, p.outstanding, worlds.west)
    search.split_bound = split
    moves = search.first_moves(p.north, p.south, p.outstanding, LEAD_FREE, ths, worlds.prob)
    return [m[3] for m in moves], int(search.stats[5] + search.stats[6])


@pytest.mark.parametrize("north,south,target", [("KJ84", "7", 1), ("KJ972", "3", None), ("K972", "J", 1),
                                                ("KJ975", "4", 2), ("AQT2", "4", None), ("QT86", "K", None),
                                                ("KJ975", "4", None), ("KJ96", "3", None), ("KJ975", "3", None)])
def test_split_bound_changes_no_first_play_value(north: str, south: str, target: int | None) -> None:
    """With the split bound (a top node proves its narrow line best, or looks only for rows worth the
    bound) every first play has the value the full combination gives it, and the bound was used."""
    on, used = first_play_values(north, south, target, 1)
    off, unused = first_play_values(north, south, target, 0)
    assert on == pytest.approx(off, abs=1e-12)
    assert used > 0 and unused == 0


def pair_programme(north: str, south: str, target: int | None, lead: str):
    """A flattened top node as the split bound sees it: the pairs of defenders' cards after ``lead`` (third hand
    has one card), each pair's front at the next trick's boundary (whole, no threshold), and the card swaps."""
    from bridgeplay.engine.vectors import _mask_pareto
    from bridgeplay.kinds import from_dict
    from bridgeplay.suit.exact import root_lead, thresholds, worlds_for

    d = {"kind": "suit", "north": north, "south": south}
    d.update({"tricks": target} if target else {"objective": "tricks"})
    p = from_dict(d, "<t>")
    w = worlds_for(p)
    s = SuitSearch(p.north, p.south, p.outstanding, w.west)
    ths = thresholds(p, target)
    s.start(p.north, p.south, p.outstanding, root_lead(p), ths, w.prob)
    seat, r = "NESW".index(lead[0]), int(lead[1:])
    x = s.play_x(ths, seat, r)
    L = len(ths)
    n2, s2 = (p.north & ~(1 << r), p.south) if seat == 0 else (p.north, p.south & ~(1 << r))
    s3 = (seat + 2) % 4
    (c3,) = s.follow_choices(n2, s2, p.outstanding, s3, ((seat, r),))  # (third hand's one play)
    n3, so3 = (n2 & ~(1 << c3), s2) if s3 == 0 else (n2, s2 & ~(1 << c3))
    dfd, second, fourth = p.outstanding, (seat + 1) % 4, (seat + 3) % 4
    pairs = []
    for e in _ranks(dfd) + [0]:
        we = s.void(second, dfd) if e == 0 else s.holds(second, e)
        d1 = dfd & ~(1 << e) if e else dfd
        for f in _ranks(d1) + [0]:
            wc = we & (s.void(fourth, d1) if f == 0 else s.holds(fourth, f))
            xc = tuple(xi & wc for xi in x)
            if any(xc):
                d2 = d1 & ~(1 << f) if f else d1
                front = s._solve(n3, so3, d2, seat, ((seat, r), (second, e), (s3, c3), (fourth, f)), 0, ths, xc,
                                 NO_PRUNE)
                pairs.append((e, f, s.row((wc,) * L), front))
    U = s.row(x)
    for _, _, wc, front in pairs:
        if front.shape[0] == 1:
            U &= ~(wc & ~front[0])
    cats, nots, lab1, lab2 = [], [], [], []
    for e, f, wc, front in pairs:
        fm = _mask_pareto(np.ascontiguousarray(front), U)
        if fm.shape[0] == 1 and np.all(fm[0] == (U & wc)):
            continue  # (wins every world of its own: no bound)
        cats.append(fm)
        nots.append(U & ~wc)
        lab1.append(e)
        lab2.append(f)
    off = np.zeros(len(cats) + 1, np.int64)
    for k, c in enumerate(cats):
        off[k + 1] = off[k] + c.shape[0]
    cat, cnot = np.ascontiguousarray(np.vstack(cats)), np.ascontiguousarray(np.array(nots))
    gb, gk = _swaps(s.west, dfd, p.north | p.south, np.array(lab1, np.int64), np.array(lab2, np.int64), U.shape[0],
                    s.nwords)
    return U, cat, off, cnot, s.wtab, s.nwords, gb, gk


def relaxation_optimum(U, cat, off, cnot, wtab, nwords) -> float:
    """The split relaxation solved whole by scipy's HiGHS: min sum_k t_k + the weight of the bits in no reply's
    worlds, over splits lam[b, k] >= 0 (summing to each bit's weight) with <lam_k, f> <= t_k for every row f."""
    from scipy import optimize as scipy_optimize
    from scipy.sparse import lil_matrix

    m, use = U.shape[0], cnot.shape[0]
    wb = _bit_weights(wtab, m, nwords)
    on = lambda row, b: bool(int(row[b // 64]) >> (b % 64) & 1)  # noqa: E731
    bits = [b for b in range(64 * m) if on(U, b)]
    legal = {b: [k for k in range(use) if not on(cnot[k], b)] for b in bits}
    free = sum(wb[b] for b in bits if not legal[b])
    var = {(b, k): i for i, (b, k) in enumerate((b, k) for b in bits for k in legal[b])}
    nv = len(var) + use
    a_ub = lil_matrix((off[use], nv))
    for k in range(use):
        for j in range(off[k], off[k + 1]):
            for b in bits:
                if k in legal[b] and on(cat[j], b):
                    a_ub[j, var[(b, k)]] = 1.0
            a_ub[j, len(var) + k] = -1.0
    eqs = [b for b in bits if legal[b]]
    a_eq = lil_matrix((len(eqs), nv))
    for i, b in enumerate(eqs):
        for k in legal[b]:
            a_eq[i, var[(b, k)]] = 1.0
    c = np.zeros(nv)
    c[len(var):] = 1.0
    res = scipy_optimize.linprog(c, A_ub=a_ub.tocsr(), b_ub=np.zeros(off[use]), A_eq=a_eq.tocsr(),
                                 b_eq=[wb[b] for b in eqs], bounds=(0, None), method="highs")
    assert res.status == 0
    return float(res.fun + free)


@pytest.mark.parametrize("north,south,target,lead,value", [
    ("KJ93", "2", None, "N3", 0.273089244851), ("QT86", "A", None, "N6", 1.273089244851),
    ("QT86", "A", 2, "N6", 0.266969597908), ("KJ93", "2", 1, "N3", 0.266969597908)])
def test_split_bound_over_pairs_reduced_by_symmetry_is_the_relaxation_optimum(
        north: str, south: str, target: int | None, lead: str, value: float) -> None:
    """A flattened first play (20 to 30 pairs of replies, up to 2,900 (bit, reply) pairs): the bound reduced by
    the swaps of the defenders' equal spot cards equals HiGHS's optimum of the whole relaxation, which is the
    best line's value (computed by the full combination, see test_flattened_top_nodes_change_no_value)."""
    U, cat, off, cnot, wtab, nwords, gb, gk = pair_programme(north, south, target, lead)
    use = cnot.shape[0]
    assert gb.shape[0] >= 3 and (gk >= 0).all()
    bound, rounds, _ = _split_bound(U, cat, off, cnot, use, wtab, nwords, -1.0, gb, gk)
    assert rounds >= 1
    assert bound == pytest.approx(relaxation_optimum(U, cat, off, cnot, wtab, nwords), abs=1e-9)
    assert bound == pytest.approx(value, abs=1e-9)


@pytest.mark.parametrize("seed", range(20))
def test_quick_narrow_combination_returns_real_lines(seed: int) -> None:
    """Every row the quick narrow combination (``bridgeplay.engine.suit._narrow``) keeps is one combination of
    one row per reply, and with room for every combination it keeps the best one."""
    from bridgeplay.engine.suit import _narrow

    U, worlds, fronts, weights = instance(seed)
    u, cat, off, cnot = pack(U, worlds, fronts)
    wtab = weight_table(weights, 1)
    combos = set()
    for choice in itertools.product(*[[int(r[0]) for r in F] for F in fronts]):
        c = U
        for w, f in zip(worlds, choice):
            c &= f | (U & ~w)
        combos.add(c)
    for beam in (1, 4, 1000):
        rows = _narrow(u.reshape(1, 1).copy(), cat, off, cnot, len(fronts), wtab, 1, 0.0, beam)
        assert 0 < rows.shape[0] <= beam
        assert {int(r[0]) for r in rows} <= combos
    best = max(sum(weights[b] for b in range(20) if c >> b & 1) for c in combos)
    assert max(sum(weights[b] for b in range(20) if int(r[0]) >> b & 1) for r in rows) == pytest.approx(best)


@pytest.mark.parametrize("south", ["4", "3"])
def test_a_relaxation_that_is_not_tight_is_probed_below_its_bound(south: str) -> None:
    """KJ975/4 for expected tricks, lead of the 4: the bound (1.5012) is above the best line (1.4932), which is
    above the narrow line (1.4859); no row is worth the bound, and the probe a third of the way up finds the best
    line (its value: the full combination's, test_split_bound_changes_no_first_play_value).  The probes combine
only the rows a line worth their threshold can use under the bound's split (``_useful_rows``): 0.8M pairs in
all, 9.4M before.  KJ975/3, lead of the 3: the plain programme outgrows the simplex (1.611); the one reduced by
the swap of West's 4 and 2, which only the 3 led separates, bounds 1.5037 (10.8M pairs before, a full combination)."""
    from bridgeplay.kinds import from_dict

    p = from_dict({"kind": "suit", "north": "KJ975", "south": south, "objective": "tricks"}, "<t>")
    worlds = suit_worlds(p.outstanding)
    search = SuitSearch(p.north, p.south, p.outstanding, worlds.west)
    search.start(p.north, p.south, p.outstanding, LEAD_FREE, tuple(range(1, 6)), worlds.prob)
    move = search.first_move(p.north, p.south, p.outstanding, tuple(range(1, 6)), 2, int(south))
    assert move[3] == pytest.approx(1.493167701863354, abs=1e-12)
    assert search.stats[9] > 0
    assert search.stats[1] < 2_000_000
