"""Batch solving and regression checks: many problem files, worker processes, ``expect:`` checks.

The library half of ``bridgeplay batch`` and ``bridgeplay validate`` (the command line and the
rendering live in ``cli.py`` and ``report.py``; nothing here imports click or rich).

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

How ``expect:`` is checked (single suits; deals use the same keys):

* ``probability``, ``expected_tricks``: within ``tolerance`` (default 0.0005);
* ``table: {tricks: probability}`` (``tricks: max``): every row listed must be present and within
  the tolerance (rows not listed are not checked);
* ``moves: [N:A, S:x]``: the acceptable best first plays.  The check passes when the solver's best
  first plays (all plays tied with the best, :attr:`Result.best_moves`) and this list have at least
  one play in common: a file need not list every equally good play, and a solver need not report
  every one either.  ``x`` is any small card of that hand; a play written with the rank of a small
  card (``S:2``) matches ``S:x`` and vice versa;
* ``solvers: {name: {...}}``: entries for one solver that replace the top-level ones for it (e.g. a
  heuristic solver's own probability); the top-level ``tolerance`` is inherited;
* ``note`` only: nothing to check, the verdict is ``solved``.

Tree files (``kind: tree``) are solved by the tree solvers of :mod:`bridgeplay.games.tree` (``esm``,
``pareto``, ``mm``, ``repeated``, ``repeated-levy|ginsberg|threshold``, ``vector``, ``prm``); with
``check`` every solver named in their ``expect:`` is run and compared
(:func:`bridgeplay.games.tree.check_expect`).  Their JSON object is the tree result
(``problem, file, kind, solver, move, estimate, true_value, strategy, tied, target``, plus ``checked:
{solver: result}`` for the solvers compared) with ``verdict``, ``errors`` and ``seconds``.
"""

from __future__ import annotations

import dataclasses
import math
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

from bridgeplay import config
from bridgeplay.cards import RANK_CHARS
from bridgeplay.problem import ProblemError, SuitProblem
from bridgeplay.problem import load as load_problem

VERDICTS = ("pass", "fail", "solved", "skipped", "error", "timeout", "crash")
FAILED = ("fail", "timeout", "crash")
DEFAULT_TOLERANCE = 0.0005
PROBLEM_SUFFIXES = (".yaml", ".yml")
CHECKED_KEYS = ("probability", "expected_tricks", "table", "moves")


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


# --------------------------------------------------------------------------- expectations
def _tree_solver_names() -> tuple[str, ...]:
    from bridgeplay.games import tree

    return tree.SOLVERS + tuple(f"repeated-{s}" for s in tree.SCORINGS)


def known_solver(name: str) -> bool:
    """A solver of the registry (suits, deals) or a tree solver."""
    from bridgeplay.solvers import SOLVERS

    return name in SOLVERS or name in _tree_solver_names()


def solver_names() -> list[str]:
    from bridgeplay.solvers import SOLVERS

    return sorted(set(SOLVERS) | set(_tree_solver_names()))


def expectation(expect: dict[str, Any], solver: str) -> dict[str, Any]:
    """The expectations for ``solver``: the top-level entries, replaced by ``solvers: {solver: ...}``."""
    out = {k: v for k, v in expect.items() if k not in ("solvers", "note")}
    per = (expect.get("solvers") or {}).get(solver)
    if per:
        out.update(per)
    return out


def _rank(text: str) -> int | None:
    t = text.upper()
    if t == "10":
        t = "T"
    return RANK_CHARS.index(t) + 2 if len(t) == 1 and t in RANK_CHARS else None


def normalise_move(move: str, problem: Any = None) -> str:
    """``HAND:CARD`` upper case with ``T`` for the ten; a small card of a suit problem becomes ``x``."""
    hand, _, card = move.strip().partition(":")
    hand, card = hand.strip().upper(), card.strip().upper()
    if card == "X":
        return f"{hand}:x"
    if card.endswith("10"):
        card = card[:-2] + "T"
    if isinstance(problem, SuitProblem) and hand in ("N", "S"):
        r = _rank(card)
        held = problem.north if hand == "N" else problem.south
        if r is not None and (problem.smalls & held) >> r & 1:
            return f"{hand}:x"
    return f"{hand}:{card}"


