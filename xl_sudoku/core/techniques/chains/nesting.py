"""Nested forcing chains as Sudoku Explainer finds and rates them (core layer).

Sudoku Explainer's "Dynamic Forcing Chains (+)" (level 1) let a dynamic chain, when its
singles run out, use locked candidates, hidden and naked pairs and X-Wings on the grid
the chain has made (``plus.advanced_offs``). Its nested levels let it use chaining
rules there too, on that grid, when those four find nothing:

- level 2, "(+ Forcing Chains)", 9.5: forcing chains and cycles (X-, Y- and XY-);
- level 3, "(+ Multiple Forcing Chains)", 10.0: those, then static cell and region
  forcing chains if they find nothing;
- level 4, "(+ Dynamic Forcing Chains ...)", 10.5: dynamic forcing chains of level
  ``limit`` (0: plain; 1: (+); 2, 3: nested themselves), alone.

Every hint the nested rule finds on the chain's grid (all of them, in the order the rule
sorts them, one per set of candidates removed) that needs something the chain took out
— its *rule parents*: the candidates taken out of the cells and houses whose singles its
own chains use — gives "offs" to the chain, with those as parents. A hint's complexity
adds to its own chains' potentials the complexity of every nested chain they use
(counted once each), so ratings at these levels climb fast: 9.5 + 0.5 per level + the
length bonus of ``rating.length_tenths``.

Sudoku Explainer tries level 2, then 3, then 4 with ``limit`` 0 to 3, and takes the
first level that finds any hint (the easiest hint of that level).
"""

from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Callable, Iterator
from typing import Final, cast

from ...board import PEER_BITS, UNIT_BITS, Board, cells_in
from ...candidates import DIGITS_OF
from ...deadline import checkpoint
from ...grid import cell_name
from .closures import Closure
from .hints import Found, Hint, found_removes, lower_bounds, removes_key
from .plus import advanced_offs
from .potentials import ADVANCED, CELL, DIGITS0_OF, ChainGrid, Key, Potential, key_of
from .rating import length_tenths
from .rules import (
    Chaining,
    Kept,
    forget_larger,
    has_followed,
    leave_followed,
    take_followed,
)
from .slots import SAME_DIGIT_PEERS, WEAK
from .static import KeyLinks, cycles, forcing_chain
from .static_search import ON, StaticClosures, StaticLinks

#: each "on" potential whose single a nested hint's chains use, with its cause (CELL,
#: or the house) as one int (``_on``), in the order Sudoku Explainer collects its rule
#: parents: ints, not pairs, as the searches keep their hints (a level-4 search, 8,000
#: and more: pairs made the cycle collector's first look at them take 0.2-0.3 s)
Ons = tuple[int, ...]


def _on(key: Key, cause: int) -> int:
    """An "on" and its cause as one int (``Ons``): ``key << 5 | cause + 2``."""
    return key << 5 | (cause + 2)


