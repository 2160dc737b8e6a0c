"""Empty Rectangles, every one, as HoDoKu finds them (core layer, logic techniques; after
every one of Sudoku Explainer's rules).

A box's places of a digit lie in one of its rows and one of its columns (the box's other
four cells, an "empty rectangle", lack it), some of them outside the crossing cell on
each side: the digit is in that row or in that column of the box. A conjugate pair of the
digit in a column outside the box, one end in the box's row: if that end is not the
digit, the other end is, and the box's digit is then in the box's column; so the cell
where the other end's row meets the box's column loses it either way. The same with rows
and columns exchanged.

Sukaku Explainer's rule (``strong_links.py``) sees each box one way (its first crossing
cell) and takes one chain a digit; this finder yields every Empty Rectangle of every box,
crossing and conjugate pair, two places in the box included (HoDoKu's "ERs with only two
candidates"), so two of one box and digit (a Dual Empty Rectangle) are both found. Rated
as Sukaku rates the grouped chain it is (4.3).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..colours import BLUE
from ..glossary import BOX_BITS, BOX_HOUSES, COL_BITS, ROW_BITS, CellSet, cells_in
from ..grid import cell_name
from ..steps import Family, Step, Technique, removals_text

# HoDoKu's Empty Rectangles, every one of every box: Sukaku's rule sees one per box and
# digit; rated as it rates the grouped chain (4.3)
HODOKU_EMPTY_RECTANGLE = Technique(
    "hodoku-empty-rectangle", "Empty Rectangle", 4.3, Family.SINGLE_DIGIT_CHAINS, BLUE
)


def _cell_of(cells: CellSet) -> int:
    return cells.bit_length() - 1


def empty_rectangles(board: Board) -> Iterator[Step]:
    """Every Empty Rectangle (module docstring): by digit, box, crossing cell."""
    for digit in range(1, 10):
        places = board.cells_of(digit)
        for box in range(9):
            in_box = places & BOX_BITS[box]
            if not 2 <= in_box.bit_count() <= 5:
                continue
            for row in range(box // 3 * 3, box // 3 * 3 + 3):
                for col in range(box % 3 * 3, box % 3 * 3 + 3):
                    row_part = in_box & ROW_BITS[row]
                    col_part = in_box & COL_BITS[col]
                    if in_box & ~(row_part | col_part):
                        continue
                    if not row_part & ~COL_BITS[col] or not col_part & ~ROW_BITS[row]:
                        continue
                    yield from _eliminations(board, digit, box, row, col)


def _eliminations(board: Board, digit: int, box: int, row: int, col: int) -> Iterator[Step]:
    """The steps of the ER of ``digit`` in ``box`` crossing at (``row``, ``col``)."""
    places = board.cells_of(digit)
    box_bits = BOX_BITS[box]
    in_box = places & box_bits
    # a conjugate pair in a column, one end in the box's row (outside the box): the
    # other end's row meets the box's column
    for by_row in (True, False):
        line = ROW_BITS[row] if by_row else COL_BITS[col]
        for end in cells_in(places & line & ~box_bits):
            across = COL_BITS[end % 9] if by_row else ROW_BITS[end // 9]
            pair = places & across
            if pair.bit_count() != 2:
                continue
            other = _cell_of(pair & ~(1 << end))
            target = (
                9 * (other // 9) + col if by_row else 9 * row + other % 9
            )  # where the other end's line meets the box's other line
            if target == other or box_bits >> target & 1 or not places >> target & 1:
                continue
            removed = ((target, digit),)
            box_text = ", ".join(cell_name(c) for c in cells_in(in_box))
            yield Step(
                HODOKU_EMPTY_RECTANGLE,
                f"Empty Rectangle {digit} in box {box + 1} ({box_text}): its {digit}s lie in "
                f"row {row + 1} and column {col + 1}, and {cell_name(end)} = "
                f"{cell_name(other)} is a conjugate pair: {removals_text(removed)}",
                eliminations=removed,
                pattern=tuple((c, digit) for c in cells_in(in_box)),
                alternate=((end, digit), (other, digit)),
                houses=(BOX_HOUSES[box],),
            )
