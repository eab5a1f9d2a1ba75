"""Single-suit play rules as small numba kernels on rank masks.

Seats are N, E, S, W = 0..3; a holding is an int mask with bit r for rank r.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.experimental import structref
from numba.typed import Dict, List

from bridgeplay.engine.ddsuit import DD_SLOTS, _dd_fill, _dd_memo
from bridgeplay.engine.rules import (  # noqa: F401 (re-exported)
    _follow_plays,
    _popcount,
    _representatives,
    _trick_winner,
    follow_plays,
    representatives,
    trick_winner,
)
from bridgeplay.engine.split import _split_bound, _useful_rows
from bridgeplay.engine.vectors import (
    _canon_row_into,
    _copy_row,
    _from_canon,
    _mask_pareto,
    _min_combine_t,
    _obj_span,
    _pareto,
    _patterns_into,
    _put,
    _put_rows,
    _row_of,
    _set_row,
    _tmax,
    _to_canon,
    _tprune,
    _trow,
    _trow_k,
    _tvalues,
    _tword,
)


@njit(cache=True)
def _world_bitsets(west, outstanding):
    """For each rank r (index 0..14): bitset (as uint64 words) of the worlds where West holds r."""
    nw = west.shape[0]
    nwords = (nw + 63) // 64
    out = np.zeros((15, nwords), np.uint64)
    for i in range(nw):
        w = west[i]
        for r in range(2, 15):
            if (outstanding >> r & 1) and (w >> r & 1):
                out[r, i // 64] |= np.uint64(1) << np.uint64(i % 64)
    return out


# ---------------------------------------------------------------------------------------------
# The exact search over Pareto fronts (see bridgeplay.solvers.suitsearch for the rules it plays
# and the meaning of relevant worlds and thresholds).  Positions:
#   nt == 0: start of a trick; ``lead`` = LEAD_FREE / LEAD_N / LEAD_S (declarer leads) or
#            LEAD_W / LEAD_E (that defender won the last trick: leads a card or exits);
#   nt 1..3: inside a trick led by ``leader``; r0, r1, r2 are the cards on the table (0 = discard).
# ``ths[l]``: tricks still needed at level l; ``xs``: relevant worlds per level (L x nwords words).
# Fronts are C-contiguous uint64[k, L * nwords]; ``tau`` < 0 keeps whole fronts.
# cfg = [nwords, L, beam, value_key, restrict, level_bound, dd_bound, split_bound, trick_canon, flatten, low_dead,
# miss_step, full_cut, share_lb, sum_bound, first_split, narrow, (entry mark), sure_cut]:
# beam > 0 keeps only that many best rows per node (a lower bound search); value_key = 1 puts West's played-card
# count into canonical keys (pruned fronts then move only between positions whose equal canonical worlds weigh the
# same); restrict = 1 drops from later replies the worlds an earlier one loses for sure; level_bound = 1
# lets a top node with levels prove its narrow line best level by level (_level_bound); dd_bound = 1
# drops at a trick boundary, per level, the worlds where declarer cannot take the level's tricks even
# double dummy (_dd_tables: one table per position, the worlds that make each count of tricks); split_bound = n > 0
# lets a top node whose replies have n rows or more bound its best line by a linear relaxation first
# (bridgeplay.engine.split); trick_canon = 1 transposes positions inside a trick on a canonical form too;
# flatten = 1 lets a top node whose third hand has one play be solved over pairs of defenders' cards first;
# low_dead = 1: declarer following plays only the lowest of the cards that cannot beat the trick's winning card;
# miss_step = s (percent): a position in the memo solved for a higher threshold than asked is solved for the asked
# one less s/100 times the gap (anticipating lower asks), and with objectives for each the lower of the two;
# full_cut = 1: a declarer's play winning every relevant world ends the node; share_lb = 1: a lower-bound front no
# beam cut below it is exact, and kept in the exact memos too; sum_bound = 1: several objectives' expected tricks are
# not combined when the levels' bests add up to less than their threshold (_vec_combine); sure_cut = 1: at a trick
# boundary, a position whose every live level declarer's top cards take in every world is won unsearched
# (_sure_tricks).
# st / cst = (dict hash -> entry, keys, fronts, taus, next-in-chain, thresholds per objective): exact and canonical
# memos.
# ---------------------------------------------------------------------------------------------

LEAD_FREE, LEAD_N, LEAD_S, LEAD_W, LEAD_E = 0, 1, 2, 3, 4
TOP_BEAM = 8  # rows kept per step by the narrow combination that raises a top node's threshold
TOP_BETTER = 1e-9  # how much more a row must be worth than the narrow combination's best to be looked for
ASPIRE_PROBES = 2  # thresholds tried between a line and a bound the line falls short of, a third of the gap up
TOP_BEAM_QUICK = 32  # rows kept per step by the quick narrow combination tried first (see _narrow) ...
TOP_BEAM_WIDE = 128  # the widest quick narrow combination tried when the bound cannot prove the line (see QUICK_WORK)
QUICK_WORK = 4_000_000  # a wider quick narrow combination keeps at most so many rows x the largest reply's rows
QUICK_ROWS = 4096  # ... when a reply has so many rows (below, the careful one is as fast and finds better lines)
TOP_BEAM_FLAT = 128  # ... at most so many at a flattened top node (see _node), doubling from TOP_BEAM
INFO = 200  # the most replies a top node reports (see _node): pairs of defenders' cards at a flattened one
LB_PER_LEVEL = 2  # rows kept per level's objective by a lower-bound search with objectives (see _cap_rows)
_NO_OBJ = np.zeros((0, 0, 0))  # (no objectives: see _cap_rows)
STOP = 19  # the slot of ``stats`` another thread sets to stop the search (a time limit): positions not yet
# solved then return empty fronts at once, and the caller, finding the slot set, discards the search
AGAIN = 21  # the slot of ``stats`` a flattened top node sets when it must be solved again the usual way (see _node):
# the caller calls the kernel again with ``cfg[9]`` = 0 (one recursive call site fewer in _node: numba infers the
# whole function again per recursive call site, see engine/__init__.py)


@njit(cache=True, _nrt=False)
def _hash_key(key):
    h = np.uint64(1469598103934665603)
    for i in range(key.shape[0]):
        h ^= key[i]
        h *= np.uint64(1099511628211)
        h ^= h >> np.uint64(31)
    return np.int64(h)


# A memo (:data:`_STORE`, see :func:`_empty_store`): an open-addressing table ``tab`` of entry index + 1 (0:
# empty; linear probing on the key's hash), per entry ``ent[i]`` = (hash, offset and length of its key in
# ``kpool``, offset and length of its thresholds per objective in ``tvpool``), its threshold ``taus[i]`` and
# its front ``fronts[i]``; ``n`` entries, ``kn``/``tvn`` words of the pools used.  Arrays, not typed
# dictionaries and lists: a look-up reads three arrays, and passing the memo counts one reference, not six.
ENT_H, ENT_KO, ENT_KL, ENT_TO, ENT_TL = 0, 1, 2, 3, 4


@njit(cache=True, _nrt=False)
def _find(tab, ent, kpool, key, h):
    """The index of ``key`` (hash ``h``) in a memo's table, else -1; and the slot where it is or would go."""
    mask = tab.shape[0] - 1
    j = h & mask
    nk = key.shape[0]
    while True:
        e = tab[j]
        if e == 0:
            return np.int64(-1), j
        i = e - 1
        if ent[i, ENT_H] == h and ent[i, ENT_KL] == nk:
            o = ent[i, ENT_KO]
            same = True
            for q in range(nk):
                if kpool[o + q] != key[q]:
                    same = False
                    break
            if same:
                return i, j
        j = (j + 1) & mask


@njit(cache=True, inline="always")
def _lookup(st, key):
    return _find(st.tab, st.ent, st.kpool, key, _hash_key(key))[0]


@njit(cache=True)
def _grow(st, nk, ntv):
    """Room in the memo ``st`` for one more entry with a key of ``nk`` words and ``ntv`` thresholds."""
    n = st.n
    if n == st.ent.shape[0]:
        cap = 2 * n
        ent = np.empty((cap, 5), np.int64)
        ent[:n] = st.ent[:n]
        st.ent = ent
        taus = np.empty(cap)
        taus[:n] = st.taus[:n]
        st.taus = taus
    if st.kn + nk > st.kpool.shape[0]:
        kp = np.empty(max(2 * st.kpool.shape[0], st.kn + nk), np.uint64)
        kp[:st.kn] = st.kpool[:st.kn]
        st.kpool = kp
    if st.tvn + ntv > st.tvpool.shape[0]:
        tp = np.empty(max(2 * st.tvpool.shape[0], st.tvn + ntv))
        tp[:st.tvn] = st.tvpool[:st.tvn]
        st.tvpool = tp
    if 2 * (n + 1) > st.tab.shape[0]:
        # (at most half full: rehash into twice the slots)
        tab = np.zeros(2 * st.tab.shape[0], np.int64)
        mask = tab.shape[0] - 1
        ent = st.ent
        for i in range(n):
            j = ent[i, ENT_H] & mask
            while tab[j] != 0:
                j = (j + 1) & mask
            tab[j] = i + 1
        st.tab = tab