class Nested:
    """A hint of a chaining rule found inside another chain (on that chain's grid)."""

    __slots__ = ("_identity", "_ons", "complexity", "ends", "name", "removable", "whole")

    def __init__(
        self,
        name: str,
        complexity: int,
        removable: tuple[tuple[int, int], ...],
        ons: Ons | Callable[[], Ons],
        chains: tuple[tuple[Key, ...], Callable[[], tuple[tuple[Key, ...], ...]]],
    ) -> None:
        self.name = name  # its kind: X-Chain, XY-Chain, cycle, cell forcing chain, ...
        self.complexity = complexity  # its chains' potentials and its own nested chains'
        self.removable = removable  # in the order Sudoku Explainer turns them off
        self._ons = ons  # or how to find them, when first asked
        # where each of its chains ends (the first key of each), and how to write them out
        # potential by potential (``identity``), asked only if another's ends match
        self.ends, self.whole = chains
        self._identity: tuple[tuple[Key, ...], ...] | None = None

    @property
    def identity(self) -> tuple[tuple[Key, ...], ...]:
        """Its chains, each from its end breadth-first: two nested hints with the same
        chains count once in a hint's complexity (Sudoku Explainer's ``FullChain``)."""
        if self._identity is None:
            self._identity = self.whole()
        return self._identity

    @property
    def ons(self) -> Ons:
        """Each "on" whose single its chains use, with its cause (``Ons``)."""
        if callable(self._ons):
            self._ons = self._ons()
        return self._ons

    @property
    def text(self) -> str:
        """``X-Chain r1c2<>5 -> ...``: its kind and its first chain, from the start."""
        line = reversed(self.identity[0])
        return f"{self.name} {' -> '.join(_key_name(k) for k in line)}"

    def parents(self, source: ChainGrid, current: ChainGrid) -> list[Key]:
        """The "offs" it needs: for each "on" its chains use, what ``current`` has lost
        of ``source`` in its cell (a cell's single) or of its digit in its house."""
        out: dict[Key, None] = {}
        add = out.setdefault
        source_masks, masks = source.masks, current.masks
        for on in self.ons:
            node, cause = on >> 6, (on & 31) - 2
            cell, d0 = node % 81, node // 81
            if cause == CELL:
                for d in DIGITS0_OF[source_masks[cell] & ~masks[cell]]:
                    add((81 * d + cell) << 1, None)  # ``key_of(cell, d + 1, False)``
            else:
                lost = source.places[d0] & ~current.places[d0] & UNIT_BITS[cause]
                while lost:
                    low = lost & -lost
                    lost ^= low
                    add((81 * d0 + low.bit_length() - 1) << 1, None)
        return list(out)


def nested_complexity(nested: list[Nested]) -> int:
    """The complexity the nested hints add, each set of chains counted once."""
    if not nested:
        return 0
    unique = list({id(n): n for n in nested}.values())
    if len(unique) == 1:
        return unique[0].complexity
    # two with the same chains end at the same keys: chains are written out (``identity``)
    # only for hints whose ends another's match (line 112's level-4 step: 1,242 of 5,296)
    by_ends: dict[tuple[Key, ...], list[Nested]] = {}
    for n in unique:
        by_ends.setdefault(n.ends, []).append(n)
    total = 0
    for group in by_ends.values():
        if len(group) == 1:
            total += group[0].complexity
            continue
        seen: set[tuple[tuple[Key, ...], ...]] = set()
        for n in group:
            if n.identity not in seen:
                seen.add(n.identity)
                total += n.complexity
    return total


def weigh(ends: tuple[tuple[Closure, Key], ...]) -> tuple[int, int]:
    """The complexity of a hint whose chains end at ``ends``: its chains' potentials (each
    end's ``Closure.count``) and the nested chains among their ancestors
    (``nested_complexity``), each end's ancestors walked once for both."""
    flat = 0
    found: list[Nested] = []
    for closure, key in ends:
        nested = closure.nested
        count = closure.memo.get(key)
        if count is None or nested:
            ancestors = closure.ancestors(key)
            if count is None:
                count = closure.memo[key] = len(ancestors)
            if nested:
                found += [cast(Nested, nested[k]) for k in ancestors if k in nested]
        flat += count
    return flat, nested_complexity(found)


# --- Sudoku Explainer's orders ------------------------------------------------------------