def validate_expect(problem: Any) -> None:
    """Raise :class:`ProblemError` when the ``expect:`` block of a suit problem does not fit it.

    (Its syntax is checked by :mod:`bridgeplay.problem`; this checks the meaning: a table needs
    ``tricks: max``, expected tricks need ``objective: tricks``, a probability needs a target, and
    every expected first play must be a card declarer holds.)
    """
    if not isinstance(problem, SuitProblem) or not problem.expect:
        return
    blocks = [("expect", problem.expect)] + [
        (f"expect.solvers.{name}", spec) for name, spec in (problem.expect.get("solvers") or {}).items()
    ]
    every_target = problem.objective == "target" and problem.tricks is None
    for prefix, spec in blocks:
        if "table" in spec and not every_target:
            raise ProblemError(problem.file, f"{prefix}.table", "a table of targets needs tricks: max")
        if "expected_tricks" in spec and problem.objective != "tricks":
            raise ProblemError(problem.file, f"{prefix}.expected_tricks", "expected tricks need objective: tricks")
        if "probability" in spec and (problem.objective != "target" or problem.tricks is None):
            what = "objective: tricks" if problem.objective == "tricks" else "tricks: max"
            raise ProblemError(problem.file, f"{prefix}.probability", f"a probability needs a target, not {what}")
        if "moves" in spec and every_target:
            raise ProblemError(problem.file, f"{prefix}.moves", "first plays need a target (not tricks: max)")
        moves = spec.get("moves", [])
        if "moves" in spec and not moves:
            raise ProblemError(problem.file, f"{prefix}.moves", "an empty list (leave it out to accept any play)")
        for m in [moves] if isinstance(moves, str) else moves:
            hand, _, card = m.strip().partition(":")
            hand = hand.upper()
            if hand not in ("N", "S"):
                raise ProblemError(problem.file, f"{prefix}.moves", f"{m!r}: declarer's first play is N:... or S:...")
            held = problem.north if hand == "N" else problem.south
            word = "North" if hand == "N" else "South"
            if card.strip().upper() == "X":
                if not problem.smalls & held:
                    raise ProblemError(problem.file, f"{prefix}.moves", f"{m!r}: {word} has no small card")
            else:
                r = _rank(card.strip())
                if r is None or not held >> r & 1:
                    raise ProblemError(problem.file, f"{prefix}.moves", f"{m!r}: {word} does not hold that card")


def validate_file(path: str) -> Any:
    """Load ``path`` and check its ``expect:`` block; raise :class:`ProblemError` (one line) if invalid."""
    problem = load_problem(path)
    validate_expect(problem)
    return problem


def _fmt(x: float | None, digits: int = 6) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def compare(problem: Any, result: Any) -> list[str]:
    """Mismatches between a :class:`~bridgeplay.result.Result` and the problem's ``expect:`` (empty: all hold)."""
    spec = expectation(getattr(problem, "expect", {}) or {}, result.solver)
    tol = float(spec.get("tolerance", DEFAULT_TOLERANCE))
    errors: list[str] = []

    def near(got: float | None, want: float) -> bool:
        return got is not None and not math.isnan(got) and abs(got - want) <= tol + 1e-12

    if "probability" in spec:
        want = float(spec["probability"])
        if not near(result.probability, want):
            errors.append(f"probability {_fmt(result.probability)}, expected {want:g} ± {tol:g}")
    if "expected_tricks" in spec:
        want = float(spec["expected_tricks"])
        if not near(result.expected_tricks, want):
            errors.append(f"expected tricks {_fmt(result.expected_tricks)}, expected {want:g} ± {tol:g}")
    if "table" in spec:
        rows = {int(r["tricks"]): r.get("probability") for r in (result.table or [])}
        for t, want in sorted(spec["table"].items()):
            if t not in rows:
                errors.append(f"table: no row for {t} tricks")
            elif not near(rows[t], float(want)):
                errors.append(f"table: {t} tricks {_fmt(rows[t])}, expected {float(want):g} ± {tol:g}")
    if "moves" in spec:
        moves = [spec["moves"]] if isinstance(spec["moves"], str) else list(spec["moves"])
        want_set = {normalise_move(m, problem) for m in moves}
        best = [normalise_move(m, problem) for m in result.best_moves]
        if not best:
            errors.append("moves: the result names no first play")
        elif not want_set & set(best):
            errors.append(f"best first plays {', '.join(dict.fromkeys(best))}, expected one of {', '.join(moves)}")
    return errors


