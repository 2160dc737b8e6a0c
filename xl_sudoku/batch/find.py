"""Finding the puzzles in a workbook (batch layer).

In this order:

* **our template**: defined names ``Givens`` and ``Work`` (a filled copy of
  ``sudoku.xlsm``) — solved as the Solve button solves it;
* a **range** the user names (``--range 'Sheet!B3:J11'``), or a **column** (``--column``);
* otherwise, on every sheet, **9x9 grids**: blocks of 81 cells holding only digits 1-9 or
  blanks (numbers, whole floats, digit strings, spaces, 0), with at least 17 digits and at
  most three typos (short values such as ``x`` or ``10``, a date, ``TRUE``, an error value:
  reported by cell when it is solved; a typo counts as the given it stands for). A
  block whose digits reach all four of its edges, and that overlaps no other such block,
  is a grid; otherwise its place is ambiguous (an empty edge, a row of column numbers
  above it), and drawn borders around the cells decide it; if nothing decides, the sheet
  is skipped with a note;
* **puzzle lists**: columns whose cells are 81-character puzzle strings (a header
  allowed).
"""

from __future__ import annotations

import datetime
import re
import shlex
from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ..core import Grid, PuzzleError, grid_from_rows, parse_puzzle
from ..core.formats import BLANKS


class CellKind(IntEnum):
    """How a cell's value counts in a grid (``kind``)."""

    BLANK = 0
    DIGIT = 1
    TYPO = 2
    OTHER = 3


BLANK, DIGIT, TYPO, OTHER = CellKind
MIN_GIVENS = 17
FEW_GIVENS = 8  # a bordered block of digits, or one whose digits reach its four edges
MAX_TYPOS = 3
NO_PUZZLE = "no puzzle on this sheet"
ERRORS = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA")
# the line above each answer grid we write: how a later run knows the block is ours
TITLES = ("Solved by xl-sudoku", "Logic only, stopped")
_PUZZLE_LINE = re.compile(r"\s*[1-9.0\-_* ]{81}\s*")

Cells = dict[tuple[int, int], object]  # (row, column) -> value, 1-based; only cells that exist


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

    def cell_address(self, cell: int) -> str:
        """The sheet address of one of the grid's cells (0-80)."""
        return f"{get_column_letter(self.left + cell % 9)}{self.top + cell // 9}"

    def rows(self, values: Cells) -> list[list[object]]:
        """The grid's 9 rows of values, each as a person sees it (``shown``)."""
        return [
            [shown(values.get((self.top + r, self.left + c))) for c in range(9)] for r in range(9)
        ]

    def grid(self, values: Cells) -> Grid:
        """The grid the cells hold; ``PuzzleError`` naming the cell (``r1c1``) if one holds
        something that is not a digit."""
        return grid_from_rows(self.rows(values))


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
    values: dict[str, Cells] = field(default_factory=dict)  # each sheet's values, sparse

    @property
    def count(self) -> int:
        return int(self.template) + len(self.grids) + sum(len(t.rows) for t in self.lists)


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
    """The puzzle of a list's cell; ``PuzzleError`` if it holds none."""
    if not isinstance(value, str) or not any(ch.isdigit() for ch in value):
        raise PuzzleError(f"{value!r} is not a puzzle (81 cells)")
    return parse_puzzle(value)


def kind(value: object) -> CellKind:
    """BLANK, DIGIT, TYPO or OTHER: how a cell's value counts in a grid. A typo is a short
    value that is no digit ('x', 10, '5.'), or a single odd value (a date, TRUE, an error
    such as #N/A, a formula without a value): a few of them inside a grid are mistakes to
    report, not a sign that the block is something else."""
    if value is None:
        return BLANK
    if isinstance(value, str):
        return _text_kind(value.strip())
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _number_kind(value)
    return TYPO  # a date, a time, TRUE or FALSE


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
    if text in ERRORS or (text.startswith("=") and len(text) <= 40):
        return TYPO
    return TYPO if len(text) <= 2 else OTHER


