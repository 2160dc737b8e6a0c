"""The fast solver: propagation and search over bit-parallel views (core layer).

How it works
------------
The 729 candidates (cell, digit) are held as Python ints used as bit sets, in four
*views*. Each view groups the candidates into 81 *fields* of 9 bits, one field per
constraint of the puzzle, and gives each field a tenth *guard* bit (810 bits in all):

    cell view    field = a cell                 bits = its digits
    row view     field = (digit, row)           bits = the columns where the digit can go
    column view  field = (digit, column)        bits = the rows
    box view     field = (digit, box)           bits = the positions in the box

A field that is still open keeps its guard bit; a placement clears the field and its
guard. With the guard bits, one subtraction works on all 81 fields at once, so a
handful of big-int operations (each one C loop) finds every field with exactly one
bit left: naked singles in the cell view, hidden singles in the other three. A field
with no bit left but its guard still set is a contradiction.

Placing candidate (cell, digit) is one AND per view with a precomputed mask that
clears the cell's field, the digit from the cell's 20 peers, and the placed fields'
guards. The cell view is always exact; the other three are brought up to date only
when the cell view has no single left, which spares them on easy puzzles. Box-line
intersections (locked candidates) are found in the row view with a few more shifts.

When propagation stops, the search branches on the open field with the fewest bits in
any view (the exact-cover "minimum remaining values" rule, cells first), in increasing
order. Ints are immutable, so a search state is five ints and backtracking is free:
the stack holds states, not undo logs, and there is no recursion.

Names (slot, field, guard, the views' tables) and the bit layout are in ``fields``.

The internal interface (used by the target search, ``target.py``, and the engine):
``as_grid`` (what the solver accepts, as a grid), ``Node`` (a state on the search stack),
``start`` (the node of a puzzle's givens), ``propagate`` (a node's state after singles
and locked candidates, or None), ``child`` (a node with one more candidate placed),
``fields`` and ``decode`` (a state's cells as masks, and its placed digits as a grid).

``solution_lines`` is the search as a bank of puzzles wants it: a grid its reader made
(not checked twice) in, each solution out as an 81-character line, read from the placed
bits four cells (five bytes) at a time, with no grid made in between.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Final, NamedTuple, TypeVar

from .deadline import checkpoint
from .errors import NoSolutionError, require_proper
from .fields import (
    BIT_BOX,
    BIT_COL,
    FIELD,
    FIELD_BITS,
    FIELD_GUARD,
    FIELD_LOW,
    FIELD_MASK,
    FULL,
    KEEP_BOX,
    KEEP_CELL,
    KEEP_COL,
    KEEP_ROW,
    SLOT_AT_BOX,
    SLOT_AT_COL,
    SLOT_AT_ROW,
    VIEW_BITS,
    fields_with_two,
    locked_candidates,
)
from .formats import grid_from_rows, parse_puzzle
from .glossary import DIGITS_OF, Grid, slot_of
from .rules import validate


@dataclass(slots=True)
class SearchStats:
    """What one solve cost: filled in as the search runs."""

    nodes: int = 0  # states propagated: the puzzle itself and every guess tried
    guesses: int = 0  # branch points: states where propagation stopped and a guess was needed
    dead_ends: int = 0  # states propagation proved contradictory
    max_level: int = 0  # deepest guess level reached (0 = solved without guessing)
    solutions: int = 0
    seconds: float = 0.0


#: what the solver accepts: text, a Grid, or 9 rows of spreadsheet values
Puzzle = str | Sequence[int] | Sequence[Sequence[object]]
State = tuple[int, int, int, int, int]  # cell, row, column, box views; placed slots


class Node(NamedTuple):
    """A state on the search stack, before propagation."""

    cells: int  # the cell view
    rows: int  # the row view, behind the cell view by ``pending``
    cols: int  # the column view, likewise
    boxes: int  # the box view, likewise
    placed: int  # the slots placed, as bits
    pending: list[int]  # slots placed in the cell view, not yet in the other three
    level: int  # guesses taken to get here


def start(grid: Grid) -> Node:
    """The node of a puzzle's givens (placed in the cell view only, as a search begins).

    ``DuplicateError`` if two givens clash."""
    cells, placed = FULL, 0
    pending: list[int] = []
    for cell, digit in enumerate(grid):
        if digit:
            slot = slot_of(cell, digit)
            if not (cells >> slot) & 1:
                validate(grid)  # raises DuplicateError naming the cells
                raise NoSolutionError()  # not reached: a given is only ruled out by a duplicate
            cells &= KEEP_CELL[slot]
            placed |= 1 << slot
            pending.append(slot)
    return Node(cells, FULL, FULL, FULL, placed, pending, 0)


def child(state: State, slot: int, level: int) -> Node:
    """The node a propagated state leads to with one more candidate placed."""
    cells, rows, cols, boxes, placed = state
    return _new_node(
        Node, (cells & KEEP_CELL[slot], rows, cols, boxes, placed | (1 << slot), [slot], level)
    )


_new_node = tuple.__new__  # a Node without NamedTuple's Python-level __new__: the search's pace


def fields(cells: int) -> list[int]:
    """The candidates of each cell of a cell view, as 81 masks (0: placed)."""
    return [(cells >> shift) & FIELD_MASK for shift in _SHIFTS]


_SHIFTS: Final = range(0, VIEW_BITS, FIELD)  # where each cell's field starts


def propagate(
    cells: int,
    rows: int,
    cols: int,
    boxes: int,
    placed: int,
    pending: list[int],
    locked: bool = True,
) -> State | None:
    """Apply singles and locked candidates until none is left; None on a contradiction.

    ``pending`` lists the slots placed in ``cells`` but not yet in the other views. With
    ``locked=False``, singles only (what a forcing chain follows).
    """
    keep_cell = KEEP_CELL
    while True:
        # naked singles, in the cell view only: cheap, and all most puzzles need
        while True:
            bits = cells & FIELD_BITS
            if (cells & FIELD_GUARD) ^ ((bits + FIELD_BITS) & FIELD_GUARD):
                return None
            # Fields with exactly one bit: v & (v - 1) per field (the guard stops the borrow),
            # then "+ 511" carries into the guard where anything was left; spread that
            # flag back over the field and keep the fields it did not mark.
            many = ((bits & ((bits | FIELD_GUARD) - FIELD_LOW)) + FIELD_BITS) & FIELD_GUARD
            single = bits & ~(many - (many >> 9))
            if not single:
                break
            while single:
                low = single & -single
                single ^= low
                if not cells & low:  # another single of this round took the cell or digit
                    return None
                slot = low.bit_length() - 1
                cells &= keep_cell[slot]
                placed |= low
                pending.append(slot)
        if not cells & FIELD_GUARD:
            return cells, rows, cols, boxes, placed
        for slot in pending:
            rows &= KEEP_ROW[slot]
            cols &= KEEP_COL[slot]
            boxes &= KEEP_BOX[slot]
        pending = []
        # hidden singles: every open field of a house view with one bit left
        for view, slot_at in ((boxes, SLOT_AT_BOX), (rows, SLOT_AT_ROW), (cols, SLOT_AT_COL)):
            bits = view & FIELD_BITS  # the same two tests as for naked singles
            if (view & FIELD_GUARD) ^ ((bits + FIELD_BITS) & FIELD_GUARD):
                return None
            many = ((bits & ((bits | FIELD_GUARD) - FIELD_LOW)) + FIELD_BITS) & FIELD_GUARD
            single = bits & ~(many - (many >> 9))
            while single:
                low = single & -single
                single ^= low
                slot = slot_at[low.bit_length() - 1]
                if not (cells >> slot) & 1:
                    if (placed >> slot) & 1:
                        continue  # the same placement, found in another house
                    return None
                cells &= keep_cell[slot]
                placed |= 1 << slot
                pending.append(slot)
            if pending:
                break
        if pending:
            continue
        if not locked:
            return cells, rows, cols, boxes, placed
        eliminated = locked_candidates(rows)
        if not eliminated:
            return cells, rows, cols, boxes, placed
        rows &= ~eliminated
        while eliminated:
            low = eliminated & -eliminated
            eliminated ^= low
            slot = SLOT_AT_ROW[low.bit_length() - 1]
            cells &= ~(1 << slot)
            cols &= ~BIT_COL[slot]
            boxes &= ~BIT_BOX[slot]


def _branches(cells: int, rows: int, cols: int, boxes: int) -> list[int]:
    """The slots to try, in order: the open field with the fewest candidates, cells first."""
    two = fields_with_two(cells)
    if two:
        first = (two & -two).bit_length() - FIELD  # bit 0 of the field whose guard that is
        field = (cells >> first) & FIELD_MASK
        low = field & -field
        return [first + low.bit_length() - 1, first + (field ^ low).bit_length() - 1]
    for view, slot_at in ((boxes, SLOT_AT_BOX), (rows, SLOT_AT_ROW), (cols, SLOT_AT_COL)):
        two = fields_with_two(view)
        if two:
            first = (two & -two).bit_length() - FIELD
            field = (view >> first) & FIELD_MASK
            low = field & -field
            one, other = first + low.bit_length() - 1, first + (field ^ low).bit_length() - 1
            return sorted((slot_at[one], slot_at[other]))
    masks = fields(cells)
    best_cell = min((c for c in range(81) if masks[c]), key=lambda c: masks[c].bit_count())
    return [slot_of(best_cell, d) for d in DIGITS_OF[masks[best_cell]]]


def decode(placed: int) -> Grid:
    """The digits of the placed slots, as a grid."""
    return tuple([((placed >> shift) & FIELD_MASK).bit_length() for shift in _SHIFTS])


@cache
def _line_of() -> Callable[[int], str]:
    """What writes the placed slots of a whole grid as a line: 4 cells are 40 bits, 5
    whole bytes, so each five bytes name 4 digits through a table of the 6,561 ways (made
    the first time a line is asked for, not at import)."""
    singles = [(digit, 1 << digit - 1) for digit in range(1, 10)]
    table = {
        a | b << FIELD | c << 2 * FIELD | d << 3 * FIELD: f"{da}{db}{dc}{dd}"
        for da, a in singles
        for db, b in singles
        for dc, c in singles
        for dd, d in singles
    } | {bit: str(digit) for digit, bit in singles}  # the last group: one cell
    number, steps = int.from_bytes, range(0, _LINE_BYTES, 5)

    def line_of(placed: int) -> str:
        data = placed.to_bytes(_LINE_BYTES, "little")
        return "".join([table[number(data[at : at + 5], "little")] for at in steps])

    return line_of


_LINE_BYTES: Final = 105  # 21 groups of 4 fields (the last holds one cell)


_INT: Final = {int}  # a grid's values are ints (not bools, not floats)...
_DIGIT_VALUES: Final = frozenset(range(10))  # ...0-9


def as_grid(puzzle: Puzzle) -> Grid:
    """A grid from text, from 81 ints, or from rows as a spreadsheet gives them."""
    if isinstance(puzzle, str):
        return parse_puzzle(puzzle)
    if len(puzzle) == 81 and set(map(type, puzzle)) == _INT and _DIGIT_VALUES.issuperset(puzzle):
        return tuple(puzzle)  # type: ignore[arg-type]
    return grid_from_rows(puzzle)


def solutions(puzzle: Puzzle, stats: SearchStats | None = None) -> Generator[Grid, None, None]:
    """Every solution of a puzzle, one at a time, in depth-first order.

    The order is fixed: a branch tries a cell's digits, or a digit's places in a house, in
    increasing order.

    ``puzzle`` is a ``Grid`` (81 ints, 0 = empty), text ``parse_puzzle`` reads, or rows
    ``grid_from_rows`` reads. Bad input raises ``ParseError``, a given repeated in a house
    ``DuplicateError``, both from the first ``next``. ``stats``, if
    given, is updated as the search goes.
    """
    yield from _search(as_grid(puzzle), SearchStats() if stats is None else stats, decode)


def solution_lines(puzzle: Puzzle) -> Generator[str, None, None]:
    """The solutions of a puzzle, each as an 81-character line, in ``solutions``' order;
    no grid is made in between.

    A tuple is taken as the ``Grid`` that ``read_puzzles`` or ``parse_puzzle`` made (81
    ints 0-9), not checked again: a bank's reader has checked every line already.
    Anything else is read as ``solutions`` reads it (text, a list, rows), and bad input
    raises from the first ``next``."""
    if type(puzzle) is tuple:
        return _search(puzzle, SearchStats(), _line_of())
    return _read_lines(puzzle)


def _read_lines(puzzle: Puzzle) -> Generator[str, None, None]:
    yield from _search(as_grid(puzzle), SearchStats(), _line_of())


_Shown = TypeVar("_Shown")


def _search(
    grid: Grid, stats: SearchStats, show: Callable[[int], _Shown]
) -> Generator[_Shown, None, None]:
    """The search of ``solutions``, each solution's placed slots shown by ``show``."""
    started: float | None = time.perf_counter()  # None while the caller holds a solution
    stack = [start(grid)]
    keep_cell, new_node = KEEP_CELL, _new_node
    try:
        while stack:
            cells, rows, cols, boxes, placed, pending, level = stack.pop()
            stats.nodes += 1
            state = propagate(cells, rows, cols, boxes, placed, pending)
            if state is None:
                stats.dead_ends += 1
                continue
            cells, rows, cols, boxes, placed = state
            if not cells & FIELD_GUARD:
                stats.solutions += 1
                if started is not None:
                    stats.seconds += time.perf_counter() - started
                started = None  # the caller's time between solutions is not ours
                yield show(placed)
                started = time.perf_counter()
                continue
            stats.guesses += 1
            if not stats.guesses & 63:
                checkpoint()  # a worksheet function's time limit (``deadline``)
            level += 1
            stats.max_level = max(stats.max_level, level)
            for slot in reversed(_branches(cells, rows, cols, boxes)):  # ``child``, inlined
                child_cells, child_placed = cells & keep_cell[slot], placed | (1 << slot)
                stack.append(
                    new_node(Node, (child_cells, rows, cols, boxes, child_placed, [slot], level))
                )
    finally:
        if started is not None:
            stats.seconds += time.perf_counter() - started


def solve(puzzle: Puzzle, stats: SearchStats | None = None) -> Grid:
    """The first solution of a puzzle; ``NoSolutionError`` if there is none."""
    for solution in solutions(puzzle, stats):
        return solution
    raise NoSolutionError()


def proper_solution(puzzle: Puzzle) -> Grid:
    """The solution of a proper puzzle, found and proven unique in one search;
    ``NoSolutionError`` or ``MultipleSolutionsError`` if it is not proper."""
    found = list(islice(solutions(puzzle), 2))
    require_proper(len(found))
    return found[0]


def count_solutions(
    puzzle: Puzzle, limit: int | None = None, stats: SearchStats | None = None
) -> int:
    """How many solutions a puzzle has, counting no further than ``limit`` (None: all)."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be 1 or more, got {limit}")
    count = 0
    for _ in solutions(puzzle, stats):
        count += 1
        if count == limit:
            break
    return count
