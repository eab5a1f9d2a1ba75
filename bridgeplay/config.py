"""Tunables in one place."""

# Largest number of root worlds the exact single-suit solver accepts.
MAX_SUIT_WORLDS = 1 << 13
# Default hand size used for a-priori probabilities (vacant places per defender).
HAND_SIZE = 13
# Default sample size and seed for sampling solvers.
DEFAULT_SAMPLES = 100
DEFAULT_SEED = 1
