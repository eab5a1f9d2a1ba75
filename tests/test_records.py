"""Hand records: ``bridgeplay.deal.records`` reads PBN 2.1 and BBO LIN files of many boards and writes PBN back
with the tables; ``bridgeplay dd FILE.pbn|FILE.lin`` solves every board.  The references: endplay's PBN and
LIN parsers (endplay.parsers), DDS's tables (endplay.dds.calc_dd_table) and par (endplay.dds.par); files
written by endplay from seeded deals.  The 36-board club file is ``slow``; the default suite runs 6 boards.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgeplay.cards import Deal
from bridgeplay.cli import main
from bridgeplay.deal.par import par
from bridgeplay.deal.records import annotated_pbn, parse_lin, parse_pbn, read_records

pytest.importorskip("endplay")
from endplay.dds import calc_dd_table  # noqa: E402
from endplay.dds import par as endplay_par  # noqa: E402
from endplay.dds.ddtable import DDTable  # noqa: E402
from endplay.parsers import lin as endplay_lin  # noqa: E402
from endplay.parsers import pbn as endplay_pbn  # noqa: E402
from endplay.types import Board as EBoard  # noqa: E402
from endplay.types import Deal as EDeal  # noqa: E402
from endplay.types import Denom, Player, Vul  # noqa: E402
from test_par import assert_par_as_dds, random_pbn  # noqa: E402
from test_schema import one_of  # noqa: E402

DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
VUL_NAMES = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
# a deal the engine solves in a blink (every suit split 3-3-3-4 the same way round)
EASY = "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"


def dds(pbn: str) -> tuple[dict[str, dict[str, int]], DDTable]:
    """DDS's table of a deal: as bridgeplay writes it, and endplay's object (for endplay.dds.par)."""
    t = calc_dd_table(EDeal(pbn))
    return {k: {x: t[DENOMS[k], Player("NESW".index(x))] for x in "NESW"} for k in DENOMS}, t


def dds_table(pbn: str) -> dict[str, dict[str, int]]:
    return dds(pbn)[0]


def endplay_file(n: int, seed: int) -> tuple[str, list[str]]:
    """A PBN file of ``n`` seeded random boards written by endplay (board numbers, dealers and vulnerability
    of the duplicate rotation), and the deals."""
    rng = random.Random(seed)
    deals = [random_pbn(rng) for _ in range(n)]
    boards = [EBoard(EDeal(d), board_num=i, dealer=Player.from_board(i), vul=Vul.from_board(i))
              for i, d in enumerate(deals, start=1)]
    return endplay_pbn.dumps(boards), deals


def run(*args: str):
    return CliRunner().invoke(main, ["dd", *args])


def write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> str:
    p = tmp_path / name
    p.write_bytes(text.encode(encoding))
    return str(p)


# ---- reading PBN ------------------------------------------------------------------------------------------
CLUB = """% PBN 2.1
% EXPORT
Printed by the club's dealing program -- a stray line
[Event "Club night"]
[Site "Village hall"] [Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 -"]
{ a comment over

several lines, with an empty one }
[Auction "N"]
1C Pass 1H Pass
2C AP
; a line comment

[Event "#"]
[Board "2"]
[Board "99"]
[Dealer "E"]
[Vulnerable "Both"]
[Deal "E:JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876 AKQ.JT9.876.5432"]
[DoubleDummyTricks "00000000000000000000"]
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT  1
N  S  2

[Deal "W:5432.AKQ.JT9.876 - JT9.876.5432.AKQ 876.5432.AKQ.JT9"]
[Vulnerable "?"]
"""


def test_pbn_tags_comments_missing_hands_and_stray_lines() -> None:
    b1, b2, b3 = parse_pbn(CLUB)
    deal = Deal.from_pbn(EASY)
    assert (b1.number, b1.dealer, b1.vulnerable, b1.deal, b1.error, b1.derived) == (1, 0, "None", deal, None, ())
    # a repeated tag is ignored (the standard); the hands start with East's
    assert (b2.number, b2.dealer, b2.vulnerable, b2.deal, b2.error) == (2, 1, "All", deal, None)
    # no Board tag: the third board of the file; dealer and vulnerability of board 3's rotation
    assert (b3.number, b3.dealer, b3.vulnerable, b3.deal) == (3, 2, "EW", deal)
    assert b3.derived == ("board", "dealer", "vulnerable")
    assert [b.line for b in (b1, b2, b3)] == [3, 17, 28]


def test_pbn_as_endplay_reads_it() -> None:
    """The deals, dealers and vulnerabilities endplay reads from an endplay-written file."""
    text, deals = endplay_file(8, seed=7)
    ours = parse_pbn(text)
    theirs = endplay_pbn.loads(text)
    assert len(ours) == len(theirs) == 8
    for a, b, pbn in zip(ours, theirs, deals):
        assert a.deal == Deal.from_pbn(b.deal.to_pbn()) == Deal.from_pbn(pbn)
        assert (a.number, a.dealer, a.vulnerable) == (b.board_num, int(b.dealer), VUL_NAMES[b.vul.name])


def test_crlf_and_latin1_files_are_read_and_written_back_byte_for_byte(tmp_path: Path) -> None:
    text = CLUB.replace("Club night", "Café de la Gare").replace("\n", "\r\n")
    path = write(tmp_path, "club.pbn", text, encoding="latin-1")
    records = read_records(path)
    assert records.encoding == "latin-1" and records.newline == "\r\n" and len(records.boards) == 3
    assert records.boards[1].deal == Deal.from_pbn(EASY)
    assert annotated_pbn(records, {}) == text  # nothing solved: nothing changed


BAD_GAMES = [
    ('[Board "5"]\n[Deal "N:AKQ.JT9.876.5432 AT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.KQJ.JT9.876"]', 5,
     "Deal: card SA appears in two hands"),
    ('[Board "5"]\n[Deal "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9"]', 5,
     "Deal: a PBN deal has four hands"),
    ('[Board "5"]\n[Deal "N:AKQ.JT9.876.5432 - - 5432.AKQ.JT9.876"]', 5, "Deal: hands E, S are not given"),
    ('[Board "5"]\n[Deal "N:AKQ.JT9.876.543 - 876.5432.AKQ.JT9 5432.AKQ.JT9.876"]', 5, "Deal: N holds 12 cards"),
    ('[Board "5"]\n[Deal "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.87Z"]', 5,
     "Deal: unknown rank"),
    ('[Board "5"]\n[Deal "N:AKQ.JT9.876.542 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.8763"]', 5,
     "Deal: W holds 14 cards"),
    ('[Board "5"]\n[Event "x"]', 5, "Deal: missing"),
    ('[Board "five"]\n[Deal "' + EASY + '"]', 2, "Board: 'five' is not a board number"),
    ('[Board "5"]\n[Dealer "Q"]\n[Deal "' + EASY + '"]', 5, "Dealer: unknown seat 'Q'"),
    ('[Board "5"]\n[Vulnerable "Red"]\n[Deal "' + EASY + '"]', 5, "Vulnerable: unknown value 'Red'"),
    ('[Board "5"]\n[Deal "' + EASY + '"\n', 5, "Deal: line 5: not a tag pair"),
    ('[Board "5"]\n[Deal "' + EASY + '"]\n{ never closed\n', 5, "comment: line 6: a { comment is not closed"),
    ('[Board "5"]\n[Deal "' + EASY + '"]\n[Board "6"]\n[Deal "E:' + EASY[2:] + '"]', 5,
     "Deal: line 7: a second deal in the same game"),
]


@pytest.mark.parametrize("game, number, error", BAD_GAMES)
def test_a_malformed_board_names_its_field(game: str, number: int, error: str) -> None:
    boards = parse_pbn(f'[Board "4"]\n[Deal "{EASY}"]\n\n{game}\n')
    assert boards[0].error is None and boards[0].deal == Deal.from_pbn(EASY)
    assert boards[1].number == number and boards[1].deal is None
    assert boards[1].error is not None and boards[1].error.startswith(error), boards[1].error


# ---- reading LIN -------------------------------------------------------------------------------------------
# Written by hand from BBO's format: md|<dealer 1 S, 2 W, 3 N, 4 E><South>,<West>,<North>,<East>|
LIN = (
    "pn|Alice,Bob,Carol,Dave|st||md|3S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,|rh||ah|Board 1|"
    "sv|o|mb|1H|mb|p|mb|2H|mb|p|mb|p|mb|p|pg||pc|SK|pc|S5|pc|SA|pc|S3|pg||\n"
    "pn|Alice,Bob,Carol,Dave|st||md|2SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,SQT75HT4DT963CKQT,S9863HAQ85DK4CJ52|"
    "rh||ah|Board 2|sv|n|pg||\n"
    "pn|Alice,Bob,Carol,Dave|st||md|4SQT75HT4DT963CKQT,S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,|rh||ah|Board 15|"
    "sv|b|mb|p|mb|p|mb|p|mb|p|pg||\n"
)


def test_lin_as_endplay_reads_it() -> None:
    ours = parse_lin(LIN)
    theirs = endplay_lin.loads(LIN)
    assert len(ours) == len(theirs) == 3
    for a, b in zip(ours, theirs):
        assert a.error is None
        assert a.deal == Deal.from_pbn(b.deal.to_pbn())
        assert (a.number, a.dealer, a.vulnerable) == (b.board_num, int(b.dealer), VUL_NAMES[b.vul.name])
    assert ours[0].deal == Deal.from_pbn("N:A2.KJ932.A5.A743 QT75.T4.T963.KQT 9863.AQ85.K4.J52 KJ4.76.QJ872.986")
    assert ours[0].players == {"S": "Alice", "W": "Bob", "N": "Carol", "E": "Dave"}
    assert [b.line for b in ours] == [1, 2, 3]
    lower = parse_lin(LIN.split("\n")[2].replace("md|4SQT75HT4DT963CKQT", "md|4sqt75ht4dt963ckqt"))
    assert lower[0].deal == ours[2].deal  # lower-case cards too


def test_lin_vugraph_boards_numbered_by_qx() -> None:
    """A vugraph file: the players once, then qx|o<n>| before each board; the board number and its rotation."""
    text = ("vg|Final,Seg 1,I,1,16,A,0,B,0|pn|a,b,c,d,e,f,g,h|"
            "qx|o3|st||md|1S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,|sv|e|mb|p|pg||\n"
            "qx|c3|st||md|1S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,|sv|e|\n"
            "qx|o4|md|S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,|\n")
    b = parse_lin(text)
    assert [(x.number, x.dealer, x.vulnerable, x.derived) for x in b] == [
        (3, 2, "EW", ()), (3, 2, "EW", ()), (4, 3, "All", ("dealer", "vulnerable"))]
    assert b[0].deal == b[2].deal


@pytest.mark.parametrize("md, error", [
    ("3S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,,", "md: hands N, E are not given"),
    ("3S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA74,", "md: N holds 12 cards"),
    ("3SA863HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,", "md: card SA appears in two hands"),
    ("3S98Z3HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,", "md: unknown card 'Z'"),
    ("7S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,", "md: unknown dealer '7'"),
])
def test_a_malformed_lin_board_names_md(md: str, error: str) -> None:
    good = "md|3S9863HAQ85DK4CJ52,SKJ4H76DQJ872C986,SA2HKJ932DA5CA743,|ah|Board 1|sv|o|\n"
    boards = parse_lin(good + f"md|{md}|ah|Board 2|sv|o|\n")
    assert boards[0].error is None
    assert boards[1].number == 2 and boards[1].error is not None and boards[1].error.startswith(error)


# ---- the command: a club's file ------------------------------------------------------------------------------
def check_club_run(tmp_path: Path, n: int, seed: int, jobs: str) -> None:
    """``dd club.pbn --json --write-pbn`` on an endplay-written file: a line per board, tables equal to DDS's,
    par equal to endplay's; the file written back is read by endplay with the same tables and par scores."""
    text, deals = endplay_file(n, seed)
    path = write(tmp_path, "club.pbn", text)
    out_path = str(tmp_path / "club-dd.pbn")
    r = run(path, "--json", "--write-pbn", out_path, "--jobs", jobs)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert len(lines) == n
    tables = []
    for i, (line, pbn) in enumerate(zip(lines, deals), start=1):
        obj = json.loads(line)
        one_of(obj, "dd_board")
        assert (obj["board"], obj["index"], obj["file"]) == (i, i, path)
        assert Deal.from_pbn(obj["deal"]) == Deal.from_pbn(pbn)
        table, ddtable = dds(pbn)
        assert obj["table"] == table, f"board {i}"
        mine = assert_par_as_dds(table, "NESW".index(obj["dealer"]), obj["vulnerable"])
        assert obj["par"] == {"score": mine.score, "contracts": [str(c) for c in mine.contracts]}
        tables.append((table, ddtable))
    # the file written back, read by endplay: its deals, and our tags holding DDS's numbers
    back = endplay_pbn.loads(Path(out_path).read_text(encoding="utf-8"))
    assert len(back) == n
    for b, pbn, (table, ddtable), line in zip(back, deals, tables, lines):
        assert Deal.from_pbn(b.deal.to_pbn()) == Deal.from_pbn(pbn)
        ort = b.info["OptimumResultTable"]
        assert [h if isinstance(h, str) else h["name"] for h in ort["headers"]] == ["Declarer", "Denomination",
                                                                                    "Result"]
        assert {(x, s): int(t) for x, s, t in ort["rows"]} == {(x, s): table[s][x] for x in "NSEW" for s in table}
        digits = b.info["DoubleDummyTricks"]
        assert [int(c, 16) for c in digits] == [table[s][x] for x in "NSEW" for s in ("NT", "S", "H", "D", "C")]
        e = b.info["OptimumScore"].split()
        score = int(e[1]) * (1 if e[0] == "NS" else -1)
        assert score == json.loads(line)["par"]["score"] == endplay_par(ddtable, b.vul, b.dealer).score
    # everything else in the file is as it was: take our tags out and the text comes back
    written = Path(out_path).read_text(encoding="utf-8").split("\n")
    kept = []
    skip = 0
    for ln in written:
        if skip:
            skip -= 1
            continue
        if ln.startswith("[OptimumResultTable"):
            skip = 20
            continue
        if not ln.startswith(("[DoubleDummyTricks", "[OptimumScore")):
            kept.append(ln)
    assert "\n".join(kept) == text


def test_club_file_json_tables_par_and_write_back(tmp_path: Path) -> None:
    """Five boards of a seed whose deals DDS solves quickly (a hard deal takes bridgeplay's engine a minute on
    a loaded 2-core machine): the default suite stays lean; the 36-board run below takes what comes."""
    check_club_run(tmp_path, 5, seed=10, jobs="2")


@pytest.mark.slow
def test_club_file_of_36_boards(tmp_path: Path) -> None:
    check_club_run(tmp_path, 36, seed=3636, jobs="2")


def test_a_malformed_board_is_one_line_the_rest_are_solved_and_exit_2(tmp_path: Path) -> None:
    bad = "N:AKQ.JT9.876.5432 AT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.KQJ.JT9.876"
    text = "".join(f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{d}"]\n\n'
                   for n, d in ((1, EASY), (2, bad), (3, EASY)))
    path = write(tmp_path, "club.pbn", text)
    out = str(tmp_path / "out.pbn")
    r = run(path, "--json", "--write-pbn", out)
    assert r.exit_code == 2
    err = [ln for ln in r.stderr.splitlines() if "compiling" not in ln]
    assert err == [f"bridgeplay: error: {path}: board 2 (line 6): Deal: card SA appears in two hands"]
    lines = [json.loads(ln) for ln in r.stdout.splitlines()]
    assert [ln["board"] for ln in lines] == [1, 2, 3]
    one_of(lines[1], "dd_board_error")
    assert lines[1]["error"] == "Deal: card SA appears in two hands"
    for ln in (lines[0], lines[2]):
        one_of(ln, "dd_board")
        assert ln["table"] == dds_table(EASY)
    # the good boards are written back with their tables, the bad one as it was
    written = Path(out).read_text(encoding="utf-8")
    assert written.count("[DoubleDummyTricks") == 2 and f'[Deal "{bad}"]\n\n' in written
    # and the report: the good boards in full, the bad one on its line
    r = run(path)
    assert r.exit_code == 2 and "Board 1" in r.stdout and "Board 3" in r.stdout and "Board 2" not in r.stdout


def test_report_shows_dealer_vulnerability_points_table_and_par(tmp_path: Path) -> None:
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    path = write(tmp_path, "one.pbn", f'[Board "7"]\n[Deal "{deal}"]\n')
    r = run(path)
    assert r.exit_code == 0, r.output
    table = dds_table(deal)
    expected = par(table, "S", "All")  # board 7: South deals, both vulnerable
    assert expected.score == 2220 and [str(c) for c in expected.contracts] == ["7NT-NS"]
    for text in ("Board 7", "Dealer South", "Vulnerable All", "North  37 HCP", "West  0 HCP", "East  3 HCP",
                 "declarer", "Par: NS +2220", "7NT= by North or South",
                 "dealer and vulnerability not in the file: board 7's in the usual rotation"):
        assert text in r.stdout, text


def test_lin_file_solved_and_written_as_pbn(tmp_path: Path) -> None:
    path = write(tmp_path, "hands.lin", LIN.split("\n")[0] + "\n")
    out = str(tmp_path / "hands.pbn")
    r = run(path, "--json", "--write-pbn", out)
    assert r.exit_code == 0, r.output
    obj = json.loads(r.stdout)
    one_of(obj, "dd_board")
    deal = "N:A2.KJ932.A5.A743 QT75.T4.T963.KQT 9863.AQ85.K4.J52 KJ4.76.QJ872.986"
    assert obj["table"] == dds_table(deal) and obj["dealer"] == "N" and obj["vulnerable"] == "None"
    (b,) = endplay_pbn.loads(Path(out).read_text(encoding="utf-8"))
    assert b.deal.to_pbn() == deal and b.board_num == 1 and int(b.dealer) == 0
    assert (b.info["South"], b.info["North"]) == ("Alice", "Carol")
    rows = b.info["OptimumResultTable"]["rows"]
    assert {(x, s): int(t) for x, s, t in rows} == {(x, s): obj["table"][s][x] for x in "NESW" for s in obj["table"]}


@pytest.mark.parametrize("args, words", [
    (["--leader", "N"], "--leader: asks about one position"),
    (["--trumps", "S"], "--trumps: asks about one position"),
])
def test_position_options_do_not_apply_to_a_file(tmp_path: Path, args: list[str], words: str) -> None:
    path = write(tmp_path, "c.pbn", f'[Deal "{EASY}"]\n')
    r = run(path, *args)
    assert r.exit_code == 2 and words in r.stderr and "\n" not in r.stderr.strip()


@pytest.mark.parametrize("args, words", [
    (["--write-pbn", "x.pbn"], "--write-pbn: writes a file of boards back"),
    (["--jobs", "2"], "--jobs: solves the boards"),
])
def test_file_options_need_a_file(args: list[str], words: str) -> None:
    r = run(EASY, *args)
    assert r.exit_code == 2 and words in r.stderr


def test_unreadable_or_empty_files_exit_2(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.pbn")
    r = run(missing)
    assert r.exit_code == 2
    assert r.stderr.strip() == f"bridgeplay: error: {missing}: cannot read: no such file or directory"
    empty = write(tmp_path, "empty.pbn", "% PBN 2.1\nJust some text\n")
    r = run(empty)
    assert r.exit_code == 2 and "no board in the file" in r.stderr
    r = run(write(tmp_path, "empty.lin", "pn|a,b,c,d|st||"))
    assert r.exit_code == 2 and "no board in the file (no md| deal)" in r.stderr


def test_an_unwritable_output_is_exit_2_and_nothing_half_written(tmp_path: Path) -> None:
    path = write(tmp_path, "c.pbn", f'[Board "1"]\n[Deal "{EASY}"]\n')
    out = tmp_path / "no-such-dir" / "out.pbn"
    r = run(path, "--write-pbn", str(out))
    assert r.exit_code == 2 and "--write-pbn: cannot write" in r.stderr
    assert not out.parent.exists()
