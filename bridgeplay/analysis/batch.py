"""Batch solving and regression checks: many problem files, worker processes, ``expect:`` checks.

The library half of ``bridgeplay batch`` and ``bridgeplay validate`` (the command line and the
rendering live in ``cli/`` and ``report/``; nothing here imports click or rich).

* :func:`find_problem_files` turns paths into a sorted, de-duplicated list of files: a directory
  contributes every ``*.yaml``/``*.yml`` below it (hidden folders skipped), a file is taken as named
  (whatever its extension), a path that does not exist is kept so that it is reported as an error.
* :func:`validate_file` loads a file and checks that its ``expect:`` block fits the problem.
* :func:`run_one` loads, solves and (optionally) checks one file and returns an :class:`Outcome`;
  it never raises for a bad file or a failing solver (only ``KeyboardInterrupt`` goes through).
* :func:`run_batch` runs :func:`run_one` over many files, in this process (``jobs=1`` without a time
  limit) or in worker processes, kills and replaces a worker that exceeds the time limit, and
  returns the outcomes sorted by path, so the result does not depend on ``jobs`` or on the order of
  the paths.

Verdicts (:data:`VERDICTS`):

``pass``     solved, and every expectation checked holds;
``fail``     solved, and some expectation does not hold (``errors`` says which);
``solved``   solved, nothing to check (no ``--check``, or no checkable ``expect:`` entry);
``skipped``  the solver does not solve this kind of problem (e.g. a tree-only solver on a suit file);
``error``    the file is unreadable or invalid (``errors`` holds its one-line message);
``timeout``  the time limit was exceeded (the worker was killed and replaced);
``crash``    the solver raised an unexpected exception or its worker died.

Exit status (:func:`exit_status`): 130 when interrupted; else 1 if any problem failed its check,
timed out or crashed; else 2 if any file was invalid; else 0.

What ``expect:`` means is each kind's business (``kinds.py``): suits and deals are checked by
:mod:`bridgeplay.checks`; a tree's ``expect:`` names solvers, and with ``check`` every solver named
there is run and compared (the JSON then has ``checked: {solver: line}``).  Without ``solver`` each
file is solved by its kind's default; a named solver that a file's kind does not have skips that file.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

from bridgeplay import kinds
from bridgeplay.analysis.executor import default_jobs, fork_context, map_tasks
from bridgeplay.errors import ProblemError, SolverError
from bridgeplay.options import Options, set_core_share
from bridgeplay.yamlio import read_yaml

VERDICTS = ("pass", "fail", "solved", "skipped", "error", "timeout", "crash")
FAILED = ("fail", "timeout", "crash")
PROBLEM_SUFFIXES = (".yaml", ".yml")


@dataclass
class Outcome:
    """What happened to one file: the verdict, the messages, the result in its JSON form."""

    path: str
    solver: str
    verdict: str
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    result: dict[str, Any] | None = None
    problem: str | None = None
    kind: str | None = None
    summary: str = ""  # the result in a few words (the table's "result" column)
    expected: str = ""  # the expectation in a few words ("expected" column)

    def to_json(self) -> dict[str, Any]:
        """The ``solve --json`` object plus ``verdict``, ``errors`` and ``seconds``."""
        base = dict(self.result) if self.result is not None else {
            "problem": self.problem, "file": self.path, "kind": self.kind, "solver": self.solver,
        }
        base.update(verdict=self.verdict, errors=list(self.errors), seconds=round(self.seconds, 4))
        return base


@dataclass
class BatchReport:
    """Outcomes sorted by path; ``interrupted`` when Ctrl-C stopped the batch (``outcomes`` is partial)."""

    outcomes: list[Outcome]
    total: int
    interrupted: bool = False
    seconds: float = 0.0
    jobs: int = 1

    def counts(self) -> dict[str, int]:
        out = {v: 0 for v in VERDICTS}
        for o in self.outcomes:
            out[o.verdict] += 1
        return out

    @property
    def exit_status(self) -> int:
        return exit_status(self.outcomes, self.interrupted)


def exit_status(outcomes: Iterable[Outcome], interrupted: bool = False) -> int:
    """130 interrupted; 1 a check failed, a problem timed out or crashed; 2 an invalid file; else 0."""
    if interrupted:
        return 130
    verdicts = {o.verdict for o in outcomes}
    if verdicts & set(FAILED):
        return 1
    if "error" in verdicts:
        return 2
    return 0


# --------------------------------------------------------------------------- finding files
def find_problem_files(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Every problem file under ``paths``: sorted, each file once (whatever path led to it)."""
    found: dict[str, str] = {}  # resolved -> shown (the smallest spelling, so path order does not matter)

    def add(p: str) -> None:
        shown = os.path.normpath(p)
        try:
            key = str(Path(shown).resolve())
        except OSError:
            key = shown
        if key not in found or shown < found[key]:
            found[key] = shown

    for raw in paths:
        p = os.fspath(raw)
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in files:
                    if name.endswith(PROBLEM_SUFFIXES) and not name.startswith("."):
                        add(os.path.join(root, name))
        else:
            add(p)  # a named file is taken as is; a missing one becomes an "error" outcome
    return sorted(found.values())


