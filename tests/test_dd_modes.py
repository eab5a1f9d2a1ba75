"""The engine's entries for the ABC search against DDS: mode 4 (a value searched from any first guess inside
bounds known to hold), mode 5 (a value and which of some cards reach it, in one call, the card searched
first) and mode 3 (which cards reach some tricks), through both entries: ``solve`` and ``solve_within``
(the same modes compiled without reference counts, which the ABC kernel calls).

DDS's values of every card (through endplay's ``solve_board``) are the reference: mode 4 must give the
position's value whatever guess and whatever true bounds it is given, and mode 5 must give that value and
exactly the asked cards whose DDS value is the best one.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("endplay")

from test_dd import dds_card_values, random_position  # noqa: E402

from bridgeplay.deal.doubledummy import _played_arrays, validate_position  # noqa: E402
from bridgeplay.engine.dd import new_tt, new_work, solve, solve_within  # noqa: E402

N_POSITIONS = 40
SHARED_POSITIONS = 250  # positions in a row through one engine (a block of the shared-engine test)
N_SHARED_BLOCKS = 20  # the first in the default suite, the others slow


def _engine_position(seed: int):
    """The seeded position packed for the engine, DDS's card values, and a fresh engine (work, table, out)."""
    deal, strain, leader, played = random_position(seed)
    hands, trump, lead, cards = validate_position(deal, strain, leader, played)
    psuit, prank = _played_arrays(cards)
    values = dds_card_values(deal, strain, leader, played)  # tricks for the side to play, per card
    tl = sum(bin(int(hands[(lead + 3) % 4, s])).count("1") for s in range(4))
    ns_to_play = (lead + len(cards)) % 2 == 0
    best = max(values.values())
    ns = best if ns_to_play else tl - best
    engine = (new_work(), new_tt(12), np.zeros((3, 13), dtype=np.int64))
    return hands, trump, lead, psuit, prank, len(cards), values, tl, ns, ns_to_play, engine


@pytest.mark.parametrize("seed", range(N_POSITIONS))
def test_mode4_value_from_any_guess_inside_true_bounds(seed: int) -> None:
    hands, trump, lead, psuit, prank, nplayed, _, tl, ns, _, (work, tt, out) = _engine_position(seed)
    rng = random.Random(seed)
    for _ in range(6):
        lo = rng.randint(-1, ns)  # below 0 and above tl: no bound
        hi = rng.randint(ns, tl + 2)
        guess = rng.randint(-1, tl + 1)  # outside 0..tl: the engine's own guess
        for entry in (solve, solve_within):
            out[0, :3] = (guess, lo, hi)
            assert entry(work, tt, hands, trump, lead, psuit, prank, nplayed, 4, out) == ns, (entry, guess, lo, hi)


@pytest.mark.parametrize("seed", range(N_POSITIONS))
def test_mode5_value_and_the_asked_cards_that_reach_it(seed: int) -> None:
    hands, trump, lead, psuit, prank, nplayed, values, tl, ns, ns_to_play, (work, tt, out) = _engine_position(seed)
    rng = random.Random(seed)
    best = max(values.values())
    cards = list(values)
    for _ in range(6):
        asked = rng.sample(cards, rng.randint(1, len(cards)))
        mask = 0
        for c in asked:
            mask |= 1 << (16 * c.suit + c.rank)
        lo = rng.choice([-1, rng.randint(0, ns)])  # no bound, or a true one
        hi = rng.choice([tl + 1, rng.randint(ns, tl)])
        guess = rng.choice([ns, rng.randint(-1, tl + 1)])  # often the value, as in the ABC search
        reach = {c for c in asked if values[c] == best}
        for entry in (solve, solve_within):
            out[0, :4] = (guess, lo, hi, mask)
            assert entry(work, tt, hands, trump, lead, psuit, prank, nplayed, 5, out) == ns, (entry, guess, lo, hi)
            got = {c for c in asked if (int(out[0, 4]) >> (16 * c.suit + c.rank)) & 1}
            assert got == reach, (entry, ns_to_play, best, guess, lo, hi)
        need = rng.randint(0, tl)  # mode 3: which asked cards take at least ``need`` tricks for the side to play
        for entry in (solve, solve_within):
            out[0, :2] = (mask, need)
            got = entry(work, tt, hands, trump, lead, psuit, prank, nplayed, 3, out)
            assert {c for c in asked if (int(got) >> (16 * c.suit + c.rank)) & 1} == {
                c for c in asked if values[c] >= need}, (entry, need)


