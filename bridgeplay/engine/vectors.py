"""Payoff vectors over worlds and their Pareto fronts (numba kernels).

A payoff vector is stored as *levels* of world bitsets: level ``t`` holds the worlds
where the payoff is at least threshold ``t``; the levels are concatenated in one
row of ``uint64`` words.  With one level the vector is the 0/1 "made the target"
vector.  Then

* vector ``u`` is dominated by ``v`` iff ``u & ~v == 0`` word by word;
* the component-wise minimum of two vectors is their bitwise AND;

so a front is a 2-D ``uint64`` array (one row per vector) and every kernel is
plain word arithmetic.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _popcount64(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)


@njit(cache=True, inline="always")
def _pop_low(x, base):
    """The index of the lowest set bit of word ``x`` plus ``base``, and ``x`` without that bit."""
    low = x & (~x + np.uint64(1))
    return base + np.int64(_popcount64(low - np.uint64(1))), x ^ low


@njit(cache=True, inline="always")
def _inside(F, i, j):
    """Whether row ``i`` of F is contained in row ``j`` (every bit of i set in j)."""
    for w in range(F.shape[1]):
        if F[i, w] & ~F[j, w]:
            return False
    return True


@njit(cache=True, inline="always")
def _take_rows(F, keep, n):
    """The rows ``keep[:n]`` of ``F``, in that order, as a new front."""
    out = np.empty((n, F.shape[1]), np.uint64)
    for a in range(n):
        out[a, :] = F[keep[a], :]
    return out


RARE = 8  # a row is compared only with the kept rows that hold its RARE rarest bits


@njit(cache=True)
def _pareto(F):
    """Rows of F that no other row dominates (duplicates kept once).

    Rows are taken largest first (a row can only be dominated by one at least as large);
    a row is compared only with the kept rows that hold its ``RARE`` rarest bits, found in
    per-bit bitsets over the kept rows (fronts of 10^5 rows would otherwise cost
    kept x candidates comparisons).
    """
    k, m = F.shape
    if k <= 1:
        return F.copy()
    # largest rows first, equal rows adjacent
    key = np.empty(k, np.int64)
    top = 64 * m
    for i in range(k):
        s = 0
        h = np.uint64(14695981039346656037)
        for w in range(m):
            s += _popcount64(F[i, w])
            h ^= F[i, w]
            h *= np.uint64(1099511628211)
            h ^= h >> np.uint64(29)
        key[i] = ((top - np.int64(s)) << 40) | np.int64(h >> np.uint64(24))
    order = np.argsort(key)
    keep = np.empty(k, np.int64)
    nk = 0
    last = 0  # the kept row that dominated last: tried first
    nb = 64 * m
    cnt = np.zeros(nb, np.int64)  # per bit: how many kept rows hold it
    cw = 16  # words per bit in ``has`` (kept rows / 64, grown by doubling)
    has = np.zeros((nb, cw), np.uint64)  # per bit: bitset of the kept rows that hold it
    rb = np.empty(RARE, np.int64)
    rc = np.empty(RARE, np.int64)
    for ii in range(k):
        i = order[ii]
        if ii > 0:
            # equal to the row before (kept, or dominated like this one)
            j = order[ii - 1]
            same = True
            for w in range(m):
                if F[i, w] != F[j, w]:
                    same = False
                    break
            if same:
                continue
        dominated = False
        if nk > 0:
            dominated = _inside(F, i, keep[last])
        if not dominated and nk > 0:
            # the RARE rarest bits of row i among the kept rows (rb[0] the rarest)
            nr = 0
            for w in range(m):
                x = F[i, w]
                while x:
                    b, x = _pop_low(x, w * 64)
                    c = cnt[b]
                    if nr < RARE:
                        nr += 1
                    elif c >= rc[nr - 1]:
                        continue
                    t = nr - 1
                    while t > 0 and rc[t - 1] > c:
                        rb[t] = rb[t - 1]
                        rc[t] = rc[t - 1]
                        t -= 1
                    rb[t] = b
                    rc[t] = c
                if nr > 0 and rc[0] == 0:
                    break
            if nr == 0:
                dominated = True  # the empty row: inside any kept row
            elif rc[0] > 0:
                for q in range((nk + 63) // 64):
                    cand = has[rb[0], q]
                    for t in range(1, nr):
                        if not cand:
                            break
                        cand &= has[rb[t], q]
                    while cand:
                        jj, cand = _pop_low(cand, q * 64)
                        if _inside(F, i, keep[jj]):
                            dominated = True
                            last = jj
                            break
                    if dominated:
                        break
        if not dominated:
            if nk == cw * 64:
                bigger = np.zeros((nb, 2 * cw), np.uint64)
                bigger[:, :cw] = has
                has = bigger
                cw *= 2
            q = nk // 64
            bit = np.uint64(1) << np.uint64(nk % 64)
            for w in range(m):
                x = F[i, w]
                while x:
                    b, x = _pop_low(x, w * 64)
                    cnt[b] += 1
                    has[b, q] |= bit
            keep[nk] = i
            nk += 1
    return _take_rows(F, keep, nk)


@njit(cache=True, inline="always")
def _word_value(x, weights, base):
    s = 0.0
    while x:
        low = x & (~x + np.uint64(1))
        s += weights[base + _popcount64(low - np.uint64(1))]
        x ^= low
    return s


@njit(cache=True)
def _min_combine(R, F, notwc, weights, nwords, tau):
    """Pareto front of {r & (f | notwc)} worth at least ``tau``: MIN's reply combined with another child's front.

    ``notwc`` marks the parent's worlds where the child's move is not available, so
    there the child puts no bound on the payoff.  Values are Σ over set bits of
    ``weights`` (per world, repeated for every level of ``nwords`` words).
    """
    a, m = R.shape
    b = F.shape[0]
    prune = tau > -0.5
    # value of each R row outside / inside the child's worlds, of each F row inside
    rout = np.zeros(a)
    rin = np.zeros(a)
    for i in range(a):
        for w in range(m):
            base = (w % nwords) * 64
            rout[i] += _word_value(R[i, w] & notwc[w], weights, base)
            rin[i] += _word_value(R[i, w] & ~notwc[w], weights, base)
    fv = np.zeros(b)
    for j in range(b):
        for w in range(m):
            fv[j] += _word_value(F[j, w] & ~notwc[w], weights, (w % nwords) * 64)
    order = np.argsort(-fv)
    cap = min(a * b, 1 << 16)
    cand = np.empty((cap, m), np.uint64)
    n = 0
    for i in range(a):
        for jj in range(b):
            j = order[jj]
            if prune and rout[i] + min(rin[i], fv[j]) < tau:
                break
            if n == cap:
                cap *= 2
                bigger = np.empty((cap, m), np.uint64)
                bigger[:n] = cand[:n]
                cand = bigger
            for w in range(m):
                cand[n, w] = R[i, w] & (F[j, w] | notwc[w])
            if prune:
                v = rout[i]
                for w in range(m):
                    v += _word_value(cand[n, w] & ~notwc[w], weights, (w % nwords) * 64)
                if v < tau:
                    continue
            n += 1
    return _pareto(cand[:n])


@njit(cache=True)
def _expand_levels(F, src, full, nwords):
    """Rebuild rows with new levels: level i copies level src[i] of F, or is empty (-1), or ``full`` (-2)."""
    k = F.shape[0]
    L = src.shape[0]
    out = np.zeros((k, L * nwords), np.uint64)
    for r in range(k):
        for i in range(L):
            s = src[i]
            if s >= 0:
                for w in range(nwords):
                    out[r, i * nwords + w] = F[r, s * nwords + w]
            elif s == -2:
                for w in range(nwords):
                    out[r, i * nwords + w] = full[w]
    return out


@njit(cache=True)
def _values(F, weights, nwords):
    """Expected payoff of each row: Σ over levels and set bits of the world's weight."""
    k, m = F.shape
    out = np.zeros(k, np.float64)
    for r in range(k):
        s = 0.0
        for wi in range(m):
            x = F[r, wi]
            base = (wi % nwords) * 64
            while x:
                low = x & (~x + np.uint64(1))
                b = _popcount64(low - np.uint64(1))
                s += weights[base + b]
                x ^= low
        out[r] = s
    return out


