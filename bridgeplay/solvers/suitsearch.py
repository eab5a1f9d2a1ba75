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
    _find_superset,
    _from_canon,
    _level_or,
    _mask_pareto,
    _min_combine,
    _pareto,
    _patterns,
    _to_canon,
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
    """Exact solver state for one problem (worlds fixed).

    A position is searched over *relevant* worlds, one bitset per level (``xs``): at a
    defender's (MIN) node the children are solved one after the other, and a world that
    one child loses in every vector (at some level) is lost in every combined vector
    there, so it is dropped from the worlds the later children are solved over.  A
    front's bits outside ``xs`` are 0 and mean "lost or irrelevant"; the front over
    ``xs`` is the projection of the front over all worlds, so values are unchanged.
    """

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

    def row(self, xs: tuple[int, ...]) -> np.ndarray:
        """Per-level world bitsets as one row of words."""
        shift = 64 * self.nwords
        v = 0
        for i, x in enumerate(xs):
            v |= x << (i * shift)
        return np.frombuffer(v.to_bytes(len(xs) * 8 * self.nwords, "little"), dtype=np.uint64).copy()

    def ints(self, row: np.ndarray, L: int) -> list[int]:
        """Inverse of :meth:`row`."""
        v = int.from_bytes(np.ascontiguousarray(row, dtype=np.uint64).tobytes(), "little")
        shift = 64 * self.nwords
        mask = (1 << shift) - 1
        return [(v >> (i * shift)) & mask for i in range(L)]

    def full_row(self, x, levels: int) -> np.ndarray:
        xs = x if isinstance(x, tuple) else (x,) * levels
        return self.row(xs).reshape(1, levels * self.nwords)

    @staticmethod
    def _xs(x, L: int) -> tuple[int, ...]:
        return tuple(x) if isinstance(x, (tuple, list)) else (x,) * L

    # -- search ----------------------------------------------------------------
    def boundary(self, north: int, south: int, dfd: int, x, lead: int, ths: tuple[int, ...]) -> np.ndarray:
        """Front at the start of a trick, over the levels ``ths`` (future-trick thresholds).

        ``x``: the worlds (one bitset, or one per level) the front is wanted over.
        """
        xs = self._xs(x, len(ths))
        rmax = max(bin(north).count("1"), bin(south).count("1"))
        live: list[int] = []
        lxs: list[int] = []
        src: list[int] = []
        for t, v in zip(ths, xs):
            if t <= 0:
                src.append(-2)
            elif t > rmax or not v:
                src.append(-1)
            else:
                src.append(len(live))
                live.append(t)
                lxs.append(v)
        front = self._boundary_live(north, south, dfd, tuple(lxs), lead, tuple(live))
        if len(live) == len(ths):
            return front
        return _expand_levels(front, np.array(src, dtype=np.int64), self.row(xs), self.nwords)

    def _boundary_live(self, north: int, south: int, dfd: int, xs: tuple[int, ...], lead: int, ths: tuple[int, ...]):
        if not ths:
            return np.zeros((1, 0), np.uint64)
        key = (north, south, dfd, xs, lead, ths)
        got = self.memo.get(key)
        if got is not None:
            return got
        L = len(ths)
        # Canonical form: the remaining cards relabelled by rank order, the worlds by West's
        # current holding.  Positions that differ only by which equivalent cards are gone meet here.
        xu = 0
        for v in xs:
            xu |= v
        pat = _patterns(self.west, int_to_words(xu, self.nwords), dfd)
        pwords = max(1, ((1 << bin(dfd).count("1")) + 63) // 64)
        code = 0
        for r in range(14, 1, -1):
            if (north | south | dfd) >> r & 1:
                code = code * 4 + (1 if north >> r & 1 else 2 if south >> r & 1 else 3)
        xrow = self.row(xs).reshape(1, -1)
        ckey = (code, lead, ths, _to_canon(xrow, pat, self.nwords, pwords).tobytes())
        canon = self.canon.get(ckey)
        if canon is not None:
            front = _from_canon(canon, pat, self.nwords, pwords)
            self.memo[key] = front
            return front
        self.nodes += 1
        if dfd == 0:
            # The defenders are out of the suit: declarer takes a trick per card of the longer hand.
            front = xrow
        elif lead in (LEAD_W, LEAD_E):
            front = self._min_combine_children(xs, self._lead_moves(north, south, dfd, xs, lead, ths), L)
        else:
            fronts = []
            for seat in (N, S):
                if lead == LEAD_N and seat != N or lead == LEAD_S and seat != S:
                    continue
                for r in self.lead_choices(north, south, dfd, seat):
                    fronts.append(self.lead_front(north, south, dfd, xs, ths, seat, r))
            front = _pareto(np.concatenate(fronts)) if len(fronts) > 1 else fronts[0]
        self.memo[key] = front
        self.canon[ckey] = _to_canon(front, pat, self.nwords, pwords)
        return front

    def _lead_moves(self, north: int, south: int, dfd: int, xs: tuple[int, ...], lead: int, ths: tuple[int, ...]):
        """A defender on lead: (seat, rank, worlds where legal, solver) per move; rank -1 = exit."""
        seat = W if lead == LEAD_W else E
        moves = []
        for r in _ranks(dfd):
            moves.append((seat, r, self.holds(seat, r),
                          lambda xc, r=r: self.play(north, south, dfd & ~(1 << r), xc, ths, seat, ((seat, r),))))
        # exit (switch suits) is open in every world
        moves.append((seat, -1, self.all, lambda xc: self.boundary(north, south, dfd, xc, LEAD_FREE, ths)))
        return moves

    def _follow_moves(self, north: int, south: int, dfd: int, ths: tuple[int, ...], leader: int, table: tuple):
        seat = (leader + len(table)) % 4
        moves = []
        for r in _ranks(dfd):
            moves.append((seat, r, self.holds(seat, r),
                          lambda xc, r=r: self.play(north, south, dfd & ~(1 << r), xc, ths, leader,
                                                    table + ((seat, r),))))
        moves.append((seat, 0, self.void(seat, dfd),
                      lambda xc: self.play(north, south, dfd, xc, ths, leader, table + ((seat, 0),))))
        return moves

    def lead_choices(self, north: int, south: int, dfd: int, seat: int) -> list[int]:
        hand, other = (north, south) if seat == N else (south, north)
        return _ranks(_representatives(hand, other | dfd))

    def lead_front(self, north: int, south: int, dfd: int, x, ths: tuple[int, ...], seat: int, r: int):
        if seat == N:
            return self.play(north & ~(1 << r), south, dfd, x, ths, N, ((N, r),))
        return self.play(north, south & ~(1 << r), dfd, x, ths, S, ((S, r),))

    def _min_children(self, xs: tuple[int, ...], moves: list, L: int):
        """Solve a MIN node's children in turn over the worlds not yet known to be lost.

        Returns the relevant worlds ``U`` per level (those no child loses for sure) and,
        per move, its child's worlds per level (None when it has none) and front.
        """
        U = list(xs)
        out = []
        for seat, r, wc, solve in moves:
            xc = tuple(u & wc for u in U)
            if not any(xc):
                out.append((seat, r, wc, None, None))
                continue
            f = solve(xc)
            won = self.ints(_level_or(f), L)
            for i in range(L):
                # worlds of this child outside every one of its vectors are lost in every combination
                U[i] &= ~(xc[i] & ~won[i])
            out.append((seat, r, wc, xc, f))
        return U, out

    def _min_combine_children(self, xs: tuple[int, ...], moves: list, L: int) -> np.ndarray:
        U, children = self._min_children(xs, moves, L)
        urow = self.row(tuple(U))
        parts = []
        for _seat, _r, wc, _xc, f in children:
            if f is None:
                continue
            fm = _mask_pareto(f, urow)
            cover = tuple(u & wc for u in U)
            if fm.shape[0] == 1 and np.array_equal(fm[0], self.row(cover)):
                continue  # this child wins every relevant world: no constraint
            parts.append((wc, fm))
        parts.sort(key=lambda c: c[1].shape[0])
        front = urow.reshape(1, -1)
        for wc, fc in parts:
            notwc = self.row(tuple(u & ~wc for u in U))
            front = _min_combine(front, fc, notwc)
        return front

    def play(self, north: int, south: int, dfd: int, x, ths: tuple[int, ...], leader: int, table: tuple) -> np.ndarray:
        """Front of a position inside a trick: ``table`` holds (seat, rank) played so far (rank 0 = discard)."""
        xs = self._xs(x, len(ths))
        if len(table) == 4:
            winner = _trick_winner(leader, table[0][1], table[1][1], table[2][1], table[3][1])
            if winner in (N, S):
                return self.boundary(north, south, dfd, xs, LEAD_FREE, tuple(t - 1 for t in ths))
            return self.boundary(north, south, dfd, xs, LEAD_W if winner == W else LEAD_E, ths)
        key = (north, south, dfd, xs, ths, leader, table)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        seat = (leader + len(table)) % 4
        L = len(ths)
        if seat in (N, S):
            hand = north if seat == N else south
            if not hand:
                front = self.play(north, south, dfd, xs, ths, leader, table + ((seat, 0),))
            else:
                fronts = [
                    self.play(
                        north & ~(1 << r) if seat == N else north,
                        south & ~(1 << r) if seat == S else south,
                        dfd, xs, ths, leader, table + ((seat, r),),
                    )
                    for r in self.follow_choices(north, south, dfd, seat, table)
                ]
                front = _pareto(np.concatenate(fronts)) if len(fronts) > 1 else fronts[0]
        else:
            front = self._min_combine_children(xs, self._follow_moves(north, south, dfd, ths, leader, table), L)
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
        return self.ints(row, L)

    def levels_row(self, levels: list[int]) -> np.ndarray:
        return self.row(tuple(levels))

    # -- strategy reconstruction ----------------------------------------------------
    def explain_play(
        self, north: int, south: int, dfd: int, x: int, ths: tuple[int, ...], leader: int, table: tuple,
        need: list[int], depth: int, xs: tuple[int, ...] | None = None,
    ) -> list[Decision]:
        """Declarer's decisions below an in-trick position that guarantee ``need`` (levels of worlds).

        ``x``: the worlds in which the position is reached (shown); ``xs``: the worlds per
        level the search solved it over (default ``x`` at every level).
        """
        if depth <= 0:
            return []
        L = len(ths)
        xs = self._xs(x, L) if xs is None else xs
        if len(table) == 4:
            winner = _trick_winner(leader, table[0][1], table[1][1], table[2][1], table[3][1])
            if winner in (N, S):
                ths2 = tuple(t - 1 for t in ths)
                return self.explain_boundary(north, south, dfd, x, LEAD_FREE, ths2, need, depth, xs)
            lead = LEAD_W if winner == W else LEAD_E
            return self.explain_boundary(north, south, dfd, x, lead, ths, need, depth, xs)
        seat = (leader + len(table)) % 4
        if seat in (N, S):
            hand = north if seat == N else south
            if not hand:
                sub = self.explain_play(north, south, dfd, x, ths, leader, table + ((seat, 0),), need, depth, xs)
                return [Decision(seat, 0, x, sub)]
            needw = self.row(tuple(need))
            for r in self.follow_choices(north, south, dfd, seat, table):
                n2 = north & ~(1 << r) if seat == N else north
                s2 = south & ~(1 << r) if seat == S else south
                f = self.play(n2, s2, dfd, xs, ths, leader, table + ((seat, r),))
                if _find_superset(f, needw) >= 0:
                    sub = self.explain_play(n2, s2, dfd, x, ths, leader, table + ((seat, r),), need, depth - 1, xs)
                    return [Decision(seat, r, x, sub)]
            raise AssertionError("no declarer play achieves the required vector")
        _, children = self._min_children(xs, self._follow_moves(north, south, dfd, ths, leader, table), L)
        out = []
        for seat, r, wc, xc, _f in children:
            if not x & wc:
                continue
            sub = self.explain_play(
                north, south, dfd & ~(1 << r) if r > 0 else dfd, x & wc, ths, leader, table + ((seat, r),),
                [v & wc for v in need], depth, xc if xc is not None else (0,) * L,
            )
            out.append(Decision(seat, r, x & wc, sub))
        return out

    def explain_boundary(
        self, north: int, south: int, dfd: int, x: int, lead: int, ths: tuple[int, ...], need: list[int], depth: int,
        xs: tuple[int, ...] | None = None,
    ) -> list[Decision]:
        xs = self._xs(x, len(ths)) if xs is None else xs
        rmax = max(bin(north).count("1"), bin(south).count("1"))
        live_idx = [i for i, t in enumerate(ths) if 1 <= t <= rmax and xs[i]]
        if depth <= 0 or not live_idx or dfd == 0 or not x:
            return []
        need_live = [need[i] for i in live_idx]
        live = tuple(ths[i] for i in live_idx)
        lxs = tuple(xs[i] for i in live_idx)
        L = len(live)
        if lead in (LEAD_W, LEAD_E):
            _, children = self._min_children(lxs, self._lead_moves(north, south, dfd, lxs, lead, live), L)
            out = []
            for seat, r, wc, xc, _f in children:
                xc = xc if xc is not None else (0,) * L
                if r == -1:
                    sub = self.explain_boundary(north, south, dfd, x, LEAD_FREE, live, need_live, depth, xc)
                    out.append(Decision(seat, -1, x, sub))
                elif x & wc:
                    sub = self.explain_play(
                        north, south, dfd & ~(1 << r), x & wc, live, seat, ((seat, r),), [v & wc for v in need_live],
                        depth, xc,
                    )
                    out.append(Decision(seat, r, x & wc, sub))
            return out
        needw = self.row(tuple(need_live))
        for seat in (N, S):
            if lead == LEAD_N and seat != N or lead == LEAD_S and seat != S:
                continue
            for r in self.lead_choices(north, south, dfd, seat):
                f = self.lead_front(north, south, dfd, lxs, live, seat, r)
                if _find_superset(f, needw) >= 0:
                    n2 = north & ~(1 << r) if seat == N else north
                    s2 = south & ~(1 << r) if seat == S else south
                    sub = self.explain_play(n2, s2, dfd, x, live, seat, ((seat, r),), need_live, depth - 1, lxs)
                    return [Decision(seat, r, x, sub)]
        raise AssertionError("no lead achieves the required vector")
