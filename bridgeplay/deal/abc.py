"""Card selection for a player who cannot see the cards, against opponents who cannot either.

* ``montecarlo``: Ginsberg's card selection as Otawa & Uehara state it: sample a set D of deals from
  the deciding player's view (Step 1), score every candidate m by the double-dummy result s(m, d)
  in each (Step 2) and play the m with the highest sum (Step 3).
* ``abc``: the ABC algorithm: A samples Da (Step 1); for each candidate m and each da, B and C (the
  other non-dummy players) each get n deals from their own view after seeing m, holding their hand of
  da (Step 2-1); every triple is searched to the end of the hand with the paper's back-up rules
  (:mod:`bridgeplay.deal.abcsearch`, Step 2-2); s(m, da) is the mean over the triples (Step 2-3); the
  m with the highest sum over Da is played (Step 3).

Choices the paper leaves open, as made here (and printed in the result's ``assumptions``):

* triples pair the k-th deal of Db(m, da) with the k-th of Dc(m, da) (one-to-one, as the paper's
  example does), or every pair (``pairing: product`` in the problem file);
* |Da| is ``--samples`` (default :data:`config.ABC_SAMPLES`), n is ``--inner-samples`` (default
  :data:`config.ABC_INNER_SAMPLES`); the same Da serves Monte Carlo for a given seed; Db and Dc are
  drawn with seeds that depend on the seed, da's index and the player, not on m (common random numbers);
* every deal is drawn exactly uniformly among those meeting the public constraints and shown voids;
* equal cards are kept distinct (a card is a candidate of its own); the search counts two cards as one
  only where exchanging them is a symmetry of the rest of the game in all three deals at once (none
  held between them, every view after the one is the view after the other with the two exchanged, the
  card left not held in a view by a player still to play to the trick), which changes no value;
* the deals of Da are searched side by side on ``config.ABC_THREADS`` threads; every score depends only
  on the seed and the deal's index, so the result does not depend on the number of threads;
* the search goes to the end of the hand (a horizon with double-dummy leaves would let every
  player see the cards beyond it); ties in X are the node type's (the paper's rule);
* ``views: revised`` (the default): a player who sees a card played from the hand his deal did not
  give it to moves it there, exchanged for that player's nearest card of the suit in his deal, and
  keeps believing the rest; a change of suit lengths (a show-out, or a card of a suit his deal gave
  that player none of) ends the belief (``*``).  ``views: fixed`` is the rules as written: any card
  not where the deal put it makes the view ``*`` from there.  Played to the end of a full deal, the
  last tricks show every card, so a fixed view dies before most decisions that matter and the player
  then chooses as if he saw the cards: in Example 1 about one declarer view in 400 stays misled
  (``bridgeplay/deal/abcsearch.py``).
"""

from __future__ import annotations

import queue
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bridgeplay import config
from bridgeplay.deal.abcsearch import SUIT_BITS, ABCSearch, Engine, Hands, cards_in, dd_tricks_after, legal_cards
from bridgeplay.deal.seat import SeatProblem
from bridgeplay.deal.views import View, seed_of
from bridgeplay.errors import SolverError
from bridgeplay.options import Options, thread_count
from bridgeplay.result import MoveValue, Result


def _need_seat(problem: Any, solver: str) -> SeatProblem:
    if not isinstance(problem, SeatProblem):
        raise SolverError(problem.file, solver, f"{solver} solves deal problems with to_play: (a seat's decision, "
                                                f"with its contract and scoring); this file has none")
    return problem


def candidates(problem: SeatProblem) -> list[int]:
    """Every card the player to move may play (distinct cards, high to low)."""
    trick = problem.trick
    led = (trick[0][1] >> 4) if trick else -1
    return sorted(cards_in(legal_cards(problem.now[problem.to_play], led)), reverse=True)


def sample_da(problem: SeatProblem, n: int, seed: int) -> list[Hands]:
    """Step 1: n deals from the deciding player's view (the true hands he cannot see are never read)."""
    view = View(problem.to_play, problem.dummy, problem.now, problem.history, problem.constraints)
    return view.sample(n, seed_of(seed, 0))


def _after(d: Hands, seat: int, m: int) -> Hands:
    return tuple(h & ~(1 << m) if i == seat else h for i, h in enumerate(d))  # type: ignore[return-value]


