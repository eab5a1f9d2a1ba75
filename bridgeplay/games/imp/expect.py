"""What an imp problem's ``expect:`` block means, and checking a result against it.

``value`` (the game's value: a fraction such as ``34/7`` is compared exactly, a decimal within ``tolerance``),
``strategy`` ({information set: alternative}, the sets the optimal strategy reaches) and ``leaves`` ({solver:
leaves examined}).  Both solvers run in milliseconds on a file's tree, so a check runs both: each must give the
value and the strategy, and each solver named under ``leaves`` its count.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from bridgeplay import config
from bridgeplay.errors import ProblemError
from bridgeplay.games.imp.problem import SOLVER_NAMES, ImpProblem
from bridgeplay.games.imp.solvers import answer, fraction_text
from bridgeplay.result import Result


def validate(problem: ImpProblem) -> None:
    """The strategy must name information sets of the game and their alternatives."""
    sets = problem.infosets
    for label, move in (problem.expect.get("strategy") or {}).items():
        if label not in sets:
            raise ProblemError(problem.file, f"expect.strategy.{label}",
                               f"no information set {label!r} (the game has: {', '.join(sets)})")
        if move not in sets[label]:
            raise ProblemError(problem.file, f"expect.strategy.{label}",
                               f"{move!r} is not an alternative of {label!r} ({', '.join(sets[label])})")


def checkable(expect: Mapping[str, Any], solver: str) -> bool:
    return any(k in expect for k in ("value", "strategy", "leaves"))


def _value_errors(expect: Mapping[str, Any], got: Fraction, who: str) -> list[str]:
    if "value" not in expect:
        return []
    want = expect["value"]
    if isinstance(want, Fraction):
        return [] if got == want else [f"{who}: value {fraction_text(got)}, expected {fraction_text(want)}"]
    tol = expect.get("tolerance", config.EXPECT_TOLERANCE)
    return [] if abs(float(got) - float(want)) <= tol else [f"{who}: value {float(got):.6g}, expected {want}"]


def check(problem: ImpProblem, result: Result) -> tuple[list[str], dict[str, Any]]:
    """Run both solvers and compare each with ``expect:``; ``(errors, checked)``."""
    expect = problem.expect
    errors: list[str] = []
    checked: dict[str, Any] = {}
    for name in SOLVER_NAMES:
        a = answer(problem, name)
        checked[name] = {"value": fraction_text(a.value), "strategy": a.strategy, "leaves": a.leaves}
        errors += _value_errors(expect, a.value, name)
        for label, move in (expect.get("strategy") or {}).items():
            if a.strategy.get(label) != move:
                errors.append(f"{name}: {label} -> {a.strategy.get(label)!r}, expected {move!r}")
        want = (expect.get("leaves") or {}).get(name)
        if want is not None and a.leaves != want:
            errors.append(f"{name}: {a.leaves} leaves examined, expected {want}")
    return errors, checked


def describe(problem: ImpProblem, solver: str) -> str:
    expect = problem.expect
    parts = []
    if "value" in expect:
        v = expect["value"]
        parts.append(f"value {fraction_text(v) if isinstance(v, Fraction) else v}")
    if "leaves" in expect and solver in expect["leaves"]:
        parts.append(f"{expect['leaves'][solver]} leaves")
    return " ".join(parts)


__all__ = ["check", "checkable", "describe", "validate"]
