"""``bridgeplay compare`` on a single-suit problem: every solver -- its first play, its own estimate, its TRUE worth.

The rows are: ``esm`` (the exact optimum; its own line is played
out too, as a check), ``mm`` (the double-dummy average Σ_w P(w)·DD(w): an upper bound,
not a strategy), repeated minimaxing with each scoring (exhaustive, or ``samples`` worlds
drawn with ``seed``), ``vector``, ``prm``, ``tactics`` (equally likely worlds, as in Frank
& Basin's program) and ``tactics-prior`` (true odds).  Each heuristic's line is played
against best defence in every world (:mod:`bridgeplay.suit.policy`); ``loss`` is the
optimum minus that true value.

Diagnosis of a line (tolerance 1e-9):

* ``optimal`` -- its true value equals the optimum;
* ``strategy fusion`` -- sub-optimal, and the solver's own estimate of its line exceeds
  the line's true value (it counted on choosing differently in worlds it cannot tell
  apart: only repeated minimaxing backs up per-world maxima, so only it can show this);
* ``non-locality`` -- sub-optimal, and one of two operational tests fires (:func:`nonlocality`):
  *reached worlds* -- at some later decision of the line, removing the worlds in which
  best defence would not have let play get there (it had a strictly better card earlier
  in that world) changes the solver's choice, and the line with the changed choice(s) is
  worth more (:func:`bridgeplay.suit.diagnosis.locality`); or *changed choice* -- another
  play at a group of equivalent positions of the line is no better for their own
  subtrees yet raises the whole line, so the right choice there depends on payoffs
  outside the subtree (:func:`bridgeplay.suit.diagnosis.change_witness`).  Both are also
  tried on the line the solver would play from an optimal first play it rejected;
* ``strategy fusion + non-locality`` -- both;
* ``sub-optimal`` -- neither test explains the loss.

The ``mm`` row's diagnosis is ``upper bound``: minimax per world ignores what declarer
cannot see, so it is no strategy and has no true value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bridgeplay import config
from bridgeplay.errors import ProblemError
from bridgeplay.options import SCORINGS, Progress, no_progress
from bridgeplay.suit import repeated, tactics, vector
from bridgeplay.suit.diagnosis import change_witness, locality
from bridgeplay.suit.game import EPS, SuitGame, with_target
from bridgeplay.suit.policy import Evaluation, ExactPolicy, Heuristic, OverridePolicy, evaluate, run_heuristic
from bridgeplay.suit.problem import SuitProblem

HEURISTICS = ("repeated-levy", "repeated-ginsberg", "repeated-threshold", "vector", "prm", "tactics", "tactics-prior")


def builders(samples: int | None = None, seed: int = config.DEFAULT_SEED) -> dict[str, Callable[[SuitGame], Heuristic]]:
    """Every single-suit heuristic by its row name."""
    out: dict[str, Callable[[SuitGame], Heuristic]] = {
        f"repeated-{s}": repeated.build(s, samples, seed) for s in SCORINGS
    }
    out["vector"] = vector.build(False)
    out["prm"] = vector.build(True)
    out["tactics"] = tactics.build("equal")
    out["tactics-prior"] = tactics.build("prior")
    return out


def diagnose(estimate: float, true_value: float, optimum: float, nonlocal_found: bool, tol: float = EPS) -> str:
    if true_value >= optimum - tol:
        return "optimal"
    fusion = estimate > true_value + tol
    if fusion and nonlocal_found:
        return "strategy fusion + non-locality"
    if fusion:
        return "strategy fusion"
    if nonlocal_found:
        return "non-locality"
    return "sub-optimal"


def nonlocality(game: SuitGame, ev: Evaluation, exact: ExactPolicy, limit: int = 200) -> tuple[bool, dict[str, Any]]:
    """The two operational non-locality tests on a sub-optimal line, then on the optimal first plays it rejected.

    1. *Reached worlds* (:func:`~bridgeplay.suit.diagnosis.locality`): a later choice flips
       once the worlds in which best defence would not have let play get there are removed,
       and the line with the flipped choices is worth more.
    2. *Changed choice* (:func:`~bridgeplay.suit.diagnosis.change_witness`): changing the
       play at a group of equivalent positions does not raise the value of their own
       subtrees but raises the whole line.

    Both are run on the line itself, then -- a solver also goes wrong when non-local
    choices *below* an optimal first play make it under-value that play -- on the line the
    solver's policy plays from each optimal first play (exact solver) it did not choose:
    they fire there when the improved line beats the line the solver chose.
    """
    info: dict[str, Any] = {}
    lines = [(None, ev)]
    policy = ev.policy
    root_key = policy.key(game, game.root, game.all, ())
    for seat, r, _, v, _ in exact.analysis.first_moves:
        move = (seat, r)
        if v >= exact.value - EPS and move != ev.first_move:
            lines.append((move, None))
    for move, line in lines:
        if line is None:
            line = evaluate(game, OverridePolicy(policy, {root_key: move}))
        prefix = "" if move is None else f"[{game.move_text(move)} first] "
        loc = locality(line, limit=40)
        if loc.flips and "flips" not in info:
            info["flips"] = [prefix + f.describe(game) for f in loc.flips[:10]]
            info["flip_count"] = len(loc.flips)
        if loc.found() and line.value + loc.best_gain > ev.value + EPS:
            info.update(test="reached worlds", witness=prefix + loc.flips[0].describe(game),
                        flips=[prefix + f.describe(game) for f in loc.flips[:10]], flip_count=len(loc.flips),
                        gain=line.value + loc.best_gain - ev.value)
            return True, info
        ch = change_witness(line, limit=limit)
        if ch is not None and line.value + ch.gain > ev.value + EPS:
            info.update(test="changed choice", witness=prefix + ch.describe(game), gain=line.value + ch.gain - ev.value)
            return True, info
    return False, info


def compare_game(game: SuitGame, solvers: tuple[str, ...] = HEURISTICS, samples: int | None = None,
                 seed: int = config.DEFAULT_SEED, test_locality: bool = True,
                 progress: Progress = no_progress, what: str = "compare") -> dict[str, Any]:
    """Rows for one target (or expected tricks) of a single-suit problem."""
    exact = ExactPolicy(game)
    optimum = exact.value
    ev = evaluate(game, exact)
    dd = game.expectation(game.dd_vec(game.root, game.all), game.all)
    rows: list[dict[str, Any]] = [
        {"solver": "esm", "move": game.move_text(ev.first_move), "estimate": optimum, "true_value": ev.value,
         "loss": 0.0 if abs(optimum - ev.value) < 1e-12 else optimum - ev.value,
         "diagnosis": "optimal" if ev.value >= optimum - EPS else "sub-optimal"},
        {"solver": "mm", "move": None, "estimate": dd, "true_value": None, "loss": None,
         "diagnosis": "upper bound"},
    ]
    make = builders(samples, seed)
    progress(what, 1, len(solvers) + 1)
    for done, name in enumerate(solvers, start=2):
        h, ev = run_heuristic(game, make[name])
        loss = optimum - ev.value
        loss = 0.0 if abs(loss) < 1e-12 else loss
        row: dict[str, Any] = {"solver": name, "move": game.move_text(ev.first_move), "estimate": h.estimate,
                               "true_value": ev.value, "loss": loss}
        found = False
        if test_locality and loss > EPS:
            found, info = nonlocality(game, ev, exact)
            row.update(info)
        row["diagnosis"] = diagnose(h.estimate, ev.value, optimum, found)
        for key in ("tactic", "samples", "seed"):
            if h.details.get(key) is not None:
                row[key] = h.details[key]
        rows.append(row)
        progress(what, done, len(solvers) + 1)
    return {"optimum": optimum, "solvers": rows}


def compare(problem: SuitProblem, samples: int | None = None, seed: int = config.DEFAULT_SEED,
            target: int | None = None, test_locality: bool = True, progress: Progress = no_progress) -> dict[str, Any]:
    """The ``compare`` JSON for a single-suit problem (``tricks: max``: one block per target)."""
    head: dict[str, Any] = {"problem": problem.name, "file": problem.file, "kind": "suit",
                            "units": "tricks" if problem.objective == "tricks" else "probability"}
    if target is not None:
        if not 1 <= target <= problem.max_tricks:
            raise ProblemError(problem.file, "tricks", f"target {target} is not 1..{problem.max_tricks}")
        problem = with_target(problem, target)
    if problem.objective == "target" and problem.tricks is None:
        blocks = []
        for t in range(1, problem.max_tricks + 1):
            block = compare_game(SuitGame(with_target(problem, t)), samples=samples, seed=seed,
                                 test_locality=test_locality, progress=progress, what=f"{t} tricks")
            blocks.append({"tricks": t} | block)
        return head | {"target": "max", "optimum": None, "solvers": [], "targets": blocks}
    game = SuitGame(problem)
    head["target"] = game.target
    head["objective"] = problem.objective
    return head | compare_game(game, samples=samples, seed=seed, test_locality=test_locality, progress=progress)
