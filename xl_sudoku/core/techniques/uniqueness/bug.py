"""Sudoku Explainer's rule "Bivalue Universal Grave" (core layer, logic techniques;
``BivalueUniversalGrave.java``): BUG+1 and BUG types 2, 3 and 4. See the package's
docstring for the rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from ...board import Board
from ...glossary import (
    DIGITS_OF,
    HOUSE_BITS,
    PEER_BITS,
    SE_HOUSES,
    cell_list,
    cell_set,
)
from ...grid import cell_name, house_name
from ...steps import Step, digits_text, names, removals_text
from .patterns import (
    SET_NAMES,
    Masks,
    colex_groups,
    digit_cells,
    shared_houses,
    uniqueness_technique,
)

# Sudoku Explainer's "Bivalue Universal Grave" rule, its types in the order SE tries them
BUG_PLUS_ONE = uniqueness_technique("bug", "BUG+1", 5.6)
BUG_TYPE_2 = uniqueness_technique("bug-2", "BUG Type 2", 5.7)
BUG_TYPE_4 = uniqueness_technique("bug-4", "BUG Type 4", 5.7)
BUG_TYPE_3 = uniqueness_technique("bug-3", "BUG Type 3", 5.8)

# --- Bivalue Universal Grave: Sudoku Explainer's rule ---------------------------------------


class _Bug:
    """A position read as a BUG plus extra candidates, as Sudoku Explainer reads it.

    ``cells``: the BUG cells in the order found; ``extras``: each one's BUG digits (a
    mask); ``digits``: every BUG digit; ``common``: the open or solved cells that see
    every BUG cell, not themselves BUG cells (None before the first BUG cell)."""

    __slots__ = ("cells", "common", "digits", "extras")

    def __init__(self) -> None:
        self.cells: list[int] = []
        self.extras: dict[int, int] = {}
        self.digits = 0
        self.common: int | None = None

    def add(self, cell: int, digit: int) -> None:
        if cell not in self.extras:
            self.cells.append(cell)
            self.extras[cell] = 0
        self.extras[cell] |= 1 << (digit - 1)
        seen = PEER_BITS[cell] if self.common is None else self.common & PEER_BITS[cell]
        self.common = seen & ~cell_set(self.cells)

    def hopeless(self) -> bool:
        """Several cells with different digits that nothing sees: no type 1, 2 or 3."""
        return len(self.cells) > 1 and self.digits.bit_count() > 1 and not self.common


@lru_cache(maxsize=16)
def _bug_of(masks: Masks) -> _Bug | None:
    """The BUG reading of a position, or None if it is not a BUG plus extra candidates.

    In each house (boxes, rows, columns) a digit with neither zero nor two places marks
    a BUG digit in its one place with more than two candidates (several such places
    leave the choice to another house; none means no BUG). If every such count is of one
    digit, every cell with more than two candidates where it breaks the count is a BUG
    cell too (lkSudoku's reading, Sukaku's default). Without the BUG digits every open
    cell must have two candidates, and every digit two places or none in every house."""
    if any(0 < m.bit_count() < 2 for m in masks):
        return None
    bug = _bug_cells(masks)
    if bug is None:
        return None
    # without the BUG digits: a BUG
    reduced = list(masks)
    for cell, extra in bug.extras.items():
        reduced[cell] &= ~extra
    if any(masks[c] and reduced[c].bit_count() != 2 for c in range(81)):
        return None
    places = digit_cells(tuple(reduced))
    if any((places[d] & bits).bit_count() not in (0, 2) for bits in HOUSE_BITS for d in range(9)):
        return None
    return bug


def _bug_cells(masks: Masks) -> _Bug | None:
    """The BUG cells and digits ``_bug_of`` reads from the houses' counts (None: no BUG
    plus extra candidates)."""
    cells_of = digit_cells(masks)
    bug = _Bug()
    only = 0  # the digit of every break of a count so far (-1: breaks of several digits)
    breaking: set[int] = set()  # the cells with 3 candidates or more of those breaks
    for u in SE_HOUSES:
        bits = HOUSE_BITS[u]
        for digit in range(1, 10):
            spots = cells_of[digit - 1] & bits
            if spots.bit_count() in (0, 2):
                continue
            many = [c for c in cell_list(spots) if masks[c].bit_count() >= 3]
            if not many:
                return None
            if only != -1:
                if only in (0, digit):
                    only = digit
                    breaking.update(many)
                else:
                    only = -1
            if len(many) == 1:
                bug.add(many[0], digit)
                bug.digits |= 1 << (digit - 1)
                if bug.hopeless():
                    return None
    if only <= 0:
        return bug
    for cell in sorted(breaking - set(bug.cells)):  # every break is of one digit
        bug.add(cell, only)
        if bug.hopeless():
            return None
    return bug


def _bug_extras_text(bug: _Bug, cells: Sequence[int]) -> str:
    return ", ".join(f"{digits_text(DIGITS_OF[bug.extras[c]])} in {cell_name(c)}" for c in cells)


def bug_plus_one(board: Board) -> Iterator[Step]:
    """BUG+1 (SE's BUG type 1): one cell breaks the BUG; it keeps only its BUG digits,
    which with three candidates places its one BUG digit."""
    bug = _bug_of(tuple(board.masks))
    if bug is None or len(bug.cells) != 1:
        return
    cell = bug.cells[0]
    masks = board.masks
    pattern = tuple((c, d) for c in board.open_cells() if c != cell for d in DIGITS_OF[masks[c]])
    pattern += tuple((cell, d) for d in DIGITS_OF[masks[cell] & ~bug.digits])
    if bug.digits.bit_count() == 1:
        digit = bug.digits.bit_length()
        yield Step(
            BUG_PLUS_ONE,
            f"BUG+1: every open cell but {cell_name(cell)} has two candidates; without {digit} "
            f"there the grid would have two solutions, so {cell_name(cell)} is {digit}",
            placements=((cell, digit),),
            pattern=pattern,
            alternate=((cell, digit),),
            rating=5.6,
        )
        return
    kept = DIGITS_OF[bug.digits]
    eliminations = tuple((cell, d) for d in DIGITS_OF[masks[cell] & ~bug.digits])
    yield Step(
        BUG_PLUS_ONE,
        f"BUG+1: every open cell but {cell_name(cell)} has two candidates; without "
        f"{digits_text(kept)} there the grid would have two solutions, so {cell_name(cell)} "
        f"is {' or '.join(map(str, kept))}: {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=pattern,
        alternate=tuple((cell, d) for d in DIGITS_OF[bug.digits]),
        rating=5.6,
    )


def bug_type_2(board: Board) -> Iterator[Step]:
    """BUG Type 2: the BUG cells all break it with the same digit: one of them is that
    digit, and it leaves every cell that sees them all."""
    bug = _bug_of(tuple(board.masks))
    if bug is None or len(bug.cells) < 2 or bug.digits.bit_count() != 1 or not bug.common:
        return
    digit = bug.digits.bit_length()
    eliminations = tuple((c, digit) for c in cell_list(bug.common & board.cells_of(digit)))
    if eliminations:
        cells = sorted(bug.cells)
        yield Step(
            BUG_TYPE_2,
            f"BUG Type 2 {digit} in {names(cells)}: {removals_text(eliminations)}",
            eliminations=eliminations,
            pattern=tuple((c, d) for c in cells for d in DIGITS_OF[board.masks[c] & ~bug.digits]),
            alternate=tuple((c, digit) for c in cells),
            rating=5.7,
        )


def bug_type_4(board: Board) -> Iterator[Step]:
    """BUG Type 4: two BUG cells in a house share one digit besides their BUG digits, which
    has no other place there: one of them is that digit and the other its BUG digit, so
    each keeps just those two."""
    masks = board.masks
    bug = _bug_of(tuple(masks))
    if bug is None or len(bug.cells) != 2:
        return
    if bug.digits.bit_count() != 1 and not bug.common:
        return
    c1, c2 = bug.cells
    common = masks[c1] & masks[c2] & ~bug.digits
    if common.bit_count() != 1:
        return
    shared = shared_houses(c1, c2)
    if not shared:
        return
    digit = common.bit_length()
    eliminations = tuple(
        sorted((c, d) for c in (c1, c2) for d in DIGITS_OF[masks[c] & ~bug.extras[c] & ~common])
    )
    cells = sorted((c1, c2))
    yield Step(
        BUG_TYPE_4,
        f"BUG Type 4 {_bug_extras_text(bug, cells)} ({digit} only in {names(cells)} in "
        f"{house_name(shared[0])}): {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, digit) for c in cells),
        alternate=tuple((c, d) for c in cells for d in DIGITS_OF[bug.extras[c]]),
        houses=(shared[0],),
        rating=5.7,
    )


def bug_type_3(board: Board) -> Iterator[Step]:
    """BUG Type 3: the BUG cells share a house; one of them holds a BUG digit, so together
    they act as one cell of all the BUG digits, which with other cells of the house makes
    a naked set. SE looks by growing size, then box, row, column."""
    masks = board.masks
    bug = _bug_of(tuple(masks))
    if bug is None or len(bug.cells) < 2 or bug.digits.bit_count() < 2 or not bug.common:
        return
    cells = sorted(bug.cells)
    shared = [h for h in range(27) if all(HOUSE_BITS[h] >> c & 1 for c in cells)]
    shared.sort(key=lambda h: (h < 18, h))  # boxes, rows, columns
    for degree in range(2, 7):
        for u in shared:
            others = cell_list(bug.common & HOUSE_BITS[u])
            if len(others) < degree:
                continue
            joinable = [c for c in others if masks[c].bit_count() > 1]
            for group, _ in colex_groups(joinable, masks, degree - 1, bug.digits, degree):
                digits = 0
                for c in group:
                    digits |= masks[c]
                if digits.bit_count() != degree or (digits | bug.digits) != digits:
                    continue
                eliminations = tuple(
                    (c, d) for c in others if c not in group for d in DIGITS_OF[masks[c] & digits]
                )
                if not eliminations:
                    continue
                shown = digits_text(DIGITS_OF[digits])
                yield Step(
                    BUG_TYPE_3,
                    f"BUG Type 3 {_bug_extras_text(bug, cells)} (naked {SET_NAMES[degree]} "
                    f"{shown} with {names(group)} in {house_name(u)}): "
                    f"{removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, d) for c in group for d in DIGITS_OF[masks[c]]),
                    alternate=tuple((c, d) for c in cells for d in DIGITS_OF[bug.extras[c]]),
                    houses=(u,),
                    rating=round(5.7 + (degree - 1) * 0.1, 1),
                )
