"""``xl-sudoku target``: target sudoku (NOIP 2009), the highest-scoring solution (cli layer).

xl-sudoku target PUZZLE|FILE|- [--format line|grid|score]
"""

from __future__ import annotations

import argparse
import sys

from ..core import Grid, best_score, count_solutions, format_grid, format_line
from .shared import ExitStatus, add_source, each_puzzle, several, source_of


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


def run_target(args: argparse.Namespace) -> ExitStatus:
    def target_one(grid: Grid) -> str | None:
        found = best_score(grid)
        if found.grid is None or args.format == "score":
            print(found.score)
        elif args.format == "grid":
            print(f"{found.score}\n{format_grid(found.grid)}\n")
        else:
            print(f"{found.score}  {format_line(found.grid)}")
        return several(count_solutions(grid, limit=2), "showing the highest-scoring")

    return each_puzzle(source_of(args), target_one, sys.stdout).status
