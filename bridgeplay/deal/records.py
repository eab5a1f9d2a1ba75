"""Hand records: the boards of a PBN 2.1 or BBO LIN file, read leniently and written back with their
double-dummy tables and par.

Reading (:func:`read_records`) never stops at a bad board: each :class:`Board` carries either its deal,
dealer and vulnerability or an ``error`` naming the field (``Deal: card SA appears in two hands``).  Only a
file that cannot be read at all, or holds no board, raises :class:`RecordsError`.

PBN 2.1 as read here:

* a game is the text between empty lines (an empty line inside a ``{...}`` comment does not count); a
  game without tag pairs (stray text between boards) is skipped;
* tag pairs ``[Name "value"]`` (``\\"`` and ``\\\\`` escaped in the value), several to a line or one a
  line; ``;`` comments to the end of the line, ``{...}`` comments over several lines; lines starting with
  ``%`` (the escape mechanism: ``% PBN 2.1``, ``% EXPORT``) are skipped; text after a tag (the auction, the
  play, a table's rows, stray words) belongs to that tag's section and is kept as it is;
* a repeated tag in one game is ignored (as the standard says), except a second, different deal: that is a
  missing empty line, and the board is reported; the value ``#`` takes the previous game's value of that tag;
* ``Deal "N:<hand> <hand> <hand> <hand>"`` (the first seat named, then clockwise; a hand is
  ``spades.hearts.diamonds.clubs``, ``-`` for a hand not given: when one hand is missing it holds the
  cards the other three do not); ``Board`` a positive number; ``Dealer`` N/E/S/W; ``Vulnerable``
  None/Love/-/NS/EW/All/Both.  A missing board number is the board's place in the file; a missing (or
  ``?``) dealer or vulnerability is the duplicate rotation's for the board number; ``derived`` lists what
  was so filled in (the report says so).

BBO LIN: ``key|value|`` pairs; each ``md|`` starts a board: ``md|3S9863HAQ85DK4CJ52,SKJ4...,...,|`` is the
dealer (1 South, 2 West, 3 North, 4 East) then the hands of South, West, North and East (the last may be
left out); ``sv|`` the vulnerability (o or 0 none, n, e, b), ``ah|Board 12|`` or ``qx|o12|`` the number.

Writing back (:func:`annotated_pbn`): the PBN file's own text with ``DoubleDummyTricks`` (20 hex digits:
N, S, E, W, each NT S H D C), ``OptimumScore`` (``NS 420``) and ``OptimumResultTable`` (20 rows ``N NT
9``) added at the end of each solved game, replacing those tags if the game had them; every other character
is kept.  A LIN file is written as a new PBN file of its boards.  Bad boards are written back unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bridgeplay import config
from bridgeplay.cards import (
    FULL_SUIT,
    RANK_CHARS,
    SEAT_LETTERS,
    SUIT_LETTERS,
    CardError,
    Deal,
    Hand,
    hcp,
    held_cards,
    parse_seat,
)
from bridgeplay.deal.par import Par, dealer_of_board, parse_vulnerability, vulnerability_of_board
from bridgeplay.errors import shown

__all__ = ["Board", "Records", "RecordsError", "annotated_pbn", "board_table", "deal_with_gaps",
           "parse_lin", "parse_pbn", "read_records", "board_json", "DD_TAGS"]

DD_TAGS = ("DoubleDummyTricks", "OptimumScore", "OptimumResultTable")  # what annotated_pbn writes (and replaces)
_TABLE_SEATS = "NSEW"  # DoubleDummyTricks and OptimumResultTable: declarers in this order ...
_TABLE_STRAINS = ("NT", "S", "H", "D", "C")  # ... and strains in this one


class RecordsError(ValueError):
    """The file cannot be read as hand records at all (unreadable, not text, no board in it)."""


@dataclass(frozen=True)
class Board:
    """One board of a hand-record file: its deal, dealer (0..3) and vulnerability, or ``error``."""

    index: int  # its place in the file, from 1
    number: int  # the board number (the file's, else ``index``)
    line: int  # the line of the file it starts on
    deal: Deal | None = None
    dealer: int | None = None
    vulnerable: str | None = None
    derived: tuple[str, ...] = ()  # "board", "dealer", "vulnerable": not in the file, filled in
    error: str | None = None  # "FIELD: what is wrong"
    # PBN: where the game's text ends (new tags go there) and the spans of tags annotated_pbn replaces
    end: int = 0
    replace: tuple[tuple[int, int], ...] = ()
    players: dict[str, str] = field(default_factory=dict)  # LIN: pn| names by seat letter


@dataclass(frozen=True)
class Records:
    """A file's boards, with what writing it back needs."""

    path: str
    format: str  # "pbn" or "lin"
    text: str
    encoding: str
    newline: str
    boards: tuple[Board, ...]


