"""Deal problems played from any seat (``kind: deal`` with ``to_play:``): a defender's or declarer's decision.

The player who decides sees his own hand, dummy's (once the opening lead is faced) and every card
played; the auction is reduced to constraints per hand.  The file gives the whole deal (the true
one: the solvers never look at the hands the decider cannot see; ``compare`` uses it for the
double-dummy choice)::

    name: Otawa & Uehara, Example 1
    kind: deal
    to_play: E                    # the seat that decides now (it must be that seat's turn)
    deal: "N:432.32.32.AJT987 QJT.KJT9.QJT9.K2 AK9.AQ87.AK87.Q6 8765.654.654.543"
    declarer: S
    contract: 3NT                 # level, strain, X or XX; trumps follow
    vulnerable: NS                # none, NS, EW or both
    scoring: duplicate            # duplicate (the default with a contract), tricks, or target (with tricks:)
    # tricks: 9                   # target: declarer's tricks needed, of the whole hand
    # lead: S                     # an ending: who leads the first trick of played (won: tricks already taken)
    auction: "2NT - 3NT"          # for the reader
    constraints:                  # what the auction (and anything else public) says, per hand, of the
      south: {hcp: [20, 22], lengths: {S: [2, 5], H: [2, 5], D: [2, 5], C: [2, 5]}}   # whole hand
    played: ["W:H6 N:H2 E:HK S:HA", "S:CQ W:C3 N:C7"]
    pairing: one-to-one           # abc: triples (da, db_k, dc_k) k = 1..n; or product (n * n triples)
    views: revised                # abc: a view contradicted by a card is revised (one card exchanged); or
                                  # fixed (the paper's rules as written: the view is '*' from there)

Hands are given as dealt (13 cards, or an ending with ``won:`` tricks already taken by declarer's side);
the history is checked (turn order, following suit) and shown voids become constraints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bridgeplay.cards import (
    SEAT_LETTERS,
    SEAT_WORDS,
    SUIT_LETTERS,
    CardError,
    Deal,
    Hand,
    deal_move,
    is_deal_move,
    parse_seat,
    parse_strain,
    parse_suit,
    popcount,
)
from bridgeplay.deal.abcsearch import Hands, Roles, hand_of, masks_of, winner
from bridgeplay.errors import shown
from bridgeplay.yamlio import ExpectSyntax, check_expect, check_fields, expect_field, fail, name_field

EXPECT = ExpectSyntax(
    fields=("moves", "not_moves", "solvers", "note"),
    solver_fields=("moves", "not_moves"),
    is_move=is_deal_move,
    move_help="(HAND:CARD, e.g. E:C2)",
)
FIELDS = {
    "name", "kind", "to_play", "deal", "north", "east", "south", "west", "declarer", "contract", "vulnerable",
    "scoring", "tricks", "won", "auction", "constraints", "played", "pairing", "views", "source", "notes", "note",
    "description", "expect", "expert", "lead",
}
_CONSTRAINT_FIELDS = {"hcp", "lengths", "cards"}
_CONTRACT = re.compile(r"^([1-7])(NT|N|S|H|D|C)(XX|X)?$", re.IGNORECASE)
SCORINGS = ("duplicate", "tricks", "target")
PAIRINGS = ("one-to-one", "product")
VIEWS = ("revised", "fixed")
SEAT_KEYS = ("north", "east", "south", "west")


@dataclass(frozen=True)
class HandConstraint:
    """What is public about one hand: its whole (dealt) hand's lengths and points, cards known now."""

    lengths: tuple[tuple[int, int], ...] = ((0, 13),) * 4
    hcp: tuple[int, int] = (0, 40)
    cards: int = 0  # known to be held now (hand int)


