"""What a tree problem's ``expect:`` block means, and checking a result against it.

A tree's ``expect:`` maps solver keys (``esm``, ``pareto``, ``mm``, ``vector``, ``prm``, ``repeated-levy``,
``repeated-ginsberg``, ``repeated-threshold``) to ``{move, moves, strategy, estimate, true_value, tied}``
(see :mod:`bridgeplay.games.tree.problem`); ``bridgeplay batch --check`` runs every solver named there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgeplay.games.tree.problem import TreeProblem
from bridgeplay.games.tree.solvers import TreeResult, solve_tree
from bridgeplay.result import Result


def check_expect(problem: TreeProblem, results: Mapping[str, TreeResult] | None = None) -> list[str]:
    """Compare every solver named in ``expect:`` with its result; one message per mismatch."""
    tol = problem.expect.get("tolerance", 1e-9)
    problems: list[str] = []
    for key, spec in problem.expect.items():
        if key == "tolerance":
            continue
        res = results[key] if results is not None and key in results else solve_tree(problem, key)
        if "move" in spec and res.move != spec["move"]:
            problems.append(f"{key}: move {res.move!r}, expected {spec['move']!r}")
        if "moves" in spec and res.move not in spec["moves"]:
            problems.append(f"{key}: move {res.move!r}, expected one of {spec['moves']}")
        for label, mv in spec.get("strategy", {}).items():
            got = (res.strategy or {}).get(label)
            if got != mv:
                problems.append(f"{key}: {label} -> {got!r}, expected {mv!r}")
        for fld in ("estimate", "true_value"):
            if fld in spec:
                want, got = spec[fld], getattr(res, fld)
                if (want is None) != (got is None) or (want is not None and abs(got - want) > tol):
                    problems.append(f"{key}: {fld} {got}, expected {want}")
        if "tied" in spec and sorted(res.tied) != sorted(spec["tied"]):
            problems.append(f"{key}: tied {list(res.tied)}, expected {spec['tied']}")
    return problems


def key_of(result: Result) -> str:
    """The ``expect:`` key of a result (``repeated`` is written with its scoring, ``repeated-levy``)."""
    if result.solver == "repeated":
        return f"repeated-{result.extra.get('scoring', 'levy')}"
    return result.solver


def validate(problem: TreeProblem) -> None:
    """Every meaning of a tree's ``expect:`` is checked when it is read: nothing more to check."""


def checkable(expect: Mapping[str, Any], solver: str) -> bool:
    return any(k != "tolerance" for k in expect)


def check(problem: TreeProblem, result: Result) -> tuple[list[str], dict[str, Any]]:
    """Run every solver named in ``expect:`` and compare; ``(errors, checked)``.

    A tree solves in milliseconds, so each expected solver runs afresh with its own defaults (the
    result at hand is one of them when its solver is named).  ``checked`` maps each solver key to
    that solver's line (``solver, move, estimate, true_value, strategy, tied``).
    """
    results: dict[str, TreeResult] = {k: solve_tree(problem, k) for k in problem.expect if k != "tolerance"}
    return check_expect(problem, results), {k: r.to_dict() for k, r in results.items()}


def describe(problem: TreeProblem, solver: str) -> str:
    """The expectation in a few words, for the batch summary."""
    expect = problem.expect
    keys = [k for k in expect if k != "tolerance"]
    key = "repeated-levy" if solver == "repeated" else solver
    spec = expect.get(key) or (expect[keys[0]] if keys else {})
    parts = []
    if "move" in spec or "moves" in spec:
        parts.append(str(spec["move"]) if "move" in spec else "|".join(spec["moves"]))
    if spec.get("true_value") is not None:
        parts.append(f"true {spec['true_value']:.4f}")
    text = (f"{key if key in expect else keys[0]}: " + " ".join(parts)) if parts else ""
    others = len(keys) - (1 if parts else 0)
    return f"{text} (+{others} solvers)" if text and others else text or f"{len(keys)} solvers"
