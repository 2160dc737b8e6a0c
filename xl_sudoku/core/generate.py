"""Making puzzles: a random full grid, then clues taken away while the solution stays
unique (core layer).

    generate(random.Random(7), symmetry="rot180", difficulty="Expert")

The full grid: the three diagonal boxes filled with random permutations (they share no
house, so any three are consistent), the rest completed by the solver, then the grid
shuffled by moves that keep it valid (rows within a band, bands, columns within a stack,
stacks, a transposition). Clues are then taken away in random order, a symmetric group
of cells at a time (one cell with no symmetry); a group stays if taking it away would
allow a second solution. One pass leaves a *minimal* puzzle: no group can go (fewer
clues only allow more solutions, so a group that had to stay still has to). Symmetric
puzzles are minimal in that sense, by groups: a single clue of one may be removable.

A clue count is met by carving to a minimal puzzle and putting clues of the solution back
(groups of the symmetry) up to the count: any count from the minimal puzzle's up is
reached at once, a lower one only by drawing grids until a carve goes that low. Random
carves mostly stop at 22-26 clues, seldom at 21, hardly ever at 20; no proper puzzle has
fewer than 17 (McGuire, Tugemann and Civario, 2012), so those are refused at once, and
so is a count the symmetry's groups cannot add up to (rot90: 4n or 4n + 1).

A difficulty (a label, or a range on Sudoku Explainer's scale) and a required technique
are met by drawing puzzles until one is rated as asked; for an easy target, clues whose
removal would make the puzzle too hard are kept instead (so the puzzle is not minimal,
unless ``minimal=True`` asks for it). Everything random comes from
the ``rng`` passed in, so a seed gives the same puzzles every time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from .engine import LogicSolver
from .errors import GenerationError
from .glossary import EMPTY_GRID, Grid
from .rating import LABELS, NEEDS_GUESSING, Rating, label_of, rate
from .solver import count_solutions, solve
from .steps import Technique
from .techniques import (
    NOT_IN_SUKAKU,
    TECHNIQUES,
    lowest_rating,
    name_key,
    select_techniques,
)

Symmetry = Literal["none", "rot180", "rot90", "mirror", "diagonal"]
SYMMETRIES: Final[tuple[str, ...]] = get_args(Symmetry)
DIFFICULTIES: Final[tuple[str, ...]] = tuple(label for label, _ in LABELS)
FEWEST_CLUES: Final = 17  # no proper puzzle has 16 (McGuire, Tugemann, Civario 2012)
MOST_CLUES: Final = 80  # one open cell


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


def clue_counts(symmetry: str) -> frozenset[int]:
    """Every number of clues a puzzle with this symmetry can have (its groups' sizes
    added up), uniqueness aside."""
    counts = {0}
    for orbit in orbits(symmetry):
        counts |= {n + len(orbit) for n in counts}
    return frozenset(counts)


def check_clues(clues: int, symmetry: str = "none") -> None:
    """``ValueError`` saying why no proper puzzle can have ``clues`` clues with this
    symmetry, if none can."""
    if clues < FEWEST_CLUES:
        raise ValueError(
            f"{clues} clues is impossible: no sudoku with fewer than {FEWEST_CLUES} clues has "
            "one solution (McGuire, Tugemann and Civario, 2012)"
        )
    if clues > MOST_CLUES:
        raise ValueError(f"{clues} clues leaves no open cell: {MOST_CLUES} is the most")
    counts = clue_counts(symmetry)
    if clues not in counts:
        near = sorted(counts, key=lambda n: (abs(n - clues), n))[:2]
        raise ValueError(
            f"{clues} clues cannot be placed with {symmetry} symmetry (its cells come in "
            f"groups of {'/'.join(str(n) for n in sorted({len(o) for o in orbits(symmetry)}))}): "
            f"{' or '.join(str(n) for n in sorted(near))} can"
        )


def add_clues(
    puzzle: Grid, solution: Grid, rng: random.Random, clues: int, symmetry: str = "none"
) -> Grid | None:
    """``puzzle`` with clues of its solution put back, a symmetric group at a time, up to
    exactly ``clues`` (still one solution: clues only take solutions away); None if the
    groups left cannot add up to it."""
    need = clues - sum(1 for d in puzzle if d)
    if need < 0:
        return None
    groups = [g for g in orbits(symmetry) if not puzzle[g[0]]]
    rng.shuffle(groups)
    groups.sort(key=len, reverse=True)  # sizes 4, 2, 1 divide each other: largest first fits
    grid = list(puzzle)
    for group in groups:
        if len(group) <= need:
            for cell in group:
                grid[cell] = solution[cell]
            need -= len(group)
    return tuple(grid) if need == 0 else None


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


def required_technique(name: str) -> Technique:
    """The technique ``generate(technique=name)`` asks a puzzle to need; ``ValueError``
    for an unknown name, a family, or a technique no proper puzzle can need: those the
    engine tries only where Sukaku Explainer's techniques find no step, which never
    happens on a proper puzzle (logic solves every one)."""
    chosen = select_techniques([name])
    never = (
        "tried only where none of Sukaku Explainer's techniques finds a step, which never "
        "happens on a puzzle with one solution: no puzzle can need"
    )
    needed = [t for t in chosen if t not in NOT_IN_SUKAKU]
    # a name a technique shares with HoDoKu's (AIC, Empty Rectangle) is not a family's
    family = len(chosen) > 1 and not all(
        name_key(name) in (t.key, name_key(t.name)) for t in chosen
    )
    if family:
        if not needed:
            raise ValueError(f"{name!r} is a family of techniques {never} them")
        raise ValueError(
            f"{name!r} is a family of techniques: name one of them "
            f"({', '.join(t.key for t in needed)})"
        )
    if not needed:
        raise ValueError(f"{chosen[0].name} is {never} it")
    return needed[0]


def check_technique(
    technique: str, difficulty: str | None = None, rating: tuple[float, float] | None = None
) -> Technique:
    """The technique ``generate(technique=...)`` asks a puzzle rated as asked to need
    (``required_technique``); ``ValueError`` if no such puzzle can: a puzzle rates as its
    hardest step, and every step of the technique rates at least its lowest rating
    (``techniques.lowest_rating``), which may be above the top of the range."""
    required = required_technique(technique)
    low, high = rating_range(difficulty, rating)
    lowest = lowest_rating(required)
    if lowest <= high:
        return required
    if difficulty and rating is None:
        asked = f"{difficulty} puzzle (rated up to {high})"
    else:
        asked = f"puzzle rated {low}-{high}"
    raise ValueError(f"no {asked} can need {required.name}: its steps rate {lowest} or more")


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
        if not (math.isfinite(low) and math.isfinite(high)):
            raise ValueError(f"rating range {low}-{high}: a rating is a number such as 4.5")
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
    clues: int | None = None,
) -> Generated:
    """A new puzzle with a unique solution, as asked (see the module's text).

    ``difficulty`` is a label (Easy ... Nightmare), ``rating`` a range on SE's
    scale, ``technique`` a technique the solve must use (a key or name, e.g.
    ``x-wing``); ``minimal`` keeps easy targets from keeping clues (every other puzzle
    is minimal anyway, see ``carve``). ``clues``: exactly so many (with ``minimal``, a
    carve must stop there; ``ValueError`` for a count no puzzle can have, see
    ``check_clues``). Raises ``GenerationError`` if ``attempts`` full grids (or
    ``seconds``) do not give one.
    """
    low, high = rating_range(difficulty, rating)
    required = check_technique(technique, difficulty, rating) if technique else None
    orbits(symmetry)  # an unknown symmetry is an error before any work
    if clues is not None:
        check_clues(clues, symmetry)
    fewest = 81  # the fewest clues a carve reached (for the message if none will do)
    ratings: list[float] = []  # of the puzzles rated and refused
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
        if clues is not None:
            fewest = min(fewest, sum(1 for d in puzzle if d))
            counted = _counted(
                puzzle, solution, rng, clues=clues, symmetry=symmetry, minimal=minimal
            )
            if counted is None:
                continue
            puzzle = counted
        if rating is not None or difficulty is not None or required is not None:
            found = rate(puzzle)
            ratings.append(found.value)
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
    spent = f"{attempt} attempts ({time.perf_counter() - started:.1f} s)"
    if clues is None:
        raise GenerationError(f"no {asked} found in {spent}")
    why = _why_not(clues, fewest, ratings, (low, high))
    asked = f"{'minimal ' if minimal else ''}{asked} with {clues} clues"
    raise GenerationError(f"no {asked} found in {spent}: {why}")


def _why_not(clues: int, fewest: int, ratings: list[float], wanted: tuple[float, float]) -> str:
    """Why no puzzle with that many clues was found."""
    why = "the clue count and the rest of the ask seldom go together"
    if ratings and max(ratings) < wanted[0]:
        why = (
            f"the hardest with {clues} clues rated {max(ratings)} (more clues make easier "
            "puzzles: ask fewer clues or an easier puzzle)"
        )
    elif ratings and min(ratings) > wanted[1]:
        why = f"the easiest with {clues} clues rated {min(ratings)}: ask more clues"
    if fewest > clues:
        why = (
            f"no carve went below {fewest} clues (they mostly stop at 22-26, seldom at 21; "
            f"{FEWEST_CLUES} is the fewest any proper puzzle has, and few grids have one)"
        )
    return why


def _counted(  # noqa: PLR0913 - generate's options, passed on by name
    puzzle: Grid, solution: Grid, rng: random.Random, *, clues: int, symmetry: str, minimal: bool
) -> Grid | None:
    """A carved puzzle brought to ``clues`` clues, None if it cannot be: a minimal one
    must have stopped there, another may have stopped below (clues are put back)."""
    if minimal:
        return puzzle if sum(1 for d in puzzle if d) == clues else None
    return add_clues(puzzle, solution, rng, clues, symmetry)


__all__ = [
    "DIFFICULTIES",
    "FEWEST_CLUES",
    "SYMMETRIES",
    "Generated",
    "GenerationError",
    "Symmetry",
    "add_clues",
    "carve",
    "check_clues",
    "check_technique",
    "clue_counts",
    "full_grid",
    "generate",
    "is_minimal",
    "is_symmetric",
    "label_of",
    "needs",
    "orbits",
    "rating_range",
    "required_technique",
]
