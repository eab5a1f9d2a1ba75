"""Fingerprints of the exact suit search on the 16 combinations of ``suit_vs_sss.py``: proof that a change to the
search's speed changed nothing it answers.

Printed: ``values`` (a hash of every answer: per combination, each first play's value for the row's one target and
for the expected tricks, every target's chance and the expected tricks of ``AllTargets`` with each first play's
expected tricks, all rounded to 1e-9) and ``search`` (a hash of how the search found them: the positions, the search
kernel's counters, each first play's front and best row, and the best lines as trees of 4 declarer decisions for
the one target and for every target and the expected tricks).  A change that keeps the search the same keeps
both; one that prunes more (fewer positions, other equal lines among the best) must keep ``values``.

Usage: ``python benchmarks/suit_fingerprint.py [-v]`` (``-v``: a line per combination).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def tree(ds: list[Any]) -> list[Any]:
    return [(d.seat, d.rank, d.worlds, d.decided, d.avoided, tree(d.children)) for d in ds]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args(argv)

    from suit_vs_sss import COMBOS

    from bridgeplay.kinds import from_dict
    from bridgeplay.suit.exact import AllTargets, SuitAnalysis
    from bridgeplay.suit.worlds import worlds_for

    hv, hs = hashlib.sha256(), hashlib.sha256()
    for north, south, target in COMBOS:
        p = from_dict({"kind": "suit", "north": north, "south": south, "tricks": "max"}, f"<{north}/{south}>")
        w = worlds_for(p)
        one = SuitAnalysis(p, target, w, threads=1)
        exp = SuitAnalysis(p, None, w, threads=1)
        al = AllTargets(p, w, threads=1)
        vals = [
            [(s, r, round(v, 9)) for s, r, f, v, i in one.first_moves],
            [(s, r, round(v, 9)) for s, r, f, v, i in exp.first_moves],
            [round(float(x), 9) for x in al.best],
            [(s, r, round(v, 9)) for s, r, v in al.expected_by_play()],
            [al.best_plays(t) for t in range(1, p.max_tricks + 1)],
        ]
        srch = [
            one.nodes, exp.nodes, al.nodes,
            [a.tolist() for a in (sum(s.stats + s.lb_stats for s in x.searches) for x in (one, exp, al))],
            [(f.tobytes().hex(), i) for s, r, f, v, i in one.first_moves + exp.first_moves],
            tree(one.strategy(4)), tree(exp.strategy(4)),
            [tree(al.strategy(t, 4)) for t in list(range(1, p.max_tricks + 1)) + [None]],
        ]
        hv.update(repr(vals).encode())
        hs.update(repr(srch).encode())
        if args.v:
            print(f"{north}/{south}: values {hashlib.sha256(repr(vals).encode()).hexdigest()[:12]} "
                  f"search {hashlib.sha256(repr(srch).encode()).hexdigest()[:12]} positions {al.nodes}")
    print(f"values {hv.hexdigest()[:16]}  search {hs.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
