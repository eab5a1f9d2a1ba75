"""Repeated minimaxing (Levy; Ginsberg's GIB) on single-suit problems, and what its line is really worth.

At every declarer decision the policy takes the worlds consistent with the cards seen so
far -- all of them (*exhaustive minimaxing*) or ``samples`` worlds drawn, seeded, with
their a-priori probabilities restricted to those worlds -- computes for each distinct
play ``M_i`` and world ``w_j`` the double-dummy payoff ``e_ij`` (perfect information, both
sides), and plays the best score (SEEDS.md, Section 5):

* ``levy``: Σ_j P_j·e_ij (expected payoff);
* ``ginsberg``: Σ_j P_j·[e_ij ≥ max_k e_kj] (worlds where M_i is best or equal best);
* ``threshold``: Σ_j P_j·[e_ij ≥ θ], θ = 1 (made the target) for target problems and the
  most tricks the longer hand can take for ``objective: tricks``.

With a sample, ``P_j`` is the number of times world ``j`` was drawn.  Ties go to the first
play in the order North before South, high cards before low.

Its *estimate* is what it believes at the root: Σ_j P_j·e_ij of the move it plays (a
probability for target problems); its *true value* is the line played against best
defence (:mod:`bridgeplay.suit.game`).  Exhaustive, the estimate is never below the
true value: the gap is strategy fusion (in each world it counts on the continuation that
suits that world).
"""

from __future__ import annotations

import zlib
from collections.abc import Hashable
from typing import Any

import numpy as np

from bridgeplay.options import SCORINGS, Options
from bridgeplay.result import Result
from bridgeplay.suit.game import EPS, Move, Pos, SuitGame
from bridgeplay.suit.policy import Heuristic, Policy, heuristic_result
from bridgeplay.suit.problem import SuitProblem


class RepeatedPolicy(Policy):
    """Repeated minimaxing as a policy: re-solve the consistent worlds double dummy at every decision."""

    def __init__(self, game: SuitGame, scoring: str = "levy", samples: int | None = None, seed: int = 1) -> None:
        if scoring not in SCORINGS:
            raise ValueError(f"unknown scoring {scoring!r} ({', '.join(SCORINGS)})")
        if samples is not None and samples < 1:
            raise ValueError("samples must be at least 1")
        self.game = game
        self.scoring = scoring
        self.samples = samples
        self.seed = seed
        self.name = f"repeated-{scoring}"
        self.theta = 1.0 if game.target is not None else float(game.problem.max_tricks)

    def key(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Hashable:
        return (pos, x)

    def sample(self, pos: Pos, x: int) -> tuple[list[int], np.ndarray]:
        """The worlds looked at and their weights (probabilities, or sample counts)."""
        game = self.game
        idx = game.indices(x)
        p = game.prob[idx]
        if self.samples is None:
            return idx, p
        digest = zlib.crc32(repr((pos, x)).encode())
        rng = np.random.default_rng([self.seed, digest])
        draws = rng.choice(len(idx), size=self.samples, p=p / p.sum())
        counts = np.bincount(draws, minlength=len(idx)).astype(float)
        keep = counts > 0
        return [i for i, k in zip(idx, keep) if k], counts[keep]

    def table(self, pos: Pos, x: int) -> tuple[list[Move], np.ndarray, np.ndarray]:
        """Moves, the double-dummy payoffs e[move, world] and the world weights."""
        game = self.game
        moves = game.declarer_moves(pos)
        worlds, wts = self.sample(pos, x)
        e = np.array([[game.dd_payoff(game.step(pos, m), w) for w in worlds] for m in moves], dtype=float)
        return moves, e, wts

    def scores(self, pos: Pos, x: int) -> tuple[list[Move], np.ndarray, np.ndarray]:
        """Moves, their scores and their own estimates (expected double-dummy payoff), both normalised."""
        moves, e, wts = self.table(pos, x)
        total = float(wts.sum())
        est = e @ wts / total
        if self.scoring == "levy":
            score = est
        elif self.scoring == "ginsberg":
            score = (e >= e.max(axis=0) - EPS) @ wts / total
        else:
            score = (e >= self.theta - EPS) @ wts / total
        return moves, score, est

    def choose(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Move:
        moves, score, _ = self.scores(pos, x)
        return moves[int(np.argmax(score >= score.max() - EPS))]


def build(scoring: str, samples: int | None, seed: int):
    def make(game: SuitGame) -> Heuristic:
        pol = RepeatedPolicy(game, scoring, samples, seed)
        moves, score, est = pol.scores(game.root, game.all)
        i = int(np.argmax(score >= score.max() - EPS))
        tied = [game.move_text(m) for m, s in zip(moves, score) if s >= score.max() - EPS]
        details: dict[str, Any] = {"scoring": scoring, "samples": samples, "seed": seed if samples else None,
                                   "tied": tied}
        return Heuristic(pol, float(est[i]), [(m, float(e), float(s)) for m, e, s in zip(moves, est, score)],
                         details)

    return make


def solve(problem: SuitProblem, options: Options | None = None) -> Result:
    """Repeated minimaxing (``--solver repeated``; ``--scoring``, default threshold): its line's true worth."""
    options = options or Options()
    scoring = options.scoring or "threshold"
    where = f"{options.samples} sampled worlds" if options.samples else "every world"
    method = f"repeated minimaxing ({scoring} scoring, double dummy over {where}); its line played against best defence"
    return heuristic_result(problem, "repeated", build(scoring, options.samples, options.seed), options, method)
