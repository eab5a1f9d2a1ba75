"""Why a heuristic's single-suit line falls short: the operational non-locality tests of ``bridgeplay compare``.

* :func:`reach` -- the worlds in which best defence lets play reach each declarer decision of a line;
* :func:`locality` -- *reached worlds*: a later choice of the line flips once the worlds that best
  defence would not have let reach it are removed, and the line with the changed choice(s) is worth more;
* :func:`change_witness` -- *changed choice*: another play at a group of equivalent positions of the
  line is no better for their own subtrees yet raises the whole line.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import numpy as np

from bridgeplay.cards import N, S, popcount
from bridgeplay.suit.game import EPS, MAX, Move, Pos, SuitGame
from bridgeplay.suit.policy import CachedPolicy, Evaluation, OverridePolicy, evaluate, evaluate_from


# ------------------------------------------------------------------------------- non-locality
def reach(ev: Evaluation) -> dict[Hashable, int]:
    """For each node, the worlds in which best defence against the policy may actually arrive there.

    A world is kept below a MIN node only on the replies that are optimal for MIN in that
    world (equal payoff to MIN's best); a reply strictly worse for the defence rules the
    world out -- the paper's "worlds ruled out by the history" (Section 7, Figs. 20-22).
    """
    game = ev.game
    r: dict[Hashable, int] = {ev.root: game.all}
    for key in reversed(ev.order):
        node = ev.nodes[key]
        here = r.get(key, 0)
        if not here:
            continue
        for _mv, xc, ck in node.children:
            if ck is None:
                continue
            if node.kind == MAX:
                r[ck] = r.get(ck, 0) | here
            else:
                opt = game.bits(ev.nodes[ck].vec <= node.vec + EPS) & xc
                r[ck] = r.get(ck, 0) | (here & opt)
    return r


@dataclass
class Flip:
    """A later declarer decision that changes once the worlds ruled out by the history are removed."""

    history: tuple[Move, ...]
    worlds: int  # worlds consistent with the cards seen
    reached: int  # of those, the worlds where best defence lets play arrive here
    move: Move  # the policy's choice with ``worlds``
    alternative: Move  # its choice with ``reached``
    gain: float | None = None  # true value with the alternative here, minus the line's (None: not computed)

    def describe(self, game: SuitGame) -> str:
        hist = " ".join(game.move_text(m) for m in self.history)
        gain = "" if self.gain is None else f", gain {self.gain:+.4f}"
        return (f"after {hist}: {game.move_text(self.move)} -> {game.move_text(self.alternative)} "
                f"({popcount(self.worlds)} -> {popcount(self.reached)} worlds{gain})")


@dataclass
class Locality:
    """The outcome of the non-locality test on one evaluated line."""

    flips: list[Flip]
    combined_gain: float  # every flip applied at once
    base: float  # the line's true value

    @property
    def best_gain(self) -> float:
        gains = [f.gain for f in self.flips if f.gain is not None] + [self.combined_gain]
        return max(gains)

    def found(self, tol: float = 1e-9) -> bool:
        """Some flip (or all of them together) raises the line's true value."""
        return bool(self.flips) and self.best_gain > tol


def locality(ev: Evaluation, limit: int = 40) -> Locality:
    """The operational non-locality test.

    For every declarer decision N of the evaluated line (after the first) with more than
    one play: R(N) = the worlds consistent with the cards seen at N in which best defence
    against the line actually arrives at N (:func:`reach`).  When R(N) is a non-empty
    proper subset of the consistent worlds, the policy is asked again at N with R(N); a
    different choice is a *flip*: the choice at N was made by payoffs in worlds that best
    defence never lets reach N.  The line is then re-evaluated with every flip applied at
    once (``combined_gain``: the defence may re-steer, e.g. to an equivalent card whose
    node flipped too) and, while no gain has been found, with each flip alone (``gain``;
    at most ``limit`` of them).  Non-locality costs the line value when some gain is
    positive (:meth:`Locality.found`).
    """
    game, policy = ev.game, ev.policy
    cached = policy if isinstance(policy, CachedPolicy) else CachedPolicy(policy)
    r = reach(ev)
    base = ev.value
    flips: list[Flip] = []
    keys: list[Hashable] = []
    for key in reversed(ev.order):
        node = ev.nodes[key]
        if node.kind != MAX or node.moves < 2 or not node.history:
            continue
        here = r.get(key, 0)
        if not here or here == node.x:
            continue
        alt = game.canonical(node.pos, cached.choose(game, node.pos, here, node.history))
        if alt != node.move:
            flips.append(Flip(node.history, node.x, here, node.move, alt))  # type: ignore[arg-type]
            keys.append(key)
    if not flips:
        return Locality([], 0.0, base)
    combined = evaluate(game, OverridePolicy(cached, {k: f.alternative for k, f in zip(keys, flips)})).value - base
    if combined <= EPS:
        for k, f in list(zip(keys, flips))[:limit]:
            f.gain = evaluate(game, OverridePolicy(cached, {k: f.alternative})).value - base
            if f.gain > EPS:
                break
    return Locality(flips, combined, base)


@dataclass
class Change:
    """One declarer decision of a line changed: the line's true value moves by ``gain``."""

    history: tuple[Move, ...]
    move: Move
    alternative: Move
    local_before: float  # Σ P(w)·payoff over the nodes' worlds, their subtrees alone
    local_after: float
    gain: float  # whole line
    nodes: int = 1  # equivalent positions changed together

    def describe(self, game: SuitGame) -> str:
        hist = " ".join(game.move_text(m) for m in self.history)
        also = f" and {self.nodes - 1} equivalent position(s)" if self.nodes > 1 else ""
        return (f"after {hist}{also}: {game.move_text(self.move)} -> {game.move_text(self.alternative)} "
                f"(own subtrees {self.local_before:.4f} -> {self.local_after:.4f}, the line {self.gain:+.4f})")


def signature(pos: Pos) -> tuple:
    """The position up to equivalent defenders' cards.

    Declarer's cards are kept exactly; the other cards (the defenders' unplayed cards and
    the cards they have put on the table) are read from the top down, and each run of them
    that no declarer card separates becomes one multiset.  Two positions with the same
    signature differ only by which of two equal defenders' cards was played (West's 7 or
    6 from K-Q-7-6 opposite A-J-T-9-8 / 5-4-3-2): declarer's right play is the same in both.
    """
    north, south, dfd, won, lead, leader, table = pos
    on_table = {r: seat for seat, r in table if r > 0}
    runs: list[tuple] = []
    run: list[str] = []
    for r in range(14, 1, -1):
        if north >> r & 1 or south >> r & 1 or on_table.get(r) in (N, S):
            if run:
                runs.append(tuple(sorted(run)))
                run = []
            runs.append(("N" if north >> r & 1 else "S" if south >> r & 1 else f"t{on_table[r]}:{r}",))
        elif dfd >> r & 1:
            run.append("d")
        elif r in on_table:
            run.append(f"t{on_table[r]}")
    if run:
        runs.append(tuple(sorted(run)))
    return (won, lead, leader, tuple(seat for seat, _ in table), tuple(runs))


def _ancestors(parents: dict[Hashable, list[Hashable]], keys: list[Hashable]) -> set[Hashable]:
    anc: set[Hashable] = set()
    todo = list(keys)
    while todo:
        for p in parents.get(todo.pop(), []):
            if p not in anc:
                anc.add(p)
                todo.append(p)
    return anc


def change_witness(ev: Evaluation, limit: int = 200) -> Change | None:
    """A second operational witness of non-locality: a changed decision that helps only from outside.

    The declarer decisions of the line are grouped by :func:`signature` and by the play
    chosen (equivalent positions, same choice); for each group, nearest the root first (at
    most ``limit`` re-evaluations), each other play is tried at every node of the group
    at once, with the policy's own choices below.  If the change does NOT raise the value
    of the group's own subtrees (Σ over its nodes of Σ P(w)·payoff over each node's
    consistent worlds, true odds) but DOES raise the true value of the whole line, the
    better choice there depends on payoffs outside those subtrees -- the defence, knowing
    the world, steers play towards or away from them -- which is non-locality by
    definition (Frank & Basin, Section 7).  Returns the first such change, or None.
    """
    game = ev.game
    policy = ev.policy if isinstance(ev.policy, CachedPolicy) else CachedPolicy(ev.policy)
    parents: dict[Hashable, list[Hashable]] = {}
    for k, n in ev.nodes.items():
        for _mv, _xc, ck in n.children:
            if ck is not None:
                parents.setdefault(ck, []).append(k)
    index = {k: i for i, k in enumerate(ev.order)}
    groups: dict[tuple, list[Hashable]] = {}
    for key in reversed(ev.order):
        node = ev.nodes[key]
        if node.kind == MAX and node.moves >= 2 and node.history:
            groups.setdefault((signature(node.pos), node.move), []).append(key)
    base = ev.value
    tried = 0
    for (_sig, current), members in groups.items():
        first = ev.nodes[members[0]]
        for move, _child in game.kids(game.node(first.pos)):
            if move == current:
                continue
            tried += 1
            new: dict[Hashable, np.ndarray] = {}
            before = after = 0.0
            for k in members:
                node = ev.nodes[k]
                child = next((c for m, c in game.kids(game.node(node.pos)) if m == move), None)
                if child is None:  # not quite equivalent after all: leave this node alone
                    continue
                _, vec, _, _ = evaluate_from(game, policy, child, node.x, node.history + (move,), base=ev.nodes)
                new[k] = vec
                before += game.expectation(node.vec, node.x)
                after += game.expectation(vec, node.x)
            if new and after <= before + EPS:
                chain = sorted(_ancestors(parents, list(new)) - set(new), key=index.__getitem__)
                for a in chain:
                    an = ev.nodes[a]
                    if an.kind == MAX:
                        new[a] = new.get(an.children[0][2], an.vec)
                        continue
                    v = game.unreached()
                    for mv, xc, ck in an.children:
                        if ck is None:
                            cv = game.const(xc, game.node(game.step(an.pos, mv)).payoff)
                        else:
                            cv = new.get(ck, ev.nodes[ck].vec)
                        v = np.minimum(v, cv)
                    new[a] = v
                gain = game.expectation(new.get(ev.root, ev.vec), game.all) - base
                if gain > EPS:
                    return Change(first.history, current, move, before, after, gain, len(new))  # type: ignore[arg-type]
            if tried >= limit:
                return None
    return None
