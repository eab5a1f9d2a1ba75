"""The ABC game-tree search exactly as Otawa & Uehara state it (Step 2-2), slow and literal.

The tree is the union over the three deals: at a node, the children are every card the player to
move may play in *any* of the deals in which the path so far is possible.  Each node carries three
values ``a, b, c`` (None stands for the paper's ``*``); leaves take ``payoff(n, d)`` where the path
is possible in deal ``d``, else ``*``; ``max(*, x) = min(*, x) = x``.  Back-up:

* player(n) is A: ``a, b, c`` = max over the children;
* player(n) is B: ``b`` = type(n) over the children, ``a`` = type(n) over X (the children whose
  ``b`` is that best value), ``c`` = type(n) over the children; C: the mirror.

type(n) is max for A and A's partner, min for A's opponents; dummy's nodes are declarer's.  No
pruning, no engine, no shortcut: an independent statement of the rules for small endings.
"""

from __future__ import annotations

from collections.abc import Sequence

SUIT = 0xFFFF


def _legal(hand: int, led: int) -> list[int]:
    if led >= 0:
        m = hand & (SUIT << (16 * led))
        if m:
            hand = m
    return [c for c in range(64) if hand >> c & 1]


def _winner(trick, trump):
    seat, best = trick[0]
    for x, c in trick[1:]:
        if (c >> 4) == (best >> 4):
            if c > best:
                seat, best = x, c
        elif (c >> 4) == trump:
            seat, best = x, c
    return seat


def _opt(values, maximise):
    xs = [v for v in values if v is not None]
    if not xs:
        return None
    return max(xs) if maximise else min(xs)


def roles(a_seat: int, declarer: int) -> tuple[int, int, int]:
    """(dummy, B, C): B is declarer when A defends (C is A's partner); both defenders when A declares."""
    dummy = (declarer + 2) % 4
    others = [x for x in range(4) if x not in (a_seat, dummy)]
    if a_seat == declarer:
        return dummy, others[0], others[1]
    return dummy, declarer, next(x for x in others if x != declarer)


def evaluate(a_seat: int, declarer: int, trump: int, leader: int, trick: Sequence[tuple[int, int]],
             deals: Sequence[Sequence[int]], payoff: Sequence[float], m: int) -> tuple:
    """(a, b, c) at the child of the root where A (``a_seat``, to play) plays card ``m``.

    ``deals``: [da, db, dc], each four hands (ints, bit 16 * suit + rank) of the cards held now;
    ``payoff[t]``: A's side's score when it takes t tricks from now (current trick included).
    """
    dummy, b_seat, c_seat = roles(a_seat, declarer)
    role = {a_seat: 0, b_seat: 1, c_seat: 2}
    role[dummy] = role[declarer]
    a_side = a_seat & 1

    def node(hands, legal, trick, leader, won, left):
        # hands[k][seat]: deal k's cards held; legal[k]: the path is possible in deal k; left: cards to play
        if left == 0:
            return tuple(payoff[won] if legal[k] else None for k in range(3))
        seat = (leader + len(trick)) % 4
        led = (trick[0][1] >> 4) if trick else -1
        kids = set()
        for k in range(3):
            if legal[k]:
                kids.update(_legal(hands[k][seat], led))
        results = []
        for c in sorted(kids):
            nh = []
            nl = []
            for k in range(3):
                ok = legal[k] and c in _legal(hands[k][seat], led)
                h = list(hands[k])
                if ok:
                    h[seat] &= ~(1 << c)
                nh.append(h)
                nl.append(ok)
            t2 = list(trick) + [(seat, c)]
            if len(t2) == 4:
                w = _winner(t2, trump)
                results.append(node(nh, nl, [], w, won + (1 if (w & 1) == a_side else 0), left - 1))
            else:
                results.append(node(nh, nl, t2, leader, won, left - 1))
        r = role[seat]
        maximise = (seat if seat != dummy else declarer) & 1 == a_side
        if r == 0:
            return tuple(_opt([v[k] for v in results], True) for k in range(3))
        best = _opt([v[r] for v in results], maximise)
        xs = [v for v in results if v[r] == best]
        out = [None, None, None]
        out[r] = best
        out[0] = _opt([v[0] for v in xs], maximise)
        other = 3 - r
        out[other] = _opt([v[other] for v in results], maximise)
        return tuple(out)

    led = (trick[0][1] >> 4) if trick else -1
    hands = []
    legal = []
    for d in deals:
        ok = m in _legal(d[a_seat], led)
        h = list(d)
        if ok:
            h[a_seat] &= ~(1 << m)
        hands.append(h)
        legal.append(ok)
    left = sum(bin(h).count("1") for h in deals[0]) - 1
    t2 = list(trick) + [(a_seat, m)]
    if len(t2) == 4:
        w = _winner(t2, trump)
        return node(hands, legal, [], w, 1 if (w & 1) == a_side else 0, left)
    return node(hands, legal, t2, leader, 0, left)
