"""Double-dummy values of one public position in many worlds (a loop over :func:`bridgeplay.engine.dd.dd_tricks`).

A *world* is West's holding now (``west[i, s]`` masks); East holds the defenders' other cards
``dfd[s] & ~west[i, s]``.  North, South and the defenders' cards are masks of the cards still held
(cards on the table excluded); ``table`` lists the cards on the table as ``(seat, suit, rank)`` in
order from ``leader``.  Every value is the number of tricks North-South take from here (the
current trick included) with best play by both sides in that world.

One work array and one transposition table serve every world of a solve (table keys are
rank-normalised, so entries stay valid across worlds).  The loop over worlds is plain Python on
purpose: the double-dummy kernels are compiled and cached by their own module, so a change there
can never leave a stale compiled copy here.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bridgeplay.cards import trick_winner
from bridgeplay.engine.dd import OST, dd_tricks, new_tt, new_work

Play = tuple[int, int, int]


class WorldDD:
    """Double-dummy solver state shared by the worlds of one problem."""

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.A = new_work()
        self.tt = new_tt()
        self.solves = 0

    @property
    def nodes(self) -> int:
        return int(self.A[OST])

    def _ns(self, hands: np.ndarray, leader: int, table: Sequence[Play], tl: int) -> int:
        ps = np.zeros(4, dtype=np.int64)
        pr = np.zeros(4, dtype=np.int64)
        for i, (_, s, r) in enumerate(table):
            ps[i], pr[i] = s, r
        v = int(dd_tricks(self.A, self.tt, hands, self.trump, leader, ps, pr, len(table)))
        self.solves += 1
        return v if (leader + len(table)) % 2 == 0 else tl - v

    @staticmethod
    def hands(north: Sequence[int], south: Sequence[int], dfd: Sequence[int], west_row: np.ndarray) -> np.ndarray:
        h = np.zeros((4, 4), dtype=np.uint16)
        for s in range(4):
            w = int(west_row[s]) & dfd[s]
            h[0, s], h[1, s], h[2, s], h[3, s] = north[s], dfd[s] & ~w, south[s], w
        return h

    def ns_tricks(self, north: Sequence[int], south: Sequence[int], dfd: Sequence[int], west: np.ndarray,
                  idx: np.ndarray, leader: int, table: Sequence[Play], tl: int) -> np.ndarray:
        """North-South's tricks (current trick included; ``tl`` tricks left) in each world ``idx[k]``."""
        out = np.zeros(len(idx), dtype=np.int64)
        for k, i in enumerate(idx):
            out[k] = self._ns(self.hands(north, south, dfd, west[i]), leader, table, tl)
        return out

    def after_plays(self, north: Sequence[int], south: Sequence[int], dfd: Sequence[int], west: np.ndarray,
                    idx: np.ndarray, leader: int, table: Sequence[Play], tl: int,
                    plays: Sequence[Play]) -> np.ndarray:
        """``out[k, m]``: North-South's tricks in world ``idx[k]`` after the player to move plays ``plays[m]``."""
        out = np.zeros((len(idx), len(plays)), dtype=np.int64)
        for k, i in enumerate(idx):
            base = self.hands(north, south, dfd, west[i])
            for m, play in enumerate(plays):
                seat, s, r = play
                h = base.copy()
                h[seat, s] &= ~np.uint16(1 << r)
                t2 = list(table) + [play]
                if len(t2) < 4:
                    out[k, m] = self._ns(h, leader, t2, tl)
                else:
                    win = trick_winner(t2, self.trump)
                    bonus = 1 if win % 2 == 0 else 0
                    out[k, m] = bonus + (self._ns(h, win, [], tl - 1) if tl > 1 else 0)
        return out