def sheet_values(sheet: Worksheet, cached: Worksheet | None = None) -> Cells:
    """The values of the cells that exist (never the whole used range: one stray cell on
    the last row costs nothing); a formula counts by its cached value when there is one."""
    out: Cells = {}
    cached_cells = cached._cells if cached is not None else {}
    for key, cell in sheet._cells.items():
        value = cell.value
        if cell.data_type == "f":
            if key in cached_cells and cached_cells[key].value is not None:
                value = cached_cells[key].value
            elif not isinstance(value, str):
                value = "=" + str(getattr(value, "text", "") or "")
        if value is not None and value != "":
            out[key] = value
    return out


def find(
    workbook: Workbook,
    *,
    named_range: str | None = None,
    column: str | None = None,
    cached: Workbook | None = None,
    ours: Collection[str] = (),
) -> Finding:
    """The puzzles of a workbook (see the module's text for the order). ``cached`` is the
    same workbook read for formulas' cached values (openpyxl's ``data_only``), if any;
    ``ours`` are the sheets a run of ours added (known by our mark, ``marks.py``): they
    are not searched."""
    finding = Finding()
    for sheet in workbook.worksheets:
        other = cached[sheet.title] if cached is not None else None
        finding.values[sheet.title] = sheet_values(sheet, other)
    if named_range is not None:
        finding.grids.append(_named_range(workbook, named_range))
        return finding
    if column is not None:
        finding.lists.append(_named_column(workbook, column, finding.values))
        return finding
    names = workbook.defined_names
    if "Givens" in names and "Work" in names:
        finding.template = True
        return finding
    for sheet in workbook.worksheets:
        values = finding.values[sheet.title]
        if sheet.title in ours:
            continue
        answers = answer_grids(values)
        if answers:
            finding.ours[sheet.title] = answers
        grids, note = _grids(sheet, values, answers)
        lists = _lists(sheet.title, values)
        if note:
            finding.notes.append((sheet.title, note))
        elif not grids and not lists and not answers:
            finding.notes.append((sheet.title, NO_PUZZLE))
        finding.grids += grids
        finding.lists += lists
    return finding


STEPS_HEADERS = ("Step", "Technique", "Cells", "Explanation", "Level")
LIST_HEADERS = ("Solution", "Status", "Rating", "Hardest technique", "Time (ms)")


class Result(StrEnum):
    """What became of one puzzle. A status starts with it, and may say more after a
    colon: ``stuck: 12 cells open, logic needs a guess``, ``invalid: r1c1: 'x' is ...``."""

    SOLVED = "solved"
    NO_SOLUTION = "no solution"
    MULTIPLE = "2 or more solutions"
    INVALID = "invalid"
    STUCK = "stuck"  # --logic-only (or --techniques): taken as far as logic goes


STATUSES = tuple(Result)  # how a list's status column of ours starts


def answer_grids(values: Cells) -> list[tuple[int, int]]:
    """The answer grids of an earlier run: a title of ours, the 9x9 block below it."""
    return sorted(
        (row + 1, column)
        for (row, column), value in values.items()
        if isinstance(value, str) and value.startswith(TITLES)
    )


class NamedRangeError(ValueError):
    """A ``--range`` or ``--column`` that names no cells of the workbook: a usage error
    (exit status 2), its message naming what the workbook has."""


def check_reference(reference: str, what: str) -> None:
    """``NamedRangeError`` if ``--range`` or ``--column`` is malformed, whatever the
    workbook: checked before any file is read. (Its sheet is checked per workbook.)"""
    if "!" not in reference:
        return  # the message names a sheet of the workbook (``_split``)
    _, address = reference.rsplit("!", 1)
    address = address.replace("$", "")
    if what == "--column":
        if not address.isalpha() or len(address) > 3:
            raise NamedRangeError(
                f"--column {reference!r}: {address!r} is not a column: name one, like 'Sheet1!A'"
            )
        return
    _boundaries(reference, address)


def _boundaries(reference: str, address: str) -> tuple[int, int]:
    """The top and left of a 9x9 range (``NamedRangeError`` if it is not one)."""
    try:
        left, top, right, bottom = range_boundaries(address)
    except ValueError:
        left = top = right = bottom = None
    if left is None or top is None or right is None or bottom is None:
        raise NamedRangeError(f"--range {reference!r}: {address!r} is not a range such as B3:J11")
    if (right - left, bottom - top) != (8, 8):
        raise NamedRangeError(f"--range {reference!r} is not 9 rows by 9 columns")
    return top, left


