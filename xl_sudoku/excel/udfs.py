"""Worksheet functions ``SUDOKU_*`` (edge layer, xlwings UDFs; Windows Excel only).

Each takes the givens as a 9x9 range (``SUDOKU_NEW`` a difficulty) and returns a value,
never an exception: bad input gives the error message as text
(``r3c7: 'x' is not a digit 1-9``). The VBA wrappers in the workbook's ``xlwings_udfs``
module are generated from these functions when the workbook is built, so no "Import
Functions" step is needed; they call ``xl_sudoku.excel.udfs``, the module the
workbook's ``xlwings.conf`` sheet names (``UDF Modules``).
"""

from __future__ import annotations

import random
from typing import Any

import xlwings as xw

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
from ..puzzles import BUDGET

Rows = list[list[Any]]
#: seconds SUDOKU_TARGET may search before it answers "at least" (Excel waits for it)
TARGET_SECONDS = 5.0


def _message(error: Exception) -> str:
    return str(error) if isinstance(error, PuzzleError | ValueError) else f"error: {error!r}"


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_SOLVE(givens: Rows) -> Rows | str:  # noqa: N802 - Excel's name
    """The solution of the givens, as 9 rows of 9 digits."""
    try:
        answer = solve(grid_from_rows(givens))
    except Exception as error:
        return _message(error)
    return [list(answer[9 * r : 9 * r + 9]) for r in range(9)]


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_CANDIDATES(givens: Rows) -> Rows | str:  # noqa: N802
    """Each cell's candidates as a placeholder string ("120406709"), a given as its digit."""
    try:
        grid = grid_from_rows(givens)
        masks = candidates(grid)
    except Exception as error:
        return _message(error)
    shown = [str(grid[c]) if grid[c] else placeholder(masks[c]) for c in range(81)]
    return [shown[9 * r : 9 * r + 9] for r in range(9)]


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_COUNT(givens: Rows, limit: int = 1000) -> int | str:  # noqa: N802
    """How many solutions the givens have, counting up to ``limit``."""
    try:
        return count_solutions(grid_from_rows(givens), limit=max(1, int(limit)))
    except Exception as error:
        return _message(error)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_RATE(givens: Rows) -> str:  # noqa: N802
    """The rating on Sudoku Explainer's scale with its label, e.g. "4.2 Expert (XY-Wing)"."""
    try:
        return str(rate(grid_from_rows(givens)))
    except Exception as error:
        return _message(error)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_HINT(givens: Rows, level: int = 1) -> str:  # noqa: N802
    """A hint for the next step: 1 the technique, 2 where to look, 3 the whole step."""
    try:
        return hint(grid_from_rows(givens), int(level)).text
    except Exception as error:
        return _message(error)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_VALID(givens: Rows) -> bool | str:  # noqa: N802
    """TRUE if the givens are a proper puzzle (one solution), else what is wrong."""
    try:
        require_proper(count_solutions(grid_from_rows(givens), limit=2))
    except Exception as error:
        return _message(error)
    return True


@xw.func
def SUDOKU_NEW(difficulty: str = "Medium", seed: Any = None, symmetry: str = "none") -> Rows | str:  # noqa: N802
    """A new puzzle of a difficulty (Easy ... Needs guessing), 9 rows with "" for empty
    cells; the same ``seed`` (a whole number) gives the same puzzle."""
    try:
        rng = random.Random(None if seed in (None, "") else int(seed))
        made = generate(rng, difficulty=str(difficulty), symmetry=str(symmetry), seconds=BUDGET)
    except Exception as error:
        return _message(error)
    return [[d or "" for d in made.puzzle[9 * r : 9 * r + 9]] for r in range(9)]


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_TARGET(givens: Rows, grid: bool = False) -> Rows | int | str:  # noqa: N802
    """Target sudoku (NOIP 2009): the highest score of any solution, cells scoring 6 on
    the outer ring up to 10 in the centre (-1: no solution); with ``grid`` TRUE, the
    9x9 solution that scores it. A search longer than a few seconds (few givens) stops
    and says so: "at least N (not proven)"."""
    try:
        found = best_score(grid_from_rows(givens), seconds=TARGET_SECONDS)
    except Exception as error:
        return _message(error)
    if not found.proven:
        return f"at least {found.score} (not proven: too few givens to search in time)"
    if grid and found.grid is not None:
        return [list(found.grid[9 * r : 9 * r + 9]) for r in range(9)]
    return found.score
