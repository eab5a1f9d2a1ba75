"""``bridgeplay compare``: every solver on one problem, against best defence."""

from __future__ import annotations

import click

from bridgeplay.cli.common import SEED, BadInput, console, emit_json, json_option
from bridgeplay.errors import ProblemError


@click.command(epilog="Exit status: 0 compared; 2 bad input (an invalid file, a kind compare does not run on).")
@click.argument("file", type=click.Path())
@click.option("--samples", type=click.IntRange(1, 10**6), default=None,
              help="Repeated minimaxing samples this many worlds at each decision; default: all worlds.")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed for sampling.")
@click.option("--tricks", "target", type=click.IntRange(1, 13), default=None,
              help="Target to compare (default: the file's; every target for tricks: max).")
@json_option
def compare(file: str, samples: int | None, seed: int, target: int | None, as_json: bool) -> None:
    """Every solver on FILE: its first play, its own estimate, its TRUE worth against best defence, its loss.

    The diagnosis names why a line falls short of the optimum: strategy fusion (the solver's
    estimate exceeds its own line's true value) or non-locality (a later choice flips once the
    worlds that best defence would not have let reach it are removed, and the line gains).

    Example: bridgeplay compare problems/paper/fig14-kjtx-a98x.yaml
    """
    from bridgeplay import kinds
    from bridgeplay.analysis.compare import compare as run
    from bridgeplay.cli.common import compile_first, progress_bar

    try:
        problem = kinds.load(file)
        compile_first(kinds.of(problem), quiet=as_json)
        with progress_bar(not as_json) as progress:
            out = run(problem, samples=samples, seed=seed, target=target, progress=progress)
    except ProblemError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(out)
        return
    from bridgeplay.report.compare import render_compare

    render_compare(out, console())
