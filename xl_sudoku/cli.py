"""The ``xl-sudoku`` command line (edge layer: reads text, calls the core, prints).

    xl-sudoku solve PUZZLE|FILE|- [--count [--limit N] | --all] [--stats] [--format line|grid]
    xl-sudoku steps PUZZLE|FILE|- [--techniques LIST] [--until N]
    xl-sudoku hint  PUZZLE|FILE|- [--level 1|2|3] [--techniques LIST]
    xl-sudoku rate  PUZZLE|FILE|- [--techniques LIST]
    xl-sudoku generate [-n N] [--difficulty LABEL | --rating 4.0-5.5] [--technique NAME]
                       [--symmetry rot180] [--minimal] [--seed S]
    xl-sudoku target PUZZLE|FILE|- [--format line|grid|score]
    xl-sudoku convert PUZZLE|FILE|-|LINK --to line|grid|compact|ss|sdk|sdm|pm|ss-pm|s9b|link
    xl-sudoku render PUZZLE [--candidates | --solve | --step N] [-o grid.svg|grid.png]
    xl-sudoku latex PUZZLE|FILE [--stage bare|forced|marked|worked|all | --booklet] [-o F.tex|F.pdf]
    xl-sudoku batch FILE|DIR... [-o OUT] [--in-place] [--jobs N] [--range R] [--column C]
    xl-sudoku build-workbook [-o workbook/sudoku.xlsm]

Exit status: 0 when every puzzle was solved, 1 when any puzzle was invalid or had no
solution (each named on stderr with its line), 2 for a usage error, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from . import __version__
from .core import (
    Grid,
    NoSolutionError,
    PuzzleError,
    PuzzleRecord,
    SearchStats,
    format_grid,
    format_line,
    read_puzzles,
    solutions,
)
from .core.engine import LogicSolver, select_techniques
from .core.errors import MultipleSolutionsError
from .core.generate import SYMMETRIES, GenerationError, generate
from .core.hints import hint_text
from .core.marks import (
    Position,
    read_position,
    sudokuwiki_link,
    write_pencilmarks,
    write_s9b,
)
from .core.rating import rate_trace
from .core.rules import validate
from .core.steps import CONTRADICTION, Step, Technique
from .core.target import best_score
from .latex import STAGES

PROG = "xl-sudoku"
FORMATS = ("line", "grid", "compact", "ss", "sdk")
CONVERSIONS = (*FORMATS, "sdm", "pm", "ss-pm", "s9b", "link")


class UsageError(Exception):
    """Bad arguments or an unreadable input: exit status 2."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where puzzles come from: a name for messages, the text, and whether it is one puzzle."""

    name: str
    text: str
    single: bool  # given on the command line: messages name no file and no line


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except UsageError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly, without a second error at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as error:  # no traceback reaches a user; XL_SUDOKU_DEBUG shows it
        if os.environ.get("XL_SUDOKU_DEBUG"):
            raise
        print(
            f"{PROG}: internal error: {error!r} (set XL_SUDOKU_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 3
    return status


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="A sudoku solver: fast pure-Python core, Excel workbook, batch mode."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", required=True, metavar="COMMAND")

    solve = commands.add_parser(
        "solve",
        help="solve one puzzle or a file of puzzles",
        description="Solve puzzles: one given as an argument, or every puzzle in a file "
        "(one 81-cell line each, or 9-line grids), or '-' for standard input.",
    )
    solve.add_argument(
        "source", metavar="PUZZLE|FILE|-", help="an 81-cell puzzle, a file of puzzles, or -"
    )
    what = solve.add_mutually_exclusive_group()
    what.add_argument(
        "--count", action="store_true", help="print how many solutions each puzzle has"
    )
    what.add_argument("--all", action="store_true", help="print every solution of each puzzle")
    solve.add_argument(
        "--limit",
        type=_positive,
        metavar="N",
        help="stop counting or listing at N solutions (default for --count: 1000)",
    )
    solve.add_argument("--stats", action="store_true", help="print search statistics and a summary")
    solve.add_argument(
        "--format",
        choices=FORMATS,
        default="line",
        help="how to print a solution: one line (default) or a 9-line grid "
        "(grid, compact '812 753 649', ss Simple Sudoku, sdk)",
    )
    solve.set_defaults(run=_solve_command)

    steps = commands.add_parser(
        "steps",
        help="solve as a person would, printing every step",
        description="Print the numbered trace of a logical solve: each step's technique, cells "
        "and explanation; guesses, contradictions and backtracks with their levels; totals.",
    )
    _add_source(steps)
    _add_techniques(steps)
    steps.add_argument("--until", type=_positive, metavar="N", help="stop after N steps")
    steps.set_defaults(run=_steps_command)

    hint = commands.add_parser(
        "hint",
        help="a hint for the next step",
        description="A hint for the next logical step: level 1 names the technique, "
        "2 says where to look, 3 gives the whole step.",
    )
    _add_source(hint)
    hint.add_argument("--level", type=int, choices=(1, 2, 3), default=1, help="how much to say")
    _add_techniques(hint)
    hint.set_defaults(run=_hint_command)

    rate = commands.add_parser(
        "rate",
        help="rate puzzles on Sudoku Explainer's scale",
        description="Rate every puzzle: one line each with the puzzle, its rating on Sudoku "
        "Explainer's scale, its label and the hardest technique it needs.",
    )
    _add_source(rate)
    _add_techniques(rate)
    rate.set_defaults(run=_rate_command)

    generate = commands.add_parser(
        "generate",
        help="make new puzzles with one solution",
        description="Make puzzles with exactly one solution: a random full grid, clues taken "
        "away while the solution stays unique. One puzzle a line, with its rating. The same "
        "--seed gives the same puzzles.",
    )
    generate.add_argument("-n", type=_positive, default=1, metavar="N", help="how many (default 1)")
    level = generate.add_mutually_exclusive_group()
    level.add_argument(
        "--difficulty",
        metavar="LABEL",
        help="Easy, Medium, Hard, Expert, Extreme or 'Needs guessing'",
    )
    level.add_argument(
        "--rating", type=_rating_range, metavar="LOW-HIGH", help="a range on SE's scale: 4.0-5.5"
    )
    generate.add_argument(
        "--technique", metavar="NAME", help="a technique the solve must use: x-wing, xy-wing ..."
    )
    generate.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        default="none",
        help="how the clues are placed: none, rot180, rot90, mirror, diagonal",
    )
    generate.add_argument("--minimal", action="store_true", help="no clue can be taken away")
    generate.add_argument("--seed", type=int, metavar="S", help="the same seed, the same puzzles")
    generate.add_argument(
        "--max-attempts",
        type=_positive,
        default=2000,
        metavar="N",
        help="full grids to try for each puzzle before giving up (default 2000)",
    )
    generate.set_defaults(run=_generate_command)

    target = commands.add_parser(
        "target",
        help="target sudoku (NOIP 2009): the highest-scoring solution",
        description="Target sudoku: cells score 6 on the outer ring up to 10 in the centre; "
        "among all solutions of the givens, print the highest total of score x digit and "
        "its grid, or -1 if there is no solution. Exact (a bounded search).",
    )
    _add_source(target)
    target.add_argument(
        "--format",
        choices=("line", "grid", "score"),
        default="line",
        help="the score and the grid on one line (default), the score and a 9-line grid, "
        "or the score alone",
    )
    target.set_defaults(run=_target_command)

    convert = commands.add_parser(
        "convert",
        help="write puzzles (and pencil marks) in another tool's format",
        description="Read puzzles in any format xl-sudoku reads, a pencil-mark grid (HoDoKu, "
        "Simple Sudoku), or SudokuWiki's 162-character string or link, and write them in "
        "another: line (.sdm), grid, compact, ss, sdk, pm (HoDoKu pencil marks), ss-pm "
        "(Simple Sudoku's candidate grid), s9b (SudokuWiki's string), link (sudokuwiki.org).",
    )
    convert.add_argument(
        "source",
        metavar="PUZZLE|FILE|-|LINK",
        help="a puzzle, a file, - for standard input, or a sudokuwiki.org link",
    )
    convert.add_argument("--to", choices=CONVERSIONS, required=True, help="the format to write")
    convert.set_defaults(run=_convert_command)

    render = commands.add_parser(
        "render",
        help="a picture of a grid: SVG, or PNG (with Pillow)",
        description="Draw a grid as SVG (no dependency) or PNG (needs Pillow: pip install "
        "'xl-sudoku[images]'): the puzzle, with --candidates its pencil marks, with --solve "
        "the solved grid coloured by technique, with --step N the position before step N "
        "with that step lit up.",
    )
    _add_source(render)
    shown = render.add_mutually_exclusive_group()
    shown.add_argument("--candidates", action="store_true", help="pencil marks in open cells")
    shown.add_argument("--solve", action="store_true", help="the solution, coloured by technique")
    shown.add_argument("--step", type=_positive, metavar="N", help="step N of the logical solve")
    render.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE",
        help="a .svg or .png file (default: SVG to stdout)",
    )
    render.add_argument("--scale", type=float, default=2.0, help="PNG pixels per SVG unit (2)")
    render.add_argument("--force", action="store_true", help="replace the output file if it exists")
    render.set_defaults(run=_render_command)

    latex = commands.add_parser(
        "latex",
        help="printable grids: LaTeX (or PDF, with pdflatex)",
        description="Write a puzzle in LaTeX at a stage of working it: bare (the givens), "
        "forced (with the digits singles force), marked (with pencil marks), worked (after "
        "preemptive sets, removed marks struck out), or all four; or, with --booklet, every "
        "puzzle of the source, several to a page, solutions at the back. -o FILE.pdf "
        "compiles it with pdflatex (tikz and cancel: Debian texlive-latex-extra).",
    )
    _add_source(latex)
    latex.add_argument(
        "--stage", choices=(*STAGES, "all"), default="bare", help="what to show (default bare)"
    )
    latex.add_argument("--booklet", action="store_true", help="every puzzle, solutions at the back")
    latex.add_argument(
        "--per-page", type=_positive, default=6, metavar="N", help="booklet: N a page"
    )
    latex.add_argument("--title", default="", help="a title above the grid (or the booklet)")
    latex.add_argument(
        "-o", "--output", type=Path, metavar="FILE", help="a .tex or .pdf file (default: stdout)"
    )
    latex.add_argument("--force", action="store_true", help="replace the output file if it exists")
    latex.set_defaults(run=_latex_command)

    batch = commands.add_parser(
        "batch",
        help="solve the puzzles in .xlsx/.xlsm files (no Excel needed)",
        description="Solve every puzzle in workbooks: our template (Givens/Work), 9x9 grids "
        "found on any sheet, and columns of 81-character puzzle strings. Answers go to "
        "NAME.solved.xlsx beside each input; the input is never changed unless --in-place. "
        "Needs the 'batch' extra: pip install 'xl-sudoku[batch]'.",
    )
    batch.add_argument("files", nargs="+", metavar="FILE|DIR", help="workbooks, or folders of them")
    batch.add_argument("-o", "--output", type=Path, metavar="OUT", help="output file, or folder")
    batch.add_argument("--in-place", action="store_true", help="write into the inputs (atomically)")
    batch.add_argument("--force", action="store_true", help="replace output files that exist")
    batch.add_argument("--jobs", type=_positive, default=1, metavar="N", help="parallel processes")
    batch.add_argument(
        "--range", dest="named_range", metavar="'SHEET!B3:J11'", help="the 9x9 grid to solve"
    )
    batch.add_argument(
        "--column", metavar="'SHEET!A'", help="the column of puzzle strings to solve"
    )
    batch.add_argument(
        "--logic-only",
        action="store_true",
        help="take grids only as far as logic goes: open cells show their candidates",
    )
    _add_techniques(batch)
    batch.add_argument("--report", type=Path, metavar="FILE", help="every result as CSV (or .json)")
    batch.add_argument("-q", "--quiet", action="store_true", help="no progress and no summary")
    batch.set_defaults(run=_batch_command)

    build = commands.add_parser(
        "build-workbook",
        help="build workbook/sudoku.xlsm from its sources",
        description="Build the macro-enabled workbook from its text sources (VBA modules, "
        "ribbon XML, sheet layout). Needs the 'workbook' extra: pip install 'xl-sudoku[workbook]'.",
    )
    build.add_argument(
        "-o", "--output", default="workbook/sudoku.xlsm", metavar="PATH", help="where to write it"
    )
    build.set_defaults(run=_build_command)
    return parser


