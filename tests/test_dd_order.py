"""The double-dummy engine's move ordering on small no-trump positions where DDS's weights and the engine's
earlier ones disagreed (twelfth session, benchmarks/dd_speed.md): which card a hand tries first.

Ordering changes node counts, never values (tests/test_dd.py and tests/test_dd_bounds.py check the values);
these tests pin the orderings down, so that a port that reads DDS's relative rank the wrong way round again
(1 is the suit's highest card in play) fails here and not only in a benchmark's node count.
"""

from __future__ import annotations

import numpy as np

from bridgeplay.engine.dd import OM, _gen_follow, _gen_lead, _setup, _sort_moves, new_work

NT = 4
RANKS = "23456789TJQKA"


def _hands(pbn: str) -> np.ndarray:
    """hands[seat, suit] as rank bits 2..14 from a PBN-like string from North (hands of unequal length allowed:
    the current trick's cards already played are not in them)."""
    out = np.zeros((4, 4), dtype=np.int64)
    for x, hand in enumerate(pbn[2:].split()):
        for s, cards in enumerate(hand.split(".")):
            for c in cards:
                out[x, s] |= 1 << (RANKS.index(c) + 2)
    return out


def _moves(pbn: str, leader: int, played: list[tuple[int, int]]) -> list[int]:
    """The moves (suit << 4 | packed bit of the run's lowest card) of the hand to play, in the order the search
    tries them; ``played``: the current trick's cards so far, (suit, rank 2..14), spades 0 ... clubs 3."""
    A = new_work()
    psuit = np.zeros(4, dtype=np.int64)
    prank = np.zeros(4, dtype=np.int64)
    for i, (s, r) in enumerate(played):
        psuit[i] = s
        prank[i] = r
    tl, ply = _setup(A, _hands(pbn), NT, leader, psuit, prank, len(played))
    d = 4 * tl + ply
    p = (leader + ply) & 3
    if ply == 0:
        n = _gen_lead(A, NT, p, d, -1, -1, tl)
    else:
        n = _gen_follow(A, NT, tl, ply, p, d)
    _sort_moves(A, d, n)
    return [int(A[OM + 16 * d + i]) for i in range(n)]


def test_a_lead_towards_partners_winners_starts_low() -> None:
    # South J-4-3 opposite North's A-K-6-5: the low card before the jack (DDS adds its relative rank, 1 for the
    # top card: the lower the card, the higher its weight); spades in play A K Q J T 9 8 6 5 4 3 -> bits 10..0
    moves = _moves("N:AK65... Q.AKQ.. J43.2.. T98.J..", 2, [])
    assert moves.index(0) < moves.index(7)  # the 4-3 (bit 0) before the jack (bit 7)


def test_a_second_hand_that_cannot_win_splits_its_sequence_before_its_king() -> None:
    # West leads the eight; North K-T-9-5 under East's A-3 (partner South 7-2 cannot win): the ten-nine first,
    # not the king; spades in play A K Q T 9 8 7 6 5 4 3 2 -> bits 11..0 (North: K 10, T-9 8-7, 5 3)
    moves = _moves("N:KT95... A3.AK.. 72.QJ.. Q64...", 3, [(0, 8)])
    assert moves[0] == 7


def test_a_third_hand_topped_by_the_fourth_forces_its_ace_cheaply() -> None:
    # West leads the club two, North the three; East K-J-T-8-7, South A-4: East's cheapest card above South's
    # four (the 8-7) first, not the king; clubs: packed bit = rank - 2
    moves = _moves("N:..AK.95 ...KJT87 .AKQ..A4 ..QJ.Q6", 3, [(3, 2), (3, 3)])
    assert moves[0] == (3 << 4) | 5


def test_a_third_hand_tries_its_cheapest_sure_winner_before_its_top() -> None:
    # South leads the diamond five, West the four; North A-J-9-7-3-2 over East's singleton ten: the jack first
    moves = _moves("N:..AJ9732. AKQJT..T. .AKQ.K6. .JT9.Q8.", 2, [(2, 5), (2, 4)])
    assert moves[0] == (2 << 4) | 9


def test_a_killer_is_kept_as_a_card_not_as_a_packed_index() -> None:
    # The killer at a lead (the last lead that cut at its depth) is kept in the root's packing and read back in
    # the packing of the node that uses it, so that it names the same card after other cards have left play
    # (DDS keeps its killers as absolute ranks); a killer whose card has left play names none.
    from bridgeplay.engine.dd import OROOT, OT, _killer_in, _killer_out

    A = new_work()
    zero = np.zeros(4, dtype=np.int64)
    # 3 tricks; spades in play A K Q J T 9 8 7 6 5 4 3 -> packed bits 11..0
    tl, _ = _setup(A, _hands("N:AQ6.. KT5.. J84.. 973.."), NT, 0, zero, zero, 0)
    assert tl == 3 and A[OROOT] == 3
    # the first trick takes the spade six, five, four and three (bits 3..0) out of play: the next trick's
    # packing has A K Q J T 9 8 7 at bits 7..0
    A[OT + 16 * 3 + 13] = 0b1111
    jack_now, jack_root = (0 << 4) | 4, (0 << 4) | 8
    assert _killer_out(A, jack_now, 2) == jack_root
    assert _killer_in(A, jack_root, 2) == jack_now
    assert _killer_in(A, jack_root, 3) == jack_root  # at the root's own trick: the root's packing
    assert _killer_in(A, (0 << 4) | 2, 2) == -1  # the spade five left play with the first trick
    assert _killer_in(A, -1, 2) == -1
    # a second trick takes the eight and the ace (bits 0 and 7 of its packing) out as well
    A[OT + 16 * 2 + 13] = (1 << 0) | (1 << 7)
    assert _killer_out(A, (0 << 4) | 3, 1) == jack_root  # the jack is bit 3 of the last trick's packing
    assert _killer_in(A, jack_root, 1) == (0 << 4) | 3
    assert _killer_in(A, (0 << 4) | 11, 1) == -1  # the ace
    # other suits pass through unchanged when none of their cards left play
    assert _killer_in(A, _killer_out(A, (2 << 4) | 1, 1), 1) == (2 << 4) | 1
