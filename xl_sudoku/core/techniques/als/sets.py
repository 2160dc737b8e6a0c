"""The almost locked sets of a position and their restricted commons (core layer, logic
techniques; the package docstring says what they are).

``almost_locked_sets`` finds every ALS of a position, ``restricted_commons`` and
``als_links`` give their RCs, ``removable_digits`` what each set could remove: all of
them remembered for the last position (``_Last``, in the board's ``Memory``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from ...board import Board
from ...deadline import checkpoint
from ...glossary import DIGITS_OF, HOUSES, PEER_BITS, CellSet, Mask, cell_list
from ...grid import cell_name

__all__ = [
    "ALS",
    "almost_locked_sets",
    "als_links",
    "cells_text",
    "digits_set",
    "removable_digits",
    "restricted_commons",
    "sets_in_houses",
    "sets_of_size",
]

_POPCOUNT = tuple(bin(i).count("1") for i in range(512))


_COMMON_PEERS: dict[CellSet, CellSet] = {}


def _common_peers(cells: CellSet) -> CellSet:
    """The cells that see every one of ``cells``."""
    if not cells & (cells - 1):
        return PEER_BITS[cells.bit_length() - 1]
    seen = _COMMON_PEERS.get(cells)
    if seen is None:
        seen = -1
        for c in cell_list(cells):
            seen &= PEER_BITS[c]
        if len(_COMMON_PEERS) > 50_000:
            _COMMON_PEERS.clear()
        _COMMON_PEERS[cells] = seen
    return seen


class ALS:
    """One almost locked set: its cells, its digits, and per digit where it holds it.

    ``cells_of[d - 1]``: the ALS's cells holding ``d`` (0 if none). ``sees[d - 1]``: the
    cells outside the set that see every one of those (0 if ``d`` is not in the set);
    a cell there loses ``d`` whenever ``d`` must be in the set. ``near``: the cells
    outside the set that see at least one of its cells.
    """

    __slots__ = ("cells", "cells_of", "digits", "house", "near", "sees", "size")

    def __init__(self, cells: CellSet, digits: Mask, house: int, places: list[CellSet]) -> None:
        """``places[d - 1]``: the cells around (at least those of the set) that hold
        ``d``."""
        self.cells = cells
        self.digits = digits
        self.house = house  # a house (index into HOUSES) that holds it
        near = 0
        size = 0
        rest = cells
        while rest:
            low = rest & -rest
            near |= PEER_BITS[low.bit_length() - 1]
            rest ^= low
            size += 1
        self.size = size
        self.near = near & ~cells
        cells_of = [0] * 9
        sees = [0] * 9
        for d in DIGITS_OF[digits]:
            holding = cells & places[d - 1]
            cells_of[d - 1] = holding
            sees[d - 1] = _common_peers(holding) & ~cells
        self.cells_of = tuple(cells_of)
        self.sees = tuple(sees)

    def text(self) -> str:
        """``r1c1,r1c5 {1,5,8}``, as HoDoKu writes an ALS."""
        return f"{cells_text(self.cells)} {digits_set(self.digits)}"

    def __repr__(self) -> str:
        return f"ALS({self.text()})"


def cells_text(cells: CellSet) -> str:
    """``r1c1,r1c5``."""
    return ",".join(cell_name(c) for c in cell_list(cells))


def digits_set(digits: Mask) -> str:
    """``{1,5,8}``."""
    return "{" + ",".join(str(d) for d in DIGITS_OF[digits]) + "}"


# --- finding the sets ---------------------------------------------------------------


def _mini_lines(house: int) -> tuple[int, ...]:
    """For a box, its three rows' and three columns' cells as 9-bit subsets of the box
    (by position in the house); nothing for a row or a column."""
    if house < 18:
        return ()
    return (0b111, 0b111000, 0b111000000, 0b1001001, 0b10010010, 0b100100100)


_MINI_LINES = tuple(_mini_lines(u) for u in range(27))


@lru_cache(maxsize=27)
def _subset_cells(house: int) -> tuple[CellSet, ...]:
    """The cells of each subset of a house's nine positions (bit ``i``: ``HOUSES[house][i]``)."""
    out = [0] * 512
    for subset in range(1, 512):
        low = subset & -subset
        out[subset] = out[subset ^ low] | 1 << HOUSES[house][low.bit_length() - 1]
    return tuple(out)


