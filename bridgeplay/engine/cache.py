"""The kernels' on-disk cache: whether it is there (without importing numba), and filling it.

numba (0.68; ``cache=True``) keeps the compiled kernels of ``bridgeplay/engine/<module>.py`` in
``bridgeplay/engine/__pycache__/`` (or ``$NUMBA_CACHE_DIR``, see :func:`_cache_dir`), per kernel
(numba's ``_CacheLocator`` and ``IndexDataCacheFile``):

* an index ``<module>.<kernel>-<line>.py<major><minor><abiflags>.nbi``, where ``line`` is the first
  line of the kernel's definition (its decorator).  It holds numba's version (a pickled str), then
  the pickled pair (stamp, {signature: data file name}); the stamp is the SHA-256 digest of the
  module's source, and an index whose version or stamp differs is ignored (the kernel is compiled
  again and the index rewritten);
* per signature a data file ``<module>.<kernel>-<line>.py<...>.<n>.nbc``: the object code and the
  LLVM bitcode of the kernel *and of every kernel it calls* (linked in).

So numba notices a change of a kernel's own module, never of a module whose kernels it calls (they
are linked into its cached code): after an edit of ``vectors.py`` alone, ``suit._node`` loads the
old vectors code.  :func:`cold` therefore also counts a cache as stale when it is older than the
source of a module it depends on, and :func:`warm` deletes such caches before compiling.

:func:`cold` reads only files (no numba import): the CLI can say "compiling bridgeplay's kernels
once" before it starts.  :func:`warm` compiles (or loads) the kernels a solver family calls.  On a
cold cache with two cores or more it compiles in two processes: this one compiles the search's
largest subtree (the combination of replies, :data:`_SUIT_MAIN`) while a helper process compiles
the other kernels the search calls (:data:`_SUIT_HELPER`); both fill the on-disk cache, and the
search itself (``suit._node``) is compiled last, loading the rest.  A kernel is compiled once per
signature, so the lists give each kernel the argument types its callers pass (see the modules'
call sites); a signature that no longer matches costs only the parallel speed-up, never
correctness (the kernel is compiled when first called, as without a warm-up), and
``benchmarks/startup.py`` reports any kernel a solve still compiles after :func:`warm`.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import pickletools
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from importlib.util import find_spec
from pathlib import Path

ENGINE = Path(__file__).resolve().parent
PACKAGE_ROOT = ENGINE.parent.parent  # the directory that holds the ``bridgeplay`` package
PREFIX = "bridgeplay.engine."

# The engine modules each solver family needs (their kernels, and those they call).
SUIT_KERNELS: tuple[str, ...] = (
    "bridgeplay.engine.rules",
    "bridgeplay.engine.vectors",
    "bridgeplay.engine.split",
    "bridgeplay.engine.ddsuit",
    "bridgeplay.engine.suit",
)
DEAL_KERNELS: tuple[str, ...] = (
    "bridgeplay.engine.rules",
    "bridgeplay.engine.vectors",
    "bridgeplay.engine.deal",
    "bridgeplay.engine.dealplay",
    "bridgeplay.engine.dd",
    "bridgeplay.engine.abc",
)
DD_KERNELS: tuple[str, ...] = ("bridgeplay.engine.dd",)  # ``bridgeplay dd``: the double-dummy engine alone
IMP_KERNELS: tuple[str, ...] = ("bridgeplay.engine.imp",)  # ``bridgeplay experiment imp``: the IMP-model searches
TRICK_KERNELS: tuple[str, ...] = ("bridgeplay.engine.trick",)  # n-player trick play and the maxⁿ searches

# Per module, the kernels a solve calls from Python, with the argument types it passes (a few words:
# i64, f64, bool, none; arrays u64/u16/i64/f64/b1[:], [:,:] or [:,:,:], C-contiguous; MEMOS, STORE for the
# typed containers of engine.suit, DICT an int64 -> int64 typed dict).  Their caches are what a warm
# run loads.  For a module both families use, :func:`cold` checks the kernels both call (so that one
# family's answer does not depend on what the other compiled); :func:`warm` compiles all of them.
_SUIT_ENTRIES: dict[str, tuple[tuple[str, str], ...]] = {
    "bridgeplay.engine.rules": (("_representatives", "i64 i64"), ("_follow_plays", "i64 i64 i64"),
                                ("_trick_winner", "i64 i64 i64 i64 i64")),
    "bridgeplay.engine.vectors": (("_values", "u64[:,:] f64[:] i64"), ("_find_superset", "u64[:,:] u64[:]")),
    "bridgeplay.engine.split": (),
    "bridgeplay.engine.ddsuit": (("_dd_leads", "i64 i64 i64 i64[:] i64[:] i64[:]"),
                                 ("_dd_worlds", "i64 i64 i64 i64[:] i64")),
    "bridgeplay.engine.suit": (
        ("_world_bitsets", "i64[:] i64"), ("_new_memos", ""),
        ("_set_context", "MEMOS u64[:,:] u64[:] i64[:] f64[:,:] f64[:,:,:] u64[:,:] f64[:,:] i64[:]"),
        ("_node", "i64[:] i64[:] MEMOS i64 i64 i64 i64 i64 i64 i64 i64 i64 i64 i64[:] u64[:] f64 f64[:] i64 i64"),
    ),
}
_DEAL_ENTRIES: dict[str, tuple[tuple[str, str], ...]] = {
    "bridgeplay.engine.rules": (("_representatives", "i64 i64"),),
    "bridgeplay.engine.vectors": (("_values", "u64[:,:] f64[:] i64"), ("_find_superset", "u64[:,:] u64[:]"),
                                  ("_min_combine", "u64[:,:] u64[:,:] u64[:] f64[:] i64 f64"),
                                  ("_pareto", "u64[:,:]"), ("_expand_levels", "u64[:,:] i64[:] u64[:] i64")),
    "bridgeplay.engine.deal": (),
    "bridgeplay.engine.dealplay": (("last_trick_ns", "i64[:] i64[:] i64[:] i64[:,:] i64[:] i64 i64 i64[:]"),),
    "bridgeplay.engine.dd": (("dd_tricks", "i64[:] i64[:] u16[:,:] i64 i64 i64[:] i64[:] i64"),
                             ("_solve", "i64[:] i64[:] u16[:,:] i64 i64 i64[:] i64[:] i64 i64 i64[:,:]")),
    "bridgeplay.engine.abc": (("_abc_after", "i64[:,:] b1[:] i64[:] i64[:] i64 i64 i64 i64[:] f64[:] i64[:] i64[:] "
                                             "i64[:,:] i64[:] i64[:,:] i64[:,:]"),),
}
_W = "i64[:] i64[:] i64[:] i64[:,:]"  # (state, game constants, points, moves) of every trick search
_TRICK_ENTRIES: dict[str, tuple[tuple[str, str], ...]] = {
    "bridgeplay.engine.trick": (
        ("_maxn", f"{_W} i64[:,:] i64 bool"), ("_shallow", f"{_W} i64[:,:] i64 i64"),
        ("_dfbnb", f"{_W} i64[:,:] i64 i64 i64"), ("_abbnb", f"{_W} i64[:,:] i64 i64 i64 i64"),
        ("_paranoid", f"{_W} i64 i64 i64 bool"), ("_full", f"{_W} i64 DICT"), ("_maxn_tt", f"{_W} i64[:,:] i64 DICT"),
        ("_moves", "i64[:] i64[:] i64[:]"), ("_play", "i64[:] i64[:] i64[:] i64"),
    ),
}
# For a module no solve calls from Python: kernels of it that other modules' kernels call.
_ROOTS: dict[str, tuple[str, ...]] = {
    "bridgeplay.engine.split": ("_split_bound_sym", "_split_bound_work"),
    "bridgeplay.engine.deal": ("_beats",),
    "bridgeplay.engine.imp": ("_run_trials",),
}
# Kernels a module's kernels call: compiled ahead, as roots of subtrees, when the cache is cold.
# Main: the replies' combination (the largest subtree, about a third of the compile); helper: the rest
# of what the search calls, the split bound and the double-dummy tables first, the kernels the
# combination also calls last (by then the main process has saved them, and the helper loads them).
_SUIT_MAIN: tuple[tuple[str, str, str], ...] = (
    ("suit", "_combine", "u64[:,:] u64[:,:] i64[:] u64[:,:] u64[:] i64 f64[:,:] i64 f64 i64[:] i64 i64 f64[:,:,:]"),
)
_SUIT_HELPER: tuple[tuple[str, str, str], ...] = (
    ("split", "_split_bound_sym", "u64[:] u64[:,:] i64[:] u64[:,:] i64 f64[:,:] i64 f64 i64 i64[:,:] i64[:,:] b1[:]"),
    ("split", "_split_bound_work", "u64[:] u64[:,:] i64[:] u64[:,:] i64 f64[:,:] i64 f64 i64"),
    ("split", "_valid_generators", "u64[:] u64[:,:] i64 f64[:] i64[:,:] i64[:,:]"),
    ("split", "_useful_rows", "u64[:,:] i64[:] i64 f64[:,:] f64"),
    ("ddsuit", "_dd_leads", "i64 i64 i64 i64[:] i64[:] i64[:]"),
    ("ddsuit", "_dd_worlds", "i64 i64 i64 i64[:] i64"),
    ("suit", "_new_memos", ""),
    ("suit", "_dd_tables", "MEMOS i64 i64 i64 i64 i64[:] u64[:] i64 i64"),
    ("suit", "_lookup", "STORE u64[:]"),
    ("suit", "_store", "STORE u64[:] u64[:,:] f64 f64[:]"),
    ("suit", "_world_bitsets", "i64[:] i64"),
    ("suit", "_after_play", "i64 i64 i64 i64 i64 i64 i64 i64 i64 i64"),
    ("suit", "_swaps", "i64[:] i64 i64 i64[:] i64[:] i64 i64"),
    ("suit", "_narrow", "u64[:,:] u64[:,:] i64[:] u64[:,:] i64 f64[:,:] i64 f64 i64"),
    ("suit", "_better_row", "u64[:,:] f64[:,:] i64 f64 u64[:,:]"),
    ("suit", "_replies", "u64[:,:] u64[:] f64[:,:] i64[:] i64 i64 i64 i64 i64 i64 i64 i64 bool i64 u64[:] i64 i64"),
    ("suit", "_gather", "KIDS KIDW u64[:] u64[:,:] i64 i64"),
    ("rules", "_follow_plays", "i64 i64 i64"),
    ("rules", "_representatives", "i64 i64"),
    ("rules", "_trick_winner", "i64 i64 i64 i64 i64"),
    ("rules", "_popcount", "i64"),
    ("vectors", "_patterns", "i64[:] u64[:] i64"),
    ("vectors", "_to_canon", "u64[:,:] i64[:] i64 i64"),
    ("vectors", "_from_canon", "u64[:,:] i64[:] i64 i64"),
    ("vectors", "_values", "u64[:,:] f64[:] i64"),
    ("vectors", "_find_superset", "u64[:,:] u64[:]"),
    ("vectors", "_trow", "u64[:] f64[:,:] i64"),
    ("vectors", "_tprune", "u64[:,:] f64[:,:] i64 f64"),
    ("vectors", "_mask_pareto", "u64[:,:] u64[:]"),
    ("suit", "_cap_rows", "u64[:,:] f64[:,:] i64 i64 f64[:,:,:] i64[:]"),
)


def cold(modules: list[str] | tuple[str, ...]) -> bool:
    """Whether a solve needing ``modules`` (e.g. :data:`SUIT_KERNELS`) will compile kernels: some kernel
    it calls from Python has no cache for this Python and numba, or a stale one (see the module)."""
    return bool(missing(modules))


def missing(modules: list[str] | tuple[str, ...]) -> list[str]:
    """The kernels (``module.kernel``) of ``modules`` whose cache is missing or stale (see :func:`cold`)."""
    version = _numba_version()
    out = []
    for module in modules:
        names = [k for k, _ in _entries(module)] or _ROOTS.get(module, ())
        for kernel in names:
            if not _fresh(module, kernel, version):
                out.append(f"{module}.{kernel}")
    # the modules they import: a stale cache there is linked into theirs when they compile (see _drop_stale)
    for dep in sorted({d for m in modules for d in _deps(m)} - set(modules)):
        for path in _stale_caches(dep):
            name = f"{dep}.{path.name.split('.')[1].split('-')[0]}"
            if path.suffix == ".nbi" and name not in out:
                out.append(name)
    return out


def warm(modules: list[str] | tuple[str, ...] = SUIT_KERNELS, parallel: bool | None = None,
         on_interrupt: Callable[[], None] | None = None) -> float:
    """Compile, or load from the cache, the kernels a solve needing ``modules`` calls; return the seconds.

    Ctrl-C while a kernel compiles: with ``on_interrupt`` (a command line's "print one line and exit
    130"), the helper process is killed and ``on_interrupt()`` is called at once (numba writes each
    cache file whole, by a rename, so none is left half-made); without it, the interrupt is held until
    that kernel is compiled (see :func:`_compile_all`).

    ``parallel`` (default: when :func:`cold` and this process may use two cores or more) compiles the
    suit search's subtrees in two processes first (see the module).  Caches made stale by an edit of a
    module they depend on are deleted first, so they are compiled again.
    """
    t0 = time.perf_counter()
    modules = tuple(modules)
    _drop_stale(modules)
    if parallel is None:
        parallel = _cores() >= 2 and cold(modules)
    helper = None
    if parallel and PREFIX + "suit" in modules:
        helper = _start_helper(_SUIT_HELPER)
        try:
            _compile_all(_SUIT_MAIN, on_interrupt, helper)
            if helper is not None:
                helper.wait()
        finally:
            if helper is not None and helper.poll() is None:
                helper.kill()  # (interrupted: the helper's kernels are compiled here as they are needed)
    _compile_all(tuple((m[len(PREFIX):], k, s) for m in modules for k, s in _entries(m, modules)), on_interrupt)
    return time.perf_counter() - t0


# -- reading the cache ---------------------------------------------------------------------------
def _entries(module: str, family: tuple[str, ...] | None = None) -> tuple[tuple[str, str], ...]:
    """The module's kernels a solve calls from Python: for a module both families use, those both call,
    or (``family``: the modules being warmed) those of each family all of whose modules are in it."""
    tables = [t for t in (_SUIT_ENTRIES, _DEAL_ENTRIES, _TRICK_ENTRIES) if module in t]
    if family is not None:
        tables = [t for t in tables if set(t) <= set(family)] or tables
        out: list[tuple[str, str]] = []
        for t in tables:
            out += [e for e in t[module] if e not in out]
        return tuple(out)
    if len(tables) == 2:
        return tuple(e for e in tables[0][module] if e in tables[1][module])
    return tables[0][module] if tables else ()


def _source(module: str) -> Path:
    return ENGINE / (module[len(PREFIX):] + ".py")


@functools.cache
def _numba_version() -> str | None:
    """numba's version, read from its files (importing numba takes a third of a second)."""
    spec = find_spec("numba")
    if spec is None or spec.origin is None:
        return None
    try:
        text = (Path(spec.origin).parent / "_version.py").read_text()
        m = re.search(r'"version":\s*"([^"]+)"', text)
        if m:
            return m.group(1)
    except OSError:
        pass
    from importlib.metadata import version

    return version("numba")


