"""Heuristics on single-suit play and their true worth (bridgeplay.suit.policy / repeated / vector / tactics).

Expected numbers come from outside bridgeplay: hand calculations (binomial formulas written out
below, or the problem files' verification tables), the statements of Frank & Basin (1998)
restated in SEEDS.md (Figs. 14, 20-22), and two independent programs: the literal ESM reference
(tests/reference, written from the rules alone: its per-world simulation ``play_strategy`` checks
the policy evaluator) and the exact solver's SuitSearch (single-world searches check the
double-dummy values).
"""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from bridgeplay.analysis.compare import compare
from bridgeplay.cards import E, N, S, W, holding_str
from bridgeplay.cli import main
from bridgeplay.kinds import from_dict, load
from bridgeplay.suit import repeated, tactics
from bridgeplay.suit.compare import builders, diagnose
from bridgeplay.suit.diagnosis import change_witness, locality, reach, signature
from bridgeplay.suit.game import MAX, SuitGame
from bridgeplay.suit.policy import (
    CachedPolicy,
    ExactPolicy,
    FunctionPolicy,
    OverridePolicy,
    Policy,
    evaluate,
    run_heuristic,
)
from bridgeplay.suit.random import random_suit_problem
from bridgeplay.suit.search import SuitSearch
from bridgeplay.suit.tactics import TacticSearch, plan_vector
from bridgeplay.suit.worlds import SuitWorlds

try:
    from tests.reference.esm_literal import play_strategy
except ImportError:  # pragma: no cover - when tests/ is the rootdir
    from reference.esm_literal import play_strategy

ROOT = Path(__file__).resolve().parent.parent
PAPER = ROOT / "problems" / "paper"
C26 = comb(26, 13)


def moves_of(game: SuitGame, moves, values) -> dict[str, float]:
    return {game.move_text(m): float(v) for m, v in zip(moves, values)}


# --------------------------------------------------------------------------- Fig. 14
def test_fig14_repeated_minimaxing_postpones_the_guess_and_overrates_it():
    game = SuitGame(load(PAPER / "fig14-kjtx-a98x.yaml"))
    # Hand calculation (the file's table): cash the ace, then finesse West: 1/2 + P(West 7654, East Q).
    optimum = 0.5 + comb(21, 9) / C26
    # After the ace (or the king) is cashed, even double dummy cannot pick up East's Q with two or more
    # small cards (the A-9-8 tenace over East is gone): West void, one small card (4) or two (6).
    cash_score = 1 - (comb(21, 13) + 4 * comb(21, 12) + 6 * comb(21, 11)) / C26
    for scoring in repeated.SCORINGS:
        pol = repeated.RepeatedPolicy(game, scoring)
        moves, score, _ = pol.scores(game.root, game.all)
        s = moves_of(game, moves, score)
        assert s["S:A"] == pytest.approx(cash_score) and s["N:K"] == pytest.approx(cash_score)
        # Leading the J (=T), the 9 (=8) or a small card keeps both finesses: with the queen's place known
        # four tricks are certain (SEEDS.md), so these score every world.
        for m in ("N:J", "S:9", "N:x", "S:x"):
            assert s[m] == pytest.approx(1.0)
        h, ev = run_heuristic(game, repeated.build(scoring, None, 1))
        assert game.move_text(ev.first_move) == "N:J"
        assert h.estimate == pytest.approx(1.0)  # what it believes ...
        assert ev.value == pytest.approx(optimum)  # ... and what its line is worth
    # The exact solver: cashing the ace first is an optimal line (every first play is worth the same).
    exact = ExactPolicy(game)
    values = {game.move_text((seat, r)): v for seat, r, _, v, _ in exact.analysis.first_moves}
    assert values["S:A"] == pytest.approx(optimum) and exact.value == pytest.approx(optimum)


@pytest.mark.parametrize("name", ["fig14-kjtx-a98x-east-q.yaml", "fig14-kjtx-a98x-west-q.yaml"])
def test_fig14_queen_known_the_heuristics_make_it(name):
    game = SuitGame(load(PAPER / name))
    for key in ("repeated-levy", "vector", "tactics"):
        h, ev = run_heuristic(game, builders()[key])
        assert ev.value == pytest.approx(1.0), key  # file: hand calculation, P = 1


# --------------------------------------------------------------------------- Figs. 20-22
ORIGINAL = {14: "Q", 13: "J", 12: "T", 11: "9", 10: "8", 9: "7", 8: "5", 7: "3", 6: "2"}  # fig20 relabelling


def fig20():
    p = load(PAPER / "fig20-j87-t32.yaml")
    return p, SuitGame(p)


