"""Forcing chains and cycles, found and rated the way Sudoku Explainer does (core layer).

Vocabulary. A *potential* is a candidate assumed true (*on*) or false (*off*). Each
potential implies others:

    on  -> off   the cell's other candidates (a *cell link*, "Y"), and the same digit in
                 the cells that see it (a *house link*, "X")
    off -> on    the cell's only other candidate, if it had two (Y); the digit's only
                 other place in a box, row or column, if it had two there (X)

A chain follows these implications from an assumption. Sudoku Explainer's rules, from
easiest to hardest, and what they conclude:

- *Forcing chains and cycles* (static: the implications of the grid as it stands).
  A *cycle* (continuous nice loop) comes back to its start; every candidate that sees an
  "on" and an "off" potential of the loop with its digit is false. A *forcing chain*
  from an assumption that reaches the assumption's opposite proves the opposite (an
  X-Chain, an XY-Chain, an AIC). X-only: 6.5 (cycle) / 6.6 (chain); Y-only cycles 6.5;
  mixed: 7.0.
- *Nishio* (7.5): a digit assumed in a cell leads, through that digit's places alone, to
  a contradiction; the implications are *dynamic*: each "off" is taken out of the grid,
  so later singles see it.
- *Multiple forcing chains* (8.0): static chains from each candidate of a cell (or each
  place of a digit in a house) that all reach the same conclusion.
- *Dynamic forcing chains* (8.5): dynamic chains from a candidate's two states (a
  contradiction, or a conclusion both reach), from each candidate of a cell, from each
  place of a digit in a house.
- *Dynamic forcing chains (+)* (9.0): as above, and when singles run out the chain also
  uses locked candidates, hidden and naked pairs and X-Wings on what it has taken out.

A step's rating is its rule's plus 0.1 for each threshold its *complexity* (how many
potentials its chains hold) passes: 4, 6, 8, 12, 16, 24, 32, 48, 64, ... (after the 2
potentials every chain has). A rule finds all its steps and gives the easiest (then the
shortest); the order in which implications are followed — every pending "on" before the
next "off", each potential kept with the first implication that reached it — decides
which chain proves a conclusion, and so its complexity, as in Sudoku Explainer.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ..board import PEER_BITS, UNIT_BITS, Board, cells_in
from ..candidates import DIGITS_OF
from ..grid import cell_name, house_name
from ..steps import (
    AIC,
    CELL_FORCING,
    DYNAMIC_FORCING,
    DYNAMIC_FORCING_PLUS,
    NESTED_FORCING,
    NISHIO,
    REGION_FORCING,
    X_CHAIN,
    X_CYCLE,
    XY_CHAIN,
    XY_CYCLE,
    Y_CYCLE,
    Step,
    Technique,
    removals_text,
)
from .chain_search import (
    Closures,
    StaticClosures,
    StaticLinks,
    nishio_cells,
    static_cells,
    static_cells_of,
    views_of,
)


class NestedLevels:
    """The nested levels' two entries (``nesting.py``). Nesting builds on this module, so
    this module may not import it (no import cycle): ``nesting`` fills these in when it is
    imported, as the techniques package does, and the levels' chains keep its hints
    (``Nested``) as opaque objects."""

    closure_nested: Callable[[tuple[tuple[Closure, Key], ...]], int] | None = None
    nested_offs: Callable[[Grid, Grid, Closure, int, int], list[Potential]] | None = None


NESTED_LEVELS: Final = NestedLevels()


def _levels() -> NestedLevels:
    """The nested levels, once ``nesting`` has filled them in."""
    if NESTED_LEVELS.closure_nested is None or NESTED_LEVELS.nested_offs is None:
        raise RuntimeError("the nested levels need xl_sudoku.core.techniques.nesting imported")
    return NESTED_LEVELS


Key = int  # a potential: (81 * (digit - 1) + cell) << 1 | on

#: the houses of each cell in the order Sudoku Explainer visits them: box, row, column
HOUSES_OF: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (18 + c // 27 * 3 + c % 9 // 3, c // 9, 9 + c % 9) for c in range(81)
)
CELL: Final = -1  # the cause of a cell link (a house link's cause is its house index)
ADVANCED: Final = -2  # the cause of an "off" found by a technique inside the chain


def key_of(cell: int, digit: int, on: bool) -> Key:
    return (81 * (digit - 1) + cell) << 1 | on


class Potential:
    """A candidate assumed on or off, with what implied it (``parents``: the first is the
    potential it follows from; more come with a dynamic single, which needs the earlier
    "offs" that emptied its cell or house)."""

    __slots__ = ("cause", "key", "nested", "parents", "rule")

    def __init__(
        self,
        key: Key,
        parents: tuple[Potential, ...] = (),
        cause: int = CELL,
        rule: str = "",
        nested: object | None = None,  # a nesting.Nested
    ) -> None:
        self.key = key
        self.parents = parents
        self.cause = cause
        self.rule = rule  # for an ADVANCED "off": the technique's step, in words
        self.nested = nested  # for an "off" a nested chain proved

    @property
    def on(self) -> bool:
        return bool(self.key & 1)

    @property
    def cell(self) -> int:
        return (self.key >> 1) % 81

    @property
    def digit(self) -> int:
        return (self.key >> 1) // 81 + 1

    def __repr__(self) -> str:
        return f"{cell_name(self.cell)}{'=' if self.on else '≠'}{self.digit}"


Potentials = dict[Key, Potential]  # insertion-ordered, first implication kept


class Grid:
    """The candidates a chain works on: per cell a mask, per digit its cells; and the
    board's digits, if known (a chain never places one: it only takes candidates out)."""

    __slots__ = ("digits", "masks", "places")

    def __init__(
        self, masks: list[int], places: list[int], digits: Sequence[int] | None = None
    ) -> None:
        self.masks = masks
        self.places = places
        self.digits = digits

    @classmethod
    def of(cls, board: Board) -> Grid:
        return cls(board.masks[:], [board.cells_of(d) for d in range(1, 10)], board.digits)

    def copy(self) -> Grid:
        return Grid(self.masks[:], self.places[:], self.digits)

    def remove(self, cell: int, digit: int) -> None:
        self.masks[cell] &= ~(1 << (digit - 1))
        self.places[digit - 1] &= ~(1 << cell)

    def has(self, cell: int, digit: int) -> bool:
        return bool(self.masks[cell] >> (digit - 1) & 1)


def ancestors(*targets: Potential) -> set[Key]:
    """Every potential the targets follow from, themselves included."""
    seen: set[Key] = set()
    todo = list(targets)
    while todo:
        p = todo.pop()
        if p.key not in seen:
            seen.add(p.key)
            todo.extend(p.parents)
    return seen


def ancestor_count(target: Potential) -> int:
    return len(ancestors(target))


def _longest(base: int, tenths: int, complexity: int) -> int:
    """The most potentials a hint rated from ``base`` may hold and still come before one
    rated ``tenths`` with ``complexity`` potentials (no limit: 1 << 30)."""
    if tenths >= 1 << 30:
        return 1 << 30
    allowed = tenths - base  # tenths of length bonus
    if allowed < 0:
        return 0
    longest = _MOST_FOR_BONUS[allowed - 1] if allowed > 0 else 0
    if allowed < len(_MOST_FOR_BONUS):
        longest = max(longest, min(complexity, _MOST_FOR_BONUS[allowed]))
    else:
        longest = 1 << 30
    return longest


def length_tenths(complexity: int) -> int:
    """Sudoku Explainer's length bonus, in tenths: one for each threshold passed."""
    length = complexity - 2
    ceiling, odd, added = 4, False, 0
    while length > ceiling:
        added += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added


def _most_for_bonus(bonuses: int) -> tuple[int, ...]:
    """The most potentials a chain may hold for each length bonus below ``bonuses`` (the
    bonus never falls as a chain grows: one pass)."""
    most = [0] * bonuses
    complexity = 2
    while (bonus := length_tenths(complexity)) < bonuses:
        most[bonus] = complexity
        complexity += 1
    return tuple(most)


#: the most potentials a chain may hold for each length bonus (in tenths): 6, 8, 10, 14, ...
_MOST_FOR_BONUS: Final[tuple[int, ...]] = _most_for_bonus(20)


# --- hints --------------------------------------------------------------------------------