def java_map_order(pairs: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """(cell, digit) pairs in the order a Java ``HashMap`` of cells iterates them: by cell
    index modulo its table size (16, doubled while the cells exceed three quarters of
    it), cells that share a slot in the order they came; each cell's digits in order."""
    cells: dict[int, list[int]] = {}
    for cell, digit in pairs:
        cells.setdefault(cell, []).append(digit)
    size = 16
    while len(cells) > size * 3 // 4:
        size *= 2
    order = sorted(enumerate(cells), key=lambda item: (item[1] % size, item[0]))
    return tuple((cell, d) for _, cell in order for d in sorted(cells[cell]))


# --- forcing chains and cycles, every hint ------------------------------------------------


def _line(end: Potential) -> list[Potential]:
    """A static chain's potentials from its end back to its assumption."""
    out = [end]
    while out[-1].parents:
        out.append(out[-1].parents[0])
    return out


def _chain_nested(end: Potential, y: bool) -> tuple[int, int, Nested]:
    """A forcing chain as a nested hint: its rating in tenths, complexity, the hint."""
    line = _line(end)
    complexity = len(line)
    tenths = (70 if y else 66) + length_tenths(complexity)
    cell, digit = end.cell, end.digit
    # an "on" end removes its cell's other candidates: the caller fills them in
    removable: tuple[tuple[int, int], ...] = () if end.on else ((cell, digit),)
    ons = tuple(_on(p.key, p.cause) for p in line[:-1] if p.on)
    keys = tuple(p.key for p in line)
    name = "XY-Chain" if y else "X-Chain"
    return tenths, complexity, Nested(name, complexity, removable, ons, (keys[:1], lambda: (keys,)))


def _cycle_nested(grid: ChainGrid, end: Potential, y: bool, x: bool) -> tuple[int, int, Nested]:
    """A cycle as a nested hint (its removable empty if it removes nothing)."""
    path = _line(end)[:-1]  # P(n) .. P(1): the root is P(n) again
    loop_cells = 0
    for p in path:
        loop_cells |= 1 << p.cell
    forward: dict[tuple[int, int], None] = {}
    backward: dict[tuple[int, int], None] = {}
    for p in path:
        digit = p.digit
        seen = grid.places[digit - 1] & PEER_BITS[p.cell] & ~loop_cells
        for c in cells_in(seen):
            (forward if p.on else backward).setdefault((c, digit), None)
    cancel = [pair for pair in forward if pair in backward]
    removable = java_map_order(cancel)
    complexity = len(path)
    tenths = (70 if x and y else 65) + length_tenths(complexity)
    # the "ons" of the loop, then its "offs" (which the reversed loop has "on")
    ons = tuple(_on(p.key, p.cause) for p in path if p.on) + tuple(
        _on(p.key, p.cause) for p in reversed(path) if not p.on
    )
    on_keys = tuple(p.key for p in path)
    off_keys = tuple(p.key ^ 1 for p in reversed(path))
    off_keys = (off_keys[-1], *off_keys[:-1])  # the reversed loop from its end
    chains = (on_keys[0], off_keys[0]), lambda: (on_keys, off_keys)
    loop = Nested("cycle", complexity, removable, ons, chains)
    return tenths, complexity, loop


def _key_name(key: Key) -> str:
    node = key >> 1
    return f"{cell_name(node % 81)}{'=' if key & 1 else '<>'}{node // 81 + 1}"


Sources = tuple[set[tuple[int, bool]], int]  # chains' starts (slot, on), loops' "ons"


def loop_hints(grid: ChainGrid, sources: Sources | None = None) -> list[Nested]:
    """Every hint of Sudoku Explainer's "Forcing Chains & Cycles" on a grid: X-, Y- and
    XY- passes, each cell and candidate in order, cycles then chains; sorted by rating,
    complexity and kind (stably), one per set of candidates removed.

    ``sources``: the assumptions that start a chain, and (a bit set of slots, at least)
    the "ons" that may lie on a loop that removes something, if known."""
    # the chains and loops of every pass are in the implications of the last (cell and
    # house links): only the assumptions that lead to their opposite there start a chain,
    # only the "ons" that may lie on a loop removing something start a loop
    if sources is None:
        sources = StaticLinks(grid.masks, grid.places).forcing_sources(True, True)
    starts, on_loops = sources
    if not starts:
        return []
    found: list[tuple[int, int, int, int, Nested]] = []
    for y, x in ((False, True), (True, False), (True, True)):
        links = KeyLinks(grid, y, x)
        sort_key = 4 if x and y else (3 if y else 2)
        for cell in range(81):
            mask = grid.masks[cell]
            count = mask.bit_count()
            if count < 2 or (not x and count > 2):
                continue
            for digit in DIGITS_OF[mask]:
                slot = 10 * cell + digit - 1
                if not (on_loops >> slot & 1 or (slot, True) in starts or (slot, False) in starts):
                    continue
                for tenths, complexity, hint in _start_hints(links, slot, starts, on_loops):
                    found.append((tenths, complexity, sort_key, len(found), hint))
    return _unique(found)


def _start_hints(
    links: KeyLinks, slot: int, starts: set[tuple[int, bool]], on_loops: int
) -> list[tuple[int, int, Nested]]:
    """The cycles, then the forcing chains, from one candidate (only from those that
    ``forcing_sources`` says start a chain, or may lie on a loop that removes
    something)."""
    checkpoint()
    grid, y, x = links.grid, links.y, links.x
    out: list[tuple[int, int, Nested]] = []
    cell, digit = divmod(slot, 10)
    digit += 1
    start = Potential(key_of(cell, digit, True))
    if on_loops >> slot & 1:
        for end in cycles(links, start)[0]:
            cycle = _cycle_nested(grid, end, y, x)
            if cycle[2].removable:
                out.append(cycle)
    if not x:
        return out
    chains: list[Potential] = []
    for assumed in (start, Potential(key_of(cell, digit, False))):
        leads = (slot, assumed.on) in starts
        reached = forcing_chain(links, assumed) if leads else None
        if reached is not None and all(reached.key != c.key for c in chains):
            chains.append(reached)
    for end in chains:
        chain = _chain_nested(end, y)
        if end.on:
            others = grid.masks[end.cell] & ~(1 << (end.digit - 1))
            chain[2].removable = tuple((end.cell, d) for d in DIGITS_OF[others])
        out.append(chain)
    return out


def _unique(found: list[tuple[int, int, int, int, Nested]]) -> list[Nested]:
    """Sorted, and one hint per set of candidates removed (the first)."""
    found.sort(key=lambda item: item[:4])
    out: list[Nested] = []
    seen: set[frozenset[tuple[int, int]]] = set()
    for *_, hint in found:
        removes = frozenset(hint.removable)
        if removes not in seen:
            seen.add(removes)
            out.append(hint)
    return out


# --- cell, region and dynamic forcing chains, every hint ----------------------------------


def rule_hints(
    rule: Chaining,
    grid: ChainGrid,
    within: ChainGrid | None = None,
    static: StaticClosures | None = None,
) -> list[Nested]:
    """Every hint of a multiple or dynamic chaining rule on a grid, as nested hints:
    sorted by rating, complexity and kind (stably), one per set of candidates removed.

    Only the first hint of each set counts, so a hint's complexity (its chains'
    ancestors, a search each) is counted only while the length of its chains'
    first-parent lines, no more than that complexity, could still put it first in its
    set; the rating rises with the complexity, so the order is (complexity, kind, index)."""
    found = rule.found_all(grid, within, static=static)
    # most hints prove a potential (an int), thousands a search, many the same one: what
    # that removes is made once per potential
    by_key: dict[int, list[int]] = {}
    sets: dict[frozenset[tuple[int, int]], list[int]] = {}
    removes: dict[int, tuple[tuple[int, int], ...]] = {}
    for i, item in enumerate(found):
        target = item[3]
        if isinstance(target, int):
            members = by_key.get(target)
            if members is None:
                by_key[target] = [i]
            else:
                members.append(i)
        elif target:
            removes[i] = target
            sets.setdefault(frozenset(target), []).append(i)
    for key, members in by_key.items():
        removable = removes_key(grid, key)
        if removable:
            removes.update(dict.fromkeys(members, removable))
            sets.setdefault(frozenset(removable), []).extend(members)
    ranked: list[tuple[int, int, int]] = []
    for members in sets.values():
        if len(members) == 1:  # (some sets)
            i = members[0]
            ranked.append((sum(weigh(found[i][1])), found[i][0], i))
            continue
        best: tuple[int, int, int] | None = None
        for lower, sort_key, i in lower_bounds(found, members):
            if best is not None and (lower, sort_key, i) > best:
                break  # its complexity is no less than ``lower``: it cannot come first
            complexity = sum(weigh(found[i][1]))
            if best is None or (complexity, sort_key, i) < best:
                best = (complexity, sort_key, i)
        assert best is not None
        ranked.append(best)
    ranked.sort()
    return [
        Nested(
            f"{found[i][2]} forcing chain",
            complexity,
            removes[i],
            functools.partial(_closure_ons, found[i]),
            _closure_chains(found[i][1]),
        )
        for complexity, _, i in ranked
    ]


def _closure_ons(item: Found) -> Ons:
    """The "ons" whose singles a closure hint's chains use, in Sudoku Explainer's order
    of its rule parents: each chain from its end, breadth-first; an assumption counts
    for a cell hint (its cell) and a region hint (its house)."""
    _, ends, kind, _, _, house, _, _ = item
    out: list[int] = []
    for closure, end in ends:
        first, cause, extra = closure.first, closure.cause, closure.extra
        for key in closure.chain(end):
            if not key & 1:
                continue
            if key in extra:
                out.append(key << 5 | extra[key][1] + 2)  # ``_on``, written out
            elif first[key] >= 0:
                out.append(key << 5 | cause[key] + 2)
            elif kind == "cell":
                out.append(key << 5 | CELL + 2)
            elif kind == "region":
                out.append(key << 5 | house + 2)
    return tuple(out)


def _closure_chains(
    ends: tuple[tuple[Closure, Key], ...],
) -> tuple[tuple[Key, ...], Callable[[], tuple[tuple[Key, ...], ...]]]:
    """A closure hint's chains as ``Nested`` takes them: their end keys, and how to write
    them out."""

    def identity() -> tuple[tuple[Key, ...], ...]:
        return tuple(tuple(closure.chain(key)) for closure, key in ends)

    return tuple([key for _, key in ends]), identity


# --- the chain's "offs" from nested rules -------------------------------------------------

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
        for bits in UNIT_BITS:
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
        for bits in UNIT_BITS:
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


#: per nested rule (its name) and grid searched (its candidates), the rule's hints there
_Seen = dict[tuple[str, tuple[int, ...]], list[Nested]]
#: per level, ``limit`` and grid searched, the "offs" the nested rules gave there
_Given = dict[tuple[int, int, tuple[int, ...]], list[Potential]]
#: the hints found by the searches running and the "offs" they gave, per grid they
#: started from (``_seen``)
_SEEN: dict[tuple[int, ...], tuple[_Seen, _Given]] = {}
#: the hints the board's last nested searches found per grid inside their chains, while a
#: nested search runs (``_Left.hints``)
_BEFORE: dict[tuple[str, tuple[int, ...]], list[Nested]] = {}


class _Left:
    """What a board's nested searches leave to its next ones (its part of
    ``Board.memory``).

    ``hints``: what the last search of each level (and ``limit``) found on the grids
    inside its chains. The next one, on a grid a candidate or so smaller, stalls on some
    of the same grids, where the hints are the same (they depend on the grid alone).
    Forum_hardest line 34's second and third level-4 steps: 15,000 and 21,000 of 108,000
    closures spared; line 151 (levels 2 and 3): 10,640 searches for loops where 12,000
    were, 4,927 for multiple forcing chains where 5,490.

    ``closures``: those of a level-2 search that found nothing, with its grid's
    candidates, for the level-3 search of the same grid that Sudoku Explainer tries next
    (taken by the next search, whichever it is).

    ``followed``: from the last level-4 search of plain dynamic chains inside (``limit``
    0) that found a hint, the grid it leaves (its own less what the hint removes) and,
    per grid inside its chains less those candidates, what each closure followed there
    that reads the same without them held (``rules.leave_followed``). The next search of
    that grid takes those closures as known (``closures.Known``), followed again only
    where more than their potentials is asked. Forum_hardest line 120's level-4 steps after its
    first (7 in a row): 50,000-62,000 closures followed where 94,000-100,000, 1,800-1,900
    of the known ones followed again; 344-352 MB at the peak where 296-306 MB."""

    __slots__ = ("closures", "followed", "hints")

    def __init__(self) -> None:
        self.hints: dict[tuple[int, int], _Seen] = {}
        self.followed: tuple[tuple[int, ...], Kept] | None = None
        self.closures: tuple[tuple[int, ...], dict[Key, Closure]] | None = None


def _seen(source: ChainGrid) -> tuple[_Seen, _Given]:
    """The hints the nested rules found on each grid searched so far inside the chains
    from ``source``, and the "offs" they gave there: the chains of different assumptions
    often stall on the same grid (forum_hardest line 34's first level-4 step: 1,297
    searches of 813 grids)."""
    key = tuple(source.masks)
    seen = _SEEN.get(key)
    if seen is None:
        if len(_SEEN) >= 8:
            _SEEN.clear()
        seen = _SEEN[key] = {}, {}
    return seen


def _multiple_hints(work: ChainGrid, source: ChainGrid) -> list[Nested]:
    """The static multiple forcing chains' hints on a grid inside a chain."""
    return rule_hints(_STATIC_MULTIPLE, work, static=closures_within(work, source))


def nested_offs(
    work: ChainGrid, source: ChainGrid, closure: Closure, level: int, limit: int
) -> list[Potential]:
    """The "offs" the nested rules of ``level`` give a dynamic chain whose grid is
    ``work`` (``source`` before the chain): the hints of the first rule that has any
    hint needing the chain, every candidate each removes (those already off too).

    A hint's parents are candidates ``work`` lacks of ``source``; the chain took each of
    them out as an "off" it holds: so the "offs" are the same for every chain that stalls
    on ``work``, made once a search (``_seen``)."""
    del closure  # (it holds every parent: see above)
    seen, given = _seen(source)
    masks = tuple(work.masks)
    known = given.get((level, limit, masks))
    if known is not None:
        return known
    rules: list[tuple[str, Callable[[ChainGrid], list[Nested]]]]
    if level < 4:
        rules = [("loops", lambda g: loop_hints(g, chain_sources(g, source)))]
        if level >= 3:
            rules.append(("multiple", lambda g: _multiple_hints(g, source)))
    else:
        rules = [(f"dynamic {limit}", lambda g: rule_hints(_DYNAMIC[limit], g, source))]
    out: list[Potential] = []
    for name, rule in rules:
        hints = seen.get((name, masks))
        if hints is None:
            hints = _BEFORE.get((name, masks))
            if hints is None:
                hints = rule(work)
            seen[name, masks] = hints
        for hint in hints:
            parents = tuple(Potential(k) for k in hint.parents(source, work))
            if not parents:
                continue  # the hint holds without the chain
            for cell, digit in hint.removable:
                off = key_of(cell, digit, False)
                out.append(Potential(off, parents, ADVANCED, hint.name, hint))
        if out:
            break
    given[level, limit, masks] = out
    return out


def _followed_after(
    masks: tuple[int, ...], removed: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], Kept] | None:
    """What a search that removes ``removed`` from a grid of candidates ``masks`` leaves
    to the next one, on that grid less them (``rules.leave_followed``); None if it
    removes nothing."""
    if not removed:
        return None
    less = list(masks)
    for cell, digit in removed:
        less[cell] &= ~(1 << (digit - 1))
    return tuple(less), leave_followed(removed)


