"""Sudoku Explainer's chaining rules (core layer, logic techniques): ``Chaining``, one rule,
and the search of its hints (where the fast searches point, every closure followed
exactly there, the easiest hint taken).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ...board import Board
from ...glossary import (
    DIGITS_OF,
    HOUSE_BITS,
    SE_HOUSES,
    Key,
    cells_in,
    key_of,
)
from .closures import Closure, Inner, Known, follow, house_counts
from .dynamic_search import Closures, nishio_cells
from .hints import Found, Hint, found_removes, lower_bounds
from .plus import advanced_offs
from .potentials import DIGITS0_OF, HOUSE_PARTS, ChainGrid, Potential
from .slots import views_of
from .static import best_loop_hint
from .static_search import StaticClosures, StaticLinks, static_cells_of


def _partner(grid: ChainGrid, cell: int, d0: int) -> Key:
    """The first "on" a candidate's "off" turns on (as ``static.off_to_on_keys`` takes
    them: its cell's other candidate if the cell has two, else its digit's other place
    in the first of its houses (box, row, column) that has two); -1 if none."""
    mask = grid.masks[cell]
    if mask.bit_count() == 2:
        return ((81 * ((mask & ~(1 << d0)).bit_length() - 1) + cell) << 1) | 1
    digit_places = grid.places[d0]
    for _, bits in HOUSE_PARTS[cell]:
        others = digit_places & bits
        if others and not others & (others - 1):
            return ((81 * d0 + others.bit_length() - 1) << 1) | 1
    return -1


class _Follower:
    """The exact closures of one board's assumptions (each followed once, when first
    asked), and for the filters what each assumption leads to as sets of slots: its fast
    closure, or where that is a contradiction, its exact closure (which stops at its
    first clash, so holds less). A fast closure holds every potential of the exact one."""

    def __init__(
        self,
        grid: ChainGrid,
        rule: Chaining,
        fast: Closures | StaticClosures | None,
        cache: dict[Key, Closure] | None = None,
        earlier: dict[Key, Closure] | None = None,
    ) -> None:
        self.grid, self.rule = grid, rule
        self.fast = fast
        self.dynamic, self.cell_links = rule.dynamic, not rule.nishio
        self.inner: Inner | None = rule.inner_offs if rule.level > 0 else None
        self.cache: dict[Key, Closure] = {} if cache is None else cache
        #: closures on this grid of a rule whose chains this rule's extend (``follow``'s
        #: ``resume``): each followed on from where it ended
        self.earlier = earlier
        #: followers of grids this one's grid lies within, with what tells the grids
        #: apart (``_unread``), and whether to follow there when asked
        self.within: list[tuple[_Follower, Unread, bool]] = []
        #: what the closures of some assumptions are known to hold here (``Known``), and
        #: a copy of the grid to follow them on when more is asked
        self.known: tuple[dict[Key, int], ChainGrid] | None = None
        #: ``closures.house_counts`` of the grid, made when a chain is first followed
        self.counts: list[int] | None = None
        #: ``_region_starts`` of the grid, made when first asked
        self.regions: dict[int, list[tuple[int, int]]] | None = None

    def closure(self, key: Key) -> Closure:
        """The exact closure of an assumption (an "on" or an "off" key)."""
        found = self.cache.get(key)
        if found is None:
            found = self._same(key)
            if found is None and self.known is not None:
                bits = self.known[0].get(key)
                if bits is not None:
                    both = bits >> _NODES, bits & _ALL_NODES
                    found = Known(self.known[1], key, both, self.cell_links)
            if found is None:
                ended = self.earlier.get(key) if self.earlier is not None else None
                if ended is not None and ended.clash is not None:
                    found = ended  # the same contradiction, before anything it adds
                else:
                    on, off = (key, None) if key & 1 else (None, key)
                    if self.counts is None:
                        self.counts = house_counts(self.grid.places)
                    found = follow(
                        self.grid,
                        on,
                        off,
                        self.dynamic,
                        self.cell_links,
                        self.inner,
                        ended,
                        self.counts,
                    )
            self.cache[key] = found
        return found

    def _same(self, key: Key) -> Closure | None:
        """The closure of ``key`` on a larger grid, if it is the closure here too
        (``_unread``)."""
        for follower, unread, follows in self.within:
            found = follower.closure(key) if follows else follower.cache.get(key)
            if found is not None and _reads_same(found.node_bits(), unread):
                return found
        return None

    def off_needed(self, cell: int, digit: int, both: bool) -> bool:
        """Whether a dynamic chain from a candidate's "off" must be followed (to see a
        contradiction, or what it shares with the candidate's "on"), where no pre-search
        tells.

        If the candidate has a partner (its cell's other candidate, or its digit's other
        place in a house), its "off" turns the partner on, and the partner's "on" turns it
        off: singles reach one end from either, and what the chain finds where they run out
        (the four techniques, the nested rules) depends only on the potentials it holds
        there, so the two closures hold the same potentials (each stops at a contradiction
        only if that end has one). Where the partner's "on" has no contradiction, neither
        has the "off", and the "off" shares with the "on" exactly what the partner's "on"
        does. Without a partner, the "off" of a chain of singles alone (level 0: no inner
        rule) leads nowhere, as no single comes of it: nothing to follow."""
        partner = _partner(self.grid, cell, digit - 1)
        if partner < 0:
            return self.inner is not None
        twin = self.closure(partner)
        if twin.clash is not None:
            return True
        if not both:
            return False
        on, off = self.closure(key_of(cell, digit, True)).node_bits()
        twin_on, twin_off = twin.node_bits()
        return bool(on & twin_on or off & twin_off)

    def reach(self, slot: int, on: bool) -> tuple[int, int]:
        """The slots an assumption turns on and off (at least those the exact rule finds)."""
        assert self.fast is not None
        found = self.fast.if_on(slot) if on else self.fast.if_off(slot)
        if found is None:
            found = self.closure(key_of(slot // 10, slot % 10 + 1, on)).slots()
        return found

    def both(self, slot: int) -> bool:
        """Whether the slot's two states may share a conclusion."""
        on, off = self.reach(slot, True), self.reach(slot, False)
        return bool(on[0] & off[0] or on[1] & off[1])

    def common(self, slots: list[int]) -> bool:
        """Whether the "ons" of every slot may share a conclusion."""
        common_on, common_off = self.reach(slots[0], True)
        for slot in slots[1:]:
            on, off = self.reach(slot, True)
            common_on &= on
            common_off &= off
        return bool(common_on or common_off)


