"""The registry of kinds of problem: everything that depends on the kind is found here, by name.

Each :class:`Kind` names (as ``"module:attribute"`` strings, imported on first use, so that ``import
bridgeplay`` stays light):

* its loader ``(data, path) -> Problem`` (a validated, immutable problem with ``name, file, kind,
  expect``);
* its solvers, ``name -> (problem, options) -> Result``, all with the same signature;
* its default: a function ``(problem, options) -> (solver name, why)`` that picks the method when the
  user names none, and says why;
* its ``expect:`` semantics: a module with ``validate(problem)``, ``check(problem, result) -> (errors,
  checked)``, ``checkable(problem, solver)`` and ``describe(problem, solver)``;
* what ``bridgeplay compare`` runs on it, if anything;
* the engine modules its solvers compile (``engine/cache.py`` tells whether they must be compiled, and
  compiles them), and about how long that takes on a 2-core machine, for the first run's notice.

``load``, ``solve``, ``compare``, ``batch``, ``validate``, the reports and ``bridgeplay solvers``
dispatch through it; nothing else tests a problem's kind.  A new kind of problem is a new package plus
one entry in :data:`KINDS`.
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from bridgeplay import config
from bridgeplay.engine.cache import DEAL_KERNELS, SUIT_KERNELS, TRICK_KERNELS
from bridgeplay.errors import ProblemError, SolverError, shown
from bridgeplay.options import Options
from bridgeplay.result import Result
from bridgeplay.yamlio import as_mapping, fail, read_yaml


class Problem(Protocol):
    """What every kind's problem type has."""

    name: str
    file: str
    kind: str
    expect: dict[str, Any]


def resolve_ref(ref: str) -> Any:
    """The object a ``"module:attribute"`` reference names (the module is imported on first use)."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr) if attr else importlib.import_module(module)


@dataclass(frozen=True)
class SolverInfo:
    """One solver of a kind: its name, where it lives and what it does."""

    name: str
    ref: str
    description: str

    @property
    def function(self) -> Callable[[Any, Options], Result]:
        return resolve_ref(self.ref)


@dataclass(frozen=True)
class Kind:
    """One kind of problem (see the module's docstring)."""

    name: str
    description: str
    loader: str
    solvers: tuple[SolverInfo, ...]
    default: str
    expect: str
    compare: str | None = None
    kernels: tuple[str, ...] = ()
    compile_seconds: int = 0
    tricks_target: bool = True  # its target is a number of tricks (``tricks:``, ``--tricks``)
    default_time_limit: float | None = None  # seconds the default method gets when --time-limit is not given

    def solver(self, name: str) -> SolverInfo | None:
        return next((s for s in self.solvers if s.name == name), None)

    @property
    def solver_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.solvers)

    def load(self, data: dict[str, Any], path: str) -> Problem:
        return resolve_ref(self.loader)(data, path)

    def choose(self, problem: Problem, options: Options) -> tuple[str, str]:
        """The solver to run when the user names none, and why."""
        return resolve_ref(self.default)(problem, options)

    @property
    def semantics(self) -> Any:
        """The module that says what ``expect:`` means for this kind."""
        return resolve_ref(self.expect)


def _suit_default(problem: Any, options: Options) -> tuple[str, str]:
    return "esm", "the default for suit problems"


