"""``xl-sudoku steps``, ``hint`` and ``rate``: solving as a person would (cli layer).

    xl-sudoku steps PUZZLE|FILE|-  [--techniques LIST] [--until N]
    xl-sudoku hint  PUZZLE|FILE|-  [--level 1|2|3] [--techniques LIST]
    xl-sudoku rate  PUZZLE|FILE|-  [--techniques LIST]

Each is the core's use case, printed: ``LogicSolver`` for the steps, ``hint`` and
``rate`` for the other two.
"""

from __future__ import annotations

import argparse
import io
import re
from dataclasses import dataclass

from ..core import (
    TECHNIQUES,
    Grid,
    LogicSolver,
    NoSolutionError,
    PuzzleError,
    Step,
    Technique,
    Trace,
    cell_name,
    count_solutions,
    format_grid,
    format_line,
    hint,
    is_solution,
    rate,
)
from ..core.engine import Status
from ..core.rating import rate_trace
from ..core.steps import BACKTRACK, CONTRADICTION, GUESS
from .arguments import add_source, add_techniques, positive
from .bank import run_bank
from .bank_jobs import Outcome, failure
from .bank_options import add_bank_arguments, plan_of
from .bank_output import count_lines
from .errors import ExitStatus, several
from .inputs import stream_of

#: the steps table's technique column: as wide as the longest name (no name overflows it)
NAME_WIDTH = max(len(t.name) for t in (*TECHNIQUES, CONTRADICTION, GUESS, BACKTRACK))
STEPS_COLUMNS = ("origin", "puzzle", "solution", "steps", "guesses", "rating", "ms", "status")
HINT_COLUMNS = ("origin", "puzzle", "hint", "ms", "status")
RATE_COLUMNS = ("origin", "puzzle", "rating", "label", "hardest", "guesses", "ms", "status")
RATED = re.compile(r"[ \d]\d\.\d  \S")  # what follows a puzzle in rate's line: ` 4.5  Medium`


def configure_steps(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Print the numbered trace of a logical solve: each step's technique, cells "
        "and explanation; guesses, contradictions and backtracks with their levels; totals."
    )
    add_source(parser)
    add_techniques(parser)
    parser.add_argument("--until", type=positive, metavar="N", help="stop after N steps")
    add_bank_arguments(parser, STEPS_COLUMNS)


def run_steps(args: argparse.Namespace) -> ExitStatus:
    plan = plan_of("steps", args, STEPS_COLUMNS, one_line=False)
    source, entries = stream_of(args)
    job = StepsJob(source.single, _keys(args.techniques), args.until)
    total = None if plan.quiet else count_lines(source)
    return source.status(run_bank(job, entries, plan, total=total, source=source).status)


def _keys(techniques: tuple[Technique, ...] | None) -> tuple[str, ...] | None:
    """The techniques by key: what a job sent to other processes holds."""
    return None if techniques is None else tuple(t.key for t in techniques)


@dataclass(frozen=True, slots=True)
class StepsJob:
    """The numbered trace of one puzzle (in any process)."""

    single: bool  # the puzzle was the argument: no ``# puzzle`` line before its trace
    techniques: tuple[str, ...] | None
    until: int | None

    def run(self, grid: Grid) -> Outcome:
        out = io.StringIO()
        solver = LogicSolver(grid, self.techniques)
        if not self.single:
            out.write(f"# {format_line(grid)}\n")
        width = NAME_WIDTH
        out.write(f"{'step':>5} {'level':>5}  {'technique':<{width}} {'cells':<18} explanation\n")
        trace = solver.run_until(self.until) if self.until else solver.run()
        for number, step in enumerate(trace.steps, 1):
            out.write(
                f"{number:>5} {step.level:>5}  {step.technique.name:<{width}} "
                f"{changed_cells(step):<18} {step.explanation}\n"
            )
        out.write(_ending(trace))
        values: dict[str, object] = {
            "puzzle": format_line(grid),
            "solution": format_line(trace.grid),
            "steps": len(trace.steps),
            "guesses": trace.guesses,
        }
        if trace.status is Status.NO_SOLUTION:  # its proof is printed
            values["solution"] = None
            return failure(NoSolutionError(), out.getvalue(), values, answered=True)
        if trace.status is Status.SOLVING:
            values["solution"] = None
        elif trace.unique:
            values["rating"] = rate_trace(trace).value
        notice = several(solver.solutions, "the steps lead to one of them")
        return Outcome(out.getvalue(), values, notice)

    def wrote(self, grid: Grid, line: str) -> bool:
        """Never asked: a trace is many lines, which ``--resume`` does not go on with."""
        return False


