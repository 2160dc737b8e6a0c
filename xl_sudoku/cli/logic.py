"""``xl-sudoku steps``, ``hint`` and ``rate``: solving as a person would (cli layer).

    xl-sudoku steps PUZZLE|FILE|-  [--techniques LIST] [--until N]
    xl-sudoku hint  PUZZLE|FILE|-  [--level 1|2|3] [--techniques LIST]
    xl-sudoku rate  PUZZLE|FILE|-  [--techniques LIST]

Each is the core's use case, printed: ``LogicSolver`` for the steps, ``hint`` and
``rate`` for the other two.
"""

from __future__ import annotations

import argparse
import sys

from ..core import (
    Grid,
    LogicSolver,
    NoSolutionError,
    Step,
    Trace,
    cell_name,
    count_solutions,
    format_grid,
    format_line,
    hint,
    rate,
)
from ..core.engine import Status
from ..core.rating import rate_trace
from ..core.steps import CONTRADICTION
from .shared import (
    AnsweredError,
    ExitStatus,
    add_source,
    add_techniques,
    each_puzzle,
    positive,
    several,
    source_of,
)


def configure_steps(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Print the numbered trace of a logical solve: each step's technique, cells "
        "and explanation; guesses, contradictions and backtracks with their levels; totals."
    )
    add_source(parser)
    add_techniques(parser)
    parser.add_argument("--until", type=positive, metavar="N", help="stop after N steps")


def run_steps(args: argparse.Namespace) -> ExitStatus:
    source = source_of(args)
    out = sys.stdout

    def trace_one(grid: Grid) -> str | None:
        solver = LogicSolver(grid, args.techniques)
        if not source.single:
            out.write(f"# {format_line(grid)}\n")
        out.write(f"{'step':>5} {'level':>5}  {'technique':<24} {'cells':<18} explanation\n")
        trace = solver.run_until(args.until) if args.until else solver.run()
        for number, step in enumerate(trace.steps, 1):
            out.write(
                f"{number:>5} {step.level:>5}  {step.technique.name:<24} "
                f"{_changed_cells(step):<18} {step.explanation}\n"
            )
        out.write(_ending(trace))
        if trace.status is Status.NO_SOLUTION:
            raise AnsweredError(NoSolutionError())  # its proof is printed
        return several(solver.solutions, "the steps lead to one of them")

    return each_puzzle(source, trace_one, out).status


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


def _changed_cells(step: Step) -> str:
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


def run_hint(args: argparse.Namespace) -> ExitStatus:
    source = source_of(args)

    def hint_one(grid: Grid) -> str | None:
        text = hint(grid, args.level, args.techniques).text
        # a file's hints name their puzzle, as rate's lines do
        print(text if source.single else f"{format_line(grid)}  {text}")
        return several(count_solutions(grid, limit=2), "the hint is a step towards one")

    return each_puzzle(source, hint_one, sys.stdout).status


def configure_rate(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Rate every puzzle: one line each with the puzzle, its rating on Sudoku "
        "Explainer's scale, its label and the hardest technique it needs."
    )
    add_source(parser)
    add_techniques(parser)


def run_rate(args: argparse.Namespace) -> ExitStatus:
    def rate_one(grid: Grid) -> None:
        rating = rate(grid, args.techniques)
        hardest = rating.hardest.name if rating.hardest else "-"
        if rating.needs_guessing and rating.hardest_logic:
            hardest += f" (hardest technique: {rating.hardest_logic.name})"
        print(f"{format_line(grid)}  {rating.value:4.1f}  {rating.label:<14}  {hardest}")

    return each_puzzle(source_of(args), rate_one, sys.stdout).status
