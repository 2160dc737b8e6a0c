"""Finding the puzzles in a workbook (batch layer).

In this order:

* **our template**: defined names ``Givens`` and ``Work`` (a filled copy of
  ``sudoku.xlsm``) — solved as the Solve button solves it;
* a **range** the user names (``--range 'Sheet!B3:J11'``), or a **column** (``--column``);
* otherwise, on every sheet, **9x9 grids**: blocks of 81 cells holding only digits 1-9 or
  blanks (numbers, whole floats, digit strings, spaces, 0), with at least 17 digits and at
  most three typos (short values such as ``x`` or ``10``, a date, ``TRUE``, an error value:
  reported by cell when it is solved; a typo counts as the given it stands for). A
  block whose digits reach all four of its edges is a grid if no digit lies around it
  (whatever overlaps it), or if it overlaps no other such block; otherwise its place is
  ambiguous (an empty edge, a row of column numbers above it), and drawn borders around
  the cells decide it; if nothing decides, that block (each group of overlapping ones on
  its own) is skipped with a note naming the places near it;
* **puzzle lists**: columns whose cells are 81-character puzzle strings (a header
  allowed, right above the first puzzle: title lines may sit above it).

Each sheet is read once, as a stream (``scan``): the blocks that could be grids are
picked out as its rows go by, and only their cells, the lists' and our own text are
kept, whatever the sheet's size.
"""

from __future__ import annotations

import datetime
import shlex
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from openpyxl.utils import get_column_letter, range_boundaries

from ..core import (
    DuplicateError,
    Grid,
    ParseError,
    PuzzleError,
    cell_name,
    grid_from_rows,
    parse_puzzle,
    validate,
)
from .archive import WorkbookError
from .cells import (
    BLANK,
    DIGIT,
    ERRORS,
    FEW_GIVENS,
    MAX_TYPOS,
    MIN_GIVENS,
    OTHER,
    TYPO,
    CellKind,
    Cells,
    Keeping,
    SheetScan,
    Uncalculated,
    is_puzzle_text,
    kind,
)
from .formulas import sheet_of
from .marks import Mark, ours, read_marks
from .open import Source
from .options import Options
from .scan import WorkbookScan

__all__ = [  # what the rest of batch mode reads from here (the cell kinds are cells.py's)
    "BLANK",
    "DIGIT",
    "ERRORS",
    "MIN_GIVENS",
    "NO_PUZZLE",
    "OTHER",
    "TYPO",
    "UNCALCULATED",
    "CellKind",
    "Cells",
    "Finding",
    "FoundGrid",
    "FoundList",
    "NamedRangeError",
    "Result",
    "answer_grids",
    "check_reference",
    "find",
    "find_puzzles",
    "kind",
    "list_puzzle",
    "shown",
    "skips",
]

NO_PUZZLE = "no puzzle on this sheet"
UNCALCULATED = "a formula without a saved value"


def skips(note: str) -> bool:
    """True for a note on a grid passed over (its place unclear): a failure. A note that
    says more about a sheet without a puzzle (``NO_PUZZLE: ...``) is none."""
    return not note.startswith(NO_PUZZLE)


# the line above each answer grid we write: how a later run knows the block is ours
TITLES = ("Solved by xl-sudoku", "Logic only, stopped")


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
    if not isinstance(value, str) or not (
        is_puzzle_text(value) or any(ch.isdigit() for ch in value)
    ):
        raise PuzzleError(f"{value!r} is not a puzzle (81 cells)")
    return parse_puzzle(value)


def find_puzzles(source: Source, options: Options) -> Finding:
    """The find stage: the puzzles of the workbook ``source`` (``find``, with the run's
    ``--range`` or ``--column``), and the marks of an earlier run's sheets (``marks``).
    ``NamedRangeError`` if the workbook lacks the ``--range`` or ``--column`` named."""
    marks = read_marks(source.package)
    finding = find(
        source.workbook, named_range=options.named_range, column=options.column, ours=ours(marks)
    )
    finding.marks = marks
    return finding


