"""Vector minimaxing on deals (``--solver deal-vector``). See :mod:`bridgeplay.solvers.dealsampling`."""

from bridgeplay.solvers.dealsampling import solve_vector as solve

__all__ = ["solve"]
