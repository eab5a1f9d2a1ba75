"""van Lent & Mutchler's experiment (Section 4.2, Fig. 6): how many leaves IMP-alpha-beta examines in
IMP-model(k, b, d) trees with random payoffs, as a fraction of IMP-minimax's (kb)^(d-1).

Per cell (k, b, d): trees ``trial = 0, 1, ...`` of :mod:`bridgeplay.games.imp.impmodel` under ``seed``; each
gives the ratio ab/mm of leaves examined; the cell reports the mean ratio and its 95% confidence interval
(mean +- 1.96 s / sqrt(n)).  Trials run in rounds -- :data:`config.IMP_FIRST_ROUND`, then as many again as
have run -- until the interval is narrower than :data:`config.IMP_CI_WIDTH` points of 100 ab/mm or ``trials``
have run; the rounds' sizes depend on nothing but the data, so a seed gives the same rows on any executor
and any number of workers.  Every round of every open cell is one :func:`~bridgeplay.analysis.executor.map_tasks`
call.  A cell of more than ``max_leaves`` leaves is skipped (and said so).  Trees of at most
:data:`config.IMP_CHECK_LEAVES` leaves are also searched by IMP-minimax: its count must be (kb)^(d-1) (Theorem 3)
and its value alpha-beta's (Theorem 2), else :class:`ExperimentError`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bridgeplay import config
from bridgeplay.analysis.executor import default_jobs, map_tasks
from bridgeplay.games.imp import impmodel

ASSUMPTIONS = (
    "payoffs: uniform integers 0..10 from SplitMix64 keyed by (seed, k, b, d, trial) and the leaf's number "
    "(the seed used Lisp's (random 11)); U = 10",
    "information sets split into k contiguous blocks of the root's children along each alternative",
    "static order: alternatives and Mixed-Set members searched left to right (the seed's experiment does not "
    "say; its Theorems 5-6 are about other orders)",
    "a cell's ratio is the mean over trees of ab/mm with mm = (kb)^(d-1); 95% interval: mean +- 1.96 sd/sqrt(n)",
    "adaptive trials: rounds of 50, then doubling, until the interval is under --ci-width points of 100 ab/mm "
    "(default 1: the seed's 'less than 1%') or --trials",
)


class ExperimentError(RuntimeError):
    """A check the experiment makes on itself failed (a bug, never bad input)."""


@dataclass
class Cell:
    """One (k, b, d) cell: its trials' leaves examined, and the row it gives."""

    k: int
    b: int
    d: int
    leaves_ab: list[int] = field(default_factory=list)
    checked: int = 0  # trees also searched by IMP-minimax
    skipped: str | None = None
    seconds: float = 0.0

    @property
    def mm(self) -> int:
        return impmodel.leaves(self.k, self.b, self.d)

    @property
    def trials(self) -> int:
        return len(self.leaves_ab)

    def stats(self) -> tuple[float | None, float | None]:
        """The mean ratio and the half-width of its 95% interval (None without trials; 0 width for one)."""
        n = self.trials
        if n == 0:
            return None, None
        r = np.asarray(self.leaves_ab, dtype=np.float64) / self.mm
        mean = float(r.mean())
        half = 1.96 * float(r.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
        return mean, half

    def done(self, limit: int, width: float) -> bool:
        if self.trials >= limit:
            return True
        _, half = self.stats()
        return half is not None and 2 * half * 100 < width

    def row(self) -> dict[str, Any]:
        mean, half = self.stats()
        out: dict[str, Any] = {"k": self.k, "b": self.b, "d": self.d, "trials": self.trials,
                               "ratio": None if mean is None else round(mean, 6),
                               "ci95": None if mean is None or half is None or not math.isfinite(half)
                               else [round(mean - half, 6), round(mean + half, 6)],
                               "mm_leaves": self.mm}
        if mean is not None:
            out["ab_leaves"] = round(mean * self.mm, 2)
            out["minimax_checked"] = self.checked
        if self.skipped:
            out["skipped"] = self.skipped
        return out


@dataclass
class ExperimentResult:
    seed: int
    rows: list[dict[str, Any]]
    seconds: float
    executor: str
    jobs: int

    def to_json(self) -> dict[str, Any]:
        return {"experiment": "imp", "seed": self.seed, "rows": self.rows, "assumptions": list(ASSUMPTIONS),
                "seconds": round(self.seconds, 3)}


def run_chunk(task: tuple[int, int, int, int, int, int, bool]) -> tuple[np.ndarray, float]:
    """One piece of a round: trials ``first .. first + count - 1`` of a cell; rows as
    :func:`bridgeplay.engine.imp.search_trees`, and the seconds they took."""
    seed, k, b, d, first, count, check = task
    t0 = time.perf_counter()
    out = impmodel.search(seed, k, b, d, first, count, config.IMP_U, minimax=check)
    return out, time.perf_counter() - t0


def _pieces(n: int, workers: int) -> list[tuple[int, int]]:
    """``n`` trials cut into about 4 pieces per worker: (offset, count)."""
    parts = max(1, min(n, 4 * workers))
    size = -(-n // parts)
    return [(i, min(size, n - i)) for i in range(0, n, size)]


def run_experiment(ks: Sequence[int], bs: Sequence[int], ds: Sequence[int], trials: int, seed: int, *,
                   max_leaves: int | None = None, executor: str = "local", jobs: int | None = None,
                   address: str | None = None, ci_width: float | None = None,
                   progress: Callable[[str, int, int], None] | None = None) -> ExperimentResult:
    """Every cell of ks x bs x ds (see the module's docstring); ``ci_width``: the interval's width (points of
    100 ab/mm) that ends a cell early (default :data:`config.IMP_CI_WIDTH`; 0: every cell runs ``trials``)."""
    t0 = time.perf_counter()
    width = config.IMP_CI_WIDTH if ci_width is None else ci_width
    limit = config.IMP_MAX_LEAVES if max_leaves is None else max_leaves
    cells = [Cell(k, b, d) for k in ks for b in bs for d in ds]
    for c in cells:
        if c.mm > limit:
            c.skipped = f"(kb)^(d-1) = {c.mm:,} leaves > --max-leaves {limit:,}"
    workers = jobs or default_jobs()
    if executor == "local" and workers > 1:
        impmodel.search(seed, 2, 2, 2, 0, 1)  # load the kernels once here: the forked workers inherit them
    open_cells = [c for c in cells if c.skipped is None]
    planned = trials * len(open_cells)
    finished = 0
    while open_cells:
        tasks: list[tuple[int, int, int, int, int, int, bool]] = []
        owner: list[Cell] = []
        for c in open_cells:
            n = min(config.IMP_FIRST_ROUND if c.trials == 0 else c.trials, trials - c.trials)
            check = c.mm <= config.IMP_CHECK_LEAVES
            for off, cnt in _pieces(n, workers):
                tasks.append((seed, c.k, c.b, c.d, c.trials + off, cnt, check))
                owner.append(c)

        def tick(index: int, value: tuple[np.ndarray, float], tasks: list[Any] = tasks, planned: int = planned) -> None:
            nonlocal finished
            finished += tasks[index][5]
            if progress is not None:
                progress("IMP-model trees", finished, planned)

        results = map_tasks(run_chunk, tasks, executor=executor, jobs=jobs, address=address, on_result=tick)
        for task, c, (out, secs) in zip(tasks, owner, results, strict=True):
            c.leaves_ab += out[:, 1].tolist()
            c.seconds += secs
            if task[6]:
                if not (out[:, 3] == c.mm).all() or not (out[:, 0] == out[:, 2]).all():
                    raise ExperimentError(f"IMP-minimax disagrees with Theorem 2 or 3 at k={c.k} b={c.b} d={c.d}")
                c.checked += len(out)
        still = []
        for c in open_cells:
            if c.done(trials, width):
                planned -= trials - c.trials  # what the cell no longer needs
            else:
                still.append(c)
        open_cells = still
        if progress is not None:
            progress("IMP-model trees", finished, planned)
    return ExperimentResult(seed, [c.row() for c in cells], time.perf_counter() - t0, executor, workers)


__all__ = ["ASSUMPTIONS", "Cell", "ExperimentError", "ExperimentResult", "run_chunk", "run_experiment"]
