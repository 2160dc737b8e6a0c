"""xl-sudoku in xlwings Lite: the buttons and the SUDOKU_* functions of the Lite workbook.

Paste this file into xlwings Lite's main.py, and add the line of this folder's
requirements.txt (the address of xl-sudoku's wheel) to its requirements.txt tab
(https://lite.xlwings.org: xlwings Lite runs Python inside Excel on Windows, macOS and
the web; nothing to install but the add-in). docs/lite.md in the xl-sudoku repository
says how, step by step, and, at step 3, where the wheel comes from before and after the
first release (``xl-sudoku setup-workbook --lite`` prints the line too).

The buttons on the Sudoku sheet of workbook/sudoku-lite.xlsx are shapes: each has a
name and a hyperlink to the cell it hides, and xlwings Lite runs the script whose
``button`` names that shape and that cell. Every script runs the very code the VBA
workbook's button runs (``xl_sudoku.buttons``), and every function the same code as the
Windows UDF of its name (``xl_sudoku.buttons.functions``): the same arguments, results
and descriptions, on every platform Lite runs on.

``exclude`` lists the sheets whose cells a script never reads: xlwings Lite sends a script
the values of every other sheet, so a long step log is sent only to the scripts that save
it for Undo. (Not ``include``, which names the sheets to send by their names: a sheet the
user renamed, which the buttons find by its defined names, would not be sent.)

xlwings Lite has no status bar, and a script's writes reach Excel when it ends or when it
sends them (``await book.flush()``, xlwings 0.35 and later). So the buttons that may search
for long are ``async``: each writes what it is doing into the Status cell ("Solving…")
and sends it before the search starts. While the search runs, Python holds the add-in's
only thread, and nothing more reaches Excel until the script ends: the status says what,
not for how long (the desktop's status bar counts the seconds).
"""

from contextlib import suppress
from typing import Any

import xlwings as xw
from xlwings import arg, func, script

from xl_sudoku import buttons
from xl_sudoku.buttons import functions
from xl_sudoku.buttons.functions import HELP

#: the sheets a button never reads: the step log and the functions' sheet ...
PLAY = ["Steps", "Functions"]
#: ... but Solve, Step, Clear and New puzzle read the log, which they save for Undo
LOGGED = ["Functions"]


async def announce(book: xw.Book, action: str) -> None:
    """The Status cell says what ``action`` is doing, in Excel now: before the search."""
    buttons.show_busy(book, action)
    with suppress(NotImplementedError):  # xlwings Server's: it goes when the script ends
        await book.flush()


@script(name="Solve", button="[xlsudoku_solve]Sudoku!B13", exclude=LOGGED)
async def solve(book: xw.Book) -> None:
    """The whole logical solve into the work grid; its steps into the Steps sheet."""
    await announce(book, "Solve")
    buttons.on_solve(book)


@script(name="Step", button="[xlsudoku_step]Sudoku!D13", exclude=LOGGED)
async def step(book: xw.Book) -> None:
    """The next logical step, its pattern lit up, candidates shown in open cells."""
    await announce(book, "Step")
    buttons.on_step(book)


@script(name="Hint", button="[xlsudoku_hint]Sudoku!F13", exclude=PLAY)
async def hint(book: xw.Book) -> None:
    """The next step's technique; pressed again, where to look; again, the whole step."""
    await announce(book, "Hint")
    buttons.on_hint(book)


@script(name="Undo", button="[xlsudoku_undo]Sudoku!H13", exclude=PLAY)
def undo(book: xw.Book) -> None:
    """The grids, their colours, the status and the step log as before the last change."""
    buttons.on_undo(book)


@script(name="Candidates", button="[xlsudoku_candidates]Sudoku!J13", exclude=PLAY)
def candidates(book: xw.Book) -> None:
    """Every open work cell shows its candidates."""
    buttons.on_candidates(book)


@script(name="Check", button="[xlsudoku_check]Sudoku!L13", exclude=PLAY)
def check(book: xw.Book) -> None:
    """Your entries in the work grid that are wrong turn red."""
    buttons.on_check(book)


