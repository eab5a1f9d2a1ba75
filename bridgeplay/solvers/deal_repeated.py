"""Repeated minimaxing on deals (``--solver deal-repeated``). See :mod:`bridgeplay.solvers.dealsampling`."""

from bridgeplay.solvers.dealsampling import solve_repeated as solve

__all__ = ["solve"]
