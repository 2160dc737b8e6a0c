"""Uniqueness techniques: Unique Rectangle Type 1, BUG+1 (core layer, logic techniques).

Both assume the puzzle has exactly one solution; the engine uses them only when
``count_solutions`` has proved it.

Unique Rectangle Type 1: four open cells in two rows, two columns and two boxes, three
of them holding just {x,y} and the fourth x, y and more. If the fourth were x or y,
x and y could be swapped in the four cells: two solutions. So it is neither.

BUG+1 (bivalue universal grave): every open cell has two candidates but one, which has
three, and every digit has two places in every unit but one digit in that cell's units.
Without that digit in that cell the grid would be a deadly pattern with two solutions,
so the cell takes it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from ..board import PEER_BITS, UNIT_BITS, UNIT_INDICES_OF, Board, cell_list
from ..candidates import DIGITS_OF
from ..grid import box_of, cell_name, unit_name
from ..steps import (
    BUG_PLUS_ONE,
    BUG_TYPE_2,
    UNIQUE_RECTANGLE,
    UNIQUE_RECTANGLE_2,
    UNIQUE_RECTANGLE_3,
    UNIQUE_RECTANGLE_4,
    Step,
    digits_text,
    names,
    removals_text,
)


def _rectangles(
    masks: Sequence[int],
) -> Iterator[tuple[tuple[int, int, int, int], int, int, int]]:
    """Rectangles whose two *floor* cells share a row and hold just {x,y}: yields the
    corners (floor first), the pair's mask and the two *roof* cells, which hold x and y
    and perhaps more. Rectangles span two rows, two columns and two boxes."""
    for row in range(9):
        pairs = [c for c in range(9 * row, 9 * row + 9) if masks[c].bit_count() == 2]
        for a, b in combinations(pairs, 2):
            if masks[a] != masks[b]:
                continue
            pair = masks[a]
            same_box = box_of(a) == box_of(b)
            for other_row in range(9):
                # two boxes in all: the other row is in another band if a and b share a
                # box, in the same band if they do not
                if other_row == row or (other_row // 3 == row // 3) == same_box:
                    continue
                c, d = 9 * other_row + a % 9, 9 * other_row + b % 9
                if masks[c] & pair == pair and masks[d] & pair == pair:
                    yield (a, b, c, d), pair, c, d


def unique_rectangles(board: Board) -> Iterator[Step]:
    masks = board.masks
    found: set[tuple[int, ...]] = set()
    for (a, b, c, d), pair, _, _ in _rectangles(masks):
        for three, extra in ((c, d), (d, c)):
            if masks[three] == pair and masks[extra] != pair:
                corners = tuple(sorted((a, b, c, d)))
                if corners not in found:
                    found.add(corners)
                    yield _rectangle_step(board, corners, pair, extra)


Roof = tuple[tuple[int, ...], int, int, int, int]


def _roofs(board: Board) -> tuple[Roof, ...]:
    """Rectangles with two floor cells {x,y} and two roof cells {x,y,+more} in a line:
    (sorted corners, pair, roof cell, roof cell, the unit the roofs share). Types 2, 3
    and 4 all ask, one after the other, on the same board: the answer is remembered."""
    return _roofs_of(tuple(board.masks))


@lru_cache(maxsize=16)
def _roofs_of(masks: tuple[int, ...]) -> tuple[Roof, ...]:
    out = []
    seen: set[tuple[int, ...]] = set()
    transposed = [masks[_t(c)] for c in range(81)]
    for row_major in (True, False):
        for corners, pair, c, d in _rectangles(masks if row_major else transposed):
            if not row_major:
                corners = tuple(_t(x) for x in corners)  # type: ignore[assignment]
                c, d = _t(c), _t(d)
            key = tuple(sorted(corners))
            if key in seen or masks[c] == pair or masks[d] == pair:
                continue
            seen.add(key)
            unit = c // 9 if row_major else 9 + c % 9
            out.append((key, pair, c, d, unit))
    return tuple(out)


def unique_rectangles_2(board: Board) -> Iterator[Step]:
    """Type 2: both roof cells hold one extra candidate, the same z: one of them is z."""
    masks = board.masks
    for corners, pair, c, d, _ in _roofs(board):
        extra = masks[c] & ~pair
        if masks[c] != masks[d] or extra.bit_count() != 1:
            continue
        z = extra.bit_length()
        removed = board.cells_of(z) & PEER_BITS[c] & PEER_BITS[d]
        if removed:
            eliminations = tuple((x, z) for x in cell_list(removed))
            digits = digits_text(DIGITS_OF[pair])
            yield Step(
                UNIQUE_RECTANGLE_2,
                f"Unique Rectangle Type 2 {digits} in {names(corners)}: {cell_name(c)} or "
                f"{cell_name(d)} must be {z} or the puzzle would have two solutions, "
                f"{removals_text(eliminations)}",
                eliminations=eliminations,
                pattern=tuple((x, e) for x in corners for e in DIGITS_OF[pair]),
                alternate=((c, z), (d, z)),
            )


def unique_rectangles_4(board: Board) -> Iterator[Step]:
    """Type 4: in a unit the roof cells share, x goes only in the roof: neither is y."""
    for corners, pair, c, d, line in _roofs(board):
        units = [line] + ([18 + box_of(c)] if box_of(c) == box_of(d) else [])
        for unit in units:
            for x in DIGITS_OF[pair]:
                if board.cells_of(x) & UNIT_BITS[unit] != (1 << c) | (1 << d):
                    continue
                y = DIGITS_OF[pair ^ (1 << (x - 1))][0]
                eliminations = ((c, y), (d, y))
                digits = digits_text(DIGITS_OF[pair])
                yield Step(
                    UNIQUE_RECTANGLE_4,
                    f"Unique Rectangle Type 4 {digits} in {names(corners)}: in "
                    f"{unit_name(unit)}, {x} goes only in {names((c, d))}, so neither can be "
                    f"{y} or the puzzle would have two solutions, {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=(
                        *((e, v) for e in corners for v in DIGITS_OF[pair] if e not in (c, d)),
                        (c, x),
                        (d, x),
                    ),
                    houses=(unit,),
                )
                break


def unique_rectangles_3(board: Board) -> Iterator[Step]:
    """Type 3: the roof cells' extra candidates act as one cell: with k other cells of a
    unit the roofs share, k + 1 "cells" hold just k + 1 digits, a naked subset; those
    digits leave the unit's other cells."""
    masks = board.masks
    for corners, pair, c, d, line in _roofs(board):
        extra = (masks[c] | masks[d]) & ~pair
        if extra.bit_count() < 2:
            continue  # one extra digit is Type 2's
        units = [line] + ([18 + box_of(c)] if box_of(c) == box_of(d) else [])
        for unit in units:
            others = [x for x in cell_list(UNIT_BITS[unit]) if masks[x] and x not in (c, d)]
            for size in range(1, 4):
                for group in combinations(others, size):
                    digits = extra
                    for x in group:
                        digits |= masks[x]
                    if digits.bit_count() != size + 1:
                        continue
                    eliminations = tuple(
                        (x, v)
                        for x in others
                        if x not in group
                        for v in DIGITS_OF[masks[x] & digits]
                    )
                    if not eliminations:
                        continue
                    shown = digits_text(DIGITS_OF[pair])
                    subset = digits_text(DIGITS_OF[digits])
                    yield Step(
                        UNIQUE_RECTANGLE_3,
                        f"Unique Rectangle Type 3 {shown} in {names(corners)}: one of "
                        f"{names((c, d))} holds {digits_text(DIGITS_OF[extra])} or the puzzle "
                        f"would have two solutions; with {names(group)} in {unit_name(unit)} "
                        f"that makes a naked set {subset}, {removals_text(eliminations)}",
                        eliminations=eliminations,
                        pattern=tuple((x, v) for x in corners for v in DIGITS_OF[pair])
                        + tuple((x, v) for x in group for v in DIGITS_OF[masks[x]]),
                        alternate=tuple(
                            (x, v) for x in (c, d) for v in DIGITS_OF[masks[x] & extra]
                        ),
                        houses=(unit,),
                        rating=round(4.5 + 0.1 * size, 1),
                    )


