"""Hints that teach, in three levels, as HoDoKu and Sudoku Explainer give them (core layer).

Level 1 names the technique; level 2 adds where to look (the houses and the cells of
the pattern); level 3 is the whole step. A hint is the step the logic engine would
take next, found on a copy: asking for a hint never changes the puzzle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .board import Board
from .engine import LogicSolver, Status
from .errors import NoSolutionError, PuzzleError, require_proper
from .grid import cell_name, house_name
from .solver import Puzzle
from .steps import GUESS, Step, Technique


@dataclass(frozen=True, slots=True)
class Hint:
    """A hint at one level, and the step behind it."""

    level: int
    text: str
    step: Step


def next_step(
    puzzle: Puzzle,
    techniques: Iterable[str | Technique] | None = None,
    board: Board | None = None,
) -> Step | None:
    """The step the logic engine takes first on this puzzle (from ``board``, a position
    reached on the way, if given); None if it is already solved.

    No guess is ever taken: where no enabled technique applies, the step returned is a
    ``Guess`` step that places nothing and names the cell a guess would start from."""
    solver = LogicSolver(puzzle, techniques, board=board)
    require_proper(solver.solutions, unique=False)
    step = solver.step(guess=False)
    if step is None and solver.status is Status.STUCK:
        return guess_needed(solver)
    return step


def guess_needed(solver: LogicSolver) -> Step:
    """The step that says logic has run out: nothing placed, the guess cell named."""
    where = solver.next_guess()
    if where is None:  # pragma: no cover - a stuck board has an open cell with candidates
        raise NoSolutionError()
    cell, digits = where
    choices = " or ".join(str(d) for d in digits)
    return Step(
        GUESS,
        f"No technique applies: no digit can be proven here; a guess would start at "
        f"{cell_name(cell)}, which holds {choices}",
        pattern=tuple((cell, d) for d in digits),
        level=solver.level,
    )


def hint(
    puzzle: Puzzle, level: int = 1, techniques: Iterable[str | Technique] | None = None
) -> Hint:
    """A hint for the next step: 1 the technique, 2 where to look, 3 the whole step."""
    if level not in (1, 2, 3):
        raise ValueError(f"hint level must be 1, 2 or 3, got {level}")
    step = next_step(puzzle, techniques)
    if step is None:
        raise PuzzleError("the puzzle is already solved")
    return Hint(level, hint_text(step, level), step)


def hint_text(step: Step, level: int) -> str:
    """What a hint at ``level`` says about ``step``."""
    technique = step.technique
    if technique is GUESS:
        return _guess_hint_text(step, level)
    if level == 1:
        return f"Look for {_article(technique.name)} {technique.name}"
    if level == 2:
        where = ", ".join(house_name(h) for h in step.houses)
        pattern = sorted(
            {c for c, _ in step.pattern + step.alternate} or {c for c, _ in step.placements}
        )
        cells = ", ".join(cell_name(c) for c in pattern)
        if where:
            return f"{technique.name}: look at {where} ({cells})"
        return f"{technique.name}: look at {cells}"
    return step.explanation


def _article(name: str) -> str:
    """``an`` before a name read from a vowel's sound (an AIC, an Empty Rectangle, an
    X-Wing: "ex"), else ``a`` (a Unique Loop, a UVWXYZ-Wing: "you")."""
    return "an" if name[0] in "AEIOX" else "a"


def _guess_hint_text(step: Step, level: int) -> str:
    """What a hint says where no technique applies: that a guess is next, where it would
    start, and (level 3) the step's own words; never which digit to try."""
    cell = step.pattern[0][0] if step.pattern else step.placements[0][0]
    if level == 1:
        return "No technique applies: the next move would be a guess"
    if level == 2:
        digits = ", ".join(str(d) for c, d in step.pattern if c == cell)
        return (
            f"No technique applies: a guess would start at {cell_name(cell)} (candidates {digits})"
        )
    return step.explanation
