"""The true worth of any declarer policy in a single-suit problem: its line played against best defence.

Frank & Basin's best defence model (SEEDS.md): MAX (declarer) plays a pure strategy, one
choice at each of its information sets; MIN (the defence) knows the world and the
strategy and minimises the payoff in each world.  In single-suit play declarer sees
every card played, so a declarer information set is a *public position* together with
the set of worlds consistent with the cards seen so far.

This module gives:

* :class:`SuitGame` -- the public game tree of a single-suit problem under the rules of
  DESIGN.md (declarer leads from either hand unless the problem fixes the first lead; a
  defender who wins a trick leads the suit or exits, after which declarer leads again; a
  player out of the suit discards), written independently of the exact solver's search;
  and double-dummy values per world (perfect information, a plain memoised minimax);
* :func:`evaluate` -- any :class:`Policy` (called at every declarer decision with the
  public position, the worlds consistent with it and the history, returning a card)
  played out against best defence: MIN minimises the payoff separately in each world and
  sees every card declarer plays.  The result is the per-world payoff vector of that pure
  strategy, hence its true success probability (or expected tricks);
* :class:`ExactPolicy` -- the exact solver's own line (``esm.SuitAnalysis.strategy``) as a
  policy: it scores exactly the exact value (a test checks it on every problem file);
* :func:`reach` and :func:`locality_flips` -- the operational non-locality test of
  ``bridgeplay compare`` (see :func:`locality_flips`).

A position is a tuple ``(north, south, dfd, won, lead, leader, table)``: declarer's and
the defenders' remaining cards (rank masks), tricks North-South have won, the lead code
at a trick boundary (``LEAD_FREE/N/S/W/E`` as in :mod:`bridgeplay.solvers.suitsearch`, or
``IN_TRICK``), the seat that led the current trick and the ``(seat, rank)`` pairs played
to it (rank 0 = a discard).  A move is ``(seat, rank)``; a defender's exit is rank -1.
World sets are Python-int bitsets over the problem's world indices.  Payoffs are 0/1
("made the target") or tricks (``objective: tricks``); target problems end as soon as the
outcome is decided.  Payoff vectors are ``int8`` arrays over all worlds with ``INF`` (127) in the
worlds that do not reach the node (so MIN's per-world minimum is a plain ``np.minimum``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from bridgeplay.engine.suit import _representatives
from bridgeplay.problem import ProblemError, SuitProblem
from bridgeplay.solvers.suitsearch import LEAD_E, LEAD_FREE, LEAD_N, LEAD_S, LEAD_W, E, N, S, W
from bridgeplay.worlds import SuitWorlds

IN_TRICK = -1
EXIT = -1
DISCARD = 0
LEAF, MAX, MIN = "leaf", "max", "min"
INF = 127  # the payoff entry of a world that does not reach the node (payoffs are 0/1 or tricks <= 13)
VEC = np.int8
EPS = 1e-9
SEATS = "NESW"

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
        got = _REPS[key] = _ranks(int(_representatives(hand, gaps)))
    return got


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
        from bridgeplay.solvers.esm import root_lead, worlds_for

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
        raise ValueError(f"illegal declarer play {SEATS[seat]}:{r} at {pos}")

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
        winner, best = table[0]
        for seat_i, r_i in table[1:]:
            if r_i > best:
                winner, best = seat_i, r_i
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
        seat, r = move
        card = "exit" if r == EXIT else "discard" if r == DISCARD else self.problem.card_text(r)
        return f"{SEATS[seat]}:{card}"

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
        winner = max(table, key=lambda t: t[1])[0]
        if winner in (N, S):
            return 1 + self._ddf(north, south, wh, eh, LEAD_FREE, -1, ())
        return self._ddf(north, south, wh, eh, LEAD_W if winner == W else LEAD_E, -1, ())


# ------------------------------------------------------------------------------- policies
class Policy:
    """A declarer policy: ``choose`` is called at every declarer decision with more than one play.

    ``key(game, pos, x, history)`` must determine the policy's choice at this node and at
    every later node (the default, ``(pos, x)``, suits policies that decide from the
    public position and the consistent worlds alone); the evaluator merges nodes with
    equal keys.
    """

    name = "policy"

    def key(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Hashable:
        return (pos, x)

    def choose(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Move:
        raise NotImplementedError


class FunctionPolicy(Policy):
    """A policy from a plain function ``fn(game, pos, x) -> move``."""

    def __init__(self, fn: Callable[[SuitGame, Pos, int], Move], name: str = "policy") -> None:
        self.fn = fn
        self.name = name

    def choose(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Move:
        return self.fn(game, pos, x)


class CachedPolicy(Policy):
    """Remembers every choice (by the wrapped policy's key and the world set asked about)."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.name = inner.name
        self.cache: dict[tuple[Hashable, int], Move] = {}

    def key(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Hashable:
        return self.inner.key(game, pos, x, history)

    def choose(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Move:
        k = (self.inner.key(game, pos, x, history), x)
        got = self.cache.get(k)
        if got is None:
            got = game.canonical(pos, self.inner.choose(game, pos, x, history))
            self.cache[k] = got
        return got


class OverridePolicy(Policy):
    """``inner`` except at the nodes (by key) listed in ``overrides``."""

    def __init__(self, inner: Policy, overrides: dict[Hashable, Move]) -> None:
        self.inner = inner
        self.overrides = overrides
        self.name = inner.name

    def key(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Hashable:
        return self.inner.key(game, pos, x, history)

    def choose(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Move:
        k = self.inner.key(game, pos, x, history)
        if k in self.overrides:
            return self.overrides[k]
        return self.inner.choose(game, pos, x, history)


class ExactPolicy(Policy):
    """The exact solver's line (a strategy tree from ``esm.SuitAnalysis``) followed along the history."""

    name = "esm"

    def __init__(self, game: SuitGame) -> None:
        from bridgeplay.solvers.esm import SuitAnalysis

        self.analysis = SuitAnalysis(game.problem, game.target, game.worlds)
        self.value = self.analysis.value
        self.tree = self.analysis.strategy(10_000)

    def key(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Hashable:
        return history

    def choose(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Move:
        level = self.tree
        for seat, r in history:
            nxt = None
            for d in level:
                if d.seat == seat and d.rank == r:
                    nxt = d.children
                    break
            if nxt is None:  # the line no longer matters here (the outcome is decided)
                return game.declarer_moves(pos)[0]
            level = nxt
        for d in level:
            if d.seat in (N, S):
                return (d.seat, d.rank)
        return game.declarer_moves(pos)[0]


# ------------------------------------------------------------------------------- evaluation
@dataclass
class Node:
    """A node of the evaluated strategy: ``children`` are ``(move, worlds, child key)``."""

    key: Hashable
    pos: Pos
    x: int
    kind: str
    history: tuple[Move, ...]
    vec: np.ndarray
    moves: int = 0  # declarer's number of distinct plays here (MAX nodes)
    move: Move | None = None  # declarer's choice (MAX nodes)
    children: list[tuple[Move, int, Hashable]] = field(default_factory=list)


@dataclass
class Evaluation:
    """A policy played against best defence in every world."""

    game: SuitGame
    policy: Policy
    root: Hashable
    nodes: dict[Hashable, Node]
    order: list[Hashable]  # children before parents

    @property
    def vec(self) -> np.ndarray:
        """Payoff in each world (the policy's line against best defence)."""
        return self.nodes[self.root].vec

    @property
    def value(self) -> float:
        """True success probability (target) or expected tricks."""
        return self.game.expectation(self.vec, self.game.all)

    @property
    def first_move(self) -> Move:
        return self.nodes[self.root].move  # type: ignore[return-value]

    def success_worlds(self) -> int:
        return self.game.bits(self.vec == 1) if self.game.target is not None else 0

    def strategy_json(self, depth: int) -> list[dict[str, Any]]:
        """The line in the JSON shape of ``esm.strategy_json`` (``depth`` declarer decisions)."""
        return self._json(self.root, depth)

    def _json(self, key: Hashable, depth: int) -> list[dict[str, Any]]:
        node = self.nodes.get(key)
        if node is None or depth <= 0 or node.kind == LEAF:
            return []
        out: list[dict[str, Any]] = []
        if node.kind == MAX:
            mv, _, ck = node.children[0]
            item: dict[str, Any] = {"play": self.game.move_text(mv), "side": "declarer"}
            sub = self._json(ck, depth - 1 if node.moves > 1 else depth)
            if sub:
                item["then"] = sub
            return [item]
        for mv, xc, ck in node.children:
            item = {"play": self.game.move_text(mv), "side": "defence", "probability": self.game.probability(xc)}
            sub = self._json(ck, depth)
            if sub:
                item["then"] = sub
            out.append(item)
        return out


def _evaluate_from(game: SuitGame, policy: Policy, start: PNode, x: int, history: tuple[Move, ...],
                   base: dict[Hashable, Node] | None = None) -> tuple[Hashable, np.ndarray, dict[Hashable, Node],
                                                                     list[Hashable]]:
    """Evaluate from one node; ``base`` (nodes of another evaluation of the same policy) is read, not written."""
    nodes: dict[Hashable, Node] = {}
    order: list[Hashable] = []

    def run(pn: PNode, x: int, history: tuple[Move, ...]) -> tuple[Hashable, np.ndarray]:
        if pn.kind == LEAF:
            return None, game.const(x, pn.payoff)
        pos = pn.pos
        key = policy.key(game, pos, x, history)
        node = nodes.get(key)
        if node is None and base is not None:
            node = base.get(key)
        if node is not None:
            return key, node.vec
        kids = game.kids(pn)
        if pn.kind == MAX:
            if len(kids) == 1:
                move, child = kids[0]
            else:
                move = game.canonical(pos, policy.choose(game, pos, x, history))
                child = next(c for m, c in kids if m == move)
            ck, vec = run(child, x, history + (move,))
            node = Node(key, pos, x, MAX, history, vec, len(kids), move, [(move, x, ck)])
        else:
            vec = game.unreached()
            children = []
            for move, xm, child in kids:
                xc = x & xm
                if xc:
                    ck, cv = run(child, xc, history + (move,))
                    vec = np.minimum(vec, cv)
                    children.append((move, xc, ck))
            node = Node(key, pos, x, MIN, history, vec, children=children)
        nodes[key] = node
        order.append(key)
        return key, vec

    key, vec = run(start, x, history)
    return key, vec, nodes, order


def evaluate(game: SuitGame, policy: Policy) -> Evaluation:
    """Play ``policy`` against best defence in every world of ``game``."""
    root, _, nodes, order = _evaluate_from(game, policy, game.node(game.root), game.all, ())
    return Evaluation(game, policy, root, nodes, order)


def true_value(game: SuitGame, policy: Policy) -> float:
    return evaluate(game, policy).value


# ------------------------------------------------------------------------------- non-locality
def reach(ev: Evaluation) -> dict[Hashable, int]:
    """For each node, the worlds in which best defence against the policy may actually arrive there.

    A world is kept below a MIN node only on the replies that are optimal for MIN in that
    world (equal payoff to MIN's best); a reply strictly worse for the defence rules the
    world out -- the paper's "worlds ruled out by the history" (Section 7, Figs. 20-22).
    """
    game = ev.game
    r: dict[Hashable, int] = {ev.root: game.all}
    for key in reversed(ev.order):
        node = ev.nodes[key]
        here = r.get(key, 0)
        if not here:
            continue
        for _mv, xc, ck in node.children:
            if ck is None:
                continue
            if node.kind == MAX:
                r[ck] = r.get(ck, 0) | here
            else:
                opt = game.bits(ev.nodes[ck].vec <= node.vec + EPS) & xc
                r[ck] = r.get(ck, 0) | (here & opt)
    return r


@dataclass
class Flip:
    """A later declarer decision that changes once the worlds ruled out by the history are removed."""

    history: tuple[Move, ...]
    worlds: int  # worlds consistent with the cards seen
    reached: int  # of those, the worlds where best defence lets play arrive here
    move: Move  # the policy's choice with ``worlds``
    alternative: Move  # its choice with ``reached``
    gain: float | None = None  # true value with the alternative here, minus the line's (None: not computed)

    def describe(self, game: SuitGame) -> str:
        hist = " ".join(game.move_text(m) for m in self.history)
        gain = "" if self.gain is None else f", gain {self.gain:+.4f}"
        return (f"after {hist}: {game.move_text(self.move)} -> {game.move_text(self.alternative)} "
                f"({_pc(self.worlds)} -> {_pc(self.reached)} worlds{gain})")


@dataclass
class Locality:
    """The outcome of the non-locality test on one evaluated line."""

    flips: list[Flip]
    combined_gain: float  # every flip applied at once
    base: float  # the line's true value

    @property
    def best_gain(self) -> float:
        gains = [f.gain for f in self.flips if f.gain is not None] + [self.combined_gain]
        return max(gains)

    def found(self, tol: float = 1e-9) -> bool:
        """Some flip (or all of them together) raises the line's true value."""
        return bool(self.flips) and self.best_gain > tol


def locality(ev: Evaluation, limit: int = 40) -> Locality:
    """The operational non-locality test.

    For every declarer decision N of the evaluated line (after the first) with more than
    one play: R(N) = the worlds consistent with the cards seen at N in which best defence
    against the line actually arrives at N (:func:`reach`).  When R(N) is a non-empty
    proper subset of the consistent worlds, the policy is asked again at N with R(N); a
    different choice is a *flip*: the choice at N was made by payoffs in worlds that best
    defence never lets reach N.  The line is then re-evaluated with every flip applied at
    once (``combined_gain``: the defence may re-steer, e.g. to an equivalent card whose
    node flipped too) and, while no gain has been found, with each flip alone (``gain``;
    at most ``limit`` of them).  Non-locality costs the line value when some gain is
    positive (:meth:`Locality.found`).
    """
    game, policy = ev.game, ev.policy
    cached = policy if isinstance(policy, CachedPolicy) else CachedPolicy(policy)
    r = reach(ev)
    base = ev.value
    flips: list[Flip] = []
    keys: list[Hashable] = []
    for key in reversed(ev.order):
        node = ev.nodes[key]
        if node.kind != MAX or node.moves < 2 or not node.history:
            continue
        here = r.get(key, 0)
        if not here or here == node.x:
            continue
        alt = game.canonical(node.pos, cached.choose(game, node.pos, here, node.history))
        if alt != node.move:
            flips.append(Flip(node.history, node.x, here, node.move, alt))  # type: ignore[arg-type]
            keys.append(key)
    if not flips:
        return Locality([], 0.0, base)
    combined = evaluate(game, OverridePolicy(cached, {k: f.alternative for k, f in zip(keys, flips)})).value - base
    if combined <= EPS:
        for k, f in list(zip(keys, flips))[:limit]:
            f.gain = evaluate(game, OverridePolicy(cached, {k: f.alternative})).value - base
            if f.gain > EPS:
                break
    return Locality(flips, combined, base)


@dataclass
class Change:
    """One declarer decision of a line changed: the line's true value moves by ``gain``."""

    history: tuple[Move, ...]
    move: Move
    alternative: Move
    local_before: float  # Σ P(w)·payoff over the nodes' worlds, their subtrees alone
    local_after: float
    gain: float  # whole line
    nodes: int = 1  # equivalent positions changed together

    def describe(self, game: SuitGame) -> str:
        hist = " ".join(game.move_text(m) for m in self.history)
        also = f" and {self.nodes - 1} equivalent position(s)" if self.nodes > 1 else ""
        return (f"after {hist}{also}: {game.move_text(self.move)} -> {game.move_text(self.alternative)} "
                f"(own subtrees {self.local_before:.4f} -> {self.local_after:.4f}, the line {self.gain:+.4f})")


def signature(pos: Pos) -> tuple:
    """The position up to equivalent defenders' cards.

    Declarer's cards are kept exactly; the other cards (the defenders' unplayed cards and
    the cards they have put on the table) are read from the top down, and each run of them
    that no declarer card separates becomes one multiset.  Two positions with the same
    signature differ only by which of two equal defenders' cards was played (West's 7 or
    6 from K-Q-7-6 opposite A-J-T-9-8 / 5-4-3-2): declarer's right play is the same in both.
    """
    north, south, dfd, won, lead, leader, table = pos
    on_table = {r: seat for seat, r in table if r > 0}
    runs: list[tuple] = []
    run: list[str] = []
    for r in range(14, 1, -1):
        if north >> r & 1 or south >> r & 1 or on_table.get(r) in (N, S):
            if run:
                runs.append(tuple(sorted(run)))
                run = []
            runs.append(("N" if north >> r & 1 else "S" if south >> r & 1 else f"t{on_table[r]}:{r}",))
        elif dfd >> r & 1:
            run.append("d")
        elif r in on_table:
            run.append(f"t{on_table[r]}")
    if run:
        runs.append(tuple(sorted(run)))
    return (won, lead, leader, tuple(seat for seat, _ in table), tuple(runs))


def _ancestors(parents: dict[Hashable, list[Hashable]], keys: list[Hashable]) -> set[Hashable]:
    anc: set[Hashable] = set()
    todo = list(keys)
    while todo:
        for p in parents.get(todo.pop(), []):
            if p not in anc:
                anc.add(p)
                todo.append(p)
    return anc


def change_witness(ev: Evaluation, limit: int = 200) -> Change | None:
    """A second operational witness of non-locality: a changed decision that helps only from outside.

    The declarer decisions of the line are grouped by :func:`signature` and by the play
    chosen (equivalent positions, same choice); for each group, nearest the root first (at
    most ``limit`` re-evaluations), each other play is tried at every node of the group
    at once, with the policy's own choices below.  If the change does NOT raise the value
    of the group's own subtrees (Σ over its nodes of Σ P(w)·payoff over each node's
    consistent worlds, true odds) but DOES raise the true value of the whole line, the
    better choice there depends on payoffs outside those subtrees -- the defence, knowing
    the world, steers play towards or away from them -- which is non-locality by
    definition (Frank & Basin, Section 7).  Returns the first such change, or None.
    """
    game = ev.game
    policy = ev.policy if isinstance(ev.policy, CachedPolicy) else CachedPolicy(ev.policy)
    parents: dict[Hashable, list[Hashable]] = {}
    for k, n in ev.nodes.items():
        for _mv, _xc, ck in n.children:
            if ck is not None:
                parents.setdefault(ck, []).append(k)
    index = {k: i for i, k in enumerate(ev.order)}
    groups: dict[tuple, list[Hashable]] = {}
    for key in reversed(ev.order):
        node = ev.nodes[key]
        if node.kind == MAX and node.moves >= 2 and node.history:
            groups.setdefault((signature(node.pos), node.move), []).append(key)
    base = ev.value
    tried = 0
    for (_sig, current), members in groups.items():
        first = ev.nodes[members[0]]
        for move, _child in game.kids(game.node(first.pos)):
            if move == current:
                continue
            tried += 1
            new: dict[Hashable, np.ndarray] = {}
            before = after = 0.0
            for k in members:
                node = ev.nodes[k]
                child = next((c for m, c in game.kids(game.node(node.pos)) if m == move), None)
                if child is None:  # not quite equivalent after all: leave this node alone
                    continue
                _, vec, _, _ = _evaluate_from(game, policy, child, node.x, node.history + (move,), base=ev.nodes)
                new[k] = vec
                before += game.expectation(node.vec, node.x)
                after += game.expectation(vec, node.x)
            if new and after <= before + EPS:
                chain = sorted(_ancestors(parents, list(new)) - set(new), key=index.__getitem__)
                for a in chain:
                    an = ev.nodes[a]
                    if an.kind == MAX:
                        new[a] = new.get(an.children[0][2], an.vec)
                        continue
                    v = game.unreached()
                    for mv, xc, ck in an.children:
                        if ck is None:
                            cv = game.const(xc, game.node(game.step(an.pos, mv)).payoff)
                        else:
                            cv = new.get(ck, ev.nodes[ck].vec)
                        v = np.minimum(v, cv)
                    new[a] = v
                gain = game.expectation(new.get(ev.root, ev.vec), game.all) - base
                if gain > EPS:
                    return Change(first.history, current, move, before, after, gain, len(new))  # type: ignore[arg-type]
            if tried >= limit:
                return None
    return None


# ------------------------------------------------------------------------------- heuristic results
@dataclass
class Heuristic:
    """A heuristic solver's answer for one game.

    ``policy`` is its line (applied at every declarer decision); ``estimate`` what the
    solver believes its line is worth (a probability or expected tricks, true odds);
    ``scores`` its root ranking as ``(move, own estimate of the move, score it ranks by)``.
    """

    policy: Policy
    estimate: float
    scores: list[tuple[Move, float, float]] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)


def run_heuristic(game: SuitGame, build: Callable[[SuitGame], Heuristic]) -> tuple[Heuristic, Evaluation]:
    h = build(game)
    return h, evaluate(game, CachedPolicy(h.policy))


def heuristic_result(problem: SuitProblem, solver: str, build: Callable[[SuitGame], Heuristic],
                     depth: int = 3) -> Any:
    """A :class:`~bridgeplay.result.Result` for a heuristic: first move, TRUE value, own estimate, table, line.

    ``probability`` / ``expected_tricks`` are the true value of the heuristic's line
    against best defence; ``extra`` carries ``estimate`` and ``true_value``.  ``tricks:
    max`` problems give one table row per target.
    """
    import time

    from bridgeplay.result import MoveValue, Result
    from bridgeplay.solvers.esm import split_rows

    t0 = time.perf_counter()
    if problem.objective == "target" and problem.tricks is None:
        rows = []
        for target in range(1, problem.max_tricks + 1):
            game = SuitGame(with_target(problem, target))
            h, ev = run_heuristic(game, build)
            rows.append({"tricks": target, "probability": ev.value, "estimate": h.estimate,
                         "moves": [game.move_text(ev.first_move)]})
        result = Result(problem=problem.name, file=problem.file, kind="suit", solver=solver, target="max",
                        probability=None, moves=[], table=rows)
        result.stats = {"seconds": round(time.perf_counter() - t0, 4), "worlds": game.nw}
        return result
    game = SuitGame(problem)
    h, ev = run_heuristic(game, build)
    target = game.target
    value = ev.value
    first = ev.first_move
    moves = []
    own = {m: (e, s) for m, e, s in h.scores}
    e0, s0 = own.get(first, (h.estimate, None))
    extra0 = {"estimate": e0} | ({"score": s0} if s0 is not None else {})
    moves.append(MoveValue(game.move_text(first), value if target is not None else None,
                           value if target is None else None, extra0))
    for m, e, s in sorted(h.scores, key=lambda t: -t[2]):
        if m != first:
            moves.append(MoveValue(game.move_text(m), None, None, {"estimate": e, "score": s}))
    vec = ev.vec
    if target is None:
        good = {i: float(vec[i]) for i in range(game.nw)}
    else:
        good = {i: 1.0 for i in range(game.nw) if vec[i] == 1}
    result = Result(
        problem=problem.name, file=problem.file, kind="suit", solver=solver, target=target,
        probability=value if target is not None else None,
        expected_tricks=value if target is None else None,
        objective=problem.objective, moves=moves, splits=split_rows(problem, game.worlds, good),
        strategy=ev.strategy_json(depth),
        extra={"estimate": h.estimate, "true_value": value} | h.details,
    )
    result.stats = {"nodes": len(ev.nodes), "seconds": round(time.perf_counter() - t0, 4), "worlds": game.nw}
    return result