@dataclass(slots=True)
class Hint:
    """One conclusion of a chaining rule, with the chains that prove it."""

    kind: str  # "cycle", "chain", "contradiction", "double", "cell", "region"
    removable: tuple[tuple[int, int], ...]  # (cell, digit) pairs the hint removes
    base_tenths: int  # the rule's rating, in tenths
    flat: int  # the potentials of its own chains
    sort_key: int
    source: Potential | None  # the assumption (cycle: its start)
    targets: tuple[Potential, ...]  # the chain ends (a binary hint: on-branch, off-branch)
    #: the chain ends as keys of their closures, for hints made by ``follow``: ``targets``
    #: are built from them only for the hint that is taken (``materialize``)
    ends: tuple[tuple[Closure, Key], ...] = ()
    x_links: bool = True
    y_links: bool = True
    house: int = -1  # a region hint's house
    digit: int = 0  # a region hint's digit
    cell: int = -1  # a cell hint's cell
    #: the complexity of the nested chains its chains use (Sudoku Explainer adds it)
    nested: int = 0

    @property
    def complexity(self) -> int:
        return self.flat + self.nested

    def materialize(self) -> Hint:
        """Give a hint made from closures its ``targets`` as potentials."""
        if self.ends and not self.targets:
            made: dict[int, dict[Key, Potential]] = {}
            targets: list[Potential] = []
            for closure, key in self.ends:
                targets.append(closure.potential(key, made.setdefault(id(closure), {})))
            self.targets = tuple(targets)
        return self

    @property
    def tenths(self) -> int:
        return self.base_tenths + length_tenths(self.complexity)

    @property
    def rating(self) -> float:
        return self.tenths / 10


def _chain_potentials(target: Potential) -> list[Potential]:
    out: list[Potential] = []
    seen: set[Key] = set()
    todo = [target]
    while todo:
        p = todo.pop()
        if p.key not in seen:
            seen.add(p.key)
            out.append(p)
            todo.extend(p.parents)
    return out


def _others_in_cell(grid: Grid, target: Potential) -> tuple[tuple[int, int], ...]:
    """What an "on" target removes: the other candidates of its cell."""
    cell = target.cell
    return tuple((cell, d) for d in DIGITS_OF[grid.masks[cell] & ~(1 << (target.digit - 1))])


def _removes_key(grid: Grid, key: Key) -> tuple[tuple[int, int], ...]:
    node = key >> 1
    cell, digit = node % 81, node // 81 + 1
    if key & 1:
        return tuple((cell, d) for d in DIGITS_OF[grid.masks[cell] & ~(1 << (digit - 1))])
    return ((cell, digit),)


def _removes(grid: Grid, target: Potential) -> tuple[tuple[int, int], ...]:
    if target.on:
        return _others_in_cell(grid, target)
    return ((target.cell, target.digit),)


# --- the rules ----------------------------------------------------------------------------