@njit(cache=True)
def _store(st, key, front, tau, tv):
    """Keep ``front``, solved with the threshold ``tau`` (one objective) or ``tv`` (several; else empty), at ``key``."""
    h = _hash_key(key)
    i, j = _find(st.tab, st.ent, st.kpool, key, h)
    ntv = tv.shape[0]
    if i < 0:
        _grow(st, key.shape[0], ntv)
        i = st.n
        i2, j = _find(st.tab, st.ent, st.kpool, key, h)  # (the slot, after a rehash)
        ent = st.ent
        kpool = st.kpool
        ent[i, ENT_H] = h
        ent[i, ENT_KO] = st.kn
        ent[i, ENT_KL] = key.shape[0]
        for q in range(key.shape[0]):
            kpool[st.kn + q] = key[q]
        st.kn += key.shape[0]
        ent[i, ENT_TO] = st.tvn
        ent[i, ENT_TL] = ntv
        st.tvn += ntv
        st.tab[j] = i + 1
        st.n = i + 1
        st.fronts.append(front)
    else:
        st.fronts[i] = front
        ent = st.ent
        if ent[i, ENT_TL] != ntv:
            _grow(st, 0, ntv)
            ent = st.ent
            ent[i, ENT_TO] = st.tvn
            ent[i, ENT_TL] = ntv
            st.tvn += ntv
    st.taus[i] = tau
    tvpool = st.tvpool
    o = st.ent[i, ENT_TO]
    for k in range(ntv):
        tvpool[o + k] = tv[k]


@njit(cache=True, inline="always")
def _tvs(st, i):
    """The thresholds per objective memo entry ``i`` of ``st`` was solved with (a view; empty: one objective)."""
    o = st.ent[i, ENT_TO]
    return st.tvpool[o:o + st.ent[i, ENT_TL]]


@njit(cache=True, inline="always")
def _covers(st, i, tau, tv):
    """Whether the front of memo entry ``i`` of ``st``, solved with its thresholds, serves thresholds (``tau``, or
    ``tv`` when not empty) as high or higher: it keeps every row they keep.  (A single threshold is kept as a
    float, so the one-objective search reads no array here.)"""
    if tv.shape[0]:
        ent = st.ent
        o = ent[i, ENT_TO]
        tvpool = st.tvpool
        for k in range(tv.shape[0]):
            if tvpool[o + k] > tv[k]:
                return False
        return True
    return st.taus[i] <= tau


@njit(cache=True)
def _cap_rows(F, wtab, nwords, beam, otab, stats):
    """The ``beam`` most valuable rows of F (all of them when there are no more); with objectives (``otab``, one
    entry per objective, see :func:`_node`), also the LB_PER_LEVEL most valuable for each level's objective.  A
    cap that drops rows is counted in stats[14] (the front is then no longer exact: see :func:`_node`'s sharing of
    lower-bound fronts)."""
    if beam <= 0 or F.shape[0] <= beam:
        return F
    v = _tvalues(F, wtab, nwords)
    order = np.argsort(-v, kind="mergesort")
    if otab.shape[0] == 0 or LB_PER_LEVEL == 0:
        out = np.empty((beam, F.shape[1]), np.uint64)
        for i in range(beam):
            _copy_row(out, i, F, order[i])
        stats[14] += 1
        return out
    keep = np.zeros(F.shape[0], np.bool_)
    for i in range(beam):
        keep[order[i]] = True
    m = F.shape[1]
    for k in range(otab.shape[0] - 1):
        vk = np.empty(F.shape[0])
        for r in range(F.shape[0]):
            vk[r] = _trow_k(F[r], wtab, otab.shape[0], k, m)
        ok = np.argsort(-vk, kind="mergesort")
        for i in range(min(LB_PER_LEVEL, F.shape[0])):
            keep[ok[i]] = True
    n = 0
    for r in range(F.shape[0]):
        n += keep[r]
    if n < F.shape[0]:
        stats[14] += 1
    out = np.empty((n, m), np.uint64)
    n = 0
    for r in range(F.shape[0]):
        if keep[r]:
            _copy_row(out, n, F, r)
            n += 1
    return out


@njit(cache=True)
def _after_play(north, south, dfd, leader, r0, r1, r2, nt, seat, r):
    """Position after ``seat`` plays rank r (0 = discard): (north, south, dfd, leader, r0, r1, r2, nt, lead, won).

    ``won`` = 1 when the play completes a trick that declarer wins.
    """
    if r > 0:
        bit = np.int64(1) << r
        if seat == 0:
            north &= ~bit
        elif seat == 2:
            south &= ~bit
        else:
            dfd &= ~bit
    z = np.int64(0)
    if nt == 0:
        return north, south, dfd, np.int64(seat), np.int64(r), z, z, np.int64(1), z, z
    if nt == 1:
        return north, south, dfd, leader, r0, np.int64(r), z, np.int64(2), z, z
    if nt == 2:
        return north, south, dfd, leader, r0, r1, np.int64(r), np.int64(3), z, z
    win = _trick_winner(leader, r0, r1, r2, r)
    if win == 0 or win == 2:
        return north, south, dfd, z, z, z, z, z, np.int64(LEAD_FREE), np.int64(1)
    return north, south, dfd, z, z, z, z, z, np.int64(LEAD_W if win == 3 else LEAD_E), z


@njit(cache=True)
def _combine(front, cat, off, cnot, U, use, wtab, nwords, tau, stats, top, beam, otab):
    """A defender's replies combined (rows ``cat[off[k]:off[k + 1]]``, non-worlds ``cnot[k]``) onto ``front``."""
    m = U.shape[0]
    pairs = 0
    # at the top only the best row matters: worlds no later reply can clear weigh as a sum
    openm = np.zeros(m, np.uint64)
    for k in range(use):
        if front.shape[0] == 0:
            break
        pairs += front.shape[0] * (off[k + 1] - off[k])
        stats[1] += front.shape[0] * (off[k + 1] - off[k])
        if top:
            openm[:] = 0
            for q in range(k + 1, use):
                for c in range(m):
                    openm[c] |= U[c] & ~cnot[q, c]
        # (per row of ``front`` it keeps only the rows of the later replies that can still leave
        # that row worth tau, and skips the row when one reply has none)
        front = _min_combine_t(front, cat[off[k]:off[k + 1]], cnot[k], wtab, nwords, tau,
                               cat[off[k + 1]:], off[k + 1:] - off[k + 1], cnot[k + 1:], stats,
                               openm, top != 0)
        front = _cap_rows(front, wtab, nwords, beam, otab, stats)
        stats[2] = max(stats[2], pairs)  # the most pairs one node combined
    return front


@njit(cache=True)
def _swaps(west, dfd, decl, lab1, lab2, m, nwords):
    """The swaps of two defenders' cards adjacent in rank with no declarer's card (``decl``) between them, as
    maps of the bits of a row of ``m`` words (-1: the swapped holding is no world) and of replies labelled
    ``lab1``, ``lab2`` (cards; -1: none with that swap), for :func:`bridgeplay.engine.split._split_bound`."""
    widx = np.full(1 << 15, -1, np.int64)
    nw = west.shape[0]
    for i in range(nw):
        widx[west[i]] = i
    pairs = []
    prev = np.int64(-1)
    for r in range(14, 1, -1):
        if dfd >> r & 1:
            if prev > 0:
                pairs.append((prev, np.int64(r)))
            prev = np.int64(r)
        elif decl >> r & 1:
            prev = np.int64(-1)
    G = len(pairs)
    nb = 64 * m
    gb = np.empty((G, nb), np.int64)
    gk = np.full((G, lab1.shape[0]), -1, np.int64)
    span = 64 * nwords
    for g in range(G):
        r1, r2 = pairs[g]
        for b in range(nb):
            i = b % span
            if i >= nw:
                gb[g, b] = b
                continue
            h = west[i]
            if (h >> r1 & 1) != (h >> r2 & 1):
                h ^= (np.int64(1) << r1) | (np.int64(1) << r2)
            j = widx[h]
            gb[g, b] = -1 if j < 0 else b - i + j
        for k in range(lab1.shape[0]):
            a1, a2 = lab1[k], lab2[k]
            a1 = r2 if a1 == r1 else r1 if a1 == r2 else a1
            a2 = r2 if a2 == r1 else r1 if a2 == r2 else a2
            for q in range(lab1.shape[0]):
                if lab1[q] == a1 and lab2[q] == a2:
                    gk[g, k] = q
    return gb, gk


@njit(cache=True)
def _reply_labels(kidw, order, nk, use, mv, mv2):
    """The cards of the ``use`` replies combined, in the order :func:`_gather` put them (``order[nk - use:]``): this
    defender's card and, for a pair, the other defender's, as :func:`_swaps` takes them."""
    lab1 = np.empty(use, np.int64)
    lab2 = np.empty(use, np.int64)
    for k in range(use):
        a = kidw[order[nk - use + k]]
        lab1[k] = mv[a]
        lab2[k] = mv2[a]
    return lab1, lab2


@njit(cache=True)
def _better_row(fb, wtab, nwords, tau, best):
    """The most valuable row of ``fb`` if it is worth more than ``tau`` (only a strictly better row is still of
    interest: the threshold becomes its value + TOP_BETTER); else ``best`` and ``tau`` as they were."""
    if fb.shape[0]:
        vals = _tvalues(fb, wtab, nwords)
        ib = np.argmax(vals)
        if vals[ib] > tau:
            return fb[ib:ib + 1].copy(), vals[ib] + TOP_BETTER
    return best, tau


@njit(cache=True, inline="always")
def _careful_narrow(front, cat, off, cnot, U, use, wtab, nwords, tau, stats, flat):
    """The narrow combination of a top node's replies (``TOP_BEAM`` rows per step, Pareto filter, look-ahead);
    at a flattened node (many small replies) with twice the rows, and again, until a line worth ``tau``."""
    zero = np.int64(0)
    bw = np.int64(TOP_BEAM)
    fb = _combine(front, cat, off, cnot, U, use, wtab, nwords, tau, stats, zero, bw, _NO_OBJ)
    while flat and fb.shape[0] == 0 and bw < TOP_BEAM_FLAT:
        bw *= 2
        fb = _combine(front, cat, off, cnot, U, use, wtab, nwords, tau, stats, zero, bw, _NO_OBJ)
    return fb


