"""Uniqueness techniques (core layer, logic techniques).

Every technique here assumes the puzzle has exactly one solution; the engine uses them
only once ``count_solutions`` has proved it. Each avoids a *deadly pattern*: a set of
cells whose digits could be swapped without breaking a rule, which would give a second
solution.

Sudoku Explainer's rule "Unique Rectangle / Loop" (Sukaku Explainer's
``UniqueLoops.java``): two digits x/y in a loop of 4, 6, 8, ... cells, consecutive cells
sharing a unit, every unit holding none of the loop's cells or two of them (one at an
even place, one at an odd place). If every cell of such a loop held just x/y, x and y
could be swapped around it: so the cells with more candidates ("extra" cells) keep the
puzzle unique, and one of them takes an extra digit. Types 1-4 by what the extra cells
hold; a 4-cell loop is a Unique Rectangle. Ratings as SE: 4.5 for a rectangle, 4.6 for
a loop of 6, 4.7 of 8, 5.0 of 10 or more; type 3 adds 0.1 per digit of its naked set
beyond the first (a pair: 0.1), or per digit of its hidden set beyond the second (a
pair: nothing). SE sorts the rule's steps by rating, then type, then as its search met
them; ``unique_loop_steps`` gives them in that order, and the rule's techniques form one
group whose finder yields them so. On 6,000 positions from real puzzles, the first step
here and Sukaku Explainer's first hint of the rule were the same (eliminations
included), and so for the BUG rule on 3,000.

Sudoku Explainer's rule "Bivalue Universal Grave" (``BivalueUniversalGrave.java``):
every open cell with two candidates, and every digit with two places or none in every
unit, is a BUG, a deadly pattern. The cells with more candidates ("BUG cells") and the
digits that break the count in their units ("BUG digits"): at least one BUG cell holds
its BUG digit. Type 1 (BUG+1): one BUG cell, which keeps only its BUG digits, 5.6. Type
2: one BUG digit: it leaves every cell that sees all BUG cells, 5.7. Type 4: two BUG
cells in a unit that share one other digit, 5.7. Type 3: the BUG digits act as one cell
of a naked set in a unit the BUG cells share, 5.7 + 0.1 per digit of the set beyond the
first. SE tries them in the order 1, 2, 4, 3 and takes the first step found.

HoDoKu's further rectangles, which SE does not have (ratings proposed on SE's scale):
Unique Rectangle Type 5 (two diagonal or three cells of a rectangle with the same one
extra digit) is SE's type 2 and rated so; Type 6 (two diagonal cells x/y, and x only in
the rectangle in both its rows or both its columns), Hidden Unique Rectangle (one corner
x/y, and x only in the rectangle in the row and the column of the opposite corner), and
Avoidable Rectangles, which need to know the givens (``Board.givens``): a deadly pattern
made of digits the solver placed (no givens) is as impossible as one of candidates.
They come last in the engine's order: placed right after SE's rule, they stood in for
harder steps SE takes and rated the SE-rated set lower than SE (exact agreement on
SE 4.4-6.2: 755 of 1,228 right after the rule, 763 without them; above 6.2, on every
8th puzzle: 220 of 323 against 229).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final, NamedTuple

from ..board import COL_BITS, PEER_BITS, ROW_BITS, UNIT_BITS, Board, cell_list, cells_in
from ..candidates import DIGITS_OF
from ..grid import UNITS, box_of, cell_name, house_name
from ..steps import (
    AVOIDABLE_RECTANGLE,
    AVOIDABLE_RECTANGLE_2,
    BUG_PLUS_ONE,
    BUG_TYPE_2,
    BUG_TYPE_3,
    BUG_TYPE_4,
    HIDDEN_UNIQUE_RECTANGLE,
    HIDDEN_UNIQUE_RECTANGLE_MISSING,
    UNIQUE_LOOP,
    UNIQUE_RECTANGLE,
    UNIQUE_RECTANGLE_2,
    UNIQUE_RECTANGLE_2_MISSING,
    UNIQUE_RECTANGLE_3,
    UNIQUE_RECTANGLE_3_MISSING,
    UNIQUE_RECTANGLE_4,
    UNIQUE_RECTANGLE_4_MISSING,
    UNIQUE_RECTANGLE_5,
    UNIQUE_RECTANGLE_5_MISSING,
    UNIQUE_RECTANGLE_6,
    UNIQUE_RECTANGLE_6_MISSING,
    UNIQUE_RECTANGLE_MISSING,
    Candidate,
    Step,
    Technique,
    digits_text,
    names,
    removals_text,
)

Masks = tuple[int, ...]

#: each cell's units in Sudoku Explainer's order (box, row, column), as indices into UNITS
SE_UNITS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (18 + box_of(c), c // 9, 9 + c % 9) for c in range(81)
)
_SET_NAMES: Final = ("", "", "pair", "triple", "quad", "quintuple", "sextuple", "septuple")


def _rectangles() -> tuple[tuple[int, int, int, int], ...]:
    """Every rectangle of four cells in two rows, two columns and two boxes, as corners
    (a, b, c, d): a and b in the first row, c under a, d under b."""
    out = []
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            if (r1 // 3 == r2 // 3) != (c1 // 3 == c2 // 3):  # two boxes, not one or four
                out.append((9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2))
    return tuple(out)


RECTANGLES: Final = _rectangles()


def _pattern(cells: Sequence[int], pair: int) -> tuple[Candidate, ...]:
    return tuple((c, d) for c in cells for d in DIGITS_OF[pair])


def _bits(cells: Sequence[int]) -> int:
    out = 0
    for c in cells:
        out |= 1 << c
    return out


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
    box, row, column (never the same kind of unit twice in a row), to the cells of that
    unit in order. ``members``: the cells holding both digits of the pair.

    Cells with more than the pair: at most two, or any number if their extra digits are
    all the same one digit. Paths that cannot close into a loop are cut at once: a unit
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
        """Extend the path from ``cell`` (reached along a unit of kind ``last_kind``);
        ``extra``: how many more cells with other extra digits it may take, and the extra
        digits it holds; ``taken``: its cells; ``parity``: see ``_Parity``."""
        allowed, extras = extra
        once, odd_once, even, odd = parity
        pool = members & ~taken
        if allowed <= 0:  # no more cells with other extra digits
            one_more = extras.bit_count() == 1  # cells with just that one may still join
            pool &= exact | (_holding_just(masks, pool, pair | extras) if one_more else 0)
        # every unit with one cell of the path needs another, at the other parity
        units_left = once
        while units_left:
            low = units_left & -units_left
            if not pool & UNIT_BITS[low.bit_length() - 1] & ~(even if odd_once & low else odd):
                return
            units_left ^= low
        place = len(path) & 1
        closing = len(path) >= 4
        free = pool & ~(odd if place else even)
        units = SE_UNITS[cell]
        for kind in _OTHER_KINDS[last_kind]:
            unit_bits = UNIT_BITS[units[kind]]
            for nxt in cells_in(free & unit_bits | (start_bit & unit_bits if closing else 0)):
                if nxt == start:
                    if not once:  # every unit of the loop holds two of its cells
                        found.append(tuple(path))
                    continue
                mask = masks[nxt]
                new_once, new_odd, new_even, new_odd_bar = once, odd_once, even, odd
                for u in SE_UNITS[nxt]:
                    if new_once >> u & 1:  # the unit's second cell: closed to any other
                        new_once ^= 1 << u
                        new_odd &= ~(1 << u)
                        new_even |= UNIT_BITS[u]
                        new_odd_bar |= UNIT_BITS[u]
                    else:  # its first: the next must sit at the other parity
                        new_once |= 1 << u
                        if place:
                            new_odd |= 1 << u
                            new_odd_bar |= UNIT_BITS[u]
                        else:
                            new_even |= UNIT_BITS[u]
                path.append(nxt)
                walk(
                    nxt,
                    kind,
                    (allowed - (mask != pair), extras | (mask & ~pair)),
                    taken | 1 << nxt,
                    (new_once, new_odd, new_even, new_odd_bar),
                )
                path.pop()

    first_units = SE_UNITS[start]
    barred_even = UNIT_BITS[first_units[0]] | UNIT_BITS[first_units[1]] | UNIT_BITS[first_units[2]]
    once = (1 << first_units[0]) | (1 << first_units[1]) | (1 << first_units[2])
    walk(start, -1, (2, 0), start_bit, (once, 0, barred_even, 0))
    return found


#: a unique-loop path's units: those (bits 0-26) with one cell of the path, those of them
#: whose cell sits at an odd place, and the cells barred from an even / an odd place
_Parity = tuple[int, int, int, int]
#: the kinds of unit (box, row, column) a path may go on along after one of a kind (-1: none)
_OTHER_KINDS: Final = {-1: (0, 1, 2), 0: (1, 2), 1: (0, 2), 2: (0, 1)}


def _holding_just(masks: Masks, cells: int, mask: int) -> int:
    """Those of ``cells`` whose candidates are exactly ``mask``."""
    out = 0
    for c in cells_in(cells):
        if masks[c] == mask:
            out |= 1 << c
    return out


def _shared_units(a: int, b: int) -> list[int]:
    """The units two cells share, in SE's order (box, row, column)."""
    return [u for u, v in zip(SE_UNITS[a], SE_UNITS[b], strict=True) if u == v]


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
        self.cells_of = _cells_of(masks)
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
        one) in a unit both share: a naked set with other cells of the unit, or, with
        the pair's digits, a hidden set. SE looks by growing size, then box, row, column;
        within those, through the sets in colexicographic order."""
        masks, pair, extra = self.masks, self.pair, self.extra
        c1, c2 = self.extra_cells
        units = _shared_units(c1, c2)
        if not units:
            return
        width = extra.bit_count()
        others_of = {}  # per unit, the open cells that may join a naked set
        empties = {}
        for u in units:
            open_cells = [c for c in UNITS[u] if masks[c]]
            empties[u] = len(open_cells)
            others_of[u] = [c for c in open_cells if c not in (c1, c2) and masks[c].bit_count() > 1]
        rest = [d for d in range(1, 10) if not (pair | extra) >> (d - 1) & 1]
        # per unit with room for a hidden pair or more, the digits that may join one
        hidden_of = {u: self._hidden_choices(u, rest) for u in units if empties[u] > 4}
        for degree in range(2, 8):
            for u in units:
                if degree * 2 <= empties[u] and degree >= width:
                    self._naked_type_3(key, u, degree, others_of[u])
                if degree * 2 < empties[u] and degree - 2 <= len(rest):
                    self._hidden_type_3(key, u, degree, hidden_of[u])

    def _naked_type_3(self, key: frozenset[int], u: int, degree: int, others: list[int]) -> None:
        """Type 3 with a naked set of ``degree`` digits in unit ``u``: the extra cells and
        ``degree - 1`` of ``others``."""
        masks = self.masks
        c1, c2 = self.extra_cells
        common = self.extra & masks[c1] & masks[c2]
        both = (1 << c1) | (1 << c2)
        for group, naked in _colex_groups(others, masks, degree - 1, self.extra, degree):
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
                for c in cell_list(UNIT_BITS[u] & ~both & ~_bits(group))
                for d in DIGITS_OF[masks[c] & naked]
            ]
            if removed:
                set_pattern = tuple((c, d) for c in group for d in DIGITS_OF[masks[c]])
                self._add_type_3(identity, removed, set_pattern)

    def _hidden_choices(self, u: int, rest: list[int]) -> tuple[list[int], dict[int, int], int]:
        """What a hidden set in unit ``u`` is made of: the digits of ``rest`` (neither in
        the pair nor extra) with a place there, those places, and the pair's places (the
        second extra cell left out: the two act as one cell)."""
        unit_bits = UNIT_BITS[u] & ~(1 << self.extra_cells[1])
        spots_of = [self.cells_of[d - 1] & unit_bits for d in rest]
        start = 0
        for d in DIGITS_OF[self.pair]:
            start |= self.cells_of[d - 1] & unit_bits
        choices = [(d, sp) for d, sp in zip(rest, spots_of, strict=True) if sp]
        return [d for d, _ in choices], dict(choices), start

    def _hidden_type_3(
        self,
        key: frozenset[int],
        u: int,
        degree: int,
        choices: tuple[list[int], dict[int, int], int],
    ) -> None:
        """Type 3 with a hidden set of ``degree`` digits in unit ``u``: the pair's and
        ``degree - 2`` of the others (``choices``: see ``_hidden_choices``)."""
        masks, pair = self.masks, self.pair
        c1 = self.extra_cells[0]
        digits, places_of, start = choices
        for chosen, places in _colex_groups(digits, places_of, degree - 2, start, degree):
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
        """The step of a type 3 whose set (``identity``: its kind, naked or hidden, unit,
        digits and cells) removes ``removed``; its cells' candidates ``set_pattern``."""
        _, _, kind, unit, digits, group = identity
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
            f"{_SET_NAMES[digits.bit_count()]} {digits_text(DIGITS_OF[digits])} with "
            f"{names(group)} in {house_name(unit)})",
            _Marks(
                removed,
                self.pattern() + set_pattern,
                [(c, d) for c in rescue for d in DIGITS_OF[self.masks[c] & extra]],
                (unit,),
            ),
        )

    def _type_4(self, key: frozenset[int], extra_cells: list[int]) -> None:
        """In a unit both extra cells share, one digit of the pair goes only there: one of
        them is that digit, so neither can be the other digit (SE prefers to lock the
        smaller digit, and names the last such unit in box, row, column order)."""
        if (4, key) in self.seen:
            return
        c1, c2 = extra_cells
        both = (1 << c1) | (1 << c2)
        locked: dict[int, int] = {}
        for u in _shared_units(c1, c2):
            for d in DIGITS_OF[self.pair]:
                if self.cells_of[d - 1] & UNIT_BITS[u] & ~both == 0:
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