def _with(d: Hands, seat: int, m: int) -> Hands:
    return tuple(h | (1 << m) if i == seat else h for i, h in enumerate(d))  # type: ignore[return-value]


def views_after(problem: SeatProblem, da: Hands, m: int, n: int, seed: int, index: int) -> tuple[list, list]:
    """Step 2-1: Db(m, da) and Dc(m, da), n deals each (cards held before m, so that m is A's to play)."""
    r = problem.roles
    base = _after(da, r.a, m)
    hist = problem.history + ((r.a, m),)
    out = []
    for who in (r.b, r.c):
        view = View(who, problem.dummy, base, hist, problem.constraints)
        out.append([_with(d, r.a, m) for d in view.sample(n, seed_of(seed, 1 + index, who))])
    return out[0], out[1]


def _assumptions(problem: SeatProblem, abc: bool, n_da: int, n_in: int) -> list[str]:
    who = "NESW"[problem.to_play]
    out = [f"{n_da} deals from {who}'s view (Step 1): uniform among those meeting the constraints and the voids "
           "shown; hands the decider cannot see are never read"]
    scoring = {"duplicate": "duplicate score of the contract, vulnerability as given", "tricks": "tricks",
               "target": "1 when the contract's target is reached, else 0"}
    out.append(f"score: {scoring[problem.scoring]}, from the decider's side")
    if abc:
        out.append(f"{n_in} deals from each of B's and C's views per (m, da), holding their hand of da and having "
                   f"seen m; triples paired {problem.pairing}")
        out.append("search to the end of the hand with the paper's back-up rules; ties in X resolved by the node's "
                   "type; equal cards kept distinct")
        if problem.views == "revised":
            out.append("views revised: a card seen in the other hidden hand is exchanged for that player's nearest "
                       "card of the suit in the view; a change of suit lengths makes the view '*'")
        else:
            out.append("views fixed (the rules as written): a card not where the view put it makes the view '*' "
                       "from there, and its player then chooses as if he saw the cards")
    return out


def _result(problem: SeatProblem, solver: str, method: str, scores: dict[int, list[float]], n_da: int,
            stats: dict[str, Any], stopped: str | None, assumptions: list[str], seed: int) -> Result:
    order = sorted(scores, key=lambda m: (-sum(scores[m]), -m))
    moves = []
    for m in order:
        per = scores[m]
        moves.append(MoveValue(problem.move_text(m), None, None,
                               {"score": round(sum(per), 6), "mean": round(sum(per) / len(per), 6),
                                "per_sample": [round(x, 6) for x in per]}))
    best = order[0]
    res = Result(problem=problem.name, file=problem.file, kind="deal", solver=solver, method=method, exact=False,
                 objective="payoff", moves=moves, strategy=None, stats=stats, stopped=stopped,
                 payoff=sum(scores[best]) / len(scores[best]))
    res.estimate = res.payoff
    res.extra.update({"samples": n_da, "seed": seed, "to_play": "NESW"[problem.to_play],
                      "assumptions": assumptions})
    return res


def solve_montecarlo(problem: Any, options: Options) -> Result:
    """Monte Carlo card selection (Ginsberg; Otawa & Uehara Section 2)."""
    p = _need_seat(problem, "montecarlo")
    t0 = time.perf_counter()
    n = options.samples or config.ABC_SAMPLES
    deadline = None if options.time_limit is None else t0 + options.time_limit
    das = sample_da(p, n, options.seed)
    ms = candidates(p)
    eng = Engine()
    scores: dict[int, list[float]] = {m: [] for m in ms}
    pay = p.payoff
    stopped = None
    for i, d in enumerate(das):
        if deadline is not None and i and time.perf_counter() > deadline:
            stopped = "time limit"
            break
        for m in ms:
            scores[m].append(pay[dd_tricks_after(p.roles, p.trump, p.leader, p.trick, m, d, eng)])
        options.progress("deals", i + 1, len(das))
    done = len(scores[ms[0]])
    stats = {"nodes": eng.nodes, "seconds": round(time.perf_counter() - t0, 4), "worlds": done}
    return _result(p, "montecarlo", "Monte Carlo card selection: the sum over sampled deals of the double-dummy "
                   "score of each card", scores, done, stats, stopped, _assumptions(p, False, done, 0), options.seed)


