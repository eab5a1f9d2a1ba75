"""One-player games with information sets (``kind: imp``): van Lent & Mutchler's IMP-minimax and IMP-alpha-beta.

* :mod:`~bridgeplay.games.imp.problem` -- the game type and its YAML loader (perfect recall checked);
* :mod:`~bridgeplay.games.imp.search` -- IMP-minimax and IMP-alpha-beta on an explicit game, in integers;
* :mod:`~bridgeplay.games.imp.solvers` -- the registry's entries;
* :mod:`~bridgeplay.games.imp.expect` -- what ``expect:`` means;
* :mod:`~bridgeplay.games.imp.impmodel` -- seeded IMP-model(k, b, d) trees (numba kernels, generated lazily).
"""

from bridgeplay.games.imp.problem import CHANCE, LEAF, MAX, SOLVER_NAMES, ImpProblem, load_imp_problem
from bridgeplay.games.imp.search import ImpAnswer, imp_alpha_beta, imp_minimax

__all__ = ["CHANCE", "LEAF", "MAX", "SOLVER_NAMES", "ImpAnswer", "ImpProblem", "imp_alpha_beta", "imp_minimax",
           "load_imp_problem"]
