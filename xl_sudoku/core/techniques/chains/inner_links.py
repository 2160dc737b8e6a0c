"""The static links of a grid inside a chain, made from the grid the chain started from
(core layer, logic techniques; ``nesting``'s levels).

Inside a chain, the nested rules search grids that are the chain's first grid
(``source``) less some candidates (``work``). What ``work``'s chains and loops can be,
and what each "on" reaches by its static links, follows from what ``source`` has (made
once a search) and the few strong links ``work`` has and ``source`` has not: the chains'
starts and loops' "ons" (``chain_sources``) and the static closures (``closures_within``)
without the implication graph of every grid.
"""

from __future__ import annotations

from ...glossary import HOUSE_BITS, cells_in
from .potentials import DIGITS0_OF, ChainGrid
from .slots import SAME_DIGIT_PEERS, WEAK
from .static_search import ON, StaticClosures, StaticLinks

Sources = tuple[set[tuple[int, bool]], int]  # chains' starts (slot, on), loops' "ons"

#: per grid (its masks), whether its static links lead no assumption to its opposite
_CHAIN_FREE: dict[tuple[int, ...], bool] = {}


def _chain_free(grid: ChainGrid) -> bool:
    key = tuple(grid.masks)
    free = _CHAIN_FREE.get(key)
    if free is None:
        if len(_CHAIN_FREE) > 64:
            _CHAIN_FREE.clear()
        starts, _ = StaticLinks(grid.masks, grid.places).forcing_sources(True, True)
        free = _CHAIN_FREE[key] = not starts
    return free


def chain_sources(work: ChainGrid, source: ChainGrid) -> Sources | None:
    """The chains and loops ``work`` (``source`` less some candidates) may have, as
    ``loop_hints`` takes them, found from the links ``source`` lacks; None if ``source``
    has chains itself (then only a search of the whole graph tells).

    If ``source`` has no chain, a chain of ``work`` must use a strong link ``source``
    does not have: a cell or a house left with two places of a digit. A chain through
    the new link "a off, so b on" starts from some t off and reaches t on, so
    (contraposed) a on and b on both lead to t: the chains start from the opposites of
    what a on and b on both lead to, for some new link. A loop through the new link
    holds the "ons" that b on leads to whose "off" a on leads to. (A cycle that removes
    z makes a chain from z on to z off, so no chain, no such loop.)"""
    if not _chain_free(source):
        return None
    starts: set[tuple[int, bool]] = set()
    on_loops = 0
    cands, new, reach = _link_reach(work, source)
    for a, b in new:
        ra, rb = reach[a], reach[b]
        both_on, both_off = ra[0] & rb[0], ra[1] & rb[1]
        if both_on or both_off:
            starts.update((slot, False) for slot in cells_in(both_on))
            starts.update((slot, True) for slot in cells_in(both_off))
            on_loops |= _removing_loops(rb[0] & ra[1], ra[0] & rb[1], cands)
    return starts, on_loops


#: ``_link_reach``: a chain grid's candidates as slots, its new strong links, and what
#: each of their slots' "on" turns on and off
LinkReach = tuple[int, list[tuple[int, int]], dict[int, tuple[int, int]]]


def _link_reach(work: ChainGrid, source: ChainGrid) -> LinkReach:
    """``work``'s candidates as slots, the strong links it has and ``source`` has not
    (``_new_links``), and for each slot of those links the slots its "on" turns on and
    off by the static links of ``work`` (``_Reach``)."""
    masks = work.masks
    cands = 0
    for cell in range(81):
        if masks[cell]:
            cands |= masks[cell] << (10 * cell)
    new = _new_links(work, source)
    if not new:
        return cands, new, {}
    search = _Reach(cands, _source_links(source), new)
    for link in new:
        for slot in link:
            search.add(slot)
    return cands, new, search.reach


#: per grid a nested chain starts from (its candidates), its strong links (``_links``)
_SOURCE_LINKS: dict[tuple[int, ...], tuple[list[int], int]] = {}


