"""Forcing chains and cycles on the grid as it stands (core layer, logic techniques):
Sudoku Explainer's static rule. The bit-set searches of ``static_search`` give every
chain's length and every loop's shortest length; only the best are followed exactly,
potential by potential (``best_loop_hint``).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ...board import Board
from ...glossary import DIGITS_OF, HOUSE_BITS, PEER_BITS, SE_HOUSES_OF, Key, cells_in, key_of
from .hints import Hint, removes
from .potentials import CELL, NODE, PEER_PARTS, ChainGrid, Potential, ancestor_count
from .rating import length_tenths, longest_for
from .static_search import StaticLinks


def best_loop_hint(board: Board) -> Hint | None:
    """Forcing chains and cycles: the lengths of every chain and of every shortest loop
    come from bit-set searches; only the best candidates are followed exactly, in the
    order Sudoku Explainer sorts its hints (a loop's shortest length only bounds its
    complexity: it is followed before anything that bound could not beat)."""
    grid = ChainGrid.of(board)
    links = StaticLinks.of(board)
    queue: list[tuple[int, int, int, tuple[int, ...], int, Hint | _Lead]] = []

    bound = [(1 << 30, 1 << 30)]  # the best (tenths, complexity) known to exist
    # the position's links per kind (cell links, house links), shared by its searches
    known_links: dict[tuple[bool, bool], KeyLinks] = {}

    def links_of(y: bool, x: bool) -> KeyLinks:
        found = known_links.get((y, x))
        if found is None:
            found = known_links[y, x] = KeyLinks(grid, y, x)
        return found

    def push(order: tuple[int, ...], item: Hint | _Lead) -> None:
        heapq.heappush(
            queue, (item.tenths, item.complexity, item.sort_key, order, len(queue), item)
        )
        if isinstance(item, Hint) or item.kind == "chain":
            bound[0] = min(bound[0], (item.tenths, item.complexity))

    # The implications with both kinds of links hold those of every pass: where they
    # have no chain (or no loop that removes anything), no pass has one.
    quiet = board.memory.of(_Quiet)
    if _no_new_links(links, quiet.links):
        return None
    starts, on_loops = links.forcing_sources(True, True)
    if not starts:
        quiet.links = links
        return None

    def scan(index: int, y: bool, x: bool, limit: int) -> None:
        """Queue the pass's chains and loops that could rate ``limit`` tenths or less."""
        shortest = 1 << 30  # the pass's shortest chain: a longer loop cannot win
        # A loop that removes z makes a chain from z on to z off of at most two more
        # potentials, with this pass's links: no such chain, no such loop.
        removable_chain = 1 << 30
        for slot, on in sorted(starts):
            if not x and not on:
                continue
            found = links.chain_complexity(slot, on, y, house_links=x)
            if found is None:
                continue
            if on:
                removable_chain = min(removable_chain, found)
            if x:  # Sudoku Explainer looks for chains where house links are on
                cell, digit = divmod(slot, 10)
                lead = _Lead("chain", cell, digit + 1, on, y, x, found)
                if lead.tenths <= limit:
                    push((index, cell, digit + 1, 1, 0 if on else 1), lead)
                    shortest = min(shortest, found)
        if removable_chain == 1 << 30:
            return
        for cell in range(81):
            mask = grid.masks[cell]
            if mask.bit_count() < 2 or (not x and mask.bit_count() > 2):
                continue
            for digit in DIGITS_OF[mask]:
                slot = 10 * cell + digit - 1
                if not on_loops >> slot & 1:
                    continue
                length = links.cycle_length(slot, y, x, shortest)
                if length is not None:
                    length = max(length, removable_chain - 2)
                    lead = _Lead("cycle", cell, digit, True, y, x, length)
                    if lead.tenths <= limit:
                        push((index, cell, digit, 0, 0), lead)

    def resolve() -> Hint | None:
        while queue:
            *_, order, _, item = heapq.heappop(queue)
            if isinstance(item, Hint):
                return item
            if item.kind == "chain":
                assumed = Potential(key_of(item.cell, item.digit, item.on))
                end = forcing_chain(links_of(item.y, True), assumed)
                assert end is not None and ancestor_count(end) == item.complexity
                tenths = 70 if item.y else 66
                return Hint(
                    "chain",
                    removes(grid, end),
                    tenths,
                    item.complexity,
                    item.sort_key,
                    assumed,
                    (end,),
                    x_links=True,
                    y_links=item.y,
                )
            # every loop from this start that could still beat what is known to exist
            start = Potential(key_of(item.cell, item.digit, True))
            base = 70 if (item.x and item.y) else 65
            longest = longest_for(base, *bound[0])
            ends, _ = cycles(links_of(item.y, item.x), start, longest)
            for i, end in enumerate(ends):
                hint = cycle_hint(grid, end, item.y, item.x)
                if hint.removable:
                    push((*order[:3], 0, i), hint)
        return None

    unlimited = 1 << 30
    scan(0, False, True, unlimited)
    scan(1, True, False, unlimited)
    best = resolve()
    if best is not None and best.tenths < 70:
        return best
    if best is not None:
        push((-1,), best)
    scan(2, True, True, best.tenths if best is not None else unlimited)
    return resolve()


