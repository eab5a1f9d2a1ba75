"""Pieces every report uses: percentages, the method line, the first plays, the verification table, the line."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from bridgeplay.cards import move_symbols
from bridgeplay.result import Result, Split

SEAT_WORD = {"N": "North", "E": "East", "S": "South", "W": "West"}


def pct(p: float | None) -> str:
    return "—" if p is None else f"{100 * p:.2f}%"


def value_text(v: float | None, as_prob: bool) -> str:
    if v is None:
        return "—"
    return pct(v) if as_prob else f"{v:.4f}"


def method_lines(result: Result) -> list[Text]:
    """What ran (and why, when the user named no solver), and whether the number is exact."""
    if result.exact:
        caveat = ""
    elif result.stopped and result.value is None:
        caveat = " (stopped before any value was found)"
    elif (result.extra or {}).get("bound") == "lower":
        caveat = " (stopped before it finished: a lower bound, not exact)"
    else:
        caveat = " (an estimate, not exact)"
    text = f"Method: {result.method}{caveat}"
    if result.why:
        text += f"; {result.why}"
    lines = [Text(text, style="dim")]
    if result.stopped:
        lines.append(Text(f"Stopped at the {result.stopped}: this is what was finished by then", style="bold yellow"))
    return lines


def stats_line(result: Result, what: str = "worlds") -> Text:
    stats = result.stats
    parts = [f"{stats.get('worlds', '?')} {what}"]
    if stats.get("nodes") is not None:
        parts.append(f"{stats['nodes']} positions searched")
    if stats.get("dd_solves"):
        parts.append(f"{stats['dd_solves']} double-dummy solves")
    parts.append(f"{stats.get('seconds', 0):.3f} s")
    return Text(", ".join(parts), style="dim")


def moves_table(result: Result, exhaustive: bool = True) -> Table:
    """Every first play with its value, the best marked; intervals and repeated minimaxing's scores when given."""
    target = result.probability is not None
    t = Table(box=box.SIMPLE_HEAD, title="First plays", title_justify="left")
    t.add_column("play")
    t.add_column("chance" if target else "tricks", justify="right")
    has_iv = not exhaustive and any(m.extra.get("interval") for m in result.moves)
    if has_iv:
        t.add_column("95% interval", justify="right")
    has_g = any("ginsberg" in m.extra for m in result.moves)
    if has_g:
        t.add_column("mean tricks", justify="right")
        t.add_column("best-or-equal", justify="right")
    t.add_column("")
    best = set(result.best_moves)
    for m in result.moves:
        v = pct(m.probability) if target else ("—" if m.expected_tricks is None else f"{m.expected_tricks:.4f}")
        row = [move_symbols(m.move), v]
        if has_iv:
            mi = m.extra.get("interval")
            row.append(f"{pct(mi[0])}–{pct(mi[1])}" if mi and target else (f"{mi[0]:.3f}–{mi[1]:.3f}" if mi else ""))
        if has_g:
            row += [f"{m.expected_tricks:.3f}" if m.expected_tricks is not None else "", pct(m.extra.get("ginsberg"))]
        row.append("best" if m.move in best else "")
        t.add_row(*row, style="bold green" if m.move in best else None)
    return t


