"""Payoff-reduction minimaxing on deals (``--solver deal-prm``). See :mod:`bridgeplay.solvers.dealsampling`."""

from bridgeplay.solvers.dealsampling import solve_prm as solve

__all__ = ["solve"]
