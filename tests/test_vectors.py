"""The Pareto filter of payoff-vector fronts against a naive quadratic reference."""

from __future__ import annotations

import numpy as np
import pytest

from bridgeplay.engine.vectors import _pareto


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
