"""Double-dummy search kernels: null-window alpha-beta on tricks (MTD(f)), a transposition
table over rank-normalised positions with *relevant-rank* entries, move ordering,
equivalent-card merging and quick-trick bounds.

Everything works on the packed form of :mod:`bridgeplay.engine.deal` (per suit, the cards in
play renumbered 0..n-1; one mask per hand).  The basic question is a null window:

    ``_search(A, tt, trump, tl, ply, t, only)`` -> can North-South take at least ``t`` of the
    ``tl`` tricks still to be completed (the current trick included)?

answered fail-soft (bridge-solver's way): the value v returned proves North-South >= v when
v >= t and <= v when v < t, so the table keeps the strongest bound found and MTD(f) can step
by more than one trick.  North-South are the MAX side whoever is on lead, so table bounds hold
across searches; a position with no trumps left is searched and stored as no trumps, so a 5x4
table's strains share those entries.

Relevant ranks (after DDS's "winning ranks", a light form of partition search): every search
returns, per suit, the set of cards whose *rank* its answer depended on -- the winner of each
trick in the proof tree that beat another card of its suit, the cards counted by a quick-trick
cut, and so on.  A result is stored under the position's suit-length pattern (who holds how many
cards of each suit, leader, trumps) together with, per suit, the owners of the cards from the
top down to the lowest relevant one.  It then answers for every position with the same lengths
and the same owners of those top cards, whatever the small cards: each entry stands for many
positions.  (Cards below the lowest relevant one never won a trick by rank in the proof tree,
so any other arrangement of them gives the same outcome, trick by trick.)  One subtlety: a card
played stands for its whole run of equivalent cards, so when a higher card of that run matters
the played card is made relevant too -- otherwise another deal of the small cards could split
the run and give a player an option the proof never looked at.  When several stored entries
cut, the most general one (fewest top cards fixed) answers, so the relevant sets passed up, and
the patterns stored above, stay small.  Debug switches at ``ODEBUG``
re-check every table cut-off and every stored result by exact searches (see the tests).

Move ordering: leads by the principles of DDS's move generator (cash or set up winners, ruff when it
pays; within a suit by DDS's relative rank, 1 for the top card), followers by bridge-solver's rules (low
unless the trick must be taken, then the cheapest winner when it tops the next hand, else the highest; the
winning ruff; discards from each suit's bottom, longest suit first) with DDS's where they measured fewer
nodes (a no-trump second hand that must take the trick; a third hand topped by the fourth forcing its top
cheaply; a third hand's cheapest sure winner before its highest card), the table's best move, a killer
move per depth for leads, and a cut-off
card cache (bridge-solver's) for every seat: the card that last cut off in the same context.  A
follower tries that card first, before its other cards are even generated (most follower nodes cut
off with it: bridge-solver's lazy ordering; for leads the cached card is only a bonus, as trying it
first measured more nodes).
Bounds at the start of a trick: the leader's side's cashable top tricks (with an entry to partner), a
side's sure trump tricks (its two hands' top trumps together, at most the longer holding), a side's slow
trump trick when one trick is all it needs (a guarded king over the ace, bridge-solver's; king-queen in
one hand against the ace), the opponents' sure tricks when they top every suit the leader holds and the
leader's side cannot ruff (one, or one a suit when a single opponent holds all those tops), and after the
table's probe DDS's quick tricks (its lead-hand and partner-hand rules: a top split
between the hands counts the longer hand's length when the opponents are short); in no trumps, when the
leader's side needs every trick, DDS's later tricks: it fails if the suits whose top card it holds, each counted at
its longer holding, do not add up to the tricks left; at second hand: a sure trick for its side.  Quick tricks
count only the top cards down to the
others' longest holding as relevant (the lower ones win by length), and a stored pattern leaves out a
suit's bottom run held by one hand (the suit lengths say who holds it).  After a card below every rank
that mattered to its own result fails, the lower cards of its suit are skipped.

Caching note: every kernel is ``cache=True``; the search is self-recursive only -- numba's
cache breaks (segfaults on loading) with mutual recursion, and caches of a module are not
invalidated when a kernel it calls in another module changes.

No reference counting: the search and its helpers are compiled with ``_nrt=False``.  They only read
and write the arrays they are given, and with numba's runtime on every call passing ``A`` and ``tt``
paid atomic increments and decrements of their reference counts (a quarter of the samples under
``perf``).  Such a kernel cannot allocate: the debugging re-checks use scratch at ``ODS`` in the work
array and a small table of their own at ``ODTT``, the work array's tail (a table the search passed down to every
node cost each recursive call seven more pushed words: an array is passed as seven fields).

Work array ``A`` (int64, :func:`new_work`): hands, counts, per-trick records, saved hands,
move lists, relevant sets, killers and statistics at fixed offsets (below).  The table ``tt``
(:func:`new_tt`) is one int64 array: a header, a hash of suit-length keys to chains, a pool of
entries (when the pool is full, the patterns nearest the end of the hand give up their blocks, a harvest; a
table is emptied whole, a generation bump, only by :func:`clear_tt` or when a harvest leaves a probe run full; each
entry with a one-word signature that a probe checks first, a block's eight at once; each head, one cache line, with a
copy of the entry that cut last, tried before the others), and the cut-off card cache.  The head's cache
line is prefetched (LLVM's prefetch, an intrinsic) when a trick-start node begins, so its memory latency
overlaps the bounds' work; a probe prefetches a pattern's next block while it scans one; and the cut-off
card cache's slots of a node's context are prefetched too: a follower's by its caller before the call (the
context passed as ``ch``), a leader's before the table probe.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from bridgeplay.engine.deal import HIGH, LOWEST, POP, SPREAD, _beats

# ---- work array layout -------------------------------------------------------------------
OH = 0  # h[x, s] at OH + 4x + s (packed masks)
OC = 16  # cnt[s]
OST = 20  # statistics: 0 nodes, 1 table cut-offs, 2 table stores, 3 quick-trick cut-offs
OT = 32  # per trick, indexed by tricks left: OT + 16 tl + (0..3 suits, 4..7 bits, 8 leader, 9..12 winner index,
#   13 the played bits, 16 a suit: see _search)
OS = OT + 16 * 14  # while a trick is out of play, its suits' four holdings, 16 bits a hand: OS + 20 tl + s
OM = OS + 20 * 14  # moves at depth d = 4 tl + ply: OM + 16 d + i  (suit << 4 | bit)
OW = OM + 16 * 64  # their ordering weights
ROOT_ROW = 63  # the move row that keeps the root's moves while they are searched (:func:`_root_moves`)
OR = OW + 16 * 64  # relevant masks returned by the node at depth d: OR + 4 d + s
OK = OR + 4 * 64  # killer move at depth d
# quick tricks scratch: 0..3 relevant set, 4..7 / 8..11 tricks per suit (leader / partner),
# 12..15 / 16..19 the top cards they need
OQ = OK + 64
ORANK = OQ + 20  # rank_of[s, b] at ORANK + 16 s + b (absolute rank of packed bit b)
OTB = ORANK + 64  # packed bits of the table cards at the root
OROOT = OTB + 8  # the root's tricks left (the killers are kept in the root's packing: :func:`_killer_in`)
OHARV = OTB + 9  # a harvest's scratch: blocks by class (HARVEST_CLASSES = 28 words; :func:`_tt_harvest`)
# (OTB + 37..39: spare)

# lookup tables over 13-bit packed masks (see engine.deal), kept in the work array: numba would
# freeze global arrays into every function as constants, which makes compiling slow.  The search and its
# helpers no longer read them: LLVM's bit intrinsics (_pop, _high, _low) and shifts (_spread) give the same
# values without a load (the four tables were 256 KB that random reads kept pulling into the caches)
OPOP = OTB + 40
OHIGH = OPOP + 8192
OLOW = OHIGH + 8192
OSPREAD = OLOW + 8192
ODEBUG = OSPREAD + 8192  # debugging switches (bits): 1 no lowest-win skips, 2 no lost-trick bound,
#   4 no partner entries in quick tricks, 8 no quick tricks, 16 no trump bounds, 32 exact table entries,
#   64 check every table cut-off by an exact search (ODEBUG + 4 counts contradictions),
#   256 check every stored result on other small cards (ODEBUG + 5 counts failures; ODEBUG + 6 deals of the
#   small cards a check, 0: three; ODEBUG + 7 the most tricks left of a result checked, 0: any), 512 no run
#   closure, 128 no later-tricks bound (no trumps: a side that needs every trick and tops too little)
# profile: OPROF + 4 tl + ply nodes; OPROF + 64 + 4 tl + ply children searched; OPROF + 128 + 16 ply + i
# cut-offs by the i-th child searched (i = 15: later); OPROF + 192 + 4 tl + ply nodes without a cut-off
OPROF = ODEBUG + 8  # OPROF + 256 + 4 tl + ply: nodes expanded (moves searched)
ODS = OPROF + 320  # debugging scratch: the position (20), its relevant sets (4), owners of a suit's cards (16)
ODTT = ODS + 40  # the debugging re-checks' table (a small one, :data:`DTT_WORDS`: the rest of the work array)

# ---- transposition table layout ----------------------------------------------------------
# header words (the table's first TT_HEAD words):
TT_HEADS_LOG2 = 0  # log2 of the heads (suit-length patterns' slots)
TT_BLOCKS = 1  # the pool's capacity in blocks
TT_BLOCKS_USED = 2  # blocks taken from the pool since the table was last emptied
TT_GEN = 3  # the generation: a head of another generation is empty (:func:`clear_tt` bumps it)
TT_RESETS = 4  # how many times the search emptied the full table whole
TT_CUTS = 5  # the offset of the cut-off card cache
TT_CUTS_LOG2 = 6  # log2 of its slots
TT_MID = 7  # the offset of the mid-trick table (0: none, :func:`new_tt`'s ``mid_log2``)
TT_FREE = 8  # the free blocks' list: its first block + 1 (0: empty; :func:`_tt_harvest`)
TT_HARVESTS = 9  # how many times the search harvested the full table
TT_FRESH = 10  # classes of tricks left that a pattern used since the last harvest is raised by (:data:`HARVEST_FRESH`)
TT_HEAD = 16  # heads: TT_HEAD + HEAD i + (0 key, 1 generation | (second block + 1) << 32 | USED, 2 first block + 1 |
#   the entry that cut last << 32 (1 + BLOCK_ENTRIES block + j, or 0), 3..7 a copy of that entry: a probe checks it
#   from the head's own line, which the search prefetched, before it reads a block)
USED = np.int64(1) << 62  # a head's flag: probed or stored since the last harvest (which clears it)
SECOND = np.int64(0x3FFFFFFF)  # the second block + 1, after the generation word's shift by 32
HEAD = 8  # words of a head: one cache line
BLOCK_ENTRIES = 8  # entries of one suit-length pattern are kept in blocks, scanned sequentially
ENTRY = 5  # an entry: value and mask over the owner codes of suits 0,1; the same for suits 2,3; bounds
# a block: the entries' signatures (one cache line: the table is aligned to a line, and so are its blocks),
# the next block, the count, the entries, padded to whole lines (with the signatures at word 2 of a
# 50-word block, a probe's scan read most blocks' signatures from two lines)
B_NEXT = BLOCK_ENTRIES
B_CNT = BLOCK_ENTRIES + 1  # the count (low byte) | the block after the next + 1 << 32 (a scan fetches two ahead)
B_ENT = BLOCK_ENTRIES + 2
BLOCK = (B_ENT + ENTRY * BLOCK_ENTRIES + 7) // 8 * 8
# An entry's signature (one word, the block's signatures share a cache line): the owner codes of the top
# four cards of each suit that the entry fixes, and its mask over them (bits 32..).  A probe checks it
# first and reads the entry only when it agrees: a pattern of a heavy deal holds hundreds of entries.
# An entry matches a position (of its suit-length pattern) when the position's owner codes agree with
# the value on the mask: the owners of the top m_s cards of each suit s, the cards that decided the
# bound.  Bounds word: lo | hi << 8 | (best move + 1) << 16 | m_0 << 32 | m_1 << 36 | m_2 << 40 | m_3 << 44.
# The default table (:func:`new_tt` with no sizes): 2**18 heads, 2**18 blocks, 128 MiB of address space, zeroed
# lazily, so a search pays only for what it touches (about 10-20 MB on an ordinary deal, which never fills it).  A
# full table harvests (:func:`_tt_harvest`) rather than emptying itself whole; with it this size beats a never-full
# 480 MiB one on DDS's torture deals taken together (a fuller table costs more a node): `benchmarks/dd_speed.md`.
DEFAULT_TT_LOG2 = 18
DEFAULT_TT_BLOCKS_LOG2 = 18
MAX_PROBE = 16
# The cut-off card cache (bridge-solver's): after the pool, 2**log2 one-word slots (the context hash's bits
# 16.. to check, the move in the low byte; 0 = empty) in sets of four (the hash's low bits but two pick a
# set; most recent first, the least recent one replaced: 5.5% fewer nodes than one slot a context): the
# card that last cut off in the same context -- the leader's hand; a follower's holding in the suit
# led with the card winning the trick; a discarder's hand with the card winning the trick.  A hint
# for move ordering only: a collision costs time, never a wrong result.
# The mid-trick table (optional, at the table's tail: the ABC search's engine only, :func:`_mtd_mid`): results of
# searches of a position with cards on the table, asked at a call's root, kept as the trick-start table keeps
# them: under the position's suit lengths and trick, with the owners of each suit's cards from the top down to the
# lowest relevant one.  Its first word: log2(buckets); then buckets of MID_WAYS entries, most recent first, in three
# cache lines: the ways' keys (:func:`_len_key`), their trick | bounds (one line: a probe reads the others only when
# they agree), then per way the owner codes of suits 0-1, their mask, the same for suits 2-3
MID_WAYS = 4
MID_BUCKET = 6 * MID_WAYS
DEFAULT_CUT_LOG2 = 15  # 256 KB: fits a core's L2 (1 MB of slots cost more in cache misses than the hints saved)
CUT_CHECK = ~np.int64(0xFFFF)
# a suit's four holdings in one word, 16 bits a hand (the trick's cards taken out of play in :func:`_search`)
LANES = np.int64(0x0001000100010001)
LANES13 = np.int64(0x1FFF1FFF1FFF1FFF)
# the debugging re-checks' table at the work array's tail (ODTT): 2**12 patterns and blocks, 2**10 cut-off slots
# (2 MB, zeroed lazily by the system: untouched unless a re-check is switched on)
DTT_LOG2 = 12
DTT_CUT_LOG2 = 10


def _tt_words(log2_heads: int, blocks: int, cut_log2: int) -> int:
    """A table's size in words: header, heads, entry blocks, then the cut-off card cache."""
    return TT_HEAD + HEAD * (1 << log2_heads) + BLOCK * blocks + (1 << cut_log2)


DTT_WORDS = _tt_words(DTT_LOG2, 1 << DTT_LOG2, DTT_CUT_LOG2)
WORK_SIZE = ODTT + DTT_WORDS
# An array index cast to unsigned: numba then skips its negative-index fix-up (a compare-and-add before every
# load and store whose index it cannot prove >= 0).  The kernels index with non-negative offsets only.
_ix = np.uint64


def new_tt(
    log2_heads: int | None = None, blocks: int | None = None, cut_log2: int = DEFAULT_CUT_LOG2,
    mid_log2: int = 0,
) -> np.ndarray:
    """A fresh transposition table: ``2**log2_heads`` suit-length patterns, ``blocks`` entry blocks,
    and a cut-off card cache of ``2**cut_log2`` slots; with ``mid_log2`` > 0, a mid-trick table of that many
    buckets' log2 after them (:func:`_mtd_mid`).  With no sizes, :data:`DEFAULT_TT_LOG2` heads and
    :data:`DEFAULT_TT_BLOCKS_LOG2` blocks; with ``log2_heads`` alone, as many blocks as heads."""
    if log2_heads is None:
        log2_heads = DEFAULT_TT_LOG2
        if blocks is None:
            blocks = 1 << DEFAULT_TT_BLOCKS_LOG2
    if blocks is None:
        blocks = 1 << log2_heads
    # zeroed lazily by the system: a search touches only the pages it uses (a small ending or a
    # world of a sample then pays nothing for a table sized for full deals)
    # aligned to a cache line: a head (4 words after the 8 of the header) then lies in one line, which the
    # search's prefetch brings in whole (numpy's 16-byte alignment split every other head across two lines)
    n = _tt_words(log2_heads, blocks, cut_log2)
    mid = (n + 7) // 8 * 8 if mid_log2 > 0 else 0
    tt = zeros_aligned(mid + 8 + (MID_BUCKET << mid_log2) if mid_log2 > 0 else n)
    _tt_header(tt, log2_heads, blocks, cut_log2)
    if mid_log2 > 0:
        tt[TT_MID] = mid
        tt[mid] = mid_log2
    return tt


