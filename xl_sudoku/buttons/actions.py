"""What each of the workbook's buttons does, on any book (buttons layer).

``on_solve(book)``, ``on_step(book)`` ...: each reads the sheet (one range read a
block), calls the core, and writes back in batches: one ``.value`` write for the 81 work
cells, one ``.color`` write per colour (with addresses both Windows and macOS read whole;
on xlwings' remote engine, which reads one area an address, one write per area: see
``engine``). The status bar shows progress where the engine has one (the remote engine
has none). Cells are found by the workbook's defined names
(``Givens``, ``Work``, ``StatusCells``, ``Settings``, ``History`` ...), never by fixed
addresses. A bad puzzle or a bad setting never ends in a Python traceback: the status
cell says what and where, the cells named turn red, and nothing else changes.

Every button that changes what the grids hold (Solve, Step, Candidates, Clear, New
puzzle) first saves the grids, their colours, the status cells and the step log on the
hidden ``History`` sheet (``history``); Undo puts the last saved state back. Hint's and
Check's marks are views of the grid, not moves: Undo steps over them.

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
from dataclasses import dataclass, field, replace
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
from ..core.colours import ERROR, RGB, WRONG, hex_code
from ..core.engine import LogicSolver, Trace
from ..core.hints import hint_text, next_step
from ..core.rating import rate_trace
from ..core.steps import GUESS, Step
from ..helpers.a1 import column_letters, column_number
from ..paint import Painting, paint_board, paint_solution
from . import history as hist
from . import settings
from .engine import DESKTOP, Engine, addresses, engine_of
from .history import HISTORY_SHEET, History, Record, Snapshot, colour_of, fills_of
from .protocol import BookLike, RangeLike, SheetLike
from .setup import Facts, report

SHEET = "Sudoku"
STEPS_SHEET = "Steps"
PROGRESS_EVERY = 0.25  # seconds between status-bar updates during long work
COUNT_LIMIT = 100
LOG_COLUMNS = 5  # step, technique, cells, explanation, level

#: the status cells, top to bottom (``StatusCells`` is all six, in this order)
STATUS_CELLS = ("Status", "Elapsed", "StepCount", "Guesses", "Solutions", "Rating")


# --- the session: one action, its sheet, its status bar, its history ---------------------


class WorkGridError(PuzzleError):
    """A work grid cell that cannot be read: its ``cells`` are the work grid's."""


