"""Reading and writing puzzles as text and as spreadsheet rows (core layer).

Text a puzzle may come in:

* one line of 81 cells: digits 1-9, and ``.``, ``0``, ``-``, ``_``, ``*`` or a space for
  an empty cell; spaces between groups are allowed (``800 000 000 003 ...``) and a
  ``#`` starts a comment;
* nine lines of 9 cells, with or without separators: ``|``, ``+``, ``-`` lines (HoDoKu's
  with ``.``, ``:`` and ``'`` corners), the readalps form ``800 000 000``, Simple Sudoku
  ``.ss`` art, ``.sdk`` files (``#`` header lines, ``[Puzzle]`` sections), tab-, comma-
  or semicolon-separated rows;
* many of either in one file; title lines (``Grid 01``) and ``#`` comments are skipped;
  an empty (or comment) line ends a grid that has fewer than 9 rows, unless it only
  separates the grid's bands (3 + 3 + 3 rows).

Rows as a spreadsheet gives them (``grid_from_rows``): ints, whole floats (``5.0``),
digit strings with spaces (``" 5 "``), and ``None``, ``""`` or ``0`` for an empty cell.

Every error names the cell (``r3c7: 'x' is not a digit 1-9``) and, in a file, the line.
A line longer than ``LONGEST_LINE`` characters is refused as such, whatever it holds (no
format has such lines: a reader that streams a file keeps no more of a line than that).
"""

from __future__ import annotations

import csv
import json
import math
import re
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from numbers import Real
from typing import Final, Literal, TypeGuard

from .errors import ParseError
from .glossary import Grid
from .grid import cell_name

BLANKS: Final = ".0-_* "
GridStyle = Literal["pretty", "compact", "ss", "sdk"]

_SEPARATOR: Final = re.compile(r"[\s\-+=*|]*[-=][\s\-+=*|]*")
#: HoDoKu's rules, ``.---------.``, ``:---------+``, ``'---------'``: its corners are not
#: ``+`` (told from a row only where a line is not one: ``.`` is an empty cell)
_DOTTED_RULE: Final = re.compile(r"\s*[.:'](?:[-=]{3,}[.:'+])+\s*")
_TITLE: Final = re.compile(r"\s*[^\W\d_]{2}")
_SECTION: Final = re.compile(r"\s*\[([^\]]*)\]\s*")
_DASHES: Final = re.compile(r"\s*(-{9}|-{81})\s*")
_DELIMITERS: Final = "\t,;"
#: the longest line read: past it, a line is refused whole (a puzzle's line has 81 cells, a
#: table's row a few hundred characters; a stream of text with no line break stops here)
LONGEST_LINE: Final = 1 << 20
#: 81 cells, then a note not marked as one: words (``<puzzle> Easy one``), or anything
#: after 81 cells written together and a space or delimiter (``<puzzle>\t11.9``: a rating)
_UNMARKED_NOTE: Final = re.compile(
    r"\s*(?:(?:[1-9.0_*\-] ?){81}\s+(.*[^\W\d_].*)|[1-9.0_*\-]{81}[\s,;|]+(\S.*))"
)
#: a header's column name: a word (``id``, ``quizzes``, ``Sudoku Puzzle``), not cells
_COLUMN_NAME: Final = re.compile(r"[^\W\d_][\w .()/-]*")


@dataclass(slots=True)  # not frozen: a bank of millions makes one a puzzle, 3 times faster
class PuzzleRecord:
    """One puzzle read from a text: the line it starts on and its grid, or what is wrong."""

    line: int
    grid: Grid | None
    error: ParseError | None = None


_LINE_DIGITS: Final = {ch: int(ch) for ch in "123456789"} | dict.fromkeys(".0-_*", 0)
_LINE_CHARACTERS: Final = "".join(_LINE_DIGITS)
#: a line of those characters, encoded, becomes its digits' values byte by byte
_LINE_BYTES: Final = bytes.maketrans(
    _LINE_CHARACTERS.encode(), bytes(_LINE_DIGITS[ch] for ch in _LINE_CHARACTERS)
)


