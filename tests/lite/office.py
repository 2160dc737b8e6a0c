"""xlwings Lite's side of a workbook, as a model: what Excel holds, what a script is sent
and what it sends back, and how a custom function is called (tests).

xlwings Lite runs a script in three moves, and this module makes each:

1. **Office.js reads the workbook** (``Excel.payload``): for every sheet the script
   includes (``@script(include=...)``; all by default), the values from A1 to the last
   used cell, as Office.js gives them (an empty cell ``""``, a number a JavaScript
   number: Pyodide hands a whole one to Python as an ``int``); the defined names.
2. **The script runs on xlwings' remote engine** (``LiteBook``), which reads only that
   snapshot and writes nothing: each write is an action appended to a list. The rules,
   from xlwings 0.37.8 (``pro/_xlremote.py``, lines quoted in ``QUOTED`` and checked
   against the installed wheel by ``tests/lite/test_office.py``): a value read is the
   snapshot's (``Range.raw_value`` returns ``self.api``), ``""`` read as None
   (``_clean_value_data_element``), one cell a scalar, one row or column a list, a block
   rows (xlwings' ``AdjustDimensionsStage``); a write of rows goes from the range's first
   cell over the rows' size, a scalar over the whole range, None written as ``""``
   (``prepare_xl_data_element``); ``color`` can be written (``#RRGGBB``, or None: no fill)
   but not read (``NotImplementedError``); an address is one rectangle
   (``tests/buttons/engines.read_remote``) or a defined name, whose rectangle
   ``book.names[name].refers_to_range`` is too, on the sheet it is on now (Excel's names
   follow a renamed sheet; ``Name.refers_to_range``); ``book.app.engine.name`` is
   ``"remote"`` and ``app.status_bar`` raises ``NotImplementedError``.
3. **Office.js applies the actions** (``Excel.apply``) in order, after the script ends;
   none if it raised. An ``async`` script may send the actions so far at once, ``await
   book.flush()`` (``Book.flush``, ``pro/_xlremote.py``): Office.js applies them then (and
   they stay, whatever follows); the snapshot the script reads does not change. What each
   flush left in Excel's Status cell is kept (``Run.flushed``).

A script that reads a sheet it does not include gets Nones from xlwings, silently; here
that read is recorded (``LiteBook.excluded_reads``) so that a test can refuse it.

Custom functions (``call_function``): Excel hands each argument as a matrix (a cell as
1x1, an empty cell as null), xlwings makes a 1x1 a scalar, an omitted argument its
default, ``""`` None, and applies ``ndim=2``; the result goes back as a matrix, None as
``""`` (``custom_functions_call``, ``to_scalar``, ``_xlofficejs``).

What Office.js does with the actions inside Excel (format, recalculation, a string that
looks like a number typed into a General cell) is Excel's and cannot run here; the model
stores what was written. Standard library only: it runs under Pyodide too.
"""

from __future__ import annotations

import inspect
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.buttons.engines import read_remote
from tests.buttons.sequences import fills_from_codes

Cell = tuple[int, int]  # 1-based row, column
CELL = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)$")

#: lines of xlwings 0.37.8's ``pro/_xlremote.py`` the model follows (file, line, text)
QUOTED = [
    ("pro/_xlremote.py", 490, 'if value == "":'),  # an empty cell read ...
    ("pro/_xlremote.py", 491, "return empty_as"),  # ... as None
    ("pro/_xlremote.py", 545, "if x is None:"),  # None written ...
    ("pro/_xlremote.py", 546, 'return ""'),  # ... as ""
    ("pro/_xlremote.py", 655, 'status_bar = _unsupported("status_bar", "it has no'),
    ("pro/_xlremote.py", 907, 'raise NotImplementedError("Book.flush() is only supported'),
    ("pro/_xlremote.py", 923, 'self._json["actions"] = []'),  # a flush sends the actions ...
    ("pro/_xlremote.py", 927, "await js.xlwings.runActions(actions_js)"),  # ... to Office.js
    ("main.py", 1059, "- **Showing progress during a long-running script:** a change"),
    ("pro/_xlremote.py", 1730, "return self.api"),  # a read is the snapshot's
    ("pro/_xlremote.py", 1735, "# Covers also this case: myrange['A1:B2'].value = 'xyz'"),
    ("pro/_xlremote.py", 1741, 'func="setValues",'),  # a write is an action
    ("pro/_xlremote.py", 1747, 'func="rangeClearContents",'),
    ("pro/_xlremote.py", 1838, "def address(self):"),
    ("pro/_xlremote.py", 1924, "raise NotImplementedError("),  # no colour read
    ("pro/_xlremote.py", 3001, "def refers_to_range(self):"),  # a name's rectangle
    ("pro/_xlremote.py", 1931, 'self.append_json_action(func="setRangeColor", args=_color_to'),
    ("pro/udfs_officejs.py", 467, "def to_scalar(arg):"),
    ("conversion/standard.py", 140, "rng = rng.resize(len(value), len(value[0]))"),
    ("conversion/standard.py", 280, "c.value = c.value[0][0] if len(c.value[0]) == 1 else"),
]
NO_STATUS_BAR = "App.status_bar is not supported on this engine: it has no equivalent setting."


