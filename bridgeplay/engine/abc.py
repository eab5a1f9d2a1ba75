"""The ABC game-tree search (Otawa & Uehara, Step 2-2) as one numba kernel.

Three deals are searched together: ``da`` (A's sampled deal, the cards really held in the search)
and the views ``db``, ``dc`` that B and C believe in.  A hand is an int64 with bit ``16 * suit +
rank`` per card (suits S, H, D, C = 0..3; seats N, E, S, W = 0..3); a deal row is four hands.  The
search returns A's side's tricks from the position (the current trick included) along the line the
back-up rules give, with alpha-beta on those tricks (the payoff is non-decreasing in them):

* A's nodes (and dummy's when A declares) maximise; the opponents' minimise (the paper's type);
* at B's node (dummy's when B declares) with a live view, B's candidates are the cards whose value
  in his view is the best for him, ``X``: each card's double-dummy value in the view (the engine's
  :func:`bridgeplay.engine.dd.solve`), as the payoff of the tricks won so far plus those; ``a`` is the
  node's type over ``X`` only.  C's node is the mirror; with the view dead (``*``) ``X`` is every card;
* a card a viewer sees played from a hand his view does not give it: ``VIEWS_FIXED`` kills the view
  (the paper's ``*``: every later value of it is undefined); ``VIEWS_REVISED`` first tries the
  smallest change to the view that allows the card: the two hands the viewer cannot see exchange it
  for the nearest card of the same suit that the player holds in the view (nearest by the cards still
  held between them; the lower on a tie).  A change of suit lengths (a player shows out, or follows
  to a suit the view gave him none of) kills the view in both modes;
* where every live view equals ``da`` the value is ``da``'s double-dummy value (one engine call);
* two cards of the player to move with no card still held between them (in any hand, nor on the
  table) are equivalent when, in every live view, the view after the one is the view after the other
  with the two exchanged, and no player still to play to this trick holds the card left in the view
  (the one place where the two can still meet): exchanging the two ranks is then a symmetry of the
  whole rest of the game (every comparison, double-dummy value and revision is the same), so one card
  stands for the run.  At fourth hand a card on the table between them does not keep them apart where
  neither wins the trick (it goes the same way, and the card is gone after it).
  A view that gives the two cards to different hands, or both to the hand the viewer cannot see,
  usually still passes: on Example 1 this cut a triple's nodes 20-130 fold against asking both
  cards in the mover's hand in every view;
* the table and the value memo are keyed in relative ranks (each suit's cards still held, and on the
  table, renumbered from 0): the game after a position depends only on their order, so positions that
  differ only by which cards are gone are one (Example 1: 29.2 M -> 3.8 M nodes on 80 triples); the value memo's
  key also puts each card on the table at the bottom of its run of cards held by the players who have played to
  the trick (exchanging the two is a symmetry of one deal: 60 triples of Example 1, 7% fewer engine calls);
* X is asked card by card, as the search reaches a card, by one null-window engine search ("does this
  card reach the fewest tricks with the view's best payoff?"), not from every card's exact value; not at
  all where the mover's legal cards are one run in da (the viewer's hand and the cards held are the same in
  his view, so they are equal there too, and X is all of them).

The literal statement of the rules is ``tests/reference/abc_literal.py``; the tests prove this kernel
equal to it.  :func:`abc_tricks` is the validating public entry.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros

from bridgeplay.engine._numba import numba_without_scipy
from bridgeplay.engine.dd import _ix, _prefetch, new_tt, new_work, zeros_aligned
from bridgeplay.engine.dd import solve_within as _dd_solve
from bridgeplay.engine.ddpacked import solve_packed as _dd_packed
from bridgeplay.engine.rules import _popcount as _pop

numba_without_scipy()

SUIT = 0xFFFF
VIEWS_FIXED = 0
VIEWS_REVISED = 1
# parameters, P[...]
PA, PB, PC, PDECL, PDUMMY, PTRUMP, PMODE, PASIDE, PSTRICT, PHB, PHC = range(11)  # PHB/PHC: the lower seat B/C
# cannot see (a live view holds its viewer's hand and dummy's as da does, and the two others' cards between
# them: one hand of the two is the whole view)
# statistics, S[...]
SNODES, SDD, STT, SABORT = range(4)  # S[SABORT] set from another thread: the search unwinds at once
TW = 8  # words of a table row: da's four hands, B's and C's views (one hidden hand each, -1 dead), the
# trick; then leader + 4 * won (bits 0-15), used (bit 16), lo (bits 24-31), hi (bits 32-39): one cache line
# per level, LV[lev, ...]: the card that last cut off there (tried first; kept in the kernel from one search to the
# next after the same card of A's, as the triples of a deal of Da cut off with the same cards: 60 triples of
# Example 1, 3.5% fewer ABC nodes and 3.1% fewer engine nodes than starting each triple empty); a first guess at
# the value of da, of B's view and of C's view; known bounds on the value of B's and C's views (lower, upper).
# Values there are A's side's tricks since the root (``won`` plus the tricks from the position), so they pass
# down unchanged
LV_CUT, LV_GUESS, LV_LO, LV_HI = 0, 1, 3, 5  # LV_GUESS + k (k = 0, 1, 2: da, B, C); LV_LO + k, LV_HI + k (k = 1, 2)
LVW = 8
PRE_NONE = -2  # _node's ``pre`` when the parent has not probed the table for it
NO_LO = -1
NO_HI = 99
MKW = 5  # words of a value memo key: a deal's four hands, the trick with the leader and trump
# a memo row: the key, the cards found to reach ``need`` (X), those found not to, then valid X (bit 0),
# valid value (bit 1), need (bits 2-9), the position's value (bits 10-17) and bounds known on North-South's tricks
# (bit 18 BOUNDS; lo bits 19-26, hi bits 27-34): one cache line
MW = 8
BOUNDS = 1 << 18
LEVELS = 54
DA_TEST_MARGIN = 1  # da's bound tested mid-trick where its last value is this near the window (see _node)
MEMO_LOG2 = 19
ABC_TT_LOG2 = 19
# the engine's table for the views' values: 2**20 suit-length patterns, 2**19 entry blocks (about 290 MiB of
# address space, touched as it fills).  It is kept across the triples and the deals of a decision (positions
# in relative ranks recur from deal to deal: emptied at each deal of Da, 60 triples of Example 1 take 24% more
# engine nodes).  It still fills: 5 harvests in the seed-1 decision of Example 1 at |Da| = n = 30 (a full table drops
# the patterns nearest the end of the hand that it has not used lately: dd._tt_harvest); at 2**18 / 2**18, 54
# harvests and 15% more engine nodes, which the smaller table's cheaper pages did not pay for (benchmarks/abc_speed.md)
DD_TT_LOG2 = 20
DD_TT_BLOCKS_LOG2 = 19
# the engine's mid-trick table (a view's value asked with cards on the table: dd._mtd_mid), 2**17 buckets of four
# entries of six words (24 MiB)
DD_MID_LOG2 = 17


@njit(cache=True, inline="always")
def _legal(hand, led):
    if led >= 0:
        m = hand & (np.int64(SUIT) << np.int64(16 * led))
        if m:
            return m
    return hand


@njit(cache=True)
def _play(v, seat, card, led, viewer, dummy, mode):
    """Card ``card`` played by ``seat`` in view row ``v`` (changed in place); False when the view dies."""
    h = v[_ix(seat)]
    one = np.int64(1) << np.int64(card)
    s = card >> 4
    if led >= 0 and s != led and (h >> np.int64(16 * led)) & SUIT:
        return False  # the player shows out where the view has him follow
    if h & one:
        v[_ix(seat)] = h & ~one
        return True
    if mode == VIEWS_FIXED:
        return False
    y = 6 - viewer - dummy - seat  # the other hand the viewer cannot see
    if not (v[_ix(y)] & one):
        return False
    same = (h >> np.int64(16 * s)) & SUIT
    if same == 0:
        return False  # the view gave him none of the suit
    held = ((v[0] | v[1] | v[2] | v[3]) >> np.int64(16 * s)) & SUIT
    r = card & 15
    best = -1
    bestd = 99
    for k in range(16):
        if (same >> k) & 1:
            lo = min(k, r)
            hi = max(k, r)
            between = held & ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
            d = _pop(between)
            if d < bestd:
                bestd = d
                best = k
    c2 = np.int64(1) << np.int64(16 * s + best)
    v[_ix(seat)] = h & ~c2
    v[_ix(y)] = (v[_ix(y)] & ~one) | c2
    return True


@njit(cache=True, inline="always")
def _same_row(u, v):
    return u[0] == v[0] and u[1] == v[1] and u[2] == v[2] and u[3] == v[3]


@njit(cache=True, inline="always")
def _winning_index(tc, nt, trump):
    """Index in ``tc`` of the card winning the trick's first ``nt`` cards (``nt`` >= 1)."""
    best = 0
    for i in range(1, nt):
        c = tc[_ix(i)]
        b = tc[_ix(best)]
        if (c >> 4) == (b >> 4):
            if c > b:
                best = i
        elif (c >> 4) == trump:
            best = i
    return best


