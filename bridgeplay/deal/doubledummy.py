"""Double-dummy analysis of full deals and endings: tricks, per-card values, the 5x4 table.

Conventions (the same as DDS's):

* ``tricks(deal, strain, leader, played)`` is the number of tricks, from the current trick
  (included) to the end, that the side **to play** takes -- the side of ``leader`` when
  ``played`` is empty, else the side of the player after the last card played.  This is
  DDS's ``SolveBoard`` score.
* ``card_values`` gives that number for every legal card of the player to move (DDS's
  ``SolveBoard`` with ``solutions=3``).
* ``dd_table(deal)`` maps strain letter ``'C' 'D' 'H' 'S' 'NT'`` to ``{'N','E','S','W': tricks
  declarer in that seat takes}`` with the opening lead from declarer's left (DDS's table).  Its
  strains are solved in ``config.DD_TABLE_THREADS`` threads (one per core by default, as DDS's
  ``CalcDDtable`` does), each strain from an empty table; 1 solves them one after the other in
  the calling thread, sharing the table across strains.

A deal is a :class:`bridgeplay.cards.Deal`, a PBN string (``N:AKQ.JT9.876.5432 ...``) or a
``uint16[4, 4]`` array ``[seat, suit]`` (seats N,E,S,W = 0..3, suits S,H,D,C = 0..3, bit r for
rank r).  Endings (k < 13 cards a hand) are fine.  ``played`` lists the cards already on the
table in the current trick, in order from ``leader`` (``Card`` objects or text like ``"SA"``);
they may still be in the deal's hands (they are then taken out) or already be gone (not with a
PBN string, whose hands must be equally long: pass a ``Deal`` or an array then).
Strain is 0..3 = S,H,D,C, 4 = NT, or a letter (``'S'``, ``'NT'``, ...); seats are 0..3 or
``'N' 'E' 'S' 'W'``.  Bad input raises :class:`bridgeplay.cards.CardError` (cards and deals)
or :class:`DDError` (strain, seat, played cards), each with a one-line message.

Kernel-level entry (for repeated minimaxing: arrays in, int out, no Python objects, callable
from Python or from other numba code)::

    from bridgeplay.engine.dd import dd_tricks, new_tt, new_work
    A, tt = new_work(), new_tt()          # once; reuse both across worlds and calls
    n = dd_tricks(A, tt, hands, trump, leader, psuit, prank, nplayed)

``hands`` is a ``uint16[4,4]`` of the cards still held (cards on the table excluded),
``psuit``/``prank`` int64 arrays (length >= 1) with the ``nplayed`` table cards (suit 0..3,
rank 2..14) in order from ``leader``, ``trump`` 0..4, and the result is the side-to-play's
tricks as above.  ``dd_tricks`` does not validate its input: validate once with
:func:`validate_position` (or build worlds that are valid by construction).
Transposition-table entries are keyed on the rank-normalised position, so they stay valid
across worlds and deals: sharing one table between the worlds of a problem is both correct
and faster.  ``A[bridgeplay.engine.dd.OST]`` accumulates the nodes searched.  Calling
``dd_tricks`` from Python (a loop over worlds) is cheap -- under 10 us of overhead a call; calling
it from your own ``njit`` code compiles a second copy of the search into your module, which numba
does not recompile when ``engine/dd.py`` changes (a stale cache can crash): prefer the former.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from bridgeplay import config
from bridgeplay.cards import (
    FULL_SUIT,
    SEAT_LETTERS,
    SUIT_LETTERS,
    Card,
    CardError,
    Deal,
    held_cards,
    parse_seat,
    parse_strain,
    popcount,
)
from bridgeplay.engine.dd import OST, clear_tt, dd_tricks, new_tt, new_work
from bridgeplay.engine.dd import solve as dd_solve
from bridgeplay.options import cores

__all__ = [
    "DDError",
    "STRAIN_KEYS",
    "card_values",
    "dd_table",
    "dd_tricks",
    "new_tt",
    "new_work",
    "tricks",
    "validate_position",
    "stats",
]

STRAIN_KEYS = ("S", "H", "D", "C", "NT")  # index = strain number
TABLE_ORDER = ("C", "D", "H", "S", "NT")


class DDError(ValueError):
    """A double-dummy query is inconsistent (strain, seat, cards on the table)."""


class _Engine:
    """The module's search state: one work array and one transposition table, made lazily; for tables
    solved a strain a thread, a work array and a table per extra thread (:func:`dd_table`)."""

    def __init__(self) -> None:
        self.work: np.ndarray | None = None
        self.tt: np.ndarray | None = None
        self.st = np.zeros(8, dtype=np.int64)
        self.out = np.zeros((5, 13), dtype=np.int64)
        self.extra: list[tuple[np.ndarray, np.ndarray]] = []
        self.pool: ThreadPoolExecutor | None = None
        self.pool_n = 0
        self.lock = threading.Lock()

    def threads(self) -> int:
        n = config.DD_TABLE_THREADS
        if n <= 0:
            n = cores()  # (this process's share in a pool's worker: see bridgeplay.options.set_core_share)
        return max(1, min(5, n))

    def ready_threads(self, n: int) -> tuple[list[tuple[np.ndarray, np.ndarray]], ThreadPoolExecutor]:
        """Search states for n threads (the module's own first) and a pool of n - 1 helper threads."""
        work, tt = self.ready()
        while len(self.extra) < n - 1:
            self.extra.append((new_work(), new_tt()))
        if self.pool is None or self.pool_n < n - 1:
            if self.pool is not None:
                self.pool.shutdown(wait=True)
            self.pool = ThreadPoolExecutor(max_workers=n - 1, thread_name_prefix="bridgeplay-dd")
            self.pool_n = n - 1
        states = [(work, tt)] + self.extra[: n - 1]
        for w, _ in states[1:]:
            w[OST : OST + 8] = 0
        return states, self.pool

    def ready(self) -> tuple[np.ndarray, np.ndarray]:
        if self.work is None or self.tt is None:
            self.work = new_work()
            self.tt = new_tt()
        self.work[OST : OST + 8] = 0
        return self.work, self.tt

    def done(self) -> None:
        assert self.work is not None
        self.st += self.work[OST : OST + 8]


_ENGINE = _Engine()


def _after_fork() -> None:
    """A forked child (a worker of map_tasks) has none of the parent's pool threads: it makes its own."""
    _ENGINE.pool = None
    _ENGINE.pool_n = 0
    _ENGINE.lock = threading.Lock()


os.register_at_fork(after_in_child=_after_fork)


def stats() -> dict[str, int]:
    """Counters accumulated by this module's searches (nodes, table cut-offs, table stores, quick-trick cut-offs)."""
    st = _ENGINE.st
    return {"nodes": int(st[0]), "tt_cutoffs": int(st[1]), "tt_stores": int(st[2]), "qt_cutoffs": int(st[3])}


# ------------------------------------------------------------------------------------------
# input validation
def _deal_array(deal: Deal | str | np.ndarray | Sequence) -> np.ndarray:
    if isinstance(deal, Deal):
        return deal.to_array()
    if isinstance(deal, str):
        return Deal.from_pbn(deal).to_array()
    try:
        arr = np.asarray(deal)
    except (TypeError, ValueError) as exc:  # pragma: no cover - exotic input
        raise CardError(f"not a deal: {deal!r}") from exc
    if arr.shape != (4, 4) or arr.dtype.kind not in "iu":
        raise CardError(f"a deal array is uint16[4, 4] [seat, suit], got shape {arr.shape} dtype {arr.dtype}")
    if np.any(arr < 0) or np.any(arr.astype(np.int64) & ~FULL_SUIT):  # (int64: ~FULL_SUIT is negative)
        raise CardError("a deal array holds bit masks of ranks 2..14 only")
    return arr.astype(np.uint16)


def _strain(strain: int | str) -> int:
    if isinstance(strain, (int, np.integer)) and not isinstance(strain, bool):
        if 0 <= int(strain) <= 4:
            return int(strain)
        raise DDError(f"strain must be 0..4 (S, H, D, C, NT), got {strain}")
    try:
        return parse_strain(str(strain))
    except CardError as exc:
        raise DDError(f"unknown strain {strain!r} (S, H, D, C or NT)") from exc


def _seat(seat: int | str) -> int:
    if isinstance(seat, (int, np.integer)) and not isinstance(seat, bool):
        if 0 <= int(seat) <= 3:
            return int(seat)
        raise DDError(f"seat must be 0..3 (N, E, S, W), got {seat}")
    try:
        return parse_seat(str(seat))
    except CardError as exc:
        raise DDError(f"unknown seat {seat!r} (N, E, S or W)") from exc


def _card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise DDError(f"not a card: {card!r}")


def validate_position(
    deal: Deal | str | np.ndarray, strain: int | str, leader: int | str, played: Iterable[Card | str] = ()
) -> tuple[np.ndarray, int, int, list[Card]]:
    """Check a position and return ``(hands_without_table_cards, strain, leader, played_cards)``.

    Raises :class:`CardError` for a bad deal, :class:`DDError` for a bad strain, seat or
    played card (not held by the player who played it, played twice, a revoke, more than three).
    """
    hands = _deal_array(deal).copy()
    trump = _strain(strain)
    lead = _seat(leader)
    cards = [_card(c) for c in played]
    if len(cards) > 3:
        raise DDError(f"at most 3 cards can be on the table in the current trick, got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise DDError("a card is played twice in the current trick")
    rows = hands.tolist()  # (Python ints: a numpy element read costs more than the arithmetic)
    held_cards(rows)  # (a card in two hands: a Deal or an array may hold one)
    for i, c in enumerate(cards):
        seat = (lead + i) % 4
        owner = next((x for x in range(4) if rows[x][c.suit] >> c.rank & 1), None)
        if owner is not None:
            if owner != seat:
                raise DDError(
                    f"card {c} played by {SEAT_LETTERS[seat]} is in {SEAT_LETTERS[owner]}'s hand"
                )
            hands[seat, c.suit] &= ~np.uint16(1 << c.rank)
            rows[seat][c.suit] &= ~(1 << c.rank)
    # a hand's four suits in one word (16 bits a suit), one popcount a hand
    lengths = [popcount(r[0] | r[1] << 16 | r[2] << 32 | r[3] << 48) for r in rows]
    played_seats = {(lead + i) % 4 for i in range(len(cards))}
    waiting = [lengths[x] for x in range(4) if x not in played_seats]
    n = waiting[0]
    if n == 0:
        raise DDError("no cards left to play")
    for x in range(4):
        want = n - 1 if x in played_seats else n
        if lengths[x] != want:
            counts = ", ".join(f"{SEAT_LETTERS[y]} {lengths[y]}" for y in range(4))
            raise CardError(
                f"hands do not fit a position with {len(cards)} card(s) on the table led by "
                f"{SEAT_LETTERS[lead]} ({counts} cards held)"
            )
    if cards:
        led = cards[0].suit
        for i, c in enumerate(cards[1:], start=1):
            seat = (lead + i) % 4
            if c.suit != led and hands[seat, led] != 0:
                suit = SUIT_LETTERS[led]
                raise DDError(f"{SEAT_LETTERS[seat]} revokes: plays {c} holding {suit} after a {suit} lead")
    return hands, trump, lead, cards


def _played_arrays(cards: list[Card]) -> tuple[np.ndarray, np.ndarray]:
    psuit = np.zeros(4, dtype=np.int64)
    prank = np.zeros(4, dtype=np.int64)
    for i, c in enumerate(cards):
        psuit[i] = c.suit
        prank[i] = c.rank
    return psuit, prank


# ------------------------------------------------------------------------------------------
# the friendly API
def tricks(
    deal: Deal | str | np.ndarray, strain: int | str, leader: int | str, played: Iterable[Card | str] = ()
) -> int:
    """Tricks (current one included) the side to play takes with best play by both sides."""
    hands, trump, lead, cards = validate_position(deal, strain, leader, played)
    psuit, prank = _played_arrays(cards)
    work, tt = _ENGINE.ready()
    ns = dd_solve(work, tt, hands, trump, lead, psuit, prank, len(cards), 0, _ENGINE.out)
    _ENGINE.done()
    total = sum(popcount(int(hands[(lead + 3) % 4, s])) for s in range(4))
    to_play = (lead + len(cards)) % 4
    return int(ns) if to_play % 2 == 0 else int(total - ns)


def card_values(
    deal: Deal | str | np.ndarray, strain: int | str, leader: int | str, played: Iterable[Card | str] = ()
) -> dict[Card, int]:
    """Value of every legal card of the player to move, as tricks for that player's side."""
    hands, trump, lead, cards = validate_position(deal, strain, leader, played)
    psuit, prank = _played_arrays(cards)
    work, tt = _ENGINE.ready()
    out = _ENGINE.out
    k = dd_solve(work, tt, hands, trump, lead, psuit, prank, len(cards), 1, out)
    _ENGINE.done()
    found = {Card(int(out[0, i]), int(out[1, i])): int(out[2, i]) for i in range(k)}
    return dict(sorted(found.items(), key=lambda kv: (kv[0].suit, -kv[0].rank)))


def dd_table(deal: Deal | str | np.ndarray) -> dict[str, dict[str, int]]:
    """The double-dummy table: strain ('C','D','H','S','NT') -> seat -> tricks declarer takes."""
    hands = _deal_array(deal)
    Deal.from_array(hands).validate()
    if sum(popcount(int(hands[0, s])) for s in range(4)) == 0:
        raise DDError("the deal has no cards")
    psuit, prank = _played_arrays([])
    out = _ENGINE.out
    n = _ENGINE.threads()
    if n <= 1 or sum(popcount(int(hands[0, s])) for s in range(4)) < config.DD_TABLE_THREAD_TRICKS:
        work, tt = _ENGINE.ready()
        dd_solve(work, tt, hands, 0, 0, psuit, prank, 0, 2, out)
        _ENGINE.done()
    else:
        _threaded_table(hands, psuit, prank, out, n)
    return {key: {SEAT_LETTERS[x]: int(out[STRAIN_KEYS.index(key), x]) for x in range(4)} for key in TABLE_ORDER}


# strains in the order they are handed out to the threads when nothing else tells them apart: no trumps first, as
# DDS orders them (which strain takes longest varies from deal to deal; 50 seeded deals: NT 18%, S 25%, H 16%, D 20%,
# C 22% of the nodes)
_STRAIN_ORDER = (4, 0, 1, 2, 3)


def _strain_order(hands: np.ndarray) -> list[int]:
    """The strains, the likely longest searches first, so that two threads finish together (greedy scheduling of
    five jobs loses most when a long one comes last).  A trump suit split evenly between the sides makes the longest
    searches (a fight over trump control); no trumps sits after the 7-6 splits; among suits split alike, the one
    with the longest single holding later.  Measured on node counts (each strain's search, scheduled as two threads
    take them): 60 seeded deals 1.69x -> 1.76x of one thread's time, 100 others 1.71x -> 1.78x (the best order
    known afterwards: 1.83x, 1.89x)."""
    def key(strain: int) -> float:
        if strain == 4:
            return 1.9
        ns = popcount(int(hands[0, strain])) + popcount(int(hands[2, strain]))
        ew = popcount(int(hands[1, strain])) + popcount(int(hands[3, strain]))
        longest = max(popcount(int(hands[x, strain])) for x in range(4))
        return abs(ns - ew) + longest / 10

    return sorted(_STRAIN_ORDER, key=key)


def _threaded_table(hands: np.ndarray, psuit: np.ndarray, prank: np.ndarray, out: np.ndarray, n: int) -> None:
    """The table a strain a thread (DDS's CalcDDtable solves its strains in threads too): n threads, the
    calling one included, each taking the next strain not yet taken (in :func:`_strain_order`), with its own
    work array and table, each strain from an empty table and cut-off card cache (so a strain's search, and its
    node count, does not depend on which thread took it or on what that thread solved before).  The engine's
    entry releases the GIL, so the threads run at once."""
    with _ENGINE.lock:
        states, pool = _ENGINE.ready_threads(n)
        todo = iter(_strain_order(hands))
        take = threading.Lock()

        def run(work: np.ndarray, tt: np.ndarray) -> None:
            while True:
                with take:
                    strain = next(todo, -1)
                if strain < 0:
                    return
                clear_tt(tt, cuts=True)
                dd_solve(work, tt, hands, strain, 0, psuit, prank, 0, 7, out)

        futures = [pool.submit(run, w, t) for w, t in states[1:]]
        run(*states[0])
        for f in futures:
            f.result()
        for w, _ in states:
            _ENGINE.st += w[OST : OST + 8]