def _t(cell: int) -> int:
    return cell % 9 * 9 + cell // 9


def _rectangle_step(board: Board, corners: tuple[int, ...], pair: int, extra: int) -> Step:
    digits = DIGITS_OF[pair]
    eliminations = tuple((extra, d) for d in digits)
    return Step(
        UNIQUE_RECTANGLE,
        f"Unique Rectangle Type 1 {digits_text(digits)} in {names(corners)}: "
        f"{cell_name(extra)} cannot be {digits_text(digits)} or the puzzle would "
        f"have two solutions, {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, d) for c in corners for d in digits),
    )


def bug_plus_one(board: Board) -> Iterator[Step]:
    masks = board.masks
    three = None
    for cell in range(81):
        count = masks[cell].bit_count()
        if count == 3 and three is None:
            three = cell
        elif count not in (0, 2):
            return
    if three is None:
        return
    # the digit of the three-candidate cell that has three places in each of its units
    digit = None
    for d in DIGITS_OF[masks[three]]:
        if all((board.cells_of(d) & UNIT_BITS[u]).bit_count() == 3 for u in UNIT_INDICES_OF[three]):
            digit = d
    if digit is None:
        return
    # every other (unit, digit) has 0 or 2 places
    for unit, bits in enumerate(UNIT_BITS):
        for d in range(1, 10):
            count = (board.cells_of(d) & bits).bit_count()
            if d == digit and unit in UNIT_INDICES_OF[three]:
                if count != 3:
                    return
            elif count not in (0, 2):
                return
    yield Step(
        BUG_PLUS_ONE,
        f"BUG+1: every open cell but {cell_name(three)} has two candidates; without {digit} "
        f"there the grid would have two solutions, so {cell_name(three)} is {digit}",
        placements=((three, digit),),
        pattern=tuple((c, d) for c in range(81) for d in DIGITS_OF[masks[c]] if c != three),
        houses=UNIT_INDICES_OF[three],
    )


