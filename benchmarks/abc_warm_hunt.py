"""Hunt for ABC table entries that answer another deal's positions wrongly: one warm engine against an emptied one.

In a decision one engine scores hundreds of triples: the same strain, roles, payoff and views, but other deals
(A's deal and both views).  The kernel's table is kept across them, so a row stored for one triple may answer a
position of another; a row whose key left out something its value depends on would give a score that depends on
what was searched before.  This hunt draws random misleading cases (``tests/reference/abc_cases.py``, as
``abc_hunt.py`` draws them), groups them by what a decision keeps fixed (cards a hand, strain, A, declarer; the
payoff: A's side's tricks by default), and scores each group's cases one after another on one engine, the way a
decision does, and again with the kernel's table and value memo emptied before each case.  The two must agree;
the DDS reference (``abc_hunt.py``) says which is right when they do not.  Exits 1 on any difference.

With ``--problem FILE`` (a seat's decision, such as ``problems/deceptive/*.yaml``) the cases are a decision's own
triples instead: ``--deals`` deals of Da and ``--inner`` views each, paired as the problem says, every candidate,
scored in order on one engine and again with the table and memo emptied before each triple; whole deals, as the
solver searches them.

    python benchmarks/abc_warm_hunt.py --cases 3000 --cards 6 --seed 1
    python benchmarks/abc_warm_hunt.py --problem problems/deceptive/otawa-uehara-ex2.yaml --deals 10 --inner 5
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


def _empty(eng: Engine, payoff, views, roles, trump) -> None:
    """The kernel's ABC table and its memo of the views' values emptied (its engine table is the double-dummy
    engine's, which ``dd_recheck.py`` and the engine's tests check across deals)."""
    k = eng.kernel(payoff, views, roles, trump)
    k.clear()
    k.M[:] = 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--cards", type=str, default="6", help="cards a hand, or a comma list to draw from (5,6,7)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tries", type=int, default=60, help="pairs of views drawn to find one that misleads")
    ap.add_argument("--problem", type=Path, help="a seat's decision: hunt on its own triples")
    ap.add_argument("--deals", type=int, default=10, help="with --problem: deals of Da")
    ap.add_argument("--inner", type=int, default=5, help="with --problem: views a (card, deal) of each of B and C")
    ap.add_argument("--payoff", choices=("tricks", "target", "steps"), default="tricks",
                    help="A's side's tricks (strictly rising: no ties in X beyond equal tricks), a target of tricks "
                         "(1 if reached), or random steps (both with ties; the cases are grouped by payoff too)")
    args = ap.parse_args()
    if args.problem is not None:
        return decision(args.problem, args.deals, args.inner, args.seed)
    sizes = [int(x) for x in args.cards.split(",")]
    rng = random.Random(args.seed)
    start = time.time()
    drawer = Engine()
    groups: dict[tuple, list] = defaultdict(list)
    drawn = 0
    while drawn < args.cases:
        case = random_case(rng, rng.choice(sizes), drawer, tries=args.tries, seek="revised", misled_only=True,
                           payoffs=({"tricks": 0, "target": 1, "steps": 2}[args.payoff],))
        if case is None:
            continue
        r, trump, leader, trick, m, da, db, dc, payoff, declarer = case
        groups[(tuple(payoff), trump, r)].append(case)
        drawn += 1
    print(f"{drawn} cases drawn in {len(groups)} groups ({time.time() - start:.0f} s)", flush=True)
    bad = checked = 0
    for key in sorted(groups, key=str):
        for views in ("revised", "fixed"):
            warm, cold = Engine(), Engine()
            for case in groups[key]:
                r, trump, leader, trick, m, da, db, dc, payoff, declarer = case
                got = ABCSearch(r, trump, leader, trick, da, db, dc, payoff, warm, views).score(m)
                _empty(cold, payoff, views, r, trump)
                want = ABCSearch(r, trump, leader, trick, da, db, dc, payoff, cold, views).score(m)
                checked += 1
                if got != want:
                    bad += 1
                    print(f"{views}: warm {got}, table emptied {want}: {case}", flush=True)
        del warm, cold
    print(f"{checked} searches ({drawn} cases, both view modes) in {time.time() - start:.0f} s: "
          + ("sound" if bad == 0 else f"WARM AND EMPTIED DIFFER: {bad}"))
    return 1 if bad else 0


def decision(path: Path, n_da: int, n_in: int, seed: int) -> int:
    """A decision's triples (the solver's own, :func:`bridgeplay.deal.abc.view_pairs`), on one warm engine and on
    one emptied before each triple."""
    from bridgeplay import kinds
    from bridgeplay.deal.abc import candidates, sample_da, view_pairs

    p = kinds.load(path)
    start = time.time()
    warm, cold = Engine(), Engine()
    bad = checked = 0
    for i, da in enumerate(sample_da(p, n_da, seed)):
        for m in candidates(p):
            for db, dc in view_pairs(p, da, m, n_in, seed, i):
                got = ABCSearch(p.roles, p.trump, p.leader, p.trick, da, db, dc, p.payoff, warm, p.views).score(m)
                _empty(cold, p.payoff, p.views, p.roles, p.trump)
                want = ABCSearch(p.roles, p.trump, p.leader, p.trick, da, db, dc, p.payoff, cold, p.views).score(m)
                checked += 1
                if got != want:
                    bad += 1
                    print(f"deal {i} card {p.move_text(m)}: warm {got}, table emptied {want}: {da} {db} {dc}",
                          flush=True)
    print(f"{path.name}: {checked} triples ({n_da} deals, {n_in} views, seed {seed}) in {time.time() - start:.0f} s: "
          + ("sound" if bad == 0 else f"WARM AND EMPTIED DIFFER: {bad}"))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
