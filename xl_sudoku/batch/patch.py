"""The user's workbook package written again with our edits: only our cells change
(batch layer, the pipeline's ``patch`` stage).

The output is the input package with only these parts patched, each through lxml
(which keeps namespace prefixes and ``mc:Ignorable``):

* the worksheets we write cells into (``worksheets``): our cells added (inline strings
  and numbers, so ``sharedStrings.xml`` stays as it is; no formula, so ``calcChain.xml``
  stays valid), ``<dimension>``, row ``spans`` and column widths widened to hold them;
* ``xl/styles.xml`` (``styles``): our fonts, fills, borders and cell formats appended,
  so every existing style index means what it meant;
* for a sheet we add: ``workbook.xml``, its relationships, ``[Content_Types].xml`` and
  ``docProps/app.xml`` (the sheet's title among the others).

Every other part is copied with the same name, the same bytes, the same zip entry
settings, in the same order, piece by piece; a large sheet is patched as it is copied.
A Strict workbook is patched as its transitional twin and written back in Strict's
namespaces.
"""

from __future__ import annotations

import posixpath
import shutil
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import IO, Final

from lxml import etree

from .archive import (
    CONTENT_TYPES,
    EXTENDED,
    MAIN,
    PKG_REL,
    REL,
    STYLES_TYPE,
    VT,
    WORKSHEET,
    WORKSHEET_TYPE,
    Content,
    Package,
    PackageError,
    Streamed,
    parse,
    serialise,
    strict,
)
from .edits import Edits
from .formulas import formulas_read_ours
from .sheet_frame import q
from .stages import stage
from .styles import Styles
from .worksheets import patch_part, patch_sheet

# --- writing -------------------------------------------------------------------------------


RECALCULATE: Final = "formulas read cells this run wrote: marked to recalculate when opened"


@dataclass
class Patched:
    """A package with our edits, ready to be written (``save``): ``fill(file)`` writes it,
    patching as it copies; ``remarks``, what the run has to say about it."""

    fill: Callable[[IO[bytes]], None]
    remarks: list[str]


def patch_workbook(package: Package, edits: Edits) -> Patched:
    """The patch stage: ``package`` with ``edits`` applied, written when it is saved. A
    workbook whose formulas read cells we write is marked to recalculate when opened."""
    remarks = []
    if formulas_read_ours(package, edits):
        edits.recalculate = True
        remarks.append(RECALCULATE)
    return Patched(partial(write, package, edits), remarks)


def write(package: Package, edits: Edits, out: IO[bytes]) -> None:
    """The package with ``edits`` applied, as a zip written to ``out``. The parts we do not
    change are copied piece by piece, never whole in memory. A Strict workbook's parts are
    patched as their transitional twins, then written back in Strict's namespaces."""
    with stage("patching"):
        if package.strict:
            twin = package.transitional_twin()
            parts = {name: _strict(data) for name, data in _patched_parts(twin, edits).items()}
        else:
            parts = _patched_parts(package, edits)
    # a large sheet is patched as it is written (``Streamed``)
    sheets = {package.sheet_parts[name]: name for name, e in edits.sheets.items() if not e.new}
    with zipfile.ZipFile(out, "w", allowZip64=True) as archive:
        for info in package.infos:
            data = parts.pop(info.filename, None)
            if data is None:
                _copy_entry(archive, package, info)
            else:
                with stage(f"patching {sheets.get(info.filename, info.filename)}"):
                    _write_entry(archive, _copy_info(info), data)
        for name, data in parts.items():  # the parts we add
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o600 << 16
            _write_entry(archive, info, data)


def _write_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, data: Content) -> None:
    if isinstance(data, bytes):
        archive.writestr(info, data)
        return
    size = data.size if isinstance(data, Streamed) else sum(len(piece) for piece in data)
    info.file_size = size  # decides on zip64 up front
    with archive.open(info, "w") as entry:  # piece by piece: never the whole part at once
        buffer = bytearray()
        for piece in data:
            buffer += piece
            if len(buffer) >= 2**20:
                entry.write(buffer)
                buffer.clear()
        entry.write(buffer)


def _copy_entry(archive: zipfile.ZipFile, package: Package, info: zipfile.ZipInfo) -> None:
    """A part we do not change, copied piece by piece."""
    copied = _copy_info(info)
    copied.file_size = info.file_size  # decides on zip64 up front
    with package.open(info.filename) as source, archive.open(copied, "w") as entry:
        shutil.copyfileobj(source, entry, 2**20)


def _strict(data: Content) -> Content:
    """A part patched as its transitional twin, in Strict's namespaces again (a large
    sheet's rows we did not touch are slices of the twin: they name no namespace)."""
    if isinstance(data, bytes):
        return strict(data)
    if isinstance(data, Streamed):
        return data  # read from the part itself, in its own namespaces
    return [strict(piece) if isinstance(piece, bytes) else piece for piece in data]


