"""``bridgeplay compare`` on a tree: every tree solver's line, its estimate, its true worth, its loss.

The diagnosis is :func:`bridgeplay.games.tree.solvers.diagnose` (sub-optimal without over-rating
counts as non-locality on a tree).
"""

from __future__ import annotations

from typing import Any

from bridgeplay import config
from bridgeplay.games import tree as T
from bridgeplay.games.tree.problem import TreeProblem
from bridgeplay.options import Progress, no_progress


def compare(problem: TreeProblem, samples: int | None = None, seed: int = config.DEFAULT_SEED,
            target: int | None = None, progress: Progress = no_progress) -> dict[str, Any]:
    """The ``compare`` JSON for a ``kind: tree`` problem (``target`` does not apply)."""
    best = T.optimum(problem)
    opt = float(best.true_value)
    rows: list[dict[str, Any]] = []
    esm_row = best.to_dict()
    rows.append({"solver": "esm", "move": esm_row["move"], "estimate": esm_row["estimate"],
                 "true_value": esm_row["true_value"], "loss": 0.0, "diagnosis": "optimal"})
    mm = T.mm(problem)
    rows.append({"solver": "mm", "move": None, "estimate": float(mm.estimate), "true_value": None, "loss": None,
                 "diagnosis": "upper bound"})
    for name in ("repeated-levy", "repeated-ginsberg", "repeated-threshold", "vector", "prm"):
        r = T.solve_tree(problem, name, samples=samples, seed=seed)
        d = r.to_dict()
        rows.append({"solver": name, "move": d["move"], "estimate": d["estimate"], "true_value": d["true_value"],
                     "loss": opt - float(d["true_value"]), "diagnosis": T.diagnose(r, opt), "strategy": d["strategy"]})
    return {"problem": problem.name, "file": problem.file, "kind": "tree", "units": "payoff", "optimum": opt,
            "solvers": rows}
