"""Every target in one search (``tricks: max``, :class:`bridgeplay.suit.exact.AllTargets`): the same values, best
first plays and expected tricks per first play as one search per target, and lines whose labels are true.

The independent references: one :class:`SuitAnalysis` per target (itself proved against the literal ESM in
test_esm_equivalence.py) and the game tree of :mod:`bridgeplay.suit.game` with its own double dummy (as in
test_labels.py).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bridgeplay.kinds import from_dict, load
from bridgeplay.suit.exact import AllTargets, SuitAnalysis
from bridgeplay.suit.game import SuitGame
from bridgeplay.suit.worlds import worlds_for
from tests.test_labels import assert_labels_true

ROOT = Path(__file__).resolve().parents[1]
COMBOS = [("AQ", "xx"), ("AQT", "xxx"), ("AJT", "xxx"), ("KJx", "xxx"), ("AKJT", "xxx"), ("AQ9x", "Jxx"),
          ("AKxxx", "xx"), ("AQxxx", "xx"), ("AKT9x", "xxxx"), ("KJTx", "xxx"), ("KJ972", "3"), ("Q5", "x"),
          ("AJ9", "xx"), ("K5", "T73"), ("QT86", "K"), ("A9", "8")]


def _suit_files() -> list[Path]:
    return [p for p in sorted((ROOT / "problems").rglob("*.yaml")) if "kind: suit" in p.read_text(encoding="utf-8")]


def _max_problem(source: str | Path | tuple[str, str]):
    """A combination as ``tricks: max``: written here, or a bundled file's (its lead rule, known cards and
    vacant places kept)."""
    if isinstance(source, tuple):
        return from_dict({"kind": "suit", "north": source[0], "south": source[1], "tricks": "max"}, "<t>")
    return dataclasses.replace(load(source), tricks=None, objective="target")


SLOW = {("KJ972", "3"), ("QT86", "K")}  # (their references, one search per target, take 10-20 s)
CASES = [pytest.param(c, id=f"{c[0]}-{c[1]}", marks=[pytest.mark.slow] if c in SLOW else []) for c in COMBOS]


def _same_as_per_target(problem) -> AllTargets:
    worlds = worlds_for(problem)
    every = AllTargets(problem, worlds, threads=1)
    for target in [*range(1, problem.max_tricks + 1), None]:
        one = SuitAnalysis(problem, target, worlds, threads=1)
        value = every.expected if target is None else every.chance(target)
        assert value == pytest.approx(one.value, abs=1e-12), target
        best = sorted((seat, r) for seat, r, f, v, i in one.first_moves if v >= one.value - 1e-9)
        assert sorted(every.best_plays(target)) == best, target
        if target is None:  # every first play's expected tricks, not only the best
            assert {(s, r): v for s, r, v in every.expected_by_play()} == pytest.approx(
                {(s, r): v for s, r, f, v, i in one.first_moves}, abs=1e-12)
    return every


@pytest.mark.parametrize("combo", CASES)
def test_one_search_equals_one_search_per_target(combo: tuple[str, str]) -> None:
    _same_as_per_target(_max_problem(combo))


FILES = [p for p in _suit_files() if p.parent.name in ("paper", "classic")]


@pytest.mark.parametrize("path", FILES[::3], ids=lambda p: p.stem)
def test_bundled_combinations_every_target(path: Path) -> None:
    _same_as_per_target(_max_problem(path))


@pytest.mark.parametrize("combo", CASES[:10])
def test_every_targets_line_has_true_labels(combo: tuple[str, str]) -> None:
    """Each target's line, read off the one search at depth 8, replayed: "the line fails" only where no layout
    reaching the branch can still make the target double dummy; "avoided" only where one could and the line
    makes none of them."""
    problem = _max_problem(combo)
    worlds = worlds_for(problem)
    every = AllTargets(problem, worlds, threads=1)
    game = SuitGame(dataclasses.replace(problem, tricks=1), worlds)  # (its double dummy: any target)
    for target in range(1, problem.max_tricks + 1):
        wins = every.wins(target)
        assert sum(worlds.prob[i] for i in range(len(worlds)) if wins >> i & 1) == pytest.approx(
            every.chance(target), abs=1e-12)

        assert_labels_true(every.strategy(target, 8), game, len(worlds), target, wins)


@pytest.mark.parametrize("combo", [("AQT", "xxx"), ("AQ9x", "Jxx"), ("KJTx", "xxx")])
def test_null_window_changes_no_value(combo: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The expected tricks of a first play below another's searched only for rows worth more than its lower bound
    (config.SUIT_NULL_WINDOW) give the same values as searched from the bound; a play whose best row that search
    did not keep has it from a search again (SuitSearch.line_front), worth the play's value."""
    from bridgeplay import config

    problem = _max_problem(combo)
    worlds = worlds_for(problem)
    # (the null window alone: with the lower bound's exact fronts shared, the exact search finds nearly every
    # position in its memo whatever its thresholds)
    monkeypatch.setattr(config, "SUIT_SHARE_LB", False)
    monkeypatch.setattr(config, "SUIT_NULL_WINDOW", False)
    plain = AllTargets(problem, worlds, threads=1)
    monkeypatch.setattr(config, "SUIT_NULL_WINDOW", True)
    every = AllTargets(problem, worlds, threads=1)
    assert every.nodes < plain.nodes
    for play in every.plays:
        assert every.values[play] == pytest.approx(plain.values[play], abs=1e-12), play
    L = every.levels
    again = 0
    for (seat, r), v in every.values.items():
        search = every.solved_by[(seat, r)]
        x, tv, front = search.first_all[(every.ths, seat, r)]
        kept = front.shape[0] and search.objective_values(front, L)[L] >= v[L] - 1e-9
        x, tv, front = search.line_front(problem.north, problem.south, problem.outstanding, every.ths, seat, r, L,
                                         float(v[L]))
        assert search.objective_values(front, L)[L] == pytest.approx(v[L], abs=1e-12)
        again += not kept
    assert again > 0  # (the search again was exercised)


