"""bridgeplay's double-dummy engine against DDS (through endplay), on the same seeded deals, in one run.

For every deal (random, seeded) two measurements, each solved by both engines:

* a single-position solve: West on lead, no trumps, the number of tricks only (DDS ``SolveBoard``
  with target -1, solutions 1 = endplay's ``SolveMode.OptimalOne``; ours ``doubledummy.tricks``);
* the full 5x4 table (DDS ``CalcDDtable`` = endplay's ``calc_dd_table``; ours ``doubledummy.dd_table``).

Both engines start each solve cold (DDS keeps its table only for the same deal, so it solves another
deal in between; ours is emptied before each solve).  DDS keeps a table a thread: a single solve runs
on its thread 0, but a 5x4 table runs its strains on all its threads, so before each DDS table another
deal's whole table is solved (a thread whose last strain was one of the same deal otherwise starts
that strain again from its kept table: seed 3's deal 35 then took 180-250 ms instead of 480-740).
The machine is shared, so each solve is repeated ``--repeat`` times and the minimum time is kept.
Printed: per deal the times, the ratio bridgeplay / DDS and our node count; then the median ratios
(the goal is parity: <= 1), total times, and where our nodes go (per seat in the trick; how many
trick-start nodes end in a table cut-off or a quick-trick cut-off), which is what a profile of the
search points at next.  Results are compared too (a difference is reported and exits 1).

The summary gives, for single solves and for tables, the per-deal ratios' mean, median and 99th
percentile, the ratio of the mean times and of the 99th-percentile times (the tail is where the
engines differ most), and our nodes and nanoseconds per node.

    python benchmarks/dd_vs_dds.py                    # 20 deals, seed 1, 3 repeats
    python benchmarks/dd_vs_dds.py --deals 50 --repeat 1
    python benchmarks/dd_vs_dds.py --deals 50 --repeat 1 --no-tables
    python benchmarks/dd_vs_dds.py --deals 50 --repeat 1 --threads 1   # our tables in one thread
    python benchmarks/dd_vs_dds.py --set largest --repeat 1            # DDS's 21 slowest real deals
    python benchmarks/dd_vs_dds.py --set torture --repeat 1            # DDS's two torture deals (about 45 min)
    python benchmarks/dd_vs_dds.py --set torture --only thomas1 --repeat 1   # one of them (about 12 min)

``--set`` takes deals from DDS's own test set instead of random ones (``tests/reference/dds_hands.py``): each
result is then checked against the table DDS's test files record as well as against DDS run here.

Our tables are solved a strain a thread by default (config.DD_TABLE_THREADS), as DDS's are: both use the
machine's idle cores, so the tables' ratios move with the other processes' load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bridgeplay, not an installed one

from bridgeplay import config  # noqa: E402
from bridgeplay.cards import Deal  # noqa: E402
from bridgeplay.deal import doubledummy as dd  # noqa: E402
from bridgeplay.engine.dd import OPROF, clear_tt  # noqa: E402
from tests.reference.dds_hands import LARGEST, TORTURE, table_of  # noqa: E402

try:  # noqa: E402
    from endplay.dds import calc_dd_table, solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player
except ImportError:  # pragma: no cover
    sys.exit("this benchmark needs endplay (pip install -e '.[test]')")

STRAINS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
SEATS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}


def random_deal(rng: random.Random) -> Deal:
    pack = [(s, r) for s in range(4) for r in range(2, 15)]
    rng.shuffle(pack)
    arr = np.zeros((4, 4), dtype=np.uint16)
    for i, (s, r) in enumerate(pack):
        arr[i % 4, s] |= 1 << r
    return Deal.from_array(arr)


def seeded_deals(n: int, seed: int) -> list[Deal]:
    """The benchmarks' deals: the first ``n`` random deals of ``seed``."""
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(n)]


FLUSH = EDeal.from_pbn("N:A... K... Q... J...")  # a different (tiny) deal: DDS's thread 0 then starts afresh
# a whole deal, none of the benchmark's (a seed of its own), whose table keeps every DDS thread busy
FLUSH_TABLE = EDeal.from_pbn(random_deal(random.Random("dd_vs_dds: flush")).pbn())


def flush_dds() -> None:
    """DDS's thread 0 (where a single solve runs) starts its next solve cold."""
    solve_board(FLUSH)


