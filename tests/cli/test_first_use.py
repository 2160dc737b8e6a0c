"""The command line as a new user meets it (issue 15): answers that say when a puzzle has
no solution or several, outputs that line up with the inputs, files as editors and Excel
save them, usage errors at once."""

from __future__ import annotations

import codecs
import io
import re
import sys
import time
from pathlib import Path

import pytest

from tests.cli.helpers import Run, run
from tests.puzzles import INKALA_2010
from xl_sudoku import __version__
from xl_sudoku.cli import main
from xl_sudoku.core import (
    count_solutions,
    format_grid,
    format_line,
    is_solution,
    parse_puzzle,
    solve,
)

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SEVERAL = "." * 9 + EASY[9:]  # the first row emptied: 37 solutions
NONE = "12345678." + "........9" + "." * 63  # r1c9 has no candidate
MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MANY = "..3.2..5..67....2..5.8...9....1.....7.9.6.1.8..6..8.4........1.....5..6.....173.2"


def run_exit(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    """A command line argparse rejects: it exits instead of returning."""
    with pytest.raises(SystemExit) as caught:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(caught.value.code or 0), out, err


def test_the_puzzles_are_what_they_say() -> None:
    assert count_solutions(SEVERAL) == 37
    assert count_solutions(NONE, limit=1) == 0
    assert count_solutions(MANY, limit=2000) == 1071


# --- 1, 11: no solution, several solutions -------------------------------------------------


def test_render_solve_says_no_solution_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "render", NONE, "--solve") == (1, "", "xl-sudoku: no solution\n")


@pytest.mark.slow
def test_render_solve_of_a_puzzle_with_several_solutions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "render", SEVERAL, "--solve")
    assert status == 0
    assert "Solved: one of 2 or more solutions" in out and "Needs guessing" not in out
    assert err == "xl-sudoku: 2 or more solutions; showing one\n"
    status, out, err = run(capsys, "render", EASY, "--solve")
    assert (status, err) == (0, "") and "Solved: 1.2 Easy (Hidden Single)" in out


@pytest.mark.parametrize(
    ("argv", "notice"),
    [
        (["solve"], "showing the first"),
        (["steps"], "the steps lead to one of them"),
        (["hint"], "the hint is a step towards one"),
        (["latex"], "a puzzle to print should have one"),
        (["target"], "showing the highest-scoring"),
        (["render"], "not a proper puzzle"),
        (["render", "--step", "2"], "the steps lead to one of them"),
    ],
)
def test_several_solutions_are_said_on_stderr(
    capsys: pytest.CaptureFixture[str], argv: list[str], notice: str
) -> None:
    command, *options = argv
    status, out, err = run(capsys, command, SEVERAL, *options)
    assert (status, err) == (0, f"xl-sudoku: 2 or more solutions; {notice}\n")
    assert out
    status, _, err = run(capsys, command, EASY, *options)
    assert (status, err) == (0, "")  # a proper puzzle: nothing to say


def test_several_solutions_in_a_file_name_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{EASY}\n{SEVERAL}\n")
    status, out, err = run(capsys, "solve", str(path))
    assert status == 0  # each puzzle was solved; README documents it
    assert err == f"xl-sudoku: {path}: line 2: 2 or more solutions; showing the first\n"
    first, second = out.splitlines()
    assert first == format_line(solve(EASY))
    assert is_solution(parse_puzzle(second), parse_puzzle(SEVERAL))
    assert second == format_line(solve(SEVERAL))  # the first in the search's order


def test_latex_of_a_puzzle_with_no_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "latex", NONE) == (
        1,
        "",
        "xl-sudoku: no solution: r1c9 has no candidate left\n",
    )


