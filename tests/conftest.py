"""The test session's set-up: numba's kernel cache filled once, in two processes, before any test runs.

On a clean checkout (as in CI) every kernel compiles at its first use: about seven minutes on one core
(the suit search about three, the double-dummy engine and the ABC kernel about four), inside whichever
test happens to come first, and once more in each pytest-xdist worker.  Here the two families compile at
the same time, one process each, into the on-disk cache; the workers then load them.  With a warm cache
nothing is started (:func:`bridgeplay.engine.cache.cold` reads files only, it does not import numba).
A kernel that fails to compile is not hidden: the tests that call it compile it again and fail there.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import pytest

from bridgeplay.engine import cache

# one process each, of about the same length
GROUPS = (cache.SUIT_KERNELS + cache.TRICK_KERNELS, cache.DEAL_KERNELS)


@pytest.hookimpl(optionalhook=True)  # (a hook of pytest-xdist: without it, never called)
def pytest_configure_node(node: Any) -> None:
    """(pytest-xdist, in the controller) Hand each worker the controller's COLUMNS: a worker starts with
    COLUMNS=80 set, and the commands read a set COLUMNS as a width asked for (``batch`` writes a log's
    rows wide only when none is)."""
    node.workerinput["columns"] = os.environ.get("COLUMNS")


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the controller has filled the cache
        columns = config.workerinput.get("columns")
        if columns is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = columns
        return
    cold = [g for g in GROUPS if cache.cold(g)]
    if not cold:
        return
    t0 = time.perf_counter()
    procs = [p for p in (cache.start_warm(g) for g in cold) if p is not None]
    codes = [p.wait() for p in procs]
    names = " and ".join("+".join(m.rsplit(".", 1)[1] for m in g) for g in cold)
    print(f"\nnumba kernels compiled for the tests ({names}) in {time.perf_counter() - t0:.0f} s,"
          f" exit codes {codes}", file=sys.stderr)