def _copy_info(info: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """A zip entry like ``info``: name, date, compression, attributes, comment."""
    copied = zipfile.ZipInfo(info.filename, date_time=info.date_time)
    copied.compress_type = info.compress_type
    copied.external_attr = info.external_attr
    copied.create_system = info.create_system
    copied.comment = info.comment
    copied.extra = b""
    return copied


def _patched_parts(package: Package, edits: Edits) -> dict[str, Content]:
    parts: dict[str, Content] = {}
    if not edits:
        return parts
    styles_name = styles_part(package)
    styles = Styles(package.read(styles_name)) if styles_name else Styles(EMPTY_STYLES)
    new_parts: dict[str, str] = {}
    taken = {name.casefold() for name in package.names}  # part names ignore case
    for name in edits.added:
        number = len(package.sheet_parts) + 1
        while f"xl/worksheets/sheet{number}.xml" in taken:
            number += 1
        part = f"xl/worksheets/sheet{number}.xml"
        taken.add(part)
        new_parts[name] = part
    for name, sheet_edits in edits.sheets.items():
        with stage(f"patching {name}"):
            if sheet_edits.new:
                parts[new_parts[name]] = patch_sheet(NEW_SHEET, sheet_edits, styles, name)
            else:
                part = package.sheet_parts[name]
                parts[part] = patch_part(package, part, sheet_edits, styles, name)
    if styles.changed:
        if styles_name is None:
            styles_name, number = "xl/styles.xml", 1
            while styles_name in taken:  # a part of that name, unregistered (any case)
                number += 1
                styles_name = f"xl/styles{number}.xml"
            new_parts["\0styles"] = styles_name  # registered below with the sheets
        parts[styles_name] = styles.to_bytes()
    if new_parts or edits.marks or edits.recalculate:
        parts.update(_register(package, new_parts, edits))
    return parts


def styles_part(package: Package) -> str | None:
    for kind, target in package.relationships(package.workbook_part).values():
        if kind == f"{REL}/styles" and target in package.names:
            return target
    return None


# --- a new sheet, registered in the workbook -----------------------------------------------------

# a sheet of ours prints one page wide (landscape, as many pages down as it takes)
NEW_SHEET: Final = (
    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN}" '
    f'xmlns:r="{REL}"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><dimension ref="A1"/>'
    '<sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr '
    'defaultRowHeight="15"/><sheetData/><pageMargins left="0.7" right="0.7" top="0.75" '
    'bottom="0.75" header="0.3" footer="0.3"/><pageSetup orientation="landscape" '
    'fitToWidth="1" fitToHeight="0"/></worksheet>'
).encode()

EMPTY_STYLES: Final = (
    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="{MAIN}">'
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill>'
    '<patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/>'
    '<right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf '
    'numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf '
    'numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles '
    'count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
).encode()


def _register(package: Package, new_parts: dict[str, str], edits: Edits) -> dict[str, bytes]:
    """``workbook.xml``, its relationships, the content types and ``docProps/app.xml`` with
    the new sheets (and a new styles part, under the key ``"\\0styles"``) in them; and in
    ``workbook.xml`` our marks (hidden names) and, if asked, a recalculation on opening."""
    out: dict[str, bytes] = {}
    styles_part = new_parts.pop("\0styles", None)
    workbook_name = package.workbook_part
    folder = posixpath.dirname(workbook_name)
    rels_name = package.rels_name(workbook_name)
    rels_data = package.read(rels_name) if rels_name in package.names else EMPTY_RELS
    rels = parse(rels_data, rels_name)
    ids = {rel.get("Id") for rel in rels}

    def new_id() -> str:
        number = len(ids) + 1
        while f"rId{number}" in ids:
            number += 1
        ids.add(f"rId{number}")
        return f"rId{number}"

    def relationship(kind: str, part: str) -> str:
        identifier = new_id()
        element = etree.SubElement(rels, f"{{{PKG_REL}}}Relationship")
        element.set("Id", identifier)
        element.set("Type", kind)
        element.set("Target", posixpath.relpath(part, folder or "."))
        return identifier

    types = parse(package.read("[Content_Types].xml"), "[Content_Types].xml")

    def override(part: str, content_type: str) -> None:
        element = etree.SubElement(types, f"{{{CONTENT_TYPES}}}Override")
        element.set("PartName", f"/{part}")
        element.set("ContentType", content_type)

    if new_parts or edits.marks or edits.recalculate:
        workbook_data = package.read(workbook_name)
        workbook = parse(workbook_data, workbook_name)
        sheets = workbook.find(f"{{{MAIN}}}sheets")
        if sheets is None:
            raise PackageError(f"it is damaged ({workbook_name} has no sheets)")
        for name, part in new_parts.items():
            _add_sheet(sheets, name, relationship(WORKSHEET, part))
            override(part, WORKSHEET_TYPE)
        _mark(workbook, edits.marks)
        if edits.recalculate:
            _recalculate_on_open(workbook)
        out[workbook_name] = serialise(workbook, workbook_data)
        if new_parts:
            app = _with_titles(package, list(package.sheet_parts), list(new_parts))
            if app is not None:
                out["docProps/app.xml"] = app
    if not new_parts and styles_part is None:
        return out  # no part added: the relationships and content types stay as they are
    if styles_part is not None:
        relationship(f"{REL}/styles", styles_part)
        override(styles_part, STYLES_TYPE)
    out[rels_name] = serialise(rels, rels_data)
    out["[Content_Types].xml"] = serialise(types, package.read("[Content_Types].xml"))
    return out


