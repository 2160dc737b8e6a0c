"""``xl-sudoku solve``: solutions, counts and search statistics (cli layer).

    xl-sudoku solve PUZZLE|FILE|-  [--count [--limit N] | --all [--limit N]] [--stats]
                                   [--format line|grid|compact|ss|sdk]

Everything it prints reads back as puzzles: a solution is a line or a grid, and
statistics and summaries are ``#`` comments.
"""

from __future__ import annotations

import argparse
import io
import time
from dataclasses import dataclass
from typing import TextIO

from ..core import (
    Grid,
    NoSolutionError,
    SearchStats,
    count_solutions,
    format_grid,
    format_line,
    solution_lines,
)
from ..core import solutions as all_solutions
from ..helpers.runner import per_second
from .arguments import add_source, solution_limit
from .bank import run_bank
from .bank_jobs import Outcome, failure
from .bank_options import add_bank_arguments, plan_of
from .bank_output import count_lines
from .errors import ExitStatus, UsageError, counted, say, several
from .inputs import stream_of

FORMATS = ("line", "grid", "compact", "ss", "sdk")
DEFAULT_LIMIT = 1000  # --count and --all stop here unless --limit says otherwise
EVERY_GRID = 6_670_903_752_021_072_936_960  # the grids there are: the most solutions a puzzle has
COLUMNS = ("origin", "puzzle", "solution", "count", "guesses", "ms", "status")


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
    add_bank_arguments(parser, COLUMNS)


def run_solve(args: argparse.Namespace) -> ExitStatus:
    if args.limit is not None and not (args.count or args.all):
        raise UsageError("--limit goes with --count or --all")
    plan = plan_of("solve", args, COLUMNS, one_line=args.format == "line" and not args.all)
    if args.all and plan.form != "text":
        raise UsageError("--all lists solutions in the text form only (not a table)")
    limit: int | None = DEFAULT_LIMIT if args.limit is None else args.limit or None
    job = SolveJob(
        args.count, args.all, limit, args.limit is None, args.stats, args.format, plan.table
    )
    source, entries = stream_of(args)
    started = time.perf_counter()
    total = None if plan.quiet else count_lines(source)
    tally = run_bank(job, entries, plan, total=total, source=source)
    if args.stats and tally.total:
        elapsed = time.perf_counter() - started
        rate = f", {per_second(tally.total, elapsed)} puzzles/s" if elapsed > 0 else ""
        say(
            f"solved {tally.total - tally.failed} of {counted(tally.total, 'puzzle')} "
            f"in {elapsed:.3f} s{rate}"
        )
    return source.status(tally.status)


@dataclass(frozen=True, slots=True)
class SolveJob:
    """Solving one puzzle as the options ask (in any process)."""

    count: bool  # --count: how many solutions
    all: bool  # --all: every solution
    limit: int | None
    default_limit: bool  # the limit is the default one (not given)
    stats: bool
    style: str  # --format
    table: bool = True  # the results go to a table: make its values

    def run(self, grid: Grid) -> Outcome:
        if not (self.table or self.count or self.all or self.stats) and self.style == "line":
            return self._line(grid)  # a bank's every puzzle: quickly
        out = io.StringIO()
        stats = SearchStats()
        values: dict[str, object] = {"puzzle": format_line(grid)}
        if self.count:
            count = _count(grid, self.limit, stats, self.stats, out)
            values |= {"count": f"{count}+" if count == self.limit else count}
            values |= {"guesses": stats.guesses}
            if not count:  # its 0 is printed
                return failure(NoSolutionError(), out.getvalue(), values, answered=True)
            return Outcome(out.getvalue(), values)
        found, more, first = _show_solutions(grid, self, stats, out)
        if not found:
            return failure(NoSolutionError(), out.getvalue(), values)
        values |= {"solution": format_line(first), "count": found + more}
        values |= {"guesses": stats.guesses}
        notice = None
        if self.all:
            values["count"] = f"{found}+" if found == self.limit else found
            if found == self.limit and self.default_limit:
                notice = (
                    f"stopped at {self.limit} solutions (the default limit): "
                    "--limit N for more, --limit 0 for every one"
                )
        elif more:
            values["count"] = "2+"
            notice = several(2, "showing the first")
        return Outcome(out.getvalue(), values, notice)

    def wrote(self, grid: Grid, line: str) -> bool:
        """A count, or a solution that keeps the givens of ``grid`` (not solved again),
        with ``--stats``'s comment after it if asked (as ``Job.wrote``)."""
        shown, comment, _ = line.partition("  # ")
        if bool(comment) != self.stats:
            return False
        if self.count:
            number = shown.removesuffix("+")
            return number.isdecimal() and int(number) <= (self.limit or EVERY_GRID)
        given = format_line(grid)
        return (
            len(shown) == 81
            and not shown.strip("123456789")
            and all(g in (".", s) for g, s in zip(given, shown, strict=True))
        )

    def _line(self, grid: Grid) -> Outcome:
        """The first solution as a line, and whether there is another (as ``run``)."""
        found = solution_lines(grid)
        first = next(found, None)
        if first is None:
            return failure(NoSolutionError())
        if next(found, None) is None:
            return Outcome(first + "\n")
        return Outcome(first + "\n", notice=several(2, "showing the first"))


def _count(grid: Grid, limit: int | None, stats: SearchStats, show: bool, out: TextIO) -> int:
    """Print how many solutions (``5+``: stopped at the limit); returns the count."""
    count = count_solutions(grid, limit, stats)
    shown = f"{count}+" if count == limit else str(count)
    out.write(shown + _stats_comment(stats if show else None, inline=True) + "\n")
    return count


def _show_solutions(
    grid: Grid, job: SolveJob, stats: SearchStats, out: TextIO
) -> tuple[int, bool, Grid]:
    """Print the first solution (or, with --all, each up to the limit, then a ``#`` summary
    line); returns how many were printed, (without --all) whether there is another, and
    the first. A line-format answer is one line, its statistics appended as a ``#``
    comment; a grid is followed by its statistics line and a blank line. The statistics
    are the first solution's: looking for a second one (is it the only one?) is not
    counted in them.
    """
    count = 0
    first = grid
    found = all_solutions(grid, stats)
    for solution in found:
        count += 1
        if count == 1:
            first = solution
        last = not job.all or count == job.limit
        shown_stats = stats if job.stats and last and not job.all else None
        out.write(_show(solution, job.style, shown_stats))
        if last:
            break
    if job.all and count:
        stopped = f" (stopped at --limit {job.limit})" if count == job.limit else ""
        noun = "solution" if count == 1 else "solutions"
        summary = _stats_comment(stats if job.stats else None, inline=False)
        out.write(f"# {count} {noun}{stopped}{summary}\n")
    more = bool(count) and not job.all and next(found, None) is not None
    return count, more, first


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
