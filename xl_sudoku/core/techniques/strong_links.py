"""Strong-linked fishes: X-Chains of two, three and four strong links (core layer).

For one digit, a *strong link* is a house whose places for the digit split into two
ends, at least one of which holds the digit:

* a house with exactly two places (a conjugate pair); in a box, only when the two
  cells are in different rows and columns (otherwise the line holds the same link);
* a *grouped* link: a row or column whose places (3 to 6) lie in two boxes, its ends
  the two box segments; or a box whose places (3 to 6) lie in one row and one column of
  the box (an *empty rectangle*: the rest of the box is empty), or, four or more of
  them, in two parallel lines of the box.

Links whose places do not overlap are chained end to end: the end where one link
leaves and the end where the next one starts lie together in one house (a weak link:
at most one of them holds the digit). If the chain's first end does not hold the digit,
each link passes the digit on to its far end, so one of the chain's two ends holds it:
every other cell that sees all the cells of both ends loses the digit. A chain whose two
ends see each other is a loop: every weak link of it then holds the digit exactly once,
and cells that see both sides of any weak link lose it.

This is Sukaku Explainer's rule ``StrongLinks(n)`` ("Scraper, Kite, Turbot" for two
links, "3 / 4 Strong-linked Fishes"), searched and rated as it does (its source read for
behaviour only, ``StrongLinks.java`` and ``StrongLinksHint.java``):

* the base rating is 4.0 for two links, 5.4 for three, 5.8 for four; +0.3 when a link is
  grouped; otherwise +0.0 when all links lie in lines of one kind (rows, or columns),
  +0.2 when they take a box and both kinds of line, +0.1 else;
* a cell is eliminated only if it is outside every link's house and every weak link's
  house (the house found first, checking column, row, then box), except in loops;
* the group of a box link with one place on one side of its empty rectangle includes
  the rectangle's corner (its heart) on the other side, so the cells that see it are
  those that see the whole mini-line; of an L of three places, only the link that
  leaves from the single place in the heart's row is used;
* among the chains of one size, the easiest first, then the one that removes most, then
  the simplest mix of houses.

Names follow the community: two links are a Skyscraper (parallel lines), a 2-String Kite
(a row and a column), a Turbot Fish (with a box), an Empty Rectangle (a box's empty
rectangle and a conjugate pair in a line), or a Grouped Turbot Fish; three and four
links are X-Chains.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Final, NamedTuple

from ..board import Board
from ..colours import BLUE
from ..glossary import (
    BOX_BITS,
    BOXES,
    COL_BITS,
    COL_HOUSES,
    HOUSE_BITS,
    HOUSES_OF,
    PEER_BITS,
    ROW_BITS,
    ROW_HOUSES,
    SE_HOUSES,
    CellSet,
    cell_list,
    col_of,
    row_of,
)
from ..grid import cell_name, house_name
from ..steps import Family, Step, Technique, names, removals_text
from .memory import MEMORY

# Sukaku Explainer's "Scraper, Kite, Turbot" rule (StrongLinks(2)): X-Chains of two
# strong links, 4.0 when both lie in parallel lines, 4.1 otherwise, 4.3 with a grouped
# link (an empty rectangle, or a line whose places lie in two boxes).
_TWO_LINKS = "strong links"  # one rule in Sukaku: its steps sorted together
SKYSCRAPER = Technique(
    "skyscraper", "Skyscraper", 4.0, Family.SINGLE_DIGIT_CHAINS, BLUE, group=_TWO_LINKS
)
TWO_STRING_KITE = Technique(
    "2-string-kite", "2-String Kite", 4.1, Family.SINGLE_DIGIT_CHAINS, BLUE, group=_TWO_LINKS
)
TURBOT_FISH = Technique(
    "turbot-fish", "Turbot Fish", 4.1, Family.SINGLE_DIGIT_CHAINS, BLUE, group=_TWO_LINKS
)
EMPTY_RECTANGLE = Technique(
    "empty-rectangle", "Empty Rectangle", 4.3, Family.SINGLE_DIGIT_CHAINS, BLUE, group=_TWO_LINKS
)
GROUPED_TURBOT_FISH = Technique(
    "grouped-turbot-fish",
    "Grouped Turbot Fish",
    4.3,
    Family.SINGLE_DIGIT_CHAINS,
    BLUE,
    group=_TWO_LINKS,
)
# Sukaku's 3 and 4 strong-linked fishes (StrongLinks(3), StrongLinks(4)): X-Chains of
# three or four strong links, rated per step: the base, +0.1 with links of two kinds,
# +0.2 with a box and both kinds of line, +0.3 with a grouped link
X_CHAIN_3 = Technique(
    "x-chain-3", "X-Chain (3 strong links)", 5.4, Family.SINGLE_DIGIT_CHAINS, BLUE
)
X_CHAIN_4 = Technique(
    "x-chain-4", "X-Chain (4 strong links)", 5.8, Family.SINGLE_DIGIT_CHAINS, BLUE
)

BOX, ROW, COLUMN = 0, 1, 2  # kinds of house, numbered as Sukaku numbers them
BASE_RATING = {2: 4.0, 3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6}


def _kind(house: int) -> int:
    return BOX if house >= 18 else ROW if house < 9 else COLUMN


class Link(NamedTuple):
    """A strong link of one digit in one house: one of its two ends holds the digit."""

    house: int  # index into HOUSES
    ends: tuple[CellSet, CellSet]  # the cells of each end (a box's may take an empty heart)
    places: CellSet  # the digit's places in the house
    grouped: bool  # an end has more than one cell (or a box's heart)
    heart: int = -1  # a box whose places lie in this cell's row and column (else -1)

    @property
    def kind(self) -> int:
        return _kind(self.house)


#: per box: its row segments and column segments (top to bottom, left to right)
_BOX_ROWS = tuple(
    tuple(ROW_BITS[r] & BOX_BITS[b] for r in range(b // 3 * 3, b // 3 * 3 + 3)) for b in range(9)
)
_BOX_COLS = tuple(
    tuple(COL_BITS[c] & BOX_BITS[b] for c in range(b % 3 * 3, b % 3 * 3 + 3)) for b in range(9)
)
_LINE_SEGMENTS = tuple(
    tuple(HOUSE_BITS[line] & BOX_BITS[b] for b in range(9) if HOUSE_BITS[line] & BOX_BITS[b])
    for line in range(18)
)


def _box_links(house: int, places: CellSet) -> list[Link]:
    """The grouped links of a box with three to six places."""
    around_a_heart = _heart_link(house, places)
    if around_a_heart is not None:
        return around_a_heart
    if places.bit_count() < 4:
        return []
    return _segment_links(house, places)


def _heart_link(house: int, places: CellSet) -> list[Link] | None:
    """The link of a box whose places lie in one row and one column of it, which cross at
    the link's heart (none if they lie in one mini-line); None if no heart holds them."""
    box = house - 18
    for heart in BOXES[box]:  # the first heart whose row and column hold every place
        heart_bit = 1 << heart
        row_seg = ROW_BITS[row_of(heart)] & BOX_BITS[box]
        col_seg = COL_BITS[col_of(heart)] & BOX_BITS[box]
        if places & ~(row_seg | col_seg):
            continue
        in_col = places & col_seg & ~heart_bit
        in_row = places & row_seg & ~heart_bit
        if not in_col or not in_row:
            return []  # all in one mini-line: pointing, not a link
        if in_col.bit_count() == 1 and in_row.bit_count() >= 2:
            ends = (in_col, in_row | heart_bit)
        elif in_row.bit_count() == 1:
            ends = (in_row, in_col | heart_bit)
        else:
            held = places & heart_bit
            ends = (in_col | held, in_row | held)
        return [Link(house, ends, places, True, heart)]
    return None