#: per set of a digit's places in a house, its cells in order (``_fast_region_hints``)
_REGION_CELLS: dict[int, tuple[int, ...]] = {}


def _region_starts(grid: ChainGrid, multiple: bool) -> dict[int, list[tuple[int, int]]]:
    """Per slot (``10 * cell + digit0``), the houses where it is its digit's first place
    of two (or more, for ``multiple``), box, row, column, with the digit's places there:
    where a region hint starts."""
    out: dict[int, list[tuple[int, int]]] = {}
    for d0, digit_places in enumerate(grid.places):
        for house in SE_HOUSES:  # a cell's region hints: boxes, rows, columns
            places = digit_places & HOUSE_BITS[house]
            if not places & (places - 1) or (not multiple and places.bit_count() > 2):
                continue  # not two places (or more)
            slot = 10 * ((places & -places).bit_length() - 1) + d0
            out.setdefault(slot, []).append((house, places))
    return out


#: per chaining rule, the follower of the grid a nested search last started from, and the
#: follower of the grid it last searched with that grid's candidates then (``_larger``)
_LARGER: dict[Chaining, tuple[_Follower, tuple[_Follower, list[int]] | None]] = {}


class _LastDynamic:
    """The closures of the board's last search of plain dynamic chains (each
    assumption's) and the grid it searched (its candidates): ``_after_last`` (``Memory``)."""

    __slots__ = ("closures", "masks")

    def __init__(self) -> None:
        self.closures: dict[Key, Closure] = {}
        self.masks: list[int] = []


