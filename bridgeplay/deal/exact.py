"""Exact best defence for deal problems (endings, few hidden cards): the ``esm`` solver on ``kind: deal``.

Every layout of the defenders' cards is a world (equally likely, :mod:`bridgeplay.deal.worlds`); the
Pareto-front search of :mod:`bridgeplay.deal.search` returns, for each distinct first play of
declarer, the best chance of the target (or the most expected tricks) against a defence that knows
the layout and declarer's strategy -- what exhaustive strategy minimisation defines.  The report
is the single-suit one: the best card and its chance, every first play, a verification table
grouped by the defenders' layouts (suit lengths of West and East) listing the layouts that succeed,
and the line as a strategy tree.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.cards import SEAT_LETTERS, STRAIN_LETTERS, Card, deal_move
from bridgeplay.deal.problem import DealProblem
from bridgeplay.deal.search import DealSearch, Decision, TimeUp, without
from bridgeplay.deal.words import line_in_words
from bridgeplay.deal.worlds import DealWorlds, layout_key, layout_text
from bridgeplay.errors import SolverError
from bridgeplay.options import Options
from bridgeplay.result import MoveValue, Result, Split

METHOD = "exact best defence over every layout of the defenders' cards (Pareto fronts)"
WORDS_DEPTH = 8  # declarer decisions read to put the line in words (four tricks, lead and third hand each)


def root_state(problem: DealProblem) -> tuple[Any, Any, Any, int, tuple]:
    table = tuple((seat, c.suit, c.rank) for seat, c in zip(problem.table_seats, problem.table))
    return problem.north, problem.south, problem.defenders, problem.leader, table


def thresholds(problem: DealProblem) -> tuple[int, ...]:
    if problem.tricks is None:
        return tuple(range(1, problem.tricks_left + 1))
    return (problem.tricks,)


def too_many(count: int, limit: int = config.MAX_EXACT_LAYOUTS) -> str:
    """Why esm cannot take a deal of ``count`` layouts, and what would run."""
    return (f"esm cannot enumerate {count:,} layouts (limit {limit:,}); try --solver deal-alphamu "
            f"(or deal-repeated, deal-vector, deal-prm), which sample them")


def exact_worlds(problem: DealProblem, limit: int = config.MAX_EXACT_LAYOUTS) -> tuple[DealWorlds, np.ndarray]:
    """Every layout, or :class:`SolverError` when there are more than ``limit``."""
    worlds = DealWorlds(problem)
    if worlds.count > limit:
        raise SolverError(problem.file, "esm", too_many(worlds.count, limit))
    return worlds, worlds.enumerate()


def world_payoffs(levels: list[int], nw: int) -> list[float]:
    """Per world: 1/0 for a target (one level), else tricks (one level per trick)."""
    return [float(sum(1 for lv in levels if lv >> i & 1)) for i in range(nw)]


_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 15)], dtype=np.int64)  # ranks sit on bits 2..14


def split_rows(worlds: DealWorlds, west: np.ndarray, weights: np.ndarray, payoff: list[float],
               target_mode: bool) -> list[Split]:
    """Verification table: one row per layout pattern (suit lengths W / E), most likely first.

    Grouped with numpy (a time-limited sample can hold tens of thousands of layouts, and this table is
    written inside the limit); only the layouts that succeed are written out as text."""
    west = np.asarray(west, dtype=np.int64).reshape(-1, 4)
    east = np.asarray(worlds.dfd, dtype=np.int64)[None, :] & ~west
    lw, le = _POPCOUNT[west], _POPCOUNT[east]
    code = (np.concatenate([lw, le], axis=1) * (14 ** np.arange(8, dtype=np.int64))).sum(axis=1)
    _, first, group = np.unique(code, return_index=True, return_inverse=True)
    group = group.reshape(-1)
    w = np.asarray(weights, dtype=np.float64)
    pay = np.asarray(payoff, dtype=np.float64)
    total = float(w.sum())
    k = len(first)
    prob = np.bincount(group, weights=w, minlength=k) / total
    contribution = np.bincount(group, weights=w * pay, minlength=k) / total
    cases = np.bincount(group, minlength=k)
    wins = np.bincount(group, weights=(pay > 0).astype(np.float64), minlength=k)
    holdings: list[list[str]] = [[] for _ in range(k)]
    for i in np.flatnonzero(pay > 0).tolist():
        text = layout_text(west[i], east[i])
        holdings[int(group[i])].append(text if target_mode else f"{text} ({pay[i]:g})")
    rows = []
    for g in range(k):
        kw, ke = layout_key(west[first[g]], east[first[g]])
        succ = int(wins[g]) if target_mode else None
        rows.append(Split(kw, ke, float(prob[g]), int(cases[g]), succ, float(contribution[g]), holdings[g]))  # type: ignore[arg-type]
    rows.sort(key=lambda r: (-r.probability, r.west))
    return rows


def strategy_json(decisions: list[Decision], weights: np.ndarray, position: int = 0) -> list[dict[str, Any]]:
    """The line as JSON; ``position``: the cards already played to the current trick (0: the first node leads)."""
    total = float(weights.sum())
    out = []
    for d in decisions:
        side = "declarer" if d.seat in (0, 2) else "defence"
        node: dict[str, Any] = {"play": deal_move(d.seat, d.card), "side": side, "lead": position == 0}
        if d.seat in (1, 3):
            node["probability"] = float(sum(weights[i] for i in range(len(weights)) if d.worlds >> i & 1)) / total
        if d.children:
            node["then"] = strategy_json(d.children, weights, (position + 1) % 4)
        out.append(node)
    return out


def new_search(problem: DealProblem, west: np.ndarray, weights: np.ndarray, lookahead: int | None = None,
               deadline: float | None = None, max_memory: int = config.MAX_MEMORY) -> DealSearch:
    """The Pareto-front search of the problem's position over the given worlds."""
    return DealSearch(problem.trump, problem.defenders, west, weights, lookahead=lookahead, deadline=deadline,
                      max_memory=max_memory)