@njit(cache=True, inline="always")
def _winning_card(tc, nt, trump):
    """The card winning the trick so far (-1: no card on the table)."""
    if nt == 0:
        return np.int64(-1)
    return tc[_ix(_winning_index(tc, nt, trump))]


@njit(cache=True, inline="always")
def _beats(c, win, trump):
    """Whether card ``c`` played now would win the trick from ``win`` (:func:`_winning_card`)."""
    if win < 0:
        return True
    if (c >> 4) == (win >> 4):
        return c > win
    return (c >> 4) == trump


@njit(cache=True)
def _winner(tc, ts, trump):
    return ts[_ix(_winning_index(tc, 4, trump))]


@njit(cache=True)
def _load(row, hands):
    for x in range(4):
        for s in range(4):
            hands[_ix(x), _ix(s)] = (row[_ix(x)] >> np.int64(16 * s)) & SUIT


@njit(cache=True)
def _memo_key(row, tc, nt, leader, trump, mk, ptc):
    """The value memo's key of a position into ``mk`` (a deal's four hands, the trick, leader and trump) in
    relative ranks among the cards held and on the table (:func:`_squeeze`), the trick's cards so into ``ptc``
    (the engine's packed form, :func:`bridgeplay.engine.ddpacked.solve_packed`); returns those cards."""
    held = row[0] | row[1] | row[2] | row[3]
    for i in range(nt):
        held |= np.int64(1) << tc[_ix(i)]
    for i in range(nt):
        c = tc[_ix(i)]
        below = (held >> np.int64(c & ~15)) & ((np.int64(1) << (c & 15)) - 1)
        ptc[_ix(i)] = (c & ~15) + _pop(below)
    for x in range(4):
        mk[_ix(x)] = row[_ix(x)]
    _squeeze(mk, 4, held)
    # A card on the table next to a card held by a player who has played to the trick (no card of the mover's or
    # a later player's between them) may be exchanged with it: the two never meet, and every other card compares
    # with both alike, so the exchange is a symmetry of the rest of the game.  Such exchanges reorder each run of
    # ranks held by the players who have played or on the table as they like, keeping the order of the table's
    # cards and of the held ones: the key puts the table's at the bottom of the run (already there unless a card on
    # the table has one of those held cards just below it)
    pl = np.int64(0)
    tm = np.int64(0)
    for i in range(nt):
        pl |= mk[_ix((leader + i) & 3)]
        tm |= np.int64(1) << ptc[_ix(i)]
    for s in range(4 if (tm >> 1) & pl else 0):
        sh = np.int64(16 * s)
        tm = np.int64(0)
        for i in range(nt):
            if (ptc[_ix(i)] >> 4) == s:
                tm |= np.int64(1) << (ptc[_ix(i)] & 15)
        if tm == 0:
            continue
        pm = np.int64(0)
        for j in range(nt):
            pm |= (mk[_ix((leader + j) & 3)] >> sh) & SUIT
        blk = tm | pm
        x = np.int64(0)
        while x < 16:
            if not (blk >> x) & 1:
                x += 1
                continue
            start = x
            while x < 16 and (blk >> x) & 1:
                x += 1
            run = (np.int64(1) << x) - (np.int64(1) << start)
            if (pm & run) == 0:
                continue
            k = _pop(tm & run)
            for i in range(nt):
                c = ptc[_ix(i)]
                if (c >> 4) == s and (run >> (c & 15)) & 1:
                    ptc[_ix(i)] = sh + start + _pop(tm & run & ((np.int64(1) << (c & 15)) - 1))
            for j in range(nt):
                q = (leader + j) & 3
                h = (mk[_ix(q)] >> sh) & run
                nh = np.int64(0)
                while h:
                    y = h & -h
                    nh |= np.int64(1) << (start + k + _pop(pm & run & (y - 1)))
                    h ^= y
                mk[_ix(q)] = (mk[_ix(q)] & ~(run << sh)) | (nh << sh)
    tp = np.int64(nt)
    for i in range(nt):
        tp = (tp << 8) | ptc[_ix(i)]
    mk[4] = (tp << 8) | (leader + 4 * trump)
    return held


@njit(cache=True)
def _memo_slot(M, mk):
    """The memo row of the position ``mk``, made empty first when it holds another position."""
    i = np.int64(_hash(mk, MKW) & np.uint64(M.shape[0] - 1))
    for w in range(MKW):
        if M[_ix(i), _ix(w)] != mk[_ix(w)]:
            for x in range(MKW):
                M[_ix(i), _ix(x)] = mk[_ix(x)]
            M[_ix(i), 5] = 0
            M[_ix(i), 6] = 0
            M[_ix(i), 7] = 0
            break
    return i


@njit(cache=True, inline="always")
def _runs(y, h):
    """The cards of hand ``h`` in a run with a card of ``y`` (both in relative ranks, :func:`_memo_key`): cards
    of one hand with no other card held or on the table between them take the same tricks in the deal."""
    y &= h
    while True:
        z = y | (((y << 1) | (y >> 1)) & h)
        if z == y:
            return y
        y = z


@njit(cache=True, inline="always")
def _one_run(cards, held):
    """Whether ``cards`` (a player's, of ``held``: the cards held and on the table) are one run: one suit, and no
    other card of ``held`` between the lowest and the highest.  The viewer's hand and the cards held in all are the
    same in a live view as in da, so such cards are equal in the view too: every one of them takes the view's
    value, and X is all of them without an engine call."""
    hi = np.int64(63) - np.int64(leading_zeros(cards))
    lo = np.int64(63) - np.int64(leading_zeros(cards & -cards))
    if (hi >> 4) != (lo >> 4):
        return False
    between = ((np.int64(1) << hi) - 1) & ~((np.int64(1) << (lo + 1)) - 1)
    return (between & held & ~cards) == 0