def _after_last(follower: _Follower, board: Board) -> None:
    """Give ``follower`` (plain dynamic chains on the board) the closures of the board's
    last such search that read the same here (``_unread``: the next position lies
    within the last, a step's candidates and its singles fewer, and most chains never
    read those), as if it had followed them; they go on to the next search with its own."""
    last = board.memory.of(_LastDynamic)
    masks = follower.grid.masks
    if last.closures and all(not m & ~k for m, k in zip(masks, last.masks, strict=True)):
        unread = _unread(follower.grid, last.masks)
        follower.cache.update(
            (key, closure)
            for key, closure in last.closures.items()
            if _reads_same(closure.node_bits(), unread)
        )
    last.closures, last.masks = follower.cache, masks[:]


def _larger(follower: _Follower, within: ChainGrid) -> list[tuple[_Follower, Unread, bool]]:
    """The followers whose closures ``follower`` may take as its own (``_same``): the
    grid ``within`` (the one its chain started from, of which ``follower``'s grid is a
    part), followed there when asked; and the grid this rule last searched, if it holds
    ``follower``'s (inside one chain, each stall's grid lies within the last), only for
    what was followed there. Remembers ``follower`` as the last, with a copy of its
    candidates (the chain goes on changing its grid)."""
    masks = follower.grid.masks
    rule = follower.rule
    base, last = _LARGER.get(rule, (None, None))
    if base is None or base.grid.masks != within.masks:
        base = _Follower(ChainGrid(within.masks[:], within.places[:], None), rule, None)
        last = None
    _LARGER[rule] = base, (follower, masks[:])
    out = []
    if last is not None and all(not m & ~k for m, k in zip(masks, last[1], strict=True)):
        out.append((last[0], _unread(follower.grid, last[1]), False))
    out.append((base, _unread(follower.grid, within.masks), True))
    return out


#: Grids inside a nested search's chains (their candidates) -> what the plain dynamic
#: closures (without a clash) of each assumption followed there hold (``node_bits``, as
#: one int: on << 729 | off, so that the cycle collector need not look into them: a
#: level-4 search leaves 100,000 or more): the running search's (``_FOLLOWED``)
Followed = dict[tuple[int, ...], dict[Key, int]]
_NODES: Final = 729
_ALL_NODES: Final = (1 << _NODES) - 1
_FOLLOWED: Followed = {}
#: What the board's last search left for the grids of its next one (``leave_followed``):
#: per grid less the candidates its hint removed, the grid it was and what was followed
#: there
Kept = dict[tuple[int, ...], tuple[tuple[int, ...], dict[Key, int]]]
_KEPT: Kept = {}


def leave_followed(removed: tuple[tuple[int, int], ...]) -> Kept:
    """What the running search's inner grids followed, for the board's next search, on
    the board less ``removed`` ((cell, digit) pairs): per grid less those candidates,
    the grid and its closures, of which the next search takes as known only those that
    read the same without the candidates (``_kept``: most grids are never searched
    again)."""
    out: Kept = {}
    for masks, bits in _FOLLOWED.items():
        less = list(masks)
        for cell, digit in removed:
            less[cell] &= ~(1 << (digit - 1))
        if less == list(masks):
            continue  # the same grid: its hints are kept (``nesting._Left``)
        out[tuple(less)] = masks, bits
    return out


def take_followed(kept: Kept) -> None:
    """What the closures of the next nested search will hold where it follows on a grid
    ``kept`` has (``leave_followed``)."""
    _KEPT.clear()
    _KEPT.update(kept)


