"""``xl-sudoku render`` and ``latex``: pictures and print (cli layer).

xl-sudoku render PUZZLE|FILE [--candidates | --solve | --step N] [-o grid.svg|grid.png]
xl-sudoku latex PUZZLE|FILE [--stage bare|forced|marked|worked|all | --booklet]
                [--template ours|plain] [--no-guess] [-o F.tex|F.pdf]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from ..core import Grid, NoSolutionError, PuzzleError, count_solutions, validate
from ..pictures.latex import STAGES, TEMPLATES
from .arguments import add_source, positive
from .errors import (
    CommandError,
    ExitStatus,
    UsageError,
    extra_hint,
    needs_extra,
    say,
    several,
    write_output,
)
from .inputs import (
    Entry,
    Source,
    checked,
    describe,
    each_puzzle,
    location,
    notify,
    puzzles_of,
    source_of,
)


def configure_render(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Draw a grid as SVG (no dependency) or PNG (needs Pillow, "
        f"{extra_hint('images')}): the puzzle, with --candidates its pencil marks, with --solve "
        "the solved grid coloured by technique, with --step N the position before step N "
        "with that step lit up."
    )
    add_source(parser)
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--candidates", action="store_true", help="pencil marks in open cells")
    shown.add_argument("--solve", action="store_true", help="the solution, coloured by technique")
    shown.add_argument("--step", type=positive, metavar="N", help="step N of the logical solve")
    _add_output(parser, "a .svg or .png file (default: SVG to stdout)")
    parser.add_argument(
        "--scale",
        type=scale,
        default=2.0,
        metavar="S",
        help=f"PNG pixels per SVG unit, {SCALES[0]:g} to {SCALES[1]:g} (default 2: a grid "
        "912 pixels wide)",
    )


#: ``--scale``'s range: a grid 46 to 4,560 pixels wide (456 units); past it a PNG takes
#: memory by the gigabyte (``--scale 100``: 45,600 pixels a side)
SCALES = (0.1, 10.0)


def scale(text: str) -> float:
    """``--scale S``: a number within ``SCALES``."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not SCALES[0] <= value <= SCALES[1]:  # (nan and inf are not within)
        raise argparse.ArgumentTypeError(
            f"{text!r}: the scale is a number from {SCALES[0]:g} to {SCALES[1]:g}"
        )
    return value


