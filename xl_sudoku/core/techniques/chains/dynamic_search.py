"""Fast bit-set searches that tell which forcing chains exist (core layer, logic techniques).

Following a chain potential by potential, as ``closures.follow`` does to rate it exactly
the way Sudoku Explainer does, costs about a microsecond a potential; a rule that looks at every
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

from functools import lru_cache
from typing import Final

from ...board import Board
from ...deadline import checkpoint
from ...fields import (
    BIT_BOX,
    BIT_COL,
    BIT_ROW,
    FIELD_BITS,
    FIELD_GUARD,
    FIELD_LOW,
    KEEP_CELL,
    SLOT_AT_BOX,
    SLOT_AT_COL,
    SLOT_AT_ROW,
    locked_candidates,
)
from ...glossary import HOUSE_BITS, HOUSES_OF, PEER_BITS, cell_list, cells_in, slots_in
from .slots import State, singles, views

_UNKNOWN: Final = (-1, -1)
#: per digit (from 0), its slot in every cell; per cell, the slots of each of its houses
_DIGIT_SLOTS: Final = tuple(sum(1 << (10 * c + d) for c in range(81)) for d in range(9))
_HOUSE_SLOTS_OF: Final = tuple(
    tuple(sum(0x1FF << (10 * c) for c in cells_in(HOUSE_BITS[h])) for h in HOUSES_OF[cell])
    for cell in range(81)
)


class _LastClosures:
    """The closures of the last board asked about (``Closures.following``; ``Memory``)."""

    __slots__ = ("closures",)

    def __init__(self) -> None:
        self.closures: Closures | None = None


def remove_slots(state: State, slots: int) -> State:
    """A state without some candidates (slots of the cell view)."""
    cells, rows, cols, boxes, placed = state
    cells &= ~slots
    for slot in slots_in(slots):
        rows &= ~BIT_ROW[slot]
        cols &= ~BIT_COL[slot]
        boxes &= ~BIT_BOX[slot]
    return cells, rows, cols, boxes, placed


def plus(
    cells: int, rows: int, cols: int, boxes: int, placed: int, pending: list[int]
) -> State | None:
    """``singles``, then locked candidates, naked and hidden pairs and X-Wings, until none
    applies: at least what a Dynamic Forcing Chain (+) follows inside a chain."""
    while True:
        state = singles(cells, rows, cols, boxes, placed, pending)
        if state is None:
            return None
        pending = []
        cells, rows, cols, boxes, placed = state
        if not cells & FIELD_GUARD:
            return state
        slots = 0
        for bit in slots_in(locked_candidates(rows)):  # boxes and rows
            slots |= 1 << SLOT_AT_ROW[bit]
        for bit in slots_in(locked_candidates(cols)):  # the same in the column view
            slots |= 1 << SLOT_AT_COL[bit]
        if not slots:
            slots = _pairs_and_wings(cells, rows, cols, boxes)
        if not slots:
            return state
        cells, rows, cols, boxes, placed = remove_slots(state, slots)


def _fields(view: int) -> list[tuple[int, int]]:
    """(field index, its 9 bits) for every field of a view with two bits, by index: each
    field's lowest bit is cleared twice at once across the view (a field's guard stops
    the borrow), and the fields left with one bit are those."""
    bits = view & FIELD_BITS
    once = bits & ((bits | FIELD_GUARD) - FIELD_LOW)
    twice = once & ((once | FIELD_GUARD) - FIELD_LOW)
    two = (once + FIELD_BITS) & ~(twice + FIELD_BITS) & FIELD_GUARD
    out = []
    while two:
        low = two & -two
        two ^= low
        index = low.bit_length() // 10 - 1
        out.append((index, bits >> (10 * index) & 0x1FF))
    return out


def _pairs_and_wings(cells: int, rows: int, cols: int, boxes: int) -> int:
    """Slots that a naked pair, a hidden pair or an X-Wing removes."""
    out = 0
    # naked pairs: two cells of a house with the same two candidates
    pairs: dict[int, list[int]] = {}  # house << 9 | mask -> its cells with those two
    for cell, mask in _fields(cells):
        for house in HOUSES_OF[cell]:
            pairs.setdefault(house << 9 | mask, []).append(cell)
    for key, found in pairs.items():
        if len(found) == 2:
            house, mask = key >> 9, key & 0x1FF
            for cell in cells_in(HOUSE_BITS[house] & ~(1 << found[0] | 1 << found[1])):
                out |= ((cells >> (10 * cell)) & mask) << (10 * cell)
    # hidden pairs and X-Wings from the house views: a digit's two places in a house
    for view, slot_at, lines in (
        (boxes, SLOT_AT_BOX, False),
        (rows, SLOT_AT_ROW, True),
        (cols, SLOT_AT_COL, True),
    ):
        same_places: dict[tuple[int, int], list[int]] = {}  # (house, places) -> digits
        same_lines: dict[tuple[int, int], list[int]] = {}  # (digit, places) -> lines
        for field, places in _fields(view):
            digit, house = divmod(field, 9)
            same_places.setdefault((house, places), []).append(digit)
            if lines:
                same_lines.setdefault((digit, places), []).append(house)
        for (house, places), digits in same_places.items():
            if len(digits) == 2:
                keep = 0x1FF & ~(1 << digits[0] | 1 << digits[1])
                for bit in slots_in(places):
                    slot = slot_at[90 * digits[0] + 10 * house + bit]
                    cell = slot // 10
                    out |= ((cells >> (10 * cell)) & keep) << (10 * cell)
        for (digit, places), found in same_lines.items():
            if len(found) == 2:
                for bit in slots_in(places):
                    for other in range(9):
                        if other in found:
                            continue
                        position = 90 * digit + 10 * other + bit
                        if view >> position & 1:
                            out |= 1 << slot_at[position]
    return out & cells & FIELD_BITS


class Closures:
    """Dynamic closures of every candidate's two states on one board: for each slot, the
    slots it turns on and off if it holds, and if it does not (None: a contradiction).

    Singles reach the same end in any order, and from fewer candidates they reach a
    position within the one they reach from more (or a contradiction, if that one was
    one). So on a board within the last one asked about (``following``: the engine asks
    again after a step that removed a candidate or two), an assumption's closure starts
    from the end it reached there, narrowed to this board's candidates."""

    def __init__(self, board: Board | State, stronger: bool = False) -> None:
        self.state = board if isinstance(board, tuple) else views(board)
        self.cells = self.state[0] & FIELD_BITS
        self.close = plus if stronger else singles  # ``plus``: for Dynamic Forcing Chains (+)
        self.on: dict[int, tuple[int, int] | None] = {}
        self.off: dict[int, tuple[int, int] | None] = {}
        #: where each assumption's singles ended (None: a contradiction), on and off
        self.ends: tuple[dict[int, State | None], dict[int, State | None]] = ({}, {})
        self.before: Closures | None = None  # a board this one lies within (``following``)

    @classmethod
    def following(cls, board: Board) -> Closures:
        """The closures of a board (singles only), started from those of the last board
        asked about where this one lies within it."""
        made = cls(board)
        last = board.memory.of(_LastClosures)
        before = last.closures
        if before is not None:
            now, was = made.state, before.state
            if not (
                now[0] & ~was[0]
                or now[1] & ~was[1]
                or now[2] & ~was[2]
                or now[3] & ~was[3]
                or was[4] & ~now[4]
            ):
                made.before = before
                before.before = None  # one board back is enough
        last.closures = made
        return made

    def _result(self, state: State | None, source_on: int) -> tuple[int, int] | None:
        if state is None:
            return None
        turned_on = state[4] & ~self.state[4]
        turned_off = self.cells & ~state[0] & ~turned_on
        return turned_on | source_on, turned_off

    def _end(self, slot: int, on: bool) -> tuple[bool, State | None]:
        """Where the assumption's singles end, if the board before knew where they ended
        there (then followed on from that end narrowed to this board): whether it knew,
        and the end."""
        checkpoint()
        if self.before is None or not self.cells >> slot & 1:
            return False, None
        ends = self.before.ends[0 if on else 1]
        if slot not in ends:
            return False, None
        known = ends[slot]
        if known is None:
            return True, None
        cells, rows, cols, boxes, placed = self.state
        if known[4] & ~(self.cells | placed):
            return True, None  # it placed a digit this board no longer has there
        after = self.close(
            known[0] & cells,
            known[1] & rows,
            known[2] & cols,
            known[3] & boxes,
            known[4] | placed,
            [],
        )
        return True, after

    def if_on(self, slot: int) -> tuple[int, int] | None:
        found = self.on.get(slot, _UNKNOWN)
        if found is _UNKNOWN:
            known, after = self._end(slot, True)
            if not known:
                cells, rows, cols, boxes, placed = self.state
                after = self.close(
                    cells & KEEP_CELL[slot], rows, cols, boxes, placed | 1 << slot, [slot]
                )
            self.ends[0][slot] = after
            found = self.on[slot] = self._result(after, 1 << slot)
        return found

    def if_off(self, slot: int) -> tuple[int, int] | None:
        """With singles only, a candidate's absence leads where its partner's presence
        does, if it has one (the other candidate of a cell of two, the other place of
        its digit in a house of two): the partner is a single at once, and singles
        reach the same end in any order."""
        found = self.off.get(slot, _UNKNOWN)
        if found is _UNKNOWN and self.close is singles:
            partner = self._partner(slot)
            if partner >= 0:
                found = self.off[slot] = self.if_on(partner)
        if found is _UNKNOWN:
            known, after = self._end(slot, False)
            if not known:
                cells, rows, cols, boxes, placed = self.state
                after = self.close(
                    cells & ~(1 << slot),
                    rows & ~BIT_ROW[slot],
                    cols & ~BIT_COL[slot],
                    boxes & ~BIT_BOX[slot],
                    placed,
                    [],
                )
            self.ends[1][slot] = after
            found = self.off[slot] = self._result(after, 0)
        return found

    def _partner(self, slot: int) -> int:
        """A slot's only other candidate in its cell or in a house of its digit; -1 if
        none."""
        cell = slot // 10
        field = self.cells >> (10 * cell) & 0x1FF
        if field.bit_count() == 2:
            return 10 * cell + (field & ~(1 << slot % 10)).bit_length() - 1
        digit_slots = self.cells & _DIGIT_SLOTS[slot % 10]
        for house_slots in _HOUSE_SLOTS_OF[cell]:
            others = digit_slots & house_slots & ~(1 << slot)
            if others and not others & (others - 1):
                return others.bit_length() - 1
        return -1

    def both(self, slot: int) -> bool:
        """Whether the slot's two states share a conclusion (or either contradicts)."""
        on, off = self.if_on(slot), self.if_off(slot)
        return on is None or off is None or bool(on[0] & off[0] or on[1] & off[1])


def nishio_cells(board: Board) -> list[int]:
    """The cells where Nishio Forcing Chains may find a step: a digit assumed in (or out
    of) a cell that leaves, through the digit's places alone, a house without it."""
    found = 0
    for digit in range(1, 10):
        found |= _nishio_places(board.cells_of(digit))
    return cell_list(found)


@lru_cache(maxsize=4096)
def _nishio_places(places: int) -> int:
    """The places of a digit (any digit: only its places count) where assuming it, or
    its absence, leaves a house without it; remembered, as a step changes the places of
    one or two digits."""
    houses = [h for h, bits in enumerate(HOUSE_BITS) if places & bits]
    found = 0
    for cell in cells_in(places):
        if _x_contradiction(places & ~PEER_BITS[cell], 1 << cell, houses) or (
            _x_contradiction(places & ~(1 << cell), 0, houses)
        ):
            found |= 1 << cell
    return found


def _x_contradiction(places: int, placed: int, houses: list[int]) -> bool:
    """Whether one digit's places, with ``placed`` cells holding it, empty a house."""
    changed = True
    while changed:
        changed = False
        for house in houses:
            bits = HOUSE_BITS[house]
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
