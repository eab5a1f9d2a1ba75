"""The one-target search over every bundled suit problem: what a change to the exact search costs the usual case.

Every ``kind: suit`` file under ``problems/`` with a target (``tricks: N``) or expected tricks (``tricks: max``
files are left out: benchmarks/suit_vs_sss.py times those), its own target, solved by ``SuitAnalysis`` on one thread
(the search alone: no table, no line), after a warm-up.  Time is the thread's CPU time (``time.thread_time``), best
of ``--repeat``: on a machine shared with other work it moves far less than the wall clock.  Printed: the slowest
files, then the files, the total time and the positions solved (lower-bound search included).

To compare two versions, run this from each checkout in turn, twice or more, in the same minutes.

Usage: ``python benchmarks/suit_corpus.py [--repeat N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from bridgeplay.kinds import from_dict, load
    from bridgeplay.options import Options
    from bridgeplay.suit.exact import SuitAnalysis, solve
    from bridgeplay.suit.worlds import worlds_for

    solve(from_dict({"kind": "suit", "north": "AQ", "south": "xx", "tricks": 2}, "<warm-up>"), Options())
    rows = []
    for path in sorted((ROOT / "problems").rglob("*.yaml")):
        if "kind: suit" not in path.read_text(encoding="utf-8"):
            continue
        p = load(path)
        if p.objective == "target" and p.tricks is None:
            continue  # tricks: max
        target = p.tricks if p.objective == "target" else None
        worlds = worlds_for(p)
        best, an = float("inf"), None
        for _ in range(args.repeat):
            t0 = time.thread_time()
            an = SuitAnalysis(p, target, worlds, threads=1)
            best = min(best, time.thread_time() - t0)
        rows.append({"file": str(path.relative_to(ROOT)), "ms": 1e3 * best, "nodes": an.nodes, "value": an.value})
    total = sum(r["ms"] for r in rows)
    nodes = sum(r["nodes"] for r in rows)
    if args.json:
        print(json.dumps({"rows": rows, "total_ms": total, "nodes": nodes}))
        return 0
    for r in sorted(rows, key=lambda r: -r["ms"])[:8]:
        print(f"{r['ms']:8.1f} ms {r['nodes']:7d} positions  {r['file']}  {r['value']:.6f}")
    print(f"{len(rows)} files: {total / 1e3:.3f} s thread time (best of {args.repeat} each), {nodes} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