@dataclass
class _Session:
    """One action on one book: its sheet, its status cells, its status bar, its history.

    ``owns`` names the status cells the action speaks for: whatever happens, success or
    error, it writes every one of them when it ends (``finish``), the ones it gave no
    value empty; so a failed Solve leaves no time, steps or rating of an earlier puzzle
    beside its error. ``keep`` gives a cell a value that stands even if the action fails
    (Step's count of the steps in the log, which a failed step does not change).

    ``history`` is read when the action starts and written when it ends (one call each):
    its record keeps what the buttons left on the sheet (fills, red givens, status, the
    hint's state), its levels what Undo restores."""

    book: BookLike
    sheet: SheetLike
    started: float
    owns: tuple[str, ...]
    history: History
    _engine: Engine | None = None
    _app: Any = None
    last_progress: float = 0.0
    shown: dict[str, object] = field(default_factory=dict)
    kept: dict[str, object] = field(default_factory=dict)
    before: Record | None = None  # the record as the action found it, for the history
    givens_rows: Any = None  # the givens as read, for the history
    work_rows: Any = None  # the work grid as read, for the history
    _settings: object = None
    _settings_read: bool = False

    def range(self, name: str) -> RangeLike:
        return self.sheet.range(name)

    @property
    def record(self) -> Record:
        return self.history.record

    def progress(self, text: str) -> None:
        """Show ``text… 0.4 s`` in the status bar, at most every PROGRESS_EVERY seconds."""
        now = time.perf_counter()
        if now - self.last_progress >= PROGRESS_EVERY:
            self.last_progress = now
            self.status_bar(f"{text}… {now - self.started:.1f} s")

    @property
    def engine(self) -> Engine:
        """The engine behind the book (``engine``), found when first needed: asking for
        ``book.app`` is one more round trip into Excel on Windows."""
        if self._engine is None:
            self._app = self.book.app
            self._engine = engine_of(self._app)
        return self._engine

    def status_bar(self, text: str | bool) -> None:
        """Excel's status bar, where the engine has one (the remote engine has none: there
        the status cells alone speak); False gives it back to Excel."""
        if not self.engine.status_bar:
            return
        try:
            self._app.status_bar = text
        except NotImplementedError:  # an engine xlwings says has none: the cells suffice
            self._engine = replace(self.engine, status_bar=False)

    def paint(self, address: str, groups: Mapping[RGB | None, Sequence[int]]) -> None:
        """Fill some cells of the 9x9 grid at ``address``, one colour at a time, with as
        few writes as the engine reads whole (one a colour on a desktop)."""
        top, left = _top_left(address)
        for colour, cells in groups.items():
            if colour is not None and cells:
                for piece in addresses(top, left, cells, self.engine):
                    self.sheet.range(piece).color = colour

    def status(self, message: str | None, **cells: object) -> None:
        """The status message, and the other status cells given by name (written when the
        action ends; a later call replaces an earlier one)."""
        unknown = set(cells) - set(self.owns)
        assert not unknown, f"status cells {unknown} are not this action's"
        self.shown = {"Status": message, **cells}

    def keep(self, **cells: object) -> None:
        """Status cells whose values stand whatever the action's outcome."""
        self.kept.update(cells)

    def settings(self) -> object:
        """The ``Settings`` column's values (read once; None in a workbook without it)."""
        if not self._settings_read:
            self._settings_read = True
            try:
                self._settings = self.range("Settings").value
            except Exception:  # an older workbook: every setting has its default
                self._settings = None
        return self._settings

    def step_count(self) -> int:
        """The steps in the log, as the last action left it."""
        if self.history.available:
            return _count(self.record.status[2])
        return _count(self.range("StepCount").value)

    def save(self, action: str, work: RangeLike, *, log: bool = False) -> None:
        """Save the state before ``action`` changes it, for Undo: the givens and the work
        grid as they are now (typed entries included), what the record says of the
        rest, and with ``log`` the whole step log (the action is about to replace it)."""
        if not self.history.available:
            return
        givens = self.givens_rows
        if givens is None:
            givens = self.range("Givens").value
        record = (self.before or self.record).copy()
        rows = _read_log(self, record.log_rows) if log else None
        values = self.work_rows if self.work_rows is not None else work.value
        self.history.push(Snapshot(_flat(givens), _flat(values), record, rows, action))

    def paint_work_red(self, cells: Sequence[int]) -> None:
        """Mark work cells red (on top of the fills there), and tell the record."""
        work = self.range("Work")
        self.paint(work.address, {ERROR: cells})
        fills = {
            code: [c for c in cs if c not in cells] for code, cs in self.record.work_fills.items()
        }
        fills[hex_code(ERROR)] = sorted(set(fills.get(hex_code(ERROR), [])) | set(cells))
        self.record.work_fills = {code: cs for code, cs in fills.items() if cs}

    def paint_givens_red(self, cells: Sequence[int]) -> None:
        givens = self.range("Givens")
        self.paint(givens.address, {ERROR: cells})
        self.record.red_givens = sorted(cells)

    def finish(self) -> None:
        """Write every status cell the action owns (one write if it owns them all), then
        the history with the record of what the sheet now shows."""
        values = dict.fromkeys(self.owns) | self.kept | self.shown
        if self.owns == STATUS_CELLS:
            self.range("StatusCells").value = [[values[name]] for name in STATUS_CELLS]
        else:
            for name in self.owns:
                self.range(name).value = values[name]
        for name in self.owns:
            self.record.status[STATUS_CELLS.index(name)] = values[name]
        if self.history.available:
            block = self.book.sheets[HISTORY_SHEET].range("History")
            block.value = hist.rows(self.history)


def _read_history(book: BookLike) -> History:
    """The history block; an empty, unavailable one in a workbook without it."""
    try:
        rows = book.sheets[HISTORY_SHEET].range("History").value
    except Exception:  # an older workbook: no Undo, everything else works
        return History(Record(), [], available=False)
    return hist.read(rows)


