"""n-player trick games and the maxⁿ family (Sturtevant & Korf): every pruning returns plain maxⁿ's value,
paranoid equals a plain 2-player minimax, the engine equals the literal references, node for node where the
algorithms are the same, and the seed's figures show what is unsound (deep pruning, deep branch-and-bound, the
printed ABBnB bound when the same player moves twice; shallow pruning in Hearts)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from click.testing import CliRunner

from bridgeplay import kinds
from bridgeplay.analysis.maxn_experiment import run_experiment
from bridgeplay.cli import main
from bridgeplay.engine import trick as E
from bridgeplay.errors import ProblemError, SolverError
from bridgeplay.games.maxn import tree as T
from bridgeplay.games.maxn.game import random_deal, small_deal
from tests.reference.maxn_deep import deep_bnb, deep_maxn
from tests.reference.trick_literal import Position, from_masks, full_count, maxn, paranoid

ROOT = Path(__file__).resolve().parents[1]
FIGURES = sorted((ROOT / "problems" / "trick").glob("*.yaml"))
SCHEMA = json.loads((ROOT / "bridgeplay" / "schema" / "result.json").read_text(encoding="utf-8"))
GAMES = ("sergeant-major", "hearts")
FAMILY = {"maxn": E.MAXN, "maxn-plain": E.MAXN_PLAIN, "shallow": E.SHALLOW, "dfbnb": E.DFBNB, "abbnb": E.ABBNB,
          "maxn-tt": E.MAXN_TT}
TREE_ALGS = {"maxn": (E.MAXN, T.maxn), "shallow": (E.SHALLOW, T.shallow), "dfbnb": (E.DFBNB, T.dfbnb),
             "abbnb": (E.ABBNB, T.abbnb)}


def _deals(game: str, count: int, cards: int, seed: int) -> list:
    rng = np.random.default_rng([seed, GAMES.index(game)])
    return [small_deal(game, rng, cards, leader=i % 3) for i in range(count)]


def _check_deal(g) -> None:
    """Every variant equals plain maxⁿ (value and first move); maxⁿ, paranoid and the tree size equal the
    literal references."""
    S, G, P = g.arrays()
    pos = from_masks(g.game, g.hands, g.leader, g.tricks)
    value, move = maxn(pos)
    ref = (tuple(value), move)
    for name, alg in FAMILY.items():
        if alg == E.SHALLOW and not g.shallow_sound:
            continue
        v, m, _ = E.search(S, G, P, alg)
        assert (tuple(int(x) for x in v), m) == ref, (name, g)
    want = paranoid(pos, g.leader)
    for alg in (E.PARANOID, E.PARANOID_H):
        assert int(E.search(S, G, P, alg)[0][0]) == want, (E.NAMES[alg], g)
    assert E.search(S, G, P, E.FULL)[2] == full_count(pos)


@pytest.mark.parametrize("game", GAMES)
def test_every_variant_equals_maxn_on_seeded_small_deals(game: str) -> None:
    for g in _deals(game, 25, 4, seed=11):
        _check_deal(g)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_variant_equals_maxn_on_200_seeded_deals(game: str) -> None:
    for i, g in enumerate(_deals(game, 200, 5, seed=12)):
        if i % 2:  # half of them searched to a horizon before the end
            g = type(g)(g.game, g.hands, g.leader, 3)
        _check_deal(g)


# -- the engine and the Python algorithms over the same tree, node for node ------------------------------
def _as_tree(pos: Position, horizon: int, move: str = "root") -> T.TNode:
    """The whole game tree of ``pos`` as explicit nodes, with the engine's heuristic bounds."""
    if pos.terminal():
        return T.TNode(value=tuple(pos.value()), move=move)
    untaken = 26 - sum(pos.taken)
    if pos.game == "hearts":
        low = tuple(max(0, 26 - t - untaken) for t in pos.taken)
        up = tuple(26 - t for t in pos.taken)
    else:
        low = tuple(pos.taken)
        up = tuple(horizon - (sum(pos.taken) - t) for t in pos.taken)
    kids = tuple(_as_tree(pos.play(c), horizon, str(c)) for c in pos.moves())
    return T.TNode(player=pos.to_move, children=kids, low=low, up=up, move=move)


