"""The nodes of a position and the implications between their literals, for HoDoKu's
chains (core layer, logic techniques; the package docstring gives the vocabulary).

``Graph`` makes the candidate, group and ALS nodes and their links, and reads them: the
literals a start implies, layer by layer, and a chain to an end that is no lasso.
``length_tenths`` is Sudoku Explainer's length bonus, which every chain's rating adds.
"""

from __future__ import annotations

from ...board import Board
from ...deadline import checkpoint
from ...glossary import (
    BOX_BITS,
    COL_BITS,
    DIGITS_OF,
    HOUSE_BITS,
    HOUSES_OF,
    PEER_BITS,
    ROW_BITS,
    CellSet,
    cell_list,
    members,
)
from ..als import ALS, almost_locked_sets

__all__ = ["CAND", "GROUP", "SET", "Graph", "common_peers", "length_tenths"]

CAND, GROUP, SET = 0, 1, 2  # kinds of node


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


def common_peers(cells: CellSet) -> CellSet:
    seen = -1
    for c in cell_list(cells):
        seen &= PEER_BITS[c]
    return seen & ~cells if cells else 0


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
        checkpoint()
        size = 2 * len(self.digit)
        self.succ = [0] * size
        self.pred = [0] * size
        for i, (a, b) in enumerate(self._edges):
            if not i & 4095:
                checkpoint()
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
            if not node & 63:
                checkpoint()
            digit, cells = self.digit[node], self.cells[node]
            on, off = 2 * node + 1, 2 * node
            for other in self._seen_nodes(digit, common_peers(cells)):
                edges.append((on, 2 * other))  # weak
            if self.kind[node] == CAND:
                cell = cells.bit_length() - 1
                others = [d for d in DIGITS_OF[masks[cell]] if d != digit]
                for d in others:
                    edges.append((on, 2 * self.node_of[(d, cells)]))
                if len(others) == 1:
                    edges.append((off, 2 * self.node_of[(others[0], cells)] + 1))
                houses: tuple[int, ...] = HOUSES_OF[cell]
            else:
                houses = tuple(h for h in range(27) if not cells & ~HOUSE_BITS[h])
            for house in houses:
                rest = self.places[digit - 1] & HOUSE_BITS[house] & ~cells
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
            if not index & 15:
                checkpoint()
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
            checkpoint()
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
                checkpoint()
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
            for lit in members(layer):
                following |= succ[lit]
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
            for lit in members(options):
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