@njit(cache=True)
def _find_superset(F, need):
    """Index of the first row of F that contains every bit of ``need`` (-1 if none)."""
    k, m = F.shape
    for r in range(k):
        ok = True
        for w in range(m):
            if need[w] & ~F[r, w]:
                ok = False
                break
        if ok:
            return r
    return -1


def int_to_words(x: int, nwords: int) -> np.ndarray:
    """A Python-int bitset as ``uint64`` words (little-endian word order)."""
    return np.frombuffer(x.to_bytes(nwords * 8, "little"), dtype=np.uint64).copy()


def words_to_int(words: np.ndarray) -> int:
    return int.from_bytes(np.ascontiguousarray(words, dtype=np.uint64).tobytes(), "little")


@njit(cache=True)
def _patterns(west, xw, dfd):
    """Canonical index of each world at a position: West's current holding as a bit pattern over the
    defenders' remaining cards (highest first); -1 for worlds outside the bitset ``xw``.

    Within one position the map is one-to-one (who played each gone card is public), so it
    relabels the worlds of positions that differ only by which equivalent cards are gone.
    """
    nw = west.shape[0]
    cards = np.empty(15, np.int64)
    m = 0
    for r in range(14, 1, -1):
        if dfd >> r & 1:
            cards[m] = r
            m += 1
    pat = np.full(nw, -1, np.int64)
    for i in range(nw):
        if xw[i // 64] >> np.uint64(i % 64) & np.uint64(1):
            p = 0
            w = west[i]
            for j in range(m):
                if w >> cards[j] & 1:
                    p |= 1 << j
            pat[i] = p
    return pat


@njit(cache=True)
def _to_canon(F, pat, nwords, pwords):
    """Re-index a front's world bits by ``pat`` (world -> canonical index)."""
    k, width = F.shape
    L = width // nwords if nwords else 0
    out = np.zeros((k, L * pwords), np.uint64)
    nw = pat.shape[0]
    for r in range(k):
        for lv in range(L):
            for i in range(nw):
                p = pat[i]
                if p >= 0 and (F[r, lv * nwords + i // 64] >> np.uint64(i % 64)) & np.uint64(1):
                    out[r, lv * pwords + p // 64] |= np.uint64(1) << np.uint64(p % 64)
    return out


@njit(cache=True)
def _from_canon(C, pat, nwords, pwords):
    """Inverse of :func:`_to_canon` for the worlds that ``pat`` maps."""
    k, width = C.shape
    L = width // pwords if pwords else 0
    out = np.zeros((k, L * nwords), np.uint64)
    nw = pat.shape[0]
    for r in range(k):
        for lv in range(L):
            for i in range(nw):
                p = pat[i]
                if p >= 0 and (C[r, lv * pwords + p // 64] >> np.uint64(p % 64)) & np.uint64(1):
                    out[r, lv * nwords + i // 64] |= np.uint64(1) << np.uint64(i % 64)
    return out


@njit(cache=True)
def _mask_pareto(F, mask):
    """Pareto front of the rows of F restricted to ``mask``."""
    k, m = F.shape
    G = np.empty((k, m), np.uint64)
    for r in range(k):
        for w in range(m):
            G[r, w] = F[r, w] & mask[w]
    return _pareto(G)


# -- values through byte tables: wtab[8 * i + b, v] = weight of the worlds set in byte value v at byte b of
#    word i of a level (the same for every level); 8 lookups per word whatever its number of bits.
_BYTE_BITS = ((np.arange(256)[:, None] >> np.arange(8)[None, :]) & 1).astype(np.float64)  # [256, 8]


def weight_table(weights: np.ndarray, nwords: int) -> np.ndarray:
    """Byte tables of ``weights`` (one per world, padded to ``64 * nwords``) for :func:`_tword`."""
    w = np.zeros(nwords * 64)
    w[: len(weights)] = weights
    return np.ascontiguousarray((_BYTE_BITS @ w.reshape(nwords * 8, 8).T).T)


@njit(cache=True, inline="always")
def _tword(x, wtab, wi):
    s = 0.0
    b = wi * 8
    while x:
        s += wtab[b, x & np.uint64(255)]
        x >>= np.uint64(8)
        b += 1
    return s


@njit(cache=True)
def _trow(x, wtab, nwords):
    """Value of one row (1-D words)."""
    s = 0.0
    for i in range(x.shape[0]):
        s += _tword(x[i], wtab, i % nwords)
    return s


@njit(cache=True)
def _tvalues(F, wtab, nwords):
    k, m = F.shape
    out = np.zeros(k)
    for r in range(k):
        s = 0.0
        for i in range(m):
            s += _tword(F[r, i], wtab, i % nwords)
        out[r] = s
    return out


@njit(cache=True)
def _tprune(F, wtab, nwords, tau):
    """Rows of F worth at least ``tau``."""
    k, m = F.shape
    v = _tvalues(F, wtab, nwords)
    n = 0
    for r in range(k):
        if v[r] >= tau:
            n += 1
    out = np.empty((n, m), np.uint64)
    n = 0
    for r in range(k):
        if v[r] >= tau:
            out[n, :] = F[r, :]
            n += 1
    return out


@njit(cache=True, inline="always")
def _and_value(c, F, j, wtab, nwords):
    """Value of the worlds in both row ``c`` and row ``j`` of F."""
    v = 0.0
    for w in range(c.shape[0]):
        v += _tword(c[w] & F[j, w], wtab, w % nwords)
    return v


@njit(cache=True)
def _reaches(c, F, fv, order, notwc, wtab, nwords, tau, hint):
    """A row f of F (values fv, ``order`` by value, best first) that leaves c & (f | notwc) worth >= tau:
    its index in F (-2: any row, the worlds outside F's reach tau alone; -1: none).

    The row ``hint`` (the one that worked for the candidate before, from the same row; -1: none) is
    tried first.
    """
    m = c.shape[0]
    need = tau
    for w in range(m):
        need -= _tword(c[w] & notwc[w], wtab, w % nwords)
    if need <= 0.0:
        return -2
    if hint >= 0 and fv[hint] >= need and _and_value(c, F, hint, wtab, nwords) >= need:
        return hint
    for jj in range(order.shape[0]):
        j = order[jj]
        if fv[j] < need:
            return -1
        if _and_value(c, F, j, wtab, nwords) >= need:
            return j
    return -1


@njit(cache=True)
def _pareto_open(F, openm, wtab, nwords):
    """Rows of F that may still give the most valuable final row, when only the bits in ``openm`` can
    still be cleared (by later minima) and nothing but the final value matters.

    Row ``u`` is dropped when a kept row ``v`` has ``v & openm`` containing ``u & openm`` and at
    least the value of ``u`` outside ``openm``: whatever is combined later, ``v`` ends worth as much.
    """
    k, m = F.shape
    if k <= 1:
        return F.copy()
    sv = np.empty(k)
    key = np.empty(k)
    for i in range(k):
        s = 0.0
        c = 0
        for w in range(m):
            s += _tword(F[i, w] & ~openm[w], wtab, w % nwords)
            c += _popcount64(F[i, w] & openm[w])
        sv[i] = s
        key[i] = -s - 1e-6 * c  # most settled value first; on ties the larger open part first
    order = np.argsort(key, kind="mergesort")
    keep = np.empty(k, np.int64)
    nk = 0
    for ii in range(k):
        i = order[ii]
        dominated = False
        for jj in range(nk):
            j = keep[jj]
            if sv[j] < sv[i]:
                continue
            sub = True
            for w in range(m):
                if F[i, w] & openm[w] & ~F[j, w]:
                    sub = False
                    break
            if sub:
                dominated = True
                break
        if not dominated:
            keep[nk] = i
            nk += 1
    return _take_rows(F, keep, nk)


@njit(cache=True)
def _min_combine_t(R, F, notwc, wtab, nwords, tau, rest, rest_off, rest_notwc, stats, openm, useopen):
    """Pareto front of {r & (f | notwc)} that may still be worth ``tau`` (``tau`` < 0: all of it).

    With pruning a candidate must be worth ``tau`` and, for every reply still to be combined
    (rows ``rest[rest_off[q]:rest_off[q + 1]]``, its non-worlds ``rest_notwc[q]``), some row of that
    reply must leave it worth ``tau``: combining only removes worlds, so the others cannot reach it.
    ``useopen``: only the best final value matters, filter with :func:`_pareto_open` over ``openm``.
    """
    a, m = R.shape
    b = F.shape[0]
    prune = tau > -0.5
    rout = np.zeros(a)
    rin = np.zeros(a)
    for i in range(a):
        for w in range(m):
            rout[i] += _tword(R[i, w] & notwc[w], wtab, w % nwords)
            rin[i] += _tword(R[i, w] & ~notwc[w], wtab, w % nwords)
    fv = np.zeros(b)
    for j in range(b):
        for w in range(m):
            fv[j] += _tword(F[j, w] & ~notwc[w], wtab, w % nwords)
    order = np.argsort(-fv)
    nrest = rest_off.shape[0] - 1
    rv = np.zeros(rest.shape[0])
    rorder = np.zeros(rest.shape[0], np.int64)
    if prune:
        for q in range(nrest):
            lo, hi = rest_off[q], rest_off[q + 1]
            for j in range(lo, hi):
                s = 0.0
                for w in range(m):
                    s += _tword(rest[j, w] & ~rest_notwc[q, w], wtab, w % nwords)
                rv[j] = s
            rorder[lo:hi] = np.argsort(-rv[lo:hi]) + lo
    cap = min(a * b, 1 << 12)
    cand = np.empty((max(cap, 1), m), np.uint64)
    n = 0
    c = np.empty(m, np.uint64)
    # per row of R, the rows of each later reply that may still work with it (in value order): a
    # candidate is a subset of its R row, so a row that leaves the R row short of tau leaves it short too
    viab = np.empty(rest.shape[0], np.int64)
    vn = np.zeros(max(nrest, 1), np.int64)
    hint = np.full(max(nrest, 1), -1, np.int64)  # per later reply: the row that worked last (within R's row)
    for i in range(a):
        hint[:] = -1
        if prune:
            none = False
            ri = R[i]
            for q in range(nrest):
                lo, hi = rest_off[q], rest_off[q + 1]
                need = tau
                for w in range(m):
                    need -= _tword(R[i, w] & rest_notwc[q, w], wtab, w % nwords)
                n_ = 0
                for jj in range(lo, hi):
                    j = rorder[jj]
                    if need > 0.0 and rv[j] < need:
                        break
                    if _and_value(ri, rest, j, wtab, nwords) >= need:
                        viab[lo + n_] = j - lo
                        n_ += 1
                vn[q] = n_
                if n_ == 0:
                    none = True
                    break
            if none:
                continue
        for jj in range(b):
            j = order[jj]
            if prune and rout[i] + min(rin[i], fv[j]) < tau:
                break
            for w in range(m):
                c[w] = R[i, w] & (F[j, w] | notwc[w])
            if prune:
                v = rout[i]
                for w in range(m):
                    v += _tword(c[w] & ~notwc[w], wtab, w % nwords)
                if v < tau:
                    continue
                ok = True
                for q in range(nrest):
                    lo, hi = rest_off[q], rest_off[q + 1]
                    hit = _reaches(c, rest[lo:hi], rv[lo:hi], viab[lo:lo + vn[q]], rest_notwc[q], wtab, nwords, tau,
                                   hint[q])
                    if hit == -1:
                        ok = False
                        break
                    hint[q] = hit if hit >= 0 else -1
                if not ok:
                    continue
            if n == cand.shape[0]:
                bigger = np.empty((2 * n, m), np.uint64)
                bigger[:n] = cand[:n]
                cand = bigger
            cand[n, :] = c
            n += 1
    stats[16] += n
    out = _pareto_open(cand[:n], openm, wtab, nwords) if useopen else _pareto(cand[:n])
    stats[17] += out.shape[0]
    return out
