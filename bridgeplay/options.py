"""What a solve is asked to do: :class:`Options`, and the :class:`Progress` callback long work reports through.

Every solver takes ``(problem, options)`` and uses the options that apply to it.  The library never
draws anything: a solver calls ``options.progress(what, done, total)`` as it advances, and the
caller (the command line shows a rich bar on a terminal) decides what to do with it.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bridgeplay import config


class Progress(Protocol):
    """``progress(what, done, total)``: ``done`` of ``total`` steps of the work named ``what`` are finished."""

    def __call__(self, what: str, done: int, total: int) -> None: ...


_core_share: int | None = None  # see set_core_share


def cores() -> int:
    """The cores this process may use: its CPU affinity, or fewer in a worker of a process pool (see
    :func:`set_core_share`)."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        n = os.cpu_count() or 1
    return max(1, n if _core_share is None else min(n, _core_share))


def set_core_share(n: int | None) -> None:
    """This process's share of the cores (None: all it may use).  A worker of a pool of ``jobs`` processes gets
    ``cores // jobs`` (:func:`bridgeplay.analysis.executor.map_tasks` sets it), so that the threads its solvers
    start (a suit problem's searches, the ABC algorithm's deals, a double-dummy table's strains) do not
    oversubscribe the cores the other workers are using."""
    global _core_share
    _core_share = None if n is None else max(1, int(n))


def thread_count(threads: int | None, default: int) -> int:
    """Threads a solver runs side by side: ``threads`` (None: ``default``), at most this process's cores."""
    return max(1, min(default if threads is None else threads, cores()))


def no_progress(what: str, done: int, total: int) -> None:
    """The progress callback that reports nowhere."""


@dataclass(frozen=True)
class Options:
    """Options every solver accepts (each uses what applies to it).

    ``depth``: declarer decisions shown in the line; ``scoring``: repeated minimaxing's scoring
    (``levy``, ``ginsberg``, ``threshold``; None: the solver's own default); ``samples``/``seed``:
    sampling; ``time_limit``: seconds the whole solve may take (see the README's budgets); ``lookahead``:
    deals, tricks searched exactly before double-dummy leaves; ``threads``: threads a suit problem's
    first plays or targets, or the ABC algorithm's deals, are solved on (None: :data:`config.SUIT_THREADS`,
    :data:`config.ABC_THREADS`; at most the cores);
    ``max_memory``: bytes the deal searches' memos may hold (they are emptied and refilled beyond it), and
    how much the exact suit search may grow the process (it stops beyond it);
    ``progress``: the callback long work reports through.
    """

    depth: int | None = None
    scoring: str | None = None
    samples: int | None = None
    seed: int = config.DEFAULT_SEED
    time_limit: float | None = None
    lookahead: int | None = None
    inner_samples: int | None = None  # abc: deals from each other player's view per (card, deal)
    threads: int | None = None
    max_memory: int = config.MAX_MEMORY
    progress: Progress = no_progress

    def __post_init__(self) -> None:
        if self.depth is not None and self.depth < 1:
            raise ValueError(f"depth must be at least 1, got {self.depth}")
        if self.scoring is not None and self.scoring not in SCORINGS:
            raise ValueError(f"unknown scoring {self.scoring!r} ({', '.join(SCORINGS)})")
        if self.samples is not None and self.samples < 1:
            raise ValueError(f"samples must be at least 1, got {self.samples}")
        if self.seed < 0:
            raise ValueError(f"a seed is a whole number from 0, got {self.seed}")
        if self.time_limit is not None and not (math.isfinite(self.time_limit) and self.time_limit > 0):
            raise ValueError(f"a time limit is a finite number of seconds above 0, got {self.time_limit}")
        if self.inner_samples is not None and self.inner_samples < 1:
            raise ValueError(f"inner samples must be at least 1, got {self.inner_samples}")
        if self.lookahead is not None and self.lookahead < 1:
            raise ValueError(f"lookahead must be at least 1 trick, got {self.lookahead}")
        if self.max_memory < 1 << 20:
            raise ValueError(f"max_memory is at least 1 MiB, got {self.max_memory}")
        if self.threads is not None and self.threads < 1:
            raise ValueError(f"threads must be at least 1, got {self.threads}")

    @property
    def tree_depth(self) -> int:
        """The declarer decisions a strategy tree shows: ``depth``, else :data:`config.TREE_DEPTH`."""
        return config.TREE_DEPTH if self.depth is None else self.depth

    def with_(self, **changes: Any) -> Options:
        """A copy with ``changes``."""
        return replace(self, **changes)


SCORINGS = ("levy", "ginsberg", "threshold")
