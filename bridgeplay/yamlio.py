"""The one strict YAML reader: problem files in, validated fields out, every failure one line.

* :func:`read_yaml` reads a file as a YAML mapping with PyYAML's safe loader, refusing a key
  written twice in one mapping; a syntax error names its line.
* The field helpers (:func:`fail`, :func:`check_fields`, :func:`int_field`, :func:`text_field`, …)
  raise :class:`~bridgeplay.errors.ProblemError` naming the file and the field.
* :func:`check_expect` checks the syntax of an ``expect:`` block (the numbers, the moves, per-solver
  blocks); what the block *means* for a problem is its kind's business (``kinds.py``).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from bridgeplay import config
from bridgeplay.errors import ProblemError, shown


def fail(path: str, field: str | None, message: str) -> ProblemError:
    """The error for ``field`` of the file ``path`` (raise it)."""
    return ProblemError(path, field, message)


class _StrictLoader(yaml.SafeLoader):
    """Safe YAML that refuses a key written twice in one mapping (PyYAML silently keeps the last)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                dup = key in seen
                seen.add(key)
            except TypeError:  # unhashable key: PyYAML reports it below
                continue
            if dup:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {shown(key)}", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


def _line(mark: Any) -> str | None:
    return f"line {mark.line + 1}" if mark is not None else None


# quoted scalars and comments, whose brackets are not YAML's (kept the same length, so offsets still hold)
_NOT_FLOW = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\']|\'\')*\'|(?:(?<=\s)|^)#[^\n]*', re.M | re.S)


def _check_flow_depth(text: str, path: str) -> None:
    """Refuse flow brackets (``[``, ``{``) nested deeper than :data:`config.YAML_MAX_DEPTH`, counted in
    one pass over the brackets outside quotes and comments.

    PyYAML's scanner looks up to 1,024 characters ahead for a possible simple key at every open bracket,
    so its events for ``[[[[…`` take about a second to come; this count refuses such a file at once.
    (A bracket inside a block scalar is counted too: a file would need 200 unbalanced ones there.)"""
    masked = _NOT_FLOW.sub(lambda m: " " * len(m.group()), text)
    depth = 0
    for m in re.finditer(r"[\[\]{}]", masked):
        depth += 1 if m.group() in "[{" else -1
        if depth > config.YAML_MAX_DEPTH:
            line = f"line {text.count(chr(10), 0, m.start()) + 1}"
            raise fail(path, line, f"nesting deeper than {config.YAML_MAX_DEPTH} levels")


