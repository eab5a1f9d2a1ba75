"""The fast exact solver returns exactly what the literal ESM (Fig. 4) returns.

The family: every way to deal a reduced suit of 5 cards (A K Q J T) between North, South
and the defenders with at least one declarer card and at most 4 outstanding cards (242
problems), each solved for expected tricks and for every target, with the real a-priori
odds of 13-card hands.  A larger 6-card family runs under the ``slow`` marker.
"""

from __future__ import annotations

import itertools
import os

import numpy as np
import pytest

from bridgeplay.cards import rank_char
from bridgeplay.suit.search import LEAD_FREE, LEAD_N, LEAD_S, SuitSearch
from bridgeplay.suit.worlds import suit_worlds

try:
    from tests.reference.esm_literal import count_strategies, esm_literal
except ImportError:  # pragma: no cover - when tests/ is the rootdir
    from reference.esm_literal import count_strategies, esm_literal


def family(suit_size: int, max_out: int = 4):
    ranks = list(range(14, 14 - suit_size, -1))
    for owners in itertools.product("NSO", repeat=suit_size):
        north = sum(1 << r for r, o in zip(ranks, owners) if o == "N")
        south = sum(1 << r for r, o in zip(ranks, owners) if o == "S")
        out = sum(1 << r for r, o in zip(ranks, owners) if o == "O")
        if (north or south) and 0 < owners.count("O") <= max_out:
            yield north, south, out


def ours(north: int, south: int, out: int, worlds, target: int | None, lead: str | None = None,
         split: int | None = None):
    search = SuitSearch(north, south, out, worlds.west)
    if split is not None:
        search.split_bound = split
    rmax = max(bin(north).count("1"), bin(south).count("1"))
    ths = (target,) if target is not None else tuple(range(1, rmax + 1))
    lead_code = {None: LEAD_FREE, "N": LEAD_N, "S": LEAD_S}[lead]
    # the root's whole front (no threshold pruning) gives the value ...
    root = search.boundary(north, south, out, search.all, lead_code, ths)
    value = float(search.values(root, worlds.prob).max())
    # ... and the solver's own path (lower-bound search, then threshold-pruned fronts) each first move's
    moves = {
        f"{'NESW'[seat]}:{rank_char(r)}": v
        for seat, r, _front, v, _i in search.first_moves(north, south, out, lead_code, ths, worlds.prob)
    }
    return value, moves


def check(north: int, south: int, out: int, target: int | None, lead: str | None = None) -> None:
    worlds = suit_worlds(out)
    ref_worlds = list(zip(worlds.west.tolist(), worlds.prob.tolist()))
    ref = esm_literal(north, south, out, ref_worlds, target, lead)
    value, moves = ours(north, south, out, worlds, target, lead)
    assert value == pytest.approx(float(ref.value), abs=1e-12)
    # every distinct first play of ours (declarer's equivalent cards merged) has the literal value
    for move, v in moves.items():
        assert v == pytest.approx(float(ref.moves[move]), abs=1e-12), move
    # and no literal first play is better than the best merged one
    assert max(float(v) for v in ref.moves.values()) == pytest.approx(max(moves.values()), abs=1e-12)
    if target is None and lead is None:
        # the split bound tried at every top node, however small (by default only at large ones)
        _, split_moves = ours(north, south, out, worlds, target, lead, split=1)
        assert split_moves == pytest.approx(moves, abs=1e-12)


FIVE = list(family(5))


def test_family_is_large_enough() -> None:
    assert len(FIVE) >= 200


@pytest.mark.parametrize("north,south,out", FIVE, ids=lambda v: f"{v:x}")
def test_equals_literal_esm_expected_tricks(north: int, south: int, out: int) -> None:
    check(north, south, out, None)


@pytest.mark.parametrize("north,south,out", FIVE, ids=lambda v: f"{v:x}")
def test_equals_literal_esm_every_target(north: int, south: int, out: int) -> None:
    rmax = max(bin(north).count("1"), bin(south).count("1"))
    for target in range(1, rmax + 1):
        check(north, south, out, target)