@njit(cache=True)
def _narrow(front, cat, off, cnot, use, wtab, nwords, tau, beam):
    """A quick narrow combination of the replies (rows ``cat[off[k]:off[k + 1]]``, non-worlds ``cnot[k]``) onto
    ``front``: per reply in turn, every pair of a kept row and one of the reply's rows, of which the ``beam``
    most valuable worth ``tau`` at least are kept (combining only removes worlds).  No Pareto filter and no
    look-ahead: a real line found in a few passes over the rows, or none."""
    m = front.shape[1]
    cur = front
    c = np.empty(m, np.uint64)
    for k in range(use):
        keep = np.empty((beam, m), np.uint64)
        kv = np.full(beam, -np.inf)
        nkeep = 0
        worst = 0
        for i in range(cur.shape[0]):
            for j in range(off[k], off[k + 1]):
                v = 0.0
                for w in range(m):
                    c[w] = cur[i, w] & (cat[j, w] | cnot[k, w])
                    v += _tword(c[w], wtab, w % nwords)
                if v < tau or (nkeep == beam and v <= kv[worst]):
                    continue
                dup = False
                for q in range(nkeep):
                    if kv[q] == v:
                        dup = True
                        for w in range(m):
                            if keep[q, w] != c[w]:
                                dup = False
                                break
                        if dup:
                            break
                if dup:
                    continue
                slot = nkeep if nkeep < beam else worst
                _set_row(keep, slot, c)
                kv[slot] = v
                if nkeep < beam:
                    nkeep += 1
                worst = 0
                for q in range(1, nkeep):
                    if kv[q] < kv[worst]:
                        worst = q
        if nkeep == 0:
            return np.zeros((0, m), np.uint64)
        cur = keep[:nkeep].copy()
    return cur


@njit(cache=True, inline="always")
def _level_bound(front, cat, off, cnot, U, use, wtab, nwords, L, best, stats):
    """At most what a combination of the replies (rows ``cat[off[k]:off[k + 1]]``) onto ``front`` is worth,
    when only its best value matters: per level, the most a combination of the replies' rows cut to that
    level keeps (as if the line could differ from level to level), added up.

    Each level is combined with the threshold ``best``'s part there, strictly beaten: a level where no
    combination beats it adds ``best``'s part, so when none does the bound is ``best``'s own value and
    no row beats ``best`` (expected tricks: the line best for every number of tricks at once).  At the
    first level that does better the bound is of no use, and infinity is returned at once.
    """
    bound = 0.0
    for lv in range(L):
        lo = lv * nwords
        part = 0.0
        for w in range(nwords):
            part += _tword(best[lo + w], wtab, w)
        off1 = np.zeros(use + 1, np.int64)
        cut = []
        for k in range(use):
            rows = np.ascontiguousarray(cat[off[k]:off[k + 1], lo:lo + nwords])
            f = _pareto(rows)
            cut.append(f)
            off1[k + 1] = off1[k] + f.shape[0]
        cat1 = np.empty((off1[use], nwords), np.uint64)
        for k in range(use):
            _put_rows(cat1, off1[k], cut[k])
        front1 = np.ascontiguousarray(front[:, lo:lo + nwords])
        cnot1 = np.ascontiguousarray(cnot[:use, lo:lo + nwords])
        U1 = U[lo:lo + nwords].copy()
        f1 = _combine(front1, cat1, off1, cnot1, U1, use, wtab, nwords, part + TOP_BETTER, stats, np.int64(1),
                      np.int64(0), _NO_OBJ)
        if f1.shape[0]:
            better = _tvalues(f1, wtab, nwords).max()
            if better >= part + TOP_BETTER:
                return np.inf  # this level alone can beat ``best``: the bound cannot prove it best
            part = max(part, better)
        bound += part
    return bound


@njit(cache=True)
def _dd_tables(memos, north, south, dfd, lead, west, xs, L, nwords):
    """The double-dummy table of a trick boundary (see ``_dd_fill``), one per position, filled in for
    the worlds of ``xs`` (every level's), kept in ``memos``."""
    ddk, ddt, ddm = memos.ddk, memos.ddt, memos.ddm
    key = north | (south << 15) | (dfd << 30) | (lead << 45)
    if key in ddk:
        t = ddt[ddk[key]]
    else:
        t = np.zeros((15, nwords), np.uint64)
        ddk[key] = len(ddt)
        ddt.append(t)
    need = np.zeros(nwords, np.uint64)
    missing = False
    for lv in range(L):
        for w in range(nwords):
            need[w] |= xs[lv * nwords + w]
    for w in range(nwords):
        if need[w] & ~t[14, w]:
            missing = True
    if missing:
        memos.ddm = _dd_fill(t, north, south, dfd, lead, west, need, ddm)
    return t


@njit(cache=True)
def _vec_reach(x, tv, wtab):
    """Whether the row ``x`` reaches the threshold ``tv[k]`` of some objective ``k`` (see :func:`_obj_span`)."""
    for k in range(tv.shape[0]):
        if _trow_k(x, wtab, tv.shape[0], k, x.shape[0]) >= tv[k]:
            return True
    return False


@njit(cache=True)
def _vec_child(tv, wtab, z, kids, kidw, wcs, nwords):
    """A defender's reply's thresholds, one per objective: as the one threshold's (see _node), each objective's
    own: less the most the worlds ``z`` outside the reply can add, all of them or, for a reply solved already,
    its best row on them plus the ones outside it."""
    m = z.shape[0]
    out = tv.copy()
    for k in range(tv.shape[0]):
        lo, hi = _obj_span(tv.shape[0], k, m)  # (the words the objective weighs: a level's own, or all)
        bound = _trow_k(z, wtab, tv.shape[0], k, m)
        for q in range(len(kids)):
            aq = kidw[q]
            fq = kids[q]
            rest = 0.0
            for c in range(lo, hi):
                rest += _tword(z[c] & ~wcs[aq, c % nwords], wtab, c % nwords)
            best = 0.0
            for g in range(fq.shape[0]):
                v = 0.0
                for c in range(lo, hi):
                    v += _tword(z[c] & fq[g, c], wtab, c % nwords)
                best = max(best, v)
            bound = min(bound, rest + best)
        out[k] = tv[k] - bound
    return out


@njit(cache=True)
def _vec_combine(front, cat, off, cnot, U, use, tv, otab, wtab, nwords, stats, sumb, split, gb, gk, gb1, gk1):
    """A defender's replies combined under several objectives' thresholds: per objective the combination that
    keeps the rows worth its threshold, all of them together, then the Pareto front.

    Objectives 0..L-1 are one level each: its combination is made over that level's words alone (each reply's
    rows cut to the level and Pareto-filtered, as in _level_bound), and its rows come back with the other levels
    empty -- still real (a line that wins those worlds wins at least that), and far fewer than whole rows that
    tie on the level (every line sure of one trick, whatever it does for two).  Objective L, expected tricks,
    is combined over whole rows, unless the levels' bests add up to less than its threshold (``sumb`` = 1; counted
    in stats[18]): a row's expected tricks are the sum of its levels' values, so then no combination reaches it."""
    m = front.shape[1]
    L = m // nwords
    parts = []
    n = 0
    ub = 0.0  # Σ over the levels of the most a combination is worth there (see the expected tricks below)
    for k in range(tv.shape[0]):
        if k == L:  # (every level weighed alike: the usual table, by word within a level)
            if sumb and ub < tv[k]:
                # a row's expected tricks are the sum of its levels' values, so no combination reaches this
                # threshold when the levels' bests (or bounds on them) add up to less: nothing to combine
                stats[18] += 1
                continue
            f0 = _tprune(front, wtab, nwords, tv[k])
            if f0.shape[0] == 0:
                continue
            if split and f0.shape[0] == 1:
                # the split relaxation (bridgeplay.engine.split) bounds every combination's expected tricks: below
                # the threshold, no combination reaches it (a first play's null window, where the lower bound is
                # nearly always the value: KJx/xxx's lead of the 2 combined 8,560 pairs to find nothing)
                ubk = _split_bound(f0[0], cat, off, cnot, use, wtab, nwords, tv[k], gb, gk)[0]
                if ubk < tv[k]:
                    stats[20] += 1
                    continue
            f = _combine(f0, cat, off, cnot, U, use, wtab, nwords, tv[k], stats, np.int64(0), np.int64(0), _NO_OBJ)
        else:
            lo = k * nwords
            front1 = _pareto(np.ascontiguousarray(front[:, lo:lo + nwords]))
            # (at most what the level is worth on the rows combined onto: combining only removes worlds)
            most = _tmax(front1, wtab, nwords)
            front1 = _tprune(front1, wtab, nwords, tv[k])
            if front1.shape[0] == 0:
                ub += most  # (every row below the threshold; an infinite one: the level is not searched)
                continue
            off1 = np.zeros(use + 1, np.int64)
            cut = []
            for q in range(use):
                fq = _pareto(np.ascontiguousarray(cat[off[q]:off[q + 1], lo:lo + nwords]))
                cut.append(fq)
                off1[q + 1] = off1[q] + fq.shape[0]
            cat1 = np.empty((off1[use], nwords), np.uint64)
            for q in range(use):
                _put_rows(cat1, off1[q], cut[q])
            cnot1 = np.ascontiguousarray(cnot[:use, lo:lo + nwords])
            U1 = U[lo:lo + nwords].copy()
            if split and front1.shape[0] == 1:
                # (the level alone, as one target's top node: the split bound first; the swaps of its rows' words)
                ubk = _split_bound(front1[0], cat1, off1, cnot1, use, wtab, nwords, tv[k], gb1, gk1)[0]
                if ubk < tv[k]:
                    stats[20] += 1
                    ub += min(tv[k], most)  # (as when the combination finds no row: the level's best is below it)
                    continue
            f1 = _combine(front1, cat1, off1, cnot1, U1, use, wtab, nwords, tv[k], stats, np.int64(0), np.int64(0),
                          _NO_OBJ)
            # (every combination worth the threshold is kept, so the best of them is the level's best; none: the
            # level's best is below the threshold)
            ub += _tmax(f1, wtab, nwords) if f1.shape[0] else min(tv[k], most)
            f = np.zeros((f1.shape[0], m), np.uint64)
            for r in range(f1.shape[0]):
                for w in range(nwords):
                    f[r, lo + w] = f1[r, w]
        parts.append(f)
        n += f.shape[0]
    allf = np.empty((n, m), np.uint64)
    i = 0
    for f in parts:
        _put_rows(allf, i, f)
        i += f.shape[0]
    return _pareto(allf)


