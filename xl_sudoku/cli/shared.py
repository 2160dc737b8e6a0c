"""What the commands share: reading puzzles, naming what went wrong, writing files,
argument types, exit statuses (cli layer).

Puzzles come from a ``Source`` (``read_source``, or ``source_of`` a command's arguments):
an 81-cell argument, a text file (UTF-8 or UTF-16), standard input, or a workbook
(.xlsx/.xlsm: the grids and puzzle lists batch mode finds, or a ``--range``/``--column``;
needs the 'batch' extra). ``entries`` gives a source's puzzles one at a time, each an
``Entry`` with its origin: a line of the text, or the sheet and cell of the workbook.
``each_puzzle`` hands every puzzle of a source to a command, reporting each bad one with
its file and line, or file, sheet and cell (and, for commands that print a line a puzzle,
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
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import BinaryIO, TextIO

from .. import PROG
from ..core import (
    TECHNIQUES,
    Grid,
    PuzzleError,
    PuzzleRecord,
    Technique,
    read_puzzles,
    validate,
)
from ..core.board import Board
from ..core.techniques import FAMILIES, select_techniques
from ..helpers import atomic


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


WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm", ".xls")
Ranges = str | Sequence[str] | None  # --range, given once or more
PUZZLE_CHARACTERS = "123456789.0-_* "  # what a puzzle given as one argument is made of


@dataclass(slots=True)  # not frozen: a bank of millions makes one a puzzle, 4 times faster
class Entry:
    """One puzzle of a source and where it is: ``line`` of a text, or ``place`` in a
    workbook (``Sheet1!A2``, a list's cell; ``Sheet1!B3:J11``, a grid); its grid, or what
    is wrong with it."""

    line: int  # 1-based; 0 for a workbook's puzzle
    grid: Grid | None
    error: PuzzleError | None = None
    place: str = ""
    cells: Callable[[tuple[int, ...]], str] | None = None  # a grid's cells as the sheet names them

    @property
    def origin(self) -> str:
        """``line 5`` or ``Sheet1!A2``: where the puzzle is in its source."""
        return self.place or f"line {self.line}"


@dataclass(frozen=True, slots=True)
class Source:
    """Where puzzles come from: a name for messages, the text, and whether it is one puzzle;
    for a workbook, its puzzles as found (``text`` is then empty)."""

    name: str
    text: str
    single: bool  # given on the command line: messages name no file and no line
    book: tuple[Entry, ...] | None = None


@dataclass(frozen=True, slots=True)
class Tally:
    """How a command went over a source's puzzles."""

    total: int
    failed: int

    @property
    def status(self) -> ExitStatus:
        return ExitStatus.FAILED if self.failed or not self.total else ExitStatus.OK


#: the sheets of workbooks read in this run that were skipped (a grid whose place is not
#: clear): the run then exits 1, as batch mode does, even if every puzzle read was solved
SKIPPED: list[str] = []


def counted(number: int, noun: str) -> str:
    """``1 puzzle``, ``2 puzzles``, ``1,000 puzzles``: a count and its noun, agreeing."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def say(message: str) -> None:
    """One line on stderr, starting with the program's name."""
    print(f"{PROG}: {message}", file=sys.stderr)


def source_of(args: argparse.Namespace) -> Source:
    """The source a command's arguments name (``args.source``, and for a workbook
    ``--range`` or ``--column``)."""
    return read_source(
        args.source,
        named_range=getattr(args, "named_range", None),
        column=getattr(args, "column", None),
    )


def read_source(argument: str, *, named_range: Ranges = None, column: str | None = None) -> Source:
    """The puzzles to read: standard input, a file (text, or a workbook), or the argument
    itself. ``named_range`` and ``column`` (``'Sheet1!B3:J11'``, ``'Sheet1!A'``) say where
    a workbook's puzzles are, as batch mode's ``--range`` and ``--column`` do."""
    if named_range and column:
        raise UsageError("--range and --column exclude each other")
    source = _read_source(argument, named_range, column)
    problem = _cells_outside_a_workbook(source.name, named_range, column)
    if source.book is None and problem is not None:
        raise UsageError(problem)
    return source


def _cells_outside_a_workbook(name: str, named_range: Ranges, column: str | None) -> str | None:
    """What is wrong if ``--range`` or ``--column`` is given for ``name``, not a workbook."""
    if not (named_range or column):
        return None
    option = "--range" if named_range else "--column"
    return f"{option} names cells of a workbook: {name!r} is not one"


def _read_source(argument: str, named_range: Ranges, column: str | None) -> Source:
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
        if _is_workbook(argument, data):
            return _workbook(argument, named_range, column)
        text = decode_text(data)
        if text is None:
            raise UsageError(f"{argument!r} is not a text file of puzzles")
        return Source(argument, text, single=False)
    # 81 cells, spaces among them as blanks (``"  3 2 6  9..."``), or a grid of lines; a
    # line of puzzle characters too short or too long is a puzzle, so that the message
    # counts its cells (``expected 81 cells, got 80``)
    if (
        "\n" in argument
        or len("".join(argument.split())) >= 81
        or len(argument) == 81
        or (len(argument) >= 40 and not argument.strip(PUZZLE_CHARACTERS))
    ):
        return Source("puzzle", argument, single=True)
    raise UsageError(f"{argument!r} is neither a file nor a puzzle (a puzzle has 81 cells)")


def _is_workbook(name: str, data: bytes) -> bool:
    """A workbook by its name, or by its first bytes (a zip file; an old .xls)."""
    return (
        name.lower().endswith(WORKBOOK_SUFFIXES)
        or data[:2] == b"PK"
        or data[:8] == bytes.fromhex("D0CF11E0A1B11AE1")
    )


def _workbook(name: str, named_range: Ranges, column: str | None) -> Source:
    """A workbook's puzzles, found as batch mode finds them."""
    try:
        from ..batch.book import read_book  # noqa: PLC0415 - needs the 'batch' extra
        from ..batch.files import WorkbookError  # noqa: PLC0415
        from ..batch.find import NO_PUZZLE, NamedRangeError  # noqa: PLC0415
    except ImportError:
        raise needs_batch_extra(f"{name!r} is a workbook: reading workbooks") from None
    try:
        reading = read_book(Path(name), named_range=named_range, column=column)
    except WorkbookError as error:
        raise UsageError(f"{name}: {error}") from None
    except NamedRangeError as error:
        raise UsageError(f"{name}: {error}") from None
    for sheet, why in reading.notes:
        say(f"{name}: sheet {sheet!r}: {why}")
        if why != NO_PUZZLE:  # a sheet skipped (a grid whose place is unclear): a failure,
            SKIPPED.append(f"{name}: {sheet}")  # as in batch mode (``main`` says so)
    entries = tuple(
        Entry(0, found.grid, found.error, found.place, found.cells if found.found else None)
        for found in reading.puzzles
    )
    return Source(name, "", single=False, book=entries)


def extra_hint(extra: str) -> str:
    """How to install an extra, in the one form every message uses (xl-sudoku is not on
    PyPI: an extra is installed from the folder of its copy)."""
    return f"the '{extra}' extra (pip install -e '.[{extra}]' in xl-sudoku's folder)"


def needs_extra(what: str, extra: str) -> UsageError:
    """The error for a missing extra: ``what`` needs it."""
    return UsageError(f"{what} needs {extra_hint(extra)}")


def needs_batch_extra(what: str) -> UsageError:
    """The error for a workbook without openpyxl: ``what`` needs the 'batch' extra."""
    return needs_extra(what, "batch")


def entries(source: Source) -> Iterator[Entry]:
    """A source's puzzles, one at a time, each with where it is."""
    if source.book is not None:
        yield from source.book
        return
    yield from _text_entries(read_puzzles(source.text))


def _text_entries(records: Iterator[PuzzleRecord]) -> Generator[Entry, None, None]:
    """The entries of a text's records: each where its line is."""
    return (Entry(record.line, record.grid, record.error) for record in records)


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


def stream_of(args: argparse.Namespace) -> tuple[Source, Iterator[Entry]]:
    """The source a command's arguments name and its puzzles, as ``source_of`` and
    ``entries`` give them, but a text file (or standard input) read as its puzzles are
    taken: a file of millions of puzzles takes no memory. A workbook is read whole."""
    argument: str = args.source
    if argument != "-" and not os.path.isfile(argument):
        source = source_of(args)  # a puzzle given as the argument (or a clear error)
        return source, entries(source)
    stream: BinaryIO | None
    if argument == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # already text (a test's StringIO)
            source = source_of(args)
            return source, entries(source)
    else:
        try:
            stream = open(argument, "rb")  # noqa: SIM115 - closed when its lines are read
        except OSError as error:
            raise UsageError(f"cannot read {argument!r}: {error.strerror}") from None
    first = stream.read(READ_SIZE)
    if argument != "-" and _is_workbook(argument, first):
        stream.close()
        source = source_of(args)
        return source, entries(source)
    encoding = text_encoding(first)
    name = "<stdin>" if argument == "-" else argument
    problem = _cells_outside_a_workbook(
        name, getattr(args, "named_range", None), getattr(args, "column", None)
    )
    if problem is None and encoding is None:
        problem = (
            "standard input is not text holding puzzles"
            if argument == "-"
            else f"{argument!r} is not a text file of puzzles"
        )
    if problem is not None or encoding is None:
        if argument != "-":
            stream.close()
        raise UsageError(problem or "not text")
    source = Source(name, "", single=False)
    lines = _text_entries(read_puzzles(_lines(stream, first, encoding)))
    return source, _Reading(lines, None if argument == "-" else stream)


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


class _Reading(Iterator["Entry"]):
    """A file's entries, as they are read; ``close`` closes the file (read or not)."""

    def __init__(self, entries: Generator[Entry, None, None], stream: BinaryIO | None) -> None:
        self._entries = entries
        self._stream = stream

    def __next__(self) -> Entry:
        return next(self._entries)

    def __iter__(self) -> Iterator[Entry]:
        return self._entries  # a loop over the entries runs without a call a puzzle here

    def close(self) -> None:
        self._entries.close()
        if self._stream is not None:
            self._stream.close()


def describe(source: Source, error: PuzzleError, entry: Entry) -> str:
    """What went wrong with a puzzle, naming the file and the line (the error's own line if
    it has one: the line of a bad character in a grid), or the file, sheet and cell."""
    where = "" if source.single else f"{source.name}: "
    return where + _at(source, entry, error.line) + _message(error, entry)


def _message(error: PuzzleError, entry: Entry) -> str:
    """The error's message; for a workbook's grid, with its cells as the sheet names them;
    for a puzzle with no solution, why, when it shows at a glance (``no solution: r1c9
    has no candidate left``), as ``steps`` shows it."""
    if error.message == "no solution" and entry.grid is not None:
        why = Board.from_grid(entry.grid).contradiction()
        if why is not None:
            return f"no solution: {why}"
    if entry.cells is None or not error.cells:
        return error.message
    return f"{error.message} {entry.cells(error.cells)}"


def _at(source: Source, entry: Entry, own: int | None = None) -> str:
    """``line N: `` for a puzzle of a file (its own line, if it names one), ``Sheet1!A2: ``
    for a workbook's, nothing for a puzzle on the command line (but the line within a grid
    given there)."""
    if entry.place:
        return f"{entry.place}: "
    at: int | None = own if own is not None else entry.line
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
    for entry in entries(source):
        total += 1
        try:
            notice = handle(_grid(entry))
        except AnsweredError as answered:
            say(describe(source, answered.error, entry))
            failed += 1
        except PuzzleError as error:
            say(describe(source, error, entry))
            failed += 1
            if out is not None and not source.single:
                out.write(f"# {_at(source, entry, error.line)}{_message(error, entry)}\n")
        else:
            if notice:
                notify(source, entry, notice)
    if total == 0:
        say(f"{source.name}: no puzzle found")
    return Tally(total, failed)


def notify(source: Source, entry: Entry, text: str) -> None:
    """Say something about a puzzle (its file and line, or sheet and cell, named)."""
    where = "" if source.single else f"{source.name}: "
    say(where + _at(source, entry) + text)


def several(count: int, what: str) -> str | None:
    """The notice for a puzzle with ``count`` solutions (2 meaning two or more): ``2 or
    more solutions; showing the first``; None for a proper puzzle."""
    return f"{count} or more solutions; {what}" if count > 1 else None


def puzzles_of(args: argparse.Namespace) -> tuple[Source, list[Entry]]:
    """The source a command's arguments name and its puzzles (each a grid or an error),
    at least one."""
    source = source_of(args)
    found = list(entries(source))
    if not found:
        raise UsageError(f"{source.name}: no puzzle found")
    return source, found


def checked(source: Source, entry: Entry) -> Grid:
    """An entry's grid, if it keeps the rules; ``CommandError`` naming the cell if not."""
    try:
        grid = _grid(entry)
        validate(grid)
    except PuzzleError as error:
        raise CommandError(describe(source, error, entry)) from None
    return grid


def _grid(entry: Entry) -> Grid:
    if entry.grid is None:
        assert entry.error is not None
        raise entry.error
    return entry.grid


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
        "source",
        metavar="PUZZLE|FILE|-",
        help="an 81-cell puzzle, a file of puzzles (text, or an .xlsx/.xlsm workbook), or -",
    )
    add_sheet_options(command)


def add_sheet_options(command: argparse.ArgumentParser) -> None:
    """``--range`` and ``--column``: where a workbook's puzzles are, as in batch mode."""
    command.add_argument(
        "--range",
        dest="named_range",
        action="append",
        metavar="'SHEET!B3:J11'",
        help="a workbook: read the 9x9 grid there, again for each grid (default: every grid "
        "and puzzle list found)",
    )
    command.add_argument(
        "--column", metavar="'SHEET!A'", help="a workbook: read the puzzle strings of this column"
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
    command.epilog = f"{command.epilog}\n\n{TECHNIQUE_NAMES}" if command.epilog else TECHNIQUE_NAMES


def _technique_names() -> str:
    lines = ["technique names, by family (a family's name selects all of it):"]
    for family in FAMILIES:
        keys = ", ".join(t.key for t in TECHNIQUES if t.family == family)
        lines.append(f"  {family.replace(' ', '-')}: {keys}")  # wrapped by the formatter
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
