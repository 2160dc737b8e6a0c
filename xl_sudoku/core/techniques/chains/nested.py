"""Nested forcing chains: the last resort of logic, so that no proper puzzle needs a guess
(core layer, logic techniques).

First Sudoku Explainer's own nested levels (``nesting``: dynamic forcing chains that use
forcing chains and cycles, then multiple forcing chains, then dynamic forcing chains
inside themselves), found and rated exactly as Sukaku Explainer does: the step is the
easiest hint of the first level that has one.

Where none of those finds anything (Sukaku Explainer then gives up: "beyond solver"),
this module's own nested chains: a *dynamic forcing chain (+)* assumes a candidate and
follows singles, locked candidates, pairs and X-Wings; if that leads to a contradiction,
the candidate is false. A *nested* forcing chain assumes a candidate and, inside that
assumption, uses such chains themselves: every candidate whose own chain leads to a
contradiction there is taken out, the consequences are followed again, and so on; if
the assumption then leads to a contradiction, it is false. Nesting ``depth`` 2 does
that once; depth 3 uses nested chains inside, and so on. A puzzle with one solution
always yields at some depth (at the full depth this is a complete search, written out
as a proof), so the engine never has to guess.

Which candidates to try: only a false candidate can lead to a contradiction, so the
candidates the puzzle's solution does not hold are tried, cells with fewer candidates
first. The solution only orders the search; every step is proved by its chains.

Rating of these: 9.5 at depth 2, 0.5 more for each further level, plus Sudoku
Explainer's length bonus on the number of candidates the proof turns on and off, at most
11.9 (the top of the scale).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ...board import Board
from ...deadline import checkpoint
from ...fields import FIELD_BITS, FIELD_GUARD, KEEP_CELL
from ...glossary import DIGITS_OF, slots_in
from ...grid import cell_name
from ...solver import count_solutions, solve
from ...steps import Step
from .dynamic_search import plus, remove_slots
from .nesting import NestedChaining
from .rating import length_tenths
from .slots import State, views
from .text import NESTED_FORCING, to_step

DEEPEST: Final = 6  # depth 6 is a full search on any grid a solve can reach
SHOWN: Final = 4  # candidates named in a step's line; the details name them all


def _place(state: State, slot: int) -> State | None:
    cells, rows, cols, boxes, placed = state
    return plus(cells & KEEP_CELL[slot], rows, cols, boxes, placed | 1 << slot, [slot])


def _without(state: State, slot: int) -> State | None:
    cells, rows, cols, boxes, placed = remove_slots(state, 1 << slot)
    return plus(cells, rows, cols, boxes, placed, [])


def _size(before: State, after: State) -> int:
    """How many candidates a closure turned on or off."""
    return (before[0] & FIELD_BITS & ~after[0]).bit_count()


@dataclass(slots=True)
class _Proof:
    """What refuting one assumption took: the candidates taken out inside it, in order,
    and how many candidates its chains turned on or off in all."""

    removed: list[int]
    size: int


def _refute(state: State, slot: int, depth: int) -> _Proof | None:
    """A proof that ``slot`` cannot hold in ``state``, with chains nested ``depth`` deep;
    None if there is none at that depth."""
    checkpoint()
    inner = _place(state, slot)
    if inner is None:
        return _Proof([], 1)
    if depth <= 1:
        return None
    proof = _Proof([], _size(state, inner))
    changed = True
    while changed:
        changed = False
        if not inner[0] & FIELD_GUARD:
            return None  # solved: the assumption holds
        for candidate in slots_in(inner[0] & FIELD_BITS):
            if not inner[0] >> candidate & 1:
                continue
            found = _refute(inner, candidate, depth - 1)
            if found is None:
                continue
            proof.removed.append(candidate)
            proof.size += found.size
            after = _without(inner, candidate)
            if after is None:
                return proof
            proof.size += _size(inner, after)
            inner = after
            changed = True
    return None


#: Sudoku Explainer's nested levels, in the order it tries them (``nesting``)
SE_LEVELS: Final = (
    NestedChaining(multiple=True, dynamic=True, level=2),
    NestedChaining(multiple=True, dynamic=True, level=3),
    *(NestedChaining(multiple=True, dynamic=True, level=4, limit=k) for k in range(4)),
)


def nested_forcing_chains(board: Board) -> Iterator[Step]:
    """Sudoku Explainer's nested forcing chains (the easiest hint of the first of its
    levels that finds one); where none does, the first candidate a nested forcing chain
    of this module proves false, at the smallest depth.

    Only on a board with exactly one solution, as Sudoku Explainer rates only those: on
    others (an empty grid) its levels search without end in sight, and the engine guesses."""
    if count_solutions(board.grid(), limit=2) != 1:
        return
    for rule in SE_LEVELS:
        hint = rule.best(board)
        if hint is not None:
            yield to_step(rule, hint)
            return
    yield from solution_guided(board)


def solution_guided(board: Board) -> Iterator[Step]:
    """The first candidate a nested forcing chain proves false, at the smallest depth."""
    grid = board.grid()
    if count_solutions(grid, limit=2) != 1:
        return  # with no solution or several, no guide; the search could be endless
    solution = solve(grid)
    state = views(board)
    for cell, mask in enumerate(board.masks):
        if mask and not mask >> (solution[cell] - 1) & 1:
            return  # the board has lost the solution's digit: no guide to follow
    order = sorted(
        (board.masks[c].bit_count(), c, d)
        for c in range(81)
        for d in DIGITS_OF[board.masks[c]]
        if d != solution[c]
    )
    for depth in range(2, DEEPEST + 1):
        for _, cell, digit in order:
            proof = _refute(state, 10 * cell + digit - 1, depth)
            if proof is not None:
                yield _step(cell, digit, depth, proof)
                return


def _step(cell: int, digit: int, depth: int, proof: _Proof) -> Step:
    tenths = min(119, 95 + 5 * (depth - 2) + length_tenths(proof.size))
    names = [f"{cell_name(s // 10)}={s % 10 + 1}" for s in proof.removed]
    more = f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
    inside = ""
    if names:
        inside = f"chains inside it rule out {', '.join(names[:SHOWN])}{more}, and "
    text = (
        f"Nested Forcing Chain: if {cell_name(cell)}={digit}, {inside}"
        f"it leads to a contradiction: removes {digit} from {cell_name(cell)}"
    )
    details = tuple(
        f"with {cell_name(cell)}={digit}: {cell_name(s // 10)}={s % 10 + 1} leads to a "
        f"contradiction (nested {depth - 1} deep)"
        for s in proof.removed
    )
    return Step(
        NESTED_FORCING,
        text,
        eliminations=((cell, digit),),
        pattern=tuple((s // 10, s % 10 + 1) for s in proof.removed),
        rating=tenths / 10,
        details=details,
    )