def splits_table(result: Result, title: str, split_text: Any, holdings_title: tuple[str, str],
                 max_holdings: int | None = None, separator: str = ", ", width: int = 100,
                 max_rows: int | None = None) -> Table:
    """The verification table: one row per split (or layout pattern), with the totals.

    ``split_text(split)`` writes a row's first cell; ``holdings_title`` is the holdings column's title
    for a target and for expected tricks; ``max_holdings`` cuts long lists of holdings.  Below 80
    columns (``width``) the headers are short; the numbers never wrap, the holdings wrap between
    holdings and, a holding longer than its column, inside it: nothing is cut.
    """
    target = result.probability is not None
    narrow = width < 80
    t = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left")
    for col, just in (("split" if split_text is None else split_text.title, "left"),
                      ("prob." if narrow else "probability", "right"), ("cases", "right")):
        t.add_column(col, justify=just, no_wrap=True)
    if target:
        t.add_column("made" if narrow else "succeed", justify="right", no_wrap=True)
    t.add_column(holdings_title[0] if target else holdings_title[1], overflow="fold", ratio=1)
    t.add_column("adds" if narrow else "contribution", justify="right", no_wrap=True)
    rows = result.splits if max_rows is None else result.splits[:max_rows]
    for s in rows:
        shown = s.holdings if max_holdings is None else s.holdings[:max_holdings]
        more = len(s.holdings) - len(shown)
        holdings = (separator.join(shown) + (f"; … {more} more" if more > 0 else "")) if s.holdings else "none"
        row = [split_text(s), f"{s.probability:.4f}", str(s.cases)]
        if target:
            row.append(str(s.successes))
        row += [holdings, f"{s.contribution:.4f}"]
        t.add_row(*row)
    rest = result.splits[len(rows):]
    if rest:  # the least likely rows, summed in one (the report's --layouts lists them all)
        row = [f"{len(rest)} more", f"{sum(s.probability for s in rest):.4f}", str(sum(s.cases for s in rest))]
        if target:
            row.append(str(sum(s.successes or 0 for s in rest)))
        row += ["(--layouts lists them)", f"{sum(s.contribution for s in rest):.4f}"]
        t.add_row(*row, style="dim")
    tail = ["total", f"{sum(s.probability for s in result.splits):.4f}", str(sum(s.cases for s in result.splits))]
    if target:
        tail.append(str(sum(s.successes or 0 for s in result.splits)))
    tail += ["", f"{sum(s.contribution for s in result.splits):.4f}"]
    t.add_row(*tail, style="bold")
    return t


class SplitText:
    """A verification table's first column: its title and how a row's split is written."""

    def __init__(self, title: str, fmt: str) -> None:
        self.title = title
        self.fmt = fmt

    def __call__(self, s: Split) -> str:
        return self.fmt.format(west=s.west, east=s.east)


# -- the line -----------------------------------------------------------------------------------------
def _signature(node: dict[str, Any]) -> str:
    sub = ";".join(_signature(c) for c in node.get("then", []))
    return f"{node['play']}{'!' if node.get('decided') else ''}{'?' if node.get('avoided') else ''}[{sub}]"


def _cards_text(cards: list[str]) -> str:
    """``8, 6, 5 or 4``: the cards in the order given, each once."""
    cards = list(dict.fromkeys(cards))
    return cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " or " + cards[-1]


def _add_nodes(tree: Tree, nodes: list[dict[str, Any]], decided: str) -> None:
    # Replies by the same player that lead to the same line are one branch: "if East plays 8, 6, 5 or 4"
    # (shows out and exits stay apart: they say something else).
    groups: dict[str, list[dict[str, Any]]] = {}
    for n in nodes:
        seat, card = n["play"].split(":")
        kind = card if card in ("exit", "discard") else "card"
        sub = ";".join(_signature(c) for c in n.get("then", []))
        key = f"{seat}|{n['side']}|{n.get('lead')}|{kind}|{n.get('decided', False)}|{n.get('avoided', False)}|{sub}"
        groups.setdefault(key, []).append(n)
    for members in groups.values():
        n = members[0]
        seat, card = n["play"].split(":")
        if card == "exit":
            label = f"{SEAT_WORD[seat]} exits (switches suits)"
        elif card == "discard":
            label = f"{SEAT_WORD[seat]} shows out"
        else:
            verb = "leads" if n.get("lead") else "plays"
            label = f"{SEAT_WORD[seat]} {verb} {_cards_text([move_symbols(m['play'].split(':')[1]) for m in members])}"
        if n["side"] == "defence":
            label = f"[dim]if[/dim] {label}"
        else:
            label = f"[bold]{label}[/bold]"
        if n.get("avoided"):
            # (declarer could still gain here, but in every such layout another card beats the line)
            label += " [dim]— the defence does better with another card[/dim]"
        elif n.get("decided"):
            label += f" [dim]— {decided}[/dim]"
        child = tree.add(label)
        _add_nodes(child, n.get("then", []), decided)


def strategy_tree(result: Result, title: str = "The line") -> Tree:
    """The line as a tree: declarer's plays, and the defenders' replies that lead to the same play grouped."""
    tree = Tree(f"[bold]{title}[/bold]")
    nodes = result.strategy if isinstance(result.strategy, list) else []
    _add_nodes(tree, nodes, "the line fails" if result.probability is not None else "no more tricks")
    return tree
