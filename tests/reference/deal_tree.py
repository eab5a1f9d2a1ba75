"""The explicit game tree of a small bridge ending, for the tree solvers of :mod:`bridgeplay.games.tree`.

A deliberately plain, independent reference for the deal solvers: it is written from the rules of
card play alone and imports nothing from bridgeplay's deal code.  It builds Frank & Basin's
"flattened" tree of an ending -- a chance move over the layouts of the defenders' cards, then one
tree of public histories shared by every world -- as a ``kind: tree`` mapping:

* a MAX node for every North or South turn, one child per legal card (no card is merged with an
  equivalent one);
* a MIN node for every defender turn, one child per card the defender may play in at least one world
  of the node, restricted (``worlds:``) to the worlds where that card is legal (held, and of the suit
  led when he holds one);
* a leaf at the end of play: 1 in the worlds where North-South took at least ``target`` tricks, else 0.

Worlds: every way to give ``west_count`` of the defenders' cards to West (East holds the rest) that
respects the known cards, all equally likely.  Cards are ``(suit, rank)`` with suits S, H, D, C =
0..3 and ranks 2..14; seats N, E, S, W = 0..3; trump 4 = no trumps.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

Card = tuple[int, int]
SUITS = "SHDC"
RANKS = "23456789TJQKA"


def card_name(c: Card) -> str:
    return SUITS[c[0]] + RANKS[c[1] - 2]


def parse_cards(text: str) -> list[Card]:
    """``"SA HK D2"`` -> cards."""
    out = []
    for tok in text.split():
        out.append(("SHDC".index(tok[0].upper()), "23456789TJQKA".index(tok[1].upper()) + 2))
    return out


def _winner(trick: list[tuple[int, Card]], trump: int) -> int:
    seat, best = trick[0]
    for s, c in trick[1:]:
        if c[0] == best[0] and c[1] > best[1] or c[0] == trump and best[0] != trump:
            seat, best = s, c
    return seat


def _legal(hand: Iterable[Card], led: int | None) -> list[Card]:
    hand = sorted(hand, key=lambda c: (c[0], -c[1]))
    if led is not None and any(c[0] == led for c in hand):
        return [c for c in hand if c[0] == led]
    return hand


def worlds(outstanding: list[Card], west_count: int, west_known: Iterable[Card] = (),
           east_known: Iterable[Card] = ()) -> list[frozenset[Card]]:
    """Every West holding (a set of cards) of the given size that respects the known cards."""
    wk, ek = set(west_known), set(east_known)
    out = []
    for combo in itertools.combinations(sorted(outstanding), west_count):
        s = frozenset(combo)
        if wk <= s and not (ek & s):
            out.append(s)
    return out


def build(north: list[Card], south: list[Card], outstanding: list[Card], west_count: int, trump: int,
          leader: int, target: int, first: Card | None = None, west_known: Iterable[Card] = (),
          east_known: Iterable[Card] = ()) -> dict[str, Any]:
    """The ``kind: tree`` mapping; ``first`` forces declarer's first card (to value one first play)."""
    ws = worlds(outstanding, west_count, west_known, east_known)
    names = [f"w{i}" for i in range(len(ws))]
    nw = len(ws)
    dfd = frozenset(outstanding)

    def node(n: frozenset, s: frozenset, gone: frozenset, alive: tuple[int, ...], trick: list, lead: int,
             won: int, forced: Card | None) -> Any:
        tricks_left = len(n) + (1 if any(p == 0 for p, _ in trick) else 0)
        if tricks_left == 0:
            pay: list[Any] = [None] * nw
            for i in alive:
                pay[i] = 1 if won >= target else 0
            return pay
        seat = (lead + len(trick)) % 4
        led = trick[0][1][0] if trick else None

        def after(card: Card, who: int, n2: frozenset, s2: frozenset, gone2: frozenset, alive2: tuple[int, ...]):
            t2 = trick + [(who, card)]
            if len(t2) == 4:
                win = _winner(t2, trump)
                return node(n2, s2, gone2, alive2, [], win, won + (1 if win % 2 == 0 else 0), None)
            return node(n2, s2, gone2, alive2, t2, lead, won, None)

        if seat in (0, 2):
            hand = n if seat == 0 else s
            cards = _legal(hand, led)
            if forced is not None:
                cards = [forced]
            children = {}
            for c in cards:
                n2 = n - {c} if seat == 0 else n
                s2 = s - {c} if seat == 2 else s
                children[card_name(c)] = after(c, seat, n2, s2, gone, alive)
            return {"max": None, "children": children}
        # a defender: his hand in world i is (West's cards or the rest) minus the cards gone
        children = {}
        options: dict[Card, list[int]] = {}
        for i in alive:
            west = ws[i]
            held = (west if seat == 3 else dfd - west) - gone
            for c in _legal(held, led):
                options.setdefault(c, []).append(i)
        for c in sorted(options, key=lambda c: (c[0], -c[1])):
            sub = after(c, seat, n, s, gone | {c}, tuple(options[c]))
            children[card_name(c)] = {"payoff": sub, "worlds": [names[i] for i in options[c]]} \
                if isinstance(sub, list) else {**sub, "worlds": [names[i] for i in options[c]]}
        return {"min": None, "children": children}

    tree = node(frozenset(north), frozenset(south), frozenset(), tuple(range(nw)), [], leader, 0, first)
    return {"name": "deal ending", "kind": "tree", "worlds": names, "target": 1, "tree": tree}
