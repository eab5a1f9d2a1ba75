"""``bridgeplay compare``: every solver on one problem -- its first play, its own estimate, its TRUE worth.

What runs depends on the kind (its registry entry names its comparison): single suits
(:mod:`bridgeplay.suit.compare`) and trees (:mod:`bridgeplay.games.tree.compare`).
"""

from __future__ import annotations

from typing import Any

from bridgeplay import config, kinds
from bridgeplay.errors import SolverError
from bridgeplay.kinds import Problem
from bridgeplay.options import Progress, no_progress


def compare(problem: Problem, samples: int | None = None, seed: int = config.DEFAULT_SEED,
            target: int | None = None, progress: Progress = no_progress) -> dict[str, Any]:
    """The ``bridgeplay compare`` JSON: ``{problem, file, kind, optimum, solvers: [...]}``."""
    kind = kinds.of(problem)
    if kind.compare is None:
        having = [k.name for k in kinds.KINDS.values() if k.compare]
        raise SolverError(problem.file, "", f"compare does not run on {kind.name} problems "
                                            f"(it runs on {', '.join(having)} problems)")
    return kinds.resolve_ref(kind.compare)(problem, samples=samples, seed=seed, target=target, progress=progress)