# --------------------------------------------------------------------------- one file
def validate_file(path: str) -> Any:
    """Load ``path`` and check its ``expect:`` block; raise :class:`ProblemError` (one line) if invalid."""
    return kinds.validate_file(path)


def run_one(path: str, solver: str | None = None, check: bool = False, options: Options | None = None) -> Outcome:
    """Load, solve and (with ``check``) check one file.  Never raises except ``KeyboardInterrupt``."""
    t0 = time.perf_counter()
    problem = None
    shown = solver or "default"
    try:
        problem = validate_file(path)
        kind = kinds.of(problem)
        if solver is not None and kind.solver(solver) is None:
            out = Outcome(path, solver, "skipped", [f"solver {solver!r} does not solve {kind.name} problems"],
                          problem=problem.name, kind=kind.name)
        else:
            try:
                result = kinds.solve(problem, solver, options or Options())
            except SolverError as exc:
                if solver is None:
                    raise
                return Outcome(path, solver, "skipped", [exc.message], seconds=time.perf_counter() - t0,
                               problem=problem.name, kind=kind.name)
            shown = result.solver
            checked_now = check and kinds.checkable(problem, result.solver)
            errors: list[str] = []
            body = result.to_json()
            if checked_now:
                errors, checked = kinds.check(problem, result)
                if checked:
                    body["checked"] = checked
            verdict = ("fail" if errors else "pass") if checked_now else "solved"
            out = Outcome(path, result.solver, verdict, errors, result=body, problem=result.problem,
                          kind=result.kind, summary=result.summary(),
                          expected=kinds.describe_expect(problem, result.solver))
    except ProblemError as exc:
        out = Outcome(path, shown, "error", [str(exc)], problem=getattr(problem, "name", None),
                      kind=getattr(problem, "kind", None))
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - one broken solve must not stop the batch
        text = " ".join(str(exc).split()) or "(no message)"
        out = Outcome(path, shown, "crash", [f"{type(exc).__name__}: {text}"],
                      problem=getattr(problem, "name", None), kind=getattr(problem, "kind", None))
    out.seconds = time.perf_counter() - t0
    return out


# --------------------------------------------------------------------------- many files
def peek_kinds(files: Sequence[str]) -> set[str]:
    """The kinds named by the files' ``kind:`` fields (unreadable files and unknown kinds left out)."""
    found: set[str] = set()
    for path in files:
        try:
            kind = read_yaml(path).get("kind")
        except ProblemError:
            continue
        if isinstance(kind, str) and kind in kinds.KINDS:
            found.add(kind)
    return found


def warm_up(kind_names: Iterable[str]) -> float:
    """Compile (or load from numba's cache) the kernels of these kinds in this process; return the seconds.

    Run in the parent before workers are forked, so every worker (and every replacement of a killed
    one) starts with the kernels loaded and a time limit measures solving, not loading.
    """
    from bridgeplay.engine import cache

    t0 = time.perf_counter()
    modules = sorted({m for name in set(kind_names) - _WARM for m in kinds.get(name).kernels})
    _WARM.update(kind_names)
    if modules:
        cache.warm(modules)
    return time.perf_counter() - t0


_WARM: set[str] = set()


