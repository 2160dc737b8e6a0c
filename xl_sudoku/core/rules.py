"""The rules of sudoku, checked plainly (core layer).

``is_solution`` is the independent checker every test uses: it shares no code or
table with the solver, only the definition of rows, columns and boxes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import Duplicate, DuplicateError
from .glossary import HOUSES, HOUSES_OF


def find_duplicates(grid: Sequence[int]) -> tuple[Duplicate, ...]:
    """Every digit given twice or more in a house, rows first, then columns, then boxes.

    A repetition already reported in a row or column is not reported again for its box.
    """
    if not _repeats(grid):
        return ()
    found: list[Duplicate] = []
    for house, house_cells in enumerate(HOUSES):
        where: dict[int, list[int]] = {}
        for cell in house_cells:
            if grid[cell]:
                where.setdefault(grid[cell], []).append(cell)
        for digit, cells in sorted(where.items()):
            if len(cells) > 1 and not any(
                d.digit == digit and set(cells) <= set(d.cells) for d in found
            ):
                found.append(Duplicate(digit, house, tuple(cells)))
    return tuple(found)


def _repeats(grid: Sequence[int]) -> bool:
    """Whether any house holds a digit twice: one pass over the cells."""
    seen = [0] * 27
    for cell, digit in enumerate(grid):
        if digit:
            bit = 1 << digit
            for house in HOUSES_OF[cell]:
                if seen[house] & bit:
                    return True
                seen[house] |= bit
    return False


def validate(grid: Sequence[int]) -> None:
    """Raise ``DuplicateError`` if a given repeats in a row, a column or a box."""
    duplicates = find_duplicates(grid)
    if duplicates:
        raise DuplicateError(duplicates)


def is_solution(solution: Sequence[int], puzzle: Sequence[int] | None = None) -> bool:
    """True if ``solution`` is a complete, valid grid that keeps every given of ``puzzle``."""
    if len(solution) != 81 or any(type(v) is not int for v in solution):
        return False
    if puzzle is not None and (
        len(puzzle) != 81 or any(g and g != s for g, s in zip(puzzle, solution, strict=True))
    ):
        return False
    return all({solution[c] for c in house} == set(range(1, 10)) for house in HOUSES)
