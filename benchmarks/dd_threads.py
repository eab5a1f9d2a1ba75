"""Our 5x4 tables a strain a thread against one after the other, and both against DDS, deal by deal.

For each seeded deal (dd_vs_dds.py's) three wall-clock times, taken one right after the other so that
the machine's load is the same for all three (their order alternates from deal to deal): DDS's table
(``CalcDDtable``, which solves its strains in threads), ours with ``config.DD_TABLE_THREADS = 1`` (one
strain after the other, the table shared across strains) and ours with the default (a strain a thread,
each from an empty table).  Printed: the mean times, the ratios of the mean times to DDS's and the mean
per-deal ratios.  The threads pay only when a core is idle: run it on a quiet machine too.

    python benchmarks/dd_threads.py              # 50 deals, seed 1
    python benchmarks/dd_threads.py --deals 20 --seed 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bridgeplay

from dd_vs_dds import dds_deal, dds_table, flush_dds_tables, random_deal  # noqa: E402

from bridgeplay import config  # noqa: E402
from bridgeplay.deal import doubledummy as dd  # noqa: E402
from bridgeplay.engine.dd import clear_tt  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    deals = [random_deal(rng) for _ in range(args.deals)]
    default = config.DD_TABLE_THREADS
    for k in (1, default):  # warm-up: kernels, thread pool, DDS's memory
        config.DD_TABLE_THREADS = k
        dd.dd_table(deals[0])
    dds_table(dds_deal(deals[0]))
    times: dict[str, list[float]] = {"dds": [], "one": [], "threads": []}
    for i, deal in enumerate(deals):
        for kind in (("one", "threads", "dds") if i % 2 else ("threads", "one", "dds")):
            if kind == "dds":
                flush_dds_tables()  # DDS keeps its tables for the same deal: another deal first, on every thread
                e = dds_deal(deal)  # (endplay's deal, made outside the timing)
                t0 = time.perf_counter()
                theirs = dds_table(e)
            else:
                config.DD_TABLE_THREADS = 1 if kind == "one" else default
                assert dd._ENGINE.tt is not None
                clear_tt(dd._ENGINE.tt, cuts=True)  # cold, as dd_vs_dds.py times it
                t0 = time.perf_counter()
                ours = dd.dd_table(deal)
            times[kind].append(time.perf_counter() - t0)
        if ours != theirs:
            print(f"deal {i}: table differs ({deal.pbn()})")
            return 1
    config.DD_TABLE_THREADS = default
    m = {k: statistics.mean(v) for k, v in times.items()}
    r1 = statistics.mean(a / b for a, b in zip(times["one"], times["dds"]))
    r2 = statistics.mean(a / b for a, b in zip(times["threads"], times["dds"]))
    print(f"{args.deals} tables, seed {args.seed}: mean {1e3 * m['dds']:.1f} ms DDS; ours one strain after the "
          f"other {1e3 * m['one']:.1f} ms (ratio of means {m['one'] / m['dds']:.2f}, per-deal mean {r1:.2f}); "
          f"a strain a thread {1e3 * m['threads']:.1f} ms (ratio of means {m['threads'] / m['dds']:.2f}, "
          f"per-deal mean {r2:.2f}); threads / one: {m['threads'] / m['one']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