@pytest.mark.parametrize("game", GAMES)
def test_the_python_algorithms_visit_the_same_nodes_as_the_kernels(game: str) -> None:
    for g in _deals(game, 8, 3, seed=13):
        S, G, P = g.arrays()
        root = _as_tree(from_masks(g.game, g.hands, g.leader, g.tricks), g.tricks)
        assert T.size(root) == E.search(S, G, P, E.FULL)[2]
        for alg, fn in TREE_ALGS.values():
            if alg == E.SHALLOW and not g.shallow_sound:
                continue
            b = T.Bounds(3, g.maxsum, g.maxp)
            value, index = fn(root, b)
            v, card, nodes = E.search(S, G, P, alg)
            assert (value, int(root.children[index].move), b.counter[0]) == (tuple(int(x) for x in v), card, nodes)
        for use_h, alg in ((False, E.PARANOID), (True, E.PARANOID_H)):
            b = T.Bounds(3, g.maxsum, g.maxp)
            value, _ = T.paranoid(root, b, g.leader, use_h)
            got, _, nodes = E.search(S, G, P, alg)
            assert (value, b.counter[0]) == (int(got[0]), nodes)


# -- what is unsound -------------------------------------------------------------------------------------
def _tree(name: str):
    return kinds.load(ROOT / "problems" / "trick" / name)


def test_fig2_deep_pruning_is_unsound() -> None:
    a, b = _tree("fig02a-deep-pruning-226.yaml"), _tree("fig02b-deep-pruning-046.yaml")
    assert T.maxn(a.tree, T.Bounds(3, 10, 10))[0] == (7, 3, 0)
    assert T.maxn(b.tree, T.Bounds(3, 10, 10))[0] == (6, 3, 1)
    # deep pruning cuts (d) in both, so it cannot tell them apart and is wrong for (0, 4, 6)
    assert deep_maxn(a.tree, 10) == deep_maxn(b.tree, 10) == (7, 3, 0)
    for p in (a, b):  # shallow pruning keeps (d) and gets both right
        assert T.shallow(p.tree, T.Bounds(3, 10, 10))[0] == T.maxn(p.tree, T.Bounds(3, 10, 10))[0]


def test_fig6_deep_branch_and_bound_is_unsound() -> None:
    a, b = _tree("fig06a-deep-bnb-583.yaml"), _tree("fig06b-deep-bnb-538.yaml")
    bounds = T.Bounds(3, 16, 16)
    assert T.maxn(a.tree, bounds)[0] == (7, 9, 0) and T.maxn(b.tree, bounds)[0] == (10, 5, 1)
    assert deep_bnb(a.tree, bounds) == deep_bnb(b.tree, bounds) == (10, 5, 1)  # wrong for (5, 8, 3)
    for p in (a, b):
        assert T.dfbnb(p.tree, T.Bounds(3, 16, 16))[0] == T.maxn(p.tree, T.Bounds(3, 16, 16))[0]


def test_fig7_abbnb_prunes_where_shallow_cannot() -> None:
    p = _tree("fig07-abbnb.yaml")
    counts = {}
    for name, fn in (("maxn", T.maxn), ("shallow", T.shallow), ("abbnb", T.abbnb)):
        b = T.Bounds(3, 10, 10)
        assert fn(p.tree, b)[0] == (6, 2, 2)
        counts[name] = b.counter[0]
    assert counts == {"maxn": 5, "shallow": 5, "abbnb": 4}  # the bound 10 - 3 - 2 = 5 cuts the last leaf


def test_the_printed_bound_is_unsound_when_the_same_player_moves_twice() -> None:
    p = _tree("same-player-twice.yaml")
    for fn in (T.abbnb, T.shallow):
        assert fn(p.tree, T.Bounds(3, 10, 10))[0] == (9, 1, 0)
        assert fn(p.tree, T.Bounds(3, 10, 10, fix=False))[0] == (7, 0, 3)  # as printed: wrong


