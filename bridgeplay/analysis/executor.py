"""Run independent tasks (experiment trials, deals, problem files) on local processes, Dask or Ray: one mechanism.

``map_tasks(fn, items, executor="local", jobs=..., address=...)`` returns ``[fn(item) for item in items]`` in the
order of ``items``, whatever order the results arrive in, so the same seed gives the same results on any executor.
``fn`` must be a module-level function and the items and results picklable (they cross process boundaries).

* ``local``: ``jobs`` = 1 runs in this process; more runs a pool of forked processes (they start with the modules
  and compiled kernels the parent has loaded).  Ctrl-C stops the pool and raises ``KeyboardInterrupt``.
* ``dask``: a ``distributed.Client`` on ``address`` (a running scheduler, ``tcp://host:8786``), else on a local
  cluster of ``jobs`` worker processes started for the call.  Optional extra: ``pip install 'bridgeplay[dask]'``.
* ``ray``: ``ray.init(address=address)`` (None: a local Ray started for the call).  Optional extra
  ``bridgeplay[ray]``.

A missing optional engine is an :class:`ExecutorError` that says what to install: never a silent fallback.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bridgeplay.options import cores, set_core_share

T = TypeVar("T")
R = TypeVar("R")

EXECUTORS = ("local", "dask", "ray")


class ExecutorError(RuntimeError):
    """The executor asked for cannot run here (unknown, not installed, cluster unreachable); says what to do."""


def default_jobs() -> int:
    """The cores this process may use."""
    return cores()


def fork_context() -> multiprocessing.context.BaseContext:
    """fork where there is one: a worker starts with the modules (numba, the kernels) the parent has imported, in
    milliseconds.  The parent must run no other thread while it forks (the CLI refreshes its progress bars from the
    main thread).  Elsewhere: spawn."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _quiet_worker(share: int | None = None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's business
    # (each worker's solvers start threads for its share of the cores only: two workers on two cores, each with
    # a double-dummy table's two threads, would run four threads that thrash each other's caches)
    set_core_share(share)


def _indexed(job: tuple[Callable[[Any], Any], int, Any]) -> tuple[int, Any]:
    fn, index, item = job
    return index, fn(item)


def map_tasks(fn: Callable[[T], R], items: Sequence[T], *, executor: str = "local", jobs: int | None = None,
              address: str | None = None, on_result: Callable[[int, R], None] | None = None,
              chunksize: int = 1) -> list[R]:
    """``[fn(item) for item in items]``, run on ``executor``; ``on_result(index, result)`` as each one arrives."""
    if executor not in EXECUTORS:
        raise ExecutorError(f"unknown executor {executor!r} (one of: {', '.join(EXECUTORS)})")
    if jobs is not None and jobs < 1:
        raise ExecutorError(f"jobs must be at least 1, got {jobs}")
    if address is not None and executor == "local":
        raise ExecutorError("--address names a Dask or Ray cluster: use it with --executor dask or ray")
    items = list(items)
    out: list[Any] = [None] * len(items)

    def done(index: int, value: Any) -> None:
        out[index] = value
        if on_result is not None:
            on_result(index, value)

    if executor == "local":
        _run_local(fn, items, jobs or default_jobs(), done, chunksize)
    elif executor == "dask":
        _run_dask(fn, items, jobs, address, done)
    else:
        _run_ray(fn, items, jobs, address, done)
    return out


def _run_local(fn: Callable[[Any], Any], items: list[Any], jobs: int, done: Callable[[int, Any], None],
               chunksize: int) -> None:
    jobs = min(jobs, len(items))
    if jobs <= 1:
        for i, item in enumerate(items):
            done(i, fn(item))
        return
    pool = fork_context().Pool(jobs, initializer=_quiet_worker, initargs=(max(1, default_jobs() // jobs),))
    try:
        for index, value in pool.imap_unordered(_indexed, [(fn, i, x) for i, x in enumerate(items)], chunksize):
            done(index, value)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()


def _run_dask(fn: Callable[[Any], Any], items: list[Any], jobs: int | None, address: str | None,
              done: Callable[[int, Any], None]) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise ExecutorError("--executor dask needs Dask: pip install 'bridgeplay[dask]'") from exc
    cluster = None
    try:
        if address is None:
            cluster = LocalCluster(n_workers=jobs or default_jobs(), threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        else:
            client = Client(address, timeout="20s")
    except OSError as exc:
        if cluster is not None:
            cluster.close()
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    try:
        futures = client.map(_indexed, [(fn, i, x) for i, x in enumerate(items)], pure=False)
        for future in as_completed(futures):
            index, value = future.result()
            done(index, value)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _run_ray(fn: Callable[[Any], Any], items: list[Any], jobs: int | None, address: str | None,
             done: Callable[[int, Any], None]) -> None:
    try:
        import ray
    except ImportError as exc:
        raise ExecutorError("--executor ray needs Ray: pip install 'bridgeplay[ray]'") from exc
    started = not ray.is_initialized()
    if started:
        try:
            if address is None:
                ray.init(num_cpus=jobs or default_jobs(), include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError) as exc:
            raise ExecutorError(f"cannot start or reach Ray{' at ' + address if address else ''}: {exc}") from exc
    try:
        remote = ray.remote(_indexed)
        pending = [remote.remote((fn, i, x)) for i, x in enumerate(items)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            index, value = ray.get(ready[0])
            done(index, value)
    finally:
        if started:
            ray.shutdown()


__all__ = ["EXECUTORS", "ExecutorError", "default_jobs", "fork_context", "map_tasks"]
