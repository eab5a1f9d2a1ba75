"""Seeded IMP-model(k, b, d) trees (van Lent & Mutchler, Section 3) and their searches.

A tree is named by ``(seed, k, b, d, trial)``: :func:`keys` gives the 64-bit keys of a cell's trials, and
:mod:`bridgeplay.engine.imp` computes a leaf's payoff from its key when a search reaches it (a counter-based
RNG), so no tree is ever stored and any process rebuilds the same one.  Payoffs are uniform integers 0..U
(the seed's ``(random 11)`` with U = 10); alternatives are searched in their static order.

:func:`explicit` writes a small tree out as a ``kind: imp`` mapping, whose information sets are labelled
``t.path.block`` (depth t, the alternatives taken, numbered from 1, and the block of root children).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bridgeplay.engine import imp as engine


def keys(seed: int, k: int, b: int, d: int, first: int, count: int) -> np.ndarray:
    """The keys of trials ``first .. first + count - 1`` of the cell (k, b, d) under ``seed`` (uint64)."""
    return np.array([engine.tree_key(seed, k, b, d, t) for t in range(first, first + count)], dtype=np.uint64)


def search(seed: int, k: int, b: int, d: int, first: int, count: int, u: int = 10,
           minimax: bool = False) -> np.ndarray:
    """IMP-alpha-beta (and IMP-minimax) on trials ``first ..``: rows (ab value, ab leaves, mm value, mm leaves),
    values in units of 1/k^(d-1) (see :func:`bridgeplay.engine.imp.search_trees`)."""
    return engine.search_trees(keys(seed, k, b, d, first, count), k, b, d, u, minimax)


def leaves(k: int, b: int, d: int) -> int:
    """The leaves of an IMP-model tree, (kb)^(d-1): what IMP-minimax examines (Theorem 3)."""
    return (k * b) ** (d - 1)


def payoffs(key: int, k: int, b: int, d: int, u: int = 10) -> np.ndarray:
    """Every leaf's payoff, numbered ``c * b^(d-1) + path`` (small trees: tests, the explicit form)."""
    return engine.leaf_payoffs(key, 0, leaves(k, b, d), u)


def explicit(key: int, k: int, b: int, d: int, u: int = 10, name: str | None = None) -> dict[str, Any]:
    """The tree ``key`` as a ``kind: imp`` mapping (small trees only)."""
    engine.check_model(k, b, d, u)
    if leaves(k, b, d) > 100_000:
        raise ValueError("explicit() writes out small trees only (at most 100,000 leaves)")
    pay = payoffs(key, k, b, d, u)
    bpow = b ** (d - 1)

    def node(c: int, t: int, path: int, digits: str) -> Any:
        if t == d:
            return int(pay[c * bpow + path])
        block = c // k ** (d - t)
        label = f"{t}.{digits or '-'}.{block}"
        sep = "," if digits else ""
        return {"max": label, "children": {str(j + 1): node(c, t + 1, path * b + j, f"{digits}{sep}{j + 1}")
                                           for j in range(b)}}

    root = {"chance": [node(c, 1, 0, "") for c in range(k ** (d - 1))]}
    return {"name": name or f"IMP-model k={k} b={b} d={d}", "kind": "imp", "U": u, "tree": root}


__all__ = ["explicit", "keys", "leaves", "payoffs", "search"]
