"""Budgets: --time-limit covers the whole solve and the result says when it cut the work short."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from bridgeplay.cli import main
from bridgeplay.deal.worlds import DealWorlds
from bridgeplay.kinds import load, solve
from bridgeplay.options import Options

ROOT = Path(__file__).resolve().parents[1]


def _valid(out: dict) -> None:
    """A stopped result's JSON is a valid result (bound and note are in the schema)."""
    from test_schema import one_of

    one_of(json.loads(json.dumps(out)), "result")
FIG16 = ROOT / "problems/deals/fig16-kjtx-a98x-7nt.yaml"


def test_a_million_samples_keep_a_three_second_limit_and_say_so() -> None:
    from bridgeplay.engine import cache

    cache.warm(cache.DEAL_KERNELS)  # (a fresh machine compiles them first, before any limit counts)
    t0 = time.perf_counter()
    r = CliRunner().invoke(main, ["solve", str(FIG16), "--solver", "deal-repeated", "--samples", "1000000",
                                  "--time-limit", "3", "--json"])
    wall = time.perf_counter() - t0
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["stopped"] == "time limit" and out["exact"] is False
    assert 1 <= out["samples"] < 1_000_000 and out["stats"]["seconds"] <= 3.3
    assert wall < 10  # the JSON of tens of thousands of layouts included


def test_a_time_limited_sample_is_a_prefix_of_the_seeded_sequence() -> None:
    """Cut short, the sample is the first draws of the same seeded sequence (unbiased), not a subset by order."""
    p = load(FIG16)
    full = solve(p, "deal-repeated", Options(samples=300, seed=5))
    assert full.stopped is None and full.extra["samples"] == 300
    draws = DealWorlds(p).sample(300, 5)
    uniq, counts = np.unique(draws, axis=0, return_counts=True)
    assert full.extra["distinct_worlds"] == len(uniq) and int(counts.sum()) == 300


def test_without_a_limit_nothing_is_stopped() -> None:
    r = solve(load(ROOT / "problems/deals/fig12-three-card-guess.yaml"))
    assert r.stopped is None and r.exact and r.to_json()["stopped"] is None


def test_a_deal_search_under_a_tiny_memory_budget_gives_the_same_answer() -> None:
    """The memos are caches: emptied whenever they pass the budget, the search gives the same values."""
    from bridgeplay.deal.exact import analyse, exact_worlds, new_search

    p = load(ROOT / "problems/deals/fig16-spades-no-count.yaml")
    _, west = exact_worlds(p)
    weights = np.full(len(west), 1.0 / len(west))
    roomy, tight = new_search(p, west, weights), new_search(p, west, weights, max_memory=1 << 20)
    first, first_tight = analyse(roomy, p), analyse(tight, p)
    assert tight.memo_flushes > 0 and roomy.memo_flushes == 0
    assert [(m[0], round(m[2], 12)) for m in first] == [(m[0], round(m[2], 12)) for m in first_tight]


def test_esm_stopped_after_its_first_play_reports_that_play_exactly_as_a_lower_bound(monkeypatch) -> None:
    """The time limit runs out once the first play is solved: the result is labelled (stopped, not exact,
    a lower bound) and the play it holds has the value the full search gives it."""
    from bridgeplay.deal.search import DealSearch

    p = load(ROOT / "problems/deals/discovery-heart-ace-places-queen.yaml")
    full = solve(p, "esm")
    real = DealSearch.root_front

    def then_time_is_up(self, *args, **kw):  # type: ignore[no-untyped-def]
        front = real(self, *args, **kw)
        if front.shape[0]:  # (a search pruned below its aspiration finds nothing, and the next one runs)
            self.deadline = 0.0  # the play is solved: every later tick finds the limit passed
        return front

    monkeypatch.setattr(DealSearch, "root_front", then_time_is_up)
    cut = solve(p, "esm", Options(time_limit=60))
    assert cut.stopped == "time limit" and not cut.exact and cut.extra["bound"] == "lower"
    assert len(cut.moves) == 1 and cut.stats["first_plays_solved"] == 1
    assert cut.stats["first_plays"] == len(full.moves) > 1
    exact = {m.move: m.probability for m in full.moves}
    assert cut.probability == exact[cut.moves[0].move] <= full.probability
    assert sum(s.contribution for s in cut.splits) == __import__("pytest").approx(cut.probability)
    out = cut.to_json()
    assert out["stopped"] == "time limit" and out["exact"] is False and out["bound"] == "lower"
    _valid(out)


def test_the_default_method_for_a_deal_keeps_a_default_budget() -> None:
    p = load(ROOT / "problems/deals/fig12-three-card-guess.yaml")
    r = solve(p)
    assert r.solver == "esm" and "stops after 60 s" in (r.why or "")
    named = solve(p, "esm")
    assert named.why is None and named.probability == r.probability


def _slow_tree(n: int) -> dict:
    """test_batch's slow tree (2**n MAX strategies), as a mapping."""
    import yaml
    from test_batch import slow_tree

    return yaml.safe_load(slow_tree(n))


