"""What a cell's value is to the grid finder, compact sets of cells, and what a sheet's
read gives (``SheetScan``) and keeps (``Keeping``) (batch layer).

The kinds (``kind``: blank, digit, typo, other) decide which 9x9 blocks could be grids;
``CellSet`` and ``Runs`` hold where answers may not go as runs of neighbouring cells, so
that they stay small whatever the sheet's size. The reading itself is ``sheet_reader``'s.
"""

from __future__ import annotations

import datetime
import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final, NamedTuple

from openpyxl.utils.datetime import from_excel

from ..core.formats import BLANKS
from .archive import MAX_COLUMN

Cells = dict[tuple[int, int], object]  # (row, column) -> value, 1-based; only cells kept
Area = tuple[int, int, int, int]  # top, left, bottom, right (1-based, inclusive)


class CellKind(IntEnum):
    """How a cell's value counts in a grid (``kind``)."""

    BLANK = 0
    DIGIT = 1
    TYPO = 2
    OTHER = 3


BLANK, DIGIT, TYPO, OTHER = CellKind
MIN_GIVENS: Final = 17
FEW_GIVENS: Final = 8  # a bordered block of digits, or one whose digits reach its four edges
MAX_TYPOS: Final = 3
#: a number this large is no cell's figure but a puzzle with 0 for its blanks that a
#: spreadsheet read as a number, keeping 15 of its digits (4.3002090050090E+78)
LOST_PUZZLE: Final = 1e60
#: a column narrower than this (Excel's stored width: one character shown) shows ``#`` for a
#: digit; a row lower than this (points) shows none
MIN_WIDTH: Final = 1.7
MIN_HEIGHT: Final = 6.0
ERRORS: Final = (
    "#NULL!",
    "#DIV/0!",
    "#VALUE!",
    "#REF!",
    "#NAME?",
    "#NUM!",
    "#N/A",
    "#GETTING_DATA",
)
_PUZZLE_LINE: Final = re.compile(r"\s*[1-9.0\-_* ]{81}\s*")
_ROW_LINE: Final = re.compile(r"\s*[1-9.0\-_* ]{9}\s*")


def kind(value: object) -> CellKind:
    """BLANK, DIGIT, TYPO or OTHER: how a cell's value counts in a grid. A typo is a short
    value that is no digit ('x', 10, '5.'), or a single odd value (a date, TRUE, an error
    such as #N/A, a formula without a value): a few of them inside a grid are mistakes to
    report, not a sign that the block is something else."""
    if value is None:
        return BLANK
    if isinstance(value, str):
        return text_kind(value.strip())
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number_kind(value)
    return TYPO  # a date, a time, TRUE or FALSE


def number_kind(value: float) -> CellKind:
    if value == 0:
        return BLANK
    if float(value).is_integer() and 1 <= value <= 9:
        return DIGIT
    return TYPO if -100 < value < 100 else OTHER


def text_kind(text: str) -> CellKind:
    if not text or text in BLANKS:
        return BLANK
    if len(text) == 1 and text in "123456789":
        return DIGIT
    if text in ERRORS or (text.startswith("=") and len(text) <= 40):
        return TYPO
    return TYPO if len(text) <= 2 else OTHER


def is_row_text(value: object) -> bool:
    """True for a grid's row typed into one cell as text: 9 digits and blanks, or all but
    two of them (a typo: reported by its cell if the rows make a grid)."""
    if not isinstance(value, str):
        return False
    text = value.strip()
    if len(text) != 9 or not any(ch in "123456789" for ch in text):
        return False
    return bool(_ROW_LINE.fullmatch(text)) or sum(ch in _ROW_CHARS for ch in text) >= 7


_ROW_CHARS: Final = frozenset("123456789.0-_* ")


def is_puzzle_text(value: object) -> bool:
    """True for a list's entry: a string of 81 digits and blanks."""
    return isinstance(value, str) and bool(_PUZZLE_LINE.fullmatch(value))


# --- sets of cells, compact -------------------------------------------------------------------

_COLUMN_BITS: Final = 14  # 16,384 columns


def cell_key(row: int, column: int) -> int:
    """A cell as one number, row-major: neighbours in a row are consecutive numbers."""
    return (row << _COLUMN_BITS) | (column - 1)


def cell_of(key: int) -> tuple[int, int]:
    return key >> _COLUMN_BITS, (key & (MAX_COLUMN - 1)) + 1


