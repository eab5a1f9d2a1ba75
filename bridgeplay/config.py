"""Every tunable in one place (the numba kernels' own constants live in their modules)."""

# -- worlds and probabilities ---------------------------------------------------------------------
# Default hand size used for a-priori probabilities (vacant places per defender).
HAND_SIZE = 13
# Largest number of root worlds the exact single-suit solver accepts.
MAX_SUIT_WORLDS = 1 << 13
# The exact deal solver enumerates at most this many layouts of the defenders' cards (a 6-card ending
# with 12 unknown cards has 924); the sampling deal solvers use every layout up to this many when no
# sample size is asked for.
MAX_EXACT_LAYOUTS = 5000
# A deal's layouts are enumerated (for any purpose) only up to this many.
MAX_ENUMERATE = 200_000

# The deal searches' memos hold at most about this many bytes (then they are emptied and refilled): the
# default of --max-memory, which leaves room on a small machine.
MAX_MEMORY = 1 << 30

# The deal kind's default method (no --solver) stops after this many seconds unless --time-limit says
# otherwise: an exact search that would run for hours stops with a labelled result instead.
DEFAULT_DEAL_SECONDS = 60.0

# How often (seconds) the suit search's budget watcher looks at the clock and the process's memory.
BUDGET_POLL = 0.1

# Declarer decisions a strategy tree shows when --depth is not given; a suit's tree shows TREE_DEPTH_LONG
# (two tricks: the second finesse of AKT98/xx) when that tree has at most TREE_NODES nodes.
TREE_DEPTH = 3
TREE_DEPTH_LONG = 4
TREE_NODES = 150

# -- sampling ------------------------------------------------------------------------------------
DEFAULT_SAMPLES = 100
# Otawa & Uehara's card selection (deal problems with to_play:): |Da| deals from the decider's view, and n
# deals from each other player's view per (card, deal) for the ABC algorithm.
ABC_SAMPLES = 30
ABC_INNER_SAMPLES = 10
# threads the ABC algorithm searches the deals of Da on (side by side; --threads; at most the cores)
ABC_THREADS = 2
DEFAULT_SEED = 1
# Deals: tricks searched exactly before double-dummy leaves when neither the problem nor the options
# say: to the end in endings of at most FULL_DEPTH_TRICKS tricks, else DEFAULT_LOOKAHEAD.
FULL_DEPTH_TRICKS = 4
DEFAULT_LOOKAHEAD = 1
# What writing a sampled deal's verification table costs per distinct world (measured: 12-19 us on the 2-core
# machine): a time limit stops the sampling early enough to write it within the limit.
TABLE_SECONDS_PER_WORLD = 15e-6

# -- the exact single-suit search ------------------------------------------------------------------
# A single-suit problem's first plays are dealt in turn to SUIT_SEARCHES searches (one when it has
# at most SUIT_PARALLEL_WORLDS worlds), which up to SUIT_THREADS threads solve side by side (the
# exact kernels release the GIL); so are a ``tricks: max`` problem's targets.  The answer does not
# depend on the threads; a batch worker uses 1, its siblings have the other cores.
SUIT_SEARCHES = 2
SUIT_THREADS = 2
SUIT_PARALLEL_WORLDS = 64
# Rows kept per node by the lower-bound search that gives each first play its threshold.
SUIT_BEAM = 8
# Up to this many worlds the first plays are solved without a lower-bound threshold.
SUIT_SMALL = 8
# A top node whose replies have this many rows or more (all told) bounds its best line by the split
# relaxation first (bridgeplay.engine.split).
SUIT_SPLIT_MIN_ROWS = 64
# A position the exact search finds in its memo solved for a higher threshold than the one it is asked for is
# solved for a lower threshold still, by this many times the gap (the next asks, lower again, then find it):
# 0.5 to 2 cost the same on benchmarks/suit_vs_sss.py; 0 (the threshold asked) costs 10% more on expected tricks.
SUIT_MISS_STEP = 0.5
# ``tricks: max``: a first play's expected tricks, when its lower bound is below another play's, are searched
# with a null window (only rows worth more than the bound: see SuitSearch.first_move_all); False: from the bound.
SUIT_NULL_WINDOW = True
# ... and for the best play's as well (every target, benchmarks/suit_speed.md, seventh session): its values proved
# by the null window, its line read off a search of the one objective (SuitSearch.line_front).  False: never.
SUIT_NULL_BEST = True
# ... and a position's expected tricks not combined over whole rows where the levels' bests (or bounds on them) add
# up to less than its threshold: for any line, expected tricks = the sum of its chances per level.  The levels'
# null windows are then a share of the expected tricks' one, so that a line best for every level at once is proved
# best for expected tricks without that combination (engine.suit._vec_combine).  False: never.
SUIT_SUM_BOUND = True
# A first play's search over every target bounds each combination of the defenders' replies to the lead (for the
# expected tricks, and for each level alone) by the split relaxation before forming it, as one target's top node
# does: the null window there nearly always finds nothing (the 16 combinations of suit_vs_sss.py: 22,446 pairs of
# rows combined -> 9,499; the same values and lines).
SUIT_FIRST_SPLIT = True
# A lower-bound search's front that lost no row to SUIT_BEAM anywhere below it is the exact front (it has no
# threshold): kept in the exact search's memos as well, which then find most positions there.  False: never.
SUIT_SHARE_LB = True
# Every target: each level's floor (the value below which a first play's value for it is not wanted) starts at the
# best that the lower bounds of the search's first plays reach, not at 0 (benchmarks/suit_speed.md, eighth session).
# False: only what the plays solved before reached.
SUIT_LB_FLOOR = True