@dataclass(frozen=True)
class SeatProblem:
    """A validated decision of any seat in a deal (see the module's docstring)."""

    name: str
    dealt: Hands  # the true deal as dealt (hand ints)
    history: tuple[tuple[int, int], ...]  # (seat, card int) in order
    to_play: int
    declarer: int
    trump: int
    scoring: str
    level: int | None
    doubled: int
    vulnerable: bool  # declarer's side
    target: int | None  # declarer's tricks needed (scoring target)
    won: int  # tricks declarer's side took before the hands given
    lead: int  # who led the first trick of ``played`` (declarer's left-hand opponent in a whole hand)
    constraints: tuple[HandConstraint, ...]
    pairing: str = "one-to-one"
    views: str = "revised"
    auction: str = ""
    expert: str = ""
    source: str = ""
    file: str = ""
    expect: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    kind: str = "deal"
    only_solvers: tuple[str, ...] = ("montecarlo", "abc")

    # -- derived --------------------------------------------------------------------------------
    @property
    def dummy(self) -> int:
        return (self.declarer + 2) % 4

    @property
    def roles(self) -> Roles:
        return Roles.of(self.to_play, self.declarer)

    @property
    def now(self) -> Hands:
        """The true deal's cards held now (the current trick's cards are out)."""
        d = list(self.dealt)
        for seat, c in self.history:
            d[seat] &= ~(1 << c)
        return tuple(d)  # type: ignore[return-value]

    @property
    def split(self) -> tuple[tuple[tuple[int, int], ...], int, int]:
        """(current trick, its leader, declarer's side's tricks won in the history)."""
        return _tricks(self.history, self.trump, self.first_leader, self.declarer)

    @property
    def first_leader(self) -> int:
        return self.lead

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        return self.split[0]

    @property
    def leader(self) -> int:
        return self.split[1]

    @property
    def tricks_left(self) -> int:
        held = sum(popcount(h) for h in self.now)
        return (held + len(self.trick) + 3) // 4

    @property
    def total_tricks(self) -> int:
        return popcount(self.dealt[0]) + self.won

    def declarer_score(self, tricks: int) -> float:
        """Declarer's side's score when it takes ``tricks`` of the whole hand."""
        if self.scoring == "tricks":
            return float(tricks)
        if self.scoring == "target":
            assert self.target is not None
            return 1.0 if tricks >= self.target else 0.0
        assert self.level is not None
        return float(duplicate_score(self.level, self.trump, self.doubled, self.vulnerable, tricks))

    @property
    def payoff(self) -> list[float]:
        """``payoff[t]``: the deciding side's score when it takes ``t`` of the tricks from now."""
        tl = self.tricks_left
        won_decl = self.won + self.split[2]
        out = []
        for t in range(tl + 1):
            if self.to_play in (self.declarer, self.dummy):
                out.append(self.declarer_score(won_decl + t))
            else:
                v = self.declarer_score(won_decl + tl - t)
                out.append(1.0 - v if self.scoring == "target" else -v)
        return out

    def move_text(self, c: int) -> str:
        from bridgeplay.cards import Card

        return deal_move(self.to_play, Card(c >> 4, c & 15))

    @property
    def title(self) -> str:
        return f"{self.name} ({SEAT_WORDS[self.to_play]} to play)"

    def visible(self, seat: int) -> tuple[int, ...]:
        """The hands ``seat`` sees: his own, and dummy's once the opening lead is faced."""
        return (seat, self.dummy) if seat != self.dummy else (seat, self.declarer)


def duplicate_score(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int) -> int:
    """Declarer's duplicate score (``strain`` 0..3 S H D C, 4 NT; ``doubled`` 0, 1, 2) taking ``tricks``."""
    need = 6 + level
    mult = (1, 2, 4)[doubled]
    if tricks < need:
        down = need - tricks
        if doubled == 0:
            return -(100 if vulnerable else 50) * down
        if vulnerable:
            pen = 200 + 300 * (down - 1)
        else:
            pen = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -pen * (doubled)
    per = 30 if strain in (0, 1, 4) else 20
    trick_score = (per * level + (10 if strain == 4 else 0)) * mult
    score = trick_score
    score += (500 if vulnerable else 300) if trick_score >= 100 else 50
    if level == 6:
        score += 750 if vulnerable else 500
    if level == 7:
        score += 1500 if vulnerable else 1000
    score += (0, 50, 100)[doubled]  # the insult: 50 doubled, 100 redoubled
    over = tricks - need
    if doubled == 0:
        score += over * per
    else:
        score += over * (200 if vulnerable else 100) * doubled
    return score


def _tricks(history, trump, first_leader, declarer):
    leader = first_leader
    won = 0
    cur: list[tuple[int, int]] = []
    for seat, c in history:
        cur.append((seat, c))
        if len(cur) == 4:
            w = winner(cur, trump)
            if w % 2 == declarer % 2:
                won += 1
            leader = w
            cur = []
    return tuple(cur), leader, won


