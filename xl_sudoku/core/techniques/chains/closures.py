"""Closures, fast (core layer, logic techniques): everything one assumption implies, as
Sudoku Explainer follows it, with potentials as keys and their parents rebuilt when
asked (``follow``, ``Closure``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Final

from ...deadline import checkpoint
from ...glossary import ALL_CELLS, HOUSE_BITS, PEER_BITS, Key
from .potentials import (
    ADVANCED,
    CELL,
    CELL_KEYS,
    DIGITS0_OF,
    HOUSE_PARTS,
    PEERS_IN_ORDER,
    SLOT_BIT,
    ChainGrid,
    Potential,
)

#: what a rule of level 1 or more finds inside a chain when its singles run out: given the
#: chain's grid, the grid it started from and the closure so far, the "offs" found (each
#: with the "offs" of the chain it needs as parents)
Inner = Callable[["ChainGrid", "ChainGrid", "Closure"], list[Potential]]


class Closure:
    """Everything an assumption implies, followed as Sudoku Explainer follows it: every
    pending "on" before the next "off", each potential kept with the first implication
    that reached it. Potentials are keys; their parents are rebuilt when asked: a
    dynamic single's hidden parents are the "offs" that had emptied its cell or house
    when it was found, recorded as a bit set (``hidden``)."""

    __slots__ = (
        "advanced",
        "bits",
        "cause",
        "clash",
        "extra",
        "first",
        "hidden",
        "lines",
        "memo",
        "nested",
        "sets",
    )

    def __init__(self) -> None:
        self.first: dict[Key, Key] = {}  # potential -> the potential it follows from
        self.cause: dict[Key, int] = {}  # an "on": CELL or its house
        self.hidden: dict[
            Key, int
        ] = {}  # an "on": the digits (CELL) or cells (house) it needed off
        self.advanced: dict[Key, tuple[tuple[Key, ...], str]] = {}  # an "off" a technique found
        self.nested: dict[Key, object] = {}  # an "off" a nested chain found: that chain
        self.extra: dict[Key, tuple[Key, int, int]] = {}  # the clash's new potential
        self.clash: tuple[Key, Key] | None = None  # (on, off) of the potential found both
        self.memo: dict[Key, int] = {}
        self.sets: tuple[int, int] | None = None
        self.lines: dict[Key, int] = {}
        self.bits: tuple[int, int] | None = None  # ``node_bits``

    def node_bits(self) -> tuple[int, int]:
        """The potentials as two bit sets of nodes (bit ``key >> 1``: ``81 * (digit - 1)
        + cell``): on, off. ``follow`` leaves them made, at a clash too."""
        if self.bits is None:
            on = off = 0
            for key in self.first:
                if key & 1:
                    on |= 1 << (key >> 1)
                else:
                    off |= 1 << (key >> 1)
            self.bits = on, off
        return self.bits

    def slots(self) -> tuple[int, int]:
        """The potentials as two sets of slots (bit ``10 * cell + digit - 1``): on, off."""
        if self.sets is None:
            on = off = 0
            slot_bit = SLOT_BIT
            for key in self.first:
                if key & 1:
                    on |= slot_bit[key]
                else:
                    off |= slot_bit[key]
            self.sets = on, off
        return self.sets

    def line(self, key: Key) -> int:
        """The potentials on ``key``'s first-parent line, itself included: no more than
        its complexity (``count``). Remembered for every potential on the line."""
        lines = self.lines
        found = lines.get(key)
        if found is not None:
            return found
        path = [key]
        extra = self.extra.get(key)
        parent = extra[0] if extra is not None else self.first[key]
        first = self.first
        while parent >= 0 and parent not in lines:
            path.append(parent)
            parent = first[parent]
        length = lines[parent] if parent >= 0 else 0
        for k in reversed(path):
            length += 1
            lines[k] = length
        return length

    def __contains__(self, key: Key) -> bool:
        return key in self.first

    def parents(self, key: Key) -> list[Key]:
        extra = self.extra.get(key)
        if extra is not None:
            first, cause, hidden = extra
        else:
            advanced = self.advanced.get(key)
            if advanced is not None:
                return list(advanced[0])
            first = self.first[key]
            if first < 0:
                return []
            if not key & 1:
                return [first]
            hidden = self.hidden[key]
            cause = self.cause[key]
        if not hidden:
            return [first]
        return [first, *_hidden_keys(key, cause, hidden)]

    def chain(self, key: Key) -> list[Key]:
        """``key``'s chain from its end, breadth-first: each round the parents of the
        last, each potential once (Sudoku Explainer's ``getChain``)."""
        out: list[Key] = []
        done: set[Key] = set()
        todo = [key]
        first, extra, advanced, hidden = self.first, self.extra, self.advanced, self.hidden
        while todo:
            following: list[Key] = []
            push = following.append
            for k in todo:
                if k in done:
                    continue
                done.add(k)
                out.append(k)
                if k in extra:
                    following += self.parents(k)
                elif k in advanced:
                    following += advanced[k][0]
                else:
                    parent = first[k]
                    if parent >= 0:
                        push(parent)
                        if k & 1:
                            gone = hidden[k]
                            if gone:
                                following += _hidden_keys(k, self.cause[k], gone)
            todo = following
        return out

    def ancestors(self, key: Key) -> set[Key]:
        seen: set[Key] = set()
        todo = [key]
        first, extra, advanced, hidden = self.first, self.extra, self.advanced, self.hidden
        add, push, pop = seen.add, todo.append, todo.pop
        while todo:
            k = pop()
            if k in seen:
                continue
            add(k)
            if k in extra:  # as ``chain`` takes a potential's parents
                todo += self.parents(k)
            elif k in advanced:
                todo += advanced[k][0]
            else:
                parent = first[k]
                if parent >= 0:
                    push(parent)
                    if k & 1:
                        gone = hidden[k]
                        if gone:
                            todo += _hidden_keys(k, self.cause[k], gone)
        return seen

    def count(self, key: Key) -> int:
        """How many potentials ``key`` follows from, itself included (its complexity)."""
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = len(self.ancestors(key))
        return found

    def potential(self, key: Key, made: dict[Key, Potential] | None = None) -> Potential:
        """``key`` as a ``Potential`` with its parents, for words and pictures."""
        made = {} if made is None else made
        order = []
        todo = [key]
        while todo:
            k = todo.pop()
            if k in made:
                continue
            order.append(k)
            todo.extend(p for p in self.parents(k) if p not in made)
        for k in reversed(order):
            if k in made:
                continue
            parents = tuple(
                made[p] if p in made else self.potential(p, made) for p in self.parents(k)
            )
            rule, nested = "", self.nested.get(k)
            cause = CELL
            if k in self.advanced:
                cause, rule = ADVANCED, self.advanced[k][1]
            elif k in self.extra:
                cause = self.extra[k][1]
            elif k & 1 and k in self.cause:
                cause = self.cause[k]
            made[k] = Potential(k, parents, cause, rule, nested)
        return made[key]


def _hidden_keys(key: Key, cause: int, hidden: int) -> list[Key]:
    """The "offs" that emptied a dynamic single's cell (``cause`` CELL: ``hidden`` its
    digits) or house (``hidden`` its cells) when it was found: its hidden parents."""
    node = key >> 1
    if cause == CELL:
        keys = CELL_KEYS[node % 81]
        return [keys[d] for d in DIGITS0_OF[hidden]]
    base = node // 81 * 162
    out = []
    while hidden:
        low = hidden & -hidden
        hidden ^= low
        out.append(base + ((low.bit_length() - 1) << 1))
    return out


class Known(Closure):
    """The closure of an assumption on a grid where it is known to end without a clash
    holding these potentials (``node_bits``): followed on that grid only when anything
    else is asked (most closures inside a nested chain are only intersected with
    others, ``rules._shared``)."""

    __slots__ = ("_cell_links", "_grid", "_key")

    def __init__(self, grid: ChainGrid, key: Key, bits: tuple[int, int], cell_links: bool) -> None:
        # the other slots stay unset until ``__getattr__`` follows the chain
        self.bits, self.clash, self.sets = bits, None, None
        self._grid, self._key, self._cell_links = grid, key, cell_links

    def __getattr__(self, name: str) -> object:
        """Called for a slot not set yet: the chain followed (dynamic, no inner rule)."""
        if name.startswith("_"):
            raise AttributeError(name)
        key = self._key
        on, off = (key, None) if key & 1 else (None, key)
        made = follow(self._grid, on, off, True, self._cell_links)
        if made.bits != self.bits:
            raise AssertionError("a known closure followed to other potentials")
        for slot in Closure.__slots__:
            setattr(self, slot, getattr(made, slot))
        return getattr(self, name)


def packed(c: list[int]) -> int:
    """Nine bit sets of cells, one per digit, as one bit set of nodes (written out: this
    runs for nearly every closure)."""
    return (
        c[0] | c[1] << 81 | c[2] << 162 | c[3] << 243 | c[4] << 324
        | c[5] << 405 | c[6] << 486 | c[7] << 567 | c[8] << 648
    )  # fmt: skip


def house_counts(places: list[int]) -> list[int]:
    """How many places each digit has in each house (index ``27 * digit0 + house``)."""
    return [(cells & bits).bit_count() for cells in places for bits in HOUSE_BITS]


#: per node of an "on": its cell, digit from 0, cell bit, and the mask of its cell's
#: other digits
_ON_NODES: Final = tuple(
    (node % 81, node // 81, 1 << node % 81, ~(1 << node // 81)) for node in range(729)
)

#: per node of an "off": its cell, digit from 0, cell bit, its key, and the masks that
#: take the digit out of the cell's candidates and the cell out of the digit's places;
#: then for each house of the cell (box, row, column) its index in ``house_counts``, its
#: other cells, and the house, one after the other (as ``follow`` takes them)
_OFF_NODES: Final = tuple(
    (
        node % 81,
        node // 81,
        1 << node % 81,
        node << 1,
        ~(1 << node // 81),
        ~(1 << node % 81),
        *(
            value
            for house, bits in HOUSE_PARTS[node % 81]
            for value in (27 * (node // 81) + house, bits, house)
        ),
    )
    for node in range(729)
)
#: per mask of digits, its digit from 0 if it has one, else -1
_SINGLE: Final = tuple(m.bit_length() - 1 if m and not m & (m - 1) else -1 for m in range(512))


def follow(  # noqa: PLR0911 - a clash ends the chain wherever it is found
    grid: ChainGrid,
    on: Key | None,
    off: Key | None,
    dynamic: bool,
    cell_links: bool = True,
    inner: Inner | None = None,
    resume: Closure | None = None,
    counts: list[int] | None = None,
) -> Closure:
    """The closure of one assumption (``on`` or ``off``), as Sudoku Explainer follows it.

    ``inner``: what a rule of level 1 or more finds inside the chain when its singles run
    out (``Chaining.inner_offs``), followed in turn. Besides ``first`` (every potential,
    in the order found), the potentials found are kept per digit as bit sets of cells
    (``ons``, ``offs``), so that an "on" turns off its digit's peers not yet off in one
    step.

    ``resume``: a closure of the same assumption on the same grid that ended without a
    contradiction, with an inner rule whose "offs" this ``inner`` gives too wherever that
    one gives any (a nested level's chains extend those of the level below): this one
    starts where that one ended, at its last stall.

    ``counts``: ``house_counts`` of ``grid``, if made (a search follows many chains on
    one grid): a dynamic chain keeps them as it takes "offs" out, so that an "off" sees
    a house left with one place without looking at the house (12% fewer instructions a
    plain chain inside a level-4 search)."""
    checkpoint()
    closure = Closure()
    first, cause, hidden = closure.first, closure.cause, closure.hidden
    masks = grid.masks[:] if dynamic else grid.masks
    places = grid.places[:] if dynamic else grid.places
    source_masks, source_places = grid.masks, grid.places
    ons = [0] * 9
    offs = [0] * 9
    pending_on: deque[Key] = deque()
    pending_off: deque[Key] = deque()
    take_on, take_off = pending_on.popleft, pending_off.popleft
    push_on, push_off = pending_on.append, pending_off.append
    on_of, off_of, single = _ON_NODES, _OFF_NODES, _SINGLE
    peer_bits, peer_offs = PEER_BITS, _PEER_OFFS
    cell_keys_of, digits0_of = CELL_KEYS, DIGITS0_OF
    if resume is not None:
        assert dynamic
        _resume(closure, resume, masks, places, ons, offs)
        on = off = None
        counts = None
    if counts is None:
        counts = house_counts(places)
    elif dynamic:
        counts = counts[:]
    taken = 1 if dynamic else 0  # what an "off" takes from its houses' counts
    if on is not None:
        first[on] = -1
        cause[on] = CELL
        hidden[on] = 0
        pending_on.append(on)
        ons[(on >> 1) // 81] |= 1 << (on >> 1) % 81
    if off is not None:
        first[off] = -1
        pending_off.append(off)
        offs[(off >> 1) // 81] |= 1 << (off >> 1) % 81
    while True:
        if pending_on:
            p = take_on()
            cell, d0, bit, other_digits = on_of[p >> 1]
            if cell_links:
                cell_keys = cell_keys_of[cell]
                for d in digits0_of[masks[cell] & other_digits]:
                    if ons[d] & bit:
                        return _clashed(closure, cell_keys[d], (p, CELL, 0), ons, offs)
                    if not offs[d] & bit:
                        offs[d] |= bit
                        q = cell_keys[d]
                        first[q] = p
                        push_off(q)
            peers = places[d0] & peer_bits[cell]
            if peers & ons[d0]:
                added, q = _peer_clash(closure, p, peers, offs[d0])
                offs[d0] |= added
                return _clashed(closure, q, (p, CELL, 0), ons, offs)
            new = peers & ~offs[d0]
            if new:
                offs[d0] |= new
                # the "offs" in the order Sudoku Explainer takes them, from a table
                peer_keys = peer_offs.get(new << 10 | p >> 1)
                if peer_keys is None:
                    peer_keys = _peer_off_keys(p, new)
                for q in peer_keys:
                    first[q] = p
                    push_off(q)
            continue
        if pending_off:
            (
                cell, d0, own, p, other_digits, other_cells,
                box_index, box_cells, box,
                row_index, row_cells, row,
                column_index, column_cells, column,
            ) = off_of[take_off() >> 1]  # fmt: skip
            digit_places = places[d0]
            mask = masks[cell]
            if cell_links:
                d = single[mask & other_digits]  # the cell's other candidate, if one
                if d >= 0 and not ons[d] & own:
                    q = ((81 * d + cell) << 1) | 1
                    gone = source_masks[cell] & ~mask if dynamic else 0
                    if offs[d] & own:
                        return _clashed(closure, q, (p, CELL, gone), ons, offs)
                    ons[d] |= own
                    first[q] = p
                    cause[q] = CELL
                    hidden[q] = gone
                    push_on(q)
            # its houses in turn (written out: a loop over them took 2% of a level-4
            # search's instructions)
            count = counts[box_index]
            counts[box_index] = count - taken
            if count == 2:  # one place left besides this one
                others = digit_places & box_cells
                if not ons[d0] & others:
                    q = ((81 * d0 + others.bit_length() - 1) << 1) | 1
                    lost = source_places[d0] & HOUSE_BITS[box] & ~digit_places if dynamic else 0
                    if offs[d0] & others:
                        return _clashed(closure, q, (p, box, lost), ons, offs)
                    ons[d0] |= others
                    first[q] = p
                    cause[q] = box
                    hidden[q] = lost
                    push_on(q)
            count = counts[row_index]
            counts[row_index] = count - taken
            if count == 2:  # one place left besides this one
                others = digit_places & row_cells
                if not ons[d0] & others:
                    q = ((81 * d0 + others.bit_length() - 1) << 1) | 1
                    lost = source_places[d0] & HOUSE_BITS[row] & ~digit_places if dynamic else 0
                    if offs[d0] & others:
                        return _clashed(closure, q, (p, row, lost), ons, offs)
                    ons[d0] |= others
                    first[q] = p
                    cause[q] = row
                    hidden[q] = lost
                    push_on(q)
            count = counts[column_index]
            counts[column_index] = count - taken
            if count == 2:  # one place left besides this one
                others = digit_places & column_cells
                if not ons[d0] & others:
                    q = ((81 * d0 + others.bit_length() - 1) << 1) | 1
                    lost = source_places[d0] & HOUSE_BITS[column] & ~digit_places if dynamic else 0
                    if offs[d0] & others:
                        return _clashed(closure, q, (p, column, lost), ons, offs)
                    ons[d0] |= others
                    first[q] = p
                    cause[q] = column
                    hidden[q] = lost
                    push_on(q)
            if dynamic:
                masks[cell] = mask & other_digits
                places[d0] = digit_places & other_cells
            continue
        if inner is not None:
            offs_found = inner(ChainGrid(masks, places, grid.digits), grid, closure)
            for found in offs_found:
                if found.key not in first:
                    first[found.key] = found.parents[0].key
                    closure.advanced[found.key] = (tuple(q.key for q in found.parents), found.rule)
                    if found.nested is not None:
                        closure.nested[found.key] = found.nested
                    pending_off.append(found.key)
                    offs[found.digit - 1] |= 1 << found.cell
            if pending_off:
                continue
        closure.bits = packed(ons), packed(offs)
        return closure


#: per "on" (its node) and set of its digit's peers it turns off (``new << 10 | node``),
#: their "off" keys in the order ``follow`` takes them: box, row, column
_PEER_OFFS: dict[int, tuple[Key, ...]] = {}


def _peer_off_keys(p: Key, new: int) -> tuple[Key, ...]:
    """The "offs" of the cells of ``new`` (peers of ``p``'s cell, with its digit) in the
    order of ``PEERS_IN_ORDER``, remembered in ``_PEER_OFFS``."""
    node = p >> 1
    cell, d0 = node % 81, node // 81
    base = (81 * d0) << 1
    out: list[Key] = []
    for part in PEERS_IN_ORDER[cell]:
        bits = new & part
        while bits:
            low = bits & -bits
            bits ^= low
            out.append(base + ((low.bit_length() - 1) << 1))
    if len(_PEER_OFFS) >= 1 << 16:
        _PEER_OFFS.clear()
    found = _PEER_OFFS[new << 10 | node] = tuple(out)
    return found


def _resume(
    closure: Closure,
    ended: Closure,
    masks: list[int],
    places: list[int],
    ons: list[int],
    offs: list[int],
) -> None:
    """``follow``'s state where ``ended`` ended: its potentials, and its "offs" (all of
    them taken, as it ended without a contradiction) out of the grid."""
    assert ended.clash is None and ended.bits is not None
    closure.first.update(ended.first)
    closure.cause.update(ended.cause)
    closure.hidden.update(ended.hidden)
    closure.advanced.update(ended.advanced)
    closure.nested.update(ended.nested)
    on_bits, off_bits = ended.bits
    for d0 in range(9):
        ons[d0] = on_bits >> 81 * d0 & ALL_CELLS
        gone = offs[d0] = off_bits >> 81 * d0 & ALL_CELLS
        places[d0] &= ~gone
        digit = ~(1 << d0)
        while gone:
            low = gone & -gone
            gone ^= low
            masks[low.bit_length() - 1] &= digit


def _clashed(
    closure: Closure, q: Key, extra: tuple[Key, int, int], ons: list[int], offs: list[int]
) -> Closure:
    """``follow``'s end at a clash: ``q`` found both on and off, the one found last with
    its parent, cause and hidden parents ``extra``; the bits of what it holds."""
    closure.extra[q] = extra
    closure.clash = (q | 1, q & ~1)
    closure.bits = packed(ons), packed(offs)
    return closure


def _peer_clash(closure: Closure, p: Key, peers: int, offs: int) -> tuple[int, Key]:
    """An "on" that turns off a peer found on: the "offs" it turns on before that one,
    in the order ``follow`` takes them (box, row, column). Returns their cells and the
    "off" of the peer found on (``_clashed`` ends the closure there)."""
    node = p >> 1
    cell, d0 = node % 81, node // 81
    base = (81 * d0) << 1
    added = 0
    for part in PEERS_IN_ORDER[cell]:
        bits = peers & part
        while bits:
            low = bits & -bits
            bits ^= low
            q = base + ((low.bit_length() - 1) << 1)
            if q | 1 in closure.first:
                return added, q
            if not offs & low:
                closure.first[q] = p
                added |= low
    raise AssertionError("no peer of the digit found on")  # ``follow`` asked: one is
