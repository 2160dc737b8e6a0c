"""The worksheet functions ``SUDOKU_*`` as plain Python (buttons layer).

Their bodies, on the values Excel hands a function: the Windows UDFs
(``xl_sudoku.excel.udfs``) and the xlwings Lite functions (``lite/main.py``) both call
these, so the two editions answer alike. Each takes the givens as rows of cell values
(numbers as floats or ints, ``None`` for an empty cell) and returns a value, never an
exception: bad input gives the error message as text (``r3c7: 'x' is not a digit 1-9``).

Excel waits for a worksheet function, and recalculates the Functions sheet's eight on
every digit typed into the givens. So no function searches longer than ``SECONDS`` unless
its last argument asks for more (``=SUDOKU_RATE(Givens, 30)``: a search the user chose to
wait for), and one that stopped says so: a count as ``12+``, a rating as ``at least 7.2``,
each with ``stopped after 0.07 s``. What several functions need of one grid is found once
and kept for the last few grids (``_Known``): its first two solutions (Solve, Count up to
2, Valid, Rate and Hint ask whether it is proper), its logical solve (Rate, and Hint's
first step) and its target search, each with the time it was given; a later call asks for
more only if it gives more time. So a typed digit costs at most three searches of
``SECONDS`` (``benchmarks/bench_excel.py --typing`` replays typing puzzles and times it).
"""

from __future__ import annotations

import math
import random
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from ..core import (
    GenerationError,
    Grid,
    LogicSolver,
    PuzzleError,
    Status,
    candidates,
    generate,
    grid_from_rows,
    placeholder,
    require_proper,
    solutions,
    validate,
)
from ..core.deadline import OutOfTime, checkpoint, within
from ..core.generate import DIFFICULTIES
from ..core.hints import guess_needed
from ..core.hints import hint_text as step_hint
from ..core.rating import label_of, rate_trace
from ..core.steps import Step
from ..core.target import Target, best_score

Rows = list[list[Any]]
#: seconds a function may search unless its last argument gives more: three searches of a
#: typed digit's grid (solutions, logic, target) stay within the 250 ms the sheet may take
SECONDS = 0.06
#: the most a last argument may give (an hour); more is refused in words
MOST_SECONDS = 3600.0
#: the grids whose searches are kept (a typed digit makes a new one; Delete goes back)
KEPT = 16
#: SUDOKU_COUNT's limit when none is given
COUNT_LIMIT = 1000


#: what each argument means, as Excel's function help shows it under the function's own
#: one-line description: the xlwings Lite functions' (the Windows UDFs give the same to
#: xlwings, but the workbook's VBA wrappers carry only the functions' descriptions)
HELP: dict[str, str] = {
    "givens": "The 9x9 range of the givens: digits 1-9, empty cells left blank.",
    "seconds": (
        f"Optional: the seconds the search may take (default {SECONDS:g}, so that typing a "
        "digit never waits); more for a long search you choose to wait for."
    ),
    "limit": f"Optional: count no further than this many solutions (default {COUNT_LIMIT}).",
    "level": "Optional: 1 names the technique (the default), 2 says where to look, 3 tells all.",
    "grid": "Optional: TRUE gives the best solution as 9 rows, FALSE (the default) its score.",
    "difficulty": (
        f"Optional: {', '.join(DIFFICULTIES[:-1])} or {DIFFICULTIES[-1]}; Medium is the default."
    ),
    "seed": "Optional: a whole number; the same seed gives the same puzzle.",
    "symmetry": "Optional: none (the default), rot180, rot90, mirror or diagonal.",
}


def _message(error: Exception) -> str:
    return str(error) if isinstance(error, PuzzleError | ValueError) else f"error: {error!r}"


def _stopped(seconds: float) -> str:
    return f"stopped after {seconds:g} s (a last argument gives more seconds)"


def _number(value: Any, what: str) -> float:
    """A number Excel passed (a float, an int, a numeric text); ValueError in words."""
    if isinstance(value, bool):
        raise ValueError(f"{what} must be a number, got {value}")
    try:
        number = float(str(value).strip()) if isinstance(value, str) else float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a number, got {value!r}") from None
    if math.isnan(number):
        raise ValueError(f"{what} must be a number, got {value!r}")
    return number


def _whole(value: Any, what: str, low: int, high: float = math.inf) -> int:
    """A whole number from ``low`` to ``high``; ValueError in words."""
    number = _number(value, what)
    top = "" if high == math.inf else f" to {high:g}"
    if not (number.is_integer() and low <= number <= high):
        shown = f"{number:g}" if math.isfinite(number) else str(value)
        raise ValueError(f"{what} must be a whole number from {low}{top}, got {shown}")
    return int(number)


def _flag(value: Any, what: str) -> bool:
    """TRUE or FALSE as Excel's IF reads it: a number (0 is FALSE), or the text TRUE or
    FALSE in any case; ValueError in words for other text."""
    if isinstance(value, str):
        text = value.strip().upper()
        if text not in ("TRUE", "FALSE"):
            raise ValueError(f"{what} must be TRUE or FALSE, got {value!r}")
        return text == "TRUE"
    return bool(value)


