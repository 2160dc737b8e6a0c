"""Sudoku Explainer's rule "Unique Rectangle / Loop" (core layer, logic techniques;
Sukaku Explainer's ``UniqueLoops.java``): Unique Rectangles types 1-5 and Unique Loops,
every step of the rule in SE's order (``unique_loop_steps``). See the package's
docstring for the rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from ...board import Board
from ...glossary import (
    DIGITS_OF,
    HOUSE_BITS,
    HOUSES,
    PEER_BITS,
    SE_HOUSES_OF,
    Candidate,
    cell_list,
    cell_set,
    cells_in,
)
from ...grid import cell_name, house_name
from ...steps import Step, Technique, digits_text, names, removals_text
from .patterns import (
    SET_NAMES,
    Masks,
    colex_groups,
    digit_cells,
    shared_houses,
    uniqueness_technique,
)

# Sudoku Explainer's "Unique Rectangle / Loop" rule, one group: 4.5 for a rectangle, 4.6-5.0
# for longer loops, type 3 more by the size of its set (each step carries its rating)
_UR = "unique-loops"
UNIQUE_RECTANGLE = uniqueness_technique("unique-rectangle", "Unique Rectangle Type 1", 4.5, _UR)
UNIQUE_RECTANGLE_2 = uniqueness_technique("unique-rectangle-2", "Unique Rectangle Type 2", 4.5, _UR)
# HoDoKu's name for SE's type 2 with the extra cells on a diagonal, or three of them
UNIQUE_RECTANGLE_5 = uniqueness_technique("unique-rectangle-5", "Unique Rectangle Type 5", 4.5, _UR)
UNIQUE_RECTANGLE_4 = uniqueness_technique("unique-rectangle-4", "Unique Rectangle Type 4", 4.5, _UR)
UNIQUE_RECTANGLE_3 = uniqueness_technique("unique-rectangle-3", "Unique Rectangle Type 3", 4.5, _UR)
UNIQUE_LOOP = uniqueness_technique("unique-loop", "Unique Loop", 4.6, _UR)


def _pattern(cells: Sequence[int], pair: int) -> tuple[Candidate, ...]:
    return tuple((c, d) for c in cells for d in DIGITS_OF[pair])


# --- Unique Rectangles and Unique Loops: Sudoku Explainer's rule --------------------------


def loop_rating(size: int) -> float:
    """SE's rating of a unique loop of ``size`` cells (before a type 3's set), computed as SE
    adds it up: the floating-point sums decide SE's order between equal-looking ratings."""
    rating = 4.5
    if size >= 10:
        rating += 0.3
    if size >= 8:
        rating += 0.2
    elif size >= 6:
        rating += 0.1
    return rating