def _split(reference: str, what: str, workbook: Workbook, example: str) -> tuple[str, str]:
    """The sheet (one the workbook has) and the address of ``--range`` or ``--column``."""
    sheets = workbook.sheetnames
    if "!" not in reference:
        suggestion = shlex.quote(f"{sheets[0]}!{reference or example}")
        raise NamedRangeError(f"{what} {reference!r} needs its sheet: {what} {suggestion}")
    quoted, address = reference.rsplit("!", 1)
    sheet = sheet_of(quoted)
    if sheet not in sheets:
        shown = ", ".join(repr(name) for name in sheets[:8])
        more = f" and {len(sheets) - 8} more" if len(sheets) > 8 else ""
        suggestion = shlex.quote(f"{sheets[0]}!{address}")
        raise NamedRangeError(
            f"{what} {reference!r}: there is no sheet {sheet!r} (the workbook has {shown}"
            f"{more}): {what} {suggestion}"
        )
    return sheet, address.replace("$", "")


def sheet_of(text: str) -> str:
    """The sheet a reference names, as Excel writes it: ``'Bob''s grid'`` (quoted, its
    quotes doubled) or bare (``Sheet1``; a name typed without Excel's quoting is taken as
    it is)."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    return text.strip("'")


def _named_range(workbook: Workbook, reference: str) -> FoundGrid:
    sheet, address = _split(reference, "--range", workbook, "B3:J11")
    top, left = _boundaries(reference, address)
    return FoundGrid(sheet, top, left)


def _named_column(workbook: Workbook, reference: str, values: dict[str, Cells]) -> FoundList:
    sheet_name, letters = _split(reference, "--column", workbook, "A")
    check_reference(reference, "--column")
    column = range_boundaries(f"{letters}1")[0] or 1
    filled = sorted((r, v) for (r, c), v in values[sheet_name].items() if c == column)
    if not filled:
        raise NamedRangeError(f"--column {reference!r} is empty")
    header = filled[0][0] if not _is_puzzle_text(filled[0][1]) else None
    rows = tuple(r for r, _ in filled if r != header)
    return FoundList(sheet_name, column, rows, header)


def _is_puzzle_text(value: object) -> bool:
    return isinstance(value, str) and bool(_PUZZLE_LINE.fullmatch(value))


def _lists(title: str, values: Cells) -> list[FoundList]:
    columns: dict[int, list[tuple[int, object]]] = defaultdict(list)
    for (row, column), value in values.items():
        columns[column].append((row, value))
    found = []
    for column in sorted(columns):
        filled = sorted(columns[column])
        puzzles = sum(1 for _, value in filled if _is_puzzle_text(value))
        if not puzzles or _answers(values, filled, column):
            continue
        header = filled[0][0] if not _is_puzzle_text(filled[0][1]) else None
        rows = tuple(row for row, _ in filled if row != header)
        if puzzles * 2 >= len(rows):
            found.append(FoundList(title, column, rows, header))
    return found


def _answers(values: Cells, filled: list[tuple[int, object]], column: int) -> bool:
    """True if a column of puzzle-like strings is the solutions column a run of ours wrote
    beside a list: our headers from it on, or our statuses beside each entry."""
    first = filled[0][0]
    if all(values.get((first, column + o)) == h for o, h in enumerate(LIST_HEADERS)):
        return True
    statuses = [values.get((row, column + 1)) for row, _ in filled]
    return all(isinstance(s, str) and s.startswith(STATUSES) for s in statuses)


def _window_sums(cells: Iterable[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """For each 9x9 window (by its top-left cell) holding any of ``cells``, how many it
    holds. Rows first, then columns: the cost follows the cells, not the sheet's size."""
    across: dict[tuple[int, int], int] = defaultdict(int)
    for row, column in cells:
        for left in range(max(1, column - 8), column + 1):
            across[(row, left)] += 1
    out: dict[tuple[int, int], int] = defaultdict(int)
    for (row, left), count in across.items():
        for top in range(max(1, row - 8), row + 1):
            out[(top, left)] += count
    return out


