"""What every command shares: the one-line error, the ``--json`` option, JSON output, the consoles,
the first run's compile notice and the progress bar."""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
from rich.console import Console

from bridgeplay.options import Progress, no_progress


class BadInput(click.ClickException):
    """Bad input: one line on stderr (``bridgeplay: error: FILE: field: what``), exit code 2, no traceback."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"bridgeplay: error: {self.format_message()}", err=True)


class Seconds(click.ParamType):
    """A time limit: a finite number of seconds above 0 (``nan`` and ``inf`` are refused)."""

    name = "seconds"

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        try:
            x = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(x) or x <= 0:
            self.fail(f"{value!r} is not a finite number of seconds above 0", param, ctx)
        return x


SECONDS = Seconds()


class Bytes(click.ParamType):
    """A memory size: ``512M``, ``2G``, ``1.5G`` or a number of bytes (at least 1M)."""

    name = "size"
    UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip().upper().removesuffix("B").removesuffix("I")
        unit = text[-1:] if text[-1:] in "KMG" else ""
        try:
            size = float(text[: len(text) - len(unit)]) * self.UNITS[unit]
        except ValueError:
            self.fail(f"{value!r} is not a size like 512M or 2G", param, ctx)
        if not math.isfinite(size) or size < 1 << 20:
            self.fail(f"{value!r} is less than 1M", param, ctx)
        return int(size)


BYTES = Bytes()
SEED = click.IntRange(0, 2**63 - 1)


def json_option(f: Any) -> Any:
    """The one ``--json`` option every command takes."""
    return click.option("--json", "as_json", is_flag=True,
                        help="Print JSON (schema: bridgeplay/schema/result.json) instead of the report.")(f)


def console() -> Console:
    return Console(highlight=False)


def error_console() -> Console:
    return Console(stderr=True, highlight=False)


def emit_json(obj: Any) -> None:
    """One JSON object on one line of stdout; a reader that went away (``| head``) ends us quietly."""
    try:
        click.echo(json.dumps(obj, ensure_ascii=False))
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)


def compile_first(kind: Any, quiet: bool = False) -> None:
    """On a cold kernel cache, compile the kind's kernels before the solve starts (see :func:`compile_kernels`)."""
    compile_kernels(kind.kernels, kind.compile_seconds, quiet)


def compile_kernels(kernels: tuple[str, ...], seconds: int, quiet: bool = False) -> None:
    """On a cold kernel cache, compile ``kernels`` (engine modules) first, saying so on stderr: one line, and
    a spinner while it runs on a terminal (the command's own progress bar comes after it)."""
    from bridgeplay.engine import cache

    if not kernels or not cache.cold(list(kernels)):
        return
    err = error_console()
    text = f"compiling bridgeplay's kernels once — about {seconds} s"
    if err.is_terminal and not quiet:
        with err.status(text):
            cache.warm(list(kernels), on_interrupt=exit_interrupted)
        err.print(f"{text}: done")
    else:
        click.echo(f"bridgeplay: {text}", err=True)
        cache.warm(list(kernels), on_interrupt=exit_interrupted)


def exit_interrupted() -> None:
    """Ctrl-C while the kernels compile: the one line, exit 130 at once (nothing has been written yet; numba
    writes each cache file whole)."""
    sys.stdout.flush()
    sys.stderr.write("\nbridgeplay: interrupted\n" if error_console().is_terminal else "bridgeplay: interrupted\n")
    sys.stderr.flush()
    os._exit(130)


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Progress]:
    """A rich progress bar on stderr for long work, on a terminal only; else a callback that does nothing."""
    err = error_console()
    if not enabled or not err.is_terminal:
        yield no_progress
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=err, transient=True) as bar:
        tasks: dict[str, Any] = {}

        def update(what: str, done: int, total: int) -> None:
            if what not in tasks:
                tasks[what] = bar.add_task(what, total=total)
            elif bar.tasks[tasks[what]].finished and done < total:
                bar.reset(tasks[what], total=total, completed=done)  # (the same work again: its clock restarts)
            bar.update(tasks[what], completed=done, total=total)

        yield update


def complete_solver(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """Shell completion of ``--solver``: every solver name (of any kind) that starts with what is typed."""
    from bridgeplay import kinds

    return [name for name in kinds.solver_names() if name.startswith(incomplete)]
