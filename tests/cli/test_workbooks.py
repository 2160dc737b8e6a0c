"""Workbooks in every command that reads puzzles, and ``generate -o puzzles.xlsx``: the
puzzles batch mode finds, each named by its file, sheet and cell."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run
from xl_sudoku.core import format_line, is_solution, parse_puzzle, rate

openpyxl = pytest.importorskip("openpyxl")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LIST = EXAMPLES / "puzzle-list.xlsx"
GRIDS = EXAMPLES / "grids.xlsx"
SATURDAY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def listed(path: Path) -> list[str]:
    """The puzzle strings of a list workbook's first column, under its header."""
    sheet = openpyxl.load_workbook(path).active
    return [str(row[0]) for row in sheet.iter_rows(min_row=2, values_only=True)]


def test_solve_reads_every_puzzle_of_a_list_workbook(capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = listed(LIST)
    status, out, err = run(capsys, "solve", str(LIST))
    assert status == 0 and err == ""
    answers = out.splitlines()
    assert len(answers) == len(puzzles) == 21
    for puzzle, answer in zip(puzzles, answers, strict=True):
        assert is_solution(parse_puzzle(answer), parse_puzzle(puzzle))


def test_convert_and_target_read_the_grids_workbook(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "convert", str(GRIDS), "--to", "line")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 4 and lines[0] == SATURDAY and INKALA in lines
    status, out, _ = run(capsys, "convert", str(LIST), "--column", "Puzzles!A", "--to", "line")
    assert status == 0 and out.splitlines() == listed(LIST)
    status, out, _ = run(capsys, "target", str(GRIDS), "--range", "Saturday!C4:K12")
    _, solution = out.split()
    assert status == 0 and is_solution(parse_puzzle(solution), parse_puzzle(SATURDAY))


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (["rate"], f"{SATURDAY}   1.2  Easy            Hidden Single\n"),
        (["hint"], f"{SATURDAY}  Look for a Hidden Single\n"),
        (["steps", "--until", "1"], f"# {SATURDAY}\n"),
    ],
)
def test_logic_commands_read_a_grid_by_its_range(
    capsys: pytest.CaptureFixture[str], command: list[str], expected: str
) -> None:
    status, out, err = run(capsys, *command, str(GRIDS), "--range", "Saturday!C4:K12")
    assert status == 0 and err == ""
    assert out.startswith(expected)


def test_latex_and_render_read_a_workbook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "latex", str(GRIDS), "--range", "Saturday!C4:K12")
    assert status == 0 and out.startswith("\\documentclass")
    from xl_sudoku.batch.book import write_list

    booklet = tmp_path / "class.xlsx"  # a teacher's list of puzzles, made into a booklet
    write_list(
        booklet, [(SATURDAY, 1.2, "Easy", ""), (SATURDAY[::-1], 1.2, "Easy", "")], replace=False
    )
    status, out, err = run(capsys, "latex", str(booklet), "--booklet")
    assert status == 0 and err == ""
    assert out.count("\\begin{tikzpicture}[scale") == 4  # 2 puzzles, 2 solutions
    booklet.unlink()
    status, _, err = run(capsys, "render", str(GRIDS), "-o", str(tmp_path / "grid.svg"))
    assert status == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"grid-{n}.svg" for n in range(1, 5)]
    assert "4 puzzles, drawn as" in err