def find(
    workbook: WorkbookScan,
    *,
    named_range: str | Sequence[str] | None = None,
    column: str | None = None,
    ours: Collection[str] = (),
) -> Finding:
    """The puzzles of a workbook (see the module's text for the order). Each worksheet is
    read once, as a stream; what is kept of it is in ``Finding.sheets``. ``ours`` are the
    sheets a run of ours added (known by our mark, ``marks.py``): they are read (for the
    answers on them) but not searched. ``named_range``: one ``--range`` or several."""
    finding = Finding()
    keeping: dict[str, Keeping] = {}
    named: list[FoundGrid] = []
    listed: tuple[str, int] | None = None
    names = workbook.defined_names
    ranges = (named_range,) if isinstance(named_range, str) else tuple(named_range or ())
    template = not ranges and column is None and "Givens" in names and "Work" in names
    if ranges:
        named = _named_ranges(workbook, ranges, keeping)
    elif column is not None:
        listed = _named_column_place(workbook, column)
        keeping[listed[0]] = Keeping(ours_text, column=listed[1])
    elif template:
        givens = givens_place(workbook)
        if givens is not None:
            keeping[givens.sheet] = Keeping(ours_text, areas=(givens.area,))
    for name in workbook.worksheets:
        scan = workbook.scan(name, keeping.get(name, Keeping(ours_text)))
        finding.sheets[name] = scan
        finding.values[name] = scan.values
    if named:
        finding.grids += named
        return finding
    if listed is not None:
        assert column is not None
        finding.lists.append(_named_column(column, *listed, finding.values))
        return finding
    if template:
        finding.template = True
        return finding
    for scan in finding.sheets.values():
        if scan.title not in ours:
            _find_on_sheet(workbook, scan, finding)
    return finding


def _find_on_sheet(workbook: WorkbookScan, scan: SheetScan, finding: Finding) -> None:
    """A sheet's grids and lists (and the answers of ours on it), or why it has none."""
    answers = answer_grids(scan.values)
    if answers:
        finding.ours[scan.title] = answers
    grids, notes = _grids(scan, answers)
    grids += _stacks(scan)
    lists = _lists(workbook, scan)
    finding.notes += [(scan.title, note) for note in notes]
    if not notes and not grids and not lists and not answers:
        finding.notes.append((scan.title, NO_PUZZLE + _uncalculated(scan)))
    finding.grids += grids
    finding.lists += lists


def _uncalculated(scan: SheetScan) -> str:
    """What to say of a sheet's formulas without a saved value, if it has any: its puzzle,
    if it has one, may be in them."""
    count = scan.uncalculated
    if not count:
        return ""
    cells = ", ".join(f"{get_column_letter(c)}{r}" for r, c in scan.uncalculated_cells)
    more = " ..." if count > len(scan.uncalculated_cells) else ""
    have = "has" if count == 1 else "have"
    return (
        f": {count:,} formula{'s' * (count != 1)} {have} no saved value ({cells}{more}): "
        "open and save it in Excel or LibreOffice to calculate them"
    )


def givens_place(workbook: WorkbookScan) -> FoundGrid | None:
    """Our template's input grid (the defined name ``Givens``)."""
    for sheet, reference in workbook.defined_names["Givens"]:
        left, top, _, _ = range_boundaries(reference.replace("$", ""))
        if left is not None and top is not None:
            return FoundGrid(sheet, top, left)
    return None


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
_HEADERS = frozenset(LIST_HEADERS)


def ours_text(text: str) -> bool:
    """Text a run of ours writes (answers' titles, a list's headers and statuses): kept
    wherever it is, for knowing our own answers on a later run."""
    return text.startswith(TITLES) or text.startswith(STATUSES) or text in _HEADERS


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


def _split(reference: str, what: str, workbook: WorkbookScan, example: str) -> tuple[str, str]:
    """The sheet (one the workbook has) and the address of ``--range`` or ``--column``."""
    sheets = workbook.sheetnames
    if "!" not in reference:
        suggestion = shlex.quote(f"{sheets[0]}!{reference or example}")
        raise NamedRangeError(f"{what} {reference!r} needs its sheet: {what} {suggestion}")
    quoted, address = reference.rsplit("!", 1)
    sheet = sheet_of(quoted)
    if sheet not in workbook.worksheets:
        shown = ", ".join(repr(name) for name in sheets[:8])
        more = f" and {len(sheets) - 8} more" if len(sheets) > 8 else ""
        suggestion = shlex.quote(f"{sheets[0]}!{address}")
        raise NamedRangeError(
            f"{what} {reference!r}: there is no sheet {sheet!r} (the workbook has {shown}"
            f"{more}): {what} {suggestion}"
        )
    return sheet, address.replace("$", "")