def _source_links(source: ChainGrid) -> tuple[list[int], int]:
    """``_links`` of a grid nested chains start from, made once a search."""
    key = tuple(source.masks)
    found = _SOURCE_LINKS.get(key)
    if found is None:
        if len(_SOURCE_LINKS) >= 64:
            _SOURCE_LINKS.clear()
        found = _SOURCE_LINKS[key] = _links(source.masks, source.places)
    return found


def _links(masks: list[int], places: list[int]) -> tuple[list[int], int]:
    """A grid's strong links: per slot, the slots it makes one with (its cell's other
    candidate if the cell has two, its digit's other place in a house that has two);
    and the slots that make any."""
    strong = [0] * 810
    ends = 0
    for cell in range(81):
        mask = masks[cell]
        if mask.bit_count() == 2:
            a = 10 * cell + (mask & -mask).bit_length() - 1
            b = 10 * cell + mask.bit_length() - 1
            strong[a] |= 1 << b
            strong[b] |= 1 << a
            ends |= 1 << a | 1 << b
    for d0 in range(9):
        digit_places = places[d0]
        for bits in HOUSE_BITS:
            two = digit_places & bits
            if two.bit_count() == 2:
                a = 10 * ((two & -two).bit_length() - 1) + d0
                b = 10 * (two.bit_length() - 1) + d0
                strong[a] |= 1 << b
                strong[b] |= 1 << a
                ends |= 1 << a | 1 << b
    return strong, ends


#: per grid a nested chain starts from (its candidates), what each slot's "on" reaches by
#: its static implication graph (``StaticLinks.reach``), per slot (0 where no candidate)
_SOURCE_REACH: dict[tuple[int, ...], list[int]] = {}


def closures_within(work: ChainGrid, source: ChainGrid) -> StaticClosures:
    """The static closures of ``work``'s "ons" (``work``: ``source`` less some
    candidates, a chain's grid), each with perhaps more, made without the implication
    graph of ``work``: for static multiple forcing chains inside a chain, where that
    graph's components (``StaticLinks.reach``) took a third of the time.

    A path of ``work``'s implications that uses only strong links ``source`` has is one
    of ``source``'s (``work`` has fewer weak links, and a strong link of ``source`` whose
    two ends are left is one of ``work``'s); one that uses a new strong link "a off, so b
    on" holds, from there, only what b on reaches in ``work``. So what an "on" reaches in
    ``work`` lies in what it reaches in ``source`` (its components, made once a search)
    with what b on reaches for every new link whose a off it reaches there
    (``_link_reach``). Forum_hardest line 151's level-3 steps: of 4,927 grids, 2,880 of
    the 3,887 without a hint have no cell these closures point to; its multiple forcing
    chains took 5.2 s where 10.9 s."""
    key = tuple(source.masks)
    by_slot = _SOURCE_REACH.get(key)
    if by_slot is None:
        if len(_SOURCE_REACH) >= 64:
            _SOURCE_REACH.clear()
        component, _, reach = StaticLinks(source.masks, source.places).reach(True, True)
        by_slot = [0] * 810
        for cell, mask in enumerate(source.masks):
            for d0 in DIGITS0_OF[mask]:
                by_slot[10 * cell + d0] = reach[component[ON + 10 * cell + d0]]
        _SOURCE_REACH[key] = by_slot
    cands, new, link_reach = _link_reach(work, source)
    after: dict[int, int] = {}  # a new link's slot a -> what its partners b on reach (nodes)
    for a, b in new:
        for x, y in ((a, b), (b, a)):
            on, off = link_reach[y]
            after[x] = after.get(x, 0) | on << ON | off
    ends = 0
    for x in after:
        ends |= 1 << x
    nodes = cands << ON | cands
    closures = [0] * 810
    # the slots cell by cell, digit by digit (no bit set of 810 taken apart)
    for cell, mask in enumerate(work.masks):
        for d0 in DIGITS0_OF[mask]:
            slot = 10 * cell + d0
            found = by_slot[slot]
            through = found & ends
            while through:
                low = through & -through
                through ^= low
                found |= after[low.bit_length() - 1]
            closures[slot] = found & nodes
    return StaticClosures(closures)


