"""Result types and the one JSON form of every result."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class MoveValue:
    """A distinct first play and the best value of a line starting with it."""

    move: str
    probability: float | None  # chance of the target (None when maximising tricks)
    expected_tricks: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Split:
    """One row of the verification table (Encyclopedia style): a West-East split."""

    west: int
    east: int
    probability: float
    cases: int
    successes: int | None
    contribution: float
    holdings: list[str]


@dataclass
class Result:
    problem: str
    file: str
    kind: str
    solver: str
    target: int | str | None
    probability: float | None
    moves: list[MoveValue]
    splits: list[Split] = field(default_factory=list)
    strategy: list[dict[str, Any]] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    objective: str = "target"
    expected_tricks: float | None = None
    table: list[dict[str, Any]] = field(default_factory=list)  # tricks: max -> one row per target
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def best_moves(self) -> list[str]:
        """First plays tied with the best (within 1e-9)."""
        if not self.moves:
            return []
        key = "probability" if self.probability is not None else "expected_tricks"
        best = getattr(self.moves[0], key)
        if best is None:
            return [self.moves[0].move]
        return [m.move for m in self.moves if getattr(m, key) is not None and getattr(m, key) >= best - 1e-9]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "problem": self.problem,
            "file": self.file,
            "kind": self.kind,
            "solver": self.solver,
            "target": self.target,
            "objective": self.objective,
            "probability": self.probability,
            "expected_tricks": self.expected_tricks,
            "moves": [
                {k: v for k, v in asdict(m).items() if k != "extra" and (v is not None or k == "probability")}
                | m.extra
                for m in self.moves
            ],
            "splits": [asdict(s) for s in self.splits],
            "strategy": self.strategy,
            "stats": self.stats,
        }
        if self.table:
            out["table"] = self.table
        out.update(self.extra)
        return out
