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

NO_BOUNDS = 2 | 8 | 16 | 128  # no lost-trick (slow) bound, no quick tricks, no trump bounds, no later tricks


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


def _long_suit_ending(rng: random.Random, tl: int) -> np.ndarray:
    """A random ending of ``tl`` cards a hand (int64 ``[seat, suit]`` masks) where a few suits hold most of the
    cards, so that long suits, voids and short opponents (what DDS's quick tricks count) are common."""
    pack = [(s, r) for s in range(4) for r in range(2, 15)]
    rng.shuffle(pack)
    w = [rng.random() ** 2 for _ in range(4)]
    pack.sort(key=lambda c: -w[c[0]] * rng.random())
    cards = pack[:4 * tl]
    rng.shuffle(cards)
    hands = np.zeros((4, 4), dtype=np.int64)
    for i, (s, r) in enumerate(cards):
        hands[i % 4, s] |= 1 << r
    return hands


def _packed(pbn: str, leader: int) -> np.ndarray:
    """The work array of a no-trump position (``pbn`` from North), packed as the search sees it."""
    from bridgeplay.cards import Deal
    from bridgeplay.engine.dd import _setup

    A = new_work()
    z = np.zeros(4, dtype=np.int64)
    _setup(A, Deal.from_pbn(pbn).to_array().astype(np.int64), 4, leader, z, z, 0)
    return A


def _dds_tricks(pbn: str, leader: int) -> int:
    from endplay.dds import solve_board
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    e = EDeal.from_pbn(pbn)
    e.trump = Denom.nt
    e.first = [Player.north, Player.east, Player.south, Player.west][leader]
    return max(v for _, v in solve_board(e))


@pytest.mark.parametrize("pbn", [
    "N:A9876... JT.AKQ.. KQ.432.. 54.JT9..",  # North cashes the A, leads low to the K-Q, overtakes the second
    "N:K7.432.. 54.AKQ.. AJ986... QT.JT9..",  # North's K, then low to the A: South's J-9-8 run
])
def test_dds_quick_tricks_count_the_length_behind_a_split_top(pbn: str) -> None:
    """The top two cards split between the hands, the opponents with two cards each and one hand with two:
    the longer hand's every card is a trick (DDS's quick tricks; ours count two here), and DDS agrees the
    position is worth five."""
    from bridgeplay.engine.dd import _dds_quick, _quick_tricks

    A = _packed(pbn, 0)
    assert _quick_tricks(A, 4, 0, 5, 5) < 0
    assert _dds_quick(A, 4, 0, 5, 5) == 5
    assert _dds_tricks(pbn, 0) == 5


def test_dds_quick_tricks_never_promise_more_than_dds_finds() -> None:
    """On seeded random no-trump endings (long suits likely), whenever DDS's quick tricks reach a count,
    DDS's own solver gives the leader's side at least that many: the bound is sound (and it fires)."""
    from bridgeplay.cards import Deal
    from bridgeplay.engine.dd import _dds_quick

    rng = random.Random(42_000)
    fired = 0
    for _ in range(300):
        tl = rng.randint(2, 8)
        arr = _long_suit_ending(rng, tl).astype(np.uint16)
        pbn = Deal.from_array(arr).pbn()
        leader = rng.randrange(4)
        A = _packed(pbn, leader)
        best = max((need for need in range(1, tl + 1) if _dds_quick(A, 4, leader, tl, need) >= need), default=0)
        if best:
            fired += 1
            assert _dds_tricks(pbn, leader) >= best, (pbn, leader, best)
    assert fired >= 100


def test_dds_quick_tricks_in_every_strain_never_promise_more_than_a_search_without_bounds() -> None:
    """Trump contracts too (trumps drawn first, side suits cashed only while no void opponent can ruff, a ruff
    in partner's hand): on seeded random endings in every strain, whenever DDS's quick tricks reach a count, the
    search with every bound switched off (an independent reference: DDS itself uses these quick tricks) gives
    the leader's side at least that many."""
    from bridgeplay.engine.dd import _dds_quick, _setup, clear_tt

    rng = random.Random(43_000)
    A, ref, tt = new_work(), new_work(), new_tt(14)
    ref[ODEBUG] = NO_BOUNDS
    z = np.zeros(4, dtype=np.int64)
    out = np.zeros((5, 13), dtype=np.int64)
    fired = 0
    for _ in range(400):
        tl = rng.randint(2, 7)
        hands = _long_suit_ending(rng, tl)
        leader, trump = rng.randrange(4), rng.randrange(5)
        _setup(A, hands, trump, leader, z, z, 0)
        if trump < 4 and not (hands[:, trump] != 0).any():
            trump = 4  # (no trumps left: the search plays it as no trumps)
        best = max((k for k in range(1, tl + 1) if _dds_quick(A, trump, leader, tl, k) >= k), default=0)
        if not best:
            continue
        fired += 1
        clear_tt(tt)
        ns = _solve(ref, tt, hands, trump, leader, z, z, 0, 0, out)
        assert (ns if leader % 2 == 0 else tl - ns) >= best, (hands.tolist(), trump, leader, best)
    assert fired >= 150


