"""One-player games with information sets (``kind: imp``): the type and its YAML loader.

van Lent & Mutchler's games: a single player (MAX) against chance.  Chance nodes pick a child with known
probabilities; MAX nodes carry an information set label, and MAX must choose the same alternative at every
node of an information set; leaves hold integer payoffs, all at most the upper bound ``U`` that
IMP-alpha-beta prunes with.  The game must have *perfect recall*: the nodes of one information set follow the
same earlier MAX moves (the same information sets, the same alternatives), and offer the same alternatives.

YAML shape::

    name: van Lent & Mutchler Fig. 2
    kind: imp
    U: 10                           # upper bound on every payoff (an integer)
    tree:
      chance:                       # a chance node: its children, equally likely ...
        - max: I                    # a MAX node of information set I
          children: {left: 9, right: 2}     # alternative -> subtree; a leaf is an integer payoff
        - max: I
          children: {left: 7, right: 10}
      # probabilities: [1/2, 1/2]   # ... or with these probabilities (fractions or decimals, summing to 1)
    expect:                         # optional (bridgeplay batch --check)
      value: 8                      # the game's value; a fraction such as 34/7 is compared exactly
      strategy: {I: left}           # the optimal strategy, at the information sets it reaches
      leaves: {imp-alpha-beta: 3, imp-minimax: 4}   # leaves each solver examines

Probabilities are kept as exact fractions (:class:`fractions.Fraction`); the solvers scale them by the least
common multiple of their denominators and count in integers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from bridgeplay import config
from bridgeplay.errors import ProblemError, shown
from bridgeplay.yamlio import check_fields, name_field

CHANCE, MAX, LEAF = "chance", "max", "leaf"
SOLVER_NAMES = ("imp-minimax", "imp-alpha-beta")

_FIELDS = {"name", "kind", "U", "tree", "source", "expect", "notes", "note", "description"}
_EXPECT_FIELDS = ("value", "strategy", "leaves", "tolerance")


@dataclass(frozen=True)
class ImpProblem:
    """A validated one-player game; node 0 is the root.  Per node (tuples indexed by node number): its kind,
    children, the probabilities of a chance node's children, a MAX node's alternatives and information set,
    a leaf's payoff, and its probability ``prob`` (the product of the chance probabilities above it)."""

    name: str
    kinds: tuple[str, ...]
    children: tuple[tuple[int, ...], ...]
    chance_probs: tuple[tuple[Fraction, ...], ...]
    moves: tuple[tuple[str, ...], ...]
    infoset: tuple[str | None, ...]
    payoff: tuple[int | None, ...]
    prob: tuple[Fraction, ...]
    upper: int
    source: str = ""
    file: str = ""
    expect: dict[str, Any] = field(default_factory=dict)
    kind: str = "imp"

    @property
    def size(self) -> int:
        return len(self.kinds)

    @property
    def leaves(self) -> int:
        return sum(1 for x in self.kinds if x == LEAF)

    @property
    def infosets(self) -> dict[str, tuple[str, ...]]:
        """Each information set's label and its alternatives, in order of first appearance."""
        out: dict[str, tuple[str, ...]] = {}
        for i, label in enumerate(self.infoset):
            if label is not None and label not in out:
                out[label] = self.moves[i]
        return out

    @property
    def scale(self) -> int:
        """The least common multiple of every node's probability's denominator: ``prob * scale`` is an integer."""
        return math.lcm(*(p.denominator for p in self.prob))


