"""The line's labels are true (issue 24): replayed card by card on the independent game tree of
:mod:`bridgeplay.suit.game` with its own double dummy, for every bundled suit problem with a target, at depth 8.

* "the line fails" (decided, not avoided): in no layout reaching the branch can declarer still make the
  target, even seeing every card;
* "the defence does better with another card" (avoided): some layout reaching it could still be made
  here, and the line loses every one of them (the defence beats it with another card there).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgeplay.kinds import load
from bridgeplay.suit.exact import SuitAnalysis
from bridgeplay.suit.game import SuitGame
from bridgeplay.suit.search import Decision
from bridgeplay.suit.worlds import worlds_for

ROOT = Path(__file__).resolve().parents[1]


def _suit_targets() -> list[Path]:
    out = []
    for path in sorted((ROOT / "problems").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if "kind: suit" in text and "objective: tricks" not in text and "tricks: max" not in text:
            out.append(path)
    return out


PATHS = _suit_targets()


def test_there_are_problems_to_replay() -> None:
    assert len(PATHS) >= 30


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_every_label_of_the_line_is_true(path: Path) -> None:
    problem = load(path)
    assert problem.tricks is not None
    worlds = worlds_for(problem)
    an = SuitAnalysis(problem, problem.tricks, worlds, threads=1)
    wins = an.best_levels()[0]  # the worlds the line makes against best defence
    game = SuitGame(problem, worlds)
    assert_labels_true(an.strategy(8), game, len(worlds), problem.tricks, wins)


def assert_labels_true(tree: list[Decision], game: SuitGame, n_worlds: int, target: int, wins: int) -> dict[str, int]:
    """Replay every decided branch of ``tree`` (a line for ``target``; ``wins``: the worlds it makes) on ``game``:
    "the line fails" only where no layout reaching it can make ``target`` double dummy, "avoided" only where one
    could and the line makes none of them.  The count of each label."""
    seen = {"fails": 0, "avoided": 0}

    def walk(nodes: list[Decision], history: tuple) -> None:
        for d in nodes:
            h = history + ((d.seat, d.rank),)
            if d.decided:
                pos, reach = game.position_after(h)
                here = [i for i in range(n_worlds) if d.worlds >> i & 1]
                assert here and all(reach >> i & 1 for i in here)
                makeable = [i for i in here if game.dd_total(pos, i) >= target]
                if d.avoided:
                    seen["avoided"] += 1
                    assert makeable, f"{target}: {h}: labelled avoided, but nothing can be made here"
                    assert not any(wins >> i & 1 for i in here), \
                        f"{target}: {h}: the line makes a layout of an avoided branch"
                else:
                    seen["fails"] += 1
                    assert not makeable, f"{target}: {h}: labelled 'the line fails', yet layouts {makeable} can be made"
            walk(d.children, h)

    walk(tree, ())
    return seen