def _assert_same_results(every: AllTargets, plain: AllTargets, targets: list[int | None]) -> None:
    """The same first plays, values (to 1e-12), best plays and lines (4 plies) for every target."""
    assert every.plays == plain.plays
    for play in every.plays:
        assert every.values[play] == pytest.approx(plain.values[play], abs=1e-12), play
    for t in targets:
        assert every.best_plays(t) == plain.best_plays(t)
        assert every.strategy(t, 4) == plain.strategy(t, 4), t


@pytest.mark.parametrize("combo", [("AQT", "xxx"), ("KJx", "xxx"), ("AQ9x", "Jxx"), ("KJTx", "xxx")])
def test_null_window_on_the_best_play_changes_nothing(combo: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The best first play's objectives searched with the null window as well (config.SUIT_NULL_BEST: only rows
    worth more than the lower bound) give the same value for every first play and objective, and the same line for
    every target and the expected tricks: a line the null window did not keep is read off a search of its one
    objective (SuitSearch.line_front); the values cost fewer positions."""
    from bridgeplay import config

    problem = _max_problem(combo)
    worlds = worlds_for(problem)
    targets = [*range(1, problem.max_tricks + 1), None]
    monkeypatch.setattr(config, "SUIT_NULL_BEST", False)
    plain = AllTargets(problem, worlds, threads=1)
    plain_nodes = plain.nodes
    monkeypatch.setattr(config, "SUIT_NULL_BEST", True)
    every = AllTargets(problem, worlds, threads=1)
    assert every.nodes <= plain_nodes
    _assert_same_results(every, plain, targets)
    # (the search again for a line was exercised)
    assert any(len(key) == 4 for search in every.searches for key in search.first_all)


def _off_and_on(combo: tuple[str, str], monkeypatch: pytest.MonkeyPatch, switch: str,
                **fixed: bool) -> tuple[AllTargets, AllTargets, list[int | None]]:
    """Every target of ``combo`` searched with ``config.<switch>`` off, then on (the settings ``fixed`` set first),
    and the targets to compare."""
    from bridgeplay import config

    problem = _max_problem(combo)
    worlds = worlds_for(problem)
    for name, value in fixed.items():
        monkeypatch.setattr(config, name, value)
    monkeypatch.setattr(config, switch, False)
    plain = AllTargets(problem, worlds, threads=1)
    monkeypatch.setattr(config, switch, True)
    return plain, AllTargets(problem, worlds, threads=1), [*range(1, problem.max_tricks + 1), None]


def _pairs(search: AllTargets) -> int:
    """Pairs of rows the exact search combined."""
    return sum(int(s.stats[1]) for s in search.searches)


@pytest.mark.parametrize("combo", [("AQT", "xxx"), ("KJx", "xxx"), ("AQ9x", "Jxx"), ("KJTx", "xxx")])
def test_sum_of_the_levels_bound_changes_nothing(combo: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Expected tricks not combined over whole rows where the levels' bests add up to less than the threshold
    (config.SUIT_SUM_BOUND: a line's expected tricks are the sum of its chances per level) give the same value for
    every first play and objective and the same lines; the bound is used (stats[18]) where the best line for
    expected tricks is the best for every level at once (AQT/xxx, KJx/xxx: the lead of a small card).  The levels'
    floors from every play's lower bound (config.SUIT_LB_FLOOR) are off: they raise a level's threshold above what
    this play reaches, so AQT/xxx no longer needs the bound."""
    plain, every, targets = _off_and_on(combo, monkeypatch, "SUIT_SUM_BOUND", SUIT_LB_FLOOR=False)
    assert sum(int(search.stats[18]) for search in plain.searches) == 0
    used = sum(int(search.stats[18]) for search in every.searches)
    assert used > 0 or combo in (("AQ9x", "Jxx"), ("KJTx", "xxx"))
    _assert_same_results(every, plain, targets)


