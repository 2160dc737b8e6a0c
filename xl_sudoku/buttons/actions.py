"""What each of the workbook's buttons does, on any book (buttons layer).

``on_solve(book)``, ``on_step(book)`` ...: each reads the sheet (one range read), calls
the core, and writes back in batches: one ``.value`` write for the 81 work cells, one
``.color`` write per colour. Cells are found by the workbook's defined names
(``Givens``, ``Work``, ``StatusCells`` ...), never by fixed addresses. A bad puzzle never
ends in a Python traceback: the status cell says what and where, the cells named turn
red, and nothing else changes.

The book is anything that answers the few xlwings calls of ``protocol``: Excel's own
(the ``excel`` layer's ``xl_*`` entry points pass ``xlwings.Book.caller()``), or a
workbook file opened with openpyxl (``openpyxl_book``: batch mode, and the tests).
"""

from __future__ import annotations

import hashlib
import random
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..core import (
    Grid,
    MultipleSolutionsError,
    PuzzleError,
    cell_name,
    count_solutions,
    grid_from_rows,
    proper_solution,
    require_proper,
    validate,
)
from ..core.board import Board
from ..core.candidates import DIGITS_OF, parse_placeholder
from ..core.colours import ERROR, RGB, WRONG
from ..core.engine import LogicSolver, Trace
from ..core.hints import hint_text, next_step
from ..core.rating import rate_trace
from ..core.steps import GUESS, Step
from ..paint import Painting, paint_board, paint_solution
from .protocol import BookLike, RangeLike, SheetLike

SHEET = "Sudoku"
STEPS_SHEET = "Steps"
PROGRESS_EVERY = 0.25  # seconds between status-bar updates during long work
COUNT_LIMIT = 100
MAX_ADDRESS = 255  # Excel's Range() takes addresses up to 255 characters


# --- the session: one action, its sheet, its status bar --------------------------------


#: the status cells, top to bottom (``StatusCells`` is all six, in this order)
STATUS_CELLS = ("Status", "Elapsed", "StepCount", "Guesses", "Solutions", "Rating")


@dataclass
class _Session:
    """One action on one book: its sheet, its status cells, its status bar.

    ``owns`` names the status cells the action speaks for: whatever happens, success or
    error, it writes every one of them when it ends (``finish``), the ones it gave no
    value empty; so a failed Solve leaves no time, steps or rating of an earlier puzzle
    beside its error. ``keep`` gives a cell a value that stands even if the action fails
    (Step's count of the steps in the log, which a failed step does not change)."""

    book: BookLike
    sheet: SheetLike
    started: float
    owns: tuple[str, ...]
    last_progress: float = 0.0
    shown: dict[str, object] = field(default_factory=dict)
    kept: dict[str, object] = field(default_factory=dict)

    def range(self, name: str) -> RangeLike:
        return self.sheet.range(name)

    def progress(self, text: str) -> None:
        """Show ``text… 0.4 s`` in the status bar, at most every PROGRESS_EVERY seconds."""
        now = time.perf_counter()
        if now - self.last_progress >= PROGRESS_EVERY:
            self.last_progress = now
            self.book.app.status_bar = f"{text}… {now - self.started:.1f} s"

    def status(self, message: str | None, **cells: object) -> None:
        """The status message, and the other status cells given by name (written when the
        action ends; a later call replaces an earlier one)."""
        unknown = set(cells) - set(self.owns)
        assert not unknown, f"status cells {unknown} are not this action's"
        self.shown = {"Status": message, **cells}

    def keep(self, **cells: object) -> None:
        """Status cells whose values stand whatever the action's outcome."""
        self.kept.update(cells)

    def finish(self) -> None:
        """Write every status cell the action owns: one write if it owns them all."""
        values = dict.fromkeys(self.owns) | self.kept | self.shown
        if self.owns == STATUS_CELLS:
            self.range("StatusCells").value = [[values[name]] for name in STATUS_CELLS]
            return
        for name in self.owns:
            self.range(name).value = values[name]