def test_a_count_after_drawing_trumps_keeps_the_top_trumps_relevant() -> None:
    """Seed 857 of the 1,000-table check (clubs, East on lead): a side suit only North-South hold counts its
    shorter holding once their top trumps have drawn the opponents'; that count rests on those top trumps, and
    when they were left out of the relevant cards, a table entry answered for positions where the opponents
    ruff (North-South 7 tricks for DDS's 8)."""
    from test_dd import random_deal as full_deal

    from bridgeplay.deal import doubledummy as dd

    deal = full_deal(random.Random(857))
    assert dd.dd_table(deal) == dds_table(deal)


def test_dds_quick_tricks_count_may_pass_the_tricks_so_the_search_claims_only_the_need() -> None:
    """North A-J-3-2 of diamonds, South K-Q and the ace of hearts, North on lead in no trumps with four tricks
    left: DDS's count reaches five (the king that crosses to South's ace counted as a diamond trick and as the
    entry), one more than there are tricks.  DDS reads the count only as reaching its cut-off or not; the search
    too claims no more than the tricks it needed, and its value is DDS's."""
    from bridgeplay.engine.dd import _dds_quick

    pbn = "N:..AJ32. .54.T9. .AT.KQ. .J8.87."
    A = _packed(pbn, 0)
    assert _dds_quick(A, 4, 0, 4, 4) == 5
    B, tt = new_work(), new_tt(12)
    z = np.zeros(4, dtype=np.int64)
    out = np.zeros((5, 13), dtype=np.int64)
    from bridgeplay.cards import Deal

    hands = Deal.from_pbn(pbn).to_array().astype(np.int64)
    assert _solve(B, tt, hands, 4, 0, z, z, 0, 0, out) == 4 == _dds_tricks(pbn, 0)


def _needs_every_trick_fails(hands: np.ndarray, leader: int, tl: int) -> bool:
    """DDS's LaterTricks in no trumps, written out plainly: the suits whose top card the leader's side holds, each
    counted at that side's longer holding, add up to fewer than the tricks left (and to more than none)."""
    total = 0
    for s in range(4):
        if not hands[:, s].any():
            continue
        top = max(range(4), key=lambda x: int(hands[x, s]).bit_length())
        if (top ^ leader) & 1 == 0:
            total += max(bin(int(hands[top, s])).count("1"), bin(int(hands[(top + 2) % 4, s])).count("1"))
    return 0 < total < tl


def test_a_side_that_needs_every_trick_fails_when_its_tops_lengths_fall_short() -> None:
    """The bound that a no-trump leader's side needing every trick fails when the suits it tops, each at its longer
    holding, do not add up to the tricks left (DDS's LaterTricks): on seeded random endings, whenever it applies the
    search with every bound off (an independent reference) gives that side fewer than all the tricks, and the
    search with the bound gives the reference's value, in fewer nodes than without it (ODEBUG 128: it fires)."""
    from bridgeplay.engine.dd import clear_tt

    rng = random.Random(44_000)
    A, off, ref, tt = new_work(), new_work(), new_work(), new_tt(14)
    ref[ODEBUG] = NO_BOUNDS
    off[ODEBUG] = 128
    z = np.zeros(4, dtype=np.int64)
    out = np.zeros((5, 13), dtype=np.int64)
    applies = 0
    for i in range(400):
        tl = rng.randint(2, 7)
        hands = _long_suit_ending(rng, tl) if i % 2 else random_deal(rng, tl).to_array().astype(np.int64)
        leader = rng.randrange(4)
        clear_tt(tt)
        ns = _solve(ref, tt, hands, 4, leader, z, z, 0, 0, out)
        if _needs_every_trick_fails(hands, leader, tl):
            applies += 1
            assert (ns if leader % 2 == 0 else tl - ns) < tl, (hands.tolist(), leader)
        for W in (A, off):
            clear_tt(tt, cuts=True)
            assert _solve(W, tt, hands, 4, leader, z, z, 0, 0, out) == ns, (hands.tolist(), leader)
    assert applies >= 100
    assert A[OST] < off[OST]
