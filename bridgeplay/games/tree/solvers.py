"""The search algorithms of Frank & Basin on explicit game trees (:mod:`bridgeplay.games.tree.problem`).

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
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.errors import SolverError
from bridgeplay.games.tree.problem import LEAF, MAX, MIN, SCORINGS, TreeProblem
from bridgeplay.options import Options
from bridgeplay.result import Result, jsonable

SOLVERS = ("esm", "pareto", "mm", "repeated", "vector", "prm")
EPS = 1e-9
INF = float("inf")
MAX_STRATEGIES = config.TREE_MAX_STRATEGIES


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
                out[key] = jsonable(value)
        return out


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


def esm(problem: TreeProblem, max_strategies: int = MAX_STRATEGIES, deadline: float | None = None) -> TreeResult:
    """Exhaustive strategy minimisation (Fig. 4): the best pure strategy against best defence.

    Past ``deadline`` (a ``time.perf_counter()`` time) the enumeration stops: the best strategy of those
    played is returned with its exact value, a lower bound on the optimum, and ``details["stopped"]``.
    """
    leaves = _leaf_values(problem)
    reach = problem.root.reach
    best_value = -INF
    best: dict[int, int] = {}
    optimal: list[dict[int, int]] = []
    count = 0
    stopped = False
    for s in strategies(problem):
        if deadline is not None and count & 1023 == 0 and count and time.perf_counter() > deadline:
            stopped = True
            break
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
    details: dict[str, Any] = {"strategies": count,
                               "optimal": [line_text(strategy_labels(problem, s)) for s in optimal]}
    if stopped:
        details["stopped"] = True
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
               seed: int = config.DEFAULT_SEED, threshold: float | None = None,
               deadline: float | None = None) -> TreeResult:
    """Run one solver by name (``repeated-levy`` etc. set the scoring too); ``deadline`` stops esm."""
    if solver.startswith("repeated-"):
        solver, scoring = "repeated", solver.split("-", 1)[1]
    if solver == "esm":
        return esm(problem, deadline=deadline)
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


# --------------------------------------------------------------------------- the registry's entries
_METHODS = {
    "esm": ("exhaustive strategy minimisation (Fig. 4): every MAX strategy played against best defence", True),
    "pareto": ("exact best defence by Pareto fronts (single-node information sets)", True),
    "mm": ("minimax in each world ignoring information sets (Fig. 6): an upper bound, not a strategy", False),
    "repeated": ("repeated minimaxing at every information set; its line played against best defence", True),
    "vector": ("vector minimaxing (one choice for every world); its line played against best defence", True),
    "prm": ("payoff-reduction minimaxing; its line played against best defence", True),
}


def _binary(problem: TreeProblem) -> bool:
    """Whether every payoff is 0 or 1 (the value is then a probability)."""
    for n in problem.nodes:
        if n.kind == LEAF:
            vals = n.payoff[~np.isnan(n.payoff)]
            if not np.all((vals == 0) | (vals == 1)):
                return False
    return True


def to_result(problem: TreeProblem, line: TreeResult) -> Result:
    """A tree solver's line as the one :class:`~bridgeplay.result.Result`."""
    base = line.solver.split("-", 1)[0]
    method, exact = _METHODS[base]
    value = line.true_value if line.true_value is not None else line.estimate
    binary = _binary(problem)
    details = {k: v for k, v in line.to_dict().items()
               if k not in ("solver", "move", "estimate", "true_value", "strategy", "tied")}
    if base == "repeated":
        details["scoring"] = line.solver.split("-", 1)[1]
    return Result(
        problem=problem.name, file=problem.file, kind="tree", solver=base, method=method, exact=exact,
        target=problem.target, objective="payoff", probability=value if binary else None,
        payoff=None if binary else value, strategy=line.strategy, move=line.move, estimate=line.estimate,
        true_value=line.true_value, tied=list(line.tied), extra=details,
    )


def _solve(problem: TreeProblem, name: str, options: Options | None) -> Result:
    options = options or Options()
    t0 = time.perf_counter()
    deadline = None if options.time_limit is None else t0 + options.time_limit
    try:
        line = solve_tree(problem, name, scoring=options.scoring or "levy", samples=options.samples,
                          seed=options.seed, deadline=deadline)
    except ValueError as exc:  # a tree too big for the solver (too many strategies, ...)
        raise SolverError(problem.file, name, f"{name}: {exc}") from None
    result = to_result(problem, line)
    result.stats = {"nodes": len(problem.nodes), "seconds": round(time.perf_counter() - t0, 4),
                    "worlds": len(problem.worlds)}
    if result.extra.pop("stopped", False):
        total = count_strategies(problem)
        result.stopped, result.exact = "time limit", False
        result.extra["bound"] = "lower"
        result.extra["note"] = (f"stopped at the time limit after {line.details['strategies']:,} of {total:,} "
                                f"MAX strategies: the best of them is a lower bound on the optimum"
                                + ("; --solver pareto solves this tree exactly" if problem.single_node_infosets
                                   else ""))
    return result


def solve_esm(problem: TreeProblem, options: Options | None = None) -> Result:
    """Exhaustive strategy minimisation (``--solver esm``)."""
    return _solve(problem, "esm", options)


def solve_pareto(problem: TreeProblem, options: Options | None = None) -> Result:
    """Exact best defence by Pareto fronts (``--solver pareto``; single-node information sets)."""
    return _solve(problem, "pareto", options)


def solve_mm(problem: TreeProblem, options: Options | None = None) -> Result:
    """Minimax per world, an upper bound (``--solver mm``)."""
    return _solve(problem, "mm", options)


def solve_repeated(problem: TreeProblem, options: Options | None = None) -> Result:
    """Repeated minimaxing (``--solver repeated``; ``--scoring``, default levy)."""
    return _solve(problem, "repeated", options)


def solve_vector(problem: TreeProblem, options: Options | None = None) -> Result:
    """Vector minimaxing (``--solver vector``)."""
    return _solve(problem, "vector", options)


def solve_prm(problem: TreeProblem, options: Options | None = None) -> Result:
    """Payoff-reduction minimaxing (``--solver prm``)."""
    return _solve(problem, "prm", options)


def choose(problem: TreeProblem, options: Options) -> tuple[str, str]:
    """The default for trees: ESM (Fig. 4, which also lists every optimal first decision) while MAX's strategies
    can be enumerated, else Pareto fronts when every information set is a single node."""
    n = count_strategies(problem)
    if n <= MAX_STRATEGIES or not problem.single_node_infosets:
        return "esm", f"the default for trees: {n:,} MAX strategies can be enumerated"
    return "pareto", (f"the default for trees: exact, by Pareto fronts ({n:,} MAX strategies are too many to "
                      f"enumerate; every information set is a single node)")
