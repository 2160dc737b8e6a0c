"""Printable grids in LaTeX: the four stages of working a puzzle, and booklets (above the
core; text only, compiled by ``pdflatex`` with tikz and cancel).

The stages follow the course assignment this product grew from:

* ``bare``   the givens;
* ``forced`` the givens and every digit that singles force (full houses, naked and hidden
  singles, again and again until none is left), the found digits in a lighter type;
* ``marked`` the forced grid with every open cell's candidates as pencil marks in its
  corners: 1-2 top left, 3-4 top right, 5-6 bottom left, 7-8-9 bottom right;
* ``worked`` the marked grid after preemptive sets (Crook's method: naked and hidden
  pairs, triples, quads) and singles have done all they can: the candidates they
  removed struck out (``\\cancel``), the digits they found filled in. Where they run
  out, the assignment's last step: guess, and back up when a guess fails, until the grid
  is finished (``guess=False`` stops where logic does). The cells the search filled keep
  their marks beside their digit, and the guesses the solution stands on are boxed.

Each cell is ``\\N{top left}{top right}{bottom left}{bottom right}{digit}``, a tikz node
with its pencil marks in the corners. Two templates: ours (a cell drawn with its marks
inside it, found digits in a lighter type) and the assignment's, word for word as it
prints it (``ASSIGNMENT_PREAMBLE``: 0 pt side margins, ``\\N`` made of tikz labels; found
digits in the same type as givens, there being no other in it). A booklet puts several
puzzles on a page and their solutions at the back.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from ..core import Grid, NoSolutionError, count_solutions, solve
from ..core.engine import LogicSolver, Status
from ..core.rating import Rating, rate
from ..core.steps import BACKTRACK, GUESS, Step

Stage = Literal["bare", "forced", "marked", "worked"]
STAGES: Final[tuple[Stage, ...]] = ("bare", "forced", "marked", "worked")
SINGLES: Final = ("full-house", "naked-single", "hidden-single")
PREEMPTIVE: Final = (
    *SINGLES,
    "naked-pair",
    "hidden-pair",
    "naked-triple",
    "hidden-triple",
    "naked-quad",
    "hidden-quad",
)
CORNERS: Final = ((1, 2), (3, 4), (5, 6), (7, 8, 9))  # which marks go in which corner

PREAMBLE: Final = r"""\documentclass[10pt]{article}
\usepackage[margin=1.5cm]{geometry}
\usepackage{tikz}
\usepackage{cancel}
\pagestyle{empty}
% \N{top left}{top right}{bottom left}{bottom right}{digit}: one cell, its pencil marks
% in the corners
\newcommand{\N}[5]{\begin{tikzpicture}[baseline={([yshift=-.6ex]c.center)}]
\node[minimum size=1.1cm, inner sep=0pt] (c) {\LARGE #5};
\node[anchor=north west, inner sep=1.5pt, font=\scriptsize] at (c.north west) {#1};
\node[anchor=north east, inner sep=1.5pt, font=\scriptsize] at (c.north east) {#2};
\node[anchor=south west, inner sep=1.5pt, font=\scriptsize] at (c.south west) {#3};
\node[anchor=south east, inner sep=1.5pt, font=\scriptsize] at (c.south east) {#4};
\end{tikzpicture}}
\newcommand{\found}[1]{\textcolor{black!55}{#1}}
\newcommand{\guessed}[1]{\fbox{#1}}
"""
#: the course assignment's template, as it prints it (its body is a center and a tabular)
ASSIGNMENT_PREAMBLE: Final = r"""\documentclass[10pt]{article}
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
"""
Template = Literal["ours", "assignment"]
TEMPLATES: Final[tuple[Template, ...]] = ("ours", "assignment")
COLUMNS: Final = r"||@{}c@{}|@{}c@{}|@{}c@{}||@{}c@{}|@{}c@{}|@{}c@{}||@{}c@{}|@{}c@{}|@{}c@{}||"


@dataclass(frozen=True, slots=True)
class Worked:
    """A puzzle at one stage: digits (givens among them), marks with the struck ones."""

    givens: Grid
    digits: Grid
    marks: tuple[int, ...]  # candidates shown in each open cell (0: none shown)
    struck: tuple[int, ...]  # of those, the ones struck out
    note: str
    guessed: frozenset[int] = frozenset()  # cells whose digit is a guess the solution needs


def work(puzzle: Grid, stage: Stage, guess: bool = True) -> Worked:
    """What a stage shows for a puzzle; ``guess=False``: the worked stage stops where
    logic does."""
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r} (choose one of: {', '.join(STAGES)})")
    none = (0,) * 81
    if stage == "bare":
        return Worked(puzzle, puzzle, none, none, f"{sum(1 for d in puzzle if d)} givens")
    forced = _run(puzzle, SINGLES).board
    digits = forced.grid()
    found = sum(1 for c in range(81) if digits[c] and not puzzle[c])
    if stage == "forced":
        return Worked(puzzle, digits, none, none, f"{found} digits forced by singles")
    marks = tuple(0 if digits[c] else forced.masks[c] for c in range(81))
    if stage == "marked":
        left = sum(1 for m in marks if m)
        return Worked(puzzle, digits, marks, none, f"{found} digits forced, {left} cells marked")
    solver = _run(puzzle, PREEMPTIVE)
    worked = solver.board.copy()
    logic = worked.grid()  # where logic stops
    struck = tuple(0 if logic[c] else marks[c] & ~worked.masks[c] for c in range(81))
    sets = [s for s in solver.steps if s.technique.key not in SINGLES]
    removed = sum(len(s.eliminations) for s in sets)
    more = sum(1 for c in range(81) if logic[c] and not digits[c])
    open_cells = sum(1 for d in logic if not d)
    note = (
        f"{_count(len(sets), 'preemptive set')} removed {_count(removed, 'candidate')}; "
        f"{_count(more, 'more digit')} found; "
    )
    shown = tuple(0 if logic[c] else marks[c] for c in range(81))
    if not open_cells:
        return Worked(puzzle, logic, shown, struck, note + "solved")
    if not guess:
        return Worked(puzzle, logic, shown, struck, note + f"{open_cells} cells still open")
    logic_steps = len(solver.steps)
    trace = solver.run()
    if trace.status is not Status.SOLVED:
        raise NoSolutionError()
    guessed = _standing_guesses(trace.steps[logic_steps:])
    several = f" (one of {trace.solutions} or more solutions)" if trace.solutions > 1 else ""
    note += (
        f"{open_cells} cells left to guessing: solved{several} with "
        f"{_count(trace.guesses, 'guess', 'guesses')}, the {len(guessed)} it stands on boxed"
    )
    return Worked(puzzle, trace.grid, shown, struck, note, frozenset(guessed))


def _count(number: int, noun: str, plural: str = "") -> str:
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def _run(puzzle: Grid, techniques: Sequence[str]) -> LogicSolver:
    """A solver stopped where the techniques can do no more (its board, its steps)."""
    solver = LogicSolver(puzzle, techniques)
    solver.run_logic()
    return solver


def _standing_guesses(steps: Sequence[Step]) -> dict[int, int]:
    """The guesses a finished search's solution stands on: each cell and its digit (not
    the digits backtracks left: those follow from guesses that failed).

    A guess at level L lasts until the search next guesses at level L or less, or backs
    up past level L; the digit a backtrack leaves (the last of a guess at level L: a step
    at level L - 1) lasts as long as the guesses below it. With levels doubled, a guess
    at L is 2L, a backtrack's digit 2L - 1, and each move ends what is at or above it.
    """
    standing: list[tuple[int, int, int, bool]] = []  # (doubled level, cell, digit, a guess)
    for step in steps:
        if step.technique is GUESS:
            level = ends = 2 * step.level
        elif step.technique is BACKTRACK:
            level, ends = 2 * step.level + 1, 2 * step.level + 2
        else:
            continue
        while standing and standing[-1][0] >= ends:
            standing.pop()
        cell, digit = step.placements[0]
        standing.append((level, cell, digit, step.technique is GUESS))
    return {cell: digit for _, cell, digit, guessed in standing if guessed}


def _cell(worked: Worked, cell: int, template: Template = "ours") -> str:
    """One cell: its marks in the corners (struck ones cancelled), its digit."""
    digit = worked.digits[cell]
    shown = ""
    if digit:
        ours = template == "ours"
        if worked.givens[cell]:
            shown = str(digit)
        elif cell in worked.guessed:
            shown = rf"\guessed{{{digit}}}" if ours else rf"\fbox{{{digit}}}"
        else:
            shown = rf"\found{{{digit}}}" if ours else str(digit)
    between = "" if template == "ours" else " "  # the assignment's {\cancel{7} \cancel{8}}
    corners = []
    for digits in CORNERS:
        parts = []
        for d in digits:
            if worked.marks[cell] >> (d - 1) & 1:
                parts.append(rf"\cancel{{{d}}}" if worked.struck[cell] >> (d - 1) & 1 else str(d))
        corners.append("{" + between.join(parts) + "}")
    return r"\N" + "".join(corners) + "{" + shown + "}"


def grid_table(worked: Worked, template: Template = "ours") -> str:
    """The tabular of one grid."""
    lines = [rf"\begin{{tabular}}{{{COLUMNS}}}\hline\hline"]
    for r in range(9):
        cells = [_cell(worked, 9 * r + c, template) for c in range(9)]
        rows = " &\n".join(" & ".join(cells[i : i + 3]) for i in (0, 3, 6))
        rule = r"\hline\hline" if r % 3 == 2 else r"\hline"
        lines.append(rf"{rows} \\ {rule}")
    lines.append(r"\end{tabular}")
    return "\n".join(lines)


def document(
    puzzle: Grid,
    stages: Sequence[Stage],
    title: str = "",
    template: Template = "ours",
    guess: bool = True,
) -> str:
    """A whole document: the grid at each stage asked, a page each.

    The assignment's template is its own text: its preamble, then each grid in a center
    of its own, with no title and no note (it has none)."""
    if template not in TEMPLATES:
        raise ValueError(f"unknown template {template!r} (choose one of: {', '.join(TEMPLATES)})")
    pages = []
    for stage in stages:
        worked = work(puzzle, stage, guess)
        if template == "assignment":
            pages.append("\\begin{center}\n" + grid_table(worked, template) + "\n\\end{center}\n")
            continue
        heading = rf"\textbf{{{_escape(title)}}}\\[2mm]" + "\n" if title else ""
        pages.append(
            "\\begin{center}\n"
            + heading
            + grid_table(worked)
            + f"\n\n\\vspace{{3mm}}\n{{\\small {_escape(stage)}: {_escape(worked.note)}}}\n"
            + "\\end{center}\n"
        )
    if template == "assignment":
        return ASSIGNMENT_PREAMBLE + "\\newpage\n".join(pages) + "\\end{document}\n"
    return PREAMBLE + "\\begin{document}\n" + "\\newpage\n".join(pages) + "\\end{document}\n"


def compile_pdf(tex: str) -> bytes:
    """The PDF ``pdflatex`` makes of a document (``RuntimeError`` with its complaint if it
    fails, ``FileNotFoundError`` if it is not installed)."""
    if shutil.which("pdflatex") is None:
        raise FileNotFoundError(
            "writing PDF needs pdflatex "
            "(Debian: texlive-latex-base texlive-pictures texlive-latex-extra)"
        )
    with tempfile.TemporaryDirectory(prefix="xl-sudoku-tex-") as folder:
        source = Path(folder) / "sudoku.tex"
        source.write_text(tex, encoding="utf-8")
        done = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", source.name],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        pdf = source.with_suffix(".pdf")
        if done.returncode or not pdf.exists():
            complaint = [line for line in done.stdout.splitlines() if line.startswith("!")]
            raise RuntimeError(f"pdflatex failed: {' '.join(complaint) or done.stdout[-300:]}")
        return pdf.read_bytes()


# --- booklets ------------------------------------------------------------------------


def _small_grid(grid: Grid, givens: Grid, scale: float) -> str:
    """A grid drawn with tikz: thin lines, thick box lines, the digits."""
    lines = [
        rf"\begin{{tikzpicture}}[scale={scale:g}]",
        r"\draw[gray!70, step=1] (0,0) grid (9,9);",
        r"\draw[very thick, step=3] (0,0) grid (9,9);",
    ]
    for cell, digit in enumerate(grid):
        if digit:
            r, c = divmod(cell, 9)
            text = str(digit) if givens[cell] else rf"\found{{{digit}}}"
            lines.append(rf"\node at ({c + 0.5:g},{8.5 - r:g}) {{{text}}};")
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)


def booklet(puzzles: Sequence[Grid], per_page: int = 6, title: str = "Sudoku") -> str:
    """Puzzles, ``per_page`` to a page (two columns), each with its number and rating, then
    their solutions at the back, twelve to a page. A puzzle of several solutions says so
    under its number, and its solution at the back that it is one of them."""
    if per_page < 1:
        raise ValueError("per_page must be 1 or more")
    ratings: list[Rating | None] = []
    several: list[bool] = []
    for puzzle in puzzles:
        several.append(count_solutions(puzzle, limit=2) > 1)
        try:
            ratings.append(rate(puzzle))
        except ValueError:
            ratings.append(None)
    rows_per_page = -(-per_page // 2)
    scale = min(0.62, 22.0 / (9 * rows_per_page + 2.5 * rows_per_page))
    body = [
        PREAMBLE,
        r"\begin{document}",
        rf"\begin{{center}}{{\Large\bfseries {_escape(title)}}}\end{{center}}",
    ]
    for number, (puzzle, rating) in enumerate(zip(puzzles, ratings, strict=True), 1):
        label = f"{number}" + (f" \\quad {{\\small {_escape(str(rating))}}}" if rating else "")
        if several[number - 1]:
            label += r" \quad {\small 2 or more solutions}"
        body.append(
            r"\begin{minipage}[t]{0.49\textwidth}\centering"
            + f"\n{label}\\\\[1mm]\n{_small_grid(puzzle, puzzle, scale)}\n"
            + "\\vspace{4mm}\n\\end{minipage}"
            + ("\\hfill" if number % 2 else "\n")
        )
        if number % per_page == 0 and number < len(puzzles):
            body.append(r"\newpage")
    body.append(r"\newpage\begin{center}{\Large\bfseries Solutions}\end{center}")
    for number, puzzle in enumerate(puzzles, 1):
        try:
            answer = solve(puzzle)
        except ValueError:
            answer = puzzle
        label = f"{number} (one of 2 or more)" if several[number - 1] else f"{number}"
        body.append(
            r"\begin{minipage}[t]{0.32\textwidth}\centering"
            + f"\n{label}\\\\[0.5mm]\n{_small_grid(answer, puzzle, 0.32)}\n"
            + "\\vspace{3mm}\n\\end{minipage}"
            + ("\\hfill" if number % 3 else "\n")
        )
        if number % 12 == 0 and number < len(puzzles):
            body.append(r"\newpage")
    body.append(r"\end{document}")
    return "\n".join(body) + "\n"


def _escape(text: str) -> str:
    """Text as LaTeX shows it literally."""
    special = {
        "\\": r"\textbackslash{}",
        "&": r"\&",
        "%": r"\%",
        "$": r"\$",
        "#": r"\#",
        "_": r"\_",
        "{": r"\{",
        "}": r"\}",
        "~": r"\~{}",
        "^": r"\^{}",
    }
    return "".join(special.get(ch, ch) for ch in text)
