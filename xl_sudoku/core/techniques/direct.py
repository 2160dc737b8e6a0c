"""Direct techniques: a locked set that leaves a hidden single (core layer, logic techniques).

Sudoku Explainer rates a pointing, claiming or hidden pair/triple lower when the
candidates it would remove leave a digit with one place in a house: the solver need not
write the eliminations down, only see that the digit has nowhere else to go. These
steps place that digit and remove nothing else, as Sudoku Explainer's do (its direct
hints apply the placement only); the locked set is their pattern.

* Direct Pointing (1.7): in a box, a digit lies in one line; in another box crossed by
  that line, the digit's places outside the line come down to one.
* Direct Claiming (1.9): in a line, a digit lies in one box; in another line of the
  same kind crossing that box, the digit's places outside the box come down to one.
* Direct Hidden Pair (2.0) / Triple (2.5): in a house, n digits share n cells (each
  with two places or more there); another digit's places outside those cells come down
  to one.

Houses are searched in Sudoku Explainer's order so that the step it would take is the
one found first: for intersections boxes against columns, boxes against rows, columns
against boxes, rows against boxes, digit by digit; for hidden sets boxes, columns, rows,
the digit sets in increasing binary order (``{1,2}, {1,3}, {2,3}, {1,4}, ...``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..board import Board
from ..colours import CYAN
from ..glossary import (
    BOX_BITS,
    BOX_HOUSES,
    COL_BITS,
    COL_HOUSES,
    DIGITS_OF,
    HOUSE_BITS,
    HOUSES,
    ROW_BITS,
    ROW_HOUSES,
    CellSet,
    box_of,
    cell_list,
    col_of,
    row_of,
)
from ..grid import cell_name, house_name
from ..steps import Family, Step, Technique, digits_text, names
from .houses import house_masks
from .memory import MEMORY, OrderedSteps, by_digit_in_order

# Sudoku Explainer's direct techniques: a locked set whose eliminations leave a hidden
# single; the step places that single (Locking(true), HiddenSet(n, true))
DIRECT_POINTING = Technique("direct-pointing", "Direct Pointing", 1.7, Family.INTERSECTIONS, CYAN)
DIRECT_CLAIMING = Technique("direct-claiming", "Direct Claiming", 1.9, Family.INTERSECTIONS, CYAN)
DIRECT_HIDDEN_PAIR = Technique(
    "direct-hidden-pair", "Direct Hidden Pair", 2.0, Family.SUBSETS, CYAN
)
DIRECT_HIDDEN_TRIPLE = Technique(
    "direct-hidden-triple", "Direct Hidden Triple", 2.5, Family.SUBSETS, CYAN
)

#: boxes, columns, rows: the order Sudoku Explainer scans houses in
_SE_HOUSES = (*BOX_HOUSES, *COL_HOUSES, *ROW_HOUSES)
#: per box, the other boxes of its stack (crossing its columns) and of its band (rows)
_STACK = tuple(tuple(b for b in range(9) if b % 3 == box % 3 and b != box) for box in range(9))
_BAND = tuple(tuple(b for b in range(9) if b // 3 == box // 3 and b != box) for box in range(9))


def _pointing_of(digit: int, cells: CellSet) -> OrderedSteps:
    """Direct Pointing for one digit whose places are ``cells``: a box where they lie in
    one line; in another box that line crosses, the digit keeps one place outside the
    line (boxes against columns, then rows; the digits in turn)."""
    out = []
    for by_column in (True, False):
        for box in range(9):
            places = cells & BOX_BITS[box]
            if places.bit_count() < 2:
                continue
            low = places.bit_length() - 1
            line = COL_BITS[col_of(low)] if by_column else ROW_BITS[row_of(low)]
            if places & ~line:
                continue
            for other in (_STACK if by_column else _BAND)[box]:
                there = cells & BOX_BITS[other]
                left = there & ~line
                if there.bit_count() > 1 and left.bit_count() == 1:
                    along = COL_HOUSES[col_of(low)] if by_column else row_of(low)
                    houses = (BOX_HOUSES[box], along, BOX_HOUSES[other])
                    step = _locked_step(DIRECT_POINTING, digit, houses, places, left)
                    out.append(((0 if by_column else 1, digit, box, other), step))
    return tuple(out)


def _claiming_of(digit: int, cells: CellSet) -> OrderedSteps:
    """Direct Claiming for one digit whose places are ``cells``: a line where they lie in
    one box; in another line of the same kind through that box, the digit keeps one place
    outside the box (columns, then rows; the digits in turn)."""
    out = []
    for offset in (9, 0):
        lines = HOUSE_BITS[offset : offset + 9]
        for index in range(9):
            places = cells & lines[index]
            if places.bit_count() < 2:
                continue
            box = box_of(places.bit_length() - 1)
            box_bits = BOX_BITS[box]
            if places & ~box_bits:
                continue
            first = index // 3 * 3
            for other in range(first, first + 3):
                if other == index:
                    continue
                there = cells & lines[other]
                left = there & ~box_bits
                if there.bit_count() > 1 and left.bit_count() == 1:
                    houses = (offset + index, BOX_HOUSES[box], offset + other)
                    step = _locked_step(DIRECT_CLAIMING, digit, houses, places, left)
                    out.append(((0 if offset else 1, digit, index, other), step))
    return tuple(out)


def _locked_step(
    technique: Technique, digit: int, houses: tuple[int, int, int], places: int, left: int
) -> Step:
    """``houses``: where the digit is confined, the house it lies in there, and the house
    where it is then left one place (``left``)."""
    inside, along, other = houses
    cell = left.bit_length() - 1
    locked = cell_list(places)
    return Step(
        technique,
        f"{technique.name}: in {house_name(inside)}, {digit} lies only in {house_name(along)} "
        f"({names(locked)}), so in {house_name(other)}, {digit} fits only {cell_name(cell)}",
        placements=((cell, digit),),
        pattern=tuple((c, digit) for c in locked),
        houses=houses,
    )


#: Pointing whose eliminations leave a hidden single in another box (SE 1.7)
direct_pointing = by_digit_in_order(_pointing_of, "direct_pointing")
#: Claiming whose eliminations leave a hidden single in a parallel line (SE 1.9)
direct_claiming = by_digit_in_order(_claiming_of, "direct_claiming")


def _colex(items: list[int], size: int) -> Iterator[tuple[int, ...]]:
    """The ``size``-subsets of ``items`` (increasing) in increasing binary order:
    ``{1,2}, {1,3}, {2,3}, {1,4}, ...``, the order Sudoku Explainer tries digit sets in."""
    if size == 2:
        for j in range(1, len(items)):
            for i in range(j):
                yield items[i], items[j]
    else:
        for k in range(2, len(items)):
            for j in range(1, k):
                for i in range(j):
                    yield items[i], items[j], items[k]


_DIRECT_HIDDEN = {2: DIRECT_HIDDEN_PAIR, 3: DIRECT_HIDDEN_TRIPLE}


def _direct_hidden(board: Board, size: int) -> Iterator[Step]:
    """A hidden set of ``size`` digits (each with two places or more in the house) whose
    cells, once they hold only those digits, leave another digit one place in the house."""
    houses = house_masks(board)
    open_bits = board.open_bits
    for house in _SE_HOUSES:
        if (open_bits & HOUSE_BITS[house]).bit_count() > size:
            yield from _direct_hidden_in(size, house, houses[house])


@lru_cache(maxsize=MEMORY)
def _direct_hidden_in(size: int, house: int, cell_masks: tuple[int, ...]) -> tuple[Step, ...]:
    """``_direct_hidden`` in one house whose cells have these candidates: what it finds
    depends on those alone, so it is remembered (a step changes a few houses)."""
    places = [0] * 10
    for c, mask in zip(HOUSES[house], cell_masks, strict=True):
        for d in DIGITS_OF[mask]:
            places[d] |= 1 << c
    counts = [p.bit_count() for p in places]
    eligible = [d for d in range(1, 10) if 2 <= counts[d] <= size]
    if len(eligible) < size:
        return ()
    out = []
    for digits in _colex(eligible, size):
        union = 0
        for d in digits:
            union |= places[d]
        if union.bit_count() != size:
            continue
        for value in range(1, 10):
            if counts[value] < 2 or value in digits:
                continue
            left = places[value] & ~union
            if left.bit_count() == 1:
                out.append(
                    _hidden_step(digits, house, union, (left.bit_length() - 1, value), cell_masks)
                )
                break
    return tuple(out)


def _hidden_step(
    digits: tuple[int, ...],
    house: int,
    union: int,
    single: tuple[int, int],
    house_masks: tuple[int, ...],
) -> Step:
    """The hidden set ``digits`` in ``union``'s cells of ``house`` (candidates
    ``house_masks``); ``single``: the cell and digit it leaves a hidden single."""
    technique = _DIRECT_HIDDEN[len(digits)]
    cell, value = single
    cells = cell_list(union)
    masks = dict(zip(HOUSES[house], house_masks, strict=True))
    return Step(
        technique,
        f"{technique.name} {digits_text(digits)} in {house_name(house)} ({names(cells)}), "
        f"so in {house_name(house)}, {value} fits only {cell_name(cell)}",
        placements=((cell, value),),
        pattern=tuple((c, d) for c in cells for d in digits if masks[c] >> (d - 1) & 1),
        houses=(house,),
    )


def direct_hidden_pairs(board: Board) -> Iterator[Step]:
    """Hidden pair that leaves a hidden single in its house (SE 2.0)."""
    return _direct_hidden(board, 2)


def direct_hidden_triples(board: Board) -> Iterator[Step]:
    """Hidden triple that leaves a hidden single in its house (SE 2.5)."""
    return _direct_hidden(board, 3)
