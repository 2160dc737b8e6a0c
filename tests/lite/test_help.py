"""What Excel's function help shows of the SUDOKU_* functions, as xlwings itself registers
them: in xlwings Lite (its Office.js runtime's ``custom_functions_meta``, run here with
xlwings' public noncommercial key) and on Windows (the UDF server's ``__xlfunc__``, whose
function descriptions the generated VBA wrappers carry into Excel's function wizard; the
arguments' only xlwings' own "Import Functions" would register). Both come from the same
docstrings and ``doc`` texts, so they must agree, and read as help: one plain sentence
for a function, a description for every argument (xlwings' own fallback is
"Positional argument N")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: in a process of its own: xlwings' decorators are swapped for the runtime's, once
LITE_META = """
import importlib.util, json
import xlwings
import xlwings.pro.udfs_officejs as officejs

xlwings.func, xlwings.arg, xlwings.script = officejs.xlfunc, officejs.xlarg, officejs.script
spec = importlib.util.spec_from_file_location("main", "lite/main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
print(json.dumps(officejs.custom_functions_meta(main)))
"""
WINDOWS_META = """
import json
from xl_sudoku.workbook.udf_wrappers import decorated

module = decorated()
found = {}
for name in dir(module):
    info = getattr(getattr(module, name), "__xlfunc__", None)
    if info is not None:
        args = [(a["name"], a["doc"]) for a in info["args"]]
        found[name] = {"description": info["ret"]["doc"], "args": args}
print(json.dumps(found))
"""


def run(code: str) -> Any:
    env = {**os.environ, "XLWINGS_LICENSE_KEY": "noncommercial"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_every_function_and_argument_has_help_as_excel_shows_it() -> None:
    lite = {f["id"]: f for f in run(LITE_META)["functions"]}
    windows = run(WINDOWS_META)
    assert set(lite) == set(windows) and len(lite) == 8
    for name, function in lite.items():
        description = function["description"]
        assert "``" not in description and "\n" not in description, (name, description)
        assert description[0].isupper() and description.endswith("."), (name, description)
        assert description == windows[name]["description"], name
        shown = [(p["name"], p["description"]) for p in function["parameters"]]
        assert shown == [tuple(arg) for arg in windows[name]["args"]], name
        for argument, text in shown:
            assert text and not text.startswith("Positional argument"), (name, argument)
            assert "``" not in text, (name, argument, text)
    hint = [p["name"] for p in lite["SUDOKU_HINT"]["parameters"]]
    assert hint == ["givens", "level", "seconds"]
