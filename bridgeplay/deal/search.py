"""Exact best defence in endings and deals over Pareto fronts of payoff vectors (several suits, trumps).

This is the single-suit search of :mod:`bridgeplay.suit.search` generalised to whole hands
(DESIGN.md, "Exact best defence"): a public position is North's and South's cards, the cards the
defenders still hold (as a set: who holds which is the world), the cards on the table and who led;
its value is the Pareto front of payoff vectors over the worlds still possible there.

* MAX node (North or South to play; declarer sees the same in all its worlds): the Pareto maximum of
  the union of the children's fronts.  Declarer's equivalent cards (adjacent among the cards still in
  play, in one hand) are one move.
* MIN node (West or East to play): child ``c`` holds the worlds where card ``c`` is legal for that
  defender (held; of the led suit when he has one); a combined vector is, per world, the minimum over
  the cards legal there; the front is the Pareto maximum of all combinations.  The defenders' cards
  are never merged (a defender may false-card, and a card's owner decides who wins and leads).
* Trick boundaries: the winner leads; levels (thresholds on the tricks still needed) are clipped:
  ``t <= 0`` is won in every world, ``t`` above the tricks left is lost in every world.

Payoffs are stored as threshold levels over world bitsets (:mod:`bridgeplay.engine.vectors`): one
level for a target, one per trick when maximising expected tricks.  With ``lookahead`` (in tricks)
the search stops after that many completed tricks and scores each world by double dummy there
(:mod:`bridgeplay.engine.dealdd`): over a sample of worlds this is the "alpha-mu" idea (Pareto fronts
over sampled worlds, double-dummy leaves); with no lookahead the search is exact to the end.

Worlds are the rows of ``west`` (West's holding now per suit) with ``weights`` (probabilities or
sample counts); a set of worlds is a Python int bitset, a front a ``uint64[rows, levels * words]``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from bridgeplay import config
from bridgeplay.cards import Card, N, S, W, trick_winner
from bridgeplay.deal.worlddd import WorldDD
from bridgeplay.engine.dealplay import last_trick_ns
from bridgeplay.engine.rules import representatives
from bridgeplay.engine.vectors import (
    expand_levels,
    find_superset,
    int_to_words,
    min_combine,
    pareto,
    values,
    words_to_int,
)
from bridgeplay.errors import TimeUp

Masks = tuple[int, int, int, int]
Play = tuple[int, int, int]  # (seat, suit, rank)
NO_PRUNE = -1.0
SLACK = 1e-9  # below a proven bound, so that floating sums never prune the best vector
# thresholds tried at the root (fractions of the largest value), from the top down
ASPIRATION = (1.0, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1)


@dataclass
class Decision:
    """A node of the strategy tree: who plays which card, in which of the root worlds."""

    seat: int
    card: Card
    worlds: int
    children: list[Decision]


def _bitset(flags: np.ndarray) -> int:
    return int.from_bytes(np.packbits(flags.astype(bool), bitorder="little").tobytes(), "little")


def _bitset_of(idx: np.ndarray, nw: int) -> int:
    flags = np.zeros(nw, dtype=bool)
    flags[idx] = True
    return _bitset(flags)


def without(masks: Masks, s: int, r: int) -> Masks:
    """``masks`` without the card of suit ``s``, rank ``r``."""
    m = list(masks)
    m[s] &= ~(1 << r)
    return m[0], m[1], m[2], m[3]


_RANKS = [[r for r in range(14, 1, -1) if m >> r & 1] for m in range(1 << 15)]


def _ranks(mask: int) -> list[int]:
    """Ranks in a holding, highest first."""
    return _RANKS[mask]


def _cards(masks: Masks) -> int:
    return masks[0].bit_count() + masks[1].bit_count() + masks[2].bit_count() + masks[3].bit_count()


class DealSearch:
    """Pareto-front search of one position over a fixed set of worlds."""

    def __init__(
        self,
        trump: int,
        defenders: Masks,
        west: np.ndarray,
        weights: np.ndarray,
        lookahead: int | None = None,
        deadline: float | None = None,
        max_memory: int = config.MAX_MEMORY,
    ) -> None:
        self.trump = trump
        self.dfd0 = tuple(int(m) for m in defenders)
        self.west = np.ascontiguousarray(west, dtype=np.int64)
        self.nw = int(self.west.shape[0])
        self.nwords = max(1, (self.nw + 63) // 64)
        self.all = (1 << self.nw) - 1
        self.weights = np.zeros(self.nwords * 64)
        self.weights[: self.nw] = weights
        self.lookahead = lookahead
        self.deadline = deadline
        self.has_west = [[0] * 15 for _ in range(4)]
        for s in range(4):
            for r in _ranks(self.dfd0[s]):
                self.has_west[s][r] = _bitset((self.west[:, s] >> r) & 1)
        self._any: dict[tuple[int, int, int], int] = {}
        self._prob: dict[int, float] = {}
        self._rows: dict[tuple[int, int], np.ndarray] = {}
        self.memo: dict[tuple, tuple[np.ndarray, float]] = {}
        self.canon: dict[tuple, tuple[np.ndarray, float]] = {}
        # the memos are caches: when they hold more than ``max_memory`` bytes they are emptied (a position
        # is then solved again when met again), so the search's memory stays bounded
        self.max_memory = max_memory
        self.memo_bytes = 0
        self.memo_flushes = 0
        self.uniform = bool(np.all(np.asarray(weights) == np.asarray(weights)[0]))
        self.nodes = 0
        self.leaves = 0
        self.dd_solves = 0
        self._dd: WorldDD | None = None

    # -- worlds -------------------------------------------------------------------------------
    def holds(self, seat: int, s: int, r: int, x: int) -> int:
        h = self.has_west[s][r]
        return x & h if seat == W else x & ~h

    def holds_suit(self, seat: int, s: int, dfd_s: int) -> int:
        """Worlds (of all) where ``seat`` holds some card of suit s (the defenders holding ``dfd_s``)."""
        key = (seat, s, dfd_s)
        got = self._any.get(key)
        if got is None:
            got = 0
            for r in _ranks(dfd_s):
                got |= self.holds(seat, s, r, self.all)
            self._any[key] = got
        return got

    def full_row(self, x: int, levels: int) -> np.ndarray:
        key = (x, levels)
        got = self._rows.get(key)
        if got is None:
            got = np.tile(int_to_words(x, self.nwords), levels).reshape(1, levels * self.nwords)
            got.flags.writeable = False
            self._rows[key] = got
        return got

    def value(self, front: np.ndarray) -> np.ndarray:
        """Expected payoff (probability, or tricks over several levels) of each row."""
        return values(front, self.weights, self.nwords)

    def row_levels(self, row: np.ndarray, levels: int) -> list[int]:
        return [words_to_int(row[i * self.nwords:(i + 1) * self.nwords]) for i in range(levels)]

    def levels_row(self, levels: list[int]) -> np.ndarray:
        return np.concatenate([int_to_words(v, self.nwords) for v in levels])

    def _tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and (self.nodes & 255) == 0 and time.perf_counter() > self.deadline:
            raise TimeUp

    # -- moves -----------------------------------------------------------------------------------
    def declarer_moves(self, north: Masks, south: Masks, dfd: Masks, seat: int, table: tuple[Play, ...]) -> list[Play]:
        """One card per run of equivalent legal cards of North or South, highest first, suits in order."""
        hand, other = (north, south) if seat == N else (south, north)
        led = table[0][1] if table else -1
        suits = [led] if led >= 0 and hand[led] else [s for s in range(4) if hand[s]]
        out = []
        for s in suits:
            gaps = other[s] | dfd[s]
            for _, ts, tr in table:
                if ts == s:
                    gaps |= 1 << tr
            for r in _ranks(int(representatives(hand[s], gaps))):
                out.append((seat, s, r))
        return out

    def defender_moves(self, north: Masks, south: Masks, dfd: Masks, seat: int, table: tuple[Play, ...],
                       x: int) -> list[tuple[Play, int]]:
        """Every card the defender may play, with the worlds (within x) where it is legal.

        Two cards adjacent among the cards in play (nothing between them in any hand or on the table)
        that this defender holds together in every world of ``x`` are one move: playing either leaves
        the same position up to the names of two equivalent cards, and tells declarer the same thing.
        Cards that are split between the defenders in some world stay separate moves.
        """
        led = table[0][1] if table else -1
        void_led = x
        if led >= 0 and dfd[led]:
            void_led = x & ~self.holds_suit(seat, led, dfd[led])
        out = []
        for s in range(4):
            if not dfd[s]:
                continue
            if led >= 0 and s != led and not void_led:
                continue
            others = north[s] | south[s]
            for _, ts, tr in table:
                if ts == s:
                    others |= 1 << tr
            prev_r = 0
            prev_w = -1
            for r in _ranks(dfd[s]):
                xw = x & self.has_west[s][r]
                if prev_r and xw == prev_w and not (others >> (r + 1)) & ((1 << (prev_r - r - 1)) - 1):
                    prev_r = r  # equivalent to the card above, held by the same defender everywhere in x
                    continue
                prev_r, prev_w = r, xw
                xc = xw if seat == W else x & ~xw
                if led >= 0 and s != led:
                    xc &= void_led
                if xc:
                    out.append(((seat, s, r), xc))
        return out

    # -- search ------------------------------------------------------------------------------------
    def prob(self, x: int) -> float:
        """Σ of the weights of the worlds in ``x`` (one level)."""
        got = self._prob.get(x)
        if got is None:
            got = float(values(int_to_words(x, self.nwords).reshape(1, -1), self.weights, self.nwords)[0])
            self._prob[x] = got
        return got

    def prune(self, front: np.ndarray, tau: float) -> np.ndarray:
        """Rows worth at least ``tau`` (all of them when ``tau`` is NO_PRUNE)."""
        if tau <= NO_PRUNE or front.shape[0] == 0:
            return front
        keep = self.value(front) >= tau
        return front if keep.all() else front[keep]

    def boundary(self, north: Masks, south: Masks, dfd: Masks, x: int, leader: int, ths: tuple[int, ...],
                 depth: int | None, tau: float = NO_PRUNE) -> np.ndarray:
        """Front at the start of a trick, over the levels ``ths`` (tricks still needed).

        Threshold pruning: the front returned holds at least every row worth ``tau`` or more.
        """
        tl = _cards(north)
        live: list[int] = []
        src: list[int] = []
        won = 0
        for t in ths:
            if t <= 0:
                src.append(-2)
                won += 1
            elif t > tl:
                src.append(-1)
            else:
                src.append(len(live))
                live.append(t)
        if won and tau > NO_PRUNE:
            tau -= won * self.prob(x)
        front = self._boundary_live(north, south, dfd, x, leader, tuple(live), depth, tau)
        if len(live) == len(ths):
            return front
        return expand_levels(front, np.array(src, dtype=np.int64), int_to_words(x, self.nwords), self.nwords)

    def _boundary_live(self, north: Masks, south: Masks, dfd: Masks, x: int, leader: int, ths: tuple[int, ...],
                       depth: int | None, tau: float) -> np.ndarray:
        if not ths:
            return np.zeros((1, 0), np.uint64)
        tl = _cards(north)
        if leader in (N, S) and self.cashes_all(north if leader == N else south, dfd):
            return self.full_row(x, len(ths)).copy()
        if tl == 1:
            return self.prune(self.last_trick(north, south, dfd, x, leader), tau)
        if depth == 0:
            return self.prune(self.leaf(north, south, dfd, x, leader, ths), tau)
        return self.trick(north, south, dfd, x, ths, leader, (), depth, tau)

    def dd_ready(self) -> WorldDD:
        """The double-dummy solver of the worlds (made, and the DD kernels loaded, on first use)."""
        if self._dd is None:
            self._dd = WorldDD(self.trump)
        return self._dd

    @property
    def dd_nodes(self) -> int:
        return 0 if self._dd is None else self._dd.nodes

    def cashes_all(self, hand: Masks, dfd: Masks) -> bool:
        """Can the hand on lead take every trick whatever the layout (all its cards top winners, no ruffs)?"""
        if self.trump < 4 and dfd[self.trump]:
            return False
        for s in range(4):
            if hand[s] and dfd[s] and (hand[s] & -hand[s]) < dfd[s]:
                return False
        return True

    def last_trick(self, north: Masks, south: Masks, dfd: Masks, x: int, leader: int) -> np.ndarray:
        """The last trick, one card each: the worlds where North-South win it (one row, one level)."""
        key = ("last", north, south, dfd, x, leader)
        got = self.memo.get(key)
        if got is not None:
            return got[0]
        self.nodes += 1
        idx = self.indices(x)
        out = np.zeros(len(idx), dtype=np.int64)
        last_trick_ns(np.array(north, dtype=np.int64), np.array(south, dtype=np.int64),
                      np.array(dfd, dtype=np.int64), self.west, idx, leader, self.trump, out)
        row = int_to_words(_bitset_of(idx[out == 1], self.nw), self.nwords).reshape(1, -1)
        self.remember(key, row, NO_PRUNE)
        return row

    def indices(self, x: int) -> np.ndarray:
        """The worlds of a bitset, as indices."""
        flags = np.unpackbits(np.frombuffer(x.to_bytes(self.nwords * 8, "little"), dtype=np.uint8),
                              bitorder="little")[: self.nw]
        return np.flatnonzero(flags).astype(np.int64)

    def leaf(self, north: Masks, south: Masks, dfd: Masks, x: int, leader: int, ths: tuple[int, ...]) -> np.ndarray:
        """Double-dummy payoff vector at the lookahead horizon (one row)."""
        key = ("leaf", north, south, dfd, x, leader, ths)
        got = self.memo.get(key)
        if got is not None:
            return got[0]
        self._tick()
        self.leaves += 1
        idx = self.indices(x)
        out = self.dd_ready().ns_tricks(north, south, dfd, self.west, idx, leader, (), _cards(north))
        self.dd_solves += len(idx)
        row = np.zeros((1, len(ths) * self.nwords), np.uint64)
        for li, t in enumerate(ths):
            bits = 0
            for k, i in enumerate(idx):
                if out[k] >= t:
                    bits |= 1 << int(i)
            row[0, li * self.nwords:(li + 1) * self.nwords] = int_to_words(bits, self.nwords)
        self.remember(key, row, NO_PRUNE)
        return row

    def trick(self, north: Masks, south: Masks, dfd: Masks, x: int, ths: tuple[int, ...], leader: int,
              table: tuple[Play, ...], depth: int | None, tau: float = NO_PRUNE) -> np.ndarray:
        """Front of a position inside a trick (``table``: the cards played to it so far)."""
        if len(table) == 4:
            win = trick_winner(table, self.trump)
            nd = None if depth is None else depth - 1
            if win in (N, S):
                return self.boundary(north, south, dfd, x, win, tuple(t - 1 for t in ths), nd, tau)
            return self.boundary(north, south, dfd, x, win, ths, nd, tau)
        key = (north, south, dfd, x, ths, leader, table, depth)
        got = self.memo.get(key)
        if got is not None and got[1] <= tau:
            return got[0]
        ckey = perm = None
        if not table and self.uniform:  # (inside a trick, transpositions are rare: measured, not worth it)
            # Transposition on the layouts still possible: positions reached by different histories
            # with the same cards and the same set of current layouts have the same front.
            ckey, perm = self.canonical(north, south, dfd, x, ths, leader, depth, table)
            hit = self.canon.get(ckey)
            if hit is not None and hit[1] <= tau:
                front = self.from_canon(hit[0], perm, len(ths))
                self.remember(key, front, hit[1])
                return front
        self._tick()
        seat = (leader + len(table)) % 4
        L = len(ths)
        if seat in (N, S):
            fronts = []
            for play in self.declarer_moves(north, south, dfd, seat, table):
                _, s, r = play
                n2 = without(north, s, r) if seat == N else north
                s2 = without(south, s, r) if seat == S else south
                fronts.append(self.trick(n2, s2, dfd, x, ths, leader, table + (play,), depth, tau))
            front = pareto(np.concatenate(fronts)) if len(fronts) > 1 else fronts[0]
            front = self.prune(front, tau)
        else:
            px = self.prob(x)
            front = self.full_row(x, L).copy()  # (writable: min_combine is compiled for writable arrays only)
            moves = self.defender_moves(north, south, dfd, seat, table, x)
            # the replies possible in most worlds first: they cut the front soonest
            moves.sort(key=lambda m: -self.prob(m[1]))
            for play, xc in moves:
                _, s, r = play
                tc = tau - L * (px - self.prob(xc)) if tau > NO_PRUNE else NO_PRUNE
                fc = self.trick(north, south, without(dfd, s, r), xc, ths, leader, table + (play,), depth, tc)
                if fc.shape[0] == 0:
                    front = fc[:0].reshape(0, L * self.nwords)
                    break
                notwc = self.full_row(x & ~xc, L)[0].copy()
                front = min_combine(front, fc, notwc, self.weights, self.nwords, tau)
                if front.shape[0] == 0:
                    break
        self.remember(key, front, tau)
        if ckey is not None:
            canon = self.to_canon(front, perm, len(ths))
            self.canon[ckey] = (canon, tau)
            self.memo_bytes += canon.nbytes + len(ckey[-1]) + 200
        return front

    def remember(self, key: tuple, front: np.ndarray, tau: float) -> None:
        """Store a front in the memo, emptying the memos first when they hold more than the budget."""
        if self.memo_bytes > self.max_memory:
            self.memo.clear()
            self.canon.clear()
            self._rows.clear()
            self._prob.clear()
            self.memo_bytes = 0
            self.memo_flushes += 1
        self.memo[key] = (front, tau)
        self.memo_bytes += front.nbytes + 8 * self.nwords + 200

    # -- transposition over layouts -------------------------------------------------------------------
    def canonical(self, north: Masks, south: Masks, dfd: Masks, x: int, ths: tuple[int, ...], leader: int,
                  depth: int | None, table: tuple[Play, ...] = ()) -> tuple[tuple, np.ndarray]:
        """Key of a trick boundary by its cards and the *set* of West's current holdings over ``x``, and
        the worlds of ``x`` in canonical order (sorted by that holding; one world per holding, since
        who played every gone card is public)."""
        idx = self.indices(x)
        cur = self.west[idx] & np.array(dfd, dtype=np.int64)
        codes = (cur[:, 0] << 48) | (cur[:, 1] << 32) | (cur[:, 2] << 16) | cur[:, 3]
        order = np.argsort(codes, kind="stable")
        return (north, south, dfd, leader, ths, depth, table, codes[order].tobytes()), idx[order]

    def to_canon(self, front: np.ndarray, perm: np.ndarray, L: int) -> np.ndarray:
        r = front.shape[0]
        if r == 0:
            return np.zeros((0, 1), np.uint8)
        bits = np.unpackbits(np.ascontiguousarray(front).view(np.uint8), axis=1, bitorder="little")
        bits = bits.reshape(r, L, self.nwords * 64)[:, :, perm]
        return np.packbits(bits.reshape(r, -1), axis=1, bitorder="little")

    def from_canon(self, packed: np.ndarray, perm: np.ndarray, L: int) -> np.ndarray:
        r = packed.shape[0]
        if r == 0:
            return np.zeros((0, L * self.nwords), np.uint64)
        k = perm.shape[0]
        cbits = np.unpackbits(packed, axis=1, bitorder="little")[:, : L * k].reshape(r, L, k)
        bits = np.zeros((r, L, self.nwords * 64), dtype=np.uint8)
        bits[:, :, perm] = cbits
        return np.packbits(bits.reshape(r, -1), axis=1, bitorder="little").view(np.uint64).reshape(r, -1)

    # -- the root ------------------------------------------------------------------------------------
    def root_front(self, north: Masks, south: Masks, dfd: Masks, leader: int, table: tuple[Play, ...],
                   ths: tuple[int, ...], play: Play, tau: float = NO_PRUNE) -> np.ndarray:
        seat, s, r = play
        n2 = without(north, s, r) if seat == N else north
        s2 = without(south, s, r) if seat == S else south
        return self.trick(n2, s2, dfd, self.all, ths, leader, table + (play,), self.lookahead, tau)

    def first_moves(self, north: Masks, south: Masks, dfd: Masks, leader: int, table: tuple[Play, ...],
                    ths: tuple[int, ...], steps: tuple[float, ...] = ASPIRATION,
                    done: list[tuple[Play, np.ndarray, float, int]] | None = None,
                    progress: Callable[[int], None] | None = None,
                    ) -> list[tuple[Play, np.ndarray, float, int]]:
        """Every distinct first play of declarer: (play, front, best value, index of the best row), best first.

        Each value is exact.  It is found by aspiration: a search pruned at threshold ``tau`` either
        returns the best row (when the value is ``tau`` or more) or nothing; ``tau`` starts at the best
        value found so far (or the top of the scale) and steps down through ``steps`` (fractions of
        the largest possible value) until a row is found.  ``done``, when given, receives each play as
        its value is found (what is finished when :class:`TimeUp` stops the search); ``progress(k)`` is
        called as the k-th play is solved.
        """
        seat = (leader + len(table)) % 4
        assert seat in (N, S), "declarer must be to play"
        top = len(ths) * self.prob(self.all)
        best = None
        out = [] if done is None else done
        for play in self.declarer_moves(north, south, dfd, seat, table):
            taus = [best - SLACK] if best is not None else []
            taus += [f * top - SLACK for f in steps if best is None or f * top < best - SLACK]
            taus.append(NO_PRUNE)
            for tau in taus:
                f = self.root_front(north, south, dfd, leader, table, ths, play, tau)
                if f.shape[0]:
                    break
            vals = self.value(f)
            i = int(np.argmax(vals))
            out.append((play, f, float(vals[i]), i))
            if best is None or vals[i] > best:
                best = float(vals[i])
            if progress is not None:
                progress(len(out))
        out.sort(key=lambda m: -m[2])
        return out

    # -- the line as a tree ----------------------------------------------------------------------------
    def explain(self, north: Masks, south: Masks, dfd: Masks, x: int, ths: tuple[int, ...], leader: int,
                table: tuple[Play, ...], need: list[int], depth: int, look: int | None) -> list[Decision]:
        """Declarer's decisions below an in-trick position that guarantee ``need`` (one bitset per level)."""
        if depth <= 0 or not x:
            return []
        if len(table) == 4:
            win = trick_winner(table, self.trump)
            nl = None if look is None else look - 1
            if nl == 0:
                return []
            ths2 = tuple(t - 1 for t in ths) if win in (N, S) else ths
            tl = _cards(north)
            keep = [i for i, t in enumerate(ths2) if 1 <= t <= tl]
            if not keep:
                return []
            return self.explain(north, south, dfd, x, tuple(ths2[i] for i in keep), win, (),
                                [need[i] for i in keep], depth, nl)
        seat = (leader + len(table)) % 4
        if seat in (N, S):
            needw = self.levels_row(need)
            tau = float(self.value(needw.reshape(1, -1))[0]) - SLACK
            for play in self.declarer_moves(north, south, dfd, seat, table):
                _, s, r = play
                n2 = without(north, s, r) if seat == N else north
                s2 = without(south, s, r) if seat == S else south
                f = self.trick(n2, s2, dfd, x, ths, leader, table + (play,), look, tau)
                if find_superset(f, needw) >= 0:
                    sub = self.explain(n2, s2, dfd, x, ths, leader, table + (play,), need, depth - 1, look)
                    return [Decision(seat, Card(s, r), x, sub)]
            raise AssertionError("no declarer play achieves the required vector")
        out = []
        for play, xc in self.defender_moves(north, south, dfd, seat, table, x):
            _, s, r = play
            sub = self.explain(north, south, without(dfd, s, r), xc, ths, leader, table + (play,),
                               [v & xc for v in need], depth, look)
            out.append(Decision(seat, Card(s, r), xc, sub))
        return out