def analyse(search: DealSearch, problem: DealProblem, done: list | None = None) -> list:
    """The first moves of the problem's position, best first, each with its exact value.

    ``done`` receives each first play as its value is found (see :meth:`DealSearch.first_moves`)."""
    north, south, dfd, leader, table = root_state(problem)
    return search.first_moves(north, south, dfd, leader, table, thresholds(problem), done=done)


def best_line(problem: DealProblem, search: DealSearch, first: list, depth: int) -> tuple[list[int], list[Decision]]:
    """Levels (world bitsets) the best line wins, and that line as a tree of ``depth`` declarer decisions."""
    north, south, dfd, leader, table = root_state(problem)
    ths = thresholds(problem)
    play, front, _, i = first[0]
    need = search.row_levels(front[i], len(ths))
    seat, s, r = play
    n2 = without(north, s, r) if seat == 0 else north
    s2 = without(south, s, r) if seat == 2 else south
    sub = search.explain(n2, s2, dfd, search.all, ths, leader, table + (play,), need, depth - 1, search.lookahead)
    return need, [Decision(seat, Card(s, r), search.all, sub)]


def moves_of(problem: DealProblem, first: list) -> list[MoveValue]:
    target = problem.tricks is not None
    out = []
    for (seat, s, r), _, v, _ in first:
        mv = deal_move(seat, Card(s, r))
        out.append(MoveValue(mv, v if target else None, None if target else v))
    return out


def solve(problem: DealProblem, options: Options | None = None) -> Result:
    """Exact best defence over every layout (``--solver esm`` on a deal problem)."""
    options = options or Options()
    t0 = time.perf_counter()
    worlds, west = exact_worlds(problem)
    weights = np.full(len(west), 1.0 / len(west))
    deadline = None if options.time_limit is None else t0 + options.time_limit
    search = new_search(problem, west, weights, deadline=deadline, max_memory=options.max_memory)
    done: list = []
    try:
        first = analyse(search, problem, done)
    except TimeUp:
        return stopped(problem, search, worlds, west, weights, done, t0)
    need, line = best_line(problem, search, first, options.tree_depth)
    target = problem.tricks is not None
    payoff = world_payoffs(need, len(west))
    result = deal_result(problem, "esm", METHOD, True, moves_of(problem, first),
                         split_rows(worlds, west, weights, payoff, target),
                         strategy_json(line, weights, len(problem.table)))
    result.stats = {"nodes": search.nodes, "seconds": round(time.perf_counter() - t0, 4), "worlds": len(west),
                    "exhaustive": True}
    result.extra = {"to_play": SEAT_LETTERS[problem.to_play], "trumps": strain_text(problem.trump)}
    words = line_in_words(problem, line if options.tree_depth >= WORDS_DEPTH else
                          best_line(problem, search, first, WORDS_DEPTH)[1])
    if words:
        result.extra["line"] = words
    return result


