"""``bridgeplay validate``: check problem files without solving them."""

from __future__ import annotations

import sys

import click

from bridgeplay.cli.common import BadInput, emit_json
from bridgeplay.errors import ProblemError


@click.command(epilog="Exit status: 0 every file is valid; 2 some file is invalid or unreadable.")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per file and line: {file, valid, error}.")
def validate(paths: tuple[str, ...], as_json: bool) -> None:
    """Check problem files without solving them: YAML, fields, cards, and that expect: fits the problem.

    Each invalid file gets its one-line error (file: field: message) on stderr; the last line counts them.

    Example: bridgeplay validate problems
    """
    from bridgeplay.analysis import batch as lib

    files = lib.find_problem_files(paths)
    if not files:
        raise BadInput(f"no problem files (*.yaml, *.yml) under {', '.join(paths)}")
    bad = 0
    for f in files:
        try:
            lib.validate_file(f)
            error = None
        except ProblemError as exc:
            error = str(exc)
            bad += 1
        if as_json:
            emit_json({"file": f, "valid": error is None, "error": error})
        elif error:
            click.echo(f"bridgeplay: error: {error}", err=True)
    if not as_json:
        click.echo(f"{len(files)} file{'s' if len(files) != 1 else ''}: {len(files) - bad} valid"
                   + (f", {bad} invalid" if bad else ""))
    sys.exit(2 if bad else 0)
