"""n-player trick play, double dummy (Sergeant Major, 3-player Hearts), and the maxⁿ family of searches.

Cards are numbered ``13 * suit + rank - 2`` with suits clubs, diamonds, hearts, spades = 0..3 (so a higher
number is a higher card within its suit); a hand is a 52-bit mask in an int64.  Everything a search needs
is in three int64 arrays made by :func:`new_state` (the position), :func:`game_constants` (the rules and
bounds) and the card points ``pts`` (Hearts: 1 a heart, 13 the ♠Q; Sergeant Major: none).

State ``S``: hands at ``S[0:4]``, points or tricks taken at ``S[4:8]``, the card each seat played to the
trick in progress at ``S[8:12]``, then the leader, the cards in the trick, the tricks left to the horizon,
the node counter and the best first card found (``S[LEADER]`` ...).

Game constants ``G``: players n, scoring (0: tricks taken; 1: Hearts points, maximised as 26 - points),
trumps (-1: none), maxsum, maxp, the horizon in tricks, the paranoid MAX player, and whether ABBnB and
shallow pruning apply the "same player twice" fix (1) or the seed's printed Bound (0).

Values are in the maximisation form throughout: Sergeant Major scores tricks taken within the horizon;
Hearts scores 26 - points taken (the seed's Table 1 transform).  The monotonic heuristic: Sergeant Major
``h_low(i) = taken(i)``, ``h_up(i) = horizon - sum of the others' tricks``; Hearts ``h_up(i) = 26 - points(i)``,
``h_low(i) = 26 - points(i) - points still untaken``.

Moves: the legal cards of the player to move (follow suit if possible), where adjacent cards of one hand
(no card of another player's, and no card on the table, between them; in Hearts also the same points)
count as one move, its highest card; ordered from high ranks to low (spades first among equal ranks).

Every search is a self-recursive kernel (numba's cache cannot load mutual recursion) that writes its value
tuple into ``V[ply]`` and counts every node it visits (leaves included) in ``S[NODES]``.  The public entry is
:func:`search`; the ``_``-prefixed kernels stay inside the engine.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

from bridgeplay.engine._numba import numba_without_scipy

numba_without_scipy()

MAXP = 4  # the most players a state holds
# state layout
HANDS, TAKEN, TRICK = 0, 4, 8
LEADER, NCARDS, LEFT, NODES, BEST = 12, 13, 14, 15, 16
STATE_SIZE = 17
# game constants layout
G_N, G_MODE, G_TRUMP, G_MAXSUM, G_MAXP, G_HORIZON, G_MAXPLAYER, G_FIX, G_TOTAL = range(9)
GAME_SIZE = 9
TRICKS, HEARTS_POINTS = 0, 1
HEARTS_TOTAL = 26

# algorithms (search's ``algorithm``)
FULL, MAXN, MAXN_PLAIN, SHALLOW, DFBNB, ABBNB, PARANOID, PARANOID_H, MAXN_TT = range(9)
NAMES = ("full", "maxn", "maxn-plain", "shallow", "dfbnb", "abbnb", "paranoid", "paranoid-h", "maxn-tt")
BIG = 1 << 40
MEMO_LEFT = 1  # the full tree's count is memoised at the start of tricks with this many tricks left or more


def new_state(hands: np.ndarray, leader: int, horizon: int) -> np.ndarray:
    """The position at the start of a trick: ``hands`` (one 52-bit mask a player), ``leader``, ``horizon`` tricks."""
    S = np.zeros(STATE_SIZE, np.int64)
    S[HANDS:HANDS + len(hands)] = hands
    S[TRICK:TRICK + MAXP] = -1
    S[LEADER] = leader
    S[LEFT] = horizon
    S[BEST] = -1
    return S


def game_constants(n: int, mode: int, trump: int, maxsum: int, maxp: int, horizon: int, max_player: int = 0,
                   fix: int = 1, total: int = HEARTS_TOTAL) -> np.ndarray:
    G = np.zeros(GAME_SIZE, np.int64)
    G[G_N], G[G_MODE], G[G_TRUMP], G[G_MAXSUM], G[G_MAXP] = n, mode, trump, maxsum, maxp
    G[G_HORIZON], G[G_MAXPLAYER], G[G_FIX], G[G_TOTAL] = horizon, max_player, fix, total
    return G


# ---- rules --------------------------------------------------------------------------------------------
@njit(cache=True)
def _gen(S, G, pts, M, ply):
    """The moves of the player to move into ``M[ply]`` (merged runs, high cards first); their number."""
    n = G[G_N]
    k = S[NCARDS]
    p = (S[LEADER] + k) % n
    hand = S[HANDS + p]
    legal = hand
    if k > 0:
        ls = S[TRICK + S[LEADER]] // 13
        follow = hand & (np.int64(0x1FFF) << (13 * ls))
        if follow != 0:
            legal = follow
    others = np.int64(0)
    for q in range(n):
        if q != p:
            others |= S[HANDS + q]
    for j in range(k):
        q = (S[LEADER] + j) % n
        others |= np.int64(1) << S[TRICK + q]
    reps = np.int64(0)
    for s in range(4):
        run = False
        run_pts = -1
        for r in range(12, -1, -1):
            c = 13 * s + r
            bit = np.int64(1) << c
            if legal & bit:
                if not run or pts[c] != run_pts:
                    reps |= bit
                run = True
                run_pts = pts[c]
            elif others & bit:
                run = False
    m = 0
    for r in range(12, -1, -1):
        for s in range(3, -1, -1):
            c = 13 * s + r
            if reps & (np.int64(1) << c):
                M[ply, m] = c
                m += 1
    return m


@njit(cache=True)
def _play(S, G, pts, c):
    """Play card ``c`` for the player to move; returns what :func:`_undo` needs."""
    n = G[G_N]
    k = S[NCARDS]
    p = (S[LEADER] + k) % n
    S[HANDS + p] &= ~(np.int64(1) << c)
    S[TRICK + p] = c
    if k + 1 < n:
        S[NCARDS] = k + 1
        return np.int64(0)
    # the trick is complete: the highest trump, else the highest card of the suit led
    lead = S[LEADER]
    trump = G[G_TRUMP]
    w = lead
    wc = S[TRICK + lead]
    gained = 0
    for j in range(n):
        q = (lead + j) % n
        cq = S[TRICK + q]
        gained += pts[cq]
        if cq // 13 == wc // 13:
            if cq > wc:
                w, wc = q, cq
        elif trump >= 0 and cq // 13 == trump:
            w, wc = q, cq
    if G[G_MODE] == TRICKS:
        gained = 1
    S[TAKEN + w] += gained
    S[LEADER] = w
    S[NCARDS] = 0
    S[LEFT] -= 1
    info = np.int64(1) | (np.int64(w) << 1) | (np.int64(gained) << 4) | (np.int64(lead) << 20)
    for q in range(n):  # the trick's cards: the next trick overwrites them
        info |= np.int64(S[TRICK + q]) << (24 + 6 * q)
    return info


@njit(cache=True)
def _undo(S, G, c, info):
    n = G[G_N]
    if info & 1:
        w = (info >> 1) & 7
        S[TAKEN + w] -= (info >> 4) & 0xFFFF
        S[LEADER] = (info >> 20) & 7
        for q in range(n):
            S[TRICK + q] = (info >> (24 + 6 * q)) & 63
        S[NCARDS] = n - 1
        S[LEFT] += 1
    else:
        S[NCARDS] -= 1
    p = (S[LEADER] + S[NCARDS]) % n
    S[HANDS + p] |= np.int64(1) << c


@njit(cache=True)
def _value(S, G, i):
    """Player ``i``'s score now (the frontier evaluation), maximisation form."""
    if G[G_MODE] == TRICKS:
        return S[TAKEN + i]
    return G[G_TOTAL] - S[TAKEN + i]


