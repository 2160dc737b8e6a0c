"""Sue de Coq (core layer, logic techniques).

Where a box and a line (row or column) cross, take two or three open cells C of the
crossing holding N digits, N at least two more than the cells. Add cells D of the line
outside the box and cells E of the box outside the line, each sharing a digit with C,
no digit being both in D and in E, so that C, D and E together hold exactly as many
digits as they have cells. A digit of D or E can then be placed only in the line (C and
D) or only in the box (C and E), and a digit of C in neither stays in the crossing: no
digit can be placed twice among these cells, and as many digits as cells are there, so
each is placed once. The digits of D, and those of C not in E, leave the rest of the
line; the digits of E, and those of C not in D, leave the rest of the box.

HoDoKu's technique; Sudoku Explainer has none. Rated by its cells on the scale of
Sukaku Explainer's wings (``als.size_rating``), which its comments liken to it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import NamedTuple

from ..board import Board
from ..colours import GREEN
from ..deadline import checkpoint
from ..glossary import BOX_BITS, BOX_HOUSES, DIGITS_OF, HOUSE_BITS, CellSet, Mask, cell_list
from ..grid import house_name
from ..steps import Family, Step, Technique, removals_text
from .als import cells_text, digits_set, size_rating

SUE_DE_COQ = Technique("sue-de-coq", "Sue de Coq", 5.5, Family.ALS, GREEN)

_Subset = tuple[CellSet, Mask, int]  # cells, their digits, slack


def _subsets(cells: list[int], masks: list[Mask], core: Mask) -> list[_Subset]:
    """(cells, digits, slack) for each non-empty subset of ``cells`` whose every cell
    shares a digit with ``core``; slack: its cells minus its digits outside ``core``."""
    usable = [c for c in cells if masks[c] & core]
    out = []
    for size in range(1, len(usable) + 1):
        for group in combinations(usable, size):
            digits = 0
            bits = 0
            for c in group:
                digits |= masks[c]
                bits |= 1 << c
            slack = size - (digits & ~core).bit_count()
            if slack >= 1:
                out.append((bits, digits, slack))
    return out


class _Crossing(NamedTuple):
    """Where a box and a line cross: the line, the box, the open cells of the crossing
    (where C is taken from), and those of each outside the other (D and E)."""

    line: int
    box: int
    cells: list[int]
    line_rest: list[int]
    box_rest: list[int]


def sue_de_coqs(board: Board) -> Iterator[Step]:
    """Sue de Coq (module docstring)."""
    open_bits = board.open_bits
    found: list[Step] = []
    for box in range(9):
        box_bits = BOX_BITS[box] & open_bits
        for line in range(18):
            crossing = HOUSE_BITS[line] & box_bits
            if crossing.bit_count() < 2:
                continue
            line_rest = cell_list(HOUSE_BITS[line] & open_bits & ~BOX_BITS[box])
            box_rest = cell_list(box_bits & ~HOUSE_BITS[line])
            if line_rest and box_rest:
                place = _Crossing(line, box, cell_list(crossing), line_rest, box_rest)
                found += _at_crossing(board, place)
    found.sort(key=lambda step: (step.difficulty, -len(step.eliminations)))
    yield from found


def _at_crossing(board: Board, place: _Crossing) -> list[Step]:
    """The Sue de Coqs of one crossing: for each two or three of its cells (C) holding
    at least two digits more than they are, the sets D and E that complete them."""
    masks = board.masks
    line_rest, box_rest = place.line_rest, place.box_rest
    found = []
    for size in (2, 3):
        for core_cells in combinations(place.cells, size):
            checkpoint()
            core = 0
            for c in core_cells:
                core |= masks[c]
            spare = core.bit_count() - size
            if spare < 2:
                continue
            in_box: dict[int, list[_Subset]] = {}  # by slack
            for subset in _subsets(box_rest, masks, core):
                in_box.setdefault(subset[2], []).append(subset)
            for d_cells, d_digits, d_slack in _subsets(line_rest, masks, core):
                for e_cells, e_digits, _ in in_box.get(spare - d_slack, ()):
                    if d_digits & e_digits:
                        continue  # a digit both in D and in E
                    step = _step(board, place, core_cells, (d_cells, d_digits), (e_cells, e_digits))
                    if step is not None:
                        found.append(step)
    return found


def _step(
    board: Board,
    place: _Crossing,
    core_cells: tuple[int, ...],
    d_set: tuple[CellSet, Mask],
    e_set: tuple[CellSet, Mask],
) -> Step | None:
    """The Sue de Coq of cells C (``core_cells``), D and E (each its cells and their
    digits), if it removes anything."""
    masks = board.masks
    line, box = place.line, place.box
    (d_cells, d_digits), (e_cells, e_digits) = d_set, e_set
    core = 0
    for c in core_cells:
        core |= masks[c]
    core_bits = sum(1 << c for c in core_cells)
    line_digits = d_digits | (core & ~e_digits)
    box_digits = e_digits | (core & ~d_digits)
    line_others = HOUSE_BITS[line] & ~core_bits & ~d_cells
    box_others = BOX_BITS[box] & ~core_bits & ~e_cells
    eliminations: set[tuple[int, int]] = set()
    for d in DIGITS_OF[line_digits]:
        eliminations.update((c, d) for c in cell_list(board.cells_of(d) & line_others))
    for d in DIGITS_OF[box_digits]:
        eliminations.update((c, d) for c in cell_list(board.cells_of(d) & box_others))
    if not eliminations:
        return None
    removed = tuple(sorted(eliminations))
    cells = core_bits | d_cells | e_cells
    return Step(
        SUE_DE_COQ,
        f"Sue de Coq: {cells_text(core_bits)} {digits_set(core)} with "
        f"{cells_text(d_cells)} {digits_set(d_digits)} in {house_name(line)} and "
        f"{cells_text(e_cells)} {digits_set(e_digits)} in {house_name(BOX_HOUSES[box])}: "
        f"{removals_text(removed)}",
        eliminations=removed,
        pattern=tuple((c, d) for c in cell_list(cells) for d in DIGITS_OF[masks[c]]),
        houses=(line, BOX_HOUSES[box]),
        rating=size_rating(cells.bit_count()),
    )
