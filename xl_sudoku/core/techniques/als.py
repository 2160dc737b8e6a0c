"""Almost Locked Sets: the sets, and ALS-XZ, ALS-XY-Wing, ALS-Chain, Death Blossom
(core layer, logic techniques).

An *almost locked set* (ALS) is N open cells of one house whose candidates together are
N+1 digits (a cell with two candidates is the smallest). Were one of its digits taken
away, the other N would be locked in the set: each placed in it, once.

A digit ``x`` is a *restricted common* (RC) of two ALSs that share no cell when every
cell of one holding ``x`` sees every cell of the other holding ``x``: ``x`` is in at
most one of them, so at least one of them is locked on its other digits.

- **ALS-XZ**: ALSs A and B with an RC ``x``. One of them is locked without ``x``, so a
  digit ``z`` (not ``x``) of both is in A or in B: ``z`` leaves every cell that sees
  all the ``z`` of both. *Doubly linked* (two RCs ``x1``, ``x2``): each set misses one
  of the two, so every other digit of A is placed in A (it leaves every cell that sees
  all its places in A), likewise for B, and each RC is in A or B (it leaves every cell
  that sees all its places in both).
- **ALS-XY-Wing**: a hinge C with an RC ``x`` to A and an RC ``y`` to B (``x != y``).
  C misses at most one of them, so A or B is locked: a digit ``z`` of A and B (not
  ``x``, ``y``) is in A or B and leaves cells that see all of them. A and B may share
  cells (HoDoKu's overlap): the argument never needs them apart.
- **ALS-Chain**: A1 -x1- A2 -x2- ... -xk- An, consecutive RCs different: were ``z`` (a
  digit of A1 and An, not ``x1``, ``xk``) out of A1, A1 would hold ``x1``, A2 would not,
  so A2 would hold ``x2``, ... and An would hold ``z``. ``z`` leaves every cell that
  sees all ``z`` of A1 and An. ALS-XZ and ALS-XY-Wing are the chains of two and three.
  Sets next to each other share no cell (their link needs it); the others may, as in
  HoDoKu's chains: the argument goes from each set to the next only.
- **Death Blossom**: a stem cell and, for each of its candidates ``d``, a *petal* ALS
  whose every ``d`` sees the stem. Whichever digit the stem takes, that petal loses it
  and is locked: a digit ``z`` of every petal (not a stem candidate) is in one of them
  and leaves every cell that sees all the petals' ``z``. Petals may share cells
  (HoDoKu's overlap), for the same reason.

``almost_locked_sets(board)`` gives every ALS of a position (each once, however many
houses hold it), remembered for the position; ``restricted_commons`` and ``als_links``
give the RCs. They are meant for other techniques too (ALS nodes in chains).

Ratings (Sudoku Explainer has none of these): Sukaku Explainer's wings are ALS-XZ
with a bivalue cell for B and rate by size: XYZ-Wing (3 cells) 4.4, WXYZ-Wing (4) 5.5,
VWXYZ-Wing (5) 6.2, UVWXYZ-Wing (6) 6.6, TUVWXYZ-Wing (7) 7.5. ``size_rating`` extends
that table by the cells of the pattern, and every set beyond two adds 0.1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from ..board import PEER_BITS, Board, CellSet, cell_list
from ..candidates import DIGITS_OF, Mask
from ..grid import UNITS, cell_name
from ..steps import (
    ALS_CHAIN,
    ALS_XY_WING,
    ALS_XZ,
    DEATH_BLOSSOM,
    Candidate,
    Step,
    removals_text,
)

__all__ = [
    "ALS",
    "almost_locked_sets",
    "als_chains",
    "als_links",
    "als_xy_wings",
    "als_xz",
    "death_blossoms",
    "restricted_commons",
    "sets_in_houses",
    "sets_of_size",
    "size_rating",
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
        self.house = house  # a unit (index into UNITS) that holds it
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


def _mini_lines(unit: int) -> tuple[int, ...]:
    """For a box, its three rows' and three columns' cells as 9-bit subsets of the box
    (by position in the unit); nothing for a row or a column."""
    if unit < 18:
        return ()
    return (0b111, 0b111000, 0b111000000, 0b1001001, 0b10010010, 0b100100100)


_MINI_LINES = tuple(_mini_lines(u) for u in range(27))


@lru_cache(maxsize=27)
def _subset_cells(unit: int) -> tuple[CellSet, ...]:
    """The cells of each subset of a unit's nine positions (bit ``i``: ``UNITS[unit][i]``)."""
    out = [0] * 512
    for subset in range(1, 512):
        low = subset & -subset
        out[subset] = out[subset ^ low] | 1 << UNITS[unit][low.bit_length() - 1]
    return tuple(out)


