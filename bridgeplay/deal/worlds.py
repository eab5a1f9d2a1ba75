"""Worlds of a deal problem: the layouts of the defenders' cards, counted, enumerated or sampled.

A *world* gives every card the defenders hold now to West or East.  West holds ``vW`` cards and
East ``vE`` (the vacant places: what each holds now); every layout with those counts that agrees
with the constraints (known cards, voids shown or stated, suit lengths and high-card points of the
hand at the start of the history) is equally likely -- a random deal conditioned on what declarer
knows -- so each of the ``count`` worlds has probability exactly ``1/count``.

The count is exact and cheap however many worlds there are: per suit, the West holdings allowed
by that suit's constraints are grouped by (cards, high-card points); a product over the four suits
(a small dynamic programme on West's total cards and points) counts the layouts with ``vW`` cards
whose points satisfy both defenders' ranges.  The same tables draw exactly uniform samples (no
rejection) and enumerate the worlds when there are few enough.

A world is stored as West's holding now, one mask per suit (``int64[4]``, bit r = rank r); East
holds the defenders' other cards.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.cards import E, W, popcount, short_hand_text
from bridgeplay.cards import hcp as _hcp

MAX_ENUMERATE = config.MAX_ENUMERATE


def _subsets(mask: int) -> Iterator[int]:
    """Every subset of ``mask`` (including 0 and mask)."""
    sub = mask
    while True:
        yield sub
        if sub == 0:
            return
        sub = (sub - 1) & mask


@lru_cache(maxsize=256)
def _suit_groups(d: int, w_known: int, e_known: int, w_void: bool, e_void: bool, w_played: int, e_played: int,
                 w_len: tuple[int, int], e_len: tuple[int, int]) -> dict[tuple[int, int], list[int]]:
    """West's holdings of one suit allowed by that suit's constraints, grouped by (cards, points), each group high
    to low: ``d`` the defenders' cards of the suit, the cards known in each hand, whether each is void, the cards
    each has played and the suit lengths allowed at the start.  Memoised (the caller copies what it keeps): the
    views of the ABC algorithm build one of these per suit for every deal they draw from, and most suits recur
    (Example 1 at seed 1: 484 suits, 112 distinct).  The last 256 are kept (a suit of 13 cards holds 8,192 masks)."""
    g: dict[tuple[int, int], list[int]] = {}
    for wm in _subsets(d):
        em = d & ~wm
        if wm & w_known != w_known or em & e_known != e_known:
            continue
        if w_void and wm or e_void and em:
            continue
        lw = popcount(wm) + w_played
        le = popcount(em) + e_played
        if not w_len[0] <= lw <= w_len[1] or not e_len[0] <= le <= e_len[1]:
            continue
        g.setdefault((popcount(wm), _hcp(wm)), []).append(wm)
    for key in g:
        g[key].sort(reverse=True)
    return g


class DealWorlds:
    """Counts, enumerates and samples the layouts of a :class:`~bridgeplay.deal.problem.DealProblem`.

    Raises ``ValueError`` (one line) when no layout satisfies the constraints.
    """

    def __init__(self, problem: Any) -> None:  # a DealProblem (which imports this module)
        self.problem = problem
        self.dfd = tuple(int(m) for m in problem.defenders)
        self.vw = problem.holds(W)
        self.ve = problem.holds(E)
        wi, ei = problem.west, problem.east
        self.hcp_total = sum(_hcp(m) for m in self.dfd)
        self.hcp_played_w = sum(_hcp(m) for m in wi.played)
        self.hcp_played_e = sum(_hcp(m) for m in ei.played)
        # per suit: {(k, hcp): [west masks]}
        self.groups: list[dict[tuple[int, int], list[int]]] = [
            {key: list(masks) for key, masks in _suit_groups(
                self.dfd[s], int(wi.known[s]), int(ei.known[s]), s in wi.voids, s in ei.voids,
                popcount(wi.played[s]), popcount(ei.played[s]), tuple(wi.lengths[s]), tuple(ei.lengths[s])).items()}
            for s in range(4)]
        # prefix[s][(K, H)] = number of West holdings of suits 0..s-1 with K cards, H points
        self.prefix: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
        for s in range(4):
            nxt: dict[tuple[int, int], int] = {}
            for (k0, h0), c0 in self.prefix[-1].items():
                for (k, h), masks in self.groups[s].items():
                    if k0 + k <= self.vw:
                        key = (k0 + k, h0 + h)
                        nxt[key] = nxt.get(key, 0) + c0 * len(masks)
            self.prefix.append(nxt)
        self.finals = {
            h: c for (k, h), c in self.prefix[4].items() if k == self.vw and self._hcp_ok(h)
        }
        self.count = sum(self.finals.values())
        if self.count == 0:
            raise ValueError("no layout of the defenders' cards satisfies the constraints")

    def _hcp_ok(self, h: int) -> bool:
        wi, ei = self.problem.west, self.problem.east
        hw = h + self.hcp_played_w
        he = self.hcp_total - h + self.hcp_played_e
        return wi.hcp[0] <= hw <= wi.hcp[1] and ei.hcp[0] <= he <= ei.hcp[1]

    # -- exact probabilities -------------------------------------------------------------------
    @property
    def probability(self) -> Fraction:
        """Probability of each world (all equally likely)."""
        return Fraction(1, self.count)

    @property
    def unconstrained(self) -> int:
        """Layouts with the right counts before any constraint: C(vW + vE, vW)."""
        return comb(self.vw + self.ve, self.vw)

    # -- enumeration ----------------------------------------------------------------------------
    def enumerate(self, limit: int = MAX_ENUMERATE) -> np.ndarray:
        """Every world as ``int64[count, 4]`` (West's holding per suit), in a fixed order."""
        if self.count > limit:
            raise ValueError(f"{self.count} layouts of the defenders' cards are too many to enumerate (limit {limit})")
        out = np.zeros((self.count, 4), dtype=np.int64)
        row = 0
        cur = [0, 0, 0, 0]

        def rec(s: int, k: int, h: int) -> None:
            nonlocal row
            if s < 0:
                if k == 0 and h == 0:
                    out[row, :] = cur
                    row += 1
                return
            for (ks, hs), masks in sorted(self.groups[s].items(), key=lambda kv: (-kv[0][0], -kv[0][1])):
                if ks <= k and self.prefix[s].get((k - ks, h - hs), 0):
                    for m in masks:
                        cur[s] = m
                        rec(s - 1, k - ks, h - hs)
            cur[s] = 0

        for h in sorted(self.finals):
            rec(3, self.vw, h)
        assert row == self.count
        # a stable, readable order: by West's holding, spades first, high cards first
        order = np.lexsort((-out[:, 3], -out[:, 2], -out[:, 1], -out[:, 0]))
        return out[order]

    # -- sampling -------------------------------------------------------------------------------------
    def draws(self, n: int, seed: int) -> Iterator[np.ndarray]:
        """``n`` worlds drawn one at a time, independently and exactly uniformly (with replacement), seeded.

        Each draw picks West's points, then suit by suit (clubs first) a (cards, points) group in proportion
        to the layouts it leaves, then a holding of the group.  The group choices are ``Generator.choice``
        with probabilities, written out (one ``random()`` against the normalised cumulative weights, as numpy
        does it) over tables made once per state, so the stream of worlds is numpy's for a given seed.
        """
        rng = np.random.default_rng(seed)
        hs = sorted(self.finals)
        hw = np.array([self.finals[h] for h in hs], dtype=float)
        hw /= hw.sum()
        top = hw.cumsum()
        top /= top[-1]
        tables: dict[tuple[int, int, int], tuple[list[tuple[int, int, list[int]]], np.ndarray]] = {}
        for _ in range(n):
            row = np.zeros(4, dtype=np.int64)
            k = self.vw
            h = hs[int(top.searchsorted(rng.random(), side="right"))]
            for s in range(3, -1, -1):
                got = tables.get((s, k, h))
                if got is None:
                    opts = []
                    wts = []
                    for (ks, hsu), masks in self.groups[s].items():
                        c = self.prefix[s].get((k - ks, h - hsu), 0)
                        if ks <= k and c:
                            opts.append((ks, hsu, masks))
                            wts.append(float(c) * len(masks))
                    p = np.array(wts)
                    cdf = (p / p.sum()).cumsum()
                    cdf /= cdf[-1]
                    got = tables[(s, k, h)] = (opts, cdf)
                opts, cdf = got
                ks, hsu, masks = opts[int(cdf.searchsorted(rng.random(), side="right"))]
                row[s] = masks[int(rng.integers(len(masks)))]
                k -= ks
                h -= hsu
            yield row

    def sample(self, n: int, seed: int, deadline: float | None = None) -> np.ndarray:
        """``n`` worlds drawn independently and exactly uniformly (with replacement), seeded (see :meth:`draws`).

        With a ``deadline`` (a ``time.perf_counter()`` value) drawing stops when it is passed: the worlds
        drawn so far (at least one) are returned, the same first ones a run without a deadline draws.
        """
        out = np.zeros((n, 4), dtype=np.int64)
        for i, row in enumerate(self.draws(n, seed)):
            if deadline is not None and i and i % 64 == 0 and time.perf_counter() > deadline:
                return out[:i]
            out[i] = row
        return out

    def east(self, west: np.ndarray) -> np.ndarray:
        return np.array([self.dfd[s] & ~int(west[s]) for s in range(4)], dtype=np.int64)


def layout_key(west: np.ndarray, east: np.ndarray) -> tuple[str, str]:
    """Suit-length pattern of each defender's holding now, S-H-D-C, e.g. ``('1-0-1-1', '0-0-1-2')``."""
    return ("-".join(str(popcount(int(m))) for m in west), "-".join(str(popcount(int(m))) for m in east))


def layout_text(west: np.ndarray, east: np.ndarray) -> str:
    """``♠2 ♦5 ♣5 – ♦4 ♣43`` (West's cards, then East's)."""
    return f"{short_hand_text(west)} – {short_hand_text(east)}"


def unique_weights(worlds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct rows of a sample and how often each was drawn (weights for the solvers)."""
    uniq, counts = np.unique(worlds, axis=0, return_counts=True)
    return uniq.astype(np.int64), counts.astype(np.float64)
