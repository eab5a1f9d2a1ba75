"""maxⁿ search speed: the engine's kernels against the literal Python reference (tests/reference/trick_literal.py)
on the same seeded positions, and the transposition table against plain maxⁿ.

Printed per game: nodes, seconds and nodes per second of the kernels' plain maxⁿ (every node visited) and of
the literal maxⁿ on the same small deals, and their ratio; then, on full deals searched ``--tricks`` deep, the
kernels' nodes per second for each algorithm (the seed: about 150,000 nodes/s on a Pentium II 233) and maxⁿ
with a transposition table against maxⁿ without (nodes and time; the seed: ÷3 nodes, ×3 time).

    python benchmarks/maxn.py                # 6 small deals (5 cards each), 5 full deals at 4 tricks
    python benchmarks/maxn.py --deals 20 --tricks 3
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bridgeplay.engine import trick as E  # noqa: E402
from bridgeplay.games.maxn.game import random_deal, small_deal  # noqa: E402
from tests.reference.trick_literal import from_masks, maxn  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", type=int, default=6, help="small deals (5 cards each) against the reference")
    ap.add_argument("--deals", type=int, default=5, help="full deals for the per-algorithm speeds")
    ap.add_argument("--tricks", type=int, default=4)
    args = ap.parse_args()
    E.search(*small_deal("sergeant-major", np.random.default_rng(0), 2).arrays(), E.MAXN_PLAIN)  # compile
    for game in ("sergeant-major", "hearts"):
        rng = np.random.default_rng(1)
        ours_n = ours_s = ref_s = 0.0
        for _ in range(args.small):
            g = small_deal(game, rng, 5)
            S, G, P = g.arrays()
            t0 = time.perf_counter()
            _, _, nodes = E.search(S, G, P, E.MAXN_PLAIN)
            ours_s += time.perf_counter() - t0
            ours_n += nodes
            t0 = time.perf_counter()
            maxn(from_masks(g.game, g.hands, g.leader, g.tricks))
            ref_s += time.perf_counter() - t0
        print(f"{game}: plain maxⁿ on {args.small} five-card deals, {ours_n:,.0f} nodes: kernels {ours_s:.3f} s "
              f"({ours_n / ours_s / 1e6:.2f}M nodes/s), literal Python {ref_s:.3f} s "
              f"({ours_n / ref_s / 1e3:.0f}k nodes/s): ratio ×{ref_s / ours_s:.0f}")
        rng = np.random.default_rng(2)
        totals: dict[str, list[float]] = {}
        for _ in range(args.deals):
            g = random_deal(game, rng, args.tricks)
            S, G, P = g.arrays()
            for name in ("maxn", "maxn-tt", "dfbnb", "shallow", "abbnb", "paranoid", "paranoid-h"):
                alg = E.NAMES.index(name)
                if alg == E.SHALLOW and not g.shallow_sound:
                    continue
                t0 = time.perf_counter()
                _, _, nodes = E.search(S, G, P, alg)
                dt = time.perf_counter() - t0
                t = totals.setdefault(name, [0.0, 0.0])
                t[0] += nodes
                t[1] += dt
        speeds = ", ".join(f"{k} {n / s / 1e6:.2f}M" for k, (n, s) in totals.items() if s > 0)
        print(f"  {args.deals} full deals, {args.tricks} tricks: nodes/s {speeds} (the seed: 0.15M, ×"
              f"{totals['maxn'][0] / totals['maxn'][1] / 150_000:.0f} for maxⁿ)")
        (n0, s0), (n1, s1) = totals["maxn"], totals["maxn-tt"]
        print(f"  transposition table: nodes {n0:,.0f} → {n1:,.0f} (÷{n0 / n1:.2f}), time {s0:.2f} s → {s1:.2f} s "
              f"(÷{s0 / s1:.2f}); the seed: nodes ÷3, time ×3")


if __name__ == "__main__":
    main()
