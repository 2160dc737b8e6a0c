"""Batch mode on large and odd workbooks (issue 24).

Sheets are read as streams: what is kept of a sheet does not grow with its cells, and a
run's memory stays flat from 50,000 to 500,000 cells. A part that would expand past a
limit is refused at once, naming the part and the flag that raises the limit; every
read is counted against the limits as well. Drawings — charts, pictures, text boxes,
form buttons, shown notes' boxes — make the cells under them not free. Packages that are
not workbooks we read are named in words: a zip with no workbook part, an XML bomb behind
a long comment, a binary ``.xlsb``, an OpenDocument ``.ods``; a Strict OOXML workbook is
read and written in Strict's own namespaces.
"""

from __future__ import annotations

import datetime
import io
import os
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import openpyxl
import pytest
import xlsxwriter

from tests.batch.helpers import ROOT, libreoffice_convert, user_grid_workbook, write_grid
from tests.batch.odd_files import sheet_part, strict_copy, xlsb_workbook
from xl_sudoku.batch.archive import Limits, Package, PackageError, transitional
from xl_sudoku.batch.cells import Keeping
from xl_sudoku.batch.open import open_workbook
from xl_sudoku.cli import main
from xl_sudoku.core import is_solution, parse_puzzle
from xl_sudoku.helpers import ooxml

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
GRID = parse_puzzle(EASY)


def batch(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["batch", "--quiet", *argv])
    return status, capsys.readouterr().err


def answer_at(path: Path, sheet: str, top: int, left: int) -> tuple[object, ...]:
    ws = openpyxl.load_workbook(path)[sheet]
    return tuple(ws.cell(top + r, left + c).value for r in range(9) for c in range(9))


def values_in(path: Path, sheet: str, area: tuple[int, int, int, int]) -> list[object]:
    top, left, bottom, right = area
    ws = openpyxl.load_workbook(path)[sheet]
    return [
        ws.cell(r, c).value
        for r in range(top, bottom + 1)
        for c in range(left, right + 1)
        if ws.cell(r, c).value is not None
    ]


# --- drawings: the cells under them are not free (row 8) -----------------------------------------

BESIDE = (1, 12, 10, 20)  # L1:T10: where the answer to a grid at B2:J10 goes if it is free


