"""Single-suit exact solver (``esm``) on a seeded random sample of suit combinations: time per case.

What it measures
* The target of issue 2, "every combination with up to 8 outstanding cards is solved in under 2 s
  (warm)", on combinations that are not problem files (``benchmarks/suit_exact.py`` times those).
* Combinations: a 13-card suit (ranks ``AKQJT98765432``), a-priori odds.  Declarer holds 5 or 6 cards
  (7 or 8 outstanding): South 1-3 of them, North the rest (at least 2).  They are drawn with
  ``random.Random(--seed)``; a combination drawn twice is skipped, so ``--count`` distinct ones are timed.
* Cases: each combination for every target 1..max tricks (``--targets all``, the default) or for the
  targets listed (``--targets 1,2``; a target above the combination's max tricks is skipped), plus
  expected tricks (``objective: tricks``, shown as ``E``) with ``--expected``.
* ``--combo KJ84/7`` (repeatable) times the combinations given instead of a sample: to re-time the
  slow cases a sweep reported.
* Time of one case: ``worlds_for(problem)`` and ``SuitAnalysis(problem, target, worlds).value`` (the
  value alone: the search, without the verification table and the strategy tree), ``time.perf_counter``,
  one run.

How it runs
* One worker process (the machine has 2 cores: timings must not compete) receives the cases over a
  pipe and answers (seconds, value).  It first solves AKQJ9 opposite xx (for 5 tricks and for expected
  tricks) once, untimed, so numba compilation / cache loading is not counted: every time is warm.
* A case that does not answer within ``--timeout`` seconds is recorded as "> timeout"; the worker is
  killed, and a new one is started (and warmed up again) for the next case.

Output: one line per case as it finishes (north, south, target or ``E``, seconds, value: a probability
for a target, expected tricks for ``E``), then a summary: the number of cases, median, 90th percentile
and max seconds (a timed-out case counts as "> timeout"), the cases not under 2 s slowest first, and
per target the number of cases not under 2 s.  ``--json`` prints one JSON object instead (cases and
summary; ``target: null`` is expected tricks, and a timed-out case has ``seconds: null``).

Usage::

    python benchmarks/suit_sweep.py                                    # 40 combinations, every target
    python benchmarks/suit_sweep.py --count 100 --seed 7 --expected
    python benchmarks/suit_sweep.py --count 3 --targets 1,2 --timeout 20 --json
    python benchmarks/suit_sweep.py --combo KJ84/7 --combo KJ972/3 --expected

Exit status: 1 if a target case (not ``E``) is not solved in under 2 s or times out, or if any case
fails with an error; else 0.  Expected-tricks cases (``--expected``) are timed and reported, but a slow
or timed-out one does not change the exit status (the 2 s target is about target problems).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
import traceback
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RANKS = "AKQJT98765432"
SMALL_TARGET = 2.0  # seconds, every combination with up to 8 outstanding cards
DECLARER_CARDS = (5, 6)  # 8 or 7 outstanding
SOUTH_CARDS = (1, 2, 3)
WARM_LIMIT = 900.0  # seconds allowed for a worker's warm-up (a cold numba cache compiles everything)
WARMUP: list[dict[str, Any]] = [
    {"north": "AKQJ9", "south": "xx", "tricks": 5},
    {"north": "AKQJ9", "south": "xx", "objective": "tricks"},
]


@dataclass
class Case:
    north: str
    south: str
    target: int | None  # None: expected tricks
    status: str = "not run"  # ok | timeout | error
    seconds: float | None = None  # None unless ok
    value: float | None = None  # probability of the target, or expected tricks
    error: str | None = None

    @property
    def label(self) -> str:
        return "E" if self.target is None else str(self.target)

    @property
    def counts(self) -> bool:
        """A target case: it decides the exit status."""
        return self.target is not None

    def slow(self) -> bool:
        """Not solved in under 2 s (timed out included)."""
        return self.status == "timeout" or (self.seconds is not None and self.seconds >= SMALL_TARGET)


# ---------------------------------------------------------------------------------------------
# cases
# ---------------------------------------------------------------------------------------------
def sample_combinations(seed: int, count: int) -> list[tuple[str, str]]:
    """``count`` distinct (north, south) holdings, drawn with ``random.Random(seed)``."""
    rng = random.Random(seed)
    seen: set[tuple[str, str]] = set()
    out: list[tuple[str, str]] = []
    attempts = 0
    while len(out) < count:
        attempts += 1
        if attempts > 1000 * count + 1000:  # cannot happen for sane counts: there are millions
            raise SystemExit(f"could not draw {count} distinct combinations")
        total = rng.choice(DECLARER_CARDS)
        n_south = rng.choice(SOUTH_CARDS)
        cards = rng.sample(range(len(RANKS)), total)
        north = "".join(RANKS[r] for r in sorted(cards[n_south:]))
        south = "".join(RANKS[r] for r in sorted(cards[:n_south]))
        if (north, south) in seen:
            continue
        seen.add((north, south))
        out.append((north, south))
    return out


def parse_targets(text: str) -> list[int] | None:
    """``all`` -> None (every target); ``none`` -> [] (with --expected only); else the comma list."""
    t = text.strip().lower()
    if t == "all":
        return None
    if t == "none":
        return []
    try:
        targets = sorted({int(x) for x in t.split(",") if x.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"--targets: 'all', 'none' or integers like 1,2, not {text!r}") from None
    if not targets or targets[0] < 1:
        raise argparse.ArgumentTypeError(f"--targets: targets are 1 or more, not {text!r}")
    return targets


def parse_combo(text: str) -> tuple[str, str]:
    """``NORTH/SOUTH`` with ranks of ``AKQJT98765432`` (no small cards as x), high cards first."""
    north, sep, south = text.upper().partition("/")
    cards = north + south
    if not sep or not north or not south or any(c not in RANKS for c in cards) or len(set(cards)) != len(cards):
        raise argparse.ArgumentTypeError(f"--combo: NORTH/SOUTH with distinct ranks of {RANKS}, not {text!r}")
    order = sorted(cards, key=RANKS.index)
    return "".join(c for c in order if c in north), "".join(c for c in order if c in south)


def make_cases(combos: list[tuple[str, str]], targets: list[int] | None, expected: bool) -> list[Case]:
    cases = []
    for north, south in combos:
        max_tricks = max(len(north), len(south))
        wanted = range(1, max_tricks + 1) if targets is None else [t for t in targets if t <= max_tricks]
        cases.extend(Case(north, south, t) for t in wanted)
        if expected:
            cases.append(Case(north, south, None))
    return cases


# ---------------------------------------------------------------------------------------------
# the worker process
# ---------------------------------------------------------------------------------------------
def _problem(north: str, south: str, target: int | None) -> Any:
    from bridgeplay.kinds import from_dict

    d: dict[str, Any] = {"kind": "suit", "north": north, "south": south}
    if target is None:
        d["objective"] = "tricks"
    else:
        d["tricks"] = target
    return from_dict(d, "<sweep>")


def _solve(problem: Any, target: int | None) -> tuple[float, float]:
    from bridgeplay.suit.exact import SuitAnalysis, worlds_for

    t0 = time.perf_counter()
    worlds = worlds_for(problem)
    value = SuitAnalysis(problem, target, worlds).value
    return time.perf_counter() - t0, float(value)


def _worker(conn: Connection) -> None:
    """Warm up, say ``ready``, then answer each (north, south, target) until ``None``."""
    try:
        t0 = time.perf_counter()
        for d in WARMUP:
            _solve(_problem(d["north"], d["south"], d.get("tricks")), d.get("tricks"))
        conn.send(("ready", time.perf_counter() - t0))
    except Exception as exc:  # noqa: BLE001 - the parent reports it
        conn.send(("error", f"warm-up: {type(exc).__name__}: {exc}"))
        return
    while True:
        job = conn.recv()
        if job is None:
            return
        north, south, target = job
        try:
            seconds, value = _solve(_problem(north, south, target), target)
            conn.send(("ok", seconds, value))
        except Exception as exc:  # noqa: BLE001 - reported in the case, exit status 1
            tail = traceback.format_exc().strip().splitlines()[-1]
            conn.send(("error", f"{type(exc).__name__}: {exc}" if str(exc) else tail))


class Worker:
    """One warm worker process; ``run`` answers a case or kills the worker on overrun."""

    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child,), daemon=True)
        self.proc.start()
        child.close()
        if not self.conn.poll(WARM_LIMIT):
            self.kill()
            raise RuntimeError(f"worker warm-up took more than {WARM_LIMIT:g} s")
        try:
            msg = self.conn.recv()
        except EOFError:
            self.kill()
            raise RuntimeError(f"worker died during warm-up (exit {self.proc.exitcode})") from None
        if msg[0] != "ready":
            self.kill()
            raise RuntimeError(msg[1])
        self.warm_seconds: float = msg[1]

    def run(self, case: Case, timeout: float) -> bool:
        """Fill in ``case``; False if the worker had to be killed (timeout, or it died)."""
        self.conn.send((case.north, case.south, case.target))
        if not self.conn.poll(timeout):
            self.kill()
            case.status = "timeout"
            return False
        try:
            msg = self.conn.recv()
        except EOFError:
            self.kill()
            case.status, case.error = "error", f"worker died (exit {self.proc.exitcode})"
            return False
        if msg[0] == "ok":
            case.status, case.seconds, case.value = "ok", msg[1], msg[2]
        else:
            case.status, case.error = "error", msg[1]
        return True

    def kill(self) -> None:
        self.proc.kill()
        self.proc.join()
        self.conn.close()

    def close(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def bench(cases: list[Case], args: argparse.Namespace) -> dict[str, Any]:
    ctx = _context()
    restarts = 0
    worker = Worker(ctx)
    first_warm = worker.warm_seconds
    if not args.json:
        source = "given" if args.combo else f"seed {args.seed}"
        print(f"warm-up (numba compile / cache load, not counted): {first_warm:.2f} s; {args.count} combinations "
              f"({source}); {len(cases)} cases; timeout {args.timeout:g} s", flush=True)
        print(header(), flush=True)
    try:
        for case in cases:
            if worker is None:
                worker = Worker(ctx)
                restarts += 1
            if not worker.run(case, args.timeout):
                worker = None
            if not args.json:
                print(format_case(case, args.timeout), flush=True)
    finally:
        if worker is not None:
            worker.close()
    return {"warm_up_s": first_warm, "worker_restarts": restarts}


# ---------------------------------------------------------------------------------------------
# output
# ---------------------------------------------------------------------------------------------
def header() -> str:
    return f"{'north':<7} {'south':<5} {'target':>6} {'seconds':>9}  {'value':>8}  note"


def format_seconds(seconds: float | None, timeout: float) -> str:
    return f"> {timeout:g}" if seconds is None or math.isinf(seconds) else f"{seconds:.4f}"


def format_case(c: Case, timeout: float) -> str:
    if c.status == "ok":
        secs = format_seconds(c.seconds, timeout)
    else:
        secs = f"> {timeout:g}" if c.status == "timeout" else "error"
    value = f"{c.value:.6f}" if c.value is not None else "—"
    note = ""
    if c.status == "timeout":
        note = "TIMEOUT, worker restarted"
    elif c.status == "error":
        note = f"ERROR {c.error}"
    elif c.slow():
        note = "not under 2 s" + ("" if c.counts else " (expected tricks: reported only)")
    return f"{c.north:<7} {c.south:<5} {c.label:>6} {secs:>9}  {value:>8}  {note}".rstrip()


def _nearest_rank(sorted_values: list[float], q: float) -> float:
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def summary(cases: list[Case], run: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    timed = [c for c in cases if c.status in ("ok", "timeout")]
    # a timed-out case is "more than the timeout": +inf in the order statistics, null in JSON
    times = sorted(c.seconds if c.status == "ok" and c.seconds is not None else math.inf for c in timed)

    def num(x: float | None) -> float | None:
        return None if x is None or math.isinf(x) else x

    slow = [c for c in cases if c.slow()]
    slow.sort(key=lambda c: -(c.seconds if c.seconds is not None else math.inf))
    labels = sorted({c.label for c in cases}, key=lambda s: (s == "E", int(s) if s != "E" else 0))
    per_target = {lab: {"cases": sum(1 for c in cases if c.label == lab),
                        "not_under_2s": sum(1 for c in cases if c.label == lab and c.slow()),
                        "timeouts": sum(1 for c in cases if c.label == lab and c.status == "timeout")}
                  for lab in labels}
    failed = [c for c in cases if c.counts and c.slow()]
    return {
        "seed": None if args.combo else args.seed,
        "combos": args.combo,
        "combinations": args.count,
        "targets": args.targets,
        "expected": args.expected,
        "timeout_s": args.timeout,
        "target_s": SMALL_TARGET,
        "warm_up_s": run["warm_up_s"],
        "worker_restarts": run["worker_restarts"],
        "cases": len(cases),
        "timed": len(timed),
        "timeouts": sum(1 for c in cases if c.status == "timeout"),
        "errors": [f"{c.north}/{c.south} {c.label}: {c.error}" for c in cases if c.status == "error"],
        "median_s": num(statistics.median(times)) if times else None,
        "p90_s": num(_nearest_rank(times, 0.9)) if times else None,
        "max_s": num(times[-1]) if times else None,
        "not_under_2s": [{"north": c.north, "south": c.south, "target": c.target,
                          "seconds": c.seconds, "status": c.status} for c in slow],
        "not_under_2s_by_target": per_target,
        "target_met": not failed,
    }


def print_summary(s: dict[str, Any]) -> None:
    t = s["timeout_s"]
    print()
    print(f"cases: {s['cases']} ({s['timed'] - s['timeouts']} solved, {s['timeouts']} over the {t:g} s timeout, "
          f"{len(s['errors'])} errors; worker restarts {s['worker_restarts']})")
    if s["timed"]:
        print(f"seconds: median {format_seconds(s['median_s'], t)}, 90th percentile {format_seconds(s['p90_s'], t)}, "
              f"max {format_seconds(s['max_s'], t)}")
    slow = s["not_under_2s"]
    if slow:
        print(f"not under {s['target_s']:g} s ({len(slow)}), slowest first:")
        for c in slow:
            secs = format_seconds(c["seconds"], t)
            what = "expected tricks (reported only)" if c["target"] is None else f"target {c['target']}"
            print(f"  {c['north']}/{c['south']} {what}: {secs} s")
    else:
        print(f"not under {s['target_s']:g} s: none")
    parts = [f"{lab}: {v['not_under_2s']}/{v['cases']}" + (f" ({v['timeouts']} timed out)" if v["timeouts"] else "")
             for lab, v in s["not_under_2s_by_target"].items()]
    print("not under 2 s by target (slow/cases): " + ", ".join(parts))
    print("target <= 8 outstanding < 2 s (target cases): " + ("met" if s["target_met"] else "MISSED"))
    for e in s["errors"]:
        print(f"!!! ERROR {e}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1, help="seed of random.Random for the combinations (default 1)")
    ap.add_argument("--count", type=int, default=40, help="number of distinct combinations (default 40)")
    ap.add_argument("--targets", default="all",
                    help="'all' (every target 1..max tricks, default), a comma list such as 1,2, or 'none' "
                         "(with --expected: expected tricks only)")
    ap.add_argument("--expected", action="store_true", help="also time expected tricks (objective: tricks)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per case before the worker is killed")
    ap.add_argument("--combo", action="append", metavar="NORTH/SOUTH",
                    help="time this combination (repeatable) instead of a random sample")
    ap.add_argument("--json", action="store_true", help="print one JSON object (cases and summary)")
    args = ap.parse_args(argv)
    if args.count < 1:
        ap.error("--count must be at least 1")
    if args.timeout <= 0:
        ap.error("--timeout must be positive")
    try:
        targets = parse_targets(args.targets)
        combos = [parse_combo(c) for c in args.combo] if args.combo else sample_combinations(args.seed, args.count)
    except argparse.ArgumentTypeError as exc:
        ap.error(str(exc))
    args.count = len(combos)
    cases = make_cases(combos, targets, args.expected)
    if not cases:
        ap.error("no cases: --targets none needs --expected, and a listed target must fit some combination")
    try:
        run = bench(cases, args)
    except RuntimeError as exc:
        print(f"!!! worker failed: {exc}", file=sys.stderr)
        return 1
    s = summary(cases, run, args)
    if args.json:
        print(json.dumps({"cases": [{**asdict(c), "label": c.label} for c in cases], "summary": s}, indent=1))
    else:
        print_summary(s)
    return 0 if s["target_met"] and not s["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
