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


DEALS = sorted((ROOT / "problems" / "deals").glob("*.yaml"))
CARD = re.compile(r"\b(?:finesse|win|cash|play|lead|ruff with|discard) the ([♠♥♦♣])(10|[2-9JQKA])\b")


def _deal_cards(nodes: list) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for d in nodes:
        if d.seat in (0, 2):
            out.add((d.card.suit, d.card.rank))
        out |= _deal_cards(d.children)
    return out


@pytest.mark.parametrize("path", DEALS, ids=[p.stem for p in DEALS])
def test_deal_words_name_only_cards_the_line_plays(path: Path) -> None:
    import numpy as np

    from bridgeplay.deal import exact
    from bridgeplay.errors import SolverError

    problem = load(path)
    try:
        _, west = exact.exact_worlds(problem)
    except SolverError:
        pytest.skip("a full deal: esm does not run on it")
    r = solve(problem, "esm")
    words = r.extra.get("line", "")
    search = exact.new_search(problem, west, np.full(len(west), 1.0 / len(west)))
    first = exact.analyse(search, problem)
    played = _deal_cards(exact.best_line(problem, search, first, exact.WORDS_DEPTH)[1])
    ranks = {"A": 14, "K": 13, "Q": 12, "J": 11, "10": 10}
    for sym, rank in CARD.findall(words):
        card = ("♠♥♦♣".index(sym), ranks.get(rank) or int(rank))
        assert card in played, f"{sym}{rank}: not a card of the line ({words})"


def test_deal_words_say_ruff_and_who_wins() -> None:
    coup = solve(load(ROOT / "problems/deals/trump-coup-east-kx.yaml")).extra["line"]
    assert "ruff with the ♠A" in coup and coup.startswith("Lead the ♦3 from South")
    throw = solve(load(ROOT / "problems/deals/throwin-aq-nt.yaml")).extra["line"]
    assert throw.endswith("the defence wins this trick.")
