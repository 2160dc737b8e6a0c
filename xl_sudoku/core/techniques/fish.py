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

from collections.abc import Callable, Iterator
from functools import lru_cache, partial
from itertools import combinations

from ..board import Board
from ..colours import ORANGE
from ..glossary import BOX_BITS, BOX_HOUSES, COL_BITS, ROW_BITS, CellSet, cell_list
from ..grid import house_name
from ..steps import Family, Step, Technique, names, removals_text
from .memory import MEMORY, by_digit

X_WING = Technique("x-wing", "X-Wing", 3.2, Family.FISH, ORANGE)
SWORDFISH = Technique("swordfish", "Swordfish", 3.8, Family.FISH, ORANGE)
JELLYFISH = Technique("jellyfish", "Jellyfish", 5.2, Family.FISH, ORANGE)
# HoDoKu's finned and sashimi fish; Sudoku Explainer has none. Rated as Sukaku rates the
# strong-link chains that make the same eliminations: a finned X-Wing is a grouped
# Skyscraper (4.3), a sashimi X-Wing with one fin a Skyscraper (4.0); finned Swordfish
# and Jellyfish as grouped 3 and 4 strong-linked fishes (5.7, 6.1).
FINNED_X_WING = Technique("finned-x-wing", "Finned X-Wing", 4.3, Family.FISH, ORANGE)
SASHIMI_X_WING = Technique("sashimi-x-wing", "Sashimi X-Wing", 4.3, Family.FISH, ORANGE)
FINNED_SWORDFISH = Technique("finned-swordfish", "Finned Swordfish", 5.7, Family.FISH, ORANGE)
SASHIMI_SWORDFISH = Technique("sashimi-swordfish", "Sashimi Swordfish", 5.7, Family.FISH, ORANGE)
FINNED_JELLYFISH = Technique("finned-jellyfish", "Finned Jellyfish", 6.1, Family.FISH, ORANGE)
SASHIMI_JELLYFISH = Technique("sashimi-jellyfish", "Sashimi Jellyfish", 6.1, Family.FISH, ORANGE)

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
                base_houses = tuple(base_offset + i for i, _ in group)
                cover_houses = tuple(cover_offset + i for i in cover_indices)
                yield Step(
                    technique,
                    f"{technique.name} {digit} in {_lines(base_houses)} "
                    f"({_lines(cover_houses)}): {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, digit) for c in cell_list(cells & base & cover_bits)),
                    houses=base_houses + cover_houses,
                )


def _lines(houses: tuple[int, ...]) -> str:
    """``rows 2, 7`` or ``columns 3, 8``."""
    kind = house_name(houses[0]).split()[0]
    return f"{kind}s " + ", ".join(house_name(u).split()[1] for u in houses)


x_wings = by_digit(lambda digit, cells: fish(digit, cells, 2), "x_wings")
swordfish = by_digit(lambda digit, cells: fish(digit, cells, 3), "swordfish")
jellyfish = by_digit(lambda digit, cells: fish(digit, cells, 4), "jellyfish")


_FINNED = {2: FINNED_X_WING, 3: FINNED_SWORDFISH, 4: FINNED_JELLYFISH}
_SASHIMI = {2: SASHIMI_X_WING, 3: SASHIMI_SWORDFISH, 4: SASHIMI_JELLYFISH}
#: the cells of a set of lines given as a 9-bit mask: rows, columns
_ROWS_OF = tuple(sum(ROW_BITS[i] for i in range(9) if m >> i & 1) for m in range(512))
_COLS_OF = tuple(sum(COL_BITS[i] for i in range(9) if m >> i & 1) for m in range(512))


def _crossed(places: CellSet, by_rows: bool, index: int) -> int:
    """The cover lines (9-bit mask) a base line's places lie in."""
    if by_rows:
        return places >> (9 * index) & 0x1FF
    return sum(1 << r for r in range(9) if places >> (9 * r + index) & 1)


#: one search for finned fish: the digit and its places, the fish's size, whether the
#: base lines are rows, and every finned and sashimi fish found so far (with how many
#: candidates each removes, and how to make its step); a plain tuple, made twice per
#: search (a NamedTuple's constructor costs 1% of the search)
_Found = list[tuple[int, Callable[[], Step]]]
_Search = tuple[int, CellSet, int, bool, tuple[_Found, _Found]]


@lru_cache(maxsize=MEMORY)
def finned_fish(digit: int, cells: CellSet, size: int) -> tuple[Step | None, Step | None]:
    """The finned fish and the sashimi fish of one size for one digit whose places are
    ``cells`` that remove most (rows as the base first, then columns; the first found
    among equals)."""
    finned, sashimi = every_finned_fish(digit, cells, size)
    return (finned[0] if finned else None), (sashimi[0] if sashimi else None)


