"""Sudoku Explainer's chaining rules written out literally and slowly, to check the fast
ones against (tests only).

``Reference(rule).hints(board)`` lists every hint of a rule the way Sudoku Explainer
builds its list: every cell, every candidate, every assumption followed potential by
potential as ``Potential`` objects, loops searched without merging repeated "offs", all
hints sorted; the rule's step is the first. ``core.techniques.chains`` gets the same
first hint without building the list (bit-set searches point where to look, closures
keep keys, loops are read off a breadth-first tree); the tests compare the two.
"""

from __future__ import annotations

from collections import deque

from xl_sudoku.core.board import Board
from xl_sudoku.core.glossary import DIGITS_OF, HOUSE_BITS, SE_HOUSES_OF, Key, cells_in, key_of
from xl_sudoku.core.techniques.chains.hints import Hint, others_in_cell, removes
from xl_sudoku.core.techniques.chains.plus import advanced_offs
from xl_sudoku.core.techniques.chains.potentials import (
    CELL,
    ChainGrid,
    Potential,
    Potentials,
    ancestor_count,
    is_ancestor,
    root,
)
from xl_sudoku.core.techniques.chains.rules import Chaining
from xl_sudoku.core.techniques.chains.static import cycle_hint


def on_to_off(grid: ChainGrid, p: Potential, cell_links: bool) -> list[Potential]:
    """The potentials an "on" turns off: its cell's other candidates (with cell links),
    then its digit in its box, row and column."""
    cell, digit = p.cell, p.digit
    out = []
    if cell_links:
        for other in DIGITS_OF[grid.masks[cell] & ~(1 << (digit - 1))]:
            out.append(Potential(key_of(cell, other, False), (p,), CELL))
    seen = 1 << cell
    places = grid.places[digit - 1]
    base = (81 * (digit - 1)) << 1
    for house in SE_HOUSES_OF[cell]:
        others = places & HOUSE_BITS[house] & ~seen
        seen |= others
        for c in cells_in(others):
            out.append(Potential(base + (c << 1), (p,), house))
    return out


def off_to_on(
    grid: ChainGrid,
    p: Potential,
    source: ChainGrid,
    offs: Potentials,
    cell_links: bool,
    house_links: bool,
) -> list[Potential]:
    """The potentials an "off" turns on: its cell's other candidate if the cell has two,
    its digit's other place in a house that has two. In a dynamic chain ``grid`` has lost
    the "offs" already followed, and a single found that way names them as parents too
    (those of ``source``'s candidates it has lost)."""
    cell, digit = p.cell, p.digit
    out: list[Potential] = []
    found: set[Key] = set()
    if cell_links:
        mask = grid.masks[cell]
        if mask.bit_count() == 2:
            other = DIGITS_OF[mask & ~(1 << (digit - 1))][0]
            parents = [p]
            for gone in DIGITS_OF[source.masks[cell] & ~mask]:
                hidden = offs.get(key_of(cell, gone, False))
                if hidden is not None:
                    parents.append(hidden)
            key = key_of(cell, other, True)
            found.add(key)
            out.append(Potential(key, tuple(parents), CELL))
    if house_links:
        places = grid.places[digit - 1]
        lost_places = source.places[digit - 1] & ~places
        own = 1 << cell
        for house in SE_HOUSES_OF[cell]:
            bits = HOUSE_BITS[house]
            others = places & bits & ~own
            if others.bit_count() != 1:
                continue
            key = key_of(others.bit_length() - 1, digit, True)
            if key in found:
                continue
            found.add(key)
            parents = [p]
            for gone in cells_in(lost_places & bits):
                hidden = offs.get(key_of(gone, digit, False))
                if hidden is not None:
                    parents.append(hidden)
            out.append(Potential(key, tuple(parents), house))
    return out


def literal_forcing_chain(grid: ChainGrid, source: Potential, y: bool) -> Potential | None:
    """A static chain from ``source`` to its opposite as Sudoku Explainer follows it,
    layer by layer, with ``Potential`` objects: the first implication of the opposite."""
    to_on: Potentials = {}
    to_off: Potentials = {}
    (to_on if source.on else to_off)[source.key] = source
    opposite = source.key ^ 1
    found: Potential | None = None
    pending_on = deque(to_on.values())
    pending_off = deque(to_off.values())
    while pending_on or pending_off:
        while pending_on:
            p = pending_on.popleft()
            for q in on_to_off(grid, p, y):
                if q.key == opposite and found is None:
                    found = q
                if q.key not in to_off:
                    to_off[q.key] = q
                    pending_off.append(q)
        while pending_off:
            p = pending_off.popleft()
            for q in off_to_on(grid, p, grid, to_off, y, True):
                if q.key == opposite and found is None:
                    found = q
                if q.key not in to_on:
                    to_on[q.key] = q
                    pending_on.append(q)
        if found is not None:
            return found
    return found


