"""Problem loading: x resolution, validation errors name the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgeplay.cards import ranks_of
from bridgeplay.errors import ProblemError
from bridgeplay.kinds import from_dict, load


def suit(**kw):
    data = {"kind": "suit", "north": "AKQJ9", "south": "xx", "tricks": 5}
    data.update(kw)
    return data


def test_small_cards_take_the_lowest_unnamed_ranks() -> None:
    p = from_dict(suit())
    assert ranks_of(p.south) == [3, 2]
    assert ranks_of(p.outstanding) == [10, 8, 7, 6, 5, 4]
    assert p.holding_text(p.outstanding) == "Txxxxx"
    assert p.title == "AKQJ9 opposite xx"


def test_ten_written_10() -> None:
    p = from_dict(suit(north="A1042", south="953", tricks=2))
    assert ranks_of(p.north) == [14, 10, 4, 2]


@pytest.mark.parametrize(
    "data,field,fragment",
    [
        (suit(north="AZ"), "north", "unknown rank"),
        (suit(south="Ax"), "south", "also in north"),
        (suit(north="AKQJT98765432", south="x"), "south", "too many cards"),
        (suit(tricks=6), "tricks", "more than the 5 tricks"),
        (suit(tricks=0), "tricks", "not a target"),
        (suit(tricks="lots"), "tricks", "expected a number"),
        ({"kind": "suit", "south": "xx", "tricks": 1}, "north", "missing field"),
        ({"north": "A", "south": "x", "tricks": 1}, "kind", "missing field"),
        (suit(kind="bridge"), "kind", "unknown kind"),
        (suit(lead="E"), "lead", "unknown hand"),
        (suit(west="T", east="T"), "east", "also in west"),
        (suit(west="A"), "west", "also in north"),
        (suit(objective="win"), "objective", "unknown objective"),
        (suit(colour="red"), "colour", "unknown field"),
        (suit(expect={"probability": 1.5}), "expect.probability", "not a fraction"),
        (suit(expect={"moves": ["A"]}), "expect.moves", "bad move"),
    ],
)
def test_bad_input_names_the_field(data: dict, field: str, fragment: str) -> None:
    with pytest.raises(ProblemError) as err:
        from_dict(data, "p.yaml")
    assert err.value.field == field
    assert fragment in str(err.value)
    assert str(err.value).startswith(f"p.yaml: {field}: ")
    assert "\n" not in str(err.value)


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text("kind: suit\nnorth: [AK\nsouth: x\n")
    with pytest.raises(ProblemError) as err:
        load(f)
    assert str(err.value).startswith(f"{f}: line ")
    assert "YAML syntax error" in str(err.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ProblemError, match="no such file"):
        load(tmp_path / "nope.yaml")


def test_non_mapping(tmp_path: Path) -> None:
    f = tmp_path / "list.yaml"
    f.write_text("- a\n- b\n")
    with pytest.raises(ProblemError, match="YAML mapping"):
        load(f)
