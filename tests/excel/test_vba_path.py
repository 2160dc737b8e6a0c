"""The VBA path, run: the workbook's own button Subs, in LibreOffice's VBA mode, call
Python through a ``RunPython`` stand-in, and the real entry points do the work.

LibreOffice Basic cannot compile xlwings' VBA module (its ``Declare``s) nor the
VBA-Dictionary class, and one module that does not compile silences every macro of the
library. So, in the open document only (the file is never stored: its bytes, and the
shipped workbook's, are the same before and after), those two modules are replaced by
stand-ins: ``XLWINGS_VERSION`` (the embedded module's), a ``GetConfig`` that answers
each key's default, and a ``RunPython`` that hands its command string, with the document,
to a Python script in the office (LibreOffice's Python script provider:
``tests/excel/lo_runpython.py``), which runs it as xlwings would: ``import xl_sudoku.excel
as x; x.xl_solve()``, the calling book being the document (or, while ``Calc.silence``
says so, runs nothing: Python never answered). A Basic error in the stand-in (the office's
script provider failing) is written to the stand-in's log and the call tried once more:
in headless LibreOffice such an error ends the Sub without a word to the caller, the
signature of this test's rare failures before (an empty log). Everything else is the
workbook's: the button Subs of ``SudokuMacros`` as written, Check set-up's VBA half
included, and ``Press``, which sets the status bar to the button's words before
``RunPython`` and gives it back after (LibreOffice's status bar cannot be read back: its
VBA mode answers a Boolean, and ends the office if asked while a text shows; so the words
themselves are checked in the built file, ``test_wiring``).

What this proves: each button's Sub compiles and runs in a VBA dialect (LibreOffice's),
status bar included, hands xlwings' ``RunPython`` the command its source holds, and
that command imports and
runs its entry point, which leaves on the sheet what the same action leaves on the
stand-in. What it cannot: xlwings' own VBA (how it finds and starts Python), Excel's
compiler, the ribbon (its callbacks take an ``IRibbonControl``, which LibreOffice lacks).
"""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest

from tests.buttons.sequences import press, run_step, state
from tests.buttons.standin import StandInBook
from tests.buttons.test_engines import fills_of
from tests.excel.calc import SCRIPT, Calc
from xl_sudoku.buttons.actions import PRESSED
from xl_sudoku.workbook.build import modules, xlwings_sources
from xl_sudoku.workbook.layout import BUTTONS

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

#: the button Subs in the order pressed, after Check set-up with no Python answering
ORDER = [
    "Solve",
    "UndoLast",
    "NextStep",
    "Hint",
    "Hint",
    "ShowCandidates",
    "CheckEntries",
    "CountSolutions",
    "ClearWork",
    "UndoLast",
    "NewPuzzle",
    "CheckSetup",
]
CAPTION = dict(BUTTONS)  # Sub -> its button's caption, which names its action
SCRIPT_URL = f"vnd.sun.star.script:{SCRIPT}$run_python?language=Python&location=user"


