"""Where a command's puzzles come from, and going over them (cli layer).

Puzzles come from a ``Source`` (``read_source``, or ``source_of`` a command's arguments):
an 81-cell argument, a text file (UTF-8 or UTF-16), standard input, or a workbook
(.xlsx/.xlsm: the grids and puzzle lists batch mode finds, or a ``--range``/``--column``;
needs the 'batch' extra). ``entries`` gives a source's puzzles one at a time, each an
``Entry`` with its origin: a line of the text, or the sheet and cell of the workbook.
``each_puzzle`` hands every puzzle of a source to a command, reporting each bad one with
its file and line, or file, sheet and cell (and, for commands that print a line a puzzle,
leaving a ``# line N: why`` comment in its place) and going on, and saying what a command
notices (``2 or more solutions; showing the first``); ``puzzles_of`` and ``checked`` are
for the commands that draw or print one puzzle at a time. A workbook's sheet skipped (a
grid whose place is unclear) fails the command, as it fails batch mode: the source says
so (``Source.skipped``, ``Source.status``).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import os
import sys
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

from ..core import (
    Grid,
    PuzzleError,
    PuzzleRecord,
    read_puzzles,
    validate,
)
from ..core.board import Board
from ..core.formats import LONGEST_LINE
from .errors import AnsweredError, CommandError, ExitStatus, UsageError, needs_batch_extra, say

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
    skipped: tuple[str, ...] = ()  # a workbook's sheets skipped (a grid's place unclear)

    def status(self, status: ExitStatus) -> ExitStatus:
        """A command's status over this source: a sheet skipped is a failure, as in batch
        mode, even if every puzzle read was solved."""
        return ExitStatus.FAILED if status == ExitStatus.OK and self.skipped else status


@dataclass(frozen=True, slots=True)
class Tally:
    """How a command went over a source's puzzles."""

    total: int
    failed: int
    skipped: int = 0  # a workbook's sheets skipped (``Source.skipped``): a failure too

    @property
    def status(self) -> ExitStatus:
        bad = self.failed or self.skipped or not self.total
        return ExitStatus.FAILED if bad else ExitStatus.OK


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
        if sys.stdin is None:
            raise UsageError("there is no standard input to read (it is closed)")
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # already text (a test's StringIO)
            return Source("<stdin>", sys.stdin.read(WHOLE_TEXT + 1), single=False)
        text = decode_text(_read_whole(stream, "standard input"))
        if text is None:
            raise UsageError("standard input is not text holding puzzles")
        return Source("<stdin>", text, single=False)
    if os.path.isdir(argument):
        raise UsageError(f"{argument!r} is a directory, not a file of puzzles")
    if os.path.exists(argument):
        regular = os.path.isfile(argument)
        try:
            with open(argument, "rb") as handle:
                data = _read_whole(handle, repr(argument), argument)
        except OSError as error:
            raise UsageError(f"cannot read {argument!r}: {error.strerror}") from None
        if _is_workbook(argument, data):
            if not regular:  # read again by the workbook reader, which needs a file
                raise UsageError(f"{argument!r}: a workbook is read from a file (not a pipe)")
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


#: the most a command that reads its input whole (render, latex, shell's load) reads: the
#: commands that go through many puzzles read any length, a block at a time
WHOLE_TEXT = 64 << 20