def _kernel_lines(module: str) -> dict[str, int]:
    """Kernel name -> the line numba names its cache after (the first decorator's), for ``cache=True`` kernels."""
    return _kernel_lines_of(_source(module), _source(module).stat().st_mtime_ns)


@functools.cache
def _kernel_lines_of(path: Path, mtime: int) -> dict[str, int]:
    out = {}
    first = 0  # the line of the first decorator above the next ``def``, if it caches
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("@"):
            if not first and line.startswith("@njit(") and "cache=True" in line:
                first = i
        elif line.startswith("def "):
            if first:
                out[line[4:line.index("(")]] = first
            first = 0
        elif line.strip() and not line.startswith((" ", "#", ")")):
            first = 0
    return out


def _index(module: str, kernel: str) -> Path | None:
    line = _kernel_lines(module).get(kernel)
    if line is None:
        return None
    tag = f"py{sys.version_info[0]}{sys.version_info[1]}{getattr(sys, 'abiflags', '')}"
    return _cache_dir() / f"{module.rsplit('.', 1)[1]}.{kernel}-{line}.{tag}.nbi"


@functools.cache
def _cache_dir() -> Path:
    """Where numba keeps the engine's caches: ``$NUMBA_CACHE_DIR/engine_<hash>``, else ``__pycache__`` next to
    the sources, else (not writable) the user's cache directory (numba's ``_CacheLocator`` classes, in order)."""
    sub = f"{ENGINE.name}_{hashlib.sha1(str(ENGINE).encode()).hexdigest()}"
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"]) / sub
    tree = ENGINE / "__pycache__"
    if os.access(tree if tree.exists() else ENGINE, os.W_OK):
        return tree
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "numba" / sub


