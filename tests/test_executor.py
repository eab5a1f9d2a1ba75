"""The one executor: results in the items' order whatever order they finish in, the same on any executor."""

from __future__ import annotations

import time

import pytest

from bridgeplay.analysis.executor import ExecutorError, map_tasks


def _square_slowly(x: int) -> int:
    time.sleep(0.01 * (5 - x % 5))  # later items finish first
    return x * x


@pytest.mark.parametrize("jobs", [1, 2])
def test_local_results_in_order(jobs: int) -> None:
    seen: list[int] = []
    out = map_tasks(_square_slowly, list(range(10)), jobs=jobs, on_result=lambda i, v: seen.append(i))
    assert out == [x * x for x in range(10)]
    assert sorted(seen) == list(range(10))


def test_bad_executor_and_address() -> None:
    with pytest.raises(ExecutorError, match="unknown executor"):
        map_tasks(_square_slowly, [1], executor="spark")
    with pytest.raises(ExecutorError, match="--address"):
        map_tasks(_square_slowly, [1], address="tcp://localhost:8786")


def test_missing_optional_engine_says_what_to_install() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        with pytest.raises(ExecutorError, match=r"bridgeplay\[ray\]"):
            map_tasks(_square_slowly, [1], executor="ray")
    else:  # pragma: no cover - Ray installed here
        assert map_tasks(_square_slowly, [1, 2], executor="ray", jobs=1) == [1, 4]


def _threads_seen(_: int) -> tuple[int, int, int]:
    from bridgeplay.deal.doubledummy import _ENGINE
    from bridgeplay.options import cores, thread_count

    return cores(), thread_count(None, 8), _ENGINE.threads()


def test_workers_start_threads_for_their_share_of_the_cores_only() -> None:
    """Two workers on C cores each start at most C // 2 threads (a double-dummy table's strains, a solver's
    searches): not C each, which would run 2C threads that thrash each other's caches."""
    from bridgeplay.options import cores

    mine = cores()
    assert map_tasks(_threads_seen, [0], jobs=1) == [(mine, min(8, mine), min(5, mine))]  # (in this process)
    share = max(1, mine // 2)
    out = map_tasks(_threads_seen, [0, 1, 2, 3], jobs=2)
    assert out == [(share, min(8, share), min(5, share))] * 4
    assert cores() == mine  # (the parent keeps every core)


def test_core_share_caps_threads() -> None:
    from bridgeplay.options import cores, set_core_share, thread_count

    mine = cores()
    try:
        set_core_share(1)
        assert cores() == 1 and thread_count(None, 4) == 1 and thread_count(3, 4) == 1
        set_core_share(10 * mine)
        assert cores() == mine  # (a share never adds cores)
    finally:
        set_core_share(None)
    assert cores() == mine
