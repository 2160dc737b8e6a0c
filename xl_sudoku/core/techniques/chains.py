"""Chains: Skyscraper, 2-String Kite, Simple Colouring, X-Chain, XY-Chain (core layer).

A *strong link* joins two candidates of which at least one is true: the only two
places of a digit in a unit, or the only two digits of a cell. A *weak link* joins two
candidates of which at most one is true: the same digit in two cells that see each
other. A chain alternates strong and weak links and starts and ends with a strong
one, so one of its two ends is true: the digit leaves every cell that sees both ends.

Skyscraper and 2-String Kite are the shortest chains on one digit (three links);
X-Chain is any such chain on one digit; XY-Chain runs through cells with two
candidates. Simple Colouring colours one digit's strong links in two colours: one
colour is all true; a colour seen twice in a unit is false, and a cell that sees both
colours loses the digit. Chains are searched breadth first, so the shortest is found.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import combinations, product

from ..board import COL_BITS, PEER_BITS, ROW_BITS, UNIT_BITS, Board, cell_list
from ..candidates import DIGITS_OF
from ..grid import box_of, cell_name, col_of, row_of, unit_name
from ..steps import (
    SIMPLE_COLOURING,
    SKYSCRAPER,
    TURBOT_FISH,
    TWO_STRING_KITE,
    X_CHAIN,
    XY_CHAIN,
    Step,
    Technique,
    names,
    removals_text,
)

_LENGTH_STEPS = (4, 6, 8, 12, 16, 24, 32, 48, 64)


def chain_rating(base: float, nodes: int) -> float:
    """A chain's rating: its base plus 0.1 for each length threshold it passes."""
    return round(base + 0.1 * sum(1 for step in _LENGTH_STEPS if nodes > step), 1)