def east_text(game: SuitGame, i: int) -> str:
    east = game.outstanding & ~game.west[i]
    return "".join(ORIGINAL[r] for r in range(14, 5, -1) if east >> r & 1) or "void"


def without(game: SuitGame, drop: set[str]) -> SuitWorlds:
    w = game.worlds
    idx = [i for i in range(game.nw) if east_text(game, i) not in drop]
    exact = [w.exact[i] for i in idx]
    total = sum(exact)
    return SuitWorlds(w.outstanding, w.west[idx], np.array([float(e / total) for e in exact]), w.prior[idx],
                      tuple(e / total for e in exact))


# Fig. 20 relabelled (file comments): Q J T 9 8 7 5 3 2 -> A K Q J T 9 8 7 6.
# Finesse of the 7: lead the 7 (= 8) from North; low if East plays the Q, cover the 9 (and a void) with the T.
FINESSE_7 = ((N, 10), (((E, 14), ((S, 7), ())), ((E, 11), ((S, 12), ())), ((E, 8), ((S, 7), ())),
                       ((E, 0), ((S, 12), ()))))
# Finesse of the J: low from South, the J unless West plays the Q (on the 9, the 5 or a void: the J).
FINESSE_J = ((S, 7), (((W, 14), ((N, 9), ())), ((W, 11), ((N, 13), ())), ((W, 8), ((N, 13), ())),
                      ((W, 0), ((N, 13), ()))))


def replies(plan) -> tuple:
    """A round plan as (declarer's card, {defender card: declarer's reply})."""
    move, sub = plan
    return move, {d: p[0] for d, p in sub if p is not None}


def fails(game: SuitGame, vec: np.ndarray) -> set[str]:
    return {east_text(game, i) for i in range(game.nw) if vec[i] < 1}


def test_fig21_the_two_finesses_world_by_world():
    _, game = fig20()
    ts = TacticSearch(game, "equal")
    assert fails(game, plan_vector(ts, game.root, game.all, FINESSE_7)) == {"Q5", "5"}  # Fig. 21: two worlds
    assert fails(game, plan_vector(ts, game.root, game.all, FINESSE_J)) == {"void"}  # Fig. 21: one world
    # The tactic search (equally likely worlds) therefore rates the finesse of the 7 below a one-loser plan.
    ts.value(game.root, game.all)
    chosen = ts.plans[(game.root, game.all)]
    assert len(fails(game, plan_vector(ts, game.root, game.all, chosen))) == 1


def test_fig20_choice_reverses_once_the_history_rules_out_east_q5_and_5():
    p, game = fig20()
    g6 = SuitGame(p, without(game, {"Q5", "5"}))
    ts = TacticSearch(g6, "equal")
    assert fails(g6, plan_vector(ts, g6.root, g6.all, FINESSE_7)) == set()  # wins every remaining world
    assert fails(g6, plan_vector(ts, g6.root, g6.all, FINESSE_J)) == {"void"}  # still fails one
    assert replies(ts.decide(g6.root, g6.all)) == replies(FINESSE_7)
    for weighting in ("equal", "prior"):
        h, ev = run_heuristic(g6, tactics.build(weighting))
        assert ev.value == pytest.approx(1.0)


class PaperFirstRound(Policy):
    """Fig. 22: the 6 (= 8) from North, low from South unless East plays the 9, K or Q; then tactics."""

    def __init__(self, then: tactics.TacticPolicy) -> None:
        self.then = then

    def key(self, game, pos, x, history):
        return self.then.key(game, pos, x, history) if len(history) > 2 else (pos, x)

    def choose(self, game, pos, x, history):
        if not history:
            return (N, 8)
        if len(history) == 2:
            east = history[1][1]
            return (S, 14) if east in (13, 12) else (S, 10) if east == 9 else (S, 2)
        return self.then.choose(game, pos, x, history)


def test_fig22_exact_first_round_is_the_papers():
    game = SuitGame(load(PAPER / "fig22-j876-at32.yaml"))
    exact = ExactPolicy(game)
    (first,) = exact.tree
    assert (first.seat, first.rank) == (N, 8)  # the 6 (8, 7, 6 are equals)
    reply = {d.rank: d.children[0].rank for d in first.children if d.seat == E and not d.decided}
    assert [d.rank for d in first.children if d.decided] == [0]  # East shows out: West's KQ9xx cannot be caught
    assert reply[13] == 14 and reply[12] == 14  # K or Q: win with the ace
    assert reply[9] in (10, 14)  # the 9: cover
    assert reply[5] <= 3 and reply[4] <= 3  # a small card: low


