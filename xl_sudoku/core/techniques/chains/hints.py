"""A chaining rule's conclusions (core layer, logic techniques): ``Hint`` (one conclusion,
with the chains that prove it), ``Found`` (a hint found, not made yet) and what each
removes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...glossary import DIGITS_OF, Key
from .potentials import ChainGrid, Potential
from .rating import length_tenths

if TYPE_CHECKING:
    from .closures import Closure


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


def others_in_cell(grid: ChainGrid, target: Potential) -> tuple[tuple[int, int], ...]:
    """What an "on" target removes: the other candidates of its cell."""
    cell = target.cell
    return tuple((cell, d) for d in DIGITS_OF[grid.masks[cell] & ~(1 << (target.digit - 1))])


def removes_key(grid: ChainGrid, key: Key) -> tuple[tuple[int, int], ...]:
    node = key >> 1
    cell, digit = node % 81, node // 81 + 1
    if key & 1:
        return tuple((cell, d) for d in DIGITS_OF[grid.masks[cell] & ~(1 << (digit - 1))])
    return ((cell, digit),)


def removes(grid: ChainGrid, target: Potential) -> tuple[tuple[int, int], ...]:
    if target.on:
        return others_in_cell(grid, target)
    return ((target.cell, target.digit),)


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


def found_removes(hint: Found, grid: ChainGrid) -> tuple[tuple[int, int], ...]:
    target = hint[3]
    return removes_key(grid, target) if isinstance(target, int) else target


def lower_bounds(found: list[Found], indices: Iterable[int]) -> list[tuple[int, int, int]]:
    """For the hints of ``found`` at ``indices``, sorted: a lower bound of each one's
    complexity (the length of its chains' first-parent lines, ``Closure.line``), its sort
    key and its index. Written out (a search asks for tens of thousands)."""
    bounds = []
    for i in indices:
        hint = found[i]
        lower = 0
        for closure, key in hint[1]:
            line = closure.lines.get(key)
            lower += line if line is not None else closure.line(key)
        bounds.append((lower, hint[0], i))
    bounds.sort()
    return bounds


def rated(hints: Iterable[Hint]) -> list[tuple[float, Hint]]:
    return [(h.rating, h) for h in hints]
