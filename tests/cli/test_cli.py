"""The command line: outputs, messages and exit codes."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import Run, run
from tests.core.test_target import ring_score
from tests.puzzles import DATA, HARD1, INKALA_2010, load
from xl_sudoku.cli import main
from xl_sudoku.core import (
    count_solutions,
    format_grid,
    format_line,
    is_solution,
    parse_puzzle,
    read_puzzles,
    solve,
)
from xl_sudoku.core.generate import is_minimal
from xl_sudoku.core.steps import Family
from xl_sudoku.core.techniques import BY_NAME, name_key


def test_solve_one_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", INKALA_2010)
    assert status == 0 and err == ""
    assert is_solution(parse_puzzle(out), parse_puzzle(INKALA_2010))
    assert (
        out == "812753649943682175675491283154237896369845721287169534521974368438526917796318452\n"
    )


def test_solve_a_file_line_by_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", str(DATA / "norvig_top95.txt"))
    assert status == 0 and err == ""
    answers = out.splitlines()
    assert len(answers) == 95
    for puzzle, answer in zip(load("norvig_top95"), answers, strict=True):
        assert is_solution(parse_puzzle(answer), puzzle)


def test_solve_standard_input_with_stats(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(INKALA_2010 + "\n" + INKALA_2010 + "\n"))
    status, out, err = run(capsys, "solve", "-", "--stats")
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("812753649") and " # " in lines[0] and "guesses, level" in lines[0]
    assert err.startswith("xl-sudoku: solved 2 of 2 puzzles in ")
    # the output reads back: statistics are comments
    assert [r.grid for r in read_puzzles(out)] == [parse_puzzle(lines[0][:81])] * 2


@pytest.mark.parametrize("style", ["grid", "compact", "ss", "sdk"])
def test_grid_formats_read_back(capsys: pytest.CaptureFixture[str], style: str) -> None:
    status, out, _ = run(capsys, "solve", INKALA_2010, "--format", style, "--stats")
    assert status == 0
    answer = parse_puzzle(out)
    assert is_solution(answer, parse_puzzle(INKALA_2010))
    assert out.startswith(format_grid(answer, "pretty" if style == "grid" else style))  # type: ignore[arg-type]


def test_count_with_a_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "three.txt"
    path.write_text(f"{INKALA_2010}\n{HARD1}\n{'.' * 81}\n")
    status, out, err = run(capsys, "solve", str(path), "--count", "--limit", "5")
    assert (status, out, err) == (0, "1\n5+\n5+\n", "")


def test_all_solutions_then_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", HARD1, "--all", "--limit", "3")
    lines = out.splitlines()
    assert status == 0
    assert lines[3] == "# 3 solutions (stopped at --limit 3)"
    assert len(set(lines[:3])) == 3
    assert all(is_solution(parse_puzzle(line), parse_puzzle(HARD1)) for line in lines[:3])


def test_all_solutions_of_a_unique_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", INKALA_2010, "--all")
    assert status == 0
    assert out.splitlines()[1] == "# 1 solution"


def test_bad_puzzles_are_named_and_the_rest_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = INKALA_2010
    no_solution = "12345678." + "........9" + "." * 63
    path = tmp_path / "mixed.txt"
    path.write_text(
        "\n".join([good, good[:10] + "x" + good[11:], "5" * 81, no_solution, good[:50], good])
        + "\n"
    )
    status, out, err = run(capsys, "solve", str(path))
    assert status == 1
    # one output line per input line: a bad puzzle leaves a comment in its place
    answer = format_line(solve(good))
    assert out.splitlines() == [
        answer,
        "# line 2: r2c2: 'x' is not a digit 1-9",
        "# line 3: duplicate 5 in row 1: r1c1, r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9 "
        "(and 26 more)",
        "# line 4: no solution: r1c9 has no candidate left",
        "# line 5: expected 81 cells or a row of 9, got 50",
        answer,
    ]
    assert [r.grid for r in read_puzzles(out)] == [parse_puzzle(answer)] * 2  # reads back
    assert err.splitlines() == [
        f"xl-sudoku: {path}: line 2: r2c2: 'x' is not a digit 1-9",
        f"xl-sudoku: {path}: line 3: duplicate 5 in row 1: r1c1, r1c2, r1c3, r1c4, r1c5, r1c6, "
        "r1c7, r1c8, r1c9 (and 26 more)",  # 9 rows, 9 columns, 9 boxes
        f"xl-sudoku: {path}: line 4: no solution: r1c9 has no candidate left",
        f"xl-sudoku: {path}: line 5: expected 81 cells or a row of 9, got 50",
    ]


def test_one_bad_puzzle_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    bad = INKALA_2010[:60] + "x" + INKALA_2010[61:]
    assert run(capsys, "solve", bad) == (1, "", "xl-sudoku: r7c7: 'x' is not a digit 1-9\n")
    duplicate = "88" + INKALA_2010[2:]
    assert run(capsys, "solve", duplicate) == (
        1,
        "",
        "xl-sudoku: duplicate 8 in row 1: r1c1, r1c2\n",
    )
    assert run(capsys, "solve", "12345678." + "........9" + "." * 63) == (
        1,
        "",
        "xl-sudoku: no solution: r1c9 has no candidate left\n",
    )
    status, out, err = run(capsys, "solve", "12345678." + "........9" + "." * 63, "--count")
    assert (status, out, err) == (1, "0\n", "xl-sudoku: no solution: r1c9 has no candidate left\n")


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "solve", "puzles.txt") == (
        2,
        "",
        "xl-sudoku: error: 'puzles.txt' is neither a file nor a puzzle (a puzzle has 81 cells)\n",
    )
    assert run(capsys, "solve", str(tmp_path))[0::2] == (
        2,
        f"xl-sudoku: error: {str(tmp_path)!r} is a directory, not a file of puzzles\n",
    )
    binary = tmp_path / "data.bin"
    binary.write_bytes(b"\x7fELF" + bytes(100))
    assert run(capsys, "solve", str(binary))[0::2] == (
        2,
        f"xl-sudoku: error: {str(binary)!r} is not a text file of puzzles\n",
    )
    damaged = tmp_path / "book.xlsx"
    damaged.write_bytes(b"PK\x03\x04" + bytes(100))
    assert run(capsys, "solve", str(damaged))[0::2] == (
        2,
        f"xl-sudoku: error: {damaged}: it is truncated or damaged (not a readable zip file)\n",
    )
    assert run(capsys, "solve", INKALA_2010, "--limit", "3")[0::2] == (
        2,
        "xl-sudoku: error: --limit goes with --count or --all\n",
    )
    with pytest.raises(SystemExit) as caught:
        main(["solve", INKALA_2010, "--count", "--limit", "-1"])
    assert caught.value.code == 2
    assert "must be 0 (no limit) or more, got -1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        main(["solve", INKALA_2010, "--count", "--all"])
    assert caught.value.code == 2


def test_an_empty_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("# nothing yet\n")
    assert run(capsys, "solve", str(path)) == (1, "", f"xl-sudoku: {path}: no puzzle found\n")


@pytest.mark.slow
def test_the_installed_command(tmp_path: Path) -> None:
    command = shutil.which("xl-sudoku", path=str(Path(sys.executable).parent))
    assert command is not None, "the console script is not installed"
    done = subprocess.run(
        [command, "solve", INKALA_2010, "--format", "grid"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines()[0] == "8 1 2 | 7 5 3 | 6 4 9"
    done = subprocess.run(
        [sys.executable, "-m", "xl_sudoku", "solve", "x" * 81],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        1,
        "",
        "xl-sudoku: r1c1: 'x' is not a digit 1-9\n",
    )


# --- steps, hint, rate -------------------------------------------------------------------

PE_GRID_1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_steps_prints_a_numbered_trace_and_totals(capsys: pytest.CaptureFixture[str]) -> None:
    # with singles only, Inkala's puzzle needs guesses: the trace shows the search
    status, out, err = run(capsys, "steps", INKALA_2010, "--techniques", "singles")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["step", "level", "technique", "cells", "explanation"]
    assert lines[1].split()[:4] == ["1", "1", "Guess", "r8c7"]
    assert lines[1].endswith("Guess r8c7 = 3 (level 1, 1 of 2)")
    numbered = [line for line in lines if re.match(r"^\s*\d+\s+\d+  \S", line)]
    assert [int(line.split()[0]) for line in numbered] == list(range(1, len(numbered) + 1))
    assert any(" Contradiction " in line for line in numbered)
    assert any(" Backtrack " in line for line in numbered)
    totals = next(line for line in lines if line.startswith("solved in "))
    assert re.match(
        r"solved in \d+ steps \(\d+ guesses, \d+ contradictions, deepest level \d+\) "
        r"in [\d.]+ ms; the solution is unique$",
        totals,
    )
    assert any(line.startswith("rating ") and "Needs guessing" in line for line in lines)
    assert "8 1 2 | 7 5 3 | 6 4 9" in lines


@pytest.mark.slow
def test_steps_solve_inkalas_puzzle_by_logic(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "steps", INKALA_2010)
    assert status == 0 and err == ""
    lines = out.splitlines()
    numbered = [line for line in lines if re.match(r"^\s*\d+\s+\d+  \S", line)]
    assert numbered and all(line.split()[1] == "0" for line in numbered)  # no guess level
    assert not any(" Guess " in line for line in numbered)
    assert any(" Forcing Chain" in line for line in numbered)
    totals = next(line for line in lines if line.startswith("solved in "))
    assert totals.startswith(f"solved in {len(numbered)} steps (0 guesses, 0 contradictions")
    rating = next(line for line in lines if line.startswith("rating "))
    assert re.fullmatch(r"rating \d+\.\d Nightmare \(.+\)", rating)
    assert "8 1 2 | 7 5 3 | 6 4 9" in lines


def test_steps_until_and_with_chosen_techniques(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "steps", PE_GRID_1, "--until", "5")
    lines = out.splitlines()
    assert status == 0
    assert len([line for line in lines if re.match(r"^\s*\d+\s+\d+  \S", line)]) == 5
    assert any(
        line.startswith("stopped after 5 steps") and line.endswith("cells still open")
        for line in lines
    )
    status, out, _ = run(
        capsys, "steps", str(DATA / "norvig_top95.txt"), "--techniques", "singles", "--until", "3"
    )
    assert status == 0 and out.count("stopped after 3 steps") == 95
    status, _, err = run_exit(capsys, "steps", PE_GRID_1, "--techniques", "x-wong")
    assert status == 2 and "unknown technique 'x-wong'" in err


def run_exit(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    """Run a command line that argparse rejects: it exits instead of returning."""
    with pytest.raises(SystemExit) as caught:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(caught.value.code or 0), out, err


def test_hint_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "hint", PE_GRID_1) == (0, "Look for a Hidden Single\n", "")
    assert run(capsys, "hint", PE_GRID_1, "--level", "2") == (
        0,
        "Hidden Single: look at box 1 (r2c2)\n",
        "",
    )
    assert run(capsys, "hint", PE_GRID_1, "--level", "3") == (
        0,
        "Hidden Single: in box 1, 6 fits only r2c2\n",
        "",
    )
    assert run_exit(capsys, "hint", PE_GRID_1, "--level", "4")[0] == 2


INKALA_2006 = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."


def test_rate_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(f"{PE_GRID_1}\n{INKALA_2010}\n{HARD1}\n{INKALA_2006}\n")
    status, out, err = run(capsys, "rate", str(path), "--techniques", "singles,subsets")
    assert status == 1
    lines = out.splitlines()
    easy = format_line(parse_puzzle(PE_GRID_1))
    assert lines[0] == f"{easy}   1.2  Easy            Hidden Single"
    # with these techniques, Inkala's 2010 puzzle needs a guess before any applies
    inkala = re.escape(format_line(parse_puzzle(INKALA_2010)))
    assert re.fullmatch(inkala + r"  1\d\.\d  Needs guessing  Guess", lines[1])
    assert lines[2] == "# line 3: 2 or more solutions"  # in its place: the lines align
    # the 2006 one gets somewhere by logic first
    assert re.search(r"Needs guessing  Guess \(hardest technique: .+\)$", lines[3])
    assert err == f"xl-sudoku: {path}: line 3: 2 or more solutions\n"


@pytest.mark.slow  # rates Inkala's puzzle: 10-25 s
def test_rate_with_every_technique_needs_no_guess(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rate", INKALA_2006)
    assert status == 0
    assert re.search(r"  (9|1\d)\.\d  Nightmare       .*Forcing Chain", out)


def test_rate_with_fewer_techniques(capsys: pytest.CaptureFixture[str]) -> None:
    top95_first = format_line(load("norvig_top95")[0])
    _, out, _ = run(capsys, "rate", top95_first)
    assert out.split()[1:3] == ["2.6", "Medium"]
    _, out, _ = run(capsys, "rate", top95_first, "--techniques", "singles")
    assert "Needs guessing" in out


@pytest.mark.slow  # generating Hard puzzles: 15-30 s
def test_generate_prints_puzzles_that_read_back(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["generate", "-n", "3", "--difficulty", "hard", "--symmetry", "rot180", "--seed", "9"])
        == 0
    )
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) == 3 and all(" Hard (" in line for line in lines)
    for record in read_puzzles(out):
        assert record.grid is not None
        assert count_solutions(record.grid, limit=2) == 1
        assert is_solution(solve(record.grid), record.grid)
    assert (
        main(["generate", "-n", "3", "--difficulty", "hard", "--symmetry", "rot180", "--seed", "9"])
        == 0
    )
    assert capsys.readouterr().out == out  # the same seed, the same puzzles


def test_generate_says_what_it_could_not_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["generate", "--technique", "naked-quad", "--max-attempts", "2", "--seed", "1"]) == 1
    )
    assert "no puzzle needing Naked Quad found in 2 attempts" in capsys.readouterr().err
    # stopped by the time it was given: more attempts would not help, more seconds may
    # (seed 1's first 178 attempts hold no Expert puzzle that needs a Jellyfish)
    argv = ["generate", "--technique", "jellyfish", "--difficulty", "expert", "--seed", "1"]
    assert main([*argv, "--seconds", "1"]) == 1
    assert ": try more --seconds, or an easier ask" in capsys.readouterr().err
    assert main([*argv, "--max-attempts", "2"]) == 1
    assert ": try more --max-attempts, or an easier ask" in capsys.readouterr().err
    status, _, err = run_exit(capsys, "generate", "--technique", "origami")
    assert status == 2 and "argument --technique: unknown technique 'origami'" in err
    status, _, err = run_exit(capsys, "generate", "--difficulty", "Impossible")
    assert status == 2 and "argument --difficulty: unknown difficulty 'Impossible'" in err
    with pytest.raises(SystemExit):
        main(["generate", "--rating", "5-4"])
    assert "is empty" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "said"),
    [
        # tried only where Sukaku Explainer's techniques find nothing: never, on a proper
        # puzzle (it took 2000 attempts, minutes, then said to try more)
        ("w-wing", "W-Wing is tried only where"),
        ("finned-x-wing", "Finned X-Wing is tried only where"),
        # a family is several techniques: it asked for the first (fish: X-Wing) alone
        ("fish", "'fish' is a family of techniques"),
    ],
)
def test_generate_refuses_a_technique_no_puzzle_can_need(
    name: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("generate", "--technique", name, "--max-attempts", "3", "--seed", "1")
    status, out, err = run_exit(capsys, *argv)  # refused before any attempt
    assert status == 2 and out == ""
    assert f"argument --technique: {said}" in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        # it drew 2000 puzzles for minutes, then said to try more attempts
        (
            ("--technique", "x-wing", "--difficulty", "easy"),
            "no easy puzzle (rated up to 2.4) can need X-Wing: its steps rate 3.2 or more",
        ),
        (
            ("--technique", "x-chain", "--rating", "4-6.5"),
            "no puzzle rated 4.0-6.5 can need X-Chain: its steps rate 6.6 or more",
        ),
    ],
)
def test_generate_refuses_a_technique_rated_above_the_range_at_once(
    argv: tuple[str, ...], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "new.txt"
    status, out, err = run(capsys, "generate", *argv, "--seed", "1", "-o", str(out_file))
    assert status == 2 and out == "" and not out_file.exists()
    assert err == f"xl-sudoku: error: {said}\n"


def test_generate_minimal_with_a_symmetry_is_minimal_by_groups(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # --help said "no clue can be taken away"; with --symmetry a single clue often can
    # (docs/making.md: "no symmetric group of clues")
    assert main(["generate", "--symmetry", "rot180", "--minimal", "--seed", "7"]) == 0
    grid = parse_puzzle(capsys.readouterr().out[:81])
    assert is_solution(solve(grid), grid) and is_minimal(grid, "rot180")
    assert not is_minimal(grid)  # this one has a single clue that can go
    status, out, _ = run_exit(capsys, "generate", "--help")
    assert status == 0
    assert "no clue (with --symmetry: no symmetric group of clues) can be" in " ".join(out.split())


def test_generate_with_a_clue_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "-n", "2", "--clues", "28", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count(", 28 clues") == 2
    assert main(["generate", "--blanks", "50", "--symmetry", "rot180", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    for record in read_puzzles(out):
        assert record.grid is not None and record.grid.count(0) == 50
        assert count_solutions(record.grid, limit=2) == 1
        assert is_solution(solve(record.grid), record.grid)
    status, _, err = run(capsys, "generate", "--clues", "16")
    assert status == 2 and "16 clues is impossible" in err
    status, _, err = run(capsys, "generate", "--clues", "30", "--symmetry", "rot90")
    assert status == 2 and "30 clues cannot be placed with rot90 symmetry" in err
    status, _, err = run(capsys, "generate", "--clues", "18", "--max-attempts", "3")
    assert status == 1
    assert "18 clues: random carving seldom goes so low" in err  # said before the work
    assert "no puzzle with 18 clues found in 3 attempts" in err and "Traceback" not in err
    status, _, err = run(capsys, "generate", "--clues", "20", "--seconds", "1")
    assert status in (0, 1) and "or 1 s" in err


def test_target_prints_the_best_score_and_its_grid(capsys: pytest.CaptureFixture[str]) -> None:
    source = DATA / "noip2009_target.txt"
    assert main(["target", str(source)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["2829", "2852"]
    puzzles = [r.grid for r in read_puzzles(source.read_text())]
    for line, puzzle in zip(lines, puzzles, strict=True):
        assert puzzle is not None and is_solution(parse_puzzle(line.split()[1]), puzzle)
    assert main(["target", str(source), "--format", "score"]) == 0
    assert capsys.readouterr().out == "2829\n2852\n"
    assert main(["target", "12345678." + "........9" + "." * 63]) == 0
    assert capsys.readouterr().out == "-1\n"
    assert main(["target", "55" + "." * 79]) == 1
    assert "duplicate 5 in row 1: r1c1, r1c2" in capsys.readouterr().err


@pytest.mark.slow
def test_target_on_too_few_givens_stops_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """An empty grid would take hours: the limit stops it, the best solution found is
    printed (a real solution) and the run fails, saying the score is not proven."""
    assert main(["target", "." * 81, "--seconds", "0.2"]) == 1
    out, err = capsys.readouterr()
    score_text, line = out.split()
    assert is_solution(parse_puzzle(line)) and int(score_text) == ring_score(parse_puzzle(line))
    assert f"stopped after 0.2 s: the best found scores {score_text}; a higher" in err
    status, _, err = run_exit(capsys, "target", "." * 81, "--seconds", "soon")
    assert status == 2 and "'soon' is not a number of seconds" in err


def test_convert_between_tools(capsys: pytest.CaptureFixture[str]) -> None:
    formats = DATA / "formats"
    assert main(["convert", str(formats / "sudopedia_pm.txt"), "--to", "link"]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("https://www.sudokuwiki.org/sudoku.htm?bd=") and len(link) == 41 + 162
    assert main(["convert", link, "--to", "pm"]) == 0
    marks = capsys.readouterr().out
    assert marks.splitlines()[1].split("|")[1].split() == ["19", "7", "169"]
    assert main(["convert", str(formats / "puzzles.sdm"), "--to", "sdk"]) == 0
    grids = [r.grid for r in read_puzzles(capsys.readouterr().out)]
    assert grids == [r.grid for r in read_puzzles((formats / "puzzles.sdm").read_text())]
    assert main(["convert", str(formats / "puzzle.sdk"), "--to", "line"]) == 0
    assert capsys.readouterr().out.strip() == format_line(
        parse_puzzle((formats / "puzzles.sdm").read_text().split()[0])
    )
    assert main(["convert", "55" + "." * 79, "--to", "ss"]) == 1
    assert "duplicate 5 in row 1" in capsys.readouterr().err


@pytest.mark.parametrize("form", ["pm", "ss-pm", "s9b", "link"])
def test_convert_reads_back_the_positions_it_writes(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a file of several puzzles written as pencil marks, strings or links was refused
    # whole when read back: "line 2: expected 81 cells or a row of 9, got 35"
    puzzles = DATA / "formats" / "puzzles.sdm"
    assert main(["convert", str(puzzles), "--to", form]) == 0
    written = tmp_path / f"positions.{form}"
    written.write_text(capsys.readouterr().out)
    assert main(["convert", str(written), "--to", form]) == 0
    assert capsys.readouterr().out == written.read_text()  # every candidate kept
    assert main(["convert", str(written), "--to", "line"]) == 0
    for line, record in zip(
        capsys.readouterr().out.split(), read_puzzles(puzzles.read_text()), strict=True
    ):
        assert record.grid is not None and is_solution(solve(parse_puzzle(line)), record.grid)


# --- the command registry, technique names ----------------------------------------------------


def test_every_registered_command_has_its_functions_and_a_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from xl_sudoku.cli.registry import COMMANDS

    assert [c.name for c in COMMANDS] == [
        "solve",
        "steps",
        "hint",
        "rate",
        "shell",
        "generate",
        "target",
        "convert",
        "render",
        "latex",
        "batch",
        "examples",
        "setup-workbook",
        "build-workbook",
    ]
    for command in COMMANDS:
        configure, run_command = command.load()
        assert callable(configure) and callable(run_command)
        assert run_exit(capsys, command.name, "--help")[0] == 0


@pytest.mark.parametrize("command", ["steps", "hint", "rate"])
def test_help_lists_every_technique_name_and_each_is_accepted(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    from xl_sudoku.cli.arguments import technique_list
    from xl_sudoku.core import TECHNIQUES
    from xl_sudoku.core.techniques import FAMILIES

    help_text = run_exit(capsys, command, "--help")[1]
    for technique in TECHNIQUES:
        assert technique.key in help_text
    for family in FAMILIES:
        shown = family.replace(" ", "-")
        assert f"  {shown}: " in help_text
        # each spelling is read as the same techniques
        for spelling in (family, family.upper(), family.replace(" ", "_")):
            assert technique_list(spelling) == technique_list(shown), spelling
    # the command runs with a family alone (each family: the slow test below)
    assert run(capsys, command, PE_GRID_1, "--techniques", "singles")[0] == 0


def nearly_solved(puzzle: str, left: int) -> str:
    """The puzzle with all but its last ``left`` open cells filled in from its solution."""
    answer = solve(parse_puzzle(puzzle))
    open_cells = [i for i, c in enumerate(puzzle) if c == "."]
    filled = set(open_cells[: len(open_cells) - left])
    return "".join(str(answer[i]) if i in filled else c for i, c in enumerate(puzzle))


@pytest.mark.slow  # Franken fish take seconds a solve: a minute for all families
@pytest.mark.parametrize("command", ["steps", "hint", "rate"])
def test_the_command_runs_with_each_family_alone(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """Each family alone, on a puzzle left with 25 open cells (a whole solve guesses its
    way through every position the family finds nothing in)."""
    from xl_sudoku.core.techniques import FAMILIES

    grid = nearly_solved(PE_GRID_1, 25)
    for family in FAMILIES:
        shown = family.replace(" ", "-")
        assert run(capsys, command, grid, "--techniques", shown)[0] == 0, shown


def test_single_digit_chains_can_be_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "rate", INKALA_2006, "--techniques", "singles,subsets,single-digit chains"
    )
    assert status == 0 and err == ""
    hardest = re.search(r"hardest technique: (.+)\)", out)
    assert hardest and BY_NAME[name_key(hardest.group(1))][0].family == Family.SINGLE_DIGIT_CHAINS


def test_an_empty_technique_list_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_exit(capsys, "rate", PE_GRID_1, "--techniques", "")
    assert status == 2 and "names no technique" in err
    status, _, err = run_exit(capsys, "steps", PE_GRID_1, "--techniques", " , ")
    assert status == 2 and "names no technique" in err


def test_a_hint_where_logic_runs_out_names_a_cell_and_no_digit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "hint", INKALA_2010, "--level", "3", "--techniques", "singles")
    assert status == 0
    assert out.startswith("No technique applies:") and "a guess would start at r8c7" in out
    assert " = " not in out  # no digit is placed or suggested
