"""Random ABC cases for the tests and the hunt: an ending, A's card, and views for B and C.

Not a reference algorithm itself: the inputs that the kernel and the literal evaluators are compared on.
"""

from __future__ import annotations

import random

from bridgeplay.deal.abcsearch import ABCSearch, Engine, Roles, cards_in, dd_score, legal_cards, still_legal


def random_case(rng: random.Random, n: int, eng: Engine | None = None, tries: int = 30, seek: str = "fixed",
                misled_only: bool = False, payoffs: tuple[int, ...] = (0, 1, 2)):
    """A random ending (``n`` cards a hand), A's card and views for B and C (None when the draw fails).

    With ``eng``, up to ``tries`` pairs of views are drawn and the first that misleads (the kernel's ABC score in
    ``seek`` views differs from Monte Carlo's double-dummy score) is kept, else the last drawn (None with
    ``misled_only``).  ``payoffs``: the kinds of payoff drawn from (0 A's side's tricks, 1 a target of tricks,
    2 random steps)."""
    deck = [16 * s + r for s in range(4) for r in range(2, 15)]
    cards = rng.sample(deck, 4 * n)
    hands = [0] * 4
    for i, c in enumerate(cards):
        hands[i % 4] |= 1 << c
    trump, declarer, leader = rng.randrange(5), rng.randrange(4), rng.randrange(4)
    trick = []
    seat = leader
    for _ in range(rng.randrange(4)):
        led = (trick[0][1] >> 4) if trick else -1
        c = rng.choice(cards_in(legal_cards(hands[seat], led)))
        hands[seat] &= ~(1 << c)
        trick.append((seat, c))
        seat = (seat + 1) % 4
    if seat == (declarer + 2) % 4:
        return None
    r = Roles.of(seat, declarer)
    da = tuple(hands)
    led = (trick[0][1] >> 4) if trick else -1
    m = rng.choice(cards_in(legal_cards(da[seat], led)))

    def view(keep):
        free = [x for x in range(4) if x not in keep]
        pool = [c for x in free for c in cards_in(hands[x])]
        rng.shuffle(pool)
        d, i = list(hands), 0
        for x in free:
            k = bin(hands[x]).count("1")
            d[x] = sum(1 << c for c in pool[i:i + k])
            i += k
        return tuple(d)

    kind = rng.choice(payoffs)  # randrange(3) for the default: the same draws
    if kind == 0:
        payoff = list(range(n + 1))
    elif kind == 1:
        t = rng.randrange(1, n + 1)
        payoff = [1 if x >= t else 0 for x in range(n + 1)]
    else:
        payoff = sorted(rng.choice([-3, -1, 0, 2, 5]) for _ in range(n + 1))
    found = None
    misled = False
    for _ in range(tries if eng is not None else 50):
        db, dc = view({r.b, r.dummy}), view({r.c, r.dummy})
        if not (still_legal(db, seat, m, led) and still_legal(dc, seat, m, led)):
            continue
        found = db, dc
        if eng is None:
            break
        misled = ABCSearch(r, trump, leader, trick, da, db, dc, payoff, eng, seek).score(m) != \
            dd_score(r, trump, leader, trick, m, da, payoff, eng)
        if misled:
            break
    if found is None or (misled_only and not misled):
        return None
    db, dc = found
    return r, trump, leader, trick, m, da, db, dc, payoff, declarer
