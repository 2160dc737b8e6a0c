"""Batch mode sees what the user sees (issue 51): answers never in hidden or too-narrow
cells, an unclear grid never hiding a clear one, a list's header below its title, a rerun
finding its own list columns, formula blanks and formulas never calculated, an empty
puzzle, a signed workbook, long file names, near-integers, an HTML file renamed, a
refused file's memory, and the speed figures the documentation quotes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlsxwriter
from openpyxl.utils.cell import range_boundaries

from tests.batch.helpers import ROOT, digest, libreoffice_convert, list_workbook, write_grid
from tests.puzzles import load
from xl_sudoku.batch.archive import Streamed
from xl_sudoku.cli import main
from xl_sudoku.core import format_line, is_solution, parse_puzzle

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: 17 givens, its first row empty
SEVENTEEN = format_line(load("royle_17clue_first5000", 1)[0])
TITLE = "Solved by xl-sudoku"


def batch(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["batch", *argv])
    return status, capsys.readouterr().err


def _book(title: str = "Sheet1") -> tuple[openpyxl.Workbook, Any]:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = title
    return book, sheet


def answers(path: Path) -> list[tuple[str, int, int, tuple[int, ...]]]:
    """Every answer grid in ``path``: its sheet, the top and left of its 9x9 block (below
    our title line) and its digits."""
    book = openpyxl.load_workbook(path)
    found = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.startswith(TITLE):
                    top, left = cell.row + 1, cell.column
                    digits = tuple(
                        int(str(sheet.cell(top + i // 9, left + i % 9).value)) for i in range(81)
                    )
                    found.append((sheet.title, top, left, digits))
    return found


def unseen(path: Path, sheet_name: str, top: int, left: int) -> list[str]:
    """The rows and columns of an answer (its title line too) that a person cannot see:
    hidden (a collapsed outline group's are), a row lower than 6 points, a column
    narrower than one character (1.7 as stored: Excel shows ``#`` for a digit)."""
    sheet = openpyxl.load_workbook(path)[sheet_name]
    out = []
    for dimension in sheet.column_dimensions.values():
        narrow = dimension.customWidth and (dimension.width or 0) < 1.7
        for column in range(dimension.min or 0, (dimension.max or 0) + 1):
            if left <= column < left + 9 and (dimension.hidden or narrow):
                out.append(f"column {column}")
    for row in range(top - 1, top + 9):
        height = sheet.row_dimensions[row].height
        if sheet.row_dimensions[row].hidden or (height is not None and height < 6):
            out.append(f"row {row}")
    if sheet.sheet_format.zeroHeight:
        out.append("rows not listed are hidden")  # no answer of ours on such a sheet
    return out


# --- 1: hidden, collapsed and narrow cells are not free ------------------------------------


def _xlsxwriter_grid(path: Path, layout: str) -> None:
    """A bordered grid at B2:J10 (XlsxWriter), and beside or below it cells nobody sees."""
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Sheet1")
    border = book.add_format({"border": 1})
    for cell, char in enumerate(EASY):
        row, column = 1 + cell // 9, 1 + cell % 9
        if char == ".":
            sheet.write_blank(row, column, None, border)
        else:
            sheet.write_number(row, column, int(char), border)
    if layout == "hidden columns":
        sheet.set_column("L:T", None, None, {"hidden": True})
    elif layout == "collapsed group":
        sheet.set_column("L:T", None, None, {"level": 1, "hidden": True})
        sheet.set_column("U:U", None, None, {"collapsed": True})
    elif layout == "narrow columns":
        sheet.set_column("L:T", 0.3)
    else:  # the cells beside are taken; those below are hidden or too low
        sheet.write_string(4, 12, "my note")
        for row in range(11, 23):
            if layout == "hidden rows":
                sheet.set_row(row, None, None, {"hidden": True})
            elif layout == "low rows":
                sheet.set_row(row, 3)
        if layout == "unused rows hidden":
            sheet.set_default_row(hide_unused_rows=True)
    book.close()


@pytest.mark.parametrize(
    "layout",
    [
        "hidden columns",
        "collapsed group",
        "narrow columns",
        "hidden rows",
        "low rows",
        "unused rows hidden",
    ],
)
def test_an_answer_never_goes_where_nobody_sees_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, layout: str
) -> None:
    source = tmp_path / "grid.xlsx"
    _xlsxwriter_grid(source, layout)
    before = digest(source)
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"))
    assert status == 0, err
    output = tmp_path / "out" / "grid.solved.xlsx"
    [(sheet, top, left, digits)] = answers(output)
    assert is_solution(digits, parse_puzzle(EASY))
    assert unseen(output, sheet, top, left) == []
    assert digest(source) == before


def test_a_lists_answers_stay_beside_it_in_rows_a_filter_hides(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    puzzles = [EASY, OTHER, EASY]
    source = list_workbook(tmp_path / "filtered.xlsx", puzzles)
    book = openpyxl.load_workbook(source)
    book["Puzzles"].row_dimensions[3].hidden = True  # OTHER, filtered out
    book.save(source)
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"), "--no-rate")
    assert status == 0, err
    sheet = openpyxl.load_workbook(tmp_path / "out" / "filtered.solved.xlsx")["Puzzles"]
    assert [c.value for c in sheet[1]][:3] == ["Puzzle", "Solution", "Status"]
    for row, puzzle in enumerate(puzzles, 2):
        assert is_solution(parse_puzzle(str(sheet.cell(row, 2).value)), parse_puzzle(puzzle))


# --- 2: an unclear grid never hides a clear one --------------------------------------------


def test_a_clear_grid_is_solved_beside_an_unclear_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, sheet = _book("Weekly")
    write_grid(sheet, SEVENTEEN, 4, 3, borders=False)  # C4:K12, its first row empty
    write_grid(sheet, EASY, 4, 13, borders=False)  # M4:U12, one empty column between
    sheet["C20"] = "solved on Sunday"  # the sheet goes on below the grids
    source = tmp_path / "weekly.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"), "--quiet")
    assert status == 1  # the unclear grid is named: a sheet left partly unsolved
    found = answers(tmp_path / "out" / "weekly.solved.xlsx")
    assert [(s, t, left) for s, t, left, _ in found] == [("Weekly", 4, 23)]  # beside M4:U12
    assert is_solution(found[0][3], parse_puzzle(EASY))
    said = re.search(
        r"Weekly: a 9x9 grid near (\w+) could sit in \d+ places \(([^)]*)\): "
        r"name it with --range 'Weekly!(\w+:\w+)'",
        err,
    )
    assert said is not None, err
    assert said.group(1) == "C5"
    places = said.group(2).split(", ")
    # every place named lies at or near the unclear grid, none across the clear one
    for place in places:
        right = range_boundaries(place)[2]
        assert right is not None and right < 13, place  # its right column is left of M
    status, err = batch(
        capsys, str(source), "-o", str(tmp_path / "named"), "--range", f"Weekly!{said.group(3)}"
    )
    assert status == 0, err
    [(_, _, _, digits)] = answers(tmp_path / "named" / "weekly.solved.xlsx")
    assert is_solution(digits, parse_puzzle(SEVENTEEN))


