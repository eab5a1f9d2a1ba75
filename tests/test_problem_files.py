"""Every problem file is well formed, and the hand calculations written in the single-suit files add up.

The full solve check (bridgeplay's answer against ``expect:``) is ``bridgeplay batch problems --check``; this
module only checks the files themselves:

* every ``*.yaml`` under ``problems/`` parses as a YAML mapping with ``name``, ``kind`` and ``source``;
* every ``kind: suit`` file has an ``expect:`` block with a probability, a table, expected_tricks or a note,
  numbers in range and a tolerance with each number, and loads with :func:`bridgeplay.kinds.load`;
* where a suit file carries a verification table in its comments (West-East split, P(split), cases,
  successes, contribution), each row is recomputed from the a-priori formula
  C(V - n, vW - k) / C(V, vW) for one West holding of k of the n outstanding cards (renormalised when
  cards are known to be with one defender), and the total must agree with the file's expectation.
"""

from __future__ import annotations

import re
from math import comb
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent / "problems"
FILES = sorted(ROOT.rglob("*.yaml"))
SUIT_FILES = [f for f in FILES if (yaml.safe_load(f.read_text(encoding="utf-8")) or {}).get("kind") == "suit"]
EXPECT_KEYS = ("probability", "table", "expected_tricks", "note")


def _ids(files: list[Path]) -> list[str]:
    return [str(f.relative_to(ROOT)) for f in files]


def _load(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path}: not a YAML mapping"
    return data


def test_problem_tree_is_populated() -> None:
    assert len(list((ROOT / "paper").glob("*.yaml"))) >= 4
    classic = [f for f in (ROOT / "classic").glob("*.yaml")]
    assert len(classic) >= 40
    # file names: lower case, holding-holding-tricks (or -max / -avg, optional -variant)
    for f in classic:
        assert re.fullmatch(r"[a-z0-9]+-[a-z0-9]+-(\d+|max|avg)(-[a-z0-9-]+)?\.yaml", f.name), f.name


@pytest.mark.parametrize("path", FILES, ids=_ids(FILES))
def test_required_fields(path: Path) -> None:
    data = _load(path)
    for key in ("name", "kind", "source"):
        assert data.get(key) not in (None, ""), f"{path.name}: missing {key}"
    assert data["kind"] in ("suit", "deal", "tree", "imp", "trick")
    if "expect" in data:
        assert isinstance(data["expect"], dict) and data["expect"], f"{path.name}: empty expect"


@pytest.mark.parametrize("path", SUIT_FILES, ids=_ids(SUIT_FILES))
def test_suit_expectations(path: Path) -> None:
    data = _load(path)
    for key in ("north", "south"):
        assert isinstance(data.get(key), str | int), f"{path.name}: {key}"
    assert "tricks" in data or data.get("objective") == "tricks"
    expect = data.get("expect")
    assert isinstance(expect, dict), f"{path.name}: no expect block"
    assert any(k in expect for k in EXPECT_KEYS), f"{path.name}: expect needs one of {EXPECT_KEYS}"
    numeric = [k for k in ("probability", "table", "expected_tricks") if k in expect]
    if numeric:
        tol = expect.get("tolerance")
        assert isinstance(tol, int | float) and 0 < tol <= 0.01, f"{path.name}: tolerance {tol!r}"
    if "probability" in expect:
        assert 0 <= expect["probability"] <= 1
    if "table" in expect:
        assert data.get("tricks") == "max", f"{path.name}: a table goes with tricks: max"
        table = expect["table"]
        assert all(isinstance(t, int) and 0 <= p <= 1 for t, p in table.items())
        probs = [table[t] for t in sorted(table)]
        assert probs == sorted(probs, reverse=True), f"{path.name}: more tricks cannot be likelier"
    if "expected_tricks" in expect:
        assert data.get("objective") == "tricks"
    if "moves" in expect:
        for m in expect["moves"]:
            assert re.fullmatch(r"[NS]:([AKQJT98765432x]|10)", m), f"{path.name}: move {m!r}"


@pytest.mark.parametrize("path", SUIT_FILES, ids=_ids(SUIT_FILES))
def test_loads_with_bridgeplay(path: Path) -> None:
    problem = pytest.importorskip("bridgeplay.kinds")
    problem.load(path)


