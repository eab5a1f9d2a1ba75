"""The seed's Table 2 experiment (Sturtevant & Korf): the average nodes each maxⁿ pruning method visits on
random deals of Sergeant Major (or 3-player Hearts), searched to a horizon of T tricks.

Each deal is an independent trial, run through :func:`bridgeplay.analysis.executor.map_tasks` (local
processes, Dask or Ray: the same numbers for the same seed).  Deal ``i`` is dealt by
``numpy.random.default_rng([seed, i])``.  For each deal every algorithm searches the same position; their
maxⁿ values (and first moves) must agree with plain maxⁿ's, and the paranoid searches with each other
(``values_agree``).  ``full`` is the size of the whole tree (merged moves), counted with memoisation at the
start of tricks, not by visiting it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bridgeplay.games.maxn.game import GAMES, HAND_SIZE, TrickGame, random_deal

ROWS = ("full", "maxn", "dfbnb", "shallow", "abbnb", "paranoid", "paranoid-h")
MAXN_FAMILY = ("maxn", "dfbnb", "shallow", "abbnb")
# The seed's Table 2: Sergeant Major, 200 deals, 5 tricks (15 cards); average nodes expanded.
PAPER_TABLE2 = {"full": 3.33e9, "dfbnb": 32.7e6, "shallow": 26.8e6, "abbnb": 1.43e6, "paranoid": 437_600,
                "paranoid-h": 36_121}
PAPER_FACTORS = {"full": 1.0, "dfbnb": 102, "shallow": 1.22, "abbnb": 18.7, "paranoid": 3.27, "paranoid-h": 12.1}
PAPER_NODES_PER_SECOND = 150_000  # "about 150k nodes per second on a Pentium II 233 laptop"


@dataclass(frozen=True)
class DealTask:
    """One trial: deal ``index`` of ``seed`` and the algorithms to run on it."""

    game: str
    tricks: int
    seed: int
    index: int
    leader: int
    algorithms: tuple[str, ...]
    tt: bool = False


@dataclass
class DealOutcome:
    index: int
    nodes: dict[str, int]
    seconds: dict[str, float]
    values: dict[str, tuple[int, ...]]
    moves: dict[str, int]


@dataclass
class MaxnExperiment:
    """What the experiment found: Table 2's rows and whether every method returned maxⁿ's value."""

    game: str
    deals: int
    tricks: int
    seed: int
    leader: int
    rows: list[dict[str, Any]]
    values_agree: bool
    disagreements: list[str]
    nodes_per_second: dict[str, float]
    reference: str
    transposition: dict[str, Any] | None
    assumptions: list[str]
    seconds: float
    outcomes: list[DealOutcome] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"experiment": "maxn", "game": self.game, "deals": self.deals, "tricks": self.tricks,
                "seed": self.seed, "leader": self.leader, "rows": self.rows, "values_agree": self.values_agree,
                "disagreements": self.disagreements, "reference": self.reference,
                "nodes_per_second": {k: round(v) for k, v in self.nodes_per_second.items()},
                "transposition": self.transposition, "assumptions": self.assumptions,
                "seconds": round(self.seconds, 3)}


def _engine_id(name: str) -> int:
    from bridgeplay.engine import trick as E

    return {"full": E.FULL, "maxn": E.MAXN, "dfbnb": E.DFBNB, "shallow": E.SHALLOW, "abbnb": E.ABBNB,
            "paranoid": E.PARANOID, "paranoid-h": E.PARANOID_H, "maxn-tt": E.MAXN_TT}[name]


def deal_for(game: str, tricks: int, seed: int, index: int, leader: int = 0) -> TrickGame:
    """Deal ``index`` of the experiment seeded ``seed``."""
    return random_deal(game, np.random.default_rng([seed, index]), tricks, leader)


def run_deal(task: DealTask) -> DealOutcome:
    """Every algorithm of ``task`` on its deal (module level: it crosses process boundaries)."""
    from bridgeplay.engine import trick as E

    g = deal_for(task.game, task.tricks, task.seed, task.index, task.leader)
    S, G, P = g.arrays()
    out = DealOutcome(task.index, {}, {}, {}, {})
    names = list(task.algorithms) + (["maxn-tt"] if task.tt else [])
    if task.tt and "maxn" not in names:
        names.append("maxn")
    for name in names:
        t0 = time.perf_counter()
        value, move, nodes = E.search(S, G, P, _engine_id(name))
        out.seconds[name] = time.perf_counter() - t0
        out.nodes[name] = nodes
        out.values[name] = tuple(int(v) for v in value)
        out.moves[name] = move
    return out


def warm() -> None:
    """Compile (or load) every search kernel here, before workers fork (they inherit them)."""
    from bridgeplay.engine import trick as E

    g = TrickGame("sergeant-major", (1, 2, 4), 0, 1)
    S, G, P = g.arrays()
    for name in ROWS + ("maxn-tt",):
        E.search(S, G, P, _engine_id(name))


def assumptions(game: str, tricks: int, leader: int) -> list[str]:
    """What the seed leaves open, as this run decides it."""
    g = deal_for(game, tricks, 0, 0, leader)
    each = HAND_SIZE[game]
    aside = " (4 cards set aside)" if game == "sergeant-major" else " (51-card pack, the ♦2 removed)"
    out = [f"{game}: 3 players, {each} cards each{aside}; no trumps; player {leader + 1} leads the first trick"]
    if game == "sergeant-major":
        out.append(f"searched {tricks} tricks ({3 * tricks} cards); frontier value = tricks taken so far, so "
                   f"maxsum = maxp = {tricks}; heuristic: tricks taken so far (h_up = {tricks} - the others')")
    else:
        out.append(f"searched {tricks} tricks; score = 26 - points taken (maximised; hearts 1, ♠Q 13); maxp = 26, "
                   f"maxsum = {g.maxsum} (no point need be taken before the horizon); shooting the moon ignored; "
                   "heuristic: points taken so far; shallow pruning not sound (Lemma 1)")
    out.append("adjacent cards of one hand (no other player's card, nor a card on the table, between them"
               + ("" if game == "sergeant-major" else ", and equal points") + ") are one move, its highest card; "
               "moves ordered from high ranks to low, spades first among equal ranks")
    out.append("nodes = every node a search visits, leaves included; full = the whole tree's size, counted with "
               "memoisation at the start of tricks; ties go to the left; no transposition table unless --tt")
    out.append("ABBnB passes maxsum (no bound) when the same player moves again (third hand won the trick); the "
               "paranoid MAX player is the leader")
    return out


def _mean(xs: Sequence[float]) -> float:
    return float(sum(xs)) / len(xs)


def run_experiment(game: str, deals: int, tricks: int, seed: int, *, leader: int = 0,
                   skip: Sequence[str] = (), tt: bool = False, executor: str = "local", jobs: int | None = None,
                   address: str | None = None,
                   progress: Callable[[str, int, int], None] | None = None) -> MaxnExperiment:
    """Run the experiment (see the module); ``skip``: rows not searched (e.g. ``full``, ``maxn`` at 5 tricks)."""
    from bridgeplay.analysis.executor import map_tasks

    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (one of: {', '.join(GAMES)})")
    if not 1 <= tricks <= HAND_SIZE[game]:
        raise ValueError(f"--tricks {tricks}: {game} has {HAND_SIZE[game]} tricks")
    unknown = [s for s in skip if s not in ROWS]
    if unknown:
        raise ValueError(f"--skip: unknown algorithm {unknown[0]!r} (one of: {', '.join(ROWS)})")
    sound = deal_for(game, tricks, seed, 0, leader).shallow_sound
    algorithms = tuple(a for a in ROWS if a not in skip and (a != "shallow" or sound))
    t0 = time.perf_counter()
    warm()
    tasks = [DealTask(game, tricks, seed, i, leader, algorithms, tt) for i in range(deals)]
    done = [0]

    def arrived(index: int, outcome: DealOutcome) -> None:
        done[0] += 1
        if progress is not None:
            progress(f"{game}, {tricks} tricks", done[0], deals)

    if progress is not None:
        progress(f"{game}, {tricks} tricks", 0, deals)
    outcomes = map_tasks(run_deal, tasks, executor=executor, jobs=jobs, address=address, on_result=arrived)
    family = [a for a in MAXN_FAMILY if a in algorithms]
    reference = family[0] if family else ""
    disagreements = []
    for o in outcomes:
        for a in family[1:]:
            if (o.values[a], o.moves[a]) != (o.values[reference], o.moves[reference]):
                disagreements.append(f"deal {o.index}: {a} {o.values[a]} ≠ {reference} {o.values[reference]}")
        if "paranoid" in algorithms and "paranoid-h" in algorithms and o.values["paranoid"] != o.values["paranoid-h"]:
            disagreements.append(f"deal {o.index}: paranoid-h {o.values['paranoid-h'][0]} ≠ paranoid "
                                 f"{o.values['paranoid'][0]}")
        if tt and o.values["maxn-tt"] != o.values["maxn"]:
            disagreements.append(f"deal {o.index}: maxn-tt {o.values['maxn-tt']} ≠ maxn {o.values['maxn']}")
    rows: list[dict[str, Any]] = []
    full_mean = _mean([o.nodes["full"] for o in outcomes]) if "full" in algorithms else None
    left: float | None = None
    for a in ROWS:
        if a not in algorithms:
            reason = "skipped (--skip)" if a in skip else "not sound in this game (Lemma 1: maxsum ≥ 2·maxp)"
            rows.append({"algorithm": a, "mean_nodes": None, "factor_vs_left": None, "factor_vs_full": None,
                         "reason": reason})
            continue
        mean = _mean([o.nodes[a] for o in outcomes])
        rows.append({"algorithm": a, "mean_nodes": round(mean, 3),
                     "factor_vs_left": None if left is None else round(left / mean, 4),
                     "factor_vs_full": None if full_mean is None else round(full_mean / mean, 4),
                     "min_nodes": min(o.nodes[a] for o in outcomes), "max_nodes": max(o.nodes[a] for o in outcomes),
                     "mean_seconds": round(_mean([o.seconds[a] for o in outcomes]), 6)})
        left = mean
    speed = {}
    for a in algorithms:
        if a == "full":
            continue
        secs = sum(o.seconds[a] for o in outcomes)
        if secs > 0:
            speed[a] = sum(o.nodes[a] for o in outcomes) / secs
    searched = [a for a in algorithms if a != "full"]
    total_s = sum(o.seconds[a] for o in outcomes for a in searched)
    if total_s > 0:
        speed["all"] = sum(o.nodes[a] for o in outcomes for a in searched) / total_s
    trans = None
    if tt:
        plain_n = sum(o.nodes["maxn"] for o in outcomes)
        tt_n = sum(o.nodes["maxn-tt"] for o in outcomes)
        plain_s = sum(o.seconds["maxn"] for o in outcomes)
        tt_s = sum(o.seconds["maxn-tt"] for o in outcomes)
        trans = {"maxn_mean_nodes": plain_n / deals, "maxn_tt_mean_nodes": tt_n / deals,
                 "node_factor": round(plain_n / max(tt_n, 1), 4), "maxn_seconds": round(plain_s, 4),
                 "maxn_tt_seconds": round(tt_s, 4), "time_factor": round(plain_s / tt_s, 4) if tt_s else None}
    return MaxnExperiment(game, deals, tricks, seed, leader, rows, not disagreements, disagreements, speed,
                          reference, trans, assumptions(game, tricks, leader), time.perf_counter() - t0, outcomes)
