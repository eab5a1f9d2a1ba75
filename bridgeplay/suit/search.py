"""Exact best-defence search for single-suit play over Pareto fronts of payoff vectors.

The value of a public position is the Pareto front of payoff vectors over the worlds
still possible there (DESIGN.md, "Exact best defence"):

* MAX node (declarer to play): Pareto maximum of the union of the children's fronts;
* MIN node (a defender to play): child ``c`` holds the worlds where card ``c`` is
  legal; a combined vector is, per world, the minimum over the cards legal there; the
  front is the Pareto maximum over all combinations;
* leaves: payoff vectors.

Payoffs are stored as threshold levels (see :mod:`bridgeplay.engine.vectors`): at a
node, level ``i`` holds the worlds where declarer takes at least ``ths[i]`` *more*
tricks.  A target problem has one level; maximising expected tricks uses one level per
possible trick.  Positions at trick boundaries are transposed on (North, South,
defenders' cards, worlds, lead, live thresholds); declarer's equivalent cards are
merged; the defenders' never are (they may false-card, and who holds an "equal" card
decides who wins the trick).
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass

import numpy as np

from bridgeplay import config
from bridgeplay.cards import E, N, S, W, ranks_of
from bridgeplay.engine.ddsuit import dd_after_leads, dd_tricks
from bridgeplay.engine.suit import (
    AGAIN,
    INFO,
    LEAD_E,
    LEAD_FREE,
    LEAD_N,
    LEAD_S,
    LEAD_W,
    STOP,
    follow_plays,
    new_memos,
    representatives,
    set_context,
    solve_node,
    trick_winner,
    world_bitsets,
)
from bridgeplay.engine.vectors import (
    find_superset,
    int_to_words,
    max_values,
    values,
    weight_table,
    words_to_int,
)
from bridgeplay.errors import TimeUp


def _threshold(it: np.ndarray, a: int, tau: Threshold | None) -> Threshold:
    """The threshold a report gives row ``a`` (see ``_node``'s ``info_t``): one, or one per objective."""
    if isinstance(tau, np.ndarray):
        return it[a, : len(tau)].copy()
    return float(it[a, 0])


@dataclass
class Decision:
    """One node of the strategy tree: declarer's play, and the defenders' replies below it."""

    seat: int  # who plays
    rank: int  # 0 = discard, -1 = defender exits
    worlds: int  # bitset of root worlds in which this node is reached (under the strategy)
    children: list[Decision]
    # a defender's card after which the line gains nothing more in any world reaching it (a target
    # problem: it fails there), so declarer's later plays do not matter and are not shown
    decided: bool = False
    # ... of those, a card the defence does no better with than with another: declarer could still gain
    # something here in some world reaching it (double dummy, so some continuation would), but in every
    # such world another card of the defence's beats the line; ``avoided`` False: nothing can be gained
    avoided: bool = False


PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes() -> int | None:
    """This process's resident memory (Linux ``/proc``; None elsewhere)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return None


def _trim_heap() -> None:
    """Give the C heap's free pages back to the system (glibc's ``malloc_trim``; nothing elsewhere), so that
    the resident size a memory budget starts from is what the process uses: memory freed by earlier work and
    still resident would otherwise absorb a search's growth unseen."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


class Budget:
    """A time limit and a memory budget over the searches registered with it.  A watcher thread wakes every
    :data:`config.BUDGET_POLL` seconds; when the time is up, or the process has grown by more than
    ``max_memory`` bytes since the budget began (its memos, in the kernels' typed containers), it sets
    the searches' stop slot (``engine.suit.STOP``: the search kernel releases the GIL and reads it at
    every position), and each search raises :class:`TimeUp` (with the reason) when its kernel returns.
    Use it as a context manager, or call :meth:`cancel` when the work is done."""

    def __init__(self, seconds: float | None, max_memory: int | None = None) -> None:
        self.seconds = seconds
        self.max_memory = max_memory
        self.reason: str | None = None
        self._flags: list[np.ndarray] = []
        self._lock = threading.Lock()
        self._done = threading.Event()
        if max_memory is not None:
            _trim_heap()
        self._base = resident_bytes() if max_memory is not None else None
        self._deadline = None if seconds is None else time.perf_counter() + max(0.0, seconds)
        self._thread: threading.Thread | None = None
        if self._deadline is not None or self._base is not None:
            self._thread = threading.Thread(target=self._watch, daemon=True)
            self._thread.start()

    @property
    def expired(self) -> bool:
        return self.reason is not None

    def register(self, *flags: np.ndarray) -> None:
        with self._lock:
            self._flags.extend(flags)
            if self.expired:
                for f in flags:
                    f[STOP] = 1

    def _watch(self) -> None:
        while True:
            wait = config.BUDGET_POLL
            if self._deadline is not None:
                wait = min(wait, max(0.0, self._deadline - time.perf_counter()))
            if self._done.wait(wait):
                return
            if self._deadline is not None and time.perf_counter() >= self._deadline:
                self._expire("time limit")
                return
            if self._base is not None and self.max_memory is not None:
                now = resident_bytes()
                if now is not None and now - self._base > self.max_memory:
                    self._expire("memory")
                    return

    def _expire(self, reason: str) -> None:
        with self._lock:
            self.reason = reason
            for f in self._flags:
                f[STOP] = 1

    def cancel(self) -> None:
        self._done.set()

    def __enter__(self) -> Budget:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cancel()


NO_PRUNE = -1.0  # threshold below every vector's value: keep the whole front
_NO_TV = np.zeros(0)  # (no objectives: the one threshold)
Threshold = float | np.ndarray  # one threshold, or one per objective (see SuitSearch.first_move_all)
_NO_OTAB = np.zeros((0, 0, 0))
SLACK = 1e-9  # below a proven lower bound, so that floating sums never prune the best vector
# above a line's value, so that a search for rows worth more finds only better lines: less than the least gap
# between two lines' values (a multiple of the least world weight's unit: a-priori weights are multiples of
# 1 / C(26, 13) ~ 9.6e-8), as TOP_BETTER in the kernel and the 1e-9 of ties in bridgeplay.suit.exact
WINDOW = 1e-9
BEAM = config.SUIT_BEAM  # rows kept per node by the lower-bound search
SMALL = config.SUIT_SMALL  # up to this many worlds the first moves are solved without a lower-bound threshold


