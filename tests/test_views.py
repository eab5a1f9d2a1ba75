"""The deals each player believes in (:class:`bridgeplay.deal.views.View`), against a brute force.

Every ABC and Monte Carlo score rests on these draws: A's deals Da (Step 1) and B's and C's deals after A's card
(Step 2-1).  ``tests/reference/seat_views.py`` lists every split of the two hands a viewer cannot see and keeps
those that meet the file's constraints (of whole hands as dealt: the cards held now and those played) and the
voids the play has shown.  On positions reached by random legal play from the paper's two deals and from random
deals, with random constraints true of the deal: the view's count equals the brute force's, every deal drawn
(through the solvers' own :func:`sample_da` and :func:`views_after`) is one of its layouts, and on a few
positions the draws are uniform over them (a chi-square test).
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from bridgeplay import kinds
from bridgeplay.deal.abc import candidates, sample_da, views_after
from bridgeplay.deal.views import View
from tests.reference import seat_views as ref

EX1 = {
    "kind": "deal", "to_play": "E", "declarer": "S", "contract": "3NT", "vulnerable": "NS",
    "deal": "N:432.32.32.AJT987 QJT.KJT9.QJT9.K2 AK9.AQ87.AK87.Q6 8765.654.654.543",
    "played": ["W:H6 N:H2 E:HK S:HA", "S:CQ W:C3 N:C7"],
}
EX2 = {
    "kind": "deal", "to_play": "S", "declarer": "S", "contract": "4S", "vulnerable": "NS",
    "deal": "N:AJ32.KQ543.2.654 87.AT6.6543.JT98 KQT9.2.KQJT9.A32 654.J987.A87.KQ7",
    "played": ["W:CK N:C4 E:C9 S:CA"],
}


def _random_deal(rng: random.Random) -> dict:
    pack = list(range(52))
    rng.shuffle(pack)
    hands = [0] * 4
    for i, k in enumerate(pack):
        hands[i % 4] |= 1 << (16 * (k // 13) + 2 + k % 13)
    declarer = rng.randrange(4)
    strain = rng.choice("SHDCN")
    return {"kind": "deal", "declarer": ref.SEATS[declarer], "contract": f"4{'NT' if strain == 'N' else strain}",
            "vulnerable": "none", "deal": ref.pbn(hands), "played": []}


def _position(base: dict, rng: random.Random, tricks_left: int) -> dict:
    """``base`` played on at random (legal cards) until about ``tricks_left`` tricks are left and a player who
    is not dummy is to play; random constraints true of the deal."""
    dealt = ref.deal(base["deal"])
    history = ref.plays(base["played"])
    declarer = ref.SEATS.index(base["declarer"])
    dummy = (declarer + 2) % 4
    trump = "SHDC".find(base["contract"][1]) if base["contract"][1] != "N" else -1
    now = list(dealt)
    leader = (declarer + 1) % 4
    trick: list[tuple[int, int]] = []
    for x, c in history:
        now[x] &= ~(1 << c)
        trick.append((x, c))
        if len(trick) == 4:
            leader = ref.trick_winner(trick, trump)
            trick = []
    stop = rng.randrange(4)  # cards of the last trick played (more where dummy is then to play)
    while True:
        seat = (leader + len(trick)) % 4
        left = (sum(bin(h).count("1") for h in now) + len(trick) + 3) // 4
        if seat != dummy and (left < tricks_left or left == tricks_left and len(trick) >= stop):
            break
        led = trick[0][1] >> 4 if trick else -1
        legal = [c for c in range(64) if now[seat] >> c & 1]
        follow = [c for c in legal if c >> 4 == led]
        c = rng.choice(follow or legal)
        now[seat] &= ~(1 << c)
        history.append((seat, c))
        trick.append((seat, c))
        if len(trick) == 4:
            leader = ref.trick_winner(trick, trump)
            trick = []
    played = [0] * 4
    for x, c in history:
        played[x] |= 1 << c
    constraints = {}
    for x in rng.sample(range(4), rng.randrange(1, 4)):
        whole = dealt[x]
        con: dict = {}
        if rng.random() < 0.8:
            p = ref.points(whole)
            con["hcp"] = [max(0, p - rng.randrange(3)), min(37, p + rng.randrange(3))]
        if rng.random() < 0.6:
            lengths = {}
            for s in rng.sample(range(4), rng.randrange(1, 3)):
                n = ref.length(whole, s)
                lengths[ref.SUITS[s]] = n if rng.random() < 0.3 else [max(0, n - 1), n + rng.randrange(2)]
            con["lengths"] = lengths
        held = [c for c in range(64) if now[x] >> c & 1]
        if held and rng.random() < 0.4:
            con["cards"] = [ref.text(rng.choice(held))]
        if con:
            constraints[ref.KEYS[x]] = con
    lines = [" ".join(f"{ref.SEATS[x]}:{ref.text(c)}" for x, c in history[i:i + 4]) for i in range(0, len(history), 4)]
    return {**base, "played": lines, "to_play": ref.SEATS[(leader + len(trick)) % 4], "constraints": constraints,
            "scoring": "tricks"}


def _problems(seed: int, count: int, tricks_left: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        base = [EX1, EX2, None][len(out) % 3] or _random_deal(rng)
        data = _position(base, rng, tricks_left)
        try:
            kinds.load(data, "random.yaml")
        except Exception as exc:  # noqa: BLE001 - a position the loader refuses would be a test bug: say which
            raise AssertionError(f"{data}: {exc}") from exc
        out.append(data)
    return out


def _with(d: tuple, seat: int, m: int) -> tuple:
    return tuple(h | (1 << m) if i == seat else h for i, h in enumerate(d))


def _brute(data: dict, viewer: int, now: tuple, extra: list[tuple[int, int]]) -> set:
    p = kinds.load(data, "random.yaml")
    return ref.layouts(viewer, p.dummy, list(now), ref.plays(data["played"]) + extra, data.get("constraints", {}))


def _chi2_limit(k: int, z: float = 3.72) -> float:
    """The chi-square distribution's quantile for k degrees of freedom at z standard deviations (Wilson-Hilferty;
    z = 3.72: one in 10,000)."""
    return k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def _check(data: dict, draws: int, uniform: bool) -> None:
    p = kinds.load(data, "random.yaml")
    a = p.to_play
    brute = _brute(data, a, p.now, [])
    view = View(a, p.dummy, p.now, p.history, p.constraints)
    assert view.count == len(brute) > 0, data
    das = sample_da(p, draws, 7)
    assert set(das) <= brute, data
    if uniform and len(brute) > 1:
        counts = Counter(das)
        exp = draws / len(brute)
        chi2 = sum((counts.get(d, 0) - exp) ** 2 / exp for d in brute)
        assert chi2 < _chi2_limit(len(brute) - 1), (chi2, len(brute), data)
    r = p.roles
    da = das[0]
    for m in candidates(p):
        after = tuple(h & ~(1 << m) if i == a else h for i, h in enumerate(da))
        dbs, dcs = views_after(p, da, m, draws if uniform else 20, 3, 0)
        for who, got in ((r.b, dbs), (r.c, dcs)):
            want = {_with(d, a, m) for d in _brute(data, who, after, [(a, m)])}
            hist = p.history + ((a, m),)
            assert View(who, p.dummy, after, hist, p.constraints).count == len(want) > 0, (data, who, m)
            assert set(got) <= want, (data, who, m)
            if uniform and len(want) > 1:
                counts = Counter(got)
                exp = len(got) / len(want)
                chi2 = sum((counts.get(d, 0) - exp) ** 2 / exp for d in want)
                assert chi2 < _chi2_limit(len(want) - 1), (chi2, len(want), data, who, m)


@pytest.mark.parametrize("data", _problems(1, 24, 4), ids=lambda d: f"{d['deal'][2:12]}-{d['to_play']}")
def test_views_count_and_draw_the_brute_forces_layouts(data: dict) -> None:
    _check(data, 200, uniform=False)


@pytest.mark.parametrize("data", _problems(2, 3, 3), ids=lambda d: f"{d['deal'][2:12]}-{d['to_play']}")
def test_views_draw_every_layout_alike(data: dict) -> None:
    _check(data, 4000, uniform=True)


@pytest.mark.parametrize("data", _problems(3, 45, 6), ids=lambda d: f"{d['deal'][2:12]}-{d['to_play']}")
def test_views_count_and_draw_the_brute_forces_layouts_with_more_cards(data: dict) -> None:
    _check(data, 200, uniform=False)


@pytest.mark.slow
@pytest.mark.parametrize("data", _problems(4, 300, 7), ids=lambda d: f"{d['deal'][2:12]}-{d['to_play']}")
def test_views_count_and_draw_the_brute_forces_layouts_more(data: dict) -> None:
    _check(data, 200, uniform=False)