def column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def column_letters(number: int) -> str:
    name = ""
    while number:
        number, rest = divmod(number - 1, 26)
        name = chr(65 + rest) + name
    return name


def cell_of(text: str) -> Cell:
    match = CELL.match(text.upper())
    if match is None:
        raise ValueError(f"not a cell: {text!r}")
    return int(match.group(2)), column_number(match.group(1))


def area_of(text: str) -> tuple[Cell, Cell]:
    """``B4:J12`` (or ``B4``) as its first and last cells."""
    first, _, last = text.partition(":")
    return cell_of(first), cell_of(last or first)


def from_js(value: Any) -> Any:
    """A value as it reaches Python from Office.js: a JavaScript number that is whole
    comes as an ``int`` (Pyodide's conversion), an empty cell as ``""``."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@dataclass
class Excel:
    """A workbook as Excel holds it: each sheet's values and fills by cell, its names."""

    sheets: list[str]
    values: dict[str, dict[Cell, Any]]
    fills: dict[str, dict[Cell, str]]
    names: dict[str, tuple[str, str]]  # name -> (sheet, "$B$4:$J$12")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Excel:
        """From ``{"sheets": [{"name", "cells": [[row, col, value], ...], "fills": [[row,
        col, "RRGGBB"], ...]}], "names": {name: [sheet, address]}}``."""
        return cls(
            [s["name"] for s in data["sheets"]],
            {s["name"]: {(r, c): v for r, c, v in s["cells"]} for s in data["sheets"]},
            {s["name"]: {(r, c): f for r, c, f in s["fills"]} for s in data["sheets"]},
            {name: (sheet, address) for name, (sheet, address) in data["names"].items()},
        )

    def payload(self, included: list[str]) -> dict[str, Any]:
        """What Office.js sends a script: each included sheet's values from A1 to its last
        used cell (an excluded sheet's none), the names."""
        sheets = []
        for name in self.sheets:
            values: list[list[Any]] = []
            cells = self.values[name]
            if name in included and cells:
                rows = max(r for r, _ in cells)
                cols = max(c for _, c in cells)
                values = [
                    [from_js(cells.get((r, c))) for c in range(1, cols + 1)]
                    for r in range(1, rows + 1)
                ]
            sheets.append({"name": name, "values": values, "included": name in included})
        return {"sheets": sheets, "names": dict(self.names)}

    def apply(self, actions: list[dict[str, Any]]) -> None:
        """Office.js carrying out a script's actions, in order."""
        for action in actions:
            sheet = self.sheets[action["sheet_position"]]
            top, left = action["start_row"] + 1, action["start_column"] + 1
            cells = [
                (top + r, left + c)
                for r in range(action["row_count"])
                for c in range(action["column_count"])
            ]
            if action["func"] == "setValues":
                for r, row in enumerate(action["values"]):
                    for c, value in enumerate(row):
                        self.type(sheet, (top + r, left + c), value)
            elif action["func"] == "rangeClearContents":
                for cell in cells:
                    self.values[sheet].pop(cell, None)
            elif action["func"] == "setRangeColor":
                colour = action["args"][0]
                for cell in cells:
                    if colour is None:
                        self.fills[sheet].pop(cell, None)
                    else:
                        self.fills[sheet][cell] = colour.lstrip("#").upper()
            else:
                raise ValueError(f"an action the model does not know: {action['func']}")

    def type(self, sheet: str, cell: Cell, value: Any) -> None:
        """A value into a cell, as typing it (``""`` or None empties the cell)."""
        if value is None or value == "":
            self.values[sheet].pop(cell, None)
        else:
            self.values[sheet][cell] = value

    def resolve(self, sheet: str, text: str) -> tuple[str, tuple[Cell, Cell]]:
        """The sheet and rectangle ``sheet.range(text)`` reaches on the remote engine."""
        read = read_remote(text)
        if read in self.names:
            named_sheet, address = self.names[read]
            return named_sheet, area_of(address.replace("$", ""))
        return sheet, area_of(read)

    def view(self) -> View:
        """The workbook as the user sees it and types into (outside any script)."""
        return View(self)


