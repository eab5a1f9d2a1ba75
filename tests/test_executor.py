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