def _check_events(text: str, path: str) -> None:
    """Refuse nesting deeper than :data:`config.YAML_MAX_DEPTH` before anything recursive reads the text."""
    _check_flow_depth(text, path)
    depth = 0
    for event in yaml.parse(text, Loader=_StrictLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > config.YAML_MAX_DEPTH:
                raise fail(path, _line(event.start_mark), f"nesting deeper than {config.YAML_MAX_DEPTH} levels")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _check_nodes(root: yaml.Node, path: str) -> None:
    """Refuse an alias that contains itself, and aliases that expand to more than
    :data:`config.YAML_MAX_VALUES` values (a "billion laughs"), walking the node graph without recursion."""
    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        kids: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            kids = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            kids = [n for pair in node.value for n in pair]
        if done:
            on_path.discard(key)
            size[key] = min(1 + sum(size[id(k)] for k in kids), config.YAML_MAX_VALUES + 1)
            if size[key] > config.YAML_MAX_VALUES:
                raise fail(path, _line(node.start_mark),
                           f"aliases expand to more than {config.YAML_MAX_VALUES:,} values")
            continue
        if key in size:
            continue
        on_path.add(key)
        stack.append((node, True))
        for k in kids:
            if id(k) in on_path:
                raise fail(path, _line(k.start_mark), "an alias refers to a value that contains it")
            if id(k) not in size:
                stack.append((k, False))


def parse_yaml(text: str, path: str) -> Any:
    """Parse YAML text strictly: no tag runs code, no key is written twice, and neither deep nesting nor
    aliases can make reading hang; every failure is a one-line :class:`ProblemError` naming the line."""
    try:
        _check_events(text, path)
        loader = _StrictLoader(text)  # a SafeLoader subclass
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            _check_nodes(node, path)
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise fail(path, _line(mark), f"YAML syntax error: {what}") from None


def read_text(path: str | Path, limit: int | None = None) -> str:
    """A problem file's text: a regular file of at most ``limit`` bytes (:data:`config.MAX_FILE_BYTES`) in UTF-8."""
    p = str(path)
    limit = config.MAX_FILE_BYTES if limit is None else limit
    try:
        st = os.stat(p)
        if stat.S_ISDIR(st.st_mode):
            raise fail(p, None, "is a directory, not a problem file")
        if not stat.S_ISREG(st.st_mode):
            raise fail(p, None, "is not a regular file")
        if st.st_size > limit:
            raise fail(p, None, f"{st.st_size:,} bytes is more than a problem file may hold ({limit:,})")
        with open(p, "rb") as f:
            raw = f.read(limit + 1)
        if len(raw) > limit:
            raise fail(p, None, f"more than {limit:,} bytes is more than a problem file may hold")
        return raw.decode("utf-8")
    except FileNotFoundError:
        raise fail(p, None, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(p, None, f"cannot read: {exc}") from None


def read_yaml(path: str | Path) -> dict[str, Any]:
    """Read a problem file: a YAML mapping with text keys; every failure is a one-line :class:`ProblemError`."""
    p = str(path)
    return as_mapping(parse_yaml(read_text(path), p), p)


def as_mapping(data: Any, path: str) -> dict[str, Any]:
    """``data`` as a problem mapping (text keys), or the one-line error."""
    if data is None:
        raise fail(path, None, "empty file")
    if not isinstance(data, dict):
        raise fail(path, None, f"a problem file is a YAML mapping, not a {type(data).__name__}")
    for key in data:
        if not isinstance(key, str):
            raise fail(path, str(key), f"a field name is text, not {type(key).__name__}")
    return data


# -- field helpers --------------------------------------------------------------------------------
def check_fields(data: Mapping[str, Any], allowed: Iterable[str], path: str, what: str) -> None:
    """Refuse the first unknown field: ``FIELD: unknown field (WHAT has: a, b, c)``."""
    allowed = set(allowed)
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise fail(path, unknown[0], f"unknown field ({what} has: {', '.join(sorted(allowed))})")


def int_field(data: Mapping[str, Any], key: str, path: str, default: int, lo: int, hi: int) -> int:
    """A whole number in ``lo..hi`` (``default`` when absent)."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(path, key, f"expected a whole number, got {shown(value)}")
    if not lo <= value <= hi:
        raise fail(path, key, f"{value} is out of range ({lo} to {hi})")
    return value


def name_field(data: Mapping[str, Any], path: str) -> str:
    """The problem's ``name:`` (text), or the file's stem."""
    name = data.get("name")
    if name is None:
        return Path(path).stem
    if not isinstance(name, str | int | float) or isinstance(name, bool):
        raise fail(path, "name", "expected text")
    return str(name)


def number(value: Any) -> bool:
    """Whether ``value`` is a number (not a bool)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


# -- expect: ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ExpectSyntax:
    """The ``expect:`` keys a kind accepts and how its moves are written.

    ``fields``: the top-level keys; ``solver_fields``: the keys of a per-solver block
    (``solvers: {NAME: {...}}``); ``is_move``/``move_help``: a move's syntax and the hint printed with a
    bad one.
    """

    fields: tuple[str, ...]
    solver_fields: tuple[str, ...]
    is_move: Callable[[str], bool]
    move_help: str


def expect_field(data: Mapping[str, Any], path: str) -> dict[str, Any]:
    """The raw ``expect:`` mapping (empty when absent)."""
    expect = data.get("expect") or {}
    if not isinstance(expect, dict):
        raise fail(path, "expect", "expected a mapping (probability, tolerance, moves, ...)")
    return expect


def check_expect(expect: Mapping[str, Any], path: str, syntax: ExpectSyntax, prefix: str = "expect") -> None:
    """Check the syntax of an ``expect:`` block (solver names are checked by ``kinds.py``)."""
    allowed = syntax.fields if prefix == "expect" else syntax.solver_fields
    for key in expect:
        if key not in allowed:
            raise fail(path, f"{prefix}.{key}", f"unknown field ({', '.join(allowed)})")
    if "solvers" in expect and prefix == "expect":
        per = expect["solvers"]
        if not isinstance(per, dict):
            raise fail(path, "expect.solvers", "expected {solver: {probability, tolerance, moves, ...}}")
        for name, spec in per.items():
            if not isinstance(spec, dict):
                raise fail(path, f"expect.solvers.{name}", "expected a mapping (probability, tolerance, moves, ...)")
            check_expect(spec, path, syntax, f"expect.solvers.{name}")
    for key in ("probability", "tolerance", "expected_tricks"):
        if key in expect and not number(expect[key]):
            raise fail(path, f"{prefix}.{key}", f"expected a number, got {shown(expect[key])}")
    if "probability" in expect and not 0 <= expect["probability"] <= 1:
        raise fail(path, f"{prefix}.probability", f"{expect['probability']} is not a fraction in [0, 1]")
    for key in ("moves", "not_moves"):
        if key in expect:
            moves = expect[key]
            if isinstance(moves, str):
                moves = [moves]
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise fail(path, f"{prefix}.{key}", f"expected a list of moves {syntax.move_help}")
            for m in moves:
                if not syntax.is_move(m):
                    raise fail(path, f"{prefix}.{key}", f"bad move {shown(m)} {syntax.move_help}")
    if "values" in expect:
        vals = expect["values"]
        if not isinstance(vals, dict) or not all(
            isinstance(k, str) and syntax.is_move(k) and number(v) for k, v in vals.items()
        ):
            raise fail(path, f"{prefix}.values", f"expected {{move: probability}} {syntax.move_help}")
    if "table" in expect:
        table = expect["table"]
        if not isinstance(table, dict):
            raise fail(path, f"{prefix}.table", "expected {tricks: probability}")
        for t, pr in table.items():
            if isinstance(t, bool) or not isinstance(t, int) or t < 1:
                raise fail(path, f"{prefix}.table", f"{shown(t)} is not a number of tricks")
            if not number(pr) or not 0 <= pr <= 1:
                raise fail(path, f"{prefix}.table.{t}", f"{shown(pr)} is not a fraction in [0, 1]")
    if "tolerance" in expect and not 0 <= expect["tolerance"] < 1:
        raise fail(path, f"{prefix}.tolerance", f"{expect['tolerance']} is not a tolerance (0 <= tolerance < 1)")
