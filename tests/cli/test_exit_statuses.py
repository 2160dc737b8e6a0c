"""One exit-status table, kept by every command (issue 50, row 14).

docs/command-line.md's table is the contract: ``STATUSES`` below is what it says for each
command on each case, and each (command, case) is run: a puzzle solved, one with several
solutions, one that cannot be read, an input with no puzzle, an output that cannot be
written, an option that does not exist, the output's reader gone (a closed pipe),
Ctrl-C and SIGTERM while the command works. The signals are real (``os.kill`` of this
process), sent while the command reads its input or, for the commands that read none,
from inside their work; the closed pipe and the full device (``/dev/full``) are real.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from xl_sudoku.cli import ExitStatus, main
from xl_sudoku.cli.registry import COMMANDS
from xl_sudoku.core import count_solutions, format_line, is_solution, parse_puzzle, solve

ROOT = Path(__file__).resolve().parents[2]
#: a puzzle singles solve (rated in milliseconds)
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

CASES = (
    "solved",
    "several",
    "invalid",
    "no puzzle",
    "unwritable",
    "usage",
    "broken pipe",
    "ctrl-c",
    "sigterm",
)
#: what docs/command-line.md's table says each command ends with, case by case (None: the
#: case does not arise: generate, examples and the workbook commands read no puzzle, batch
#: mode prints nothing on standard output). A puzzle with several solutions counts as solved
#: where its first is given; rate (a rating needs one solution) and batch mode (it writes a
#: proper puzzle's answer only) count it as failed.
STATUSES: dict[str, tuple[int | None, ...]] = {
    "solve": (0, 0, 1, 1, 1, 2, 141, 130, 143),
    "steps": (0, 0, 1, 1, 1, 2, 141, 130, 143),
    "hint": (0, 0, 1, 1, 1, 2, 141, 130, 143),
    "rate": (0, 1, 1, 1, 1, 2, 141, 130, 143),
    "shell": (0, 0, 1, 1, 1, 2, 141, 130, 143),
    "generate": (0, None, None, None, 1, 2, 141, 130, 143),
    "target": (0, 0, 1, 1, 1, 2, 141, 130, 143),
    "convert": (0, 0, 1, 1, 1, 2, 141, 130, 143),
    "render": (0, 0, 1, 1, 1, 2, 141, 130, 143),
    "latex": (0, 0, 1, 1, 1, 2, 141, 130, 143),
    "batch": (0, 1, 1, 1, 1, 2, None, 130, 143),
    "build-workbook": (0, None, None, None, 1, 2, 141, 130, 143),
    "setup-workbook": (0, None, None, None, 1, 2, 141, 130, 143),
    "examples": (0, None, None, None, 1, 2, 141, 130, 143),
}
#: the commands that read their puzzles from a file or standard input (``-``)
READERS = ("solve", "steps", "hint", "rate", "target", "convert", "render", "latex")
#: the options each takes besides its source (target: a bounded search)
OPTIONS = {"convert": ("--to", "line"), "target": ("--seconds", "5")}
#: where an output the command cannot write goes: -o into a folder that is not there, or
#: (no -o) standard output on a full device
OUTPUTS = {"solve": "csv", "steps": "csv", "hint": "csv", "rate": "csv", "render": "svg"}
OUTPUTS |= {"latex": "tex", "generate": "txt", "build-workbook": "xlsm"}


def several_solutions() -> str:
    """EASY's solution with a rectangle of two digits (in two boxes) taken away: two
    solutions, found at once."""
    grid = solve(parse_puzzle(EASY))
    for r1 in range(9):
        for r2 in range(r1 + 1, r1 // 3 * 3 + 3):
            for c1 in range(9):
                for c2 in range(c1 // 3 * 3 + 3, 9):
                    a, b = grid[9 * r1 + c1], grid[9 * r1 + c2]
                    if grid[9 * r2 + c2] == a and grid[9 * r2 + c1] == b:
                        cells = {9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2}
                        found = tuple(0 if c in cells else d for c, d in enumerate(grid))
                        assert count_solutions(found, limit=3) == 2
                        return format_line(found)
    raise AssertionError("no rectangle")


SEVERAL = several_solutions()
INVALID = "x" + EASY[1:]
PUZZLES = {"solved": EASY, "several": SEVERAL, "invalid": INVALID, "no puzzle": ""}


class UnhandledSigtermError(Exception):
    """SIGTERM reached the test's own handler: the command did not catch it."""


