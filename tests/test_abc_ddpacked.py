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

from bridgeplay.engine.abc import MKW, _memo_key, _pack_bits, _unpack_bits
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


def _swapped(hands, leader, trick):
    """Every position made from this one by exchanging a card on the table with a card of its suit held by a
    player who has played to the trick, no other card held or on the table between the two."""
    held = hands[0] | hands[1] | hands[2] | hands[3]
    for c in trick:
        held |= 1 << c
    out = []
    for i, t in enumerate(trick):
        for j in range(len(trick)):
            q = (leader + j) & 3
            for x in range(t & ~15, (t & ~15) + 16):
                lo, hi = min(x, t), max(x, t)
                between = held & ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
                if (hands[q] >> x) & 1 and not between:
                    h2 = list(hands)
                    h2[q] = (h2[q] & ~(1 << x)) | (1 << t)
                    t2 = list(trick)
                    t2[i] = x
                    out.append((h2, t2))
    return out


@pytest.mark.parametrize("seed", range(120))
def test_memo_key_merges_only_symmetric_positions(seed: int) -> None:
    """The value memo's key (``abc._memo_key``) puts a card on the table at the bottom of its run of cards held by
    players who have played to the trick.  Every position it merges with this one (an exchange of such a card with
    the table's) has the same double-dummy value and the same cards of the mover reaching it (``solve_within``
    on the absolute hands), and the engine handed the key's packed position answers the same."""
    hands, leader, trump, trick = _position(seed)
    if not trick:
        trick_seed = seed + 1000
        while not trick:
            hands, leader, trump, trick = _position(trick_seed)
            trick_seed += 1
    nt = len(trick)
    tc = np.zeros(4, dtype=np.int64)
    mk = np.zeros(MKW, dtype=np.int64)
    ptc = np.zeros(4, dtype=np.int64)

    def key_and_answers(hs, tr):
        for i, c in enumerate(tr):
            tc[i] = c
        row = np.array(hs, dtype=np.int64)
        held = _memo_key(row, tc, np.int64(nt), np.int64(leader), np.int64(trump), mk, ptc)
        (h16, psuit, prank, _), _, _ = _both(hs, leader, trump, tr)
        w, t, o = new_work(), new_tt(12), np.zeros((3, 13), dtype=np.int64)
        o[0, :3] = (-1, -1, 99)
        ns = solve_within(w, t, h16, trump, leader, psuit, prank, nt, 4, o)
        tl = (sum(bin(h).count("1") for h in hs) + nt + 3) // 4
        side_ns = ((leader + nt) & 1) == 0
        mover = hs[(leader + nt) & 3]
        mover = (mover & (SUIT << (16 * (tr[0] >> 4)))) or mover
        o[0, :2] = (mover, ns if side_ns else tl - ns)
        reach = solve_within(w, t, h16, trump, leader, psuit, prank, nt, 3, o)
        w2, t2, o2 = new_work(), new_tt(12), np.zeros((3, 13), dtype=np.int64)
        o2[0, :3] = (-1, -1, 99)
        assert solve_packed(w2, t2, mk[:4].copy(), ptc.copy(), nt, leader, trump, h16, 4, o2) == ns
        o2[0, :2] = (_pack_bits(np.int64(mover), held), ns if side_ns else tl - ns)
        assert _unpack_bits(np.int64(solve_packed(w2, t2, mk[:4].copy(), ptc.copy(), nt, leader, trump, h16, 3, o2)),
                            held) == reach
        return tuple(int(x) for x in mk), ns, reach

    key, ns, reach = key_and_answers(hands, trick)
    for h2, t2 in _swapped(hands, leader, trick):
        assert key_and_answers(h2, t2) == (key, ns, reach), (h2, t2)


def test_mid_trick_table_answers_as_the_search() -> None:
    """The mid-trick table (``new_tt(..., mid_log2)``, ``dd._mtd_mid``): one engine with it, one without, the same
    calls on positions with cards on the table, each asked twice (the second time the table answers): the values and
    the cards reaching them must be the same, and the table must answer some repeated value (mode 4) with no search.
    A small table (64 buckets), so entries of other positions share the buckets and are replaced.  (Its nodes are not
    fewer in all on these positions: the searches it skips leave the killers and the trick-start table in another
    state; on the ABC search's calls it saves 5.6% of the engine's nodes, benchmarks/abc_speed.md.)"""
    w1, t1, o1 = new_work(), new_tt(12), np.zeros((3, 13), dtype=np.int64)
    w2, t2, o2 = new_work(), new_tt(12, mid_log2=6), np.zeros((3, 13), dtype=np.int64)
    asked_mid = 0
    answered = 0
    for seed in range(200):
        hands, leader, trump, trick = _position(seed)
        if not trick:
            continue
        (h16, psuit, prank, nt), (ph, ptc), held = _both(hands, leader, trump, trick)
        rng = random.Random(seed)
        tl = (sum(bin(h).count("1") for h in hands) + nt + 3) // 4
        mover = hands[(leader + nt) & 3]
        mover = (mover & (SUIT << (16 * (trick[0] >> 4)))) or mover
        legal = [b for b in range(64) if (mover >> b) & 1]
        calls = []
        for _ in range(4):
            mode = rng.choice([4, 5])
            pmask = _pack_bits(np.int64(1 << rng.choice(legal)), held)
            calls.append((mode, rng.randint(-1, tl + 1), pmask))
        for k, (mode, guess, pmask) in enumerate(calls + calls):
            asked_mid += 1
            n0 = w2[OST]
            for o in (o1, o2):
                o[0, :4] = (guess, -1, 99, pmask)
            v1 = solve_packed(w1, t1, ph.copy(), ptc.copy(), nt, leader, trump, h16, mode, o1)
            v2 = solve_packed(w2, t2, ph.copy(), ptc.copy(), nt, leader, trump, h16, mode, o2)
            assert v1 == v2, (seed, mode, guess)
            if mode == 5:
                assert o1[0, 4] == o2[0, 4], (seed, guess)
            elif k >= len(calls) and w2[OST] == n0:
                answered += 1
    assert asked_mid > 500
    assert answered > 0
