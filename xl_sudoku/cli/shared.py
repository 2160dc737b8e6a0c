"""What the commands share: reading puzzles, naming what went wrong, writing files,
argument types, exit statuses (cli layer).

Puzzles come from a ``Source``: an 81-cell argument, a file (UTF-8 or UTF-16), or
standard input. ``each_puzzle`` hands every puzzle of a source to a command, reporting
each bad one with its file and line (and, for commands that print a line a puzzle,
leaving a ``# line N: why`` comment in its place) and going on, and saying what a command
notices (``2 or more solutions; showing the first``); ``puzzles_of`` and ``checked`` are
for the commands that draw or print one puzzle at a time. A command returns an
``ExitStatus``, or raises: ``UsageError`` (exit 2) or ``CommandError`` (exit 1);
``xl_sudoku.cli.main`` is the one place that turns those into statuses and messages.
"""

from __future__ import annotations

import argparse
import codecs
import os
import sys
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import BinaryIO, TextIO

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


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an exception so that a run stops as for Ctrl-C (workers
    stopped, what was written kept): exit status 143."""


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
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # already text (a test's StringIO)
            return Source("<stdin>", sys.stdin.read(), single=False)
        text = decode_text(stream.read())
        if text is None:
            raise UsageError("standard input is not text holding puzzles")
        return Source("<stdin>", text, single=False)
    if os.path.isdir(argument):
        raise UsageError(f"{argument!r} is a directory, not a file of puzzles")
    if os.path.exists(argument):
        try:
            with open(argument, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise UsageError(f"cannot read {argument!r}: {error.strerror}") from None
        text = decode_text(data)
        if text is None:
            raise UsageError(f"{argument!r} is not a text file of puzzles")
        return Source(argument, text, single=False)
    # 81 cells, spaces among them as blanks (``"  3 2 6  9..."``), or a grid of lines
    if "\n" in argument or len("".join(argument.split())) >= 81 or len(argument) == 81:
        return Source("puzzle", argument, single=True)
    raise UsageError(f"{argument!r} is neither a file nor a puzzle (a puzzle has 81 cells)")


def decode_text(data: bytes) -> str | None:
    """Text as editors and Excel save it: UTF-8 (with or without a byte-order mark) or
    UTF-16 (Excel's "Unicode Text", with a byte-order mark; without one, told by the zero
    bytes of ASCII text); None if it is not text (a workbook, a binary file)."""
    encoding = text_encoding(data[:4096])
    return None if encoding is None else data.decode(encoding, errors="replace")


def text_encoding(sample: bytes) -> str | None:
    """The encoding ``decode_text`` reads a text in, told by its first bytes (4096 of them
    or the whole text); None if it is not text. A UTF-8 byte-order mark is dropped."""
    if sample.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if sample.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"  # the mark says which order
    sample = sample[:4096]
    if len(sample) >= 4 and not len(sample) % 2:
        high, low = sample[1::2], sample[0::2]
        if not any(high) and all(low):
            return "utf-16-le"
        if not any(low) and all(high):
            return "utf-16-be"
    if b"\0" in sample or sample[:2] == b"PK":
        return None
    return "utf-8"


#: how much of a file is read at a time when its puzzles are streamed
READ_SIZE = 1 << 16
_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # where str.splitlines splits


def stream_source(argument: str) -> tuple[Source, Iterator[Entry]]:
    """A source and its puzzles, read as they are taken (a file of millions of puzzles
    takes no memory): each an ``Entry`` naming where it came from."""
    if argument != "-" and not os.path.isfile(argument):
        source = read_source(argument)  # a puzzle given as the argument (or a clear error)
        return source, _entries(source, read_puzzles(source.text))
    if argument == "-":
        stream: BinaryIO | None = getattr(sys.stdin, "buffer", None)
        if stream is None:  # already text (a test's StringIO)
            source = Source("<stdin>", "", single=False)
            return source, _entries(source, read_puzzles(sys.stdin))
        name = "<stdin>"
    else:
        name = argument
        try:
            stream = open(argument, "rb")  # noqa: SIM115 - closed when its lines are read
        except OSError as error:
            raise UsageError(f"cannot read {argument!r}: {error.strerror}") from None
    first = stream.read(READ_SIZE)
    encoding = text_encoding(first)
    if encoding is None:
        stream.close()
        what = "standard input is not" if argument == "-" else f"{argument!r} is not a"
        raise UsageError(f"{what} text {'holding' if argument == '-' else 'file of'} puzzles")
    source = Source(name, "", single=False)
    entries = _entries(source, read_puzzles(_lines(stream, first, encoding)))
    return source, _Reading(entries, None if argument == "-" else stream)


def _lines(stream: BinaryIO, first: bytes, encoding: str) -> Iterator[str]:
    """The lines of a binary stream, split as ``str.splitlines`` splits a whole text (so
    line numbers are the same either way), read a block at a time; closes the stream."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    pending = ""
    block = first
    try:
        while block:
            text = pending + decoder.decode(block)
            lines = text.splitlines()
            pending = ""
            if text and (text[-1] == "\r" or text[-1] not in _LINE_BREAKS):
                # the last line may go on in the next block (and a CR may be a CRLF's)
                pending = lines.pop() + ("\r" if text[-1] == "\r" else "")
            yield from lines
            block = stream.read(READ_SIZE)
        yield from (pending + decoder.decode(b"", final=True)).splitlines()
    finally:
        if stream is not getattr(sys.stdin, "buffer", None):
            stream.close()  # (a file closes when read whole; one left unread, by its close)


