"""Explicit game trees in the best defence model, and the search algorithms of Frank & Basin on them.

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

Solvers (all exhaustive over the worlds unless ``samples`` is given):

- ``esm``: exhaustive strategy minimisation (Fig. 4): enumerate MAX's pure strategies
  (one move per reachable information set; choices at unreachable sets are left out, the
  paper's ``_``), evaluate each against best defence, keep the best;
- ``pareto``: the same value without enumeration, backing up Pareto fronts of payoff
  vectors (trees whose information sets are single nodes only);
- ``mm``: Fig. 6 minimax ignoring information sets: Σ_w P(w)·minimax_w(root), an upper
  bound that is not a strategy;
- ``repeated``: repeated minimaxing as a policy: at every information set, each move i is
  scored from the perfect-information values e_ij of its child in the worlds j that reach
  the set (``levy``: Σ_j P_j e_ij; ``ginsberg``: Σ_j P_j [e_ij ≥ max_k e_kj];
  ``threshold``: Σ_j P_j [e_ij ≥ target]), best score played, ties to the first move;
  with ``samples=N`` the worlds are N draws (seeded, with replacement, with the
  probabilities restricted to the set's worlds) counted once each.  When the set has
  several nodes (MAX did not see a MIN move), every (node, world) pair counts.  Its estimate is what
  it believes the game is worth: Σ_j P_j e_j at the root (its chosen root move fixed);
- ``vector``: vector minimaxing: MIN = component-wise minimum, MAX = the child vector
  with the best expected payoff over the worlds reaching the node (one choice in every
  world);
- ``prm``: payoff-reduction minimaxing: each leaf payoff in world w is cut to the
  smallest perfect-information value in w of the MIN nodes above it, then vector
  minimaxing.

Every result carries the strategy it plays, its own estimate and its *true value*: the
strategy played against best defence, Σ_w P(w)·min over MIN's replies in w.

``expect:`` (for ``check_expect`` and ``bridgeplay batch --check``) maps solver keys
(``esm``, ``pareto``, ``mm``, ``vector``, ``prm``, ``repeated-levy``,
``repeated-ginsberg``, ``repeated-threshold``) to ``{move, moves (any of), strategy
({label: move}), estimate, true_value, tied}``; numbers may be written ``2/5``;
``tolerance`` (default 1e-9) applies to all.  ``move`` is the root move when the root is
a MAX node, otherwise the whole line written ``b:1 c:2`` (information set:move, in the
order play meets them, only the sets the line can reach).

Python API: ``load_tree_problem(data, path)`` (what ``bridgeplay.problem.load`` calls
for ``kind: tree``), ``solve_tree(problem, name, scoring=, samples=, seed=)`` ->
:class:`TreeResult` (``to_dict()`` has ``solver, move, estimate, true_value``),
``optimum(problem)`` (Pareto or ESM), ``diagnose(result, optimum_value)``,
``check_expect(problem)`` (list of mismatches, empty when all hold), and
``random_tree(seed, depth, ...)`` for experiments.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.problem import ProblemError

MAX, MIN, LEAF = "max", "min", "leaf"
SCORINGS = ("levy", "ginsberg", "threshold")
SOLVERS = ("esm", "pareto", "mm", "repeated", "vector", "prm")
EXPECT_SOLVERS = ("esm", "pareto", "mm", "vector", "prm") + tuple(f"repeated-{s}" for s in SCORINGS)
EPS = 1e-9
INF = float("inf")
MAX_WORLDS = 4096
MAX_STRATEGIES = 2_000_000

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


@dataclass
class TreeResult:
    """What a solver chose and what it is worth.

    ``strategy`` maps information-set labels to moves (only the sets the line can reach);
    ``move`` is the root move (MAX root) or the whole line ``b:1 c:2``; ``estimate`` is
    the solver's own value of its line; ``true_value`` that line against best defence
    (None for ``mm``, which does not define a strategy); ``tied`` lists the choices it
    rated equal best at the first decision (``move`` at a MAX root, else ``label:move``);
    for ESM, the first decisions of all optimal strategies.
    """

    solver: str
    strategy: dict[str, str] | None
    move: str | None
    estimate: float
    true_value: float | None
    tied: tuple[str, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "solver": self.solver,
            "move": self.move,
            "estimate": float(self.estimate),
            "true_value": None if self.true_value is None else float(self.true_value),
            "strategy": self.strategy,
            "tied": list(self.tied),
        }
        for key, value in self.details.items():
            if key not in out:
                out[key] = _jsonable(value)
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


# --------------------------------------------------------------------------- loading
def _number(value: Any, path: str, fld: str, what: str = "a number") -> float:
    """A number written as int, float or a fraction string like ``2/5``."""
    if isinstance(value, bool):
        raise ProblemError(path, fld, f"expected {what}, got {value!r}")
    if isinstance(value, int | float):
        if isinstance(value, float) and not np.isfinite(value):
            raise ProblemError(path, fld, f"expected {what}, got {value!r}")
        return float(value)
    if isinstance(value, str):
        try:
            return float(Fraction(value.strip()))
        except (ValueError, ZeroDivisionError):
            pass
    raise ProblemError(path, fld, f"expected {what}, got {value!r}")


def _parse_worlds(raw: Any, path: str) -> tuple[tuple[str, ...], np.ndarray]:
    if raw is None:
        raise ProblemError(path, "worlds", "missing field (a number of equally likely worlds, or {name: probability})")
    if isinstance(raw, bool):
        raise ProblemError(path, "worlds", f"expected a number of worlds or a mapping, got {raw!r}")
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
        raise ProblemError(path, "worlds", f"world {dup!r} is named twice")
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
                raise self.fail(fld, f"unknown world {key!r} (worlds: {', '.join(self.worlds)})")
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
        rec: dict[str, Any] = {"parent": parent, "path": path, "field": fld}
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
                rec.update(kind=LEAF, name=None, moves=(), children=(), payoff=self.payoff(raw["payoff"], fld, reach))
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
            kids = []
            for move, sub in children.items():
                kids.append(self.node(sub, f"{fld}.children.{move}", idx, kind, reach, path + (str(move),)))
            rec["children"] = tuple(kids)
            if kind == MIN:
                covered = np.zeros(self.nw, dtype=bool)
                for k in kids:
                    covered |= self.raw[k]["reach"]
                missing = reach & ~covered
                if missing.any():
                    w = self.worlds[int(np.argmax(missing))]
                    raise self.fail(f"{fld}.children", f"in world {w} MIN has no move here")
            return idx
        rec["reach"] = reach
        rec.update(kind=LEAF, name=None, moves=(), children=(), payoff=self.payoff(raw, fld, reach))
        return idx


def load_tree_problem(data: dict[str, Any], path: str = "<tree>") -> TreeProblem:
    """Validate a ``kind: tree`` mapping; every error is a :class:`ProblemError` naming the field."""
    unknown = sorted(set(data) - _TREE_FIELDS)
    if unknown:
        raise ProblemError(path, unknown[0], f"unknown field (a tree problem has: {', '.join(sorted(_TREE_FIELDS))})")
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
                    f"information set {label!r} offers moves {', '.join(moves)} at {first['field']} "
                    f"but {', '.join(rec['moves'])} here",
                )
            if rec["moves"] != moves:  # reorder to the set's move order
                pos = {m: j for j, m in enumerate(rec["moves"])}
                rec["children"] = tuple(rec["children"][pos[m]] for m in moves)
                rec["moves"] = moves
            if history(i) != hist:
                raise b.fail(
                    f"{rec['field']}.max",
                    f"information set {label!r}: MAX's own earlier moves differ from those at {first['field']} "
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
    name = data.get("name")
    if name is not None and not isinstance(name, str | int | float):
        raise ProblemError(path, "name", "expected text")
    expect = _parse_expect(data.get("expect"), path)
    return TreeProblem(
        name=str(name) if name is not None else Path(path).stem,
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


def load_tree_file(path: str | Path) -> TreeProblem:
    """Read a ``kind: tree`` YAML file (without going through ``bridgeplay.problem``)."""
    from bridgeplay.problem import read_yaml

    data = read_yaml(path)
    if data.get("kind") != "tree":
        raise ProblemError(str(path), "kind", "not a tree problem")
    return load_tree_problem(data, str(path))


# --------------------------------------------------------------------------- evaluation
def _leaf_values(problem: TreeProblem) -> dict[int, np.ndarray]:
    """Leaf payoffs with +inf in worlds that do not reach the leaf (neutral for MIN)."""
    return {n.index: np.where(n.reach, n.payoff, INF) for n in problem.nodes if n.kind == LEAF}


def _postorder(problem: TreeProblem) -> list[int]:
    out: list[int] = []
    stack: list[tuple[int, bool]] = [(0, False)]
    while stack:
        i, done = stack.pop()
        if done:
            out.append(i)
            continue
        stack.append((i, True))
        for c in reversed(problem.nodes[i].children):
            stack.append((c, False))
    return out


def minimax_table(problem: TreeProblem) -> np.ndarray:
    """Perfect-information minimax value of every node in every world, float[nodes, worlds].

    Worlds that do not reach a node hold +inf there.
    """
    nw = len(problem.worlds)
    table = np.full((len(problem.nodes), nw), INF)
    leaves = _leaf_values(problem)
    for i in _postorder(problem):
        node = problem.nodes[i]
        if node.kind == LEAF:
            table[i] = leaves[i]
        elif node.kind == MIN:
            table[i] = table[list(node.children)].min(axis=0)
        else:
            v = table[list(node.children)].max(axis=0)
            table[i] = np.where(node.reach, v, INF)
    return table


def strategy_vector(problem: TreeProblem, strategy: Mapping[int, int],
                    leaves: dict[int, np.ndarray] | None = None) -> np.ndarray:
    """Per-world payoff of a MAX strategy (information-set index -> move index) against best defence."""
    leaves = _leaf_values(problem) if leaves is None else leaves
    nodes = problem.nodes

    def val(i: int) -> np.ndarray:
        node = nodes[i]
        if node.kind == LEAF:
            return leaves[i]
        if node.kind == MIN:
            out = val(node.children[0])
            for c in node.children[1:]:
                out = np.minimum(out, val(c))
            return out
        try:
            m = strategy[node.infoset]
        except KeyError:
            raise ValueError(f"the strategy has no move for information set {problem.infosets[node.infoset].label!r}")\
                from None
        return val(node.children[m])

    return val(0)


def strategy_value(problem: TreeProblem, strategy: Mapping[int, int]) -> float:
    """Σ_w P(w) · (the strategy's payoff in w against best defence): its true value (esm(t, s) of Fig. 4)."""
    return _expected(problem, strategy_vector(problem, strategy), problem.root.reach)


def _expected(problem: TreeProblem, vec: np.ndarray, reach: np.ndarray) -> float:
    p = problem.probs * reach
    total = p.sum()
    if total <= 0:
        return 0.0
    return float(np.where(reach, vec, 0.0) @ p / total)


def relevant_infosets(problem: TreeProblem, strategy: Mapping[int, int]) -> list[int]:
    """Information sets the strategy can reach (MIN free to choose anything), in preorder."""
    seen: list[int] = []
    stack = [0]
    while stack:
        node = problem.nodes[stack.pop()]
        if node.kind == MAX:
            if node.infoset not in seen:
                seen.append(node.infoset)
            m = strategy.get(node.infoset)
            if m is not None:
                stack.append(node.children[m])
        else:
            stack.extend(reversed(node.children))
    return seen


def strategy_labels(problem: TreeProblem, strategy: Mapping[int, int]) -> dict[str, str]:
    """{information-set label: move} for the sets the strategy can reach."""
    out = {}
    for k in relevant_infosets(problem, strategy):
        if k in strategy:
            info = problem.infosets[k]
            out[info.label] = info.moves[strategy[k]]
    return out


def line_text(labels: Mapping[str, str]) -> str:
    """``b:1 c:2``."""
    return " ".join(f"{k}:{v}" for k, v in labels.items())


def parse_strategy(problem: TreeProblem, text: str | Mapping[str, str]) -> dict[int, int]:
    """``"b:1 c:2"`` or ``{b: "1", c: "2"}`` (labels) -> {information-set index: move index}."""
    if isinstance(text, str):
        pairs = []
        for token in text.split():
            label, _, move = token.rpartition(":")
            pairs.append((label, move))
    else:
        pairs = list(text.items())
    out = {}
    for label, move in pairs:
        info = problem.infoset_by_label(str(label))
        out[info.index] = info.moves.index(str(move))
    return out


def _result(problem: TreeProblem, solver: str, strategy: dict[int, int], estimate: float,
            tied: Sequence[str] = (), details: dict[str, Any] | None = None,
            true_value: float | None = None) -> TreeResult:
    labels = strategy_labels(problem, strategy)
    root = problem.root
    if root.kind == MAX:
        move: str | None = problem.infosets[root.infoset].moves[strategy[root.infoset]]
    else:
        move = line_text(labels)
    if true_value is None:
        true_value = strategy_value(problem, strategy)
    return TreeResult(solver, labels, move, float(estimate), float(true_value), tuple(tied), details or {})


# --------------------------------------------------------------------------- ESM (Fig. 4)
def strategies(problem: TreeProblem) -> Iterator[dict[int, int]]:
    """Every MAX pure strategy, one move per information set the strategy can reach.

    Choices at sets the strategy cannot reach are left out (the paper's ``_``), so a
    complete b-ary tree with n MAX levels yields b^((b^n-1)/(b-1)) strategies (Section 4.5).
    """
    nodes = problem.nodes

    def rec(stack: list[int], assign: dict[int, int]) -> Iterator[dict[int, int]]:
        while stack:
            node = nodes[stack.pop()]
            if node.kind == MIN:
                stack.extend(reversed(node.children))
            elif node.kind == MAX:
                k = node.infoset
                if k in assign:
                    stack.append(node.children[assign[k]])
                    continue
                for m, child in enumerate(node.children):
                    yield from rec(stack + [child], {**assign, k: m})
                return
        yield assign

    yield from rec([0], {})


def count_strategies(problem: TreeProblem) -> int:
    """g(t) of Section 4.5 (single-node information sets; an upper bound otherwise)."""
    def g(i: int) -> int:
        node = problem.nodes[i]
        if node.kind == LEAF:
            return 1
        if node.kind == MAX:
            return sum(g(c) for c in node.children)
        out = 1
        for c in node.children:
            out *= g(c)
        return out

    return g(0)


def esm(problem: TreeProblem, max_strategies: int = MAX_STRATEGIES) -> TreeResult:
    """Exhaustive strategy minimisation (Fig. 4): the best pure strategy against best defence."""
    leaves = _leaf_values(problem)
    reach = problem.root.reach
    best_value = -INF
    best: dict[int, int] = {}
    optimal: list[dict[int, int]] = []
    count = 0
    for s in strategies(problem):
        count += 1
        if count > max_strategies:
            raise ValueError(f"more than {max_strategies} MAX strategies: too many for exhaustive enumeration")
        v = _expected(problem, strategy_vector(problem, s, leaves), reach)
        if v > best_value + EPS:
            best_value, best, optimal = v, s, [s]
        elif v >= best_value - EPS:
            optimal.append(s)
    tied: list[str] = []
    for s in optimal:
        for mv in _first_ties(problem, s, {k: [problem.infosets[k].moves[m]] for k, m in s.items()}):
            if mv not in tied:
                tied.append(mv)
    details = {"strategies": count, "optimal": [line_text(strategy_labels(problem, s)) for s in optimal]}
    return _result(problem, "esm", best, best_value, tied, details, true_value=best_value)


# --------------------------------------------------------------------------- exact by Pareto fronts
def _pareto(entries: list[tuple[tuple[float, ...], Any]]) -> list[tuple[tuple[float, ...], Any]]:
    """Keep the vectors no other vector dominates (equal vectors: the first)."""
    entries = sorted(entries, key=lambda e: -sum(x for x in e[0] if x != INF))
    kept: list[tuple[tuple[float, ...], Any]] = []
    for vec, how in entries:
        dominated = False
        for other, _ in kept:
            if all(a >= b for a, b in zip(other, vec)):
                dominated = True
                break
        if not dominated:
            kept.append((vec, how))
    return kept


def pareto(problem: TreeProblem) -> TreeResult:
    """The optimum (as ESM) by backing up Pareto fronts of payoff vectors.

    MAX node: the Pareto maximum of the union of its children's fronts; MIN node: the
    Pareto maximum of the component-wise minima of one vector from each child.  Valid
    when every information set is one node (MAX sees MIN's moves), as in Frank & Basin's
    flattened trees and in bridge.
    """
    if not problem.single_node_infosets:
        raise ValueError("pareto needs one node per information set (use esm)")
    leaves = _leaf_values(problem)
    fronts: dict[int, list[tuple[tuple[float, ...], Any]]] = {}
    largest = 0
    for i in _postorder(problem):
        node = problem.nodes[i]
        if node.kind == LEAF:
            fronts[i] = [(tuple(leaves[i].tolist()), None)]
        elif node.kind == MAX:
            union = [(vec, (node.infoset, m, how)) for m, c in enumerate(node.children) for vec, how in fronts[c]]
            fronts[i] = _pareto(union)
        else:
            acc = [(vec, [how]) for vec, how in fronts[node.children[0]]]
            for c in node.children[1:]:
                acc = _pareto([
                    (tuple(min(a, b) for a, b in zip(va, vb)), ha + [hb])
                    for va, ha in acc for vb, hb in fronts[c]
                ])
            fronts[i] = [(vec, ("min", how)) for vec, how in acc]
        largest = max(largest, len(fronts[i]))
        for c in node.children:
            del fronts[c]
    reach = problem.root.reach
    p = problem.probs * reach
    best_vec, best_how = max(fronts[0], key=lambda e: float(np.where(reach, e[0], 0.0) @ p))
    strategy: dict[int, int] = {}
    stack = [best_how]
    while stack:
        how = stack.pop()
        if how is None:
            continue
        if how[0] == "min":
            stack.extend(how[1])
        else:
            k, m, sub = how
            strategy[k] = m
            stack.append(sub)
    value = _expected(problem, np.array(best_vec), reach)
    return _result(problem, "pareto", strategy, value, details={"front": len(fronts[0]), "largest_front": largest})


# --------------------------------------------------------------------------- mm (Fig. 6)
def mm(problem: TreeProblem) -> TreeResult:
    """Minimax ignoring information sets: Σ_w P(w)·minimax_w(root) ≥ the ESM value. Not a strategy."""
    table = minimax_table(problem)
    value = _expected(problem, table[0], problem.root.reach)
    per_world = {w: float(v) for w, v in zip(problem.worlds, table[0])}
    root = problem.root
    choices = None
    if root.kind == MAX:
        kids = table[list(root.children)]
        choices = {w: [root.moves[m] for m in range(len(root.moves)) if kids[m, j] >= table[0, j] - EPS]
                   for j, w in enumerate(problem.worlds)}
    return TreeResult("mm", None, None, value, None, (), {"per_world": per_world, "root_choices": choices})


# --------------------------------------------------------------------------- repeated minimaxing
def _world_weights(problem: TreeProblem, reach: np.ndarray, samples: int | None,
                   rng_key: tuple[int, int]) -> np.ndarray:
    if samples is None:
        return problem.probs * reach
    p = problem.probs * reach
    p = p / p.sum()
    rng = np.random.default_rng(list(rng_key))
    draws = rng.choice(len(p), size=samples, p=p)
    return np.bincount(draws, minlength=len(p)).astype(float)


def repeated(problem: TreeProblem, scoring: str = "levy", samples: int | None = None,
             seed: int = config.DEFAULT_SEED, threshold: float | None = None) -> TreeResult:
    """Repeated minimaxing (Levy / GIB) applied at every MAX information set as a policy."""
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r} ({', '.join(SCORINGS)})")
    if samples is not None and samples < 1:
        raise ValueError("samples must be at least 1")
    theta = threshold if threshold is not None else (
        problem.target if problem.target is not None else problem.max_payoff())
    table = minimax_table(problem)
    strategy: dict[int, int] = {}
    scores: dict[str, dict[str, float]] = {}
    ties: dict[int, list[str]] = {}
    est_by_set: dict[int, float] = {}
    for info in problem.infosets:
        wts = _world_weights(problem, info.reach, samples, (seed, info.index))
        cols, weights = [], []
        for n in info.nodes:
            node = problem.nodes[n]
            for w in np.flatnonzero(node.reach & (wts > 0)):
                cols.append(table[list(node.children), w])
                weights.append(wts[w])
        e = np.array(cols).T  # moves x (node, world) pairs
        wv = np.array(weights)
        total = wv.sum()
        if scoring == "levy":
            score = e @ wv
        elif scoring == "ginsberg":
            score = (e >= e.max(axis=0) - EPS) @ wv
        else:
            score = (e >= theta - EPS) @ wv
        score = score / total
        best = float(score.max())
        tied = [m for m, s in enumerate(score) if s >= best - EPS]
        strategy[info.index] = tied[0]
        ties[info.index] = [info.moves[m] for m in tied]
        scores[info.label] = {mv: float(s) for mv, s in zip(info.moves, score)}
        est_by_set[info.index] = float(e[tied[0]] @ wv / total)
    root = problem.root
    if root.kind == MAX:
        estimate = est_by_set[root.infoset]
    else:
        wts = _world_weights(problem, root.reach, samples, (seed, len(problem.infosets)))
        estimate = _expected(problem, table[0], root.reach) if samples is None else float(
            np.where(root.reach, table[0], 0.0) @ wts / wts.sum())
    tied_root = _first_ties(problem, strategy, ties)
    details = {"scoring": scoring, "samples": samples, "seed": seed if samples is not None else None,
               "scores": scores, "threshold": theta if scoring == "threshold" else None}
    return _result(problem, f"repeated-{scoring}", strategy, estimate, tied_root, details)