def _segment_links(house: int, places: CellSet) -> list[Link]:
    """The links of a box whose places lie in two of its rows (or columns), one end in
    each: a 2x2 block of places makes two, by rows and by columns."""
    box = house - 18
    for segments in (_BOX_ROWS[box], _BOX_COLS[box]):
        for i, j in ((0, 1), (0, 2), (1, 2)):
            if places & ~(segments[i] | segments[j]):
                continue
            out = [Link(house, (places & segments[i], places & segments[j]), places, True)]
            if places.bit_count() == 4 and segments is _BOX_ROWS[box]:
                # a 2x2 block of places also splits into its two columns
                for k, m in ((0, 1), (0, 2), (1, 2)):
                    cols = _BOX_COLS[box]
                    if not places & ~(cols[k] | cols[m]):
                        ends = (places & cols[k], places & cols[m])
                        out.append(Link(house, ends, places, True))
            return out
    return []


@lru_cache(maxsize=MEMORY)
def links_of(cells: CellSet) -> tuple[Link, ...]:
    """Every strong link of a digit whose places are ``cells``, boxes first, then rows
    and columns."""
    out: list[Link] = []
    for house in SE_HOUSES:  # links are numbered in this order of houses
        places = cells & HOUSE_BITS[house]
        if places & (places - 1):  # two places or more
            key = places << 5 | house
            known = _HOUSE_LINKS.get(key)
            if known is None:
                known = _HOUSE_LINKS[key] = _house_links(house, places)
            out += known
    return tuple(out)


