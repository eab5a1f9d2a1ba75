"""Single-suit problems (``kind: suit``): the type and its loader.

Every error is a one-line :class:`~bridgeplay.errors.ProblemError` naming the file and the field,
e.g. ``problems/x.yaml: north: unknown rank 'Z' in 'AZ'``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bridgeplay import config
from bridgeplay.cards import (
    CardError,
    holding_str,
    is_suit_move,
    parse_holding,
    popcount,
    rank_char,
    ranks_of,
    suit_move,
)
from bridgeplay.errors import shown
from bridgeplay.yamlio import ExpectSyntax, check_expect, check_fields, expect_field, fail, int_field, name_field

EXPECT = ExpectSyntax(
    fields=("probability", "tolerance", "moves", "expected_tricks", "table", "solvers", "note"),
    solver_fields=("probability", "tolerance", "moves", "expected_tricks", "table"),
    is_move=is_suit_move,
    move_help="(HAND:RANK, e.g. N:A, S:x)",
)


@dataclass(frozen=True)
class SuitProblem:
    """A single-suit combination.

    ``north``/``south`` are rank masks (bit r = rank r) after ``x`` small cards were
    given their ranks; ``smalls`` is the mask of the cards that were written ``x`` (or
    that are outstanding and lower than every card named), which the report shows as
    ``x``.  ``tricks`` is the target (None with ``tricks: max``); ``objective`` is
    ``"target"`` or ``"tricks"`` (maximise expected tricks).
    """

    name: str
    north: int
    south: int
    tricks: int | None
    objective: str = "target"
    lead: str | None = None
    west_known: int = 0
    east_known: int = 0
    vacant_west: int = config.HAND_SIZE
    vacant_east: int = config.HAND_SIZE
    suit_size: int = 13
    smalls: int = 0
    legend: str = ""  # when every rank was named: which real cards the report writes x
    source: str = ""
    file: str = ""
    expect: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    kind: str = "suit"

    @property
    def suit_mask(self) -> int:
        return sum(1 << r for r in range(15 - self.suit_size, 15))

    @property
    def outstanding(self) -> int:
        return self.suit_mask & ~self.north & ~self.south

    @property
    def max_tricks(self) -> int:
        return max(popcount(self.north), popcount(self.south))

    def holding_text(self, mask: int) -> str:
        """Holding text with small cards shown as ``x``."""
        return holding_str(mask & ~self.smalls, void="") + "x" * popcount(mask & self.smalls) or "—"

    def card_text(self, rank: int) -> str:
        return "x" if self.smalls >> rank & 1 else rank_char(rank)

    def move_text(self, seat: int, rank: int) -> str:
        """``N:A``, ``S:x`` (a small card), ``E:exit``, ``W:discard``."""
        return suit_move(seat, rank, self.smalls)

    @property
    def title(self) -> str:
        return f"{self.holding_text(self.north)} opposite {self.holding_text(self.south)}"


# -- suit problems ------------------------------------------------------------
def spot_cards(declarer: int, outstanding: int, known: int, suit_mask: int) -> int:
    """The cards a book writes ``x`` when every rank is named (AQ10 / 432 reads AQT / xxx): the lowest run
    of outstanding cards that no card of declarer's splits (each of them plays as any other, in every
    world and on every trick) and every card below that run (declarer's, lower than all the
    defenders' cards).  Nothing when that run has one card, or holds a card known to be with a defender.
    The search never merges the defenders' cards; only the report and the JSON holdings group them."""
    ranks = [r for r in range(15) if suit_mask >> r & 1]  # ascending
    low = next((i for i, r in enumerate(ranks) if outstanding >> r & 1), None)
    if low is None:
        return 0
    top = low
    while top + 1 < len(ranks) and outstanding >> ranks[top + 1] & 1:
        top += 1
    run = sum(1 << ranks[i] for i in range(low, top + 1))
    if top == low or run & known:
        return 0
    return sum(1 << ranks[i] for i in range(top + 1)) & (declarer | outstanding)

_SUIT_FIELDS = {
    "name", "kind", "north", "south", "tricks", "objective", "lead", "west", "east", "vacant",
    "suit_size", "source", "expect", "notes", "note", "description",
}


def _holding_field(data: dict[str, Any], key: str, path: str, required: bool) -> tuple[int, int]:
    if key not in data or data[key] is None:
        if required:
            raise fail(path, key, "missing field")
        return 0, 0
    value = data[key]
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # e.g. `south: 10` or `south: 432` written unquoted
    if not isinstance(value, str):
        raise fail(path, key, f"expected a holding like 'AKQ9x', got {type(value).__name__}")
    try:
        return parse_holding(value)
    except CardError as exc:
        raise fail(path, key, str(exc)) from None


def load(data: dict[str, Any], path: str) -> SuitProblem:
    """Validate a ``kind: suit`` mapping (``path`` names the file in errors)."""
    check_fields(data, _SUIT_FIELDS, path, "a suit problem")
    suit_size = int_field(data, "suit_size", path, 13, 2, 13)
    suit_mask = sum(1 << r for r in range(15 - suit_size, 15))
    north, nx = _holding_field(data, "north", path, True)
    south, sx = _holding_field(data, "south", path, True)
    west, wx = _holding_field(data, "west", path, False)
    east, ex = _holding_field(data, "east", path, False)
    if wx or ex:
        raise fail(path, "west" if wx else "east", "known defender cards must be named ranks, not x")
    for key, mask in (("north", north), ("south", south), ("west", west), ("east", east)):
        bad = mask & ~suit_mask
        if bad:
            raise fail(path, key, f"rank {rank_char(ranks_of(bad)[0])} is not in a suit of {suit_size} cards")
    for (k1, m1), (k2, m2) in (
        (("north", north), ("south", south)),
        (("north", north), ("west", west)),
        (("north", north), ("east", east)),
        (("south", south), ("west", west)),
        (("south", south), ("east", east)),
        (("west", west), ("east", east)),
    ):
        both = m1 & m2
        if both:
            raise fail(path, k2, f"{rank_char(ranks_of(both)[0])} is also in {k1}'s cards")
    for key, mask, xs in (("north", north, nx), ("south", south, sx)):
        if popcount(mask) + xs > suit_size:  # one hand alone holds more than the suit: name that hand
            raise fail(path, key, f"too many cards: {popcount(mask) + xs} named in a suit of {suit_size}")
    named = north | south | west | east
    free = [r for r in range(15 - suit_size, 15) if not named >> r & 1]  # ascending
    if nx + sx > len(free):
        raise fail(
            path, "south" if sx else "north",
            f"too many cards: {popcount(named) + nx + sx} named in a suit of {suit_size}",
        )
    north_x = sum(1 << r for r in free[:nx])
    south_x = sum(1 << r for r in free[nx:nx + sx])
    north |= north_x
    south |= south_x
    for key, mask in (("north", north), ("south", south)):
        if popcount(mask) > config.HAND_SIZE:
            raise fail(path, key, f"{popcount(mask)} cards (a hand holds at most 13)")
    if not north and not south:
        raise fail(path, "north", "North and South hold no card of the suit")
    outstanding = suit_mask & ~north & ~south
    # Small cards shown as x: those written x, plus outstanding cards lower than every
    # card declarer's side named explicitly (the Encyclopedia's convention).
    named_decl = (north & ~north_x) | (south & ~south_x)
    lowest_named = min(ranks_of(named_decl)) if named_decl else 15
    smalls = north_x | south_x
    if nx + sx:
        smalls |= sum(1 << r for r in ranks_of(outstanding & ~west & ~east) if r < lowest_named)
    legend = ""
    if not nx + sx:
        smalls = spot_cards(north | south, outstanding, west | east, suit_mask)
        if smalls:
            parts = [f"{' '.join(rank_char(r) for r in ranks_of(smalls & m))} ({who})"
                     for m, who in ((outstanding, "the defenders"), (north | south, "North-South")) if smalls & m]
            legend = "x = " + ", ".join(parts)

    objective = data.get("objective", "target")
    if objective not in ("target", "tricks"):
        raise fail(path, "objective", f"unknown objective {shown(objective)} (target or tricks)")
    max_tricks = max(popcount(north), popcount(south))
    raw_tricks = data.get("tricks")
    tricks: int | None
    if raw_tricks is None:
        if objective != "tricks":
            raise fail(path, "tricks", "missing field (a number of tricks, or max)")
        tricks = None
    elif raw_tricks == "max":
        tricks = None
    elif isinstance(raw_tricks, bool) or not isinstance(raw_tricks, int):
        raise fail(path, "tricks", f"expected a number of tricks or max, got {shown(raw_tricks)}")
    elif raw_tricks < 1:
        raise fail(path, "tricks", f"{raw_tricks} is not a target (at least 1)")
    elif raw_tricks > max_tricks:
        raise fail(path, "tricks", f"{raw_tricks} is more than the {max_tricks} tricks North-South can take")
    else:
        tricks = raw_tricks
    if objective == "tricks":
        tricks = None

    lead = data.get("lead")
    if lead is not None:
        lead = str(lead).upper()[:1]
        if lead not in ("N", "S"):
            raise fail(path, "lead", f"unknown hand {shown(data.get('lead'))} (N or S)")
        if not (north if lead == "N" else south):
            raise fail(path, "lead", f"{'North' if lead == 'N' else 'South'} has no card to lead")

    vacant_west, vacant_east = config.HAND_SIZE, config.HAND_SIZE
    if "vacant" in data:
        vac = data["vacant"]
        if not isinstance(vac, dict) or set(vac) - {"west", "east"}:
            raise fail(path, "vacant", "expected {west: N, east: N}")
        vacant_west = int_field(vac, "west", path + ": vacant", config.HAND_SIZE, 0, 13)
        vacant_east = int_field(vac, "east", path + ": vacant", config.HAND_SIZE, 0, 13)
    n_out = popcount(outstanding)
    if vacant_west + vacant_east < n_out:
        raise fail(path, "vacant", f"{vacant_west}+{vacant_east} places cannot hold the {n_out} outstanding cards")
    if popcount(west) > vacant_west:
        raise fail(path, "west", f"{popcount(west)} known cards but only {vacant_west} vacant places")
    if popcount(east) > vacant_east:
        raise fail(path, "east", f"{popcount(east)} known cards but only {vacant_east} vacant places")

    name = name_field(data, path)
    expect = expect_field(data, path)
    check_expect(expect, path, EXPECT)
    source = data.get("source", "")
    prob = SuitProblem(
        name=name,
        north=north,
        south=south,
        tricks=tricks,
        objective=objective,
        lead=lead,
        west_known=west,
        east_known=east,
        vacant_west=vacant_west,
        vacant_east=vacant_east,
        suit_size=suit_size,
        smalls=smalls,
        legend=legend,
        source=str(source),
        file=path,
        expect=expect,
    )
    return prob
