"""Double-dummy tricks in one suit, world by world: a bound the exact solver drops worlds with.

In one world every card is seen, so the most declarer can take there against the defenders'
best play is a plain minimax (the rules of :mod:`bridgeplay.engine.suit`: declarer leads from
either hand at every trick it wins, a defender who wins leads or exits, a void hand discards).
No strategy that must serve every world at once takes more in that world, so a world whose
double-dummy tricks fall short of a target is lost at that target in every payoff vector and
the exact search need not carry it: at the root (``SuitSearch.makeable``), after each first
lead (``dd_after_leads``, ``SuitSearch.play_x``) and at every trick boundary inside the search
(``_dd_fill``, the table the kernel keeps per position).

Positions at trick boundaries are memoised on the order of the cards left (whose they are, not
which ranks), shared by every world of a problem.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from bridgeplay.engine.rules import _popcount, _representatives, _trick_winner
from bridgeplay.engine.vectors import _patterns

LEAD_FREE, LEAD_N, LEAD_S, LEAD_W, LEAD_E = 0, 1, 2, 3, 4  # as in bridgeplay.engine.suit


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
def _without(n, e, s, w, seat, b):
    """The four hands (N, E, S, W) after ``seat`` plays the card ``b`` (a bit; 0 = a discard)."""
    return (n & ~b if seat == 0 else n, e & ~b if seat == 1 else e, s & ~b if seat == 2 else s,
            w & ~b if seat == 3 else w)


# The card-order memo is an open-addressing hash table in one int64 array (no typed dict: a dict passed down
# the recursion cost two atomic reference counts a call, and the search below runs without numba's runtime):
# memo[0] entries, memo[1] slots (a power of two), then the slots' keys (0: empty; a key is never 0, it holds
# the count of cards left), then their values.  The search stores while the table is at most half full; the
# kernels that call it make room first (:func:`_dd_room`), so a full table costs time, never a wrong count.
DD_SLOTS = 1 << 12  # a new table's slots


@njit(cache=True)
def _dd_memo(slots):
    """An empty card-order memo of ``slots`` slots (a power of two)."""
    memo = np.zeros(2 + 2 * slots, np.int64)
    memo[1] = slots
    return memo


@njit(cache=True, _nrt=False)
def _dd_slot(memo, key):
    """The slot that holds ``key``, or the empty slot where it goes."""
    cap = memo[1]
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
    i = np.int64(h >> np.uint64(32)) & (cap - 1)
    while memo[2 + i] != 0 and memo[2 + i] != key:
        i = (i + 1) & (cap - 1)
    return i


@njit(cache=True)
def _dd_room(memo):
    """``memo``, or a table twice as large with its entries, when it is more than a quarter full (a search from
    one position then has at least a quarter of the slots to store in)."""
    cap = memo[1]
    if 4 * memo[0] <= cap:
        return memo
    out = _dd_memo(2 * cap)
    for i in range(cap):
        k = memo[2 + i]
        if k != 0:
            j = _dd_slot(out, k)
            out[2 + j] = k
            out[2 + 2 * cap + j] = memo[2 + cap + i]
            out[0] += 1
    return out


@njit(cache=True, _nrt=False)
def _dd(n, s, w, e, leader, nt, r0, r1, r2, lead, memo):
    """Declarer's tricks from here on with every card seen (``nt`` cards on the table, ``lead`` at a boundary)."""
    z = np.int64(0)  # (recursive calls take int64 arguments, never literals: a cached recursive function
    free = np.int64(LEAD_FREE)  # called with a literal constant specialises on it and cannot be loaded again)
    if nt == 0:
        if (w | e) == 0:
            return max(_popcount(n), _popcount(s))
        if (n | s) == 0:
            return 0
        key = _key(n, s, w, e, lead)
        slot = _dd_slot(memo, key)
        if memo[2 + slot] == key:
            return memo[2 + memo[1] + slot]
        defence = lead == LEAD_W or lead == LEAD_E
        # a defender on lead leads a card or exits; declarer leads from either hand (the one the
        # rule names, while it has a card)
        v = _dd(n, s, w, e, z, z, z, z, z, free, memo) if defence else -1
        for seat in range(4):
            hand = n if seat == 0 else e if seat == 1 else s if seat == 2 else w
            if defence:
                if seat != (3 if lead == LEAD_W else 1):
                    continue
            elif seat % 2 == 1 or hand == 0 or (lead == LEAD_N and seat != 0 and n != 0) or (
                    lead == LEAD_S and seat != 2 and s != 0):
                continue
            reps = _representatives(hand, (n | s | w | e) & ~hand)
            for r in range(14, 1, -1):
                if reps >> r & 1:
                    n2, e2, s2, w2 = _without(n, e, s, w, seat, np.int64(1) << r)
                    x = _dd(n2, s2, w2, e2, np.int64(seat), np.int64(1), np.int64(r), z, z, free, memo)
                    v = min(v, x) if defence else max(v, x)
        if 2 * (memo[0] + 1) <= memo[1]:
            slot = _dd_slot(memo, key)  # (the searches below may have filled the slot found above)
            memo[2 + slot] = key
            memo[2 + memo[1] + slot] = v
            memo[0] += 1
        return v
    seat = (leader + nt) % 4
    hand = n if seat == 0 else e if seat == 1 else s if seat == 2 else w
    declarer = seat == 0 or seat == 2
    table = (np.int64(1) << r0) | ((np.int64(1) << r1) if r1 > 0 else 0) | ((np.int64(1) << r2) if r2 > 0 else 0)
    reps = _representatives(hand, ((n | s | w | e) & ~hand) | table) if hand else np.int64(1)  # bit 0: a discard
    v = -1 if declarer else 99
    for r in range(14, -1, -1):
        if not reps >> r & 1:
            continue
        n2, e2, s2, w2 = _without(n, e, s, w, seat, np.int64(1) << r if r > 0 else np.int64(0))
        if nt < 3:
            a1 = np.int64(r if nt == 1 else r1)
            a2 = np.int64(r if nt == 2 else r2)
            x = _dd(n2, s2, w2, e2, leader, np.int64(nt + 1), r0, a1, a2, free, memo)
        else:
            win = _trick_winner(leader, r0, r1, r2, r)
            if win == 0 or win == 2:
                x = 1 + _dd(n2, s2, w2, e2, z, z, z, z, z, free, memo)
            else:
                x = _dd(n2, s2, w2, e2, z, z, z, z, z, np.int64(LEAD_W if win == 3 else LEAD_E), memo)
        v = max(v, x) if declarer else min(v, x)
    return v