@contextmanager
def _session(
    book: BookLike, owns: tuple[str, ...] = ("Status",), busy: str | None = None
) -> Iterator[_Session]:
    """Run one action: restore the status bar afterwards, turn every error into a status
    message (and red cells for a puzzle error), never into a traceback box, and write the
    status cells the action owns."""
    session = _Session(book, book.sheets[SHEET], time.perf_counter(), owns)
    if busy:
        book.app.status_bar = f"{busy}…"
    try:
        yield session
    except MultipleSolutionsError as error:
        session.status(f"{error}: the puzzle needs more givens")
    except PuzzleError as error:
        session.status(str(error))
        if error.cells:
            givens = session.range("Givens")
            _paint_cells(session.sheet, givens.address, {ERROR: error.cells})
    except ValueError as error:  # a bad setting, such as an unknown difficulty
        session.status(str(error))
    except Exception as error:  # the last guard: a message, not a traceback box
        session.status(f"internal error: {error!r}")
    finally:
        try:
            session.finish()
        finally:
            if busy:
                book.app.status_bar = False


# --- reading and writing grids --------------------------------------------------------------


def _top_left(address: str) -> tuple[int, int]:
    """(row, column), 1-based, of the first cell of an address such as ``$L$4:$T$12``."""
    match = re.match(r"(?:.*!)?\$?([A-Z]+)\$?(\d+)", address)
    if not match:
        raise ValueError(f"not a cell address: {address!r}")
    letters, row = match.groups()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - 64
    return int(row), column


def _column_name(column: int) -> str:
    name = ""
    while column:
        column, rest = divmod(column - 1, 26)
        name = chr(65 + rest) + name
    return name


def cell_addresses(address: str, cells: Sequence[int]) -> list[str]:
    """Addresses of some cells of the 9x9 grid at ``address``, runs of a row joined
    (``L4:N4,P5``), split into pieces Excel's Range() accepts (255 characters)."""
    top, left = _top_left(address)
    parts: list[str] = []
    ordered = sorted(cells)
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1 and ordered[j + 1] % 9:
            j += 1
        first, last = ordered[i], ordered[j]
        start = f"{_column_name(left + first % 9)}{top + first // 9}"
        end = f"{_column_name(left + last % 9)}{top + last // 9}"
        parts.append(start if first == last else f"{start}:{end}")
        i = j + 1
    pieces: list[str] = []
    for part in parts:
        if pieces and len(pieces[-1]) + 1 + len(part) <= MAX_ADDRESS:
            pieces[-1] += "," + part
        else:
            pieces.append(part)
    return pieces


def _paint_cells(
    sheet: SheetLike, address: str, groups: Mapping[RGB | None, Sequence[int]]
) -> None:
    for colour, cells in groups.items():
        if colour is not None and cells:
            for piece in cell_addresses(address, cells):
                sheet.range(piece).color = colour


def _write_painting(session: _Session, work: RangeLike, painting: Painting) -> None:
    """One value write, one fill reset, one fill write per colour."""
    work.value = [list(row) for row in painting.values]
    work.color = None
    _paint_cells(session.sheet, work.address, painting.fills)


def _read_givens(session: _Session) -> Grid:
    givens = session.range("Givens")
    grid = grid_from_rows(givens.value)
    givens.color = None  # clear the red of an earlier error
    validate(grid)
    return grid


def _read_board(puzzle: Grid, work: RangeLike) -> Board:
    """The work grid as a board: the givens, the digits placed since, and the candidates
    the grid shows (placeholder strings), which can only narrow what the digits allow."""
    rows = work.value
    flat: list[Any] = [v for row in rows for v in row] if rows else [None] * 81
    board = Board.from_grid(puzzle)
    shown: dict[int, int] = {}
    for cell, value in enumerate(flat):
        text = _cell_text(value)
        if puzzle[cell] or not text:
            continue
        if len(text) == 1 and text in "123456789":
            board.place(cell, int(text))
            continue
        try:
            shown[cell] = parse_placeholder(text.zfill(9) if text.isdigit() else text)
        except PuzzleError:
            message = f"{cell_name(cell)}: {value!r} is neither a digit nor candidates"
            raise PuzzleError(message, (cell,)) from None
    for cell, mask in shown.items():
        for digit in DIGITS_OF[board.masks[cell] & ~mask]:
            board.eliminate(cell, digit)
    return board


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value).strip()


def _check_board(board: Board, solution: Grid) -> None:
    """Refuse a work grid that has left the solution: a wrong digit or a lost candidate."""
    for cell in range(81):
        digit = board.digits[cell]
        if digit and digit != solution[cell]:
            raise PuzzleError(
                f"{cell_name(cell)}: {digit} is not right (press Check to see every wrong entry)",
                (),
            )
        if not digit and not board.has(cell, solution[cell]):
            raise PuzzleError(f"{cell_name(cell)}: its candidates no longer hold its digit", ())


