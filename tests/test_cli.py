"""The command line on bad input (the tests/data/bad catalogue), `validate`, and help for every command.

tests/data/bad/EXPECTED.txt holds, for each bad file, the exact line `bridgeplay solve FILE` must print on
stderr (after "bridgeplay: error: ") when run from that folder: exit status 2, one line naming the file
and the field, no traceback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgeplay.cli import main

ROOT = Path(__file__).resolve().parents[1]
BAD = ROOT / "tests" / "data" / "bad"


def _expected() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in (BAD / "EXPECTED.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name = line.split(":", 1)[0]
            assert name not in out, f"{name} listed twice"
            out[name] = line
    return out


EXPECTED = _expected()
BAD_FILES = sorted(p.name for p in BAD.iterdir() if p.suffix in (".yaml", ".yml"))


def test_catalogue_is_complete() -> None:
    assert len(BAD_FILES) >= 20
    assert sorted(EXPECTED) == BAD_FILES  # every bad file has its expected error, and no line is stale


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_file_gives_its_one_line_error(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    r = CliRunner().invoke(main, ["solve", name])
    assert r.exit_code == 2, (r.output, r.exception)
    assert r.stdout == ""
    assert r.stderr == f"bridgeplay: error: {EXPECTED[name]}\n"


@pytest.mark.parametrize("name", ["duplicate-key.yaml", "not-utf8.yaml", "python-tag.yaml", "field-name-number.yaml",
                                  "tree-perfect-recall.yaml", "expect-unknown-solver.yaml"])
def test_bad_file_in_a_real_process(name: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "bridgeplay", "solve", name], cwd=BAD, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr == f"bridgeplay: error: {EXPECTED[name]}\n"  # one line, no traceback


def test_validate_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    r = CliRunner().invoke(main, ["validate", "."])
    assert r.exit_code == 2
    assert sorted(r.stderr.splitlines()) == sorted(f"bridgeplay: error: {line}" for line in EXPECTED.values())
    assert r.stdout == f"{len(BAD_FILES)} files: 0 valid, {len(BAD_FILES)} invalid\n"


def test_every_bundled_problem_validates() -> None:
    r = CliRunner().invoke(main, ["validate", str(ROOT / "problems")])
    assert r.exit_code == 0, r.stderr
    n = len([p for p in (ROOT / "problems").rglob("*") if p.suffix in (".yaml", ".yml")])
    assert n > 0 and r.stdout == f"{n} files: {n} valid\n"


def test_validate_json(tmp_path: Path) -> None:
    import json

    (tmp_path / "a.yaml").write_text("kind: suit\nnorth: AQ\nsouth: xx\ntricks: 2\n")
    (tmp_path / "b.yaml").write_text("kind: suit\nnorth: AQ\n")
    r = CliRunner().invoke(main, ["validate", "--json", str(tmp_path)])
    assert r.exit_code == 2
    assert [json.loads(line) for line in r.stdout.splitlines()] == [
        {"file": str(tmp_path / "a.yaml"), "valid": True, "error": None},
        {"file": str(tmp_path / "b.yaml"), "valid": False, "error": f"{tmp_path / 'b.yaml'}: south: missing field"},
    ]


def test_every_command_has_help() -> None:
    assert {"solve", "batch", "validate"} <= set(main.commands)
    for name, cmd in main.commands.items():
        r = CliRunner().invoke(main, [name, "--help"])
        assert r.exit_code == 0, name
        assert cmd.help and "Usage:" in r.output, name
    for name in ("batch", "validate"):
        text = CliRunner().invoke(main, [name, "--help"]).output
        assert "Exit status" in text and "2" in text
    text = CliRunner().invoke(main, ["batch", "--help"]).output
    for option in ("--solver", "--jobs", "--check", "--json", "--junit", "--time-limit"):
        assert option in text


@pytest.mark.parametrize("args,words", [
    (["solve", "problems/paper/fig02-akqj9-xx.yaml", "--seed", "-1"], "--seed"),
    (["solve", "problems/paper/fig02-akqj9-xx.yaml", "--time-limit", "nan"], "--time-limit"),
    (["solve", "problems/paper/fig02-akqj9-xx.yaml", "--time-limit", "inf"], "--time-limit"),
    (["batch", "problems/trees", "--time-limit", "nan"], "--time-limit"),
    (["compare", "problems/trees/fig07.yaml", "--seed", "-3"], "--seed"),
    (["solve", "problems/paper/fig02-akqj9-xx.yaml", "--nope"], "--nope"),
    (["nosuch"], "nosuch"),
])
def test_bad_options_are_one_line_exit_2(args: list[str], words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("bridgeplay: error: ") and r.stderr.count("\n") == 1 and words in r.stderr


def _slow_tree(path: Path) -> Path:
    """test_batch's slow tree as a file: ESM enumerates 2**20 strategies (minutes, no kernel to compile first)."""
    from test_batch import slow_tree

    path.write_text(slow_tree(20))
    return path