@lru_cache(maxsize=64)
def _cells_of(masks: Masks) -> tuple[int, ...]:
    """Per digit, the cells where it is a candidate."""
    out = [0] * 9
    for cell, mask in enumerate(masks):
        for d in DIGITS_OF[mask]:
            out[d - 1] |= 1 << cell
    return tuple(out)


def _colex_groups(
    items: Sequence[int], weights: Sequence[int] | dict[int, int], size: int, union: int, limit: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """The groups of ``size`` items in colexicographic order (the last item changing
    slowest: the order in which Sudoku Explainer tries them) whose bits (``weights[item]``)
    together with ``union`` make at most ``limit`` bits; with that union."""
    if size == 0:
        yield (), union
        return
    for i in range(size - 1, len(items)):
        item = items[i]
        more = union | weights[item]
        if more.bit_count() > limit:
            continue
        for group, total in _colex_groups(items[:i], weights, size - 1, more, limit):
            yield (*group, item), total


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
    cells_of = _cells_of(masks)
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
    in a unit; one of them holds an extra digit, so the two act as one cell of those
    digits, which with other cells of the unit makes a naked set (or, with x and y, a
    hidden set). Type 4: two extra cells in a unit, and x goes only there in that unit:
    one of them is x, so neither is y."""
    return iter(unique_loop_steps(tuple(board.masks)))


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
        self.common = seen & ~_bits(self.cells)

    def hopeless(self) -> bool:
        """Several cells with different digits that nothing sees: no type 1, 2 or 3."""
        return len(self.cells) > 1 and self.digits.bit_count() > 1 and not self.common


@lru_cache(maxsize=16)
def _bug_of(masks: Masks) -> _Bug | None:
    """The BUG reading of a position, or None if it is not a BUG plus extra candidates.

    In each unit (boxes, rows, columns) a digit with neither zero nor two places marks
    a BUG digit in its one place with more than two candidates (several such places
    leave the choice to another unit; none means no BUG). If every such count is of one
    digit, every cell with more than two candidates where it breaks the count is a BUG
    cell too (lkSudoku's reading, Sukaku's default). Without the BUG digits every open
    cell must have two candidates, and every digit two places or none in every unit."""
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
    places = _cells_of(tuple(reduced))
    if any((places[d] & bits).bit_count() not in (0, 2) for bits in UNIT_BITS for d in range(9)):
        return None
    return bug


def _bug_cells(masks: Masks) -> _Bug | None:
    """The BUG cells and digits ``_bug_of`` reads from the units' counts (None: no BUG
    plus extra candidates)."""
    cells_of = _cells_of(masks)
    bug = _Bug()
    only = 0  # the digit of every break of a count so far (-1: breaks of several digits)
    breaking: set[int] = set()  # the cells with 3 candidates or more of those breaks
    for u in (*range(18, 27), *range(9), *range(9, 18)):
        bits = UNIT_BITS[u]
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
    """BUG Type 4: two BUG cells in a unit share one digit besides their BUG digits, which
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
    units = _shared_units(c1, c2)
    if not units:
        return
    digit = common.bit_length()
    eliminations = tuple(
        sorted((c, d) for c in (c1, c2) for d in DIGITS_OF[masks[c] & ~bug.extras[c] & ~common])
    )
    cells = sorted((c1, c2))
    yield Step(
        BUG_TYPE_4,
        f"BUG Type 4 {_bug_extras_text(bug, cells)} ({digit} only in {names(cells)} in "
        f"{house_name(units[0])}): {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, digit) for c in cells),
        alternate=tuple((c, d) for c in cells for d in DIGITS_OF[bug.extras[c]]),
        houses=(units[0],),
        rating=5.7,
    )


