"""Hunt for unsound table entries on whole deals: the engine's exact re-checks, limited to the last tricks.

The engine's debug switch 256 searches every result it stores again, exactly (exact table entries, no skips, no
quick tricks), with the cards below the result's relevant ones dealt afresh between the hands: a stored result
claims to hold for all those positions, so a failure is a table entry more general than its proof.  On a whole
deal that takes hours (a result stored ten tricks from the end is an exact search of ten tricks), so
``ODEBUG + 7`` limits the re-checks to results stored at most ``--tricks`` tricks from the end, where they are
cheap: at 6, a few seconds a table.  The fault mended in c70bffe (a skipped run of equivalent cards that reached
a relevant rank) shows on seed 11's deal 225 at ``--tricks 6``: failing results in hearts (one to three: the small
cards are dealt at random), whose table was wrong, while the same re-checks on the random 5-8 card endings of the
tests found nothing.

For every seeded deal (``dd_vs_dds.py``'s deals) and strain, the strain's four leaders are solved as a table's
thread solves them (mode 7, from an empty table) with the re-checks on; the failures are counted, and the table
is compared with DDS's (through endplay, as ``dd_vs_dds.py`` asks it).  Exits 1 if any result fails or any table
differs.

With ``--heads H`` the table is small enough to fill: all five strains are solved in one call into one table of
2**H heads and 2**``--blocks`` blocks (mode 2, as a table's single thread does), so it harvests (drops the
patterns of the fewest tricks left, those out of use first; ``--fresh`` sets how far use raises a pattern) or, when
a probe run is still full, empties; the harvests and emptyings are counted and the table compared with DDS's.
That hunts the harvest's bookkeeping (the heads moved back into the holes, the free list, the use flags) on many
deals, where the tests check two.  ``--no-rechecks`` leaves the re-checks off (the tiny tables' searches are
large): with them on at the default 6 tricks a deal in a 2**10 table takes about 200 s, at ``--tricks 4`` about 10.

    python benchmarks/dd_recheck.py --deals 100 --seed 12            # about 10 minutes on one core
    python benchmarks/dd_recheck.py --deals 1 --first 225 --seed 11  # the deal that found the fault
    python benchmarks/dd_recheck.py --deals 100 --seed 21 --heads 10 --blocks 10 --no-rechecks  # harvests
    python benchmarks/dd_recheck.py --deals 40 --seed 26 --heads 10 --tricks 4  # harvests, re-checked: 389 s
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bridgeplay

from dd_vs_dds import dds_deal, dds_table, seeded_deals  # noqa: E402

from bridgeplay.engine.dd import (  # noqa: E402
    HARVEST_FRESH,
    HARVEST_FRESH_MAX,
    ODEBUG,
    OST,
    TT_FRESH,
    TT_HARVESTS,
    TT_RESETS,
    new_tt,
    new_work,
    solve,
)

STRAINS = ("S", "H", "D", "C", "NT")  # the engine's strain numbers 0..4 (a row each of its table)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="the first deal of the seed's sequence to check")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tricks", type=int, default=6, help="re-check results stored at most this many tricks from "
                    "the end (0: every result; hours on a whole deal)")
    ap.add_argument("--shuffles", type=int, default=3, help="deals of the small cards a re-check tries")
    ap.add_argument("--no-rechecks", action="store_true", help="compare with DDS only")
    ap.add_argument("--heads", type=int, default=0, help="log2 of a small table's heads: the whole table in one "
                    "call into it, so that it harvests (0: the default table, a strain at a time)")
    ap.add_argument("--blocks", type=int, default=0, help="log2 of the small table's blocks (default: as --heads)")
    ap.add_argument("--fresh", type=int, default=None, help="the small table's TT_FRESH (classes a pattern in use "
                    f"is raised by in a harvest, 0..{HARVEST_FRESH_MAX}; default {HARVEST_FRESH})")
    args = ap.parse_args()
    if args.tricks < 0 or args.shuffles < 1:
        ap.error("--tricks must be >= 0 and --shuffles >= 1")
    if not (args.heads == 0 or 6 <= args.heads <= 22) or not (args.blocks == 0 or 6 <= args.blocks <= 22):
        ap.error("--heads and --blocks must be 0 or 6..22")
    if not args.heads and (args.blocks or args.fresh is not None):
        ap.error("--blocks and --fresh size and set the small table: give --heads too")
    if args.fresh is None:
        args.fresh = HARVEST_FRESH
    if not 0 <= args.fresh <= HARVEST_FRESH_MAX:
        ap.error(f"--fresh must be 0..{HARVEST_FRESH_MAX}")
    deals = seeded_deals(args.first + args.deals, args.seed)[args.first:]
    z = np.zeros(4, np.int64)
    out = np.zeros((5, 13), np.int64)
    failing = differing = 0
    harvests = emptyings = nodes = 0
    t_all = time.perf_counter()
    checks = ("no re-checks" if args.no_rechecks else f"results stored at most {args.tricks or 13} tricks from the "
              f"end re-checked on {args.shuffles} deals of the small cards each (a first run compiles the re-checks: "
              "about a minute)")
    table = (f"; the whole table in one table of 2**{args.heads} heads and 2**{args.blocks or args.heads} blocks, "
             f"TT_FRESH {args.fresh}" if args.heads else "")
    print(f"seed {args.seed}, deals {args.first}..{args.first + args.deals - 1}: {checks}{table}")

    def work() -> np.ndarray:
        A = new_work()
        if not args.no_rechecks:
            A[ODEBUG] = 256
            A[ODEBUG + 6] = args.shuffles
            A[ODEBUG + 7] = args.tricks
        return A

    for i, deal in enumerate(deals, start=args.first):
        t0 = time.perf_counter()
        fails = []
        hands = deal.to_array().astype(np.int64)
        if args.heads:
            A, tt = work(), new_tt(args.heads, 1 << (args.blocks or args.heads))
            tt[TT_FRESH] = args.fresh
            solve(A, tt, hands, 0, 0, z, z, 0, 2, out)
            if A[ODEBUG + 5]:
                fails.append(f"{int(A[ODEBUG + 5])}")
            harvests += int(tt[TT_HARVESTS])
            emptyings += int(tt[TT_RESETS])
            nodes += int(A[OST])
            extra = f"  {int(tt[TT_HARVESTS]):5d} harvests, {int(tt[TT_RESETS])} emptied, {int(A[OST]):,} nodes"
        else:
            extra = ""
            for st in range(5):
                A, tt = work(), new_tt()
                solve(A, tt, hands, st, 0, z, z, 0, 7, out)
                if A[ODEBUG + 5]:
                    fails.append(f"{STRAINS[st]} {int(A[ODEBUG + 5])}")
        ours = out[:5, :4].tolist()
        theirs = dds_table(dds_deal(deal))
        dds = [[theirs[k][x] for x in "NESW"] for k in STRAINS]
        note = []
        if fails:
            failing += 1
            note.append("FAILING RESULTS " + ", ".join(fails))
        if dds != ours:
            differing += 1
            note.append(f"TABLE DIFFERS: ours {ours}, DDS {dds}")
        print(f"{i:4d} {time.perf_counter() - t0:6.1f}s  {'; '.join(note) or 'sound'}{extra}"
              + (f"  {deal.pbn()}" if note else ""), flush=True)
    print(f"{args.deals} deals in {time.perf_counter() - t_all:.0f} s: {failing} with failing results, "
          f"{differing} tables unequal to DDS's"
          + (f"; {harvests:,} harvests, {emptyings:,} emptyings, {nodes:,} nodes" if args.heads else ""))
    return 1 if failing or differing else 0


if __name__ == "__main__":
    sys.exit(main())
