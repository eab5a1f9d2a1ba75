"""The ``bridgeplay`` command line: thin — parse options, call the library, render."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
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
    try:
        click.echo(json.dumps(obj, ensure_ascii=False))
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader (e.g. `| head`) went away: stop quietly, as Unix tools do
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgeplay")
def main() -> None:
    """Analyse bridge card play: the best line, its chance of success, and why."""


def solver_names() -> list[str]:
    from bridgeplay.solvers import SOLVERS

    return sorted(SOLVERS)


@main.command()
@click.argument("file", type=click.Path())
@click.option("--solver", default="esm", show_default=True, help="Solver to use (see `bridgeplay solvers`).")
@click.option("--depth", default=3, show_default=True, type=click.IntRange(1, 20),
              help="Declarer decisions shown in the strategy tree.")
@click.option("--scoring", type=click.Choice(["levy", "ginsberg", "threshold"]), default="threshold",
              show_default=True, help="Scoring of repeated minimaxing.")
@click.option("--samples", type=click.IntRange(1, 10**6), default=None,
              help="Sample this many worlds (sampling solvers); default: all worlds.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed for sampling.")
@click.option("--time-limit", type=click.FloatRange(0, min_open=True), default=None, metavar="SECONDS",
              help="Deals: stop sampling / deepening when time is up and report what is done.")
@click.option("--lookahead", type=click.IntRange(1, 13), default=None, metavar="TRICKS",
              help="Deals: tricks searched exactly before double-dummy leaves (deal-vector, deal-prm, deal-alphamu).")
@json_option
def solve(file: str, solver: str, depth: int, scoring: str, samples: int | None, seed: int,
          time_limit: float | None, lookahead: int | None, as_json: bool) -> None:
    """Solve one problem FILE and print the best line, its chance and the table that verifies it."""
    from bridgeplay.solvers import SOLVERS, Options
    from bridgeplay.solvers import solve as run

    if solver not in SOLVERS:
        raise BadInput(f"--solver: unknown solver {solver!r} (one of: {', '.join(sorted(SOLVERS))})")
    try:
        problem = load_problem(file)
        opts = Options(depth=depth, scoring=scoring, samples=samples, seed=seed, time_limit=time_limit,
                       lookahead=lookahead)
        with _deal_progress(problem):
            result = run(problem, solver, opts)
    except ProblemError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(result.to_json())
        return
    from bridgeplay.report import render

    render(problem, result, console())


@contextmanager
def _deal_progress(problem: Any) -> Iterator[None]:
    """A rich progress bar on stderr for the sampling deal solvers (only on a terminal)."""
    if getattr(problem, "kind", "") != "deal" or not sys.stderr.isatty():
        yield
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from bridgeplay.solvers.dealsampling import progress_hook

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=True) as bar:
        tasks: dict[str, Any] = {}

        def update(what: str, done: int, total: int) -> None:
            if what not in tasks:
                tasks[what] = bar.add_task(what, total=total)
            bar.update(tasks[what], completed=done, total=total)

        with progress_hook(update):
            yield


@main.command()
def solvers() -> None:
    """List the solvers."""
    from bridgeplay.solvers import SOLVERS

    for name, (_, desc) in sorted(SOLVERS.items()):
        click.echo(f"{name:14s} {desc}")


@main.command(epilog="Exit status: 0 all solved (and checks held); 1 a check failed, a problem timed out or a "
                     "solver crashed; 2 bad input (an invalid or unreadable file, a bad option) and nothing failed; "
                     "130 interrupted (Ctrl-C; the partial summary is printed).")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--solver", default="esm", show_default=True,
              help="Solver for every file (suit/deal solvers, or a tree solver for kind: tree files).")
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=None,
              help="Worker processes (default: all cores). 1 solves in this process unless --time-limit is given.")
@click.option("--check", is_flag=True,
              help="Compare each result with the file's expect: block; a difference is a failure (exit 1). "
                   "Best first plays pass when the solver's best plays and the expected list share a play.")
@click.option("--json", "as_json", is_flag=True,
              help="Stream one JSON object per problem and line, in path order (the solve --json form plus "
                   "verdict, errors, seconds); no table.")
@click.option("--junit", type=click.Path(dir_okay=False), default=None,
              help="Also write a JUnit XML report to this file (written atomically).")
@click.option("--time-limit", type=click.FloatRange(0, min_open=True), default=None, metavar="SECONDS",
              help="Per problem: a worker that takes longer is killed and replaced; the verdict is timeout.")
def batch(paths: tuple[str, ...], solver: str, jobs: int | None, check: bool, as_json: bool, junit: str | None,
          time_limit: float | None) -> None:
    """Solve every problem file under PATHS in parallel; with --check, verify each against its expect: block.

    A folder contributes every *.yaml / *.yml file below it (sorted, each file once); results are listed in
    path order whatever --jobs or the order of PATHS.  An invalid file is reported (verdict error) and the
    batch goes on.  A progress bar is shown on a terminal only.

    Verdicts: pass, fail (a check differs), solved (nothing to check), skipped (the solver does not solve
    that kind of problem), error (invalid or unreadable file), timeout, crash.  An expect: block may hold
    per-solver entries (solvers: {NAME: {...}}) that replace the top-level ones for that solver.
    """
    from bridgeplay import batch as lib

    if not lib.known_solver(solver):
        raise BadInput(f"--solver: unknown solver {solver!r} (one of: {', '.join(lib.solver_names())})")
    files = lib.find_problem_files(paths)
    if not files:
        raise BadInput(f"no problem files (*.yaml, *.yml) under {', '.join(paths)}")
    out = console()
    if not out.is_terminal:
        out = Console(highlight=False, width=max(out.width, 160))
    err = Console(stderr=True, highlight=False)
    show_progress = not as_json and out.is_terminal and err.is_terminal
    on_ordered = (lambda o: emit_json(o.to_json())) if as_json else None
    if show_progress:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        # refreshed from this thread only (auto_refresh=False): no thread runs while workers are forked
        progress = Progress(TextColumn("[bold]batch"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            TextColumn("{task.description}"), console=err, transient=True, auto_refresh=False)
        task = progress.add_task("", total=len(files))

        def on_done(o: Any) -> None:
            progress.update(task, advance=1, description=f"{o.verdict} {o.path}")
            progress.refresh()

        with progress:
            report = lib.run_batch(files, solver, jobs=jobs, check=check, time_limit=time_limit,
                                   on_done=on_done, on_tick=progress.refresh)
    else:
        report = lib.run_batch(files, solver, jobs=jobs, check=check, time_limit=time_limit, on_ordered=on_ordered)
    if junit:
        try:
            lib.write_atomic(junit, lib.junit_xml(report))
        except OSError as exc:
            raise BadInput(f"--junit: cannot write {junit}: {exc.strerror or exc}") from None
    if not as_json:
        from bridgeplay.report import render_batch

        render_batch(report, out)
    sys.exit(report.exit_status)


@main.command(epilog="Exit status: 0 every file is valid; 2 some file is invalid or unreadable.")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per file and line: {file, valid, error}.")
def validate(paths: tuple[str, ...], as_json: bool) -> None:
    """Check problem files without solving them: YAML, fields, cards, and that expect: fits the problem.

    Each invalid file gets its one-line error (file: field: message) on stderr; the last line counts them.
    """
    from bridgeplay import batch as lib

    files = lib.find_problem_files(paths)
    if not files:
        raise BadInput(f"no problem files (*.yaml, *.yml) under {', '.join(paths)}")
    bad = 0
    for f in files:
        try:
            lib.validate_file(f)
            error = None
        except ProblemError as exc:
            error = str(exc)
            bad += 1
        if as_json:
            emit_json({"file": f, "valid": error is None, "error": error})
        elif error:
            click.echo(f"bridgeplay: error: {error}", err=True)
    if not as_json:
        click.echo(f"{len(files)} file{'s' if len(files) != 1 else ''}: {len(files) - bad} valid"
                   + (f", {bad} invalid" if bad else ""))
    sys.exit(2 if bad else 0)


@main.command()
@click.argument("file", type=click.Path())
@click.option("--samples", type=click.IntRange(1, 10**6), default=None,
              help="Repeated minimaxing samples this many worlds at each decision; default: all worlds.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed for sampling.")
@click.option("--tricks", "target", type=click.IntRange(1, 13), default=None,
              help="Target to compare (default: the file's; every target for tricks: max).")
@json_option
def compare(file: str, samples: int | None, seed: int, target: int | None, as_json: bool) -> None:
    """Every solver on FILE: its first play, its own estimate, its TRUE worth against best defence, its loss.

    The diagnosis names why a line falls short of the optimum: strategy fusion (the solver's
    estimate exceeds its own line's true value) or non-locality (a later choice flips once the
    worlds that best defence would not have let reach it are removed, and the line gains).
    """
    from bridgeplay.solvers.compare import compare as run

    try:
        problem = load_problem(file)
        out = run(problem, samples=samples, seed=seed, target=target)
    except ProblemError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(out)
        return
    from bridgeplay.report import render_compare

    render_compare(out, console())


from bridgeplay.cli_dd import dd_command  # noqa: E402

main.add_command(dd_command)

if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
