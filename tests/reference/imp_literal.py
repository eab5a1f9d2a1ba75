"""Slow, literal references for one-player imperfect-information games (van Lent & Mutchler), independent of
bridgeplay's code: their own tree reader, their own RNG transcription, exact :class:`~fractions.Fraction`
arithmetic (no integer scaling), node *sets* built as the seed defines them.

* :func:`brute_force` -- the best expected payoff over every pure strategy (one alternative per information
  set), by enumeration: the definition of the game's value with perfect recall;
* :func:`imp_minimax` -- V(expand({root})) as the seed's formula reads;
* :func:`imp_alpha_beta` -- Max-Set / Mixed-Set as the seed's pseudo-code reads, counting leaves examined;
* :class:`ImpModel` -- an IMP-model(k, b, d) tree with payoffs from SplitMix64 (the bridgeplay engine's
  documented generator, transcribed here from its definition), built on demand;
* :func:`imp_model_alpha_beta_ints` -- a plain-Python IMP-alpha-beta on an IMP-model tree in integer units:
  the baseline of ``benchmarks/imp.py`` (what a pure-Python search costs).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

M64 = (1 << 64) - 1


# -- the generator, from its definition (SplitMix64's finaliser; keys chained over seed, k, b, d, trial) ----------
def splitmix(z: int) -> int:
    z &= M64
    z ^= z >> 30
    z = (z * 0xBF58476D1CE4E5B9) & M64
    z ^= z >> 27
    z = (z * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def model_key(seed: int, k: int, b: int, d: int, trial: int) -> int:
    z = splitmix(seed)
    for x in (k, b, d, trial):
        z = splitmix(z + x * 0x9E3779B97F4A7C15)
    return z


def model_payoff(key: int, leaf: int, u: int = 10) -> int:
    return splitmix(key + (leaf + 1) * 0x9E3779B97F4A7C15) % (u + 1)


# -- games --------------------------------------------------------------------------------------------------------
class Game:
    """A node is a hashable key; ``kind`` is chance | max | leaf."""

    upper: int
    root: Any

    def kind(self, x: Any) -> str: ...
    def children(self, x: Any) -> list[Any]: ...
    def probs(self, x: Any) -> list[Fraction]: ...
    def infoset(self, x: Any) -> Any: ...
    def payoff(self, x: Any) -> int: ...


class ExplicitGame(Game):
    """A ``kind: imp`` mapping, read here from scratch (nodes numbered in depth-first file order)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.upper = int(data["U"])
        self.nodes: list[dict[str, Any]] = []
        self.root = self._add(data["tree"])

    def _add(self, raw: Any) -> int:
        i = len(self.nodes)
        if isinstance(raw, int):
            self.nodes.append({"kind": "leaf", "payoff": raw})
            return i
        if "chance" in raw:
            node: dict[str, Any] = {"kind": "chance"}
            self.nodes.append(node)
            kids = raw["chance"]
            ps = raw.get("probabilities") or [Fraction(1, len(kids))] * len(kids)
            node["probs"] = [Fraction(p) if not isinstance(p, str) else Fraction(p) for p in ps]
            node["children"] = [self._add(c) for c in kids]
            return i
        node = {"kind": "max", "infoset": str(raw["max"])}
        self.nodes.append(node)
        node["children"] = [self._add(c) for c in raw["children"].values()]
        return i

    def kind(self, x: int) -> str:
        return self.nodes[x]["kind"]

    def children(self, x: int) -> list[int]:
        return self.nodes[x]["children"]

    def probs(self, x: int) -> list[Fraction]:
        return self.nodes[x]["probs"]

    def infoset(self, x: int) -> str:
        return self.nodes[x]["infoset"]

    def payoff(self, x: int) -> int:
        return self.nodes[x]["payoff"]