class _Quiet:
    """The links of the last position where no assumption led to its opposite
    (``Memory``)."""

    __slots__ = ("links",)

    def __init__(self) -> None:
        self.links: StaticLinks | None = None


def _no_new_links(links: StaticLinks, quiet: StaticLinks | None) -> bool:
    """Whether the position has no forcing chain because the last position without one
    (``quiet``) had every one of its candidates and strong links: its implication graph
    is then part of that one, where no assumption led to its opposite."""
    if quiet is None:
        return False
    if links.cands & ~quiet.cands:
        return False
    before, _ = quiet.strong(True, True)
    now, _ = links.strong(True, True)
    return all(not turned & ~before.get(slot, 0) for slot, turned in now.items())


@dataclass(frozen=True, slots=True)
class _Lead:
    """A chain or a loop the bit-set search found, not yet followed exactly."""

    kind: str  # "chain" or "cycle"
    cell: int
    digit: int
    on: bool  # the assumption's state
    y: bool  # cell links used
    x: bool  # house links used
    complexity: int  # a chain's exactly; a loop's at least

    @property
    def tenths(self) -> int:
        if self.kind == "cycle":
            return (70 if self.x and self.y else 65) + length_tenths(self.complexity)
        return (70 if self.y else 66) + length_tenths(self.complexity)

    @property
    def sort_key(self) -> int:
        return 4 if (self.x and self.y) else (3 if self.y else 2)


class KeyLinks:
    """A static grid's links, with cell links (``y``) or not and house links (``x``) or
    not, as keys and causes, each potential's made when first asked: the chain and loop
    searches of one position share them."""

    __slots__ = ("grid", "offs", "ons", "x", "y")

    def __init__(self, grid: ChainGrid, y: bool, x: bool) -> None:
        self.grid, self.y, self.x = grid, y, x
        self.offs: dict[Key, list[tuple[Key, int]]] = {}
        self.ons: dict[Key, list[tuple[Key, int]]] = {}

    def turned_off(self, on: Key) -> list[tuple[Key, int]]:
        """What an "on" turns off (``_on_to_off_keys``)."""
        found = self.offs.get(on)
        if found is None:
            found = self.offs[on] = _on_to_off_keys(self.grid.masks, self.grid.places, on, self.y)
        return found

    def turned_on(self, off: Key) -> list[tuple[Key, int]]:
        """What an "off" turns on (``off_to_on_keys``)."""
        found = self.ons.get(off)
        if found is None:
            grid = self.grid
            found = self.ons[off] = off_to_on_keys(grid.masks, grid.places, off, self.y, self.x)
        return found


def forcing_chain(links: KeyLinks, source: Potential) -> Potential | None:
    """A static chain from ``source`` to its opposite, found layer by layer (shortest):
    every pending "on" is followed, then every pending "off", each potential kept with
    the first implication that reached it; the chain ends at the first implication of the
    opposite."""
    tree: dict[Key, tuple[Key, int]] = {source.key: (-1, CELL)}
    opposite = source.key ^ 1
    layer = [source.key]
    on = source.on  # the state of the layer's potentials: "ons" and "offs" alternate
    while layer:
        turned = links.turned_off if on else links.turned_on
        following = []
        for p in layer:
            for q, cause in turned(p):
                if q == opposite:
                    return _chain_end(tree, source, p, q, cause)
                if q not in tree:
                    tree[q] = (p, cause)
                    following.append(q)
        layer, on = following, not on
    return None


def _chain_end(
    tree: dict[Key, tuple[Key, int]], source: Potential, parent: Key, end: Key, cause: int
) -> Potential:
    """The chain's last potential, with its line back to ``source``."""
    return Potential(end, (_tree_potential(tree, parent, {source.key: source}),), cause)


