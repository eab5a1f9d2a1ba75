"""Rich rendering for the ``dd`` command: the deal as a bridge diagram, the double-dummy table,
the value of every card in one position, and a hand record's boards with their par."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from bridgeplay.cards import SEAT_LETTERS, SUIT_SYMBOLS, Card, Deal, Hand, hcp, holding_str
from bridgeplay.deal.par import Par, ParContract
from bridgeplay.deal.records import Board

SEAT_WORD = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_STYLE = ("bold", "bold red", "bold red", "bold")  # ♠ ♥ ♦ ♣
STRAIN_HEADER = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def hand_text(hand: Hand, seat: str, points: bool = False) -> Text:
    """Four lines: the seat's name (with its high-card points if ``points``), then one line per suit
    (``♠ AKQ``; a void is ``—``)."""
    t = Text()
    t.append(SEAT_WORD[seat], style="bold underline")  # (the name only: a Text's own style covers all its lines)
    if points:
        t.append(f"  {sum(hcp(m) for m in hand.suits)} HCP", style="dim")
    for s, mask in enumerate(hand.suits):
        t.append("\n")
        t.append(SUIT_SYMBOLS[s], style=SUIT_STYLE[s])
        t.append(" " + holding_str(mask))
    return t


def deal_diagram(deal: Deal, points: bool = False) -> RenderableType:
    """North on top, West and East either side, South below, as in a textbook (``points``: each hand's
    high-card points by its name)."""
    grid = Table.grid(padding=(0, 3))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    n, e, s, w = (hand_text(deal.hands[i], SEAT_LETTERS[i], points) for i in range(4))
    cards = len(deal.hands[0])
    middle = Text(f"{cards} card{'s' if cards != 1 else ''}\neach", style="dim", justify="center")
    grid.add_row("", n, "")
    grid.add_row(w, middle, e)
    grid.add_row("", s, "")
    return grid


def dd_table_view(table: Mapping[str, Mapping[str, int]]) -> Table:
    """Declarer by row (N S E W), strain by column (♣ ♦ ♥ ♠ NT): tricks declarer takes."""
    title = "Double-dummy tricks (declarer by row)"
    # (as wide as its title: rich wraps a title to the table's width, and the five columns are narrower)
    t = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", min_width=len(title) + 1)
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
              position: RenderableType | None = None, par: RenderableType | None = None) -> None:
    parts: list[RenderableType] = [deal_diagram(deal), Text(""), dd_table_view(table)]
    if par is not None:
        parts.append(par)
    if position is not None:
        parts.append(position)
    console.print(Group(*parts))


def par_view(par: Par, dealer: int, vulnerable: str, assumed: list[str]) -> RenderableType:
    """One deal's par, with the dealer and vulnerability it was computed for (and which of them were assumed)."""
    head = Text(f"Dealer {SEAT_WORD[SEAT_LETTERS[dealer]]}   Vulnerable {VUL_WORDS[vulnerable]}")
    if assumed:
        words = " and ".join("vulnerability" if a == "vulnerable" else a for a in assumed)
        head.append(f"   ({words} assumed: give --dealer and --vul)", style="dim")
    return Group(head, par_text(par))


VUL_WORDS = {"None": "None", "NS": "N-S", "EW": "E-W", "All": "All"}


def par_contract_text(c: ParContract) -> str:
    """``4♠= by North or South``, ``3NT+1 by East``, ``5♥x-2 by East or West``."""
    strain = "NT" if c.strain == "NT" else SUIT_SYMBOLS["SHDC".index(c.strain)]
    result = "=" if c.result == 0 else f"{c.result:+d}"
    seats = " or ".join(SEAT_WORD[x] for x in c.declarers)
    return f"{c.level}{strain}{'x' if c.doubled else ''}{result} by {seats}"


def par_text(par: Par) -> Text:
    """``Par: NS +420  4♠= by North or South`` (the score from North-South's side)."""
    t = Text("Par: ", style="bold")
    if par.passed_out:
        t.append("0, passed out (no side makes seven tricks)")
        return t
    t.append(f"NS {par.score:+d}", style="bold")
    if par.contracts:
        t.append("  " + "; ".join(par_contract_text(c) for c in par.contracts))
    return t


def derived_note(board: Board) -> str:
    """What the file left out and where it came from."""
    words = {"dealer": "dealer", "vulnerable": "vulnerability"}
    rotation = " and ".join(words[d] for d in board.derived if d in words)
    parts = []
    if "board" in board.derived:
        parts.append(f"no board number in the file: {board.number} is its place in the file")
    if rotation:
        parts.append(f"{rotation} not in the file: board {board.number}'s in the usual rotation")
    return "; ".join(parts)


def board_view(board: Board, table: Mapping[str, Mapping[str, int]], par: Par) -> RenderableType:
    """A hand record's board: number, dealer and vulnerability, the diagram with each hand's points, the
    double-dummy table and par."""
    assert board.deal is not None and board.dealer is not None and board.vulnerable is not None
    head = Text(f"Board {board.number}", style="bold")
    head.append(f"   Dealer {SEAT_WORD[SEAT_LETTERS[board.dealer]]}   Vulnerable {VUL_WORDS[board.vulnerable]}")
    if board.derived:
        head.append("\n" + derived_note(board), style="dim")
    return Group(head, deal_diagram(board.deal, points=True), dd_table_view(table), par_text(par))