class ImpModel(Game):
    """IMP-model(k, b, d) as Section 3 defines it; a node is ``(c, path)`` (root child c, alternatives taken)."""

    def __init__(self, k: int, b: int, d: int, key: int, u: int = 10) -> None:
        self.k, self.b, self.d, self.key, self.upper = k, b, d, key, u
        self.n = k ** (d - 1)
        self.root = ("root",)

    def kind(self, x: Any) -> str:
        if x == self.root:
            return "chance"
        return "leaf" if len(x[1]) == self.d - 1 else "max"

    def children(self, x: Any) -> list[Any]:
        if x == self.root:
            return [(c, ()) for c in range(self.n)]
        c, path = x
        return [(c, path + (j,)) for j in range(self.b)]

    def probs(self, x: Any) -> list[Fraction]:
        return [Fraction(1, self.n)] * self.n

    def infoset(self, x: Any) -> Any:
        c, path = x
        t = len(path) + 1  # depth
        return (path, c // self.k ** (self.d - t))  # k contiguous blocks per step

    def payoff(self, x: Any) -> int:
        c, path = x
        # leaf number c * b^(d-1) + path (base b)
        leaf = c * self.b ** (self.d - 1) + sum(j * self.b ** (len(path) - 1 - i) for i, j in enumerate(path))
        return model_payoff(self.key, leaf, self.upper)


# -- the seed's functions -----------------------------------------------------------------------------------------
class Literal:
    """expand, partition, prob, child of a PI-set; V; Max-Set and Mixed-Set, leaves counted."""

    def __init__(self, game: Game) -> None:
        self.g = game
        self.p: dict[Any, Fraction] = {game.root: Fraction(1)}
        self.leaves = 0

    def expand(self, xs: list[Any]) -> list[Any]:
        out: list[Any] = []
        for x in xs:
            if self.g.kind(x) == "chance":
                kids = self.g.children(x)
                for c, q in zip(kids, self.g.probs(x), strict=True):
                    self.p[c] = self.p[x] * q
                out += self.expand(kids)
            else:
                out.append(x)
        return out

    def partition(self, xs: list[Any]) -> list[Any]:
        out: list[Any] = []
        for x in xs:
            if self.g.kind(x) == "leaf":
                out.append(x)
                continue
            for m in out:
                if isinstance(m, list) and self.g.infoset(m[0]) == self.g.infoset(x):
                    m.append(x)
                    break
            else:
                out.append([x])
        return out

    def child(self, pi: list[Any], j: int) -> list[Any]:
        out = []
        for x in pi:
            c = self.g.children(x)[j]
            self.p[c] = self.p[x]
            out.append(c)
        return self.expand(out)

    def prob(self, x: Any) -> Fraction:
        return sum((self.p[y] for y in x), Fraction(0)) if isinstance(x, list) else self.p[x]

    def h(self, x: Any) -> int:
        self.leaves += 1
        return self.g.payoff(x)

    def is_pi_set(self, xs: list[Any]) -> bool:
        return all(self.g.kind(x) == "max" for x in xs) and len({self.g.infoset(x) for x in xs}) == 1

    def V(self, xs: list[Any]) -> Fraction:
        if self.is_pi_set(xs):
            return max(self.V(self.child(xs, j)) for j in range(len(self.g.children(xs[0]))))
        total = Fraction(0)
        for m in self.partition(xs):
            total += self.V(m) if isinstance(m, list) else self.p[m] * self.h(m)
        return total

    def max_set(self, x: list[Any], P: Any) -> Any:
        best = P
        for j in range(len(self.g.children(x[0]))):
            temp = self.mixed_set(self.child(x, j), best)
            if temp > best:
                if temp == self.g.upper * self.prob(x):
                    return temp
                best = temp
        return best

    def mixed_set(self, X: list[Any], P: Any) -> Any:
        U = self.g.upper
        s = Fraction(0)
        prob_left = self.prob(X)
        for x in self.partition(X):
            prob_left = prob_left - self.prob(x)
            if not isinstance(x, list):
                s = s + self.prob(x) * self.h(x)
            else:
                s = s + self.max_set(x, P - s - U * prob_left)
            if s + U * prob_left <= P:
                return P
        return s


def imp_minimax(game: Game) -> tuple[Fraction, int]:
    lit = Literal(game)
    v = lit.V(lit.expand([game.root]))
    return v, lit.leaves


def imp_alpha_beta(game: Game, P: Any = float("-inf")) -> tuple[Any, int]:
    """Mixed-Set(expand({root}), P): (value or P, leaves examined)."""
    lit = Literal(game)
    return lit.mixed_set(lit.expand([game.root]), P), lit.leaves


def strategy_value(game: Game, strategy: dict[Any, int]) -> Fraction:
    """H(pi): the expected payoff of the pure strategy {information set: alternative index}."""
    total = Fraction(0)
    stack = [(game.root, Fraction(1))]
    while stack:
        x, p = stack.pop()
        kind = game.kind(x)
        if kind == "leaf":
            total += p * game.payoff(x)
        elif kind == "chance":
            stack += [(c, p * q) for c, q in zip(game.children(x), game.probs(x), strict=True)]
        else:
            stack.append((game.children(x)[strategy[game.infoset(x)]], p))
    return total


def infosets(game: Game) -> dict[Any, int]:
    """Every information set and its number of alternatives."""
    out: dict[Any, int] = {}
    stack = [game.root]
    while stack:
        x = stack.pop()
        if game.kind(x) == "leaf":
            continue
        if game.kind(x) == "max":
            out[game.infoset(x)] = len(game.children(x))
        stack += game.children(x)
    return out


def brute_force(game: Game, limit: int = 200_000) -> Fraction:
    """max over every pure strategy of H(pi)."""
    sets = infosets(game)
    labels = list(sets)
    count = 1
    for n in sets.values():
        count *= n
    assert count <= limit, f"{count} strategies"
    return max(strategy_value(game, dict(zip(labels, choice, strict=True)))
               for choice in itertools.product(*(range(sets[s]) for s in labels)))


# -- a plain-Python IMP-model alpha-beta in integer units (the benchmark's baseline) -----------------------------
def imp_model_alpha_beta_ints(k: int, b: int, d: int, key: int, u: int = 10) -> tuple[int, int]:
    """(value in units of 1/k^(d-1), leaves examined): the pseudo-code on (lo, size, path) blocks, in Python."""
    bpow = b ** (d - 1)
    count = [0]
    golden = 0x9E3779B97F4A7C15

    def mixed(t: int, lo: int, size: int, path: int, P: int) -> int:
        s = 0
        left = size
        if t == d:
            for c in range(lo, lo + size):
                left -= 1
                s += splitmix(key + (c * bpow + path + 1) * golden) % (u + 1)
                count[0] += 1
                if s + u * left <= P:
                    return P
            return s
        parts = 1 if t == 1 else k
        m = size // parts
        for i in range(parts):
            left -= m
            best = P - s - u * left
            for j in range(b):
                temp = mixed(t + 1, lo + i * m, m, path * b + j, best)
                if temp > best:
                    best = temp
                    if temp == u * m:
                        break
            s += best
            if s + u * left <= P:
                return P
        return s

    v = mixed(1, 0, k ** (d - 1), 0, -(1 << 62))
    return v, count[0]