def _named_ranges(
    workbook: WorkbookScan, ranges: Sequence[str], keeping: dict[str, Keeping]
) -> list[FoundGrid]:
    """The grids ``--range`` names (the same range twice is one grid), each sheet's
    ``keeping`` set to keep their cells."""
    named: list[FoundGrid] = []
    for reference in ranges:
        grid = _named_range(workbook, reference)
        if grid not in named:
            named.append(grid)
    for grid in named:
        areas = keeping[grid.sheet].areas if grid.sheet in keeping else ()
        keeping[grid.sheet] = Keeping(ours_text, areas=(*areas, grid.area))
    return named


def _named_range(workbook: WorkbookScan, reference: str) -> FoundGrid:
    sheet, address = _split(reference, "--range", workbook, "B3:J11")
    top, left = _boundaries(reference, address)
    return FoundGrid(sheet, top, left)


def _named_column_place(workbook: WorkbookScan, reference: str) -> tuple[str, int]:
    """The sheet and column number ``--column`` names."""
    sheet_name, letters = _split(reference, "--column", workbook, "A")
    check_reference(reference, "--column")
    return sheet_name, range_boundaries(f"{letters}1")[0] or 1


def _named_column(
    reference: str, sheet_name: str, column: int, values: dict[str, Cells]
) -> FoundList:
    filled = sorted((r, v) for (r, c), v in values[sheet_name].items() if c == column)
    if not filled:
        raise NamedRangeError(f"--column {reference!r} is empty")
    header, entries = _entries(filled)
    return FoundList(sheet_name, column, tuple(r for r, _ in entries), header)


def _lists(workbook: WorkbookScan, scan: SheetScan) -> list[FoundList]:
    """The columns of puzzle strings: at least half of a column's filled cells (after a
    header) are puzzles, and it is not the solutions column a run of ours wrote."""
    found = []
    for column, listed in sorted(scan.lists.items()):
        filled = listed.rows
        if not listed.complete:  # cells before its first puzzle were let go: read them again
            again = workbook.scan(scan.title, Keeping(column=column)).values
            filled = sorted((r, v) for (r, c), v in again.items() if c == column)
        header, entries = _entries(filled)
        if listed.puzzles * 2 < len(entries):
            continue
        if _answers(scan.values, filled, column):
            continue
        for row, value in filled:
            scan.values[(row, column)] = value
        found.append(FoundList(scan.title, column, tuple(row for row, _ in entries), header))
    return found


def _entries(
    filled: list[tuple[int, object]],
) -> tuple[int | None, list[tuple[int, object]]]:
    """A list's header row (the filled cell right above its first puzzle, below any title
    lines) and its entries (from its first puzzle on; with no puzzle, all but the first)."""
    first = next((i for i, (_, value) in enumerate(filled) if is_puzzle_text(value)), 1)
    header = filled[first - 1][0] if first else None
    return header, filled[first:]


def _answers(values: Cells, filled: list[tuple[int, object]], column: int) -> bool:
    """True if a column of puzzle-like strings is the solutions column a run of ours wrote
    beside a list: our headers from it on, or our statuses beside each entry."""
    first = filled[0][0]
    if all(values.get((first, column + o)) == h for o, h in enumerate(LIST_HEADERS)):
        return True
    statuses = [values.get((row, column + 1)) for row, _ in filled]
    return all(isinstance(s, str) and s.startswith(STATUSES) for s in statuses)


