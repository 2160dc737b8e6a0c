"""The workbook's buttons as RunPython entry points ``xl_<verb>()`` (edge layer, xlwings).

Each button's VBA Sub calls ``RunPython "import xl_sudoku.excel as x; x.xl_solve()"``;
the entry point asks xlwings for the calling book and hands it to the button's code in
``xl_sudoku.buttons``. Tests (and batch mode) call the buttons' code with a book of
their own; here the ``book`` argument exists for the same reason.

Each click is a new interpreter on Windows: importing this module loads no more than the
buttons' package (its actions load when called, the logic engine once the button's
status shows), and xlwings is asked for the book only when a click has one to ask for
(xlwings' own RunPython command has imported it by then: ``import xlwings.utils``).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .. import buttons
from ..buttons import BookLike

if TYPE_CHECKING:
    import random

    from ..buttons.setup import Facts


def _caller() -> BookLike:
    import xlwings  # noqa: PLC0415 - only when Excel calls: tests and the CLI never need it

    book: BookLike = xlwings.Book.caller()
    return book


def xl_solve(book: BookLike | None = None) -> None:
    """Solve: the whole logical solve into the work grid, its steps into the Steps sheet."""
    buttons.on_solve(book or _caller())


def xl_step(book: BookLike | None = None) -> None:
    """Step: take the next logical step in the work grid and show why."""
    buttons.on_step(book or _caller())


def xl_hint(book: BookLike | None = None) -> None:
    """Hint: the technique; pressed again, where to look; again, the whole step."""
    buttons.on_hint(book or _caller())


def xl_candidates(book: BookLike | None = None) -> None:
    """Candidates: every open work cell shows its candidates."""
    buttons.on_candidates(book or _caller())


def xl_check(book: BookLike | None = None) -> None:
    """Check: the work grid's wrong entries turn red."""
    buttons.on_check(book or _caller())


def xl_clear(book: BookLike | None = None) -> None:
    """Clear: the work grid, the status cells and the step log emptied."""
    buttons.on_clear(book or _caller())


def xl_new(book: BookLike | None = None, rng: random.Random | None = None) -> None:
    """New puzzle: a puzzle of the difficulty chosen on the sheet, into the givens."""
    buttons.on_new(book or _caller(), rng)


def xl_count(book: BookLike | None = None) -> None:
    """Count solutions: 0, 1, 2 ... 99, or "100 or more"."""
    buttons.on_count(book or _caller())


def xl_undo(book: BookLike | None = None) -> None:
    """Undo: the grids, colours, status and log as before the last change."""
    buttons.on_undo(book or _caller())


def xl_check_setup(book: BookLike | None = None) -> None:
    """Check set-up: which Python xlwings started, the versions on both sides, and where
    the interpreter is set."""
    book = book or _caller()
    buttons.on_check_setup(book, setup_facts(book))


def setup_facts(book: BookLike) -> Facts:
    """The facts of Check set-up, from this Python and the configuration xlwings reads: the
    workbook's ``xlwings.conf`` sheet, an ``xlwings.conf`` beside the workbook, the user's
    (``xlwings.USER_CONFIG_FILE``: ``%USERPROFILE%\\.xlwings\\xlwings.conf`` on Windows,
    ``~/Library/Containers/com.microsoft.Excel/Data/xlwings.conf`` on macOS)."""
    import locale  # noqa: PLC0415 - what Check set-up needs, only there
    import platform  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    import xlwings  # noqa: PLC0415 - only when Excel calls

    from .. import __version__  # noqa: PLC0415
    from ..buttons.setup import Facts, config_value  # noqa: PLC0415

    key = "INTERPRETER_MAC" if sys.platform == "darwin" else "INTERPRETER_WIN"
    source = ""
    try:
        rows = book.sheets["xlwings.conf"].range("A1:B50").value
    except Exception:  # no such sheet
        rows = []
    try:
        fullname = str(getattr(book, "fullname", "") or "")
    except Exception:  # a OneDrive or SharePoint address xlwings finds no local file for
        fullname = ""  # (its VBA then reads no xlwings.conf beside the workbook either)
    files = [Path(fullname).parent / "xlwings.conf"] if fullname and "://" not in fullname else []
    files.append(Path(xlwings.USER_CONFIG_FILE))
    encoding = locale.getencoding()  # the code page xlwings' VBA reads the files in
    for wanted in (key, "INTERPRETER"):  # xlwings' old key, read where the new one is not set
        for row in rows or []:
            if isinstance(row, list) and row and str(row[0] or "").strip().upper() == wanted:
                source = f"the workbook's xlwings.conf sheet says {row[1]}"
        for path in files:
            if source:
                break
            try:
                value = config_value(path.read_text(encoding=encoding, errors="replace"), wanted)
            except OSError:
                continue
            if value:
                source = f"{path} says {value}"
        if source:
            if wanted != key:
                source += f" (as {wanted}, xlwings' old key)"
            break
    try:
        built = str(book.sheets["History"].range("XlwingsVersion").value or "unknown")
    except Exception:  # an older workbook
        built = "unknown (an older workbook)"
    return Facts(
        python=sys.executable,
        python_version=platform.python_version(),
        platform=sys.platform,
        virtual=sys.prefix != sys.base_prefix,
        xl_sudoku=__version__,
        xlwings_python=xlwings.__version__,
        xlwings_workbook=built,
        interpreter_key=key,
        interpreter_source=source,
    )