def test_the_printed_bound_goes_wrong_on_a_real_position_and_the_fix_does_not() -> None:
    """Third hand to play (P3 holds ♥8 5 after ♥4 ♥3): the card it plays may win the trick, and then it leads
    the next one; the printed Bound prunes that player's own choices there and returns the wrong value."""
    from bridgeplay.games.maxn.game import TrickGame, card_number, parse_hand

    g = TrickGame("sergeant-major", tuple(parse_hand(h) for h in ("7.742.2.5", "A.3..T742", "K.85.Q.83")), 0, 4)
    S, G, P = g.arrays()
    for card in (card_number("H", "4"), card_number("H", "3")):
        S = E.play(S, G, P, card)
    G0 = g.arrays(fix=False)[1]
    value, move, _ = E.search(S, G, P, E.MAXN_PLAIN)
    assert (tuple(value), move) == ((0, 1, 3), card_number("H", "5"))
    for alg in (E.ABBNB, E.SHALLOW):
        fixed, fmove, _ = E.search(S, G, P, alg)
        assert (tuple(fixed), fmove) == ((0, 1, 3), move)
        printed, pmove, _ = E.search(S, G0, P, alg)
        assert (tuple(printed), pmove) == ((0, 2, 2), card_number("H", "8"))  # as printed: wrong
    for g in _deals("sergeant-major", 40, 4, seed=14):  # and the fix agrees with maxⁿ on deals
        S, G, P = g.arrays()
        ref = E.search(S, G, P, E.MAXN_PLAIN)[:2]
        for alg in (E.ABBNB, E.SHALLOW):
            got = E.search(S, G, P, alg)[:2]
            assert (tuple(got[0]), got[1]) == (tuple(ref[0]), ref[1])


def test_hearts_never_prunes_shallowly() -> None:
    hearts = kinds.load(ROOT / "problems" / "trick" / "hearts-five-card-ending.yaml")
    assert (hearts.maxsum, hearts.maxp) == (78 - 3, 26) and not hearts.shallow_sound  # 3 points in play
    with pytest.raises(SolverError, match="Lemma 1"):
        kinds.solve(hearts, "shallow")
    whole = random_deal("hearts", np.random.default_rng(15), 17)
    assert (whole.maxsum, whole.maxp) == (52, 26) and not whole.shallow_sound  # the seed's Table 1
    g = random_deal("hearts", np.random.default_rng(15), 3)
    assert g.maxsum == 78 and not g.shallow_sound  # before the end of the hand no point need be taken
    with pytest.raises(ValueError, match="Lemma 1"):
        E.search(*g.arrays(), E.SHALLOW)
    result = run_experiment("hearts", 2, 1, 3, jobs=1)
    row = next(r for r in result.rows if r["algorithm"] == "shallow")
    assert row["mean_nodes"] is None and "Lemma 1" in row["reason"]
    assert all("shallow" not in o.nodes for o in result.outcomes)
    sm = run_experiment("sergeant-major", 2, 1, 3, jobs=1)
    assert all("shallow" in o.nodes for o in sm.outcomes)  # (the same check would see it run)


# -- files, solve, batch ----------------------------------------------------------------------------------
@pytest.mark.parametrize("path", FIGURES, ids=lambda p: p.name)
def test_problem_files_pass_their_expect(path: Path) -> None:
    problem = kinds.load(path)
    result = kinds.solve(problem)
    errors, checked = kinds.check(problem, result)
    assert errors == []
    assert len(checked) >= 2


def test_an_expect_that_does_not_hold_fails() -> None:
    problem = _tree("fig07-abbnb.yaml")
    problem.expect["solvers"]["abbnb"]["nodes"] = 5
    problem.expect["value"] = [6, 3, 1]
    errors, _ = kinds.check(problem, kinds.solve(problem))
    assert any("abbnb: 4 nodes, expected 5" in e for e in errors)
    assert any("value (6, 2, 2), expected (6, 3, 1)" in e for e in errors)