@njit(cache=True, inline="always")
def _memo_key_or_held(row, tc, nt, leader, trump, mk, psuit, keyed):
    """The cards held or on the table in deal ``row``, as :func:`_memo_key` returns them; the key itself made in
    ``mk`` and ``psuit`` only when not ``keyed`` (they hold this position's key already)."""
    if keyed:
        held = row[0] | row[1] | row[2] | row[3]
        for j in range(nt):
            held |= np.int64(1) << tc[_ix(j)]
        return held
    return _memo_key(row, tc, nt, leader, trump, mk, psuit)


@njit(cache=True)
def _x_cards(row, tc, nt, leader, trump, want, need, work, tt, hands, psuit, out, S, M, mk, keyed):
    """The cards of ``want`` that take at least ``need`` tricks for the side to play in deal ``row``:
    one null-window engine search a run of equal cards, memoised per position in M (the masks in
    relative ranks, as the key).  ``keyed``: ``mk`` and ``psuit`` hold this position's memo key already (the
    call right after :func:`_dd_pos` of the same position: of 0.80 M calls on the 60 triples of Example 1,
    0.72 M), so it is not made again."""
    held = _memo_key_or_held(row, tc, nt, leader, trump, mk, psuit, keyed)
    i = _memo_slot(M, mk)
    want = _pack_bits(want, held)
    meta = M[_ix(i), 7]
    if not meta & 1 or ((meta >> 2) & 255) != need:
        M[_ix(i), 5] = 0
        M[_ix(i), 6] = 0
        M[_ix(i), 7] = (meta & ~np.int64(1023)) | 1 | (need << 2)
    todo = want & ~(M[_ix(i), 5] | M[_ix(i), 6])
    if todo:
        S[SDD] += 1
        out[0, 0] = todo
        out[0, 1] = need
        yes = _dd_packed(work, tt, mk, psuit, np.int64(nt), leader, trump, hands, np.int64(3), out)
        h = mk[_ix((leader + nt) & 3)]
        M[_ix(i), 5] |= _runs(yes, h)
        M[_ix(i), 6] |= _runs(todo & ~yes, h)
    return _unpack_bits(want & M[_ix(i), 5], held)


@njit(cache=True)
def _dd_pos(row, tc, nt, leader, trump, work, tt, hands, psuit, out, S, M, mk, aside, guess, lo, hi, want, keyed):
    """Tricks the side to play takes from the position in deal ``row`` (the current trick included),
    memoised in the position's memo row (with its X cards, :func:`_x_cards`).  ``guess``, ``lo``, ``hi``:
    A's side's tricks from the position, a first guess (negative: none) and bounds known to hold (``lo``
    negative, ``hi`` above the tricks left: none); ``aside``: A's side.  ``want`` (a card mask, or 0): the
    cards asked whether they reach the value, in the same engine call (X where the payoff is strict; the
    engine searches the card first, mode 5).  The engine is handed the position as the memo key packs it
    (:func:`bridgeplay.engine.ddpacked.solve_packed`, ``psuit`` then holding the trick in relative ranks).
    ``keyed``: ``mk`` and ``psuit`` hold the position's memo key already (:func:`_node` made it early, to fetch
    its memo row while it works)."""
    cards = _memo_key_or_held(row, tc, nt, leader, trump, mk, psuit, keyed)
    i = _memo_slot(M, mk)
    if M[_ix(i), 7] & 2:
        return (M[_ix(i), 7] >> 10) & 255
    held = _pop(row[0] | row[1] | row[2] | row[3])
    tl = (held + nt + 3) // 4
    if aside == 0:  # in North-South's tricks
        g = min(guess, tl)
        nlo = lo
        nhi = hi
    else:
        g = tl - guess if guess >= 0 else np.int64(-1)
        nlo = tl - hi
        nhi = tl - lo
    meta = M[_ix(i), 7]
    if meta & BOUNDS:  # (bounds from :func:`_dd_reaches`)
        nlo = max(nlo, (meta >> 19) & 255)
        nhi = min(nhi, (meta >> 27) & 255)
    if g < 0:
        _load(row, hands)  # (the engine's own first guess reads the cards)
    S[SDD] += 1
    out[0, 0] = g
    out[0, 1] = nlo
    out[0, 2] = nhi
    if want == 0:
        ns = _dd_packed(work, tt, mk, psuit, np.int64(nt), leader, trump, hands, np.int64(4), out)
        v = ns if ((leader + nt) & 1) == 0 else tl - ns
        M[_ix(i), 7] = (M[_ix(i), 7] & np.int64(1023)) | 2 | (v << 10)
        return v
    asked = _pack_bits(want, cards)
    out[0, 3] = asked
    ns = _dd_packed(work, tt, mk, psuit, np.int64(nt), leader, trump, hands, np.int64(5), out)
    v = ns if ((leader + nt) & 1) == 0 else tl - ns
    yes = out[0, 4]
    meta = M[_ix(i), 7]
    if not meta & 1 or ((meta >> 2) & 255) != v:
        M[_ix(i), 5] = 0
        M[_ix(i), 6] = 0
    h = mk[_ix((leader + nt) & 3)]
    M[_ix(i), 5] |= _runs(yes, h)
    M[_ix(i), 6] |= _runs(asked & ~yes, h)
    M[_ix(i), 7] = 3 | (v << 2) | (v << 10)
    return v


@njit(cache=True)
def _dd_reaches(row, tc, nt, leader, trump, work, tt, hands, psuit, out, S, M, mk, aside, t):
    """Whether A's side (``aside``) takes at least ``t`` tricks from the position in deal ``row`` (the current
    trick included; 1 <= t <= tricks left): from the value memo's row when it holds the value or bounds that
    decide it, else by one null-window engine search, whose answer (a bound) the row then keeps."""
    _memo_key(row, tc, nt, leader, trump, mk, psuit)
    i = _memo_slot(M, mk)
    held = _pop(row[0] | row[1] | row[2] | row[3])
    tl = (held + nt + 3) // 4
    meta = M[_ix(i), 7]
    if meta & 2:
        v = (meta >> 10) & 255  # the side to play's tricks
        return (v if ((leader + nt) & 1) == aside else tl - v) >= t
    tns = t if aside == 0 else tl - t + 1  # North-South's tricks that decide it
    if meta & BOUNDS:
        lo = (meta >> 19) & 255
        hi = (meta >> 27) & 255
    else:
        lo = np.int64(0)
        hi = tl
    if lo >= tns or hi < tns:
        return (lo >= tns) == (aside == 0)
    S[SDD] += 1
    out[0, 0] = tns
    out[0, 1] = tns - 1
    out[0, 2] = tns
    ns = _dd_packed(work, tt, mk, psuit, np.int64(nt), leader, trump, hands, np.int64(4), out)
    if ns >= tns:
        lo = tns
    else:
        hi = tns - 1
    M[_ix(i), 7] = (meta & np.int64(0x3FFFF)) | BOUNDS | (lo << 19) | (hi << 27)
    return (ns >= tns) == (aside == 0)