def test_fig22_history_rules_out_east_q5_and_5_and_the_tactic_flips():
    game = SuitGame(load(PAPER / "fig22-j876-at32.yaml"))
    policy = CachedPolicy(PaperFirstRound(tactics.TacticPolicy(TacticSearch(game, "equal"))))
    ev = evaluate(game, policy)
    r = reach(ev)
    fig20_node = ((N, 8), (E, 13), (S, 14), (W, 4))  # the figure: East's K won by the ace, West the 4
    (key,) = [k for k, n in ev.nodes.items() if n.kind == MAX and n.history == fig20_node]
    node = ev.nodes[key]

    def easts(x: int) -> set[str]:
        # (real ranks: the report writes the 5 and the 4 as x)
        return {holding_str(game.outstanding & ~game.west[i] & node.pos[2], void="") or "—" for i in game.indices(x)}

    assert easts(node.x) == {"Q95", "95", "Q5", "5", "Q9", "9", "Q", "—"}
    assert easts(r[key]) == {"Q95", "95", "Q9", "9", "Q", "—"}  # East Q5 and 5 ruled out (Section 7)
    loc = locality(ev)
    flip = next(f for f in loc.flips if f.history == fig20_node)
    assert (flip.move, flip.alternative) == ((N, 11), (N, 7))  # finesse of the J -> finesse of the 7
    assert loc.combined_gain > 0.01 and loc.found()
    assert ev.value + loc.combined_gain <= ExactPolicy(game).value + 1e-9


@pytest.mark.slow
def test_fig22_compare_verdicts():
    out = compare(load(PAPER / "fig22-j876-at32.yaml"))
    rows = {r["solver"]: r for r in out["solvers"]}
    # the file's note: no line beats the double-dummy bound 0.793913
    assert rows["mm"]["estimate"] == pytest.approx(1 - 3 * 0.033913 - 3 * 0.028261 - 0.019565, abs=2e-6)
    assert rows["esm"]["move"] == "N:8" and rows["esm"]["true_value"] == pytest.approx(out["optimum"])
    for name in ("repeated-levy", "repeated-ginsberg", "repeated-threshold"):
        assert rows[name]["estimate"] == pytest.approx(rows["mm"]["estimate"])  # every first play's DD average
        assert "strategy fusion" in rows[name]["diagnosis"]
    assert rows["tactics"]["diagnosis"] == "non-locality"
    # (West's 4 is a spot card, written x: the 5 and the 4 are equivalent in this problem)
    assert any("after N:8 E:Q S:A W:x: N:J -> N:7" in f for f in rows["tactics"]["flips"])
    for row in out["solvers"]:
        if row["true_value"] is not None:
            assert row["true_value"] <= out["optimum"] + 1e-9
            assert row["loss"] == pytest.approx(out["optimum"] - row["true_value"])


def test_changed_choice_witness_on_ajt98_5432():
    """AJT98 / 5432, four tricks (file: 0.76, finesse twice).  Vector minimaxing cashes the ace: after a low
    card from South and a low card from West it rates the ace above the finesse over all the worlds there,
    but in West x-x (East K-Q) the defence can reach either of the two equivalent positions (West's 7 or
    6), so that world is lost to the finesse anyway while K-Q-x with West needs the finesse at both."""
    game = SuitGame(load(ROOT / "problems" / "classic" / "ajt98-5432-4.yaml"))
    h, ev = run_heuristic(game, builders()["vector"])
    assert ev.value < 0.76 - 0.05
    after_7 = game.step(game.step(game.root, (S, 5)), (W, 7))
    after_6 = game.step(game.step(game.root, (S, 5)), (W, 6))
    after_k = game.step(game.step(game.root, (S, 5)), (W, 13))
    assert signature(after_7) == signature(after_6) != signature(after_k)
    line = evaluate(game, OverridePolicy(ev.policy, {ev.policy.key(game, game.root, game.all, ()): (S, 5)}))
    ch = change_witness(line)
    assert ch is not None and ch.nodes >= 2 and (ch.move, ch.alternative) == ((N, 14), (N, 11))
    assert ch.history in (((S, 5), (W, 7)), ((S, 5), (W, 6)))
    assert ch.local_after <= ch.local_before and line.value + ch.gain > ev.value
    row = next(r for r in compare(game.problem)["solvers"] if r["solver"] == "vector")
    assert row["diagnosis"] == "non-locality" and row["test"] == "changed choice"