# ---------------------------------------------------------------------------------------------------
def _card(text: str) -> int:
    from bridgeplay.cards import Card

    c = Card.parse(text)
    return 16 * c.suit + c.rank


def _range(value: Any, path: str, fld: str, lo: int, hi: int) -> tuple[int, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        a = b = value
    elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                             for v in value):
        a, b = value
    else:
        raise fail(path, fld, f"expected a number or [min, max], got {shown(value)}")
    if a > b or a < lo or b > hi:
        raise fail(path, fld, f"[{a}, {b}] is not a range within {lo}..{hi}")
    return a, b


def _constraint(raw: Any, path: str, fld: str) -> HandConstraint:
    if not isinstance(raw, dict):
        raise fail(path, fld, "expected a mapping with hcp, lengths, cards")
    check_fields(raw, _CONSTRAINT_FIELDS, path, fld)
    lengths = [(0, 13)] * 4
    lr = raw.get("lengths")
    if lr is not None:
        if not isinstance(lr, dict):
            raise fail(path, f"{fld}.lengths", "expected {S: n, H: [min, max], ...}")
        for key, v in lr.items():
            try:
                s = parse_suit(str(key))
            except CardError as exc:
                raise fail(path, f"{fld}.lengths", str(exc)) from None
            lengths[s] = _range(v, path, f"{fld}.lengths.{SUIT_LETTERS[s]}", 0, 13)
    hcp = _range(raw["hcp"], path, f"{fld}.hcp", 0, 37) if raw.get("hcp") is not None else (0, 40)
    cards = 0
    items = raw.get("cards") or []
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    if not isinstance(items, list):
        raise fail(path, f"{fld}.cards", "expected a list of cards like [SK, HQ]")
    for item in items:
        try:
            cards |= 1 << _card(str(item))
        except CardError as exc:
            raise fail(path, f"{fld}.cards", str(exc)) from None
    return HandConstraint(tuple(lengths), hcp, cards)


def _hcp(hand: int) -> int:
    return sum(max(0, (c & 15) - 10) for c in range(64) if hand >> c & 1)


def satisfies(constraint: HandConstraint, dealt: int, now: int) -> bool:
    """Does a hand (as dealt; ``now`` the cards it still holds) meet the constraint?"""
    for s in range(4):
        n = popcount((dealt >> (16 * s)) & 0xFFFF)
        if not constraint.lengths[s][0] <= n <= constraint.lengths[s][1]:
            return False
    if not constraint.hcp[0] <= _hcp(dealt) <= constraint.hcp[1]:
        return False
    return constraint.cards & now == constraint.cards


