"""The report of a one-player game (``kind: imp``): its value (exact), the strategy, the leaves examined."""

from __future__ import annotations

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bridgeplay.games.imp.problem import ImpProblem
from bridgeplay.report.common import method_lines
from bridgeplay.result import Result


def render(problem: ImpProblem, result: Result, console: Console, tree: bool = True, layouts: bool = False) -> None:
    """Value, strategy (a move per information set it reaches) and leaves examined out of all."""
    extra = result.extra or {}
    header = Group(
        Text(problem.name, style="bold"),
        Text(f"{problem.leaves} leaves, {len(problem.infosets)} information set"
             f"{'' if len(problem.infosets) == 1 else 's'}, payoffs at most U = "
             f"{problem.upper}    Solver: {result.solver}", style="dim"),
    )
    console.print(Panel(header, expand=False, box=box.ROUNDED))
    for line in method_lines(result):
        console.print(line)
    exact = str(extra.get("value_exact", ""))
    shown = f"{exact} = {result.payoff:.6f}" if "/" in exact else f"{result.payoff:g}"
    console.print(Text.assemble(("Value: ", "bold"), (shown, "bold green"), ("  (expected payoff of the best "
                                                                               "strategy)", "dim")))
    if tree and isinstance(result.strategy, dict) and result.strategy:
        console.print(Text("The strategy, at the information sets it reaches:", style="bold"))
        s = Table(box=box.SIMPLE_HEAD)
        s.add_column("information set")
        s.add_column("alternative")
        for label, move in result.strategy.items():
            s.add_row(label, move)
        console.print(s)
    leaves, total = extra.get("leaves"), extra.get("total_leaves")
    seconds = result.stats.get("seconds", 0.0)
    console.print(Text(f"Leaves examined: {leaves} of {total}  ({seconds:.3f} s)", style="dim"))
