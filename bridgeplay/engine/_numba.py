"""What every kernel module does before numba compiles or loads anything (kept apart from ``cache.py``, which
imports the kernel modules to compile them)."""

from __future__ import annotations

import sys


def numba_without_scipy() -> None:
    """Have numba load its array-math registry now, with scipy.linalg hidden (the kernel modules call this).

    numba's first compile or cache load imports ``numba.np.arraymath``, which imports scipy.linalg
    (numba's own import takes only the ``scipy`` package, for its version) just to set a flag,
    ``_HAVE_BLAS``: whether ``np.convolve`` and ``np.correlate`` in jitted code use BLAS.  That is
    0.15 s of a 0.65 s warm solve, and two OpenBLAS thread pools.  Imported while scipy.linalg cannot
    be, the flag is False and those two use a plain loop; ``np.dot`` and ``np.linalg`` still import
    scipy.linalg when a kernel uses them, and Python code imports it as usual.  Nothing happens when
    scipy.linalg or that registry is imported already.
    """
    if "scipy.linalg" in sys.modules or "numba.np.arraymath" in sys.modules:
        return
    sys.modules["scipy.linalg"] = None  # type: ignore[assignment]  # (import scipy.linalg -> ImportError)
    try:
        import numba.np.arraymath  # noqa: F401
    except ImportError:  # pragma: no cover - another numba
        pass
    finally:
        if sys.modules.get("scipy.linalg", 0) is None:
            del sys.modules["scipy.linalg"]
