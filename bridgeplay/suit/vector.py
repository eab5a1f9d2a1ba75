"""Vector minimaxing and payoff-reduction minimaxing (Frank, Basin & Matsubara, AAAI-98) on single-suit play.

Both back up ONE payoff vector per node of the public game tree (one entry per world
that reaches the node; :mod:`bridgeplay.suit.game` builds the tree):

* MIN node (a defender to play or to lead): in each world the component-wise minimum over
  the cards the defender can play in that world;
* MAX node (declarer to play): the child vector with the best expected payoff over the
  worlds consistent with the node (a-priori probabilities), so declarer's choice is the
  same in every world -- no strategy fusion; ties go to the first play (North before
  South, high before low);
* leaf: the payoff (0/1 for the target, or tricks).

``prm`` (payoff-reduction minimaxing) first reduces the payoffs: in each world, a leaf's
payoff is cut down to the smallest double-dummy (perfect-information minimax) value of the
MIN nodes on the path above it -- the defence, knowing the world, can already hold
declarer to that much there -- then backs up vectors as above.  Because the reduction
depends on the path, PRM's choice at a node depends on the history, not only on the
position and its worlds.

The vector backed up at the root is, for ``vector``, exactly the per-world payoff of its
line against best defence (a test checks estimate == true value); for ``prm`` the
reduced payoffs make the estimate a lower bound of its line's true value.  Both decide at
a node from that node's subtree alone, so both are exposed to non-locality.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from bridgeplay.options import Options
from bridgeplay.result import Result
from bridgeplay.suit.game import EPS, INF, LEAF, MAX, VEC, Move, PNode, Pos, SuitGame
from bridgeplay.suit.policy import Heuristic, Policy, heuristic_result
from bridgeplay.suit.problem import SuitProblem


class VectorSearch:
    """The vector back-up over the public tree (``reduce=True``: payoff-reduction minimaxing)."""

    def __init__(self, game: SuitGame, reduce: bool = False) -> None:
        self.game = game
        self.reduce = reduce
        self.memo: dict[Hashable, np.ndarray] = {}
        self.choice: dict[Hashable, Move] = {}
        self.scores: dict[Hashable, list[tuple[Move, float]]] = {}
        self.nodes = 0
        self.no_cap = game.unreached()

    def key(self, node: PNode, x: int, cap: np.ndarray) -> Hashable:
        if not self.reduce:
            return (node.idx, x)
        return (node.idx, x, np.where(self.game.mask(x), cap, INF).astype(VEC).tobytes())

    def value(self, node: PNode, x: int, cap: np.ndarray | None = None) -> np.ndarray:
        """The backed-up vector of ``node`` over the worlds ``x`` (``INF`` elsewhere)."""
        game = self.game
        cap = self.no_cap if cap is None else cap
        if node.kind == LEAF:
            if not self.reduce:
                return game.const(x, node.payoff)
            return np.where(game.mask(x), np.minimum(cap, node.payoff), INF).astype(VEC)
        key = self.key(node, x, cap)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        kids = game.kids(node)
        if node.kind == MAX:
            best, best_v, scored = None, None, []
            for move, child in kids:
                v = self.value(child, x, cap)
                s = game.expectation(v, x)
                scored.append((move, s))
                if best is None or s > best + EPS:
                    best, best_v = s, v
                    self.choice[key] = move
            self.scores[key] = scored
            out = best_v
        else:
            if self.reduce:
                cap = np.minimum(cap, game.dd_vec(node.pos, x))
            out = game.unreached()
            for _move, xm, child in kids:
                xc = x & xm
                if xc:
                    out = np.minimum(out, self.value(child, xc, cap))
        self.memo[key] = out
        return out

    def decide(self, pos: Pos, x: int, cap: np.ndarray | None = None) -> Move:
        cap = self.no_cap if cap is None else cap
        node = self.game.node(pos)
        self.value(node, x, cap)
        return self.choice[self.key(node, x, cap)]


class VectorPolicy(Policy):
    """The back-up's choice at each declarer decision (for PRM, with the caps of the history)."""

    def __init__(self, search: VectorSearch) -> None:
        self.search = search
        self.name = "prm" if search.reduce else "vector"
        self._caps: dict[tuple[Move, ...], tuple[Pos, int, np.ndarray]] = {}

    def state(self, history: tuple[Move, ...]) -> tuple[Pos, int, np.ndarray]:
        """Position, worlds and PRM cap (min double-dummy value of the MIN nodes passed) after ``history``."""
        got = self._caps.get(history)
        if got is not None:
            return got
        game = self.search.game
        if not history:
            out = (game.root, game.all, self.search.no_cap)
        else:
            pos, x, cap = self.state(history[:-1])
            move = history[-1]
            kind, _ = game.turn(pos)
            if kind != MAX:
                cap = np.minimum(cap, game.dd_vec(pos, x))
            out = (game.step(pos, move), game.move_worlds(pos, x, move), cap)
        self._caps[history] = out
        return out

    def key(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Hashable:
        if not self.search.reduce:
            return (pos, x)
        return (pos, x, self.search.key(game.node(pos), x, self.state(history)[2])[2])

    def choose(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Move:
        cap = self.state(history)[2] if self.search.reduce else None
        return self.search.decide(pos, x, cap)


def build(reduce: bool):
    def make(game: SuitGame) -> Heuristic:
        search = VectorSearch(game, reduce)
        root = game.node(game.root)
        root_vec = search.value(root, game.all)
        key = search.key(root, game.all, search.no_cap)
        scores = [(m, s, s) for m, s in search.scores.get(key, [])]
        details: dict[str, Any] = {"positions": search.nodes}
        return Heuristic(VectorPolicy(search), game.expectation(root_vec, game.all), scores, details)

    return make


def solve(problem: SuitProblem, options: Options | None = None) -> Result:
    """Vector minimaxing (``--solver vector``): one choice for all worlds; its line's true worth."""
    options = options or Options()
    method = "vector minimaxing (one choice at each decision for every world); its line played against best defence"
    return heuristic_result(problem, "vector", build(False), options, method)


def solve_prm(problem: SuitProblem, options: Options | None = None) -> Result:
    """Payoff-reduction minimaxing (``--solver prm``): its line's true worth."""
    options = options or Options()
    method = "payoff-reduction minimaxing (AAAI-98); its line played against best defence"
    return heuristic_result(problem, "prm", build(True), options, method)