def bug_type_3(board: Board) -> Iterator[Step]:
    """BUG Type 3: the BUG cells share a unit; one of them holds a BUG digit, so together
    they act as one cell of all the BUG digits, which with other cells of the unit makes
    a naked set. SE looks by growing size, then box, row, column."""
    masks = board.masks
    bug = _bug_of(tuple(masks))
    if bug is None or len(bug.cells) < 2 or bug.digits.bit_count() < 2 or not bug.common:
        return
    cells = sorted(bug.cells)
    units = [u for u in range(27) if all(UNIT_BITS[u] >> c & 1 for c in cells)]
    units.sort(key=lambda u: (u < 18, u))  # boxes, rows, columns
    for degree in range(2, 7):
        for u in units:
            others = cell_list(bug.common & UNIT_BITS[u])
            if len(others) < degree:
                continue
            joinable = [c for c in others if masks[c].bit_count() > 1]
            for group, _ in _colex_groups(joinable, masks, degree - 1, bug.digits, degree):
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
                    f"BUG Type 3 {_bug_extras_text(bug, cells)} (naked {_SET_NAMES[degree]} "
                    f"{shown} with {names(group)} in {house_name(u)}): "
                    f"{removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, d) for c in group for d in DIGITS_OF[masks[c]]),
                    alternate=tuple((c, d) for c in cells for d in DIGITS_OF[bug.extras[c]]),
                    houses=(u,),
                    rating=round(5.7 + (degree - 1) * 0.1, 1),
                )


