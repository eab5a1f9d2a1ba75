"""Sampling solvers for deals: repeated minimaxing, vector and payoff-reduction minimaxing, alpha-mu.

All four work on a set of worlds: every layout of the defenders' cards when there are few enough
and no ``--samples`` is asked for (*exhaustive*), else ``samples`` layouts drawn exactly uniformly
with a seed (:meth:`bridgeplay.deal.worlds.DealWorlds.sample`, with replacement; a world drawn k
times weighs k).  Each reports the sample size, the seed and a 95% confidence interval for the
chance (Wilson score interval over the draws; a normal interval for expected tricks); exhaustive
runs report the exact value and a zero-width interval.

* ``deal-repeated`` -- repeated minimaxing (Levy / Ginsberg / threshold scoring, SEEDS.md Section 5):
  for each distinct first play of declarer and each world, the double-dummy result
  (:mod:`bridgeplay.engine.dealdd`); the score of a play is its threshold success (or mean tricks,
  or share of worlds where it is best).  It also reports the position's double-dummy value
  ``Σ_j P_j·[max_i e_ij ≥ target]``: what a program that "always knows" believes.
* ``deal-vector`` -- vector minimaxing over the worlds, ``lookahead`` tricks deep, double-dummy
  values at the horizon: MIN takes the component-wise minimum, MAX one child for all worlds.
* ``deal-prm`` -- payoff-reduction minimaxing: every payoff is first cut, world by world, to the
  double-dummy value of each MIN node above it, then vector minimaxing.
* ``deal-alphamu`` -- exact best defence restricted to the worlds (Pareto fronts of payoff vectors,
  :mod:`bridgeplay.deal.search`), ``lookahead`` tricks deep with double-dummy leaves: the
  "alpha-mu" idea.  With no horizon (the default in endings) it is the exact solver on the sample.

``--time-limit``: repeated minimaxing stops drawing worlds when time is up (and reports how many it
used); the tree searches deepen one trick at a time and report the deepest one finished.
Long work reports through ``options.progress`` (the CLI's rich bar).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.cards import Card, N, S, deal_move, trick_winner
from bridgeplay.deal.exact import (
    best_line,
    deal_result,
    root_state,
    split_rows,
    strategy_json,
    thresholds,
    world_payoffs,
)
from bridgeplay.deal.problem import DealProblem
from bridgeplay.deal.search import DealSearch, Masks, Play, TimeUp, without
from bridgeplay.deal.worlddd import WorldDD
from bridgeplay.deal.worlds import DealWorlds, unique_weights
from bridgeplay.options import Options, Progress, no_progress
from bridgeplay.result import MoveValue, Result

Z95 = 1.959963984540054


# ------------------------------------------------------------------------------------------------
# worlds and intervals
class WorldSet:
    """The worlds a sampling solver works on: distinct layouts and their weights."""

    def __init__(self, problem: DealProblem, samples: int | None, seed: int, deadline: float | None = None,
                 lazy: bool = False) -> None:
        """``lazy``: a sample is not drawn here (the caller draws it, see :func:`dd_draws`)."""
        self.worlds = DealWorlds(problem)
        self.total = self.worlds.count
        self.seed = seed
        self.stopped = False  # the time limit cut the sample short
        if samples is None and self.total <= config.MAX_EXACT_LAYOUTS:
            self.exhaustive = True
            self.west = self.worlds.enumerate()
            self.weights = np.ones(len(self.west))
            self.draws = len(self.west)
        else:
            self.exhaustive = False
            n = samples if samples is not None else config.DEFAULT_SAMPLES
            self.draws = 0
            if lazy:
                return
            drawn = self.worlds.sample(n, seed, deadline)
            self.stopped = len(drawn) < n
            self.west, self.weights = unique_weights(drawn)
            self.draws = len(drawn)

    def info(self) -> dict[str, Any]:
        return {"exhaustive": self.exhaustive, "samples": self.draws, "distinct_worlds": int(len(self.west)),
                "seed": None if self.exhaustive else self.seed, "layouts": self.total}


def wilson(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``p`` observed over ``n`` draws."""
    if n <= 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / d
    return max(0.0, c - h), min(1.0, c + h)


