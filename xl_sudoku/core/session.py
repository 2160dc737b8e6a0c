"""A solve that goes on past its solutions, one step at a time: readalps' session (core
layer).

``explore(solver)`` is a generator over a ``LogicSolver``'s search: it yields every step
the solver takes (a ``Move``) and every solution it reaches (a ``Found``), and after a
solution it goes on (``LogicSolver.go_on``) towards the next, until there is none. A
caller takes as many events as it wants (one step, up to a step number, up to the next
solution) and comes back for more later: the search waits where it was.

Each move says what kind of move it is in readalps' terms. His program keeps a guess on
the stack until its last digit has failed, so his level counts the guesses standing;
the engine drops a guess when it takes its last digit (a backtrack: forced, not
guessed). ``Move.depth`` is his level, and a guess's next digit is a *forward* guess
(the same guess, its next digit) or an *upward* one (guesses below it had run out).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from enum import StrEnum

from .engine import LogicSolver, Status
from .glossary import Cell, Grid
from .steps import BACKTRACK, CONTRADICTION, GUESS, Step


class Kind(StrEnum):
    """What a move is, in readalps' terms."""

    LOGIC = "logic"  # a technique's step
    GUESS = "guess"  # a new guess: a cell's first digit
    FORWARD = "forward"  # the newest guess's next digit
    UPWARD = "upward"  # an older guess's next digit: every guess after it ran out
    CONTRADICTION = "contradiction"  # the board cannot be finished: the next move backs up


@dataclass(frozen=True, slots=True)
class Move:
    """One step of the search."""

    number: int  # 1 for the search's first step; numbers go on past solutions
    step: Step
    kind: Kind
    depth: int  # the guesses standing after it, one on its last digit included
    choice: int = 0  # a guess: which of its cell's digits this is, 1 for the first
    choices: int = 0  # a guess: how many digits its cell had


@dataclass(frozen=True, slots=True)
class Found:
    """A solution reached."""

    number: int  # the steps taken to reach it, from the start of the search
    grid: Grid
    count: int  # the solutions found so far, this one included


@dataclass(slots=True)
class _Standing:
    """A guess standing: its cell, the digit it is on, how many its cell had."""

    cell: Cell
    choice: int
    choices: int


def explore(solver: LogicSolver) -> Generator[Move | Found, None, int]:
    """Every step of the solver's search and every solution, until there is no more;
    returns how many solutions there were (also the last ``Found.count``).

    The solver is the caller's: it may read its board between events, or change its
    techniques (``LogicSolver.use``), which apply from the next step.
    """
    standing: list[_Standing] = []
    number = len(solver.steps)
    count = 0
    while True:
        before = list(solver.board.masks)  # a new guess's cell: how many digits it had
        step = solver.step()
        if step is None:
            if solver.status is not Status.SOLVED:
                return count
            count += 1
            yield Found(number, solver.board.grid(), count)
            solver.go_on()
            continue
        number += 1
        if step.technique is CONTRADICTION:
            yield Move(number, step, Kind.CONTRADICTION, len(standing))
        elif step.technique is GUESS or step.technique is BACKTRACK:
            yield _guess(number, step, standing, before)
        else:
            yield Move(number, step, Kind.LOGIC, len(standing))


def _guess(number: int, step: Step, standing: list[_Standing], before: list[int]) -> Move:
    """A guess or a backtrack, as readalps counts them: a new guess, or a standing one's
    next digit (the guesses after it, all run out, dropped)."""
    cell = step.placements[0][0]
    at = next((i for i, s in enumerate(standing) if s.cell == cell), None)
    if at is None:
        standing.append(_Standing(cell, 1, before[cell].bit_count()))
        kind = Kind.GUESS
    else:
        kind = Kind.FORWARD if at == len(standing) - 1 else Kind.UPWARD
        del standing[at + 1 :]
        standing[at].choice += 1
    top = standing[-1]
    return Move(number, step, kind, len(standing), top.choice, top.choices)
