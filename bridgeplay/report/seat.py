"""Rich report of a decision of any seat (``kind: deal`` with ``to_play:``): every candidate card with its score."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from bridgeplay.cards import SEAT_WORDS, move_symbols
from bridgeplay.result import Result


def render(problem: Any, result: Result, console: Console, tree: bool = True, layouts: bool = False) -> None:
    console.print(f"[bold]{problem.name}[/bold]  {SEAT_WORDS[problem.to_play]} to play")
    if problem.auction:
        console.print(f"Auction: {problem.auction}")
    console.print(f"Solver: {result.solver} — {result.method}")
    if result.why:
        console.print(f"({result.why})")
    table = Table(show_header=True, header_style="bold")
    table.add_column("card")
    table.add_column("sum of scores", justify="right")
    table.add_column("mean", justify="right")
    for m in result.moves:
        table.add_row(move_symbols(m.move), f"{m.extra['score']:g}", f"{m.extra['mean']:.1f}")
    console.print(table)
    best = result.moves[0].move if result.moves else "—"
    console.print(f"Plays [bold]{move_symbols(best)}[/bold] ({result.extra.get('samples')} deals, "
                  f"seed {result.extra.get('seed')}, {result.stats.get('seconds')} s)"
                  + (f"; stopped: {result.stopped}" if result.stopped else ""))
    if problem.expert:
        console.print(f"A strong player: {problem.expert}")
    for a in result.extra.get("assumptions", []):
        console.print(f"  · {a}", style="dim")