def _read_whole(stream: BinaryIO, name: str, path: str = "") -> bytes:
    """All of a stream, up to ``WHOLE_TEXT`` bytes (past it, a usage error). Its first
    block is looked at before more is read: a workbook (read again by its own reader) or
    bytes that are not text (``/dev/zero``: refused by the caller) are not read on."""
    first = stream.read(READ_SIZE)
    if len(first) < READ_SIZE or _is_workbook(path, first) or text_encoding(first) is None:
        return first
    rest = stream.read(WHOLE_TEXT + 1 - len(first))
    if len(first) + len(rest) > WHOLE_TEXT:
        raise UsageError(
            f"{name} holds more than {WHOLE_TEXT >> 20} MiB: this command reads its puzzles "
            "whole (solve, steps, hint, rate, convert and target read any length)"
        )
    return first + rest


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
        from ..batch.archive import WorkbookError  # noqa: PLC0415
        from ..batch.book import read_book  # noqa: PLC0415 - needs the 'batch' extra
        from ..batch.find import NamedRangeError, skips  # noqa: PLC0415
    except ImportError:
        raise needs_batch_extra(f"{name!r} is a workbook: reading workbooks") from None
    try:
        reading = read_book(Path(name), named_range=named_range, column=column)
    except WorkbookError as error:
        raise UsageError(f"{name}: {error}") from None
    except NamedRangeError as error:
        raise UsageError(f"{name}: {error}") from None
    skipped = []
    for sheet, why in reading.notes:
        say(f"{name}: sheet {sheet!r}: {why}")
        if skips(why):  # a grid skipped (its place unclear): a failure,
            skipped.append(sheet)  # as in batch mode (``Source.status``)
    entries = tuple(
        Entry(0, found.grid, found.error, found.place, found.cells if found.found else None)
        for found in reading.puzzles
    )
    return Source(name, "", single=False, book=entries, skipped=tuple(skipped))


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
    if argument != "-" and (not os.path.exists(argument) or os.path.isdir(argument)):
        source = source_of(args)  # a puzzle given as the argument (or a clear error)
        return source, entries(source)
    stream: BinaryIO | None
    if argument == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # already text (a test's StringIO), or no standard input at all
            source = source_of(args)
            return source, entries(source)
    else:  # a file, or a pipe or a device (``/dev/stdin``, a FIFO): read as it comes
        try:
            stream = open(argument, "rb")  # noqa: SIM115 - closed when its lines are read
        except OSError as error:
            raise UsageError(f"cannot read {argument!r}: {error.strerror}") from None
    first = stream.read(READ_SIZE)
    if argument != "-" and _is_workbook(argument, first):
        stream.close()
        if not os.path.isfile(argument):
            raise UsageError(f"{argument!r}: a workbook is read from a file (not a pipe)")
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
    if len(first) < READ_SIZE:  # the whole input is in hand: its text, as source_of's
        if argument != "-":
            stream.close()
        source = Source(name, first.decode(encoding, errors="replace"), single=False)
        return source, entries(source)
    source = Source(name, "", single=False)
    lines = _text_entries(read_puzzles(_lines(stream, first, encoding)))
    return source, _Reading(lines, None if argument == "-" else stream)


def _lines(stream: BinaryIO, first: bytes, encoding: str) -> Iterator[str]:
    """The lines of a binary stream, split as ``str.splitlines`` splits a whole text (so
    line numbers are the same either way), read a block at a time; closes the stream.

    A line that runs over many blocks is kept in pieces, joined once when it ends (the
    time is linear in its length). A line that grows past ``LONGEST_LINE`` characters is
    given as soon as it does, cut there (the core refuses it), and the rest of it is
    passed over: a stream with no line break takes no memory and is refused early."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    line = _LongLine()
    crlf = False  # the last block ended with a CR: a LF that starts the next is its CRLF's
    block = first
    try:
        while True:
            text = decoder.decode(block, final=not block)
            if crlf and text:
                crlf = False
                if text[0] == "\n":
                    text = text[1:]
            if text:
                crlf = text[-1] == "\r"
                lines = text.splitlines()
                tail = lines.pop() if text[-1] not in _LINE_BREAKS else None
                if lines:
                    yield from line.end(lines[0])
                    yield from lines[1:]
                if tail is not None:  # the last line goes on in the next block
                    yield from line.add(tail)
            if not block:
                break
            block = stream.read(READ_SIZE)
        if line.pieces:
            yield from line.end("")
    finally:
        if stream is not getattr(sys.stdin, "buffer", None):
            stream.close()  # (a file closes when read whole; one left unread, by its close)


class _LongLine:
    """A line read in pieces, as blocks bring them; given whole when it ends, or, cut, as
    soon as it grows past ``LONGEST_LINE`` characters (its rest then passed over)."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.size = 0
        self.over = False  # given already, cut: the rest of it is passed over

    def add(self, piece: str) -> Iterator[str]:
        """Nothing, or the line cut, when ``piece`` takes it past the longest line."""
        if self.over:
            return
        self.pieces.append(piece)
        self.size += len(piece)
        if self.size > LONGEST_LINE:
            cut = "".join(self.pieces)[: LONGEST_LINE + 1]
            self.pieces, self.size, self.over = [], 0, True
            yield cut

    def end(self, last: str) -> Iterator[str]:
        """The line, whose end is ``last`` (none if it was given cut); ready for the next."""
        if self.over:
            self.over = False
            return
        if not self.pieces:
            yield last
            return
        yield from self.add(last)
        if not self.over:
            yield "".join(self.pieces)
        self.pieces, self.size, self.over = [], 0, False


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
    return where + location(source, entry, error.line) + error_message(error, entry)


