"""Exact best defence (the value exhaustive strategy minimisation defines), via Pareto fronts.

``solve(problem, options)`` returns the best line's chance (or expected tricks), the
value of every distinct first play, the Encyclopedia-style verification table and
the line as a strategy tree.  The literal ESM of Fig. 4 lives in
``tests/reference/esm_literal.py`` and the tests prove both give the same values.
"""

from __future__ import annotations

import os
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.cards import popcount
from bridgeplay.problem import ProblemError, SuitProblem
from bridgeplay.result import MoveValue, Result, Split
from bridgeplay.solvers.suitsearch import LEAD_FREE, LEAD_N, LEAD_S, Decision, N, S, SuitSearch
from bridgeplay.worlds import SuitWorlds, suit_worlds

SEATS = "NESW"


@dataclass
class Options:
    """Options every solver accepts (each uses what applies to it)."""

    depth: int = 3
    scoring: str = "threshold"
    samples: int | None = None
    seed: int = config.DEFAULT_SEED
    time_limit: float | None = None
    lookahead: int | None = None  # deals: tricks searched exactly before double-dummy leaves


def worlds_for(problem: SuitProblem) -> SuitWorlds:
    try:
        return suit_worlds(
            problem.outstanding, problem.west_known, problem.east_known, problem.vacant_west, problem.vacant_east
        )
    except ValueError as exc:
        raise ProblemError(problem.file, "west", str(exc)) from None


def move_text(problem: SuitProblem, seat: int, rank: int) -> str:
    return f"{SEATS[seat]}:{problem.card_text(rank)}"


def root_lead(problem: SuitProblem) -> int:
    return {None: LEAD_FREE, "N": LEAD_N, "S": LEAD_S}[problem.lead]


def thresholds(problem: SuitProblem, target: int | None) -> tuple[int, ...]:
    if target is None:
        return tuple(range(1, problem.max_tricks + 1))
    return (target,)


class SuitAnalysis:
    """A solved search for one target (or for expected tricks), with helpers to read it.

    The first plays are dealt to :data:`config.SUIT_SEARCHES` searches, solved side by side on
    ``threads`` threads (default :func:`solve_threads`); a play's strategy is read from the search
    that solved it.
    """

    def __init__(self, problem: SuitProblem, target: int | None, worlds: SuitWorlds | None = None,
                 threads: int | None = None) -> None:
        self.problem = problem
        self.target = target
        self.worlds = worlds or worlds_for(problem)
        self.search = SuitSearch(problem.north, problem.south, problem.outstanding, self.worlds.west)
        self.ths = thresholds(problem, target)
        self.levels = len(self.ths)
        p, s, dfd = problem.north, problem.south, problem.outstanding
        self.root_args = (p, s, dfd, self.search.all)
        lead = root_lead(problem)
        self.search.start(p, s, dfd, lead, self.ths, self.worlds.prob)
        plays = self.search.first_plays(p, s, dfd, lead)
        # the plays dealt in turn to SUIT_SEARCHES searches (one for a small problem), whatever the
        # threads: which search solves a play decides, among equal lines, the one it finds, and the
        # answer must not depend on the machine
        k = min(config.SUIT_SEARCHES, len(plays)) if shared_out(self.worlds) else 1
        self.searches = [self.search]
        for _ in range(k - 1):
            other = SuitSearch(p, s, dfd, self.worlds.west)
            other.share_dd(self.search)  # the double-dummy tricks, made once
            other.start(p, s, dfd, lead, self.ths, self.worlds.prob)
            self.searches.append(other)
        # seat, rank, front (every vector worth the move's value at least), value, best row
        solved: dict[tuple[int, int], tuple[int, int, np.ndarray, float, int]] = {}
        self.solved_by: dict[tuple[int, int], SuitSearch] = {}

        def work(j: int) -> None:
            for play in plays[j::k]:
                solved[play] = self.searches[j].first_move(p, s, dfd, self.ths, *play)
                self.solved_by[play] = self.searches[j]

        side_by_side(work, range(k), solve_threads() if threads is None else threads)
        # best first (stable: North before South, high cards before low on ties)
        self.first_moves: list[tuple[int, int, np.ndarray, float, int]] = [solved[play] for play in plays]
        self.first_moves.sort(key=lambda m: -m[3])

    @property
    def nodes(self) -> int:
        """Positions solved, by every search."""
        return sum(search.nodes for search in self.searches)

    @property
    def value(self) -> float:
        return self.first_moves[0][3]

    def best_levels(self) -> list[int]:
        seat, r, f, v, i = self.first_moves[0]
        return self.search.row_levels(f[i], self.levels)

    def success_worlds(self) -> int:
        """Bitset of the worlds where the best line makes the target (target problems)."""
        return self.best_levels()[0]

    def strategy(self, depth: int) -> list[Decision]:
        seat, r, f, v, i = self.first_moves[0]
        search = self.solved_by[(seat, r)]
        need = search.row_levels(f[i], self.levels)
        p = self.problem
        n2 = p.north & ~(1 << r) if seat == N else p.north
        s2 = p.south & ~(1 << r) if seat == S else p.south
        # with the threshold the first play was solved with, the search's own calls are walked again
        sub = search.explain_play(
            n2, s2, p.outstanding, search.all, self.ths, seat, ((seat, r),), need, depth - 1,
            xs=search.first_x[(seat, r)], tau=search.first_tau.get((seat, r)),
        )
        return [Decision(seat, r, search.all, sub)]