# --------------------------------------------------------------------------- vector minimaxing and PRM
def _vector_minimax(problem: TreeProblem, leaves: dict[int, np.ndarray]) -> tuple[dict[int, int], np.ndarray,
                                                                                    dict[int, list[str]]]:
    nodes = problem.nodes
    values: dict[int, np.ndarray] = {}
    choice: dict[int, int] = {}
    ties: dict[int, list[str]] = {}
    busy: set[int] = set()

    def val(i: int) -> np.ndarray:
        if i in values:
            return values[i]
        node = nodes[i]
        if node.kind == LEAF:
            v = leaves[i]
        elif node.kind == MIN:
            v = val(node.children[0])
            for c in node.children[1:]:
                v = np.minimum(v, val(c))
        else:
            k = node.infoset
            if k not in choice:
                if k in busy:
                    raise ValueError("information sets without perfect recall")
                busy.add(k)
                info = problem.infosets[k]
                score = np.zeros(len(info.moves))
                for n in info.nodes:
                    member = nodes[n]
                    p = problem.probs * member.reach
                    for m, c in enumerate(member.children):
                        score[m] += float(np.where(member.reach, val(c), 0.0) @ p)
                best = score.max()
                tied = [m for m, s in enumerate(score) if s >= best - EPS]
                choice[k] = tied[0]
                ties[k] = [info.moves[m] for m in tied]
                busy.discard(k)
            v = val(node.children[choice[k]])
        values[i] = v
        return v

    root_vec = val(0)
    # information sets play cannot reach under the choices still get a move (a complete policy)
    for info in problem.infosets:
        if info.index not in choice:
            val(info.nodes[0])
    return choice, root_vec, ties