# --------------------------------------------------------------------------- double dummy and the evaluator
def test_double_dummy_matches_single_world_exact_search():
    """DD totals of policy.SuitGame against SuitSearch built with one world, along random lines."""
    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(4):
        p = random_suit_problem(rng, sizes=(7, 9), out=(3, 4), max_hand=3)
        game = SuitGame(p)
        ths = tuple(range(1, p.max_tricks + 1))
        pos = game.root
        while game.turn(pos)[0] != "leaf":
            north, south, dfd, won, lead, leader, table = pos
            for i, west in enumerate(game.west):
                ss = SuitSearch(p.north, p.south, p.outstanding, np.array([west]))
                if table:
                    front = ss.play(north, south, dfd, 1, ths, leader, table)
                else:
                    front = ss.boundary(north, south, dfd, 1, lead, ths)
                assert game.dd_total(pos, i) == won + int(round(ss.values(front, np.array([1.0])).max()))
                checked += 1
            kind, _ = game.turn(pos)
            if kind == MAX:
                moves = game.declarer_moves(pos)
                pos = game.step(pos, moves[int(rng.integers(len(moves)))])
            else:
                kids = game.min_children(pos, game.all)
                pos = game.step(pos, kids[int(rng.integers(len(kids)))][0])
    assert checked > 100


class Recorder(Policy):
    """Keys on the full history, so the evaluation walks every public history (for the literal check)."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner

    def key(self, game, pos, x, history):
        return history

    def choose(self, game, pos, x, history):
        return self.inner.choose(game, pos, x, history)


class Mapping(dict):
    """history -> declarer move; after the outcome is decided (not evaluated) any legal move."""

    def __init__(self, game: SuitGame, items) -> None:
        super().__init__(items)
        self.game = game

    def __missing__(self, hist):
        pos, _ = self.game.position_after(hist)
        return self.game.declarer_moves(pos)[0]


def literal_vector(game: SuitGame, ev) -> list[int]:
    strategy = Mapping(game, {n.history: n.move for n in ev.nodes.values() if n.kind == MAX})
    p = game.problem
    return [play_strategy(p.north, p.south, p.outstanding, w, strategy, game.target, p.lead) for w in game.west]


def test_policy_values_match_the_literal_per_world_simulation():
    """Per-world payoffs of every solver's line equal the literal reference's simulation of that strategy,
    and evaluating with the policy's own (transposition-merging) key gives the same payoffs."""
    rng = np.random.default_rng(5)
    for _ in range(5):
        p = random_suit_problem(rng, sizes=(6, 7), out=(3, 3), max_hand=2)
        game = SuitGame(p)
        policies = [ExactPolicy(game)] + [make(game).policy for make in builders().values()]
        for pol in policies:
            rec = evaluate(game, Recorder(pol))
            assert list(rec.vec) == literal_vector(game, rec)
            assert list(evaluate(game, CachedPolicy(pol)).vec) == list(rec.vec)


# --------------------------------------------------------------------------- properties on random problems
def random_problems(n: int, seed: int):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        yield random_suit_problem(rng, sizes=(7, 9), out=(3, 4), max_hand=3)


def test_properties_on_random_small_problems():
    interesting = 0
    for p in random_problems(24, 2024):
        game = SuitGame(p)
        exact = ExactPolicy(game)
        opt = exact.value
        mm = game.expectation(game.dd_vec(game.root, game.all), game.all)
        assert mm >= opt - 1e-9  # minimax per world is an upper bound of ESM
        assert evaluate(game, exact).value == pytest.approx(opt, abs=1e-12)  # the exact line scores exactly
        for name, make in builders().items():
            h, ev = run_heuristic(game, make)
            assert ev.value <= opt + 1e-9, name  # no policy beats the optimum
            if name.startswith("repeated"):
                assert h.estimate >= ev.value - 1e-9, name  # exhaustive: it never under-rates its own line
            elif name == "prm":
                assert h.estimate <= ev.value + 1e-9  # reduced payoffs: a lower bound
            else:
                assert h.estimate == pytest.approx(ev.value), name  # vector back-ups value their line exactly
        # an arbitrary (deterministic, pseudo-random) policy is no better either
        anyone = FunctionPolicy(lambda g, pos, x: g.declarer_moves(pos)[hash((pos, x)) % len(g.declarer_moves(pos))])
        assert evaluate(game, anyone).value <= opt + 1e-9
        interesting += 0 < opt < 1
    assert interesting >= 6


