"""Exact best defence over sampled worlds, alpha-mu style (``--solver deal-alphamu``).

See :mod:`bridgeplay.solvers.dealsampling`.
"""

from bridgeplay.solvers.dealsampling import solve_alphamu as solve

__all__ = ["solve"]
