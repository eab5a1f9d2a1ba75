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

from bridgeplay.engine import _numba


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


# The small helpers below that read or write arrays they are given (and allocate nothing) are compiled without
# numba's reference counting (``_nrt=False``) and not inlined: inlined, every call paid an atomic increment and
# decrement of each array argument's count, which ``perf`` put above the arithmetic (_pareto_known's inner loops
# above all; see benchmarks/suit_speed.md).  Called from a kernel with the runtime, they read the same arrays.
@njit(cache=True, _nrt=False)
def _inside(F, i, j):
    """Whether row ``i`` of F is contained in row ``j`` (every bit of i set in j)."""
    for w in range(F.shape[1]):
        if F[i, w] & ~F[j, w]:
            return False
    return True


@njit(cache=True, _nrt=False)
def _part_inside(x, y, mask):
    """Whether the bits of row ``x`` inside ``mask`` are all set in row ``y``."""
    for w in range(x.shape[0]):
        if x[w] & mask[w] & ~y[w]:
            return False
    return True


@njit(cache=True, _nrt=False)
def _put(dst, lo, src):
    """``dst[lo:lo + len(src)] = src`` (1-D), as a loop.  The kernels copy arrays with these two, never with a
    slice assignment: numba's checks the shapes and formats its error message with strings, code that costs
    over a second of compile in every process and is optimised again in every kernel above it."""
    for i in range(src.shape[0]):
        dst[lo + i] = src[i]


@njit(cache=True, _nrt=False)
def _set_row(dst, i, src):
    """``dst[i, :] = src`` (see :func:`_put`)."""
    for w in range(src.shape[0]):
        dst[i, w] = src[w]


@njit(cache=True, _nrt=False)
def _copy_row(dst, i, src, j):
    """``dst[i, :] = src[j, :]`` (see :func:`_put`)."""
    for w in range(src.shape[1]):
        dst[i, w] = src[j, w]


@njit(cache=True, _nrt=False)
def _put_rows(dst, lo, src):
    """``dst[lo:lo + len(src), :src.shape[1]] = src`` (2-D), as a loop (see :func:`_put`)."""
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            dst[lo + i, j] = src[i, j]


@njit(cache=True, _nrt=False)
def _row_of(F, x):
    """The index of a row of ``F`` equal to ``x``, or -1."""
    for i in range(F.shape[0]):
        if _row_equals(F, i, x):
            return i
    return -1


@njit(cache=True, _nrt=False, inline="always")
def _row_equals(F, i, x):
    """Row ``i`` of ``F`` equals ``x``."""
    for w in range(x.shape[0]):
        if F[i, w] != x[w]:
            return False
    return True


@njit(cache=True, inline="always")
def _take_rows(F, keep, n):
    """The rows ``keep[:n]`` of ``F``, in that order, as a new front."""
    out = np.empty((n, F.shape[1]), np.uint64)
    for a in range(n):
        _copy_row(out, a, F, keep[a])
    return out


PRODUCT_MIN = 4096  # pairs from which a combination builds its front by parts (see _product_front)
NARROW_ROWS = 8  # with levels, a combination of at most so many rows (a narrow one's step) is not built by parts
INDEX_MIN = 64  # later-reply rows from which a combination indexes them by bit (see _reaching)
MARK_MAX = 128  # a combination marks per row of R the rows of a later reply that reach tau, if at most so many may
POOL_CHECK = 32  # up to this many inside fronts pooled, _product_front finds their undominated rows first
TOP_GROUPS = 1024  # up to this many groups of outside parts _product_front looks for the undominated ones
RARE = 8  # a row is compared only with the kept rows that hold its RARE rarest bits


@njit(cache=True, _nrt=False)
def _note_rare(b, k, nr, rb, rc):
    """Put bit b, held by k rows, among the ``RARE`` rarest bits so far (``rb``/``rc``, nr of them,
    rarest first); returns how many there are now."""
    if nr < RARE:
        nr += 1
    elif k >= rc[nr - 1]:
        return nr
    t = nr - 1
    while t > 0 and rc[t - 1] > k:
        rb[t] = rb[t - 1]
        rc[t] = rc[t - 1]
        t -= 1
    rb[t] = b
    rc[t] = k
    return nr


@njit(cache=True, inline="always")
def _pareto(F):
    """Rows of F that no other row dominates (duplicates kept once).

    Rows are taken largest first (a row can only be dominated by one at least as large);
    a row is compared only with the kept rows that hold its ``RARE`` rarest bits, found in
    per-bit bitsets over the kept rows (fronts of 10^5 rows would otherwise cost
    kept x candidates comparisons).
    """
    return _pareto_known(F, np.zeros(F.shape[0], np.bool_))