def world_tricks(levels: list[int], nw: int) -> list[int]:
    """Tricks per world from threshold levels 1..L."""
    return [sum(1 for lv in levels if lv >> i & 1) for i in range(nw)]


def holding_case(problem: SuitProblem, west: int, east: int) -> str:
    return f"{problem.holding_text(west) if west else '—'}–{problem.holding_text(east) if east else '—'}"


def split_rows(problem: SuitProblem, worlds: SuitWorlds, good: dict[int, float]) -> list[Split]:
    """The verification table: one row per West length; ``good`` maps world -> payoff weight (1 = success)."""
    n = popcount(problem.outstanding)
    rows = []
    target_mode = all(v in (0.0, 1.0) for v in good.values())
    for k in range(n + 1):
        idx = [i for i in range(len(worlds)) if popcount(int(worlds.west[i])) == k]
        if not idx:
            continue
        prob = float(sum(worlds.prob[i] for i in idx))
        contribution = float(sum(worlds.prob[i] * good.get(i, 0.0) for i in idx))
        cases: OrderedDict[str, int] = OrderedDict()
        for i in idx:
            g = good.get(i, 0.0)
            if g == 0.0:
                continue
            text = holding_case(problem, int(worlds.west[i]), worlds.east(i))
            if not target_mode:
                text += f" ({g:g})"
            cases[text] = cases.get(text, 0) + 1
        holdings = [t if c == 1 else f"{t} ×{c}" for t, c in cases.items()]
        successes = sum(1 for i in idx if good.get(i, 0.0) > 0) if target_mode else None
        rows.append(Split(k, n - k, prob, len(idx), successes, contribution, holdings))
    return rows


def strategy_json(
    problem: SuitProblem, decisions: list[Decision], worlds: SuitWorlds, position: int = 0
) -> list[dict[str, Any]]:
    """The strategy tree as JSON; ``position`` is the number of cards already played to the current trick."""
    out = []
    for d in decisions:
        if d.rank == -1:
            card = "exit"
        elif d.rank == 0:
            card = "discard"
        else:
            card = problem.card_text(d.rank)
        side = "declarer" if d.seat in (0, 2) else "defence"
        node: dict[str, Any] = {"play": f"{SEATS[d.seat]}:{card}", "side": side, "lead": position == 0}
        if d.seat in (1, 3):
            node["probability"] = float(sum(worlds.prob[i] for i in range(len(worlds)) if d.worlds >> i & 1))
        if d.decided:
            node["decided"] = True
        if d.children:
            nxt = 0 if d.rank == -1 else (position + 1) % 4
            node["then"] = strategy_json(problem, d.children, worlds, nxt)
        out.append(node)
    return out


