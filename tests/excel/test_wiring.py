"""The workbook's wiring: every button, ribbon callback, RunPython command and formula
leads somewhere real."""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import re
import zipfile
from xml.etree import ElementTree

import openpyxl
import pytest
from oletools.olevba import VBA_Parser

from xl_sudoku.buttons.actions import BUSY, PRESSED
from xl_sudoku.buttons.history import CHUNKS, HISTORY_SHEET, LEVELS
from xl_sudoku.buttons.settings import SETTINGS
from xl_sudoku.workbook.build import RIBBON_PART, build, modules, source
from xl_sudoku.workbook.layout import BUTTONS, SHEETS

SUB = re.compile(
    r"^(Public\s+|Private\s+)?(Sub|Function)\s+(\w+)\s*\(([^)]*)\)",
    re.MULTILINE | re.IGNORECASE,
)


@pytest.fixture(scope="module")
def built() -> bytes:
    return build()


def procedures(text: str) -> dict[str, str]:
    """Name -> parameter list of each public Sub and Function in a module's source."""
    return {
        name: params.strip()
        for scope, _, name, params in SUB.findall(text)
        if not scope.lower().startswith("private")
    }


def ours() -> dict[str, str]:
    return procedures(source("SudokuMacros.bas"))


def test_every_runpython_command_parses_imports_and_calls_a_zero_argument_function() -> None:
    commands = re.findall(r'Press\s+"[^"]+",\s+"([^"]*)"', source("SudokuMacros.bas"))
    assert len(commands) == len(BUTTONS)
    for command in commands:
        assert "|" not in command and '"' not in command  # the Mac's AppleScript separators
        tree = ast.parse(command)
        imports = [node for node in tree.body if isinstance(node, ast.Import)]
        calls = [
            node.value
            for node in tree.body
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
        ]
        assert len(imports) == 1 and len(calls) == 1, command
        alias = imports[0].names[0]
        module = importlib.import_module(alias.name)
        call = calls[0]
        assert isinstance(call.func, ast.Attribute) and not call.args and not call.keywords
        assert isinstance(call.func.value, ast.Name) and call.func.value.id == (
            alias.asname or alias.name
        )
        function = getattr(module, call.func.attr)
        signature = inspect.signature(function)
        assert all(p.default is not p.empty for p in signature.parameters.values()), command


@pytest.mark.slow
def test_every_button_runs_a_parameterless_public_sub(built: bytes) -> None:
    subs = ours()
    with zipfile.ZipFile(io.BytesIO(built)) as package:
        vml = package.read("xl/drawings/vmlDrawing1.vml").decode()
    bound = re.findall(r"<x:FmlaMacro>\[0\]!(\w+)</x:FmlaMacro>", vml)
    assert sorted(bound) == sorted(macro for macro, _ in BUTTONS)
    for macro in bound:
        assert subs.get(macro) == "", f"button macro {macro} is not a parameterless Sub"
    assert "CleanUp" not in subs  # xlwings calls a Sub of that name on exit (Mac)


def test_every_ribbon_callback_is_a_sub_taking_the_control(built: bytes) -> None:
    subs = ours()
    with zipfile.ZipFile(io.BytesIO(built)) as package:
        tree = ElementTree.fromstring(package.read(RIBBON_PART))
    actions = [e.get("onAction") for e in tree.iter() if e.get("onAction")]
    assert len(actions) == len(BUTTONS)
    for action in actions:
        assert action is not None
        assert re.fullmatch(
            r"control\s+As\s+IRibbonControl", subs.get(action, ""), re.IGNORECASE
        ), action


@pytest.mark.slow
def test_no_procedure_name_is_defined_twice() -> None:
    seen: dict[str, str] = {}
    for module in modules():
        if module.kind != "procedural":
            continue
        for name in procedures(module.source):
            key = name.lower()
            assert key not in seen, f"{name} is in {seen.get(key)} and {module.name}"
            seen[key] = module.name