def _worker_main(conn: Any, solver: str | None, check: bool, options: Options, share: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's business
    set_core_share(share)  # (threads the solvers start themselves, a double-dummy table's strains: see there)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        index, path, cwd = task
        if os.getcwd() != cwd:
            os.chdir(cwd)
        conn.send((index, run_one(path, solver, check, options)))


class _Worker:
    def __init__(self, ctx: multiprocessing.context.BaseContext, solver: str | None, check: bool,
                 options: Options, share: int = 1) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, solver, check, options, share), daemon=True)
        self.proc.start()
        child.close()
        self.task: int | None = None
        self.started = 0.0

    def give(self, index: int, path: str) -> None:
        self.task, self.started = index, time.perf_counter()
        self.conn.send((index, path, os.getcwd()))

    def stop(self, kill: bool = False) -> None:
        try:
            if kill:
                self.proc.kill()
            else:
                try:
                    self.conn.send(None)
                except OSError:
                    pass
            self.proc.join(timeout=None if kill else 2)
            if self.proc.is_alive():
                self.proc.kill()
                self.proc.join()
        finally:
            self.conn.close()


def _run_item(item: tuple[str, str | None, bool, Options]) -> Outcome:
    """:func:`run_one` on one file, for :func:`~bridgeplay.analysis.executor.map_tasks`."""
    path, solver, check, options = item
    return run_one(path, solver, check, options)


def run_batch(
    files: Sequence[str],
    solver: str | None = None,
    *,
    jobs: int | None = None,
    check: bool = False,
    time_limit: float | None = None,
    options: Options | None = None,
    on_done: Callable[[Outcome], None] | None = None,
    on_ordered: Callable[[Outcome], None] | None = None,
    on_tick: Callable[[], None] | None = None,
    executor: str = "local",
    address: str | None = None,
) -> BatchReport:
    """Solve ``files`` (see :func:`find_problem_files`), ``jobs`` at a time; outcomes sorted by path.

    ``jobs=1`` without ``time_limit`` solves in this process; otherwise ``min(jobs, len(files))``
    worker processes each take the next file when they finish one.  A worker that exceeds
    ``time_limit`` seconds on a file is killed and replaced and the file's verdict is ``timeout``; a
    worker that dies is replaced and the file's verdict is ``crash``.  ``on_done`` is called with
    each outcome as it arrives, ``on_ordered`` with the outcomes in path order as soon as every
    earlier one is known (for streaming), ``on_tick`` at least every 0.2 s while workers run (for a
    progress display driven from this thread).  Ctrl-C (``KeyboardInterrupt``) stops the workers
    and returns what finished, with ``interrupted=True``.  ``solver`` None: each file's kind's default.

    ``executor`` ``dask`` or ``ray`` (``address``: a running cluster) solves the files there instead, through
    :func:`~bridgeplay.analysis.executor.map_tasks` (the workers read the files by path: a shared file
    system); ``time_limit`` is then each solve's own budget, and no worker is killed.
    """
    files = sorted(files)
    jobs = max(1, jobs or default_jobs())
    options = options or Options()
    if time_limit is not None:
        options = options.with_(time_limit=time_limit)
    t0 = time.perf_counter()
    done: dict[int, Outcome] = {}
    next_ordered = 0

    def finish(index: int, outcome: Outcome) -> None:
        nonlocal next_ordered
        done[index] = outcome
        if on_done:
            on_done(outcome)
        while next_ordered in done:
            next_ordered += 1  # first: a Ctrl-C inside on_ordered must not make the flush below repeat it
            if on_ordered:
                on_ordered(done[next_ordered - 1])

    interrupted = False
    n_workers = min(jobs, len(files))
    try:
        if executor != "local":
            map_tasks(_run_item, [(path, solver, check, options) for path in files], executor=executor, jobs=jobs,
                      address=address, on_result=finish)
        elif n_workers <= 1 and time_limit is None:
            for i, path in enumerate(files):
                finish(i, run_one(path, solver, check, options))
        elif files:
            _run_pool(files, solver, check, options, n_workers, time_limit, finish, on_tick)
    except KeyboardInterrupt:
        interrupted = True
    if interrupted and on_ordered:  # flush what finished after a gap
        for i in sorted(done):
            if i >= next_ordered:
                on_ordered(done[i])
    outcomes = [done[i] for i in sorted(done)]
    return BatchReport(outcomes, len(files), interrupted, time.perf_counter() - t0, max(1, n_workers))


