"""Hidden-card distributions: enumeration, a-priori probabilities, constraints.

In a single-suit problem a *world* is West's holding of the outstanding cards (East
holds the rest).  With ``vW``/``vE`` vacant places (13 each before any play) a
specific West holding of ``k`` of the ``n`` outstanding cards has a-priori
probability ``C(vW + vE - n, vW - k) / C(vW + vE, vW)``; constraints (known cards)
filter the worlds and the probabilities are renormalised.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from bridgeplay.cards import popcount, ranks_of
from bridgeplay.errors import ProblemError
from bridgeplay.suit.problem import SuitProblem


def holding_probability(n: int, k: int, vacant_west: int = 13, vacant_east: int = 13) -> Fraction:
    """Exact a-priori probability that West holds one *specific* set of k of n outstanding cards."""
    total = vacant_west + vacant_east
    if k > vacant_west or n - k > vacant_east or k < 0 or k > n:
        return Fraction(0)
    return Fraction(comb(total - n, vacant_west - k), comb(total, vacant_west))


def split_probability(n: int, k: int, vacant_west: int = 13, vacant_east: int = 13) -> Fraction:
    """Exact probability that West holds exactly k of the n outstanding cards."""
    return comb(n, k) * holding_probability(n, k, vacant_west, vacant_east)


def split_table(n: int) -> list[tuple[int, int, float]]:
    """(longer, shorter, probability) for each split of n cards, e.g. 4 -> 3-1, 2-2, 4-0 (both ways added)."""
    rows = []
    for a in range(n, (n - 1) // 2, -1):
        b = n - a
        if a < b:
            continue
        p = split_probability(n, a) + (split_probability(n, b) if a != b else 0)
        rows.append((a, b, float(p)))
    return sorted(rows, key=lambda r: -r[2])


@dataclass(frozen=True)
class SuitWorlds:
    """The worlds of a single-suit problem.

    ``west[i]`` is West's holding (rank mask) in world i, ``prob[i]`` its probability
    (renormalised over the worlds the constraints allow, so they sum to 1), ``prior[i]``
    the a-priori probability before renormalisation.
    """

    outstanding: int
    west: np.ndarray  # int64[nw]
    prob: np.ndarray  # float64[nw]
    prior: np.ndarray  # float64[nw]
    exact: tuple[Fraction, ...]

    def __len__(self) -> int:
        return len(self.west)

    def east(self, i: int) -> int:
        return self.outstanding & ~int(self.west[i])


def suit_worlds(
    outstanding: int,
    west_known: int = 0,
    east_known: int = 0,
    vacant_west: int = 13,
    vacant_east: int = 13,
) -> SuitWorlds:
    """Enumerate West's possible holdings of ``outstanding`` with exact probabilities."""
    cards = ranks_of(outstanding)
    n = len(cards)
    wests, priors = [], []
    for bits in range(1 << n):
        w = 0
        for j, r in enumerate(cards):
            if bits >> j & 1:
                w |= 1 << r
        if w & west_known != west_known or w & east_known:
            continue
        p = holding_probability(n, popcount(w), vacant_west, vacant_east)
        if p == 0:
            continue
        wests.append(w)
        priors.append(p)
    if not wests:
        raise ValueError("no layout of the outstanding cards satisfies the constraints")
    total = sum(priors)
    exact = tuple(p / total for p in priors)
    return SuitWorlds(
        outstanding=outstanding,
        west=np.array(wests, dtype=np.int64),
        prob=np.array([float(p) for p in exact]),
        prior=np.array([float(p) for p in priors]),
        exact=exact,
    )


def worlds_for(problem: SuitProblem) -> SuitWorlds:
    """The worlds of a suit problem (an impossible set of known cards is the ``west`` field's error)."""
    try:
        return suit_worlds(
            problem.outstanding, problem.west_known, problem.east_known, problem.vacant_west, problem.vacant_east
        )
    except ValueError as exc:
        raise ProblemError(problem.file, "west", str(exc)) from None
