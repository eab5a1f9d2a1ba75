"""The ``bridgeplay batch`` summary: a table of verdicts, the messages of what did not pass, the counts."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

VERDICT_STYLE = {
    "pass": "bold green", "solved": "green", "skipped": "dim", "fail": "bold red", "error": "bold yellow",
    "timeout": "bold magenta", "crash": "bold red",
}


def short_path(path: str, limit: int) -> str:
    """``path`` cut from the left to at most ``limit`` characters, at a folder when it can: the file's name stays."""
    if len(path) <= limit:
        return path
    tail = path[-(limit - 1):]
    cut = tail.find("/")
    if 0 <= cut < len(tail) - 1 and len(tail) - cut - 1 >= limit // 2:
        tail = tail[cut:]
    return "…" + tail


def batch_table(report: Any, width: int = 100) -> Table:
    """The batch summary: one row per problem (path order): problem, solver, result, expected, verdict, time.

    Paths longer than a third of ``width`` are shortened from the left; results and expectations wrap.
    Below 100 columns the solver goes under the problem and the expectation under the result, so that
    nothing is cut at 60 columns."""
    t = Table(box=box.SIMPLE_HEAD, title="bridgeplay batch", title_justify="left")
    limit = max(16, width // 3)
    narrow = width < 100
    t.add_column("problem", no_wrap=True)
    if not narrow:
        t.add_column("solver", no_wrap=True)
    t.add_column("result" if not narrow else "result / expected", overflow="fold", ratio=1, min_width=10)
    if not narrow:
        t.add_column("expected", overflow="fold", ratio=1)
    t.add_column("verdict", no_wrap=True)
    t.add_column("time", justify="right", no_wrap=True)
    for o in report.outcomes:
        result = o.summary or (o.errors[0] if o.verdict in ("skipped",) and o.errors else "")
        verdict = Text(o.verdict, style=VERDICT_STYLE.get(o.verdict, ""))
        path = short_path(o.path, limit)
        if narrow:
            problem = Text.assemble(path, "\n", (o.solver, "dim"))
            both = Text.assemble(result, *(("\n", ("expected ", "dim"), o.expected) if o.expected else ()))
            t.add_row(problem, both, verdict, f"{o.seconds:.2f}s")
        else:
            t.add_row(path, o.solver, result, o.expected, verdict, f"{o.seconds:.2f}s")
    return t


def batch_footer(report: Any) -> Text:
    """One line: counts by verdict, the time, and whether the run was interrupted."""
    counts = report.counts()
    parts = [f"{n} {v}" for v, n in counts.items() if n]
    line = Text(f"{len(report.outcomes)} of {report.total} problems: {', '.join(parts) or 'none'}"
                f" in {report.seconds:.1f} s ({report.jobs} worker{'s' if report.jobs != 1 else ''})")
    if report.interrupted:
        line.append("  — interrupted, partial summary", style="bold yellow")
    return line


def render_batch(report: Any, console: Console) -> None:
    """The summary table, then one line per problem that did not pass (with its messages), then the counts."""
    console.print(batch_table(report, console.width))
    for o in report.outcomes:
        if o.verdict in ("fail", "error", "timeout", "crash"):
            for msg in o.errors or [""]:
                text = msg if msg.startswith(o.path) else f"{o.path}: {msg}"
                console.print(Text.assemble((f"{o.verdict}: ", VERDICT_STYLE[o.verdict]), text))
    console.print(batch_footer(report))
