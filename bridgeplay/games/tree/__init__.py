"""Explicit game trees in the best defence model (``kind: tree``), and Frank & Basin's algorithms on them.

* :mod:`~bridgeplay.games.tree.problem` -- the tree type and its YAML loader;
* :mod:`~bridgeplay.games.tree.solvers` -- ESM, Pareto fronts, minimax, repeated, vector and
  payoff-reduction minimaxing, and the registry's entries;
* :mod:`~bridgeplay.games.tree.expect` -- what ``expect:`` means for a tree;
* :mod:`~bridgeplay.games.tree.random` -- random trees for experiments.

Everything is re-exported here: ``from bridgeplay.games import tree as T; T.esm(T.load_tree_problem(data))``.
"""

from bridgeplay.games.tree.expect import check_expect
from bridgeplay.games.tree.problem import (
    EXPECT_SOLVERS,
    LEAF,
    MAX,
    MAX_WORLDS,
    MIN,
    SCORINGS,
    InfoSet,
    Node,
    TreeProblem,
    load_tree_problem,
)
from bridgeplay.games.tree.random import LAST_PLAYER_P, random_tree, random_tree_data
from bridgeplay.games.tree.solvers import (
    EPS,
    INF,
    MAX_STRATEGIES,
    SOLVERS,
    TreeResult,
    count_strategies,
    diagnose,
    esm,
    line_text,
    minimax_table,
    mm,
    optimum,
    pareto,
    parse_strategy,
    prm,
    reduced_payoffs,
    relevant_infosets,
    repeated,
    solve_tree,
    strategies,
    strategy_labels,
    strategy_value,
    strategy_vector,
    to_result,
    vector,
)

__all__ = [
    "EPS", "EXPECT_SOLVERS", "INF", "LAST_PLAYER_P", "LEAF", "MAX", "MAX_STRATEGIES", "MAX_WORLDS", "MIN", "SCORINGS",
    "SOLVERS", "InfoSet", "Node", "TreeProblem", "TreeResult", "check_expect", "count_strategies", "diagnose", "esm",
    "line_text", "load_tree_problem", "minimax_table", "mm", "optimum", "pareto", "parse_strategy", "prm",
    "random_tree", "random_tree_data", "reduced_payoffs", "relevant_infosets", "repeated", "solve_tree",
    "strategies", "strategy_labels", "strategy_value", "strategy_vector", "to_result", "vector",
]
