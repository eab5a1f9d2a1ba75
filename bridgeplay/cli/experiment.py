"""``bridgeplay experiment``: the seeds' experiments, each a subcommand (reproducible from ``--seed``).

The options every experiment shares are here: where its independent trials run (``--executor``, ``--jobs``,
``--address``; see :mod:`bridgeplay.analysis.executor`).
"""

from __future__ import annotations

from typing import Any

import click

from bridgeplay.analysis.executor import EXECUTORS


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