def _loops_from(masks: Masks, start: int, members: int, earlier: int) -> list[tuple[int, ...]]:
    """The unique loops through ``start`` (a cell holding just the loop's pair), in the
    order Sudoku Explainer's depth-first search meets them: from each cell, along its
    box, row, column (never the same kind of house twice in a row), to the cells of that
    house in order. ``members``: the cells holding both digits of the pair.

    Cells with more than the pair: at most two, or any number if their extra digits are
    all the same one digit. Paths that cannot close into a loop are cut at once: a house
    with three of its cells, or two at places of the same parity; and paths through
    ``earlier`` cells (the pair's cells before ``start``, whose loops SE met already). The
    loops left keep SE's order."""
    pair = masks[start]
    start_bit = 1 << start
    exact = _holding_just(masks, members, pair)  # member cells holding just the pair
    members &= ~earlier
    found: list[tuple[int, ...]] = []
    path = [start]

    def walk(
        cell: int, last_kind: int, extra: tuple[int, int], taken: int, parity: _Parity
    ) -> None:
        """Extend the path from ``cell`` (reached along a house of kind ``last_kind``);
        ``extra``: how many more cells with other extra digits it may take, and the extra
        digits it holds; ``taken``: its cells; ``parity``: see ``_Parity``."""
        allowed, extras = extra
        once, odd_once, even, odd = parity
        pool = members & ~taken
        if allowed <= 0:  # no more cells with other extra digits
            one_more = extras.bit_count() == 1  # cells with just that one may still join
            pool &= exact | (_holding_just(masks, pool, pair | extras) if one_more else 0)
        # every house with one cell of the path needs another, at the other parity
        houses_left = once
        while houses_left:
            low = houses_left & -houses_left
            if not pool & HOUSE_BITS[low.bit_length() - 1] & ~(even if odd_once & low else odd):
                return
            houses_left ^= low
        place = len(path) & 1
        closing = len(path) >= 4
        free = pool & ~(odd if place else even)
        houses = SE_HOUSES_OF[cell]
        for kind in _OTHER_KINDS[last_kind]:
            house_bits = HOUSE_BITS[houses[kind]]
            for nxt in cells_in(free & house_bits | (start_bit & house_bits if closing else 0)):
                if nxt == start:
                    if not once:  # every house of the loop holds two of its cells
                        found.append(tuple(path))
                    continue
                mask = masks[nxt]
                new_once, new_odd, new_even, new_odd_bar = once, odd_once, even, odd
                for u in SE_HOUSES_OF[nxt]:
                    if new_once >> u & 1:  # the house's second cell: closed to any other
                        new_once ^= 1 << u
                        new_odd &= ~(1 << u)
                        new_even |= HOUSE_BITS[u]
                        new_odd_bar |= HOUSE_BITS[u]
                    else:  # its first: the next must sit at the other parity
                        new_once |= 1 << u
                        if place:
                            new_odd |= 1 << u
                            new_odd_bar |= HOUSE_BITS[u]
                        else:
                            new_even |= HOUSE_BITS[u]
                path.append(nxt)
                walk(
                    nxt,
                    kind,
                    (allowed - (mask != pair), extras | (mask & ~pair)),
                    taken | 1 << nxt,
                    (new_once, new_odd, new_even, new_odd_bar),
                )
                path.pop()

    first_houses = SE_HOUSES_OF[start]
    barred_even = (
        HOUSE_BITS[first_houses[0]] | HOUSE_BITS[first_houses[1]] | HOUSE_BITS[first_houses[2]]
    )
    once = (1 << first_houses[0]) | (1 << first_houses[1]) | (1 << first_houses[2])
    walk(start, -1, (2, 0), start_bit, (once, 0, barred_even, 0))
    return found


#: a unique-loop path's houses: those (bits 0-26) with one cell of the path, those of them
#: whose cell sits at an odd place, and the cells barred from an even / an odd place
_Parity = tuple[int, int, int, int]
#: the kinds of house (box, row, column) a path may go on along after one of a kind (-1: none)
_OTHER_KINDS: Final = {-1: (0, 1, 2), 0: (1, 2), 1: (0, 2), 2: (0, 1)}


def _holding_just(masks: Masks, cells: int, mask: int) -> int:
    """Those of ``cells`` whose candidates are exactly ``mask``."""
    out = 0
    for c in cells_in(cells):
        if masks[c] == mask:
            out |= 1 << c
    return out


_Identity = tuple[int, *tuple[object, ...]]  # a step's type (1-4), then what tells it apart


class _Marks(NamedTuple):
    """What a step shows: the candidates it removes, its pattern, the other side of it
    (the candidates that rescue the loop), the houses involved."""

    eliminations: Sequence[Candidate]
    pattern: Sequence[Candidate]
    alternate: Sequence[Candidate] = ()
    houses: Sequence[int] = ()