def xlsxwriter_grid(path: Path, draw: Callable[[xlsxwriter.Workbook, object], None]) -> Path:
    """A grid at B2:J10 written by XlsxWriter, and something drawn beside it."""
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Puzzle")
    for cell, char in enumerate(EASY):
        if char != ".":
            sheet.write_number(1 + cell // 9, 1 + cell % 9, int(char))
    draw(book, sheet)
    book.close()
    return path


def chart(book: xlsxwriter.Workbook, sheet: object) -> None:
    data = book.add_worksheet("Data")
    data.write_column(0, 0, [3, 5, 2, 7])
    drawn = book.add_chart({"type": "column"})
    drawn.add_series({"values": "=Data!$A$1:$A$4"})
    sheet.insert_chart("L2", drawn)  # type: ignore[attr-defined]


def text_box(book: xlsxwriter.Workbook, sheet: object) -> None:
    sheet.insert_textbox("L2", "my notes", {"width": 300, "height": 160})  # type: ignore[attr-defined]


def button(book: xlsxwriter.Workbook, sheet: object) -> None:
    sheet.insert_button("M4", {"caption": "Check", "width": 120, "height": 40})  # type: ignore[attr-defined]


def shown_note(book: xlsxwriter.Workbook, sheet: object) -> None:
    sheet.write_comment("K3", "the answer goes here", {"visible": True, "x_scale": 2})  # type: ignore[attr-defined]


def picture(path: Path) -> Path:
    """A grid at B2:J10 written by openpyxl, and a picture at L2 (a one-cell anchor: its
    place is a cell and its size)."""
    from openpyxl.drawing.image import Image
    from PIL import Image as Picture

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Puzzle"
    write_grid(sheet, EASY, 2, 2, borders=False)
    png = io.BytesIO()
    Picture.new("RGB", (200, 120), "orange").save(png, "PNG")
    sheet.add_image(Image(png), "L2")
    book.save(path)
    return path


def absolute_chart(path: Path) -> Path:
    """A grid at B2:J10 written by openpyxl, and a chart placed by position and size (an
    absolute anchor), about L2:Q12 at the default column widths and row heights."""
    from openpyxl.chart import BarChart, Reference
    from openpyxl.drawing.spreadsheet_drawing import AbsoluteAnchor
    from openpyxl.drawing.xdr import XDRPoint2D, XDRPositiveSize2D

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Puzzle"
    write_grid(sheet, EASY, 2, 2, borders=False)
    data = book.create_sheet("Data")
    for row in range(1, 5):
        data.cell(row, 1).value = row
    drawn = BarChart()
    drawn.add_data(Reference(data, min_col=1, min_row=1, max_row=4))
    pixel = 9525
    drawn.anchor = AbsoluteAnchor(  # type: ignore[assignment]
        pos=XDRPoint2D(11 * 64 * pixel + 10 * pixel, 20 * pixel),
        ext=XDRPositiveSize2D(360 * pixel, 200 * pixel),
    )
    sheet.add_chart(drawn)
    book.save(path)
    return path


@pytest.mark.slow
@pytest.mark.parametrize(
    "make",
    [
        lambda path: xlsxwriter_grid(path, chart),
        lambda path: xlsxwriter_grid(path, text_box),
        lambda path: xlsxwriter_grid(path, button),
        lambda path: xlsxwriter_grid(path, shown_note),
        picture,
        absolute_chart,
    ],
    ids=["chart", "text box", "form button", "shown note", "picture", "absolute chart"],
)
def test_an_answer_never_goes_under_a_drawing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Callable[[Path], Path]
) -> None:
    source = make(tmp_path / "drawn.xlsx")
    status, err = batch(capsys, str(source))
    assert (status, err) == (0, "")
    out = tmp_path / "drawn.solved.xlsx"
    assert values_in(out, "Puzzle", BESIDE) == []  # nothing of ours under the drawing
    assert is_solution(answer_at(out, "Puzzle", 13, 2), GRID)  # type: ignore[arg-type]
    assert openpyxl.load_workbook(out)["Puzzle"]["B12"].value.startswith("Solved by xl-sudoku")
    before, after = (ooxml.read_parts(p.read_bytes()) for p in (source, out))
    drawings = [name for name in before if "drawings/" in name]
    assert drawings and all(before[name] == after[name] for name in drawings)