def _first_ties(problem: TreeProblem, strategy: Mapping[int, int], ties: Mapping[int, list[str]]) -> list[str]:
    """The equal-best moves at the first decision: ``move`` at a MAX root, else ``label:move``."""
    first = relevant_infosets(problem, strategy)
    if not first:
        return []
    moves = ties.get(first[0], [])
    if problem.root.kind == MAX:
        return list(moves)
    label = problem.infosets[first[0]].label
    return [f"{label}:{m}" for m in moves]


def vector(problem: TreeProblem) -> TreeResult:
    """Vector minimaxing: MIN component-wise minimum, MAX the child vector with the best expectation."""
    strategy, root_vec, ties = _vector_minimax(problem, _leaf_values(problem))
    estimate = _expected(problem, root_vec, problem.root.reach)
    return _result(problem, "vector", strategy, estimate, _first_ties(problem, strategy, ties))


def reduced_payoffs(problem: TreeProblem) -> dict[int, np.ndarray]:
    """PRM's leaf payoffs: in each world, cut to the smallest minimax value of the MIN nodes above the leaf."""
    table = minimax_table(problem)
    leaves = _leaf_values(problem)
    nw = len(problem.worlds)
    cap = {0: np.full(nw, INF)}
    out: dict[int, np.ndarray] = {}
    stack = [0]
    while stack:
        i = stack.pop()
        node = problem.nodes[i]
        if node.kind == LEAF:
            out[i] = np.where(node.reach, np.minimum(leaves[i], cap[i]), INF)
            continue
        below = np.minimum(cap[i], table[i]) if node.kind == MIN else cap[i]
        for c in node.children:
            cap[c] = below
            stack.append(c)
    return out


