"""The board's vocabulary: cells, digits, units and peers (core layer).

Glossary (the names used everywhere in xl-sudoku):

    cell     an int 0..80, row-major: cell = 9 * row + column (both 0-based).
             People see it 1-based as ``r3c5`` (``cell_name``).
    digit    an int 1..9. ``0`` means "empty" only inside a ``Grid``.
    Grid     a tuple of 81 ints, one per cell, 0 for an empty cell.
    unit     a tuple of the 9 cells of a row, a column or a box.
    house    an int 0..26, a unit's index in ``UNITS``: rows 0-8, columns 9-17, boxes
             18-26. People see it as ``row 3``, ``column 5``, ``box 2`` (``house_name``).
    peers    the 20 cells that share a unit with a cell.
    box      boxes are numbered 0..8 left to right, top to bottom.

All tables are built once, at import, and never change.
"""

from __future__ import annotations

from typing import Final

Cell = int
Digit = int
Grid = tuple[int, ...]
Unit = tuple[Cell, ...]
House = int

CELLS: Final = range(81)
DIGITS: Final = range(1, 10)
EMPTY_GRID: Final[Grid] = (0,) * 81


def row_of(cell: Cell) -> int:
    """The row (0..8) of a cell."""
    return cell // 9


def col_of(cell: Cell) -> int:
    """The column (0..8) of a cell."""
    return cell % 9


def box_of(cell: Cell) -> int:
    """The box (0..8) of a cell."""
    return cell // 27 * 3 + cell % 9 // 3


ROWS: Final[tuple[Unit, ...]] = tuple(tuple(9 * r + c for c in range(9)) for r in range(9))
COLS: Final[tuple[Unit, ...]] = tuple(tuple(9 * r + c for r in range(9)) for c in range(9))
BOXES: Final[tuple[Unit, ...]] = tuple(tuple(c for c in CELLS if box_of(c) == b) for b in range(9))
#: rows 0-8, columns 9-17, boxes 18-26
UNITS: Final[tuple[Unit, ...]] = ROWS + COLS + BOXES
#: the row, the column and the box of each cell
UNITS_OF: Final[tuple[tuple[Unit, Unit, Unit], ...]] = tuple(
    (ROWS[row_of(c)], COLS[col_of(c)], BOXES[box_of(c)]) for c in CELLS
)
PEERS: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(sorted(set(UNITS_OF[c][0] + UNITS_OF[c][1] + UNITS_OF[c][2]) - {c})) for c in CELLS
)

_UNIT_KINDS: Final = ("row", "column", "box")


def cell_name(cell: Cell) -> str:
    """``r3c5``: the cell as people read it, 1-based."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def house_name(house: House) -> str:
    """``row 3``, ``column 5`` or ``box 2``: a house as people read it, 1-based."""
    return f"{_UNIT_KINDS[house // 9]} {house % 9 + 1}"
