"""Making puzzles: a random full grid, then clues taken away while the solution stays
unique (core layer).

    generate(random.Random(7), symmetry="rot180", difficulty="Expert")

The full grid: the three diagonal boxes filled with random permutations (they share no
unit, so any three are consistent), the rest completed by the solver, then the grid
shuffled by moves that keep it valid (rows within a band, bands, columns within a stack,
stacks, a transposition). Clues are then taken away in random order, a symmetric group
of cells at a time (one cell with no symmetry); a group stays if taking it away would
allow a second solution. One pass leaves a *minimal* puzzle: no group can go (fewer
clues only allow more solutions, so a group that had to stay still has to). Symmetric
puzzles are minimal in that sense, by groups: a single clue of one may be removable.

A difficulty (a label, or a range on Sudoku Explainer's scale) and a required technique
are met by drawing puzzles until one is rated as asked; for an easy target, clues whose
removal would make the puzzle too hard are kept instead (so the puzzle is not minimal,
unless ``minimal=True`` asks for it). Everything random comes from
the ``rng`` passed in, so a seed gives the same puzzles every time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from .engine import LogicSolver
from .errors import GenerationError
from .grid import EMPTY_GRID, Grid
from .rating import LABELS, NEEDS_GUESSING, Rating, label_of, rate
from .solver import count_solutions, solve
from .steps import TECHNIQUES, Technique, select_techniques

Symmetry = Literal["none", "rot180", "rot90", "mirror", "diagonal"]
SYMMETRIES: Final[tuple[str, ...]] = get_args(Symmetry)
DIFFICULTIES: Final[tuple[str, ...]] = tuple(label for label, _ in LABELS)


@dataclass(frozen=True, slots=True)
class Generated:
    """A new puzzle, its solution and its rating."""

    puzzle: Grid
    solution: Grid
    rating: Rating
    attempts: int  # full grids drawn to find it

    @property
    def clues(self) -> int:
        return sum(1 for d in self.puzzle if d)


def _image(cell: int, symmetry: str) -> tuple[int, ...]:
    r, c = divmod(cell, 9)
    if symmetry == "rot180":
        points = [(r, c), (8 - r, 8 - c)]
    elif symmetry == "rot90":
        points = [(r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r)]
    elif symmetry == "mirror":
        points = [(r, c), (r, 8 - c)]
    elif symmetry == "diagonal":
        points = [(r, c), (c, r)]
    else:
        points = [(r, c)]
    return tuple(sorted({9 * a + b for a, b in points}))


def orbits(symmetry: str) -> tuple[tuple[int, ...], ...]:
    """The groups of cells a symmetry ties together, each once, in cell order."""
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r} (choose one of: {', '.join(SYMMETRIES)})")
    return tuple(sorted({_image(cell, symmetry) for cell in range(81)}))


def is_symmetric(puzzle: Sequence[int], symmetry: str) -> bool:
    """True if the clues of ``puzzle`` come in whole groups of ``symmetry``."""
    return all(len({bool(puzzle[c]) for c in orbit}) == 1 for orbit in orbits(symmetry))


def is_minimal(puzzle: Sequence[int], symmetry: str = "none") -> bool:
    """True if no clue (with a symmetry: no symmetric group of clues) can be taken away
    without allowing a second solution."""
    grid = list(puzzle)
    for group in orbits(symmetry):
        if not any(puzzle[cell] for cell in group):
            continue
        for cell in group:
            grid[cell] = 0
        if count_solutions(tuple(grid), limit=2) == 1:
            return False
        for cell in group:
            grid[cell] = puzzle[cell]
    return True


def full_grid(rng: random.Random) -> Grid:
    """A random complete grid."""
    seeds = list(EMPTY_GRID)
    for box in (0, 4, 8):
        digits = rng.sample(range(1, 10), 9)
        top, left = 3 * (box // 3), 3 * (box % 3)
        for i, digit in enumerate(digits):
            seeds[9 * (top + i // 3) + left + i % 3] = digit
    grid = solve(tuple(seeds))
    rows = _shuffled_lines(rng)
    cols = _shuffled_lines(rng)
    shuffled = tuple(grid[9 * rows[r] + cols[c]] for r in range(9) for c in range(9))
    if rng.random() < 0.5:
        shuffled = tuple(shuffled[9 * c + r] for r in range(9) for c in range(9))
    return shuffled


def _shuffled_lines(rng: random.Random) -> list[int]:
    """A random order of the nine rows (or columns) that keeps bands together."""
    bands = rng.sample(range(3), 3)
    return [3 * band + line for band in bands for line in rng.sample(range(3), 3)]


def carve(
    solution: Grid,
    rng: random.Random,
    symmetry: str = "none",
    too_hard: float | None = None,
) -> Grid:
    """Take clues away from ``solution`` in random order, a symmetric group at a time,
    keeping the solution unique; with ``too_hard``, also keep a group whose removal would
    rate the puzzle above it."""
    puzzle = list(solution)
    groups = list(orbits(symmetry))
    rng.shuffle(groups)
    for group in groups:
        for cell in group:
            puzzle[cell] = 0
        trial = tuple(puzzle)
        if count_solutions(trial, limit=2) == 1 and (
            too_hard is None or rate(trial).value <= too_hard
        ):
            continue
        for cell in group:
            puzzle[cell] = solution[cell]
    return tuple(puzzle)


def needs(puzzle: Grid, technique: Technique) -> bool:
    """True if the logic engine, always taking the easiest step, uses ``technique`` on
    the way to the solution, with no guess before it."""
    solver = LogicSolver(puzzle)
    while (step := solver.step(guess=False)) is not None:
        if step.technique is technique:
            return True
    return False


#: the ratings a proper puzzle can have: from a Full House to the hardest nested chains
SCALE: Final = (min(t.rating for t in TECHNIQUES), LABELS[-1][1])


def rating_range(difficulty: str | None, rating: tuple[float, float] | None) -> tuple[float, float]:
    """The range of ratings a difficulty label (any case) or an explicit range asks for."""
    if rating is not None:
        low, high = rating
        if low > high:
            raise ValueError(f"rating range {low}-{high} is empty")
        bottom, top = SCALE
        if high < bottom or low > top:
            raise ValueError(
                f"rating range {low}-{high} is outside the scale: a puzzle with one solution "
                f"rates {bottom} to {top}"
            )
        return low, high
    if difficulty is None:
        return 0.0, LABELS[-1][1]
    if difficulty.strip().lower() == NEEDS_GUESSING.lower():
        raise ValueError(
            "no proper puzzle needs guessing: logic solves every one "
            f"(choose one of: {', '.join(DIFFICULTIES)})"
        )
    wanted = {d.lower(): d for d in DIFFICULTIES}.get(difficulty.strip().lower())
    if wanted is None:
        raise ValueError(
            f"unknown difficulty {difficulty!r} (choose one of: {', '.join(DIFFICULTIES)})"
        )
    tops = [top for _, top in LABELS]
    index = [label for label, _ in LABELS].index(wanted)
    return (tops[index - 1] + 0.1 if index else 0.0), tops[index]


def generate(  # noqa: PLR0913 - keyword-only options, each named where it is used
    rng: random.Random,
    *,
    symmetry: str = "none",
    difficulty: str | None = None,
    rating: tuple[float, float] | None = None,
    technique: str | None = None,
    minimal: bool = False,
    attempts: int = 2000,
    seconds: float | None = None,
) -> Generated:
    """A new puzzle with a unique solution, as asked (see the module's text).

    ``difficulty`` is a label (Easy ... Nightmare), ``rating`` a range on SE's
    scale, ``technique`` a technique the solve must use (a key or name, e.g.
    ``x-wing``); ``minimal`` keeps easy targets from keeping clues (every other puzzle
    is minimal anyway, see ``carve``). Raises ``GenerationError`` if ``attempts`` full
    grids (or ``seconds``) do not give one.
    """
    low, high = rating_range(difficulty, rating)
    required = select_techniques([technique])[0] if technique else None
    orbits(symmetry)  # an unknown symmetry is an error before any work
    started = time.perf_counter()
    # an easy target: keep the clues whose removal would make the puzzle too hard
    too_hard = high if high < 3.0 and required is None and not minimal else None
    attempt = 0
    while attempt < attempts:
        if seconds is not None and attempt and time.perf_counter() - started > seconds:
            break
        attempt += 1
        solution = full_grid(rng)
        puzzle = carve(solution, rng, symmetry, too_hard)
        if rating is not None or difficulty is not None or required is not None:
            found = rate(puzzle)
            if not low <= found.value <= high:
                continue
            if required is not None and not needs(puzzle, required):
                continue
        else:
            found = rate(puzzle)
        return Generated(puzzle, solution, found, attempt)
    asked = f"{difficulty} puzzle" if difficulty else "puzzle"
    if rating is not None:
        asked = f"puzzle rated {low}-{high}"
    if required is not None:
        asked += f" needing {required.name}"
    spent = time.perf_counter() - started
    raise GenerationError(f"no {asked} found in {attempt} attempts ({spent:.1f} s)")


__all__ = [
    "DIFFICULTIES",
    "SYMMETRIES",
    "Generated",
    "GenerationError",
    "Symmetry",
    "carve",
    "full_grid",
    "generate",
    "is_minimal",
    "is_symmetric",
    "label_of",
    "needs",
    "orbits",
    "rating_range",
]
