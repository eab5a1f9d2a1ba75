"""Which deal solver should be the default when the layouts cannot all be enumerated?

For every bundled deal problem (``problems/deals``) and Otawa & Uehara's two full deals, this runs, on
the same seeded sample:

* ``esm`` (exact best defence over every layout) where it can enumerate them, under ``--exact-limit``
  seconds: the reference value;
* ``deal-repeated`` (repeated minimaxing, double dummy per sampled world: strategy fusion, and declarer
  assumed to see the cards);
* ``deal-alphamu`` (best defence over the sample, Pareto fronts, double-dummy leaves past the lookahead:
  no strategy fusion within the lookahead).

and prints, per problem and solver, the value (chance or expected tricks), its best first play, the
seconds, and where the exact value exists the error ``solver - exact`` and whether the solver's best
first play is one of esm's best.  The closing lines sum the errors and the times per solver.

Usage: ``python benchmarks/deal_default.py [--samples 100] [--seed 1] [--time-limit 60] [--exact-limit 60]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bridgeplay.engine import cache  # noqa: E402
from bridgeplay.errors import SolverError  # noqa: E402
from bridgeplay.kinds import load, solve  # noqa: E402
from bridgeplay.options import Options  # noqa: E402

EXTRA: list[dict] = [
    {"name": "Otawa & Uehara Ex. 1, 3NT", "kind": "deal", "north": "432.32.32.AJT987",
     "south": "AK9.AQ87.AK87.Q6", "trumps": "NT", "played": ["W:H6 N:H2 E:HK S:HA"], "tricks": 8},
    {"name": "Otawa & Uehara Ex. 2, 4S", "kind": "deal", "north": "AJ32.KQ543.2.654",
     "south": "KQT9.2.KQJT9.A32", "trumps": "S", "played": ["W:CK N:C4 E:C9 S:CA"], "tricks": 9},
]
SOLVERS = ("deal-repeated", "deal-alphamu")


def run(problem, solver: str, options: Options) -> tuple[float | None, list[str], float, str]:
    t0 = time.perf_counter()
    try:
        r = solve(problem, solver, options)
    except SolverError as exc:
        return None, [], time.perf_counter() - t0, str(exc).split(": ")[-1][:40]
    return r.value, r.best_moves, time.perf_counter() - t0, r.stopped or ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per sampling solve")
    ap.add_argument("--exact-limit", type=float, default=60.0, help="seconds for esm")
    args = ap.parse_args()
    cache.warm(cache.DEAL_KERNELS)
    problems = [load(p) for p in sorted((ROOT / "problems" / "deals").glob("*.yaml"))] + [load(d) for d in EXTRA]
    err = {s: 0.0 for s in SOLVERS}
    agree = {s: 0 for s in SOLVERS}
    secs = {s: 0.0 for s in SOLVERS}
    compared = 0
    print(f"{'problem':44} {'solver':14} {'value':>8} {'error':>8} {'best':>5} {'seconds':>8}  first play")
    for p in problems:
        exact, best, t, note = run(p, "esm", Options(time_limit=args.exact_limit))
        print(f"{p.name[:44]:44} {'esm':14} {'—' if exact is None else f'{exact:8.4f}':>8} {'':>8} {'':>5} "
              f"{t:8.2f}  {' '.join(best) or note}")
        if exact is not None:
            compared += 1
        for s in SOLVERS:
            v, moves, t, note = run(p, s, Options(samples=args.samples, seed=args.seed, time_limit=args.time_limit))
            secs[s] += t
            e = "" if exact is None or v is None else f"{v - exact:+8.4f}"
            ok = "" if exact is None or not moves else ("yes" if moves[0] in best else "no")
            if exact is not None and v is not None:
                err[s] += abs(v - exact)
                agree[s] += ok == "yes"
            print(f"{'':44} {s:14} {'—' if v is None else f'{v:8.4f}':>8} {e:>8} {ok:>5} {t:8.2f}  "
                  f"{' '.join(moves)} {note}")
    print()
    for s in SOLVERS:
        print(f"{s:14} over the {compared} problems with an exact value: sum |error| {err[s]:.4f}, best first play "
              f"right in {agree[s]}; total time {secs[s]:.1f} s over all {len(problems)}")


if __name__ == "__main__":
    main()
