"""``dd._setup`` (a position packed into the work array) against a packing written out rank by rank here."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bridgeplay.engine.dd import OC, OH, OK, ORANK, OT, _setup, new_work

SUIT = 0xFFFF


def _position(rng: random.Random):
    """Random hands (uint16 [seat, suit], ranks at bits 2..14) of n cards each, and 0..3 cards of the current
    trick (any cards: the packing does not check the rules) from the leader."""
    cards = [(s, r) for s in range(4) for r in range(2, 15)]
    rng.shuffle(cards)
    n = rng.randint(1, 13)
    hands = np.zeros((4, 4), dtype=np.uint16)
    leader = rng.randrange(4)
    nplayed = rng.randrange(4) if n < 13 else 0
    psuit = np.zeros(4, dtype=np.int64)
    prank = np.zeros(4, dtype=np.int64)
    k = 0
    for i in range(4):
        x = (leader + i) & 3
        for _ in range(n - (1 if i < nplayed else 0)):
            s, r = cards[k]
            k += 1
            hands[x, s] |= 1 << r
        if i < nplayed:
            psuit[i], prank[i] = cards[k]
            k += 1
    return hands, leader, psuit, prank, nplayed


@pytest.mark.parametrize("seed", range(200))
def test_setup_packs_the_position_as_the_ranks_say(seed: int) -> None:
    rng = random.Random(seed)
    hands, leader, psuit, prank, nplayed = _position(rng)
    A = new_work()
    A[OK:OK + 64] = 7
    tl, ply = _setup(A, hands, np.int64(rng.randrange(5)), np.int64(leader), psuit, prank, np.int64(nplayed))
    assert ply == nplayed
    assert tl == sum(bin(int(hands[(leader + 3) & 3, s])).count("1") for s in range(4))
    tb = OT + 16 * tl
    for s in range(4):
        live = sorted({r for x in range(4) for r in range(2, 15) if (int(hands[x, s]) >> r) & 1}
                      | {int(prank[i]) for i in range(nplayed) if psuit[i] == s})
        assert A[OC + s] == len(live)
        assert list(A[ORANK + 16 * s:ORANK + 16 * s + 16]) == live + [0] * (16 - len(live))
        for x in range(4):
            want = sum(1 << j for j, r in enumerate(live) if (int(hands[x, s]) >> r) & 1)
            assert A[OH + 4 * x + s] == want
    for i in range(nplayed):
        assert A[tb + i] == psuit[i]
        live = sorted({r for x in range(4) for r in range(2, 15) if (int(hands[x, psuit[i]]) >> r) & 1}
                      | {int(prank[j]) for j in range(nplayed) if psuit[j] == psuit[i]})
        assert A[tb + 4 + i] == live.index(prank[i])
    assert A[tb + 8] == leader
    # the killers of every depth the search reaches (4 tl + ply) are reset; deeper ones it never reads
    assert all(A[OK:OK + 4 * tl + 4] == -1)
