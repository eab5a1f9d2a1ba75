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


def batch_table(report: Any) -> Table:
    """The batch summary: one row per problem (path order): problem, solver, result, expected, verdict, time."""
    t = Table(box=box.SIMPLE_HEAD, title="bridgeplay batch", title_justify="left")
    t.add_column("problem", overflow="fold")
    t.add_column("solver")
    t.add_column("result", overflow="fold")
    t.add_column("expected", overflow="fold")
    t.add_column("verdict")
    t.add_column("time", justify="right")
    for o in report.outcomes:
        result = o.summary or (o.errors[0] if o.verdict in ("skipped",) and o.errors else "")
        t.add_row(o.path, o.solver, result, o.expected, Text(o.verdict, style=VERDICT_STYLE.get(o.verdict, "")),
                  f"{o.seconds:.2f}s")
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
    console.print(batch_table(report))
    for o in report.outcomes:
        if o.verdict in ("fail", "error", "timeout", "crash"):
            for msg in o.errors or [""]:
                text = msg if msg.startswith(o.path) else f"{o.path}: {msg}"
                console.print(Text.assemble((f"{o.verdict}: ", VERDICT_STYLE[o.verdict]), text))
    console.print(batch_footer(report))
