"""Random single-suit problems for tests and benchmarks (seeded)."""

from __future__ import annotations

from typing import Any

from bridgeplay.cards import rank_char
from bridgeplay.suit.problem import SuitProblem, load


def random_suit_problem(rng: Any, sizes: tuple[int, int] = (8, 10), out: tuple[int, int] = (4, 5),
                        max_hand: int = 4, name: str = "random") -> SuitProblem:
    """A random single-suit problem (seeded ``numpy`` generator): a suit of ``sizes`` cards (top ranks),
    ``out`` of them outstanding, the rest split between North and South (each 1 to ``max_hand`` cards), a
    random target from 1 to the longer hand's length; 13 vacant places each."""
    while True:
        size = int(rng.integers(sizes[0], sizes[1] + 1))
        n_out = int(rng.integers(out[0], min(out[1], size - 1) + 1))
        ranks = list(range(15 - size, 15))
        perm = [ranks[i] for i in rng.permutation(size)]
        ours = perm[n_out:]
        side = rng.integers(0, 2, size=len(ours))
        north = sorted((r for r, s in zip(ours, side) if s == 0), reverse=True)
        south = sorted((r for r, s in zip(ours, side) if s == 1), reverse=True)
        if 1 <= len(north) <= max_hand and 1 <= len(south) <= max_hand:
            break
    tricks = int(rng.integers(1, max(len(north), len(south)) + 1))

    def text(rs: list[int]) -> str:
        return "".join(rank_char(r) for r in rs) or "-"

    data = {"name": f"{name} {text(north)} / {text(south)}", "kind": "suit", "north": text(north),
            "south": text(south), "tricks": tricks, "suit_size": size}
    return load(data, f"<{name}>")
