"""The ``bridgeplay`` command line: thin — parse options, call the library, render."""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console

from bridgeplay import __version__
from bridgeplay.problem import ProblemError
from bridgeplay.problem import load as load_problem


class BadInput(click.ClickException):
    """Bad input: one line on stderr, exit code 2, no traceback."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"bridgeplay: error: {self.format_message()}", err=True)


def json_option(f: Any) -> Any:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the report.")(f)


def console() -> Console:
    return Console(highlight=False)


def emit_json(obj: Any) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgeplay")
def main() -> None:
    """Analyse bridge card play: the best line, its chance of success, and why."""


def solver_names() -> list[str]:
    from bridgeplay.solvers import SOLVERS

    return sorted(SOLVERS)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--solver", default="esm", show_default=True, help="Solver to use (see `bridgeplay solvers`).")
@click.option("--depth", default=3, show_default=True, type=click.IntRange(1, 20),
              help="Declarer decisions shown in the strategy tree.")
@click.option("--scoring", type=click.Choice(["levy", "ginsberg", "threshold"]), default="threshold",
              show_default=True, help="Scoring of repeated minimaxing.")
@click.option("--samples", type=click.IntRange(1, 10**6), default=None,
              help="Sample this many worlds (sampling solvers); default: all worlds.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed for sampling.")
@json_option
def solve(file: str, solver: str, depth: int, scoring: str, samples: int | None, seed: int, as_json: bool) -> None:
    """Solve one problem FILE and print the best line, its chance and the table that verifies it."""
    from bridgeplay.solvers import SOLVERS, Options
    from bridgeplay.solvers import solve as run

    if solver not in SOLVERS:
        raise BadInput(f"--solver: unknown solver {solver!r} (one of: {', '.join(sorted(SOLVERS))})")
    try:
        problem = load_problem(file)
        result = run(problem, solver, Options(depth=depth, scoring=scoring, samples=samples, seed=seed))
    except ProblemError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(result.to_json())
        return
    from bridgeplay.report import render

    render(problem, result, console())


@main.command()
def solvers() -> None:
    """List the solvers."""
    from bridgeplay.solvers import SOLVERS

    for name, (_, desc) in sorted(SOLVERS.items()):
        click.echo(f"{name:14s} {desc}")


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