def shared_out(worlds: SuitWorlds) -> bool:
    """Whether a problem's work is worth sharing out to threads: more than SUIT_PARALLEL_WORLDS worlds."""
    return len(worlds) > config.SUIT_PARALLEL_WORLDS


def side_by_side(fn: Callable[[Any], Any], items: Iterable[Any], threads: int) -> list[Any]:
    """``[fn(x) for x in items]``, on up to ``threads`` threads (in this one when 1)."""
    items = list(items)
    threads = min(threads, len(items))
    if threads <= 1:
        return [fn(x) for x in items]
    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(fn, items))


def solve_threads() -> int:
    """Threads for a problem's first plays or targets: :data:`config.SUIT_THREADS`, at most this process's cores."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(1, min(config.SUIT_THREADS, cores))


def analyses(problem: SuitProblem, worlds: SuitWorlds) -> list[SuitAnalysis]:
    """One solved search per target 1..max, side by side on :func:`solve_threads` threads.

    Each target has a search (and memos) of its own, and the exact kernels release the GIL, so
    the threads share nothing but the read-only problem and worlds.  Targets go out lowest first:
    the low ones have the most worlds left to win (double dummy) and are often the slow ones, and
    a target no world can make takes a moment.
    """
    targets = range(1, problem.max_tricks + 1)
    threads = solve_threads() if shared_out(worlds) else 1
    # (on its thread, a target's first plays then in turn)
    return side_by_side(lambda t: SuitAnalysis(problem, t, worlds, threads=1 if threads > 1 else None), targets,
                        threads)


def solve(problem: Any, options: Options | None = None) -> Result:
    if getattr(problem, "kind", "") == "deal":
        from bridgeplay.solvers.dealexact import solve as _s
        return _s(problem, options)
    if not isinstance(problem, SuitProblem):
        from bridgeplay.solvers import unsupported

        raise unsupported("esm", problem)
    options = options or Options()
    t0 = time.perf_counter()
    worlds = worlds_for(problem)
    if len(worlds) > config.MAX_SUIT_WORLDS:
        raise ProblemError(problem.file, "north", f"{len(worlds)} worlds is more than the exact solver takes")
    nodes = 0
    if problem.objective == "tricks" or problem.tricks is not None:
        target = problem.tricks if problem.objective == "target" else None
        an = SuitAnalysis(problem, target, worlds)
        nodes = an.nodes
        levels = an.best_levels()
        if target is None:
            tr = world_tricks(levels, len(worlds))
            good = {i: float(t) for i, t in enumerate(tr)}
        else:
            good = {i: 1.0 for i in range(len(worlds)) if levels[0] >> i & 1}
        moves = [
            MoveValue(move_text(problem, seat, r), v if target is not None else None, v if target is None else None)
            for seat, r, f, v, i in an.first_moves
        ]
        strategy = strategy_json(problem, an.strategy(options.depth), worlds)
        result = Result(
            problem=problem.name,
            file=problem.file,
            kind="suit",
            solver="esm",
            target=target,
            probability=an.value if target is not None else None,
            expected_tricks=an.value if target is None else None,
            objective=problem.objective,
            moves=moves,
            splits=split_rows(problem, worlds, good),
            strategy=strategy,
        )
    else:
        # tricks: max -> the best line for every target, one row each
        table: list[dict[str, Any]] = []
        for target, an in zip(range(1, problem.max_tricks + 1), analyses(problem, worlds)):
            nodes += an.nodes
            table.append({"tricks": target, "probability": an.value, "moves": [
                move_text(problem, seat, r) for seat, r, f, v, i in an.first_moves if v >= an.value - 1e-9
            ]})
        result = Result(
            problem=problem.name,
            file=problem.file,
            kind="suit",
            solver="esm",
            target="max",
            probability=None,
            objective="target",
            moves=[],
            table=table,
        )
    result.stats = {"nodes": nodes, "seconds": round(time.perf_counter() - t0, 4), "worlds": len(worlds)}
    return result