@pytest.mark.slow
def test_every_udf_in_a_formula_has_a_wrapper_and_a_python_function(built: bytes) -> None:
    from xl_sudoku.excel import udfs

    wrappers = procedures(next(m.source for m in modules() if m.name == "xlwings_udfs"))
    book = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True)
    used: set[str] = set()
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                value = cell.value
                text = getattr(value, "text", value)
                if isinstance(text, str) and text.startswith("="):
                    used.update(re.findall(r"\b(SUDOKU_\w+)\(", text))
    assert used, "the Functions sheet uses no UDF"
    python = {name for name in dir(udfs) if name.startswith("SUDOKU_")}
    assert used <= set(wrappers) == python


@pytest.mark.slow
def test_sheet_code_names_match_document_modules(built: bytes) -> None:
    documents = {m.name for m in modules() if m.kind == "document"}
    assert documents == {"ThisWorkbook", *(code for _, code in SHEETS)}
    with zipfile.ZipFile(io.BytesIO(built)) as package:
        workbook_xml = package.read("xl/workbook.xml").decode()
        code_names = [
            re.search(r'codeName="(\w+)"', package.read(f"xl/worksheets/sheet{i}.xml").decode())
            for i in range(1, len(SHEETS) + 1)
        ]
    assert 'codeName="ThisWorkbook"' in workbook_xml
    assert [m.group(1) for m in code_names if m] == [code for _, code in SHEETS]


def test_the_defined_names_the_glue_uses_exist(built: bytes) -> None:
    book = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True)
    names = set(book.defined_names)
    used = names_the_glue_uses()
    assert {"Solutions"} <= used  # a status cell named as a keyword: on_count's
    assert {
        "Givens",
        "Work",
        "Status",
        "StatusCells",
        "StepCount",
        "StepLog",
        "Settings",
        "History",
        *(setting.name for setting in SETTINGS),
    } <= names
    assert used <= names, used - names


def names_the_glue_uses() -> set[str]:
    """Every defined name the buttons' code reads or writes: ``.range("Name")`` and the
    keywords of ``press.status(message, Name=value)``, found in its syntax tree."""
    used: set[str] = set()
    glue = [
        inspect.getsource(importlib.import_module(f"xl_sudoku.buttons.{module}"))
        for module in ("actions", "press", "sheet")
    ]
    for node in (node for text in glue for node in ast.walk(ast.parse(text))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr == "range" and node.args and isinstance(node.args[0], ast.Constant):
            used.add(str(node.args[0].value))
        if node.func.attr == "status":
            used.update(k.arg for k in node.keywords if k.arg)
    return used


def test_xlwings_conf_holds_machine_independent_keys_only(built: bytes) -> None:
    sheet = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True)["xlwings.conf"]
    keys = {row[0].value: row[1].value for row in sheet.iter_rows() if row[0].value}
    assert keys == {"UDF Modules": "xl_sudoku.excel.udfs"}


def test_each_setting_has_its_name_at_its_place_in_the_settings_column(built: bytes) -> None:
    """The buttons read ``Settings`` in one call and take each value by its place: the
    place of each setting's own name must agree, and its label sit beside it."""
    book = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True)
    names = book.defined_names
    sheet_name, column = next(iter(names["Settings"].destinations))
    first, last = column.replace("$", "").split(":")
    sheet = book[sheet_name]
    cells = [row[0] for row in sheet[first:last]]
    assert len(cells) == len(SETTINGS)
    for cell, setting in zip(cells, SETTINGS, strict=True):
        where = next(iter(names[setting.name].destinations))
        assert where == (sheet_name, f"${cell.column_letter}${cell.row}"), setting.name
        assert cell.value == setting.default
        assert sheet.cell(cell.row, cell.column - 2).value == setting.label
    rules = {str(dv.sqref): dv.formula1 for dv in sheet.data_validations.dataValidation}
    for cell, setting in zip(cells, SETTINGS, strict=True):
        assert rules[cell.coordinate] == '"' + ",".join(setting.choices) + '"', setting.name


