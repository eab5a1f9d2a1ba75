"""Search over tactics with Frank & Basin's back-up (Section 7.1 and 7.2 of their 1998 paper).

A *tactic* fixes declarer's play for a whole round: the card led and third hand's reply
to each card second hand may play ("finesse of the 7": lead the 7, play low unless East
plays the queen or the nine, then cover...; "cash": lead a top card; "duck": play low
whatever second hand plays).  In a round the defence leads, the tactic fixes declarer's
second-hand card and fourth hand's reply to each third-hand card.  Here every such
complete plan for the round is a tactic (the named ones are among them), so the search is
at least as strong as any fixed list of named tactics.

The back-up of their program, "per-world values backed up bottom-up": a node's value is
one payoff vector over the worlds that reach it;

* the defence, knowing the world, picks its cards to minimise the payoff in each world
  (component-wise minimum over the cards possible in that world);
* at the start of each round declarer picks ONE tactic for every world consistent with
  the cards seen: the one whose vector has the best weighted sum -- with **equally likely
  worlds** as in Frank & Basin's program (solver ``tactics``) or with the **true a-priori
  odds** (solver ``tactics-prior``).  Within a round the tactic's replies are already
  fixed, so the vectors of all plans of the round are formed exactly (Pareto fronts,
  dominated plans dropped) before one is picked.

The vector at the root is the per-world payoff of the chosen line against best defence,
so the estimate (that vector valued with the true odds) equals the true value; the
estimate with equally likely worlds is reported as ``estimate_equal_worlds``.  Deciding
at each round from its own subtree, the search is exposed to non-locality, which the
paper found in 33.5% of the Encyclopedia's single-suit problems.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from bridgeplay.options import Options
from bridgeplay.result import Result
from bridgeplay.suit.game import EPS, IN_TRICK, INF, LEAF, MAX, Move, PNode, Pos, SuitGame
from bridgeplay.suit.policy import Heuristic, N, Policy, S, heuristic_result
from bridgeplay.suit.problem import SuitProblem

WEIGHTINGS = ("equal", "prior")
Plan = tuple  # (declarer move, ((defender move, Plan | None), ...))


def prune(opts: list[tuple[Plan, np.ndarray]]) -> list[tuple[Plan, np.ndarray]]:
    """Drop dominated (and repeated) vectors; the survivors keep their order (the first of equals stays).

    All vectors have ``INF`` in the same worlds (those not reached yet), which compare equal.
    """
    k = len(opts)
    if k <= 1:
        return opts
    V = np.array([v for _, v in opts], dtype=np.int16)
    if k <= 256:
        ge = (V[:, None, :] >= V[None, :, :]).all(axis=2)  # ge[j, i]: V[j] >= V[i] everywhere
        earlier = np.tri(k, k, -1, dtype=bool)  # earlier[i, j]: j < i
        dominated = (ge.T & (~ge | earlier)).any(axis=1)
        return [o for o, d in zip(opts, dominated) if not d]
    order = np.argsort(-V.sum(axis=1), kind="mergesort")
    kept: list[int] = []
    K = np.empty((0, V.shape[1]), dtype=np.int16)
    for i in order:
        if K.shape[0] and bool(np.any(np.all(K >= V[i], axis=1))):
            continue
        kept.append(int(i))
        K = np.vstack([K, V[i]])
    kept.sort()
    return [opts[i] for i in kept]


class TacticSearch:
    """Tactic-level search with the per-world back-up; ``weighting`` = ``equal`` or ``prior``."""

    def __init__(self, game: SuitGame, weighting: str = "equal") -> None:
        if weighting not in WEIGHTINGS:
            raise ValueError(f"unknown weighting {weighting!r} ({', '.join(WEIGHTINGS)})")
        self.game = game
        self.weighting = weighting
        self.weights = np.ones(game.nw) if weighting == "equal" else game.prob
        self.vals: dict[Hashable, np.ndarray] = {}
        self.plans: dict[Hashable, Plan] = {}
        self.scores: dict[Hashable, list[tuple[Plan, float, np.ndarray]]] = {}
        self._opts: dict[Hashable, list[tuple[Plan, np.ndarray]]] = {}
        self._wx: dict[int, np.ndarray] = {}
        self.largest = 0

    def value(self, pos: Pos, x: int) -> np.ndarray:
        """Backed-up vector at a trick boundary or at a round start (declarer's first card of a round)."""
        return self._value(self.game.node(pos), x)

    def _value(self, node: PNode, x: int) -> np.ndarray:
        game = self.game
        if node.kind == LEAF:
            return game.const(x, node.payoff)
        key = (node.idx, x)
        got = self.vals.get(key)
        if got is not None:
            return got
        if node.kind == MAX:
            opts = self._options(node, x)
            wx = self._weights(x)
            scored = [(plan, float(wx @ v), v) for plan, v in opts]
            best = max(s for _, s, _ in scored)
            plan, _, out = next(t for t in scored if t[1] >= best - EPS)
            self.plans[(node.pos, x)] = plan
            self.scores[(node.pos, x)] = scored
        else:  # a defender leads (or exits)
            out = game.unreached()
            for _move, xm, child in game.kids(node):
                xc = x & xm
                if xc:
                    out = np.minimum(out, self._value(child, xc))
        self.vals[key] = out
        return out

    def _weights(self, x: int) -> np.ndarray:
        wx = self._wx.get(x)
        if wx is None:
            wx = self._wx[x] = np.where(self.game.mask(x), self.weights, 0.0)
        return wx

    def options(self, pos: Pos, x: int) -> list[tuple[Plan, np.ndarray]]:
        """Every plan from a declarer play to the end of the trick, with its vector (dominated ones dropped)."""
        return self._options(self.game.node(pos), x)

    def _options(self, node: PNode, x: int) -> list[tuple[Plan, np.ndarray]]:
        key = (node.idx, x)
        got = self._opts.get(key)
        if got is not None:
            return got
        game = self.game
        out: list[tuple[Plan, np.ndarray]] = []
        for move, child in game.kids(node):
            if child.pos[4] != IN_TRICK:
                out.append(((move, ()), self._value(child, x)))
            else:
                for sub, v in self._defender(child, x):
                    out.append(((move, sub), v))
        out = prune(out)
        self.largest = max(self.largest, len(out))
        self._opts[key] = out
        return out

    def _defender(self, node: PNode, x: int) -> list[tuple[tuple, np.ndarray]]:
        game = self.game
        front: list[tuple[tuple, np.ndarray]] = [((), game.unreached())]
        for move, xm, child in game.kids(node):
            xc = x & xm
            if not xc:
                continue
            if child.pos[4] != IN_TRICK:
                child_opts: list[tuple[Any, np.ndarray]] = [(None, self._value(child, xc))]
            else:
                child_opts = self._options(child, xc)
            combined = [(plan + ((move, p),), np.minimum(v, cv)) for plan, v in front for p, cv in child_opts]
            front = combined if len(combined) == 1 else prune(combined)
            self.largest = max(self.largest, len(front))
        return front

    def decide(self, pos: Pos, x: int) -> Plan:
        self.value(pos, x)
        return self.plans[(pos, x)]

    def options_best(self, pos: Pos, x: int) -> Plan:
        """The best plan for the rest of the round from a declarer play inside it."""
        wx = self._weights(x)
        opts = self.options(pos, x)
        scores = [float(wx @ v) for _, v in opts]
        return opts[int(np.argmax(np.array(scores) >= max(scores) - EPS))][0]


def plan_text(game: SuitGame, plan: Plan) -> str:
    """A tactic in words: ``N:T (E:A→S:6, E:J/8/–→S:Q)`` -- declarer's card, then the reply to each defender card."""
    move, sub = plan
    text = game.move_text(move)
    groups: dict[str, list[str]] = {}
    for d, p in sub:
        if p is not None:
            card = game.move_text(d).split(":")[1].replace("discard", "–")
            groups.setdefault(game.move_text(p[0]), []).append(card)
    if groups:
        seat = game.move_text(sub[0][0]).split(":")[0]
        text += " (" + ", ".join(f"{seat}:{'/'.join(cards)}→{reply}" for reply, cards in groups.items()) + ")"
    return text


def _follow(plan: Plan, played: tuple[Move, ...]) -> Move | None:
    """Declarer's next card under ``plan`` after the round's cards ``played``; None if they leave the plan."""
    i = 0
    while True:
        move, sub = plan
        if i >= len(played) or played[i] != move:
            return None
        if i + 1 >= len(played):
            return None
        nxt = dict(sub).get(played[i + 1])
        if nxt is None:
            return None
        i += 2
        if i == len(played):
            return nxt[0]
        plan = nxt


class TacticPolicy(Policy):
    """A round's tactic is chosen at its first declarer decision and followed to the end of the round."""

    def __init__(self, search: TacticSearch) -> None:
        self.search = search
        self.name = "tactics" if search.weighting == "equal" else "tactics-prior"
        self._state: dict[tuple[Move, ...], tuple[Pos, int, int]] = {}
        self.alternatives: dict[tuple[Pos, int, Move], Plan] = {}

    def state(self, history: tuple[Move, ...]) -> tuple[Pos, int, int]:
        """Position, worlds and the index in ``history`` of the current round's first declarer decision."""
        got = self._state.get(history)
        if got is not None:
            return got
        game = self.search.game
        if not history:
            out = (game.root, game.all, 0)
        else:
            pos, x, start = self.state(history[:-1])
            move = history[-1]
            child, xc = game.step(pos, move), game.move_worlds(pos, x, move)
            if child[4] != IN_TRICK:
                start = len(history)  # a trick boundary: the next declarer lead starts a round
            elif pos[4] != IN_TRICK and move[0] not in (N, S):
                start = len(history)  # a defender led: declarer's second-hand card starts the round
            out = (child, xc, start)
        self._state[history] = out
        return out

    def key(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Hashable:
        _, _, start = self.state(history)
        if start == len(history):
            return (pos, x)
        p0, x0, _ = self.state(history[:start])
        return (pos, x, p0, x0)

    def choose(self, game: SuitGame, pos: Pos, x: int, history: tuple[Move, ...]) -> Move:
        _, x_seen, start = self.state(history)
        if start == len(history):
            plan = self.search.decide(pos, x)
            if x != x_seen:  # asked about other worlds (the non-locality test): remember that tactic
                self.alternatives[(pos, x_seen, plan[0])] = plan
            return plan[0]
        p0, x0, _ = self.state(history[:start])
        natural = self.search.decide(p0, x0)
        # The round's tactic is the plan chosen at the round's start.  When a caller forced another first
        # card there: the tactic it was taken from (see above), else the best-rated plan at the round's
        # start that agrees with the cards played; failing that (dominated plans are dropped), the best
        # plan from here.
        played = history[start:]
        candidates = [natural]
        if played[0] != natural[0]:
            alt = self.alternatives.get((p0, x0, played[0]))
            candidates = ([alt] if alt is not None else []) + [
                plan for plan, _s, _v in sorted(self.search.scores[(p0, x0)], key=lambda t: -t[1])]
        for plan in candidates:
            move = _follow(plan, played)
            if move is not None:
                return move
        return self.search.options_best(pos, x)[0]


def build(weighting: str):
    def make(game: SuitGame) -> Heuristic:
        search = TacticSearch(game, weighting)
        root = search.value(game.root, game.all)
        plan = search.plans[(game.root, game.all)]
        scored = search.scores[(game.root, game.all)]
        total = float(search.weights.sum())
        by_move: dict[Move, tuple[float, float]] = {}
        for p, s, v in scored:
            est = game.expectation(v, game.all)
            if p[0] not in by_move or s / total > by_move[p[0]][1]:
                by_move[p[0]] = (est, s / total)
        details: dict[str, Any] = {
            "weighting": weighting,
            "tactic": plan_text(game, plan),
            "estimate_equal_worlds": float(np.where(root == INF, 0, root).mean()),
            "largest_front": search.largest,
        }
        return Heuristic(TacticPolicy(search), game.expectation(root, game.all),
                         [(m, e, s) for m, (e, s) in by_move.items()], details)

    return make


def solve(problem: SuitProblem, options: Options | None = None) -> Result:
    """Frank & Basin's tactic search, equally likely worlds (``--solver tactics``): its line's true worth."""
    options = options or Options()
    method = "round-by-round tactic search over equally likely worlds (Frank & Basin); its line against best defence"
    return heuristic_result(problem, "tactics", build("equal"), options, method)


def solve_prior(problem: SuitProblem, options: Options | None = None) -> Result:
    """The tactic search weighting worlds by their true odds (``--solver tactics-prior``): its line's true worth."""
    options = options or Options()
    method = "round-by-round tactic search, worlds weighted by their true odds; its line against best defence"
    return heuristic_result(problem, "tactics-prior", build("prior"), options, method)


def plan_vector(search: TacticSearch, pos: Pos, x: int, plan: Plan) -> np.ndarray:
    """The vector of one given plan for the round at ``pos`` (the search's choices in later rounds)."""
    game = search.game
    move, sub = plan
    child = game.step(pos, move)
    if child[4] != IN_TRICK:
        return search.value(child, x)
    replies = dict(sub)
    out = game.unreached()
    for d, xc in game.min_children(child, x):
        nxt = game.step(child, d)
        if nxt[4] != IN_TRICK:
            v = search.value(nxt, xc)
        else:
            if d not in replies:
                raise ValueError(f"the plan has no reply to {game.move_text(d)}")
            v = plan_vector(search, nxt, xc, replies[d])
        out = np.minimum(out, v)
    return out
