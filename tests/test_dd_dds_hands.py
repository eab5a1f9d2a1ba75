"""The engine against the tables DDS's own test files record (``tests/reference/dds_hands.py``): the 21 real deals
DDS's authors found slowest to solve (``hands/largest.txt``), an oracle that needs no DDS run here.  The fastest
of them in the default suite; all 21 tables, and every single no-trump solve, under ``slow``.
(``python benchmarks/dd_vs_dds.py --set torture`` runs the two torture deals: about 45 minutes with DDS's runs.)"""

from __future__ import annotations

import pytest

from bridgeplay.cards import Deal
from bridgeplay.deal import doubledummy as dd
from tests.reference.dds_hands import LARGEST, table_of

FASTEST = "largest 21"  # (about a second a table)


def _cases(slow: bool) -> list:
    return [pytest.param(name, pbn, flat, id=name, marks=[pytest.mark.slow] if slow and name != FASTEST else [])
            for name, pbn, flat in LARGEST]


@pytest.mark.parametrize("name,pbn,flat", _cases(True))
def test_tables_equal_the_ones_dds_records(name: str, pbn: str, flat: tuple[int, ...]) -> None:
    assert dd.dd_table(Deal.from_pbn(pbn)) == table_of(flat)


@pytest.mark.slow
@pytest.mark.parametrize("name,pbn,flat", _cases(False))
def test_single_solves_equal_the_tables_dds_records(name: str, pbn: str, flat: tuple[int, ...]) -> None:
    """Each declarer's tricks in each strain, one solve at a time (the opening leader's side's tricks)."""
    table = table_of(flat)
    deal = Deal.from_pbn(pbn)
    for strain, row in table.items():
        for declarer, tricks in row.items():
            leader = "NESW"[("NESW".index(declarer) + 1) % 4]
            assert dd.tricks(deal, strain, leader) == 13 - tricks, (strain, declarer)
