"""The Lite edition under Pyodide, as xlwings Lite runs it: the built wheel installed by
micropip from an address on this machine (as xlwings Lite installs a requirements line),
``lite/main.py`` imported with the xlwings stand-in, every button pressed on the Lite
workbook under the model of xlwings Lite's remote engine and Office.js (``office``), every
function called as Excel calls it; each answer the desktop path's (the
VBA workbook's buttons and the Windows UDFs in CPython, on the same inputs).

Slow: Pyodide takes seconds of CPU to load (once a session, with the wheel built once).
Skipped without node and Pyodide (``.ci/pyodide`` installs them), failed so in CI."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.buttons.sequences import differences
from tests.conftest import PYODIDE_VERSION
from tests.lite.conftest import (
    ALL_SEQUENCES,
    CORS,
    ROOT,
    Dist,
    Pyodide,
    WheelServer,
    desktop_states,
)
from tests.lite.test_office import desktop_answer, function_cases

pytestmark = pytest.mark.slow


def test_pyodide_runs_the_built_wheel(pyodide: Pyodide) -> None:
    """Pyodide as pinned, micropip as its lock file names, xl_sudoku from the wheel that
    micropip installed (not from the repository), main.py loaded."""
    import xl_sudoku

    assert pyodide.ready["pyodide"] == PYODIDE_VERSION
    assert pyodide.ready["python"].startswith("3.")
    main = pyodide.ready["main"]
    assert main["xl_sudoku"].endswith("/site-packages/xl_sudoku/__init__.py"), main
    assert main["version"] == xl_sudoku.__version__


def test_micropip_installed_the_wheel_from_an_address_as_xlwings_lite_does(
    pyodide: Pyodide,
) -> None:
    """lite/requirements.txt's line with its host swapped for a server on this machine
    (the same file name: micropip reads the package's name and version from it), fetched
    over HTTP by micropip, as xlwings Lite installs a requirements line; the server sent
    the CORS header a host must send (node does not enforce it: a browser does)."""
    import xl_sudoku

    (line,) = (ROOT / "lite" / "requirements.txt").read_text(encoding="utf-8").split()
    name = line.rsplit("/", 1)[1]
    version, source = pyodide.ready["installed"].split(" ", 1)
    assert version == xl_sudoku.__version__
    assert re.fullmatch(rf"http://127\.0\.0\.1:\d+/{re.escape(name)}", source), source
    assert pyodide.ready["served"] == [(f"/{name}", 200)]  # one request, the wheel's


def test_the_wheel_server_sends_the_cors_header(dist: Dist) -> None:
    with WheelServer(dist.wheel.parent) as server:
        address = server.address(dist.wheel.name)
        with urllib.request.urlopen(address, timeout=30) as answer:
            assert answer.headers[CORS[0]] == CORS[1] == "https://addin.xlwings.org"
            assert answer.read() == dist.wheel.read_bytes()


def test_the_wheel_carries_main_py_and_the_workbooks(pyodide: Pyodide) -> None:
    """What micropip installed holds lite/main.py, requirements.txt and both workbooks,
    as the repository has them."""
    code = """
import hashlib, importlib.resources as r
files = {
    "lite/main.py": r.files("xl_sudoku.lite").joinpath("main.py"),
    "lite/requirements.txt": r.files("xl_sudoku.lite").joinpath("requirements.txt"),
    "workbook/sudoku.xlsm": r.files("xl_sudoku.workbooks").joinpath("sudoku.xlsm"),
    "workbook/sudoku-lite.xlsx": r.files("xl_sudoku.workbooks").joinpath("sudoku-lite.xlsx"),
}
result = {name: hashlib.sha256(f.read_bytes()).hexdigest() for name, f in files.items()}
"""
    import hashlib

    from tests.lite.conftest import ROOT

    found = pyodide.ask({"op": "exec", "code": code})["ok"]
    for name, digest in found.items():
        assert digest == hashlib.sha256((ROOT / name).read_bytes()).hexdigest(), name


@pytest.mark.parametrize("name", list(ALL_SEQUENCES))
def test_every_button_under_pyodide_leaves_the_desktop_sheet(
    tmp_path: Path, pyodide: Pyodide, lite_workbook: dict[str, Any], name: str
) -> None:
    answer = pyodide.ask(
        {"op": "sequence", "workbook": lite_workbook, "steps": ALL_SEQUENCES[name]}
    )["ok"]
    assert answer["excluded_reads"] == []
    desktop = desktop_states(tmp_path, name)
    for step, expected, found in zip(ALL_SEQUENCES[name], desktop, answer["states"], strict=True):
        assert not differences(expected, found), (name, step, differences(expected, found))


def test_every_function_under_pyodide_gives_the_windows_answer(pyodide: Pyodide) -> None:
    cases = function_cases()
    answers = pyodide.ask({"op": "functions", "cases": [[name, args] for name, args, _ in cases]})[
        "ok"
    ]
    for (name, _, windows), answer in zip(cases, answers, strict=True):
        assert answer == desktop_answer(name, windows), name