def _or(value: Any, default: Any) -> Any:
    """An optional argument's value; its default for an empty cell (None, or Excel's "")."""
    return default if value is None or value == "" else value


def _seconds(value: Any) -> float:
    """The seconds a last argument gives (empty: ``SECONDS``)."""
    if value is None or value == "":
        return SECONDS
    seconds = _number(value, "seconds")
    if not 0 < seconds <= MOST_SECONDS:
        raise ValueError(f"seconds must be more than 0 and at most {MOST_SECONDS:g}, got {value!r}")
    return seconds


@dataclass
class _Known:
    """What is known of one grid: its solutions (up to two), its logical solve and its
    target search, each with the seconds it was given (a stopped search is started again
    only with more)."""

    grid: Grid
    found: list[Grid] = field(default_factory=list)
    counted: bool = False  # the first two solutions are all found (or all there are)
    counting_given: float = 0.0
    solver: LogicSolver | None = None
    logic_used: float = 0.0  # seconds the logical solve has taken so far
    target: Target | None = None
    target_given: float = 0.0

    def solutions(self, seconds: float) -> int:
        """0, 1 or 2 (two or more); OutOfTime if the search needs more than ``seconds``."""
        if not self.counted:
            if seconds <= self.counting_given:
                raise OutOfTime(self.counting_given)
            self.counting_given = seconds
            with within(seconds):
                self.found = list(islice(solutions(self.grid), 2))
            self.counted = True
        return len(self.found)

    def proper(self, seconds: float) -> None:
        """Raise what is wrong unless the grid is a proper puzzle (one solution)."""
        require_proper(self.solutions(seconds))

    def logic(self, seconds: float, steps: int | None = None) -> LogicSolver:
        """The logical solve of a proper puzzle, taken as far as it goes (or ``steps``
        steps) in ``seconds`` of work in all, the calls before this one included;
        OutOfTime (nothing lost) if it is not that far by then."""
        started = time.perf_counter()
        self.proper(seconds)
        solver = self.solver
        if solver is not None and (
            solver.status is not Status.SOLVING
            or (steps is not None and len(solver.steps) >= steps)
        ):
            return solver
        left = seconds - self.logic_used - (time.perf_counter() - started)
        if left <= 0:
            raise OutOfTime(seconds)
        started = time.perf_counter()
        try:
            with within(left):
                if solver is None:
                    solver = self.solver = LogicSolver(self.grid)  # counts again: quickly
                while not _has(solver, steps) and solver.step(guess=False):
                    pass
        except OutOfTime:
            if solver is not None:
                # a finder cut short may have written part of its memory of the position:
                # forgotten, it only costs time (the board stands where the last step left)
                solver.board.memory.clear()
            raise OutOfTime(seconds) from None
        finally:
            self.logic_used += time.perf_counter() - started
        return solver

    def best(self, seconds: float) -> Target:
        """The target search's answer in ``seconds`` (unproven if it stopped)."""
        if self.target is None or (not self.target.proven and seconds > self.target_given):
            self.target_given = seconds
            self.target = best_score(self.grid, seconds=seconds)
        return self.target


def _has(solver: LogicSolver, steps: int | None) -> bool:
    """Whether the solve has taken ``steps`` steps (None: never, it goes to the end)."""
    return steps is not None and len(solver.steps) >= steps


_KNOWN: OrderedDict[Grid, _Known] = OrderedDict()


def _known(givens: Rows) -> _Known:
    """What is known of the givens' grid (read and checked: ParseError, DuplicateError)."""
    grid = grid_from_rows(givens)
    known = _KNOWN.get(grid)
    if known is None:
        validate(grid)
        known = _KNOWN[grid] = _Known(grid)
        while len(_KNOWN) > KEPT:
            _KNOWN.popitem(last=False)
    else:
        _KNOWN.move_to_end(grid)
    return known


def forget() -> None:
    """Forget every grid's searches (the tests and the benchmark start afresh)."""
    _KNOWN.clear()


def solution(givens: Rows, seconds: Any = None) -> Rows | str:
    """The solution of the givens, as 9 rows of 9 digits; what is wrong if they are not a
    proper puzzle (none, or two or more solutions)."""
    try:
        limit = _seconds(seconds)
        known = _known(givens)
        known.proper(limit)
    except OutOfTime as stop:
        return _stopped(stop.seconds)
    except Exception as error:
        return _message(error)
    answer = known.found[0]
    return [list(answer[9 * r : 9 * r + 9]) for r in range(9)]


def shown_candidates(givens: Rows) -> Rows | str:
    """Each cell's candidates as a placeholder string ("120406709"), a given as its digit."""
    try:
        grid = _known(givens).grid
        masks = candidates(grid)
    except Exception as error:
        return _message(error)
    shown = [str(grid[c]) if grid[c] else placeholder(masks[c]) for c in range(81)]
    return [shown[9 * r : 9 * r + 9] for r in range(9)]


