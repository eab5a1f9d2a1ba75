"""The line in words (issue 24): what a book would say, and never a card the line does not play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgeplay.kinds import load, solve
from bridgeplay.suit.exact import WORDS_DEPTH, SuitAnalysis
from bridgeplay.suit.search import Decision
from bridgeplay.suit.words import WORDS

ROOT = Path(__file__).resolve().parents[1]
NAMED = {v: k for k, v in WORDS.items()}
VERB = re.compile(r"\b(finesse|win|cash|play|lead) the (" + "|".join(WORDS.values()) + r")\b")


def suit(north: str, south: str, tricks: int | str) -> str:
    key = "objective" if tricks == "avg" else "tricks"
    r = solve(load({"kind": "suit", "name": "t", "north": north, "south": south,
                    key: "tricks" if tricks == "avg" else tricks}))
    return r.extra["line"]


def test_books_lines() -> None:
    aqt = suit("AQ10", "432", 3)
    assert aqt.startswith("Lead low from South toward the A-Q-10 and finesse the ten if West plays low")
    assert "finesse the queen" in aqt
    two = suit("AQ10", "432", 2)
    assert "finesse the queen" in two and "If East wins, later" in two and "finesse the ten" in two
    akt98 = suit("AKT98", "32", 4)  # the second finesse is told
    assert "finesse the ten" in akt98 and "finesse the nine" in akt98
    assert suit("AKQJ9", "32", 5).startswith("Cash the ace from North.")


def _declarer_cards(nodes: list[Decision]) -> set[int]:
    out: set[int] = set()
    for d in nodes:
        if d.seat in (0, 2) and d.rank > 0:
            out.add(d.rank)
        out |= _declarer_cards(d.children)
    return out


PATHS = [p for p in sorted((ROOT / "problems").rglob("*.yaml"))
         if "kind: suit" in p.read_text(encoding="utf-8") and "tricks: max" not in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_words_name_only_cards_the_line_plays(path: Path) -> None:
    problem = load(path)
    r = solve(problem)
    words = r.extra["line"]
    assert words and words[0].isupper() and words.endswith(".")
    target = problem.tricks if problem.objective == "target" else None
    played = _declarer_cards(SuitAnalysis(problem, target, threads=1).strategy(WORDS_DEPTH))
    for verb, card in VERB.findall(words):
        assert NAMED[card] in played, f"{verb} the {card}: not a card of the line ({words})"
