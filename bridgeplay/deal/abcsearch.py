"""The ABC game-tree search (Otawa & Uehara, "Model of bridge players who make mistakes", Step 2-2).

Three deals are searched together: ``da`` (player A's sampled deal), ``db`` and ``dc`` (deals the two
other non-dummy players B and C believe in, each holding that player's own hand of ``da``, dummy's
hand and the play so far).  At a node of the game tree each deal gives a value from A's side's point
of view: ``a(n)``, ``b(n)``, ``c(n)``, or ``*`` when the path to the node is impossible in that deal.
The paper's back-up rules:

* leaf: ``a = payoff(n, da)``, ``b = payoff(n, db)``, ``c = payoff(n, dc)`` (``*`` where undefined);
  ``max(*, x) = min(*, x) = x``;
* A's node (and dummy's when A declares): ``a, b, c`` = the max over the children;
* B's node (dummy's when B declares): ``b`` = type over the children, ``a`` = type over ``X``, the
  children reaching that best ``b``; ``c`` = type over the children; C's node is the mirror.  Type
  is max for A's side, min for the opponents.

This module computes the same ``a`` without building the union tree (the literal evaluator lives in
``tests/reference/abc_literal.py`` and the tests prove the two equal):

* along a path legal in ``db``, ``b(n)`` is plain minimax over ``db`` (every rule that touches ``b``
  is the node's type over all children): the double-dummy value of ``db``, from the engine's public
  ``solve`` (every legal card's value in one call).  On a path impossible in ``db`` every ``b`` is
  ``*`` and ``X`` is every child.  The same holds for ``c`` and ``dc``;
* ``a`` is only ever defined on paths legal in ``da``; B's (C's) hand is the same in ``da`` and ``db``
  (``dc``), so at B's node the children legal in ``db`` are exactly those legal in ``da``;
* ``a`` is searched with alpha-beta on A's side's tricks (the payoff is non-decreasing in them, so max
  and min commute with it) and a transposition table; ``X`` is computed on the payoff itself (ties in
  the payoff, such as "contract made", count as ties);
* where every view is either impossible or identical to ``da`` in the cards still held, ``a`` is the
  double-dummy value of ``da`` (one engine call);
* a player's cards that are equivalent in *each* of the three deals (same hand, no card of another
  hand between them) give isomorphic subtrees, so one of them stands for all: an exact reduction, the
  cards stay distinct in meaning.

Cards are ints ``16 * suit + rank`` (suits S, H, D, C = 0..3; seats N, E, S, W = 0..3); a hand is an
int with bit ``16 * suit + rank`` set per card; a deal is a tuple of four hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bridgeplay import config
from bridgeplay.engine.dd import new_tt, new_work
from bridgeplay.engine.dd import solve as dd_solve

SUIT_BITS = 0xFFFF
Hands = tuple[int, int, int, int]


def card_int(suit: int, rank: int) -> int:
    return 16 * suit + rank


def suit_mask(hand: int, s: int) -> int:
    return (hand >> (16 * s)) & SUIT_BITS


def hand_of(masks: Sequence[int]) -> int:
    """Four suit masks (S, H, D, C) as one int."""
    h = 0
    for s in range(4):
        h |= int(masks[s]) << (16 * s)
    return h


def masks_of(hand: int) -> tuple[int, int, int, int]:
    return (suit_mask(hand, 0), suit_mask(hand, 1), suit_mask(hand, 2), suit_mask(hand, 3))


def cards_in(hand: int) -> list[int]:
    out = []
    while hand:
        low = hand & -hand
        out.append(low.bit_length() - 1)
        hand ^= low
    return out


def legal_cards(hand: int, led: int) -> int:
    """The cards of ``hand`` a player may play (``led`` -1 when leading) as a hand int."""
    if led >= 0:
        m = hand & (SUIT_BITS << (16 * led))
        if m:
            return m
    return hand


def winner(trick: Sequence[tuple[int, int]], trump: int) -> int:
    """Seat winning a completed trick of (seat, card) in order from the leader."""
    seat, best = trick[0]
    for x, c in trick[1:]:
        if (c >> 4) == (best >> 4):
            if c > best:
                seat, best = x, c
        elif (c >> 4) == trump:
            seat, best = x, c
    return seat


def side(seat: int) -> int:
    return seat & 1


@dataclass(frozen=True)
class Roles:
    """Who is who: A decides at the root; B and C are the other non-dummy players."""

    a: int
    b: int
    c: int
    declarer: int
    dummy: int

    @classmethod
    def of(cls, a: int, declarer: int) -> Roles:
        dummy = (declarer + 2) % 4
        if a == dummy:
            raise ValueError("the player who decides is dummy: declarer decides for dummy")
        others = [x for x in range(4) if x not in (a, dummy)]
        if a == declarer:
            b, c = others  # both defenders; either is B
        else:
            b = declarer
            c = next(x for x in others if x != declarer)  # A's partner
        return cls(a, b, c, declarer, dummy)

    def owner(self, seat: int) -> int:
        """The player who chooses dummy's cards is declarer."""
        return self.declarer if seat == self.dummy else seat