# -- trees ---------------------------------------------------------------------------------------
TREE_MAX_WORLDS = 4096
# A tree deeper than this many moves is refused (its solvers recurse along a line of play).
TREE_MAX_DEPTH = 200
# ESM on a tree enumerates at most this many MAX strategies.
TREE_MAX_STRATEGIES = 2_000_000

# -- checks ------------------------------------------------------------------------------------------
# Tolerance of an expect: number that gives none.
EXPECT_TOLERANCE = 0.0005

# -- reading problem files ---------------------------------------------------------------------------
# A problem file is at most this many bytes (problems are a few hundred; a played-out deal a few thousand).
MAX_FILE_BYTES = 4 * 1024 * 1024
# YAML nesting deeper than this is refused before anything recursive reads it.
YAML_MAX_DEPTH = 200
# Aliases may expand a file to at most this many values (refuses "billion laughs").
YAML_MAX_VALUES = 200_000

# -- one-player games with information sets (kind: imp) and the IMP-model experiment ---------------------
# A kind: imp tree has at most this many nodes; payoffs and U are integers at most this large in size.
IMP_MAX_NODES = 1_000_000
IMP_MAX_PAYOFF = 10**12
# bridgeplay experiment imp: the payoffs are uniform integers 0..IMP_U (the seed's (random 11)), U = IMP_U.
IMP_U = 10
# Cells whose trees have more leaves than this ((kb)^(d-1)) are skipped unless --max-leaves says otherwise.
IMP_MAX_LEAVES = 100_000_000
# Adaptive trials: a cell runs IMP_FIRST_ROUND trials, then rounds twice as large, until the 95% confidence
# interval of 100*ab/mm is narrower than IMP_CI_WIDTH points (the seed's "less than 1%") or --trials are done.
IMP_FIRST_ROUND = 50
IMP_CI_WIDTH = 1.0
# Trees of at most this many leaves are also searched by IMP-minimax in the experiment: its leaf count must be
# (kb)^(d-1) (Theorem 3) and its value alpha-beta's (Theorem 2), or the experiment stops with an error.
IMP_CHECK_LEAVES = 20_000

# -- double dummy --------------------------------------------------------------------------------
# A 5x4 table is solved a strain a thread (as DDS's CalcDDtable does) in this many threads, each with its own
# search state; 0 = one per core (at most 5), 1 = one strain after the other in the calling thread.  Deals of
# fewer than DD_TABLE_THREAD_TRICKS tricks a hand are always solved in the calling thread (threads cost more
# than they save there).
DD_TABLE_THREADS = 0
DD_TABLE_THREAD_TRICKS = 6

# -- hand records (bridgeplay dd FILE.pbn|FILE.lin) --------------------------------------------------
# A file of at least this many boards shows a progress bar while they are solved (on a terminal).
RECORDS_PROGRESS_BOARDS = 2
# A hand-record file is at most this many bytes (a club's 36 boards with auctions and play: ~50 KB).
RECORDS_MAX_BYTES = 64 * 1024 * 1024
