"""Sampling full deals: double-dummy cost per sampled world, against DDS (endplay) on the same worlds.

For each full deal (Frank & Basin Fig. 16, Otawa & Uehara's Examples 1 and 2) this draws a seeded
sample of layouts of the defenders' cards and measures what repeated minimaxing spends per world:
the double-dummy value of every distinct first play of declarer (bridgeplay's engine, one
transposition table shared by the worlds, as the solver uses it).  It prints

* the time per sampled world and the total time for 100 and for 1000 worlds (``--worlds``);
* the same worlds solved by DDS through endplay (``solve_board``, every card of the player to move
  valued in one call), on the first ``--dds`` worlds, and the ratio bridgeplay / DDS per world.

The machine is shared: each timing is the minimum over ``--repeat`` runs (the 1000-world run once).
Usage: ``python benchmarks/deals.py [--worlds 100 1000] [--dds 100] [--repeat 3] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bridgeplay.cards import holding_str  # noqa: E402
from bridgeplay.deal.sampling import dd_matrix, root_plays  # noqa: E402
from bridgeplay.deal.worlds import DealWorlds  # noqa: E402
from bridgeplay.kinds import from_dict, load  # noqa: E402

# Frank & Basin Fig. 16 (a problem file), and Otawa & Uehara's two full deals, declarer's view after
# trick one (their Figures 1 and 8; the defenders' hands there are hidden here).
DEALS: list[str | dict] = [
    "problems/deals/fig16-kjtx-a98x-7nt.yaml",
    {"name": "Otawa & Uehara Ex. 1, 3NT", "kind": "deal", "north": "432.32.32.AJT987",
     "south": "AK9.AQ87.AK87.Q6", "trumps": "NT", "played": ["W:H6 N:H2 E:HK S:HA"], "tricks": 8},
    {"name": "Otawa & Uehara Ex. 2, 4S", "kind": "deal", "north": "AJ32.KQ543.2.654",
     "south": "KQT9.2.KQJT9.A32", "trumps": "S", "played": ["W:CK N:C4 E:C9 S:CA"], "tricks": 9},
]


def _pbn(masks) -> str:
    return ".".join(holding_str(int(m), void="") for m in masks)


def ours(problem, west: np.ndarray, plays) -> tuple[float, np.ndarray]:
    t0 = time.perf_counter()
    values, _ = dd_matrix(problem, west, plays)
    return time.perf_counter() - t0, values


def dds(problem, west: np.ndarray) -> tuple[float, list[dict[str, int]]]:
    """DDS (endplay): every legal card of the player to move, one SolveBoard per world."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    deals = []
    for row in west:
        east = [problem.defenders[s] & ~int(row[s]) for s in range(4)]
        d = Deal(f"N:{_pbn(problem.north)} {_pbn(east)} {_pbn(problem.south)} {_pbn(row)}")
        d.first = Player(problem.leader)
        d.trump = Denom(problem.trump)
        for c in problem.table:
            d.play(str(c))
        deals.append(d)
    t0 = time.perf_counter()
    out = [{str(c): v for c, v in solve_board(d)} for d in deals]
    return time.perf_counter() - t0, out


def check(problem, plays, values: np.ndarray, ref: list[dict[str, int]]) -> int:
    """Mismatches between bridgeplay's and DDS's values of the first plays (North-South tricks)."""
    bad = 0
    to_play_ns = problem.to_play % 2 == 0
    left = problem.tricks_left
    for i, row in enumerate(ref):
        for j, (_, s, r) in enumerate(plays):
            card = "SHDC"[s] + "23456789TJQKA"[r - 2]
            v = row.get(card)
            if v is None:  # DDS lists one card of a run of equivalent cards
                continue
            ns = v if to_play_ns else left - v
            bad += int(ns != values[i, j])
    return bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, nargs="+", default=[100, 1000])
    ap.add_argument("--dds", type=int, default=100, help="worlds also solved by DDS (the first ones)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n_max = max(args.worlds)
    print(f"{'deal':34s} {'plays':>5s} " + " ".join(f"{f'{n} worlds':>11s}" for n in args.worlds)
          + f" {'ms/world':>9s} {'DDS ms/world':>12s} {'ratio':>6s} {'agree':>6s}")
    for path in DEALS:
        problem = load(ROOT / path) if isinstance(path, str) else from_dict(path, "benchmark")
        plays = root_plays(problem)
        west = DealWorlds(problem).sample(n_max, args.seed)
        ours(problem, west[:2], plays)  # load the compiled kernels outside the timings
        totals = {}
        for n in args.worlds:
            reps = args.repeat if n <= 200 else 1
            totals[n] = min(ours(problem, west[:n], plays)[0] for _ in range(reps))
        k = min(args.dds, n_max)
        t_ours = min(ours(problem, west[:k], plays)[0] for _ in range(args.repeat))
        _, values = ours(problem, west[:k], plays)
        t_dds, ref = min((dds(problem, west[:k]) for _ in range(args.repeat)), key=lambda x: x[0])
        mism = check(problem, plays, values, ref)
        per_ours, per_dds = 1000 * t_ours / k, 1000 * t_dds / k
        cols = " ".join(f"{totals[n]:10.2f}s" for n in args.worlds)
        print(f"{problem.name[:34]:34s} {len(plays):5d} {cols} {per_ours:9.2f} {per_dds:12.2f} "
              f"{per_ours / per_dds:6.2f} {'yes' if mism == 0 else f'{mism} no':>6s}")
    print("ms/world: bridgeplay's double dummy of every first play in one world (minimum of the repeats over "
          f"the first {args.dds} worlds); DDS: endplay.solve_board on the same worlds; ratio = bridgeplay / DDS.")


if __name__ == "__main__":
    main()