class _Memo(dict):
    """A dict emptied when it holds more than :data:`config.ABC_MEMO_ENTRIES` entries."""

    def __setitem__(self, key: object, value: object) -> None:
        if len(self) >= config.ABC_MEMO_ENTRIES:
            self.clear()
        super().__setitem__(key, value)


class Engine:
    """The double-dummy engine's public kernels with one work array and table, and memos of its answers."""

    def __init__(self) -> None:
        self.work = new_work()
        self.tt = new_tt()
        self.out = np.zeros((3, 13), dtype=np.int64)
        self.psuit = np.zeros(4, dtype=np.int64)
        self.prank = np.zeros(4, dtype=np.int64)
        self.calls = 0
        self.values = _Memo()

    def _load(self, rem: Hands, trick: Sequence[tuple[int, int]]) -> np.ndarray:
        hands = np.zeros((4, 4), dtype=np.uint16)
        for x in range(4):
            h = rem[x]
            for s in range(4):
                hands[x, s] = (h >> (16 * s)) & SUIT_BITS
        for i, (_, c) in enumerate(trick):
            self.psuit[i] = c >> 4
            self.prank[i] = c & 15
        return hands

    def ns_tricks(self, rem: Hands, trump: int, leader: int, trick: Sequence[tuple[int, int]]) -> int:
        """North-South's tricks from the position (the current trick included)."""
        hands = self._load(rem, trick)
        self.calls += 1
        return int(dd_solve(self.work, self.tt, hands, trump, leader, self.psuit, self.prank, len(trick), 0,
                            self.out))

    def card_values(self, rem: Hands, trump: int, leader: int, trick: Sequence[tuple[int, int]]) -> dict[int, int]:
        """Tricks the side to play takes after each legal card (the current trick included)."""
        hands = self._load(rem, trick)
        self.calls += 1
        n = int(dd_solve(self.work, self.tt, hands, trump, leader, self.psuit, self.prank, len(trick), 1, self.out))
        return {16 * int(self.out[0, i]) + int(self.out[1, i]): int(self.out[2, i]) for i in range(n)}

    @property
    def nodes(self) -> int:
        from bridgeplay.engine.dd import OST

        return int(self.work[OST])


def _remove(rem: Hands, seat: int, c: int) -> Hands:
    lst = list(rem)
    lst[seat] &= ~(1 << c)
    return tuple(lst)  # type: ignore[return-value]


def still_legal(orig_rem: Hands, seat: int, c: int, led: int) -> bool:
    """Is playing ``c`` by ``seat`` legal in a deal whose held cards are ``orig_rem``?"""
    h = orig_rem[seat]
    if not (h >> c) & 1:
        return False
    return led < 0 or (c >> 4) == led or not (h & (SUIT_BITS << (16 * led)))