@pytest.mark.parametrize("command", ["solve", "compare", "dd"])
def test_ctrl_c_exits_130_with_one_line(command: str, tmp_path: Path) -> None:
    """Ctrl-C (a real SIGINT to a real process) mid-work: exit 130, the one line, nothing on stdout."""
    import os
    import signal
    import time

    env = dict(os.environ)
    if command == "solve":
        args = [command, str(_slow_tree(tmp_path / "slow.yaml"))]
    else:
        # a fresh kernel cache: the command is still compiling its kernels when the signal comes
        env["NUMBA_CACHE_DIR"] = str(tmp_path / "cache")
        args = {"dd": ["dd", "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"],
                "compare": ["compare", str(ROOT / "problems" / "paper" / "fig02-akqj9-xx.yaml")]}[command]
    proc = subprocess.Popen([sys.executable, "-m", "bridgeplay", *args, "--json"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            # a CI script's background job starts with Ctrl-C ignored: restore the default
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(3)
    assert proc.poll() is None, "finished before the signal: the test needs slower work"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    # (a command that was compiling first said so on its own line)
    assert proc.returncode == 130 and out == "" and err.endswith("bridgeplay: interrupted\n"), err[-2000:]
    assert "Traceback" not in err and err.count("\n") <= 2


def _on_a_terminal(args: list[str]) -> tuple[int, str]:
    """Run the command with a pseudo-terminal as stdin, stdout and stderr; its return code and everything shown."""
    import os
    import pty
    import select

    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "bridgeplay", *args], stdin=slave, stdout=slave, stderr=slave,
                            cwd=ROOT, env={**os.environ, "COLUMNS": "100", "TERM": "xterm"})
    os.close(slave)
    out = b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # (the terminal closed: the process ended)
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    return proc.wait(timeout=60), out.decode("utf-8", "replace")


def test_compare_shows_a_moving_bar_on_a_terminal_and_nothing_when_piped() -> None:
    import re

    code, shown = _on_a_terminal(["compare", "problems/paper/fig14-kjtx-a98x.yaml"])
    assert code == 0
    steps = {int(m) for m in re.findall(r"(\d+)/\d+ \d:\d\d:\d\d", re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", shown))}
    assert len(steps) >= 3 and max(steps) > min(steps)  # one step per solver, not one frozen frame
    piped = subprocess.run([sys.executable, "-m", "bridgeplay", "compare", "problems/paper/fig14-kjtx-a98x.yaml"],
                           cwd=ROOT, capture_output=True, text=True)
    assert piped.returncode == 0 and "━" not in piped.stderr and piped.stderr == ""


def test_the_program_raises_the_collector_threshold_and_the_library_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bridgeplay`` (the console script, ``python -m bridgeplay``) runs :func:`main` with the cyclic collector's
    first threshold at 50,000; importing or calling :func:`main` (the library, CliRunner) leaves Python's."""
    import gc

    from bridgeplay import cli

    seen: list[tuple[int, int, int]] = []
    monkeypatch.setattr(cli, "main", lambda: seen.append(gc.get_threshold()))
    before = gc.get_threshold()
    try:
        cli.run()
    finally:
        gc.set_threshold(*before)
    assert seen == [(50_000, 20, 100)]
    assert gc.get_threshold() == before != seen[0]


@pytest.mark.parametrize("given, expected", [(None, "1"), ("3", "3")])
def test_the_program_keeps_openblas_to_one_thread_unless_told(given: str | None, expected: str) -> None:
    import os

    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    code = "import os, bridgeplay.cli, numpy; print(os.environ['OPENBLAS_NUM_THREADS'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == expected
