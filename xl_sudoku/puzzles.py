"""New puzzles of a difficulty, for the workbook's New-puzzle button and ``SUDOKU_NEW``.

A new puzzle is generated (``core.generate``) within a time budget, so a click never
waits long; if the generator finds none in time (the rare labels, Extreme and Needs
guessing, can take a while) one of the puzzles that ship with xl-sudoku is picked at
random instead. The rating is the engine's own.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from functools import cache
from importlib import resources

from .core import Grid, parse_puzzle
from .core.engine import LogicSolver, Status
from .core.generate import DIFFICULTIES, GenerationError, generate
from .core.rating import Rating, rate

BUDGET = 2.0  # seconds the generator may take for a click


@cache
def bundled() -> dict[str, tuple[Grid, ...]]:
    """The bundled puzzles, by label."""
    text = resources.files("xl_sudoku").joinpath("data/puzzles.txt").read_text(encoding="utf-8")
    by_label: dict[str, list[Grid]] = {}
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        puzzle, comment = line.split("#", 1)
        label = comment.strip().rsplit(" ", 1)[0]
        by_label.setdefault(label, []).append(parse_puzzle(puzzle))
    return {label: tuple(grids) for label, grids in by_label.items()}


def bundled_puzzle(difficulty: str, rng: random.Random) -> tuple[Grid, Rating]:
    """A random bundled puzzle of this difficulty (a label, any case) and its rating."""
    puzzle = rng.choice(bundled()[label(difficulty)])
    return puzzle, rate(puzzle)


def label(difficulty: str) -> str:
    """The difficulty label as the table spells it (``hard`` is ``Hard``)."""
    wanted = {d.lower(): d for d in DIFFICULTIES}.get(difficulty.strip().lower())
    if wanted is None:
        raise ValueError(
            f"unknown difficulty {difficulty!r} (choose one of: {', '.join(DIFFICULTIES)})"
        )
    return wanted


def new_puzzle(
    difficulty: str,
    rng: random.Random,
    seconds: float | None = None,
    techniques: Sequence[str] | None = None,
) -> tuple[Grid, Rating, bool]:
    """A new puzzle of this difficulty (a label, any case), its rating, and whether it was
    generated (False: picked from the bundled puzzles, the generator took too long).

    With ``techniques`` (names as ``--techniques`` takes them), only a puzzle that those
    techniques solve by logic alone will do: generated ones are drawn until one does or
    the time is up, then the bundled ones are tried; if none does, a ``ValueError`` says
    so. ``seconds`` is the generator's time, ``BUDGET`` unless given."""
    deadline = time.perf_counter() + (BUDGET if seconds is None else seconds)
    while True:
        try:
            made = generate(rng, difficulty=difficulty, seconds=deadline - time.perf_counter())
        except GenerationError:
            break
        if solves(made.puzzle, techniques):
            return made.puzzle, made.rating, True
        if time.perf_counter() >= deadline:
            break
    if techniques is None:
        puzzle, rating = bundled_puzzle(difficulty, rng)
        return puzzle, rating, False
    wanted = label(difficulty)
    fitting = [p for p in bundled().get(wanted, ()) if solves(p, techniques)]
    if not fitting:
        raise ValueError(
            f"no {wanted} puzzle found that {', '.join(techniques)} solve by logic alone: "
            "switch on more techniques or choose an easier difficulty"
        )
    puzzle = rng.choice(fitting)
    return puzzle, rate(puzzle), False


def solves(puzzle: Grid, techniques: Sequence[str] | None) -> bool:
    """Whether these techniques (all, for None) solve the puzzle without a guess."""
    if techniques is None:
        return True
    return LogicSolver(puzzle, techniques).run_logic().status is Status.SOLVED
