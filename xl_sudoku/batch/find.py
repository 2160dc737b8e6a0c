"""Finding the puzzles in a workbook (batch layer).

In this order:

* **our template**: defined names ``Givens`` and ``Work`` (a filled copy of
  ``sudoku.xlsm``) — solved as the Solve button solves it;
* a **range** the user names (``--range 'Sheet!B3:J11'``), or a **column** (``--column``);
* otherwise, on every sheet, **9x9 grids**: blocks of 81 cells holding only digits 1-9 or
  blanks (numbers, whole floats, digit strings, spaces, 0), with at least 17 digits and at
  most three typos (short values such as ``x`` or ``10``, reported when it is solved). A
  block whose digits reach all four of its edges, and that overlaps no other such block,
  is a grid; otherwise its place is ambiguous (an empty edge, a row of column numbers
  above it), and drawn borders around the cells decide it; if nothing decides, the sheet
  is skipped with a note;
* **puzzle lists**: columns whose cells are 81-character puzzle strings (a header
  allowed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import accumulate

from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ..core.formats import BLANKS


class CellKind(IntEnum):
    """How a cell's value counts in a grid (``kind``)."""

    BLANK = 0
    DIGIT = 1
    TYPO = 2
    OTHER = 3


BLANK, DIGIT, TYPO, OTHER = CellKind
MIN_GIVENS = 17
MAX_TYPOS = 3
NO_PUZZLE = "no puzzle on this sheet"
_PUZZLE_LINE = re.compile(r"\s*[1-9.0\-_* ]{81}\s*")


@dataclass(frozen=True)
class FoundGrid:
    """A 9x9 grid at (top, left), 1-based."""

    sheet: str
    top: int
    left: int

    @property
    def address(self) -> str:
        first, last = get_column_letter(self.left), get_column_letter(self.left + 8)
        return f"{first}{self.top}:{last}{self.top + 8}"


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

    @property
    def count(self) -> int:
        return int(self.template) + len(self.grids) + sum(len(t.rows) for t in self.lists)


def kind(value: object) -> CellKind:
    """BLANK, DIGIT, TYPO or OTHER: how a cell's value counts in a grid. A typo is a short
    value that is no digit ('x', 10, '5.'): a few of them inside a grid are mistakes to
    report, not a sign that the block is something else."""
    if isinstance(value, str):
        return _text_kind(value.strip())
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _number_kind(value)
    return BLANK if value is None else OTHER


def _number_kind(value: float) -> CellKind:
    if value == 0:
        return BLANK
    if float(value).is_integer() and 1 <= value <= 9:
        return DIGIT
    return TYPO if -100 < value < 100 else OTHER


def _text_kind(text: str) -> CellKind:
    if not text or text in BLANKS:
        return BLANK
    if len(text) == 1 and text in "123456789":
        return DIGIT
    return TYPO if len(text) <= 2 else OTHER


def find(
    workbook: Workbook, *, named_range: str | None = None, column: str | None = None
) -> Finding:
    """The puzzles of a workbook (see the module's text for the order)."""
    finding = Finding()
    if named_range:
        finding.grids.append(_named_range(workbook, named_range))
        return finding
    if column:
        finding.lists.append(_named_column(workbook, column))
        return finding
    names = workbook.defined_names
    if "Givens" in names and "Work" in names:
        finding.template = True
        return finding
    for sheet in workbook.worksheets:
        grids, note = _grids(sheet)
        lists = _lists(sheet)
        if note:
            finding.notes.append((sheet.title, note))
        elif not grids and not lists:
            finding.notes.append((sheet.title, NO_PUZZLE))
        finding.grids += grids
        finding.lists += lists
    return finding


def _split(reference: str, what: str) -> tuple[str, str]:
    if "!" not in reference:
        raise ValueError(f"{what} {reference!r} needs its sheet: 'Sheet1!{reference}'")
    sheet, address = reference.rsplit("!", 1)
    return sheet.strip("'"), address.replace("$", "")


def _named_range(workbook: Workbook, reference: str) -> FoundGrid:
    sheet, address = _split(reference, "--range")
    if sheet not in workbook.sheetnames:
        raise ValueError(f"--range {reference!r}: there is no sheet {sheet!r}")
    try:
        left, top, right, bottom = range_boundaries(address)
    except ValueError:
        raise ValueError(
            f"--range {reference!r}: {address!r} is not a range such as B3:J11"
        ) from None
    if None in (left, top, right, bottom):
        raise ValueError(f"--range {reference!r}: {address!r} is not a range such as B3:J11")
    assert left is not None and top is not None and right is not None and bottom is not None
    if (right - left, bottom - top) != (8, 8):
        raise ValueError(f"--range {reference!r} is not 9 rows by 9 columns")
    return FoundGrid(sheet, top, left)


