"""What can be wrong with a puzzle (core layer).

    ValueError
     └── PuzzleError            anything wrong with a puzzle; ``.cells`` names the cells involved
          ├── ParseError        the input is not a puzzle: a bad character, value or shape
          ├── DuplicateError    a given repeated in a row, column or box
          ├── NoSolutionError   the givens are consistent, but no grid completes them
          └── MultipleSolutionsError  more than one grid completes them

Messages are lowercase and quote the input, e.g. ``r3c7: 'x' is not a digit 1-9``
or ``duplicate 5 in row 3: r3c2, r3c8``, so they can be shown to people as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Cell, Digit, cell_name, unit_name


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
    """One digit given more than once in one unit."""

    digit: Digit
    unit: int  # index into grid.UNITS
    cells: tuple[Cell, ...]

    def __str__(self) -> str:
        names = ", ".join(cell_name(c) for c in self.cells)
        return f"duplicate {self.digit} in {unit_name(self.unit)}: {names}"


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
