"""Difficulty: a number on Sudoku Explainer's scale and a label (core layer).

A puzzle's rating is the rating of the hardest step the logic engine needed, the
engine always taking the easiest step available, as Sudoku Explainer does. A puzzle
that needs a guess rates above every technique: from where logic first runs out, the
fast solver finishes it (and proves it unique), and the guesses that search needs grade
it: 10.0 + 0.1 x (the number of binary digits of that count), at most 11.0. On the
SE-rated benchmark set this grades such puzzles closer to Sudoku Explainer than counting
the logic engine's own guesses, and it is quicker: ``rate`` stops at the first guess.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from .board import Board
from .engine import LogicSolver, Trace
from .errors import require_proper
from .grid import Grid
from .solver import Puzzle, SearchStats, count_solutions
from .steps import GUESS, Step, Technique

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
    hardest_logic: Technique | None  # the hardest technique used before any guess
    guesses: int  # guesses the search needed from where logic ran out (0: none needed)

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


def guessing_value(stuck: Grid) -> tuple[float, int]:
    """The rating of a puzzle whose logic stops at ``stuck``, and the search's guesses."""
    stats = SearchStats()
    count_solutions(stuck, limit=2, stats=stats)
    return round(10.0 + 0.1 * min(10, stats.guesses.bit_length()), 1), stats.guesses


def _rating(logic: list[Step], stuck: Grid | None) -> Rating:
    hardest = max(logic, key=lambda s: s.difficulty, default=None)
    hardest_logic = hardest.technique if hardest else None
    if stuck is not None:
        value, guesses = guessing_value(stuck)
        return Rating(value, NEEDS_GUESSING, GUESS, hardest_logic, guesses)
    value = hardest.difficulty if hardest else 0.0
    return Rating(round(value, 1), label_of(value), hardest_logic, hardest_logic, 0)


def rate_trace(trace: Trace) -> Rating:
    """The rating of a finished solve (the same as ``rate`` gives its puzzle)."""
    board = Board.from_grid(trace.puzzle)
    logic: list[Step] = []
    for step in trace.steps:
        if step.technique is GUESS:
            return _rating(logic, board.grid())
        logic.append(step)
        board.apply(step)
    return _rating(logic, board.grid() if trace.stuck else None)


def rate(puzzle: Puzzle, techniques: Iterable[str | Technique] | None = None) -> Rating:
    """Rate a puzzle; ``NoSolutionError`` or ``MultipleSolutionsError`` if it is not proper.

    The engine runs only until it solves the puzzle or first needs a guess."""
    solver = LogicSolver(puzzle, techniques)
    require_proper(solver.solutions)
    trace = solver.run_logic()
    return _rating(list(trace.steps), solver.board.grid() if trace.stuck else None)