def test_a_hidden_notes_box_does_not_keep_the_answer_away(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A hidden note's box shows only while the pointer is on its cell, over whatever is
    there: the cells it would cover stay free (the cell with the note does not)."""
    source = xlsxwriter_grid(
        tmp_path / "note.xlsx",
        lambda book, sheet: sheet.write_comment("K3", "a note", {"x_scale": 2}),  # type: ignore[attr-defined]
    )
    assert batch(capsys, str(source)) == (0, "")
    assert is_solution(answer_at(tmp_path / "note.solved.xlsx", "Puzzle", 2, 12), GRID)  # type: ignore[arg-type]


# --- limits on what a package expands to (row 10) ------------------------------------------------


def grid_and_data(path: Path, rows: int, *, wide: bool = False) -> Path:
    """A grid workbook (openpyxl) with a second sheet, ``Data``, of ``rows`` rows of ten
    numbers, written straight into the zip (``wide``: rows of 100 cells, the same in every
    row, which compress about 100 to 1)."""
    grid = user_grid_workbook(path.with_name("grid-only.xlsx"), EASY)
    parts = ooxml.read_parts(grid.read_bytes())
    workbook = parts["xl/workbook.xml"].decode()
    parts["xl/workbook.xml"] = workbook.replace(
        "</sheets>",
        '<sheet xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
        'name="Data" sheetId="2" r:id="rId9"/></sheets>',
    ).encode()
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    parts["xl/_rels/workbook.xml.rels"] = rels.replace(
        "</Relationships>",
        '<Relationship Id="rId9" Target="worksheets/sheet2.xml" Type="http://schemas.'
        'openxmlformats.org/officeDocument/2006/relationships/worksheet"/></Relationships>',
    ).encode()
    types = parts["[Content_Types].xml"].decode()
    parts["[Content_Types].xml"] = types.replace(
        "</Types>",
        '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.'
        'openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ).encode()

    cells = (b'<c r="%s%%d"><v>%%d</v></c>' % bytes([letter]) for letter in b"ABCDEFGHIJ")
    template = b'<row r="%d">' + b"".join(cells) + b"</row>"

    def data() -> Iterator[bytes]:
        for row in range(1, rows + 1):
            if wide:  # cells without references: each follows the one before
                varied = b"".join(b"<c><v>%d</v></c>" % (row * k % 100_003) for k in (7, 13))
                yield b'<row r="%d">%s%s</row>' % (row, varied, b"<c><v>1070</v></c>" * 98)
            else:
                number = 1000 + row * 10
                yield template % (row, *(x for n in range(10) for x in (row, number + n)))

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in parts.items():
            archive.writestr(zipfile.ZipInfo(name, ooxml.FIXED_DATE), content, zipfile.ZIP_DEFLATED)
        sheet_part(archive, "xl/worksheets/sheet2.xml", data())
    return path


@pytest.mark.slow  # making the 250 MiB part takes seconds
def test_a_part_that_would_expand_past_the_limit_is_refused_at_once(tmp_path: Path) -> None:
    # the recipe: a file of a few MB, one sheet part of 250 MiB, about 100 to 1
    source = grid_and_data(tmp_path / "big.xlsx", 144_000, wide=True)
    with zipfile.ZipFile(source) as archive:
        info = archive.getinfo("xl/worksheets/sheet2.xml")
    assert 240 * 2**20 < info.file_size < 260 * 2**20
    assert source.stat().st_size < 4 * 2**20 and 50 < info.file_size / info.compress_size < 200
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "xl_sudoku", "batch", "--quiet", str(source)],
        capture_output=True,
        text=True,
        timeout=120,  # the first version read it for 20 minutes and 15 GB
        check=False,
    )
    assert done.returncode == 1 and time.perf_counter() - started < 30
    size = f"{info.file_size / 2**20:,.1f} MiB"
    assert done.stderr == (
        f"xl-sudoku: {source}: refused: part xl/worksheets/sheet2.xml would expand to {size} "
        "(more than 128.0 MiB: a zip bomb? for a workbook this large, raise --max-part-mib)\n"
    )
    assert not (tmp_path / "big.solved.xlsx").exists()


@pytest.mark.slow
def test_the_limits_are_the_users_to_raise(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = grid_and_data(tmp_path / "data.xlsx", 20_000)  # a Data part of about 6 MiB
    status, err = batch(capsys, str(source), "--max-part-mib", "4")
    assert status == 1
    assert "refused: part xl/worksheets/sheet2.xml would expand to" in err
    assert "(more than 4.0 MiB: a zip bomb? for a workbook this large, raise --max-part-mib)" in err
    status, err = batch(capsys, str(source), "--max-file-mib", "4")
    assert status == 1 and "more than 4.0 MiB: a zip bomb? for a workbook this large, raise " in err
    assert "--max-file-mib)" in err
    assert not (tmp_path / "data.solved.xlsx").exists()
    assert batch(capsys, str(source), "--max-part-mib", "8", "--max-file-mib", "8") == (0, "")
    assert is_solution(answer_at(tmp_path / "data.solved.xlsx", "My puzzle", 4, 13), GRID)  # type: ignore[arg-type]


def test_every_read_is_counted_against_the_limits(tmp_path: Path) -> None:
    """The zip's own sizes are checked first; every byte read is counted as well, and
    reading stops at the limit, whatever a part's zip entry says."""
    source = grid_and_data(tmp_path / "data.xlsx", 10_000)  # a Data part of about 3 MiB
    package = Package(source.read_bytes())
    package.limits = Limits(part=2**20, total=2**30)
    read = 0
    with pytest.raises(PackageError) as refused, package.open("xl/worksheets/sheet2.xml") as part:
        while part.read(2**16):
            read += 2**16
    assert read < 2**20 + 2**17  # it stopped at the limit, not at the part's end
    assert str(refused.value) == (
        "refused: part xl/worksheets/sheet2.xml expands to more than 1.0 MiB (a zip bomb? "
        "for a workbook this large, raise --max-part-mib)"
    )
    package = Package(source.read_bytes())
    package.limits = Limits(part=2**30, total=2 * 2**20)
    with pytest.raises(PackageError) as refused:
        package.read("xl/worksheets/sheet2.xml")
    assert str(refused.value).startswith("refused: its parts would expand to 2.0 MiB (more than")
    assert "raise --max-file-mib" in str(refused.value)


def test_the_command_lines_limits_are_the_packages_defaults() -> None:
    from xl_sudoku.batch import archive
    from xl_sudoku.cli import batch as command

    assert command.MAX_PART_MIB * 2**20 == archive.MAX_PART == Limits().part
    assert command.MAX_FILE_MIB * 2**20 == archive.MAX_TOTAL == Limits().total


# --- packages that are not workbooks we read (rows 15, 16, 17) ----------------------------------


def test_a_zip_with_content_types_but_no_workbook_part(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    parts = ooxml.read_parts(user_grid_workbook(tmp_path / "grid.xlsx", EASY).read_bytes())
    kept = {n: d for n, d in parts.items() if n in ("[Content_Types].xml", "_rels/.rels")}
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(ooxml.write_parts(kept))
    alone = tmp_path / "alone.xlsx"  # no relationships either
    alone.write_bytes(ooxml.write_parts({"[Content_Types].xml": parts["[Content_Types].xml"]}))
    status, err = batch(capsys, str(broken), str(alone))
    assert status == 1 and "internal error" not in err
    for path in (broken, alone):
        assert (
            f"xl-sudoku: {path}: it is not a workbook: the zip has no workbook part "
            "(xl/workbook.xml); save it again as .xlsx in Excel or LibreOffice\n"
        ) in err


def test_an_xml_bomb_after_a_long_comment_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "grid.xlsx", EASY)
    parts = ooxml.read_parts(source.read_bytes())
    app = parts["docProps/app.xml"].decode()
    laughs = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'
        for i in range(1, 10)
    )
    body = app[app.index("<Properties") :].replace("</Properties>", "<Company>&lol9;</Company>")
    comment = "<!--" + "nothing to see here " * 256 + "-->"  # 5 KB before the declaration
    parts["docProps/app.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n{comment}<!DOCTYPE Properties [{laughs}]>{body}'
    ).encode()
    bomb = tmp_path / "bomb.xlsx"
    bomb.write_bytes(ooxml.write_parts(parts))
    status, err = batch(capsys, str(bomb))
    assert (status, err) == (
        1,
        f"xl-sudoku: {bomb}: refused: docProps/app.xml declares XML entities (an XML bomb?)\n",
    )
    assert not (tmp_path / "bomb.solved.xlsx").exists()