class SuitSearch:
    """Exact solver state for one problem (worlds fixed); the search itself is :func:`_node`.

    Relevant worlds: a position is searched over one bitset of worlds per level
    (``xs``).  At a defender's (MIN) node the replies are solved one after the other, and
    a world that one reply loses in every vector (at some level) is lost in every
    combined vector there, so it is dropped from the worlds the later replies are solved
    over.  A front's bits outside ``xs`` are 0 and mean "lost or irrelevant"; the front
    over ``xs`` is the projection of the front over all worlds, so values are unchanged.

    Threshold pruning (``tau``): a node asked for threshold ``tau`` returns at least the
    vectors of its front whose value (Σ over levels and worlds of the root probability)
    is ``>= tau``; no other vector can be part of a root vector worth the bound the root
    asked for (a reply at a MIN node gets ``tau`` minus the most the worlds outside it can
    add).  Fronts are memoised with the threshold they were computed for and reused for
    any threshold at least as high.  :meth:`first_moves` gets each first move's threshold
    from a lower-bound search that keeps only the best few vectors per node (a set of real
    strategies, so its value is achievable).

    Double-dummy worlds (:meth:`makeable`): at a level, a world where declarer cannot take the
    level's tricks even seeing every card is lost in every vector, so the first plays are solved
    over the other worlds only; a level no world can make is dropped at once.  The same holds
    after each first lead (:meth:`play_x`) and at every trick boundary inside the search (the
    kernel keeps a double-dummy table per boundary position, see ``_dd_tables``): a front over
    fewer worlds and levels has fewer rows, and equal positions reached along different lines
    are asked for the same worlds more often, so the memo serves them.
    """

    def __init__(self, north: int, south: int, outstanding: int, west: np.ndarray,
                 prob: np.ndarray | None = None, budget: Budget | None = None) -> None:
        self.north0 = north
        self.south0 = south
        self.outstanding = outstanding
        self.west = np.ascontiguousarray(west, dtype=np.int64)
        self.nw = len(self.west)
        self.nwords = max(1, (self.nw + 63) // 64)
        self.all = (1 << self.nw) - 1
        self.hw = world_bitsets(self.west, outstanding)
        self._has_west: list[int] | None = None
        self.allw = int_to_words(self.all, self.nwords)
        self.wts = np.zeros(self.nwords * 64)
        self._wtab = None  # weight_table(self.wts), made when first used
        self._lightest: float | None = None  # the least positive weight of a world (see first_move_all)
        # counters of the exact search: positions solved, pairs of rows combined, the most pairs in one node,
        # declarer's rows unioned, top nodes proved by levels (4), by the split bound (5), by an aspiration
        # combination (6), flattened top nodes solved again the usual way (7), proved flattened (8), aspiration
        # combinations that found rows only below the bound (9), calls of the search kernel (10), of which found in
        # the exact memo (11) and in the canonical memo (12), declarer's nodes ended by a play that wins every
        # relevant world (13); in the lower-bound search, its fronts that lost rows to the beam (14) and its exact
        # fronts kept in the exact memos (15: see share_lb); rows of the replies' combinations before and after the
        # look-ahead (16, 17: see engine.vectors._min_combine_t), expected-tricks combinations the levels' sum bound
        # proved empty (18), the stop slot (19: STOP), a first play's combinations (expected tricks, or one level)
        # the split bound proved empty (20: see engine.suit._vec_combine), a flattened top node to solve again the
        # usual way (21: AGAIN, cleared by _solve)
        self.stats = np.zeros(24, np.int64)
        self.lb_stats = np.zeros(24, np.int64)
        self.budget = budget
        if budget is not None:
            budget.register(self.stats, self.lb_stats)
        self._memos = None  # the memos (bridgeplay.engine.suit.Memos), made when first used
        self._context = None
        # Pruned fronts move between transposed positions only when a world's probability
        # depends on nothing but West's length (then equal canonical worlds weigh the same);
        # without that, no pruning.
        self.length_weights = False
        self.restrict = 1
        self.dd_bound = 1  # 0: no double-dummy bound after the first lead and at trick boundaries (tests)
        self.level_bound = 1  # 0: a top node never proves its line best by levels (see _level_bound; tests)
        # a top node whose replies have this many rows or more (all told) bounds its best line by the split
        # relaxation first (bridgeplay.engine.split); 0: never (tests)
        self.split_bound = config.SUIT_SPLIT_MIN_ROWS
        self.trick_canon = 1  # 0: positions inside a trick are transposed only when equal (tests)
        # 1: a first play whose third hand has one card to play is solved over pairs of defenders' cards first
        # (see bridgeplay.engine.suit._node); 0: never (tests)
        self.flatten = 1
        # 1: declarer following to a trick plays only the lowest of his cards that cannot beat the card winning it
        # (see bridgeplay.engine.rules._follow_plays); 0: every one (tests)
        self.low_dead = 1
        # a position found in the memo solved for a higher threshold than the one asked is solved for a lower one
        # still: the gap again, this many times (0: for the one asked; tests)
        self.miss_step = config.SUIT_MISS_STEP
        # 1: first_move_all asks an objective whose lower bound is below what another play reaches only for
        # better rows (a null window, see there); 0: for rows worth the bound (tests)
        self.null_window = 1 if config.SUIT_NULL_WINDOW else 0
        # 1: ... the best play's objectives too (its line is then read off a search of that objective alone, see
        # line_front); 0: only a play below what another reaches (tests)
        self.null_best = 1 if config.SUIT_NULL_BEST else 0
        # 1: at declarer's turn, a play whose front wins every relevant world at every level ends the node (the
        # other plays are not searched: see bridgeplay.engine.suit._node); 0: every play is searched (tests)
        self.full_cut = 1
        # 1: a lower-bound front that lost no row to the beam anywhere below it is exact, and is kept in the exact
        # memos too (see bridgeplay.engine.suit._node); 0: never (tests)
        self.share_lb = 1 if config.SUIT_SHARE_LB else 0
        # 1: the search over several objectives does not combine whole rows for expected tricks where the levels'
        # bests add up to less than its threshold (see bridgeplay.engine.suit._vec_combine); 0: it does (tests)
        self.sum_bound = 1 if config.SUIT_SUM_BOUND else 0
        # 1: a first play's search bounds its combinations for the expected tricks and for each level by the split
        # relaxation before forming them (see bridgeplay.engine.suit._vec_combine); 0: never (tests)
        self.first_split = 1 if config.SUIT_FIRST_SPLIT else 0
        # 1: a position of a search over several objectives some of whose levels hold no world is solved over its
        # live levels alone, its front widened back (see bridgeplay.engine.suit._node): narrower rows, and one memo
        # entry for the same thresholds at other levels; 0: over every level (tests)
        self.narrow = 1
        # 1: at a trick boundary, a position whose every live level declarer's top cards take in every world (see
        # bridgeplay.engine.suit._sure_tricks) is won at once, unsearched; 0: searched (tests)
        self.sure_cut = 1
        self._noinfo = (np.zeros((INFO + 1, 1), np.uint64), np.zeros((INFO + 1, 1)), np.zeros(16 + 2 * INFO, np.int64))
        self._tops: dict = {}  # top nodes solved (see _solve), with how the search solved them
        self._otabs: dict[int, np.ndarray] = {}  # levels -> the objectives' weight tables (see objectives)
        self._cfgs: dict[tuple, np.ndarray] = {}  # the kernel's settings array, by the settings (see _solve)
        self._ths: dict[tuple[int, ...], np.ndarray] = {}  # levels' thresholds as the kernel's array
        self._oweights: dict[int, np.ndarray] = {}  # ... and their weights per bit of a row
        self.first_all: dict[tuple, tuple] = {}  # (thresholds, seat, rank) -> (worlds, thresholds, front) of
        # first_move_all's search
        self.first_tau: dict[tuple[int, int], float] = {}  # first play -> the threshold it was solved with
        self._dd: dict[int, np.ndarray] = {}  # root lead rule -> declarer's double-dummy tricks per world
        self._lead_dd: dict[int, dict[tuple[int, int], np.ndarray]] = {}  # the same after each first lead
        self._root_lead = LEAD_FREE
        self.root_x: tuple[int, ...] | None = None  # the worlds per level the first plays are solved over (at most)
        self._dd_root = False  # the first plays are solved at the problem's root, over double-dummy worlds
        self.first_x: dict[tuple[int, int], tuple[int, ...]] = {}  # first play -> its worlds per level
        self._play_x: dict[tuple, tuple[int, ...]] = {}  # play_x's answers (it is asked twice per play)
        if prob is not None:
            self.set_prob(prob)

    def set_prob(self, prob: np.ndarray) -> None:
        """World probabilities, which threshold pruning measures vectors with."""
        prob = np.asarray(prob, dtype=np.float64)
        self.wts[:] = 0.0
        self.wts[: self.nw] = prob
        self._wtab = None
        self._otabs = {}  # (the objectives' tables were made with the old weights)
        self._oweights = {}
        self._lightest = None
        by_len: dict[int, float] = {}
        ok = True
        for w, p in zip(self.west.tolist(), prob.tolist()):
            if by_len.setdefault(bin(w).count("1"), p) != p:
                ok = False
        self.length_weights = ok
        # stored fronts were pruned with the old weights
        self._memos = None
        self._tops = {}

    @property
    def has_west(self) -> list[int]:
        """Per rank, the worlds (bitset) in which West holds it; made when first used."""
        if self._has_west is None:
            self._has_west = [words_to_int(self.hw[r]) for r in range(15)]
        return self._has_west

    @property
    def wtab(self) -> np.ndarray:
        if self._wtab is None:
            self._wtab = weight_table(self.wts, self.nwords)
        return self._wtab

    @property
    def memos(self):
        if self._memos is None:
            self._memos = new_memos()
            self._context = None  # (what the memos hold for the kernel, see _solve)
        return self._memos

    @property
    def nodes(self) -> int:
        """Positions solved (exact search and lower-bound search)."""
        return int(self.stats[0] + self.lb_stats[0])

    # -- helpers -------------------------------------------------------------
    def holds(self, seat: int, rank: int) -> int:
        return self.has_west[rank] if seat == W else self.all & ~self.has_west[rank]

    def void(self, seat: int, defenders: int) -> int:
        if seat == W:
            any_w = 0
            for r in ranks_of(defenders):
                any_w |= self.has_west[r]
            return self.all & ~any_w
        all_w = self.all
        for r in ranks_of(defenders):
            all_w &= self.has_west[r]
        return all_w

    def row(self, xs: tuple[int, ...]) -> np.ndarray:
        """Per-level world bitsets as one row of words."""
        shift = 64 * self.nwords
        v = 0
        for i, x in enumerate(xs):
            v |= x << (i * shift)
        return np.frombuffer(v.to_bytes(len(xs) * 8 * self.nwords, "little"), dtype=np.uint64).copy()

    def ints(self, row: np.ndarray, L: int) -> list[int]:
        """Inverse of :meth:`row`."""
        v = int.from_bytes(np.ascontiguousarray(row, dtype=np.uint64).tobytes(), "little")
        shift = 64 * self.nwords
        mask = (1 << shift) - 1
        return [(v >> (i * shift)) & mask for i in range(L)]

    def prob_of(self, xs) -> float:
        """Σ over levels of the probability of the worlds in ``xs``."""
        return float(values(self.row(tuple(xs)).reshape(1, -1), self.wts, self.nwords)[0])

    def full_row(self, x, levels: int) -> np.ndarray:
        xs = x if isinstance(x, tuple) else (x,) * levels
        return self.row(xs).reshape(1, levels * self.nwords)

    @staticmethod
    def _xs(x, L: int) -> tuple[int, ...]:
        return tuple(x) if isinstance(x, (tuple, list)) else (x,) * L

    # -- search ----------------------------------------------------------------
    def _solve(self, north: int, south: int, dfd: int, leader: int, table: tuple, lead: int,
               ths: tuple[int, ...], x, tau: Threshold, lower: bool = False, top: bool = False, report: bool = False,
               tv: np.ndarray | None = None):
        """Front of a position (``top``: also how the search solved it, see :func:`_node`).

        ``report``: only how the search solved it, as (empty front, info, key): from the top node
        solved with these arguments if there is one, else from ``_node``'s ``top`` = 2 (an inner node).
        """
        if isinstance(tau, np.ndarray):
            tv, tau = tau, NO_PRUNE
        L = len(ths)
        xs = x if isinstance(x, np.ndarray) else self.row(self._xs(x, L))
        if len(table) == 4:
            winner = trick_winner(leader, table[0][1], table[1][1], table[2][1], table[3][1])
            if winner in (N, S):
                ths = tuple(t - 1 for t in ths)
                lead = LEAD_FREE
            else:
                lead = LEAD_W if winner == W else LEAD_E
            table = ()
            leader = 0
        rs = [r for _, r in table] + [0] * (3 - len(table))
        if not self.length_weights:
            tau = NO_PRUNE
        # (the arrays of the settings and of the levels made once: a line read off the search calls this some ten
        # thousand times, mostly to find a front in the memo)
        flags = (L, lower, self.length_weights, self.restrict, self.level_bound, self.dd_bound, self.split_bound,
                 self.trick_canon, self.flatten, self.low_dead, self.miss_step, self.full_cut, self.share_lb,
                 self.sum_bound, self.first_split, self.narrow, self.sure_cut)
        cfg = self._cfgs.get(flags)
        if cfg is None:
            cfg = self._cfgs[flags] = np.array(
                [self.nwords, L, BEAM if lower else 0, 1 if self.length_weights else 0, 0 if lower else self.restrict,
                 self.level_bound, self.dd_bound, self.split_bound, self.trick_canon, self.flatten, self.low_dead,
                 round(100 * self.miss_step), self.full_cut, self.share_lb, self.sum_bound, self.first_split,
                 self.narrow, 0, self.sure_cut],  # ([17]: set by the kernel in a narrowed entry, see
                # engine.suit._narrow_args)
                np.int64)
        tha = self._ths.get(ths)
        if tha is None:
            tha = self._ths[ths] = np.array(ths, dtype=np.int64)
        stats = self.lb_stats if lower else self.stats
        m = L * self.nwords
        info = self._noinfo
        if top or report:
            ckey = (north, south, dfd, leader, table, lead, ths, xs.tobytes(), float(tau), lower,
                    None if tv is None else tv.tobytes())
            if ckey in self._tops:
                # a top node is not memoised in the search; the strategy walks the best line's again
                front, info = self._tops[ckey]
                return front, info, (north, south, dfd, leader, table, lead, ths)
            info = (np.zeros((INFO + 1, m), np.uint64), np.zeros((INFO + 1, 1 if tv is None else len(tv))),
                    np.zeros(16 + 2 * INFO, np.int64))
        memos = self.memos
        otab = _NO_OTAB if tv is None else self.objectives(L)
        ctx = self._context
        if ctx is None or ctx[0] is not otab or ctx[1] is not info:
            # (the search's constants, kept in its memos: see engine.suit._set_context; set again only when the
            # objectives or the report arrays change)
            set_context(memos, self.hw, self.allw, self.west, self.wtab, otab, *info)
            self._context = (otab, info)
        front = solve_node(
            cfg, stats, memos, 1 if lower else 0, north, south, dfd, leader, rs[0], rs[1], rs[2], len(table), lead,
            tha, xs, float(tau), _NO_TV if tv is None else tv, 1 if top else 2 if report else 0, 0,
        )
        if stats[AGAIN]:
            # a flattened top node the pairs' bound could not prove: solved again the usual way (see engine.suit.AGAIN)
            stats[AGAIN] = 0
            plain = cfg.copy()
            plain[9] = 0
            front = solve_node(
                plain, stats, memos, 1 if lower else 0, north, south, dfd, leader, rs[0], rs[1], rs[2], len(table),
                lead, tha, xs, float(tau), _NO_TV if tv is None else tv, 1 if top else 2 if report else 0, 0,
            )
        if stats[STOP]:
            raise TimeUp(self.budget.reason if self.budget is not None and self.budget.reason else "time limit")
        if report and not top:
            return front, info, (north, south, dfd, leader, table, lead, ths)
        if top:
            self._tops[ckey] = (front, info)
            return front, info, (north, south, dfd, leader, table, lead, ths)
        return front

    def objectives(self, L: int) -> np.ndarray:
        """The L + 1 objectives of a search over L levels, each level alone (the chance of its number of tricks),
        then all of them (expected tricks), as the kernel takes them: one entry per objective (only their number is
        read there: an objective weighs its words of a row by the search's own table :attr:`wtab`, see
        engine.vectors._obj_span).  Also made here: the objectives' weights per bit of a row (``_oweights``), which
        :meth:`objective_values` uses."""
        if L not in self._otabs:
            # (level lv's worlds weigh their probability in objective lv and in the expected tricks, zero elsewhere)
            nwords, nw = self.nwords, self.nw
            ow = np.zeros((L + 1, 64 * L * nwords))
            for lv in range(L):
                for k in (lv, L):
                    ow[k, lv * 64 * nwords:lv * 64 * nwords + nw] = self.wts[:nw]
            self._oweights[L] = ow
            self._otabs[L] = np.zeros((L + 1, 0, 0))
        return self._otabs[L]

    def lb_objectives(self, L: int) -> np.ndarray:
        """The threshold argument of a lower-bound search for every objective of L levels: none pruned, and its rows
        capped per objective (the best few for each number of tricks, besides the best for expected tricks)."""
        self.objectives(L)
        return np.full(L + 1, NO_PRUNE)

    def objective_values(self, front: np.ndarray, L: int) -> np.ndarray:
        """Per objective (see :meth:`objectives`), the most a row of ``front`` is worth (-1: no row)."""
        self.objectives(L)
        # (one kernel call for every objective: a call per objective from Python cost more than many searches)
        return max_values(front, self._oweights[L], L * self.nwords)

    def first_move_all(self, north: int, south: int, dfd: int, ths: tuple[int, ...], seat: int, r: int,
                       floor: np.ndarray | None = None, ahead: np.ndarray | None = None,
                       line: int | None = None, lb: np.ndarray | None = None,
                       lbv: np.ndarray | None = None) -> np.ndarray:
        """One first play's exact value for every objective at once (after :meth:`start`): each level's chance
        and the expected tricks, in one search whose fronts keep the rows worth some objective's threshold.

        Each threshold is what a lower-bound search's best row gives that objective, or ``floor[k]`` when
        higher (the best other first plays reach: only a play at least as good matters), or the lightest
        world's weight when both are 0 and the level is not empty (a line that wins anything wins that much).
        An objective whose lower bound already equals the most its worlds can give (double dummy after this
        lead) is not searched at all.  Values per objective: a value below ``floor[k]`` is -1.

        Null window (:attr:`null_window`): an objective whose lower bound reaches its floor but not ``ahead[k]``
        (what another play reaches already: the expected tricks, whose floor is 0 as every play's value is
        wanted) is asked only for rows worth more than the bound (by :data:`WINDOW`, less than any two values of
        different lines differ: see there).  The lower bound is a real line's value, and nearly always the
        play's exact value: then no row is found, the search proves it sooner (a defender's reply with no row
        worth its threshold ends its node), and the value is the bound; else the rows found are every row worth
        more, and their best is the value.  A play below ``ahead[k]`` has no line to read for ``k``; one that
        beats it has its best row in the front all the same (:meth:`line_front` solves a play again when not).

        ``line``: the front of the best line for objective ``line`` alone (the others not searched), with the
        threshold ``floor[line]`` (the play's known value), for its strategy; kept in :attr:`first_all` under
        (thresholds, seat, rank, line).  ``lb``: the play's lower-bound front when the caller has it already
        (:class:`bridgeplay.suit.exact.AllTargets` orders the plays by it), else it is solved here; ``lbv``: its
        value per objective, floored at 0, when the caller has that too.
        """
        L = len(ths)
        x = self.play_x(ths, seat, r)
        self.objectives(L)
        xr = self.row(self._xs(x, L)).reshape(1, -1)
        ub = self.objective_values(xr, L)
        known, lbv = lbv, np.zeros(L + 1)
        if self.length_weights and self.nw > SMALL:
            if lb is None:
                lb = self.lead_front(north, south, dfd, x, ths, seat, r, self.lb_objectives(L), lower=True)
            if known is not None:
                lbv = known
            elif lb.shape[0]:
                lbv = np.maximum(self.objective_values(lb, L), 0.0)
        if floor is None:
            floor = np.zeros(L + 1)
        if self._lightest is None:
            self._lightest = float(self.wts[: self.nw][self.wts[: self.nw] > 0].min())
        lightest = self._lightest
        done = lbv >= ub - SLACK  # proved by the lower bound (or nothing to win)
        tv = np.where(done, np.inf, np.maximum(np.maximum(lbv, floor), lightest) - SLACK)
        window = np.zeros(L + 1, np.bool_)
        if line is not None:
            done[:] = True
            done[line] = False
            tv = np.full(L + 1, np.inf)
            tv[line] = floor[line] - SLACK
        elif self.null_window:
            if ahead is None:
                ahead = np.zeros(L + 1)
            window = ~done & (lbv > 0) & (lbv >= floor - SLACK) & ((lbv < ahead - SLACK) | bool(self.null_best))
            # (the levels' windows a share of the expected tricks' one: when the best line for expected tricks is the
            # best for every level too, the levels' thresholds then add up to less than its threshold, and the search
            # proves it without combining whole rows: see engine.suit._vec_combine)
            wins = np.full(L + 1, WINDOW / (L + 1) if self.sum_bound else WINDOW)
            wins[L] = WINDOW
            tv = np.where(window, lbv + wins, tv)
        if not self.length_weights:
            done[:] = False
            window[:] = False
            tv[:] = NO_PRUNE
        out = np.where(done, lbv, -1.0)
        if not done.all():
            n2, s2 = (north & ~(1 << r), south) if seat == N else (north, south & ~(1 << r))
            f = self._solve(n2, s2, dfd, seat, ((seat, r),), LEAD_FREE, ths, x, NO_PRUNE, tv=tv)
            self.first_all[(ths, seat, r) if line is None else (ths, seat, r, line)] = (x, tv, f)
            found = self.objective_values(f, L)
            out = np.where(done, lbv, np.where(found >= tv, found, np.where(window, lbv, -1.0)))
            if not self.length_weights:
                out = found
        return out

    def line_front(self, north: int, south: int, dfd: int, ths: tuple[int, ...], seat: int, r: int, k: int,
                   value: float) -> tuple:
        """(worlds, thresholds, front) of a first play searched for objective ``k`` (see :meth:`first_move_all`),
        with its row worth ``value`` (the play's value for ``k``): the play's own search when it kept that row,
        else the play solved again for ``k`` alone at that threshold (in the same memos: mostly found there)."""
        got = self.first_all[(ths, seat, r)]
        # (a play searched for rows worth more than its value for k, a null window, has no line to read for k)
        if got[1][k] <= value and got[2].shape[0] and self.objective_values(got[2], len(ths))[k] >= value - SLACK:
            return got
        key = (ths, seat, r, k)
        if key not in self.first_all:
            floor = np.zeros(len(ths) + 1)
            floor[k] = value
            self.first_move_all(north, south, dfd, ths, seat, r, floor=floor, line=k)
        return self.first_all[key]

    def boundary(self, north: int, south: int, dfd: int, x, lead: int, ths: tuple[int, ...],
                 tau: float = NO_PRUNE) -> np.ndarray:
        """Front at the start of a trick, over the levels ``ths`` (future-trick thresholds).

        ``x``: the worlds (one bitset, or one per level) the front is wanted over.
        """
        return self._solve(north, south, dfd, 0, (), lead, ths, x, tau)

    def play(self, north: int, south: int, dfd: int, x, ths: tuple[int, ...], leader: int, table: tuple,
             tau: float = NO_PRUNE) -> np.ndarray:
        """Front of a position inside a trick: ``table`` holds (seat, rank) played so far (rank 0 = discard)."""
        return self._solve(north, south, dfd, leader, table, LEAD_FREE, ths, x, tau)

    def lead_choices(self, north: int, south: int, dfd: int, seat: int) -> list[int]:
        hand, other = (north, south) if seat == N else (south, north)
        return ranks_of(representatives(hand, other | dfd))

    def lead_front(self, north: int, south: int, dfd: int, x, ths: tuple[int, ...], seat: int, r: int,
                   tau: Threshold = NO_PRUNE, lower: bool = False, best: bool = False):
        """Front after declarer leads ``r`` from ``seat``; ``best``: only rows that may be the most valuable."""
        n2, s2 = (north & ~(1 << r), south) if seat == N else (north, south & ~(1 << r))
        out = self._solve(n2, s2, dfd, seat, ((seat, r),), LEAD_FREE, ths, x, tau, lower, top=best)
        return out[0] if best else out

    def dd(self, lead: int = LEAD_FREE) -> np.ndarray:
        """Declarer's double-dummy tricks per world from the root (made when first asked for)."""
        if lead not in self._dd:
            # after each first lead the rule allows, then the most of them: one minimax for both
            plays = self.first_plays(self.north0, self.south0, self.outstanding, lead)
            if plays:
                rows = dd_after_leads(self.north0, self.south0, self.outstanding, self.west, plays)
                self._lead_dd[lead] = dict(zip(plays, rows))
                self._dd[lead] = rows.max(axis=0)
            else:  # (the hand the rule names is void: dd_tricks lets the other lead)
                self._lead_dd[lead] = {}
                self._dd[lead] = dd_tricks(self.north0, self.south0, self.outstanding, self.west, lead)
        return self._dd[lead]

    def share_dd(self, other: SuitSearch) -> None:
        """Use the double-dummy tricks ``other`` (a search of the same problem) has made already."""
        self._dd.update(other._dd)
        self._lead_dd.update(other._lead_dd)

    def makeable(self, lead: int, ths: tuple[int, ...]) -> tuple[int, ...]:
        """Per level, the worlds where declarer can take ``ths[level]`` tricks double dummy.

        Only they can be won at that level by any line: every other world is 0 there in every
        payoff vector, so a front over these worlds is the front over all, projected (no value
        changes), and the thresholds' bounds on what the worlds outside a reply can add shrink.
        """
        return self._at_least(self.dd(lead), ths)

    @staticmethod
    def _at_least(dd: np.ndarray, ths: tuple[int, ...]) -> tuple[int, ...]:
        out = []
        for t in ths:
            bits = np.packbits(dd >= t, bitorder="little")
            out.append(int.from_bytes(bits.tobytes(), "little"))
        return tuple(out)

    def play_x(self, ths: tuple[int, ...], seat: int, r: int) -> tuple[int, ...]:
        """The worlds per level a first play is solved over: :attr:`root_x`, less the worlds where,
        once ``r`` is led from ``seat``, declarer cannot take the level's tricks even double dummy.

        Sound for the same reason as :meth:`makeable` (no line that starts with this lead takes more
        in a world than the double-dummy play after it), and tighter: a level can empty for one lead
        (KJ972/3: after any lead from North no world makes three tricks), and a front over fewer
        worlds and levels has fewer rows.
        """
        if not self._dd_root or not self.dd_bound:
            return self.root_x
        key = (ths, seat, r, self._root_lead, self.root_x)
        x = self._play_x.get(key)
        if x is None:
            dd = self._lead_dd[self._root_lead].get((seat, r))
            x = self.root_x if dd is None else tuple(a & b for a, b in zip(self.root_x, self._at_least(dd, ths)))
            self._play_x[key] = x
        return x

    def first_moves(self, north: int, south: int, dfd: int, lead: int, ths: tuple[int, ...],
                    prob: np.ndarray) -> list[tuple[int, int, np.ndarray, float, int]]:
        """Every distinct first play with its exact value: (seat, rank, front, value, index of the best row).

        :meth:`start`, then :meth:`first_move` for each of :meth:`first_plays` in turn.
        """
        self.start(north, south, dfd, lead, ths, prob)
        plays = self.first_plays(north, south, dfd, lead)
        return [self.first_move(north, south, dfd, ths, seat, r) for seat, r in plays]

    def first_plays(self, north: int, south: int, dfd: int, lead: int) -> list[tuple[int, int]]:
        """Declarer's distinct first plays (seat, rank): North's before South's, high cards first."""
        out = []
        for seat in (N, S):
            if lead == LEAD_N and seat != N or lead == LEAD_S and seat != S:
                continue
            out += [(seat, r) for r in self.lead_choices(north, south, dfd, seat)]
        return out

    def start(self, north: int, south: int, dfd: int, lead: int, ths: tuple[int, ...], prob: np.ndarray) -> None:
        """World weights, and the worlds per level (:attr:`root_x`) the first plays are solved over:
        at the problem's own root, the ones :meth:`makeable` leaves."""
        self.set_prob(prob)
        root = (north, south, dfd) == (self.north0, self.south0, self.outstanding)
        # (up to SMALL worlds nothing is pruned, and the bound would only cost its time)
        self._dd_root = root and self.nw > SMALL
        self._root_lead = lead
        self.root_x = self.makeable(lead, ths) if self._dd_root else (self.all,) * len(ths)

    def first_move(self, north: int, south: int, dfd: int, ths: tuple[int, ...], seat: int,
                   r: int, floor: float = 0.0) -> tuple[int, int, np.ndarray, float, int]:
        """One first play's exact value (after :meth:`start`): (seat, rank, front, value, index of the best row).

        The front is solved with the threshold of a lower-bound search and, at its top (the
        defender's reply to the lead), keeps only rows that may be the most valuable: worlds no
        later reply can clear are weighed as a sum instead of compared bit by bit
        (:func:`bridgeplay.engine.vectors._pareto_open`), so its best row is the best line's vector.
        ``floor``: the play's value is known to be at least this (the threshold is then at least it).
        """
        x = self.play_x(ths, seat, r)
        self.first_x[(seat, r)] = x
        tau = NO_PRUNE
        if self.length_weights and self.nw > SMALL:
            lb = self.lead_front(north, south, dfd, x, ths, seat, r, NO_PRUNE, lower=True)
            if lb.shape[0]:
                tau = float(values(lb, self.wts, self.nwords).max()) - SLACK
            if floor > 0:
                tau = max(tau, floor - SLACK)
        f = self.lead_front(north, south, dfd, x, ths, seat, r, tau, best=True)
        if f.shape[0] == 0:  # cannot happen: the lower bound is achieved; stay exact regardless
            tau = NO_PRUNE
            f = self.lead_front(north, south, dfd, x, ths, seat, r, tau, best=True)
        self.first_tau[(seat, r)] = tau
        vals = values(f, self.wts, self.nwords)
        i = int(np.argmax(vals))
        return (seat, r, f, float(vals[i]), i)

    def follow_choices(self, north: int, south: int, dfd: int, seat: int, table: tuple) -> list[int]:
        hand, other = (north, south) if seat == N else (south, north)
        on_table = 0
        for _, r in table:
            if r:
                on_table |= 1 << r
        win = max((r for _, r in table), default=0) if self.low_dead else 0
        return ranks_of(follow_plays(hand, other | dfd | on_table, win))

    # -- evaluation --------------------------------------------------------------
    def weights(self, prob: np.ndarray) -> np.ndarray:
        w = np.zeros(self.nwords * 64)
        w[: self.nw] = prob
        return w

    def values(self, front: np.ndarray, prob: np.ndarray) -> np.ndarray:
        return values(front, self.weights(prob), self.nwords)

    def row_levels(self, row: np.ndarray, L: int) -> list[int]:
        """A front row as one world bitset (Python int) per level."""
        return self.ints(row, L)

    def levels_row(self, levels: list[int]) -> np.ndarray:
        return self.row(tuple(levels))

    # -- strategy reconstruction ----------------------------------------------------
    def explain_play(
        self, north: int, south: int, dfd: int, x: int, ths: tuple[int, ...], leader: int, table: tuple,
        need: list[int], depth: int, xs=None, tau: Threshold | None = None, focus: tuple[int, ...] | None = None,
    ) -> list[Decision]:
        """Declarer's decisions below an in-trick position that guarantee ``need`` (levels of worlds).

        ``x``: the worlds in which the position is reached (shown); ``xs`` the worlds per level it is
        solved over (default ``x``); ``tau`` the threshold (default: the value of ``need``, which
        every call of the search that led to ``need`` used or undercut, so the fronts come from the memo).
        """
        return self._explain(north, south, dfd, leader, table, LEAD_FREE, ths, x, xs, need, tau, depth, focus)

    def explain_boundary(
        self, north: int, south: int, dfd: int, x: int, lead: int, ths: tuple[int, ...], need: list[int], depth: int,
        xs=None, tau: float | None = None,
    ) -> list[Decision]:
        return self._explain(north, south, dfd, 0, (), lead, ths, x, xs, need, tau, depth)

    def _explain(self, north: int, south: int, dfd: int, leader: int, table: tuple, lead: int, ths: tuple[int, ...],
                 x: int, xs, need, tau: Threshold | None, depth: int,
                 focus: tuple[int, ...] | None = None) -> list[Decision]:
        L = len(ths)
        xs = xs if isinstance(xs, np.ndarray) else self.row(self._xs(x if xs is None else xs, L))
        need = need if isinstance(need, np.ndarray) else self.row(tuple(need))
        if tau is None:
            tau = self.prob_of(self.ints(need, L)) - SLACK if self.length_weights else NO_PRUNE
        if depth <= 0:
            return []
        if len(table) == 4:
            winner = trick_winner(leader, table[0][1], table[1][1], table[2][1], table[3][1])
            if winner in (N, S):
                ths, lead = tuple(t - 1 for t in ths), LEAD_FREE
            else:
                lead = LEAD_W if winner == W else LEAD_E
            table, leader = (), 0
        seat = (leader + len(table)) % 4 if table else (W if lead == LEAD_W else E if lead == LEAD_E else -1)
        if seat in (N, S) or seat == -1:
            # declarer: the first play whose front holds a vector containing ``need``
            if table:
                xs2, ths2, tau2 = xs, ths, tau
            else:
                _, (ix, it, ih), _ = self._solve(north, south, dfd, leader, table, lead, ths, xs, tau, report=True)
                xs2, ths2, tau2 = ix[INFO].copy(), tuple(int(t) for t in ih[:L]), _threshold(it, INFO, tau)
                if not self._live(xs2, L, focus) or dfd == 0 or not x:
                    return []
                need = need & xs2
            plays = []
            if table:
                hand = north if seat == N else south
                if not hand:
                    sub = self._explain(north, south, dfd, leader, table + ((seat, 0),), lead, ths, x, xs, need, tau,
                                        depth, focus)
                    return [Decision(seat, 0, x, sub)]
                plays = [(seat, r) for r in self.follow_choices(north, south, dfd, seat, table)]
            else:
                for sd in (N, S):
                    if lead == LEAD_N and sd != N or lead == LEAD_S and sd != S:
                        continue
                    plays += [(sd, r) for r in self.lead_choices(north, south, dfd, sd)]
            for sd, r in plays:
                n2 = north & ~(1 << r) if sd == N else north
                s2 = south & ~(1 << r) if sd == S else south
                ld2, t2 = (leader, table + ((sd, r),)) if table else (sd, ((sd, r),))
                f = self._solve(n2, s2, dfd, ld2, t2, LEAD_FREE, ths2, xs2, tau2)
                if find_superset(f, need) >= 0:
                    sub = self._explain(n2, s2, dfd, ld2, t2, LEAD_FREE, ths2, x, xs2, need, tau2, depth - 1, focus)
                    return [Decision(sd, r, x, sub)]
            raise AssertionError("no declarer play achieves the required vector")
        # a defender: every reply, over the worlds and threshold the search gave it
        _, (ix, it, ih), _ = self._solve(north, south, dfd, leader, table, lead, ths, xs, tau, report=True)
        if not table:
            ths = tuple(int(t) for t in ih[:L])
            if not self._live(ix[INFO], L, focus) or not x:
                return []
            need = need & ix[INFO]
        if ih[15] > 0:
            return self._explain_pairs(north, south, dfd, leader, table, ths, x, need, depth, ix, it, ih)
        out = []
        for a in range(int(ih[14])):
            r = int(ih[16 + a])
            wc = self.all if r == -1 else self.void(seat, dfd) if r == 0 else self.holds(seat, r)
            if not x & wc:
                continue
            needc = need & self.row((wc,) * L)
            if not needc.any():
                if r == -1:
                    after = (north, south, dfd, 0, ())
                else:
                    after = (north, south, dfd & ~(1 << r) if r > 0 else dfd,
                             *((leader, table + ((seat, r),)) if table else (seat, ((seat, r),))))
                gths = ths if focus is None else tuple(ths[k] for k in focus)
                out.append(Decision(seat, r, x & wc, [], decided=True, avoided=self._gains(*after, gths, x & wc)))
                continue
            if r == -1:
                sub = self._explain(north, south, dfd, 0, (), LEAD_FREE, ths, x, ix[a].copy(), needc,
                                    _threshold(it, a, tau), depth, focus)
                out.append(Decision(seat, -1, x, sub))
                continue
            d2 = dfd & ~(1 << r) if r > 0 else dfd
            ld2, t2 = (leader, table + ((seat, r),)) if table else (seat, ((seat, r),))
            sub = self._explain(north, south, d2, ld2, t2, LEAD_FREE, ths, x & wc, ix[a].copy(), needc,
                                _threshold(it, a, tau), depth, focus)
            out.append(Decision(seat, r, x & wc, sub))
        return out

    def _live(self, xs: np.ndarray, L: int, focus: tuple[int, ...] | None) -> bool:
        """Whether the worlds per level ``xs`` a trick boundary is solved over hold any world of the levels the line
        is explained for (``focus``; None: every level): once they are all made or lost there, the line is told."""
        if focus is None:
            return bool(xs.any())
        return any(xs[k * self.nwords:(k + 1) * self.nwords].any() for k in focus)

    def _gains(self, north: int, south: int, dfd: int, leader: int, table: tuple, ths: tuple[int, ...], x: int) -> bool:
        """Whether declarer can still gain anything (a level, a trick) in some world of ``x`` from this position
        (any continuation: the exact front over ``x``, unpruned, has a row with a bit in ``x``).  The front
        over worlds wins a world whenever one continuation alone does, so this is double dummy's answer."""
        if not x:
            return False
        xs = self.row((x,) * len(ths))
        f = self._solve(north, south, dfd, leader, table, LEAD_FREE, ths, xs, NO_PRUNE)
        return bool(f.shape[0]) and bool((f & xs).any())

    def _explain_pairs(self, north: int, south: int, dfd: int, leader: int, table: tuple, ths: tuple[int, ...], x: int,
                       need: np.ndarray, depth: int, ix: np.ndarray, it: np.ndarray, ih: np.ndarray) -> list[Decision]:
        """:meth:`_explain` at a flattened top node (second hand's reply to declarer's lead, third hand's one
        play, fourth hand's reply, each pair solved at the next trick's boundary; see ``_node``)."""
        L = len(ths)
        seat, s3, seat4 = (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4
        c3 = int(ih[15]) - 1
        n3 = north & ~(1 << c3) if s3 == N and c3 > 0 else north
        so3 = south & ~(1 << c3) if s3 == S and c3 > 0 else south
        # (third hand's play is a decision of declarer's: below it, one level less is shown, unless it shows out)
        d4 = depth if c3 == 0 else depth - 1
        out = []
        firsts: list[int] = []
        for a in range(int(ih[14])):
            if int(ih[16 + a]) not in firsts:
                firsts.append(int(ih[16 + a]))
        for e in firsts:
            wc = self.void(seat, dfd) if e == 0 else self.holds(seat, e)
            if not x & wc:
                continue
            d1 = dfd & ~(1 << e) if e > 0 else dfd
            if not (need & self.row((wc,) * L)).any():
                gains = self._gains(north, south, d1, leader, table + ((seat, e),), ths, x & wc)
                out.append(Decision(seat, e, x & wc, [], decided=True, avoided=gains))
                continue
            fourth = []
            for a in range(int(ih[14])) if d4 > 0 else ():
                if int(ih[16 + a]) != e:
                    continue
                w = int(ih[16 + INFO + a])
                wc4 = wc & (self.void(seat4, d1) if w == 0 else self.holds(seat4, w))
                if not x & wc4:
                    continue
                needc = need & self.row((wc4,) * L)
                d2 = d1 & ~(1 << w) if w > 0 else d1
                t4 = table + ((seat, e), (s3, c3), (seat4, w))
                if not needc.any():
                    gains = self._gains(n3, so3, d2, leader, t4, ths, x & wc4)
                    fourth.append(Decision(seat4, w, x & wc4, [], decided=True, avoided=gains))
                    continue
                sub = self._explain(n3, so3, d2, leader, t4, LEAD_FREE, ths, x & wc4, ix[a].copy(), needc,
                                    float(it[a, 0]), d4)
                fourth.append(Decision(seat4, w, x & wc4, sub))
            out.append(Decision(seat, e, x & wc, [Decision(s3, c3, x & wc, fourth)]))
        return out