#: the links of a house per set of places of a digit there (key ``places << 5 | house``;
#: at most 27 x 2^9 of them)
_HOUSE_LINKS: dict[int, tuple[Link, ...]] = {}


def _house_links(house: int, places: CellSet) -> tuple[Link, ...]:
    """The strong links of one house where a digit's places are ``places``."""
    count = places.bit_count()
    if count < 2 or count > 6:
        return ()
    kind = _kind(house)
    if count == 2:
        low = places & -places
        a, b = low.bit_length() - 1, (places ^ low).bit_length() - 1
        if kind == BOX and (row_of(a) == row_of(b) or col_of(a) == col_of(b)):
            return ()
        return (Link(house, (low, places ^ low), places, False),)
    if kind == BOX:
        return tuple(_box_links(house, places))
    segments = [places & s for s in _LINE_SEGMENTS[house] if places & s]
    if len(segments) == 2:
        return (Link(house, (segments[0], segments[1]), places, True),)
    return ()


_COLUMN_SET = sum(1 << h for h in COL_HOUSES)
_ROW_SET = sum(1 << h for h in ROW_HOUSES)


def _houses_holding(cells: CellSet) -> int:
    """The houses (bit ``house``) that hold all these cells."""
    low = (cells & -cells).bit_length() - 1
    out = 0
    for house in HOUSES_OF[low]:
        if not cells & ~HOUSE_BITS[house]:
            out |= 1 << house
    return out


def _preferred(houses: int) -> int:
    """Of several houses holding a weak link, the one Sukaku reports: a column, else a row,
    else the box."""
    for kind in (_COLUMN_SET, _ROW_SET, houses):
        if houses & kind:
            return ((houses & kind) & -(houses & kind)).bit_length() - 1
    raise ValueError("no house")


def _seen_by_all(cells: CellSet) -> CellSet:
    seen = (1 << 81) - 1
    while cells:
        low = cells & -cells
        seen &= PEER_BITS[low.bit_length() - 1]
        cells ^= low
    return seen


class Chain(NamedTuple):
    """A chain of strong links, each entered at ``ends[side]`` and left at the other end."""

    links: tuple[Link, ...]
    sides: tuple[int, ...]
    bridges: tuple[int, ...]  # the house of each weak link
    loop: bool
    removed: CellSet
    removals: int  # eliminations as Sukaku counts them (a loop's may count a cell twice)
    indices: tuple[int, ...]  # the links' numbers (boxes, rows, columns; by house)

    def entry(self, i: int) -> CellSet:
        return self.links[i].ends[self.sides[i]]

    def exit(self, i: int) -> CellSet:
        return self.links[i].ends[1 - self.sides[i]]


