"""`bridgeplay batch`: checks against expect:, exit codes, JSON lines, JUnit XML, workers, time limits, Ctrl-C.

Expected values come from hand calculation, not from bridgeplay:

* AQ opposite xx, 2 tricks: the finesse (low to the queen) wins exactly when West holds the king, 1/2
  by symmetry (13 vacant places each); cashing the ace wins only against a singleton king.  Best first
  play: a small card from South.
* AK opposite xx, 2 tricks: certain.  AQ opposite xx, every target: 1 trick certain, 2 tricks 1/2.
* Frank & Basin Fig. 7 (problems/trees/fig07.yaml derives it): vector minimaxing plays b:1 c:1, worth 1/5.

The solver compiles (or loads from numba's cache) its kernels on first use in each process, so a
worker's first problem takes a second or two; everything else here is small.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgeplay import kinds
from bridgeplay.analysis import batch
from bridgeplay.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIG7 = ROOT / "problems/trees/fig07.yaml"

AQ = "kind: suit\nname: AQ opposite xx\nnorth: AQ\nsouth: xx\n"
GOOD = {
    "aq-2.yaml": AQ + "tricks: 2\nexpect: {probability: 0.5, tolerance: 0.000001, moves: [S:x]}\n",
    "ak-2.yaml": "kind: suit\nnorth: AK\nsouth: xx\ntricks: 2\nexpect: {probability: 1.0}\n",
    "aq-max.yaml": AQ + "tricks: max\nexpect: {table: {1: 1.0, 2: 0.5}, tolerance: 0.000001}\n",
    "aq-avg.yaml": AQ + "objective: tricks\nexpect: {expected_tricks: 1.5, tolerance: 0.000001}\n",
    "no-expect.yaml": AQ + "tricks: 1\n",
}


def write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def slow_tree(n: int = 20) -> str:
    """A MIN root over n two-move MAX information sets: 2**n strategies for ESM to enumerate (minutes)."""
    lines = ["kind: tree", "name: slow", "worlds: 2", "tree:", "  min: a", "  children:"]
    for i in range(n):
        lines += [f"    m{i}:", f"      max: b{i}", "      children: {'1': [1, 0], '2': [0, 1]}"]
    return "\n".join(lines) + "\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def comparable(objs: list[dict]) -> list[dict]:
    out = []
    for o in objs:
        o = dict(o)
        o.pop("seconds", None)
        o["stats"] = {k: v for k, v in (o.get("stats") or {}).items() if k != "seconds"}
        out.append(o)
    return out


# --------------------------------------------------------------------------- exit codes and checks
def test_all_expectations_hold_exit_0(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", GOOD)
    r = run("batch", str(folder), "--check", "--json", "--jobs", "1")
    assert r.exit_code == 0, r.output
    objs = json_lines(r.stdout)
    assert [Path(o["file"]).name for o in objs] == sorted(GOOD)
    verdicts = {Path(o["file"]).name: o["verdict"] for o in objs}
    assert verdicts == {"aq-2.yaml": "pass", "ak-2.yaml": "pass", "aq-max.yaml": "pass", "aq-avg.yaml": "pass",
                        "no-expect.yaml": "solved"}
    aq = next(o for o in objs if o["file"].endswith("aq-2.yaml"))
    assert aq["probability"] == pytest.approx(0.5, abs=1e-9)
    assert aq["errors"] == [] and aq["seconds"] >= 0 and aq["solver"] == "esm" and aq["kind"] == "suit"


def test_wrong_probability_fails_exit_1(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", {"aq.yaml": AQ + "tricks: 2\nexpect: {probability: 0.55}\n",
                                    "ak.yaml": GOOD["ak-2.yaml"]})
    r = run("batch", str(folder), "--check", "--jobs", "1")
    assert r.exit_code == 1, r.output
    assert "fail" in r.stdout and "probability 0.500000, expected 0.55" in r.stdout
    # without --check nothing is compared
    assert run("batch", str(folder), "--jobs", "1").exit_code == 0


def test_wrong_first_play_fails(tmp_path: Path) -> None:
    # the probability is right, the play is not: cashing the ace is not the best first play
    folder = write(tmp_path / "p", {"aq.yaml": AQ + "tricks: 2\nexpect: {probability: 0.5, moves: [N:A]}\n"})
    r = run("batch", str(folder), "--check", "--json", "--jobs", "1")
    assert r.exit_code == 1
    (obj,) = json_lines(r.stdout)
    assert obj["verdict"] == "fail"
    assert obj["errors"] == ["best first plays S:x, expected one of N:A"]


def test_small_card_written_by_rank_matches_x(tmp_path: Path) -> None:
    # South's xx are the 3 and the 2 (the lowest unnamed ranks): S:2 is the same play as S:x
    folder = write(tmp_path / "p", {"aq.yaml": AQ + "tricks: 2\nexpect: {probability: 0.5, moves: [S:2, N:Q]}\n"})
    r = run("batch", str(folder), "--check", "--jobs", "1")
    assert r.exit_code == 0, r.output


def test_tree_expectation_per_solver(tmp_path: Path) -> None:
    text = FIG7.read_text(encoding="utf-8")
    assert "vector: {move: \"b:1 c:1\", estimate: 1/5, true_value: 1/5}" in text
    write(tmp_path, {"good.yaml": text,
                     "bad.yaml": text.replace('vector: {move: "b:1 c:1", estimate: 1/5, true_value: 1/5}',
                                              'vector: {move: "b:1 c:1", estimate: 1/5, true_value: 2/5}')})
    r = run("batch", str(tmp_path), "--check", "--json", "--jobs", "1")
    assert r.exit_code == 1
    bad, good = json_lines(r.stdout)
    assert good["verdict"] == "pass" and good["kind"] == "tree"
    assert good["true_value"] == pytest.approx(2 / 5) and set(good["checked"]) >= {"esm", "vector", "prm"}
    assert bad["verdict"] == "fail"
    assert bad["errors"] == ["vector: true_value 0.2, expected 0.4"]


def test_solver_of_another_kind_skips(tmp_path: Path) -> None:
    # pareto solves trees only: the suit file is skipped (not an error), the tree is checked
    write(tmp_path, {"aq.yaml": GOOD["aq-2.yaml"], "fig07.yaml": FIG7.read_text(encoding="utf-8")})
    r = run("batch", str(tmp_path), "--check", "--json", "--jobs", "1", "--solver", "pareto")
    assert r.exit_code == 0, r.output
    aq, fig7 = json_lines(r.stdout)
    assert aq["verdict"] == "skipped" and aq["errors"] == ["solver 'pareto' does not solve suit problems"]
    assert fig7["verdict"] == "pass" and fig7["solver"] == "pareto" and fig7["true_value"] == pytest.approx(2 / 5)


def test_broken_file_reported_and_the_rest_solved(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", {
        "a.yaml": GOOD["aq-2.yaml"],
        "b-broken.yaml": "kind: suit\nnorth: AQZ\nsouth: xx\ntricks: 2\n",
        "c.yaml": GOOD["ak-2.yaml"],
        "README.md": "not a problem",
        "notes.txt": "not a problem either",
    })
    r = run("batch", str(folder), "--check", "--json", "--jobs", "2")
    assert r.exit_code == 2, r.output  # an invalid file, no failed check
    objs = json_lines(r.stdout)
    assert [(Path(o["file"]).name, o["verdict"]) for o in objs] == [
        ("a.yaml", "pass"), ("b-broken.yaml", "error"), ("c.yaml", "pass")]
    assert objs[1]["errors"] == [f"{folder / 'b-broken.yaml'}: north: unknown rank 'Z' in 'AQZ'"]
    # a failed check outranks an invalid file
    (folder / "d.yaml").write_text(AQ + "tricks: 2\nexpect: {probability: 0.9}\n")
    assert run("batch", str(folder), "--check", "--jobs", "1").exit_code == 1


def test_missing_path_and_no_files(tmp_path: Path) -> None:
    write(tmp_path / "p", {"a.yaml": GOOD["ak-2.yaml"]})
    r = run("batch", str(tmp_path / "p"), str(tmp_path / "nope.yaml"), "--json", "--jobs", "1")
    assert r.exit_code == 2
    objs = {Path(o["file"]).name: o for o in json_lines(r.stdout)}
    assert objs["nope.yaml"]["verdict"] == "error" and objs["a.yaml"]["verdict"] == "solved"
    assert objs["nope.yaml"]["errors"] == [f"{tmp_path / 'nope.yaml'}: no such file"]
    (tmp_path / "empty").mkdir()
    r = run("batch", str(tmp_path / "empty"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "no problem files" in r.stderr
    r = run("batch", str(tmp_path / "p"), "--solver", "nope")
    assert r.exit_code == 2 and "unknown solver 'nope'" in r.stderr


def test_expect_that_does_not_fit_the_problem_is_invalid(tmp_path: Path) -> None:
    cases = {
        "table.yaml": (AQ + "tricks: 2\nexpect: {table: {1: 1.0}}\n",
                       "expect.table: a table of targets needs tricks: max"),
        "avg.yaml": (AQ + "tricks: 2\nexpect: {expected_tricks: 1.5}\n",
                     "expect.expected_tricks: expected tricks need objective: tricks"),
        "prob.yaml": (AQ + "tricks: max\nexpect: {probability: 0.5}\n",
                      "expect.probability: a probability needs a target, not tricks: max"),
        "held.yaml": (AQ + "tricks: 2\nexpect: {moves: [S:4]}\n", "expect.moves: 'S:4': South does not hold that card"),
        "small.yaml": (AQ + "tricks: 2\nexpect: {moves: [N:x]}\n", "expect.moves: 'N:x': North has no small card"),
        "empty.yaml": (AQ + "tricks: 2\nexpect: {moves: []}\n",
                       "expect.moves: an empty list (leave it out to accept any play)"),
    }
    folder = write(tmp_path / "p", {k: v[0] for k, v in cases.items()})
    r = run("validate", str(folder))
    assert r.exit_code == 2
    want = sorted(f"bridgeplay: error: {folder / k}: {v[1]}" for k, v in cases.items())
    assert sorted(r.stderr.splitlines()) == want
    assert r.stdout.strip() == f"{len(cases)} files: 0 valid, {len(cases)} invalid"
    r = run("batch", str(folder), "--check", "--json", "--jobs", "1")
    assert r.exit_code == 2 and {o["verdict"] for o in json_lines(r.stdout)} == {"error"}


# --------------------------------------------------------------------------- outputs
def test_json_and_junit(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", GOOD | {"wrong.yaml": AQ + "tricks: 2\nexpect: {probability: 0.25}\n",
                                           "broken.yaml": "- a list\n"})
    junit = tmp_path / "out" / "junit.xml"
    junit.parent.mkdir()
    r = run("batch", str(folder), "--check", "--json", "--junit", str(junit), "--jobs", "2")
    assert r.exit_code == 1
    objs = json_lines(r.stdout)  # every line parses
    assert len(objs) == len(GOOD) + 2
    for o in objs:
        assert {"problem", "file", "kind", "solver", "verdict", "errors", "seconds"} <= set(o)
    root = ET.parse(junit).getroot()  # parses
    assert root.tag == "testsuites"
    suite = root.find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == (str(len(GOOD) + 2), "1", "1")
    cases = {c.get("file"): c for c in suite.iter("testcase")}
    assert cases[str(folder / "wrong.yaml")].find("failure") is not None
    assert cases[str(folder / "broken.yaml")].find("error") is not None
    assert cases[str(folder / "aq-2.yaml")].find("failure") is None
    assert list(junit.parent.iterdir()) == [junit]  # no temporary file left behind


def test_write_atomic_leaves_old_file_when_interrupted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "report.xml"
    target.write_bytes(b"old")

    def boom(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        batch.write_atomic(target, b"new" * 1000)
    assert target.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [target]


def test_summary_table(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", {"aq.yaml": GOOD["aq-2.yaml"], "x.yaml": "kind: nope\n"})
    r = run("batch", str(folder), "--check", "--jobs", "1")
    assert r.exit_code == 2
    for text in ("problem", "solver", "result", "expected", "verdict", "time", "0.500000 S:x", "pass", "error",
                 "kind: unknown kind 'nope'", "2 of 2 problems: 1 pass, 1 error"):
        assert text in r.stdout, text


# --------------------------------------------------------------------------- independence of jobs and order
def test_same_results_with_1_and_2_jobs_and_any_path_order(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", GOOD | {"broken.yaml": "kind: suit\n"})
    write(tmp_path / "p" / "trees", {"fig07.yaml": FIG7.read_text(encoding="utf-8")})
    sub = str(folder / "trees")
    one = run("batch", str(folder), "--check", "--json", "--jobs", "1")
    two = run("batch", sub, str(folder), sub + "/fig07.yaml", "--check", "--json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 2
    a, b = comparable(json_lines(one.stdout)), comparable(json_lines(two.stdout))
    assert len(a) == len(GOOD) + 2  # each file once, though named three times
    assert a == b
    assert [o["file"] for o in a] == sorted(o["file"] for o in a)


def test_find_problem_files(tmp_path: Path) -> None:
    write(tmp_path / "b", {"z.yml": "", "a.yaml": "", "README.md": ""})
    write(tmp_path / "b" / ".hidden", {"h.yaml": ""})
    write(tmp_path / "a", {"m.yaml": "", "notes.txt": ""})
    got = batch.find_problem_files([tmp_path / "b", str(tmp_path / "a" / ".." / "a"), tmp_path / "a" / "m.yaml",
                                    tmp_path / "a" / "notes.txt"])
    assert got == sorted([str(tmp_path / "a" / "m.yaml"), str(tmp_path / "a" / "notes.txt"),
                          str(tmp_path / "b" / "a.yaml"), str(tmp_path / "b" / "z.yml")])


def test_normalise_move() -> None:
    from bridgeplay.kinds import from_dict

    p = from_dict({"kind": "suit", "north": "AQ", "south": "xx", "tricks": 2}, "t.yaml")
    assert kinds.normalise_move("s:2", p) == kinds.normalise_move("S:3", p) == "S:x"
    assert kinds.normalise_move("N:q", p) == "N:Q"
    assert kinds.normalise_move("W:h10") == "W:HT"


# --------------------------------------------------------------------------- robustness
def test_time_limit_kills_and_goes_on(tmp_path: Path) -> None:
    # AQ opposite xx in a 7-card suit (K, J, T, 9 outstanding): still 1/2 by symmetry, solved in milliseconds,
    # so a neighbour's load cannot push it past the limit; the tree needs minutes
    small = AQ + "suit_size: 7\ntricks: 2\nexpect: {probability: 0.5, moves: [S:x]}\n"
    folder = write(tmp_path / "p", {"a.yaml": small, "b-slow.yaml": slow_tree(), "c.yaml": small})
    for jobs in ("1", "2"):
        t0 = time.perf_counter()
        r = run("batch", str(folder), "--check", "--json", "--jobs", jobs, "--time-limit", "3")
        assert time.perf_counter() - t0 < 60
        assert r.exit_code == 1, r.output
        objs = json_lines(r.stdout)
        assert [o["verdict"] for o in objs] == ["pass", "timeout", "pass"]
        assert objs[1]["errors"] == ["no result within 3 s"]
    assert multiprocessing.active_children() == []


def test_a_dying_worker_is_a_crash_and_is_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = write(tmp_path / "p", {"a.yaml": GOOD["ak-2.yaml"], "b-boom.yaml": GOOD["ak-2.yaml"],
                                    "c.yaml": GOOD["ak-2.yaml"]})
    real = batch.run_one

    def run_one(path: str, *args, **kwargs):  # forked workers see this patched module
        if "boom" in path:
            os._exit(3)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(batch, "run_one", run_one)
    files = batch.find_problem_files([folder])
    report = batch.run_batch(files, jobs=1, check=True, time_limit=30)
    assert [o.verdict for o in report.outcomes] == ["pass", "crash", "pass"]
    assert report.outcomes[1].errors == ["worker died (exit code 3)"]
    assert report.exit_status == 1
    assert multiprocessing.active_children() == []


def test_interrupt_returns_partial_report(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", {"a.yaml": GOOD["ak-2.yaml"], "b-slow.yaml": slow_tree(),
                                    "c-slow.yaml": slow_tree(21)})
    seen: list[str] = []

    def on_done(o: batch.Outcome) -> None:
        seen.append(o.path)
        raise KeyboardInterrupt  # as if Ctrl-C arrived while the slow ones run

    report = batch.run_batch(batch.find_problem_files([folder]), jobs=2, check=True, on_done=on_done)
    assert report.interrupted and report.exit_status == 130
    assert [Path(o.path).name for o in report.outcomes] == ["a.yaml"] and report.total == 3
    assert multiprocessing.active_children() == []


def test_ctrl_c_in_a_real_process(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", {"a.yaml": GOOD["ak-2.yaml"], "b-slow.yaml": slow_tree()})
    junit = tmp_path / "j.xml"
    proc = subprocess.Popen([sys.executable, "-m", "bridgeplay", "batch", str(folder), "--json", "--jobs", "2",
                             "--junit", str(junit)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            # a shell's background job (CI scripts run as `... &`) starts with Ctrl-C ignored,
                            # and Python keeps an inherited SIG_IGN: give the batch the terminal default
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None
    first = proc.stdout.readline()  # a.yaml is streamed as soon as it is solved
    assert json.loads(first)["verdict"] == "solved"
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"batch did not stop within 60 s of Ctrl-C; stderr: {err[-2000:]}")
    assert proc.returncode == 130, err
    assert out.strip() == "" and "Traceback" not in err
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("tests") == "1"
    assert suite.find("properties/property[@name='interrupted']") is not None
