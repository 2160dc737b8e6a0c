"""``xl-sudoku generate``: new puzzles with one solution (cli layer).

xl-sudoku generate [-n N] [--difficulty LABEL | --rating 4.0-5.5] [--technique NAME]
                   [--symmetry none|rot180|rot90|mirror|diagonal] [--minimal] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import secrets
from dataclasses import dataclass

from ..core import GenerationError, format_line, generate, select_techniques
from ..core.generate import DIFFICULTIES, SCALE, SYMMETRIES
from ..core.generate import rating_range as core_rating_range
from .bank import Outcome, add_bank_arguments, plan_of, run_bank
from .shared import Entry, ExitStatus, Source, positive

COLUMNS = ("number", "puzzle", "solution", "rating", "label", "hardest", "clues", "ms", "status")


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
    add_bank_arguments(parser, COLUMNS)


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
    plan = plan_of("generate", args, COLUMNS, one_line=True)
    seed = secrets.randbits(64) if args.seed is None else args.seed
    job = GenerateJob(
        seed,
        args.symmetry,
        args.difficulty,
        args.rating,
        args.technique,
        args.minimal,
        args.max_attempts,
    )
    source = Source("generate", "", single=True)
    numbers = (Entry(str(n), source, n, n) for n in range(1, args.n + 1))
    run_bank(job, numbers, plan, total=args.n)
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

    def run(self, number: int) -> Outcome:
        try:
            made = generate(
                random.Random(f"{self.seed}/{number}"),
                symmetry=self.symmetry,
                difficulty=self.difficulty,
                rating=self.rating,
                technique=self.technique,
                minimal=self.minimal,
                attempts=self.attempts,
            )
        except GenerationError as error:
            return Outcome(error=f"{error}: try --max-attempts, or an easier ask", fatal=True)
        rating = made.rating
        values: dict[str, object] = {
            "puzzle": format_line(made.puzzle),
            "solution": format_line(made.solution),
            "rating": rating.value,
            "label": rating.label,
            "hardest": rating.hardest.name if rating.hardest else "-",
            "clues": made.clues,
        }
        return Outcome(f"{format_line(made.puzzle)}  # {rating}, {made.clues} clues\n", values)
