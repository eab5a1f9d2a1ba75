"""A-priori odds: exact combinatorics against the published split tables."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from bridgeplay.suit.worlds import holding_probability, split_probability, split_table, suit_worlds

PUBLISHED = {  # missing cards -> split percentages to four decimals (both ways added)
    2: {(1, 1): 52.00, (2, 0): 48.00},
    4: {(3, 1): 49.74, (2, 2): 40.70, (4, 0): 9.57},
    6: {(4, 2): 48.45, (3, 3): 35.53, (5, 1): 14.53, (6, 0): 1.49},
    8: {(5, 3): 47.12, (4, 4): 32.72, (6, 2): 17.14, (7, 1): 2.86, (8, 0): 0.16},
}


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_split_percentages_to_two_places(n: int) -> None:
    got = {(a, b): round(100 * p, 2) for a, b, p in split_table(n)}
    assert got == PUBLISHED[n]


@pytest.mark.parametrize("n", range(0, 14))
def test_split_probabilities_sum_to_one(n: int) -> None:
    assert sum(split_probability(n, k) for k in range(n + 1)) == 1


def test_specific_holding_formula() -> None:
    # C(26-n, 13-k) / C(26, 13): a specific 3-3 holding of six missing cards
    assert holding_probability(6, 3) == Fraction(comb(20, 10), comb(26, 13))
    assert float(20 * holding_probability(6, 3)) == pytest.approx(0.355280, abs=1e-6)


def test_worlds_enumerate_every_west_holding() -> None:
    w = suit_worlds(0b111100)  # ranks 2..5 outstanding
    assert len(w) == 16 and abs(sum(w.exact) - 1) == 0


def test_known_card_filters_and_renormalises() -> None:
    king = 1 << 13
    w = suit_worlds(king | 0b1100, west_known=king)
    assert len(w) == 4
    assert all(int(x) & king for x in w.west)
    assert sum(w.exact) == 1


def test_vacant_places_skew_the_odds() -> None:
    # One missing card: with 10 vacant places West vs 13 East, West holds it 10/23 of the time.
    w = suit_worlds(1 << 13, vacant_west=10, vacant_east=13)
    p_west = sum(p for x, p in zip(w.west.tolist(), w.exact) if x)
    assert p_west == Fraction(10, 23)


def test_impossible_constraints_are_an_error() -> None:
    with pytest.raises(ValueError):
        suit_worlds(1 << 13, west_known=1 << 13, east_known=1 << 13)
