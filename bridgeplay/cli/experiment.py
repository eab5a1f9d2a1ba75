"""``bridgeplay experiment``: the seeds' experiments, each a subcommand (reproducible from ``--seed``).

The options every experiment shares are here: where its independent trials run (``--executor``, ``--jobs``,
``--address``; see :mod:`bridgeplay.analysis.executor`).
"""

from __future__ import annotations

from typing import Any

import click

from bridgeplay import config
from bridgeplay.analysis.executor import EXECUTORS
from bridgeplay.cli.common import BadInput, console, emit_json, error_console, json_option, progress_bar


def executor_options(f: Any) -> Any:
    """``--executor local|dask|ray``, ``--jobs N`` and ``--address URL``: where the trials run."""
    f = click.option("--address", default=None, metavar="URL",
                     help="A running Dask scheduler or Ray cluster to join (with --executor dask|ray).")(f)
    f = click.option("--jobs", "-j", type=click.IntRange(1, 512), default=None,
                     help="Worker processes (default: the cores this process may use).")(f)
    f = click.option("--executor", type=click.Choice(EXECUTORS), default="local", show_default=True,
                     help="Where the independent trials run: local processes, a Dask or a Ray cluster "
                          "(same results for the same seed).")(f)
    return f


@click.group()
def experiment() -> None:
    """Reproduce the source papers' experiments, seeded.

    Example: bridgeplay experiment --help
    """


class IntList(click.ParamType):
    """Whole numbers: ``2``, ``2,3,5`` or a range ``2..10`` (mixed: ``2,4..6``), each at least ``low``."""

    name = "N[,N..]"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: Any, ctx: Any) -> list[int]:
        if isinstance(value, list):
            return value
        out: list[int] = []
        for part in str(value).split(","):
            lo, sep, hi = part.strip().partition("..")
            try:
                a, z = int(lo), int(hi) if sep else int(lo)
            except ValueError:
                self.fail(f"{value!r} is not a list of whole numbers like 2,3,5 or 2..10", param, ctx)
            if a > z or a < self.low or z > self.high:
                self.fail(f"{part.strip()!r} is out of range ({self.low} to {self.high})", param, ctx)
            out += [x for x in range(a, z + 1) if x not in out]
        return out


def _compile_imp(quiet: bool) -> None:
    """On a cold kernel cache, compile the IMP-model searches first, saying so on stderr (about 10 s)."""
    from bridgeplay.engine import cache

    if not cache.cold(cache.IMP_KERNELS):
        return
    from bridgeplay.games.imp import impmodel

    err = error_console()
    text = "compiling bridgeplay's IMP-model kernels once — about 10 s"
    if err.is_terminal and not quiet:
        with err.status(text):
            impmodel.search(1, 2, 2, 2, 0, 1)
        err.print(f"{text}: done")
    else:
        click.echo(f"bridgeplay: {text}", err=True)
        impmodel.search(1, 2, 2, 2, 0, 1)


@experiment.command("imp", epilog="Exit status: 0 done; 2 bad input; 130 interrupted.")
@click.option("--k", "ks", type=IntList(1, 64), default="2", show_default=True,
              help="Information gained per move: each information set splits into k along each alternative.")
@click.option("--b", "bs", type=IntList(1, 64), default="2", show_default=True,
              help="Alternatives at every MAX node.")
@click.option("--d", "ds", type=IntList(2, 40), default="2..5", show_default=True, help="Depth (leaves at depth d).")
@click.option("--trials", type=click.IntRange(1, 10**8), default=1000, show_default=True,
              help="At most this many trees per cell (fewer once the 95% interval is under 1 point).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True,
              help="Seed: the same rows on any executor.")
@click.option("--ci-width", type=click.FloatRange(0, 100), default=config.IMP_CI_WIDTH, show_default=True,
              metavar="POINTS",
              help="A cell stops once its 95% interval of 100·ab/mm is narrower than this; 0: always --trials.")
@click.option("--max-leaves", type=click.IntRange(1, 2**62), default=None,
              help="Skip cells whose trees have more leaves, (kb)^(d-1) (default 100,000,000).")
@click.option("--plot", "plot_file", type=click.Path(dir_okay=False, writable=True), default=None,
              metavar="FILE.png", help="Also draw Fig. 6's panels into FILE.png (needs matplotlib: "
                                       "pip install 'bridgeplay[plot]').")
