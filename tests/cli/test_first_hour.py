"""The command line in a new user's first hour: tables the tool writes read back, the
messages and their plurals, one exit status for the same thing in every command."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run
from xl_sudoku import __version__
from xl_sudoku.cli import main
from xl_sudoku.cli.registry import COMMANDS, build_parser
from xl_sudoku.core import is_solution, parse_puzzle

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


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


DEAD = "12345678." + "........9" + "." * 63  # r1c9 has no candidate left


@pytest.mark.parametrize("command", ["solve", "hint", "rate"])
def test_a_dead_cell_is_named_by_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    status, _, err = run(capsys, command, DEAD)
    assert status == 1
    assert err == "xl-sudoku: no solution: r1c9 has no candidate left\n"
    bank = tmp_path / "bank.txt"
    bank.write_text(f"{EASY}\n{DEAD}\n", encoding="utf-8")
    status, out, err = run(capsys, command, str(bank))
    assert status == 1
    assert "# line 2: no solution: r1c9 has no candidate left\n" in out
    assert f"{bank}: line 2: no solution: r1c9 has no candidate left\n" in err


def test_hint_on_a_solved_grid_says_so_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    solved = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    assert is_solution(parse_puzzle(solved), parse_puzzle(EASY))
    assert run(capsys, "hint", solved) == (0, "already solved: no hint to give\n", "")


def test_counts_and_their_nouns_agree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "solve", EASY, "--stats")
    assert status == 0 and "solved 1 of 1 puzzle in " in err
    # "1 puzzles" as a count, not the end of a rate such as "1,671 puzzles/s"
    assert not re.search(r"(?<![\d,.])1 puzzles", err), err
    short = tmp_path / "short.txt"
    short.write_text(EASY[:9] + "\n\n", encoding="utf-8")
    status, out, _ = run(capsys, "solve", str(short))
    assert status == 1 and "grid has 1 row, expected 9" in out
    orders = tmp_path / "orders.txt"
    orders.write_text(f"load {EASY}\nrun\nshow\n", encoding="utf-8")
    status, out, _ = run(capsys, "shell", "--script", str(orders))
    assert "0 cells open, 1 solution so far" in out and "1 solutions" not in out


def test_a_puzzle_a_cell_short_is_counted(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "solve", EASY[:80])
    assert status == 1
    assert "80" in err and "neither a file nor a puzzle" not in err


def test_batch_on_a_text_file_points_to_solve(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(EASY + "\n", encoding="utf-8")
    status, _, err = run(capsys, "batch", "--quiet", str(pasted))
    assert status == 1
    assert f"use xl-sudoku solve {pasted}" in err and "save as .xlsx" not in err


def test_a_skipped_sheet_fails_every_command_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    from tests.batch.helpers import write_grid

    book = openpyxl.Workbook()
    sheet = book.active
    write_grid(sheet, EASY, 2, 2)
    unsure = book.create_sheet("Unsure")  # 17 givens, first row empty, no borders
    write_grid(
        unsure,
        "." * 9 + "........1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        4,
        2,
        borders=False,
    )
    unsure["B20"] = "notes below"
    path = tmp_path / "book.xlsx"
    book.save(path)
    statuses = {}
    for command in ("solve", "rate", "hint", "render"):
        statuses[command], _, err = run(capsys, command, str(path))
        assert "Unsure" in err and "could sit in 2 places" in err
    orders = tmp_path / "orders.txt"
    orders.write_text("quit\n")
    statuses["shell"], _, err = run(capsys, "shell", str(path), "--script", str(orders))
    assert "Unsure" in err
    statuses["batch"], _, err = run(capsys, "batch", "--quiet", str(path))
    assert statuses == {"solve": 1, "rate": 1, "hint": 1, "render": 1, "shell": 1, "batch": 1}
    # the same commands on a workbook with nothing skipped succeed: the status is the
    # source's, not a list kept from the run before
    del book["Unsure"]
    book.save(path)
    for command in ("solve", "render"):
        assert run(capsys, command, str(path))[0] == 0


# --- --help -----------------------------------------------------------------------------------


def help_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_help_is_wrapped_and_ends_with_examples_that_parse(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    text = help_of(capsys, command)
    assert max(len(line) for line in text.splitlines()) <= 100, text
    assert "examples:\n" in text
    examples = text.split("examples:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert examples and all(line.startswith("  xl-sudoku ") for line in examples)
    for line in examples:  # each parses: every option named is the command's
        argv = shlex.split(line)[1:]
        args, unknown = build_parser().parse_known_args(argv)
        assert not unknown and args.run is not None, line
    assert "numbe\n" not in text  # no word broken across lines


def test_an_unknown_option_shows_the_commands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["solve", EASY, "--frobnicate"])
    err = capsys.readouterr().err
    assert caught.value.code == 2
    assert err.startswith("usage: xl-sudoku solve ")
    assert err.endswith(
        "xl-sudoku solve: error: unknown option --frobnicate (xl-sudoku solve --help lists them)\n"
    )


def test_the_shell_answers_an_unknown_order_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("frobnicate\n", encoding="utf-8")
    status, out, _ = run(capsys, "shell", "--script", str(orders))
    assert status == 1
    said = [line for line in out.splitlines() if line and not line.startswith("Order please")]
    assert len(said) == 1 and "unknown order 'frobnicate'" in said[0], out


def test_the_steps_table_keeps_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    status, out, _ = run(capsys, "steps", inkala, "--until", "3")
    assert status in (0, 1)
    header, *rows = out.splitlines()[:4]
    cells_at = header.index("cells")
    assert rows and all(row[cells_at - 1] == " " and row[cells_at] == "r" for row in rows), out


def test_the_documented_names_and_their_first_names_agree(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parents[2])  # the orders name examples/...
    script = "examples/shell-orders.txt"
    numbered = run(capsys, "shell", "--log", "numbered", "--script", script)
    first = run(capsys, "shell", "--log", "readalps", "--script", script)
    assert numbered[0] == 0 and "Guess [4,3] level 1 at 1 out of 2" in numbered[1]
    times = re.compile(r"Run time: .*")
    assert times.sub("", numbered[1]) == times.sub("", first[1])
    plain = run(capsys, "latex", "examples/inkala-grid.txt", "--template", "plain")
    assert plain == run(capsys, "latex", "examples/inkala-grid.txt", "--template", "assignment")
    assert plain[0] == 0 and "left=0pt,right=0pt" in plain[1]


def test_every_missing_extra_is_named_in_one_form(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The extra of the version installed, which pip finds already there (a wheel's copy or
    a clone's editable one) and adds only the extra's packages to; double quotes, which
    cmd.exe, PowerShell and sh all read. tests/smoke_wheel.py runs it from a wheel."""

    def hint(extra: str) -> str:
        return (
            f"needs the '{extra}' extra (pip install \"xl-sudoku[{extra}]=={__version__}\" "
            "in xl-sudoku's environment)"
        )

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    bank = tmp_path / "bank.txt"
    bank.write_text(EASY + "\n", encoding="utf-8")
    status, _, err = run(capsys, "solve", str(bank), "--cluster", "tcp://127.0.0.1:1")
    assert status == 2
    assert hint("cluster") in err
    assert "pip install -e" not in err and "'.[" not in err  # a clone's form, single quotes
    monkeypatch.setitem(sys.modules, "xl_sudoku.batch.book", None)
    book = tmp_path / "book.xlsx"
    book.write_bytes(b"PK\x03\x04")  # a workbook by its name and its first bytes
    status, _, err = run(capsys, "rate", str(book))
    assert hint("batch") in err
    # batch mode's own check (below the command line) says it in the same words
    monkeypatch.setattr("xl_sudoku.batch.run.defused", lambda: False)
    status, _, err = run(capsys, "batch", str(book))
    assert status == 2 and hint("batch") in err
