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
"""

from .candidates import (
    ALL_DIGITS,
    Mask,
    bit,
    candidates,
    digits_of,
    mask_of,
    parse_placeholder,
    placeholder,
    placeholder_grid,
    read_placeholder_grid,
)
from .engine import LogicSolver, Status, Trace
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
from .formats import (
    PuzzleRecord,
    format_grid,
    format_line,
    grid_from_rows,
    parse_puzzle,
    read_puzzles,
)
from .generate import Generated, generate
from .grid import (
    BOXES,
    CELLS,
    COLS,
    DIGITS,
    EMPTY_GRID,
    PEERS,
    ROWS,
    UNITS,
    UNITS_OF,
    Cell,
    Digit,
    Grid,
    House,
    Unit,
    box_of,
    cell_name,
    col_of,
    house_name,
    row_of,
)
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

__all__ = [
    "ALL_DIGITS",
    "BOXES",
    "CELLS",
    "COLS",
    "DIGITS",
    "EMPTY_GRID",
    "PEERS",
    "ROWS",
    "TECHNIQUES",
    "UNITS",
    "UNITS_OF",
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
    "Unit",
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