def zeros_aligned(n: int) -> np.ndarray:
    """``np.zeros(n, int64)`` starting on a cache line (64 bytes; numpy aligns to 16)."""
    raw = np.zeros(n + 8, dtype=np.int64)
    off = (-(raw.ctypes.data // 8)) % 8
    return raw[off:off + n]


def _tt_header(tt: np.ndarray, log2_heads: int, blocks: int, cut_log2: int) -> None:
    """Write an empty table's header into a zeroed ``tt`` (:func:`new_tt`; the re-checks' table in the work array)."""
    tt[TT_HEADS_LOG2] = log2_heads
    tt[TT_BLOCKS] = blocks
    tt[TT_GEN] = 1
    tt[TT_CUTS] = _tt_words(log2_heads, blocks, cut_log2) - (1 << cut_log2)  # where the cut-off card cache starts
    tt[TT_CUTS_LOG2] = cut_log2
    tt[TT_FRESH] = HARVEST_FRESH


@njit(cache=True, _nrt=False)
def clear_dtt(tt):
    """:func:`clear_tt` inside the search."""
    tt[TT_GEN] += 1
    tt[TT_BLOCKS_USED] = 0
    tt[TT_FREE] = 0


def clear_tt(tt: np.ndarray, cuts: bool = False) -> None:
    """Empty a table in O(1) (a generation bump: every suit-length pattern is forgotten); with ``cuts``, also
    its cut-off card cache (the table's tail from word ``tt[TT_CUTS]``, zeroed: 256 KB by default), which a clear
    otherwise keeps as move-ordering hints."""
    tt[TT_GEN] += 1
    tt[TT_BLOCKS_USED] = 0
    tt[TT_FREE] = 0
    if cuts:
        tt[int(tt[TT_CUTS]) : int(tt[TT_MID]) if tt[TT_MID] > 0 else tt.size] = 0


def new_work() -> np.ndarray:
    """A work array: search state, statistics, the lookup tables and the debugging re-checks' table."""
    A = np.zeros(WORK_SIZE, dtype=np.int64)
    _tt_header(A[ODTT:], DTT_LOG2, 1 << DTT_LOG2, DTT_CUT_LOG2)
    A[OPOP : OPOP + 8192] = POP
    A[OHIGH : OHIGH + 8192] = HIGH
    A[OLOW : OLOW + 8192] = LOWEST
    A[OSPREAD : OSPREAD + 8192] = SPREAD
    return A


@intrinsic
def _prefetch(typingctx, arr, idx):
    """Ask the processor to bring ``arr[idx]``'s cache line in (LLVM's prefetch: read, high locality);
    a hint, no effect on results."""
    sig = types.void(arr, idx)

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]], wraparound=False)
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]),
                                            "llvm.prefetch.p0i8")
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return sig, codegen


def _llvm_bits(builder, name, x, flag):  # (llvmlite objects, at compile time)
    """Call LLVM's bit-counting intrinsic ``name`` on the int64 ``x`` (``flag``: its i1 second argument, or
    None for one that takes none)."""
    i64 = ir.IntType(64)
    if flag is None:
        return builder.call(cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64]), name), [x])
    fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, ir.IntType(1)]), name)
    return builder.call(fn, [x, ir.IntType(1)(flag)])


@intrinsic
def _pop(typingctx, x):
    """Number of bits set in ``x`` (LLVM's ctpop: one instruction; replaces the work array's POP table)."""
    def codegen(context, builder, signature, args):
        return _llvm_bits(builder, "llvm.ctpop.i64", args[0], None)
    return types.int64(types.int64), codegen


@intrinsic
def _high(typingctx, x):
    """Highest bit set in ``x``, -1 for 0 (63 - LLVM's ctlz; the HIGH table's values)."""
    def codegen(context, builder, signature, args):
        return builder.sub(ir.IntType(64)(63), _llvm_bits(builder, "llvm.ctlz.i64", args[0], 0))
    return types.int64(types.int64), codegen


@intrinsic
def _low64(typingctx, x):
    """Lowest bit set in ``x`` (LLVM's cttz; ``x`` must not be 0)."""
    def codegen(context, builder, signature, args):
        return _llvm_bits(builder, "llvm.cttz.i64", args[0], 1)
    return types.int64(types.int64), codegen


@intrinsic
def _low(typingctx, x):
    """Lowest bit set in a 13-bit mask ``x``, 15 for 0 (LLVM's cttz of ``x | 1 << 15``; the LOWEST table's values)."""
    def codegen(context, builder, signature, args):
        return _llvm_bits(builder, "llvm.cttz.i64", builder.or_(args[0], ir.IntType(64)(1 << 15)), 1)
    return types.int64(types.int64), codegen


# --------------------------------------------------------------------------------------------
# keys
@njit(cache=True, _nrt=False)
def _len_key(A, trump, leader, tl):
    """Suit-length pattern (hands x suits 0..2; suit 3 follows from tl) + tl + leader + trumps."""
    k = np.int64(tl) | (np.int64(leader) << 4) | (np.int64(trump) << 6)
    for x in range(4):
        for s in range(3):
            k = (k << 4) | _pop(A[_ix(OH + 4 * x + s)])
    return k


@njit(cache=True, _nrt=False, inline="always")  # inlined: four calls a trick-start node otherwise
def _owner_code(A, s):
    """2-bit owner of every card in play in suit s, packed bit b at bits 2b, 2b+1 (N 0, E 1, S 2, W 3)."""
    w = A[_ix(OH + 12 + s)]
    return _spread(A[_ix(OH + 4 + s)] | w) | (_spread(A[_ix(OH + 8 + s)] | w) << 1)


@njit(cache=True, _nrt=False)
def _spread(m):
    """Bit b of a 13-bit mask moved to bit 2b (the SPREAD table's values, by shifts: no table read)."""
    m = (m | (m << 8)) & 0x00FF00FF
    m = (m | (m << 4)) & 0x0F0F0F0F
    m = (m | (m << 2)) & 0x33333333
    return (m | (m << 1)) & 0x55555555


@njit(cache=True, _nrt=False)
def _top_mask(cnt, rel, code):
    """(mask over the 2-bit owner code of a suit of cnt cards covering its top cards down to the
    lowest relevant bit, how many cards that is).

    When the suit's lowest cards up to the lowest relevant one are one hand's (a run from the
    bottom), they are left out: the suit lengths of the key then say who holds them (bridge-solver's
    "suit bottom can't win by rank")."""
    if rel == 0:
        return np.int64(0), np.int64(0)
    low = 0
    while not (rel >> low) & 1:
        low += 1
    o = code & 3
    j = 0
    while j + 1 < cnt and ((code >> (2 * (j + 1))) & 3) == o:
        j += 1
    if j >= low:
        low = j + 1
        if low >= cnt:
            return np.int64(0), np.int64(0)
    return ((np.int64(1) << (2 * cnt)) - 1) & ~((np.int64(1) << (2 * low)) - 1), np.int64(cnt - low)


@njit(cache=True, _nrt=False)
def _sig8(code, n):
    """The 2-bit owner codes of a suit's top four cards (of its n), in 8 bits (the top card highest)."""
    if n >= 4:
        return (code >> (2 * (n - 4))) & 0xFF
    return (code << (2 * (4 - n))) & 0xFF


@njit(cache=True, _nrt=False)
def _hash(k):
    x = k ^ ((k >> 33) & 0x7FFFFFFF)
    x *= np.int64(-49064778989728563)
    x ^= (x >> 33) & 0x7FFFFFFF
    x *= np.int64(-4265267296055464877)
    x ^= (x >> 33) & 0x7FFFFFFF
    return x


@njit(cache=True, _nrt=False, inline="always")  # inlined: a probe's and a store's first step
def _head_find(tt, key):
    """Head slot holding key (>= 0), or -1 - free slot, or -(1 << 40) when the probe run is full."""
    mask = (np.int64(1) << tt[TT_HEADS_LOG2]) - 1
    gen = tt[TT_GEN]
    i = _hash(key) & mask
    for _ in range(MAX_PROBE):
        base = TT_HEAD + HEAD * i
        if tt[_ix(base + 1)] & 0xFFFFFFFF != gen:
            return -1 - i
        if tt[_ix(base)] == key:
            return i
        i = (i + 1) & mask
    return -(np.int64(1) << 40)


@njit(cache=True, _nrt=False, inline="always")
def _sig_hits(tt, base, psig):
    """The entries of the block at ``base`` whose signature agrees with the position's ``psig``, a bit
    each (slots past the block's count included: the caller masks them off).  A fixed count of eight,
    no branch (a branch-free compare an entry; read through the slice view, LLVM does not vectorise it, and
    the direct reads it does vectorise measured no faster: fifteenth session, dd19)."""
    sg = tt[base:base + BLOCK_ENTRIES]
    hits = np.int64(0)
    for j in range(BLOCK_ENTRIES):
        w = sg[_ix(j)]
        hits |= np.int64(((psig ^ w) & (w >> 32) & 0xFFFFFFFF) == 0) << j
    return hits


@njit(cache=True, _nrt=False, inline="always")
def _prefetch_block(tt, pool, blk):
    """Fetch block ``blk``'s two lines (signatures; next, count and the first entries) of the pool at ``pool``;
    nothing for a negative ``blk`` (none)."""
    if blk >= 0:
        _prefetch(tt, pool + BLOCK * blk)
        _prefetch(tt, pool + BLOCK * blk + B_NEXT)


@njit(cache=True, _nrt=False, inline="always")
def _sig_same(tt, base, sig):
    """The entries of the block at ``base`` whose signature is ``sig``, a bit each (as :func:`_sig_hits`)."""
    sg = tt[base:base + BLOCK_ENTRIES]
    same = np.int64(0)
    for j in range(BLOCK_ENTRIES):
        same |= np.int64(sg[_ix(j)] == sig) << j
    return same


@njit(cache=True, _nrt=False, inline="always")
def _tt_answer(A, rd, bd, t, best):
    """A probe's answer from the entry ``bd`` that decides the test at ``t``: its relevant cards into
    A[rd:rd + 4], then (1, best, lo) when it cuts high, (2, best, hi) when low."""
    for s in range(4):
        m = (bd >> (32 + 4 * s)) & 15
        n = A[_ix(OC + s)]
        A[_ix(rd + s)] = ((np.int64(1) << m) - 1) << (n - m)
    lo = bd & 255
    if lo >= t:
        return 1, best, lo
    return 2, best, (bd >> 8) & 255


@njit(cache=True, _nrt=False)
def _tt_probe(A, tt, key, c0, c1, c2, c3, t, rd):
    """Look a position up.  Returns (status, best move, bound): status 1 = NS >= bound >= t proven,
    2 = NS <= bound < t proven (the matching entry's top cards are then written as the relevant set
    at rd), 0 = no cut.

    The entry that cut last in this suit-length pattern (kept in the head, as bridge-solver keeps its
    last match at the root of a pattern tree) is tried first; failing that, of all the entries that
    cut, the most general one (fewest top cards fixed) answers: its smaller relevant set makes the
    patterns stored above it more general (7% fewer nodes than the first entry found)."""
    hs = _head_find(tt, key)
    best = -1
    if hs < 0:
        return 0, best, np.int64(0)
    pool = TT_HEAD + HEAD * (np.int64(1) << tt[TT_HEADS_LOG2])
    hb = TT_HEAD + HEAD * hs
    hw = tt[_ix(hb + 1)]
    if not hw & USED:
        tt[_ix(hb + 1)] = hw | USED  # in use since the last harvest (:func:`_tt_harvest`)
    fm = tt[_ix(hb + 2)]
    blk = (fm & 0xFFFFFFFF) - 1
    first = blk
    if blk >= 0:
        # the first two blocks' two lines each (signatures; count and next) are fetched while the last cutting
        # entry is checked: the misses overlap instead of following one another (the head names the second
        # block, each block the one after its next: the scan below keeps two blocks in flight)
        _prefetch_block(tt, pool, blk)
        _prefetch_block(tt, pool, ((hw >> 32) & SECOND) - 1)
    x1 = c0 | (c1 << 26)
    x2 = c2 | (c3 << 26)
    psig = (_sig8(c0, A[OC]) | (_sig8(c1, A[OC + 1]) << 8) | (_sig8(c2, A[OC + 2]) << 16)
            | (_sig8(c3, A[OC + 3]) << 24))
    if (fm >> 32) != 0:
        # the entry that cut last in this pattern first (bridge-solver keeps its last match at the root),
        # from its copy in the head
        if (((x1 ^ tt[_ix(hb + 3)]) & tt[_ix(hb + 4)]) | ((x2 ^ tt[_ix(hb + 5)]) & tt[_ix(hb + 6)])) == 0:
            bd = tt[_ix(hb + 7)]
            if (bd & 255) >= t or ((bd >> 8) & 255) < t:
                return _tt_answer(A, rd, bd, t, best)
    cut_bd = np.int64(-1)
    cut_w = 99
    cut_at = np.int64(0)
    cut_b = np.int64(0)
    while blk >= 0:
        base = pool + BLOCK * blk
        wc = tt[_ix(base + B_CNT)]
        cnt = wc & 0xFF
        A[OST + 4] += cnt
        nxt = tt[_ix(base + B_NEXT)]
        _prefetch_block(tt, pool, (wc >> 32) - 1)
        hits = _sig_hits(tt, base, psig) & ((np.int64(1) << cnt) - 1)
        while hits != 0:
            low = hits & -hits
            hits ^= low
            j = A[_ix(OPOP + (low - 1))]
            b = base + B_ENT + ENTRY * j
            if (((x1 ^ tt[_ix(b)]) & tt[_ix(b + 1)]) | ((x2 ^ tt[_ix(b + 2)]) & tt[_ix(b + 3)])) == 0:
                bd = tt[_ix(b + 4)]
                lo = bd & 255
                hi = (bd >> 8) & 255
                if lo >= t or hi < t:
                    w = ((bd >> 32) & 15) + ((bd >> 36) & 15) + ((bd >> 40) & 15) + ((bd >> 44) & 15)
                    if w < cut_w:
                        cut_w = w
                        cut_bd = bd
                        cut_at = 1 + blk * BLOCK_ENTRIES + j
                        cut_b = b
                elif best < 0:
                    best = ((bd >> 16) & 0xFFFF) - 1
        blk = nxt
    if cut_bd >= 0:
        tt[_ix(hb + 2)] = (first + 1) | (cut_at << 32)
        tt[_ix(hb + 3)] = tt[_ix(cut_b)]
        tt[_ix(hb + 4)] = tt[_ix(cut_b + 1)]
        tt[_ix(hb + 5)] = tt[_ix(cut_b + 2)]
        tt[_ix(hb + 6)] = tt[_ix(cut_b + 3)]
        tt[_ix(hb + 7)] = cut_bd
        return _tt_answer(A, rd, cut_bd, t, best)
    return 0, best, np.int64(0)


# A full table makes room by dropping its patterns nearest the end of the hand (the cheapest to search again) until
# at least this share of its blocks is free (measured on thomas1: 25% and 75% took 2% and 11% more nodes); it empties
# itself whole only when the probe run a new pattern needs is still full after a harvest
HARVEST_FREE = 0.5
# A pattern probed or stored since the last harvest (its head flagged USED) counts as this many tricks further from
# the end when a harvest ranks the patterns (a table's own value is its header word TT_FRESH: 0 ranks by tricks left
# alone, 14 drops every pattern out of use before any in use).  DDS's harvest drops the blocks not used lately; tricks
# left alone dropped what the ABC search asks again and again (its views' values, 5-8 tricks from the end).  Exact
# node counts (benchmarks/dd_speed.md, thirty-second session), 0 / 4 / 6 / 14: thomas1's NT solve at 2**18 heads and
# blocks 148.0 / 140.7 / 135.0 / 137.1 M; the ABC decision at |Da| = n = 30 (2**20 / 2**19) 201.6 / 198.9 / 198.4 /
# 197.0 M; two whole tables at 2**12 heads and blocks 0.98 + 1.78 / 0.88 + 1.41 / 0.96 + 1.35 / 1.30 + 1.65 M
HARVEST_FRESH = 6
# A harvest's classes: tricks left 0..13, raised by at most HARVEST_FRESH_MAX (a table's TT_FRESH is clamped to it),
# so HARVEST_CLASSES words of the work array's OHARV scratch count the blocks of each class
HARVEST_FRESH_MAX = 14
HARVEST_CLASSES = 14 + HARVEST_FRESH_MAX
assert OHARV + HARVEST_CLASSES <= OPOP, "the harvest's scratch overlaps the lookup tables"


@njit(cache=True, _nrt=False, inline="always")
def _harvest_class(tt, hb, fresh):
    """The class in a harvest of the pattern whose head is at ``hb``: its key's tricks left (:func:`_len_key`),
    raised by ``fresh`` when the pattern was probed or stored since the last harvest (its head flagged ``USED``)."""
    return ((tt[_ix(hb)] >> 48) & 15) + (fresh if tt[_ix(hb + 1)] & USED else 0)


