"""Wings: XY-Wing, XYZ-Wing, W-Wing (core layer, logic techniques).

XY-Wing: a pivot {x,y} sees two wings {x,z} and {y,z}; whichever the pivot is, one
wing is z, so z leaves every cell that sees both wings. XYZ-Wing: the pivot is
{x,y,z}, so z leaves cells that see the pivot and both wings. W-Wing: two cells {x,y}
that do not see each other, and a unit where y has only two places, one seeing each
cell: one of the two cells is x, so x leaves cells that see both.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import PEER_BITS, UNIT_BITS, Board, cell_list
from ..candidates import DIGITS_OF
from ..grid import cell_name, unit_name
from ..steps import W_WING, XY_WING, XYZ_WING, Step, Technique, digits_text, names, removals_text


def _bivalue_cells(board: Board) -> list[int]:
    return [c for c in range(81) if board.masks[c].bit_count() == 2]


def xy_wings(board: Board) -> Iterator[Step]:
    masks = board.masks
    bivalue = _bivalue_cells(board)
    bivalue_bits = sum(1 << c for c in bivalue)
    for pivot in bivalue:
        pair = masks[pivot]
        wings = [w for w in cell_list(bivalue_bits & PEER_BITS[pivot]) if masks[w] != pair]
        for i, first in enumerate(wings):
            shared_first = masks[first] & pair
            if shared_first.bit_count() != 1:
                continue
            z = masks[first] & ~pair
            for second in wings[i + 1 :]:
                if masks[second] == (pair ^ shared_first) | z:
                    removed = board.cells_of(z.bit_length()) & PEER_BITS[first] & PEER_BITS[second]
                    if removed:
                        yield _wing_step(
                            XY_WING, board, pivot, first, second, z.bit_length(), removed
                        )


def xyz_wings(board: Board) -> Iterator[Step]:
    masks = board.masks
    bivalue_bits = sum(1 << c for c in _bivalue_cells(board))
    for pivot in range(81):
        triple = masks[pivot]
        if triple.bit_count() != 3:
            continue
        wings = [w for w in cell_list(bivalue_bits & PEER_BITS[pivot]) if masks[w] & ~triple == 0]
        for i, first in enumerate(wings):
            for second in wings[i + 1 :]:
                if masks[first] | masks[second] != triple or masks[first] == masks[second]:
                    continue
                z = (masks[first] & masks[second]).bit_length()
                removed = (
                    board.cells_of(z) & PEER_BITS[pivot] & PEER_BITS[first] & PEER_BITS[second]
                )
                if removed:
                    yield _wing_step(XYZ_WING, board, pivot, first, second, z, removed)


def _wing_step(
    technique: Technique, board: Board, pivot: int, first: int, second: int, z: int, removed: int
) -> Step:
    eliminations = tuple((c, z) for c in cell_list(removed))
    masks = board.masks
    digits = DIGITS_OF[masks[pivot] | masks[first] | masks[second]]
    return Step(
        technique,
        f"{technique.name} {digits_text(digits)} with pivot {cell_name(pivot)}, wings "
        f"{cell_name(first)} and {cell_name(second)}: {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, d) for c in (pivot, first, second) for d in DIGITS_OF[masks[c]]),
    )


def w_wings(board: Board) -> Iterator[Step]:
    masks = board.masks
    bivalue = _bivalue_cells(board)
    for i, first in enumerate(bivalue):
        pair = masks[first]
        for second in bivalue[i + 1 :]:
            if masks[second] != pair or PEER_BITS[first] >> second & 1:
                continue
            for link in DIGITS_OF[pair]:
                other = DIGITS_OF[pair ^ (1 << (link - 1))][0]
                removed = board.cells_of(other) & PEER_BITS[first] & PEER_BITS[second]
                if not removed:
                    continue
                places = board.cells_of(link)
                for unit, bits in enumerate(UNIT_BITS):
                    ends = places & bits
                    if ends.bit_count() != 2 or ends & ((1 << first) | (1 << second)):
                        continue
                    a, b = cell_list(ends)
                    if not (
                        (PEER_BITS[first] >> a & 1 and PEER_BITS[second] >> b & 1)
                        or (PEER_BITS[first] >> b & 1 and PEER_BITS[second] >> a & 1)
                    ):
                        continue
                    eliminations = tuple((c, other) for c in cell_list(removed))
                    yield Step(
                        W_WING,
                        f"W-Wing {digits_text(DIGITS_OF[pair])} in {cell_name(first)} and "
                        f"{cell_name(second)}, linked by {link} in {unit_name(unit)} "
                        f"({names((a, b))}): {removals_text(eliminations)}",
                        eliminations=eliminations,
                        pattern=(
                            *((c, d) for c in (first, second) for d in DIGITS_OF[pair]),
                            (a, link),
                            (b, link),
                        ),
                        houses=(unit,),
                    )
                    break