@njit(cache=True)
def _h_low(S, G, i):
    n = G[G_N]
    if G[G_MODE] == TRICKS:
        return S[TAKEN + i]
    untaken = G[G_TOTAL]
    for j in range(n):
        untaken -= S[TAKEN + j]
    v = G[G_TOTAL] - S[TAKEN + i] - untaken
    return v if v > 0 else 0


@njit(cache=True)
def _h_up(S, G, i):
    n = G[G_N]
    if G[G_MODE] == TRICKS:
        v = G[G_MAXSUM]
        for j in range(n):
            if j != i:
                v -= S[TAKEN + j]
        return v
    return G[G_TOTAL] - S[TAKEN + i]


@njit(cache=True)
def _static(S, G, V, ply):
    for i in range(G[G_N]):
        V[ply, i] = _value(S, G, i)


@njit(cache=True)
def _copy(V, ply, n):
    for i in range(n):
        V[ply, i] = V[ply + 1, i]


@njit(cache=True)
def _to_move(S, G):
    return (S[LEADER] + S[NCARDS]) % G[G_N]


@njit(cache=True)
def _key(S, G):
    u = np.int64(0)
    for q in range(G[G_N]):
        u |= S[HANDS + q]
    return u | (S[LEADER] << 52)


# ---- the searches -------------------------------------------------------------------------------------
@njit(cache=True)
def _full(S, G, pts, M, ply, memo):
    """Nodes of the whole tree below (and including) this one; memoised at the start of tricks."""
    if S[LEFT] == 0:
        return np.int64(1)
    key = np.int64(-1)
    if S[NCARDS] == 0 and S[LEFT] >= MEMO_LEFT:
        key = _key(S, G)
        if key in memo:
            return memo[key]
    total = np.int64(1)
    m = _gen(S, G, pts, M, ply)
    if S[LEFT] == 1 and S[NCARDS] == G[G_N] - 1:
        return total + m  # every child is a leaf
    for i in range(m):
        c = M[ply, i]
        info = _play(S, G, pts, c)
        total += _full(S, G, pts, M, ply + 1, memo)
        _undo(S, G, c, info)
    if key >= 0:
        memo[key] = total
    return total


