"""The engine's vocabulary: every representation named once, with its layout, the
helpers over it and the house tables (core layer, the bottom: it imports nothing).

    Cell       an int 0..80, row-major: ``9 * row + column`` (both 0-based). People see it
               1-based as ``r3c5`` (``grid.cell_name``).
    Digit      an int 1..9. ``0`` means "empty" only inside a ``Grid``.
    Grid       a tuple of 81 ints, one per cell, 0 for an empty cell.
    House      a row, a column or a box, by its index 0..26: rows 0-8 (``ROW_HOUSES``),
               columns 9-17 (``COL_HOUSES``), boxes 18-26 (``BOX_HOUSES``; boxes are
               numbered 0..8 left to right, top to bottom). Its cells: ``HOUSES[house]``
               (a tuple), ``HOUSE_BITS[house]`` (a CellSet); a cell's three:
               ``HOUSES_OF[cell]``. People see ``row 3``, ``column 5``, ``box 2``
               (``grid.house_name``). (Older papers say *unit*: the same thing.) Sudoku
               Explainer visits them boxes first, then rows, then columns: ``SE_HOUSES``,
               ``SE_HOUSES_OF``.
    peers      the 20 cells that share a house with a cell (``PEERS``, ``PEER_BITS``).
    Mask       a set of digits as 9 bits: bit ``digit - 1`` (``0b101`` is {1, 3});
               ``bit``, ``mask_of``, ``DIGITS_OF``.
    CellSet    a set of cells as 81 bits: bit ``cell``; ``cells_in``, ``cell_list``,
               ``cell_set``. Other sets kept as ints (of houses, of a graph's nodes):
               ``members``, ``member_list``.
    Candidate  a digit still possible in a cell, as a pair ``(cell, digit)``: what a step
               places, removes and shows.
    Slot       a candidate as one bit of an 810-bit int, bit ``10 * cell + digit - 1``
               (``slot_of``): the fast solver's fields (``fields``, where bit
               ``10 * cell + 9`` guards the cell) and the fast chain searches; ``slots_in``.
    Key        a candidate assumed on or off in a chain (a *potential*), as one int:
               ``(81 * (digit - 1) + cell) << 1 | on`` (``key_of``): a digit's cells are
               81 consecutive nodes, so a node set is a CellSet per digit.

A set kept as an int is taken apart with ``members`` (``cells_in``, ``slots_in``)
except in the searches' inner loops, where the generator costs instructions measurably
(the fast solver, the finders, the chain searches), and where a loop needs the lowest
bit itself, not its index: there, inline (``low = bits & -bits``; benchmarks/README.md,
"Inline bit loops").

All tables are built once, at import, and never change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final

Cell = int
Digit = int
Grid = tuple[int, ...]
House = int
Mask = int  # 9 bits: bit ``digit - 1``
CellSet = int  # 81 bits: bit ``cell``
Candidate = tuple[Cell, Digit]
Slot = int  # bit ``10 * cell + digit - 1`` of an 810-bit int
Key = int  # a potential: ``(81 * (digit - 1) + cell) << 1 | on``

CELLS: Final = range(81)
DIGITS: Final = range(1, 10)
EMPTY_GRID: Final[Grid] = (0,) * 81
#: every digit, as a Mask
ALL_DIGITS: Final[Mask] = 0x1FF
#: every cell, as a CellSet
ALL_CELLS: Final[CellSet] = (1 << 81) - 1

#: the houses of each kind, as indices
ROW_HOUSES: Final = range(9)
COL_HOUSES: Final = range(9, 18)
BOX_HOUSES: Final = range(18, 27)


def row_of(cell: Cell) -> int:
    """The row (0..8) of a cell."""
    return cell // 9


def col_of(cell: Cell) -> int:
    """The column (0..8) of a cell."""
    return cell % 9


def box_of(cell: Cell) -> int:
    """The box (0..8) of a cell."""
    return cell // 27 * 3 + cell % 9 // 3


#: the cells of each row, column and box, and of each house (rows, columns, boxes)
ROWS: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(9 * r + c for c in range(9)) for r in range(9)
)
COLS: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(9 * r + c for r in range(9)) for c in range(9)
)
BOXES: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(c for c in CELLS if box_of(c) == b) for b in range(9)
)
HOUSES: Final[tuple[tuple[Cell, ...], ...]] = ROWS + COLS + BOXES
#: the houses of each cell: its row, column and box
HOUSES_OF: Final[tuple[tuple[House, House, House], ...]] = tuple(
    (ROW_HOUSES[row_of(c)], COL_HOUSES[col_of(c)], BOX_HOUSES[box_of(c)]) for c in CELLS
)
#: every house in the order Sudoku Explainer visits them: boxes, rows, columns
SE_HOUSES: Final[tuple[House, ...]] = (*BOX_HOUSES, *ROW_HOUSES, *COL_HOUSES)
#: the houses of each cell in the order Sudoku Explainer visits them: box, row, column
SE_HOUSES_OF: Final[tuple[tuple[House, House, House], ...]] = tuple(
    (box, row, col) for row, col, box in HOUSES_OF
)
#: the 20 peers of each cell, in increasing order
PEERS: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(sorted({p for h in HOUSES_OF[c] for p in HOUSES[h]} - {c})) for c in CELLS
)

#: the cells of each house, of each row, column and box, and each cell's peers, as CellSets
HOUSE_BITS: Final[tuple[CellSet, ...]] = tuple(sum(1 << c for c in h) for h in HOUSES)
ROW_BITS: Final = HOUSE_BITS[0:9]
COL_BITS: Final = HOUSE_BITS[9:18]
BOX_BITS: Final = HOUSE_BITS[18:27]
PEER_BITS: Final[tuple[CellSet, ...]] = tuple(sum(1 << p for p in PEERS[c]) for c in CELLS)

#: the digits of every mask, in increasing order
DIGITS_OF: Final[tuple[tuple[Digit, ...], ...]] = tuple(
    tuple(d for d in DIGITS if m >> (d - 1) & 1) for m in range(512)
)


def bit(digit: Digit) -> Mask:
    """The mask of one digit."""
    return 1 << (digit - 1)


def mask_of(digits: Iterable[Digit]) -> Mask:
    """The mask of some digits."""
    mask = 0
    for d in digits:
        mask |= 1 << (d - 1)
    return mask


def digits_of(mask: Mask) -> tuple[Digit, ...]:
    """The digits of a mask, in increasing order."""
    return DIGITS_OF[mask]


def members(bits: int) -> Iterator[int]:
    """The members of a set kept as an int, in increasing order: the indices of its set
    bits (a set of houses, of a graph's literals, of a chain's ends ...)."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


#: the cells of a CellSet, in increasing order
cells_in: Final[Callable[[CellSet], Iterator[Cell]]] = members
#: the slots of an 810-bit set of slots, in increasing order
slots_in: Final[Callable[[int], Iterator[Slot]]] = members


def member_list(bits: int) -> list[int]:
    """The members of a set kept as an int, as a list in increasing order (``members``
    written out: the finders make thousands of these a step)."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


#: the cells of a CellSet as a list, in increasing order
cell_list: Final[Callable[[CellSet], list[Cell]]] = member_list


def cell_set(cells: Iterable[Cell]) -> CellSet:
    """The CellSet of some cells."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def slot_of(cell: Cell, digit: Digit) -> Slot:
    """A candidate's slot."""
    return 10 * cell + digit - 1


def key_of(cell: Cell, digit: Digit, on: bool) -> Key:
    """A candidate assumed on (``on``) or off, as a chain's Key."""
    return (81 * (digit - 1) + cell) << 1 | on