def test_a_binary_workbook_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = xlsb_workbook(tmp_path / "club.xlsb", EASY)
    assert batch(capsys, str(source)) == (
        1,
        f"xl-sudoku: {source}: it is a binary workbook (.xlsb): save it as .xlsx (Excel: Save "
        "As, Excel Workbook; or LibreOffice)\n",
    )


def test_a_strict_workbook_is_read_and_written_in_strict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = strict_copy(user_grid_workbook(tmp_path / "grid.xlsx", EASY), tmp_path / "s.xlsx")
    assert (
        b"purl.oclc.org/ooxml/spreadsheetml/main"
        in ooxml.read_parts(source.read_bytes())["xl/worksheets/sheet1.xml"]
    )
    assert batch(capsys, str(source)) == (0, "")
    out = tmp_path / "s.solved.xlsx"
    parts = ooxml.read_parts(out.read_bytes())
    assert 'conformance="strict"' in parts["xl/workbook.xml"].decode()
    for name, data in parts.items():  # ours in Strict's namespaces too, the Steps sheet's
        assert b"schemas.openxmlformats.org/spreadsheetml" not in data, name
        assert b"schemas.openxmlformats.org/officeDocument/2006/relationships" not in data, name
    readable = tmp_path / "read-back.xlsx"  # openpyxl knows only transitional workbooks
    readable.write_bytes(ooxml.write_parts({n: transitional(d) for n, d in parts.items()}))
    assert is_solution(answer_at(readable, "My puzzle", 4, 13), GRID)  # type: ignore[arg-type]
    assert openpyxl.load_workbook(readable).sheetnames == ["My puzzle", "Steps"]
    for _ in range(2):  # reruns know our answers and our marked Steps sheet in Strict too
        assert batch(capsys, str(out), "--in-place") == (0, "")
    parts = ooxml.read_parts(out.read_bytes())
    readable.write_bytes(ooxml.write_parts({n: transitional(d) for n, d in parts.items()}))
    assert openpyxl.load_workbook(readable).sheetnames == ["My puzzle", "Steps"]
    assert is_solution(answer_at(readable, "My puzzle", 4, 13), GRID)  # type: ignore[arg-type]


