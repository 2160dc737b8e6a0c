"""``xl-sudoku generate``: new puzzles with one solution (cli layer).

xl-sudoku generate [-n N] [--difficulty LABEL | --rating 4.0-5.5] [--technique NAME]
                   [--symmetry none|rot180|rot90|mirror|diagonal] [--minimal] [--seed S]
                   [--clues N | --blanks N] [--max-attempts N] [--seconds S]
                   [-o FILE.txt|.csv|.tsv|.jsonl|.xlsx [--force | --resume]] [--jobs N] ...

With ``-o FILE.xlsx`` the puzzles go to a list workbook (puzzle, rating, label, hardest
technique), which batch mode and every command that reads puzzles read back.
"""

from __future__ import annotations

import argparse
import math
import random
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from ..core import Generated, GenerationError, format_line, generate
from ..core.generate import (
    DIFFICULTIES,
    FEWEST_CLUES,
    SCALE,
    SYMMETRIES,
    check_clues,
    check_technique,
    required_technique,
)
from ..core.generate import rating_range as core_rating_range
from .arguments import positive
from .bank import outcomes, run_bank
from .bank_jobs import Outcome
from .bank_options import add_bank_arguments, plan_of
from .errors import CommandError, ExitStatus, UsageError, needs_batch_extra, say
from .inputs import Entry, Source

COLUMNS = ("number", "puzzle", "solution", "rating", "label", "hardest", "clues", "ms", "status")

SELDOM = 22  # fewer clues than random carves mostly reach: it may take long


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
        help="a technique the solve must use: x-wing, xy-wing ... (one of Sukaku Explainer's)",
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        default="none",
        help="how the clues are placed: none, rot180, rot90, mirror, diagonal",
    )
    parser.add_argument(
        "--minimal",
        action="store_true",
        help="no clue (with --symmetry: no symmetric group of clues) can be taken away",
    )
    parser.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="the same seed, the same puzzles (puzzle N the same however many are made)",
    )
    count = parser.add_mutually_exclusive_group()
    count.add_argument(
        "--clues",
        type=positive,
        metavar="N",
        help=f"exactly N clues ({FEWEST_CLUES}-80; below 22 seldom found, below 17 impossible)",
    )
    count.add_argument(
        "--blanks", type=positive, metavar="N", help="exactly N open cells (81 - clues)"
    )
    parser.add_argument(
        "--max-attempts",
        type=positive,
        default=2000,
        metavar="N",
        help="full grids to try for each puzzle before giving up (default 2000)",
    )
    parser.add_argument(
        "--seconds",
        type=positive,
        metavar="S",
        help="give up on a puzzle after S seconds (default: only --max-attempts)",
    )
    add_bank_arguments(
        parser,
        COLUMNS,
        output="FILE.xlsx: a list workbook (puzzle, rating, label, hardest technique); ",
    )


