"""The report of ``bridgeplay experiment maxn``: Table 2's rows, next to the seed's own numbers."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bridgeplay.analysis.maxn_experiment import PAPER_FACTORS, PAPER_NODES_PER_SECOND, PAPER_TABLE2, MaxnExperiment

LABELS = {"full": "Full tree", "maxn": "maxⁿ", "dfbnb": "DFBnB", "shallow": "Shallow", "abbnb": "ABBnB",
          "paranoid": "Paranoid", "paranoid-h": "Paranoid+h"}


def _num(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def render(result: MaxnExperiment, console: Console) -> None:
    console.print(Text(f"maxⁿ pruning on {result.deals} {result.game} deals, {result.tricks} tricks "
                       f"({3 * result.tricks} cards), seed {result.seed}", style="bold"))
    paper = result.game == "sergeant-major"
    t = Table(box=box.SIMPLE_HEAD, caption="maxⁿ: plain maxⁿ with immediate pruning; Paranoid+h: with the "
              "heuristic's bounds" + ("; the seed's × is against its column to the left (DFBnB against the full "
              "tree), ours against the row above" if paper else ""), caption_justify="left")
    t.add_column("algorithm")
    t.add_column("mean nodes", justify="right")
    t.add_column("× vs left", justify="right")
    t.add_column("× vs full", justify="right")
    if paper:
        t.add_column("seed (5 tricks)", justify="right", style="dim")
        t.add_column("seed ×", justify="right", style="dim")
    for row in result.rows:
        a = row["algorithm"]
        if row["mean_nodes"] is None:
            cells = [LABELS[a], "—", "", row.get("reason", "")]
        else:
            cells = [LABELS[a], _num(row["mean_nodes"]),
                     "" if row["factor_vs_left"] is None else f"{row['factor_vs_left']:.3g}",
                     "" if row["factor_vs_full"] is None else f"{row['factor_vs_full']:.3g}"]
        if paper:
            cells += [_num(PAPER_TABLE2.get(a)), f"{PAPER_FACTORS[a]:g}" if a in PAPER_FACTORS else ""]
        t.add_row(*cells)
    console.print(t)
    agree = "[bold green]yes[/]" if result.values_agree else "[bold red]NO[/]"
    console.print(f"Every maxⁿ method returned {result.reference}'s value and first move on every deal, and the "
                  f"paranoid searches agreed: {agree}")
    for d in result.disagreements[:10]:
        console.print(f"  [red]{d}[/]")
    speed = result.nodes_per_second
    if speed:
        per = ", ".join(f"{a} {v / 1e6:.2f}M" for a, v in speed.items() if a != "all")
        console.print(f"Nodes per second: {speed.get('all', 0) / 1e6:.2f} million over all searches ({per}); "
                      f"the seed: about {PAPER_NODES_PER_SECOND:,} on a Pentium II 233 "
                      f"(×{speed.get('all', 0) / PAPER_NODES_PER_SECOND:.0f})")
    if result.transposition:
        tr = result.transposition
        console.print(f"Transposition table (maxⁿ): nodes ÷{tr['node_factor']:.3g} "
                      f"({_num(tr['maxn_mean_nodes'])} → {_num(tr['maxn_tt_mean_nodes'])} a deal), time ÷"
                      f"{tr['time_factor']:.3g} "
                      f"({tr['maxn_seconds']:.2f} s → {tr['maxn_tt_seconds']:.2f} s); the seed: nodes ÷3, time ×3")
    console.print(Text("Assumptions:", style="bold"))
    for line in result.assumptions:
        console.print(f"  • {line}")
    console.print(Text(f"{result.seconds:.1f} s", style="dim"))