#: per house, the last sets made for it: its masks and its sets by subset of positions
_HOUSE_LAST: list[tuple[tuple[Mask, ...], dict[int, ALS]]] = [((), {})] * 27


@lru_cache(maxsize=8192)
def _house_sets(house: int, masks: tuple[Mask, ...]) -> tuple[ALS, ...]:
    """Every ALS of one house, ``masks`` being its nine cells' candidates: subsets of
    its open cells (two candidates or more) with one digit more than cells. A box
    leaves out the sets that lie in one of its rows or columns, a column the single
    cells: a row has them. A set whose cells have the candidates they had when the
    house was last asked about is the same set: it is taken from then."""
    cells = HOUSES[house]
    open9 = sum(1 << i for i, m in enumerate(masks) if m & (m - 1))
    before, made = _HOUSE_LAST[house]
    # the positions whose candidates are as they were
    same = sum(1 << i for i in range(9) if masks[i] == before[i]) if before else 0
    minis = _MINI_LINES[house]
    union = [0] * 512
    found = []
    sets: dict[int, ALS] = {}
    places = [0] * 9
    for i, c in enumerate(cells):
        for d in DIGITS_OF[masks[i]]:
            places[d - 1] |= 1 << c
    subset_cells = _subset_cells(house)
    subset = 0
    while True:  # every non-empty subset of open9, each after its subsets
        subset = (subset - open9) & open9
        if not subset:
            break
        low = subset & -subset
        digits = union[subset ^ low] | masks[low.bit_length() - 1]
        union[subset] = digits
        if _POPCOUNT[digits] != _POPCOUNT[subset] + 1:
            continue
        if minis and any(not subset & ~mini for mini in minis):
            continue  # in a row or column of the box
        if 9 <= house < 18 and subset == low:
            continue  # one cell: its row has it
        als = made.get(subset) if not subset & ~same else None
        if als is None:
            als = ALS(subset_cells[subset], digits, house, places)
        sets[subset] = als
        found.append(als)
    _HOUSE_LAST[house] = (masks, sets)
    return tuple(found)


class _Last:
    """What ``almost_locked_sets``, ``als_links`` and ``removable_digits`` made for the last
    position asked about (``Memory``): its masks, its sets, its sets by size, their
    links, and what each set could remove."""

    __slots__ = ("by_size", "key", "links", "links_of", "removable", "removable_of", "sets")

    def __init__(self) -> None:
        self.key: tuple[Mask, ...] = ()
        self.sets: tuple[ALS, ...] = ()
        self.by_size: tuple[tuple[ALS, ...], ...] = ()
        self.links_of: tuple[ALS, ...] | None = None  # the sets ``links`` are of
        self.links: tuple[tuple[tuple[int, Mask], ...], ...] = ()
        self.removable_of: tuple[ALS, ...] | None = None  # the sets ``removable`` is of
        self.removable: list[Mask] = []


def almost_locked_sets(board: Board) -> tuple[ALS, ...]:
    """Every ALS of the position, each once: by house (rows, columns, boxes), then by
    their cells within the house, smaller subsets of the same cells first.

    Remembered per house and for the last position asked about, so the finders that
    use them (and the engine asking each of them, step after step) pay little.
    """
    masks = board.masks
    key = tuple(masks)
    last = board.memory.of(_Last)
    if last.key == key:
        return last.sets
    sets: list[ALS] = []
    for house, members in enumerate(HOUSES):
        checkpoint()
        sets += _house_sets(house, tuple([masks[c] for c in members]))
    result = tuple(sets)
    by_size: list[list[ALS]] = [[] for _ in range(9)]
    for a in result:
        by_size[a.size].append(a)
    last.sets, last.by_size = result, tuple(tuple(group) for group in by_size)
    last.key = key
    return result


def sets_of_size(board: Board, size: int) -> tuple[ALS, ...]:
    """The ALSs of ``size`` cells, in the order of ``almost_locked_sets``."""
    almost_locked_sets(board)
    return board.memory.of(_Last).by_size[size]


