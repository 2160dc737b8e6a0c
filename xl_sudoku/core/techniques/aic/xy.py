"""XY-Chains (HoDoKu's ``ChainSolver``) and Remote Pairs (core layer, logic techniques;
the package docstring gives the rules).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...board import Board
from ...colours import PINK
from ...glossary import DIGITS_OF, PEER_BITS, Candidate, cell_list
from ...grid import cell_name
from ...steps import Family, Step, Technique, removals_text
from .graph import length_tenths

# HoDoKu's chains, found as HoDoKu finds them (this package): every chain, not only
# the one Sudoku Explainer's rule takes; named as HoDoKu names them (three names are those
# of SE's chain rule's steps too: choosing the name chooses both). Rated as SE rates a
# chain of as many candidates: 6.5-6.6 of one digit, 7.0 otherwise, plus its length bonus;
# +0.3 with a group, +0.5 with an ALS
HODOKU_XY_CHAIN = Technique("hodoku-xy-chain", "XY-Chain", 7.0, Family.CHAINS, PINK)
REMOTE_PAIR = Technique("remote-pair", "Remote Pair", 7.0, Family.CHAINS, PINK)

__all__ = ["remote_pairs", "xy_chains"]


def xy_chains(board: Board) -> Iterator[Step]:
    """XY-Chains (package docstring): from each bivalue cell and digit, the shortest
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
    """Remote Pairs (package docstring): per group of linked bivalue cells with one pair of
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
