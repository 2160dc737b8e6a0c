"""``xl-sudoku convert``: puzzles and pencil marks in another tool's format (cli layer).

xl-sudoku convert PUZZLE|FILE|-|LINK --to line|grid|compact|ss|sdk|sdm|pm|ss-pm|s9b|link
"""

from __future__ import annotations

import argparse
import sys

from ..core import Grid, PuzzleError, format_grid, format_line
from ..core.marks import (
    Position,
    read_position,
    split_positions,
    sudokuwiki_link,
    write_pencilmarks,
    write_s9b,
)
from .arguments import add_sheet_options
from .errors import ExitStatus, say
from .inputs import Source, each_puzzle, entries, stream_of
from .solve import FORMATS

CONVERSIONS = (*FORMATS, "sdm", "pm", "ss-pm", "s9b", "link")


def configure_convert(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Read puzzles in any format xl-sudoku reads, a pencil-mark grid (HoDoKu, "
        "Simple Sudoku), or SudokuWiki's 162-character string or link, and write them in "
        "another: line (.sdm), grid, compact, ss, sdk, pm (HoDoKu pencil marks), ss-pm "
        "(Simple Sudoku's candidate grid), s9b (SudokuWiki's string), link (sudokuwiki.org)."
    )
    parser.add_argument(
        "source",
        metavar="PUZZLE|FILE|-|LINK",
        help="a puzzle, a file (text, or an .xlsx/.xlsm workbook), - for standard input, "
        "or a sudokuwiki.org link",
    )
    add_sheet_options(parser)
    parser.add_argument("--to", choices=CONVERSIONS, required=True, help="the format to write")


def run_convert(args: argparse.Namespace) -> ExitStatus:
    if args.source.startswith(("http://", "https://")):
        source = Source(args.source, args.source, True)
        found = entries(source)
    else:  # read as it comes: a bank of any length (its text kept when it is short)
        source, found = stream_of(args)
    # positions with pencil marks are a short text, read whole: one, or several as
    # convert writes them (strings or links one a line, grids one after another)
    texts = split_positions(source.text) if source.text else []
    if len(texts) > 1:
        return _convert_positions(source, texts, args.to)
    try:
        position = read_position(source.text) if source.text else None
    except PuzzleError:
        position = None  # many puzzles, or a bad one: each is read (and named) in turn
    if position is not None:
        print(converted(position, args.to))
        return ExitStatus.OK

    def convert_one(grid: Grid) -> None:
        print(converted(Position.from_puzzle(grid), args.to))

    return each_puzzle(source, convert_one, sys.stdout, found).status


def _convert_positions(source: Source, texts: list[tuple[int, str]], to: str) -> ExitStatus:
    """Each position of a text, converted; a bad one named by its line, the others done."""
    status = ExitStatus.OK
    for line, text in texts:
        try:
            print(converted(read_position(text), to))
        except PuzzleError as error:
            say(f"{source.name}: line {line}: {error}")
            status = ExitStatus.FAILED
    return status


def converted(position: Position, to: str) -> str:
    """A position written in the format ``to``."""
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
