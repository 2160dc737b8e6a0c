"""Sequences of button presses and typing, and the state of the sheet they leave (tests).

The same sequence runs on the recording stand-in under each engine
(``tests/buttons/test_engines.py``) and in LibreOffice Calc through UNO
(``tests/excel/test_calc.py``, whose worker runs under Debian's own python3): both run it
through the book's xlwings-like calls, and both read back the same ``State`` (values as
xlwings reads them, fills as ``RRGGBB``, the status cells with their times blanked, the
step log), so states from different engines compare with ``==``. Standard library and
``xl_sudoku`` only: the worker imports this module outside the venv.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from xl_sudoku.buttons import ACTIONS, BookLike
from xl_sudoku.buttons.press import WORK_CODES
from xl_sudoku.core.colours import FILLS, hex_code

#: one step: ("press", button, seed) | ("enter", cell of the Sudoku sheet, value) |
#: ("set", defined name, value) | ("givens", 81-character puzzle)
Step = tuple[str, str, Any]
State = dict[str, Any]

SHEET = "Sudoku"
#: where a value of the Steps sheet's log ends (the log's rows are read up to here)
LOG_ROWS = 400
WRONG_ENTRY = ("N4", "2")  # r1c3 of the example is open, its digit 1: typed (as text)


def press(button: str, seed: int | None = None) -> Step:
    return ("press", button, seed)


def givens(puzzle: str) -> Step:
    return ("givens", puzzle, None)


def enter(cell: str, value: object) -> Step:
    return ("enter", cell, value)


def setting(name: str, value: object) -> Step:
    return ("set", name, value)


#: the 14th of Norvig's top95: a quick solve through techniques of eight families
HARDER = "3.6.7...........518.........1.4.5...7.....6.....2......2.....4.....8.3.....5....."

#: the sequences the issue names, each ended by Undo; each starts from the built workbook
#: (the example's givens), and the first types other givens
SEQUENCES: dict[str, list[Step]] = {
    "solve": [givens(HARDER), press("Solve"), press("Undo")],
    "step": [press("Step"), press("Step"), press("Step"), press("Undo")],
    "hint": [press("Hint"), press("Hint"), press("Hint"), press("Undo")],
    "candidates": [press("Candidates"), press("Undo")],
    "check": [press("Step"), enter(*WRONG_ENTRY), press("Check"), press("Undo")],
    "clear": [press("Solve"), press("Clear"), press("Undo")],
    "new puzzle": [setting("Difficulty", "Easy"), press("New puzzle", 5), press("Undo")],
    "count": [press("Count solutions"), press("Undo")],
    "setting off": [setting("Colouring", "No"), press("Solve"), press("Step"), press("Undo")],
    "errors": [
        enter("H6", "x"),
        press("Solve"),
        enter("H6", None),
        enter("N4", "x1"),
        press("Step"),
        press("Undo"),
    ],
}


def run_step(book: BookLike, step: Step) -> None:
    """One step of a sequence, through the book's own calls."""
    kind, what, value = step
    sheet = book.sheets[SHEET]
    if kind == "press":
        action = ACTIONS[what]
        if what == "New puzzle":
            action(book, random.Random(value))
        else:
            action(book)
    elif kind in ("enter", "set"):  # a cell, or the one cell a defined name names
        sheet.range(what).value = value
    elif kind == "givens":  # typed: a number in each given cell, the rest emptied
        sheet.range("Givens").value = [
            [int(ch) if ch in "123456789" else None for ch in what[r * 9 : r * 9 + 9]]
            for r in range(9)
        ]
    else:
        raise ValueError(f"not a step: {step!r}")


def blank_times(value: object) -> object:
    """A status value with its milliseconds blanked: no two runs take the same time."""
    if isinstance(value, str):
        return re.sub(r"\b\d+ ms\b", "N ms", value)
    return value


def rows_of(value: object) -> list[list[Any]]:
    """A block's value as xlwings reads it (rows, one row, one column, one cell) as rows."""
    if not isinstance(value, list):
        return [[value]]
    if value and not isinstance(value[0], list):
        return [[v] for v in value]
    return [list(row) for row in value]


def flat(value: object) -> list[Any]:
    return [v for row in rows_of(value) for v in row]


def state(book: BookLike, fills: Callable[[str], list[str | None]]) -> State:
    """What the sheet shows: the givens, the work grid, their fills (``fills(name)``, 81
    colours row by row), the status cells and the step log."""
    sheet = book.sheets[SHEET]
    log = book.sheets["Steps"].range(f"A2:E{LOG_ROWS + 1}").value
    rows = [row for row in rows_of(log) if any(v is not None for v in row)]
    return {
        "givens": flat(sheet.range("Givens").value),
        "work": flat(sheet.range("Work").value),
        "givens fills": fills("Givens"),
        "work fills": fills("Work"),
        "status": [blank_times(v) for v in flat(sheet.range("StatusCells").value)],
        "log": rows,
    }


def fills_from_codes(block: object, grid: str) -> list[str | None]:
    """The fills a grid (``Givens`` or ``Work``) shows, as ``RRGGBB``, from the ``Colours``
    block's values as read (9 rows of 19): its cells' codes, each the fill the workbook's
    rules give it (``colours.FILLS``: code k the k-th; the rules themselves are checked
    against that table in tests/excel/test_layout.py)."""
    first = 0 if grid == "Givens" else WORK_CODES
    shown: list[str | None] = []
    for row in rows_of(block):
        for code in row[first : first + 9]:
            number = int(code) if isinstance(code, int | float) and code else 0
            shown.append(hex_code(FILLS[number - 1]) if number else None)
    return shown


def differences(one: State, other: State) -> list[str]:
    """What differs between two states, in words (empty: the same)."""
    found = []
    for key in one:
        if one[key] == other[key]:
            continue
        if isinstance(one[key], list) and len(one[key]) == len(other[key]):
            at = [i for i, (a, b) in enumerate(zip(one[key], other[key], strict=True)) if a != b]
            shown = ", ".join(f"[{i}] {one[key][i]!r} != {other[key][i]!r}" for i in at[:5])
            found.append(f"{key}: {len(at)} differ: {shown}")
        else:
            found.append(f"{key}: {one[key]!r:.200} != {other[key]!r:.200}")
    return found
