"""Rich report of a decision of any seat (``kind: deal`` with ``to_play:``): every candidate card with its score."""

from __future__ import annotations

from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from bridgeplay.cards import SEAT_WORDS, move_symbols
from bridgeplay.deal.sampling import Z95, mean_interval
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
    gap = paired_gap(result)
    if gap:
        console.print(gap)
    if problem.expert:
        console.print(f"A strong player: {problem.expert}")
    for a in result.extra.get("assumptions", []):
        console.print(f"  · {a}", style="dim")


def paired_gap(result: Result) -> str | None:
    """The best card's lead over the next, per deal, with its standard error: every card is scored on the same
    deals of the sample, so the per-deal differences are paired, and a lead within two standard errors of
    zero is one that more deals might reverse.  (Beyond two it is no proof: a few deals can carry a card's
    sum, and a small sample may not hold them.)"""
    if len(result.moves) < 2:
        return None
    a = result.moves[0].extra.get("per_sample") or []
    b = result.moves[1].extra.get("per_sample") or []
    n = min(len(a), len(b))
    if n < 2:
        return None
    d = np.array(a[:n], dtype=float) - np.array(b[:n], dtype=float)
    lo, hi = mean_interval(d, np.ones(n))  # (the deal reports' interval: mean +- Z95 standard errors)
    mean = (lo + hi) / 2
    se = (hi - lo) / (2 * Z95)
    one, two = move_symbols(result.moves[0].move), move_symbols(result.moves[1].move)
    if se == 0:
        if mean == 0:
            return f"{one} and {two} score the same on every one of the {n} deals"
        return f"{one} over {two}: {mean:+.1f} a deal, the same on every one of the {n} deals"
    text = (f"{one} over {two}: {mean:+.1f} a deal on the same {n} deals (standard error {se:.1f}, "
            f"a margin of {mean / se:.1f} standard errors)")
    if mean < 2 * se:
        text += ": more deals (--samples) could reverse the choice"
    return text
