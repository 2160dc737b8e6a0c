"""ALS-XZ, ALS-XY-Wing, ALS-Chain and Death Blossom (core layer, logic techniques; the
package docstring gives their arguments): the finders, their ratings and their steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from ...board import Board
from ...colours import GREEN
from ...deadline import checkpoint
from ...glossary import DIGITS_OF, Candidate, CellSet, Mask, cell_list
from ...grid import cell_name
from ...steps import Family, Step, Technique, removals_text
from .sets import ALS, almost_locked_sets, als_links, digits_set, removable_digits

# HoDoKu's almost locked set techniques; Sudoku Explainer has none: rated by size on
# the scale of Sukaku's wings (``size_rating``), the base being the
# smallest pattern that is not already a wing
ALS_XZ = Technique("als-xz", "ALS-XZ", 5.5, Family.ALS, GREEN)
ALS_XY_WING = Technique("als-xy-wing", "ALS-XY-Wing", 5.6, Family.ALS, GREEN)
ALS_CHAIN = Technique("als-chain", "ALS-Chain", 5.7, Family.ALS, GREEN)
DEATH_BLOSSOM = Technique("death-blossom", "Death Blossom", 5.6, Family.ALS, GREEN)

__all__ = [
    "CHAIN_BUDGET",
    "MAX_CHAIN",
    "als_chains",
    "als_xy_wings",
    "als_xz",
    "death_blossoms",
    "size_rating",
]


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


def _prepared(
    board: Board,
) -> tuple[tuple[ALS, ...], tuple[tuple[tuple[int, Mask], ...], ...], list[Mask], list[CellSet]]:
    """What the ALS searches start from: the sets, their RC links, the digits each could
    remove, and each digit's places."""
    sets = almost_locked_sets(board)
    places = [board.cells_of(d) for d in range(1, 10)]
    return sets, als_links(board), removable_digits(board, sets), places


# --- ALS-XZ -----------------------------------------------------------------------------


def als_xz(board: Board) -> Iterator[Step]:
    """ALS-XZ, singly and doubly linked (package docstring)."""
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
    """ALS-XY-Wing (package docstring): hinge C, wings A and B."""
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
    """ALS-Chain of four to ``MAX_CHAIN`` sets (package docstring): all chains of four
    sets, then of five, and so on, as far as ``CHAIN_BUDGET`` goes; for each two ends and
    digit the easiest."""
    sets, links, removable, places = _prepared(board)
    found: dict[tuple[int, int, int], tuple[float, int, int, Callable[[], Step]]] = {}
    budget = [CHAIN_BUDGET]

    def extend(path: list[int], rcs: list[int], length: int) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        if not budget[0] & 255:
            checkpoint()
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
    """Death Blossom (package docstring): a stem cell of two to four candidates, one
    petal per candidate; petals may share cells, one set may be the petal of two digits
    (HoDoKu's overlap: whichever digit the stem takes, its petal is locked and holds z,
    wherever the others lie)."""
    sets = almost_locked_sets(board)
    removable = removable_digits(board, sets)
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
