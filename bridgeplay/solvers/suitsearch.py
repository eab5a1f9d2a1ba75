"""Exact best-defence search for single-suit play over Pareto fronts of payoff vectors.

The value of a public position is the Pareto front of payoff vectors over the worlds
still possible there (DESIGN.md, "Exact best defence"):

* MAX node (declarer to play): Pareto maximum of the union of the children's fronts;
* MIN node (a defender to play): child ``c`` holds the worlds where card ``c`` is
  legal; a combined vector is, per world, the minimum over the cards legal there; the
  front is the Pareto maximum over all combinations;
* leaves: payoff vectors.

Payoffs are stored as threshold levels (see :mod:`bridgeplay.engine.vectors`): at a
node, level ``i`` holds the worlds where declarer takes at least ``ths[i]`` *more*
tricks.  A target problem has one level; maximising expected tricks uses one level per
possible trick.  Positions at trick boundaries are transposed on (North, South,
defenders' cards, worlds, lead, live thresholds); declarer's equivalent cards are
merged; the defenders' never are (they may false-card, and who holds an "equal" card
decides who wins the trick).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bridgeplay.engine.suit import _representatives, _trick_winner, _world_bitsets
from bridgeplay.engine.vectors import (
    _expand_levels,
    _from_canon,
    _patterns,
    _to_canon,
    _find_superset,
    _min_combine,
    _pareto,
    _values,
    int_to_words,
    words_to_int,
)

N, E, S, W = 0, 1, 2, 3
LEAD_FREE, LEAD_N, LEAD_S, LEAD_W, LEAD_E = 0, 1, 2, 3, 4
SEAT_NAMES = "NESW"


def _ranks(mask: int) -> list[int]:
    return [r for r in range(14, 1, -1) if mask >> r & 1]


@dataclass
class Decision:
    """One node of the strategy tree: declarer's play, and the defenders' replies below it."""

    seat: int  # who plays
    rank: int  # 0 = discard, -1 = defender exits
    worlds: int  # bitset of root worlds in which this node is reached (under the strategy)
    children: list[Decision]


class SuitSearch:
    """Exact solver state for one problem (worlds fixed)."""

    def __init__(self, north: int, south: int, outstanding: int, west: np.ndarray) -> None:
        self.north0 = north
        self.south0 = south
        self.outstanding = outstanding
        self.west = np.asarray(west, dtype=np.int64)
        self.nw = len(self.west)
        self.nwords = max(1, (self.nw + 63) // 64)
        self.all = (1 << self.nw) - 1
        bits = _world_bitsets(self.west, outstanding)
        self.has_west = [words_to_int(bits[r]) for r in range(15)]
        self.memo: dict[tuple, np.ndarray] = {}
        self.canon: dict[tuple, np.ndarray] = {}
        self.nodes = 0

    # -- helpers -------------------------------------------------------------
    def holds(self, seat: int, rank: int) -> int:
        return self.has_west[rank] if seat == W else self.all & ~self.has_west[rank]

    def void(self, seat: int, defenders: int) -> int:
        if seat == W:
            any_w = 0
            for r in _ranks(defenders):
                any_w |= self.has_west[r]
            return self.all & ~any_w
        all_w = self.all
        for r in _ranks(defenders):
            all_w &= self.has_west[r]
        return all_w

    def full_row(self, x: int, levels: int) -> np.ndarray:
        return np.tile(int_to_words(x, self.nwords), levels).reshape(1, levels * self.nwords)

    # -- search ----------------------------------------------------------------
    def boundary(self, north: int, south: int, dfd: int, x: int, lead: int, ths: tuple[int, ...]) -> np.ndarray:
        """Front at the start of a trick, over the levels ``ths`` (future-trick thresholds)."""
        rmax = max(bin(north).count("1"), bin(south).count("1"))
        live: list[int] = []
        src: list[int] = []
        for t in ths:
            if t <= 0:
                src.append(-2)
            elif t > rmax:
                src.append(-1)
            else:
                src.append(len(live))
                live.append(t)
        front = self._boundary_live(north, south, dfd, x, lead, tuple(live))
        if len(live) == len(ths):
            return front
        return _expand_levels(
            front, np.array(src, dtype=np.int64), int_to_words(x, self.nwords), self.nwords
        )

    def _boundary_live(self, north: int, south: int, dfd: int, x: int, lead: int, ths: tuple[int, ...]) -> np.ndarray:
        if not ths:
            return np.zeros((1, 0), np.uint64)
        key = (north, south, dfd, x, lead, ths)
        got = self.memo.get(key)
        if got is not None:
            return got
        # Canonical form: the remaining cards relabelled by rank order, the worlds by West's
        # current holding.  Positions that differ only by which equivalent cards are gone meet here.
        xw = int_to_words(x, self.nwords)
        pat = _patterns(self.west, xw, dfd)
        pset = 0
        for p in set(pat[pat >= 0].tolist()):
            pset |= 1 << p
        code = 0
        for r in range(14, 1, -1):
            if (north | south | dfd) >> r & 1:
                code = code * 4 + (1 if north >> r & 1 else 2 if south >> r & 1 else 3)
        ckey = (code, lead, ths, pset)
        pwords = max(1, ((1 << bin(dfd).count("1")) + 63) // 64)
        canon = self.canon.get(ckey)
        if canon is not None:
            front = _from_canon(canon, pat, self.nwords, pwords)
            self.memo[key] = front
            return front
        self.nodes += 1
        L = len(ths)
        if dfd == 0:
            # The defenders are out of the suit: declarer takes a trick per card of the longer hand.
            front = self.full_row(x, L)
        elif lead in (LEAD_W, LEAD_E):
            seat = W if lead == LEAD_W else E
            # MIN on lead: exit (any world) or lead one of its cards.
            children = [(x, self.boundary(north, south, dfd, x, LEAD_FREE, ths))]
            for r in _ranks(dfd):
                xc = x & self.holds(seat, r)
                if xc:
                    children.append((xc, self.play(north, south, dfd & ~(1 << r), xc, ths, seat, ((seat, r),))))
            front = self._min(x, children, L)
        else:
            fronts = []
            for seat in (N, S):
                if lead == LEAD_N and seat != N or lead == LEAD_S and seat != S:
                    continue
                for r in self.lead_choices(north, south, dfd, seat):
                    fronts.append(self.lead_front(north, south, dfd, x, ths, seat, r))
            front = _pareto(np.concatenate(fronts)) if len(fronts) > 1 else fronts[0]
        self.memo[key] = front
        self.canon[ckey] = _to_canon(front, pat, self.nwords, pwords)
        return front

    def lead_choices(self, north: int, south: int, dfd: int, seat: int) -> list[int]:
        hand, other = (north, south) if seat == N else (south, north)
        return _ranks(_representatives(hand, other | dfd))

    def lead_front(self, north: int, south: int, dfd: int, x: int, ths: tuple[int, ...], seat: int, r: int):
        if seat == N:
            return self.play(north & ~(1 << r), south, dfd, x, ths, N, ((N, r),))
        return self.play(north, south & ~(1 << r), dfd, x, ths, S, ((S, r),))

    def _min(self, x: int, children: list[tuple[int, np.ndarray]], L: int) -> np.ndarray:
        children.sort(key=lambda c: c[1].shape[0])
        front = self.full_row(x, L)
        for xc, fc in children:
            notwc = np.tile(int_to_words(x & ~xc, self.nwords), L)
            front = _min_combine(front, fc, notwc)
        return front

    def play(
        self, north: int, south: int, dfd: int, x: int, ths: tuple[int, ...], leader: int, table: tuple
    ) -> np.ndarray:
        """Front of a position inside a trick: ``table`` holds (seat, rank) played so far (rank 0 = discard)."""
        if len(table) == 4:
            winner = _trick_winner(leader, table[0][1], table[1][1], table[2][1], table[3][1])
            if winner in (N, S):
                return self.boundary(north, south, dfd, x, LEAD_FREE, tuple(t - 1 for t in ths))
            return self.boundary(north, south, dfd, x, LEAD_W if winner == W else LEAD_E, ths)
        key = (north, south, dfd, x, ths, leader, table)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        seat = (leader + len(table)) % 4
        L = len(ths)
        if seat in (N, S):
            hand = north if seat == N else south
            if not hand:
                front = self.play(north, south, dfd, x, ths, leader, table + ((seat, 0),))
            else:
                fronts = [
                    self.play(
                        north & ~(1 << r) if seat == N else north,
                        south & ~(1 << r) if seat == S else south,
                        dfd, x, ths, leader, table + ((seat, r),),
                    )
                    for r in self.follow_choices(north, south, dfd, seat, table)
                ]
                front = _pareto(np.concatenate(fronts)) if len(fronts) > 1 else fronts[0]
        else:
            children = []
            for r in _ranks(dfd):
                xc = x & self.holds(seat, r)
                if xc:
                    children.append((xc, self.play(north, south, dfd & ~(1 << r), xc, ths, leader, table + ((seat, r),))))
            xv = x & self.void(seat, dfd)
            if xv:
                children.append((xv, self.play(north, south, dfd, xv, ths, leader, table + ((seat, 0),))))
            front = self._min(x, children, L)
        self.memo[key] = front
        return front

    def follow_choices(self, north: int, south: int, dfd: int, seat: int, table: tuple) -> list[int]:
        hand, other = (north, south) if seat == N else (south, north)
        on_table = 0
        for _, r in table:
            if r:
                on_table |= 1 << r
        return _ranks(_representatives(hand, other | dfd | on_table))

    # -- evaluation --------------------------------------------------------------
    def weights(self, prob: np.ndarray) -> np.ndarray:
        w = np.zeros(self.nwords * 64)
        w[: self.nw] = prob
        return w

    def values(self, front: np.ndarray, prob: np.ndarray) -> np.ndarray:
        return _values(front, self.weights(prob), self.nwords)

    def row_levels(self, row: np.ndarray, L: int) -> list[int]:
        """A front row as one world bitset (Python int) per level."""
        return [words_to_int(row[i * self.nwords:(i + 1) * self.nwords]) for i in range(L)]

    def levels_row(self, levels: list[int]) -> np.ndarray:
        return np.concatenate([int_to_words(v, self.nwords) for v in levels]) if levels else np.zeros(0, np.uint64)

    # -- strategy reconstruction ----------------------------------------------------
    def explain_play(
        self, north: int, south: int, dfd: int, x: int, ths: tuple[int, ...], leader: int, table: tuple,
        need: list[int], depth: int,
    ) -> list[Decision]:
        """Declarer's decisions below an in-trick position that guarantee ``need`` (levels of worlds)."""
        if depth <= 0:
            return []
        if len(table) == 4:
            winner = _trick_winner(leader, table[0][1], table[1][1], table[2][1], table[3][1])
            if winner in (N, S):
                ths2 = tuple(t - 1 for t in ths)
                return self.explain_boundary(north, south, dfd, x, LEAD_FREE, ths2, need, depth)
            return self.explain_boundary(north, south, dfd, x, LEAD_W if winner == W else LEAD_E, ths, need, depth)
        seat = (leader + len(table)) % 4
        if seat in (N, S):
            hand = north if seat == N else south
            if not hand:
                sub = self.explain_play(north, south, dfd, x, ths, leader, table + ((seat, 0),), need, depth)
                return [Decision(seat, 0, x, sub)]
            needw = self.levels_row(need)
            for r in self.follow_choices(north, south, dfd, seat, table):
                n2 = north & ~(1 << r) if seat == N else north
                s2 = south & ~(1 << r) if seat == S else south
                f = self.play(n2, s2, dfd, x, ths, leader, table + ((seat, r),))
                if _find_superset(f, needw) >= 0:
                    sub = self.explain_play(n2, s2, dfd, x, ths, leader, table + ((seat, r),), need, depth - 1)
                    return [Decision(seat, r, x, sub)]
            raise AssertionError("no declarer play achieves the required vector")
        out = []
        for r in _ranks(dfd):
            xc = x & self.holds(seat, r)
            if xc:
                sub = self.explain_play(
                    north, south, dfd & ~(1 << r), xc, ths, leader, table + ((seat, r),), [v & xc for v in need], depth
                )
                out.append(Decision(seat, r, xc, sub))
        xv = x & self.void(seat, dfd)
        if xv:
            sub = self.explain_play(north, south, dfd, xv, ths, leader, table + ((seat, 0),), [v & xv for v in need], depth)
            out.append(Decision(seat, 0, xv, sub))
        return out

    def explain_boundary(
        self, north: int, south: int, dfd: int, x: int, lead: int, ths: tuple[int, ...], need: list[int], depth: int
    ) -> list[Decision]:
        rmax = max(bin(north).count("1"), bin(south).count("1"))
        live_idx = [i for i, t in enumerate(ths) if 1 <= t <= rmax]
        if depth <= 0 or not live_idx or dfd == 0 or not x:
            return []
        need_live = [need[i] for i in live_idx]
        live = tuple(ths[i] for i in live_idx)
        if lead in (LEAD_W, LEAD_E):
            seat = W if lead == LEAD_W else E
            out = []
            for r in _ranks(dfd):
                xc = x & self.holds(seat, r)
                if xc:
                    sub = self.explain_play(
                        north, south, dfd & ~(1 << r), xc, live, seat, ((seat, r),), [v & xc for v in need_live], depth
                    )
                    out.append(Decision(seat, r, xc, sub))
            sub = self.explain_boundary(north, south, dfd, x, LEAD_FREE, live, need_live, depth)
            out.append(Decision(seat, -1, x, sub))
            return out
        needw = self.levels_row(need_live)
        for seat in (N, S):
            if lead == LEAD_N and seat != N or lead == LEAD_S and seat != S:
                continue
            for r in self.lead_choices(north, south, dfd, seat):
                f = self.lead_front(north, south, dfd, x, live, seat, r)
                if _find_superset(f, needw) >= 0:
                    n2 = north & ~(1 << r) if seat == N else north
                    s2 = south & ~(1 << r) if seat == S else south
                    sub = self.explain_play(n2, s2, dfd, x, live, seat, ((seat, r),), need_live, depth - 1)
                    return [Decision(seat, r, x, sub)]
        raise AssertionError("no lead achieves the required vector")
