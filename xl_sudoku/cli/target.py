"""``xl-sudoku target``: target sudoku (NOIP 2009), the highest-scoring solution (cli layer).

xl-sudoku target PUZZLE|FILE|- [--format line|grid|score] [--seconds N]
"""

from __future__ import annotations

import argparse
import sys
from typing import Final

from ..core import Grid, PuzzleError, best_score, count_solutions, format_grid, format_line
from .arguments import add_source
from .errors import AnsweredError, ExitStatus, several
from .inputs import each_puzzle, stream_of


def configure_target(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Target sudoku: cells score 6 on the outer ring up to 10 in the centre; "
        "among all solutions of the givens, print the highest total of score x digit and "
        "its grid, or -1 if there is no solution. Exact (a bounded search)."
    )
    add_source(parser)
    parser.add_argument(
        "--format",
        choices=("line", "grid", "score"),
        default="line",
        help="the score and the grid on one line (default), the score and a 9-line grid, "
        "or the score alone",
    )
    parser.add_argument(
        "--seconds",
        type=_seconds,
        default=SECONDS,
        metavar="N",
        help=f"search a puzzle for at most N seconds (default {SECONDS:g}; 0: no limit): "
        "with few givens the exact search can take hours; past the limit the best "
        "solution found is printed and said to be unproven",
    )


SECONDS: Final = 60.0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return value


def run_target(args: argparse.Namespace) -> ExitStatus:
    def target_one(grid: Grid) -> str | None:
        found = best_score(grid, args.seconds or None)
        if found.grid is None or args.format == "score":
            print(found.score)
        elif args.format == "grid":
            print(f"{found.score}\n{format_grid(found.grid)}\n")
        else:
            print(f"{found.score}  {format_line(found.grid)}")
        if not found.proven:  # printed, but not an answer: the run fails
            raise AnsweredError(
                PuzzleError(
                    f"stopped after {args.seconds:g} s: the best found scores {found.score}; "
                    "a higher score is not ruled out (fewer givens, longer search; "
                    "--seconds 0 for no limit)"
                )
            )
        return several(count_solutions(grid, limit=2), "showing the highest-scoring")

    source, found = stream_of(args)  # read as it comes: a file of any length
    return each_puzzle(source, target_one, sys.stdout, found).status