@njit(cache=True, inline="always")
def _pay_of(pay, won, tl, mine, v):
    """A's side's payoff when the side to play takes ``v`` of the ``tl`` tricks left (``mine``: it is A's)."""
    return pay[_ix(won + v)] if mine else pay[_ix(won + tl - v)]


@njit(cache=True)
def _dd_ns(row, tc, nt, leader, trump, work, tt, hands, psuit, prank, out, S, guess, lo, hi, mode=4):
    """North-South's tricks from the position in deal ``row``: the engine's search from ``guess`` (negative:
    its own) within the bounds ``lo <= v <= hi`` (all in North-South's tricks); ``mode`` 5 also asks the
    cards out[0, 3] (:func:`bridgeplay.engine.dd.solve`)."""
    _load(row, hands)
    for i in range(nt):
        psuit[_ix(i)] = tc[_ix(i)] >> 4
        prank[_ix(i)] = tc[_ix(i)] & 15
    S[SDD] += 1
    out[0, 0] = guess
    out[0, 1] = lo
    out[0, 2] = hi
    return _dd_solve(work, tt, hands, trump, leader, psuit, prank, np.int64(nt), np.int64(mode), out)


@njit(cache=True, inline="always")
def _here(x, won):
    """A value kept in tricks since the root (:data:`LV_GUESS`), as tricks from the position (negative: none)."""
    return x - won if x >= won else np.int64(-1)


@njit(cache=True)
def _swap_bits(h, c1, c2):
    b1 = (h >> c1) & 1
    b2 = (h >> c2) & 1
    if b1 != b2:
        h ^= (np.int64(1) << c1) | (np.int64(1) << c2)
    return h


@njit(cache=True)
def _reps(H, lev, alive, seat, kids, table, P, led, nt, tmp, win):
    """One card per run of cards equivalent in every live deal (as a hand mask).  Two of the mover's
    cards next to each other among all the cards still held (none between them in any hand, nor on the
    table; at fourth hand a card on the table between them is allowed where neither wins the trick) are
    equivalent when, in every live view, the view after the one is the view after the other with the two
    cards exchanged (and alive alike), and the card left is not held in the view by a player still to play
    to this trick: exchanging them is then a symmetry of the rest of the game.  ``win``: the card winning
    the trick so far (:func:`_winning_card`); ``tmp``: (2, 4) scratch."""
    out = np.int64(0)
    prev = -1
    tmp1 = tmp[0]
    tmp2 = tmp[1]
    ra = H[_ix(lev), 0]
    left = kids
    while left:
        c = np.int64(63) - np.int64(leading_zeros(left))  # the highest card left (cards are bits 0..62)
        left ^= np.int64(1) << c
        if prev >= 0 and (prev >> 4) == (c >> 4):
            between = ((np.int64(1) << prev) - 1) & ~((np.int64(1) << (c + 1)) - 1)
            # (a card on the table between them decides nothing at fourth hand where neither wins the trick: it
            # goes the same way, and the card is gone after it.  At third hand, where the same holds, merging them
            # cost nodes: 60 triples of Example 1, 3,080,188 ABC nodes against 3,056,716 at fourth hand only)
            eq = ((between & table) == 0 or (nt == 3 and not _beats(prev, win, P[PTRUMP]))) and (
                between & (ra[0] | ra[1] | ra[2] | ra[3]) & ~ra[_ix(seat)]) == 0
            k = 1
            while eq and k < 3:
                if alive[_ix(lev), _ix(k)]:
                    d = H[_ix(lev), _ix(k)]
                    if (d[_ix(seat)] >> c) & 1 and (d[_ix(seat)] >> prev) & 1:
                        pass
                    elif seat == P[_ix(PA + k)] or seat == P[PDUMMY]:
                        eq = False
                    else:
                        for x in range(4):
                            tmp1[_ix(x)] = d[_ix(x)]
                            tmp2[_ix(x)] = d[_ix(x)]
                        a1 = _play(tmp1, seat, prev, led, P[_ix(PA + k)], P[PDUMMY], P[PMODE])
                        a2 = _play(tmp2, seat, c, led, P[_ix(PA + k)], P[PDUMMY], P[PMODE])
                        if a1 != a2:
                            eq = False
                        elif a1:
                            for x in range(4):
                                if _swap_bits(tmp1[_ix(x)], prev, c) != tmp2[_ix(x)]:
                                    eq = False
                            # the card left must not meet the one played in this trick, in the view: held by
                            # a player still to play to it, the exchange would change who wins
                            for j in range(1, 4 - nt):
                                y = (seat + j) & 3
                                if (tmp1[_ix(y)] >> c) & 1 or (tmp2[_ix(y)] >> prev) & 1:
                                    eq = False
                k += 1
            if eq:
                prev = c
                continue
        out |= np.int64(1) << c
        prev = c
    return out


@njit(cache=True)
def _squeeze(key, n, held):
    """The hands key[:n] (a negative word: a dead view, left alone) in relative ranks: each suit's cards
    of ``held`` renumbered from 0 up.  The rest of the game depends only on the order of the cards still
    held and on the table (tricks, the engine's values, the revision rule's nearest card, the equal cards),
    so positions that differ only by which cards are gone are one position (on Example 1, 25 times fewer
    trick-start positions)."""
    for w in range(n):
        if key[_ix(w)] >= 0:
            key[_ix(w)] = _pack_bits(key[_ix(w)], held)


def _byte_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per byte of a suit: PEXT[h << 8 | x], the bits of ``x`` among the set bits of ``h`` packed from bit 0
    (bit k = the k-th lowest of ``h``); PDEP[h << 8 | y], its inverse; POP8[h], the bits set in ``h``."""
    # (in bytes throughout: 1 ms, against 11-35 ms in int64 at every start of the program)
    h = np.arange(256, dtype=np.uint8)[:, None]
    x = np.arange(256, dtype=np.uint8)[None, :]
    pop8 = np.unpackbits(h, axis=1).sum(axis=1, dtype=np.uint8)
    pext = np.zeros((256, 256), dtype=np.uint8)
    pdep = np.zeros((256, 256), dtype=np.uint8)
    for b in range(8):
        k = pop8[h & np.uint8((1 << b) - 1)]  # the rank of bit b among h's bits
        on = (h >> np.uint8(b)) & np.uint8(1)
        pext |= ((x >> np.uint8(b)) & on) << k
        pdep |= ((x >> k) & on) << np.uint8(b)
    return pext.ravel(), pdep.ravel(), pop8


PEXT, PDEP, POP8 = _byte_tables()  # (constants of the compiled kernels: 128 KB)


@njit(cache=True, inline="always")
def _pack_bits(x, held):
    """The cards of ``x`` in relative ranks among ``held`` (suit by suit: bit k = the k-th lowest held), a
    byte at a time from :data:`PEXT`."""
    out = np.int64(0)
    for s in range(4):
        sh = np.int64(16 * s)
        hm = (held >> sh) & SUIT
        xm = (x >> sh) & SUIT
        lo = hm & 255
        v = np.int64(PEXT[_ix((lo << 8) | (xm & 255))]) | (
            np.int64(PEXT[_ix(((hm >> 8) << 8) | (xm >> 8))]) << POP8[_ix(lo)])
        out |= v << sh
    return out


@njit(cache=True, inline="always")
def _unpack_bits(y, held):
    """The inverse of :func:`_pack_bits`: real cards from relative ranks among ``held``."""
    out = np.int64(0)
    for s in range(4):
        sh = np.int64(16 * s)
        hm = (held >> sh) & SUIT
        ym = (y >> sh) & SUIT
        lo = hm & 255
        v = np.int64(PDEP[_ix((lo << 8) | (ym & 255))]) | (
            np.int64(PDEP[_ix(((hm >> 8) << 8) | ((ym >> POP8[_ix(lo)]) & 255))]) << 8)
        out |= v << sh
    return out


@njit(cache=True)
def _hash(key, n):
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(n):
        h ^= np.uint64(key[_ix(i)])
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    return h


@njit(cache=True, inline="always")
def _row_is(T, i, key, kp):
    """Row i of the table holds the position (key[:7], kp)."""
    if (T[_ix(i), 7] & 0x1FFFF) != (kp | 0x10000):
        return False
    for w in range(TW - 1):
        if T[_ix(i), _ix(w)] != key[_ix(w)]:
            return False
    return True


@njit(cache=True, inline="always")
def _rows(T):
    """The table's rows of positions (a power of two): its last rows hold their signatures (:func:`_sig`)."""
    return T.shape[0] // 65 * 64