# --- the workbook seen and typed into, outside a script --------------------------------


class View:
    """``book.sheets[name].range(text).value``, read and typed, straight on the model."""

    def __init__(self, excel: Excel) -> None:
        self.excel = excel

    @property
    def sheets(self) -> ViewSheets:
        return ViewSheets(self.excel)

    @property
    def app(self) -> LiteApp:
        return LiteApp()


class ViewSheets:
    def __init__(self, excel: Excel) -> None:
        self.excel = excel

    def __getitem__(self, name: str) -> ViewSheet:
        return ViewSheet(self.excel, name)


class ViewSheet:
    def __init__(self, excel: Excel, name: str) -> None:
        self.excel, self.name = excel, name

    def range(self, text: str) -> ViewRange:
        return ViewRange(self.excel, *self.excel.resolve(self.name, text))


class ViewRange:
    def __init__(self, excel: Excel, sheet: str, area: tuple[Cell, Cell]) -> None:
        self.excel, self.sheet, self.area = excel, sheet, area

    def options(self, **options: Any) -> ViewRange:
        """The user's view reads every value as it is."""
        return self

    @property
    def address(self) -> str:
        return address_of(self.area)

    @property
    def color(self) -> Any:
        raise NotImplementedError("the user's view: fills are read with fills()")

    @color.setter
    def color(self, value: Any) -> None:
        raise NotImplementedError("the user's view: colours are the scripts'")

    def clear_contents(self) -> None:
        for row in self.cells():
            for cell in row:
                self.excel.values[self.sheet].pop(cell, None)

    def cells(self) -> list[list[Cell]]:
        (top, left), (bottom, right) = self.area
        return [[(r, c) for c in range(left, right + 1)] for r in range(top, bottom + 1)]

    @property
    def value(self) -> Any:
        cells = self.excel.values[self.sheet]
        return squeeze([[cells.get(cell) for cell in row] for row in self.cells()])

    @value.setter
    def value(self, value: Any) -> None:
        rows = value if isinstance(value, list) else [[value]]
        rows = [row if isinstance(row, list) else [row] for row in rows]
        (top, left), _ = self.area
        for r, row in enumerate(rows):
            for c, item in enumerate(row):
                self.excel.type(self.sheet, (top + r, left + c), item)

    def fills(self) -> list[str | None]:
        """The fills this grid (``Givens`` or ``Work``) shows: its codes in the
        ``Colours`` block, as the workbook's rules show them (``fills_from_codes``)."""
        givens = area_of(self.excel.names["Givens"][1].replace("$", ""))
        (top, left), (bottom, right) = area_of(self.excel.names["Colours"][1].replace("$", ""))
        values = self.excel.values[self.sheet]
        block = [
            [values.get((r, c)) for c in range(left, right + 1)] for r in range(top, bottom + 1)
        ]
        return fills_from_codes(block, "Givens" if self.area == givens else "Work")


def address_of(area: tuple[Cell, Cell]) -> str:
    """``$L$4:$T$12``, or ``$C$15`` for one cell: the remote engine's ``Range.address``."""
    (top, left), (bottom, right) = area
    first = f"${column_letters(left)}${top}"
    return first if (top, left) == (bottom, right) else f"{first}:${column_letters(right)}${bottom}"


def squeeze(rows: list[list[Any]]) -> Any:
    """xlwings' default dimensions: one cell a scalar, one row or column a list."""
    if len(rows) == 1:
        return rows[0][0] if len(rows[0]) == 1 else rows[0]
    if len(rows[0]) == 1:
        return [row[0] for row in rows]
    return rows


# --- xlwings' remote engine, inside a script -------------------------------------------


class EngineName:
    name = "remote"


class LiteApp:
    """``book.app``: the remote engine, without a status bar."""

    engine = EngineName()

    @property
    def status_bar(self) -> Any:
        raise NotImplementedError(NO_STATUS_BAR)

    @status_bar.setter
    def status_bar(self, value: Any) -> None:
        raise NotImplementedError(NO_STATUS_BAR)