def _add_source(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "source", metavar="PUZZLE|FILE|-", help="an 81-cell puzzle, a file of puzzles, or -"
    )


def _add_techniques(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--techniques",
        type=_technique_list,
        metavar="LIST",
        help="only these techniques or families, comma-separated (e.g. singles,intersections; "
        "see 'xl-sudoku rate --help' for names)",
    )


def _technique_list(text: str) -> tuple[Technique, ...]:
    try:
        return select_techniques(n for n in text.split(",") if n.strip())
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def _rating_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    try:
        values = float(low), float(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range such as 4.0-5.5") from None
    if values[0] > values[1]:
        raise argparse.ArgumentTypeError(f"{text!r} is empty: the low end is above the high end")
    return values


def _solve_command(args: argparse.Namespace) -> int:
    if args.limit is not None and not (args.count or args.all):
        raise UsageError("--limit goes with --count or --all")
    limit: int | None = args.limit
    if args.count and limit is None:
        limit = 1000

    def solve_one(grid: Grid) -> None:
        if not _solve_one(grid, args, limit, SearchStats(), sys.stdout):
            raise NoSolutionError()

    source = _read_source(args.source)
    started = time.perf_counter()
    total, failed = _each_puzzle(source, solve_one)
    if args.stats and total:
        elapsed = time.perf_counter() - started
        rate = f", {total / elapsed:.0f} puzzles/s" if elapsed > 0 else ""
        print(
            f"{PROG}: solved {total - failed} of {total} puzzles in {elapsed:.3f} s{rate}",
            file=sys.stderr,
        )
    return 1 if failed or not total else 0


def _each_puzzle(source: Source, handle: Callable[[Grid], None]) -> tuple[int, int]:
    """Call ``handle`` on each puzzle of a source; report each bad one with its line and
    go on. Returns (puzzles, failures); says so if there was no puzzle at all."""
    total = failed = 0
    for record in _records(source):
        total += 1
        try:
            if record.grid is None:
                assert record.error is not None
                raise record.error
            handle(record.grid)
        except PuzzleError as error:
            if error.line is None and not source.single:
                error.line = record.line
            _report(source, error)
            failed += 1
    if total == 0:
        print(f"{PROG}: {source.name}: no puzzle found", file=sys.stderr)
    return total, failed


def _solve_one(
    grid: Grid, args: argparse.Namespace, limit: int | None, stats: SearchStats, out: TextIO
) -> int:
    """Print what was asked for one puzzle; returns how many solutions were found.

    A line-format answer is one line, its statistics appended as a ``#`` comment; a grid
    is followed by its statistics line and a blank line. Both read back as puzzles.
    """
    if args.count:
        count = 0
        for _ in solutions(grid, stats):
            count += 1
            if count == limit:
                break
        shown = f"{count}+" if count == limit else str(count)
        out.write(shown + _stats_comment(stats, args.stats, inline=True) + "\n")
        return count
    count = 0
    for solution in solutions(grid, stats):
        count += 1
        last = not args.all or count == limit
        out.write(
            _show(solution, args.format, stats if args.stats and last and not args.all else None)
        )
        if last:
            break
    if args.all and count:
        stopped = f" (stopped at --limit {limit})" if count == limit else ""
        noun = "solution" if count == 1 else "solutions"
        out.write(
            f"# {count} {noun}{stopped}" + _stats_comment(stats, args.stats, inline=False) + "\n"
        )
    return count


def _show(solution: Grid, style: str, stats: SearchStats | None) -> str:
    """One solution in the chosen format, with its statistics if given."""
    if style == "line":
        return format_line(solution) + _stats_comment(stats, stats is not None, inline=True) + "\n"
    text = format_grid(solution, style) + "\n"  # type: ignore[arg-type]
    if stats is not None:
        text += "#" + _stats_comment(stats, True, inline=False)[1:] + "\n"
    return text + "\n"


def _stats_comment(stats: SearchStats | None, wanted: bool, *, inline: bool) -> str:
    """``  # 85 nodes, ...`` after a line, or ``, 85 nodes, ...`` after a summary comment."""
    if not wanted or stats is None:
        return ""
    text = (
        f"{stats.nodes} nodes, {stats.guesses} guesses, level {stats.max_level}, "
        f"{stats.seconds * 1000:.2f} ms"
    )
    return f"  # {text}" if inline else f", {text}"


def _steps_command(args: argparse.Namespace) -> int:
    source = _read_source(args.source)
    out = sys.stdout

    def trace_one(grid: Grid) -> None:
        solver = LogicSolver(grid, args.techniques)
        if source.single is False:
            out.write(f"# {format_line(grid)}\n")
        out.write(f"{'step':>5} {'level':>5}  {'technique':<24} {'cells':<18} explanation\n")
        trace = solver.run_until(args.until) if args.until else solver.run()
        for number, step in enumerate(trace.steps, 1):
            out.write(
                f"{number:>5} {step.level:>5}  {step.technique.name:<24} "
                f"{_changed_cells(step):<18} {step.explanation}\n"
            )
        contradictions = sum(1 for s in trace.steps if s.technique is CONTRADICTION)
        totals = (
            f"{len(trace.steps)} steps ({trace.guesses} guesses, {contradictions} "
            f"contradictions, deepest level {trace.max_level}) in {trace.seconds * 1000:.1f} ms"
        )
        if trace.status == "solving":
            open_cells = trace.grid.count(0)
            out.write(f"stopped after {totals}; {open_cells} cells still open\n")
            out.write(format_grid(trace.grid) + "\n\n")
            return
        if trace.status == "no solution":
            out.write(f"no solution: proven in {totals}\n\n")
            raise NoSolutionError()
        unique = {1: "the solution is unique", 2: "the puzzle has other solutions too"}
        out.write(f"solved in {totals}; {unique.get(trace.solutions, '')}\n")
        if trace.unique:
            out.write(f"rating {rate_trace(trace)}\n")
        out.write(format_grid(trace.grid) + "\n\n")

    total, failed = _each_puzzle(source, trace_one)
    return 1 if failed or not total else 0


def _changed_cells(step: Step) -> str:
    """The cells a step sets or clears, shortened to fit a column."""
    cells = list(dict.fromkeys(c for c, _ in step.placements + step.eliminations))
    text = " ".join(f"r{c // 9 + 1}c{c % 9 + 1}" for c in cells[:3])
    return text + (" ..." if len(cells) > 3 else "")


def _hint_command(args: argparse.Namespace) -> int:
    source = _read_source(args.source)

    def hint_one(grid: Grid) -> None:
        solver = LogicSolver(grid, args.techniques)
        if solver.solutions == 0:
            raise NoSolutionError()
        step = solver.step()
        if step is None:
            raise PuzzleError("the puzzle is already solved")
        print(hint_text(step, args.level))

    total, failed = _each_puzzle(source, hint_one)
    return 1 if failed or not total else 0


def _rate_command(args: argparse.Namespace) -> int:
    source = _read_source(args.source)

    def rate_one(grid: Grid) -> None:
        solver = LogicSolver(grid, args.techniques)
        if solver.solutions == 0:
            raise NoSolutionError()
        if solver.solutions > 1:
            raise MultipleSolutionsError()
        rating = rate_trace(solver.run())
        hardest = rating.hardest.name if rating.hardest else "-"
        if rating.needs_guessing and rating.hardest_logic:
            hardest += f" (hardest technique: {rating.hardest_logic.name})"
        print(f"{format_line(grid)}  {rating.value:4.1f}  {rating.label:<14}  {hardest}")

    total, failed = _each_puzzle(source, rate_one)
    return 1 if failed or not total else 0


def _generate_command(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    if args.technique:
        try:
            select_techniques([args.technique])
        except ValueError as error:
            raise UsageError(str(error)) from None
    for _ in range(args.n):
        try:
            made = generate(
                rng,
                symmetry=args.symmetry,
                difficulty=args.difficulty,
                rating=args.rating,
                technique=args.technique,
                minimal=args.minimal,
                attempts=args.max_attempts,
            )
        except GenerationError as error:
            print(f"{PROG}: {error}: try --max-attempts, or an easier ask", file=sys.stderr)
            return 1
        except ValueError as error:  # an unknown difficulty
            raise UsageError(str(error)) from None
        print(f"{format_line(made.puzzle)}  # {made.rating}, {made.clues} clues")
    return 0


def _target_command(args: argparse.Namespace) -> int:
    source = _read_source(args.source)

    def target_one(grid: Grid) -> None:
        found = best_score(grid)
        if found.grid is None or args.format == "score":
            print(found.score)
        elif args.format == "grid":
            print(f"{found.score}\n{format_grid(found.grid)}\n")
        else:
            print(f"{found.score}  {format_line(found.grid)}")

    total, failed = _each_puzzle(source, target_one)
    return 1 if failed or not total else 0


def _convert_command(args: argparse.Namespace) -> int:
    text = args.source if args.source.startswith(("http://", "https://")) else None
    source = Source(args.source, text, True) if text else _read_source(args.source)
    try:
        position = read_position(source.text)
    except PuzzleError:
        position = None  # many puzzles, or a bad one: each is read (and named) in turn
    if position is not None:
        print(_converted(position, args.to))
        return 0

    def convert_one(grid: Grid) -> None:
        print(_converted(Position.from_puzzle(grid), args.to))

    total, failed = _each_puzzle(source, convert_one)
    return 1 if failed or not total else 0


def _converted(position: Position, to: str) -> str:
    if to in ("line", "sdm"):
        return format_line(position.givens)
    if to == "pm":
        return write_pencilmarks(position, "hodoku")
    if to == "ss-pm":
        return write_pencilmarks(position, "ss")
    if to == "s9b":
        return write_s9b(position)
    if to == "link":
        return sudokuwiki_link(position)
    return format_grid(position.givens, to) + "\n"  # type: ignore[arg-type]


def _render_command(args: argparse.Namespace) -> int:
    from .render import png, puzzle_picture, solution_picture, step_picture, svg  # noqa: PLC0415

    suffix = args.output.suffix.lower() if args.output else ".svg"
    if suffix not in (".svg", ".png"):
        raise UsageError(f"{args.output}: the picture is written as .svg or .png")
    grid = _one_puzzle(args.source)
    if grid is None:
        return 1
    try:
        if args.solve:
            drawing = solution_picture(grid)
        elif args.step:
            drawing = step_picture(grid, args.step)
        else:
            drawing = puzzle_picture(grid, candidates=args.candidates)
    except PuzzleError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except ValueError as error:  # no such step
        raise UsageError(str(error)) from None
    if suffix == ".png":
        try:
            data = png(drawing, args.scale)
        except ImportError as error:
            raise UsageError(str(error)) from None
    else:
        data = svg(drawing).encode()
    if args.output is None:
        sys.stdout.write(data.decode())
        return 0
    write_file(args.output, data, force=args.force)
    return 0


def _latex_command(args: argparse.Namespace) -> int:
    from .latex import booklet, compile_pdf, document  # noqa: PLC0415

    suffix = args.output.suffix.lower() if args.output else ".tex"
    if suffix not in (".tex", ".pdf"):
        raise UsageError(f"{args.output}: LaTeX is written as .tex, or compiled to .pdf")
    status = 0
    if args.booklet:
        source = _read_source(args.source)
        grids: list[Grid] = []

        def keep(grid: Grid) -> None:
            validate(grid)
            grids.append(grid)

        _, failed = _each_puzzle(source, keep)
        if not grids:
            return 1
        status = 1 if failed else 0
        tex = booklet(grids, args.per_page, args.title or "Sudoku")
    else:
        grid = _one_puzzle(args.source)
        if grid is None:
            return 1
        stages = STAGES if args.stage == "all" else (args.stage,)
        tex = document(grid, stages, args.title)
    if args.output is None:
        sys.stdout.write(tex)
        return status
    if suffix == ".pdf":
        try:
            data = compile_pdf(tex)
        except (FileNotFoundError, RuntimeError) as error:
            raise UsageError(str(error)) from None
    else:
        data = tex.encode()
    write_file(args.output, data, force=args.force)
    return status


def _one_puzzle(argument: str) -> Grid | None:
    """The one puzzle a command works on: the first of its source, checked; None (and a
    message naming the cell) if it is bad."""
    source = _read_source(argument)
    for record in _records(source):
        try:
            if record.grid is None:
                assert record.error is not None
                raise record.error
            validate(record.grid)
        except PuzzleError as error:
            _report(source, error)
            return None
        return record.grid
    raise UsageError(f"{source.name}: no puzzle found")


def write_file(path: Path, data: bytes, *, force: bool) -> None:
    """Write ``data`` to ``path`` atomically; an existing file only with ``force``."""
    if path.exists() and not force:
        raise UsageError(f"{path} exists: use --force to replace it")
    if path.is_dir():
        raise UsageError(f"{path} is a folder")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise UsageError(f"cannot write {path}: {error.strerror}") from None


def _batch_command(args: argparse.Namespace) -> int:
    if args.in_place and args.output:
        raise UsageError("--in-place and -o exclude each other")
    if args.named_range and args.column:
        raise UsageError("--range and --column exclude each other")
    try:
        from .batch.run import Options, run  # noqa: PLC0415 - needs the 'batch' extra
    except ImportError as error:
        raise UsageError(f"batch mode needs {error.name}: pip install 'xl-sudoku[batch]'") from None
    options = Options(
        output=args.output,
        in_place=args.in_place,
        force=args.force,
        jobs=args.jobs,
        named_range=args.named_range,
        column=args.column,
        logic_only=args.logic_only,
        techniques=tuple(t.key for t in args.techniques) if args.techniques else None,
    )
    return run(args.files, options, args.report, args.quiet)


def _build_command(args: argparse.Namespace) -> int:
    try:
        from .workbook.build import write  # noqa: PLC0415 - needs the 'workbook' extra
    except ImportError as error:
        raise UsageError(
            f"building the workbook needs {error.name}: pip install 'xl-sudoku[workbook]'"
        ) from None
    path = write(Path(args.output))
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


def _read_source(argument: str) -> Source:
    """The text to read puzzles from: standard input, a file, or the argument itself."""
    if argument == "-":
        return Source("<stdin>", sys.stdin.read(), single=False)
    if os.path.isdir(argument):
        raise UsageError(f"{argument!r} is a directory, not a file of puzzles")
    if os.path.exists(argument):
        try:
            with open(argument, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise UsageError(f"cannot read {argument!r}: {error.strerror}") from None
        if b"\0" in data[:4096] or data[:2] == b"PK":
            raise UsageError(f"{argument!r} is not a text file of puzzles")
        return Source(argument, data.decode("utf-8-sig", errors="replace"), single=False)
    if "\n" in argument or len("".join(argument.split())) >= 81:
        return Source("puzzle", argument, single=True)
    raise UsageError(f"{argument!r} is neither a file nor a puzzle (a puzzle has 81 cells)")


def _records(source: Source) -> Iterator[PuzzleRecord]:
    for record in read_puzzles(source.text):
        if source.single and record.error is not None and "\n" not in source.text.strip():
            record.error.line = None
        yield record


def _report(source: Source, error: PuzzleError) -> None:
    where = "" if source.single else f"{source.name}: "
    print(f"{PROG}: {where}{error}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