def _kept(grid: ChainGrid) -> dict[Key, int] | None:
    """What the closures the last search followed on a grid this one is part of hold,
    where they read the same here (``_unread``)."""
    found = _KEPT.get(tuple(grid.masks))
    if found is None:
        return None
    larger, bits = found
    never, union, counted = _unread(grid, list(larger))
    # ``_reads_same`` on each one int (on << _NODES | off) as it is: the nodes its "on"
    # and its "off" part must not hold, both at once; ``union`` and ``counted`` ask only
    # the "offs", which lie below bit _NODES as they do
    never |= never << _NODES
    same: dict[Key, int] = {}
    for key, both in bits.items():
        if both & never:
            continue
        if (both & union).bit_count() < 2 or all(
            (both & nodes).bit_count() <= most for nodes, most in counted
        ):
            same[key] = both
    return same or None


def has_followed() -> bool:
    """Whether the running nested search followed plain dynamic chains inside its chains."""
    return bool(_FOLLOWED)


def forget_larger() -> None:
    """Let go of the followers ``_larger`` keeps, and of what the closures followed hold
    (at the end of a nested search)."""
    _LARGER.clear()
    _FOLLOWED.clear()
    _KEPT.clear()


#: what tells a grid from a larger one it is part of (``_unread``): the nodes a closure
#: followed on the larger may not hold, and cells and houses (of a digit) as nodes of
#: the grid, each with how many "offs" the closure may hold there, and all those nodes
Unread = tuple[int, int, tuple[tuple[int, int], ...]]


def _unread(grid: ChainGrid, larger: list[int]) -> Unread:
    """What a chain of singles followed on candidates ``larger`` must not hold to find
    the same on ``grid``, a part of them (and so be its closure there too, potential for
    potential, with the same parents).

    For each "on" it takes, a chain turns off its cell's other candidates and its digit's
    places among the cell's peers: an "on" that reads a lost candidate makes it an "off"
    of the chain, so a chain that holds no lost candidate reads the same for each "on".
    For each "off" it takes, it looks whether its cell, or its digit in a house of the
    cell, is left with one candidate (place) besides: where one was lost, that can
    differ; but not if the cell (house) keeps here two or more besides all the "offs"
    the chain holds there, as every time it looks it has at least those. So a closure
    holds no lost candidate, and in each cell or house (of a lost candidate's digit)
    that lost one, no more "offs" than its candidates (places) here less two. (So no
    single is found in a cell or house that lost one: the singles' hidden parents are
    the same too.)"""
    never = union = 0
    counted: list[tuple[int, int]] = []
    lost_places = [0] * 9
    for cell, (mask, large) in enumerate(zip(grid.masks, larger, strict=True)):
        gone = large & ~mask
        if not gone:
            continue
        bit = 1 << cell
        for d0 in DIGITS0_OF[gone]:
            lost_places[d0] |= bit
            never |= bit << 81 * d0
        nodes = 0
        for d0 in DIGITS0_OF[mask]:
            nodes |= bit << 81 * d0
        left = mask.bit_count()
        if left > 2:
            counted.append((nodes, left - 2))
            union |= nodes
        else:
            never |= nodes
    for d0, lost in enumerate(lost_places):
        if not lost:
            continue
        for bits in HOUSE_BITS:
            if lost & bits:
                here = grid.places[d0] & bits
                left = here.bit_count()
                if left > 2:
                    counted.append((here << 81 * d0, left - 2))
                    union |= here << 81 * d0
                else:
                    never |= here << 81 * d0
    return never, union, tuple(counted)


def _reads_same(bits: tuple[int, int], unread: Unread) -> bool:
    """Whether a closure holding these nodes (on, off) finds the same on the smaller
    grid (``_unread``)."""
    on, off = bits
    never, union, counted = unread
    if (on | off) & never:
        return False
    if (off & union).bit_count() < 2:
        return True  # (every cell and house counted may hold one "off" or more)
    return all((off & nodes).bit_count() <= most for nodes, most in counted)


