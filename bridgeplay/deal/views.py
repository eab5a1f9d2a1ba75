"""Deals sampled from one player's point of view: his own hand, dummy's and the play are fixed; the
two hands he cannot see are dealt at random, exactly uniformly among the layouts that meet the
public constraints (lengths and points of each whole hand, cards known) and the voids the play has
shown (the counting and drawing of :class:`bridgeplay.deal.worlds.DealWorlds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bridgeplay.cards import W
from bridgeplay.deal.abcsearch import Hands, hand_of, masks_of
from bridgeplay.deal.problem import DefenderInfo
from bridgeplay.deal.seat import HandConstraint
from bridgeplay.deal.worlds import DealWorlds


@dataclass(frozen=True)
class _Pair:
    """The two hidden hands in the shape DealWorlds reads (the first stands in West's place, the other East's)."""

    defenders: tuple[int, int, int, int]
    west: DefenderInfo
    east: DefenderInfo
    counts: tuple[int, int]

    def holds(self, seat: int) -> int:
        return self.counts[0] if seat == W else self.counts[1]


def _voids(history: Sequence[tuple[int, int]], seat: int) -> tuple[int, ...]:
    out = set()
    cur: list[tuple[int, int]] = []
    for x, c in history:
        cur.append((x, c))
        if x == seat and len(cur) > 1 and (c >> 4) != (cur[0][1] >> 4):
            out.add(cur[0][1] >> 4)
        if len(cur) == 4:
            cur = []
    return tuple(sorted(out))


class View:
    """Deals consistent with what ``viewer`` sees: ``now`` (the cards held now; only the viewer's and
    dummy's hands are read, plus the pool of the others), ``history`` (every card played, in order)."""

    def __init__(self, viewer: int, dummy: int, now: Hands, history: Sequence[tuple[int, int]],
                 constraints: Sequence[HandConstraint]) -> None:
        self.fixed = (viewer, dummy)
        self.hidden = tuple(x for x in range(4) if x not in self.fixed)
        self.now = now
        h1, h2 = self.hidden
        pool = now[h1] | now[h2]
        infos = []
        for x in self.hidden:
            played = 0
            for y, c in history:
                if y == x:
                    played |= 1 << c
            con = constraints[x]
            infos.append(DefenderInfo(masks_of(con.cards & pool), _voids(history, x), con.lengths, con.hcp,
                                      masks_of(played)))
        counts = (bin(now[h1]).count("1"), bin(now[h2]).count("1"))
        self.worlds = DealWorlds(_Pair(masks_of(pool), infos[0], infos[1], counts))
        self.pool = pool

    @property
    def count(self) -> int:
        return self.worlds.count

    def sample(self, n: int, seed: int) -> list[Hands]:
        """``n`` deals (cards held now), seeded, exactly uniform, with replacement."""
        out = []
        h1, h2 = self.hidden
        for row in self.worlds.draws(n, seed):
            first = hand_of([int(v) for v in row])
            d = list(self.now)
            d[h1] = first
            d[h2] = self.pool & ~first
            out.append(tuple(d))
        return out  # type: ignore[return-value]


def seed_of(*parts: int) -> int:
    """A 63-bit seed from a tuple of ints (numpy's SeedSequence)."""
    return int(np.random.SeedSequence([int(p) for p in parts]).generate_state(2, dtype=np.uint64)[0] >> 1)
