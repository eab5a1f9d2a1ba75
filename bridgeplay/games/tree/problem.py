"""Explicit game trees in the best defence model (``kind: tree``): the type and its loader.

A *tree problem* is what Frank & Basin (Artificial Intelligence 100, 1998) draw as a
"flattened" tree: a chance move at the root picks a *world* with a known probability;
below it one tree of MAX and MIN nodes is shared by every world, and each leaf holds a
payoff *vector* with one entry per world.  MIN (the defence) knows the world and
chooses after MAX (assumptions A-I, A-II); MAX plays a pure strategy, one move per
*information set* (A-III).

YAML shape (``kind: tree``)::

    name: Frank & Basin Fig. 7
    kind: tree
    worlds: 5                    # 5 equally likely worlds w1..w5; or a list of names
                                 # (equally likely); or {w1: 0.5, w2: 1/4, w3: 1/4}
    target: 1                    # optional: the payoff the threshold scoring asks for
                                 # (default: the largest payoff in the tree)
    tree:
      min: a                     # a MIN node (the name is only for display)
      children:                  # move label -> subtree, in order (branch 1, 2, ...)
        b:
          max: b                 # a MAX node; `b` names its information set
          children:
            "1": [1, 1, 1, 0, 0] # a leaf: one payoff per world, in the order of `worlds`
            "2": [0, 0, 0, 1, 1]
        c:
          max: c
          children:
            "1": [0, 0, 1, 1, 1]
            "2": 0               # a number: the same payoff in every world
    expect: {...}                # optional, see below

Nodes:

- leaf: a list of payoffs (``null`` allowed for a world in which the leaf cannot be
  reached), a single number, or ``{payoff: ..., worlds: [...]}``;
- ``{max: LABEL, children: {...}}``: MAX nodes with the same LABEL form one
  information set (MAX cannot tell them apart): they must offer the same moves (matched
  by label) and have the same history of MAX decisions (perfect recall).  ``max: null``
  (or an empty ``max:``) is a MAX node that is its own information set; it is named by
  its path, e.g. ``@a.b``.  An information set is reached in the union of the worlds of
  its nodes;
- ``{min: NAME, children: {...}}``: a MIN node.  A MIN move that exists only in some
  worlds (a defender can only play a card he holds) carries ``worlds: [w1, w3]`` in the
  child: the child is then reached only in those worlds, and in every world that reaches
  the MIN node at least one move must remain.

``expect:`` (for ``check_expect`` and ``bridgeplay batch --check``) maps solver keys
(``esm``, ``pareto``, ``mm``, ``vector``, ``prm``, ``repeated-levy``,
``repeated-ginsberg``, ``repeated-threshold``) to ``{move, moves (any of), strategy
({label: move}), estimate, true_value, tied}``; numbers may be written ``2/5``;
``tolerance`` (default 1e-9) applies to all.  ``move`` is the root move when the root is
a MAX node, otherwise the whole line written ``b:1 c:2`` (information set:move, in the
order play meets them, only the sets the line can reach).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.errors import ProblemError, shown
from bridgeplay.yamlio import check_fields, name_field

MAX, MIN, LEAF = "max", "min", "leaf"
SCORINGS = ("levy", "ginsberg", "threshold")
EXPECT_SOLVERS = ("esm", "pareto", "mm", "vector", "prm") + tuple(f"repeated-{s}" for s in SCORINGS)
MAX_WORLDS = config.TREE_MAX_WORLDS

_TREE_FIELDS = {"name", "kind", "worlds", "tree", "target", "source", "expect", "notes", "note", "description"}
_EXPECT_FIELDS = {"move", "moves", "strategy", "estimate", "true_value", "tied"}


# --------------------------------------------------------------------------- model
@dataclass(frozen=True, eq=False)
class Node:
    """One node of the flattened tree.

    ``reach`` is the boolean mask of the worlds in which play can arrive here (a MIN move
    restricted to some worlds narrows it).  ``payoff`` (leaves) has NaN in worlds that do
    not reach the leaf.  ``infoset`` indexes ``TreeProblem.infosets`` for MAX nodes.
    """

    index: int
    kind: str
    name: str | None
    moves: tuple[str, ...]
    children: tuple[int, ...]
    parent: int
    path: tuple[str, ...]
    field: str
    reach: np.ndarray
    infoset: int = -1
    payoff: np.ndarray | None = None


@dataclass(frozen=True, eq=False)
class InfoSet:
    """MAX nodes MAX cannot tell apart: one choice of move for all of them."""

    index: int
    label: str
    moves: tuple[str, ...]
    nodes: tuple[int, ...]
    reach: np.ndarray


@dataclass(frozen=True, eq=False)
class TreeProblem:
    """A validated tree problem; node 0 is the root (below the chance move over worlds)."""

    name: str
    worlds: tuple[str, ...]
    probs: np.ndarray
    nodes: tuple[Node, ...]
    infosets: tuple[InfoSet, ...]
    target: float | None = None
    source: str = ""
    file: str = ""
    expect: dict[str, Any] = field(default_factory=dict)
    kind: str = "tree"

    @property
    def root(self) -> Node:
        return self.nodes[0]

    @property
    def title(self) -> str:
        return f"{self.name} ({len(self.worlds)} worlds, {len(self.infosets)} MAX information sets)"

    @property
    def single_node_infosets(self) -> bool:
        return all(len(i.nodes) == 1 for i in self.infosets)

    def infoset_by_label(self, label: str) -> InfoSet:
        for i in self.infosets:
            if i.label == label:
                return i
        raise KeyError(label)

    def max_payoff(self) -> float:
        vals = [np.nanmax(n.payoff) for n in self.nodes if n.kind == LEAF and not np.all(np.isnan(n.payoff))]
        return float(max(vals)) if vals else 0.0


# --------------------------------------------------------------------------- loading
def _number(value: Any, path: str, fld: str, what: str = "a number") -> float:
    """A number written as int, float or a fraction string like ``2/5``."""
    if isinstance(value, bool):
        raise ProblemError(path, fld, f"expected {what}, got {shown(value)}")
    if isinstance(value, int | float):
        if isinstance(value, float) and not np.isfinite(value):
            raise ProblemError(path, fld, f"expected {what}, got {shown(value)}")
        return float(value)
    if isinstance(value, str):
        try:
            return float(Fraction(value.strip()))
        except (ValueError, ZeroDivisionError):
            pass
    raise ProblemError(path, fld, f"expected {what}, got {shown(value)}")


def _parse_worlds(raw: Any, path: str) -> tuple[tuple[str, ...], np.ndarray]:
    if raw is None:
        raise ProblemError(path, "worlds", "missing field (a number of equally likely worlds, or {name: probability})")
    if isinstance(raw, bool):
        raise ProblemError(path, "worlds", f"expected a number of worlds or a mapping, got {shown(raw)}")
    if isinstance(raw, int):
        if not 1 <= raw <= MAX_WORLDS:
            raise ProblemError(path, "worlds", f"{raw} worlds (1 to {MAX_WORLDS})")
        return tuple(f"w{i + 1}" for i in range(raw)), np.full(raw, 1.0 / raw)
    if isinstance(raw, list):
        names = tuple(str(x) for x in raw)
        probs = np.full(len(names), 1.0 / max(1, len(names)))
    elif isinstance(raw, dict):
        names = tuple(str(x) for x in raw)
        probs = np.array([_number(v, path, f"worlds.{k}", "a probability") for k, v in raw.items()], dtype=float)
        if np.any(probs <= 0):
            raise ProblemError(path, "worlds", "every world needs a positive probability")
        total = float(probs.sum())
        if abs(total - 1.0) > 1e-6:
            raise ProblemError(path, "worlds", f"probabilities sum to {total:.6g}, not 1")
        probs = probs / total
    else:
        raise ProblemError(path, "worlds", f"expected a number of worlds or a mapping, got {type(raw).__name__}")
    if not names:
        raise ProblemError(path, "worlds", "no worlds")
    if len(names) > MAX_WORLDS:
        raise ProblemError(path, "worlds", f"{len(names)} worlds (at most {MAX_WORLDS})")
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ProblemError(path, "worlds", f"world {shown(dup)} is named twice")
    return names, probs


class _Builder:
    def __init__(self, path: str, worlds: tuple[str, ...]) -> None:
        self.path = path
        self.worlds = worlds
        self.nw = len(worlds)
        self.index = {w: i for i, w in enumerate(worlds)}
        self.raw: list[dict[str, Any]] = []  # mutable node records

    def fail(self, fld: str, msg: str) -> ProblemError:
        return ProblemError(self.path, fld, msg)

    def world_mask(self, raw: Any, fld: str) -> np.ndarray:
        names = [raw] if isinstance(raw, str | int) and not isinstance(raw, bool) else raw
        if not isinstance(names, list) or not names:
            raise self.fail(fld, "expected a list of world names")
        mask = np.zeros(self.nw, dtype=bool)
        for name in names:
            key = str(name)
            if key not in self.index:
                raise self.fail(fld, f"unknown world {shown(key)} (worlds: {', '.join(self.worlds)})")
            mask[self.index[key]] = True
        return mask

    def payoff(self, raw: Any, fld: str, reach: np.ndarray) -> np.ndarray:
        if isinstance(raw, list):
            if len(raw) != self.nw:
                raise self.fail(fld, f"{len(raw)} payoffs for {self.nw} worlds")
            out = np.full(self.nw, np.nan)
            for i, v in enumerate(raw):
                if v is None:
                    if reach[i]:
                        raise self.fail(fld, f"no payoff in world {self.worlds[i]}, which reaches this leaf")
                    continue
                out[i] = _number(v, self.path, fld, "a payoff")
            return np.where(reach, out, np.nan)
        value = _number(raw, self.path, fld, "a payoff, a list of payoffs or a node")
        return np.where(reach, value, np.nan)

    def node(self, raw: Any, fld: str, parent: int, parent_kind: str | None, reach: np.ndarray,
             path: tuple[str, ...]) -> int:
        """Build the subtree ``raw`` (nodes numbered in preorder); returns its root's index.

        Walked with an explicit stack, not recursion: a subtree shared through a YAML alias is built once
        per place it stands, a subtree that contains itself is refused, and so is a tree deeper than
        :data:`config.TREE_MAX_DEPTH` plies (the solvers recurse along a line of play).
        """
        root = len(self.raw)
        on_path: set[int] = set()
        mins: list[int] = []
        stack: list[tuple[Any, ...]] = [("enter", raw, fld, parent, parent_kind, reach, path)]
        while stack:
            item = stack.pop()
            if item[0] == "exit":
                on_path.discard(item[1])
                continue
            _, raw, fld, parent, parent_kind, reach, path = item
            if len(path) > config.TREE_MAX_DEPTH:
                raise self.fail("tree", f"the tree is deeper than {config.TREE_MAX_DEPTH} moves")
            idx = self.enter(raw, fld, parent, parent_kind, reach, path)
            if parent >= 0:
                self.raw[parent]["children"].append(idx)
            rec = self.raw[idx]
            if rec["kind"] == LEAF:
                continue
            if id(raw) in on_path:
                raise self.fail(fld, "this subtree contains itself (an alias of a node above it)")
            on_path.add(id(raw))
            if rec["kind"] == MIN:
                mins.append(idx)
            stack.append(("exit", id(raw)))
            for move, sub in reversed(list(raw["children"].items())):
                stack.append(("enter", sub, f"{fld}.children.{move}", idx, rec["kind"], rec["reach"],
                              path + (str(move),)))
        for i in range(root, len(self.raw)):
            self.raw[i]["children"] = tuple(self.raw[i]["children"])
        for idx in reversed(mins):
            rec = self.raw[idx]
            covered = np.zeros(self.nw, dtype=bool)
            for k in rec["children"]:
                covered |= self.raw[k]["reach"]
            missing = rec["reach"] & ~covered
            if missing.any():
                w = self.worlds[int(np.argmax(missing))]
                raise self.fail(f"{rec['field']}.children", f"in world {w} MIN has no move here")
        return root

    def enter(self, raw: Any, fld: str, parent: int, parent_kind: str | None, reach: np.ndarray,
              path: tuple[str, ...]) -> int:
        """One node's record (its children are added as they are built)."""
        rec: dict[str, Any] = {"parent": parent, "path": path, "field": fld, "children": []}
        idx = len(self.raw)
        self.raw.append(rec)
        if isinstance(raw, dict):
            keys = set(raw)
            kinds = [k for k in ("max", "min", "payoff") if k in keys]
            if len(kinds) != 1:
                raise self.fail(fld, "a node has exactly one of max:, min: (with children:) or payoff:")
            allowed = {"max", "min", "children", "worlds", "name"} if kinds[0] != "payoff" else {"payoff", "worlds"}
            extra = sorted(keys - allowed)
            if extra:
                raise self.fail(f"{fld}.{extra[0]}", "unknown field")
            if "worlds" in raw:
                if parent_kind != MIN:
                    raise self.fail(f"{fld}.worlds", "only a MIN node's move can be restricted to some worlds")
                reach = reach & self.world_mask(raw["worlds"], f"{fld}.worlds")
                if not reach.any():
                    raise self.fail(f"{fld}.worlds", "this move is possible in no world that reaches its MIN node")
            rec["reach"] = reach
            if kinds[0] == "payoff":
                rec.update(kind=LEAF, name=None, moves=(), payoff=self.payoff(raw["payoff"], fld, reach))
                return idx
            kind = kinds[0]
            name = raw[kind]
            if name is not None and not isinstance(name, str | int | float):
                raise self.fail(f"{fld}.{kind}", "expected a label")
            children = raw.get("children")
            if not isinstance(children, dict) or not children:
                raise self.fail(f"{fld}.children", "a MAX or MIN node needs a mapping of moves to subtrees")
            moves = tuple(str(k) for k in children)
            if len(set(moves)) != len(moves):
                raise self.fail(f"{fld}.children", "a move label is used twice")
            rec.update(kind=kind, name=None if name in (None, "") else str(name), moves=moves, payoff=None)
            return idx
        rec["reach"] = reach
        rec.update(kind=LEAF, name=None, moves=(), payoff=self.payoff(raw, fld, reach))
        return idx


