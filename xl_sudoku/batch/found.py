"""What the find stage finds in a workbook (batch layer): a 9x9 grid's place
(``FoundGrid``), a column of puzzle strings (``FoundList``), the whole ``Finding``, and
how a cell's value reads as a puzzle's (``shown``, ``list_puzzle``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from openpyxl.utils import get_column_letter

from ..core import (
    Grid,
    ParseError,
    PuzzleError,
    cell_name,
    grid_from_rows,
    parse_puzzle,
)
from .archive import WorkbookError
from .cells import (
    LOST_PUZZLE,
    Cells,
    SheetScan,
    Uncalculated,
    is_puzzle_text,
)
from .marks import Mark

NO_PUZZLE = "no puzzle on this sheet"
#: why a number of 60 digits or more (``LOST_PUZZLE``) is no puzzle, and what to do
LOST = "a spreadsheet read it as a number and kept 15 of its digits: import the column as text"
UNCALCULATED = "a formula without a saved value"


def skips(note: str) -> bool:
    """True for a note on a grid passed over (its place unclear): a failure. A note that
    says more about a sheet without a puzzle (``NO_PUZZLE: ...``) is none."""
    return not note.startswith(NO_PUZZLE)


@dataclass(frozen=True)
class FoundGrid:
    """A 9x9 grid at (top, left), 1-based; ``stacked``: its nine rows typed one a cell,
    one below another in a column (``530070000``)."""

    sheet: str
    top: int
    left: int
    stacked: bool = False

    @property
    def width(self) -> int:
        """How many columns of the sheet it takes."""
        return 1 if self.stacked else 9

    @property
    def address(self) -> str:
        first, last = get_column_letter(self.left), get_column_letter(self.left + self.width - 1)
        return f"{first}{self.top}:{last}{self.top + 8}"

    @property
    def area(self) -> tuple[int, int, int, int]:
        """Top, left, bottom, right."""
        return self.top, self.left, self.top + 8, self.left + self.width - 1

    def cell_address(self, cell: int) -> str:
        """The sheet address of one of the grid's cells (0-80): for a stacked grid, the
        cell holding its row."""
        column = self.left if self.stacked else self.left + cell % 9
        return f"{get_column_letter(column)}{self.top + cell // 9}"

    def rows(self, values: Cells) -> list[list[object]]:
        """The grid's 9 rows of values, each as a person sees it (``shown``)."""
        if self.stacked:
            return [_row_cells(values.get((self.top + r, self.left))) for r in range(9)]
        return [
            [shown(values.get((self.top + r, self.left + c))) for c in range(9)] for r in range(9)
        ]

    def grid(self, values: Cells) -> Grid:
        """The grid the cells hold; ``PuzzleError`` naming the cell (``r1c1``) if one holds
        something that is not a digit (a formula never calculated: said so)."""
        rows = self.rows(values)
        try:
            return grid_from_rows(rows)
        except ParseError as error:
            if len(error.cells) == 1 and not self.stacked:
                value = rows[error.cells[0] // 9][error.cells[0] % 9]
                if isinstance(value, Uncalculated):
                    raise ParseError(
                        f"{cell_name(error.cells[0])}: {str(value)!r} is {UNCALCULATED}: open "
                        "and save it in Excel or LibreOffice to calculate it",
                        error.cells,
                    ) from None
            raise


@dataclass(frozen=True)
class FoundList:
    """A column of puzzle strings: the rows that hold them, and the header's row if any."""

    sheet: str
    column: int
    rows: tuple[int, ...]
    header: int | None

    @property
    def address(self) -> str:
        letter = get_column_letter(self.column)
        return f"{letter}{self.rows[0]}:{letter}{self.rows[-1]}"


@dataclass
class Finding:
    """What a workbook holds to solve, and notes on sheets passed over."""

    template: bool = False
    grids: list[FoundGrid] = field(default_factory=list)
    lists: list[FoundList] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (sheet, why it was passed over)
    # answer grids a run of ours wrote: sheet -> (top, left) of each, below its title line
    ours: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    # each sheet's values that matter (its possible grids', its lists', our own text ...)
    values: dict[str, Cells] = field(default_factory=dict)
    sheets: dict[str, SheetScan] = field(default_factory=dict)  # each worksheet as read
    marks: list[Mark] = field(default_factory=list)  # the sheets an earlier run added

    @property
    def count(self) -> int:
        return int(self.template) + len(self.grids) + sum(len(t.rows) for t in self.lists)

    def require_puzzles(self) -> None:
        """``WorkbookError`` if nothing was found to solve, saying why."""
        if self.count == 0:
            if self.ours or self.marks:
                raise WorkbookError("no puzzle found: only answers of an earlier run")
            raise WorkbookError("no puzzle found in any sheet")


def _row_cells(value: object) -> list[object]:
    """A grid's row typed into one cell, as its 9 cells: text as it is (``53..7....``), a
    number with the zeros in front that a spreadsheet drops (``70000`` is ``000070000``)."""
    text = str(value).zfill(9) if isinstance(value, int) else str(value or "").strip()
    return [None if ch in "0.-_* " else ch for ch in text.ljust(9)[:9]]


def shown(value: object) -> object:
    """A cell's value as the core reads it; odd values (a date, TRUE) as a person sees them,
    so that the message quotes what is in the cell."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()  # a date typed into a cell: no time of day
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return value


def list_puzzle(value: object) -> Grid:
    """The puzzle of a list's cell (81 blanks are an empty puzzle, as ``solve`` reads them);
    ``PuzzleError`` if it holds none."""
    if isinstance(value, float) and abs(value) >= LOST_PUZZLE:
        raise PuzzleError(f"{value!r} is a number, not a puzzle: {LOST}")
    if not isinstance(value, str) or not (
        is_puzzle_text(value) or any(ch.isdigit() for ch in value)
    ):
        raise PuzzleError(f"{value!r} is not a puzzle (81 cells)")
    return parse_puzzle(value)
