"""Batch mode as a new user meets it (issue 15): a typo in a sparse grid, usage errors
that exit 2, outputs checked before any work, printable outputs, small things."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

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


# --- 6: usage errors exit 2, and a missing sheet's hint names one the workbook has -------------


def grids_workbook(path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "My puzzle"
    write_grid(sheet, EASY, 3, 2)
    book.create_sheet("Notes")
    book.save(path)
    return path


@pytest.mark.slow
@pytest.mark.parametrize(
    ("option", "message"),
    [
        (
            ["--range", "B3:J11"],
            "{source}: --range 'B3:J11' needs its sheet: --range 'My puzzle!B3:J11'",
        ),
        (
            ["--range", "Sheet1!B3:J11"],
            "{source}: --range 'Sheet1!B3:J11': there is no sheet 'Sheet1' (the workbook has "
            "'My puzzle', 'Notes'): --range 'My puzzle!B3:J11'",
        ),
        (
            ["--range", "My puzzle!B3:J"],
            "error: --range 'My puzzle!B3:J': 'B3:J' is not a range such as B3:J11",
        ),
        (
            ["--range", "My puzzle!B3:J12"],
            "error: --range 'My puzzle!B3:J12' is not 9 rows by 9 columns",
        ),
        (["--column", ""], "{source}: --column '' needs its sheet: --column 'My puzzle!A'"),
        (
            ["--column", "My puzzle!"],
            "error: --column 'My puzzle!': '' is not a column: name one, like 'Sheet1!A'",
        ),
        (["--column", "Notes!A"], "{source}: --column 'Notes!A' is empty"),
    ],
)
def test_a_range_or_column_that_names_nothing_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: list[str], message: str
) -> None:
    source = grids_workbook(tmp_path / "book.xlsx")
    status, err = batch(capsys, str(source), *option)
    assert (status, err) == (2, f"xl-sudoku: {message.format(source=source)}\n")
    assert not (tmp_path / "book.solved.xlsx").exists()
    # the right one works
    assert batch(capsys, str(source), "--range", "My puzzle!B3:J11") == (0, "")


# --- 10: outputs checked before any work ----------------------------------------------------


def test_an_output_that_exists_is_refused_before_solving(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import xl_sudoku.batch.run as batch_run
    from xl_sudoku.batch.process import process

    source = grids_workbook(tmp_path / "book.xlsx")
    (tmp_path / "book.solved.xlsx").write_bytes(b"mine")
    solved: list[object] = []

    def counting(*args: Any, **options: Any) -> Any:
        solved.append(args)
        return process(*args, **options)

    monkeypatch.setattr(batch_run, "process", counting)
    status, err = batch(capsys, str(source))
    assert status == 1 and not solved  # refused before any puzzle was solved
    output = tmp_path / "book.solved.xlsx"
    assert (
        err
        == f"xl-sudoku: {source}: {output} exists: use --force to replace it (or -o elsewhere)\n"
    )
    assert output.read_bytes() == b"mine"
    assert batch(capsys, str(source), "--force") == (0, "") and solved


def test_an_output_folder_that_cannot_be_made_is_refused_before_solving(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = grids_workbook(tmp_path / "book.xlsx")
    (tmp_path / "a-file").write_text("not a folder")
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "a-file" / "out"))
    assert status == 1
    assert (
        f"cannot write in {tmp_path / 'a-file' / 'out'}: {tmp_path / 'a-file'} is not a folder"
        in err
    )


def test_a_report_that_cannot_be_written_is_refused_before_the_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = grids_workbook(tmp_path / "book.xlsx")
    (tmp_path / "a-file").write_text("not a folder")
    report = tmp_path / "a-file" / "report.csv"
    status, err = batch(capsys, str(source), "--report", str(report))
    assert status == 2 and "--report: cannot write in" in err
    assert not (tmp_path / "book.solved.xlsx").exists()


# --- 17: an empty workbook, a report that is neither CSV nor JSON -----------------------------


def test_an_empty_file_is_empty(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "New Microsoft Excel Worksheet.xlsx"
    empty.write_bytes(b"")
    status, err = batch(capsys, str(empty))
    assert status == 1
    assert err == f"xl-sudoku: {empty}: it is empty (0 bytes): there is nothing in it to solve\n"


def test_a_report_is_csv_or_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = grids_workbook(tmp_path / "book.xlsx")
    with pytest.raises(SystemExit) as caught:
        main(["batch", str(source), "--report", str(tmp_path / "r.txt")])
    assert caught.value.code == 2
    assert "argument --report: " in capsys.readouterr().err
    assert not (tmp_path / "book.solved.xlsx").exists()
    assert batch(capsys, str(source), "--report", str(tmp_path / "r.JSON")) == (0, "")
    assert (tmp_path / "r.JSON").read_text().startswith("[")
