"""Par (``bridgeplay.deal.par``) against DDS through endplay: ``endplay.dds.par`` (DDS's ``DealerParBin``) on
seeded random deals with DDS's own tables, every dealer and vulnerability; and DDS's ``DealerPar`` (the text
form ``DealerParBin`` is read from) on many seeded tables, realistic and arbitrary.

DDS 2.9 writes a sacrifice in the par contract's own strain by one player as ``7N-W-1``, without the ``*``
that marks its other sacrifices, and ``DealerParBin`` then reads it as an undoubled contract (result 0) or
reads its undertricks past the end of the string (result 48).  Where endplay's answer differs from ours, the
test requires that this is the reason and that ours is DDS's ``DealerPar`` text read as written.  On real
deals it is rare (none in the default seeds).
"""

from __future__ import annotations

import random
import re

import pytest

from bridgeplay.deal.par import (
    STRAINS,
    Par,
    contract_score,
    dealer_of_board,
    par,
    penalty,
    vulnerability_of_board,
)

endplay = pytest.importorskip("endplay")
import endplay._dds as _dds  # noqa: E402
from endplay.dds import calc_all_tables  # noqa: E402
from endplay.dds import par as endplay_par  # noqa: E402
from endplay.dds.ddtable import DDTable  # noqa: E402
from endplay.types import Deal as EDeal  # noqa: E402
from endplay.types import Denom, Player, Vul  # noqa: E402

N_DEALS = 250  # seeded random deals, each under 4 dealers x 4 vulnerabilities (all but the first few slow)
N_DEALS_FAST = 12
N_TABLES_FAST = 4000  # seeded tables against DDS's DealerPar (about a second)

DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
DDS_STRAIN = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}  # DDS's resTable order
ENDPLAY_VUL = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
DDS_VUL = {"None": 0, "All": 1, "NS": 2, "EW": 3}

Row = tuple[int, str, str, bool, int]  # level, strain, one declaring seat, doubled, result


# ---- references --------------------------------------------------------------------------------------------
def random_pbn(rng: random.Random) -> str:
    pack = [(s, r) for s in range(4) for r in "AKQJT98765432"]
    rng.shuffle(pack)
    hands = [[[] for _ in range(4)] for _ in range(4)]
    for i, (s, r) in enumerate(pack):
        hands[i % 4][s].append(r)
    return "N:" + " ".join(".".join("".join(sorted(h[s], key="AKQJT98765432".index)) for s in range(4)) for h in hands)


def dds_results(table: dict[str, dict[str, int]]) -> _dds.ddTableResults:
    r = _dds.ddTableResults()
    for k, row in table.items():
        for x, v in row.items():
            r.resTable[DDS_STRAIN[k]]["NESW".index(x)] = v
    return r


def from_endplay_table(t: DDTable) -> dict[str, dict[str, int]]:
    return {k: {x: t[DENOMS[k], Player("NESW".index(x))] for x in "NESW"} for k in STRAINS}


def ours(p: Par) -> list[Row]:
    return sorted((c.level, c.strain, seat, c.doubled, c.result) for c in p.contracts for seat in c.seats())


def endplay_rows(table: dict[str, dict[str, int]], dealer: int, vul: str) -> tuple[int, list[Row]]:
    """endplay.dds.par (DDS's DealerParBin): score and contracts, one row per declaring seat."""
    p = endplay_par(DDTable(dds_results(table)), ENDPLAY_VUL[vul], Player(dealer))
    letters = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C", Denom.nt: "NT"}
    rows = sorted((c.level, letters[c.denom], "NESW"[int(c.declarer)], c.penalty.name == "doubled", c.result)
                  for c in p if c.level > 0)  # passed out: DDS gives one empty (level 0) contract
    return p.score, rows


CONTRACT_TEXT = re.compile(r"([1-7])([CDHSN])(\*?)-([NESW]{1,2})(?:([+-])(\d+))?")


def dds_text_rows(table: dict[str, dict[str, int]], dealer: int, vul: str) -> tuple[int, list[Row], list[str]]:
    """DDS's DealerPar: score, contracts read from its text (``4S-NS+1``, ``5H*-EW-2``, ``7N-W-1``), the text."""
    res = _dds.parResultsDealer()
    _dds.DealerPar(dds_results(table), res, dealer, DDS_VUL[vul])
    texts = [bytes(res.contracts[i]).split(b"\0")[0].decode() for i in range(res.number)]
    rows = []
    for text in texts:
        if text == "pass":
            continue
        m = CONTRACT_TEXT.fullmatch(text)
        assert m, text
        level, strain, _, seats, sign, n = m.groups()
        result = (-1 if sign == "-" else 1) * int(n) if n else 0
        rows += [(int(level), "NT" if strain == "N" else strain, x, result < 0, result) for x in seats]
    return res.score, sorted(rows), texts


def assert_par_as_dds(table: dict[str, dict[str, int]], dealer: int, vul: str) -> Par:
    """Our par equals endplay's, or differs only by DDS 2.9's unmarked same-strain sacrifice (then it equals
    DDS's DealerPar text)."""
    mine = par(table, dealer, vul)
    score, rows = endplay_rows(table, dealer, vul)
    assert mine.score == score, (table, dealer, vul)
    if ours(mine) != rows:
        text_score, text_rows, texts = dds_text_rows(table, dealer, vul)
        assert any("*" not in t and t.count("-") == 2 for t in texts), (table, dealer, vul, texts, ours(mine))
        assert (mine.score, ours(mine)) == (text_score, text_rows), (table, dealer, vul, texts)
    return mine