class _Follower:
    """The exact closures of one board's assumptions (each followed once, when first
    asked), and for the filters what each assumption leads to as sets of slots: its fast
    closure, or where that is a contradiction, its exact closure (which stops at its
    first clash, so holds less). A fast closure holds every potential of the exact one."""

    def __init__(self, grid: Grid, rule: Chaining, fast: Closures | StaticClosures | None) -> None:
        self.grid = grid
        self.fast = fast
        self.dynamic, self.cell_links, self.level = rule.dynamic, not rule.nishio, rule.level
        self.limit = rule.limit
        self.cache: dict[Key, Closure] = {}

    def closure(self, key: Key) -> Closure:
        """The exact closure of an assumption (an "on" or an "off" key)."""
        found = self.cache.get(key)
        if found is None:
            on, off = (key, None) if key & 1 else (None, key)
            found = follow(
                self.grid, on, off, self.dynamic, self.cell_links, self.level, self.limit
            )
            self.cache[key] = found
        return found

    def reach(self, slot: int, on: bool) -> tuple[int, int]:
        """The slots an assumption turns on and off (at least those the exact rule finds)."""
        assert self.fast is not None
        found = self.fast.if_on(slot) if on else self.fast.if_off(slot)
        if found is None:
            found = self.closure(key_of(slot // 10, slot % 10 + 1, on)).slots()
        return found

    def both(self, slot: int) -> bool:
        """Whether the slot's two states may share a conclusion."""
        on, off = self.reach(slot, True), self.reach(slot, False)
        return bool(on[0] & off[0] or on[1] & off[1])

    def common(self, slots: list[int]) -> bool:
        """Whether the "ons" of every slot may share a conclusion."""
        common_on, common_off = self.reach(slots[0], True)
        for slot in slots[1:]:
            on, off = self.reach(slot, True)
            common_on &= on
            common_off &= off
        return bool(common_on or common_off)


#: a hint found, not made yet (``Chaining._hint`` makes it): its sort key, its chain ends,
#: its kind, what it removes (those candidates, or the key whose truth it proves: an "on"
#: removes the cell's other candidates, an "off" its own), the key of its assumption (-1:
#: none), and for a region hint its house and digit, for a cell hint its cell
Found = tuple[
    int,
    tuple[tuple["Closure", Key], ...],
    str,
    "Key | tuple[tuple[int, int], ...]",
    int,
    int,
    int,
    int,
]


def _easiest(found: list[Found], grid: Grid) -> int:
    """The hint Sudoku Explainer takes (its index in ``found``; -1 if none removes
    anything): the least complexity (so the lowest rating), then the lowest sort key,
    then the first. A hint's complexity is counted only while the length of its chains'
    first-parent lines (a lower bound) could still beat the best so far."""
    bounds = sorted(
        (sum(closure.line(key) for closure, key in hint[1]), hint[0], i)
        for i, hint in enumerate(found)
    )
    best: tuple[int, int, int] | None = None
    for lower, sort_key, i in bounds:
        if best is not None and (lower, sort_key, i) > best:
            break  # its complexity is no less than ``lower``: it cannot come first
        if not _removable(found[i], grid):
            continue
        flat = sum(closure.count(key) for closure, key in found[i][1])
        if best is None or (flat, sort_key, i) < best:
            best = (flat, sort_key, i)
    return -1 if best is None else best[2]


def _removable(hint: Found, grid: Grid) -> tuple[tuple[int, int], ...]:
    target = hint[3]
    return _removes_key(grid, target) if isinstance(target, int) else target


def _clash(closure: Closure, source: Key, removable: tuple[tuple[int, int], ...]) -> Found:
    """The contradiction hint of a closure that found a potential both on and off."""
    assert closure.clash is not None
    on, off = closure.clash
    return (7, ((closure, on), (closure, off)), "contradiction", removable, source, -1, 0, -1)


def _shared(branches: list[Closure]) -> list[Key]:
    """The potentials every branch holds: the "on"s, then the "off"s, each in the order
    the first branch found them (the order the hints are weighed in)."""
    first = branches[0].first
    common = set(first)
    for other in branches[1:]:
        common &= other.first.keys()
    return [key for key in first if key & 1 and key in common] + [
        key for key in first if not key & 1 and key in common
    ]


class Chaining:
    """One of Sudoku Explainer's chaining rules.

    ``multiple``: cell and region forcing chains; ``dynamic``: "offs" leave the grid as
    the chain goes; ``nishio``: X links only, contradictions only; ``level`` 1: the chain
    also uses locked candidates, pairs and X-Wings (Dynamic Forcing Chains (+)).
    """

    def __init__(
        self,
        multiple: bool = False,
        dynamic: bool = False,
        nishio: bool = False,
        level: int = 0,
        limit: int = 0,
    ) -> None:
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        self.limit = limit  # level 4: the level of the dynamic chains nested inside

    @property
    def base_tenths(self) -> int:
        if self.level > 0:
            return 85 + 5 * self.level
        if self.nishio:
            return 75
        if self.dynamic:
            return 85
        if self.multiple:
            return 80
        raise ValueError("forcing chains and cycles are rated hint by hint")

    def best(self, board: Board) -> Hint | None:
        """The hint Sudoku Explainer takes from this rule (the first of ``hints``), found by
        looking only where the fast searches of ``chain_search`` point."""
        if not (self.multiple or self.dynamic):
            return self._best_loop_hint(board)
        if self.level >= 2:
            return self._best_nested(board)
        grid = Grid.of(board)
        fast: Closures | StaticClosures | None = None
        if self.level > 0:
            fast = Closures(board, stronger=True)
            cells = [c for c in range(81) if board.masks[c].bit_count() > 1]
        elif self.nishio:
            cells = nishio_cells(board)
        elif self.dynamic:
            fast = Closures.following(board)
            cells = [c for c in range(81) if board.masks[c].bit_count() > 1]
        else:
            cells = static_cells(board)
            fast = StaticClosures(StaticLinks.of(board))
        found: list[Found] = []
        follower = _Follower(grid, self, fast)
        for cell in cells:
            count = grid.masks[cell].bit_count()
            if count > 2 or (count > 1 and self.dynamic):
                found += self._fast_cell_hints(grid, cell, count, follower)
        if not found:
            return None
        index = _easiest(found, grid)
        return None if index < 0 else self._hint(found[index], grid).materialize()

    def found_all(self, grid: Grid, within: Grid | None = None) -> list[Found]:
        """Every hint of the rule on a grid, not weighed yet, in Sudoku Explainer's order
        (every closure followed exactly where a fast search shows a hint may come: for
        static chains the implication graph's reach, for dynamic ones of level 0 or 1
        singles (and the four rules)). ``within``: a grid this one lies within, whose
        singles' ends the fast search may start from (it is asked again and again)."""
        fast: Closures | StaticClosures | None = None
        cells: Iterable[int] = range(81)
        if not self.dynamic:
            links = StaticLinks(grid.masks, grid.places)
            fast = StaticClosures(links)
            cells = static_cells_of(grid.masks, grid.places, links)
        elif self.level < 2 and not self.nishio and grid.digits is not None:
            # what singles (and, level 1, the four rules) reach: at least what follows
            state = views_of(grid.digits, grid.masks)
            if self.level == 0 and within is not None:
                fast = Closures.within(state, _base_closures(within))
            else:
                fast = Closures(state, stronger=self.level == 1)
        follower = _Follower(grid, self, fast)
        found: list[Found] = []
        for cell in cells:
            count = grid.masks[cell].bit_count()
            if count > 2 or (count > 1 and self.dynamic):
                found += self._fast_cell_hints(grid, cell, count, follower)
        return found

    def _best_nested(self, board: Board) -> Hint | None:
        """The easiest hint of a nested level: every closure followed, every hint weighed
        with the complexity of the nested chains it uses."""
        closure_nested = _levels().closure_nested
        assert closure_nested is not None  # _levels checked it

        grid = Grid.of(board)
        best: tuple[int, int, int, int, int] | None = None
        found = self.found_all(grid)
        for i, item in enumerate(found):
            if not _removable(item, grid):
                continue
            ends = item[1]
            flat = sum(closure.count(key) for closure, key in ends)
            nested = closure_nested(ends)
            rank = (self.base_tenths + length_tenths(flat + nested), flat + nested, item[0], i)
            if best is None or rank < best[:4]:
                best = (*rank, nested)
        if best is None:
            return None
        hint = self._hint(found[best[3]], grid)
        hint.nested = best[4]
        return hint.materialize()

    def _hint(self, found: Found, grid: Grid) -> Hint:
        """The hint a ``Found`` stands for, its complexity counted."""
        sort_key, ends, kind, _, source, house, digit, cell = found
        return Hint(
            kind,
            _removable(found, grid),
            self.base_tenths,
            sum(closure.count(key) for closure, key in ends),
            sort_key,
            Potential(source) if source >= 0 else None,
            (),
            ends=ends,
            house=house,
            digit=digit,
            cell=cell,
        )

    def _fast_cell_hints(
        self, grid: Grid, cell: int, count: int, follower: _Follower
    ) -> list[Found]:
        """The hints Sudoku Explainer finds from one cell (its candidates' two states, the
        houses where it is the first place of a digit, the cell itself), with ``follow``.

        With fast closures (the board's dynamic closures from ``chain_search``), a chain is
        followed exactly only where those closures show a hint of its kind can come out.
        The hints are left for ``_easiest`` to weigh and for ``_hint`` to make."""
        out: list[Found] = []
        fast = follower.fast
        double = count >= 3 and not self.nishio and self.dynamic
        contradiction = self.dynamic or self.nishio
        digits = DIGITS_OF[grid.masks[cell]]
        cell_hints = not self.nishio and (count == 2 or (self.multiple and count > 2))
        if cell_hints and fast is not None:
            cell_hints = follower.common([10 * cell + d - 1 for d in digits])
        if_on = follower.closure
        for digit in digits:
            on_key = key_of(cell, digit, True)
            off_key = on_key ^ 1
            slot = 10 * cell + digit - 1
            if contradiction and (fast is None or fast.if_on(slot) is None):
                on = if_on(on_key)
                if on.clash is not None:
                    out.append(_clash(on, on_key, ((cell, digit),)))
            both = double and (fast is None or follower.both(slot))
            if (contradiction and (fast is None or fast.if_off(slot) is None)) or both:
                off = follower.closure(off_key)
                if contradiction and off.clash is not None:
                    others = tuple(
                        (cell, d) for d in DIGITS_OF[grid.masks[cell] & ~(1 << (digit - 1))]
                    )
                    out.append(_clash(off, off_key, others))
                if both:
                    on = if_on(on_key)
                    for key in _shared([on, off]):
                        source = on_key if key & 1 else off_key
                        ends = ((on, key), (off, key))
                        out.append((1, ends, "double", key, source, -1, 0, -1))
            if not self.nishio:
                out += self._fast_region_hints(grid, cell, digit, follower)
        if not cell_hints:
            return out
        branches = [if_on(key_of(cell, d, True)) for d in digits]
        for key in _shared(branches):
            cell_ends = tuple((b, key) for b in branches)
            out.append((5, cell_ends, "cell", key, -1, -1, 0, cell))
        return out

    def _fast_region_hints(
        self, grid: Grid, cell: int, digit: int, follower: _Follower
    ) -> list[Found]:
        out: list[Found] = []
        for house in HOUSES_OF[cell]:
            places = grid.places[digit - 1] & UNIT_BITS[house]
            count = places.bit_count()
            if not (count == 2 or (self.multiple and count > 2)):
                continue
            if (places & -places).bit_length() - 1 != cell:
                continue
            if follower.fast is not None and not follower.common(
                [10 * c + digit - 1 for c in cells_in(places)]
            ):
                continue
            branches = [follower.closure(key_of(c, digit, True)) for c in cells_in(places)]
            for key in _shared(branches):
                ends = tuple((b, key) for b in branches)
                out.append((6, ends, "region", key, -1, house, digit, -1))
        return out

    def _best_loop_hint(self, board: Board) -> Hint | None:
        """Forcing chains and cycles: the lengths of every chain and of every shortest loop
        come from bit-set searches; only the best candidates are followed exactly, in the
        order Sudoku Explainer sorts its hints (a loop's shortest length only bounds its
        complexity: it is followed before anything that bound could not beat)."""
        grid = Grid.of(board)
        links = StaticLinks.of(board)
        queue: list[tuple[int, int, int, tuple[int, ...], int, Hint | _Lead]] = []

        bound = [(1 << 30, 1 << 30)]  # the best (tenths, complexity) known to exist
        # the position's links per kind (cell links, house links), shared by its searches
        known_links: dict[tuple[bool, bool], _KeyLinks] = {}

        def links_of(y: bool, x: bool) -> _KeyLinks:
            found = known_links.get((y, x))
            if found is None:
                found = known_links[y, x] = _KeyLinks(grid, y, x)
            return found

        def push(order: tuple[int, ...], item: Hint | _Lead) -> None:
            heapq.heappush(
                queue, (item.tenths, item.complexity, item.sort_key, order, len(queue), item)
            )
            if isinstance(item, Hint) or item.kind == "chain":
                bound[0] = min(bound[0], (item.tenths, item.complexity))

        # The implications with both kinds of links hold those of every pass: where they
        # have no chain (or no loop that removes anything), no pass has one.
        if _no_new_links(links):
            return None
        starts, on_loops = links.forcing_sources(True, True)
        if not starts:
            _QUIET_LINKS[:] = [links]
            return None

        def scan(index: int, y: bool, x: bool, limit: int) -> None:
            """Queue the pass's chains and loops that could rate ``limit`` tenths or less."""
            shortest = 1 << 30  # the pass's shortest chain: a longer loop cannot win
            # A loop that removes z makes a chain from z on to z off of at most two more
            # potentials, with this pass's links: no such chain, no such loop.
            removable_chain = 1 << 30
            for slot, on in sorted(starts):
                if not x and not on:
                    continue
                found = links.chain_complexity(slot, on, y, house_links=x)
                if found is None:
                    continue
                if on:
                    removable_chain = min(removable_chain, found)
                if x:  # Sudoku Explainer looks for chains where house links are on
                    cell, digit = divmod(slot, 10)
                    lead = _Lead("chain", cell, digit + 1, on, y, x, found)
                    if lead.tenths <= limit:
                        push((index, cell, digit + 1, 1, 0 if on else 1), lead)
                        shortest = min(shortest, found)
            if removable_chain == 1 << 30:
                return
            for cell in range(81):
                mask = grid.masks[cell]
                if mask.bit_count() < 2 or (not x and mask.bit_count() > 2):
                    continue
                for digit in DIGITS_OF[mask]:
                    slot = 10 * cell + digit - 1
                    if not on_loops >> slot & 1:
                        continue
                    length = links.cycle_length(slot, y, x, shortest)
                    if length is not None:
                        length = max(length, removable_chain - 2)
                        lead = _Lead("cycle", cell, digit, True, y, x, length)
                        if lead.tenths <= limit:
                            push((index, cell, digit, 0, 0), lead)

        def resolve() -> Hint | None:
            while queue:
                *_, order, _, item = heapq.heappop(queue)
                if isinstance(item, Hint):
                    return item
                if item.kind == "chain":
                    assumed = Potential(key_of(item.cell, item.digit, item.on))
                    end = _forcing_chain(links_of(item.y, True), assumed)
                    assert end is not None and ancestor_count(end) == item.complexity
                    tenths = 70 if item.y else 66
                    return Hint(
                        "chain",
                        _removes(grid, end),
                        tenths,
                        item.complexity,
                        item.sort_key,
                        assumed,
                        (end,),
                        x_links=True,
                        y_links=item.y,
                    )
                # every loop from this start that could still beat what is known to exist
                start = Potential(key_of(item.cell, item.digit, True))
                base = 70 if (item.x and item.y) else 65
                longest = _longest(base, *bound[0])
                ends, _ = _cycles(links_of(item.y, item.x), start, longest)
                for i, end in enumerate(ends):
                    hint = _cycle_hint(grid, end, item.y, item.x)
                    if hint.removable:
                        push((*order[:3], 0, i), hint)
            return None

        unlimited = 1 << 30
        scan(0, False, True, unlimited)
        scan(1, True, False, unlimited)
        best = resolve()
        if best is not None and best.tenths < 70:
            return best
        if best is not None:
            push((-1,), best)
        scan(2, True, True, best.tenths if best is not None else unlimited)
        return resolve()


#: the links of the last position where no assumption led to its opposite
_QUIET_LINKS: list[StaticLinks] = []


def _no_new_links(links: StaticLinks) -> bool:
    """Whether the position has no forcing chain because the last position without one
    had every one of its candidates and strong links: its implication graph is then
    part of that one, where no assumption led to its opposite."""
    if not _QUIET_LINKS:
        return False
    quiet = _QUIET_LINKS[0]
    if links.cands & ~quiet.cands:
        return False
    before, _ = quiet.strong(True, True)
    now, _ = links.strong(True, True)
    return all(not turned & ~before.get(slot, 0) for slot, turned in now.items())


@dataclass(frozen=True, slots=True)
class _Lead:
    """A chain or a loop the bit-set search found, not yet followed exactly."""

    kind: str  # "chain" or "cycle"
    cell: int
    digit: int
    on: bool  # the assumption's state
    y: bool  # cell links used
    x: bool  # house links used
    complexity: int  # a chain's exactly; a loop's at least

    @property
    def tenths(self) -> int:
        if self.kind == "cycle":
            return (70 if self.x and self.y else 65) + length_tenths(self.complexity)
        return (70 if self.y else 66) + length_tenths(self.complexity)

    @property
    def sort_key(self) -> int:
        return 4 if (self.x and self.y) else (3 if self.y else 2)


def _root(p: Potential) -> Potential:
    while p.parents:
        p = p.parents[0]
    return p


def _is_ancestor(child: Potential, key: Key) -> bool:
    """Whether ``key`` is on the first-parent line of ``child``."""
    p = child
    while p.parents:
        p = p.parents[0]
        if p.key == key:
            return True
    return False


class _KeyLinks:
    """A static grid's links, with cell links (``y``) or not and house links (``x``) or
    not, as keys and causes, each potential's made when first asked: the chain and loop
    searches of one position share them."""

    __slots__ = ("grid", "offs", "ons", "x", "y")

    def __init__(self, grid: Grid, y: bool, x: bool) -> None:
        self.grid, self.y, self.x = grid, y, x
        self.offs: dict[Key, list[tuple[Key, int]]] = {}
        self.ons: dict[Key, list[tuple[Key, int]]] = {}

    def turned_off(self, on: Key) -> list[tuple[Key, int]]:
        """What an "on" turns off (``_on_to_off_keys``)."""
        found = self.offs.get(on)
        if found is None:
            found = self.offs[on] = _on_to_off_keys(self.grid.masks, self.grid.places, on, self.y)
        return found

    def turned_on(self, off: Key) -> list[tuple[Key, int]]:
        """What an "off" turns on (``_off_to_on_keys``)."""
        found = self.ons.get(off)
        if found is None:
            grid = self.grid
            found = self.ons[off] = _off_to_on_keys(grid.masks, grid.places, off, self.y, self.x)
        return found


def _forcing_chain(links: _KeyLinks, source: Potential) -> Potential | None:
    """A static chain from ``source`` to its opposite, found layer by layer (shortest):
    every pending "on" is followed, then every pending "off", each potential kept with
    the first implication that reached it; the chain ends at the first implication of the
    opposite."""
    tree: dict[Key, tuple[Key, int]] = {source.key: (-1, CELL)}
    opposite = source.key ^ 1
    layer = [source.key]
    on = source.on  # the state of the layer's potentials: "ons" and "offs" alternate
    while layer:
        turned = links.turned_off if on else links.turned_on
        following = []
        for p in layer:
            for q, cause in turned(p):
                if q == opposite:
                    return _chain_end(tree, source, p, q, cause)
                if q not in tree:
                    tree[q] = (p, cause)
                    following.append(q)
        layer, on = following, not on
    return None


def _chain_end(
    tree: dict[Key, tuple[Key, int]], source: Potential, parent: Key, end: Key, cause: int
) -> Potential:
    """The chain's last potential, with its line back to ``source``."""
    return Potential(end, (_tree_potential(tree, parent, {source.key: source}),), cause)


def _cycles(
    links: _KeyLinks, source: Potential, longest: int = 1 << 30
) -> tuple[list[Potential], bool]:
    """Static cycles through ``source`` ("on"), of four potentials or more (and no more
    than ``longest``), as Sudoku Explainer finds them: each is the "on" of ``source``
    reached again, its first-parent line the cycle. Also whether the search stopped at
    ``longest``.

    Sudoku Explainer follows the "offs" of a loop search without merging repeats, but
    an "on" only once; so every "on" keeps the parent a plain breadth-first search gives
    it, and a loop is an "on" b of that tree (two links deep or more), one of b's "offs"
    c that is not on b's own line, and the link from c back to ``source``: that is what
    is followed here, with repeats merged, in the same order."""
    cell, digit = source.cell, source.digit
    masks, places = links.grid.masks, links.grid.places
    y, x = links.y, links.x
    closers: dict[Key, int] = {}  # the "offs" that lead back to the source, and how
    if y and masks[cell].bit_count() == 2:
        other = DIGITS_OF[masks[cell] & ~(1 << (digit - 1))][0]
        closers[key_of(cell, other, False)] = CELL
    if x:
        for house in HOUSES_OF[cell]:
            others = places[digit - 1] & UNIT_BITS[house] & ~(1 << cell)
            if others.bit_count() == 1:
                closers.setdefault(key_of(others.bit_length() - 1, digit, False), house)
    # the breadth-first tree, as keys: each potential's parent and cause
    tree: dict[Key, tuple[Key, int]] = {source.key: (-1, CELL)}
    found: list[tuple[Key, Key, int]] = []  # the loops: (b, c, the cause of c)
    layer = [source.key]
    depth = 0
    stopped = False
    while layer:
        if depth + 2 > longest:
            stopped = True
            break
        offs: list[Key] = []
        for b in layer:
            for c, cause in links.turned_off(b):
                if depth >= 2 and c in closers and not _on_line(tree, b, c):
                    found.append((b, c, cause))
                if c not in tree:
                    tree[c] = (b, cause)
                    offs.append(c)
        if depth + 4 > longest:
            stopped = bool(offs)
            break
        layer = []
        for c in offs:
            for q, cause in links.turned_on(c):
                if q not in tree:
                    tree[q] = (c, cause)
                    layer.append(q)
        depth += 2
    made: dict[Key, Potential] = {source.key: source}
    loops = [
        Potential(source.key, (Potential(c, (_tree_potential(tree, b, made),), cause),), closers[c])
        for b, c, cause in found
    ]
    return loops, stopped


def _on_to_off_keys(
    masks: list[int], places: list[int], p: Key, cell_links: bool
) -> list[tuple[Key, int]]:
    """What an "on" turns off, as keys and causes: its cell's other candidates (with cell
    links), then its digit in its box, row and column."""
    cell, d0, _, _ = _NODE[p >> 1]
    out: list[tuple[Key, int]] = []
    if cell_links:
        for other in DIGITS_OF[masks[cell] & ~(1 << d0)]:
            out.append(((81 * (other - 1) + cell) << 1, CELL))
    digit_places = places[d0]
    base = (81 * d0) << 1
    for house, part in _PEER_PARTS[cell]:
        others = digit_places & part
        while others:
            low = others & -others
            others ^= low
            out.append((base + ((low.bit_length() - 1) << 1), house))
    return out


def _off_to_on_keys(
    masks: list[int], places: list[int], p: Key, cell_links: bool, house_links: bool
) -> list[tuple[Key, int]]:
    """What an "off" turns on in a static grid, as keys and causes: its cell's other
    candidate if the cell has two (cell links), its digit's other place in a house that
    has two (house links)."""
    cell, d0, _, parts = _NODE[p >> 1]
    out: list[tuple[Key, int]] = []
    keys: list[Key] = []
    if cell_links:
        mask = masks[cell]
        if mask.bit_count() == 2:
            other = (mask & ~(1 << d0)).bit_length() - 1
            key = ((81 * other + cell) << 1) | 1
            out.append((key, CELL))
            keys.append(key)
    if house_links:
        digit_places = places[d0]
        for house, bits in parts:
            others = digit_places & bits
            if others and not others & (others - 1):
                key = ((81 * d0 + others.bit_length() - 1) << 1) | 1
                if key not in keys:
                    out.append((key, house))
                    keys.append(key)
    return out


def _on_line(tree: dict[Key, tuple[Key, int]], child: Key, key: Key) -> bool:
    """Whether ``key`` is on the first-parent line of ``child`` (``_is_ancestor``)."""
    parent = tree[child][0]
    while parent >= 0:
        if parent == key:
            return True
        parent = tree[parent][0]
    return False


def _tree_potential(
    tree: dict[Key, tuple[Key, int]], key: Key, made: dict[Key, Potential]
) -> Potential:
    """A key of the tree as a ``Potential`` with its line (``made``: those made already)."""
    line = []
    while key not in made:
        line.append(key)
        key = tree[key][0]
    potential = made[key]
    for k in reversed(line):
        potential = made[k] = Potential(k, (potential,), tree[k][1])
    return potential


def _cycle_hint(grid: Grid, end: Potential, y: bool, x: bool) -> Hint:
    """A cycle's eliminations: the digit of a potential of the loop leaves every cell off
    the loop that sees one of the loop's "on" and one of its "off" potentials with it."""
    path = []
    p = end
    while p.parents:
        path.append(p)
        p = p.parents[0]
    cells = 0
    for q in path:
        cells |= 1 << q.cell
    forward: set[tuple[int, int]] = set()
    backward: set[tuple[int, int]] = set()
    for q in path:
        digit = q.digit
        seen = grid.places[digit - 1] & PEER_BITS[q.cell] & ~cells
        for c in cells_in(seen):
            (forward if q.on else backward).add((c, digit))
    removable = tuple(sorted(forward & backward))
    return Hint(
        "cycle",
        removable,
        70 if (x and y) else 65,
        ancestor_count(end),
        4 if (x and y) else (3 if y else 2),
        end,
        (end,),
        x_links=x,
        y_links=y,
    )


# --- techniques inside a chain (Dynamic Forcing Chains (+)) -----------------------------


def advanced_offs(
    grid: Grid, source: Grid, offs: Potentials | Closure, level: int
) -> list[Potential]:
    """The "offs" that locked candidates, hidden pairs, naked pairs or X-Wings find in a
    dynamic chain's grid, each with the "offs" of the chain it needs as parents: the first
    of those techniques that finds any, all it finds. (``level`` 1: these four; deeper
    levels nest chains, not done here.)"""
    del level
    for rule in (_locking, _hidden_pairs, _naked_pairs, _x_wings):
        found: list[Potential] = []
        for removable, needs, text in rule(grid):
            parents = []
            for cell, digit in needs:
                if source.has(cell, digit) and not grid.has(cell, digit):
                    key = key_of(cell, digit, False)
                    if isinstance(offs, Closure):
                        if key in offs:
                            parents.append(Potential(key))
                    else:
                        parent = offs.get(key)
                        if parent is not None:
                            parents.append(parent)
            if not parents:
                continue  # the technique holds without the chain
            for cell, digit in removable:
                found.append(Potential(key_of(cell, digit, False), tuple(parents), ADVANCED, text))
        if found:
            return found
    return []


Finding = tuple[list[tuple[int, int]], list[tuple[int, int]], str]


def _crossings(first: int, second: int) -> tuple[tuple[int, int, int, int], ...]:
    """(first house, second house, first's bits, second's bits) for each crossing pair."""
    return tuple(
        (first + i, second + j, UNIT_BITS[first + i], UNIT_BITS[second + j])
        for i in range(9)
        for j in range(9)
        if UNIT_BITS[first + i] & UNIT_BITS[second + j]
    )


#: Sudoku Explainer's order: pointing (box, then column; box, then row), then claiming
#: (column, then box; row, then box)
_LOCKING_ORDER: Final = tuple(_crossings(a, b) for a, b in ((18, 9), (18, 0), (9, 18), (0, 18)))


def _locking(grid: Grid) -> Iterator[Finding]:
    """Pointing and claiming, digit by digit within each kind of crossing."""
    per_digit = [_digit_locking(digit, grid.places[digit - 1]) for digit in range(1, 10)]
    for kind in range(len(_LOCKING_ORDER)):
        for found in per_digit:
            yield from found[kind]


#: a digit's locked candidates by its places, for each kind of crossing (``_locking``):
#: inside chains the same places come back again and again
_LOCKING_MEMO: dict[tuple[int, int], tuple[tuple[Finding, ...], ...]] = {}
_MEMO_SIZE: Final = 1 << 15  # entries a memory holds before it starts afresh


def _digit_locking(digit: int, places: int) -> tuple[tuple[Finding, ...], ...]:
    found = _LOCKING_MEMO.get((digit, places))
    if found is None:
        if len(_LOCKING_MEMO) >= _MEMO_SIZE:
            _LOCKING_MEMO.clear()
        found = _LOCKING_MEMO[digit, places] = tuple(
            tuple(_crossing_locks(crossings, digit, places)) for crossings in _LOCKING_ORDER
        )
    return found


def _crossing_locks(
    crossings: tuple[tuple[int, int, int, int], ...], digit: int, places: int
) -> Iterator[Finding]:
    for first, second, region, other in crossings:
        inside = places & region
        if inside & ~other or inside & (inside - 1) == 0:
            continue  # not all in the crossing, or fewer than two places
        removable = places & other & ~region
        if removable:
            needs = [(c, digit) for c in cells_in(region & ~other)]
            text = f"in {house_name(first)}, {digit} lies only in {house_name(second)}"
            yield [(c, digit) for c in cells_in(removable)], needs, text


def _hidden_pairs(grid: Grid) -> Iterator[Finding]:
    """Two digits whose places in a house are the same two cells (and nowhere else)."""
    places = grid.places
    for houses in _PAIR_HOUSES:  # boxes, columns, rows
        for h in houses:
            bits = UNIT_BITS[h]
            key = (h, *(p & bits for p in places))
            found = _HIDDEN_MEMO.get(key)
            if found is None:
                if len(_HIDDEN_MEMO) >= _MEMO_SIZE:
                    _HIDDEN_MEMO.clear()
                found = _HIDDEN_MEMO[key] = tuple(_house_hidden_pairs(h, key[1:]))
            yield from found


_PAIR_HOUSES: Final = (range(18, 27), range(9, 18), range(9))
#: a house's hidden pairs by its digits' places there; its naked pairs by its masks
_HIDDEN_MEMO: dict[tuple[int, ...], tuple[Finding, ...]] = {}
_NAKED_MEMO: dict[tuple[int, ...], tuple[Finding, ...]] = {}


def _house_hidden_pairs(h: int, places: tuple[int, ...]) -> Iterator[Finding]:
    bits = UNIT_BITS[h]
    by_places: dict[int, list[int]] = {}
    for d in range(9):
        spots = places[d]
        if spots.bit_count() == 2:
            by_places.setdefault(spots, []).append(d)
    for both, digits in by_places.items():
        for i, a in enumerate(digits):
            for b in digits[i + 1 :]:
                pair = (1 << a) | (1 << b)
                removable = [
                    (c, d + 1)
                    for c in cells_in(both)
                    for d in range(9)
                    if not pair >> d & 1 and places[d] >> c & 1
                ]
                if removable:
                    needs = [(c, d) for c in cells_in(bits & ~both) for d in (a + 1, b + 1)]
                    text = f"hidden pair {a + 1}/{b + 1} in {house_name(h)}"
                    yield removable, needs, text


def _naked_pairs(grid: Grid) -> Iterator[Finding]:
    """Two cells of a house with the same two candidates (houses of four open cells or
    more, pairs in order of their cells)."""
    masks = grid.masks
    for houses in _PAIR_HOUSES:  # boxes, columns, rows
        for h in houses:
            key = (h, *(masks[c] for c in _HOUSE_CELLS[h]))
            found = _NAKED_MEMO.get(key)
            if found is None:
                if len(_NAKED_MEMO) >= _MEMO_SIZE:
                    _NAKED_MEMO.clear()
                found = _NAKED_MEMO[key] = tuple(_house_naked_pairs(h, key[1:]))
            yield from found


_HOUSE_CELLS: Final = tuple(tuple(cells_in(bits)) for bits in UNIT_BITS)


def _house_naked_pairs(h: int, house_masks: tuple[int, ...]) -> Iterator[Finding]:
    cells = _HOUSE_CELLS[h]
    mask_of = dict(zip(cells, house_masks, strict=True))
    members = [c for c in cells if mask_of[c]]
    if len(members) < 4:
        return
    two = [c for c in members if mask_of[c].bit_count() == 2]
    for i, a in enumerate(two):
        pair = mask_of[a]
        for b in two[i + 1 :]:
            if mask_of[b] != pair:
                continue
            removable = [
                (c, d) for c in cells if c not in (a, b) for d in DIGITS_OF[mask_of[c] & pair]
            ]
            if removable:
                needs = [(c, d) for c in (a, b) for d in DIGITS_OF[0x1FF & ~pair]]
                digits = "/".join(map(str, DIGITS_OF[pair]))
                yield removable, needs, f"naked pair {digits} in {house_name(h)}"


def _x_wings(grid: Grid) -> Iterator[Finding]:
    """A digit's places in two columns (then rows) in the same two rows (columns)."""
    for base, cover in ((9, 0), (0, 9)):  # columns, then rows
        for digit in range(1, 10):
            yield from _digit_x_wings(base, cover, digit, grid.places[digit - 1])


#: a digit's X-Wings by its places (``_x_wings``)
_X_WING_MEMO: dict[tuple[int, int, int], tuple[Finding, ...]] = {}


def _digit_x_wings(base: int, cover: int, digit: int, places: int) -> tuple[Finding, ...]:
    found = _X_WING_MEMO.get((base, digit, places))
    if found is not None:
        return found
    out: list[Finding] = []
    lines = [places & UNIT_BITS[base + i] for i in range(9)]
    spans = [_span(line, cover) for line in lines]
    for i in range(9):
        if lines[i].bit_count() < 2:
            continue
        for j in range(i + 1, 9):
            if lines[j].bit_count() < 2 or (spans[i] | spans[j]).bit_count() != 2:
                continue
            a, b = DIGITS_OF[spans[i] | spans[j]]
            cover_bits = UNIT_BITS[cover + a - 1] | UNIT_BITS[cover + b - 1]
            base_bits = UNIT_BITS[base + i] | UNIT_BITS[base + j]
            removable = places & cover_bits & ~base_bits
            if removable:
                needs = [(c, digit) for c in cells_in(base_bits & ~cover_bits)]
                text = f"X-Wing {digit} in {house_name(base + i)} and {house_name(base + j)}"
                out.append(([(c, digit) for c in cells_in(removable)], needs, text))
    if len(_X_WING_MEMO) >= _MEMO_SIZE:
        _X_WING_MEMO.clear()
    found = _X_WING_MEMO[base, digit, places] = tuple(out)
    return found


def _span(line: int, cover: int) -> int:
    """The cover houses (as a 9-bit mask) a line's places lie in."""
    out = 0
    for c in cells_in(line):
        out |= 1 << (c // 9 if cover == 0 else c % 9)
    return out


def rated(hints: Iterable[Hint]) -> list[tuple[float, Hint]]:
    return [(h.rating, h) for h in hints]


# --- steps ----------------------------------------------------------------------------------


def _text(p: Potential) -> str:
    return f"{cell_name(p.cell)}{'=' if p.on else '<>'}{p.digit}"


def _line(p: Potential) -> list[Potential]:
    """The chain that led to ``p``: its first-parent line, from the assumption."""
    out = [p]
    while p.parents:
        p = p.parents[0]
        out.append(p)
    return out[::-1]


def path_text(p: Potential) -> str:
    """``r1c2=5 -> r1c7<>5 -> r3c7=5``: the chain that led to ``p``."""
    return " -> ".join(_text(q) for q in _line(p))


def _chain_technique(hint: Hint) -> Technique:
    if hint.kind == "cycle":
        if hint.x_links and hint.y_links:
            return XY_CYCLE
        return X_CYCLE if hint.x_links else Y_CYCLE
    if not hint.y_links:
        return X_CHAIN
    line = _line(hint.targets[0])
    cell_strong = all(q.cause == CELL for q in line[1:] if q.on)
    house_weak = all(q.cause != CELL for q in line[1:] if not q.on)
    return XY_CHAIN if cell_strong and house_weak else AIC


def _dynamic_technique(rule: Chaining, hint: Hint) -> Technique:
    if rule.level > 1:
        return NESTED_FORCING
    if rule.level > 0:
        return DYNAMIC_FORCING_PLUS
    if rule.nishio:
        return NISHIO
    if rule.dynamic:
        return DYNAMIC_FORCING
    return CELL_FORCING if hint.kind == "cell" else REGION_FORCING


def to_step(rule: Chaining, hint: Hint) -> Step:
    """The step a hint makes: what it places or removes, the chains in words."""
    target: Potential | None = hint.targets[0]  # what the hint concludes
    if hint.kind == "contradiction" and hint.source is not None:
        target = Potential(hint.source.key ^ 1)  # the opposite of the assumption holds
    elif hint.kind == "cycle":
        target = None
    removable = hint.removable
    placing = target is not None and target.on and all(c == target.cell for c, _ in removable)
    placements = ((target.cell, target.digit),) if placing and target is not None else ()
    eliminations = () if placing else removable
    pattern: dict[tuple[int, int], None] = {}
    alternate: dict[tuple[int, int], None] = {}
    for end in hint.targets:
        for q in _line(end):
            (pattern if q.on else alternate).setdefault((q.cell, q.digit), None)
    for candidate in removable + placements:
        pattern.pop(candidate, None)
        alternate.pop(candidate, None)
    if hint.kind in ("chain", "cycle"):
        technique = _chain_technique(hint)
        digit = f" {hint.targets[0].digit}" if not hint.y_links else ""
        if hint.kind == "cycle":
            text = (
                f"{technique.name}{digit}: {path_text(hint.targets[0])} (a loop): "
                f"{removals_text(removable)}"
            )
        else:
            end = hint.targets[0]
            start = _root(end)
            so = f"{cell_name(start.cell)} is {'not ' if start.on else ''}{start.digit}"
            text = f"{technique.name}{digit}: {path_text(end)}, so {so}"
        details: tuple[str, ...] = ()
    else:
        technique = _dynamic_technique(rule, hint)
        text, details = _forcing_text(
            technique.name + nested_suffix(rule), hint, removable, placements
        )
    return Step(
        technique,
        text,
        placements=placements,
        eliminations=eliminations,
        pattern=tuple(pattern),
        alternate=tuple(alternate),
        houses=(hint.house,) if hint.house >= 0 else (),
        rating=hint.rating,
        details=details,
    )


def nested_suffix(rule: Chaining) -> str:
    """What a nested level uses inside its chains, as Sudoku Explainer names it:
    `` (+ Forcing Chains)``, `` (+ Multiple Forcing Chains)``, `` (+ Dynamic Forcing
    Chains)`` and, for the dynamic chains nested in those, their own."""
    inside = {2: "Forcing Chains", 3: "Multiple Forcing Chains"}
    if rule.level < 2:
        return ""
    if rule.level in inside:
        return f" (+ {inside[rule.level]})"
    deeper = nested_suffix(Chaining(level=rule.limit))
    return f" (+ Dynamic Forcing Chains{' (+)' if rule.limit == 1 else deeper})"


def _forcing_text(
    name: str,
    hint: Hint,
    removable: tuple[tuple[int, int], ...],
    placements: tuple[tuple[int, int], ...],
) -> tuple[str, tuple[str, ...]]:
    outcome = (
        f"{cell_name(placements[0][0])} is {placements[0][1]}"
        if placements
        else removals_text(removable)
    )
    lines = tuple(path_text(end) for end in hint.targets)
    if hint.kind == "contradiction" and hint.source is not None:
        source = hint.source
        clash = hint.targets[0]
        text = (
            f"{name}: if {_text(source)}, {cell_name(clash.cell)} would be both "
            f"{clash.digit} and not {clash.digit}, so {_text(Potential(source.key ^ 1))}: "
            f"{outcome}"
        )
    elif hint.kind == "double" and hint.source is not None:
        cell, digit = hint.source.cell, hint.source.digit
        text = (
            f"{name}: whether {cell_name(cell)} is {digit} or not, "
            f"{_text(hint.targets[0])}: {outcome}"
        )
    elif hint.kind == "cell":
        digits = "/".join(str(q.digit) for q in (_root(e) for e in hint.targets))
        text = (
            f"{name}: each candidate of {cell_name(hint.cell)} ({digits}) leads to "
            f"{_text(hint.targets[0])}: {outcome}"
        )
    else:
        places = ", ".join(cell_name(_root(e).cell) for e in hint.targets)
        text = (
            f"{name}: each place of {hint.digit} in {house_name(hint.house)} "
            f"({places}) leads to {_text(hint.targets[0])}: {outcome}"
        )
    return text, lines


def _finder(rule: Chaining, name: str) -> Callable[[Board], Iterator[Step]]:
    def finder(board: Board) -> Iterator[Step]:
        hint = rule.best(board)
        if hint is not None:
            yield to_step(rule, hint)

    finder.__name__ = finder.__qualname__ = name
    return finder


forcing_chains_and_cycles = _finder(Chaining(), "forcing_chains_and_cycles")
nishio_forcing_chains = _finder(Chaining(dynamic=True, nishio=True), "nishio_forcing_chains")
multiple_forcing_chains = _finder(Chaining(multiple=True), "multiple_forcing_chains")
dynamic_forcing_chains = _finder(Chaining(multiple=True, dynamic=True), "dynamic_forcing_chains")
dynamic_forcing_chains_plus = _finder(
    Chaining(multiple=True, dynamic=True, level=1), "dynamic_forcing_chains_plus"
)


# --- closures, fast: potentials as keys, parents rebuilt when asked --------------------

#: per cell, the cells that share its box, then its row outside the box, then its column
#: outside the box: the order in which Sudoku Explainer turns a digit off in the peers
PEERS_IN_ORDER: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (
        UNIT_BITS[HOUSES_OF[c][0]] & ~(1 << c),
        UNIT_BITS[HOUSES_OF[c][1]] & ~UNIT_BITS[HOUSES_OF[c][0]],
        UNIT_BITS[HOUSES_OF[c][2]] & ~UNIT_BITS[HOUSES_OF[c][0]],
    )
    for c in range(81)
)


#: per cell, its houses (box, row, column), each with the peers ``PEERS_IN_ORDER`` takes
#: in it (a row or column: those outside the box)
_PEER_PARTS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(zip(HOUSES_OF[c], PEERS_IN_ORDER[c], strict=True)) for c in range(81)
)


#: per cell, its houses (box, row, column) and their other cells
HOUSE_PARTS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((house, UNIT_BITS[house] & ~(1 << c)) for house in HOUSES_OF[c]) for c in range(81)
)


