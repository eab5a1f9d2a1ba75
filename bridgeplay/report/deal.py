"""The report of a deal result: the diagram, the best card and its chance, the table by layout, the line."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bridgeplay.cards import (
    NOTRUMP,
    SEAT_WORDS,
    SUIT_SYMBOLS,
    E,
    W,
    deal_move,
    hand_text,
    move_symbols,
    popcount,
    short_hand_text,
)
from bridgeplay.deal.problem import DealProblem
from bridgeplay.report.common import SplitText, method_lines, moves_table, pct, splits_table, stats_line, strategy_tree
from bridgeplay.result import Result


def deal_diagram(problem: Any) -> RenderableType:
    """North above South, the defenders' known cards (or what they hold) at the sides."""
    def side(info: Any, seat: int) -> str:
        n = problem.holds(seat)
        known = sum(popcount(m) for m in info.known)
        if known == n:
            return hand_text(info.known)
        return f"{n} cards" + (f", {short_hand_text(info.known)} known" if known else "")

    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right")
    grid.add_column(justify="center")
    grid.add_column(justify="left")
    grid.add_row("", Text(f"N  {hand_text(problem.north)}", style="bold"), "")
    grid.add_row(f"W  {side(problem.west, W)}", "", f"E  {side(problem.east, E)}")
    grid.add_row("", Text(f"S  {hand_text(problem.south)}", style="bold"), "")
    out = [grid, Text(f"defenders hold {short_hand_text(problem.defenders)}", style="dim")]
    if problem.table:
        played = "  ".join(move_symbols(deal_move(s, c)) for s, c in zip(problem.table_seats, problem.table))
        out.append(Text(f"on the table: {played}", style="dim"))
    return Group(*out)




MAX_HOLDINGS = 2  # layouts listed per row of the table (--layouts: all)
MAX_ROWS = 10  # rows of the table, most likely first (--layouts: all): the table fits one screen


def render(problem: DealProblem, result: Result, console: Console, tree: bool = True, layouts: bool = False) -> None:
    """Report of a deal problem: diagram, best card and chance, first plays, layouts table, the line."""
    if getattr(problem, "only_solvers", None):  # a seat's decision (to_play:)
        from bridgeplay.report import seat

        seat.render(problem, result, console, tree=tree, layouts=layouts)
        return

    strain = "NT" if problem.trump == NOTRUMP else SUIT_SYMBOLS[problem.trump]
    goal = (f"{problem.tricks} of the {problem.tricks_left} tricks left" if problem.tricks is not None
            else "most tricks on average")
    header = Group(
        Text(problem.name, style="bold"),
        Text(f"{strain}; North-South need {goal}; {SEAT_WORDS[problem.to_play]} to play.    "
             f"Solver: {result.solver}", style="dim"),
        Text(""),
        deal_diagram(problem),
    )
    console.print(Panel(header, expand=False, box=box.ROUNDED))
    for text in method_lines(result):
        console.print(text)
    extra = result.extra or {}
    if result.value is None:  # stopped before anything was finished: the note says what to try
        console.print(Text(extra.get("note", "no value"), style="bold yellow"))
        console.print(stats_line(result))
        return
    target = result.probability is not None
    value = pct(result.probability) if target else f"{result.expected_tricks:.4f} tricks"
    word = ("chance" if target else "expected") if result.exact else ("estimated chance" if target else "estimate")
    if extra.get("bound") == "lower":  # a search the time limit stopped: the best of the plays it solved
        word = "chance at least" if target else "expected at least"
    line = Text.assemble(("Best card: ", "bold"), (", ".join(move_symbols(m) for m in result.best_moves),
                                                   "bold green"), (f"  {word} ", ""), (value, "bold"),
                         ("  exact" if result.exact else "", "dim"))
    iv = extra.get("interval")
    if iv and not extra.get("exhaustive", True):
        lo, hi = iv
        line.append(f"  (95% interval {pct(lo)}–{pct(hi)})" if target else f"  (95% interval {lo:.3f}–{hi:.3f})",
                    style="dim")
    console.print(line)
    if extra.get("line"):
        console.print(Text.assemble(("In words: ", "bold"), extra["line"]))
    if extra.get("note"):
        console.print(Text(extra["note"], style="bold yellow"))
    if "position_value" in extra or extra.get("lookahead"):
        console.print(Text("double dummy: this assumes declarer sees every card, which he does not; the true "
                           "chance can be lower", style="bold yellow"))
    if "samples" in extra:
        if extra.get("exhaustive"):
            console.print(Text(f"all {extra['layouts']:,} layouts of the defenders' cards (exact weights)",
                               style="dim"))
        else:
            console.print(Text(f"{extra['samples']} sampled layouts ({extra['distinct_worlds']} distinct) of "
                               f"{extra['layouts']:,}, seed {extra['seed']}", style="dim"))
    if extra.get("lookahead"):
        console.print(Text(f"searched {extra['lookahead']} trick(s) exactly, then double dummy", style="dim"))
    if "position_value" in extra:
        console.print(Text(f"double dummy rates the position {pct(extra['position_value'])} "
                           "(it always finds the winning card in every layout)", style="dim"))
    console.print(moves_table(result, exhaustive=bool(extra.get("exhaustive", True))))
    if result.splits:
        console.print(splits_table(result, "Verification by layout (suit lengths S-H-D-C, West / East)",
                                   SplitText("layout", "{west} / {east}"),
                                   ("layouts that succeed (West – East)", "tricks by layout"),
                                   None if layouts else MAX_HOLDINGS, "; ", width=console.width,
                                   max_rows=None if layouts else MAX_ROWS))
    if tree and result.strategy:
        console.print(strategy_tree(result))
    console.print(stats_line(result))