@njit(cache=True)
def _maxn(S, G, pts, M, V, ply, immediate):
    """Plain maxⁿ (ties to the left), with immediate pruning at maxp when ``immediate``."""
    S[NODES] += 1
    n = G[G_N]
    if S[LEFT] == 0:
        _static(S, G, V, ply)
        return
    p = _to_move(S, G)
    m = _gen(S, G, pts, M, ply)
    for i in range(m):
        if i > 0 and immediate and V[ply, p] >= G[G_MAXP]:
            return
        c = M[ply, i]
        info = _play(S, G, pts, c)
        _maxn(S, G, pts, M, V, ply + 1, immediate)
        _undo(S, G, c, info)
        if i == 0 or V[ply + 1, p] > V[ply, p]:
            _copy(V, ply, n)
            if ply == 0:
                S[BEST] = c


@njit(cache=True)
def _maxn_tt(S, G, pts, M, V, ply, tt):
    """maxⁿ with immediate pruning and a transposition table at the start of tricks (exact values only).

    A position's maxⁿ value is what is taken so far plus what its subtree adds, and that addition depends
    only on the cards left and the leader: the table keeps it, packed 16 bits a player."""
    S[NODES] += 1
    n = G[G_N]
    if S[LEFT] == 0:
        _static(S, G, V, ply)
        return
    key = np.int64(-1)
    if S[NCARDS] == 0 and ply > 0:
        key = _key(S, G)
        if key in tt:
            packed = tt[key]
            for i in range(n):
                add = (packed >> (16 * i)) & 0xFFFF
                V[ply, i] = _value(S, G, i) + (add if G[G_MODE] == TRICKS else -add)
            return
    p = _to_move(S, G)
    m = _gen(S, G, pts, M, ply)
    for i in range(m):
        if i > 0 and V[ply, p] >= G[G_MAXP]:
            break
        c = M[ply, i]
        info = _play(S, G, pts, c)
        _maxn_tt(S, G, pts, M, V, ply + 1, tt)
        _undo(S, G, c, info)
        if i == 0 or V[ply + 1, p] > V[ply, p]:
            _copy(V, ply, n)
            if ply == 0:
                S[BEST] = c
    if key >= 0:
        packed = np.int64(0)
        for i in range(n):
            add = V[ply, i] - _value(S, G, i)
            if G[G_MODE] != TRICKS:
                add = -add
            packed |= np.int64(add) << (16 * i)
        tt[key] = packed


@njit(cache=True)
def _shallow(S, G, pts, M, V, ply, bound):
    """maxⁿ with immediate and shallow pruning: ``bound`` is the most the player to move can get here before
    the player above would not come here (maxsum - the parent's best; maxsum for a first child, and when the
    same player moves again, unless ``G[G_FIX]`` is 0: the seed's printed bound)."""
    S[NODES] += 1
    n = G[G_N]
    if S[LEFT] == 0:
        _static(S, G, V, ply)
        return
    p = _to_move(S, G)
    maxsum = G[G_MAXSUM]
    m = _gen(S, G, pts, M, ply)
    for i in range(m):
        if i > 0 and (V[ply, p] >= bound or V[ply, p] >= G[G_MAXP]):
            return
        c = M[ply, i]
        info = _play(S, G, pts, c)
        cb = maxsum
        if i > 0 and (_to_move(S, G) != p or G[G_FIX] == 0):
            cb = maxsum - V[ply, p]
        _shallow(S, G, pts, M, V, ply + 1, cb)
        _undo(S, G, c, info)
        if i == 0 or V[ply + 1, p] > V[ply, p]:
            _copy(V, ply, n)
            if ply == 0:
                S[BEST] = c