def _grids(scan: SheetScan, ours: list[tuple[int, int]]) -> tuple[list[FoundGrid], list[str]]:
    """The grids of a sheet, and a note for each block whose place is not clear. The blocks that
    could be grids are the scan's (``scan.windows``): 8 digits or more, at most
    ``MAX_TYPOS`` typos, nothing else but blanks."""
    kinds = scan.kinds

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

    def ours_over(top: int, left: int) -> bool:
        """The window meets an answer of ours (its title line and 9x9 block)."""
        return any(
            top <= answer_top + 8 and answer_top - 1 <= top + 8 and abs(left - answer_left) < 9
            for answer_top, answer_left in ours
        )

    # a typo counts as the given it stands for: a typo over a given of a 17-clue grid must
    # not make the grid vanish
    givens = {(w.top, w.left): w.digits + w.typos for w in scan.windows}
    windows = [
        (w.top, w.left)
        for w in scan.windows
        if w.digits >= FEW_GIVENS
        and w.typos <= MAX_TYPOS
        and w.top + 8 <= scan.last_row  # within the cells that exist, as a person sees it
        and w.left + 8 <= scan.last_column
        and not ours_over(w.top, w.left)  # our own answers are not puzzles
    ]
    few = [w for w in windows if givens[w] < MIN_GIVENS]
    windows = [w for w in windows if givens[w] >= MIN_GIVENS]
    # a block with few digits is a puzzle only if someone laid it out as a grid
    windows += [w for w in few if tight(*w) and _bordered(scan, *w)]
    # column numbers 1-9 typed above a grid (or row numbers beside it) are not part of it
    headers = _headers(scan, [w for w in windows if tight(*w)])
    windows = [w for w in windows if not _holds(w, headers)]
    if not windows:
        return [], []
    # a window whose digits reach its four edges fits a grid (a few typos allowed: a typo
    # is a given mistyped, and solving the grid names it); one that overlaps no other such
    # window is a grid, and so are the windows that alone, side by side, explain every
    # digit of a group of overlapping ones (two plain grids a column or two apart: a
    # window straddling the gap fits too, but explains nothing the two do not)
    fitting = [w for w in windows if tight(*w)]
    # a window that fits with no digit in the rows and columns around it is a block laid
    # out apart: a grid, whatever else overlaps it (a window straddling it and a sparse
    # grid beside it fits too, but must not hide it)
    framed = [w for w in fitting if _framed(kinds, *w)]
    chosen = [w for w in framed if not any(_overlap(w, o) for o in framed if o != w)]
    fitting = [w for w in fitting if not any(_overlap(w, c) for c in chosen)]
    chosen += [w for w in fitting if not any(_overlap(w, o) for o in fitting if o != w)]
    chosen += _explaining(fitting, kinds)
    unsure = [w for w in sorted(windows) if not any(_overlap(w, c) for c in chosen)]
    notes = []
    for group in _groups(unsure):  # each unclear block on its own: one never hides another
        bordered = [w for w in group if _bordered(scan, *w)]
        if (
            bordered
            and not _overlapping(bordered)
            and all(any(_overlap(w, b) for b in bordered) for w in group)
        ):
            chosen += bordered
        elif len(group) == 1:  # it could sit in one place only: there it is
            chosen += group
        else:
            notes.append(_could_sit(scan.title, group, kinds))
    return [FoundGrid(scan.title, top, left) for top, left in sorted(chosen)], notes


def _framed(kinds: dict[tuple[int, int], CellKind], top: int, left: int) -> bool:
    """True if no digit (nor typo) lies in the row above or below the window, or in the
    column left or right of it, alongside it."""
    ring = [(top - 1, left + i) for i in range(9)] + [(top + 9, left + i) for i in range(9)]
    ring += [(top + i, left - 1) for i in range(9)] + [(top + i, left + 9) for i in range(9)]
    return not any(kinds.get(cell) in (DIGIT, TYPO) for cell in ring)