def test_tree_esm_keeps_the_time_limit_and_gives_a_labelled_lower_bound() -> None:
    """ESM on 2**20 strategies (about 15 s) stopped at 1 s: the best strategy played, its exact value, labelled."""
    p = load(_slow_tree(20))
    t0 = time.perf_counter()
    r = solve(p, "esm", Options(time_limit=1))
    assert time.perf_counter() - t0 < 2
    assert r.stopped == "time limit" and not r.exact and r.extra["bound"] == "lower"
    assert 0 < r.extra["strategies"] < 2 ** 20 and "pareto" in r.extra["note"]
    _valid(r.to_json())
    exact = solve(p, "pareto")
    assert r.value is not None and r.value <= exact.value + 1e-12
    from bridgeplay.games.tree.solvers import strategy_value

    index = {info.label: info for info in p.infosets}
    played = {index[k].index: index[k].moves.index(v) for k, v in r.strategy.items()}
    assert r.true_value == strategy_value(p, played)  # the value given is that strategy's, exactly


def test_the_suit_search_kernel_stops_at_the_time_limit() -> None:
    """The exact suit search (numba, GIL released) reads its stop slot at every position: a 0.2 s limit on a
    1.5 s problem stops it within a fraction of a second with the error that says what to try; a search
    with room enough gives the unstopped answer."""
    from bridgeplay.engine import cache
    from bridgeplay.errors import SolverError

    cache.warm(cache.SUIT_KERNELS)  # (compiling is not part of the limit)
    p = load({"kind": "suit", "name": "KJ975/3", "north": "KJ975", "south": "3", "objective": "tricks"})
    t0 = time.perf_counter()
    try:
        solve(p, "esm", Options(time_limit=0.2))
    except SolverError as exc:
        assert "time limit of 0.2 s" in str(exc) and "--solver repeated" in str(exc)
    else:
        raise AssertionError("not stopped")
    assert time.perf_counter() - t0 < 1.0
    roomy = solve(p, "esm", Options(time_limit=600))
    assert roomy.stopped is None and roomy.expected_tricks == solve(p, "esm").expected_tricks


def test_ctrl_c_while_a_kernel_compiles_is_held_until_it_is_done() -> None:
    """A library caller's Ctrl-C during numba's compiler is held to the next kernel (numba would turn it into
    another error); the handler of before is back afterwards."""
    import os
    import signal

    import pytest

    from bridgeplay.engine.cache import _interrupts_between

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        with _interrupts_between() as check:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # (the signal is handled here: held, not raised)
            reached = True
            check()
    assert reached and signal.getsignal(signal.SIGINT) is before


def test_the_suit_search_keeps_a_memory_budget() -> None:
    """--max-memory reaches the exact suit search: a watcher sees the process grow past the budget and stops the
    kernel; the error says what to try.  With the default budget the same problem solves."""
    from bridgeplay.engine import cache
    from bridgeplay.errors import SolverError

    cache.warm(cache.SUIT_KERNELS)
    p = load({"kind": "suit", "name": "KJ975/3", "north": "KJ975", "south": "3", "objective": "tricks"})
    try:
        solve(p, "esm", Options(max_memory=1 << 20))
    except SolverError as exc:
        assert "--max-memory" in str(exc) and "--solver repeated" in str(exc)
    else:
        raise AssertionError("not stopped")
    assert solve(p, "esm").expected_tricks is not None


@pytest.mark.slow
def test_the_3432_layout_ending_stops_at_its_limit_within_memory(tmp_path: Path) -> None:
    """Issue 23's 7-card no-trump ending (3,432 layouts): esm finishes no first play in 10 s (it runs for more
    than 20 min); it stops at the limit with a labelled result (no value, stopped, 0 of 6 first plays, what
    to try), and its memory stays under 2 GB (the deal memos' budget)."""
    import resource
    import subprocess
    import sys

    f = tmp_path / "end7.yaml"
    f.write_text('kind: deal\nnorth: "KJT2.AQ2.."\nsouth: "A98.KJ3.4."\noutstanding: "Q76543.T987654.5."\n'
                 "trumps: NT\nlead: S\ntricks: 7\n")
    from bridgeplay.engine import cache

    cache.warm(cache.DEAL_KERNELS)
    t0 = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "bridgeplay", "solve", str(f), "--time-limit", "10", "--json"],
                         capture_output=True, text=True, timeout=120)
    wall = time.perf_counter() - t0
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    out = json.loads(run.stdout)
    _valid(out)
    assert out["stopped"] == "time limit" and out["exact"] is False and out["value"] is None
    assert out["stats"]["first_plays_solved"] == 0 and out["stats"]["first_plays"] == 6
    assert "--solver deal-alphamu" in out["note"] and out["stats"]["seconds"] <= 10 * 1.1
    assert wall < 10 * 1.1 + 5  # (+ the interpreter, imports, kernels)
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 2 * 1024 * 1024  # KiB on Linux


def test_esm_stopped_before_any_first_play_gives_a_labelled_result_without_a_value(monkeypatch) -> None:
    from bridgeplay.cli import main as cli
    from bridgeplay.deal.search import DealSearch, TimeUp

    def up(self):  # type: ignore[no-untyped-def]
        raise TimeUp

    monkeypatch.setattr(DealSearch, "_tick", up)
    path = ROOT / "problems/deals/discovery-heart-ace-places-queen.yaml"
    r = solve(load(path), "esm", Options(time_limit=60))
    assert r.value is None and r.stopped == "time limit" and not r.exact and r.moves == []
    assert r.stats["first_plays_solved"] == 0 and "no value" in r.extra["note"]
    _valid(r.to_json())
    shown = CliRunner().invoke(cli, ["solve", str(path), "--solver", "esm", "--time-limit", "60"],
                               env={"COLUMNS": "100"})
    assert shown.exit_code == 0 and "Stopped at the time limit" in shown.output and "no value" in shown.output
