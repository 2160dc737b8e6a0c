"""The tests' hands in LibreOffice Calc: a worker that drives one office over UNO (tests).

Run by ``tests/excel/calc.py`` under Debian's own python3 (the venv has no ``uno``):

    /usr/bin/python3 tests/excel/lo_worker.py PIPE_NAME

It connects to the office listening on ``PIPE_NAME`` and answers requests, one JSON
object a line on stdin, one JSON object a line on stdout (``{"ok": ...}`` or ``{"error":
traceback}``):

- ``{"op": "open", "path": P}``: load the workbook at ``P`` hidden, in VBA mode, macros
  allowed (``MacroExecutionMode`` 4); the document before is closed unsaved;
- ``{"op": "run", "steps": [...]}``: run steps of ``tests/buttons/sequences.py`` through
  ``LoBook`` (typing, settings, button presses: the buttons' own Python); answers the state
  after each step;
- ``{"op": "state"}``: the state now;
- ``{"op": "pdf", "path": P}``: the first page exported to PDF (``calc_pdf_Export``);
- ``{"op": "swap", "modules": {name: source}}``: replace Basic modules of the document's
  ``VBAProject`` library, in memory (the file is never stored);
- ``{"op": "patch", "module": M, "old": A, "new": B}``: replace the text ``A`` of a Basic
  module by ``B``, in memory;
- ``{"op": "sub", "module": M, "sub": S}``: call a Basic Sub through the document's script
  provider; answers the status cell afterwards;
- ``{"op": "close"}``; ``{"op": "quit"}`` asks the office to end, then ends the worker.

New puzzle gets its generator's whole time (``puzzles.BUDGET``), as the stand-in's tests
give it, so that both make the same puzzle from the same seed.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import uno  # type: ignore[import-not-found]  # noqa: E402

from tests.buttons.sequences import run_step, state  # noqa: E402
from tests.excel.lo_book import LoBook  # noqa: E402
from tests.lo_office import prop  # noqa: E402
from xl_sudoku import puzzles  # noqa: E402

CONNECT_SECONDS = 90


class Worker:
    def __init__(self, pipe: str) -> None:
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local
        )
        deadline = time.monotonic() + CONNECT_SECONDS
        while True:
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.desktop = context.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", context
        )
        self.doc: Any = None

    def book(self) -> LoBook:
        if self.doc is None:
            raise ValueError("no document open")
        return LoBook(self.doc)

    def open(self, path: str) -> None:
        self.close()
        self.doc = self.desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(path),
            "_blank",
            0,
            (
                prop("Hidden", True),
                prop("FilterName", "Calc MS Excel 2007 VBA XML"),
                prop("MacroExecutionMode", 4),  # ALWAYS_EXECUTE_NO_WARN
            ),
        )
        if self.doc is None:
            raise ValueError(f"LibreOffice did not open {path}")

    def close(self) -> None:
        if self.doc is not None:
            self.doc.close(True)
            self.doc = None

    def handle(self, request: dict[str, Any]) -> object:
        handler = getattr(self, f"op_{request['op']}", None)
        if handler is None:
            raise ValueError(f"unknown request {request['op']!r}")
        answer: object = handler(request)
        return answer

    def op_open(self, request: dict[str, Any]) -> object:
        self.open(request["path"])
        return True

    def op_close(self, request: dict[str, Any]) -> object:
        self.close()
        return True

    def op_run(self, request: dict[str, Any]) -> object:
        book = self.book()
        states = []
        for step in request["steps"]:
            run_step(book, tuple(step))
            states.append(state(book, book.fills))
        return {"states": states, "status_bar": book.app.status_history, "calls": book.calls}

    def op_state(self, request: dict[str, Any]) -> object:
        book = self.book()
        return state(book, book.fills)

    def op_pdf(self, request: dict[str, Any]) -> object:
        self.book().doc.storeToURL(
            uno.systemPathToFileUrl(request["path"]),
            (prop("FilterName", "calc_pdf_Export"), prop("FilterData", (prop("PageRange", "1"),))),
        )
        return True

    def op_swap(self, request: dict[str, Any]) -> object:
        library = self.book().doc.BasicLibraries.getByName("VBAProject")
        for name, source in request["modules"].items():
            library.replaceByName(name, source)
        return True

    def op_patch(self, request: dict[str, Any]) -> object:
        library = self.book().doc.BasicLibraries.getByName("VBAProject")
        text = library.getByName(request["module"])
        if request["old"] not in text:
            raise ValueError(f"{request['old']!r} is not in {request['module']}")
        library.replaceByName(request["module"], text.replace(request["old"], request["new"]))
        return True

    def op_sub(self, request: dict[str, Any]) -> object:
        url = (
            f"vnd.sun.star.script:VBAProject.{request['module']}.{request['sub']}"
            "?language=Basic&location=document"
        )
        book = self.book()
        book.doc.getScriptProvider().getScript(url).invoke((), (), ())
        return state(book, book.fills)


def main(pipe: str) -> None:
    puzzles.BUDGET = 120.0
    worker = Worker(pipe)
    print(json.dumps({"ok": "ready"}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "quit":
            worker.close()
            with contextlib.suppress(Exception):  # the office ends as it answers: no reply
                worker.desktop.terminate()
            print(json.dumps({"ok": True}), flush=True)
            return
        try:
            answer = {"ok": worker.handle(request)}
        except Exception:
            answer = {"error": traceback.format_exc()}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
