"""Difficulty: a number on Sudoku Explainer's scale and a label (core layer).

A puzzle's rating is the rating of the hardest step the logic engine needed, the
engine always taking the easiest step available, as Sudoku Explainer does. A puzzle
that needs a guess rates above every technique: 10.0, plus 0.1 for each further guess
up to 11.0, so that of two puzzles that need guessing the one that needs more guesses
rates higher.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from .engine import LogicSolver, Trace
from .errors import MultipleSolutionsError, NoSolutionError
from .solver import Puzzle
from .steps import GUESS, SEARCH_STEPS, Technique

#: (label, the highest rating it covers)
LABELS: Final[tuple[tuple[str, float], ...]] = (
    ("Easy", 2.4),  # singles
    ("Medium", 2.9),  # locked candidates
    ("Hard", 3.9),  # pairs, triples, X-Wing, Swordfish
    ("Expert", 6.0),  # hidden triples, wings, quads, Jellyfish, uniqueness, short chains
    ("Extreme", 9.9),  # long chains
)
NEEDS_GUESSING: Final = "Needs guessing"


@dataclass(frozen=True, slots=True)
class Rating:
    """How hard a puzzle is, and why."""

    value: float  # Sudoku Explainer's scale; 10.0 and up: needs guessing
    label: str  # Easy, Medium, Hard, Expert, Extreme, Needs guessing
    hardest: Technique | None  # the hardest technique used (Guess if guessing was needed)
    hardest_logic: Technique | None  # the hardest technique used, guesses aside
    guesses: int

    @property
    def needs_guessing(self) -> bool:
        return self.guesses > 0

    def __str__(self) -> str:
        name = self.hardest.name if self.hardest else "nothing"
        return f"{self.value:.1f} {self.label} ({name})"


def label_of(value: float) -> str:
    """The label of a rating value."""
    for label, top in LABELS:
        if value <= top:
            return label
    return NEEDS_GUESSING


def rate_trace(trace: Trace) -> Rating:
    """The rating of a finished solve."""
    logic = [s for s in trace.steps if s.technique not in SEARCH_STEPS]
    hardest = max(logic, key=lambda s: s.difficulty, default=None)
    value = hardest.difficulty if hardest else 0.0
    hardest_logic = hardest.technique if hardest else None
    if trace.guesses:
        value = min(11.0, 10.0 + 0.1 * (trace.guesses - 1))
        return Rating(round(value, 1), NEEDS_GUESSING, GUESS, hardest_logic, trace.guesses)
    return Rating(round(value, 1), label_of(value), hardest_logic, hardest_logic, 0)


def rate(puzzle: Puzzle, techniques: Iterable[str | Technique] | None = None) -> Rating:
    """Rate a puzzle; ``NoSolutionError`` or ``MultipleSolutionsError`` if it is not proper."""
    solver = LogicSolver(puzzle, techniques)
    if solver.solutions == 0:
        raise NoSolutionError()
    if solver.solutions > 1:
        raise MultipleSolutionsError()
    return rate_trace(solver.run())