def test_sampled_repeated_minimaxing_is_seeded():
    p = load(PAPER / "fig14-kjtx-a98x.yaml")
    game = SuitGame(p)
    a = run_heuristic(game, repeated.build("levy", 8, 3))
    b = run_heuristic(SuitGame(p), repeated.build("levy", 8, 3))
    assert (a[1].first_move, a[1].value, a[0].estimate) == (b[1].first_move, b[1].value, b[0].estimate)
    assert a[1].value <= ExactPolicy(game).value + 1e-9


def test_diagnosis_rules():
    assert diagnose(0.9, 0.5, 0.5, False) == "optimal"
    assert diagnose(0.9, 0.4, 0.5, False) == "strategy fusion"
    assert diagnose(0.4, 0.4, 0.5, True) == "non-locality"
    assert diagnose(0.9, 0.4, 0.5, True) == "strategy fusion + non-locality"
    assert diagnose(0.4, 0.4, 0.5, False) == "sub-optimal"


# --------------------------------------------------------------------------- trees and the command line
def test_compare_tree_fig7():
    out = compare(load(ROOT / "problems" / "trees" / "fig07.yaml"))
    rows = {r["solver"]: r for r in out["solvers"]}
    assert out["optimum"] == pytest.approx(2 / 5)  # the paper: (1,2) or (2,1)
    for s in ("repeated-levy", "repeated-ginsberg", "repeated-threshold"):
        assert rows[s]["true_value"] == pytest.approx(1 / 5) and rows[s]["diagnosis"] == "strategy fusion"


def test_cli_compare_and_solve_json():
    runner = CliRunner()
    res = runner.invoke(main, ["compare", str(PAPER / "fig20-j87-t32.yaml"), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert set(out) >= {"problem", "optimum", "solvers"}
    assert out["optimum"] == pytest.approx(0.891304, abs=5e-7)  # file: hand calculation
    for row in out["solvers"]:
        assert set(row) >= {"solver", "move", "estimate", "true_value", "loss", "diagnosis"}
    res = runner.invoke(main, ["solve", str(PAPER / "fig14-kjtx-a98x.yaml"), "--solver", "repeated", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["solver"] == "repeated" and d["moves"][0]["move"] == "N:J"
    assert d["probability"] == d["true_value"] == pytest.approx(0.5 + comb(21, 9) / C26)
    assert d["estimate"] == pytest.approx(1.0)
    res = runner.invoke(main, ["compare", str(ROOT / "no-such-file.yaml")])
    assert res.exit_code == 2 and "no such file" in res.output


def test_tricks_max_problem_is_compared_target_by_target():
    # AQ / xx in a six-card suit (9 T J Q K A): K and J outstanding
    p = from_dict({"kind": "suit", "north": "AQ", "south": "xx", "tricks": "max", "suit_size": 6, "name": "AQ/xx"})
    out = compare(p)
    assert [b["tricks"] for b in out["targets"]] == [1, 2]
    assert out["targets"][0]["optimum"] == pytest.approx(1.0)
    # Hand calculation: lead low to the AQ; the ace if West plays the J (catches East's singleton K; West
    # K-J plays the J), the queen... West's K is beaten by the ace anyway: West K or West J alone succeed,
    # 2 * C(24, 12) / C(26, 13) = 0.52 (West K-J, 0.24, and West void lose).
    assert out["targets"][1]["optimum"] == pytest.approx(2 * comb(24, 12) / C26)


@pytest.mark.parametrize("north,south,target", [
    ("AQ9x", "Jxx", 3), ("KJ84", "7", 2), ("J876", "AT32", 3), ("AJ9", "xx", None), ("KT9", "xx", None),
])
def test_the_line_stops_where_nothing_more_is_gained(north: str, south: str, target: int | None) -> None:
    """A defender's card after which the line gains nothing more (``decided``) ends its branch: in a target
    problem no world reaching it is one the line makes; every other branch still has one.  Declarer's
    plays below are left to chance (``ExactPolicy`` plays any card there), and the line still scores the
    exact value in every world's sum."""
    d = {"kind": "suit", "north": north, "south": south}
    d.update({"tricks": target} if target else {"objective": "tricks"})
    game = SuitGame(from_dict(d, "<t>"))
    exact = ExactPolicy(game)
    good = exact.analysis.success_worlds() if target else None
    decided = 0

    def walk(nodes, depth=0):
        nonlocal decided
        for node in nodes:
            if node.decided:
                decided += 1
                assert node.children == [] and node.seat in (E, W)
                if target:
                    assert node.worlds & good == 0
            elif target and node.seat in (E, W):
                assert node.worlds & good
            walk(node.children, depth + 1)

    walk(exact.tree)
    assert decided > 0
    assert evaluate(game, exact).value == pytest.approx(exact.value, abs=1e-12)