# --- HoDoKu's rectangles that Sudoku Explainer does not have -------------------------------


def unique_rectangles_6(board: Board) -> Iterator[Step]:
    """Unique Rectangle Type 6: two diagonal corners hold just x/y, the other two x/y and
    more, and x lies only in the rectangle in both its rows (or both its columns). If one
    of the other two were x, the conjugate pairs would make the diagonal corners y and the
    last corner x: the deadly pattern. So neither of them is x."""
    masks = board.masks
    for a, b, c, d in RECTANGLES:
        for (p, q), (r, s) in (((a, d), (b, c)), ((b, c), (a, d))):
            pair = masks[p]
            if pair.bit_count() != 2 or masks[q] != pair:
                continue
            if masks[r] & pair != pair or masks[s] & pair != pair or pair in (masks[r], masks[s]):
                continue
            for x in DIGITS_OF[pair]:
                places = board.cells_of(x)
                r1, r2, c1, c2 = a // 9, c // 9, a % 9, b % 9
                if places & ROW_BITS[r1] == _bits((a, b)) and places & ROW_BITS[r2] == _bits(
                    (c, d)
                ):
                    lines, houses = f"rows {r1 + 1} and {r2 + 1}", (r1, r2)
                elif places & COL_BITS[c1] == _bits((a, c)) and places & COL_BITS[c2] == _bits(
                    (b, d)
                ):
                    lines, houses = f"columns {c1 + 1} and {c2 + 1}", (9 + c1, 9 + c2)
                else:
                    continue
                corners = (a, b, c, d)
                eliminations = tuple(sorted(((r, x), (s, x))))
                yield Step(
                    UNIQUE_RECTANGLE_6,
                    f"Unique Rectangle Type 6 {digits_text(DIGITS_OF[pair])} in {names(corners)} "
                    f"({x} only in the rectangle in {lines}): {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple(
                        (e, v)
                        for e in corners
                        for v in DIGITS_OF[pair]
                        if (e, v) not in eliminations
                    ),
                    houses=houses,
                )


