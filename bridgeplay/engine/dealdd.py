"""Double-dummy values of one public position in many worlds (numba kernels over ``dd.dd_tricks``).

A *world* is West's holding now (``west[i, s]`` masks); East holds the defenders' other cards
``dfd[s] & ~west[i, s]``.  North, South and the defenders' cards are ``int64[4]`` masks of the cards
still held (table cards excluded); ``psuit``/``prank`` hold the ``nplayed`` table cards in order from
``leader``; ``tl`` is the number of tricks left, the current one included.  Every result is the
number of tricks North-South take from here (the current trick included) with best play by both
sides in that world.  One work array ``A`` (:func:`bridgeplay.engine.dd.new_work`) and one
transposition table ``tt`` (:func:`bridgeplay.engine.dd.new_tt`) serve every world (table keys are
rank-normalised, so entries stay valid across worlds); ``A[dd.OST]`` accumulates the nodes searched.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from bridgeplay.engine.dd import dd_tricks


@njit(cache=True)
def _fill(hands, north, south, dfd, west, i):
    for s in range(4):
        w = west[i, s] & dfd[s]
        hands[0, s] = north[s]
        hands[1, s] = dfd[s] & ~w
        hands[2, s] = south[s]
        hands[3, s] = w


@njit(cache=True)
def _ns_value(A, tt, hands, trump, leader, psuit, prank, nplayed, tl):
    """North-South's tricks (current trick included) in one fully known position."""
    v = dd_tricks(A, tt, hands, trump, leader, psuit, prank, nplayed)
    if ((leader + nplayed) & 1) == 0:
        return v
    return tl - v


@njit(cache=True)
def _winner(psuit, prank, leader, trump):
    w = 0
    for i in range(1, 4):
        if psuit[i] == psuit[w]:
            if prank[i] > prank[w]:
                w = i
        elif psuit[i] == trump:
            w = i
    return (leader + w) & 3


@njit(cache=True)
def dd_worlds(north, south, dfd, west, idx, trump, leader, psuit, prank, nplayed, tl, A, tt, out):
    """``out[k]`` = North-South's tricks in world ``idx[k]``."""
    hands = np.zeros((4, 4), dtype=np.uint16)
    for k in range(idx.shape[0]):
        _fill(hands, north, south, dfd, west, idx[k])
        out[k] = _ns_value(A, tt, hands, trump, leader, psuit, prank, nplayed, tl)


@njit(cache=True)
def dd_after_moves(north, south, dfd, west, idx, trump, leader, psuit, prank, nplayed, tl,
                   msuit, mrank, A, tt, out):
    """``out[k, m]`` = North-South's tricks in world ``idx[k]`` after the player to move plays card m.

    The player to move is ``(leader + nplayed) % 4`` and must hold every card ``(msuit[m], mrank[m])``
    in every world asked about (declarer's cards, or a defender's card the caller checked).
    """
    hands = np.zeros((4, 4), dtype=np.uint16)
    ps = np.zeros(4, dtype=np.int64)
    pr = np.zeros(4, dtype=np.int64)
    p = (leader + nplayed) & 3
    for k in range(idx.shape[0]):
        for m in range(msuit.shape[0]):
            _fill(hands, north, south, dfd, west, idx[k])
            s = msuit[m]
            hands[p, s] &= ~np.uint16(1 << mrank[m])
            for j in range(nplayed):
                ps[j] = psuit[j]
                pr[j] = prank[j]
            ps[nplayed] = s
            pr[nplayed] = mrank[m]
            if nplayed < 3:
                out[k, m] = _ns_value(A, tt, hands, trump, leader, ps, pr, nplayed + 1, tl)
            else:
                win = _winner(ps, pr, leader, trump)
                bonus = 1 if (win & 1) == 0 else 0
                if tl == 1:
                    out[k, m] = bonus
                else:
                    out[k, m] = bonus + _ns_value(A, tt, hands, trump, win, ps, pr, 0, tl - 1)
