"""`bridgeplay solve`: the headline report, the JSON contract, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgeplay.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIG2 = str(ROOT / "problems/paper/fig02-akqj9-xx.yaml")
# Frank & Basin Fig. 3, each row's exact value: split probability, cases, successes, contribution.
FIG3 = [
    (0, 6, 0.007453, 1, 0, 0.0),
    (1, 5, 0.072671, 6, 1, 0.012112),
    (2, 4, 0.242236, 15, 15, 0.242236),
    (3, 3, 0.355280, 20, 20, 0.355280),
    (4, 2, 0.242236, 15, 15, 0.242236),
    (5, 1, 0.072671, 6, 1, 0.012112),
    (6, 0, 0.007453, 1, 1, 0.007453),
]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_fig2_json_matches_the_encyclopedia_table() -> None:
    r = run("solve", FIG2, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["probability"] == pytest.approx(61 / 70, abs=1e-9)  # .87 in the paper
    assert out["kind"] == "suit" and out["solver"] == "esm" and out["target"] == 5
    keys = ("west", "east", "probability", "cases", "successes", "contribution")
    rows = [tuple(s[k] for k in keys) for s in out["splits"]]
    assert len(rows) == 7
    for got, want in zip(rows, FIG3):
        assert got[:2] == want[:2]
        assert got[2] == pytest.approx(want[2], abs=5e-7)
        assert got[3:5] == want[3:5]
        assert got[5] == pytest.approx(want[5], abs=5e-7)
    assert out["splits"][1]["holdings"] == ["T–xxxxx"]
    assert out["splits"][5]["holdings"] == ["xxxxx–T"]
    best = {m["move"] for m in out["moves"] if m["probability"] >= out["probability"] - 1e-9}
    assert best == {"N:A", "S:x"}
    assert {"N:9"} == {m["move"] for m in out["moves"]} - best  # the nine loses to the ten
    assert out["strategy"][0]["play"] == "N:A"
    assert set(out["stats"]) >= {"nodes", "seconds"}


def test_fig2_report_shows_diagram_table_and_line() -> None:
    r = run("solve", FIG2)
    assert r.exit_code == 0, r.output
    for text in ("AKQJ9", "87.14%", "0-6", "6-0", "T–xxxxx", "xxxxx–T", "0.8714", "North leads A", "if East"):
        assert text in r.output


def test_tricks_max_gives_one_row_per_target(tmp_path: Path) -> None:
    f = tmp_path / "aq.yaml"
    f.write_text("kind: suit\nnorth: AQ\nsouth: xx\ntricks: max\n")
    out = json.loads(run("solve", str(f), "--json").stdout)
    table = {row["tricks"]: row["probability"] for row in out["targets"]}
    assert table[1] == pytest.approx(1.0)
    assert table[2] == pytest.approx(0.5, abs=1e-9)  # the finesse; the K is never singleton-droppable


def test_objective_tricks(tmp_path: Path) -> None:
    f = tmp_path / "aq.yaml"
    f.write_text("kind: suit\nnorth: AQ\nsouth: xx\nobjective: tricks\n")
    out = json.loads(run("solve", str(f), "--json").stdout)
    assert out["expected_tricks"] == pytest.approx(1.5, abs=1e-9)
    assert out["probability"] is None


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("kind: suit\nnorth: AQ\nsouth: Ax\ntricks: 2\n", "south: A is also in north"),
        ("kind: suit\nnorth: AQ\nsouth: xx\ntricks: 3\n", "tricks: 3 is more than"),
        ("kind: suit\nnorth: [AQ\n", "YAML syntax error"),
        ("kind: suit\nsouth: xx\ntricks: 1\n", "north: missing field"),
    ],
)
def test_bad_input_is_one_line_exit_2(tmp_path: Path, text: str, fragment: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(text)
    proc = subprocess.run([sys.executable, "-m", "bridgeplay", "solve", str(f)], capture_output=True, text=True)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert str(f) in lines[0] and fragment in lines[0]
    assert "Traceback" not in proc.stderr


def test_unknown_solver_is_exit_2() -> None:
    r = run("solve", FIG2, "--solver", "nope")
    assert r.exit_code == 2
    assert "unknown solver" in r.output


def test_every_command_has_help() -> None:
    for name, cmd in main.commands.items():
        r = run(name, "--help")
        assert r.exit_code == 0, name
        assert cmd.help and "Example" in cmd.help, name  # every command's help ends with an example


def test_the_line_groups_replies_that_lead_to_the_same_play() -> None:
    """Fig. 22 (J876 opposite AT32, three tricks): replies with the same continuation are one branch, and a
    branch where the line can no longer make the target says so instead of going on."""
    r = run("solve", str(ROOT / "problems/paper/fig22-j876-at32.yaml"))
    assert r.exit_code == 0, r.output
    # (under East's K or Q and the ace: lead the 7 next; West's 5 and 4 are spot cards, one branch "x")
    assert "if West plays x" in r.output and "x = 5 4 (the defenders), 3 2 (North-South)" in r.output
    assert "if East shows out — the line fails" in r.output  # (West holds KQ954 over the jack)
    out = json.loads(run("solve", str(ROOT / "problems/paper/fig22-j876-at32.yaml"), "--json").stdout)
    first = out["strategy"][0]
    assert [n["play"] for n in first["then"] if n.get("decided")] == ["E:discard"]
    assert all("then" not in n for n in first["then"] if n.get("decided"))


def test_the_one_line_question_equals_the_file() -> None:
    """`bridgeplay suit AQT xxx --tricks 2` is AQT opposite xxx for two tricks: the finesse, 0.76."""
    one = json.loads(run("suit", "AQT", "xxx", "--tricks", "2", "--json").stdout)
    assert one["probability"] == pytest.approx(0.76, abs=5e-4) and one["kind"] == "suit" and one["exact"]
    filed = json.loads(run("solve", str(ROOT / "problems/classic/aqt-xxx-2.yaml"), "--json").stdout)
    assert one["splits"] == filed["splits"] and one["moves"] == filed["moves"]


def test_tricks_on_the_command_line_replaces_the_files_target() -> None:
    f = str(ROOT / "problems/classic/aqt-xxx-2.yaml")
    three = json.loads(run("solve", f, "--tricks", "3", "--json").stdout)
    assert three["target"] == 3 and three["probability"] == pytest.approx(0.24, abs=5e-4)
    avg = json.loads(run("solve", f, "--tricks", "avg", "--json").stdout)
    assert avg["objective"] == "tricks" and avg["expected_tricks"] == 2.0  # rounded to 1e-12
    every = json.loads(run("suit", "AQT", "432", "--json").stdout)  # default: every target
    assert {r["tricks"]: r["probability"] for r in every["targets"]} == pytest.approx({1: 1.0, 2: 0.76, 3: 0.24},
                                                                                        abs=5e-4)
    assert every["expected_tricks"] == pytest.approx(2.0, abs=5e-4) and every["moves"][0]["move"] == "S:x"


@pytest.mark.parametrize("args,words", [
    (["suit", "AZ", "432"], "north: unknown rank 'Z'"),
    (["suit", "AQ", "432", "--tricks", "0"], "--tricks"),
    (["suit", "AQ", "432", "--tricks", "4"], "tricks: 4 is more than"),
    (["solve", str(ROOT / "problems/trees/fig07.yaml"), "--tricks", "2"], "--tricks:"),
])
def test_one_line_question_bad_input(args: list[str], words: str) -> None:
    r = run(*args)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and words in r.stderr