class Signalling(io.BytesIO):
    """Standard input that sends this process ``signum`` whenever it is read: Ctrl-C or
    SIGTERM while the command waits for its input."""

    def __init__(self, data: bytes, signum: int) -> None:
        super().__init__(data)
        self.signum = signum

    def _signal(self) -> None:
        os.kill(os.getpid(), self.signum)

    def read(self, size: int | None = -1, /) -> bytes:
        self._signal()
        return super().read(size)

    def read1(self, size: int | None = -1, /) -> bytes:
        self._signal()
        return super().read1(size)

    def readline(self, size: int | None = -1, /) -> bytes:
        self._signal()
        return super().readline(size)


def signalling(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, signum: int) -> None:
    """``target.name`` sends this process ``signum`` before it does its work."""
    original = getattr(target, name)

    def signalled(*arguments: Any, **keywords: Any) -> Any:
        os.kill(os.getpid(), signum)
        time.sleep(0.01)  # (the handler runs at the next instruction: here, at the latest)
        return original(*arguments, **keywords)

    monkeypatch.setattr(target, name, signalled)


@contextlib.contextmanager
def sigterm_guarded() -> Iterator[None]:
    """A SIGTERM the command does not catch fails the test, and does not end it."""

    def unhandled(*_: object) -> None:
        raise UnhandledSigtermError()

    previous = signal.signal(signal.SIGTERM, unhandled)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextlib.contextmanager
def standard_output(kind: str) -> Iterator[None]:
    """Standard output as the case has it: captured (``capsys``), a pipe whose reader has
    gone, or a full device."""
    if kind == "captured":
        yield
        return
    if kind == "closed pipe":
        reader, writer = os.pipe()
        os.close(reader)
        stream = open(writer, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    else:
        stream = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 - closed below
    saved = sys.stdout
    sys.stdout = stream
    try:
        yield
    finally:
        sys.stdout = saved
        with contextlib.suppress(OSError):
            stream.close()


def books(folder: Path) -> dict[str, Path]:
    """A workbook for each puzzle case: a 9x9 grid at B2 (none for "no puzzle")."""
    openpyxl = pytest.importorskip("openpyxl")
    made = {}
    for case, puzzle in PUZZLES.items():
        book = openpyxl.Workbook()
        for cell, value in enumerate(puzzle):
            if value != ".":
                book.active.cell(
                    2 + cell // 9, 2 + cell % 9, int(value) if value.isdigit() else value
                )
        made[case] = folder / f"{case.replace(' ', '-')}.xlsx"
        book.save(made[case])
    return made


def arrange(
    command: str, case: str, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[str], str]:
    """The arguments that make ``case`` for ``command`` (and its input, files and stand-ins
    set up), and what standard output is."""
    signum = {"ctrl-c": signal.SIGINT, "sigterm": signal.SIGTERM}.get(case)
    out = {"broken pipe": "closed pipe"}.get(case, "captured")
    puzzle = PUZZLES.get(case, EASY)
    source = folder / "puzzles.txt"
    source.write_text(puzzle + "\n" if puzzle else "")
    if signum is not None and command in (*READERS, "shell"):
        orders = f"load {EASY}\nrun\n" if command == "shell" else EASY + "\n"
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(Signalling(orders.encode(), signum)))
    argv = [command]
    if command in READERS:
        argv += ["-" if signum is not None else str(source), *OPTIONS.get(command, ())]
    elif command == "shell":
        script = folder / "orders.txt"
        script.write_text(f"load {source}\nrun\n")
        argv += [] if signum is not None else ["--script", str(script)]
    elif command == "generate":
        argv += ["-n", "1", "--seed", "1"]
        if signum is not None:
            from xl_sudoku.cli import generate

            signalling(monkeypatch, generate, "generate", signum)
    elif command == "batch":
        argv += [str(books(folder)[case if case in PUZZLES else "solved"])]
        argv += ["--no-rate", "-q", "-o", str(folder / "solved")]
        if signum is not None:
            from xl_sudoku.batch import run

            signalling(monkeypatch, run, "handle_file", signum)
    elif command == "build-workbook":
        from xl_sudoku.workbook import build

        # the builder's own bytes are made and checked by tests/excel: a small stand-in
        # here, so that this test is about the statuses, in milliseconds
        monkeypatch.setattr(build, "build", lambda: b"a workbook's bytes")
        argv += ["-o", str(folder / "book.xlsm")]
        if signum is not None:
            signalling(monkeypatch, build, "build", signum)
    elif command == "setup-workbook":
        from xl_sudoku.cli import workbook

        argv.append(str(folder / "excel"))
        if signum is not None:
            signalling(monkeypatch, workbook, "write_all", signum)
    elif command == "examples":
        from xl_sudoku.cli import examples

        argv.append(str(folder / "examples"))
        if signum is not None:
            signalling(monkeypatch, examples, "write_all", signum)
    if case == "usage":
        argv.append("--no-such-option")
    if case == "unwritable":
        if command in OUTPUTS:
            argv += ["-o", str(folder / "missing" / f"out.{OUTPUTS[command]}")]
        elif command == "batch":
            (folder / "a-file").write_text("")
            argv[argv.index("-o") + 1] = str(folder / "a-file" / "solved")
        elif command in ("setup-workbook", "examples"):  # a folder that cannot be made
            (folder / "a-file").write_text("")
            argv[1] = str(folder / "a-file" / "excel")
        else:
            out = "full device"
    return argv, out


