"""A hint a chaining rule finds inside another chain, and what it adds to the
complexity of the hint that uses it (core layer, logic techniques; ``nesting``'s levels).

A nested level of Sudoku Explainer's dynamic forcing chains (``nesting``) uses, inside a
chain, the hints of a chaining rule on the chain's grid. Each is a ``Nested``: what it
removes, the "ons" whose singles its chains use (its *rule parents* come from those), and
its chains, written out only when two hints must be told apart. ``weigh`` gives a hint's
complexity: its chains' potentials and the nested hints among their ancestors, each set
of chains counted once (``nested_complexity``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ...glossary import HOUSE_BITS, Key
from ...grid import cell_name
from .closures import Closure
from .potentials import CELL, DIGITS0_OF, ChainGrid

#: each "on" potential whose single a nested hint's chains use, with its cause (CELL,
#: or the house) as one int (``on_with_cause``), in the order Sudoku Explainer collects its rule
#: parents: ints, not pairs, as the searches keep their hints (a level-4 search, 8,000
#: and more: pairs made the cycle collector's first look at them take 0.2-0.3 s)
Ons = tuple[int, ...]


def on_with_cause(key: Key, cause: int) -> int:
    """An "on" and its cause as one int (``Ons``): ``key << 5 | cause + 2``."""
    return key << 5 | (cause + 2)


class Nested:
    """A hint of a chaining rule found inside another chain (on that chain's grid)."""

    __slots__ = ("_identity", "_ons", "complexity", "ends", "name", "removable", "whole")

    def __init__(
        self,
        name: str,
        complexity: int,
        removable: tuple[tuple[int, int], ...],
        ons: Ons | Callable[[], Ons],
        chains: tuple[tuple[Key, ...], Callable[[], tuple[tuple[Key, ...], ...]]],
    ) -> None:
        self.name = name  # its kind: X-Chain, XY-Chain, cycle, cell forcing chain, ...
        self.complexity = complexity  # its chains' potentials and its own nested chains'
        self.removable = removable  # in the order Sudoku Explainer turns them off
        self._ons = ons  # or how to find them, when first asked
        # where each of its chains ends (the first key of each), and how to write them out
        # potential by potential (``identity``), asked only if another's ends match
        self.ends, self.whole = chains
        self._identity: tuple[tuple[Key, ...], ...] | None = None

    @property
    def identity(self) -> tuple[tuple[Key, ...], ...]:
        """Its chains, each from its end breadth-first: two nested hints with the same
        chains count once in a hint's complexity (Sudoku Explainer's ``FullChain``)."""
        if self._identity is None:
            self._identity = self.whole()
        return self._identity

    @property
    def ons(self) -> Ons:
        """Each "on" whose single its chains use, with its cause (``Ons``)."""
        if callable(self._ons):
            self._ons = self._ons()
        return self._ons

    @property
    def text(self) -> str:
        """``X-Chain r1c2<>5 -> ...``: its kind and its first chain, from the start."""
        line = reversed(self.identity[0])
        return f"{self.name} {' -> '.join(key_name(k) for k in line)}"

    def parents(self, source: ChainGrid, current: ChainGrid) -> list[Key]:
        """The "offs" it needs: for each "on" its chains use, what ``current`` has lost
        of ``source`` in its cell (a cell's single) or of its digit in its house."""
        out: dict[Key, None] = {}
        add = out.setdefault
        source_masks, masks = source.masks, current.masks
        for on in self.ons:
            node, cause = on >> 6, (on & 31) - 2
            cell, d0 = node % 81, node // 81
            if cause == CELL:
                for d in DIGITS0_OF[source_masks[cell] & ~masks[cell]]:
                    add((81 * d + cell) << 1, None)  # ``key_of(cell, d + 1, False)``
            else:
                lost = source.places[d0] & ~current.places[d0] & HOUSE_BITS[cause]
                while lost:
                    low = lost & -lost
                    lost ^= low
                    add((81 * d0 + low.bit_length() - 1) << 1, None)
        return list(out)


def nested_complexity(nested: list[Nested]) -> int:
    """The complexity the nested hints add, each set of chains counted once."""
    if not nested:
        return 0
    unique = list({id(n): n for n in nested}.values())
    if len(unique) == 1:
        return unique[0].complexity
    # two with the same chains end at the same keys: chains are written out (``identity``)
    # only for hints whose ends another's match (line 112's level-4 step: 1,242 of 5,296)
    by_ends: dict[tuple[Key, ...], list[Nested]] = {}
    for n in unique:
        by_ends.setdefault(n.ends, []).append(n)
    total = 0
    for group in by_ends.values():
        if len(group) == 1:
            total += group[0].complexity
            continue
        seen: set[tuple[tuple[Key, ...], ...]] = set()
        for n in group:
            if n.identity not in seen:
                seen.add(n.identity)
                total += n.complexity
    return total


def weigh(ends: tuple[tuple[Closure, Key], ...]) -> tuple[int, int]:
    """The complexity of a hint whose chains end at ``ends``: its chains' potentials (each
    end's ``Closure.count``) and the nested chains among their ancestors
    (``nested_complexity``), each end's ancestors walked once for both."""
    flat = 0
    found: list[Nested] = []
    for closure, key in ends:
        nested = closure.nested
        count = closure.memo.get(key)
        if count is None or nested:
            ancestors = closure.ancestors(key)
            if count is None:
                count = closure.memo[key] = len(ancestors)
            if nested:
                found += [cast(Nested, nested[k]) for k in ancestors if k in nested]
        flat += count
    return flat, nested_complexity(found)


def key_name(key: Key) -> str:
    node = key >> 1
    return f"{cell_name(node % 81)}{'=' if key & 1 else '<>'}{node // 81 + 1}"


def java_map_order(pairs: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """(cell, digit) pairs in the order a Java ``HashMap`` of cells iterates them: by cell
    index modulo its table size (16, doubled while the cells exceed three quarters of
    it), cells that share a slot in the order they came; each cell's digits in order."""
    cells: dict[int, list[int]] = {}
    for cell, digit in pairs:
        cells.setdefault(cell, []).append(digit)
    size = 16
    while len(cells) > size * 3 // 4:
        size *= 2
    order = sorted(enumerate(cells), key=lambda item: (item[1] % size, item[0]))
    return tuple((cell, d) for _, cell in order for d in sorted(cells[cell]))
