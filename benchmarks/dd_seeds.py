"""Node totals over several seeds (the yardstick of benchmarks/dd_speed.md's fifth session): per seed,
50 single NT solves (West leads) and then 10 full tables of dd_vs_dds.py's seeded deals, each from an
empty transposition table, the cut-off card cache carried over as in the benchmark.  One seed's counts
move by up to 5% when only the cut-off cache's hash changes; the three seeds' totals by under 2%.

    python benchmarks/dd_seeds.py                 # seeds 1-3
    python benchmarks/dd_seeds.py --cut 16        # a cut-off card cache of 2**16 slots
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
from bridgeplay.engine.dd import clear_tt, new_tt  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--solves", type=int, default=50)
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--cut", type=int, default=0, help="log2 of the cut-off card cache's slots (0: default)")
    args = ap.parse_args()
    config.DD_TABLE_THREADS = 1  # tables in one thread: the node counts then do not depend on the threads
    tot_s = tot_t = 0
    for seed in args.seeds:
        rng = random.Random(seed)
        deals = [random_deal(rng) for _ in range(max(args.solves, args.tables))]
        dd._ENGINE.work = None  # a fresh engine per seed, as a separate process would have
        dd.dd_table(deals[0])  # compile or load the kernels
        if args.cut:
            dd._ENGINE.tt = new_tt(cut_log2=args.cut)
        tt = dd._ENGINE.tt
        assert tt is not None
        n0 = dd.stats()["nodes"]
        t0 = time.process_time()
        for d in deals[:args.solves]:
            clear_tt(tt)
            dd.tricks(d, "NT", "W")
        n1 = dd.stats()["nodes"]
        t1 = time.process_time()
        for d in deals[:args.tables]:
            clear_tt(tt)
            dd.dd_table(d)
        n2 = dd.stats()["nodes"]
        t2 = time.process_time()
        print(f"seed {seed}: {args.solves} solves {n1 - n0:,} nodes {t1 - t0:.2f} s CPU; "
              f"{args.tables} tables {n2 - n1:,} nodes {t2 - t1:.2f} s CPU")
        tot_s += n1 - n0
        tot_t += n2 - n1
    print(f"total: solves {tot_s:,} nodes, tables {tot_t:,} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
