"""xl-sudoku's core: the use cases of the product, in pure standard-library Python.

    solve, solutions, count_solutions, proper_solution   the fast solver
    solution_lines                                       its answers as lines, for banks
    LogicSolver, Trace, Step                             solving as a person would
    rate, hint, generate, best_score                     ratings, hints, new puzzles, NOIP
    parse_puzzle, read_puzzles, format_line, ...         text in and out
    PuzzleError and its kinds, require_proper            what can be wrong

Nothing here imports Excel, openpyxl or anything outside the standard library; the
Excel, batch and command-line layers call these functions and do the reading and
writing themselves.

Importing the package loads the board's vocabulary only (``glossary``, ``grid``,
``candidates``, ``errors``); every other name loads its module when first used (PEP 562:
the module's ``__getattr__``), so that a button click shows its status before the logic engine's
techniques load, and a worksheet function that never rates never loads them.
"""

import importlib
import sys
import types
from typing import TYPE_CHECKING

from .candidates import (
    candidates,
    parse_placeholder,
    placeholder,
    placeholder_grid,
    read_placeholder_grid,
)
from .errors import (
    Duplicate,
    DuplicateError,
    GenerationError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleError,
    require_proper,
)
from .glossary import (
    ALL_DIGITS,
    BOXES,
    CELLS,
    COLS,
    DIGITS,
    EMPTY_GRID,
    HOUSES,
    HOUSES_OF,
    PEERS,
    ROWS,
    Candidate,
    Cell,
    Digit,
    Grid,
    House,
    Mask,
    bit,
    box_of,
    col_of,
    digits_of,
    mask_of,
    row_of,
)
from .grid import cell_name, house_name

if TYPE_CHECKING:  # the names loaded when first used (``_LATER``), for the type checkers
    from .engine import LogicSolver, Status, Trace
    from .formats import (
        PuzzleRecord,
        format_grid,
        format_line,
        grid_from_rows,
        parse_puzzle,
        read_puzzles,
    )
    from .generate import Generated, generate
    from .hints import Hint, hint, next_step
    from .rating import Rating, rate
    from .rules import find_duplicates, is_solution, validate
    from .solver import (
        Puzzle,
        SearchStats,
        count_solutions,
        proper_solution,
        solution_lines,
        solutions,
        solve,
    )
    from .steps import Step, Technique
    from .target import Target, best_score
    from .techniques import TECHNIQUES, select_techniques

#: each name loaded when first used, and its module
_LATER = {
    "LogicSolver": "engine",
    "Status": "engine",
    "Trace": "engine",
    "PuzzleRecord": "formats",
    "format_grid": "formats",
    "format_line": "formats",
    "grid_from_rows": "formats",
    "parse_puzzle": "formats",
    "read_puzzles": "formats",
    "Generated": "generate",
    "generate": "generate",
    "Hint": "hints",
    "hint": "hints",
    "next_step": "hints",
    "Rating": "rating",
    "rate": "rating",
    "find_duplicates": "rules",
    "is_solution": "rules",
    "validate": "rules",
    "Puzzle": "solver",
    "SearchStats": "solver",
    "count_solutions": "solver",
    "proper_solution": "solver",
    "solution_lines": "solver",
    "solutions": "solver",
    "solve": "solver",
    "Step": "steps",
    "Technique": "steps",
    "Target": "target",
    "best_score": "target",
    "TECHNIQUES": "techniques",
    "select_techniques": "techniques",
}


def __getattr__(name: str) -> object:
    """A name of ``_LATER``, from its module, loaded now (and kept: asked for once)."""
    try:
        module = _LATER[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})


class _Core(types.ModuleType):
    """This package, whose ``generate`` stays the function: importing the module
    ``core.generate`` would otherwise bind its name here to the module (the import system
    sets a package's attribute after loading its submodule)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _LATER and isinstance(value, types.ModuleType):
            return  # the submodule of the same name: the name stays the function's
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Core

__all__ = [
    "ALL_DIGITS",
    "BOXES",
    "CELLS",
    "COLS",
    "DIGITS",
    "EMPTY_GRID",
    "HOUSES",
    "HOUSES_OF",
    "PEERS",
    "ROWS",
    "TECHNIQUES",
    "Candidate",
    "Cell",
    "Digit",
    "Duplicate",
    "DuplicateError",
    "Generated",
    "GenerationError",
    "Grid",
    "Hint",
    "House",
    "LogicSolver",
    "Mask",
    "MultipleSolutionsError",
    "NoSolutionError",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "PuzzleRecord",
    "Rating",
    "SearchStats",
    "Status",
    "Step",
    "Target",
    "Technique",
    "Trace",
    "best_score",
    "bit",
    "box_of",
    "candidates",
    "cell_name",
    "col_of",
    "count_solutions",
    "digits_of",
    "find_duplicates",
    "format_grid",
    "format_line",
    "generate",
    "grid_from_rows",
    "hint",
    "house_name",
    "is_solution",
    "mask_of",
    "next_step",
    "parse_placeholder",
    "parse_puzzle",
    "placeholder",
    "placeholder_grid",
    "proper_solution",
    "rate",
    "read_placeholder_grid",
    "read_puzzles",
    "require_proper",
    "row_of",
    "select_techniques",
    "solution_lines",
    "solutions",
    "solve",
    "validate",
]
