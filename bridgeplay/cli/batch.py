"""``bridgeplay batch``: many problem files in parallel, checked against their ``expect:`` blocks."""

from __future__ import annotations

import os
import sys
from typing import Any

import click
from rich.console import Console

from bridgeplay.analysis.executor import EXECUTORS, ExecutorError
from bridgeplay.cli.common import SECONDS, BadInput, complete_solver, console, emit_json, error_console


@click.command(epilog="Exit status: 0 all solved (and checks held); 1 a check failed, a problem timed out or a "
                      "solver crashed; 2 bad input (an invalid or unreadable file, a bad option) and nothing failed; "
                      "130 interrupted (Ctrl-C; the partial summary is printed).")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--solver", default=None, metavar="NAME", shell_complete=complete_solver,
              help="Solver for every file (default: each kind's own choice); a file whose kind has no such solver "
                   "is skipped.")
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
@click.option("--time-limit", type=SECONDS, default=None, metavar="SECONDS",
              help="Per problem: a worker that takes longer is killed and replaced; the verdict is timeout.")
@click.option("--executor", type=click.Choice(EXECUTORS), default="local", show_default=True,
              help="Where the files are solved: local processes, or a Dask or Ray cluster (its workers read the "
                   "files by path; --time-limit is then each solve's budget, no worker is killed).")
@click.option("--address", default=None, metavar="URL",
              help="A running Dask scheduler or Ray cluster to join (with --executor dask|ray).")
def batch(paths: tuple[str, ...], solver: str | None, jobs: int | None, check: bool, as_json: bool,
          junit: str | None, time_limit: float | None, executor: str, address: str | None) -> None:
    """Solve every problem file under PATHS in parallel; with --check, verify each against its expect: block.

    A folder contributes every *.yaml / *.yml file below it (sorted, each file once); results are listed in
    path order whatever --jobs or the order of PATHS.  An invalid file is reported (verdict error) and the
    batch goes on.  A progress bar is shown on a terminal only.

    Verdicts: pass, fail (a check differs), solved (nothing to check), skipped (the solver does not solve
    that kind of problem), error (invalid or unreadable file), timeout, crash.  An expect: block may hold
    per-solver entries (solvers: {NAME: {...}}) that replace the top-level ones for that solver.

    Example: bridgeplay batch problems --check --jobs 2 --junit report.xml
    """
    from bridgeplay import kinds
    from bridgeplay.analysis import batch as lib

    if solver is not None and solver not in kinds.solver_names():
        raise BadInput(f"--solver: unknown solver {solver!r} (one of: {', '.join(kinds.solver_names())})")
    if address is not None and executor == "local":
        raise BadInput("--address names a Dask or Ray cluster: use it with --executor dask or ray")
    where: dict[str, Any] = {"executor": executor, "address": address}
    files = lib.find_problem_files(paths)
    if not files:
        raise BadInput(f"no problem files (*.yaml, *.yml) under {', '.join(paths)}")
    out = console()
    if not out.is_terminal and not os.environ.get("COLUMNS"):  # a log: wide rows, unless a width is asked for
        out = Console(highlight=False, width=max(out.width, 160))
    err = error_console()
    show_progress = not as_json and out.is_terminal and err.is_terminal
    on_ordered = (lambda o: emit_json(o.to_json())) if as_json else None
    try:
        report = _run(lib, files, solver, jobs, check, time_limit, show_progress, on_ordered, err, where)
    except ExecutorError as exc:
        raise BadInput(f"--executor: {exc}") from None
    if junit:
        try:
            lib.write_atomic(junit, lib.junit_xml(report))
        except OSError as exc:
            raise BadInput(f"--junit: cannot write {junit}: {exc.strerror or exc}") from None
    if not as_json:
        from bridgeplay.report.batch import render_batch

        render_batch(report, out)
    sys.exit(report.exit_status)


def _run(lib: Any, files: list[str], solver: str | None, jobs: int | None, check: bool, time_limit: float | None,
         show_progress: bool, on_ordered: Any, err: Console, where: dict[str, Any]) -> Any:
    """Run the batch, with a progress bar on a terminal."""
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
                                   on_done=on_done, on_tick=progress.refresh, **where)
    else:
        report = lib.run_batch(files, solver, jobs=jobs, check=check, time_limit=time_limit, on_ordered=on_ordered,
                               **where)
    return report
