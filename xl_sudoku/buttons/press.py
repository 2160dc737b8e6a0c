"""One button press on one book (buttons layer): its sheet, its status cells, its status
bar, its history (``Press``, made by ``pressing``), and the sheet I/O that tells
the press's record what the sheet now shows.

``pressing`` turns every error into a status message (and red cells for a puzzle
error), never into a traceback box, and writes the status cells the action owns and
the history when the action ends."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..core import (
    Grid,
    MultipleSolutionsError,
    PuzzleError,
)
from ..core.colours import ERROR, FILLS, fill_code, hex_code
from ..core.deadline import ticking
from . import history as hist
from .history import HISTORY_SHEET, History, Record, Snapshot, colour_of, fills_of
from .host import Host, host_of, row_runs
from .protocol import BookLike, RangeLike, SheetLike
from .sheet import (
    SHEET,
    STATUS_CELLS,
    WorkGridError,
    changes,
    count_in,
    flat_values,
    named_sheet,
    read_history,
    read_log,
    top_left,
)

if TYPE_CHECKING:  # loaded by the actions once their status shows (``pressing``)
    from ..paint import Painting

PROGRESS_EVERY = 0.25  # seconds between status-bar updates during long work
#: the hidden block of the grids' colour codes (``workbook.layout``): the givens' 9
#: columns, one between, the work grid's 9
COLOURS = "Colours"
CODES_WIDTH = 19
WORK_CODES = 10  # where the work grid's codes start in the block


@dataclass
class Press:
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
    _host: Host | None = None
    _app: Any = None
    last_progress: float = 0.0
    timer_failed: bool = False
    shown: dict[str, object] = field(default_factory=dict)
    kept: dict[str, object] = field(default_factory=dict)
    before: Record | None = None  # the record as the action found it, for the history
    givens_rows: Any = None  # the givens as read, for the history
    work_rows: Any = None  # the work grid as read, for the history
    saved: Snapshot | None = None  # the undo level this action pushed (``save``)
    wrote: dict[str, list[Any]] = field(default_factory=dict)  # "givens"/"work": 81 values
    _settings: object = None
    _settings_read: bool = False

    def range(self, name: str) -> RangeLike:
        return self.sheet.range(name)

    @property
    def record(self) -> Record:
        return self.history.record

    def progress(self, text: str) -> None:
        """Show ``text… 0.4 s`` in the status bar, at most every PROGRESS_EVERY seconds. A
        status bar that fails (Excel busy with a dialog) stops the timer, not the action."""
        now = time.perf_counter()
        if now - self.last_progress >= PROGRESS_EVERY and not self.timer_failed:
            self.last_progress = now
            try:
                self.status_bar(f"{text}… {now - self.started:.1f} s")
            except Exception:  # the timer is a courtesy: the action goes on without it
                self.timer_failed = True

    @property
    def host(self) -> Host:
        """The host behind the book (``host``), found when first needed: asking for
        ``book.app`` is one more round trip into Excel on Windows."""
        if self._host is None:
            self._app = self.book.app
            self._host = host_of(self._app)
        return self._host

    def status_bar(self, text: str | bool) -> None:
        """Excel's status bar, where the host has one (the remote engine has none: there
        the status cells alone speak); False gives it back to Excel."""
        if not self.host.status_bar:
            return
        try:
            self._app.status_bar = text
        except NotImplementedError:  # a host xlwings says has none: the cells suffice
            self._host = replace(self.host, status_bar=False)

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
            return count_in(self.record.status[2])
        return count_in(self.range("StepCount").value)

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
        rows = read_log(self.book, record.log_rows) if log else None
        values = self.work_rows if self.work_rows is not None else values_of(work)
        self.saved = Snapshot(flat_values(givens), flat_values(values), record, rows, action)
        self.history.push(self.saved)

    def write_grid(self, grid: str, block: RangeLike, rows: Sequence[Sequence[Any]] | None) -> None:
        """Write the ``"givens"`` or ``"work"`` block's values (None: empty it), and keep
        them: the undo level learns what the action changed (``finish``), so that Undo
        can tell the cells typed since from the action's own."""
        if rows is None:
            block.clear_contents()
        else:
            block.value = [list(row) for row in rows]
        self.wrote[grid] = flat_values(rows)

    def paint_work_red(self, cells: Sequence[int]) -> None:
        """Mark work cells red (on top of the fills there)."""
        fills = {
            code: [c for c in cs if c not in cells] for code, cs in self.record.work_fills.items()
        }
        fills[hex_code(ERROR)] = sorted(set(fills.get(hex_code(ERROR), [])) | set(cells))
        self.record.work_fills = {code: cs for code, cs in fills.items() if cs}

    def paint_givens_red(self, cells: Sequence[int]) -> None:
        self.record.red_givens = sorted(cells)

    def finish(self) -> None:
        """Write every status cell the action owns (one write if it owns them all), the
        grids' colours if the action changed them (``write_colours``), then the history
        with the record of what the sheet now shows."""
        if self._colours_changed():
            self.write_colours()
        values = dict.fromkeys(self.owns) | self.kept | self.shown
        if self.owns == STATUS_CELLS:
            self.range("StatusCells").value = [[values[name]] for name in STATUS_CELLS]
        else:
            for name in self.owns:
                self.range(name).value = values[name]
        for name in self.owns:
            self.record.status[STATUS_CELLS.index(name)] = values[name]
        if self.saved is not None:
            level = self.saved
            level.after = {
                grid: changes(getattr(level, grid), self.wrote[grid]) if grid in self.wrote else {}
                for grid in hist.GRIDS
            }
        if self.history.available:
            block = self.book.sheets[HISTORY_SHEET].range("History")
            block.value = hist.rows(self.history)

    def _colours_changed(self) -> bool:
        before = self.before
        if before is None or not self.history.available:
            return True  # nothing says what the grids show: write what they should
        now = self.record
        return (now.work_fills, now.red_givens) != (before.work_fills, before.red_givens)

    def write_colours(self) -> None:
        """The grids' colours as the record says: one value write of the codes into the
        hidden ``Colours`` block, which the workbook's conditional formats show as fills;
        in a workbook older than the block, its fills (a rectangle at a time)."""
        try:
            block = self.range(COLOURS)
        except Exception:  # an older workbook: no codes to write, fills to paint
            self._write_fills()
            return
        block.value = colour_codes(self.record)

    def _write_fills(self) -> None:
        work_fills = {colour_of(code): cells for code, cells in self.record.work_fills.items()}
        for name, groups in (("Givens", {ERROR: self.record.red_givens}), ("Work", work_fills)):
            grid = self.range(name)
            grid.color = None
            top, left = top_left(grid.address)
            for colour, cells in groups.items():
                for run in row_runs(top, left, cells):
                    self.sheet.range(run).color = colour