@njit(cache=True, inline="always")
def _sig(T, n, i):
    """The signature byte of row ``i`` (0: empty): the rows' signatures, a byte each, fill T's last ``n / 64`` rows
    (n / 8 bytes: they stay in the cache where the rows do not), so that a probe for a position absent from the
    table reads no row."""
    return (T[_ix(n + (i >> 6)), _ix((i >> 3) & 7)] >> np.int64(8 * (i & 7))) & 255


@njit(cache=True, inline="always")
def _sig_of(h):
    return np.int64((h >> np.uint64(57)) | np.uint64(128))  # (never 0)


@njit(cache=True)
def _probe(T, key, kp):
    """The stored (lo << 24 | hi << 32) bounds of the position, or -1.  A position lives in one of two rows
    (its hash's and the next): a miss reads two cache lines, not four (60 triples of Example 1: 0.05% more
    nodes than four rows, about 5% less time in paired runs); a row is read only when its signature byte is
    the position's.  Leaves the hash in key[TW - 1] for :func:`_store` of the same position."""
    n = _rows(T)
    h = _hash(key, TW - 1) ^ np.uint64(kp)
    key[TW - 1] = np.int64(h)
    g = _sig_of(h)
    i = np.int64(h & np.uint64(n - 1))
    for _ in range(2):
        if _sig(T, n, i) == g and _row_is(T, i, key, kp):
            return T[_ix(i), 7]
        i = (i + 1) & (n - 1)
    return np.int64(-1)


@njit(cache=True)
def _store(T, key, kp, lo, hi):
    """Store the bounds of the position (key[:TW - 1], kp), which :func:`_probe` has probed: its hash is read
    from key[TW - 1], where the probe left it (every store in :func:`_node` follows its position's probe, and
    the probe's key row is not written in between), not made again."""
    n = _rows(T)
    h = np.uint64(key[TW - 1])
    g = _sig_of(h)
    i0 = np.int64(h & np.uint64(n - 1))
    i = i0
    for _ in range(2):
        s = _sig(T, n, i)
        if s == 0 or (s == g and _row_is(T, i, key, kp)):
            break
        i = (i + 1) & (n - 1)
    else:
        i = i0  # both slots taken by other positions: replace the first
    for w in range(TW - 1):
        T[_ix(i), _ix(w)] = key[_ix(w)]
    T[_ix(i), 7] = kp | 0x10000 | (lo << 24) | (hi << 32)
    r = n + (i >> 6)
    c = (i >> 3) & 7
    sh = np.int64(8 * (i & 7))
    T[_ix(r), _ix(c)] = (T[_ix(r), _ix(c)] & ~(np.int64(255) << sh)) | (g << sh)


@njit(cache=True, inline="always")
def _pass_down(LV, lev, nxt, H, P, seat, c, ask, n, aside, xlo, xhi):
    """LV[nxt] after ``seat`` plays card ``c`` (one of ``n`` at the node): the guesses pass down, and each
    live view's bounds as far as they still hold.  In a view, a card of an opponent of the viewer can only
    raise his side's value there (a minimax value), one of his partner's only lower it, one the viewer
    chose from X keeps it where X put it (``xlo``, ``xhi``), and a forced card of a hand the viewer sees
    changes nothing; a card the view moved from the other hidden hand (revised) changes the view itself,
    and both bounds are lost."""
    for k in range(3):
        LV[_ix(nxt), _ix(LV_GUESS + k)] = LV[_ix(lev), _ix(LV_GUESS + k)]
    for k in range(1, 3):
        vw = P[_ix(PA + k)]
        lo = LV[_ix(lev), _ix(LV_LO + k)]
        hi = LV[_ix(lev), _ix(LV_HI + k)]
        if ask == k:
            lo = xlo
            hi = xhi
        elif n == 1 and (seat == vw or seat == P[PDUMMY]):
            pass
        elif seat != vw and seat != P[PDUMMY] and not (H[_ix(lev), _ix(k), _ix(seat)] >> c) & 1:
            lo = NO_LO
            hi = NO_HI
        elif ((seat & 1) != (vw & 1)) == ((vw & 1) == aside):
            hi = NO_HI  # A's side's tricks in the view can only rise (the viewer's rise on his side, A's) ...
        else:
            lo = NO_LO  # ... or only fall
        LV[_ix(nxt), _ix(LV_LO + k)] = lo
        LV[_ix(nxt), _ix(LV_HI + k)] = hi


@njit(cache=True)
def _table_key(H, AL, lev, tc, ts, nt, P, key):
    """The table key of the position at level ``lev`` into ``key``: da's hands, the hidden hand of B's and
    C's views (-1: dead) and the trick, in relative ranks (:func:`_squeeze`)."""
    ra = H[_ix(lev), 0]
    for x in range(4):
        key[_ix(x)] = ra[_ix(x)]
    key[4] = H[_ix(lev), 1, _ix(P[PHB])] if AL[_ix(lev), 1] else -1
    key[5] = H[_ix(lev), 2, _ix(P[PHC])] if AL[_ix(lev), 2] else -1
    held_t = ra[0] | ra[1] | ra[2] | ra[3]
    for i in range(nt):
        held_t |= np.int64(1) << tc[_ix(i)]
    tp = np.int64(nt)
    for i in range(nt):
        c = tc[_ix(i)]
        below = (held_t >> np.int64(c & ~15)) & ((np.int64(1) << (c & 15)) - 1)
        tp = (tp << 8) | (((c & ~15) + _pop(below)) << 2) | ts[_ix(i)]
    key[6] = tp
    _squeeze(key, 6, held_t)


