"""The command line in a new user's first hour: tables the tool writes read back, the
messages and their plurals, one exit status for the same thing in every command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from xl_sudoku.cli import main
from xl_sudoku.core import is_solution, parse_puzzle

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

Run = tuple[int, str, str]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# --- tables read back --------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".jsonl"])
def test_the_tables_solve_writes_are_read_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
) -> None:
    source = tmp_path / "puzzles.txt"
    source.write_text(f"{EASY}\n{MEDIUM}\n", encoding="utf-8")
    table = tmp_path / f"p{suffix}"
    status, _, err = run(capsys, "solve", str(source), "-o", str(table), "-q")
    assert status == 0, err
    status, out, err = run(capsys, "rate", str(table))
    assert status == 0, err
    assert [line.split()[0] for line in out.splitlines()] == [EASY, MEDIUM]
    status, out, err = run(capsys, "solve", str(table))
    assert status == 0, err
    for line, puzzle in zip(out.splitlines(), (EASY, MEDIUM), strict=True):
        assert is_solution(parse_puzzle(line), parse_puzzle(puzzle))


def test_a_users_csv_with_a_puzzle_column_is_read_and_bad_rows_named_by_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = tmp_path / "bank.csv"
    table.write_text(
        f'id;Puzzle;source\r\n1;{EASY};"club, week 1"\r\n2;{EASY[:-1]}x;club\r\n3;;club\r\n',
        encoding="utf-8",
    )
    status, out, err = run(capsys, "solve", str(table))
    assert status == 1
    lines = out.splitlines()
    assert is_solution(parse_puzzle(lines[0]), parse_puzzle(EASY))
    assert lines[1:] == [
        "# line 3: r9c9: 'x' is not a digit 1-9",
        "# line 4: no puzzle in column 'Puzzle'",
    ]
    assert f"{table}: line 3: r9c9: 'x' is not a digit 1-9" in err


def test_jsonl_lines_that_are_not_objects_with_a_puzzle_are_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = tmp_path / "bank.jsonl"
    table.write_text(
        json.dumps({"puzzle": EASY}) + "\n" + "{oops\n" + json.dumps({"id": 3}) + "\n",
        encoding="utf-8",
    )
    status, out, _ = run(capsys, "solve", str(table))
    assert status == 1
    lines = out.splitlines()
    assert is_solution(parse_puzzle(lines[0]), parse_puzzle(EASY))
    assert lines[1] == "# line 2: not a JSON object"
    assert lines[2] == "# line 3: no 'puzzle' in this JSON object"


def test_a_grid_of_comma_separated_rows_is_still_a_grid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grid = tmp_path / "grid.csv"
    grid.write_text(
        "\n".join(
            ",".join(ch if ch != "." else "" for ch in EASY[9 * r : 9 * r + 9]) for r in range(9)
        ),
        encoding="utf-8",
    )
    status, out, err = run(capsys, "solve", str(grid))
    assert status == 0, err
    assert is_solution(parse_puzzle(out.strip()), parse_puzzle(EASY))


# --- messages ---------------------------------------------------------------------------------


def test_a_bad_row_of_a_grid_is_the_same_line_on_stdout_and_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [EASY[9 * r : 9 * r + 9] for r in range(9)]
    rows[1] = "9..3x5..1"
    grid = tmp_path / "grid.txt"
    grid.write_text("\n".join(rows) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "solve", str(grid))
    assert status == 1
    assert out == "# line 2: r2c5: 'x' is not a digit 1-9\n"
    assert err == f"xl-sudoku: {grid}: line 2: r2c5: 'x' is not a digit 1-9\n"