@pytest.mark.parametrize("north,south,out", FIVE[::7], ids=lambda v: f"{v:x}")
def test_equals_literal_esm_with_fixed_lead(north: int, south: int, out: int) -> None:
    for lead in ("N", "S"):
        if (north if lead == "N" else south):
            check(north, south, out, None, lead)


def test_equals_literal_esm_with_known_card_and_vacant_places() -> None:
    # A K opposite Q J with T 9 8 out; West known to hold the 9, vacant places 10/13.
    north, south = (1 << 14) | (1 << 13), (1 << 12) | (1 << 11)
    out = (1 << 10) | (1 << 9) | (1 << 8)
    worlds = suit_worlds(out, west_known=1 << 9, vacant_west=10)
    ref = esm_literal(north, south, out, list(zip(worlds.west.tolist(), worlds.prob.tolist())), None)
    value, _ = ours(north, south, out, worlds, None)
    assert value == pytest.approx(float(ref.value), abs=1e-12)


SIX = [p for p in family(6)]


@pytest.mark.slow
@pytest.mark.parametrize("north,south,out", SIX, ids=lambda v: f"{v:x}")
def test_equals_literal_esm_six_card_suit(north: int, south: int, out: int) -> None:
    worlds = suit_worlds(out)
    if count_strategies(north, south, out, list(zip(worlds.west.tolist(), worlds.prob.tolist()))) > 5000:
        pytest.skip("too many strategies for the literal ESM")
    check(north, south, out, None)