def _line_grid(line: str) -> Grid:
    """The grid of an 81-character line of ``_LINE_CHARACTERS`` only."""
    return tuple(line.encode().translate(_LINE_BYTES))


def parse_puzzle(text: str) -> Grid:
    """One puzzle from text: an 81-cell line or a 9-line grid; ``ParseError`` if it is not one."""
    line = text.strip()
    if len(line) == 81 and not line.strip(_LINE_CHARACTERS):
        return _line_grid(line)  # the common case, quickly
    records = list(read_puzzles(text))
    if not records:
        raise ParseError("no puzzle found")
    if len(records) > 1:
        raise ParseError(f"expected one puzzle, found {len(records)}")
    record = records[0]
    if record.error is not None:
        if "\n" not in text.strip():  # a one-line puzzle has no line to name
            raise ParseError(record.error.message, record.error.cells)
        raise record.error
    assert record.grid is not None
    return record.grid


def read_puzzles(text: str | Iterable[str]) -> Iterator[PuzzleRecord]:
    """Every puzzle in a text, in order; a bad one becomes an error record and reading goes on.

    ``text`` is the whole text, or its lines (an open file: read as the puzzles are
    taken, a few lines ahead at most, so a file of millions of puzzles takes no memory).
    """
    source = iter(text.splitlines() if isinstance(text, str) else text)
    first = _first_lines(source, 1)  # up to the first line that is not empty: a header?
    table = _table(first[-1]) if first else None
    if table is not None:
        yield from _table_records(chain(first, source), table)
        return
    if first and _header_names(first[-1]) is not None:  # a table whose puzzles are unnamed?
        header = first[-1]
        first += _first_lines(source, 1)
        names = _unnamed_puzzle_column(header, first[-1]) if first[-1] is not header else None
        if names is not None:
            yield from _unnamed_table_records(chain(first, source), *names)
            return
    reader = _Reader()
    skipping = False  # inside a section that is not a puzzle, such as .sdk's [State]
    lines = _Lines(chain(first, source))
    for number, raw in lines:
        if len(raw) > LONGEST_LINE:
            yield from reader.close(f"line {number} is not one of its rows")
            yield PuzzleRecord(number, None, _too_long(number))
            continue
        if len(raw) == 81 and not skipping and not raw.strip(_LINE_CHARACTERS):
            # a line of 81 cells, as banks of millions of puzzles hold: quickly
            if reader.rows:
                yield from reader.close(f"line {number} holds a whole puzzle")
            yield PuzzleRecord(number, _line_grid(raw))
            continue
        body = raw.split("#", 1)[0]
        if not body.strip():
            if reader.rows and not skipping and not _band_break(lines, len(reader.rows)):
                what = "an empty line" if not raw.strip() else "a comment line"
                yield from reader.close(f"{what} ends it")
            continue
        section = _SECTION.fullmatch(body)
        if section:
            yield from reader.close("a section starts")
            skipping = section.group(1).strip().lower() not in ("puzzle", "")
        elif not skipping:
            yield from reader.read(number, body)
    yield from reader.close("the text ends")


@dataclass(frozen=True, slots=True)
class _Table:
    """A table of puzzles: CSV or TSV (its delimiter, the puzzle column's place and name,
    as its header row says), or JSON Lines (``delimiter`` empty)."""

    delimiter: str
    column: int = 0
    name: str = "puzzle"


def _first_lines(source: Iterator[str], count: int) -> list[str]:
    """The lines of ``source`` up to its ``count``-th that is not empty (taken from it)."""
    taken: list[str] = []
    for raw in source:
        taken.append(raw)
        if raw.strip():
            count -= 1
            if not count:
                break
    return taken


def _too_long(number: int) -> ParseError:
    return ParseError(
        f"longer than {LONGEST_LINE:,} characters: not a line of puzzles (a puzzle's line "
        "has 81 cells)",
        line=number,
    )


def _fields(line: str, delimiter: str) -> list[str] | None:
    """A table's row split into its fields; None if it cannot be (a field longer than the
    ``csv`` module reads, an unclosed quote)."""
    try:
        return next(csv.reader([line], delimiter=delimiter, strict=True), [])
    except csv.Error:
        return None