@njit(cache=True)
def _dfbnb(S, G, pts, M, V, ply, prev, prev_best):
    """maxⁿ with depth-first branch-and-bound: immediate (the player to move reaches its ``h_up``) and shallow
    (``h_up`` of the player above is no more than its best so far, ``prev_best``; -1: no bound yet)."""
    S[NODES] += 1
    n = G[G_N]
    if S[LEFT] == 0:
        _static(S, G, V, ply)
        return
    if prev >= 0 and prev_best >= 0 and _h_up(S, G, prev) <= prev_best:
        _static(S, G, V, ply)
        return
    p = _to_move(S, G)
    up = _h_up(S, G, p)
    m = _gen(S, G, pts, M, ply)
    for i in range(m):
        if i > 0 and V[ply, p] >= up:
            return
        c = M[ply, i]
        info = _play(S, G, pts, c)
        _dfbnb(S, G, pts, M, V, ply + 1, p, V[ply, p] if i > 0 else -1)
        _undo(S, G, c, info)
        if i == 0 or V[ply + 1, p] > V[ply, p]:
            _copy(V, ply, n)
            if ply == 0:
                S[BEST] = c


@njit(cache=True)
def _abbnb(S, G, pts, M, V, ply, prev, bound, prev_best):
    """Alpha-beta branch-and-bound, the seed's ABBNB(Node, Player, Bound): ``bound`` is the upper bound on the
    score of the player to move before the player above (``prev``) would not come here.  When the same player
    moves again (third hand won the trick) the child gets ``maxsum`` (no bound), unless ``G[G_FIX]`` is 0 (the
    printed pseudo-code, which prunes unsoundly there).  The entry test (shallow branch-and-bound) compares
    h_up(prev) with ``prev_best``, the best the player above has so far (-1: none, for a first child), which
    is ``maxsum - Bound`` in the pseudo-code; kept apart from ``bound`` it still prunes where the same player
    moves again, and a first child (Bound = maxsum) is never cut by h_up(prev) <= 0."""
    S[NODES] += 1
    n = G[G_N]
    maxsum = G[G_MAXSUM]
    if S[LEFT] == 0:
        _static(S, G, V, ply)
        return
    # shallow branch-and-bound pruning: h_up(prev) <= maxsum - Bound, the best the player above has so far
    if prev >= 0 and prev_best >= 0 and _h_up(S, G, prev) <= prev_best:
        _static(S, G, V, ply)
        return
    p = _to_move(S, G)
    heur = 0  # the opponents' guaranteed points
    for q in range(n):
        if q != p and q != prev:
            heur += _h_low(S, G, q)
    up = _h_up(S, G, p)
    m = _gen(S, G, pts, M, ply)
    for i in range(m):
        if i > 0 and (V[ply, p] >= bound - heur or V[ply, p] >= up):
            return
        c = M[ply, i]
        info = _play(S, G, pts, c)
        cb = maxsum
        if i > 0 and (_to_move(S, G) != p or G[G_FIX] == 0):
            cb = maxsum - V[ply, p]
        _abbnb(S, G, pts, M, V, ply + 1, p, cb, V[ply, p] if i > 0 else -1)
        _undo(S, G, c, info)
        if i == 0 or V[ply + 1, p] > V[ply, p]:
            _copy(V, ply, n)
            if ply == 0:
                S[BEST] = c


@njit(cache=True)
def _paranoid(S, G, pts, M, ply, alpha, beta, use_h):
    """The paranoid reduction: MAX (``G[G_MAXPLAYER]``) against the coalition of the others, alpha-beta on MAX's
    score (fail-soft); with ``use_h`` the monotonic bounds on MAX's score cut too."""
    S[NODES] += 1
    mx = G[G_MAXPLAYER]
    if S[LEFT] == 0:
        return _value(S, G, mx)
    lo = np.int64(-BIG)
    up = np.int64(BIG)
    if use_h:
        up = _h_up(S, G, mx)
        if up <= alpha:
            return up
        lo = _h_low(S, G, mx)
        if lo >= beta:
            return lo
    p = _to_move(S, G)
    m = _gen(S, G, pts, M, ply)
    if p == mx:
        best = np.int64(-BIG)
        for i in range(m):
            c = M[ply, i]
            info = _play(S, G, pts, c)
            v = _paranoid(S, G, pts, M, ply + 1, alpha, beta, use_h)
            _undo(S, G, c, info)
            if v > best:
                best = v
                if ply == 0:
                    S[BEST] = c
            if best > alpha:
                alpha = best
            if alpha >= beta or best >= up:
                break
        return best
    best = np.int64(BIG)
    for i in range(m):
        c = M[ply, i]
        info = _play(S, G, pts, c)
        v = _paranoid(S, G, pts, M, ply + 1, alpha, beta, use_h)
        _undo(S, G, c, info)
        if v < best:
            best = v
            if ply == 0:
                S[BEST] = c
        if best < beta:
            beta = best
        if alpha >= beta or best <= lo:
            break
    return best


