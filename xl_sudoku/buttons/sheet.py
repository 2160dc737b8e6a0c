"""The Sudoku sheet as the buttons read and write it (buttons layer): the sheets and
status cells by name, the step log, the work grid read as a board, the history block
read."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core import (
    Grid,
    PuzzleError,
    cell_name,
)
from ..core.candidates import parse_placeholder
from ..core.glossary import DIGITS_OF
from ..helpers.a1 import column_letters, column_number
from . import history as hist
from .history import HISTORY_SHEET, History, Record
from .protocol import BookLike, SheetLike

if TYPE_CHECKING:
    from ..core.board import Board

SHEET = "Sudoku"
STEPS_SHEET = "Steps"
LOG_COLUMNS = 5  # step, technique, cells, explanation, level

#: the status cells, top to bottom (``StatusCells`` is all six, in this order)
STATUS_CELLS = ("Status", "Elapsed", "StepCount", "Guesses", "Solutions", "Rating")


class WorkGridError(PuzzleError):
    """A work grid cell that cannot be read: its ``cells`` are the work grid's."""


def named_sheet(book: BookLike, name: str, defined: str) -> SheetLike | None:
    """A sheet by its name, or, renamed, the sheet its defined name ``defined`` refers to
    (Excel's names follow a renamed sheet); None if neither is there."""
    try:
        return book.sheets[name]
    except Exception:  # renamed (or gone): xlwings and Excel raise their own errors
        pass
    try:
        sheet: SheetLike = book.names[defined].refers_to_range.sheet  # type: ignore[attr-defined]
    except Exception:
        return None
    return sheet


def steps_sheet(book: BookLike) -> SheetLike:
    """The Steps sheet, renamed or not (``named_sheet``: its defined name ``StepLog``)."""
    sheet = named_sheet(book, STEPS_SHEET, "StepLog")
    if sheet is None:
        raise ValueError(
            f"this workbook has no {STEPS_SHEET} sheet, nor the defined name StepLog that a "
            "renamed one keeps: the step log needs it"
        )
    return sheet


def read_history(book: BookLike) -> History:
    """The history block; an empty, unavailable one in a workbook without it."""
    try:
        rows = book.sheets[HISTORY_SHEET].range("History").value
    except Exception:  # an older workbook: no Undo, everything else works
        return History(Record(), [], available=False)
    return hist.read(rows)


def flat_values(rows: object) -> list[Any]:
    """A 9x9 block's values as 81 values, row by row (as xlwings reads them)."""
    if not isinstance(rows, list | tuple):
        return [None] * 81
    flat = [v for row in rows for v in (row if isinstance(row, list | tuple) else [row])]
    return (flat + [None] * 81)[:81]


def grid_rows(flat: Sequence[Any]) -> list[list[Any]]:
    return [list(flat[9 * r : 9 * r + 9]) for r in range(9)]


def count_in(value: object) -> int:
    """The number in a count cell; 0 for an empty cell or anything not a count."""
    try:
        return max(0, int(float(str(value))))
    except ValueError:
        return 0


def top_left(address: str) -> tuple[int, int]:
    """(row, column), 1-based, of the first cell of an address such as ``$L$4:$T$12``."""
    match = re.match(r"(?:.*!)?\$?([A-Z]+)\$?(\d+)", address)
    if not match:
        raise ValueError(f"not a cell address: {address!r}")
    letters, row = match.groups()
    return int(row), column_number(letters)


def read_log(book: BookLike, count: int) -> list[list[Any]]:
    """The first ``count`` rows of the step log."""
    if count <= 0:
        return []
    steps = steps_sheet(book)
    top, left = top_left(steps.range("StepLog").address)
    last = column_letters(left + LOG_COLUMNS - 1)
    rows = steps.range(f"{column_letters(left)}{top}:{last}{top + count - 1}").value
    if count == 1:
        rows = [rows]
    return [list(row) for row in rows]


def truncate_log(book: BookLike, count: int, now: int) -> None:
    """Empty the log's rows after the first ``count`` (the log has ``now`` rows)."""
    if now <= count:
        return
    steps = steps_sheet(book)
    log = steps.range("StepLog")
    if count == 0:
        log.clear_contents()
        return
    top, left = top_left(log.address)
    last = column_letters(left + LOG_COLUMNS - 1)
    steps.range(f"{column_letters(left)}{top + count}:{last}{top + now - 1}").clear_contents()


def read_board(puzzle: Grid, flat: Sequence[Any]) -> Board:
    """The work grid as a board: the givens, the digits placed since, and the candidates
    the grid shows (placeholder strings), which can only narrow what the digits allow."""
    from ..core.board import Board  # noqa: PLC0415 - once the button's status shows

    board = Board.from_grid(puzzle)
    shown: dict[int, int] = {}
    for cell, value in enumerate(flat):
        text = cell_text(value)
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


def cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value).strip()


def same_entry(a: object, b: object) -> bool:
    """Whether two values show the same entry: a digit written as 5 and read back as 5.0
    or "5", candidates written as "020406709" and read back as the number 20406709."""
    return _entry(a) == _entry(b)


def _entry(value: object) -> str:
    text = cell_text(value)
    return text.zfill(9) if len(text) > 1 and text.isdigit() else text


def changes(before: Sequence[Any], after: Sequence[Any]) -> dict[int, Any]:
    """The cells whose entries ``after`` changes, with their new values."""
    pairs = enumerate(zip(before, after, strict=True))
    return {cell: new for cell, (old, new) in pairs if not same_entry(old, new)}


def undone(
    before: Sequence[Any], changed: dict[int, Any], now: Sequence[Any]
) -> tuple[list[Any], list[int]]:
    """A grid as Undo leaves it: each cell as it was ``before`` the action, but for the
    cells typed since (``now`` shows something else than what the action left: ``before``
    with its ``changed`` values), which keep what was typed; and those cells."""
    values, kept = [], []
    for cell, (was, shows) in enumerate(zip(before, now, strict=True)):
        if same_entry(shows, changed.get(cell, was)) or same_entry(shows, was):
            values.append(was)
        else:
            values.append(shows)
            kept.append(cell)
    return values, kept


def check_board(board: Board, solution: Grid) -> None:
    """Refuse a work grid that has left the solution: a wrong digit or a lost candidate.

    Every digit first: a wrong digit takes its digit from its peers' candidates, and the
    cell to name is the one typed, not a peer before it."""
    for cell in range(81):
        digit = board.digits[cell]
        if digit and digit != solution[cell]:
            raise PuzzleError(
                f"{cell_name(cell)}: {digit} is not right (press Check to see every wrong entry)",
                (),
            )
    for cell in range(81):
        if not board.digits[cell] and not board.has(cell, solution[cell]):
            raise PuzzleError(f"{cell_name(cell)}: its candidates no longer hold its digit", ())