#: per node (``key >> 1``): its cell, its digit from 0, the cell's bit, ``HOUSE_PARTS``
_NODE: Final[tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]] = tuple(
    (node % 81, node // 81, 1 << node % 81, HOUSE_PARTS[node % 81]) for node in range(729)
)


#: per cell, the "off" key of each digit (from 0) there
_CELL_KEYS: Final[tuple[tuple[Key, ...], ...]] = tuple(
    tuple(key_of(cell, d + 1, False) for d in range(9)) for cell in range(81)
)
#: per mask, its digits from 0
_DIGITS0_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(d - 1 for d in digits) for digits in DIGITS_OF
)


#: per key, its slot's bit (``10 * cell + digit - 1``)
_SLOT_BIT: Final[tuple[int, ...]] = tuple(
    1 << (10 * ((key >> 1) % 81) + (key >> 1) // 81) for key in range(2 * 729)
)


class Closure:
    """Everything an assumption implies, followed as Sudoku Explainer follows it: every
    pending "on" before the next "off", each potential kept with the first implication
    that reached it. Potentials are keys; their parents are rebuilt when asked: a
    dynamic single's hidden parents are the "offs" that had emptied its cell or house
    when it was found, recorded as a bit set (``hidden``)."""

    __slots__ = (
        "advanced",
        "cause",
        "clash",
        "extra",
        "first",
        "hidden",
        "level",
        "lines",
        "memo",
        "nested",
        "sets",
    )

    def __init__(self) -> None:
        self.first: dict[Key, Key] = {}  # potential -> the potential it follows from
        self.cause: dict[Key, int] = {}  # an "on": CELL or its house
        self.hidden: dict[
            Key, int
        ] = {}  # an "on": the digits (CELL) or cells (house) it needed off
        self.advanced: dict[Key, tuple[tuple[Key, ...], str]] = {}  # an "off" a technique found
        self.nested: dict[Key, object] = {}  # an "off" a nested chain found: that chain
        self.extra: dict[Key, tuple[Key, int, int]] = {}  # the clash's new potential
        self.clash: tuple[Key, Key] | None = None  # (on, off) of the potential found both
        self.memo: dict[Key, int] = {}
        self.sets: tuple[int, int] | None = None
        self.lines: dict[Key, int] = {}

    def slots(self) -> tuple[int, int]:
        """The potentials as two sets of slots (bit ``10 * cell + digit - 1``): on, off."""
        if self.sets is None:
            on = off = 0
            slot_bit = _SLOT_BIT
            for key in self.first:
                if key & 1:
                    on |= slot_bit[key]
                else:
                    off |= slot_bit[key]
            self.sets = on, off
        return self.sets

    def line(self, key: Key) -> int:
        """The potentials on ``key``'s first-parent line, itself included: no more than
        its complexity (``count``). Remembered for every potential on the line."""
        lines = self.lines
        found = lines.get(key)
        if found is not None:
            return found
        path = [key]
        extra = self.extra.get(key)
        parent = extra[0] if extra is not None else self.first[key]
        first = self.first
        while parent >= 0 and parent not in lines:
            path.append(parent)
            parent = first[parent]
        length = lines[parent] if parent >= 0 else 0
        for k in reversed(path):
            length += 1
            lines[k] = length
        return length

    def __contains__(self, key: Key) -> bool:
        return key in self.first

    def parents(self, key: Key) -> list[Key]:
        if key in self.extra:
            first, cause, hidden = self.extra[key]
        elif key in self.advanced:
            return list(self.advanced[key][0])
        else:
            first = self.first[key]
            if first < 0:
                return []
            if not key & 1:
                return [first]
            cause, hidden = self.cause[key], self.hidden[key]
        out = [first]
        if hidden:
            node = key >> 1
            cell, digit = node % 81, node // 81 + 1
            if cause == CELL:
                out += [key_of(cell, d, False) for d in DIGITS_OF[hidden]]
            else:
                out += [key_of(c, digit, False) for c in cells_in(hidden)]
        return out

    def ancestors(self, key: Key) -> set[Key]:
        seen: set[Key] = set()
        todo = [key]
        first, extra, advanced, hidden = self.first, self.extra, self.advanced, self.hidden
        add, push, pop = seen.add, todo.append, todo.pop
        while todo:
            k = pop()
            if k in seen:
                continue
            add(k)
            if k in extra or (k & 1 and hidden.get(k)):
                todo.extend(self.parents(k))
            elif k in advanced:
                todo.extend(advanced[k][0])
            else:
                parent = first[k]
                if parent >= 0:
                    push(parent)
        return seen

    def count(self, key: Key) -> int:
        """How many potentials ``key`` follows from, itself included (its complexity)."""
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = len(self.ancestors(key))
        return found

    def potential(self, key: Key, made: dict[Key, Potential] | None = None) -> Potential:
        """``key`` as a ``Potential`` with its parents, for words and pictures."""
        made = {} if made is None else made
        order = []
        todo = [key]
        while todo:
            k = todo.pop()
            if k in made:
                continue
            order.append(k)
            todo.extend(p for p in self.parents(k) if p not in made)
        for k in reversed(order):
            if k in made:
                continue
            parents = tuple(
                made[p] if p in made else self.potential(p, made) for p in self.parents(k)
            )
            rule, nested = "", self.nested.get(k)
            cause = CELL
            if k in self.advanced:
                cause, rule = ADVANCED, self.advanced[k][1]
            elif k in self.extra:
                cause = self.extra[k][1]
            elif k & 1 and k in self.cause:
                cause = self.cause[k]
            made[k] = Potential(k, parents, cause, rule, nested)
        return made[key]


def follow(
    grid: Grid,
    on: Key | None,
    off: Key | None,
    dynamic: bool,
    cell_links: bool = True,
    level: int = 0,
    limit: int = 0,
) -> Closure:
    """The closure of one assumption (``on`` or ``off``), as ``Chaining.chain`` finds it.

    Besides ``first`` (every potential, in the order found), the potentials found are
    kept per digit as bit sets of cells (``ons``, ``offs``), so that an "on" turns off
    its digit's peers not yet off in one step."""
    closure = Closure()
    first, cause, hidden = closure.first, closure.cause, closure.hidden
    masks = grid.masks[:] if dynamic else grid.masks
    places = grid.places[:] if dynamic else grid.places
    source_masks, source_places = grid.masks, grid.places
    ons = [0] * 9
    offs = [0] * 9
    pending_on: deque[Key] = deque()
    pending_off: deque[Key] = deque()
    take_on, take_off = pending_on.popleft, pending_off.popleft
    push_on, push_off = pending_on.append, pending_off.append
    node_of = _NODE
    cell_keys_of, digits0_of = _CELL_KEYS, _DIGITS0_OF
    if on is not None:
        first[on] = -1
        cause[on] = CELL
        hidden[on] = 0
        pending_on.append(on)
        ons[(on >> 1) // 81] |= 1 << (on >> 1) % 81
    if off is not None:
        first[off] = -1
        pending_off.append(off)
        offs[(off >> 1) // 81] |= 1 << (off >> 1) % 81
    while True:
        if pending_on:
            p = take_on()
            cell, d0, bit, _ = node_of[p >> 1]
            if cell_links:
                cell_keys = cell_keys_of[cell]
                for d in digits0_of[masks[cell] & ~(1 << d0)]:
                    if ons[d] & bit:
                        q = cell_keys[d]
                        closure.extra[q] = (p, CELL, 0)
                        closure.clash = (q | 1, q)
                        return closure
                    if not offs[d] & bit:
                        offs[d] |= bit
                        q = cell_keys[d]
                        first[q] = p
                        push_off(q)
            peers = places[d0] & PEER_BITS[cell]
            if peers & ons[d0]:
                _peer_clash(closure, p, peers, offs[d0])
                return closure
            new = peers & ~offs[d0]
            if new:
                offs[d0] |= new
                base = (81 * d0) << 1
                for part in PEERS_IN_ORDER[cell]:
                    bits = new & part
                    while bits:
                        low = bits & -bits
                        bits ^= low
                        q = base + ((low.bit_length() - 1) << 1)
                        first[q] = p
                        push_off(q)
            continue
        if pending_off:
            p = take_off()
            cell, d0, own, parts = node_of[p >> 1]
            digit_places = places[d0]
            if cell_links:
                mask = masks[cell]
                if mask.bit_count() == 2:
                    d = (mask & ~(1 << d0)).bit_length() - 1
                    if not ons[d] & own:
                        q = ((81 * d + cell) << 1) | 1
                        gone = source_masks[cell] & ~mask if dynamic else 0
                        if offs[d] & own:
                            closure.extra[q] = (p, CELL, gone)
                            closure.clash = (q, q & ~1)
                            return closure
                        ons[d] |= own
                        first[q] = p
                        cause[q] = CELL
                        hidden[q] = gone
                        push_on(q)
            for house, bits in parts:
                others = digit_places & bits
                if others and not others & (others - 1) and not ons[d0] & others:
                    q = ((81 * d0 + others.bit_length() - 1) << 1) | 1
                    lost = source_places[d0] & UNIT_BITS[house] & ~digit_places if dynamic else 0
                    if offs[d0] & others:
                        closure.extra[q] = (p, house, lost)
                        closure.clash = (q, q & ~1)
                        return closure
                    ons[d0] |= others
                    first[q] = p
                    cause[q] = house
                    hidden[q] = lost
                    push_on(q)
            if dynamic:
                masks[cell] &= ~(1 << d0)
                places[d0] = digit_places & ~own
            continue
        if level > 0:
            work = Grid(masks, places, grid.digits)
            offs_found = advanced_offs(work, grid, closure, level)
            if not offs_found and level >= 2:
                nested_offs = _levels().nested_offs
                assert nested_offs is not None  # _levels checked it
                offs_found = nested_offs(work, grid, closure, level, limit)
            for found in offs_found:
                if found.key not in first:
                    first[found.key] = found.parents[0].key
                    closure.advanced[found.key] = (tuple(q.key for q in found.parents), found.rule)
                    if found.nested is not None:
                        closure.nested[found.key] = found.nested
                    pending_off.append(found.key)
                    offs[found.digit - 1] |= 1 << found.cell
            if pending_off:
                continue
        return closure


#: the singles' closures of the last grid others were within (``found_all``)
_BASE: list[tuple[tuple[int, ...], Closures]] = []


def _base_closures(grid: Grid) -> Closures:
    key = tuple(grid.masks)
    if not _BASE or _BASE[0][0] != key:
        assert grid.digits is not None
        _BASE[:] = [(key, Closures(views_of(grid.digits, grid.masks)))]
    return _BASE[0][1]


def _peer_clash(closure: Closure, p: Key, peers: int, offs: int) -> None:
    """An "on" that turns off a peer found on: the "offs" it turns on before that one,
    then the clash, in the order ``follow`` takes them (box, row, column)."""
    node = p >> 1
    cell, d0 = node % 81, node // 81
    base = (81 * d0) << 1
    for part in PEERS_IN_ORDER[cell]:
        bits = peers & part
        while bits:
            low = bits & -bits
            bits ^= low
            q = base + ((low.bit_length() - 1) << 1)
            if q | 1 in closure.first:
                closure.extra[q] = (p, CELL, 0)
                closure.clash = (q | 1, q)
                return
            if not offs & low:
                closure.first[q] = p