#: per unit, the last sets made for it: its masks and its sets by subset of positions
_HOUSE_LAST: list[tuple[tuple[Mask, ...], dict[int, ALS]]] = [((), {})] * 27


@lru_cache(maxsize=8192)
def _house_sets(unit: int, masks: tuple[Mask, ...]) -> tuple[ALS, ...]:
    """Every ALS of one house, ``masks`` being its nine cells' candidates: subsets of
    its open cells (two candidates or more) with one digit more than cells. A box
    leaves out the sets that lie in one of its rows or columns, a column the single
    cells: a row has them. A set whose cells have the candidates they had when the
    house was last asked about is the same set: it is taken from then."""
    cells = UNITS[unit]
    open9 = sum(1 << i for i, m in enumerate(masks) if m & (m - 1))
    before, made = _HOUSE_LAST[unit]
    # the positions whose candidates are as they were
    same = sum(1 << i for i in range(9) if masks[i] == before[i]) if before else 0
    minis = _MINI_LINES[unit]
    union = [0] * 512
    found = []
    sets: dict[int, ALS] = {}
    places = [0] * 9
    for i, c in enumerate(cells):
        for d in DIGITS_OF[masks[i]]:
            places[d - 1] |= 1 << c
    subset_cells = _subset_cells(unit)
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
        if 9 <= unit < 18 and subset == low:
            continue  # one cell: its row has it
        als = made.get(subset) if not subset & ~same else None
        if als is None:
            als = ALS(subset_cells[subset], digits, unit, places)
        sets[subset] = als
        found.append(als)
    _HOUSE_LAST[unit] = (masks, sets)
    return tuple(found)


class _Last:
    """What ``almost_locked_sets``, ``als_links`` and ``_removable`` made for the last
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
    for unit, unit_cells in enumerate(UNITS):
        sets += _house_sets(unit, tuple([masks[c] for c in unit_cells]))
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
    for unit in houses:
        for als in _house_sets(unit, tuple([masks[c] for c in UNITS[unit]])):
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


# --- ratings --------------------------------------------------------------------------

#: Sukaku Explainer's wings by their cells: XYZ-Wing 3, WXYZ 4, VWXYZ 5, UVWXYZ 6,
#: TUVWXYZ 7 (their lowest ratings)
_BY_CELLS = {3: 4.4, 4: 5.5, 5: 6.2, 6: 6.6, 7: 7.5}


def size_rating(cells: int, sets: int = 2) -> float:
    """The proposed rating of an ALS pattern of ``cells`` cells in ``sets`` sets (a stem
    cell counts as a set): Sukaku's wing of as many cells, 0.1 per cell past seven (at
    most 8.0), and 0.1 for every set beyond two."""
    base = _BY_CELLS.get(cells, 4.4) if cells <= 7 else min(7.5 + 0.1 * (cells - 7), 8.0)
    return round(base + 0.1 * (sets - 2), 1)


Found = list[tuple[float, int, int, Callable[[], Step]]]


def _ordered(found: Found) -> Iterator[Step]:
    """The steps found (rating, minus eliminations, order found, how to make the step):
    easiest first, then the most eliminations, then as found; each made when asked."""
    found.sort(key=lambda item: item[:3])
    for *_, make in found:
        yield make()


def _pattern(masks: list[Mask], removed: Iterable[Candidate], *sets: ALS) -> tuple[Candidate, ...]:
    """The candidates of the sets' cells, but those the step removes."""
    gone = set(removed)
    return tuple(
        (c, d)
        for a in sets
        for c in cell_list(a.cells)
        for d in DIGITS_OF[masks[c]]
        if (c, d) not in gone
    )


def _digit_list(digits: Mask) -> str:
    return ",".join(str(d) for d in DIGITS_OF[digits])


