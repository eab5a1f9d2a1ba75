"""Otawa & Uehara's card selection: Monte Carlo and the ABC algorithm (issue 26).

* the fast ABC search equals the literal evaluator of the paper's back-up rules (tests/reference/abc_literal.py),
  ``*`` rule included, on random small endings with random views;
* with every view replaced by the true deal, ABC scores equal Monte Carlo's;
* Example 1 on the paper's hand-built deals d1 and d2, and a triple where the duck misleads declarer.
"""

from __future__ import annotations

import random

import pytest

from bridgeplay.cards import Card, Hand
from bridgeplay.deal.abcsearch import (
    ABCSearch,
    Engine,
    Roles,
    cards_in,
    dd_score,
    hand_of,
    legal_cards,
    still_legal,
)
from bridgeplay.deal.seat import duplicate_score
from tests.reference.abc_literal import evaluate


def H(pbn: str) -> int:
    return hand_of(Hand.from_pbn(pbn).suits)


def C(text: str) -> int:
    c = Card.parse(text)
    return 16 * c.suit + c.rank


def deal(pbn: str) -> tuple:
    return tuple(H(h) for h in pbn.split())


def _random_case(rng: random.Random, n: int, eng: Engine | None = None):
    """A random ending, A's card and views for B and C; with ``eng``, views that mislead when some of 30 do."""
    deck = [16 * s + r for s in range(4) for r in range(2, 15)]
    cards = rng.sample(deck, 4 * n)
    hands = [0] * 4
    for i, c in enumerate(cards):
        hands[i % 4] |= 1 << c
    trump, declarer, leader = rng.randrange(5), rng.randrange(4), rng.randrange(4)
    trick = []
    seat = leader
    for _ in range(rng.randrange(4)):
        led = (trick[0][1] >> 4) if trick else -1
        c = rng.choice(cards_in(legal_cards(hands[seat], led)))
        hands[seat] &= ~(1 << c)
        trick.append((seat, c))
        seat = (seat + 1) % 4
    if seat == (declarer + 2) % 4:
        return None
    r = Roles.of(seat, declarer)
    da = tuple(hands)
    led = (trick[0][1] >> 4) if trick else -1
    m = rng.choice(cards_in(legal_cards(da[seat], led)))

    def view(keep):
        free = [x for x in range(4) if x not in keep]
        pool = [c for x in free for c in cards_in(hands[x])]
        rng.shuffle(pool)
        d, i = list(hands), 0
        for x in free:
            k = bin(hands[x]).count("1")
            d[x] = sum(1 << c for c in pool[i:i + k])
            i += k
        return tuple(d)

    kind = rng.randrange(3)
    if kind == 0:
        payoff = list(range(n + 1))
    elif kind == 1:
        t = rng.randrange(1, n + 1)
        payoff = [1 if x >= t else 0 for x in range(n + 1)]
    else:
        payoff = sorted(rng.choice([-3, -1, 0, 2, 5]) for _ in range(n + 1))
    found = None
    for _ in range(30 if eng is not None else 50):
        db, dc = view({r.b, r.dummy}), view({r.c, r.dummy})
        if not (still_legal(db, seat, m, led) and still_legal(dc, seat, m, led)):
            continue
        found = db, dc
        if eng is None or ABCSearch(r, trump, leader, trick, da, db, dc, payoff, eng).score(m) != \
                dd_score(r, trump, leader, trick, m, da, payoff, eng):
            break
    if found is None:
        return None
    db, dc = found
    return r, trump, leader, trick, m, da, db, dc, payoff, declarer


def test_back_up_rules_equal_the_literal_evaluator():
    rng = random.Random(26)
    eng = Engine()
    checked = misled = 0
    while checked < 60:
        case = _random_case(rng, rng.choice([2, 3, 3, 4]), eng)
        if case is None:
            continue
        r, trump, leader, trick, m, da, db, dc, payoff, declarer = case
        ref = evaluate(r.a, declarer, trump, leader, trick, [da, db, dc], payoff, m)
        fast = ABCSearch(r, trump, leader, trick, da, db, dc, payoff, eng).score(m)
        assert fast == ref[0], case
        checked += 1
        misled += fast != dd_score(r, trump, leader, trick, m, da, payoff, eng)
    # the views do change the value somewhere (else the test could not tell ABC from Monte Carlo)
    # rare in small endings: B's best card in his view must be unique and bad in da (ties in X go against A);
    # test_example1_a_misled_declarer... shows a full deal
    assert misled >= 1


def test_star_rule_paths_impossible_in_a_view():
    """Views whose A hand differs from da's: along A's real cards the view breaks (b = * below, X = every child)."""
    rng = random.Random(7)
    eng = Engine()
    found = 0
    while found < 30:
        case = _random_case(rng, rng.choice([2, 3]))
        if case is None:
            continue
        r, trump, leader, trick, m, da, db, dc, payoff, declarer = case
        if db[r.a] == da[r.a] and dc[r.a] == da[r.a]:
            continue
        ref = evaluate(r.a, declarer, trump, leader, trick, [da, db, dc], payoff, m)
        assert ABCSearch(r, trump, leader, trick, da, db, dc, payoff, eng).score(m) == ref[0]
        found += 1


