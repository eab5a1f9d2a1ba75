"""What a trick problem's ``expect:`` means, and checking results against it.

Top level: ``value`` (the maxⁿ value tuple: every maxⁿ solver must return it), ``move``/``moves`` (the first
move), ``paranoid`` (the paranoid value, MAX's score).  ``solvers: {NAME: {value, move, moves, paranoid,
nodes}}``: what that solver returns, ``nodes`` being the nodes it visits.  ``bridgeplay batch --check`` runs
every solver the block names (a trick problem solves in milliseconds) and the maxⁿ and paranoid solvers the
top level needs.
"""

from __future__ import annotations

from typing import Any

from bridgeplay.errors import ProblemError
from bridgeplay.games.maxn.problem import TrickProblem
from bridgeplay.games.maxn.solvers import run
from bridgeplay.result import Result

__all__ = ["check", "checkable", "describe", "validate"]


def validate(problem: TrickProblem) -> None:
    """A deal's expected moves must be cards of the leader's hand."""
    if problem.game is None:
        labels = {c.move for c in problem.tree.children}  # type: ignore[union-attr]
    else:
        labels = {problem.move_text(c) for c in range(52) if problem.game.hands[problem.game.leader] >> c & 1}
    blocks = [("expect", problem.expect)] + [(f"expect.solvers.{k}", v)
                                             for k, v in (problem.expect.get("solvers") or {}).items()]
    for prefix, spec in blocks:
        for m in ([spec["move"]] if "move" in spec else []) + list(spec.get("moves") or []):
            if m not in labels:
                raise ProblemError(problem.file, f"{prefix}.move",
                                   f"{m!r} is not a first move here (one of: {', '.join(sorted(labels))})")


def checkable(expect: dict[str, Any], solver: str) -> bool:
    return any(k in expect for k in ("value", "move", "moves", "paranoid", "solvers"))


def _compare(problem: TrickProblem, name: str, spec: dict[str, Any], got: dict[str, Any]) -> list[str]:
    errors = []
    if "value" in spec and got["scores"] is not None and list(spec["value"]) != got["scores"]:
        errors.append(f"{name}: value {tuple(got['scores'])}, expected {tuple(spec['value'])}")
    if "paranoid" in spec and got["paranoid"] is not None and spec["paranoid"] != got["paranoid"]:
        errors.append(f"{name}: paranoid value {got['paranoid']}, expected {spec['paranoid']}")
    if "move" in spec and got["move"] != spec["move"]:
        errors.append(f"{name}: move {got['move']}, expected {spec['move']}")
    if "moves" in spec and got["move"] not in spec["moves"]:
        errors.append(f"{name}: move {got['move']}, expected one of {spec['moves']}")
    if "nodes" in spec and got["nodes"] != spec["nodes"]:
        errors.append(f"{name}: {got['nodes']} nodes, expected {spec['nodes']}")
    return errors


def _line(problem: TrickProblem, solver: str) -> dict[str, Any]:
    scores, move, nodes, _ = run(problem, solver)
    paranoid = solver.startswith("paranoid")
    return {"scores": None if paranoid else list(scores), "paranoid": scores[0] if paranoid else None,
            "move": problem.move_text(move) if move >= 0 else None, "nodes": nodes}


def check(problem: TrickProblem, result: Result) -> tuple[list[str], dict[str, Any]]:
    """``(errors, checked)``: ``checked`` maps each solver run to its line (scores, paranoid, move, nodes)."""
    expect = problem.expect
    lines: dict[str, dict[str, Any]] = {result.solver: {
        "scores": result.extra.get("scores"), "paranoid": result.extra.get("paranoid"), "move": result.move,
        "nodes": result.stats.get("nodes")}}

    def line(name: str) -> dict[str, Any]:
        if name not in lines:
            lines[name] = _line(problem, name)
        return lines[name]

    errors: list[str] = []
    top = {k: v for k, v in expect.items() if k in ("value", "move", "moves")}
    if top:
        maxn_like = result.solver if not result.solver.startswith("paranoid") else "maxn"
        errors += _compare(problem, maxn_like, top, line(maxn_like))
    if "paranoid" in expect:
        par = result.solver if result.solver.startswith("paranoid") else "paranoid"
        errors += _compare(problem, par, {"paranoid": expect["paranoid"]}, line(par))
    for name, spec in (expect.get("solvers") or {}).items():
        errors += _compare(problem, name, spec, line(name))
    return errors, lines


def describe(problem: TrickProblem, solver: str) -> str:
    expect = problem.expect
    parts = []
    if "value" in expect:
        parts.append("value " + "(" + ", ".join(str(v) for v in expect["value"]) + ")")
    if "move" in expect:
        parts.append(str(expect["move"]))
    if "paranoid" in expect:
        parts.append(f"paranoid {expect['paranoid']}")
    if expect.get("solvers"):
        parts.append(f"+{len(expect['solvers'])} solvers")
    return " ".join(parts)
