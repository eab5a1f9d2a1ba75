"""Double-dummy tricks per world (the bound the exact solver drops worlds with).

Checked against a plain minimax written here from the rules alone (every card of every hand
tried, no memo, no equivalent cards merged), on every deal of a six-card suit, and against the
exact solver itself on one world at a time (with one world, best defence is double dummy).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bridgeplay.engine.ddsuit import (
    LEAD_E,
    LEAD_FREE,
    LEAD_N,
    LEAD_S,
    LEAD_W,
    _dd_fill,
    _dd_memo,
    dd_after_leads,
    dd_tricks,
)
from bridgeplay.kinds import from_dict
from bridgeplay.suit.search import SuitSearch
from bridgeplay.suit.worlds import suit_worlds


def _cards(mask: int) -> list[int]:
    return [r for r in range(2, 15) if mask >> r & 1]


def brute(hands: list[int], lead: int, first: tuple[int, int] | None = None) -> int:
    """Declarer's (N, S = seats 0, 2) tricks with every card seen; hands indexed N, E, S, W.

    ``first``: (seat, rank) of declarer's first lead, made already (its trick counts).
    """

    def boundary(h: tuple[int, ...], lead: int) -> int:
        if not (h[1] | h[3]):
            return max(len(_cards(h[0])), len(_cards(h[2])))
        if not (h[0] | h[2]):
            return 0
        if lead in (3, 4):  # LEAD_W, LEAD_E: that defender leads a card or exits
            seat = 3 if lead == 3 else 1
            best = boundary(h, LEAD_FREE)
            for r in _cards(h[seat]):
                best = min(best, trick(h, seat, [r]))
            return best
        seats = [0, 2]
        if lead == LEAD_N and h[0]:
            seats = [0]
        if lead == LEAD_S and h[2]:
            seats = [2]
        return max(trick(h, seat, [r]) for seat in seats for r in _cards(h[seat]))

    def trick(h: tuple[int, ...], leader: int, table: list[int]) -> int:
        if len(table) == 1:
            h = tuple(x & ~(1 << table[0]) if i == leader else x for i, x in enumerate(h))
        if len(table) == 4:
            win = (leader + max(range(4), key=lambda i: table[i])) % 4
            if win in (0, 2):
                return 1 + boundary(h, LEAD_FREE)
            return boundary(h, 3 if win == 3 else 4)
        seat = (leader + len(table)) % 4
        plays = _cards(h[seat]) or [0]
        vals = []
        for r in plays:
            h2 = tuple(x & ~(1 << r) if i == seat and r else x for i, x in enumerate(h))
            vals.append(trick(h2, leader, table + [r]))
        return max(vals) if seat in (0, 2) else min(vals)

    if first is not None:
        return trick(tuple(hands), first[0], [first[1]])
    return boundary(tuple(hands), lead)


def deals(size: int):
    ranks = list(range(14, 14 - size, -1))
    for owners in itertools.product("NSO", repeat=size):
        north = sum(1 << r for r, o in zip(ranks, owners) if o == "N")
        south = sum(1 << r for r, o in zip(ranks, owners) if o == "S")
        out = sum(1 << r for r, o in zip(ranks, owners) if o == "O")
        if (north or south) and out:
            yield north, south, out


@pytest.mark.parametrize("lead", [LEAD_FREE, LEAD_N, LEAD_S])
def test_every_world_of_a_six_card_suit_matches_plain_minimax(lead: int) -> None:
    checked = 0
    for north, south, out in deals(6):
        worlds = suit_worlds(out)
        got = dd_tricks(north, south, out, worlds.west, lead)
        for i, w in enumerate(worlds.west.tolist()):
            want = brute([north, out & ~w, south, w], lead)
            assert got[i] == want, (bin(north), bin(south), bin(w), lead)
            checked += 1
    assert checked > 3000


def test_after_each_first_lead_every_world_of_a_six_card_suit_matches_plain_minimax() -> None:
    """The bound per first play (``SuitSearch.play_x``): tricks once declarer has led a given card."""
    checked = 0
    for north, south, out in deals(6):
        worlds = suit_worlds(out)
        leads = [(seat, r) for seat, hand in ((0, north), (2, south)) for r in _cards(hand)]
        got = dd_after_leads(north, south, out, worlds.west, leads)
        for k, lead in enumerate(leads):
            for i, w in enumerate(worlds.west.tolist()):
                assert got[k, i] == brute([north, out & ~w, south, w], LEAD_FREE, lead), (bin(north), lead)
                checked += 1
        # every lead allowed: the best of them is the double-dummy count from the root
        assert (got.max(axis=0) == dd_tricks(north, south, out, worlds.west)).all()
    assert checked > 10000


@pytest.mark.parametrize("lead", [LEAD_FREE, LEAD_W, LEAD_E])
def test_a_trick_boundary_s_table_holds_the_worlds_that_make_each_count(lead: int) -> None:
    """The table the exact search drops worlds with at a trick boundary: row t holds the worlds where
    declarer takes at least t tricks double dummy (a defender on lead, ``LEAD_W`` / ``LEAD_E``, leads or exits)."""
    checked = 0
    for north, south, out in deals(5):
        worlds = suit_worlds(out)
        memo = _dd_memo(4)  # (a small table: it must grow, and fill up, and the counts stay right)
        table = np.zeros((15, 1), np.uint64)
        every = (1 << len(worlds)) - 1
        # filled in two goes, as a search asks: the even worlds, then all (only the odd ones are new)
        memo = _dd_fill(table, north, south, out, lead, worlds.west, np.array([every & 0x5555555555555555], np.uint64),
                        memo)
        memo = _dd_fill(table, north, south, out, lead, worlds.west, np.array([every], np.uint64), memo)
        assert int(table[14, 0]) == every
        for i, w in enumerate(worlds.west.tolist()):
            want = brute([north, out & ~w, south, w], lead)
            for t in range(14):
                assert (int(table[t, 0]) >> i & 1) == (want >= t), (bin(north), bin(south), bin(w), t)
            checked += 1
    assert checked > 500


def test_after_a_lead_needs_a_declarer_s_card() -> None:
    with pytest.raises(ValueError):
        dd_after_leads(1 << 14, 0, 1 << 13, np.array([0]), [(1, 14)])


@pytest.mark.parametrize("north,south", [("KJ84", "7"), ("AQ73", "T4"), ("KJ972", "3"), ("AJ9", "x"), ("Q32", "J54")])
def test_bigger_suits_match_the_exact_solver_on_one_world(north: str, south: str) -> None:
    p = from_dict({"kind": "suit", "north": north, "south": south, "tricks": 1}, "<test>")
    worlds = suit_worlds(p.outstanding)
    got = dd_tricks(p.north, p.south, p.outstanding, worlds.west)
    rng = np.random.default_rng(7)
    for i in rng.choice(len(worlds), size=min(12, len(worlds)), replace=False).tolist():
        one = SuitSearch(p.north, p.south, p.outstanding, worlds.west[i:i + 1], np.array([1.0]))
        ths = tuple(range(1, p.max_tricks + 1))
        best = 0
        for seat in (0, 2):
            for r in one.lead_choices(p.north, p.south, p.outstanding, seat):
                for row in one.lead_front(p.north, p.south, p.outstanding, 1, ths, seat, r):
                    best = max(best, sum(bin(int(x)).count("1") for x in row))
        assert got[i] == best, (north, south, bin(int(worlds.west[i])))


def test_known_counts() -> None:
    # AKQJ9 opposite xx (T8765 4 missing): five tricks double dummy, as South's two leads finesse
    # twice against West's ten; East's ten with four guards behind North's 9 takes a trick (6 worlds)
    p = from_dict({"kind": "suit", "north": "AKQJ9", "south": "xx", "tricks": 5}, "<test>")
    worlds = suit_worlds(p.outstanding)
    dd = dd_tricks(p.north, p.south, p.outstanding, worlds.west)
    ten = 1 << 10
    for w, t in zip(worlds.west.tolist(), dd.tolist()):
        east = p.outstanding & ~w
        assert t == (4 if east & ten and bin(east).count("1") >= 5 else 5)
    assert sorted(dd.tolist()).count(4) == 6


def test_the_first_lead_must_be_declarer_s() -> None:
    with pytest.raises(ValueError):
        dd_tricks(1 << 14, 0, 1 << 13, np.array([0]), 3)


@pytest.mark.parametrize("north,south,sure", [("AK", "QJ", 2), ("A", "K", 1), ("A2", "K", 2), ("AK32", "Q54", 3),
                                              ("AKQJ", "", 4), ("KQ", "J2", 1), ("AKJ32", "Q4", 4),
                                              ("A5432", "KQ", 3), ("KJT", "432", 1), ("KJ2", "543", 0),
                                              ("QJT9", "2", 2), ("K", "Q2", 1), ("K", "Q", 0), ("KJ", "QT", 1)])
def test_sure_tricks_of_the_top_cards(north: str, south: str, sure: int) -> None:
    """The tricks the search takes for sure at a trick boundary (``engine.suit._sure_tricks``): declarer's cards
    above a rank, one hand's played first, the other following low while it can, less the defenders' cards above
    that rank; the best rank and order."""
    from bridgeplay.cards import parse_rank
    from bridgeplay.engine.suit import _sure_tricks

    n = sum(1 << parse_rank(c) for c in north)
    s = sum(1 << parse_rank(c) for c in south)
    out = sum(1 << r for r in range(2, 15)) & ~n & ~s
    assert _sure_tricks(n, s, out) == sure


@pytest.mark.parametrize("lead", [LEAD_FREE, LEAD_W, LEAD_E])
def test_sure_tricks_never_exceed_double_dummy(lead: int) -> None:
    """Whoever leads, declarer takes at least ``_sure_tricks`` in every world of every five-card suit (plain
    minimax): the cut that wins a position on them (``SuitSearch.sure_cut``) claims no trick a defence can stop."""
    from bridgeplay.engine.suit import _sure_tricks

    checked = tight = 0
    for north, south, out in deals(5):
        sure = _sure_tricks(north, south, out)
        for w in suit_worlds(out).west.tolist():
            want = brute([north, out & ~w, south, w], lead)
            assert sure <= want, (bin(north), bin(south), bin(w), lead)
            checked += 1
            tight += sure == want
    assert checked > 500 and tight > checked // 4


def test_sure_tricks_inside_a_trick_never_exceed_double_dummy() -> None:
    """After a defender's lead, declarer to play: ``_sure_in_trick`` (his lowest cards to this trick, then the sure
    tricks of the rest) is at most what plain minimax gives from there, in every world of every five-card suit."""
    from bridgeplay.engine.suit import _sure_in_trick

    checked = positive = 0
    for north, south, out in deals(5):
        for w in suit_worlds(out).west.tolist():
            for leader, hand in ((3, w), (1, out & ~w)):  # West leads (North next), East leads (South next)
                for r in range(2, 15):
                    if not hand >> r & 1:
                        continue
                    sure = _sure_in_trick(north, south, out & ~(1 << r), leader, 1)
                    want = brute([north, out & ~w, south, w], LEAD_FREE, (leader, r))
                    assert sure <= want, (bin(north), bin(south), bin(w), leader, r)
                    checked += 1
                    positive += sure > 0
    assert checked > 1000 and positive > checked // 10