@njit(cache=True, nogil=True)
def _dd_worlds(north, south, dfd, west, lead):
    """Per world (West's holding ``west[i]`` of the defenders' cards ``dfd``), declarer's double-dummy tricks."""
    memo = _dd_memo(DD_SLOTS)
    out = np.empty(west.shape[0], np.int64)
    z = np.int64(0)
    for i in range(west.shape[0]):
        wv = west[i] & dfd
        if 4 * memo[0] > memo[1]:
            memo = _dd_room(memo)
        out[i] = _dd(north, south, wv, dfd & ~wv, z, z, z, z, z, lead, memo)
    return out


@njit(cache=True)
def _dd_fill(table, north, south, dfd, lead, west, need, memo):
    """Fill in a trick boundary's table for the worlds of ``need`` (bitset words) not in it yet.

    Row t (0..13) holds the worlds where declarer can take at least t tricks from here, double
    dummy; row 14 the worlds filled in so far.  Only the worlds a search asks about are counted
    (at a boundary, those that agree with the cards played: usually a few of the problem's), and
    worlds that deal the cards left alike share one count (``memo``: a card-order memo, kept
    across calls).  Returns the memo (a larger one when it had to grow).
    """
    todo = np.empty(need.shape[0], np.uint64)
    for wi in range(need.shape[0]):
        todo[wi] = need[wi] & ~table[14, wi]
        table[14, wi] |= todo[wi]
    pat = _patterns(west, todo, dfd)  # West's holding of the cards left, as an index
    seen = np.full(1 << _popcount(dfd), -1, np.int64)
    # (the worlds in runs between which the memo grows: a table reassigned in the loop over the worlds would
    # cost its reference counts per world)
    i = np.int64(0)
    while i < west.shape[0]:
        if 4 * memo[0] > memo[1]:
            memo = _dd_room(memo)
        i = _dd_fill_run(table, north, south, dfd, lead, west, pat, seen, memo, i)
    return memo


