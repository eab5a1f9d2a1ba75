"""A deal's line in words: "Cash the ♣A from South. Then lead the ♦2 from South toward the ♦A-Q and finesse
the ♦Q if West plays low; if West plays the ♦K, win the ♦A."

The same reading as :mod:`bridgeplay.suit.words` (trick by trick along the main branch, a clause for each
reply of second hand after which declarer plays otherwise, and the replies after which the line cannot
succeed), with what a deal adds: a card of another suit is a discard (grouped by suit: "if West
discards a ♦") or, in the trump suit, a ruff.  The paragraph stops when the defence wins a trick
of the main branch, when the line is settled, or after ``tricks`` tricks.
"""

from __future__ import annotations

from bridgeplay.cards import SUIT_SYMBOLS, Card, E, N, S, W, popcount, rank_char, ranks_of
from bridgeplay.deal.problem import DealProblem
from bridgeplay.deal.search import Decision, without
from bridgeplay.prose import either, narrate, sentence

SEAT = {N: "North", E: "East", S: "South", W: "West"}
Masks = tuple[int, int, int, int]


def _text(c: Card) -> str:
    return f"{SUIT_SYMBOLS[c.suit]}{rank_char(c.rank).replace('T', '10')}"


class _Teller:
    def __init__(self, problem: DealProblem) -> None:
        self.trump = problem.trump

    def master(self, c: Card, dfd: Masks) -> bool:
        return all(c.rank > x for x in ranks_of(dfd[c.suit]))

    def lead(self, seat: int, c: Card, north: Masks, south: Masks, dfd: Masks) -> str:
        hand, other = (north, south) if seat == N else (south, north)
        where = f" from {SEAT[seat]}"
        if self.master(c, dfd):
            ruffable = self.trump < 4 and c.suit != self.trump and dfd[self.trump]
            return f"{'play' if ruffable else 'cash'} the {_text(c)}{where}"
        if c.rank == min(ranks_of(hand[c.suit] | 1 << c.rank)):
            top = [r for r in ranks_of(other[c.suit]) if r >= 10]
            toward = "-".join(rank_char(r).replace("T", "10") for r in top)
            return f"lead the {_text(c)}{where}" + (f" toward the {SUIT_SYMBOLS[c.suit]}{toward}" if toward else "")
        return f"lead the {_text(c)}{where}"

    def third(self, c: Card, hand: Masks, dfd: Masks, second: Card, led: Card) -> str:
        if c.suit != led.suit:
            return f"ruff with the {_text(c)}" if c.suit == self.trump else f"discard the {_text(c)}"
        top = second.rank if second.suit == led.suit else 0
        if top > c.rank and top > led.rank:  # (second hand's card is on top: ours cannot win)
            return "play low"
        if self.master(c, dfd):
            return f"win the {_text(c)}" if top >= 10 else f"play the {_text(c)}"
        if c.rank < led.rank and top < led.rank:  # (under the card led, which stays on top: run it)
            return "play low"
        if c.rank > top and any(x > c.rank for x in ranks_of(dfd[c.suit])):
            return f"finesse the {_text(c)}"
        if c.rank == min(ranks_of(hand[c.suit] | 1 << c.rank)):
            return "play low"
        return f"play the {_text(c)}"

    def reply(self, seat: int, c: Card, led: Card) -> str:
        if c.suit != led.suit:
            if c.suit == self.trump:
                return f"{SEAT[seat]} ruffs"
            return f"{SEAT[seat]} discards a {SUIT_SYMBOLS[c.suit]}"
        return f"{SEAT[seat]} plays the {_text(c)}"

    def groups(self, nodes: list[Decision], led: Card) -> list[tuple[str, list[Decision]]]:
        out: dict[str, tuple[list[Decision], int]] = {}
        for d in nodes:
            key = self.reply(d.seat, d.card, led)
            ds, x = out.get(key, ([], 0))
            out[key] = (ds + [d], x | d.worlds)
        ranked = sorted(out.items(), key=lambda kv: -popcount(kv[1][1]))
        return [(k, ds) for k, (ds, _) in ranked]

    def tell(self, nodes: list[Decision], north: Masks, south: Masks, dfd: Masks, tricks: int) -> str:
        def lead_of(ns: list[Decision]) -> Decision | None:
            return ns[0] if len(ns) == 1 and ns[0].seat in (N, S) else None

        return narrate(nodes, (north, south, dfd), lambda lead, st: self.trick(lead, *st), tricks, lead_of)

    def trick(self, lead: Decision, north: Masks, south: Masks, dfd: Masks
              ) -> tuple[str, list[Decision], tuple[Masks, Masks, Masks], str | None]:
        seat, c = lead.seat, lead.card
        text = self.lead(seat, c, north, south, dfd)
        north, south = _declarer_played(north, south, lead)
        partner = south if seat == N else north
        groups = self.groups(lead.children, c)
        if not groups:
            return text, [], (north, south, dfd), None
        hows = []
        for key, ds in groups:
            d = ds[0]
            how = (self.third(d.children[0].card, partner, without(dfd, d.card.suit, d.card.rank), d.card, c)
                   if d.children else "")
            hows.append((key, how))
        main_how = hows[0][1]
        clauses = []
        if self.master(c, dfd) and not (self.trump < 4 and c.suit != self.trump and dfd[self.trump]):
            main_how, hows = "", []  # (a winner led: what third hand plays under it does not matter)
        if main_how:
            differs = any(_same(how) != _same(main_how) for _, how in hows[1:])
            clauses.append(f"{main_how} if {hows[0][0]}" if differs else main_how)
        other: dict[str, list[str]] = {}
        for key, how in hows[1:]:
            if how and _same(how) != _same(main_how):
                other.setdefault(how, []).append(key)
        clauses += [f"if {either(keys)}, {how}" for how, keys in other.items()]
        text += (" and " + "; ".join(clauses)) if clauses else ""
        main = groups[0][1][0]
        if not main.children:
            return text, [], (north, south, dfd), None
        dfd2 = without(dfd, main.card.suit, main.card.rank)
        third = main.children[0]
        north, south = _declarer_played(north, south, third)
        fourth = self.groups(third.children, c)
        if not fourth:
            return text, [], (north, south, dfd2), None
        last = fourth[0][1][0]
        dfd3 = without(dfd2, last.card.suit, last.card.rank)
        nxt = last.children
        if not nxt or nxt[0].seat in (E, W):  # the defence won the trick of the main branch: stop here
            return text + ("; the defence wins this trick" if nxt else ""), [], (north, south, dfd3), None
        return text, nxt, (north, south, dfd3), "Then"


