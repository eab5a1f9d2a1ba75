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

Along a path legal in ``db``, ``b(n)`` is plain minimax over ``db``: its double-dummy value.  So B
chooses X by the double-dummy values of his cards in the deal he believes in, and where the path
becomes impossible in ``db`` every later ``b`` is ``*`` and X is every child: B then plays as if he
saw the cards.  Played to the end of the hand that happens at once (the last tricks show every card),
so ``views: fixed`` -- the rules as written -- rarely misleads anyone in a full deal.
``views: revised`` (the default) keeps the belief: a card seen in the hand the view did not give it to
is exchanged for the player's nearest card of the suit in the view, and only a change of suit
lengths kills the view.  The kernel, with both modes, is :mod:`bridgeplay.engine.abc`; the literal
statements are ``tests/reference/abc_literal.py`` (the paper's union tree) and
``tests/reference/abc_views_literal.py`` (per belief, both modes), and the tests prove the kernel equal
to them.

Cards are ints ``16 * suit + rank`` (suits S, H, D, C = 0..3; seats N, E, S, W = 0..3); a hand is an
int with bit ``16 * suit + rank`` set per card; a deal is a tuple of four hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bridgeplay.engine.abc import VIEWS_FIXED, VIEWS_REVISED, ABCKernel, abc_tricks
from bridgeplay.engine.dd import new_tt, new_work
from bridgeplay.engine.dd import solve as dd_solve

SUIT_BITS = 0xFFFF
VIEWS = {"revised": VIEWS_REVISED, "fixed": VIEWS_FIXED}
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


class Engine:
    """The double-dummy engine's public kernels with one work array and table, and the ABC kernel's arrays."""

    def __init__(self) -> None:
        self.work = new_work()
        self.tt = new_tt()
        self.out = np.zeros((3, 13), dtype=np.int64)
        self.psuit = np.zeros(4, dtype=np.int64)
        self.prank = np.zeros(4, dtype=np.int64)
        self.calls = 0
        self._kernel: ABCKernel | None = None
        self._kernel_for: tuple | None = None

    def kernel(self, payoff: Sequence[float], views: str, roles: Roles, trump: int) -> ABCKernel:
        """The ABC kernel's arrays.  Its table's rows hold the hands, the views, the trick and the tricks won, not
        what a decision keeps fixed, so it is emptied when any of that changes: the payoff (X's ties), the views,
        who is who (``roles``) or the trumps: else one engine asked about a deal in another strain or with other
        roles could answer from the first's rows."""
        if self._kernel is None:
            self._kernel = ABCKernel()
        key = (tuple(payoff), views, roles, trump)
        if self._kernel_for != key:
            self._kernel.clear()
            self._kernel_for = key
        return self._kernel

    def abort(self) -> None:
        """Abandon the ABC search running on this engine (from another thread): it returns at its next node,
        and every later search on this engine is meaningless."""
        if self._kernel is None:
            self._kernel = ABCKernel()
        self._kernel.abort()

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
    excluded; a view None: none); ``trick``: the current trick so far, (seat, card) from ``leader``;
    ``payoff[t]``: the score for A's side when it takes ``t`` of the tricks from now (the current trick
    included); ``views``: ``revised`` or ``fixed`` (see :mod:`bridgeplay.engine.abc`).  The search is
    the numba kernel :func:`bridgeplay.engine.abc.abc_tricks`, on the engine's arrays (shared by every
    triple of a decision).
    """

    def __init__(self, roles: Roles, trump: int, leader: int, trick: Sequence[tuple[int, int]],
                 da: Hands, db: Hands | None, dc: Hands | None, payoff: Sequence[float],
                 engine: Engine | None = None, views: str = "revised") -> None:
        if views not in VIEWS:
            raise ValueError(f"unknown views {views!r} ({', '.join(VIEWS)})")
        self.r = roles
        self.trump = trump
        self.leader = leader
        self.trick = tuple(trick)
        self.da, self.db, self.dc = da, db, dc
        self.payoff = list(payoff)
        self.engine = engine or Engine()
        self.views = views
        self.nodes = 0

    def score(self, m: int) -> float:
        """``s(m, [da, db, dc])``: a(n) at the child of the root reached by A's card ``m``."""
        return self.payoff[self.tricks(m)]

    def tricks(self, m: int) -> int:
        """A's side's tricks (from now) along the ABC line after ``m`` (payoff() of it is the score)."""
        k = self.engine.kernel(self.payoff, self.views, self.r, self.trump)
        before = int(k.stats[0])
        r = self.r
        t = abc_tricks(k, r.a, r.b, r.c, r.declarer, self.trump, VIEWS[self.views], list(self.trick), self.leader,
                       m, self.da, self.db, self.dc, self.payoff)
        self.nodes = int(k.stats[0]) - before
        return t


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