def solution_count(givens: Rows, limit: Any = COUNT_LIMIT, seconds: Any = None) -> int | str:
    """How many solutions the givens have, counting up to ``limit``: ``N+`` where it
    stopped at the limit (there may be more) or after ``seconds``."""
    try:
        most = _whole(_or(limit, COUNT_LIMIT), "limit", 1)
        given = _seconds(seconds)
        known = _known(givens)
        if most <= 2:
            count = min(known.solutions(given), most)
        else:
            count = 0
            try:
                with within(given):
                    for _ in solutions(known.grid):
                        checkpoint()
                        count += 1
                        if count == most:
                            break
            except OutOfTime:
                return f"{count}+ ({_stopped(given)})"
    except OutOfTime as stop:
        return f"0+ ({_stopped(stop.seconds)})"
    except Exception as error:
        return _message(error)
    return f"{count}+" if count == most else count


def rating(givens: Rows, seconds: Any = None) -> str:
    """The rating on Sudoku Explainer's scale with its label, e.g. "4.2 Expert (XY-Wing)";
    stopped, the hardest step so far: ``at least 7.2 ...``."""
    try:
        given = _seconds(seconds)
        known = _known(givens)
        try:
            with within(given):
                return str(rate_trace(known.logic(given).trace()))
        except OutOfTime as stop:
            return _at_least(known, stop.seconds)
    except Exception as error:
        return _message(error)


def _at_least(known: _Known, seconds: float) -> str:
    """A stopped rating: the hardest step taken so far, a lower bound."""
    steps = known.solver.steps if known.solver is not None else []
    hardest = max(steps, key=lambda s: s.difficulty, default=None)
    if hardest is None:
        return _stopped(seconds)
    value = round(hardest.difficulty, 1)
    name = hardest.technique.name
    return f"at least {value:.1f} {label_of(value)} ({name}); {_stopped(seconds)}"


def hint_text(givens: Rows, level: Any = 1, seconds: Any = None) -> str:
    """A hint for the next step: 1 the technique, 2 where to look, 3 the whole step."""
    try:
        which = _whole(_or(level, 1), "hint level", 1, 3)
        given = _seconds(seconds)
        known = _known(givens)
        solver = known.logic(given, steps=1)
        step: Step
        if solver.steps:
            step = solver.steps[0]
        elif solver.status is Status.STUCK:  # no technique applies at the givens
            step = guess_needed(solver)
        else:
            raise PuzzleError("the puzzle is already solved")
        return step_hint(step, which)
    except OutOfTime as stop:
        return f"no step found yet: {_stopped(stop.seconds)}"
    except Exception as error:
        return _message(error)


def validity(givens: Rows, seconds: Any = None) -> bool | str:
    """True if the givens are a proper puzzle (one solution), else what is wrong."""
    try:
        _known(givens).proper(_seconds(seconds))
    except OutOfTime as stop:
        return _stopped(stop.seconds)
    except Exception as error:
        return _message(error)
    return True


def new_puzzle(difficulty: Any = "Medium", seed: Any = None, symmetry: Any = "none") -> Rows | str:
    """A new puzzle of a difficulty (Easy ... Nightmare), 9 rows with "" for empty
    cells; the same ``seed`` (a whole number) gives the same puzzle. Past the generator's
    budget, one of the bundled puzzles, as the New puzzle button gives; not for a seed or
    a symmetry (it would be neither that seed's puzzle nor symmetric): they say so."""
    from ..puzzles import BUDGET, bundled, label  # noqa: PLC0415 - a test may lengthen BUDGET

    try:
        number = None if seed in (None, "") else _whole(seed, "seed", 0, 2**63)
        rng = random.Random(number)
        wanted, shape = str(_or(difficulty, "Medium")), str(_or(symmetry, "none"))
        try:
            puzzle = generate(rng, difficulty=wanted, symmetry=shape, seconds=BUDGET).puzzle
        except GenerationError:
            if number is not None or shape != "none":
                raise
            puzzle = rng.choice(bundled()[label(wanted)])
    except Exception as error:
        return _message(error)
    return [[d or "" for d in puzzle[9 * r : 9 * r + 9]] for r in range(9)]


def target(givens: Rows, grid: Any = False, seconds: Any = None) -> Rows | int | str:
    """Target sudoku (NOIP 2009): the best score of any solution, cells scoring 6 (outer
    ring) to 10 (centre); -1: no solution; with ``grid`` true, its 9x9 solution. A search
    that stopped gives the best score found so far: ``at least N``."""
    try:
        as_grid = _flag(_or(grid, False), "grid")
        given = _seconds(seconds)
        found = _known(givens).best(given)
    except Exception as error:
        return _message(error)
    if not found.proven:
        if found.score < 0:
            return f"no solution found yet: {_stopped(given)}"
        return f"at least {found.score} ({_stopped(given)})"
    if as_grid and found.grid is not None:
        return [list(found.grid[9 * r : 9 * r + 9]) for r in range(9)]
    return found.score
