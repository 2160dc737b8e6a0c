"""The worksheet functions ``SUDOKU_*`` as plain Python (buttons layer).

Their bodies, on the values Excel hands a function: the Windows UDFs
(``xl_sudoku.excel.udfs``) and the xlwings Lite functions (``lite/main.py``) both call
these, so the two editions answer alike. Each takes the givens as rows of cell values
(numbers as floats or ints, ``None`` for an empty cell) and returns a value, never an
exception: bad input gives the error message as text (``r3c7: 'x' is not a digit 1-9``).
"""

from __future__ import annotations

import random
from typing import Any

from ..core import (
    PuzzleError,
    best_score,
    candidates,
    count_solutions,
    generate,
    grid_from_rows,
    hint,
    placeholder,
    rate,
    require_proper,
    solve,
)

Rows = list[list[Any]]
#: seconds SUDOKU_TARGET may search before it answers "at least" (Excel waits for it)
TARGET_SECONDS = 5.0


def _message(error: Exception) -> str:
    return str(error) if isinstance(error, PuzzleError | ValueError) else f"error: {error!r}"


def solution(givens: Rows) -> Rows | str:
    """The solution of the givens, as 9 rows of 9 digits."""
    try:
        answer = solve(grid_from_rows(givens))
    except Exception as error:
        return _message(error)
    return [list(answer[9 * r : 9 * r + 9]) for r in range(9)]


def shown_candidates(givens: Rows) -> Rows | str:
    """Each cell's candidates as a placeholder string ("120406709"), a given as its digit."""
    try:
        grid = grid_from_rows(givens)
        masks = candidates(grid)
    except Exception as error:
        return _message(error)
    shown = [str(grid[c]) if grid[c] else placeholder(masks[c]) for c in range(81)]
    return [shown[9 * r : 9 * r + 9] for r in range(9)]


def solution_count(givens: Rows, limit: Any = 1000) -> int | str:
    """How many solutions the givens have, counting up to ``limit``."""
    try:
        return count_solutions(grid_from_rows(givens), limit=max(1, int(limit)))
    except Exception as error:
        return _message(error)


def rating(givens: Rows) -> str:
    """The rating on Sudoku Explainer's scale with its label, e.g. "4.2 Expert (XY-Wing)"."""
    try:
        return str(rate(grid_from_rows(givens)))
    except Exception as error:
        return _message(error)


def hint_text(givens: Rows, level: Any = 1) -> str:
    """A hint for the next step: 1 the technique, 2 where to look, 3 the whole step."""
    try:
        return hint(grid_from_rows(givens), int(level)).text
    except Exception as error:
        return _message(error)


def validity(givens: Rows) -> bool | str:
    """True if the givens are a proper puzzle (one solution), else what is wrong."""
    try:
        require_proper(count_solutions(grid_from_rows(givens), limit=2))
    except Exception as error:
        return _message(error)
    return True


def new_puzzle(difficulty: Any = "Medium", seed: Any = None, symmetry: Any = "none") -> Rows | str:
    """A new puzzle of a difficulty (Easy ... Needs guessing), 9 rows with "" for empty
    cells; the same ``seed`` (a whole number) gives the same puzzle."""
    from ..puzzles import BUDGET  # noqa: PLC0415 - read at each call: a test may lengthen it

    try:
        rng = random.Random(None if seed in (None, "") else int(seed))
        made = generate(rng, difficulty=str(difficulty), symmetry=str(symmetry), seconds=BUDGET)
    except Exception as error:
        return _message(error)
    return [[d or "" for d in made.puzzle[9 * r : 9 * r + 9]] for r in range(9)]


def target(givens: Rows, grid: Any = False) -> Rows | int | str:
    """Target sudoku (NOIP 2009): the best score of any solution, cells scoring 6 (outer
    ring) to 10 (centre); -1: no solution; with ``grid`` true, its 9x9 solution. Few
    givens: stops after ``TARGET_SECONDS`` with "at least N (not proven)"."""
    try:
        found = best_score(grid_from_rows(givens), seconds=TARGET_SECONDS)
    except Exception as error:
        return _message(error)
    if not found.proven:
        return f"at least {found.score} (not proven: too few givens to search in time)"
    if grid and found.grid is not None:
        return [list(found.grid[9 * r : 9 * r + 9]) for r in range(9)]
    return found.score
