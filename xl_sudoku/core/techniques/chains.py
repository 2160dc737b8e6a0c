"""Chains: Skyscraper, 2-String Kite, Simple Colouring, X-Chain, XY-Chain, AIC (core layer).

A *strong link* joins two candidates of which at least one is true: the only two
places of a digit in a unit, or the only two digits of a cell. A *weak link* joins two
candidates of which at most one is true: the same digit in two cells that see each
other. A chain alternates strong and weak links and starts and ends with a strong
one, so one of its two ends is true: the digit leaves every cell that sees both ends.

Skyscraper and 2-String Kite are the shortest chains on one digit (three links);
X-Chain is any such chain on one digit; XY-Chain runs through cells with two
candidates. Simple Colouring colours one digit's strong links in two colours: one
colour is all true; a colour seen twice in a unit is false, and a cell that sees both
colours loses the digit. An AIC (alternating inference chain) mixes them all: its links
join candidates of any digits and cells, strong through a cell's two candidates or a
digit's two places in a unit, weak through one cell or one digit's peers; a candidate
weakly linked to both ends is false. Chains are searched breadth first, so the shortest
is found.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import combinations, product

from ..board import COL_BITS, PEER_BITS, ROW_BITS, UNIT_BITS, Board, CellSet, cell_list
from ..candidates import DIGITS_OF
from ..grid import box_of, cell_name, col_of, row_of, unit_name
from ..steps import (
    AIC,
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
from .memory import by_digit

_LENGTH_STEPS = (4, 6, 8, 12, 16, 24, 32, 48, 64)


def chain_rating(base: float, nodes: int) -> float:
    """A chain's rating: its base plus 0.1 for each length threshold it passes."""
    return round(base + 0.1 * sum(1 for step in _LENGTH_STEPS if nodes > step), 1)


def _conjugates(board: Board, digit: int) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for each unit where the digit has exactly two places."""
    return _conjugates_of(board.cells_of(digit))


def _conjugates_of(cells: CellSet) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for each unit where a digit with these places has two."""
    out = []
    for unit, bits in enumerate(UNIT_BITS):
        places = cells & bits
        if places.bit_count() == 2:
            low = places & -places
            out.append((unit, low.bit_length() - 1, (places ^ low).bit_length() - 1))
    return out


def _sees(a: int, b: int) -> bool:
    return bool(PEER_BITS[a] >> b & 1)


def _skyscrapers(digit: int, cells: CellSet) -> Iterator[Step]:
    """Two parallel lines with two places each, one end of each in a common cross line."""
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
                    if cross_of(base_a) != cross_of(base_b) or cross_of(top_a) == cross_of(top_b):
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


def _two_string_kites(digit: int, cells: CellSet) -> Iterator[Step]:
    """A row and a column with two places each, one end of each in a common box."""
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


skyscrapers = by_digit(_skyscrapers)
two_string_kites = by_digit(_two_string_kites)


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


def _simple_colouring(digit: int, cells: CellSet) -> Iterator[Step]:
    links: dict[int, list[int]] = {}
    for _, a, b in _conjugates_of(cells):
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


# X-Chains of four cells (three links) that are neither Skyscraper nor Kite
turbot_fish = by_digit(lambda d, cells: _x_chains(d, cells, 4, 4), "turbot_fish")
# X-Chains of six cells or more (shorter ones are Skyscrapers, Kites, Turbot Fish)
x_chains = by_digit(lambda d, cells: _x_chains(d, cells, 6, 81), "x_chains")


simple_colouring = by_digit(_simple_colouring)


def _x_chains(digit: int, cells: CellSet, shortest: int, longest: int) -> Iterator[Step]:
    """X-Chains of ``shortest`` to ``longest`` cells for one digit: from each start, breadth
    first on sets of cells (held as ints); a chain is traced cell by cell once found."""
    strong: dict[int, int] = {}
    for _, a, b in _conjugates_of(cells):
        strong[a] = strong.get(a, 0) | 1 << b
        strong[b] = strong.get(b, 0) | 1 << a
    for start in sorted(strong):
        seen = frontier = 1 << start  # cells false whenever ``start`` is false
        length = 1
        while frontier and length < longest:
            true = 0
            for cell in cell_list(frontier):
                true |= strong.get(cell, 0)
            true &= ~seen
            seen |= true
            length += 1
            if length >= shortest:
                for end in cell_list(true):
                    removed = cells & PEER_BITS[start] & PEER_BITS[end]
                    if removed:
                        chain = _x_trace(cells, strong, start, end)
                        yield _chain_step(digit, chain, removed)
            if length >= longest:
                break
            frontier = 0
            for cell in cell_list(true):
                frontier |= cells & PEER_BITS[cell]
            frontier &= ~seen
            seen |= frontier
            length += 1


def _x_trace(cells: CellSet, strong: dict[int, int], start: int, end: int) -> list[int]:
    """The shortest X-Chain from ``start`` (false) to ``end`` (true), cell by cell."""
    parent: dict[tuple[int, bool], tuple[int, bool] | None] = {(start, False): None}
    queue = deque([(start, False)])
    while queue:
        cell, on = queue.popleft()
        if on and cell == end:
            break
        nexts = cells & PEER_BITS[cell] if on else strong.get(cell, 0)
        for other in cell_list(nexts):
            if (other, not on) not in parent and (other, on) not in parent:
                parent[(other, not on)] = (cell, on)
                queue.append((other, not on))
    return _path(parent, (end, True))


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


# --- alternating inference chains ------------------------------------------------------

