"""IMP-minimax and IMP-alpha-beta on a ``kind: imp`` game, as van Lent & Mutchler print them, in integers.

Sets of nodes are tuples of node numbers, in the order the file draws them (left to right):

* ``expand(X)`` replaces each chance node by its children, recursively, in place;
* ``partition(X)`` keeps each leaf alone and groups the other nodes by information set, each group where
  its first node stands (the seed's example: ``{ {a, b}, c, {d, e, f}, {g, h}, {i, ..., m} }``);
* the j-th *child* of a PI-set (nodes of one information set) is the j-th alternative's child of each node.

``prob(x)`` is scaled by the least common multiple of the denominators of every node's probability, so every
``prob`` and every sum is an integer and the seed's ``==`` and ``<=`` tests are exact; values are divided back
into fractions at the end.  Both searches count the leaves whose payoff they read.

IMP-alpha-beta is the seed's pseudo-code line for line: Max-Set keeps the first best alternative (``temp >
best``), returns at once when an alternative reaches ``U * prob(x)`` (immediate pruning); Mixed-Set returns
``P`` as soon as ``sum + U * prob-left <= P`` (information set pruning, on equality too).  It is fail-hard: the
value when it is at least ``P``, else ``P`` (Theorem 2).  ``P = -inf`` is ``float('-inf')``, which Python
compares with integers exactly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bridgeplay.games.imp.problem import CHANCE, LEAF, ImpProblem

NEG_INF = float("-inf")
Order = Callable[[tuple[int, ...], int], Sequence[int]]  # (PI-set, alternatives) -> the order to search them


@dataclass
class Search:
    """One search's state: the game, its scale, the leaves examined, and the alternative chosen per PI-set."""

    game: ImpProblem
    scale: int = 0
    weight: tuple[int, ...] = ()
    leaves: int = 0
    choice: dict[tuple[int, ...], int] = field(default_factory=dict)
    order: Order | None = None
    members: Callable[[list[int | tuple[int, ...]]], list[int | tuple[int, ...]]] | None = None  # Mixed-Set's order

    def __post_init__(self) -> None:
        self.scale = self.game.scale
        self.weight = tuple(int(p * self.scale) for p in self.game.prob)

    def expand(self, nodes: Sequence[int]) -> tuple[int, ...]:
        out: list[int] = []
        stack = list(reversed(nodes))
        g = self.game
        while stack:
            x = stack.pop()
            if g.kinds[x] == CHANCE:
                stack.extend(reversed(g.children[x]))
            else:
                out.append(x)
        return tuple(out)

    def partition(self, nodes: Sequence[int]) -> list[int | tuple[int, ...]]:
        g = self.game
        out: list[int | tuple[int, ...] | list[int]] = []
        where: dict[str, list[int]] = {}
        for x in nodes:
            if g.kinds[x] == LEAF:
                out.append(x)
            else:
                label = str(g.infoset[x])
                if label not in where:
                    where[label] = []
                    out.append(where[label])
                where[label].append(x)
        return [tuple(m) if isinstance(m, list) else m for m in out]  # type: ignore[misc]

    def child(self, pi_set: tuple[int, ...], j: int) -> tuple[int, ...]:
        return self.expand([self.game.children[x][j] for x in pi_set])

    def prob(self, nodes: int | Sequence[int]) -> int:
        if isinstance(nodes, int):
            return self.weight[nodes]
        return sum(self.weight[x] for x in nodes)

    def payoff(self, leaf: int) -> int:
        self.leaves += 1
        value = self.game.payoff[leaf]
        assert value is not None
        return value

    def alternatives(self, pi_set: tuple[int, ...]) -> Sequence[int]:
        n = len(self.game.moves[pi_set[0]])
        return range(n) if self.order is None else self.order(pi_set, n)

    # -- IMP-minimax ------------------------------------------------------------------------------------------
    def value(self, nodes: tuple[int, ...]) -> int:
        """V(X) for X already expanded (scaled by ``scale``)."""
        total = 0
        for x in self.partition(nodes):
            if isinstance(x, int):
                total += self.weight[x] * self.payoff(x)
            else:
                best: int | None = None
                for j in self.alternatives(x):
                    v = self.value(self.child(x, j))
                    if best is None or v > best:
                        best, self.choice[x] = v, j
                assert best is not None
                total += best
        return total

    # -- IMP-alpha-beta ---------------------------------------------------------------------------------------
    def max_set(self, x: tuple[int, ...], p: float) -> float:
        best = p
        for j in self.alternatives(x):
            temp = self.mixed_set(self.child(x, j), best)
            if temp > best:
                self.choice[x] = j
                if temp == self.game.upper * self.prob(x):
                    return temp
                best = temp
        return best

    def mixed_set(self, nodes: tuple[int, ...], p: float) -> float:
        total = 0
        left = self.prob(nodes)
        u = self.game.upper
        parts = self.partition(nodes)
        for x in parts if self.members is None else self.members(parts):
            left -= self.prob(x)
            if isinstance(x, int):
                total += self.prob(x) * self.payoff(x)
            else:
                total += self.max_set(x, p - total - u * left)  # type: ignore[assignment]
            if total + u * left <= p:
                return p
        return total

    # -- the strategy -----------------------------------------------------------------------------------------
    def strategy(self) -> dict[str, str]:
        """The alternative chosen at each information set the chosen strategy reaches, in the order play meets
        them (depth first, left to right)."""
        g = self.game
        out: dict[str, str] = {}
        stack: list[tuple[int, ...]] = [self.expand([0])]
        while stack:
            nodes = stack.pop()
            later: list[tuple[int, ...]] = []
            for x in self.partition(nodes):
                if isinstance(x, int):
                    continue
                j = self.choice.get(x)
                if j is None:  # not reached by a search that chose (a pruned alternative): nothing to say
                    continue
                label = str(g.infoset[x[0]])
                move = g.moves[x[0]][j]
                assert out.get(label, move) == move, f"information set {label} chosen twice"
                out[label] = move
                later.append(self.child(x, j))
            stack.extend(reversed(later))
        return out


def _deep(fn: Callable[[], object]) -> object:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return fn()
    finally:
        sys.setrecursionlimit(limit)


@dataclass(frozen=True)
class ImpAnswer:
    """A search's answer: the game's value (exact), the strategy, leaves examined out of all."""

    value: Fraction
    strategy: dict[str, str]
    leaves: int
    total_leaves: int


def imp_minimax(game: ImpProblem, order: Order | None = None) -> ImpAnswer:
    """IMP-minimax: V(expand({root})), the optimal strategy (first best alternative at ties), leaves examined."""
    s = Search(game, order=order)
    v = _deep(lambda: s.value(s.expand([0])))
    return ImpAnswer(Fraction(int(v), s.scale), s.strategy(), s.leaves, game.leaves)  # type: ignore[call-overload]


def imp_alpha_beta(game: ImpProblem, p: Fraction | float = NEG_INF, order: Order | None = None) -> ImpAnswer:
    """IMP-alpha-beta: Mixed-Set(expand({root}), P) (P = -inf: the game's value), its strategy, leaves examined.

    With a finite ``p`` the answer's value is the game's value when that is at least ``p``, else ``p``.
    """
    s = Search(game, order=order)
    bound = p if p == NEG_INF else p * s.scale
    v = _deep(lambda: s.mixed_set(s.expand([0]), bound))
    value = Fraction(v) / s.scale  # type: ignore[arg-type]
    return ImpAnswer(value, s.strategy(), s.leaves, game.leaves)


__all__ = ["ImpAnswer", "NEG_INF", "Order", "Search", "imp_alpha_beta", "imp_minimax"]