def _mask_of(digits: Iterable[int]) -> Mask:
    mask = 0
    for d in digits:
        mask |= 1 << (d - 1)
    return mask


def _removable(board: Board, sets: tuple[ALS, ...]) -> list[Mask]:
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


def _prepared(
    board: Board,
) -> tuple[tuple[ALS, ...], tuple[tuple[tuple[int, Mask], ...], ...], list[Mask], list[CellSet]]:
    """What the ALS searches start from: the sets, their RC links, the digits each could
    remove, and each digit's places."""
    sets = almost_locked_sets(board)
    places = [board.cells_of(d) for d in range(1, 10)]
    return sets, als_links(board), _removable(board, sets), places


# --- ALS-XZ -----------------------------------------------------------------------------


def als_xz(board: Board) -> Iterator[Step]:
    """ALS-XZ, singly and doubly linked (module docstring)."""
    sets, links, removable, places = _prepared(board)
    found: Found = []
    for i, row in enumerate(links):
        a = sets[i]
        for j, rcs in row:
            if j < i:
                continue
            b = sets[j]
            eliminations: list[Candidate] = []
            if rcs & (rcs - 1):  # doubly linked
                for x in DIGITS_OF[rcs]:
                    victims = a.sees[x - 1] & b.sees[x - 1] & places[x - 1]
                    eliminations += [(c, x) for c in cell_list(victims)]
                for one, others in ((a, removable[i]), (b, removable[j])):
                    for d in DIGITS_OF[others & ~rcs]:
                        victims = one.sees[d - 1] & places[d - 1]
                        eliminations += [(c, d) for c in cell_list(victims)]
                eliminations = sorted(set(eliminations))
            else:
                for z in DIGITS_OF[a.digits & b.digits & ~rcs & removable[i] & removable[j]]:
                    victims = a.sees[z - 1] & b.sees[z - 1] & places[z - 1]
                    eliminations += [(c, z) for c in cell_list(victims)]
            if eliminations:
                rating = size_rating(a.size + b.size)
                make = _xz_step(board, (a, b), rcs, tuple(sorted(eliminations)), rating)
                found.append((rating, -len(eliminations), len(found), make))
    return _ordered(found)


def _xz_step(
    board: Board, sets: tuple[ALS, ALS], rcs: Mask, removed: tuple[Candidate, ...], rating: float
) -> Callable[[], Step]:
    """How to make the step of ALS-XZ ``sets`` (A, B) with the RC digits ``rcs``."""
    a, b = sets

    def make() -> Step:
        if rcs & (rcs - 1):
            links = f"X={_digit_list(rcs)} (doubly linked)"
        else:
            links = f"X={_digit_list(rcs)}, Z={_digit_list(_mask_of(d for _, d in removed))}"
        return Step(
            ALS_XZ,
            f"ALS-XZ: A={a.text()}, B={b.text()}, {links}: {removals_text(removed)}",
            eliminations=removed,
            pattern=_pattern(board.masks, removed, a, b),
            houses=(a.house, b.house),
            rating=rating,
        )

    return make


# --- ALS-XY-Wing ------------------------------------------------------------------------


def als_xy_wings(board: Board) -> Iterator[Step]:
    """ALS-XY-Wing (module docstring): hinge C, wings A and B."""
    sets, links, removable, places = _prepared(board)
    found: Found = []
    for h, row in enumerate(links):
        for k, (i, x_rcs) in enumerate(row):
            a = sets[i]
            a_removable = removable[i] & a.digits
            if not a_removable:
                continue
            for j, y_rcs in row[k + 1 :]:
                zs = a_removable & removable[j] & sets[j].digits
                if not zs:
                    continue
                b = sets[j]  # A and B may share cells: z is in A or in B all the same
                for x in DIGITS_OF[x_rcs]:
                    for y in DIGITS_OF[y_rcs]:
                        if x == y:
                            continue
                        eliminations: list[Candidate] = []
                        for z in DIGITS_OF[zs & ~(1 << (x - 1)) & ~(1 << (y - 1))]:
                            victims = a.sees[z - 1] & b.sees[z - 1] & places[z - 1]
                            eliminations += [(c, z) for c in cell_list(victims)]
                        if eliminations:
                            hinge = sets[h]
                            rating = size_rating(a.size + b.size + hinge.size, 3)
                            make = _xy_step(
                                board, (a, b, hinge), (x, y), tuple(eliminations), rating
                            )
                            found.append((rating, -len(eliminations), len(found), make))
    return _ordered(found)


