"""The engine's entry for positions the ABC search has packed (``engine/ddpacked.py``) against ``dd.solve_within``.

The same calls (modes 3, 4 and 5, random guesses, true bounds, one card or several asked) go to two fresh
engines, one through ``dd.solve_within`` with the absolute hands, the other through ``solve_packed`` with the
hands in relative ranks: the answers must be the same (masks translated) and so must every call's engine
nodes, since the packed entry must hand the search the very same position.  ``solve_within`` itself is tested
against DDS in ``tests/test_dd_modes.py``.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from bridgeplay.engine.abc import _pack_bits, _unpack_bits
from bridgeplay.engine.dd import ODEBUG, OST, new_tt, new_work, solve_within
from bridgeplay.engine.ddpacked import solve_packed

SUIT = 0xFFFF


def _position(seed: int):
    """A random position: each hand's cards (absolute masks, bit 16 * suit + rank, ranks 2..14), 0..3 cards of
    the current trick played legally from the leader, a strain."""
    rng = random.Random(seed)
    cards = [16 * s + r for s in range(4) for r in range(2, 15)]
    rng.shuffle(cards)
    n = rng.choice([13, 9, 7, 5, 4, 3, 2])
    hands = [0, 0, 0, 0]
    for x in range(4):
        for c in cards[13 * x:13 * x + n]:
            hands[x] |= 1 << c
    leader = rng.randrange(4)
    trump = rng.randrange(5)
    trick = []
    for i in range(rng.randrange(4)):
        x = (leader + i) & 3
        h = hands[x]
        if trick:
            follow = h & (SUIT << (16 * (trick[0] >> 4)))
            h = follow or h
        c = rng.choice([b for b in range(64) if (h >> b) & 1])
        hands[x] &= ~(1 << c)
        trick.append(c)
    return hands, leader, trump, trick


def _both(hands, leader, trump, trick):
    """The position in both entries' forms: (uint16 hands, psuit, prank, n) and (packed hands, packed trick)."""
    h16 = np.zeros((4, 4), dtype=np.uint16)
    for x in range(4):
        for s in range(4):
            h16[x, s] = (hands[x] >> (16 * s)) & SUIT
    psuit = np.zeros(4, dtype=np.int64)
    prank = np.zeros(4, dtype=np.int64)
    held = hands[0] | hands[1] | hands[2] | hands[3]
    for c in trick:
        held |= 1 << c
    ptc = np.zeros(4, dtype=np.int64)
    for i, c in enumerate(trick):
        psuit[i] = c >> 4
        prank[i] = c & 15
        below = (held >> (c & ~15)) & ((1 << (c & 15)) - 1)
        ptc[i] = (c & ~15) + bin(below).count("1")
    ph = np.array([_pack_bits(np.int64(h), np.int64(held)) for h in hands], dtype=np.int64)
    return (h16, psuit, prank, len(trick)), (ph, ptc), np.int64(held)


@pytest.mark.parametrize("seed", range(60))
def test_packed_entry_searches_as_solve_within(seed: int) -> None:
    hands, leader, trump, trick = _position(seed)
    (h16, psuit, prank, nt), (ph, ptc), held = _both(hands, leader, trump, trick)
    rng = random.Random(seed)
    w1, t1, o1 = new_work(), new_tt(12), np.zeros((3, 13), dtype=np.int64)
    w2, t2, o2 = new_work(), new_tt(12), np.zeros((3, 13), dtype=np.int64)
    o1[0, :3] = (-1, -1, 99)
    ns = solve_within(w1, t1, h16, trump, leader, psuit, prank, nt, 4, o1)
    o2[0, :3] = (-1, -1, 99)
    assert solve_packed(w2, t2, ph, ptc, nt, leader, trump, h16, 4, o2) == ns
    assert w1[OST] == w2[OST]
    tl = (sum(bin(h).count("1") for h in hands) + nt + 3) // 4
    mover = hands[(leader + nt) & 3]
    if nt:
        mover = (mover & (SUIT << (16 * (trick[0] >> 4)))) or mover
    legal = [b for b in range(64) if (mover >> b) & 1]
    for _ in range(8):
        mode = rng.choice([3, 4, 5])
        asked = rng.sample(legal, rng.choice([1, 1, rng.randint(1, len(legal))]))
        mask = sum(1 << c for c in asked)
        pmask = _pack_bits(np.int64(mask), held)
        if mode == 3:
            need = rng.randint(-1, tl + 1)
            o1[0, :2] = (mask, need)
            o2[0, :2] = (pmask, need)
        else:
            guess = rng.choice([ns, rng.randint(-1, tl + 1)])
            lo = rng.choice([-1, rng.randint(0, ns)])
            hi = rng.choice([tl + 1, rng.randint(ns, tl)])
            o1[0, :4] = (guess, lo, hi, mask)
            o2[0, :4] = (guess, lo, hi, pmask)
        v1 = solve_within(w1, t1, h16, trump, leader, psuit, prank, nt, mode, o1)
        v2 = solve_packed(w2, t2, ph, ptc, nt, leader, trump, h16, mode, o2)
        if mode == 3:
            assert _unpack_bits(np.int64(v2), held) == v1, (mode, asked)
        else:
            assert v1 == v2 == ns, (mode, guess, lo, hi)
        if mode == 5:
            assert _unpack_bits(np.int64(o2[0, 4]), held) == o1[0, 4], asked
        assert w1[OST] == w2[OST], mode


def test_packed_entry_refuses_the_debugging_rechecks() -> None:
    hands, leader, trump, trick = _position(0)
    (h16, *_), (ph, ptc), _ = _both(hands, leader, trump, trick)
    work, tt, out = new_work(), new_tt(12), np.zeros((3, 13), dtype=np.int64)
    work[ODEBUG] = 64
    out[0, :3] = (-1, -1, 99)
    with pytest.raises(ValueError, match="re-checks"):
        solve_packed(work, tt, ph, ptc, len(trick), leader, trump, h16, 4, out)