def stand_in_module(version: str, log: Path) -> str:
    """xlwings' module as the tests swap it in: the version, ``GetConfig``, ``ShowWords``
    ``ShownNow`` and ``GiveBack`` (the status bar's words, read back, and its return to
    Excel, logged: ``SHOWN``),
    ``RunPython``
    (which hands the command to Python: ``lo_runpython.py``, silent while ``Calc.silence``
    says so). A Basic error on the way (the office's script provider) is written to the
    stand-in's ``log`` and the call tried once more: one not written is one that did not
    happen."""
    return f"""Rem Attribute VBA_ModuleType=VBAModule
Option VBASupport 1
' The tests' stand-in for xlwings' module, in memory only (tests/excel/test_vba_path.py)
Public Const XLWINGS_VERSION As String = "{version}"

Public Function RunPython(PythonCommand As String)
    Dim problem As String
    Dim attempt As Integer
    For attempt = 1 To 2
        problem = TryRunPython(PythonCommand)
        If problem = "" Then Exit Function
        LogProblem problem
    Next attempt
End Function

Private Function TryRunPython(PythonCommand As String) As String
    On Error GoTo failed
    Dim provider As Object
    Dim script As Object
    provider = ThisComponent.getScriptProvider()
    script = provider.getScript("{SCRIPT_URL}")
    script.invoke(Array(ThisComponent, PythonCommand), Array(), Array())
    TryRunPython = ""
    Exit Function
failed:
    TryRunPython = "Basic error " & Err.Number & ": " & Err.Description
End Function

Private Sub LogProblem(problem As String)
    Dim f As Integer
    Dim q As String
    f = FreeFile
    Open ConvertToURL("{log}") For Append As #f
    q = Chr(34)
    problem = Replace(Replace(Replace(problem, "\\", "/"), q, "'"), Chr(10), " / ")
    Print #f, "{{" & q & "basic_error" & q & ": " & q & problem & q & "}}"
    Close #f
End Sub

Private shownWords As String

Public Sub ShowWords(words As String)
    Dim f As Integer
    shownWords = words
    Dim q As String
    f = FreeFile
    Open ConvertToURL("{log}") For Append As #f
    q = Chr(34)
    Print #f, "{{" & q & "status_bar" & q & ": " & q & Replace(words, ChrW(8230), "...") & q & "}}"
    Close #f
End Sub

Public Function ShownNow() As Variant
    If shownWords = "" Then
        ShownNow = False
    Else
        ShownNow = shownWords
    End If
End Function

Public Sub GiveBack()
    Dim f As Integer
    shownWords = ""
    f = FreeFile
    Open ConvertToURL("{log}") For Append As #f
    Print #f, "{{" & Chr(34) & "status_bar" & Chr(34) & ": false}}"
    Close #f
End Sub

Function GetConfig(configKey As String, Optional default As String = "", _
                   Optional source As String = "") As Variant
    GetConfig = default
End Function
"""


DICTIONARY = """Rem Attribute VBA_ModuleType=VBAClassModule
Option VBASupport 1
Option ClassModule
' The tests' stand-in for the VBA-Dictionary class, in memory only
"""


#: the status bar's three lines LibreOffice cannot run: headless, once the status bar has
#: been set (a text, or False), the office ends at the next call into it (reading the
#: status bar, ``Application.Name``, the next Sub), and read back it answers a Boolean; so
#: what they would set goes to the log, and the status bar read back is what it last set
#: (``ShownNow``: Python's status bar in the office is ``LoBook``'s, never the office's)
SHOWN = {
    "Application.StatusBar = words": "ShowWords words",
    "Application.StatusBar = False": "GiveBack",
    "shown = Application.StatusBar": "shown = ShownNow()",
}
GIVEN_BACK = {"status_bar": False}


def words(sub: str) -> dict[str, str]:
    return {"status_bar": PRESSED[CAPTION[sub]] + "..."}


def patch(calc: Calc) -> None:
    for old, new in SHOWN.items():
        calc.ask("patch", module="SudokuMacros", old=old, new=new)


def embedded_version() -> str:
    """The ``XLWINGS_VERSION`` of the xlwings module the workbook carries."""
    xlwings_bas, _ = xlwings_sources()
    found = re.search(r'Public Const XLWINGS_VERSION As String = "([^"]+)"', xlwings_bas)
    assert found
    return found.group(1)