@njit(cache=True, _nrt=False)
def _node(H, AL, lev, trk, nt, leader, won, alpha, beta, P, pay, work, tt, T, S, M, LV, KEY, CARDS, TC, TS,
          hands, psuit, out, mk, tmp, pre):
    """A's side's tricks from the position at level ``lev`` (deal rows H[lev], views alive AL[lev]);
    the current trick is TC/TS[trk][:nt] from ``leader`` (a row, not two arrays: every array argument is seven
    words pushed at every recursive call); ``won``: A's side's tricks since the root.

    Allocates nothing (compiled without reference counts): per level the table key KEY[lev], the cards
    CARDS[lev], a new trick's TC/TS[lev] and LV[lev] (:data:`LV_CUT`); shared scratch for the engine calls
    (hands, psuit, out), the memo key ``mk`` and :func:`_reps`'s ``tmp``.  ``pre``: the table's entry
    for the position when the parent has probed it already (:data:`PRE_NONE`: not)."""
    S[SNODES] += 1
    if S[SABORT]:
        return alpha  # abandoned: the caller discards the value
    tc = TC[_ix(trk)]
    ts = TS[_ix(trk)]
    ra = H[_ix(lev), 0]
    held = _pop(ra[0] | ra[1] | ra[2] | ra[3])
    tl = (held + nt + 3) // 4
    if beta <= 0:
        return np.int64(0)  # A's side takes 0 to tl tricks from here: the window settles the node
    if alpha >= tl:
        return tl
    aside = P[PASIDE]
    # the table
    key = KEY[_ix(lev)]
    kp = leader + 4 * (0 if P[PSTRICT] else won)  # X compares payoffs: with a strictly increasing one, tricks
    if pre == PRE_NONE:
        _table_key(H, AL, lev, tc, ts, nt, P, key)
        meta = _probe(T, key, kp)
    else:
        meta = pre  # the parent probed (KEY[lev] holds the key)
    if meta >= 0:
        lo = (meta >> 24) & 255
        hi = (meta >> 32) & 255
    else:
        lo = np.int64(0)
        hi = np.int64(99)
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    # every live view equal to da: da's double-dummy value
    same = True
    for k in range(1, 3):
        if AL[_ix(lev), _ix(k)]:
            for x in range(4):
                if H[_ix(lev), _ix(k), _ix(x)] != ra[_ix(x)]:
                    same = False
    seat = (leader + nt) & 3
    if same and beta == alpha + 1:
        S[STT] += 1
        if _dd_reaches(ra, tc, nt, leader, P[PTRUMP], work, tt, hands, psuit, out, S, M, mk, aside, beta):
            _store(T, key, kp, max(lo, beta), hi)
            return beta
        _store(T, key, kp, lo, min(hi, alpha))
        return alpha
    if same:
        sp = _dd_pos(ra, tc, nt, leader, P[PTRUMP], work, tt, hands, psuit, out, S, M, mk, aside,
                     _here(LV[_ix(lev), LV_GUESS], won), np.int64(NO_LO), np.int64(NO_HI), np.int64(0), False)
        v = sp if (seat & 1) == aside else tl - sp
        S[STT] += 1
        _store(T, key, kp, v, v)
        return v
    owner = P[PDECL] if seat == P[PDUMMY] else seat
    led = (tc[0] >> 4) if nt > 0 else -1
    maximise = (owner & 1) == aside
    # A player who sees the cards (his view dead, or da itself) makes no mistake.  An opponent's mistakes can
    # only help A and a partner's only cost him, so: no opponent of A can err -> a <= da's double-dummy value;
    # no partner of A can err -> a >= it (tests/test_abc.py proves both by induction).  A defending: B is
    # declarer, C his partner; A declaring: B and C are both opponents, and a >= the value always.
    # Asked at the start of a trick (da's exact value, also the views' first guess) and at third hand (a
    # null-window test, below): each is an engine search, and at second and fourth hand they cost more than they
    # cut (benchmarks/abc_speed.md, thirteenth session)
    b_sees = not AL[_ix(lev), 1] or _same_row(H[_ix(lev), 1], ra)
    c_sees = not AL[_ix(lev), 2] or _same_row(H[_ix(lev), 2], ra)
    if P[PA] == P[PDECL]:
        upper = b_sees and c_sees
        lower = True
    else:
        upper = b_sees
        lower = c_sees
    # Third hand: the rules compare da's value with the window only, so one null-window search, not the value,
    # and only where da's last value known (at the trick's start) is within DA_TEST_MARGIN of cutting: of 466 K
    # such tests on the 60 triples of Example 1, 10.6 K cut, 5.5 K of the 8.6 K that the guess predicted and
    # 5.1 K of the 458 K it did not
    gq = _here(LV[_ix(lev), LV_GUESS], won)
    if nt == 2 and ((upper and (gq < 0 or gq <= alpha + DA_TEST_MARGIN))
                    or (lower and (gq < 0 or gq >= beta - DA_TEST_MARGIN))):
        t = alpha + 1 if upper else beta
        if _dd_reaches(ra, tc, nt, leader, P[PTRUMP], work, tt, hands, psuit, out, S, M, mk, aside, t):
            if lower and t >= beta:
                _store(T, key, kp, max(lo, t), hi)
                return t
        elif upper:
            _store(T, key, kp, lo, min(hi, t - 1))
            return t - 1
    if (upper or lower) and nt == 0:
        top = _dd_pos(ra, tc, nt, leader, P[PTRUMP], work, tt, hands, psuit, out, S, M, mk, aside,
                      _here(LV[_ix(lev), LV_GUESS], won), np.int64(NO_LO), np.int64(NO_HI), np.int64(0), False)
        dd = top if (seat & 1) == aside else tl - top
        LV[_ix(lev), LV_GUESS] = won + dd
        if upper and dd <= alpha:
            _store(T, key, kp, lo, min(hi, dd))
            return dd
        if lower and dd >= beta:
            _store(T, key, kp, max(lo, dd), hi)
            return dd
    table = np.int64(0)
    for i in range(nt):
        table |= np.int64(1) << tc[_ix(i)]
    win = _winning_card(tc, nt, P[PTRUMP])
    legal = _legal(ra[_ix(seat)], led)
    reps = _reps(H, lev, AL, seat, legal, table, P, led, nt, tmp, win)
    # X (B's or C's node, his view alive, a choice): the cards whose value in the view has the best payoff for
    # the mover, i.e. whose tricks for the side to play reach ``need``, the fewest with the view's best payoff.
    # Asked card by card as the search reaches them (a node cut off by its first card asks no other)
    # A card whose subtree the table already settles (it cannot change the node's value, whether in X or not)
    # is not asked: X is asked only of the cards the search must look into
    ask = -1
    need = np.int64(-1)  # (not asked yet)
    xlo = np.int64(NO_LO)  # the view's value after a card of X (A's side's tricks since the root), at least
    xhi = np.int64(NO_HI)  # and at most
    if owner != P[PA] and _pop(reps) > 1:
        k = 1 if owner == P[PB] else 2
        if AL[_ix(lev), _ix(k)] and not _one_run(legal, ra[0] | ra[1] | ra[2] | ra[3] | (
                0 if nt == 3 and not _beats(np.int64(63) - np.int64(leading_zeros(legal)), win, P[PTRUMP]) else table)):
            ask = k  # (the mover's cards all equal in da are equal in the view: X is all of them)
    if ask >= 0:
        # the view's memo key now and its row fetched, for the _dd_pos the first card searched asks (no memo call
        # comes between: only a searched card recurses, and it asks first)
        _memo_key(H[_ix(lev), _ix(ask)], tc, nt, leader, P[PTRUMP], mk, psuit)
        _prefetch(M[np.int64(_hash(mk, MKW) & np.uint64(M.shape[0] - 1))], np.int64(0))
    cards = CARDS[_ix(lev)]
    n = 0
    left = reps
    while left:
        c = np.int64(63) - np.int64(leading_zeros(left))
        left ^= np.int64(1) << c
        cards[_ix(n)] = c
        n += 1
    kc = LV[_ix(lev), LV_CUT]
    if kc >= 0 and (reps >> kc) & 1 and cards[0] != kc:
        j = 1
        while cards[_ix(j)] != kc:
            j += 1
        while j > 0:
            cards[_ix(j)] = cards[_ix(j - 1)]
            j -= 1
        cards[0] = kc
    a0 = alpha
    b0 = beta
    best_v = -1 if maximise else 99
    nxt = lev + 1
    nout = 0  # cards found not to be in X
    for i in range(n):
        c = cards[_ix(i)]
        one = np.int64(1) << c
        for k in range(3):
            for x in range(4):
                H[_ix(nxt), _ix(k), _ix(x)] = H[_ix(lev), _ix(k), _ix(x)]
            AL[_ix(nxt), _ix(k)] = AL[_ix(lev), _ix(k)]
        H[_ix(nxt), 0, _ix(seat)] = ra[_ix(seat)] & ~one
        if seat != P[PB] and seat != P[PDUMMY] and AL[_ix(nxt), 1]:
            AL[_ix(nxt), 1] = _play(H[_ix(nxt), 1], seat, c, led, P[PB], P[PDUMMY], P[PMODE])
        elif AL[_ix(nxt), 1]:
            H[_ix(nxt), 1, _ix(seat)] &= ~one
        if seat != P[PC] and seat != P[PDUMMY] and AL[_ix(nxt), 2]:
            AL[_ix(nxt), 2] = _play(H[_ix(nxt), 2], seat, c, led, P[PC], P[PDUMMY], P[PMODE])
        elif AL[_ix(nxt), 2]:
            H[_ix(nxt), 2, _ix(seat)] &= ~one
        tc[_ix(nt)] = c
        ts[_ix(nt)] = seat
        if maximise:
            lo_w = max(alpha, best_v)
            hi_w = beta
        else:
            lo_w = alpha
            hi_w = min(beta, best_v)
        got = np.int64(0)
        if nt == 3:
            w = _winner(tc, ts, P[PTRUMP])
            got = np.int64(1) if (w & 1) == aside else np.int64(0)
            ctrk = nxt
            cnt = np.int64(0)
            clead = w
        else:
            ctrk = trk
            cnt = nt + 1
            clead = leader
        cpre = np.int64(PRE_NONE)
        settled = False
        if nt == 3 and held > 1:  # a new trick: A's side takes 0 to tl - 1 of the tricks after it
            if not maximise and got >= beta:
                v = got
                settled = True
            elif maximise and got + tl - 1 <= alpha:
                v = got + tl - 1
                settled = True
        # (when every other card is out of X, this one is in: X is never empty)
        if ask >= 0 and nout < n - 1 and not settled:
            if nt < 3 or held > 1:
                _table_key(H, AL, nxt, TC[_ix(ctrk)], TS[_ix(ctrk)], cnt, P, KEY[_ix(nxt)])
                cpre = _probe(T, KEY[_ix(nxt)], clead + 4 * (0 if P[PSTRICT] else won + got))
                if cpre >= 0:
                    if maximise and got + ((cpre >> 32) & 255) <= alpha:
                        v = got + ((cpre >> 32) & 255)
                        settled = True
                    elif not maximise and got + ((cpre >> 24) & 255) >= beta:
                        v = got + ((cpre >> 24) & 255)
                        settled = True
            if not settled:
                keyed = need < 0  # (then _dd_pos leaves the position's memo key in mk and psuit for _x_cards)
                if need < 0:
                    lva = LV[_ix(lev)]  # (ask >= 0 here)
                    top = _dd_pos(H[_ix(lev), _ix(ask)], tc, nt, leader, P[PTRUMP], work, tt, hands, psuit, out, S,
                                  M, mk, aside, _here(lva[_ix(LV_GUESS + ask)], won),
                                  _here(lva[_ix(LV_LO + ask)], won), lva[_ix(LV_HI + ask)] - won,
                                  one if P[PSTRICT] else np.int64(0), True)
                    mine = (seat & 1) == aside
                    lva[_ix(LV_GUESS + ask)] = won + (top if mine else tl - top)
                    need = top
                    while need > 0 and _pay_of(pay, won, tl, mine, need - 1) == _pay_of(pay, won, tl, mine, top):
                        need -= 1
                    xlo = won + (need if mine else tl - top)
                    xhi = won + (top if mine else tl - need)
                if not _x_cards(H[_ix(lev), _ix(ask)], tc, nt, leader, P[PTRUMP], one, need, work, tt, hands, psuit,
                                out, S, M, mk, keyed):
                    nout += 1
                    continue
        if not settled:
            _pass_down(LV, lev, nxt, H, P, seat, c, ask, n, aside, xlo, xhi)
            if nt == 3 and held == 1:
                v = got
            else:
                v = got + _node(H, AL, nxt, ctrk, cnt, clead, won + got, lo_w - got, hi_w - got, P, pay, work,
                                tt, T, S, M, LV, KEY, CARDS, TC, TS, hands, psuit, out, mk, tmp, cpre)
        if maximise:
            if v > best_v:
                best_v = v
                if best_v >= beta:
                    LV[_ix(lev), LV_CUT] = c
                    break
        else:
            if v < best_v:
                best_v = v
                if best_v <= alpha:
                    LV[_ix(lev), LV_CUT] = c
                    break
    S[STT] += 1
    if best_v <= a0:
        _store(T, key, kp, lo, min(hi, best_v))
    elif best_v >= b0:
        _store(T, key, kp, max(lo, best_v), hi)
    else:
        _store(T, key, kp, best_v, best_v)
    return best_v


