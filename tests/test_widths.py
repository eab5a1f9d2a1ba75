"""Reports at terminal widths 60 and 100 (issue 24): nothing is cut.  Every bundled problem's report, a
compare and a batch summary; no cell may end in "…" (rich's mark of a cut cell).  An ellipsis that
stands alone ("; … 3 more") or starts a shortened path ("…/paper/fig02.yaml") is ours, not a cut."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgeplay.cli import main

ROOT = Path(__file__).resolve().parents[1]
PROBLEMS = sorted((ROOT / "problems").rglob("*.yaml"))
CUT = re.compile(r"\S…(?=\s|$)")


def render(width: int, *args: str) -> str:
    r = CliRunner().invoke(main, list(args), env={"COLUMNS": str(width)})
    assert r.exit_code in (0, 1), r.output
    return r.stdout


def cut_cells(text: str) -> list[str]:
    return [line for line in text.splitlines() if CUT.search(line)]


@pytest.mark.parametrize("width", [60, 100])
@pytest.mark.parametrize("path", PROBLEMS, ids=[str(p.relative_to(ROOT / "problems")) for p in PROBLEMS])
def test_no_report_cuts_a_cell(path: Path, width: int) -> None:
    out = render(width, "solve", str(path))
    assert out and not cut_cells(out), cut_cells(out)
    assert max(len(line) for line in out.splitlines()) <= width


@pytest.mark.parametrize("width", [60, 100])
def test_compare_and_batch_keep_every_column(width: int) -> None:
    out = render(width, "compare", str(ROOT / "problems/paper/fig14-kjtx-a98x.yaml"))
    assert "diagnosis" in out and "optimal" in out and not cut_cells(out), cut_cells(out)
    out = render(width, "batch", str(ROOT / "problems/paper"))
    assert "fig02-akqj9-xx.yaml" in out and "solved" in out and not cut_cells(out), cut_cells(out)
    assert max(len(line) for line in out.splitlines()) <= width


def test_the_check_finds_a_cut_cell() -> None:
    assert cut_cells("  K–Qxxxx…     0.0097") and not cut_cells("  KQ, … 3 more  ") and not cut_cells(" …/a.yaml ")
