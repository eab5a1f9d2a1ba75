"""``bridgeplay experiment``: the seeds' experiments, each a subcommand (reproducible from ``--seed``).

The options every experiment shares are here: where its independent trials run (``--executor``, ``--jobs``,
``--address``; see :mod:`bridgeplay.analysis.executor`).
"""

from __future__ import annotations

from typing import Any

import click

from bridgeplay.analysis.executor import EXECUTORS
from bridgeplay.cli.common import json_option


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