class ABCSearch:
    """``s(m, [da, db, dc])`` for one triple: A's value of the position after A plays ``m``.

    ``da``, ``db``, ``dc``: the cards each seat holds now in each deal (the current trick's cards
    excluded); ``trick``: the current trick so far, (seat, card) from ``leader``; ``payoff[t]``: the
    score for A's side when it takes ``t`` of the tricks from now (the current trick included).
    """

    def __init__(self, roles: Roles, trump: int, leader: int, trick: Sequence[tuple[int, int]],
                 da: Hands, db: Hands | None, dc: Hands | None, payoff: Sequence[float],
                 engine: Engine | None = None) -> None:
        self.r = roles
        self.trump = trump
        self.leader = leader
        self.trick = tuple(trick)
        self.da, self.db, self.dc = da, db, dc
        for d, who in ((db, roles.b), (dc, roles.c)):
            if d is not None and (d[who] != da[who] or d[roles.dummy] != da[roles.dummy]):
                raise ValueError("a view must hold its player's own hand and dummy's as in da")
        self.payoff = list(payoff)
        self.engine = engine or Engine()
        self.tt: dict[tuple, tuple[int, int]] = {}
        # every card's double-dummy value, per position of a deal (the key holds all four hands, so the memo is
        # shared by every search that uses this engine)
        self.memo_b = self.memo_c = self.memo_a = self.engine.values
        self.order = True
        self.nodes = 0
        self.aside = side(roles.a)

    # -- the public question --------------------------------------------------------------------------
    def score(self, m: int) -> float:
        """``s(m, [da, db, dc])``: a(n) at the child of the root reached by A's card ``m``."""
        return self.payoff[self.tricks(m)]

    def tricks(self, m: int) -> int:
        """A's side's tricks (from now) along the ABC line after ``m`` (payoff() of it is the score)."""
        a = self.r.a
        led = (self.trick[0][1] >> 4) if self.trick else -1
        if not still_legal(self.da, a, m, led):
            raise ValueError("the candidate card is not A's to play in da")
        lb = self.db is not None and still_legal(self.db, a, m, led)
        lc = self.dc is not None and still_legal(self.dc, a, m, led)
        if self.db is not None and not lb or self.dc is not None and not lc:
            raise ValueError("a view must agree with A's candidate card")
        return self._after(self.da, self.db if lb else None, self.dc if lc else None, self.trick, self.leader,
                           a, m, 0, -1, 14)

    # -- the search ---------------------------------------------------------------------------------
    def _after(self, ra: Hands, rb: Hands | None, rc: Hands | None, trick: tuple, leader: int, seat: int,
               c: int, won: int, alpha: int, beta: int) -> int:
        """Play ``c`` by ``seat`` everywhere, then search: A's side's tricks from the position before the card."""
        ra = _remove(ra, seat, c)
        rb = _remove(rb, seat, c) if rb is not None else None
        rc = _remove(rc, seat, c) if rc is not None else None
        trick = trick + ((seat, c),)
        if len(trick) == 4:
            w = winner(trick, self.trump)
            got = 1 if side(w) == self.aside else 0
            if ra[0] == 0 and ra[1] == 0 and ra[2] == 0 and ra[3] == 0:
                return got
            return got + self._node(ra, rb, rc, (), w, won + got, alpha - got, beta - got)
        return self._node(ra, rb, rc, trick, leader, won, alpha, beta)

    def _node(self, ra: Hands, rb: Hands | None, rc: Hands | None, trick: tuple, leader: int, won: int,
              alpha: int, beta: int) -> int:
        """A's side's tricks from this node (current trick included) in da, alpha-beta within (alpha, beta)."""
        self.nodes += 1
        key = (ra, trick, leader, rb is None, rc is None, won)  # X depends on won (payoff ties)
        lo, hi = self.tt.get(key, (0, 99))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        tl = (sum(bin(h).count("1") for h in ra) + len(trick) + 3) // 4
        if (rb is None or rb == ra) and (rc is None or rc == ra):
            v = self._dd(ra, trick, leader)
            self.tt[key] = (v, v)
            return v
        seat = (leader + len(trick)) % 4
        owner = self.r.owner(seat)
        led = (trick[0][1] >> 4) if trick else -1
        maximise = side(owner) == self.aside
        kids = legal_cards(ra[seat], led)
        reps = self._representatives(ra, rb, rc, trick, seat, kids)
        if owner != self.r.a:
            view = rb if owner == self.r.b else rc
            if view is not None:
                vals = (self.memo_b if owner == self.r.b else self.memo_c)
                vkey = (view, trick, leader)
                cv = vals.get(vkey)
                if cv is None:
                    cv = vals[vkey] = self.engine.card_values(view, self.trump, leader, trick)
                sc = {}
                for card in reps:
                    v = cv[card]
                    mine = v if side(seat) == self.aside else tl - v
                    sc[card] = self.payoff[won + mine]
                best = max(sc.values()) if maximise else min(sc.values())
                reps = [card for card in reps if sc[card] == best]
        if len(reps) > 1 and self.order:  # move ordering: da's double-dummy values, the side's best first
            akey = (ra, trick, leader)
            cva = self.memo_a.get(akey)
            if cva is None:
                cva = self.memo_a[akey] = self.engine.card_values(ra, self.trump, leader, trick)
            reps.sort(key=lambda card: -cva[card])  # side to play's tricks, most first
        a0, b0 = alpha, beta
        if maximise:
            best_v = -1
            for card in reps:
                nb = self._child(ra, rb, rc, trick, leader, seat, card, led, won, max(alpha, best_v), beta)
                if nb > best_v:
                    best_v = nb
                    if best_v >= beta:
                        break
        else:
            best_v = 99
            for card in reps:
                nb = self._child(ra, rb, rc, trick, leader, seat, card, led, won, alpha, min(beta, best_v))
                if nb < best_v:
                    best_v = nb
                    if best_v <= alpha:
                        break
        if best_v <= a0:
            self.tt[key] = (lo, min(hi, best_v))
        elif best_v >= b0:
            self.tt[key] = (max(lo, best_v), hi)
        else:
            self.tt[key] = (best_v, best_v)
        return best_v

    def _child(self, ra, rb, rc, trick, leader, seat, card, led, won, alpha, beta) -> int:
        nb = rb if rb is not None and still_legal(rb, seat, card, led) else None
        nc = rc if rc is not None and still_legal(rc, seat, card, led) else None
        return self._after(ra, nb, nc, trick, leader, seat, card, won, alpha, beta)

    def _dd(self, ra: Hands, trick: tuple, leader: int) -> int:
        ns = self.engine.ns_tricks(ra, self.trump, leader, trick)
        tl = (sum(bin(h).count("1") for h in ra) + len(trick) + 3) // 4
        return ns if self.aside == 0 else tl - ns

    def _representatives(self, ra, rb, rc, trick, seat, kids) -> list[int]:
        """One card per run of cards equivalent in every deal still possible (highest first)."""
        deals = [d for d in (ra, rb, rc) if d is not None]
        on_table = 0
        for _, c in trick:
            on_table |= 1 << c
        out: list[int] = []
        cards = cards_in(kids)[::-1]  # high to low
        prev = -1
        for c in cards:
            if prev >= 0 and (prev >> 4) == (c >> 4) and self._equivalent(deals, seat, c, prev, on_table):
                continue
            out.append(c)
            prev = c
        return out

    @staticmethod
    def _equivalent(deals, seat, low, high, on_table) -> bool:
        between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
        if between & on_table:
            return False
        for d in deals:
            if not (d[seat] >> low) & 1 or not (d[seat] >> high) & 1:
                return False
            held = d[0] | d[1] | d[2] | d[3]
            if between & held & ~d[seat]:
                return False
        return True


