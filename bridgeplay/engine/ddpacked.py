"""The double-dummy engine's modes 3, 4 and 5 for a position its caller has packed already.

:func:`bridgeplay.engine.dd.solve_within` takes a position as absolute suit masks and packs it into the work
array (``dd._setup``: each suit's cards still held or on the table renumbered from bit 0 up, rank by rank).
The ABC search (:mod:`bridgeplay.engine.abc`) has that packed form at hand before every call: its value memo
is keyed in the same relative ranks.  :func:`solve_packed` takes the position in that form (a suit's cards
16 bits apart, the trick's cards as ``16 * suit + relative rank``), writes the work array from it with no
loop over the ranks, and answers the card masks in relative ranks too (so the caller translates nothing).
The search itself is the engine's (``dd._mtd``, ``dd._reaching``): the same positions reach it, so the
same nodes are searched and the same values returned.

The search of a packed position's one card (``dd._reaching_packed``) and mode 5's body
(``dd._value_reaching_at``) are the engine's, shared with ``dd.solve_within``; only the packing is here.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from bridgeplay.engine.dd import (
    OC,
    ODEBUG,
    OH,
    OT,
    _guess,
    _killers_reset,
    _mid_bucket,
    _mtd_mid,
    _pop,
    _reaching_packed,
    _value_reaching_at,
)
from bridgeplay.engine.deal import _beats

SUIT = 0xFFFF


@njit(cache=True, _nrt=False)
def _setup_packed(A, ph, trick, nt, leader, trump):
    """Pack the position into A as ``dd._setup`` does, from ``ph`` (the four hands in relative ranks: each
    suit's cards still held or on the table numbered from bit 0 up, suit s at bits 16 s..) and ``trick``
    (the ``nt`` cards on the table from ``leader``, each ``16 * suit + relative rank``); :data:`dd.ORANK` is
    left alone (``dd._reaching_packed`` sets it where it reads it).  Returns (tricks left, ply)."""
    last = (leader + 3) & 3
    tl = 0
    for s in range(4):
        tl += _pop((ph[last] >> np.int64(16 * s)) & SUIT)
    tb = OT + 16 * tl
    for s in range(4):
        live = np.int64(0)
        for x in range(4):
            m = (ph[x] >> np.int64(16 * s)) & SUIT
            A[OH + 4 * x + s] = m
            live |= m
        for i in range(nt):
            if (trick[i] >> 4) == s:
                live |= np.int64(1) << (trick[i] & 15)
        A[OC + s] = _pop(live)
    _killers_reset(A, tl)
    A[tb + 8] = leader
    for i in range(nt):
        A[tb + i] = trick[i] >> 4
        A[tb + 4 + i] = trick[i] & 15
        if i == 0:
            A[tb + 9] = 0
        else:
            wp = A[tb + 8 + i]
            if _beats(A[tb + i], A[tb + 4 + i], A[tb + wp], A[tb + 4 + wp], trump):
                wp = i
            A[tb + 9 + i] = wp
    return tl, nt


@njit(cache=True, _nrt=False)
def solve_packed(A, tt, ph, trick, nt, leader, trump, hands, mode, out):
    """``dd.solve_within``'s modes 3, 4 and 5 on a packed position (:func:`_setup_packed`), every card mask in
    relative ranks (bit ``16 * suit + relative rank``).  ``hands``: the position's absolute hands (uint16
    ``[seat, suit]``, ``dd.solve``'s form), read only for the engine's own first guess when out[0, 0] is below 0.

    mode 3: which of the cards out[0, 0] (a mask) reach out[0, 1] tricks for the side to play (returns the mask);
    4: North-South's tricks, stepping from the guess out[0, 0] inside the bounds out[0, 1] <= v <= out[0, 2]
    known to hold; 5: mode 4's value, and which of the cards out[0, 3] reach it for the side to play, into
    out[0, 4] (searched card first, as ``dd._value_reaching``)."""
    if A[ODEBUG] & (64 | 256):
        raise ValueError("the debugging re-checks need dd.solve, not dd's packed entry")
    tl, ply = _setup_packed(A, ph, trick, nt, leader, trump)
    if mode == 3:
        return _reaching_packed(A, tt, trump, tl, ply, leader, out[0, 0], out[0, 1])
    if mode == 5:
        return _value_reaching_at(A, tt, hands, trump, leader, tl, ply, out, True)
    lo = max(out[0, 1], np.int64(0))
    hi = min(out[0, 2], tl)
    g = out[0, 0]
    if g < 0 or g > tl:
        g = _guess(hands, trump, leader, tl)
    key, y, base = _mid_bucket(A, tt, trump, tl, ply)
    return _mtd_mid(A, tt, trump, tl, ply, lo, hi, g, key, y, base)
