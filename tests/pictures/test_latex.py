"""LaTeX: the four stages as text (snapshots and their meaning), and compiled by pdflatex."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.puzzles import DATA, HARD1, load
from xl_sudoku.cli import main
from xl_sudoku.core import is_solution, parse_puzzle, solve
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.pictures.latex import (
    CORNERS,
    PREEMPTIVE,
    STAGES,
    booklet,
    compile_pdf,
    document,
    work,
)

EXPERT = "5....7..6......7......2.9..86.......2.1.6..9..9.1.5.....8..13....3..9.7.64.3..58."
CELL = re.compile(r"\\N\{([^}]*)\}\{([^}]*)\}\{([^}]*)\}\{([^}]*)\}\{(\\found\{)?(\d?)\}?\}")


def cells(tex: str) -> list[tuple[list[str], str, bool]]:
    """Each cell of a grid: its four corners, its digit, and whether the digit was found."""
    out = []
    for match in CELL.finditer(tex):
        corners = [match.group(i) for i in range(1, 5)]
        out.append((corners, match.group(6), match.group(5) is not None))
    return out


@pytest.mark.parametrize("stage", STAGES)
def test_each_stage_matches_its_snapshot(stage: str) -> None:
    expected = (DATA / "latex" / f"{stage}.tex").read_text()
    assert document(parse_puzzle(EXPERT), (stage,), title="An Expert puzzle") == expected  # type: ignore[arg-type]


def test_what_each_stage_shows() -> None:
    puzzle = parse_puzzle(EXPERT)
    answer = solve(puzzle)
    bare = cells(document(puzzle, ("bare",)))
    assert len(bare) == 81
    assert [d for _, d, _ in bare] == [str(d) if d else "" for d in puzzle]
    # forced: what singles alone find, in the lighter type
    forced = cells(document(puzzle, ("forced",)))
    singles = LogicSolver(puzzle, ["full-house", "naked-single", "hidden-single"]).run()
    assert "Guess" in {s.technique.name for s in singles.steps}  # singles stall on it
    shown = [int(d) if d else 0 for _, d, _ in forced]
    assert all(shown[c] in (0, answer[c]) for c in range(81))
    assert [found for _, _, found in forced] == [
        bool(shown[c]) and not puzzle[c] for c in range(81)
    ]
    # marked: every open cell's candidates, each digit in its corner
    marked = cells(document(puzzle, ("marked",)))
    for corners, digit, _ in marked:
        if not digit:
            assert any(corners)
            for corner, allowed in zip(corners, CORNERS, strict=True):
                assert all(int(ch) in allowed for ch in corner)
    # worked: struck marks are never the answer; every digit is right
    worked_tex = document(puzzle, ("worked",))
    worked = work(puzzle, "worked")
    assert r"\cancel{" in worked_tex
    for cell in range(81):
        assert worked.digits[cell] in (0, answer[cell])
        assert not worked.struck[cell] >> (answer[cell] - 1) & 1
        assert worked.struck[cell] & ~worked.marks[cell] == 0
    assert "1 preemptive set removed 2 candidates" in worked.note


def dark_share(pdf: Path, folder: Path) -> float:
    """How much of the first page poppler draws dark (grid lines and digits)."""
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "40",
            "-gray",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(pdf),
            str(folder / "page"),
        ],
        check=True,
    )
    data = (folder / "page.pgm").read_bytes()
    magic, width, height, top, pixels = data.split(maxsplit=4)
    assert magic == b"P5" and top == b"255"
    pixels = pixels[: int(width) * int(height)]
    return sum(1 for p in pixels if p < 128) / len(pixels)


@pytest.mark.slow
def test_every_stage_and_a_booklet_compile_and_show_a_grid(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    require_tool("pdflatex", "pdftoppm", "pdftotext")
    puzzle = parse_puzzle(EXPERT)
    pdf = tmp_path / "stages.pdf"
    pdf.write_bytes(compile_pdf(document(puzzle, STAGES, title="An Expert puzzle")))
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert text.count("An Expert puzzle") == 4 and "preemptive set removed" in text
    pages = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Pages:\s+4", pages)
    assert 0.01 < dark_share(pdf, tmp_path) < 0.3  # a drawn grid, not a blank or black page
    book = tmp_path / "book.pdf"
    book.write_bytes(compile_pdf(booklet(load("norvig_top95")[:8], per_page=6)))
    book_text = subprocess.run(
        ["pdftotext", str(book), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Solutions" in book_text and "Sudoku" in book_text
    with pytest.raises(RuntimeError, match="pdflatex failed"):
        compile_pdf(r"\documentclass{article}\begin{document}\undefinedmacro\end{document}")


@pytest.mark.slow
def test_the_latex_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["latex", EXPERT, "--stage", "marked"]) == 0
    assert capsys.readouterr().out == document(parse_puzzle(EXPERT), ("marked",))
    out = tmp_path / "all.tex"
    assert main(["latex", EXPERT, "--stage", "all", "-o", str(out)]) == 0
    assert out.read_text().count(r"\begin{tabular}") == 4
    assert main(["latex", EXPERT, "-o", str(out)]) == 2
    assert "exists: use --force" in capsys.readouterr().err
    assert main(["latex", str(DATA / "norvig_top95.txt"), "--booklet", "--per-page", "4"]) == 0
    assert capsys.readouterr().out.count(r"\begin{tikzpicture}[scale") == 2 * 95
    assert main(["latex", EXPERT, "-o", str(tmp_path / "x.docx")]) == 2


INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
# the course assignment's template as it prints it (seed 002), and the example row it
# explains: a first row ..1 9.. ..8
ASSIGNMENT_HEAD = r"""\documentclass[10pt]{article}
\usepackage[left=0pt,right=0pt]{geometry}
\usepackage{tikz}
\usetikzlibrary{positioning}
\usepackage{cancel}
\pagestyle{empty}
\newcommand{\N}[5]{\tikz{\node[label=above left:{\tiny #1},
label=above right:{\tiny #2},
label=below left:{\tiny #3},
label=below right:{\tiny #4}]{#5};}}
\begin{document}
\tikzset{every node/.style={minimum size=.5cm}}
\begin{center}
\begin{tabular}{||@{}c@{}|@{}c@{}|@{}c@{}||@{}c@{}|@{}c@{}|@{}c@{}||@{}c@{}|@{}c@{}|@{}c@{}||}\hline\hline
"""
ASSIGNMENT_ROW = r"""\N{}{}{}{}{} & \N{}{}{}{}{} & \N{}{}{}{}{1} &
\N{}{}{}{}{9} & \N{}{}{}{}{} & \N{}{}{}{}{} &
\N{}{}{}{}{} & \N{}{}{}{}{} & \N{}{}{}{}{8} \\ \hline
"""
ASSIGNMENT_TAIL = "\\end{tabular}\n\\end{center}\n\\end{document}\n"


def test_the_assignment_template_word_for_word() -> None:
    puzzle = parse_puzzle("001900008" + "0" * 72)
    tex = document(puzzle, ("bare",), title="ignored", template="assignment")
    assert tex.startswith(ASSIGNMENT_HEAD + ASSIGNMENT_ROW)
    assert tex.endswith(ASSIGNMENT_TAIL)
    assert "ignored" not in tex and r"\found" not in tex  # it has no title, no other type
    # the marks: space between, the struck ones as it writes them ({\cancel{7} \cancel{8}})
    worked = document(parse_puzzle(EXPERT), ("worked",), template="assignment")
    assert re.search(r"\{\d( \d)*\}|\{(\\cancel\{\d\} ?)+", worked)
    assert r"\N{1 \cancel{2}}{}{}{8}{8}" in worked  # r1c2: 2 struck, 8 found (plain type)
    assert len(cells(tex)) == 81


def test_the_worked_stage_finishes_inkala_with_its_guesses_boxed() -> None:
    puzzle = parse_puzzle(INKALA)
    answer = solve(puzzle)
    stopped = work(puzzle, "worked", guess=False)
    assert stopped.digits.count(0) == 60 and not stopped.guessed  # logic alone: stuck
    worked = work(puzzle, "worked")
    assert worked.digits == answer and is_solution(worked.digits, puzzle)
    assert worked.marks == stopped.marks  # the searched cells keep their marks
    # the boxed cells are the guesses the solution stands on: the engine's open guesses
    solver = LogicSolver(puzzle, PREEMPTIVE)
    solver.run()
    standing = {(b.cell, b.digits[b.tried - 1]) for b in solver._branches}
    assert {(c, worked.digits[c]) for c in worked.guessed} == standing
    assert worked.guessed and all(not puzzle[c] for c in worked.guessed)
    assert f"the {len(standing)} it stands on boxed" in worked.note
    ours = document(puzzle, ("worked",))
    assert ours.count(r"\guessed{") == len(standing)
    theirs = document(puzzle, ("worked",), template="assignment")
    assert theirs.count(r"\fbox{") == len(standing)
    assert document(puzzle, ("worked",), guess=False).count(r"\guessed{") == 0


def test_the_worked_stage_of_a_puzzle_with_several_solutions_says_so_on_the_page() -> None:
    """A digit in front of a person is a proven digit: the worked stage finishes such a
    grid by guessing to one of its solutions, and the page said "solved with 21 guesses"
    as of the solution (only stderr said otherwise; the PNG's caption says "one of 2 or
    more solutions")."""
    puzzle = parse_puzzle(HARD1)
    worked = work(puzzle, "worked")
    assert is_solution(worked.digits, puzzle)
    assert "solved (one of 2 or more solutions) with " in worked.note
    assert "one of" not in work(parse_puzzle(INKALA), "worked").note


def test_a_booklet_says_which_puzzles_have_several_solutions() -> None:
    """A puzzle of several solutions: its solution at the back is one of them, and the
    page says so (only stderr did)."""
    tex = booklet([parse_puzzle(INKALA), parse_puzzle(HARD1)], per_page=2)
    front, back = tex.split("Solutions")
    assert front.count("2 or more solutions") == 1 and "2 or more solutions}\\\\" in front
    assert back.count("(one of 2 or more)") == 1 and "\n2 (one of 2 or more)\\\\" in back


@pytest.mark.slow
def test_the_assignment_template_compiles_and_shows_a_grid(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    require_tool("pdflatex", "pdftoppm")
    tex = document(parse_puzzle(INKALA), STAGES, template="assignment")
    pdf = tmp_path / "assignment.pdf"
    pdf.write_bytes(compile_pdf(tex))
    pages = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Pages:\s+4", pages)
    assert 0.01 < dark_share(pdf, tmp_path) < 0.3


def test_the_latex_command_takes_a_template(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["latex", INKALA, "--stage", "worked", "--template", "assignment"]) == 0
    assert capsys.readouterr().out == document(
        parse_puzzle(INKALA), ("worked",), template="assignment"
    )
    assert main(["latex", INKALA, "--stage", "worked", "--no-guess"]) == 0
    assert "60 cells still open" in capsys.readouterr().out
    assert main(["latex", INKALA, "--booklet", "--template", "assignment"]) == 2
    assert "one template" in capsys.readouterr().err