# --- the actions ---------------------------------------------------------------------------------


def on_solve(book: BookLike) -> None:
    """Solve: the whole logical solve into the work grid, its steps into the Steps sheet."""
    with _session(book, STATUS_CELLS, "Solving") as session:
        puzzle = _read_givens(session)
        solver = LogicSolver(puzzle)
        require_proper(solver.solutions, unique=False)
        while solver.step() is not None:
            session.progress("Solving")
        trace = solver.trace()
        work = session.range("Work")
        _write_painting(session, work, paint_solution(puzzle, trace))
        _write_steps(session, trace.steps, start=0, clear=True)
        _summary(session, trace)


def _summary(session: _Session, trace: Trace) -> None:
    """The six status cells: message, time, steps, guesses, solutions, rating."""
    unique = {0: "no solution", 1: "unique", 2: "not unique"}[trace.solutions]
    ms = trace.seconds * 1000
    message = f"Solved in {ms:.0f} ms — {len(trace.steps)} steps, {trace.guesses} guesses, {unique}"
    session.status(
        message,
        Elapsed=f"{ms:.0f} ms",
        StepCount=len(trace.steps),
        Guesses=trace.guesses,
        Solutions={1: 1, 2: "2 or more"}.get(trace.solutions, 0),
        Rating=str(rate_trace(trace)) if trace.unique else "not rated (not unique)",
    )


def _write_steps(session: _Session, steps: Sequence[Step], start: int, clear: bool) -> None:
    """The steps as rows of the Steps sheet: number, technique, cells, explanation, level.

    A fresh log is written from the first cell of ``StepLog`` (a value write fills as
    many rows as it has); later steps go below the ``start`` rows already there."""
    log = session.book.sheets[STEPS_SHEET].range("StepLog")
    if clear:
        log.clear_contents()
    if not steps:
        return
    rows = [
        [start + i + 1, s.technique.name, " ".join(map(cell_name, s.cells)), s.explanation, s.level]
        for i, s in enumerate(steps)
    ]
    if start == 0:
        log.value = rows
        return
    top, left = _top_left(log.address)
    session.book.sheets[STEPS_SHEET].range(f"{_column_name(left)}{top + start}").value = rows


def _next_step(session: _Session, work: RangeLike) -> tuple[Board, Step] | None:
    """The work grid as a board and the step the engine takes next from it; None (the
    status says why) if the grid is solved. The grid must agree with the solution."""
    puzzle = _read_givens(session)
    board = _read_board(puzzle, work)
    if board.is_solved():
        session.status("The work grid is solved")
        return None
    _check_board(board, proper_solution(puzzle))
    step = next_step(puzzle, board=board)
    if step is None:  # pragma: no cover - an unsolved board always has a step
        return None
    return board, step


def on_step(book: BookLike) -> None:
    """Step: take the next logical step in the work grid and show why."""
    with _session(book, ("Status", "StepCount")) as session:
        done = _count(session.range("StepCount").value)
        session.keep(StepCount=done or None)  # the log's steps: a failed step adds none
        work = session.range("Work")
        found = _next_step(session, work)
        if found is None:
            return
        board, step = found
        if step.technique is GUESS:  # nothing proven: the work grid stays as it is
            session.status(step.explanation)
            return
        after = board.copy()
        after.apply(step)
        _write_painting(session, work, paint_board(after, step))
        _write_steps(session, [step], start=done, clear=done == 0)
        session.status(step.explanation, StepCount=done + 1)


def _count(value: object) -> int:
    """The number in a count cell; 0 for an empty cell or anything not a count."""
    try:
        return max(0, int(float(str(value))))
    except ValueError:
        return 0


def on_hint(book: BookLike) -> None:
    """Hint: the next step's technique; pressed again, where to look; again, the whole step.
    The work grid's values never change; from the second press the cells light up."""
    with _session(book) as session:
        work = session.range("Work")
        found = _next_step(session, work)
        if found is None:
            return
        board, step = found
        state = session.range("HintState")
        key = _board_key(board)
        previous = str(state.value or "")
        level = 1
        if previous.startswith(key + ":"):
            level = min(3, int(previous.rsplit(":", 1)[1]) + 1)
        state.value = f"{key}:{level}"
        if level >= 2:
            highlight = paint_board(board, step if level == 3 else _look_here(step))
            work.color = None
            _paint_cells(session.sheet, work.address, highlight.fills)
        session.status(f"Hint {level} of 3: {hint_text(step, level)}")


