"""The registry's entries for ``kind: imp``: IMP-minimax and IMP-alpha-beta as :class:`~bridgeplay.result.Result`."""

from __future__ import annotations

import time
from fractions import Fraction

from bridgeplay.games.imp.problem import ImpProblem
from bridgeplay.games.imp.search import ImpAnswer, imp_alpha_beta, imp_minimax
from bridgeplay.options import Options
from bridgeplay.result import Result

METHODS = {
    "imp-minimax": "IMP-minimax (van Lent & Mutchler): exact, every leaf examined",
    "imp-alpha-beta": "IMP-alpha-beta (van Lent & Mutchler): IMP-minimax's value with information set and "
                      "immediate pruning (payoffs at most U)",
}


def fraction_text(x: Fraction) -> str:
    """``34/7``, or ``8`` for a whole number."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def to_result(problem: ImpProblem, solver: str, answer: ImpAnswer, seconds: float) -> Result:
    line = " ".join(f"{label}:{move}" for label, move in answer.strategy.items())
    return Result(
        problem=problem.name, file=problem.file, kind="imp", solver=solver, method=METHODS[solver], exact=True,
        objective="payoff", payoff=float(answer.value), strategy=dict(answer.strategy), move=line or None,
        stats={"nodes": answer.leaves, "seconds": round(seconds, 6)},
        extra={"value_exact": fraction_text(answer.value), "leaves": answer.leaves,
               "total_leaves": answer.total_leaves, "upper_bound": problem.upper},
    )


def answer(problem: ImpProblem, solver: str) -> ImpAnswer:
    """The named solver's answer (``imp-minimax`` or ``imp-alpha-beta``)."""
    return imp_minimax(problem) if solver == "imp-minimax" else imp_alpha_beta(problem)


def solve_minimax(problem: ImpProblem, options: Options) -> Result:
    t0 = time.perf_counter()
    a = imp_minimax(problem)
    return to_result(problem, "imp-minimax", a, time.perf_counter() - t0)


def solve_alpha_beta(problem: ImpProblem, options: Options) -> Result:
    t0 = time.perf_counter()
    a = imp_alpha_beta(problem)
    return to_result(problem, "imp-alpha-beta", a, time.perf_counter() - t0)


def choose(problem: ImpProblem, options: Options) -> tuple[str, str]:
    return "imp-alpha-beta", "the default for imp problems: IMP-minimax's exact value, examining fewer leaves"


__all__ = ["METHODS", "answer", "choose", "fraction_text", "solve_alpha_beta", "solve_minimax", "to_result"]
