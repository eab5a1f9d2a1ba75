"""Sentences about a line of play, shared by the kinds that tell their lines in words (``suit/words.py``,
``deal/words.py``): the trick-by-trick narration loop, "or" lists of the defenders' replies, sentence case."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# one trick: (its words, the next trick's nodes, the cards left, how the next sentence opens; None = settled)
Trick = Callable[[Any, Any], tuple[str, list[Any], Any, "str | None"]]


def narrate(nodes: list[Any], state: Any, trick: Trick, tricks: int,
            lead_of: Callable[[list[Any]], Any], settled: Callable[[Any, Any], bool] | None = None) -> str:
    """Tell up to ``tricks`` tricks: ``lead_of(nodes)`` is declarer's lead (None: stop), ``trick(lead, state)``
    tells one; ``settled(lead, state)`` (after the first trick) ends the paragraph with "cash the winners"."""
    sentences: list[str] = []
    opening = ""
    while nodes and tricks > 0:
        lead = lead_of(nodes)
        if lead is None:
            break
        if sentences and settled is not None and settled(lead, state):
            sentences.append(sentence(f"{opening} cash the winners"))
            break
        text, nodes, state, after = trick(lead, state)
        sentences.append(sentence(f"{opening} {text}"))
        tricks -= 1
        if after is None:
            break
        opening = after
    return " ".join(sentences)


def either(texts: list[str]) -> str:
    """``West plays the king or the jack``, ``West ruffs or discards a ♦``: one seat's replies share it."""
    if len(texts) > 1:
        seat = texts[0].split(" ")[0] + " "
        if all(t.startswith(seat) for t in texts):
            verbs = [t[len(seat):] for t in texts]
            if all(v.startswith("plays ") for v in verbs):
                verbs = [verbs[0]] + [v[len("plays "):] for v in verbs[1:]]
            texts = [seat + verbs[0]] + verbs[1:]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


def sentence(text: str) -> str:
    """Spaces made single, a capital first, a full stop last."""
    text = " ".join(text.split())
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