def run_case(command: str, case: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """The exit status of ``command`` on ``case``."""
    argv, out = arrange(command, case, folder, monkeypatch)
    with sigterm_guarded(), standard_output(out):
        try:
            return main(argv)
        except SystemExit as exit:  # argparse's usage errors
            return int(exit.code or 0)


@pytest.mark.parametrize(
    ("command", "case", "expected"),
    [
        (command, case, status)
        for command, statuses in STATUSES.items()
        for case, status in zip(CASES, statuses, strict=True)
        if status is not None
    ],
)
def test_every_command_ends_as_the_table_says(
    command: str,
    case: str,
    expected: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    status = run_case(command, case, tmp_path, monkeypatch)
    out, err = capsys.readouterr()
    assert status == expected, err
    assert "internal error" not in err and "Traceback" not in err
    if case == "solved" and command in ("solve", "target"):
        answer = out.split()[-1]
        assert is_solution(parse_puzzle(answer), parse_puzzle(EASY))
    if case in ("ctrl-c", "sigterm"):
        how = "Ctrl-C" if case == "ctrl-c" else "SIGTERM"
        assert f"stopped ({how})" in err


def test_the_table_covers_every_command_and_status() -> None:
    assert set(STATUSES) == {command.name for command in COMMANDS}
    page = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")
    table = page.split("## Exit statuses", 1)[1]
    listed = {int(status) for status in re.findall(r"^\| (\d+) \|", table, re.MULTILINE)}
    assert listed == {int(status) for status in ExitStatus}
    used = {s for row in STATUSES.values() for s in row if s is not None}
    assert used <= listed


# --- the same, for real: separate processes, real pipes and signals --------------------------


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "xl_sudoku", *argv]


@pytest.mark.slow
def test_a_closed_pipe_ends_quietly_with_141(tmp_path: Path) -> None:
    # xl-sudoku solve FILE | head -1, as a shell runs it
    bank = tmp_path / "bank.txt"
    bank.write_text((EASY + "\n") * 20_000)
    reader, writer = os.pipe()
    process = subprocess.Popen(
        command("solve", str(bank)), stdout=writer, stderr=subprocess.PIPE, text=True
    )
    os.close(writer)
    with os.fdopen(reader) as pipe:
        first = pipe.readline()
    _, err = process.communicate(timeout=60)
    assert is_solution(parse_puzzle(first), parse_puzzle(EASY))
    assert process.returncode == 141 and err == ""


@pytest.mark.slow
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
@pytest.mark.parametrize("name", ["render", "solve"])
def test_a_signal_while_a_command_waits_for_its_input(
    name: str, signum: int, status: int, tmp_path: Path
) -> None:
    # the command reads a FIFO nobody writes yet: once it has it open, the signal comes
    fifo = tmp_path / "input"
    os.mkfifo(fifo)
    process = subprocess.Popen(command(name, str(fifo)), stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while True:
        try:
            writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError:  # (ENXIO until the command opens it)
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.01)
    reading(process.pid)
    process.send_signal(signum)
    _, err = process.communicate(timeout=30)
    os.close(writer)
    how = "Ctrl-C" if signum == signal.SIGINT else "SIGTERM"
    assert process.returncode == status
    assert err == f"xl-sudoku: {name}: stopped ({how})\n" or f"stopped ({how})" in err


def reading(pid: int) -> None:
    """Wait until the process ``pid`` waits in a pipe's read (Linux: its ``wchan``), at most
    5 s. A signal that comes between the command's open of the FIFO (which the writer's
    open ends) and its read is CPython's to handle at the next bytecode boundary, after
    the read returns: the command would wait for its input as if no signal had come (1 in
    12 runs under load). Where ``/proc`` does not say, a fifth of a second."""
    wchan = Path(f"/proc/{pid}/wchan")
    if not wchan.exists():
        time.sleep(0.2)
        return
    deadline = time.monotonic() + 5
    while "pipe_read" not in wchan.read_text() and time.monotonic() < deadline:
        time.sleep(0.005)


def test_no_command_lists_the_commands_as_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    # (xl-sudoku alone: nothing was asked; the table's row 2 says so)
    assert main([]) == 2
    out = capsys.readouterr().out
    assert all(f"    {command.name}" in out for command in COMMANDS)
