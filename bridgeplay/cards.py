"""Ranks, suits, seats, holdings and deals.

A *holding* is an int bit mask with bit ``r`` set for rank ``r`` (2..14, ace = 14),
the layout DDS and endplay use.  A deal is a ``uint16[4, 4]`` array indexed
``[seat, suit]`` with seats N, E, S, W = 0..3 and suits S, H, D, C = 0..3 (DDS
order, which is also PBN's order inside a hand).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from bridgeplay.errors import shown

# -- ranks -----------------------------------------------------------------
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(2, 15)
RANKS = tuple(range(2, 15))
RANK_CHARS = "23456789TJQKA"
FULL_SUIT = sum(1 << r for r in RANKS)  # 0x7ffc

# -- suits and seats (DDS order) -------------------------------------------
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
NOTRUMP = 4
SUIT_LETTERS = "SHDC"
STRAIN_LETTERS = "SHDCN"
SUIT_SYMBOLS = "♠♥♦♣"
NORTH, EAST, SOUTH, WEST = range(4)
N, E, S, W = NORTH, EAST, SOUTH, WEST  # short aliases, as the search code writes them
SEAT_LETTERS = "NESW"
SEAT_WORDS = ("North", "East", "South", "West")
HCP = {14: 4, 13: 3, 12: 2, 11: 1}  # high-card points: A 4, K 3, Q 2, J 1


class CardError(ValueError):
    """A card, holding, hand or deal could not be parsed or is inconsistent."""


def rank_char(rank: int) -> str:
    return RANK_CHARS[rank - 2]


def parse_rank(text: str) -> int:
    t = text.strip().upper()
    if t == "10":
        return TEN
    if len(t) == 1 and t in RANK_CHARS:
        return RANK_CHARS.index(t) + 2
    raise CardError(f"unknown rank {shown(text)}")


def parse_suit(text: str) -> int:
    t = text.strip().upper()
    symbols = {"♠": 0, "♥": 1, "♦": 2, "♣": 3}
    if t in symbols:
        return symbols[t]
    if len(t) == 1 and t in SUIT_LETTERS:
        return SUIT_LETTERS.index(t)
    raise CardError(f"unknown suit {shown(text)}")


def parse_strain(text: str) -> int:
    t = str(text).strip().upper()
    if t in ("N", "NT", "NOTRUMP", "NOTRUMPS"):
        return NOTRUMP
    return parse_suit(t)


def parse_seat(text: str) -> int:
    t = str(text).strip().upper()
    if len(t) >= 1 and t[0] in SEAT_LETTERS and t in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"):
        return SEAT_LETTERS.index(t[0])
    raise CardError(f"unknown seat {shown(text)}")


# -- holdings ----------------------------------------------------------------
def ranks_of(mask: int) -> list[int]:
    """Ranks in ``mask``, highest first."""
    return [r for r in range(14, 1, -1) if mask >> r & 1]


def held_cards(hands: Iterable[Sequence[int]]) -> list[int]:
    """The cards held by ``hands`` (each a hand's four suit masks), suit by suit; :class:`CardError` naming the
    highest card a hand holds that an earlier hand holds too."""
    seen = [0, 0, 0, 0]
    for suits in hands:
        for s in range(4):
            both = seen[s] & suits[s]
            if both:
                raise CardError(f"card {Card(s, ranks_of(both)[0])} appears in two hands")
            seen[s] |= suits[s]
    return seen


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def hcp(mask: int) -> int:
    """High-card points of one holding."""
    return sum(v for r, v in HCP.items() if mask >> r & 1)


@lru_cache(maxsize=1 << 16)
def holding_str(mask: int, void: str = "—") -> str:
    """``AKQJ9``-style text of a holding (``void`` when empty)."""
    return "".join(rank_char(r) for r in ranks_of(mask)) or void


def parse_holding(text: str) -> tuple[int, int]:
    """Parse ``AKQJ9xx`` into (mask of named ranks, number of ``x`` small cards).

    Accepts ``10`` for the ten, spaces, and ``-``/``—``/``void`` for an empty holding.
    Raises :class:`CardError` on an unknown character or a repeated rank.
    """
    t = str(text).strip().upper().replace(" ", "").replace("10", "T")
    if t in ("", "-", "—", "VOID"):
        return 0, 0
    mask, smalls = 0, 0
    for ch in t:
        if ch == "X":
            smalls += 1
            continue
        if ch not in RANK_CHARS:
            raise CardError(f"unknown rank {shown(ch)} in {shown(text)}")
        bit = 1 << (RANK_CHARS.index(ch) + 2)
        if mask & bit:
            raise CardError(f"rank {ch} appears twice in {shown(text)}")
        mask |= bit
    return mask, smalls


def hand_text(masks: Sequence[int], symbols: bool = True) -> str:
    """Four holdings (S, H, D, C): ``♠AK ♥— ♦5 ♣43`` (symbols) or PBN ``AK..5.43``."""
    if not symbols:
        return ".".join(holding_str(int(m), void="") for m in masks)
    return " ".join(SUIT_SYMBOLS[s] + holding_str(int(masks[s]), void="—") for s in range(4))


def short_hand_text(masks: Sequence[int]) -> str:
    """``♠2 ♦5 ♣5`` (voids left out), ``—`` for no card."""
    parts = [SUIT_SYMBOLS[s] + holding_str(int(masks[s])) for s in range(4) if masks[s]]
    return " ".join(parts) or "—"


# -- friendly immutable types ------------------------------------------------
@dataclass(frozen=True, order=True)
class Card:
    suit: int
    rank: int

    @classmethod
    def parse(cls, text: str) -> Card:
        t = text.strip()
        if len(t) < 2:
            raise CardError(f"unknown card {shown(text)}")
        return cls(parse_suit(t[0]), parse_rank(t[1:]))

    def __str__(self) -> str:
        return SUIT_LETTERS[self.suit] + rank_char(self.rank)

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit] + rank_char(self.rank)


@dataclass(frozen=True)
class Hand:
    """Four holdings in S, H, D, C order."""

    suits: tuple[int, int, int, int]

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise CardError(f"a PBN hand has four suits separated by dots: {shown(text)}")
        masks = []
        for part in parts:
            mask, smalls = parse_holding(part if part not in ("-", "—") else "")
            if smalls:
                raise CardError(f"x is not allowed in a deal's hand: {shown(text)}")
            masks.append(mask)
        return cls(tuple(masks))  # type: ignore[arg-type]

    def pbn(self) -> str:
        return ".".join(holding_str(m, void="") for m in self.suits)

    def __len__(self) -> int:
        return sum(popcount(m) for m in self.suits)

    def __iter__(self) -> Iterator[Card]:
        for s, m in enumerate(self.suits):
            for r in ranks_of(m):
                yield Card(s, r)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.suits[card.suit] >> card.rank & 1)


@dataclass(frozen=True)
class Deal:
    """Four hands, N E S W.  Hands may be partial (endings) but equally long."""

    hands: tuple[Hand, Hand, Hand, Hand]

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse ``N:AKQ.JT9.876.5432 ...`` (the first seat letter says whose hand comes first)."""
        t = text.strip().strip('"')
        first = NORTH
        if len(t) > 1 and t[1] == ":":
            first = parse_seat(t[0])
            t = t[2:]
        parts = t.split()
        if len(parts) != 4:
            raise CardError(f"a PBN deal has four hands: {shown(text)}")
        hands: list[Hand | None] = [None] * 4
        for i, p in enumerate(parts):
            hands[(first + i) % 4] = Hand.from_pbn(p)
        deal = cls(tuple(hands))  # type: ignore[arg-type]
        deal.validate()
        return deal

    @classmethod
    def from_array(cls, arr: np.ndarray) -> Deal:
        return cls(tuple(Hand(tuple(int(arr[h, s]) for s in range(4))) for h in range(4)))  # type: ignore[arg-type]

    def validate(self) -> None:
        held_cards(hand.suits for hand in self.hands)
        for h, hand in enumerate(self.hands):
            if len(hand) > 13:
                raise CardError(f"{SEAT_LETTERS[h]} holds {len(hand)} cards (at most 13)")
        lengths = {len(h) for h in self.hands}
        if len(lengths) != 1:
            counts = ", ".join(f"{SEAT_LETTERS[i]} {len(h)}" for i, h in enumerate(self.hands))
            raise CardError(f"hands must hold the same number of cards ({counts})")

    def to_array(self) -> np.ndarray:
        arr = np.zeros((4, 4), dtype=np.uint16)
        for h in range(4):
            for s in range(4):
                arr[h, s] = self.hands[h].suits[s]
        return arr

    def pbn(self, first: int = NORTH) -> str:
        return SEAT_LETTERS[first] + ":" + " ".join(self.hands[(first + i) % 4].pbn() for i in range(4))

    def __str__(self) -> str:
        return self.pbn()


# -- tricks ----------------------------------------------------------------------
def trick_winner(plays: Sequence[tuple[int, int, int]], trump: int) -> int:
    """Seat that wins a trick of ``(seat, suit, rank)`` plays in order from the leader (``trump`` 4 = NT).

    The highest trump wins, else the highest card of the suit led; a discard (another suit) never wins.
    """
    seat, best_suit, best_rank = plays[0]
    for x, s, r in plays[1:]:
        if s == best_suit and r > best_rank or s == trump and best_suit != trump:
            seat, best_suit, best_rank = x, s, r
    return seat


# -- moves: HAND:CARD ------------------------------------------------------------------
# A move is written ``HAND:CARD``: ``N:A``, ``S:x``, ``S:T`` in single-suit problems (rank only, ``x`` a
# small card), ``N:SA``, ``W:H7`` in deals (suit letter, then rank).  ``E:exit`` and ``W:discard`` name a
# defender's switch to another suit and a player out of the suit.  These are the only functions that
# write or read that text.
def suit_move(seat: int, rank: int, smalls: int = 0) -> str:
    """``N:A``; a rank in ``smalls`` is written ``x``; rank -1 is ``exit``, 0 ``discard``."""
    if rank == -1:
        card = "exit"
    elif rank == 0:
        card = "discard"
    else:
        card = "x" if smalls >> rank & 1 else rank_char(rank)
    return f"{SEAT_LETTERS[seat]}:{card}"


def deal_move(seat: int, card: Card) -> str:
    """``N:SA``."""
    return f"{SEAT_LETTERS[seat]}:{card}"


_SUIT_MOVE = re.compile(r"^[NESW]:(X|10|[2-9TJQKA])$")
_DEAL_MOVE = re.compile(r"^[NESW]:[SHDC](10|[2-9TJQKA])$")


def is_suit_move(text: str) -> bool:
    """Whether ``text`` is a single-suit move ``HAND:RANK`` (``N:A``, ``S:x``, ``S:10``)."""
    return bool(_SUIT_MOVE.match(text.strip().upper()))


def is_deal_move(text: str) -> bool:
    """Whether ``text`` is a deal move ``HAND:SUITRANK`` (``N:SA``, ``W:H10``)."""
    return bool(_DEAL_MOVE.match(text.strip().upper()))


def normalise_move(text: str) -> str:
    """``HAND:CARD`` upper case with ``T`` for the ten and ``x`` for a small card (``n:s10`` -> ``N:ST``)."""
    hand, _, card = text.strip().partition(":")
    hand, card = hand.strip().upper(), card.strip().upper()
    if card == "X":
        return f"{hand}:x"
    if card.endswith("10"):
        card = card[:-2] + "T"
    return f"{hand}:{card}"


def move_seat(text: str) -> int:
    """The seat of a move."""
    return parse_seat(text.strip().partition(":")[0])


def move_rank(text: str) -> int | None:
    """The rank of a move's card (None for ``x``, ``exit``, ``discard``)."""
    card = normalise_move(text).partition(":")[2]
    card = card[1:] if len(card) == 2 and card[0] in SUIT_LETTERS else card
    return RANK_CHARS.index(card) + 2 if len(card) == 1 and card in RANK_CHARS else None


def move_symbols(text: str) -> str:
    """``N:SA`` -> ``N:♠A``; ``SA`` -> ``♠A``; single-suit moves are unchanged."""
    seat, _, card = text.rpartition(":")
    if len(card) >= 2 and card[0] in SUIT_LETTERS:
        card = SUIT_SYMBOLS[SUIT_LETTERS.index(card[0])] + card[1:]
    return f"{seat}:{card}" if seat else card
