"""``xl-sudoku render`` and ``latex``: pictures and print (cli layer).

xl-sudoku render PUZZLE [--candidates | --solve | --step N] [-o grid.svg|grid.png]
xl-sudoku latex PUZZLE|FILE [--stage bare|forced|marked|worked|all | --booklet]
                [-o F.tex|F.pdf]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core import Grid, PuzzleError, validate
from ..latex import STAGES
from .shared import (
    CommandError,
    ExitStatus,
    UsageError,
    add_source,
    each_puzzle,
    one_puzzle,
    positive,
    read_source,
    write_output,
)


def configure_render(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Draw a grid as SVG (no dependency) or PNG (needs Pillow: pip install "
        "'xl-sudoku[images]'): the puzzle, with --candidates its pencil marks, with --solve "
        "the solved grid coloured by technique, with --step N the position before step N "
        "with that step lit up."
    )
    add_source(parser)
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--candidates", action="store_true", help="pencil marks in open cells")
    shown.add_argument("--solve", action="store_true", help="the solution, coloured by technique")
    shown.add_argument("--step", type=positive, metavar="N", help="step N of the logical solve")
    _add_output(parser, "a .svg or .png file (default: SVG to stdout)")
    parser.add_argument("--scale", type=float, default=2.0, help="PNG pixels per SVG unit (2)")


def _add_output(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("-o", "--output", type=Path, metavar="FILE", help=what)
    parser.add_argument("--force", action="store_true", help="replace the output file if it exists")


def _suffix(output: Path | None, default: str, allowed: tuple[str, ...], what: str) -> str:
    suffix = output.suffix.lower() if output else default
    if suffix not in allowed:
        raise UsageError(f"{output}: {what}")
    return suffix


def run_render(args: argparse.Namespace) -> ExitStatus:
    from ..render import png, puzzle_picture, solution_picture, step_picture, svg  # noqa: PLC0415

    suffix = _suffix(
        args.output, ".svg", (".svg", ".png"), "the picture is written as .svg or .png"
    )
    grid = one_puzzle(args.source)
    try:
        if args.solve:
            drawing = solution_picture(grid)
        elif args.step:
            drawing = step_picture(grid, args.step)
        else:
            drawing = puzzle_picture(grid, candidates=args.candidates)
    except PuzzleError as error:
        raise CommandError(str(error)) from None
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
    else:
        write_output(args.output, data, force=args.force)
    return ExitStatus.OK


def configure_latex(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Write a puzzle in LaTeX at a stage of working it: bare (the givens), "
        "forced (with the digits singles force), marked (with pencil marks), worked (after "
        "preemptive sets, removed marks struck out), or all four; or, with --booklet, every "
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
    _add_output(parser, "a .tex or .pdf file (default: stdout)")


def run_latex(args: argparse.Namespace) -> ExitStatus:
    from ..latex import booklet, compile_pdf, document  # noqa: PLC0415

    suffix = _suffix(
        args.output, ".tex", (".tex", ".pdf"), "LaTeX is written as .tex, or compiled to .pdf"
    )
    status = ExitStatus.OK
    if args.booklet:
        grids: list[Grid] = []

        def keep(grid: Grid) -> None:
            validate(grid)
            grids.append(grid)

        tally = each_puzzle(read_source(args.source), keep)
        if not grids:
            return ExitStatus.FAILED
        status = tally.status
        tex = booklet(grids, args.per_page, args.title or "Sudoku")
    else:
        grid = one_puzzle(args.source)
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
    write_output(args.output, data, force=args.force)
    return status
