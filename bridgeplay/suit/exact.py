"""Exact best defence (the value exhaustive strategy minimisation defines), via Pareto fronts.

``solve(problem, options)`` returns the best line's chance (or expected tricks), the
value of every distinct first play, the Encyclopedia-style verification table and
the line as a strategy tree.  The literal ESM of Fig. 4 lives in
``tests/reference/esm_literal.py`` and the tests prove both give the same values.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.cards import N, S, popcount
from bridgeplay.engine.vectors import values
from bridgeplay.errors import SolverError
from bridgeplay.options import Options, thread_count
from bridgeplay.result import MoveValue, Result, Split
from bridgeplay.suit.problem import SuitProblem
from bridgeplay.suit.search import LEAD_FREE, LEAD_N, LEAD_S, Budget, Decision, SuitSearch, TimeUp
from bridgeplay.suit.words import line_in_words
from bridgeplay.suit.worlds import SuitWorlds, worlds_for

WORDS_DEPTH = 4  # declarer decisions read to put the line in words: two tricks (lead and third hand each);
# deeper costs seconds on the largest problems (the whole tree is explained to that depth)
METHOD = "exact best defence over every layout (Pareto fronts; equals ESM)"


def move_text(problem: SuitProblem, seat: int, rank: int) -> str:
    return problem.move_text(seat, rank)


def root_lead(problem: SuitProblem) -> int:
    return {None: LEAD_FREE, "N": LEAD_N, "S": LEAD_S}[problem.lead]


def thresholds(problem: SuitProblem, target: int | None) -> tuple[int, ...]:
    if target is None:
        return tuple(range(1, problem.max_tricks + 1))
    return (target,)


def dealt_searches(problem: SuitProblem, worlds: SuitWorlds, ths: tuple[int, ...], budget: Budget | None = None,
                   only: tuple[int, int] | None = None) -> tuple[list[tuple[int, int]], list[SuitSearch]]:
    """The first plays (``only``: that one), and the searches they are dealt to in turn: ``SUIT_SEARCHES`` of
    them (one for a small problem), started at the problem's root over the levels ``ths``.  The play ``j`` goes
    to search ``j % k`` whatever the threads: which search solves a play decides, among equal lines, the one
    it finds, and the answer must not depend on the machine."""
    p, s, dfd = problem.north, problem.south, problem.outstanding
    lead = root_lead(problem)
    first = SuitSearch(p, s, dfd, worlds.west, budget=budget)
    first.start(p, s, dfd, lead, ths, worlds.prob)
    plays = first.first_plays(p, s, dfd, lead) if only is None else [only]
    k = min(config.SUIT_SEARCHES, len(plays)) if shared_out(worlds) else 1
    searches = [first]
    for _ in range(k - 1):
        other = SuitSearch(p, s, dfd, worlds.west, budget=budget)
        other.share_dd(first)  # the double-dummy tricks, made once
        other.start(p, s, dfd, lead, ths, worlds.prob)
        searches.append(other)
    return plays, searches


class SuitAnalysis:
    """A solved search for one target (or for expected tricks), with helpers to read it.

    The first plays are dealt to :data:`config.SUIT_SEARCHES` searches, solved side by side on
    ``threads`` threads (default :func:`solve_threads`); a play's strategy is read from the search
    that solved it.  ``only``: solve this first play (seat, rank) alone, whose value is known to be at least
    ``floor`` (to read its line: see :class:`AllTargets`).
    """

    def __init__(self, problem: SuitProblem, target: int | None, worlds: SuitWorlds | None = None,
                 threads: int | None = None, budget: Budget | None = None,
                 only: tuple[int, int] | None = None, floor: float = 0.0) -> None:
        self.problem = problem
        self.target = target
        self.worlds = worlds or worlds_for(problem)
        self.ths = thresholds(problem, target)
        self.levels = len(self.ths)
        p, s, dfd = problem.north, problem.south, problem.outstanding
        plays, self.searches = dealt_searches(problem, self.worlds, self.ths, budget, only)
        self.search = self.searches[0]
        self.root_args = (p, s, dfd, self.search.all)
        k = len(self.searches)
        # seat, rank, front (every vector worth the move's value at least), value, best row
        solved: dict[tuple[int, int], tuple[int, int, np.ndarray, float, int]] = {}
        self.solved_by: dict[tuple[int, int], SuitSearch] = {}

        def work(j: int) -> None:
            for play in plays[j::k]:
                solved[play] = self.searches[j].first_move(p, s, dfd, self.ths, *play, floor=floor)
                self.solved_by[play] = self.searches[j]

        side_by_side(work, range(k), solve_threads() if threads is None else threads)
        # best first (stable: North before South, high cards before low on ties)
        self.first_moves: list[tuple[int, int, np.ndarray, float, int]] = [solved[play] for play in plays]
        self.first_moves.sort(key=lambda m: -m[3])
        self._lines: dict[int, list[Decision]] = {}  # strategy(depth), by depth

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
        """The best line as a tree of ``depth`` declarer decisions (made once per depth, then kept)."""
        if depth not in self._lines:
            self._lines[depth] = self._strategy(depth)
        return self._lines[depth]

    def _strategy(self, depth: int) -> list[Decision]:
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


class AllTargets:
    """Every target's chance and the expected tricks, in one search (``tricks: max``).

    The search runs over payoff vectors of tricks (levels 1..max, one bitset of worlds each), with one
    threshold per objective -- each number of tricks, and the expected tricks -- and keeps the rows worth
    some objective's threshold (:meth:`SuitSearch.first_move_all`).  Per first play, in turn, the thresholds
    of the targets start at the best value another play has reached, so a play that cannot match the best
    for a target is not solved out for it; the expected tricks are solved exactly for every play (the report
    lists each first play's).
    """

    def __init__(self, problem: SuitProblem, worlds: SuitWorlds | None = None, threads: int | None = None,
                 budget: Budget | None = None) -> None:
        self.problem = problem
        self.budget = budget
        self._lines: dict[tuple[int | None, int], list[Decision]] = {}
        self._alone: dict[tuple[int | None, int, int], SuitAnalysis] = {}
        self.worlds = worlds or worlds_for(problem)
        self.ths = thresholds(problem, None)
        L = self.levels = len(self.ths)
        p, s, dfd = problem.north, problem.south, problem.outstanding
        # (each search starts its plays' targets from the best of every play's lower bound and of its solved plays)
        self.plays, self.searches = dealt_searches(problem, self.worlds, self.ths, budget)
        k = len(self.searches)
        # per first play, per objective: its exact value, or -1 when below the best the search had reached
        self.values: dict[tuple[int, int], np.ndarray] = {}
        self.solved_by: dict[tuple[int, int], SuitSearch] = {}

        fronts: dict[tuple[int, int], np.ndarray] = {}  # (the lower-bound fronts, given to first_move_all)
        lbv: dict[tuple[int, int], np.ndarray] = {}  # (their value per objective)
        nthreads = solve_threads() if threads is None else threads

        def bound(j: int) -> None:
            search = self.searches[j]
            for play in self.plays[j::k]:
                x = search.play_x(self.ths, *play)
                lb = fronts[play] = search.lead_front(p, s, dfd, x, self.ths, *play, search.lb_objectives(L),
                                                      lower=True)
                lbv[play] = np.maximum(search.objective_values(lb, L), 0.0) if lb.shape[0] else np.zeros(L + 1)

        start = np.zeros(L + 1)  # (each level's floor before a search's first play: see below)

        def work(j: int) -> None:
            search = self.searches[j]
            mine = self.plays[j::k]
            best = start.copy()
            if search.length_weights:
                # the most promising first (by a lower-bound search's expected tricks): the thresholds the later
                # plays start from are then high at once
                mine = sorted(mine, key=lambda play: -lbv[play][L])
            for play in mine:
                floor = best.copy()
                floor[L] = 0.0  # (every play's expected tricks are wanted)
                v = self.searches[j].first_move_all(p, s, dfd, self.ths, *play, floor=floor, ahead=best,
                                                    lb=fronts.get(play), lbv=lbv.get(play))
                self.values[play] = v
                self.solved_by[play] = self.searches[j]
                best = np.maximum(best, v)

        # (every search's lower bounds first, each search's on its own thread, so that each search starts from the
        # bounds of every first play)
        if self.searches[0].length_weights:
            side_by_side(bound, range(k), nthreads)
            if config.SUIT_LB_FLOOR:
                # each level's floor from the start: the best that any first play's lower bound reaches, in every
                # search (a real line's value, so a play below it for that level is not wanted), not only what
                # this search's plays solved before reached (KJx/xxx: the lead of the 2, first in its search for
                # its expected tricks, was asked for one trick above its own 0.553, where the lead toward the
                # king, dealt to the other search, has 0.76)
                for play in self.plays:
                    start[:L] = np.maximum(start[:L], lbv[play][:L])
        side_by_side(work, range(k), nthreads)
        self.best = np.max([self.values[play] for play in self.plays], axis=0)

    @property
    def nodes(self) -> int:
        """Positions solved, by every search (and the searches that read lines of targets settled without it)."""
        return sum(search.nodes for search in self.searches) + sum(a.nodes for a in self._alone.values())

    def chance(self, target: int) -> float:
        """The best line's chance of ``target`` tricks (1..max)."""
        return float(self.best[target - 1])

    @property
    def expected(self) -> float:
        return float(self.best[self.levels])

    def best_plays(self, target: int | None) -> list[tuple[int, int]]:
        """The first plays that reach the best value for ``target`` (None: expected tricks), in play order."""
        k = self.levels if target is None else target - 1
        return [play for play in self.plays if self.values[play][k] >= self.best[k] - 1e-9]

    def expected_by_play(self) -> list[tuple[int, int, float]]:
        """Every first play's expected tricks, best first (stable: the play order on ties)."""
        out = [(seat, r, float(self.values[(seat, r)][self.levels])) for seat, r in self.plays]
        return sorted(out, key=lambda m: -m[2])

    def strategy(self, target: int | None, depth: int) -> list[Decision]:
        """The best line for ``target`` (None: expected tricks) as a tree of ``depth`` declarer decisions, read
        off this search: from its best first play, the row of that play's front best for the target (cut to
        the target's level), walked down the search's own calls.  A target the lower bound settled without the
        search (see :meth:`SuitSearch.first_move_all`) has its line read off a search of that play alone, at
        the threshold of its known value."""
        key = (target, depth)
        if key not in self._lines:
            self._lines[key] = self._strategy(target, depth)
        return self._lines[key]

    def _alone_analysis(self, target: int | None) -> SuitAnalysis | None:
        """The search of the best first play alone for ``target``, when this one did not search it (see
        :meth:`strategy`), else None."""
        k = self.levels if target is None else target - 1
        seat, r = self.best_plays(target)[0]
        search = self.solved_by[(seat, r)]
        got = search.first_all.get((self.ths, seat, r))
        if got is not None and got[1][k] < np.inf and search.length_weights:
            return None
        if (target, seat, r) not in self._alone:
            self._alone[(target, seat, r)] = SuitAnalysis(self.problem, target, self.worlds, threads=1,
                                                          budget=self.budget, only=(seat, r), floor=float(self.best[k]))
        return self._alone[(target, seat, r)]

    def _line(self, target: int | None) -> tuple:
        """(worlds, thresholds, front) of the best first play's search for ``target`` whose front holds its best
        row (see :meth:`SuitSearch.line_front`)."""
        k = self.levels if target is None else target - 1
        seat, r = self.best_plays(target)[0]
        p = self.problem
        return self.solved_by[(seat, r)].line_front(p.north, p.south, p.outstanding, self.ths, seat, r, k,
                                                    float(self.best[k]))

    def _need(self, target: int | None) -> np.ndarray:
        """The best first play's row best for ``target`` (cut to its level), as this search found it."""
        L = self.levels
        k = L if target is None else target - 1
        seat, r = self.best_plays(target)[0]
        search = self.solved_by[(seat, r)]
        front = self._line(target)[2]
        nwords = search.nwords
        need = front[int(np.argmax(values(front, search._oweights[L][k], L * nwords)))].copy()
        if target is not None:
            need[: k * nwords] = 0
            need[(k + 1) * nwords:] = 0
        return need

    def wins(self, target: int) -> int:
        """Bitset of the worlds where the best line for ``target`` makes it."""
        alone = self._alone_analysis(target)
        if alone is not None:
            return alone.success_worlds()
        seat, r = self.best_plays(target)[0]
        search = self.solved_by[(seat, r)]
        return search.row_levels(self._need(target), self.levels)[target - 1]

    def _strategy(self, target: int | None, depth: int) -> list[Decision]:
        L = self.levels
        k = L if target is None else target - 1
        alone = self._alone_analysis(target)
        if alone is not None:
            return alone.strategy(depth)
        seat, r = self.best_plays(target)[0]
        search = self.solved_by[(seat, r)]
        x, tv, front = self._line(target)
        need = self._need(target)
        focus = None if target is None else (k,)
        p = self.problem
        n2 = p.north & ~(1 << r) if seat == N else p.north
        s2 = p.south & ~(1 << r) if seat == S else p.south
        sub = search.explain_play(n2, s2, p.outstanding, search.all, self.ths, seat, ((seat, r),), need, depth - 1,
                                  xs=x, tau=tv, focus=focus)
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
    """The strategy tree as JSON; ``position`` is the number of cards already played to the current trick.

    A defender's cards that read the same (spot cards written ``x``) with the same line below them are
    one branch, reached in the union of their worlds."""
    out: list[dict[str, Any]] = []
    merged: dict[str, tuple[dict[str, Any], int]] = {}
    for d in decisions:
        side = "declarer" if d.seat in (0, 2) else "defence"
        node: dict[str, Any] = {"play": problem.move_text(d.seat, d.rank), "side": side, "lead": position == 0}
        if d.decided:
            node["decided"] = True
            if d.avoided:
                node["avoided"] = True
        if d.children:
            nxt = 0 if d.rank == -1 else (position + 1) % 4
            node["then"] = strategy_json(problem, d.children, worlds, nxt)
        if d.seat in (1, 3):
            key = json.dumps(node, sort_keys=True)
            if key in merged:
                first, reach = merged[key]
                merged[key] = (first, reach | d.worlds)
                continue
            merged[key] = (node, d.worlds)
        out.append(node)
    for node, reach in merged.values():
        node["probability"] = float(sum(worlds.prob[i] for i in range(len(worlds)) if reach >> i & 1))
    return out


def _nodes(tree: list[dict[str, Any]]) -> int:
    """Nodes of a strategy tree (JSON)."""
    return sum(1 + _nodes(n.get("then", [])) for n in tree)


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


def solve_threads(threads: int | None = None) -> int:
    """Threads for a problem's first plays or targets: ``threads`` (default :data:`config.SUIT_THREADS`), at
    most this process's cores."""
    return thread_count(threads, config.SUIT_THREADS)


def solve(problem: SuitProblem, options: Options | None = None) -> Result:
    """Exact best defence (``--solver esm``): the best line, every first play, the table and the line."""
    options = options or Options()
    t0 = time.perf_counter()
    worlds = worlds_for(problem)
    if len(worlds) > config.MAX_SUIT_WORLDS:
        raise SolverError(problem.file, "esm", f"esm cannot take {len(worlds):,} worlds (limit "
                          f"{config.MAX_SUIT_WORLDS:,}); try --solver repeated --samples 100")
    try:
        with Budget(options.time_limit, options.max_memory) as budget:
            return _solve(problem, options, worlds, budget, t0)
    except TimeUp as stop:
        if stop.reason == "memory":
            raise SolverError(problem.file, "esm", (
                f"esm needed more than --max-memory {options.max_memory / 2**30:.3g} GiB over {len(worlds):,} worlds; "
                f"give it more (--max-memory 4G), or try --solver repeated --samples 100")) from None
        raise SolverError(problem.file, "esm", (
            f"esm did not finish within the time limit of {options.time_limit:g} s over {len(worlds):,} worlds; "
            f"give it more time (--time-limit), or try --solver repeated --samples 100")) from None


def _solve(problem: SuitProblem, options: Options, worlds: SuitWorlds, budget: Budget, t0: float) -> Result:
    nodes = 0
    result = Result(problem=problem.name, file=problem.file, kind="suit", solver="esm", method=METHOD, exact=True,
                    objective=problem.objective)
    if problem.objective == "tricks" or problem.tricks is not None:
        target = problem.tricks if problem.objective == "target" else None
        an = SuitAnalysis(problem, target, worlds, threads=solve_threads(options.threads), budget=budget)
        nodes = an.nodes
        levels = an.best_levels()
        if target is None:
            tr = world_tricks(levels, len(worlds))
            good = {i: float(t) for i, t in enumerate(tr)}
        else:
            good = {i: 1.0 for i in range(len(worlds)) if levels[0] >> i & 1}
        result.target = target
        result.probability = an.value if target is not None else None
        result.expected_tricks = an.value if target is None else None
        result.moves = [
            MoveValue(move_text(problem, seat, r), v if target is not None else None, v if target is None else None)
            for seat, r, f, v, i in an.first_moves
        ]
        result.splits = split_rows(problem, worlds, good)
        result.extra["line"] = line_in_words(problem, an.strategy(WORDS_DEPTH))
        if options.depth is not None:
            result.strategy = strategy_json(problem, an.strategy(options.depth), worlds)
        else:  # the longer tree when it stays short, else the usual depth
            result.strategy = strategy_json(problem, an.strategy(config.TREE_DEPTH_LONG), worlds)
            if _nodes(result.strategy) > config.TREE_NODES:
                result.strategy = strategy_json(problem, an.strategy(config.TREE_DEPTH), worlds)
    else:
        # tricks: max -> the best line for every target, one row each, and the line for the most tricks on
        # average, with every first play's expected tricks: all of it from one search over payoff vectors
        every = AllTargets(problem, worlds, threads=solve_threads(options.threads), budget=budget)
        for target in range(1, problem.max_tricks + 1):
            result.table.append({"tricks": target, "probability": every.chance(target), "moves": [
                move_text(problem, seat, r) for seat, r in every.best_plays(target)
            ], "line": line_in_words(problem, every.strategy(target, WORDS_DEPTH))})
        result.target = "max"
        result.expected_tricks = every.expected
        result.moves = [MoveValue(move_text(problem, seat, r), None, v) for seat, r, v in every.expected_by_play()]
        result.extra["line"] = line_in_words(problem, every.strategy(None, WORDS_DEPTH))
        nodes = every.nodes
    result.stats = {"nodes": nodes, "seconds": round(time.perf_counter() - t0, 4), "worlds": len(worlds)}
    if problem.legend:
        result.extra["legend"] = problem.legend
    return result