def _fraction(value: Any, path: str, fld: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ProblemError(path, fld, f"expected a probability such as 1/3 or 0.25, got {shown(value)}")
    try:
        f = Fraction(value.strip()) if isinstance(value, str) else Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise ProblemError(path, fld, f"expected a probability such as 1/3 or 0.25, got {shown(value)}") from None
    if isinstance(value, float):
        f = f.limit_denominator(10**9)
    if not 0 < f <= 1:
        raise ProblemError(path, fld, f"{shown(value)} is not a probability in (0, 1]")
    return f


class _Builder:
    def __init__(self, path: str, upper: int) -> None:
        self.path = path
        self.upper = upper
        self.kinds: list[str] = []
        self.children: list[list[int]] = []
        self.probs: list[tuple[Fraction, ...]] = []
        self.moves: list[tuple[str, ...]] = []
        self.infoset: list[str | None] = []
        self.payoff: list[int | None] = []
        self.prob: list[Fraction] = []
        self.field: list[str] = []
        self.parent: list[int] = []
        self.via: list[str | None] = []  # the alternative of the MAX parent that leads here

    def fail(self, fld: str, msg: str) -> ProblemError:
        return ProblemError(self.path, fld, msg)

    def new(self, kind: str, fld: str, parent: int, via: str | None, prob: Fraction) -> int:
        if len(self.kinds) >= config.IMP_MAX_NODES:
            raise self.fail(fld, f"more than {config.IMP_MAX_NODES:,} nodes")
        self.kinds.append(kind)
        self.children.append([])
        self.probs.append(())
        self.moves.append(())
        self.infoset.append(None)
        self.payoff.append(None)
        self.prob.append(prob)
        self.field.append(fld)
        self.parent.append(parent)
        self.via.append(via)
        return len(self.kinds) - 1

    def build(self, root: Any) -> None:
        # iterative, depth first, children in file order (node numbers are the order a search meets them)
        order: list[tuple[Any, str, int, str | None, Fraction, int]] = [(root, "tree", -1, None, Fraction(1), 0)]
        while order:
            raw, fld, parent, via, prob, depth = order.pop()
            if depth > config.TREE_MAX_DEPTH:
                raise self.fail(fld, f"deeper than {config.TREE_MAX_DEPTH} moves")
            kids = self.node(raw, fld, parent, via, prob)
            index = len(self.kinds) - 1
            for item in reversed(kids):
                sub, sub_fld, sub_via, sub_prob = item
                order.append((sub, sub_fld, index, sub_via, sub_prob, depth + 1))

    def node(self, raw: Any, fld: str, parent: int, via: str | None,
             prob: Fraction) -> list[tuple[Any, str, str | None, Fraction]]:
        if parent >= 0:
            self.children[parent].append(len(self.kinds))
        if isinstance(raw, bool) or isinstance(raw, float) and not raw.is_integer():
            raise self.fail(fld, f"a leaf's payoff is an integer, got {shown(raw)}")
        if isinstance(raw, int | float):
            value = int(raw)
            if value > self.upper:
                raise self.fail(fld, f"payoff {value} is above U = {self.upper}")
            i = self.new(LEAF, fld, parent, via, prob)
            self.payoff[i] = value
            return []
        if not isinstance(raw, dict):
            raise self.fail(fld, f"expected a payoff (an integer), {{chance: [...]}} or {{max: LABEL, children: "
                                 f"{{...}}}}, got {shown(raw)}")
        if "chance" in raw:
            check_fields(raw, {"chance", "probabilities"}, self.path, f"{fld} (a chance node)")
            kids = raw["chance"]
            if not isinstance(kids, list) or not kids:
                raise self.fail(f"{fld}.chance", "expected a non-empty list of subtrees")
            if "probabilities" in raw:
                ps = raw["probabilities"]
                if not isinstance(ps, list) or len(ps) != len(kids):
                    raise self.fail(f"{fld}.probabilities", f"expected a list of {len(kids)} probabilities")
                fracs = tuple(_fraction(p, self.path, f"{fld}.probabilities[{j}]") for j, p in enumerate(ps))
                if sum(fracs) != 1:
                    raise self.fail(f"{fld}.probabilities", f"they add up to {sum(fracs)}, not 1")
            else:
                fracs = tuple(Fraction(1, len(kids)) for _ in kids)
            i = self.new(CHANCE, fld, parent, via, prob)
            self.probs[i] = fracs
            return [(sub, f"{fld}.chance[{j}]", None, prob * fracs[j]) for j, sub in enumerate(kids)]
        if "max" in raw:
            check_fields(raw, {"max", "children"}, self.path, f"{fld} (a MAX node)")
            label = raw["max"]
            if isinstance(label, bool) or not isinstance(label, str | int) or str(label).strip() == "":
                raise self.fail(f"{fld}.max", f"expected an information set label, got {shown(label)}")
            kids = raw.get("children")
            if not isinstance(kids, dict) or not kids:
                raise self.fail(f"{fld}.children", "expected {alternative: subtree, ...} with at least one")
            i = self.new(MAX, fld, parent, via, prob)
            self.infoset[i] = str(label)
            self.moves[i] = tuple(str(m) for m in kids)
            return [(sub, f"{fld}.children.{m}", str(m), prob) for m, sub in kids.items()]
        raise self.fail(fld, "expected a payoff (an integer), {chance: [...]} or {max: LABEL, children: {...}}")

    def history(self, i: int) -> tuple[tuple[str, str], ...]:
        out: list[tuple[str, str]] = []
        while self.parent[i] >= 0:
            p = self.parent[i]
            if self.kinds[p] == MAX:
                out.append((str(self.infoset[p]), str(self.via[i])))
            i = p
        return tuple(reversed(out))

    def check_recall(self) -> None:
        first: dict[str, int] = {}
        for i, kind in enumerate(self.kinds):
            if kind != MAX:
                continue
            label = str(self.infoset[i])
            if label not in first:
                first[label] = i
                continue
            j = first[label]
            if self.moves[i] != self.moves[j]:
                raise self.fail(self.field[i], f"information set {label!r} offers {', '.join(self.moves[j])} at "
                                               f"{self.field[j]} but {', '.join(self.moves[i])} here")
            hi, hj = self.history(i), self.history(j)
            if hi != hj:
                def text(h: tuple[tuple[str, str], ...]) -> str:
                    return " ".join(f"{a}:{m}" for a, m in h) or "no earlier move"

                raise self.fail(self.field[i], f"information set {label!r} breaks perfect recall: this node follows "
                                               f"{text(hi)}, {self.field[j]} follows {text(hj)}")


def _parse_expect(raw: Any, path: str) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ProblemError(path, "expect", f"expected a mapping ({', '.join(_EXPECT_FIELDS)})")
    check_fields(raw, _EXPECT_FIELDS, path, "expect")
    out: dict[str, Any] = {}
    if "value" in raw:
        v = raw["value"]
        if isinstance(v, bool) or not isinstance(v, int | float | str):
            raise ProblemError(path, "expect.value", f"expected a number or a fraction such as 34/7, got {shown(v)}")
        try:
            out["value"] = Fraction(v.strip()) if isinstance(v, str) else v
        except (ValueError, ZeroDivisionError):
            raise ProblemError(path, "expect.value", f"expected a number or a fraction such as 34/7, "
                                                     f"got {shown(v)}") from None
    if "tolerance" in raw:
        t = raw["tolerance"]
        if isinstance(t, bool) or not isinstance(t, int | float) or not 0 <= t < 1:
            raise ProblemError(path, "expect.tolerance", f"expected a number in [0, 1), got {shown(t)}")
        out["tolerance"] = float(t)
    if "strategy" in raw:
        s = raw["strategy"]
        if not isinstance(s, dict) or not all(isinstance(m, str | int) and not isinstance(m, bool)
                                              for m in s.values()):
            raise ProblemError(path, "expect.strategy", "expected {information set: alternative}")
        out["strategy"] = {str(k): str(m) for k, m in s.items()}
    if "leaves" in raw:
        lv = raw["leaves"]
        if not isinstance(lv, dict):
            raise ProblemError(path, "expect.leaves",
                               f"expected {{solver: leaves examined}} ({', '.join(SOLVER_NAMES)})")
        for name, n in lv.items():
            if name not in SOLVER_NAMES:
                raise ProblemError(path, f"expect.leaves.{name}", f"unknown solver (one of: {', '.join(SOLVER_NAMES)})")
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ProblemError(path, f"expect.leaves.{name}", f"expected a number of leaves, got {shown(n)}")
        out["leaves"] = dict(lv)
    return out


def load_imp_problem(data: dict[str, Any], path: str = "<imp>") -> ImpProblem:
    """Validate a ``kind: imp`` mapping; every error is a :class:`ProblemError` naming the field."""
    check_fields(data, _FIELDS, path, "an imp problem")
    if "U" not in data:
        raise ProblemError(path, "U", "missing field (the upper bound on every payoff, an integer)")
    upper = data["U"]
    if isinstance(upper, bool) or not isinstance(upper, int):
        raise ProblemError(path, "U", f"expected an integer, got {shown(upper)}")
    if abs(upper) > config.IMP_MAX_PAYOFF:
        raise ProblemError(path, "U", f"{upper} is out of range (at most {config.IMP_MAX_PAYOFF:,} in size)")
    if "tree" not in data:
        raise ProblemError(path, "tree", "missing field (the root node)")
    source = data.get("source", "")
    if not isinstance(source, str):
        raise ProblemError(path, "source", "expected text")
    builder = _Builder(path, upper)
    builder.build(data["tree"])
    for i, v in enumerate(builder.payoff):
        if v is not None and abs(v) > config.IMP_MAX_PAYOFF:
            raise ProblemError(path, builder.field[i], f"payoff {v} is out of range")
    builder.check_recall()
    expect = _parse_expect(data.get("expect"), path)
    return ImpProblem(
        name=name_field(data, path), kinds=tuple(builder.kinds),
        children=tuple(tuple(c) for c in builder.children), chance_probs=tuple(builder.probs),
        moves=tuple(builder.moves), infoset=tuple(builder.infoset), payoff=tuple(builder.payoff),
        prob=tuple(builder.prob), upper=upper, source=source, file=path, expect=expect,
    )


__all__ = ["CHANCE", "LEAF", "MAX", "SOLVER_NAMES", "ImpProblem", "load_imp_problem"]