@njit(cache=True, nogil=True, _nrt=True)  # (threads search the deals of Da side by side)
def _abc_after(deals, alive, tc, ts, nt, leader, m, P, pay, work, tt, T, S, M, LV):
    """A's side's tricks from the position before A's card ``m`` (A, to play, plays it everywhere)."""
    H = np.zeros((LEVELS, 3, 4), dtype=np.int64)
    for lv in range(LEVELS):  # (see LV_CUT: the cut-off cards are kept from the kernel's last search)
        for w in range(1, LVW):
            LV[lv, w] = NO_LO
    AL = np.zeros((LEVELS, 3), dtype=np.bool_)
    KEY = np.zeros((LEVELS, TW), dtype=np.int64)
    CARDS = np.zeros((LEVELS, 13), dtype=np.int64)
    TC = np.zeros((LEVELS, 4), dtype=np.int64)
    TS = np.zeros((LEVELS, 4), dtype=np.int64)
    hands = np.zeros((4, 4), dtype=np.uint16)
    psuit = np.zeros(4, dtype=np.int64)
    prank = np.zeros(4, dtype=np.int64)
    out = np.zeros((3, 13), dtype=np.int64)
    mk = np.zeros(MKW, dtype=np.int64)
    tmp = np.zeros((2, 4), dtype=np.int64)
    for k in range(3):
        for x in range(4):
            H[0, k, x] = deals[k, x]
        AL[0, k] = alive[k]
    tc4 = TC[1]
    ts4 = TS[1]
    for i in range(nt):
        tc4[i] = tc[i]
        ts4[i] = ts[i]
    ra = H[0, 0]
    a = P[PA]
    held = _pop(ra[0] | ra[1] | ra[2] | ra[3])
    one = np.int64(1) << m
    led = (tc4[0] >> 4) if nt > 0 else -1
    for k in range(3):
        for x in range(4):
            H[1, k, x] = H[0, k, x]
        AL[1, k] = AL[0, k]
    H[1, 0, a] &= ~one
    for k in range(1, 3):
        if AL[1, k]:
            AL[1, k] = _play(H[1, k], a, m, led, P[PA + k], P[PDUMMY], P[PMODE])
    tc4[nt] = m
    ts4[nt] = a
    aside = P[PASIDE]
    got = np.int64(0)
    lead2 = leader
    nt2 = nt + 1
    tl = (held + nt + 3) // 4
    if nt == 3:
        w = _winner(tc4, ts4, P[PTRUMP])
        got = np.int64(1) if (w & 1) == aside else np.int64(0)
        if held == 1:
            return got
        lead2 = w
        nt2 = np.int64(0)
    # MTD(f): null-window searches from a first guess, da's double-dummy value after m
    ns = _dd_ns(H[1, 0], tc4, nt2, lead2, P[PTRUMP], work, tt, hands, psuit, prank, out, S, np.int64(-1),
                np.int64(0), np.int64(tl))
    if nt2 == 0:
        g = got + (ns if aside == 0 else tl - 1 - ns)
    else:
        g = ns if aside == 0 else tl - ns
    for k in range(3):
        LV[1, LV_GUESS + k] = g  # the views' first guesses too: they are da's hands but for the hidden ones
    LV[1, LV_HI + 1] = NO_HI
    LV[1, LV_HI + 2] = NO_HI
    lo = got  # a >= lo
    hi = got + tl - (1 if nt2 == 0 else 0)  # a <= hi
    if nt2 != 0:
        hi = tl
    while lo < hi:
        beta = min(max(g, lo + 1), hi)
        alpha = beta - 1
        if nt2 == 0:
            v = got + _node(H, AL, np.int64(1), np.int64(1), np.int64(0), lead2, got, alpha - got, beta - got, P,
                            pay, work, tt, T, S, M, LV, KEY, CARDS, TC, TS, hands, psuit, out, mk, tmp,
                            np.int64(PRE_NONE))
        else:
            v = _node(H, AL, np.int64(1), np.int64(1), nt2, lead2, np.int64(0), alpha, beta, P, pay, work, tt, T, S,
                      M, LV, KEY, CARDS, TC, TS, hands, psuit, out, mk, tmp, np.int64(PRE_NONE))
        if v < beta:
            hi = v
        else:
            lo = v
        g = v
    return lo