# --- 3: a list's header below its title ----------------------------------------------------


def test_a_lists_header_may_sit_below_a_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    puzzles = [format_line(p) for p in load("kaggle1m_first9999")[:4]]
    book, sheet = _book("Bank")
    sheet["A1"] = "My puzzle bank"
    sheet["A2"] = "Puzzle"
    for row, puzzle in enumerate(puzzles, 3):
        sheet.cell(row, 1).value = puzzle
    source = tmp_path / "bank.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"), "--no-rate")
    assert status == 0, err
    out = openpyxl.load_workbook(tmp_path / "out" / "bank.solved.xlsx")["Bank"]
    assert [c.value for c in out[1] if c.value] == ["My puzzle bank"]  # the title row as it was
    assert [c.value for c in out[2]][:3] == ["Puzzle", "Solution", "Status"]
    for row, puzzle in enumerate(puzzles, 3):
        assert out.cell(row, 3).value == "solved"
        assert is_solution(parse_puzzle(str(out.cell(row, 2).value)), parse_puzzle(puzzle))


# --- 4: a rerun finds its own list columns wherever they are ------------------------------


def test_reruns_in_place_write_a_list_anew_in_the_same_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "puzzle-list.xlsx"
    shutil.copyfile(ROOT / "examples" / "puzzle-list.xlsx", source)
    shapes = []
    for _ in range(3):
        status, err = batch(capsys, str(source), "--in-place", "--no-rate", "--quiet")
        assert status == 0, err
        sheet = openpyxl.load_workbook(source)["Puzzles"]
        shapes.append(sheet.dimensions)
        header = [c.value for c in sheet[1]]
        assert header.count("Solution") == 1, header
        column = header.index("Solution") + 1
        for row in range(2, sheet.max_row + 1):
            puzzle = parse_puzzle(str(sheet.cell(row, 1).value))
            assert is_solution(parse_puzzle(str(sheet.cell(row, column).value)), puzzle)
    assert shapes[0] == shapes[1] == shapes[2]