# ---------------------------------------------------------------------------------------------------
# reading
def read_records(path: str) -> Records:
    """The boards of a ``.pbn`` or ``.lin`` file (by its name's ending; raises :class:`RecordsError`)."""
    fmt = "lin" if path.lower().endswith(".lin") else "pbn"
    try:
        with open(path, "rb") as f:
            raw = f.read(config.RECORDS_MAX_BYTES + 1)
    except OSError as exc:
        raise RecordsError(f"cannot read: {(exc.strerror or str(exc)).lower()}") from None
    if len(raw) > config.RECORDS_MAX_BYTES:
        raise RecordsError(f"larger than {config.RECORDS_MAX_BYTES} bytes (config.RECORDS_MAX_BYTES)")
    if b"\0" in raw:
        raise RecordsError("not a text file")
    try:
        text, encoding = raw.decode("utf-8-sig"), "utf-8-sig" if raw.startswith(b"\xef\xbb\xbf") else "utf-8"
    except UnicodeDecodeError:
        text, encoding = raw.decode("latin-1"), "latin-1"  # PBN's own character set is ISO 8859-1
    newline = "\r\n" if "\r\n" in text else "\n"
    boards = parse_lin(text) if fmt == "lin" else parse_pbn(text)
    if not boards:
        what = "no md| deal" if fmt == "lin" else "no game with tag pairs"
        raise RecordsError(f"no board in the file ({what})")
    return Records(path, fmt, text, encoding, newline, tuple(boards))


def deal_with_gaps(hands: Sequence[Hand | None]) -> Deal:
    """A full deal from four hands (N E S W) of which one may be None (not given): that one holds the cards
    the other three do not.  Raises ``CardError``."""
    missing = [i for i, h in enumerate(hands) if h is None]
    if len(missing) > 1:
        names = ", ".join(SEAT_LETTERS[i] for i in missing)
        raise CardError(f"hands {names} are not given: a double-dummy table needs every card (one may be left out)")
    full = list(hands)
    if missing:
        seen = held_cards(h.suits for h in hands if h is not None)
        for i, h in enumerate(hands):
            if h is not None and len(h) != 13:
                raise CardError(f"{SEAT_LETTERS[i]} holds {len(h)} cards (a board has 13 a hand)")
        full[missing[0]] = Hand(tuple(FULL_SUIT & ~m for m in seen))  # type: ignore[arg-type]
    deal = Deal(tuple(full))  # type: ignore[arg-type]
    deal.validate()
    for i, h in enumerate(deal.hands):
        if len(h) != 13:
            raise CardError(f"{SEAT_LETTERS[i]} holds {len(h)} cards (a board has 13 a hand)")
    return deal


def parse_pbn_deal(value: str) -> Deal:
    """PBN's Deal tag value: ``N:hand hand hand hand`` (``-`` for a hand not given)."""
    t = value.strip()
    first = 0
    if len(t) > 1 and t[1] == ":":
        first = parse_seat(t[0])
        t = t[2:]
    parts = t.split()
    if len(parts) != 4:
        raise CardError(f"a PBN deal has four hands (a hand not given is -): {shown(value)}")
    hands: list[Hand | None] = [None] * 4
    for i, p in enumerate(parts):
        hands[(first + i) % 4] = None if p == "-" else Hand.from_pbn(p)
    return deal_with_gaps(hands)


# -- PBN ---------------------------------------------------------------------------------------------
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\r\n]|\\.)*)"\s*\]')


@dataclass
class _Tag:
    name: str
    value: str
    start: int
    end: int  # the tag pair's end; ``section_end`` also covers the text of its section
    line: int
    section_end: int = 0


@dataclass
class _Game:
    line: int
    tags: list[_Tag] = field(default_factory=list)
    end: int = 0  # end of the last line with content
    syntax: list[str] = field(default_factory=list)  # "FIELD: line N: what" for broken tags and comments


