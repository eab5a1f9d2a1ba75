"""The ABC search stated per player's belief, slow and literal: the reference for revised views.

Each of B and C holds a deal he believes in (his view).  Along the real play (the cards of ``da``):

* at a node of A (or of dummy when A declares) A plays the card that is best for A's side;
* at a node of B (dummy's when B declares) with a live view, B's candidates X are his cards whose
  value in his view -- the plain minimax, every player seeing the view's cards, of the payoff of A's
  side's tricks -- is the best for B; B then plays the card of X that is best for B in ``da`` (the
  paper's "type over X"); a dead view (``*``) makes X every card.  C: the mirror;
* a card played by a hand the viewer cannot see: if the view has the card there, it is removed; if the
  view has it in the other hand the viewer cannot see, ``revised`` views exchange it for the player's
  nearest card of the suit in the view (fewest cards still held between; the lower on a tie) and
  ``fixed`` views die; a card that needs a change of suit lengths (the player shows out, or holds no
  card of the suit in the view) kills the view in both modes.

No pruning, no engine, no equivalent cards, no table: every tree is walked in full (a caller may pass a
memo of nodes' values and another oracle for the views' values: ``abc_dds_views.py``).  With ``fixed``
views this is the paper's union-tree rule set (``abc_literal.py``); the tests check both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tests.reference.abc_literal import _winner, roles

SUIT = 0xFFFF


def _legal(hand: int, led: int) -> list[int]:
    if led >= 0 and hand & (SUIT << (16 * led)):
        hand &= SUIT << (16 * led)
    return [c for c in range(64) if hand >> c & 1]


def _minimax(hands, trick, leader, trump, a_side, won, payoff):
    """The payoff of A's side's tricks with every player seeing ``hands`` (plain minimax)."""
    if not any(hands) and not trick:
        return payoff[won]
    seat = (leader + len(trick)) % 4
    led = (trick[0][1] >> 4) if trick else -1
    vals = []
    for c in _legal(hands[seat], led):
        h = list(hands)
        h[seat] &= ~(1 << c)
        t2 = list(trick) + [(seat, c)]
        if len(t2) == 4:
            w = _winner(t2, trump)
            vals.append(_minimax(h, [], w, trump, a_side, won + ((w & 1) == a_side), payoff))
        else:
            vals.append(_minimax(h, t2, leader, trump, a_side, won, payoff))
    return max(vals) if (seat & 1) == a_side else min(vals)


def literal_values(view, trick, leader, seat, kids, won, trump, a_side, payoff):
    """{card: value in ``view``} for the mover's ``kids``: each card played in the view, then plain minimax."""
    vals = {}
    for c in kids:
        v = list(view)
        v[seat] &= ~(1 << c)
        t2 = list(trick) + [(seat, c)]
        if len(t2) == 4:
            w = _winner(t2, trump)
            vals[c] = _minimax(v, [], w, trump, a_side, won + ((w & 1) == a_side), payoff)
        else:
            vals[c] = _minimax(v, t2, leader, trump, a_side, won, payoff)
    return vals


def _revise(view, seat, c, led, viewer, dummy, revised):
    """The view after ``seat`` plays ``c``, or None when it dies."""
    h = view[seat]
    if led >= 0 and (c >> 4) != led and h & (SUIT << (16 * led)):
        return None
    v = list(view)
    if h >> c & 1:
        v[seat] &= ~(1 << c)
        return tuple(v)
    if not revised:
        return None
    other = 6 - viewer - dummy - seat
    suit = c >> 4
    mine = [x for x in range(16) if h >> (16 * suit + x) & 1]
    if not v[other] >> c & 1 or not mine:
        return None
    held = [x for x in range(16) if (v[0] | v[1] | v[2] | v[3]) >> (16 * suit + x) & 1]
    r = c & 15
    best = min(mine, key=lambda x: (sum(1 for y in held if min(x, r) < y < max(x, r)), x))
    c2 = 16 * suit + best
    v[seat] &= ~(1 << c2)
    v[other] = (v[other] & ~(1 << c)) | (1 << c2)
    return tuple(v)


def evaluate(a_seat: int, declarer: int, trump: int, leader: int, trick: Sequence[tuple[int, int]],
             deals: Sequence[Sequence[int] | None], payoff: Sequence[float], m: int, revised: bool,
             view_values: Callable = literal_values, memo: dict | None = None) -> float:
    """A's value ``a`` after A (``a_seat``, to play) plays ``m``; ``deals`` = [da, db, dc] (None: no view).

    ``view_values`` gives a viewer's values of his cards in his view (:func:`literal_values`, or another
    independent oracle such as DDS for larger endings); ``memo``, a dict, keeps each node's value by its state
    (the same tree, walked once per distinct node)."""
    dummy, b_seat, c_seat = roles(a_seat, declarer)
    a_side = a_seat & 1
    viewer = {1: b_seat, 2: c_seat}

    def owner(seat):
        return declarer if seat == dummy else seat

    def play(state, seat, c, led):
        da, views = state
        nd = list(da)
        nd[seat] &= ~(1 << c)
        nv = []
        for k, v in ((1, views[0]), (2, views[1])):
            if v is None:
                nv.append(None)
            elif seat in (viewer[k], dummy):
                w = list(v)
                w[seat] &= ~(1 << c)
                nv.append(tuple(w))
            else:
                nv.append(_revise(v, seat, c, led, viewer[k], dummy, revised))
        return tuple(nd), nv

    def node(state, trick, leader, won):
        da, views = state
        if not any(da) and not trick:
            return payoff[won]
        if memo is not None:
            key = (da, tuple(views), tuple(trick), leader, won)
            if key not in memo:
                memo[key] = walk(state, trick, leader, won)
            return memo[key]
        return walk(state, trick, leader, won)

    def walk(state, trick, leader, won):
        da, views = state
        seat = (leader + len(trick)) % 4
        led = (trick[0][1] >> 4) if trick else -1
        who = owner(seat)
        maximise = (who & 1) == a_side
        kids = _legal(da[seat], led)
        role = 0 if who == a_seat else (1 if who == b_seat else 2)
        if role and views[role - 1] is not None:
            bval = view_values(views[role - 1], trick, leader, seat, kids, won, trump, a_side, payoff)
            best = max(bval.values()) if maximise else min(bval.values())
            kids = [c for c in kids if bval[c] == best]
        vals = []
        for c in kids:
            st = play(state, seat, c, led)
            t2 = list(trick) + [(seat, c)]
            if len(t2) == 4:
                w = _winner(t2, trump)
                vals.append(node(st, [], w, won + ((w & 1) == a_side)))
            else:
                vals.append(node(st, t2, leader, won))
        return max(vals) if maximise else min(vals)

    led = (trick[0][1] >> 4) if trick else -1
    da, db, dc = deals
    state = play((tuple(da), [None if db is None else tuple(db), None if dc is None else tuple(dc)]), a_seat, m, led)
    t2 = list(trick) + [(a_seat, m)]
    if len(t2) == 4:
        w = _winner(t2, trump)
        return node(state, [], w, 1 if (w & 1) == a_side else 0)
    return node(state, t2, leader, 0)
