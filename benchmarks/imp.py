"""IMP-alpha-beta on IMP-model trees: bridgeplay's numba kernel against the plain-Python reference.

The same trees (seed, k, b, d, trials 0..n-1) through both: ``bridgeplay.engine.imp`` (lazy trees from the
counter-based RNG, a stack of frames in numba) and ``tests/reference/imp_literal.imp_model_alpha_beta_ints``
(the same pseudo-code in Python integers).  Each must examine the same leaves and find the same value, tree
by tree; printed: leaves examined per second of each, and the ratio.  One process, one core, kernels loaded
before the clock starts.

    python benchmarks/imp.py                    # k=2 b=10 d=5, 30 trees through Python, 3000 through numba
    python benchmarks/imp.py --k 2 --b 2 --d 8 --python-trees 20
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bridgeplay.engine import imp as engine  # noqa: E402
from bridgeplay.games.imp import impmodel  # noqa: E402
from tests.reference import imp_literal as ref  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--k", type=int, default=2)
    ap.add_argument("--b", type=int, default=10)
    ap.add_argument("--d", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--python-trees", type=int, default=30)
    ap.add_argument("--numba-trees", type=int, default=3000)
    a = ap.parse_args()
    k, b, d = a.k, a.b, a.d
    impmodel.search(a.seed, k, b, d, 0, 1)  # load (or compile) the kernels before timing

    t0 = time.perf_counter()
    py = [ref.imp_model_alpha_beta_ints(k, b, d, engine.tree_key(a.seed, k, b, d, t)) for t in range(a.python_trees)]
    t_py = time.perf_counter() - t0
    t0 = time.perf_counter()
    out = impmodel.search(a.seed, k, b, d, 0, a.numba_trees)
    t_nb = time.perf_counter() - t0
    for t, (v, n) in enumerate(py):
        if (v, n) != (out[t, 0], out[t, 1]):
            sys.exit(f"tree {t}: Python ({v}, {n} leaves) and numba ({out[t, 0]}, {out[t, 1]} leaves) differ")
    leaves_py = sum(n for _, n in py)
    leaves_nb = int(out[:, 1].sum())
    rate_py, rate_nb = leaves_py / t_py, leaves_nb / t_nb
    mm = impmodel.leaves(k, b, d)
    print(f"IMP-model k={k} b={b} d={d}: {mm:,} leaves a tree; alpha-beta examines {leaves_nb / len(out) / mm:.4f} "
          f"of them on average ({len(out):,} trees)")
    print(f"  Python reference: {len(py):>6,} trees in {t_py:7.3f} s  {1000 * t_py / len(py):8.3f} ms/tree  "
          f"{rate_py:14,.0f} leaves/s")
    print(f"  numba kernel:     {len(out):>6,} trees in {t_nb:7.3f} s  {1000 * t_nb / len(out):8.3f} ms/tree  "
          f"{rate_nb:14,.0f} leaves/s")
    print(f"  ratio (numba / Python, leaves per second): {rate_nb / rate_py:.1f}x; same value and leaves on the "
          f"{len(py)} trees both searched")


if __name__ == "__main__":
    main()