def _scan_pbn(text: str) -> list[_Game]:
    """Split PBN text into games of tag pairs with their positions (see the module's docstring)."""
    games: list[_Game] = []
    game: _Game | None = None
    in_comment = 0  # line a { comment opened on, while open
    pos = 0
    lineno = 0
    n = len(text)
    while pos < n:
        lineno += 1
        eol = text.find("\n", pos)
        eol = n if eol < 0 else eol
        line_end = eol - 1 if eol > pos and text[eol - 1] == "\r" else eol
        i = pos
        if in_comment:
            close = text.find("}", pos, line_end)
            if close < 0:
                pos = eol + 1
                continue
            in_comment = 0
            i = close + 1
            if game is not None:
                game.end = line_end
        elif text.startswith("%", pos):
            pos = eol + 1
            continue
        elif not text[pos:line_end].strip():
            if game is not None:
                games.append(game)
                game = None
            pos = eol + 1
            continue
        while i < line_end:
            c = text[i]
            if c in " \t\f\v":
                i += 1
                continue
            if game is None:
                game = _Game(lineno)
            game.end = line_end
            if c == ";":
                break
            if c == "{":
                close = text.find("}", i + 1, line_end)
                if close < 0:
                    in_comment = lineno
                    break
                i = close + 1
                continue
            if c == "[":
                m = _TAG.match(text, i, line_end)
                if m is None:
                    name = re.match(r"\[\s*([A-Za-z0-9_]+)", text[i:line_end])
                    game.syntax.append(f"{name.group(1) if name else 'tag'}: line {lineno}: not a tag pair "
                                       '[Name "value"] closed on its line')
                    break
                value = re.sub(r"\\(.)", r"\1", m.group(2))
                game.tags.append(_Tag(m.group(1), value, m.start(), m.end(), lineno, m.end()))
                i = m.end()
                continue
            j = i
            while j < line_end and text[j] not in " \t\f\v[{;":
                j += 1
            if game.tags:
                game.tags[-1].section_end = j  # the section of the last tag (auction, play, table rows ...)
            i = j
        pos = eol + 1
    if in_comment and game is not None:
        game.syntax.append(f"comment: line {in_comment}: a {{ comment is not closed")
    if game is not None:
        games.append(game)
    return [g for g in games if g.tags or g.syntax]


def parse_pbn(text: str) -> list[Board]:
    """The boards of PBN text (see the module's docstring)."""
    boards: list[Board] = []
    previous: dict[str, str] = {}
    for index, game in enumerate(_scan_pbn(text), start=1):
        tags: dict[str, str] = {}
        for tag in game.tags:
            if tag.name in tags:
                if tag.name == "Deal" and tag.value != tags["Deal"] and not game.syntax:
                    # the standard ignores a repeated tag, but a second deal is a missing empty line: say so
                    game.syntax.append(f"Deal: line {tag.line}: a second deal in the same game (games are "
                                       "separated by an empty line)")
                continue  # a repeated tag pair is ignored
            value = tag.value
            if value == "#" and tag.name in previous:
                value = previous[tag.name]
            tags[tag.name] = value
        previous = tags
        replace = tuple((t.start, t.section_end) for t in game.tags if t.name in DD_TAGS)
        common = {"index": index, "line": game.line, "end": game.end, "replace": replace}
        number, board, error = _board_fields(index, tags, game.syntax)
        if error is not None:
            boards.append(Board(number=number, error=error, **common))
            continue
        boards.append(Board(number=number, **board, **common))
    return boards


def _board_fields(index: int, tags: Mapping[str, str], syntax: list[str]) -> tuple[int, dict, str | None]:
    """(number, {deal, dealer, vulnerable, derived}, error) of one PBN game."""
    derived: list[str] = []
    number = index
    raw = tags.get("Board", "").strip()
    if raw in ("", "?", "#"):
        derived.append("board")
    elif raw.isdigit() and int(raw) > 0:
        number = int(raw)
    else:
        return index, {}, f"Board: {shown(raw)} is not a board number"
    if syntax:
        return number, {}, syntax[0]
    if "Deal" not in tags:
        return number, {}, "Deal: missing"
    if tags["Deal"] == "#":
        return number, {}, "Deal: # (the previous game's deal) with no previous game"
    try:
        deal = parse_pbn_deal(tags["Deal"])
    except CardError as exc:
        return number, {}, f"Deal: {exc}"
    dealer_text = tags.get("Dealer", "").strip()
    if dealer_text in ("", "?", "#"):
        dealer = dealer_of_board(number)
        derived.append("dealer")
    else:
        try:
            dealer = parse_seat(dealer_text)
        except CardError:
            return number, {}, f"Dealer: unknown seat {shown(dealer_text)} (N, E, S or W)"
    vul_text = tags.get("Vulnerable", "").strip()
    if vul_text in ("", "?", "#"):
        vulnerable = vulnerability_of_board(number)
        derived.append("vulnerable")
    else:
        try:
            vulnerable = parse_vulnerability(vul_text)
        except CardError:
            return number, {}, f"Vulnerable: unknown value {shown(vul_text)} (None, NS, EW or All)"
    return number, {"deal": deal, "dealer": dealer, "vulnerable": vulnerable, "derived": tuple(derived)}, None


