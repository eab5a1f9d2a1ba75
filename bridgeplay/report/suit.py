"""The report of a single-suit result: the diagram, the best line and its chance, the table that verifies it."""

from __future__ import annotations

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bridgeplay.cards import popcount
from bridgeplay.report.common import (
    SEAT_WORD,
    SplitText,
    method_lines,
    moves_table,
    pct,
    splits_table,
    stats_line,
    strategy_tree,
)
from bridgeplay.result import Result
from bridgeplay.suit.problem import SuitProblem


def suit_diagram(problem: SuitProblem) -> RenderableType:
    """North above South, the outstanding cards between them, like a textbook diagram."""
    out = problem.outstanding
    known_w = problem.west_known
    known_e = problem.east_known
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right")
    grid.add_column(justify="center")
    grid.add_column(justify="left")
    grid.add_row("", Text(f"N  {problem.holding_text(problem.north)}", style="bold"), "")
    west = f"W  {problem.holding_text(known_w)} …" if known_w else "W"  # (known cards, and maybe more)
    east = f"E  {problem.holding_text(known_e)} …" if known_e else "E"
    grid.add_row(west, Text(f"outstanding {problem.holding_text(out)} ({popcount(out)})", style="dim"), east)
    grid.add_row("", Text(f"S  {problem.holding_text(problem.south)}", style="bold"), "")
    return grid


def goal_text(problem: SuitProblem) -> str:
    if problem.objective == "tricks":
        return "most tricks on average"
    if problem.tricks is None:
        return "every target"
    extra = f", {SEAT_WORD[problem.lead]} leads first" if problem.lead else ""
    return f"{problem.tricks} trick{'s' if problem.tricks != 1 else ''}{extra}"


def render(problem: SuitProblem, result: Result, console: Console, tree: bool = True, layouts: bool = False) -> None:
    """The report of a single-suit result: diagram, best line and chance, first plays, table, line."""
    header = Group(
        Text(f"{problem.name}", style="bold"),
        Text(f"Goal: {goal_text(problem)}    Solver: {result.solver}", style="dim"),
        Text(""),
        suit_diagram(problem),
        *([Text(problem.legend, style="dim")] if problem.legend else []),
    )
    console.print(Panel(header, expand=False, box=box.ROUNDED))
    for line in method_lines(result):
        console.print(line)
    if result.table:
        t = Table(box=box.SIMPLE_HEAD, title="Best chance for every target", title_justify="left")
        t.add_column("tricks", justify="right")
        t.add_column("chance", justify="right")
        t.add_column("best first plays")
        for row in result.table:
            t.add_row(str(row["tricks"]), pct(row["probability"]), ", ".join(row["moves"]))
        console.print(t)
        for row in result.table:
            if row.get("line") and row["probability"] < 1 - 1e-9 and row["probability"] > 1e-9:
                console.print(Text.assemble((f"{row['tricks']} tricks: ", "bold"), row["line"]))
        if result.expected_tricks is not None:
            console.print(Text.assemble(("Most tricks on average: ", "bold"),
                                        (", ".join(result.best_moves), "bold green"),
                                        ("  expected ", ""), (f"{result.expected_tricks:.4f}", "bold"), " tricks"))
        if result.extra.get("line"):
            console.print(Text.assemble(("  in words: ", "dim"), result.extra["line"]))
        return
    if result.probability is not None:
        console.print(Text.assemble(("Best line: ", "bold"), (", ".join(result.best_moves), "bold green"),
                                    ("  chance ", ""), (pct(result.probability), "bold"),
                                    (f"  ({result.probability:.4f})", "dim")))
    else:
        console.print(Text.assemble(("Best line: ", "bold"), (", ".join(result.best_moves), "bold green"),
                                    ("  expected tricks ", ""), (f"{result.expected_tricks:.4f}", "bold")))
    if result.extra.get("line"):
        console.print(Text.assemble(("In words: ", "bold"), result.extra["line"]))
    console.print(moves_table(result))
    if result.splits:
        console.print(splits_table(result, "Verification (split West–East)", SplitText("split", "{west}-{east}"),
                                   ("holdings that succeed", "tricks by holding"), width=console.width))
    if tree and result.strategy:
        console.print(strategy_tree(result))
    console.print(stats_line(result))
