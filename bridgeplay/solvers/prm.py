"""Payoff-reduction minimaxing (registry entry ``prm``); the search lives in :mod:`bridgeplay.solvers.vector`."""

from bridgeplay.solvers.vector import solve_prm as solve

__all__ = ["solve"]