def stopped(problem: DealProblem, search: DealSearch, worlds: DealWorlds, west: np.ndarray, weights: np.ndarray,
            done: list, t0: float) -> Result:
    """What esm finished when the time limit stopped it: the first plays it solved, each with its exact
    value; the best of them is a lower bound on the optimum (a play not yet solved may be better).  With
    none solved, the result has no value and says so, and what to try."""
    done = sorted(done, key=lambda m: -m[2])
    north, south, dfd, leader, table = root_state(problem)
    total = len(search.declarer_moves(north, south, dfd, (leader + len(table)) % 4, table))
    stats = {"nodes": search.nodes, "seconds": round(time.perf_counter() - t0, 4), "worlds": len(west),
             "exhaustive": False, "first_plays_solved": len(done), "first_plays": total}
    if not done:
        return Result(problem=problem.name, file=problem.file, kind="deal", solver="esm", method=METHOD, exact=False,
                      target=problem.tricks, objective=problem.objective, stopped="time limit", stats=stats,
                      extra={"to_play": SEAT_LETTERS[problem.to_play], "trumps": strain_text(problem.trump),
                             "note": (f"stopped at the time limit before solving any of the {total} first plays "
                                      f"over {len(west):,} layouts: no value; give it more time (--time-limit), or "
                                      f"try --solver deal-alphamu --samples 200 (best defence over a sample)")})
    _, front, _, i = done[0]
    need = search.row_levels(front[i], len(thresholds(problem)))
    target = problem.tricks is not None
    payoff = world_payoffs(need, len(west))
    result = deal_result(problem, "esm", METHOD, False, moves_of(problem, done),
                         split_rows(worlds, west, weights, payoff, target), [])
    result.stopped = "time limit"
    result.stats = stats
    result.extra = {"to_play": SEAT_LETTERS[problem.to_play], "trumps": strain_text(problem.trump),
                    "bound": "lower",
                    "note": (f"stopped at the time limit after solving {len(done)} of {total} first plays: "
                             f"the best of them is a lower bound on the best line's value (give it more time "
                             f"for the exact answer)")}
    return result


def deal_result(problem: DealProblem, solver: str, method: str, exact: bool, moves: list[MoveValue],
                splits: list[Split], strategy: list[dict[str, Any]]) -> Result:
    """A deal's :class:`Result`: the best first play's value is the line's (a chance, or expected tricks)."""
    target = problem.tricks is not None
    value = moves[0].probability if target else moves[0].expected_tricks
    return Result(problem=problem.name, file=problem.file, kind="deal", solver=solver, method=method, exact=exact,
                  target=problem.tricks, probability=value if target else None,
                  expected_tricks=None if target else value, objective=problem.objective, moves=moves,
                  splits=splits, strategy=strategy)


def strain_text(trump: int) -> str:
    """``S H D C NT``."""
    return "NT" if trump == 4 else STRAIN_LETTERS[trump]


def choose(problem: DealProblem, options: Options) -> tuple[str, str]:
    """The default method for a deal: ``esm`` when its layouts can be enumerated, else ``deal-alphamu``: best
    defence over a sample, which avoids repeated minimaxing's strategy fusion (measured on the bundled deals
    by ``benchmarks/deal_default.py``: closer to the exact values, and the best first play more often).
    A decision of any seat (``to_play:``) defaults to Monte Carlo card selection."""
    if getattr(problem, "only_solvers", None):
        from bridgeplay.deal.abc import choose as seat_choose

        return seat_choose(problem, options)
    count = DealWorlds(problem).count
    if count <= config.MAX_EXACT_LAYOUTS:
        return "esm", f"the default for deals: all {count:,} layouts can be enumerated"
    return "deal-alphamu", (
        f"the default for deals: {count:,} layouts are too many for the exact solver (at most "
        f"{config.MAX_EXACT_LAYOUTS:,}), so best defence over a sample of them")