@script(name="Clear", button="[xlsudoku_clear]Sudoku!N13", exclude=LOGGED)
def clear(book: xw.Book) -> None:
    """Empties the work grid, the status cells and the step log."""
    buttons.on_clear(book)


@script(name="New puzzle", button="[xlsudoku_new_puzzle]Sudoku!P13", exclude=LOGGED)
async def new_puzzle(book: xw.Book) -> None:
    """A new puzzle of the difficulty chosen in the settings, into the givens."""
    await announce(book, "New puzzle")
    buttons.on_new(book)


@script(name="Count solutions", button="[xlsudoku_count_solutions]Sudoku!R13", exclude=PLAY)
async def count_solutions(book: xw.Book) -> None:
    """0, 1, 2 ... 99, or "100 or more"."""
    await announce(book, "Count solutions")
    buttons.on_count(book)


# The worksheet functions: the Windows UDFs' arguments, help and answers
# (``xl_sudoku.excel.udfs``). ``Any``: the values as Excel gives and takes them (xlwings
# converts an argument or a result by the type its hint names).

GIVENS = {"ndim": 2, "err_to_str": True, "doc": HELP["givens"]}


@func
@arg("givens", **GIVENS)
@arg("seconds", doc=HELP["seconds"])
def SUDOKU_SOLVE(givens: Any, seconds: Any = None) -> Any:  # noqa: N802 - Excel's name
    """The solution of a proper puzzle, as 9 rows of 9 digits."""
    return functions.solution(givens, seconds)


@func
@arg("givens", **GIVENS)
def SUDOKU_CANDIDATES(givens: Any) -> Any:  # noqa: N802
    """Each open cell's candidates as 9 characters (120406709: 1, 2, 4, 6, 7 and 9)."""
    return functions.shown_candidates(givens)


@func
@arg("givens", **GIVENS)
@arg("limit", doc=HELP["limit"])
@arg("seconds", doc=HELP["seconds"])
def SUDOKU_COUNT(givens: Any, limit: Any = None, seconds: Any = None) -> Any:  # noqa: N802
    """How many solutions the givens have; N+ where the count stopped (there may be more)."""
    return functions.solution_count(givens, limit, seconds)


@func
@arg("givens", **GIVENS)
@arg("seconds", doc=HELP["seconds"])
def SUDOKU_RATE(givens: Any, seconds: Any = None) -> Any:  # noqa: N802
    """The rating on Sudoku Explainer's scale, with its label and hardest technique."""
    return functions.rating(givens, seconds)


@func
@arg("givens", **GIVENS)
@arg("level", doc=HELP["level"])
@arg("seconds", doc=HELP["seconds"])
def SUDOKU_HINT(givens: Any, level: Any = 1, seconds: Any = None) -> Any:  # noqa: N802
    """A hint for the first step: its technique, where to look, or the whole step."""
    return functions.hint_text(givens, level, seconds)


@func
@arg("givens", **GIVENS)
@arg("seconds", doc=HELP["seconds"])
def SUDOKU_VALID(givens: Any, seconds: Any = None) -> Any:  # noqa: N802
    """TRUE if the givens are a proper puzzle (one solution), else what is wrong."""
    return functions.validity(givens, seconds)


@func
@arg("difficulty", doc=HELP["difficulty"])
@arg("seed", doc=HELP["seed"])
@arg("symmetry", doc=HELP["symmetry"])
def SUDOKU_NEW(difficulty: Any = "Medium", seed: Any = None, symmetry: Any = "none") -> Any:  # noqa: N802
    """A new puzzle of a difficulty, as 9 rows with empty text for the open cells."""
    return functions.new_puzzle(difficulty, seed, symmetry)


@func
@arg("givens", **GIVENS)
@arg("grid", doc=HELP["grid"])
@arg("seconds", doc=HELP["seconds"])
def SUDOKU_TARGET(givens: Any, grid: Any = False, seconds: Any = None) -> Any:  # noqa: N802
    """Target sudoku (NOIP 2009): the best score of any solution, -1 if there is none."""
    return functions.target(givens, grid, seconds)
