"""Rich rendering of problems and results: hand diagrams, split tables, strategy trees."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from bridgeplay.cards import popcount
from bridgeplay.problem import SuitProblem
from bridgeplay.result import Result

SEAT_WORD = {"N": "North", "E": "East", "S": "South", "W": "West"}


def pct(p: float | None) -> str:
    return "—" if p is None else f"{100 * p:.2f}%"


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
    west = f"W  {problem.holding_text(known_w)}…" if known_w else "W"
    east = f"E  {problem.holding_text(known_e)}…" if known_e else "E"
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


def moves_table(result: Result) -> Table:
    t = Table(box=box.SIMPLE_HEAD, title="First plays", title_justify="left")
    t.add_column("play")
    metric = "chance" if result.probability is not None else "tricks"
    t.add_column(metric, justify="right")
    t.add_column("")
    best = set(result.best_moves)
    for m in result.moves:
        value = pct(m.probability) if result.probability is not None else f"{m.expected_tricks:.4f}"
        t.add_row(m.move, value, "best" if m.move in best else "", style="bold green" if m.move in best else None)
    return t


def splits_table(result: Result) -> Table:
    target = result.probability is not None
    t = Table(box=box.SIMPLE_HEAD, title="Verification (split West–East)", title_justify="left")
    for col, just in (("split", "left"), ("probability", "right"), ("cases", "right")):
        t.add_column(col, justify=just)
    if target:
        t.add_column("succeed", justify="right")
    t.add_column("holdings that succeed" if target else "tricks by holding")
    t.add_column("contribution", justify="right")
    for s in result.splits:
        holdings = ", ".join(s.holdings) if s.holdings else "none"
        row = [f"{s.west}-{s.east}", f"{s.probability:.4f}", str(s.cases)]
        if target:
            row.append(str(s.successes))
        row += [holdings, f"{s.contribution:.4f}"]
        t.add_row(*row)
    total = sum(s.contribution for s in result.splits)
    tail = ["total", f"{sum(s.probability for s in result.splits):.4f}", str(sum(s.cases for s in result.splits))]
    if target:
        tail.append(str(sum(s.successes or 0 for s in result.splits)))
    tail += ["", f"{total:.4f}"]
    t.add_row(*tail, style="bold")
    return t


def _describe(node: dict[str, Any]) -> str:
    seat, card = node["play"].split(":")
    who = SEAT_WORD[seat]
    if card == "exit":
        return f"{who} exits (switches suits)"
    if card == "discard":
        return f"{who} shows out"
    return f"{who} {'leads' if node.get('lead') else 'plays'} {card}"


def _signature(node: dict[str, Any]) -> str:
    sub = ";".join(_signature(c) for c in node.get("then", []))
    return f"{node['play']}[{sub}]"


def _add_nodes(tree: Tree, nodes: list[dict[str, Any]]) -> None:
    # Group defender replies that read the same (e.g. several small cards) and lead to the same line.
    groups: dict[str, list[dict[str, Any]]] = {}
    for n in nodes:
        groups.setdefault(_signature(n), []).append(n)
    for members in groups.values():
        n = members[0]
        label = _describe(n)
        if n["side"] == "defence":
            label = f"[dim]if[/dim] {label}"
        else:
            label = f"[bold]{label}[/bold]"
        child = tree.add(label)
        _add_nodes(child, n.get("then", []))


def strategy_tree(result: Result, title: str = "The line") -> Tree:
    tree = Tree(f"[bold]{title}[/bold]")
    _add_nodes(tree, result.strategy)
    return tree


def render_suit(problem: SuitProblem, result: Result, console: Console, tree: bool = True) -> None:
    header = Group(
        Text(f"{problem.name}", style="bold"),
        Text(f"Goal: {goal_text(problem)}    Solver: {result.solver}", style="dim"),
        Text(""),
        suit_diagram(problem),
    )
    console.print(Panel(header, expand=False, box=box.ROUNDED))
    if result.table:
        t = Table(box=box.SIMPLE_HEAD, title="Best chance for every target", title_justify="left")
        t.add_column("tricks", justify="right")
        t.add_column("chance", justify="right")
        t.add_column("best first plays")
        for row in result.table:
            t.add_row(str(row["tricks"]), pct(row["probability"]), ", ".join(row["moves"]))
        console.print(t)
        return
    if result.probability is not None:
        console.print(Text.assemble(("Best line: ", "bold"), (", ".join(result.best_moves), "bold green"),
                                    ("  chance ", ""), (pct(result.probability), "bold"),
                                    (f"  ({result.probability:.4f})", "dim")))
    else:
        console.print(Text.assemble(("Best line: ", "bold"), (", ".join(result.best_moves), "bold green"),
                                    ("  expected tricks ", ""), (f"{result.expected_tricks:.4f}", "bold")))
    console.print(moves_table(result))
    if result.splits:
        console.print(splits_table(result))
    if tree and result.strategy:
        console.print(strategy_tree(result))
    stats = result.stats
    console.print(Text(f"{stats.get('worlds', '?')} worlds, {stats.get('nodes', '?')} positions searched, "
                       f"{stats.get('seconds', 0):.3f} s", style="dim"))


def render(problem: Any, result: Result, console: Console, tree: bool = True) -> None:
    """Render any solved problem."""
    if isinstance(problem, SuitProblem):
        render_suit(problem, result, console, tree)
        return
    renderer = getattr(problem, "render", None)
    if renderer is not None:
        renderer(result, console)
        return
    console.print_json(data=result.to_json())


# -- batch (bridgeplay batch / validate) -----------------------------------------
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


# -- bridgeplay compare ----------------------------------------------------------------
DIAGNOSIS_STYLE = {"optimal": "green", "strategy fusion": "bold red", "non-locality": "bold magenta",
                   "strategy fusion + non-locality": "bold red", "sub-optimal": "yellow"}


def _value_text(v: float | None, as_prob: bool) -> str:
    if v is None:
        return "—"
    return pct(v) if as_prob else f"{v:.4f}"


def compare_table(block: dict[str, Any], as_prob: bool, title: str = "Solvers against best defence") -> Table:
    """One row per solver: first play, own estimate, true value, loss, diagnosis."""
    t = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left")
    for col, just in (("solver", "left"), ("first", "left"), ("estimate", "right"),
                      ("true value", "right"), ("loss", "right")):
        t.add_column(col, justify=just, no_wrap=True)
    t.add_column("diagnosis", justify="left")
    for row in block["solvers"]:
        diag = row["diagnosis"]
        style = next((s for k, s in DIAGNOSIS_STYLE.items() if diag == k), "dim")
        loss = row["loss"]
        t.add_row(row["solver"], row["move"] or "—", _value_text(row["estimate"], as_prob),
                  _value_text(row["true_value"], as_prob),
                  "—" if loss is None else ("0" if abs(loss) < 1e-9 else _value_text(loss, as_prob)),
                  Text(diag, style=style))
    return t


def _compare_notes(block: dict[str, Any], console: Console) -> None:
    for row in block["solvers"]:
        if row.get("tactic"):
            console.print(Text(f"  {row['solver']}: tactic {row['tactic']}", style="dim"))
    shown: list[Any] = []
    for row in block["solvers"]:
        if "non-locality" in row["diagnosis"] and row.get("flips"):
            if row["flips"] in shown:
                console.print(Text(f"  {row['solver']}: the same flips", style="dim"))
                continue
            shown.append(row["flips"])
            console.print(Text(f"  {row['solver']}: {row['flip_count']} choice(s) flip once the worlds ruled out "
                               f"by the history are removed, e.g.", style="dim"))
            for f in row["flips"][:2]:
                console.print(Text(f"      {f}", style="dim"))


def render_compare(out: dict[str, Any], console: Console) -> None:
    """The ``bridgeplay compare`` report: a table per target, then the tactics and non-local choices found."""
    head = Text(out["problem"], style="bold")
    if out.get("kind") == "tree":
        console.print(Panel(head, expand=False, box=box.ROUNDED))
        console.print(compare_table(out, as_prob=False, title=f"Optimum {out['optimum']:.4f}"))
        return
    console.print(Panel(head, expand=False, box=box.ROUNDED))
    blocks = out.get("targets") or [out]
    for block in blocks:
        target = block.get("tricks", out.get("target"))
        as_prob = target is not None
        goal = f"{target} trick{'s' if target != 1 else ''}" if as_prob else "expected tricks"
        console.print(compare_table(block, as_prob, title=f"{goal}: optimum {_value_text(block['optimum'], as_prob)}"))
        _compare_notes(block, console)
    console.print(Text("true value = the solver's line played against best defence in every world; "
                       "loss = optimum − true value", style="dim"))