Follow = list[list[tuple[int, int, int]]]


class Graph(NamedTuple):
    """A digit's links and how they chain; per end (index ``2 * link + side``): the houses
    holding it and the cells that see all of it."""

    links: tuple[Link, ...]
    follow: Follow  # per link entered at a side: (next link, its side entered, weak house)
    holding: list[int]
    seen: list[CellSet]


#: per end of a link (its cells) asked about: its houses and the cells that see all of it
#: (few: single cells, and the few cells a group takes in one box)
_END_OF: dict[CellSet, tuple[int, CellSet]] = {}
#: ``_preferred`` of the house sets asked about (at most the 2 to 3 houses two ends share)
_PREFERRED: dict[int, int] = {}


@lru_cache(maxsize=MEMORY)
def _graph(cells: CellSet) -> Graph:
    """The links of a digit whose places are ``cells`` and the ways they chain."""
    links = links_of(cells)
    holding = []
    seen = []
    for link in links:
        for end_cells in link.ends:
            known = _END_OF.get(end_cells)
            if known is None:
                known = _END_OF[end_cells] = (_houses_holding(end_cells), _seen_by_all(end_cells))
            holding.append(known[0])
            seen.append(known[1])
    ends_in, ends_at = _end_sets(links, holding)
    preferred = _PREFERRED
    follow: Follow = []
    for i, link in enumerate(links):
        # the ends of links that share no place with this one
        apart = -1
        places = link.places
        while places:
            low = places & -places
            apart &= ~ends_at[low.bit_length() - 1]
            places ^= low
        for side in (0, 1):
            # every end in a house of the end left, in order, with the weak link's house
            leave = holding[2 * i + 1 - side]
            nexts = 0
            houses = leave
            while houses:
                low = houses & -houses
                nexts |= ends_in.get(low.bit_length() - 1, 0)
                houses ^= low
            nexts &= apart
            found = []
            while nexts:
                low = nexts & -nexts
                nexts ^= low
                end = low.bit_length() - 1
                shared = leave & holding[end]
                house = preferred.get(shared)
                if house is None:
                    house = preferred[shared] = _preferred(shared)
                found.append((end >> 1, end & 1, house))
            follow.append(found)
    return Graph(links, follow, holding, seen)


def _end_sets(links: tuple[Link, ...], holding: list[int]) -> tuple[dict[int, int], list[int]]:
    """Per house, the ends it holds; per cell, the ends of the links through it (bit sets
    of end indices, ``2 * link + side``)."""
    ends_in: dict[int, int] = {}
    for end, houses in enumerate(holding):
        while houses:
            low = houses & -houses
            house = low.bit_length() - 1
            ends_in[house] = ends_in.get(house, 0) | 1 << end
            houses ^= low
    ends_at = [0] * 81
    for i, link in enumerate(links):
        both_ends = 3 << (2 * i)
        places = link.places
        while places:
            low = places & -places
            ends_at[low.bit_length() - 1] |= both_ends
            places ^= low
    return ends_in, ends_at


