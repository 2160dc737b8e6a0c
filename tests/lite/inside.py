"""The Lite edition run as xlwings Lite runs it: ``lite/main.py`` with the xlwings stand-in,
its scripts on the model of xlwings Lite's remote engine and Office.js (``office``), its
functions called as Excel calls them (tests).

Standard library and ``xl_sudoku`` only, so the same code runs in CPython (the quick
tests) and under Pyodide, where ``xl_sudoku`` is the built wheel (``pyodide_session.mjs``
sends each request to ``handle``, a line of JSON in, a line out).
"""

from __future__ import annotations

import json
import random
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.buttons.sequences import Step, run_step, state
from tests.lite import office, xlwings_standin

#: seconds New puzzle may generate for: as the desktop tests (a slow machine would fall
#: back to the bundled set, which the other side, with time to spare, would not)
BUDGET = 120.0


@contextmanager
def seeded(seed: int | None) -> Iterator[None]:
    """New puzzle's random source seeded, as the desktop tests hand ``on_new`` a seeded
    ``random.Random`` (a Lite script gets no argument: it makes its own), and the
    generator given its time."""
    from xl_sudoku import puzzles
    from xl_sudoku.buttons import actions

    real, budget = getattr(actions, "random"), puzzles.BUDGET  # noqa: B009
    setattr(actions, "random", types.SimpleNamespace(Random=lambda: random.Random(seed)))  # noqa: B010
    puzzles.BUDGET = BUDGET
    try:
        with unhurried():
            yield
    finally:
        setattr(actions, "random", real)  # noqa: B010
        puzzles.BUDGET = budget


@contextmanager
def unhurried() -> Iterator[None]:
    """The worksheet functions given the time every search needs (``BUDGET``), what they
    knew of any grid forgotten: the answers compare whatever the machine's load (Pyodide
    runs several times slower; a function's own time limit is tested on its own)."""
    from xl_sudoku.buttons import functions

    seconds, functions.SECONDS = functions.SECONDS, BUDGET
    functions.forget()
    try:
        yield
    finally:
        functions.SECONDS = seconds
        functions.forget()


def run_sequence(workbook: dict[str, Any], main: Any, steps: list[Step]) -> dict[str, Any]:
    """A sequence of presses and typing on a fresh copy of the workbook: the state after
    each step, and any read of a sheet a script left out."""
    excel = office.Excel.from_json(workbook)
    view = excel.view()
    states, excluded = [], []
    for step in steps:
        kind, what, seed = step
        if kind == "press":
            with seeded(seed):
                run = office.run_script(excel, main, what)
            excluded += [f"{what}: {read}" for read in run.excluded_reads]
        else:
            run_step(view, step)  # typing, straight into the workbook
        states.append(state(view, lambda name: view.sheets["Sudoku"].range(name).fills()))
    return {"states": states, "excluded_reads": excluded}


def call_functions(main: Any, cases: list[list[Any]]) -> list[Any]:
    """Each ``[name, args]`` called as Excel calls a custom function through xlwings Lite."""
    with seeded(None):  # SUDOKU_NEW's generator given the same time as the desktop's
        return [office.call_function(main, name, args) for name, args in cases]


# --- under Pyodide: one request a line ---------------------------------------------------

MAIN: dict[str, Any] = {}
SCOPES: dict[str, dict[str, Any]] = {}


def handle(line: str) -> str:
    """A request (JSON) answered (JSON): ``{"op": "load", "main": path}``, ``{"op":
    "sequence", "workbook": ..., "steps": ...}``, ``{"op": "functions", "cases": ...}``,
    ``{"op": "script", "workbook": ..., "name": ...}`` (one press, for the benchmark),
    ``{"op": "exec", "code": ..., "scope": ...}`` (statements whose ``result`` is
    answered; run in the namespace ``scope`` names, kept between requests, or a fresh one)."""
    request = json.loads(line)
    op = request["op"]
    if op == "load":
        import xl_sudoku

        MAIN["main"] = xlwings_standin.load_main(request["main"])
        answer: Any = {"xl_sudoku": xl_sudoku.__file__, "version": xl_sudoku.__version__}
    elif op == "sequence":
        steps = [tuple(step) for step in request["steps"]]
        answer = run_sequence(request["workbook"], MAIN["main"], steps)
    elif op == "functions":
        answer = call_functions(MAIN["main"], request["cases"])
    elif op == "script":
        excel = office.Excel.from_json(request["workbook"])
        for _ in range(request.get("times", 1)):
            office.run_script(excel, MAIN["main"], request["name"])
        answer = excel.values["Sudoku"].get(tuple(request.get("cell", (15, 3))))
    elif op == "exec":  # in a fresh namespace, or the one ``scope`` names, kept
        scope: dict[str, Any] = (
            SCOPES.setdefault(request["scope"], {}) if "scope" in request else {}
        )
        exec(request["code"], scope)
        answer = scope.get("result")
    else:
        raise ValueError(f"unknown request {op!r}")
    return json.dumps(answer)