# -- LIN ---------------------------------------------------------------------------------------------
_LIN_DEALER = {"1": 2, "2": 3, "3": 0, "4": 1}  # md's first digit: 1 South, 2 West, 3 North, 4 East
_LIN_SEATS = (2, 3, 0, 1)  # md lists South, West, North, East


def _lin_hand(text: str) -> Hand:
    masks = [0, 0, 0, 0]
    suit = None
    for ch in text.strip().upper():
        if ch in SUIT_LETTERS:
            suit = SUIT_LETTERS.index(ch)
        elif ch in RANK_CHARS and suit is not None:
            bit = 1 << (RANK_CHARS.index(ch) + 2)
            if masks[suit] & bit:
                raise CardError(f"card {SUIT_LETTERS[suit]}{ch} appears twice in {shown(text)}")
            masks[suit] |= bit
        elif ch not in " ":
            raise CardError(f"unknown card {shown(ch)} in {shown(text)} (suits S H D C, each followed by its ranks)")
    return Hand(tuple(masks))  # type: ignore[arg-type]


def parse_lin_deal(value: str) -> tuple[Deal, int | None]:
    """LIN's md value: (deal, dealer or None when md names none)."""
    v = value.strip()
    dealer = None
    if v[:1].isdigit():
        if v[0] not in _LIN_DEALER:
            raise CardError(f"unknown dealer {v[0]!r} (1 South, 2 West, 3 North, 4 East)")
        dealer = _LIN_DEALER[v[0]]
        v = v[1:]
    parts = v.split(",")
    if len(parts) > 4:
        raise CardError(f"more than four hands: {shown(value)}")
    parts += [""] * (4 - len(parts))
    hands: list[Hand | None] = [None] * 4
    for seat, p in zip(_LIN_SEATS, parts):
        hands[seat] = _lin_hand(p) if p.strip() else None
    return deal_with_gaps(hands), dealer


def _lin_number(key: str, value: str) -> int | None:
    m = re.search(r"\d+", value if key == "ah" else value.split(",")[0])
    return int(m.group()) if m and int(m.group()) > 0 else None


def parse_lin(text: str) -> list[Board]:
    """The boards of LIN text: every ``md|`` starts one (see the module's docstring)."""
    flat = text.replace("\r", "").replace("\n", "")
    tokens = flat.split("|")
    line_of = _lin_lines(text)
    raw: list[dict[str, str]] = []
    pending: dict[str, str] = {}
    current: dict[str, str] | None = None
    offset = 0  # of the key in ``flat``
    for i in range(0, len(tokens) - 1, 2):
        key, value, at = tokens[i].strip().lower(), tokens[i + 1], offset
        offset += len(tokens[i]) + len(value) + 2
        if key == "qx":
            if current is not None:
                raw.append(current)
                current = None
            pending = {"qx": value}
        elif key == "md":
            if current is not None:
                raw.append(current)
            current = {**pending, "md": value, "@": str(at)}
            pending = {}
        elif key in ("ah", "sv", "pn"):
            if current is not None and key not in current:
                current[key] = value
            else:
                pending[key] = value
    if current is not None:
        raw.append(current)
    boards = []
    for index, fields in enumerate(raw, start=1):
        line = line_of(int(fields["@"]))
        number, derived = index, []
        for key in ("ah", "qx"):
            if key in fields and _lin_number(key, fields[key]) is not None:
                number = _lin_number(key, fields[key])  # type: ignore[assignment]
                break
        else:
            derived.append("board")
        players = {}
        if "pn" in fields:
            names = fields["pn"].split(",")
            players = {SEAT_LETTERS[seat]: name.strip() for seat, name in zip(_LIN_SEATS, names) if name.strip()}
        try:
            deal, dealer = parse_lin_deal(fields["md"])
        except CardError as exc:
            boards.append(Board(index, number, line, error=f"md: {exc}"))
            continue
        if dealer is None:
            dealer = dealer_of_board(number)
            derived.append("dealer")
        if "sv" in fields and fields["sv"].strip():
            try:
                vulnerable = parse_vulnerability(fields["sv"])
            except CardError:
                boards.append(Board(index, number, line, error=f"sv: unknown vulnerability {shown(fields['sv'])} "
                                                                "(o none, n, e, b)"))
                continue
        else:
            vulnerable = vulnerability_of_board(number)
            derived.append("vulnerable")
        boards.append(Board(index, number, line, deal, dealer, vulnerable, tuple(derived), players=players))
    return boards


