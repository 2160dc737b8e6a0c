"""Locked candidates: pointing and claiming (core layer, logic techniques).

Pointing: in a box, a digit's places all lie in one row (or column), so the digit
goes there and leaves the rest of that line. Claiming: in a row or column, a digit's
places all lie in one box, so it leaves the rest of that box.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import BOX_BITS, COL_BITS, ROW_BITS, Board, cell_list
from ..grid import box_of, col_of, row_of, unit_name
from ..steps import CLAIMING, POINTING, Step, Technique, names, removals_text


def pointing(board: Board) -> Iterator[Step]:
    for box in range(9):
        for digit in range(1, 10):
            places = board.cells_of(digit) & BOX_BITS[box]
            if not places:
                continue
            first = places.bit_length() - 1
            for line_bits, line_unit in ((ROW_BITS, row_of(first)), (COL_BITS, 9 + col_of(first))):
                line = line_bits[line_unit % 9]
                if not places & ~line:
                    removed = board.cells_of(digit) & line & ~BOX_BITS[box]
                    if removed:
                        yield _step(POINTING, digit, (18 + box, line_unit), places, removed)


def claiming(board: Board) -> Iterator[Step]:
    for line_unit in range(18):
        line = (ROW_BITS + COL_BITS)[line_unit]
        for digit in range(1, 10):
            places = board.cells_of(digit) & line
            if not places:
                continue
            box = box_of(places.bit_length() - 1)
            if not places & ~BOX_BITS[box]:
                removed = board.cells_of(digit) & BOX_BITS[box] & ~line
                if removed:
                    yield _step(CLAIMING, digit, (line_unit, 18 + box), places, removed)


def _step(
    technique: Technique, digit: int, houses: tuple[int, int], places: int, removed: int
) -> Step:
    """``houses``: the one the digit is confined in, then the one it leaves."""
    inside, along = houses
    cells = cell_list(places)
    eliminations = tuple((c, digit) for c in cell_list(removed))
    return Step(
        technique,
        f"{technique.name}: in {unit_name(inside)}, {digit} lies only in {unit_name(along)} "
        f"({names(cells)}): {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, digit) for c in cells),
        houses=houses,
    )
