"""Check set-up: what a person needs to know when the buttons do not work (buttons layer,
pure).

The facts are gathered where Python runs (the ``excel`` layer's ``xl_check_setup``): the
interpreter xlwings started, the versions of xl-sudoku and of xlwings on both sides, and
which ``xlwings.conf`` names the interpreter, looked up in xlwings' own order (the
workbook's sheet, a file beside the workbook, the user's file). ``report`` turns them
into the status message: what works, and for each problem what to do. That Python
answered at all is the first fact: when it does not, the status keeps what the button's
VBA wrote before starting it (the interpreter xlwings looks for).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass


@dataclass(frozen=True)
class Facts:
    python: str  # sys.executable
    python_version: str  # "3.12.1"
    platform: str  # sys.platform
    virtual: bool  # sys.prefix != sys.base_prefix
    xl_sudoku: str  # xl_sudoku.__version__
    xlwings_python: str  # xlwings.__version__
    xlwings_workbook: str  # the VBA module's XLWINGS_VERSION, as the builder recorded it
    interpreter_key: str  # INTERPRETER_WIN or INTERPRETER_MAC
    interpreter_source: str  # where it is set ("" if nowhere: xlwings tries "python")


def config_value(text: str, key: str) -> str | None:
    """The value of ``key`` in an ``xlwings.conf`` file's text (lines such as
    ``"INTERPRETER_WIN","C:\\Python312\\python.exe"``; keys in any case, as xlwings
    compares them); None if the file does not set it."""
    for row in csv.reader(io.StringIO(text)):
        if len(row) >= 2 and row[0].strip().lower() == key.lower():
            return row[1].strip()
    return None


def report(facts: Facts) -> str:
    """The status message of Check set-up."""
    problems = []
    if facts.xlwings_python != facts.xlwings_workbook:
        problems.append(
            f"xlwings {facts.xlwings_python} in Python but {facts.xlwings_workbook} in the "
            f"workbook: run '{facts.python} -m pip install xlwings=={facts.xlwings_workbook}' "
            "(or rebuild the workbook with xl-sudoku build-workbook)"
        )
    if facts.platform == "win32" and facts.virtual and not facts.interpreter_source:
        problems.append(
            "this Python is a virtual environment and no xlwings.conf names it: the buttons "
            "work, but the SUDOKU_* functions need INTERPRETER_WIN set to it (else Excel "
            "cannot find xlwings' DLL): 'xl-sudoku setup-workbook FOLDER' writes it beside a "
            "copy of the workbook"
        )
    where = facts.interpreter_source or "not set, so xlwings started 'python' from the PATH"
    found = (
        f"Python {facts.python_version} at {facts.python} ({facts.interpreter_key}: {where}); "
        f"xl-sudoku {facts.xl_sudoku} imports; xlwings {facts.xlwings_python} in Python"
    )
    if not problems:
        return f"Set-up works: {found}, the same as in the workbook"
    return f"Set-up: {found}. To do: " + "; ".join(problems)