def prm(problem: TreeProblem) -> TreeResult:
    """Payoff-reduction minimaxing: reduce leaf payoffs, then vector minimaxing; true value on the real payoffs."""
    strategy, root_vec, ties = _vector_minimax(problem, reduced_payoffs(problem))
    estimate = _expected(problem, root_vec, problem.root.reach)
    return _result(problem, "prm", strategy, estimate, _first_ties(problem, strategy, ties))


# --------------------------------------------------------------------------- dispatch and checks
def solve_tree(problem: TreeProblem, solver: str, scoring: str = "levy", samples: int | None = None,
               seed: int = config.DEFAULT_SEED, threshold: float | None = None) -> TreeResult:
    """Run one solver by name (``repeated-levy`` etc. set the scoring too)."""
    if solver.startswith("repeated-"):
        solver, scoring = "repeated", solver.split("-", 1)[1]
    if solver == "esm":
        return esm(problem)
    if solver == "pareto":
        return pareto(problem)
    if solver == "mm":
        return mm(problem)
    if solver == "repeated":
        return repeated(problem, scoring=scoring, samples=samples, seed=seed, threshold=threshold)
    if solver == "vector":
        return vector(problem)
    if solver == "prm":
        return prm(problem)
    raise ValueError(f"unknown tree solver {solver!r} ({', '.join(SOLVERS)})")


