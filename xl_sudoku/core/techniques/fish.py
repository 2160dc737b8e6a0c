"""Fish: X-Wing, Swordfish, Jellyfish, basic, finned and sashimi (core layer).

For one digit, n rows (the base) whose places all lie in n columns (the cover): the
digit takes one place in each of those rows, so it fills the n columns and leaves
their other cells. The same with rows and columns exchanged.

Finned fish (HoDoKu's): the base rows' places lie in the n cover columns except for
some *fins*, all in one box. Either a fin holds the digit, or the fish is a basic one;
a cover cell in the fin box outside the base rows sees every fin and is removed by the
fish as well, so it loses the digit either way. A finned fish is *sashimi* when a base
row with fins keeps a single place in the cover (without its fins it would be a hidden
single, not part of a fish).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import BOX_BITS, COL_BITS, ROW_BITS, CellSet, cell_list
from ..grid import box_of, unit_name
from ..steps import (
    FINNED_JELLYFISH,
    FINNED_SWORDFISH,
    FINNED_X_WING,
    JELLYFISH,
    SASHIMI_JELLYFISH,
    SASHIMI_SWORDFISH,
    SASHIMI_X_WING,
    SWORDFISH,
    X_WING,
    Step,
    names,
    removals_text,
)
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


_FINNED = {2: FINNED_X_WING, 3: FINNED_SWORDFISH, 4: FINNED_JELLYFISH}
_SASHIMI = {2: SASHIMI_X_WING, 3: SASHIMI_SWORDFISH, 4: SASHIMI_JELLYFISH}


def finned_fish(digit: int, cells: CellSet, size: int, sashimi: bool) -> Iterator[Step]:
    """The finned (or sashimi) fish of one size for one digit, whose places are ``cells``:
    rows as the base first, then columns; most eliminations first within each."""
    technique = (_SASHIMI if sashimi else _FINNED)[size]
    found: list[tuple[int, Step]] = []
    for base_lines, cover_lines, base_offset, cover_offset, cross_of in (
        (ROW_BITS, COL_BITS, 0, 9, lambda c: c % 9),
        (COL_BITS, ROW_BITS, 9, 0, lambda c: c // 9),
    ):
        lines = [(i, cells & line) for i, line in enumerate(base_lines) if cells & line]
        for group in combinations(lines, size):
            base = 0
            for _, places in group:
                base |= places
            crossed = 0  # the cover lines the base's places touch
            for c in cell_list(base):
                crossed |= 1 << cross_of(c)
            if crossed.bit_count() <= size:
                continue  # a basic fish (or less)
            for box in sorted({box_of(c) for c in cell_list(base)}):
                fin_box = BOX_BITS[box]
                outside = 0  # cover lines forced by places outside the fin box
                for c in cell_list(base & ~fin_box):
                    outside |= 1 << cross_of(c)
                if outside.bit_count() > size:
                    continue
                inside = 0  # lines through the fin box touched by the base's places
                for c in cell_list(base & fin_box):
                    inside |= 1 << cross_of(c)
                extra = [i for i in range(9) if inside >> i & 1 and not outside >> i & 1]
                for added in combinations(extra, size - outside.bit_count()):
                    covers = outside | sum(1 << i for i in added)
                    cover_bits = 0
                    for i in range(9):
                        if covers >> i & 1:
                            cover_bits |= cover_lines[i]
                    fins = base & ~cover_bits
                    if not fins:
                        continue
                    body = [places & cover_bits for _, places in group]
                    if not all(body):
                        continue  # a base line made only of fins
                    is_sashimi = any(
                        b.bit_count() == 1 and places & ~cover_bits
                        for b, (_, places) in zip(body, group, strict=True)
                    )
                    if is_sashimi != sashimi:
                        continue
                    base_bits = _lines_bits(base_lines, [i for i, _ in group])
                    removed = cells & cover_bits & fin_box & ~base_bits
                    if not removed:
                        continue
                    eliminations = tuple((c, digit) for c in cell_list(removed))
                    base_units = tuple(base_offset + i for i, _ in group)
                    cover_units = tuple(cover_offset + i for i in range(9) if covers >> i & 1)
                    fin_text = "fin" if fins.bit_count() == 1 else "fins"
                    step = Step(
                        technique,
                        f"{technique.name} {digit} in {_lines(base_units)} "
                        f"({_lines(cover_units)}), {fin_text} {names(cell_list(fins))}: "
                        f"{removals_text(eliminations)}",
                        eliminations=eliminations,
                        pattern=tuple((c, digit) for c in cell_list(base & cover_bits)),
                        alternate=tuple((c, digit) for c in cell_list(fins)),
                        houses=base_units + cover_units + (18 + box,),
                        rating=_sashimi_x_wing_rating(fins) if sashimi and size == 2 else 0.0,
                    )
                    found.append((-len(eliminations), step))
    found.sort(key=lambda entry: entry[0])
    for _, step in found:
        yield step


def _lines_bits(lines: tuple[CellSet, ...], indices: list[int]) -> CellSet:
    out = 0
    for i in indices:
        out |= lines[i]
    return out


def _sashimi_x_wing_rating(fins: CellSet) -> float:
    """A sashimi X-Wing with one fin is a Skyscraper (4.0); with two, a grouped one."""
    return 4.0 if fins.bit_count() == 1 else 0.0


finned_x_wings = by_digit(lambda d, cells: finned_fish(d, cells, 2, False), "finned_x_wings")
sashimi_x_wings = by_digit(lambda d, cells: finned_fish(d, cells, 2, True), "sashimi_x_wings")
finned_swordfish = by_digit(lambda d, cells: finned_fish(d, cells, 3, False), "finned_swordfish")
sashimi_swordfish = by_digit(lambda d, cells: finned_fish(d, cells, 3, True), "sashimi_swordfish")
finned_jellyfish = by_digit(lambda d, cells: finned_fish(d, cells, 4, False), "finned_jellyfish")
sashimi_jellyfish = by_digit(lambda d, cells: finned_fish(d, cells, 4, True), "sashimi_jellyfish")