def expected_text(problem: Any, solver: str) -> str:
    """The expectation in a few words, for the summary table."""
    expect = getattr(problem, "expect", {}) or {}
    if getattr(problem, "kind", None) == "tree":
        keys = [k for k in expect if k != "tolerance"]
        key = "repeated-levy" if solver == "repeated" else solver
        spec = expect.get(key) or (expect[keys[0]] if keys else {})
        parts = []
        if "move" in spec or "moves" in spec:
            parts.append(str(spec["move"]) if "move" in spec else "|".join(spec["moves"]))
        if spec.get("true_value") is not None:
            parts.append(f"true {spec['true_value']:.4f}")
        text = (f"{key if key in expect else keys[0]}: " + " ".join(parts)) if parts else ""
        others = len(keys) - (1 if parts else 0)
        return f"{text} (+{others} solvers)" if text and others else text or f"{len(keys)} solvers"
    spec = expectation(expect, solver)
    parts = []
    tol = spec.get("tolerance", DEFAULT_TOLERANCE)
    if "probability" in spec:
        parts.append(f"{float(spec['probability']):.4f} ±{tol:g}")
    if "expected_tricks" in spec:
        parts.append(f"{float(spec['expected_tricks']):.4f} tricks ±{tol:g}")
    if "table" in spec:
        parts.append(" ".join(f"{t}:{float(p):.3f}" for t, p in sorted(spec["table"].items())))
    if "moves" in spec:
        moves = spec["moves"]
        parts.append(moves if isinstance(moves, str) else "|".join(moves))
    if not parts and "note" in expect:
        parts.append("(note only)")
    return " ".join(parts)


def result_text(result: Any) -> str:
    """A result in a few words: chance (or tricks, or the table) and the best first plays."""
    if result.table:
        return " ".join(f"{r['tricks']}:{r['probability']:.3f}" for r in result.table)
    if result.probability is not None:
        head = f"{result.probability:.6f}"
    elif result.expected_tricks is not None:
        head = f"{result.expected_tricks:.4f} tricks"
    else:
        head = "—"
    best = result.best_moves
    return f"{head} {' '.join(best)}" if best else head


# --------------------------------------------------------------------------- one file
def _tree_outcome(problem: Any, path: str, solver: str, check: bool) -> Outcome:
    from bridgeplay.games import tree

    if solver not in _tree_solver_names():
        return Outcome(path, solver, "skipped", [f"solver {solver!r} does not solve tree problems"],
                       problem=problem.name, kind="tree")
    try:
        res = tree.solve_tree(problem, solver)
        key = "repeated-levy" if solver == "repeated" else solver
        results = {key: res}
        mismatches: list[str] = []
        checked: dict[str, Any] = {}
        expected = [k for k in problem.expect if k != "tolerance"]
        if check and expected:
            for k in expected:
                if k not in results:
                    results[k] = tree.solve_tree(problem, k)
                checked[k] = results[k].to_dict()
            mismatches = tree.check_expect(problem, results)
    except ValueError as exc:  # a tree too big for the solver (too many strategies, ...)
        if isinstance(exc, ProblemError):
            raise
        raise ProblemError(path, "solver", f"{solver}: {exc}") from None
    out = {"problem": problem.name, "file": path, "kind": "tree"} | res.to_dict()
    out["target"] = problem.target
    if checked:
        out["checked"] = checked
    summary = f"{res.move} est {res.estimate:.4f}"
    if res.true_value is not None:
        summary += f" true {res.true_value:.4f}"
    verdict = ("fail" if mismatches else "pass") if check and expected else "solved"
    return Outcome(path, solver, verdict, mismatches, result=out, problem=problem.name, kind="tree",
                   summary=summary, expected=expected_text(problem, solver))


def run_one(path: str, solver: str = "esm", check: bool = False, options: Any = None) -> Outcome:
    """Load, solve and (with ``check``) check one file.  Never raises except ``KeyboardInterrupt``."""
    from bridgeplay.solvers import SOLVERS, Options, unsupported
    from bridgeplay.solvers import solve as run

    t0 = time.perf_counter()
    problem = None
    try:
        problem = validate_file(path)
        kind = getattr(problem, "kind", None)
        if kind == "tree":
            out = _tree_outcome(problem, path, solver, check)
        elif solver not in SOLVERS:
            out = Outcome(path, solver, "skipped", [f"solver {solver!r} does not solve {kind} problems"],
                          problem=getattr(problem, "name", None), kind=kind)
        else:
            try:
                result = run(problem, solver, options or Options())
            except ProblemError as exc:
                if exc.field == "kind" and exc.message == unsupported(solver, problem).message:
                    return Outcome(path, solver, "skipped", [exc.message], seconds=time.perf_counter() - t0,
                                   problem=getattr(problem, "name", None), kind=kind)
                raise
            spec = expectation(getattr(problem, "expect", {}) or {}, solver)
            checkable = check and any(k in spec for k in CHECKED_KEYS)
            errors = compare(problem, result) if checkable else []
            verdict = ("fail" if errors else "pass") if checkable else "solved"
            out = Outcome(path, solver, verdict, errors, result=result.to_json(), problem=result.problem,
                          kind=result.kind, summary=result_text(result), expected=expected_text(problem, solver))
    except ProblemError as exc:
        out = Outcome(path, solver, "error", [str(exc)], problem=getattr(problem, "name", None),
                      kind=getattr(problem, "kind", None))
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - one broken solve must not stop the batch
        text = " ".join(str(exc).split()) or "(no message)"
        out = Outcome(path, solver, "crash", [f"{type(exc).__name__}: {text}"],
                      problem=getattr(problem, "name", None), kind=getattr(problem, "kind", None))
    out.seconds = time.perf_counter() - t0
    return out