def _removing_loops(ons: int, offs: int, cands: int) -> int:
    """The slots of ``ons`` if a loop through them and ``offs`` (what lies on the loops
    through one new link: the "ons" b on leads to whose "off" a on leads to, the "offs"
    b on leads to whose "on" a on leads to) could remove something: a candidate that sees
    one of its "ons" and one of its "offs" with its digit; else 0. Taken the other way
    round, the link's loops have these "offs" on and these "ons" off: so both."""
    seen_on = seen_off = 0
    for slot in cells_in(ons):
        seen_on |= SAME_DIGIT_PEERS[slot]
    for slot in cells_in(offs):
        seen_off |= SAME_DIGIT_PEERS[slot]
    return ons | offs if seen_on & seen_off & cands else 0


def _new_links(work: ChainGrid, source: ChainGrid) -> list[tuple[int, int]]:
    """The strong links (pairs of slots) ``work`` has and ``source`` has not."""
    masks, places = work.masks, work.places
    new: list[tuple[int, int]] = []
    for cell in range(81):
        mask = masks[cell]
        if mask != source.masks[cell] and mask.bit_count() == 2:
            low = mask & -mask
            new.append((10 * cell + low.bit_length() - 1, 10 * cell + mask.bit_length() - 1))
    for d in range(9):
        lost = source.places[d] & ~places[d]
        if not lost:
            continue
        for bits in HOUSE_BITS:
            two = places[d] & bits
            if lost & bits and two.bit_count() == 2:
                low = two & -two
                new.append((10 * (low.bit_length() - 1) + d, 10 * (two.bit_length() - 1) + d))
    return new


class _Reach:
    """What the "ons" of some slots reach by the static links (cell and house) of a
    grid that is part of a larger one (its candidates as slots, ``cands``): its strong
    links are the larger grid's whose two ends it still has (``larger``, ``_links``,
    made once a search) and its ``new`` ones (``_new_links``)."""

    __slots__ = ("cands", "ends", "known", "new", "new_ends", "reach", "strong")

    def __init__(
        self, cands: int, larger: tuple[list[int], int], new: list[tuple[int, int]]
    ) -> None:
        self.cands = cands
        self.reach: dict[int, tuple[int, int]] = {}  # slot -> the slots turned on, off
        self.known = 0  # the slots of ``reach``
        self.strong, ends = larger
        partners: dict[int, int] = {}  # a new link's slot -> the slots it links with
        new_ends = 0
        for a, b in new:
            partners[a] = partners.get(a, 0) | 1 << b
            partners[b] = partners.get(b, 0) | 1 << a
            new_ends |= 1 << a | 1 << b
        self.new, self.new_ends, self.ends = partners, new_ends, ends | new_ends

    def add(self, slot: int) -> None:
        """The slots ``slot`` on turns on and off, into ``reach``; a slot whose reach is
        known is taken whole where the search comes to its "on"."""
        if self.known >> slot & 1:
            return
        cands, known, reach, strong = self.cands, self.known, self.reach, self.strong
        ends, partners, new_ends = self.ends, self.new, self.new_ends
        on = frontier = 1 << slot
        off = 0
        weak = WEAK
        while frontier:
            ahead = frontier & known
            if ahead:
                closed = 0
                while ahead:
                    low = ahead & -ahead
                    ahead ^= low
                    their_on, their_off = reach[low.bit_length() - 1]
                    closed |= their_on
                    off |= their_off
                on |= closed
                frontier &= ~closed
            turned = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                turned |= weak[low.bit_length() - 1]
            turned &= cands & ~off
            off |= turned
            lit = 0
            turned &= ends
            linked = turned & new_ends
            while linked:
                low = linked & -linked
                linked ^= low
                lit |= partners[low.bit_length() - 1]
            while turned:
                low = turned & -turned
                turned ^= low
                lit |= strong[low.bit_length() - 1]
            frontier = lit & cands & ~on
            on |= frontier
        reach[slot] = on, off
        self.known = known | 1 << slot
