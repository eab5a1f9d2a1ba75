"""Batch throughput: `bridgeplay batch` on the bundled problems with --jobs 1 and --jobs 2.

Each run is a fresh process, ``python -m bridgeplay batch PATHS --check --json --jobs N --time-limit T``
(both settings use worker processes, so they pay the same start-up), repeated ``--repeat`` times; the
minimum wall time of each setting is kept (the machine is shared: the minimum is the least disturbed
run).  Printed:

* per setting: wall time, problems per second, the sum of the per-problem solve times, verdicts;
* the speed-up ratio wall(jobs 1) / wall(jobs 2) — the goal is >= 1.8 on 2 cores — and the bound that
  load balance puts on it: with the longest problem taking L of a total S solve seconds, two workers
  cannot finish before max(S/2, L), so the ratio cannot exceed S / max(S/2, L);
* the parallel capacity the machine offers at the time (two processes spinning a fixed loop against
  one: 2.00 means two idle cores; the machine is shared, so a busy neighbour lowers both this and the
  speed-up), measured before each pair of runs;
* the start-up costs: a cold process (interpreter, imports, numba kernels loaded from the cache: what
  a worker started with ``spawn`` would pay), the parent's warm-up before forking, and the cost of one
  more forked worker (time to the first result of a tiny problem in a fresh worker, minus the same
  solve in-process).

    python benchmarks/batch.py                          # problems/, 3 repeats, time limit 30 s
    python benchmarks/batch.py --repeat 5 --time-limit 120 problems/classic
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TINY = "kind: suit\nname: tiny\nnorth: AQ\nsouth: xx\ntricks: 2\n"


def run_cli(paths: list[str], jobs: int, time_limit: float) -> tuple[float, list[dict]]:
    cmd = [sys.executable, "-m", "bridgeplay", "batch", *paths, "--check", "--json", "--jobs", str(jobs),
           "--time-limit", str(time_limit)]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        sys.exit(f"batch failed ({proc.returncode}): {proc.stderr.strip()}")
    return wall, [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def _spin(n: int) -> None:
    x = 0
    for i in range(n):
        x += i * i


def parallel_capacity(n: int = 3_000_000) -> float:
    """Wall time of one spinning process times 2, over the wall time of two spinning side by side."""
    import multiprocessing as mp

    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")

    def wall(k: int) -> float:
        procs = [ctx.Process(target=_spin, args=(n,)) for _ in range(k)]
        t0 = time.perf_counter()
        for p in procs:
            p.start()
        for p in procs:
            p.join()
        return time.perf_counter() - t0

    return 2 * wall(1) / wall(2)


def startup_costs(repeat: int) -> dict[str, float]:
    code = "from bridgeplay.analysis import batch; batch.warm_up([\"suit\"])"
    cold = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
        cold.append(time.perf_counter() - t0)
    bare = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - t0)

    from bridgeplay.analysis import batch

    t0 = time.perf_counter()
    batch.warm_up(["suit"])
    warm = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        tiny = str(Path(tmp) / "tiny.yaml")
        Path(tiny).write_text(TINY)
        inproc, worker = [], []
        for _ in range(repeat):
            t0 = time.perf_counter()
            batch.run_one(tiny)
            inproc.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            report = batch.run_batch([tiny], jobs=1, time_limit=600)  # a time limit forces a worker
            worker.append(time.perf_counter() - t0)
            assert report.outcomes[0].verdict == "solved", report.outcomes[0].errors
    return {
        "python": min(bare),
        "cold": min(cold),
        "warm_up": warm,
        "fork_worker": max(0.0, statistics.median(worker) - statistics.median(inproc)),
        "tiny_inproc": statistics.median(inproc),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=["problems"])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=30.0)
    args = ap.parse_args()

    best: dict[int, tuple[float, list[dict]]] = {}
    capacity = []
    for r in range(args.repeat):
        capacity.append(parallel_capacity())
        print(f"run {r + 1}: parallel capacity {capacity[-1]:.2f}", flush=True)
        for jobs in (1, 2):
            wall, objs = run_cli(args.paths, jobs, args.time_limit)
            print(f"run {r + 1}: --jobs {jobs}: {wall:7.2f} s", flush=True)
            if jobs not in best or wall < best[jobs][0]:
                best[jobs] = (wall, objs)

    print()
    print(f"{'setting':10s} {'wall s':>8s} {'problems/s':>11s} {'solve s':>8s}  verdicts")
    for jobs, (wall, objs) in sorted(best.items()):
        verdicts: dict[str, int] = {}
        for o in objs:
            verdicts[o["verdict"]] = verdicts.get(o["verdict"], 0) + 1
        solve = sum(o["seconds"] for o in objs)
        print(f"--jobs {jobs:<3d} {wall:8.2f} {len(objs) / wall:11.2f} {solve:8.2f}  "
              + ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items())))
    timed_out = [o["file"] for o in best[1][1] if o["verdict"] == "timeout"]
    if timed_out:
        print(f"timed out at {args.time_limit:g} s (counted at the limit): {', '.join(timed_out)}")
    ratio = best[1][0] / best[2][0]
    secs = [o["seconds"] for o in best[1][1]]
    total, longest = sum(secs), max(secs)
    bound = total / max(total / 2, longest)
    print(f"\nspeed-up --jobs 1 -> --jobs 2: {ratio:.2f}  (goal >= 1.8; load-balance bound {bound:.2f}: "
          f"longest problem {longest:.1f} s of {total:.1f} s)")
    print(f"parallel capacity of the machine during the runs: {min(capacity):.2f} to {max(capacity):.2f} "
          f"(2.00 = two idle cores); speed-up / median capacity = {ratio / statistics.median(capacity):.2f}")

    costs = startup_costs(args.repeat)
    print("\nstart-up costs (minimum/median of repeats):")
    print(f"  bare python interpreter                  {costs['python']:6.3f} s")
    print(f"  cold process (imports + kernels loaded)  {costs['cold']:6.3f} s   (a spawn-started worker's cost)")
    print(f"  parent warm-up before forking (once)     {costs['warm_up']:6.3f} s   (in this already-imported process)")
    print(f"  one more forked worker                   {costs['fork_worker']:6.3f} s   "
          f"(tiny problem: {costs['tiny_inproc']:.3f} s in-process)")


if __name__ == "__main__":
    main()
