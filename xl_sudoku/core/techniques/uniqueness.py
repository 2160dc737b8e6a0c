"""Uniqueness techniques: Unique Rectangle Type 1, BUG+1 (core layer, logic techniques).

Both assume the puzzle has exactly one solution; the engine uses them only when
``count_solutions`` has proved it.

Unique Rectangle Type 1: four open cells in two rows, two columns and two boxes, three
of them holding just {x,y} and the fourth x, y and more. If the fourth were x or y,
x and y could be swapped in the four cells: two solutions. So it is neither.

BUG+1 (bivalue universal grave): every open cell has two candidates but one, which has
three, and every digit has two places in every unit but one digit in that cell's units.
Without that digit in that cell the grid would be a deadly pattern with two solutions,
so the cell takes it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import UNIT_BITS, UNIT_INDICES_OF, Board
from ..candidates import DIGITS_OF
from ..grid import box_of, cell_name
from ..steps import BUG_PLUS_ONE, UNIQUE_RECTANGLE, Step, digits_text, names, removals_text


def unique_rectangles(board: Board) -> Iterator[Step]:
    masks = board.masks
    found: set[tuple[int, ...]] = set()
    # three corners hold just {x,y}, so two of them share a row: start from such pairs
    for row in range(9):
        pairs = [c for c in range(9 * row, 9 * row + 9) if masks[c].bit_count() == 2]
        for a, b in combinations(pairs, 2):
            if masks[a] != masks[b]:
                continue
            pair = masks[a]
            same_box = box_of(a) == box_of(b)
            for other_row in range(9):
                # two boxes in all: the other row is in another band if a and b share a
                # box, in the same band if they do not
                if other_row == row or (other_row // 3 == row // 3) == same_box:
                    continue
                c, d = 9 * other_row + a % 9, 9 * other_row + b % 9
                for three, extra in ((c, d), (d, c)):
                    if (
                        masks[three] == pair
                        and masks[extra] & pair == pair
                        and masks[extra] != pair
                    ):
                        corners = tuple(sorted((a, b, c, d)))
                        if corners not in found:
                            found.add(corners)
                            yield _rectangle_step(board, corners, pair, extra)


def _rectangle_step(board: Board, corners: tuple[int, ...], pair: int, extra: int) -> Step:
    digits = DIGITS_OF[pair]
    eliminations = tuple((extra, d) for d in digits)
    return Step(
        UNIQUE_RECTANGLE,
        f"Unique Rectangle Type 1 {digits_text(digits)} in {names(corners)}: "
        f"{cell_name(extra)} cannot be {digits_text(digits)} or the puzzle would "
        f"have two solutions, {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, d) for c in corners for d in digits),
    )


def bug_plus_one(board: Board) -> Iterator[Step]:
    masks = board.masks
    three = None
    for cell in range(81):
        count = masks[cell].bit_count()
        if count == 3 and three is None:
            three = cell
        elif count not in (0, 2):
            return
    if three is None:
        return
    # the digit of the three-candidate cell that has three places in each of its units
    digit = None
    for d in DIGITS_OF[masks[three]]:
        if all((board.cells_of(d) & UNIT_BITS[u]).bit_count() == 3 for u in UNIT_INDICES_OF[three]):
            digit = d
    if digit is None:
        return
    # every other (unit, digit) has 0 or 2 places
    for unit, bits in enumerate(UNIT_BITS):
        for d in range(1, 10):
            count = (board.cells_of(d) & bits).bit_count()
            if d == digit and unit in UNIT_INDICES_OF[three]:
                if count != 3:
                    return
            elif count not in (0, 2):
                return
    yield Step(
        BUG_PLUS_ONE,
        f"BUG+1: every open cell but {cell_name(three)} has two candidates; without {digit} "
        f"there the grid would have two solutions, so {cell_name(three)} is {digit}",
        placements=((three, digit),),
        pattern=tuple((c, d) for c in range(81) for d in DIGITS_OF[masks[c]] if c != three),
        houses=UNIT_INDICES_OF[three],
    )
