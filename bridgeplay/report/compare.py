"""The ``bridgeplay compare`` report: one row per solver -- first play, estimate, true value, loss, diagnosis."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bridgeplay.report.common import value_text

DIAGNOSIS_STYLE = {"optimal": "green", "strategy fusion": "bold red", "non-locality": "bold magenta",
                   "strategy fusion + non-locality": "bold red", "sub-optimal": "yellow"}


def compare_table(block: dict[str, Any], as_prob: bool, title: str = "Solvers against best defence",
                  width: int = 100) -> Table:
    """One row per solver: first play, own estimate, true value, loss, diagnosis.  Below 80 columns
    (``width``) the headers are short and long solver names and diagnoses wrap: no column is dropped."""
    narrow = width < 80
    t = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left")
    t.add_column("solver", justify="left", overflow="fold", min_width=8)
    for col, just in (("first", "left"), ("est." if narrow else "estimate", "right"),
                      ("true" if narrow else "true value", "right"), ("loss", "right")):
        t.add_column(col, justify=just, no_wrap=True)
    t.add_column("diagnosis", justify="left", overflow="fold", min_width=10, ratio=1)
    for row in block["solvers"]:
        diag = row["diagnosis"]
        style = next((s for k, s in DIAGNOSIS_STYLE.items() if diag == k), "dim")
        loss = row["loss"]
        t.add_row(row["solver"], row["move"] or "—", value_text(row["estimate"], as_prob),
                  value_text(row["true_value"], as_prob),
                  "—" if loss is None else ("0" if abs(loss) < 1e-9 else value_text(loss, as_prob)),
                  Text(diag, style=style))
    return t


def _compare_notes(block: dict[str, Any], console: Console) -> None:
    for row in block["solvers"]:
        if row.get("tactic"):
            console.print(Text(f"  {row['solver']}: tactic {row['tactic']}", style="dim"))
    for row in block["solvers"]:
        if "non-locality" in row["diagnosis"] and row.get("witness"):
            what = ("a later choice flips once the worlds ruled out by the history are removed"
                    if row.get("test") == "reached worlds" else
                    "another play, no better for its own subtree, raises the whole line")
            console.print(Text(f"  {row['solver']}: {what}:", style="dim"))
            console.print(Text(f"      {row['witness']}", style="dim"))


def render_compare(out: dict[str, Any], console: Console) -> None:
    """The ``bridgeplay compare`` report: a table per target, then the tactics and non-local choices found."""
    head = Text(out["problem"], style="bold")
    console.print(Panel(head, expand=False, box=box.ROUNDED))
    if out.get("units") == "payoff":  # a tree: expected payoffs
        console.print(compare_table(out, as_prob=False, title=f"Optimum {out['optimum']:.4f}", width=console.width))
        return
    blocks = out.get("targets") or [out]
    for block in blocks:
        target = block.get("tricks", out.get("target"))
        as_prob = out.get("units") == "probability"
        goal = f"{target} trick{'s' if target != 1 else ''}" if as_prob else "expected tricks"
        console.print(compare_table(block, as_prob, title=f"{goal}: optimum {value_text(block['optimum'], as_prob)}",
                                    width=console.width))
        _compare_notes(block, console)
    console.print(Text("true value = the solver's line played against best defence in every world; "
                       "loss = optimum − true value", style="dim"))
