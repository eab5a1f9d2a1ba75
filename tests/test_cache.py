"""The kernels' on-disk cache: caches made stale by an edit of a module they link are deleted before compiling."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def test_drop_stale_reaches_the_modules_a_kernel_imports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``abc`` imports ``ddpacked``, which links ``dd``: after an edit of ``dd.py``, warming ``abc`` must delete
    ``ddpacked``'s older cache too (numba checks only a kernel's own module), and keep the caches newer than
    every module they depend on; until then the stale cache counts as missing (so the tests' set-up warms)."""
    from bridgeplay.engine import cache

    where = tmp_path / "engine"  # (cache._cache_dir is memoised: replaced, not re-read from the environment)
    where.mkdir()
    monkeypatch.setattr(cache, "_cache_dir", lambda: where)
    dd_time = cache._source("bridgeplay.engine.dd").stat().st_mtime
    newest = max(cache._source(d).stat().st_mtime for d in cache._deps("bridgeplay.engine.abc"))
    stale = [where / "ddpacked.solve_packed-75.py311.nbi", where / "ddpacked.solve_packed-75.py311.1.nbc",
             where / "abc._node-737.py311.nbi"]
    fresh = [where / "ddpacked.solve_packed-75.py311.2.nbc", where / "deal._beats-10.py311.nbi"]
    for f in stale + fresh:
        f.write_bytes(b"")
    for f in stale:
        os.utime(f, (dd_time - 10, dd_time - 10))
    for f in fresh:
        os.utime(f, (newest + 10, newest + 10))
    assert "bridgeplay.engine.ddpacked" in cache._deps("bridgeplay.engine.abc")
    assert "bridgeplay.engine.ddpacked.solve_packed" in cache.missing(("bridgeplay.engine.abc",))
    cache._drop_stale(("bridgeplay.engine.abc",))
    assert "bridgeplay.engine.ddpacked.solve_packed" not in cache.missing(("bridgeplay.engine.abc",))
    assert [f.name for f in stale if f.exists()] == []
    assert [f.name for f in fresh if not f.exists()] == []