SUIT = Kind(
    name="suit",
    description="single-suit combinations (North-South declarer, unlimited entries unless limited)",
    loader="bridgeplay.suit.problem:load",
    solvers=(
        SolverInfo("esm", "bridgeplay.suit.exact:solve",
                   "exact best defence (Pareto fronts; equals exhaustive strategy minimisation)"),
        SolverInfo("repeated", "bridgeplay.suit.repeated:solve",
                   "repeated minimaxing, double dummy per world (--scoring, --samples); value = its line's true worth"),
        SolverInfo("vector", "bridgeplay.suit.vector:solve",
                   "vector minimaxing (one choice for all worlds); value = true worth"),
        SolverInfo("prm", "bridgeplay.suit.vector:solve_prm",
                   "payoff-reduction minimaxing (AAAI-98); value = true worth"),
        SolverInfo("tactics", "bridgeplay.suit.tactics:solve",
                   "round-by-round tactic search, Frank & Basin's back-up, equally likely worlds; value = true worth"),
        SolverInfo("tactics-prior", "bridgeplay.suit.tactics:solve_prior",
                   "tactic search weighting worlds by their true odds; value = true worth"),
    ),
    default="bridgeplay.kinds:_suit_default",
    expect="bridgeplay.suit.expect",
    compare="bridgeplay.suit.compare:compare",
    kernels=SUIT_KERNELS,
    compile_seconds=40,
)

DEAL = Kind(
    name="deal",
    description="endings and full deals, declarer (North-South) to play, or any seat (to_play:), constraints",
    loader="bridgeplay.deal.problem:load",
    solvers=(
        SolverInfo("esm", "bridgeplay.deal.exact:solve",
                   "exact best defence over every layout (endings of at most 5,000 layouts)"),
        SolverInfo("deal-repeated", "bridgeplay.deal.sampling:solve_repeated",
                   "repeated minimaxing at the root, double dummy per sampled world, with an interval"),
        SolverInfo("deal-vector", "bridgeplay.deal.sampling:solve_vector",
                   "vector minimaxing over sampled worlds, DD leaves"),
        SolverInfo("deal-prm", "bridgeplay.deal.sampling:solve_prm",
                   "payoff-reduction minimaxing over sampled worlds, DD leaves"),
        SolverInfo("deal-alphamu", "bridgeplay.deal.sampling:solve_alphamu",
                   "exact best defence over sampled worlds (Pareto fronts, alpha-mu), DD leaves"),
        SolverInfo("montecarlo", "bridgeplay.deal.abc:solve_montecarlo",
                   "to_play: problems: Monte Carlo card selection, sum of double-dummy scores over sampled deals"),
        SolverInfo("abc", "bridgeplay.deal.abc:solve_abc",
                   "to_play: problems: Otawa & Uehara's ABC algorithm (the other players choose by their own views)"),
    ),
    default="bridgeplay.deal.exact:choose",
    expect="bridgeplay.deal.expect",
    compare="bridgeplay.deal.compare_seat:compare",
    kernels=DEAL_KERNELS,
    compile_seconds=60,
    default_time_limit=config.DEFAULT_DEAL_SECONDS,
)

TREE = Kind(
    name="tree",
    description="explicit game trees with information sets (Frank & Basin's figures)",
    loader="bridgeplay.games.tree.problem:load_tree_problem",
    solvers=(
        SolverInfo("esm", "bridgeplay.games.tree.solvers:solve_esm", "exhaustive strategy minimisation (Fig. 4)"),
        SolverInfo("pareto", "bridgeplay.games.tree.solvers:solve_pareto",
                   "exact by Pareto fronts (single-node information sets)"),
        SolverInfo("mm", "bridgeplay.games.tree.solvers:solve_mm", "minimax per world (Fig. 6): an upper bound"),
        SolverInfo("repeated", "bridgeplay.games.tree.solvers:solve_repeated",
                   "repeated minimaxing (--scoring levy|ginsberg|threshold, --samples)"),
        SolverInfo("vector", "bridgeplay.games.tree.solvers:solve_vector", "vector minimaxing"),
        SolverInfo("prm", "bridgeplay.games.tree.solvers:solve_prm", "payoff-reduction minimaxing"),
    ),
    default="bridgeplay.games.tree.solvers:choose",
    expect="bridgeplay.games.tree.expect",
    compare="bridgeplay.games.tree.compare:compare",
    tricks_target=False,
)

