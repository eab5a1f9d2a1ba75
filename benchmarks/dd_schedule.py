"""How well a table's strains are handed out to two threads, on exact node counts.

A 5x4 table is solved a strain a thread (``bridgeplay.deal.doubledummy._threaded_table``): each thread takes the
next strain not yet taken, so when a long strain comes last one thread idles while the other finishes it.  For
each seeded deal (dd_vs_dds.py's), each strain's search is counted alone from an empty table (its node count does
not depend on the thread that runs it), and the two threads' schedule is replayed on those counts for three
orders: DDS's fixed one (no trumps, then spades to clubs), ours (``_strain_order``: the trump suits split most
evenly between the sides first) and the best of the 120 orders, known only afterwards.  Printed: each order's
speed-up over one thread (all nodes / the busier thread's nodes; 2.00 is a perfect split).

    python benchmarks/dd_schedule.py                # 60 deals, seed 1
    python benchmarks/dd_schedule.py --deals 100 --seed 2
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bridgeplay

from dd_vs_dds import seeded_deals  # noqa: E402

from bridgeplay.deal.doubledummy import _STRAIN_ORDER, _deal_array, _strain_order  # noqa: E402
from bridgeplay.engine.dd import OST, clear_tt, new_tt, new_work, solve  # noqa: E402


def makespan(cost: dict[int, int], order: list[int] | tuple[int, ...], threads: int = 2) -> int:
    """The busier thread's nodes when ``threads`` threads take the strains in ``order``, each the next one free."""
    busy = [0] * threads
    for strain in order:
        i = busy.index(min(busy))
        busy[i] += cost[strain]
    return max(busy)


class StrainSolver:
    """One thread's search state, solving a strain's four leaders from cold as a table's thread does
    (``doubledummy._threaded_table``: an empty table and cut-off card cache each strain)."""

    def __init__(self) -> None:
        self.A, self.tt = new_work(), new_tt()
        self.out = np.zeros((5, 13), np.int64)
        self.z = np.zeros(4, np.int64)

    def solve(self, hands: np.ndarray, strain: int) -> tuple[int, float, list[int]]:
        """(nodes, seconds, declarer's tricks for N, E, S, W) of the strain."""
        clear_tt(self.tt, cuts=True)
        n0 = int(self.A[OST])
        t0 = time.perf_counter()
        solve(self.A, self.tt, hands.astype(np.int64), strain, 0, self.z, self.z, 0, 7, self.out)
        seconds = time.perf_counter() - t0
        return int(self.A[OST]) - n0, seconds, [int(self.out[strain, x]) for x in range(4)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    deals = seeded_deals(args.deals, args.seed)
    engine = StrainSolver()
    total = fixed = ours = best = 0
    for deal in deals:
        hands = _deal_array(deal)
        cost = {}
        for strain in _STRAIN_ORDER:
            cost[strain] = engine.solve(hands, strain)[0]
        total += sum(cost.values())
        fixed += makespan(cost, _STRAIN_ORDER)
        ours += makespan(cost, _strain_order(hands))
        best += min(makespan(cost, order) for order in itertools.permutations(_STRAIN_ORDER))
    print(f"{args.deals} deals (seed {args.seed}), {total:,} nodes: two threads' speed-up over one, "
          f"DDS's order {total / fixed:.3f}x, ours {total / ours:.3f}x, the best order {total / best:.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