def mean_interval(values: np.ndarray, weights: np.ndarray, z: float = Z95) -> tuple[float, float]:
    n = float(weights.sum())
    m = float(values @ weights / n)
    if n <= 1:
        return m, m
    var = float(((values - m) ** 2) @ weights / (n - 1))
    h = z * math.sqrt(var / n)
    return m - h, m + h


def interval(ws: WorldSet, per_world: np.ndarray, target: bool) -> tuple[float, float]:
    """95% interval of the weighted mean of ``per_world`` (exact when the worlds are all the layouts)."""
    m = float(per_world @ ws.weights / ws.weights.sum())
    if ws.exhaustive:
        return m, m
    if target:
        return wilson(m, ws.draws)
    return mean_interval(per_world, ws.weights)


def _lookahead(problem: DealProblem, options: Options) -> int | None:
    look = options.lookahead or problem.lookahead
    if look is None:
        look = None if problem.tricks_left <= config.FULL_DEPTH_TRICKS else config.DEFAULT_LOOKAHEAD
    if look is not None and look >= problem.tricks_left:
        look = None
    return look


def _deadline(options: Options) -> float | None:
    return None if options.time_limit is None else time.perf_counter() + float(options.time_limit)


def _where(ws: WorldSet) -> str:
    if ws.exhaustive:
        return f"every one of the {ws.total:,} layouts"
    return f"{ws.draws:,} layouts sampled (seed {ws.seed}) of {ws.total:,}"


def _result(problem: DealProblem, solver: str, ws: WorldSet, moves: list[MoveValue], best_world: np.ndarray,
            t0: float, stats: dict[str, Any], extra: dict[str, Any], strategy: list | None = None, *,
            method: str, exact: bool = False) -> Result:
    target = problem.tricks is not None
    lo, hi = interval(ws, best_world, target)
    res = deal_result(problem, solver, method, exact, moves,
                      split_rows(ws.worlds, ws.west, ws.weights, best_world.tolist(), target), strategy or [])
    seconds = time.perf_counter() - t0
    res.stats = {"seconds": round(seconds, 4), "worlds": int(len(ws.west)), **stats}
    extra = dict(extra)
    stopped = extra.pop("stopped", False) or ws.stopped
    res.extra = {**ws.info(), "confidence": 0.95, "interval": [lo, hi], **extra}
    if stopped:
        res.stopped = "time limit"
        res.exact = False
    return res


# ------------------------------------------------------------------------------------------------
# repeated minimaxing
def root_plays(problem: DealProblem) -> list[Play]:
    north, south, dfd, leader, table = root_state(problem)
    seat = problem.to_play
    probe = DealSearch(problem.trump, dfd, np.zeros((1, 4), np.int64), np.ones(1))
    return probe.declarer_moves(north, south, dfd, seat, table)


def dd_matrix(problem: DealProblem, west: np.ndarray, plays: list[Play], deadline: float | None = None,
              chunk: int = 1, progress: Progress = no_progress) -> tuple[np.ndarray, dict[str, Any]]:
    """North-South's double-dummy tricks after each play (columns) in each world (rows).

    Stops early at ``deadline``: the rows not reached are -1.
    """
    north, south, dfd, leader, table = root_state(problem)
    dd = WorldDD(problem.trump)
    out = np.full((len(west), len(plays)), -1, dtype=np.int64)
    done = 0
    t0 = time.perf_counter()
    while done < len(west):
        if deadline is not None and done and time.perf_counter() > deadline:
            break
        idx = np.arange(done, min(done + chunk, len(west)), dtype=np.int64)
        out[idx] = dd.after_plays(north, south, dfd, west, idx, leader, table, problem.tricks_left, plays)
        done += len(idx)
        progress("double dummy", done, len(west))
    seconds = time.perf_counter() - t0
    return out, {"dd_worlds": done, "dd_solves": done * len(plays), "dd_nodes": dd.nodes,
                 "dd_seconds": round(seconds, 4), "seconds_per_world": seconds / done if done else None}


