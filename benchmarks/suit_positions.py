"""Positions and thread time of the exact suit search on the 16 combinations of ``suit_vs_sss.py``.

Per combination, on one thread, after a warm-up, best of ``--repeat`` (``time.thread_time``: on a machine shared
with other work it moves far less than the wall clock):

* ``one``: the row's one target (``SuitAnalysis``);
* ``all``: every target and the expected tricks in one search (``AllTargets``, what ``tricks: max`` runs);
* ``exp``: the expected tricks alone (``SuitAnalysis`` with no target);

with the positions each solved (exact and lower-bound search) and, for ``all``, the search kernel's calls
(memo hits included) and its hits in the exact and the canonical memo.  Positions are exact and repeatable:
a change that keeps them equal changes only the time a position costs.  Printed last: the totals, ``all /
one`` and ``all`` against SSS's published 165.7 ms (see ``suit_vs_sss.py``).

``--levels``: also every target of each combination searched alone (``SuitAnalysis`` per number of tricks, each
timed the same way), and ``all`` against the costliest of them per combination (the row's timed target is not
always the costliest: KJx/xxx's one trick costs more than its two) and against their sum (what one search per
target would cost).

Usage: ``python benchmarks/suit_positions.py [--repeat N] [--levels]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--levels", action="store_true", help="also time every target of each combination alone")
    args = ap.parse_args(argv)

    from suit_vs_sss import COMBOS, SSS_MS

    from bridgeplay.kinds import from_dict
    from bridgeplay.suit.exact import AllTargets, SuitAnalysis
    from bridgeplay.suit.worlds import worlds_for

    warm = from_dict({"kind": "suit", "north": "AQ", "south": "xx", "tricks": "max"}, "<warm-up>")
    AllTargets(warm, worlds_for(warm), threads=1)

    def best(fn: Any) -> tuple[float, Any]:
        t, out = float("inf"), None
        for _ in range(args.repeat):
            t0 = time.thread_time()
            out = fn()
            t = min(t, time.thread_time() - t0)
        return t, out

    tot = {"one": 0.0, "all": 0.0, "exp": 0.0, "max": 0.0, "sum": 0.0}
    pos = {"one": 0, "all": 0, "exp": 0}
    print(f"{'combination':12} {'worlds':>6} {'one ms':>8} {'pos':>6} {'all ms':>8} {'pos':>6} {'exp ms':>8} "
          f"{'pos':>6}  all: calls, exact hits, canonical hits")
    for north, south, target in COMBOS:
        p = from_dict({"kind": "suit", "north": north, "south": south, "tricks": "max"}, f"<{north}/{south}>")
        w = worlds_for(p)
        t1, a1 = best(lambda p=p, w=w, t=target: SuitAnalysis(p, t, w, threads=1))
        ta, aa = best(lambda p=p, w=w: AllTargets(p, w, threads=1))
        te, ae = best(lambda p=p, w=w: SuitAnalysis(p, None, w, threads=1))
        st = sum(s.stats + s.lb_stats for s in aa.searches)
        for k, t, a in (("one", t1, a1), ("all", ta, aa), ("exp", te, ae)):
            tot[k] += t
            pos[k] += a.nodes
        print(f"{north + '/' + south:12} {len(w):6d} {1e3 * t1:8.1f} {a1.nodes:6d} {1e3 * ta:8.1f} {aa.nodes:6d} "
              f"{1e3 * te:8.1f} {ae.nodes:6d}  {st[10]}, {st[11]}, {st[12]}")
        if args.levels:
            alone = []
            for t in range(1, aa.levels + 1):
                tt, at = best(lambda p=p, w=w, t=t: SuitAnalysis(p, t, w, threads=1))
                alone.append((t, tt, at.nodes))
            tot["max"] += max(tt for _, tt, _ in alone)
            tot["sum"] += sum(tt for _, tt, _ in alone)
            print(f"{'':12} each target alone: " + ", ".join(
                f"{t}{'*' if t == target else ''} {1e3 * tt:.1f} ms ({n})" for t, tt, n in alone))
    print(f"16 combinations, thread time (best of {args.repeat}): one target {1e3 * tot['one']:.1f} ms "
          f"({pos['one']} positions), every target {1e3 * tot['all']:.1f} ms ({pos['all']}), expected tricks "
          f"{1e3 * tot['exp']:.1f} ms ({pos['exp']}); all / one {tot['all'] / tot['one']:.2f}, "
          f"all / SSS's {SSS_MS} ms {1e3 * tot['all'] / SSS_MS:.2f}")
    if args.levels:
        print(f"each target alone: the costliest per combination {1e3 * tot['max']:.1f} ms in total, all of them "
              f"{1e3 * tot['sum']:.1f} ms; all / costliest {tot['all'] / tot['max']:.2f}, "
              f"all / sum {tot['all'] / tot['sum']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