def _xy_step(
    board: Board,
    sets: tuple[ALS, ALS, ALS],
    rcs: tuple[int, int],
    removed: tuple[Candidate, ...],
    rating: float,
) -> Callable[[], Step]:
    """How to make the step of ALS-XY-Wing ``sets`` (wings A and B, hinge C) with the RC
    digits ``rcs`` (X of A and C, Y of B and C)."""
    a, b, hinge = sets
    x, y = rcs

    def make() -> Step:
        zs = _digit_list(_mask_of(d for _, d in removed))
        return Step(
            ALS_XY_WING,
            f"ALS-XY-Wing: A={a.text()}, B={b.text()}, C={hinge.text()}, X,Y={x},{y}, "
            f"Z={zs}: {removals_text(removed)}",
            eliminations=removed,
            pattern=_pattern(board.masks, removed, a, b, hinge),
            houses=(a.house, b.house, hinge.house),
            rating=rating,
        )

    return make


# --- ALS-Chain ---------------------------------------------------------------------------

#: the longest ALS-Chain searched, in sets
MAX_CHAIN = 6
#: at most this many partial chains are extended per search (the search stops there,
#: always at the same place): the chain search grows fast with the sets' links
CHAIN_BUDGET = 20_000


def als_chains(board: Board) -> Iterator[Step]:
    """ALS-Chain of four to ``MAX_CHAIN`` sets (module docstring): all chains of four
    sets, then of five, and so on, as far as ``CHAIN_BUDGET`` goes; for each two ends and
    digit the easiest."""
    sets, links, removable, places = _prepared(board)
    found: dict[tuple[int, int, int], tuple[float, int, int, Callable[[], Step]]] = {}
    budget = [CHAIN_BUDGET]

    def extend(path: list[int], rcs: list[int], length: int) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        for j, digits in links[path[-1]]:
            if j in path:
                continue  # neighbours share no cell (a link); others may (HoDoKu's chains)
            for x in DIGITS_OF[digits]:
                if x == rcs[-1]:
                    continue
                path.append(j)
                rcs.append(x)
                if len(path) == length:
                    if path[0] < j and removable[j] & removable[path[0]]:
                        close(path, rcs)
                else:
                    extend(path, rcs, length)
                path.pop()
                rcs.pop()

    def close(path: list[int], rcs: list[int]) -> None:
        first, last = sets[path[0]], sets[path[-1]]
        zs = first.digits & last.digits & removable[path[0]] & removable[path[-1]]
        zs &= ~(1 << (rcs[1] - 1)) & ~(1 << (rcs[-1] - 1))
        for z in DIGITS_OF[zs]:  # a cell of a middle set may lose z (HoDoKu's rule too)
            victims = first.sees[z - 1] & last.sees[z - 1] & places[z - 1]
            if not victims:
                continue
            key = (path[0], path[-1], z)
            rating = size_rating(sum(sets[i].size for i in path), len(path))
            if key in found and found[key][0] <= rating:
                continue
            removed = tuple((c, z) for c in cell_list(victims))
            chain = tuple(sets[i] for i in path)
            make = _chain_step(board, chain, tuple(rcs[1:]), removed, rating)
            found[key] = (rating, -len(removed), len(found), make)

    for length in range(4, MAX_CHAIN + 1):
        for i in range(len(sets)):
            if links[i] and removable[i]:
                extend([i], [0], length)
    return _ordered(list(found.values()))


def _chain_step(
    board: Board,
    chain: tuple[ALS, ...],
    rcs: tuple[int, ...],
    removed: tuple[Candidate, ...],
    rating: float,
) -> Callable[[], Step]:
    """How to make the step of an ALS-Chain (its sets, the RC digits between them) that
    removes ``removed``, all of one digit Z."""
    z = removed[0][1]

    def make() -> Step:
        text = f"A={chain[0].text()}"
        for k in range(1, len(chain)):
            text += f" -{rcs[k - 1]}- {chr(65 + k)}={chain[k].text()}"
        return Step(
            ALS_CHAIN,
            f"ALS-Chain: {text}, Z={z}: {removals_text(removed)}",
            eliminations=removed,
            pattern=_pattern(board.masks, removed, *chain),
            houses=tuple(a.house for a in chain),
            rating=rating,
        )

    return make


