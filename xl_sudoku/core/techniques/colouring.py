"""Simple Colouring (core layer, logic techniques; HoDoKu's, not one of Sudoku Explainer's rules).

A digit's *conjugate pairs* (its only two places in a house) link its cells; colouring a
connected group of them in two colours, one colour holds the digit in every cell and the
other in none. A colour seen twice in one house is false (*colour wrap*); a cell that
sees both colours cannot hold the digit (*colour trap*). Sudoku Explainer finds the same
eliminations as X-Chains and X-Cycles; so the engine tries Simple Colouring only after
every Sudoku Explainer rule (see ``techniques.CATALOGUE``), and it is there to choose.

*Multi-Colours* (HoDoKu's, after Sudoku Explainer's rules too) takes two such groups of
one digit, each with its colours: in each group one colour is true.

- **Type 1**: a cell of colour a1 sees a cell of colour b1 of another group: a1 and b1
  are not both true, so a2 or b2 is; a cell that sees a cell of a2 and one of b2 loses
  the digit.
- **Type 2**: colour a1 has a cell that sees a cell of b1 and one that sees a cell of b2
  (another group's two colours): one of b1, b2 is true, so a1 is false.

Rated a little above Simple Colouring (5.4): 5.5 (type 2) and 5.6 (type 1).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from functools import lru_cache

from ..board import Board
from ..colours import BLUE
from ..glossary import HOUSE_BITS, PEER_BITS, CellSet, cell_list
from ..steps import Family, Step, Technique, names, removals_text
from .memory import MEMORY, by_digit

SIMPLE_COLOURING = Technique(
    "simple-colouring", "Simple Colouring", 5.4, Family.SINGLE_DIGIT_CHAINS, BLUE
)
# HoDoKu's Multi-Colours: two colour groups of a digit; a little above Simple Colouring (5.4)
MULTI_COLOURS_1 = Technique(
    "multi-colours-1", "Multi-Colours 1", 5.6, Family.SINGLE_DIGIT_CHAINS, BLUE
)
MULTI_COLOURS_2 = Technique(
    "multi-colours-2", "Multi-Colours 2", 5.5, Family.SINGLE_DIGIT_CHAINS, BLUE
)


def _conjugates_of(cells: CellSet) -> list[tuple[int, int, int]]:
    """(house, cell, cell) for each house where a digit with these places has two."""
    out = []
    for house, bits in enumerate(HOUSE_BITS):
        places = cells & bits
        if places.bit_count() == 2:
            low = places & -places
            out.append((house, low.bit_length() - 1, (places ^ low).bit_length() - 1))
    return out


def _sees(a: int, b: int) -> bool:
    return bool(PEER_BITS[a] >> b & 1)


def _simple_colouring(digit: int, cells: CellSet) -> Iterator[Step]:
    for bits in _groups(cells):
        if (bits[0] | bits[1]).bit_count() < 3:
            continue
        groups = [cell_list(side) for side in bits]
        # colour wrap: two cells of one colour see each other -> that colour is false
        for side in (0, 1):
            clash = next(
                (
                    (a, b)
                    for i, a in enumerate(groups[side])
                    for b in groups[side][i + 1 :]
                    if _sees(a, b)
                ),
                None,
            )
            if clash:
                eliminations = tuple((c, digit) for c in groups[side])
                yield Step(
                    SIMPLE_COLOURING,
                    f"Simple Colouring {digit}: {names(clash)} have the same colour and see "
                    f"each other, so that colour is false: {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, digit) for c in groups[1 - side]),
                    alternate=tuple((c, digit) for c in groups[side]),
                )
        # colour trap: a cell outside that sees both colours
        removed = 0
        for cell in cell_list(cells & ~(bits[0] | bits[1])):
            if PEER_BITS[cell] & bits[0] and PEER_BITS[cell] & bits[1]:
                removed |= 1 << cell
        if removed:
            eliminations = tuple((c, digit) for c in cell_list(removed))
            yield Step(
                SIMPLE_COLOURING,
                f"Simple Colouring {digit}: {names(groups[0])} or {names(groups[1])} hold it; "
                f"cells that see both colours lose it: {removals_text(eliminations)}",
                eliminations=eliminations,
                pattern=tuple((c, digit) for c in groups[0]),
                alternate=tuple((c, digit) for c in groups[1]),
            )


simple_colouring = by_digit(_simple_colouring)


# --- Multi-Colours ----------------------------------------------------------------------


def _groups(cells: CellSet) -> list[tuple[CellSet, CellSet]]:
    """A digit's colour groups (its places ``cells``): the two colours of each connected
    group of conjugate pairs, as sets of cells, in the order of their lowest cell."""
    links: dict[int, list[int]] = {}
    for _, a, b in _conjugates_of(cells):
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen: set[int] = set()
    out = []
    for start in sorted(links):
        if start in seen:
            continue
        colour = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for other in links[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    queue.append(other)
        seen |= colour.keys()
        sides = [0, 0]
        for c, k in colour.items():
            sides[k] |= 1 << c
        out.append((sides[0], sides[1]))
    return out


def _seen(cells: CellSet) -> CellSet:
    """The cells that see some cell of ``cells``."""
    out = 0
    for c in cell_list(cells):
        out |= PEER_BITS[c]
    return out


@lru_cache(maxsize=MEMORY)
def multi_colours_of(digit: int, cells: CellSet) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """A digit's Multi-Colours steps (module docstring): type 1, type 2."""
    groups = _groups(cells)
    first: list[Step] = []
    second: list[Step] = []
    for i, (a1, a2) in enumerate(groups):
        for j, (b1, b2) in enumerate(groups):
            if i == j:
                continue
            # type 2: a colour of group i that sees both colours of group j is false
            for mine, other in ((a1, a2), (a2, a1)):
                sees = [c for c in cell_list(mine) if PEER_BITS[c] & b1]
                sees_too = [c for c in cell_list(mine) if PEER_BITS[c] & b2]
                if sees and sees_too:
                    removed = tuple((c, digit) for c in cell_list(mine))
                    second.append(
                        Step(
                            MULTI_COLOURS_2,
                            f"Multi-Colours 2 {digit}: {names(cell_list(mine))} (one colour) "
                            f"see both colours of {names(cell_list(b1))} / "
                            f"{names(cell_list(b2))}, so that colour is false: "
                            f"{removals_text(removed)}",
                            eliminations=removed,
                            pattern=tuple((c, digit) for c in cell_list(other | b1 | b2)),
                            alternate=tuple((c, digit) for c in cell_list(mine)),
                        )
                    )
            if j < i:
                continue  # type 1 is symmetric in the two groups
            # type 1: a1 sees b1, so a2 or b2 holds the digit
            for x1, x2 in ((a1, a2), (a2, a1)):
                for y1, y2 in ((b1, b2), (b2, b1)):
                    if not _seen(x1) & y1:
                        continue
                    victims = cells & _seen(x2) & _seen(y2) & ~(x2 | y2)
                    if not victims:
                        continue
                    removed = tuple((c, digit) for c in cell_list(victims))
                    first.append(
                        Step(
                            MULTI_COLOURS_1,
                            f"Multi-Colours 1 {digit}: {names(cell_list(x1))} and "
                            f"{names(cell_list(y1))} (colours of two groups) see each other, "
                            f"so {names(cell_list(x2))} or {names(cell_list(y2))} hold it: "
                            f"{removals_text(removed)}",
                            eliminations=removed,
                            pattern=tuple((c, digit) for c in cell_list(x2 | y2)),
                            alternate=tuple((c, digit) for c in cell_list(x1 | y1)),
                        )
                    )
    return tuple(first), tuple(second)


def multi_colours_1(board: Board) -> Iterator[Step]:
    """Multi-Colours type 1 (module docstring), digit by digit."""
    for digit in range(1, 10):
        yield from multi_colours_of(digit, board.cells_of(digit))[0]


def multi_colours_2(board: Board) -> Iterator[Step]:
    """Multi-Colours type 2 (module docstring), digit by digit."""
    for digit in range(1, 10):
        yield from multi_colours_of(digit, board.cells_of(digit))[1]