def test_a_damaged_sheet_is_named_not_an_internal_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "grid.xlsx", EASY)
    parts = ooxml.read_parts(source.read_bytes())
    sheet = parts["xl/worksheets/sheet1.xml"]
    damages = {
        "cut": sheet[: sheet.index(b"</sheetData>")] + b"<row r=",
        "shared": sheet.replace(b'<c r="E4" s="2" t="n"><v>3</v>', b'<c r="E4" t="s"><v>99</v>'),
        "number": sheet.replace(b'<c r="G4" s="2" t="n"><v>2</v>', b'<c r="G4"><v>two</v>'),
    }
    for name, damaged in damages.items():
        assert damaged != sheet, name
        parts["xl/worksheets/sheet1.xml"] = damaged
        (tmp_path / f"{name}.xlsx").write_bytes(ooxml.write_parts(parts))
    status, err = batch(capsys, *(str(tmp_path / f"{name}.xlsx") for name in damages))
    assert status == 1 and "internal error" not in err
    for name in damages:
        assert f"{tmp_path / name}.xlsx: it is damaged (xl/worksheets/sheet1.xml: " in err, err
    assert "a cell names shared string 99, of 0)" in err


@pytest.fixture
def libreoffice(require_tool: Callable[..., None]) -> None:
    require_tool("soffice", "uno")


@pytest.mark.slow
@pytest.mark.usefixtures("libreoffice")
def test_odd_packages_are_real_and_an_ods_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """LibreOffice reads the grid out of the .xlsb and the Strict workbook made here, and
    our Strict output's answer; it writes the .ods."""
    xlsb = xlsb_workbook(tmp_path / "club.xlsb", EASY)
    strict = strict_copy(user_grid_workbook(tmp_path / "grid.xlsx", EASY), tmp_path / "s.xlsx")
    assert batch(capsys, str(strict)) == (0, "")
    for made, top, left in ((xlsb, 2, 2), (strict, 4, 3), (tmp_path / "s.solved.xlsx", 4, 13)):
        text = libreoffice_convert(
            made, tmp_path / f"{made.name}.csv", "Text - txt - csv (StarCalc)"
        )
        rows = [line.split(",") for line in text.read_text().splitlines()]
        digits = [rows[top - 1 + r][left - 1 + c] for r in range(9) for c in range(9)]
        grid = tuple(int(d) if d.isdigit() else 0 for d in digits)
        if made.name.startswith("s.solved"):
            assert is_solution(grid, GRID), made
        else:
            assert grid == GRID, made
    ods = libreoffice_convert(tmp_path / "grid.xlsx", tmp_path / "grid.ods", "calc8")
    assert batch(capsys, str(ods)) == (
        1,
        f"xl-sudoku: {ods}: it is an OpenDocument spreadsheet (.ods): save it as .xlsx "
        "(LibreOffice: File, Save As, Excel 2007-365)\n",
    )


# --- reading as a stream -------------------------------------------------------------------------