def _read_index(path: Path) -> tuple[str, bytes | None, list[str]]:
    """(numba version, source stamp, data files) of an index, without unpickling numba's types."""
    with open(path, "rb") as f:
        version = pickle.load(f)
        rest = f.read()
    stamp = None
    files = []
    for _op, arg, _pos in pickletools.genops(rest):
        if stamp is None and isinstance(arg, bytes):
            stamp = arg
        elif isinstance(arg, str) and arg.endswith(".nbc"):
            files.append(arg)
    return version, stamp, files


def _hash(module: str) -> bytes:
    return hashlib.sha256(_source(module).read_bytes()).digest()


@functools.cache
def _deps(module: str) -> frozenset[str]:
    """The engine modules ``module`` imports, directly or not (itself included)."""
    seen = {module}
    todo = [module]
    while todo:
        for dep in _IMPORT.findall(_source(todo.pop()).read_text()):
            dep = PREFIX + dep
            if dep not in seen and _source(dep).exists():
                seen.add(dep)
                todo.append(dep)
    return frozenset(seen)


_IMPORT = re.compile(r"^from bridgeplay\.engine\.(\w+) import", re.M)


def _fresh(module: str, kernel: str, version: str | None) -> bool:
    """Whether numba will load ``kernel``'s cache, and that cache is newer than every module it depends on."""
    path = _index(module, kernel)
    if path is None:
        return True  # (not a cached kernel of this module: nothing to compile)
    try:
        got, stamp, files = _read_index(path)
        built = path.stat().st_mtime
    except (OSError, pickle.UnpicklingError, EOFError, ValueError):
        return False
    if got != version or stamp != _hash(module) or not files:
        return False
    if not all((path.parent / f).exists() for f in files):
        return False
    return all(_source(dep).stat().st_mtime <= built for dep in _deps(module) if dep != module)


