"""The split bound of a top node (bridgeplay.engine.split): sound for every split, tight where the
relaxation is, and the solver's values unchanged when it proves a line best."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from bridgeplay.engine.split import _legal_split, _simplex_max, _split_bound, _split_value
from bridgeplay.engine.vectors import _bit_weights, _pareto, weight_table
from bridgeplay.solvers.suitsearch import LEAD_FREE, SuitSearch
from bridgeplay.worlds import suit_worlds


def instance(seed: int, nbits: int = 20, replies: int = 3, rows: int = 5):
    """A random combination: U, the replies' rows (fronts over their worlds), their non-worlds, weights."""
    rng = random.Random(seed)
    full = (1 << nbits) - 1
    U = full & ~rng.getrandbits(nbits) | rng.getrandbits(nbits)
    worlds = [rng.getrandbits(nbits) & U | (1 << rng.randrange(nbits)) & U for _ in range(replies)]
    fronts = []
    for w in worlds:
        F = np.array([[rng.getrandbits(nbits) & w] for _ in range(rows)], np.uint64)
        fronts.append(_pareto(F))
    weights = np.array([rng.randint(1, 50) / 1000 for _ in range(nbits)])
    return U, worlds, fronts, weights


def pack(U: int, worlds: list[int], fronts: list[np.ndarray]):
    off = np.zeros(len(fronts) + 1, np.int64)
    for k, F in enumerate(fronts):
        off[k + 1] = off[k] + F.shape[0]
    cat = np.ascontiguousarray(np.vstack(fronts))
    cnot = np.array([[U & ~w] for w in worlds], np.uint64)
    return np.array([U], np.uint64), cat, off, cnot


def brute_best(U: int, worlds: list[int], fronts: list[np.ndarray], weights: np.ndarray) -> float:
    """The most valuable combination, every choice of one row per reply tried."""
    best = 0.0
    for choice in itertools.product(*[[int(r[0]) for r in F] for F in fronts]):
        c = U
        for w, f in zip(worlds, choice):
            c &= f | (U & ~w)
        best = max(best, sum(weights[b] for b in range(len(weights)) if c >> b & 1))
    return best


@pytest.mark.parametrize("seed", range(40))
def test_any_split_bounds_the_best_combination(seed: int) -> None:
    U, worlds, fronts, weights = instance(seed)
    u, cat, off, cnot = pack(U, worlds, fronts)
    wb = _bit_weights(weight_table(weights, 1), 1, 1)
    best = brute_best(U, worlds, fronts, weights)
    rng = np.random.default_rng(seed)
    for _ in range(5):  # random shares, made into splits: every one bounds the best combination
        lam = _legal_split(u, cnot, len(fronts), wb, rng.random((len(fronts), 64)))
        value, _ = _split_value(u, cat, off, cnot, len(fronts), wb, lam)
        assert value >= best - 1e-12
    bound, rounds = _split_bound(u, cat, off, cnot, len(fronts), weight_table(weights, 1), 1, -1.0)
    assert best - 1e-12 <= bound < np.inf
    assert rounds >= 1


@pytest.mark.parametrize("seed", range(40))
def test_split_bound_is_the_relaxation_optimum(seed: int) -> None:
    """Column generation reaches the value of the whole linear programme (solved by scipy's HiGHS)."""
    from scipy import optimize as scipy_optimize
    U, worlds, fronts, weights = instance(seed, replies=4, rows=6)
    u, cat, off, cnot = pack(U, worlds, fronts)
    bound, _ = _split_bound(u, cat, off, cnot, len(fronts), weight_table(weights, 1), 1, -1.0)
    # max sum_b P_b y_b, y_b <= sum_f mu_{k,f} f(b) (k legal at b), sum_f mu_{k,f} = 1
    bits = [b for b in range(64) if U >> b & 1]
    nf = sum(F.shape[0] for F in fronts)
    nvar = len(bits) + nf
    c = np.zeros(nvar)
    c[: len(bits)] = [-weights[b] for b in bits]
    a_ub, a_eq = [], []
    col = len(bits)
    for k, F in enumerate(fronts):
        for i, b in enumerate(bits):
            if worlds[k] >> b & 1:
                row = np.zeros(nvar)
                row[i] = 1.0
                for j in range(F.shape[0]):
                    row[col + j] = -float(int(F[j, 0]) >> b & 1)
                a_ub.append(row)
        eq = np.zeros(nvar)
        eq[col:col + F.shape[0]] = 1.0
        a_eq.append(eq)
        col += F.shape[0]
    res = scipy_optimize.linprog(c, A_ub=np.array(a_ub), b_ub=np.zeros(len(a_ub)), A_eq=np.array(a_eq),
                                 b_eq=np.ones(len(a_eq)), bounds=[(0, 1)] * nvar, method="highs")
    assert res.status == 0
    assert bound == pytest.approx(-res.fun, abs=1e-9)  # (the bits in no reply's worlds: y = 1 there)


def test_simplex_solves_a_small_programme() -> None:
    # max 3x + 2y, x + y <= 4, x + 3y <= 6, x <= 3: x = 3, y = 1, value 11; shadow prices 2, 0, 1
    A = np.array([[1.0, 1.0], [1.0, 3.0], [1.0, 0.0]])
    status, value, duals, pivots = _simplex_max(A, np.array([4.0, 6.0, 3.0]), np.array([3.0, 2.0]), 100)
    assert status == 0 and 0 < pivots <= 100
    assert value == pytest.approx(11.0, abs=1e-6)
    assert duals == pytest.approx([2.0, 0.0, 1.0], abs=1e-6)


def first_play_values(north: str, south: str, target: int | None, split: int):
    from bridgeplay.problem import from_dict

    d = {"kind": "suit", "north": north, "south": south}
    d.update({"tricks": target} if target else {"objective": "tricks"})
    p = from_dict(d, "<t>")
    worlds = suit_worlds(p.outstanding)
    ths = (target,) if target else tuple(range(1, p.max_tricks + 1))
    search = SuitSearch(p.north, p.south, p.outstanding, worlds.west)
    search.split_bound = split
    moves = search.first_moves(p.north, p.south, p.outstanding, LEAD_FREE, ths, worlds.prob)
    return [m[3] for m in moves], int(search.stats[5] + search.stats[6])


@pytest.mark.parametrize("north,south,target", [("KJ84", "7", 1), ("KJ972", "3", None), ("K972", "J", 1),
                                                ("KJ975", "4", 2), ("AQT2", "4", None), ("QT86", "K", None)])
def test_split_bound_changes_no_first_play_value(north: str, south: str, target: int | None) -> None:
    """With the split bound (a top node proves its narrow line best, or looks only for rows worth the
    bound) every first play has the value the full combination gives it, and the bound was used."""
    on, used = first_play_values(north, south, target, 1)
    off, unused = first_play_values(north, south, target, 0)
    assert on == pytest.approx(off, abs=1e-12)
    assert used > 0 and unused == 0
