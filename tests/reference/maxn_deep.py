"""The unsound searches the seed warns against, written literally over explicit trees, to show they are unsound:
deep pruning (a bound from any ancestor, not only the parent) and deep branch-and-bound (an ancestor's best
against the heuristic's upper bound).  Nodes are :class:`bridgeplay.games.maxn.tree.TNode`."""

from __future__ import annotations


def deep_maxn(node, maxsum: int, bounds: dict[int, int] | None = None) -> tuple[int, ...]:
    """maxⁿ that prunes a node's remaining children as soon as its player's score y means some ancestor's player
    (with best x so far) gets at most maxsum - y <= x there: deep alpha-beta pruning."""
    if node.leaf:
        return node.value
    bounds = dict(bounds or {})
    best = None
    for i, child in enumerate(node.children):
        if i > 0 and any(q != node.player and maxsum - best[node.player] <= x for q, x in bounds.items()):
            break
        inner = dict(bounds)
        if best is not None:
            inner[node.player] = max(inner.get(node.player, -1), best[node.player])
        v = deep_maxn(child, maxsum, inner)
        if best is None or v[node.player] > best[node.player]:
            best = v
    return best


def deep_bnb(node, b, bounds: dict[int, int] | None = None) -> tuple[int, ...]:
    """maxⁿ with branch-and-bound against every ancestor's best: a node where some ancestor's player q can get at
    most h_up(q) <= its best so far is cut (its static value returned): deep branch-and-bound."""
    if node.leaf:
        return node.value
    bounds = dict(bounds or {})
    if any(b.up(node, q) <= x for q, x in bounds.items()):
        return b.low(node)
    best = None
    for child in node.children:
        inner = dict(bounds)
        if best is not None:
            inner[node.player] = max(inner.get(node.player, -1), best[node.player])
        v = deep_bnb(child, b, inner)
        if best is None or v[node.player] > best[node.player]:
            best = v
    return best