def _drop_stale(modules: tuple[str, ...]) -> None:
    """Delete the caches of ``modules``, and of every engine module they import, that are older than a module
    they depend on (numba would load them).  The imported ones count too: ``abc`` calls ``ddpacked``'s kernel,
    whose cache links ``dd``'s code, so after an edit of ``dd.py`` alone a fresh compile of ``abc`` would load
    the old ``dd`` through ``ddpacked``'s cache (and so would a caller of ``ddpacked.solve_packed``)."""
    for module in sorted({d for m in modules for d in _deps(m)}):
        for path in _stale_caches(module):
            try:
                path.unlink()
            except OSError:
                pass


def _stale_caches(module: str) -> list[Path]:
    """The cache files of ``module``'s kernels that are older than a module it depends on."""
    others = [d for d in _deps(module) if d != module]
    if not others:
        return []
    newest = max(_source(d).stat().st_mtime for d in others)
    out = []
    for path in _cache_dir().glob(f"{module.rsplit('.', 1)[1]}.*.nb[ic]"):
        try:
            if path.stat().st_mtime < newest:
                out.append(path)
        except OSError:
            pass
    return out


# -- compiling -------------------------------------------------------------------------------------
def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _start_helper(group: tuple[tuple[str, str, str], ...]) -> subprocess.Popen | None:
    """A process that compiles ``group`` into the on-disk cache (None if it cannot be started)."""
    return _spawn(f"cache._compile_all({group!r})", quiet=True)