def load_tree_problem(data: dict[str, Any], path: str = "<tree>") -> TreeProblem:
    """Validate a ``kind: tree`` mapping; every error is a :class:`ProblemError` naming the field."""
    check_fields(data, _TREE_FIELDS, path, "a tree problem")
    worlds, probs = _parse_worlds(data.get("worlds"), path)
    if "tree" not in data or data["tree"] is None:
        raise ProblemError(path, "tree", "missing field (the root node)")
    b = _Builder(path, worlds)
    b.node(data["tree"], "tree", -1, None, np.ones(len(worlds), dtype=bool), ())

    # information sets: labelled MAX nodes grouped by label, the others alone
    groups: dict[str, list[int]] = {}
    order: list[str] = []
    for i, rec in enumerate(b.raw):
        if rec["kind"] != MAX:
            continue
        label = rec["name"] if rec["name"] is not None else "@" + (".".join(rec["path"]) or "root")
        if rec["name"] is not None and label.startswith("@"):
            raise b.fail(f"{rec['field']}.max", "labels starting with @ are reserved for unlabelled nodes")
        if label not in groups:
            groups[label] = []
            order.append(label)
        groups[label].append(i)

    def history(i: int) -> tuple[tuple[str, str], ...]:
        out = []
        child, node = i, b.raw[i]["parent"]
        while node >= 0:
            rec = b.raw[node]
            if rec["kind"] == MAX:
                out.append((rec["label"], rec["moves"][rec["children"].index(child)]))
            child, node = node, rec["parent"]
        return tuple(reversed(out))

    for label in order:
        for i in groups[label]:
            b.raw[i]["label"] = label
    infosets: list[InfoSet] = []
    for k, label in enumerate(order):
        members = groups[label]
        first = b.raw[members[0]]
        moves = first["moves"]
        hist = history(members[0])
        reach = np.zeros(len(worlds), dtype=bool)
        for i in members:
            rec = b.raw[i]
            if set(rec["moves"]) != set(moves):
                raise b.fail(
                    f"{rec['field']}.children",
                    f"information set {shown(label)} offers moves {', '.join(moves)} at {first['field']} "
                    f"but {', '.join(rec['moves'])} here",
                )
            if rec["moves"] != moves:  # reorder to the set's move order
                pos = {m: j for j, m in enumerate(rec["moves"])}
                rec["children"] = tuple(rec["children"][pos[m]] for m in moves)
                rec["moves"] = moves
            if history(i) != hist:
                raise b.fail(
                    f"{rec['field']}.max",
                    f"information set {shown(label)}: MAX's own earlier moves differ from those at {first['field']} "
                    "(perfect recall)",
                )
            rec["infoset"] = k
            reach |= rec["reach"]
        infosets.append(InfoSet(k, label, moves, tuple(members), reach))

    nodes = tuple(
        Node(
            index=i,
            kind=rec["kind"],
            name=rec["name"],
            moves=rec["moves"],
            children=rec["children"],
            parent=rec["parent"],
            path=rec["path"],
            field=rec["field"],
            reach=rec["reach"],
            infoset=rec.get("infoset", -1),
            payoff=rec["payoff"],
        )
        for i, rec in enumerate(b.raw)
    )
    target = data.get("target")
    if target is not None:
        target = _number(target, path, "target")
    name = name_field(data, path)
    expect = _parse_expect(data.get("expect"), path)
    return TreeProblem(
        name=name,
        worlds=worlds,
        probs=probs,
        nodes=nodes,
        infosets=tuple(infosets),
        target=target,
        source=str(data.get("source", "")),
        file=path,
        expect=expect,
    )