def abc_score(roles: Roles, trump: int, leader: int, trick: Sequence[tuple[int, int]], m: int,
              da: Hands, db: Hands | None, dc: Hands | None, payoff: Sequence[float],
              engine: Engine | None = None) -> float:
    """``s(m, [da, db, dc])`` (see :class:`ABCSearch`)."""
    return ABCSearch(roles, trump, leader, trick, da, db, dc, payoff, engine).score(m)


def dd_score(roles: Roles, trump: int, leader: int, trick: Sequence[tuple[int, int]], m: int, d: Hands,
             payoff: Sequence[float], engine: Engine) -> float:
    """Monte Carlo's ``s(m, d)``: the payoff of the double-dummy result of ``m`` in ``d``."""
    return payoff[dd_tricks_after(roles, trump, leader, trick, m, d, engine)]


def dd_tricks_after(roles: Roles, trump: int, leader: int, trick: Sequence[tuple[int, int]], m: int, d: Hands,
                    engine: Engine) -> int:
    """A's side's double-dummy tricks (from now) after A plays ``m`` in ``d``."""
    a = roles.a
    d2 = _remove(d, a, m)
    t2 = tuple(trick) + ((a, m),)
    tl = (sum(bin(h).count("1") for h in d) + len(trick) + 3) // 4
    if len(t2) == 4:
        w = winner(t2, trump)
        got = 1 if side(w) == side(a) else 0
        if tl == 1:
            return got
        ns = engine.ns_tricks(d2, trump, w, ())
        return got + (ns if side(a) == 0 else tl - 1 - ns)
    ns = engine.ns_tricks(d2, trump, leader, t2)
    return ns if side(a) == 0 else tl - ns
