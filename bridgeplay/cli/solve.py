"""``bridgeplay solve`` and ``bridgeplay solvers``."""

from __future__ import annotations

import click

from bridgeplay.cli.common import (
    BYTES,
    SECONDS,
    SEED,
    BadInput,
    compile_first,
    console,
    emit_json,
    json_option,
    progress_bar,
)
from bridgeplay.errors import ProblemError
from bridgeplay.options import SCORINGS, Options


@click.command(epilog="Exit status: 0 solved; 2 bad input (an invalid or unreadable file, a bad option, a solver "
                      "that cannot run this problem); 130 interrupted.")
@click.argument("file", type=click.Path())
@click.option("--solver", default=None, metavar="NAME",
              help="Solver to use (see `bridgeplay solvers`); default: the problem kind's own choice, which the "
                   "report names with its reason.")
@click.option("--depth", default=3, show_default=True, type=click.IntRange(1, 20),
              help="Declarer decisions shown in the strategy tree.")
@click.option("--scoring", type=click.Choice(SCORINGS), default=None,
              help="Scoring of repeated minimaxing (default: threshold; levy on trees).")
@click.option("--samples", type=click.IntRange(1, 10**6), default=None,
              help="Sample this many worlds (sampling solvers); default: all worlds.")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed for sampling.")
@click.option("--time-limit", type=SECONDS, default=None, metavar="SECONDS",
              help="Deals: stop sampling / deepening when time is up and report what is done.")
@click.option("--lookahead", type=click.IntRange(1, 13), default=None, metavar="TRICKS",
              help="Deals: tricks searched exactly before double-dummy leaves (deal-vector, deal-prm, deal-alphamu).")
@click.option("--max-memory", type=BYTES, default=None, metavar="SIZE",
              help="Deals: memory the searches' memos may hold, e.g. 512M or 2G (default 1G); beyond it they are "
                   "emptied and refilled, so the search slows instead of growing.")
@json_option
def solve(file: str, solver: str | None, depth: int, scoring: str | None, samples: int | None, seed: int,
          time_limit: float | None, lookahead: int | None, max_memory: int | None, as_json: bool) -> None:
    """Solve one problem FILE and print the best line, its chance and the table that verifies it.

    Example: bridgeplay solve problems/paper/fig02-akqj9-xx.yaml --solver esm --json
    """
    from bridgeplay import kinds

    if solver is not None and solver not in kinds.solver_names():
        raise BadInput(f"--solver: unknown solver {solver!r} (one of: {', '.join(kinds.solver_names())})")
    try:
        problem = kinds.load(file)
        kind = kinds.of(problem)
        kinds.resolve(problem, solver, Options())  # a solver that cannot run says so before anything compiles
        compile_first(kind, quiet=as_json)
        with progress_bar(not as_json) as progress:
            options = Options(depth=depth, scoring=scoring, samples=samples, seed=seed, time_limit=time_limit,
                              lookahead=lookahead, progress=progress,
                              **({} if max_memory is None else {"max_memory": max_memory}))
            result = kinds.solve(problem, solver, options)
    except ProblemError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(result.to_json())
        return
    from bridgeplay.report import render

    render(problem, result, console())


@click.command()
@click.option("--kind", "kind_name", default=None, metavar="KIND", help="Only this kind's solvers.")
@json_option
def solvers(kind_name: str | None, as_json: bool) -> None:
    """List the solvers of each kind of problem (without --solver, a kind picks its own and says why).

    Example: bridgeplay solvers --kind suit
    """
    from bridgeplay import kinds

    if kind_name is not None and kind_name not in kinds.KINDS:
        raise BadInput(f"--kind: unknown kind {kind_name!r} (one of: {', '.join(kinds.names())})")
    chosen = [kinds.get(kind_name)] if kind_name else list(kinds.KINDS.values())
    if as_json:
        emit_json({"kinds": [{"kind": k.name, "description": k.description,
                              "solvers": [{"solver": s.name, "description": s.description} for s in k.solvers]}
                             for k in chosen]})
        return
    for k in chosen:
        click.echo(f"{k.name}: {k.description}")
        for s in k.solvers:
            click.echo(f"  {s.name:14s} {s.description}")