def test_a_sheet_is_read_as_openpyxl_reads_it(tmp_path: Path) -> None:
    """Every kind of value, read by the stream as openpyxl reads it: numbers, shared and
    inline strings, rich text, booleans, errors, dates and times by their format, a
    formula by its cached value, else as its formula."""
    path = tmp_path / "kinds.xlsx"
    book = xlsxwriter.Workbook(str(path), {"strings_to_numbers": False})
    sheet = book.add_worksheet("Kinds")
    bold = book.add_format({"bold": True})
    dated = book.add_format({"num_format": "yyyy-mm-dd"})
    timed = book.add_format({"num_format": "hh:mm"})
    sheet.write_number("A1", 5)
    sheet.write_number("A2", 3.25)
    sheet.write_number("A3", 1234567)
    sheet.write_string("A4", "seven")
    sheet.write_rich_string("A5", "rich ", bold, "text")
    sheet.write_boolean("A6", True)
    sheet.write_formula("A7", "=1/0", None, "#DIV/0!")
    sheet.write_datetime("A8", datetime.datetime(2024, 3, 1), dated)
    sheet.write_datetime("A9", datetime.datetime(1900, 1, 1, 13, 30), timed)
    sheet.write_formula("A10", "=A1+1", None, 6)
    sheet.write_formula("A11", '="x"&"y"', None, "xy")
    sheet.write_string("A12", " 8 ")
    sheet.write_number("A13", 0)
    book.close()
    parts = ooxml.read_parts(path.read_bytes())  # an inline string and a formula without a value
    sheet_xml = parts["xl/worksheets/sheet1.xml"].decode()
    sheet_xml = sheet_xml.replace(
        "</sheetData>",
        '<row r="14"><c r="A14" t="inlineStr"><is><t>inline</t></is></c></row>'
        '<row r="15"><c r="A15"><f>SUM(A1:A2)</f></c></row></sheetData>',
    )
    parts["xl/worksheets/sheet1.xml"] = sheet_xml.encode()
    path.write_bytes(ooxml.write_parts(parts))
    scanned = open_workbook(path).workbook.scan("Kinds", Keeping(everything=True)).values
    formulas = openpyxl.load_workbook(path)["Kinds"]
    cached = openpyxl.load_workbook(path, data_only=True)["Kinds"]
    expected = {}
    for row in range(1, 16):
        value = cached.cell(row, 1).value
        if value is None:
            value = formulas.cell(row, 1).value
        if value is not None and value != "":
            expected[(row, 1)] = value
    assert scanned == expected
    assert scanned[(15, 1)] == "=SUM(A1:A2)" and scanned[(8, 1)] == datetime.datetime(2024, 3, 1)


@pytest.mark.slow
def test_what_is_kept_of_a_sheet_does_not_grow_with_its_cells(tmp_path: Path) -> None:
    source = grid_and_data(tmp_path / "data.xlsx", 20_000)
    workbook = open_workbook(source).workbook
    data = workbook.scan("Data")
    assert data.values == {} and data.windows == [] and not data.lists
    assert len(list(data.taken.runs.runs())) == 20_000  # a run a row, not a record a cell
    assert len(data.taken) == 200_000 and data.last_row == 20_000 and data.last_column == 10
    grid = workbook.scan("My puzzle")
    kept = {(r, c) for r, c in grid.values}
    assert kept <= {(4 + r, 3 + c) for r in range(9) for c in range(9)}  # the grid's digits


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_runs_memory_does_not_grow_with_the_cells(tmp_path: Path) -> None:
    """The same grid beside 5,000 and 50,000 rows of numbers: the run's peak memory is
    about the same (openpyxl's model of the sheet took 500 bytes a cell)."""
    child = (
        "import sys\nfrom xl_sudoku.cli import main\n"
        "status = main(['batch', '--quiet', '--force', sys.argv[1]])\n"
        "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
        "print(status, int(peak.split()[1]) // 1024)\n"
    )
    peaks = []
    for rows in (5_000, 50_000):
        source = grid_and_data(tmp_path / f"data{rows}.xlsx", rows)
        done = subprocess.run(
            [sys.executable, "-c", child, str(source)],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=600,
        )
        status, peak = map(int, done.stdout.split())
        assert status == 0, done.stderr
        peaks.append(peak)
        solved = tmp_path / f"data{rows}.solved.xlsx"
        assert is_solution(answer_at(solved, "My puzzle", 4, 13), GRID)  # type: ignore[arg-type]
    # 450,000 more cells: a few MB (for 1,800,000 the first version took 223 MB more,
    # then 1,607 MB)
    assert peaks[1] - peaks[0] < 40, peaks
