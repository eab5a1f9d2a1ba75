"""Start-up time of the command line: the first (cold) solve, a warm solve, ``--help``, and where a warm one goes.

What it runs (each in a fresh ``python -m bridgeplay`` process, from this checkout)
* **cold**: ``bridgeplay solve problems/paper/fig02-akqj9-xx.yaml`` after deleting every
  ``__pycache__`` under ``bridgeplay/`` (numba's kernel caches live there): numba compiles the
  kernels.  Twice: as the command does it today (it compiles lazily, in one process), and after
  ``bridgeplay.engine.cache.warm(SUIT_KERNELS)`` (what a CLI that checks ``cache.cold`` first
  would do: the kernels compiled in two processes), both on a cleared cache;
* **warm**: the same command again (caches filled), and ``bridgeplay --help``;
* **breakdown** of a warm solve, inside one process: Python and the CLI's imports (click, rich,
  yaml, the problem loader), ``import numba``, the engine and solver modules, the first call into
  the kernels (numba's target context, then loading each cached kernel: index, unpickling,
  linking the object code), solving, rendering, and the interpreter's exit; it also counts the
  kernels that compile in a warm solve (should be 0).

Baselines, in the same run (the machine is shared and noisy: medians, user CPU beside wall):
``python -c pass`` (the interpreter alone) and ``python -c "import numba"`` (what any numba
program pays); warm solve and ``--help`` are printed as ratios to them.  ``--against REF`` also
measures a git revision (e.g. ``main``, or ``HEAD~5``) checked out with ``git worktree`` in a
temporary directory, and prints this checkout's times as ratios to it.

Usage: ``python benchmarks/startup.py [--no-cold] [--repeat N] [--cold-repeat N] [--against REF]
[--json]``.  Cold runs take a minute or two each: ``--no-cold`` skips them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBLEM = "problems/paper/fig02-akqj9-xx.yaml"

# The breakdown, run in a child: one warm solve, timed stage by stage.
BREAKDOWN = r"""
import time
T0 = time.perf_counter()
import sys, io, contextlib, json
import bridgeplay.cli
T1 = time.perf_counter()
import numba
T2 = time.perf_counter()
try:  # the layout of a package per kind
    from bridgeplay.kinds import load, solve
    import bridgeplay.suit.exact  # (the engine modules a suit solve loads)
except ImportError:  # an older checkout (--against)
    from bridgeplay.solvers import solve
    from bridgeplay.problem import load
T3 = time.perf_counter()
from numba.core import dispatcher, event
compiles = event.RecordingListener()
event.register("numba:compile", compiles)
calls = []
_orig = dispatcher.Dispatcher._compile_for_args
def _timed(self, *a, **k):
    t = time.perf_counter()
    try:
        return _orig(self, *a, **k)
    finally:
        calls.append(time.perf_counter() - t)
dispatcher.Dispatcher._compile_for_args = _timed
problem = load(sys.argv[1])
T4 = time.perf_counter()
result = solve(problem, "esm")
T5 = time.perf_counter()
from bridgeplay.report import render
from rich.console import Console
with contextlib.redirect_stdout(io.StringIO()):
    render(problem, result, Console(highlight=False))
T6 = time.perf_counter()
first = sum(calls)
print(json.dumps({"cli_imports": T1 - T0, "numba_import": T2 - T1, "engine_imports": T3 - T2,
                  "first_calls": first, "kernels_loaded": len(calls), "solving": T5 - T4 - first,
                  "render": T6 - T5, "in_process": T6 - T0,
                  "compiled": sum(1 for _, e in compiles.buffer if e.is_start), "end": time.time()}))
"""


def clear_caches(root: Path) -> None:
    for d in (root / "bridgeplay").rglob("__pycache__"):
        shutil.rmtree(d, ignore_errors=True)


def run(cmd: list[str], root: Path) -> tuple[float, float, str]:
    """(wall seconds, user+sys CPU seconds of the child, stdout) of one command run in ``root``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"failed ({out.returncode}): {' '.join(cmd)}\n{out.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out.stdout


def median_of(cmd: list[str], root: Path, n: int) -> dict[str, float]:
    runs = [run(cmd, root)[:2] for _ in range(n)]
    return {"wall": statistics.median(w for w, _ in runs), "cpu": statistics.median(c for _, c in runs),
            "min_wall": min(w for w, _ in runs), "runs": n}