@contextmanager
def _session(
    book: BookLike, owns: tuple[str, ...] = ("Status",), busy: str | None = None
) -> Iterator[_Session]:
    """Run one action: restore the status bar afterwards, turn every error into a status
    message (and red cells for a puzzle error), never into a traceback box, and write the
    status cells the action owns and the history."""
    sheet = book.sheets[SHEET]
    session = _Session(book, sheet, time.perf_counter(), owns, _read_history(book))
    session.before = session.record.copy()
    if busy:
        session.status_bar(f"{busy}…")
    try:
        yield session
    except MultipleSolutionsError as error:
        session.status(f"{error}: the puzzle needs more givens")
    except WorkGridError as error:  # the cells it names are the work grid's
        session.status(str(error))
        session.paint_work_red(error.cells)
    except PuzzleError as error:
        session.status(str(error))
        if error.cells:
            session.paint_givens_red(error.cells)
    except ValueError as error:  # a bad setting, such as an unknown difficulty
        session.status(str(error))
    except Exception as error:  # the last guard: a message, not a traceback box
        session.status(f"internal error: {error!r}")
    finally:
        try:
            session.finish()
        finally:
            if busy:
                session.status_bar(False)


def _flat(rows: object) -> list[Any]:
    """A 9x9 block's values as 81 values, row by row (as xlwings reads them)."""
    if not isinstance(rows, list | tuple):
        return [None] * 81
    flat = [v for row in rows for v in (row if isinstance(row, list | tuple) else [row])]
    return (flat + [None] * 81)[:81]


def _rows(flat: Sequence[Any]) -> list[list[Any]]:
    return [list(flat[9 * r : 9 * r + 9]) for r in range(9)]


# --- reading and writing grids --------------------------------------------------------------


def _top_left(address: str) -> tuple[int, int]:
    """(row, column), 1-based, of the first cell of an address such as ``$L$4:$T$12``."""
    match = re.match(r"(?:.*!)?\$?([A-Z]+)\$?(\d+)", address)
    if not match:
        raise ValueError(f"not a cell address: {address!r}")
    letters, row = match.groups()
    return int(row), column_number(letters)


def cell_addresses(address: str, cells: Sequence[int], engine: Engine = DESKTOP) -> list[str]:
    """Addresses of some cells of the 9x9 grid at ``address``, as few as ``engine`` reads
    whole (``engine.addresses``): runs of a row joined, under Excel's 255 characters."""
    top, left = _top_left(address)
    return addresses(top, left, cells, engine)


def _write_painting(
    session: _Session, work: RangeLike, painting: Painting, *, values: bool = True
) -> None:
    """One value write (unless not ``values``), one fill reset, one fill write per colour
    (per area on the remote engine); the record learns the fills."""
    if values:
        work.value = [list(row) for row in painting.values]
    work.color = None
    session.paint(work.address, painting.fills)
    session.record.work_fills = fills_of(painting.fills)


def _coloured(session: _Session, painting: Painting) -> Painting:
    """The painting as the Colouring setting wants it: with fills, or values only."""
    if settings.colouring(session.settings()):
        return painting
    return Painting(painting.values)


def _read_givens(session: _Session) -> Grid:
    """The givens, checked; the red of an earlier error cleared (if the record says there
    is any: a workbook without a history always clears it)."""
    givens = session.range("Givens")
    session.givens_rows = givens.value
    grid = grid_from_rows(session.givens_rows)
    if session.record.red_givens or not session.history.available:
        givens.color = None
        session.record.red_givens = []
    validate(grid)
    return grid


def _read_log(session: _Session, count: int) -> list[list[Any]]:
    """The first ``count`` rows of the step log."""
    if count <= 0:
        return []
    steps = session.book.sheets[STEPS_SHEET]
    top, left = _top_left(steps.range("StepLog").address)
    last = column_letters(left + LOG_COLUMNS - 1)
    rows = steps.range(f"{column_letters(left)}{top}:{last}{top + count - 1}").value
    if count == 1:
        rows = [rows]
    return [list(row) for row in rows]


def _truncate_log(session: _Session, count: int, now: int) -> None:
    """Empty the log's rows after the first ``count`` (the log has ``now`` rows)."""
    if now <= count:
        return
    steps = session.book.sheets[STEPS_SHEET]
    log = steps.range("StepLog")
    if count == 0:
        log.clear_contents()
        return
    top, left = _top_left(log.address)
    last = column_letters(left + LOG_COLUMNS - 1)
    steps.range(f"{column_letters(left)}{top + count}:{last}{top + now - 1}").clear_contents()


