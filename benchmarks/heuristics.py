"""How often each heuristic's line is sub-optimal on single-suit problems, and what it costs.

For every single-suit problem file under problems/ (each target of a ``tricks: max`` file, duplicates
dropped) and a seeded family of random small combinations (non-trivial targets only: optimum strictly
between 0 and 1), every heuristic of ``bridgeplay compare`` is run; its line is played against best
defence in every world (its TRUE value) and compared with the exact optimum (ESM, Pareto fronts).

Prints, per group of problems, for each heuristic: how many lines are sub-optimal and the share, the
mean loss over all problems and over the sub-optimal ones (probability points; tricks for
``objective: tricks`` files), the diagnosis counts of ``bridgeplay compare`` (strategy fusion,
non-locality, both, neither) and the published figure for the closest program:

* Frank & Basin (1998), Section 7.2: their tactic program sub-optimal on 33.5% of the Encyclopedia's
  650 single-suit problems (218);
* Frank, Basin & Matsubara (AAAI-98), same 650 problems: Monte-Carlo sampling (repeated minimaxing)
  optimal in 66.3%, vector minimaxing 71.1%, payoff-reduction minimaxing 95.8%.

    python benchmarks/heuristics.py                        # problem files + 40 random problems
    python benchmarks/heuristics.py --random 100 --seed 7 --samples 10 --jobs 2
    python benchmarks/heuristics.py --no-files --random 20 --no-diagnose   # quick

The published sets are the Encyclopedia's problems; ours are the files in problems/ (textbook
combinations) and random deals of a few cards, so the shares are comparable in kind, not in value.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgeplay.errors import ProblemError  # noqa: E402
from bridgeplay.kinds import load  # noqa: E402
from bridgeplay.suit.compare import HEURISTICS, compare_game  # noqa: E402
from bridgeplay.suit.game import SuitGame, with_target  # noqa: E402
from bridgeplay.suit.problem import SuitProblem  # noqa: E402
from bridgeplay.suit.random import random_suit_problem  # noqa: E402

PUBLISHED = {  # share of sub-optimal lines on the Encyclopedia's 650 single-suit problems
    "repeated-levy": ("33.7% (MC sampling, AAAI-98: 66.3% optimal)", 0.337),
    "repeated-ginsberg": ("33.7% (MC sampling)", 0.337),
    "repeated-threshold": ("33.7% (MC sampling)", 0.337),
    "repeated-sampled": ("33.7% (MC sampling)", 0.337),
    "vector": ("28.9% (AAAI-98: 71.1% optimal)", 0.289),
    "prm": ("4.2% (AAAI-98: 95.8% optimal)", 0.042),
    "tactics": ("33.5% (F&B 1998, 218 of 650)", 0.335),
    "tactics-prior": ("33.5% (F&B 1998)", 0.335),
}
DIAGNOSES = ("strategy fusion", "non-locality", "strategy fusion + non-locality", "sub-optimal")


def problem_key(p: SuitProblem) -> tuple:
    return (p.north, p.south, p.west_known, p.east_known, p.vacant_west, p.vacant_east, p.suit_size, p.lead,
            p.objective, p.tricks)


def file_problems(folder: Path) -> list[tuple[str, SuitProblem]]:
    out: list[tuple[str, SuitProblem]] = []
    seen: set[tuple] = set()
    for f in sorted(folder.rglob("*.yaml")):
        try:
            p = load(f)
        except ProblemError:
            continue
        if not isinstance(p, SuitProblem):
            continue
        rel = str(f.relative_to(ROOT))
        targets = [p] if (p.objective == "tricks" or p.tricks is not None) else [
            with_target(p, t) for t in range(1, p.max_tricks + 1)]
        for q in targets:
            k = problem_key(q)
            if k in seen:
                continue
            seen.add(k)
            label = rel if q is p else f"{rel} (tricks {q.tricks})"
            out.append((label, q))
    return out


def run_one(args: tuple[str, str, SuitProblem, int | None, int, bool]) -> dict[str, Any]:
    group, label, problem, samples, seed, diagnose = args
    t0 = time.perf_counter()
    game = SuitGame(problem)
    solvers = HEURISTICS
    block = compare_game(game, solvers=solvers, seed=seed, test_locality=diagnose)
    rows = {r["solver"]: r for r in block["solvers"]}
    if samples:
        sampled = compare_game(game, solvers=("repeated-levy",), samples=samples, seed=seed, test_locality=diagnose)
        rows["repeated-sampled"] = next(r for r in sampled["solvers"] if r["solver"] == "repeated-levy")
    out = {"group": group, "problem": label, "objective": problem.objective, "optimum": block["optimum"],
           "seconds": round(time.perf_counter() - t0, 2), "solvers": {}}
    for name, r in rows.items():
        if name in ("esm", "mm"):
            continue
        out["solvers"][name] = {k: r[k] for k in ("move", "estimate", "true_value", "loss", "diagnosis")}
    return out


def random_family(n: int, seed: int) -> list[tuple[str, SuitProblem]]:
    """``n`` random problems whose optimum is strictly between 0 and 1 (others are skipped)."""
    from bridgeplay.suit.exact import SuitAnalysis

    rng = np.random.default_rng(seed)
    out: list[tuple[str, SuitProblem]] = []
    seen: set[tuple] = set()
    tries = 0
    while len(out) < n and tries < 50 * n:
        tries += 1
        p = random_suit_problem(rng, sizes=(8, 10), out=(4, 5), max_hand=4, name=f"random#{tries}")
        if problem_key(p) in seen:
            continue
        seen.add(problem_key(p))
        v = SuitAnalysis(p, p.tricks).value
        if 1e-9 < v < 1 - 1e-9:
            out.append((f"{p.name} ({p.tricks} tricks)", p))
    return out


def summarise(results: list[dict[str, Any]], group: str, objective: str) -> list[dict[str, Any]]:
    rs = [r for r in results if r["group"] == group and r["objective"] == objective]
    if not rs:
        return []
    names = [n for n in list(HEURISTICS) + ["repeated-sampled"] if n in rs[0]["solvers"]]
    rows = []
    for name in names:
        losses = [r["solvers"][name]["loss"] for r in rs]
        bad = [x for x in losses if x > 1e-9]
        diag = {d: sum(1 for r in rs if r["solvers"][name]["diagnosis"] == d) for d in DIAGNOSES}
        rows.append({"group": group, "objective": objective, "solver": name, "problems": len(rs),
                     "suboptimal": len(bad), "share": len(bad) / len(rs), "mean_loss": float(np.mean(losses)),
                     "mean_loss_when_wrong": float(np.mean(bad)) if bad else 0.0, "diagnoses": diag,
                     "published": PUBLISHED.get(name, ("", None))[0]})
    return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    r0 = rows[0]
    unit = "pts" if r0["objective"] == "target" else "tricks"
    scale = 100.0 if r0["objective"] == "target" else 1.0
    what = "target problems" if r0["objective"] == "target" else "expected-tricks problems"
    print(f"\n{r0['group']}: {r0['problems']} {what}")
    head = (f"{'heuristic':20s} {'sub-optimal':>13s} {'mean loss':>10s} {'loss|wrong':>10s}  "
            f"{'fusion':>6s} {'nonloc':>6s} {'both':>5s} {'other':>5s}  published (Encyclopedia, 650)")
    print(head)
    print("-" * len(head))
    for r in rows:
        d = r["diagnoses"]
        mean = max(0.0, scale * r["mean_loss"])
        print(f"{r['solver']:20s} {r['suboptimal']:4d} ({100 * r['share']:5.1f}%) {mean:6.2f} {unit:3s} "
              f"{scale * r['mean_loss_when_wrong']:6.2f} {unit:3s}  "
              f"{d['strategy fusion']:6d} {d['non-locality']:6d} {d['strategy fusion + non-locality']:5d} "
              f"{d['sub-optimal']:5d}  {r['published']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=40, help="random problems (non-trivial targets)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random family and of sampling")
    ap.add_argument("--samples", type=int, default=None,
                    help="also run repeated minimaxing (Levy) on this many sampled worlds per decision")
    ap.add_argument("--no-files", action="store_true", help="skip the problem files")
    ap.add_argument("--objective", choices=("target", "tricks", "both"), default="target",
                    help="which problem files (expected-tricks files are slow for the exact solver)")
    ap.add_argument("--no-diagnose", action="store_true", help="skip the non-locality test (faster)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", help="write every per-problem result to this JSON-lines file")
    args = ap.parse_args(argv)

    tasks: list[tuple[str, str, SuitProblem, int | None, int, bool]] = []
    if not args.no_files:
        for label, p in file_problems(ROOT / "problems"):
            if args.objective != "both" and p.objective != args.objective:
                continue
            tasks.append(("problem files", label, p, args.samples, args.seed, not args.no_diagnose))
    t0 = time.perf_counter()
    for label, p in random_family(args.random, args.seed):
        tasks.append((f"random (seed {args.seed})", label, p, args.samples, args.seed, not args.no_diagnose))
    results: list[dict[str, Any]] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as ex:
            futures = [ex.submit(run_one, t) for t in tasks]
            for fut in as_completed(futures):
                r = fut.result()
                print(f"  {r['seconds']:7.2f} s  {r['problem']}", file=sys.stderr, flush=True)
            results = [f.result() for f in futures]
    else:
        for t in tasks:
            r = run_one(t)
            results.append(r)
            print(f"  {r['seconds']:7.2f} s  {r['problem']}", file=sys.stderr, flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            for r in results:
                fh.write(json.dumps(r) + "\n")
    print(f"{len(results)} problems in {time.perf_counter() - t0:.0f} s; loss = optimum - true value of the "
          f"heuristic's line against best defence; diagnosis as in `bridgeplay compare`")
    for group in dict.fromkeys(r["group"] for r in results):
        for objective in ("target", "tricks"):
            print_table(summarise(results, group, objective))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
