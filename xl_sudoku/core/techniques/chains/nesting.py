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
import gc
from collections.abc import Callable, Iterator
from typing import Final

from ...board import Board
from ...glossary import Key, bit, key_of
from .closures import Closure
from .hints import Found, Hint, found_removes, lower_bounds
from .inner_hints import loop_hints, rule_hints
from .inner_links import chain_sources, closures_within
from .nested_hint import Nested, weigh
from .plus import advanced_offs
from .potentials import ADVANCED, ChainGrid, Potential
from .rules import (
    Chaining,
    Kept,
    forget_larger,
    has_followed,
    leave_followed,
    take_followed,
)

# --- what the nested rules give a chain --------------------------------------------------

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
        less[cell] &= ~bit(digit)
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