def chains_of(cells: CellSet, size: int) -> list[Chain]:
    """Every chain of ``size`` strong links for a digit whose places are ``cells`` that
    removes something, each once: a chain from its lower-numbered end link, a loop from its
    lowest-numbered link, one way round."""
    links, follow, holding, seen = _graph(cells)
    path: list[tuple[int, int]] = []
    bridges: list[int] = []
    found: list[Chain] = []  # in the order found

    def extend(used: CellSet, houses: CellSet, room: CellSet) -> None:
        """``room``: the cells the chain could still remove if it does not close a loop."""
        first, first_side = path[0]
        last, last_side = path[-1]
        if len(path) == size:
            start, end = 2 * first + first_side, 2 * last + 1 - last_side
            if holding[start] & holding[end]:  # a loop
                if first_side == 0 and all(i > first for i, _ in path[1:]):
                    chain = _loop(cells, links, path, bridges, houses)
                    if chain is not None:
                        found.append(chain)
            elif first < last:
                removed = room & seen[end] & ~links[last].ends[1 - last_side]
                if removed:
                    chain_links = tuple(links[i] for i, _ in path)
                    sides = tuple(side for _, side in path)
                    count = removed.bit_count()
                    indices = tuple(i for i, _ in path)
                    found.append(
                        Chain(chain_links, sides, tuple(bridges), False, removed, count, indices)
                    )
            return
        for j, side, house in follow[2 * last + last_side]:
            if links[j].places & used:
                continue
            link_house = HOUSE_BITS[links[j].house]
            left = room & ~(link_house | HOUSE_BITS[house])
            if not left and (first_side or j < first):
                continue  # can neither remove anything nor close a loop found from here
            path.append((j, side))
            bridges.append(house)
            extend(used | links[j].places, houses | link_house, left)
            path.pop()
            bridges.pop()

    for i, link in enumerate(links):
        for side in (0, 1):
            start_end = link.ends[side]
            room = cells & seen[2 * i + side] & ~(HOUSE_BITS[link.house] | start_end)
            # a chain from this end removes only cells that see it; with none, the end
            # can start only a loop, and loops start at side 0
            if side and not room:
                continue
            path.append((i, side))
            extend(link.places, HOUSE_BITS[link.house], room)
            path.pop()
    return found


def _loop(
    cells: CellSet,
    links: tuple[Link, ...],
    path: list[tuple[int, int]],
    bridges: list[int],
    houses: CellSet,
) -> Chain | None:
    """A chain whose ends see each other: cells that see both sides of any weak link,
    the closing one included, lose the digit."""
    chain_links = tuple(links[i] for i, _ in path)
    sides = tuple(side for _, side in path)
    start = chain_links[0].ends[sides[0]]
    end = chain_links[-1].ends[1 - sides[-1]]
    removed = cells & _seen_by_all(start | end) & ~(start | end | houses)
    count = removed.bit_count()
    for k in range(len(path) - 1):
        leave = chain_links[k].ends[1 - sides[k]]
        enter = chain_links[k + 1].ends[sides[k + 1]]
        more = cells & _seen_by_all(leave | enter) & ~(leave | enter | houses)
        count += more.bit_count()
        removed |= more
    if not removed:
        return None
    indices = tuple(i for i, _ in path)
    return Chain(chain_links, sides, tuple(bridges), True, removed, count, indices)


def rating(chain: Chain) -> float:
    """Sukaku's rating of a chain of strong links (StrongLinksHint.getDifficulty)."""
    base = BASE_RATING[len(chain.links)]
    if any(link.grouped for link in chain.links):
        return round(base + 0.3, 1)
    kinds = {link.kind for link in chain.links}
    if BOX not in kinds and len(kinds) == 1:
        return base
    if kinds == {BOX, ROW, COLUMN}:
        return round(base + 0.2, 1)
    return round(base + 0.1, 1)


def suffix(chain: Chain) -> str:
    """Sukaku's tie-break among chains of one rating: the number of grouped links, then
    the kinds of house along the chain, written the least way round (rows and columns
    interchangeable)."""
    kinds = [link.kind for link in chain.links]
    text = "".join(map(str, kinds))
    if text > text[::-1]:
        kinds = kinds[::-1]
        text = text[::-1]
    swap = {BOX: "0", ROW: "2", COLUMN: "1"}
    if ROW in kinds:
        swapped = "".join(swap[k] for k in kinds)
        best = min(text, swapped, swapped[::-1])
    else:
        best = text.replace("2", "1")
    return str(sum(link.grouped for link in chain.links)) + best


