"""Workbooks as a new user lays them out in the first hour: two plain grids close
together, column numbers typed above a grid, nine row strings in a column, a skipped
sheet's advice naming the real sheet and ranges."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.batch.helpers import list_workbook, write_grid
from tests.cli.helpers import run as run_cli
from tests.puzzles import load
from xl_sudoku.batch import pipeline
from xl_sudoku.batch import run as batch_run
from xl_sudoku.batch.find import find
from xl_sudoku.batch.open import open_workbook
from xl_sudoku.cli import main
from xl_sudoku.core import count_solutions, format_line, is_solution, parse_puzzle, solve

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


def _advice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, puzzle: str
) -> tuple[Path, tuple[str, ...]]:
    """A workbook with ``puzzle`` at B4 among a title and a note, no borders; batch's
    advice on it: the places it lists and the --range it names."""
    book, sheet = _book(tmp_path, "Week 1")
    sheet["B1"] = "Saturday"
    write_grid(sheet, puzzle, 4, 2, borders=False)
    sheet["B20"] = "solved on Sunday"
    path = tmp_path / "unsure.xlsx"
    book.save(path)
    status = main(["batch", "--quiet", str(path), "-o", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 1
    said = re.search(r"could sit in (.*): name it with --range '([^']*)'\n", err)
    assert said is not None, err
    return path, said.groups()


def test_the_advice_names_only_places_that_hold_the_whole_block(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a grid of many givens, its first row empty: windows cutting off some of its digits
    # hold 17 or more too, and sorted first they were the range suggested (A2:I10, half
    # the grid, read as a puzzle with duplicates)
    solution = solve(parse_puzzle(EASY))
    assert solution is not None
    puzzle = format_line(
        tuple(0 if cell < 9 or cell % 4 == 1 else d for cell, d in enumerate(solution))
    )
    path, advice = _advice(capsys, tmp_path, puzzle)
    assert advice == ("2 places (B4:J12, B5:J13)", "Week 1!B4:J12")
    # followed, the suggestion reads the whole grid, and its answer is the puzzle's
    status = main(["solve", str(path), "--range", advice[1]])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert is_solution(parse_puzzle(out), parse_puzzle(puzzle))


def test_the_advice_names_where_the_grid_is_a_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the 17-clue grid upside down: its last row empty, its place as unclear as above;
    # the first place (a row higher) holds every digit too, but read there the grid is
    # another puzzle, of 2 or more solutions: the advice names the place of one solution
    rows = [SEVENTEEN[r * 9 : r * 9 + 9] for r in range(9)]
    upside_down = "".join(reversed(rows))
    assert count_solutions(parse_puzzle(upside_down), limit=2) == 1
    path, advice = _advice(capsys, tmp_path, upside_down)  # B4:J12, its digits B4:J11
    assert advice == ("2 places (B3:J11, B4:J12)", "Week 1!B4:J12")
    status, out, err = run_cli(capsys, "solve", str(path), "--range", advice[1])
    assert (status, err) == (0, "")
    assert is_solution(parse_puzzle(out), parse_puzzle(upside_down))


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


@pytest.mark.parametrize(
    ("index", "header", "top", "left"),
    [(True, True, 1, 1), (False, True, 1, 1), (True, False, 1, 1), (True, True, 4, 3)],
    ids=["index-and-header", "header", "index", "startrow-startcol"],
)
def test_a_dataframe_as_pandas_writes_it_is_a_grid_without_its_labels(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    index: bool,
    header: bool,
    top: int,
    left: int,
) -> None:
    """``DataFrame.to_excel`` numbers a frame's columns above it and its rows beside it
    0 to 8 (the header and the index, both on by default): not part of the grid."""
    book, sheet = _book(tmp_path)
    row, column = top + header, left + index  # the grid's top left cell
    for number in range(9):
        if header:
            sheet.cell(top, column + number).value = number
        if index:
            sheet.cell(row + number, left).value = number
    write_grid(sheet, EASY, row, column, borders=False)
    path = tmp_path / "frame.xlsx"
    book.save(path)
    first = f"{openpyxl.utils.get_column_letter(column)}{row}"
    last = f"{openpyxl.utils.get_column_letter(column + 8)}{row + 8}"
    assert _places(path) == [f"Sheet1!{first}:{last}"]
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


# --- nine row strings in a column --------------------------------------------------------------


@pytest.mark.parametrize("as_numbers", [False, True], ids=["text", "numbers"])
def test_nine_row_strings_in_a_column_are_a_grid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, as_numbers: bool
) -> None:
    book, sheet = _book(tmp_path)
    rows = [format_line(parse_puzzle(EASY))[9 * r : 9 * r + 9].replace(".", "0") for r in range(9)]
    for number, row in enumerate(rows):
        # typed as numbers, a spreadsheet drops a row's leading zeros ("003020600" -> 3020600)
        sheet.cell(1 + number, 1).value = int(row) if as_numbers else row
    path = tmp_path / "rows.xlsx"
    book.save(path)
    assert _places(path) == ["Sheet1!A1:A9"]
    _solved(capsys, path, EASY)
    status = main(["batch", "--quiet", str(path), "-o", str(tmp_path / "out")])
    assert status == 0, capsys.readouterr().err
    answer = openpyxl.load_workbook(tmp_path / "out" / "rows.solved.xlsx")["Sheet1"]
    written = [[answer.cell(r, c).value for c in range(1, 10)] for r in range(12, 21)]
    assert is_solution(
        parse_puzzle("".join(str(v) for row in written for v in row)), parse_puzzle(EASY)
    )
    # and the rows keep their own cells: what is wrong is named by the cell of its row
    sheet.cell(5, 1).value = "7x......8"
    book.save(path)
    status = main(["solve", str(path)])
    assert status == 1
    assert "r5c2: 'x' is not a digit 1-9 (cell A5)" in capsys.readouterr().err


def test_nine_numbers_in_a_column_are_not_taken_for_a_grid(tmp_path: Path) -> None:
    book, sheet = _book(tmp_path)
    for number in range(9):
        sheet.cell(2 + number, 2).value = 100_000 + 1234 * number  # amounts, not rows
    sheet["B1"] = "Amount"
    path = tmp_path / "amounts.xlsx"
    book.save(path)
    assert _places(path) == []


# --- --range, repeated -----------------------------------------------------------------------


def test_range_may_be_given_for_each_grid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, sheet = _book(tmp_path, "Mon")
    write_grid(sheet, EASY, 2, 2)
    write_grid(book.create_sheet("Tue"), OTHER, 3, 3)
    write_grid(sheet, SEVENTEEN, 14, 2)  # not named: left alone
    path = tmp_path / "week.xlsx"
    book.save(path)
    ranges = ["--range", "Mon!B2:J10", "--range", "Tue!C3:K11"]
    status = main(["solve", str(path), *ranges])
    out, err = capsys.readouterr()
    assert status == 0, err
    lines = out.splitlines()
    assert len(lines) == 2
    assert is_solution(parse_puzzle(lines[0]), parse_puzzle(EASY))
    assert is_solution(parse_puzzle(lines[1]), parse_puzzle(OTHER))
    status = main(["batch", "--quiet", str(path), "-o", str(tmp_path / "out"), *ranges])
    assert status == 0, capsys.readouterr().err
    answer = openpyxl.load_workbook(tmp_path / "out" / "week.solved.xlsx")
    assert answer["Mon"]["L1"].value.startswith("Solved by xl-sudoku")
    assert answer["Tue"]["M2"].value.startswith("Solved by xl-sudoku")
    assert answer["Mon"]["L13"].value is None  # the grid no --range named


# --- batch: --no-rate, progress in a log, Ctrl-C ----------------------------------------------


def test_no_rate_solves_a_list_without_rating_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzles = [format_line(p) for p in load("norvig_top95")[:5]]
    path = list_workbook(tmp_path / "hard.xlsx", puzzles)

    def no_rating(*args: object, **kwargs: object) -> None:
        raise AssertionError("rated")

    monkeypatch.setattr("xl_sudoku.batch.solve.rate", no_rating)
    status = main(["batch", "--quiet", "--no-rate", str(path)])
    assert status == 0, capsys.readouterr().err
    sheet = openpyxl.load_workbook(tmp_path / "hard.solved.xlsx")["Puzzles"]
    for row, puzzle in enumerate(puzzles, 2):
        assert is_solution(parse_puzzle(str(sheet.cell(row, 2).value)), parse_puzzle(puzzle))
        assert sheet.cell(row, 3).value == "solved"
        assert sheet.cell(row, 4).value is None  # no rating
        assert sheet.cell(row, 5).value is None  # no hardest technique
    # and a list's bad entry is still named
    bad = list_workbook(tmp_path / "bad.xlsx", [puzzles[0][:-1] + puzzles[0][0]])
    assert main(["batch", "--quiet", "--no-rate", str(bad)]) == 1
    assert "Puzzles!A2: " in capsys.readouterr().err


def test_a_progress_line_every_few_seconds_without_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = io.StringIO()  # not a terminal: a log file, a pipe
    monkeypatch.setattr("sys.stderr", log)
    monkeypatch.setattr("xl_sudoku.batch.progress.PROGRESS.stream", log)
    monkeypatch.setattr("xl_sudoku.helpers.runner.PLAIN_SECONDS", 0.0)
    puzzles = [format_line(p) for p in load("kaggle1m_first9999")[:300]]
    path = list_workbook(tmp_path / "list.xlsx", puzzles)
    assert main(["batch", "--no-rate", str(path)]) == 0
    shown = log.getvalue()
    assert "\r" not in shown
    progress = [line for line in shown.splitlines() if " puzzles · " in line]
    assert progress and all(line.startswith("xl-sudoku: ") for line in progress)
    assert progress[-1].startswith("xl-sudoku: 300/300 puzzles")
    assert shown.splitlines()[-1].startswith("xl-sudoku: 1 file, 300 puzzles: 300 solved")


def test_the_progress_line_says_reading_and_writing_not_a_stale_eta(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = io.StringIO()
    monkeypatch.setattr("sys.stderr", log)
    monkeypatch.setattr("xl_sudoku.batch.progress.PROGRESS.stream", log)
    monkeypatch.setattr("xl_sudoku.helpers.runner.PLAIN_SECONDS", 0.0)
    monkeypatch.setattr("xl_sudoku.helpers.runner.PROGRESS_SECONDS", 0.0)
    folder = tmp_path / "in"
    folder.mkdir()
    puzzles = [format_line(p) for p in load("kaggle1m_first9999")[:3]]
    for name in ("a", "b"):
        list_workbook(folder / f"{name}.xlsx", puzzles)
    assert main(["batch", "--no-rate", str(folder), "-o", str(tmp_path / "out")]) == 0
    lines = [line.removeprefix("xl-sudoku: ") for line in log.getvalue().splitlines()]
    progress = [line for line in lines if " puzzles" in line and "solved" not in line]
    # the first file solved: it is written, then the next is read
    assert "file 1/2 · 3/3 puzzles · " in progress[1] and progress[1].endswith(" · writing")
    assert progress[2].startswith("file 2/2 · 3/3 puzzles · ")
    assert progress[2].endswith(" · reading")
    assert progress[3].startswith("file 2/2 · 3/6 puzzles · ") and " · ETA " in progress[3]
    # once all is solved no ETA is left on the line; the summary's time is never "0.0 s"
    assert all("ETA" not in line for line in progress if "6/6" in line)
    assert progress[0] == "file 1/2 · 0/3 puzzles"  # no rate before the first puzzle
    assert not lines[-1].endswith("; 0.0 s")


def test_ctrl_c_says_what_was_written_and_what_was_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a", "b", "c"):
        list_workbook(folder / f"{name}.xlsx", [EASY])
    real = pipeline.handle_file

    def interrupted(path: Path, *args: Any, **kwargs: Any) -> Any:
        if path.name == "b.xlsx":
            raise KeyboardInterrupt
        return real(path, *args, **kwargs)

    monkeypatch.setattr(batch_run, "handle_file", interrupted)
    status = main(["batch", "--quiet", str(folder), "-o", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 130
    written = tmp_path / "out" / "a.solved.xlsx"
    assert err == (
        f"xl-sudoku: batch: stopped (Ctrl-C): 1 file written ({written}); "
        "2 files not solved, left as they were (nothing half-written is left)\n"
    )
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.solved.xlsx"]
