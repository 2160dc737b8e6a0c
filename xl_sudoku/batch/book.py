"""A workbook's puzzles for the other commands, and a new workbook of puzzles (batch layer).

``read_book`` finds the puzzles as batch mode does (``find``: our template, a ``--range``
or ``--column``, 9x9 grids, lists of puzzle strings) and hands each over with its sheet
and cell, in batch mode's order: the template, the grids, then the lists. ``write_list``
writes the list workbook ``generate -o puzzles.xlsx`` makes: a header, then a puzzle a
row with its rating, label and hardest technique; batch mode (and ``read_book``) reads
it back as a puzzle list.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import openpyxl
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from ..core import Grid, PuzzleError
from .archive import WorkbookError
from .find import NO_PUZZLE, FoundGrid, find, givens_place, list_puzzle
from .open import open_workbook
from .save import atomic_write, check_replaceable

LIST_HEADER = ("Puzzle", "Rating", "Label", "Hardest technique")
LIST_WIDTHS = (84, 8, 14, 28)


@dataclass(frozen=True)
class BookPuzzle:
    """One puzzle of a workbook: where it is (``Sheet1!A2``, a list's cell, or
    ``Sheet1!B3:J11``, a grid), and its grid or what is wrong with it. A grid's error names
    its cells on the sheet too: ``r1c3: 'x' is not a digit 1-9 (cell D3)``."""

    place: str
    grid: Grid | None
    error: PuzzleError | None = None
    found: FoundGrid | None = None  # a grid's place on its sheet

    def cells(self, cells: Sequence[int]) -> str:
        """``(cell D3)``, ``(cells D3, H3)``: a grid's cells as the sheet names them; ''
        for a list's entry (its place is already its cell)."""
        if self.found is None or not cells:
            return ""
        names = ", ".join(self.found.cell_address(cell) for cell in cells)
        return f"(cell{'s' if len(cells) > 1 else ''} {names})"


@dataclass
class BookReading:
    """A workbook's puzzles, and the sheets passed over with the reason (batch mode's notes)."""

    puzzles: list[BookPuzzle] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)


def read_book(
    path: Path,
    *,
    named_range: str | Sequence[str] | None = None,
    column: str | None = None,
) -> BookReading:
    """The puzzles of the workbook at ``path``. ``WorkbookError`` if it cannot be read,
    ``find.NamedRangeError`` if ``named_range`` or ``column`` names no cells of it."""
    source = open_workbook(path)
    finding = find(source.workbook, named_range=named_range, column=column)
    reading = BookReading(notes=[n for n in finding.notes if n[1] != NO_PUZZLE])
    grids = list(finding.grids)
    givens = givens_place(source.workbook) if finding.template else None
    if givens is not None:
        grids.insert(0, givens)
    for place in grids:
        values = finding.values[place.sheet]
        where = f"{place.sheet}!{place.address}"
        try:
            reading.puzzles.append(BookPuzzle(where, place.grid(values), found=place))
        except PuzzleError as error:
            reading.puzzles.append(BookPuzzle(where, None, error, place))
    for listed in finding.lists:
        values = finding.values[listed.sheet]
        letter = get_column_letter(listed.column)
        for row in listed.rows:
            where = f"{listed.sheet}!{letter}{row}"
            try:
                reading.puzzles.append(
                    BookPuzzle(where, list_puzzle(values.get((row, listed.column))))
                )
            except PuzzleError as error:
                reading.puzzles.append(BookPuzzle(where, None, error))
    if not reading.puzzles:
        reading.notes = finding.notes
    return reading


def write_list(path: Path, rows: Sequence[Sequence[object]], *, replace: bool) -> None:
    """A new workbook at ``path``: sheet ``Puzzles``, ``LIST_HEADER`` in bold, then ``rows``
    (puzzle, rating, label, hardest technique), written atomically; an existing file only
    with ``replace``. ``WorkbookError`` says why it could not be written."""
    if not replace and path.exists():
        raise WorkbookError(f"{path} exists: use --force to replace it")
    check_replaceable(path)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Puzzles"
    sheet.append(LIST_HEADER)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append(list(row))
    for number, width in enumerate(LIST_WIDTHS, 1):
        sheet.column_dimensions[get_column_letter(number)].width = width
    for cell in sheet["B"][1:]:
        cell.number_format = "0.0"  # a rating shows as 3.0, not 3
    sheet.freeze_panes = "A2"
    data = io.BytesIO()
    book.save(data)
    atomic_write(path, lambda file: file.write(data.getvalue()), replace=replace)