def start_warm(modules: list[str] | tuple[str, ...]) -> subprocess.Popen | None:
    """A process that runs :func:`warm` on ``modules`` (in one process) and exits; None if it cannot be
    started.  Several families compile at once this way (the test session fills the cache so)."""
    return _spawn(f"cache.warm({tuple(modules)!r}, parallel=False)", quiet=False)


def _spawn(call: str, quiet: bool) -> subprocess.Popen | None:
    """``python -c "from bridgeplay.engine import cache; <call>"`` on this checkout's package."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE_ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    out = subprocess.DEVNULL if quiet else None
    try:
        return subprocess.Popen([sys.executable, "-c", f"from bridgeplay.engine import cache; {call}"], env=env,
                                stdin=subprocess.DEVNULL, stdout=out, stderr=out)
    except OSError:
        return None


def _compile_all(group: tuple[tuple[str, str, str], ...], on_interrupt: Callable[[], None] | None = None,
                 helper: subprocess.Popen | None = None) -> None:
    """Compile (or load) each (module, kernel, signature) of ``group`` in this process.

    Ctrl-C is held while a kernel compiles and raised between kernels: numba turns a KeyboardInterrupt
    raised inside its compiler into other errors ("no compiled object yet").  With ``on_interrupt`` it
    kills ``helper`` and calls ``on_interrupt()`` at once instead (see :func:`warm`)."""
    import importlib

    def hard() -> None:
        if helper is not None and helper.poll() is None:
            helper.kill()
        assert on_interrupt is not None
        on_interrupt()

    with _interrupts_between(hard if on_interrupt is not None else None) as check:
        for short, kernel, sig in group:
            check()
            mod = importlib.import_module(PREFIX + short)
            disp = getattr(mod, kernel, None)
            if disp is None or not hasattr(disp, "compile"):
                continue
            disp.compile(_signature(sig))


@contextlib.contextmanager
def _interrupts_between(hard: Callable[[], None] | None = None) -> Iterator[Callable[[], None]]:
    """Hold SIGINT inside the block (or call ``hard()`` when it comes); ``check()`` raises KeyboardInterrupt
    if one came, and so does the end of the block.  (Only in the main thread, where Ctrl-C is not ignored.)"""
    pending: list[int] = []

    def handler(signum: int, frame: object) -> None:
        if hard is not None:
            hard()
        pending.append(signum)

    def check() -> None:
        if pending:
            raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) in (
            signal.SIG_IGN, None):
        yield check
        return
    old = signal.signal(signal.SIGINT, handler)
    try:
        yield check
    finally:
        signal.signal(signal.SIGINT, old)
    check()


def _signature(spec: str) -> tuple:
    """numba types from the few words of :data:`_SUIT_ENTRIES`."""
    from numba import types

    scalars = {"i64": types.int64, "f64": types.float64, "bool": types.boolean, "none": types.none,
               "u64": types.uint64, "u16": types.uint16, "b1": types.boolean}
    out = []
    for word in spec.split():
        if word in ("MEMOS", "STORE"):
            from bridgeplay.engine import suit

            out.append(suit._MEMOS if word == "MEMOS" else suit._STORE)
        elif word == "DICT":
            out.append(types.DictType(types.int64, types.int64))
        elif word == "KIDS":  # a list (made in a kernel) of fronts
            out.append(types.List(types.Array(types.uint64, 2, "C")))
        elif word == "KIDW":
            out.append(types.List(types.int64))
        elif word.endswith("[:,:,:]"):
            out.append(types.Array(scalars[word[:-7]], 3, "C"))
        elif word.endswith("[:,:]"):
            out.append(types.Array(scalars[word[:-5]], 2, "C"))
        elif word.endswith("[:]"):
            out.append(types.Array(scalars[word[:-3]], 1, "C"))
        else:
            out.append(scalars[word])
    return tuple(out)