def dd_draws(problem: DealProblem, ws: WorldSet, n: int, plays: list[Play], deadline: float | None,
             progress: Progress = no_progress) -> tuple[np.ndarray, dict[str, Any]]:
    """Draw ``n`` worlds one at a time and solve each new one double dummy after every play, until the draws
    are done or ``deadline`` passes; ``ws`` is set to the draws made (a prefix of the seeded sequence, so a
    time limit keeps the sample unbiased).  Returns the tricks per distinct world (rows as in ``ws.west``)."""
    north, south, dfd, leader, table = root_state(problem)
    dd = WorldDD(problem.trump)
    index: dict[tuple[int, ...], int] = {}
    rows: list[np.ndarray] = []
    tricks: list[np.ndarray] = []
    counts: list[int] = []
    drawn = 0
    t0 = time.perf_counter()
    cpu0 = time.thread_time()
    for row in ws.worlds.draws(n, ws.seed):
        key = tuple(row.tolist())
        j = index.get(key)
        if j is None:
            # stop in time to write the table of the worlds solved so far within the limit; on a loaded
            # machine this thread gets a share of a core, and the table's writing is that much slower too
            if deadline is not None and drawn:
                now = time.perf_counter()
                share = (time.thread_time() - cpu0) / max(now - t0, 1e-9)
                slower = 1.0 / min(1.0, max(share, 0.2))
                if now + config.TABLE_SECONDS_PER_WORLD * len(rows) * slower > deadline:
                    break
            j = index[key] = len(rows)
            rows.append(row)
            counts.append(0)
            tricks.append(dd.after_plays(north, south, dfd, row[None, :], np.zeros(1, np.int64), leader, table,
                                         problem.tricks_left, plays)[0])
        counts[j] += 1
        drawn += 1
        if drawn % 16 == 0 or drawn == n:
            progress("double dummy", drawn, n)
    order = np.lexsort(np.array(rows).T[::-1])  # the distinct worlds in a fixed order (as np.unique gives them)
    ws.west = np.array(rows, dtype=np.int64)[order]
    ws.weights = np.array(counts, dtype=np.float64)[order]
    ws.stopped = drawn < n
    ws.draws = drawn
    seconds = time.perf_counter() - t0
    done = len(rows)
    return np.array(tricks, dtype=np.int64)[order], {
        "dd_worlds": done, "dd_solves": done * len(plays), "dd_nodes": dd.nodes, "dd_seconds": round(seconds, 4),
        "seconds_per_world": seconds / done if done else None}


def solve_repeated(problem: DealProblem, options: Options | None = None) -> Result:
    """Repeated minimaxing at the root: each first play scored over the worlds by double dummy."""
    options = options or Options()
    t0 = time.perf_counter()
    scoring = options.scoring or "threshold"
    deadline = _deadline(options)
    ws = WorldSet(problem, options.samples, options.seed, lazy=True)
    plays = root_plays(problem)
    if ws.exhaustive:
        e, dstats = dd_matrix(problem, ws.west, plays, deadline, progress=options.progress)
        used = e[:, 0] >= 0
        if not used.all():  # time limit: keep the worlds finished
            ws.west, ws.weights, e = ws.west[used], ws.weights[used], e[used]
            ws.draws = int(ws.weights.sum())
            ws.exhaustive = False
            ws.stopped = True
    else:
        e, dstats = dd_draws(problem, ws, options.samples or config.DEFAULT_SAMPLES, plays, deadline,
                             options.progress)
    target = problem.tricks
    wts = ws.weights / ws.weights.sum()
    best_dd = e.max(axis=1)
    thr = e >= (target if target is not None else problem.tricks_left)
    scores = {
        "threshold": thr.T.astype(float) @ wts,
        "levy": e.T.astype(float) @ wts,
        "ginsberg": (e >= best_dd[:, None]).T.astype(float) @ wts,
    }
    key = scoring if scoring in scores else "threshold"
    if target is None and key == "threshold":
        key = "levy"
    order = sorted(range(len(plays)), key=lambda i: -scores[key][i])  # stable: ties keep the play order
    moves = []
    for i in order:
        seat, s, r = plays[i]
        per = thr[:, i].astype(float) if target is not None else e[:, i].astype(float)
        lo, hi = interval(ws, per, target is not None)
        mv = MoveValue(deal_move(seat, Card(s, r)), float(scores["threshold"][i]) if target is not None else None,
                       float(scores["levy"][i]),
                       {"ginsberg": float(scores["ginsberg"][i]), "interval": [lo, hi]})
        moves.append(mv)
    best = order[0]
    best_world = thr[:, best].astype(float) if target is not None else e[:, best].astype(float)
    position = (best_dd >= target).astype(float) if target is not None else best_dd.astype(float)
    extra = {"scoring": key, "position_value": float(position @ wts),
             "position_interval": list(interval(ws, position, target is not None))}
    method = f"repeated minimaxing ({key} scoring): double dummy, declarer seeing the cards, in {_where(ws)}"
    res = _result(problem, "deal-repeated", ws, moves, best_world, t0, {"nodes": dstats["dd_nodes"], **dstats}, extra,
                  method=method)
    if target is not None and key != "threshold":
        res.probability = float(scores["threshold"][best])
    return res


