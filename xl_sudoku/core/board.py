"""The candidate board the logic engine reasons on (core layer).

A ``Board`` holds, for every cell, its digit (0 while open) and its candidates as a
``Mask``; and, for every digit, the set of cells where it is still a candidate as an
81-bit int (bit ``cell``). Keeping both makes each technique cheap to state: a naked
pair reads cell masks, an X-Wing reads ``cells_of(5) & ROW_BITS[r]``.

Boards are mutable and copied whole (two lists of 81 ints and two of 9) when the
engine guesses; finders only read them. A board made from a puzzle also knows which
cells were its givens (``givens``): Avoidable Rectangles reason on the digits the solver
placed, never on givens; a board made from pencil marks does not know (None).

A board also carries its finders' ``Memory``: what they remember of the last position
they searched (a position without an Aligned Pair, the last static links, ...), so
that the next, a step apart, costs less. A new board starts with an empty one; a copy
shares it (the engine's positions, one solver, one thread); ``LogicSolver`` gives its
board a memory of its own. So what a finder remembers is per solver and visible, never
process-wide.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, cast

from .glossary import (
    ALL_CELLS,
    ALL_DIGITS,
    DIGITS_OF,
    HOUSE_BITS,
    HOUSES_OF,
    PEER_BITS,
    Cell,
    CellSet,
    Digit,
    Grid,
    Mask,
    bit,
    cell_list,
    cells_in,
)
from .grid import cell_name, house_name
from .steps import Step

Part = TypeVar("Part")


class Memory:
    """What the finders remember from one position to the next (module docstring): one
    part per kind, each a class of the finder's module made empty when first asked."""

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: dict[type, object] = {}

    def of(self, kind: type[Part]) -> Part:
        """The part of this kind (made when first asked: ``kind()``)."""
        part = self._parts.get(kind)
        if part is None:
            part = self._parts[kind] = kind()
        return cast(Part, part)

    def clear(self) -> None:
        """Forget everything (the finders' answers do not change, only their cost)."""
        self._parts.clear()


def changed_cells(before: Sequence[Mask], after: Sequence[Mask]) -> CellSet:
    """The cells whose candidates differ between two positions' masks (81 each)."""
    changed = 0
    for cell, (was, now) in enumerate(zip(before, after, strict=True)):
        if was != now:
            changed |= 1 << cell
    return changed


