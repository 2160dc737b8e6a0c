"""xlwings' ``RunPython`` inside LibreOffice: the Python half of the VBA path's stand-in
(tests).

``tests/excel/calc.py`` copies this file into the office's user profile
(``Scripts/python/xlsudoku_runpython.py``), with this checkout's path, a log file and
the pinned xlwings version written in below, and LibreOffice's Python script provider
(Debian's ``libreoffice-script-provider-python``) runs it inside the office. The
workbook's own button Subs call the stand-in ``RunPython`` of the swapped-in Basic module
(``tests/excel/test_vba_path.py``), which calls ``run_python(ThisComponent, command)``
here with the command string the Sub wrote, exactly as xlwings would hand it to Python:
``import xl_sudoku.excel as x; x.xl_solve()``.

The command runs as xlwings runs it, in a fresh namespace; what it imports is the real
package. The only thing not real is xlwings itself (not installed for this Python, and
no Excel to talk to): a module ``xlwings`` whose ``Book.caller()`` answers the calling
document as a ``LoBook``, whose ``__version__`` is the pinned one and whose user config
file does not exist. Each call is logged (a JSON line: the command, and the error if the
command raised). While the file ``LOG + ".silent"`` exists, a call runs nothing (Python
"never answers", as when xlwings cannot start it) and is logged as ``silent``.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
import types
from typing import Any

# tests/excel/calc.py writes these again at the end of the copy it puts in the profile
ROOT = ""
LOG = ""
XLWINGS_VERSION = ""

_calling: list[Any] = []


def _fake_xlwings() -> types.ModuleType:
    """``xlwings`` as far as the entry points use it: ``Book.caller()``, the version, the
    user config file's path."""
    from tests.excel.lo_book import LoBook  # ROOT is on sys.path by now

    class Book:
        @staticmethod
        def caller() -> LoBook:
            return LoBook(_calling[-1])

    module = types.ModuleType("xlwings")
    module.Book = Book  # type: ignore[attr-defined]
    module.__version__ = XLWINGS_VERSION  # type: ignore[attr-defined]
    module.USER_CONFIG_FILE = LOG + ".no-such-config"  # type: ignore[attr-defined]
    return module


def run_python(document: Any, command: str) -> str:
    """Run a RunPython command with ``document`` as the calling book (logged even where
    the stand-in ``xlwings`` cannot be made: then with that error)."""
    entry: dict[str, object] = {"command": command}
    if os.path.exists(LOG + ".silent"):
        entry["silent"] = True
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")
        return "silent"
    _calling.append(document)
    try:
        if ROOT not in sys.path:
            sys.path.insert(0, ROOT)
        if not isinstance(sys.modules.get("xlwings"), types.ModuleType) or not hasattr(
            sys.modules["xlwings"], "Book"
        ):
            sys.modules["xlwings"] = _fake_xlwings()
        exec(command, {"__name__": "__main__"})
    except Exception:
        entry["error"] = traceback.format_exc()
    finally:
        _calling.pop()
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")
    return "error" if "error" in entry else "ok"


g_exportedScripts = (run_python,)  # noqa: N816 - the name LibreOffice looks for
