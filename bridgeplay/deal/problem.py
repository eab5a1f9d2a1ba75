"""Deal problems (``kind: deal``): endings and full deals, declarer (North-South) to play.

YAML shape (every field but ``kind``, ``north``/``south`` or ``deal``, ``trumps``, ``tricks`` is optional)::

    name: Frank & Basin Fig. 13
    kind: deal
    north: "A.A.A.A"            # PBN hands S.H.D.C ("-" or "" for a void); the cards held now, or
    south: "3..32.2"            #   the hands before `played` (played cards are then taken out)
    # east: / west:             # a defender's whole hand when declarer knows it (then one layout)
    # deal: "N:... E... S... W..."   # all four hands at once (the `dd` command's form; E-W then known)
    outstanding: "2..654.6543"  # the cards the defenders hold now (known ones included);
                                #   default: every card not in N/S, known E/W hands or `played`
    trumps: S                   # S H D C or NT
    lead: N                     # who leads the current trick (derived from `played` when it is given)
    played:                     # the history: tricks (or single cards) as SEAT:CARD, in order;
      - "W:HJ N:HA E:H5 S:H2"   #   the winner of a trick leads the next; the last one may be unfinished
    tricks: 4                   # tricks North-South need from here (the current trick included)
    # objective: tricks         # maximise expected tricks instead of a target
    hidden:                     # what declarer knows about the defenders' cards
      west:
        cards: [SK]             # cards known to be held now
        voids: [D]              # suits the defender has none of now (shown-out voids are derived)
        lengths: {S: 3, H: [2, 4]}   # suit lengths of the defender's hand at the start of `played`
        hcp: [11, 15]           # high-card points (A 4, K 3, Q 2, J 1), same reference
      east: {...}
    # lookahead: 2              # tricks searched exactly before double-dummy leaves (sampling solvers)
    source: where the position and its expectation come from
    expect: {probability: 0.9, tolerance: 1e-6, moves: [S:C2]}

Worlds are the layouts of the defenders' cards that satisfy the constraints and the history, each
equally likely (a random deal conditioned on what is known); see :mod:`bridgeplay.deal.worlds`.
Every error is a one-line :class:`~bridgeplay.errors.ProblemError` naming the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bridgeplay.cards import (
    FULL_SUIT,
    NOTRUMP,
    SEAT_LETTERS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    Card,
    CardError,
    Deal,
    E,
    Hand,
    N,
    S,
    W,
    deal_move,
    hand_text,
    holding_str,
    is_deal_move,
    parse_seat,
    parse_strain,
    parse_suit,
    popcount,
    trick_winner,
)
from bridgeplay.deal.worlds import DealWorlds
from bridgeplay.errors import ProblemError, shown
from bridgeplay.yamlio import ExpectSyntax, check_expect, check_fields, expect_field, fail, name_field

Masks = tuple[int, int, int, int]

EXPECT = ExpectSyntax(
    fields=("probability", "tolerance", "moves", "not_moves", "values", "expected_tricks", "solvers", "note"),
    solver_fields=("probability", "tolerance", "moves", "not_moves", "values", "expected_tricks"),
    is_move=is_deal_move,
    move_help="(HAND:CARD, e.g. N:SA, S:C2)",
)

_FIELDS = {
    "name", "kind", "north", "south", "east", "west", "deal", "outstanding", "trumps", "lead", "played",
    "tricks", "objective", "hidden", "lookahead", "source", "expect", "notes", "note", "description", "declarer",
    "contract",
}
_HIDDEN_FIELDS = {"cards", "voids", "lengths", "hcp"}


@dataclass(frozen=True)
class DefenderInfo:
    """What declarer knows about one defender (West or East)."""

    known: Masks = (0, 0, 0, 0)  # cards known to be held now
    voids: tuple[int, ...] = ()  # suits held none of now (stated or shown out in the history)
    lengths: tuple[tuple[int, int], ...] = ((0, 13),) * 4  # per suit, of the hand at the start of the history
    hcp: tuple[int, int] = (0, 40)  # of the hand at the start of the history
    played: Masks = (0, 0, 0, 0)  # cards this defender played in the history


@dataclass(frozen=True)
class DealProblem:
    """A validated deal problem: the position now, what is known, the goal."""

    name: str
    north: Masks
    south: Masks
    defenders: Masks  # every card the defenders hold now (known or not)
    trump: int  # 0..3 = S, H, D, C; 4 = NT
    leader: int  # who led (or leads) the current trick
    table: tuple[Card, ...]  # cards already on the table in the current trick, in order from ``leader``
    tricks: int | None  # target (None when maximising tricks)
    objective: str
    west: DefenderInfo
    east: DefenderInfo
    history: tuple[tuple[int, Card], ...] = ()
    lookahead: int | None = None
    source: str = ""
    file: str = ""
    expect: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    kind: str = "deal"

    # -- derived ----------------------------------------------------------------------------
    @property
    def to_play(self) -> int:
        return (self.leader + len(self.table)) % 4

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        n = sum(popcount(m) for m in self.north)
        return n + (1 if N in self.table_seats else 0)

    @property
    def table_seats(self) -> tuple[int, ...]:
        return tuple((self.leader + i) % 4 for i in range(len(self.table)))

    def holds(self, seat: int) -> int:
        """Number of cards ``seat`` holds now."""
        return self.tricks_left - (1 if seat in self.table_seats else 0)

    @property
    def single_layout(self) -> bool:
        return sum(popcount(m) for m in self.west.known) == self.holds(W) and sum(
            popcount(m) for m in self.east.known
        ) == self.holds(E)

    @property
    def title(self) -> str:
        strain = "NT" if self.trump == NOTRUMP else SUIT_SYMBOLS[self.trump]
        goal = f"{self.tricks} of {self.tricks_left} tricks" if self.tricks is not None else "most tricks"
        return f"{self.name} ({strain}, {goal})"

    def hand_text(self, masks: Masks) -> str:
        return hand_text(masks)

    def move_text(self, seat: int, card: Card) -> str:
        """``N:SA``."""
        return deal_move(seat, card)


# ------------------------------------------------------------------------------------------------
# loading
def _hand(data: dict[str, Any], key: str, path: str) -> Masks | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise fail(path, key, f"expected a PBN hand like 'AKQ.JT9.876.5432', got {type(value).__name__}")
    text = value.strip()
    try:
        return Hand.from_pbn(text).suits
    except CardError as exc:
        raise fail(path, key, str(exc)) from None


def _cards_list(value: Any, path: str, fld: str) -> list[Card]:
    """``[SK, HQ]``, ``"SK HQ"`` or a PBN holding ``"K.Q.."`` -> cards."""
    if value is None:
        return []
    if isinstance(value, str) and value.count(".") == 3:
        try:
            return list(Hand.from_pbn(value))
        except CardError as exc:
            raise fail(path, fld, str(exc)) from None
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, list):
        raise fail(path, fld, "expected a list of cards like [SK, HQ]")
    out = []
    for item in items:
        try:
            out.append(Card.parse(str(item)))
        except CardError as exc:
            raise fail(path, fld, str(exc)) from None
    if len(set(out)) != len(out):
        raise fail(path, fld, "a card is listed twice")
    return out


def _masks_of(cards: list[Card]) -> Masks:
    m = [0, 0, 0, 0]
    for c in cards:
        m[c.suit] |= 1 << c.rank
    return tuple(m)  # type: ignore[return-value]


def _has(masks: Masks, c: Card) -> bool:
    return bool(masks[c.suit] >> c.rank & 1)


def _without(masks: Masks, c: Card) -> Masks:
    m = list(masks)
    m[c.suit] &= ~(1 << c.rank)
    return tuple(m)  # type: ignore[return-value]


def _count(masks: Masks) -> int:
    return sum(popcount(m) for m in masks)


_PLAY_RE = re.compile(r"^([NESWnesw]):(.+)$")


def _parse_played(value: Any, path: str) -> list[tuple[int, Card]]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise fail(path, "played", "expected a list of tricks like 'W:HJ N:HA E:H5 S:H2'")
    out: list[tuple[int, Card]] = []
    for item in value:
        if isinstance(item, list):
            tokens = [str(t) for t in item]
        elif isinstance(item, str):
            tokens = item.replace(",", " ").split()
        else:
            raise fail(path, "played", f"expected SEAT:CARD entries, got {shown(item)}")
        for tok in tokens:
            m = _PLAY_RE.match(tok.strip())
            if not m:
                raise fail(path, "played", f"bad play {shown(tok)} (SEAT:CARD, e.g. W:HJ)")
            try:
                out.append((parse_seat(m.group(1)), Card.parse(m.group(2))))
            except CardError as exc:
                raise fail(path, "played", f"{shown(tok)}: {exc}") from None
    return out


def _range(value: Any, path: str, fld: str, lo: int, hi: int) -> tuple[int, int]:
    if isinstance(value, bool):
        raise fail(path, fld, f"expected a number or [min, max], got {shown(value)}")
    if isinstance(value, int):
        a = b = value
    elif isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        a, b = value
    else:
        raise fail(path, fld, f"expected a number or [min, max], got {shown(value)}")
    if a > b:
        raise fail(path, fld, f"empty range [{a}, {b}]")
    if a < lo or b > hi:
        raise fail(path, fld, f"[{a}, {b}] is outside {lo}..{hi}")
    return a, b


def _suits_list(value: Any, path: str, fld: str) -> tuple[int, ...]:
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, list):
        raise fail(path, fld, "expected a list of suits like [D, C]")
    out = []
    for item in items:
        try:
            out.append(parse_suit(str(item)))
        except CardError as exc:
            raise fail(path, fld, str(exc)) from None
    return tuple(sorted(set(out)))


def _defender_info(raw: Any, who: str, path: str, played: Masks) -> tuple[list[Card], DefenderInfo]:
    fld = f"hidden.{who}"
    if raw is None:
        return [], DefenderInfo(played=played)
    if not isinstance(raw, dict):
        raise fail(path, fld, "expected a mapping with cards, voids, lengths, hcp")
    unknown = sorted(set(raw) - _HIDDEN_FIELDS)
    if unknown:
        raise fail(path, f"{fld}.{unknown[0]}", f"unknown field (one of: {', '.join(sorted(_HIDDEN_FIELDS))})")
    cards = _cards_list(raw.get("cards"), path, f"{fld}.cards")
    voids = _suits_list(raw.get("voids", []), path, f"{fld}.voids")
    lengths = [(0, 13)] * 4
    if raw.get("lengths") is not None:
        lr = raw["lengths"]
        if not isinstance(lr, dict):
            raise fail(path, f"{fld}.lengths", "expected {S: n, H: [min, max], ...}")
        for key, v in lr.items():
            try:
                s = parse_suit(str(key))
            except CardError as exc:
                raise fail(path, f"{fld}.lengths", str(exc)) from None
            lengths[s] = _range(v, path, f"{fld}.lengths.{SUIT_LETTERS[s]}", 0, 13)
    hcp = (0, 40)
    if raw.get("hcp") is not None:
        hcp = _range(raw["hcp"], path, f"{fld}.hcp", 0, 37)
    return cards, DefenderInfo(_masks_of(cards), voids, tuple(lengths), hcp, played)


def load(data: dict[str, Any], path: str = "<deal>") -> DealProblem:
    """Validate a ``kind: deal`` mapping (``path`` names the file in errors); with ``to_play:`` a decision of
    any seat (:mod:`bridgeplay.deal.seat`)."""
    if "to_play" in data:
        from bridgeplay.deal import seat

        return seat.load(data, path)  # type: ignore[return-value]
    check_fields(data, _FIELDS, path, "a deal problem")

    # -- hands --------------------------------------------------------------------------------
    given: dict[int, Masks | None] = {N: None, E: None, S: None, W: None}
    if data.get("deal") is not None:
        for key in ("north", "south", "east", "west"):
            if data.get(key) is not None:
                raise fail(path, key, "give either deal: or the separate hands, not both")
        raw = data["deal"]
        if not isinstance(raw, str):
            raise fail(path, "deal", "expected a PBN deal like 'N:AKQ.JT9.876.5432 ...'")
        try:
            deal = Deal.from_pbn(raw)
        except CardError as exc:
            raise fail(path, "deal", str(exc)) from None
        for seat in range(4):
            given[seat] = deal.hands[seat].suits
    else:
        for seat, key in ((N, "north"), (S, "south"), (E, "east"), (W, "west")):
            given[seat] = _hand(data, key, path)
        for seat, key in ((N, "north"), (S, "south")):
            if given[seat] is None:
                raise fail(path, key, "missing field (a PBN hand like 'AKQ.JT9.876.5432')")
    names = {N: "north", E: "east", S: "south", W: "west"}
    for seat in (N, S, E, W):
        if given[seat] is not None and _count(given[seat]) > 13:
            raise fail(path, names[seat], f"{_count(given[seat])} cards (a hand holds at most 13)")
    # a card in two given hands
    seen: dict[Card, int] = {}
    for seat in (N, S, E, W):
        masks = given[seat]
        if masks is None:
            continue
        for s in range(4):
            for r in range(2, 15):
                if masks[s] >> r & 1:
                    c = Card(s, r)
                    if c in seen:
                        raise fail(path, names[seat], f"card {c} is also in {names[seen[c]]}'s hand")
                    seen[c] = seat

    # -- strain, target -------------------------------------------------------------------------
    if "trumps" not in data or data["trumps"] is None:
        raise fail(path, "trumps", "missing field (S, H, D, C or NT)")
    try:
        trump = parse_strain(str(data["trumps"]))
    except CardError:
        raise fail(path, "trumps", f"unknown strain {shown(data['trumps'])} (S, H, D, C or NT)") from None

    # -- history ---------------------------------------------------------------------------------
    played = _parse_played(data.get("played"), path)
    played_cards: set[Card] = set()
    for seat, c in played:
        if c in played_cards:
            raise fail(path, "played", f"card {c} is played twice")
        played_cards.add(c)
        if c in seen and seen[c] != seat:
            raise fail(path, "played", f"{deal_move(seat, c)} but {c} is in {names[seen[c]]}'s hand")
    lead_raw = data.get("lead")
    lead_given: int | None = None
    if lead_raw is not None:
        try:
            lead_given = parse_seat(str(lead_raw))
        except CardError:
            raise fail(path, "lead", f"unknown seat {shown(lead_raw)} (N, E, S or W)") from None
    # split the history into tricks and check turn order
    tricks_done: list[list[tuple[int, Card]]] = []
    current: list[tuple[int, Card]] = []
    leader = played[0][0] if played else lead_given
    if leader is None:
        raise fail(path, "lead", "missing field (who leads the current trick: N, E, S or W)")
    for i, (seat, c) in enumerate(played):
        expected = (leader + len(current)) % 4
        if seat != expected:
            raise fail(path, "played", f"play {i + 1} ({deal_move(seat, c)}) is out of turn: "
                                        f"{SEAT_LETTERS[expected]} was to play")
        current.append((seat, c))
        if len(current) == 4:
            tricks_done.append(current)
            leader = trick_winner([(x, c.suit, c.rank) for x, c in current], trump)
            current = []
    if played and lead_given is not None and lead_given != leader:
        raise fail(path, "lead", f"the history leaves {SEAT_LETTERS[leader]} on lead of the current trick, "
                                  f"not {SEAT_LETTERS[lead_given]}")

    # -- current hands ---------------------------------------------------------------------------
    cur: dict[int, Masks | None] = {}
    played_by: dict[int, list[Card]] = {x: [] for x in range(4)}
    for seat, c in played:
        played_by[seat].append(c)
    for seat in range(4):
        masks = given[seat]
        if masks is not None:
            held = [c for c in played_by[seat] if _has(masks, c)]
            gone = [c for c in played_by[seat] if not _has(masks, c)]
            if held and gone:  # the hand is neither the one before the history nor the one after it
                raise fail(path, "played", f"{deal_move(seat, gone[0])}: {names[seat]}'s hand holds the other "
                                           f"cards it played ({', '.join(map(str, held))}) but not this one")
            for c in held:
                masks = _without(masks, c)
        cur[seat] = masks
    # every hand given before the history, or every hand after it: a played card missing from one hand while
    # another hand still holds the cards it played is a card that hand never held
    before = [x for x in range(4) if given[x] is not None and played_by[x] and _has(given[x], played_by[x][0])]
    after = [x for x in range(4) if given[x] is not None and played_by[x] and not _has(given[x], played_by[x][0])]
    if before and after:
        x = after[0]
        raise fail(path, "played", f"{deal_move(x, played_by[x][0])}: {names[x]}'s hand does not hold it, while "
                                   f"{names[before[0]]}'s hand holds the cards it played")
    north, south = cur[N], cur[S]
    assert north is not None and south is not None
    table = tuple(c for _, c in current)
    table_seats = tuple(s for s, _ in current)
    n_north = _count(north) + (1 if N in table_seats else 0)
    n_south = _count(south) + (1 if S in table_seats else 0)
    if n_north != n_south:
        raise fail(path, "south", f"North and South must hold as many cards: North {_count(north)}, "
                                   f"South {_count(south)} (with {len(table)} card(s) on the table)")
    if n_north == 0:
        raise fail(path, "north", "no cards left to play")
    tl = n_north  # tricks left, the current one included
    holds = {x: tl - (1 if x in table_seats else 0) for x in range(4)}
    for seat in (E, W):
        masks = cur[seat]
        if masks is not None and _count(masks) != holds[seat]:
            raise fail(path, names[seat], f"{names[seat].capitalize()} holds {_count(masks)} cards, "
                                           f"but {holds[seat]} fit the position")

    # -- the defenders' cards -----------------------------------------------------------------------
    used = [0, 0, 0, 0]
    for m in (north, south):
        for s in range(4):
            used[s] |= m[s]
    for c in played_cards:
        used[c.suit] |= 1 << c.rank
    if data.get("outstanding") is not None:
        if cur[E] is not None and cur[W] is not None:
            raise fail(path, "outstanding", "not needed when both defenders' hands are given")
        raw = data["outstanding"]
        if not isinstance(raw, str):
            raise fail(path, "outstanding", "expected the defenders' cards as PBN suits S.H.D.C, e.g. '2..54.543'")
        try:
            dfd: Masks = Hand.from_pbn(raw).suits
        except CardError as exc:
            raise fail(path, "outstanding", str(exc)) from None
        for s in range(4):
            both = dfd[s] & used[s]
            if both:
                r = both.bit_length() - 1
                raise fail(path, "outstanding", f"card {Card(s, r)} is also held by North-South or played")
        for seat in (E, W):
            masks = cur[seat]
            if masks is not None and any(masks[s] & ~dfd[s] for s in range(4)):
                raise fail(path, names[seat], "holds cards that are not in outstanding")
    elif cur[E] is not None and cur[W] is not None:
        dfd = tuple(cur[E][s] | cur[W][s] for s in range(4))  # type: ignore[assignment]
    else:
        dfd = tuple(FULL_SUIT & ~used[s] for s in range(4))  # type: ignore[assignment]
    if _count(dfd) != holds[E] + holds[W]:
        hint = "" if data.get("outstanding") is not None else " (an ending needs outstanding: or east/west)"
        raise fail(path, "outstanding", f"the defenders hold {_count(dfd)} cards, but {holds[E] + holds[W]} "
                                         f"fit the position{hint}")
    # revokes in the history by anyone (declarer's by hand; defenders' become voids below)
    follow_fail: dict[int, set[int]] = {E: set(), W: set()}
    held_then = {N: north, S: south, E: cur[E], W: cur[W]}
    for trick in tricks_done + ([current] if current else []):
        led = trick[0][1].suit
        for seat, c in trick[1:]:
            if c.suit == led:
                continue
            # did the player still hold a card of the led suit (now or played later)?
            later = [c2 for s2, c2 in played if s2 == seat and c2.suit == led]
            later_after = [c2 for c2 in later if played.index((seat, c2)) > played.index((seat, c))]
            now = held_then[seat]
            if later_after or (now is not None and now[led]):
                raise fail(path, "played", f"{deal_move(seat, c)} revokes ({SEAT_LETTERS[seat]} holds "
                                            f"{SUIT_SYMBOLS[led]} cards)")
            if seat in (E, W):
                follow_fail[seat].add(led)

    # -- what is known about the defenders ---------------------------------------------------------
    hidden = data.get("hidden") or {}
    if not isinstance(hidden, dict):
        raise fail(path, "hidden", "expected {west: {...}, east: {...}}")
    bad = sorted(set(hidden) - {"west", "east"})
    if bad:
        raise fail(path, f"hidden.{bad[0]}", "unknown field (west or east)")
    infos: dict[int, DefenderInfo] = {}
    for seat, who in ((W, "west"), (E, "east")):
        pmask = _masks_of(played_by[seat])
        cards, info = _defender_info(hidden.get(who), who, path, pmask)
        full = cur[seat]
        if full is not None:
            if hidden.get(who):
                raise fail(path, f"hidden.{who}", f"{who}'s hand is given in full")
            cards = [Card(s, r) for s in range(4) for r in range(2, 15) if full[s] >> r & 1]
            info = DefenderInfo(full, (), ((0, 13),) * 4, (0, 40), pmask)
        for c in cards:
            if not _has(dfd, c):
                raise fail(path, f"hidden.{who}.cards", f"{c} is not among the defenders' cards")
        voids = set(info.voids) | follow_fail[seat]
        for s in voids:
            if info.known[s]:
                raise fail(path, f"hidden.{who}.voids", f"{who} is void in {SUIT_LETTERS[s]} but holds "
                                                         f"{holding_str(info.known[s])} there")
        if _count(info.known) > holds[seat]:
            raise fail(path, f"hidden.{who}.cards", f"{_count(info.known)} known cards but {who} holds "
                                                     f"{holds[seat]}")
        infos[seat] = DefenderInfo(info.known, tuple(sorted(voids)), info.lengths, info.hcp, pmask)
    both = [infos[W].known[s] & infos[E].known[s] for s in range(4)]
    if any(both):
        s = next(i for i in range(4) if both[i])
        raise fail(path, "hidden.east.cards", f"{Card(s, both[s].bit_length() - 1)} is also in west's cards")

    # -- target -------------------------------------------------------------------------------------
    objective = data.get("objective", "target")
    if objective not in ("target", "tricks"):
        raise fail(path, "objective", f"unknown objective {shown(objective)} (target or tricks)")
    raw_t = data.get("tricks")
    target: int | None
    if objective == "tricks":
        target = None
    elif raw_t is None:
        raise fail(path, "tricks", "missing field (tricks North-South need from here)")
    elif isinstance(raw_t, bool) or not isinstance(raw_t, int):
        raise fail(path, "tricks", f"expected a number of tricks, got {shown(raw_t)}")
    elif raw_t < 1:
        raise fail(path, "tricks", f"{raw_t} is not a target (at least 1)")
    elif raw_t > tl:
        raise fail(path, "tricks", f"{raw_t} is more than the {tl} tricks left")
    else:
        target = raw_t
    if (leader + len(table)) % 2 == 1:
        seat = (leader + len(table)) % 4
        raise fail(path, "lead" if not table else "played",
                    f"{SEAT_LETTERS[seat]} (a defender) is to play: give the position at declarer's turn")
    look = data.get("lookahead")
    if look is not None and (isinstance(look, bool) or not isinstance(look, int) or look < 1):
        raise fail(path, "lookahead", f"expected a number of tricks (at least 1), got {shown(look)}")
    name = name_field(data, path)
    expect = expect_field(data, path)
    check_expect(expect, path, EXPECT)
    problem = DealProblem(
        name=name,
        north=north,
        south=south,
        defenders=dfd,
        trump=trump,
        leader=leader,
        table=table,
        tricks=target,
        objective=objective,
        west=infos[W],
        east=infos[E],
        history=tuple(played),
        lookahead=look,
        source=str(data.get("source", "")),
        file=path,
        expect=expect,
    )
    # the constraints must leave at least one layout (exact count by suits; cheap)
    try:
        DealWorlds(problem)
    except ValueError as exc:
        raise fail(path, "hidden", str(exc)) from None
    return problem


HAND_FIELDS = ("north", "east", "south", "west")


def full_deal(data: dict[str, Any], path: str) -> Deal:
    """The whole deal of a ``kind: deal`` mapping: ``deal:`` (a PBN deal) or all four hands (the ``dd`` command)."""
    kind = data.get("kind")
    if kind is None:
        raise ProblemError(path, "kind", "missing field (the dd command reads kind: deal)")
    if kind != "deal":
        raise ProblemError(path, "kind", f"the dd command reads kind: deal files, not kind: {kind}")
    given = [f for f in HAND_FIELDS if f in data]
    if "deal" in data:
        if given:
            raise ProblemError(path, "deal", "give either deal: or north/east/south/west, not both")
        text = data["deal"]
        if not isinstance(text, str):
            raise ProblemError(path, "deal", "a PBN deal is text like \"N:AKQ.JT9.876.5432 ...\"")
        try:
            return Deal.from_pbn(text)
        except CardError as exc:
            raise ProblemError(path, "deal", str(exc)) from None
    if not given:
        raise ProblemError(path, "deal", "missing field (deal: or north/east/south/west)")
    hands = []
    for f in HAND_FIELDS:
        if f not in data:
            raise ProblemError(path, f, "missing field (the dd command needs all four hands)")
        text = data[f]
        if not isinstance(text, str):
            raise ProblemError(path, f, "a PBN hand is text like \"AKQ.JT9.876.5432\"")
        try:
            hands.append(Hand.from_pbn(text))
        except CardError as exc:
            raise ProblemError(path, f, str(exc)) from None
    deal = Deal(tuple(hands))  # type: ignore[arg-type]
    try:
        deal.validate()
    except CardError as exc:
        raise ProblemError(path, "north/east/south/west", str(exc)) from None
    return deal
