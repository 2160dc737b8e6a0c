"""Static chains as bit sets (core layer, logic techniques): the implications of the grid as
it stands (cell and house links) as bit sets of slots, followed layer by layer for the
length of each forcing chain and of each cycle's shortest loop, and their strongly
connected components for what each assumption reaches (``StaticLinks``); where Multiple
Forcing Chains may find a step (``static_cells_of``). See ``dynamic_search`` for why these
searches exist: each answer is a superset of what the exact rule finds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...board import Board
from ...glossary import DIGITS_OF, HOUSE_BITS, cell_list, cells_in, slots_in
from .slots import ALL_SLOTS, SAME_DIGIT_PEERS, WEAK


class StaticClosures:
    """The static closures of a grid's "ons": what an assumption leads to, if the static
    links are followed to the end (a chain that stops at its first clash holds less), or
    a superset of it (``closures``: per slot, the nodes its "on" reaches)."""

    def __init__(self, closures: list[int]) -> None:
        self.closures = closures

    @classmethod
    def of(cls, links: StaticLinks) -> StaticClosures:
        """The closures the reach of the implication graph gives (``StaticLinks.reach``)."""
        component, _, reach = links.reach(True, True)
        closures = [0] * 810
        for slot in slots_in(links.cands):
            closures[slot] = reach[component[ON + slot]]
        return cls(closures)

    def if_on(self, slot: int) -> tuple[int, int]:
        nodes = self.closures[slot]
        return nodes >> ON, nodes & (1 << ON) - 1

    def if_off(self, slot: int) -> tuple[int, int] | None:
        raise NotImplementedError("static rules assume candidates on")


class StaticLinks:
    """A board's static implications as bit sets of slots: what an "on" turns off (its
    cell's other candidates, its digit in the peers; with ``cell_links`` off only the
    latter), and what an "off" turns on (the other candidate of a cell of two; the other
    place of a digit in a house of two)."""

    def __init__(self, masks: Sequence[int], places: Sequence[int]) -> None:
        """The links of a grid: its cells' candidate masks, each digit's cells (from 1)."""
        cands = 0
        for cell, mask in enumerate(masks):
            if mask:
                cands |= mask << (10 * cell)
        self.cands = cands
        self.cell_strong: dict[int, int] = {}
        self.house_strong: dict[int, int] = {}
        for cell in range(81):
            mask = masks[cell]
            if mask.bit_count() == 2:
                a, b = DIGITS_OF[mask]
                self.cell_strong[10 * cell + a - 1] = 1 << (10 * cell + b - 1)
                self.cell_strong[10 * cell + b - 1] = 1 << (10 * cell + a - 1)
        for digit in range(1, 10):
            digit_places = places[digit - 1]
            for bits in HOUSE_BITS:
                two = digit_places & bits
                if two.bit_count() == 2:
                    low = two & -two
                    a, b = low.bit_length() - 1, (two ^ low).bit_length() - 1
                    sa, sb = 10 * a + digit - 1, 10 * b + digit - 1
                    self.house_strong[sa] = self.house_strong.get(sa, 0) | 1 << sb
                    self.house_strong[sb] = self.house_strong.get(sb, 0) | 1 << sa
        self._reach: dict[tuple[bool, bool], Reach] = {}
        self._strong: dict[tuple[bool, bool], tuple[dict[int, int], int]] = {}

    @classmethod
    def of(cls, board: Board) -> StaticLinks:
        """The links of a board, remembered for the next rule that asks about it."""
        state = (tuple(board.masks), tuple(board.digits))
        last = board.memory.of(_Last)
        if last.links is None or last.state != state:
            last.links = cls(board.masks, [board.cells_of(d) for d in range(1, 10)])
            last.state = state
        return last.links

    def turned_off(self, slot: int, cell_links: bool) -> int:
        weak = WEAK[slot] if cell_links else WEAK[slot] & ~(0x1FF << (slot // 10 * 10))
        return weak & self.cands

    def turned_on(self, slot: int, cell_links: bool, house_links: bool) -> int:
        out = self.house_strong.get(slot, 0) if house_links else 0
        if cell_links:
            out |= self.cell_strong.get(slot, 0)
        return out

    def closure(self, slot: int) -> tuple[int, int]:
        """Every slot turned on and off, following cell and house links from ``slot`` on."""
        on = frontier = 1 << slot
        off = 0
        while frontier:
            new_off = 0
            for s in slots_in(frontier):
                new_off |= WEAK[s]
            new_off &= self.cands & ~off
            off |= new_off
            new_on = 0
            for s in slots_in(new_off):
                new_on |= self.house_strong.get(s, 0) | self.cell_strong.get(s, 0)
            frontier = new_on & ~on
            on |= frontier
        return on, off

    def strong(self, cell_links: bool, house_links: bool) -> tuple[dict[int, int], int]:
        """What each "off" turns on with these links (``turned_on``), for the slots that
        turn something on, and those slots as a bit set."""
        found = self._strong.get((cell_links, house_links))
        if found is None:
            links: dict[int, int] = {}
            if house_links:
                links.update(self.house_strong)
            if cell_links:
                for slot, other in self.cell_strong.items():
                    links[slot] = links.get(slot, 0) | other
            bits = 0
            for slot in links:
                bits |= 1 << slot
            found = self._strong[cell_links, house_links] = (links, bits)
        return found

    def chain_complexity(
        self, slot: int, on: bool, cell_links: bool, limit: int = 1 << 30, house_links: bool = True
    ) -> int | None:
        """The potentials of the shortest chain from ``slot`` (on or off) to its opposite,
        both ends counted; None if there is none of ``limit`` potentials or fewer."""
        weak = WEAK if cell_links else SAME_DIGIT_PEERS
        strong, strong_bits = self.strong(cell_links, house_links)
        cands = self.cands
        source = 1 << slot
        seen_on = frontier_on = source if on else 0
        seen_off = frontier_off = 0 if on else source
        links = 0
        while (frontier_on or frontier_off) and links + 1 < limit:
            links += 1
            if frontier_on:
                new = 0
                while frontier_on:
                    low = frontier_on & -frontier_on
                    frontier_on ^= low
                    new |= weak[low.bit_length() - 1]
                new &= cands
                if on and new & source:
                    return links + 1
                frontier_off = new & ~seen_off
                seen_off |= frontier_off
            else:
                new = 0
                rest = frontier_off & strong_bits
                while rest:
                    low = rest & -rest
                    rest ^= low
                    new |= strong[low.bit_length() - 1]
                if not on and new & source:
                    return links + 1
                frontier_on = new & ~seen_on
                seen_on |= frontier_on
                frontier_off = 0
        return None

    def reach(self, cell_links: bool, house_links: bool) -> Reach:
        """The implication graph's strongly connected components (Tarjan's algorithm) and
        what each reaches: node -> component, each component's nodes, component -> the
        nodes it reaches (itself included). A node is a slot's "off" (bit ``slot``) or its
        "on" (bit ``ON + slot``).

        An "off" that turns nothing on (no strong link) is a component of its own that
        reaches only itself: it has no number, and is in the reach of every "on" that
        turns it off without being a node of the search."""
        found = self._reach.get((cell_links, house_links))
        if found is None:
            found = self._reach[cell_links, house_links] = _reach_of(self, cell_links, house_links)
        return found

    def forcing_sources(
        self, cell_links: bool, house_links: bool
    ) -> tuple[set[tuple[int, bool]], int]:
        """The (slot, state) assumptions from which the static links lead to the opposite
        state: every forcing chain's start. Found from the reach of each strongly
        connected component of the implication graph (Tarjan's algorithm), not a search
        per assumption. A loop that removes candidate z makes a chain from z on to z off,
        so no chain means no loop either.

        Also the slots whose "on" may lie on a loop that removes something: a loop lies
        in one component, and what it removes sees one of its "ons" and one of its
        "offs" with the same digit."""
        component, members, reach = self.reach(cell_links, house_links)
        found: set[tuple[int, bool]] = set()
        for slot in slots_in(self.cands):
            if reach[component[ON + slot]] >> slot & 1:
                found.add((slot, True))
            number = component.get(slot)
            if number is not None and reach[number] >> (ON + slot) & 1:
                found.add((slot, False))
        if not found:
            return found, 0
        on_loops = 0
        for nodes in members:
            if nodes.bit_count() < 4:
                continue
            seen_on = seen_off = 0
            ons = nodes >> ON
            for slot in slots_in(ons):
                seen_on |= SAME_DIGIT_PEERS[slot]
            for slot in slots_in(nodes & ALL_SLOTS):
                seen_off |= SAME_DIGIT_PEERS[slot]
            if seen_on & seen_off & self.cands:
                on_loops |= ons
        return found, on_loops

    def cycle_length(
        self, slot: int, cell_links: bool, house_links: bool, limit: int = 1 << 30
    ) -> int | None:
        """A lower bound on the potentials of any loop through ``slot`` on (four or more):
        the loop leaves ``slot`` on, reaches some "on" b, turns off a candidate c whose
        "off" turns ``slot`` on again. "Ons" are reached at their breadth-first depth; the
        last two links need b to turn off one of ``slot``'s strong partners c."""
        weak = WEAK if cell_links else SAME_DIGIT_PEERS
        strong, strong_bits = self.strong(cell_links, house_links)
        cands = self.cands
        source = 1 << slot
        partners = strong.get(slot, 0)  # the c: their off turns s on
        closers = 0  # the b: an "on" that turns off some c
        for c in slots_in(partners):
            closers |= weak[c] & cands
        seen_on = frontier_on = source
        seen_off = 0
        depth = 0
        while frontier_on and depth + 2 <= limit:
            if depth >= 2 and frontier_on & closers:
                return depth + 2
            new = 0
            while frontier_on:
                low = frontier_on & -frontier_on
                frontier_on ^= low
                new |= weak[low.bit_length() - 1]
            frontier_off = new & cands & ~seen_off
            seen_off |= frontier_off
            new = 0
            rest = frontier_off & strong_bits
            while rest:
                low = rest & -rest
                rest ^= low
                new |= strong[low.bit_length() - 1]
            depth += 2
            frontier_on = new & ~seen_on
            seen_on |= frontier_on
        return None


ON: Final = 1024  # a slot's "on" as a node of the implication graph: bit ON + slot
Reach = tuple[dict[int, int], list[int], list[int]]


def _reach_of(links: StaticLinks, cell_links: bool, house_links: bool) -> Reach:
    """``StaticLinks.reach``: Tarjan's algorithm without recursion over the "ons" and the
    "offs" that turn something on; each component's reach is made as it is found (its
    successors' components are found before it)."""
    successors: dict[int, int] = {}  # node -> the nodes it implies that are searched
    sinks: dict[int, int] = {}  # an "on" -> every "off" it implies
    strong, strong_bits = links.strong(cell_links, house_links)
    for slot in slots_in(strong_bits):
        successors[slot] = strong[slot] << ON
    weak = WEAK if cell_links else SAME_DIGIT_PEERS
    cands = links.cands
    for slot in slots_in(cands):
        off = weak[slot] & cands
        sinks[ON + slot] = off
        successors[ON + slot] = off & strong_bits
    return _components(successors, sinks)


def _components(successors: dict[int, int], sinks: dict[int, int]) -> Reach:
    """Tarjan's algorithm without recursion on a graph given as node -> bit set of
    successors; a component's reach is its nodes, the ``sinks`` of its nodes, and its
    successors' reach (numbered so that a component's successors come before it).
    Nodes are numbered by discovery from 1 (0: not seen yet); a node whose component is
    made gets an index above every other, so that it lowers nobody's."""
    index = [0] * (ON + 810)
    low = [0] * (ON + 810)
    count = 0
    stack: list[int] = []
    found: Reach = ({}, [], [])
    for root, firsts in successors.items():
        if index[root]:
            continue
        count += 1
        index[root] = low[root] = count
        stack.append(root)
        path = [root]  # the depth-first path, and the successors left at each node
        left = [firsts]
        while path:
            rest = left[-1]
            node = path[-1]
            if rest:
                bit = rest & -rest
                left[-1] = rest ^ bit
                other = bit.bit_length() - 1
                seen = index[other]
                if not seen:
                    count += 1
                    index[other] = low[other] = count
                    stack.append(other)
                    path.append(other)
                    left.append(successors[other])
                elif seen < low[node]:
                    low[node] = seen
                continue
            path.pop()
            left.pop()
            lowest = low[node]
            if path and lowest < low[path[-1]]:
                low[path[-1]] = lowest
            if lowest == index[node]:
                _pop_component(node, stack, (successors, sinks), found, index)
    return found


_MADE: Final = 1 << 30  # the index of a node whose component is made


def _pop_component(
    node: int,
    stack: list[int],
    graph: tuple[dict[int, int], dict[int, int]],
    found: Reach,
    index: list[int],
) -> None:
    """Take a component off Tarjan's stack, down to ``node``; number it and make its
    reach (``graph``: the successors and the sinks of each node)."""
    successors, sinks = graph
    component, members, reach = found
    number = len(members)
    nodes = out = 0
    while True:
        member = stack.pop()
        component[member] = number
        index[member] = _MADE
        nodes |= 1 << member
        out |= successors[member]
        if member == node:
            break
    total = nodes
    ons = nodes >> ON
    while ons:
        low = ons & -ons
        ons ^= low
        total |= sinks[ON - 1 + low.bit_length()]
    out &= ~nodes
    while out:
        low = out & -out
        out ^= low
        total |= reach[component[low.bit_length() - 1]]
    members.append(nodes)
    reach.append(total)


class _Last:
    """The last board ``StaticLinks.of`` was asked about and its links (``Memory``)."""

    __slots__ = ("links", "state")

    def __init__(self) -> None:
        self.state: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.links: StaticLinks | None = None


#: per set of cells of one house (a region), ``10 *`` each cell, in order: where its
#: slots start (``static_cells_of``; at most 27 x 512 of them)
_REGION_SLOTS: dict[int, tuple[int, ...]] = {}


def static_cells_of(
    masks: Sequence[int], places: Sequence[int], closures: StaticClosures
) -> list[int]:
    """The cells where Multiple Forcing Chains (static) may find a step, on a grid given
    as its cells' masks, each digit's cells and the closures of its "ons" (the reach of
    the implication graph, or a superset of each): the cells of three or more candidates
    (in order) whose candidates' closures share a node, or that are the first place of a
    digit in a house of two or more places whose closures share one."""
    reach = closures.closures
    found = 0
    wide = 0  # the cells of three or more candidates: where a region hint may start
    for cell in range(81):
        mask = masks[cell]
        if mask.bit_count() < 3:
            continue
        wide |= 1 << cell
        base = 10 * cell - 1
        common = -1
        for digit in DIGITS_OF[mask]:
            common &= reach[base + digit]
            if not common:
                break
        else:
            found |= 1 << cell
    # a region counts from its first place, if that is a wide cell not found yet: the
    # other regions are passed over on bits alone (nested searches ask this of thousands
    # of grids inside their chains)
    return cell_list(found | _region_firsts(places, reach, wide & ~found))


def _region_firsts(places: Sequence[int], reach: list[int], open_cells: int) -> int:
    """The cells of ``open_cells`` that are the first place of a digit in a house of two
    or more places whose closures share a node (``static_cells_of``)."""
    found = 0
    for d0 in range(9):
        cells = places[d0]
        if not cells & open_cells:
            continue
        for bits in HOUSE_BITS:
            region = cells & bits
            first = region & -region
            if not first & open_cells or region == first:
                continue
            slots = _REGION_SLOTS.get(region)
            if slots is None:
                slots = _REGION_SLOTS[region] = tuple(10 * c for c in cells_in(region))
            common = -1
            for slot in slots:
                common &= reach[slot + d0]
                if not common:
                    break
            if common:
                found |= first
                open_cells ^= first
    return found