def optimum(problem: TreeProblem) -> TreeResult:
    """The exact optimum: Pareto fronts when information sets are single nodes, else ESM."""
    return pareto(problem) if problem.single_node_infosets else esm(problem)


def diagnose(result: TreeResult, best: float, tol: float = EPS) -> str:
    """A one-word verdict on a heuristic's line (Frank & Basin's two failure sources).

    ``optimal``; ``strategy fusion`` when the line is sub-optimal and the solver rated it
    above its true value (it counted on different continuations in different worlds);
    ``non-locality`` when the line is sub-optimal without such over-rating (a local
    back-up chose by payoffs that best defence never lets MAX reach).
    """
    if result.true_value is None:
        return "upper bound" if result.estimate >= best - tol else "?"
    if result.true_value >= best - tol:
        return "optimal"
    if result.estimate > result.true_value + tol:
        return "strategy fusion"
    return "non-locality"


def check_expect(problem: TreeProblem, results: Mapping[str, TreeResult] | None = None) -> list[str]:
    """Compare every solver named in ``expect:`` with its result; one message per mismatch."""
    tol = problem.expect.get("tolerance", 1e-9)
    problems: list[str] = []
    for key, spec in problem.expect.items():
        if key == "tolerance":
            continue
        res = results[key] if results is not None and key in results else solve_tree(problem, key)
        if "move" in spec and res.move != spec["move"]:
            problems.append(f"{key}: move {res.move!r}, expected {spec['move']!r}")
        if "moves" in spec and res.move not in spec["moves"]:
            problems.append(f"{key}: move {res.move!r}, expected one of {spec['moves']}")
        for label, mv in spec.get("strategy", {}).items():
            got = (res.strategy or {}).get(label)
            if got != mv:
                problems.append(f"{key}: {label} -> {got!r}, expected {mv!r}")
        for fld in ("estimate", "true_value"):
            if fld in spec:
                want, got = spec[fld], getattr(res, fld)
                if (want is None) != (got is None) or (want is not None and abs(got - want) > tol):
                    problems.append(f"{key}: {fld} {got}, expected {want}")
        if "tied" in spec and sorted(res.tied) != sorted(spec["tied"]):
            problems.append(f"{key}: tied {list(res.tied)}, expected {spec['tied']}")
    return problems


