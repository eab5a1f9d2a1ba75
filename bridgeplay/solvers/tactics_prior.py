"""Tactic search weighting the worlds by their true a-priori odds (registry entry ``tactics-prior``).

The search lives in :mod:`bridgeplay.solvers.tactics` (entry ``tactics``: equally likely worlds, as in
Frank & Basin's program).
"""

from bridgeplay.solvers.tactics import solve_prior as solve

__all__ = ["solve"]