def _parse_expect(raw: Any, path: str) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ProblemError(path, "expect", "expected a mapping of solver names to expected results")
    out: dict[str, Any] = {}
    for key, spec in raw.items():
        fld = f"expect.{key}"
        if key == "tolerance":
            out["tolerance"] = _number(spec, path, fld)
            continue
        if key not in EXPECT_SOLVERS:
            raise ProblemError(path, fld, f"unknown solver (one of: tolerance, {', '.join(EXPECT_SOLVERS)})")
        if not isinstance(spec, dict):
            raise ProblemError(path, fld, "expected a mapping (move, moves, strategy, estimate, true_value, tied)")
        extra = sorted(set(spec) - _EXPECT_FIELDS)
        if extra:
            raise ProblemError(path, f"{fld}.{extra[0]}", f"unknown field ({', '.join(sorted(_EXPECT_FIELDS))})")
        item: dict[str, Any] = {}
        for k, v in spec.items():
            if k in ("estimate", "true_value"):
                item[k] = None if v is None else _number(v, path, f"{fld}.{k}")
            elif k == "move":
                item[k] = None if v is None else str(v)
            elif k in ("moves", "tied"):
                if not isinstance(v, list):
                    raise ProblemError(path, f"{fld}.{k}", "expected a list of moves")
                item[k] = [str(x) for x in v]
            else:  # strategy
                if not isinstance(v, dict):
                    raise ProblemError(path, f"{fld}.{k}", "expected {information set: move}")
                item[k] = {str(a): str(c) for a, c in v.items()}
        out[key] = item
    return out