def colour_codes(record: Record) -> list[list[int | None]]:
    """The ``Colours`` block as the record says the grids look: each cell's fill code
    (``colours.FILLS``, None for no fill), the givens' nine columns, one empty, the work
    grid's nine."""
    rows: list[list[int | None]] = [[None] * CODES_WIDTH for _ in range(9)]
    wrong = fill_code(ERROR)
    for cell in record.red_givens:
        rows[cell // 9][cell % 9] = wrong
    for code, cells in record.work_fills.items():
        colour = colour_of(code)
        if colour not in FILLS:
            continue  # (a colour of an older record that no rule shows)
        for cell in cells:
            rows[cell // 9][WORK_CODES + cell % 9] = fill_code(colour)
    return rows


class SheetMissingError(LookupError):
    """No Sudoku sheet: neither by its name nor by the defined names (``sudoku_sheet``)."""


def sudoku_sheet(book: BookLike) -> SheetLike:
    """The Sudoku sheet, renamed or not (``named_sheet``: the defined name ``Givens``)."""
    sheet = named_sheet(book, SHEET, "Givens")
    if sheet is None:
        raise SheetMissingError(
            f"xl-sudoku: this workbook has no {SHEET} sheet, nor the defined name Givens "
            "that a renamed one keeps: the buttons need the workbook as it was built"
        )
    return sheet


@contextmanager
def pressing(
    book: BookLike, owns: tuple[str, ...] = ("Status",), busy: str | None = None
) -> Iterator[Press]:
    """Run one action: restore the status bar afterwards, turn every error into a status
    message (and red cells for a puzzle error), never into a traceback box, and write the
    status cells the action owns and the history. (A workbook without its Sudoku sheet:
    ``SheetMissingError``, which the actions show in the status bar.)

    With ``busy``, the status bar says so (``Solving…``) as soon as the action starts,
    before the action loads the logic engine, and then every ``PROGRESS_EVERY`` seconds
    from the searches' checkpoints (``core.deadline.ticking``) it says how long
    (``Solving… 2.3 s``), one long step of many seconds included."""
    sheet = sudoku_sheet(book)
    press = Press(book, sheet, time.perf_counter(), owns, read_history(book))
    press.before = press.record.copy()
    if busy:
        press.status_bar(f"{busy}…")
        press.last_progress = time.perf_counter()
    try:
        if busy:  # a search of many seconds: the timer ticks from its checkpoints
            with ticking(PROGRESS_EVERY, lambda: press.progress(busy)):
                yield press
        else:
            yield press
    except MultipleSolutionsError as error:
        press.status(f"{error}: the puzzle needs more givens")
    except WorkGridError as error:  # the cells it names are the work grid's
        press.status(str(error))
        press.paint_work_red(error.cells)
    except PuzzleError as error:
        press.status(str(error))
        if error.cells:
            press.paint_givens_red(error.cells)
    except ValueError as error:  # a bad setting, such as an unknown difficulty
        press.status(str(error))
    except Exception as error:  # the last guard: a message, not a traceback box
        press.status(f"internal error: {error!r}")
    finally:
        try:
            press.finish()
        finally:
            if busy:
                press.status_bar(False)


def write_painting(
    press: Press, work: RangeLike, painting: Painting, *, values: bool = True
) -> None:
    """One value write (unless not ``values``); the record learns the fills, which the
    action's end writes (``Press.write_colours``)."""
    if values:
        press.write_grid("work", work, painting.values)
    press.record.work_fills = fills_of(painting.fills)


def coloured(press: Press, painting: Painting) -> Painting:
    """The painting as the Colouring setting wants it: with fills, or values only."""
    from ..paint import Painting  # noqa: PLC0415 - after the status shows (``pressing``)
    from . import settings  # noqa: PLC0415 - its table loads the techniques' catalogue

    if settings.colouring(press.settings()):
        return painting
    return Painting(painting.values)


def read_givens(press: Press) -> Grid:
    """The givens, checked; the red of an earlier error cleared (if the record says there
    is any: a workbook without a history always clears it)."""
    from ..core import grid_from_rows, validate  # noqa: PLC0415 - after the status shows

    press.givens_rows = press.range("Givens").options(err_to_str=True).value
    grid = grid_from_rows(press.givens_rows)
    press.record.red_givens = []
    validate(grid)
    return grid


def read_work(press: Press, work: RangeLike) -> list[Any]:
    """The work grid's 81 values (kept for the history)."""
    press.work_rows = values_of(work)
    return flat_values(press.work_rows)


def values_of(block: RangeLike) -> Any:
    """A grid's values, a cell holding an error (a formula the user typed) read as its
    text (``#N/A``): xlwings reads it as an empty cell, which the buttons would fill in
    and Undo would put back empty."""
    return block.options(err_to_str=True).value
