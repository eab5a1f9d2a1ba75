"""What a suit problem's ``expect:`` block means: it must fit the problem, and how its moves compare.

The syntax is checked when the file is read (:mod:`bridgeplay.yamlio`); a result is checked by
:mod:`bridgeplay.checks` with :func:`normaliser`, under which a play written with the rank of a small
card (``S:2``) matches ``S:x`` and vice versa.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bridgeplay import checks
from bridgeplay.cards import move_rank, normalise_move
from bridgeplay.checks import checkable
from bridgeplay.errors import ProblemError
from bridgeplay.result import Result
from bridgeplay.suit.problem import SuitProblem

__all__ = ["check", "checkable", "describe", "normaliser", "validate"]


def normaliser(problem: SuitProblem) -> Callable[[str], str]:
    """``HAND:CARD`` upper case with ``T`` for the ten; a small card of declarer's becomes ``x``."""

    def normalise(move: str) -> str:
        text = normalise_move(move)
        hand = text.partition(":")[0]
        r = move_rank(text)
        if hand in ("N", "S") and r is not None:
            held = problem.north if hand == "N" else problem.south
            if (problem.smalls & held) >> r & 1:
                return f"{hand}:x"
        return text

    return normalise


def validate(problem: SuitProblem) -> None:
    """Raise :class:`ProblemError` when the ``expect:`` block does not fit the problem.

    A table needs ``tricks: max``, expected tricks need ``objective: tricks``, a probability needs a
    target, and every expected first play must be a card declarer holds.
    """
    if not problem.expect:
        return
    blocks = [("expect", problem.expect)] + [
        (f"expect.solvers.{name}", spec) for name, spec in (problem.expect.get("solvers") or {}).items()
    ]
    every_target = problem.objective == "target" and problem.tricks is None
    for prefix, spec in blocks:
        if "table" in spec and not every_target:
            raise ProblemError(problem.file, f"{prefix}.table", "a table of targets needs tricks: max")
        if "expected_tricks" in spec and problem.objective != "tricks":
            raise ProblemError(problem.file, f"{prefix}.expected_tricks", "expected tricks need objective: tricks")
        if "probability" in spec and (problem.objective != "target" or problem.tricks is None):
            what = "objective: tricks" if problem.objective == "tricks" else "tricks: max"
            raise ProblemError(problem.file, f"{prefix}.probability", f"a probability needs a target, not {what}")
        if "moves" in spec and every_target:
            raise ProblemError(problem.file, f"{prefix}.moves", "first plays need a target (not tricks: max)")
        moves = spec.get("moves", [])
        if "moves" in spec and not moves:
            raise ProblemError(problem.file, f"{prefix}.moves", "an empty list (leave it out to accept any play)")
        for m in [moves] if isinstance(moves, str) else moves:
            hand, _, card = m.strip().partition(":")
            hand = hand.upper()
            if hand not in ("N", "S"):
                raise ProblemError(problem.file, f"{prefix}.moves", f"{m!r}: declarer's first play is N:... or S:...")
            held = problem.north if hand == "N" else problem.south
            word = "North" if hand == "N" else "South"
            if card.strip().upper() == "X":
                if not problem.smalls & held:
                    raise ProblemError(problem.file, f"{prefix}.moves", f"{m!r}: {word} has no small card")
            else:
                r = move_rank(m)
                if r is None or not held >> r & 1:
                    raise ProblemError(problem.file, f"{prefix}.moves", f"{m!r}: {word} does not hold that card")


def check(problem: SuitProblem, result: Result) -> tuple[list[str], dict[str, Any]]:
    """Mismatches between ``result`` and ``expect:`` (nothing else is solved to check a suit problem)."""
    return checks.check(problem.expect, result, normaliser(problem)), {}


def describe(problem: SuitProblem, solver: str) -> str:
    return checks.describe(problem.expect, solver)