class _LoopHints:
    """Collects one position's unique-loop steps with their SE sort key, without repeats."""

    def __init__(self, masks: Masks) -> None:
        self.masks = masks
        self.cells_of = digit_cells(masks)
        self.keyed: list[tuple[float, int, int, Step]] = []
        self.seen: set[_Identity] = set()
        # the loop at hand
        self.loop_cells: tuple[int, ...] = ()
        self.pair = 0
        self.rating = 0.0
        self.extra_cells: list[int] = []  # its cells with more than the pair
        self.extra = 0  # the digits they hold beside the pair

    def add(
        self, identity: _Identity, rating: float, technique: Technique, text: str, marks: _Marks
    ) -> None:
        """A step, unless one of the same ``identity`` was added: its type (1-4) first."""
        self.seen.add(identity)
        eliminations = tuple(sorted(marks.eliminations))
        step = Step(
            technique,
            f"{text}: {removals_text(eliminations)}",
            eliminations=eliminations,
            pattern=tuple(marks.pattern),
            alternate=tuple(marks.alternate),
            houses=tuple(marks.houses),
            rating=round(rating, 1),
        )
        self.keyed.append((rating, identity[0], len(self.keyed), step))

    @property
    def shown_cells(self) -> list[int]:
        """The loop's cells as the step shows them: a rectangle's in order, a loop's
        around the loop."""
        return sorted(self.loop_cells) if len(self.loop_cells) == 4 else list(self.loop_cells)

    def where(self, kind: str) -> str:
        """``Unique Rectangle Type 2 4/7 in r1c1, r1c4, r2c1, r2c4``."""
        name = "Unique Rectangle" if len(self.loop_cells) == 4 else "Unique Loop"
        return f"{name} {kind} {digits_text(DIGITS_OF[self.pair])} in {names(self.shown_cells)}"

    def pattern(self) -> tuple[Candidate, ...]:
        return _pattern(self.shown_cells, self.pair)

    def loop(self, loop: tuple[int, ...]) -> None:
        """Every step of one unique loop (SE's types 1-4)."""
        masks = self.masks
        pair = masks[loop[0]]
        self.loop_cells, self.pair = loop, pair
        self.rating = loop_rating(len(loop))
        key = frozenset(loop)
        extra_cells = [c for c in loop if masks[c] != pair]
        if len(extra_cells) == 1:
            rescue = extra_cells[0]
            if (1, key) not in self.seen:
                self.add(
                    (1, key),
                    self.rating,
                    UNIQUE_RECTANGLE if len(loop) == 4 else UNIQUE_LOOP,
                    self.where("Type 1"),
                    _Marks(
                        [(rescue, d) for d in DIGITS_OF[pair]],
                        tuple(p for p in self.pattern() if p[0] != rescue),
                    ),
                )
            return
        extra = 0
        for c in extra_cells:
            extra |= masks[c] & ~pair
        self.extra_cells, self.extra = extra_cells, extra
        if extra.bit_count() == 1:
            self._type_2(key, extra_cells, extra)
        elif len(extra_cells) == 2:
            self._type_3(key)
        if len(extra_cells) == 2:
            self._type_4(key, extra_cells)

    def _type_2(self, key: frozenset[int], extra_cells: list[int], extra: int) -> None:
        if (2, key) in self.seen:
            return
        z = extra.bit_length()
        seen = self.cells_of[z - 1]
        for c in extra_cells:
            seen &= PEER_BITS[c]
        if not seen:
            return
        technique, kind = UNIQUE_LOOP, "Type 2"
        if len(self.loop_cells) == 4:
            a, b = extra_cells[0], extra_cells[-1]
            in_line = len(extra_cells) == 2 and (a // 9 == b // 9 or a % 9 == b % 9)
            technique, kind = (
                (UNIQUE_RECTANGLE_2, "Type 2") if in_line else (UNIQUE_RECTANGLE_5, "Type 5")
            )
        rescue = sorted(extra_cells)
        self.add(
            (2, key),
            self.rating,
            technique,
            f"{self.where(kind)} ({z} in {' or '.join(map(cell_name, rescue))})",
            _Marks([(c, z) for c in cell_list(seen)], self.pattern(), [(c, z) for c in rescue]),
        )

    def _type_3(self, key: frozenset[int]) -> None:
        """The extra digits of the two extra cells act as one cell (one of them holds
        one) in a house both share: a naked set with other cells of the house, or, with
        the pair's digits, a hidden set. SE looks by growing size, then box, row, column;
        within those, through the sets in colexicographic order."""
        masks, pair, extra = self.masks, self.pair, self.extra
        c1, c2 = self.extra_cells
        houses = shared_houses(c1, c2)
        if not houses:
            return
        width = extra.bit_count()
        others_of = {}  # per house, the open cells that may join a naked set
        empties = {}
        for u in houses:
            open_cells = [c for c in HOUSES[u] if masks[c]]
            empties[u] = len(open_cells)
            others_of[u] = [c for c in open_cells if c not in (c1, c2) and masks[c].bit_count() > 1]
        rest = [d for d in range(1, 10) if not (pair | extra) >> (d - 1) & 1]
        # per house with room for a hidden pair or more, the digits that may join one
        hidden_of = {u: self._hidden_choices(u, rest) for u in houses if empties[u] > 4}
        for degree in range(2, 8):
            for u in houses:
                if degree * 2 <= empties[u] and degree >= width:
                    self._naked_type_3(key, u, degree, others_of[u])
                if degree * 2 < empties[u] and degree - 2 <= len(rest):
                    self._hidden_type_3(key, u, degree, hidden_of[u])

    def _naked_type_3(self, key: frozenset[int], u: int, degree: int, others: list[int]) -> None:
        """Type 3 with a naked set of ``degree`` digits in house ``u``: the extra cells and
        ``degree - 1`` of ``others``."""
        masks = self.masks
        c1, c2 = self.extra_cells
        common = self.extra & masks[c1] & masks[c2]
        both = (1 << c1) | (1 << c2)
        for group, naked in colex_groups(others, masks, degree - 1, self.extra, degree):
            if naked.bit_count() != degree:
                continue
            digits = 0
            for c in group:
                digits |= masks[c]
            if (digits | common).bit_count() != degree:
                continue
            identity = (3, key, "naked", u, naked, group)
            if identity in self.seen:
                continue
            removed = [
                (c, d)
                for c in cell_list(HOUSE_BITS[u] & ~both & ~cell_set(group))
                for d in DIGITS_OF[masks[c] & naked]
            ]
            if removed:
                set_pattern = tuple((c, d) for c in group for d in DIGITS_OF[masks[c]])
                self._add_type_3(identity, removed, set_pattern)

    def _hidden_choices(self, u: int, rest: list[int]) -> tuple[list[int], dict[int, int], int]:
        """What a hidden set in house ``u`` is made of: the digits of ``rest`` (neither in
        the pair nor extra) with a place there, those places, and the pair's places (the
        second extra cell left out: the two act as one cell)."""
        house_bits = HOUSE_BITS[u] & ~(1 << self.extra_cells[1])
        spots_of = [self.cells_of[d - 1] & house_bits for d in rest]
        start = 0
        for d in DIGITS_OF[self.pair]:
            start |= self.cells_of[d - 1] & house_bits
        choices = [(d, sp) for d, sp in zip(rest, spots_of, strict=True) if sp]
        return [d for d, _ in choices], dict(choices), start

    def _hidden_type_3(
        self,
        key: frozenset[int],
        u: int,
        degree: int,
        choices: tuple[list[int], dict[int, int], int],
    ) -> None:
        """Type 3 with a hidden set of ``degree`` digits in house ``u``: the pair's and
        ``degree - 2`` of the others (``choices``: see ``_hidden_choices``)."""
        masks, pair = self.masks, self.pair
        c1 = self.extra_cells[0]
        digits, places_of, start = choices
        for chosen, places in colex_groups(digits, places_of, degree - 2, start, degree):
            if places.bit_count() != degree:
                continue
            hidden = tuple(cell_list(places & ~(1 << c1)))
            keep = pair
            for d in chosen:
                keep |= 1 << (d - 1)
            identity = (3, key, "hidden", u, keep, hidden)
            if identity in self.seen:
                continue
            removed = [(c, d) for c in hidden for d in DIGITS_OF[masks[c] & ~keep]]
            if removed:
                set_pattern = tuple((c, d) for c in hidden for d in DIGITS_OF[masks[c] & keep])
                self._add_type_3(identity, removed, set_pattern)

    def _add_type_3(
        self,
        identity: tuple[int, frozenset[int], str, int, int, tuple[int, ...]],
        removed: list[Candidate],
        set_pattern: tuple[Candidate, ...],
    ) -> None:
        """The step of a type 3 whose set (``identity``: its kind, naked or hidden, house,
        digits and cells) removes ``removed``; its cells' candidates ``set_pattern``."""
        _, _, kind, house, digits, group = identity
        steps = len(group) - (kind == "hidden")  # the set's size beyond the extra cells'
        rescue = sorted(self.extra_cells)
        extra = self.extra
        technique = UNIQUE_RECTANGLE_3 if len(self.loop_cells) == 4 else UNIQUE_LOOP
        self.add(
            identity,
            self.rating + steps * 0.1,
            technique,
            f"{self.where('Type 3')} ({digits_text(DIGITS_OF[extra])} in "
            f"{' or '.join(map(cell_name, rescue))}, {kind} "
            f"{SET_NAMES[digits.bit_count()]} {digits_text(DIGITS_OF[digits])} with "
            f"{names(group)} in {house_name(house)})",
            _Marks(
                removed,
                self.pattern() + set_pattern,
                [(c, d) for c in rescue for d in DIGITS_OF[self.masks[c] & extra]],
                (house,),
            ),
        )

    def _type_4(self, key: frozenset[int], extra_cells: list[int]) -> None:
        """In a house both extra cells share, one digit of the pair goes only there: one of
        them is that digit, so neither can be the other digit (SE prefers to lock the
        smaller digit, and names the last such house in box, row, column order)."""
        if (4, key) in self.seen:
            return
        c1, c2 = extra_cells
        both = (1 << c1) | (1 << c2)
        locked: dict[int, int] = {}
        for u in shared_houses(c1, c2):
            for d in DIGITS_OF[self.pair]:
                if self.cells_of[d - 1] & HOUSE_BITS[u] & ~both == 0:
                    locked[d] = u
        if not locked:
            return
        lock = min(locked)
        other = DIGITS_OF[self.pair & ~(1 << (lock - 1))][0]
        technique = UNIQUE_RECTANGLE_4 if len(self.loop_cells) == 4 else UNIQUE_LOOP
        pair_cells = sorted(extra_cells)
        self.add(
            (4, key),
            self.rating,
            technique,
            f"{self.where('Type 4')} ({lock} only in {names(pair_cells)} in "
            f"{house_name(locked[lock])})",
            _Marks(
                [(c, other) for c in pair_cells],
                tuple(p for p in self.pattern() if p[0] not in extra_cells or p[1] == lock),
                houses=(locked[lock],),
            ),
        )

    def steps(self) -> tuple[Step, ...]:
        return tuple(step for *_, step in sorted(self.keyed, key=lambda k: k[:3]))


_LOOPS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}