@njit(cache=True, _nrt=False)
def _tt_harvest(A, tt, by_heads):
    """Make room in a full table (DDS's large table harvests its old blocks instead of emptying itself): the patterns
    of the lowest classes (fewest tricks left, those out of use first) are dropped, their blocks put on the free list
    (``tt[TT_FREE]``), until at least :data:`HARVEST_FREE` of the blocks in use are free (of the patterns, with
    ``by_heads``: when a probe run is full).  Their heads are deleted from the probe runs by moving the run's later
    heads back (Knuth's algorithm R), so every kept pattern is found as before.  The patterns kept keep every entry:
    a harvest drops bounds, it never changes one.  A pattern's class is its tricks left, raised by ``tt[TT_FRESH]``
    when it was probed or stored since the last harvest (:data:`HARVEST_FRESH`); the classes go lowest first, and
    the last one reached is dropped in part, pattern by pattern in the table's order, until enough is free.  Every
    pattern kept is then flagged out of use.  Returns False (nothing done) when nothing is in use."""
    nh = np.int64(1) << tt[TT_HEADS_LOG2]
    mask = nh - 1
    gen = tt[TT_GEN]
    pool = TT_HEAD + HEAD * nh
    fresh = min(max(tt[TT_FRESH], 0), HARVEST_FRESH_MAX)
    for k in range(HARVEST_CLASSES):
        A[_ix(OHARV + k)] = 0
    used = np.int64(0)
    for i in range(nh):
        hb = TT_HEAD + HEAD * i
        if tt[_ix(hb + 1)] & 0xFFFFFFFF != gen:
            continue
        n = np.int64(1)
        if not by_heads:
            n = 0
            blk = (tt[_ix(hb + 2)] & 0xFFFFFFFF) - 1
            while blk >= 0:
                n += 1
                blk = tt[_ix(pool + BLOCK * blk + B_NEXT)]
        A[_ix(OHARV + _harvest_class(tt, hb, fresh))] += n
        used += n
    want = np.int64(HARVEST_FREE * used)
    drop = np.int64(0)  # patterns of a lower class than this are dropped
    got = np.int64(0)
    while drop < HARVEST_CLASSES and got < want:
        got += A[_ix(OHARV + drop)]
        drop += 1
    if want == 0:
        return False
    budget = want - (got - A[_ix(OHARV + drop - 1)])  # the blocks the last class dropped gives up
    fl = tt[TT_FREE] - 1
    freed = np.int64(0)
    i = np.int64(0)
    while i < nh:
        hb = TT_HEAD + HEAD * i
        if tt[_ix(hb + 1)] & 0xFFFFFFFF != gen:  # an empty slot
            i += 1
            continue
        k = _harvest_class(tt, hb, fresh)
        # the last class dropped only until enough is free (the table's order: its patterns in no order of value)
        if k >= drop or (k == drop - 1 and freed >= budget):
            i += 1
            continue
        # the pattern's blocks onto the free list
        blk = (tt[_ix(hb + 2)] & 0xFFFFFFFF) - 1
        if blk >= 0:
            last = blk
            n = np.int64(1)
            while tt[_ix(pool + BLOCK * last + B_NEXT)] >= 0:
                last = tt[_ix(pool + BLOCK * last + B_NEXT)]
                n += 1
            tt[_ix(pool + BLOCK * last + B_NEXT)] = fl
            fl = blk
            if k == drop - 1:
                freed += 1 if by_heads else n
        # delete head i: later heads of its run whose home does not lie in (hole, j] move back into the hole
        hole = i
        j = i
        while True:
            j = (j + 1) & mask
            jb = TT_HEAD + HEAD * j
            if j == i or tt[_ix(jb + 1)] & 0xFFFFFFFF != gen:  # (j == i: every slot in use, the run went round)
                break
            r = _hash(tt[_ix(jb)]) & mask
            if hole <= j:
                stay = hole < r and r <= j
            else:
                stay = hole < r or r <= j
            if stay:
                continue
            hb2 = TT_HEAD + HEAD * hole
            for w in range(HEAD):
                tt[_ix(hb2 + w)] = tt[_ix(jb + w)]
            hole = j
        tt[_ix(TT_HEAD + HEAD * hole + 1)] = gen - 1  # an empty slot (any other generation)
        # slot i now holds a head moved back (or none): look at it again
    # every pattern kept starts out of use again (a separate pass: algorithm R may move a head visited already)
    for i in range(nh):
        hb = TT_HEAD + HEAD * i
        w = tt[_ix(hb + 1)]
        if w & USED:
            tt[_ix(hb + 1)] = w ^ USED
    tt[TT_FREE] = fl + 1
    tt[TT_HARVESTS] += 1
    return True


@njit(cache=True, _nrt=False)
def _tt_store(A, tt, key, ks, trump, c0, c1, c2, c3, rd, tl, t, val, best):
    """Store a bound for the position's top cards down to the relevant ones (a pattern); a stored
    entry of the same pattern takes the new bound too.  In a trump contract (``trump`` < 4) an entry that
    fixes the top trump's owner goes under ``ks`` (the key with that owner added), the others under ``key``:
    a trump contract's suit-length patterns gathered long lists of specific entries (20.6 scanned a node in
    spades against 2.5 in no trumps), and a probe then reads the general list and its owner's only.
    (Keeping patterns general-first, as bridge-solver does, was measured: few stored patterns subsume one
    another here, and dropping the specific ones lost their best moves: more nodes, slower.)"""
    k0, m0 = _top_mask(A[OC], A[_ix(rd)], c0)
    k1, m1 = _top_mask(A[OC + 1], A[_ix(rd + 1)], c1)
    k2, m2 = _top_mask(A[OC + 2], A[_ix(rd + 2)], c2)
    k3, m3 = _top_mask(A[OC + 3], A[_ix(rd + 3)], c3)
    if trump < 4:
        mt = m0 if trump == 0 else (m1 if trump == 1 else (m2 if trump == 2 else m3))
        if mt >= 1:
            key = ks
    M1 = k0 | (k1 << 26)
    M2 = k2 | (k3 << 26)
    V1 = (c0 | (c1 << 26)) & M1
    V2 = (c2 | (c3 << 26)) & M2
    ms = (m0 << 32) | (m1 << 36) | (m2 << 40) | (m3 << 44)
    sv = (_sig8(c0 & k0, A[OC]) | (_sig8(c1 & k1, A[OC + 1]) << 8) | (_sig8(c2 & k2, A[OC + 2]) << 16)
          | (_sig8(c3 & k3, A[OC + 3]) << 24))
    sm = (_sig8(k0, A[OC]) | (_sig8(k1, A[OC + 1]) << 8) | (_sig8(k2, A[OC + 2]) << 16)
          | (_sig8(k3, A[OC + 3]) << 24))
    sig = sv | (sm << 32)
    if val >= t:
        lo = np.int64(val)
        hi = np.int64(tl)
    else:
        lo = np.int64(0)
        hi = np.int64(val)
    # the block a new pattern's entry would take, fetched while the pattern's own blocks are searched
    pool = TT_HEAD + HEAD * (np.int64(1) << tt[TT_HEADS_LOG2])
    free = pool + BLOCK * (tt[TT_FREE] - 1 if tt[TT_FREE] > 0 else tt[TT_BLOCKS_USED])
    _prefetch(tt, free)
    _prefetch(tt, free + B_NEXT)
    hs = _head_find(tt, key)
    if hs == -(np.int64(1) << 40) or (tt[TT_BLOCKS_USED] >= tt[TT_BLOCKS] and tt[TT_FREE] == 0):
        # full: the entries nearest the end of the hand make room (a harvest); when that leaves the probe run this
        # pattern needs full (or frees nothing), start afresh
        harvested = _tt_harvest(A, tt, hs == -(np.int64(1) << 40))
        hs = _head_find(tt, key) if harvested else -(np.int64(1) << 40)
        if hs == -(np.int64(1) << 40):
            clear_dtt(tt)
            tt[TT_RESETS] += 1
            hs = _head_find(tt, key)
    if hs < 0:
        hs = -1 - hs
        hb = TT_HEAD + HEAD * hs
        tt[_ix(hb)] = key
        tt[_ix(hb + 1)] = tt[TT_GEN] | USED
        tt[_ix(hb + 2)] = 0
    else:
        hb = TT_HEAD + HEAD * hs
        blk = (tt[_ix(hb + 2)] & 0xFFFFFFFF) - 1
        hw = tt[_ix(hb + 1)]
        if not hw & USED:
            tt[_ix(hb + 1)] = hw | USED
        _prefetch_block(tt, pool, ((hw >> 32) & SECOND) - 1)
        while blk >= 0:
            base = pool + BLOCK * blk
            nxt = tt[_ix(base + B_NEXT)]
            wc = tt[_ix(base + B_CNT)]
            _prefetch_block(tt, pool, (wc >> 32) - 1)
            # the same pattern has the same signature: the entry itself is read only then
            same = _sig_same(tt, base, sig) & ((np.int64(1) << (wc & 0xFF)) - 1)
            while same != 0:
                low = same & -same
                same ^= low
                j = A[_ix(OPOP + (low - 1))]
                b = base + B_ENT + ENTRY * j
                if tt[_ix(b)] == V1 and tt[_ix(b + 1)] == M1 and tt[_ix(b + 2)] == V2 and tt[_ix(b + 3)] == M2:
                    bd = tt[_ix(b + 4)]
                    if best < 0:
                        best = ((bd >> 16) & 0xFFFF) - 1
                    lo = max(lo, bd & 255)
                    hi = min(hi, (bd >> 8) & 255)
                    bd = lo | (hi << 8) | ((best + 1) << 16) | ms
                    tt[_ix(b + 4)] = bd
                    if (tt[_ix(hb + 2)] >> 32) == 1 + blk * BLOCK_ENTRIES + j:
                        tt[_ix(hb + 7)] = bd  # the head's copy of the entry that cut last
                    return
            blk = nxt
    first = (tt[_ix(hb + 2)] & 0xFFFFFFFF) - 1
    if first < 0 or (tt[_ix(pool + BLOCK * first + B_CNT)] & 0xFF) >= BLOCK_ENTRIES:
        # a new block in front: only the first block of a pattern is ever partly filled; a harvested one first
        if tt[TT_FREE] > 0:
            nb = tt[TT_FREE] - 1
            tt[TT_FREE] = tt[_ix(pool + BLOCK * nb + B_NEXT)] + 1
        else:
            nb = tt[TT_BLOCKS_USED]
            tt[TT_BLOCKS_USED] += 1
        hw = tt[_ix(hb + 1)]
        tt[_ix(pool + BLOCK * nb + B_NEXT)] = first
        tt[_ix(pool + BLOCK * nb + B_CNT)] = ((hw >> 32) & SECOND) << 32  # the old second block: after the next
        tt[_ix(hb + 1)] = (hw & 0xFFFFFFFF) | ((first + 1) << 32) | USED
        tt[_ix(hb + 2)] = (tt[_ix(hb + 2)] & ~np.int64(0xFFFFFFFF)) | (nb + 1)
        first = nb
    base = pool + BLOCK * first
    j = tt[_ix(base + B_CNT)] & 0xFF
    tt[_ix(base + B_CNT)] += 1
    tt[_ix(base + j)] = sig
    b = base + B_ENT + ENTRY * j
    tt[_ix(b)] = V1
    tt[_ix(b + 1)] = M1
    tt[_ix(b + 2)] = V2
    tt[_ix(b + 3)] = M2
    tt[_ix(b + 4)] = lo | (hi << 8) | ((best + 1) << 16) | ms


# --------------------------------------------------------------------------------------------
# bounds
@njit(cache=True, _nrt=False, inline="always")  # inlined: twice a quick-trick test (a call passes A in 7 words)
def _winners(A, trump, x, y, cb, rb):
    """Top winners hand ``x`` (partner ``y``) can cash, per suit: tricks at A[cb + s], the top
    cards they need at A[rb + s].

    Per suit: the top cards x holds in a row, or all of x's cards when the other three hands
    hold no more than that; in a side suit, no more than an opponent holding trumps can follow."""
    lho = (x + 1) & 3
    rho = (x + 3) & 3
    ltr = 0
    rtr = 0
    if trump < 4:
        ltr = A[_ix(OH + 4 * lho + trump)]
        rtr = A[_ix(OH + 4 * rho + trump)]
    total = 0
    for s in range(4):
        A[_ix(cb + s)] = 0
        A[_ix(rb + s)] = 0
        m = A[_ix(OH + 4 * x + s)]
        if m == 0:
            continue
        n = A[_ix(OC + s)]
        rest = ((np.int64(1) << n) - 1) & ~m
        if rest == 0:
            k = n
        else:
            k = n - 1 - _high(rest)
        if k == 0:
            continue
        l1 = _pop(A[_ix(OH + 4 * lho + s)])
        l3 = _pop(A[_ix(OH + 4 * rho + s)])
        qs = k
        ly = _pop(A[_ix(OH + 4 * y + s)])
        if k >= l1 and k >= l3 and k >= ly:
            qs = _pop(m)
            # x's cards below the others' longest holding win by length: their ranks do not count
            k = max(l1, l3, ly)
        if trump < 4 and s != trump:
            if ltr != 0 and l1 < qs:
                qs = l1
            if rtr != 0 and l3 < qs:
                qs = l3
        if qs > 0:
            A[_ix(cb + s)] = qs
            A[_ix(rb + s)] = ((np.int64(1) << k) - 1) << (n - k)
            total += qs
    return total


@njit(cache=True, _nrt=False)
def _qt_bound(trump, tl, ptr, qtr, p_tr, p_side, q_tr, q_side, with_q, c):
    """Tricks the cashing plan guarantees (-1 if its conditions fail): leader's winners, then,
    with_q, across to partner in suit c and partner's winners."""
    if trump == 4:
        if not with_q:
            return p_tr
        if p_tr + q_tr <= tl:
            return p_tr + q_tr
        return -1
    plain_q = tl - qtr
    plain_p = tl - ptr
    if not with_q:
        if qtr != 0 and p_side > plain_q:
            return p_tr + plain_q  # partner must follow or discard a plain card on each side winner
        return p_tr + p_side
    # partner keeps its winners and never has to ruff while the leader cashes ...
    if plain_q - q_side < p_tr + p_side:
        return -1
    # ... and the leader never has to ruff partner's winners
    cross_plain = 1 if c != trump else 0
    if ptr - p_tr - (1 - cross_plain) > 0 and plain_p - p_side - cross_plain < q_side:
        return -1
    return p_tr + p_side + q_tr + q_side


@njit(cache=True, _nrt=False)
def _quick_tricks(A, trump, p, tl, need):
    """Does the leader ``p``'s side surely take ``need`` tricks by cashing top winners: p's own,
    then (with an entry: a suit where partner holds the top card and p a card) partner's?  Returns the
    tricks of the first plan that takes ``need`` (-1 if none does).

    On success the top cards of the suits used (as few as suffice) are left at OQ..OQ+3."""
    lho = (p + 1) & 3
    pd = (p + 2) & 3
    rho = (p + 3) & 3
    for s in range(4):
        A[_ix(OQ + s)] = 0
    tot_p = _winners(A, trump, p, pd, OQ + 4, OQ + 12)
    ptr = 0
    qtr = 0
    if trump < 4:
        ptr = _pop(A[_ix(OH + 4 * p + trump)])
        qtr = _pop(A[_ix(OH + 4 * pd + trump)])
    # an entry to partner's hand
    c = -1
    for s in range(4):
        if A[ODEBUG] & 4:
            break
        if A[_ix(OH + 4 * p + s)] == 0:
            continue
        n = A[_ix(OC + s)]
        if not (A[_ix(OH + 4 * pd + s)] >> (n - 1)) & 1:
            continue
        if trump < 4 and s != trump:
            if A[_ix(OH + 4 * lho + s)] == 0 and A[_ix(OH + 4 * lho + trump)] != 0:
                continue
            if A[_ix(OH + 4 * rho + s)] == 0 and A[_ix(OH + 4 * rho + trump)] != 0:
                continue
        c = s
        if s != trump:
            break
    tot_q = 0
    if c >= 0:
        tot_q = _winners(A, trump, pd, p, OQ + 8, OQ + 16)
    if tot_p + tot_q < need:
        return -1
    # add suits, biggest first, until the plan guarantees `need` (the leader's own first)
    for with_q in range(2):
        if with_q == 1 and c < 0:
            break
        used = 0
        p_tr = 0
        p_side = 0
        q_tr = 0
        q_side = 0
        if with_q == 1:
            # the entry suit first
            used = 1 << (4 + c)
            if c == trump:
                q_tr = A[_ix(OQ + 8 + c)]
            else:
                q_side = A[_ix(OQ + 8 + c)]
        while True:
            if used != 0 or with_q == 1:
                v = _qt_bound(trump, tl, ptr, qtr, p_tr, p_side, q_tr, q_side, with_q == 1, c)
                if v >= need:
                    for s in range(4):
                        r = 0
                        if (used >> s) & 1:
                            r |= A[_ix(OQ + 12 + s)]
                        if (used >> (4 + s)) & 1:
                            r |= A[_ix(OQ + 16 + s)]
                        A[_ix(OQ + s)] = r
                    return v
            j = -1
            bestc = 0
            for i in range(4 + 4 * with_q):
                if (used >> i) & 1:
                    continue
                cnt = A[_ix(OQ + 4 + i)]
                if cnt > bestc:
                    bestc = cnt
                    j = i
            if j < 0:
                break
            used |= 1 << j
            sj = j & 3
            if j < 4:
                if sj == trump or trump == 4:
                    p_tr += bestc
                else:
                    p_side += bestc
            elif sj == trump or trump == 4:
                q_tr += bestc
            else:
                q_side += bestc
    return -1


@njit(cache=True, _nrt=False, inline="always")
def _dds_take(A, s, bit, q, dec, ltr, rtr):
    """One more trick for the leader's card ``bit`` of suit s, kept among the relevant cards; with ``dec`` (a top
    trump) it draws one trump of each opponent.  Returns (tricks, ltr, rtr)."""
    A[_ix(OQ + s)] |= bit
    if dec:
        ltr = max(0, ltr - 1)
        rtr = max(0, rtr - 1)
    return q + 1, ltr, rtr


@njit(cache=True, _nrt=False)
def _dds_lead_hand(A, s, n, own, cl, cr, cp, hm, hp, q, need, ltr, rtr, side, dec):
    """DDS's QtricksLeadHandNT (``side`` false: no trumps, or the trump suit itself) and QtricksLeadHandTrump
    (a side suit of a trump contract): the leader holds suit s's top card.  Returns (tricks so far, res,
    ltr, rtr): res 1 a cut (tricks >= need), 2 the suit is done, 0 the suit's other rules go on; with ``dec``
    each top trump counted draws one trump of each opponent (ltr, rtr: their trumps)."""
    top = np.int64(1) << (n - 1)
    sec = top >> 1
    # the top card (in a side suit only when no void opponent can ruff), then, when the opponents and partner
    # hold at most one card, the rest of the leader's
    if not side or ((cl != 0 or ltr == 0) and (cr != 0 or rtr == 0)):
        q, ltr, rtr = _dds_take(A, s, top, q, dec, ltr, rtr)
        if q >= need:
            return q, 1, ltr, rtr
        if cl <= 1 and cr <= 1 and cp <= 1 and (not side or (ltr == 0 and rtr == 0)):
            q += own - 1
            return q, 1 if q >= need else 2, ltr, rtr
    if side and (ltr != 0 or rtr != 0):
        # (the second-best rules of a side suit need opponents without trumps)
        return q, 0, ltr, rtr
    # the second card, the leader's, or partner's with two cards each (the short hand crossing back or overtaken);
    # then, when the opponents hold at most two cards, the longer hand's rest
    mine = (hm & sec) != 0
    if n >= 2 and (mine or ((hp & sec) and own > 1 and cp > 1)):
        q, ltr, rtr = _dds_take(A, s, sec, q, dec, ltr, rtr)
        if q >= need:
            return q, 1, ltr, rtr
        if cl <= 2 and cr <= 2 and (cp <= 2 if mine else (cp <= 2 or own <= 2)):
            q += (own if mine else max(own, cp)) - 2
            return q, 1 if q >= need else 2, ltr, rtr
    return q, 0, ltr, rtr


