"""The report of a tree result: the line (a move per information set), its estimate and its true value."""

from __future__ import annotations

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bridgeplay.games.tree.problem import TreeProblem
from bridgeplay.report.common import method_lines, stats_line, value_text
from bridgeplay.result import Result


def render(problem: TreeProblem, result: Result, console: Console, tree: bool = True, layouts: bool = False) -> None:
    """The tree's line, its value against best defence, what the solver believed, and the choices tied."""
    as_prob = result.probability is not None
    header = Group(
        Text(problem.name, style="bold"),
        Text(f"{len(problem.worlds)} worlds, {len(problem.infosets)} MAX information sets    "
             f"Solver: {result.solver}", style="dim"),
    )
    console.print(Panel(header, expand=False, box=box.ROUNDED))
    for line in method_lines(result):
        console.print(line)
    what = "chance" if as_prob else "expected payoff"
    extra = result.extra or {}
    if extra.get("bound") == "lower":  # stopped by the time limit: the best of the strategies played
        what += " at least"
    console.print(Text.assemble(("Line: ", "bold"), (str(result.move or "—"), "bold green"),
                                (f"  {what} ", ""), (value_text(result.value, as_prob), "bold")))
    if extra.get("note"):
        console.print(Text(extra["note"], style="bold yellow"))
    t = Table(box=box.SIMPLE_HEAD, show_header=False)
    t.add_column("")
    t.add_column("", justify="right")
    t.add_row("the solver's own estimate", value_text(result.estimate, as_prob))
    t.add_row("its line against best defence", value_text(result.true_value, as_prob))
    console.print(t)
    if tree and isinstance(result.strategy, dict) and result.strategy:
        s = Table(box=box.SIMPLE_HEAD, title="The line: a move at each information set it reaches",
                  title_justify="left")
        s.add_column("information set")
        s.add_column("move")
        for label, move in result.strategy.items():
            s.add_row(label, move)
        console.print(s)
    if result.tied:
        console.print(Text(f"tied at the first decision: {', '.join(result.tied)}", style="dim"))
    console.print(stats_line(result))