def bug_type_2(board: Board) -> Iterator[Step]:
    """Several cells hold one candidate too many, the same digit d in each: without d the
    grid would be a BUG with two solutions, so one of them is d, and d leaves every cell
    that sees them all."""
    masks = board.masks
    extra = [c for c in range(81) if masks[c].bit_count() > 2]
    if len(extra) < 2 or any(masks[c].bit_count() != 3 for c in extra):
        return
    if any(masks[c].bit_count() not in (0, 2) for c in range(81) if c not in extra):
        return
    common = masks[extra[0]]
    for c in extra[1:]:
        common &= masks[c]
    extra_bits = sum(1 << c for c in extra)
    for d in DIGITS_OF[common]:
        # without d in the extra cells, every digit has 0 or 2 places in every unit
        if all(
            ((board.cells_of(v) & ~(extra_bits if v == d else 0)) & bits).bit_count() in (0, 2)
            for bits in UNIT_BITS
            for v in range(1, 10)
        ):
            seen_by_all = board.cells_of(d) & ~extra_bits
            for c in extra:
                seen_by_all &= PEER_BITS[c]
            if seen_by_all:
                eliminations = tuple((c, d) for c in cell_list(seen_by_all))
                yield Step(
                    BUG_TYPE_2,
                    f"BUG Type 2: every open cell has two candidates but {names(extra)}, each "
                    f"with an extra {d}; without it the grid would have two solutions, so one "
                    f"of them is {d}: {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, d) for c in extra),
                )