@njit(cache=True, _nrt=False)
def _dds_partner_hand(A, s, n, own, cl, cr, cp, hm, hp, hl, q, need, ltr, rtr, side, comm, cbit):
    """DDS's QuickTricksPartnerHandNT / ...Trump (``side`` as :func:`_dds_lead_hand`): partner holds suit s's
    top card and the leader has an entry to partner (suit ``comm``, card ``cbit``).  Returns (tricks so far,
    res) as :func:`_dds_lead_hand`."""
    top = np.int64(1) << (n - 1)
    sec = top >> 1
    no_tr = not side or (ltr == 0 and rtr == 0)
    if not side or ((cl != 0 or ltr == 0) and (cr != 0 or rtr == 0)):
        A[_ix(OQ + s)] |= top
        A[_ix(OQ + comm)] |= cbit
        q += 1
        if q >= need:
            return q, 1
        if cl <= 1 and cr <= 1 and own <= 1 and no_tr:
            q += cp - 1
            return q, 1 if q >= need else 2
    # the second card, partner's, or the leader's with two cards each (opponents without trumps); then, when the
    # opponents hold at most two cards, the longer hand's rest
    theirs = (hp & sec) != 0
    if n >= 2 and (theirs or ((hm & sec) and cp > 1 and own > 1)):
        if no_tr:
            A[_ix(OQ + s)] |= sec
            A[_ix(OQ + comm)] |= cbit
            q += 1
            if q >= need:
                return q, 1
            if cl <= 2 and cr <= 2 and (own <= 2 if theirs else (own <= 2 or cp <= 2)):
                q += (cp if theirs else max(own, cp)) - 2
                return q, 1 if q >= need else 2
    elif s == comm and n >= 3 and (hl & sec) and (hp & (top >> 2)) and (
            not side or ((cl >= 2 or ltr == 0) and (cr >= 2 or rtr == 0))):
        # partner's A-Q over the left-hand opponent's king, led through from the leader's hand
        A[_ix(OQ + s)] |= top >> 2
        A[_ix(OQ + comm)] |= cbit
        q += 1
        if q >= need:
            return q, 1
        if own <= 2 and cl <= 2 and cr <= 2 and no_tr:
            q += cp - 2
            if q >= need:
                return q, 1
    return q, 0


@njit(cache=True, _nrt=False)
def _dds_quick(A, trump, p, tl, need):
    """DDS's quick tricks (``QuickTricks`` of DDS 2.9 with its lead-hand and partner-hand rules, our own code):
    the leader ``p``'s side cashing from the top, trumps first in a trump contract (each top trump drawing
    one of each opponent's), side suits only while no opponent void in them can ruff, partner's winners
    through an entry, and the top two cards split between the hands counting the longer hand's length
    when the opponents hold at most two each and one of the hands at most two (the short hand's second card
    crosses back or is overtaken: A9876 opposite K7 or KQ, opponents' QT and 54, cash five); in a trump
    contract also a ruff in partner's hand.  Returns the count once it reaches ``need`` (-1 if it does not),
    the cards whose ranks it relied on at OQ..OQ+3.  Only ``count >= need`` is sure: the count itself may pass
    the side's tricks (the card that enters partner's hand counted as a trick too, as DDS counts it)."""
    pd = (p + 2) & 3
    lho = (p + 1) & 3
    rho = (p + 3) & 3
    for s in range(4):
        A[_ix(OQ + s)] = 0
    ltr = 0
    rtr = 0
    if trump < 4:
        ltr = _pop(A[_ix(OH + 4 * lho + trump)])
        rtr = _pop(A[_ix(OH + 4 * rho + trump)])
    # (opponents' trumps that the count draws with the side's top trumps: a side suit's count then rests on
    # those top trumps, which stay among the relevant cards)
    drawn = ltr != 0 or rtr != 0
    # the entry to partner: a suit where partner holds the top card and p a card, or p the top card and
    # partner the second, each with two cards or more (in a side suit, one no void opponent can ruff)
    comm = -1
    cbit = np.int64(0)
    for s in range(4):
        n = A[_ix(OC + s)]
        if n == 0 or s == trump:
            continue
        top = np.int64(1) << (n - 1)
        hm = A[_ix(OH + 4 * p + s)]
        hp = A[_ix(OH + 4 * pd + s)]
        safe = trump == 4 or ((A[_ix(OH + 4 * lho + s)] != 0 or ltr == 0)
                              and (A[_ix(OH + 4 * rho + s)] != 0 or rtr == 0))
        if hp & top:
            if hm != 0 and safe:
                comm = s
                cbit = top
                break
        elif n >= 2 and (hm & top) and (hp & (top >> 1)) and _pop(hm) >= 2 and _pop(hp) >= 2 and safe:
            comm = s
            cbit = top >> 1
            break
    if trump < 4 and comm < 0 and A[_ix(OC + trump)] > 0 and A[_ix(OH + 4 * p + trump)] != 0:
        top = np.int64(1) << (A[_ix(OC + trump)] - 1)
        if A[_ix(OH + 4 * pd + trump)] & top:
            comm = trump
            cbit = top
    q = 0
    lowq = 0
    for i in range(4):
        s = i
        if trump < 4:
            # the trump suit first, then the others in order
            s = trump if i == 0 else (i - 1 if i - 1 < trump else i)
        side = trump < 4 and s != trump
        n = A[_ix(OC + s)]
        hm = A[_ix(OH + 4 * p + s)]
        hp = A[_ix(OH + 4 * pd + s)]
        hl = A[_ix(OH + 4 * lho + s)]
        own = _pop(hm)
        cp = _pop(hp)
        cl = _pop(hl)
        cr = _pop(A[_ix(OH + 4 * rho + s)])
        opps = cl | cr
        if opps == 0 and cp == 0:
            if own == 0:
                continue
            # the leader alone holds the suit: every card a trick, whatever the ranks (a side suit only when
            # the opponents have no trumps left)
            if not side or (ltr == 0 and rtr == 0):
                q += own
                if q >= need:
                    return q
            continue
        if opps == 0 and trump < 4 and not side:
            # only the side holds trumps: the longer holding, and a ruff in the hand with fewer trumps
            sm = max(own, cp)
            if own >= cp:
                for s2 in range(4):
                    if s2 != trump and A[_ix(OH + 4 * p + s2)] != 0 and A[_ix(OH + 4 * pd + s2)] == 0:
                        sm += 1
                        break
            if sm >= need:
                for k in range(4):
                    A[_ix(OQ + k)] = 0
                return sm
        elif opps == 0 and (not side or (ltr == 0 and rtr == 0)):
            if min(own, cp) >= need:
                # only the side holds the suit: the shorter holding's count is sure; nothing else matters unless
                # the opponents' trumps had to be drawn first
                if not side or not drawn:
                    for k in range(4):
                        A[_ix(OQ + k)] = 0
                return min(own, cp)
        if comm >= 0:
            if opps == 0 and own == 0:
                if not side or (ltr == 0 and rtr == 0):
                    q += cp
                    A[_ix(OQ + comm)] |= cbit
                    if q >= need:
                        return q
                continue
            if opps == 0 and trump < 4 and not side:
                sm = max(own, cp)
                if own <= cp:
                    for s2 in range(4):
                        if s2 != trump and A[_ix(OH + 4 * pd + s2)] != 0 and A[_ix(OH + 4 * p + s2)] == 0:
                            sm += 1
                            break
                if sm >= need:
                    for k in range(4):
                        A[_ix(OQ + k)] = 0
                    A[_ix(OQ + comm)] = cbit
                    return sm
        if n == 0:
            continue
        top = np.int64(1) << (n - 1)
        res = 0
        if hm & top:
            q, res, ltr, rtr = _dds_lead_hand(A, s, n, own, cl, cr, cp, hm, hp, q, need, ltr, rtr, side,
                                              trump < 4 and s == trump and s != comm)
        elif (hp & top) and comm >= 0:
            q, res = _dds_partner_hand(A, s, n, own, cl, cr, cp, hm, hp, hl, q, need, ltr, rtr, side, comm, cbit)
        if res == 1:
            return q
        if res == 2:
            continue
        if side and own > 0 and lowq == 0:
            tn = A[_ix(OC + trump)]
            side_tops = (hm | hp) & top
            side_trump_top = tn > 0 and ((A[_ix(OH + 4 * p + trump)] | A[_ix(OH + 4 * pd + trump)]) >> (tn - 1)) & 1
            ptr = A[_ix(OH + 4 * pd + trump)]
            if (q == 0 or (side_tops == 0 and not side_trump_top)) and cp == 0 and ptr != 0:
                # a ruff in partner's hand (DDS's lowest quick trick): partner void in the suit, with trumps
                lt = A[_ix(OH + 4 * lho + trump)]
                rt = A[_ix(OH + 4 * rho + trump)]
                if (cr > 0 or rt == 0) and (cl > 0 or lt == 0):
                    lowq = 1
                    if need <= 1:
                        return 1
                    continue
                beats = (cl == 0 and cr == 0 and (lt | rt) < ptr) or (
                    cl == 0 and cr != 0 and lt < ptr) or (cr == 0 and cl != 0 and rt < ptr)
                if beats:
                    lowq = 1
                    A[_ix(OQ + trump)] |= np.int64(1) << _high(ptr)
                    if need <= 1:
                        return 1
                continue
        if q >= need:
            return q
    return -1


@njit(cache=True, _nrt=False, inline="always")
def _counted_cut(A, rd, fv, need, ns, tl):
    """A trick-start bound's cut: when the leader's side counted ``fv`` >= ``need`` tricks, the search's value
    (fail-soft: the whole count) with the counted cards (at OQ) as the relevant set at ``rd``; else -1."""
    if fv < need:
        return np.int64(-1)
    A[OST + 3] += 1
    for s in range(4):
        A[_ix(rd + s)] = A[_ix(OQ + s)]
    return fv if ns else tl - fv


@njit(cache=True, _nrt=False)
def _qt_second_hand(A, trump, tl, p, rd):
    """Second hand's side's sure tricks from here: this trick, when it holds the card that beats the
    lead and third hand (who cannot ruff) or can ruff while third hand must follow; in no trumps
    also the winner's next top cards.  The cards it relies on are written at rd."""
    for s in range(4):
        A[_ix(rd + s)] = 0
    tb = OT + 16 * tl
    ls = A[_ix(tb)]
    lb = A[_ix(tb + 4)]
    third = (p + 1) & 3
    q = (p + 2) & 3
    hp = A[_ix(OH + 4 * p + ls)]
    hq = A[_ix(OH + 4 * q + ls)]
    h3 = A[_ix(OH + 4 * third + ls)]
    third_ruffs = trump < 4 and ls != trump and h3 == 0 and A[_ix(OH + 4 * third + trump)] != 0
    if trump < 4 and ls != trump and ((hp == 0 and A[_ix(OH + 4 * p + trump)] != 0) or
                                      (hq == 0 and A[_ix(OH + 4 * q + trump)] != 0)):
        # our side ruffs; third hand cannot overruff if it must follow suit
        if h3 == 0:
            return 0
        return 1
    top = _high(hp | hq)
    if top <= lb or top <= _high(h3) or third_ruffs:
        return 0
    A[_ix(rd + ls)] = np.int64(1) << top
    if trump < 4:
        return 1
    # no trumps: the hand winning this trick leads next and cashes its top cards
    hh = p if (hp >> top) & 1 else q
    x = A[_ix(OH + 4 * hh + ls)]
    n = A[_ix(OC + ls)]
    qt = 1
    if top == n - 1 and n >= 2 and (x >> (n - 2)) & 1:
        qt += 1
        A[_ix(rd + ls)] |= np.int64(1) << (n - 2)
    for s in range(4):
        if s == ls:
            continue
        y = A[_ix(OH + 4 * hh + s)]
        if y == 0:
            continue
        others = (A[_ix(OH + 4 * ((hh + 1) & 3) + s)] | A[_ix(OH + 4 * ((hh + 2) & 3) + s)]
                  | A[_ix(OH + 4 * ((hh + 3) & 3) + s)])
        if others == 0:
            qt += _pop(y)
        elif _high(y) > _high(others):
            qt += 1
            A[_ix(rd + s)] |= np.int64(1) << _high(y)
    return qt


@njit(cache=True, _nrt=False)
def _top_trump_run(A, trump):
    """(seat, k): the seat holding the top trump and the tricks its side's top trumps surely take:
    the top trumps in a row held by either hand of the side, at most the longer hand's trumps
    (bridge-solver's top trump tricks: the longer hand never has to crash two of them together)."""
    n = A[_ix(OC + trump)]
    if n == 0:
        return -1, 0
    for x in range(4):
        m = A[_ix(OH + 4 * x + trump)]
        if m >> (n - 1) & 1:
            q = A[_ix(OH + 4 * ((x + 2) & 3) + trump)]
            y = ((np.int64(1) << n) - 1) & ~(m | q)
            k = n if y == 0 else n - 1 - _high(y)
            longer = max(_pop(m), _pop(q))
            return x, min(k, longer)
    return -1, 0


@njit(cache=True, _nrt=False)
def _slow_trump_trick(A, trump, my, leading, tl):
    """Trumps the side of ``my`` (the side's seat playing first in this trick) surely makes one trick
    with though the other side holds the top trump(s) (bridge-solver's slow trump tricks): a guarded
    second trump sitting over the ace (a third-ranked trump with two guards over ace-king).  The
    hand plays after the holder of the top trumps in every trick it does not lead, and leads only
    once its side has won a trick (``leading``: my leads now, so it needs cards to spare).  Also
    king-queen in one hand against the ace (the ace can take only one of them: bridge-solver's rule
    takes them in either hand, which a trump lead crashing singleton king and queen under the ace
    refutes).  Returns how many top trumps the trick relies on (2 or 3), 0 when none."""
    n = A[_ix(OC + trump)]
    if n < 3:
        return 0
    lho = (my + 1) & 3
    pd = (my + 2) & 3
    rho = (my + 3) & 3
    a = np.int64(1) << (n - 1)
    k = np.int64(1) << (n - 2)
    hm = A[_ix(OH + 4 * my + trump)]
    hp = A[_ix(OH + 4 * pd + trump)]
    hl = A[_ix(OH + 4 * lho + trump)]
    hr = A[_ix(OH + 4 * rho + trump)]
    q3 = np.int64(1) << (n - 3)
    if (hp & k) and _pop(hp) >= 2 and (hl & a):
        return 2
    if ((hm & k and hm & q3) or (hp & k and hp & q3)) and (hl | hr) & a:
        # king-queen in one hand against the ace: the ace takes one of them, never both
        return 3
    if (hm & k) and _pop(hm) >= 2 and (hr & a) and (not leading or tl >= 3):
        return 2
    if n >= 5:
        q = np.int64(1) << (n - 3)
        if (hp & q) and _pop(hp) >= 3 and (hl & (a | k)) == (a | k):
            return 3
        if (hm & q) and _pop(hm) >= 3 and (hr & (a | k)) == (a | k) and (not leading or tl >= 4):
            return 3
    return 0


@njit(cache=True, _nrt=False)
def _last_trick(A, leader, trump, rd):
    """One card in each hand: does North-South win the last trick?  Writes the relevant set."""
    ws = -1
    wb = -1
    wx = leader
    nsuit = 0
    for s in range(4):
        A[_ix(rd + s)] = 0
    ls = -1
    for i in range(4):
        x = (leader + i) & 3
        for s in range(4):
            m = A[_ix(OH + 4 * x + s)]
            if m != 0:
                b = _high(m)
                if i == 0:
                    ls = s
                if i == 0 or _beats(s, b, ws, wb, trump):
                    ws = s
                    wb = b
                    wx = x
                break
    # the winner won by rank only if another card of its suit was played
    for i in range(4):
        x = (leader + i) & 3
        if x != wx and A[_ix(OH + 4 * x + ws)] != 0:
            nsuit += 1
    if nsuit > 0:
        A[_ix(rd + ws)] = np.int64(1) << wb
    _ = ls
    return (wx & 1) == 0


# --------------------------------------------------------------------------------------------
# move generation and ordering
@njit(cache=True, _nrt=False)
def _owner(A, s, b):
    """Seat holding packed bit b of suit s (-1 if none: on the table or b < 0)."""
    if b < 0:
        return -1
    bit = np.int64(1) << b
    for x in range(4):
        if A[_ix(OH + 4 * x + s)] & bit:
            return x
    return -1


@njit(cache=True, _nrt=False)
def _run_top(x, b):
    """Highest bit of the run of consecutive bits of x starting at bit b (the count of the set bits right
    above b, by the lowest clear bit: no loop)."""
    return b + _low64(~(x >> (b + 1)))


