"""Where an ABC decision's work goes: fixed triples of Example 1, counted exactly (nodes), and timed (CPU).

Runs the triples (da, db, dc) of a few deals of Da for both of East's cards, as ``bridgeplay solve
problems/deceptive/otawa-uehara-ex1.yaml --solver abc`` makes them at the same seed (|Da| = 30, n = 10),
on one thread, and prints per (card, deal) and in all: the CPU seconds, the ABC search's nodes, its
double-dummy engine calls and the engine's nodes.  The node counts are exact and do not depend on the
machine's load, so they compare two versions of the kernel where the time cannot; with them, the tricks
of every triple are hashed, so a change that should not change the answer can be checked not to.

    python benchmarks/abc_profile.py                   # deals 2, 9, 19 of seed 1: 60 triples
    python benchmarks/abc_profile.py --deals 0 1 2 3 --seed 2
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bridgeplay import kinds  # noqa: E402
from bridgeplay.deal.abc import candidates, sample_da, views_after  # noqa: E402
from bridgeplay.deal.abcsearch import ABCSearch, Engine  # noqa: E402
from bridgeplay.engine.dd import OST  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, nargs="+", default=[2, 9, 19], help="indices into Da (0-29)")
    ap.add_argument("--inner", type=int, default=10, help="n, triples per (card, deal)")
    args = ap.parse_args()
    gc.set_threshold(50_000, 20, 100)  # as the command line sets it (bridgeplay.cli.run): at Python's 700 the
    # collector took 2-3% of this run's samples, which a decision does not pay
    p = kinds.load(ROOT / "problems/deceptive/otawa-uehara-ex1.yaml")
    das = sample_da(p, 30, args.seed)
    eng = Engine()
    first = candidates(p)[0]
    dbs, dcs = views_after(p, das[0], first, 1, args.seed, 0)
    ABCSearch(p.roles, p.trump, p.leader, p.trick, das[0], dbs[0], dcs[0], p.payoff, eng, p.views).tricks(first)
    k = eng.kernel(p.payoff, p.views, p.roles, p.trump)  # compiled and warm: now count
    digest = hashlib.sha256()
    total = [0.0, 0, 0, 0]
    print(f"{'card':>6} {'deal':>5} {'CPU s':>7} {'ABC nodes':>11} {'DD calls':>10} {'engine nodes':>13}")
    for m in candidates(p):
        for i in args.deals:
            dbs, dcs = views_after(p, das[i], m, args.inner, args.seed, i)
            t0 = time.process_time()
            s0 = k.stats.copy()
            w0 = int(k.work[OST])
            for db, dc in zip(dbs, dcs):
                t = ABCSearch(p.roles, p.trump, p.leader, p.trick, das[i], db, dc, p.payoff, eng, p.views).tricks(m)
                digest.update(bytes([t]))
            row = [time.process_time() - t0, int(k.stats[0] - s0[0]), int(k.stats[1] - s0[1]),
                   int(k.work[OST]) - w0]
            total = [a + b for a, b in zip(total, row)]
            print(f"{p.move_text(m):>6} {i:5d} {row[0]:7.2f} {row[1]:11,d} {row[2]:10,d} {row[3]:13,d}", flush=True)
    print(f"{'all':>6} {'':5} {total[0]:7.2f} {total[1]:11,d} {total[2]:10,d} {total[3]:13,d}")
    n = len(candidates(p)) * len(args.deals) * args.inner
    print(f"tricks of the {n} triples: sha256 {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
