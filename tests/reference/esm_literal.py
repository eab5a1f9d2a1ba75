"""The literal exhaustive strategy minimisation (ESM) of Frank & Basin, Fig. 4, for single-suit play.

This is a deliberately slow *reference*: it enumerates every pure strategy of the declarer (MAX) and
evaluates each one exactly as Fig. 4's ``esm(t, s)`` does, so a fast exact solver can be checked
against it on small problems.  It is written from the rules text alone and imports nothing from
``bridgeplay``.

Rules of the single-suit game (DESIGN.md, "Defaults a bridge player expects"):

* One suit, seats clockwise N, E, S, W (``0..3``); within a trick play goes clockwise from the leader.
  Declarer (MAX) plays for N and S; the defenders W and E are one player MIN.  Cards are ranks
  (ints 2..14), holdings are bit masks (bit r = rank r).
* A world is West's holding of the outstanding cards (East holds the rest) with a probability; the
  probabilities are used as given (no renormalising).
* A trick: the leader plays a card, then the other three seats clockwise play one card each.  A seat
  with no card when it is its turn discards (a null card that never wins).  The highest card wins.
* Leads: declarer chooses N or S (a hand holding a card; the first trick is restricted to ``lead``
  when it is given).  After a trick won by N or S declarer chooses again.  After a trick won by W or
  E that defender either leads one of its cards or *exits* (switches suits, no card is played), after
  which declarer chooses the hand to lead; a defender with no card must exit.
* Play ends when N and S both have no card.  Payoff: ``target=t`` -> 1 if declarer won >= t tricks
  else 0; ``target=None`` -> the number of tricks declarer won.
* Information: MIN knows the world.  MAX sees every public event (card played and by whom,
  discards, exits) but not the world, so a MAX information set is exactly the public history.

The game tree is built once as a tree of *public* nodes (one per public history), each carrying the
set of worlds consistent with that history; the per-world game tree of Fig. 4 is that tree restricted
to the nodes whose world set contains the world.  Building it is rules, not search.  Then:

* a (reduced) pure strategy picks one move at every MAX node it reaches, and at a MIN node holds a
  sub-strategy for every child (every child is reachable in some world);
* ``esm(t, s)`` = sum over worlds of P(w) * value(root, w, s), where value is the payoff at a leaf,
  the minimum over the moves legal in w at a MIN node and the strategy's choice at a MAX node;
* ``esm(t)`` = max over all strategies.  No pruning, no dominance, no memoising of values.

An independent check, :func:`play_strategy`, replays a strategy written as a mapping
``public history -> move`` by simulating the game in one world directly from the hands (no public
tree), which the tests compare with the tree evaluation on every strategy of small problems.

Cost: (number of strategies, :func:`count_strategies`) x (number of worlds) x about 15-45 us (this
2-core machine, shared).  Fractions as probabilities cost ~1.5-2x more than ints or floats.  The
number of strategies is doubly exponential: 2+2 declarer cards against 2 outstanding have 2048,
against 3 have 262144 (~45 s), against 4 about 1.3e8; 3+0 against 3 up to 2.2e9.  Every N/S/outstanding
split of a 5-card suit (242 problems) takes ~7 s in all; ``python -m tests.reference.esm_literal 6``
measures the 6-card family.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

N, E, S, W = 0, 1, 2, 3
SEAT_NAMES = "NESW"
RANK_CHARS = "23456789TJQKA"
DISCARD = 0  # "card" of a seat that shows out
EXIT = -1  # "card" of a defender who switches suits instead of leading this one
MAX_SEATS = (N, S)

Event = tuple[int, int]  # (seat, card) with card a rank, DISCARD or EXIT
History = tuple[Event, ...]
World = tuple[int, Any]  # (west mask, probability)


# --------------------------------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------------------------------
def rank_char(rank: int) -> str:
    return RANK_CHARS[rank - 2]


def cards_of(mask: int) -> list[int]:
    """Ranks held in ``mask``, highest first."""
    return [r for r in range(14, 1, -1) if mask >> r & 1]


def mask_of(ranks: Sequence[int] | str) -> int:
    """Bit mask of ranks given as ints or as a string of rank characters (``"AQ"``, ``"T9"``)."""
    m = 0
    for r in ranks:
        rank = RANK_CHARS.index(r) + 2 if isinstance(r, str) else int(r)
        m |= 1 << rank
    return m


def event_str(ev: Event) -> str:
    seat, card = ev
    if card == DISCARD:
        text = "-"
    elif card == EXIT:
        text = "exit"
    else:
        text = rank_char(card)
    return f"{SEAT_NAMES[seat]}:{text}"


def history_str(hist: History) -> str:
    return " ".join(event_str(ev) for ev in hist)


def _payoff(tricks: int, target: int | None) -> int:
    if target is None:
        return tricks
    return 1 if tricks >= target else 0


def _trick_winner(trick: Sequence[Event]) -> int:
    best_seat, best_card = -1, 0
    for seat, card in trick:
        if card > best_card:
            best_seat, best_card = seat, card
    return best_seat


# --------------------------------------------------------------------------------------------------
# the public game tree
# --------------------------------------------------------------------------------------------------
class Leaf:
    __slots__ = ("history", "tricks")
    kind = 0

    def __init__(self, history: History, tricks: int) -> None:
        self.history = history
        self.tricks = tricks


class MaxNode:
    """Declarer to act; one information set (its public history).  Every move is legal in every world."""

    __slots__ = ("history", "events", "children")
    kind = 1

    def __init__(self, history: History, events: list[Event], children: list) -> None:
        self.history = history
        self.events = events
        self.children = children


class MinNode:
    """A defender to act.  ``legal[w]`` lists the indices of the children whose event is legal in world w."""

    __slots__ = ("history", "events", "children", "legal")
    kind = 2

    def __init__(self, history: History, events: list[Event], children: list, legal: dict[int, list[int]]) -> None:
        self.history = history
        self.events = events
        self.children = children
        self.legal = legal


class Game:
    """The single-suit game: rules and its public tree."""

    def __init__(
        self, north: int, south: int, outstanding: int, worlds: Sequence[World], lead: str | None = None
    ) -> None:
        valid = sum(1 << r for r in range(2, 15))
        for name, m in (("north", north), ("south", south), ("outstanding", outstanding)):
            if m & ~valid:
                raise ValueError(f"{name}: only ranks 2..14 allowed")
        if north & south or north & outstanding or south & outstanding:
            raise ValueError("north, south and outstanding must be disjoint")
        if not worlds:
            raise ValueError("worlds: at least one world needed")
        for wm, _p in worlds:
            if wm & ~outstanding:
                raise ValueError("worlds: West may only hold outstanding cards")
        if lead not in (None, "N", "S"):
            raise ValueError("lead must be None, 'N' or 'S'")
        if lead is not None and not (north if lead == "N" else south):
            raise ValueError(f"lead {lead}: that hand holds no card")
        self.north = north
        self.south = south
        self.outstanding = outstanding
        self.wests = [wm for wm, _p in worlds]
        self.probs = [p for _wm, p in worlds]
        self.lead = lead
        self.root = self._lead_node(north, south, outstanding, tuple(range(len(worlds))), (), 0, "MAX", True)

    # defender's holding in world w, given the outstanding cards not yet played
    def _hand(self, seat: int, w: int, out: int) -> int:
        west = self.wests[w] & out
        return west if seat == W else out & ~west

    def _lead_node(
        self, n: int, s: int, out: int, worlds: tuple[int, ...], hist: History, tricks: int, by: Any, first: bool
    ):
        if n == 0 and s == 0:
            return Leaf(hist, tricks)
        if by == "MAX":
            events: list[Event] = []
            children = []
            for seat, hand in ((N, n), (S, s)):
                if first and self.lead is not None and SEAT_NAMES[seat] != self.lead:
                    continue
                for c in cards_of(hand):
                    ev = (seat, c)
                    n2, s2 = (n & ~(1 << c), s) if seat == N else (n, s & ~(1 << c))
                    events.append(ev)
                    children.append(self._trick_node(n2, s2, out, worlds, hist + (ev,), (ev,), tricks))
            return MaxNode(hist, events, children)
        # a defender who won the last trick: lead one of its cards, or exit
        d = by
        events = []
        children = []
        legal: dict[int, list[int]] = {w: [] for w in worlds}
        for c in cards_of(out):
            ws = tuple(w for w in worlds if self._hand(d, w, out) >> c & 1)
            if not ws:
                continue
            ev = (d, c)
            for w in ws:
                legal[w].append(len(events))
            events.append(ev)
            children.append(self._trick_node(n, s, out & ~(1 << c), ws, hist + (ev,), (ev,), tricks))
        ev = (d, EXIT)
        for w in worlds:
            legal[w].append(len(events))
        events.append(ev)
        children.append(self._lead_node(n, s, out, worlds, hist + (ev,), tricks, "MAX", False))
        return MinNode(hist, events, children, legal)

    def _trick_node(
        self, n: int, s: int, out: int, worlds: tuple[int, ...], hist: History, trick: tuple[Event, ...], tricks: int
    ):
        if len(trick) == 4:
            winner = _trick_winner(trick)
            if winner in MAX_SEATS:
                return self._lead_node(n, s, out, worlds, hist, tricks + 1, "MAX", False)
            return self._lead_node(n, s, out, worlds, hist, tricks, winner, False)
        seat = (trick[-1][0] + 1) % 4
        events: list[Event] = []
        children = []
        if seat in MAX_SEATS:
            hand = n if seat == N else s
            for c in cards_of(hand) or [DISCARD]:
                ev = (seat, c)
                n2, s2 = (n & ~(1 << c), s) if seat == N else (n, s & ~(1 << c))
                if c == DISCARD:
                    n2, s2 = n, s
                events.append(ev)
                children.append(self._trick_node(n2, s2, out, worlds, hist + (ev,), trick + (ev,), tricks))
            return MaxNode(hist, events, children)
        legal: dict[int, list[int]] = {w: [] for w in worlds}
        for c in cards_of(out) + [DISCARD]:
            if c == DISCARD:
                ws = tuple(w for w in worlds if self._hand(seat, w, out) == 0)
            else:
                ws = tuple(w for w in worlds if self._hand(seat, w, out) >> c & 1)
            if not ws:
                continue
            ev = (seat, c)
            for w in ws:
                legal[w].append(len(events))
            events.append(ev)
            out2 = out & ~(1 << c) if c != DISCARD else out
            children.append(self._trick_node(n, s, out2, ws, hist + (ev,), trick + (ev,), tricks))
        return MinNode(hist, events, children, legal)


# --------------------------------------------------------------------------------------------------
# strategies
# --------------------------------------------------------------------------------------------------
# A strategy below a node is: None at a leaf; (i, sub) at a MAX node (move i, sub-strategy of child i);
# a tuple with one sub-strategy per child at a MIN node.


def iter_strategies(node) -> Iterator[Any]:
    """Every reduced pure MAX strategy of the subtree at ``node`` (lazily, in a fixed order)."""
    if isinstance(node, Leaf):
        yield None
    elif isinstance(node, MaxNode):
        for i, child in enumerate(node.children):
            for sub in iter_strategies(child):
                yield (i, sub)
    else:
        lists = [list(iter_strategies(child)) for child in node.children]
        yield from itertools.product(*lists)


def count_node_strategies(node) -> int:
    """Number of reduced pure strategies (1 at a leaf, sum at MAX, product at MIN)."""
    if isinstance(node, Leaf):
        return 1
    if isinstance(node, MaxNode):
        return sum(count_node_strategies(c) for c in node.children)
    total = 1
    for c in node.children:
        total *= count_node_strategies(c)
    return total


def value_in_world(node, strategy: Any, w: int, target: int | None) -> int:
    """Fig. 4 ``esm(t, s)`` below the chance root, in world ``w``: the payoff at a leaf, the strategy's
    choice at a MAX node, the minimum over the moves legal in ``w`` at a MIN node."""
    while node.kind == 1:  # MAX node: follow the strategy's choice
        i, strategy = strategy
        node = node.children[i]
    if node.kind == 0:  # leaf
        return _payoff(node.tricks, target)
    children = node.children  # MIN node
    return min([value_in_world(children[j], strategy[j], w, target) for j in node.legal[w]])


def evaluate(game: Game, strategy: Any, target: int | None) -> Any:
    """Fig. 4 ``esm(t, s)``: the chance root, sum over worlds of P(w) times the value in w."""
    return sum((p * value_in_world(game.root, strategy, w, target) for w, p in enumerate(game.probs)), 0)


def strategy_as_mapping(game: Game, strategy: Any) -> dict[History, Event]:
    """The strategy as ``public history -> MAX move`` over the information sets it reaches."""
    out: dict[History, Event] = {}

    def walk(node, strat) -> None:
        if isinstance(node, Leaf):
            return
        if isinstance(node, MaxNode):
            i, sub = strat
            out[node.history] = node.events[i]
            walk(node.children[i], sub)
        else:
            for child, sub in zip(node.children, strat):
                walk(child, sub)

    walk(game.root, strategy)
    return out


# --------------------------------------------------------------------------------------------------
# an independent per-world simulation of a strategy given as a mapping (used to check the tree)
# --------------------------------------------------------------------------------------------------
def play_strategy(
    north: int,
    south: int,
    outstanding: int,
    west: int,
    strategy: Mapping[History, Event],
    target: int | None,
    lead: str | None = None,
) -> int:
    """Value in one world (West holds ``west``) of a MAX strategy against a MIN who knows the world.

    Simulates the game from the four concrete hands; MAX's moves are looked up by public history (a
    KeyError means the strategy misses a reachable information set, a ValueError an illegal move).
    """
    hands0 = [north, outstanding & ~west, south, west]

    def play_card(hands: list[int], seat: int, card: int) -> list[int]:
        h = list(hands)
        if card > 0:
            h[seat] &= ~(1 << card)
        return h

    def at_lead(hands: list[int], hist: History, tricks: int, by: int | None, first: bool) -> int:
        if hands[N] == 0 and hands[S] == 0:
            return _payoff(tricks, target)
        if by is None:  # declarer chooses the hand and the card
            seat, card = strategy[hist]
            if seat not in MAX_SEATS or card <= 0 or not hands[seat] >> card & 1:
                raise ValueError(f"illegal lead {event_str((seat, card))} after {history_str(hist)!r}")
            if first and lead is not None and SEAT_NAMES[seat] != lead:
                raise ValueError(f"first lead must come from {lead}")
            return in_trick(play_card(hands, seat, card), hist + ((seat, card),), ((seat, card),), tricks)
        options = [
            in_trick(play_card(hands, by, c), hist + ((by, c),), ((by, c),), tricks) for c in cards_of(hands[by])
        ]
        options.append(at_lead(hands, hist + ((by, EXIT),), tricks, None, False))
        return min(options)

    def in_trick(hands: list[int], hist: History, trick: tuple[Event, ...], tricks: int) -> int:
        if len(trick) == 4:
            winner = _trick_winner(trick)
            if winner in MAX_SEATS:
                return at_lead(hands, hist, tricks + 1, None, False)
            return at_lead(hands, hist, tricks, winner, False)
        seat = (trick[-1][0] + 1) % 4
        if seat in MAX_SEATS:
            s2, card = strategy[hist]
            legal = cards_of(hands[seat]) or [DISCARD]
            if s2 != seat or card not in legal:
                raise ValueError(f"illegal play {event_str((s2, card))} after {history_str(hist)!r}")
            ev = (seat, card)
            return in_trick(play_card(hands, seat, card), hist + (ev,), trick + (ev,), tricks)
        return min(
            in_trick(play_card(hands, seat, c), hist + ((seat, c),), trick + ((seat, c),), tricks)
            for c in cards_of(hands[seat]) or [DISCARD]
        )

    return at_lead(hands0, (), 0, None, True)


# --------------------------------------------------------------------------------------------------
# public entry points
# --------------------------------------------------------------------------------------------------
@dataclass
class LiteralResult:
    value: Any  # max over strategies of sum_w P(w) * payoff against best defence in w
    moves: dict[str, Any]  # first declarer play ("S:2", "N:A") -> best value of a strategy starting with it
    strategies: int  # number of pure strategies enumerated
    best_strategy: dict[str, str] = field(default_factory=dict)  # public history -> move, for one best strategy


def esm_literal(
    north: int,
    south: int,
    outstanding: int,
    worlds: Sequence[World],
    target: int | None,
    lead: str | None = None,
    max_strategies: int | None = None,
) -> LiteralResult:
    """Fig. 4: enumerate every MAX pure strategy, evaluate each with ``esm(t, s)``, keep the best.

    ``max_strategies``: refuse (ValueError) a problem with more pure strategies than this, instead of
    running for hours; the cost is about ``strategies * len(worlds) * 10 us``.
    """
    game = Game(north, south, outstanding, worlds, lead)
    root = game.root
    if max_strategies is not None:
        n_strategies = count_node_strategies(root)
        if n_strategies > max_strategies:
            raise ValueError(f"{n_strategies} pure strategies, more than max_strategies={max_strategies}")
    if isinstance(root, Leaf):
        return LiteralResult(evaluate(game, None, target), {}, 1, {})
    best_value: Any = None
    best_strategy: Any = None
    moves: dict[str, Any] = {}
    count = 0
    for strategy in iter_strategies(root):
        count += 1
        v = evaluate(game, strategy, target)
        label = event_str(root.events[strategy[0]])
        if label not in moves or v > moves[label]:
            moves[label] = v
        if best_value is None or v > best_value:
            best_value, best_strategy = v, strategy
    mapping = {history_str(h): event_str(ev) for h, ev in strategy_as_mapping(game, best_strategy).items()}
    return LiteralResult(best_value, moves, count, mapping)


def mm_value(
    north: int,
    south: int,
    outstanding: int,
    worlds: Sequence[World],
    target: int | None,
    lead: str | None = None,
) -> Any:
    """Fig. 6 minimax on the same tree: MAX maximises in each world (double-dummy value averaged over worlds)."""
    game = Game(north, south, outstanding, worlds, lead)

    def mm(node, w: int) -> int:
        if isinstance(node, Leaf):
            return _payoff(node.tricks, target)
        if isinstance(node, MaxNode):
            return max(mm(c, w) for c in node.children)
        return min(mm(node.children[j], w) for j in node.legal[w])

    return sum((p * mm(game.root, w) for w, p in enumerate(game.probs)), 0)


def count_strategies(north: int, south: int, outstanding: int, worlds: Sequence[World], lead: str | None = None) -> int:
    """Number of reduced MAX pure strategies (what :func:`esm_literal` enumerates), by formula."""
    return count_node_strategies(Game(north, south, outstanding, worlds, lead).root)


# --------------------------------------------------------------------------------------------------
# sizing: python -m tests.reference.esm_literal SUIT_SIZE [MAX_STRATEGIES]
# --------------------------------------------------------------------------------------------------
def _sizing(suit_size: int, cap: int) -> None:  # pragma: no cover - a measuring tool, not a test
    import time
    from fractions import Fraction
    from math import comb

    ranks = list(range(14, 14 - suit_size, -1))
    rows: dict[tuple[int, int, int], list] = {}
    total = 0.0
    skipped = 0
    for owners in itertools.product("NSO", repeat=suit_size):
        north = mask_of([r for r, o in zip(ranks, owners) if o == "N"])
        south = mask_of([r for r, o in zip(ranks, owners) if o == "S"])
        out = mask_of([r for r, o in zip(ranks, owners) if o == "O"])
        n_out = owners.count("O")
        if not (north or south) or n_out > 4:
            continue
        worlds = [
            (mask_of(west), Fraction(comb(26 - n_out, 13 - k), comb(26, 13)))
            for k in range(n_out + 1)
            for west in itertools.combinations(cards_of(out), k)
        ]
        key = (owners.count("N"), owners.count("S"), n_out)
        n_strat = count_strategies(north, south, out, worlds)
        row = rows.setdefault(key, [0, 0, 0, 0.0])  # problems, skipped, max strategies, max seconds
        row[0] += 1
        row[2] = max(row[2], n_strat)
        if n_strat > cap:
            row[1] += 1
            skipped += 1
            continue
        t0 = time.perf_counter()
        esm_literal(north, south, out, worlds, None)
        dt = time.perf_counter() - t0
        total += dt
        row[3] = max(row[3], dt)
    print(f"suit of {suit_size} cards, cap {cap} strategies: {total:.1f} s total, {skipped} problems over the cap")
    print("|N| |S| |O|  problems  over-cap  max-strategies  max-seconds")
    for key in sorted(rows):
        p, sk, ms, mx = rows[key]
        print(f"{key[0]:3d} {key[1]:3d} {key[2]:3d}  {p:8d}  {sk:8d}  {ms:14d}  {mx:11.3f}")


if __name__ == "__main__":  # pragma: no cover
    import sys

    _sizing(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 20000)
