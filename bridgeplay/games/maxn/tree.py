"""Explicit n-player game trees (the seed's small figures) and the maxⁿ family of searches over them, in Python.

A node is a leaf with its value tuple, or a player's choice among children (in order, ties to the left).  A
node may carry the monotonic heuristic's bounds: ``low`` (a lower bound on every player's final score below
it; the "static value" a branch-and-bound search returns when it prunes the node) and ``up`` (an upper bound;
by default ``maxsum`` minus the others' ``low``, as the seed defines it for card games, and never above
``maxp``).  The loader checks the bounds are monotonic (a child's are within its parent's, a leaf within its
own), which is what branch-and-bound needs to be sound.

These are the same algorithms as the engine's kernels (:mod:`bridgeplay.engine.trick`), written over explicit
nodes; each returns ``(value, move index, nodes visited)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, eq=False)
class TNode:
    """A node: ``player`` (0-based) to move and ``children``, or a leaf ``value``; ``label`` names it."""

    label: str | None = None
    player: int = -1
    children: tuple[TNode, ...] = ()
    value: tuple[int, ...] | None = None
    low: tuple[int, ...] | None = None
    up: tuple[int, ...] | None = None
    move: str = ""  # the move that leads here from the parent

    @property
    def leaf(self) -> bool:
        return self.value is not None


@dataclass
class Bounds:
    """The game's bounds and the per-node heuristic (``low``/``up`` resolved against maxsum, maxp)."""

    n: int
    maxsum: int
    maxp: int
    fix: bool = True  # the "same player twice" fix of ABBnB and shallow pruning
    counter: list[int] = field(default_factory=lambda: [0])

    def low(self, node: TNode) -> tuple[int, ...]:
        if node.leaf:
            return node.value  # type: ignore[return-value]
        return node.low if node.low is not None else (0,) * self.n

    def up(self, node: TNode, i: int) -> int:
        if node.leaf:
            return node.value[i]  # type: ignore[index]
        low = self.low(node)
        derived = min(self.maxp, self.maxsum - sum(low[j] for j in range(self.n) if j != i))
        return min(derived, node.up[i]) if node.up is not None else derived

    def visit(self) -> None:
        self.counter[0] += 1


def _better(current: tuple[int, ...], best: tuple[int, ...] | None, p: int) -> bool:
    return best is None or current[p] > best[p]


def maxn(root: TNode, b: Bounds, immediate: bool = True) -> tuple[tuple[int, ...], int]:
    """Plain maxⁿ (each player maximises its own component, ties to the left); immediate pruning at maxp."""

    def go(node: TNode) -> tuple[tuple[int, ...], int]:
        b.visit()
        if node.leaf:
            return node.value, -1  # type: ignore[return-value]
        best, arg = None, -1
        for i, child in enumerate(node.children):
            if i > 0 and immediate and best[node.player] >= b.maxp:  # type: ignore[index]
                break
            v, _ = go(child)
            if _better(v, best, node.player):
                best, arg = v, i
        return best, arg  # type: ignore[return-value]

    return go(root)


def shallow(root: TNode, b: Bounds) -> tuple[tuple[int, ...], int]:
    """maxⁿ with immediate and shallow pruning (Lemma 1 is checked by the caller)."""

    def go(node: TNode, bound: int) -> tuple[tuple[int, ...], int]:
        b.visit()
        if node.leaf:
            return node.value, -1  # type: ignore[return-value]
        p = node.player
        best, arg = None, -1
        for i, child in enumerate(node.children):
            if i > 0 and (best[p] >= bound or best[p] >= b.maxp):  # type: ignore[index]
                break
            cb = b.maxsum
            if i > 0 and (child.player != p or not b.fix):
                cb = b.maxsum - best[p]  # type: ignore[index]
            v, _ = go(child, cb)
            if _better(v, best, p):
                best, arg = v, i
        return best, arg  # type: ignore[return-value]

    return go(root, b.maxsum)


