"""``bridgeplay experiment imp``: seeded, the same rows on any executor, the seed's findings, the output forms."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from bridgeplay.analysis.imp_experiment import run_experiment
from bridgeplay.cli import main
from bridgeplay.report.imp_experiment import panels, text_plot
from tests.reference import imp_literal as ref

SCHEMA = json.loads(resources.files("bridgeplay").joinpath("schema/result.json").read_text(encoding="utf-8"))


def validate(obj: dict) -> None:
    jsonschema.Draft202012Validator(SCHEMA).validate(obj)
    sub = {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": "#/$defs/experiment_imp"}
    jsonschema.Draft202012Validator(sub).validate(obj)


def ratios(rows: list[dict]) -> dict[tuple[int, int, int], float]:
    return {(r["k"], r["b"], r["d"]): r["ratio"] for r in rows}


def test_expected_ratio_at_d2_b2_k2_is_457_over_484() -> None:
    """The issue's exact figure for the one exception to "rises with k": every payoff assignment of
    IMP-model(2, 2, 2) (11^4 of them) through the literal reference."""
    total = 0
    for pay in itertools.product(range(11), repeat=4):
        tree = {"U": 10, "tree": {"chance": [{"max": "I", "children": {"l": pay[2 * c], "r": pay[2 * c + 1]}}
                                             for c in range(2)]}}
        total += ref.imp_alpha_beta(ref.ExplicitGame(tree))[1]
    assert Fraction(total, 11**4 * 4) == Fraction(457, 484)


def test_same_rows_on_one_or_two_workers_and_json_schema() -> None:
    one = run_experiment([2, 3], [2, 3], [2, 3], 120, 5, jobs=1)
    two = run_experiment([2, 3], [2, 3], [2, 3], 120, 5, jobs=2)
    assert one.rows == two.rows
    validate(one.to_json())
    r = one.rows[0]
    assert r["minimax_checked"] == r["trials"] and r["ci95"][0] <= r["ratio"] <= r["ci95"][1]


def test_findings_fall_with_d_and_b_rise_with_k() -> None:
    rows = ratios(run_experiment([2], [2, 10], [2, 3, 4], 400, 1).rows)
    for b in (2, 10):
        assert rows[(2, b, 2)] > rows[(2, b, 3)] > rows[(2, b, 4)]
    for d in (2, 3, 4):
        assert rows[(2, 2, d)] > rows[(2, 10, d)]
    assert rows[(2, 10, 4)] == pytest.approx(0.2855, abs=0.012)  # the expected value
    rows = ratios(run_experiment([2, 4, 10], [2], [3], 400, 1).rows)
    assert rows[(2, 2, 3)] < rows[(4, 2, 3)] < rows[(10, 2, 3)]


def test_adaptive_trials_and_skipped_cells() -> None:
    res = run_experiment([2], [10], [5, 7], 5000, 1, max_leaves=200_000)
    small, big = res.rows
    assert small["trials"] < 5000 and 100 * (small["ci95"][1] - small["ci95"][0]) < 1.0  # stopped early
    assert big["trials"] == 0 and big["ratio"] is None and "max-leaves" in big["skipped"]
    validate(res.to_json())


def test_cli_json_table_plot(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["experiment", "imp", "--k", "2", "--b", "10", "--d", "4", "--trials", "200",
                                  "--seed", "1", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    validate(out)
    assert [(x["k"], x["b"], x["d"], x["trials"]) for x in out["rows"]] == [(2, 10, 4, 200)]
    assert 0.26 < out["rows"][0]["ratio"] < 0.31
    png = tmp_path / "fig6.png"
    r = CliRunner().invoke(main, ["experiment", "imp", "--k", "2", "--b", "2,4", "--d", "2..4", "--trials", "60",
                                  "--plot", str(png)], env={"COLUMNS": "100"})
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "k = 2, b varying" in r.output and "100·ab/mm" in r.output and "Assumptions" in r.output


@pytest.mark.parametrize("args", [["--k", "0"], ["--d", "1"], ["--b", "x"], ["--k", "5..2"]])
def test_cli_bad_input_exit_2(args: list[str]) -> None:
    r = CliRunner().invoke(main, ["experiment", "imp", *args])
    assert r.exit_code == 2


def test_text_plot_panels() -> None:
    rows = [{"k": 2, "b": b, "d": d, "ratio": 1 / (b * d)} for b in (2, 10) for d in (2, 3, 4)]
    (title, name, series), = panels(rows)  # (k = 2, b = 2 alone would make a b = 2 panel: left out)
    assert name == "b" and sorted(series) == [2, 10]
    lines = text_plot(title, name, series)
    assert lines[1].split("│")[1][0] == "2"  # the top left point: b = 2 at d = 2
    assert "A" in lines[-3]  # b = 10 ends lowest
    assert "(b: 2 A=10)" in lines[0]
    rows += [{"k": k, "b": 2, "d": d, "ratio": k / (10 * d)} for k in (3, 4) for d in (2, 3)]
    assert [p[1] for p in panels(rows)] == ["b", "k"]


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_rows() -> None:
    pytest.importorskip("distributed")
    local = run_experiment([2, 3], [2, 4], [3, 4], 200, 3, jobs=2)
    dask = run_experiment([2, 3], [2, 4], [3, 4], 200, 3, executor="dask", jobs=2)
    assert dask.rows == local.rows


@pytest.mark.slow
def test_the_seeds_expected_values() -> None:
    """k = 2, b = 10: 0.2855 (d = 4), 0.1764 (d = 5), 0.117 (d = 6); b = 2, k = 10, d = 2: about 0.958."""
    rows = ratios(run_experiment([2], [10], [4, 5, 6], 10_000, 1).rows)
    assert rows[(2, 10, 4)] == pytest.approx(0.2855, abs=0.005)
    assert rows[(2, 10, 5)] == pytest.approx(0.1764, abs=0.005)
    assert rows[(2, 10, 6)] == pytest.approx(0.117, abs=0.005)
    assert ratios(run_experiment([10], [2], [2], 10_000, 1).rows)[(10, 2, 2)] == pytest.approx(0.958, abs=0.005)