IMP = Kind(
    name="imp",
    description="one-player games with information sets and chance (van Lent & Mutchler), payoffs at most U",
    loader="bridgeplay.games.imp.problem:load_imp_problem",
    solvers=(
        SolverInfo("imp-minimax", "bridgeplay.games.imp.solvers:solve_minimax",
                   "IMP-minimax: the exact value and an optimal strategy (perfect recall), every leaf examined"),
        SolverInfo("imp-alpha-beta", "bridgeplay.games.imp.solvers:solve_alpha_beta",
                   "IMP-alpha-beta: the same value, pruning with the payoffs' upper bound U"),
    ),
    default="bridgeplay.games.imp.solvers:choose",
    expect="bridgeplay.games.imp.expect",
    tricks_target=False,
)

TRICK = Kind(
    name="trick",
    description="n-player trick games (Sergeant Major, 3-player Hearts) and n-player trees: maxⁿ and its pruning",
    loader="bridgeplay.games.maxn.problem:load",
    solvers=(
        SolverInfo("maxn", "bridgeplay.games.maxn.solvers:solve_maxn",
                   "maxⁿ with immediate pruning (ties to the left)"),
        SolverInfo("shallow", "bridgeplay.games.maxn.solvers:solve_shallow",
                   "maxⁿ with shallow pruning (only where maxsum < 2·maxp, Lemma 1)"),
        SolverInfo("dfbnb", "bridgeplay.games.maxn.solvers:solve_dfbnb", "maxⁿ with depth-first branch-and-bound"),
        SolverInfo("abbnb", "bridgeplay.games.maxn.solvers:solve_abbnb", "maxⁿ with alpha-beta branch-and-bound"),
        SolverInfo("paranoid", "bridgeplay.games.maxn.solvers:solve_paranoid",
                   "the paranoid 2-player reduction, alpha-beta (its own value)"),
        SolverInfo("paranoid-h", "bridgeplay.games.maxn.solvers:solve_paranoid_h",
                   "the paranoid reduction with the heuristic's bounds"),
        SolverInfo("maxn-tt", "bridgeplay.games.maxn.solvers:solve_maxn_tt",
                   "maxⁿ with a transposition table (deals)"),
    ),
    default="bridgeplay.games.maxn.solvers:choose",
    expect="bridgeplay.games.maxn.expect",
    kernels=TRICK_KERNELS,
    compile_seconds=20,
    tricks_target=False,
)

KINDS: dict[str, Kind] = {k.name: k for k in (SUIT, DEAL, TREE, IMP, TRICK)}


def names() -> tuple[str, ...]:
    return tuple(KINDS)


def _names_text() -> str:
    n = list(KINDS)
    return ", ".join(n[:-1]) + " or " + n[-1] if len(n) > 1 else n[0]


def get(name: str) -> Kind:
    """The kind called ``name`` (KeyError if none)."""
    return KINDS[name]


def of(problem: Problem) -> Kind:
    """The kind of a loaded problem."""
    return KINDS[problem.kind]


def solver_names() -> list[str]:
    """Every solver name, of any kind, sorted."""
    return sorted({s.name for k in KINDS.values() for s in k.solvers})


def kinds_of(solver: str) -> list[Kind]:
    """The kinds that have a solver called ``solver``."""
    return [k for k in KINDS.values() if k.solver(solver) is not None]


# -- loading ------------------------------------------------------------------------------------------
def from_dict(data: Mapping[str, Any], path: str = "<problem>") -> Problem:
    """Validate a problem mapping: its kind's loader, then the meaning of its ``expect:`` block."""
    data = as_mapping(data, path)
    kind_name = data.get("kind")
    if kind_name is None:
        raise fail(path, "kind", f"missing field ({_names_text()})")
    if not isinstance(kind_name, str) or kind_name not in KINDS:
        raise fail(path, "kind", f"unknown kind {shown(kind_name)} ({_names_text()})")
    kind = KINDS[kind_name]
    problem = kind.load(dict(data), path)
    per = (problem.expect or {}).get("solvers") if isinstance(problem.expect, dict) else None
    for name in per or {}:
        if kind.solver(name) is None:
            raise fail(path, f"expect.solvers.{name}", "unknown solver (see `bridgeplay solvers`)")
    kind.semantics.validate(problem)
    return problem


