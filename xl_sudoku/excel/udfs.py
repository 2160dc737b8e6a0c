"""Worksheet functions ``SUDOKU_*`` (edge layer, xlwings UDFs; Windows Excel only).

Each takes the givens as a 9x9 range (``SUDOKU_NEW`` a difficulty) and returns a value,
never an exception: bad input gives the error message as text
(``r3c7: 'x' is not a digit 1-9``). What each does lives in ``xl_sudoku.buttons.functions``,
which the xlwings Lite edition (``lite/main.py``) calls too: every search there stops
within a typed digit's time unless a last argument gives it more seconds. The VBA
wrappers in the workbook's ``xlwings_udfs`` module are generated from these functions when
the workbook is built, so no "Import Functions" step is needed; they call
``xl_sudoku.excel.udfs``, the module the workbook's ``xlwings.conf`` sheet names
(``UDF Modules``).

The docstrings and the arguments' ``doc`` are what Excel's function help shows (the
docstring whole, so one plain sentence). The givens are read with ``err_to_str``: a cell
holding an error (``#N/A``) is named as such, not read as an empty cell.

The arguments and results are annotated ``Any``: xlwings converts each by the converter
its type hint names, and a union such as ``Rows | str`` names none (the call would fail in
Excel); ``Any`` is xlwings' default conversion, the values as Excel gives and takes them.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw

from ..buttons import functions
from ..buttons.functions import HELP

GIVENS = {"ndim": 2, "err_to_str": True, "doc": HELP["givens"]}


@xw.func
@xw.arg("givens", **GIVENS)
@xw.arg("seconds", doc=HELP["seconds"])
def SUDOKU_SOLVE(givens: Any, seconds: Any = None) -> Any:  # noqa: N802 - Excel's name
    """The solution of a proper puzzle, as 9 rows of 9 digits."""
    return functions.solution(givens, seconds)


@xw.func
@xw.arg("givens", **GIVENS)
def SUDOKU_CANDIDATES(givens: Any) -> Any:  # noqa: N802
    """Each open cell's candidates as 9 characters (120406709: 1, 2, 4, 6, 7 and 9)."""
    return functions.shown_candidates(givens)


@xw.func
@xw.arg("givens", **GIVENS)
@xw.arg("limit", doc=HELP["limit"])
@xw.arg("seconds", doc=HELP["seconds"])
def SUDOKU_COUNT(givens: Any, limit: Any = None, seconds: Any = None) -> Any:  # noqa: N802
    """How many solutions the givens have; N+ where the count stopped (there may be more)."""
    return functions.solution_count(givens, limit, seconds)


@xw.func
@xw.arg("givens", **GIVENS)
@xw.arg("seconds", doc=HELP["seconds"])
def SUDOKU_RATE(givens: Any, seconds: Any = None) -> Any:  # noqa: N802
    """The rating on Sudoku Explainer's scale, with its label and hardest technique."""
    return functions.rating(givens, seconds)


@xw.func
@xw.arg("givens", **GIVENS)
@xw.arg("level", doc=HELP["level"])
@xw.arg("seconds", doc=HELP["seconds"])
def SUDOKU_HINT(givens: Any, level: Any = 1, seconds: Any = None) -> Any:  # noqa: N802
    """A hint for the first step: its technique, where to look, or the whole step."""
    return functions.hint_text(givens, level, seconds)


@xw.func
@xw.arg("givens", **GIVENS)
@xw.arg("seconds", doc=HELP["seconds"])
def SUDOKU_VALID(givens: Any, seconds: Any = None) -> Any:  # noqa: N802
    """TRUE if the givens are a proper puzzle (one solution), else what is wrong."""
    return functions.validity(givens, seconds)


@xw.func
@xw.arg("difficulty", doc=HELP["difficulty"])
@xw.arg("seed", doc=HELP["seed"])
@xw.arg("symmetry", doc=HELP["symmetry"])
def SUDOKU_NEW(difficulty: Any = "Medium", seed: Any = None, symmetry: Any = "none") -> Any:  # noqa: N802
    """A new puzzle of a difficulty, as 9 rows with empty text for the open cells."""
    return functions.new_puzzle(difficulty, seed, symmetry)


@xw.func
@xw.arg("givens", **GIVENS)
@xw.arg("grid", doc=HELP["grid"])
@xw.arg("seconds", doc=HELP["seconds"])
def SUDOKU_TARGET(givens: Any, grid: Any = False, seconds: Any = None) -> Any:  # noqa: N802
    """Target sudoku (NOIP 2009): the best score of any solution, -1 if there is none."""
    return functions.target(givens, grid, seconds)
