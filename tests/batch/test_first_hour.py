"""Workbooks as a new user lays them out in the first hour: two plain grids close
together, column numbers typed above a grid, nine row strings in a column, a skipped
sheet's advice naming the real sheet and ranges."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.batch.helpers import write_grid
from tests.puzzles import load
from xl_sudoku.batch.files import open_workbook
from xl_sudoku.batch.find import find
from xl_sudoku.cli import main
from xl_sudoku.core import format_line, is_solution, parse_puzzle, solve

# digits on all four of its edges
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: 17 givens, its first row empty
SEVENTEEN = format_line(load("royle_17clue_first5000", 1)[0])


def _book(path: Path, title: str = "Sheet1") -> tuple[openpyxl.Workbook, Any]:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = title
    return book, sheet


def _places(path: Path) -> list[str]:
    return [f"{g.sheet}!{g.address}" for g in find(open_workbook(path).workbook).grids]


def _solved(capsys: pytest.CaptureFixture[str], path: Path, *puzzles: str) -> str:
    """``solve`` on the workbook prints one checked solution for each of ``puzzles``."""
    status = main(["solve", str(path)])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert status == 0, err
    assert len(lines) == len(puzzles), (out, err)
    for line, puzzle in zip(lines, puzzles, strict=True):
        assert is_solution(parse_puzzle(line), parse_puzzle(puzzle))
    return err


# --- two plain grids close together ---------------------------------------------------------


@pytest.mark.parametrize("gap", [1, 2, 3])
@pytest.mark.parametrize("across", [True, False], ids=["side-by-side", "one-below"])
def test_two_plain_grids_close_together_are_both_found(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, gap: int, across: bool
) -> None:
    book, sheet = _book(tmp_path)
    write_grid(sheet, EASY, 1, 1, borders=False)
    top, left = (1, 10 + gap) if across else (10 + gap, 1)
    write_grid(sheet, OTHER, top, left, borders=False)
    path = tmp_path / "two.xlsx"
    book.save(path)
    second = openpyxl.utils.get_column_letter(left)
    end = openpyxl.utils.get_column_letter(left + 8)
    assert _places(path) == ["Sheet1!A1:I9", f"Sheet1!{second}{top}:{end}{top + 8}"]
    _solved(capsys, path, EASY, OTHER)


def test_three_plain_grids_in_a_row_are_all_found(tmp_path: Path) -> None:
    book, sheet = _book(tmp_path)
    for number, puzzle in enumerate((EASY, OTHER, EASY)):
        write_grid(sheet, puzzle, 2, 1 + 11 * number, borders=False)
    path = tmp_path / "three.xlsx"
    book.save(path)
    assert _places(path) == ["Sheet1!A2:I10", "Sheet1!L2:T10", "Sheet1!W2:AE10"]


# --- the advice names the sheet and the places -------------------------------------------------


def test_the_advice_names_the_real_sheet_and_the_candidate_ranges(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a 17-clue grid whose first row is empty, below a title, no borders: its place is not clear
    book, sheet = _book(tmp_path, "Week 1")
    sheet["B1"] = "Saturday"
    write_grid(sheet, SEVENTEEN, 4, 2, borders=False)
    sheet["B20"] = "solved on Sunday"  # the sheet goes on below the grid
    path = tmp_path / "unsure.xlsx"
    book.save(path)
    status = main(["batch", "--quiet", str(path), "-o", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 1
    assert "Sheet!B3:J11" not in err
    # the digits start in row 5 (the grid's first row is empty): near the first of them
    assert (
        "Week 1: a 9x9 grid near B5 could sit in 2 places (B4:J12, B5:J13): "
        "name it with --range 'Week 1!B4:J12'\n" in err
    )
    # and the range it suggests works as written
    status = main(
        ["batch", "--quiet", str(path), "-o", str(tmp_path / "out"), "--range", "Week 1!B4:J12"]
    )
    assert status == 0, capsys.readouterr().err


# --- column numbers typed above a grid ---------------------------------------------------------


def test_column_numbers_typed_above_a_plain_grid_are_not_part_of_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, sheet = _book(tmp_path)
    for column in range(9):
        sheet.cell(3, 3 + column).value = column + 1
        sheet.cell(4 + column, 2).value = column + 1  # and row numbers
    write_grid(sheet, EASY, 4, 3, borders=False)
    path = tmp_path / "numbered.xlsx"
    book.save(path)
    assert _places(path) == ["Sheet1!C4:K12"]
    _solved(capsys, path, EASY)


def test_a_grid_whose_first_row_is_1_to_9_is_still_a_grid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    solution = format_line(parse_puzzle(EASY))
    answer = solve(parse_puzzle(EASY))
    order = {answer[c]: str(c + 1) for c in range(9)}  # relabel: the first row reads 1..9
    first_row_1_to_9 = "".join(
        order[answer[i]] if i < 9 else (order[int(ch)] if ch != "." else ".")
        for i, ch in enumerate(solution)
    )
    assert first_row_1_to_9.startswith("123456789")
    book, sheet = _book(tmp_path)
    write_grid(sheet, first_row_1_to_9, 4, 3, borders=False)
    path = tmp_path / "first-row.xlsx"
    book.save(path)
    assert _places(path) == ["Sheet1!C4:K12"]