# -- the verification tables written in the comments ------------------------------------------------
_ROW = re.compile(r"^#\s+(\d+)-(\d+)\s+([0-9.]+)\s+(\d+)\s+(\d+)\s+([0-9.]+)")
_TOTAL = re.compile(r"^#\s+total\s+([0-9.]+)")
_TARGET = re.compile(r"\((\d+)\+ tricks against best defence\)")
_OUT = re.compile(r"^# Outstanding: \S+ \((\d+) cards\)")
TABLE_FILES = [f for f in SUIT_FILES if "# Verification table" in f.read_text(encoding="utf-8")]


def _holding_probability(n: int, k: int, vw: int, ve: int) -> float:
    if k > vw or n - k > ve:
        return 0.0
    return comb(vw + ve - n, vw - k) / comb(vw + ve, vw)


@pytest.mark.parametrize("path", TABLE_FILES, ids=_ids(TABLE_FILES))
def test_verification_table_arithmetic(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    lines = text.splitlines()
    n = int(next(m.group(1) for m in map(_OUT.match, lines) if m))
    target = int(_TARGET.search(text).group(1))
    rows = [tuple(m.groups()) for m in map(_ROW.match, lines) if m]
    total_line = float(next(m.group(1) for m in map(_TOTAL.match, lines) if m))
    vacant = data.get("vacant") or {}
    vw, ve = vacant.get("west", 13), vacant.get("east", 13)
    known = bool(data.get("west") or data.get("east"))
    assert rows, f"{path.name}: no table rows"
    # normaliser: 1 when no cards are known; otherwise the a-priori weight of the worlds in the table
    z = sum(int(c) * _holding_probability(n, int(k), vw, ve) for k, _e, _p, c, _s, _ct in rows)
    if not known:
        assert abs(z - 1) < 1e-9, f"{path.name}: the table does not cover every West holding"
        cases_total = sum(int(c) for *_x, c, _s, _ct in rows)
        assert cases_total == 2**n
    total = 0.0
    for k, e, p_split, cases, succ, contrib in rows:
        k, cases, succ = int(k), int(cases), int(succ)
        assert k + int(e) == n
        if not known:
            assert cases == comb(n, k), f"{path.name}: {k}-{e} has C({n},{k}) cases"
        ph = _holding_probability(n, k, vw, ve) / z
        assert abs(float(p_split) - cases * ph) < 1.5e-6, f"{path.name}: P({k}-{e})"
        assert abs(float(contrib) - succ * ph) < 1.5e-6, f"{path.name}: contribution of {k}-{e}"
        assert 0 <= succ <= cases
        total += succ * ph
    assert abs(total - total_line) < 2e-6, f"{path.name}: rows add up to {total:.6f}, not {total_line}"
    expect = data["expect"]
    tol = expect.get("tolerance", 0)
    if "probability" in expect and data.get("tricks") == target:
        assert abs(total - expect["probability"]) <= tol + 1e-9, f"{path.name}: table total vs expect"
    if "table" in expect and target in expect["table"]:
        assert abs(total - expect["table"][target]) <= tol + 1e-9, f"{path.name}: table total vs expect.table"


def test_split_table_matches_published_splits() -> None:
    """The formula the table check uses reproduces the a-priori splits of PUBLISHED-FIGURES.md."""
    published = {
        2: {(1, 1): 52.0, (2, 0): 48.0},
        4: {(3, 1): 49.7391, (2, 2): 40.6957, (4, 0): 9.5652},
        6: {(4, 2): 48.4472, (3, 3): 35.5280, (5, 1): 14.5342, (6, 0): 1.4907},
        8: {(5, 3): 47.1213, (4, 4): 32.7231, (6, 2): 17.1350, (7, 1): 2.8558, (8, 0): 0.1648},
    }
    for n, splits in published.items():
        for (a, b), percent in splits.items():
            p = comb(n, a) * _holding_probability(n, a, 13, 13) * (2 if a != b else 1)
            assert 100 * p == pytest.approx(percent, abs=1e-4), (n, a, b)
