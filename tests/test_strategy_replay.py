"""The strategy the solver prints is a real line worth its chance: played card by card in every world
against every defence the tree allows, it takes the target (or the expected tricks) the solver reports.

The replay is independent of the search: it deals each world's cards, follows the tree's declarer
plays, tries every defender card the tree lists for that world (the defence takes the worst of them
for declarer), and counts the tricks from the cards.  Where the tree stops with the defenders still
holding cards it counts no more tricks (pessimistic: the solver stops there only when later play
cannot change the result), so a tree that did not achieve its value would fail here.
"""

from __future__ import annotations

import pytest

from bridgeplay.cards import N, S
from bridgeplay.kinds import from_dict
from bridgeplay.suit.exact import SuitAnalysis
from bridgeplay.suit.search import Decision


def _winner(table: list[tuple[int, int]]) -> int:
    seat, best = table[0]
    for s, r in table[1:]:
        if r > best:
            seat, best = s, r
    return seat


def replay(decisions: list[Decision], i: int, hands: list[int], table: list[tuple[int, int]], tricks: int) -> int:
    """The fewest tricks declarer takes in world ``i`` from here on the tree ``decisions``."""
    if not decisions:
        if not hands[1] | hands[3] and not table:
            return tricks + max(bin(hands[N]).count("1"), bin(hands[S]).count("1"))
        return tricks
    seat = decisions[0].seat
    if seat in (N, S):
        assert len(decisions) == 1, "declarer makes one play at a time"
        d = decisions[0]
        return _after(d, i, hands, table, tricks)
    outs = []
    for d in decisions:
        if not d.worlds >> i & 1:
            continue
        if d.rank > 0:
            assert hands[d.seat] >> d.rank & 1, "a defender plays a card it holds"
        elif d.rank == 0:
            assert not hands[d.seat], "a defender shows out only when void"
        outs.append(_after(d, i, hands, table, tricks) if not d.decided else tricks)
    assert outs, "the tree lists a defence for every world that reaches it"
    return min(outs)


def _after(d: Decision, i: int, hands: list[int], table: list[tuple[int, int]], tricks: int) -> int:
    if d.rank == -1:  # the defender on lead exits: declarer leads next
        return replay(d.children, i, hands, [], tricks)
    if d.rank > 0:
        assert hands[d.seat] >> d.rank & 1, "a card is played from the hand that holds it"
        hands = hands.copy()
        hands[d.seat] &= ~(1 << d.rank)
    else:
        assert not hands[d.seat], "a hand discards only when void"
    table = table + [(d.seat, d.rank)]
    if len(table) == 4:
        if _winner(table) in (N, S):
            tricks += 1
        table = []
    return replay(d.children, i, hands, table, tricks)


CASES = [
    ("AKQJ9", "xx", 5), ("QT86", "A", 2), ("KJ93", "2", 1), ("KJ972", "3", 2), ("AQ9x", "Jxx", None),
    ("KJ84", "7", None), ("AQT2", "4", None), ("K984", "A32", 3), ("QT75", "92", 1),
]


@pytest.mark.parametrize("north,south,target", CASES)
def test_printed_strategy_achieves_the_reported_value(north: str, south: str, target: int | None) -> None:
    spec = {"kind": "suit", "north": north, "south": south}
    spec.update({"tricks": target} if target else {"objective": "tricks"})
    p = from_dict(spec, "<t>")
    an = SuitAnalysis(p, target)
    tree = an.strategy(99)
    total = 0.0
    for i in range(len(an.worlds)):
        hands = [p.north, an.worlds.east(i), p.south, int(an.worlds.west[i])]
        t = replay(tree, i, hands, [], 0)
        total += an.worlds.prob[i] * ((t >= target) if target else t)
    assert total == pytest.approx(an.value, abs=1e-12)