def _conjugates(board: Board, digit: int) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for each unit where the digit has exactly two places."""
    cells = board.cells_of(digit)
    out = []
    for unit, bits in enumerate(UNIT_BITS):
        places = cells & bits
        if places.bit_count() == 2:
            low = places & -places
            out.append((unit, low.bit_length() - 1, (places ^ low).bit_length() - 1))
    return out


def _sees(a: int, b: int) -> bool:
    return bool(PEER_BITS[a] >> b & 1)


def skyscrapers(board: Board) -> Iterator[Step]:
    """Two parallel lines with two places each, one end of each in a common cross line."""
    for digit in range(1, 10):
        cells = board.cells_of(digit)
        for lines, offset, cross_of in ((ROW_BITS, 0, col_of), (COL_BITS, 9, row_of)):
            pairs = [
                (offset + i, cell_list(cells & line))
                for i, line in enumerate(lines)
                if (cells & line).bit_count() == 2
            ]
            for (line_a, ends_a), (line_b, ends_b) in combinations(pairs, 2):
                for base_a, top_a in (ends_a, ends_a[::-1]):
                    for base_b, top_b in (ends_b, ends_b[::-1]):
                        # the bases share a cross line; the tops do not (that is an X-Wing)
                        if cross_of(base_a) != cross_of(base_b) or cross_of(top_a) == cross_of(
                            top_b
                        ):
                            continue
                        removed = cells & PEER_BITS[top_a] & PEER_BITS[top_b]
                        if removed:
                            yield _single_digit_step(
                                SKYSCRAPER,
                                digit,
                                f"Skyscraper {digit} in {unit_name(line_a)} and "
                                f"{unit_name(line_b)}, base {names((base_a, base_b))}, "
                                f"tops {names((top_a, top_b))}",
                                (top_a, base_a, base_b, top_b),
                                removed,
                                (line_a, line_b),
                            )


def two_string_kites(board: Board) -> Iterator[Step]:
    """A row and a column with two places each, one end of each in a common box."""
    for digit in range(1, 10):
        cells = board.cells_of(digit)
        rows = [(r, cell_list(cells & ROW_BITS[r])) for r in range(9)]
        cols = [(c, cell_list(cells & COL_BITS[c])) for c in range(9)]
        for (row, row_ends), (col, col_ends) in product(rows, cols):
            if len(row_ends) != 2 or len(col_ends) != 2 or set(row_ends) & set(col_ends):
                continue
            for (near_row, far_row), (near_col, far_col) in product(
                (row_ends, row_ends[::-1]), (col_ends, col_ends[::-1])
            ):
                box = box_of(near_row)
                removed = cells & PEER_BITS[far_row] & PEER_BITS[far_col]
                if box == box_of(near_col) and removed:
                    yield _single_digit_step(
                        TWO_STRING_KITE,
                        digit,
                        f"2-String Kite {digit} in {unit_name(row)} and {unit_name(9 + col)}, "
                        f"joined in {unit_name(18 + box)}, ends {names((far_row, far_col))}",
                        (far_row, near_row, near_col, far_col),
                        removed,
                        (row, 9 + col, 18 + box),
                    )


def _single_digit_step(
    technique: Technique,
    digit: int,
    text: str,
    chain: tuple[int, ...],
    removed: int,
    houses: tuple[int, ...],
) -> Step:
    eliminations = tuple((c, digit) for c in cell_list(removed))
    return Step(
        technique,
        f"{text}: {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, digit) for c in chain[::2]),
        alternate=tuple((c, digit) for c in chain[1::2]),
        houses=houses,
    )


def simple_colouring(board: Board) -> Iterator[Step]:
    for digit in range(1, 10):
        cells = board.cells_of(digit)
        links: dict[int, list[int]] = {}
        for _, a, b in _conjugates(board, digit):
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
        seen: set[int] = set()
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
            if len(colour) < 3:
                continue
            groups = [[c for c, k in sorted(colour.items()) if k == side] for side in (0, 1)]
            bits = [sum(1 << c for c in g) for g in groups]
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


def turbot_fish(board: Board) -> Iterator[Step]:
    """X-Chains of four cells (three links) that are neither Skyscraper nor Kite."""
    return _x_chains(board, shortest=4, longest=4)


def x_chains(board: Board) -> Iterator[Step]:
    """X-Chains of six cells or more (shorter ones are Skyscrapers, Kites, Turbot Fish)."""
    return _x_chains(board, shortest=6, longest=81)


def _x_chains(board: Board, shortest: int, longest: int) -> Iterator[Step]:
    for digit in range(1, 10):
        cells = board.cells_of(digit)
        strong: dict[int, list[int]] = {}
        for _, a, b in _conjugates(board, digit):
            strong.setdefault(a, []).append(b)
            strong.setdefault(b, []).append(a)
        for start in sorted(strong):
            # states: (cell, on) -- "on" cells are true whenever ``start`` is false
            parent: dict[tuple[int, bool], tuple[int, bool] | None] = {(start, False): None}
            depth = {(start, False): 1}
            queue = deque([(start, False)])
            while queue:
                cell, on = queue.popleft()
                length = depth[(cell, on)]
                if on and cell != start and shortest <= length:
                    removed = cells & PEER_BITS[start] & PEER_BITS[cell]
                    if removed:
                        yield _chain_step(digit, _path(parent, (cell, True)), removed)
                if length >= longest:
                    continue
                if on:
                    nexts = [(c, False) for c in cell_list(cells & PEER_BITS[cell])]
                else:
                    nexts = [(c, True) for c in strong.get(cell, ())]
                for state in nexts:
                    if state not in parent and (state[0], not state[1]) not in parent:
                        parent[state] = (cell, on)
                        depth[state] = length + 1
                        queue.append(state)


def _path(
    parent: dict[tuple[int, bool], tuple[int, bool] | None], end: tuple[int, bool]
) -> list[int]:
    out = []
    node: tuple[int, bool] | None = end
    while node is not None:
        out.append(node[0])
        node = parent[node]
    return out[::-1]


def _chain_step(digit: int, chain: list[int], removed: int) -> Step:
    eliminations = tuple((c, digit) for c in cell_list(removed))
    links = "".join(
        f"{cell_name(c)}" + ("" if i == len(chain) - 1 else (" = " if i % 2 == 0 else " - "))
        for i, c in enumerate(chain)
    )
    technique = TURBOT_FISH if len(chain) == 4 else X_CHAIN
    return Step(
        technique,
        f"{technique.name} {digit}: {links}: one end is {digit}, {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, digit) for c in chain[1::2]),
        alternate=tuple((c, digit) for c in chain[::2]),
        rating=0.0 if len(chain) == 4 else chain_rating(X_CHAIN.rating, len(chain)),
    )


def xy_chains(board: Board) -> Iterator[Step]:
    masks = board.masks
    bivalue = [c for c in range(81) if masks[c].bit_count() == 2]
    bivalue_bits = sum(1 << c for c in bivalue)
    for start in bivalue:
        for z in DIGITS_OF[masks[start]]:
            # state: (cell, digit true in it), given that ``start`` is not z
            first = (start, DIGITS_OF[masks[start] ^ (1 << (z - 1))][0])
            parent: dict[tuple[int, int], tuple[int, int] | None] = {first: None}
            queue = deque([first])
            while queue:
                cell, true = queue.popleft()
                if cell != start and true == z:
                    chain = _xy_path(parent, (cell, true))
                    if len(chain) >= 3:
                        removed = board.cells_of(z) & PEER_BITS[start] & PEER_BITS[cell]
                        if removed:
                            yield _xy_step(board, z, chain, removed)
                    continue
                for other in cell_list(bivalue_bits & PEER_BITS[cell]):
                    if masks[other] >> (true - 1) & 1:
                        state = (other, DIGITS_OF[masks[other] ^ (1 << (true - 1))][0])
                        if state not in parent:
                            parent[state] = (cell, true)
                            queue.append(state)


def _xy_path(
    parent: dict[tuple[int, int], tuple[int, int] | None], end: tuple[int, int]
) -> list[tuple[int, int]]:
    out = []
    node: tuple[int, int] | None = end
    while node is not None:
        out.append(node)
        node = parent[node]
    return out[::-1]


def _xy_step(board: Board, z: int, chain: list[tuple[int, int]], removed: int) -> Step:
    eliminations = tuple((c, z) for c in cell_list(removed))
    parts = []
    for cell, true in chain:
        false = DIGITS_OF[board.masks[cell] ^ (1 << (true - 1))][0]
        parts.append(f"({false}={true}){cell_name(cell)}")
    return Step(
        XY_CHAIN,
        f"XY-Chain {z}: {' - '.join(parts)}: one end is {z}, {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, d) for c, _ in chain for d in DIGITS_OF[board.masks[c]]),
        rating=chain_rating(XY_CHAIN.rating, len(chain)),
    )
