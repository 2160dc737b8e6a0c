"""``xl-sudoku solve``: solutions, counts and search statistics (cli layer).

    xl-sudoku solve PUZZLE|FILE|-  [--count [--limit N] | --all [--limit N]] [--stats]
                                   [--format line|grid|compact|ss|sdk]

Everything it prints reads back as puzzles: a solution is a line or a grid, and
statistics and summaries are ``#`` comments.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from ..core import Grid, NoSolutionError, SearchStats, count_solutions, format_grid, format_line
from ..core import solutions as all_solutions
from .shared import (
    AnsweredError,
    ExitStatus,
    UsageError,
    add_source,
    each_puzzle,
    say,
    several,
    solution_limit,
    source_of,
)

FORMATS = ("line", "grid", "compact", "ss", "sdk")
DEFAULT_LIMIT = 1000  # --count and --all stop here unless --limit says otherwise


def configure_solve(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Solve puzzles: one given as an argument, or every puzzle in a file "
        "(one 81-cell line each, or 9-line grids), or '-' for standard input."
    )
    add_source(parser)
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--count", action="store_true", help="print how many solutions each puzzle has"
    )
    what.add_argument("--all", action="store_true", help="print every solution of each puzzle")
    parser.add_argument(
        "--limit",
        type=solution_limit,
        metavar="N",
        help=f"stop counting or listing at N solutions (default {DEFAULT_LIMIT}; 0: no limit)",
    )
    parser.add_argument(
        "--stats", action="store_true", help="print search statistics and a summary"
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="line",
        help="how to print a solution: one line (default) or a 9-line grid "
        "(grid, compact '812 753 649', ss Simple Sudoku, sdk)",
    )


def run_solve(args: argparse.Namespace) -> ExitStatus:
    if args.limit is not None and not (args.count or args.all):
        raise UsageError("--limit goes with --count or --all")
    limit: int | None = DEFAULT_LIMIT if args.limit is None else args.limit or None
    out = sys.stdout

    def solve_one(grid: Grid) -> str | None:
        stats = SearchStats()
        if args.count:
            if not _count(grid, limit, stats, args.stats, out):
                raise AnsweredError(NoSolutionError())  # its 0 is printed
            return None
        found, more = _show_solutions(grid, args, limit, stats, out)
        if not found:
            raise NoSolutionError()
        if args.all:
            if found == limit and args.limit is None:
                return (
                    f"stopped at {limit} solutions (the default limit): "
                    "--limit N for more, --limit 0 for every one"
                )
            return None
        return several(2, "showing the first") if more else None

    source = source_of(args)
    started = time.perf_counter()
    tally = each_puzzle(source, solve_one, out)
    if args.stats and tally.total:
        elapsed = time.perf_counter() - started
        rate = f", {tally.total / elapsed:.0f} puzzles/s" if elapsed > 0 else ""
        say(
            f"solved {tally.total - tally.failed} of {tally.total} puzzles in {elapsed:.3f} s{rate}"
        )
    return tally.status


def _count(grid: Grid, limit: int | None, stats: SearchStats, show: bool, out: TextIO) -> int:
    """Print how many solutions (``5+``: stopped at the limit); returns the count."""
    count = count_solutions(grid, limit, stats)
    shown = f"{count}+" if count == limit else str(count)
    out.write(shown + _stats_comment(stats if show else None, inline=True) + "\n")
    return count


def _show_solutions(
    grid: Grid, args: argparse.Namespace, limit: int | None, stats: SearchStats, out: TextIO
) -> tuple[int, bool]:
    """Print the first solution (or, with --all, each up to the limit, then a ``#`` summary
    line); returns how many were printed, and (without --all) whether there is another.
    A line-format answer is one line, its statistics appended as a ``#`` comment; a grid is
    followed by its statistics line and a blank line. The statistics are the first
    solution's: looking for a second one (is it the only one?) is not counted in them.
    """
    count = 0
    found = all_solutions(grid, stats)
    for solution in found:
        count += 1
        last = not args.all or count == limit
        shown_stats = stats if args.stats and last and not args.all else None
        out.write(_show(solution, args.format, shown_stats))
        if last:
            break
    if args.all and count:
        stopped = f" (stopped at --limit {limit})" if count == limit else ""
        noun = "solution" if count == 1 else "solutions"
        summary = _stats_comment(stats if args.stats else None, inline=False)
        out.write(f"# {count} {noun}{stopped}{summary}\n")
    more = bool(count) and not args.all and next(found, None) is not None
    return count, more


def _show(solution: Grid, style: str, stats: SearchStats | None) -> str:
    """One solution in the chosen format, with its statistics if given."""
    if style == "line":
        return format_line(solution) + _stats_comment(stats, inline=True) + "\n"
    text = format_grid(solution, style) + "\n"  # type: ignore[arg-type]
    if stats is not None:
        text += "#" + _stats_comment(stats, inline=False)[1:] + "\n"
    return text + "\n"


def _stats_comment(stats: SearchStats | None, *, inline: bool) -> str:
    """``  # 85 nodes, ...`` after a line, or ``, 85 nodes, ...`` after a summary comment;
    nothing without statistics."""
    if stats is None:
        return ""
    text = (
        f"{stats.nodes} nodes, {stats.guesses} guesses, level {stats.max_level}, "
        f"{stats.seconds * 1000:.2f} ms"
    )
    return f"  # {text}" if inline else f", {text}"
