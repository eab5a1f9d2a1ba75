"""The line in words, as a bridge book states it: "Lead low from South toward the A-Q-10 and finesse the
queen if West plays low; if West plays the king or the jack, win the ace.  If East wins, later lead low
from South toward the A-10 and finesse the ten."

Generated from the exact solver's strategy (:class:`~bridgeplay.suit.search.Decision` trees, real ranks),
trick by trick along the main branch: at each defender's turn the cards that read the same (a low card,
shows out, a named honour) are one reply, and the main branch is the reply of the most layouts (a low
card first on ties).  A clause tells each other reply of second hand after which declarer plays
otherwise, and the replies after which the line cannot succeed.  The paragraph ends when the line is
settled (no branch left to tell), when only winners are left to cash, or after ``tricks`` tricks.

Declarer's card in words, from the cards still out:

* a lead no outstanding card beats: "cash the ace"; the hand's lowest card, or a spot card: "lead low
  ... toward the A-Q-10" (the other hand's honours);
* third hand's card no outstanding card beats: "win the ace" (over a defender's honour), "play the ace";
* third hand's spot card or lowest card: "play low";
* third hand's card above second hand's, with an outstanding card still above it: "finesse the ten".
"""

from __future__ import annotations

from bridgeplay.cards import E, N, S, W, popcount, ranks_of
from bridgeplay.prose import either, narrate
from bridgeplay.suit.problem import SuitProblem
from bridgeplay.suit.search import Decision

WORDS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six",
         5: "five", 4: "four", 3: "three", 2: "two"}
SEAT = {N: "North", E: "East", S: "South", W: "West"}
RANK_TEXT = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


