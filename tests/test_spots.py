"""Spot cards merged for the reader: AQ10 / 432 reads as AQT / xxx (issue 24).  The search still plays every
card of the defenders'; only the report and the JSON (holdings, the line) group the equivalent ones."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bridgeplay.cards import parse_holding
from bridgeplay.cli import main
from bridgeplay.kinds import load, solve
from bridgeplay.suit.problem import spot_cards

FULL = sum(1 << r for r in range(2, 15))


def mask(text: str) -> int:
    return parse_holding(text)[0]


def suit_json(*args: str) -> dict:
    r = CliRunner().invoke(main, ["suit", *args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.parametrize("north, south, known, spots", [
    ("AQT", "432", "", "98765432"),        # the low run 9..5, and declarer's 4 3 2 below it
    ("AKJT", "9432", "", "8765432"),       # declarer's 9 above the run: not an x
    ("AKQJT9876", "5", "", "432"),         # the defenders' 4 3 2; declarer's 5 is above them
    ("AQT98", "765", "", "432"),           # likewise under 7 6 5
    ("AQT", "432", "6", ""),               # a card known to be with a defender stands apart
    ("AKQJT98765", "432", "", ""),         # no outstanding card: nothing
    ("AQ", "32", "", "JT98765432"),        # the run J..4 (the K stands above the Q) and declarer's 3 2
])
def test_spot_cards(north: str, south: str, known: str, spots: str) -> None:
    declarer = mask(north) | mask(south)
    outstanding = FULL & ~declarer
    got = spot_cards(declarer, outstanding, mask(known), FULL)
    assert got == mask(spots)


def test_aq10_432_reads_as_aqt_xxx_row_for_row() -> None:
    real = suit_json("AQ10", "432", "--tricks", "2")
    book = suit_json("AQT", "xxx", "--tricks", "2")
    assert real["probability"] == pytest.approx(0.76, abs=5e-4)
    assert real["splits"] == book["splits"]
    assert real["strategy"] == book["strategy"] and real["moves"] == book["moves"]
    assert real["legend"] == "x = 9 8 7 6 5 (the defenders), 4 3 2 (North-South)"
    assert "legend" not in book  # (x written: its ranks are the solver's choice, not the reader's)


def test_merged_branches_are_reached_in_the_union_of_their_worlds() -> None:
    """A defender's spot cards with the same line below are one branch; its probability is that of the worlds
    where any of them is played (at most 1, at least each one's)."""
    r = solve(load({"kind": "suit", "name": "t", "north": "AQ10", "south": "432", "tricks": 2}))

    def walk(nodes: list) -> None:
        plays = [n["play"] for n in nodes if n["side"] == "defence"]
        texts = [json.dumps({k: v for k, v in n.items() if k != "probability"}, sort_keys=True) for n in nodes]
        assert len(texts) == len(set(texts)), plays  # no two identical branches side by side
        for n in nodes:
            assert n["side"] == "declarer" or 0 < n["probability"] <= 1 + 1e-12
            walk(n.get("then", []))

    walk(r.strategy)