def test_abc_equals_montecarlo_when_every_view_is_the_true_deal():
    rng = random.Random(3)
    eng = Engine()
    n = 0
    while n < 40:
        case = _random_case(rng, rng.choice([3, 4, 5, 6]))
        if case is None:
            continue
        r, trump, leader, trick, m, da, _, _, payoff, _ = case
        assert ABCSearch(r, trump, leader, trick, da, da, da, payoff, eng).score(m) == \
            dd_score(r, trump, leader, trick, m, da, payoff, eng)
        n += 1


# -- Example 1 -----------------------------------------------------------------------------------
EX1_PLAY = [(3, "H6"), (0, "H2"), (1, "HK"), (2, "HA"), (2, "CQ"), (3, "C3"), (0, "C7")]
EX1_TRICK = ((2, C("CQ")), (3, C("C3")), (0, C("C7")))
D1 = "432.32.32.AJT987 QJT.KJT9.QJT9.K2 AK96.AQ87.AK4.Q4 875.654.8765.653"  # N E S W, the paper's Figure 2
D2 = "432.32.32.AJT987 QJT.KJT9.QJT9.K2 AK8.AQ87.AK87.Q6 9765.654.654.543"
# East's score when East-West take t of the 12 tricks left (North-South took trick 1): 3NT by South, vulnerable
EX1_PAYOFF = [-duplicate_score(3, 4, 0, True, 1 + 12 - t) for t in range(13)]


def _now(d):
    d = list(d)
    for seat, c in EX1_PLAY:
        d[seat] &= ~(1 << C(c))
    return tuple(d)


def test_example1_montecarlo_on_the_papers_deals():
    """Monte Carlo plays the king on d1 + d2.  The paper writes s(C2, d) = -690 (12 tricks); double dummy gives the
    duck 13 tricks on both deals (a triple squeeze on East; DDS through endplay agrees), so the sums are
    -1440 for the 2 and -1320 for the king (the paper: -1380 and -1320).  Either way the king is chosen."""
    r, eng = Roles.of(1, 2), Engine()
    s = {m: [dd_score(r, 4, 2, EX1_TRICK, C(m), _now(deal(d)), EX1_PAYOFF, eng) for d in (D1, D2)]
         for m in ("C2", "CK")}
    assert s == {"C2": [-720, -720], "CK": [-660, -660]}
    assert sum(s["CK"]) == -1320 and sum(s["CK"]) > sum(s["C2"])


def test_example1_papers_arithmetic_of_steps_2_3_and_3():
    """Step 2-3 averages the triples of one da, Step 3 sums over Da: the paper's four triples' scores give -540
    for the 2 and -1320 for the king."""
    from bridgeplay.deal.abc import _result  # noqa: F401  (the solver uses the same sum)

    triples = {"C2": [[100, -690], [-690, 200]], "CK": [[-660, -660], [-660, -660]]}
    total = {m: sum(sum(v) / len(v) for v in rows) for m, rows in triples.items()}
    assert total == {"C2": -540, "CK": -1320}


def test_example1_a_misled_declarer_scores_the_duck_plus_100():
    """The true deal as da, a South view in which East holds the club king with the five (South finesses as his
    view says is safe) and a West view: ABC scores the duck +100 (3NT one down), double dummy -720."""
    true = _now(deal("432.32.32.AJT987 QJT.KJT9.QJT9.K2 AK9.AQ87.AK87.Q6 8765.654.654.543"))
    db = deal("432.3.32.AJT98 QJT7.JT.QT9.K52 AK9.Q87.AK87.6 865.954.J654.4")
    dc = deal("432.3.32.AJT98 KJT.87.AQJ97.62 AQ9.QJT9.KT8.K 8765.54.654.54")
    r, eng = Roles.of(1, 2), Engine()
    assert db[2] == true[2] and dc[3] == true[3] and db[0] == dc[0] == true[0]
    assert ABCSearch(r, 4, 2, EX1_TRICK, true, db, dc, EX1_PAYOFF, eng).score(C("C2")) == 100
    assert dd_score(r, 4, 2, EX1_TRICK, C("C2"), true, EX1_PAYOFF, eng) == -720


@pytest.mark.parametrize("level,strain,dbl,vul,tricks,score", [
    (3, 4, 0, True, 12, 690), (3, 4, 0, True, 8, -100), (4, 0, 0, True, 10, 620), (4, 0, 1, False, 7, -500),
    (1, 3, 1, False, 7, 140), (6, 1, 0, False, 12, 980), (2, 0, 2, True, 8, 840), (4, 0, 1, True, 7, -800),
])
def test_duplicate_score(level, strain, dbl, vul, tricks, score):
    assert duplicate_score(level, strain, dbl, vul, tricks) == score
