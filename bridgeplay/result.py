"""One :class:`Result` for every kind of problem and every solver, and its one JSON form.

``Result.to_json()`` is what ``bridgeplay solve --json`` prints and what every line of ``bridgeplay
batch --json`` starts from; ``bridgeplay/schema/result.json`` describes it (a test validates every
bundled problem's output against it).  The keys every result has, in this order:

``problem, file, kind, solver, method, exact, why, target, objective, value, probability,
expected_tricks, moves, splits, strategy, stats, stopped``

* ``method``: what ran, in words ("exact best defence over every layout", "repeated minimaxing, double
  dummy per sampled layout", ...); ``why``: why that method ran when the user named no solver (the
  kind's default and its reason), else null.
* ``exact``: true only when ``value`` is exact: the worth of the line reported against best defence,
  computed over every world, with no sampling and no double-dummy estimate in it.
* ``value``: the number the solver reports for its line, in the problem's units: the chance of the
  target (then also ``probability``), the expected tricks (then also ``expected_tricks``), or a
  tree's expected payoff.  Probabilities are clamped to [0, 1] and rounded to 1e-12.
* ``stopped``: null, or ``"time limit"`` when ``--time-limit`` cut the work short (``exact`` is then
  false, and the result is what was finished: fewer sampled layouts, a shallower search).
* ``moves``: the distinct first plays, best first, each ``{move, probability[, expected_tricks, ...]}``.
* ``splits``: the verification table, ``strategy``: the line (a tree of decisions; for ``kind: tree``
  a mapping from information set to move).
* A heuristic adds ``estimate`` (what it believes its line is worth) and ``true_value`` (its line
  against best defence); a tree result adds ``move`` and ``tied``; ``tricks: max`` adds ``table``;
  a sampling solver adds ``samples, seed, confidence, interval``.  Other solver details follow.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

PROBABILITY_DIGITS = 12


def clamp_probability(p: float | None) -> float | None:
    """A probability clamped to [0, 1] and rounded to 1e-12 (floating sums drift by a few ulps)."""
    if p is None:
        return None
    p = float(p)
    if math.isnan(p):
        return p
    return round(min(1.0, max(0.0, p)), PROBABILITY_DIGITS)


def _rounded(x: float | None) -> float | None:
    """A value rounded to 1e-12 (floating sums drift by a few ulps: 2.0000000000000084 tricks is 2)."""
    return None if x is None or math.isnan(x) else round(float(x), PROBABILITY_DIGITS)


def jsonable(x: Any) -> Any:
    """Numpy scalars and arrays (inside dicts and lists too) as plain JSON values."""
    if hasattr(x, "tolist"):
        return x.tolist()
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [jsonable(v) for v in x]
    return x


@dataclass
class MoveValue:
    """A distinct first play and the best value of a line starting with it."""

    move: str
    probability: float | None  # chance of the target (None when maximising tricks, or not known)
    expected_tricks: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self.move, "probability": clamp_probability(self.probability)}
        if self.expected_tricks is not None:
            out["expected_tricks"] = _rounded(self.expected_tricks)
        for key, value in self.extra.items():
            out[key] = _clean_interval(key, value, self.probability is not None)
        return out


@dataclass
class Split:
    """One row of the verification table (Encyclopedia style): a West-East split."""

    west: int | str
    east: int | str
    probability: float
    cases: int
    successes: int | None
    contribution: float
    holdings: list[str]

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["probability"] = clamp_probability(self.probability)
        return out


def _clean_interval(key: str, value: Any, as_probability: bool) -> Any:
    if key == "interval" and value is not None and as_probability:
        return [clamp_probability(v) for v in value]
    return jsonable(value)


def _clean_strategy(nodes: Any) -> Any:
    if not isinstance(nodes, list):
        return nodes
    out = []
    for node in nodes:
        node = dict(node)
        if "probability" in node:
            node["probability"] = clamp_probability(node["probability"])
        if "then" in node:
            node["then"] = _clean_strategy(node["then"])
        out.append(node)
    return out


@dataclass
class Result:
    """What a solver found, for any kind of problem (see the module's docstring for the fields)."""

    problem: str
    file: str
    kind: str
    solver: str
    method: str = ""
    exact: bool = False
    why: str | None = None
    target: int | float | str | None = None
    objective: str = "target"
    probability: float | None = None
    expected_tricks: float | None = None
    moves: list[MoveValue] = field(default_factory=list)
    splits: list[Split] = field(default_factory=list)
    strategy: list[dict[str, Any]] | dict[str, str] | None = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    table: list[dict[str, Any]] = field(default_factory=list)  # tricks: max -> one row per target
    estimate: float | None = None  # a heuristic's own belief in its line
    true_value: float | None = None  # its line against best defence
    move: str | None = None  # kind: tree -- the root move or the whole line
    tied: list[str] | None = None  # kind: tree -- the choices rated equal best at the first decision
    extra: dict[str, Any] = field(default_factory=dict)
    payoff: float | None = None  # kind: tree -- the expected payoff when it is not a probability
    stopped: str | None = None  # "time limit" when a budget cut the work short (value is then what was done)

    @property
    def value(self) -> float | None:
        """The number the solver reports for its line: chance, expected tricks or expected payoff."""
        for v in (self.probability, self.expected_tricks, self.payoff):
            if v is not None:
                return v
        return None

    @property
    def best_moves(self) -> list[str]:
        """First plays tied with the best (within 1e-9); a tree result's move."""
        if not self.moves:
            return [self.move] if self.move else []
        key = "probability" if self.probability is not None else "expected_tricks"
        best = getattr(self.moves[0], key)
        if best is None:
            return [self.moves[0].move]
        return [m.move for m in self.moves if getattr(m, key) is not None and getattr(m, key) >= best - 1e-9]

    def summary(self) -> str:
        """The result in a few words: chance (or tricks, or the table) and the best first plays."""
        if self.table:
            return " ".join(f"{r['tricks']}:{r['probability']:.3f}" for r in self.table)
        if self.move is not None:
            text = f"{self.move} est {self.estimate:.4f}" if self.estimate is not None else f"{self.move}"
            return text + (f" true {self.true_value:.4f}" if self.true_value is not None else "")
        if self.probability is not None:
            head = f"{self.probability:.6f}"
        elif self.expected_tricks is not None:
            head = f"{self.expected_tricks:.4f} tricks"
        else:
            head = "—"
        best = self.best_moves
        return f"{head} {' '.join(best)}" if best else head

    def to_json(self) -> dict[str, Any]:
        """The one JSON form (``schema/result.json``)."""
        as_prob = self.probability is not None
        value = self.value
        out: dict[str, Any] = {
            "problem": self.problem,
            "file": self.file,
            "kind": self.kind,
            "solver": self.solver,
            "method": self.method,
            "exact": bool(self.exact),
            "why": self.why,
            "target": self.target,
            "objective": self.objective,
            "value": clamp_probability(value) if as_prob else _rounded(value),
            "probability": clamp_probability(self.probability),
            "expected_tricks": _rounded(self.expected_tricks),
            "moves": [m.to_json() for m in self.moves],
            "splits": [s.to_json() for s in self.splits],
            "strategy": _clean_strategy(self.strategy),
            "stats": jsonable(self.stats),
            "stopped": self.stopped,
        }
        if self.table:
            out["targets"] = [{**row, "probability": clamp_probability(row.get("probability"))} for row in self.table]
        for key in ("estimate", "true_value"):
            v = getattr(self, key)
            if v is not None:
                out[key] = clamp_probability(v) if as_prob else float(v)
        if self.move is not None:
            out["move"] = self.move
        if self.tied is not None:
            out["tied"] = list(self.tied)
        for key, v in self.extra.items():
            if key not in out:
                out[key] = _clean_interval(key, v, as_prob)
        return out
