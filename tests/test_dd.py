"""bridgeplay's double-dummy engine against DDS (through endplay), on seeded random deals,
partly played tricks and endings.  Every expected number comes from DDS or a hand count.

The bulk is marked ``slow`` (run with ``pytest -m slow``); the unmarked sample is what CI runs.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from bridgeplay.cards import Card, CardError, Deal, Hand
from bridgeplay.deal import doubledummy as dd
from bridgeplay.engine.dd import dd_tricks, new_tt, new_work

endplay = pytest.importorskip("endplay")
from endplay.dds import calc_all_tables, calc_dd_table, solve_board  # noqa: E402
from endplay.types import Deal as EDeal  # noqa: E402

# the DDS oracle (test_dd_cli.py and test_dd_modes.py import these names from here)
from tests.reference.dds import SEATS, STRAINS, dds_card_values, to_endplay  # noqa: E402, F401

N_TABLES = 1000  # seeded deals compared table by table (all but the first N_TABLES_FAST are slow)
# the default suite's sample, the 100 the issue asks: the engine's CPU on the shared 2-core machine was
# 69-74 s for the first 100 after the third speed session (58-64 s for the first 70 before it); DDS's come
# in batches through calc_all_tables
N_TABLES_FAST = 100
DDS_BATCH = 20  # divides N_TABLES_FAST: the default suite asks DDS for no table it does not check
N_POSITIONS = 120  # seeded positions compared card by card
N_POSITIONS_FAST = 16


# ---- seeded deals and positions --------------------------------------------------------------
def random_deal(rng: random.Random, cards_each: int = 13) -> Deal:
    """A random deal (``cards_each`` < 13: a random ending, the cards drawn from the whole pack)."""
    pack = [(s, r) for s in range(4) for r in range(2, 15)]
    rng.shuffle(pack)
    arr = np.zeros((4, 4), dtype=np.uint16)
    for i, (s, r) in enumerate(pack[: 4 * cards_each]):
        arr[i % 4, s] |= 1 << r
    return Deal.from_array(arr)


def from_endplay(e: EDeal) -> Deal:
    """Our deal of the cards still held in an endplay Deal (cards on its table are not held, so
    the hands may differ in length by one mid-trick)."""
    text = e.to_pbn()
    first = "NESW".index(text[0])
    hands: list[Hand] = [Hand((0, 0, 0, 0))] * 4
    for i, part in enumerate(text[2:].split()):
        hands[(first + i) % 4] = Hand.from_pbn(part)
    return Deal(tuple(hands))  # type: ignore[arg-type]


def random_position(seed: int) -> tuple[Deal, str, str, list[Card]]:
    """A seeded position: a full deal or an ending, a strain, a leader, and 0..3 cards of the current
    trick already played (random legal cards, played by endplay's rules)."""
    rng = random.Random(10_000 + seed)
    cards_each = rng.choice([13, 13, 10, 8, 6, 5, 4, 3])
    deal = random_deal(rng, cards_each)
    strain = rng.choice(list(STRAINS))
    leader = rng.choice("NESW")
    e = to_endplay(deal, strain, leader)
    # full deals: play up to 11 tricks at random; endings: up to 3 cards of the first trick
    cards_to_play = rng.randrange(0, 45) if cards_each == 13 else rng.randrange(0, 4)
    for _ in range(cards_to_play):
        e.play(rng.choice(list(e.legal_moves())))
    played = [Card.parse(str(c)) for c in e.curtrick]
    return from_endplay(e), strain, "NESW"[int(e.first)], played


def dds_table(deal: Deal) -> dict[str, dict[str, int]]:
    """DDS's table.  For a k-card ending DDS counts the 13 - k tricks already gone as declarer's
    (every entry is 13 - k too high); they are taken off so the table counts the tricks left."""
    t = calc_dd_table(to_endplay(deal))
    gone = 13 - len(deal.hands[0])
    return {k: {s: t[den, pl] - gone for s, pl in SEATS.items()} for k, den in STRAINS.items()}



def _table_seeds() -> list:
    return [pytest.param(i, marks=pytest.mark.slow) if i >= N_TABLES_FAST else i for i in range(N_TABLES)]


def _position_seeds() -> list:
    return [pytest.param(i, marks=pytest.mark.slow) if i >= N_POSITIONS_FAST else i for i in range(N_POSITIONS)]


# ---- equality with DDS ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def dds_tables() -> dict[int, dict[str, dict[str, int]]]:
    """DDS's tables of the seeded deals, computed DDS_BATCH at a time as they are asked for."""
    return {}


@pytest.mark.parametrize("seed", _table_seeds())
def test_table_equals_dds(seed: int, dds_tables: dict) -> None:
    deal = random_deal(random.Random(seed))
    if seed not in dds_tables:
        batch = range(seed, min(seed - seed % DDS_BATCH + DDS_BATCH, N_TABLES))
        tables = calc_all_tables([to_endplay(random_deal(random.Random(i))) for i in batch])
        for i, t in zip(batch, tables):
            dds_tables[i] = {k: {x: t[den, pl] for x, pl in SEATS.items()} for k, den in STRAINS.items()}
    assert dd.dd_table(deal) == dds_tables[seed]


@pytest.mark.parametrize("seed", [pytest.param(i, marks=pytest.mark.slow) if i >= 4 else i for i in range(40)])
def test_ending_table_equals_dds(seed: int) -> None:
    rng = random.Random(5_000 + seed)
    deal = random_deal(rng, rng.choice([2, 3, 5, 7, 9, 11]))
    assert dd.dd_table(deal) == dds_table(deal)


def test_a_skipped_run_that_reaches_a_relevant_card_is_searched() -> None:
    """Deal 225 of `benchmarks/dd_vs_dds.py --deals 400 --seed 11`: with East on lead in hearts, DDS gives East-West 7
    tricks, and so does a search without the lowest-win skip (debug switch 1).  We gave them 6 (North's 7 in hearts
    instead of 6 in the table).  A card below every rank that mattered to its result failed, and the skip then passed
    over a whole run of a player's cards because the run's lowest card was below those ranks, though its top card was
    one of them.  The stored result claimed to hold whatever the clubs below the ace, six tricks from the end with
    West on lead; it does not (DDS on the 105 layouts of those clubs after West's club lead: North-South take their
    three tricks exactly when East holds the king).  A run is now skipped only when all of it is below those ranks."""
    deal = Deal.from_pbn("N:Q987.K652.96543. AKJ4.AJ9.T2.AKJ6 T532.Q843.AK7.87 6.T7.QJ8.QT95432")
    assert dd.tricks(deal, "H", "E") == 7 == max(v for _, v in solve_board(to_endplay(deal, "H", "E")))
    assert dd.dd_table(deal) == dds_table(deal)


@pytest.mark.parametrize("seed", _position_seeds())
def test_card_values_equal_dds_solve_board(seed: int) -> None:
    deal, strain, leader, played = random_position(seed)
    ours = dd.card_values(deal, strain, leader, played)
    assert ours == dds_card_values(deal, strain, leader, played)
    assert dd.tricks(deal, strain, leader, played) == max(ours.values())


def test_sample_covers_partly_played_tricks_and_endings() -> None:
    """The unmarked sample is not only opening leads of full deals."""
    positions = [random_position(i) for i in range(N_POSITIONS_FAST)]
    assert any(played for _, _, _, played in positions)
    assert any(len(deal.hands[0]) < 13 for deal, _, _, _ in positions)
    everything = [random_position(i) for i in range(N_POSITIONS)]
    assert sum(1 for *_, p in everything if p) >= 30
    assert sum(1 for d, *_ in everything if len(d.hands[0]) < 13) >= 30


def test_played_cards_may_still_be_in_the_hands() -> None:
    """The same position given with the table cards still in the hands or already taken out."""
    deal = random_deal(random.Random(77))
    e = to_endplay(deal, "H", "E")
    for _ in range(6):  # one whole trick and two cards of the next
        e.play(next(iter(e.legal_moves())))
    played = [Card.parse(str(c)) for c in e.curtrick]
    leader = "NESW"[int(e.first)]
    held = from_endplay(e)  # table cards taken out
    arr = held.to_array()
    for i, c in enumerate(played):
        arr[("NESW".index(leader) + i) % 4, c.suit] |= 1 << c.rank
    with_table = Deal.from_array(arr)  # table cards put back in the players' hands
    assert dd.card_values(held, "H", leader, played) == dd.card_values(with_table, "H", leader, played)
    assert dd.card_values(held, "H", leader, played) == dds_card_values(held, "H", leader, played)


# ---- soundness of the relevant-rank table, checked from inside (independent of DDS) -------------
@pytest.mark.parametrize("seed", [pytest.param(i, marks=pytest.mark.slow) if i >= 6 else i for i in range(60)])
def test_table_results_survive_exact_rechecks(seed: int) -> None:
    """Debug switches make the search re-check, by an exact search with exact table entries, every
    table cut-off and every result it stores -- the latter also with the cards below the relevant
    ones dealt afresh between the hands (a position the entry claims to answer)."""
    from bridgeplay.engine.dd import ODEBUG, _solve

    rng = random.Random(20_000 + seed)
    deal = random_deal(rng, rng.choice([5, 7, 8]))  # 7-8 cards: a broken run closure shows up
    A, tt = new_work(), new_tt(12)
    A[ODEBUG] = 64 | 256
    z = np.zeros(4, dtype=np.int64)
    out = np.zeros((5, 13), dtype=np.int64)
    _solve(A, tt, deal.to_array(), 0, 0, z, z, 0, 2, out)  # the whole table: 20 searches
    assert A[ODEBUG + 4] == 0, "a table cut-off contradicted by an exact search"
    assert A[ODEBUG + 5] == 0, "a stored result that fails for other small cards"
    theirs = dds_table(deal)
    assert out[:5, :4].tolist() == [[theirs[k][x] for x in "NESW"] for k in ("S", "H", "D", "C", "NT")]


def _strain_rechecks(deal: Deal, strain: int, tricks: int) -> tuple[int, list[int]]:
    """(failing stored results, the strain's row) of one strain of a table solved as a table's thread solves it
    (mode 7, from an empty table), each result stored at most ``tricks`` tricks from the end re-checked exactly
    on three deals of the cards below its relevant ones (debug switch 256 with ``ODEBUG + 7``)."""
    from bridgeplay.engine.dd import ODEBUG, _solve

    A, tt = new_work(), new_tt()
    A[ODEBUG] = 256
    A[ODEBUG + 7] = tricks
    z = np.zeros(4, dtype=np.int64)
    out = np.zeros((5, 13), dtype=np.int64)
    _solve(A, tt, deal.to_array(), strain, 0, z, z, 0, 7, out)
    return int(A[ODEBUG + 5]), out[strain, :4].tolist()


def test_whole_deal_rechecks_of_the_last_six_tricks() -> None:
    """The re-checks limited to results stored six or fewer tricks from the end make whole deals checkable (about
    a second a strain): the deal of the test above, in hearts, where the previous engine (c70bffe's parent) stored
    results that fail (one to three in four runs: the re-checks deal the small cards at random), as well as
    giving the wrong row.  A sound engine fails none, whatever the deals of the small cards."""
    deal = Deal.from_pbn("N:Q987.K652.96543. AKJ4.AJ9.T2.AKJ6 T532.Q843.AK7.87 6.T7.QJ8.QT95432")
    assert _strain_rechecks(deal, 1, 6) == (0, [6, 6, 6, 6])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_table_that_fills_mid_search_harvests_and_the_answers_stay_dds(seed: int) -> None:
    """A full table drops its patterns nearest the end of the hand, those out of use first (a harvest), and the
    search goes on: with 2**12 heads and blocks these deals' tables harvest 39 and 36 times, never emptying whole,
    and must still equal DDS's, in fewer nodes than when a full table was emptied (2,035,381 and 2,872,851) or
    harvested by tricks left alone (980,475 and 1,782,776; with the patterns in use raised, 958,765 and 1,354,974);
    with 2**8 heads and 2**14 blocks the heads' probe runs fill first (thousands of harvests, and a few emptyings
    where a run holds no pattern a harvest drops).  The default table holds an ordinary deal's whole table without
    filling."""
    from bridgeplay.engine.dd import (
        DEFAULT_TT_BLOCKS_LOG2,
        DEFAULT_TT_LOG2,
        OST,
        TT_BLOCKS,
        TT_HARVESTS,
        TT_HEADS_LOG2,
        TT_RESETS,
        _solve,
    )

    deal = random_deal(random.Random(50_000 + seed))
    z = np.zeros(4, dtype=np.int64)
    theirs = dds_table(deal)
    want = [[theirs[k][x] for x in "NESW"] for k in ("S", "H", "D", "C", "NT")]
    for tt, full in ((new_tt(12), True), (new_tt(8, 1 << 14), True), (new_tt(), False)):
        A, out = new_work(), np.zeros((5, 13), dtype=np.int64)
        _solve(A, tt, deal.to_array(), 0, 0, z, z, 0, 2, out)  # the whole table: 20 searches, one table
        assert out[:5, :4].tolist() == want
        assert (tt[TT_HARVESTS] > 0) == full, f"harvested {tt[TT_HARVESTS]} times"
        if tt[TT_HEADS_LOG2] != 8:
            assert tt[TT_RESETS] == 0, f"emptied {tt[TT_RESETS]} times"
        if tt[TT_HEADS_LOG2] == 12:
            assert A[OST] < (980_475, 1_782_776)[seed - 1]
    default = new_tt()
    assert (default[TT_HEADS_LOG2], default[TT_BLOCKS]) == (DEFAULT_TT_LOG2, 1 << DEFAULT_TT_BLOCKS_LOG2)
    assert new_tt(12)[TT_BLOCKS] == 1 << 12  # heads alone: as many blocks as heads


@pytest.mark.slow
@pytest.mark.parametrize("fresh", [0, 6, 14])
@pytest.mark.parametrize("seed", range(6))
def test_tables_that_harvest_thousands_of_times_stay_dds(seed: int, fresh: int) -> None:
    """The harvest's bookkeeping (heads moved back into the holes, the free list, the use flags) under pressure: a
    whole table solved into 2**10 heads and blocks harvests hundreds to thousands of times (and may empty when a
    probe run stays full), and must still equal DDS's, at every ``TT_FRESH`` (the test above checks two deals at
    2**12; ``python benchmarks/dd_recheck.py --heads 10 --no-rechecks`` hunts on more).  Each harvest must make
    room (in 300 such tables the table emptied whole at most once in 130 harvests), and at the end every block taken
    from the pool is in one pattern's chain or on the free list, once."""
    from bridgeplay.engine.dd import TT_BLOCKS_USED, TT_FRESH, TT_HARVESTS, TT_RESETS, _solve

    deal = random_deal(random.Random(51_000 + seed))
    z = np.zeros(4, dtype=np.int64)
    theirs = dds_table(deal)
    tt = new_tt(10)
    tt[TT_FRESH] = fresh
    A, out = new_work(), np.zeros((5, 13), dtype=np.int64)
    _solve(A, tt, deal.to_array(), 0, 0, z, z, 0, 2, out)
    assert out[:5, :4].tolist() == [[theirs[k][x] for x in "NESW"] for k in ("S", "H", "D", "C", "NT")]
    harvests, emptied = tt[TT_HARVESTS], tt[TT_RESETS]
    assert harvests > 0 and emptied * 20 <= harvests, f"{harvests} harvests, {emptied} emptied"
    heads, free, _ = _table_layout(tt)
    assert heads
    chained = sum(len(c) for c in heads.values())
    assert chained + len(free) == tt[TT_BLOCKS_USED], "a block lost: in no chain and not free"


def _table_layout(tt: np.ndarray) -> tuple[dict[int, list[int]], list[int], set[int]]:
    """A table's live patterns (key -> its blocks, in chain order), its free list and the patterns flagged in use
    since the last harvest, read in Python."""
    from bridgeplay.engine.dd import B_NEXT, BLOCK, HEAD, TT_FREE, TT_GEN, TT_HEAD, TT_HEADS_LOG2, USED

    nh = 1 << int(tt[TT_HEADS_LOG2])
    pool = TT_HEAD + HEAD * nh
    heads: dict[int, list[int]] = {}
    used: set[int] = set()
    seen: set[int] = set()  # every block is in one chain or on the free list, at most once

    def walk(blk: int) -> list[int]:
        chain = []
        while blk >= 0:
            assert blk not in seen, f"block {blk} in two chains (or a chain's cycle, or a chain and the free list)"
            seen.add(blk)
            chain.append(blk)
            blk = int(tt[pool + BLOCK * blk + B_NEXT])
        return chain

    for i in range(nh):
        hb = TT_HEAD + HEAD * i
        if int(tt[hb + 1]) & 0xFFFFFFFF != int(tt[TT_GEN]):
            continue
        if int(tt[hb + 1]) & int(USED):
            used.add(int(tt[hb]))
        assert int(tt[hb]) not in heads, "a pattern with two heads"
        heads[int(tt[hb])] = walk((int(tt[hb + 2]) & 0xFFFFFFFF) - 1)
    free = walk(int(tt[TT_FREE]) - 1)
    return heads, free, used


@pytest.mark.parametrize("fresh", [0, 14, 99])  # (99: clamped to 14)
@pytest.mark.parametrize("log2_heads, blocks", [(10, 1 << 10), (7, 1 << 12), (12, 1 << 9)])
def test_a_harvest_keeps_every_pattern_it_keeps_findable_and_loses_no_block(
    log2_heads: int, blocks: int, fresh: int
) -> None:
    """The harvest against a literal reading of the table before and after: the patterns it keeps are exactly those
    of the highest classes (tricks left, plus ``fresh`` for a pattern probed or stored since the last harvest; the
    last class it reaches in part), each with its own blocks in the same order and found where a probe looks (its
    head moved back into the holes, Knuth's algorithm R); the blocks of the patterns it drops, and only those, are
    on the free list; at least half the blocks in use are freed; every pattern kept leaves it out of use.  The table
    is filled by solving a deal's spades and no trumps, then harvested once more from Python."""
    from bridgeplay.engine.dd import TT_FRESH, TT_HARVESTS, _hash, _head_find, _solve, _tt_harvest

    deal = random_deal(random.Random(50_003))
    z = np.zeros(4, dtype=np.int64)
    tt = new_tt(log2_heads, blocks)
    tt[TT_FRESH] = fresh
    A, out = new_work(), np.zeros((5, 13), dtype=np.int64)
    for strain in (0, 4):
        _solve(A, tt, deal.to_array(), strain, 1, z, z, 0, 0, out)
    before, free0, in_use = _table_layout(tt)
    used = sum(len(c) for c in before.values())
    assert used > 0 and tt[TT_HARVESTS] > 0  # (the solves filled it already)
    assert in_use and set(before) - in_use  # (the search since the last harvest flagged some patterns, not all)
    harvests = int(tt[TT_HARVESTS])
    assert _tt_harvest(A, tt, False)
    after, free, in_use_after = _table_layout(tt)
    assert int(tt[TT_HARVESTS]) == harvests + 1
    assert not in_use_after, "a kept pattern still flagged in use"
    assert all(before[k] == chain for k, chain in after.items()), "a kept pattern lost or changed a block"
    dropped = set(before) - set(after)
    assert not set(after) - set(before)
    cls = {k: ((k >> 48) & 15) + (fresh if k in in_use else 0) for k in before}
    if dropped:
        assert max(cls[k] for k in dropped) <= min(cls[k] for k in after), "a pattern of a higher class was dropped"
    assert sorted(free) == sorted(free0 + [b for k in dropped for b in before[k]])
    assert len(set(free)) == len(free)
    assert sum(len(before[k]) for k in dropped) >= used // 2
    mask = (1 << log2_heads) - 1
    for k in after:
        slot = int(_head_find(tt, np.int64(k)))
        assert slot >= 0 and (slot - (int(_hash(np.int64(k))) & mask)) & mask < 16, f"pattern {k:#x} not found"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_whole_deal_tables_survive_rechecks_of_the_last_six_tricks(seed: int) -> None:
    deal = random_deal(random.Random(40_000 + seed))
    rows = []
    for strain in range(5):
        failing, row = _strain_rechecks(deal, strain, 6)
        assert failing == 0, f"strain {strain}: {failing} stored results fail for other small cards"
        rows.append(row)
    theirs = dds_table(deal)
    assert rows == [[theirs[k][x] for x in "NESW"] for k in ("S", "H", "D", "C", "NT")]


@pytest.mark.parametrize("threads", [1, 2, 5])
def test_table_a_strain_a_thread_equals_one_search_state(threads: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """dd_table solves its strains in threads (config.DD_TABLE_THREADS), each with its own search state and
    each strain from an empty table: the table must be the kernel's one-thread table (mode 2) and DDS's."""
    from bridgeplay import config
    from bridgeplay.engine.dd import _solve

    monkeypatch.setattr(config, "DD_TABLE_THREADS", threads)
    A, tt = new_work(), new_tt()
    z = np.zeros(4, dtype=np.int64)
    out = np.zeros((5, 13), dtype=np.int64)
    for seed in range(3):
        rng = random.Random(7_000 + seed)
        deal = random_deal(rng, rng.choice([6, 13]))
        _solve(A, tt, deal.to_array(), 0, 0, z, z, 0, 2, out)
        one = {k: {x: int(out[i, j]) for j, x in enumerate("NESW")} for i, k in enumerate(("S", "H", "D", "C", "NT"))}
        assert dd.dd_table(deal) == one == dds_table(deal)


def test_strain_order_puts_the_evenly_split_trump_suits_first() -> None:
    """The threads take the strains likely to search longest first: every strain once, a 7-6 trump split before
    no trumps, no trumps before a lopsided fit; suits split alike keep their order unless one holds a longer hand."""
    from bridgeplay.deal.doubledummy import _strain_order

    deal = Deal.from_pbn("N:AKQJT98.32.32.32 765.AKQJ.54.8765 432.T98.AKQJ.AKQ .7654.T9876.JT94")
    # spades: NS 10, EW 3 (a difference of 7); hearts NS 5, EW 8 (3, longest hand 4); diamonds NS 6, EW 7 (1);
    # clubs NS 5, EW 8 (3, longest hand 4: after hearts, in the usual order)
    order = _strain_order(deal.to_array())
    assert sorted(order) == [0, 1, 2, 3, 4]
    assert order == [2, 4, 1, 3, 0]
    # hearts and clubs both 5-8 with a longest hand of 5: the usual order
    deal = Deal.from_pbn("N:AKQJT98.32.32.32 765.AKQ.54.87654 432.T98.AKQJ.AKQ .J7654.T9876.JT9")
    assert _strain_order(deal.to_array()) == [2, 4, 1, 3, 0]
    # hearts 5-8 with East's five, clubs 5-8 with four at most: the longer single holding goes later
    deal = Deal.from_pbn("N:AKQJT98.32.32.32 765.AKQJ4.5.8765 432.T98.AKQJ.AKQ .765.T98764.JT94")
    assert _strain_order(deal.to_array()) == [2, 4, 3, 1, 0]


# ---- the kernel entry for repeated minimaxing ----------------------------------------------------
def test_kernel_entry_matches_the_api_and_dds() -> None:
    A, tt = new_work(), new_tt()
    for seed in range(4):
        deal, strain, leader, played = random_position(seed)
        hands, trump, lead, cards = dd.validate_position(deal, strain, leader, played)
        psuit = np.array([c.suit for c in cards] + [0], dtype=np.int64)
        prank = np.array([c.rank for c in cards] + [0], dtype=np.int64)
        n = dd_tricks(A, tt, hands, trump, lead, psuit, prank, len(cards))
        assert n == max(dds_card_values(deal, strain, leader, played).values())


# ---- the rules kernels of engine.deal against endplay's -------------------------------------------
def test_legal_suits_and_trick_winners_match_endplay() -> None:
    from bridgeplay.engine.deal import _legal_mask, _trick_winner

    rng = random.Random(31)
    for _ in range(30):
        deal = random_deal(rng, rng.choice([13, 6, 3]))
        strain = rng.choice(list(STRAINS))
        e = to_endplay(deal, strain, rng.choice("NESW"))
        for _ in range(4 * len(deal.hands[0])):
            held = from_endplay(e).to_array()
            player = (int(e.first) + len(e.curtrick)) % 4
            lead_suit = int(e.curtrick[0].suit) if len(e.curtrick) else -1
            legal = {int(c.suit) for c in e.legal_moves()}
            assert _legal_mask(held, player, lead_suit) == sum(1 << s for s in legal)
            first = int(e.first)
            trick = list(e.curtrick)
            card = rng.choice(list(e.legal_moves()))
            e.play(card)
            if len(trick) == 3:  # the trick is complete: endplay's next leader won it
                trick.append(card)
                suits = np.array([int(c.suit) for c in trick], dtype=np.int64)
                ranks = np.array([int(c.rank.value).bit_length() - 1 for c in trick], dtype=np.int64)
                trump = "SHDC".index(strain) if strain != "NT" else 4
                assert (first + _trick_winner(suits, ranks, 4, trump)) % 4 == int(e.first)


# ---- hand-counted positions (independent of DDS) ----------------------------------------------
def test_hand_counted_endings() -> None:
    # one card each: West leads the spade 3, North's ace wins
    one = "N:A... 2... 3... K..."
    assert dd.tricks(one, "NT", "W") == 0  # West's side (EW) takes nothing
    assert dd.tricks(one, "NT", "N") == 1
    # South ruffs East's club ace when spades are trumps
    ruff = "N:...2 ...A 2... ...3"
    assert dd.tricks(ruff, "S", "E") == 0
    assert dd.tricks(ruff, "NT", "E") == 1
    # a simple squeeze: South cashes the club ace and West, holding K5 of spades and the heart king
    # against North's AQ of spades and heart queen, must unguard one: North-South take all three
    squeeze = "N:AQ.Q.. ..765. 2.2..A K5.K.."
    assert dd.tricks(squeeze, "NT", "S") == 3
    # led by West, the squeeze is gone (South's club ace has no entry): West's heart king scores
    assert dd.tricks(squeeze, "NT", "W") == 1


def test_table_convention_is_declarer_tricks() -> None:
    # North-South hold every top card: 13 tricks for N or S as declarer in every strain, 0 for E/W
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    table = dd.dd_table(deal)
    assert table == dds_table(Deal.from_pbn(deal))
    assert table["NT"]["N"] == 13 and table["NT"]["E"] == 0


# ---- conversion to and from endplay ------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_endplay_conversion_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng, rng.choice([13, 7, 2]))
    e = to_endplay(deal)
    assert from_endplay(e) == deal
    for seat, hand in zip(SEATS.values(), deal.hands):
        theirs = {(int(c.suit), int(c.rank.value).bit_length() - 1) for c in e[seat]}
        assert theirs == {(c.suit, c.rank) for c in hand}


# ---- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal, strain, leader, played, error", [
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.87", "NT", "W", (), CardError),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.8765", "NT", "W", (), CardError),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9", "NT", "W", (), CardError),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.87Z", "NT", "W", (), CardError),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "X", "W", (), dd.DDError),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "NT", "Q", (), dd.DDError),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "NT", "W", ("SA",), dd.DDError),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "NT", "W", ("S2", "HJ"), dd.DDError),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "NT", "W",
     ("S2", "SA", "SJ", "S6"), dd.DDError),
])
def test_bad_input_raises_one_line_errors(deal: str, strain: str, leader: str, played: tuple, error: type) -> None:
    with pytest.raises(error) as info:
        dd.card_values(deal, strain, leader, played)
    assert "\n" not in str(info.value) and str(info.value)


@pytest.mark.parametrize("dtype", [np.uint16, np.int64])
def test_deal_array_input_of_either_dtype(dtype: type) -> None:
    """A deal given as an array (the module's uint16[4, 4], or int64) is solved as the Deal itself; a bit outside
    ranks 2..14 is refused."""
    deal = Deal.from_pbn("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876")
    arr = deal.to_array().astype(dtype)
    assert dd.tricks(arr, "NT", "W") == dd.tricks(deal, "NT", "W")
    assert dd.card_values(arr, "S", "N") == dd.card_values(deal, "S", "N")
    bad = arr.copy()
    bad[0, 0] |= 1
    with pytest.raises(CardError):
        dd.tricks(bad, "NT", "W")
    twice = arr.copy()
    twice[1, 0] |= 1 << 14  # North's spade ace in East's hand too, for his club queen: thirteen cards each
    twice[1, 3] ^= 1 << 12
    with pytest.raises(CardError, match="SA appears in two hands"):
        dd.tricks(twice, "NT", "W")
    with pytest.raises(CardError, match="SA appears in two hands"):
        dd.card_values(twice, "S", "N")