class _Teller:
    def __init__(self, problem: SuitProblem) -> None:
        self.p = problem
        self.small = problem.smalls

    # -- cards in words ---------------------------------------------------------------------------------
    def honours(self, mask: int) -> str:
        return "-".join(RANK_TEXT.get(r, str(r)) for r in ranks_of(mask) if not self.small >> r & 1)

    def master(self, r: int, dfd: int) -> bool:
        return r > 0 and all(r > x for x in ranks_of(dfd))

    def low(self, r: int, hand: int) -> bool:
        return bool(self.small >> r & 1) or r == min(ranks_of(hand | 1 << r))

    def lead(self, seat: int, r: int, north: int, south: int, dfd: int) -> str:
        hand, other = (north, south) if seat == N else (south, north)
        if self.master(r, dfd):
            return f"cash the {WORDS[r]}" + (f" from {SEAT[seat]}" if hand & ~(1 << r) or other else "")
        if self.low(r, hand):
            toward = self.honours(other)
            return f"lead low from {SEAT[seat]}" + (f" toward the {toward}" if toward else "")
        return f"lead the {WORDS[r]} from {SEAT[seat]}"

    def third(self, r: int, hand: int, dfd: int, second: int, led: int = 0) -> str:
        if r <= 0:
            return ""
        if second > r and second > led:  # (second hand's card is on top: ours cannot win)
            return "play low"
        if self.master(r, dfd):
            return f"win the {WORDS[r]}" if second > 0 and not self.small >> second & 1 else f"play the {WORDS[r]}"
        if self.small >> r & 1 or (r < led and second < led):  # (under the card led, which stays on top: run it)
            return "play low"
        if r > second:  # an outstanding card still beats it: it wins only if fourth hand does not hold one
            return f"finesse the {WORDS[r]}"
        if self.low(r, hand):
            return "play low"
        return f"play the {WORDS[r]}"

    def reply(self, seat: int, r: int) -> str:
        if r == -1:
            return f"{SEAT[seat]} switches"
        if r == 0:
            return f"{SEAT[seat]} shows out"
        if self.small >> r & 1:
            return f"{SEAT[seat]} plays low"
        return f"{SEAT[seat]} plays the {WORDS[r]}"

    def groups(self, nodes: list[Decision]) -> list[tuple[str, list[Decision], int]]:
        """A defender's replies that read the same, with the layouts they are played in: most layouts first."""
        out: dict[str, tuple[list[Decision], int]] = {}
        for d in nodes:
            key = self.reply(d.seat, d.rank)
            ds, x = out.get(key, ([], 0))
            out[key] = (ds + [d], x | d.worlds)
        ranked = sorted(out.items(), key=lambda kv: (-popcount(kv[1][1]), "low" not in kv[0]))
        return [(k, ds, x) for k, (ds, x) in ranked]

    # -- the line, trick by trick --------------------------------------------------------------------------
    def tell(self, nodes: list[Decision], tricks: int) -> str:
        def lead_of(ns: list[Decision]) -> Decision | None:
            return ns[0] if ns[0].seat in (N, S) and ns[0].rank > 0 else None

        def settled(lead: Decision, state: tuple[int, int, int]) -> bool:
            north, south, dfd = state
            hand = north if lead.seat == N else south
            return not dfd or all(self.master(r, dfd) for r in ranks_of(hand))

        state = (self.p.north, self.p.south, self.p.outstanding)
        return narrate(nodes, state, lambda lead, st: self.trick(lead, *st), tricks, lead_of, settled)

    def trick(self, lead: Decision, north: int, south: int, dfd: int
              ) -> tuple[str, list[Decision], tuple[int, int, int], str | None]:
        """One trick led by declarer: its words, the next trick's nodes along the main branch, the cards left,
        and how the next sentence opens (None: the line is settled)."""
        seat, r = lead.seat, lead.rank
        text = self.lead(seat, r, north, south, dfd)
        north, south = (north & ~(1 << r), south) if seat == N else (north, south & ~(1 << r))
        partner = south if seat == N else north
        live = [d for d in lead.children if not d.decided]
        groups = self.groups(live)
        if not groups:
            return text, [], (north, south, dfd), None
        _, main_ds, _ = groups[0]
        main = main_ds[0]
        clauses: list[str] = []
        hows = []
        for key, ds, _ in groups:
            d = ds[0]
            how = self.third(d.children[0].rank, partner, dfd & ~(1 << d.rank) if d.rank > 0 else dfd, d.rank,
                             r) if d.children else ""
            hows.append((key, how))
        if self.master(r, dfd):  # (a winner led: what third hand plays under it does not matter)
            hows = [(key, "") for key, _ in hows]
        main_how = hows[0][1]
        if main_how:
            differs = any(how != main_how for _, how in hows[1:])
            clauses.append(f"{main_how} if {hows[0][0]}" if differs else main_how)
        other: dict[str, list[str]] = {}
        for key, how in hows[1:]:
            if how and how != main_how:
                other.setdefault(how, []).append(key)
        clauses += [f"if {either(keys)}, {how}" for how, keys in other.items()]
        text += (" and " + "; ".join(clauses)) if clauses else ""
        failed = [self.reply(d.seat, d.rank) for d in lead.children if d.decided and not d.avoided]
        if failed:
            text += f"; if {either(list(dict.fromkeys(failed)))}, the line cannot succeed"
        # along the main branch: third hand, fourth hand, and who leads next
        if not main.children:
            return text, [], (north, south, dfd), None
        dfd2 = dfd & ~(1 << main.rank) if main.rank > 0 else dfd
        third = main.children[0]
        if third.rank > 0:
            north, south = ((north & ~(1 << third.rank), south) if third.seat == N
                            else (north, south & ~(1 << third.rank)))
        fourth = self.groups([d for d in third.children if not d.decided])
        if not fourth:
            return text, [], (north, south, dfd2), None
        top = max(main.rank, third.rank) if r <= max(main.rank, third.rank) else r

        def defence_wins(d: Decision) -> bool:
            return bool(d.children) and d.children[0].seat in (E, W)

        ours = [g for g in fourth if not defence_wins(g[1][0])]
        theirs = [g for g in fourth if defence_wins(g[1][0])]
        if theirs:  # the trick lost: on the defence's switch, what declarer does next
            key, ds, _ = theirs[0]
            last = ds[0]
            back = [d for d in last.children if d.rank == -1 and d.children]
            if back and back[0].children[0].seat in (N, S) and back[0].children[0].rank > 0:
                b = back[0].children[0]
                dl = dfd2 & ~(1 << last.rank) if last.rank > 0 else dfd2
                winner = SEAT[last.seat] if last.rank > top else SEAT[main.seat]
                if not ours:
                    return text, back[0].children, (north, south, dl), f"If {winner} wins, later"
                later = self.trick(b, north, south, dl)[0]
                text += f". If {winner} wins, later {later}"
        if not ours:
            return text, [], (north, south, dfd2), None
        last = ours[0][1][0]
        dfd3 = dfd2 & ~(1 << last.rank) if last.rank > 0 else dfd2
        if not theirs:
            return text, last.children, (north, south, dfd3), "Then"
        if main_how.startswith("finesse"):
            return text, last.children, (north, south, dfd3), f"If the {WORDS[third.rank]} holds,"
        return text, last.children, (north, south, dfd3), "Otherwise,"


def line_in_words(problem: SuitProblem, decisions: list[Decision], tricks: int = 3) -> str:
    """The strategy ``decisions`` (real ranks, from :meth:`SuitAnalysis.strategy`) as a short paragraph."""
    return _Teller(problem).tell(decisions, tricks)