def load(source: str | os.PathLike[str] | Mapping[str, Any], path: str | None = None) -> Problem:
    """A validated problem from a YAML file's path, or from a mapping (``path`` names it in errors)."""
    if isinstance(source, Mapping):
        return from_dict(source, path or "<problem>")
    where = os.fspath(source)
    return from_dict(read_yaml(where), path or where)


# -- solving ------------------------------------------------------------------------------------------
def resolve(problem: Problem, solver: str | None, options: Options) -> tuple[SolverInfo, str | None]:
    """The solver that will run and why (None when the user named it).

    A solver the user names runs, or :class:`SolverError` says why not: never another in its place.
    """
    kind = of(problem)
    if solver is None:
        name, why = kind.choose(problem, options)
        info = kind.solver(name)
        assert info is not None, f"{kind.name}'s default names an unknown solver {shown(name)}"
        return info, why
    info = kind.solver(solver)
    only = getattr(problem, "only_solvers", None)  # a problem type some of its kind's solvers cannot read
    if info is not None and only is not None and info.name not in only:
        raise SolverError(problem.file, solver, f"solver {shown(solver)} does not solve this problem "
                                                f"(its solvers: {', '.join(only)})")
    if info is None:
        if not kinds_of(solver):
            raise SolverError(problem.file, solver,
                              f"unknown solver {shown(solver)} (one of: {', '.join(solver_names())})")
        raise SolverError(problem.file, solver, f"solver {shown(solver)} does not solve {kind.name} problems "
                                                f"({kind.name} solvers: {', '.join(kind.solver_names)})")
    return info, None


def solve(problem: Problem, solver: str | None = None, options: Options | None = None) -> Result:
    """Solve ``problem`` with the named solver, or its kind's default (the result then says why)."""
    options = options or Options()
    info, why = resolve(problem, solver, options)
    limit = of(problem).default_time_limit
    if why is not None and options.time_limit is None and limit is not None:
        options = replace(options, time_limit=limit)
        why += f"; stops after {limit:g} s (--time-limit to change)"
    t0 = time.perf_counter()
    result = info.function(problem, options)
    result.solver = info.name
    result.why = why
    result.stats.setdefault("seconds", round(time.perf_counter() - t0, 4))
    return result


# -- expect: ------------------------------------------------------------------------------------------
def check(problem: Problem, result: Result) -> tuple[list[str], dict[str, Any]]:
    """Mismatches between ``result`` and the problem's ``expect:`` (and what else was solved to check it)."""
    return of(problem).semantics.check(problem, result)


def checkable(problem: Problem, solver: str) -> bool:
    """Whether the problem's ``expect:`` holds anything to check for ``solver``."""
    return bool(problem.expect) and of(problem).semantics.checkable(problem.expect, solver)


def describe_expect(problem: Problem, solver: str) -> str:
    """The problem's expectation in a few words."""
    return of(problem).semantics.describe(problem, solver) if problem.expect else ""


def validate_file(path: str | Path) -> Problem:
    """Load a file and check its ``expect:`` block; :class:`ProblemError` (one line) when invalid."""
    return load(path)


__all__ = ["DEAL", "IMP", "KINDS", "SUIT", "TREE", "TRICK", "Kind", "Problem", "ProblemError", "SolverInfo", "check",
           "checkable", "describe_expect", "from_dict", "get", "kinds_of", "load", "names", "of", "resolve", "solve",
           "solver_names", "validate_file"]


def normalise_move(move: str, problem: Problem | None = None) -> str:
    """A move as the problem's kind compares moves (``S:2`` is ``S:x`` where the 2 is a small card)."""
    if problem is None:
        from bridgeplay.cards import normalise_move as plain

        return plain(move)
    semantics = of(problem).semantics
    normaliser = getattr(semantics, "normaliser", None)
    if normaliser is None:
        from bridgeplay.cards import normalise_move as plain

        return plain(move)
    return normaliser(problem)(move)