def _declarer_played(north: Masks, south: Masks, d: Decision) -> tuple[Masks, Masks]:
    """North's and South's cards after declarer's play ``d``."""
    if d.seat == N:
        return without(north, d.card.suit, d.card.rank), south
    return north, without(south, d.card.suit, d.card.rank)


def _same(how: str) -> str:
    """Third hand's play, "win" and "play" alike (the same card either way)."""
    return how.replace("win the ", "play the ", 1)


def line_in_words(problem: DealProblem, decisions: list[Decision], tricks: int = 4) -> str:
    """The line ``decisions`` (from the deal search's ``explain``, the root's first play at the top) in words."""
    teller = _Teller(problem)
    north, south, dfd = problem.north, problem.south, problem.defenders
    if not problem.table:
        return teller.tell(decisions, north, south, dfd, tricks)
    # declarer's first play follows to a trick already begun: say it, then go on from the next lead
    if len(decisions) != 1:
        return ""
    first, led = decisions[0], problem.table[0]
    c = first.card
    if c.suit != led.suit:
        text = f"{'ruff with' if c.suit == teller.trump else 'discard'} the {_text(c)}"
    else:
        text = f"play the {_text(c)}"
    text = f"{text} from {SEAT[first.seat]}"
    north, south = _declarer_played(north, south, first)
    nodes, left = first.children, 3 - len(problem.table)  # cards still to come to this trick
    while left > 0 and nodes:
        if nodes[0].seat in (E, W):
            main = teller.groups(nodes, led)[0][1][0]
            dfd = without(dfd, main.card.suit, main.card.rank)
        else:
            main = nodes[0]
            north, south = _declarer_played(north, south, main)
        nodes, left = main.children, left - 1
    if nodes and nodes[0].seat in (E, W):
        return sentence(f"{text}; the defence wins this trick")
    rest = teller.tell(nodes, north, south, dfd, tricks - 1) if nodes else ""
    return sentence(text) + (f" Then {rest[0].lower()}{rest[1:]}" if rest else "")
