"""The public game tree of a single-suit problem, written independently of the exact solver's search.

Frank & Basin's best defence model (SEEDS.md): MAX (declarer) plays a pure strategy, one
choice at each of its information sets; MIN (the defence) knows the world and the
strategy and minimises the payoff in each world.  In single-suit play declarer sees
every card played, so a declarer information set is a *public position* together with
the set of worlds consistent with the cards seen so far.

:class:`SuitGame` is that tree under the rules of DESIGN.md (declarer leads from either hand
unless the problem fixes the first lead; a defender who wins a trick leads the suit or exits,
after which declarer leads again; a player out of the suit discards), with double-dummy values
per world (perfect information, a plain memoised minimax).  The heuristic solvers
(:mod:`~bridgeplay.suit.repeated`, :mod:`~bridgeplay.suit.vector`, :mod:`~bridgeplay.suit.tactics`)
search it, and :mod:`bridgeplay.suit.policy` plays any line on it against best defence.

A position is a tuple ``(north, south, dfd, won, lead, leader, table)``: declarer's and
the defenders' remaining cards (rank masks), tricks North-South have won, the lead code
at a trick boundary (``LEAD_FREE/N/S/W/E`` as in :mod:`bridgeplay.engine.suit`, or
``IN_TRICK``), the seat that led the current trick and the ``(seat, rank)`` pairs played
to it (rank 0 = a discard).  A move is ``(seat, rank)``; a defender's exit is rank -1.
World sets are Python-int bitsets over the problem's world indices.  Payoffs are 0/1
("made the target") or tricks (``objective: tricks``); target problems end as soon as the
outcome is decided.  Payoff vectors are ``int8`` arrays over all worlds with ``INF`` (127) in the
worlds that do not reach the node (so MIN's per-world minimum is a plain ``np.minimum``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from bridgeplay.cards import E, N, S, W, suit_move
from bridgeplay.engine.rules import representatives
from bridgeplay.engine.suit import LEAD_E, LEAD_FREE, LEAD_N, LEAD_S, LEAD_W
from bridgeplay.errors import ProblemError
from bridgeplay.suit.exact import root_lead
from bridgeplay.suit.problem import SuitProblem
from bridgeplay.suit.worlds import SuitWorlds, worlds_for

IN_TRICK = -1
EXIT = -1
DISCARD = 0
LEAF, MAX, MIN = "leaf", "max", "min"
INF = 127  # the payoff entry of a world that does not reach the node (payoffs are 0/1 or tricks <= 13)
VEC = np.int8
EPS = 1e-9

Pos = tuple  # (north, south, dfd, won, lead, leader, table)
Move = tuple[int, int]  # (seat, rank); rank 0 = discard, -1 = exit


_RANKS: dict[int, list[int]] = {}
_REPS: dict[tuple[int, int], list[int]] = {}


def _ranks(mask: int) -> list[int]:
    got = _RANKS.get(mask)
    if got is None:
        got = _RANKS[mask] = [r for r in range(14, 1, -1) if mask >> r & 1]
    return got


def _reps(hand: int, gaps: int) -> list[int]:
    """Ranks of ``hand`` with equivalent cards merged (the highest of each run), highest first."""
    key = (hand, gaps)
    got = _REPS.get(key)
    if got is None:
        got = _REPS[key] = _ranks(int(representatives(hand, gaps)))
    return got


def _winner(table: tuple[Move, ...]) -> int:
    """Who wins a trick of (seat, rank) plays in the one suit: the highest rank (a discard, rank 0, never)."""
    return max(table, key=lambda t: t[1])[0]


def _pc(mask: int) -> int:
    return mask.bit_count()


def with_target(problem: SuitProblem, target: int) -> SuitProblem:
    """The same problem with one target (to run a ``tricks: max`` problem one target at a time)."""
    return replace(problem, tricks=target, objective="target")


class PNode:
    """A public position of the game tree; ``kids`` is filled by :meth:`SuitGame.kids` on first use."""

    __slots__ = ("idx", "pos", "kind", "seat", "payoff", "kids")

    def __init__(self, idx: int, pos: Pos, kind: str, seat: int, payoff: int) -> None:
        self.idx = idx
        self.pos = pos
        self.kind = kind
        self.seat = seat
        self.payoff = payoff
        self.kids: tuple | None = None


class SuitGame:
    """The public game tree of a single-suit problem with a fixed target (or expected tricks)."""

    def __init__(self, problem: SuitProblem, worlds: SuitWorlds | None = None) -> None:
        if problem.objective == "target" and problem.tricks is None:
            raise ProblemError(problem.file, "tricks", "tricks: max -- solve one target at a time")
        self.problem = problem
        self.worlds = worlds if worlds is not None else worlds_for(problem)
        self.west = [int(w) for w in self.worlds.west]
        self.nw = len(self.west)
        self.prob = np.asarray(self.worlds.prob, dtype=float)
        self.all = (1 << self.nw) - 1
        self.target: int | None = problem.tricks if problem.objective == "target" else None
        self.outstanding = problem.outstanding
        self.has_west = [0] * 15
        for i, w in enumerate(self.west):
            for r in _ranks(w):
                self.has_west[r] |= 1 << i
        self.root: Pos = (problem.north, problem.south, self.outstanding, 0, root_lead(problem), -1, ())
        self._dd: dict[tuple, int] = {}
        self._mask: dict[int, np.ndarray] = {}
        self._ddvec: dict[tuple, np.ndarray] = {}
        self._nodes: dict[Pos, PNode] = {}
        self._px: dict[int, np.ndarray] = {}
        self._const: dict[tuple[int, int], np.ndarray] = {}
        self._none = np.full(self.nw, INF, dtype=VEC)
        self._none.flags.writeable = False

    # -- world sets ------------------------------------------------------------------
    def holds(self, seat: int, rank: int) -> int:
        return self.has_west[rank] if seat == W else self.all & ~self.has_west[rank]

    def void(self, seat: int, dfd: int) -> int:
        if seat == W:
            any_w = 0
            for r in _ranks(dfd):
                any_w |= self.has_west[r]
            return self.all & ~any_w
        all_w = self.all
        for r in _ranks(dfd):
            all_w &= self.has_west[r]
        return all_w

    def mask(self, x: int) -> np.ndarray:
        """Boolean array of the worlds in bitset ``x``."""
        m = self._mask.get(x)
        if m is None:
            raw = np.frombuffer(x.to_bytes((self.nw + 7) // 8, "little"), dtype=np.uint8)
            m = np.unpackbits(raw, bitorder="little")[: self.nw].astype(bool)
            self._mask[x] = m
        return m

    def bits(self, m: np.ndarray) -> int:
        """Bitset of a boolean array over the worlds."""
        return int.from_bytes(np.packbits(m, bitorder="little").tobytes(), "little")

    def indices(self, x: int) -> list[int]:
        return [i for i in range(self.nw) if x >> i & 1]

    def probability(self, x: int) -> float:
        return float(self.prob[self.mask(x)].sum())

    def expectation(self, vec: np.ndarray, x: int, weights: np.ndarray | None = None) -> float:
        """Σ_{w in x} P(w)·vec[w] (or with other weights), not renormalised."""
        if weights is None:
            px = self._px.get(x)
            if px is None:
                px = self._px[x] = np.where(self.mask(x), self.prob, 0.0)
            return float(px @ vec)
        m = self.mask(x)
        return float(np.dot(weights[m], vec[m]))

    # -- payoffs -----------------------------------------------------------------------
    def payoff(self, total: int) -> int:
        if self.target is None:
            return total
        return 1 if total >= self.target else 0

    def unreached(self) -> np.ndarray:
        """The vector of a node no world reaches (``INF`` everywhere); shared, never modified."""
        return self._none

    def const(self, x: int, value: int) -> np.ndarray:
        """``value`` in the worlds of ``x``, ``INF`` elsewhere (shared, never modified)."""
        key = (x, value)
        v = self._const.get(key)
        if v is None:
            v = np.where(self.mask(x), value, INF).astype(VEC)
            v.flags.writeable = False
            self._const[key] = v
        return v

    # -- the public tree ------------------------------------------------------------------
    def turn(self, pos: Pos) -> tuple[str, int]:
        """``(LEAF|MAX|MIN, seat)``; at a declarer lead the seat is -1 (declarer picks the hand)."""
        north, south, dfd, won, lead, leader, table = pos
        if lead != IN_TRICK:
            if not dfd or not (north | south):
                return LEAF, -1
            if self.target is not None and (won >= self.target or won + max(_pc(north), _pc(south)) < self.target):
                return LEAF, -1
            if lead == LEAD_W:
                return MIN, W
            if lead == LEAD_E:
                return MIN, E
            return MAX, -1
        seat = (leader + len(table)) % 4
        return (MAX if seat in (N, S) else MIN), seat

    def leaf_payoff(self, pos: Pos) -> int:
        north, south, dfd, won = pos[:4]
        if not dfd:
            return self.payoff(won + max(_pc(north), _pc(south)))
        return self.payoff(won)  # declarer out of cards, or a target already decided

    def declarer_moves(self, pos: Pos) -> list[Move]:
        """Declarer's distinct plays (equivalent cards merged to the highest), North before South, high first."""
        north, south, dfd, won, lead, leader, table = pos
        if lead != IN_TRICK:
            out = []
            for seat in (N, S):
                if lead == LEAD_N and seat != N or lead == LEAD_S and seat != S:
                    continue
                hand, other = (north, south) if seat == N else (south, north)
                out += [(seat, r) for r in _reps(hand, other | dfd)]
            return out
        seat = (leader + len(table)) % 4
        hand, other = (north, south) if seat == N else (south, north)
        if not hand:
            return [(seat, DISCARD)]
        on_table = 0
        for _, r in table:
            if r > 0:
                on_table |= 1 << r
        return [(seat, r) for r in _reps(hand, other | dfd | on_table)]

    def canonical(self, pos: Pos, move: Move) -> Move:
        """The move of :meth:`declarer_moves` equivalent to ``move`` (the highest card of its run)."""
        moves = self.declarer_moves(pos)
        if move in moves:
            return move
        seat, r = move
        north, south, dfd = pos[:3]
        hand = north if seat == N else south if seat == S else 0
        if r > 0 and hand >> r & 1:
            gaps = (north | south | dfd) & ~hand
            for s, r0 in sorted(moves, key=lambda m: m[1]):
                if s == seat and r0 > r:
                    between = ((1 << r0) - 1) & ~((1 << (r + 1)) - 1)
                    if not between & gaps:
                        return (s, r0)
        raise ValueError(f"illegal declarer play {suit_move(seat, r)} at {pos}")

    def node(self, pos: Pos) -> PNode:
        """The (memoised) node of the public tree at ``pos``."""
        n = self._nodes.get(pos)
        if n is None:
            kind, seat = self.turn(pos)
            n = PNode(len(self._nodes), pos, kind, seat, self.leaf_payoff(pos) if kind == LEAF else 0)
            self._nodes[pos] = n
        return n

    def kids(self, n: PNode) -> tuple:
        """``((move, child node), ...)`` at a MAX node; ``((move, worlds where it is possible, child), ...)``
        at a MIN node (the worlds over all worlds: intersect with the node's own)."""
        k = n.kids
        if k is None:
            if n.kind == MAX:
                k = tuple((m, self.node(self.step(n.pos, m))) for m in self.declarer_moves(n.pos))
            elif n.kind == MIN:
                k = tuple((m, xm, self.node(self.step(n.pos, m))) for m, xm in self.min_children(n.pos, self.all))
            else:
                k = ()
            n.kids = k
        return k

    def min_children(self, pos: Pos, x: int) -> list[tuple[Move, int]]:
        """MIN's moves at ``pos`` with the worlds (within ``x``) where each is possible."""
        north, south, dfd, won, lead, leader, table = pos
        if lead != IN_TRICK:
            seat = W if lead == LEAD_W else E
            out = [((seat, EXIT), x)]
            for r in _ranks(dfd):
                xc = x & self.holds(seat, r)
                if xc:
                    out.append(((seat, r), xc))
            return out
        seat = (leader + len(table)) % 4
        out = []
        for r in _ranks(dfd):
            xc = x & self.holds(seat, r)
            if xc:
                out.append(((seat, r), xc))
        xv = x & self.void(seat, dfd)
        if xv:
            out.append(((seat, DISCARD), xv))
        return out

    def move_worlds(self, pos: Pos, x: int, move: Move) -> int:
        """The worlds of ``x`` in which ``move`` can be played at ``pos``."""
        seat, r = move
        if seat in (N, S) or r == EXIT:
            return x
        if r == DISCARD:
            return x & self.void(seat, pos[2])
        return x & self.holds(seat, r)

    def step(self, pos: Pos, move: Move) -> Pos:
        north, south, dfd, won, lead, leader, table = pos
        seat, r = move
        if r == EXIT:
            return (north, south, dfd, won, LEAD_FREE, -1, ())
        if lead != IN_TRICK:
            leader, table = seat, ()
        if r > 0:
            bit = 1 << r
            if seat == N:
                north &= ~bit
            elif seat == S:
                south &= ~bit
            else:
                dfd &= ~bit
        table = table + (move,)
        if len(table) < 4:
            return (north, south, dfd, won, IN_TRICK, leader, table)
        winner = _winner(table)
        if winner in (N, S):
            return (north, south, dfd, won + 1, LEAD_FREE, -1, ())
        return (north, south, dfd, won, LEAD_W if winner == W else LEAD_E, -1, ())

    def replay(self, history: tuple[Move, ...]) -> Iterator[tuple[Pos, int, Move]]:
        """The positions and world sets along ``history``: ``(pos, x, move played there)``."""
        pos, x = self.root, self.all
        for move in history:
            yield pos, x, move
            x = self.move_worlds(pos, x, move)
            pos = self.step(pos, move)

    def position_after(self, history: tuple[Move, ...]) -> tuple[Pos, int]:
        pos, x = self.root, self.all
        for move in history:
            x = self.move_worlds(pos, x, move)
            pos = self.step(pos, move)
        return pos, x

    def move_text(self, move: Move) -> str:
        return self.problem.move_text(*move)

    # -- double dummy -------------------------------------------------------------------
    def dd_total(self, pos: Pos, world: int) -> int:
        """Tricks North-South take in total from ``pos`` when every player sees every card (world index)."""
        north, south, dfd, won, lead, leader, table = pos
        w = self.west[world] & dfd  # cards on the table are already out of the defenders' hands
        return won + self._ddf(north, south, w, dfd & ~w, lead, leader, table)

    def dd_payoff(self, pos: Pos, world: int) -> int:
        return self.payoff(self.dd_total(pos, world))

    def dd_vec(self, pos: Pos, x: int) -> np.ndarray:
        """Double-dummy payoff of ``pos`` in every world of ``x`` (inf elsewhere)."""
        key = (pos, x)
        v = self._ddvec.get(key)
        if v is None:
            v = np.full(self.nw, INF, dtype=VEC)
            for i in self.indices(x):
                v[i] = self.dd_payoff(pos, i)
            v.flags.writeable = False
            self._ddvec[key] = v
        return v

    def _ddf(self, north: int, south: int, wh: int, eh: int, lead: int, leader: int, table: tuple) -> int:
        key = (north, south, wh, eh, lead, leader, table)
        got = self._dd.get(key)
        if got is not None:
            return got
        dfd = wh | eh
        if lead != IN_TRICK:
            if not dfd:
                v = max(_pc(north), _pc(south))
            elif not (north | south):
                v = 0
            elif lead in (LEAD_W, LEAD_E):
                seat = W if lead == LEAD_W else E
                hand = wh if seat == W else eh
                v = self._ddf(north, south, wh, eh, LEAD_FREE, -1, ())
                for r in _reps(hand, north | south | (dfd & ~hand)):
                    v = min(v, self._ddplay(north, south, wh, eh, seat, (), seat, r))
            else:
                v = -1
                for seat in (N, S):
                    if lead == LEAD_N and seat != N or lead == LEAD_S and seat != S:
                        continue
                    hand, other = (north, south) if seat == N else (south, north)
                    for r in _reps(hand, other | dfd):
                        v = max(v, self._ddplay(north, south, wh, eh, seat, (), seat, r))
        else:
            seat = (leader + len(table)) % 4
            hand = (north, eh, south, wh)[seat]
            if not hand:
                v = self._ddplay(north, south, wh, eh, leader, table, seat, DISCARD)
            else:
                on_table = 0
                for _, r in table:
                    if r > 0:
                        on_table |= 1 << r
                gaps = ((north | south | dfd) & ~hand) | on_table
                choices = _reps(hand, gaps)
                vals = [self._ddplay(north, south, wh, eh, leader, table, seat, r) for r in choices]
                v = max(vals) if seat in (N, S) else min(vals)
        self._dd[key] = v
        return v

    def _ddplay(self, north: int, south: int, wh: int, eh: int, leader: int, table: tuple, seat: int, r: int) -> int:
        if r > 0:
            bit = 1 << r
            if seat == N:
                north &= ~bit
            elif seat == S:
                south &= ~bit
            elif seat == W:
                wh &= ~bit
            else:
                eh &= ~bit
        table = table + ((seat, r),)
        if len(table) < 4:
            return self._ddf(north, south, wh, eh, IN_TRICK, leader, table)
        winner = _winner(table)
        if winner in (N, S):
            return 1 + self._ddf(north, south, wh, eh, LEAD_FREE, -1, ())
        return self._ddf(north, south, wh, eh, LEAD_W if winner == W else LEAD_E, -1, ())