Node = int  # a candidate: 81 * (digit - 1) + cell, so one digit's cells are one shift away
AIC_LONGEST = 16  # candidates; longer chains are hard to follow, and slow to search for


def _node(cell: int, digit: int) -> Node:
    return 81 * (digit - 1) + cell


def _candidate(node: Node) -> tuple[int, int]:
    """(cell, digit) of a node."""
    index, cell = divmod(node, 81)
    return cell, index + 1


def _bits(nodes: int) -> Iterator[Node]:
    while nodes:
        low = nodes & -nodes
        nodes ^= low
        yield low.bit_length() - 1


class _Links:
    """A board's strong and weak links, each candidate's as a set of nodes (an int)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.strong: dict[Node, int] = {}
        self._weak: dict[Node, int] = {}
        masks = board.masks
        for cell in range(81):
            if masks[cell].bit_count() == 2:
                a, b = DIGITS_OF[masks[cell]]
                self._join(_node(cell, a), _node(cell, b))
        for digit in range(1, 10):
            for _, x, y in _conjugates(board, digit):
                self._join(_node(x, digit), _node(y, digit))

    def _join(self, a: Node, b: Node) -> None:
        self.strong[a] = self.strong.get(a, 0) | 1 << b
        self.strong[b] = self.strong.get(b, 0) | 1 << a

    def weak(self, node: Node) -> int:
        """The candidates that cannot be true with ``node``: its cell's others, its digit
        in the cells that see its cell."""
        found = self._weak.get(node)
        if found is None:
            cell, digit = _candidate(node)
            found = (self.board.cells_of(digit) & PEER_BITS[cell]) << (81 * (digit - 1))
            for other in DIGITS_OF[self.board.masks[cell]]:
                if other != digit:
                    found |= 1 << _node(cell, other)
            self._weak[node] = found
        return found


def alternating_chains(board: Board) -> Iterator[Step]:
    """AICs, shortest first: from a candidate assumed false, strong links lead to
    candidates that must then be true, weak links from those to candidates that must then
    be false, and so on; a true candidate reached this way and the start cannot both be
    false, so whatever is weakly linked to both is false.

    The search runs from every start at once, one link at a time, on sets of candidates
    held as ints, so the first chains found are the shortest; a chain is traced node by
    node only once it is found."""
    links = _Links(board)
    searches = [_Search(start, links) for start in links.strong]
    for length in range(2, AIC_LONGEST + 1):
        for search in searches:
            for end in search.advance(links, length):
                chain = _trace(links, search.start, end, length)
                yield _aic_step(chain, _removed(links, search.start, end))
        searches = [search for search in searches if search.frontier]


class _Search:
    """One start's breadth-first search: what it has reached, and its newest layer."""

    def __init__(self, start: Node, links: _Links) -> None:
        self.start = start
        self.seen = 1 << start
        self.frontier = 1 << start  # at odd lengths: false if ``start`` is; at even: true
        self.start_weak = links.weak(start) & ~(1 << start)

    def advance(self, links: _Links, length: int) -> Iterator[Node]:
        """Take the layer at ``length`` (even: through strong links, to candidates then
        true; odd: through weak links, to candidates then false); yield the true ones that
        share a weakly linked candidate with the start."""
        reached = 0
        if length % 2 == 0:
            for node in _bits(self.frontier):
                reached |= links.strong.get(node, 0)
        else:
            for node in _bits(self.frontier):
                reached |= links.weak(node)
        reached &= ~self.seen
        self.seen |= reached
        self.frontier = reached
        if length % 2 == 0 and length >= 4:
            for node in _bits(reached):
                if self.start_weak & links.weak(node) & ~(1 << node):
                    yield node


def _removed(links: _Links, start: Node, end: Node) -> list[tuple[int, int]]:
    both = links.weak(start) & links.weak(end) & ~(1 << start | 1 << end)
    return sorted(_candidate(node) for node in _bits(both))


def _trace(links: _Links, start: Node, end: Node, longest: int) -> list[Node]:
    """The shortest AIC from ``start`` (false) to ``end`` (true), node by node."""
    parent: dict[tuple[Node, bool], tuple[Node, bool] | None] = {(start, False): None}
    queue = deque([(start, False, 1)])
    while queue:
        node, on, length = queue.popleft()
        if on and node == end:
            break
        if length >= longest:
            continue
        nexts = links.weak(node) if on else links.strong.get(node, 0)
        for other in _bits(nexts):
            state = (other, not on)
            if state not in parent and (other, on) not in parent:
                parent[state] = (node, on)
                queue.append((other, not on, length + 1))
    out = []
    step: tuple[Node, bool] | None = (end, True)
    while step is not None:
        out.append(step[0])
        step = parent[step]
    return out[::-1]


def _aic_step(chain: list[Node], eliminations: list[tuple[int, int]]) -> Step:
    """The step of an AIC, written in Eureka notation: ``(5)r1c2 = (5)r1c7 - (5)r3c8 ...``
    (``=`` a strong link, ``-`` a weak one)."""
    candidates = [_candidate(node) for node in chain]
    parts = []
    for i, (cell, digit) in enumerate(candidates):
        parts.append(f"({digit}){cell_name(cell)}")
        if i < len(chain) - 1:
            parts.append("=" if i % 2 == 0 else "-")
    removed = tuple(eliminations)
    return Step(
        AIC,
        f"AIC: {' '.join(parts)}: one end is true, {removals_text(removed)}",
        eliminations=removed,
        pattern=tuple(candidates[1::2]),
        alternate=tuple(candidates[::2]),
        rating=chain_rating(AIC.rating, len(chain)),
    )
