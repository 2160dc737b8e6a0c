"""Fast bit-set searches that tell which forcing chains exist (core layer, logic techniques).

Following a chain potential by potential, as ``chaining`` does to rate it exactly the way
Sudoku Explainer does, costs about a microsecond a potential; a rule that looks at every
candidate of the grid follows hundreds of thousands of them. Most of the time a rule
finds nothing, or finds its steps in a few places. These searches answer "what would the
rule conclude, and from where?" on whole sets of candidates at once:

- the *static* implications of a grid (cell and house links) as bit sets, followed layer
  by layer, give the length of each forcing chain and of each cycle's shortest loop;
- a *dynamic* chain is the closure of an assumption under naked and hidden singles, the
  fast solver's propagation without its locked candidates (``singles``): a contradiction,
  or the candidates it turns on and off;
- a Nishio chain is the same for one digit, through houses only.

Each answer is a superset of what the exact rule finds (a closure stopped at its first
contradiction holds less than the whole closure), so the exact rule only needs to look
where these searches point.

Candidates here are *slots*, as in the fast solver: bit ``10 * cell + digit - 1``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ..board import PEER_BITS, UNIT_BITS, Board, cells_in
from ..candidates import DIGITS_OF
from ..solver import (
    _BIT_BOX,
    _BIT_COL,
    _BIT_ROW,
    _KEEP_BOX,
    _KEEP_CELL,
    _KEEP_COL,
    _KEEP_ROW,
    _SLOT_AT_BOX,
    _SLOT_AT_COL,
    _SLOT_AT_ROW,
    FIELD_BITS,
    FIELD_GUARD,
    FIELD_LOW,
)

State = tuple[int, int, int, int, int]  # cell, row, column, box views; placed slots

#: per slot, the slots an "on" turns off: the cell's other digits, the digit in the peers
WEAK: Final[tuple[int, ...]] = tuple(
    (
        sum(1 << (10 * p + slot % 10) for p in range(81) if PEER_BITS[slot // 10] >> p & 1)
        | (0x1FF << (slot // 10 * 10)) & ~(1 << slot)
    )
    if slot % 10 < 9
    else 0
    for slot in range(810)
)
#: per house, the slots of its cells, and per digit-house, the slots of that digit there
HOUSE_SLOTS: Final[tuple[int, ...]] = tuple(
    sum(0x1FF << (10 * c) for c in cells_in(bits)) for bits in UNIT_BITS
)


def _bits(value: int) -> Iterator[int]:
    while value:
        low = value & -value
        value ^= low
        yield low.bit_length() - 1


def views(board: Board) -> State:
    """The fast solver's views of a board's candidates."""
    cells = rows = cols = boxes = placed = 0
    for cell in range(81):
        digit = board.digits[cell]
        if digit:
            placed |= 1 << (10 * cell + digit - 1)
            continue
        cells |= (board.masks[cell] | 0x200) << (10 * cell)
    for slot in _bits(cells & FIELD_BITS):
        rows |= _BIT_ROW[slot]
        cols |= _BIT_COL[slot]
        boxes |= _BIT_BOX[slot]
    # a unit field stays open (guard set) while its digit is not placed in it
    guards_row = guards_col = guards_box = 0
    for d in range(9):
        for i in range(9):
            guards_row |= 1 << (90 * d + 10 * i + 9)
    guards_col = guards_box = guards_row
    for slot in _bits(placed):
        rows &= _KEEP_ROW[slot]
        cols &= _KEEP_COL[slot]
        boxes &= _KEEP_BOX[slot]
        guards_row &= _KEEP_ROW[slot]
        guards_col &= _KEEP_COL[slot]
        guards_box &= _KEEP_BOX[slot]
    return cells, rows | guards_row, cols | guards_col, boxes | guards_box, placed


def singles(
    cells: int, rows: int, cols: int, boxes: int, placed: int, pending: list[int]
) -> State | None:
    """Naked and hidden singles until none is left; None on a contradiction (a cell with
    no candidate, a digit with no place in a house, two singles that clash)."""
    keep_cell = _KEEP_CELL
    while True:
        while True:
            bits = cells & FIELD_BITS
            if (cells & FIELD_GUARD) ^ ((bits + FIELD_BITS) & FIELD_GUARD):
                return None
            many = ((bits & ((bits | FIELD_GUARD) - FIELD_LOW)) + FIELD_BITS) & FIELD_GUARD
            single = bits & ~(many - (many >> 9))
            if not single:
                break
            while single:
                low = single & -single
                single ^= low
                if not cells & low:
                    return None
                slot = low.bit_length() - 1
                cells &= keep_cell[slot]
                placed |= low
                pending.append(slot)
        if not cells & FIELD_GUARD:
            return cells, rows, cols, boxes, placed
        for slot in pending:
            rows &= _KEEP_ROW[slot]
            cols &= _KEEP_COL[slot]
            boxes &= _KEEP_BOX[slot]
        pending = []
        for view, slot_at in ((boxes, _SLOT_AT_BOX), (rows, _SLOT_AT_ROW), (cols, _SLOT_AT_COL)):
            bits = view & FIELD_BITS
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
                        continue
                    return None
                cells &= keep_cell[slot]
                placed |= 1 << slot
                pending.append(slot)
            if pending:
                break
        if not pending:
            return cells, rows, cols, boxes, placed


_UNKNOWN: Final = (-1, -1)


class Closures:
    """Dynamic closures of every candidate's two states on one board: for each slot, the
    slots it turns on and off if it holds, and if it does not (None: a contradiction)."""

    def __init__(self, board: Board) -> None:
        self.state = views(board)
        self.cells = self.state[0] & FIELD_BITS
        self.on: dict[int, tuple[int, int] | None] = {}
        self.off: dict[int, tuple[int, int] | None] = {}

    def _result(self, state: State | None, source_on: int) -> tuple[int, int] | None:
        if state is None:
            return None
        turned_on = state[4] & ~self.state[4]
        turned_off = self.cells & ~state[0] & ~turned_on
        return turned_on | source_on, turned_off

    def if_on(self, slot: int) -> tuple[int, int] | None:
        found = self.on.get(slot, _UNKNOWN)
        if found is _UNKNOWN:
            cells, rows, cols, boxes, placed = self.state
            after = singles(cells & _KEEP_CELL[slot], rows, cols, boxes, placed | 1 << slot, [slot])
            found = self.on[slot] = self._result(after, 1 << slot)
        return found

    def if_off(self, slot: int) -> tuple[int, int] | None:
        found = self.off.get(slot, _UNKNOWN)
        if found is _UNKNOWN:
            cells, rows, cols, boxes, placed = self.state
            after = singles(
                cells & ~(1 << slot),
                rows & ~_BIT_ROW[slot],
                cols & ~_BIT_COL[slot],
                boxes & ~_BIT_BOX[slot],
                placed,
                [],
            )
            found = self.off[slot] = self._result(after, 0)
        return found


def dynamic_cells(board: Board, double: bool = True) -> list[int]:
    """The cells where Dynamic Forcing Chains may find a step: a candidate whose either
    state leads to a contradiction, or both to one conclusion (cells of three or more),
    a cell whose candidates all lead to one conclusion, or the first place of a digit in
    a house whose places all do."""
    closures = Closures(board)
    found: set[int] = set()
    masks = board.masks
    for cell in range(81):
        mask = masks[cell]
        if mask.bit_count() < 2:
            continue
        common_on = common_off = -1
        for digit in DIGITS_OF[mask]:
            slot = 10 * cell + digit - 1
            on = closures.if_on(slot)
            off = closures.if_off(slot)
            if on is None or off is None:
                found.add(cell)
                continue
            if double and mask.bit_count() >= 3 and (on[0] & off[0] or on[1] & off[1]):
                found.add(cell)
            common_on &= on[0]
            common_off &= on[1]
        if common_on & ~(-1 << 810) or common_off & ~(-1 << 810):
            found.add(cell)
    for bits in UNIT_BITS:
        for digit in range(1, 10):
            places = board.cells_of(digit) & bits
            if places.bit_count() < 2:
                continue
            common_on = common_off = -1
            for cell in cells_in(places):
                result = closures.if_on(10 * cell + digit - 1)
                if result is not None:
                    common_on &= result[0]
                    common_off &= result[1]
            if common_on & ~(-1 << 810) or common_off & ~(-1 << 810):
                found.add((places & -places).bit_length() - 1)
    return sorted(found)


_ALL: Final = (1 << 810) - 1


class StaticLinks:
    """A board's static implications as bit sets of slots: what an "on" turns off (its
    cell's other candidates, its digit in the peers; with ``cell_links`` off only the
    latter), and what an "off" turns on (the other candidate of a cell of two; the other
    place of a digit in a house of two)."""

    def __init__(self, board: Board) -> None:
        state = views(board)
        self.cands = state[0] & FIELD_BITS
        self.cell_strong: dict[int, int] = {}
        self.house_strong: dict[int, int] = {}
        for cell in range(81):
            mask = board.masks[cell]
            if mask.bit_count() == 2:
                a, b = DIGITS_OF[mask]
                self.cell_strong[10 * cell + a - 1] = 1 << (10 * cell + b - 1)
                self.cell_strong[10 * cell + b - 1] = 1 << (10 * cell + a - 1)
        for digit in range(1, 10):
            places = board.cells_of(digit)
            for bits in UNIT_BITS:
                two = places & bits
                if two.bit_count() == 2:
                    low = two & -two
                    a, b = low.bit_length() - 1, (two ^ low).bit_length() - 1
                    sa, sb = 10 * a + digit - 1, 10 * b + digit - 1
                    self.house_strong[sa] = self.house_strong.get(sa, 0) | 1 << sb
                    self.house_strong[sb] = self.house_strong.get(sb, 0) | 1 << sa
        self.cell_slots = {slot: 0x1FF << (slot // 10 * 10) & ~(1 << slot) for slot in range(810)}

    def turned_off(self, slot: int, cell_links: bool) -> int:
        weak = WEAK[slot] if cell_links else WEAK[slot] & ~(0x1FF << (slot // 10 * 10))
        return weak & self.cands

    def turned_on(self, slot: int, cell_links: bool, house_links: bool) -> int:
        out = self.house_strong.get(slot, 0) if house_links else 0
        if cell_links:
            out |= self.cell_strong.get(slot, 0)
        return out

    def closure(self, slot: int) -> tuple[int, int]:
        """Every slot turned on and off, following cell and house links from ``slot`` on."""
        on = frontier = 1 << slot
        off = 0
        while frontier:
            new_off = 0
            for s in _bits(frontier):
                new_off |= WEAK[s]
            new_off &= self.cands & ~off
            off |= new_off
            new_on = 0
            for s in _bits(new_off):
                new_on |= self.house_strong.get(s, 0) | self.cell_strong.get(s, 0)
            frontier = new_on & ~on
            on |= frontier
        return on, off

    def chain_complexity(
        self, slot: int, on: bool, cell_links: bool, limit: int = 1 << 30
    ) -> int | None:
        """The potentials of the shortest chain from ``slot`` (on or off) to its opposite,
        both ends counted; None if there is none of ``limit`` potentials or fewer."""
        source = 1 << slot
        seen_on = frontier_on = source if on else 0
        seen_off = frontier_off = 0 if on else source
        links = 0
        while (frontier_on or frontier_off) and links + 1 < limit:
            if frontier_on:
                new_off = 0
                for s in _bits(frontier_on):
                    new_off |= self.turned_off(s, cell_links)
                links += 1
                if on and new_off & source:
                    return links + 1
                frontier_off = new_off & ~seen_off
                seen_off |= frontier_off
                frontier_on = 0
            else:
                new_on = 0
                for s in _bits(frontier_off):
                    new_on |= self.turned_on(s, cell_links, True)
                links += 1
                if not on and new_on & source:
                    return links + 1
                frontier_on = new_on & ~seen_on
                seen_on |= frontier_on
                frontier_off = 0
        return None

    def cycle_length(self, slot: int, cell_links: bool, house_links: bool) -> int | None:
        """A lower bound on the potentials of any loop through ``slot`` on (four or more):
        the loop leaves ``slot`` on, reaches some "on" b, turns off a candidate c whose
        "off" turns ``slot`` on again. "Ons" are reached at their breadth-first depth; the
        last two links need b to turn off one of ``slot``'s strong partners c."""
        source = 1 << slot
        partners = self.turned_on(slot, cell_links, house_links)  # the c: their off turns s on
        closers = 0  # the b: an "on" that turns off some c
        for c in _bits(partners):
            closers |= self.turned_off(c, cell_links)
        seen_on = frontier_on = source
        seen_off = 0
        depth = 0
        while frontier_on:
            if depth >= 2 and frontier_on & closers:
                return depth + 2
            new_off = 0
            for s in _bits(frontier_on):
                new_off |= self.turned_off(s, cell_links)
            frontier_off = new_off & ~seen_off
            seen_off |= frontier_off
            new_on = 0
            for s in _bits(frontier_off):
                new_on |= self.turned_on(s, cell_links, house_links)
            depth += 2
            frontier_on = new_on & ~seen_on
            seen_on |= frontier_on
        return None


