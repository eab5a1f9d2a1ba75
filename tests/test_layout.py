"""The package's shape: imports flow one way, only cli/ and report/ touch click and rich, and the light entry
points import no numba (DESIGN.md, "Layout")."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "bridgeplay"
UI = ("bridgeplay.cli", "bridgeplay.report", "bridgeplay.__main__")


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PKG.rglob("*.py")):
        parts = ["bridgeplay", *path.relative_to(PKG).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = modules()


def imports(name: str, path: Path) -> tuple[set[str], set[str]]:
    """(package modules imported anywhere in the file, other top-level packages imported)."""
    inner, outer = set(), set()
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]

    def add(target: str) -> None:
        while target and target not in MODULES:
            target = target.rpartition(".")[0]
        if target and target != name:
            inner.add(target)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                (add if alias.name.startswith("bridgeplay") else lambda n: outer.add(n.split(".")[0]))(alias.name)
        elif isinstance(node, ast.ImportFrom):
            module = ".".join(here[: len(here) - node.level + 1] + [node.module or ""]) if node.level else node.module
            module = (module or "").strip(".")
            if not module.startswith("bridgeplay"):
                outer.add(module.split(".")[0])
                continue
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                add(sub if sub in MODULES else module)
    return inner, outer


GRAPH = {name: imports(name, path) for name, path in MODULES.items()}


def is_ui(name: str) -> bool:
    return any(name == u or name.startswith(u + ".") for u in UI)


def test_no_import_cycle() -> None:
    state: dict[str, int] = {}

    def visit(n: str, stack: list[str]) -> None:
        state[n] = 1
        for m in sorted(GRAPH[n][0]):
            assert state.get(m) != 1, "import cycle: " + " -> ".join(stack[stack.index(m):] + [n, m])
            if m not in state:
                visit(m, stack + [n])
        state[n] = 2

    for name in GRAPH:
        if name not in state:
            visit(name, [])


def test_only_cli_and_report_import_click_or_rich() -> None:
    for name, (_, outer) in GRAPH.items():
        if not is_ui(name):
            assert not outer & {"click", "rich"}, name


def test_no_library_module_reaches_cli_or_report() -> None:
    for name in GRAPH:
        if is_ui(name) or name == "bridgeplay":
            continue
        seen, todo = set(), [name]
        while todo:
            for m in GRAPH[todo.pop()][0]:
                assert not is_ui(m), f"{name} reaches {m}"
                if m not in seen:
                    seen.add(m)
                    todo.append(m)


def test_kernels_stay_in_engine() -> None:
    """numba is imported in engine/ only, and engine/ imports nothing of the package above the core."""
    core = {"bridgeplay.cards", "bridgeplay.config", "bridgeplay.errors"}
    for name, (inner, outer) in GRAPH.items():
        if name.startswith("bridgeplay.engine"):
            assert all(m.startswith("bridgeplay.engine") or m in core for m in inner), name
        else:
            assert "numba" not in outer, name


def test_import_and_help_load_no_numba() -> None:
    code = ("import sys, bridgeplay, bridgeplay.kinds, bridgeplay.cli; "
            "from click.testing import CliRunner; CliRunner().invoke(bridgeplay.cli.main, ['--help']); "
            "CliRunner().invoke(bridgeplay.cli.main, ['solve', '--help']); "
            "print(sorted(m for m in ('numba', 'llvmlite') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
