"""An upper bound on the best line at a defender's node, from splitting each world's weight among the
replies legal there (a linear-programming relaxation of the combination), as numba kernels.

At a top node only the most valuable combined row matters: the best of
``value(U & AND_k (f_k | notwc_k))`` over one row ``f_k`` of each reply's front ``F_k``.  For a bit ``b``
(a world at a level) of ``U`` with weight ``P_b``, inside the worlds of the replies ``R_b``, split
``P_b`` into ``lam[b, k] >= 0`` (``k`` in ``R_b``) adding up to ``P_b``.  Then

    P_b * min_k f_k(b) <= sum_k lam[b, k] * f_k(b),

so the best line is worth at most the weight of the bits of ``U`` in no reply's worlds plus, per reply,
the most ``lam[., k]`` weighs on one of its rows: the replies are bounded one by one, without forming
a single pair.  That holds for *any* split, so the bound's soundness rests on nothing but this sum
(:func:`_split_value`); a better split only makes it tighter.  The best split is the dual of a linear
programme (choose per reply a mixture of its rows, maximise the weight of every bit's smallest
share), solved here by column generation: a dense simplex (:func:`_simplex_max`) over the rows met so
far, bits with the same legal replies and the same bits in those rows added up into one, and per
reply the row that weighs most under the simplex's split added, until none weighs more than the rows
already in.

Measured on the hardest top nodes found (QT86 opposite A for two tricks, KJ972 opposite 3 and QT86
opposite K for expected tricks, KJ84 opposite 7 and K972 opposite J for one trick...), the relaxation
is tight: its value is the best line's.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from bridgeplay.engine.vectors import _bit_weights, _copy_row, _pop_low, _put_rows, _trow

SPLIT_EPS = 1e-12  # reduced costs and pivots smaller than this count as zero
SPLIT_ROUNDS = 60  # at most so many rounds of column generation
SPLIT_CELLS = 600_000  # the largest simplex tableau (rows x columns) the bound builds; larger: it stops
SPLIT_PIVOTS = 8  # at most so many pivots per row and column of a simplex
SPLIT_WORK = 30_000_000_000  # at most so many tableau cells updated by one bound, all rounds told (a few seconds)
SPLIT_WORK_MIN = 1_000_000_000  # ... and at least so many (about 0.1 s)
SPLIT_WORK_PAIR = 30  # between the two: so many per pair of the two largest replies' rows, the combination's first
# step: a relaxation that converges slowly costs little where the full combination is cheap (QT75/92), and may
# take seconds where it would take hours (QT86/A, expected tricks: 35K-row replies)
USEFUL_EPS = 1e-7  # rounding allowance of _useful_rows: a row so much lighter than needed is kept all the same
SPLIT_BLAND = 5_000  # after so many degenerate pivots the simplex turns to Bland's rule (slow, but never cycles)


@njit(cache=True)
def _simplex_max(A, b, c, maxit, bland=False):
    """``max c.x`` subject to ``A x <= b``, ``x >= 0``, with ``b >= 0`` (the slack basis is feasible).

    Dense tableau, Dantzig's rule, Bland's rule after degenerate pivots or from the start (``bland``; no
    cycling, but slower).  Returns
    (status, value, duals, pivots): status 0 optimal, 1 unbounded, 2 out of pivots; ``duals[i]`` the
    shadow price of row i (>= 0), read from the objective row under the slacks.
    """
    M, N = A.shape
    W = N + M + 1
    T = np.zeros((M + 1, W))
    _put_rows(T, 0, A)
    for i in range(M):
        T[i, N + i] = 1.0
        # (a tiny distinct rise of each bound: the many rows with bound 0 leave no degenerate ties)
        T[i, W - 1] = b[i] + 1e-9 * (1.0 + ((i * 7919) % 997) / 997.0)
    for j in range(N):
        T[M, j] = -c[j]
    basis = np.empty(M, np.int64)
    for i in range(M):
        basis[i] = N + i
    degenerate = 0
    status = 2
    pivots = 0
    for _ in range(maxit):
        e = -1
        if bland:
            for j in range(W - 1):
                if T[M, j] < -SPLIT_EPS:
                    e = j
                    break
        else:
            most = -SPLIT_EPS
            for j in range(W - 1):
                if T[M, j] < most:
                    most = T[M, j]
                    e = j
        if e < 0:
            status = 0
            break
        r = -1
        best = np.inf
        for i in range(M):
            a = T[i, e]
            if a > SPLIT_EPS:
                ratio = T[i, W - 1] / a
                if ratio < best - 1e-15 or (ratio <= best + 1e-15 and r >= 0 and basis[i] < basis[r]):
                    best = ratio
                    r = i
        if r < 0:
            status = 1
            break
        if best <= 1e-15:
            degenerate += 1
            if degenerate > SPLIT_BLAND:
                bland = True
        piv = T[r, e]
        for j in range(W):
            T[r, j] /= piv
        for i in range(M + 1):
            if i != r:
                f = T[i, e]
                if f != 0.0:
                    for j in range(W):
                        x = T[i, j] - f * T[r, j]
                        T[i, j] = x if abs(x) > 1e-14 else 0.0
        basis[r] = e
        pivots += 1
    duals = np.empty(M)
    for i in range(M):
        duals[i] = max(T[M, N + i], 0.0)
    return status, T[M, W - 1], duals, pivots


@njit(cache=True)
def _cells(M, N, work, budget):
    """The cells of a tableau for ``M`` rows and ``N`` variables (slacks and objective row added), or -1 when it is
    larger than SPLIT_CELLS or would overrun what is left of ``budget`` (``work`` spent so far)."""
    cells = (M + 1) * (N + M + 1)
    return -1 if cells > SPLIT_CELLS or work + cells > budget else cells


@njit(cache=True)
def _solve_programme(A, b, c, cells, budget, work):
    """:func:`_simplex_max` within what is left of ``budget`` (tableau cells updated; ``cells`` per pivot, ``work``
    spent so far): (status, duals, work).  A sound simplex takes a few pivots per row; many more means it cycles in
    rounding noise, and it is run once more with Bland's rule throughout."""
    M, N = A.shape
    cap = min(SPLIT_PIVOTS * (M + N), (budget - work) // cells)
    status, _, duals, pivots = _simplex_max(A, b, c, cap, np.bool_(False))
    work += (pivots + 1) * cells
    if status == 2 and work + cells <= budget:
        status, _, duals, pivots = _simplex_max(A, b, c, min(cap, (budget - work) // cells), np.bool_(True))
        work += (pivots + 1) * cells
    return status, duals, work


@njit(cache=True)
def _byte_table(lam, m):
    """Byte tables of one reply's split (``lam``, per bit of a row of ``m`` words): ``t[8 * w + j, v]`` the
    weight of the bits set in byte value v at byte j of word w."""
    t = np.zeros((8 * m, 256))
    for w in range(m):
        for j in range(8):
            row = 8 * w + j
            for v in range(1, 256):
                low = v & -v
                k = 0
                while (1 << k) != low:
                    k += 1
                t[row, v] = t[row, v ^ low] + lam[64 * w + 8 * j + k]
    return t


@njit(cache=True)
def _row_weights(cat, lo, hi, lam):
    """The weight of each row of ``cat[lo:hi]`` (one reply's) under that reply's split ``lam``."""
    m = cat.shape[1]
    t = _byte_table(lam, m)
    wt = np.empty(hi - lo)
    for j in range(lo, hi):
        wt[j - lo] = _trow(cat[j], t, m)  # (t: byte tables over m words, as wtab is over nwords)
    return wt


@njit(cache=True)
def _best_rows(cat, off, use, lam):
    """Per reply k, the row of ``cat[off[k]:off[k + 1]]`` that weighs most under ``lam[k]``: (its index in
    cat, its weight)."""
    arg = np.empty(use, np.int64)
    val = np.empty(use)
    for k in range(use):
        wt = _row_weights(cat, off[k], off[k + 1], lam[k])
        arg[k] = -1
        val[k] = -1.0
        for j in range(wt.shape[0]):
            if wt[j] > val[k]:
                val[k] = wt[j]
                arg[k] = off[k] + j
    return arg, val


@njit(cache=True)
def _split_value(U, cat, off, cnot, use, wb, lam):
    """The bound of a split (sound for any ``lam >= 0`` whose shares of each bit add up to its weight at
    least): the weight of the bits of ``U`` in no reply's worlds, plus per reply its heaviest row under
    ``lam``.  Also returns those rows (indices into ``cat``)."""
    m = U.shape[0]
    free = 0.0
    for w in range(m):
        x = U[w]
        for k in range(use):
            x &= cnot[k, w]
        while x:
            bit, x = _pop_low(x, w * 64)
            free += wb[bit]
    arg, val = _best_rows(cat, off, use, lam)
    total = free
    for k in range(use):
        total += max(val[k], 0.0)
    return total, arg


@njit(cache=True)
def _legal_split(U, cnot, use, wb, share):
    """A split from shares per (reply, bit), made exact: each bit of ``U`` gets its whole weight, in
    proportion to ``share`` over the replies legal there (evenly where the shares are all zero)."""
    m = U.shape[0]
    lam = np.zeros((use, 64 * m))
    for w in range(m):
        x = U[w]
        while x:
            bit, x = _pop_low(x, w * 64)
            s = 0.0
            n = 0
            for k in range(use):
                if not (cnot[k, w] >> np.uint64(bit - 64 * w)) & np.uint64(1):
                    s += max(share[k, bit], 0.0)
                    n += 1
            if n == 0:
                continue
            for k in range(use):
                if not (cnot[k, w] >> np.uint64(bit - 64 * w)) & np.uint64(1):
                    lam[k, bit] = wb[bit] * (max(share[k, bit], 0.0) / s if s > 0.0 else 1.0 / n)
    return lam


@njit(cache=True, inline="always")
def _split_bound(U, cat, off, cnot, use, wtab, nwords, target, gb, gk):
    """See :func:`_split_bound_work`, with the work the replies' sizes allow (:data:`SPLIT_WORK_PAIR`); on the
    programme reduced by its symmetries (:func:`_split_bound_sym`) when one of the swaps ``gb``, ``gk`` is one."""
    s1 = 0
    s2 = 0
    for k in range(use):
        n = off[k + 1] - off[k]
        if n > s1:
            s1, s2 = n, s1
        elif n > s2:
            s2 = n
    work = min(SPLIT_WORK, max(SPLIT_WORK_MIN, SPLIT_WORK_PAIR * s1 * s2))
    if gb.shape[0]:
        ok = _valid_generators(U, cnot, use, _bit_weights(wtab, U.shape[0], nwords), gb, gk)
        if ok.any():
            return _split_bound_sym(U, cat, off, cnot, use, wtab, nwords, target, work, gb, gk, ok)
    if use >= 63:
        return np.inf, 0, np.zeros((use, 64 * U.shape[0]))  # (a reply mask per bit is one int64)
    return _split_bound_work(U, cat, off, cnot, use, wtab, nwords, target, work)


@njit(cache=True)
def _split_bound_work(U, cat, off, cnot, use, wtab, nwords, target, budget):
    """The least bound of the splits tried (see the module): the even split first, then the simplex's, round
    after round of column generation, until one is below ``target`` or the relaxation is solved.

    ``U``: the worlds (bits per level) the combination starts from; reply k's rows are
    ``cat[off[k]:off[k + 1]]`` and its non-worlds ``cnot[k]`` (bits of U outside its worlds).  Returns
    (bound, rounds, split): the split (per reply, a weight per bit) is the one the bound is the value of
    (see :func:`_split_value`, :func:`_useful_rows`); the bound is ``inf`` only when there is nothing to bound
    (no reply).  Its effort is capped (``budget`` tableau cells updated): the least bound found by then is
    returned.
    """
    m = U.shape[0]
    if use == 0:
        return np.inf, 0, np.zeros((use, 64 * m))
    wb = _bit_weights(wtab, m, nwords)
    share = np.ones((use, 64 * m))
    lam = _legal_split(U, cnot, use, wb, share)
    best, arg = _split_value(U, cat, off, cnot, use, wb, lam)
    bestlam = lam
    if best < target:
        return best, 0, bestlam
    # bits of U in at least one reply's worlds: their legal replies (a mask over k)
    nbits = 64 * m
    legal = np.zeros(nbits, np.int64)
    items = np.empty(nbits, np.int64)
    ni = 0
    for w in range(m):
        x = U[w]
        while x:
            bit, x = _pop_low(x, w * 64)
            msk = 0
            for k in range(use):
                if not (cnot[k, w] >> np.uint64(bit - 64 * w)) & np.uint64(1):
                    msk |= 1 << k
            legal[bit] = msk
            if msk:
                items[ni] = bit
                ni += 1
    # the rows in the programme: per reply a list of indices into cat (the first is the reference row)
    cols = np.full((use, SPLIT_ROUNDS + 2), -1, np.int64)
    ncol = np.zeros(use, np.int64)
    for k in range(use):
        cols[k, 0] = arg[k]
        ncol[k] = 1
    rounds = 0
    work = np.int64(0)  # tableau cells built and updated so far
    sig = np.empty(ni, np.int64)
    while rounds < SPLIT_ROUNDS:
        rounds += 1
        # groups: bits with the same legal replies and the same bits in every row of the programme
        for t in range(ni):
            bit = items[t]
            w = bit // 64
            sh = np.uint64(bit % 64)
            h = np.uint64(legal[bit]) * np.uint64(0x9E3779B97F4A7C15)
            for k in range(use):
                for c in range(ncol[k]):
                    h = (h ^ ((cat[cols[k, c], w] >> sh) & np.uint64(1))) * np.uint64(1099511628211)
                    h ^= h >> np.uint64(29)
            sig[t] = np.int64(h >> np.uint64(1))
        order = np.argsort(sig, kind="mergesort")
        gid = np.empty(ni, np.int64)
        ng = 0
        for tt in range(ni):
            t = order[tt]
            if tt > 0:
                p = order[tt - 1]
                same = sig[t] == sig[p] and legal[items[t]] == legal[items[p]]
                if same:
                    bt, bp = items[t], items[p]
                    for k in range(use):
                        for c in range(ncol[k]):
                            j = cols[k, c]
                            if ((cat[j, bt // 64] >> np.uint64(bt % 64)) & np.uint64(1)) != (
                                    (cat[j, bp // 64] >> np.uint64(bp % 64)) & np.uint64(1)):
                                same = False
                if not same:
                    ng += 1
            gid[t] = ng
        ng += 1
        gw = np.zeros(ng)
        grep = np.empty(ng, np.int64)
        for t in range(ni):
            gw[gid[t]] += wb[items[t]]
            grep[gid[t]] = items[t]
        # variables: y_g for groups with 2+ legal replies, then mu[k, c] for c >= 1 (mu[k, 0] = 1 - the rest)
        # rows: per (multi group g, legal k): y_g + sum_c mu[k, c] (a0 - ac) <= a0; per k: sum_c mu[k, c] <= 1
        nmulti = np.int64(0)
        nrows = np.int64(0)
        for g in range(ng):
            msk = legal[grep[g]]
            cntk = 0
            for k in range(use):
                if msk >> k & 1:
                    cntk += 1
            if cntk >= 2:
                nmulti += 1
                nrows += cntk
        nextra = np.int64(0)
        for k in range(use):
            nextra += ncol[k] - 1
        N = nmulti + nextra
        M = nrows + use
        cells = _cells(M, N, work, budget)
        if cells < 0:
            break
        A = np.zeros((M, N))
        bvec = np.zeros(M)
        cvec = np.zeros(N)
        base = np.zeros(use, np.int64)  # first variable of reply k's extra rows
        v = nmulti
        for k in range(use):
            base[k] = v
            v += ncol[k] - 1
        rowg = np.empty(M, np.int64)
        rowk = np.empty(M, np.int64)
        r = 0
        yv = 0
        for g in range(ng):
            bit = grep[g]
            w = bit // 64
            sh = np.uint64(bit % 64)
            msk = legal[bit]
            cntk = 0
            for k in range(use):
                if msk >> k & 1:
                    cntk += 1
            if cntk >= 2:
                cvec[yv] = gw[g]
                for k in range(use):
                    if msk >> k & 1:
                        a0 = float((cat[cols[k, 0], w] >> sh) & np.uint64(1))
                        A[r, yv] = 1.0
                        for c in range(1, ncol[k]):
                            ac = float((cat[cols[k, c], w] >> sh) & np.uint64(1))
                            A[r, base[k] + c - 1] = a0 - ac
                        bvec[r] = a0
                        rowg[r] = g
                        rowk[r] = k
                        r += 1
                yv += 1
            else:
                # one legal reply: the bit's weight is that reply's share, linear in its mixture
                for k in range(use):
                    if msk >> k & 1:
                        a0 = float((cat[cols[k, 0], w] >> sh) & np.uint64(1))
                        for c in range(1, ncol[k]):
                            ac = float((cat[cols[k, c], w] >> sh) & np.uint64(1))
                            cvec[base[k] + c - 1] += gw[g] * (ac - a0)
        for k in range(use):
            for c in range(1, ncol[k]):
                A[r, base[k] + c - 1] = 1.0
            bvec[r] = 1.0
            rowg[r] = -1
            rowk[r] = k
            r += 1
        status, duals, work = _solve_programme(A, bvec, cvec, cells, budget, work)
        if status != 0:
            break
        # the simplex's split: a group's shadow prices, shared out over its bits by weight
        share = np.zeros((use, 64 * m))
        for rr in range(nrows):
            g = rowg[rr]
            if gw[g] > 0.0:
                share[rowk[rr], grep[g]] = duals[rr] / gw[g]
        for t in range(ni):
            bit = items[t]
            g = gid[t]
            for k in range(use):
                share[k, bit] = share[k, grep[g]]
        lam = _legal_split(U, cnot, use, wb, share)
        val, arg = _split_value(U, cat, off, cnot, use, wb, lam)
        if val < best:
            best = val
            bestlam = lam
        if best < target:
            break
        added = False
        for k in range(use):
            known = False
            for c in range(ncol[k]):
                if cols[k, c] == arg[k]:
                    known = True
            if not known and ncol[k] < cols.shape[1]:
                cols[k, ncol[k]] = arg[k]
                ncol[k] += 1
                added = True
        if not added:
            break  # the relaxation is solved: no reply has a row heavier than its mixture's
    return best, rounds, bestlam


@njit(cache=True)
def _find(parent, i):
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


@njit(cache=True)
def _valid_generators(U, cnot, use, wb, gb, gk):
    """Which of the card swaps ``gb`` (per generator, each bit's image, -1 if its world is not one) and ``gk``
    (each reply's image, -1 if none) map the programme onto itself: bits of U onto bits of U of the same
    weight, and each reply's legal bits onto its image's."""
    m = U.shape[0]
    ok = np.ones(gb.shape[0], np.bool_)
    for g in range(gb.shape[0]):
        for k in range(use):
            if gk[g, k] < 0:
                ok[g] = False
        if not ok[g]:
            continue
        for w in range(m):
            x = U[w]
            while x and ok[g]:
                bit, x = _pop_low(x, w * 64)
                c = gb[g, bit]
                if c < 0 or not (U[c // 64] >> np.uint64(c % 64)) & np.uint64(1) or abs(wb[c] - wb[bit]) > 1e-15:
                    ok[g] = False
                    break
                for k in range(use):
                    a = (cnot[k, w] >> np.uint64(bit % 64)) & np.uint64(1)
                    q = gk[g, k]
                    b = (cnot[q, c // 64] >> np.uint64(c % 64)) & np.uint64(1)
                    if a != b:
                        ok[g] = False
                        break
    return ok


@njit(cache=True)
def _split_bound_sym(U, cat, off, cnot, use, wtab, nwords, target, budget, gb, gk, ok):
    """:func:`_split_bound_work` on the programme reduced by its symmetries: swaps of the defenders' equal
    cards (``gb``, ``gk``; the ones ``ok`` marks valid, see :func:`_valid_generators`) map the replies, their
    worlds and (solved exactly) their fronts onto each other, and the relaxation, being convex, has a
    symmetric optimum.  Its unknowns are then per orbit: a bit orbit B's smallest share ``y_B`` (a fraction
    of its weight), and per orbit of (bit, reply) pairs O the share the reply's mixture gives its bits,
    which for a row of reply k is the fraction of k's bits in O the row holds.  QT86 opposite A for
    expected tricks, its first play's 30 pairs of replies: 2,900 (bit, reply) pairs, a few hundred orbits.

    The split read off the optimum (each pair of O gets O's shadow price over O's size) is scored by
    :func:`_split_value` on the real fronts, so the bound is sound whatever the fronts' symmetry.
    """
    m = U.shape[0]
    nbits = 64 * m
    wb = _bit_weights(wtab, m, nwords)
    share = np.ones((use, nbits))
    lam = _legal_split(U, cnot, use, wb, share)
    best, arg = _split_value(U, cat, off, cnot, use, wb, lam)
    bestlam = lam
    if best < target:
        return best, 0, bestlam
    # orbits of bits, replies and legal (bit, reply) pairs under the valid swaps
    bpar = np.arange(nbits)
    kpar = np.arange(use)
    ppar = np.arange(nbits * use)
    for g in range(gb.shape[0]):
        if not ok[g]:
            continue
        for k in range(use):
            a, b = _find(kpar, k), _find(kpar, gk[g, k])
            if a != b:
                kpar[a] = b
        for w in range(m):
            x = U[w]
            while x:
                bit, x = _pop_low(x, w * 64)
                c = gb[g, bit]
                a, b = _find(bpar, bit), _find(bpar, c)
                if a != b:
                    bpar[a] = b
                for k in range(use):
                    if not (cnot[k, w] >> np.uint64(bit % 64)) & np.uint64(1):
                        a, b = _find(ppar, bit * use + k), _find(ppar, c * use + gk[g, k])
                        if a != b:
                            ppar[a] = b
    # compact ids: O per legal pair, with its bit orbit, reply orbit, size, and bits per reply
    oid = np.full(nbits * use, -1, np.int64)
    nO = 0
    ob = np.empty(nbits * use, np.int64)
    okr = np.empty(nbits * use, np.int64)
    osize = np.zeros(nbits * use, np.int64)
    bid = np.full(nbits, -1, np.int64)
    nB = 0
    bw = np.zeros(nbits)
    bmulti = np.zeros(nbits, np.int64)  # per B: its first O, or -2 when it has more than one
    for w in range(m):
        x = U[w]
        while x:
            bit, x = _pop_low(x, w * 64)
            rb = _find(bpar, bit)
            if bid[rb] < 0:
                bid[rb] = nB
                bmulti[nB] = -1
                nB += 1
            B = bid[rb]
            bw[B] += wb[bit]
            for k in range(use):
                if not (cnot[k, w] >> np.uint64(bit % 64)) & np.uint64(1):
                    r = _find(ppar, bit * use + k)
                    if oid[r] < 0:
                        oid[r] = nO
                        ob[nO] = B
                        okr[nO] = _find(kpar, k)
                        nO += 1
                    o = oid[r]
                    osize[o] += 1
                    if bmulti[B] == -1:
                        bmulti[B] = o
                    elif bmulti[B] >= 0 and bmulti[B] != o:
                        bmulti[B] = -2
    # per O, the bits of one reply in it (the same count for every reply of its orbit)
    okcnt = np.zeros(nO, np.int64)
    for w in range(m):
        x = U[w]
        while x:
            bit, x = _pop_low(x, w * 64)
            for k in range(use):
                if not (cnot[k, w] >> np.uint64(bit % 64)) & np.uint64(1):
                    o = oid[_find(ppar, bit * use + k)]
                    if _find(kpar, k) == k:
                        okcnt[o] += 1
    # reply orbits: compact ids, and each one's representative (its root) must own its O's counts
    kid = np.full(use, -1, np.int64)
    nK = 0
    for k in range(use):
        if _find(kpar, k) == k:
            kid[k] = nK
            nK += 1
    # columns: per reply orbit, fractions over the O's (a row of any reply of the orbit)
    maxc = SPLIT_ROUNDS + 2
    colf = np.zeros((nK, maxc, nO))
    ncol = np.zeros(nK, np.int64)
    cnt_on = np.zeros(nO)
    rounds = 0
    work = np.int64(0)
    while True:
        # add each reply's heaviest row under the last split, as a column of its orbit (unless it is one already)
        added = False
        for k in range(use):
            K = kid[_find(kpar, k)]
            if ncol[K] >= maxc:
                continue
            j = arg[k]
            cnt_on[:] = 0.0
            for w in range(m):
                x = U[w] & ~cnot[k, w]
                while x:
                    bit, x = _pop_low(x, w * 64)
                    if (cat[j, w] >> np.uint64(bit % 64)) & np.uint64(1):
                        cnt_on[oid[_find(ppar, bit * use + k)]] += 1.0
            c = ncol[K]
            for o in range(nO):
                if kid[okr[o]] == K:
                    colf[K, c, o] = cnt_on[o] / okcnt[o]
            known = False
            for c2 in range(c):
                same = True
                for o in range(nO):
                    if abs(colf[K, c2, o] - colf[K, c, o]) > 1e-12:
                        same = False
                        break
                if same:
                    known = True
                    break
            if not known:
                ncol[K] += 1
                added = True
        if not added or rounds >= SPLIT_ROUNDS:
            break  # the relaxation is solved: no reply has a row heavier than its mixture's
        rounds += 1
        # variables: y_B for B with 2+ O's, then mu[K, c] for c >= 1; rows: per O of such a B, then per K
        nmulti = np.int64(0)
        nrows = np.int64(0)
        yof = np.full(nB, -1, np.int64)
        for B in range(nB):
            if bmulti[B] == -2:
                yof[B] = nmulti
                nmulti += 1
        for o in range(nO):
            if yof[ob[o]] >= 0:
                nrows += 1
        base = np.zeros(nK, np.int64)
        N = nmulti
        for K in range(nK):
            base[K] = N
            N += ncol[K] - 1
        M = nrows + nK
        cells = _cells(M, N, work, budget)
        if cells < 0:
            break
        A = np.zeros((M, N))
        bvec = np.zeros(M)
        cvec = np.zeros(N)
        rowo = np.empty(M, np.int64)
        r = 0
        for o in range(nO):
            B = ob[o]
            K = kid[okr[o]]
            if yof[B] >= 0:
                cvec[yof[B]] = bw[B]
                A[r, yof[B]] = 1.0
                for c in range(1, ncol[K]):
                    A[r, base[K] + c - 1] = colf[K, 0, o] - colf[K, c, o]
                bvec[r] = colf[K, 0, o]
                rowo[r] = o
                r += 1
            else:
                for c in range(1, ncol[K]):
                    cvec[base[K] + c - 1] += bw[B] * (colf[K, c, o] - colf[K, 0, o])
        for K in range(nK):
            for c in range(1, ncol[K]):
                A[r, base[K] + c - 1] = 1.0
            bvec[r] = 1.0
            rowo[r] = -1
            r += 1
        status, duals, work = _solve_programme(A, bvec, cvec, cells, budget, work)
        if status != 0:
            break
        # the split: a pair of O gets O's shadow price over O's size (each bit's shares are then made exact)
        dO = np.zeros(nO)
        for rr in range(nrows):
            dO[rowo[rr]] = duals[rr]
        share = np.zeros((use, nbits))
        for w in range(m):
            x = U[w]
            while x:
                bit, x = _pop_low(x, w * 64)
                for k in range(use):
                    if not (cnot[k, w] >> np.uint64(bit % 64)) & np.uint64(1):
                        o = oid[_find(ppar, bit * use + k)]
                        share[k, bit] = dO[o] / osize[o]
        lam = _legal_split(U, cnot, use, wb, share)
        val, arg = _split_value(U, cat, off, cnot, use, wb, lam)
        if val < best:
            best = val
            bestlam = lam
        if best < target:
            break
    return best, rounds, bestlam


@njit(cache=True)
def _useful_rows(cat, off, use, lam, slack):
    """The rows of each reply that a line worth ``slack`` less than the bound of the split ``lam`` at most can
    still use: (rows, offsets), reply k's rows ``out[o[k]:o[k + 1]]`` (none: no such line).

    A line of rows ``f_k`` is worth at most ``free + sum_k f_k . lam[k]`` (the module's sum), and the bound
    is ``free + sum_k h_k`` with ``h_k`` reply k's heaviest row under ``lam[k]``; so a line worth
    ``bound - slack`` or more has ``f_k . lam[k] >= h_k - slack`` in every reply (reduced-cost fixing), and
    a combination looking for such lines needs no other row.
    """
    m = cat.shape[1]
    keep = np.zeros(cat.shape[0], np.bool_)
    o = np.zeros(use + 1, np.int64)
    for k in range(use):
        wt = _row_weights(cat, off[k], off[k + 1], lam[k])
        h = wt.max() if wt.shape[0] else 0.0
        n = 0
        for j in range(wt.shape[0]):
            if wt[j] >= h - slack - USEFUL_EPS:
                keep[off[k] + j] = True
                n += 1
        o[k + 1] = o[k] + n
    out = np.empty((o[use], m), np.uint64)
    i = 0
    for j in range(cat.shape[0]):
        if keep[j]:
            _copy_row(out, i, cat, j)
            i += 1
    return out, o
