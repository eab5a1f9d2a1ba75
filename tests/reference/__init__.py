"""Slow, obviously-correct reference solvers used only to check the fast ones."""
