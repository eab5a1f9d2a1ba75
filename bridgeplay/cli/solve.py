"""``bridgeplay solve`` and ``bridgeplay solvers``."""

from __future__ import annotations

from typing import Any

import click

from bridgeplay.cli.common import (
    BYTES,
    SECONDS,
    SEED,
    BadInput,
    compile_first,
    complete_solver,
    console,
    emit_json,
    json_option,
    progress_bar,
)
from bridgeplay.errors import ProblemError
from bridgeplay.options import SCORINGS, Options


class Tricks(click.ParamType):
    """A target: a number of tricks, ``max`` (every target) or ``avg`` (the most tricks on average)."""

    name = "N|max|avg"

    def convert(self, value: Any, param: Any, ctx: Any) -> int | str:
        text = str(value).strip().lower()
        if text in ("max", "avg"):
            return text
        try:
            n = int(text)
        except ValueError:
            self.fail(f"{value!r} is not a number of tricks, max or avg", param, ctx)
        if not 1 <= n <= 13:
            self.fail(f"{n} is not a number of tricks (1 to 13)", param, ctx)
        return n


TRICKS = Tricks()


def with_tricks(data: dict[str, Any], tricks: int | str | None) -> dict[str, Any]:
    """A problem mapping with its target replaced: N tricks, ``max`` (every target) or ``avg`` (expected tricks)."""
    if tricks is None:
        return data
    data = {k: v for k, v in data.items() if k != "expect"}  # the file's expectations are for its own target
    if tricks == "avg":
        data.pop("tricks", None)
        data["objective"] = "tricks"
    else:
        data["tricks"] = tricks
        data["objective"] = "target"
    return data


def solve_options(f: Any) -> Any:
    """The options every solving command takes."""
    for option in reversed([
        click.option("--solver", default=None, metavar="NAME", shell_complete=complete_solver,
                     help="Solver to use (see `bridgeplay solvers`); default: the problem kind's own choice, which "
                          "the report names with its reason."),
        click.option("--depth", default=None, type=click.IntRange(1, 20),
                     help="Declarer decisions shown in the strategy tree (default: 3, or 4 for a suit whose "
                          "tree stays short)."),
        click.option("--scoring", type=click.Choice(SCORINGS), default=None,
                     help="Scoring of repeated minimaxing (default: threshold; levy on trees)."),
        click.option("--samples", type=click.IntRange(1, 10**6), default=None,
                     help="Sample this many worlds (sampling solvers); default: all worlds."),
        click.option("--inner-samples", type=click.IntRange(1, 10**4), default=None,
                     help="abc: deals from each other player's view per card and deal (default 10)."),
        click.option("--seed", type=SEED, default=1, show_default=True, help="Seed for sampling."),
        click.option("--time-limit", type=SECONDS, default=None, metavar="SECONDS",
                     help="Stop the solve after SECONDS (compiling kernels first is not counted): what was finished "
                          "is reported, labelled stopped, or the error says what to try instead.  Default: none "
                          "(60 s for a deal's default method)."),
        click.option("--lookahead", type=click.IntRange(1, 13), default=None, metavar="TRICKS",
                     help="Deals: tricks searched exactly before double-dummy leaves (deal-vector, deal-prm, "
                          "deal-alphamu)."),
        click.option("--max-memory", type=BYTES, default=None, metavar="SIZE",
                     help="Memory the search may use, e.g. 512M or 2G (default 1G): a deal search's memos are "
                          "emptied and refilled beyond it (it slows instead of growing); the exact suit search "
                          "stops and says what to try."),
        json_option,
    ]):
        f = option(f)
    return f


def run_problem(source: Any, path: str, solver: str | None, as_json: bool, layouts: bool = False,
                **options: Any) -> None:
    """Load ``source`` (a file or a mapping), solve it and print the report or the JSON; bad input is exit 2."""
    from bridgeplay import kinds

    if solver is not None and solver not in kinds.solver_names():
        raise BadInput(f"--solver: unknown solver {solver!r} (one of: {', '.join(kinds.solver_names())})")
    if options.get("max_memory") is None:
        options.pop("max_memory", None)
    try:
        problem = kinds.load(source, path)
        kind = kinds.of(problem)
        kinds.resolve(problem, solver, Options())  # a solver that cannot run says so before anything compiles
        compile_first(kind, quiet=as_json)
        with progress_bar(not as_json) as progress:
            result = kinds.solve(problem, solver, Options(progress=progress, **options))
    except ProblemError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(result.to_json())
        return
    from bridgeplay.report import render

    render(problem, result, console(), layouts=layouts)


@click.command(epilog="Exit status: 0 solved; 2 bad input (an invalid or unreadable file, a bad option, a solver "
                      "that cannot run this problem); 130 interrupted.")
@click.argument("file", type=click.Path())
@click.option("--tricks", type=TRICKS, default=None,
              help="The target, in place of the file's: a number of tricks, max (every target) or avg (the most "
                   "tricks on average).")
@click.option("--layouts", is_flag=True, help="Deals: list every layout in the verification table (by default "
                                              "its most likely rows, one screen).")
@solve_options
def solve(file: str, tricks: int | str | None, layouts: bool, solver: str | None, as_json: bool,
          **options: Any) -> None:
    """Solve one problem FILE and print the best line, its chance and the table that verifies it.

    Examples: bridgeplay solve problems/paper/fig02-akqj9-xx.yaml;
    bridgeplay solve problems/classic/aqt-xxx-2.yaml --tricks 3 --json
    """
    source: Any = file
    if tricks is not None:
        from bridgeplay import kinds
        from bridgeplay.yamlio import read_yaml

        try:
            data = read_yaml(file)
        except ProblemError as exc:
            raise BadInput(str(exc)) from None
        kind = kinds.KINDS.get(data.get("kind"))  # type: ignore[arg-type]
        if kind is not None and not kind.tricks_target:
            raise BadInput(f"--tricks: {file} is a {kind.name} problem, whose target is not a number of tricks")
        source = with_tricks(data, tricks)
    run_problem(source, file, solver, as_json, layouts, **options)


@click.command(epilog="Exit status: 0 solved; 2 bad input; 130 interrupted.")
@click.argument("north")
@click.argument("south")
@click.option("--tricks", type=TRICKS, default="max", show_default=True,
              help="A number of tricks, max (the best chance for every target) or avg (the most tricks on average).")
@click.option("--lead", type=click.Choice(["N", "S"], case_sensitive=False), default=None,
              help="The hand that leads first (default: either).")
@click.option("--west", default=None, metavar="CARDS", help="Cards known to be with West, e.g. K.")
@click.option("--east", default=None, metavar="CARDS", help="Cards known to be with East.")
@solve_options
def suit(north: str, south: str, tricks: int | str, lead: str | None, west: str | None, east: str | None,
         solver: str | None, as_json: bool, **options: Any) -> None:
    """The one-line question: how to play NORTH opposite SOUTH in one suit (x for a small card, 10 or T).

    Examples: bridgeplay suit AQ10 432 --tricks 2;  bridgeplay suit AKJ10 x --tricks avg --json
    """
    data: dict[str, Any] = {"kind": "suit", "name": f"{north} opposite {south}", "north": north, "south": south}
    for key, value in (("lead", lead), ("west", west), ("east", east)):
        if value is not None:
            data[key] = value.upper() if key == "lead" else value
    run_problem(with_tricks(data, tricks), f"{north} {south}", solver, as_json, False, **options)


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
