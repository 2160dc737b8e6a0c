"""Writes the example workbooks for batch mode (run from the repository's root):

    .venv/bin/python examples/make_examples.py

* ``examples/grids.xlsx``: puzzles typed in as people type them — a titled, bordered
  grid; digits stored as text with 0 for blanks; two grids side by side — and a sheet
  with no puzzle;
* ``examples/puzzle-list.xlsx``: a column of 81-character puzzles under a header, with
  the puzzle's source in the next column: the first few bundled puzzles of
  every difficulty (``PER_LABEL``: the Nightmare ones take seconds each to rate).

The files are committed; this script is how they were made.
"""

from __future__ import annotations

import datetime
import io
import re
from pathlib import Path

import openpyxl
from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.worksheet.worksheet import Worksheet

from xl_sudoku.core import format_line, parse_puzzle, rate
from xl_sudoku.helpers import ooxml
from xl_sudoku.puzzles import bundled

HERE = Path(__file__).resolve().parent
FIXED = datetime.datetime(2026, 1, 1)  # the same bytes each time it runs
PER_LABEL = 3  # puzzles of each difficulty in the list workbook
THIN, THICK = Side(style="thin"), Side(style="medium")

SATURDAY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SUNDAY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
LEFT = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
RIGHT = ".......85...21...996..8.1..5..8...16.........89...6..7..9.7..523...54...48......."


def grid(sheet: Worksheet, puzzle: str, top: int, left: int, *, text: bool = False) -> None:
    """A puzzle typed in at (top, left): numbers and empty cells, or text with 0 for blanks."""
    for cell, digit in enumerate(parse_puzzle(puzzle)):
        r, c = cell // 9, cell % 9
        target = sheet.cell(top + r, left + c)
        target.value = str(digit) if text else (digit or None)
        target.alignment = Alignment(horizontal="center")
        target.border = Border(
            left=THICK if c % 3 == 0 else THIN,
            right=THICK if c % 3 == 2 else THIN,
            top=THICK if r % 3 == 0 else THIN,
            bottom=THICK if r % 3 == 2 else THIN,
        )


def save(book: openpyxl.Workbook, path: Path) -> None:
    """Saved with fixed dates inside and out, so the same script writes the same bytes."""
    book.properties.created = FIXED
    buffer = io.BytesIO()
    book.save(buffer)
    parts = ooxml.read_parts(buffer.getvalue())
    core = parts["docProps/core.xml"].decode()  # openpyxl stamps the time of saving
    stamp = FIXED.strftime("%Y-%m-%dT%H:%M:%SZ")
    core = re.sub(r"(<dcterms:modified[^>]*>)[^<]*", rf"\g<1>{stamp}", core)
    parts["docProps/core.xml"] = core.encode()
    path.write_bytes(ooxml.write_parts(parts))


def grids_workbook(path: Path) -> None:
    book = openpyxl.Workbook()
    saturday = book.active
    assert saturday is not None
    saturday.title = "Saturday"
    saturday["C2"] = "Saturday's sudoku (from the newspaper)"
    saturday["C2"].font = Font(bold=True, size=14)
    grid(saturday, SATURDAY, 4, 3)
    sunday = book.create_sheet("Sunday")
    sunday["B1"] = "Typed as text, 0 for an empty cell"
    grid(sunday, SUNDAY, 3, 2, text=True)
    pair = book.create_sheet("Two at once")
    # each titled by its own rating's label, as xl-sudoku rates it: Easy, Nightmare
    pair["B1"], pair["L1"] = rate(parse_puzzle(RIGHT)).label, rate(parse_puzzle(LEFT)).label
    grid(pair, RIGHT, 2, 2)
    grid(pair, LEFT, 2, 12)
    notes = book.create_sheet("Notes")
    notes["A1"] = "No puzzle on this sheet: batch mode passes it over (its summary counts it)."
    for sheet in book.worksheets:
        for column in "BCDEFGHIJKLMNOPQRSTU":
            sheet.column_dimensions[column].width = 4
    notes.column_dimensions["A"].width = 60
    save(book, path)


def list_workbook(path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Puzzles"
    sheet.append(["Puzzle", "Where it came from"])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for label, puzzles in bundled().items():
        for number, puzzle in enumerate(puzzles[:PER_LABEL], 1):
            sheet.append([format_line(puzzle), f"xl-sudoku's {label} set, #{number}"])
    sheet.column_dimensions["A"].width = 84
    sheet.column_dimensions["B"].width = 30
    save(book, path)


if __name__ == "__main__":
    grids_workbook(HERE / "grids.xlsx")
    list_workbook(HERE / "puzzle-list.xlsx")
    print(f"wrote {HERE / 'grids.xlsx'} and {HERE / 'puzzle-list.xlsx'}")
