"""Time per decision of the ABC algorithm against Monte Carlo card selection (the baseline), same run.

For |Da| = 10, 30, 50 (``--sizes``; inner samples as many, ``--inner`` to fix them) on Otawa & Uehara's
Example 1 (East's decision at trick 2, 11 tricks to go) and on a 7-card ending (and, with ``--only
example2``, their Example 2: South's decision at trick 2, 12 tricks to go, much heavier), prints per decision: the
seconds, the nodes of the ABC search (the kernel's nodes of the three-valued search plus the engine's
double-dummy nodes) per second, the card chosen, and the ratio of ABC's time to Monte Carlo's on the same
deals.  The paper's prototype "cannot play in real time"; the goal is a decision with |Da| = 30 in under
10 s on 2 cores.  ABC searches the deals of Da on ``config.ABC_THREADS`` threads (2); Monte Carlo on
one.  ``CPU s`` is the process's CPU time over the decision (all threads), which a loaded machine does not
inflate: on an idle 2-core machine the wall time is about half of it.

    python benchmarks/abc.py                      # sizes 10 30 50 on both positions (long: minutes per size)
    python benchmarks/abc.py --sizes 10 --inner 5
    python benchmarks/abc.py --only ending
    python benchmarks/abc.py --only example2 --sizes 10 --inner 4
    python benchmarks/abc.py --only ending --views fixed   # the rules as written (views die at a contradiction)
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bridgeplay import kinds  # noqa: E402
from bridgeplay.options import Options  # noqa: E402

ENDING = {
    "name": "7-card ending (the club duck)", "kind": "deal", "to_play": "E", "declarer": "S", "contract": "3NT",
    "scoring": "tricks", "won": 6, "lead": "S",
    "deal": "N:..2.AJT987 Q.KJ.QJ.K2 A.AQ.AK.Q6 987..76.54",
    "played": ["S:CQ W:C4 N:C7"],
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 30, 50])
    ap.add_argument("--inner", type=int, default=None, help="inner samples (default: as many as |Da|)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("example1", "ending", "example2"), default=None, help="one position only")
    ap.add_argument("--views", choices=("revised", "fixed"), default=None, help="ABC's views (default: the file's)")
    args = ap.parse_args()
    ending = kinds.load(ENDING, "ending")
    kinds.solve(ending, "montecarlo", Options(samples=1))  # compile / load the kernels first
    kinds.solve(ending, "abc", Options(samples=1, inner_samples=1))
    positions = {"example1": kinds.load(ROOT / "problems/deceptive/otawa-uehara-ex1.yaml"), "ending": ending}
    problems = list(positions.values())
    if args.only == "example2":
        problems = [kinds.load(ROOT / "problems/deceptive/otawa-uehara-ex2.yaml")]
    elif args.only:
        problems = [positions[args.only]]
    if args.views:
        problems = [dataclasses.replace(p, views=args.views) for p in problems]
    print(f"{'position':32} {'|Da|':>5} {'n':>4} {'MC s':>8} {'ABC s':>8} {'ABC CPU s':>9} {'ratio':>7} "
          f"{'ABC nodes/CPU s':>15}  choice")
    for p in problems:
        for size in args.sizes:
            inner = args.inner or size
            t0 = time.perf_counter()
            mc = kinds.solve(p, "montecarlo", Options(samples=size, seed=args.seed))
            t1 = time.perf_counter()
            c1 = time.process_time()
            abc = kinds.solve(p, "abc", Options(samples=size, inner_samples=inner, seed=args.seed))
            t2 = time.perf_counter()
            cpu = time.process_time() - c1
            nps = abc.stats["nodes"] / max(cpu, 1e-9)
            print(f"{p.name[:32]:32} {size:5d} {inner:4d} {t1 - t0:8.2f} {t2 - t1:8.2f} {cpu:9.2f} "
                  f"{(t2 - t1) / (t1 - t0):7.1f} {nps:15.0f}  MC {mc.moves[0].move} ABC {abc.moves[0].move}",
                  flush=True)


if __name__ == "__main__":
    main()