def test_solve_within_refuses_the_debugging_rechecks() -> None:
    """The re-checks are dd.solve's (its tests'); the entry without reference counts refuses them."""
    from bridgeplay.engine.dd import ODEBUG

    hands, trump, lead, psuit, prank, nplayed, *_, (work, tt, out) = _engine_position(0)
    work[ODEBUG] = 64
    out[0, :3] = (-1, -1, 99)
    with pytest.raises(ValueError, match="re-checks"):
        solve_within(work, tt, hands, trump, lead, psuit, prank, nplayed, 4, out)


def _shared_blocks() -> list:
    return [0] + [pytest.param(i, marks=pytest.mark.slow) for i in range(1, N_SHARED_BLOCKS)]


@pytest.mark.parametrize("block", _shared_blocks())
def test_one_engine_kept_across_positions_of_other_deals(block: int) -> None:
    """The ABC search keeps one engine (work array and table) across a whole decision: entries stored while
    solving one deal answer positions of other deals whose suit lengths and top cards they cover.  So modes 3,
    4 and 5 are asked here of SHARED_POSITIONS seeded positions in a row through one engine laid out as the ABC
    search's (its sizes and its mid-trick table, which keeps results of positions with cards on the table) and
    never emptied by hand, each answer against DDS's card values."""
    from bridgeplay.engine.abc import DD_MID_LOG2, DD_TT_BLOCKS_LOG2, DD_TT_LOG2

    tt = new_tt(DD_TT_LOG2, 1 << DD_TT_BLOCKS_LOG2, mid_log2=DD_MID_LOG2)
    work, out = new_work(), np.zeros((3, 13), dtype=np.int64)
    for seed in range(300_000 + SHARED_POSITIONS * block, 300_000 + SHARED_POSITIONS * (block + 1)):
        deal, strain, leader, played = random_position(seed)
        hands, trump, lead, cards = validate_position(deal, strain, leader, played)
        psuit, prank = _played_arrays(cards)
        values = dds_card_values(deal, strain, leader, played)
        tl = sum(bin(int(hands[(lead + 3) % 4, s])).count("1") for s in range(4))
        best = max(values.values())
        ns = best if (lead + len(cards)) % 2 == 0 else tl - best
        rng = random.Random(seed)
        asked = rng.sample(list(values), rng.randint(1, len(values)))
        mask = sum(1 << (16 * c.suit + c.rank) for c in asked)
        lo = rng.choice([-1, rng.randint(0, ns)])  # no bound, or a true one
        hi = rng.choice([tl + 1, rng.randint(ns, tl)])
        out[0, :3] = (rng.randint(-1, tl + 1), lo, hi)
        assert solve_within(work, tt, hands, trump, lead, psuit, prank, len(cards), 4, out) == ns, seed
        out[0, :4] = (rng.choice([ns, rng.randint(-1, tl + 1)]), lo, hi, mask)
        assert solve_within(work, tt, hands, trump, lead, psuit, prank, len(cards), 5, out) == ns, seed
        got = {c for c in asked if (int(out[0, 4]) >> (16 * c.suit + c.rank)) & 1}
        assert got == {c for c in asked if values[c] == best}, seed
        need = rng.randint(0, tl)
        out[0, :2] = (mask, need)
        got = solve_within(work, tt, hands, trump, lead, psuit, prank, len(cards), 3, out)
        assert {c for c in asked if (int(got) >> (16 * c.suit + c.rank)) & 1} == {
            c for c in asked if values[c] >= need}, (seed, need)