@njit(cache=True)
def _pareto_known(F, known):
    """:func:`_pareto`, told that the rows with ``known[i]`` set are dominated by no other row (they are
    not compared, only kept; a duplicate of one is still kept once).  A row wrongly marked costs only
    time later: it is a real vector, kept although dominated.
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
    # words per bit in ``has``: room for every row (at most k are kept), so it never grows; sized by k, not a fixed
    # 16 words (1,024 rows): most fronts have a few rows, and zeroing 16 words per bit of every call was a large
    # part of the Pareto filter's time where rows are wide (every target's, ``L`` levels of worlds)
    cw = (k + 63) // 64
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
        compare = nk > 0 and not known[i]  # (a row known undominated is only kept)
        if compare:
            dominated = _inside(F, i, keep[last])
        if compare and not dominated:
            # the RARE rarest bits of row i among the kept rows (rb[0] the rarest)
            nr = 0
            for wr in range(m):
                # (last words first: with levels, the highest level's worlds are the fewest, and a bit
                # no kept row holds ends the search soonest)
                w = m - 1 - wr
                x = F[i, w]
                while x:
                    b, x = _pop_low(x, w * 64)
                    nr = _note_rare(b, cnt[b], nr, rb, rc)
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


@njit(cache=True, _nrt=False)
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
                _put_rows(bigger, 0, cand[:n])
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


@njit(cache=True, inline="always")
def _row_value(F, r, weights, nwords):
    """Row r's expected payoff: Σ over levels and set bits of the world's weight (in this order, which both
    callers below share, so their sums are equal to the last bit)."""
    s = 0.0
    for wi in range(F.shape[1]):
        x = F[r, wi]
        base = (wi % nwords) * 64
        while x:
            low = x & (~x + np.uint64(1))
            b = _popcount64(low - np.uint64(1))
            s += weights[base + b]
            x ^= low
    return s


@njit(cache=True)
def _values(F, weights, nwords):
    """Expected payoff of each row: Σ over levels and set bits of the world's weight."""
    k = F.shape[0]
    out = np.zeros(k, np.float64)
    for r in range(k):
        out[r] = _row_value(F, r, weights, nwords)
    return out


@njit(cache=True)
def _max_values(F, weights, nwords):
    """Per weight vector ``weights[k]`` (one objective's, see bridgeplay.suit.search.SuitSearch.objectives), the
    most a row of F is worth under it, as ``_values(F, weights[k], nwords).max()`` sums it (-1: F has no row): one
    call for every objective, not one per objective from Python."""
    K = weights.shape[0]
    out = np.full(K, -1.0)
    for o in range(K):
        w = weights[o]
        for r in range(F.shape[0]):
            s = _row_value(F, r, w, nwords)
            if r == 0 or s > out[o]:
                out[o] = s
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


