"""Tests of the literal ESM reference (tests/reference/esm_literal.py) on hand-checkable positions.

Every expected number below is worked out by hand in the comments (a-priori probabilities of a
specific k-card West holding of n outstanding cards are C(26-n, 13-k) / C(26, 13)); none comes from
running the code.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

try:  # works whether or not tests/ is a package
    from tests.reference.esm_literal import (
        EXIT,
        Game,
        MinNode,
        cards_of,
        count_strategies,
        esm_literal,
        evaluate,
        iter_strategies,
        mask_of,
        mm_value,
        play_strategy,
        strategy_as_mapping,
    )
except ImportError:  # pragma: no cover - depends on how pytest sets sys.path
    from reference.esm_literal import (  # type: ignore[no-redef]
        EXIT,
        Game,
        MinNode,
        cards_of,
        count_strategies,
        esm_literal,
        evaluate,
        iter_strategies,
        mask_of,
        mm_value,
        play_strategy,
        strategy_as_mapping,
    )

C26 = comb(26, 13)  # 10 400 600


def apriori_worlds(outstanding: int, scaled: bool = False) -> list[tuple[int, Fraction | int]]:
    """Every West holding of the outstanding cards with its a-priori probability C(26-n,13-k)/C(26,13).

    ``scaled``: return the integer numerators C(26-n, 13-k) instead (probability times C(26,13)); the
    reference uses weights as given, so values come out multiplied by C(26,13) (exact and faster).
    """
    cs = cards_of(outstanding)
    n = len(cs)
    worlds: list[tuple[int, Fraction | int]] = []
    for k in range(n + 1):
        weight = comb(26 - n, 13 - k)
        for west in combinations(cs, k):
            worlds.append((mask_of(west), weight if scaled else Fraction(weight, C26)))
    return worlds


def test_apriori_helper_sums_to_one() -> None:
    # 2 outstanding: C(24,13) + 2*C(24,12) + C(24,11) = 2496144 + 5408312 + 2496144 = 10400600 = C(26,13)
    assert sum(p for _w, p in apriori_worlds(mask_of("KJ"))) == 1
    assert comb(24, 13) == 2496144 and comb(24, 12) == 2704156 and comb(24, 11) == 2496144


# ------------------------------------------------------------------------------------------------
# AQ opposite 32, outstanding K and J, two tricks needed
# ------------------------------------------------------------------------------------------------
# Worlds (West's holding): -- (E=KJ) 2496144, K (E=J) 2704156, J (E=K) 2704156, KJ (E=--) 2496144,
# all over 10400600.
# * Lead small from South (S:3 or S:2).  West plays before North.
#   - W=K: West must play the K; North takes the A and the Q is high: 2 tricks.
#   - W=KJ: if West plays the K, the A wins and the Q is high; so West plays the J.
#   - W=J (K singleton with East): West plays the J.
#   - W=--: West shows out; East has KJ over North's AQ: the K always scores, declarer loses.
#   After W:J declarer cannot tell W=J from W=KJ: the Q wins only in W=KJ (K onside), the A wins only in
#   W=J (it drops East's singleton K).  Best: max(P(K)+P(J), P(K)+P(KJ)) = (2704156+2704156)/10400600.
# * N:A (cash the ace): drops a singleton K on either side (W=K: West's K falls; W=J: East's K falls);
#   with KJ in one hand the J is played and the K wins later: same 5408312/10400600.
# * N:Q: the K covers it wherever it is (or East has it and plays it): 0.
# Double dummy (mm): declarer wins in W=K, W=J (drop), W=KJ (finesse): 7904456/10400600.
# Expected tricks (target None): the A always scores, so it is 1 + P(2 tricks) = 1 + 5408312/10400600.
AQ, SMALL32, KJ = mask_of("AQ"), mask_of("32"), mask_of("KJ")
P_DROP = Fraction(2 * 2704156, C26)


def test_aq_opposite_32_two_tricks_against_kj() -> None:
    res = esm_literal(AQ, SMALL32, KJ, apriori_worlds(KJ), 2)
    assert res.value == P_DROP
    assert res.moves == {"N:A": P_DROP, "N:Q": 0, "S:3": P_DROP, "S:2": P_DROP}
    assert res.strategies == count_strategies(AQ, SMALL32, KJ, apriori_worlds(KJ))
    assert mm_value(AQ, SMALL32, KJ, apriori_worlds(KJ), 2) == Fraction(7904456, C26)


def test_aq_opposite_32_expected_tricks() -> None:
    res = esm_literal(AQ, SMALL32, KJ, apriori_worlds(KJ), None)
    assert res.value == 1 + P_DROP
    # N:Q: the Q never scores (the K covers or is played over it), the A always does: exactly 1 trick.
    assert res.moves["N:Q"] == 1


def test_first_lead_restricted_to_north() -> None:
    res = esm_literal(AQ, SMALL32, KJ, apriori_worlds(KJ), 2, lead="N")
    assert res.moves == {"N:A": P_DROP, "N:Q": 0}
    assert res.value == P_DROP


def test_fusion_esm_below_minimax() -> None:
    # Strategy fusion (Fig. 7 in miniature): after S:x W:J, minimax plays the Q in world KJ and the A
    # in world J although declarer cannot tell them apart; ESM must commit: 0.52 < 0.76.
    worlds = apriori_worlds(KJ)
    esm = esm_literal(AQ, SMALL32, KJ, worlds, 2).value
    mm = mm_value(AQ, SMALL32, KJ, worlds, 2)
    assert esm == Fraction(5408312, C26) and mm == Fraction(7904456, C26)
    assert mm - esm == Fraction(2496144, C26)  # exactly the world W=KJ that minimax "also" wins
    # With a single world declarer effectively sees all cards: ESM equals minimax there.
    for west, p in worlds:
        assert esm_literal(AQ, SMALL32, KJ, [(west, p)], 2).value == mm_value(AQ, SMALL32, KJ, [(west, p)], 2)


@pytest.mark.slow
def test_aq_opposite_32_finesse_against_kjt() -> None:
    # Outstanding K J T (n=3): specific holdings weigh C(23,13-k): k=0,3: 1144066; k=1,2: 1352078.
    # Lead toward AQ and finesse the Q unless the K appears: wins whenever West holds the K
    # (K, KJ, KT, KJT) = 1352078 + 2*1352078 + 1144066 = 5200300 -> exactly 1/2.  Alternatives after
    # S:x: "A after W:J, Q after W:T" wins only K and KT (West with KJ, KJT plays the J, with JT the T)
    # = 2*1352078; "Q after J, A after T" likewise K and KJ; "A after either" K and JT (K singleton
    # East): all 2704156 -> 0.26.  Cash the A: drops a singleton K (W=K or W=JT) = 2704156.  N:Q: 0.
    # Minimax: the finesse worlds plus W=JT (drop): 5200300 + 1352078 = 6552378.
    kjt = mask_of("KJT")
    worlds = apriori_worlds(kjt, scaled=True)  # integer weights: values are times C(26,13)
    res = esm_literal(AQ, SMALL32, kjt, worlds, 2)
    assert res.value == 5200300
    assert res.moves == {"N:A": 2704156, "N:Q": 0, "S:3": 5200300, "S:2": 5200300}
    assert mm_value(AQ, SMALL32, kjt, worlds, 2) == 6552378


def test_defenders_equal_cards_are_separate_moves() -> None:
    # After S:2 with K J T outstanding, West's possible plays are K, J, T (each where West holds it)
    # and a discard (West void): four distinct public events, J and T not merged.
    game = Game(AQ, SMALL32, mask_of("KJT"), apriori_worlds(mask_of("KJT")))
    idx = [i for i, ev in enumerate(game.root.events) if ev == (2, 2)][0]  # S:2
    node = game.root.children[idx]
    assert isinstance(node, MinNode)
    assert [ev for ev in node.events] == [(3, 13), (3, 11), (3, 10), (3, 0)]


# ------------------------------------------------------------------------------------------------
# exits
# ------------------------------------------------------------------------------------------------
def test_defender_with_no_card_must_exit() -> None:
    # North AQ, South 2, outstanding K alone: W=K or E=K, each C(25,12)/C(26,13) = 1/2.
    # Strategies by hand (N has two cards, so two tricks):
    #   S:2 lead: West plays K (world W=K) or shows out (E=K); after either North chooses A or Q, and
    #     everything after is forced (a defender who wins with its last card must exit, declarer then
    #     has one card left): 2 * 2 = 4 strategies;
    #   N:A lead: 1 strategy (all forced);  N:Q lead: 1 strategy.  Total 6.
    # Two tricks: N:A drops the singleton K wherever it is; S:2 then A on either West play; N:Q loses.
    # Target None: after N:Q the K wins, its owner has no card and must exit, declarer leads the A: 1.
    north, south, out = mask_of("AQ"), mask_of("2"), mask_of("K")
    worlds = apriori_worlds(out)
    assert [p for _w, p in worlds] == [Fraction(1, 2), Fraction(1, 2)]
    assert count_strategies(north, south, out, worlds) == 6
    res = esm_literal(north, south, out, worlds, 2)
    assert res.strategies == 6
    assert res.value == 1 and res.moves == {"N:A": 1, "N:Q": 0, "S:2": 1}
    res = esm_literal(north, south, out, worlds, None)
    assert res.value == 2 and res.moves == {"N:A": 2, "N:Q": 1, "S:2": 2}
    # the forced exit is a node of the tree: after N:Q E:K S:2 W:- East's only option is to exit
    game = Game(north, south, out, worlds)
    node = game.root.children[1]  # N:Q
    for _ in range(3):  # E:K (world W=--), S:2, W:-
        node = node.children[0]
    assert isinstance(node, MinNode) and node.events == [(1, EXIT)]


def test_defender_exits_rather_than_lead_into_tenace() -> None:
    # North AQT, South void, East KJ5 (one world).  Declarer always leads from North, so North plays
    # before East and East wins the T with the J and the Q with the K: declarer takes only the A.
    # If East had to lead the suit after winning, North (last to play) would score a second trick
    # (e.g. T won by J; East leads 5 -> Q wins, then the A drops the K): the value 1 needs the exit.
    north, south, out = mask_of("AQT"), 0, mask_of("KJ5")
    worlds = [(0, 1)]
    assert esm_literal(north, south, out, worlds, None).value == 1
    assert mm_value(north, south, out, worlds, None) == 1
    assert esm_literal(north, south, out, worlds, 2).value == 0


def test_no_outstanding_cards() -> None:
    # North A, South 32, no defender cards: the defenders always discard.  Strategies: N:A then South
    # plays 3 or 2 (2; the rest is forced); S:3 or S:2 then all forced (1 each): 4.  Declarer wins
    # both tricks: 2 tricks, P(>=2) = 1, P(>=3) = 0.
    north, south = mask_of("A"), mask_of("32")
    assert count_strategies(north, south, 0, [(0, 1)]) == 4
    res = esm_literal(north, south, 0, [(0, 1)], None)
    assert (res.value, res.strategies) == (2, 4)
    assert esm_literal(north, south, 0, [(0, 1)], 3).value == 0


def test_probabilities_used_as_given() -> None:
    # Only the world E=K (West void), weight 3/7: S:2, West shows out, the A drops East's K: 3/7 for
    # two tricks, not renormalised to 1.
    north, south, out = AQ, mask_of("2"), mask_of("K")
    assert esm_literal(north, south, out, [(0, Fraction(3, 7))], 2).value == Fraction(3, 7)
    doubled = [(w, 2 * p) for w, p in apriori_worlds(KJ)]
    assert esm_literal(AQ, SMALL32, KJ, doubled, 2).value == 2 * P_DROP


def test_max_strategies_guard() -> None:
    with pytest.raises(ValueError):
        esm_literal(AQ, SMALL32, KJ, apriori_worlds(KJ), 2, max_strategies=100)


# ------------------------------------------------------------------------------------------------
# properties on random small problems
# ------------------------------------------------------------------------------------------------
def _random_problems(seed: int, count: int, max_strategies: int):
    rng = random.Random(seed)
    made = 0
    while made < count:
        size = rng.randint(3, 6)
        ranks = rng.sample(range(2, 15), size)
        owners = [rng.choice("NSO") for _ in ranks]
        north = mask_of([r for r, o in zip(ranks, owners) if o == "N"])
        south = mask_of([r for r, o in zip(ranks, owners) if o == "S"])
        out = mask_of([r for r, o in zip(ranks, owners) if o == "O"])
        if not (north or south) or bin(out).count("1") > 4:
            continue
        worlds = apriori_worlds(out)
        if count_strategies(north, south, out, worlds) > max_strategies:
            continue
        made += 1
        n_tricks = max(bin(north).count("1"), bin(south).count("1"))
        yield north, south, out, worlds, rng.choice([None, *range(1, n_tricks + 1)])


def test_minimax_bounds_esm_and_single_world_equality() -> None:
    for north, south, out, worlds, target in _random_problems(1, 40, 3000):
        res = esm_literal(north, south, out, worlds, target)
        mm = mm_value(north, south, out, worlds, target)
        assert mm >= res.value
        assert res.value == max(res.moves.values())
        assert res.strategies == count_strategies(north, south, out, worlds)
        for west, p in worlds:
            one = [(west, p)]
            assert esm_literal(north, south, out, one, target).value == mm_value(north, south, out, one, target)


def test_tree_evaluation_matches_direct_simulation() -> None:
    # Fig. 4 on the public tree vs. replaying each strategy (as history -> move) in each world straight
    # from the hands: same value for every strategy, and the maximum is esm_literal's value.
    for north, south, out, worlds, target in _random_problems(2, 15, 300):
        game = Game(north, south, out, worlds)
        best = None
        for strategy in iter_strategies(game.root):
            mapping = strategy_as_mapping(game, strategy)
            direct = sum(p * play_strategy(north, south, out, west, mapping, target) for west, p in worlds)
            assert direct == evaluate(game, strategy, target)
            best = direct if best is None else max(best, direct)
        assert best == esm_literal(north, south, out, worlds, target).value
