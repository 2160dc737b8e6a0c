"""Difficulty: a number on Sudoku Explainer's scale and a label (core layer).

A puzzle's rating is the rating of the hardest step the logic engine needed, the
engine always taking the easiest step available, as Sudoku Explainer does: with every
technique on, every proper puzzle is solved by logic (nested forcing chains are the last
resort), so every proper puzzle has a rating on SE's scale, up to 11.9.

Labels (``LABELS``): Easy up to 2.4 (singles), Medium to 2.9 (locked candidates), Hard
to 3.9 (pairs, triples, X-Wing, Swordfish), Expert to 6.0 (wings, uniqueness, quads,
Jellyfish, short single-digit chains), Extreme to 6.9 (aligned pairs, larger wings,
chains and cycles), Diabolical to 8.9 (AICs, Nishio, multiple and dynamic forcing
chains) and Nightmare above (dynamic forcing chains (+), nested forcing chains).

A puzzle is rated *Needs guessing* only where logic runs out: when the techniques are
limited (``techniques``), or for a board that is not a proper puzzle. From where logic
stops, the fast solver finishes it, and the guesses that search needs grade it: 12.0 +
0.1 x (the number of binary digits of that count), at most 13.0 — above every rating a
technique gives.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

from .board import Board
from .engine import LogicSolver, Trace
from .errors import require_proper
from .glossary import Grid
from .solver import Puzzle, SearchStats, count_solutions
from .steps import GUESS, Step, Technique

#: (label, the highest rating it covers)
LABELS: Final[tuple[tuple[str, float], ...]] = (
    ("Easy", 2.4),  # singles
    ("Medium", 2.9),  # locked candidates
    ("Hard", 3.9),  # pairs, triples, X-Wing, Swordfish
    ("Expert", 6.0),  # hidden triples, wings, quads, Jellyfish, uniqueness, short chains
    ("Extreme", 6.9),  # aligned pairs, larger wings, X-Chains, XY-Chains, cycles
    ("Diabolical", 8.9),  # AICs, Nishio, multiple and dynamic forcing chains
    ("Nightmare", 11.9),  # dynamic forcing chains (+), nested forcing chains
)
GUESSING_BASE: Final = 12.0  # a rating that needs guessing: 12.0 to 13.0
NEEDS_GUESSING: Final = "Needs guessing"


@dataclass(frozen=True, slots=True)
class Rating:
    """How hard a puzzle is, and why."""

    value: float  # Sudoku Explainer's scale; 12.0 and up: needs guessing
    label: str  # one of LABELS, or Needs guessing
    hardest: Technique | None  # the hardest technique used (Guess if guessing was needed)
    hardest_logic: Technique | None  # the hardest technique used before any guess
    guesses: int  # guesses the search needed from where logic ran out (0: none needed)
    #: the puzzle's solution (``rate`` finds it on the way; not part of the comparison)
    solution: Grid | None = field(default=None, compare=False, repr=False)

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
    return round(GUESSING_BASE + 0.1 * min(10, stats.guesses.bit_length()), 1), stats.guesses


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
    rating = _rating(list(trace.steps), solver.board.grid() if trace.stuck else None)
    return replace(rating, solution=solver.solution)