def _table(line: str) -> _Table | None:
    """The table whose first line this is: a header naming a ``puzzle`` column (CSV, TSV,
    or ``;``-separated), or a JSON object; None for text of puzzles (a grid's rows
    separated by commas have no such header)."""
    if len(line) > LONGEST_LINE:
        return None
    if line.lstrip().startswith("{"):
        return _Table("")
    delimiter = next((d for d in _DELIMITERS if d in line), None)
    if delimiter is None:
        return None
    for column, name in enumerate(_fields(line, delimiter) or ()):
        if name.strip().lower() == "puzzle":
            return _Table(delimiter, column, name.strip())
    return None


def _header_names(line: str) -> tuple[str, list[str]] | None:
    """A line that reads as a table's header (its delimiter and its column names: words,
    two or more), though it names no ``puzzle`` column; None if it does not."""
    if len(line) > LONGEST_LINE:
        return None
    delimiter = next((d for d in _DELIMITERS if d in line), None)
    if delimiter is None:
        return None
    names = [name.strip() for name in _fields(line, delimiter) or ()]
    if len(names) < 2 or not all(_COLUMN_NAME.fullmatch(name) for name in names):
        return None
    return delimiter, names


def _unnamed_puzzle_column(header: str, row: str) -> tuple[str, list[str], str | None] | None:
    """A table whose ``header`` names no ``puzzle`` column, told by its first ``row``,
    which has as many fields as the header names: the delimiter, the names, and the
    column whose field holds 81 cells (None if none does)."""
    found = _header_names(header)
    if found is None or not row.strip() or len(row) > LONGEST_LINE:
        return None
    delimiter, names = found
    fields = _fields(row, delimiter)
    if fields is None or len(fields) != len(names):
        return None
    holding = [
        name
        for name, field in zip(names, fields, strict=True)
        if len(field.strip()) == 81 and not field.strip().strip(_LINE_CHARACTERS)
    ]
    return delimiter, names, holding[0] if holding else None


