"""Name numba's compiled kernels for ``perf``: write ``/tmp/perf-<pid>.map`` for the symbols loaded so far.

``perf report`` shows code that numba compiled (or loaded from its cache) as ``[JIT] 0x7f...`` addresses; with
this map it shows ``suit._node``, ``vectors._pareto_known``, ``NRT_incref`` and so on.  Call :func:`write_map`
in the profiled process after the kernels are loaded (after a warm-up solve), then profile on::

    from perf_map import write_map   # (benchmarks/ on sys.path)
    solve(...)                        # warm-up: compiles or loads the kernels
    write_map()
    ...                               # the work to profile, under `perf record -D <ms to skip the start>`

A symbol's size is the distance to the next one (the engine does not say), so the last of a block is
given 4 KiB.  See benchmarks/suit_speed.md for what it showed and how reference counts were attributed.
"""

from __future__ import annotations

import os


def short_name(name: str) -> str:
    """``suit._node`` for numba's mangled ``_ZN10bridgeplay6engine4suit5_nodeB3v...`` (others unchanged, cut)."""
    i = name.find("engine")
    if i < 0 or not name.startswith(("_ZN10bridgeplay", "_ZN7cpython", "cfunc")):
        return name[:100]
    j = i + len("engine")
    parts = []
    for _ in range(2):  # module, function: each a decimal length then the name
        k = j
        while k < len(name) and name[k].isdigit():
            k += 1
        if k == j:
            break
        n = int(name[j:k])
        parts.append(name[k:k + n])
        j = k + n
    return ("py:" if name.startswith("_ZN7cpython") else "") + ".".join(parts)


def write_map() -> int:
    """Write the map for this process; returns the number of symbols."""
    from numba.core.registry import cpu_target

    engine = cpu_target.target_context.codegen()._engine
    syms = []
    for name in list(engine._defined_symbols):
        try:
            addr = engine.get_function_address(name)
        except Exception:  # noqa: BLE001 - a data symbol, or one the engine cannot resolve
            continue
        if addr:
            syms.append((addr, name))
    syms.sort()
    with open(f"/tmp/perf-{os.getpid()}.map", "w", encoding="ascii", errors="replace") as f:
        for k, (addr, name) in enumerate(syms):
            gap = syms[k + 1][0] - addr if k + 1 < len(syms) else 0
            size = gap if 0 < gap < 1 << 20 else 4096
            f.write(f"{addr:x} {size:x} {short_name(name)}\n")
    return len(syms)