def cycles(
    links: KeyLinks, source: Potential, longest: int = 1 << 30
) -> tuple[list[Potential], bool]:
    """Static cycles through ``source`` ("on"), of four potentials or more (and no more
    than ``longest``), as Sudoku Explainer finds them: each is the "on" of ``source``
    reached again, its first-parent line the cycle. Also whether the search stopped at
    ``longest``.

    Sudoku Explainer follows the "offs" of a loop search without merging repeats, but
    an "on" only once; so every "on" keeps the parent a plain breadth-first search gives
    it, and a loop is an "on" b of that tree (two links deep or more), one of b's "offs"
    c that is not on b's own line, and the link from c back to ``source``: that is what
    is followed here, with repeats merged, in the same order."""
    cell, digit = source.cell, source.digit
    masks, places = links.grid.masks, links.grid.places
    y, x = links.y, links.x
    closers: dict[Key, int] = {}  # the "offs" that lead back to the source, and how
    if y and masks[cell].bit_count() == 2:
        other = DIGITS_OF[masks[cell] & ~(1 << (digit - 1))][0]
        closers[key_of(cell, other, False)] = CELL
    if x:
        for house in SE_HOUSES_OF[cell]:
            others = places[digit - 1] & HOUSE_BITS[house] & ~(1 << cell)
            if others.bit_count() == 1:
                closers.setdefault(key_of(others.bit_length() - 1, digit, False), house)
    # the breadth-first tree, as keys: each potential's parent and cause
    tree: dict[Key, tuple[Key, int]] = {source.key: (-1, CELL)}
    found: list[tuple[Key, Key, int]] = []  # the loops: (b, c, the cause of c)
    layer = [source.key]
    depth = 0
    stopped = False
    while layer:
        if depth + 2 > longest:
            stopped = True
            break
        offs: list[Key] = []
        for b in layer:
            for c, cause in links.turned_off(b):
                if depth >= 2 and c in closers and not _on_line(tree, b, c):
                    found.append((b, c, cause))
                if c not in tree:
                    tree[c] = (b, cause)
                    offs.append(c)
        if depth + 4 > longest:
            stopped = bool(offs)
            break
        layer = []
        for c in offs:
            for q, cause in links.turned_on(c):
                if q not in tree:
                    tree[q] = (c, cause)
                    layer.append(q)
        depth += 2
    made: dict[Key, Potential] = {source.key: source}
    loops = [
        Potential(source.key, (Potential(c, (_tree_potential(tree, b, made),), cause),), closers[c])
        for b, c, cause in found
    ]
    return loops, stopped


def _on_to_off_keys(
    masks: list[int], places: list[int], p: Key, cell_links: bool
) -> list[tuple[Key, int]]:
    """What an "on" turns off, as keys and causes: its cell's other candidates (with cell
    links), then its digit in its box, row and column."""
    cell, d0, _, _ = NODE[p >> 1]
    out: list[tuple[Key, int]] = []
    if cell_links:
        for other in DIGITS_OF[masks[cell] & ~(1 << d0)]:
            out.append(((81 * (other - 1) + cell) << 1, CELL))
    digit_places = places[d0]
    base = (81 * d0) << 1
    for house, part in PEER_PARTS[cell]:
        others = digit_places & part
        while others:
            low = others & -others
            others ^= low
            out.append((base + ((low.bit_length() - 1) << 1), house))
    return out


def off_to_on_keys(
    masks: list[int], places: list[int], p: Key, cell_links: bool, house_links: bool
) -> list[tuple[Key, int]]:
    """What an "off" turns on in a static grid, as keys and causes: its cell's other
    candidate if the cell has two (cell links), its digit's other place in a house that
    has two (house links)."""
    cell, d0, _, parts = NODE[p >> 1]
    out: list[tuple[Key, int]] = []
    keys: list[Key] = []
    if cell_links:
        mask = masks[cell]
        if mask.bit_count() == 2:
            other = (mask & ~(1 << d0)).bit_length() - 1
            key = ((81 * other + cell) << 1) | 1
            out.append((key, CELL))
            keys.append(key)
    if house_links:
        digit_places = places[d0]
        for house, bits in parts:
            others = digit_places & bits
            if others and not others & (others - 1):
                key = ((81 * d0 + others.bit_length() - 1) << 1) | 1
                if key not in keys:
                    out.append((key, house))
                    keys.append(key)
    return out


def _on_line(tree: dict[Key, tuple[Key, int]], child: Key, key: Key) -> bool:
    """Whether ``key`` is on the first-parent line of ``child`` (``is_ancestor``)."""
    parent = tree[child][0]
    while parent >= 0:
        if parent == key:
            return True
        parent = tree[parent][0]
    return False


def _tree_potential(
    tree: dict[Key, tuple[Key, int]], key: Key, made: dict[Key, Potential]
) -> Potential:
    """A key of the tree as a ``Potential`` with its line (``made``: those made already)."""
    line = []
    while key not in made:
        line.append(key)
        key = tree[key][0]
    potential = made[key]
    for k in reversed(line):
        potential = made[k] = Potential(k, (potential,), tree[k][1])
    return potential


def cycle_hint(grid: ChainGrid, end: Potential, y: bool, x: bool) -> Hint:
    """A cycle's eliminations: the digit of a potential of the loop leaves every cell off
    the loop that sees one of the loop's "on" and one of its "off" potentials with it."""
    path = []
    p = end
    while p.parents:
        path.append(p)
        p = p.parents[0]
    cells = 0
    for q in path:
        cells |= 1 << q.cell
    forward: set[tuple[int, int]] = set()
    backward: set[tuple[int, int]] = set()
    for q in path:
        digit = q.digit
        seen = grid.places[digit - 1] & PEER_BITS[q.cell] & ~cells
        for c in cells_in(seen):
            (forward if q.on else backward).add((c, digit))
    removable = tuple(sorted(forward & backward))
    return Hint(
        "cycle",
        removable,
        70 if (x and y) else 65,
        ancestor_count(end),
        4 if (x and y) else (3 if y else 2),
        end,
        (end,),
        x_links=x,
        y_links=y,
    )