# ------------------------------------------------------------------------------------------------
# vector minimaxing and PRM
class VectorSearch(DealSearch):
    """Vector minimaxing over a set of worlds (one choice for all worlds at MAX nodes), optionally PRM."""

    def __init__(self, problem: DealProblem, west: np.ndarray, weights: np.ndarray, lookahead: int | None,
                 prm: bool, deadline: float | None = None, progress: Progress = no_progress) -> None:
        super().__init__(problem.trump, problem.defenders, west, weights, lookahead, deadline)
        self.tricks_objective = problem.tricks is None
        self.prm = prm
        self.vmemo: dict[tuple, np.ndarray] = {}
        self.ddcache: dict[tuple, np.ndarray] = {}
        self.progress = progress

    def mask(self, x: int) -> np.ndarray:
        m = np.zeros(self.nw, dtype=bool)
        m[self.indices(x)] = True
        return m

    def payoff(self, tricks: np.ndarray, need: int) -> np.ndarray:
        return tricks.astype(float) if self.tricks_objective else (tricks >= need).astype(float)

    def dd(self, north: Masks, south: Masks, dfd: Masks, x: int, leader: int, table: tuple[Play, ...]) -> np.ndarray:
        """Double-dummy North-South tricks (current trick included) per world; NaN outside x.

        Values are cached per public position and world: the same position is met with many world sets.
        """
        key = (north, south, dfd, leader, table)
        known = self.ddcache.get(key)
        if known is None:
            known = np.full(self.nw, np.nan)
            self.ddcache[key] = known
        idx = self.indices(x)
        todo = idx[np.isnan(known[idx])]
        if len(todo):
            tl = sum(m.bit_count() for m in north) + (1 if any(p[0] == N for p in table) else 0)
            known[todo] = self.dd_ready().ns_tricks(north, south, dfd, self.west, todo, leader, table, tl)
            self.dd_solves += len(todo)
        full = np.full(self.nw, np.nan)
        full[idx] = known[idx]
        return full

    def vnode(self, north: Masks, south: Masks, dfd: Masks, x: int, need: int, leader: int, table: tuple[Play, ...],
              depth: int | None, cap: np.ndarray | None) -> np.ndarray:
        """Payoff vector (inf outside x) under vector minimaxing from an in-trick position.

        ``need``: tricks North-South still need (target problems); with the tricks objective the
        vector counts North-South's tricks from here.  ``cap``: PRM's per-world ceiling.
        """
        if len(table) == 4:
            win = trick_winner(table, self.trump)
            ns = 1 if win in (N, S) else 0
            nd = None if depth is None else depth - 1
            sub_cap = cap
            if cap is not None and self.tricks_objective and ns:
                sub_cap = cap - 1
            v = self.vboundary(north, south, dfd, x, need - ns, win, nd, sub_cap)
            return v + ns if self.tricks_objective else v
        ckey = None if cap is None else cap.tobytes()
        key = (north, south, dfd, x, need, leader, table, depth, ckey)
        got = self.vmemo.get(key)
        if got is not None:
            return got
        self._tick()
        seat = (leader + len(table)) % 4
        m = self.mask(x)
        if seat in (N, S):
            best = None
            best_v = -1.0
            for play in self.declarer_moves(north, south, dfd, seat, table):
                _, s, r = play
                n2 = without(north, s, r) if seat == N else north
                s2 = without(south, s, r) if seat == S else south
                v = self.vnode(n2, s2, dfd, x, need, leader, table + (play,), depth, cap)
                score = float(np.where(m, v, 0.0) @ self.weights[: self.nw])
                if best is None or score > best_v + 1e-12:
                    best, best_v = v, score
            assert best is not None
            out = best
        else:
            sub = cap
            if self.prm:
                tricks = self.dd(north, south, dfd, x, leader, table)
                mm = np.where(m, self.payoff(np.nan_to_num(tricks).astype(np.int64), need), np.inf)
                sub = mm if cap is None else np.minimum(cap, mm)
            out = np.full(self.nw, np.inf)
            for play, xc in self.defender_moves(north, south, dfd, seat, table, x):
                _, s, r = play
                v = self.vnode(north, south, without(dfd, s, r), xc, need, leader, table + (play,), depth, sub)
                out = np.minimum(out, v)
        self.vmemo[key] = out
        return out

    def vboundary(self, north: Masks, south: Masks, dfd: Masks, x: int, need: int, leader: int, depth: int | None,
                  cap: np.ndarray | None) -> np.ndarray:
        m = self.mask(x)
        tl = sum(mm.bit_count() for mm in north)
        if tl == 0 or (not self.tricks_objective and (need <= 0 or need > tl)):
            if self.tricks_objective:
                v = np.zeros(self.nw)
            else:
                v = np.full(self.nw, 1.0 if need <= 0 else 0.0)
        elif depth == 0:
            tricks = self.dd(north, south, dfd, x, leader, ())
            v = self.payoff(np.nan_to_num(tricks).astype(np.int64), need)
        else:
            return self.vnode(north, south, dfd, x, need, leader, (), depth, cap)
        if cap is not None:
            v = np.minimum(v, cap)
        return np.where(m, v, np.inf)

    def root(self, problem: DealProblem) -> list[tuple[Play, np.ndarray, float]]:
        north, south, dfd, leader, table = root_state(problem)
        need = problem.tricks if problem.tricks is not None else 0
        out = []
        plays = self.declarer_moves(north, south, dfd, problem.to_play, table)
        for k, play in enumerate(plays):
            _, s, r = play
            n2 = without(north, s, r) if play[0] == N else north
            s2 = without(south, s, r) if play[0] == S else south
            v = self.vnode(n2, s2, dfd, self.all, need, leader, table + (play,), self.lookahead, None)
            out.append((play, v, float(v @ self.weights[: self.nw] / self.weights[: self.nw].sum())))
            self.progress(f"{'PRM' if self.prm else 'vector'} minimaxing", k + 1, len(plays))
        out.sort(key=lambda m: -m[2])
        return out


