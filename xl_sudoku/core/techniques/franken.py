"""Franken and Mutant fish, basic and finned, of two to four houses (core layer, logic
techniques; HoDoKu's, after every one of Sudoku Explainer's rules).

A fish of one digit: n *base* houses and n *cover* houses, the base houses' places of the
digit all in the cover houses but for some *fins*. Were there no fin, the digit would take
n places in the base houses, one in each (places two base houses share are *endo fins*,
counted as fins), all inside the cover houses, which hold it n times in all: so the cover
houses hold it nowhere else, and their other places lose it. With fins, either a fin holds
the digit or the fish stands: a cover place outside the base that sees every fin loses it
either way. A base place in two cover houses loses it too (*cannibalism*), if it sees the
fins.

Basic fish take rows for the base and columns for the cover (or the reverse): the
``fish`` module's. HoDoKu's *Franken* fish add boxes, to the base (rows, boxes: then
columns and boxes cover) or to the cover; *Mutant* fish mix rows and columns in the base
or in the cover. Each base house keeps a place that is no fin; fins are at most
``MAX_FINS``.

Ratings (HoDoKu's techniques; Sudoku Explainer has none), proposed above the finned fish
of the same size (4.3, 5.7, 6.1: Sukaku's grouped chains of as many links): Franken +0.2,
Mutant +0.4, fins +0.2 more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations
from typing import Final

from ..board import Board
from ..colours import ORANGE
from ..deadline import checkpoint
from ..glossary import (
    BOX_HOUSES,
    CELLS,
    COL_HOUSES,
    HOUSE_BITS,
    HOUSES_OF,
    PEER_BITS,
    ROW_HOUSES,
    CellSet,
    cell_list,
    member_list,
)
from ..grid import house_name
from ..steps import Family, Step, Technique, names, removals_text
from .memory import MEMORY

# HoDoKu's Franken and Mutant fish of two to four houses: boxes in the base or the cover
# (Franken), rows and columns mixed (Mutant); proposed above the finned fish of the same
# size (4.3, 5.7, 6.1): Franken +0.2, Mutant +0.4, fins +0.2. A family of their own: their
# search takes seconds a position (the jellyfish), so choosing the fish ("fish") does not
# choose them
_FRANKEN = Family.FRANKEN_AND_MUTANT_FISH
FRANKEN_X_WING = Technique("franken-x-wing", "Franken X-Wing", 4.5, _FRANKEN, ORANGE)
FRANKEN_SWORDFISH = Technique("franken-swordfish", "Franken Swordfish", 5.9, _FRANKEN, ORANGE)
FRANKEN_JELLYFISH = Technique("franken-jellyfish", "Franken Jellyfish", 6.3, _FRANKEN, ORANGE)
FINNED_FRANKEN_X_WING = Technique(
    "finned-franken-x-wing", "Finned Franken X-Wing", 4.7, _FRANKEN, ORANGE
)
FINNED_FRANKEN_SWORDFISH = Technique(
    "finned-franken-swordfish", "Finned Franken Swordfish", 6.1, _FRANKEN, ORANGE
)
FINNED_FRANKEN_JELLYFISH = Technique(
    "finned-franken-jellyfish", "Finned Franken Jellyfish", 6.5, _FRANKEN, ORANGE
)
MUTANT_X_WING = Technique("mutant-x-wing", "Mutant X-Wing", 4.7, _FRANKEN, ORANGE)
MUTANT_SWORDFISH = Technique("mutant-swordfish", "Mutant Swordfish", 6.1, _FRANKEN, ORANGE)
MUTANT_JELLYFISH = Technique("mutant-jellyfish", "Mutant Jellyfish", 6.5, _FRANKEN, ORANGE)
FINNED_MUTANT_X_WING = Technique(
    "finned-mutant-x-wing", "Finned Mutant X-Wing", 4.9, _FRANKEN, ORANGE
)
FINNED_MUTANT_SWORDFISH = Technique(
    "finned-mutant-swordfish", "Finned Mutant Swordfish", 6.3, _FRANKEN, ORANGE
)
FINNED_MUTANT_JELLYFISH = Technique(
    "finned-mutant-jellyfish", "Finned Mutant Jellyfish", 6.7, _FRANKEN, ORANGE
)

MAX_FINS = 5  # HoDoKu's defaults
MAX_ENDO_FINS = 2
_KIND = tuple(0 if u < 9 else 1 if u < 18 else 2 for u in range(27))  # row, column, box

_TECHNIQUES: dict[tuple[bool, bool, int], Technique] = {
    (False, False, 2): FRANKEN_X_WING,
    (False, False, 3): FRANKEN_SWORDFISH,
    (False, False, 4): FRANKEN_JELLYFISH,
    (False, True, 2): FINNED_FRANKEN_X_WING,
    (False, True, 3): FINNED_FRANKEN_SWORDFISH,
    (False, True, 4): FINNED_FRANKEN_JELLYFISH,
    (True, False, 2): MUTANT_X_WING,
    (True, False, 3): MUTANT_SWORDFISH,
    (True, False, 4): MUTANT_JELLYFISH,
    (True, True, 2): FINNED_MUTANT_X_WING,
    (True, True, 3): FINNED_MUTANT_SWORDFISH,
    (True, True, 4): FINNED_MUTANT_JELLYFISH,
}


def _common_peers(cells: CellSet) -> CellSet:
    seen = -1
    for c in cell_list(cells):
        seen &= PEER_BITS[c]
    return seen


def _is_mutant(base: int, cover: int) -> bool:
    """Mutant: rows and columns together in the base or in the cover (or a box-only
    side facing rows and columns); Franken: a box, lines of one kind on each side."""
    lines = 0b011
    if base & lines == lines or cover & lines == lines:
        return True
    # rows (and boxes) against columns (and boxes): Franken; rows against rows: mutant
    return bool(base & cover & lines)


#: per cell, its three houses as a 27-bit set of houses (bit ``house``)
_HOUSE_SET_OF: Final = tuple(sum(1 << h for h in HOUSES_OF[c]) for c in CELLS)
_ROW_SET, _COL_SET, _BOX_SET = (
    sum(1 << h for h in kind) for kind in (ROW_HOUSES, COL_HOUSES, BOX_HOUSES)
)


def _kinds_of(house_set: int) -> int:
    """The kinds of house in a 27-bit set of houses: row 1, column 2, box 4."""
    kinds = bool(house_set & _ROW_SET) | bool(house_set & _COL_SET) << 1
    return kinds | bool(house_set & _BOX_SET) << 2


class _Fish:
    """The search for one digit's fish of one size (a Franken or a Mutant search)."""

    def __init__(self, digit: int, cells: CellSet, size: int, mutant: bool) -> None:
        self.digit = digit
        self.cells = cells
        self.size = size
        self.mutant = mutant
        self.places = [cells & HOUSE_BITS[u] for u in range(27)]
        self.found: dict[tuple[int, int], tuple[bool, Callable[[], Step]]] = {}
        self._peers: dict[CellSet, CellSet] = {}
        # the base at hand: its houses, their places, the endo fins, the cover houses
        # allowed, the cover states met
        self.base = 0
        self.union = 0
        self.endo = 0
        self.options = 0
        self.near = [0] * 81  # per base place: the base places a cover house shares with it
        self.met: set[int] = set()  # the covers met for the base at hand
        self.covers = 0  # full covers tried (a deadline's checkpoint every 256)

    def sides(self) -> Iterator[tuple[int, int]]:
        """(the houses a base may take, those its cover may take), for the kind sought."""
        if self.mutant:
            yield (1 << 27) - 1, (1 << 27) - 1
        else:
            yield _ROW_SET | _BOX_SET, _COL_SET | _BOX_SET
            yield _COL_SET | _BOX_SET, _ROW_SET | _BOX_SET

    def search(self) -> None:
        places = self.places
        for base_allowed, cover_allowed in self.sides():
            houses = [u for u in range(27) if base_allowed >> u & 1 and places[u]]
            for i, base in enumerate(combinations(houses, self.size)):
                if not i & 15:
                    checkpoint()
                union = endo = 0
                for u in base:
                    endo |= union & places[u]
                    union |= places[u]
                if endo.bit_count() > MAX_ENDO_FINS:
                    continue
                base_houses = sum(1 << u for u in base)
                if not self.mutant and _kinds_of(base_houses) & 0b011 == 0b011:
                    continue
                options = 0
                for u in member_list(cover_allowed & ~base_houses):
                    if places[u] & union:
                        options |= 1 << u
                self.base, self.union, self.endo, self.options = base_houses, union, endo, options
                self._base()

    def _base(self) -> None:
        """The fish on the base at hand: without fins (every base place covered), then,
        for each place that could lose the digit, with fins that all see it (the places
        that do not see it covered)."""
        union, endo = self.union, self.endo
        coverable = 0
        options = member_list(self.options)
        gains = []
        for u in options:
            coverable |= self.places[u]
            gains.append((self.places[u] & union).bit_count())
        gains.sort(reverse=True)
        if union.bit_count() - sum(gains[: self.size]) > MAX_FINS:
            return  # the best cover leaves too many fins
        near = self.near
        for cell in cell_list(union):
            near[cell] = 1 << cell
        for u in options:
            shared = self.places[u] & union
            for cell in cell_list(shared):
                near[cell] |= shared
        self.met = set()
        sought: set[CellSet] = set()  # a ``must`` sought again meets only covers met
        if not endo and not union & ~coverable:
            sought.add(union)
            self._cover(union, 0, 0, 0)
        if (union & ~coverable).bit_count() + endo.bit_count() > MAX_FINS:
            return
        # a victim lies in a house the cover may take, and sees every endo fin
        victims = coverable & self.peers(endo) if endo else coverable
        for victim in cell_list(victims):
            must = union & ~PEER_BITS[victim] & ~endo
            if must & ~coverable or must in sought:
                continue
            sought.add(must)
            if not len(sought) & 15:
                checkpoint()
            self._cover(must, 0, 0, 0)

    def peers(self, cells: CellSet) -> CellSet:
        """The cells that see every one of ``cells`` (remembered)."""
        seen = self._peers.get(cells)
        if seen is None:
            seen = -1
            for c in cell_list(cells):
                seen &= PEER_BITS[c]
            self._peers[cells] = seen
        return seen

    def _cover(self, must: CellSet, cover: int, count: int, covered: CellSet) -> None:
        """Choose cover houses until ``must`` (the base places that may not be fins) is
        covered, lowest place first; then fill the cover up to the fish's size."""
        rest = must & ~covered
        if not rest:
            if cover not in self.met:
                self.met.add(cover)
                self._complete(cover, count, covered)
            return
        left = self.size - count
        if not left:
            return
        # places of the rest no two of which a cover house takes: one house each, so no
        # room for the rest if they are more than ``left``
        apart, near = rest, self.near
        for _ in range(left):
            apart &= ~near[(apart & -apart).bit_length() - 1]
            if not apart:
                break
        else:
            return
        low = rest & -rest
        options = _HOUSE_SET_OF[low.bit_length() - 1] & self.options & ~cover
        places = self.places
        while options:
            house = options & -options
            options ^= house
            self._cover(must, cover | house, count + 1, covered | places[house.bit_length() - 1])

    def _complete(self, cover: int, count: int, covered: CellSet, after: int = -1) -> None:
        """A cover of ``count`` houses that takes every place it must: made up to the
        fish's size with other houses (in increasing order, past ``after``), each fish
        checked."""
        if count == self.size:
            self.covers += 1
            if not self.covers & 255:
                checkpoint()
            fins = (self.union & ~covered) | self.endo
            if fins.bit_count() <= MAX_FINS:
                self._fish(cover, covered, fins)
            return
        for u in member_list(self.options & ~cover & -(1 << (after + 1))):
            self._complete(cover | 1 << u, count + 1, covered | self.places[u], u)

    def _fish(self, cover: int, covered: CellSet, fins: CellSet) -> None:
        places, base = self.places, self.base
        if any(not places[u] & ~fins for u in member_list(base)):
            return  # a base house made of fins
        base_kinds, cover_kinds = _kinds_of(base), _kinds_of(cover)
        if (base_kinds | cover_kinds) & 0b100 == 0 and base_kinds & cover_kinds == 0:
            return  # a basic fish: the ``fish`` module's
        if _is_mutant(base_kinds, cover_kinds) != self.mutant:
            return
        twice = seen_once = 0  # base places in two cover houses
        for u in member_list(cover):
            twice |= seen_once & places[u]
            seen_once |= places[u]
        union = self.union
        victims = (covered & ~union) | (twice & union & ~fins)
        if fins:
            victims &= self.peers(fins)
        victims &= self.cells & ~fins
        if not victims or (base, cover) in self.found:
            return
        endo = self.endo
        self.found[(base, cover)] = (
            bool(fins),
            lambda: _step(self, (base, cover), fins, endo, victims),
        )


