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
    return f"{node['play']}{'!' if node.get('decided') else ''}[{sub}]"


def _cards_text(cards: list[str]) -> str:
    """``8, 6, 5 or 4``: the cards in the order given, each once."""
    cards = list(dict.fromkeys(cards))
    return cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " or " + cards[-1]


def _add_nodes(tree: Tree, nodes: list[dict[str, Any]], decided: str = "the line fails") -> None:
    # Replies by the same player that lead to the same line are one branch: "if East plays 8, 6, 5 or 4"
    # (shows out and exits stay apart: they say something else).
    groups: dict[str, list[dict[str, Any]]] = {}
    for n in nodes:
        seat, card = n["play"].split(":")
        kind = card if card in ("exit", "discard") else "card"
        sub = ";".join(_signature(c) for c in n.get("then", []))
        key = f"{seat}|{n['side']}|{n.get('lead')}|{kind}|{n.get('decided', False)}|{sub}"
        groups.setdefault(key, []).append(n)
    for members in groups.values():
        n = members[0]
        seat, card = n["play"].split(":")
        if card in ("exit", "discard"):
            label = _describe(n)
        else:
            verb = "leads" if n.get("lead") else "plays"
            label = f"{SEAT_WORD[seat]} {verb} {_cards_text([m['play'].split(':')[1] for m in members])}"
        if n["side"] == "defence":
            label = f"[dim]if[/dim] {label}"
        else:
            label = f"[bold]{label}[/bold]"
        if n.get("decided"):
            label += f" [dim]— {decided}[/dim]"
        child = tree.add(label)
        _add_nodes(child, n.get("then", []), decided)


def strategy_tree(result: Result, title: str = "The line") -> Tree:
    tree = Tree(f"[bold]{title}[/bold]")
    _add_nodes(tree, result.strategy, "the line fails" if result.target is not None else "no more tricks")
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


# -- deals (kind: deal) ---------------------------------------------------------------------------
def _card_symbol(text: str) -> str:
    """``N:SA`` -> ``N:♠A``; ``SA`` -> ``♠A``."""
    seat, _, card = text.rpartition(":")
    sym = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(card[:1], card[:1]) + card[1:]
    return f"{seat}:{sym}" if seat else sym


def deal_diagram(problem: Any) -> RenderableType:
    """North above South, the defenders' known cards (or what they hold) at the sides."""
    from bridgeplay.dealproblem import hand_text, short_hand_text

    def side(info: Any, seat: int) -> str:
        n = problem.holds(seat)
        known = sum(bin(m).count("1") for m in info.known)
        if known == n:
            return hand_text(info.known)
        return f"{n} cards" + (f", {short_hand_text(info.known)} known" if known else "")

    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right")
    grid.add_column(justify="center")
    grid.add_column(justify="left")
    grid.add_row("", Text(f"N  {hand_text(problem.north)}", style="bold"), "")
    grid.add_row(f"W  {side(problem.west, 3)}", "", f"E  {side(problem.east, 1)}")
    grid.add_row("", Text(f"S  {hand_text(problem.south)}", style="bold"), "")
    out = [grid, Text(f"defenders hold {short_hand_text(problem.defenders)}", style="dim")]
    if problem.table:
        seats = "NESW"
        played = "  ".join(f"{seats[s]}:{c.symbol}" for s, c in zip(problem.table_seats, problem.table))
        out.append(Text(f"on the table: {played}", style="dim"))
    return Group(*out)


def _deal_tree(tree: Tree, nodes: list[dict[str, Any]]) -> None:
    groups: dict[str, list[dict[str, Any]]] = {}
    for n in nodes:
        groups.setdefault(_signature({**n, "play": n["play"][:2]}), []).append(n)
    for members in groups.values():
        n = members[0]
        seat = SEAT_WORD[n["play"][0]]
        cards = ", ".join(_card_symbol(m["play"].split(":")[1]) for m in members)
        if n["side"] == "defence":
            label = f"[dim]if[/dim] {seat} plays {cards}"
        else:
            label = f"[bold]{seat} plays {cards}[/bold]"
        _deal_tree(tree.add(label), n.get("then", []))