@njit(cache=True)
def _replies(hw, allw, wtab, cfg, north, south, dfd, leader, r0, nt, seat, top, prune, beam, xs2, L, nwords):
    """The replies of the defender ``seat`` at a position of :func:`_node` (its other arguments as there):
    (mv, mv2, wcs, seq, c3).  Per reply its card ``mv`` (0 shows out, -1 exits), at a flattened node (third
    hand's one card ``c3`` >= 0, else -1) the other defender's card ``mv2``, the worlds where the reply is
    legal ``wcs``, and the order the replies are solved in, ``seq``.  (A kernel of its own: _node is
    type-inferred once per recursive call site, and the less of it there is the faster.)"""
    c3 = np.int64(-1)
    if top == 1 and nt == 1 and prune and beam == 0 and cfg[9] != 0 and cfg[7] > 0:
        s3 = (leader + 2) % 4
        h3 = north if s3 == 0 else south
        if h3 == 0:
            c3 = np.int64(0)
        else:
            # (below the card led, whatever second hand plays, only the lowest: see _follow_plays)
            reps3 = _follow_plays(h3, (south if s3 == 0 else north) | dfd | (np.int64(1) << r0),
                                  r0 if cfg[10] else 0)
            if _popcount(reps3) == 1:
                c3 = np.int64(0)
                while not (reps3 >> c3) & 1:
                    c3 += 1
    seat4 = (seat + 2) % 4
    nfirst = 0
    mv1 = np.empty(15, np.int64)
    wc1 = np.zeros((15, nwords), np.uint64)
    for r in range(14, 1, -1):
        if dfd >> r & 1:
            mv1[nfirst] = r
            for w in range(nwords):
                wc1[nfirst, w] = hw[r, w] if seat == 3 else allw[w] & ~hw[r, w]
            nfirst += 1
    # the last move: exit (a defender on lead, every world) or show out (void worlds)
    mv1[nfirst] = -1 if nt == 0 else 0
    for w in range(nwords):
        v = allw[w] if (nt == 0 or seat == 1) else np.uint64(0)
        if nt > 0:
            for r in range(14, 1, -1):
                if dfd >> r & 1:
                    if seat == 3:
                        v |= hw[r, w]
                    else:
                        v &= hw[r, w]
            if seat == 3:
                v = allw[w] & ~v
        wc1[nfirst, w] = v
    nfirst += 1
    flat = c3 >= 0
    nmv = nfirst
    if flat:
        nmv = 0
        for a in range(nfirst):
            nmv += _popcount(dfd & ~(np.int64(1) << mv1[a]) if mv1[a] > 0 else dfd) + 1
    mv = np.empty(nmv, np.int64)
    mv2 = np.full(nmv, np.int64(-2))
    wcs = np.zeros((nmv, nwords), np.uint64)
    if flat:
        a = 0
        for b in range(nfirst):
            d1 = dfd & ~(np.int64(1) << mv1[b]) if mv1[b] > 0 else dfd
            for r in range(14, 0, -1):
                if r > 1 and not (d1 >> r & 1):
                    continue
                rr = np.int64(0) if r == 1 else np.int64(r)  # (1: the other defender shows out)
                mv[a] = mv1[b]
                mv2[a] = rr
                for w in range(nwords):
                    if rr > 0:
                        v = hw[rr, w] if seat4 == 3 else allw[w] & ~hw[rr, w]
                    else:
                        # void: West holds none of the cards left (East: all of them)
                        v = allw[w]
                        for q in range(14, 1, -1):
                            if d1 >> q & 1:
                                v &= ~hw[q, w] if seat4 == 3 else hw[q, w]
                    wcs[a, w] = wc1[b, w] & v
                a += 1
    else:
        for a in range(nmv):
            mv[a] = mv1[a]
            for w in range(nwords):
                wcs[a, w] = wc1[a, w]
    # replies covering the most weight first: the worlds outside the first ones weigh little.  At a
    # top node (its threshold a proven lower bound already) the lightest first instead: they are
    # cheap, and the worlds they lose for sure leave the heavy replies fewer worlds to be solved
    # over (KJ84/7: East's ten and nine solved over what the spot cards left)
    pw = np.zeros(nmv)
    for a in range(nmv):
        for lv in range(L):
            for w in range(nwords):
                pw[a] += _tword(xs2[lv * nwords + w] & wcs[a, w], wtab, w)
    seq = np.argsort(pw if top == 1 else -pw, kind="mergesort")
    return mv, mv2, wcs, seq, c3


@njit(cache=True)
def _gather(kids, kidw, U, wcs, L, nwords):
    """A defender's replies' fronts ``kids`` (reply ``kidw[q]``, legal in the worlds ``wcs[kidw[q]]``) made
    ready to combine (see :func:`_node`): (cat, off, cnot, order, use).  Each front is masked to the worlds
    still relevant ``U``; a reply that then wins every relevant world of its own puts no bound and is left
    out; the others, ``use`` of them, smallest fronts first (``order[len(kids) - use:]``), are concatenated
    into ``cat`` (reply k's rows ``cat[off[k]:off[k + 1]]``, its non-worlds ``cnot[k]``)."""
    nk = len(kids)
    m = U.shape[0]
    masked = []
    sizes = np.empty(nk, np.int64)
    nots = np.empty((nk, m), np.uint64)
    for q in range(nk):
        fm = _mask_pareto(kids[q], U)
        a = kidw[q]
        for lv in range(L):
            for w in range(nwords):
                nots[q, lv * nwords + w] = U[lv * nwords + w] & ~wcs[a, w]
        full = fm.shape[0] == 1
        if full:
            for c in range(m):
                if fm[0, c] != (U[c] & ~nots[q, c]):
                    full = False
                    break
        masked.append(fm)
        sizes[q] = -1 if full else fm.shape[0]
    order = np.argsort(sizes, kind="mergesort")
    use = np.int64(0)
    for q in range(nk):
        if sizes[q] >= 0:
            use += 1
    off = np.zeros(use + 1, np.int64)
    for k in range(use):
        off[k + 1] = off[k] + sizes[order[nk - use + k]]
    cat = np.empty((off[use], m), np.uint64)
    cnot = np.empty((use, m), np.uint64)
    for k in range(use):
        q = order[nk - use + k]
        _put_rows(cat, off[k], masked[q])
        _copy_row(cnot, k, nots, q)
    return cat, off, cnot, order, use


WORK_DEPTH = 64  # work rows of a search (see _work): a call per card played or exit, at most 2 x 13 + 2 deep


@njit(cache=True)
def _work(memos, width, iwidth):
    """Make the work rows of ``memos`` (``work[d]``, ``iwork[d]``: the scratch of the search's calls ``d`` deep from
    its entry: levels, key, canonical key and patterns, which a call fills and reads while its children use the
    next rows) at least ``width`` and ``iwidth`` wide: one allocation per search, not several per call."""
    if memos.work.shape[1] < width:
        memos.work = np.empty((WORK_DEPTH, width), np.uint64)
    if memos.iwork.shape[1] < iwidth:
        memos.iwork = np.empty((WORK_DEPTH, iwidth), np.int64)


@njit(cache=True, _nrt=False)
def _top_card(hand):
    """The highest rank of a hand (bit set), 0 when void."""
    for r in range(14, 0, -1):
        if hand >> r & 1:
            return r
    return 0


@njit(cache=True, _nrt=False)
def _sure_tricks(north, south, dfd):
    """Tricks declarer takes in every world, whoever leads: for a rank r, his cards above r are played one hand's
    first, one a trick, the other hand following with its cards below r while it has any (then with its cards
    above r, two in one trick), then the other hand's remaining cards above r, one a trick; of those tricks only
    as many as the defenders hold cards above r can be lost (a trick is lost only to a card above the one declarer
    played, and each defender's card is played once).  The best rank and order: r below every defender's card
    counts the top cards cashed (AK opposite QJ: two); KQx against the ace, one; K opposite Qx, one."""
    ln = _popcount(north)
    ls = _popcount(south)
    a = 0  # North's cards above r
    b = 0  # South's
    d = 0  # the defenders'
    best = 0
    for r in range(14, 1, -1):
        if north >> r & 1:
            a += 1
        elif south >> r & 1:
            b += 1
        elif dfd >> r & 1:
            d += 1
            continue
        else:
            continue
        ns = a + b - max(0, min(a, ls) - (ls - b))
        sn = a + b - max(0, min(b, ln) - (ln - a))
        best = max(best, max(ns, sn) - d)
    return best


@njit(cache=True, _nrt=False)
def _sure_in_trick(north, south, dfd, leader, nt):
    """Inside a trick (``nt`` cards played, led by ``leader``) with declarer to play: the tricks after this one that
    :func:`_sure_tricks` gives once his hand to play has played its lowest card, and his other hand too when it
    plays later to this trick (the defenders' cards still to come to it counted as held: fewer can only give more);
    0 when a defender is to play."""
    seat = (leader + nt) % 4
    if seat == 1 or seat == 3:
        return 0
    n2 = north
    s2 = south
    if seat == 0:
        n2 = north & ~(north & -north)
    else:
        s2 = south & ~(south & -south)
    if (seat + 2 - leader) % 4 > nt:  # (the other hand plays later to this trick)
        if seat == 0:
            s2 = south & ~(south & -south)
        else:
            n2 = north & ~(north & -north)
    return _sure_tricks(n2, s2, dfd)


@njit(cache=True, _nrt=False)
def _live_levels(xs, L, nwords):
    """How many of the L levels of the row ``xs`` hold a world."""
    nl = 0
    for lv in range(L):
        if _level_live(xs, lv, nwords):
            nl += 1
    return nl


