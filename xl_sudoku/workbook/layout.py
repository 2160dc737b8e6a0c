"""The sheets of ``sudoku.xlsm``, laid out with XlsxWriter (workbook builder layer).

This is the one place that knows addresses: everything else finds cells by the
defined names made here (``Givens``, ``Work``, ``Status`` ...).

Sheet ``Sudoku``: the givens (B4:J12) and the work grid (L4:T12), square cells with
thick box borders, wide enough for a candidates string (``120406709``) at a legible
size; a row of buttons under them; the status cells; the settings
(``buttons.settings``); the colour legend. Typing is checked without Python: in the
givens a data validation allows whole numbers 1-9, and in both grids a conditional
format turns a digit repeated in its row, column or box red (in the work grid, a digit
that repeats a given too). Sheets ``Steps`` (the log), ``Functions`` (the UDFs at work),
``xlwings.conf`` (machine-independent settings only; hidden) and, very hidden,
``History`` (Undo's levels, ``buttons.history``).

Printed: the Sudoku sheet on one page (without its buttons), Steps and Functions one
page wide with their first row on every page; the hidden sheets not at all.

The xlwings Lite workbook (``sudoku-lite.xlsx``, ``lay_out(..., lite=True)``) is the same
layout without VBA: its buttons are shapes whose hyperlinks select the cell behind them
(xlwings Lite runs the script that names the shape and the cell, ``lite/main.py``), every
button but Check set-up; no ``xlwings.conf`` sheet, no ribbon.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from xlsxwriter.format import Format
from xlsxwriter.workbook import Workbook
from xlsxwriter.worksheet import Worksheet

from ..buttons.history import CHUNKS, HISTORY_SHEET, LEVELS
from ..buttons.settings import SETTINGS, SWITCH, family_words
from ..buttons.sheet import STATUS_CELLS
from ..core import Grid, candidates, count_solutions, placeholder, solve
from ..core.colours import DARK_GREY, ERROR, FILLS, MARK, NAVY, PALE_BLUE, RGB, WHITE, hex_code
from ..core.generate import generate
from ..core.hints import hint
from ..core.rating import rate
from ..core.target import best_score
from ..helpers.a1 import column_letters
from ..paint import LEGEND
from .udf_wrappers import UDF_MODULE

GIVENS_ROW, GIVENS_COL = 3, 1  # B4, 0-based
WORK_ROW, WORK_COL = 3, 11  # L4
#: the colour codes of each grid's cells sit this many columns right of the grid, in hidden
#: columns (AB4:AJ12 the givens', AL4:AT12 the work grid's: ``Colours``, one block)
CODES_SHIFT = 26
BUTTONS_ROW = 12  # row 13: the buttons, a row of them under the grids
STATUS_ROW = 14  # row 15: status cells C15:C20
STATUS_LABELS = ("Status", "Time", "Steps", "Guesses", "Solutions", "Rating")
#: the Status cell's lines: Check set-up's advice comes after a path and the versions,
#: 400-600 characters, and a line of C:T holds about 230 of them in bold Calibri 11
STATUS_LINES = 3
SETTINGS_ROW = 21  # row 22: the heading; the settings D23 and down (one row each)
#: the legend's heading, a row below the last setting; the colours below it, swatch in B,
#: text C:T
LEGEND_ROW = SETTINGS_ROW + 1 + len(SETTINGS) + 1
LOG_ROWS = 5000
# a cell fits a candidates string in Consolas at about 10.5 points (shrunk to fit from
# the digits' 20): 9 characters of 0.55 em in 76 pixels less the margins
CELL_WIDTH = 10.14  # characters: 76 pixels
CELL_HEIGHT = 57  # points: 76 pixels
CELL_PIXELS = 76  # a grid cell's width in pixels (CELL_WIDTH characters)
RELATIVE = {"row_absolute": False, "col_absolute": False}
#: a button, in pixels: wide enough for "Count solutions" in Calibri 11 (70 points) and
#: the text box's inset (0.1 inch a side) with room to spare; five buttons under each grid
BUTTON_WIDTH, BUTTON_HEIGHT, BUTTON_PITCH, BUTTON_INSET = 128, 34, 137, 4
BUTTON_ROW_HEIGHT = 30  # points: 40 pixels
#: characters of the legend's text (Calibri 11) a line holds in C:T (1318 pixels), on the
#: safe side: a longer text wraps onto a second line, and its row is made as tall
LEGEND_LINE = 170
GRID_FONT = "Consolas"  # candidates' positions line up from cell to cell

#: (macro, caption) of the sheet's buttons, in the order they are laid out, four a row
BUTTONS = (
    ("Solve", "Solve"),
    ("NextStep", "Step"),
    ("Hint", "Hint"),
    ("UndoLast", "Undo"),
    ("ShowCandidates", "Candidates"),
    ("CheckEntries", "Check"),
    ("ClearWork", "Clear"),
    ("NewPuzzle", "New puzzle"),
    ("CountSolutions", "Count solutions"),
    ("CheckSetup", "Check set-up"),
)
#: (script, caption) of the xlwings Lite workbook's buttons, in the same places: the VBA
#: buttons but Check set-up (xlwings Lite has no local Python to check); each is a shape
#: named ``LITE_SHAPE`` + script, its script the function of that name in ``lite/main.py``
LITE_BUTTONS = (
    ("solve", "Solve"),
    ("step", "Step"),
    ("hint", "Hint"),
    ("undo", "Undo"),
    ("candidates", "Candidates"),
    ("check", "Check"),
    ("clear", "Clear"),
    ("new_puzzle", "New puzzle"),
    ("count_solutions", "Count solutions"),
)
LITE_SHAPE = "xlsudoku_"
SHEETS = (
    ("Sudoku", "Sheet1"),
    ("Steps", "Sheet2"),
    ("Functions", "Sheet3"),
    ("xlwings.conf", "Sheet4"),
    (HISTORY_SHEET, "Sheet5"),
)


def _hex(colour: RGB) -> str:
    return "#" + hex_code(colour)


def ref(row: int, col: int, *, row_absolute: bool = True, col_absolute: bool = True) -> str:
    """A cell reference for 0-based (row, col): ``$B$4``, ``B4``, ``$B4`` or ``B$4``."""
    name = column_letters(col + 1)
    return f"{'$' if col_absolute else ''}{name}{'$' if row_absolute else ''}{row + 1}"


def address(row: int, col: int) -> str:
    """``$B$4`` for 0-based (3, 1)."""
    return ref(row, col)


def grid_address(row: int, col: int) -> str:
    return f"{address(row, col)}:{address(row + 8, col + 8)}"


@dataclass
class _Formats:
    book: Workbook
    cache: dict[tuple[object, ...], Format]

    def get(self, **props: object) -> Format:
        key = tuple(sorted(props.items()))
        if key not in self.cache:
            self.cache[key] = self.book.add_format(dict(props))
        return self.cache[key]


def _cell_border(r: int, c: int) -> dict[str, int]:
    """Thin inner lines, thick box edges."""
    return {
        "top": 5 if r % 3 == 0 else 1,
        "bottom": 5 if r % 3 == 2 else 1,
        "left": 5 if c % 3 == 0 else 1,
        "right": 5 if c % 3 == 2 else 1,
    }


def lay_out(book: Workbook, puzzle: Grid, *, lite: bool = False) -> list[CachedArray]:
    """Add the sheets, their names, formats, validation and buttons to ``book``; return
    the array formulas, whose cached values the builder completes. ``lite``: the xlwings
    Lite workbook (no VBA, no ``xlwings.conf``; buttons as shapes with hyperlinks)."""
    formats = _Formats(book, {})
    sheets = {}
    for name, code_name in SHEETS:
        if lite and name == "xlwings.conf":
            continue
        sheet = book.add_worksheet(name)
        if not lite:
            sheet.set_vba_name(code_name)
        sheets[name] = sheet
    _sudoku_sheet(book, sheets["Sudoku"], formats, puzzle, lite=lite)
    _steps_sheet(book, sheets["Steps"], formats)
    arrays = _functions_sheet(sheets["Functions"], formats, puzzle, lite=lite)
    if not lite:
        sheets["xlwings.conf"].write_row(0, 0, ("UDF Modules", UDF_MODULE))
        sheets["xlwings.conf"].set_column(0, 1, 22)
        # hidden (xlwings reads it all the same): printing the workbook leaves it out
        sheets["xlwings.conf"].hide()
    _history_sheet(book, sheets[HISTORY_SHEET], lite=lite)
    sheets["Sudoku"].activate()
    return arrays


def _sudoku_sheet(
    book: Workbook, sheet: Worksheet, formats: _Formats, puzzle: Grid, *, lite: bool
) -> None:
    sheet.hide_gridlines(2)
    sheet.set_column(0, 0, 2)
    sheet.set_column(GIVENS_COL, GIVENS_COL + 8, CELL_WIDTH)
    sheet.set_column(GIVENS_COL + 9, GIVENS_COL + 9, 3)
    sheet.set_column(WORK_COL, WORK_COL + 8, CELL_WIDTH)
    sheet.set_column(WORK_COL + 9, WORK_COL + 9, 3)
    for row in range(GIVENS_ROW, GIVENS_ROW + 9):
        sheet.set_row(row, CELL_HEIGHT)

    title = formats.get(bold=True, font_size=18, font_color=_hex(NAVY))
    sheet.write(1, 1, "xl-sudoku", title)
    note = formats.get(italic=True, font_color=_hex(DARK_GREY))
    if lite:
        how = "Type a puzzle in the givens, then press a button (xlwings Lite must be running)."
    else:
        how = "Type a puzzle in the givens, then press a button or use the Sudoku tab."
    sheet.write(1, 4, how, note)
    heading = formats.get(bold=True, font_size=12)
    sheet.write(GIVENS_ROW - 1, GIVENS_COL, "Givens", heading)
    sheet.write(WORK_ROW - 1, WORK_COL, "Work grid", heading)
    _grids(book, sheet, formats, puzzle)
    _givens_checks(sheet, formats)
    _work_checks(sheet, formats)
    _colours(book, sheet, formats)
    _candidates_grey(sheet, formats)
    _status_cells(book, sheet, formats)
    _settings(book, sheet, formats)
    if lite:
        _lite_buttons(sheet)
    else:
        _buttons(sheet)
    _legend(sheet, formats)
    # one page, as the sheet is (the buttons are not printed): the grids, the status,
    # the settings and the legend
    sheet.print_area(0, 0, LEGEND_ROW + len(LEGEND), WORK_COL + 9)
    sheet.set_portrait()
    sheet.set_margins(left=0.4, right=0.4, top=0.5, bottom=0.5)
    sheet.center_horizontally()
    sheet.fit_to_pages(1, 1)
    sheet.set_selection(GIVENS_ROW, GIVENS_COL, GIVENS_ROW, GIVENS_COL)


def _grids(book: Workbook, sheet: Worksheet, formats: _Formats, puzzle: Grid) -> None:
    """The givens (with the puzzle the workbook opens with) and the work grid, named."""
    for r in range(9):
        for c in range(9):
            given = formats.get(
                align="center", valign="vcenter", font_size=20, bold=True, **_cell_border(r, c)
            )
            value = puzzle[9 * r + c]
            if value:
                sheet.write_number(GIVENS_ROW + r, GIVENS_COL + c, value, given)
            else:
                sheet.write_blank(GIVENS_ROW + r, GIVENS_COL + c, None, given)
            work = formats.get(
                align="center",
                valign="vcenter",
                font_name=GRID_FONT,
                font_size=20,
                shrink=True,
                num_format="@",
                font_color=_hex(NAVY),
                **_cell_border(r, c),
            )
            sheet.write_blank(WORK_ROW + r, WORK_COL + c, None, work)
    # the work grid is text, so that a candidates string stays one: a digit typed there
    # is text too, and Excel would flag each as a number stored as text
    work_cells = grid_address(WORK_ROW, WORK_COL).replace("$", "")
    sheet.ignore_errors({"number_stored_as_text": work_cells})

    givens = f"Sudoku!{grid_address(GIVENS_ROW, GIVENS_COL)}"
    book.define_name("Givens", f"={givens}")
    book.define_name("Work", f"=Sudoku!{grid_address(WORK_ROW, WORK_COL)}")


def _givens_checks(sheet: Worksheet, formats: _Formats) -> None:
    """Typing in the givens checked without Python: whole numbers 1-9 only, and a digit
    repeated in its row, column or box in red."""
    sheet.data_validation(
        GIVENS_ROW,
        GIVENS_COL,
        GIVENS_ROW + 8,
        GIVENS_COL + 8,
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 1,
            "maximum": 9,
            "input_title": "A given",
            "input_message": "Type a digit from 1 to 9, or leave the cell empty.",
            "error_title": "Not a digit 1-9",
            "error_message": "A given is a whole number from 1 to 9. "
            "Press Delete to empty the cell.",
        },
    )
    duplicate = formats.get(bg_color=_hex(ERROR), font_color=_hex(WHITE), bold=True)
    for band in range(3):
        for stack in range(3):
            top, left = GIVENS_ROW + 3 * band, GIVENS_COL + 3 * stack
            # relative to the box's first cell, so that the rule moves over the box
            here = ref(top, left, row_absolute=False, col_absolute=False)
            row_range = (
                f"{ref(top, GIVENS_COL, row_absolute=False)}:"
                f"{ref(top, GIVENS_COL + 8, row_absolute=False)}"
            )
            column_range = (
                f"{ref(GIVENS_ROW, left, col_absolute=False)}:"
                f"{ref(GIVENS_ROW + 8, left, col_absolute=False)}"
            )
            box_range = f"{address(top, left)}:{address(top + 2, left + 2)}"
            formula = (
                f'=AND({here}<>"",OR(COUNTIF({row_range},{here})>1,'
                f"COUNTIF({column_range},{here})>1,COUNTIF({box_range},{here})>1))"
            )
            sheet.conditional_format(
                top,
                left,
                top + 2,
                left + 2,
                {"type": "formula", "criteria": formula, "format": duplicate},
            )


def _work_checks(sheet: Worksheet, formats: _Formats) -> None:
    """The work grid checked as the player types, without Python: a digit that repeats in
    its row, column or box, in the work grid or among the givens beside it, turns red
    (the given in its own place does not count)."""
    duplicate = formats.get(bg_color=_hex(ERROR), font_color=_hex(WHITE), bold=True)
    shift = WORK_COL - GIVENS_COL
    for band in range(3):
        for stack in range(3):
            top, left = WORK_ROW + 3 * band, WORK_COL + 3 * stack
            here = ref(top, left, row_absolute=False, col_absolute=False)
            given = ref(top, left - shift, row_absolute=False, col_absolute=False)
            houses = []
            for grid_col in (WORK_COL, GIVENS_COL):
                column = left - WORK_COL + grid_col
                houses.append(
                    (
                        f"{ref(top, grid_col, row_absolute=False)}:"
                        f"{ref(top, grid_col + 8, row_absolute=False)}",
                        f"{ref(WORK_ROW, column, col_absolute=False)}:"
                        f"{ref(WORK_ROW + 8, column, col_absolute=False)}",
                        f"{address(top, column)}:{address(top + 2, column + 2)}",
                    )
                )
            work_houses, given_houses = houses
            itself = f'({given}&""={here}&"")'  # the given in this very place
            tests = [f"COUNTIF({h},{here})>1" for h in work_houses] + [
                f"COUNTIF({h},{here})-{itself}>0" for h in given_houses
            ]
            formula = f"=AND(LEN({here})=1,OR({','.join(tests)}))"
            area = (top, left, top + 2, left + 2)
            sheet.conditional_format(
                *area, {"type": "formula", "criteria": formula, "format": duplicate}
            )


def _candidates_grey(sheet: Worksheet, formats: _Formats) -> None:
    """A candidates string in the work grid is grey, so that the digits stand out (after
    the colours' rules: LibreOffice applies only the first rule that holds)."""
    here = ref(WORK_ROW, WORK_COL, **RELATIVE)
    sheet.conditional_format(
        WORK_ROW,
        WORK_COL,
        WORK_ROW + 8,
        WORK_COL + 8,
        {
            "type": "formula",
            "criteria": f"=LEN({here})=9",
            "format": formats.get(font_color=_hex(MARK)),
        },
    )


def _colours(book: Workbook, sheet: Worksheet, formats: _Formats) -> None:
    """A cell's colour as a value: the buttons write each grid cell's fill code
    (``colours.FILLS``) into the hidden block ``Colours`` beside the grids, and these
    conditional formats show it, on every engine alike (no fill is ever written). The
    rules come after the duplicate checks (a repeated digit stays red). A cell showing
    candidates keeps their grey on its colour: LibreOffice applies only the first rule
    that holds, so that case has a rule of its own, first."""
    first, last = GIVENS_COL + CODES_SHIFT, WORK_COL + 8 + CODES_SHIFT
    sheet.set_column(first, last, 4, None, {"hidden": True})
    book.define_name(
        "Colours", f"=Sudoku!{address(GIVENS_ROW, first)}:{address(GIVENS_ROW + 8, last)}"
    )
    given_code = ref(GIVENS_ROW, GIVENS_COL + CODES_SHIFT, **RELATIVE)
    wrong = FILLS.index(ERROR) + 1
    sheet.conditional_format(
        GIVENS_ROW,
        GIVENS_COL,
        GIVENS_ROW + 8,
        GIVENS_COL + 8,
        {"type": "formula", "criteria": f"={given_code}={wrong}", "format": _fill(formats, ERROR)},
    )
    here = ref(WORK_ROW, WORK_COL, **RELATIVE)
    code = ref(WORK_ROW, WORK_COL + CODES_SHIFT, **RELATIVE)
    area = (WORK_ROW, WORK_COL, WORK_ROW + 8, WORK_COL + 8)
    for number, colour in enumerate(FILLS, 1):
        sheet.conditional_format(
            *area,
            {
                "type": "formula",
                "criteria": f"=AND({code}={number},LEN({here})=9)",
                "format": _fill(formats, colour, font_color=_hex(MARK)),
            },
        )
        sheet.conditional_format(
            *area,
            {"type": "formula", "criteria": f"={code}={number}", "format": _fill(formats, colour)},
        )


def _fill(formats: _Formats, colour: RGB, **more: object) -> Format:
    return formats.get(bg_color=_hex(colour), **more)


def _status_cells(book: Workbook, sheet: Worksheet, formats: _Formats) -> None:
    """The status cells below the grids and their names, each as wide as both grids: a
    long message or rating (``... (with the techniques switched on)``) is seen whole.
    The Status cell wraps onto ``STATUS_LINES`` lines (Excel fits no merged cell's row
    to its text: the row is made that tall)."""
    label = formats.get(bold=True, align="right")
    value = formats.get(align="left")
    message = formats.get(
        align="left", valign="top", text_wrap=True, bold=True, font_color=_hex(NAVY)
    )
    for i, (text, name) in enumerate(zip(STATUS_LABELS, STATUS_CELLS, strict=True)):
        row = STATUS_ROW + i
        if i == 0:
            sheet.set_row(row, 15 * STATUS_LINES)
            sheet.write(row, GIVENS_COL, text, formats.get(bold=True, align="right", valign="top"))
        else:
            sheet.write(row, GIVENS_COL, text, label)
        shown = message if i == 0 else value
        sheet.merge_range(row, GIVENS_COL + 1, row, WORK_COL + 8, None, shown)
        book.define_name(name, f"=Sudoku!{address(row, GIVENS_COL + 1)}")
    book.define_name(
        "StatusCells",
        f"=Sudoku!{address(STATUS_ROW, GIVENS_COL + 1)}:{address(STATUS_ROW + 5, GIVENS_COL + 1)}",
    )


def _settings(book: Workbook, sheet: Worksheet, formats: _Formats) -> None:
    """The settings under the status cells, in ``SETTINGS``' order: a label, a value
    (with a drop-down of its choices), a defined name for each and ``Settings`` for the
    column (what the buttons read, in one call)."""
    sheet.write(SETTINGS_ROW, GIVENS_COL, "Settings", formats.get(bold=True, font_size=12))
    note = formats.get(italic=True, font_color=_hex(DARK_GREY))
    sheet.write(
        SETTINGS_ROW,
        GIVENS_COL + 4,
        "Which techniques Solve, Step, Hint and New puzzle may use; Yes or No each.",
        note,
    )
    label = formats.get(bold=True, align="left")
    value = formats.get(align="left", border=1)
    first = SETTINGS_ROW + 1
    col = GIVENS_COL + 2  # D: the labels take B:C
    for i, setting in enumerate(SETTINGS):
        row = first + i
        sheet.merge_range(row, GIVENS_COL, row, GIVENS_COL + 1, setting.label, label)
        sheet.merge_range(row, col, row, col + 1, setting.default, value)
        if setting.family:
            words = family_words(setting.family)
            message = f"Yes: Solve, Step, Hint and New puzzle may use {words}."
        elif setting.choices == SWITCH:
            message = "Yes: Solve and Step colour each digit by the technique that found it."
        else:
            message = "The difficulty of the next New puzzle."
        sheet.data_validation(
            row,
            col,
            row,
            col,
            {
                "validate": "list",
                "source": list(setting.choices),
                "input_title": setting.label,
                "input_message": message,
                "error_title": setting.label,
                "error_message": f"Choose one of: {', '.join(setting.choices)}.",
            },
        )
        book.define_name(setting.name, f"=Sudoku!{address(row, col)}")
    last = first + len(SETTINGS) - 1
    book.define_name("Settings", f"=Sudoku!{address(first, col)}:{address(last, col)}")


def _buttons(sheet: Worksheet) -> None:
    """The buttons: a row under the grids, five under each."""
    sheet.set_row(BUTTONS_ROW, BUTTON_ROW_HEIGHT)
    for i, (macro, caption) in enumerate(BUTTONS):
        col, x_offset = _button_place(i)
        sheet.insert_button(
            BUTTONS_ROW,
            col,
            {
                "macro": macro,
                "caption": caption,
                "width": BUTTON_WIDTH,
                "height": BUTTON_HEIGHT,
                "x_offset": x_offset,
                "y_offset": (BUTTON_ROW_HEIGHT * 4 // 3 - BUTTON_HEIGHT) // 2,
            },
        )


def _button_place(i: int) -> tuple[int, int]:
    """The i-th button's column (its left edge's cell) and its offset from that cell's
    left edge, in pixels: five buttons under each grid."""
    return (GIVENS_COL if i < 5 else WORK_COL), BUTTON_INSET + BUTTON_PITCH * (i % 5)


def lite_button_cell(i: int) -> str:
    """The cell under the middle of the i-th Lite button (``B13``): its hyperlink's target,
    different for each button and hidden behind it."""
    col, x_offset = _button_place(i)
    return ref(BUTTONS_ROW, col + (x_offset + BUTTON_WIDTH // 2) // CELL_PIXELS, **RELATIVE)


def _lite_buttons(sheet: Worksheet) -> None:
    """The xlwings Lite buttons, where the VBA buttons are: text boxes (the builder makes
    them rounded rectangles named ``LITE_SHAPE`` + script) whose hyperlink selects the
    cell behind them, which is how xlwings Lite knows a button was pressed."""
    sheet.set_row(BUTTONS_ROW, BUTTON_ROW_HEIGHT)
    for i, (_, caption) in enumerate(LITE_BUTTONS):
        col, x_offset = _button_place(i)
        sheet.insert_textbox(
            BUTTONS_ROW,
            col,
            caption,
            {
                "width": BUTTON_WIDTH,
                "height": BUTTON_HEIGHT,
                "x_offset": x_offset,
                "y_offset": (BUTTON_ROW_HEIGHT * 4 // 3 - BUTTON_HEIGHT) // 2,
                "url": f"internal:Sudoku!{lite_button_cell(i)}",
                "tip": f"{caption} (xlwings Lite)",
                "font": {"name": "Calibri", "size": 11, "color": _hex(NAVY)},
                "align": {"vertical": "middle", "horizontal": "center"},
                "fill": {"color": _hex(PALE_BLUE)},
                "line": {"color": _hex(DARK_GREY), "width": 0.75},
            },
        )


def _legend(sheet: Worksheet, formats: _Formats) -> None:
    """The colour legend under the settings: a swatch and what it means, a line a colour,
    the text across C:T, wrapped (and its row made taller) where it is long."""
    sheet.write(LEGEND_ROW, GIVENS_COL, "Colours", formats.get(bold=True, font_size=12))
    text = formats.get(text_wrap=True, valign="vcenter", indent=1)
    for i, (name, colour) in enumerate(LEGEND):
        row = LEGEND_ROW + 1 + i
        swatch = formats.get(bg_color=_hex(colour), border=1)
        sheet.write_blank(row, GIVENS_COL, None, swatch)
        sheet.merge_range(row, GIVENS_COL + 1, row, WORK_COL + 8, name, text)
        lines = -(-len(name) // LEGEND_LINE)
        if lines > 1:
            sheet.set_row(row, 15 * lines)


def _history_sheet(book: Workbook, sheet: Worksheet, *, lite: bool) -> None:
    """Undo's levels (``buttons.history``): empty, very hidden, the block named; beside it
    (not in the Lite workbook) the version of the xlwings VBA module inside the workbook,
    for Check set-up."""
    sheet.very_hidden()
    last = address(LEVELS, CHUNKS - 1)
    book.define_name("History", f"={HISTORY_SHEET}!{address(0, 0)}:{last}")
    if lite:
        return
    sheet.write_string(0, CHUNKS + 1, xlwings_version())
    book.define_name("XlwingsVersion", f"={HISTORY_SHEET}!{address(0, CHUNKS + 1)}")


def xlwings_version() -> str:
    """The installed xlwings' version: its VBA module is the one the builder embeds."""
    import xlwings  # noqa: PLC0415 - the builder's own dependency

    return str(xlwings.__version__)


def _steps_sheet(book: Workbook, sheet: Worksheet, formats: _Formats) -> None:
    header = formats.get(bold=True, bg_color=_hex(PALE_BLUE), border=1)
    sheet.write_row(0, 0, ("Step", "Technique", "Cells", "Explanation", "Level"), header)
    sheet.set_column(0, 0, 6)
    sheet.set_column(1, 1, 24)
    sheet.set_column(2, 2, 22)
    sheet.set_column(3, 3, 100)
    sheet.set_column(4, 4, 6)
    sheet.freeze_panes(1, 0)
    book.define_name("StepLog", f"=Steps!$A$2:$E${LOG_ROWS + 1}")
    _print_wide(sheet)


def _print_wide(sheet: Worksheet) -> None:
    """Printed across, one page wide (as many long as it takes), the first row repeated
    at the top of every page."""
    sheet.set_landscape()
    sheet.fit_to_pages(1, 0)
    sheet.repeat_rows(0)
    sheet.set_margins(left=0.4, right=0.4, top=0.5, bottom=0.5)


def _functions_sheet(
    sheet: Worksheet, formats: _Formats, puzzle: Grid, *, lite: bool
) -> list[CachedArray]:
    """Each UDF at work on the givens, with the value it gives now cached in the file (the
    arrays' values are returned, for the builder to cache them whole)."""
    bold = formats.get(bold=True)
    code = formats.get(font_name="Consolas", font_color=_hex(NAVY))
    where = "any Excel, with xlwings Lite" if lite else "Excel on Windows, with xlwings"
    sheet.write(0, 0, f"The SUDOKU_* worksheet functions at work on Sudoku!Givens ({where}).", bold)
    sheet.set_column(0, 0, 34)
    sheet.set_column(1, 9, 11)
    sheet.set_column(11, 19, 11)  # the candidates: nine digits a cell
    _print_wide(sheet)
    solution = solve(puzzle)
    masks = candidates(puzzle)
    # a caption shows a formula's text: written as a string, or it would be one more formula
    sheet.write_string(2, 0, "=SUDOKU_SOLVE(Givens)", code)
    sheet.write_string(2, 10, "=SUDOKU_CANDIDATES(Givens)", code)
    arrays = [_array(sheet, 3, 0, "=SUDOKU_SOLVE(Givens)", list(solution))]
    shown: list[object] = [
        str(puzzle[c]) if puzzle[c] else placeholder(masks[c]) for c in range(81)
    ]
    arrays.append(_array(sheet, 3, 10, "=SUDOKU_CANDIDATES(Givens)", shown))
    rows = (
        ("=SUDOKU_COUNT(Givens, 2)", count_solutions(puzzle, limit=2)),
        ("=SUDOKU_RATE(Givens)", str(rate(puzzle))),
        ("=SUDOKU_HINT(Givens)", hint(puzzle, 1).text),
        ("=SUDOKU_HINT(Givens, 3)", hint(puzzle, 3).text),
        ("=SUDOKU_VALID(Givens)", True),
        ("=SUDOKU_TARGET(Givens)", best_score(puzzle).score),
    )
    for i, (formula, value) in enumerate(rows):
        sheet.write_string(13 + i, 0, formula, code)
        sheet.write_formula(13 + i, 1, formula, None, value)
    new = '=SUDOKU_NEW("Expert", 7)'  # a seed: the same puzzle at every recalculation
    # no time budget here, unlike a click: the build gives the same bytes on any machine
    made = generate(random.Random(7), difficulty="Expert")
    sheet.write_string(20, 0, new, code)
    sheet.write_string(21, 0, f"a new puzzle: {made.rating}", formats.get(italic=True))
    arrays.append(_array(sheet, 21, 0, new, [d or "" for d in made.puzzle]))
    return arrays


@dataclass(frozen=True)
class CachedArray:
    """A 9x9 array formula's place (0-based, its top left cell) and the values it gives,
    row by row: the builder writes them all into the file as the formula's cached result."""

    sheet: str
    row: int
    col: int
    values: tuple[object, ...]

    def cell(self, i: int) -> str:
        """The address of the ``i``-th cell of the array, row-major: ``C4``."""
        return ref(self.row + i // 9, self.col + i % 9, row_absolute=False, col_absolute=False)


def _array(
    sheet: Worksheet, row: int, col: int, formula: str, values: Sequence[object]
) -> CachedArray:
    """A 9x9 array formula right of ``(row, col)``; XlsxWriter caches only its first value,
    the builder puts in the rest (``CachedArray``)."""
    sheet.write_array_formula(row, col + 1, row + 8, col + 9, "{" + formula + "}", None, values[0])
    return CachedArray(sheet.name, row, col + 1, tuple(values))