_LONG_CHAINS: Final = {3: X_CHAIN_3, 4: X_CHAIN_4}


def _technique(chain: Chain) -> Technique:
    longer = _LONG_CHAINS.get(len(chain.links))
    if longer is not None:
        return longer
    first, second = chain.links
    if first.grouped or second.grouped:
        return _grouped_technique(first, second)
    kinds = {first.kind, second.kind}
    if kinds in ({ROW}, {COLUMN}):
        return SKYSCRAPER
    if kinds == {ROW, COLUMN}:
        return TWO_STRING_KITE
    return TURBOT_FISH


def _grouped_technique(first: Link, second: Link) -> Technique:
    """Two strong links, one grouped or both: an Empty Rectangle when a box's link turns
    at its heart and the other is a plain line's, else a grouped Turbot Fish."""
    for box, line in ((first, second), (second, first)):
        if box.heart >= 0 and not line.grouped and line.kind != BOX:
            return EMPTY_RECTANGLE
    return GROUPED_TURBOT_FISH


def _group(cells: CellSet) -> str:
    """``r4c2`` for one cell; ``r4c12`` / ``r45c2`` for a group in a row / column."""
    found = cell_list(cells)
    if len(found) == 1:
        return cell_name(found[0])
    rows = sorted({row_of(c) + 1 for c in found})
    cols = sorted({col_of(c) + 1 for c in found})
    return f"r{''.join(map(str, rows))}c{''.join(map(str, cols))}"


def _step(digit: int, chain: Chain, technique: Technique, cells: CellSet) -> Step:
    eliminations = tuple((c, digit) for c in cell_list(chain.removed))
    size = len(chain.links)
    nodes: list[CellSet] = []
    for i in range(size):
        nodes += [chain.entry(i) & cells, chain.exit(i) & cells]
    houses = tuple(link.house for link in chain.links) + chain.bridges
    removals = removals_text(eliminations)
    tops = names((_one(nodes[0]), _one(nodes[-1])))
    if chain.loop or technique not in (SKYSCRAPER, TWO_STRING_KITE, EMPTY_RECTANGLE):
        text = _chain_text(digit, chain, technique, nodes) + ", " + removals
    elif technique is SKYSCRAPER:
        a, b = chain.links
        text = (
            f"Skyscraper {digit} in {house_name(a.house)} and {house_name(b.house)}, "
            f"base {names(cell_list(nodes[1] | nodes[2]))}, tops {tops}: {removals}"
        )
    elif technique is TWO_STRING_KITE:
        row, col = sorted(chain.links, key=lambda link: link.kind)
        text = (
            f"2-String Kite {digit} in {house_name(row.house)} and {house_name(col.house)}, "
            f"joined in {house_name(chain.bridges[0])}, ends {tops}: {removals}"
        )
    else:
        text = f"{_empty_rectangle_text(digit, chain)}: {removals}"
    return Step(
        technique,
        text,
        eliminations=eliminations,
        pattern=tuple((c, digit) for node in nodes[1::2] for c in cell_list(node)),
        alternate=tuple((c, digit) for node in nodes[::2] for c in cell_list(node)),
        houses=houses,
        rating=rating(chain),
    )


def _chain_text(digit: int, chain: Chain, technique: Technique, nodes: list[CellSet]) -> str:
    """``X-Chain 5 (3 strong links): r1c2 = r1c7 - r3c7 = r3c45 - ...: one end is 5``, groups
    written ``r3c45``; a loop closes on its first node."""
    size = len(chain.links)
    links = ""
    for i, node in enumerate(nodes):
        links += _group(node) + ("" if i == len(nodes) - 1 else " = " if i % 2 == 0 else " - ")
    if chain.loop:
        links += f" - {_group(nodes[0])}"
    label = "X-Chain" if size > 2 else technique.name
    if size > 2:
        label += f" {digit} ({size} strong links{', a loop' if chain.loop else ''})"
    else:
        label += f" {digit}{' (a loop)' if chain.loop else ''}"
    ends = "each weak link holds it once" if chain.loop else f"one end is {digit}"
    return f"{label}: {links}: {ends}"