def _add_output(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("-o", "--output", type=Path, metavar="FILE", help=what)
    parser.add_argument("--force", action="store_true", help="replace the output file if it exists")


def _suffix(output: Path | None, default: str, allowed: tuple[str, ...], what: str) -> str:
    suffix = output.suffix.lower() if output else default
    if suffix not in allowed:
        raise UsageError(f"{output}: {what}")
    return suffix


def run_render(args: argparse.Namespace) -> ExitStatus:
    suffix = _suffix(
        args.output, ".svg", (".svg", ".png"), "the picture is written as .svg or .png"
    )
    source, records = puzzles_of(args)
    if len(records) == 1:
        grid = checked(source, records[0])
        data, failed = _render_one(grid, args, suffix, source, records[0])
        if data is not None:
            if args.output is None:
                sys.stdout.write(data.decode())
            else:
                write_output(args.output, data, force=args.force)
        return source.status(ExitStatus.FAILED if failed else ExitStatus.OK)
    # a file of puzzles: a picture each, numbered as the puzzles are
    if args.output is None:
        example = _numbered(Path("grid" + suffix), len(records))
        raise UsageError(
            f"{source.name} holds {len(records)} puzzles: name an output and each gets its "
            f"own (-o grid{suffix} writes {example[0]} ... {example[-1]}), or give one puzzle"
        )
    targets = [Path(name) for name in _numbered(args.output, len(records))]
    taken = [t for t in targets if t.exists()]
    if taken and not args.force:
        raise UsageError(f"{taken[0]} exists: use --force to replace it")
    failures = 0
    for record, target in zip(records, targets, strict=True):
        try:
            grid = checked(source, record)
            data, failed = _render_one(grid, args, suffix, source, record)
        except CommandError as error:
            say(str(error))
            failures += 1
            continue
        failures += failed
        if data is not None:
            write_output(target, data, force=args.force)
    say(f"{source.name}: {len(records)} puzzles, drawn as {targets[0]} ... {targets[-1]}")
    return source.status(ExitStatus.FAILED if failures else ExitStatus.OK)


def _numbered(output: Path, count: int) -> list[str]:
    """``grid-1.svg`` ... for ``count`` puzzles (numbers padded to sort in order)."""
    width = len(str(count))
    return [
        str(output.with_name(f"{output.stem}-{n:0{width}}{output.suffix}"))
        for n in range(1, count + 1)
    ]


def _render_one(
    grid: Grid, args: argparse.Namespace, suffix: str, source: Source, entry: Entry
) -> tuple[bytes | None, bool]:
    """One puzzle's picture (None if there is nothing to draw), and whether it failed: a
    puzzle with no solution is said to have none (and with --solve is not drawn); one with
    several is said to have them. A ``--step`` past the puzzle's last is a usage error for a
    puzzle given as the argument, and a failure of that puzzle, named, for one of a file."""
    from ..pictures.render import png, puzzle_picture, solution_picture, step_picture, svg  # noqa: PLC0415

    solutions = count_solutions(grid, limit=2)
    if solutions == 0:
        notify(source, entry, "no solution")
        if args.solve:
            return None, True
    try:
        if args.solve:
            drawing = solution_picture(grid)
            notice = several(solutions, "showing one")
        elif args.step:
            drawing = step_picture(grid, args.step)
            notice = several(solutions, "the steps lead to one of them")
        else:
            drawing = puzzle_picture(grid, candidates=args.candidates)
            notice = several(solutions, "not a proper puzzle")
    except PuzzleError as error:
        raise CommandError(str(error)) from None
    except ValueError as error:  # no such step
        if source.single:
            raise UsageError(str(error)) from None
        raise CommandError(f"{source.name}: {location(source, entry)}{error}") from None
    if notice:
        notify(source, entry, notice)
    if suffix == ".png":
        try:
            data = png(drawing, args.scale)
        except ImportError:
            raise needs_extra("PNG output (Pillow)", "images") from None
    else:
        data = svg(drawing).encode()
    return data, solutions == 0


def _template(text: str) -> str:
    """``--template``: ``plain`` is the worksheet's template (also taken by its first name,
    ``assignment``)."""
    return "assignment" if text == "plain" else text


def configure_latex(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Write a puzzle in LaTeX at a stage of working it: bare (the givens), "
        "forced (with the digits singles force), marked (with pencil marks), worked (after "
        "preemptive sets, removed marks struck out, then guesses to the end), or all four; "
        "or, with --booklet, every "
        "puzzle of the source, several to a page, solutions at the back. -o FILE.pdf "
        "compiles it with pdflatex (tikz and cancel: Debian texlive-latex-extra)."
    )
    add_source(parser)
    parser.add_argument(
        "--stage", choices=(*STAGES, "all"), default="bare", help="what to show (default bare)"
    )
    parser.add_argument(
        "--booklet", action="store_true", help="every puzzle, solutions at the back"
    )
    parser.add_argument(
        "--per-page", type=positive, default=6, metavar="N", help="booklet: N a page"
    )
    parser.add_argument("--title", default="", help="a title above the grid (or the booklet)")
    parser.add_argument(
        "--template",
        type=_template,
        choices=TEMPLATES,
        metavar="ours|plain",
        default="ours",
        help="ours, or 'plain': a worksheet template's own text, word for word (its "
        "preamble, its \\N macro of tikz labels, no title or note); default ours",
    )
    parser.add_argument(
        "--no-guess",
        dest="guess",
        action="store_false",
        help="worked: stop where logic does (by default it guesses on to the end, as one "
        "finishes a grid by hand, and boxes the guesses the solution stands on)",
    )
    _add_output(parser, "a .tex or .pdf file (default: stdout)")


def run_latex(args: argparse.Namespace) -> ExitStatus:
    from ..pictures.latex import booklet, compile_pdf, document  # noqa: PLC0415

    suffix = _suffix(
        args.output, ".tex", (".tex", ".pdf"), "LaTeX is written as .tex, or compiled to .pdf"
    )
    status = ExitStatus.OK
    if args.booklet and args.template != "ours":
        raise UsageError("--booklet has one template, ours (the plain one is for one grid)")
    if args.booklet:
        grids: list[Grid] = []

        def keep(grid: Grid) -> str | None:
            validate(grid)
            solutions = count_solutions(grid, limit=2)
            if not solutions:
                raise NoSolutionError()
            grids.append(grid)
            return several(solutions, "its solution at the back is the first")

        tally = each_puzzle(source_of(args), keep)
        if not grids:
            return ExitStatus.FAILED
        status = tally.status
        tex = booklet(grids, args.per_page, args.title or "Sudoku")
    else:
        source, records = puzzles_of(args)
        if len(records) > 1:
            raise UsageError(
                f"{source.name} holds {len(records)} puzzles: --booklet prints them all "
                "(six to a page, solutions at the back); the stages are for one puzzle"
            )
        grid = checked(source, records[0])
        solutions = count_solutions(grid, limit=2)
        if not solutions:
            raise CommandError(describe(source, NoSolutionError(), records[0]))
        notice = several(solutions, "a puzzle to print should have one")
        if notice:
            notify(source, records[0], notice)
        stages = STAGES if args.stage == "all" else (args.stage,)
        tex = document(grid, stages, args.title, args.template, args.guess)
        status = source.status(status)
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
    write_output(args.output, data, force=args.force)
    return status
