"""``bridgeplay compare`` on a decision of any seat (``to_play:``): Monte Carlo and ABC side by side.

Each row: the card the solver plays, its score for every candidate, and whether the choice is *deceptive*:
different from the double-dummy choice on the true deal (the file's deal, which neither solver reads).
``true_value`` is the chosen card's double-dummy score on the true deal (its worth against players who see
every card), ``optimum`` the best such score, ``loss`` the difference.
"""

from __future__ import annotations

from typing import Any

from bridgeplay import config
from bridgeplay.deal.abc import candidates, solve_abc, solve_montecarlo
from bridgeplay.deal.abcsearch import Engine, dd_tricks_after
from bridgeplay.deal.seat import SeatProblem
from bridgeplay.errors import SolverError
from bridgeplay.options import Options, Progress, no_progress


def compare(problem: Any, samples: int | None = None, seed: int = config.DEFAULT_SEED,
            target: int | None = None, progress: Progress = no_progress) -> dict[str, Any]:
    """The ``compare`` JSON for a seat's decision (``target`` does not apply)."""
    if not isinstance(problem, SeatProblem):
        raise SolverError(problem.file, "", "compare runs on deal problems with to_play: (a seat's decision)")
    eng = Engine()
    pay = problem.payoff
    dd = {problem.move_text(m): pay[dd_tricks_after(problem.roles, problem.trump, problem.leader, problem.trick, m,
                                                     problem.now, eng)] for m in candidates(problem)}
    optimum = max(dd.values())
    dd_best = sorted(m for m, v in dd.items() if v == optimum)
    rows: list[dict[str, Any]] = [{"solver": "double-dummy", "move": dd_best[0], "estimate": optimum,
                                   "true_value": optimum, "loss": 0.0, "diagnosis": "sees every card (the true deal)",
                                   "scores": dd, "deceptive": False}]
    options = Options(samples=samples, seed=seed, progress=progress)
    for solve in (solve_montecarlo, solve_abc):
        r = solve(problem, options)
        move = r.moves[0].move
        deceptive = move not in dd_best
        rows.append({"solver": r.solver if r.solver else solve.__name__, "move": move, "estimate": r.payoff,
                     "true_value": dd[move], "loss": optimum - dd[move],
                     "diagnosis": "deceptive: not the double-dummy choice" if deceptive else "the double-dummy choice",
                     "scores": {m.move: m.extra["score"] for m in r.moves}, "deceptive": deceptive})
    rows[1]["solver"], rows[2]["solver"] = "montecarlo", "abc"
    return {"problem": problem.name, "file": problem.file, "kind": "deal", "units": "payoff", "optimum": optimum,
            "solvers": rows}
