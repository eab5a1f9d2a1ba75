"""The ``bridgeplay`` command line: click commands only, each thin -- parse, call the library, render.

``bridgeplay --help`` imports neither numba nor the solvers; a command loads what its problem's kind needs.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any

# numpy's OpenBLAS starts a thread per core when numpy loads, and one spins through a command's start-up (8% of its
# samples); nothing here hands BLAS a matrix worth threads.  Set before anything below imports numpy; a user's own
# setting stands.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import click  # noqa: E402

from bridgeplay import __version__  # noqa: E402
from bridgeplay.cli.batch import batch  # noqa: E402
from bridgeplay.cli.compare import compare  # noqa: E402
from bridgeplay.cli.dd import dd_command  # noqa: E402
from bridgeplay.cli.experiment import experiment  # noqa: E402
from bridgeplay.cli.solve import solve, solvers, suit  # noqa: E402
from bridgeplay.cli.validate import validate  # noqa: E402


class _Group(click.Group):
    """Every error is one line on stderr: a bad option or argument exits 2 (``bridgeplay: error: ...``, where click
    would print its usage too), Ctrl-C anywhere exits 130 (where click would print "Aborted!" and exit 1)."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = self._run(args, prog_name, complete_var, **extra)
        except click.UsageError as exc:
            click.echo(f"bridgeplay: error: {' '.join(exc.format_message().split())}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("bridgeplay: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)

    def _run(self, args: Any, prog_name: str | None, complete_var: str | None, **extra: Any) -> Any:
        try:
            return super().main(args, prog_name, complete_var, False, **extra)
        finally:
            # The process ends now: what it built (numba's registries, the kernels, some 10^5 objects) is frozen
            # out of the collector's reach, so the collection at interpreter exit skips it (about 0.2 s).
            gc.freeze()

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("bridgeplay: interrupted", err=True)
            ctx.exit(130)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgeplay")
def main() -> None:
    """Analyse bridge card play: the best line, its chance of success, and why.

    Example: bridgeplay solve problems/paper/fig02-akqj9-xx.yaml
    """


for command in (solve, suit, solvers, batch, validate, compare, dd_command, experiment):
    main.add_command(command)


def run() -> None:
    """The ``bridgeplay`` program (console script and ``python -m bridgeplay``): :func:`main` with the cyclic garbage
    collector's first threshold raised from 700 allocations to 50,000.  Loading numba and the kernels makes some 10^5
    long-lived objects, and at 700 the collector ran through them again and again: a warm solve spent about 12% of
    its start-up there.  Cycles are still collected, less often.  (The library and tests calling :func:`main` keep
    Python's defaults.)"""
    gc.set_threshold(50_000, 20, 100)
    main()


if __name__ == "__main__":  # pragma: no cover
    run()