# --------------------------------------------------------------------------- many files
def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _context() -> multiprocessing.context.BaseContext:
    # fork: a worker starts with the modules (numba, the solvers) the parent has imported, in
    # milliseconds.  The parent runs no other thread while it forks (the CLI refreshes its progress
    # bar from the main thread), so fork is safe here.  Elsewhere: spawn.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def warm_up(solver: str = "esm") -> float:
    """Solve a tiny problem so the solver's numba kernels are loaded in this process; return the seconds.

    Run in the parent before workers are forked, so every worker (and every replacement of a killed
    one) starts with the kernels loaded and a time limit measures solving, not loading.
    """
    from bridgeplay.problem import from_dict
    from bridgeplay.solvers import SOLVERS, Options
    from bridgeplay.solvers import solve as run

    t0 = time.perf_counter()
    if solver in SOLVERS and solver not in _WARM:
        _WARM.add(solver)
        tiny = {"kind": "suit", "north": "AJ", "south": "x", "tricks": 2, "suit_size": 6}  # 8 worlds
        try:
            run(from_dict(tiny, "<warm-up>"), solver, Options())
        except Exception:  # noqa: BLE001 - a solver that cannot do this problem warms up on its first one
            pass
    return time.perf_counter() - t0


_WARM: set[str] = set()


def _worker_main(conn: Any, solver: str, check: bool, options: Any, threads: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's business
    config.SUIT_THREADS = threads  # 1 beside sibling workers: they have the other cores
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
    def __init__(self, ctx: multiprocessing.context.BaseContext, solver: str, check: bool, options: Any,
                 threads: int) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, solver, check, options, threads), daemon=True)
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


def run_batch(
    files: Sequence[str],
    solver: str = "esm",
    *,
    jobs: int | None = None,
    check: bool = False,
    time_limit: float | None = None,
    options: Any = None,
    on_done: Callable[[Outcome], None] | None = None,
    on_ordered: Callable[[Outcome], None] | None = None,
    on_tick: Callable[[], None] | None = None,
) -> BatchReport:
    """Solve ``files`` (see :func:`find_problem_files`), ``jobs`` at a time; outcomes sorted by path.

    ``jobs=1`` without ``time_limit`` solves in this process; otherwise ``min(jobs, len(files))``
    worker processes each take the next file when they finish one.  A worker that exceeds
    ``time_limit`` seconds on a file is killed and replaced and the file's verdict is ``timeout``; a
    worker that dies is replaced and the file's verdict is ``crash``.  ``on_done`` is called with
    each outcome as it arrives, ``on_ordered`` with the outcomes in path order as soon as every
    earlier one is known (for streaming), ``on_tick`` at least every 0.2 s while workers run (for a
    progress display driven from this thread).  Ctrl-C (``KeyboardInterrupt``) stops the workers
    and returns what finished, with ``interrupted=True``.
    """
    from bridgeplay.solvers import Options

    files = sorted(files)
    jobs = max(1, jobs or default_jobs())
    options = options or Options()
    if time_limit is not None:
        options = dataclasses.replace(options, time_limit=time_limit)
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
        if n_workers <= 1 and time_limit is None:
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


def _run_pool(files: Sequence[str], solver: str, check: bool, options: Any, n_workers: int,
              time_limit: float | None, finish: Callable[[int, Outcome], None],
              on_tick: Callable[[], None] | None) -> None:
    ctx = _context()
    if ctx.get_start_method() == "fork":
        warm_up(solver)
    threads = config.SUIT_THREADS if n_workers == 1 else 1
    pending = deque(range(len(files)))
    workers: list[_Worker] = []

    def retire(w: _Worker) -> None:
        """Kill ``w`` (hung or dead) and start a fresh worker on the next file, if any."""
        w.stop(kill=True)
        workers.remove(w)
        if pending:
            new = _Worker(ctx, solver, check, options, threads)
            workers.append(new)
            _give_next(new, pending, files)

    try:
        for _ in range(n_workers):
            workers.append(_Worker(ctx, solver, check, options, threads))
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
                        outcome = Outcome(files[index], solver, "crash",
                                          [f"worker died (exit code {w.proc.exitcode})"], seconds=elapsed)
                        w.task = None
                        retire(w)
                    else:
                        _give_next(w, pending, files)
                    finish(index, outcome)
                elif time_limit is not None and elapsed >= time_limit:
                    outcome = Outcome(files[index], solver, "timeout", [f"no result within {time_limit:g} s"],
                                      seconds=elapsed)
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