def _run_pool(files: Sequence[str], solver: str | None, check: bool, options: Options, n_workers: int,
              time_limit: float | None, finish: Callable[[int, Outcome], None],
              on_tick: Callable[[], None] | None) -> None:
    ctx = fork_context()
    if ctx.get_start_method() == "fork":
        warm_up(peek_kinds(files))
    # (each worker's solvers start threads for its share of the cores, the others' being in use: see
    # bridgeplay.options.set_core_share; one thread each when there are as many workers as cores)
    share = max(1, default_jobs() // n_workers)
    pending = deque(range(len(files)))
    workers: list[_Worker] = []

    def retire(w: _Worker) -> None:
        """Kill ``w`` (hung or dead) and start a fresh worker on the next file, if any."""
        w.stop(kill=True)
        workers.remove(w)
        if pending:
            new = _Worker(ctx, solver, check, options, share)
            workers.append(new)
            _give_next(new, pending, files)

    try:
        for _ in range(n_workers):
            workers.append(_Worker(ctx, solver, check, options, share))
        for w in workers:
            _give_next(w, pending, files)
        while any(w.task is not None for w in workers):
            busy = [w for w in workers if w.task is not None]
            timeout = 0.2
            if time_limit is not None:
                now = time.perf_counter()
                timeout = max(0.0, min([timeout] + [w.started + time_limit - now for w in busy]))
            ready = wait([w.conn for w in busy], timeout=timeout)
            for w in busy:
                index = w.task
                assert index is not None
                elapsed = time.perf_counter() - w.started
                if w.conn in ready:
                    try:
                        index, outcome = w.conn.recv()
                    except (EOFError, OSError):  # the worker died
                        w.proc.join(timeout=5)
                        outcome = Outcome(files[index], solver or "default", "crash",
                                          [f"worker died (exit code {w.proc.exitcode})"], seconds=elapsed)
                        w.task = None
                        retire(w)
                    else:
                        _give_next(w, pending, files)
                    finish(index, outcome)
                elif time_limit is not None and elapsed >= time_limit:
                    outcome = Outcome(files[index], solver or "default", "timeout",
                                      [f"no result within {time_limit:g} s"], seconds=elapsed)
                    retire(w)
                    finish(index, outcome)
            if on_tick:
                on_tick()
    finally:
        for w in workers:
            w.stop(kill=w.task is not None)


def _give_next(w: _Worker, pending: deque[int], files: Sequence[str]) -> None:
    if pending:
        i = pending.popleft()
        w.give(i, files[i])
    else:
        w.task = None


# --------------------------------------------------------------------------- JUnit XML
def junit_xml(report: BatchReport, name: str = "bridgeplay batch") -> bytes:
    """A JUnit XML report: one ``testcase`` per file; fail -> ``failure``; error, timeout, crash -> ``error``."""
    import xml.etree.ElementTree as ET

    counts = report.counts()
    failures = counts["fail"]
    errors = counts["error"] + counts["timeout"] + counts["crash"]
    attrs = {
        "name": name, "tests": str(len(report.outcomes)), "failures": str(failures), "errors": str(errors),
        "skipped": str(counts["skipped"]), "time": f"{report.seconds:.3f}",
    }
    suites = ET.Element("testsuites", attrs)
    suite = ET.SubElement(suites, "testsuite", attrs | {"timestamp": time.strftime("%Y-%m-%dT%H:%M:%S")})
    if report.interrupted:
        props = ET.SubElement(suite, "properties")
        ET.SubElement(props, "property", {"name": "interrupted", "value": f"{len(report.outcomes)} of {report.total}"})
    for o in report.outcomes:
        parent = os.path.dirname(o.path)
        case = ET.SubElement(suite, "testcase", {
            "classname": parent.replace(os.sep, ".").strip(".") or "problems",
            "name": f"{os.path.basename(o.path)} [{o.solver}]",
            "file": o.path,
            "time": f"{o.seconds:.3f}",
        })
        message = "; ".join(o.errors)
        if o.verdict == "fail":
            ET.SubElement(case, "failure", {"message": message, "type": "check"}).text = "\n".join(o.errors)
        elif o.verdict in ("error", "timeout", "crash"):
            kind = {"error": "invalid", "timeout": "timeout", "crash": "crash"}[o.verdict]
            ET.SubElement(case, "error", {"message": message, "type": kind}).text = "\n".join(o.errors)
        elif o.verdict == "skipped":
            ET.SubElement(case, "skipped", {"message": message})
        if o.summary:
            out = f"result: {o.summary}\nexpected: {o.expected}\nverdict: {o.verdict}"
            ET.SubElement(case, "system-out").text = out
    ET.indent(suites)
    return ET.tostring(suites, encoding="utf-8", xml_declaration=True) + b"\n"


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``:
    readers see the old file or the whole new one, never a half-written file."""
    import tempfile

    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=folder)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; give it a normal file's mode
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
