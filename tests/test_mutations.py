"""Hypothesis mutations of every bundled problem: loading a mutated file either gives a problem or one
:class:`ProblemError` line naming the file -- never another exception, never a hang."""

from __future__ import annotations

import copy
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgeplay.errors import ProblemError
from bridgeplay.kinds import from_dict
from bridgeplay.yamlio import read_yaml

ROOT = Path(__file__).resolve().parents[1]
PROBLEMS = sorted((ROOT / "problems").rglob("*.yaml"))

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**12, max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["", "x", "AKQJT98765432", "N:SA", "max", "avg", "10", "-", "♠A", "S:x", "2/5", "NT", "W"]),
    st.lists(st.one_of(st.integers(-3, 20), st.text(max_size=5)), max_size=6),
    st.dictionaries(st.text(max_size=6), st.one_of(st.integers(-3, 20), st.text(max_size=5)), max_size=4),
    st.just("A" * 5000),
)


def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every key path in a nested mapping/list (the places a mutation can hit)."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, prefix + (i,))
    return out


def mutate(data: dict, where: tuple, how: str, value: Any) -> dict:
    out = copy.deepcopy(data)
    parent = out
    for k in where[:-1]:
        parent = parent[k]
    last = where[-1]
    if how == "delete" and isinstance(parent, dict):
        del parent[last]
    elif how == "delete" and isinstance(parent, list):
        parent.pop(last)
    elif how == "add" and isinstance(parent, dict):
        parent[f"{last}_extra"] = value
    else:
        parent[last] = value
    return out


@pytest.mark.parametrize("path", PROBLEMS, ids=[str(p.relative_to(ROOT / "problems")) for p in PROBLEMS])
@settings(max_examples=40, deadline=2000, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(data=st.data())
def test_a_mutated_problem_loads_or_is_one_line(path: Path, data: st.DataObject) -> None:
    original = read_yaml(path)
    where = data.draw(st.sampled_from(paths(original)))
    how = data.draw(st.sampled_from(["replace", "delete", "add"]))
    value = data.draw(JUNK)
    mutated = mutate(original, where, how, value)
    try:
        from_dict(mutated, str(path))
    except ProblemError as exc:
        text = str(exc)
        assert text.startswith(str(path)) and "\n" not in text and len(text) < 400, text
        if isinstance(value, float) and math.isnan(value):
            return
