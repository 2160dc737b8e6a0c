"""Singles: full house, hidden single, naked single (core layer, logic techniques)."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..colours import CYAN, MAGENTA
from ..glossary import BOX_HOUSES, COL_HOUSES, HOUSE_BITS, ROW_HOUSES, cells_in
from ..grid import cell_name, house_name
from ..steps import Family, Step, Technique

FULL_HOUSE = Technique("full-house", "Full House", 1.0, Family.SINGLES, MAGENTA)
HIDDEN_SINGLE = Technique("hidden-single", "Hidden Single", 1.2, Family.SINGLES, CYAN)
NAKED_SINGLE = Technique("naked-single", "Naked Single", 2.3, Family.SINGLES, MAGENTA)

# boxes, then columns, then rows: the order Sudoku Explainer looks in (HiddenSingle.java),
# so that the single it reports first is ours too; box singles rate 1.2, lines 1.5
_BOXES_FIRST = (*BOX_HOUSES, *COL_HOUSES, *ROW_HOUSES)


def full_houses(board: Board) -> Iterator[Step]:
    """A house with one open cell left: it takes the house's missing digit."""
    open_bits = board.open_bits
    for house in _BOXES_FIRST:
        left = open_bits & HOUSE_BITS[house]
        if left and not left & (left - 1):
            cell = left.bit_length() - 1
            mask = board.masks[cell]
            if mask and not mask & (mask - 1):
                digit = mask.bit_length()
                yield Step(
                    FULL_HOUSE,
                    f"Full House: {cell_name(cell)} is the last open cell in {house_name(house)}, "
                    f"so it is {digit}",
                    placements=((cell, digit),),
                    houses=(house,),
                )


def hidden_singles(board: Board) -> Iterator[Step]:
    """A digit with one place left in a house; boxes first (1.2), then rows and columns (1.5)."""
    per_digit = tuple(enumerate(board.cells_of(d) for d in range(1, 10)))
    open_bits = board.open_bits
    for house in _BOXES_FIRST:
        bits = HOUSE_BITS[house]
        if not open_bits & bits:
            continue
        for digit0, cells in per_digit:
            places = cells & bits
            if places and not places & (places - 1):
                digit = digit0 + 1
                cell = places.bit_length() - 1
                yield Step(
                    HIDDEN_SINGLE,
                    f"Hidden Single: in {house_name(house)}, {digit} fits only {cell_name(cell)}",
                    placements=((cell, digit),),
                    houses=(house,),
                    rating=1.2 if house >= 18 else 1.5,
                )


def naked_singles(board: Board) -> Iterator[Step]:
    """An open cell with one candidate left."""
    ones = twos = 0
    for digit in range(1, 10):
        cells = board.cells_of(digit)
        twos |= ones & cells
        ones |= cells
    single = ones & ~twos
    for cell in cells_in(single):
        digit = board.masks[cell].bit_length()
        yield Step(
            NAKED_SINGLE,
            f"Naked Single: {cell_name(cell)} can only be {digit}",
            placements=((cell, digit),),
        )
