"""Candidates as slots, for the fast chain searches (core layer, logic techniques): a slot is
bit ``10 * cell + digit - 1``, as in the fast solver (``core.fields``); per slot what an
"on" turns off (``WEAK``); a board as the solver's five views (``views``); singles.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from ...board import Board
from ...fields import (
    BIT_BOX,
    BIT_COL,
    BIT_ROW,
    FIELD_BITS,
    KEEP_BOX,
    KEEP_COL,
    KEEP_ROW,
)
from ...glossary import PEER_BITS, slots_in
from ...solver import propagate

State = tuple[int, int, int, int, int]  # cell, row, column, box views; placed slots

#: per slot, the slots an "on" turns off: the cell's other digits, the digit in the peers
WEAK: Final[tuple[int, ...]] = tuple(
    (
        sum(1 << (10 * p + slot % 10) for p in range(81) if PEER_BITS[slot // 10] >> p & 1)
        | (0x1FF << (slot // 10 * 10)) & ~(1 << slot)
    )
    if slot % 10 < 9
    else 0
    for slot in range(810)
)
#: per slot, its digit in the peers (an "on"'s house links only)
SAME_DIGIT_PEERS: Final[tuple[int, ...]] = tuple(
    WEAK[slot] & ~(0x1FF << (slot // 10 * 10)) for slot in range(810)
)


def views(board: Board) -> State:
    """The fast solver's views of a board's candidates."""
    return views_of(board.digits, board.masks)


def views_of(digits: Sequence[int], masks: Sequence[int]) -> State:
    """The fast solver's views of cells' digits (0: open) and candidate masks."""
    cells = rows = cols = boxes = placed = 0
    for cell in range(81):
        digit = digits[cell]
        if digit:
            placed |= 1 << (10 * cell + digit - 1)
            continue
        cells |= (masks[cell] | 0x200) << (10 * cell)
    for slot in slots_in(cells & FIELD_BITS):
        rows |= BIT_ROW[slot]
        cols |= BIT_COL[slot]
        boxes |= BIT_BOX[slot]
    # a house field stays open (guard set) while its digit is not placed in it
    guards_row = guards_col = guards_box = 0
    for d in range(9):
        for i in range(9):
            guards_row |= 1 << (90 * d + 10 * i + 9)
    guards_col = guards_box = guards_row
    for slot in slots_in(placed):
        rows &= KEEP_ROW[slot]
        cols &= KEEP_COL[slot]
        boxes &= KEEP_BOX[slot]
        guards_row &= KEEP_ROW[slot]
        guards_col &= KEEP_COL[slot]
        guards_box &= KEEP_BOX[slot]
    return cells, rows | guards_row, cols | guards_col, boxes | guards_box, placed


#: naked and hidden singles until none is left (the fast solver's propagation without its
#: locked candidates); None on a contradiction (a cell with no candidate, a digit with no
#: place in a house, two singles that clash)
singles: Final = functools.partial(propagate, locked=False)


#: every slot
ALL_SLOTS: Final = (1 << 810) - 1