class Runs:
    """A set of numbers kept as sorted runs (first, last): a sheet's cells in a few bytes
    per run of neighbours, not per cell. Numbers are added in order (as a sheet is read);
    any out of order are sorted in by ``finish``."""

    __slots__ = ("_firsts", "_lasts", "_unsorted")

    def __init__(self) -> None:
        self._firsts: array[int] = array("q")
        self._lasts: array[int] = array("q")
        self._unsorted = False

    def add(self, number: int) -> None:
        lasts = self._lasts
        if lasts:
            last = lasts[-1]
            if number == last + 1:
                lasts[-1] = number
                return
            if number <= last:
                if number >= self._firsts[-1]:
                    return  # in the last run already
                self._unsorted = True
        self._firsts.append(number)
        lasts.append(number)

    def add_run(self, first: int, last: int) -> None:
        """Add ``first`` to ``last`` (a run of neighbours, ``first <= last``)."""
        lasts = self._lasts
        if lasts:
            end = lasts[-1]
            if first == end + 1:
                lasts[-1] = last
                return
            if first <= end:
                if first >= self._firsts[-1]:  # it meets the last run
                    if last > end:
                        lasts[-1] = last
                    return
                self._unsorted = True
        self._firsts.append(first)
        lasts.append(last)

    def finish(self) -> None:
        """Sort in what came out of order (rows or cells written out of order)."""
        if not self._unsorted:
            return
        numbers = sorted({n for first, last in self.runs() for n in range(first, last + 1)})
        self._firsts, self._lasts, self._unsorted = array("q"), array("q"), False
        for number in numbers:
            self.add(number)

    def runs(self) -> Iterator[tuple[int, int]]:
        return zip(self._firsts, self._lasts, strict=True)

    def any_between(self, low: int, high: int) -> bool:
        """True if a number ``low <= n <= high`` is in the set."""
        index = bisect_right(self._firsts, high) - 1
        return index >= 0 and self._lasts[index] >= low

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.any_between(number, number)

    def __iter__(self) -> Iterator[int]:
        for first, last in self.runs():
            yield from range(first, last + 1)

    def __len__(self) -> int:
        return sum(last - first + 1 for first, last in self.runs())

    def __bool__(self) -> bool:
        return bool(self._firsts)


class CellSet:
    """Cells of a sheet, (row, column): runs of what was read, and a few more added."""

    def __init__(self, runs: Runs | None = None) -> None:
        self.runs = runs or Runs()
        self.extra: set[tuple[int, int]] = set()

    def add(self, cell: tuple[int, int]) -> None:
        self.extra.add(cell)

    def update(self, cells: Iterable[tuple[int, int]]) -> None:
        self.extra.update(cells)

    def __contains__(self, cell: object) -> bool:
        if cell in self.extra:
            return True
        return isinstance(cell, tuple) and cell_key(*cell) in self.runs

    def __iter__(self) -> Iterator[tuple[int, int]]:
        yield from (cell_of(key) for key in self.runs)
        yield from self.extra

    def __len__(self) -> int:
        return len(self.runs) + len(self.extra)

    def any_in(self, top: int, left: int, bottom: int, right: int) -> bool:
        """True if a cell of the block is in the set."""
        if any(top <= r <= bottom and left <= c <= right for r, c in self.extra):
            return True
        return any(
            self.runs.any_between(cell_key(r, left), cell_key(r, right))
            for r in range(top, bottom + 1)
        )

    def last_column(self) -> int:
        """The rightmost column of a cell in the set (0 if none)."""
        columns = [c for _, c in self.extra]
        columns += [cell_of(last)[1] for _, last in self.runs.runs()]
        # a run ends on its rightmost cell unless it wraps a row (a full row): then 16,384
        columns += [MAX_COLUMN for first, last in self.runs.runs() if last >> 14 != first >> 14]
        return max(columns, default=0)


# --- what a sheet's read gives ----------------------------------------------------------


@dataclass
class Window:
    """A 9x9 block that could be a grid: its top-left cell, its digits and typos."""

    top: int
    left: int
    digits: int
    typos: int


@dataclass
class ListColumn:
    """A column holding puzzle strings: its filled rows from the first one on."""

    first: tuple[int, object]  # the first filled cell (row, value): the header, maybe
    filled: int = 0
    puzzles: int = 0
    rows: list[tuple[int, object]] = field(default_factory=list)
    complete: bool = True  # False: filled cells before its first puzzle were not kept


