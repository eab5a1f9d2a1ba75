"""Where the double-dummy engine's nodes go: per tricks left and seat in the trick, the nodes visited,
those that generated moves (expanded), the children searched per expanded node and the share that found
no cut-off; and at which child the cut-offs came.  Node counts are exact and repeatable (each deal from an
empty transposition table); the time is CPU time, noisy on a shared machine.

    python benchmarks/dd_profile.py                 # the first 10 seeded deals of dd_vs_dds.py, full tables
    python benchmarks/dd_profile.py --deals 50 --solve   # single no-trump solves, West on lead
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bridgeplay

from dd_vs_dds import random_deal  # noqa: E402

from bridgeplay import config  # noqa: E402
from bridgeplay.deal import doubledummy as dd  # noqa: E402
from bridgeplay.engine.dd import OPROF, clear_tt  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--solve", action="store_true", help="single NT solves (West leads) instead of tables")
    args = ap.parse_args()
    config.DD_TABLE_THREADS = 1  # tables in one thread: the node counts then do not depend on the threads
    rng = random.Random(args.seed)
    deals = [random_deal(rng) for _ in range(args.deals)]
    dd.dd_table(deals[0])  # compile or load the kernels
    A = dd._ENGINE.work
    assert A is not None and dd._ENGINE.tt is not None
    A[OPROF:OPROF + 320] = 0
    n0 = dd.stats()["nodes"]
    t0 = time.process_time()
    for d in deals:
        clear_tt(dd._ENGINE.tt)
        if args.solve:
            dd.tricks(d, "NT", "W")
        else:
            dd.dd_table(d)
    el = time.process_time() - t0
    P = A[OPROF:OPROF + 320].copy()
    nodes = dd.stats()["nodes"] - n0
    what = "single NT solves" if args.solve else "tables"
    print(f"{args.deals} {what}: {nodes} nodes, {el:.2f} s CPU, {1e9 * el / max(1, nodes):.0f} ns a node")
    print(" tricks left  seat     nodes  expanded  children/expanded  no cut-off %")
    for tl in range(13, 0, -1):
        for ply in range(4):
            nn, ex = P[4 * tl + ply], P[256 + 4 * tl + ply]
            ch, nc = P[64 + 4 * tl + ply], P[192 + 4 * tl + ply]
            if nn:
                print(f"{tl:12d} {ply:5d} {nn:9d} {ex:9d} {ch / max(ex, 1):18.2f} {100 * nc / max(ex, 1):12.1f}")
    for ply in range(4):
        h = P[128 + 16 * ply:128 + 16 * ply + 16]
        print(f"seat {ply} in the trick: cut-offs by the 1st, 2nd, ... child (%): "
              + " ".join(f"{100 * x / max(1, h.sum()):.0f}" for x in h[:8]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
