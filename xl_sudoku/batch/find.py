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

import shlex
from collections.abc import Collection, Sequence
from enum import StrEnum

from openpyxl.utils import get_column_letter, range_boundaries

from .cells import (
    BLANK,
    DIGIT,
    ERRORS,
    MIN_GIVENS,
    OTHER,
    TYPO,
    CellKind,
    Cells,
    Keeping,
    SheetScan,
    is_puzzle_text,
    kind,
)
from .formulas import sheet_of
from .found import (
    LOST,
    NO_PUZZLE,
    UNCALCULATED,
    Finding,
    FoundGrid,
    FoundList,
    list_puzzle,
    shown,
    skips,
)
from .grids import grids_on, stacks_on
from .marks import ours, read_marks
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

# the line above each answer grid we write: how a later run knows the block is ours
TITLES = ("Solved by xl-sudoku", "Logic only, stopped")


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
    grids, notes = grids_on(scan, answers)
    grids += stacks_on(scan)
    lists = _lists(workbook, scan)
    finding.notes += [(scan.title, note) for note in notes]
    if not notes and not grids and not lists and not answers:
        finding.notes.append((scan.title, NO_PUZZLE + _uncalculated(scan) + _lost_puzzles(scan)))
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


def _lost_puzzles(scan: SheetScan) -> str:
    """What to say of a sheet's numbers of 60 digits or more, if it has any: puzzles with
    0 for their blanks, perhaps, that a spreadsheet read as numbers."""
    count = scan.lost_puzzles
    if not count:
        return ""
    cells = ", ".join(f"{get_column_letter(c)}{r}" for r, c in scan.lost_puzzle_cells)
    more = " ..." if count > len(scan.lost_puzzle_cells) else ""
    if count == 1:
        return f": 1 cell holds a number of 60 digits or more ({cells}), a puzzle perhaps: {LOST}"
    return (
        f": {count:,} cells hold numbers of 60 digits or more ({cells}{more}), puzzles "
        "perhaps: a spreadsheet read them as numbers and kept 15 of their digits: import the "
        "column as text"
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