# --- the nested levels as rules -----------------------------------------------------------


@contextlib.contextmanager
def cycles_paused() -> Iterator[None]:
    """Python's cycle collector paused while a nested search runs (and started again after,
    if it ran before). The search makes millions of objects and keeps hundreds of
    thousands (closures, hints) until it ends, almost none of them in a cycle: the
    collector only scanned them again and again (forum_hardest line 34's first level-4
    step: 18 full collections that found nothing, 1.9-2.3 s of its 19-23 s; 405 objects
    in cycles left after it, collected when the collector runs again)."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


class NestedChaining(Chaining):
    """A nested level of Sudoku Explainer's dynamic forcing chains (``level`` 2 to 4, and
    for level 4 the ``limit`` of the chains nested inside): when its four techniques find
    nothing inside a chain, it uses the chaining rules of its level there."""

    def inner_offs(self, work: ChainGrid, source: ChainGrid, closure: Closure) -> list[Potential]:
        """The "offs" of the four techniques inside a chain, or, where they find none,
        those of the nested rules (``nested_offs``)."""
        found = advanced_offs(work, source, closure, self.level)
        return found or nested_offs(work, source, closure, self.level, self.limit)

    def best(self, board: Board) -> Hint | None:
        """The easiest hint of a nested level: every closure followed, every hint weighed
        with the complexity of the nested chains it uses.

        What the search remembers of the grids inside its chains (``_seen``,
        ``rules.forget_larger``) lasts as long as it does; what it leaves to the board's
        next searches is in the board's memory (``_Left``): the hints it found per grid,
        and, from a level-2 search that finds nothing, its closures. A level-3 chain is a
        level-2 chain until the first grid where the level-2 rules find nothing (level 3
        tries them first, and goes on to multiple forcing chains only there): so it starts
        where the level-2 chain of the same grid ended (``follow``'s ``resume``)."""
        grid = ChainGrid.of(board)
        masks = tuple(grid.masks)
        left = board.memory.of(_Left)
        carried, left.closures = left.closures, None
        earlier = None
        if carried is not None and carried[0] == masks and self.level == 3:
            earlier = carried[1]  # level 3 extends level 2's chains, and level 2's alone
        seen: _Seen = {}
        _SEEN.clear()
        _SEEN[masks] = seen, {}
        for hints in left.hints.values():
            _BEFORE.update(hints)
        if left.followed is not None and left.followed[0] == masks:
            take_followed(left.followed[1])
        closures: dict[Key, Closure] = {}
        with cycles_paused():
            try:
                found = self.found_all(grid, closures=closures, earlier=earlier)
                left.hints[self.level, self.limit] = seen
                hint = self._easiest(found, grid, left, masks)
            finally:
                _SEEN.clear()
                _BEFORE.clear()
                forget_larger()
            if hint is None and self.level == 2:
                left.closures = masks, closures
            del found, closures
        return hint

    def _easiest(
        self, found: list[Found], grid: ChainGrid, left: _Left, masks: tuple[int, ...]
    ) -> Hint | None:
        """The easiest of the hints found, materialized, its nested complexity counted:
        the least complexity (the rating rises with it), then sort key, then the first.
        A hint's complexity (its chains' ancestors and the nested chains they use) is
        counted only while the length of its chains' first-parent lines, no more than
        it, could still put it first (as ``rules._easiest``)."""
        best: tuple[int, int, int, int] | None = None  # complexity, sort key, index, nested
        for lower, sort_key, i in lower_bounds(found, range(len(found))):
            if best is not None and (lower, sort_key, i) > best[:3]:
                break  # its complexity is no less than ``lower``: it cannot come first
            ends = found[i][1]
            if not found_removes(found[i], grid):
                continue
            flat, nested = weigh(ends)
            complexity = flat + nested
            if best is None or (complexity, sort_key, i) < best[:3]:
                best = (complexity, sort_key, i, nested)
        if has_followed():  # plain dynamic chains inside (level 4, ``limit`` 0)
            removed = found_removes(found[best[2]], grid) if best is not None else ()
            left.followed = _followed_after(masks, removed)
        if best is None:
            return None
        hint = self._hint(found[best[2]], grid)
        hint.nested = best[3]
        return hint.materialize()


_STATIC_MULTIPLE: Final = Chaining(multiple=True)
_DYNAMIC: Final = (
    Chaining(multiple=True, dynamic=True),
    Chaining(multiple=True, dynamic=True, level=1),
    NestedChaining(multiple=True, dynamic=True, level=2),
    NestedChaining(multiple=True, dynamic=True, level=3),
)
