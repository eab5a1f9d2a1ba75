"""IMP-model trees (van Lent & Mutchler) generated lazily from a counter-based RNG, and their searches.

An IMP-model(k, b, d) tree: a chance root with N = k^(d-1) children, all in one information set; every
other interior node has b alternatives; along each alternative an information set of depth t (its nodes
at distance t from the root) splits into k information sets of equal size, contiguous blocks of the
root's children; the nodes at depth d are leaves, (kb)^(d-1) of them.  Nothing is stored: a set of nodes
at depth t is ``(lo, size, path)`` -- the root children ``lo .. lo + size - 1`` followed down by the
alternatives ``path`` (base b) -- and a leaf's payoff is computed when a search reaches it:

    payoff(leaf) = mix(key + (leaf + 1) * GOLDEN) mod (U + 1),  leaf = c * b^(d-1) + path,

with ``key`` = :func:`tree_key` (seed, k, b, d, trial) and ``mix`` SplitMix64's finaliser (a bijection of
64-bit words): the tree is the same whichever search, process or machine asks.  The bias of ``mod 11`` on a
64-bit word is below 11 / 2^64.

Every probability is a multiple of 1/N, so the searches count in units of 1/N and compare integers
(``prob(X)`` is the size of X); the seed's ``==`` (immediate pruning) and ``<=`` (information set pruning)
are then exact.  ``-infinity`` is :data:`NEG`, far below any sum a search can form.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from bridgeplay.engine._numba import numba_without_scipy

numba_without_scipy()

GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
MASK = (1 << 64) - 1
NEG = -(1 << 62)  # the root call's P = -infinity
MAX_LEAVES = 1 << 62  # (kb)^(d-1) must stay below this (leaf numbers are 64-bit words)


def mix_py(z: int) -> int:
    """SplitMix64's finaliser on a 64-bit word, in Python (the kernels' :func:`_mix`)."""
    z &= MASK
    z = ((z ^ (z >> 30)) * _M1) & MASK
    z = ((z ^ (z >> 27)) * _M2) & MASK
    return z ^ (z >> 31)


def tree_key(seed: int, k: int, b: int, d: int, trial: int) -> int:
    """The 64-bit key of IMP-model tree number ``trial`` of the cell (k, b, d) under ``seed``."""
    z = mix_py(seed & MASK)
    for x in (k, b, d, trial):
        z = mix_py((z + (x & MASK) * GOLDEN) & MASK)
    return z


@njit(cache=True)
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * np.uint64(_M1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_M2)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _payoff(key, leaf, top):
    """The payoff (0 .. top - 1) of leaf number ``leaf`` of the tree ``key``."""
    z = _mix(key + (np.uint64(leaf) + np.uint64(1)) * np.uint64(GOLDEN))
    return np.int64(z % np.uint64(top))


@njit(cache=True)
def _search(key, k, b, d, u, prune, count):
    """IMP-alpha-beta (``prune``) or IMP-minimax on the tree ``key``: its value in units of 1/k^(d-1).

    The recursion Mixed-Set -> Max-Set -> Mixed-Set runs on a stack of frames, one per depth t (numba's
    cache cannot hold recursive kernels).  Frame t is Mixed-Set(X, P) on X = the ``size[t]`` nodes at depth t
    below root children ``lo[t] ..`` by ``path[t]``; its members (partition(X)) are k PI-sets of ``m[t]`` nodes
    (one, the whole of X, at depth 1), and the Max-Set on member ``i[t]`` tries alternative ``j[t]``.  A
    Max-Set keeps the first best alternative and stops at ``U * prob(x)`` (immediate pruning); a Mixed-Set
    returns P when ``sum + U * prob-left <= P`` (information set pruning).  ``count[0]`` counts leaves read.
    """
    n = k ** (d - 1)
    bpow = b ** (d - 1)
    lo = np.zeros(d + 1, dtype=np.int64)
    size = np.zeros(d + 1, dtype=np.int64)
    path = np.zeros(d + 1, dtype=np.int64)
    pp = np.zeros(d + 1, dtype=np.int64)
    s = np.zeros(d + 1, dtype=np.int64)
    left = np.zeros(d + 1, dtype=np.int64)
    m = np.zeros(d + 1, dtype=np.int64)
    parts = np.zeros(d + 1, dtype=np.int64)
    i = np.zeros(d + 1, dtype=np.int64)
    j = np.zeros(d + 1, dtype=np.int64)
    best = np.zeros(d + 1, dtype=np.int64)
    t = 1
    size[1] = n
    pp[1] = NEG
    ret = np.int64(0)
    state = 0  # 0 enter frame t, 1 start member i[t], 2 try alternative j[t], 3 a child returned ret, 4 member done
    while True:
        if state == 0:
            s[t] = 0
            left[t] = size[t]
            if t == d:  # X is leaves, each a member of its own
                ret = np.int64(0)
                p = pp[t]
                rest = size[t]
                pruned = False
                for c in range(lo[t], lo[t] + size[t]):
                    rest -= 1
                    ret += _payoff(key, c * bpow + path[t], u + 1)
                    count[0] += 1
                    if prune and ret + u * rest <= p:
                        pruned = True
                        break
                if pruned:
                    ret = p
                t -= 1
                state = 3
                continue
            parts[t] = 1 if t == 1 else k  # expand({root}) is one information set; later sets split into k
            m[t] = size[t] // parts[t]
            i[t] = 0
            state = 1
        elif state == 1:
            if i[t] == parts[t]:
                ret = s[t]
                t -= 1
                state = 3
                continue
            left[t] -= m[t]
            best[t] = pp[t] - s[t] - u * left[t] if prune else NEG  # Max-Set(x, P - sum - U * prob-left)
            j[t] = 0
            state = 2
        elif state == 2:
            if j[t] == b:
                state = 4
                continue
            lo[t + 1] = lo[t] + i[t] * m[t]
            size[t + 1] = m[t]
            path[t + 1] = path[t] * b + j[t]
            pp[t + 1] = best[t]
            t += 1
            state = 0
        elif state == 3:
            if t == 0:
                return ret
            if ret > best[t]:
                best[t] = ret
                if prune and ret == u * m[t]:  # immediate pruning: the most any alternative can give
                    state = 4
                    continue
            j[t] += 1
            state = 2
        else:
            s[t] += best[t]
            if prune and s[t] + u * left[t] <= pp[t]:  # information set pruning (on equality too)
                ret = pp[t]
                t -= 1
                state = 3
                continue
            i[t] += 1
            state = 1


@njit(cache=True)
def _run_trials(keys, k, b, d, u, both, out):
    """For each tree key: out[i] = (alpha-beta value, its leaves, minimax value, its leaves) in units of 1/N;
    the minimax columns are -1 unless ``both``."""
    count = np.zeros(1, dtype=np.int64)
    for i in range(keys.shape[0]):
        key = keys[i]
        count[0] = 0
        out[i, 0] = _search(key, k, b, d, u, True, count)
        out[i, 1] = count[0]
        if both:
            count[0] = 0
            out[i, 2] = _search(key, k, b, d, u, False, count)
            out[i, 3] = count[0]
        else:
            out[i, 2] = -1
            out[i, 3] = -1


@njit(cache=True)
def _leaf_payoffs(key, first, n, top, out):
    for i in range(n):
        out[i] = _payoff(key, first + i, top)


def check_model(k: int, b: int, d: int, u: int) -> None:
    """Refuse parameters the kernels cannot count exactly (ValueError)."""
    if k < 1 or b < 1 or d < 2:
        raise ValueError(f"IMP-model needs k >= 1, b >= 1, d >= 2 (got k={k}, b={b}, d={d})")
    if (k * b) ** (d - 1) >= MAX_LEAVES:
        raise ValueError(f"IMP-model({k}, {b}, {d}) has more than 2^62 leaves")
    if u < 0 or u * k ** (d - 1) >= -NEG // 4:
        raise ValueError(f"U = {u} is out of range")


def search_trees(keys: np.ndarray, k: int, b: int, d: int, u: int = 10, minimax: bool = False) -> np.ndarray:
    """IMP-alpha-beta (and, with ``minimax``, IMP-minimax) on the IMP-model trees ``keys`` (uint64).

    Returns an int64 array ``(len(keys), 4)``: alpha-beta's value (in units of 1/k^(d-1)) and leaves
    examined, then minimax's (-1 when not run).  Payoffs are uniform on 0..u.
    """
    check_model(k, b, d, u)
    keys = np.ascontiguousarray(keys, dtype=np.uint64)
    out = np.empty((keys.shape[0], 4), dtype=np.int64)
    _run_trials(keys, np.int64(k), np.int64(b), np.int64(d), np.int64(u), bool(minimax), out)
    return out


def leaf_payoffs(key: int, first: int, n: int, u: int = 10) -> np.ndarray:
    """Payoffs of leaves ``first .. first + n - 1`` of the tree ``key`` (leaf = c * b^(d-1) + path)."""
    out = np.empty(n, dtype=np.int64)
    _leaf_payoffs(np.uint64(key), np.int64(first), np.int64(n), np.int64(u + 1), out)
    return out


__all__ = ["GOLDEN", "NEG", "check_model", "leaf_payoffs", "mix_py", "search_trees", "tree_key"]
