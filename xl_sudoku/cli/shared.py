"""What the commands share: reading puzzles, naming what went wrong, writing files,
argument types, exit statuses (cli layer).

Puzzles come from a ``Source``: an 81-cell argument, a file, or standard input.
``each_puzzle`` hands every puzzle of a source to a command, reporting each bad one with
its file and line and going on; ``one_puzzle`` is the first puzzle, for the commands
that draw or print one. A command returns an ``ExitStatus``, or raises: ``UsageError``
(exit 2) or ``CommandError`` (exit 1); ``xl_sudoku.cli.main`` is the one place that turns
those into statuses and messages.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path

from .. import PROG, atomic
from ..core import (
    TECHNIQUES,
    Grid,
    PuzzleError,
    PuzzleRecord,
    Technique,
    read_puzzles,
    validate,
)
from ..core.steps import FAMILIES, select_techniques


class ExitStatus(IntEnum):
    """What the command line's exit status means."""

    OK = 0  # every puzzle solved, every file written
    FAILED = 1  # a puzzle was bad or had no solution, or the work could not be done
    USAGE = 2  # bad arguments, or an input that cannot be read
    INTERNAL = 3  # a bug of ours (the message asks for XL_SUDOKU_DEBUG=1)
    INTERRUPTED = 130  # Ctrl-C
    TERMINATED = 143  # SIGTERM (batch mode stops as for Ctrl-C, and says so)


class UsageError(Exception):
    """Bad arguments or an unreadable input: exit status 2."""


class CommandError(Exception):
    """The command could not do its work; the message, worded for people, says why:
    exit status 1."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where puzzles come from: a name for messages, the text, and whether it is one puzzle."""

    name: str
    text: str
    single: bool  # given on the command line: messages name no file and no line


@dataclass(frozen=True, slots=True)
class Tally:
    """How a command went over a source's puzzles."""

    total: int
    failed: int

    @property
    def status(self) -> ExitStatus:
        return ExitStatus.FAILED if self.failed or not self.total else ExitStatus.OK


def say(message: str) -> None:
    """One line on stderr, starting with the program's name."""
    print(f"{PROG}: {message}", file=sys.stderr)


def read_source(argument: str) -> Source:
    """The text to read puzzles from: standard input, a file, or the argument itself."""
    if argument == "-":
        return Source("<stdin>", sys.stdin.read(), single=False)
    if os.path.isdir(argument):
        raise UsageError(f"{argument!r} is a directory, not a file of puzzles")
    if os.path.exists(argument):
        try:
            with open(argument, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise UsageError(f"cannot read {argument!r}: {error.strerror}") from None
        if b"\0" in data[:4096] or data[:2] == b"PK":
            raise UsageError(f"{argument!r} is not a text file of puzzles")
        return Source(argument, data.decode("utf-8-sig", errors="replace"), single=False)
    if "\n" in argument or len("".join(argument.split())) >= 81:
        return Source("puzzle", argument, single=True)
    raise UsageError(f"{argument!r} is neither a file nor a puzzle (a puzzle has 81 cells)")


def describe(source: Source, error: PuzzleError, line: int) -> str:
    """What went wrong with the puzzle starting on ``line``, naming the file and the line
    (the error's own line if it has one: the line of a bad character in a grid)."""
    at: int | None = error.line if error.line is not None else line
    if source.single:  # no file to name; a line only within a grid given as an argument
        at = error.line if "\n" in source.text.strip() else None
    where = "" if source.single else f"{source.name}: "
    return where + ("" if at is None else f"line {at}: ") + error.message


def each_puzzle(source: Source, handle: Callable[[Grid], None]) -> Tally:
    """Call ``handle`` on each puzzle of a source; report each bad one (unreadable, or
    refused by ``handle`` with a ``PuzzleError``) and go on."""
    total = failed = 0
    for record in read_puzzles(source.text):
        total += 1
        try:
            handle(_grid(record))
        except PuzzleError as error:
            say(describe(source, error, record.line))
            failed += 1
    if total == 0:
        say(f"{source.name}: no puzzle found")
    return Tally(total, failed)


def one_puzzle(argument: str) -> Grid:
    """The one puzzle a command works on: the first of its source. ``CommandError`` naming
    the cell if it cannot be read or breaks the rules."""
    source = read_source(argument)
    for record in read_puzzles(source.text):
        try:
            grid = _grid(record)
            validate(grid)
        except PuzzleError as error:
            raise CommandError(describe(source, error, record.line)) from None
        return grid
    raise UsageError(f"{source.name}: no puzzle found")


def _grid(record: PuzzleRecord) -> Grid:
    if record.grid is None:
        assert record.error is not None
        raise record.error
    return record.grid


def write_output(path: Path, data: bytes, *, force: bool) -> None:
    """Write a command's output file atomically; an existing file only with ``force``."""
    if path.is_dir():
        raise UsageError(f"{path} is a folder")
    try:
        atomic.write_bytes(path, data, replace=force)
    except FileExistsError:
        raise UsageError(f"{path} exists: use --force to replace it") from None
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}") from None


# --- arguments ------------------------------------------------------------------------------


def add_source(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "source", metavar="PUZZLE|FILE|-", help="an 81-cell puzzle, a file of puzzles, or -"
    )


def add_techniques(command: argparse.ArgumentParser) -> None:
    """``--techniques LIST``, with every name it takes listed at the end of ``--help``."""
    command.add_argument(
        "--techniques",
        type=technique_list,
        metavar="LIST",
        help="only these techniques or families, comma-separated (e.g. singles,intersections; "
        "the names are listed below)",
    )
    command.epilog = TECHNIQUE_NAMES
    command.formatter_class = argparse.RawDescriptionHelpFormatter


def _technique_names() -> str:
    lines = ["technique names, by family (a family's name selects all of it):"]
    for family in FAMILIES:
        keys = ", ".join(t.key for t in TECHNIQUES if t.family == family)
        lines.append(f"  {family.replace(' ', '-')}: {keys}")
    lines.append(
        "a name may also be written as the steps show it (X-Wing, 'Naked Pair'), in any "
        "case, with spaces, hyphens or underscores between its words"
    )
    return "\n".join(lines)


TECHNIQUE_NAMES = _technique_names()


def technique_list(text: str) -> tuple[Technique, ...]:
    names = [name for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("names no technique (see the names in --help)")
    try:
        return select_techniques(names)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value
