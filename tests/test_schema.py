"""Every ``--json`` output against ``bridgeplay/schema/result.json``: every bundled problem through ``solve``,
and ``compare``, ``dd``, ``batch``, ``validate`` and ``solvers``; the one Result's common keys."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from bridgeplay.cli import main
from bridgeplay.result import Result, clamp_probability

ROOT = Path(__file__).resolve().parents[1]
PROBLEMS = sorted(p for p in (ROOT / "problems").rglob("*.yaml"))
SCHEMA = json.loads(resources.files("bridgeplay").joinpath("schema/result.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
COMMON = ("problem", "file", "kind", "solver", "method", "exact", "why", "target", "objective", "value",
          "probability", "expected_tricks", "moves", "splits", "strategy", "stats", "stopped")


def one_of(obj: dict, part: str) -> None:
    """``obj`` is valid as a whole and as the named part of the schema (not some other part by accident)."""
    VALIDATOR.validate(obj)
    sub = {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{part}"}
    jsonschema.Draft202012Validator(sub).validate(obj)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", PROBLEMS, ids=[str(p.relative_to(ROOT / "problems")) for p in PROBLEMS])
def test_solve_json_of_every_bundled_problem(path: Path) -> None:
    r = run("solve", str(path), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    one_of(out, "result")
    assert list(out)[: len(COMMON)] == list(COMMON)  # the same keys in the same places, every kind
    assert out["why"]  # no --solver: the kind's default, and why
    if out["probability"] is not None:
        assert out["value"] == out["probability"] and 0 <= out["probability"] <= 1


def test_a_tree_solves_with_its_default_and_the_exact_value() -> None:
    out = json.loads(run("solve", str(ROOT / "problems/trees/fig07.yaml"), "--json").stdout)
    assert out["kind"] == "tree" and out["exact"] is True and out["value"] == pytest.approx(0.4, abs=1e-12)
    assert out["probability"] == pytest.approx(0.4, abs=1e-12) and out["true_value"] == pytest.approx(0.4)


def test_a_named_solver_that_cannot_run_is_exit_2_and_says_what_would() -> None:
    r = run("solve", str(ROOT / "problems/trees/fig07.yaml"), "--solver", "tactics")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"bridgeplay: error: {ROOT / 'problems/trees/fig07.yaml'}: solver: solver 'tactics' does not "
                        "solve tree problems (tree solvers: esm, pareto, mm, repeated, vector, prm)\n")


@pytest.mark.parametrize("args", [
    ["compare", "problems/paper/fig14-kjtx-a98x.yaml"],
    ["compare", "problems/classic/akxxx-xxx-max.yaml"],
    ["compare", "problems/classic/aq-xx-avg.yaml"],
    ["compare", "problems/trees/fig07.yaml"],
])
def test_compare_json(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    one_of(json.loads(r.stdout), "compare")


DEAL = "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"


@pytest.mark.parametrize("extra", [[], ["--leader", "W", "--trumps", "S"], ["--leader", "S", "--played", "H2"],
                                   ["--dealer", "W", "--vul", "EW"]])
def test_dd_json(extra: list[str]) -> None:
    r = run("dd", DEAL, *extra, "--json")
    assert r.exit_code == 0, r.output
    one_of(json.loads(r.stdout), "dd")


def test_batch_json_every_verdict(tmp_path: Path) -> None:
    (tmp_path / "a-good.yaml").write_text("kind: suit\nnorth: AQ\nsouth: xx\ntricks: 2\n"
                                          "expect: {probability: 0.5, moves: [S:x]}\n")
    (tmp_path / "b-bad.yaml").write_text("kind: suit\nnorth: AQZ\nsouth: xx\ntricks: 2\n")
    (tmp_path / "c-fail.yaml").write_text("kind: suit\nnorth: AQ\nsouth: xx\ntricks: 2\nexpect: {probability: 0.6}\n")
    (tmp_path / "d-tree.yaml").write_text((ROOT / "problems/trees/fig07.yaml").read_text(encoding="utf-8"))
    lines = [json.loads(x) for x in run("batch", str(tmp_path), "--check", "--json", "--jobs", "1").stdout.splitlines()]
    assert [o["verdict"] for o in lines] == ["pass", "error", "fail", "pass"]
    for o in lines:
        one_of(o, "batch_line")
    skipped = [json.loads(x) for x in run("batch", str(tmp_path), "--json", "--jobs", "1", "--solver", "pareto")
               .stdout.splitlines()]
    assert [o["verdict"] for o in skipped] == ["skipped", "error", "skipped", "solved"]
    for o in skipped:
        one_of(o, "batch_line")


def test_validate_and_solvers_json(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("kind: suit\nnorth: AQ\nsouth: xx\ntricks: 2\n")
    (tmp_path / "b.yaml").write_text("kind: suit\nnorth: AQ\n")
    for line in run("validate", "--json", str(tmp_path)).stdout.splitlines():
        one_of(json.loads(line), "validate")
    out = json.loads(run("solvers", "--json").stdout)
    one_of(out, "solvers")
    assert [k["kind"] for k in out["kinds"]] == ["suit", "deal", "tree", "imp", "trick"]


def test_probabilities_are_clamped_and_rounded() -> None:
    assert clamp_probability(1.0000000000000027) == 1.0 and clamp_probability(-1e-17) == 0.0
    assert clamp_probability(0.87142857142857144) == 0.871428571429
    r = Result(problem="p", file="f", kind="suit", solver="esm", method="m", exact=True, target=1,
               probability=1.0000000000000027, stats={"nodes": 1, "seconds": 0.0})
    out = r.to_json()
    assert out["probability"] == out["value"] == 1.0
    one_of(out, "result")
