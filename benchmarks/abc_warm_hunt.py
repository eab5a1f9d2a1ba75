"""Hunt for ABC table entries that answer another deal's positions wrongly: one warm engine against an emptied one.

In a decision one engine scores hundreds of triples: the same strain, roles, payoff and views, but other deals
(A's deal and both views).  The kernel's table is kept across them, so a row stored for one triple may answer a
position of another; a row whose key left out something its value depends on would give a score that depends on
what was searched before.  This hunt draws random misleading cases (``tests/reference/abc_cases.py``, as
``abc_hunt.py`` draws them), groups them by what a decision keeps fixed (cards a hand, strain, A, declarer; the
payoff is A's side's tricks), and scores each group's cases one after another on one engine, the way a decision
does, and again with the kernel's table emptied before each case.  The two must agree; the DDS reference
(``abc_hunt.py``) says which is right when they do not.  Exits 1 on any difference.

    python benchmarks/abc_warm_hunt.py --cases 3000 --cards 6 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bridgeplay and tests

from bridgeplay.deal.abcsearch import ABCSearch, Engine  # noqa: E402
from tests.reference.abc_cases import random_case  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--cards", type=str, default="6", help="cards a hand, or a comma list to draw from (5,6,7)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tries", type=int, default=60, help="pairs of views drawn to find one that misleads")
    args = ap.parse_args()
    sizes = [int(x) for x in args.cards.split(",")]
    rng = random.Random(args.seed)
    start = time.time()
    drawer = Engine()
    groups: dict[tuple, list] = defaultdict(list)
    drawn = 0
    while drawn < args.cases:
        case = random_case(rng, rng.choice(sizes), drawer, tries=args.tries, seek="revised", misled_only=True,
                           payoffs=(0,))
        if case is None:
            continue
        r, trump, leader, trick, m, da, db, dc, payoff, declarer = case
        groups[(len(payoff), trump, r)].append(case)
        drawn += 1
    print(f"{drawn} cases drawn in {len(groups)} groups ({time.time() - start:.0f} s)", flush=True)
    bad = checked = 0
    for key in sorted(groups, key=str):
        for views in ("revised", "fixed"):
            warm, cold = Engine(), Engine()
            for case in groups[key]:
                r, trump, leader, trick, m, da, db, dc, payoff, declarer = case
                got = ABCSearch(r, trump, leader, trick, da, db, dc, payoff, warm, views).score(m)
                k = cold.kernel(payoff, views, r, trump)
                k.clear()
                want = ABCSearch(r, trump, leader, trick, da, db, dc, payoff, cold, views).score(m)
                checked += 1
                if got != want:
                    bad += 1
                    print(f"{views}: warm {got}, table emptied {want}: {case}", flush=True)
        del warm, cold
    print(f"{checked} searches ({drawn} cases, both view modes) in {time.time() - start:.0f} s: "
          + ("sound" if bad == 0 else f"WARM AND EMPTIED DIFFER: {bad}"))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
