"""Payoff vectors over worlds and their Pareto fronts (numba kernels).

A payoff vector is stored as *levels* of world bitsets: level ``t`` holds the worlds
where the payoff is at least threshold ``t``; the levels are concatenated in one
row of ``uint64`` words.  With one level the vector is the 0/1 "made the target"
vector.  Then

* vector ``u`` is dominated by ``v`` iff ``u & ~v == 0`` word by word;
* the component-wise minimum of two vectors is their bitwise AND;

so a front is a 2-D ``uint64`` array (one row per vector) and every kernel is
plain word arithmetic.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _popcount64(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)


@njit(cache=True)
def _pareto(F):
    """Rows of F that no other row dominates (duplicates kept once)."""
    k, m = F.shape
    if k <= 1:
        return F.copy()
    pc = np.zeros(k, np.int64)
    for i in range(k):
        s = 0
        for w in range(m):
            s += _popcount64(F[i, w])
        pc[i] = s
    order = np.argsort(-pc, kind="mergesort")
    keep = np.empty(k, np.int64)
    nk = 0
    for ii in range(k):
        i = order[ii]
        dominated = False
        for jj in range(nk):
            j = keep[jj]
            sub = True
            for w in range(m):
                if F[i, w] & ~F[j, w]:
                    sub = False
                    break
            if sub:
                dominated = True
                break
        if not dominated:
            keep[nk] = i
            nk += 1
    out = np.empty((nk, m), np.uint64)
    for a in range(nk):
        out[a, :] = F[keep[a], :]
    return out


@njit(cache=True)
def _min_combine(R, F, notwc):
    """Pareto front of {r & (f | notwc)}: MIN's reply combined with another child's front.

    ``notwc`` marks the parent's worlds where the child's move is not available, so
    there the child puts no bound on the payoff.
    """
    a, m = R.shape
    b = F.shape[0]
    cand = np.empty((a * b, m), np.uint64)
    n = 0
    for i in range(a):
        for j in range(b):
            for w in range(m):
                cand[n, w] = R[i, w] & (F[j, w] | notwc[w])
            n += 1
    return _pareto(cand)


@njit(cache=True)
def _union(A, B):
    """Pareto front of the union of two fronts (a MAX node)."""
    m = A.shape[1]
    C = np.empty((A.shape[0] + B.shape[0], m), np.uint64)
    C[: A.shape[0]] = A
    C[A.shape[0]:] = B
    return _pareto(C)


@njit(cache=True)
def _expand_levels(F, src, full, nwords):
    """Rebuild rows with new levels: level i copies level src[i] of F, or is empty (-1), or level i of ``full`` (-2)."""
    k = F.shape[0]
    L = src.shape[0]
    out = np.zeros((k, L * nwords), np.uint64)
    for r in range(k):
        for i in range(L):
            s = src[i]
            if s >= 0:
                for w in range(nwords):
                    out[r, i * nwords + w] = F[r, s * nwords + w]
            elif s == -2:
                for w in range(nwords):
                    out[r, i * nwords + w] = full[i * nwords + w]
    return out


@njit(cache=True)
def _values(F, weights, nwords):
    """Expected payoff of each row: Σ over levels and set bits of the world's weight."""
    k, m = F.shape
    out = np.zeros(k, np.float64)
    for r in range(k):
        s = 0.0
        for wi in range(m):
            x = F[r, wi]
            base = (wi % nwords) * 64
            while x:
                low = x & (~x + np.uint64(1))
                b = _popcount64(low - np.uint64(1))
                s += weights[base + b]
                x ^= low
        out[r] = s
    return out


@njit(cache=True)
def _find_superset(F, need):
    """Index of the first row of F that contains every bit of ``need`` (-1 if none)."""
    k, m = F.shape
    for r in range(k):
        ok = True
        for w in range(m):
            if need[w] & ~F[r, w]:
                ok = False
                break
        if ok:
            return r
    return -1


def int_to_words(x: int, nwords: int) -> np.ndarray:
    """A Python-int bitset as ``uint64`` words (little-endian word order)."""
    return np.frombuffer(x.to_bytes(nwords * 8, "little"), dtype=np.uint64).copy()


def words_to_int(words: np.ndarray) -> int:
    return int.from_bytes(np.ascontiguousarray(words, dtype=np.uint64).tobytes(), "little")


@njit(cache=True)
def _patterns(west, xw, dfd):
    """Canonical index of each world at a position: West's current holding as a bit pattern over the
    defenders' remaining cards (highest first); -1 for worlds outside the bitset ``xw``.

    Within one position the map is one-to-one (who played each gone card is public), so it
    relabels the worlds of positions that differ only by which equivalent cards are gone.
    """
    nw = west.shape[0]
    cards = np.empty(15, np.int64)
    m = 0
    for r in range(14, 1, -1):
        if dfd >> r & 1:
            cards[m] = r
            m += 1
    pat = np.full(nw, -1, np.int64)
    for i in range(nw):
        if xw[i // 64] >> np.uint64(i % 64) & np.uint64(1):
            p = 0
            w = west[i]
            for j in range(m):
                if w >> cards[j] & 1:
                    p |= 1 << j
            pat[i] = p
    return pat


@njit(cache=True)
def _to_canon(F, pat, nwords, pwords):
    """Re-index a front's world bits by ``pat`` (world -> canonical index)."""
    k, width = F.shape
    L = width // nwords if nwords else 0
    out = np.zeros((k, L * pwords), np.uint64)
    nw = pat.shape[0]
    for r in range(k):
        for lv in range(L):
            for i in range(nw):
                p = pat[i]
                if p >= 0 and (F[r, lv * nwords + i // 64] >> np.uint64(i % 64)) & np.uint64(1):
                    out[r, lv * pwords + p // 64] |= np.uint64(1) << np.uint64(p % 64)
    return out


@njit(cache=True)
def _from_canon(C, pat, nwords, pwords):
    """Inverse of :func:`_to_canon` for the worlds that ``pat`` maps."""
    k, width = C.shape
    L = width // pwords if pwords else 0
    out = np.zeros((k, L * nwords), np.uint64)
    nw = pat.shape[0]
    for r in range(k):
        for lv in range(L):
            for i in range(nw):
                p = pat[i]
                if p >= 0 and (C[r, lv * pwords + p // 64] >> np.uint64(p % 64)) & np.uint64(1):
                    out[r, lv * nwords + i // 64] |= np.uint64(1) << np.uint64(i % 64)
    return out


@njit(cache=True)
def _level_or(F):
    """Bitwise OR of all rows of F (every world some vector wins, per level)."""
    k, m = F.shape
    out = np.zeros(m, np.uint64)
    for r in range(k):
        for w in range(m):
            out[w] |= F[r, w]
    return out


@njit(cache=True)
def _mask_pareto(F, mask):
    """Pareto front of the rows of F restricted to ``mask``."""
    k, m = F.shape
    G = np.empty((k, m), np.uint64)
    for r in range(k):
        for w in range(m):
            G[r, w] = F[r, w] & mask[w]
    return _pareto(G)