def _grids(
    sheet: Worksheet, values: Cells, ours: list[tuple[int, int]]
) -> tuple[list[FoundGrid], str | None]:
    """The grids of a sheet, or a note saying why the sheet is skipped."""
    kinds = {key: kind(value) for key, value in values.items()}
    for top, left in ours:  # our own answers are not puzzles
        for r in range(top - 1, top + 9):
            for c in range(left, left + 9):
                kinds[(r, c)] = OTHER
    by_kind: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for key, found in kinds.items():
        by_kind[found].append(key)
    digit_sums = _window_sums(by_kind[DIGIT])
    other_sums = _window_sums(by_kind[OTHER])
    typo_sums = _window_sums(by_kind[TYPO])

    def filled_in(top: int, left: int, height: int, width: int) -> int:
        return sum(
            1
            for r in range(top, top + height)
            for c in range(left, left + width)
            if kinds.get((r, c)) in (DIGIT, TYPO)
        )

    def tight(top: int, left: int) -> bool:
        """The window's digits (and typos: a digit mistyped) reach its four edges."""
        return all(
            (
                filled_in(top, left, 1, 9),
                filled_in(top + 8, left, 1, 9),
                filled_in(top, left, 9, 1),
                filled_in(top, left + 8, 9, 1),
            )
        )

    def givens(window: tuple[int, int]) -> int:
        """The window's digits, a typo counted as the digit it was meant to be: a typo over
        a given of a 17-clue grid must not make the grid vanish."""
        return digit_sums[window] + typo_sums.get(window, 0)

    existing = sheet._cells
    last_row = max((r for r, _ in existing), default=0)
    last_column = max((c for _, c in existing), default=0)
    windows = [
        (top, left)
        for (top, left), count in digit_sums.items()
        if count >= FEW_GIVENS
        and top + 8 <= last_row  # within the cells that exist, as a person sees the sheet
        and left + 8 <= last_column
        and not other_sums.get((top, left))
        and typo_sums.get((top, left), 0) <= MAX_TYPOS
    ]
    few = [w for w in windows if givens(w) < MIN_GIVENS]
    windows = [w for w in windows if givens(w) >= MIN_GIVENS]
    # a block with few digits is a puzzle only if someone laid it out as a grid
    windows += [w for w in few if tight(*w) and _bordered(sheet, *w)]
    if not windows:
        return [], None
    # a window whose digits reach its four edges fits a grid (a few typos allowed: a typo
    # is a given mistyped, and solving the grid names it); one that overlaps no other such
    # window is a grid
    fitting = [w for w in windows if tight(*w)]
    chosen = [w for w in fitting if not any(_overlap(w, o) for o in fitting if o != w)]
    unsure = [w for w in sorted(windows) if not any(_overlap(w, c) for c in chosen)]
    if unsure:
        bordered = [w for w in unsure if _bordered(sheet, *w)]
        alone = [w for w in unsure if not any(_overlap(w, o) for o in unsure if o != w)]
        if (
            bordered
            and not _overlapping(bordered)
            and all(any(_overlap(w, b) for b in bordered) for w in unsure)
        ):
            chosen += bordered
        elif len(alone) == len(unsure):  # each could sit in one place only: there it is
            chosen += unsure
        else:
            top, left = min(unsure)
            where = f"{get_column_letter(left)}{top}"
            places = len(unsure)
            return [], (
                f"a 9x9 grid near {where} could sit in {places} place{'s' if places > 1 else ''}: "
                "name it with --range 'Sheet!B3:J11'"
            )
    return [FoundGrid(sheet.title, top, left) for top, left in sorted(chosen)], None


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) < 9 and abs(a[1] - b[1]) < 9


def _overlapping(windows: list[tuple[int, int]]) -> bool:
    return any(_overlap(a, b) for i, a in enumerate(windows) for b in windows[i + 1 :])


def _bordered(sheet: Worksheet, top: int, left: int) -> bool:
    """True if every cell of the window has a drawn border: a grid someone laid out."""
    cells = sheet._cells  # looking a cell up must not make it
    for r in range(top, top + 9):
        for c in range(left, left + 9):
            cell = cells.get((r, c))
            if cell is None:
                return False
            border = cell.border
            if not any(
                side is not None and side.style
                for side in (border.left, border.right, border.top, border.bottom)
            ):
                return False
    return True
