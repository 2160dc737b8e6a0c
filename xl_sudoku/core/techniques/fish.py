"""Basic fish: X-Wing, Swordfish, Jellyfish (core layer, logic techniques).

For one digit, n rows (the base) whose places all lie in n columns (the cover): the
digit takes one place in each of those rows, so it fills the n columns and leaves
their other cells. The same with rows and columns exchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import COL_BITS, ROW_BITS, CellSet, cell_list
from ..grid import unit_name
from ..steps import JELLYFISH, SWORDFISH, X_WING, Step, removals_text
from .memory import by_digit

_FISH = {2: X_WING, 3: SWORDFISH, 4: JELLYFISH}


def fish(digit: int, cells: CellSet, size: int) -> Iterator[Step]:
    """The fish of one size for one digit, whose places are ``cells``."""
    technique = _FISH[size]
    for base_lines, cover_lines, base_offset, cover_offset in (
        (ROW_BITS, COL_BITS, 0, 9),
        (COL_BITS, ROW_BITS, 9, 0),
    ):
        # for each base line with 2..size places: the set of cover lines it touches
        touches: list[tuple[int, int]] = []
        for index, line in enumerate(base_lines):
            places = cells & line
            count = places.bit_count()
            if 2 <= count <= size:
                covers = 0
                for cover_index, cover in enumerate(cover_lines):
                    if places & cover:
                        covers |= 1 << cover_index
                touches.append((index, covers))
        for group in combinations(touches, size):
            covers = 0
            for _, c in group:
                covers |= c
            if covers.bit_count() != size:
                continue
            base = 0
            for index, _ in group:
                base |= base_lines[index]
            cover_bits = 0
            cover_indices = [i for i in range(9) if covers >> i & 1]
            for i in cover_indices:
                cover_bits |= cover_lines[i]
            removed = cells & cover_bits & ~base
            if removed:
                eliminations = tuple((c, digit) for c in cell_list(removed))
                base_units = tuple(base_offset + i for i, _ in group)
                cover_units = tuple(cover_offset + i for i in cover_indices)
                yield Step(
                    technique,
                    f"{technique.name} {digit} in {_lines(base_units)} "
                    f"({_lines(cover_units)}): {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, digit) for c in cell_list(cells & base & cover_bits)),
                    houses=base_units + cover_units,
                )


def _lines(units: tuple[int, ...]) -> str:
    """``rows 2, 7`` or ``columns 3, 8``."""
    kind = unit_name(units[0]).split()[0]
    return f"{kind}s " + ", ".join(unit_name(u).split()[1] for u in units)


x_wings = by_digit(lambda digit, cells: fish(digit, cells, 2), "x_wings")
swordfish = by_digit(lambda digit, cells: fish(digit, cells, 3), "swordfish")
jellyfish = by_digit(lambda digit, cells: fish(digit, cells, 4), "jellyfish")
