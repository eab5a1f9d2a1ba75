"""The deals a player may believe in, by brute force: every split of the two hands he cannot see, kept when
it meets the public constraints and the voids the play has shown.  The literal statement of what
:class:`bridgeplay.deal.views.View` counts and draws from (``tests/test_views.py``).

Everything here is read from the problem's own words (the true deal as dealt, the tricks played in order,
the constraints as written in the file), not from :mod:`bridgeplay.deal.seat`'s parsed problem:

* a constraint on a hand (``hcp``, ``lengths``) is of the whole hand as dealt: the cards held now and those
  it has played; ``cards`` are the hand's: held when the problem was set, so held now or played since;
* a player who did not follow to a suit led holds none of it;
* hands are ints with bit ``16 * suit + rank`` (suits S, H, D, C = 0..3, ranks 2..14).
"""

from __future__ import annotations

from itertools import combinations

SUITS = "SHDC"
RANKS = "23456789TJQKA"
SEATS = "NESW"
KEYS = ("north", "east", "south", "west")
HCP = {14: 4, 13: 3, 12: 2, 11: 1}


def card(text: str) -> int:
    return 16 * SUITS.index(text[0]) + 2 + RANKS.index(text[1])


def text(c: int) -> str:
    return SUITS[c >> 4] + RANKS[(c & 15) - 2]


def hand(pbn: str) -> int:
    out = 0
    for s, part in enumerate(pbn.split(".")):
        for r in part:
            out |= 1 << (16 * s + 2 + RANKS.index(r))
    return out


def deal(pbn: str) -> list[int]:
    """A PBN deal ``N:... ... ... ...`` as four hands in seat order N, E, S, W."""
    first, rest = pbn.split(":")
    hands = rest.split()
    start = SEATS.index(first)
    out = [0] * 4
    for i, h in enumerate(hands):
        out[(start + i) % 4] = hand(h)
    return out


def pbn(hands: list[int] | tuple[int, ...]) -> str:
    """Four hands (N, E, S, W) as a PBN deal ``N:...``."""
    return "N:" + " ".join(".".join("".join(RANKS[r - 2] for r in range(14, 1, -1) if h >> (16 * s + r) & 1)
                                    for s in range(4)) for h in hands)


def trick_winner(trick: list[tuple[int, int]], trump: int) -> int:
    """The seat winning a trick of four (seat, card), ``trump`` 0..3 (S H D C) or -1 (no trumps)."""
    best = trick[0]
    for x, c in trick[1:]:
        b = best[1]
        if (c >> 4) == (b >> 4) and c > b or (c >> 4) == trump and (b >> 4) != trump:
            best = (x, c)
    return best[0]


def plays(lines: list[str]) -> list[tuple[int, int]]:
    """``["W:H6 N:H2 E:HK S:HA", ...]`` as (seat, card) in order."""
    return [(SEATS.index(t[0]), card(t[2:])) for line in lines for t in line.split()]


def points(h: int) -> int:
    return sum(v for s in range(4) for r, v in HCP.items() if h >> (16 * s + r) & 1)


def length(h: int, s: int) -> int:
    return bin((h >> (16 * s)) & 0xFFFF).count("1")


def voids(history: list[tuple[int, int]], seat: int) -> set[int]:
    """The suits ``seat`` showed out of: a trick led in a suit he did not follow (tricks counted from the first)."""
    out = set()
    for i in range(0, len(history), 4):
        trick = history[i:i + 4]
        led = trick[0][1] >> 4
        out |= {led for x, c in trick[1:] if x == seat and c >> 4 != led}
    return out


def meets(con: dict, now: int, played: int, shown: set[int]) -> bool:
    """Whether a hand holding ``now`` after playing ``played`` meets the constraint ``con`` (as the file writes
    it) and the voids ``shown``."""
    whole = now | played
    lo, hi = con.get("hcp", [0, 40])
    if not lo <= points(whole) <= hi:
        return False
    for key, v in con.get("lengths", {}).items():
        lo, hi = (v, v) if isinstance(v, int) else v
        if not lo <= length(whole, SUITS.index(key)) <= hi:
            return False
    for c in con.get("cards", []):
        if not whole >> card(c) & 1:
            return False
    return not any(length(now, s) for s in shown)


def layouts(viewer: int, dummy: int, now: list[int], history: list[tuple[int, int]],
            constraints: dict) -> set[tuple[int, int, int, int]]:
    """Every deal (cards held now) ``viewer`` may believe in: his and dummy's hands as they are, the other two
    hands' cards dealt between them in every way that keeps each one's number of cards, the constraints and
    the voids shown."""
    h1, h2 = (x for x in range(4) if x not in (viewer, dummy))
    pool = [c for c in range(64) if (now[h1] | now[h2]) >> c & 1]
    n1 = bin(now[h1]).count("1")
    played = [0] * 4
    for x, c in history:
        played[x] |= 1 << c
    out = set()
    for combo in combinations(pool, n1):
        a = sum(1 << c for c in combo)
        b = (now[h1] | now[h2]) & ~a
        ok = all(meets(constraints.get(KEYS[x], {}), hx, played[x], voids(history, x))
                 for x, hx in ((h1, a), (h2, b)))
        if ok:
            d = list(now)
            d[h1], d[h2] = a, b
            out.add(tuple(d))
    return out
