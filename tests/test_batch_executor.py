"""``bridgeplay batch --executor``: the same files solved on a Dask cluster give the same verdicts and results."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgeplay.analysis.batch import find_problem_files, run_batch
from bridgeplay.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_executor_errors_are_bad_input() -> None:
    r = CliRunner().invoke(main, ["batch", str(ROOT / "problems/imp"), "--address", "tcp://127.0.0.1:1"])
    assert r.exit_code == 2 and "--executor dask or ray" in r.output
    try:
        import ray  # noqa: F401
    except ImportError:
        r = CliRunner().invoke(main, ["batch", str(ROOT / "problems/imp"), "--executor", "ray"])
        assert r.exit_code == 2 and "bridgeplay[ray]" in r.output


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_results() -> None:
    pytest.importorskip("distributed")
    files = find_problem_files([str(ROOT / "problems/imp"), str(ROOT / "problems/trees")])
    local = run_batch(files, check=True, jobs=2)
    dask = run_batch(files, check=True, jobs=2, executor="dask")
    assert [o.verdict for o in dask.outcomes] == [o.verdict for o in local.outcomes] == ["pass"] * len(files)

    def same(o: object) -> tuple:
        body = dict(o.result or {})  # type: ignore[attr-defined]
        body.get("stats", {}).pop("seconds", None)
        return o.path, body  # type: ignore[attr-defined]

    assert [same(o) for o in dask.outcomes] == [same(o) for o in local.outcomes]
