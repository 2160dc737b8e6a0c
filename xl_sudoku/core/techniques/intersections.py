"""Locked candidates: pointing and claiming (core layer, logic techniques).

Pointing: in a box, a digit's places all lie in one row (or column), so the digit
goes there and leaves the rest of that line. Claiming: in a row or column, a digit's
places all lie in one box, so it leaves the rest of that box.
"""

from __future__ import annotations

from ..colours import LIGHT_PURPLE
from ..glossary import (
    BOX_BITS,
    BOX_HOUSES,
    COL_BITS,
    COL_HOUSES,
    ROW_BITS,
    CellSet,
    box_of,
    cell_list,
    col_of,
    row_of,
)
from ..grid import house_name
from ..steps import Family, Step, Technique, names, removals_text
from .memory import OrderedSteps, by_digit_in_order

POINTING = Technique("pointing", "Pointing", 2.6, Family.INTERSECTIONS, LIGHT_PURPLE)
CLAIMING = Technique("claiming", "Claiming", 2.8, Family.INTERSECTIONS, LIGHT_PURPLE)

_LINES = ROW_BITS + COL_BITS  # rows, then columns (houses 0-17)


def _pointing_of(digit: int, cells: CellSet) -> OrderedSteps:
    """Pointing for one digit whose places are ``cells``: boxes in order, a row before a
    column."""
    out = []
    for box in range(9):
        places = cells & BOX_BITS[box]
        if not places:
            continue
        first = places.bit_length() - 1
        for k, (line_bits, line_house) in enumerate(
            ((ROW_BITS, row_of(first)), (COL_BITS, COL_HOUSES[col_of(first)]))
        ):
            line = line_bits[line_house % 9]
            if not places & ~line:
                removed = cells & line & ~BOX_BITS[box]
                if removed:
                    step = _step(POINTING, digit, (BOX_HOUSES[box], line_house), places, removed)
                    out.append(((box, digit, k), step))
    return tuple(out)


def _claiming_of(digit: int, cells: CellSet) -> OrderedSteps:
    """Claiming for one digit whose places are ``cells``: rows, then columns, in order."""
    out = []
    for line_house in range(18):
        line = _LINES[line_house]
        places = cells & line
        if not places:
            continue
        box = box_of(places.bit_length() - 1)
        if not places & ~BOX_BITS[box]:
            removed = cells & BOX_BITS[box] & ~line
            if removed:
                step = _step(CLAIMING, digit, (line_house, BOX_HOUSES[box]), places, removed)
                out.append(((line_house, digit), step))
    return tuple(out)


#: a digit's places in a box lie in one line: the digit leaves the rest of that line
pointing = by_digit_in_order(_pointing_of, "pointing")
#: a digit's places in a line lie in one box: the digit leaves the rest of that box
claiming = by_digit_in_order(_claiming_of, "claiming")


def _step(
    technique: Technique, digit: int, houses: tuple[int, int], places: int, removed: int
) -> Step:
    """``houses``: the one the digit is confined in, then the one it leaves."""
    inside, along = houses
    cells = cell_list(places)
    eliminations = tuple((c, digit) for c in cell_list(removed))
    return Step(
        technique,
        f"{technique.name}: in {house_name(inside)}, {digit} lies only in {house_name(along)} "
        f"({names(cells)}): {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, digit) for c in cells),
        houses=houses,
    )