@dataclass(slots=True)  # not frozen: a bank makes millions, and frozen ones cost more to make
class Entry:
    """One puzzle of an input, and where it came from: ``origin`` names it in tables and
    on resuming (``puzzles.txt:12``, ``puzzle`` for one given as an argument); a puzzle
    that could not be read has no grid but its ``error``."""

    origin: str
    source: Source
    line: int
    item: Grid | int | None  # what a command works on: a grid (or generate's number)
    error: PuzzleError | None = None


class _Reading(Iterator["Entry"]):
    """A file's entries, as they are read; ``close`` closes the file (read or not)."""

    def __init__(self, entries: Generator[Entry, None, None], stream: BinaryIO | None) -> None:
        self._entries = entries
        self._stream = stream

    def __next__(self) -> Entry:
        return next(self._entries)

    def close(self) -> None:
        self._entries.close()
        if self._stream is not None:
            self._stream.close()


def _entries(source: Source, records: Iterator[PuzzleRecord]) -> Generator[Entry, None, None]:
    for record in records:
        origin = "puzzle" if source.single else f"{source.name}:{record.line}"
        yield Entry(origin, source, record.line, record.grid, record.error)


def describe(source: Source, error: PuzzleError, line: int) -> str:
    """What went wrong with the puzzle starting on ``line``, naming the file and the line
    (the error's own line if it has one: the line of a bad character in a grid)."""
    where = "" if source.single else f"{source.name}: "
    return where + _at(source, line, error.line) + error.message


def _at(source: Source, line: int, own: int | None = None) -> str:
    """``line N: `` for a puzzle of a file (its own line, if it names one), nothing for a
    puzzle on the command line (but the line within a grid given there)."""
    at: int | None = own if own is not None else line
    if source.single:  # no file to name; a line only within a grid given as an argument
        at = own if "\n" in source.text.strip() else None
    return "" if at is None else f"line {at}: "


class AnsweredError(Exception):
    """A puzzle that failed after its answer was printed (``--count``'s ``0``, the steps up
    to the proof that there is no solution): reported, with nothing printed in its place."""

    def __init__(self, error: PuzzleError) -> None:
        super().__init__(str(error))
        self.error = error


#: what a command does with one puzzle: print its answer, and return a notice for stderr
#: (``2 or more solutions; showing the first``) or None; raise ``PuzzleError`` if it fails
Handler = Callable[[Grid], str | None]


def each_puzzle(source: Source, handle: Handler, out: TextIO | None = None) -> Tally:
    """Call ``handle`` on each puzzle of a source; report each bad one (unreadable, or
    refused by ``handle`` with a ``PuzzleError``) and go on. With ``out``, a puzzle of a
    file that fails leaves a ``# line N: why`` line in its place, so that the answers line
    up with the puzzles (and still read back as puzzles: it is a comment)."""
    total = failed = 0
    for record in read_puzzles(source.text):
        total += 1
        try:
            notice = handle(_grid(record))
        except AnsweredError as answered:
            say(describe(source, answered.error, record.line))
            failed += 1
        except PuzzleError as error:
            say(describe(source, error, record.line))
            failed += 1
            if out is not None and not source.single:
                out.write(f"# {_at(source, record.line)}{error.message}\n")
        else:
            if notice:
                notify(source, record.line, notice)
    if total == 0:
        say(f"{source.name}: no puzzle found")
    return Tally(total, failed)


def notify(source: Source, line: int, text: str) -> None:
    """Say something about the puzzle starting on ``line`` (its file and line named)."""
    where = "" if source.single else f"{source.name}: "
    say(where + _at(source, line) + text)


def several(count: int, what: str) -> str | None:
    """The notice for a puzzle with ``count`` solutions (2 meaning two or more): ``2 or
    more solutions; showing the first``; None for a proper puzzle."""
    return f"{count} or more solutions; {what}" if count > 1 else None


def puzzles_of(argument: str) -> tuple[Source, list[PuzzleRecord]]:
    """A source and its puzzles (as records: each a grid or an error), at least one."""
    source = read_source(argument)
    records = list(read_puzzles(source.text))
    if not records:
        raise UsageError(f"{source.name}: no puzzle found")
    return source, records


def checked(source: Source, record: PuzzleRecord) -> Grid:
    """A record's grid, if it keeps the rules; ``CommandError`` naming the cell if not."""
    try:
        grid = _grid(record)
        validate(grid)
    except PuzzleError as error:
        raise CommandError(describe(source, error, record.line)) from None
    return grid


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


def solution_limit(text: str) -> int:
    """``--limit N``: a number of solutions, 0 for no limit."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (no limit) or more, got {value}")
    return value


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value
