"""A corpus of malformed problem files, made by putting a wrong value into every field of a valid problem of
each kind: ``solve``, ``validate`` and ``batch`` each give exit 2 (batch: verdict error), one line naming the
file and the field that holds the wrong value, no traceback, in well under a second a file."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from bridgeplay.cli import main

BASES: dict[str, dict[str, Any]] = {
    "suit": {"kind": "suit", "north": "AQ", "south": "xx", "tricks": 2, "lead": "S", "west": "9", "east": "8",
             "vacant": {"west": 13, "east": 13}, "objective": "target",
             "expect": {"probability": 0.5, "tolerance": 0.001, "moves": ["S:x"]}},
    "deal": {"kind": "deal", "north": "A.A..", "south": "2.2..", "outstanding": "KQ.KQ..", "trumps": "NT",
             "lead": "N", "tricks": 2, "hidden": {"west": {"cards": ["SK"], "hcp": [0, 10], "lengths": {"S": 1}}},
             "expect": {"probability": 1.0, "tolerance": 0.001, "moves": ["N:SA"]}},
    "tree": {"kind": "tree", "worlds": 2, "target": 1,
             "tree": {"min": "a", "children": {"x": {"max": "b", "children": {"1": [1, 0], "2": [0, 1]}}}},
             "expect": {"esm": {"true_value": 0.5, "move": "b:1"}}},
}
WRONG: list[Any] = [None, [], {}, -1, 0, 99, 1.5, True, "Z", "", "AKQJT98765432AKQ", [1, 2], {"a": 1}, "x" * 60]
# a wrong value that makes another field the inconsistent one: the field that message names instead
# (two fields that do not fit each other: the message names the other one)
ELSEWHERE = {("suit", "south", ""): "lead", ("suit", "vacant.west", 0): "west", ("suit", "vacant.east", 0): "east",
             ("tree", "worlds", 99): "tree.children", ("tree", "worlds", "{'a': 1}"): "tree.children"}


def fields(d: dict[str, Any], path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for k, v in d.items():
        if path + (k,) != ("kind",):
            yield path + (k,)
        if isinstance(v, dict):
            yield from fields(v, path + (k,))


def cases() -> list[tuple[str, str, Any, dict[str, Any]]]:
    out = []
    for kind, base in BASES.items():
        for where in fields(base):
            for wrong in WRONG:
                data = json.loads(json.dumps(base))
                parent = data
                for k in where[:-1]:
                    parent = parent[k]
                parent[where[-1]] = wrong
                out.append((kind, ".".join(where), wrong, data))
    return out


CASES = cases()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, str, str, Any]]:
    folder = tmp_path_factory.mktemp("corpus")
    out = []
    for i, (kind, field, wrong, data) in enumerate(CASES):
        path = folder / f"{i:03d}-{kind}-{field}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True))
        out.append((path, kind, field, wrong))
    return out


def expected_field(kind: str, field: str, wrong: Any) -> str:
    return ELSEWHERE.get((kind, field, wrong if isinstance(wrong, str | int) else repr(wrong)), field.split(".")[0])


def test_the_corpus_is_large_and_every_bad_file_is_one_line_naming_its_field(corpus: list) -> None:
    invalid = 0
    for path, kind, field, wrong in corpus:
        t0 = time.perf_counter()
        r = CliRunner().invoke(main, ["validate", str(path)])
        assert time.perf_counter() - t0 < 1.0, path
        if r.exit_code == 0:
            continue  # the wrong value is a right one there (a name of 99, a target of 1.5 on a tree, ...)
        invalid += 1
        assert r.exit_code == 2 and "Traceback" not in r.output, (path, r.output)
        line = r.stderr
        assert line.count("\n") == 1 and line.startswith(f"bridgeplay: error: {path}: "), line
        assert line[len(f"bridgeplay: error: {path}: "):].startswith(expected_field(kind, field, wrong)), line
        s = CliRunner().invoke(main, ["solve", str(path)])
        assert s.exit_code == 2 and s.stdout == "" and s.stderr == line
    assert invalid >= 150


def test_batch_reports_every_bad_file_and_goes_on(corpus: list) -> None:
    folder = corpus[0][0].parent
    r = CliRunner().invoke(main, ["batch", str(folder), "--json", "--jobs", "1"])
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(lines) == len(corpus)
    errors = [o for o in lines if o["verdict"] == "error"]
    assert len(errors) >= 150 and all(len(o["errors"]) == 1 and "\n" not in o["errors"][0] for o in errors)
    assert {o["verdict"] for o in lines} <= {"error", "solved"}
