"""Our search tree against DDS's, window by window: is a solve slower for a larger tree or a dearer node?

Both engines count the positions they reach at the start of a trick: ours the nodes of the trick's first seat
(``OPROF``, table and quick-trick cut-offs included), DDS its ``trickNodes`` (read from ``futureTricks.nodes``:
one each time its fourth hand's card is made, cut-offs included).  Those are the same positions, so their ratio
compares the trees without the per-node cost.

Two parts, on ``dd_vs_dds.py``'s seeded deals (no trumps, ``--leader`` on lead):

* **Whole single solves** (each cold, best of ``--repeat``): our time and trick starts, DDS's time and trick nodes.
  The ratio of the times splits into the ratio of the trees (trick starts) times the ratio of the cost of a
  trick start.
* **Every null window** North-South >= t, t = 1..13, each searched alone from cold by both engines (ours: mode 4
  with the bounds t - 1 <= v <= t; DDS: ``SolveBoard`` with the target for the side on lead, one search).  A
  window where our tree is much larger than DDS's points at a missing cut-off or a worse move order; a solve's
  total also depends on which windows its MTD(f) path visits (``dd_guess.py``).  Results are compared.

DDS is made cold before each of its searches by a whole solve of another deal.  The tiny deal ``dd_vs_dds.py``
flushes with does not do it for a window searched with another target on the same deal (seed 10's deal 19:
North-South >= 4 takes DDS 2,028 trick nodes cold, 18 after the windows >= 1, 2 and 3, each behind the tiny
deal), although whole solves repeat exactly behind it (equal node counts on all 50 deals of seed 10).

    python benchmarks/dd_windows.py                    # seed 10, 50 deals
    python benchmarks/dd_windows.py --seed 12 --deals 20 --worst 20
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's bridgeplay
sys.path.insert(0, str(ROOT / "benchmarks"))

from dd_vs_dds import FLUSH_TABLE, dds_deal, seeded_deals  # noqa: E402

from bridgeplay.engine import dd  # noqa: E402

try:  # noqa: E402
    import endplay._dds as _dds
    from endplay.types import Player
except ImportError:  # pragma: no cover
    sys.exit("this benchmark needs endplay (pip install -e '.[test]')")

SEATS = {"N": 0, "E": 1, "S": 2, "W": 3}
NT = 4


class Ours:
    """Our engine, cold before each search; counts trick starts (the nodes of each trick's first seat)."""

    def __init__(self) -> None:
        self.A, self.tt = dd.new_work(), dd.new_tt()
        self.out = np.zeros((8, 16), dtype=np.int64)
        self.ps, self.pr = np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64)

    def _starts(self) -> int:
        return int(self.A[dd.OPROF:dd.OPROF + 64].reshape(16, 4)[:, 0].sum())

    def search(self, hands: np.ndarray, leader: int, mode: int, lo: int, hi: int) -> tuple[int, int, int, float]:
        """(North-South's tricks, trick starts, nodes, seconds): mode 0 a whole solve, mode 4 inside lo..hi."""
        dd.clear_tt(self.tt, cuts=True)
        s0, n0 = self._starts(), int(self.A[dd.OST])
        self.out[0, 0], self.out[0, 1], self.out[0, 2] = lo, lo, hi
        t0 = time.perf_counter()
        v = int(dd.solve(self.A, self.tt, hands, NT, leader, self.ps, self.pr, 0, mode, self.out))
        dt = time.perf_counter() - t0
        return v, self._starts() - s0, int(self.A[dd.OST]) - n0, dt


