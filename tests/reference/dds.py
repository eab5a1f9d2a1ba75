"""DDS (through endplay) as the tests' independent double-dummy oracle: positions in, card values out.

Shared by the engine's tests (``test_dd.py`` and those importing from it) and the ABC reference that takes the
viewers' values from DDS (``abc_dds_views.py``).
"""

from __future__ import annotations

from endplay.dds import solve_board
from endplay.types import Card as ECard
from endplay.types import Deal as EDeal
from endplay.types import Denom, Player

from bridgeplay.cards import Card, Deal

STRAINS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
SEATS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}


def to_endplay(deal: Deal, strain: str = "NT", leader: str = "N", played: list[Card] | tuple = ()) -> EDeal:
    """endplay's Deal for a position: our deal (with the cards on the table held or not), trumps,
    leader, then the cards on the table played."""
    arr = deal.to_array()
    for i, c in enumerate(played):
        arr[("NESW".index(leader) + i) % 4, c.suit] |= 1 << c.rank
    e = EDeal.from_pbn(Deal.from_array(arr).pbn())
    e.trump = STRAINS[strain]
    e.first = SEATS[leader]
    for c in played:
        e.play(ECard(str(c)))
    return e


def dds_card_values(deal: Deal, strain: str, leader: str, played: list[Card]) -> dict[Card, int]:
    """DDS's tricks for the side to play after each legal card (the current trick included)."""
    return {Card.parse(str(c)): v for c, v in solve_board(to_endplay(deal, strain, leader, played))}