@dataclass
class LiteBook:
    """The book a script is handed: the payload it was sent, the actions it sends back."""

    excel: Excel
    payload: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    excluded_reads: list[str] = field(default_factory=list)
    app: LiteApp = field(default_factory=LiteApp)
    flushed: list[Any] = field(default_factory=list)  # the Status cell after each flush

    @property
    def sheets(self) -> LiteSheets:
        return LiteSheets(self)

    @property
    def names(self) -> LiteNames:
        return LiteNames(self)

    async def flush(self) -> None:
        """``await book.flush()``: Office.js applies the actions so far, now."""
        self.excel.apply(self.actions)
        self.actions = []
        sheet, address = self.excel.names["Status"]
        self.flushed.append(self.excel.values[sheet].get(cell_of(address.replace("$", ""))))

    def snapshot(self, sheet: str) -> dict[str, Any]:
        return next(s for s in self.payload["sheets"] if s["name"] == sheet)


class LiteSheets:
    def __init__(self, book: LiteBook) -> None:
        self.book = book

    def __getitem__(self, name: str) -> LiteSheet:
        if name not in self.book.excel.sheets:
            raise KeyError(name)
        return LiteSheet(self.book, name)


class LiteNames:
    """``book.names[name].refers_to_range``: the rectangle a defined name refers to, on the
    sheet it is on now (Excel's names follow a renamed sheet)."""

    def __init__(self, book: LiteBook) -> None:
        self.book = book

    def __getitem__(self, name: str) -> LiteName:
        if name not in self.book.excel.names:
            raise KeyError(name)
        return LiteName(self.book, name)


class LiteName:
    def __init__(self, book: LiteBook, name: str) -> None:
        self.book, self.name = book, name

    @property
    def refers_to_range(self) -> LiteRange:
        sheet, address = self.book.excel.names[self.name]
        return LiteRange(self.book, sheet, area_of(address.replace("$", "")))


class LiteSheet:
    def __init__(self, book: LiteBook, name: str) -> None:
        self.book, self.name = book, name

    def range(self, text: str) -> LiteRange:
        sheet, area = self.book.excel.resolve(self.name, text)
        return LiteRange(self.book, sheet, area)


#: the error values the remote engine reads as None without ``err_to_str``
CELL_ERRORS = ("#DIV/0!", "#N/A", "#NAME?", "#NULL!", "#NUM!", "#REF!", "#VALUE!", "#DATA!")


class LiteRange:
    """A rectangle of one sheet, read from the snapshot, written as actions."""

    def __init__(self, book: LiteBook, sheet: str, area: tuple[Cell, Cell]) -> None:
        self.book, self.sheet_name, self.area = book, sheet, area
        self.errors = False  # err_to_str: an error cell read as its text

    @property
    def sheet(self) -> LiteSheet:
        return LiteSheet(self.book, self.sheet_name)

    def options(self, **options: Any) -> LiteRange:
        """The range with xlwings' read options: ``err_to_str`` keeps an error's text, which
        the remote engine reads as None otherwise (``_xlremote.py``,
        ``_clean_value_data_element``)."""
        found = LiteRange(self.book, self.sheet_name, self.area)
        found.errors = bool(options.get("err_to_str", False))
        return found

    @property
    def shape(self) -> tuple[int, int]:
        (top, left), (bottom, right) = self.area
        return bottom - top + 1, right - left + 1

    @property
    def address(self) -> str:
        return address_of(self.area)

    @property
    def value(self) -> Any:
        snapshot = self.book.snapshot(self.sheet_name)
        if not snapshot["included"]:
            self.book.excluded_reads.append(f"{self.sheet_name}!{self.address}")
        values = snapshot["values"]
        (top, left), (bottom, right) = self.area
        rows = []
        for r in range(top, bottom + 1):
            row = values[r - 1] if r <= len(values) else []
            rows.append([row[c - 1] if c <= len(row) else "" for c in range(left, right + 1)])
        errors = self.errors
        return squeeze(
            [
                [None if v == "" or (v in CELL_ERRORS and not errors) else v for v in row]
                for row in rows
            ]
        )

    @value.setter
    def value(self, value: Any) -> None:
        if isinstance(value, list):
            if value and not isinstance(value[0], list):
                value = [value]
            if not value:
                return
            rows = [[prepare(v) for v in row] for row in value]
            self.action("setValues", shape=(len(rows), len(rows[0])), values=rows)
        else:
            nrows, ncols = self.shape
            self.action("setValues", values=[[prepare(value)] * ncols for _ in range(nrows)])

    @property
    def color(self) -> Any:
        raise NotImplementedError("Reading the fill color synchronously isn't supported")

    @color.setter
    def color(self, value: Any) -> None:
        if value is None:
            colour = None
        elif isinstance(value, str):
            colour = value if value.startswith("#") else f"#{value}"
        else:
            colour = "#{:02X}{:02X}{:02X}".format(*value)
        self.action("setRangeColor", args=[colour])

    def clear_contents(self) -> None:
        self.action("rangeClearContents")

    def action(self, func: str, shape: tuple[int, int] | None = None, **more: Any) -> None:
        nrows, ncols = shape or self.shape
        (top, left), _ = self.area
        self.book.actions.append(
            {
                "func": func,
                "args": more.get("args", []),
                "values": more.get("values"),
                "sheet_position": self.book.excel.sheets.index(self.sheet_name),
                "start_row": top - 1,
                "start_column": left - 1,
                "row_count": nrows,
                "column_count": ncols,
            }
        )


