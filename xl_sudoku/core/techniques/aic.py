"""Alternating inference chains and nice loops as HoDoKu finds them; XY-Chains and Remote
Pairs (core layer, logic techniques; HoDoKu's, after every one of Sudoku Explainer's rules).

Vocabulary. A *node* is a set of candidates of one digit that is true or false as one: a
candidate; a *group* (two or three places of a digit where a box meets a row or column:
true if the digit is in one of them); in grouped chains an *almost locked set* (ALS)
entered through its digit ``x`` (``x`` is not in the set, so its other digits are locked
in it). A *literal* is a node assumed true (on) or false (off). Implications:

    on  -> off   a *weak link*: another candidate of the cell; a node of the digit whose
                 cells all see the node's cells; an ALS of the digit all of whose places
                 of it the node sees (the set is entered: it loses the digit)
    off -> on    a *strong link*: the other candidate of a bivalue cell; the rest of a
                 house's places of the digit, if they make one node
    ALS          entered with ``x``, every other digit ``z`` of the set is in it: the
                 nodes of ``z`` that see all its places of ``z`` are off; an ALS all of
                 whose places of ``z`` are among them is entered; a cell left with one
                 candidate is on

From each candidate, on and off, every literal it implies is found breadth first (the
shortest chain to each, as HoDoKu's tables keep it); a chain may not come back to a cell
it left (a *lasso*). Then, as HoDoKu's ``TablingSolver`` reads the tables:

- **Discontinuous Nice Loop**: a chain from a candidate of cell C that leaves C and comes
  back to C. Weak link out and weak link in on the same candidate: the candidate is false;
  strong out and strong in on the same candidate: it is true (placed); one weak and one
  strong on two candidates: the candidate of the weak link is false.
- **Continuous Nice Loop**: a chain that closes on its start as a loop of alternating
  links (out weak and in strong on one candidate, or two strong links on two candidates,
  or two weak links on the two candidates of a bivalue cell). Every weak link of the
  loop then holds exactly one of its two ends: a candidate that sees both ends of a weak
  link between cells is false; a cell entered and left by strong links keeps only those
  two candidates; an ALS on the loop keeps its other digits (cells that see all their
  places lose them).
- **AIC**: a chain from a candidate assumed false to another candidate that must then be
  true, in another cell: one of the two is true. Same digit: a candidate that sees both
  ends is false (if there are two or more: one is a Discontinuous Nice Loop); two digits
  in cells that see each other: each end cell loses the other end's digit (both).

With groups or ALSs the same are *Grouped* (HoDoKu's Grouped Continuous Nice Loop,
Grouped Discontinuous Nice Loop, Grouped AIC), found by their own finder. Steps with the
same eliminations are one, with the shortest chain.

**XY-Chain** (HoDoKu's ``ChainSolver``): an AIC of bivalue cells only, each strong link
inside a cell, each weak link between cells on one digit; its ends hold the same digit.
**Remote Pair**: bivalue cells with the same two digits, linked by seeing each other, take
the two digits in turn; a cell that sees two of them of opposite turns, three links or
more apart, loses both digits.

Ratings (HoDoKu's, not SE's: proposed on SE's scale as SE rates the chains it finds):
a chain of one digit 6.6 (6.5 a loop), any other 7.0, plus SE's length bonus for the
chain's literals; a group adds 0.3, an ALS 0.5.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ..board import BOX_BITS, COL_BITS, PEER_BITS, ROW_BITS, UNIT_BITS, Board, CellSet, cell_list
from ..candidates import DIGITS_OF
from ..grid import cell_name
from ..steps import (
    DISCONTINUOUS_NICE_LOOP,
    GROUPED_AIC,
    GROUPED_CONTINUOUS_NICE_LOOP,
    GROUPED_DISCONTINUOUS_NICE_LOOP,
    HODOKU_AIC,
    HODOKU_CONTINUOUS_NICE_LOOP,
    HODOKU_XY_CHAIN,
    REMOTE_PAIR,
    Candidate,
    Step,
    removals_text,
)
from .als import ALS, almost_locked_sets

CAND, GROUP, SET = 0, 1, 2  # kinds of node

#: the houses of each cell: its row, column and box
_HOUSES: Final = tuple((c // 9, 9 + c % 9, 18 + c // 27 * 3 + c % 9 // 3) for c in range(81))


def length_tenths(literals: int) -> int:
    """Sudoku Explainer's length bonus for a chain of ``literals`` potentials, in tenths:
    one for each threshold passed (4, 6, 8, 12, 16, 24, 32, ... past the first two)."""
    length = literals - 2
    ceiling, odd, added = 4, False, 0
    while length > ceiling:
        added += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added


def _common_peers(cells: CellSet) -> CellSet:
    seen = -1
    for c in cell_list(cells):
        seen &= PEER_BITS[c]
    return seen & ~cells if cells else 0


def _cells_text(cells: CellSet) -> str:
    """``r1c2`` for a cell, ``r1c23`` or ``r12c3`` for a group in a line."""
    found = cell_list(cells)
    if len(found) == 1:
        return cell_name(found[0])
    rows = sorted({c // 9 + 1 for c in found})
    cols = sorted({c % 9 + 1 for c in found})
    if len(rows) == 1 or len(cols) == 1:
        return f"r{''.join(map(str, rows))}c{''.join(map(str, cols))}"
    return ",".join(cell_name(c) for c in found)


class Graph:
    """The nodes of a position and the implications between their literals.

    Node ``n``'s literals are ``2 * n`` (off) and ``2 * n + 1`` (on); an ALS node has
    only its "on" literal (entered: locked without its entry digit). ``succ[lit]`` and
    ``pred[lit]`` are the literals it implies and that imply it, as bit sets.
    """

    def __init__(self, board: Board, grouped: bool) -> None:
        self.board = board
        self.digit: list[int] = []
        self.cells: list[CellSet] = []
        self.kind: list[int] = []
        self.sets: list[ALS | None] = []
        self.node_of: dict[tuple[int, CellSet], int] = {}  # (digit, cells) -> cand or group
        self.places = [board.cells_of(d) for d in range(1, 10)]
        for cell in cell_list(board.open_bits):
            for d in DIGITS_OF[board.masks[cell]]:
                self._add(d, 1 << cell, CAND)
        #: per digit, its group nodes by their lowest cell
        self.groups_at: list[dict[int, list[int]]] = [{} for _ in range(9)]
        if grouped:
            self._groups()
        self.plain = len(self.digit)  # nodes before the sets
        self.succ: list[int] = []
        self.pred: list[int] = []
        self._edges: list[tuple[int, int]] = []
        self._links()
        if grouped:
            self._sets()
        #: per cell, the literals of its candidates
        self.in_cell = [0] * 81
        for node in range(self.plain):
            if self.kind[node] == CAND:
                self.in_cell[self.cells[node].bit_length() - 1] |= 3 << 2 * node
        #: each node's first cell (an ALS's: of its entry digit), as a one-cell set
        self.first = [cells & -cells for cells in self.cells]
        size = 2 * len(self.digit)
        self.succ = [0] * size
        self.pred = [0] * size
        for a, b in self._edges:
            self.succ[a] |= 1 << b
            self.pred[b] |= 1 << a

    def _add(self, digit: int, cells: CellSet, kind: int, als: ALS | None = None) -> int:
        node = len(self.digit)
        self.digit.append(digit)
        self.cells.append(cells)
        self.kind.append(kind)
        self.sets.append(als)
        if kind != SET:
            self.node_of[(digit, cells)] = node
        return node

    def _groups(self) -> None:
        """The group nodes: two or three places of a digit where a box meets a line."""
        for d in range(1, 10):
            places = self.places[d - 1]
            for box in range(9):
                in_box = places & BOX_BITS[box]
                if in_box.bit_count() < 2:
                    continue
                for lines in (ROW_BITS, COL_BITS):
                    for line in lines:
                        group = in_box & line
                        if group.bit_count() >= 2:
                            node = self._add(d, group, GROUP)
                            self.groups_at[d - 1].setdefault(group & -group, []).append(node)

    def _seen_nodes(self, digit: int, region: CellSet) -> list[int]:
        """The candidate and group nodes of ``digit`` whose cells lie in ``region``."""
        node_of = self.node_of
        groups_at = self.groups_at[digit - 1]
        cells = self.cells
        found = []
        rest = region & self.places[digit - 1]
        while rest:
            low = rest & -rest
            rest ^= low
            found.append(node_of[(digit, low)])
            for group in groups_at.get(low, ()):
                if not cells[group] & ~region:
                    found.append(group)
        return found

    def _links(self) -> None:
        masks = self.board.masks
        edges = self._edges
        for node in range(self.plain):
            digit, cells = self.digit[node], self.cells[node]
            on, off = 2 * node + 1, 2 * node
            for other in self._seen_nodes(digit, _common_peers(cells)):
                edges.append((on, 2 * other))  # weak
            if self.kind[node] == CAND:
                cell = cells.bit_length() - 1
                others = [d for d in DIGITS_OF[masks[cell]] if d != digit]
                for d in others:
                    edges.append((on, 2 * self.node_of[(d, cells)]))
                if len(others) == 1:
                    edges.append((off, 2 * self.node_of[(others[0], cells)] + 1))
                houses: tuple[int, ...] = _HOUSES[cell]
            else:
                houses = tuple(h for h in range(27) if not cells & ~UNIT_BITS[h])
            for house in houses:
                rest = self.places[digit - 1] & UNIT_BITS[house] & ~cells
                partner = self.node_of.get((digit, rest)) if rest else None
                if partner is not None:
                    edges.append((off, 2 * partner + 1))  # strong

    def _sets(self) -> None:
        """The ALS nodes: each set of two cells or more, entered by each of its digits that
        some node can take from it, with what it then implies."""
        entered: dict[tuple[int, int], int] = {}  # (set index, digit) -> node
        exits: list[tuple[int, ALS, int, list[CellSet]]] = []
        sets = [a for a in almost_locked_sets(self.board) if a.size >= 2]
        for index, a in enumerate(sets):
            for x in DIGITS_OF[a.digits]:
                removed = [0] * 9  # per digit, the cells that lose it
                for z in DIGITS_OF[a.digits & ~(1 << (x - 1))]:
                    removed[z - 1] = a.sees[z - 1] & self.places[z - 1]
                if not any(removed):
                    continue
                node = self._add(x, a.cells_of[x - 1], SET, a)
                entered[(index, x)] = node
                for entry in self._seen_nodes(x, a.sees[x - 1]):
                    self._edges.append((2 * entry + 1, 2 * node + 1))
                exits.append((node, a, x, removed))
        # per digit, the entered sets by the lowest of their places of it: (places, node)
        by_low: list[dict[CellSet, list[tuple[CellSet, int]]]] = [{} for _ in range(9)]
        for (index, x), node in entered.items():
            places = sets[index].cells_of[x - 1]
            by_low[x - 1].setdefault(places & -places, []).append((places, node))
        for node, a, x, removed in exits:
            self._set_links(node, a, x, removed, by_low)

    def _set_links(
        self,
        node: int,
        a: ALS,
        x: int,
        removed: list[CellSet],
        by_low: list[dict[CellSet, list[tuple[CellSet, int]]]],
    ) -> None:
        """What the set ``a`` entered with ``x`` implies: its other digits' places that
        see all of the set's (``removed``) are off; a set all of whose places of a digit
        are among them is entered; a cell left with one candidate is on."""
        edges = self._edges
        masks = self.board.masks
        on = 2 * node + 1
        lost = dict.fromkeys(cell_list(a.near), 0)  # cell -> the digits it loses
        for z in DIGITS_OF[a.digits & ~(1 << (x - 1))]:
            gone = removed[z - 1]
            if not gone:
                continue
            for other in self._seen_nodes(z, gone):
                edges.append((on, 2 * other))
            for cell in cell_list(gone):
                lost[cell] |= 1 << (z - 1)
            sets_of = by_low[z - 1]
            for low in cell_list(gone):
                for places, target in sets_of.get(1 << low, ()):
                    if not places & ~gone and not self.node_cells(2 * target) & a.cells:
                        edges.append((on, 2 * target + 1))
        for cell, digits in lost.items():
            rest = masks[cell] & ~digits
            if digits and masks[cell].bit_count() > 2 and rest.bit_count() == 1:
                edges.append((on, 2 * self.node_of[(DIGITS_OF[rest][0], 1 << cell)] + 1))

    # --- reading -----------------------------------------------------------------------

    def node_cells(self, lit: int) -> CellSet:
        node = lit >> 1
        a = self.sets[node]
        return a.cells if a is not None else self.cells[node]

    def literal(self, cell: int, digit: int, on: bool) -> int:
        return 2 * self.node_of[(digit, 1 << cell)] + on

    def layers(self, start: int, leave: bool = False) -> list[int]:
        """The literals ``start`` implies, by distance: layer k holds those k links away.
        ``leave``: the first link leaves the start's cell (a nice loop's)."""
        succ = self.succ
        seen = layer = 1 << start
        found = [layer]
        first = True
        while True:
            following = 0
            rest = layer
            while rest:
                low = rest & -rest
                following |= succ[low.bit_length() - 1]
                rest ^= low
            if first and leave:
                following &= ~self.in_cell[self.cells[start >> 1].bit_length() - 1]
            first = False
            following &= ~seen
            if not following:
                return found
            seen |= following
            found.append(following)
            layer = following

    def path(self, layers: list[int], end: int, loop: bool) -> list[int] | None:
        """A chain from the start (layer 0) to ``end`` that is no lasso: a shortest one,
        else one a link or two longer; None if none is found in a few tries. ``loop``: a
        nice loop, whose end lies in the start's cell and whose first link leaves it.

        A lasso, as HoDoKu checks it: a node whose first cell lies in a node before the
        one it follows (a nice loop's start cell excepted)."""
        depth = next(k for k, layer in enumerate(layers) if layer >> end & 1)
        within = []  # within[k]: the literals at most k links from the start
        bits = 0
        for layer in layers:
            bits |= layer
            within.append(bits)
        pred = self.pred
        start = layers[0].bit_length() - 1
        start_cell = self.first[start >> 1]
        chosen = [end]
        budget = [0]

        def back(remaining: int, firsts: CellSet, latest: CellSet) -> bool:
            # choose the literal ``remaining - 1`` links from the start, before the latest
            # chosen; ``firsts``: the first cells of the chosen nodes but the latest's
            if remaining == 0:
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            index = remaining - 1
            options = pred[chosen[-1]] & within[min(index, len(within) - 1)]
            while options:
                low = options & -options
                options ^= low
                lit = low.bit_length() - 1
                if lit in chosen or (index == 0 and lit != start):
                    continue
                first = self.first[lit >> 1]
                if loop and first == start_cell:
                    if index == 1:
                        continue  # the first link must leave the start cell
                elif self.node_cells(lit) & firsts:
                    continue
                chosen.append(lit)
                if back(index, firsts | latest, first):
                    return True
                chosen.pop()
            return False

        for length in range(depth, depth + 3):
            budget[0] = 200
            if back(length, 0, self.first[end >> 1]):
                return chosen[::-1]
            del chosen[1:]
        return None


# --- steps ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chain:
    """A chain found: its literals, and what it proves."""

    literals: tuple[int, ...]
    eliminations: tuple[Candidate, ...]
    placements: tuple[Candidate, ...]
    kind: str  # "continuous", "discontinuous", "aic"
    loop: bool  # the chain closes on its start (a continuous loop)


def _text(graph: Graph, lits: tuple[int, ...], loop: bool) -> str:
    """Eureka notation: ``(5)r1c2=(5)r1c7-(5=7)r3c7-...``; ``=`` a strong link (into a
    literal that is on), ``-`` a weak one; two candidates of one cell in one bracket; an
    ALS with the digit it is entered by and the digit it is left by."""
    items = list(lits) + ([lits[0]] if loop else [])
    out = ""
    i = 0
    while i < len(items):
        lit = items[i]
        node = lit >> 1
        a = graph.sets[node]
        if i:
            out += "=" if lit & 1 and a is None else "-"
        if a is not None:
            exit_digit = graph.digit[items[i + 1] >> 1] if i + 1 < len(items) else 0
            out += f"({graph.digit[node]}={exit_digit or ''})ALS[{a.text()}]"
            i += 1
            continue
        cells = graph.cells[node]
        if i + 1 < len(items):
            nxt = items[i + 1] >> 1
            if graph.kind[node] == CAND and graph.sets[nxt] is None and graph.cells[nxt] == cells:
                link = "=" if items[i + 1] & 1 else "-"
                out += f"({graph.digit[node]}{link}{graph.digit[nxt]}){_cells_text(cells)}"
                i += 2
                continue
        out += f"({graph.digit[node]}){_cells_text(cells)}"
        i += 1
    return out


def _grouped(graph: Graph, lits: tuple[int, ...]) -> bool:
    return any(graph.kind[lit >> 1] != CAND for lit in lits)


def _rating(graph: Graph, chain: Chain) -> float:
    lits = chain.literals
    single = len({graph.digit[lit >> 1] for lit in lits}) == 1 and not any(
        graph.kind[lit >> 1] == SET for lit in lits
    )
    base = (65 if chain.loop else 66) if single else 70
    if any(graph.kind[lit >> 1] == SET for lit in lits):
        base += 5
    elif _grouped(graph, lits):
        base += 3
    return (base + length_tenths(len(lits))) / 10


_TECHNIQUES: Final = {
    (False, "continuous"): HODOKU_CONTINUOUS_NICE_LOOP,
    (False, "discontinuous"): DISCONTINUOUS_NICE_LOOP,
    (False, "aic"): HODOKU_AIC,
    (True, "continuous"): GROUPED_CONTINUOUS_NICE_LOOP,
    (True, "discontinuous"): GROUPED_DISCONTINUOUS_NICE_LOOP,
    (True, "aic"): GROUPED_AIC,
}


def _step(graph: Graph, chain: Chain) -> Step:
    technique = _TECHNIQUES[(_grouped(graph, chain.literals), chain.kind)]
    pattern: dict[Candidate, None] = {}
    alternate: dict[Candidate, None] = {}
    done = set(chain.eliminations) | set(chain.placements)
    for lit in chain.literals:
        node = lit >> 1
        if graph.sets[node] is not None:
            a = graph.sets[node]
            assert a is not None
            for c in cell_list(a.cells):
                for d in DIGITS_OF[graph.board.masks[c]]:
                    pattern.setdefault((c, d), None)
            continue
        for c in cell_list(graph.cells[node]):
            (pattern if lit & 1 else alternate).setdefault((c, graph.digit[node]), None)
    for candidate in done:
        pattern.pop(candidate, None)
        alternate.pop(candidate, None)
    if chain.placements:
        cell, digit = chain.placements[0]
        outcome = f"{cell_name(cell)} is {digit}"
    else:
        outcome = removals_text(chain.eliminations)
    return Step(
        technique,
        f"{technique.name}: {_text(graph, chain.literals, chain.loop)} => {outcome}",
        placements=chain.placements,
        eliminations=chain.eliminations,
        pattern=tuple(pattern),
        alternate=tuple(alternate),
        rating=_rating(graph, chain),
    )


def _loop_eliminations(graph: Graph, lits: tuple[int, ...]) -> set[Candidate]:
    """What a continuous loop (``lits``, closing on ``lits[0]``) removes: each of its
    weak links holds exactly one of its ends."""
    chain_cells = 0
    for lit in lits:
        chain_cells |= graph.node_cells(lit)
    removed: set[Candidate] = set()
    n = len(lits)
    for i in range(n):
        a, b = lits[i], lits[(i + 1) % n]
        if graph.sets[a >> 1] is not None:
            removed |= _set_exits(graph, a, b, chain_cells)
        elif graph.sets[b >> 1] is not None:  # entering a set: a weak link on its digit
            x = graph.digit[b >> 1]
            places = graph.sets[b >> 1].cells_of[x - 1]  # type: ignore[union-attr]
            removed |= _seeing(graph, x, graph.cells[a >> 1] | places, chain_cells)
        elif a & 1 and not b & 1:
            if graph.cells[a >> 1] != graph.cells[b >> 1]:  # a weak link between cells
                cells = graph.cells[a >> 1] | graph.cells[b >> 1]
                removed |= _seeing(graph, graph.digit[a >> 1], cells, chain_cells)
            else:
                removed |= _kept_pair(graph, lits[(i - 1) % n], a, b, lits[(i + 2) % n])
    return removed


def _seeing(graph: Graph, digit: int, cells: CellSet, spared: CellSet) -> set[Candidate]:
    """The candidates of ``digit`` that see every one of ``cells``, but in ``spared``."""
    victims = _common_peers(cells) & graph.places[digit - 1] & ~spared
    return {(c, digit) for c in cell_list(victims)}


def _kept_pair(graph: Graph, before: int, a: int, b: int, after: int) -> set[Candidate]:
    """A cell ``a``-``b`` (a weak link inside it) entered and left by strong links keeps
    their two digits."""
    cells = graph.cells[a >> 1]
    if before & 1 or not after & 1:
        return set()
    if graph.node_cells(before) == cells or graph.node_cells(after) == cells:
        return set()
    cell = cells.bit_length() - 1
    keep = (1 << (graph.digit[a >> 1] - 1)) | (1 << (graph.digit[b >> 1] - 1))
    return {(cell, d) for d in DIGITS_OF[graph.board.masks[cell] & ~keep]}


def _set_exits(graph: Graph, a: int, b: int, chain_cells: CellSet) -> set[Candidate]:
    """What an ALS on a loop removes, left from ``a`` (the set) to ``b``: the exit digit
    from cells that see the set's places of it and ``b``; its digits that are neither
    its entry nor an exit from cells that see all their places in the set."""
    als = graph.sets[a >> 1]
    assert als is not None
    masks = graph.board.masks
    removed: set[Candidate] = set()
    exits = 0
    target = graph.sets[b >> 1]
    z = graph.digit[b >> 1]
    if target is not None:  # into another set
        exits |= 1 << (z - 1)
        cells = als.cells_of[z - 1] | target.cells_of[z - 1]
        removed |= _seeing(graph, z, cells, chain_cells)
    elif b & 1:  # a cell the set forces: its other candidates are the exits
        cell = graph.cells[b >> 1]
        for w in DIGITS_OF[masks[cell.bit_length() - 1] & als.digits & ~(1 << (z - 1))]:
            exits |= 1 << (w - 1)
            removed |= _seeing(graph, w, als.cells_of[w - 1] | cell, 0)
    else:
        exits |= 1 << (z - 1)
        removed |= _seeing(graph, z, als.cells_of[z - 1] | graph.cells[b >> 1], chain_cells)
    entry = 1 << (graph.digit[a >> 1] - 1)
    for w in DIGITS_OF[als.digits & ~entry & ~exits]:
        victims = als.sees[w - 1] & graph.places[w - 1]
        removed |= {(c, w) for c in cell_list(victims)}
    return removed


class _Search:
    """The chains from one candidate literal (``start``), found into ``found``: one chain
    per set of eliminations, the shortest; a grouped search keeps only grouped chains."""

    def __init__(
        self, graph: Graph, start: int, grouped: bool, found: dict[tuple[object, ...], Chain]
    ) -> None:
        self.graph = graph
        self.start = start
        self.grouped = grouped
        self.found = found
        self.cell = graph.cells[start >> 1].bit_length() - 1
        self.digit = graph.digit[start >> 1]
        self.layers = graph.layers(start, leave=True)  # a nice loop's first link leaves
        self.reached = 0
        for layer in self.layers:
            self.reached |= layer

    def keep(self, chain: Chain) -> None:
        if _grouped(self.graph, chain.literals) != self.grouped:
            return
        key = (chain.eliminations, chain.placements)
        old = self.found.get(key)
        if old is None or len(chain.literals) < len(old.literals):
            self.found[key] = chain

    def loop_to(self, end: int) -> tuple[int, ...] | None:
        """A nice loop's chain from the start to ``end`` (None: not reached, only lassos,
        or shorter than three links)."""
        if not self.reached >> end & 1:
            return None
        lits = self.graph.path(self.layers, end, True)
        return None if lits is None or len(lits) < 4 else tuple(lits)

    def discontinuous(self) -> None:
        """Chains back to the start cell that prove a candidate of it true or false."""
        cell, digit, on = self.cell, self.digit, bool(self.start & 1)
        for d in DIGITS_OF[self.graph.board.masks[cell]]:
            for end_on in (True, False):
                if d == digit and on != end_on:
                    # weak out, weak in: false; strong out, strong in: true
                    placed = not on
                elif d != digit and on == end_on:
                    # one weak link and one strong: the weak link's candidate is false
                    placed = False
                else:
                    continue  # the start itself, or a continuous loop
                lits = self.loop_to(self.graph.literal(cell, d, end_on))
                if lits is None:
                    continue
                if placed:
                    self.keep(Chain(lits, (), ((cell, digit),), "discontinuous", False))
                else:
                    gone = digit if on else d
                    self.keep(Chain(lits, ((cell, gone),), (), "discontinuous", False))

    def continuous(self) -> None:
        """Chains that close on the start: a literal that implies the start again."""
        before = self.graph.pred[self.start] & self.reached & ~(1 << self.start)
        while before:
            low = before & -before
            before ^= low
            lits = self.loop_to(low.bit_length() - 1)
            if lits is None:
                continue
            removed = _loop_eliminations(self.graph, lits)
            if removed:
                self.keep(Chain(lits, tuple(sorted(removed)), (), "continuous", True))

    def aics(self) -> None:
        """From the start assumed false to a candidate of another cell that is then true."""
        graph, cell, digit = self.graph, self.cell, self.digit
        masks = graph.board.masks
        peers = PEER_BITS[cell]
        layers = graph.layers(self.start)
        for layer in layers[3:]:
            ends = layer
            while ends:
                low = ends & -ends
                ends ^= low
                end = low.bit_length() - 1
                if not end & 1 or graph.kind[end >> 1] != CAND:
                    continue
                end_cell = graph.cells[end >> 1].bit_length() - 1
                end_digit = graph.digit[end >> 1]
                if end_cell == cell:
                    continue
                if end_digit == digit:  # a candidate that sees both ends is false
                    victims = peers & PEER_BITS[end_cell] & graph.places[digit - 1]
                    if victims.bit_count() < 2:
                        continue  # one: a Discontinuous Nice Loop
                    removed = tuple((c, digit) for c in cell_list(victims))
                else:  # two cells that see each other: each loses the other's digit
                    if not (
                        peers >> end_cell & 1
                        and masks[end_cell] >> (digit - 1) & 1
                        and masks[cell] >> (end_digit - 1) & 1
                    ):
                        continue
                    removed = tuple(sorted(((end_cell, digit), (cell, end_digit))))
                lits = graph.path(layers, end, False)
                if lits is not None:
                    self.keep(Chain(tuple(lits), removed, (), "aic", False))


def _chains(board: Board, grouped: bool) -> Iterator[Step]:
    graph = Graph(board, grouped)
    found: dict[tuple[object, ...], Chain] = {}
    for node in range(graph.plain):
        if graph.kind[node] == CAND:
            for on in (True, False):
                search = _Search(graph, 2 * node + on, grouped, found)
                search.discontinuous()
                search.continuous()
                if not on:
                    search.aics()
    ranked = sorted(
        (_rating(graph, c), len(c.literals), -len(c.eliminations), i, c)
        for i, c in enumerate(found.values())
    )
    for *_, chain in ranked:
        yield _step(graph, chain)


def nice_loops(board: Board) -> Iterator[Step]:
    """Continuous and Discontinuous Nice Loops and AICs of candidates (module docstring),
    the easiest first."""
    return _chains(board, grouped=False)


def grouped_nice_loops(board: Board) -> Iterator[Step]:
    """Nice loops and AICs with a group or an ALS (module docstring), the easiest first."""
    return _chains(board, grouped=True)


# --- XY-Chains and Remote Pairs --------------------------------------------------------


def xy_chains(board: Board) -> Iterator[Step]:
    """XY-Chains (module docstring): from each bivalue cell and digit, the shortest
    chain of bivalue cells to every cell that then holds the digit; one step per set of
    eliminations, the shortest first."""
    masks = board.masks
    bivalue = [c for c in cell_list(board.open_bits) if masks[c].bit_count() == 2]
    bits = sum(1 << c for c in bivalue)
    found: dict[tuple[Candidate, ...], list[tuple[int, int]]] = {}
    for start in bivalue:
        for digit in DIGITS_OF[masks[start]]:
            other = DIGITS_OF[masks[start] & ~(1 << (digit - 1))][0]
            first = (start, other)  # the start is not digit, so it is other
            parent: dict[tuple[int, int], tuple[int, int] | None] = {first: None}
            queue = [first]
            for state in queue:
                cell, value = state
                for nxt in cell_list(PEER_BITS[cell] & bits & board.cells_of(value)):
                    then = (nxt, DIGITS_OF[masks[nxt] & ~(1 << (value - 1))][0])
                    if then in parent:
                        continue
                    parent[then] = state
                    queue.append(then)
                    if then[1] != digit or nxt == start:
                        continue
                    victims = PEER_BITS[start] & PEER_BITS[nxt] & board.cells_of(digit)
                    if not victims:
                        continue
                    path = [then]
                    while (back := parent[path[-1]]) is not None:
                        path.append(back)
                    path.reverse()
                    if len({c for c, _ in path}) != len(path):
                        continue  # a cell twice
                    key = tuple((c, digit) for c in cell_list(victims))
                    if key not in found or len(path) < len(found[key]):
                        found[key] = path
    ranked = sorted(found.items(), key=lambda item: (len(item[1]), -len(item[0]), item[0]))
    for removed, path in ranked:
        yield _xy_step(board, removed, path)


def _xy_step(board: Board, removed: tuple[Candidate, ...], path: list[tuple[int, int]]) -> Step:
    digit = removed[0][1]
    masks = board.masks
    parts = []
    pattern: list[Candidate] = []
    alternate: list[Candidate] = []
    for cell, value in path:
        was = DIGITS_OF[masks[cell] & ~(1 << (value - 1))][0]
        parts.append(f"({was}={value}){cell_name(cell)}")
        alternate.append((cell, was))
        pattern.append((cell, value))
    literals = 2 * len(path)
    rating = (70 + length_tenths(literals)) / 10
    return Step(
        HODOKU_XY_CHAIN,
        f"{HODOKU_XY_CHAIN.name} {digit}: {'-'.join(parts)} => {removals_text(removed)}",
        eliminations=removed,
        pattern=tuple(pattern),
        alternate=tuple(alternate),
        rating=rating,
    )


def remote_pairs(board: Board) -> Iterator[Step]:
    """Remote Pairs (module docstring): per group of linked bivalue cells with one pair of
    digits (four cells or more), what its opposite cells three links apart or more
    remove."""
    masks = board.masks
    by_pair: dict[int, list[int]] = {}
    for c in cell_list(board.open_bits):
        if masks[c].bit_count() == 2:
            by_pair.setdefault(masks[c], []).append(c)
    found: list[tuple[float, int, Step]] = []
    for pair, cells in sorted(by_pair.items()):
        if len(cells) < 4:
            continue
        for colour in _components(cells):
            step = _remote_pair(board, pair, colour) if len(colour) >= 4 else None
            if step is not None:
                found.append((step.difficulty, -len(step.eliminations), step))
    found.sort(key=lambda item: item[:2])
    for *_, step in found:
        yield step


def _components(cells: list[int]) -> Iterator[dict[int, int]]:
    """The groups of ``cells`` linked by seeing each other, each cell coloured 0 or 1 by
    the parity of its distance from the group's first cell."""
    bits = sum(1 << c for c in cells)
    seen = 0
    for first in cells:
        if seen >> first & 1:
            continue
        colour = {first: 0}
        queue = [first]
        for cell in queue:
            for nxt in cell_list(PEER_BITS[cell] & bits):
                if nxt not in colour:
                    colour[nxt] = 1 - colour[cell]
                    queue.append(nxt)
        for c in colour:
            seen |= 1 << c
        yield colour


def _remote_pair(board: Board, pair: int, colour: dict[int, int]) -> Step | None:
    sides = [
        [c for c in sorted(colour) if colour[c] == 0],
        [c for c in sorted(colour) if colour[c] == 1],
    ]
    members = sum(1 << c for c in colour)
    victims = 0
    for a in sides[0]:
        for b in sides[1]:
            if PEER_BITS[a] >> b & 1:
                continue  # neighbours: a naked pair's business
            victims |= PEER_BITS[a] & PEER_BITS[b] & ~members
    removed = tuple(
        (c, d)
        for c in cell_list(victims & board.open_bits)
        for d in DIGITS_OF[pair]
        if board.masks[c] >> (d - 1) & 1
    )
    if not removed:
        return None
    a, b = DIGITS_OF[pair]
    digits = f"{a}/{b}"
    literals = 2 * len(colour)
    return Step(
        REMOTE_PAIR,
        f"{REMOTE_PAIR.name} {digits}: {', '.join(cell_name(c) for c in sides[0])} against "
        f"{', '.join(cell_name(c) for c in sides[1])} => {removals_text(removed)}",
        eliminations=removed,
        pattern=tuple((c, a) for c in sides[0]) + tuple((c, b) for c in sides[1]),
        alternate=tuple((c, b) for c in sides[0]) + tuple((c, a) for c in sides[1]),
        rating=(70 + length_tenths(literals)) / 10,
    )