def test_errors_name_the_file_sheet_and_cell(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "My list"
    sheet["A1"] = "Puzzle"
    sheet["A2"] = SATURDAY
    sheet["A3"] = SATURDAY[:-1] + "x"
    sheet["A4"] = "3" + SATURDAY[1:]
    grid = book.create_sheet("Grid")
    for cell, digit in enumerate(parse_puzzle(INKALA)):
        grid.cell(3 + cell // 9, 2 + cell % 9).value = digit or None
    grid["C3"] = "x"
    path = tmp_path / "mistakes.xlsx"
    book.save(path)
    status, out, err = run(capsys, "solve", str(path))
    assert status == 1
    assert err.splitlines() == [
        f"xl-sudoku: {path}: Grid!B3:J11: r1c2: 'x' is not a digit 1-9 (cell C3)",
        f"xl-sudoku: {path}: My list!A3: r9c9: 'x' is not a digit 1-9",
        f"xl-sudoku: {path}: My list!A4: duplicate 3 in row 1: r1c1, r1c3",
    ]
    lines = out.splitlines()  # the answers line up with the puzzles, failures as comments
    assert lines[0] == "# Grid!B3:J11: r1c2: 'x' is not a digit 1-9 (cell C3)"
    assert is_solution(parse_puzzle(lines[1]), parse_puzzle(SATURDAY))
    assert lines[2:] == [
        "# My list!A3: r9c9: 'x' is not a digit 1-9",
        "# My list!A4: duplicate 3 in row 1: r1c1, r1c3",
    ]
    grid["C3"] = None
    grid["F3"] = 8  # a duplicate in the grid: its cells named on the sheet too
    book.save(path)
    status, _, err = run(capsys, "rate", str(path), "--range", "Grid!B3:J11")
    assert status == 1
    assert (
        err == f"xl-sudoku: {path}: Grid!B3:J11: duplicate 8 in row 1: r1c1, r1c5 (cells B3, F3)\n"
    )


def test_workbook_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "rate", str(GRIDS), "--range", "Nope!B3:J11")
    assert status == 2
    assert err.startswith(f"xl-sudoku: error: {GRIDS}: --range 'Nope!B3:J11': there is no sheet")
    text = tmp_path / "puzzles.txt"
    text.write_text(SATURDAY + "\n")
    assert run(capsys, "solve", str(text), "--column", "Sheet1!A") == (
        2,
        "",
        f"xl-sudoku: error: --column names cells of a workbook: {str(text)!r} is not one\n",
    )
    empty = tmp_path / "empty.xlsx"
    openpyxl.Workbook().save(empty)
    status, _, err = run(capsys, "solve", str(empty))
    assert status == 1 and "no puzzle" in err


def test_without_openpyxl_the_message_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "xl_sudoku.batch.book", None)  # as if not installed
    status, _, err = run(capsys, "rate", str(LIST))
    assert status == 2
    assert "reading workbooks needs the 'batch' extra (pip install \"xl-sudoku[batch]==" in err
    status, _, err = run(capsys, "generate", "-o", str(tmp_path / "new.xlsx"))
    assert status == 2 and "writing a workbook needs the 'batch' extra" in err
    assert not (tmp_path / "new.xlsx").exists()


def test_generate_to_a_workbook_then_rate_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "puzzles.xlsx"
    status, _, err = run(capsys, "generate", "-n", "3", "--seed", "5", "-o", str(path))
    assert status == 0 and err == f"xl-sudoku: 3 puzzles written to {path}\n"
    rows = list(openpyxl.load_workbook(path).active.iter_rows(values_only=True))
    assert rows[0] == ("Puzzle", "Rating", "Label", "Hardest technique")
    for puzzle, value, label, hardest in rows[1:]:
        rating = rate(parse_puzzle(puzzle))
        assert (value, label) == (rating.value, rating.label)
        assert rating.hardest is not None and hardest == rating.hardest.name
    status, out, err = run(capsys, "rate", str(path))  # read back: the same puzzles, in order
    assert status == 0 and err == ""
    assert [line.split()[0] for line in out.splitlines()] == [row[0] for row in rows[1:]]
    assert [float(line.split()[1]) for line in out.splitlines()] == [row[1] for row in rows[1:]]
    status, out, _ = run(capsys, "generate", "-n", "3", "--seed", "5")  # the same as printed
    assert [line.split()[0] for line in out.splitlines()] == [row[0] for row in rows[1:]]
    status, _, err = run(capsys, "generate", "-o", str(path))
    assert status == 2 and err == f"xl-sudoku: error: {path} exists: use --force to replace it\n"
    assert run(capsys, "generate", "-o", str(tmp_path / "p.xlsm"))[0] == 2


def test_batch_mode_reads_a_generated_workbook(tmp_path: Path) -> None:
    from xl_sudoku.batch.book import write_list
    from xl_sudoku.batch.find import find
    from xl_sudoku.batch.open import open_workbook

    path = tmp_path / "puzzles.xlsx"
    write_list(
        path, [(SATURDAY, 1.2, "Easy", "Hidden Single"), (INKALA, 10.5, "x", "y")], replace=False
    )
    finding = find(open_workbook(path).workbook)
    assert finding.count == 2 and not finding.grids and not finding.notes
    (found,) = finding.lists
    assert (found.sheet, found.address, found.header) == ("Puzzles", "A2:A3", 1)
    assert format_line(parse_puzzle(SATURDAY)) == SATURDAY


def test_our_template_is_read_from_its_givens(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.batch.fixtures import template_workbook

    path = template_workbook(tmp_path / "mine.xlsm", SATURDAY)
    status, out, err = run(capsys, "rate", str(path))
    assert status == 0 and err == ""
    assert out == f"{SATURDAY}   1.2  Easy            Hidden Single\n"
