"""Rich rendering for the ``dd`` command: the deal as a bridge diagram, the double-dummy table,
and the value of every card in one position."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from bridgeplay.cards import SEAT_LETTERS, SUIT_SYMBOLS, Card, Deal, Hand, holding_str

SEAT_WORD = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_STYLE = ("bold", "bold red", "bold red", "bold")  # ♠ ♥ ♦ ♣
STRAIN_HEADER = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def hand_text(hand: Hand, seat: str) -> Text:
    """Four lines: the seat's name, then one line per suit (``♠ AKQ``; a void is ``—``)."""
    t = Text(SEAT_WORD[seat], style="bold underline")
    for s, mask in enumerate(hand.suits):
        t.append("\n")
        t.append(SUIT_SYMBOLS[s], style=SUIT_STYLE[s])
        t.append(" " + holding_str(mask))
    return t


def deal_diagram(deal: Deal) -> RenderableType:
    """North on top, West and East either side, South below, as in a textbook."""
    grid = Table.grid(padding=(0, 3))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    n, e, s, w = (hand_text(deal.hands[i], SEAT_LETTERS[i]) for i in range(4))
    cards = len(deal.hands[0])
    middle = Text(f"{cards} card{'s' if cards != 1 else ''}\neach", style="dim", justify="center")
    grid.add_row("", n, "")
    grid.add_row(w, middle, e)
    grid.add_row("", s, "")
    return grid


def dd_table_view(table: Mapping[str, Mapping[str, int]]) -> Table:
    """Declarer by row (N S E W), strain by column (♣ ♦ ♥ ♠ NT): tricks declarer takes."""
    t = Table(box=box.SIMPLE_HEAD, title="Double-dummy tricks (declarer by row)", title_justify="left")
    t.add_column("declarer")
    for key in ("C", "D", "H", "S", "NT"):
        t.add_column(STRAIN_HEADER[key], justify="right")
    for seat in "NSEW":
        t.add_row(SEAT_WORD[seat], *(str(table[key][seat]) for key in ("C", "D", "H", "S", "NT")))
    return t


def card_values_view(values: Mapping[Card, int], to_play: str, side: str, strain: str,
                     played: Sequence[Card]) -> Table:
    """Every legal card of the player to move with the tricks its side takes, best first."""
    table_cards = " ".join(c.symbol for c in played) or "none"
    title = (f"{SEAT_WORD[to_play]} to play, {STRAIN_HEADER.get(strain, strain)}; on the table: {table_cards}\n"
             f"tricks for {side} from this trick on")
    t = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left")
    t.add_column("card")
    t.add_column("tricks", justify="right")
    t.add_column("")
    best = max(values.values()) if values else 0
    for card, v in sorted(values.items(), key=lambda kv: (-kv[1], kv[0].suit, -kv[0].rank)):
        mark = "best" if v == best else ""
        t.add_row(card.symbol, str(v), mark, style="bold green" if v == best else None)
    return t


def render_dd(console: Console, deal: Deal, table: Mapping[str, Mapping[str, int]],
              position: RenderableType | None = None) -> None:
    parts: list[RenderableType] = [deal_diagram(deal), Text(""), dd_table_view(table)]
    if position is not None:
        parts.append(position)
    console.print(Group(*parts))