def _read_work(session: _Session, work: RangeLike) -> list[Any]:
    """The work grid's 81 values (kept for the history)."""
    session.work_rows = work.value
    return _flat(session.work_rows)


def _read_board(puzzle: Grid, flat: Sequence[Any]) -> Board:
    """The work grid as a board: the givens, the digits placed since, and the candidates
    the grid shows (placeholder strings), which can only narrow what the digits allow."""
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
            raise WorkGridError(message, (cell,)) from None
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
    """Solve: the whole logical solve into the work grid, its steps into the Steps sheet,
    with the techniques the settings switch on."""
    with _session(book, STATUS_CELLS, "Solving") as session:
        puzzle = _read_givens(session)
        solver = LogicSolver(puzzle, settings.techniques(session.settings()))
        require_proper(solver.solutions, unique=False)
        while solver.step() is not None:
            session.progress("Solving")
        trace = solver.trace()
        painting = _coloured(session, paint_solution(puzzle, trace))
        work = session.range("Work")
        session.save("Solve", work, log=True)
        _write_painting(session, work, painting)
        _write_steps(session, trace.steps, start=0, clear=True)
        session.record.log_rows = len(trace.steps)
        session.record.hint = ""
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
    session.book.sheets[STEPS_SHEET].range(f"{column_letters(left)}{top + start}").value = rows


def _next_step(session: _Session, work: RangeLike) -> tuple[Board, Step] | None:
    """The work grid as a board and the step the engine takes next from it, with the
    techniques the settings switch on; None (the status says why) if the grid is solved.
    The grid must agree with the solution."""
    puzzle = _read_givens(session)
    board = _read_board(puzzle, _read_work(session, work))
    if board.is_solved():
        session.status("The work grid is solved")
        return None
    _check_board(board, proper_solution(puzzle))
    step = next_step(puzzle, settings.techniques(session.settings()), board=board)
    if step is None:  # pragma: no cover - an unsolved board always has a step
        return None
    return board, step


def on_step(book: BookLike) -> None:
    """Step: take the next logical step in the work grid and show why."""
    with _session(book, ("Status", "StepCount")) as session:
        done = session.step_count()  # 0: the log starts again
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
        painting = _coloured(session, paint_board(after, step))
        session.save("Step", work, log=done == 0)  # a log started again: keep the old one
        _write_painting(session, work, painting)
        _write_steps(session, [step], start=done, clear=done == 0)
        session.record.log_rows = done + 1
        session.record.hint = ""
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
        key = _board_key(board)
        previous = session.record.hint
        level = 1
        if previous.startswith(key + ":"):
            level = min(3, int(previous.rsplit(":", 1)[1]) + 1)
        session.record.hint = f"{key}:{level}"
        if level >= 2:
            highlight = paint_board(board, step if level == 3 else _look_here(step))
            _write_painting(session, work, highlight, values=False)
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
        board = _read_board(puzzle, _read_work(session, work))
        session.save("Candidates", work)
        work.value = [list(row) for row in paint_board(board).values]
        left = sum(1 for d in board.digits if not d)
        session.status(f"Candidates shown for {left} open cells")


def on_check(book: BookLike) -> None:
    """Check: mark the work grid's wrong entries red, never showing the right ones."""
    with _session(book) as session:
        puzzle = _read_givens(session)
        solution = proper_solution(puzzle)
        work = session.range("Work")
        flat = _read_work(session, work)
        texts = {c: _cell_text(v) for c, v in enumerate(flat) if not puzzle[c]}
        entries = {c: int(t) for c, t in texts.items() if len(t) == 1 and t in "123456789"}
        wrong = sorted(c for c, d in entries.items() if d != solution[c])
        _write_painting(session, work, Painting((), {WRONG: tuple(wrong)}), values=False)
        if wrong:
            where = ", ".join(cell_name(c) for c in wrong[:10]) + (
                " ..." if len(wrong) > 10 else ""
            )
            session.status(f"{len(wrong)} of your {len(entries)} entries are wrong: {where}")
        else:
            session.status(f"All {len(entries)} of your entries are right")