@njit(cache=True, _nrt=False)
def _patterns_into(west, xw, dfd, pat):
    """:func:`_patterns` written into ``pat`` (``pat[:len(west)]``; allocates nothing)."""
    for i in range(west.shape[0]):
        if xw[i // 64] >> np.uint64(i % 64) & np.uint64(1):
            p = 0
            w = west[i]
            j = 0
            for r in range(14, 1, -1):
                if dfd >> r & 1:
                    if w >> r & 1:
                        p |= 1 << j
                    j += 1
            pat[i] = p
        else:
            pat[i] = -1


@njit(cache=True, _nrt=False)
def _canon_row_into(x, pat, nwords, pwords, dst, lo):
    """:func:`_to_canon` of the one row ``x``, written into ``dst[lo:lo + L * pwords]`` (allocates nothing)."""
    L = x.shape[0] // nwords if nwords else 0
    for c in range(L * pwords):
        dst[lo + c] = 0
    nw = pat.shape[0]
    for lv in range(L):
        for w in range(nwords):
            v = x[lv * nwords + w]
            while v:
                i, v = _pop_low(v, w * 64)
                if i < nw:
                    p = pat[i]
                    if p >= 0:
                        dst[lo + lv * pwords + p // 64] |= np.uint64(1) << np.uint64(p % 64)


@njit(cache=True)
def _to_canon(F, pat, nwords, pwords):
    """Re-index a front's world bits by ``pat`` (world -> canonical index)."""
    k, width = F.shape
    L = width // nwords if nwords else 0
    out = np.zeros((k, L * pwords), np.uint64)
    nw = pat.shape[0]
    for r in range(k):
        for lv in range(L):
            for w in range(nwords):
                x = F[r, lv * nwords + w]  # (its set bits only: rows are sparse)
                while x:
                    i, x = _pop_low(x, w * 64)
                    if i < nw:
                        p = pat[i]
                        if p >= 0:
                            out[r, lv * pwords + p // 64] |= np.uint64(1) << np.uint64(p % 64)
    return out


@njit(cache=True)
def _from_canon(C, pat, nwords, pwords):
    """Inverse of :func:`_to_canon` for the worlds that ``pat`` maps."""
    k, width = C.shape
    L = width // pwords if pwords else 0
    out = np.zeros((k, L * nwords), np.uint64)
    nw = pat.shape[0]
    # (canonical index -> world, so that only the set bits of a row are visited)
    inv = np.full(pwords * 64, -1, np.int64)
    for i in range(nw):
        if pat[i] >= 0:
            inv[pat[i]] = i
    for r in range(k):
        for lv in range(L):
            for w in range(pwords):
                x = C[r, lv * pwords + w]
                while x:
                    p, x = _pop_low(x, w * 64)
                    i = inv[p]
                    if i >= 0:
                        out[r, lv * nwords + i // 64] |= np.uint64(1) << np.uint64(i % 64)
    return out


@njit(cache=True)
def _mask_pareto(F, mask):
    """Pareto front of the rows of F (a front: no row inside another) restricted to ``mask``.

    A row the mask leaves whole stays undominated: a row inside it would be inside the other's
    whole row, so only the rows the mask cuts are compared.
    """
    k, m = F.shape
    G = np.empty((k, m), np.uint64)
    known = np.ones(k, np.bool_)
    cut = 0
    for r in range(k):
        for w in range(m):
            G[r, w] = F[r, w] & mask[w]
            if G[r, w] != F[r, w]:
                known[r] = False
        if not known[r]:
            cut += 1
    if cut == 0:
        return G
    return _pareto_known(G, known)


# -- values through byte tables: wtab[8 * i + b, v] = weight of the worlds set in byte value v at byte b of
#    word i of a level (the same for every level); 8 lookups per word whatever its number of bits.
_BYTE_BITS = ((np.arange(256)[:, None] >> np.arange(8)[None, :]) & 1).astype(np.float64)  # [256, 8]


def weight_table(weights: np.ndarray, nwords: int) -> np.ndarray:
    """Byte tables of ``weights`` (one per world, padded to ``64 * nwords``) for :func:`_tword`."""
    w = np.zeros(nwords * 64)
    w[: len(weights)] = weights
    return np.ascontiguousarray((_BYTE_BITS @ w.reshape(nwords * 8, 8).T).T)


@njit(cache=True, _nrt=False)
def _tword(x, wtab, wi):
    s = 0.0
    b = wi * 8
    while x:
        s += wtab[b, x & np.uint64(255)]
        x >>= np.uint64(8)
        b += 1
    return s


@njit(cache=True, _nrt=False)
def _trow(x, wtab, nwords):
    """Value of one row (1-D words)."""
    s = 0.0
    for i in range(x.shape[0]):
        s += _tword(x[i], wtab, i % nwords)
    return s


@njit(cache=True, _nrt=False, inline="always")
def _obj_span(nobj, k, m):
    """The words of a row of ``m`` words that objective ``k`` of ``nobj`` weighs (objectives 0..L-1 the levels,
    L = ``nobj`` - 1 the expected tricks: see bridgeplay.suit.search.SuitSearch.objectives): a level's own words,
    every word for the expected tricks.  Each word weighs as the search's table says (:func:`_tword`), in every
    objective that weighs it."""
    if k < nobj - 1:
        nw = m // (nobj - 1)
        return k * nw, (k + 1) * nw
    return 0, m


@njit(cache=True, _nrt=False)
def _trow_k(x, wtab, nobj, k, m):
    """Value of a row of ``m`` words for objective ``k`` of ``nobj`` (see :func:`_obj_span`): :func:`_trow` over
    the words the objective weighs."""
    lo, hi = _obj_span(nobj, k, m)
    nwords = wtab.shape[0] // 8
    s = 0.0
    for i in range(lo, hi):
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
def _tmax(F, wtab, nwords):
    """The most a row of F is worth (by :func:`_trow`; 0.0 when F has no row), without an array of the values."""
    best = 0.0
    for r in range(F.shape[0]):
        best = max(best, _trow(F[r], wtab, nwords))
    return best


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
            _copy_row(out, n, F, r)
            n += 1
    return out


@njit(cache=True, _nrt=False)
def _and_value(c, F, j, wtab, nwords):
    """Value of the worlds in both row ``c`` and row ``j`` of F."""
    v = 0.0
    for w in range(c.shape[0]):
        v += _tword(c[w] & F[j, w], wtab, w % nwords)
    return v


@njit(cache=True, _nrt=False)
def _count_at_least(desc, x):
    """How many values of the descending array ``desc`` are >= x."""
    a, z = 0, desc.shape[0]
    while a < z:
        mid = (a + z) // 2
        if desc[mid] >= x:
            a = mid + 1
        else:
            z = mid
    return a


@njit(cache=True)
def _bit_weights(wtab, m, nwords):
    """Per bit of a row of ``m`` words, the weight of its world (read back from the byte tables)."""
    wb = np.empty(64 * m)
    for b in range(64 * m):
        k = b % 64
        wb[b] = wtab[((b // 64) % nwords) * 8 + k // 8, 1 << (k % 8)]
    return wb


@njit(cache=True)
def _musts(c, notwc, wb, slack, cnt, rb, rc):
    """The ``RARE`` rarest (by ``cnt``) bits of c outside ``notwc`` that weigh more than ``slack``.

    A row that misses one of them leaves c more than ``slack`` short.  Returns how many were
    found (into ``rb``, rarest first), or -1 when one of them is in no row at all.
    """
    nr = 0
    for w in range(c.shape[0]):
        x = c[w] & ~notwc[w]
        while x:
            b, x = _pop_low(x, w * 64)
            if wb[b] <= slack + 1e-12:  # (a margin for rounding: never drop a row that reaches)
                continue
            if cnt[b] == 0:
                return -1
            nr = _note_rare(b, cnt[b], nr, rb, rc)
    return nr


@njit(cache=True)
def _row_index(F, lo, hi, perm, notwc, has, cnt, woff):
    """Index rows ``lo..hi`` of F in the order ``perm`` (row ``lo + perm[p]`` at position p): per bit
    outside ``notwc``, the bitset of positions whose row holds it (``has[bit, woff + p // 64]``), and
    how many (``cnt[bit]``)."""
    for p in range(hi - lo):
        j = lo + perm[p]
        word = woff + p // 64
        bit = np.uint64(1) << np.uint64(p % 64)
        for w in range(F.shape[1]):
            x = F[j, w] & ~notwc[w]
            while x:
                b, x = _pop_low(x, w * 64)
                has[b, word] |= bit
                cnt[b] += 1


@njit(cache=True)
def _reaching(c, F, lo, perm, sv, notwc, wtab, nwords, tau, has, cnt, woff, vm, wb, rb, rc, hint, out):
    """Rows f of F that leave c & (f | notwc) worth >= tau, among rows ``lo + perm[p]`` (in value
    order: ``sv[p]`` their values, best first) whose positions are set in the bitset ``vm``.

    ``out`` None: the first such row found (``hint``, a position, tried first), as its position;
    -2 when any row does (the worlds outside F reach tau alone); -1 when none does.  Otherwise every
    such row is marked in ``out`` and their number is returned.  Only rows worth the need at least,
    a prefix in value order, and holding every world of c heavier than the slack (value of c inside
    F's worlds minus the need) can; the index (see :func:`_row_index`; ``has`` without columns: none)
    finds the latter.
    """
    m = c.shape[0]
    need = tau
    for w in range(m):
        need -= _tword(c[w] & notwc[w], wtab, w % nwords)
    if need <= 0.0 and out is None:
        return -2
    if hint >= 0 and out is None and _and_value(c, F, lo + perm[hint], wtab, nwords) >= need:
        return hint
    npre = _count_at_least(sv, need)  # rows worth the need: positions 0..npre-1
    nr = 0
    if has.shape[1] and npre > INDEX_MIN:
        inval = 0.0
        for w in range(m):
            inval += _tword(c[w] & ~notwc[w], wtab, w % nwords)
        slack = inval - need
        nr = -1 if slack < 0.0 else _musts(c, notwc, wb, slack, cnt, rb, rc)
    if nr < 0:
        return -1 if out is None else 0
    found = 0
    for q in range((npre + 63) // 64):
        cand = vm[woff + q]
        if q == npre // 64:
            cand &= (np.uint64(1) << np.uint64(npre % 64)) - np.uint64(1)
        for t in range(nr):
            if not cand:
                break
            cand &= has[rb[t], woff + q]
        while cand:
            p, cand = _pop_low(cand, q * 64)
            if _and_value(c, F, lo + perm[p], wtab, nwords) >= need:
                if out is None:
                    return p
                out[woff + q] |= np.uint64(1) << np.uint64(p % 64)
                found += 1
    return -1 if out is None else found


ANSWERS_MAX = 1 << 15  # the most slots of a combination's table of later-reply answers (see _ask)


@njit(cache=True)
def _answer_table(cap, m):
    """An empty table of ``cap`` slots (a power of two, or 0) for :func:`_ask`, over rows of ``m`` words:
    keys, tags (-1: free), lows, highs, and how many slots may still be taken (half of them)."""
    return (np.empty((cap, m), np.uint64), np.full(cap, -1, np.int64), np.empty(cap), np.empty(cap),
            np.array([cap // 2]))


@njit(cache=True)
def _grown(keys, tags, lows, highs):
    """The table (half full) copied into one twice as large, at least 64 slots."""
    cap = tags.shape[0]
    okeys, otags, olows, ohighs, ofree = _answer_table(max(64, 2 * cap), keys.shape[1])
    for s in range(cap):
        if tags[s] >= 0:
            i = _answer_slot(okeys, otags, keys[s], tags[s])
            otags[i] = tags[s]
            _copy_row(okeys, i, keys, s)
            olows[i] = lows[s]
            ohighs[i] = highs[s]
            ofree[0] -= 1
    return okeys, otags, olows, ohighs, ofree


@njit(cache=True, _nrt=False)
def _answer_slot(keys, tags, x, q):
    """The slot of (q, x) in the table: where it is, or the free slot where it goes."""
    h = np.uint64(14695981039346656037) ^ np.uint64(q)
    for w in range(x.shape[0]):
        h ^= x[w]
        h *= np.uint64(1099511628211)
        h ^= h >> np.uint64(29)
    cap = tags.shape[0]
    i = np.int64(h & np.uint64(cap - 1))
    while tags[i] >= 0:
        if tags[i] == q and _row_equals(keys, i, x):
            return i
        i = (i + 1) & (cap - 1)
    return i


@njit(cache=True, _nrt=False)
def _ask(c, q, notwc, wtab, nwords, tau, x, keys, tags, lows, highs, free):
    """What the table knows of :func:`_reaching`'s answer for candidate c and the later reply q (its
    non-worlds ``notwc[q]``): (-2 any row does, -3 some row does, -1 none does, or 0 not known; the slot
    that will keep the answer, or -1; the need).

    Whether some row f of the reply leaves c & (f | notwc) worth tau depends only on c's part inside
    the reply's worlds, x = c & ~notwc, and on the need, tau less c's value outside: per (q, x) the most
    a row keeps of x lies in [low, high), raised and lowered by :func:`_learn`.  Many candidates share
    few parts (KJ84/7, the top of North's 4: 507K candidates, 316 parts inside East's ten).  Written to
    be inlined in the pair loop: no slices, no calls.
    """
    need = tau
    for w in range(c.shape[0]):
        x[w] = c[w] & ~notwc[q, w]
        need -= _tword(c[w] & notwc[q, w], wtab, w % nwords)
    if need <= 0.0:
        return -2, -1, need
    if tags.shape[0] == 0:
        return 0, -1, need
    i = _answer_slot(keys, tags, x, q)
    if tags[i] >= 0:
        if need <= lows[i]:
            return -3, i, need
        if need >= highs[i]:
            return -1, i, need
        return 0, i, need
    if free[0] == 0:
        return 0, -1, need  # (the table is full: asked, not kept)
    free[0] -= 1
    tags[i] = q
    _set_row(keys, i, x)
    lows[i] = 0.0
    highs[i] = np.inf
    return 0, i, need


@njit(cache=True, _nrt=False)
def _learn(hit, i, need, c, F, row, wtab, nwords, lows, highs):
    """Keep in slot i (if any) what :func:`_reaching` answered at ``need``: none (-1) lowers the high; row
    ``row`` of F found raises the low to what that row keeps."""
    if i >= 0:
        if hit == -1:
            highs[i] = need
        elif hit >= 0:
            lows[i] = max(lows[i], _and_value(c, F, row, wtab, nwords))


@njit(cache=True)
def _question(c, q, rest, rest_off, perm, sv, rest_notwc, wtab, nwords, tau, has, cnt, woff, vm, wb, rb, rc, x, keys,
              tags, lows, highs, free):
    """:func:`_reaching` (the first row found) for c and the later reply q, through the table (:func:`_ask`,
    :func:`_learn`): the answer, and the table (grown once it was half full).  The pair loop has the
    same steps inlined."""
    if free[0] == 0 and tags.shape[0] < ANSWERS_MAX:
        keys, tags, lows, highs, free = _grown(keys, tags, lows, highs)
    hit, slot, need = _ask(c, q, rest_notwc, wtab, nwords, tau, x, keys, tags, lows, highs, free)
    if hit == 0:
        lo, hi = rest_off[q], rest_off[q + 1]
        hit = _reaching(c, rest, lo, perm[lo:hi], sv[lo:hi], rest_notwc[q], wtab, nwords, tau, has, cnt[q], woff[q],
                        vm, wb, rb, rc, np.int64(-1), None)
        _learn(hit, slot, need, c, rest, lo + perm[lo + max(hit, 0)], wtab, nwords, lows, highs)
    return hit, keys, tags, lows, highs, free


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
def _part_hashes(F, mask):
    """Per row of F, a hash of its bits inside ``mask``."""
    k, m = F.shape
    h = np.empty(k, np.int64)
    for i in range(k):
        x = np.uint64(14695981039346656037)
        for w in range(m):
            x ^= F[i, w] & mask[w]
            x *= np.uint64(1099511628211)
            x ^= x >> np.uint64(29)
        h[i] = np.int64(x >> np.uint64(1))
    return h


@njit(cache=True)
def _groups(F, mask):
    """Rows of F ordered so that rows equal inside ``mask`` are adjacent, and where each group starts.

    Returns (order, starts): group g is ``order[starts[g]:starts[g + 1]]``.  Rows equal inside the
    mask whose hashes collide with another part may fall in two groups; callers only lose time then.
    """
    h = _part_hashes(F, mask)
    order = np.argsort(h, kind="mergesort")
    k, m = F.shape
    starts = np.empty(k + 1, np.int64)
    ng = 0
    for ii in range(k):
        new = ii == 0
        if not new:
            i, j = order[ii], order[ii - 1]
            for w in range(m):
                if (F[i, w] ^ F[j, w]) & mask[w]:
                    new = True
                    break
        if new:
            starts[ng] = ii
            ng += 1
    starts[ng] = k
    return order, starts[:ng + 1]


@njit(cache=True)
def _product_front(R, F, notwc, wtab, nwords, tau, rout):
    """Pareto front of the pairs {r & (f | notwc)} worth ``tau`` at least, without forming every pair.

    A pair's part inside the child's worlds, r & f & ~notwc, depends only on r's inside part: the
    front of those is made once per distinct inside part.  Its part outside, r & notwc, is r's own:
    rows of R with equal outside parts pool their inside fronts, and only what survives there meets
    the other groups in the final filter.  (KJ84 opposite 7: 1.9M pairs, 26K rows in the final filter.)
    ``rout``: per row of R, the value of that outside part (the caller has it already).
    """
    k, m = R.shape
    b = F.shape[0]
    prune = tau > -0.5
    inw = np.empty(m, np.uint64)
    for w in range(m):
        inw[w] = ~notwc[w]
    # per distinct inside part I of R's rows: Pareto{I & f} (pairs that no row with that part lifts to tau left out)
    order, starts = _groups(R, inw)
    ng = starts.shape[0] - 1
    gid = np.empty(k, np.int64)
    poff = np.zeros(ng + 1, np.int64)
    parts = []
    tmp = np.empty((b, m), np.uint64)
    whole = np.empty(b, np.bool_)  # (F a front) rows of F that I leaves whole: undominated, see _mask_pareto
    gfirst = np.empty(ng, np.int64)  # per group, one of its rows of R (its inside part I)
    for g in range(ng):
        i0 = order[starts[g]]
        gfirst[g] = i0
        most = -1.0
        for ii in range(starts[g], starts[g + 1]):
            gid[order[ii]] = g
            most = max(most, rout[order[ii]])
        n = 0
        low = prune and most < tau  # (else every pair of the group is worth tau by its outside part)
        for j in range(b):
            v = 0.0
            whole[n] = True
            for w in range(m):
                tmp[n, w] = R[i0, w] & F[j, w] & inw[w]
                if tmp[n, w] != F[j, w]:
                    whole[n] = False
                if low:
                    v += _tword(tmp[n, w], wtab, w % nwords)
            if not low or v + most >= tau:
                n += 1
        P = _pareto_known(tmp[:n], whole[:n])
        parts.append(P)
        poff[g + 1] = poff[g] + P.shape[0]
    inside = np.empty((poff[ng], m), np.uint64)
    for g in range(ng):
        _put_rows(inside, poff[g], parts[g])
    pval = _tvalues(inside, wtab, nwords)
    # per distinct outside part A: Pareto of A | (the inside fronts of its rows)
    order, starts = _groups(R, notwc)
    na = starts.shape[0] - 1
    # a row of A's group is inside a row of another group only if A is inside that group's outside part:
    # the rows of a group whose A is inside no other's are undominated (within a group they are a front)
    # (a part lies only inside parts with at least as many bits: each is compared with those alone)
    top = np.ones(na, np.bool_)
    if na <= TOP_GROUPS:
        pop = np.empty(na, np.int64)
        for a in range(na):
            c = 0
            for w in range(m):
                c += _popcount64(R[order[starts[a]], w] & notwc[w])
            pop[a] = -c
        big = np.argsort(pop, kind="mergesort")  # most bits first
        for a in range(na):
            i0 = order[starts[a]]
            for t in range(na):
                a2 = big[t]
                if pop[a2] > pop[a]:
                    break  # fewer bits than A: neither this part nor the rest can hold A
                if a2 != a and _part_inside(R[i0], R[order[starts[a2]]], notwc):
                    top[a] = False
                    break
    else:
        top[:] = False
    outs = []
    total = 0
    seen = np.full(ng, -1, np.int64)
    for a in range(starts.shape[0] - 1):
        i0 = order[starts[a]]
        n = 0
        for ii in range(starts[a], starts[a + 1]):
            g = gid[order[ii]]
            if seen[g] != a:
                seen[g] = a
                n += poff[g + 1] - poff[g]
        C = np.empty((n, m), np.uint64)
        sure = np.empty(n, np.bool_)
        n = 0
        # the inside fronts pooled here: a row of one lies inside a row of another only if it lies
        # inside that one's inside part I, so a row inside no other I is undominated (within its own
        # front it is already); with many fronts pooled, that check is left to the filter
        gs = np.empty(starts[a + 1] - starts[a], np.int64)
        ngs = 0
        for ii in range(starts[a], starts[a + 1]):
            g = gid[order[ii]]
            if seen[g] == a:
                seen[g] = -2 - a  # taken
                gs[ngs] = g
                ngs += 1
        for t in range(ngs):
            g = gs[t]
            for r in range(poff[g], poff[g + 1]):
                if prune and pval[r] + rout[i0] < tau:
                    continue
                sure[n] = ngs <= POOL_CHECK
                for t2 in range(ngs if sure[n] else 0):
                    # (``inside`` rows lie within inw)
                    if t2 != t and _part_inside(inside[r], R[gfirst[gs[t2]]], inw):
                        sure[n] = False
                        break
                for w in range(m):
                    C[n, w] = inside[r, w] | (R[i0, w] & notwc[w])
                n += 1
        Q = _pareto_known(C[:n], sure[:n]) if ngs > 1 else C[:n]
        outs.append(Q)
        total += Q.shape[0]
    out = np.empty((total, m), np.uint64)
    known = np.empty(total, np.bool_)
    n = 0
    for a in range(na):
        Q = outs[a]
        _put_rows(out, n, Q)
        known[n:n + Q.shape[0]] = top[a]
        n += Q.shape[0]
    return _pareto_known(out, known)


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
    nrest = rest_off.shape[0] - 1 if prune else 0
    # the later replies' rows, indexed by bit (see _reaching)
    woff = np.zeros(nrest + 1, np.int64)
    for q in range(nrest):
        woff[q + 1] = woff[q] + (rest_off[q + 1] - rest_off[q] + 63) // 64
    # (an index pays only over enough rows, asked often enough, and one level: with levels (expected
    # tricks) it was slower, measured on KJ972/3; without one every row worth the need is tried)
    nb = 64 * m if m == nwords and rest.shape[0] >= INDEX_MIN and a * b >= rest.shape[0] else 0
    has = np.zeros((nb, woff[nrest] if nb else 0), np.uint64)
    cnt = np.zeros((max(nrest, 1), nb), np.int64)
    perm = np.empty(rest.shape[0], np.int64)
    sv = np.empty(rest.shape[0])
    for q in range(nrest):
        lo, hi = rest_off[q], rest_off[q + 1]
        for j in range(lo, hi):
            s = 0.0
            for w in range(m):
                s += _tword(rest[j, w] & ~rest_notwc[q, w], wtab, w % nwords)
            sv[j] = -s
        _put(perm, lo, np.argsort(sv[lo:hi], kind="mergesort"))
        _put(sv, lo, -sv[lo:hi][perm[lo:hi]])
        if nb:
            _row_index(rest, lo, hi, perm[lo:hi], rest_notwc[q], has, cnt[q], woff[q])
    allrows = np.zeros(woff[nrest], np.uint64)
    for q in range(nrest):
        nq = rest_off[q + 1] - rest_off[q]
        for t in range(nq // 64):
            allrows[woff[q] + t] = ~np.uint64(0)
        if nq % 64:
            allrows[woff[q] + nq // 64] = (np.uint64(1) << np.uint64(nq % 64)) - np.uint64(1)
    wb = _bit_weights(wtab, m if nb else 0, nwords)
    rb = np.empty(RARE, np.int64)
    rc = np.empty(RARE, np.int64)
    vm = np.zeros(woff[nrest], np.uint64)  # per later reply: its rows that may still work with R's row
    hint = np.full(max(nrest, 1), -1, np.int64)  # per later reply: the row that worked last (within R's row)
    qord = np.arange(max(nrest, 1))  # the order the later replies are checked in
    reach = np.empty(m, np.uint64)  # the most a candidate from R's row can keep (see below)
    u = np.empty(m, np.uint64)
    grow = min(a * b, 1 << 12)
    cand = np.empty((max(grow, 1), m), np.uint64)
    n = 0
    c = np.empty(m, np.uint64)
    # large products that the threshold cannot thin (every pair is worth tau by its R row's worlds
    # outside this reply alone) and without the top's filter: every pair's front by parts
    # (_product_front), then the checks on its rows only (a row fails them only if every row inside it
    # fails too); with levels too (expected tricks: AQT2/4, lead of the ace, 1.6 -> 0.9 s; KJ84/7,
    # lead of the 4, 2.7 -> 1.2 s), where the index does not pay, but not for the few rows of a narrow
    # combination's step there (its checks then scan: KJ972/3, lead of the 2, 1.22 -> 1.03 s)
    grouped = not useopen and a * b >= PRODUCT_MIN and (m == nwords or a > NARROW_ROWS)
    if grouped and prune:
        # pairs the value bound lets through: most of them, or the threshold thins the pairs better
        fs = fv[order]
        thru = 0
        for i in range(a):
            need = tau - rout[i]
            if rin[i] >= need:
                thru += _count_at_least(fs, need)
        grouped = 2 * thru >= a * b
    # answers about later replies, kept by the candidate's part inside each (see _ask); grown as it fills
    akeys, atags, alows, ahighs, afree = _answer_table(np.int64(0), m)
    xq = np.empty(m, np.uint64)
    sel = np.empty(a, np.int64)  # (grouped) the rows of R that may still be worth tau
    ns = 0
    for i in range(a):
        hint[:] = -1
        if prune and b > 0 and rout[i] + min(rin[i], fv[order[0]]) < tau:
            continue
        if prune:
            # per later reply, the rows that leave R's row itself worth tau: a candidate is a subset of its
            # R row, so no other row can work with it.  Where they are few, they are marked (``vm``) and
            # ``reach`` keeps R's row within their union; where they are many, their union is most of R's
            # row and marking them costs more than it saves: that reply is only asked whether one exists
            none = False
            ri = R[i]
            _put(reach, 0, ri)
            for q in range(nrest):
                lo, hi = rest_off[q], rest_off[q + 1]
                need = tau
                for w in range(m):
                    need -= _tword(ri[w] & rest_notwc[q, w], wtab, w % nwords)
                if _count_at_least(sv[lo:hi], need) > MARK_MAX:
                    _put(vm, woff[q], allrows[woff[q]:woff[q + 1]])
                    hit, akeys, atags, alows, ahighs, afree = _question(
                        ri, q, rest, rest_off, perm, sv, rest_notwc, wtab, nwords, tau, has, cnt, woff, allrows, wb, rb,
                        rc, xq, akeys, atags, alows, ahighs, afree)
                    if hit == -1:
                        none = True
                        break
                    continue
                vm[woff[q]:woff[q + 1]] = 0
                if _reaching(ri, rest, lo, perm[lo:hi], sv[lo:hi], rest_notwc[q], wtab, nwords, tau, has, cnt[q],
                             woff[q], allrows, wb, rb, rc, np.int64(-1), vm) == 0:
                    none = True
                    break
                _put(u, 0, rest_notwc[q])
                for t in range(woff[q + 1] - woff[q]):
                    x = vm[woff[q] + t]
                    while x:
                        p, x = _pop_low(x, t * 64)
                        j = lo + perm[lo + p]
                        for w in range(m):
                            u[w] |= rest[j, w]
                for w in range(m):
                    reach[w] &= u[w]
            if none:
                continue
        if grouped:
            sel[ns] = i
            ns += 1
            continue
        for jj in range(b):
            j = order[jj]
            if prune and rout[i] + min(rin[i], fv[j]) < tau:
                break
            for w in range(m):
                c[w] = R[i, w] & (F[j, w] | notwc[w])
            if prune:
                v = 0.0
                for w in range(m):
                    v += _tword(c[w] & reach[w], wtab, w % nwords)
                if v < tau:
                    continue
                ok = True
                for k in range(nrest):
                    q = qord[k]
                    lo, hi = rest_off[q], rest_off[q + 1]
                    if afree[0] == 0 and atags.shape[0] < ANSWERS_MAX:
                        akeys, atags, alows, ahighs, afree = _grown(akeys, atags, alows, ahighs)
                    hit, slot, need = _ask(c, q, rest_notwc, wtab, nwords, tau, xq, akeys, atags, alows, ahighs, afree)
                    if hit == 0:
                        hit = _reaching(c, rest, lo, perm[lo:hi], sv[lo:hi], rest_notwc[q], wtab, nwords, tau, has,
                                        cnt[q], woff[q], vm, wb, rb, rc, hint[q], None)
                        _learn(hit, slot, need, c, rest, lo + perm[lo + max(hit, 0)], wtab, nwords, alows, ahighs)
                    if hit == -1:
                        ok = False
                        # the reply that failed is asked first next time
                        for t in range(k, 0, -1):
                            qord[t] = qord[t - 1]
                        qord[0] = q
                        break
                    if hit != -3:
                        hint[q] = hit if hit >= 0 else -1
                if not ok:
                    continue
            if n == cand.shape[0]:
                bigger = np.empty((2 * n, m), np.uint64)
                _put_rows(bigger, 0, cand[:n])
                cand = bigger
            _set_row(cand, n, c)
            n += 1
    if grouped:
        P = _product_front(_take_rows(R, sel, ns) if ns < a else R, F, notwc, wtab, nwords, tau, rout[sel[:ns]])
        stats[16] += P.shape[0]
        if not prune:
            stats[17] += P.shape[0]
            return P
        ok = np.empty(P.shape[0], np.int64)
        nok = 0
        for r in range(P.shape[0]):
            pr = P[r]
            good = _trow(pr, wtab, nwords) >= tau
            for q in range(nrest if good else 0):
                hit, akeys, atags, alows, ahighs, afree = _question(
                    pr, q, rest, rest_off, perm, sv, rest_notwc, wtab, nwords, tau, has, cnt, woff, allrows, wb, rb, rc,
                    xq, akeys, atags, alows, ahighs, afree)
                if hit == -1:
                    good = False
                    break
            if good:
                ok[nok] = r
                nok += 1
        stats[17] += nok
        return _take_rows(P, ok, nok)
    stats[16] += n
    out = _pareto_open(cand[:n], openm, wtab, nwords) if useopen else _pareto(cand[:n])
    stats[17] += out.shape[0]
    return out


# Public entries (the names code outside the engine calls; the ``_`` names stay for the tests).
values = _values
max_values = _max_values
find_superset = _find_superset
pareto = _pareto
min_combine = _min_combine
expand_levels = _expand_levels


_numba.numba_without_scipy()  # (before numba's first compile or cache load: see there)