def hidden_unique_rectangles(board: Board) -> Iterator[Step]:
    """Hidden Unique Rectangle: a corner holds just x/y, the other three x, y and perhaps
    more, and x lies only in the rectangle in the row and the column of the opposite
    corner. If that corner were y, its row and column would make both its neighbours x,
    and the first corner would be y: the deadly pattern. So it is not y."""
    masks = board.masks
    for rect in RECTANGLES:
        a, b, c, d = rect
        for p, o, row_mate, col_mate in ((a, d, c, b), (b, c, d, a), (c, b, a, d), (d, a, b, c)):
            pair = masks[p]
            if pair.bit_count() != 2 or any(masks[e] & pair != pair for e in rect):
                continue
            for x in DIGITS_OF[pair]:
                places = board.cells_of(x)
                row, col = o // 9, o % 9
                if places & ROW_BITS[row] != _bits((o, row_mate)):
                    continue
                if places & COL_BITS[col] != _bits((o, col_mate)):
                    continue
                y = DIGITS_OF[pair & ~(1 << (x - 1))][0]
                yield Step(
                    HIDDEN_UNIQUE_RECTANGLE,
                    f"Hidden Unique Rectangle {digits_text(DIGITS_OF[pair])} in {names(rect)} "
                    f"({x} only in the rectangle in row {row + 1} and column {col + 1}): "
                    f"removes {y} from {cell_name(o)}",
                    eliminations=((o, y),),
                    pattern=tuple(
                        (e, v) for e in rect for v in DIGITS_OF[pair] if (e, v) != (o, y)
                    ),
                    houses=(row, 9 + col),
                )


