"""The one YAML reader cannot be made to hang or to run out of memory: alias bombs, deep nesting, alias cycles,
huge files and endless devices are refused in well under a second, with one line naming the file (and line)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgeplay import config
from bridgeplay.errors import ProblemError
from bridgeplay.yamlio import read_yaml


def laughs(levels: int = 9, width: int = 9) -> str:
    """A "billion laughs": each level repeats the one below ``width`` times (9**9 values), under ``tree:``."""
    lines = ["kind: tree", "worlds: 2", "l0: &l0 [1, 1]"]
    for i in range(1, levels + 1):
        lines.append(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * width) + "]")
    lines.append(f"tree: *l{levels}")
    return "\n".join(lines) + "\n"


CASES = {
    "alias-bomb-tree.yaml": (laughs(), "aliases expand to more than"),
    "alias-bomb-tricks.yaml": (laughs().replace("kind: tree\nworlds: 2", "kind: suit\nnorth: AQ\nsouth: xx")
                               .replace("tree: *l9", "tricks: *l9"), "aliases expand to more than"),
    "deep-list.yaml": ("kind: suit\nnorth: " + "[" * 5000 + "]" * 5000 + "\n", "nesting deeper than"),
    "alias-cycle.yaml": ("kind: tree\nworlds: 2\ntree: &a {min: x, children: {a: *a}}\n", "an alias refers to"),
    "huge.yaml": ("kind: suit\nx: [" + ",".join(["1"] * (config.MAX_FILE_BYTES // 2 + 10)) + "]\n",
                  "more than a problem file may hold"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_yaml_is_refused_quickly(name: str, tmp_path: Path) -> None:
    text, words = CASES[name]
    path = tmp_path / name
    path.write_text(text)
    t0 = time.perf_counter()
    with pytest.raises(ProblemError) as err:
        read_yaml(path)
    assert time.perf_counter() - t0 < 1.0
    assert str(err.value).startswith(str(path)) and words in str(err.value) and "\n" not in str(err.value)


def test_brackets_in_quotes_and_comments_are_not_nesting() -> None:
    """The fast bracket count before PyYAML skips quoted scalars and comments; real nesting is still counted,
    in flow mappings too, and its line is named."""
    from bridgeplay.yamlio import parse_yaml

    text = ('a: "' + "[" * 300 + '"\nb: \'' + "{" * 300 + "'\n# " + "[" * 300 + "\nc: [1, [2]]  # ]]]\n")
    assert parse_yaml(text, "q.yaml") == {"a": "[" * 300, "b": "{" * 300, "c": [1, [2]]}
    depth = config.YAML_MAX_DEPTH
    ok = parse_yaml("b: " + "[" * (depth - 1) + "]" * (depth - 1) + "\n", "ok.yaml")["b"]
    for _ in range(depth - 2):
        ok = ok[0]
    assert ok == []
    with pytest.raises(ProblemError, match=r"^m.yaml: line 2: nesting deeper than"):
        parse_yaml("a: x\nb: " + "{a: " * (depth + 1) + "1" + "}" * (depth + 1) + "\n", "m.yaml")


@pytest.mark.parametrize("name", ["alias-bomb-tree.yaml", "deep-list.yaml", "alias-cycle.yaml"])
def test_hostile_yaml_through_the_command_line(name: str, tmp_path: Path) -> None:
    text, words = CASES[name]
    path = tmp_path / name
    path.write_text(text)
    for command in (["solve"], ["validate"], ["batch", "--jobs", "1"]):
        proc = subprocess.run([sys.executable, "-m", "bridgeplay", *command, str(path)], capture_output=True,
                              text=True, timeout=60)
        assert proc.returncode == 2, (command, proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr and words in proc.stdout + proc.stderr


def test_a_device_is_not_read() -> None:
    with pytest.raises(ProblemError, match="/dev/zero: is not a regular file"):
        read_yaml("/dev/zero")


def test_a_tree_too_deep_or_containing_itself_is_one_line() -> None:
    """Through the API (no YAML limits there): the tree loader walks without recursion."""
    import bridgeplay

    deep: dict = {"payoff": [1, 0]}
    for _ in range(1000):
        deep = {"min": "m", "children": {"a": deep}}
    with pytest.raises(ProblemError, match=r"^deep.yaml: tree: the tree is deeper than 200 moves$"):
        bridgeplay.load({"kind": "tree", "worlds": 2, "tree": deep}, "deep.yaml")
    cycle: dict = {"min": "m", "children": {}}
    cycle["children"]["a"] = cycle
    with pytest.raises(ProblemError, match="tree.children.a: this subtree contains itself"):
        bridgeplay.load({"kind": "tree", "worlds": 2, "tree": cycle}, "cycle.yaml")