def rating_range(text: str) -> tuple[float, float]:
    """``--rating LOW-HIGH`` (or one value), within the scale a proper puzzle can have."""
    low, _, high = text.partition("-")
    try:
        values = float(low), float(high or low)
    except ValueError:
        values = (math.nan, math.nan)
    if not all(math.isfinite(value) for value in values):  # nan, inf: no rating is
        raise argparse.ArgumentTypeError(f"{text!r} is not a range such as 4.0-5.5")
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
    """``--technique NAME``: a technique's key or name, one a puzzle can need."""
    try:
        required_technique(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def run_generate(args: argparse.Namespace) -> ExitStatus:
    if args.technique is not None:
        try:
            check_technique(args.technique, args.difficulty, args.rating)
        except ValueError as error:
            raise UsageError(str(error)) from None
    output: Path | None = args.output
    workbook = output is not None and _is_workbook(output)
    if workbook:
        assert output is not None
        if args.resume or args.columns:
            raise UsageError("a workbook of puzzles is written whole: no --resume, no --columns")
        _check_output(output, args.force)
        args = argparse.Namespace(**{**vars(args), "output": None})
    plan = plan_of("generate", args, COLUMNS, one_line=True)
    clues = args.clues if args.blanks is None else 81 - args.blanks
    if clues is not None:
        try:
            check_clues(clues, args.symmetry)
        except ValueError as error:
            raise UsageError(str(error)) from None
        if clues < SELDOM:
            say(
                f"{clues} clues: random carving seldom goes so low (mostly 22-26 clues); "
                f"this may take long, and gives up after {args.max_attempts} attempts"
                + (f" or {args.seconds} s" if args.seconds else "")
            )
    seed = secrets.randbits(64) if args.seed is None else args.seed
    job = GenerateJob(
        seed,
        args.symmetry,
        args.difficulty,
        args.rating,
        args.technique,
        args.minimal,
        args.max_attempts,
        args.seconds,
        clues,
    )
    source = Source("generate", "", single=True)
    numbers = (Entry(n, None) for n in range(1, args.n + 1))
    if not workbook:
        run_bank(job, numbers, plan, source=source, total=args.n)
        return ExitStatus.OK
    assert output is not None
    rows = []
    for _, outcome in outcomes(job, numbers, plan):
        assert outcome is not None
        if outcome.fatal:
            raise CommandError(outcome.error or "")
        values = outcome.values or {}
        rows.append(tuple(values[key] for key in ("puzzle", "rating", "label", "hardest")))
    _write(output, rows, args.force)
    say(f"{len(rows)} puzzle{'s' if len(rows) > 1 else ''} written to {output}")
    return ExitStatus.OK


@dataclass(frozen=True, slots=True)
class GenerateJob:
    """Making puzzle number N (in any process). Each number has its own random stream,
    drawn from the seed and the number, so the puzzles are the same however many
    processes make them, and a resumed run makes the ones it lacks."""

    seed: int
    symmetry: str
    difficulty: str | None
    rating: tuple[float, float] | None
    technique: str | None
    minimal: bool
    attempts: int
    seconds: float | None
    clues: int | None

    def run(self, number: int) -> Outcome:
        started = time.perf_counter()
        try:
            made = generate(
                random.Random(f"{self.seed}/{number}"),
                symmetry=self.symmetry,
                difficulty=self.difficulty,
                rating=self.rating,
                technique=self.technique,
                minimal=self.minimal,
                attempts=self.attempts,
                seconds=self.seconds,
                clues=self.clues,
            )
        except GenerationError as error:  # more of what stopped it, or another ask
            timed_out = self.seconds is not None and time.perf_counter() - started >= self.seconds
            more = "--seconds" if timed_out else "--max-attempts"
            return Outcome(error=f"{error}: try more {more}, or an easier ask", fatal=True)
        rating = made.rating
        values: dict[str, object] = {
            "puzzle": format_line(made.puzzle),
            "solution": format_line(made.solution),
            "rating": rating.value,
            "label": rating.label,
            "hardest": rating.hardest.name if rating.hardest else "",
            "clues": made.clues,
        }
        return Outcome(_line(made) + "\n", values)

    def wrote(self, number: int, line: str) -> bool:
        """A puzzle with its rating and its clues counted, as ``_line`` writes it (not made
        again: as ``Job.wrote``)."""
        puzzle, _, about = line.partition("  # ")
        clues = sum(1 for cell in puzzle if cell != ".")
        return (
            len(puzzle) == 81
            and not puzzle.strip(".123456789")
            and about.endswith(f", {clues} clues")
        )


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


def _write(output: Path, rows: list[tuple[object, ...]], force: bool) -> None:
    """The puzzles to a list workbook: puzzle, rating, label, hardest technique."""
    from ..batch.archive import WorkbookError  # noqa: PLC0415
    from ..batch.book import write_list  # noqa: PLC0415 - the 'batch' extra, checked

    try:
        write_list(output, rows, replace=force)
    except WorkbookError as error:
        raise UsageError(str(error)) from None


def _line(made: Generated) -> str:
    """A generated puzzle as it is printed: the puzzle, then its rating and clues."""
    return f"{format_line(made.puzzle)}  # {made.rating}, {made.clues} clues"