def _ending(trace: Trace) -> str:
    """The totals, how the solve ended, and the grid reached."""
    contradictions = sum(1 for s in trace.steps if s.technique is CONTRADICTION)
    totals = (
        f"{_count(len(trace.steps), 'step')} ({_count(trace.guesses, 'guess')}, "
        f"{_count(contradictions, 'contradiction')}, deepest level {trace.max_level}) "
        f"in {trace.seconds * 1000:.1f} ms"
    )
    if trace.status is Status.SOLVING:
        open_cells = _count(trace.grid.count(0), "cell")
        return f"stopped after {totals}; {open_cells} still open\n{format_grid(trace.grid)}\n\n"
    if trace.status is Status.NO_SOLUTION:
        return f"no solution: proven in {totals}\n\n"
    unique = {1: "the solution is unique", 2: "the puzzle has other solutions too"}
    text = f"solved in {totals}; {unique.get(trace.solutions, '')}\n"
    if trace.unique:
        text += f"rating {rate_trace(trace)}\n"
    return text + format_grid(trace.grid) + "\n\n"


def _count(number: int, noun: str) -> str:
    """``1 step``, ``2 steps``, ``1 guess``, ``0 guesses``."""
    plural = noun + ("es" if noun.endswith("ss") else "s")
    return f"{number} {noun if number == 1 else plural}"


def changed_cells(step: Step) -> str:
    """The cells a step sets or clears, shortened to fit a column."""
    cells = list(dict.fromkeys(c for c, _ in step.placements + step.eliminations))
    text = " ".join(cell_name(c) for c in cells[:3])
    return text + (" ..." if len(cells) > 3 else "")


def configure_hint(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "A hint for the next logical step: level 1 names the technique, "
        "2 says where to look, 3 gives the whole step."
    )
    add_source(parser)
    parser.add_argument("--level", type=int, choices=(1, 2, 3), default=1, help="how much to say")
    add_techniques(parser)
    add_bank_arguments(parser, HINT_COLUMNS)


def run_hint(args: argparse.Namespace) -> ExitStatus:
    plan = plan_of("hint", args, HINT_COLUMNS, one_line=True)
    source, entries = stream_of(args)
    job = HintJob(source.single, args.level, _keys(args.techniques))
    total = None if plan.quiet else count_lines(source)
    return source.status(run_bank(job, entries, plan, total=total, source=source).status)


@dataclass(frozen=True, slots=True)
class HintJob:
    """A hint for one puzzle (in any process)."""

    single: bool  # the puzzle was the argument: its hint does not repeat it
    level: int
    techniques: tuple[str, ...] | None

    def run(self, grid: Grid) -> Outcome:
        if 0 not in grid and is_solution(grid):  # nothing to hint: not a failure
            text = "already solved: no hint to give"
        else:
            text = hint(grid, self.level, self.techniques).text
        # a file's hints name their puzzle, as rate's lines do
        line = text if self.single else f"{format_line(grid)}  {text}"
        notice = several(count_solutions(grid, limit=2), "the hint is a step towards one")
        return Outcome(line + "\n", {"puzzle": format_line(grid), "hint": text}, notice)

    def wrote(self, grid: Grid, line: str) -> bool:
        """A file's hint is its puzzle, then words (a rating is a number); the one puzzle
        given as the argument has its hint alone, given again (as ``Job.wrote``)."""
        if not self.single:
            puzzle = format_line(grid) + "  "
            return line.startswith(puzzle) and line[len(puzzle) : len(puzzle) + 1].isalpha()
        try:
            return self.run(grid).text == line + "\n"
        except PuzzleError:  # (no line was written for it)
            return False


def configure_rate(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Rate every puzzle: one line each with the puzzle, its rating on Sudoku "
        "Explainer's scale, its label and the hardest technique it needs."
    )
    add_source(parser)
    add_techniques(parser)
    add_bank_arguments(parser, RATE_COLUMNS)


def run_rate(args: argparse.Namespace) -> ExitStatus:
    plan = plan_of("rate", args, RATE_COLUMNS, one_line=True)
    source, entries = stream_of(args)
    total = None if plan.quiet else count_lines(source)
    job = RateJob(_keys(args.techniques))
    return source.status(run_bank(job, entries, plan, total=total, source=source).status)


@dataclass(frozen=True, slots=True)
class RateJob:
    """Rating one puzzle (in any process)."""

    techniques: tuple[str, ...] | None

    def run(self, grid: Grid) -> Outcome:
        rating = rate(grid, self.techniques)
        hardest = rating.hardest.name if rating.hardest else "-"
        if rating.needs_guessing and rating.hardest_logic:
            hardest += f" (hardest technique: {rating.hardest_logic.name})"
        line = f"{format_line(grid)}  {rating.value:4.1f}  {rating.label:<14}  {hardest}\n"
        values: dict[str, object] = {
            "puzzle": format_line(grid),
            "rating": rating.value,
            "label": rating.label,
            "hardest": hardest,
            "guesses": rating.guesses,
        }
        return Outcome(line, values)

    def wrote(self, grid: Grid, line: str) -> bool:
        """The line is its puzzle, then its rating (as ``Job.wrote``)."""
        puzzle = format_line(grid) + "  "
        return line.startswith(puzzle) and RATED.match(line, len(puzzle)) is not None
