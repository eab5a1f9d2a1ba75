"""The solvers of ``kind: trick``: maxⁿ and its pruning family, and the paranoid reduction.

Each returns a :class:`~bridgeplay.result.Result` with the value tuple (``scores``, in the maximisation form:
tricks in Sergeant Major, 26 - points in Hearts), the first move, and the nodes the search visited
(``stats.nodes``, leaves included).  A deal runs on the engine's kernels; a tree on the same algorithms in
Python (:mod:`bridgeplay.games.maxn.tree`).  ``value`` is the score of the player to move at the root (for
paranoid: of the MAX player).
"""

from __future__ import annotations

import time

from bridgeplay.errors import SolverError
from bridgeplay.games.maxn import tree as T
from bridgeplay.games.maxn.problem import SOLVERS, TrickProblem
from bridgeplay.options import Options
from bridgeplay.result import MoveValue, Result

METHODS = {
    "maxn": "maxⁿ (each player maximises its own score, ties to the left) with immediate pruning",
    "shallow": "maxⁿ with immediate and shallow pruning (sound here: maxsum < 2·maxp)",
    "dfbnb": "maxⁿ with depth-first branch-and-bound (monotonic heuristic: what is taken so far)",
    "abbnb": "maxⁿ with alpha-beta branch-and-bound (the seed's ABBnB, maxsum when the same player moves again)",
    "paranoid": "the paranoid reduction (MAX against the coalition of the others), alpha-beta",
    "paranoid-h": "the paranoid reduction, alpha-beta with the monotonic heuristic's bounds",
    "maxn-tt": "maxⁿ with immediate pruning and a transposition table at the start of tricks",
}


def choose(problem: TrickProblem, options: Options) -> tuple[str, str]:
    return "maxn", "the default for trick problems: plain maxⁿ, the value every pruning must reproduce"


def refuse_shallow(problem: TrickProblem) -> None:
    """Shallow pruning is sound only where the seed's Lemma 1 allows it (maxsum < 2·maxp)."""
    if not problem.shallow_sound:
        raise SolverError(problem.file, "shallow",
                          f"shallow pruning needs maxsum < 2·maxp (Lemma 1); here maxsum {problem.maxsum}, maxp "
                          f"{problem.maxp}: it could only prune where immediate pruning does (try abbnb or dfbnb)")


def run(problem: TrickProblem, solver: str) -> tuple[tuple[int, ...], int, int, int]:
    """(scores, first move index or card, nodes, the player whose score is the value)."""
    if solver not in SOLVERS:
        raise SolverError(problem.file, solver, f"unknown trick solver {solver!r}")
    if solver == "shallow":
        refuse_shallow(problem)
    paranoid = solver.startswith("paranoid")
    if problem.game is not None:
        from bridgeplay.engine import trick as E

        S, G, P = problem.game.arrays()
        algorithm = {"maxn": E.MAXN, "shallow": E.SHALLOW, "dfbnb": E.DFBNB, "abbnb": E.ABBNB,
                     "paranoid": E.PARANOID, "paranoid-h": E.PARANOID_H, "maxn-tt": E.MAXN_TT}[solver]
        value, move, nodes = E.search(S, G, P, algorithm)
        return tuple(int(v) for v in value), move, nodes, problem.max_player if paranoid else problem.game.leader
    assert problem.tree is not None
    if solver == "maxn-tt":
        raise SolverError(problem.file, solver, "maxn-tt searches deals: a tree has no transpositions (use maxn)")
    b = T.Bounds(problem.n, problem.maxsum, problem.maxp)
    if paranoid:
        v, move = T.paranoid(problem.tree, b, problem.max_player, use_h=solver == "paranoid-h")
        return (v,), move, b.counter[0], problem.max_player
    fn = {"maxn": T.maxn, "shallow": T.shallow, "dfbnb": T.dfbnb, "abbnb": T.abbnb}[solver]
    value, move = fn(problem.tree, b)
    return value, move, b.counter[0], problem.tree.player


def _solve(problem: TrickProblem, options: Options, solver: str) -> Result:
    t0 = time.perf_counter()
    scores, move, nodes, player = run(problem, solver)
    paranoid = solver.startswith("paranoid")
    move_text = problem.move_text(move) if move >= 0 else None
    result = Result(problem=problem.name, file=problem.file, kind="trick", solver=solver, method=METHODS[solver],
                    exact=True, objective="payoff", payoff=float(scores[0] if paranoid else scores[player]),
                    moves=[MoveValue(move_text, None)] if move_text else [], move=move_text,
                    stats={"nodes": nodes, "seconds": round(time.perf_counter() - t0, 4)})
    result.strategy = None
    result.extra = {"scores": None if paranoid else list(scores), "player": player + 1,
                    "paranoid": int(scores[0]) if paranoid else None, "maxsum": problem.maxsum, "maxp": problem.maxp,
                    "players": problem.n}
    if problem.game is not None:
        result.extra["game"] = problem.game.game
        result.extra["horizon"] = problem.game.tricks
    return result


def solve_maxn(problem: TrickProblem, options: Options) -> Result:
    return _solve(problem, options, "maxn")


def solve_shallow(problem: TrickProblem, options: Options) -> Result:
    return _solve(problem, options, "shallow")


def solve_dfbnb(problem: TrickProblem, options: Options) -> Result:
    return _solve(problem, options, "dfbnb")


def solve_abbnb(problem: TrickProblem, options: Options) -> Result:
    return _solve(problem, options, "abbnb")


def solve_paranoid(problem: TrickProblem, options: Options) -> Result:
    return _solve(problem, options, "paranoid")


def solve_paranoid_h(problem: TrickProblem, options: Options) -> Result:
    return _solve(problem, options, "paranoid-h")


def solve_maxn_tt(problem: TrickProblem, options: Options) -> Result:
    return _solve(problem, options, "maxn-tt")
