"""``xl-sudoku generate``: new puzzles with one solution (cli layer).

xl-sudoku generate [-n N] [--difficulty LABEL | --rating 4.0-5.5] [--technique NAME]
                   [--symmetry none|rot180|rot90|mirror|diagonal] [--minimal] [--seed S]
                   [-o FILE.txt|FILE.xlsx [--force]]

With ``-o FILE.xlsx`` the puzzles go to a list workbook (puzzle, rating, label, hardest
technique), which batch mode and every command that reads puzzles read back.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from ..core import Generated, GenerationError, format_line, generate, select_techniques
from ..core.generate import DIFFICULTIES, SCALE, SYMMETRIES
from ..core.generate import rating_range as core_rating_range
from .shared import (
    CommandError,
    ExitStatus,
    UsageError,
    needs_batch_extra,
    positive,
    say,
    write_output,
)


def configure_generate(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Make puzzles with exactly one solution: a random full grid, clues taken "
        "away while the solution stays unique. One puzzle a line, with its rating. The same "
        "--seed gives the same puzzles."
    )
    parser.add_argument("-n", type=positive, default=1, metavar="N", help="how many (default 1)")
    level = parser.add_mutually_exclusive_group()
    level.add_argument(
        "--difficulty",
        type=difficulty,
        metavar="LABEL",
        help=", ".join(DIFFICULTIES[:-1]) + f" or {DIFFICULTIES[-1]}",
    )
    level.add_argument(
        "--rating",
        type=rating_range,
        metavar="LOW-HIGH",
        help=f"a range on SE's scale ({SCALE[0]}-{SCALE[1]}): 4.0-5.5",
    )
    parser.add_argument(
        "--technique",
        type=technique,
        metavar="NAME",
        help="a technique the solve must use: x-wing, xy-wing ...",
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        default="none",
        help="how the clues are placed: none, rot180, rot90, mirror, diagonal",
    )
    parser.add_argument("--minimal", action="store_true", help="no clue can be taken away")
    parser.add_argument("--seed", type=int, metavar="S", help="the same seed, the same puzzles")
    parser.add_argument(
        "--max-attempts",
        type=positive,
        default=2000,
        metavar="N",
        help="full grids to try for each puzzle before giving up (default 2000)",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE",
        help="write the puzzles to FILE instead: .xlsx a list workbook (puzzle, rating, "
        "label, hardest technique), any other name the lines printed",
    )
    parser.add_argument("--force", action="store_true", help="replace the output file if it exists")


def rating_range(text: str) -> tuple[float, float]:
    """``--rating LOW-HIGH`` (or one value), within the scale a proper puzzle can have."""
    low, _, high = text.partition("-")
    try:
        values = float(low), float(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range such as 4.0-5.5") from None
    if values[0] > values[1]:
        raise argparse.ArgumentTypeError(f"{text!r} is empty: the low end is above the high end")
    try:
        return core_rating_range(None, values)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def difficulty(text: str) -> str:
    """``--difficulty LABEL``: one of the labels, in any case."""
    try:
        core_rating_range(text, None)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def technique(text: str) -> str:
    """``--technique NAME``: a technique's key or name."""
    try:
        select_techniques([text])
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def run_generate(args: argparse.Namespace) -> ExitStatus:
    output: Path | None = args.output
    if output is not None:
        _check_output(output, args.force)
    rng = random.Random(args.seed)
    made: list[Generated] = []
    for _ in range(args.n):
        try:
            puzzle = generate(
                rng,
                symmetry=args.symmetry,
                difficulty=args.difficulty,
                rating=args.rating,
                technique=args.technique,
                minimal=args.minimal,
                attempts=args.max_attempts,
            )
        except GenerationError as error:
            raise CommandError(f"{error}: try --max-attempts, or an easier ask") from None
        if output is None:
            print(_line(puzzle))
        made.append(puzzle)
    if output is not None:
        _write(output, made, args.force)
        say(f"{len(made)} puzzle{'s' if len(made) > 1 else ''} written to {output}")
    return ExitStatus.OK


def _is_workbook(output: Path) -> bool:
    return output.suffix.lower() in (".xlsx", ".xlsm", ".xltx", ".xltm")


def _check_output(output: Path, force: bool) -> None:
    """Refuse, before the work, an output that cannot be written."""
    if _is_workbook(output):
        if output.suffix.lower() != ".xlsx":
            raise UsageError(f"{output}: a workbook of puzzles is written as .xlsx (no macros)")
        try:
            from ..batch.book import write_list  # noqa: F401, PLC0415 - the 'batch' extra
        except ImportError:
            raise needs_batch_extra(f"{output}: writing a workbook") from None
    if output.is_dir():
        raise UsageError(f"{output} is a folder")
    if output.exists() and not force:
        raise UsageError(f"{output} exists: use --force to replace it")


def _write(output: Path, made: list[Generated], force: bool) -> None:
    """The puzzles to ``output``: a list workbook (.xlsx), or the lines printed."""
    if not _is_workbook(output):
        text = "".join(_line(p) + "\n" for p in made)
        write_output(output, text.encode(), force=force)
        return
    from ..batch.book import write_list  # noqa: PLC0415 - the 'batch' extra, checked
    from ..batch.files import WorkbookError  # noqa: PLC0415

    rows = [
        (
            format_line(p.puzzle),
            p.rating.value,
            p.rating.label,
            p.rating.hardest.name if p.rating.hardest else "",
        )
        for p in made
    ]
    try:
        write_list(output, rows, replace=force)
    except WorkbookError as error:
        raise UsageError(str(error)) from None


def _line(made: Generated) -> str:
    """A generated puzzle as it is printed: the puzzle, then its rating and clues."""
    return f"{format_line(made.puzzle)}  # {made.rating}, {made.clues} clues"