def _easiest(found: list[Found], grid: ChainGrid) -> int:
    """The hint Sudoku Explainer takes (its index in ``found``; -1 if none removes
    anything): the least complexity (so the lowest rating), then the lowest sort key,
    then the first. A hint's complexity is counted only while the length of its chains'
    first-parent lines (a lower bound) could still beat the best so far."""
    best: tuple[int, int, int] | None = None
    for lower, sort_key, i in lower_bounds(found, range(len(found))):
        if best is not None and (lower, sort_key, i) > best:
            break  # its complexity is no less than ``lower``: it cannot come first
        if not found_removes(found[i], grid):
            continue
        flat = sum(closure.count(key) for closure, key in found[i][1])
        if best is None or (flat, sort_key, i) < best:
            best = (flat, sort_key, i)
    return -1 if best is None else best[2]


def _clash(closure: Closure, source: Key, removable: tuple[tuple[int, int], ...]) -> Found:
    """The contradiction hint of a closure that found a potential both on and off."""
    assert closure.clash is not None
    on, off = closure.clash
    return (7, ((closure, on), (closure, off)), "contradiction", removable, source, -1, 0, -1)


def _shared(branches: list[Closure]) -> list[Key]:
    """The potentials every branch holds: the "on"s, then the "off"s, each in the order
    the first branch found them (the order the hints are weighed in)."""
    on, off = branches[0].node_bits()
    for other in branches[1:]:
        other_on, other_off = other.node_bits()
        on &= other_on
        off &= other_off
    if not (on or off):
        return []  # (most often: the bit sets tell it at once)
    first = branches[0].first
    common = first.keys() & branches[1].first.keys()
    for other in branches[2:]:
        common &= other.first.keys()
    shared = [key for key in first if key in common]
    return [key for key in shared if key & 1] + [key for key in shared if not key & 1]