def test_bad_files_are_one_line_errors(tmp_path: Path) -> None:
    base = (ROOT / "problems" / "trick" / "sm-five-card-ending.yaml").read_text()
    cases = {
        "hands": base.replace('"Q9.Q2..Q"', '"Q9.Q2..QJ"'),
        "hands[0]": base.replace('"Q9.Q2..Q"', '"Q9.Q..QQ"'),
        "hands[1]": base.replace('"..K5.A82"', '"..K5.A8Q"'),
        "game": base.replace("game: sergeant-major", "game: bridge"),
        "tricks": base.replace("tricks: 5", "tricks: 6"),
        "expect.move": base.replace("move: P1:SQ\n  paranoid", "move: P1:SA\n  paranoid"),
    }
    for field, text in cases.items():
        f = tmp_path / f"{field}.yaml"
        f.write_text(text)
        with pytest.raises(ProblemError) as exc:
            kinds.load(f)
        assert f": {field}:" in str(exc.value) and "\n" not in str(exc.value), str(exc.value)
    tree = (ROOT / "problems" / "trick" / "fig07-abbnb.yaml").read_text()
    f = tmp_path / "tree.yaml"
    f.write_text(tree.replace("- [5, 3, 2]", "- [5, 3, 1]"))  # below (a)'s low for player 3
    with pytest.raises(ProblemError, match="not monotonic"):
        kinds.load(f)
    r = CliRunner().invoke(main, ["solve", str(tmp_path / "game.yaml")])
    assert r.exit_code == 2


def test_solve_cli_prints_the_value_move_and_nodes() -> None:
    r = CliRunner().invoke(main, ["solve", "problems/trick/sm-five-card-ending.yaml", "--solver", "abbnb"])
    assert r.exit_code == 0, r.output
    assert "(2, 1, 2)" in r.output and "P1:SQ" in r.output and "Nodes visited" in r.output
    r = CliRunner().invoke(main, ["solve", "problems/trick/hearts-five-card-ending.yaml", "--solver", "shallow"])
    assert r.exit_code == 2 and "Lemma 1" in r.output
    r = CliRunner().invoke(main, ["solve", "problems/trick/fig07-abbnb.yaml", "--solver", "paranoid", "--json"])
    obj = json.loads(r.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(obj)
    assert obj["paranoid"] == 6 and obj["kind"] == "trick"


# -- the experiment ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_experiment_json_20_deals_3_tricks(game: str) -> None:
    r = CliRunner().invoke(main, ["experiment", "maxn", "--game", game, "--deals", "20", "--tricks", "3",
                                  "--seed", "1", "--json"])
    assert r.exit_code == 0, r.output
    obj = json.loads(r.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(obj)
    assert obj["values_agree"] is True
    rows = {row["algorithm"]: row for row in obj["rows"]}
    assert list(rows) == ["full", "maxn", "dfbnb", "shallow", "abbnb", "paranoid", "paranoid-h"]
    assert rows["full"]["factor_vs_full"] == 1
    assert all(rows[a]["mean_nodes"] <= rows["full"]["mean_nodes"] for a in ("maxn", "dfbnb", "abbnb"))
    assert rows["abbnb"]["mean_nodes"] <= rows["dfbnb"]["mean_nodes"]  # ABBnB prunes at least what DFBnB does
    assert (rows["shallow"]["mean_nodes"] is None) == (game == "hearts")


def test_experiment_is_reproducible_on_any_number_of_workers() -> None:
    one = run_experiment("sergeant-major", 6, 2, 5, jobs=1, tt=True)
    two = run_experiment("sergeant-major", 6, 2, 5, jobs=2, tt=True)
    assert one.rows == two.rows or [r["mean_nodes"] for r in one.rows] == [r["mean_nodes"] for r in two.rows]
    assert one.values_agree and one.transposition["maxn_tt_mean_nodes"] <= one.transposition["maxn_mean_nodes"]


def test_experiment_bad_input_is_exit_2() -> None:
    for args in (["--tricks", "17"], ["--skip", "nonsense"]):
        r = CliRunner().invoke(main, ["experiment", "maxn", "--deals", "1", *args])
        assert r.exit_code == 2 and r.output.count("\n") == 1, r.output


@pytest.mark.slow
def test_experiment_on_dask_gives_the_same_rows() -> None:
    pytest.importorskip("distributed")
    local = run_experiment("sergeant-major", 4, 2, 9, jobs=1)
    dask = run_experiment("sergeant-major", 4, 2, 9, executor="dask", jobs=2)
    assert [r["mean_nodes"] for r in local.rows] == [r["mean_nodes"] for r in dask.rows]