def dfbnb(root: TNode, b: Bounds) -> tuple[tuple[int, ...], int]:
    """maxⁿ with depth-first branch-and-bound: immediate (h_up of the player to move reached) and shallow
    (h_up of the player above no more than its best so far)."""

    def go(node: TNode, prev: int, prev_best: int | None) -> tuple[tuple[int, ...], int]:
        b.visit()
        if node.leaf:
            return node.value, -1  # type: ignore[return-value]
        if prev >= 0 and prev_best is not None and b.up(node, prev) <= prev_best:
            return b.low(node), -1
        p = node.player
        up = b.up(node, p)
        best, arg = None, -1
        for i, child in enumerate(node.children):
            if i > 0 and best[p] >= up:  # type: ignore[index]
                break
            v, _ = go(child, p, best[p] if i > 0 else None)  # type: ignore[index]
            if _better(v, best, p):
                best, arg = v, i
        return best, arg  # type: ignore[return-value]

    return go(root, -1, None)


def abbnb(root: TNode, b: Bounds) -> tuple[tuple[int, ...], int]:
    """Alpha-beta branch-and-bound, the seed's ABBNB(Node, Player, Bound), as the engine's kernel: the same
    player moving again gets ``maxsum`` unless ``b.fix`` is false (the printed pseudo-code); the entry test
    uses the best of the player above so far (``maxsum - Bound`` in the pseudo-code, kept apart)."""

    def go(node: TNode, prev: int, bound: int, prev_best: int | None) -> tuple[tuple[int, ...], int]:
        b.visit()
        if node.leaf:
            return node.value, -1  # type: ignore[return-value]
        if prev >= 0 and prev_best is not None and b.up(node, prev) <= prev_best:
            return b.low(node), -1
        p = node.player
        low = b.low(node)
        heur = sum(low[q] for q in range(b.n) if q not in (p, prev))
        up = b.up(node, p)
        best, arg = None, -1
        for i, child in enumerate(node.children):
            if i > 0 and (best[p] >= bound - heur or best[p] >= up):  # type: ignore[index]
                break
            cb = b.maxsum
            if i > 0 and (child.player != p or not b.fix):
                cb = b.maxsum - best[p]  # type: ignore[index]
            v, _ = go(child, p, cb, best[p] if i > 0 else None)  # type: ignore[index]
            if _better(v, best, p):
                best, arg = v, i
        return best, arg  # type: ignore[return-value]

    return go(root, -1, b.maxsum, None)


def paranoid(root: TNode, b: Bounds, max_player: int, use_h: bool = False) -> tuple[int, int]:
    """The paranoid reduction: ``max_player`` against all the others, alpha-beta on its score (fail-soft);
    ``use_h``: the node bounds on its score cut too."""
    big = 1 << 40

    def go(node: TNode, alpha: int, beta: int) -> tuple[int, int]:
        b.visit()
        if node.leaf:
            return node.value[max_player], -1  # type: ignore[index]
        lo, up = -big, big
        if use_h:
            up = b.up(node, max_player)
            if up <= alpha:
                return up, -1
            lo = b.low(node)[max_player]
            if lo >= beta:
                return lo, -1
        arg = -1
        if node.player == max_player:
            best = -big
            for i, child in enumerate(node.children):
                v, _ = go(child, alpha, beta)
                if v > best:
                    best, arg = v, i
                alpha = max(alpha, best)
                if alpha >= beta or best >= up:
                    break
            return best, arg
        best = big
        for i, child in enumerate(node.children):
            v, _ = go(child, alpha, beta)
            if v < best:
                best, arg = v, i
            beta = min(beta, best)
            if alpha >= beta or best <= lo:
                break
        return best, arg

    return go(root, -big, big)


ALGORITHMS: dict[str, Callable[..., tuple]] = {"maxn": maxn, "shallow": shallow, "dfbnb": dfbnb, "abbnb": abbnb}


def size(root: TNode) -> int:
    """Nodes in the whole tree."""
    return 1 + sum(size(c) for c in root.children)
