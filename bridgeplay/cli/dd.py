"""The ``bridgeplay dd`` command: a deal's diagram and double-dummy table, and optionally the
value of every card in one position (``--leader`` / ``--trumps`` / ``--played``)."""

from __future__ import annotations

import json
import os
from typing import Any

import click

from bridgeplay.cards import SEAT_LETTERS, Card, CardError, Deal, parse_seat, parse_strain
from bridgeplay.cli.common import BadInput, compile_kernels, console, json_option
from bridgeplay.errors import ProblemError


def _looks_like_file(arg: str) -> bool:
    return arg.lower().endswith((".yaml", ".yml")) or os.path.isfile(arg)


def load_deal(arg: str) -> Deal:
    """DEAL_OR_FILE: a ``kind: deal`` YAML file, or a PBN deal string."""
    if _looks_like_file(arg):
        from bridgeplay.deal.problem import full_deal
        from bridgeplay.yamlio import read_yaml

        try:
            return full_deal(read_yaml(arg), arg)
        except ProblemError as exc:
            raise BadInput(str(exc)) from None
    try:
        return Deal.from_pbn(arg)
    except CardError as exc:
        raise BadInput(f"{arg}: deal: {exc}") from None


def _parse_played(text: str | None) -> list[Card]:
    if not text:
        return []
    try:
        return [Card.parse(tok) for tok in text.replace(",", " ").split()]
    except CardError as exc:
        raise BadInput(f"--played: {exc} (cards like SK, H10, D2, in order from the leader)") from None


@click.command("dd")
@click.argument("deal_or_file")
@click.option("--leader", default=None, metavar="SEAT", help="Seat on lead to the current trick (N, E, S, W).")
@click.option("--trumps", default=None, metavar="STRAIN", help="Trumps: S, H, D, C or NT (default NT with --leader).")
@click.option("--played", default=None, metavar="CARDS",
              help="Cards already on the table in the current trick, in order from the leader (e.g. 'SK S2').")
@json_option
def dd_command(deal_or_file: str, leader: str | None, trumps: str | None, played: str | None,
               as_json: bool) -> None:
    """Double-dummy analysis of DEAL_OR_FILE: a PBN deal ("N:AKQ.JT9.876.5432 ...") or a kind: deal
    YAML file (deal: or north/east/south/west).  Prints the deal and the tricks declarer takes in
    each strain from each seat; with --leader (and --trumps, --played), the value of every card the
    player to move holds: the tricks its side then takes from this trick on.

    Example: bridgeplay dd "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876" --leader W
    """
    from bridgeplay.deal.doubledummy import STRAIN_KEYS, DDError, card_values, dd_table, validate_position
    from bridgeplay.engine import cache

    deal = load_deal(deal_or_file)
    position = leader is not None or trumps is not None or played is not None
    if position and leader is None:
        raise BadInput("--leader: give the seat on lead (N, E, S or W) with --trumps/--played")
    cards: list[Card] = []
    values = None
    lead = strain = 0
    if position:
        assert leader is not None
        try:
            lead = parse_seat(leader)
        except CardError:
            raise BadInput(f"--leader: unknown seat {leader!r} (N, E, S or W)") from None
        try:
            strain = parse_strain(trumps if trumps is not None else "NT")
        except CardError:
            raise BadInput(f"--trumps: unknown strain {trumps!r} (S, H, D, C or NT)") from None
        cards = _parse_played(played)
        try:
            validate_position(deal, strain, lead, cards)
            compile_kernels(cache.DD_KERNELS, 10, quiet=as_json)
            values = card_values(deal, strain, lead, cards)
        except (DDError, CardError) as exc:
            raise BadInput(f"--played: {exc}") from None
    compile_kernels(cache.DD_KERNELS, 10, quiet=as_json)
    table = dd_table(deal)
    to_play = SEAT_LETTERS[(lead + len(cards)) % 4]
    if as_json:
        out: dict[str, Any] = {"deal": deal.pbn(), "table": table}
        if values is not None:
            out["position"] = {"leader": SEAT_LETTERS[lead], "trumps": STRAIN_KEYS[strain],
                               "played": [str(c) for c in cards], "to_play": to_play}
            out["cards"] = {str(c): v for c, v in values.items()}
        click.echo(json.dumps(out))
        return
    from bridgeplay.report.dd import card_values_view, render_dd

    view = None
    if values is not None:
        side = "North-South" if to_play in "NS" else "East-West"
        view = card_values_view(values, to_play, side, STRAIN_KEYS[strain], cards)
    render_dd(console(), deal, table, view)