def flush_dds_tables() -> None:
    """Every DDS thread's last strain becomes one of another deal, so the next table starts cold on all of them
    (thread 0 surely: the tiny deal last)."""
    calc_dd_table(FLUSH_TABLE)
    flush_dds()


def best_of(repeat: int, fn, flush=flush_dds):  # type: ignore[no-untyped-def]
    """(minimum seconds, result, our nodes during the last run) over ``repeat`` runs, each cold:
    our table and our cut-off card cache are emptied, and DDS,
    which keeps its table when it is given the same deal again (a repeat would take it 0.2 ms), first
    solves another deal (``flush``, untimed: :func:`flush_dds_tables` before its tables).  (With the cut-off
    cards kept, a repeat of deal 37 of seed 1 searched 65 nodes instead of 16,168.)"""
    best = float("inf")
    out = None
    nodes = 0
    for _ in range(repeat):
        if dd._ENGINE.tt is not None:
            clear_tt(dd._ENGINE.tt, cuts=True)
        flush()
        n0 = dd.stats()["nodes"]
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
        nodes = dd.stats()["nodes"] - n0
    return best, out, nodes


def dds_deal(deal: Deal) -> EDeal:
    """The deal as endplay's, built outside DDS's timed calls (the PBN round trip took 53 us, which DDS
    itself never pays)."""
    e = EDeal.from_pbn(deal.pbn())
    e.trump = Denom.nt
    e.first = Player.west
    return e


def dds_solve(e: EDeal) -> int:
    return max(v for _, v in solve_board(e, SolveMode.OptimalOne))


def dds_table(e: EDeal) -> dict[str, dict[str, int]]:
    t = calc_dd_table(e)
    return {k: {s: t[den, pl] for s, pl in SEATS.items()} for k, den in STRAINS.items()}


def p99(xs: list[float]) -> float:
    """99th percentile (linear interpolation; the maximum below 100 values)."""
    v = sorted(xs)
    k = 0.99 * (len(v) - 1)
    i = int(k)
    return v[i] if i + 1 >= len(v) else v[i] + (k - i) * (v[i + 1] - v[i])