def dds_search(e, target: int) -> tuple[int, int, float]:  # type: ignore[no-untyped-def]
    """(score, trick nodes, seconds) of one DDS ``SolveBoard`` (target -1: the whole solve), after another deal's
    whole solve (which resets DDS's state)."""
    flush = _dds.futureTricks()
    _dds.SolveBoard(FLUSH_TABLE._data, -1, 1, 1, flush, 0)
    fut = _dds.futureTricks()
    t0 = time.perf_counter()
    _dds.SolveBoard(e._data, target, 1, 1, fut, 0)
    dt = time.perf_counter() - t0
    return (fut.score[0] if fut.cards > 0 else -1), fut.nodes, dt


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--leader", default="W", choices=list(SEATS))
    ap.add_argument("--repeat", type=int, default=3, help="whole solves: best of (default 3)")
    ap.add_argument("--worst", type=int, default=12, help="windows listed, largest ratio first (default 12)")
    args = ap.parse_args()
    leader = SEATS[args.leader]
    deals = seeded_deals(args.deals, args.seed)
    ours = Ours()
    ours.search(deals[0].to_array(), leader, 0, 0, 13)  # load or compile the kernel
    bad = 0

    print(f"whole single solves, seed {args.seed}, no trumps, {args.leader} leads (best of {args.repeat}):")
    print(f"{'deal':>4} {'ours ms':>8} {'DDS ms':>8} {'ratio':>6} {'starts':>8} {'DDS tn':>8} {'tree':>6} "
          f"{'a start':>7}")
    tot = np.zeros(5)
    for i, deal in enumerate(deals):
        h = deal.to_array()
        e = dds_deal(deal)
        e.first = Player(leader)
        runs = [ours.search(h, leader, 0, 0, 13) for _ in range(args.repeat)]
        v, starts, nodes, _ = runs[-1]
        t_ours = min(r[3] for r in runs)
        theirs = [dds_search(e, -1) for _ in range(args.repeat)]
        score, tn, _ = theirs[-1]
        t_dds = min(r[2] for r in theirs)
        mine = v if leader % 2 == 0 else 13 - v  # tricks of the side on lead
        if mine != score:
            bad += 1
            print(f"  deal {i}: ours {mine}, DDS {score} ({deal.pbn()})")
        tot += (t_ours, t_dds, starts, tn, nodes)
        print(f"{i:>4} {1e3 * t_ours:>8.2f} {1e3 * t_dds:>8.2f} {t_ours / t_dds:>6.2f} {starts:>8} {tn:>8} "
              f"{starts / max(tn, 1):>6.2f} {(t_ours / max(starts, 1)) / (t_dds / max(tn, 1)):>7.2f}", flush=True)
    print(f"  all {len(deals)}: time {tot[0]:.3f} s against {tot[1]:.3f} s ({tot[0] / tot[1]:.2f}x) = trick starts "
          f"{int(tot[2]):,} against {int(tot[3]):,} ({tot[2] / tot[3]:.2f}x) x time a trick start "
          f"{1e9 * tot[0] / tot[2]:.0f} ns against {1e9 * tot[1] / tot[3]:.0f} ns "
          f"({(tot[0] / tot[2]) / (tot[1] / tot[3]):.2f}x)")
    print(f"  our nodes {int(tot[4]):,}: {tot[4] / tot[2]:.2f} a trick start, {1e9 * tot[0] / tot[4]:.0f} ns a node")

    print("\nevery null window North-South >= t, each from cold (trick starts, ours / DDS's):")
    rows = []
    wt = np.zeros(2)
    for i, deal in enumerate(deals):
        h = deal.to_array()
        e = dds_deal(deal)
        e.first = Player(leader)
        tl = 13
        for t in range(1, tl + 1):
            v, starts, nodes, _ = ours.search(h, leader, 4, t - 1, t)
            # the side on lead's target: North-South >= t, or East-West >= tl - t + 1 failing
            target = t if leader % 2 == 0 else tl - t + 1
            score, tn, _ = dds_search(e, target)
            ns_reach = (score >= 0) if leader % 2 == 0 else (score < 0)
            if (v >= t) != ns_reach:
                bad += 1
                print(f"  deal {i}: North-South >= {t}: ours {v >= t}, DDS {ns_reach} ({deal.pbn()})")
            wt += (starts, tn)
            rows.append((starts / max(tn, 1), i, t, v >= t, starts, nodes, tn))
    print(f"  all {len(rows)} windows: trick starts {int(wt[0]):,} against {int(wt[1]):,} ({wt[0] / wt[1]:.2f}x); "
          f"ours larger in {sum(r[0] > 1 for r in rows)}, more than twice DDS's in {sum(r[0] > 2 for r in rows)}")
    big = [r for r in rows if max(r[4], r[6]) >= 100]  # (the smallest windows' ratios say little)
    print(f"  the {args.worst} largest ratios among windows of >= 100 trick starts:")
    for ratio, i, t, ok, starts, nodes, tn in sorted(big, reverse=True)[:args.worst]:
        print(f"    deal {i:>3} North-South >= {t:>2} ({'holds' if ok else 'fails'}): ours {starts:,} trick starts "
              f"({nodes:,} nodes), DDS {tn:,}: {ratio:.2f}x")
    print("results " + ("all equal" if not bad else f"DIFFER in {bad} cases"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
