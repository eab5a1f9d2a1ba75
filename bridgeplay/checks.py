"""Checking a :class:`~bridgeplay.result.Result` against a problem's ``expect:`` block (suits and deals).

How ``expect:`` is checked:

* ``probability``, ``expected_tricks``: within ``tolerance`` (default :data:`config.EXPECT_TOLERANCE`);
* ``table: {tricks: probability}`` (``tricks: max``): every row listed must be present and within
  the tolerance (rows not listed are not checked);
* ``moves: [N:A, S:x]``: the acceptable best first plays.  The check passes when the solver's best
  first plays (all plays tied with the best, :attr:`Result.best_moves`) and this list have at least
  one play in common: a file need not list every equally good play, and a solver need not report
  every one either;
* ``not_moves``: plays that must not be among the best;
* ``values: {move: probability}``: the value of each first play listed (solvers that value every play);
* ``solvers: {name: {...}}``: entries for one solver that replace the top-level ones for it (e.g. a
  heuristic solver's own probability); the top-level ``tolerance`` is inherited;
* ``note`` only: nothing to check.

A kind passes its own move normaliser (single suits write a small card ``x``); trees have their own
expectations (:mod:`bridgeplay.games.tree.expect`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from bridgeplay import config
from bridgeplay.cards import normalise_move
from bridgeplay.result import Result

CHECKED_KEYS = ("probability", "expected_tricks", "table", "moves", "not_moves", "values")


def expectation(expect: Mapping[str, Any], solver: str) -> dict[str, Any]:
    """The expectations for ``solver``: the top-level entries, replaced by ``solvers: {solver: ...}``."""
    out = {k: v for k, v in expect.items() if k not in ("solvers", "note")}
    per = (expect.get("solvers") or {}).get(solver)
    if per:
        out.update(per)
    return out


def checkable(expect: Mapping[str, Any], solver: str) -> bool:
    """Whether ``expect:`` holds anything to check for ``solver``."""
    spec = expectation(expect, solver)
    return any(k in spec for k in CHECKED_KEYS)


def _fmt(x: float | None, digits: int = 6) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _moves(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def check(expect: Mapping[str, Any], result: Result, normalise: Callable[[str], str] = normalise_move) -> list[str]:
    """Mismatches between ``result`` and ``expect:`` (empty: all hold)."""
    spec = expectation(expect, result.solver)
    tol = float(spec.get("tolerance", config.EXPECT_TOLERANCE))
    errors: list[str] = []

    def near(got: float | None, want: float) -> bool:
        return got is not None and not math.isnan(got) and abs(got - want) <= tol + 1e-12

    if "probability" in spec:
        want = float(spec["probability"])
        if not near(result.probability, want):
            errors.append(f"probability {_fmt(result.probability)}, expected {want:g} ± {tol:g}")
    if "expected_tricks" in spec:
        want = float(spec["expected_tricks"])
        if not near(result.expected_tricks, want):
            errors.append(f"expected tricks {_fmt(result.expected_tricks)}, expected {want:g} ± {tol:g}")
    if "table" in spec:
        rows = {int(r["tricks"]): r.get("probability") for r in (result.table or [])}
        for t, want in sorted(spec["table"].items()):
            if t not in rows:
                errors.append(f"table: no row for {t} tricks")
            elif not near(rows[t], float(want)):
                errors.append(f"table: {t} tricks {_fmt(rows[t])}, expected {float(want):g} ± {tol:g}")
    best = [normalise(m) for m in result.best_moves]
    if "moves" in spec:
        moves = _moves(spec["moves"])
        if not best:
            errors.append("moves: the result names no first play")
        elif not {normalise(m) for m in moves} & set(best):
            errors.append(f"best first plays {', '.join(dict.fromkeys(best))}, expected one of {', '.join(moves)}")
    if "not_moves" in spec:
        wrong = [m for m in _moves(spec["not_moves"]) if normalise(m) in best]
        if wrong:
            errors.append(f"best first plays include {', '.join(wrong)}, expected not")
    if "values" in spec:
        values = {normalise(m.move): (m.probability if result.probability is not None else m.expected_tricks)
                  for m in result.moves}
        for move, want in spec["values"].items():
            got = values.get(normalise(move))
            if not near(got, float(want)):
                errors.append(f"values: {move} {_fmt(got)}, expected {float(want):g} ± {tol:g}")
    return errors


def describe(expect: Mapping[str, Any], solver: str) -> str:
    """The expectation in a few words, for the batch summary."""
    spec = expectation(expect, solver)
    parts = []
    tol = spec.get("tolerance", config.EXPECT_TOLERANCE)
    if "probability" in spec:
        parts.append(f"{float(spec['probability']):.4f} ±{tol:g}")
    if "expected_tricks" in spec:
        parts.append(f"{float(spec['expected_tricks']):.4f} tricks ±{tol:g}")
    if "table" in spec:
        parts.append(" ".join(f"{t}:{float(p):.3f}" for t, p in sorted(spec["table"].items())))
    if "moves" in spec:
        parts.append("|".join(_moves(spec["moves"])))
    if not parts and "note" in expect:
        parts.append("(note only)")
    return " ".join(parts)
