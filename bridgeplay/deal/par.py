"""Par: the contract(s) and score when both sides bid perfectly, knowing the double-dummy table.

This is par as DDS's ``DealerPar`` computes it (and endplay's ``endplay.dds.par`` gives it): the dealer
matters, because when both sides can make the same highest contract the side that can bid it first
gets it.  The steps, on the double-dummy table alone:

1. For each side and strain, the side's best contract there is the highest one its better declarer
   makes exactly (numbered 1..35 in bidding order, 1♣ = 1 ... 7NT = 35).
2. The side with the highest making contract has the *primacy* (a tie goes to the side of the first
   player, from the dealer round, who makes it).  Passed out when neither side makes seven tricks.
3. The primacy side's candidate contracts are its best contracts in each strain from the cheapest one
   worth the most points upward, taken from the highest down.  For each, the opponents' cheapest
   doubled sacrifice: in another strain, the levels they must climb above their own best contract
   there; in the same strain, one more trick if a primacy player who makes it bids first.  A
   sacrifice pays when it costs less than the contract is worth.  The first candidate with a paying
   sacrifice is the only one whose sacrifice counts; lower ones with a paying sacrifice drop out.
4. The primacy side scores the best of the candidates that stand (each played as low as it may be
   without losing a bonus or inviting a sacrifice: the overtricks are shown ``+n``), unless the best
   sacrifice found costs the opponents at least that much: then par is that sacrifice, doubled.

The score is given from North-South's side (positive when North-South score), as DDS and endplay
give it.  A contract is written ``4S-NS`` (North or South declares), ``3NT-E+1`` (bid 3NT, made with
one overtrick), ``5Hx-EW-2`` (doubled, two down).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgeplay.cards import SEAT_LETTERS, CardError, parse_seat

__all__ = ["STRAINS", "VULNERABILITIES", "Par", "ParContract", "contract_score", "par", "penalty",
           "vulnerability_of_board", "dealer_of_board", "parse_vulnerability"]

STRAINS = ("C", "D", "H", "S", "NT")  # bidding order: strain index k, contract number 5 (level - 1) + k + 1
DDS_ORDER = ("NT", "S", "H", "D", "C")  # the order DDS lists par contracts in
VULNERABILITIES = ("None", "NS", "EW", "All")
_VUL_WORDS = {"none": "None", "love": "None", "-": "None", "o": "None", "0": "None",
              "ns": "NS", "n": "NS", "ew": "EW", "e": "EW", "all": "All", "both": "All", "b": "All"}
_HIGHEST = 35  # 7NT


def parse_vulnerability(text: str) -> str:
    """``None``, ``NS``, ``EW`` or ``All`` from PBN's words (None/Love/-, NS, EW, All/Both) or LIN's
    letters (o/0, n, e, b); raises ``CardError`` otherwise."""
    v = _VUL_WORDS.get(str(text).strip().lower())
    if v is None:
        raise CardError(f"unknown vulnerability {text!r} (None, NS, EW or All)")
    return v


def vulnerability_of_board(number: int) -> str:
    """The duplicate rotation: board 1 None, 2 NS, 3 EW, 4 All, 5 NS, ... (repeats every 16 boards)."""
    i = (number - 1) % 16
    return VULNERABILITIES[(i + i // 4) % 4]


def dealer_of_board(number: int) -> int:
    """The duplicate rotation: board 1 North deals, 2 East, 3 South, 4 West, 5 North, ..."""
    return (number - 1) % 4


def _side_vulnerable(vulnerable: str, side: int) -> bool:
    return vulnerable == "All" or vulnerable == ("NS", "EW")[side]


def contract_score(level: int, strain: str, vulnerable: bool) -> int:
    """Points for making ``level`` ``strain`` exactly, undoubled (trick score, then the part-score, game and
    slam bonuses)."""
    k = STRAINS.index(strain)
    per_trick = 20 if k < 2 else 30
    tricks = per_trick * level + (10 if k == 4 else 0)
    score = tricks + ((500 if vulnerable else 300) if tricks >= 100 else 50)
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    return score


def penalty(down: int, vulnerable: bool) -> int:
    """What a doubled contract ``down`` tricks short gives away: not vulnerable 100, 300, 500, then 300 a
    trick; vulnerable 200, 500, then 300 a trick."""
    if down <= 0:
        return 0
    if vulnerable:
        return 300 * down - 100
    return 200 * down - 100 if down <= 3 else 300 * down - 400


def _number(level: int, k: int) -> int:
    return 5 * (level - 1) + k + 1


def _level(number: int) -> int:
    return (number - 1) // 5 + 1


def _strain_index(number: int) -> int:
    return (number - 1) % 5


def _score_of(number: int, vulnerable: bool) -> int:
    return contract_score(_level(number), STRAINS[_strain_index(number)], vulnerable)


def _lowest_with_same_bonus(number: int) -> int:
    """The lowest contract in the same strain that earns the same kind of bonus: a part-score's is the
    one-level contract, a game's the game contract (3NT, 4♥/4♠, 5♣/5♦), a slam's itself."""
    level, k = _level(number), _strain_index(number)
    if level >= 6:
        return number
    game = 3 if k == 4 else 4 if k >= 2 else 5
    return _number(game if level >= game else 1, k)


def _toward_zero(x: int, d: int) -> int:
    """Integer division rounding toward zero (as C does; Python's // rounds down)."""
    q = abs(x) // d
    return q if x >= 0 else -q


@dataclass(frozen=True)
class ParContract:
    """One par contract: ``declarers`` is a seat (``"N"``) or a side when either partner may declare
    (``"NS"``); ``result`` is the overtricks of a making contract (>= 0) or minus the undertricks of a
    doubled sacrifice."""

    level: int
    strain: str
    declarers: str
    doubled: bool
    result: int

    def __str__(self) -> str:
        result = f"{self.result:+d}" if self.result else ""
        return f"{self.level}{self.strain}{'x' if self.doubled else ''}-{self.declarers}{result}"

    def seats(self) -> list[str]:
        """Each declaring seat on its own (``"NS"`` -> ``["N", "S"]``)."""
        return list(self.declarers)


@dataclass(frozen=True)
class Par:
    """The par score from North-South's side, and the par contracts (none when the deal is passed out)."""

    score: int
    contracts: tuple[ParContract, ...]

    @property
    def passed_out(self) -> bool:
        return not self.contracts and self.score == 0

    def __str__(self) -> str:
        if self.passed_out:
            return "0 (passed out)"
        return f"NS {self.score:+d}  " + ", ".join(str(c) for c in self.contracts)


class _Table:
    """The table seen as par needs it: tricks[k][seat] in bidding order of the strains."""

    def __init__(self, table: Mapping[str, Mapping[str, int]]) -> None:
        try:
            self.tricks = [[int(table[s][SEAT_LETTERS[x]]) for x in range(4)] for s in STRAINS]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a double-dummy table maps C D H S NT to N E S W tricks: {exc}") from None
        for row in self.tricks:
            if any(not 0 <= t <= 13 for t in row):
                raise ValueError(f"tricks must be 0..13, got {row}")

    def best(self, side: int, k: int) -> int:
        return max(self.tricks[k][side], self.tricks[k][side + 2])

    def top(self, side: int, k: int) -> int:
        """The side's highest contract number making in strain k (<= 0 when it takes fewer than 7 tricks)."""
        return _number(self.best(side, k) - 6, k)

    def declarers(self, side: int, k: int) -> str:
        best = self.best(side, k)
        return "".join(SEAT_LETTERS[x] for x in (side, side + 2) if self.tricks[k][x] == best)


def _same_strain_sacrifices(t: _Table, side: int, number: int, dealer: int) -> list[tuple[int, int, int]]:
    """In the candidate's own strain the opponents must bid past it: each opponent seat's (seat, undertricks,
    contract number), the seats taken in bidding order from the dealer.  A primacy player who makes the
    candidate and bids before an opponent forces that opponent one level higher."""
    k, need = _strain_index(number), _level(number) + 6
    forced_higher = 0
    out = []
    for i in range(4):
        seat = (dealer + i) % 4
        if seat % 2 == side:
            if t.tricks[k][seat] == need:
                forced_higher = 1
        else:
            out.append((seat, need - t.tricks[k][seat] + forced_higher, number + 5 * forced_higher))
    return out


def _sacrifice_costs(t: _Table, side: int, number: int, dealer: int) -> list[int | None]:
    """For each strain the opponents could sacrifice in: the tricks they go down doubled (None: above 7NT)."""
    other, k = 1 - side, _strain_index(number)
    costs: list[int | None] = []
    for e in range(5):
        own = t.top(other, e)
        if e == k:
            down = min(d for _, d, _ in _same_strain_sacrifices(t, side, number, dealer))
        else:
            down = _toward_zero(number - own + 4, 5)  # levels above their own best contract there
        costs.append(None if own + 5 * down > _HIGHEST else down)
    return costs


def _primacy(t: _Table, dealer: int) -> int | None:
    """The side (0 NS, 1 EW) with the highest making contract; None when neither makes seven tricks."""
    highest = [max((t.top(s, k) for k in range(5)), default=0) for s in (0, 1)]
    highest = [max(h, 0) for h in highest]
    if highest[0] != highest[1]:
        return 0 if highest[0] > highest[1] else 1
    if highest[0] == 0:
        return None
    k = _strain_index(highest[0])
    need = t.best(0, k)
    first = next(x for x in ((dealer + i) % 4 for i in range(4)) if t.tricks[k][x] == need)
    return first % 2


def par(table: Mapping[str, Mapping[str, int]], dealer: int | str, vulnerable: str) -> Par:
    """Par of a deal from its double-dummy table (``strain -> seat -> tricks``, as ``dd_table`` gives it), the
    dealer (0..3 or ``N E S W``) and the vulnerability (``None``, ``NS``, ``EW``, ``All``)."""
    t = _Table(table)
    d = dealer if isinstance(dealer, int) else parse_seat(dealer)
    if not 0 <= d <= 3:
        raise ValueError(f"dealer must be 0..3 (N, E, S, W), got {dealer}")
    vul = parse_vulnerability(vulnerable)
    side = _primacy(t, d)
    if side is None:
        return Par(0, ())
    other = 1 - side
    vul_us, vul_them = _side_vulnerable(vul, side), _side_vulnerable(vul, other)

    making = [t.top(side, k) for k in range(5) if t.top(side, k) >= 1]
    dearest = max(_score_of(n, vul_us) for n in making)
    cheapest_dearest = min(n for n in making if _score_of(n, vul_us) == dearest)
    candidates = sorted((n for n in making if n >= cheapest_dearest), reverse=True)

    sacrificed: tuple[int, int] | None = None  # (candidate, undertricks) of the first one a sacrifice beats
    deepest = 0  # the most undertricks of any paying sacrifice
    best_plus = 0
    standing: list[tuple[int, int]] = []  # (candidate, how many tricks short of paying the cheapest sacrifice is)
    costs_of: dict[int, list[int | None]] = {}
    for n in candidates:
        value = _score_of(n, vul_us)
        # the most undertricks a doubled sacrifice may cost and still pay (penalties never equal a score)
        affordable = max(m for m in range(14) if penalty(m, vul_them) < value)
        costs_of[n] = _sacrifice_costs(t, side, n, d)
        down = min((c for c in costs_of[n] if c is not None), default=None)
        if down is not None and down <= affordable:
            deepest = max(deepest, down)
            if sacrificed is None:
                sacrificed = (n, down)
        else:
            best_plus = max(best_plus, value)
            gap = affordable - down if down is not None else -99
            standing.append((n, gap))

    sign = 1 if side == 0 else -1
    sacrifice_cost = penalty(deepest, vul_them)
    contracts: list[ParContract] = []
    if sacrificed is None or best_plus > sacrifice_cost:
        for n, gap in standing:
            if _score_of(n, vul_us) != best_plus:
                continue
            bid = n
            if gap < -1:  # room to bid lower and still keep the bonus and shut out a sacrifice
                bid = max(n + 5 * (gap + 1), _lowest_with_same_bonus(n))
            k = _strain_index(n)
            contracts.append(ParContract(_level(bid), STRAINS[k], t.declarers(side, k), False, (n - bid) // 5))
        score = sign * best_plus
    else:
        n, down = sacrificed
        if down == deepest:
            contracts.extend(_sacrifices(t, side, n, d, deepest, costs_of[n]))
        score = sign * sacrifice_cost
    contracts.sort(key=lambda c: DDS_ORDER.index(c.strain))
    return Par(score, tuple(contracts))


def _sacrifices(t: _Table, side: int, number: int, dealer: int, down: int,
                costs: list[int | None]) -> list[ParContract]:
    """The opponents' sacrifices that go ``down`` tricks against the candidate ``number``."""
    other, k = 1 - side, _strain_index(number)
    out = []
    for e in range(5):
        if costs[e] != down:
            continue
        if e != k:
            bid = t.top(other, e) + 5 * down
            out.append(ParContract(_level(bid), STRAINS[e], t.declarers(other, e), True, -down))
            continue
        hits = [(seat, bid) for seat, d, bid in _same_strain_sacrifices(t, side, number, dealer) if d == down]
        if len(hits) == 2 and hits[0][1] == hits[1][1]:
            out.append(ParContract(_level(hits[0][1]), STRAINS[e], t.declarers(other, e), True, -down))
        else:
            seat, bid = min(hits, key=lambda h: h[1])
            out.append(ParContract(_level(bid), STRAINS[e], SEAT_LETTERS[seat], True, -down))
    return out
