"""Making real workbooks for the batch tests, the way people make them."""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Sequence
from pathlib import Path

import openpyxl
from openpyxl.styles import Border, Font, Side

from tests.conftest import SYSTEM_PYTHON
from xl_sudoku.core import format_line, parse_puzzle

ROOT = Path(__file__).resolve().parents[2]
THIN = Side(style="thin")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_grid(
    sheet: openpyxl.worksheet.worksheet.Worksheet,  # type: ignore[name-defined]
    puzzle: str,
    top: int,
    left: int,
    *,
    as_text: bool = False,
    blank: object = None,
    borders: bool = True,
) -> None:
    """A puzzle typed into a sheet at (top, left), 1-based, as a person might type it. A
    character of ``puzzle`` that is neither a digit nor a blank is typed as it is (a typo)."""
    text = puzzle if len(puzzle) == 81 else format_line(parse_puzzle(puzzle))
    for cell, char in enumerate(text):
        target = sheet.cell(top + cell // 9, left + cell % 9)
        if char in "123456789":
            target.value = char if as_text else int(char)
        elif char in ".0":
            target.value = blank
        else:
            target.value = char
        if borders:
            target.border = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)


def user_grid_workbook(path: Path, puzzle: str, **options: object) -> Path:
    """A user's own layout: a title, and the grid at C4:K12 with borders."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "My puzzle"
    sheet["C2"] = "Saturday's sudoku"
    sheet["C2"].font = Font(bold=True, size=14)
    write_grid(sheet, puzzle, 4, 3, **options)  # type: ignore[arg-type]
    book.save(path)
    return path


def list_workbook(path: Path, puzzles: Sequence[str], header: str | None = "Puzzle") -> Path:
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Puzzles")
    if header:
        sheet.append([header])
    for puzzle in puzzles:
        sheet.append([puzzle])
    book.save(path)
    return path


def libreoffice_convert(source: Path, target: Path, export_filter: str) -> Path:
    """Have LibreOffice write ``target`` from ``source`` (csv, xlsx ...)."""
    subprocess.run(
        [
            SYSTEM_PYTHON,
            str(ROOT / "tests" / "batch" / "lo_make.py"),
            str(source),
            str(target),
            export_filter,
        ],
        check=True,
        timeout=300,
        capture_output=True,
    )
    return target