def prepare(value: Any) -> Any:
    """A value on its way to Office.js (``prepare_xl_data_element``): None as ``""``."""
    return "" if value is None else value


# --- running a script and a function as xlwings Lite does -------------------------------


@dataclass
class Run:
    """What one script run did: its actions, and the reads of sheets it left out."""

    actions: list[dict[str, Any]]
    excluded_reads: list[str]
    flushed: list[Any]


def scripts(main: Any) -> dict[str, Callable[..., Any]]:
    """``main.py``'s scripts by the name each shows (``@script(name=...)``)."""
    found: dict[str, Callable[..., Any]] = {}
    for name, function in inspect.getmembers(main, inspect.isfunction):
        meta = getattr(function, "__xlscript__", None)
        if meta is not None:
            found[meta["name"] or name] = function
    return found


def run_script(excel: Excel, main: Any, name: str) -> Run:
    """Press the button of the script ``name``: Office.js sends the sheets it includes,
    the script runs on the remote engine, Office.js applies what it wrote."""
    function = scripts(main)[name]
    meta = getattr(function, "__xlscript__")  # noqa: B009 - set by the stand-in's script
    include = meta["include"]
    exclude = meta["exclude"] or []
    if isinstance(include, str):
        include = [s.strip() for s in include.split(",")]
    if isinstance(exclude, str):
        exclude = [s.strip() for s in exclude.split(",")]
    included = [s for s in excel.sheets if (not include or s in include) and s not in exclude]
    book = LiteBook(excel, excel.payload(included))
    hints = typing.get_type_hints(function)
    book_type = sys_module(main).Book
    arguments = [
        book if hints.get(p) is book_type else None for p in inspect.signature(function).parameters
    ]
    finish(function(*arguments))  # an exception: no action reaches Excel (but those flushed)
    excel.apply(book.actions)
    return Run(book.actions, book.excluded_reads, book.flushed)


def finish(result: Any) -> Any:
    """A script's result; an ``async`` script's run to its end (the model's ``flush``
    waits on nothing, so no event loop is needed: under Pyodide there is none to block)."""
    if not inspect.iscoroutine(result):
        return result
    try:
        result.send(None)
    except StopIteration as done:
        return done.value
    result.close()
    raise RuntimeError("the script waited on something the model does not answer")


def sys_module(main: Any) -> Any:
    """The ``xlwings`` module ``main`` was loaded with (its ``xw``)."""
    return main.xw


def call_function(main: Any, name: str, args: list[Any]) -> list[list[Any]]:
    """A custom function as Excel calls it through xlwings Lite: each argument a matrix
    (a cell 1x1, an empty cell None; None for an argument left out), the result a matrix."""
    function = getattr(main, name)
    info = function.__xlfunc__
    given = []
    for entry, value in zip(info["args"].values(), args, strict=False):
        value = to_scalar(value)
        if value is None:
            given.append(entry.get("optional"))
            continue
        value = clean(value)
        if entry["options"].get("ndim") == 2:
            if not isinstance(value, list):
                value = [[value]]
            elif value and not isinstance(value[0], list):
                value = [value]
        given.append(value)
    for entry in list(info["args"].values())[len(args) :]:
        given.append(entry.get("optional"))
    return to_matrix(function(*given))


def to_scalar(value: Any) -> Any:
    """xlwings' ``to_scalar``: a 1x1 matrix (or a one-item list) is its item."""
    if isinstance(value, list | tuple) and len(value) == 1:
        value = (
            value[0][0] if isinstance(value[0], list | tuple) and len(value[0]) == 1 else value[0]
        )
    return value


def clean(value: Any) -> Any:
    """Office.js' empty cells (null or ``""``) as None."""
    if isinstance(value, list):
        return [clean(v) for v in value]
    return None if value == "" else value


def to_matrix(result: Any) -> list[list[Any]]:
    """A result as Office.js takes it: a matrix, None as ``""``."""
    if not isinstance(result, list | tuple):
        result = [[result]]
    elif result and not isinstance(result[0], list | tuple):
        result = [result]
    return [[prepare(v) for v in row] for row in result]
