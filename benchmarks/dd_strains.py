"""Our engine against DDS strain by strain: where a 5x4 table's time goes, on one thread each.

A table's wall time on two threads is decided by its longest strains (``dd_schedule.py``), so a table that loses
to DDS loses in some strain.  For every seeded deal (dd_vs_dds.py's deals) and every strain, both engines solve
the strain's four leaders on one thread from cold: ours ``engine.dd.solve`` in table mode (the four leaders
sharing one table, as a table's thread does), DDS ``CalcAllTables`` with the four other strains excluded (one
``CalcSingleCommon`` on one thread: the four leaders in a row, its table kept between them), after another
deal's whole table (so that every DDS thread starts cold).  The four results are compared.  Printed: per strain
the total times, the ratio of the totals, the mean and median of the per-deal ratios, our nodes and ns a node;
then the strains of the deals where ours took longest.

    python benchmarks/dd_strains.py                    # 30 deals, seed 1, best of 2
    python benchmarks/dd_strains.py --deals 50 --seed 6 --repeat 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bridgeplay

from dd_schedule import StrainSolver  # noqa: E402
from dd_vs_dds import flush_dds_tables, seeded_deals  # noqa: E402

from bridgeplay.deal.doubledummy import _deal_array  # noqa: E402

try:  # noqa: E402
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player
except ImportError:  # pragma: no cover
    sys.exit("this benchmark needs endplay (pip install -e '.[test]')")

# our strain numbers (spades, hearts, diamonds, clubs, no trumps) and DDS's
NAMES = "SHDCN"
DENOMS = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt]
LEADERS = [Player.north, Player.east, Player.south, Player.west]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    deals = seeded_deals(args.deals, args.seed)
    engine = StrainSolver()
    engine.solve(_deal_array(deals[0]), 4)  # warm-up: the kernels compiled or loaded
    calc_all_tables([EDeal.from_pbn(deals[0].pbn())])
    times: dict[int, list[tuple[float, float]]] = {s: [] for s in range(5)}
    nodes = dict.fromkeys(range(5), 0)
    worst: list[tuple[float, int, str, float]] = []  # (ours, deal, strain, DDS)
    bad = 0
    for i, deal in enumerate(deals):
        hands = _deal_array(deal)
        e = EDeal.from_pbn(deal.pbn())
        for s in range(5):
            ours = dds = float("inf")
            for _ in range(args.repeat):
                n, seconds, mine = engine.solve(hands, s)
                ours = min(ours, seconds)
                flush_dds_tables()
                t0 = time.perf_counter()
                got = calc_all_tables([e], exclude=[d for d in DENOMS if d is not DENOMS[s]])[0]
                dds = min(dds, time.perf_counter() - t0)
            theirs = [got[DENOMS[s], p] for p in LEADERS]  # tricks of the declarer in each seat
            if mine != theirs:
                bad += 1
                print(f"  deal {i} {NAMES[s]}: ours {mine}, DDS {theirs} ({deal.pbn()})")
            times[s].append((ours, dds))
            nodes[s] += n
            worst.append((ours, i, NAMES[s], dds))
    print(f"{args.deals} deals, seed {args.seed}, best of {args.repeat}, one thread each, a strain's four leaders")
    print(f"{'strain':>6} {'ours s':>8} {'DDS s':>8} {'ratio':>6} {'per-deal mean':>14} {'median':>7} "
          f"{'our nodes':>12} {'ns/node':>8}")
    all_ours = all_dds = 0.0
    for s in range(5):
        ours = sum(a for a, _ in times[s])
        dds = sum(b for _, b in times[s])
        all_ours += ours
        all_dds += dds
        r = [a / b for a, b in times[s]]
        print(f"{NAMES[s]:>6} {ours:>8.2f} {dds:>8.2f} {ours / dds:>6.2f} {statistics.mean(r):>14.2f} "
              f"{statistics.median(r):>7.2f} {nodes[s]:>12,} {1e9 * ours / max(1, nodes[s]):>8.0f}")
    print(f"{'all':>6} {all_ours:>8.2f} {all_dds:>8.2f} {all_ours / all_dds:>6.2f}")
    print("our longest strains (deal, strain: ours ms / DDS ms):")
    for a, i, name, b in sorted(worst, reverse=True)[:8]:
        print(f"    {i:>3} {name}: {1e3 * a:.1f} / {1e3 * b:.1f} ({a / b:.2f})")
    print("results all equal" if not bad else f"{bad} strains differ")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