@njit(cache=True)
def _moves(S, G, pts):
    M = np.zeros((1, 52), np.int64)
    m = _gen(S, G, pts, M, 0)
    return M[0, :m].copy()


def search(S: np.ndarray, G: np.ndarray, pts: np.ndarray, algorithm: int) -> tuple[np.ndarray, int, int]:
    """One search of the position ``S`` under the rules ``G``: (value tuple, best first card or -1, nodes).

    ``algorithm`` is one of FULL, MAXN (immediate pruning), MAXN_PLAIN, SHALLOW, DFBNB, ABBNB, PARANOID,
    PARANOID_H, MAXN_TT.  SHALLOW needs ``maxsum < 2 maxp`` (the seed's Lemma 1): refused otherwise, since
    the pruning it does would not be sound."""
    if not 0 <= algorithm < len(NAMES):
        raise ValueError(f"unknown algorithm {algorithm}")
    n = int(G[G_N])
    if not 2 <= n <= MAXP or S.shape != (STATE_SIZE,) or G.shape != (GAME_SIZE,) or pts.shape != (52,):
        raise ValueError("malformed state, game constants or points")
    if algorithm == SHALLOW and not G[G_MAXSUM] < 2 * G[G_MAXP]:
        raise ValueError(f"shallow pruning needs maxsum < 2·maxp (Lemma 1); here maxsum {G[G_MAXSUM]}, "
                         f"maxp {G[G_MAXP]}")
    S = np.ascontiguousarray(S, dtype=np.int64).copy()
    G = np.ascontiguousarray(G, dtype=np.int64)
    pts = np.ascontiguousarray(pts, dtype=np.int64)
    plies = int(S[LEFT]) * n + 1
    M = np.zeros((plies + 1, 52), np.int64)
    V = np.zeros((plies + 1, MAXP), np.int64)
    S[NODES] = 0
    S[BEST] = -1
    maxsum = np.int64(G[G_MAXSUM])
    z = np.int64(0)
    if algorithm == FULL:
        total = int(_full(S, G, pts, M, z, Dict.empty(types.int64, types.int64)))
        return np.array([total], np.int64), -1, total
    if algorithm in (PARANOID, PARANOID_H):
        v = _paranoid(S, G, pts, M, z, np.int64(-BIG), np.int64(BIG), algorithm == PARANOID_H)
        return np.array([v], np.int64), int(S[BEST]), int(S[NODES])
    if algorithm in (MAXN, MAXN_PLAIN):
        _maxn(S, G, pts, M, V, z, algorithm == MAXN)
    elif algorithm == MAXN_TT:
        _maxn_tt(S, G, pts, M, V, z, Dict.empty(types.int64, types.int64))
    elif algorithm == SHALLOW:
        _shallow(S, G, pts, M, V, z, maxsum)
    elif algorithm == DFBNB:
        _dfbnb(S, G, pts, M, V, z, np.int64(-1), np.int64(-1))
    else:
        _abbnb(S, G, pts, M, V, z, np.int64(-1), maxsum, np.int64(-1))
    return V[0, :n].copy(), int(S[BEST]), int(S[NODES])


def legal_moves(S: np.ndarray, G: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The moves (merged, ordered) of the player to move in ``S``."""
    return _moves(np.ascontiguousarray(S, dtype=np.int64), np.ascontiguousarray(G, dtype=np.int64),
                  np.ascontiguousarray(pts, dtype=np.int64))


def play(S: np.ndarray, G: np.ndarray, pts: np.ndarray, card: int) -> np.ndarray:
    """The state after the player to move plays ``card`` (a new array)."""
    S = np.ascontiguousarray(S, dtype=np.int64).copy()
    _play(S, np.ascontiguousarray(G, dtype=np.int64), np.ascontiguousarray(pts, dtype=np.int64), np.int64(card))
    return S
