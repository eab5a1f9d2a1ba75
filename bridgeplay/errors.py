"""The library's typed errors.  The command line turns :class:`ProblemError` into one line and exit code 2."""

from __future__ import annotations


class ProblemError(ValueError):
    """Invalid or unreadable input: one line naming the file, the field (and the line) and what is wrong.

    ``str(error)`` is ``FILE: FIELD: MESSAGE`` (the parts that are known), e.g.
    ``problems/x.yaml: north: unknown rank 'Z' in 'AZ'``.
    """

    def __init__(self, path: str | None, field: str | None, message: str) -> None:
        self.path = path
        self.field = field
        self.message = message
        parts = [p for p in (path, field) if p]
        super().__init__(_one_line(": ".join(parts + [message])))


def _one_line(text: str) -> str:
    """Line breaks and other control characters (a key can hold them) written visibly: the error stays one line."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class SolverError(ProblemError):
    """The solver named cannot run this problem (wrong kind, too many worlds): says why and what would run."""

    def __init__(self, path: str | None, solver: str, message: str) -> None:
        self.solver = solver
        super().__init__(path, "solver" if solver else None, message)


def shown(value: object, width: int = 40) -> str:
    """``repr(value)`` for a message, cut to ``width`` characters (a file may hold a huge value)."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


class TimeUp(Exception):
    """A budget stopped a search (its memos are then unusable: discard the search); ``reason`` is
    ``"time limit"`` or ``"memory"``.  The solvers catch it and return what was finished, or say why not."""

    def __init__(self, reason: str = "time limit") -> None:
        super().__init__(reason)
        self.reason = reason