def _step(
    fish: _Fish, houses: tuple[int, int], fins: CellSet, endo: CellSet, victims: CellSet
) -> Step:
    digit = fish.digit
    base, cover = member_list(houses[0]), member_list(houses[1])
    technique = _TECHNIQUES[(fish.mutant, bool(fins), fish.size)]
    eliminations = tuple((c, digit) for c in cell_list(victims))
    base_cells = 0
    for u in base:
        base_cells |= fish.places[u]
    fin_text = ""
    if fins:
        exo = fins & ~endo
        parts = []
        if exo:
            parts.append(f"{'fin' if exo.bit_count() == 1 else 'fins'} {names(cell_list(exo))}")
        if endo:
            word = "endo fin" if endo.bit_count() == 1 else "endo fins"
            parts.append(f"{word} {names(cell_list(endo))}")
        fin_text = ", " + ", ".join(parts)
    return Step(
        technique,
        f"{technique.name} {digit} in {_houses(base)} ({_houses(cover)}){fin_text}: "
        f"{removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, digit) for c in cell_list(base_cells & ~fins)),
        alternate=tuple((c, digit) for c in cell_list(fins)),
        houses=(*base, *cover),
    )


def _houses(houses: list[int]) -> str:
    """``row 1, box 5``."""
    return ", ".join(house_name(u) for u in sorted(houses))


