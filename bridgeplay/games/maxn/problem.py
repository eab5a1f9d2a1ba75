"""``kind: trick`` problems: an n-player trick game position (a deal) or an explicit n-player tree (a figure).

A deal::

    name: Sergeant Major, a 2-trick ending
    kind: trick
    game: sergeant-major        # or hearts (3 players, maximising 26 - points)
    hands:                      # one per player, spades first (PBN), player 1 first
      - "AK.Q..."
      - "..."
      - "..."
    lead: 1                     # the player who leads (default 1)
    tricks: 2                   # the horizon in tricks (default: every card)
    trumps: NT                  # S, H, D, C or NT (default NT: no trumps)
    paranoid: 1                 # the paranoid MAX player (default: the leader)
    expect:
      value: [2, 0, 0]          # the maxⁿ value (every maxⁿ solver must return it)
      move: P1:SA               # the first move
      paranoid: 2               # the paranoid value (MAX's score)
      solvers: {abbnb: {nodes: 17}}

A tree (the seed's figures)::

    kind: trick
    players: 3
    maxsum: 10
    maxp: 10
    tree:
      player: 1                 # players are numbered from 1
      label: a
      children:
        - [6, 3, 1]             # a leaf: one score per player
        - {player: 2, label: b, low: [0, 0, 2], up: [5, 10, 10], children: [...]}

``low``/``up`` are the monotonic heuristic's bounds at a node (see :mod:`bridgeplay.games.maxn.tree`).
A move is ``P1:SA`` in a deal (player, then suit letter and rank), a child's label (or its number from 1)
in a tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bridgeplay.errors import ProblemError, shown
from bridgeplay.games.maxn.game import GAMES, HAND_SIZE, HEARTS_REMOVED, TrickGame, card_text, parse_hand
from bridgeplay.games.maxn.tree import TNode
from bridgeplay.yamlio import check_fields, expect_field, int_field, name_field

_COMMON = {"name", "kind", "source", "notes", "note", "description", "expect", "paranoid"}
_DEAL_FIELDS = _COMMON | {"game", "hands", "lead", "tricks", "trumps"}
_TREE_FIELDS = _COMMON | {"players", "maxsum", "maxp", "tree"}
_NODE_FIELDS = {"player", "label", "low", "up", "children"}
EXPECT_FIELDS = ("value", "move", "moves", "paranoid", "nodes", "solvers")
MAX_TREE_NODES = 10_000
SOLVERS = ("maxn", "shallow", "dfbnb", "abbnb", "paranoid", "paranoid-h", "maxn-tt")


@dataclass(frozen=True, eq=False)
class TrickProblem:
    """A validated ``kind: trick`` problem: ``game`` (a deal) or ``tree`` (an explicit tree)."""

    name: str
    file: str
    n: int
    maxsum: int
    maxp: int
    game: TrickGame | None = None
    tree: TNode | None = None
    max_player: int = 0
    source: str = ""
    expect: dict[str, Any] = field(default_factory=dict)
    kind: str = "trick"

    @property
    def shallow_sound(self) -> bool:
        return self.maxsum < 2 * self.maxp

    def move_text(self, index_or_card: int) -> str:
        """A first move as written: ``P1:SA`` (a deal's card) or the root child's label (a tree's index)."""
        if self.game is not None:
            return f"P{self.game.leader + 1}:{card_text(index_or_card)}"
        assert self.tree is not None
        return self.tree.children[index_or_card].move


def _fail(path: str, fld: str, message: str) -> ProblemError:
    return ProblemError(path, fld, message)


def _int(value: Any, path: str, fld: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, fld, f"expected a whole number, got {shown(value)}")
    if not lo <= value <= hi:
        raise _fail(path, fld, f"{value} is out of range ({lo} to {hi})")
    return value


def _tuple(value: Any, path: str, fld: str, n: int, hi: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n:
        raise _fail(path, fld, f"expected a list of {n} scores, got {shown(value)}")
    return tuple(_int(v, path, f"{fld}[{i}]", 0, hi) for i, v in enumerate(value))


def load(data: dict[str, Any], path: str) -> TrickProblem:
    """A validated trick problem from a file's mapping (one-line :class:`ProblemError` otherwise)."""
    name = name_field(data, path)
    if "tree" in data:
        problem = _load_tree(data, path, name)
    elif "hands" in data:
        problem = _load_deal(data, path, name)
    else:
        raise _fail(path, "hands", "missing field (a trick problem has hands: and game:, or tree:)")
    _check_expect(problem, path)
    return problem


def _load_deal(data: dict[str, Any], path: str, name: str) -> TrickProblem:
    check_fields(data, _DEAL_FIELDS, path, "a trick deal")
    game = data.get("game")
    if game not in GAMES:
        raise _fail(path, "game", f"expected one of {', '.join(GAMES)}, got {shown(game)}")
    raw = data["hands"]
    if not isinstance(raw, list) or len(raw) != 3:
        raise _fail(path, "hands", "expected a list of 3 hands (spades first, as in PBN)")
    hands = []
    seen = 0
    for i, text in enumerate(raw):
        if not isinstance(text, str):
            raise _fail(path, f"hands[{i}]", f"expected a hand like AKQ.JT9.876.5432, got {shown(text)}")
        try:
            mask = parse_hand(text)
        except ValueError as exc:
            raise _fail(path, f"hands[{i}]", f"{exc} (got {shown(text)})") from None
        if mask & seen:
            dup = next(c for c in range(52) if (mask & seen) >> c & 1)
            raise _fail(path, f"hands[{i}]", f"{card_text(dup)} is in two hands")
        if game == "hearts" and mask >> HEARTS_REMOVED & 1:
            raise _fail(path, f"hands[{i}]", "the D2 is not in 3-player Hearts' 51-card pack")
        seen |= mask
        hands.append(mask)
    sizes = {bin(h).count("1") for h in hands}
    if len(sizes) != 1 or 0 in sizes:
        raise _fail(path, "hands", f"every hand needs the same number of cards (got {sorted(sizes)})")
    each = sizes.pop()
    if each > HAND_SIZE[game]:
        raise _fail(path, "hands", f"{each} cards a hand; {game} deals {HAND_SIZE[game]}")
    lead = int_field(data, "lead", path, 1, 1, 3) - 1
    tricks = int_field(data, "tricks", path, each, 1, each)
    trumps = data.get("trumps", "NT")
    if trumps not in ("S", "H", "D", "C", "NT"):
        raise _fail(path, "trumps", f"expected S, H, D, C or NT, got {shown(trumps)}")
    trump = -1 if trumps == "NT" else 3 - "SHDC".index(trumps)
    max_player = int_field(data, "paranoid", path, lead + 1, 1, 3) - 1
    g = TrickGame(game, tuple(hands), lead, tricks, trump, max_player)
    return TrickProblem(name, path, 3, g.maxsum, g.maxp, game=g, max_player=max_player,
                        source=str(data.get("source", "")), expect=expect_field(data, path))


def _load_tree(data: dict[str, Any], path: str, name: str) -> TrickProblem:
    check_fields(data, _TREE_FIELDS, path, "a trick tree")
    n = int_field(data, "players", path, 3, 2, 4)
    if "maxsum" not in data or "maxp" not in data:
        raise _fail(path, "maxsum" if "maxsum" not in data else "maxp", "missing field (a tree gives maxsum and maxp)")
    maxp = int_field(data, "maxp", path, 0, 1, 10**6)
    maxsum = int_field(data, "maxsum", path, 0, maxp, n * maxp)
    count = [0]

    def node(raw: Any, fld: str, move: str, parent_low: tuple[int, ...], parent_up: tuple[int, ...]) -> TNode:
        count[0] += 1
        if count[0] > MAX_TREE_NODES:
            raise _fail(path, fld, f"more than {MAX_TREE_NODES} nodes")
        if isinstance(raw, list):
            value = _tuple(raw, path, fld, n, maxp)
            if sum(value) > maxsum:
                raise _fail(path, fld, f"scores sum to {sum(value)}, above maxsum {maxsum}")
            for i in range(n):
                if not parent_low[i] <= value[i] <= parent_up[i]:
                    raise _fail(path, fld, f"player {i + 1}'s score {value[i]} is outside the bounds above it "
                                           f"({parent_low[i]} to {parent_up[i]}): the heuristic is not monotonic")
            return TNode(label=move, value=value, move=move)
        if not isinstance(raw, dict):
            raise _fail(path, fld, f"expected a node {{player, children}} or a leaf [scores], got {shown(raw)}")
        check_fields(raw, _NODE_FIELDS, path, f"a tree node ({fld})")
        if "player" not in raw:
            raise _fail(path, f"{fld}.player", "missing field")
        player = _int(raw["player"], path, f"{fld}.player", 1, n) - 1
        label = raw.get("label")
        label = move if label is None else str(label)
        low = _tuple(raw["low"], path, f"{fld}.low", n, maxp) if "low" in raw else None
        up = _tuple(raw["up"], path, f"{fld}.up", n, maxp) if "up" in raw else None
        my_low = tuple(max(a, b) for a, b in zip(parent_low, low or (0,) * n))
        derived = tuple(min(maxp, maxsum - sum(my_low[j] for j in range(n) if j != i)) for i in range(n))
        my_up = tuple(min(a, b, c) for a, b, c in zip(parent_up, up or (maxp,) * n, derived))
        if low is not None and any(low[i] < parent_low[i] for i in range(n)):
            raise _fail(path, f"{fld}.low", "below its parent's low: the heuristic is not monotonic")
        if up is not None and any(up[i] > parent_up[i] for i in range(n)):
            raise _fail(path, f"{fld}.up", "above its parent's up: the heuristic is not monotonic")
        kids = raw.get("children")
        if not isinstance(kids, list) or not kids:
            raise _fail(path, f"{fld}.children", "expected a list of children (nodes or [scores])")
        children = []
        for i, kid in enumerate(kids):
            kid_move = kid.get("label") if isinstance(kid, dict) and kid.get("label") is not None else str(i + 1)
            children.append(node(kid, f"{fld}.children[{i}]", str(kid_move), my_low, my_up))
        return TNode(label=label, player=player, children=tuple(children), low=low, up=up, move=move)

    root = node(data["tree"], "tree", "root", (0,) * n, (maxp,) * n)
    if root.leaf:
        raise _fail(path, "tree", "the root is a leaf: nothing to choose")
    max_player = int_field(data, "paranoid", path, root.player + 1, 1, n) - 1
    return TrickProblem(name, path, n, maxsum, maxp, tree=root, max_player=max_player,
                        source=str(data.get("source", "")), expect=expect_field(data, path))


def _check_expect(problem: TrickProblem, path: str) -> None:
    expect = problem.expect
    if not isinstance(expect, dict):
        raise _fail(path, "expect", "expected a mapping (value, move, paranoid, nodes, solvers)")

    def block(spec: Any, prefix: str) -> None:
        if not isinstance(spec, dict):
            raise _fail(path, prefix, "expected a mapping (value, move, paranoid, nodes)")
        for key, v in spec.items():
            fld = f"{prefix}.{key}"
            if key not in EXPECT_FIELDS or (key == "solvers" and prefix != "expect"):
                raise _fail(path, fld, f"unknown field ({', '.join(EXPECT_FIELDS)})")
            if key == "value":
                _tuple(v, path, fld, problem.n, problem.maxp)
            elif key in ("paranoid", "nodes"):
                _int(v, path, fld, 0 if key == "paranoid" else 1, 10**15)
            elif key == "move" and not isinstance(v, str):
                raise _fail(path, fld, f"expected a move like P1:SA (a deal) or a child's label, got {shown(v)}")
            elif key == "moves" and not (isinstance(v, list) and all(isinstance(m, str) for m in v)):
                raise _fail(path, fld, "expected a list of moves")
            elif key == "solvers":
                if not isinstance(v, dict):
                    raise _fail(path, fld, "expected {solver: {value, move, paranoid, nodes}}")
                for name, sub in v.items():
                    if name not in SOLVERS:
                        raise _fail(path, f"{fld}.{name}", f"unknown solver (one of: {', '.join(SOLVERS)})")
                    block(sub, f"{fld}.{name}")
        if "nodes" in spec and prefix == "expect":
            raise _fail(path, "expect.nodes", "nodes depend on the solver: write them under expect.solvers.NAME")

    block(expect, "expect")