def commands() -> dict[str, str]:
    """Each button Sub and the RunPython command its source holds (``Press`` runs it)."""
    source = next(m.source for m in modules() if m.name == "SudokuMacros")
    found = re.findall(r'Public Sub (\w+)\(\)\r?\n(?:.*\r?\n)*?\s+Press "[^"]+", "([^"]+)"', source)
    return dict(found)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_every_button_sub_runs_its_python_entry_point(
    calc: Calc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from xl_sudoku import puzzles

    monkeypatch.setattr(puzzles, "BUDGET", 120.0)
    shipped = ROOT / "workbook" / "sudoku.xlsm"
    path = tmp_path / "calc" / "sudoku.xlsm"
    path.parent.mkdir()
    shutil.copy(shipped, path)
    before = digest(shipped), digest(path)
    version = embedded_version()
    expected = commands()
    assert set(expected) == {sub for sub, _ in BUTTONS}  # every button's Sub calls Python

    # Check set-up's VBA half: its first message stays when Python never answers
    modules = {"xlwings": stand_in_module(version, calc.log), "Dictionary": DICTIONARY}
    calc.silence(True)
    calc.ask("open", path=str(path))
    calc.ask("swap", modules=modules)
    patch(calc)
    silent = calc.ask("sub", module="SudokuMacros", sub="CheckSetup")
    assert silent["status"][0] == (
        f"Python did not answer. xlwings {version} in this workbook starts: python "
        "(set INTERPRETER_WIN or INTERPRETER_MAC in xlwings.conf, see README)"
    )
    assert calc.runpython_log() == [
        words("CheckSetup"),
        {"command": expected["CheckSetup"], "silent": True},
        GIVEN_BACK,
    ]

    # a second copy (a document of its own, its Basic compiled afresh), Python answering
    calc.silence(False)
    second = tmp_path / "calc2" / "sudoku.xlsm"
    second.parent.mkdir()
    shutil.copy(shipped, second)
    calc.ask("open", path=str(second))
    calc.ask("swap", modules=modules)
    patch(calc)
    copy = tmp_path / "standin.xlsm"
    shutil.copy(shipped, copy)
    standin = StandInBook(copy)
    seen = []
    for sub in ORDER:
        in_calc = calc.ask("sub", module="SudokuMacros", sub=sub)
        caption = CAPTION[sub]
        log = calc.runpython_log()
        assert log[-3:] == [words(sub), {"command": expected[sub]}, GIVEN_BACK], (sub, log[-3:])
        seen.append(log[-2]["command"])
        status = in_calc["status"][0]
        if caption == "New puzzle":  # unseeded, as a click is: what it says, not which
            assert re.fullmatch(r"New Medium puzzle( from the bundled set)?, rated .+", status)
            run_step(standin, ("givens", "".join(_digit(v) for v in in_calc["givens"]), None))
            continue
        if caption == "Check set-up":
            assert re.fullmatch(
                rf"Set-up works: Python 3\.\d+\.\d+ at .+; xl-sudoku \S+ imports; "
                rf"xlwings {re.escape(version)} in Python, the same as in the workbook",
                status,
            ), status
            continue
        run_step(standin, press(caption))
        assert in_calc == state(standin, fills_of(standin)), sub  # status cells included
    assert seen == [expected[sub] for sub in ORDER]

    calc.ask("close")
    assert (digest(shipped), digest(path)) == before  # in memory only: no byte changed
    assert digest(second) == before[0]


def _digit(value: object) -> str:
    return str(int(value)) if isinstance(value, float) else "."


def test_a_vba_error_in_runpython_gives_the_status_bar_back(calc: Calc, tmp_path: Path) -> None:
    """xlwings' ``RunPython`` raising a VBA error (here a stand-in that does nothing else):
    ``Press`` gives the status bar back, then the error goes on (in headless LibreOffice it
    ends the Sub without a word to the caller, so the log tells: nothing after)."""
    path = tmp_path / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    failing = re.sub(
        r"Public Function RunPython\(PythonCommand As String\)\n.*?End Function\n",
        "Public Function RunPython(PythonCommand As String)\n"
        '    Err.Raise 1004, "xlwings", "no Python"\n'
        "End Function\n",
        stand_in_module(embedded_version(), calc.log),
        flags=re.DOTALL,
    )
    assert failing.count("Err.Raise 1004") == 1
    calc.ask("open", path=str(path))
    calc.ask("swap", modules={"xlwings": failing, "Dictionary": DICTIONARY})
    patch(calc)
    start = len(calc.runpython_log())
    calc.ask("sub", module="SudokuMacros", sub="Solve")
    assert calc.runpython_log()[start:] == [words("Solve"), GIVEN_BACK]
    calc.ask("close")