@njit(cache=True, inline="always", _nrt=False)
def _level_live(xs, lv, nwords):
    """Whether level ``lv`` of the row ``xs`` holds a world."""
    for w in range(nwords):
        if xs[lv * nwords + w]:
            return True
    return False


@njit(cache=True)
def _narrow_args(cfg, ths, xs, tv, vprune, nl, depth, xs1, ths1, cfg1, tv1):
    """The arguments of a position of :func:`_node`'s search over several objectives (``tv``) solved over the ``nl``
    levels of its L that hold a world (see :func:`_node`), written into the call's work rows: the settings
    ``cfg1``, the objectives' thresholds ``tv1`` (each live level's, then their sum's), the live levels' worlds
    ``xs1`` and thresholds ``ths1``; returned: whether a dead level's objective is reached by every row."""
    L = cfg[1]
    nwords = cfg[0]
    for i in range(cfg.shape[0]):
        cfg1[i] = cfg[i]
    cfg1[1] = nl
    cfg1[17] = 1 if depth == 0 else 0  # (the entry's own node, see the split bound in _node)
    for i in range(nl + 1):
        tv1[i] = -1.0
    any0 = False
    i1 = 0
    for lv in range(L):
        if _level_live(xs, lv, nwords):
            for w in range(nwords):
                xs1[i1 * nwords + w] = xs[lv * nwords + w]
            ths1[i1] = ths[lv]
            if vprune:
                tv1[i1] = tv[lv]
            i1 += 1
        elif vprune and tv[lv] <= 0.0:
            any0 = True
    if vprune:
        tv1[nl] = tv[L]
    # (not vprune: some objective keeps every row, so the narrowed position keeps every row too)
    return any0


@njit(cache=True)
def _widen(f1, xs, L, nwords, won, haswon, any0, src):
    """The front of :func:`_node`'s position from ``f1``, its front over its live levels (see :func:`_narrow_args`):
    each row the same on the live levels, empty on the others, ``won`` added when ``haswon`` (at a trick boundary,
    where the levels were normalised); one empty row when ``f1`` has none and ``any0``.  ``src``: room for L
    integers (the caller's work row)."""
    m = L * nwords
    n = f1.shape[0]
    if any0 and n == 0:
        n = 1
    # (each live level's index among the live ones, -1: dead, found once)
    i1 = 0
    for lv in range(L):
        src[lv] = -1
        if _level_live(xs, lv, nwords):
            src[lv] = i1
            i1 += 1
    out = np.empty((n, m), np.uint64)
    for q in range(n):
        for lv in range(L):
            for w in range(nwords):
                out[q, lv * nwords + w] = won[lv * nwords + w] if haswon else np.uint64(0)
            if src[lv] >= 0 and q < f1.shape[0]:
                for w in range(nwords):
                    out[q, lv * nwords + w] |= f1[q, src[lv] * nwords + w]
    return out


