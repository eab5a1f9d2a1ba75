"""`bridgeplay dd`: the JSON contract against DDS, deal files, the report, bad input -> exit 2."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgeplay.cards import Card, Deal
from bridgeplay.cli import main

pytest.importorskip("endplay")
from test_dd import dds_card_values, dds_table, random_deal  # noqa: E402

DEAL = "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"
HANDS = dict(zip(("north", "east", "south", "west"), DEAL[2:].split()))


def run(*args: str):
    return CliRunner().invoke(main, ["dd", *args])


def write(tmp_path: Path, text: str, name: str = "deal.yaml") -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


@pytest.mark.parametrize("deal", [Deal.from_pbn(DEAL), random_deal(random.Random(4242), 9)])
def test_json_table_equals_dds(deal: Deal) -> None:
    r = run(deal.pbn(), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert set(out) == {"deal", "table", "par"}
    assert Deal.from_pbn(out["deal"]) == deal
    assert out["table"] == dds_table(deal)
    assert list(out["table"]) == ["C", "D", "H", "S", "NT"]


def test_json_card_values_equal_dds_solve_board() -> None:
    deal = random_deal(random.Random(99))
    r = run(deal.pbn(), "--json", "--leader", "E", "--trumps", "H", "--played", "")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["table"] == dds_table(deal)
    assert out["position"] == {"leader": "E", "trumps": "H", "played": [], "to_play": "E"}
    expected = dds_card_values(deal, "H", "E", [])
    assert {Card.parse(c): v for c, v in out["cards"].items()} == expected


def test_json_card_values_mid_trick() -> None:
    deal = Deal.from_pbn(DEAL)
    r = run(DEAL, "--json", "--leader", "W", "--trumps", "NT", "--played", "D9 D8")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["position"]["to_play"] == "E"
    expected = dds_card_values(deal, "NT", "W", [Card.parse("D9"), Card.parse("D8")])
    assert {Card.parse(c): v for c, v in out["cards"].items()} == expected
    assert set(out["cards"]) == {"D5", "D4", "D3", "D2"}  # East must follow suit


@pytest.mark.parametrize("body", [
    f"kind: deal\ndeal: \"{DEAL}\"\n",
    "kind: deal\n" + "".join(f"{k}: \"{v}\"\n" for k, v in HANDS.items()),
])
def test_deal_files(tmp_path: Path, body: str) -> None:
    r = run(write(tmp_path, body), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["deal"] == DEAL
    assert out["table"] == dds_table(Deal.from_pbn(DEAL))


def test_report_shows_diagram_table_and_cards() -> None:
    r = run(DEAL, "--leader", "S", "--trumps", "S")
    assert r.exit_code == 0, r.output
    for text in ("North", "West", "East", "South", "♠ AKQ", "♣ 5432", "NT", "declarer", "best"):
        assert text in r.output
    # South on lead in spades: the value column holds DDS's numbers
    values = dds_card_values(Deal.from_pbn(DEAL), "S", "S", [])
    assert f"{max(values.values())}" in r.output


BAD_PBN = [
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.87", "same number of cards"),
    ("N:AKQ.JT9.876.65432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.87", "holds 14 cards"),
    ("N:AKQ.JT9.876.5432 AT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.KQJ.JT9.876", "appears in two hands"),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9", "four hands"),
    ("N:AKQ.JT9.876 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "four suits"),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.87Z", "unknown rank"),
    ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.8x6", "x is not allowed"),
]


@pytest.mark.parametrize("deal, words", BAD_PBN)
def test_bad_pbn_exits_2_with_one_line(deal: str, words: str) -> None:
    r = run(deal, "--json")
    assert r.exit_code == 2
    err = r.stderr.strip()
    assert "\n" not in err and "Traceback" not in r.output + r.stderr
    assert err.startswith("bridgeplay: error: ") and words in err and "deal:" in err


@pytest.mark.parametrize("body, where", [
    ("kind: deal\n" + "".join(f"{k}: \"{v}\"\n" for k, v in list(HANDS.items())[:3]), "west: missing"),
    ("kind: deal\nnorth: \"AKQ.JT9.876.54\"\neast: \"JT9.876.5432.AKQ\"\nsouth: \"876.5432.AKQ.JT9\"\n"
     "west: \"5432.AKQ.JT9.876\"\n", "same number of cards"),
    ("kind: deal\nnorth: \"AKQ.JT9.876.5432\"\neast: \"JT9.876.5432.AKQ\"\nsouth: \"876.5432.AKQ.JT9\"\n"
     "west: \"5432.AKQ.JT9.87AA\"\n", "west: rank A appears twice"),
    ("kind: deal\nnorth: \"AKQ.JT9.876.5432\"\neast: \"JT9.876.5432.AKQ\"\nsouth: \"876.5432.AKQ.JT9\"\n"
     "west: \"5432.AKQ.JT9.86A\"\n", "appears in two hands"),
    ("kind: deal\nnorth: \"AKQ.JT9.876.5432\"\neast: \"JT9.876.5432.AKQ\"\nsouth: \"876.5432.AKQ.JT9\"\n"
     "west: \"5432.AKQ.JT9.87?\"\n", "west: unknown rank"),
    ("kind: deal\ndeal: \"N:AKQ.JT9.876.5432 JT9.876.5432.AKQ\"\n", "deal: a PBN deal has four hands"),
    ("kind: deal\ndeal: 17\n", "deal: a PBN deal is text"),
    ("kind: suit\nnorth: AKQ\nsouth: xx\n", "kind:"),
    ("deal: \"x\"\n", "kind: missing"),
    ("kind: deal\n", "deal: missing"),
    ("kind: deal\ndeal: [1, 2\n", "YAML syntax error"),
])
def test_bad_deal_files_exit_2_naming_the_field(tmp_path: Path, body: str, where: str) -> None:
    path = write(tmp_path, body)
    r = run(path)
    assert r.exit_code == 2
    err = r.stderr.strip()
    assert "\n" not in err and "Traceback" not in r.output + r.stderr
    assert err.startswith(f"bridgeplay: error: {path}") and where in err


@pytest.mark.parametrize("args, where", [
    (["--leader", "Q"], "--leader"),
    (["--leader", "N", "--trumps", "X"], "--trumps"),
    (["--trumps", "S"], "--leader"),
    (["--leader", "W", "--played", "D9 Z4"], "--played"),
    (["--leader", "W", "--played", "SA"], "--played"),  # North's card
    (["--leader", "W", "--played", "D9 S2"], "--played"),  # North revokes
])
def test_bad_position_options_exit_2(args: list[str], where: str) -> None:
    r = run(DEAL, *args)
    assert r.exit_code == 2
    err = r.stderr.strip()
    assert "\n" not in err and err.startswith("bridgeplay: error: ") and where in err


def test_missing_file_exits_2(tmp_path: Path) -> None:
    path = str(tmp_path / "nope.yaml")
    r = run(path)
    assert r.exit_code == 2 and path in r.stderr and "no such file" in r.stderr


# ---- par of one deal (--dealer, --vul) ----------------------------------------------------------------
N_PAR_DEALS = 200  # seeded deals whose par the command gives as endplay does (all but the first few slow)
N_PAR_DEALS_FAST = 3
PAR_VUL = ("None", "NS", "EW", "All")


def _par_params() -> list:
    return [pytest.param(i, marks=pytest.mark.slow) if i >= N_PAR_DEALS_FAST else i for i in range(N_PAR_DEALS)]


@pytest.mark.parametrize("seed", _par_params())
def test_one_deal_par_equals_endplay(seed: int) -> None:
    """`bridgeplay dd DEAL --dealer D --vul V --json` prints endplay's par for a seeded dealer and
    vulnerability: the score endplay.dds.par gives from the deal, and the contracts endplay gives from
    DDS's table (or DDS's DealerPar text where DDS 2.9 leaves a same-strain sacrifice unmarked, see
    test_par.assert_par_as_dds)."""
    from endplay.dds import par as endplay_par
    from endplay.types import Deal as EDeal
    from endplay.types import Player, Vul
    from test_par import assert_par_as_dds

    rng = random.Random(70_000 + seed)
    deal = random_deal(rng)
    dealer, vul = rng.randrange(4), PAR_VUL[rng.randrange(4)]
    r = run(deal.pbn(), "--dealer", "NESW"[dealer], "--vul", vul, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["table"] == dds_table(deal)
    expected = assert_par_as_dds(dds_table(deal), dealer, vul)
    assert out["par"] == {"score": expected.score, "contracts": [str(c) for c in expected.contracts],
                          "dealer": "NESW"[dealer], "vulnerable": vul, "assumed": []}
    e_vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}[vul]
    assert out["par"]["score"] == endplay_par(EDeal(deal.pbn()), e_vul, Player(dealer)).score


def test_one_deal_par_says_what_it_assumed() -> None:
    r = run(DEAL, "--json")
    assert r.exit_code == 0, r.output
    par = json.loads(r.stdout)["par"]
    assert (par["dealer"], par["vulnerable"], par["assumed"]) == ("N", "None", ["dealer", "vulnerable"])
    r = run(DEAL, "--vul", "ns")
    assert r.exit_code == 0, r.output
    assert "Dealer North" in r.output and "Vulnerable N-S" in r.output and "dealer assumed" in r.output
    assert "Par: NS" in r.output
    r = run(DEAL, "--dealer", "E", "--vul", "All")
    assert "assumed" not in r.output and "Dealer East" in r.output


@pytest.mark.parametrize("args, where", [(["--dealer", "X"], "--dealer"), (["--vul", "red"], "--vul")])
def test_bad_par_options_exit_2(args: list[str], where: str) -> None:
    r = run(DEAL, *args)
    assert r.exit_code == 2
    assert r.output.strip().count("\n") == 0 and where in r.output


def test_par_options_are_refused_for_a_file_of_boards(tmp_path: Path) -> None:
    path = write(tmp_path, '[Board "1"]\n[Deal "' + DEAL + '"]\n', "club.pbn")
    r = run(path, "--dealer", "E")
    assert r.exit_code == 2 and "--dealer" in r.output
