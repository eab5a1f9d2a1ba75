"""Single-suit play rules as small numba kernels on rank masks.

Seats are N, E, S, W = 0..3; a holding is an int mask with bit r for rank r.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _representatives(hand, gaps):
    """Mask of one card (the highest) per run of equivalent cards in ``hand``.

    Two cards of ``hand`` are equivalent when no card of ``gaps`` (every other unplayed
    card, and the cards on the table) lies between them.
    """
    reps = 0
    prev = 0
    for r in range(14, 1, -1):
        if hand >> r & 1:
            if prev == 0:
                reps |= 1 << r
            else:
                between = ((1 << prev) - 1) & ~((1 << (r + 1)) - 1)
                if between & gaps:
                    reps |= 1 << r
            prev = r
    return reps


@njit(cache=True)
def _rank_list(mask):
    """Ranks in ``mask``, highest first, as an int64 array."""
    n = 0
    for r in range(2, 15):
        if mask >> r & 1:
            n += 1
    out = np.empty(n, np.int64)
    i = 0
    for r in range(14, 1, -1):
        if mask >> r & 1:
            out[i] = r
            i += 1
    return out


@njit(cache=True)
def _popcount(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit(cache=True)
def _world_bitsets(west, outstanding):
    """For each rank r (index 0..14): bitset (as uint64 words) of the worlds where West holds r."""
    nw = west.shape[0]
    nwords = (nw + 63) // 64
    out = np.zeros((15, nwords), np.uint64)
    for i in range(nw):
        w = west[i]
        for r in range(2, 15):
            if (outstanding >> r & 1) and (w >> r & 1):
                out[r, i // 64] |= np.uint64(1) << np.uint64(i % 64)
    return out


@njit(cache=True)
def _trick_winner(leader, r0, r1, r2, r3):
    """Seat that wins a trick led by ``leader`` with ranks played in seat order from the leader (0 = discard)."""
    best = r0
    win = 0
    if r1 > best:
        best = r1
        win = 1
    if r2 > best:
        best = r2
        win = 2
    if r3 > best:
        best = r3
        win = 3
    return (leader + win) % 4