def test_a_booklet_reports_a_puzzle_with_no_solution(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "three.txt"
    path.write_text(f"{EASY}\n{NONE}\n{SEVERAL}\n")
    status, out, err = run(capsys, "latex", str(path), "--booklet")
    assert status == 1
    assert err.splitlines() == [
        f"xl-sudoku: {path}: line 2: no solution: r1c9 has no candidate left",
        f"xl-sudoku: {path}: line 3: 2 or more solutions; its solution at the back is the first",
    ]
    assert out.count(r"\begin{minipage}") == 4  # two puzzles, two solutions


# --- 12: one output line per input line ------------------------------------------------------


def test_hint_of_a_file_names_each_puzzle_and_keeps_the_lines_aligned(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "hints.txt"
    bad = EASY[:10] + "x" + EASY[11:]
    path.write_text(f"{EASY}\n{bad}\n{NONE}\n{MEDIUM}\n")
    status, out, err = run(capsys, "hint", str(path), "--level", "2")
    assert status == 1
    assert out.splitlines() == [
        f"{EASY}  Hidden Single: look at box 1 (r2c2)",
        "# line 2: r2c2: 'x' is not a digit 1-9",
        "# line 3: no solution: r1c9 has no candidate left",
        f"{MEDIUM}  Hidden Single: look at box 4 (r6c2)",
    ]
    assert err.splitlines() == [
        f"xl-sudoku: {path}: line 2: r2c2: 'x' is not a digit 1-9",
        f"xl-sudoku: {path}: line 3: no solution: r1c9 has no candidate left",
    ]
    # one puzzle on the command line: the hint alone, as before
    assert run(capsys, "hint", EASY) == (0, "Look for a Hidden Single\n", "")


def test_count_prints_0_for_no_solution_and_no_second_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "count.txt"
    path.write_text(f"{NONE}\n{SEVERAL}\n12345\n")
    status, out, err = run(capsys, "solve", str(path), "--count")
    assert status == 1
    assert out.splitlines() == ["0", "37", "# line 3: expected 81 cells or a row of 9, got 5"]
    assert f"{path}: line 1: no solution" in err


# --- 2, 5, 13: files and arguments as people have them ------------------------------------


def test_a_short_grid_then_a_gap_then_a_grid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = format_grid(parse_puzzle(EASY), "sdk").splitlines()
    path = tmp_path / "grids.txt"
    path.write_text("\n".join([*rows[:8], "", *rows]) + "\n")
    status, out, err = run(capsys, "solve", str(path))
    assert status == 1
    assert out.splitlines() == [
        "# line 1: grid has 8 rows, expected 9 (an empty line ends it)",
        format_line(solve(EASY)),
    ]
    assert err == (
        f"xl-sudoku: {path}: line 1: grid has 8 rows, expected 9 (an empty line ends it)\n"
    )


def test_spaces_as_blanks_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    spaced = EASY.replace(".", " ")
    assert spaced.startswith("  3") and spaced.endswith("3  ")
    assert run(capsys, "solve", spaced) == (0, format_line(solve(EASY)) + "\n", "")


@pytest.mark.parametrize(
    "encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig", "utf-8", "cp1252"]
)
def test_text_as_editors_and_excel_save_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str
) -> None:
    # Excel's "Unicode Text" is UTF-16 with a byte-order mark, tab-separated, CRLF
    rows = format_grid(parse_puzzle(EASY), "sdk").splitlines()
    grid = "\r\n".join("\t".join("" if ch == "." else ch for ch in row) for row in rows)
    path = tmp_path / "unicode.txt"
    path.write_bytes(f"Puzzle\r\n{grid}\r\n{INKALA_2010}\r\n".encode(encoding))
    if encoding == "utf-16":
        assert path.read_bytes()[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
    status, out, err = run(capsys, "solve", str(path))
    assert (status, err) == (0, "")
    assert out.splitlines() == [format_line(solve(EASY)), format_line(solve(INKALA_2010))]


def test_standard_input_in_utf16(monkeypatch: pytest.MonkeyPatch) -> None:
    data = io.BytesIO(f"{EASY}\r\n".encode("utf-16"))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(data))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["solve", "-"]) == 0
    assert out.getvalue() == format_line(solve(EASY)) + "\n"


def test_a_damaged_workbook_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "book.xlsx"
    path.write_bytes(b"PK\x03\x04" + bytes(200))
    status, _, err = run(capsys, "solve", str(path))
    assert status == 2 and f"{path}: it is truncated or damaged" in err


# --- 7: a file of puzzles where one picture was made -----------------------------------------