def static_cells(board: Board) -> list[int]:
    """The cells where Multiple Forcing Chains (static) may find a step: a cell of three
    or more candidates whose candidates all lead to one conclusion, or the first place
    (in a cell of three or more) of a digit in a house whose places all do."""
    links = StaticLinks(board)
    closures: dict[int, tuple[int, int]] = {}

    def closure(slot: int) -> tuple[int, int]:
        found = closures.get(slot)
        if found is None:
            found = closures[slot] = links.closure(slot)
        return found

    found: set[int] = set()
    masks = board.masks
    for cell in range(81):
        mask = masks[cell]
        if mask.bit_count() < 3:
            continue
        common_on = common_off = _ALL
        for digit in DIGITS_OF[mask]:
            on, off = closure(10 * cell + digit - 1)
            common_on &= on
            common_off &= off
        if common_on or common_off:
            found.add(cell)
        for digit in DIGITS_OF[mask]:
            for bits in UNIT_BITS:
                if not bits >> cell & 1:
                    continue
                places = board.cells_of(digit) & bits
                if places.bit_count() < 2 or (places & -places).bit_length() - 1 != cell:
                    continue
                common_on = common_off = _ALL
                for place in cells_in(places):
                    on, off = closure(10 * place + digit - 1)
                    common_on &= on
                    common_off &= off
                if common_on or common_off:
                    found.add(cell)
    return sorted(found)


def nishio_cells(board: Board) -> list[int]:
    """The cells where Nishio Forcing Chains may find a step: a digit assumed in (or out
    of) a cell that leaves, through the digit's places alone, a house without it."""
    found: list[int] = []
    open_houses = [
        [h for h, bits in enumerate(UNIT_BITS) if board.cells_of(d) & bits] for d in range(1, 10)
    ]
    for cell in range(81):
        for digit in DIGITS_OF[board.masks[cell]]:
            places = board.cells_of(digit)
            houses = open_houses[digit - 1]
            if _x_contradiction(places & ~PEER_BITS[cell], 1 << cell, houses) or (
                _x_contradiction(places & ~(1 << cell), 0, houses)
            ):
                found.append(cell)
                break
    return found


def _x_contradiction(places: int, placed: int, houses: list[int]) -> bool:
    """Whether one digit's places, with ``placed`` cells holding it, empty a house."""
    changed = True
    while changed:
        changed = False
        for house in houses:
            bits = UNIT_BITS[house]
            if placed & bits:
                continue
            here = places & bits
            if not here:
                return True
            if here & (here - 1) == 0:
                placed |= here
                places &= ~PEER_BITS[here.bit_length() - 1]
                changed = True
    return False