def avoidable_rectangles(board: Board) -> Iterator[Step]:
    """Avoidable Rectangle Type 1: three corners were solved (none is a given), x on one
    and y on the two next to it, and the fourth can be x: if it were, x and y could be
    swapped in all four, a second solution. So it is not x. Needs ``Board.givens``."""
    givens = board.givens
    if givens is None:
        return
    digits = board.digits
    for rect in RECTANGLES:
        if _bits(rect) & givens:
            continue
        a, b, c, d = rect
        for o, p, m1, m2 in ((a, d, b, c), (b, c, a, d), (c, b, a, d), (d, a, b, c)):
            x = digits[p]
            if digits[o] or not x or not board.has(o, x):
                continue
            y = digits[m1]
            if not y or y == x or digits[m2] != y:
                continue
            yield Step(
                AVOIDABLE_RECTANGLE,
                f"Avoidable Rectangle Type 1 {digits_text((x, y))} in {names(rect)}: "
                f"removes {x} from {cell_name(o)}",
                eliminations=((o, x),),
                pattern=((p, x), (m1, y), (m2, y)),
            )


def avoidable_rectangles_2(board: Board) -> Iterator[Step]:
    """Avoidable Rectangle Type 2: two corners in a line were solved (no givens) as x and
    y; of the other two, the one beside x holds just y and z, the one beside y just x and
    z. Both taking x/y would make a rectangle that x and y could swap in: so one of them
    is z, and z leaves the cells that see both. Needs ``Board.givens``."""
    givens = board.givens
    if givens is None:
        return
    digits, masks = board.digits, board.masks
    for rect in RECTANGLES:
        if _bits(rect) & givens:
            continue
        a, b, c, d = rect
        # (solved, solved, open beside the first, open beside the second)
        for p, q, p_mate, q_mate in ((a, b, c, d), (c, d, a, b), (a, c, b, d), (b, d, a, c)):
            x, y = digits[p], digits[q]
            if not x or not y or digits[p_mate] or digits[q_mate]:
                continue
            extra = masks[p_mate] & ~(1 << (y - 1))
            if masks[p_mate] >> (y - 1) & 1 == 0 or extra.bit_count() != 1:
                continue
            if masks[q_mate] != extra | (1 << (x - 1)):
                continue
            z = extra.bit_length()
            seen = PEER_BITS[p_mate] & PEER_BITS[q_mate] & board.cells_of(z)
            if not seen:
                continue
            eliminations = tuple((e, z) for e in cell_list(seen))
            open_two = sorted((p_mate, q_mate))
            yield Step(
                AVOIDABLE_RECTANGLE_2,
                f"Avoidable Rectangle Type 2 {digits_text((x, y))} in {names(rect)} ({z} in "
                f"{' or '.join(map(cell_name, open_two))}): {removals_text(eliminations)}",
                eliminations=eliminations,
                pattern=((p, x), (q, y), (p_mate, y), (q_mate, x)),
                alternate=((p_mate, z), (q_mate, z)),
            )


# --- HoDoKu's rectangles with missing candidates -------------------------------------------


def _allowed(board: Board, digit: int) -> int:
    """The open cells where no placed ``digit`` in their houses rules it out (whatever
    candidates logic has removed since)."""
    placed = 0
    for cell in range(81):
        if board.digits[cell] == digit:
            placed |= PEER_BITS[cell]
    return board.open_bits & ~placed


class _Rectangle(NamedTuple):
    """A rectangle of a pair with missing candidates: its corners, the pair, the
    corners holding nothing but pair digits and those holding more."""

    corners: tuple[int, int, int, int]
    pair: int
    two: tuple[int, ...]
    more: tuple[int, ...]


