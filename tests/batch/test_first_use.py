"""Batch mode as a new user meets it (issue 15): a typo in a sparse grid, usage errors
that exit 2, outputs checked before any work, printable outputs, small things."""

from __future__ import annotations

import datetime
from pathlib import Path

import openpyxl
import pytest

from tests.batch.helpers import write_grid
from tests.puzzles import load
from xl_sudoku.cli import main
from xl_sudoku.core import format_line

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: 17 givens, its first row empty (so its digits do not reach the grid's four edges)
SEVENTEEN = format_line(load("royle_17clue_first5000", 1)[0])


def batch(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["batch", "--quiet", *argv])
    return status, capsys.readouterr().err


# --- 3: a typo over a given of a 17-clue grid ----------------------------------------------


@pytest.mark.parametrize("borders", [True, False], ids=["bordered", "plain"])
def test_a_typo_in_a_17_clue_grid_is_reported_by_cell(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, borders: bool
) -> None:
    first = next(i for i, ch in enumerate(SEVENTEEN) if ch != ".")  # r2c9, at K5
    assert (SEVENTEEN.count(".") == 81 - 17) and first == 17
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sparse"
    write_grid(sheet, SEVENTEEN[:first] + "x" + SEVENTEEN[first + 1 :], 4, 3, borders=borders)
    source = tmp_path / "sparse.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source))
    assert status == 1
    assert (
        err
        == f"xl-sudoku: {source}: Sparse!C4:K12: invalid: r2c9: 'x' is not a digit 1-9 (cell K5)\n"
    )


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (datetime.datetime(2024, 3, 5), "'2024-03-05'"),
        (True, "'TRUE'"),
        ("#DIV/0!", "'#DIV/0!'"),
    ],
    ids=["date", "true", "error"],
)
def test_a_date_true_or_an_error_value_in_a_grid_names_the_cell(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: object, shown: str
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Odd"
    for name, puzzle in (("Odd", EASY), ("Sparse", SEVENTEEN)):
        target = sheet if name == "Odd" else book.create_sheet(name)
        write_grid(target, puzzle, 4, 3, borders=False)
        target["K5"] = value  # type: ignore[assignment]  # r2c9: a given of the 17-clue grid, a blank of the other
    source = tmp_path / "odd.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source))
    assert status == 1
    for name in ("Odd", "Sparse"):
        assert (
            f"{source}: {name}!C4:K12: invalid: r2c9: {shown} is not a digit 1-9 (cell K5)\n" in err
        )


# --- 16: outputs that print -------------------------------------------------------------------


def test_ratings_show_a_decimal_and_our_sheets_print_one_page_wide(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Puzzles"
    sheet.append(["Puzzle"])
    for puzzle in (EASY, SEVENTEEN):
        sheet.append([puzzle])
    write_grid(book.create_sheet("Grid"), EASY, 2, 2)
    source = tmp_path / "mixed.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source))
    assert (status, err) == (0, "")
    output = openpyxl.load_workbook(tmp_path / "mixed.solved.xlsx")
    answers = output["Puzzles"]
    assert answers["D1"].value == "Rating"
    for row in (2, 3):
        cell = answers.cell(row, 4)
        assert isinstance(cell.value, float) and cell.number_format == "0.0"
    assert answers["D2"].value == 1.2
    assert answers["C2"].number_format == "General"  # the other columns as they were
    steps = output["Steps"]  # a sheet of ours: one page wide, as many down as it takes
    assert steps.sheet_properties.pageSetUpPr is not None
    assert steps.sheet_properties.pageSetUpPr.fitToPage
    assert (steps.page_setup.fitToWidth, steps.page_setup.fitToHeight) == (1, 0)
    assert steps.page_setup.orientation == "landscape"
    # the user's own sheets keep their print settings (test_keep.py checks every byte)
    grid_setup = output["Grid"].sheet_properties.pageSetUpPr
    assert grid_setup is None or not grid_setup.fitToPage