# --- Death Blossom -------------------------------------------------------------------------


def death_blossoms(board: Board) -> Iterator[Step]:
    """Death Blossom (module docstring): a stem cell of two to four candidates, one
    petal per candidate; petals may share cells, one set may be the petal of two digits
    (HoDoKu's overlap: whichever digit the stem takes, its petal is locked and holds z,
    wherever the others lie)."""
    sets = almost_locked_sets(board)
    removable = _removable(board, sets)
    masks = board.masks
    stems = 0
    for c in cell_list(board.open_bits):
        if 2 <= masks[c].bit_count() <= 4:
            stems |= 1 << c
    # petals[stem][d]: the sets whose every d sees the stem, that could remove a digit
    # the stem does not hold
    petals: dict[int, list[list[ALS]]] = {}
    for i, a in enumerate(sets):
        if not removable[i]:
            continue
        for d in DIGITS_OF[a.digits]:
            for stem in cell_list(a.sees[d - 1] & board.cells_of(d) & stems):
                if not removable[i] & ~masks[stem]:
                    continue
                row = petals.get(stem)
                if row is None:
                    row = petals[stem] = [[] for _ in range(9)]
                row[d - 1].append(a)
    found: Found = []
    for stem in sorted(petals):
        digits = DIGITS_OF[masks[stem]]
        choices = [petals[stem][d - 1] for d in digits]
        if all(choices):
            _blossom(_Stem(board, stem, digits, choices, found), [], 0x1FF, [0] * 9)
    return _ordered(found)


class _Stem(NamedTuple):
    """The search for one stem's Death Blossoms: the board, the stem cell, its digits,
    each digit's petals to choose from, and where the blossoms found go."""

    board: Board
    cell: int
    digits: tuple[int, ...]
    petals: list[list[ALS]]
    found: Found


def _blossom(stem: _Stem, chosen: list[ALS], zs: Mask, victims: list[CellSet]) -> None:
    """Choose a petal for each stem digit in turn, keeping the digits ``zs`` all chosen
    petals hold and, per digit, the cells that see all of them."""
    board, cell, digits, petals, found = stem
    k = len(chosen)
    if k == len(digits):
        removed = tuple(sorted((c, z) for z in DIGITS_OF[zs] for c in cell_list(victims[z - 1])))
        if removed:
            size = 1 + sum(a.size for a in chosen)
            rating = size_rating(size, len(digits) + 1)
            make = _blossom_step(board, cell, tuple(chosen), removed, rating)
            found.append((rating, -len(removed), len(found), make))
        return
    stem_mask = board.masks[cell]
    for a in petals[k]:
        next_zs = zs & a.digits & ~stem_mask
        if not next_zs:
            continue
        next_victims = victims[:]
        alive = 0
        for z in DIGITS_OF[next_zs]:
            seen = a.sees[z - 1] & (victims[z - 1] if k else board.cells_of(z))
            next_victims[z - 1] = seen
            if seen:
                alive |= 1 << (z - 1)
        if not alive:
            continue
        chosen.append(a)
        _blossom(stem, chosen, alive, next_victims)
        chosen.pop()


def _blossom_step(
    board: Board,
    stem: int,
    chosen: tuple[ALS, ...],
    removed: tuple[Candidate, ...],
    rating: float,
) -> Callable[[], Step]:
    """How to make the step of the Death Blossom of ``stem`` with a petal for each of its
    digits, in order (``chosen``)."""
    digits = DIGITS_OF[board.masks[stem]]

    def make() -> Step:
        masks = board.masks
        parts = ", ".join(f"-{d}- {a.text()}" for d, a in zip(digits, chosen, strict=True))
        zs = _digit_list(_mask_of(z for _, z in removed))
        return Step(
            DEATH_BLOSSOM,
            f"Death Blossom: stem {cell_name(stem)} {digits_set(masks[stem])}, {parts}, "
            f"Z={zs}: {removals_text(removed)}",
            eliminations=removed,
            pattern=tuple((stem, d) for d in digits) + _pattern(masks, removed, *chosen),
            houses=tuple(a.house for a in chosen),
            rating=rating,
        )

    return make