@lru_cache(maxsize=MEMORY)
def every_finned_fish(
    digit: int, cells: CellSet, size: int
) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """Every finned fish and every sashimi fish of one size for one digit whose places
    are ``cells``, those that remove most first (rows as the base first, then columns;
    as found among equals): two of them on the same base lines are HoDoKu's Siamese
    fish."""
    found: tuple[_Found, _Found] = ([], [])
    for by_rows in (True, False):
        search: _Search = (digit, cells, size, by_rows, found)
        base_lines = ROW_BITS if by_rows else COL_BITS
        # the fins lie in one box, which shares a cover line (or nothing is removed): the
        # base lines cross at most size + 2 lines
        lines = []
        for i, line in enumerate(base_lines):
            places = cells & line
            crossed = _crossed(places, by_rows, i)
            if places and crossed.bit_count() <= size + 2:
                lines.append((i, crossed))
        for group, crossed in _bases(lines, size, size + 2):
            if crossed.bit_count() <= size:
                continue  # a basic fish (or less)
            by_band = [0, 0, 0]  # the lines crossed by the base lines of each band
            for index, line_crossed in group:
                by_band[index // 3] |= line_crossed
            for box in range(9):
                band, segment = (box // 3, box % 3) if by_rows else (box % 3, box // 3)
                segment_bits = 0b111 << 3 * segment  # the cover lines through the box
                inside = by_band[band] & segment_bits
                if not inside:
                    continue
                outside = by_band[band] & ~segment_bits
                for other in range(3):
                    if other != band:
                        outside |= by_band[other]
                if outside.bit_count() > size:
                    continue
                _finned_in_box(search, group, box, inside, outside)
    return tuple(  # type: ignore[return-value]
        tuple(make() for _, make in sorted(kind, key=lambda item: -item[0])) for kind in found
    )


def _finned_in_box(
    search: _Search, group: list[tuple[int, int]], box: int, inside: int, outside: int
) -> None:
    """The finned fish on the base lines ``group`` whose fins lie in ``box`` (the lines
    crossed inside the box and outside it given), into the search's best."""
    _, cells, size, by_rows, found = search
    cover_of = _COLS_OF if by_rows else _ROWS_OF
    extra = [1 << i for i in range(9) if (inside & ~outside) >> i & 1]
    base_bits = sum((ROW_BITS if by_rows else COL_BITS)[i] for i, _ in group)
    for added in combinations(extra, size - outside.bit_count()):
        covers = outside | sum(added)
        if not inside & ~covers:
            continue  # no fin
        if not all(crossed & covers for _, crossed in group):
            continue  # a base line made only of fins
        sashimi = any(
            (crossed & covers).bit_count() == 1 and crossed & ~covers for _, crossed in group
        )
        removed = cells & cover_of[covers] & BOX_BITS[box] & ~base_bits
        if removed:
            found[sashimi].append(
                (removed.bit_count(), partial(_finned_step, search, group, covers, box, sashimi))
            )


def _finned_step(
    search: _Search, group: list[tuple[int, int]], covers: int, box: int, sashimi: bool
) -> Step:
    """The finned (or sashimi) fish on the base lines ``group`` and the cover lines
    ``covers`` (a 9-bit mask), its fins in ``box``."""
    digit, cells, size, by_rows, _ = search
    technique = (_SASHIMI if sashimi else _FINNED)[size]
    base_offset, cover_offset = (0, 9) if by_rows else (9, 0)
    cover_bits = (_COLS_OF if by_rows else _ROWS_OF)[covers]
    base = cells & sum((ROW_BITS if by_rows else COL_BITS)[i] for i, _ in group)
    fins = base & ~cover_bits
    removed = cells & cover_bits & BOX_BITS[box] & ~base
    eliminations = tuple((c, digit) for c in cell_list(removed))
    base_houses = tuple(base_offset + i for i, _ in group)
    cover_houses = tuple(cover_offset + i for i in range(9) if covers >> i & 1)
    fin_text = "fin" if fins.bit_count() == 1 else "fins"
    return Step(
        technique,
        f"{technique.name} {digit} in {_lines(base_houses)} ({_lines(cover_houses)}), "
        f"{fin_text} {names(cell_list(fins))}: {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, digit) for c in cell_list(base & cover_bits)),
        alternate=tuple((c, digit) for c in cell_list(fins)),
        houses=base_houses + cover_houses + (BOX_HOUSES[box],),
        # a sashimi X-Wing with one fin is a Skyscraper (4.0); with two, a grouped one
        rating=4.0 if sashimi and size == 2 and fins.bit_count() == 1 else 0.0,
    )


def _bases(
    lines: list[tuple[int, int]], size: int, most: int
) -> Iterator[tuple[list[tuple[int, int]], int]]:
    """The combinations of ``size`` lines (in lexicographic order) whose places cross at
    most ``most`` lines: (the lines with the lines they cross, all the lines crossed)."""
    chosen: list[tuple[int, int]] = []

    def extend(start: int, crossed: int) -> Iterator[tuple[list[tuple[int, int]], int]]:
        if len(chosen) == size:
            yield list(chosen), crossed
            return
        for k in range(start, len(lines) - (size - len(chosen)) + 1):
            union = crossed | lines[k][1]
            if union.bit_count() > most:
                continue
            chosen.append(lines[k])
            yield from extend(k + 1, union)
            chosen.pop()

    yield from extend(0, 0)


def _finned_finder(size: int, sashimi: bool, name: str) -> Callable[[Board], Iterator[Step]]:
    def finder(board: Board) -> Iterator[Step]:
        # each digit's best fish first (the engine takes the first step), then every other
        for digit in range(1, 10):
            step = finned_fish(digit, board.cells_of(digit), size)[sashimi]
            if step is not None:
                yield step
        for digit in range(1, 10):
            yield from every_finned_fish(digit, board.cells_of(digit), size)[sashimi][1:]

    finder.__name__ = finder.__qualname__ = name
    finder.__doc__ = finned_fish.__doc__
    return finder


finned_x_wings = _finned_finder(2, False, "finned_x_wings")
sashimi_x_wings = _finned_finder(2, True, "sashimi_x_wings")
finned_swordfish = _finned_finder(3, False, "finned_swordfish")
sashimi_swordfish = _finned_finder(3, True, "sashimi_swordfish")
finned_jellyfish = _finned_finder(4, False, "finned_jellyfish")
sashimi_jellyfish = _finned_finder(4, True, "sashimi_jellyfish")