def _named_column(workbook: Workbook, reference: str) -> FoundList:
    sheet_name, letters = _split(reference, "--column")
    if sheet_name not in workbook.sheetnames or not letters.isalpha():
        raise ValueError(f"--column {reference!r}: name a sheet and a column, like 'Sheet1!A'")
    sheet = workbook[sheet_name]
    column = range_boundaries(f"{letters}1")[0] or 1
    cells = [(r, sheet.cell(r, column).value) for r in range(1, sheet.max_row + 1)]
    filled = [(r, v) for r, v in cells if v not in (None, "")]
    if not filled:
        raise ValueError(f"--column {reference!r} is empty")
    header = filled[0][0] if not _is_puzzle_text(filled[0][1]) else None
    rows = tuple(r for r, _ in filled if r != header)
    return FoundList(sheet_name, column, rows, header)


def _is_puzzle_text(value: object) -> bool:
    return isinstance(value, str) and bool(_PUZZLE_LINE.fullmatch(value))


def _lists(sheet: Worksheet) -> list[FoundList]:
    found = []
    for column, cells in enumerate(sheet.iter_cols(values_only=True), 1):
        filled = [(row, value) for row, value in enumerate(cells, 1) if value not in (None, "")]
        puzzles = sum(1 for _, value in filled if _is_puzzle_text(value))
        if not puzzles:
            continue
        header = filled[0][0] if not _is_puzzle_text(filled[0][1]) else None
        rows = tuple(row for row, _ in filled if row != header)
        if puzzles * 2 >= len(rows):
            found.append(FoundList(sheet.title, column, rows, header))
    return found


def _prefix(matrix: list[list[int]]) -> list[list[int]]:
    """2-D prefix sums with a zero row and column in front."""
    width = len(matrix[0]) if matrix else 0
    out = [[0] * (width + 1)]
    for row in matrix:
        running = list(accumulate(row, initial=0))
        out.append([a + b for a, b in zip(out[-1], running, strict=True)])
    return out


def _box(prefix: list[list[int]], top: int, left: int, height: int, width: int) -> int:
    """The sum over a block, 0-based."""
    return (
        prefix[top + height][left + width]
        - prefix[top][left + width]
        - prefix[top + height][left]
        + prefix[top][left]
    )


def _grids(sheet: Worksheet) -> tuple[list[FoundGrid], str | None]:
    """The grids of a sheet, or a note saying why the sheet is skipped."""
    kinds = [[kind(v) for v in row] for row in sheet.iter_rows(values_only=True)]
    if len(kinds) < 9 or not kinds or max(len(r) for r in kinds) < 9:
        return [], None
    width = max(len(r) for r in kinds)
    kinds = [r + [BLANK] * (width - len(r)) for r in kinds]
    others = _prefix([[1 if k == OTHER else 0 for k in r] for r in kinds])
    typos = _prefix([[1 if k == TYPO else 0 for k in r] for r in kinds])
    digits = _prefix([[1 if k == DIGIT else 0 for k in r] for r in kinds])
    windows = [
        (top, left)
        for top in range(len(kinds) - 8)
        for left in range(width - 8)
        if _box(others, top, left, 9, 9) == 0 and _box(digits, top, left, 9, 9) >= MIN_GIVENS
    ]
    candidates = [w for w in windows if _box(typos, *w, 9, 9) == 0]
    if not windows:
        return [], None

    def tight(top: int, left: int) -> bool:
        edges = (
            _box(digits, top, left, 1, 9),
            _box(digits, top + 8, left, 1, 9),
            _box(digits, top, left, 9, 1),
            _box(digits, top, left + 8, 9, 1),
        )
        return all(edges)

    # a window whose digits reach its four edges fits a grid (a few typos allowed: solving
    # it names them); one that overlaps no other such window is a grid
    fitting = [w for w in windows if _box(typos, *w, 9, 9) <= MAX_TYPOS and tight(*w)]
    chosen = [w for w in fitting if not any(_overlap(w, o) for o in fitting if o != w)]
    unsure = [
        w for w in dict.fromkeys(candidates + fitting) if not any(_overlap(w, c) for c in chosen)
    ]
    if unsure:
        bordered = [w for w in unsure if _bordered(sheet, *w)]
        if (
            bordered
            and not _overlapping(bordered)
            and all(any(_overlap(w, b) for b in bordered) for w in unsure)
        ):
            chosen += bordered
        else:
            top, left = min(unsure)
            where = f"{get_column_letter(left + 1)}{top + 1}"
            places = len(unsure)
            return [], (
                f"a 9x9 grid near {where} could sit in {places} place{'s' if places > 1 else ''}: "
                "name it with --range 'Sheet!B3:J11'"
            )
    return [FoundGrid(sheet.title, top + 1, left + 1) for top, left in sorted(chosen)], None


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) < 9 and abs(a[1] - b[1]) < 9


def _overlapping(windows: list[tuple[int, int]]) -> bool:
    return any(_overlap(a, b) for i, a in enumerate(windows) for b in windows[i + 1 :])


def _bordered(sheet: Worksheet, top: int, left: int) -> bool:
    """True if every cell of the window has a drawn border: a grid someone laid out."""
    for r in range(top + 1, top + 10):
        for c in range(left + 1, left + 10):
            border = sheet.cell(r, c).border
            if not any(
                side is not None and side.style
                for side in (border.left, border.right, border.top, border.bottom)
            ):
                return False
    return True