def _remembered_loops(masks: Masks, start: int, members: int) -> list[tuple[int, ...]]:
    """``_loops_from(masks, start, members, earlier)`` with ``members`` already without
    the ``earlier`` cells, remembered: the search looks at nothing but the candidates of
    ``members`` (which cells hold just the pair, which more, and what more), so the loops
    are the same wherever those are."""
    key = (start, members, *[masks[c] for c in cells_in(members)])
    found = _LOOPS.get(key)
    if found is None:
        if len(_LOOPS) > 20_000:
            _LOOPS.clear()
        found = _LOOPS[key] = _loops_from(masks, start, members, 0)
    return found


@lru_cache(maxsize=16)
def unique_loop_steps(masks: Masks) -> tuple[Step, ...]:
    """Every step of SE's rule "Unique Rectangle / Loop" on a position, in SE's order:
    by rating, then type (1-4), then as SE's search meets them (starting cells in
    order). The finders of the rule's techniques each pick theirs; the engine asks them
    one after another on the same position, so the answer is remembered."""
    hints = _LoopHints(masks)
    cells_of = digit_cells(masks)
    earlier: dict[int, int] = {}  # per pair, its cells before the start cell
    for start in range(81):
        pair = masks[start]
        if pair.bit_count() != 2:
            continue
        x, y = DIGITS_OF[pair]
        members = cells_of[x - 1] & cells_of[y - 1]
        for loop in _remembered_loops(masks, start, members & ~earlier.get(pair, 0)):
            hints.loop(loop)
        earlier[pair] = earlier.get(pair, 0) | 1 << start
    return hints.steps()


def unique_rectangles_and_loops(board: Board) -> Iterator[Step]:
    """Sudoku Explainer's rule "Unique Rectangle / Loop": every step of its types (Unique
    Rectangle Types 1-5, Unique Loops) in SE's order, the easiest first. The rule's
    techniques form one group, all with this finder: the engine takes its first step of
    an enabled technique.

    Type 1: every cell of the loop but one holds just x/y; that one cannot be x or y.
    Type 2 (a rectangle's Type 5 off a line): the extra cells hold one same extra digit z;
    one of them is z, and z leaves the cells that see them all. Type 3: two extra cells
    in a house; one of them holds an extra digit, so the two act as one cell of those
    digits, which with other cells of the house makes a naked set (or, with x and y, a
    hidden set). Type 4: two extra cells in a house, and x goes only there in that house:
    one of them is x, so neither is y."""
    return iter(unique_loop_steps(tuple(board.masks)))
