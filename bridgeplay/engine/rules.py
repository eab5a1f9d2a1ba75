"""The rules of single-suit play the solvers share: equivalent cards, trick winners (numba kernels).

Seats are N, E, S, W = 0..3; a holding is an int mask with bit r for rank r.
"""

from __future__ import annotations

from numba import njit

from bridgeplay.engine import _numba


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
def _follow_plays(hand, gaps, win):
    """:func:`_representatives` of ``hand`` for declarer following to a trick that ``win`` is winning so far:
    of the cards below it only the lowest.

    Such a card cannot win this trick (the winning card only rises), so any of them leaves the trick as
    it is, and keeping the higher ones is never worse: with the higher card, declarer can play as with
    the lower one, card for card, and takes every trick that it takes (one it would lose may be won,
    and declarer then plays on as after a defender's exit).  ``win`` = 0: no card is dead.
    """
    reps = _representatives(hand, gaps)
    dead = reps & ((1 << win) - 1) if win > 0 else 0
    if dead:
        reps = (reps & ~dead) | (dead & -dead)
    return reps


@njit(cache=True)
def _popcount(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


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


# Public entries (the names code outside the engine calls; the ``_`` names stay for the tests).
representatives = _representatives
follow_plays = _follow_plays
trick_winner = _trick_winner


_numba.numba_without_scipy()  # (before numba's first compile or cache load: see there)