def load(data: dict[str, Any], path: str = "<deal>") -> SeatProblem:
    """Validate a ``kind: deal`` mapping with ``to_play:`` (``path`` names the file in errors)."""
    check_fields(data, FIELDS, path, "a deal problem from any seat")
    # -- the deal -------------------------------------------------------------------------------
    if data.get("deal") is not None:
        for key in SEAT_KEYS:
            if data.get(key) is not None:
                raise fail(path, key, "give either deal: or the four hands, not both")
        raw = data["deal"]
        if not isinstance(raw, str):
            raise fail(path, "deal", "expected a PBN deal like 'N:AKQ.JT9.876.5432 ...'")
        try:
            deal = Deal.from_pbn(raw)
        except CardError as exc:
            raise fail(path, "deal", str(exc)) from None
        dealt = tuple(hand_of(h.suits) for h in deal.hands)
    else:
        hands = []
        for key in SEAT_KEYS:
            v = data.get(key)
            if not isinstance(v, str):
                raise fail(path, key, "missing field (with to_play: give all four hands, or deal:)")
            try:
                hands.append(Hand.from_pbn(v))
            except CardError as exc:
                raise fail(path, key, str(exc)) from None
        try:
            Deal(tuple(hands)).validate()  # type: ignore[arg-type]
        except CardError as exc:
            raise fail(path, "north", str(exc)) from None
        dealt = tuple(hand_of(h.suits) for h in hands)
    n_cards = popcount(dealt[0])
    # -- contract, scoring ------------------------------------------------------------------------
    def seat_field(key: str) -> int:
        v = data.get(key)
        if v is None:
            raise fail(path, key, "missing field (N, E, S or W)")
        try:
            return parse_seat(str(v))
        except CardError:
            raise fail(path, key, f"unknown seat {shown(v)} (N, E, S or W)") from None

    to_play = seat_field("to_play")
    declarer = seat_field("declarer")
    if to_play == (declarer + 2) % 4:
        raise fail(path, "to_play", f"{SEAT_WORDS[to_play]} is dummy: declarer ({SEAT_LETTERS[declarer]}) decides")
    level: int | None = None
    doubled = 0
    contract = data.get("contract")
    trump: int
    if contract is not None:
        mt = _CONTRACT.match(str(contract).strip())
        if not mt:
            raise fail(path, "contract", f"expected a contract like 3NT, 4S or 4HX, got {shown(contract)}")
        level = int(mt.group(1))
        trump = parse_strain(mt.group(2))
        doubled = {None: 0, "X": 1, "XX": 2}[(mt.group(3) or "").upper() or None]
    else:
        raise fail(path, "contract", "missing field (level and strain, e.g. 3NT or 4S)")
    scoring = data.get("scoring", "duplicate")
    if scoring not in SCORINGS:
        raise fail(path, "scoring", f"unknown scoring {shown(scoring)} ({', '.join(SCORINGS)})")
    won = data.get("won", 0)
    if isinstance(won, bool) or not isinstance(won, int) or not 0 <= won <= 13 - n_cards:
        raise fail(path, "won", f"expected declarer's side's tricks before this ending (0..{13 - n_cards})")
    if scoring == "duplicate" and n_cards + won != 13:
        raise fail(path, "scoring", "duplicate scoring needs the whole hand (13 cards, or won: for an ending)")
    target: int | None = None
    if scoring == "target":
        t = data.get("tricks")
        if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= n_cards + won:
            raise fail(path, "tricks", f"expected declarer's tricks needed (1..{n_cards + won})")
        target = t
    elif data.get("tricks") is not None:
        raise fail(path, "tricks", "only with scoring: target")
    vul_raw = str(data.get("vulnerable", "none")).lower()
    if vul_raw not in ("none", "ns", "ew", "both", "all"):
        raise fail(path, "vulnerable", f"expected none, NS, EW or both, got {shown(data.get('vulnerable'))}")
    vulnerable = vul_raw in ("both", "all") or vul_raw == ("ns" if declarer % 2 == 0 else "ew")
    # -- history ------------------------------------------------------------------------------------
    played = _parse_played(data.get("played"), path)
    if not played:
        raise fail(path, "played", "give at least the opening lead (dummy is then seen)")
    held = list(dealt)
    cur: list[tuple[int, int]] = []
    leader = (declarer + 1) % 4
    if data.get("lead") is not None:
        try:
            leader = parse_seat(str(data["lead"]))
        except CardError:
            raise fail(path, "lead", f"unknown seat {shown(data['lead'])} (N, E, S or W)") from None
        if n_cards == 13 and leader != (declarer + 1) % 4:
            raise fail(path, "lead", "the opening lead is made by declarer's left-hand opponent")
    first_lead = leader
    for i, (seat, c) in enumerate(played):
        expected = (leader + len(cur)) % 4
        text = deal_move(seat, _as_card(c))
        if seat != expected:
            raise fail(path, "played", f"play {i + 1} ({text}) is out of turn: {SEAT_LETTERS[expected]} was to play")
        if not held[seat] >> c & 1:
            raise fail(path, "played", f"{text}: {SEAT_WORDS[seat]} does not hold it")
        if cur:
            led = cur[0][1] >> 4
            if (c >> 4) != led and (held[seat] >> (16 * led)) & 0xFFFF:
                raise fail(path, "played", f"{text} revokes ({SEAT_WORDS[seat]} holds {SUIT_LETTERS[led]} cards)")
        held[seat] &= ~(1 << c)
        cur.append((seat, c))
        if len(cur) == 4:
            leader = winner(cur, trump)
            cur = []
    if sum(popcount(h) for h in held) == 0:
        raise fail(path, "played", "no cards left to play")
    if (leader + len(cur)) % 4 != to_play:
        turn = (leader + len(cur)) % 4
        raise fail(path, "to_play", f"the history leaves {SEAT_WORDS[turn]} to play, not {SEAT_WORDS[to_play]}")
    # -- constraints ----------------------------------------------------------------------------------
    raw_c = data.get("constraints") or {}
    if not isinstance(raw_c, dict):
        raise fail(path, "constraints", "expected {north: {...}, east: {...}, ...}")
    check_fields(raw_c, set(SEAT_KEYS), path, "constraints")
    cons = []
    for seat, key in enumerate(SEAT_KEYS):
        c = _constraint(raw_c[key], path, f"constraints.{key}") if raw_c.get(key) is not None else HandConstraint()
        if not satisfies(c, dealt[seat], held[seat]):
            raise fail(path, f"constraints.{key}", f"{SEAT_WORDS[seat]}'s hand in the deal does not meet it")
        cons.append(c)
    pairing = data.get("pairing", "one-to-one")
    if pairing not in PAIRINGS:
        raise fail(path, "pairing", f"unknown pairing {shown(pairing)} ({', '.join(PAIRINGS)})")
    views = data.get("views", "revised")
    if views not in VIEWS:
        raise fail(path, "views", f"unknown views {shown(views)} ({', '.join(VIEWS)})")
    expect = expect_field(data, path)
    check_expect(expect, path, EXPECT)
    problem = SeatProblem(
        name=name_field(data, path), dealt=dealt, history=tuple(played), to_play=to_play,  # type: ignore[arg-type]
        declarer=declarer, trump=trump, scoring=scoring, level=level, doubled=doubled, vulnerable=vulnerable,
        target=target, won=won, lead=first_lead, constraints=tuple(cons), pairing=pairing, views=views,
        auction=str(data.get("auction", "")), expert=str(data.get("expert", "")),
        source=str(data.get("source", "")), file=path, expect=expect,
    )
    _validate_expect(problem)
    return problem


