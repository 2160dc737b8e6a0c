"""Workbooks batch mode meets that are not plain .xlsx: made here, as their programs
write them (batch layer tests).

* ``strict_copy``: a workbook in ISO 29500 Strict, as Excel's "Strict Open XML
  Spreadsheet" writes it: the same parts in Strict's own namespaces (``purl.oclc.org``),
  its relationships' types too, and ``conformance="strict"`` on the workbook;
* ``xlsb_workbook``: a binary workbook (.xlsb), its records written as [MS-XLSB] lays them
  out (a workbook, a sheet of numbers, a styles part), which LibreOffice reads;
* ``sheet_part``: a worksheet part written row by row into a zip, however large.
"""

from __future__ import annotations

import struct
import zipfile
from collections.abc import Iterator
from pathlib import Path

from xl_sudoku.batch.package import STRICT_NAMESPACES
from xl_sudoku.helpers import ooxml

XLSB_MAIN = "application/vnd.ms-excel.sheet.binary.macroEnabled.main"


def strict_copy(source: Path, target: Path) -> Path:
    """``source`` (a transitional workbook) saved as ISO 29500 Strict."""
    parts = ooxml.read_parts(source.read_bytes())
    for name, data in parts.items():
        if name.endswith((".xml", ".rels")) and name != "[Content_Types].xml":
            for strict, plain in STRICT_NAMESPACES.items():
                data = data.replace(plain.encode(), strict.encode())
            parts[name] = data
    workbook = parts["xl/workbook.xml"]
    start = workbook.index(b"<workbook")
    parts["xl/workbook.xml"] = (
        workbook[:start] + b'<workbook conformance="strict"' + workbook[start + 9 :]
    )
    target.write_bytes(ooxml.write_parts(parts))
    return target


# --- .xlsb ----------------------------------------------------------------------------------


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        byte = number & 0x7F
        number >>= 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)


def _record(kind: int, payload: bytes = b"") -> bytes:
    """One record: its type and size as 7-bit varints, then its payload."""
    return _varint(kind) + _varint(len(payload)) + payload


def _wide(text: str) -> bytes:
    """An XLWideString: a 32-bit count of UTF-16 units, then the units."""
    return struct.pack("<I", len(text)) + text.encode("utf-16-le")


def _workbook_bin(sheet: str) -> bytes:
    bundle = struct.pack("<II", 0, 1) + _wide("rId1") + _wide(sheet)  # visible, tab 1
    return b"".join(
        (
            _record(131),  # BrtBeginBook
            _record(143),  # BrtBeginBundleShs
            _record(156, bundle),  # BrtBundleSh
            _record(144),  # BrtEndBundleShs
            _record(132),  # BrtEndBook
        )
    )


def _sheet_bin(cells: dict[tuple[int, int], int]) -> bytes:
    rows = sorted({r for r, _ in cells})
    columns = sorted({c for _, c in cells})
    out = [
        _record(129),  # BrtBeginSheet
        _record(148, struct.pack("<IIII", rows[0], rows[-1], columns[0], columns[-1])),  # WsDim
        _record(145),  # BrtBeginSheetData
    ]
    for row in rows:
        in_row = sorted(c for r, c in cells if r == row)
        header = struct.pack("<IIHBBB", row, 0, 300, 0, 0, 0)  # 15 points high
        header += struct.pack("<III", 1, in_row[0], in_row[-1])  # one span of columns
        out.append(_record(0, header))  # BrtRowHdr
        for column in in_row:
            rk = (cells[(row, column)] << 2) | 0x02  # an integer RkNumber
            out.append(_record(2, struct.pack("<III", column, 0, rk)))  # BrtCellRk
    out += [_record(146), _record(130)]  # BrtEndSheetData, BrtEndSheet
    return b"".join(out)


def _styles_bin() -> bytes:
    font = struct.pack("<HHHHBBBB", 220, 0, 400, 0, 0, 0, 0, 0)  # 11 points, regular
    font += struct.pack("<BBI", 0x01, 0, 0) + struct.pack("<Q", 0) + struct.pack("<B", 0)
    font += _wide("Calibri")
    xf = struct.pack("<HHHHHHBBH", 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 0)
    return b"".join(
        (
            _record(278),  # BrtBeginStyleSheet
            _record(611, struct.pack("<I", 1)),  # BrtBeginFonts
            _record(43, font),  # BrtFont
            _record(612),  # BrtEndFonts
            _record(617, struct.pack("<I", 1)),  # BrtBeginCellXFs
            _record(47, xf),  # BrtXF
            _record(618),  # BrtEndCellXFs
            _record(279),  # BrtEndStyleSheet
        )
    )


def xlsb_workbook(path: Path, puzzle: str, top: int = 2, left: int = 2) -> Path:
    """A binary workbook (.xlsb): one sheet, ``puzzle``'s digits at (top, left), 1-based."""
    cells = {
        (top - 1 + i // 9, left - 1 + i % 9): int(ch)
        for i, ch in enumerate(puzzle)
        if ch in "123456789"
    }
    types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        f'<Default Extension="bin" ContentType="{XLSB_MAIN}"/>'
        '<Override PartName="/xl/worksheets/sheet1.bin" '
        'ContentType="application/vnd.ms-excel.worksheet"/>'
        '<Override PartName="/xl/styles.bin" ContentType="application/vnd.ms-excel.styles"/>'
        "</Types>"
    )
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    package_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.bin"/>'
        "</Relationships>"
    )
    workbook_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.bin"/>'
        f'<Relationship Id="rId2" Type="{rel}/styles" Target="styles.bin"/>'
        "</Relationships>"
    )
    parts = {
        "[Content_Types].xml": types.encode(),
        "_rels/.rels": package_rels.encode(),
        "xl/workbook.bin": _workbook_bin("Puzzle"),
        "xl/_rels/workbook.bin.rels": workbook_rels.encode(),
        "xl/worksheets/sheet1.bin": _sheet_bin(cells),
        "xl/styles.bin": _styles_bin(),
    }
    path.write_bytes(ooxml.write_parts(parts))
    return path


# --- a large sheet ---------------------------------------------------------------------------


def sheet_part(archive: zipfile.ZipFile, name: str, rows: Iterator[bytes]) -> None:
    """Write a worksheet part of ``rows`` (each a ``<row>`` element) into ``archive``,
    piece by piece, however large."""
    info = zipfile.ZipInfo(name, date_time=ooxml.FIXED_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    with archive.open(info, "w", force_zip64=True) as part:
        part.write(
            b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet '
            b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        )
        buffer = bytearray()
        for row in rows:
            buffer += row
            if len(buffer) > 2**20:
                part.write(buffer)
                buffer.clear()
        part.write(bytes(buffer) + b"</sheetData></worksheet>")