@njit(cache=True, _nrt=False)
def _gen_lead(A, trump, p, d, best, killer, tl):
    """Leads of ``p`` (one per run of equivalent cards), weighted: cash or set up winners, lead
    through strength, prefer suits where the opponents have few cards (a smaller tree); the
    table's best move and the last cut-off move at this depth (killer) come first.  ``killer`` is in the root's
    packing (:func:`_killer_out`; -1 none), translated here: a call site fewer in :func:`_search`.

    Within a suit the weights add or subtract DDS's *relative* rank of the run's top card (``relRank`` in
    its ``Init.cpp``: 1 for the suit's highest card in play, 2 for the next, ...), so where DDS adds it the
    lower cards come first (low towards partner's winners, not the jack from J-x-x under the ace-king)."""
    killer = _killer_in(A, killer, tl)  # (kept in the root's packing)
    lho = (p + 1) & 3
    pd = (p + 2) & 3
    rho = (p + 3) & 3
    n = 0
    mb = OM + 16 * d
    wbase = OW + 16 * d
    nt = trump == 4
    ptr = 0
    qtr = 0
    ltr = 0
    rtr = 0
    if not nt:
        ptr = A[_ix(OH + 4 * p + trump)]
        qtr = A[_ix(OH + 4 * pd + trump)]
        ltr = A[_ix(OH + 4 * lho + trump)]
        rtr = A[_ix(OH + 4 * rho + trump)]
    for s in range(4):
        x = A[_ix(OH + 4 * p + s)]
        if x == 0:
            continue
        c = A[_ix(OC + s)]
        hl = A[_ix(OH + 4 * lho + s)]
        hr = A[_ix(OH + 4 * rho + s)]
        hq = A[_ix(OH + 4 * pd + s)]
        len_l = _pop(hl)
        len_r = _pop(hr)
        len_q = _pop(hq)
        o1 = _owner(A, s, c - 1)
        o2 = _owner(A, s, c - 2)
        o3 = _owner(A, s, c - 3)
        cl = 4 * (len_l if len_l != 0 else tl + 1)
        cr = 4 * (len_r if len_r != 0 else tl + 1)
        part_wins = _high(hq) > _high(hl | hr)
        if nt:
            sw = -(((cl + cr) << 5) // 19)
            if len_q == 0:
                sw -= 9
        else:
            sw = -(((cl + cr) << 5) // 13)
            side = s != trump
            if side and ((hl == 0 and ltr != 0) or (hr == 0 and rtr != 0)):
                sw -= 12  # an opponent can ruff
            if side and hq == 0 and qtr != 0 and hr != 0:
                sw += 17  # partner can ruff
            if o1 == rho or o2 == rho:
                if len_r != 1:
                    sw -= 12
            elif o1 == lho and o2 == pd:
                if len_q != 1:
                    sw += 27
            if side and _pop(x) == 1 and ptr != 0 and len_q > 1 and o1 == pd:
                sw += 19  # partner wins and gives a ruff
        reps = x & ~(x << 1)
        while reps != 0:
            b = _high(reps)
            reps ^= np.int64(1) << b
            bt = _run_top(x, b)
            seq = bt > b
            mv = (s << 4) | b
            hit_killer = killer >= 0 and (killer >> 4) == s and b <= (killer & 15) <= bt
            hit_best = best >= 0 and (best >> 4) == s and b <= (best & 15) <= bt
            delta = sw
            rr = c - bt  # DDS's relative rank of the run's top card: 1 for the suit's highest card in play
            if nt:
                if bt == c - 1 or part_wins:
                    if o2 == rho:
                        if len_r != 1:
                            delta -= 1
                    elif o2 == lho:
                        delta += 22 if len_l != 1 else 16
                    if (o2 != lho or len_l == 1) and (o2 != rho or len_r == 1):
                        w = delta + 45 + rr
                    else:
                        w = delta + 18 + rr
                    if hit_killer:
                        # the killer first among the leads that cash or lead towards winners (DDS's +126 let a
                        # suit's length term outweigh it; 170 and more measured -0.2% / -0.7% nodes on dd_seeds'
                        # solves / tables, seeds 4-6 -0.5% / -0.1%: twentieth session, dd27)
                        w += 170
                    elif hit_best:
                        w += 32
                else:
                    if o1 == rho or o2 == rho:
                        if len_r != 1:
                            delta -= 10
                    elif o1 == lho and o2 == pd:
                        if len_q != 1:
                            delta += 31
                    if o2 == pd and o3 == pd:
                        delta += 35
                    elif len_q > 1 and ((o2 == p and o3 == pd) or (o2 == pd and o3 == p)):
                        delta += 25
                    if (len_l == 1 and o1 == lho) or (len_r == 1 and o1 == rho):
                        w = delta + 28 + rr
                    elif o1 == p:
                        w = delta - 17 + rr
                    elif not seq:
                        w = delta + 12 + rr
                    elif bt == c - 2:
                        w = delta + 48
                    else:
                        w = delta + 29 - rr
                    if hit_killer:
                        w += 47
                    elif hit_best:
                        w += 19
            else:
                win = False
                side = s != trump
                if bt == c - 1:
                    if not side:
                        win = True
                    elif hq != 0 or qtr == 0:
                        win = (hl != 0 or ltr == 0) and (hr != 0 or rtr == 0)
                    else:
                        qh = _high(qtr)
                        win = (hl != 0 or qh > _high(ltr)) and (hr != 0 or qh > _high(rtr))
                elif part_wins:
                    win = (not side) or ((hl != 0 or ltr == 0) and (hr != 0 or rtr == 0))
                elif side and hq == 0 and qtr != 0:
                    if hl == 0 and ltr != 0 and hr == 0 and rtr != 0:
                        win = _high(qtr) > _high(ltr | rtr)
                    elif hl == 0 and ltr != 0:
                        win = _high(qtr) > _high(ltr)
                    elif hr == 0 and rtr != 0:
                        win = _high(qtr) > _high(rtr)
                    else:
                        win = True
                if win:
                    if (len_l == 1 and o1 == lho) or (len_r == 1 and o1 == rho):
                        w = delta + 35 + rr
                    elif o1 == p:
                        if o2 == pd:
                            w = delta + 48 + rr
                        elif bt == c - 1:
                            w = delta + 31
                        else:
                            w = delta - 3 + rr
                    elif o1 == pd:
                        w = delta + (42 if o2 == p else 28) + rr
                    elif seq and bt == c - 2:
                        w = delta + 40
                    elif seq:
                        w = delta + 22 + rr
                    else:
                        w = delta + 11 + rr
                    if hit_killer:
                        w += 55
                    elif hit_best:
                        w += 18
                else:
                    if o2 == pd and o3 == pd:
                        delta += 20
                    elif len_q > 1 and ((o2 == p and o3 == pd) or (o2 == pd and o3 == p)):
                        delta += 13
                    if (len_l == 1 and o1 == lho) or (len_r == 1 and o1 == rho):
                        w = delta + rr + 2
                    elif o1 == p:
                        if o2 == pd:
                            w = delta + 33 + rr
                        elif bt == c - 1:
                            w = delta + 38
                        else:
                            w = delta - 14 + rr
                    elif o1 == pd:
                        w = delta + 34 + rr
                    elif seq and bt == c - 2:
                        w = delta + 35
                    else:
                        w = delta + 17 - bt
                    if hit_killer:
                        w += 18
            A[_ix(mb + n)] = mv
            A[_ix(wbase + n)] = w
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _gen_follow(A, trump, tl, ply, p, d):
    """Cards of the player in second, third or fourth seat, weighted by bridge-solver's follower rules
    (``OrderCards`` in its ``solver.cc``), which measured 22% fewer nodes on 30 tables and 19% on 150
    single solves than DDS-style weights.  Following suit: low unless p must take the trick -- a second hand
    whose partner can win later, a third hand whose partner (the leader) is winning unless fourth hand can
    beat it, play low; otherwise the cheapest winner first when it beats every card of the next hand, else
    the highest first -- except a third hand in no trumps whose every card the fourth hand tops: it plays
    low, the cheapest card that forces the fourth hand's top card out first (DDS's ``RankForcesAce``), and a
    third hand that plays its highest first tries its cheapest card above the fourth hand's before it; and a
    second hand in no trumps that must take the trick follows DDS's weights (the cheapest card that wins it,
    else a run of two or more split, cards that can make no difference lowest).  Void:
    the trump that wins (the cheapest overruff, or the lowest trump when the next
    hand follows or has no trumps, or every trump low first when it may overruff; none when partner wins
    surely), then each side suit's lowest card, the longest suit first, then the other cards, highest
    first.  The winning card's run is what counts: a move stands for its run of equivalent cards."""
    tb = OT + 16 * tl
    ls = A[_ix(tb)]
    wpos = A[_ix(tb + 8 + ply)]
    ws = A[_ix(tb + wpos)]
    wb = A[_ix(tb + 4 + wpos)]
    nt = trump == 4
    mb = OM + 16 * d
    wbase = OW + 16 * d
    n = 0
    x = A[_ix(OH + 4 * p + ls)]
    nxt = (p + 1) & 3  # plays after p (an opponent)
    if x != 0:
        reps = x & ~(x << 1)
        top = _high(x)
        hn = A[_ix(OH + 4 * nxt + ls)] if ply < 3 else 0  # the next hand's cards in the suit led
        maxn = _high(hn)
        # how p follows: 1 every card low first, 2 the cheapest card above the winning one first, 3 the highest
        how = 1
        force = -1  # a card (its run) tried first, before the others low (see below)
        lowp = -1  # (how 4) the lowest card of partner's and of the next hand's in the suit led
        lown = -1
        if ws == ls and top > wb:
            if ply == 1:
                h4 = A[_ix(OH + 4 * ((p + 2) & 3) + ls)]  # partner, fourth hand
                max4 = _high(h4)
                if max4 > wb:
                    lo = min(max4, top)
                    hi = max(max4, top)
                    between = hn & ((np.int64(1) << hi) - 1) & ~((np.int64(1) << (lo + 1)) - 1)
                    if not ((maxn > hi and between == 0) or hn == 0 or max4 > maxn):
                        how = 0
                else:
                    how = 0
            elif ply == 2:
                between = hn & ((np.int64(1) << top) - 1) & ~((np.int64(1) << (wb + 1)) - 1)
                if not (wpos == 0 and (hn == 0 or wb > maxn or between == 0)):
                    how = 0
            elif wpos != 1:
                how = 0
            if how == 0 and ply == 2 and nt and maxn > top:
                # the fourth hand tops every card of ours: low, but first the cheapest card that forces its top
                # out -- one above its second card when that beats the card winning now, else (second hand
                # winning) the cheapest card above the winning one (DDS's RankForcesAce)
                how = 1
                sec = _high(hn & ~(np.int64(1) << maxn))
                lim = sec if sec > wb else (wb if wpos == 1 else 99)
                if lim < 99 and sec >= 0:
                    force = _low(x & ~((np.int64(1) << (lim + 1)) - 1))
            if how == 0 and ply == 1 and nt:
                # a second hand in no trumps whose partner cannot win: DDS's weights (WeightAllocNTNotvoid1; below)
                how = 4
                hp = A[_ix(OH + 4 * ((p + 2) & 3) + ls)]
                if hp != 0:
                    lowp = _low(hp)
                if hn != 0:
                    lown = _low(hn)
            if how == 0:
                above = (x >> (wb + 1)) << (wb + 1)
                how = 2 if (hn == 0 or _low(above) > maxn) else 3
                if how == 3 and ply == 2:
                    # a third hand's cheapest card above the next hand's (and the winning card) first, then the
                    # highest (DDS tries its cheapest sure winner first: A-J-9 over a singleton ten, the jack)
                    force = _low(x & ~((np.int64(1) << (max(maxn, wb) + 1)) - 1))
        while reps != 0:
            b = _high(reps)
            reps ^= np.int64(1) << b
            bt = _run_top(x, b)
            if b <= force <= bt:
                w = 100
            elif how == 4:
                # DDS's weights with its ranks read as rank = bt + 15 - c, relative rank rr = c - bt (1 = the top)
                c = A[_ix(OC + ls)]
                rr = c - bt
                if bt > wb and bt > maxn:
                    w = 66 + rr  # wins the trick: the cheapest such card first
                elif bt < lown or bt < lowp:
                    w = -3 + rr  # below every card of the next hand or of partner's: no difference, lowest first
                elif bt < wb:
                    w = -11 + rr  # cannot beat the card led
                elif bt > b:
                    w = 10 + rr  # a run of two or more: split it
                else:
                    w = c - 2 - bt
            elif how == 1 or bt < wb:
                w = -bt
            elif how == 2:
                w = 100 - bt
            else:
                w = 50 + bt
            A[_ix(mb + n)] = (ls << 4) | b
            A[_ix(wbase + n)] = w
            n += 1
        return n
    # void in the suit led: ruffs and discards
    ruffs = not nt and A[_ix(OH + 4 * p + trump)] != 0
    hn = A[_ix(OH + 4 * nxt + ls)] if ply < 3 else 0
    tr_nxt = A[_ix(OH + 4 * nxt + trump)] if not nt else 0
    for s in range(4):
        y = A[_ix(OH + 4 * p + s)]
        if y == 0 or s == ls:
            continue
        reps = y & ~(y << 1)
        while reps != 0:
            b = _high(reps)
            reps ^= np.int64(1) << b
            bt = _run_top(y, b)
            if ruffs and s == trump:
                if wpos == ply - 2 and (ply == 3 or (hn != 0 and (ws == trump or wb > _high(hn)))):
                    w = bt - 100  # partner wins surely: trumps among the other cards
                elif ws == trump:
                    w = (300 - bt) if (bt > wb and wpos != ply - 2) else bt - 100  # overruff cheaply
                elif ply == 3 or hn != 0 or tr_nxt == 0:
                    w = 300 if b == _low(y) else bt - 100  # the lowest trump wins
                else:
                    w = 300 - bt  # the next hand may overruff: every trump, low first
            else:
                # each suit's lowest card, the longest suit first, before any higher card, those highest first; in
                # trump contracts length counts less (2 a card) and the lowest cards go by their place in the suit
                # (DDS weighs discards -rank + 2.7 a card): dd_seeds.py tables -1.2%, seeds 4-6 -0.2%
                if b != _low(y):
                    w = bt - 100
                elif nt:
                    w = 200 + 8 * _pop(y)
                else:
                    w = 200 + 2 * _pop(y) - b
            A[_ix(mb + n)] = (s << 4) | b
            A[_ix(wbase + n)] = w
            n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")  # inlined: called at every node (a call passes A's seven words)
def _cut_context(A, trump, tl, ply, p):
    """Hash of the context of a cut-off card (see DEFAULT_CUT_LOG2); never 0."""
    hb = OH + 4 * p
    cnts = A[OC] | (A[OC + 1] << 4) | (A[OC + 2] << 8) | (A[OC + 3] << 12)
    if ply == 0:
        k1 = A[_ix(hb)] | (A[_ix(hb + 1)] << 13) | (A[_ix(hb + 2)] << 26) | (A[_ix(hb + 3)] << 39)
        k2 = cnts | (np.int64(p) << 16)
    else:
        tb = OT + 16 * tl
        ls = A[_ix(tb)]
        wpos = A[_ix(tb + 8 + ply)]
        win = A[_ix(tb + 4 + wpos)] | (A[_ix(tb + wpos)] << 4) | (np.int64(wpos) << 6)
        win |= (np.int64(ply) << 8) | (np.int64(p) << 10)
        if A[_ix(hb + ls)] != 0:
            k1 = A[_ix(hb + ls)] | (A[_ix(OC + ls)] << 13) | (np.int64(ls) << 17) | (np.int64(1) << 19)
            k2 = win
        else:
            k1 = (A[_ix(hb)] | (A[_ix(hb + 1)] << 13) | (A[_ix(hb + 2)] << 26) | (A[_ix(hb + 3)] << 39)
                  | (np.int64(1) << 60))
            k2 = win | (cnts << 12)
            if trump == 4:
                # a discard in no trumps: who is winning counts, not with which card (bridge-solver's context)
                k2 &= ~np.int64(0x3F)
    # the strain too: a table's strains then keep their own cut-off cards (bridge-solver empties its
    # cache between strains; 5.7% fewer nodes on 30 tables than one context for all strains)
    k2 |= np.int64(trump) << 40
    h = _hash(k1 ^ _hash(k2 + 0x9E3779B9))
    if h == 0:
        h = 1
    return h


@njit(cache=True, _nrt=False, inline="always")  # inlined: 3-5% faster than a call
def _cut_get(tt, h):
    """The cut-off card cache's word for context h (0 if none): a context has a set of four slots (fewer
    in a cache of fewer), half a cache line, tried most recent first."""
    w = np.int64(4) if tt[TT_CUTS_LOG2] >= 2 else np.int64(1) << tt[TT_CUTS_LOG2]
    i = tt[TT_CUTS] + (h & ((np.int64(1) << tt[TT_CUTS_LOG2]) - w))
    for k in range(w):
        e = tt[_ix(i + k)]
        if e != 0 and (e ^ h) & CUT_CHECK == 0:
            return e
    return np.int64(0)


@njit(cache=True, _nrt=False, inline="always")  # inlined: 3-5% faster than a call
def _cut_put(tt, h, mv):
    """Keep mv as context h's cut-off card, first of its four slots (the least recent one goes)."""
    w = np.int64(4) if tt[TT_CUTS_LOG2] >= 2 else np.int64(1) << tt[TT_CUTS_LOG2]
    i = tt[TT_CUTS] + (h & ((np.int64(1) << tt[TT_CUTS_LOG2]) - w))
    v = (h & CUT_CHECK) | mv
    k = 0
    while k < w - 1:
        e = tt[_ix(i + k)]
        if e != 0 and (e ^ h) & CUT_CHECK == 0:
            break
        k += 1
    while k > 0:
        tt[_ix(i + k)] = tt[_ix(i + k - 1)]
        k -= 1
    tt[_ix(i)] = v


@njit(cache=True, _nrt=False, inline="always")
def _cut_prefetch(tt, h):
    """Fetch context h's set of slots (:func:`_cut_get`) into the cache ahead of its read: the cut-off card
    cache is read at random, and that load was the search's costliest single instruction."""
    w = np.int64(4) if tt[TT_CUTS_LOG2] >= 2 else np.int64(1) << tt[TT_CUTS_LOG2]
    _prefetch(tt, tt[TT_CUTS] + (h & ((np.int64(1) << tt[TT_CUTS_LOG2]) - w)))


@njit(cache=True, _nrt=False)
def _cut_bonus(A, tt, h, p, d, n, bonus):
    """Raise the weight of the generated move whose run holds the cached cut-off card of context h."""
    e = _cut_get(tt, h)
    if e == 0:
        return
    cm = e & 0xFF
    cs = cm >> 4
    cb = cm & 15
    mb = OM + 16 * d
    for i in range(n):
        mv = A[_ix(mb + i)]
        if (mv >> 4) != cs:
            continue
        b = mv & 15
        if b <= cb <= _run_top(A[_ix(OH + 4 * p + cs)], b):
            A[_ix(OW + 16 * d + i)] += bonus
            return


@njit(cache=True, _nrt=False)
def _cut_move(A, tt, h, p, ls):
    """The cached cut-off card of context h as a generated move (its run's lowest card), if p may
    play it now (it holds the card, of the suit led ``ls`` unless void there); else -1."""
    e = _cut_get(tt, h)
    if e == 0:
        return np.int64(-1)
    cm = e & 0xFF
    cs = cm >> 4
    cb = cm & 15
    x = A[_ix(OH + 4 * p + cs)]
    if not (x >> cb) & 1:
        return np.int64(-1)
    if cs != ls and A[_ix(OH + 4 * p + ls)] != 0:
        return np.int64(-1)
    while cb > 0 and (x >> (cb - 1)) & 1:
        cb -= 1
    return (cs << 4) | cb


@njit(cache=True, _nrt=False, inline="always")
def _sort_moves(A, d, n):
    mb = OM + 16 * d
    wbase = OW + 16 * d
    for i in range(1, n):
        mv = A[_ix(mb + i)]
        w = A[_ix(wbase + i)]
        j = i - 1
        while j >= 0 and A[_ix(wbase + j)] < w:
            A[_ix(mb + j + 1)] = A[_ix(mb + j)]
            A[_ix(wbase + j + 1)] = A[_ix(wbase + j)]
            j -= 1
        A[_ix(mb + j + 1)] = mv
        A[_ix(wbase + j + 1)] = w


# --------------------------------------------------------------------------------------------
# the search
@njit(cache=True, _nrt=False, inline="always")
def _killers_reset(A, tl):
    """No killer at the depths a search from tl tricks left reaches (d = 4 tl + ply), and tl as the root whose
    packing they are kept in (:func:`_killer_out`): every set-up of a root (``_setup``, ``ddpacked``'s) calls it."""
    for k in range(4 * tl + 4):
        A[_ix(OK + k)] = -1
    A[OROOT] = tl


@njit(cache=True, _nrt=False, inline="always")  # inlined: a call passes A in seven words
def _killer_out(A, mv, tl):
    """A lead ``mv`` of the trick with tl tricks left as a card of the root's packing (the tricks played since
    the root put back in: the same card whatever else has left play since, as DDS's killers are absolute ranks)."""
    s = mv >> 4
    b = mv & 15
    for k in range(tl + 1, A[OROOT] + 1):
        q = (A[_ix(OT + 16 * k + 13)] >> (16 * s)) & 0x1FFF
        while q != 0:  # the trick's cards of the suit back in, lowest first
            cb = _low(q)
            if cb > b:
                break
            q ^= np.int64(1) << cb
            b += 1
    return (s << 4) | b


@njit(cache=True, _nrt=False, inline="always")
def _killer_in(A, kv, tl):
    """A killer of the root's packing (:func:`_killer_out`) in the packing of tl tricks left, -1 if the card
    has left play."""
    if kv < 0:
        return kv
    s = kv >> 4
    b = kv & 15
    for k in range(A[OROOT], tl, -1):
        q = (A[_ix(OT + 16 * k + 13)] >> (16 * s)) & 0x1FFF
        if (q >> b) & 1:
            return np.int64(-1)
        b -= _pop(q & ((np.int64(1) << b) - 1))
    return (s << 4) | b


@njit(cache=True, _nrt=False)
def _reinsert(A, m, q):
    """The mask ``m`` of a suit with a bit opened at each bit of ``q`` (the suit's cards of a trick, put back
    into play), lowest first, so that each lands where it was before the trick left play."""
    while q != 0:
        cb = _low(q)
        q ^= np.int64(1) << cb
        low = (np.int64(1) << cb) - 1
        m = (m & low) | ((m & ~low) << 1)
    return m


@njit(cache=True, _nrt=False, inline="always")
def _run_up(x, b):
    """The run of equivalent cards in holding ``x`` (one suit, packed) from bit ``b`` up: its cards from ``b`` to the
    first bit not in ``x`` (empty when ``x`` lacks bit ``b``)."""
    return x & ~(x + (np.int64(1) << b))


@njit(cache=True, _nrt=False)
def _search(A, tt, trump, tl, ply, t, only, ch):
    """Can North-South take >= t of the tl remaining tricks?  ``only`` >= 0 restricts the first move to that
    one (a move as the move generators make it: its run of equivalent cards' lowest card).
    ``ch``: the node's cut-off card context (:func:`_cut_context`) when the caller has computed it (and
    prefetched its slots), else 0.

    Fail-soft: returns v with North-South >= v proven when v >= t, <= v proven when v < t (so a
    search can tell more than it was asked, and the table keeps the stronger bound).
    Leaves the relevant set of the answer at ``OR + 4 * (4 tl + ply)``."""
    A[OST] += 1
    A[_ix(OPROF + 4 * tl + ply)] += 1
    tb = OT + 16 * tl
    leader = A[_ix(tb + 8)]
    p = (leader + ply) & 3
    ns = (p & 1) == 0
    d = 4 * tl + ply
    rd = OR + 4 * d
    best = -1
    key = np.int64(0)
    ks = np.int64(0)
    c0 = np.int64(0)
    c1 = np.int64(0)
    c2 = np.int64(0)
    c3 = np.int64(0)
    lazy = np.int64(-1)
    if ply == 0:
        if trump < 4 and A[_ix(OC + trump)] == 0:
            # no trumps left: a no-trump position (its table entries then serve every strain)
            trump = np.int64(4)
        if t <= 0 or t > tl:
            A[_ix(rd)] = 0
            A[_ix(rd + 1)] = 0
            A[_ix(rd + 2)] = 0
            A[_ix(rd + 3)] = 0
            return np.int64(0) if t <= 0 else tl
        if tl == 1:
            return np.int64(1) if _last_trick(A, leader, trump, rd) else np.int64(0)
        if only < 0:
            # the table's head for this position: its cache line is fetched while the bounds are tried
            key = _len_key(A, trump, leader, tl)
            _prefetch(tt, TT_HEAD + HEAD * (_hash(key) & ((np.int64(1) << tt[TT_HEADS_LOG2]) - 1)))
            # in a trump contract, the list of the entries that fix the top trump's owner (:func:`_tt_store`)
            ks = key
            if trump < 4:  # (trumps are in play here: a trumpless trump position became no trumps above)
                ks = key | (np.int64(_owner(A, trump, A[_ix(OC + trump)] - 1) + 1) << 58)
                _prefetch(tt, TT_HEAD + HEAD * (_hash(ks) & ((np.int64(1) << tt[TT_HEADS_LOG2]) - 1)))
            qv = -1 if A[ODEBUG] & 8 else _quick_tricks(A, trump, leader, tl, t if ns else tl - t + 1)
            if qv >= 0:
                A[OST + 3] += 1
                for s in range(4):
                    A[_ix(rd + s)] = A[_ix(OQ + s)]
                # the plan's whole count (fail-soft: a stronger bound than the test asked for)
                return qv if ns else tl - qv
            if trump == 4 and (t == tl if ns else t == 1) and not (A[ODEBUG] & 128):
                # the leader's side needs every trick: when the suits whose top card it holds, each counted at its
                # longer holding there, do not add up to the tricks left, it fails (DDS's LaterTricksMIN/MAX in no
                # trumps: a suit the other side tops gives it no trick; checked against the search without bounds on
                # 4,000 random endings, 1,889 of them cut).  The answer rests on who holds the tops the other side
                # holds in suits it shares (relevant), not on the side's own tops (another owner only lowers the sum)
                lsum = 0
                for s in range(4):
                    c = A[_ix(OC + s)]
                    if c == 0:
                        continue
                    o = _owner(A, s, c - 1)
                    if ((o ^ leader) & 1) == 0:
                        lsum += max(_pop(A[_ix(OH + 4 * o + s)]), _pop(A[_ix(OH + 4 * ((o + 2) & 3) + s)]))
                if 0 < lsum < tl:
                    A[OST + 3] += 1
                    for s in range(4):
                        A[_ix(rd + s)] = 0
                        c = A[_ix(OC + s)]
                        if c != 0:
                            o = _owner(A, s, c - 1)
                            if ((o ^ leader) & 1) == 1 and _pop(A[_ix(OH + 4 * o + s)]) < c:
                                A[_ix(rd + s)] = np.int64(1) << (c - 1)
                    return tl - 1 if ns else np.int64(1)
            if trump < 4 and not (A[ODEBUG] & 16):
                x, k = _top_trump_run(A, trump)
                if x >= 0:
                    n = A[_ix(OC + trump)]
                    rel = ((np.int64(1) << k) - 1) << (n - k)
                    # a side holding every trump takes as many tricks as its longer trump holding
                    if (A[_ix(OH + 4 * ((x + 1) & 3) + trump)] | A[_ix(OH + 4 * ((x + 3) & 3) + trump)]) == 0:
                        k2 = max(_pop(A[_ix(OH + 4 * x + trump)]), _pop(A[_ix(OH + 4 * ((x + 2) & 3) + trump)]))
                        if k2 >= k:
                            k = k2
                            rel = 0
                    need = t if (x & 1) == 0 else tl - t + 1
                    if k >= need:
                        A[OST + 3] += 1
                        for s in range(4):
                            A[_ix(rd + s)] = 0
                        if rel != 0:
                            rel = ((np.int64(1) << need) - 1) << (n - need)
                        A[_ix(rd + trump)] = rel
                        return t if (x & 1) == 0 else t - 1
                if t == 1 or t == tl:
                    # one trick is all the side needs (North-South when t = 1, else East-West)
                    my = leader if ((leader & 1) == 0) == (t == 1) else (leader + 1) & 3
                    k = _slow_trump_trick(A, trump, my, my == leader, tl)
                    if k > 0:
                        A[OST + 3] += 1
                        for s in range(4):
                            A[_ix(rd + s)] = 0
                        n = A[_ix(OC + trump)]
                        A[_ix(rd + trump)] = ((np.int64(1) << k) - 1) << (n - k)
                        return t if t == 1 else t - 1
            pd = (leader + 2) & 3
            if ((trump == 4 or (A[_ix(OH + 4 * leader + trump)] | A[_ix(OH + 4 * pd + trump)]) == 0)
                    and not (A[ODEBUG] & 2)):
                # the other side wins this trick if every suit the leader holds is topped by an
                # opponent and the leader's side cannot ruff; a trick per such suit when one
                # opponent holds all those top cards (it wins the lead, then cashes the others)
                lost = True
                suits = 0
                by_l = 0
                by_r = 0
                for s in range(4):
                    if A[_ix(OH + 4 * leader + s)] != 0:
                        top = np.int64(1) << (A[_ix(OC + s)] - 1)
                        suits += 1
                        if A[_ix(OH + 4 * ((leader + 1) & 3) + s)] & top:
                            by_l += 1
                        elif A[_ix(OH + 4 * ((leader + 3) & 3) + s)] & top:
                            by_r += 1
                        else:
                            lost = False
                            break
                if lost:
                    slow = suits if (by_l == suits or by_r == suits) else 1
                    if (t > tl - slow) if ns else (t <= slow):
                        A[OST + 3] += 1
                        for s in range(4):
                            A[_ix(rd + s)] = 0
                            if A[_ix(OH + 4 * leader + s)] != 0:
                                A[_ix(rd + s)] = np.int64(1) << (A[_ix(OC + s)] - 1)
                        return tl - slow if ns else slow
            # (bridge-solver's fast tricks were tried here until the thirty-sixth session: without them, the bounds
            # before and after the table's probe kept, the searches took 1.5-2.6% fewer nodes and 7-14% less time;
            # benchmarks/dd_speed.md)
            # the leader's cut-off context, its cache slots fetched during the table's probe
            ch = _cut_context(A, trump, tl, ply, p)
            _cut_prefetch(tt, ch)
            c0 = _owner_code(A, 0)
            c1 = _owner_code(A, 1)
            c2 = _owner_code(A, 2)
            c3 = _owner_code(A, 3)
            # the general list, then (in a trump contract, when it did not cut) the top-trump owner's: the two
            # hold every entry that can match this position (one call site for both probes)
            kp = key
            while True:
                status, best2, bound = _tt_probe(A, tt, kp, c0, c1, c2, c3, t, rd)
                if best < 0:
                    best = best2
                if status != 0 or kp == ks:
                    break
                kp = ks
            if status != 0 and A[ODEBUG] & 64:
                saved = A[ODEBUG]
                A[ODEBUG] = 32 | 15 | 128
                dtt = A[ODTT:]
                clear_dtt(dtt)
                r2 = _search(A, dtt, trump, tl, np.int64(0), t, np.int64(-1), np.int64(0))
                A[ODEBUG] = saved
                if (r2 >= t) != (status == 1):
                    A[ODEBUG + 4] += 1  # a table cut-off that an exact search contradicts
            if status != 0:
                A[OST + 1] += 1
                return bound
            if not (A[ODEBUG] & 8):
                # DDS's quick tricks, last: they cut where ours did not, but cost more.  Their
                # count is sure only as far as ``need`` (DDS reads it as a yes or no: a jump past it may count a card
                # twice, the entry to partner's hand as a trick of its own), so the cut claims no more (fail-hard)
                need = t if ns else tl - t + 1
                v = _counted_cut(A, rd, min(_dds_quick(A, trump, leader, tl, need), need), need, ns, tl)
                if v >= 0:
                    return v
    elif ply == 1 and only < 0 and not (A[ODEBUG] & 8):
        if _qt_second_hand(A, trump, tl, p, rd) >= (t if ns else tl - t + 1):
            A[OST + 3] += 1
            return t if ns else t - 1
    if ch == 0:
        # (one site for a leader and a follower: a leader's context when the bounds above did not compute it)
        ch = _cut_context(A, trump, tl, ply, p)
    if ply == 0:
        if only >= 0:
            # one root move asked (a generated move: its run's lowest card): nothing to generate or order
            A[_ix(OM + 16 * d)] = only
            n = 1
        else:
            n = _gen_lead(A, trump, p, d, best, A[_ix(OK + d)], tl)
            _cut_bonus(A, tt, ch, p, d, n, 60)
    else:
        lazy = -1 if only >= 0 else _cut_move(A, tt, ch, p, A[_ix(OT + 16 * tl)])
        if lazy >= 0:
            # the cached cut-off card first, alone: the other cards are generated and ordered only
            # if it fails (most follower nodes cut off at once: bridge-solver's lazy ordering)
            A[_ix(OM + 16 * d)] = lazy
            n = 1
        elif only >= 0:
            A[_ix(OM + 16 * d)] = only  # one root move asked, as a leader's above
            n = 1
        else:
            # no cached card: the moves are generated and ordered at the loop's start (lazy -2: one call site
            # of the generator for both cases)
            lazy = -2
            n = 0
    if lazy == -1 and only < 0:
        _sort_moves(A, d, n)
    A[_ix(OPROF + 256 + 4 * tl + ply)] += 1
    val = np.int64(-1) if ns else np.int64(99)
    bm = -1
    u0 = np.int64(0)
    u1 = np.int64(0)
    u2 = np.int64(0)
    u3 = np.int64(0)
    mb = OM + 16 * d
    # lowest card worth trying per suit, once a card below every relevant rank has failed (DDS's lowestWin)
    lw0 = 0
    lw1 = 0
    lw2 = 0
    lw3 = 0
    tried = -1
    i = -1
    while True:
        i += 1
        if i >= n:
            if lazy == -1:
                break
            # the follower's moves, in order: all of them (lazy -2), or the others after the cached card failed
            n = _gen_follow(A, trump, tl, ply, p, d)
            _sort_moves(A, d, n)
            if lazy >= 0:
                j = 0
                while j < n and A[_ix(mb + j)] != lazy:
                    j += 1
                for k in range(j, n - 1):
                    A[_ix(mb + k)] = A[_ix(mb + k + 1)]
                if j < n:
                    n -= 1
            lazy = -1
            i = -1
            continue
        mv = A[_ix(mb + i)]
        if only >= 0 and mv != only:
            continue
        s = mv >> 4
        b = mv & 15
        # skipped only when the card's whole run of equivalent cards lies below the lowest card worth trying: a
        # run reaching a relevant rank (the run of an ace that had to be kept, say) is a move of its own in the
        # other positions the stored result is applied to, where the card below it is another player's
        lw = lw0 if s == 0 else (lw1 if s == 1 else (lw2 if s == 2 else lw3))
        if b < lw:
            xr = A[_ix(OH + 4 * p + s)]
            if _high(_run_up(xr, b)) < lw:
                continue
        bit = np.int64(1) << b
        tried += 1
        A[_ix(OH + 4 * p + s)] ^= bit
        A[_ix(tb + ply)] = s
        A[_ix(tb + 4 + ply)] = b
        if ply == 0:
            A[_ix(tb + 9)] = 0
        else:
            wp = A[_ix(tb + 8 + ply)]
            if _beats(s, b, A[_ix(tb + wp)], A[_ix(tb + 4 + wp)], trump):
                wp = ply
            A[_ix(tb + 9 + ply)] = wp
        # the child: the next trick's start (ply 3) or the next hand; one call site for both (each call site
        # of a kernel costs the node zeroing stores at its entry, numba's return and exception slots)
        ctl = tl
        cply = ply + 1
        nt = t
        cch = np.int64(0)
        if ply == 3:
            wp = A[_ix(tb + 12)]
            winner = (leader + wp) & 3
            nt = t - 1 if (winner & 1) == 0 else t
            ctl = tl - 1
            cply = np.int64(0)
            sb = OS + 20 * tl
            # take the trick's cards out of play, per suit highest bits first (the suits are independent:
            # no sort of the four cards); the played bits of suit s kept at bits 16s.. of tb + 13.  A suit's
            # four holdings are handled in one word, 16 bits a hand (a card out of all four at once), and only
            # the suits of the trick are saved (that word, at sb + s) and restored
            pm = np.int64(0)
            for k in range(4):
                pm |= np.int64(1) << (A[_ix(tb + 4 + k)] + 16 * A[_ix(tb + k)])
            A[_ix(tb + 13)] = pm
            for cs in range(4):
                q0 = (pm >> (16 * cs)) & 0x1FFF
                if q0 == 0:
                    continue
                w = (A[_ix(OH + cs)] | (A[_ix(OH + 4 + cs)] << 16) | (A[_ix(OH + 8 + cs)] << 32)
                     | (A[_ix(OH + 12 + cs)] << 48))
                A[_ix(sb + cs)] = w
                q = q0
                while q != 0:
                    cb = _high(q)
                    q ^= np.int64(1) << cb
                    low = LANES * ((np.int64(1) << cb) - 1)
                    w = (w & low) | ((w >> 1) & ~low & LANES13)
                A[_ix(OH + cs)] = w & 0x1FFF
                A[_ix(OH + 4 + cs)] = (w >> 16) & 0x1FFF
                A[_ix(OH + 8 + cs)] = (w >> 32) & 0x1FFF
                A[_ix(OH + 12 + cs)] = (w >> 48) & 0x1FFF
                A[_ix(OC + cs)] -= _pop(q0)
            A[_ix(tb - 16 + 8)] = winner
        else:
            # the next hand's cut-off context, its cache slots fetched while this call starts
            cch = _cut_context(A, trump, tl, ply + 1, (p + 1) & 3)
            _cut_prefetch(tt, cch)
        r = _search(A, tt, trump, ctl, cply, nt, np.int64(-1), cch) + (t - nt)
        if ply == 3:
            pm = A[_ix(tb + 13)]
            for cs in range(4):
                q0 = (pm >> (16 * cs)) & 0x1FFF
                if q0 == 0:
                    continue
                w = A[_ix(sb + cs)]
                A[_ix(OH + cs)] = w & 0x1FFF
                A[_ix(OH + 4 + cs)] = (w >> 16) & 0x1FFF
                A[_ix(OH + 8 + cs)] = (w >> 32) & 0x1FFF
                A[_ix(OH + 12 + cs)] = (w >> 48) & 0x1FFF
                A[_ix(OC + cs)] += _pop(q0)
            # the child's relevant set, back in this trick's packing (re-insert lowest bits first)
            cd = OR + 16 * (tl - 1)
            m0 = A[_ix(cd)]
            m1 = A[_ix(cd + 1)]
            m2 = A[_ix(cd + 2)]
            m3 = A[_ix(cd + 3)]
            m0 = _reinsert(A, m0, pm & 0x1FFF)
            m1 = _reinsert(A, m1, (pm >> 16) & 0x1FFF)
            m2 = _reinsert(A, m2, (pm >> 32) & 0x1FFF)
            m3 = _reinsert(A, m3, (pm >> 48) & 0x1FFF)
            # the trick's winner counts if it beat another card of its suit
            wsuit = A[_ix(tb + wp)]
            if _pop((pm >> (16 * wsuit)) & 0x1FFF) >= 2:
                wbit = np.int64(1) << A[_ix(tb + 4 + wp)]
                if wsuit == 0:
                    m0 |= wbit
                elif wsuit == 1:
                    m1 |= wbit
                elif wsuit == 2:
                    m2 |= wbit
                else:
                    m3 |= wbit
        else:
            cd = rd + 4
            m0 = A[_ix(cd)]
            m1 = A[_ix(cd + 1)]
            m2 = A[_ix(cd + 2)]
            m3 = A[_ix(cd + 3)]
        A[_ix(OH + 4 * p + s)] ^= bit
        # the card played stands for its whole run of equivalent cards: if a higher card of the run
        # mattered, the run must stay together in any position this result is applied to
        x = A[_ix(OH + 4 * p + s)]
        if (x >> (b + 1)) & 1 and not (A[ODEBUG] & 512):
            above = _run_up(x, b + 1)  # the run's cards above b
            if s == 0:
                if m0 & above:
                    m0 |= bit
            elif s == 1:
                if m1 & above:
                    m1 |= bit
            elif s == 2:
                if m2 & above:
                    m2 |= bit
            elif m3 & above:
                m3 |= bit
        if (r >= t) == ns:
            A[_ix(OPROF + 64 + 4 * tl + ply)] += tried + 1
            A[_ix(OPROF + 128 + 16 * ply + min(tried, 15))] += 1
            val = r
            bm = mv
            u0 = m0
            u1 = m1
            u2 = m2
            u3 = m3
            if ply == 0:
                A[_ix(OK + d)] = _killer_out(A, mv, tl)
            _cut_put(tt, ch, mv)
            break
        if ns:
            if r > val:
                val = r
        elif r < val:
            val = r
        u0 |= m0
        u1 |= m1
        u2 |= m2
        u3 |= m3
        # a card below every rank that mattered to its own result failed: so would any card of its suit
        # below those ranks (the same proof holds for them; bridge-solver's minimum relevant rank), a run of
        # cards only when all of it is below them (above)
        if A[ODEBUG] & 1:
            pass
        elif s == 0:
            lo_ = _low(m0)
            if b < lo_ and lo_ > lw0:
                lw0 = lo_
        elif s == 1:
            lo_ = _low(m1)
            if b < lo_ and lo_ > lw1:
                lw1 = lo_
        elif s == 2:
            lo_ = _low(m2)
            if b < lo_ and lo_ > lw2:
                lw2 = lo_
        else:
            lo_ = _low(m3)
            if b < lo_ and lo_ > lw3:
                lw3 = lo_
    if bm < 0:
        A[_ix(OPROF + 64 + 4 * tl + ply)] += tried + 1
        A[_ix(OPROF + 192 + 4 * tl + ply)] += 1
    A[_ix(rd)] = u0
    A[_ix(rd + 1)] = u1
    A[_ix(rd + 2)] = u2
    A[_ix(rd + 3)] = u3
    if ply == 0 and only < 0:
        if A[ODEBUG] & 32:
            for s in range(4):
                A[_ix(rd + s)] = (np.int64(1) << A[_ix(OC + s)]) - 1
        if A[ODEBUG] & 256 and (A[ODEBUG + 7] <= 0 or tl <= A[ODEBUG + 7]):
            # debugging: the result must hold whatever the cards below the relevant ones (stored at most
            # ODEBUG + 7 tricks from the end when that is set: the exact searches of whole deals' tables are too slow)
            # (the scratch at ODS is this node's alone: the exact searches below do not debug)
            for k in range(20):
                A[_ix(ODS + k)] = A[_ix(OH + k)]
            for k in range(4):
                A[_ix(ODS + 20 + k)] = A[_ix(rd + k)]
            flags = A[ODEBUG]
            # three deals of the small cards unless ODEBUG + 6 says how many (a count known only at run time: the
            # loop is then not unrolled into three more call sites of this kernel, whose slots every node zeroes)
            for _ in range(A[ODEBUG + 6] if A[ODEBUG + 6] > 0 else 3):
                _shuffle_below(A)
                A[ODEBUG] = 32 | 15 | 128
                dtt = A[ODTT:]
                clear_dtt(dtt)
                r2 = _search(A, dtt, trump, tl, np.int64(0), t, np.int64(-1), np.int64(0))
                A[ODEBUG] = flags
                if (r2 >= t) != (val >= t):
                    A[ODEBUG + 5] += 1
                for k in range(20):
                    A[_ix(OH + k)] = A[_ix(ODS + k)]
                for k in range(4):
                    A[_ix(rd + k)] = A[_ix(ODS + 20 + k)]
        _tt_store(A, tt, key, ks, trump, c0, c1, c2, c3, rd, tl, t, val, bm)
        A[OST + 2] += 1
    return val


@njit(cache=True, _nrt=False)
def _shuffle_below(A):
    """Debugging: deal the cards below the relevant ones (per suit) afresh between the hands that
    hold them, keeping every suit length (the position is saved at ODS, the relevant sets at ODS + 20;
    the owners of a suit's low cards, shuffled in place, at ODS + 24)."""
    ow = ODS + 24
    for s in range(4):
        rel = A[_ix(ODS + 20 + s)]
        low = A[_ix(OC + s)]
        if rel != 0:
            low = 0
            while not (rel >> low) & 1:
                low += 1
        for b in range(low):
            for x in range(4):
                if (A[_ix(ODS + 4 * x + s)] >> b) & 1:
                    A[_ix(ow + b)] = x
        for b in range(low - 1, 0, -1):  # Fisher-Yates
            j = np.random.randint(0, b + 1)
            tmp = A[_ix(ow + b)]
            A[_ix(ow + b)] = A[_ix(ow + j)]
            A[_ix(ow + j)] = tmp
        for x in range(4):
            m = A[_ix(ODS + 4 * x + s)] & ~((np.int64(1) << low) - 1)
            for b in range(low):
                if A[_ix(ow + b)] == x:
                    m |= np.int64(1) << b
            A[_ix(OH + 4 * x + s)] = m


@njit(cache=True, _nrt=False, inline="always")
def _mtd_target(lo, hi, guess):
    """MTD(f)'s next null-window test: North-South make at least ``t`` tricks, the guess kept inside (lo, hi]."""
    t = guess
    if t <= lo:
        t = lo + 1
    if t > hi:
        t = hi
    return t


@njit(cache=True, _nrt=False, inline="always")
def _mtd_step(v, t, lo, hi):
    """(lo, hi, the next guess) after a test of ``t`` that returned ``v``."""
    if v >= t:
        lo = min(v, hi)
        return lo, hi, lo + 1
    hi = max(v, lo)
    return lo, hi, hi


@njit(cache=True, _nrt=False)
def _mtd(A, tt, trump, tl, ply, only, lo, hi, guess):
    """North-South's tricks (within [lo, hi]) by null-window searches stepping from ``guess``."""
    if A[ODEBUG] & (64 | 256) and A.size < WORK_SIZE:
        raise ValueError("the debugging re-checks need a work array of new_work (their table is its tail)")
    while lo < hi:
        t = _mtd_target(lo, hi, guess)
        v = _search(A, tt, trump, tl, ply, t, only, np.int64(0))
        lo, hi, guess = _mtd_step(v, t, lo, hi)
    return lo


@njit(cache=True, _nrt=False)
def _mid_mask(A, s, rel):
    """The mask over suit s's owner codes (:func:`_owner_code`; a card on the table reads as North's, the trick fixes
    it) of its cards from the top down to the lowest relevant one of ``rel`` (0: none)."""
    if rel == 0:
        return np.int64(0)
    cnt = A[_ix(OC + s)]
    return ((np.int64(1) << (2 * cnt)) - 1) & ~((np.int64(1) << (2 * _low(rel))) - 1)


@njit(cache=True, _nrt=False)
def _mid_bucket(A, tt, trump, tl, ply):
    """The mid-trick table's key of the position in A (:func:`_len_key`), its trick, and its bucket's offset; the
    offset -1 where there is no table or no card on the table (:func:`_mtd_mid` is then :func:`_mtd`)."""
    if tt[TT_MID] == 0 or ply == 0:
        return np.int64(0), np.int64(0), np.int64(-1)
    tb = OT + 16 * tl
    key = _len_key(A, trump, A[_ix(tb + 8)], tl)
    y = np.int64(ply)
    for i in range(ply):
        y = (y << 6) | (A[_ix(tb + i)] << 4) | A[_ix(tb + 4 + i)]
    m0 = tt[TT_MID]
    base = m0 + 8 + MID_BUCKET * ((_hash(key ^ (y * np.int64(0x9E3779B97F4A7C15))) >> 8)
                                  & ((np.int64(1) << tt[_ix(m0)]) - 1))
    return key, y, base


@njit(cache=True, _nrt=False)
def _mtd_mid(A, tt, trump, tl, ply, lo, hi, guess, key, y, base):
    """:func:`_mtd` of the position in A with all its moves, where a mid-trick table is kept (``tt[TT_MID]``, the ABC
    search's engine) and cards are on the table (``key, y, base``: :func:`_mid_bucket`'s, base -1 otherwise): each
    null-window test is first looked up there, and its answer stored there.  An entry is keyed as the trick-start
    table's (:func:`_tt_store`): the suit lengths, leader, trump and tricks left (:func:`_len_key`), here with the
    trick's cards exactly, and the owners of each suit's cards from the top down to the lowest card relevant to the
    answer: it answers for every position that agrees on those, whatever the cards below.  Only a call's root is looked
    up (inside a search a probe costs more than it saves: abc21's and abc22's counts in benchmarks/abc_speed.md), so
    the search itself is the engine's as ever."""
    if base < 0:
        return _mtd(A, tt, trump, tl, ply, np.int64(-1), lo, hi, guess)
    c01 = _owner_code(A, 0) | (_owner_code(A, 1) << 26)
    c23 = _owner_code(A, 2) | (_owner_code(A, 3) << 26)
    while lo < hi:
        t = _mtd_target(lo, hi, guess)
        v = np.int64(-1)
        for w in range(MID_WAYS):
            yb = tt[_ix(base + MID_WAYS + w)]
            if tt[_ix(base + w)] == key and (yb & 0xFFFFFF) == y:
                e = base + 2 * MID_WAYS + 4 * w
                if ((c01 ^ tt[_ix(e)]) & tt[_ix(e + 1)]) == 0 and ((c23 ^ tt[_ix(e + 2)]) & tt[_ix(e + 3)]) == 0:
                    elo = (yb >> 24) & 255
                    ehi = (yb >> 32) & 255
                    if elo >= t:
                        v = elo
                        break
                    if ehi < t:
                        v = ehi
                        break
        if v < 0:
            v = _search(A, tt, trump, tl, ply, t, np.int64(-1), np.int64(0))
            rd = OR + 4 * (4 * tl + ply)
            # the owners the probe compared (the search gives the position back as it found it), under the masks
            k01 = _mid_mask(A, 0, A[_ix(rd)]) | (_mid_mask(A, 1, A[_ix(rd + 1)]) << 26)
            k23 = _mid_mask(A, 2, A[_ix(rd + 2)]) | (_mid_mask(A, 3, A[_ix(rd + 3)]) << 26)
            e01 = c01 & k01
            e23 = c23 & k23
            elo = v if v >= t else np.int64(0)
            ehi = tl if v >= t else v
            # the same entry again (same key and owners): its bounds tightened, and it moves first; else a new one
            # first, the last one dropped
            w = 0
            while w < MID_WAYS - 1:
                e = base + 2 * MID_WAYS + 4 * w
                if (tt[_ix(base + w)] == key and (tt[_ix(base + MID_WAYS + w)] & 0xFFFFFF) == y and tt[_ix(e)] == e01
                        and tt[_ix(e + 1)] == k01 and tt[_ix(e + 2)] == e23 and tt[_ix(e + 3)] == k23):
                    elo = max(elo, (tt[_ix(base + MID_WAYS + w)] >> 24) & 255)
                    ehi = min(ehi, (tt[_ix(base + MID_WAYS + w)] >> 32) & 255)
                    break
                w += 1
            while w > 0:  # the entries before it one way down
                tt[_ix(base + w)] = tt[_ix(base + w - 1)]
                tt[_ix(base + MID_WAYS + w)] = tt[_ix(base + MID_WAYS + w - 1)]
                e = base + 2 * MID_WAYS + 4 * w
                for j in range(4):
                    tt[_ix(e + j)] = tt[_ix(e - 4 + j)]
                w -= 1
            tt[_ix(base)] = key
            tt[_ix(base + MID_WAYS)] = y | (elo << 24) | (ehi << 32)
            e = base + 2 * MID_WAYS
            tt[_ix(e)] = e01
            tt[_ix(e + 1)] = k01
            tt[_ix(e + 2)] = e23
            tt[_ix(e + 3)] = k23
        lo, hi, guess = _mtd_step(v, t, lo, hi)
    return lo


# --------------------------------------------------------------------------------------------
# root set-up and public kernels
@njit(cache=True)
def _setup(A, hands, trump, leader, psuit, prank, nplayed):
    """Pack a position into A; return (tricks left including the current one, ply of the player to move).

    Packs straight into the work array (each suit's cards still held or on the table renumbered from bit 0
    up, as ``engine/deal.py`` describes), with no scratch arrays: the ABC search calls the engine about
    14,000 times a triple, mostly for searches of a few dozen nodes, where four small allocations a call
    showed in its profile as reference counting and allocation."""
    last = (leader + 3) & 3
    tl = 0
    for s in range(4):
        tl += _pop(np.int64(hands[last, s]) >> 2)  # (ranks are bits 2..14)
    tb = OT + 16 * tl
    for s in range(4):
        h0 = np.int64(hands[0, s])
        h1 = np.int64(hands[1, s])
        h2 = np.int64(hands[2, s])
        h3 = np.int64(hands[3, s])
        live = h0 | h1 | h2 | h3
        for i in range(nplayed):
            if psuit[i] == s:
                live |= np.int64(1) << prank[i]
        for i in range(nplayed):
            if psuit[i] == s:
                A[_ix(tb + 4 + i)] = _pop(live & ((np.int64(1) << prank[i]) - 1) & 0x7FFC)
        # the suit's live ranks, lowest first (a step a card, not a rank), each hand's cards moved onto them
        m = live & 0x7FFC
        p0 = np.int64(0)
        p1 = np.int64(0)
        p2 = np.int64(0)
        p3 = np.int64(0)
        n = 0
        while m != 0:
            r = _low64(m)
            m &= m - 1
            A[_ix(ORANK + 16 * s + n)] = r
            p0 |= ((h0 >> r) & 1) << n
            p1 |= ((h1 >> r) & 1) << n
            p2 |= ((h2 >> r) & 1) << n
            p3 |= ((h3 >> r) & 1) << n
            n += 1
        A[_ix(OH + s)] = p0
        A[_ix(OH + 4 + s)] = p1
        A[_ix(OH + 8 + s)] = p2
        A[_ix(OH + 12 + s)] = p3
        for b in range(n, 16):
            A[_ix(ORANK + 16 * s + b)] = 0
        A[_ix(OC + s)] = n
    _killers_reset(A, tl)
    A[_ix(tb + 8)] = leader
    for i in range(nplayed):
        A[_ix(tb + i)] = psuit[i]
        if i == 0:
            A[_ix(tb + 9)] = 0
        else:
            wp = A[_ix(tb + 8 + i)]
            if _beats(psuit[i], A[_ix(tb + 4 + i)], A[_ix(tb + wp)], A[_ix(tb + 4 + wp)], trump):
                wp = i
            A[_ix(tb + 9 + i)] = wp
    return tl, nplayed


@njit(cache=True)
def _ns_tricks(A, tt, hands, trump, leader, psuit, prank, nplayed, guess):
    """North-South's tricks from the position (current trick included)."""
    tl, ply = _setup(A, hands, trump, leader, psuit, prank, nplayed)
    if guess < 0 or guess > tl:
        guess = _guess(hands, trump, leader, tl)
    return _mtd(A, tt, trump, tl, ply, np.int64(-1), np.int64(0), tl, guess)


# Added to the first guess when East-West lead: a guess above North-South's tricks then costs less than one
# below (the null windows North-South pass are the dear ones), so the fit's value is raised by a trick.
# Measured (50 solves from each of seeds 1-6, each from an empty table and cut-off card cache): West on lead
# -1.8% / -3.5% nodes in no trumps / spades on seeds 1-3, East and West on lead -2.0% to -3.9% on seeds 4-6;
# +1.5 was not better, and no bias when North-South lead (+1 there costs 3-11%, -1 costs 1-2%).  A table's
# later leaders start from the previous leader's result, which a bias only worsened (+0.6% on 30 tables).
# 0.7 rather than 1.0 (sixteenth session, dd22; 150 solves each from empty caches): no trumps, West on lead,
# seeds 1-3 / 4-6 -1.1% / -1.2%, East on lead -1.0% / -2.0%; spades, West on lead -0.2% / +0.9%; hearts,
# East on lead, seeds 1-3 -1.4%.  (The scan of 0.5..1.6 on the cost of every start had no sharper optimum.)
GUESS_EW_LEAD = 0.7


@njit(cache=True)
def _guess(hands, trump, leader, tl):
    """A first guess at North-South's tricks for MTD(f): high-card points, trump length and the lead
    (a least-squares fit to DDS tables of random deals; off by 0.9 tricks on average), raised by
    ``GUESS_EW_LEAD`` when East-West lead."""
    hcp = 0.0
    total = 0.0
    for x in range(4):
        for s in range(4):
            m = np.int64(hands[x, s])
            for r in range(11, 15):
                if (m >> r) & 1:
                    total += r - 10
                    if (x & 1) == 0:
                        hcp += r - 10
    v = 0.498 * tl + 0.415 * (hcp - total / 2) * tl / 13.0
    if trump < 4:
        for x in range(4):
            n = 0
            m = np.int64(hands[x, trump])
            while m:
                m &= m - 1
                n += 1
            v += 0.536 * n if (x & 1) == 0 else -0.536 * n
    v += 0.285 if (leader & 1) == 0 else -0.285 + GUESS_EW_LEAD
    g = np.int64(v + 0.5)
    if g < 0:
        g = 0
    if g > tl:
        g = tl
    return g


@njit(cache=True)
def dd_tricks(A, tt, hands, trump, leader, psuit, prank, nplayed):
    """Kernel entry: tricks the side *to play* takes from here (DDS solve-board convention).

    ``A`` from :func:`new_work` and ``tt`` from :func:`new_tt`, made once and reused (the table is
    valid across calls, worlds and deals); ``hands`` uint16/int[4,4] absolute masks of the cards
    still held (cards already on the table excluded); ``psuit``/``prank`` the ``nplayed`` (0..3)
    cards on the table in order from ``leader``.  ``A[OST]`` accumulates the nodes searched.
    No validation: see :func:`bridgeplay.doubledummy.validate_position`.
    """
    ns = _ns_tricks(A, tt, hands, trump, leader, psuit, prank, nplayed, np.int64(-1))
    tl = 0
    last = (leader + 3) & 3
    for s in range(4):
        tl += _pop(A[_ix(OH + 4 * last + s)])
    if ((leader + nplayed) & 1) == 0:
        return ns
    return tl - ns


@njit(cache=True)
def _root_moves(A, trump, tl, ply, p):
    """The moves of ``p``, to play at the root, copied to the work array's spare move row (the search writes
    over its depth's row; depths reach 4 * 13 + 3 = 55 of the 64 rows): returns (where they start, how many)."""
    d = 4 * tl + ply
    if ply == 0:
        n = _gen_lead(A, trump, p, d, np.int64(-1), np.int64(-1), tl)
    else:
        n = _gen_follow(A, trump, tl, ply, p, d)
    base = OM + 16 * ROOT_ROW
    for i in range(n):
        A[_ix(base + i)] = A[_ix(OM + 16 * d + i)]
    return base, n


@njit(cache=True)
def _card_values(A, tt, hands, trump, leader, psuit, prank, nplayed, out):
    """Value (tricks for the side to play) of every legal card, as out[0, i] suit, out[1, i] rank,
    out[2, i] value; returns how many were written."""
    tl, ply = _setup(A, hands, trump, leader, psuit, prank, nplayed)
    p = (leader + ply) & 3
    ns = (p & 1) == 0
    mb, n = _root_moves(A, trump, tl, ply, p)
    best = _mtd(A, tt, trump, tl, ply, np.int64(-1), np.int64(0), tl, (tl + 1) // 2)
    k = 0
    for i in range(n):
        mv = A[_ix(mb + i)]
        s = mv >> 4
        b = mv & 15
        # this card's value in North-South tricks, bounded by the position's value
        if ns:
            v = _mtd(A, tt, trump, tl, ply, mv, np.int64(0), best, best)
            val = v
        else:
            v = _mtd(A, tt, trump, tl, ply, mv, best, tl, best)
            val = tl - v
        # every card of the run (equivalent cards) gets the value
        x = A[_ix(OH + 4 * p + s)]
        bb = b
        while bb < 16 and (x >> bb) & 1:
            out[0, k] = s
            out[1, k] = A[_ix(ORANK + 16 * s + bb)]
            out[2, k] = val
            k += 1
            bb += 1
    return k


@njit(cache=True)
def _ns_within(A, tt, hands, trump, leader, tl, ply, out):
    """North-South's tricks from the packed position, the search stepping from the guess out[0, 0] (below
    0: :func:`_guess`) inside the bounds out[0, 1] <= v <= out[0, 2] known to hold."""
    g = out[0, 0]
    if g < 0 or g > tl:
        g = _guess(hands, trump, leader, tl)
    return _mtd(A, tt, trump, tl, ply, np.int64(-1), max(out[0, 1], np.int64(0)), min(out[0, 2], tl), g)


@njit(cache=True)
def _value_reaching(A, tt, hands, trump, leader, psuit, prank, nplayed, out):
    """North-South's tricks from the position inside the bounds out[0, 1] <= v <= out[0, 2] known to hold,
    and which of the cards out[0, 3] (a mask) take the side to play as many tricks as v gives it, into
    out[0, 4]: a view's value and its first card's X test in one call, searched card first.  Does the card
    reach the guess out[0, 0] (one null-window search below it), and if so, does any card do better (one at
    the node)?  When the guess is the value and the card reaches it, two null-window searches, where the
    value first and the card after take two at the node and one at the card."""
    tl, ply = _setup(A, hands, trump, leader, psuit, prank, nplayed)
    return _value_reaching_at(A, tt, hands, trump, leader, tl, ply, out, False)


@njit(cache=True)
def _value_reaching_at(A, tt, hands, trump, leader, tl, ply, out, packed):
    """:func:`_value_reaching` once the position is in the work array (``packed``: its card masks in relative
    ranks, as :func:`_reaching_packed` takes them; ``hands`` read only for the first guess)."""
    lo = max(out[0, 1], np.int64(0))
    hi = min(out[0, 2], tl)
    g = out[0, 0]
    if g < 0 or g > tl:
        g = _guess(hands, trump, leader, tl)
    g = min(max(g, lo), hi)
    want = out[0, 3]
    ns = ((leader + ply) & 1) == 0
    need = g if ns else tl - g  # the side to play's tricks at the guess
    key, y, base = _mid_bucket(A, tt, trump, tl, ply)
    if base >= 0:
        # the mid-trick table's bucket for "is it more?" (:func:`_mtd_mid`), fetched while the card is searched
        _prefetch(tt, base)
        _prefetch(tt, base + 8)
        _prefetch(tt, base + 16)
    got = _reach(A, tt, trump, tl, ply, leader, want, need, packed)
    if got:
        # the value is at least the guess for the side to play: is it more?
        if ns:
            lo = g
            v = _mtd_mid(A, tt, trump, tl, ply, lo, hi, g + 1, key, y, base)
        else:
            hi = g
            v = _mtd_mid(A, tt, trump, tl, ply, lo, hi, g, key, y, base)
        if v == g:
            out[0, 4] = got
            return v
    else:
        v = _mtd_mid(A, tt, trump, tl, ply, lo, hi, g, key, y, base)
        if (ns and v >= g) or (not ns and v <= g):
            out[0, 4] = 0  # the cards fall short of the guess, the value does not
            return v
    out[0, 4] = _reach(A, tt, trump, tl, ply, leader, want, v if ns else tl - v, packed)
    return v


@njit(cache=True, _nrt=False)
def _reach(A, tt, trump, tl, ply, leader, want, need, packed):
    """:func:`_reaching`, or :func:`_reaching_packed` for a packed position's one card (``packed``)."""
    if packed:
        return _reaching_packed(A, tt, trump, tl, ply, leader, want, need)
    return _reaching(A, tt, trump, tl, ply, leader, want, need)


@njit(cache=True, _nrt=False)
def _reaching_packed(A, tt, trump, tl, ply, leader, want, need):
    """:func:`_reaching` (the cards of ``want`` that take at least ``need`` tricks for the side to play) where
    ``want`` is one card, in relative ranks: its run of equivalent cards (the bits next to it in its hand's
    suit) is the root move searched, found without generating and weighting every root move as
    :func:`_root_moves` does (the same search: :func:`_reaching` searches just that run's move too).  The card
    must be legal for the side to play.  For the ABC search's packed positions
    (:func:`bridgeplay.engine.ddpacked.solve_packed`)."""
    if want & (want - 1):
        for b in range(64):
            A[_ix(ORANK + b)] = b & 15  # (its answer then in relative ranks too)
        return _reaching(A, tt, trump, tl, ply, leader, want, need)
    if need <= 0:
        return want
    if need > tl:
        return np.int64(0)
    p = (leader + ply) & 3
    ns = (p & 1) == 0
    t = need if ns else tl - need + 1
    c = np.int64(0)
    while not (want >> c) & 1:
        c += 1
    s = c >> 4
    b = c & 15
    x = A[_ix(OH + 4 * p + s)]
    while b > 0 and (x >> (b - 1)) & 1:
        b -= 1  # (a move is its run's lowest card)
    v = _mtd(A, tt, trump, tl, ply, (s << 4) | b, t - 1, t, t)
    return want if (v >= t) == ns else np.int64(0)


@njit(cache=True)
def _reaching(A, tt, trump, tl, ply, leader, want, need):
    """The cards of ``want`` (a mask, bit ``16 * suit + rank``) that take at least ``need`` tricks for the side
    to play, in the position packed in A (``tl`` tricks left, ``ply`` cards on the table): one null-window search
    a run of equivalent cards, not each card's exact value."""
    if need <= 0:
        return want
    if need > tl:
        return np.int64(0)
    p = (leader + ply) & 3
    ns = (p & 1) == 0
    mb, n = _root_moves(A, trump, tl, ply, p)
    # North-South's tricks at least t (North-South to play) or below t (East-West to play)
    t = need if ns else tl - need + 1
    got = np.int64(0)
    for i in range(n):
        mv = A[_ix(mb + i)]
        s = mv >> 4
        x = A[_ix(OH + 4 * p + s)]
        run = np.int64(0)
        bb = mv & 15
        while bb < 16 and (x >> bb) & 1:
            run |= np.int64(1) << np.int64(16 * s + A[_ix(ORANK + 16 * s + bb)])
            bb += 1
        if not run & want:
            continue
        v = _mtd(A, tt, trump, tl, ply, mv, t - 1, t, t)
        if (v >= t) == ns:
            got |= run & want
    return got


@njit(cache=True)
def _bounded(A, tt, hands, trump, leader, psuit, prank, nplayed, mode, out):
    """Modes 3, 4 and 5 of :func:`_solve` (see there), which allocate nothing: the one body of both entries."""
    if mode == 5:
        return _value_reaching(A, tt, hands, trump, leader, psuit, prank, nplayed, out)
    tl, ply = _setup(A, hands, trump, leader, psuit, prank, nplayed)
    if mode == 4:
        return _ns_within(A, tt, hands, trump, leader, tl, ply, out)
    return _reaching(A, tt, trump, tl, ply, leader, out[0, 0], out[0, 1])


@njit(cache=True)
def _dd_strain(A, tt, hands, strain, out):
    """out[strain, seat] = tricks declarer in seat takes, for one strain (0..3 = S,H,D,C, 4 = NT)."""
    psuit = np.zeros(4, dtype=np.int64)
    prank = np.zeros(4, dtype=np.int64)
    guess = np.int64(-1)
    first = np.int64(0)
    for leader in range(4):
        ns = _ns_tricks(A, tt, hands, strain, leader, psuit, prank, np.int64(0), guess)
        tl = 0
        for s in range(4):
            tl += _pop(A[_ix(OH + s)])
        if leader == 0:
            first = ns
        # the next leader's first test: the tricks of the last leader (1.3% fewer nodes than one above), but for
        # South those of North, the same side on lead (0.5% fewer nodes than East's: on seeds 1-3 and 4-9 of
        # dd_seeds.py's tables, each seed lower)
        guess = min(first if leader == 1 else ns, tl)
        declarer = (leader + 3) & 3
        if (declarer & 1) == 0:
            out[strain, declarer] = ns
        else:
            out[strain, declarer] = tl - ns


@njit(cache=True)
def _dd_table(A, tt, hands, out):
    """out[strain, seat] = tricks declarer in seat takes (strain 0..3 = S,H,D,C, 4 = NT)."""
    for strain in range(5):
        _dd_strain(A, tt, hands, strain, out)


# _nrt stated: numba passes a caller's _nrt=False on to callees that do not state it; nogil: mode 7's threads
@njit(cache=True, _nrt=True, nogil=True)
def _solve(A, tt, hands, trump, leader, psuit, prank, nplayed, mode, out):
    """The one compiled entry of the Python API (each entry links its own copy of the search).

    mode 0: North-South's tricks from the position; 1: :func:`_card_values` into out (returns the
    count); 2: :func:`_dd_table` into out[:5, :4]; 3: which of the cards out[0, 0] (a mask) reach the
    tricks out[0, 1] for the side to play (returns their mask, :func:`_reaching`); 4: North-South's tricks, the
    search stepping from the guess out[0, 0] (below 0: the usual one) inside the bounds out[0, 1] <= v <=
    out[0, 2] that the caller knows hold (:func:`_ns_within`); 5: mode 4's value, and which of the cards
    out[0, 3] reach it for the side to play, into out[0, 4] (:func:`_value_reaching`, searched card first);
    7: one strain of :func:`_dd_table`, ``trump``'s row of out (:func:`_dd_strain`; the strains of a table
    are independent, so a table can be solved a strain a thread, each with its own ``A`` and ``tt``: this
    entry releases the GIL)."""
    if mode == 0:
        return _ns_tricks(A, tt, hands, trump, leader, psuit, prank, nplayed, np.int64(-1))
    if mode == 1:
        return _card_values(A, tt, hands, trump, leader, psuit, prank, nplayed, out)
    if 3 <= mode <= 5:
        return _bounded(A, tt, hands, trump, leader, psuit, prank, nplayed, mode, out)
    if mode == 7:
        _dd_strain(A, tt, hands, trump, out)
        return np.int64(0)
    _dd_table(A, tt, hands, out)
    return np.int64(0)


@njit(cache=True, _nrt=False)
def _solve_within(A, tt, hands, trump, leader, psuit, prank, nplayed, mode, out):
    """:func:`_solve`'s modes 3, 4 and 5 (the ones that allocate nothing) compiled without reference counts,
    for callers in numba that make many small searches (the ABC search: about 14,000 a triple, where
    counting the references of the six arrays at each call level was 2% of the time); -1 for another
    mode.  It refuses the debugging re-checks (``ODEBUG`` 64 and 256): they are :func:`_solve`'s."""
    if A[ODEBUG] & (64 | 256):
        raise ValueError("the debugging re-checks need dd.solve, not dd.solve_within")
    if 3 <= mode <= 5:
        return _bounded(A, tt, hands, trump, leader, psuit, prank, nplayed, mode, out)
    return np.int64(-1)


# Public entries (the names code outside the engine calls; ``_solve`` stays for the tests).
solve = _solve
solve_within = _solve_within