def _unnamed_table_records(
    lines: Iterable[str], delimiter: str, names: list[str], holding: str | None
) -> Iterator[PuzzleRecord]:
    """The rows of a table that names no ``puzzle`` column: each an error saying so (and
    which column to rename, when a row showed it)."""
    what = ", ".join(repr(name) for name in names)
    why = f"a table needs a column named 'puzzle' (its header names {what}"
    why += f": rename {holding!r} to puzzle)" if holding else ")"
    header = True
    for number, raw in enumerate(lines, 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if header:
            header = False
            continue
        yield PuzzleRecord(number, None, ParseError(why, line=number))


def _table_records(lines: Iterable[str], table: _Table) -> Iterator[PuzzleRecord]:
    """The puzzles of a table's rows (CSV, TSV: the puzzle column's; JSON Lines: each
    object's ``puzzle``), each with its line; a row without one becomes an error record."""
    header = bool(table.delimiter)
    for number, raw in enumerate(lines, 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if header:  # the first line that is not empty
            header = False
            continue
        text = _cell_text(raw, table, number)
        if isinstance(text, ParseError):
            yield PuzzleRecord(number, None, text)
            continue
        for record in read_puzzles([text]):
            error = record.error  # made anew: its line is the table's, not the cell's own
            if error is not None:
                error = ParseError(error.message, error.cells)
            yield PuzzleRecord(number, record.grid, error)


def _cell_text(raw: str, table: _Table, number: int) -> str | ParseError:
    """The text of a row's puzzle (line ``number``), or what is wrong with the row."""
    if len(raw) > LONGEST_LINE:
        return _too_long(number)
    if not table.delimiter:
        return _json_text(raw)
    fields = _fields(raw, table.delimiter)
    if fields is None:
        return ParseError(
            f"not a row of this table: a field longer than {_FIELD_LIMIT:,} characters "
            "or a quote left open"
        )
    text = fields[table.column].strip() if table.column < len(fields) else ""
    return text or ParseError(f"no puzzle in column {table.name!r}")


def _json_text(raw: str) -> str | ParseError:
    """The ``puzzle`` of a JSON line, or what is wrong with it."""
    try:
        row = json.loads(raw)
    except ValueError:
        row = None
    except RecursionError:
        return ParseError("not a JSON object: nested too deep")
    if not isinstance(row, dict):
        return ParseError("not a JSON object")
    found = row.get("puzzle")
    if not isinstance(found, str) or not found.strip():
        return ParseError("no 'puzzle' in this JSON object")
    return found


_FIELD_LIMIT: Final = csv.field_size_limit()  # the csv module's longest field


class _Lines:
    """Numbered lines, with a look at the lines after the current one (``ahead``): those
    looked at are kept until they are reached."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._source = iter(lines)
        self._seen: deque[str] = deque()

    def __iter__(self) -> Iterator[tuple[int, str]]:
        seen, number = self._seen, 0
        for following in self._source:
            while seen:  # the lines ``ahead`` looked at come before the one after them
                number += 1
                yield number, seen.popleft()
            number += 1
            yield number, following.rstrip("\r\n")
        while seen:
            number += 1
            yield number, seen.popleft()

    def ahead(self) -> Iterator[str]:
        """The lines after the current one, in order, for as long as the caller reads."""
        yield from self._seen
        for raw in self._source:
            raw = raw.rstrip("\r\n")
            self._seen.append(raw)
            yield raw


def _band_break(lines: _Lines, rows: int) -> bool:
    """True if the empty (or comment) line just read only separates the bands of one grid:
    the grid so far has 3 or 6 rows, and the paragraphs of rows that follow make it whole
    exactly where one ends. Anything else ends a grid that is not whole (8 rows, a gap,
    then the next grid: the short one is reported and the next one read)."""
    if rows not in (3, 6):
        return False
    total = rows
    in_paragraph = False
    for raw in lines.ahead():
        body = raw.split("#", 1)[0]
        if not body.strip():
            if in_paragraph and total >= 9:
                break
            in_paragraph = False
            continue
        cells = _line_cells(body)
        if cells is None and _is_rule(body):
            continue
        if cells is None or len(cells) != 9 or _is_title(body, cells):
            break
        in_paragraph = True
        total += 1
        if total > 9:
            return False
    return total == 9


class _Reader:
    """Puzzles as the lines come: a line of 81 cells is a puzzle of its own; nine rows of
    9 make a grid, which is given out when it is whole or when something else starts."""

    def __init__(self) -> None:
        self.rows: list[list[str]] = []  # the rows of the grid being read
        self.start = 0  # the line it starts on
        self.first_error: ParseError | None = None  # the first thing wrong with it

    def read(self, number: int, body: str) -> Iterator[PuzzleRecord]:
        """The puzzles that line ``number`` completes."""
        cells = _line_cells(body)
        if _is_title(body, cells):
            yield from self.close("a title starts")
            return
        if cells is None:
            if _is_rule(body):
                return
            error = _not_cells(number, body)
            if not self.rows:
                yield PuzzleRecord(number, None, error)
                return
            self.first_error = self.first_error or error
            cells = ["."] * 9
        if len(cells) == 81:
            yield from self.close(f"line {number} holds a whole puzzle")
            bad = _first_bad(cells, 0)
            if bad is None:
                yield PuzzleRecord(number, tuple(_digit(ch) for ch in cells))
            else:
                yield PuzzleRecord(number, None, _cell_error(number, *bad))
            return
        self._add_row(number, cells)
        if len(self.rows) == 9:
            yield from self.close("")

    def _add_row(self, number: int, cells: list[str]) -> None:
        if not self.rows:
            self.start = number
        bad = _first_bad(cells, len(self.rows))
        if bad is not None and self.first_error is None:
            self.first_error = _cell_error(number, *bad)
        self.rows.append(cells)

    def close(self, reason: str) -> Iterator[PuzzleRecord]:
        """The grid being read, if any, whole or not (``reason``: why it ends here)."""
        if self.rows:
            if self.first_error is not None:
                yield PuzzleRecord(self.start, None, self.first_error)
            elif len(self.rows) < 9:
                rows = f"{len(self.rows)} row{'' if len(self.rows) == 1 else 's'}"
                error = f"grid has {rows}, expected 9 ({reason})"
                yield PuzzleRecord(self.start, None, ParseError(error, line=self.start))
            else:
                grid = tuple(_digit(ch) for row in self.rows for ch in row)
                yield PuzzleRecord(self.start, grid)
        self.rows = []
        self.first_error = None


def _line_cells(body: str) -> list[str] | None:
    """The cells of one line: 81 (a whole puzzle), 9 (a row of a grid) or None."""
    for delimiter in _DELIMITERS:
        if delimiter in body:
            fields = [f.strip() for f in body.split(delimiter)]
            if len(fields) in (9, 81):
                return [f or "." for f in fields]
    if _SEPARATOR.fullmatch(body) and not _DASHES.fullmatch(body):
        return None  # a rule such as ------+------+------ (9 or 81 dashes are empty cells)
    line = body.rstrip("\r\n").replace("|", "")
    compact = "".join(line.split())
    if len(line) == 81 and len(compact) != 81:
        return list(line)  # spaces stand for empty cells
    if len(compact) in (81, 9):
        return list(compact)
    if len(line) == 9:
        return list(line)
    return None


def _is_rule(body: str) -> bool:
    """A line that is not cells but a grid's rule: ``------+-------+------``, ``|---+---|``,
    HoDoKu's ``:-------+-------+-------:``."""
    return bool(_SEPARATOR.fullmatch(body) or _DOTTED_RULE.fullmatch(body))


def _not_cells(number: int, body: str) -> ParseError:
    """What is wrong with a line that is neither 81 cells nor a row of 9: its count of
    cells, or a note after a puzzle that lacks its ``#``."""
    note = _UNMARKED_NOTE.match(body)
    if note is not None:
        text = (note.group(1) or note.group(2)).strip()
        why = f"81 cells, then {text!r}: a note after a puzzle needs a # before it"
        return ParseError(why, line=number)
    count = len("".join(body.split()))
    return ParseError(f"expected 81 cells or a row of 9, got {count}", line=number)


def _is_title(body: str, cells: list[str] | None) -> bool:
    """A line such as ``Grid 01`` or ``Puzzle 3``: words, not cells."""
    if not _TITLE.match(body):
        return False
    return cells is None or (len(cells) == 9 and cells[1].isalpha())


def _first_bad(cells: list[str], row: int) -> tuple[int, str] | None:
    """The first cell (numbered as if ``cells`` started at ``row``) that is not a digit or blank."""
    for i, text in enumerate(cells):
        if not (len(text) == 1 and (text in BLANKS or text.isdecimal())):
            return 9 * row + i, text
    return None


def _cell_error(line: int, cell: int, text: str) -> ParseError:
    return ParseError(f"{cell_name(cell)}: {text!r} is not a digit 1-9", (cell,), line)


def _digit(ch: str) -> int:
    return 0 if ch in BLANKS else int(ch)


def grid_from_rows(rows: Sequence[Sequence[object]] | Sequence[object]) -> Grid:
    """A grid from 9 rows of 9 values as a spreadsheet range gives them.

    A value is an int or a whole float 1-9, a string holding one digit (spaces allowed),
    or empty: ``None``, ``""``, ``0``, a blank character such as ``"."``, or NaN.
    A single row or column of 81 values is read in row-major order.
    """
    flat = _flatten(rows)
    digits: list[int] = []
    for cell, value in enumerate(flat):
        digits.append(_cell_digit(value, cell))
    return tuple(digits)


def _flatten(rows: Sequence[Sequence[object]] | Sequence[object]) -> list[object]:
    if isinstance(rows, str | bytes):
        raise ParseError("expected 9 rows of 9 cells, got a string (use parse_puzzle)")
    items = list(rows)
    if len(items) == 81 and not any(_is_row(item) for item in items):
        return items  # one row or one column of 81 values, flattened by the caller
    shaped = [list(item) if _is_row(item) else [item] for item in items]
    if len(shaped) == 1 and len(shaped[0]) == 81:
        return shaped[0]
    if len(shaped) == 81 and all(len(r) == 1 for r in shaped):
        return [r[0] for r in shaped]
    widths = {len(r) for r in shaped}
    if len(shaped) == 9 and widths == {9}:
        return [v for r in shaped for v in r]
    if len(widths) == 1:
        raise ParseError(f"expected 9 rows of 9 cells, got {len(shaped)}x{widths.pop()}")
    if not shaped:
        raise ParseError("expected 9 rows of 9 cells, got nothing")
    ragged = next(i for i, r in enumerate(shaped, 1) if len(r) != len(shaped[0]))
    raise ParseError(
        f"expected 9 rows of 9 cells, got rows of different lengths "
        f"(row 1 has {len(shaped[0])} cells, row {ragged} has {len(shaped[ragged - 1])})"
    )


def _is_row(item: object) -> TypeGuard[Sequence[object]]:
    return isinstance(item, Sequence) and not isinstance(item, str | bytes)


def _cell_digit(value: object, cell: int) -> int:
    """The digit of one spreadsheet cell, 0 if empty; ``ParseError`` naming the cell if neither."""
    where = cell_name(cell)
    if value is None:
        return 0
    if isinstance(value, bool):  # Excel's TRUE/FALSE arrive as bool, a subclass of int
        raise ParseError(f"{where}: {value!r} is not a digit 1-9", (cell,))
    if isinstance(value, Real):
        number = float(value)
        if math.isnan(number):
            return 0
        if not number.is_integer():
            raise ParseError(f"{where}: {value!r} is not a whole number", (cell,))
        if not 0 <= number <= 9:
            raise ParseError(f"{where}: {int(number)} is not a digit 1-9", (cell,))
        return int(number)
    if isinstance(value, str):
        text = value.strip()
        if not text or text in BLANKS:
            return 0
        if len(text) == 1 and text.isdecimal():
            return int(text)
        raise ParseError(f"{where}: {value!r} is not a digit 1-9", (cell,))
    raise ParseError(f"{where}: {value!r} is not a digit 1-9", (cell,))


def format_line(grid: Grid, blank: str = ".") -> str:
    """The grid as one line of 81 characters."""
    if blank == ".":
        return "".join(map(_SHOWN.__getitem__, grid))  # a bank's every line: quickly
    return "".join(str(d) if d else blank for d in grid)


_SHOWN: Final = ".123456789"


def format_grid(grid: Grid, style: GridStyle = "pretty") -> str:
    """The grid as nine lines (and separators), in one of the styles ``read_puzzles`` reads.

    ``pretty``  ``5 3 . | . 7 . | . . .`` with ``------+-------+------`` rules
    ``compact`` readalps' ``530 070 000``, 0 for empty cells
    ``ss``      Simple Sudoku's ``|53.|.7.|...|`` inside ``*-----------*``
    ``sdk``     nine plain lines such as ``53..7....``
    """
    blank = "0" if style == "compact" else "."
    rows = [[str(d) if d else blank for d in grid[9 * r : 9 * r + 9]] for r in range(9)]
    if style == "sdk":
        return "\n".join("".join(r) for r in rows)
    if style == "compact":
        return "\n".join(" ".join("".join(r[i : i + 3]) for i in (0, 3, 6)) for r in rows)
    if style == "ss":
        lines = ["*-----------*"]
        for r, row in enumerate(rows):
            lines.append("|" + "|".join("".join(row[i : i + 3]) for i in (0, 3, 6)) + "|")
            if r in (2, 5):
                lines.append("|---+---+---|")
        lines.append("*-----------*")
        return "\n".join(lines)
    lines = []
    for r, row in enumerate(rows):
        lines.append(" | ".join(" ".join(row[i : i + 3]) for i in (0, 3, 6)))
        if r in (2, 5):
            lines.append("------+-------+------")
    return "\n".join(lines)
