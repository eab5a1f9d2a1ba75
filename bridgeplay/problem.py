"""Problem types and YAML loading.

Every error is a :class:`ProblemError` whose text is one line naming the file, the
field (and the line where YAML knows it) and what is wrong, e.g.
``problems/x.yaml: north: unknown rank 'Z' in 'AZ'``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bridgeplay import config
from bridgeplay.cards import (
    RANK_CHARS,
    CardError,
    holding_str,
    parse_holding,
    popcount,
    rank_char,
    ranks_of,
)

KINDS = ("suit", "deal", "tree")


class ProblemError(ValueError):
    """Invalid or unreadable problem: one line, naming the file and the field."""

    def __init__(self, path: str | None, field: str | None, message: str) -> None:
        self.path = path
        self.field = field
        self.message = message
        parts = [p for p in (path, field) if p]
        super().__init__(": ".join(parts + [message]))


@dataclass(frozen=True)
class SuitProblem:
    """A single-suit combination.

    ``north``/``south`` are rank masks (bit r = rank r) after ``x`` small cards were
    given their ranks; ``smalls`` is the mask of the cards that were written ``x`` (or
    that are outstanding and lower than every card named), which the report shows as
    ``x``.  ``tricks`` is the target (None with ``tricks: max``); ``objective`` is
    ``"target"`` or ``"tricks"`` (maximise expected tricks).
    """

    name: str
    north: int
    south: int
    tricks: int | None
    objective: str = "target"
    lead: str | None = None
    west_known: int = 0
    east_known: int = 0
    vacant_west: int = config.HAND_SIZE
    vacant_east: int = config.HAND_SIZE
    suit_size: int = 13
    smalls: int = 0
    source: str = ""
    file: str = ""
    expect: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    kind: str = "suit"

    @property
    def suit_mask(self) -> int:
        return sum(1 << r for r in range(15 - self.suit_size, 15))

    @property
    def outstanding(self) -> int:
        return self.suit_mask & ~self.north & ~self.south

    @property
    def max_tricks(self) -> int:
        return max(popcount(self.north), popcount(self.south))

    def holding_text(self, mask: int) -> str:
        """Holding text with small cards shown as ``x``."""
        return holding_str(mask & ~self.smalls, void="") + "x" * popcount(mask & self.smalls) or "—"

    def card_text(self, rank: int) -> str:
        return "x" if self.smalls >> rank & 1 else rank_char(rank)

    @property
    def title(self) -> str:
        return f"{self.holding_text(self.north)} opposite {self.holding_text(self.south)}"


def _fail(path: str, fld: str | None, msg: str) -> ProblemError:
    return ProblemError(path, fld, msg)


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
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


def read_yaml(path: str | Path) -> dict[str, Any]:
    """Read a YAML mapping; every failure is a one-line :class:`ProblemError`."""
    p = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _fail(p, None, "no such file") from None
    except IsADirectoryError:
        raise _fail(p, None, "is a directory, not a problem file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(p, None, f"cannot read: {exc}") from None
    try:
        data = yaml.load(text, Loader=_StrictLoader)  # a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else None
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise _fail(p, where, f"YAML syntax error: {what}") from None
    if data is None:
        raise _fail(p, None, "empty file")
    if not isinstance(data, dict):
        raise _fail(p, None, f"a problem file is a YAML mapping, not a {type(data).__name__}")
    for key in data:
        if not isinstance(key, str):
            raise _fail(p, str(key), f"a field name is text, not {type(key).__name__}")
    return data


def load(path: str | Path) -> Any:
    """Load and validate a problem file (suit, deal or tree)."""
    data = read_yaml(path)
    return from_dict(data, str(path))


def from_dict(data: dict[str, Any], path: str = "<problem>") -> Any:
    kind = data.get("kind")
    if kind is None:
        raise _fail(path, "kind", "missing field (suit, deal or tree)")
    if kind not in KINDS:
        raise _fail(path, "kind", f"unknown kind {kind!r} (suit, deal or tree)")
    if kind == "suit":
        return _suit_from_dict(data, path)
    if kind == "tree":
        from bridgeplay.games.tree import load_tree_problem

        return load_tree_problem(data, path)
    try:
        from bridgeplay.dealproblem import load_deal_problem
    except ModuleNotFoundError as exc:
        if exc.name != "bridgeplay.dealproblem":
            raise
        raise _fail(path, "kind", "deal problems are not supported by this version") from None

    return load_deal_problem(data, path)


# -- suit problems ------------------------------------------------------------
_SUIT_FIELDS = {
    "name", "kind", "north", "south", "tricks", "objective", "lead", "west", "east", "vacant",
    "suit_size", "source", "expect", "notes", "note", "description",
}


def _holding_field(data: dict[str, Any], key: str, path: str, required: bool) -> tuple[int, int]:
    if key not in data or data[key] is None:
        if required:
            raise _fail(path, key, "missing field")
        return 0, 0
    value = data[key]
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # e.g. `south: 10` or `south: 432` written unquoted
    if not isinstance(value, str):
        raise _fail(path, key, f"expected a holding like 'AKQ9x', got {type(value).__name__}")
    try:
        return parse_holding(value)
    except CardError as exc:
        raise _fail(path, key, str(exc)) from None


def _int_field(data: dict[str, Any], key: str, path: str, default: int, lo: int, hi: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, key, f"expected a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise _fail(path, key, f"{value} is out of range ({lo} to {hi})")
    return value


def _suit_from_dict(data: dict[str, Any], path: str) -> SuitProblem:
    unknown = sorted(set(data) - _SUIT_FIELDS)
    if unknown:
        raise _fail(path, unknown[0], f"unknown field (a suit problem has: {', '.join(sorted(_SUIT_FIELDS))})")
    suit_size = _int_field(data, "suit_size", path, 13, 2, 13)
    suit_mask = sum(1 << r for r in range(15 - suit_size, 15))
    north, nx = _holding_field(data, "north", path, True)
    south, sx = _holding_field(data, "south", path, True)
    west, wx = _holding_field(data, "west", path, False)
    east, ex = _holding_field(data, "east", path, False)
    if wx or ex:
        raise _fail(path, "west" if wx else "east", "known defender cards must be named ranks, not x")
    for key, mask in (("north", north), ("south", south), ("west", west), ("east", east)):
        bad = mask & ~suit_mask
        if bad:
            raise _fail(path, key, f"rank {rank_char(ranks_of(bad)[0])} is not in a suit of {suit_size} cards")
    for (k1, m1), (k2, m2) in (
        (("north", north), ("south", south)),
        (("north", north), ("west", west)),
        (("north", north), ("east", east)),
        (("south", south), ("west", west)),
        (("south", south), ("east", east)),
        (("west", west), ("east", east)),
    ):
        both = m1 & m2
        if both:
            raise _fail(path, k2, f"{rank_char(ranks_of(both)[0])} is also in {k1}'s cards")
    named = north | south | west | east
    free = [r for r in range(15 - suit_size, 15) if not named >> r & 1]  # ascending
    if nx + sx > len(free):
        raise _fail(
            path, "south" if sx else "north",
            f"too many cards: {popcount(named) + nx + sx} named in a suit of {suit_size}",
        )
    north_x = sum(1 << r for r in free[:nx])
    south_x = sum(1 << r for r in free[nx:nx + sx])
    north |= north_x
    south |= south_x
    for key, mask in (("north", north), ("south", south)):
        if popcount(mask) > config.HAND_SIZE:
            raise _fail(path, key, f"{popcount(mask)} cards (a hand holds at most 13)")
    if not north and not south:
        raise _fail(path, "north", "North and South hold no card of the suit")
    outstanding = suit_mask & ~north & ~south
    # Small cards shown as x: those written x, plus outstanding cards lower than every
    # card declarer's side named explicitly (the Encyclopedia's convention).
    named_decl = (north & ~north_x) | (south & ~south_x)
    lowest_named = min(ranks_of(named_decl)) if named_decl else 15
    smalls = north_x | south_x
    if nx + sx:
        smalls |= sum(1 << r for r in ranks_of(outstanding & ~west & ~east) if r < lowest_named)

    objective = data.get("objective", "target")
    if objective not in ("target", "tricks"):
        raise _fail(path, "objective", f"unknown objective {objective!r} (target or tricks)")
    max_tricks = max(popcount(north), popcount(south))
    raw_tricks = data.get("tricks")
    tricks: int | None
    if raw_tricks is None:
        if objective != "tricks":
            raise _fail(path, "tricks", "missing field (a number of tricks, or max)")
        tricks = None
    elif raw_tricks == "max":
        tricks = None
    elif isinstance(raw_tricks, bool) or not isinstance(raw_tricks, int):
        raise _fail(path, "tricks", f"expected a number of tricks or max, got {raw_tricks!r}")
    elif raw_tricks < 1:
        raise _fail(path, "tricks", f"{raw_tricks} is not a target (at least 1)")
    elif raw_tricks > max_tricks:
        raise _fail(path, "tricks", f"{raw_tricks} is more than the {max_tricks} tricks North-South can take")
    else:
        tricks = raw_tricks
    if objective == "tricks":
        tricks = None

    lead = data.get("lead")
    if lead is not None:
        lead = str(lead).upper()[:1]
        if lead not in ("N", "S"):
            raise _fail(path, "lead", f"unknown hand {data.get('lead')!r} (N or S)")
        if not (north if lead == "N" else south):
            raise _fail(path, "lead", f"{'North' if lead == 'N' else 'South'} has no card to lead")

    vacant_west, vacant_east = config.HAND_SIZE, config.HAND_SIZE
    if "vacant" in data:
        vac = data["vacant"]
        if not isinstance(vac, dict) or set(vac) - {"west", "east"}:
            raise _fail(path, "vacant", "expected {west: N, east: N}")
        vacant_west = _int_field(vac, "west", path + ": vacant", config.HAND_SIZE, 0, 13)
        vacant_east = _int_field(vac, "east", path + ": vacant", config.HAND_SIZE, 0, 13)
    n_out = popcount(outstanding)
    if vacant_west + vacant_east < n_out:
        raise _fail(path, "vacant", f"{vacant_west}+{vacant_east} places cannot hold the {n_out} outstanding cards")
    if popcount(west) > vacant_west:
        raise _fail(path, "west", f"{popcount(west)} known cards but only {vacant_west} vacant places")
    if popcount(east) > vacant_east:
        raise _fail(path, "east", f"{popcount(east)} known cards but only {vacant_east} vacant places")

    name = data.get("name")
    if name is not None and not isinstance(name, str | int | float):
        raise _fail(path, "name", "expected text")
    expect = data.get("expect") or {}
    if not isinstance(expect, dict):
        raise _fail(path, "expect", "expected a mapping (probability, tolerance, moves, ...)")
    _check_expect(expect, path)
    source = data.get("source", "")
    prob = SuitProblem(
        name=str(name) if name is not None else Path(path).stem,
        north=north,
        south=south,
        tricks=tricks,
        objective=objective,
        lead=lead,
        west_known=west,
        east_known=east,
        vacant_west=vacant_west,
        vacant_east=vacant_east,
        suit_size=suit_size,
        smalls=smalls,
        source=str(source),
        file=path,
        expect=expect,
    )
    return prob


_EXPECT_FIELDS = ("probability", "tolerance", "moves", "expected_tricks", "table", "solvers", "note")


def _check_expect(expect: dict[str, Any], path: str, prefix: str = "expect") -> None:
    allowed = _EXPECT_FIELDS if prefix == "expect" else _EXPECT_FIELDS[:5]
    for key in expect:
        if key not in allowed:
            raise _fail(path, f"{prefix}.{key}", f"unknown field ({', '.join(allowed)})")
    if "solvers" in expect:
        from bridgeplay.solvers import SOLVERS

        per = expect["solvers"]
        if not isinstance(per, dict):
            raise _fail(path, "expect.solvers", "expected {solver: {probability, tolerance, moves, ...}}")
        for name, spec in per.items():
            if name not in SOLVERS:
                raise _fail(path, f"expect.solvers.{name}", "unknown solver (see `bridgeplay solvers`)")
            if not isinstance(spec, dict):
                raise _fail(path, f"expect.solvers.{name}", "expected a mapping (probability, tolerance, moves, ...)")
            _check_expect(spec, path, f"expect.solvers.{name}")
    _check_expect_values(expect, path, prefix)


def _check_expect_values(expect: dict[str, Any], path: str, prefix: str) -> None:
    for key in ("probability", "tolerance", "expected_tricks"):
        if key in expect:
            v = expect[key]
            if isinstance(v, bool) or not isinstance(v, int | float):
                raise _fail(path, f"{prefix}.{key}", f"expected a number, got {v!r}")
    if "probability" in expect and not 0 <= expect["probability"] <= 1:
        raise _fail(path, f"{prefix}.probability", f"{expect['probability']} is not a fraction in [0, 1]")
    if "moves" in expect:
        moves = expect["moves"]
        if isinstance(moves, str):
            moves = [moves]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise _fail(path, f"{prefix}.moves", "expected a list of moves like N:A")
        for m in moves:
            if not _MOVE_OK(m):
                raise _fail(path, f"{prefix}.moves", f"bad move {m!r} (HAND:RANK, e.g. N:A, S:x)")
    if "table" in expect:
        table = expect["table"]
        if not isinstance(table, dict):
            raise _fail(path, f"{prefix}.table", "expected {tricks: probability}")
        for t, pr in table.items():
            if isinstance(t, bool) or not isinstance(t, int) or t < 1:
                raise _fail(path, f"{prefix}.table", f"{t!r} is not a number of tricks")
            if isinstance(pr, bool) or not isinstance(pr, int | float) or not 0 <= pr <= 1:
                raise _fail(path, f"{prefix}.table.{t}", f"{pr!r} is not a fraction in [0, 1]")
    if "tolerance" in expect and not 0 <= expect["tolerance"] < 1:
        raise _fail(path, f"{prefix}.tolerance", f"{expect['tolerance']} is not a tolerance (0 <= tolerance < 1)")


def _MOVE_OK(text: str) -> bool:  # noqa: N802 - reads as a predicate
    t = text.strip().upper()
    if len(t) < 3 or t[1] != ":" or t[0] not in "NESW":
        return False
    rest = t[2:]
    return rest == "X" or rest == "10" or (len(rest) == 1 and rest in RANK_CHARS) or (
        len(rest) >= 2 and rest[0] in "SHDC" and (rest[1:] in RANK_CHARS or rest[1:] == "10")
    )