@lru_cache(maxsize=MEMORY)
def fish_of(
    digit: int, cells: CellSet, size: int, mutant: bool
) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """A digit's Franken (or Mutant) fish of one size, without fins and with, those that
    remove most first."""
    search = _Fish(digit, cells, size, mutant)
    search.search()
    made = [(finned, make()) for finned, make in search.found.values()]
    made.sort(key=lambda item: -len(item[1].eliminations))
    return (
        tuple(s for finned, s in made if not finned),
        tuple(s for finned, s in made if finned),
    )


def _finder(size: int, mutant: bool, finned: bool) -> Callable[[Board], Iterator[Step]]:
    def finder(board: Board) -> Iterator[Step]:
        for digit in range(1, 10):
            yield from fish_of(digit, board.cells_of(digit), size, mutant)[finned]

    kind = ("finned_" if finned else "") + ("mutant" if mutant else "franken")
    finder.__name__ = finder.__qualname__ = f"{kind}_fish_{size}"
    return finder


franken_x_wings = _finder(2, False, False)
franken_swordfish = _finder(3, False, False)
franken_jellyfish = _finder(4, False, False)
finned_franken_x_wings = _finder(2, False, True)
finned_franken_swordfish = _finder(3, False, True)
finned_franken_jellyfish = _finder(4, False, True)
mutant_x_wings = _finder(2, True, False)
mutant_swordfish = _finder(3, True, False)
mutant_jellyfish = _finder(4, True, False)
finned_mutant_x_wings = _finder(2, True, True)
finned_mutant_swordfish = _finder(3, True, True)
finned_mutant_jellyfish = _finder(4, True, True)
