"""Every hint of a chaining rule on a grid inside a chain, as nested hints (core layer,
logic techniques; ``nesting``'s levels).

Level 2 and up use, inside a chain, Sudoku Explainer's "Forcing Chains & Cycles"
(``loop_hints``: X-, Y- and XY- passes, cycles then chains); level 3 static multiple
forcing chains and level 4 dynamic ones (``rule_hints``): every hint, sorted by rating,
complexity and kind, one per set of candidates removed, as the rule would sort them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from ...deadline import checkpoint
from ...glossary import DIGITS_OF, PEER_BITS, Key, cells_in, key_of
from .closures import Closure
from .hints import Found, lower_bounds, removes_key
from .inner_links import Sources
from .nested_hint import Nested, Ons, java_map_order, on_with_cause, weigh
from .potentials import CELL, ChainGrid, Potential
from .rating import length_tenths
from .rules import Chaining
from .static import KeyLinks, cycles, forcing_chain
from .static_search import StaticClosures, StaticLinks


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
    ons = tuple(on_with_cause(p.key, p.cause) for p in line[:-1] if p.on)
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
    ons = tuple(on_with_cause(p.key, p.cause) for p in path if p.on) + tuple(
        on_with_cause(p.key, p.cause) for p in reversed(path) if not p.on
    )
    on_keys = tuple(p.key for p in path)
    off_keys = tuple(p.key ^ 1 for p in reversed(path))
    off_keys = (off_keys[-1], *off_keys[:-1])  # the reversed loop from its end
    chains = (on_keys[0], off_keys[0]), lambda: (on_keys, off_keys)
    loop = Nested("cycle", complexity, removable, ons, chains)
    return tenths, complexity, loop


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


# --- cell, region and dynamic forcing chains ---------------------------------------------


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
    # a set's first hint gives its "ons" (``_closure_ons``), from the same walk of its
    # chains' ancestors as its complexity: a set of one hint walks them once for both
    ons: dict[int, Ons] = {}
    for members in sets.values():
        if len(members) == 1:  # (most sets)
            i = members[0]
            ranked.append((_weigh_one(found[i], ons, i), found[i][0], i))
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
            ons[i] if i in ons else functools.partial(_closure_ons, found[i]),
            _closure_chains(found[i][1]),
        )
        for complexity, _, i in ranked
    ]


def _weigh_one(item: Found, ons: dict[int, Ons], i: int) -> int:
    """The complexity of the one hint of its set (``weigh``); if its chains use no
    nested chain, its "ons" too, into ``ons[i]`` (``_closure_ons``), its chains walked
    once for both: a chain from its end holds its ancestors, each once."""
    ends = item[1]
    if any(closure.nested for closure, _ in ends):
        return sum(weigh(ends))
    chains = [closure.chain(end) for closure, end in ends]
    flat = 0
    for (closure, end), chain in zip(ends, chains, strict=True):
        flat += closure.memo.setdefault(end, len(chain))
    ons[i] = _closure_ons(item, chains)
    return flat


def _closure_ons(item: Found, chains: list[list[Key]] | None = None) -> Ons:
    """The "ons" whose singles a closure hint's chains use, in Sudoku Explainer's order
    of its rule parents: each chain from its end, breadth-first; an assumption counts
    for a cell hint (its cell) and a region hint (its house). ``chains``: each end's
    ``Closure.chain``, if made."""
    _, ends, kind, _, _, house, _, _ = item
    out: list[int] = []
    for j, (closure, end) in enumerate(ends):
        first, cause, extra = closure.first, closure.cause, closure.extra
        for key in closure.chain(end) if chains is None else chains[j]:
            if not key & 1:
                continue
            if key in extra:
                out.append(key << 5 | extra[key][1] + 2)  # ``on_with_cause``, written out
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