def _add_sheet(sheets: etree._Element, name: str, relationship: str) -> None:
    """A ``<sheet>`` after the others, with the next free ``sheetId``."""
    used = [int(s.get("sheetId", "0")) for s in sheets]
    element = etree.SubElement(sheets, f"{{{MAIN}}}sheet")
    element.set("name", name)
    element.set("sheetId", str(max(used, default=0) + 1))
    element.set(f"{{{REL}}}id", relationship)


# what comes before and after definedNames and calcPr in a workbook part (CT_Workbook)
_BEFORE_NAMES: Final = ("sheets", "functionGroups", "externalReferences")
_BEFORE_CALC: Final = (*_BEFORE_NAMES, "definedNames")


def _child(workbook: etree._Element, tag: str, after: Sequence[str]) -> etree._Element:
    """``workbook``'s child ``tag``, made in the schema's place (after the last of
    ``after``) if it has none."""
    found = workbook.find(q(MAIN, tag))
    if found is not None:
        return found
    element = workbook.makeelement(q(MAIN, tag))
    before = [c for c in workbook if etree.QName(c).localname in after]
    if before:
        before[-1].addnext(element)
    else:
        workbook.insert(0, element)
    return element


def _mark(workbook: etree._Element, marks: Mapping[tuple[str, str], str]) -> None:
    """Our marks as hidden names, each scoped to its sheet (``localSheetId``: the sheet's
    place among all sheets); one already there is given its new reference."""
    if not marks:
        return
    places = {s.get("name", ""): index for index, s in enumerate(workbook.iter(q(MAIN, "sheet")))}
    names = _child(workbook, "definedNames", _BEFORE_NAMES)
    existing = {
        (n.get("name", "").casefold(), n.get("localSheetId")): n
        for n in names.iter(q(MAIN, "definedName"))
    }
    for (name, sheet), refers_to in marks.items():
        place = str(places[sheet])
        element = existing.get((name.casefold(), place))
        if element is None:
            element = etree.SubElement(names, q(MAIN, "definedName"))
            element.set("name", name)
            element.set("localSheetId", place)
            element.set("hidden", "1")
        element.text = refers_to


def _recalculate_on_open(workbook: etree._Element) -> None:
    """``<calcPr fullCalcOnLoad="1">``: the workbook computes every formula when opened
    (cached values of formulas that read our cells are stale)."""
    _child(workbook, "calcPr", _BEFORE_CALC).set("fullCalcOnLoad", "1")


EMPTY_RELS: Final = (
    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL}"/>'
).encode()


def _with_titles(package: Package, sheets: list[str], added: list[str]) -> bytes | None:
    """``docProps/app.xml`` with the new sheets' titles after the worksheets' and the
    worksheets' count raised; None if there is no such part or it is not as Excel writes it
    (it is only a summary: Excel rewrites it on saving)."""
    name = "docProps/app.xml"
    if name not in package.names:
        return None
    data = package.read(name)
    root = parse(data, name)
    pairs = root.find(f"{{{EXTENDED}}}HeadingPairs/{{{VT}}}vector")
    titles = root.find(f"{{{EXTENDED}}}TitlesOfParts/{{{VT}}}vector")
    if pairs is None or titles is None:
        return None
    variants = list(pairs)
    groups = []
    for label, variant in zip(variants[0::2], variants[1::2], strict=False):
        counter = variant.find(f"{{{VT}}}i4")
        if counter is None or not (counter.text or "").strip().isdigit():
            return None
        groups.append((label, counter))
    entries = list(titles)
    start = 0
    for _, number in groups:
        count = int(number.text or "0")
        names = [e.text for e in entries[start : start + count]]
        if names == sheets:  # the worksheets' group
            position = start + count
            for offset, title in enumerate(added):
                element = etree.Element(f"{{{VT}}}lpstr")
                element.text = title
                titles.insert(position + offset, element)
            number.text = str(count + len(added))
            titles.set("size", str(len(titles)))
            return serialise(root, data)
        start += count
    return None
