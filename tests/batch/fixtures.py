"""Users' workbooks as other programs write them, for the tests that nothing is lost.

* ``xlsxwriter_workbook``: XlsxWriter, with as much as a workbook can carry: charts (and a
  chart sheet), pictures, a text box, a check box (feature property bags), sparklines,
  a form button bound to a macro (so ``.xlsm``), notes, data validation (one a list from
  another sheet), conditional formats (data bars, icon sets), a table with structured
  references, links, rich text, number and date formats (1900's leap-day serial 60),
  merged cells, hidden and protected sheets, names, print settings with a header
  picture, a background picture, freeze panes, ignored errors, a dynamic array formula
  (metadata), document properties (Company, Manager, custom), a VBA signature part (a
  stand-in: no certificate here), and, added at the package level as Excel and other
  tools add them, a custom XML part and a threaded comment with its person list;
* ``libreoffice_workbook``: that workbook (as ``.xlsx``) saved by LibreOffice as ``.ods``,
  then as ``.xlsx`` again;
* ``template_workbook``: our own ``workbook/sudoku.xlsm`` with givens typed in by editing
  its sheet XML, as Excel saves typed values.
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from pathlib import Path

import xlsxwriter
from PIL import Image

from tests.batch.helpers import ROOT, libreoffice_convert
from xl_sudoku.core import format_line, parse_puzzle

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
LIST = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
]
# solved by logic in milliseconds: these tests are about files, not about hard puzzles
MEDIUM = LIST[1]
# values that openpyxl's round trip changed: they must come back as they are
TRICKY_NUMBERS = [1.23456789012345, 45000.123456789, 60]


def picture(path: Path, colour: tuple[int, int, int]) -> Path:
    Image.new("RGB", (48, 32), colour).save(path)
    return path


def xlsxwriter_workbook(path: Path, *, macros: bool = True) -> Path:
    """The richest workbook XlsxWriter can write, with a grid and a puzzle list to solve."""
    folder = path.parent
    logo = picture(folder / "logo.png", (200, 30, 30))
    back = picture(folder / "back.png", (240, 240, 200))
    book = xlsxwriter.Workbook(str(path))
    book.set_properties(
        {
            "title": "Club puzzles",
            "author": "A. User",
            "company": "Sudoku Club",
            "manager": "The Chair",
            "comments": "made for the tests",
        }
    )
    book.set_custom_property("Checked", True)
    book.set_custom_property("Season", "Winter")
    bold = book.add_format({"bold": True, "font_size": 14})
    framed = book.add_format({"border": 1, "align": "center"})
    filled = book.add_format({"bg_color": "#DDEEFF", "border": 2})
    date = book.add_format({"num_format": "yyyy-mm-dd"})
    time = book.add_format({"num_format": "hh:mm:ss.000"})
    stamp = book.add_format({"num_format": "dd/mm/yyyy hh:mm:ss"})
    money = book.add_format({"num_format": '#,##0.00 "€";[Red]-#,##0.00 "€"'})
    red = book.add_format({"color": "red", "italic": True})

    sheet = book.add_worksheet("Puzzle")
    sheet.write_rich_string("A1", "Saturday's ", red, "sudoku", bold, " (hard)")
    grid = format_line(parse_puzzle(EASY))
    for cell, char in enumerate(grid):
        row, column = 3 + cell // 9, 2 + cell % 9  # C4:K12
        if char == ".":
            sheet.write_blank(row, column, None, framed)
        else:
            sheet.write_number(row, column, int(char), framed)
    # a formatted, validated, empty block right of the grid: someone's layout, not room
    for row in range(3, 12):
        for column in range(12, 21):
            sheet.write_blank(row, column, None, filled)
    sheet.data_validation(
        "M4:U12", {"validate": "integer", "criteria": "between", "minimum": 1, "maximum": 9}
    )
    sheet.write("A14", "Numbers")
    sheet.write_number("A15", TRICKY_NUMBERS[0], time)
    sheet.write_number("A16", TRICKY_NUMBERS[1], stamp)
    sheet.write_number("A17", TRICKY_NUMBERS[2], date)  # 1900-02-29, Excel's leap day
    sheet.write_datetime("A18", datetime.datetime(2024, 2, 29, 13, 45), stamp)
    sheet.write_number("A19", 1234.5, money)
    sheet.write_formula("A20", "=SUM(A15:A19)", None, 46502.8)
    sheet.write_formula("A21", '=IF(A20>0,"yes","no")', None, "yes")
    sheet.write_formula("A22", "=Lists!B2*2", None, 6)
    sheet.write_dynamic_array_formula("B14:B16", "=SORT(A15:A17)")
    sheet.write_boolean("A23", True)
    sheet.write_url("A24", "https://example.com/sudoku", string="the club's page")
    sheet.write_comment("A14", "Numbers that a round trip through datetimes would change")
    sheet.merge_range("A26:D27", "A merged note", bold)
    sheet.data_validation("B24", {"validate": "list", "source": "=Lists!$A$2:$A$4"})
    sheet.conditional_format(
        "A15:A19", {"type": "data_bar", "bar_color": "#63C384", "data_bar_2010": True}
    )
    sheet.conditional_format("B20:B23", {"type": "icon_set", "icon_style": "3_traffic_lights"})
    sheet.conditional_format(
        "C4:K12", {"type": "cell", "criteria": "==", "value": 5, "format": red}
    )
    sheet.write_row("E14", [3, 5, 2, 8, 6, 4])
    sheet.add_sparkline("K14", {"range": "Puzzle!E14:J14", "markers": True})
    sheet.insert_image("W2", str(logo), {"description": "club logo"})
    sheet.insert_textbox("W8", "A text box (a DrawingML shape)", {"width": 200, "height": 60})
    sheet.insert_checkbox("E16", False)
    sheet.insert_button(
        "W12", {"macro": "SolveButton", "caption": "Solve"} if macros else {"caption": "Solve"}
    )
    sheet.ignore_errors({"number_stored_as_text": "E20:F21"})
    sheet.freeze_panes(3, 0)
    sheet.set_landscape()
    sheet.fit_to_pages(1, 1)
    sheet.set_header("&L&G&CClub puzzles", {"image_left": str(logo)})
    sheet.set_footer("&RPage &P of &N")
    sheet.set_background(str(back))
    sheet.set_column("A:A", 14)
    chart = book.add_chart({"type": "column"})
    chart.add_series({"name": "Numbers", "values": "=Puzzle!$E$14:$J$14"})
    sheet.insert_chart("W16", chart)

    lists = book.add_worksheet("Lists")
    lists.write_column("A1", ["Level", "Easy", "Hard", "Expert"])
    lists.add_table(
        "D2:F5",
        {
            "name": "Prices",
            "columns": [
                {"header": "Item"},
                {"header": "Qty"},
                {"header": "Total", "formula": "=[@Qty]*2"},
            ],
            "data": [["pencil", 3], ["eraser", 1], ["book", 2]],
        },
    )
    lists.write_number("B2", 3)

    puzzles = book.add_worksheet("Puzzles")
    puzzles.write("A1", "Puzzle", bold)
    for row, text in enumerate(LIST, 1):
        puzzles.write_string(row, 0, text)
    puzzles.write("B1", "Who set it")  # the answers must not overwrite this column
    puzzles.write_column("B2", ["Ann", "Bob", "Cy"])

    locked = book.add_worksheet("Locked")
    for cell, char in enumerate(format_line(parse_puzzle(MEDIUM))):
        if char != ".":
            locked.write_number(1 + cell // 9, 1 + cell % 9, int(char))
    locked.protect("", {"format_cells": False})

    hidden = book.add_worksheet("Hidden")
    hidden.write("A1", "nobody looks here")
    hidden.hide()

    chart_sheet = book.add_chartsheet("Chart")
    pie = book.add_chart({"type": "pie"})
    pie.add_series({"values": "=Lists!$E$3:$E$5", "categories": "=Lists!$D$3:$D$5"})
    chart_sheet.set_chart(pie)

    book.define_name("Levels", "=Lists!$A$2:$A$4")
    book.define_name("Puzzle!Local", "=Puzzle!$A$20")
    sheet.print_area("A1:W30")
    if macros:
        vba = zipfile.ZipFile(ROOT / "workbook" / "sudoku.xlsm").read("xl/vbaProject.bin")
        # the project and a signature part beside it (a stand-in: no certificate here)
        book.add_signed_vba_project(
            io.BytesIO(vba),
            io.BytesIO(b"xl-sudoku test signature"),
            project_is_stream=True,
            signature_is_stream=True,
        )
        book.set_vba_name("ThisWorkbook")
    book.close()
    add_custom_xml(path)
    return path


PERSON = "{2C5F5B8E-1111-4A2B-9C3D-5E6F7A8B9C0D}"
THREADED = "http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"
RELATIONSHIPS_2017 = "http://schemas.microsoft.com/office/2017/10/relationships"


def add_custom_xml(path: Path) -> None:
    """A custom XML part, related from the workbook, and a threaded comment with its
    person list (parts XlsxWriter does not write), as Excel and other tools add them."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    parts["customXml/item1.xml"] = (
        b'<?xml version="1.0"?><club xmlns="urn:club"><season>Winter</season></club>'
    )
    parts["customXml/itemProps1.xml"] = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<ds:datastoreItem '
        b'ds:itemID="{6F6A9C1E-1D2B-4E43-9E2C-1E4D3A9B2C11}" '
        b'xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml">'
        b"<ds:schemaRefs/></ds:datastoreItem>"
    )
    parts["customXml/_rels/item1.xml.rels"] = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships '
        b'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship '
        b'Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        b'customXmlProps" Target="itemProps1.xml"/></Relationships>'
    )
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    rels = rels.replace(
        "</Relationships>",
        '<Relationship Id="rIdCustom1" Type="http://schemas.openxmlformats.org/officeDocument/'
        '2006/relationships/customXml" Target="../customXml/item1.xml"/></Relationships>',
    )
    rels = rels.replace(
        "</Relationships>",
        f'<Relationship Id="rIdPerson1" Type="{RELATIONSHIPS_2017}/person" '
        'Target="persons/person.xml"/></Relationships>',
    )
    parts["xl/_rels/workbook.xml.rels"] = rels.encode()
    parts["xl/persons/person.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<personList xmlns="{THREADED}" '
        'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><person '
        f'displayName="A. User" id="{PERSON}" userId="a.user" providerId="None"/></personList>'
    ).encode()
    parts["xl/threadedComments/threadedComment1.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ThreadedComments '
        f'xmlns="{THREADED}" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        f'<threadedComment ref="A14" dT="2024-03-01T10:00:00.00" personId="{PERSON}" '
        'id="{0B1C2D3E-2222-4F5A-8B9C-0D1E2F3A4B5C}"><text>Check these numbers</text>'
        "</threadedComment></ThreadedComments>"
    ).encode()
    sheet_rels = parts["xl/worksheets/_rels/sheet1.xml.rels"].decode()
    parts["xl/worksheets/_rels/sheet1.xml.rels"] = sheet_rels.replace(
        "</Relationships>",
        f'<Relationship Id="rIdThreaded1" Type="{RELATIONSHIPS_2017}/threadedComment" '
        'Target="../threadedComments/threadedComment1.xml"/></Relationships>',
    ).encode()
    types = parts["[Content_Types].xml"].decode()
    types = types.replace(
        "</Types>",
        '<Override PartName="/customXml/itemProps1.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.customXmlProperties+xml"/>'
        '<Override PartName="/xl/persons/person.xml" '
        'ContentType="application/vnd.ms-excel.person+xml"/>'
        '<Override PartName="/xl/threadedComments/threadedComment1.xml" '
        'ContentType="application/vnd.ms-excel.threadedcomments+xml"/></Types>',
    )
    parts["[Content_Types].xml"] = types.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def libreoffice_workbook(folder: Path) -> Path:
    """The XlsxWriter workbook (no macros) through LibreOffice: .xlsx -> .ods -> .xlsx."""
    plain = xlsxwriter_workbook(folder / "plain.xlsx", macros=False)
    ods = libreoffice_convert(plain, folder / "club.ods", "calc8")
    return libreoffice_convert(ods, folder / "club.xlsx", "Calc MS Excel 2007 XML")


def template_workbook(path: Path, puzzle: str = MEDIUM) -> Path:
    """Our workbook with ``puzzle`` typed into the givens, by editing the sheet's XML as
    Excel saves typed numbers: ``<c r="B4" s="4"><v>8</v></c>``."""
    source = ROOT / "workbook" / "sudoku.xlsm"
    with zipfile.ZipFile(source) as archive:
        infos = archive.infolist()
        parts = {info.filename: archive.read(info) for info in infos}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    digits = format_line(parse_puzzle(puzzle))
    for cell, char in enumerate(digits):
        reference = f"{'BCDEFGHIJ'[cell % 9]}{4 + cell // 9}"
        element = re.search(rf'<c r="{reference}"( s="\d+")?(/>|>.*?</c>)', sheet)
        assert element, reference
        style = element.group(1) or ""
        typed = (
            f'<c r="{reference}"{style}/>'
            if char == "."
            else f'<c r="{reference}"{style}><v>{char}</v></c>'
        )
        sheet = sheet[: element.start()] + typed + sheet[element.end() :]
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(path, "w") as archive:
        for info in infos:
            archive.writestr(info, parts[info.filename])
    return path
