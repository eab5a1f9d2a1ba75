"""Monte Carlo card selection end to end against DDS: every per-deal score the command prints.

``bridgeplay solve FILE --solver montecarlo --json`` lists each candidate's score on every deal of Da (Step 2's
s(m, d)).  Here each one is worked out independently: the position after the history on that deal handed to DDS
(``tests/reference/dds.py``: endplay's ``solve_board``, the current trick's cards played), the tricks of the
finished tricks counted from the file's play, and the duplicate score from the laws' table written out below, from
the decider's side.
Da itself is drawn as the solver draws it (:func:`bridgeplay.deal.abc.sample_da`, checked against a brute force
in ``tests/test_views.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgeplay import kinds
from bridgeplay.cards import Card, Deal
from bridgeplay.cli import main
from bridgeplay.deal.abc import sample_da
from bridgeplay.yamlio import read_yaml
from tests.reference import seat_views as ref

endplay = pytest.importorskip("endplay")
from tests.reference.dds import dds_card_values  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "problems" / "deceptive").glob("*.yaml"))


def declarer_score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """Declarer's duplicate score, from the Laws' scoring table (strain S H D C or N)."""
    need = 6 + level
    if tricks < need:
        down = need - tricks
        if doubled == 0:
            return -down * (100 if vulnerable else 50)
        if vulnerable:
            pen = 200 + 300 * (down - 1)
        else:
            pen = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -pen * doubled  # (redoubled: twice the doubled penalty)
    per = 20 if strain in "CD" else 30
    mult = (1, 2, 4)[doubled]
    contract = (per * level + (10 if strain == "N" else 0)) * mult
    score = contract + (500 if vulnerable else 300) if contract >= 100 else contract + 50
    if level == 6:
        score += 750 if vulnerable else 500
    if level == 7:
        score += 1500 if vulnerable else 1000
    score += (0, 50, 100)[doubled]
    over = tricks - need
    score += over * (per if doubled == 0 else (200 if vulnerable else 100) * doubled)
    return score


def _expected(data: dict, da: tuple, move: str) -> int:
    """The decider's score after ``move`` on deal ``da`` (cards held now), from DDS and the scoring table."""
    declarer = ref.SEATS.index(data["declarer"])
    contract = str(data["contract"]).upper()
    level, strain = int(contract[0]), contract[1]
    doubled = contract.count("X")
    trump = "SHDC".find(strain)
    history = ref.plays(data["played"])
    done = len(history) - len(history) % 4
    won = 0
    for i in range(0, done, 4):
        won += ref.trick_winner(history[i:i + 4], trump) % 2 == declarer % 2
    trick = history[done:]
    a = ref.SEATS.index(data["to_play"])
    leader = ref.SEATS[trick[0][0] if trick else a]
    hands = list(da)
    for x, c in trick:
        hands[x] |= 1 << c  # (the trick's cards back in hand: a deal's hands hold as many cards)
    values = dds_card_values(Deal.from_pbn(ref.pbn(hands)), "NT" if strain == "N" else strain, leader,
                             [Card.parse(ref.text(c)) for _, c in trick])
    left = bin(da[a]).count("1")  # tricks left, the current one included
    mine = values[Card.parse(move.split(":")[1])]  # A's side's tricks from here
    decl = won + (mine if a % 2 == declarer % 2 else left - mine)
    vul = {"none": False, "both": True, "NS": declarer % 2 == 0, "EW": declarer % 2 == 1}[str(data["vulnerable"])]
    s = declarer_score(level, strain, doubled, vul, decl)
    return s if a % 2 == declarer % 2 else -s


def test_the_scoring_table() -> None:
    """A few entries checked by hand against the Laws (the paper's -540/-1320 arithmetic uses 3NT vulnerable)."""
    assert declarer_score(3, "N", 0, True, 9) == 600 and declarer_score(3, "N", 0, True, 13) == 720
    assert declarer_score(3, "N", 0, True, 8) == -100 and declarer_score(4, "S", 0, True, 10) == 620
    assert declarer_score(6, "N", 0, False, 12) == 990 and declarer_score(1, "C", 1, False, 7) == 140
    assert declarer_score(4, "H", 1, False, 6) == -800 and declarer_score(4, "H", 1, True, 6) == -1100
    assert declarer_score(2, "S", 2, True, 9) == 1240 and declarer_score(7, "D", 0, False, 13) == 1440


@pytest.mark.parametrize("n,seed", [(4, 17), pytest.param(30, 1, marks=pytest.mark.slow),
                                    pytest.param(30, 2, marks=pytest.mark.slow)])
@pytest.mark.parametrize("path", FILES, ids=lambda f: f.stem)
def test_every_per_deal_score_equals_dds_and_the_scoring_table(path: Path, n: int, seed: int) -> None:
    r = CliRunner().invoke(main, ["solve", str(path), "--solver", "montecarlo", "--samples", str(n), "--seed",
                                  str(seed), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    data = read_yaml(str(path))
    das = sample_da(kinds.load(path), n, seed)
    assert len(out["moves"]) >= 2
    for mv in out["moves"]:
        want = [_expected(data, da, mv["move"]) for da in das]
        assert mv["per_sample"] == want, (mv["move"], mv["per_sample"], want)
        assert mv["score"] == sum(want)
    totals = [mv["score"] for mv in out["moves"]]
    assert totals == sorted(totals, reverse=True)  # best first
