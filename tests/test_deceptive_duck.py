"""The smooth duck of a king (``problems/deceptive/smooth-duck-king.yaml``) on hand-built triples.

East holds ♦K2 behind dummy's ♦AJT98 (no side entry); declarer leads the ♦Q from Q6 and runs it.  Double dummy
the duck costs an overtrick (declarer cashes the ♦A next and drops the bare king), so Monte Carlo wins the king.
A declarer who places the king with West finesses again instead, and dummy's suit dies: the duck beats 3NT.

ABC finds that on a triple whose declarer's view differs from the true deal only by where the king is.  It does not
at the default samples (it plays the king, as Monte Carlo does).  Counted on 40 views of declarer's sampled after the
duck on the true deal (seeds 0-3, the default revised views): the king is with East in 24 of them, and declarer
then cashes the ace; of the 16 that put it with West, 3 end in the failed finesse (+100), and the other 13 in a line
that makes 10 to 12 tricks (his view also differs in the other suits, where he looks before he guesses
diamonds).  The duck then averages -437 in the true deal, against the king's -430.
"""

from __future__ import annotations

from pathlib import Path

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

from bridgeplay import kinds
from bridgeplay.deal.abcsearch import ABCSearch, Engine, card_int

ROOT = Path(__file__).resolve().parents[1]
DIAMONDS = 2
KING, TWO = card_int(DIAMONDS, 13), card_int(DIAMONDS, 2)
EAST, WEST = 1, 3


def _problem():
    return kinds.load(ROOT / "problems/deceptive/smooth-duck-king.yaml")


def _score(p, m: int, db, dc, views: str | None = None) -> float:
    return ABCSearch(p.roles, p.trump, p.leader, p.trick, p.now, db, dc, p.payoff, Engine(),
                     views or p.views).score(m)


def _swap(d, a: int, b: int, ca: int, cb: int):
    d = list(d)
    d[a] = d[a] & ~(1 << ca) | (1 << cb)
    d[b] = d[b] & ~(1 << cb) | (1 << ca)
    return tuple(d)


def test_double_dummy_the_duck_costs_an_overtrick_as_dds_says() -> None:
    """Every view the true deal: ABC is double dummy, and DDS (through endplay) gives the same tricks."""
    p = _problem()
    d = Deal("N:432.432.AJT98.32 QJT.KJT9.K2.JT98 AK9.AQ87.Q6.AK76 8765.65.7543.Q54", first=Player.west,
             trump=Denom.nt)
    for c in ("S5", "S2", "ST", "SA", "DQ", "D3", "D8"):
        d.play(c)
    ew = {str(c): t for c, t in solve_board(d)}  # East-West's tricks from trick 2 on
    assert ew == {"♦K": 3, "♦2": 1}
    # declarer (won trick 1): 1 + 12 - 3 = 10 tricks after the king (3NT +1, -430 for East), 12 after the duck
    assert _score(p, KING, p.now, p.now) == -430
    assert _score(p, TWO, p.now, p.now) == -490


def test_the_duck_beats_3nt_when_declarers_view_misplaces_only_the_king() -> None:
    """Declarer's view: the true deal with the ♦K and one of West's small diamonds exchanged (every suit's
    lengths true, so the view never becomes ``*``).  He finesses, East's bare king wins, dummy's diamonds
    die: 3NT two down (+100 for East), where the king scores -430."""
    p = _problem()
    for low in (4, 5, 7):
        db = _swap(p.now, EAST, WEST, KING, card_int(DIAMONDS, low))
        for views in ("revised", "fixed"):
            assert _score(p, TWO, db, p.now, views) == 100

