"""Full-deal card play with trumps, in a *packed* representation for the search.

Kernels only: arrays and ints in, arrays and ints out.

Absolute form (the library's): ``hands`` is ``uint16[4, 4]`` indexed ``[seat, suit]``,
seats N, E, S, W = 0..3, suits S, H, D, C = 0..3, bit ``r`` set for rank ``r`` (2..14).

Packed form (the search's): in every suit the cards still in play (in a hand, or on
the table in the current trick) are renumbered 0..n-1 from the lowest up, so a suit
is its count ``cnt[s]`` plus one mask of at most 13 bits per hand.  Positions that
differ only in which equivalent small cards are gone become the *same* packed
position, cards adjacent in one hand are equivalent (one move), and the
transposition-table key is a pure function of the packed masks.  When a trick is
complete its four cards leave play and the masks are re-packed with shifts (in the search).

Also the rules in absolute form: :func:`_legal_mask` (follow suit, else ruff or discard) and
:func:`_trick_winner` (highest trump, else highest card of the suit led).

Strain: 0..3 = S, H, D, C trumps, 4 = no trumps.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from bridgeplay.engine import _numba

NT = 4


def _make_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    n = 1 << 13
    pop = np.zeros(n, dtype=np.int64)
    high = np.full(n, -1, dtype=np.int64)
    lowest = np.full(n, 15, dtype=np.int64)
    spread = np.zeros(n, dtype=np.int64)
    for m in range(1, n):
        pop[m] = bin(m).count("1")
        high[m] = m.bit_length() - 1
        lowest[m] = (m & -m).bit_length() - 1
        s = 0
        for b in range(13):
            if m >> b & 1:
                s |= 1 << (2 * b)
        spread[m] = s
    return pop, high, lowest, spread


# POP[m]: number of cards in a packed mask; HIGH[m]: highest bit (-1 for 0); LOWEST[m]: lowest
# bit (15 for 0); SPREAD[m]: bit b moved to bit 2b (interleaving two masks into 2-bit owner codes).
POP, HIGH, LOWEST, SPREAD = _make_tables()


@njit(cache=True)
def _beats(s, b, ws, wb, trump):
    """Does card (s, b) beat the current winning card (ws, wb)?  (Same packing for both.)"""
    if s == ws:
        return b > wb
    return s == trump


@njit(cache=True)
def _trick_winner(suits, ranks, n, trump):
    """Index (0..n-1) of the card winning a trick whose first n cards are given (any consistent ranks)."""
    w = 0
    for i in range(1, n):
        if _beats(suits[i], ranks[i], suits[w], ranks[w], trump):
            w = i
    return w


@njit(cache=True)
def _legal_mask(hands, player, lead_suit):
    """Suit mask (bit s) of suits ``player`` may play from; ``lead_suit`` -1 when leading."""
    out = 0
    if lead_suit >= 0 and hands[player, lead_suit] != 0:
        return 1 << lead_suit
    for s in range(4):
        if hands[player, s] != 0:
            out |= 1 << s
    return out


_numba.numba_without_scipy()  # (before numba's first compile or cache load: see there)