def view_pairs(p: SeatProblem, da: Hands, m: int, n_in: int, seed: int, i: int) -> list[tuple[Hands, Hands]]:
    """The (db, dc) of the triples scoring candidate m on deal da, the i-th of Da: the views of Step 2-1, paired
    one-to-one or as their cross product (the problem's ``pairing``)."""
    dbs, dcs = views_after(p, da, m, n_in, seed, i)
    return list(zip(dbs, dcs)) if p.pairing == "one-to-one" else [(b, c) for b in dbs for c in dcs]


def _card_score(p: SeatProblem, i: int, da: Hands, m: int, n_in: int, seed: int, engine: Engine,
                stop: threading.Event | None = None) -> tuple[float, int] | None:
    """s(m, da) for candidate m on deal da, the i-th of Da (Steps 2-1 to 2-3), and the search's nodes; None
    when ``stop`` is set before it finishes (checked between triples)."""
    r = p.roles
    pairs = view_pairs(p, da, m, n_in, seed, i)
    total = 0.0
    nodes = 0
    for db, dc in pairs:
        if stop is not None and stop.is_set():
            return None
        s = ABCSearch(r, p.trump, p.leader, p.trick, da, db, dc, p.payoff, engine, p.views)
        total += s.score(m)
        nodes += s.nodes
    return total / len(pairs), nodes


class _Tasks:
    """Which (deal of Da, candidate) a thread searches next.  A deal's candidates stay on the thread that
    started the deal: its engine's tables then serve them all (the views of one deal are drawn with the same
    seeds for every candidate, so their positions recur; Example 1 at seed 1 on two threads, two paired runs:
    155.3 and 152.0 M engine nodes with the tasks taken in order by either thread, 147.8 and 148.9 M with
    this).  Deals alike share more of a table than deals drawn apart, so each thread has a group of its own
    (``groups``: the deals sorted by their hands, cut into one run a thread) and starts the lowest deal of its
    group; when its group is done, the lowest deal left of another's, and when no deal is left, another
    thread's candidate not yet started (the decision's end then does not wait on one thread's last deal).
    Within a group deals go in index order, so a time limit still keeps the first deals."""

    def __init__(self, n_deals: int, n_cards: int, groups: list[list[int]] | None = None) -> None:
        self.lock = threading.Lock()
        self.started = [0] * n_deals  # candidates of each deal started (in order)
        self.n_cards = n_cards
        self.groups = [sorted(g) for g in groups] if groups else [list(range(n_deals))]

    def take(self, own: int | None, w: int = 0) -> tuple[int, int] | None:
        """(deal, index of the candidate) for thread ``w`` whose last deal is ``own``; None: nothing left."""
        with self.lock:
            if own is None or self.started[own] == self.n_cards:
                mine = self.groups[w % len(self.groups)]
                own = next((i for i in mine if not self.started[i]), None)
                if own is None:
                    own = next((i for i, k in enumerate(self.started) if not k), None)
                if own is None:
                    own = next((i for i, k in enumerate(self.started) if k < self.n_cards), None)
                    if own is None:
                        return None
            k = self.started[own]
            self.started[own] = k + 1
            return own, k


