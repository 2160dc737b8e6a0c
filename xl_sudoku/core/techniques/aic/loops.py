"""Continuous and Discontinuous Nice Loops and AICs, plain and grouped, as HoDoKu's
``TablingSolver`` reads its tables (core layer, logic techniques; the package docstring
gives the rules): the search from each candidate, what a loop removes, the steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ...board import Board
from ...colours import PINK
from ...deadline import checkpoint
from ...glossary import DIGITS_OF, PEER_BITS, Candidate, CellSet, cell_list, members
from ...grid import cell_name
from ...steps import Family, Step, Technique, removals_text
from .graph import CAND, SET, Graph, common_peers, length_tenths

_LOOPS = "nice loops"  # one search finds the three: the easiest step of them is taken
HODOKU_CONTINUOUS_NICE_LOOP = Technique(
    "continuous-nice-loop", "Continuous Nice Loop", 6.5, Family.CHAINS, PINK, group=_LOOPS
)
DISCONTINUOUS_NICE_LOOP = Technique(
    "discontinuous-nice-loop", "Discontinuous Nice Loop", 6.6, Family.CHAINS, PINK, group=_LOOPS
)
HODOKU_AIC = Technique("alternating-inference-chain", "AIC", 6.6, Family.CHAINS, PINK, group=_LOOPS)
_GROUPED = "grouped nice loops"
GROUPED_CONTINUOUS_NICE_LOOP = Technique(
    "grouped-continuous-nice-loop",
    "Grouped Continuous Nice Loop",
    6.8,
    Family.CHAINS,
    PINK,
    group=_GROUPED,
)
GROUPED_DISCONTINUOUS_NICE_LOOP = Technique(
    "grouped-discontinuous-nice-loop",
    "Grouped Discontinuous Nice Loop",
    6.9,
    Family.CHAINS,
    PINK,
    group=_GROUPED,
)
GROUPED_AIC = Technique("grouped-aic", "Grouped AIC", 6.9, Family.CHAINS, PINK, group=_GROUPED)

__all__ = ["Chain", "grouped_nice_loops", "nice_loops"]


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
    victims = common_peers(cells) & graph.places[digit - 1] & ~spared
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
        for lit in members(before):
            lits = self.loop_to(lit)
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
            for end in members(ends):
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
                checkpoint()
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
    """Continuous and Discontinuous Nice Loops and AICs of candidates (package docstring),
    the easiest first."""
    return _chains(board, grouped=False)


def grouped_nice_loops(board: Board) -> Iterator[Step]:
    """Nice loops and AICs with a group or an ALS (package docstring), the easiest first."""
    return _chains(board, grouped=True)