def test_worlds_match_numpy_types() -> None:
    w = suit_worlds((1 << 14) | (1 << 2))
    assert w.west.dtype == np.int64 and abs(w.prob.sum() - 1) < 1e-12


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("north,south", [("KJ972", "3"), ("Q5", "x"), ("AJ9", "xx"), ("K5", "T73")])
def test_tricks_max_table_equals_one_solve_per_target(north: str, south: str, threads: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``tricks: max`` solves its targets side by side on threads (and the ones no world can make
    double dummy in a moment): still equal to solving every target on its own."""
    from bridgeplay import config
    from bridgeplay.kinds import from_dict
    from bridgeplay.suit import exact as esm

    monkeypatch.setattr(config, "SUIT_THREADS", threads)
    assert esm.solve_threads() == min(threads, len(os.sched_getaffinity(0)))
    table = esm.solve(from_dict({"kind": "suit", "north": north, "south": south, "tricks": "max"}, "<t>")).table
    assert [row["tricks"] for row in table] == list(range(1, max(len(north), len(south)) + 1))
    assert any(row["probability"] == 0.0 for row in table)  # targets nothing makes are included
    for row in table:
        one = esm.solve(from_dict({"kind": "suit", "north": north, "south": south, "tricks": row["tricks"]}, "<t>"))
        assert row["probability"] == pytest.approx(one.probability, abs=1e-12)
        assert row["moves"] == [m.move for m in one.moves if m.probability >= one.probability - 1e-9]


@pytest.mark.parametrize("north,south,target", [("KJ972", "3", 2), ("AQ73", "T4", 2), ("AJ9", "xx", None)])
def test_first_plays_shared_out_to_threads_give_the_same_answer(north: str, south: str, target: int | None) -> None:
    """The first plays are dealt to two searches; solving them on one thread or two gives the same
    values, the same line (the same search finds it) and the same count of positions."""
    from bridgeplay import config
    from bridgeplay.kinds import from_dict
    from bridgeplay.suit.exact import SuitAnalysis

    d = {"kind": "suit", "north": north, "south": south}
    d.update({"tricks": target} if target else {"objective": "tricks"})
    p = from_dict(d, "<t>")
    one, two = (SuitAnalysis(p, target, threads=n) for n in (1, 2))
    assert len(one.searches) == len(two.searches) == config.SUIT_SEARCHES
    assert [m[:2] + (m[3],) for m in one.first_moves] == [m[:2] + (m[3],) for m in two.first_moves]
    assert one.strategy(20) == two.strategy(20)
    assert one.nodes == two.nodes
    # and each play's value is the one a single search gives it
    single = SuitSearch(p.north, p.south, p.outstanding, one.worlds.west)
    lead = LEAD_FREE
    ths = (target,) if target else tuple(range(1, p.max_tricks + 1))
    alone = {m[:2]: m[3] for m in single.first_moves(p.north, p.south, p.outstanding, lead, ths, one.worlds.prob)}
    for seat, r, _f, v, _i in one.first_moves:
        assert v == pytest.approx(alone[(seat, r)], abs=1e-12)


@pytest.mark.parametrize("north,south", [("AJ9", "xx"), ("K984", "A32"), ("AQ9x", "Jxx"), ("T76", "AJ3"),
                                         ("AKT9", "32")])
def test_expected_tricks_proved_by_levels_equals_the_full_combination(north: str, south: str) -> None:
    """A top node with levels (expected tricks) may prove its narrow line best level by level
    (``_level_bound``) instead of combining every row: the same value for every first play."""
    from bridgeplay.kinds import from_dict

    p = from_dict({"kind": "suit", "north": north, "south": south, "objective": "tricks"}, "<t>")
    worlds = suit_worlds(p.outstanding)
    ths = tuple(range(1, p.max_tricks + 1))
    values = []
    proved = 0
    for on in (1, 0):
        search = SuitSearch(p.north, p.south, p.outstanding, worlds.west)
        search.level_bound = on
        values.append([m[3] for m in search.first_moves(p.north, p.south, p.outstanding, LEAD_FREE, ths,
                                                         worlds.prob)])
        proved += int(search.stats[4]) if on else 0
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert proved > 0


def switched(north: str, south: str, target: int | None, switch: str,
             counters: list | None = None, **fixed: int) -> tuple[list[list[float]], list[int]]:
    """Every first play's value and the positions solved, with the search's ``switch`` on, then off
    (``counters``: the searches' counters, exact and lower-bound added up, are appended to it, on then off;
    ``fixed``: other switches set alike in both)."""
    from bridgeplay.kinds import from_dict

    p = from_dict({"kind": "suit", "north": north, "south": south, "objective": "tricks"}, "<t>")
    worlds = suit_worlds(p.outstanding)
    ths = (target,) if target else tuple(range(1, p.max_tricks + 1))
    values, nodes = [], []
    for on in (1, 0):
        search = SuitSearch(p.north, p.south, p.outstanding, worlds.west)
        for name, value in fixed.items():
            setattr(search, name, value)
        setattr(search, switch, on)
        values.append([m[3] for m in search.first_moves(p.north, p.south, p.outstanding, LEAD_FREE, ths,
                                                         worlds.prob)])
        nodes.append(search.nodes)
        if counters is not None:
            counters.append(search.stats + search.lb_stats)  # (the exact search's and the lower bound's)
    return values, nodes


# (AQ9x/Jxx for expected tricks was here; with positions inside a trick transposed as well, the bound no
# longer saves it positions: 34,802 with it against 34,152 without, the same time)
@pytest.mark.parametrize("north,south,target", [("KJ972", "3", None), ("KJ84", "7", 2), ("AQT2", "4", None),
                                                ("T76", "AJ3", 2), ("Q32", "J54", 1)])
def test_double_dummy_bounds_inside_the_search_change_no_value(north: str, south: str, target: int | None) -> None:
    """Dropping, at every trick boundary and after each first lead, the worlds declarer cannot make a
    level in even double dummy (``dd_bound``, ``play_x``) leaves every first play's value as it was,
    and the search solves fewer positions."""
    values, nodes = switched(north, south, target, "dd_bound")
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert nodes[0] < nodes[1]


@pytest.mark.parametrize("north,south", [("KJ84", "7"), ("AQT2", "4")])
def test_expected_tricks_of_every_first_play_is_the_sum_of_its_targets(north: str, south: str) -> None:
    """No line takes more expected tricks than the sum over targets of each target's best chance,
    and on these two combinations (8 outstanding cards, fronts large enough to be combined by parts
    with levels) each first play's best line is best for every target at once, so its expected
    tricks are exactly that sum: the multi-level search loses no row the single-level ones keep."""
    from bridgeplay.kinds import from_dict
    from bridgeplay.suit.exact import SuitAnalysis

    p = from_dict({"kind": "suit", "north": north, "south": south, "objective": "tricks"}, "<t>")
    expected = {m[:2]: m[3] for m in SuitAnalysis(p, None).first_moves}
    total = dict.fromkeys(expected, 0.0)
    for target in range(1, p.max_tricks + 1):
        for m in SuitAnalysis(p, target).first_moves:
            total[m[:2]] += m[3]
    for play, v in expected.items():
        assert v == pytest.approx(total[play], abs=1e-9), play


def split_family(suit_size: int, max_out: int):
    """Every problem of a family with each solve (expected tricks, every target) run with the split bound
    tried at every top node: its first-play values, and whether the bound proved a line there."""
    for north, south, out in family(suit_size, max_out):
        worlds = suit_worlds(out)
        rmax = max(bin(north).count("1"), bin(south).count("1"))
        for target in [None, *range(1, rmax + 1)]:
            ths = (target,) if target else tuple(range(1, rmax + 1))
            runs = []
            for split in (1, 0):
                search = SuitSearch(north, south, out, worlds.west)
                search.split_bound = split
                moves = search.first_moves(north, south, out, LEAD_FREE, ths, worlds.prob)
                runs.append(({f"{'NESW'[m[0]]}:{rank_char(m[1])}": m[3] for m in moves},
                             int(search.stats[5] + search.stats[6])))
            yield north, south, out, worlds, target, runs


def check_split_family(suit_size: int, max_out: int, least: int) -> None:
    used = 0
    for north, south, out, worlds, target, ((on, n_on), (off, n_off)) in split_family(suit_size, max_out):
        assert on == pytest.approx(off, abs=1e-12), (hex(north), hex(south), target)
        assert n_off == 0
        ref_worlds = list(zip(worlds.west.tolist(), worlds.prob.tolist()))
        if n_on and count_strategies(north, south, out, ref_worlds) <= 5000:
            used += 1
            ref = esm_literal(north, south, out, ref_worlds, target)
            for move, v in on.items():
                assert v == pytest.approx(float(ref.moves[move]), abs=1e-12), (hex(north), hex(south), target, move)
    assert used >= least


def test_split_bound_equals_literal_esm_where_it_proves_a_line() -> None:
    """A 7-card suit with up to 5 outstanding cards (2044 problems, each for expected tricks and every
    target): with the split bound tried at every top node the values are those of the full combination,
    and where the bound proved a line (16 solves) those of the literal ESM."""
    check_split_family(7, 5, 16)


@pytest.mark.slow
def test_split_bound_equals_literal_esm_where_it_proves_a_line_eight_cards() -> None:
    check_split_family(8, 6, 15)


@pytest.mark.parametrize("north,south,target", [("KJ972", "3", None), ("KJ84", "7", 2), ("AQ9x", "Jxx", None),
                                                ("QT86", "A", 2), ("T76", "AJ3", 2), ("K984", "A32", None)])
def test_positions_inside_a_trick_transposed_change_no_value(north: str, south: str, target: int | None) -> None:
    """Transposing positions inside a trick on their canonical form (only the card winning the trick so far
    counts among the cards on the table) leaves every first play's value as it was, and the search solves
    fewer positions (QT86/A for two tricks: East's five spot cards under the ace are one position)."""
    values, nodes = switched(north, south, target, "trick_canon")
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert nodes[0] < nodes[1]


@pytest.mark.parametrize("north,south,target", [("QT86", "A", 2), ("KJ93", "2", 1), ("KJ972", "3", 2),
                                                ("KJ84", "7", None), ("KJ93", "2", None), ("K972", "J", 1),
                                                ("QT86", "K", None)])
def test_flattened_top_nodes_change_no_value(north: str, south: str, target: int | None) -> None:
    """Solving a first play whose third hand has one card over pairs of defenders' cards (``flatten``) leaves
    every first play's value as it was; the pairs' split bound proves lines (never with the switch off)."""
    counters: list = []
    values, _ = switched(north, south, target, "flatten", counters)
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert counters[0][8] > 0
    assert counters[1][8] == 0 and counters[1][7] == 0


def _mask(cards: str) -> int:
    from bridgeplay.cards import parse_rank

    return sum(1 << parse_rank(c) for c in cards)


@pytest.mark.parametrize("hand,gaps,win,plays", [
    ("QT86", "KJ975432", 14, "6"),  # under partner's ace: only the lowest
    ("QT86", "KJ975432", 0, "QT86"),  # leading: every card
    ("QT86", "KJ975432", 11, "Q6"),  # above West's jack: the queen, or the lowest below it
    ("AKQ", "J", 10, "A"),  # equal cards (the highest stands for them) that cannot be beaten: one play
    ("K43", "AQJ", 12, "K4"),  # the 4 and the 3 are equal (the 4 stands for both); below the queen, the lowest
])
def test_follow_plays_keep_the_lowest_card_that_cannot_win(hand: str, gaps: str, win: int, plays: str) -> None:
    from bridgeplay.engine.rules import _follow_plays

    assert int(_follow_plays(_mask(hand), _mask(gaps), win)) == _mask(plays)


@pytest.mark.parametrize("north,south,target", [("QT86", "A", None), ("QT86", "A", 2), ("KJ972", "3", 2),
                                                ("AQT2", "4", None), ("K972", "J", 1), ("AJ92", "K3", None)])
def test_lowest_dead_card_changes_no_value(north: str, south: str, target: int | None) -> None:
    """Declarer following with only the lowest of the cards that cannot beat the trick's winning card
    (``low_dead``) leaves every first play's value as it was, and the search solves fewer positions (measured
    without the sure tricks inside a trick, ``sure_cut``, which cut AQT2/4's positions the rule saved)."""
    values, nodes = switched(north, south, target, "low_dead", sure_cut=0)
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert nodes[0] < nodes[1]


def test_lead_of_the_ace_opposite_qt86_is_flattened() -> None:
    """QT86 opposite A for expected tricks: under the ace North has one play (the 6), so the lead of the ace
    is solved over pairs of defenders' cards and proved there (without the rule, East's 35K-row combinations
    after West's 7 had to be formed: 3.6 s)."""
    from bridgeplay.kinds import from_dict

    p = from_dict({"kind": "suit", "north": "QT86", "south": "A", "objective": "tricks"}, "<t>")
    worlds = suit_worlds(p.outstanding)
    search = SuitSearch(p.north, p.south, p.outstanding, worlds.west)
    ths = tuple(range(1, p.max_tricks + 1))
    search.start(p.north, p.south, p.outstanding, LEAD_FREE, ths, worlds.prob)
    seat_s, ace = 2, 14
    _, _, _, value, _ = search.first_move(p.north, p.south, p.outstanding, ths, seat_s, ace)
    assert search.stats[8] >= 1 and search.stats[7] == 0  # proved flattened, never solved again
    assert search.stats[2] < 1_000_000  # no node combined millions of pairs
    assert value == pytest.approx(1.273089, abs=5e-7)


@pytest.mark.parametrize("north,south,target", [("AKxxx", "xx", None), ("AQ9x", "Jxx", 2), ("KJTx", "xxx", None),
                                                ("AKT9x", "xxxx", 3), ("QT86", "A", None)])
def test_a_play_winning_every_world_ends_the_node_and_changes_no_value(north: str, south: str,
                                                                        target: int | None) -> None:
    """At declarer's turn, a play whose front wins every relevant world at every level ends the node, the other
    plays unsearched (``full_cut``): every first play's value as it was, fewer positions, and the cut taken."""
    counters: list = []
    values, nodes = switched(north, south, target, "full_cut", counters)
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert nodes[0] < nodes[1]
    assert counters[0][13] > 0 and counters[1][13] == 0


@pytest.mark.parametrize("north,south,target", [("AKxxx", "xx", None), ("AKJxx", "xxx", 3), ("AQ9x", "Jxx", 2),
                                                ("KJTx", "xxx", None), ("AKT9x", "xxxx", 4), ("QT86", "A", None),
                                                ("AQ", "xx", 1)])
def test_positions_won_on_top_cards_change_no_value(north: str, south: str, target: int | None) -> None:
    """At a trick boundary, a position whose every live level declarer's top cards take in every world is won
    unsearched (``sure_cut``): every first play's value as it was, and fewer positions."""
    values, nodes = switched(north, south, target, "sure_cut")
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert nodes[0] < nodes[1]
