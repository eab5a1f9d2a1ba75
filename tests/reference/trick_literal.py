"""Literal references for n-player trick play, written from the rules with no code shared with the engine:
the game tree by plain recursion over Python tuples, plain maxⁿ (ties to the left), a plain 2-player minimax
on the paranoid reduction (no alpha-beta, no bounds) and the node count of the whole tree by enumeration.

Cards are the engine's numbers (``13 * suit + rank - 2``, clubs..spades = 0..3).  Moves: the legal cards
(follow suit if able), adjacent cards of a hand merged (no other player's card nor a card on the table
between them; in Hearts also equal points) into their highest, ordered by rank then suit, high first.
"""

from __future__ import annotations


def card_points(game: str, c: int) -> int:
    if game != "hearts":
        return 0
    if c // 13 == 2:
        return 1
    return 13 if c == 13 * 3 + 10 else 0


class Position:
    """hands: tuple of frozensets; trick: tuple of (player, card); taken: tuple of raw scores."""

    def __init__(self, game, hands, leader, tricks_left, trick=(), taken=None, trump=-1):
        self.game, self.hands, self.leader, self.left, self.trick = game, hands, leader, tricks_left, trick
        self.taken = taken if taken is not None else (0,) * len(hands)
        self.trump = trump

    @property
    def n(self):
        return len(self.hands)

    @property
    def to_move(self):
        return (self.leader + len(self.trick)) % self.n

    def terminal(self):
        return self.left == 0

    def moves(self):
        p = self.to_move
        hand = self.hands[p]
        legal = hand
        if self.trick:
            suit = self.trick[0][1] // 13
            same = {c for c in hand if c // 13 == suit}
            if same:
                legal = same
        blockers = set()
        for q in range(self.n):
            if q != p:
                blockers |= self.hands[q]
        blockers |= {c for _, c in self.trick}
        reps = []
        for c in legal:
            # c is merged into a higher card of ``legal`` when every card strictly between them is neither a
            # blocker nor of other points, and that higher card has the same points
            higher = [d for d in legal if d // 13 == c // 13 and d > c]
            merged = False
            for d in higher:
                between = range(c + 1, d)
                if all(b not in blockers for b in between) and card_points(self.game, d) == card_points(self.game, c) \
                        and all(not (b in legal and card_points(self.game, b) != card_points(self.game, c))
                                for b in between):
                    merged = True
                    break
            if not merged:
                reps.append(c)
        return sorted(reps, key=lambda c: (c % 13, c // 13), reverse=True)

    def play(self, c):
        p = self.to_move
        hands = tuple(h - {c} if q == p else h for q, h in enumerate(self.hands))
        trick = self.trick + ((p, c),)
        if len(trick) < self.n:
            return Position(self.game, hands, self.leader, self.left, trick, self.taken, self.trump)
        lead_suit = trick[0][1] // 13
        trumps = [(c2, q) for q, c2 in trick if c2 // 13 == self.trump]
        if trumps:
            winner = max(trumps)[1]
        else:
            winner = max((c2, q) for q, c2 in trick if c2 // 13 == lead_suit)[1]
        gain = 1 if self.game != "hearts" else sum(card_points(self.game, c2) for _, c2 in trick)
        taken = tuple(t + gain if q == winner else t for q, t in enumerate(self.taken))
        return Position(self.game, hands, winner, self.left - 1, (), taken, self.trump)

    def value(self):
        if self.game == "hearts":
            return tuple(26 - t for t in self.taken)
        return self.taken


def full_count(pos: Position) -> int:
    """Nodes of the whole tree, by enumeration."""
    if pos.terminal():
        return 1
    return 1 + sum(full_count(pos.play(c)) for c in pos.moves())


def maxn(pos: Position) -> tuple[tuple[int, ...], int | None]:
    """Plain maxⁿ: (value tuple, the first move chosen); ties go to the left."""
    if pos.terminal():
        return pos.value(), None
    p = pos.to_move
    best, move = None, None
    for c in pos.moves():
        v, _ = maxn(pos.play(c))
        if best is None or v[p] > best[p]:
            best, move = v, c
    return best, move


def paranoid(pos: Position, max_player: int) -> int:
    """Plain minimax on the reduction: ``max_player`` maximises its score, every other player minimises it."""
    if pos.terminal():
        return pos.value()[max_player]
    values = [paranoid(pos.play(c), max_player) for c in pos.moves()]
    return max(values) if pos.to_move == max_player else min(values)


def from_masks(game: str, hands, leader: int, tricks: int, trump: int = -1) -> Position:
    return Position(game, tuple(frozenset(c for c in range(52) if h >> c & 1) for h in hands), leader, tricks,
                    trump=trump)