def test_the_history_block_is_on_a_very_hidden_sheet(built: bytes) -> None:
    book = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True)
    sheet_name, block = next(iter(book.defined_names["History"].destinations))
    assert sheet_name == HISTORY_SHEET and book[sheet_name].sheet_state == "veryHidden"
    first, last = block.replace("$", "").split(":")
    rows = book[sheet_name][first:last]
    assert len(rows) == LEVELS + 1 and len(rows[0]) == CHUNKS
    assert all(cell.value is None for row in rows for cell in row)  # nothing to undo yet


def built_macros(built: bytes) -> str:
    """The SudokuMacros module as olevba reads it from the built file."""
    parser = VBA_Parser("sudoku.xlsm", data=built)
    for _, stream, _, code in parser.extract_macros():
        if stream.split("/")[-1] == "SudokuMacros":
            return str(code).replace("\r\n", "\n")
    raise AssertionError("no SudokuMacros module in the built file")


def body(code: str, header: str) -> list[str]:
    """The statements of the procedure whose first line starts with ``header``, stripped,
    comments and blank lines left out."""
    lines = code.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("End "))
    return [
        line.strip()
        for line in lines[start + 1 : end]
        if line.strip() and not line.strip().startswith("'")
    ]


def test_each_button_sub_presses_with_its_caption_and_runpython_only_in_press(
    built: bytes,
) -> None:
    code = built_macros(built)
    for sub, caption in BUTTONS:
        last = body(code, f"Public Sub {sub}()")[-1]
        assert re.fullmatch(rf'Press "{re.escape(caption)}", "[^"]+"', last), (sub, last)
    calls = [line.strip() for line in code.split("\n") if re.match(r"\s*RunPython\b", line)]
    assert calls == ["RunPython pythonCommand"]  # Press's, and no other


def test_press_shows_the_words_before_runpython_and_gives_the_bar_back_on_every_path(
    built: bytes,
) -> None:
    code = built_macros(built)
    press = body(code, "Private Sub Press(action As String, pythonCommand As String)")
    at = press.index
    handler = at("failed:")
    assert at("On Error GoTo failed") < at("words = Doing(action)")
    assert at("words = Doing(action)") < at("Application.StatusBar = words")
    assert at("Application.StatusBar = words") < at("RunPython pythonCommand") < handler
    # RunPython has returned: our words still there go (what Python left stays)
    assert press[at("RunPython pythonCommand") + 1 : at("Exit Sub")] == [
        "If StillShows(words) Then Application.StatusBar = False"
    ]
    assert body(code, "Private Function StillShows(words As String) As Boolean") == [
        "Dim shown As Variant",
        "shown = Application.StatusBar",
        "If VarType(shown) = vbString Then StillShows = (shown = words)",
    ]
    # a VBA error (RunPython's own): the bar goes back, then the error goes on to Excel
    assert press[handler + 1 :] == [
        "number = Err.Number",
        "origin = Err.Source",
        "description = Err.Description",
        "Application.StatusBar = False",
        "Err.Raise number, origin, description",
    ]


def test_the_words_vba_shows_are_the_python_tables(built: bytes) -> None:
    doing = body(built_macros(built), "Private Function Doing(action As String) As String")
    cases = {}
    for line in doing:
        found = re.fullmatch(r'Case "([^"]+)": Doing = "([^"]+)" & ChrW\(8230\)', line)
        if found:
            cases[found.group(1)] = found.group(2) + chr(8230)
    assert cases == {caption: f"{PRESSED[caption]}…" for _, caption in BUTTONS}
    # a long button's first words from Python (``pressing``: f"{busy}…") are the same
    assert {caption: cases[caption] for caption in BUSY} == {
        caption: f"{words}…" for caption, words in BUSY.items()
    }
