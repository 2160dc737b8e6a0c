"""Worksheet functions ``SUDOKU_*`` (edge layer, xlwings UDFs; Windows Excel only).

Each takes the givens as a 9x9 range (``SUDOKU_NEW`` a difficulty) and returns a value,
never an exception: bad input gives the error message as text
(``r3c7: 'x' is not a digit 1-9``). What each does lives in ``xl_sudoku.buttons.functions``,
which the xlwings Lite edition (``lite/main.py``) calls too. The VBA wrappers in the
workbook's ``xlwings_udfs`` module are generated from these functions when the workbook is
built, so no "Import Functions" step is needed; they call ``xl_sudoku.excel.udfs``, the
module the workbook's ``xlwings.conf`` sheet names (``UDF Modules``).

The arguments and results are annotated ``Any``: xlwings converts each by the converter
its type hint names, and a union such as ``Rows | str`` names none (the call would fail in
Excel); ``Any`` is xlwings' default conversion, the values as Excel gives and takes them.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw

from ..buttons import functions


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_SOLVE(givens: Any) -> Any:  # noqa: N802 - Excel's name
    """The solution of the givens, as 9 rows of 9 digits."""
    return functions.solution(givens)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_CANDIDATES(givens: Any) -> Any:  # noqa: N802
    """Each cell's candidates as a placeholder string ("120406709"), a given as its digit."""
    return functions.shown_candidates(givens)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_COUNT(givens: Any, limit: Any = 1000) -> Any:  # noqa: N802
    """How many solutions the givens have, counting up to ``limit``."""
    return functions.solution_count(givens, limit)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_RATE(givens: Any) -> Any:  # noqa: N802
    """The rating on Sudoku Explainer's scale with its label, e.g. "4.2 Expert (XY-Wing)"."""
    return functions.rating(givens)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_HINT(givens: Any, level: Any = 1) -> Any:  # noqa: N802
    """A hint for the next step: 1 the technique, 2 where to look, 3 the whole step."""
    return functions.hint_text(givens, level)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_VALID(givens: Any) -> Any:  # noqa: N802
    """TRUE if the givens are a proper puzzle (one solution), else what is wrong."""
    return functions.validity(givens)


@xw.func
def SUDOKU_NEW(difficulty: Any = "Medium", seed: Any = None, symmetry: Any = "none") -> Any:  # noqa: N802
    """A new puzzle of a difficulty (Easy ... Needs guessing), 9 rows with "" for empty
    cells; the same ``seed`` (a whole number) gives the same puzzle."""
    return functions.new_puzzle(difficulty, seed, symmetry)


@xw.func
@xw.arg("givens", ndim=2)
def SUDOKU_TARGET(givens: Any, grid: Any = False) -> Any:  # noqa: N802
    """Target sudoku (NOIP 2009): the best score of any solution, cells scoring 6 (outer
    ring) to 10 (centre); -1: no solution; with ``grid`` TRUE, its 9x9 solution. Few
    givens: stops after 5 s with "at least N (not proven)"."""
    return functions.target(givens, grid)