def sets_in_houses(board: Board, size: int, houses: Iterable[int]) -> Iterator[ALS]:
    """The ALSs of ``size`` cells that ``almost_locked_sets`` lists under these houses
    (each set is listed under one house only)."""
    masks = board.masks
    for house in houses:
        for als in _house_sets(house, tuple([masks[c] for c in HOUSES[house]])):
            if als.size == size:
                yield als


def restricted_commons(a: ALS, b: ALS) -> Mask:
    """The digits that are restricted commons of two ALSs (0 if they share a cell)."""
    if a.cells & b.cells:
        return 0
    found = 0
    for d in DIGITS_OF[a.digits & b.digits]:
        if not b.cells_of[d - 1] & ~a.sees[d - 1]:
            found |= 1 << (d - 1)
    return found


def als_links(board: Board) -> tuple[tuple[tuple[int, Mask], ...], ...]:
    """For each ALS of ``almost_locked_sets(board)`` (by index), the ALSs it has an RC
    with: (index, RC digits), by index. Remembered for the last position."""
    sets = almost_locked_sets(board)
    last = board.memory.of(_Last)
    if last.links_of is sets:
        return last.links
    pairs: dict[int, Mask] = {}  # i * 4096 + j (i < j) -> RC digits
    for d, groups in enumerate(_groups_by_places(sets), 1):
        if len(groups) >= 2:
            _restricted_pairs(sets, groups, board.cells_of(d), d, pairs)
    links: list[list[tuple[int, Mask]]] = [[] for _ in sets]
    for key in sorted(pairs):
        i, j = divmod(key, 4096)
        links[i].append((j, pairs[key]))
        links[j].append((i, pairs[key]))
    result = tuple(tuple(sorted(row)) for row in links)
    last.links, last.links_of = result, sets
    return result


def _groups_by_places(sets: tuple[ALS, ...]) -> list[dict[CellSet, list[int]]]:
    """Per digit, the sets holding it (by index) grouped by where they hold it: sets
    with the same places of d see the same cells, so "every place of one sees every place
    of the other" is tested once per two groups."""
    by_digit: list[dict[CellSet, list[int]]] = [{} for _ in range(9)]
    for i, a in enumerate(sets):
        cells_of = a.cells_of
        for d in DIGITS_OF[a.digits]:
            groups = by_digit[d - 1]
            places = cells_of[d - 1]
            if places in groups:
                groups[places].append(i)
            else:
                groups[places] = [i]
    return by_digit


def _restricted_pairs(
    sets: tuple[ALS, ...],
    groups: dict[CellSet, list[int]],
    places_of_d: CellSet,
    d: int,
    pairs: dict[int, Mask],
) -> None:
    """Add ``d`` to the RC digits in ``pairs`` of every two sets sharing no cell whose
    places of ``d`` (``groups``: the sets by those places) all see each other."""
    bit = 1 << (d - 1)
    by_low: dict[int, list[CellSet]] = {}  # lowest cell -> the groups' places
    for places in groups:
        by_low.setdefault(places & -places, []).append(places)
    for places, members in groups.items():
        seen = _common_peers(places)
        near = seen & places_of_d
        while near:
            low = near & -near
            near ^= low
            for other in by_low.get(low, ()):
                if other <= places or other & ~seen:
                    continue  # each two groups once; every place seen
                for j in groups[other]:
                    cells_j = sets[j].cells
                    for i in members:
                        if not sets[i].cells & cells_j:
                            key = i * 4096 + j if i < j else j * 4096 + i
                            pairs[key] = pairs.get(key, 0) | bit


def removable_digits(board: Board, sets: tuple[ALS, ...]) -> list[Mask]:
    """Per set, the digits some cell could lose by it: a candidate cell outside sees all
    the set's places of the digit. Only those can be a Z."""
    last = board.memory.of(_Last)
    if last.removable_of is sets:
        return last.removable
    places = [board.cells_of(d) for d in range(1, 10)]
    result = []
    for a in sets:
        mask = 0
        sees = a.sees
        for d in DIGITS_OF[a.digits]:
            if sees[d - 1] & places[d - 1]:
                mask |= 1 << (d - 1)
        result.append(mask)
    last.removable, last.removable_of = result, sets
    return result