def error_message(error: PuzzleError, entry: Entry) -> str:
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


def location(source: Source, entry: Entry, own: int | None = None) -> str:
    """``line N: `` for a puzzle of a file (its own line, if it names one), ``Sheet1!A2: ``
    for a workbook's, nothing for a puzzle on the command line (but the line within a grid
    given there)."""
    if entry.place:
        return f"{entry.place}: "
    at: int | None = own if own is not None else entry.line
    if source.single:  # no file to name; a line only within a grid given as an argument
        at = own if "\n" in source.text.strip() else None
    return "" if at is None else f"line {at}: "


#: what a command does with one puzzle: print its answer, and return a notice for stderr
#: (``2 or more solutions; showing the first``) or None; raise ``PuzzleError`` if it fails
Handler = Callable[[Grid], str | None]


def each_puzzle(
    source: Source,
    handle: Handler,
    out: TextIO | None = None,
    found: Iterator[Entry] | None = None,
) -> Tally:
    """Call ``handle`` on each puzzle of a source (``found``: its entries as ``stream_of``
    reads them); report each bad one (unreadable, or refused by ``handle`` with a
    ``PuzzleError``) and go on. With ``out``, a puzzle of a file that fails leaves a ``#
    line N: why`` line in its place, so that the answers line up with the puzzles (and
    still read back as puzzles: it is a comment)."""
    with contextlib.closing(_Closing(found if found is not None else entries(source))) as read:
        return _each(source, handle, out, read)


def _each(source: Source, handle: Handler, out: TextIO | None, found: Iterable[Entry]) -> Tally:
    total = failed = 0
    for entry in found:
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
                out.write(f"# {location(source, entry, error.line)}{error_message(error, entry)}\n")
        else:
            if notice:
                notify(source, entry, notice)
    if total == 0:
        say(f"{source.name}: no puzzle found")
    return Tally(total, failed, len(source.skipped))


class _Closing(Iterator[Entry]):
    """Entries, and ``close`` for the file they are read from (if it has one)."""

    def __init__(self, found: Iterator[Entry]) -> None:
        self._found = found

    def __next__(self) -> Entry:
        return next(self._found)

    def close(self) -> None:
        close = getattr(self._found, "close", None)
        if close is not None:
            close()


def notify(source: Source, entry: Entry, text: str) -> None:
    """Say something about a puzzle (its file and line, or sheet and cell, named)."""
    where = "" if source.single else f"{source.name}: "
    say(where + location(source, entry) + text)


def puzzles_of(args: argparse.Namespace) -> tuple[Source, list[Entry]]:
    """The source a command's arguments name and its puzzles (each a grid or an error),
    at least one."""
    source = source_of(args)
    found = list(entries(source))
    if not found:  # read, but nothing in it: a failure, as for the commands that stream
        raise CommandError(f"{source.name}: no puzzle found")
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