class Board:
    """Digits and candidates of a puzzle being solved by logic."""

    __slots__ = ("_cells_of", "_placed_of", "digits", "givens", "masks", "memory", "open_bits")

    def __init__(
        self, digits: Sequence[int], masks: Sequence[Mask], *, givens: CellSet | None = None
    ) -> None:
        """The board of ``digits`` (0: an open cell) and ``masks`` (an open cell's
        candidates; a placed cell's are ignored), as given: nothing is inferred. ``givens``
        are the cells that were the puzzle's givens, if known (None: not known)."""
        self.digits = list(digits)
        self.masks = [0 if digits[c] else masks[c] for c in range(81)]
        self._cells_of = [0] * 9  # per digit, the open cells where it is a candidate
        for cell, mask in enumerate(self.masks):
            for d in DIGITS_OF[mask]:
                self._cells_of[d - 1] |= 1 << cell
        self._placed_of = [0] * 9  # per digit, the cells that hold it
        self.open_bits = 0  # the cells without a digit
        for cell, digit in enumerate(self.digits):
            if digit:
                self._placed_of[digit - 1] |= 1 << cell
            else:
                self.open_bits |= 1 << cell
        self.givens = givens
        self.memory = Memory()  # the finders' (module docstring)

    @classmethod
    def from_grid(cls, grid: Grid) -> Board:
        """The board of a puzzle: its givens placed, every other cell with all candidates
        its peers allow. Raises nothing; a contradictory puzzle gives a board with an
        empty cell or a duplicate, which ``contradiction`` reports."""
        placed_of = [0] * 9
        seen = [0] * 27  # per house, the digits placed in it, as a Mask
        for cell, digit in enumerate(grid):
            if digit:
                placed_of[digit - 1] |= 1 << cell
                for house in HOUSES_OF[cell]:
                    seen[house] |= bit(digit)
        open_bits = ALL_CELLS
        for cells in placed_of:
            open_bits &= ~cells
        masks = [0] * 81
        for cell in cells_in(open_bits):
            row, col, box = HOUSES_OF[cell]
            masks[cell] = ALL_DIGITS & ~(seen[row] | seen[col] | seen[box])
        cells_of = [0] * 9
        for d, cells in enumerate(placed_of):
            blocked = cells
            for cell in cells_in(cells):
                blocked |= PEER_BITS[cell]
            cells_of[d] = open_bits & ~blocked
        board = Board.__new__(Board)
        board.digits = list(grid)
        board.masks = masks
        board._cells_of = cells_of
        board._placed_of = placed_of
        board.open_bits = open_bits
        board.givens = ALL_CELLS & ~open_bits
        board.memory = Memory()  # the finders' (module docstring)
        return board

    def copy(self) -> Board:
        """An independent copy (the engine's before a guess): its parts copied as they are."""
        board = Board.__new__(Board)
        board.digits = self.digits[:]
        board.masks = self.masks[:]
        board._cells_of = self._cells_of[:]
        board._placed_of = self._placed_of[:]
        board.open_bits = self.open_bits
        board.givens = self.givens
        board.memory = self.memory  # shared: the same solver's positions
        return board

    def cells_of(self, digit: Digit) -> CellSet:
        """The open cells where ``digit`` is still a candidate."""
        return self._cells_of[digit - 1]

    def has(self, cell: Cell, digit: Digit) -> bool:
        return bool(self.masks[cell] >> (digit - 1) & 1)

    def open_cells(self) -> list[Cell]:
        return cell_list(self.open_bits)

    def is_solved(self) -> bool:
        return not self.open_bits

    def place(self, cell: Cell, digit: Digit) -> None:
        """Set a cell's digit; it leaves the cell's candidates and its peers'."""
        cell_bit, digit_bit = 1 << cell, bit(digit)
        for d in DIGITS_OF[self.masks[cell]]:
            self._cells_of[d - 1] &= ~cell_bit
        self.masks[cell] = 0
        self.digits[cell] = digit
        self.open_bits &= ~cell_bit
        self._placed_of[digit - 1] |= cell_bit
        seen = self._cells_of[digit - 1] & PEER_BITS[cell]
        self._cells_of[digit - 1] ^= seen
        for peer in cells_in(seen):
            self.masks[peer] &= ~digit_bit

    def eliminate(self, cell: Cell, digit: Digit) -> None:
        """Remove one candidate."""
        self.masks[cell] &= ~bit(digit)
        self._cells_of[digit - 1] &= ~(1 << cell)

    def apply(self, step: Step) -> None:
        """Make a step's moves: its eliminations, then its placements."""
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)
        for cell, digit in step.placements:
            self.place(cell, digit)

    def contradiction(self) -> str | None:
        """Why this board cannot be completed, if that shows at a glance; else None.

        Checks an open cell with no candidate, and a digit with no place left in a house
        that does not hold it. (A digit placed twice cannot happen: every placement is
        of a candidate, and clears it from the peers.)
        """
        possible = 0
        for cells in self._cells_of:
            possible |= cells
        empty = self.open_bits & ~possible
        if empty:
            return f"{cell_name((empty & -empty).bit_length() - 1)} has no candidate left"
        for digit in range(1, 10):
            covered = self._cells_of[digit - 1] | self._placed_of[digit - 1]
            for house, bits in enumerate(HOUSE_BITS):
                if not covered & bits:
                    return f"{digit} has no place left in {house_name(house)}"
        return None

    def grid(self) -> Grid:
        return tuple(self.digits)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board) and self.digits == other.digits and self.masks == other.masks
        )

    __hash__ = None  # type: ignore[assignment]  # mutable


#: every cell, as a bit set


def board_from_candidates(
    digits: Sequence[int], masks: Sequence[Mask], givens: CellSet | None = None
) -> Board:
    """A board from digits and candidate masks (a pencil-mark grid), as given; ``givens``
    are the cells that were the puzzle's givens, if known."""
    return Board(digits, masks, givens=givens)