@dataclass
class SheetScan:
    """What one worksheet holds for finding and placing (see ``sheet_reader``)."""

    title: str
    values: Cells = field(default_factory=dict)
    kinds: dict[tuple[int, int], CellKind] = field(default_factory=dict)  # digits, typos kept
    windows: list[Window] = field(default_factory=list)
    bordered: set[tuple[int, int]] = field(default_factory=set)  # in the windows
    lists: dict[int, ListColumn] = field(default_factory=dict)
    last_row: int = 0  # of the cells that exist (a value or not)
    last_column: int = 0
    # where answers may not go
    taken: CellSet = field(default_factory=CellSet)
    rows: Runs = field(default_factory=Runs)  # formatted rows
    columns: list[tuple[int, int]] = field(default_factory=list)  # formatted columns
    areas: list[Area] = field(default_factory=list)
    protected: bool = False
    # where answers would not be seen: hidden rows and columns (a collapsed outline group's
    # are hidden), rows too low and columns too narrow to show a digit; with ``rows_unseen``
    # (``zeroHeight``) or ``columns_unseen`` (a narrow default width), every row or column
    # but those ``seen_rows`` or ``seen_columns`` list
    unseen_rows: Runs = field(default_factory=Runs)
    unseen_columns: list[tuple[int, int]] = field(default_factory=list)
    rows_unseen: bool = False
    seen_rows: Runs = field(default_factory=Runs)
    columns_unseen: bool = False
    seen_columns: list[tuple[int, int]] = field(default_factory=list)
    # formulas with no saved value (``Uncalculated``): how many, and the first few
    uncalculated: int = 0
    uncalculated_cells: list[tuple[int, int]] = field(default_factory=list)
    # numbers of 60 digits or more (``LOST_PUZZLE``): how many, and the first few
    lost_puzzles: int = 0
    lost_puzzle_cells: list[tuple[int, int]] = field(default_factory=list)
    # nine cells one below another, each a grid's row as a string or a number ("530070000"):
    # the top row and the column of each (their values are kept)
    stacks: list[tuple[int, int]] = field(default_factory=list)


def _nothing(text: str) -> bool:
    return False


@dataclass(frozen=True)
class Keeping:
    """Which values a sheet's read keeps, besides those of its possible grids and lists:
    strings ``text`` accepts wherever they are, every value of ``column`` (a
    ``--column``) and of ``areas`` (``--range``s), or every value (``everything``: a small
    sheet of ours)."""

    text: Callable[[str], bool] = _nothing
    column: int | None = None
    areas: tuple[Area, ...] = ()
    everything: bool = False


# --- values as openpyxl reads them -------------------------------------------------------


class DateNumber(NamedTuple):
    """A number in a date or time format, read as a date only if it is kept (a typo)."""

    text: str
    epoch: datetime.datetime
    duration: bool

    def value(self) -> object:
        return read_date(self.text, self.epoch, self.duration)


class Uncalculated(str):
    """A formula with no saved value (``=A1+1``), as openpyxl and pandas write them: what
    it gives is known only once Excel or LibreOffice calculates it."""

    __slots__ = ()


#: how far from a whole number a stored number may be and still be that number (a digit
#: a calculation left as 5.000000000001 shows as 5)
NEAR: Final = 1e-9


def value_of(found: object) -> object:
    return found.value() if isinstance(found, DateNumber) else found


def read_number(text: str) -> float:
    """A number as openpyxl reads it: an int unless it has a point or an exponent; one
    within ``NEAR`` of a whole number (not one), as that whole number (an int)."""
    try:
        if "." not in text and "E" not in text and "e" not in text:
            return int(text)
    except ValueError:
        pass
    number = float(text)
    nearest = round(number) if abs(number) < 2**53 else number
    if nearest != number and abs(number - nearest) <= NEAR:
        return int(nearest)  # shown as the whole number it is a hair from
    return number


def read_date(text: str, epoch: datetime.datetime, duration: bool) -> object:
    """A number in a date or time format, as the date, time or duration it shows."""
    try:
        return from_excel(read_number(text), epoch, timedelta=duration)
    except (OverflowError, ValueError):
        return "#VALUE!"
