"""Rich rendering: the only place (with the command line) that imports rich.

A result is drawn by the module named after its kind (``report/suit.py``, ``report/deal.py``,
``report/tree.py``: a new kind adds its own); the commands' reports live in ``batch.py``,
``compare.py`` and ``dd.py``.
"""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import Console

from bridgeplay.result import Result


def render(problem: Any, result: Result, console: Console, tree: bool = True, layouts: bool = False) -> None:
    """Draw any solved problem with its kind's report (its JSON when the kind has none); ``layouts``: list every
    layout (a deal's table otherwise shows the most likely rows, one screen)."""
    try:
        module = importlib.import_module(f"bridgeplay.report.{problem.kind}")
    except ModuleNotFoundError as exc:
        if exc.name != f"bridgeplay.report.{problem.kind}":
            raise
        console.print_json(data=result.to_json())
        return
    module.render(problem, result, console, tree=tree, layouts=layouts)
