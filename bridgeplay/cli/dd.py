"""The ``bridgeplay dd`` command: a deal's diagram and double-dummy table, and optionally the
value of every card in one position (``--leader`` / ``--trumps`` / ``--played``); or a hand-record file
(PBN or LIN) of many boards, each with its table and par, written back with ``--write-pbn``."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
from rich.console import Console

from bridgeplay.cards import SEAT_LETTERS, Card, CardError, Deal, parse_seat, parse_strain
from bridgeplay.cli.common import BadInput, compile_kernels, console, emit_json, error_console, json_option
from bridgeplay.errors import ProblemError


def _option(parse: Any, value: str | None, default: str, message: str) -> Any:
    """``parse(value)`` (``default`` when the option is not given); a bad value is a one-line error."""
    try:
        return parse(value if value is not None else default)
    except CardError:
        raise BadInput(message.format(value)) from None


def is_records_file(arg: str) -> bool:
    """A hand-record file of boards: ``*.pbn`` or ``*.lin``."""
    return arg.lower().endswith((".pbn", ".lin"))


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
@click.option("--write-pbn", "write_pbn", default=None, metavar="OUT.pbn", type=click.Path(dir_okay=False),
              help="A PBN or LIN file: also write it as PBN to OUT.pbn with each board's DoubleDummyTricks, "
                   "OptimumScore and OptimumResultTable tags (written atomically, when every board is done).")
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=None,
              help="A PBN or LIN file: boards solved in this many processes at once (default: all cores).")
@click.option("--dealer", default=None, metavar="SEAT",
              help="One deal: the dealer, for par (N, E, S, W; default N, said as assumed).")
@click.option("--vul", default=None, metavar="VUL",
              help="One deal: who is vulnerable, for par (None, NS, EW or All; default None, said as assumed).")
@json_option
def dd_command(deal_or_file: str, leader: str | None, trumps: str | None, played: str | None,
               write_pbn: str | None, jobs: int | None, dealer: str | None, vul: str | None,
               as_json: bool) -> None:
    """Double-dummy analysis of DEAL_OR_FILE: a PBN deal ("N:AKQ.JT9.876.5432 ..."), a kind: deal
    YAML file (deal: or north/east/south/west), or a hand-record file of boards (FILE.pbn, PBN 2.1; FILE.lin,
    BBO's LIN).  Prints the deal and the tricks declarer takes in each strain from each seat, and par; with
    --leader (and --trumps, --played), the value of every card the player to move holds: the tricks its side
    then takes from this trick on.  One deal's par needs the dealer and the vulnerability: --dealer and
    --vul, else dealer North and nobody vulnerable, which the output says were assumed.  For a file of
    boards: each board's diagram (with high-card points), dealer and vulnerability, its table and its par
    contract(s) and score (from North-South's side, as DDS gives it); --json prints one line per board.  A
    malformed board is reported on one line (its number and the field), the others are still solved, and
    the exit status is 2 at the end.

    Example: bridgeplay dd club.pbn --write-pbn club-dd.pbn --jobs 2
    """
    if is_records_file(deal_or_file):
        for option, value in (("--leader", leader), ("--trumps", trumps), ("--played", played)):
            if value is not None:
                raise BadInput(f"{option}: asks about one position of one deal, not a file of boards")
        for option, value in (("--dealer", dealer), ("--vul", vul)):
            if value is not None:
                raise BadInput(f"{option}: a file of boards gives each board's own (or the usual rotation's)")
        records_command(deal_or_file, as_json, write_pbn, jobs)
        return
    if write_pbn is not None:
        raise BadInput("--write-pbn: writes a file of boards back; give a .pbn or .lin file")
    if jobs is not None:
        raise BadInput("--jobs: solves the boards of a .pbn or .lin file in parallel; one deal is one job")
    from bridgeplay.deal.doubledummy import STRAIN_KEYS, DDError, card_values, dd_table, validate_position
    from bridgeplay.deal.par import par as par_of
    from bridgeplay.deal.par import parse_vulnerability
    from bridgeplay.engine import cache

    assumed = [name for name, value in (("dealer", dealer), ("vulnerable", vul)) if value is None]
    par_dealer = _option(parse_seat, dealer, "N", "--dealer: unknown seat {!r} (N, E, S or W)")
    par_vul = _option(parse_vulnerability, vul, "None", "--vul: unknown vulnerability {!r} (None, NS, EW or All)")
    deal = load_deal(deal_or_file)
    position = leader is not None or trumps is not None or played is not None
    if position and leader is None:
        raise BadInput("--leader: give the seat on lead (N, E, S or W) with --trumps/--played")
    cards: list[Card] = []
    values = None
    lead = strain = 0
    if position:
        assert leader is not None
        lead = _option(parse_seat, leader, "N", "--leader: unknown seat {!r} (N, E, S or W)")
        strain = _option(parse_strain, trumps, "NT", "--trumps: unknown strain {!r} (S, H, D, C or NT)")
        cards = _parse_played(played)
        try:
            validate_position(deal, strain, lead, cards)
            compile_kernels(cache.DD_KERNELS, 10, quiet=as_json)
            values = card_values(deal, strain, lead, cards)
        except (DDError, CardError) as exc:
            raise BadInput(f"--played: {exc}") from None
    compile_kernels(cache.DD_KERNELS, 10, quiet=as_json)
    table = dd_table(deal)
    par = par_of(table, par_dealer, par_vul)
    to_play = SEAT_LETTERS[(lead + len(cards)) % 4]
    if as_json:
        out: dict[str, Any] = {"deal": deal.pbn(), "table": table,
                               "par": {"score": par.score, "contracts": [str(c) for c in par.contracts],
                                       "dealer": SEAT_LETTERS[par_dealer], "vulnerable": par_vul,
                                       "assumed": assumed}}
        if values is not None:
            out["position"] = {"leader": SEAT_LETTERS[lead], "trumps": STRAIN_KEYS[strain],
                               "played": [str(c) for c in cards], "to_play": to_play}
            out["cards"] = {str(c): v for c, v in values.items()}
        click.echo(json.dumps(out))
        return
    from bridgeplay.report.dd import card_values_view, par_view, render_dd

    view = None
    if values is not None:
        side = "North-South" if to_play in "NS" else "East-West"
        view = card_values_view(values, to_play, side, STRAIN_KEYS[strain], cards)
    render_dd(console(), deal, table, view, par_view(par, par_dealer, par_vul, assumed))


def records_command(path: str, as_json: bool, write_pbn: str | None, jobs: int | None) -> None:
    """Every board of a PBN or LIN file: the table and par per board, in file order as they are solved."""
    from bridgeplay import config
    from bridgeplay.analysis.batch import write_atomic
    from bridgeplay.analysis.executor import ExecutorError, map_tasks
    from bridgeplay.deal.par import Par
    from bridgeplay.deal.par import par as par_of
    from bridgeplay.deal.records import RecordsError, annotated_pbn, board_json, board_table, read_records
    from bridgeplay.engine import cache

    try:
        records = read_records(path)
    except RecordsError as exc:
        raise BadInput(f"{path}: {exc}") from None
    boards = records.boards
    good = [b for b in boards if b.error is None]
    if good:
        compile_kernels(cache.DD_KERNELS, 10, quiet=as_json)
    out = console()
    if not as_json:
        from bridgeplay.report.dd import board_view
    solved: dict[int, tuple[dict[str, dict[str, int]], Par]] = {}
    shown = 0

    def show_ready() -> None:
        """Print the boards, in file order, up to the first one still being solved."""
        nonlocal shown
        while shown < len(boards):
            b = boards[shown]
            if b.error is not None:
                screen.error(f"bridgeplay: error: {path}: board {b.number} (line {b.line}): {b.error}")
                if as_json:
                    emit_json({"file": path, "board": b.number, "index": b.index, "line": b.line, "error": b.error})
            elif b.index in solved:
                table, par = solved[b.index]
                if as_json:
                    emit_json(board_json(path, b, table, par))
                else:
                    if shown:
                        screen.console.print()
                    screen.console.print(board_view(b, table, par))
            else:
                return
            shown += 1

    show_progress = (not as_json and out.is_terminal and error_console().is_terminal
                     and len(good) >= config.RECORDS_PROGRESS_BOARDS)
    with _screen(out, show_progress, len(good)) as screen:

        def on_result(i: int, table: dict[str, dict[str, int]]) -> None:
            b = good[i]
            assert b.dealer is not None and b.vulnerable is not None
            solved[b.index] = (table, par_of(table, b.dealer, b.vulnerable))
            screen.advance(f"board {b.number}")
            show_ready()

        show_ready()
        try:
            map_tasks(board_table, [b.deal.pbn() for b in good if b.deal is not None], jobs=jobs,
                      on_result=on_result)
        except ExecutorError as exc:
            raise BadInput(f"--jobs: {exc}") from None
        show_ready()
    if write_pbn is not None:
        text = annotated_pbn(records, solved)
        try:
            write_atomic(write_pbn, text.encode(records.encoding))
        except OSError as exc:
            raise BadInput(f"--write-pbn: cannot write {write_pbn}: {exc.strerror or exc}") from None
    if len(good) < len(boards):
        sys.exit(2)


class _Screen:
    """Where the boards go: ``out`` (stdout) and stderr; while a progress bar is shown (stdout and stderr are
    then the same terminal) everything goes through the bar's console, which prints above the bar."""

    def __init__(self, out: Console) -> None:
        self.console = out
        self.bar: Any = None
        self.task: Any = None

    def advance(self, what: str) -> None:
        if self.bar is not None:
            self.bar.update(self.task, advance=1, description=f"{what} done")
            self.bar.refresh()

    def error(self, line: str) -> None:
        if self.bar is not None:
            self.bar.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            click.echo(line, err=True)


@contextmanager
def _screen(out: Console, bar: bool, total: int) -> Iterator[_Screen]:
    """The boards' output, with a progress bar on stderr when ``bar``: refreshed from this thread only, as
    ``batch``'s is, so that no thread runs while the worker processes are forked."""
    screen = _Screen(out)
    if not bar:
        yield screen
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    screen.bar = Progress(TextColumn("[bold]double dummy"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          TextColumn("{task.description}"), console=error_console(), transient=True,
                          auto_refresh=False)
    screen.task = screen.bar.add_task("", total=total)
    screen.console = screen.bar.console
    with screen.bar:
        screen.bar.refresh()
        yield screen
