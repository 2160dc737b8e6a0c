"""What can go wrong, and the one test of a proper puzzle (core layer).

    ValueError
     ├── PuzzleError            anything wrong with a puzzle; ``.cells`` names the cells involved
     │    ├── ParseError        the input is not a puzzle: a bad character, value or shape
     │    ├── DuplicateError    a given repeated in a row, column or box
     │    ├── NoSolutionError   the givens are consistent, but no grid completes them
     │    ├── MultipleSolutionsError  more than one grid completes them
     │    └── WorkGridError     xl_sudoku.buttons: a work grid cell that cannot be read
     └── GenerationError        no puzzle as asked within the attempts or time allowed

    The edges' own errors are about files, arguments, sheets and workers, not puzzles:

    Exception
     ├── UsageError             xl_sudoku.cli: bad arguments or an unreadable input (exit 2)
     ├── CommandError           xl_sudoku.cli: the command could not do its work (exit 1)
     ├── AnsweredError          xl_sudoku.cli: a puzzle that failed after its answer was printed
     ├── WorkerLostError        xl_sudoku.helpers: a worker process died, run anew as often as
     │                          allowed: the run stops
     └── WorkbookError          xl_sudoku.batch: a file that cannot be read or written as a
          │                     workbook (the batch goes on with the next file)
          └── PackageError      a package refused or that cannot be patched (a ValueError too)
    ValueError
     ├── SettingError           xl_sudoku.buttons: a setting on the sheet holds a value it may not
     └── NamedRangeError        xl_sudoku.batch: a --range or --column naming no cells (exit 2)
    LookupError
     └── SheetMissingError      xl_sudoku.buttons: no Sudoku sheet, by its name or its names

Messages are lowercase and quote the input, e.g. ``r3c7: 'x' is not a digit 1-9``
or ``duplicate 5 in row 3: r3c2, r3c8``, so they can be shown to people as they are.
An error is never changed once made: where a caller knows more (the line of a file), it
says so in its own message.
"""

from __future__ import annotations

from dataclasses import dataclass

from .glossary import Cell, Digit, House
from .grid import cell_name, house_name


class PuzzleError(ValueError):
    """A puzzle that cannot be read or solved.

    ``cells`` are the cells to point at; ``line``, when the puzzle came from a text of
    many lines, is the line to point at, and ``str()`` then starts with ``line N: ``.
    """

    def __init__(self, message: str, cells: tuple[Cell, ...] = (), line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.cells = cells
        self.line = line

    def __str__(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"


class ParseError(PuzzleError):
    """The input is not a puzzle: a bad character, a bad value or a bad shape."""


@dataclass(frozen=True, slots=True)
class Duplicate:
    """One digit given more than once in one house."""

    digit: Digit
    house: House  # where: a row, a column or a box
    cells: tuple[Cell, ...]

    def __str__(self) -> str:
        names = ", ".join(cell_name(c) for c in self.cells)
        return f"duplicate {self.digit} in {house_name(self.house)}: {names}"


class DuplicateError(PuzzleError):
    """Givens break the rules: the first duplicate is in the message, all are in ``duplicates``."""

    def __init__(self, duplicates: tuple[Duplicate, ...]) -> None:
        more = len(duplicates) - 1
        message = str(duplicates[0]) + (f" (and {more} more)" if more else "")
        cells = tuple(sorted({c for d in duplicates for c in d.cells}))
        super().__init__(message, cells)
        self.duplicates = duplicates


class NoSolutionError(PuzzleError):
    """The givens break no rule, but no grid completes them."""

    def __init__(self, message: str = "no solution", cells: tuple[Cell, ...] = ()) -> None:
        super().__init__(message, cells)


class MultipleSolutionsError(PuzzleError):
    """The puzzle has two solutions or more, where one was required (rating, generating)."""

    def __init__(self, message: str = "2 or more solutions", cells: tuple[Cell, ...] = ()) -> None:
        super().__init__(message, cells)


class GenerationError(ValueError):
    """No puzzle as asked was found within the attempts (or the time) allowed."""


def require_proper(solutions: int, *, unique: bool = True) -> None:
    """The one test of "is this a proper puzzle", on its number of solutions as
    ``count_solutions(puzzle, limit=2)`` counts them: ``NoSolutionError`` for none,
    ``MultipleSolutionsError`` for two or more. With ``unique=False`` only a puzzle
    with no solution is refused (solving or hinting works on any puzzle that has one)."""
    if solutions == 0:
        raise NoSolutionError()
    if solutions > 1 and unique:
        raise MultipleSolutionsError()
