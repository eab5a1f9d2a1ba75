"""The per-belief ABC reference for endings too large to walk in full: each viewer's values from DDS.

:mod:`tests.reference.abc_views_literal` states the ABC rules per player's belief and finds a viewer's values of
his cards by plain minimax over his view, which is exponential: endings of 4 cards a hand at most.  Here the
same walk (the same revisions, the same back-up over the real play, every child of A's nodes and of X searched,
no pruning) takes those values from DDS (through endplay), an engine written independently of bridgeplay's,
and keeps each node's value by its state.  So the ABC kernel, with its tables, bounds and engine calls, can be
checked on endings of 5-6 cards, where its table entries and its engine's answer other positions of the tree.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgeplay.cards import Card, Deal, Hand
from bridgeplay.deal.abcsearch import masks_of
from tests.reference.abc_views_literal import evaluate as _per_belief
from tests.reference.dds import dds_card_values


def dds_values(view, trick, leader, seat, kids, won, trump, a_side, payoff) -> dict[int, float]:
    """{card: the payoff of A's side's tricks after the card, every player seeing ``view``}, from DDS.

    ``view``: the cards still held (the current trick's excluded); ``trick``: (seat, card) from ``leader``;
    ``won``: A's side's tricks already taken.  DDS gives the mover's side's tricks from the position, the
    current trick included."""
    deal = Deal(tuple(Hand(masks_of(h)) for h in view))
    played = [Card(c >> 4, c & 15) for _, c in trick]
    got = dds_card_values(deal, ("S", "H", "D", "C", "NT")[trump], "NESW"[leader], played)
    left = (sum(bin(h).count("1") for h in view) + len(trick) + 3) // 4
    mine = (seat & 1) == a_side
    vals = {16 * c.suit + c.rank: payoff[won + (t if mine else left - t)] for c, t in got.items()}
    return {c: vals[c] for c in kids}


def evaluate(a_seat: int, declarer: int, trump: int, leader: int, trick: Sequence[tuple[int, int]],
             deals: Sequence[Sequence[int] | None], payoff: Sequence[float], m: int, revised: bool) -> float:
    """A's value ``a`` after A plays ``m`` (as :func:`tests.reference.abc_views_literal.evaluate`)."""
    return _per_belief(a_seat, declarer, trump, leader, trick, deals, payoff, m, revised,
                       view_values=dds_values, memo={})