# --- 5 and 6: formulas -----------------------------------------------------------------------


def _rewrite_sheet(path: Path, change: Any) -> None:
    """``path`` with its first sheet's XML changed by ``change`` (bytes -> bytes)."""
    with zipfile.ZipFile(path) as old:
        parts = [(info, old.read(info)) for info in old.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in parts:
            if info.filename == "xl/worksheets/sheet1.xml":
                data = change(data)
            new.writestr(info, data)


BLANK_FORMULA = '=IF(1=1,"",0)'


@pytest.mark.parametrize("named", [False, True], ids=["found", "--range"])
def test_formulas_that_give_an_empty_string_are_blanks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, named: bool
) -> None:
    book, sheet = _book()
    write_grid(sheet, EASY, 4, 3, blank=BLANK_FORMULA)
    source = tmp_path / "blanks.xlsx"
    book.save(source)

    def as_excel_saves(data: bytes) -> bytes:  # the formula's value, "", saved beside it
        return re.sub(rb'<c r="(\w+)"( s="\d+")?><f>', rb'<c r="\1"\2 t="str"><f>', data)

    _rewrite_sheet(source, as_excel_saves)
    sheet_xml = zipfile.ZipFile(source).read("xl/worksheets/sheet1.xml")
    assert sheet_xml.count(b' t="str"><f>IF(1=1,"",0)</f><v></v>') == EASY.count(".")
    ranges = ["--range", "Sheet1!C4:K12"] if named else []
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"), *ranges)
    assert status == 0, err
    [(_, _, _, digits)] = answers(tmp_path / "out" / "blanks.solved.xlsx")
    assert is_solution(digits, parse_puzzle(EASY))


@pytest.mark.slow  # LibreOffice takes seconds to start
def test_formula_blanks_as_libreoffice_saves_them_are_blanks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    require_tool("soffice", "uno")
    book, sheet = _book()
    write_grid(sheet, EASY, 4, 3, blank=BLANK_FORMULA)
    typed = tmp_path / "typed.xlsx"
    book.save(typed)
    source = libreoffice_convert(typed, tmp_path / "blanks.xlsx", "Calc MS Excel 2007 XML")
    sheet_xml = zipfile.ZipFile(source).read("xl/worksheets/sheet1.xml")
    assert sheet_xml.count(b' t="str"><f aca="false">IF(1=1,&quot;&quot;,0)</f><v></v>') == (
        EASY.count(".")
    )
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"))
    assert status == 0, err
    [(_, _, _, digits)] = answers(tmp_path / "out" / "blanks.solved.xlsx")
    assert is_solution(digits, parse_puzzle(EASY))