def deal_groups(das: list[Hands], n: int) -> list[list[int]]:
    """The deals' indices cut into ``n`` runs of deals alike: sorted by the hands' suit lengths, then the hands
    (Example 1 at seed 1, the 600 triples counted on one thread with two engines: 141.3 M engine nodes with the
    deals alternating between the engines, 134.6 M with the two halves of this order)."""
    order = sorted(range(len(das)), key=lambda i: (
        tuple(bin((h >> (16 * s)) & SUIT_BITS).count("1") for h in das[i] for s in range(4)), das[i]))
    size = max(1, -(-len(das) // max(1, n)))
    return [order[j:j + size] for j in range(0, len(das), size)] or [[]]


def abc_scores(p: SeatProblem, das: list[Hands], ms: list[int], n_in: int, seed: int, engine: Engine,
               deadline: float | None = None, progress: Any = None,
               threads: int = 1) -> tuple[dict[int, list[float]], int, bool]:
    """s(m, da) for every candidate and deal (Steps 2-1 to 2-3); (scores, search nodes, stopped).

    A task is one candidate on one deal of Da; tasks run side by side on ``threads`` threads (the kernel
    releases the GIL), each thread with its own engine arrays (``engine`` is the first thread's), a deal's
    candidates on the thread that started it as long as another deal is left (:class:`_Tasks`).  Tasks finer
    than a deal leave less of the decision's end on one thread (Example 1 at seed 1, the tasks' CPU times
    scheduled on two threads: 18.98 s against 19.33 s a deal a task, for 37.86 s of work).  Every score
    depends only on the seed, the deal's index and the card, so the result is the same for any number of
    threads.  Past ``deadline`` no new task is started, and the scores are those of the first deals whose
    tasks all finished."""
    stop = threading.Event()
    n_threads = max(1, threads)
    sched = _Tasks(len(das), len(ms), deal_groups(das, n_threads))
    engines = [engine]
    done_q: queue.Queue = queue.Queue()
    rows: list[tuple[float, int] | None] = [None] * (len(das) * len(ms))

    def work(w: int) -> None:
        eng = engine
        try:
            if w:
                eng = Engine()
                engines.append(eng)
            own = None
            while True:
                got = sched.take(own, w)
                if got is None:
                    break
                own, k = got
                if own and (stop.is_set() or (deadline is not None and time.perf_counter() > deadline)):
                    stop.set()
                    break
                # (deal 0 always ends)
                rows[own * len(ms) + k] = _card_score(p, own, das[own], ms[k], n_in, seed, eng, stop if own else None)
                done_q.put((own, None))
        except BaseException as e:  # handed to the calling thread, which stops the others
            done_q.put((-1, e))
        finally:
            done_q.put((-2, None))

    left = [len(ms)] * len(das)
    with ThreadPoolExecutor(n_threads) as pool:
        for w in range(n_threads):
            pool.submit(work, w)
        running = n_threads
        done = 0
        try:
            while running:
                i, err = done_q.get()
                if i == -2:
                    running -= 1
                elif i == -1:
                    raise err  # type: ignore[misc]
                else:
                    left[i] -= 1
                    if not left[i]:
                        done += 1
                        if progress is not None:
                            progress("deals", done, len(das))
        except BaseException:  # Ctrl-C or an error: the searches in flight are abandoned, not finished
            stop.set()
            for e in list(engines):
                e.abort()
            raise
    scores: dict[int, list[float]] = {m: [] for m in ms}
    nodes = sum(e.nodes for e in engines[1:])  # the engines' double-dummy nodes (the caller adds the first's)
    for i in range(len(das)):
        got = rows[i * len(ms):(i + 1) * len(ms)]
        if any(g is None for g in got):
            return scores, nodes, True
        for m, g in zip(ms, got):
            assert g is not None
            scores[m].append(g[0])
            nodes += g[1]
    return scores, nodes, False


def solve_abc(problem: Any, options: Options) -> Result:
    """The ABC algorithm (Otawa & Uehara Section 5)."""
    p = _need_seat(problem, "abc")
    t0 = time.perf_counter()
    n = options.samples or config.ABC_SAMPLES
    n_in = options.inner_samples or config.ABC_INNER_SAMPLES
    deadline = None if options.time_limit is None else t0 + options.time_limit
    das = sample_da(p, n, options.seed)
    ms = candidates(p)
    eng = Engine()
    scores, nodes, stopped = abc_scores(p, das, ms, n_in, options.seed, eng, deadline, options.progress,
                                        thread_count(options.threads, config.ABC_THREADS))
    done = len(scores[ms[0]])
    stats = {"nodes": nodes + eng.nodes, "seconds": round(time.perf_counter() - t0, 4), "worlds": done}
    res = _result(p, "abc", "ABC algorithm: each card scored over deals from the decider's view, the other players "
                  "choosing by deals from their own views", scores, done, stats, "time limit" if stopped else None,
                  _assumptions(p, True, done, n_in), options.seed)
    res.extra["inner_samples"] = n_in
    return res


def choose(problem: Any, options: Options) -> tuple[str, str]:
    """The default for a seat's decision: Monte Carlo card selection (GIB's)."""
    return "montecarlo", "the default for a deal played from a seat: Monte Carlo card selection (GIB's)"
