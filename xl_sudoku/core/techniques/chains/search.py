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

import functools
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Final

from ...board import PEER_BITS, UNIT_BITS, Board, cell_list, cells_in
from ...candidates import DIGITS_OF
from ...fields import (
    BIT_BOX,
    BIT_COL,
    BIT_ROW,
    FIELD_BITS,
    FIELD_GUARD,
    FIELD_LOW,
    KEEP_BOX,
    KEEP_CELL,
    KEEP_COL,
    KEEP_ROW,
    SLOT_AT_BOX,
    SLOT_AT_COL,
    SLOT_AT_ROW,
    locked_candidates,
)
from ...solver import propagate

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
#: per slot, its digit in the peers (an "on"'s house links only)
SAME_DIGIT_PEERS: Final[tuple[int, ...]] = tuple(
    WEAK[slot] & ~(0x1FF << (slot // 10 * 10)) for slot in range(810)
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
    return views_of(board.digits, board.masks)


def views_of(digits: Sequence[int], masks: Sequence[int]) -> State:
    """The fast solver's views of cells' digits (0: open) and candidate masks."""
    cells = rows = cols = boxes = placed = 0
    for cell in range(81):
        digit = digits[cell]
        if digit:
            placed |= 1 << (10 * cell + digit - 1)
            continue
        cells |= (masks[cell] | 0x200) << (10 * cell)
    for slot in _bits(cells & FIELD_BITS):
        rows |= BIT_ROW[slot]
        cols |= BIT_COL[slot]
        boxes |= BIT_BOX[slot]
    # a unit field stays open (guard set) while its digit is not placed in it
    guards_row = guards_col = guards_box = 0
    for d in range(9):
        for i in range(9):
            guards_row |= 1 << (90 * d + 10 * i + 9)
    guards_col = guards_box = guards_row
    for slot in _bits(placed):
        rows &= KEEP_ROW[slot]
        cols &= KEEP_COL[slot]
        boxes &= KEEP_BOX[slot]
        guards_row &= KEEP_ROW[slot]
        guards_col &= KEEP_COL[slot]
        guards_box &= KEEP_BOX[slot]
    return cells, rows | guards_row, cols | guards_col, boxes | guards_box, placed


#: naked and hidden singles until none is left (the fast solver's propagation without its
#: locked candidates); None on a contradiction (a cell with no candidate, a digit with no
#: place in a house, two singles that clash)
singles: Final = functools.partial(propagate, locked=False)


#: per cell, its houses: row, column, box
_HOUSES: Final = tuple((c // 9, 9 + c % 9, 18 + c // 27 * 3 + c % 9 // 3) for c in range(81))
_UNKNOWN: Final = (-1, -1)
#: per digit (from 0), its slot in every cell; per cell, the slots of each of its houses
_DIGIT_SLOTS: Final = tuple(sum(1 << (10 * c + d) for c in range(81)) for d in range(9))
_HOUSE_SLOTS_OF: Final = tuple(
    tuple(sum(0x1FF << (10 * c) for c in cells_in(UNIT_BITS[h])) for h in _HOUSES[cell])
    for cell in range(81)
)
_ALL: Final = (1 << 810) - 1
#: the closures of the last board asked about (``Closures.following``)
_LAST_CLOSURES: list[Closures] = []


def remove_slots(state: State, slots: int) -> State:
    """A state without some candidates (slots of the cell view)."""
    cells, rows, cols, boxes, placed = state
    cells &= ~slots
    for slot in _bits(slots):
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
        for bit in _bits(locked_candidates(rows)):  # boxes and rows
            slots |= 1 << SLOT_AT_ROW[bit]
        for bit in _bits(locked_candidates(cols)):  # the same in the column view
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
    pairs: dict[tuple[int, int], list[int]] = {}
    for cell, mask in _fields(cells):
        for house in (cell // 9, 9 + cell % 9, 18 + cell // 27 * 3 + cell % 9 // 3):
            pairs.setdefault((house, mask), []).append(cell)
    for (house, mask), found in pairs.items():
        if len(found) == 2:
            for cell in cells_in(UNIT_BITS[house] & ~(1 << found[0] | 1 << found[1])):
                out |= ((cells >> (10 * cell)) & mask) << (10 * cell)
    # hidden pairs and X-Wings from the unit views: a digit's two places in a house
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
                for bit in _bits(places):
                    slot = slot_at[90 * digits[0] + 10 * house + bit]
                    cell = slot // 10
                    out |= ((cells >> (10 * cell)) & keep) << (10 * cell)
        for (digit, places), found in same_lines.items():
            if len(found) == 2:
                for bit in _bits(places):
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
        #: whether an assumption the board before has not followed is followed there first
        #: (for many boards within one: the chains inside a nested chain's grids)
        self.fill = False

    @classmethod
    def within(cls, state: State, before: Closures) -> Closures:
        """The closures (singles) of a position within ``before``'s, started from where
        the assumptions end there (followed there first if not yet)."""
        made = cls(state)
        made.before = before
        made.fill = True
        return made

    @classmethod
    def following(cls, board: Board) -> Closures:
        """The closures of a board (singles only), started from those of the last board
        asked about where this one lies within it."""
        made = cls(board)
        if _LAST_CLOSURES:
            before = _LAST_CLOSURES[0]
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
        _LAST_CLOSURES[:] = [made]
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
        if self.before is None or not self.cells >> slot & 1:
            return False, None
        ends = self.before.ends[0 if on else 1]
        if slot not in ends and self.fill:
            before = self.before
            if before.cells >> slot & 1:  # there too: follow it there first, for the next
                before.if_on(slot) if on else before.if_off(slot)
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

    def cell_common(self, cell: int, digits: tuple[int, ...]) -> bool:
        """Whether every candidate of the cell leads to a shared conclusion."""
        common_on = common_off = _ALL
        for digit in digits:
            found = self.if_on(10 * cell + digit - 1)
            if found is not None:
                common_on &= found[0]
                common_off &= found[1]
        return bool(common_on or common_off)

    def region_common(self, places: int, digit: int) -> bool:
        """Whether every place of the digit in a house leads to a shared conclusion."""
        common_on = common_off = _ALL
        for cell in cells_in(places):
            found = self.if_on(10 * cell + digit - 1)
            if found is not None:
                common_on &= found[0]
                common_off &= found[1]
        return bool(common_on or common_off)


class StaticClosures:
    """The static closures of a board's "ons", from the reach of the implication graph
    (``StaticLinks.reach``): what an assumption leads to, if the static links are
    followed to the end (a chain that stops at its first clash holds less)."""

    def __init__(self, links: StaticLinks) -> None:
        self.component, _, self.reach = links.reach(True, True)

    def if_on(self, slot: int) -> tuple[int, int]:
        nodes = self.reach[self.component[ON + slot]]
        return nodes >> ON, nodes & (1 << ON) - 1

    def if_off(self, slot: int) -> tuple[int, int] | None:
        raise NotImplementedError("static rules assume candidates on")


class StaticLinks:
    """A board's static implications as bit sets of slots: what an "on" turns off (its
    cell's other candidates, its digit in the peers; with ``cell_links`` off only the
    latter), and what an "off" turns on (the other candidate of a cell of two; the other
    place of a digit in a house of two)."""

    def __init__(self, masks: Sequence[int], places: Sequence[int]) -> None:
        """The links of a grid: its cells' candidate masks, each digit's cells (from 1)."""
        cands = 0
        for cell, mask in enumerate(masks):
            if mask:
                cands |= mask << (10 * cell)
        self.cands = cands
        self.cell_strong: dict[int, int] = {}
        self.house_strong: dict[int, int] = {}
        for cell in range(81):
            mask = masks[cell]
            if mask.bit_count() == 2:
                a, b = DIGITS_OF[mask]
                self.cell_strong[10 * cell + a - 1] = 1 << (10 * cell + b - 1)
                self.cell_strong[10 * cell + b - 1] = 1 << (10 * cell + a - 1)
        for digit in range(1, 10):
            digit_places = places[digit - 1]
            for bits in UNIT_BITS:
                two = digit_places & bits
                if two.bit_count() == 2:
                    low = two & -two
                    a, b = low.bit_length() - 1, (two ^ low).bit_length() - 1
                    sa, sb = 10 * a + digit - 1, 10 * b + digit - 1
                    self.house_strong[sa] = self.house_strong.get(sa, 0) | 1 << sb
                    self.house_strong[sb] = self.house_strong.get(sb, 0) | 1 << sa
        self._reach: dict[tuple[bool, bool], Reach] = {}
        self._strong: dict[tuple[bool, bool], tuple[dict[int, int], int]] = {}

    @classmethod
    def of(cls, board: Board) -> StaticLinks:
        """The links of a board, remembered for the next rule that asks about it."""
        state = (tuple(board.masks), tuple(board.digits))
        if _LAST[0] != state:
            _LAST[:] = [state, cls(board.masks, [board.cells_of(d) for d in range(1, 10)])]
        found = _LAST[1]
        assert isinstance(found, StaticLinks)
        return found

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

    def strong(self, cell_links: bool, house_links: bool) -> tuple[dict[int, int], int]:
        """What each "off" turns on with these links (``turned_on``), for the slots that
        turn something on, and those slots as a bit set."""
        found = self._strong.get((cell_links, house_links))
        if found is None:
            links: dict[int, int] = {}
            if house_links:
                links.update(self.house_strong)
            if cell_links:
                for slot, other in self.cell_strong.items():
                    links[slot] = links.get(slot, 0) | other
            bits = 0
            for slot in links:
                bits |= 1 << slot
            found = self._strong[cell_links, house_links] = (links, bits)
        return found

    def chain_complexity(
        self, slot: int, on: bool, cell_links: bool, limit: int = 1 << 30, house_links: bool = True
    ) -> int | None:
        """The potentials of the shortest chain from ``slot`` (on or off) to its opposite,
        both ends counted; None if there is none of ``limit`` potentials or fewer."""
        weak = WEAK if cell_links else SAME_DIGIT_PEERS
        strong, strong_bits = self.strong(cell_links, house_links)
        cands = self.cands
        source = 1 << slot
        seen_on = frontier_on = source if on else 0
        seen_off = frontier_off = 0 if on else source
        links = 0
        while (frontier_on or frontier_off) and links + 1 < limit:
            links += 1
            if frontier_on:
                new = 0
                while frontier_on:
                    low = frontier_on & -frontier_on
                    frontier_on ^= low
                    new |= weak[low.bit_length() - 1]
                new &= cands
                if on and new & source:
                    return links + 1
                frontier_off = new & ~seen_off
                seen_off |= frontier_off
            else:
                new = 0
                rest = frontier_off & strong_bits
                while rest:
                    low = rest & -rest
                    rest ^= low
                    new |= strong[low.bit_length() - 1]
                if not on and new & source:
                    return links + 1
                frontier_on = new & ~seen_on
                seen_on |= frontier_on
                frontier_off = 0
        return None

    def reach(self, cell_links: bool, house_links: bool) -> Reach:
        """The implication graph's strongly connected components (Tarjan's algorithm) and
        what each reaches: node -> component, each component's nodes, component -> the
        nodes it reaches (itself included). A node is a slot's "off" (bit ``slot``) or its
        "on" (bit ``ON + slot``).

        An "off" that turns nothing on (no strong link) is a component of its own that
        reaches only itself: it has no number, and is in the reach of every "on" that
        turns it off without being a node of the search."""
        found = self._reach.get((cell_links, house_links))
        if found is None:
            found = self._reach[cell_links, house_links] = _reach_of(self, cell_links, house_links)
        return found

    def closure_keys(self, slot: int) -> int:
        """Every potential the static links lead to from ``slot`` on, as nodes."""
        component, _, reach = self.reach(True, True)
        return reach[component[ON + slot]]

    def forcing_sources(
        self, cell_links: bool, house_links: bool
    ) -> tuple[set[tuple[int, bool]], int]:
        """The (slot, state) assumptions from which the static links lead to the opposite
        state: every forcing chain's start. Found from the reach of each strongly
        connected component of the implication graph (Tarjan's algorithm), not a search
        per assumption. A loop that removes candidate z makes a chain from z on to z off,
        so no chain means no loop either.

        Also the slots whose "on" may lie on a loop that removes something: a loop lies
        in one component, and what it removes sees one of its "ons" and one of its
        "offs" with the same digit."""
        component, members, reach = self.reach(cell_links, house_links)
        found: set[tuple[int, bool]] = set()
        for slot in _bits(self.cands):
            if reach[component[ON + slot]] >> slot & 1:
                found.add((slot, True))
            number = component.get(slot)
            if number is not None and reach[number] >> (ON + slot) & 1:
                found.add((slot, False))
        if not found:
            return found, 0
        on_loops = 0
        for nodes in members:
            if nodes.bit_count() < 4:
                continue
            seen_on = seen_off = 0
            ons = nodes >> ON
            for slot in _bits(ons):
                seen_on |= SAME_DIGIT_PEERS[slot]
            for slot in _bits(nodes & _ALL):
                seen_off |= SAME_DIGIT_PEERS[slot]
            if seen_on & seen_off & self.cands:
                on_loops |= ons
        return found, on_loops

    def cycle_length(
        self, slot: int, cell_links: bool, house_links: bool, limit: int = 1 << 30
    ) -> int | None:
        """A lower bound on the potentials of any loop through ``slot`` on (four or more):
        the loop leaves ``slot`` on, reaches some "on" b, turns off a candidate c whose
        "off" turns ``slot`` on again. "Ons" are reached at their breadth-first depth; the
        last two links need b to turn off one of ``slot``'s strong partners c."""
        weak = WEAK if cell_links else SAME_DIGIT_PEERS
        strong, strong_bits = self.strong(cell_links, house_links)
        cands = self.cands
        source = 1 << slot
        partners = strong.get(slot, 0)  # the c: their off turns s on
        closers = 0  # the b: an "on" that turns off some c
        for c in _bits(partners):
            closers |= weak[c] & cands
        seen_on = frontier_on = source
        seen_off = 0
        depth = 0
        while frontier_on and depth + 2 <= limit:
            if depth >= 2 and frontier_on & closers:
                return depth + 2
            new = 0
            while frontier_on:
                low = frontier_on & -frontier_on
                frontier_on ^= low
                new |= weak[low.bit_length() - 1]
            frontier_off = new & cands & ~seen_off
            seen_off |= frontier_off
            new = 0
            rest = frontier_off & strong_bits
            while rest:
                low = rest & -rest
                rest ^= low
                new |= strong[low.bit_length() - 1]
            depth += 2
            frontier_on = new & ~seen_on
            seen_on |= frontier_on
        return None


ON: Final = 1024  # a slot's "on" as a node of the implication graph: bit ON + slot
Reach = tuple[dict[int, int], list[int], list[int]]


def _reach_of(links: StaticLinks, cell_links: bool, house_links: bool) -> Reach:
    """``StaticLinks.reach``: Tarjan's algorithm without recursion over the "ons" and the
    "offs" that turn something on; each component's reach is made as it is found (its
    successors' components are found before it)."""
    successors: dict[int, int] = {}  # node -> the nodes it implies that are searched
    sinks: dict[int, int] = {}  # an "on" -> every "off" it implies
    strong, strong_bits = links.strong(cell_links, house_links)
    for slot in _bits(strong_bits):
        successors[slot] = strong[slot] << ON
    weak = WEAK if cell_links else SAME_DIGIT_PEERS
    cands = links.cands
    for slot in _bits(cands):
        off = weak[slot] & cands
        sinks[ON + slot] = off
        successors[ON + slot] = off & strong_bits
    return _components(successors, sinks)


def _components(successors: dict[int, int], sinks: dict[int, int]) -> Reach:
    """Tarjan's algorithm without recursion on a graph given as node -> bit set of
    successors; a component's reach is its nodes, the ``sinks`` of its nodes, and its
    successors' reach (numbered so that a component's successors come before it).
    Nodes are numbered by discovery from 1 (0: not seen yet); a node whose component is
    made gets an index above every other, so that it lowers nobody's."""
    index = [0] * (ON + 810)
    low = [0] * (ON + 810)
    count = 0
    stack: list[int] = []
    found: Reach = ({}, [], [])
    for root, firsts in successors.items():
        if index[root]:
            continue
        count += 1
        index[root] = low[root] = count
        stack.append(root)
        path = [root]  # the depth-first path, and the successors left at each node
        left = [firsts]
        while path:
            rest = left[-1]
            node = path[-1]
            if rest:
                bit = rest & -rest
                left[-1] = rest ^ bit
                other = bit.bit_length() - 1
                seen = index[other]
                if not seen:
                    count += 1
                    index[other] = low[other] = count
                    stack.append(other)
                    path.append(other)
                    left.append(successors[other])
                elif seen < low[node]:
                    low[node] = seen
                continue
            path.pop()
            left.pop()
            lowest = low[node]
            if path and lowest < low[path[-1]]:
                low[path[-1]] = lowest
            if lowest == index[node]:
                _pop_component(node, stack, (successors, sinks), found, index)
    return found


_MADE: Final = 1 << 30  # the index of a node whose component is made


def _pop_component(
    node: int,
    stack: list[int],
    graph: tuple[dict[int, int], dict[int, int]],
    found: Reach,
    index: list[int],
) -> None:
    """Take a component off Tarjan's stack, down to ``node``; number it and make its
    reach (``graph``: the successors and the sinks of each node)."""
    successors, sinks = graph
    component, members, reach = found
    number = len(members)
    nodes = out = 0
    while True:
        member = stack.pop()
        component[member] = number
        index[member] = _MADE
        nodes |= 1 << member
        out |= successors[member]
        if member == node:
            break
    total = nodes
    ons = nodes >> ON
    while ons:
        low = ons & -ons
        ons ^= low
        total |= sinks[ON - 1 + low.bit_length()]
    out &= ~nodes
    while out:
        low = out & -out
        out ^= low
        total |= reach[component[low.bit_length() - 1]]
    members.append(nodes)
    reach.append(total)


_LAST: list[object] = [None, None]  # the last board StaticLinks.of was asked about


def static_cells(board: Board) -> list[int]:
    """The cells where Multiple Forcing Chains (static) may find a step: a cell of three
    or more candidates whose candidates all lead to one conclusion, or the first place
    (in a cell of three or more) of a digit in a house whose places all do. A chain's
    closure is the reach of its assumption in the implication graph."""
    places = [board.cells_of(d) for d in range(1, 10)]
    return static_cells_of(board.masks, places, StaticLinks.of(board))


def static_cells_of(masks: Sequence[int], places: Sequence[int], links: StaticLinks) -> list[int]:
    """``static_cells`` of a grid given as its cells' masks and each digit's cells."""
    component, _, reach = links.reach(True, True)

    def closure(slot: int) -> int:
        return reach[component[ON + slot]]

    found: list[int] = []
    for cell in range(81):
        mask = masks[cell]
        if mask.bit_count() < 3:
            continue
        common = -1
        for digit in DIGITS_OF[mask]:
            common &= closure(10 * cell + digit - 1)
        if common or _region_common(places, cell, mask, closure):
            found.append(cell)
    return found


def _region_common(
    digit_cells: Sequence[int], cell: int, mask: int, closure: Callable[[int], int]
) -> bool:
    """Whether, for a digit of ``cell`` and a house where ``cell`` is its first place
    of two or more, every place's closure shares something."""
    first = 1 << cell
    for digit in DIGITS_OF[mask]:
        cells = digit_cells[digit - 1]
        for house in _HOUSES[cell]:
            places = cells & UNIT_BITS[house]
            if places & -places != first or places == first:
                continue
            common = -1
            for place in cells_in(places):
                common &= closure(10 * place + digit - 1)
            if common:
                return True
    return False


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
    houses = [h for h, bits in enumerate(UNIT_BITS) if places & bits]
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
