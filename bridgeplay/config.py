"""Tunables in one place."""

# Largest number of root worlds the exact single-suit solver accepts.
MAX_SUIT_WORLDS = 1 << 13
# Default hand size used for a-priori probabilities (vacant places per defender).
HAND_SIZE = 13
# Default sample size and seed for sampling solvers.
DEFAULT_SAMPLES = 100
DEFAULT_SEED = 1
# A single-suit problem's first plays are dealt in turn to SUIT_SEARCHES searches (one when it has
# at most SUIT_PARALLEL_WORLDS worlds), which up to SUIT_THREADS threads solve side by side (the
# exact kernels release the GIL); so are a ``tricks: max`` problem's targets.  The answer does not
# depend on the threads; a batch worker uses 1, its siblings have the other cores.
SUIT_SEARCHES = 2
SUIT_THREADS = 2
SUIT_PARALLEL_WORLDS = 64