@njit(cache=True, nogil=True)  # (threads solve first plays, and the targets of ``tricks: max``, side by side)
def _node(cfg, stats, memos, lower, north, south, dfd, leader, r0, r1, r2, nt, lead, ths, xs, tau, tv, top, depth):
    """Front of a position over the relevant worlds ``xs`` (rows worth >= tau at least), on the exact
    (``lower`` = 0) or lower-bound memos of ``memos`` (:class:`Memos`, which also keeps the double-dummy
    tables of trick boundaries, see ``_dd_tables``; the search's constants, see :func:`_set_context`, and its work
    rows, see :func:`_work`: ``depth`` is 0 at the entry, one more per recursive call).  The entry point for
    Python (:func:`solve_node`, after :func:`set_context`):
    the search and its entry are one kernel, so its code is optimised and compiled once, not once more
    in a wrapper.

    ``top`` = 1: solve this position without its memo entry and report how: the worlds, levels
    and threshold after normalisation (``info_x[INFO]``, ``info_h[:L]``, ``info_t[INFO, 0]``; with objectives
    ``info_t[INFO, :K]``, and so for each reply) and, at a
    defender's node, per reply a (``info_h[14]`` of them) its card ``info_h[16 + a]`` (0 = shows
    out, -1 = exits), the worlds it was solved over ``info_x[a]`` and its threshold ``info_t[a]``
    (a strategy is read off the search along the same calls, so every front comes from the memo).
    At a flattened node (``info_h[15]`` = third hand's card + 1, else 0) a reply is a pair: the other
    defender's card is ``info_h[16 + INFO + a]``, and ``info_x[a]``, ``info_t[a]`` belong to the next
    trick's boundary.  A top node returns only rows that may be its most valuable (see ``_pareto_open``)
    and is not memoised.  ``top`` = 2: the same report for a node the search solved as an inner one (replies
    heaviest first, as it did), and nothing else: a declarer's node stops after normalising, a
    defender's after solving its replies (memo hits) without combining them; the front is empty.

    ``tv`` (float64[K]): the thresholds of K objectives at once, ``tau`` then -1 (empty: the one threshold
    ``tau``); each objective weighs its words of a row by the search's table (see :func:`_obj_span`), and ``otab``
    (float64[K, ...], only its length read) says that there are K of them where no ``tv`` is passed down (the
    lower-bound search's caps, :func:`_cap_rows`).  The front keeps the rows worth some objective's threshold
    (see :func:`_vec_combine`; an infinite threshold: that objective is not searched), its memo entries are kept
    apart and hold the thresholds they were solved with.  Objectives 0..L-1 are the levels, objective L all of them
    (expected tricks): ``tricks: max`` in one search (bridgeplay.suit.exact.AllTargets).  A position some of whose
    levels hold no world (``cfg[16]``) is solved over its live levels alone and its front widened back
    (:func:`_narrow_args`, :func:`_widen`); ``cfg[17]`` marks such a call made for the entry's own node.
    """
    stats[10] += 1  # (calls, memo hits included: see SuitSearch.stats)
    if lower:
        st, cst = memos.lst, memos.lcst
    else:
        st, cst = memos.st, memos.cst
    nwords = cfg[0]
    L = cfg[1]
    beam = cfg[2]
    m = L * nwords
    prune = tau > -0.5
    K = tv.shape[0]  # objectives pruned at once (0: the one threshold tau)
    vprune = K > 0  # (an objective without a threshold keeps every row)
    for k in range(K):
        if tv[k] <= -0.5:
            vprune = False
    # (this call's work rows: ``depth`` is its distance from the kernel's entry, see _work)
    west = memos.west
    nw = west.shape[0]
    if depth == 0:
        _work(memos, 3 * m + 3 + nwords + 2 + L * max(1, ((1 << _popcount(dfd)) + 63) // 64),
              16 + max(nw, L) + cfg.shape[0] + L)
    wrow = memos.work[depth]
    irow = memos.iwork[depth]
    # -- normalise levels at a trick boundary: reached targets are won, hopeless or empty levels dropped
    won = wrow[0:m]
    anywon = False
    xs2 = xs
    ths2 = ths
    anylive = True
    if nt == 0:
        rmax = max(_popcount(north), _popcount(south))
        for c in range(m):
            won[c] = 0
        xs2 = wrow[m:2 * m]
        _put(xs2, 0, xs)
        ths2 = irow[0:L]
        _put(ths2, 0, ths)
        anylive = False
        # declarer's sure tricks: his top cards (above every defender's) cashed one hand's first, then the other's
        sure = _sure_tricks(north, south, dfd)
        anysure = False  # (a level live here whose tricks the top cards take in every world)
        mk = np.zeros((0, nwords), np.uint64)
        for lv in range(L):
            empty = not _level_live(xs, lv, nwords)
            t = ths[lv]
            if cfg[18] and not empty and 0 < t <= sure and top == 0:
                # (no world to drop: double dummy takes at least the sure tricks; a position whose solving is
                # reported, for a line read off the search, keeps such levels, so that the line goes on to take
                # those tricks)
                anysure = True
                continue
            if cfg[6] and dfd != 0 and not empty and 0 < t <= rmax:
                # the worlds where declarer cannot take t more tricks even double dummy are lost here
                if mk.shape[0] == 0:
                    mk = _dd_tables(memos, north, south, dfd, lead, west, xs, L, nwords)
                empty = True
                for w in range(nwords):
                    xs2[lv * nwords + w] = xs[lv * nwords + w] & mk[t, w]
                    if xs2[lv * nwords + w]:
                        empty = False
            if t <= 0 or t > rmax or empty:
                if t <= 0 and not empty:
                    anywon = True
                    for w in range(nwords):
                        won[lv * nwords + w] = xs[lv * nwords + w]
                for w in range(nwords):
                    xs2[lv * nwords + w] = 0
                ths2[lv] = 0
            else:
                anylive = True
        if anysure and not anylive:
            # every live level is taken by cashing the top cards, in every world: the row of every relevant world
            # at every level is the front (it contains every row; the full cut would find it by searching)
            anywon = True
            for lv in range(L):
                if 0 < ths[lv] <= sure:
                    for w in range(nwords):
                        won[lv * nwords + w] = xs[lv * nwords + w]
                        xs2[lv * nwords + w] = 0
                    ths2[lv] = 0
        elif anysure:
            anylive = True
        if anywon and prune:
            tau -= _trow(won, memos.wtab, nwords)
        if anywon and K:
            tv = tv.copy()
            for k in range(K):
                tv[k] -= _trow_k(won, memos.wtab, K, k, m)
    if top:
        info_x = memos.info_x
        info_t = memos.info_t
        info_h = memos.info_h
        _set_row(info_x, INFO, xs2)
        info_t[INFO, 0] = tau
        for k in range(K):
            info_t[INFO, k] = tv[k]
        _put(info_h, 0, ths2)
        info_h[14] = 0
    if nt == 0:
        if not anylive:
            out = np.empty((1, m), np.uint64)
            _set_row(out, 0, won)
            return out
    # -- levels without a world (made, hopeless, or lost to an earlier reply) leave the search: the position is
    # solved over its live levels alone (a narrower row, and one memo entry for every way of reaching it), its
    # front widened back (see _narrow_args, _widen)
    nl = L
    if K > 0 and top == 0 and cfg[16] != 0:
        nl = _live_levels(xs2, L, nwords)
    if nl < L:
        # (the same front: a level without a world is empty in every row, so it neither tells rows apart nor adds to a
        # row's value; its objective is reached by every row when its threshold is at most 0 -- the wide search then
        # keeps an empty row for it, dominated by any other, so one is returned when nothing else is -- by none when
        # above)
        # (the live levels' worlds, thresholds, objectives' thresholds and settings in this call's work rows: the
        # key's and the patterns' room, not used here, and the settings' own; no array made per narrowed call)
        xs1 = wrow[2 * m:2 * m + nl * nwords]
        tv1 = wrow[2 * m + nl * nwords:2 * m + nl * nwords + nl + 1].view(np.float64)
        ths1 = irow[16:16 + nl]
        c1 = 16 + max(nw, L)
        cfg1 = irow[c1:c1 + cfg.shape[0]]
        any0 = _narrow_args(cfg, ths2, xs2, tv, vprune, nl, depth, xs1, ths1, cfg1, tv1)
        f1 = _node(cfg1, stats, memos, lower, north, south, dfd, leader, r0, r1, r2, nt, lead, ths1, xs1, tau, tv1,
                   np.int64(0), depth + 1)
        return _widen(f1, xs2, L, nwords, won, nt == 0, any0, irow[c1 + cfg.shape[0]:c1 + cfg.shape[0] + L])
    if prune and _trow(xs2, memos.wtab, nwords) < tau:
        return np.zeros((0, m), np.uint64)  # not even winning every relevant world reaches tau
    if vprune and not _vec_reach(xs2, tv, memos.wtab):
        return np.zeros((0, m), np.uint64)  # ... nor any objective's threshold (an infinite one: not searched)
    # declarer to play inside a trick: his lowest card now (and his other hand's, if it plays later to this trick),
    # then the sure tricks of what is left, take every live level in every world (the trick itself counted lost):
    # the row of every relevant world, as at a trick boundary
    sure = _sure_in_trick(north, south, dfd, leader, nt) if cfg[18] and top == 0 and nt > 0 else 0
    if sure > 0:
        allsure = False
        for lv in range(L):
            if _level_live(xs2, lv, nwords):
                if ths2[lv] > sure:
                    allsure = False
                    break
                allsure = True
        if allsure:
            out = np.empty((1, m), np.uint64)
            _set_row(out, 0, xs2)
            return out
    # -- memo (exact position and worlds)
    key = wrow[2 * m:3 * m + 3]
    key[0] = np.uint64(north | (south << 15) | (dfd << 30) | (lead << 45) | (leader << 48) | (nt << 50))
    key[1] = np.uint64(r0 | (r1 << 4) | (r2 << 8))
    packed = np.int64(0)
    for lv in range(L):
        packed |= ths2[lv] << (4 * lv)
    key[2] = np.uint64(packed)
    _put(key, 3, xs2)
    if K:
        key[2] |= np.uint64(1) << np.uint64(63)  # (several objectives: a memo of its own)
    front = np.zeros((0, m), np.uint64)
    found = False
    i = -1 if top else _lookup(st, key)
    if i >= 0 and _covers(st, i, tau, tv):
        front = st.fronts[i]
        found = True
        stats[11] += 1
        if lower and st.taus[i] < -1.5:
            stats[14] += 1  # (a capped front: see the store below)
    ihit = i
    jhit = np.int64(-1)
    # -- canonical transposition: cards relabelled by rank order, worlds by West's holding.  Inside a trick
    # only the card winning it so far counts among the cards on the table (the others can take no part in
    # this trick or a later one), so East's 7 and 5 played under North's 6 and South's ace are one position
    c0 = 3 * m + 3 + nwords
    ckey = wrow[c0:c0]
    pat = irow[16:16]
    pwords = 1
    if not found and dfd != 0 and (nt == 0 or cfg[8] != 0):
        xu = wrow[3 * m + 3:3 * m + 3 + nwords]
        for w in range(nwords):
            xu[w] = 0
        for lv in range(L):
            for w in range(nwords):
                xu[w] |= xs2[lv * nwords + w]
        pat = irow[16:16 + nw]
        _patterns_into(west, xu, dfd, pat)
        pwords = max(1, ((1 << _popcount(dfd)) + 63) // 64)
        win = np.int64(0)
        wseat = np.int64(0)
        for i in range(nt):
            ri = r0 if i == 0 else r1 if i == 1 else r2
            if ri > win:
                win = ri
                wseat = (leader + i) % 4 + 1
        code = np.int64(0)
        for r in range(14, 1, -1):
            if (north | south | dfd) >> r & 1 or r == win:
                code = code * 5 + (4 if r == win else 1 if north >> r & 1 else 2 if south >> r & 1 else 3)
        kw = 0
        if cfg[3]:
            for wi in range(pat.shape[0]):
                if pat[wi] >= 0:
                    kw = _popcount(west[wi] & ~dfd)
                    break
        ckey = wrow[c0:c0 + 2 + L * pwords]
        ckey[0] = np.uint64(code | (lead << 36) | (kw << 40) | (nt << 46) | (leader << 48) | (wseat << 50))
        ckey[1] = key[2]
        _canon_row_into(xs2, pat, nwords, pwords, ckey, 2)
        j = -1 if top else _lookup(cst, ckey)
        if j >= 0 and _covers(cst, j, tau, tv):
            front = _from_canon(cst.fronts[j], pat, nwords, pwords)
            _store(st, key, front, cst.taus[j], _tvs(cst, j))
            found = True
            stats[12] += 1
            if lower and cst.taus[j] < -1.5:
                stats[14] += 1
        jhit = j
    step = cfg[11] / 100.0
    if not found and prune and step > 0 and (ihit >= 0 or jhit >= 0):
        # solved before for a higher threshold, asked now for a lower one: solved for lower still (the step
        # from the old threshold to this one, ``step`` times again), so the next lower asks find it in the memo
        # (AQ9x/Jxx, expected tricks: 25,773 positions -> 15,838)
        old1 = st.taus[ihit] if ihit >= 0 else cst.taus[jhit]
        if old1 > tau:
            tau = max(0.0, tau - step * (old1 - tau))
    if not found and vprune and (ihit >= 0 or jhit >= 0):
        # solved before for other thresholds: solve for the lower of each, so the entry serves both
        # ... per objective, and for no higher threshold than it was solved with, so the entry serves both asks
        old = _tvs(st, ihit) if ihit >= 0 else _tvs(cst, jhit)
        tv = tv.copy()
        for k in range(K):
            if tv[k] < old[k] < np.inf:
                tv[k] = max(0.0, tv[k] - step * (old[k] - tv[k]))
            else:
                tv[k] = min(tv[k], old[k])
    cap0 = stats[14]
    if not found:
        # (the search's constants, see _set_context: read here, where a position is solved, not at every call)
        hw = memos.hw
        allw = memos.allw
        wtab = memos.wtab
        # (a position solved over its live levels has fewer objectives than the search: see _narrow_args)
        otab = memos.otab if memos.otab.shape[0] == K else np.zeros((K, 0, 0))
        info_x = memos.info_x
        info_t = memos.info_t
        info_h = memos.info_h
        seat = lead if nt == 0 else (leader + nt) % 4
        if nt == 0:
            seat = 3 if lead == LEAD_W else 1 if lead == LEAD_E else -1
        if top == 2 and (seat == -1 or seat == 0 or seat == 2):
            return np.zeros((0, m), np.uint64)  # (declarer: the normalisation above is all that was asked)
        if stats[STOP] != 0:
            return np.zeros((0, m), np.uint64)  # (stopped: this front means nothing, see STOP)
        stats[0] += 1
        if dfd == 0 and nt == 0:
            # the defenders are out of the suit: declarer takes a trick per card of the longer hand
            front = np.empty((1, m), np.uint64)
            _set_row(front, 0, xs2)
        elif seat == -1 or seat == 0 or seat == 2:
            # declarer to play: Pareto maximum of the children's fronts
            parts = []
            nrows = 0
            full = -1  # (a play found whose front wins every relevant world at every level)
            # leads from the hand whose highest card is lower first (toward the other's honours): the play that
            # wins every relevant world, which ends the node, is more often found there first
            first = 2 if _top_card(south) < _top_card(north) else 0
            for si in range(2):
                s = first if si == 0 else 2 - first
                if full >= 0:
                    break
                if nt == 0:
                    if lead == LEAD_N and s != 0 or lead == LEAD_S and s != 2:
                        continue
                elif s != seat:
                    continue
                hand = north if s == 0 else south
                other = south if s == 0 else north
                if hand == 0:
                    if nt == 0:
                        continue
                    reps = np.int64(1)  # (bit 0: a void hand's one play, a discard)
                else:
                    gaps = other | dfd
                    if nt >= 1 and r0 > 0:
                        gaps |= np.int64(1) << r0
                    if nt >= 2 and r1 > 0:
                        gaps |= np.int64(1) << r1
                    if nt >= 3 and r2 > 0:
                        gaps |= np.int64(1) << r2
                    # (following, of the cards that cannot beat the trick's winning card only the lowest: see
                    # _follow_plays; QT86 opposite A, lead of the ace: North plays the 6, one play)
                    reps = _follow_plays(hand, gaps, max(r0, r1, r2) if nt >= 1 and cfg[10] else 0)
                # (one recursive call site for every play: numba types a recursive call by re-inferring
                # this whole function, once per call site and pass, which dominated its compile time)
                for r in range(14, -1, -1):
                    if reps >> r & 1 and full < 0:
                        n2, s2, d2, ld2, a0, a1, a2, nt2, lead2, dec = _after_play(
                            north, south, dfd, leader, r0, r1, r2, nt, s, r)
                        t2 = ths2 - dec if dec else ths2
                        f = _node(cfg, stats, memos, lower, n2, s2, d2, ld2, a0, a1, a2, nt2, lead2, t2, xs2, tau, tv,
                                  np.int64(0), depth + 1)
                        parts.append(f)
                        nrows += f.shape[0]
                        if cfg[12]:
                            # a play that wins every relevant world at every level: its row contains every row
                            # of every other play (a front's rows lie within the worlds it is asked over), so it
                            # is the front, and the other plays are not searched
                            full = _row_of(f, xs2)
            stats[3] += nrows
            if full >= 0:
                stats[13] += 1
                front = np.empty((1, m), np.uint64)
                _set_row(front, 0, xs2)
            else:
                allf = np.empty((nrows, m), np.uint64)
                k = 0
                for f in parts:
                    _put_rows(allf, k, f)
                    k += f.shape[0]
                front = _cap_rows(_pareto(allf), wtab, nwords, beam, otab, stats)
        else:
            # a defender to play: solve the replies in turn over the worlds not yet lost for sure,
            # then combine (per world the minimum over the replies legal there).  A top node right after
            # declarer's lead whose third hand has one play (a singleton, equal cards, or a void) may be
            # flattened: its replies are then (this defender's card, the other defender's card) pairs, each
            # solved at the next trick boundary, so the other defender's combinations (a product of its
            # replies' fronts, 35K rows for QT86 opposite A) are never formed; the split bound proves the
            # line from the pairs (when it cannot, the node is solved again the usual way)
            mv, mv2, wcs, seq, c3 = _replies(hw, allw, wtab, cfg, north, south, dfd, leader, r0, nt, seat, top, prune,
                                             beam, xs2, L, nwords)
            seat4 = (seat + 2) % 4
            flat = c3 >= 0
            nmv = mv.shape[0]
            U = xs2.copy()
            kids = []
            kidw = []
            dead = False
            if top:
                info_h[14] = nmv
                info_h[15] = c3 + 1  # (0: replies are single cards; else pairs after third hand's card c3)
                for a in range(nmv):
                    info_h[16 + a] = mv[a]
                    info_h[16 + INFO + a] = mv2[a]
                    info_x[a, :] = 0
                    info_t[a, :] = -1.0
            z = np.empty(m, np.uint64)
            # (one array for every reply's worlds: a reply's search copies what it keeps of them)
            xc = np.empty(m, np.uint64)
            tvc = tv
            for ai in range(nmv):
                a = seq[ai]
                anyc = False
                for lv in range(L):
                    for w in range(nwords):
                        xc[lv * nwords + w] = U[lv * nwords + w] & wcs[a, w]
                        if xc[lv * nwords + w]:
                            anyc = True
                if not anyc:
                    continue
                tc = tau
                if prune:
                    # the most the worlds outside this reply can add: all of them, or for a reply solved
                    # already, its best vector on them plus the ones outside it
                    for lv in range(L):
                        for w in range(nwords):
                            z[lv * nwords + w] = U[lv * nwords + w] & ~wcs[a, w]
                    bound = _trow(z, wtab, nwords)
                    for q in range(len(kids)):
                        aq = kidw[q]
                        fq = kids[q]
                        rest = 0.0
                        for c in range(m):
                            rest += _tword(z[c] & ~wcs[aq, c % nwords], wtab, c % nwords)
                        best = 0.0
                        for g in range(fq.shape[0]):
                            v = 0.0
                            for c in range(m):
                                v += _tword(z[c] & fq[g, c], wtab, c % nwords)
                            best = max(best, v)
                        bound = min(bound, rest + best)
                    tc = tau - bound
                if vprune:
                    for lv in range(L):
                        for w in range(nwords):
                            z[lv * nwords + w] = U[lv * nwords + w] & ~wcs[a, w]
                    tvc = _vec_child(tv, wtab, z, kids, kidw, wcs, nwords)
                if top:
                    _set_row(info_x, a, xc)
                    info_t[a, 0] = tc
                    for k in range(K):
                        info_t[a, k] = tvc[k]
                r = mv[a]
                if r == -1:
                    # the defender exits: declarer leads next, nothing played
                    zero = np.int64(0)
                    n2, s2, d2, ld2, a0, a1, a2, nt2 = north, south, dfd, zero, zero, zero, zero, zero
                    lead2 = np.int64(LEAD_FREE)
                    t2 = ths2
                else:
                    n2, s2, d2, ld2, a0, a1, a2, nt2, lead2, dec = _after_play(
                        north, south, dfd, leader, r0, r1, r2, nt, seat, r)
                    if flat:
                        # third hand's one play, then the other defender's card: the next trick's boundary
                        n2, s2, d2, ld2, a0, a1, a2, nt2, lead2, dec = _after_play(
                            n2, s2, d2, ld2, a0, a1, a2, nt2, (leader + 2) % 4, c3)
                        n2, s2, d2, ld2, a0, a1, a2, nt2, lead2, dec = _after_play(
                            n2, s2, d2, ld2, a0, a1, a2, nt2, seat4, mv2[a])
                    t2 = ths2 - dec if dec else ths2
                f = _node(cfg, stats, memos, lower, n2, s2, d2, ld2, a0, a1, a2, nt2, lead2, t2, xc, tc, tvc,
                          np.int64(0), depth + 1)
                if f.shape[0] == 0:
                    dead = True
                    break
                # worlds of this reply outside every one of its vectors are lost in every combination
                for c in range(m if cfg[4] else 0):
                    wonc = np.uint64(0)
                    for q in range(f.shape[0]):
                        wonc |= f[q, c]
                    U[c] &= ~(xc[c] & ~wonc)
                kids.append(f)
                kidw.append(a)
            if dead or top == 2:
                # (top = 2: the replies' worlds and thresholds were asked for, not the front)
                front = np.zeros((0, m), np.uint64)
            else:
                # combine, smallest fronts first, each masked to the worlds still relevant; a reply that
                # wins every relevant world of its own puts no bound and is left out
                nk = len(kids)
                cat, off, cnot, order, use = _gather(kids, kidw, U, wcs, L, nwords)
                front = np.empty((1, m), np.uint64)
                _set_row(front, 0, U)
                if prune:
                    front = _tprune(front, wtab, nwords, tau)
                if top and prune and beam == 0 and use > 1:
                    # only the best row is wanted here: a narrow combination of the (exact) replies finds a
                    # real line quickly, and its value raises the threshold of the full combination
                    # (with a large reply, or pairs of replies, first a quick one: no Pareto filter, no look-ahead;
                    # QT86/A, expected tricks, lead of the ace: 35K-row replies, 3.2 s -> 0.1 s; else the careful one;
                    # the other one when the first finds no line, or, unflattened, one the split bound cannot prove)
                    bestb = np.zeros((0, m), np.uint64)
                    ran = np.zeros(2, np.bool_)  # the quick narrow combination ran, the careful one ran
                    quick = flat or off[use] - off[use - 1] >= QUICK_ROWS  # (the largest reply is the last)
                    for attempt in range(0 if quick else 1, 2):
                        if attempt == 0:
                            fb = _narrow(front, cat, off, cnot, use, wtab, nwords, tau, np.int64(TOP_BEAM_QUICK))
                        else:
                            fb = _careful_narrow(front, cat, off, cnot, U, use, wtab, nwords, tau, stats, flat)
                        ran[attempt] = True
                        bestb, tau = _better_row(fb, wtab, nwords, tau, bestb)
                        if bestb.shape[0]:
                            break
                    proved = False
                    tried = False
                    ub = np.inf
                    lam = np.zeros((0, 0))
                    if cfg[7] > 0 and bestb.shape[0] > 0 and front.shape[0] > 0 and off[use] >= cfg[7]:
                        tried = True
                        # an upper bound from splitting each world's weight among the replies legal there (a
                        # linear relaxation, tight on every hard top node measured): below tau, the narrow
                        # line is best; above it, look only for rows worth the bound
                        lab1, lab2 = _reply_labels(kidw, order, nk, use, mv, mv2)
                        gb, gk = _swaps(west, dfd, north | south | (np.int64(1) << r0), lab1, lab2, m, nwords)
                        ub, _, lam = _split_bound(front[0], cat, off, cnot, use, wtab, nwords, tau, gb, gk)
                        if ub >= tau:
                            # again with the swaps the card led is alone in separating: the fronts are then only
                            # nearly symmetric, so the bound may be looser, but the programme is smaller and the
                            # split is scored on the real fronts all the same (KJ975/3, expected tricks, lead of
                            # the 3: West's 4 and 2; the plain programme outgrows the simplex at 1.611, this one
                            # gives 1.5037)
                            gb2, gk2 = _swaps(west, dfd, north | south, lab1, lab2, m, nwords)
                            if gb2.shape[0] > gb.shape[0]:
                                ub2, _, lam2 = _split_bound(front[0], cat, off, cnot, use, wtab, nwords, tau, gb2, gk2)
                                if ub2 < ub:
                                    ub, lam = ub2, lam2
                        for attempt in range(2 if ub < np.inf and not flat else 0):
                            # a line the bound cannot prove may fall short of the best: the other narrow combination's
                            # (KJ96/3, expected tricks, lead of the 3: the careful one finds 0.6650, the quick one the
                            # best, 0.6692, which the bound proves; 2.8 s -> 0.2 s)
                            if ub < tau or ran[attempt]:
                                continue
                            if attempt == 0:
                                fb = _narrow(front, cat, off, cnot, use, wtab, nwords, tau, np.int64(TOP_BEAM_QUICK))
                            else:
                                fb = _careful_narrow(front, cat, off, cnot, U, use, wtab, nwords, tau, stats, flat)
                            bestb, tau = _better_row(fb, wtab, nwords, tau, bestb)
                        bw = np.int64(TOP_BEAM_QUICK)
                        big = off[use] - off[use - 1]
                        wide = ub < np.inf and not flat
                        while wide and ub >= tau and bw < TOP_BEAM_WIDE and 4 * bw * big <= QUICK_WORK:
                            # ... and wider quick ones (KJ96/3: 17K rows, both narrow lines 0.6631, the best 0.6692)
                            bw *= 4
                            fb = _narrow(front, cat, off, cnot, use, wtab, nwords, tau, bw)
                            bestb, tau = _better_row(fb, wtab, nwords, tau, bestb)
                        if ub < tau:
                            front = bestb
                            proved = True
                            stats[5] += 1
                            if flat:
                                stats[8] += 1
                        elif ub < np.inf and not flat:
                            # rows worth the bound; failing that (the relaxation is not tight), rows worth a third of
                            # the way from the line to the bound, and so on: each try is cheaper than the full
                            # combination (KJ975/4, expected tricks, lead of the 4: bound 1.5012, line 1.4859, best
                            # 1.4932; half way, 1.4936, just misses it)
                            # (each over only the rows a line worth its threshold can use under the bound's split: at
                            # the bound, a few per reply; KJ975/4's probe at 1.4910: 5.8M pairs -> 0.5M)
                            hi = ub - TOP_BETTER
                            for probe in range(1 + ASPIRE_PROBES):
                                th = hi if probe == 0 else tau + (hi - tau) / 3
                                c2, o2 = _useful_rows(cat, off, use, lam, ub - th)
                                fa = _combine(front, c2, o2, cnot, U, use, wtab, nwords, th, stats, top, beam,
                                              _NO_OBJ)
                                if fa.shape[0]:
                                    front = fa
                                    proved = True
                                    stats[6] += 1
                                    stats[9] += probe > 0
                                    break
                                hi = th
                    if flat and not proved and (tried or bestb.shape[0] == 0):
                        # the pairs' relaxation proves nothing: the usual way (the boundaries solved are memoised),
                        # by the caller (a top node is the entry's: see AGAIN)
                        stats[7] += 1
                        stats[AGAIN] = 1
                        return np.zeros((0, m), np.uint64)
                    by_levels = L > 1 and cfg[5] != 0 and bestb.shape[0] > 0
                    if not proved:
                        if by_levels and _level_bound(front, cat, off, cnot, U, use, wtab, nwords, L, bestb[0],
                                                      stats) < tau:
                            front = bestb  # no level can do better than the narrow line's part there
                            stats[4] += 1
                        else:
                            if ub < np.inf:
                                cat, off = _useful_rows(cat, off, use, lam, ub - tau)
                            front = _combine(front, cat, off, cnot, U, use, wtab, nwords, tau, stats, top, beam,
                                             _NO_OBJ)
                            if front.shape[0] == 0:
                                front = bestb
                elif vprune:
                    gb = np.zeros((0, 0), np.int64)
                    gk = np.zeros((0, 0), np.int64)
                    gb1 = gb
                    gk1 = gk
                    entry = depth == 0 or depth == 1 and cfg[17] != 0  # (a first play's node, narrowed or not)
                    split = entry and cfg[15] != 0 and cfg[7] > 0 and use > 1 and off[use] >= cfg[7] and not flat
                    if split:
                        # (a first play's search: the expected tricks' combination is bounded by the split first,
                        # as a top node's is; its replies' labels give the swaps of equal cards)
                        lab1, lab2 = _reply_labels(kidw, order, nk, use, mv, mv2)
                        gb, gk = _swaps(west, dfd, north | south | (np.int64(1) << r0), lab1, lab2, m, nwords)
                        gb1, gk1 = _swaps(west, dfd, north | south | (np.int64(1) << r0), lab1, lab2, nwords, nwords)
                    front = _vec_combine(front, cat, off, cnot, U, use, tv, otab, wtab, nwords, stats, cfg[14],
                                         split, gb, gk, gb1, gk1)
                else:
                    front = _combine(front, cat, off, cnot, U, use, wtab, nwords, tau, stats, top, beam, otab)
        if not top:  # a top node keeps only its best rows
            # a lower-bound front none of whose parts lost a row to the beam (no threshold: it is the whole front)
            # is exact: kept in the exact memos as well, with no threshold (it serves every one), so the exact
            # search finds it there; a capped one is marked -2 here, and every front built on it is capped too
            capped = lower and stats[14] != cap0
            exact_lb = lower and cfg[13] != 0 and not capped and not prune and not vprune
            stau = -2.0 if capped else tau
            _store(st, key, front, stau, tv)
            if ckey.shape[0]:
                cfront = _to_canon(front, pat, nwords, pwords)
                _store(cst, ckey, cfront, stau, tv)
            if exact_lb:
                stats[15] += 1
                _store(memos.st, key, front, tau, tv)
                if ckey.shape[0]:
                    _store(memos.cst, ckey, cfront, tau, tv)
    if anywon:
        out = front.copy()
        for q in range(out.shape[0]):
            for c in range(m):
                out[q, c] |= won[c]
        return out
    return front


@structref.register
class _MemosType(types.StructRef):
    pass


@structref.register
class _StoreType(types.StructRef):
    pass


class Memos(structref.StructRefProxy):
    """The four memos of a search (exact and lower-bound, each plain and canonical: see :func:`_find`) and its
    double-dummy tables of trick boundaries (``ddk`` position -> index into ``ddt``; ``ddm`` the card-order memo,
    see bridgeplay.engine.ddsuit) as one object; also the search's work rows (:func:`_work`) and constants
    (:func:`_set_context`).

    Passed to :func:`solve_node` as one argument: unboxing one struct costs a few
    microseconds, the twenty typed containers inside it about a hundred and fifty.
    """


structref.define_proxy(Memos, _MemosType, ["st", "cst", "lst", "lcst", "ddk", "ddt", "ddm", "work", "iwork", "hw",
                                             "allw", "west", "wtab", "otab", "info_x", "info_t", "info_h"])


# Entry point for Python: a position's front (see :func:`_node`, whose arguments it takes).
_solve_node = _node


_ROW = types.uint64[::1]
_FRONT = types.uint64[:, ::1]
_STORE = _StoreType([("tab", types.int64[::1]), ("ent", types.int64[:, ::1]), ("kpool", types.uint64[::1]),
                     ("taus", types.float64[::1]), ("tvpool", types.float64[::1]), ("fronts", types.ListType(_FRONT)),
                     ("n", types.int64), ("kn", types.int64), ("tvn", types.int64)])
_TABLE = types.uint64[:, ::1]
_MEMOS = _MemosType([("st", _STORE), ("cst", _STORE), ("lst", _STORE), ("lcst", _STORE),
                     ("ddk", types.DictType(types.int64, types.int64)), ("ddt", types.ListType(_TABLE)),
                     ("ddm", types.int64[::1]), ("work", types.uint64[:, ::1]), ("iwork", types.int64[:, ::1]),
                     ("hw", types.uint64[:, ::1]), ("allw", types.uint64[::1]), ("west", types.int64[::1]),
                     ("wtab", types.float64[:, ::1]), ("otab", types.float64[:, :, ::1]),
                     ("info_x", types.uint64[:, ::1]), ("info_t", types.float64[:, ::1]), ("info_h", types.int64[::1])])


@njit(cache=True)
def _empty_store():
    """An empty memo for :func:`_node` (see :func:`_find`).

    Made here, not from Python: building typed containers from the interpreter costs milliseconds
    (numba re-derives their types every time), more than a whole small search.
    """
    st = structref.new(_STORE)
    st.tab = np.zeros(1024, np.int64)
    st.ent = np.empty((256, 5), np.int64)
    st.kpool = np.empty(256 * 8, np.uint64)
    st.taus = np.empty(256)
    st.tvpool = np.empty(64)
    st.fronts = List.empty_list(_FRONT)
    st.n = 0
    st.kn = 0
    st.tvn = 0
    return st


@njit(cache=True)
def _new_memos():
    """Empty :class:`Memos`."""
    m = structref.new(_MEMOS)
    m.st = _empty_store()
    m.cst = _empty_store()
    m.lst = _empty_store()
    m.lcst = _empty_store()
    m.ddk = Dict.empty(types.int64, types.int64)
    m.ddt = List.empty_list(_TABLE)
    m.ddm = _dd_memo(DD_SLOTS)
    m.work = np.empty((WORK_DEPTH, 0), np.uint64)
    m.iwork = np.empty((WORK_DEPTH, 0), np.int64)
    m.hw = np.zeros((15, 0), np.uint64)
    m.allw = np.zeros(0, np.uint64)
    m.west = np.zeros(0, np.int64)
    m.wtab = np.zeros((0, 256))
    m.otab = np.zeros((0, 0, 0))
    m.info_x = np.zeros((INFO + 1, 0), np.uint64)
    m.info_t = np.zeros((INFO + 1, 0))
    m.info_h = np.zeros(16 + 2 * INFO, np.int64)
    return m


@njit(cache=True)
def _set_context(memos, hw, allw, west, wtab, otab, info_x, info_t, info_h):
    """Give :func:`_node`'s search its constants (the worlds' bitsets per rank ``hw``, every world ``allw``, West's
    holdings ``west``, the weight table ``wtab``, the objectives ``otab``: one entry each, only its length read, see
    :func:`_node`) and where a top node reports
    (``info_x``, ``info_t``, ``info_h``): kept in ``memos`` and read where they are used, not passed to every
    call of the search."""
    memos.hw = hw
    memos.allw = allw
    memos.west = west
    memos.wtab = wtab
    memos.otab = otab
    memos.info_x = info_x
    memos.info_t = info_t
    memos.info_h = info_h


# Public entries (the names code outside the engine calls; the ``_`` names stay for the tests).
# (``representatives``, ``follow_plays`` and ``trick_winner`` are engine.rules', imported above.)
world_bitsets = _world_bitsets
new_memos = _new_memos
set_context = _set_context
solve_node = _node


