"""PRM against repeated minimaxing on random game trees (Frank, Basin & Matsubara, AAAI-98 style).

Seeded random trees (bridgeplay.games.tree.random_tree): complete binary trees, MAX at
the root, MAX and MIN alternating, equally likely worlds, 0/1 leaf payoffs by the
last-player rule (p = (3 - sqrt 5)/2), MIN knowing the world (best defence), MAX seeing
every MIN move (each MAX node its own information set), world similarity q.  For every
tree the optimum (ESM's value, computed by Pareto fronts and checked against the literal
ESM wherever it has at most --esm-limit strategies) is compared with the true value of
each heuristic's strategy against best defence.

Prints, per (depth, q): the mean optimum, and for each heuristic the share of trees where
its strategy is optimal and its mean loss (optimum - true value, in probability).

    python benchmarks/heuristics_trees.py                       # the default table
    python benchmarks/heuristics_trees.py --trees 50 --depths 5 7 --q 0 0.75 --samples 5
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bridgeplay.games import tree as T

# On 0/1 payoffs Ginsberg's and the threshold scoring rank moves exactly as Levy's does (a move
# scores the worlds where it wins, plus, for Ginsberg, the worlds where every move loses, the
# same for all moves), so one column stands for the three exhaustive scorings.
SOLVERS = ("repeated-levy", "repeated-sampled", "vector", "prm")


def run_config(depth: int, q: float, trees: int, worlds: int, seed: int, samples: int,
               esm_limit: int) -> dict[str, object]:
    rng = np.random.default_rng([seed, depth, int(round(q * 1000)), worlds])
    optimal = {s: 0 for s in SOLVERS}
    loss = {s: 0.0 for s in SOLVERS}
    opt_sum = 0.0
    positive = 0
    esm_checked = 0
    started = time.perf_counter()
    for _ in range(trees):
        p = T.random_tree(rng, depth, n_worlds=worlds, q=q)
        best = T.pareto(p).true_value
        if T.count_strategies(p) <= esm_limit:
            literal = T.esm(p).true_value
            if abs(literal - best) > 1e-9:
                raise AssertionError(f"Pareto {best} != ESM {literal} (depth {depth}, q {q})")
            esm_checked += 1
        opt_sum += best
        positive += best > 1e-9
        for s in SOLVERS:
            if s == "repeated-sampled":
                r = T.repeated(p, scoring="levy", samples=samples, seed=int(rng.integers(1 << 31)))
            else:
                r = T.solve_tree(p, s)
            gap = best - r.true_value
            if gap < -1e-9:
                raise AssertionError(f"{s} beat the optimum: {r.true_value} > {best}")
            optimal[s] += gap <= 1e-9
            loss[s] += max(gap, 0.0)
    return {
        "depth": depth, "q": q, "trees": trees, "optimum": opt_sum / trees, "positive": positive / trees,
        "esm_checked": esm_checked, "seconds": time.perf_counter() - started,
        "optimal": {s: optimal[s] / trees for s in SOLVERS}, "loss": {s: loss[s] / trees for s in SOLVERS},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trees", type=int, default=200, help="random trees per row (default 200)")
    ap.add_argument("--depths", type=int, nargs="+", default=[5, 7, 9], help="plies (default 5 7 9)")
    ap.add_argument("--q", type=float, nargs="+", default=[0.0, 0.75], help="world similarity (default 0 0.75)")
    ap.add_argument("--worlds", type=int, default=10, help="equally likely worlds (default 10)")
    ap.add_argument("--samples", type=int, default=5, help="worlds drawn by the sampled repeated minimaxing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--esm-limit", type=int, default=200, help="check Pareto against literal ESM up to this many "
                    "strategies (default 200: depths up to 6)")
    args = ap.parse_args()

    print(f"Random binary trees, MAX at the root, {args.worlds} equally likely worlds, last-player payoffs "
          f"(p = {T.LAST_PLAYER_P:.3f}), {args.trees} trees per row, seed {args.seed}")
    print(f"repeated-levy = exhaustive repeated minimaxing (Ginsberg's and the threshold scoring rank moves alike "
          f"on 0/1 payoffs); repeated-sampled = Levy on {args.samples} worlds drawn at every decision")
    print("opt% = share of trees where the strategy is optimal; loss = mean (optimum - true value of the strategy)")
    head1 = f"{'depth':>5} {'q':>5} {'optimum':>8} {'opt>0':>6} |"
    head2 = f"{'':>5} {'':>5} {'':>8} {'':>6} |"
    for s in SOLVERS:
        head1 += f" {s:>18} |"
        head2 += f" {'opt%':>8} {'loss':>9} |"
    print(head1)
    print(head2)
    checked = 0
    total_time = 0.0
    for depth in args.depths:
        for q in args.q:
            row = run_config(depth, q, args.trees, args.worlds, args.seed, args.samples, args.esm_limit)
            checked += row["esm_checked"]
            total_time += row["seconds"]
            line = f"{depth:>5} {q:>5.2f} {row['optimum']:>8.3f} {100 * row['positive']:>5.0f}% |"
            for s in SOLVERS:
                line += f" {100 * row['optimal'][s]:>7.1f}% {row['loss'][s]:>9.4f} |"
            print(line, flush=True)
    print(f"optimum by Pareto fronts; equal to the literal ESM on all {checked} trees small enough to enumerate; "
          f"{total_time:.1f} s")


if __name__ == "__main__":
    main()
