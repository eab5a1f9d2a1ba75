"""Double-dummy tricks in one suit, world by world: a bound the exact solver drops worlds with.

In one world every card is seen, so the most declarer can take there against the defenders'
best play is a plain minimax (the rules of :mod:`bridgeplay.engine.suit`: declarer leads from
either hand at every trick it wins, a defender who wins leads or exits, a void hand discards).
No strategy that must serve every world at once takes more in that world, so a world whose
double-dummy tricks fall short of a target is lost at that target in every payoff vector and
the exact search need not carry it (``SuitSearch.first_moves``).

Positions at trick boundaries are memoised on the order of the cards left (whose they are, not
which ranks), shared by every world of a problem.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

LEAD_FREE, LEAD_N, LEAD_S, LEAD_W, LEAD_E = 0, 1, 2, 3, 4  # as in bridgeplay.engine.suit


@njit(cache=True)
def _count(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit(cache=True)
def _reps(hand, gaps):
    """One card (the highest) per run of ``hand``'s cards with no card of ``gaps`` between them."""
    reps = 0
    prev = 0
    for r in range(14, 1, -1):
        if hand >> r & 1:
            if prev == 0 or (((1 << prev) - 1) & ~((1 << (r + 1)) - 1) & gaps):
                reps |= 1 << r
            prev = r
    return reps


@njit(cache=True)
def _key(n, s, w, e, lead):
    """The position up to the ranks' names: per card left, highest first, whose it is."""
    code = np.int64(0)
    cnt = np.int64(0)
    for r in range(14, 1, -1):
        b = np.int64(1) << r
        if n & b:
            code = code * 4
        elif s & b:
            code = code * 4 + 1
        elif w & b:
            code = code * 4 + 2
        elif e & b:
            code = code * 4 + 3
        else:
            continue
        cnt += 1
    return (code << 8) | (cnt << 3) | lead


@njit(cache=True)
def _winner(leader, r0, r1, r2, r3):
    best = r0
    win = 0
    if r1 > best:
        best = r1
        win = 1
    if r2 > best:
        best = r2
        win = 2
    if r3 > best:
        win = 3
    return (leader + win) % 4


@njit(cache=True)
def _dd(n, s, w, e, leader, nt, r0, r1, r2, lead, memo):
    """Declarer's tricks from here on with every card seen (``nt`` cards on the table, ``lead`` at a boundary)."""
    z = np.int64(0)  # (recursive calls take int64 arguments, never literals: a cached recursive function
    free = np.int64(LEAD_FREE)  # called with a literal constant specialises on it and cannot be loaded again)
    if nt == 0:
        if (w | e) == 0:
            return max(_count(n), _count(s))
        if (n | s) == 0:
            return 0
        key = _key(n, s, w, e, lead)
        if key in memo:
            return memo[key]
        if lead == LEAD_W or lead == LEAD_E:
            seat = 3 if lead == LEAD_W else 1
            hand = w if seat == 3 else e
            v = _dd(n, s, w, e, z, z, z, z, z, free, memo)  # the defender exits
            reps = _reps(hand, (n | s | w | e) & ~hand)
            for r in range(14, 1, -1):
                if reps >> r & 1:
                    b = np.int64(1) << r
                    w2 = w & ~b if seat == 3 else w
                    e2 = e & ~b if seat == 1 else e
                    v = min(v, _dd(n, s, w2, e2, np.int64(seat), np.int64(1), np.int64(r), z, z, free, memo))
        else:
            v = -1
            for seat in (0, 2):
                hand = n if seat == 0 else s
                if hand == 0 or (lead == LEAD_N and seat != 0 and n != 0) or (lead == LEAD_S and seat != 2 and s != 0):
                    continue
                reps = _reps(hand, (n | s | w | e) & ~hand)
                for r in range(14, 1, -1):
                    if reps >> r & 1:
                        b = np.int64(1) << r
                        n2 = n & ~b if seat == 0 else n
                        s2 = s & ~b if seat == 2 else s
                        v = max(v, _dd(n2, s2, w, e, np.int64(seat), np.int64(1), np.int64(r), z, z, free, memo))
        memo[key] = v
        return v
    seat = (leader + nt) % 4
    hand = n if seat == 0 else e if seat == 1 else s if seat == 2 else w
    declarer = seat == 0 or seat == 2
    table = (np.int64(1) << r0) | ((np.int64(1) << r1) if r1 > 0 else 0) | ((np.int64(1) << r2) if r2 > 0 else 0)
    reps = _reps(hand, ((n | s | w | e) & ~hand) | table) if hand else np.int64(1)  # bit 0: a discard
    v = -1 if declarer else 99
    for r in range(14, -1, -1):
        if not reps >> r & 1:
            continue
        b = np.int64(1) << r if r > 0 else np.int64(0)
        n2 = n & ~b if seat == 0 else n
        e2 = e & ~b if seat == 1 else e
        s2 = s & ~b if seat == 2 else s
        w2 = w & ~b if seat == 3 else w
        if nt < 3:
            a1 = np.int64(r if nt == 1 else r1)
            a2 = np.int64(r if nt == 2 else r2)
            x = _dd(n2, s2, w2, e2, leader, np.int64(nt + 1), r0, a1, a2, free, memo)
        else:
            win = _winner(leader, r0, r1, r2, r)
            if win == 0 or win == 2:
                x = 1 + _dd(n2, s2, w2, e2, z, z, z, z, z, free, memo)
            else:
                x = _dd(n2, s2, w2, e2, z, z, z, z, z, np.int64(LEAD_W if win == 3 else LEAD_E), memo)
        v = max(v, x) if declarer else min(v, x)
    return v


@njit(cache=True, nogil=True)
def _dd_worlds(north, south, dfd, west, lead):
    """Per world (West's holding ``west[i]`` of the defenders' cards ``dfd``), declarer's double-dummy tricks."""
    memo = Dict.empty(types.int64, types.int64)
    out = np.empty(west.shape[0], np.int64)
    for i in range(west.shape[0]):
        wv = west[i] & dfd
        z = np.int64(0)
        out[i] = _dd(north, south, wv, dfd & ~wv, z, z, z, z, z, lead, memo)
    return out


def dd_tricks(north: int, south: int, outstanding: int, west: np.ndarray, lead: int = LEAD_FREE) -> np.ndarray:
    """Declarer's double-dummy tricks per world (``west``: West's holding in each world).

    ``lead``: who may lead first (``LEAD_FREE``, ``LEAD_N`` or ``LEAD_S``).
    """
    if lead not in (LEAD_FREE, LEAD_N, LEAD_S):
        raise ValueError("the first lead is declarer's")
    return _dd_worlds(np.int64(north), np.int64(south), np.int64(outstanding),
                      np.ascontiguousarray(west, dtype=np.int64), np.int64(lead))
