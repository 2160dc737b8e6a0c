"""The step engine: solve as a person would, one explained step at a time (core layer).

``LogicSolver`` applies, at each step, the easiest enabled technique that makes
progress. When none does, it guesses on a cell with the fewest candidates (a cell with
two first: the seed's "coin flip"), and records the guess with its level. A guess that
leads to a contradiction is undone: the contradiction and the backtrack are steps too,
so every valid puzzle ends solved and every unsolvable one ends proven so.

Uniqueness techniques (unique rectangles, BUG) are used only when the fast solver has
proved the puzzle has exactly one solution; the finished ``Trace`` says whether it has.
Inside a guess the engine makes none of the slowest searches, chains among them (see
``_not_in_guesses``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import islice

from .board import Board, Memory
from .deadline import checkpoint
from .errors import NoSolutionError
from .glossary import DIGITS_OF, Grid
from .grid import cell_name
from .solver import Puzzle, as_grid, solutions
from .steps import BACKTRACK, CONTRADICTION, GUESS, Family, Step, Technique
from .techniques import FINDERS, Finder, select_techniques


class Status(StrEnum):
    """Where a solve stands (each equal to its text: ``Status.STUCK == "stuck"``)."""

    SOLVING = "solving"
    SOLVED = "solved"
    NO_SOLUTION = "no solution"
    STUCK = "stuck"  # logic ran out and the caller asked not to guess (``step(guess=False)``)


#: one entry of the engine's plan: a finder, or the members of a group; chains or not
_Try = tuple[Finder, list[Technique] | None, bool]


def _plan_of(techniques: tuple[Technique, ...]) -> list[_Try]:
    """What the engine tries at each step, in order: a technique's finder, or the members
    of a group (consecutive techniques of one group, tried together)."""
    plan: list[_Try] = []
    i = 0
    while i < len(techniques):
        technique = techniques[i]
        members = [technique]
        if technique.group:
            while i + len(members) < len(techniques) and (
                techniques[i + len(members)].group == technique.group
            ):
                members.append(techniques[i + len(members)])
        i += len(members)
        grouped = members if technique.group else None
        plan.append((FINDERS[technique], grouped, _not_in_guesses(technique)))
    return plan


#: the families whose searches are the slowest there are on an open grid: chains of every
#: kind, Franken and Mutant fish, ALS, templates, aligned exclusion
_SLOW_FAMILIES = frozenset(
    (
        Family.CHAINS,
        Family.FORCING_CHAINS,
        Family.FRANKEN_AND_MUTANT_FISH,
        Family.ALS,
        Family.TEMPLATES,
        Family.EXCLUSION,
    )
)


def _not_in_guesses(technique: Technique) -> bool:
    """The slow searches are not made once the engine has guessed: a guess is search,
    not reasoning, and a guessed branch settles just as surely with singles, subsets,
    fish, wings and short chains. (Only a puzzle without exactly one solution is ever
    guessed on; on an open grid those searches took seconds a position: the empty grid
    took 50 s, with them left out 4 s.)"""
    return technique.group == "chains" or technique.family in _SLOW_FAMILIES


@dataclass(frozen=True, slots=True)
class Trace:
    """A finished (or paused) solve: its steps and what they came to."""

    puzzle: Grid
    steps: tuple[Step, ...]
    status: Status
    grid: Grid  # the digits reached: the solution once solved
    solutions: int  # 0, 1, or 2 meaning "two or more" (count_solutions with limit 2)
    seconds: float

    @property
    def unique(self) -> bool:
        return self.solutions == 1

    @property
    def guesses(self) -> int:
        return sum(1 for s in self.steps if s.technique is GUESS)

    @property
    def max_level(self) -> int:
        return max((s.level for s in self.steps), default=0)

    @property
    def stuck(self) -> bool:
        """Logic ran out before the end and no guess was taken (``run_logic``)."""
        return self.status is Status.STUCK


@dataclass(slots=True)
class _Branch:
    """A guess still open: the board before it, and the digits left to try."""

    board: Board
    cell: int
    digits: list[int]  # all the digits tried here, in order
    tried: int  # how many have been tried
    level: int


class LogicSolver:
    """Solves one puzzle step by step: ``step()``, ``run_until(n)``, ``run()``."""

    def __init__(
        self,
        puzzle: Puzzle,
        techniques: Iterable[str | Technique] | None = None,
        board: Board | None = None,
    ) -> None:
        """Solve ``puzzle`` (its givens), from ``board`` if given: a position reached
        on the way, such as a work grid with digits and candidates already worked out.
        The caller vouches that the board follows from the puzzle."""
        grid = as_grid(puzzle)
        self.puzzle = grid
        # givens that clash raise DuplicateError, naming every clash, from the search's
        # start: the one check, not one more before it (a button has checked them already)
        found = list(islice(solutions(grid), 2))
        self.solutions = len(found)
        #: the puzzle's solution when it has exactly one (found while counting)
        self.solution: Grid | None = found[0] if len(found) == 1 else None
        self.techniques: tuple[Technique, ...] = ()
        self._plan: list[_Try] = []  # what ``_next`` tries, made from ``techniques``
        self.use(techniques)
        self.board = board.copy() if board is not None else Board.from_grid(grid)
        self.board.memory = Memory()  # the finders' memory: this solver's own
        self.steps: list[Step] = []
        self.status = Status.SOLVING
        self._branches: list[_Branch] = []
        self._refuted = False  # the last step was a contradiction: backtrack next
        # past a solution (``go_on``) a digit taken after backtracking is no longer forced
        # (the digits before it may have failed by leading to that solution), so even
        # with no guess open the board may be wrong: it is checked as inside a guess
        self._past_solution = False
        self._seconds = 0.0

    def use(self, techniques: Iterable[str | Technique] | None) -> None:
        """Solve with these techniques from the next step on (None: every technique)."""
        enabled = select_techniques(techniques)
        if self.solutions != 1:  # uniqueness arguments need a unique puzzle
            enabled = tuple(t for t in enabled if not t.uniqueness)
        self.techniques = enabled
        self._plan = _plan_of(enabled)

    def go_on(self) -> bool:
        """After a solution, search on for the next one: the solution counts as a dead
        end, so the next step takes the newest open guess's next digit; with no guess
        open, the next step ends the search (status ``"no solution"``: no more
        solutions). False, and nothing changes, unless the solve stands at a solution."""
        if self.status is not Status.SOLVED:
            return False
        self.status = Status.SOLVING
        self._refuted = True
        self._past_solution = True
        return True

    @property
    def level(self) -> int:
        """The current guess level: 0 until the first guess."""
        return len(self._branches)

    def step(self, guess: bool = True) -> Step | None:
        """Take one step and return it; None once the puzzle is solved or proven unsolvable.

        With ``guess=False`` a guess is never taken: where only a guess is left, the
        board stays as it is, ``status`` becomes ``"stuck"`` and None is returned
        (``next_guess`` tells where the guess would go). A later ``step()`` guesses.
        """
        if self.status is Status.STUCK:
            self.status = Status.SOLVING
        if self.status is not Status.SOLVING:
            return None
        started = time.perf_counter()
        try:
            taken = self._next(guess)
        finally:
            self._seconds += time.perf_counter() - started
        if taken is not None:
            self.steps.append(taken)
        return taken

    def run_until(self, count: int) -> Trace:
        """Take steps until the trace has ``count`` steps or the solve is over."""
        while len(self.steps) < count and self.step() is not None:
            pass
        return self.trace()

    def run(self) -> Trace:
        """Take every step to the end."""
        while self.step() is not None:
            pass
        return self.trace()

    def run_logic(self) -> Trace:
        """Take every step that needs no guess: the trace and the board stop where logic
        runs out (status ``"stuck"``), or at the end."""
        while self.step(guess=False) is not None:
            pass
        return self.trace()

    def next_guess(self) -> tuple[int, tuple[int, ...]] | None:
        """Where the next guess would go: a cell with the fewest candidates (a cell with
        two first) and its candidates; None if no open cell has a candidate."""
        masks = self.board.masks
        open_cells = [c for c in range(81) if masks[c]]
        if not open_cells:
            return None
        cell = min(open_cells, key=lambda c: (masks[c].bit_count(), c))
        return cell, DIGITS_OF[masks[cell]]

    def trace(self) -> Trace:
        return Trace(
            self.puzzle,
            tuple(self.steps),
            self.status,
            self.board.grid(),
            self.solutions,
            self._seconds,
        )

    # --- the moves ---------------------------------------------------------------------

    def _next(self, guess: bool) -> Step | None:
        if self._refuted:
            self._refuted = False
            return self._backtrack()
        checked = self.level > 0 or self.solutions == 0 or self._past_solution
        if self.board.is_solved() and (not checked or self.board.contradiction() is None):
            self.status = Status.SOLVED
            return None
        if checked:
            reason = self.board.contradiction()
            if reason is not None:
                self._refuted = True
                return Step(CONTRADICTION, f"Contradiction: {reason}", level=self.level)
        level = len(self._branches)
        board = self.board
        for finder, members, chains in self._plan:
            if level and chains:
                continue
            checkpoint()
            found = next(finder(board), None) if members is None else self._group_step(members)
            if found is not None:
                self._apply(found)
                return _at_level(found, level)
        if not guess:
            self.status = Status.STUCK
            return None
        return self._guess()

    def _group_step(self, members: list[Technique]) -> Step | None:
        """The easiest step of a group of techniques: each finder's first step of an
        enabled technique, the easiest of those (the first, on a tie)."""
        enabled = set(members)
        best: Step | None = None
        for finder in dict.fromkeys(FINDERS[t] for t in members):
            step = next((s for s in finder(self.board) if s.technique in enabled), None)
            if step is not None and (best is None or step.difficulty < best.difficulty):
                best = step
        return best

    def _apply(self, step: Step) -> None:
        self.board.apply(step)

    def _guess(self) -> Step:
        where = self.next_guess()
        if where is None:  # open cells without candidates are caught as contradictions
            raise NoSolutionError("no candidate left to guess on")
        cell, candidates = where
        digits = list(candidates)
        branch = _Branch(self.board.copy(), cell, digits, 1, self.level + 1)
        self._branches.append(branch)
        return self._try(branch, GUESS)

    def _try(self, branch: _Branch, technique: Technique) -> Step:
        """Place the branch's next digit, as a guess or as what is left after backtracking."""
        digit = branch.digits[branch.tried - 1]
        self.board = branch.board.copy()
        self.board.place(branch.cell, digit)
        name = cell_name(branch.cell)
        if technique is BACKTRACK:
            return Step(
                BACKTRACK,
                f"Backtrack to level {branch.level - 1}: {name} = {digit}",
                placements=((branch.cell, digit),),
                level=branch.level - 1,
            )
        of = f"{branch.tried} of {len(branch.digits)}"
        return Step(
            GUESS,
            f"Guess {name} = {digit} (level {branch.level}, {of})",
            placements=((branch.cell, digit),),
            level=branch.level,
        )

    def _backtrack(self) -> Step | None:
        """Undo the newest guess and try its next digit; the last one is no guess but forced."""
        while self._branches:
            branch = self._branches[-1]
            if branch.tried < len(branch.digits):
                branch.tried += 1
                if branch.tried == len(branch.digits):
                    self._branches.pop()
                    return self._try(branch, BACKTRACK)
                return self._try(branch, GUESS)
            self._branches.pop()  # every digit failed here: the contradiction goes up a level
        self.status = Status.NO_SOLUTION
        return None


def _at_level(step: Step, level: int) -> Step:
    return step if level == 0 else replace(step, level=level)


def solve_logically(puzzle: Puzzle, techniques: Iterable[str | Technique] | None = None) -> Trace:
    """The whole trace of a logical solve (guesses included where techniques run out)."""
    return LogicSolver(puzzle, techniques).run()