def _look_here(step: Step) -> Step:
    """The step reduced to where to look: its pattern, without what it changes."""
    where = step.pattern + step.alternate + step.placements
    return Step(step.technique, step.explanation, pattern=where)


def _board_key(board: Board) -> str:
    """A short fingerprint of a board, to tell a repeated hint press from a new position."""
    text = ",".join(f"{d}/{m}" for d, m in zip(board.digits, board.masks, strict=True))
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def on_candidates(book: BookLike) -> None:
    """Candidates: every open work cell shows its candidates as a placeholder string."""
    with _session(book) as session:
        puzzle = _read_givens(session)
        work = session.range("Work")
        board = _read_board(puzzle, work)
        work.value = [list(row) for row in paint_board(board).values]
        left = sum(1 for d in board.digits if not d)
        session.status(f"Candidates shown for {left} open cells")


def on_check(book: BookLike) -> None:
    """Check: mark the work grid's wrong entries red, never showing the right ones."""
    with _session(book) as session:
        puzzle = _read_givens(session)
        solution = proper_solution(puzzle)
        work = session.range("Work")
        rows = work.value
        flat = [v for row in rows for v in row] if rows else [None] * 81
        texts = {c: _cell_text(v) for c, v in enumerate(flat) if not puzzle[c]}
        entries = {c: int(t) for c, t in texts.items() if len(t) == 1 and t in "123456789"}
        wrong = sorted(c for c, d in entries.items() if d != solution[c])
        work.color = None
        _paint_cells(session.sheet, work.address, {WRONG: wrong})
        if wrong:
            where = ", ".join(cell_name(c) for c in wrong[:10]) + (
                " ..." if len(wrong) > 10 else ""
            )
            session.status(f"{len(wrong)} of your {len(entries)} entries are wrong: {where}")
        else:
            session.status(f"All {len(entries)} of your entries are right")


def on_clear(book: BookLike) -> None:
    """Clear: empty the work grid, the status cells and the step log."""
    with _session(book, STATUS_CELLS) as session:
        _clear(session)
        session.status(None)


def _clear(session: _Session) -> None:
    """Empty the work grid, its colours, the givens' red and the step log (the status
    cells are the action's to write)."""
    work = session.range("Work")
    work.clear_contents()
    work.color = None
    session.range("Givens").color = None
    session.range("HintState").value = None
    session.book.sheets[STEPS_SHEET].range("StepLog").clear_contents()


def on_new(book: BookLike, rng: random.Random | None = None) -> None:
    """New puzzle: a puzzle of the difficulty chosen in the Difficulty cell, into Givens."""
    from ..puzzles import new_puzzle  # noqa: PLC0415 - loads the generator only when asked

    with _session(book, STATUS_CELLS, "Generating") as session:
        wanted = str(session.range("Difficulty").value or "Medium").strip()
        puzzle, rating, generated = new_puzzle(wanted, rng or random.Random())
        rows = [[v or None for v in puzzle[9 * r : 9 * r + 9]] for r in range(9)]
        _clear(session)
        session.range("Givens").value = rows
        source = "" if generated else " from the bundled set"
        clues = sum(1 for d in puzzle if d)
        session.status(
            f"New {rating.label} puzzle{source}, rated {rating.value:.1f} ({rating.hardest}), "
            f"{clues} clues"
        )


def on_count(book: BookLike) -> None:
    """Count solutions: 0, 1, or "N or more"."""
    with _session(book, ("Status", "Solutions"), "Counting") as session:
        puzzle = _read_givens(session)
        count = count_solutions(puzzle, limit=COUNT_LIMIT)
        shown: object = f"{COUNT_LIMIT} or more" if count == COUNT_LIMIT else count
        text = {0: "no solution", 1: "1 solution: the puzzle is proper"}.get(
            count, f"{shown} solutions"
        )
        session.status(text.capitalize() if count == 0 else text, Solutions=shown)


ACTIONS: dict[str, Callable[..., None]] = {
    "Solve": on_solve,
    "Step": on_step,
    "Hint": on_hint,
    "Candidates": on_candidates,
    "Check": on_check,
    "Clear": on_clear,
    "New puzzle": on_new,
    "Count solutions": on_count,
}
