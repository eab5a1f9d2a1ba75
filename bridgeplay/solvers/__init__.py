"""Solver registry: name -> ``solve(problem, options) -> Result``.  The CLI dispatches through it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from bridgeplay.problem import ProblemError
from bridgeplay.result import Result
from bridgeplay.solvers.esm import Options

# name -> (module, description); modules are imported on first use so start-up stays fast.
SOLVERS: dict[str, tuple[str, str]] = {
    "esm": ("bridgeplay.solvers.esm", "exact best defence (Pareto fronts; equals exhaustive strategy minimisation)"),
    "repeated": ("bridgeplay.solvers.repeated",
                 "repeated minimaxing, double dummy per world (--scoring, --samples); value = its line's true worth"),
    "vector": ("bridgeplay.solvers.vector", "vector minimaxing (one choice for all worlds); value = true worth"),
    "prm": ("bridgeplay.solvers.prm", "payoff-reduction minimaxing (AAAI-98); value = true worth"),
    "tactics": ("bridgeplay.solvers.tactics",
                "round-by-round tactic search, Frank & Basin's back-up, equally likely worlds; value = true worth"),
    "deal-repeated": ("bridgeplay.solvers.deal_repeated",
                      "deals: repeated minimaxing at the root, double dummy per sampled world, with an interval"),
    "deal-vector": ("bridgeplay.solvers.deal_vector", "deals: vector minimaxing over sampled worlds, DD leaves"),
    "deal-prm": ("bridgeplay.solvers.deal_prm", "deals: payoff-reduction minimaxing over sampled worlds, DD leaves"),
    "deal-alphamu": ("bridgeplay.solvers.deal_alphamu",
                     "deals: exact best defence over sampled worlds (Pareto fronts, alpha-mu), DD leaves"),
    "tactics-prior": ("bridgeplay.solvers.tactics_prior",
                      "tactic search weighting worlds by their true odds; value = true worth"),
}


def register(name: str, module: str, description: str) -> None:
    SOLVERS[name] = (module, description)


def get(name: str) -> Callable[[Any, Options], Result]:
    if name not in SOLVERS:
        raise KeyError(name)
    return importlib.import_module(SOLVERS[name][0]).solve


def unsupported(solver: str, problem: Any) -> ProblemError:
    kind = getattr(problem, "kind", type(problem).__name__)
    return ProblemError(getattr(problem, "file", None), "kind", f"solver {solver!r} does not solve {kind} problems")


def solve(problem: Any, solver: str = "esm", options: Options | None = None) -> Result:
    """Solve ``problem`` with the named solver."""
    return get(solver)(problem, options or Options())


__all__ = ["SOLVERS", "Options", "get", "register", "solve", "unsupported"]