# --------------------------------------------------------------------------- random trees
LAST_PLAYER_P = (3 - 5 ** 0.5) / 2  # ≈ 0.382: P(the player who moved last wins) keeping P(win) depth-invariant


def random_tree_data(rng: np.random.Generator, depth: int, branching: int = 2, n_worlds: int = 10,
                     root: str = MAX, q: float = 0.0, p_last: float = LAST_PLAYER_P,
                     restrict: float = 0.0, hidden: float = 0.0) -> dict[str, Any]:
    """A random ``kind: tree`` mapping in the style of Frank, Basin & Matsubara (AAAI-98).

    A complete ``branching``-ary tree of ``depth`` plies, MAX and MIN alternating from
    ``root``; equally likely worlds.  Leaf payoffs are 0/1 by the last-player rule: the
    player who made the last move wins with probability ``p_last`` (the default keeps the
    chance of a forced win the same at every depth).  ``q`` makes worlds alike: each
    world's payoff at a leaf copies a shared draw with probability q.  Options beyond the
    paper, to exercise the model: ``restrict`` — chance that a MIN move (other than the
    first) exists only in a random subset of the worlds; ``hidden`` — chance that MAX does
    not see a MIN move (the MAX children of that MIN node share information sets).
    """
    if depth < 1:
        raise ValueError("depth must be at least 1")
    world_names = [f"w{i + 1}" for i in range(n_worlds)]
    counter = [0]

    def leaf(last: str) -> list[int]:
        p = p_last if last == MAX else 1.0 - p_last
        shared = rng.random() < p
        own = rng.random(n_worlds) < p
        copy = rng.random(n_worlds) < q
        return [int(shared) if c else int(o) for c, o in zip(copy, own)]

    def build(level: int, player: str, label: str | None, reach: list[str]) -> dict[str, Any]:
        other = MIN if player == MAX else MAX
        children: dict[str, Any] = {}
        shared_labels: list[str] | None = None
        if player == MIN and other == MAX and level + 1 < depth and rng.random() < hidden:
            counter[0] += 1
            shared_labels = [f"h{counter[0]}"]
        for m in range(branching):
            move = str(m + 1)
            subset = reach
            if player == MIN and m > 0 and rng.random() < restrict:
                subset = [w for w in reach if rng.random() < 0.5] or [reach[int(rng.integers(len(reach)))]]
            if level + 1 == depth:
                sub: Any = leaf(player)
            else:
                sub = build(level + 1, other, shared_labels[0] if shared_labels else None, subset)
            if subset is not reach:
                sub = {**(sub if isinstance(sub, dict) else {"payoff": sub}), "worlds": subset}
            children[move] = sub
        return {player: label, "children": children}

    return {"name": "random tree", "kind": "tree", "worlds": n_worlds, "tree": build(0, root, None, world_names)}


def random_tree(seed: int | np.random.Generator, depth: int, **kwargs: Any) -> TreeProblem:
    """A validated random tree problem (see :func:`random_tree_data`)."""
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    return load_tree_problem(random_tree_data(rng, depth, **kwargs), "<random>")