def on_clear(book: BookLike) -> None:
    """Clear: empty the work grid, the status cells and the step log (Undo brings them
    back)."""
    with _session(book, STATUS_CELLS) as session:
        session.save("Clear", session.range("Work"), log=True)
        _clear(session)
        session.status(None)


def _clear(session: _Session) -> None:
    """Empty the work grid, its colours, the givens' red and the step log (the status
    cells are the action's to write)."""
    work = session.range("Work")
    work.clear_contents()
    work.color = None
    session.range("Givens").color = None
    session.book.sheets[STEPS_SHEET].range("StepLog").clear_contents()
    session.record.work_fills = {}
    session.record.red_givens = []
    session.record.hint = ""
    session.record.log_rows = 0


def on_new(book: BookLike, rng: random.Random | None = None) -> None:
    """New puzzle: a puzzle of the difficulty the settings choose, that the techniques
    they switch on solve, into Givens (Undo brings the old givens back)."""
    from ..puzzles import new_puzzle  # noqa: PLC0415 - loads the generator only when asked

    with _session(book, STATUS_CELLS, "Generating") as session:
        wanted = settings.difficulty(session.settings())
        families = settings.techniques(session.settings())
        puzzle, rating, generated = new_puzzle(wanted, rng or random.Random(), techniques=families)
        rows = [[v or None for v in puzzle[9 * r : 9 * r + 9]] for r in range(9)]
        session.save("New puzzle", session.range("Work"), log=True)
        _clear(session)
        session.range("Givens").value = rows
        source = "" if generated else " from the bundled set"
        clues = sum(1 for d in puzzle if d)
        using = "" if families is None else f", solved by {settings.described(families)}"
        session.status(
            f"New {rating.label} puzzle{source}, rated {rating.value:.1f} ({rating.hardest}), "
            f"{clues} clues{using}"
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


def on_undo(book: BookLike) -> None:
    """Undo: put back the givens, the work grid, their colours, the status cells and the
    step log as they were before the last Solve, Step, Candidates, Clear or New puzzle."""
    with _session(book, STATUS_CELLS) as session:
        session.keep(**dict(zip(STATUS_CELLS, session.record.status, strict=True)))
        if not session.history.available:
            session.status("Undo needs the History sheet of a newer workbook")
            return
        snapshot = session.history.pop()
        if snapshot is None:
            session.status("Nothing to undo")
            return
        now = session.record.log_rows
        givens = session.range("Givens")
        givens.value = _rows(snapshot.givens)
        givens.color = None
        if snapshot.record.red_givens:
            session.paint(givens.address, {ERROR: snapshot.record.red_givens})
        work = session.range("Work")
        fills: dict[RGB | None, tuple[int, ...]] = {
            colour_of(code): tuple(cells) for code, cells in snapshot.record.work_fills.items()
        }
        _write_painting(session, work, Painting(tuple(map(tuple, _rows(snapshot.work))), fills))
        if snapshot.log is not None:
            log = session.book.sheets[STEPS_SHEET].range("StepLog")
            if now:
                log.clear_contents()
            if snapshot.log:
                log.value = snapshot.log
        else:
            _truncate_log(session, snapshot.record.log_rows, now)
        session.history.record = snapshot.record.copy()
        session.record.hint = ""
        left = len(session.history.levels)
        status = list(snapshot.record.status)
        status[0] = f"Undid {snapshot.action} ({left} more to undo)"
        session.status(*status[:1], **dict(zip(STATUS_CELLS[1:], status[1:], strict=True)))


def on_check_setup(book: BookLike, facts: Facts) -> None:
    """Check set-up: the status says which Python runs the buttons, that xl-sudoku imports,
    the xlwings versions on both sides, and what to do about a problem (``setup``)."""
    with _session(book) as session:
        session.status(report(facts))


ACTIONS: dict[str, Callable[..., None]] = {
    "Solve": on_solve,
    "Step": on_step,
    "Hint": on_hint,
    "Candidates": on_candidates,
    "Check": on_check,
    "Clear": on_clear,
    "New puzzle": on_new,
    "Count solutions": on_count,
    "Undo": on_undo,
    "Check set-up": on_check_setup,
}
