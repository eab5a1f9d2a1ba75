"""The n-player trick games (Sergeant Major, 3-player Hearts): their rules, bounds, deals and card text.

A :class:`TrickGame` is a position at the start of a trick: each player's hand, who leads, and the horizon
(tricks to search).  Cards are the engine's numbers (``13 * suit + rank - 2``, suits clubs..spades = 0..3);
hands are written as in PBN, spades first: ``AKQ.JT9.876.5432``.

* **Sergeant Major** (8-5-3): 3 players, 16 cards each, the other 4 set aside; a player scores the tricks it
  takes.  Searched to a horizon of T tricks the frontier value is the tricks taken so far, so
  ``maxsum = maxp = T`` (the seed's 16 for the whole game).
* **Hearts**, 3 players: a 51-card pack (the ♦2 removed), 17 cards each; each heart taken is 1 point, the ♠Q
  13, 26 in all; each player minimises.  The search maximises ``26 - points`` (the seed's Table 1 transform):
  ``maxp = 26``; ``maxsum = 78 -`` the points in play when the search reaches the end of the hands (52 for a
  whole deal: all 26 points are taken), else ``78`` (no point need be taken before the horizon).  Shooting the
  moon and the rules on leading hearts are ignored, as in the seed.

No trumps unless a problem names them.  Moves merge adjacent cards of one hand and go from high cards to low.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bridgeplay.cards import RANK_CHARS

GAMES = ("sergeant-major", "hearts")
SUIT_ORDER = "SHDC"  # as written in a hand (PBN order); engine suit = 3 - index
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
HEARTS_REMOVED = 13 * 1 + 0  # the ♦2
HAND_SIZE = {"sergeant-major": 16, "hearts": 17}
HEARTS_TOTAL = 26


def card_number(suit_letter: str, rank_char: str) -> int:
    return 13 * (3 - SUIT_ORDER.index(suit_letter)) + RANK_CHARS.index(rank_char)


def card_text(c: int, symbols: bool = False) -> str:
    letter = SUIT_ORDER[3 - c // 13]
    return (SUIT_SYMBOL[letter] if symbols else letter) + RANK_CHARS[c % 13]


def hand_text(mask: int, symbols: bool = False) -> str:
    """A hand, PBN style (``AK.QJ9..32``) or with suit symbols (``♠AK ♥QJ9 ♦— ♣32``)."""
    parts = []
    for i, letter in enumerate(SUIT_ORDER):
        s = 3 - i
        ranks = "".join(RANK_CHARS[r] for r in range(12, -1, -1) if mask >> (13 * s + r) & 1)
        parts.append(f"{SUIT_SYMBOL[letter]}{ranks or '—'}" if symbols else ranks)
    return " ".join(parts) if symbols else ".".join(parts)


def parse_hand(text: str) -> int:
    """A hand written ``AKQ.JT9.876.5432`` (spades, hearts, diamonds, clubs; ``10`` for the ten); ValueError."""
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise ValueError("not a hand (four suits separated by dots, spades first, like AKQ.JT9.876.5432)")
    mask = 0
    for i, part in enumerate(parts):
        body = part.strip().upper().replace("10", "T")
        if body in ("-", "—"):
            body = ""
        for ch in body:
            if ch not in RANK_CHARS:
                raise ValueError(f"unknown rank {ch!r}")
            c = card_number(SUIT_ORDER[i], ch)
            if mask >> c & 1:
                raise ValueError(f"{SUIT_ORDER[i]}{ch} twice")
            mask |= 1 << c
    return mask


def points(game: str) -> np.ndarray:
    """The points of each card: Hearts 1 a heart, 13 the ♠Q; Sergeant Major none (it scores tricks)."""
    pts = np.zeros(52, np.int64)
    if game == "hearts":
        pts[13 * 2: 13 * 3] = 1
        pts[card_number("S", "Q")] = 13
    return pts


@dataclass(frozen=True)
class TrickGame:
    """A position at the start of a trick: the game, the hands, the leader (0-based) and the horizon in tricks."""

    game: str
    hands: tuple[int, ...]
    leader: int = 0
    tricks: int = 3
    trump: int = -1  # engine suit number, -1: no trumps
    max_player: int | None = None  # the paranoid MAX player (default: the leader)

    @property
    def n(self) -> int:
        return len(self.hands)

    @property
    def cards_each(self) -> int:
        return bin(self.hands[0]).count("1")

    @property
    def full_depth(self) -> bool:
        """Whether the horizon is the end of the hand."""
        return self.tricks >= self.cards_each

    @property
    def maxp(self) -> int:
        return self.tricks if self.game == "sergeant-major" else HEARTS_TOTAL

    @property
    def maxsum(self) -> int:
        if self.game == "sergeant-major":
            return self.tricks
        # the scores 26 - points sum to 3·26 less the points taken, all of those in play when the search reaches
        # the end of the hands (52 for a whole deal), none before
        in_play = sum(int(p) for c, p in enumerate(points("hearts")) if any(h >> c & 1 for h in self.hands))
        return self.n * HEARTS_TOTAL - (in_play if self.full_depth else 0)

    @property
    def shallow_sound(self) -> bool:
        """The seed's Lemma 1: shallow pruning can prune only when maxsum < 2 maxp."""
        return self.maxsum < 2 * self.maxp

    def arrays(self, fix: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The engine's (state, game constants, points)."""
        from bridgeplay.engine import trick

        mode = trick.TRICKS if self.game == "sergeant-major" else trick.HEARTS_POINTS
        S = trick.new_state(np.array(self.hands, np.int64), self.leader, self.tricks)
        G = trick.game_constants(self.n, mode, self.trump, self.maxsum, self.maxp, self.tricks,
                                 self.leader if self.max_player is None else self.max_player, int(fix))
        return S, G, points(self.game)


def random_deal(game: str, rng: np.random.Generator, tricks: int, leader: int = 0) -> TrickGame:
    """A random deal of ``game`` (3 players): Sergeant Major 16 cards each from 52 (4 set aside); Hearts 17
    each from the 51 cards without the ♦2."""
    cards = [c for c in range(52) if not (game == "hearts" and c == HEARTS_REMOVED)]
    order = rng.permutation(len(cards))
    k = HAND_SIZE[game]
    hands = []
    for p in range(3):
        mask = 0
        for j in order[p * k:(p + 1) * k]:
            mask |= 1 << cards[int(j)]
        hands.append(mask)
    return TrickGame(game, tuple(hands), leader, tricks)


def small_deal(game: str, rng: np.random.Generator, cards_each: int, tricks: int | None = None,
               leader: int = 0) -> TrickGame:
    """A random deal of ``cards_each`` cards a player from the game's pack (for exhaustive checks)."""
    cards = [c for c in range(52) if not (game == "hearts" and c == HEARTS_REMOVED)]
    order = rng.permutation(len(cards))
    hands = []
    for p in range(3):
        mask = 0
        for j in order[p * cards_each:(p + 1) * cards_each]:
            mask |= 1 << cards[int(j)]
        hands.append(mask)
    return TrickGame(game, tuple(hands), leader, cards_each if tricks is None else tricks)