@njit(cache=True, _nrt=False)
def _dd_fill_run(table, north, south, dfd, lead, west, pat, seen, memo, i):
    """:func:`_dd_fill`'s worlds from ``i`` on, until the memo is more than a quarter full: the next world."""
    z = np.int64(0)
    while i < west.shape[0]:
        h = pat[i]
        if h >= 0:
            t = seen[h]
            if t < 0:
                if 4 * memo[0] > memo[1]:
                    return i
                wv = west[i] & dfd
                t = _dd(north, south, wv, dfd & ~wv, z, z, z, z, z, lead, memo)
                seen[h] = t
            bit = np.uint64(1) << np.uint64(i % 64)
            for c in range(min(t, 13) + 1):
                table[c, i // 64] |= bit
        i += 1
    return i


@njit(cache=True, nogil=True)
def _dd_leads(north, south, dfd, west, seats, ranks):
    """Per first lead k (``ranks[k]`` from ``seats[k]``, North 0 or South 2) and world, declarer's
    double-dummy tricks once it is led (one card-order memo for them all)."""
    memo = _dd_memo(DD_SLOTS)
    out = np.empty((seats.shape[0], west.shape[0]), np.int64)
    z = np.int64(0)
    for k in range(seats.shape[0]):
        seat = seats[k]
        r = ranks[k]
        b = np.int64(1) << r
        n2 = north & ~b if seat == 0 else north
        s2 = south & ~b if seat == 2 else south
        for i in range(west.shape[0]):
            wv = west[i] & dfd
            if 4 * memo[0] > memo[1]:
                memo = _dd_room(memo)
            out[k, i] = _dd(n2, s2, wv, dfd & ~wv, seat, np.int64(1), r, z, z, np.int64(LEAD_FREE), memo)
    return out


def dd_after_leads(north: int, south: int, outstanding: int, west: np.ndarray,
                   leads: list[tuple[int, int]]) -> np.ndarray:
    """Declarer's double-dummy tricks per first lead and world: row k once ``leads[k]`` = (seat, rank)
    is led (seat 0 North or 2 South; the lead's own trick counts).

    A bound per first play, tighter than :func:`dd_tricks` (which lets declarer choose the lead
    world by world: it is the most of these rows when they are every distinct lead the rule allows).
    """
    if any(seat not in (0, 2) for seat, _ in leads):
        raise ValueError("the first lead is declarer's")
    seats = np.array([seat for seat, _ in leads], dtype=np.int64)
    ranks = np.array([r for _, r in leads], dtype=np.int64)
    return _dd_leads(np.int64(north), np.int64(south), np.int64(outstanding),
                     np.ascontiguousarray(west, dtype=np.int64), seats, ranks)


def dd_tricks(north: int, south: int, outstanding: int, west: np.ndarray, lead: int = LEAD_FREE) -> np.ndarray:
    """Declarer's double-dummy tricks per world (``west``: West's holding in each world).

    ``lead``: who may lead first (``LEAD_FREE``, ``LEAD_N`` or ``LEAD_S``).
    """
    if lead not in (LEAD_FREE, LEAD_N, LEAD_S):
        raise ValueError("the first lead is declarer's")
    return _dd_worlds(np.int64(north), np.int64(south), np.int64(outstanding),
                      np.ascontiguousarray(west, dtype=np.int64), np.int64(lead))