def _zeros_lines(rows: int, width: int) -> np.ndarray:
    """``np.zeros((rows, width), int64)`` starting on a cache line (64 bytes): numpy's 16-byte alignment put every
    8-word row of the ABC table and the value memo across two lines, two misses a row where one will do."""
    return zeros_aligned(rows * width).reshape(rows, width)


def new_abc_table(log2: int = ABC_TT_LOG2) -> np.ndarray:
    """An empty ABC transposition table: ``2**log2`` rows of :data:`TW` words a position, then their signatures
    (:func:`_sig`), a byte a row; a row is one cache line."""
    if log2 < 6:
        raise ValueError("the ABC table needs at least 64 rows")
    return _zeros_lines((1 << log2) + (1 << (log2 - 6)), TW)


class ABCKernel:
    """The kernel's work arrays (the engine's, the ABC table, the value memo and the levels' cut-off cards), made
    once per decision and reused."""

    def __init__(self, tt_log2: int = ABC_TT_LOG2) -> None:
        self.work = new_work()
        self.tt = new_tt(DD_TT_LOG2, 1 << DD_TT_BLOCKS_LOG2, mid_log2=DD_MID_LOG2)
        self.T = new_abc_table(tt_log2)
        self.stats = np.zeros(4, dtype=np.int64)
        self.M = _zeros_lines(1 << MEMO_LOG2, MW)
        self.LV = np.full((64, LEVELS, LVW), NO_LO, dtype=np.int64)  # per card A plays at the root (LV_CUT)

    def clear(self) -> None:
        self.T[_rows(self.T):] = 0  # the signatures: every row is then empty (its words unread)

    def abort(self) -> None:
        """Make a search running on another thread return at its next node (its value is then meaningless)."""
        self.stats[SABORT] = 1


def abc_tricks(kernel: ABCKernel, a: int, b: int, c: int, declarer: int, trump: int, views: int,
               trick: list[tuple[int, int]], leader: int, m: int, da: tuple[int, int, int, int],
               db: tuple[int, int, int, int] | None, dc: tuple[int, int, int, int] | None,
               payoff: list[float]) -> int:
    """A's side's tricks (from the position, the current trick included) along the ABC line after A
    plays ``m``; ``payoff[t]`` is A's side's score for ``t`` of those tricks (ties in it are ties in X).

    Validates the position: the four hands of ``da`` are disjoint, the trick is consistent with the
    leader and A is to play ``m`` legally; each view holds its player's hand and dummy's as ``da``."""
    dummy = (declarer + 2) % 4
    if sorted((a, b, c, dummy)) != [0, 1, 2, 3]:
        raise ValueError("A, B, C and dummy must be the four seats")  # (the kernels index with them unchecked)
    if len(trick) > 3 or (leader + len(trick)) % 4 != a:
        raise ValueError("A is not the player to move")
    seen = 0
    for h in da:
        if h & seen:
            raise ValueError("a card is in two hands of da")
        seen |= h
    led = (trick[0][1] >> 4) if trick else -1
    if not (da[a] >> m) & 1 or (led >= 0 and (m >> 4) != led and (da[a] >> (16 * led)) & SUIT):
        raise ValueError("the candidate card is not A's to play in da")
    for d, who in ((db, b), (dc, c)):
        if d is not None and (d[who] != da[who] or d[dummy] != da[dummy]):
            raise ValueError("a view must hold its player's own hand and dummy's as in da")
    if len(payoff) < (sum(bin(h).count("1") for h in da) + len(trick) + 3) // 4 + 1:
        raise ValueError("payoff needs a score for every number of tricks")
    deals = np.zeros((3, 4), dtype=np.int64)
    alive = np.zeros(3, dtype=np.bool_)
    for k, d in enumerate((da, db, dc)):
        if d is not None:
            alive[k] = True
            for x in range(4):
                deals[k, x] = d[x]
    alive[0] = True
    tc = np.zeros(4, dtype=np.int64)
    ts = np.zeros(4, dtype=np.int64)
    for i, (x, card) in enumerate(trick):
        tc[i] = card
        ts[i] = x
    strict = all(payoff[i] < payoff[i + 1] for i in range(len(payoff) - 1))
    hidden_b = min(x for x in range(4) if x not in (b, dummy))
    hidden_c = min(x for x in range(4) if x not in (c, dummy))
    P = np.array([a, b, c, declarer, dummy, trump, views, a & 1, strict, hidden_b, hidden_c], dtype=np.int64)
    pay = np.asarray(payoff, dtype=np.float64)
    return int(_abc_after(deals, alive, tc, ts, np.int64(len(trick)), np.int64(leader), np.int64(m), P, pay,
                          kernel.work, kernel.tt, kernel.T, kernel.stats, kernel.M,
                          kernel.LV[m]))