def test_render_a_file_draws_each_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "three.txt"
    path.write_text(f"{EASY}\n{EASY[:10]}x{EASY[11:]}\n{INKALA_2010}\n")
    status, out, err = run(capsys, "render", str(path))
    assert (status, out) == (2, "")
    assert "holds 3 puzzles: name an output" in err and "grid-1.svg ... grid-3.svg" in err
    status, out, err = run(capsys, "render", str(path), "-o", str(tmp_path / "grid.svg"))
    assert status == 1  # the second is bad: named, and the others still drawn
    assert sorted(p.name for p in tmp_path.glob("grid*")) == ["grid-1.svg", "grid-3.svg"]
    assert f"{path}: line 2: r2c2: 'x' is not a digit 1-9" in err
    assert ">8<" in (tmp_path / "grid-3.svg").read_text()  # Inkala's first given
    # they exist now: nothing is replaced without --force
    status, _, err = run(capsys, "render", str(path), "-o", str(tmp_path / "grid.svg"))
    assert status == 2 and "grid-1.svg exists: use --force" in err


def test_render_a_step_one_puzzle_lacks_names_it_and_draws_the_rest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "three.txt"
    path.write_text(f"{MEDIUM}\n{EASY}\n{MEDIUM}\n")  # EASY is solved in 49 steps
    argv = ["render", str(path), "--step", "60", "-o", str(tmp_path / "step.svg")]
    status, out, err = run(capsys, *argv)
    assert (status, out) == (1, "")  # a bad puzzle of a file: not a usage error
    assert f"{path}: line 2: the solve has 49 steps, not 60" in err
    assert sorted(p.name for p in tmp_path.glob("step*")) == ["step-1.svg", "step-3.svg"]
    status, out, err = run(capsys, "render", EASY, "--step", "60")  # the one puzzle asked for
    assert (status, out) == (2, "") and err.endswith(": the solve has 49 steps, not 60\n")


def test_latex_of_a_file_names_booklet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{EASY}\n{INKALA_2010}\n")
    status, out, err = run(capsys, "latex", str(path))
    assert (status, out) == (2, "")
    assert "holds 2 puzzles: --booklet prints them all" in err


# --- 14, 15: limits and ranges --------------------------------------------------------------


def test_all_solutions_stop_at_a_default_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", "." * 81, "--all")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 1001
    assert lines[-1] == "# 1000 solutions (stopped at --limit 1000)"
    assert err == (
        "xl-sudoku: stopped at 1000 solutions (the default limit): --limit N for more, "
        "--limit 0 for every one\n"
    )
    status, out, err = run(capsys, "solve", MANY, "--all", "--limit", "0")
    lines = out.splitlines()
    assert (status, err, lines[-1]) == (0, "", "# 1071 solutions")
    assert len(set(lines[:-1])) == 1071
    assert run(capsys, "solve", MANY, "--count", "--limit", "0") == (0, "1071\n", "")
    assert run(capsys, "solve", MANY, "--count") == (0, "1000+\n", "")


def test_a_rating_range_outside_the_scale_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    started = time.perf_counter()
    status, out, err = run_exit(capsys, "generate", "--rating", "12-13")
    assert time.perf_counter() - started < 1
    assert (status, out) == (2, "")
    assert err.endswith(
        "xl-sudoku generate: error: argument --rating: rating range 12.0-13.0 is outside "
        "the scale: a puzzle with one solution rates 1.0 to 11.9\n"
    )
    status, _, err = run_exit(capsys, "generate", "--difficulty", "nonsense")
    assert status == 2 and err.startswith("usage: xl-sudoku generate")
    assert "xl-sudoku generate: error: argument --difficulty: unknown difficulty 'nonsense'" in err
    assert run_exit(capsys, "generate", "--rating", "0.2-0.5")[0] == 2
    assert run(capsys, "generate", "--rating", "1-1.5", "--seed", "1")[0] == 0


# --- 17: small things ------------------------------------------------------------------------


def test_one_step_one_contradiction(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "steps", NONE)
    assert (status, err) == (1, "xl-sudoku: no solution: r1c9 has no candidate left\n")
    assert "no solution: proven in 1 step (0 guesses, 1 contradiction, deepest level 0)" in out


def test_no_command_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys)
    assert status == 2 and err == ""
    assert out.startswith("usage: xl-sudoku") and re.search(r"^\s+solve\s", out, re.M)


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    assert run_exit(capsys, flag) == (0, f"xl-sudoku {__version__}\n", "")


# --- 9: an empty technique list, the names in --help ------------------------------------------


def test_an_empty_technique_list_is_a_usage_error_everywhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in ("steps", "hint", "rate"):
        status, _, err = run_exit(capsys, command, EASY, "--techniques", "")
        assert status == 2 and "--techniques: names no technique" in err, command
        help_text = run_exit(capsys, command, "--help")[1]
        assert "  singles: full-house, hidden-single" in help_text