def _one(cells: CellSet) -> int:
    return (cells & -cells).bit_length() - 1


def _empty_rectangle_text(digit: int, chain: Chain) -> str:
    box, line = chain.links if chain.links[0].heart >= 0 else chain.links[::-1]
    heart = box.heart
    return (
        f"Empty Rectangle {digit} in {house_name(box.house)} ({names(cell_list(box.places))}): "
        f"its {digit}s lie in row {row_of(heart) + 1} and column {col_of(heart) + 1}, and "
        f"{' = '.join(map(cell_name, cell_list(line.places)))} is a conjugate pair in "
        f"{house_name(line.house)}"
    )


SortKey = tuple[
    float, int, str, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], tuple[int, ...]
]


def sort_key(digit: int, chain: Chain) -> SortKey:
    """Sukaku's order: easiest first, then most eliminations, then the simplest houses;
    among equals, the order Sukaku finds them in: by the kinds of house taken (the
    highest kind first: boxes before rows before columns), digit, the houses themselves,
    the order and the ways round the links are taken."""
    kinds = tuple(sorted((link.kind for link in chain.links), reverse=True))
    return (
        rating(chain),
        -chain.removals,
        suffix(chain),
        kinds,
        digit,
        tuple(sorted(chain.indices)),
        chain.indices,
        chain.sides,
    )


@lru_cache(maxsize=MEMORY)
def _best(digit: int, cells: CellSet, size: int) -> dict[Technique, tuple[SortKey, Step]]:
    """For one digit: each technique's first chain of ``size`` links in Sukaku's order."""
    best: dict[Technique, tuple[SortKey, Chain]] = {}
    for chain in chains_of(cells, size):
        technique = _technique(chain)
        key = sort_key(digit, chain)
        if technique not in best or key < best[technique][0]:
            best[technique] = (key, chain)
    return {t: (key, _step(digit, chain, t, cells)) for t, (key, chain) in best.items()}


def _finder(technique: Technique, size: int, name: str) -> Callable[[Board], Iterator[Step]]:
    def finder(board: Board) -> Iterator[Step]:
        found = []
        for digit in range(1, 10):
            entry = _best(digit, board.cells_of(digit), size).get(technique)
            if entry is not None:
                found.append(entry)
        found.sort(key=lambda entry: entry[0])
        for _, step in found:
            yield step

    finder.__name__ = finder.__qualname__ = name
    finder.__doc__ = f"{technique.name}: chains of {size} strong links (see the module text)."
    return finder


def two_strong_links(board: Board) -> Iterator[Step]:
    """Sukaku's "Scraper, Kite, Turbot" rule: every digit's first Skyscraper, 2-String
    Kite, Turbot Fish, Empty Rectangle and Grouped Turbot Fish, in Sukaku's order (easiest
    first, then most eliminations, then the simplest mix of houses). The engine searches
    these techniques as one group and takes the first step of an enabled one."""
    found: list[tuple[SortKey, Step]] = []
    for digit in range(1, 10):
        found += _best(digit, board.cells_of(digit), 2).values()
    found.sort(key=lambda entry: entry[0])
    for _, step in found:
        yield step


skyscrapers = _finder(SKYSCRAPER, 2, "skyscrapers")
two_string_kites = _finder(TWO_STRING_KITE, 2, "two_string_kites")
turbot_fish = _finder(TURBOT_FISH, 2, "turbot_fish")
empty_rectangles = _finder(EMPTY_RECTANGLE, 2, "empty_rectangles")
grouped_turbot_fish = _finder(GROUPED_TURBOT_FISH, 2, "grouped_turbot_fish")
x_chains_3 = _finder(X_CHAIN_3, 3, "x_chains_3")
x_chains_4 = _finder(X_CHAIN_4, 4, "x_chains_4")