def _deepening(problem: DealProblem, options: Options, run: Callable[[int | None, float | None], Any],
               deadline: float | None) -> tuple[Any, int | None, bool]:
    """Run ``run(lookahead, deadline)``; with a time limit, one trick deeper at a time up to the lookahead.

    Returns the deepest search finished, its lookahead, and whether the time limit stopped the deepening
    short of the lookahead asked for (the first, one-trick search always finishes).
    """
    look = _lookahead(problem, options)
    if deadline is None:
        return run(look, None), look, False
    final = problem.tricks_left if look is None else look
    best = None
    reached: int | None = None
    for d in range(1, final + 1):
        try:
            best = run(None if d >= problem.tricks_left else d, deadline if best is not None else None)
            reached = None if d >= problem.tricks_left else d
        except TimeUp:
            break
        if time.perf_counter() > deadline:
            break
    return best, reached, reached != look


def _solve_vector(problem: DealProblem, options: Options | None, prm: bool) -> Result:
    name = "deal-prm" if prm else "deal-vector"
    options = options or Options()
    t0 = time.perf_counter()
    deadline = _deadline(options)
    ws = WorldSet(problem, options.samples, options.seed, deadline)
    weights = ws.weights

    def run(look: int | None, deadline: float | None) -> tuple[VectorSearch, list]:
        vs = VectorSearch(problem, ws.west, weights, look, prm, deadline, options.progress)
        return vs, vs.root(problem)

    (vs, rows), look, stopped = _deepening(problem, options, run, deadline)
    target = problem.tricks is not None
    moves = []
    for (seat, s, r), v, val in rows:
        per = v if not target else v
        lo, hi = interval(ws, per, target)
        moves.append(MoveValue(deal_move(seat, Card(s, r)), val if target else None, None if target else val,
                               {"interval": [lo, hi]}))
    best_world = rows[0][1]
    what = "payoff-reduction minimaxing" if prm else "vector minimaxing"
    method = f"{what} over {_where(ws)}, {_depth_text(look)}"
    return _result(problem, name, ws, moves, best_world, t0,
                   {"nodes": vs.nodes, "dd_solves": vs.dd_solves, "dd_nodes": vs.dd_nodes},
                   {"lookahead": look, "stopped": stopped}, method=method)


