"""Hunt for wrong ABC scores on endings larger than the literal evaluators can walk: the kernel against DDS's views.

The tests prove the ABC kernel (``bridgeplay/engine/abc.py``: its table, its value memo, its bounds on the views'
values, its engine calls) equal to the literal per-belief evaluator on endings of 2-4 cards a hand, the most that
plain minimax can walk.  Its shortcuts matter most on larger trees, where a table entry or an engine answer is
reused far from where it was made.  ``tests/reference/abc_dds_views.py`` walks the same per-belief tree with no
pruning and takes each viewer's values from DDS (through endplay) instead of minimax, which reaches 5-6 cards a
hand (about 0.5 s and 4-14 s a case).

Each case (``tests/reference/abc_cases.py``): a random ending of ``--cards`` cards a hand, a random strain,
declarer, leader, 0-3 cards of the trick played, A's card, a random payoff (tricks, a target, or random steps), and
views for B and C drawn at random; up to ``--tries`` pairs are drawn and the first pair that misleads (ABC's score
in ``--seek`` views differs from Monte Carlo's) is kept.  Most endings of this size cannot mislead anyone (one
in ten or fewer at 5 cards), so those are skipped unless ``--all``: every case checked exercises the views.  One
engine serves every case of a view mode, as one serves a decision's triples; with ``--payoff tricks`` the kernel's
own table is kept across cases too, while the strain and the roles stay (it is emptied when the payoff, the strain
or the roles change).  Both view modes are checked.  Exits 1
on any difference.

    python benchmarks/abc_hunt.py --cases 50 --cards 5 --seed 1     # about half a minute
    python benchmarks/abc_hunt.py --cases 10 --cards 6 --seed 1     # one to three minutes
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bridgeplay and tests

from bridgeplay.deal.abcsearch import ABCSearch, Engine, dd_score  # noqa: E402
from tests.reference.abc_cases import random_case  # noqa: E402
from tests.reference.abc_dds_views import evaluate as dds_per_belief  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=50)
    ap.add_argument("--cards", type=str, default="5", help="cards a hand, or a comma list to draw from (5,6)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tries", type=int, default=60, help="pairs of views drawn to find one that misleads")
    ap.add_argument("--seek", choices=("revised", "fixed"), default="revised")
    ap.add_argument("--all", action="store_true", help="keep endings where no view drawn misleads (most of them)")
    ap.add_argument("--payoff", choices=("any", "tricks"), default="any",
                    help="tricks: every case scores A's side's tricks, so the kernel's table is kept across cases "
                         "of one size, strain and roles, as across a decision's triples")
    args = ap.parse_args()
    sizes = [int(x) for x in args.cards.split(",")]
    rng = random.Random(args.seed)
    eng = Engine()  # draws the cases
    engines = {"fixed": Engine(), "revised": Engine()}  # one a mode: a change of mode would empty the table
    done = misled = split = bad = 0
    t_kernel = t_ref = 0.0
    start = time.time()
    while done < args.cases:
        case = random_case(rng, rng.choice(sizes), eng, tries=args.tries, seek=args.seek, misled_only=not args.all,
                           payoffs=(0,) if args.payoff == "tricks" else (0, 1, 2))
        if case is None:
            continue
        r, trump, leader, trick, m, da, db, dc, payoff, declarer = case
        mc = dd_score(r, trump, leader, trick, m, da, payoff, eng)
        got = {}
        for views in ("fixed", "revised"):
            t0 = time.perf_counter()
            fast = ABCSearch(r, trump, leader, trick, da, db, dc, payoff, engines[views], views).score(m)
            t1 = time.perf_counter()
            ref = dds_per_belief(r.a, declarer, trump, leader, trick, [da, db, dc], payoff, m, views == "revised")
            t_kernel += t1 - t0
            t_ref += time.perf_counter() - t1
            got[views] = fast
            if fast != ref:
                bad += 1
                print(f"case {done}: {views} kernel {fast} reference {ref}: {case}", flush=True)
        done += 1
        misled += any(v != mc for v in got.values())
        split += got["fixed"] != got["revised"]
        if done % 10 == 0 or done == args.cases:
            print(f"{done} cases: {misled} misled (ABC differs from Monte Carlo), {split} with fixed != revised, "
                  f"{bad} wrong; kernel {t_kernel:.2f} s, reference {t_ref:.1f} s, {time.time() - start:.0f} s",
                  flush=True)
    print("sound" if bad == 0 else f"WRONG SCORES: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
