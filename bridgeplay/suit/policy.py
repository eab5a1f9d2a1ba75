"""The true worth of any declarer policy in a single-suit problem: its line played against best defence.

* :func:`evaluate` -- any :class:`Policy` (called at every declarer decision with the
  public position, the worlds consistent with it and the history, returning a card)
  played out against best defence on the :class:`~bridgeplay.suit.game.SuitGame`: MIN
  minimises the payoff separately in each world and sees every card declarer plays.  The
  result is the per-world payoff vector of that pure strategy, hence its true success
  probability (or expected tricks);
* :class:`ExactPolicy` -- the exact solver's own line (``exact.SuitAnalysis.strategy``) as a
  policy: it scores exactly the exact value (a test checks it on every problem file);
* :func:`heuristic_result` -- a heuristic solver's :class:`~bridgeplay.result.Result`: its
  first play, its line's TRUE value, its own estimate, the table and the line.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bridgeplay.cards import N, S
from bridgeplay.result import MoveValue, Result
from bridgeplay.suit.exact import SuitAnalysis, split_rows
from bridgeplay.suit.game import (
    LEAF,
    MAX,
    MIN,
    Move,
    PNode,
    Pos,
    SuitGame,
    with_target,
)
from bridgeplay.suit.problem import SuitProblem


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


def evaluate_from(game: SuitGame, policy: Policy, start: PNode, x: int, history: tuple[Move, ...],
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
    root, _, nodes, order = evaluate_from(game, policy, game.node(game.root), game.all, ())
    return Evaluation(game, policy, root, nodes, order)


def true_value(game: SuitGame, policy: Policy) -> float:
    return evaluate(game, policy).value


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
                     options: Any, method: str) -> Result:
    """A :class:`~bridgeplay.result.Result` for a heuristic: first move, TRUE value, own estimate, table, line.

    ``probability`` / ``expected_tricks`` are the true value of the heuristic's line against best
    defence (exact: every world is played out), ``estimate`` what the heuristic believes it is worth.
    ``tricks: max`` problems give one table row per target.
    """
    t0 = time.perf_counter()
    result = Result(problem=problem.name, file=problem.file, kind="suit", solver=solver, method=method, exact=True,
                    objective=problem.objective)
    if problem.objective == "target" and problem.tricks is None:
        nodes = 0
        for target in range(1, problem.max_tricks + 1):
            game = SuitGame(with_target(problem, target))
            h, ev = run_heuristic(game, build)
            nodes += len(ev.nodes)
            result.table.append({"tricks": target, "probability": ev.value, "estimate": h.estimate,
                                 "moves": [game.move_text(ev.first_move)]})
        result.target = "max"
        result.stats = {"nodes": nodes, "seconds": round(time.perf_counter() - t0, 4), "worlds": game.nw}
        return result
    game = SuitGame(problem)
    h, ev = run_heuristic(game, build)
    target = game.target
    value = ev.value
    first = ev.first_move
    own = {m: (e, s) for m, e, s in h.scores}
    e0, s0 = own.get(first, (h.estimate, None))
    extra0 = {"estimate": e0} | ({"score": s0} if s0 is not None else {})
    result.moves.append(MoveValue(game.move_text(first), value if target is not None else None,
                                  value if target is None else None, extra0))
    for m, e, s in sorted(h.scores, key=lambda t: -t[2]):
        if m != first:
            result.moves.append(MoveValue(game.move_text(m), None, None, {"estimate": e, "score": s}))
    vec = ev.vec
    if target is None:
        good = {i: float(vec[i]) for i in range(game.nw)}
    else:
        good = {i: 1.0 for i in range(game.nw) if vec[i] == 1}
    result.target = target
    result.probability = value if target is not None else None
    result.expected_tricks = value if target is None else None
    result.splits = split_rows(problem, game.worlds, good)
    result.strategy = ev.strategy_json(options.tree_depth)
    result.estimate = h.estimate
    result.true_value = value
    result.extra = dict(h.details)
    result.stats = {"nodes": len(ev.nodes), "seconds": round(time.perf_counter() - t0, 4), "worlds": game.nw}
    return result