def render_deal(problem: Any, result: Result, console: Console, tree: bool = True, max_holdings: int = 6) -> None:
    """Report of a deal problem: diagram, best card and chance, first plays, layouts table, the line."""
    strain = "NT" if problem.trump == 4 else "♠♥♦♣"[problem.trump]
    goal = (f"{problem.tricks} of the {problem.tricks_left} tricks left" if problem.tricks is not None
            else "most tricks on average")
    header = Group(
        Text(problem.name, style="bold"),
        Text(f"{strain}; North-South need {goal}; {SEAT_WORD['NESW'[problem.to_play]]} to play.    "
             f"Solver: {result.solver}", style="dim"),
        Text(""),
        deal_diagram(problem),
    )
    console.print(Panel(header, expand=False, box=box.ROUNDED))
    extra = result.extra or {}
    target = result.probability is not None
    value = pct(result.probability) if target else f"{result.expected_tricks:.4f} tricks"
    line = Text.assemble(("Best card: ", "bold"), (", ".join(_card_symbol(m) for m in result.best_moves),
                                                   "bold green"), ("  chance " if target else "  expected ", ""),
                         (value, "bold"))
    iv = extra.get("interval")
    if iv and not extra.get("exhaustive", True):
        lo, hi = iv
        line.append(f"  (95% interval {pct(lo)}–{pct(hi)})" if target else f"  (95% interval {lo:.3f}–{hi:.3f})",
                    style="dim")
    console.print(line)
    if "samples" in extra:
        if extra.get("exhaustive"):
            console.print(Text(f"all {extra['layouts']} layouts of the defenders' cards (exact weights)", style="dim"))
        else:
            console.print(Text(f"{extra['samples']} sampled layouts ({extra['distinct_worlds']} distinct) of "
                               f"{extra['layouts']}, seed {extra['seed']}", style="dim"))
    if extra.get("lookahead"):
        console.print(Text(f"searched {extra['lookahead']} trick(s) exactly, then double dummy", style="dim"))
    if extra.get("note"):
        console.print(Text(str(extra["note"]), style="yellow"))
    if "position_value" in extra:
        console.print(Text(f"double dummy rates the position {pct(extra['position_value'])} "
                           "(it always finds the winning card in every layout)", style="dim"))
    t = Table(box=box.SIMPLE_HEAD, title="First plays", title_justify="left")
    t.add_column("play")
    t.add_column("chance" if target else "tricks", justify="right")
    has_iv = any(m.extra.get("interval") for m in result.moves) and not extra.get("exhaustive", True)
    if has_iv:
        t.add_column("95% interval", justify="right")
    has_g = any("ginsberg" in m.extra for m in result.moves)
    if has_g:
        t.add_column("mean tricks", justify="right")
        t.add_column("best-or-equal", justify="right")
    t.add_column("")
    best = set(result.best_moves)
    for m in result.moves:
        v = pct(m.probability) if target else f"{m.expected_tricks:.4f}"
        row = [_card_symbol(m.move), v]
        if has_iv:
            mi = m.extra.get("interval")
            row.append(f"{pct(mi[0])}–{pct(mi[1])}" if mi and target else (f"{mi[0]:.3f}–{mi[1]:.3f}" if mi else ""))
        if has_g:
            row += [f"{m.expected_tricks:.3f}" if m.expected_tricks is not None else "",
                    pct(m.extra.get("ginsberg"))]
        row.append("best" if m.move in best else "")
        t.add_row(*row, style="bold green" if m.move in best else None)
    console.print(t)
    if result.splits:
        st = Table(box=box.SIMPLE_HEAD, title="Verification by layout (suit lengths S-H-D-C, West / East)",
                   title_justify="left")
        for col, just in (("layout", "left"), ("probability", "right"), ("cases", "right")):
            st.add_column(col, justify=just)
        if target:
            st.add_column("succeed", justify="right")
        st.add_column("layouts that succeed (West – East)" if target else "tricks by layout")
        st.add_column("contribution", justify="right")
        for s in result.splits:
            shown = s.holdings[:max_holdings]
            more = len(s.holdings) - len(shown)
            text = "; ".join(shown) + (f"; … {more} more" if more > 0 else "") if s.holdings else "none"
            row = [f"{s.west} / {s.east}", f"{s.probability:.4f}", str(s.cases)]
            if target:
                row.append(str(s.successes))
            row += [text, f"{s.contribution:.4f}"]
            st.add_row(*row)
        tail = ["total", f"{sum(s.probability for s in result.splits):.4f}", str(sum(s.cases for s in result.splits))]
        if target:
            tail.append(str(sum(s.successes or 0 for s in result.splits)))
        tail += ["", f"{sum(s.contribution for s in result.splits):.4f}"]
        st.add_row(*tail, style="bold")
        console.print(st)
    if tree and result.strategy:
        tr = Tree("[bold]The line[/bold]")
        _deal_tree(tr, result.strategy)
        console.print(tr)
    stats = result.stats
    parts = [f"{stats.get('worlds', '?')} worlds"]
    if stats.get("nodes") is not None:
        parts.append(f"{stats['nodes']} positions searched")
    if stats.get("dd_solves"):
        parts.append(f"{stats['dd_solves']} double-dummy solves")
    parts.append(f"{stats.get('seconds', 0):.3f} s")
    console.print(Text(", ".join(parts), style="dim"))