def _lin_lines(text: str) -> Callable[[int], int]:
    """Offset in the text with line breaks removed -> line number in the file."""
    starts = []
    count = 0
    for ln in text.replace("\r", "").split("\n"):
        starts.append(count)
        count += len(ln)

    def line_of(offset: int) -> int:
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    return line_of


# ---------------------------------------------------------------------------------------------------
# solving one board (a module-level function: it crosses process boundaries in map_tasks)
def board_table(deal_pbn: str) -> dict[str, dict[str, int]]:
    """The double-dummy table of a deal in PBN (``strain -> seat -> tricks``), by bridgeplay's engine."""
    from bridgeplay.deal.doubledummy import dd_table

    return dd_table(Deal.from_pbn(deal_pbn))


def board_json(path: str, board: Board, table: Mapping[str, Mapping[str, int]], par: Par) -> dict[str, Any]:
    """One solved board as ``bridgeplay dd FILE --json`` prints it (schema: ``dd_board``)."""
    assert board.deal is not None and board.dealer is not None
    return {
        "file": path, "board": board.number, "index": board.index, "line": board.line,
        "dealer": SEAT_LETTERS[board.dealer], "vulnerable": board.vulnerable, "derived": list(board.derived),
        "deal": board.deal.pbn(),
        "hcp": {SEAT_LETTERS[x]: sum(hcp(m) for m in board.deal.hands[x].suits) for x in range(4)},
        "table": {s: dict(table[s]) for s in ("C", "D", "H", "S", "NT")},
        "par": {"score": par.score, "contracts": [str(c) for c in par.contracts]},
    }


# ---------------------------------------------------------------------------------------------------
# writing back
def _hex(n: int) -> str:
    return "0123456789abcdef"[n]


def dd_tags(table: Mapping[str, Mapping[str, int]], par: Par, newline: str = "\n") -> str:
    """The DoubleDummyTricks, OptimumScore and OptimumResultTable tags of one board (no final newline)."""
    digits = "".join(_hex(table[s][x]) for x in _TABLE_SEATS for s in _TABLE_STRAINS)
    score = f"NS {par.score}" if par.score >= 0 else f"EW {-par.score}"
    rows = [f"{x} {s:>2} {table[s][x]:>2}" for x in _TABLE_SEATS for s in _TABLE_STRAINS]
    lines = [f'[DoubleDummyTricks "{digits}"]', f'[OptimumScore "{score}"]',
             '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]', *rows]
    return newline.join(lines)


def _pbn_value(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def annotated_pbn(records: Records, solved: Mapping[int, tuple[Mapping[str, Mapping[str, int]], Par]]) -> str:
    """The file as PBN with each solved board's tables added (``solved``: board index -> (table, par))."""
    if records.format == "pbn":
        return _annotate_pbn_text(records, solved)
    nl = records.newline
    out = ["% PBN 2.1", "% EXPORT", ""]
    for b in records.boards:
        if b.deal is None or b.dealer is None or b.vulnerable is None:
            continue
        tags = [("Event", "?"), ("Site", "?"), ("Date", "?"), ("Board", str(b.number)),
                *((seat, b.players.get(seat[0], "?")) for seat in ("West", "North", "East", "South")),
                ("Dealer", SEAT_LETTERS[b.dealer]), ("Vulnerable", b.vulnerable), ("Deal", b.deal.pbn()),
                ("Scoring", "?"), ("Declarer", "?"), ("Contract", "?"), ("Result", "?")]
        out.extend(f'[{k} "{_pbn_value(v)}"]' for k, v in tags)
        if b.index in solved:
            out.append(dd_tags(*solved[b.index], newline=nl))
        out.append("")
    return nl.join(out)


def _annotate_pbn_text(records: Records, solved: Mapping[int, tuple[Mapping, Par]]) -> str:
    text, nl = records.text, records.newline
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement), applied from the end
    for b in records.boards:
        if b.index not in solved:
            continue
        for start, end in b.replace:
            edits.append((*_whole_lines(text, start, end), ""))
        edits.append((b.end, b.end, nl + dd_tags(*solved[b.index], newline=nl)))
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _whole_lines(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) to whole lines (with the line break) when nothing else is on them."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    before, after = text[line_start:start], text[end:line_end]
    if before.strip() or after.strip():
        return start, end
    return line_start, min(line_end + 1, len(text))