def literal_cycles(grid: ChainGrid, source: Potential, y: bool, x: bool) -> list[Potential]:
    """Sudoku Explainer's loop search as it is written: "ons" merged, "offs" not (only
    an "off" already on the line it would extend is dropped)."""
    to_on: Potentials = {source.key: source}
    found: list[Potential] = []
    pending_on = deque([source])
    pending_off: deque[Potential] = deque()
    length = 0
    while pending_on or pending_off:
        length += 1
        while pending_on:
            p = pending_on.popleft()
            for q in on_to_off(grid, p, y):
                if not is_ancestor(p, q.key):
                    pending_off.append(q)
        length += 1
        while pending_off:
            p = pending_off.popleft()
            for q in off_to_on(grid, p, grid, {}, y, x):
                if length >= 4 and q.key == source.key:
                    found.append(q)
                if q.key not in to_on:
                    to_on[q.key] = q
                    pending_on.append(q)
    return found


class Reference(Chaining):
    """A chaining rule that lists all its hints the slow, literal way."""

    def hints(self, board: Board) -> list[Hint]:
        """Every hint of the rule, easiest first (then shortest, then by kind)."""
        grid = ChainGrid.of(board)
        if self.multiple or self.dynamic:
            found = self._multiple_hints(grid)
        else:
            found = self._loop_hints(grid, False, True)
            found += self._loop_hints(grid, True, False)
            found += self._loop_hints(grid, True, True)
        found = [h for h in found if h.removable]
        keyed = [(h.tenths, h.complexity, h.sort_key, i) for i, h in enumerate(found)]
        return [found[k[3]] for k in sorted(keyed)]

    def _loop_hints(self, grid: ChainGrid, y: bool, x: bool) -> list[Hint]:
        out: list[Hint] = []
        for cell in range(81):
            mask = grid.masks[cell]
            if mask.bit_count() < 2 or (not x and mask.bit_count() > 2):
                continue
            for digit in DIGITS_OF[mask]:
                start = Potential(key_of(cell, digit, True))
                for end in literal_cycles(grid, start, y, x):
                    hint = cycle_hint(grid, end, y, x)
                    if hint.removable:
                        out.append(hint)
                if not x:
                    continue
                chains: list[Potential] = []
                for assumed in (start, Potential(key_of(cell, digit, False))):
                    reached = literal_forcing_chain(grid, assumed, y)
                    if reached is not None and all(reached.key != c.key for c in chains):
                        chains.append(reached)
                for end in chains:
                    tenths = 70 if y else 66
                    out.append(
                        Hint(
                            "chain",
                            removes(grid, end),
                            tenths,
                            ancestor_count(end),
                            4 if y else 2,
                            root(end),
                            (end,),
                            x_links=x,
                            y_links=y,
                        )
                    )
        return out

    def _multiple_hints(self, grid: ChainGrid) -> list[Hint]:
        out: list[Hint] = []
        for cell in range(81):
            count = grid.masks[cell].bit_count()
            if count > 2 or (count > 1 and self.dynamic):
                out += self._cell_hints(grid, cell, count)
        return out

    def _cell_hints(self, grid: ChainGrid, cell: int, count: int) -> list[Hint]:
        out: list[Hint] = []
        value_on: dict[int, Potentials] = {}
        value_off: dict[int, Potentials] = {}
        cell_on: Potentials | None = None
        cell_off: Potentials = {}
        for digit in DIGITS_OF[grid.masks[cell]]:
            on_on: Potentials = {}
            on_off: Potentials = {}
            double = count >= 3 and not self.nishio and self.dynamic
            contradiction = self.dynamic or self.nishio
            out += self._binary(grid, cell, digit, on_on, on_off, double, contradiction)
            if not self.nishio:
                out += self._region_hints(grid, cell, digit, on_on, on_off)
            value_on[digit] = on_on
            value_off[digit] = on_off
            if cell_on is None:
                cell_on, cell_off = dict(on_on), dict(on_off)
            else:
                cell_on = {k: v for k, v in cell_on.items() if k in on_on}
                cell_off = {k: v for k, v in cell_off.items() if k in on_off}
        if self.nishio or cell_on is None or not (count == 2 or (self.multiple and count > 2)):
            return out
        for common, outcomes in ((cell_on, value_on), (cell_off, value_off)):
            for key, target in common.items():
                ends = tuple(outcomes[d][key] for d in DIGITS_OF[grid.masks[cell]])
                out.append(
                    Hint(
                        "cell",
                        removes(grid, target),
                        self.base_tenths,
                        sum(ancestor_count(e) for e in ends),
                        5,
                        None,
                        ends,
                        cell=cell,
                    )
                )
        return out

    def _binary(
        self,
        grid: ChainGrid,
        cell: int,
        digit: int,
        on_on: Potentials,
        on_off: Potentials,
        double: bool,
        contradiction: bool,
    ) -> list[Hint]:
        """A candidate's two states: a contradiction from either proves the other; a
        potential both reach holds."""
        out: list[Hint] = []
        p_on = Potential(key_of(cell, digit, True))
        p_off = Potential(key_of(cell, digit, False))
        on_on[p_on.key] = p_on
        clash = self.chain(grid, on_on, on_off)
        if contradiction and clash is not None:
            out.append(self._binary_hint(grid, clash, p_on, p_on, absurd=True))
        off_on: Potentials = {}
        off_off: Potentials = {p_off.key: p_off}
        clash = self.chain(grid, off_on, off_off)
        if contradiction and clash is not None:
            out.append(self._binary_hint(grid, clash, p_off, p_off, absurd=True))
        if double:
            for key, from_on in on_on.items():
                from_off = off_on.get(key)
                if from_off is not None:
                    out.append(self._binary_hint(grid, (from_on, from_off), p_on, from_on))
            for key, from_on in on_off.items():
                from_off = off_off.get(key)
                if from_off is not None:
                    out.append(self._binary_hint(grid, (from_on, from_off), p_off, from_off))
        return out

    def _binary_hint(
        self,
        grid: ChainGrid,
        ends: tuple[Potential, Potential],
        source: Potential,
        target: Potential,
        absurd: bool = False,
    ) -> Hint:
        """A contradiction (``absurd``: ``source`` leads to ``ends``, a potential both on
        and off, so ``target`` = ``source`` is false) or a double implication."""
        if absurd:
            removable = (
                others_in_cell(grid, target) if not target.on else ((target.cell, target.digit),)
            )
        else:
            removable = removes(grid, target)
        return Hint(
            "contradiction" if absurd else "double",
            removable,
            self.base_tenths,
            ancestor_count(ends[0]) + ancestor_count(ends[1]),
            7 if absurd else 1,
            source,
            ends,
        )

    def _region_hints(
        self, grid: ChainGrid, cell: int, digit: int, on_on: Potentials, on_off: Potentials
    ) -> list[Hint]:
        """Region forcing chains: each place of the digit in a house leads to the same
        conclusion. Each house is done once, from its first place."""
        out: list[Hint] = []
        for house in SE_HOUSES_OF[cell]:
            places = grid.places[digit - 1] & HOUSE_BITS[house]
            count = places.bit_count()
            if not (count == 2 or (self.multiple and count > 2)):
                continue
            if (places & -places).bit_length() - 1 != cell:
                continue
            pos_on: list[Potentials] = []
            pos_off: list[Potentials] = []
            for other in cells_in(places):
                if other == cell:
                    to_on, to_off = on_on, on_off
                else:
                    start = Potential(key_of(other, digit, True))
                    to_on, to_off = {start.key: start}, {}
                    self.chain(grid, to_on, to_off)
                pos_on.append(to_on)
                pos_off.append(to_off)
            for outcomes in (pos_on, pos_off):
                common = [k for k in outcomes[0] if all(k in o for o in outcomes[1:])]
                for key in common:
                    target = outcomes[0][key]
                    ends = tuple(o[key] for o in outcomes)
                    out.append(
                        Hint(
                            "region",
                            removes(grid, target),
                            self.base_tenths,
                            sum(ancestor_count(e) for e in ends),
                            6,
                            None,
                            ends,
                            house=house,
                            digit=digit,
                        )
                    )
        return out

    def chain(
        self, grid: ChainGrid, to_on: Potentials, to_off: Potentials
    ) -> tuple[Potential, Potential] | None:
        """Follow every implication of the potentials in ``to_on`` and ``to_off``, adding
        what they imply (every pending "on" before the next "off"); stop at the first
        potential found both on and off and return it (its "on" and its "off")."""
        work = grid.copy() if self.dynamic else grid
        cell_links = not self.nishio
        pending_on = deque(to_on.values())
        pending_off = deque(to_off.values())
        while True:
            if pending_on:
                p = pending_on.popleft()
                for q in on_to_off(work, p, cell_links):
                    conjugate = to_on.get(q.key | 1)
                    if conjugate is not None:
                        return conjugate, q
                    if q.key not in to_off:
                        to_off[q.key] = q
                        pending_off.append(q)
                continue
            if pending_off:
                p = pending_off.popleft()
                made = off_to_on(work, p, grid, to_off, cell_links, True)
                if self.dynamic:
                    work.remove(p.cell, p.digit)
                for q in made:
                    conjugate = to_off.get(q.key & ~1)
                    if conjugate is not None:
                        return q, conjugate
                    if q.key not in to_on:
                        to_on[q.key] = q
                        pending_on.append(q)
                continue
            if self.level > 0:
                for q in advanced_offs(work, grid, to_off, self.level):
                    if q.key not in to_off:
                        to_off[q.key] = q
                        pending_off.append(q)
                if pending_off:
                    continue
            return None