class Chaining:
    """One of Sudoku Explainer's chaining rules.

    ``multiple``: cell and region forcing chains; ``dynamic``: "offs" leave the grid as
    the chain goes; ``nishio``: X links only, contradictions only; ``level`` 1: the chain
    also uses locked candidates, pairs and X-Wings (Dynamic Forcing Chains (+)). Levels
    2 to 4 nest chaining rules inside the chain: ``nesting.NestedChaining``.
    """

    def __init__(
        self,
        multiple: bool = False,
        dynamic: bool = False,
        nishio: bool = False,
        level: int = 0,
        limit: int = 0,
    ) -> None:
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        self.limit = limit  # level 4: the level of the dynamic chains nested inside
        if level >= 2 and type(self).inner_offs is Chaining.inner_offs:
            raise ValueError("levels 2 to 4 nest chains: use nesting.NestedChaining")

    def inner_offs(self, work: ChainGrid, source: ChainGrid, closure: Closure) -> list[Potential]:
        """What the rule finds inside a chain whose singles ran out (level 1 or more): the
        "offs" the four techniques of Dynamic Forcing Chains (+) give (``plus``)."""
        return advanced_offs(work, source, closure, self.level)

    @property
    def base_tenths(self) -> int:
        if self.level > 0:
            return 85 + 5 * self.level
        if self.nishio:
            return 75
        if self.dynamic:
            return 85
        if self.multiple:
            return 80
        raise ValueError("forcing chains and cycles are rated hint by hint")

    def best(self, board: Board) -> Hint | None:
        """The hint Sudoku Explainer takes from this rule (the first of ``hints``), found by
        looking only where the fast searches (``static_search``, ``dynamic_search``) point."""
        if not (self.multiple or self.dynamic):
            return best_loop_hint(board)
        grid = ChainGrid.of(board)
        fast: Closures | StaticClosures | None = None
        if self.level > 0:
            fast = Closures(board, stronger=True)
            cells = [c for c in range(81) if board.masks[c].bit_count() > 1]
        elif self.nishio:
            cells = nishio_cells(board)
        elif self.dynamic:
            fast = Closures.following(board)
            cells = [c for c in range(81) if board.masks[c].bit_count() > 1]
        else:
            static = StaticClosures.of(StaticLinks.of(board))
            cells = static_cells_of(grid.masks, grid.places, static)
            fast = static
        found: list[Found] = []
        follower = _Follower(grid, self, fast)
        if self.dynamic and self.level == 0 and not self.nishio:
            _after_last(follower, board)
        for cell in cells:
            count = grid.masks[cell].bit_count()
            if count > 2 or (count > 1 and self.dynamic):
                found += self._fast_cell_hints(grid, cell, count, follower)
        if not found:
            return None
        index = _easiest(found, grid)
        return None if index < 0 else self._hint(found[index], grid).materialize()

    def found_all(
        self,
        grid: ChainGrid,
        within: ChainGrid | None = None,
        closures: dict[Key, Closure] | None = None,
        earlier: dict[Key, Closure] | None = None,
        static: StaticClosures | None = None,
    ) -> list[Found]:
        """Every hint of the rule on a grid, not weighed yet, in Sudoku Explainer's order
        (every closure followed exactly where a fast search shows a hint may come: for
        static chains the implication graph's reach, for dynamic ones of level 1 singles
        and the four rules). Plain dynamic chains (level 0, asked only inside a nested
        chain, on grids late in a chain) have no such search: there it cost more than it
        saved (forum_hardest line 34's level-4 steps, 32-33 s with it, 25-30 s without).

        ``within``: a grid ``grid`` is part of (where a nested search started): a plain
        dynamic chain followed there, or on the grid this rule searched last, that reads
        the same on both is taken as it is (``_Follower._same``, ``_larger``, ``_unread``).
        On line 34's first level-4 step, with the hints remembered per grid
        (``nesting._seen``): 73,000 closures followed where 159,000 were (110,000 when
        only chains that read nothing the grids differ in were taken).

        ``closures``: where to keep the closures followed (each assumption's); ``earlier``:
        those of a rule whose chains this rule's extend, on this grid, each followed on
        from where it ended (``follow``'s ``resume``); ``static``: for static chains, the
        closures of the grid's "ons" or a superset of each, if known (what the fast search
        would find, or more: every closure is followed exactly where it points).

        Plain dynamic chains inside a nested search also leave what each closure held
        (``_FOLLOWED``), and take as known what the board's last search left for this
        grid (``_KEPT``, ``closures.Known``)."""
        fast: Closures | StaticClosures | None = None
        cells: Iterable[int] = range(81)
        if not self.dynamic:
            if static is None:
                static = StaticClosures.of(StaticLinks(grid.masks, grid.places))
            fast = static
            cells = static_cells_of(grid.masks, grid.places, static)
        elif self.level == 1 and not self.nishio and grid.digits is not None:
            # what singles and the four rules reach: at least what follows
            fast = Closures(views_of(grid.digits, grid.masks), stronger=True)
        follower = _Follower(grid, self, fast, closures, earlier)
        plain = within is not None and self.dynamic and not self.nishio and self.level == 0
        if plain:
            assert within is not None
            follower.within = _larger(follower, within)
            known = _kept(grid)
            if known is not None:
                follower.known = known, ChainGrid(grid.masks[:], grid.places[:], grid.digits)
        found: list[Found] = []
        for cell in cells:
            count = grid.masks[cell].bit_count()
            if count > 2 or (count > 1 and self.dynamic):
                found += self._fast_cell_hints(grid, cell, count, follower)
        if plain:
            _FOLLOWED[tuple(grid.masks)] = {
                key: closure.bits[0] << _NODES | closure.bits[1]
                for key, closure in follower.cache.items()
                if closure.clash is None and closure.bits is not None
            }
        return found

    def _hint(self, found: Found, grid: ChainGrid) -> Hint:
        """The hint a ``Found`` stands for, its complexity counted."""
        sort_key, ends, kind, _, source, house, digit, cell = found
        return Hint(
            kind,
            found_removes(found, grid),
            self.base_tenths,
            sum(closure.count(key) for closure, key in ends),
            sort_key,
            Potential(source) if source >= 0 else None,
            (),
            ends=ends,
            house=house,
            digit=digit,
            cell=cell,
        )

    def _fast_cell_hints(
        self, grid: ChainGrid, cell: int, count: int, follower: _Follower
    ) -> list[Found]:
        """The hints Sudoku Explainer finds from one cell (its candidates' two states, the
        houses where it is the first place of a digit, the cell itself), with ``follow``.

        With fast closures (the board's dynamic closures from ``dynamic_search``), a chain is
        followed exactly only where those closures show a hint of its kind can come out.
        The hints are left for ``_easiest`` to weigh and for ``_hint`` to make."""
        out: list[Found] = []
        fast = follower.fast
        double = count >= 3 and not self.nishio and self.dynamic
        contradiction = self.dynamic or self.nishio
        digits = DIGITS_OF[grid.masks[cell]]
        cell_hints = not self.nishio and (count == 2 or (self.multiple and count > 2))
        if cell_hints and fast is not None:
            cell_hints = follower.common([10 * cell + d - 1 for d in digits])
        if_on = follower.closure
        for digit in digits:
            on_key = key_of(cell, digit, True)
            off_key = on_key ^ 1
            slot = 10 * cell + digit - 1
            if contradiction and (fast is None or fast.if_on(slot) is None):
                on = if_on(on_key)
                if on.clash is not None:
                    out.append(_clash(on, on_key, ((cell, digit),)))
            both = double and (fast is None or follower.both(slot))
            follow_off = (contradiction and (fast is None or fast.if_off(slot) is None)) or both
            if follow_off and fast is None and self.dynamic and not self.nishio:
                follow_off = follower.off_needed(cell, digit, both)
            if follow_off:
                off = follower.closure(off_key)
                if contradiction and off.clash is not None:
                    others = tuple(
                        (cell, d) for d in DIGITS_OF[grid.masks[cell] & ~(1 << (digit - 1))]
                    )
                    out.append(_clash(off, off_key, others))
                if both:
                    on = if_on(on_key)
                    for key in _shared([on, off]):
                        source = on_key if key & 1 else off_key
                        ends = ((on, key), (off, key))
                        out.append((1, ends, "double", key, source, -1, 0, -1))
            if not self.nishio:
                out += self._fast_region_hints(grid, cell, digit, follower)
        if not cell_hints:
            return out
        branches = [if_on(key_of(cell, d, True)) for d in digits]
        for key in _shared(branches):
            cell_ends = tuple([(b, key) for b in branches])
            out.append((5, cell_ends, "cell", key, -1, -1, 0, cell))
        return out

    def _fast_region_hints(
        self, grid: ChainGrid, cell: int, digit: int, follower: _Follower
    ) -> list[Found]:
        out: list[Found] = []
        if follower.regions is None:
            follower.regions = _region_starts(grid, self.multiple)
        starts = follower.regions.get(10 * cell + digit - 1)
        if starts is None:
            return out
        # (written out: inside a level-4 search this runs for every candidate of every
        # grid searched, and most closures asked are known, ``follower.cache``)
        fast, cache, closure = follower.fast, follower.cache, follower.closure
        d0 = digit - 1
        base = (81 * d0) << 1 | 1
        for house, places in starts:
            cells = _REGION_CELLS.get(places)
            if cells is None:
                cells = _REGION_CELLS[places] = tuple(cells_in(places))
            if fast is not None and not follower.common([10 * c + d0 for c in cells]):
                continue
            branches: list[Closure] = []
            for c in cells:
                found = cache.get(base + (c << 1))
                branches.append(closure(base + (c << 1)) if found is None else found)
            for key in _shared(branches):
                ends = tuple([(b, key) for b in branches])
                out.append((6, ends, "region", key, -1, house, digit, -1))
        return out
