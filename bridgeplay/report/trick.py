"""The report of a trick problem: the position (or tree), the maxⁿ value tuple, the first move, the nodes."""

from __future__ import annotations

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from bridgeplay.games.maxn.game import hand_text
from bridgeplay.games.maxn.problem import TrickProblem
from bridgeplay.report.common import method_lines
from bridgeplay.result import Result


def render(problem: TrickProblem, result: Result, console: Console, tree: bool = True, layouts: bool = False) -> None:
    extra = result.extra or {}
    lines = [Text(problem.name, style="bold")]
    if problem.game is not None:
        g = problem.game
        what = "tricks taken" if g.game == "sergeant-major" else "26 - points taken (maximised)"
        lines.append(Text(f"{g.game}, {g.n} players, player {g.leader + 1} leads, {g.tricks} tricks searched, "
                          f"score = {what}    Solver: {result.solver}", style="dim"))
        for i, h in enumerate(g.hands):
            lines.append(Text(f"  P{i + 1}  {hand_text(h, symbols=True)}"))
    else:
        lines.append(Text(f"a {problem.n}-player tree    Solver: {result.solver}", style="dim"))
    lines.append(Text(f"maxsum {problem.maxsum}, maxp {problem.maxp}: shallow pruning "
                      f"{'allowed' if problem.shallow_sound else 'not sound (Lemma 1: maxsum ≥ 2·maxp)'}",
                      style="dim"))
    console.print(Panel(Group(*lines), expand=False, box=box.ROUNDED))
    for line in method_lines(result):
        console.print(line)
    if extra.get("scores") is not None:
        names = ", ".join(f"P{i + 1}" for i in range(len(extra["scores"])))
        value = "(" + ", ".join(str(v) for v in extra["scores"]) + ")"
        console.print(Text.assemble(("Value ", "bold"), (f"({names}) = ", ""), (value, "bold green"),
                                    ("   first move ", ""), (str(result.move or "—"), "bold")))
    else:
        console.print(Text.assemble(("Paranoid value ", "bold"), (f"(player {extra.get('player')}'s score "
                                                                  "against the others' coalition) ", ""),
                                    (str(extra.get("paranoid")), "bold green"), ("   first move ", ""),
                                    (str(result.move or "—"), "bold")))
    console.print(Text(f"Nodes visited: {result.stats.get('nodes', 0):,} (leaves included)   "
                       f"{result.stats.get('seconds', 0):.3f} s", style="dim"))
