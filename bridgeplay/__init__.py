"""bridgeplay: an analyser of bridge card play.

The Python API (the command line is built on it)::

    import bridgeplay

    problem = bridgeplay.load("problems/paper/fig02-akqj9-xx.yaml")   # or a dict: {"kind": "suit", ...}
    result = bridgeplay.solve(problem)                                 # the kind's default solver
    print(result.probability, result.best_moves)                       # 0.871428571428571 ['N:A', 'S:x']
    result.to_json()                                                   # the --json form

``bridgeplay.solve(problem, "repeated", samples=50, seed=3)`` names a solver and its options
(:class:`bridgeplay.options.Options`); ``bridgeplay.kinds`` is the registry of kinds and their
solvers.  Importing bridgeplay does not import numba: the kernels load when a solver first runs.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from bridgeplay import kinds
from bridgeplay.errors import ProblemError, SolverError
from bridgeplay.kinds import Problem
from bridgeplay.options import Options
from bridgeplay.result import Result

__version__ = "0.1.0"


def load(source: str | os.PathLike[str] | Mapping[str, Any], path: str | None = None) -> Problem:
    """A validated problem from a YAML file, or from a mapping; :class:`ProblemError` (one line) when invalid."""
    return kinds.load(source, path)


def solve(problem: Problem, solver: str | None = None, **options: Any) -> Result:
    """Solve ``problem`` with ``solver`` (None: its kind's default, and the result says why).

    ``options`` are :class:`~bridgeplay.options.Options` fields: ``depth, scoring, samples, seed,
    time_limit, lookahead, threads, progress``.
    """
    return kinds.solve(problem, solver, Options(**options))


__all__ = ["Options", "Problem", "ProblemError", "Result", "SolverError", "__version__", "kinds", "load", "solve"]