def _depth_text(look: int | None) -> str:
    if look is None:
        return "to the last trick"
    return f"{look} trick{'s' if look != 1 else ''} deep, then double dummy"


def solve_vector(problem: DealProblem, options: Options | None = None) -> Result:
    """Vector minimaxing over the layouts (``--solver deal-vector``)."""
    return _solve_vector(problem, options, prm=False)


def solve_prm(problem: DealProblem, options: Options | None = None) -> Result:
    """Payoff-reduction minimaxing over the layouts (``--solver deal-prm``)."""
    return _solve_vector(problem, options, prm=True)


# ------------------------------------------------------------------------------------------------
# alpha-mu: exact best defence restricted to the worlds, with a horizon
def solve_alphamu(problem: DealProblem, options: Options | None = None) -> Result:
    """Pareto fronts over the sampled worlds (exact best defence on them), double-dummy leaves at the horizon."""
    options = options or Options()
    t0 = time.perf_counter()
    deadline = _deadline(options)
    ws = WorldSet(problem, options.samples, options.seed, deadline)
    depth = options.tree_depth
    north, south, dfd, leader, table = root_state(problem)
    ths = thresholds(problem)

    def run(look: int | None, deadline: float | None) -> tuple[DealSearch, list]:
        search = DealSearch(problem.trump, dfd, ws.west, ws.weights / ws.weights.sum(), look, deadline,
                            options.max_memory)
        plays = search.declarer_moves(north, south, dfd, problem.to_play, table)
        what = f"alpha-mu, {_depth_text(look)}"
        options.progress(what, 0, len(plays))
        first = search.first_moves(north, south, dfd, leader, table, ths,
                                   progress=lambda k: options.progress(what, k, len(plays)))
        return search, first

    (search, first), look, stopped = _deepening(problem, options, run, deadline)
    need, line = best_line(problem, search, first, depth)
    target = problem.tricks is not None
    payoff = np.array(world_payoffs(need, len(ws.west)))
    moves = []
    for (seat, s, r), front, val, row in first:
        per = np.array(world_payoffs(search.row_levels(front[row], len(ths)), len(ws.west))) if front.shape[0] else None
        iv = list(interval(ws, per, target)) if per is not None else None
        moves.append(MoveValue(deal_move(seat, Card(s, r)), val if target else None, None if target else val,
                               {"interval": iv}))
    method = f"exact best defence (Pareto fronts, alpha-mu) over {_where(ws)}, {_depth_text(look)}"
    return _result(problem, "deal-alphamu", ws, moves, payoff, t0,
                   {"nodes": search.nodes, "dd_solves": search.dd_solves, "dd_nodes": search.dd_nodes},
                   {"lookahead": look, "stopped": stopped}, strategy_json(line, ws.weights, len(problem.table)),
                   method=method, exact=ws.exhaustive and look is None)
