"""What a deal problem's ``expect:`` block means: moves are ``HAND:SUITRANK`` cards; see :mod:`bridgeplay.checks`."""

from __future__ import annotations

from typing import Any

from bridgeplay import checks
from bridgeplay.cards import SEAT_WORDS, Card, move_seat, normalise_move
from bridgeplay.checks import checkable
from bridgeplay.deal.problem import DealProblem
from bridgeplay.errors import ProblemError
from bridgeplay.result import Result

__all__ = ["check", "checkable", "describe", "validate"]


def validate(problem: DealProblem) -> None:
    """Every first play named in ``expect:`` must be a card of the player to move."""
    if getattr(problem, "only_solvers", None):
        return  # a seat's decision: its loader checked the moves
    blocks = [("expect", problem.expect)] + [
        (f"expect.solvers.{name}", spec) for name, spec in (problem.expect.get("solvers") or {}).items()
    ]
    hands = {0: problem.north, 2: problem.south}
    for prefix, spec in blocks:
        named = [(key, m) for key in ("moves", "not_moves") for m in
                 ([spec[key]] if isinstance(spec.get(key), str) else spec.get(key) or [])]
        named += [("values", m) for m in spec.get("values") or {}]
        for key, m in named:
            seat = move_seat(m)
            card = Card.parse(normalise_move(m).partition(":")[2])
            if seat != problem.to_play:
                raise ProblemError(problem.file, f"{prefix}.{key}",
                                   f"{m!r}: {SEAT_WORDS[problem.to_play]} is to play, not {SEAT_WORDS[seat]}")
            if not hands[seat][card.suit] >> card.rank & 1:
                raise ProblemError(problem.file, f"{prefix}.{key}", f"{m!r}: {SEAT_WORDS[seat]} does not hold {card}")


def check(problem: DealProblem, result: Result) -> tuple[list[str], dict[str, Any]]:
    """Mismatches between ``result`` and ``expect:``."""
    return checks.check(problem.expect, result), {}


def describe(problem: DealProblem, solver: str) -> str:
    return checks.describe(problem.expect, solver)