def summary(title: str, times: list[tuple[float, float]], nodes: list[int]) -> None:
    ours = [a for a, _ in times]
    dds = [b for _, b in times]
    ratios = [a / b for a, b in times]
    print(f"{title}, {len(times)} deals: ratio bridgeplay/DDS per deal: mean {statistics.mean(ratios):.2f}, "
          f"median {statistics.median(ratios):.2f}, p99 {p99(ratios):.2f}")
    print(f"    times: mean {1e3 * statistics.mean(ours):.1f} ms vs {1e3 * statistics.mean(dds):.1f} ms "
          f"(ratio {statistics.mean(ours) / statistics.mean(dds):.2f}), "
          f"p99 {1e3 * p99(ours):.1f} ms vs {1e3 * p99(dds):.1f} ms (ratio {p99(ours) / p99(dds):.2f}); "
          f"total {sum(ours):.2f} s vs {sum(dds):.2f} s")
    n = sum(nodes)
    print(f"    our nodes: mean {n / len(nodes):,.0f} a deal, {1e9 * sum(ours) / max(1, n):.0f} ns a node")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=("random", "torture", "largest"), default="random",
                    help="random deals from --seed (default), or DDS's test deals: its two torture deals "
                         "(thomas1/2.txt) or its 21 slowest real ones (largest.txt)")
    ap.add_argument("--deals", type=int, default=20, help="random deals (--set random)")
    ap.add_argument("--only", default=None, metavar="NAMES",
                    help="with --set torture|largest: only these deals (comma-separated names, e.g. thomas1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-tables", action="store_true", help="single-position solves only")
    ap.add_argument("--threads", type=int, default=None,
                    help="threads for our tables (default: config.DD_TABLE_THREADS; 1 = one after the other)")
    args = ap.parse_args()
    if args.threads is not None:
        config.DD_TABLE_THREADS = args.threads

    recorded: list[dict[str, dict[str, int]] | None]
    if args.set == "random":
        if args.only:
            ap.error("--only names deals of --set torture or largest")
        deals = seeded_deals(args.deals, args.seed)
        recorded = [None] * len(deals)
    else:
        chosen = TORTURE if args.set == "torture" else LARGEST
        if args.only:
            names = args.only.split(",")
            unknown = sorted(set(names) - {name for name, _, _ in chosen})
            if unknown:
                ap.error(f"--only: no deal {', '.join(unknown)} in the {args.set} set")
            chosen = [c for c in chosen if c[0] in names]
        deals = [Deal.from_pbn(pbn) for _, pbn, _ in chosen]
        recorded = [table_of(flat) for _, _, flat in chosen]
        print(f"DDS's test deals ({args.set}): " + ", ".join(name for name, _, _ in chosen))
    # warm-up: numba kernels (compiled or loaded from the cache) and DDS's thread memory (on a random deal: one of
    # DDS's torture deals would take minutes)
    warm = seeded_deals(1, args.seed)[0]
    dd.tricks(warm, "NT", "W")
    dds_solve(dds_deal(warm))
    if not args.no_tables:
        dd.dd_table(warm)
        dds_table(dds_deal(warm))

    solve_t: list[tuple[float, float]] = []  # (ours, DDS) seconds per deal
    table_t: list[tuple[float, float]] = []
    solve_n: list[int] = []  # our nodes per deal
    table_n: list[int] = []
    bad = 0
    ply0 = dd._ENGINE.work  # the module's work array: per-seat node counts live there
    per_seat = np.zeros(4, dtype=np.int64)
    st0 = dd.stats()
    print(f"{'deal':>4}  {'solve: ours':>11} {'DDS':>8} {'ratio':>6} {'nodes':>9}   "
          f"{'table: ours':>11} {'DDS':>8} {'ratio':>6} {'nodes':>10}")
    for i, deal in enumerate(deals):
        assert ply0 is not None
        before = ply0[OPROF:OPROF + 64].reshape(16, 4).sum(axis=0)  # nodes by seat: summed over tricks left
        t_ours, v_ours, n_solve = best_of(args.repeat, lambda d=deal: dd.tricks(d, "NT", "W"))
        per_seat += ply0[OPROF:OPROF + 64].reshape(16, 4).sum(axis=0) - before
        e = dds_deal(deal)
        t_dds, v_dds, _ = best_of(args.repeat, lambda e=e: dds_solve(e))
        rec = recorded[i]
        if v_ours != v_dds or rec is not None and v_ours != 13 - rec["NT"]["S"]:  # (West leads: South declares)
            bad += 1
            print(f"  deal {i}: solve differs: ours {v_ours}, DDS {v_dds}"
                  + (f", DDS's file {13 - rec['NT']['S']}" if rec is not None else "") + f" ({deal.pbn()})")
        solve_t.append((t_ours, t_dds))
        solve_n.append(n_solve)
        line = f"{i:>4}  {1e3 * t_ours:>9.1f}ms {1e3 * t_dds:>6.1f}ms {t_ours / t_dds:>6.2f} {n_solve:>9}"
        if not args.no_tables:
            T_ours, tab_ours, n_table = best_of(args.repeat, lambda d=deal: dd.dd_table(d))
            T_dds, tab_dds, _ = best_of(args.repeat, lambda e=e: dds_table(e), flush_dds_tables)
            if tab_ours != tab_dds or rec is not None and tab_ours != rec:
                bad += 1
                print(f"  deal {i}: table differs" + (" from DDS's file" if tab_ours == tab_dds else "")
                      + f" ({deal.pbn()})")
            table_t.append((T_ours, T_dds))
            table_n.append(n_table)
            line += f"   {1e3 * T_ours:>9.1f}ms {1e3 * T_dds:>6.1f}ms {T_ours / T_dds:>6.2f} {n_table:>10}"
        print(line, flush=True)

    print()
    summary("single NT solve (West leads)", solve_t, solve_n)
    if table_t:
        summary("full 5x4 table", table_t, table_n)
    st = {k: v - st0[k] for k, v in dd.stats().items()}
    print(f"our search, all runs: {st['nodes']} nodes, {st['tt_cutoffs']} table cut-offs, "
          f"{st['qt_cutoffs']} quick-trick/bound cut-offs, {st['tt_stores']} trick-start nodes searched")
    share = per_seat / max(1, per_seat.sum())
    print("nodes of the single solves by seat in the trick (leader, 2nd, 3rd, 4th): "
          + ", ".join(f"{100 * x:.0f}%" for x in share))
    print("parity means ratio <= 1; results " + ("all equal" if not bad else f"DIFFER in {bad} cases"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