def test_givens_that_are_formulas_never_calculated_are_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, sheet = _book("Formulas")
    for cell, char in enumerate(EASY):  # as openpyxl (and pandas) write them: no values
        if char != ".":
            sheet.cell(4 + cell // 9, 3 + cell % 9).value = f"={char}"
    source = tmp_path / "formulas.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"))
    assert status == 1
    assert "Formulas: " in err
    assert "have no saved value" in err
    assert "open and save it in Excel or LibreOffice to calculate them" in err
    assert "C4" in err or "E4" in err  # a cell named


def test_a_formula_without_a_value_in_a_grid_is_named_as_such(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, sheet = _book("Week")
    write_grid(sheet, EASY, 4, 3)
    sheet["E4"] = "=1+2"  # the 3 at r1c3, never calculated
    source = tmp_path / "one.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"), "--quiet")
    assert status == 1
    assert (
        "Week!C4:K12: invalid: r1c3: '=1+2' is a formula without a saved value: open and "
        "save it in Excel or LibreOffice to calculate it (cell E4)"
    ) in err


def test_puzzles_a_spreadsheet_read_as_numbers_are_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A CSV of puzzles with 0 for blanks (Kaggle's), opened in a spreadsheet and saved:
    each puzzle became a number of 15 digits (4.3002090050090E+78), the rest lost."""
    zeros = [EASY.replace(".", "0"), OTHER.replace(".", "0")]
    book, sheet = _book("quizzes")
    sheet.append(["quizzes"])
    for puzzle in zeros:
        sheet.append([float(puzzle)])
    all_numbers = tmp_path / "numbers.xlsx"
    book.save(all_numbers)
    mixed = list_workbook(tmp_path / "mixed.xlsx", [EASY])
    book = openpyxl.load_workbook(mixed)
    book["Puzzles"]["A3"] = float(zeros[0])
    book.save(mixed)
    status, err = batch(capsys, str(all_numbers), str(mixed), "-o", str(tmp_path / "out"))
    assert status == 1
    lost = (
        "a spreadsheet read them as numbers and kept 15 of their digits: import the column as text"
    )
    assert (
        f"{all_numbers}: quizzes: no puzzle on this sheet: 2 cells hold numbers of 60 digits "
        f"or more (A2, A3), puzzles perhaps: {lost}\n"
    ) in err, err
    assert re.search(
        rf"{re.escape(str(mixed))}: Puzzles!A3: invalid: 3\.02060090030500\d*e\+78 is a "
        "number, not a puzzle: a spreadsheet read it as a number and kept 15 of its digits: "
        "import the column as text\n",
        err,
    ), err


# --- 7: an empty puzzle in a list --------------------------------------------------------------


def test_a_list_entry_of_81_dots_has_many_solutions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = list_workbook(tmp_path / "dots.xlsx", [EASY, "." * 81, OTHER])
    report = tmp_path / "report.json"
    status, err = batch(capsys, str(source), "--no-rate", "--report", str(report), "--quiet")
    assert status == 1
    assert "Puzzles!A3: 2 or more solutions" in err
    assert "is not a puzzle" not in err
    rows = [row for row in json.loads(report.read_text()) if row["where"]]
    assert [row["status"] for row in rows] == ["solved", "2 or more solutions", "solved"]
    for row, puzzle in zip((rows[0], rows[2]), (EASY, OTHER), strict=True):
        assert is_solution(parse_puzzle(row["solution"]), parse_puzzle(puzzle))


# --- 8: a signed workbook --------------------------------------------------------------------

SIGNATURE_ORIGIN = (
    "http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/origin"
)
SIGNATURE = (
    "http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/signature"
)


def signed_workbook(path: Path) -> Path:
    """A grid workbook with a document signature (its parts as Office writes them; the
    signature itself a stand-in: no tool here signs with a certificate)."""
    book, sheet = _book()
    write_grid(sheet, EASY, 4, 3)
    book.save(path)
    with zipfile.ZipFile(path) as old:
        parts = {info.filename: old.read(info) for info in old.infolist()}
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>",
        b'<Default Extension="sigs" ContentType="application/vnd.openxmlformats-package.'
        b'digital-signature-origin"/><Override PartName="/_xmlsignatures/sig1.xml" '
        b'ContentType="application/vnd.openxmlformats-package.digital-signature-'
        b'xmlsignature+xml"/></Types>',
    )
    parts["_rels/.rels"] = parts["_rels/.rels"].replace(
        b"</Relationships>",
        f'<Relationship Id="rIdSig" Type="{SIGNATURE_ORIGIN}" '
        'Target="_xmlsignatures/origin.sigs"/></Relationships>'.encode(),
    )
    parts["_xmlsignatures/origin.sigs"] = b""
    parts["_xmlsignatures/_rels/origin.sigs.rels"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships '
        'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{SIGNATURE}" Target="sig1.xml"/></Relationships>'
    ).encode()
    parts["_xmlsignatures/sig1.xml"] = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<Signature '
        b'xmlns="http://www.w3.org/2000/09/xmldsig#" Id="idPackageSignature">'
        b"<SignedInfo/><SignatureValue>c3RhbmQtaW4=</SignatureValue></Signature>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data)
    return path


def test_a_signed_workbook_is_written_with_a_line_saying_its_signature_breaks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = signed_workbook(tmp_path / "signed.xlsx")
    report = tmp_path / "report.json"
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"), "--report", str(report))
    assert status == 0, err
    said = (
        "it is signed (a digital signature, _xmlsignatures/): the copy's signature no longer "
        "matches what it signs; Excel will show it as invalid: sign it again if you need it"
    )
    assert f"{source}: {said}" in err
    assert {"status": f"note: {said}"}.items() <= next(
        row for row in json.loads(report.read_text()) if row["status"].startswith("note:")
    ).items()
    output = tmp_path / "out" / "signed.solved.xlsx"
    [(_, _, _, digits)] = answers(output)
    assert is_solution(digits, parse_puzzle(EASY))
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(output) as new:
        assert new.read("_xmlsignatures/sig1.xml") == old.read("_xmlsignatures/sig1.xml")


def test_a_signed_workbook_is_not_changed_in_place_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = signed_workbook(tmp_path / "signed.xlsx")
    before = digest(source)
    status, err = batch(capsys, str(source), "--in-place")
    assert status == 1
    assert (
        f"{source}: it is signed (a digital signature, _xmlsignatures/): writing into it "
        "would break the signature: write a copy (without --in-place), or add --force"
    ) in err
    assert digest(source) == before
    status, err = batch(capsys, str(source), "--in-place", "--force")
    assert status == 0, err
    assert "the signature no longer matches what it signs" in err
    [(_, _, _, digits)] = answers(source)
    assert is_solution(digits, parse_puzzle(EASY))


# --- 9: long file names ------------------------------------------------------------------------


def _long_name(folder: Path, size: int) -> Path:
    """A grid workbook whose name is ``size`` bytes long (the most ext4 allows: 255)."""
    path = folder / ("é" * ((size - 5) // 2) + "a" * ((size - 5) % 2) + ".xlsx")
    assert len(path.name.encode()) == size
    book, sheet = _book()
    write_grid(sheet, EASY, 4, 3)
    book.save(path)
    return path


@pytest.mark.parametrize("size", [230, 240, 255])
def test_a_long_file_name_is_solved_in_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, size: int
) -> None:
    source = _long_name(tmp_path, size)
    status, err = batch(capsys, str(source), "--in-place", "--quiet")
    assert status == 0, err
    [(_, _, _, digits)] = answers(source)
    assert is_solution(digits, parse_puzzle(EASY))
    assert [p.name for p in tmp_path.iterdir()] == [source.name]  # no lock or temporary left


@pytest.mark.parametrize("size", [250, 255])
def test_an_output_name_too_long_for_the_disk_is_shortened(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, size: int
) -> None:
    source = _long_name(tmp_path, size)
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"))
    assert status == 0, err
    [output] = (tmp_path / "out").iterdir()
    assert len(output.name.encode()) <= 255 and output.name.endswith(".solved.xlsx")
    assert output.name[:100] == source.name[:100]  # its start kept
    assert f"{source}: written as {output}" in err  # the name said
    [(_, _, _, digits)] = answers(output)
    assert is_solution(digits, parse_puzzle(EASY))


# --- 10: near-integers, an HTML file -----------------------------------------------------------


def test_digits_stored_a_hair_off_are_digits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, sheet = _book()
    for cell, char in enumerate(EASY):  # each given as a calculation left it: 5.000000000001
        if char != ".":
            off = 1e-12 if cell % 2 else -1e-12
            sheet.cell(4 + cell // 9, 3 + cell % 9).value = int(char) + off
    source = tmp_path / "float.xlsx"
    book.save(source)
    stored = zipfile.ZipFile(source).read("xl/worksheets/sheet1.xml")
    assert b".000000000001</v>" in stored and b".999999999999</v>" in stored
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out"))
    assert status == 0, err
    [(_, _, _, digits)] = answers(tmp_path / "out" / "float.solved.xlsx")
    assert is_solution(digits, parse_puzzle(EASY))


@pytest.mark.parametrize(
    "head",
    ["<!DOCTYPE html>\n<html><head>", "\ufeff<html xmlns:o='urn:schemas-microsoft-com:office'>"],
    ids=["html", "excel-web-page"],
)
def test_an_html_file_renamed_is_named_as_html(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, head: str
) -> None:
    source = tmp_path / "report.xlsx"
    source.write_text(head + "<body><table><tr><td>5</td></tr></table></body></html>\n")
    status, err = batch(capsys, str(source))
    assert status == 1
    assert err.startswith(
        f"xl-sudoku: {source}: it is a web page (HTML), not a workbook: open it in Excel or "
        "LibreOffice and save it as .xlsx\n"
    ), err


@pytest.mark.parametrize(
    ("encoding", "text"),
    [
        ("utf-8-sig", "5,3,,,7\n"),  # Excel's "CSV UTF-8", with its byte-order mark
        ("utf-16", "5\t3\t\t\t7\r\n"),  # Excel's "Unicode Text"
        ("utf-8", "Grille n°3;Montag für Anfänger\n5;3;;;7\n"),
    ],
    ids=["utf-8-bom", "utf-16", "accents"],
)
def test_text_with_a_byte_order_mark_or_accents_is_named_as_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str, text: str
) -> None:
    renamed, listed = tmp_path / "week.xlsx", tmp_path / "week.csv"
    for path in (renamed, listed):
        path.write_bytes(text.encode(encoding))
    status, err = batch(capsys, str(renamed), str(listed))
    assert status == 1
    assert f"{renamed}: it is text, not a workbook (a CSV file renamed?)\n" in err, err
    assert f"{listed}: it is a text file: batch mode reads workbooks; for the puzzles" in err


# --- 11: limits applied while reading -----------------------------------------------------------

PEAK = (
    "import sys\nfrom xl_sudoku.cli import main\n"
    "status = main(['batch', '--quiet', '--max-part-mib', '4', sys.argv[1]])\n"
    "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
    "print(status, int(peak.split()[1]) // 1024)\n"
)


def _peak(path: Path) -> tuple[int, int]:
    done = subprocess.run(
        [sys.executable, "-c", PEAK, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    status, peak = map(int, done.stdout.split())
    return status, peak


@pytest.mark.slow  # two processes, each starting Python and openpyxl
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_refused_large_file_costs_the_memory_of_a_small_one(tmp_path: Path) -> None:
    small = tmp_path / "small.xlsx"
    book, sheet = _book()
    write_grid(sheet, EASY, 4, 3)
    book.save(small)
    large = tmp_path / "large.xlsx"
    shutil.copyfile(small, large)
    with zipfile.ZipFile(large, "a") as archive:  # 48 MB that does not compress
        info = zipfile.ZipInfo("xl/media/film.bin")
        with archive.open(info, "w", force_zip64=True) as part:
            for _ in range(48):
                part.write(os.urandom(2**20))
    assert large.stat().st_size > 48 * 2**20
    small_status, small_peak = _peak(small)
    large_status, large_peak = _peak(large)
    assert (small_status, large_status) == (0, 1)
    assert large_peak < small_peak + 16, (small_peak, large_peak)


# --- 12: the figures the documentation quotes ---------------------------------------------------


def test_the_docs_quote_the_cpu_ratios_the_benchmark_printed() -> None:
    """docs/batch.md's figures for 1,000,000 and 10,000,000 cells are the lines
    bench_batch.py printed, as benchmarks/README.md records them, with their date."""
    docs = " ".join((ROOT / "docs" / "batch.md").read_text().split())
    record = (ROOT / "benchmarks" / "README.md").read_text()
    for cells in ("1,000,000", "10,000,000"):
        quoted = re.search(
            rf"{cells} cells[^.]*?([\d.]+)x openpyxl's `read_only` CPU[^.]*?(\d+) MB \(openpyxl "
            rf"`read_only`: (\d+) MB\)[^.]*?measured (\d{{4}}-\d\d-\d\d)",
            docs,
        )
        assert quoted is not None, cells
        ratio, ours, theirs, date = quoted.groups()
        printed = re.search(
            rf"(?:met   |MISSED) {cells} cells: CPU [\d.]+ s = {re.escape(ratio)}x openpyxl's "
            rf"read_only pass \([\d.]+ s[^)]*\); peak {ours} MB \(read_only {theirs} MB\)",
            record,
        )
        assert printed is not None, (cells, ratio, ours, theirs)
        heading = record[: printed.start()].rsplit("\n### ", 1)[-1].splitlines()[0]
        assert heading.startswith(date), (cells, heading)


@pytest.mark.slow  # the benchmark and four processes, each starting Python and openpyxl
def test_the_benchmark_prints_cpu_and_memory_beside_openpyxl_for_each_size() -> None:
    script = ROOT / "benchmarks" / "bench_batch.py"
    options = ["--scale-only", "--no-load", "--scale-rows", "100,200"]
    done = subprocess.run(
        [sys.executable, str(script), *options],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    lines = [
        line[9:] for line in done.stdout.splitlines() if line.startswith(("  met", "  MISSED"))
    ]
    for cells in ("1,000", "2,000"):
        assert any(
            re.fullmatch(
                rf"{cells} cells: CPU [\d.]+ s = [\d.]+x openpyxl's read_only pass \([\d.]+ s; "
                rf"wall [\d.]+ s against [\d.]+ s\); peak \d+ MB \(read_only \d+ MB\)",
                line,
            )
            for line in lines
        ), done.stdout + done.stderr


def test_a_large_sheets_rows_below_ours_are_copied_as_they_are(tmp_path: Path) -> None:
    """The write reads a large sheet up to the last row we write into, then copies the
    rest: the size it says up front (zip64 is decided by it) is the size written."""
    from xl_sudoku.batch.find import find_puzzles
    from xl_sudoku.batch.open import open_workbook
    from xl_sudoku.batch.options import Options
    from xl_sudoku.batch.solve import solve_puzzles
    from xl_sudoku.batch.styles import Styles
    from xl_sudoku.batch.worksheets import STREAM_FROM, patch_part

    book, sheet = _book()
    write_grid(sheet, EASY, 4, 3)
    for row in range(20, 3_000):
        sheet.cell(row, 1).value = f"row {row}"
        sheet.cell(row, 2).value = row * 1.5
    source = tmp_path / "large.xlsx"
    book.save(source)
    workbook = open_workbook(source)
    solved = solve_puzzles(workbook.workbook, find_puzzles(workbook, Options()), Options())
    package = workbook.package
    part = package.sheet_parts["Sheet1"]
    original = package.read(part, keep=False)
    assert len(original) > STREAM_FROM  # patched as a stream
    styles = Styles(package.read("xl/styles.xml"))
    patched = patch_part(package, part, solved.edits.sheets["Sheet1"], styles, "Sheet1")
    assert isinstance(patched, Streamed)
    written = b"".join(patched)
    assert patched.size == len(written)
    tail = original[original.index(b'<row r="20"') :]
    assert written.endswith(tail)
    assert written.count(b"<row ") == original.count(b"<row ") + 1  # the title line's, row 3