# ---- scores and the rotation ---------------------------------------------------------------------------
@pytest.mark.parametrize("level, strain, vul, points", [
    (1, "C", False, 70), (2, "S", False, 110), (3, "NT", False, 400), (3, "NT", True, 600), (4, "H", False, 420),
    (4, "S", True, 620), (5, "D", False, 400), (4, "C", True, 130), (6, "C", False, 920), (6, "NT", True, 1440),
    (7, "S", False, 1510), (7, "NT", True, 2220), (2, "NT", True, 120),
])
def test_contract_scores_from_the_laws(level: int, strain: str, vul: bool, points: int) -> None:
    assert contract_score(level, strain, vul) == points


@pytest.mark.parametrize("down, vul, points", [
    (0, False, 0), (1, False, 100), (2, False, 300), (3, False, 500), (4, False, 800), (7, False, 1700),
    (1, True, 200), (2, True, 500), (3, True, 800), (6, True, 1700), (13, True, 3800),
])
def test_doubled_undertricks(down: int, vul: bool, points: int) -> None:
    assert penalty(down, vul) == points


def test_the_duplicate_rotation_is_endplays() -> None:
    names = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
    for board in range(1, 65):
        assert vulnerability_of_board(board) == names[Vul.from_board(board).name]
        assert dealer_of_board(board) == int(Player.from_board(board))


def test_the_written_form() -> None:
    t = {k: {"N": 9, "S": 9, "E": 4, "W": 4} for k in STRAINS}
    t["NT"] = {"N": 10, "S": 10, "E": 3, "W": 3}
    p = par(t, "N", "None")
    assert p.score == 430 and [str(c) for c in p.contracts] == ["3NT-NS+1"]
    passed = par({k: {x: 6 for x in "NESW"} for k in STRAINS}, 0, "All")
    assert passed.passed_out and passed.score == 0 and str(passed) == "0 (passed out)"


# ---- against DDS ---------------------------------------------------------------------------------------------
def seeded_table(rng: random.Random, realistic: bool, low: bool = False) -> dict[str, dict[str, int]]:
    """Realistic: each side's tricks near 13 minus the other's, partners within one; else any numbers; low:
    nobody takes seven tricks anywhere (passed out) but for the odd seven."""
    t = {}
    for k in STRAINS:
        if low:
            t[k] = {x: rng.choice([4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7]) for x in "NESW"}
        elif realistic:
            n = rng.randint(0, 13)
            s = min(13, max(0, n + rng.choice([-1, 0, 0, 0, 1])))
            e = min(13, max(0, 13 - max(n, s) + rng.choice([-1, 0, 0, 1])))
            w = min(13, max(0, e + rng.choice([-1, 0, 0, 0, 1])))
            t[k] = {"N": n, "E": e, "S": s, "W": w}
        else:
            t[k] = {x: rng.randint(0, 13) for x in "NESW"}
    return t


def test_par_equals_dds_on_seeded_tables() -> None:
    """Every branch (sacrifices in the same and other strains, ties for the first bid, contracts bid lower
    than made, grand slams, passed out) against DDS on 4,000 seeded tables, half of them arbitrary."""
    rng = random.Random(2026)
    seen = set()
    for i in range(N_TABLES_FAST):
        table = seeded_table(rng, realistic=i % 2 == 0, low=i % 50 == 0)
        dealer, vul = rng.randrange(4), rng.choice(list(DDS_VUL))
        mine = par(table, dealer, vul)
        score, rows, texts = dds_text_rows(table, dealer, vul)
        assert (mine.score, ours(mine)) == (score, rows), (table, dealer, vul, texts)
        assert_par_as_dds(table, dealer, vul)
        seen |= {"passed out" if mine.passed_out else "sacrifice" if mine.contracts and mine.contracts[0].doubled
                 else "overtricks" if any(c.result > 0 for c in mine.contracts) else "made"}
    assert seen == {"passed out", "sacrifice", "overtricks", "made"}


def _deal_params() -> list:
    return [pytest.param(i, marks=pytest.mark.slow) if i >= N_DEALS_FAST else i for i in range(N_DEALS)]


@pytest.fixture(scope="module")
def dds_tables() -> dict[int, tuple[str, dict[str, dict[str, int]]]]:
    """DDS's tables of the seeded deals, computed in batches as they are asked for."""
    return {}


@pytest.mark.parametrize("seed", _deal_params())
def test_par_equals_endplay_on_random_deals(seed: int, dds_tables: dict) -> None:
    """A seeded random deal's par under every dealer and vulnerability equals endplay.dds.par, the table
    being DDS's (par is a function of the table; bridgeplay's own tables are checked against DDS's in
    test_dd and test_records)."""
    if seed not in dds_tables:
        batch = range(seed, min(seed + 16, N_DEALS))
        deals = [random_pbn(random.Random(90_000 + i)) for i in batch]
        for i, pbn, t in zip(batch, deals, calc_all_tables([EDeal(d) for d in deals])):
            dds_tables[i] = (pbn, from_endplay_table(t))
    pbn, table = dds_tables[seed]
    for dealer in range(4):
        for vul in ENDPLAY_VUL:
            assert_par_as_dds(table, dealer, vul)
    # and straight from the deal, as a user of endplay would ask
    e = endplay_par(EDeal(pbn), ENDPLAY_VUL["NS"], Player.east)
    assert par(table, "E", "NS").score == e.score
