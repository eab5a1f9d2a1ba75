"""The double-dummy engine's bounds and hints change its speed, never its values.

Each bound (quick tricks, sure trump tricks of a side, the opponents' sure tricks when they top
every suit of a leader who cannot ruff) and each ordering hint (the cut-off card cache) is checked
here against the same search without it, on seeded random endings where the trump bounds and
the slow-trick bound fire often; the 5x4 tables must also equal DDS's (tests/test_dd.py holds the
full deals).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_dd import dds_table, random_deal

from bridgeplay.engine.dd import ODEBUG, OST, _solve, _top_trump_run, new_tt, new_work

pytest.importorskip("endplay")

NO_BOUNDS = 2 | 8 | 16  # no lost-trick (slow) bound, no quick tricks, no trump bounds


def _table(hands: np.ndarray, flags: int, cut_log2: int = 16) -> tuple[list[list[int]], int]:
    A, tt = new_work(), new_tt(12, cut_log2=cut_log2)
    A[ODEBUG] = flags
    z = np.zeros(4, dtype=np.int64)
    out = np.zeros((5, 13), dtype=np.int64)
    _solve(A, tt, hands, 0, 0, z, z, 0, 2, out)
    return out[:5, :4].tolist(), int(A[OST])


@pytest.mark.parametrize("seed", [pytest.param(i, marks=pytest.mark.slow) if i >= 12 else i for i in range(80)])
def test_bounds_change_nodes_not_values(seed: int) -> None:
    rng = random.Random(40_000 + seed)
    deal = random_deal(rng, rng.choice([4, 5, 6, 7]))
    hands = deal.to_array()
    with_bounds, n_with = _table(hands, 0)
    without, n_without = _table(hands, NO_BOUNDS)
    assert with_bounds == without
    assert with_bounds == [[dds_table(deal)[k][x] for x in "NESW"] for k in ("S", "H", "D", "C", "NT")]
    assert n_with <= n_without  # the bounds cut (a smoke check that they fire at all)


def test_a_one_slot_cut_off_cache_still_gives_exact_tables() -> None:
    """Every context collides in a one-slot cache: wrong hints cost time only."""
    rng = random.Random(41_000)
    for _ in range(4):
        deal = random_deal(rng, 6)
        assert _table(deal.to_array(), 0, cut_log2=0)[0] == _table(deal.to_array(), 0)[0]


def test_side_top_trumps_count_both_hands_up_to_the_longer_holding() -> None:
    """North A, South KQ, East J, West T (spades, packed bits 4..0): North-South's top trumps are AKQ,
    South's two trumps are the longer holding, so two sure tricks; with North AKQ South x the
    run is three but South's one trump does not limit North's three."""
    A = new_work()

    def put(n: int, e: int, s: int, w: int) -> None:
        for x, m in enumerate((n, e, s, w)):
            A[4 * x] = m  # OH = 0: hand x, suit 0
        A[16] = bin(n | e | s | w).count("1")  # OC: cards of suit 0 in play
    put(0b10000, 0b00010, 0b01100, 0b00001)
    assert _top_trump_run(A, 0) == (0, 2)
    put(0b11100, 0b00010, 0b00001, 0b00000)
    assert _top_trump_run(A, 0) == (0, 3)