_PLAY = re.compile(r"^([NESWnesw]):(.+)$")


def _parse_played(value: Any, path: str) -> list[tuple[int, int]]:
    """``["W:H6 N:H2 E:HK S:HA", ...]`` -> [(seat, card int)]."""
    if value is None:
        return []
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list):
        raise fail(path, "played", "expected a list of tricks like 'W:HJ N:HA E:H5 S:H2'")
    out = []
    for item in items:
        tokens = item.replace(",", " ").split() if isinstance(item, str) else item
        if not isinstance(tokens, list):
            raise fail(path, "played", f"expected SEAT:CARD entries, got {shown(item)}")
        for tok in tokens:
            mt = _PLAY.match(str(tok).strip())
            if not mt:
                raise fail(path, "played", f"bad play {shown(tok)} (SEAT:CARD, e.g. W:HJ)")
            try:
                out.append((parse_seat(mt.group(1)), _card(mt.group(2))))
            except CardError as exc:
                raise fail(path, "played", f"{shown(tok)}: {exc}") from None
    if len({c for _, c in out}) != len(out):
        raise fail(path, "played", "a card is played twice")
    return out


def _as_card(c: int):  # noqa: ANN202
    from bridgeplay.cards import Card

    return Card(c >> 4, c & 15)


def _validate_expect(problem: SeatProblem) -> None:
    blocks = [("expect", problem.expect)] + [
        (f"expect.solvers.{name}", spec) for name, spec in (problem.expect.get("solvers") or {}).items()
    ]
    now = problem.now[problem.to_play]
    for prefix, spec in blocks:
        for key in ("moves", "not_moves"):
            items = spec.get(key) or []
            for m in [items] if isinstance(items, str) else items:
                seat, _, card = str(m).partition(":")
                if parse_seat(seat) != problem.to_play:
                    raise fail(problem.file, f"{prefix}.{key}", f"{m!r}: {SEAT_WORDS[problem.to_play]} is to play")
                if not now >> _card(card) & 1:
                    who = SEAT_WORDS[problem.to_play]
                    raise fail(problem.file, f"{prefix}.{key}", f"{m!r}: {who} does not hold it")


__all__ = ["HandConstraint", "SeatProblem", "duplicate_score", "load", "masks_of", "satisfies"]
