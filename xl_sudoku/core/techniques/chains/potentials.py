"""The chain's vocabulary (core layer, logic techniques): a *potential* (a candidate assumed
on or off, with what implied it), its packed ``Key``, the chain's candidate grid
(``ChainGrid``), and the tables the chain searches index by cell or by key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...board import Board
from ...glossary import DIGITS_OF, HOUSE_BITS, SE_HOUSES_OF, Key, key_of
from ...grid import cell_name

CELL: Final = -1  # the cause of a cell link (a house link's cause is its house index)
ADVANCED: Final = -2  # the cause of an "off" found by a technique inside the chain


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
        nested: object | None = None,  # a nested_hint.Nested
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


class ChainGrid:
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
    def of(cls, board: Board) -> ChainGrid:
        return cls(board.masks[:], [board.cells_of(d) for d in range(1, 10)], board.digits)

    def copy(self) -> ChainGrid:
        return ChainGrid(self.masks[:], self.places[:], self.digits)

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


def root(p: Potential) -> Potential:
    while p.parents:
        p = p.parents[0]
    return p


def is_ancestor(child: Potential, key: Key) -> bool:
    """Whether ``key`` is on the first-parent line of ``child``."""
    p = child
    while p.parents:
        p = p.parents[0]
        if p.key == key:
            return True
    return False


#: per cell, the cells that share its box, then its row outside the box, then its column
#: outside the box: the order in which Sudoku Explainer turns a digit off in the peers
PEERS_IN_ORDER: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (
        HOUSE_BITS[SE_HOUSES_OF[c][0]] & ~(1 << c),
        HOUSE_BITS[SE_HOUSES_OF[c][1]] & ~HOUSE_BITS[SE_HOUSES_OF[c][0]],
        HOUSE_BITS[SE_HOUSES_OF[c][2]] & ~HOUSE_BITS[SE_HOUSES_OF[c][0]],
    )
    for c in range(81)
)


#: per cell, its houses (box, row, column), each with the peers ``PEERS_IN_ORDER`` takes
#: in it (a row or column: those outside the box)
PEER_PARTS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(zip(SE_HOUSES_OF[c], PEERS_IN_ORDER[c], strict=True)) for c in range(81)
)


#: per cell, its houses (box, row, column) and their other cells
HOUSE_PARTS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((house, HOUSE_BITS[house] & ~(1 << c)) for house in SE_HOUSES_OF[c]) for c in range(81)
)


#: per node (``key >> 1``): its cell, its digit from 0, the cell's bit, ``HOUSE_PARTS``
NODE: Final[tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]] = tuple(
    (node % 81, node // 81, 1 << node % 81, HOUSE_PARTS[node % 81]) for node in range(729)
)


#: per cell, the "off" key of each digit (from 0) there
CELL_KEYS: Final[tuple[tuple[Key, ...], ...]] = tuple(
    tuple(key_of(cell, d + 1, False) for d in range(9)) for cell in range(81)
)
#: per mask, its digits from 0
DIGITS0_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(d - 1 for d in digits) for digits in DIGITS_OF
)


#: per key, its slot's bit (``10 * cell + digit - 1``)
SLOT_BIT: Final[tuple[int, ...]] = tuple(
    1 << (10 * ((key >> 1) % 81) + (key >> 1) // 81) for key in range(2 * 729)
)