def measure(root: Path, args: argparse.Namespace, label: str) -> dict:
    py = sys.executable
    solve = [py, "-m", "bridgeplay", "solve", PROBLEM]
    out: dict = {"checkout": str(root), "label": label}
    if not args.no_cold:
        cold, warmed = [], []
        has_warm = (root / "bridgeplay" / "engine" / "cache.py").exists()
        for _ in range(args.cold_repeat):
            clear_caches(root)
            cold.append(run(solve, root)[:2])
            if has_warm:
                clear_caches(root)
                w1, c1, _ = run([py, "-c", "from bridgeplay.engine import cache; cache.warm(cache.SUIT_KERNELS)"],
                                root)
                # (the solve, stage by stage: it also counts the kernels warm() left to compile)
                w2, c2, text = run([py, "-c", BREAKDOWN, PROBLEM], root)
                warmed.append((w1 + w2, c1 + c2))
                out["compiled_after_warm"] = json.loads(text.strip().splitlines()[-1])["compiled"]
        out["cold"] = {"wall": statistics.median(w for w, _ in cold), "cpu": statistics.median(c for _, c in cold),
                       "runs": len(cold)}
        if warmed:
            out["cold_warm_up"] = {"wall": statistics.median(w for w, _ in warmed),
                                   "cpu": statistics.median(c for _, c in warmed), "runs": len(warmed)}
        print(f"  [{label}] cold done", file=sys.stderr)
    run(solve, root)  # (fill the cache if the cold runs were skipped)
    out["warm"] = median_of(solve, root, args.repeat)
    out["help"] = median_of([py, "-m", "bridgeplay", "--help"], root, args.repeat)
    parts = []
    for _ in range(args.repeat):
        t = time.time()
        wall, _, text = run([py, "-c", BREAKDOWN, PROBLEM], root)
        d = json.loads(text.strip().splitlines()[-1])
        d["startup_and_exit"] = wall - d["in_process"]
        d["exit"] = t + wall - d["end"]  # (from the last line the child ran to the end of its process)
        parts.append(d)
    keys = ["cli_imports", "numba_import", "engine_imports", "first_calls", "solving", "render", "startup_and_exit",
            "exit"]
    out["breakdown"] = {k: statistics.median(p[k] for p in parts) for k in keys}
    out["breakdown"]["kernels_loaded"] = parts[0]["kernels_loaded"]
    out["breakdown"]["compiled_in_warm_solve"] = max(p["compiled"] for p in parts)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-cold", action="store_true", help="skip the cold (compiling) runs")
    ap.add_argument("--repeat", type=int, default=5, help="runs per warm measurement (median; default 5)")
    ap.add_argument("--cold-repeat", type=int, default=1, help="cold runs of each kind (median; default 1)")
    ap.add_argument("--against", metavar="REF", help="also measure this git revision (a temporary worktree)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()

    py = sys.executable
    base = {"python -c pass": median_of([py, "-c", "pass"], ROOT, args.repeat),
            "python -c 'import numba'": median_of([py, "-c", "import numba"], ROOT, args.repeat)}
    results = {"baselines": base, "this": measure(ROOT, args, "this checkout")}
    if args.against:
        tmp = Path(tempfile.mkdtemp(prefix="bridgeplay-startup-"))
        tree = tmp / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), args.against], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            results["against"] = measure(tree, args, args.against)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
            shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    report(results)
    return 0


def report(r: dict) -> None:
    b = r["baselines"]
    p, nb = b["python -c pass"], b["python -c 'import numba'"]
    print(f"baselines: python -c pass {p['wall']:.3f} s wall ({p['cpu']:.3f} s CPU); "
          f"python -c 'import numba' {nb['wall']:.3f} s ({nb['cpu']:.3f} s CPU)")
    for m in [r["this"]] + ([r["against"]] if "against" in r else []):
        print(f"\n{m['label']} ({m['checkout']})")
        if "cold" in m:
            c = m["cold"]
            print(f"  cold first solve (lazy compile, one process)   {c['wall']:7.2f} s wall  {c['cpu']:7.2f} s CPU")
        if "cold_warm_up" in m:
            cw = m["cold_warm_up"]
            print(f"  cold, cache.warm(SUIT_KERNELS) then solve      {cw['wall']:7.2f} s wall  {cw['cpu']:7.2f} s CPU"
                  f"   (kernels the solve still compiled: {m['compiled_after_warm']})")
        w, h = m["warm"], m["help"]
        print(f"  warm solve AKQJ9/xx   {w['wall']:.3f} s wall (min {w['min_wall']:.3f})  {w['cpu']:.3f} s CPU   "
              f"= {w['wall'] / p['wall']:.1f}x python -c pass, {w['wall'] / nb['wall']:.2f}x import numba")
        print(f"  bridgeplay --help     {h['wall']:.3f} s wall (min {h['min_wall']:.3f})  {h['cpu']:.3f} s CPU   "
              f"= {h['wall'] / p['wall']:.1f}x python -c pass")
        d = m["breakdown"]
        print(f"  warm solve, median of {w['runs']}:")
        for k, text in [("startup_and_exit", "interpreter start-up and exit"), ("cli_imports", "CLI imports"),
                        ("numba_import", "import numba"), ("engine_imports", "engine and solver imports"),
                        ("first_calls", f"first calls into {d['kernels_loaded']} kernels"), ("solving", "solving"),
                        ("render", "rendering")]:
            print(f"    {text:<38} {d[k]:.3f} s")
        print(f"    (of start-up and exit, the exit       {d['exit']:.3f} s)")
        print(f"    kernels compiled in a warm solve      {d['compiled_in_warm_solve']}")
    if "against" in r:
        t, a = r["this"], r["against"]
        print(f"\nthis checkout / {a['label']}:")
        for k in ("cold", "cold_warm_up", "warm", "help"):
            if k in t and k in a:
                print(f"  {k:<13} wall {t[k]['wall'] / a[k]['wall']:.2f}x  CPU {t[k]['cpu'] / a[k]['cpu']:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