@pytest.mark.parametrize("combo", [("AQT", "xxx"), ("KJx", "xxx"), ("AQ9x", "Jxx"), ("KJTx", "xxx")])
def test_the_split_bound_at_a_first_plays_combinations_changes_nothing(combo: tuple[str, str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A first play's combinations of the defenders' replies (for the expected tricks and for each level) skipped
    where the split relaxation bounds them below their threshold (config.SUIT_FIRST_SPLIT): the same value for
    every first play and objective, the same best plays and lines, and fewer pairs of rows combined where the
    bound proves a null window empty (AQT/xxx's lead of the ace, KJx/xxx's of the 2, AQ9x/Jxx's of the 4)."""
    plain, every, targets = _off_and_on(combo, monkeypatch, "SUIT_FIRST_SPLIT")
    assert sum(int(search.stats[20]) for search in plain.searches) == 0
    used = sum(int(search.stats[20]) for search in every.searches)
    if combo == ("KJTx", "xxx"):
        assert _pairs(every) <= _pairs(plain)
    else:
        assert used > 0 and _pairs(every) < _pairs(plain)
    assert every.plays == plain.plays
    for play in every.plays:
        assert every.values[play] == pytest.approx(plain.values[play], abs=1e-12), play
    _assert_same_results(every, plain, targets)


@pytest.mark.parametrize("combo", [("AQT", "xxx"), ("KJx", "xxx"), ("AQ9x", "Jxx"), ("AKJxx", "xxx")])
def test_floors_from_every_lower_bound_change_nothing(combo: tuple[str, str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Each level's floor started at the best of every first play's lower bound, in both searches
    (config.SUIT_LB_FLOOR), gives the same expected tricks for every first play, the same best value and best first
    plays for every target, the same lines, and a value for every play that reaches a level's best; KJx/xxx's lead
    of the 2 (dealt to the other search than the lead toward the king) then combines fewer pairs."""
    plain, every, targets = _off_and_on(combo, monkeypatch, "SUIT_LB_FLOOR")
    L = every.levels
    assert every.plays == plain.plays
    assert every.best == pytest.approx(plain.best, abs=1e-12)
    for play in every.plays:
        assert every.values[play][L] == pytest.approx(plain.values[play][L], abs=1e-12), play
        for k in range(L):
            if plain.values[play][k] >= plain.best[k] - 1e-9:  # (a value below the best may now read -1)
                assert every.values[play][k] == pytest.approx(plain.values[play][k], abs=1e-12), (play, k)
    for t in targets:
        assert every.best_plays(t) == plain.best_plays(t)
        assert every.strategy(t, 4) == plain.strategy(t, 4), t
    assert _pairs(every) <= _pairs(plain)
    if combo == ("KJx", "xxx"):
        assert _pairs(every) < _pairs(plain)


@pytest.mark.parametrize("combo", [("AQT", "xxx"), ("AQ9x", "Jxx"), ("KJTx", "xxx"), ("QT86", "K")])
def test_shared_lower_bound_fronts_change_no_value(combo: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The lower-bound search's fronts that no beam cut, kept in the exact memos (config.SUIT_SHARE_LB), give the
    same values and best first plays as the exact search's own, for every target and the expected tricks, and for
    one target; the exact search then solves fewer positions."""
    from bridgeplay import config

    problem = _max_problem(combo)
    worlds = worlds_for(problem)
    monkeypatch.setattr(config, "SUIT_SHARE_LB", False)
    plain = AllTargets(problem, worlds, threads=1)
    plain_one = SuitAnalysis(problem, 2, worlds, threads=1)
    monkeypatch.setattr(config, "SUIT_SHARE_LB", True)
    every = AllTargets(problem, worlds, threads=1)
    one = SuitAnalysis(problem, 2, worlds, threads=1)
    assert sum(int(s.stats[15] + s.lb_stats[15]) for s in every.searches) > 0  # (fronts were shared)
    assert sum(int(s.stats[0]) for s in every.searches) < sum(int(s.stats[0]) for s in plain.searches)
    for play in every.plays:
        assert every.values[play] == pytest.approx(plain.values[play], abs=1e-12), play
    for target in range(1, problem.max_tricks + 1):
        assert every.best_plays(target) == plain.best_plays(target)
    assert [(s, r, pytest.approx(v, abs=1e-12)) for s, r, f, v, i in one.first_moves] == [
        (s, r, v) for s, r, f, v, i in plain_one.first_moves]


def _assert_switch_changes_nothing(combo: tuple[str, str], monkeypatch: pytest.MonkeyPatch, switch: str) -> None:
    """Every target of ``combo`` with the search's ``switch`` (an attribute of SuitSearch) off and on: the same
    results, in fewer positions with it on."""
    from bridgeplay.suit import search as search_module

    problem = _max_problem(combo)
    worlds = worlds_for(problem)
    init = search_module.SuitSearch.__init__

    def switched_off(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        init(self, *args, **kwargs)
        setattr(self, switch, 0)

    monkeypatch.setattr(search_module.SuitSearch, "__init__", switched_off)
    plain = AllTargets(problem, worlds, threads=1)
    monkeypatch.setattr(search_module.SuitSearch, "__init__", init)
    every = AllTargets(problem, worlds, threads=1)
    assert every.nodes < plain.nodes
    _assert_same_results(every, plain, [*range(1, problem.max_tricks + 1), None])


@pytest.mark.parametrize("combo", [("AQT", "xxx"), ("KJx", "xxx"), ("AQ9x", "Jxx"), ("AKJxx", "xxx"), ("KJTx", "xxx"),
                                   ("KJ972", "3")])
def test_positions_over_their_live_levels_change_nothing(combo: tuple[str, str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A position of the search over every target whose levels do not all hold a world solved over its live levels
    alone and widened back (SuitSearch.narrow, see bridgeplay.engine.suit._node) gives the same value for every first
    play and objective, the same best plays and the same lines, in fewer positions (the same thresholds reached at
    other levels are one memo entry)."""
    _assert_switch_changes_nothing(combo, monkeypatch, "narrow")


@pytest.mark.parametrize("combo", [("AQT", "xxx"), ("KJx", "xxx"), ("AQ9x", "Jxx"), ("AKJxx", "xxx"), ("AKT9x", "xxxx"),
                                   ("AQxxx", "xx"), ("KJ972", "3")])
def test_positions_won_on_top_cards_change_nothing(combo: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A trick boundary whose every live level declarer's top cards take in every world, won unsearched
    (SuitSearch.sure_cut, see bridgeplay.engine.suit._sure_tricks), gives the same value for every first play and
    objective, the same best plays and the same lines, in fewer positions."""
    _assert_switch_changes_nothing(combo, monkeypatch, "sure_cut")
