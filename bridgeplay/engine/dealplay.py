"""Small card-play kernels over many worlds at once (no search): the last trick of an ending.

A world is West's holding now (``west[i, s]`` masks); East holds ``dfd[s] & ~west[i, s]``.
North, South and the defenders' cards are ``int64[4]`` masks.  Suits S, H, D, C = 0..3, trump
4 = no trumps; seats N, E, S, W = 0..3.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from bridgeplay.engine import _numba


@njit(cache=True)
def _single(m0, m1, m2, m3):
    """(suit, rank) of the one card in a hand of one card."""
    ms = (m0, m1, m2, m3)
    for s in range(4):
        m = ms[s]
        if m != 0:
            r = 14
            while not (m >> r) & 1:
                r -= 1
            return s, r
    return -1, 0


@njit(cache=True)
def last_trick_ns(north, south, dfd, west, idx, leader, trump, out):
    """``out[k]`` = 1 when North-South win the last trick (one card each) in world ``idx[k]``, else 0."""
    suits = np.zeros(4, np.int64)
    ranks = np.zeros(4, np.int64)
    ns_, nr = _single(north[0], north[1], north[2], north[3])
    ss, sr = _single(south[0], south[1], south[2], south[3])
    for k in range(idx.shape[0]):
        i = idx[k]
        ws, wr = _single(west[i, 0] & dfd[0], west[i, 1] & dfd[1], west[i, 2] & dfd[2], west[i, 3] & dfd[3])
        es, er = _single(dfd[0] & ~west[i, 0], dfd[1] & ~west[i, 1], dfd[2] & ~west[i, 2], dfd[3] & ~west[i, 3])
        suits[0] = ns_
        ranks[0] = nr
        suits[1] = es
        ranks[1] = er
        suits[2] = ss
        ranks[2] = sr
        suits[3] = ws
        ranks[3] = wr
        best = leader
        for j in range(1, 4):
            x = (leader + j) & 3
            if suits[x] == suits[best]:
                if ranks[x] > ranks[best]:
                    best = x
            elif suits[x] == trump:
                best = x
        out[k] = 1 if (best & 1) == 0 else 0




_numba.numba_without_scipy()  # (before numba's first compile or cache load: see there)