def unique_rectangles_missing(board: Board) -> Iterator[Step]:
    """HoDoKu's Unique Rectangles Types 1-6 and Hidden Unique Rectangles *with missing
    candidates*: a corner may lack a digit of the pair, which logic took from it (a
    placed digit in its houses may not: the pair must be allowed in every corner). The
    deadly pattern is as impossible as before: the solution keeps every candidate logic
    left, so the corners that hold nothing but pair digits are pair digits in it, and a
    pattern of four x/y corners could be swapped. From each bivalue corner, as HoDoKu
    searches; rectangles whose corners all hold both digits are SE's rule's and the
    other finders' (``unique_rectangles_and_loops``, types 5, 6, hidden)."""
    masks = board.masks
    allowed = [_allowed(board, d) for d in range(1, 10)]
    seen: set[tuple[str, tuple[Candidate, ...]]] = set()
    found: list[tuple[float, int, Step]] = []
    for rect in RECTANGLES:
        corners = tuple(masks[c] for c in rect)
        if not all(corners):
            continue
        for pair in dict.fromkeys(m for m in corners if m.bit_count() == 2):
            x, y = DIGITS_OF[pair]
            if any(not (allowed[x - 1] >> c & 1 and allowed[y - 1] >> c & 1) for c in rect):
                continue
            if all(m & pair == pair for m in corners):
                continue  # no missing candidate
            two = tuple(c for c in rect if not masks[c] & ~pair)
            more = tuple(c for c in rect if masks[c] & ~pair)
            shape = _Rectangle(rect, pair, two, more)
            for step in _rectangle_steps(board, shape):
                key = (step.technique.key, step.eliminations)
                if key not in seen:
                    seen.add(key)
                    found.append((step.difficulty, len(found), step))
    found.sort(key=lambda item: item[:2])
    for *_, step in found:
        yield step


def _missing_text(board: Board, shape: _Rectangle) -> str:
    """``r2c1 lost 7``: the corners' missing pair digits."""
    parts = []
    for c in shape.corners:
        gone = shape.pair & ~board.masks[c]
        if gone:
            parts.append(f"{cell_name(c)} lost {digits_text(DIGITS_OF[gone])}")
    return ", ".join(parts)