def _groups(windows: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The windows in groups linked by overlaps, in order."""
    groups: list[list[tuple[int, int]]] = []
    left = list(windows)
    while left:
        group = [left.pop(0)]
        for window in group:  # grows as it goes
            linked = [o for o in left if _overlap(window, o)]
            left = [o for o in left if o not in linked]
            group += linked
        groups.append(sorted(group))
    return groups


SHOWN_PLACES = 4  # an unsure grid's message lists this many of its places


def _could_sit(
    sheet: str, unsure: list[tuple[int, int]], kinds: dict[tuple[int, int], CellKind]
) -> str:
    """Why a block is skipped: where its grid's digits start, the places it could sit in, and
    the ``--range`` for the first of them, written for this sheet."""
    digits = [
        (r, c)
        for (r, c), found in kinds.items()
        if found in (DIGIT, TYPO) and any(_inside(w, r, c) for w in unsure)
    ]
    top = min(r for r, _ in digits)
    left = min(c for _, c in digits)
    places = [FoundGrid(sheet, *window).address for window in unsure]
    listed = ", ".join(places[:SHOWN_PLACES])
    if len(places) > SHOWN_PLACES:
        listed += f" and {len(places) - SHOWN_PLACES} more"
    return (
        f"a 9x9 grid near {get_column_letter(left)}{top} could sit in {len(places)} places "
        f"({listed}): name it with --range {shlex.quote(f'{sheet}!{places[0]}')}"
    )


def _inside(window: tuple[int, int], row: int, column: int) -> bool:
    return window[0] <= row <= window[0] + 8 and window[1] <= column <= window[1] + 8


def _holds(window: tuple[int, int], cells: set[tuple[int, int]]) -> bool:
    return any(_inside(window, r, c) for r, c in cells)


def _headers(scan: SheetScan, fitting: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells of column numbers 1-9 typed in the row above a window that fits a grid
    (and of row numbers in the column left of one). A grid whose own first row reads
    1 to 9 keeps it: the window a row below it does not fit (its last row is empty)."""
    fits = set(fitting)
    values = scan.values
    found: set[tuple[int, int]] = set()
    for top, left in fitting:
        across = [(top, left + i) for i in range(9)]
        down = [(top + i, left) for i in range(9)]
        for cells, below in ((across, (top + 1, left)), (down, (top, left + 1))):
            if below in fits and all(
                str(shown(values.get(cell))).strip() in (str(i + 1), f"{i + 1}.0")
                for i, cell in enumerate(cells)
            ):
                found.update(cells)
    return found


#: how far ``_explaining`` searches a group of overlapping windows before giving up
EXPLAIN_BUDGET = 5_000


def _explaining(
    fitting: list[tuple[int, int]], kinds: dict[tuple[int, int], CellKind]
) -> list[tuple[int, int]]:
    """In each group of overlapping windows that fit, the windows that do not overlap one
    another and together hold every digit of the group, if only one such set exists."""
    chosen: list[tuple[int, int]] = []
    left = set(fitting)
    while left:
        group = [left.pop()]
        for window in group:  # grows as it goes: the group of all windows linked by overlaps
            linked = [o for o in left if _overlap(window, o)]
            left.difference_update(linked)
            group += linked
        if len(group) == 1:
            continue
        filled = {
            cell
            for cell, found in kinds.items()
            if found in (DIGIT, TYPO) and any(_inside(w, *cell) for w in group)
        }
        covers = _covers(sorted(group), filled)
        if len(covers) == 1:
            chosen += covers[0]
    return chosen


def _covers(
    group: list[tuple[int, int]], filled: set[tuple[int, int]]
) -> list[list[tuple[int, int]]]:
    """Up to two sets of windows of ``group``, none overlapping another, that hold every cell
    of ``filled`` (none if the search runs past ``EXPLAIN_BUDGET`` steps)."""
    holding = {cell: [w for w in group if _inside(w, *cell)] for cell in filled}
    found: list[list[tuple[int, int]]] = []
    steps = 0

    def search(picked: list[tuple[int, int]], open_cells: set[tuple[int, int]]) -> bool:
        nonlocal steps
        steps += 1
        if steps > EXPLAIN_BUDGET:
            return False
        if not open_cells:
            found.append(sorted(picked))
            return len(found) < 2
        cell = min(open_cells, key=lambda c: len(holding[c]))
        for window in holding[cell]:
            if any(_overlap(window, p) for p in picked):
                continue
            rest = {c for c in open_cells if not _inside(window, *c)}
            if not search([*picked, window], rest):
                return False
        return True

    if not search([], filled) and steps > EXPLAIN_BUDGET:
        return []
    return found


def _stacks(scan: SheetScan) -> list[FoundGrid]:
    """The grids typed as nine row strings one below another in a column: taken when they
    hold at least 17 digits, and, when a row is a number (a spreadsheet may have made one
    of ``530070000``), no digit repeats (nine numbers in a column are more often data)."""
    found = []
    for top, column in scan.stacks:
        place = FoundGrid(scan.title, top, column, stacked=True)
        rows = place.rows(scan.values)
        if sum(1 for row in rows for value in row if value is not None) < MIN_GIVENS:
            continue
        if sum(1 for row in rows for value in row if kind(value) == TYPO) > MAX_TYPOS:
            continue
        if any(isinstance(scan.values.get((top + r, column)), int) for r in range(9)):
            try:
                validate(place.grid(scan.values))
            except DuplicateError:
                continue
            except PuzzleError:
                pass  # a typo: reported by its cell when the grid is solved
        found.append(place)
    return found


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) < 9 and abs(a[1] - b[1]) < 9


def _overlapping(windows: list[tuple[int, int]]) -> bool:
    return any(_overlap(a, b) for i, a in enumerate(windows) for b in windows[i + 1 :])


def _bordered(scan: SheetScan, top: int, left: int) -> bool:
    """True if every cell of the window has a drawn border: a grid someone laid out."""
    bordered = scan.bordered
    return all((r, c) in bordered for r in range(top, top + 9) for c in range(left, left + 9))
