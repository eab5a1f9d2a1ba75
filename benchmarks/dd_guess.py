"""What MTD(f)'s first guess costs: each seeded deal's cold single solve from every first guess, in nodes.

For each deal (``dd_vs_dds.py``'s seeded random deals), the engine solves one position (``--strain``, ``--leader``)
fourteen times, once from each first guess 0..13 (North-South's tricks; engine mode 4, the table and its cut-off
card cache emptied before each), and counts the nodes.  Prints the nodes of today's guess (``dd._guess``) against a
guess at a fixed distance from the true value (an oracle), the best guess per deal, and how far today's guess lies
from the value.  The counts are exact (no timing), so the question "would a better guess pay" is answered without
noise.

    python benchmarks/dd_guess.py                          # seeds 1-6, 50 deals each, no trumps, West leads
    python benchmarks/dd_guess.py --seeds 1 --deals 20 --strain S --leader E
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from dd_vs_dds import random_deal  # noqa: E402

from bridgeplay.engine import dd  # noqa: E402

STRAINS = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
SEATS = {"N": 0, "E": 1, "S": 2, "W": 3}


def sweep(hands: np.ndarray, trump: int, leader: int, A: np.ndarray, tt: np.ndarray) -> tuple[int, list[int]]:
    """North-South's tricks, and the nodes of a cold solve from each first guess 0..13."""
    psuit, prank = np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64)  # no card played yet
    out = np.zeros((8, 16), dtype=np.int64)
    nodes = []
    v = -1
    for g in range(14):
        dd.clear_tt(tt, cuts=True)
        n0 = int(A[dd.OST])
        out[0, 0], out[0, 1], out[0, 2] = g, 0, 13
        v = int(dd.solve(A, tt, hands, trump, leader, psuit, prank, 0, 4, out))
        nodes.append(int(A[dd.OST]) - n0)
    return v, nodes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1,2,3,4,5,6", help="comma-separated seeds (default 1-6)")
    ap.add_argument("--deals", type=int, default=50, help="deals a seed (default 50)")
    ap.add_argument("--strain", default="NT", choices=list(STRAINS))
    ap.add_argument("--leader", default="W", choices=list(SEATS))
    args = ap.parse_args()
    trump, leader = STRAINS[args.strain], SEATS[args.leader]
    A, tt = dd.new_work(), dd.new_tt()
    vals, guesses, rows = [], [], []
    for seed in (int(s) for s in args.seeds.split(",")):
        rng = random.Random(seed)
        for _ in range(args.deals):
            h = random_deal(rng).to_array().astype(np.int64)
            v, nodes = sweep(h, trump, leader, A, tt)
            vals.append(v)
            guesses.append(int(dd._guess(h, trump, leader, 13)))
            rows.append(nodes)
    N, V, G = np.array(rows), np.array(vals), np.array(guesses)
    idx = np.arange(len(V))
    today = int(N[idx, G].sum())
    print(f"{len(V)} deals, {args.strain}, {args.leader} leads: nodes from today's first guess {today:,}")
    for off in range(-2, 4):
        n = int(N[idx, np.clip(V + off, 0, 13)].sum())
        print(f"    a guess of the value {off:+d}: {n:,} ({n / today - 1:+.1%})")
    best = int(N.min(axis=1).sum())
    print(f"    the best guess of each deal: {best:,} ({best / today - 1:+.1%})")
    d, c = np.unique(G - V, return_counts=True)
    print("today's guess minus the value: " + ", ".join(f"{int(a):+d}: {int(b)}" for a, b in zip(d, c)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
