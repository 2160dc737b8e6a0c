"""The fast solver's packed fields: the bit layout of its four views and their tables (core
layer).

The 729 candidates (cell, digit) are held as Python ints used as bit sets, in four
*views* (cell, row, column, box; see ``solver``). Each view groups the candidates into 81
*fields* of 9 bits, one per constraint, plus a tenth *guard* bit that stays set while the
field is open.

Names: a *slot* is a candidate's bit position in the cell view, ``10 * cell + digit - 1``
(``slot_of``); a *field* is 10 bits (``FIELD``): 9 candidate bits (``FIELD_MASK``) and the
guard (bit ``GUARD``); a digit-major view gives each digit 9 fields, 90 bits
(``DIGIT_SPAN``).

Per slot, ``KEEP_CELL``/``KEEP_ROW``/``KEEP_COL``/``KEEP_BOX`` are the AND masks that place
it in each view; ``BIT_ROW``/``BIT_COL``/``BIT_BOX`` its bit in a digit-major view, and
``SLOT_AT_ROW``/... map a view's bit back to its slot. ``locked_candidates`` finds
pointing and claiming on the row view; ``fields_with_two`` the fields with two bits.

The fast solver (``solver``), the target search (``target``) and the chain searches
(``techniques.chains``) share these; they are tables built once at import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .glossary import PEERS, box_of, col_of, row_of, slot_of

FIELD: Final = 10  # bits a field: 9 candidate bits and a guard
GUARD: Final = 9  # the guard's bit in a field
FIELD_MASK: Final = 0x1FF  # the 9 candidate bits of one field
DIGIT_SPAN: Final = 9 * FIELD  # a digit's 9 fields in a digit-major view
VIEW_BITS: Final = 81 * FIELD
FIELD_LOW: Final = sum(1 << (FIELD * f) for f in range(81))  # bit 0 of every field
FIELD_GUARD: Final = FIELD_LOW << GUARD
FIELD_BITS: Final = FIELD_LOW * FIELD_MASK  # the 9 candidate bits of every field
FULL: Final = FIELD_BITS | FIELD_GUARD  # every candidate, every field open
_DIGIT_BLOCK: Final = sum(1 << (DIGIT_SPAN * d) for d in range(9))  # a bit in each digit's span


def _position_in_box(cell: int) -> int:
    return row_of(cell) % 3 * 3 + col_of(cell) % 3


def _build_view(
    field_of: Sequence[int], bit_in_field: Sequence[int]
) -> tuple[list[int], list[int], list[int]]:
    """Tables for a digit-major view (row, column or box).

    ``field_of[cell]`` is the house index of the cell in this view, ``bit_in_field[cell]``
    its position in that house. Returns, indexed by slot: the AND mask that places the
    slot, the slot's bit; and, indexed by the view's bit position, the slot.
    """
    position = [FIELD * field_of[c] + bit_in_field[c] for c in range(81)]
    peer_bits = [sum(1 << position[p] for p in PEERS[c]) for c in range(81)]
    keep = [0] * VIEW_BITS
    bit = [0] * VIEW_BITS
    slot_at = [0] * VIEW_BITS
    for cell in range(81):
        own = (1 << position[cell]) * _DIGIT_BLOCK  # the cell in every digit's block
        for d in range(9):
            slot = slot_of(cell, d + 1)
            span = DIGIT_SPAN * d
            guard = 1 << (span + FIELD * field_of[cell] + GUARD)
            keep[slot] = FULL ^ ((peer_bits[cell] << span) | own | guard)
            bit[slot] = 1 << (span + position[cell])
            slot_at[span + position[cell]] = slot
    return keep, bit, slot_at


def _build_cell_view() -> list[int]:
    """The AND masks that place each slot in the cell view."""
    peer_fields = [sum(1 << (FIELD * p) for p in PEERS[c]) for c in range(81)]
    keep = [0] * VIEW_BITS
    for cell in range(81):
        own = ((1 << FIELD) - 1) << (FIELD * cell)  # the cell's digits and guard
        for d in range(9):
            keep[slot_of(cell, d + 1)] = FULL ^ ((peer_fields[cell] << d) | own)
    return keep


KEEP_CELL: Final = _build_cell_view()
KEEP_ROW, BIT_ROW, SLOT_AT_ROW = _build_view(
    [row_of(c) for c in range(81)], [col_of(c) for c in range(81)]
)
KEEP_COL, BIT_COL, SLOT_AT_COL = _build_view(
    [col_of(c) for c in range(81)], [row_of(c) for c in range(81)]
)
KEEP_BOX, BIT_BOX, SLOT_AT_BOX = _build_view(
    [box_of(c) for c in range(81)], [_position_in_box(c) for c in range(81)]
)

# Locked candidates work on the row view, where field (digit, row) holds columns 0-8:
# the three columns of a box in that row are a "mini-row".
_MINIROW_FLAGS: Final = FIELD_LOW * 0b001001001  # bits 0, 3, 6 of every field
_BAND_TOP: Final = (
    sum(1 << (DIGIT_SPAN * d + FIELD * r) for d in range(9) for r in (0, 3, 6)) * 0b001001001
)
_ROW_IN_BAND: Final = tuple(
    sum(1 << (DIGIT_SPAN * d + FIELD * r) for d in range(9) for r in range(9) if r % 3 == i)
    * 0b001001001
    for i in range(3)
)


def fields_with_two(view: int) -> int:
    """Guard bits of the fields with exactly two candidates."""
    bits = view & FIELD_BITS
    one_less = bits & ((bits | FIELD_GUARD) - FIELD_LOW)
    two_less = one_less & ((one_less | FIELD_GUARD) - FIELD_LOW)
    return ((one_less + FIELD_BITS) & FIELD_GUARD) & ~((two_less + FIELD_BITS) & FIELD_GUARD)


def locked_candidates(rows: int) -> int:
    """Row-view bits that box-line intersections eliminate (pointing and claiming)."""
    bits = rows & FIELD_BITS
    # one flag per (digit, row, box): the digit can go in that mini-row
    flags = (bits | (bits >> 1) | (bits >> 2)) & _MINIROW_FLAGS
    # claiming: the digit's places in a row all lie in one box -> not elsewhere in the box
    two_or_more = ((flags & ((flags | FIELD_GUARD) - FIELD_LOW)) + FIELD_BITS) & FIELD_GUARD
    claim = flags & ~(two_or_more - (two_or_more >> 9))
    eliminated = 0
    if claim:
        top = (claim & _ROW_IN_BAND[0]) * 7
        mid = (claim & _ROW_IN_BAND[1]) * 7
        bottom = (claim & _ROW_IN_BAND[2]) * 7
        eliminated = (
            (top << 10) | (top << 20) | (mid >> 10) | (mid << 10) | (bottom >> 10) | (bottom >> 20)
        )
    # pointing: the digit's places in a box all lie in one row -> not elsewhere in the row
    r0 = flags & _BAND_TOP
    r1 = (flags >> 10) & _BAND_TOP
    r2 = (flags >> 20) & _BAND_TOP
    only = (r0 | r1 | r2) & ~((r0 & r1) | (r0 & r2) | (r1 & r2))
    if only:
        point = (r0 & only) | ((r1 & only) << 10) | ((r2 & only) << 20)
        row_flag = (point | (point >> 3) | (point >> 6)) & FIELD_LOW
        eliminated |= (row_flag * FIELD_MASK) & ~(point * 7)
    return eliminated & bits