@executor_options
@json_option
def imp_experiment(ks: list[int], bs: list[int], ds: list[int], trials: int, seed: int, ci_width: float,
                   max_leaves: int | None, plot_file: str | None, executor: str, jobs: int | None, address: str | None,
                   as_json: bool) -> None:
    """van Lent & Mutchler's experiment: leaves IMP-alpha-beta examines in random IMP-model(k, b, d) trees, as a
    share of IMP-minimax's (kb)^(d-1), per cell, with a 95% interval; the table and the paper's Fig. 6 panels.

    Example: bridgeplay experiment imp --k 2 --b 2,4,6,8,10 --d 2..6 --trials 2000 --plot fig6.png
    """
    from bridgeplay.analysis.executor import ExecutorError
    from bridgeplay.analysis.imp_experiment import run_experiment

    if plot_file is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise BadInput("--plot needs matplotlib: pip install 'bridgeplay[plot]'") from None
    _compile_imp(quiet=as_json)
    try:
        with progress_bar(not as_json) as progress:
            result = run_experiment(ks, bs, ds, trials, seed, max_leaves=max_leaves, executor=executor, jobs=jobs,
                                    address=address, ci_width=ci_width, progress=progress)
    except ExecutorError as exc:
        raise BadInput(f"--executor: {exc}") from None
    from bridgeplay.report import imp_experiment as report

    if plot_file is not None:
        try:
            report.save_png(result, plot_file)
        except (OSError, ValueError) as exc:
            raise BadInput(f"--plot: {plot_file}: {exc}") from None
    if as_json:
        emit_json(result.to_json())
        return
    report.render(result, console())
    if plot_file is not None:
        click.echo(f"Fig. 6 panels written to {plot_file}")


# -- maxn: the seed's Table 2 (Sturtevant & Korf) ------------------------------------------------------
@experiment.command("maxn")
@click.option("--game", type=click.Choice(["sergeant-major", "hearts"]), default="sergeant-major",
              show_default=True, help="The trick game: Sergeant Major (the seed's Table 2) or 3-player Hearts.")
@click.option("--deals", type=click.IntRange(1, 1_000_000), default=20, show_default=True,
              help="Random deals to search (deal i is seeded by [SEED, i]).")
@click.option("--tricks", type=click.IntRange(1, 17), default=3, show_default=True,
              help="The horizon in tricks (the seed: 5, i.e. 15 cards).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True, help="The experiment's seed.")
@click.option("--leader", type=click.IntRange(1, 3), default=1, show_default=True,
              help="The player who leads the first trick (and is the paranoid MAX player).")
@click.option("--skip", default="", metavar="ALGS",
              help="Comma-separated rows not to search (full, maxn, ...): their mean_nodes is null, with the reason.")
@click.option("--tt", is_flag=True, help="Also measure maxⁿ with a transposition table (nodes and time against maxⁿ).")
@executor_options
@json_option
def maxn(game: str, deals: int, tricks: int, seed: int, leader: int, skip: str, tt: bool, executor: str,
         jobs: int | None, address: str | None, as_json: bool) -> None:
    """Average nodes each maxⁿ pruning method visits on seeded random deals (Sturtevant & Korf's Table 2):
    the whole tree, maxⁿ, DFBnB, shallow pruning, ABBnB and the paranoid reduction with and without the
    heuristic; each against the row to its left and against the whole tree; and whether every method returned
    plain maxⁿ's value.

    Example: bridgeplay experiment maxn --game sergeant-major --deals 20 --tricks 3 --seed 1
    """
    from bridgeplay.analysis.executor import ExecutorError
    from bridgeplay.analysis.maxn_experiment import run_experiment
    from bridgeplay.cli.common import BadInput, compile_kernels, console, emit_json, progress_bar
    from bridgeplay.engine.cache import TRICK_KERNELS

    skipped = tuple(s.strip() for s in skip.split(",") if s.strip())
    compile_kernels(TRICK_KERNELS, 40, quiet=as_json)
    try:
        with progress_bar(not as_json) as progress:
            result = run_experiment(game, deals, tricks, seed, leader=leader - 1, skip=skipped, tt=tt,
                                    executor=executor, jobs=jobs, address=address, progress=progress)
    except (ValueError, ExecutorError) as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(result.to_json())
        return
    from bridgeplay.report.maxn_experiment import render

    render(result, console())