def _rectangle_steps(board: Board, shape: _Rectangle) -> Iterator[Step]:
    masks = board.masks
    rect, pair, two, more = shape
    where = f"{digits_text(DIGITS_OF[pair])} in {names(rect)} ({_missing_text(board, shape)}"
    pattern = tuple((c, d) for c in rect for d in DIGITS_OF[masks[c] & pair])

    def step(technique: Technique, text: str, removed: Sequence[Candidate], **kw: float) -> Step:
        eliminations = tuple(sorted(set(removed)))
        detail = f"; {text}" if text else ""
        return Step(
            technique,
            f"{technique.name} {where}{detail}): {removals_text(eliminations)}",
            eliminations=eliminations,
            pattern=tuple(p for p in pattern if p not in eliminations),
            rating=kw.get("rating", 0.0),
        )

    if len(two) == 3:
        removed = [(more[0], d) for d in DIGITS_OF[masks[more[0]] & pair]]
        if removed:
            yield step(UNIQUE_RECTANGLE_MISSING, "", removed)
    if len(two) in (1, 2):
        yield from _type_2_missing(board, shape, step)
    if len(two) == 2:
        a, b = more
        in_line = a // 9 == b // 9 or a % 9 == b % 9
        if in_line:
            yield from _type_3_missing(board, shape, step)
            yield from _type_4_missing(board, shape, step)
        else:
            yield from _type_6_missing(board, shape, step)
    if len(two) == 1 or (len(two) == 2 and two[0] // 9 != two[1] // 9 and two[0] % 9 != two[1] % 9):
        yield from _hidden_missing(board, shape, step)


_StepMaker = Callable[..., Step]


def _type_2_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """The corners with more hold one more digit z only: one of them is z."""
    masks = board.masks
    extra = 0
    seen = -1
    for c in shape.more:
        extra |= masks[c] & ~shape.pair
        seen &= PEER_BITS[c]
    if extra.bit_count() != 1:
        return
    z = extra.bit_length()
    victims = seen & board.cells_of(z)
    if not victims:
        return
    a, b = shape.more[0], shape.more[-1]
    in_line = len(shape.more) == 2 and (a // 9 == b // 9 or a % 9 == b % 9)
    technique = UNIQUE_RECTANGLE_2_MISSING if in_line else UNIQUE_RECTANGLE_5_MISSING
    rescue = " or ".join(cell_name(c) for c in shape.more)
    yield step(technique, f"{z} in {rescue}", [(c, z) for c in cell_list(victims)])


def _type_3_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """The extra digits of the two corners with more act as one cell of a naked set in a
    house both share, with cells holding no pair digit (as HoDoKu: naked sets only)."""
    masks = board.masks
    a, b = shape.more
    extra = (masks[a] | masks[b]) & ~shape.pair
    rect_bits = _bits(shape.corners)
    for house in _shared_units(a, b):
        others = [
            c
            for c in UNITS[house]
            if masks[c] and not masks[c] & shape.pair and not rect_bits >> c & 1
        ]
        for size in range(1, len(others) + 1):
            for group in combinations(others, size):
                digits = extra
                for c in group:
                    digits |= masks[c]
                if digits.bit_count() != size + 1:
                    continue
                if house >= 18 and _in_one_line((a, b, *group)):
                    continue  # the line finds it
                members = _bits((a, b, *group))
                houses = [house]
                if house < 18:
                    houses += _shared_box(members)
                removed = [
                    (c, d)
                    for h in houses
                    for c in cell_list(UNIT_BITS[h] & board.open_bits & ~members)
                    for d in DIGITS_OF[masks[c] & digits]
                ]
                if removed:
                    kind = _SET_NAMES[digits.bit_count()]
                    yield step(
                        UNIQUE_RECTANGLE_3_MISSING,
                        f"{digits_text(DIGITS_OF[extra])} in {cell_name(a)} or "
                        f"{cell_name(b)}, naked {kind} {digits_text(DIGITS_OF[digits])} with "
                        f"{names(group)} in {house_name(house)}",
                        removed,
                        rating=round(4.5 + 0.1 * (digits.bit_count() - 1), 1),
                    )


def _in_one_line(cells: Sequence[int]) -> bool:
    return len({c // 9 for c in cells}) == 1 or len({c % 9 for c in cells}) == 1


def _shared_box(members: int) -> list[int]:
    boxes = {box_of(c) for c in cell_list(members)}
    return [18 + boxes.pop()] if len(boxes) == 1 else []


def _type_4_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """A pair digit has no place but the two corners with more among the cells that see
    both: one of them holds it, so neither holds the other pair digit."""
    a, b = shape.more
    seen = PEER_BITS[a] & PEER_BITS[b]
    x, y = DIGITS_OF[shape.pair]
    for lock, other in ((x, y), (y, x)):
        if board.cells_of(lock) & seen:
            continue
        removed = [(c, other) for c in (a, b) if board.has(c, other)]
        if removed:
            yield step(UNIQUE_RECTANGLE_4_MISSING, f"{lock} only in {names((a, b))} there", removed)
        return


def _type_6_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """The corners with more are diagonal, and a pair digit lies only in the rectangle in
    its rows and columns: neither of those corners holds it."""
    a, b = shape.more
    lines = ROW_BITS[a // 9] | ROW_BITS[b // 9] | COL_BITS[a % 9] | COL_BITS[b % 9]
    outside = lines & ~_bits(shape.corners)
    for x in DIGITS_OF[shape.pair]:
        if board.cells_of(x) & outside:
            continue
        removed = [(c, x) for c in (a, b) if board.has(c, x)]
        if removed:
            yield step(
                UNIQUE_RECTANGLE_6_MISSING,
                f"{x} only in the rectangle in its rows and columns",
                removed,
                rating=4.6,
            )
        return


def _hidden_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """A corner holding nothing but pair digits: if a pair digit lies only in the
    rectangle in the row and the column of the opposite corner, that corner is not the
    other digit."""
    rect = shape.corners
    rect_bits = _bits(rect)
    for corner in shape.two:
        opposite = next(c for c in rect if c // 9 != corner // 9 and c % 9 != corner % 9)
        row, col = opposite // 9, opposite % 9
        for x in DIGITS_OF[shape.pair]:
            places = board.cells_of(x)
            if places & (ROW_BITS[row] | COL_BITS[col]) & ~rect_bits:
                continue
            y = DIGITS_OF[shape.pair & ~(1 << (x - 1))][0]
            if board.has(opposite, y):
                yield step(
                    HIDDEN_UNIQUE_RECTANGLE_MISSING,
                    f"{x} only in the rectangle in row {row + 1} and column {col + 1}",
                    [(opposite, y)],
                    rating=4.6,
                )
