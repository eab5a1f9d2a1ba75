"""Random game trees for experiments (Frank, Basin & Matsubara, AAAI-98 style)."""

from __future__ import annotations

from typing import Any

import numpy as np

from bridgeplay.games.tree.problem import MAX, MIN, TreeProblem, load_tree_problem

LAST_PLAYER_P = (3 - 5 ** 0.5) / 2  # ≈ 0.382: P(the player who moved last wins) keeping P(win) depth-invariant


def random_tree_data(rng: np.random.Generator, depth: int, branching: int = 2, n_worlds: int = 10,
                     root: str = MAX, q: float = 0.0, p_last: float = LAST_PLAYER_P,
                     restrict: float = 0.0, hidden: float = 0.0) -> dict[str, Any]:
    """A random ``kind: tree`` mapping in the style of Frank, Basin & Matsubara (AAAI-98).

    A complete ``branching``-ary tree of ``depth`` plies, MAX and MIN alternating from
    ``root``; equally likely worlds.  Leaf payoffs are 0/1 by the last-player rule: the
    player who made the last move wins with probability ``p_last`` (the default keeps the
    chance of a forced win the same at every depth).  ``q`` makes worlds alike: each
    world's payoff at a leaf copies a shared draw with probability q.  Options beyond the
    paper, to exercise the model: ``restrict`` — chance that a MIN move (other than the
    first) exists only in a random subset of the worlds; ``hidden`` — chance that MAX does
    not see a MIN move (the MAX children of that MIN node share information sets).
    """
    if depth < 1:
        raise ValueError("depth must be at least 1")
    world_names = [f"w{i + 1}" for i in range(n_worlds)]
    counter = [0]

    def leaf(last: str) -> list[int]:
        p = p_last if last == MAX else 1.0 - p_last
        shared = rng.random() < p
        own = rng.random(n_worlds) < p
        copy = rng.random(n_worlds) < q
        return [int(shared) if c else int(o) for c, o in zip(copy, own)]

    def build(level: int, player: str, label: str | None, reach: list[str]) -> dict[str, Any]:
        other = MIN if player == MAX else MAX
        children: dict[str, Any] = {}
        shared_labels: list[str] | None = None
        if player == MIN and other == MAX and level + 1 < depth and rng.random() < hidden:
            counter[0] += 1
            shared_labels = [f"h{counter[0]}"]
        for m in range(branching):
            move = str(m + 1)
            subset = reach
            if player == MIN and m > 0 and rng.random() < restrict:
                subset = [w for w in reach if rng.random() < 0.5] or [reach[int(rng.integers(len(reach)))]]
            if level + 1 == depth:
                sub: Any = leaf(player)
            else:
                sub = build(level + 1, other, shared_labels[0] if shared_labels else None, subset)
            if subset is not reach:
                sub = {**(sub if isinstance(sub, dict) else {"payoff": sub}), "worlds": subset}
            children[move] = sub
        return {player: label, "children": children}

    return {"name": "random tree", "kind": "tree", "worlds": n_worlds, "tree": build(0, root, None, world_names)}


def random_tree(seed: int | np.random.Generator, depth: int, **kwargs: Any) -> TreeProblem:
    """A validated random tree problem (see :func:`random_tree_data`)."""
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    return load_tree_problem(random_tree_data(rng, depth, **kwargs), "<random>")
