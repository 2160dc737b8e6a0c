"""The user's workbook package, patched in place: only our cells change (batch layer).

A workbook is a zip of XML parts. Batch mode reads its sheets as streams (``scan``) and
never lets openpyxl write it: openpyxl rebuilds every part and drops what it does not
model (charts' caches, sparklines, extension lists, threaded comments, custom XML ...).
Here the output is the input package with only these parts patched, each through lxml
(which keeps namespace prefixes and ``mc:Ignorable``):

* the worksheets we write cells into: our cells added (inline strings and numbers, so
  ``sharedStrings.xml`` stays as it is; no formula, so ``calcChain.xml`` stays valid),
  ``<dimension>``, row ``spans`` and column widths widened to hold them;
* ``xl/styles.xml``: our fonts, fills, borders and cell formats appended, so every
  existing style index means what it meant;
* for a sheet we add: ``workbook.xml``, its relationships, ``[Content_Types].xml`` and
  ``docProps/app.xml`` (the sheet's title among the others).

Every other part is copied with the same name, the same bytes, the same zip entry
settings, in the same order, piece by piece; a large sheet is patched as it is copied.
A Strict workbook (ISO 29500's own namespaces) is patched as its transitional twin and
written back in Strict's. Untrusted input is bounded before anything is expanded: a part
too large, or compressed too well to be anything but a zip bomb, is refused, and every
read is counted against the same limits (``Limits``: a flag of batch mode raises them);
a part whose prolog declares entities (an XML bomb) is refused before it is parsed. A
package that is not a workbook we read (no workbook part, a binary ``.xlsb``, a Word
document) is named in words.
"""

from __future__ import annotations

import copy
import io
import posixpath
import re
import shutil
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Final, NamedTuple

from lxml import etree

from ..helpers.a1 import column_letters, column_number

MAIN: Final = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRICT_MAIN: Final = "http://purl.oclc.org/ooxml/spreadsheetml/main"
REL: Final = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STRICT_REL: Final = "http://purl.oclc.org/ooxml/officeDocument/relationships"
PKG_REL: Final = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPES: Final = "http://schemas.openxmlformats.org/package/2006/content-types"
EXTENDED: Final = "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"
VT: Final = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
OFFICE_DOCUMENT: Final = f"{REL}/officeDocument"
WORKSHEET: Final = f"{REL}/worksheet"
WORKSHEET_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
STYLES_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"

# the workbook part's content type says what the package is, whatever its name says
KINDS: Final = {
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml": ".xlsx",
    "application/vnd.ms-excel.sheet.macroEnabled.main+xml": ".xlsm",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml": ".xltx",
    "application/vnd.ms-excel.template.macroEnabled.main+xml": ".xltm",
}

# Limits for untrusted files. Real workbooks compress 5-40x; deflate's ceiling is ~1030x.
# The sizes a part and the whole package may expand to are the user's to raise (batch's
# --max-part-mib and --max-file-mib): reading is streamed, so they bound time, not memory.
MAX_PART: Final = 128 * 2**20  # uncompressed bytes of one part
MAX_TOTAL: Final = 512 * 2**20  # of all parts together
MAX_RATIO: Final = 200  # uncompressed / compressed, for parts over RATIO_FLOOR
RATIO_FLOOR: Final = 4 * 2**20
MAX_PARTS: Final = 20_000
MAX_PROLOG: Final = 2**20  # bytes before a part's first element (comments, declarations)

MAX_ROW: Final = 1_048_576
MAX_COLUMN: Final = 16_384
KEEP: Final = "keep"  # a value or fill left as it is


class WorkbookError(Exception):
    """A file that cannot be read as a workbook, or written; the message says why."""


class PackageError(WorkbookError, ValueError):
    """A package we refuse or cannot patch; the message says what and where."""


# --- reading, with limits --------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """How far a package's parts may expand: one part, and all parts together (bytes)."""

    part: int = MAX_PART
    total: int = MAX_TOTAL

    @classmethod
    def mib(cls, part: float | None = None, total: float | None = None) -> Limits:
        """Limits in MiB (None: the default)."""
        return cls(
            MAX_PART if part is None else int(part * 2**20),
            MAX_TOTAL if total is None else int(total * 2**20),
        )


def check_limits(archive: zipfile.ZipFile, limits: Limits = Limits()) -> None:
    """Refuse a package whose parts would expand beyond ``limits`` (a zip bomb), before
    anything is decompressed. The sizes are the zip's own; ``zipfile`` never returns more
    than a part's stated size, and every read is counted as well (``Package.open``)."""
    infos = archive.infolist()
    if len(infos) > MAX_PARTS:
        raise PackageError(f"refused: {len(infos):,} parts (more than {MAX_PARTS:,})")
    total = 0
    for info in infos:
        size = info.file_size
        total += size
        if size > limits.part:
            raise PackageError(_too_large(info.filename, size, limits.part))
        if size > RATIO_FLOOR and size > MAX_RATIO * max(info.compress_size, 1):
            ratio = size / max(info.compress_size, 1)
            raise PackageError(
                f"refused: part {info.filename} expands {ratio:,.0f}x "
                f"({_mib(info.compress_size)} to {_mib(size)}; a zip bomb?)"
            )
    if total > limits.total:
        raise PackageError(_too_large_total(total, limits.total))


def _too_large(name: str, size: int, limit: int, *, so_far: bool = False) -> str:
    advice = "a zip bomb? for a workbook this large, raise --max-part-mib"
    if so_far:
        return f"refused: part {name} expands to more than {_mib(limit)} ({advice})"
    return f"refused: part {name} would expand to {_mib(size)} (more than {_mib(limit)}: {advice})"


def _too_large_total(size: int, limit: int) -> str:
    return (
        f"refused: its parts would expand to {_mib(size)} (more than {_mib(limit)}: a zip "
        "bomb? for a workbook this large, raise --max-file-mib)"
    )


def _mib(size: int) -> str:
    return f"{size / 2**20:,.1f} MiB"


_PARSER: Final = etree.XMLParser(
    resolve_entities=False, no_network=True, remove_blank_text=False, huge_tree=False
)


def parse(data: bytes, name: str) -> etree._Element:
    """A part's XML. A document type declaration (the way to an XML bomb) is refused."""
    check_prolog(data, name)
    try:
        return etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as error:
        raise PackageError(f"it is damaged ({name}: {error})") from None


def serialise(root: etree._Element, original: bytes) -> bytes:
    """The XML of ``root`` with the declaration the original part had."""
    head = original[:200]
    standalone = None
    if b"standalone=" in head:
        standalone = b'standalone="yes"' in head or b"standalone='yes'" in head
    if not head.lstrip().startswith(b"<?xml"):
        return etree.tostring(root, encoding="UTF-8")
    if standalone is None:
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=standalone)


_PROLOG_ITEM: Final = re.compile(rb"\s*(?:<\?.*?\?>|<!--.*?-->)", re.S)


def check_prolog(head: bytes, name: str) -> bool:
    """Refuse a part whose prolog (what comes before its first element: the XML
    declaration, comments) declares a document type: entities, the way to an XML bomb.
    True when ``head`` reaches the first element (else more bytes are needed to tell)."""
    position = 0
    if head.startswith(b"\xef\xbb\xbf"):
        position = 3
    while True:
        found = _PROLOG_ITEM.match(head, position)
        if found is None or found.end() == position:
            break
        position = found.end()
    rest = head[position:].lstrip()
    if rest.startswith(b"<!") and not rest.startswith(b"<!--"):
        raise PackageError(f"refused: {name} declares XML entities (an XML bomb?)")
    if rest.startswith(b"<") and rest[1:2] not in (b"", b"?", b"!"):
        return True
    return not rest and len(head) > position  # nothing but a prolog: no element to come


class _Counted(io.RawIOBase):
    """A part's stream that counts what it expands to and refuses to go past the limits."""

    def __init__(self, stream: IO[bytes], name: str, package: Package) -> None:
        self._stream, self._name, self._package = stream, name, package
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self._stream.read(len(buffer))
        self.count += len(data)
        self._package.counted(self._name, self.count)
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._stream.close()
        super().close()


class Package:
    """The parts of a workbook package (read lazily) and what they say about its sheets.

    Every part is read through ``open`` (or ``read``), which counts the bytes it expands
    to: a part or a package that goes past ``limits`` is refused, whatever its zip entry
    says. A package that is not a workbook we can read (no workbook part, a binary
    ``.xlsb``, a Word document) is refused with the reason in words."""

    def __init__(self, data: bytes, limits: Limits = Limits()) -> None:
        self.data = data
        self.limits = limits
        try:
            self.archive = zipfile.ZipFile(io.BytesIO(data))
        except zipfile.BadZipFile:
            raise PackageError("it is truncated or damaged (not a readable zip file)") from None
        check_limits(self.archive, limits)
        self.infos = self.archive.infolist()
        self.names = {info.filename for info in self.infos}
        self._cache: dict[str, bytes] = {}
        self._twin = False  # parts read in the transitional namespaces
        self._expanded: dict[str, int] = {}  # part -> the most of it read so far
        self._total = 0
        self.workbook_part = self._office_document()
        self._check_kind()
        self.sheet_parts = self._sheet_parts()

    def counted(self, name: str, size: int) -> None:
        """``size`` bytes of part ``name`` have been read: refuse past the limits."""
        if size > self.limits.part:
            raise PackageError(_too_large(name, size, self.limits.part, so_far=True))
        before = self._expanded.get(name, 0)
        if size > before:
            self._expanded[name] = size
            self._total += size - before
            if self._total > self.limits.total:
                raise PackageError(_too_large_total(self._total, self.limits.total))

    def open(self, name: str) -> IO[bytes]:
        """A part as a stream (its bytes counted against the limits)."""
        if name not in self.names:
            raise PackageError(f"it is damaged (its part {name} is missing)")
        counted = _Counted(self.archive.open(name), name, self)
        return io.BufferedReader(counted, 2**16)

    def read(self, name: str, keep: bool = True) -> bytes:
        """A part's bytes (kept for the next reader unless ``keep`` is false)."""
        if name in self._cache:
            return self._cache[name]
        with self.open(name) as stream:
            data = stream.read()
        if self._twin:
            data = transitional(data)
        if keep:
            self._cache[name] = data
        return data

    def transitional_twin(self) -> Package:
        """The same package, its parts read in the transitional namespaces (a Strict
        workbook's, for the code that knows those)."""
        twin = copy.copy(self)
        twin._cache = {}
        twin._twin = True
        return twin

    def check_prologs(self) -> None:
        """Refuse, before anything is parsed, a package with an XML part that declares a
        document type (entities: an XML bomb), wherever its declaration hides."""
        for info in self.infos:
            if not info.filename.lower().endswith((".xml", ".rels", ".vml")):
                continue
            head = b""
            with self.open(info.filename) as stream:
                while len(head) < MAX_PROLOG:
                    chunk = stream.read(4096)
                    head += chunk
                    if not chunk or check_prolog(head, info.filename):
                        break
                else:
                    raise PackageError(
                        f"refused: {info.filename} starts with more than {_mib(MAX_PROLOG)} "
                        "of comments and declarations"
                    )

    def _office_document(self) -> str:
        if "_rels/.rels" in self.names:
            for rel in parse(self.read("_rels/.rels"), "_rels/.rels"):
                if rel_kind(rel.get("Type", "")) == "officeDocument":
                    return resolve("", rel.get("Target", ""))
        return "xl/workbook.xml"

    def _check_kind(self) -> None:
        """Refuse, in words, a package that is not a workbook we can read."""
        part = self.workbook_part
        content_type = self.content_type(part) if part in self.names else ""
        for marker, what in OTHER_KINDS.items():
            if marker in content_type or part.lower().endswith(marker):
                raise PackageError(what)
        if part not in self.names:
            raise PackageError(
                f"it is not a workbook: the zip has no workbook part ({part}); "
                "save it again as .xlsx in Excel or LibreOffice"
            )

    def rels_name(self, part: str) -> str:
        folder, name = posixpath.split(part)
        return posixpath.join(folder, "_rels", f"{name}.rels")

    def relationships(self, part: str) -> dict[str, tuple[str, str]]:
        """A part's relationships: id -> (type, target part name)."""
        name = self.rels_name(part)
        if name not in self.names:
            return {}
        folder = posixpath.dirname(part)
        out = {}
        for rel in parse(self.read(name), name):
            if rel.get("TargetMode") == "External":
                continue
            out[rel.get("Id", "")] = (rel.get("Type", ""), resolve(folder, rel.get("Target", "")))
        return out

    def _sheet_parts(self) -> dict[str, str]:
        """Worksheet name -> part name, in the workbook's order."""
        root = parse(self.read(self.workbook_part), self.workbook_part)
        rels = self.relationships(self.workbook_part)
        out = {}
        for sheet in root.iter(f"{{{MAIN}}}sheet", f"{{{STRICT_MAIN}}}sheet"):
            identifier = sheet.get(f"{{{REL}}}id", sheet.get(f"{{{STRICT_REL}}}id", ""))
            kind, target = rels.get(identifier, ("", ""))
            if rel_kind(kind) == "worksheet":
                out[sheet.get("name", "")] = target
        return out

    @property
    def strict(self) -> bool:
        """True for a workbook in ISO 29500 Strict (its own namespaces)."""
        head = self.read(self.workbook_part)[:4096]
        return STRICT_MAIN.encode() in head

    def content_type(self, part: str) -> str:
        root = parse(self.read("[Content_Types].xml"), "[Content_Types].xml")
        for override in root.iter(f"{{{CONTENT_TYPES}}}Override"):
            if override.get("PartName", "").lstrip("/").lower() == part.lower():
                return override.get("ContentType", "")
        extension = part.rsplit(".", 1)[-1]
        for default in root.iter(f"{{{CONTENT_TYPES}}}Default"):
            if default.get("Extension", "").lower() == extension.lower():
                return default.get("ContentType", "")
        return ""

    @property
    def suffix(self) -> str:
        """``.xlsx``, ``.xlsm``, ``.xltx`` or ``.xltm``: what the package is."""
        return KINDS.get(self.content_type(self.workbook_part), ".xlsx")


# ISO 29500 Strict's namespaces, and the transitional ones that say the same
STRICT_NAMESPACES: Final = {
    STRICT_MAIN: MAIN,
    STRICT_REL: REL,
    "http://purl.oclc.org/ooxml/drawingml/main": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "http://purl.oclc.org/ooxml/drawingml/spreadsheetDrawing": (
        "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
    ),
    "http://purl.oclc.org/ooxml/officeDocument/extendedProperties": EXTENDED,
    "http://purl.oclc.org/ooxml/officeDocument/docPropsVTypes": VT,
}


def transitional(data: bytes) -> bytes:
    """A Strict part's XML in the transitional namespaces (the same part, as
    transitional readers know it); a transitional part as it is."""
    for strict_uri, plain in STRICT_NAMESPACES.items():
        data = data.replace(strict_uri.encode(), plain.encode())
    return data


def strict(data: bytes) -> bytes:
    """A part's XML in Strict's namespaces (``transitional``'s reverse)."""
    for strict_uri, plain in STRICT_NAMESPACES.items():
        data = data.replace(plain.encode(), strict_uri.encode())
    return data


# packages that are not workbooks we read, by their main part's content type or name
OTHER_KINDS: Final = {
    "spreadsheetml.sheet.binary": (
        "it is a binary workbook (.xlsb): save it as .xlsx (Excel: Save As, Excel Workbook; "
        "or LibreOffice)"
    ),
    "ms-excel.sheet.binary": (
        "it is a binary workbook (.xlsb): save it as .xlsx (Excel: Save As, Excel Workbook; "
        "or LibreOffice)"
    ),
    ".bin": (
        "it is a binary workbook (.xlsb): save it as .xlsx (Excel: Save As, Excel Workbook; "
        "or LibreOffice)"
    ),
    "wordprocessingml": "it is a Word document, not a workbook",
    "presentationml": "it is a PowerPoint presentation, not a workbook",
}


def rel_kind(kind: str) -> str:
    """A relationship type's last word (``worksheet``, ``styles`` ...): the same in the
    transitional and the strict namespaces."""
    return kind.rsplit("/", 1)[-1]


def resolve(folder: str, target: str) -> str:
    """A relationship's target as a part name."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(folder, target))


# --- what we write -----------------------------------------------------------------------------


Sides = tuple[str | None, str | None, str | None, str | None]  # left, right, top, bottom


@dataclass(frozen=True)
class Look:
    """How a cell we write looks, as changes to the cell's own format (None: as it is)."""

    bold: bool | None = None
    italic: bool | None = None
    size: float | None = None
    fill: str | None = KEEP  # "RRGGBB" solid, None for no fill
    border: Sides | None = None
    align: str | None = None  # "center", or "shrink" (centred, shrunk to fit)
    number: str | None = None  # a number format code, such as "0.0"


Edit = tuple[object, Look | None]  # a value (or KEEP) and a look (or None)


@dataclass
class Block:
    """Values for a run of columns in many rows (a list's answers): compact, for lists of
    100,000 puzzles."""

    first: int  # the first column
    rows: Mapping[int, Sequence[object]]  # row -> values, one a column
    looks: Sequence[Look | None] | None = None


@dataclass
class SheetEdits:
    cells: dict[int, dict[int, Edit]] = field(default_factory=dict)  # row -> column -> edit
    blocks: list[Block] = field(default_factory=list)
    widths: dict[int, float] = field(default_factory=dict)
    new: bool = False

    def row_numbers(self) -> list[int]:
        rows = set(self.cells)
        for block in self.blocks:
            rows.update(block.rows)
        return sorted(rows)

    def row(self, number: int) -> dict[int, Edit]:
        """The edits of one row, column by column."""
        out: dict[int, Edit] = {}
        for block in self.blocks:
            values = block.rows.get(number)
            if values is not None:
                for offset, value in enumerate(values):
                    look = block.looks[offset] if block.looks else None
                    out[block.first + offset] = (value, look)
        out.update(self.cells.get(number, {}))
        return out

    def bounds(self) -> tuple[int, int, int, int] | None:
        """The rows and columns our cells span: top, left, bottom, right."""
        rows = self.row_numbers()
        if not rows:
            return None
        columns = [c for cells in self.cells.values() for c in cells]
        for block in self.blocks:
            width = max((len(v) for v in block.rows.values()), default=0)
            columns += [block.first, block.first + max(width - 1, 0)]
        return rows[0], min(columns), rows[-1], max(columns)


class Edits:
    """The cells batch mode writes, by sheet; the sheets it adds; the marks it leaves on
    its own sheets (``marks.py``); whether the workbook must recalculate when opened."""

    def __init__(self, sheet_names: Iterable[str]) -> None:
        self.existing = list(sheet_names)
        self.sheets: dict[str, SheetEdits] = {}
        self.marks: dict[tuple[str, str], str] = {}  # (name, sheet) -> what it refers to
        self.recalculate = False

    def sheet(self, name: str) -> SheetEdits:
        return self.sheets.setdefault(name, SheetEdits())

    def set(
        self, sheet: str, row: int, column: int, value: object = KEEP, look: Look | None = None
    ) -> None:
        """Write ``value`` (KEEP: leave it; None: empty it) and ``look`` into one cell; a
        later write to the same cell wins, its look merged over the earlier one."""
        cells = self.sheet(sheet).cells.setdefault(row, {})
        old_value, old_look = cells.get(column, (KEEP, None))
        if value is KEEP:
            value = old_value
        cells[column] = (value, _merge(old_look, look))

    def block(
        self,
        sheet: str,
        first: int,
        rows: Mapping[int, Sequence[object]],
        looks: Sequence[Look | None] | None = None,
    ) -> None:
        """Values for columns ``first``, ``first + 1`` ... in each of ``rows``."""
        self.sheet(sheet).blocks.append(Block(first, rows, looks))

    def width(self, sheet: str, column: int, width: float) -> None:
        self.sheet(sheet).widths[column] = width

    def add_sheet(self, name: str) -> str:
        """A new sheet, named ``name`` or ``name 2`` ... if that is taken (as Excel compares
        names: ignoring case), cut to Excel's 31 characters (UTF-16 units)."""
        taken = {s.casefold() for s in [*self.existing, *self.sheets]}
        name = sheet_name(name)
        candidate, number = name, 2
        while candidate.casefold() in taken:
            suffix = f" {number}"
            candidate, number = sheet_name(name, SHEET_NAME - len(suffix)) + suffix, number + 1
        self.sheets[candidate] = SheetEdits(new=True)
        return candidate

    def mark(self, name: str, sheet: str, refers_to: str) -> None:
        """A hidden name ``name`` scoped to ``sheet``, referring to ``refers_to``."""
        self.marks[(name, sheet)] = refers_to

    @property
    def added(self) -> list[str]:
        return [name for name, edits in self.sheets.items() if edits.new]

    def __bool__(self) -> bool:
        return bool(self.sheets)


SHEET_NAME: Final = 31  # Excel's longest sheet name, in UTF-16 units


def sheet_name(text: str, units: int = SHEET_NAME) -> str:
    """``text`` as a sheet's name: the characters Excel refuses (``[]:*?/\\``) made ``_``,
    no quote at either end, at most ``units`` UTF-16 units (as Excel counts), never half
    of a character (a surrogate pair), no space left at the end of a cut."""
    name = re.sub(r"[\[\]:*?/\\]", "_", text).strip("'")
    cut: list[str] = []
    used = 0
    for char in name:
        size = 2 if ord(char) > 0xFFFF else 1
        if used + size > units:
            return "".join(cut).rstrip()
        cut.append(char)
        used += size
    return name


def _merge(old: Look | None, new: Look | None) -> Look | None:
    if old is None or new is None:
        return new or old
    changes = {
        name: getattr(new, name)
        for name in ("bold", "italic", "size", "border", "align", "number")
        if getattr(new, name) is not None
    }
    if new.fill != KEEP:
        changes["fill"] = new.fill
    return Look(**{**old.__dict__, **changes})


# --- writing -------------------------------------------------------------------------------


class Streamed:
    """A large sheet patched as it is copied: its pieces made again each time they are
    read (the part is read through the package's stream, never whole), and their size."""

    def __init__(self, size: int, pieces: Callable[[], Iterator[bytes]]) -> None:
        self.size = size
        self._pieces = pieces

    def __iter__(self) -> Iterator[bytes]:
        return self._pieces()


Content = bytes | list[bytes | memoryview] | Streamed  # a part, whole or in pieces


def write(package: Package, edits: Edits, out: IO[bytes]) -> None:
    """The package with ``edits`` applied, as a zip written to ``out``. The parts we do not
    change are copied piece by piece, never whole in memory. A Strict workbook's parts are
    patched as their transitional twins, then written back in Strict's namespaces."""
    if package.strict:
        twin = package.transitional_twin()
        parts = {name: _strict(data) for name, data in _patched_parts(twin, edits).items()}
    else:
        parts = _patched_parts(package, edits)
    with zipfile.ZipFile(out, "w", allowZip64=True) as archive:
        for info in package.infos:
            data = parts.pop(info.filename, None)
            if data is None:
                _copy_entry(archive, package, info)
            else:
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
        if sheet_edits.new:
            parts[new_parts[name]] = patch_sheet(NEW_SHEET, sheet_edits, styles, name)
        else:
            part = package.sheet_parts[name]
            patched: Content | None = None
            if package.archive.getinfo(part).file_size > STREAM_FROM:
                patched = _streamed_patch(package, part, sheet_edits, styles, name)
            if patched is None:
                patched = patch_sheet(package.read(part, keep=False), sheet_edits, styles, name)
            parts[part] = patched
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


# --- styles ---------------------------------------------------------------------------------


STYLE_ORDER: Final = (
    "numFmts",
    "fonts",
    "fills",
    "borders",
    "cellStyleXfs",
    "cellXfs",
    "cellStyles",
    "dxfs",
    "tableStyles",
    "colors",
    "extLst",
)


class Styles:
    """``styles.xml``, to which our formats are appended (existing indices keep meaning).
    A font, fill, border or cell format that is there already (an earlier run's, or the
    user's own, alike in every attribute) is used, not appended again."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.root = parse(data, "xl/styles.xml")
        self.changed = False
        self._xfs: dict[tuple[int, Look], int] = {}
        self._made: dict[tuple[str, Shape], int] = {}
        for tag in ("fonts", "fills", "borders", "cellXfs"):
            group = self.root.find(f"{{{MAIN}}}{tag}")
            for index, element in enumerate(group if group is not None else ()):
                self._made.setdefault((tag, _shape(element)), index)

    def _list(self, tag: str) -> etree._Element:
        found = self.root.find(f"{{{MAIN}}}{tag}")
        if found is None:  # made, in the schema's order
            order = STYLE_ORDER
            found = etree.Element(f"{{{MAIN}}}{tag}")
            found.set("count", "0")
            later = order[order.index(tag) + 1 :]
            following = [c for c in self.root if etree.QName(c).localname in later]
            if following:
                following[0].addprevious(found)
            else:
                self.root.append(found)
        return found

    def _add(self, tag: str, element: etree._Element) -> int:
        """Append ``element`` to the list ``tag`` unless one like it is there; its index."""
        key = (tag, _shape(element))
        if key not in self._made:
            group = self._list(tag)
            group.append(element)
            group.set("count", str(len(group)))
            self._made[key] = len(group) - 1
            self.changed = True
        return self._made[key]

    def xf(self, base: int, look: Look) -> int:
        """The index of a cell format: format ``base`` with ``look``'s changes."""
        key = (base, look)
        if key in self._xfs:
            return self._xfs[key]
        xfs = self._list("cellXfs")
        if not len(xfs):
            plain = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
            xfs.append(etree.fromstring(plain.replace("<xf ", f'<xf xmlns="{MAIN}" ')))
            xfs.set("count", "1")
        original = xfs[base] if 0 <= base < len(xfs) else xfs[0]
        xf = copy.deepcopy(original)
        if look.bold is not None or look.italic is not None or look.size is not None:
            xf.set("fontId", str(self._font(int(xf.get("fontId", "0")), look)))
            xf.set("applyFont", "1")
        if look.fill != KEEP:
            xf.set("fillId", str(self._fill(look.fill)))
            xf.set("applyFill", "1")
        if look.border is not None:
            xf.set("borderId", str(self._border(look.border)))
            xf.set("applyBorder", "1")
        if look.number is not None:
            xf.set("numFmtId", str(self._number_format(look.number)))
            xf.set("applyNumberFormat", "1")
        if look.align is not None:
            for old in xf.findall(f"{{{MAIN}}}alignment"):
                xf.remove(old)
            alignment = etree.Element(f"{{{MAIN}}}alignment")
            alignment.set("horizontal", "center")
            alignment.set("vertical", "center")
            if look.align == "shrink":
                alignment.set("shrinkToFit", "1")
            xf.insert(0, alignment)
            xf.set("applyAlignment", "1")
        self._xfs[key] = self._add("cellXfs", xf)
        return self._xfs[key]

    def _font(self, base: int, look: Look) -> int:
        fonts = self._list("fonts")
        font = (
            copy.deepcopy(fonts[base])
            if 0 <= base < len(fonts)
            else etree.fromstring(
                f'<font xmlns="{MAIN}"><sz val="11"/><name val="Calibri"/></font>'
            )
        )
        for position, (tag, wanted) in enumerate((("b", look.bold), ("i", look.italic))):
            if wanted is None:
                continue
            for old in font.findall(f"{{{MAIN}}}{tag}"):
                font.remove(old)
            if wanted:
                font.insert(position, etree.Element(f"{{{MAIN}}}{tag}"))
        if look.size is not None:
            size = font.find(f"{{{MAIN}}}sz")
            if size is None:
                size = etree.SubElement(font, f"{{{MAIN}}}sz")
            size.set("val", f"{look.size:g}")
        return self._add("fonts", font)

    def _number_format(self, code: str) -> int:
        """The id of a number format: the workbook's own with that code, else a new one
        (ids below 164 are Excel's built-in formats)."""
        formats = self._list("numFmts")
        for element in formats:
            if element.get("formatCode") == code:
                return int(element.get("numFmtId", "0"))
        number = max([163, *(int(e.get("numFmtId", "0")) for e in formats)]) + 1
        element = etree.SubElement(formats, f"{{{MAIN}}}numFmt")
        element.set("numFmtId", str(number))
        element.set("formatCode", code)
        formats.set("count", str(len(formats)))
        self.changed = True
        return number

    def _fill(self, colour: str | None) -> int:
        if colour is None:
            return 0
        fill = etree.fromstring(
            f'<fill xmlns="{MAIN}"><patternFill patternType="solid"><fgColor rgb="FF{colour}"/>'
            '<bgColor indexed="64"/></patternFill></fill>'
        )
        return self._add("fills", fill)

    def _border(self, sides: Sides) -> int:
        border = etree.Element(f"{{{MAIN}}}border")
        for tag, style in zip(("left", "right", "top", "bottom"), sides, strict=True):
            side = etree.SubElement(border, f"{{{MAIN}}}{tag}")
            if style:
                side.set("style", style)
                colour = etree.SubElement(side, f"{{{MAIN}}}color")
                colour.set("indexed", "64")
        etree.SubElement(border, f"{{{MAIN}}}diagonal")
        return self._add("borders", border)

    def to_bytes(self) -> bytes:
        return serialise(self.root, self.data)

    def plain(self) -> frozenset[int]:
        """The cell formats that look like format 0 (the default): same number format,
        font, fill, border, alignment and protection, by content, not by index."""
        xfs = self._list("cellXfs")
        if not len(xfs):
            return frozenset({0})
        lists = {tag: list(self._list(tag)) for tag in ("fonts", "fills", "borders")}

        def content(tag: str, index: str | None) -> bytes:
            items = lists[tag]
            number = int(index or "0")
            return etree.tostring(items[number]) if 0 <= number < len(items) else b""

        def look(xf: etree._Element) -> tuple[object, ...]:
            children = tuple(
                (etree.QName(c).localname, tuple(sorted(c.attrib.items())))
                for c in xf
                if etree.QName(c).localname in ("alignment", "protection")
                and c.attrib  # an empty element says nothing
            )
            return (
                xf.get("numFmtId", "0"),
                content("fonts", xf.get("fontId")),
                content("fills", xf.get("fillId")),
                content("borders", xf.get("borderId")),
                children,
            )

        default = look(xfs[0])
        return frozenset(i for i, xf in enumerate(xfs) if look(xf) == default)


Shape = tuple[str, tuple[tuple[str, str], ...], str, tuple[object, ...]]


def _shape(element: etree._Element) -> Shape:
    """What a style element says, whatever the namespace prefixes and the order of its
    attributes: its tag, attributes, text and children's shapes."""
    if not isinstance(element.tag, str):  # a comment or processing instruction
        return ("", (), "", ())
    return (
        element.tag,
        tuple(sorted((str(k), str(v)) for k, v in element.attrib.items())),
        (element.text or "").strip(),
        tuple(_shape(child) for child in element if isinstance(child.tag, str)),
    )


# --- worksheets -----------------------------------------------------------------------------

_REFERENCE: Final = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")


def split_reference(reference: str) -> tuple[int, int]:
    """``"C4"`` -> (row 4, column 3)."""
    match = _REFERENCE.fullmatch(reference.strip())
    if not match:
        raise PackageError(f"not a cell reference: {reference!r}")
    return int(match.group(2)), column_number(match.group(1))


def patch_sheet(data: bytes, edits: SheetEdits, styles: Styles, name: str) -> Content:
    """A worksheet part with our cells written into it, nothing else changed.

    A large sheet is patched row by row: the rows we write into are parsed one at a time,
    every other row is copied as it is, so the cost follows our cells, not the sheet."""
    if len(data) > STREAM_FROM:
        streamed = _patch_stream(data, edits, styles, name)
        if streamed is not None:
            return streamed
    return _patch_tree(data, edits, styles, name)


STREAM_FROM: Final = 256 * 1024


def _patch_tree(data: bytes, edits: SheetEdits, styles: Styles, name: str) -> bytes:
    root = parse(data, name)
    ns = etree.QName(root).namespace or MAIN
    sheet_data = root.find(q(ns, "sheetData"))
    if sheet_data is None:
        raise PackageError(f"it is damaged (sheet {name!r} has no sheetData)")
    had_cells = _has_cells(root, ns)
    looks = _Looks(styles, _column_styles(root, ns))
    rows = _numbered(sheet_data, q(ns, "row"))
    numbers = sorted(rows)
    for row_number in edits.row_numbers():
        row_edits = edits.row(row_number)
        found = rows.get(row_number)
        if found is None:
            if not _creates(row_edits):
                continue
            row = etree.Element(q(ns, "row"))
            row.set("r", str(row_number))
            index = _position(numbers, row_number)
            if index < len(numbers):
                rows[numbers[index]].addprevious(row)
            else:
                sheet_data.append(row)
            numbers.insert(index, row_number)
            rows[row_number] = row
        else:
            row = found
        _patch_row(row, row_number, row_edits, looks, ns)
    _widen_dimension(root, ns, edits.bounds(), had_cells)
    if edits.widths:
        _add_widths(root, ns, edits.widths, sheet_data)
    return serialise(root, data)


def _creates(row_edits: Mapping[int, Edit]) -> bool:
    """True if some edit makes a cell (not only empties or keeps one)."""
    return any(
        value is not None and (value is not KEEP or look is not None)
        for value, look in row_edits.values()
    )


class _Looks(NamedTuple):
    """How our cells of one sheet get their style: the styles part, where a look becomes
    a style number, and the style each column gives a new cell (``<cols>``)."""

    styles: Styles
    columns: dict[int, int]

    def base(self, row_style: int, column: int) -> int:
        """The style a new cell starts from: its row's, else its column's."""
        return row_style or self.columns.get(column, 0)


_CELL_START: Final = re.compile(rb"<(?:[\w.-]+:)?c[\s>/]")
_CELL_REFERENCE: Final = re.compile(rb"<(?:[\w.-]+:)?c\s[^>]*?\br=\"([A-Z]+)\d+\"")
_SPANS: Final = re.compile(rb'\sspans="([^"]*)"')
_ROW_STYLE: Final = re.compile(rb'\ss="(\d+)"')


def _append_cells(
    fragment: bytes, prefix: bytes, number: int, row_edits: dict[int, Edit], looks: _Looks
) -> bytes | None:
    """A row with our cells appended after its own, written as text (the common case of a
    list's answers, and 20x faster than through a tree); None if the row is not that simple
    (cells before or among its own, cells without numbers, an extension list)."""
    if b"extLst" in fragment:
        return None
    starts = len(_CELL_START.findall(fragment))
    columns = [column_number(m.decode()) for m in _CELL_REFERENCE.findall(fragment)]
    if len(columns) != starts:
        return None
    last = max(columns, default=0)
    if min(row_edits) <= last:
        return None
    head = fragment.split(b">", 1)[0]
    row_style = 0
    if re.search(rb'\scustomFormat="(1|true)"', head):
        found = _ROW_STYLE.search(head)
        row_style = int(found.group(1)) if found else 0
    cells = []
    for column in sorted(row_edits):
        value, look = row_edits[column]
        if value is None or (value is KEEP and look is None):
            continue
        base = looks.base(row_style, column)
        style = looks.styles.xf(base, look) if look is not None else base
        cells.append(_cell_text(prefix, f"{column_letters(column)}{number}", style, value))
    if not cells:
        return fragment
    added = b"".join(cells)
    spans = _SPANS.search(head)
    if spans:
        numbers = [int(n) for n in re.findall(rb"\d+", spans.group(1))] + list(row_edits)
        new_head = head[: spans.start()] + b' spans="%d:%d"' % (min(numbers), max(numbers))
        new_head += head[spans.end() :]
        fragment = new_head + fragment[len(head) :]
        head = new_head
    if head.endswith(b"/"):  # <row r="5"/>
        return head[:-1] + b">" + added + b"</" + prefix + b"row>"
    end = fragment.rindex(b"</")
    return fragment[:end] + added + fragment[end:]


def _cell_text(prefix: bytes, reference: str, style: int, value: object) -> bytes:
    """One cell as XML text: a number, or an inline string."""
    c, v = prefix + b"c", prefix + b"v"
    styled = b' s="%d"' % style if style else b""
    head = b'<%s r="%s"%s' % (c, reference.encode(), styled)
    if value is KEEP:
        return head + b"/>"
    if isinstance(value, bool):
        return head + b' t="b"><%s>%d</%s></%s>' % (v, int(value), v, c)
    if isinstance(value, int | float):
        text = repr(value) if isinstance(value, float) else str(value)
        return head + b"><%s>%s</%s></%s>" % (v, text.encode(), v, c)
    text = _xml_text(str(value))
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").encode()
    t, inline = prefix + b"t", prefix + b"is"
    space = b' xml:space="preserve"' if text != text.strip() else b""
    return head + b' t="inlineStr"><%s><%s%s>%s</%s></%s></%s>' % (
        inline,
        t,
        space,
        escaped,
        t,
        inline,
        c,
    )


_SHEET_DATA: Final = re.compile(rb"<((?:[\w.-]+:)?)sheetData(?:\s[^>]*)?>")
_ROW_NUMBER: Final = re.compile(rb'\sr="(\d+)"')
_MARK: Final = "\ue000xl-sudoku\ue000"


def _patch_stream(
    data: bytes, edits: SheetEdits, styles: Styles, name: str
) -> list[bytes | memoryview] | None:
    """Row by row (see ``patch_sheet``); None if the sheet is not laid out plainly enough
    for that (comments or CDATA among the rows, rows without numbers), to patch whole."""
    opening = _SHEET_DATA.search(data)
    if opening is None or b"<!--" in data or b"<![CDATA[" in data:
        return None
    prefix = opening.group(1)
    closing = data.find(b"</" + prefix + b"sheetData>", opening.end())
    if closing < 0:
        return None
    body = data[opening.end() : closing]
    # the rest of the sheet, with an empty sheetData, is small: patched as a tree
    shell = parse(data[: opening.end()] + data[closing:], name)
    ns = etree.QName(shell).namespace or MAIN
    sheet_data = shell.find(q(ns, "sheetData"))
    if sheet_data is None:
        return None
    looks = _Looks(styles, _column_styles(shell, ns))
    declarations = b" ".join(
        (b'xmlns="%s"' % uri.encode())
        if key is None
        else b'xmlns:%s="%s"' % (key.encode(), uri.encode())
        for key, uri in shell.nsmap.items()
    )

    def patched(fragment: bytes, number: int, row_edits: dict[int, Edit]) -> bytes:
        appended = _append_cells(fragment, prefix, number, row_edits, looks)
        if appended is not None:
            return appended
        wrapper = etree.fromstring(b"<w %s>%s</w>" % (declarations, fragment), _PARSER)
        _patch_row(wrapper[0], number, row_edits, looks, ns)
        text = etree.tostring(wrapper, encoding="UTF-8")
        start = text.index(b">") + 1
        return text[start : text.rindex(b"</")]

    pieces = _spliced_rows(body, prefix, edits, patched)
    if pieces is None:
        return None
    _widen_dimension(shell, ns, edits.bounds(), bool(body.strip()))
    if edits.widths:
        _add_widths(shell, ns, edits.widths, sheet_data)
    sheet_data.text = _MARK
    outside = serialise(shell, data)
    mark = _MARK.encode()
    if outside.count(mark) != 1:
        return None
    before, after = outside.split(mark)
    return [before, *pieces, after]


def _spliced_rows(
    body: bytes,
    prefix: bytes,
    edits: SheetEdits,
    patched: Callable[[bytes, int, dict[int, Edit]], bytes],
) -> list[bytes | memoryview] | None:
    """The rows of ``body`` (a sheetData's content) with ours patched in: each row we
    write into as ``patched`` gives it, a new row where one is needed, every other row as
    a slice of ``body`` (which copies nothing); None if a row has no number."""
    view = memoryview(body)
    row_pattern = re.compile(
        rb"<%srow\b[^>]*?(?:/>|>.*?</%srow>)" % (re.escape(prefix), re.escape(prefix)), re.S
    )
    pending = edits.row_numbers()
    wanted = 0  # index into pending
    pieces: list[bytes | memoryview] = []
    position = 0
    for match in row_pattern.finditer(body):
        head = body[match.start() : match.start() + 300].split(b">", 1)[0]
        found = _ROW_NUMBER.search(head)
        if found is None:
            return None
        number = int(found.group(1))
        while wanted < len(pending) and pending[wanted] < number:  # new rows before this one
            new_number = pending[wanted]
            row_edits = edits.row(new_number)
            if _creates(row_edits):
                pieces.append(view[position : match.start()])
                position = match.start()
                pieces.append(patched(b'<row r="%d"/>' % new_number, new_number, row_edits))
            wanted += 1
        if wanted < len(pending) and pending[wanted] == number:
            pieces.append(view[position : match.start()])
            pieces.append(patched(match.group(0), number, edits.row(number)))
            position = match.end()
            wanted += 1
    pieces.append(view[position:])
    for new_number in pending[wanted:]:
        row_edits = edits.row(new_number)
        if _creates(row_edits):
            pieces.append(patched(b'<row r="%d"/>' % new_number, new_number, row_edits))
    return pieces


class _NotPlainError(Exception):
    """A sheet not laid out plainly enough to patch as a stream (comments or CDATA among
    its rows, a row without its number): it is patched whole."""


_ROOT: Final = re.compile(rb"<((?:[\w.-]+:)?worksheet)[\s>/]")
_CHUNK: Final = 2**20


def _streamed_patch(
    package: Package, part: str, edits: SheetEdits, styles: Styles, name: str
) -> Streamed | None:
    """A large sheet patched row by row as it is copied, read through the package's
    stream twice: once to check its layout, give our looks their style numbers (before
    ``styles.xml`` is written) and count the size, once to write it. What is held is a
    chunk of the part and the rows we write into; None if the sheet is not laid out
    plainly enough (see ``_NotPlainError``: it is then patched whole)."""
    try:
        with package.open(part) as stream:
            head, rest, prefix, had_cells = _sheet_head(stream)
            shell = _head_shell(head, prefix, name)
            ns = etree.QName(shell).namespace or MAIN
            sheet_data = shell.find(q(ns, "sheetData"))
            if sheet_data is None:
                return None
            _widen_dimension(shell, ns, edits.bounds(), had_cells)
            if edits.widths:
                _add_widths(shell, ns, edits.widths, sheet_data)
            looks = _Looks(styles, _column_styles(shell, ns))
            sheet_data.text = _MARK
            new_head = serialise(shell, head).split(_MARK.encode())[0]
            patcher = _RowPatcher(prefix, looks, shell, ns)

            def pieces() -> Iterator[bytes]:
                with package.open(part) as again:
                    again.read(len(head))
                    yield new_head
                    yield from _patched_rows(again, b"", prefix, edits, patcher)

            size = len(new_head) + sum(
                len(piece) for piece in _patched_rows(stream, rest, prefix, edits, patcher)
            )
    except _NotPlainError:
        return None
    return Streamed(size, pieces)


def _sheet_head(stream: IO[bytes]) -> tuple[bytes, bytes, bytes, bool]:
    """A sheet's XML up to its ``<sheetData>`` opening tag (what comes before the rows:
    small), what was read past it, the prefix of its tags, and whether it has rows."""
    head = b""
    while True:
        chunk = stream.read(_CHUNK)
        head += chunk
        opening = _SHEET_DATA.search(head)
        if (opening is not None and len(head) - opening.end() >= 64) or not chunk:
            break
        if len(head) > 64 * _CHUNK:  # columns and views do not take 64 MiB
            raise _NotPlainError
    if opening is None or opening.group(0).endswith(b"/>"):
        raise _NotPlainError  # an empty sheetData: a small part in practice, patched whole
    prefix = opening.group(1)
    if b"<!--" in head[: opening.end()] or b"<![CDATA[" in head[: opening.end()]:
        raise _NotPlainError
    rest = head[opening.end() :]
    had_cells = rest.lstrip().startswith(b"<" + prefix + b"row")
    return head[: opening.end()], rest, prefix, had_cells


def _head_shell(head: bytes, prefix: bytes, name: str) -> etree._Element:
    """The sheet's XML before its rows, closed (an empty sheetData): parsed, to widen its
    dimension and columns."""
    root = _ROOT.search(head)
    if root is None:
        raise _NotPlainError
    closing = b"</" + prefix + b"sheetData></" + root.group(1) + b">"
    try:
        return parse(head + closing, name)
    except PackageError:
        raise _NotPlainError from None


class _RowPatcher:
    """Our cells written into one row of a sheet's XML text."""

    def __init__(self, prefix: bytes, looks: _Looks, shell: etree._Element, ns: str) -> None:
        self.prefix, self.looks, self.ns = prefix, looks, ns
        self.declarations = b" ".join(
            (b'xmlns="%s"' % uri.encode())
            if key is None
            else b'xmlns:%s="%s"' % (key.encode(), uri.encode())
            for key, uri in shell.nsmap.items()
        )

    def __call__(self, fragment: bytes, number: int, row_edits: dict[int, Edit]) -> bytes:
        appended = _append_cells(fragment, self.prefix, number, row_edits, self.looks)
        if appended is not None:
            return appended
        wrapper = etree.fromstring(b"<w %s>%s</w>" % (self.declarations, fragment), _PARSER)
        _patch_row(wrapper[0], number, row_edits, self.looks, self.ns)
        text = etree.tostring(wrapper, encoding="UTF-8")
        return text[text.index(b">") + 1 : text.rindex(b"</")]


def _patched_rows(
    stream: IO[bytes], buffer: bytes, prefix: bytes, edits: SheetEdits, patched: _RowPatcher
) -> Iterator[bytes]:
    """The rows of a sheet read from ``stream`` (``buffer``: what was read of them
    already), ours patched in, new rows where they go, then the rest of the part as it
    is."""
    row_pattern = re.compile(
        rb"<%srow\b[^>]*?(?:/>|>.*?</%srow>)" % (re.escape(prefix), re.escape(prefix)), re.S
    )
    closing = b"</" + prefix + b"sheetData>"
    pending = _Pending(edits, patched)
    while True:
        chunk = stream.read(_CHUNK)
        buffer += chunk
        end = buffer.find(closing)
        position = 0
        for match in row_pattern.finditer(buffer, 0, len(buffer) if end < 0 else end):
            row = match.group(0)
            found = _ROW_NUMBER.search(row[:300].split(b">", 1)[0])
            gap = buffer[position : match.start()]
            if b"<!--" in row or b"<![CDATA[" in row or found is None or gap.strip():
                raise _NotPlainError  # comments, rows without numbers, other things
            number = int(found.group(1))
            yield gap
            yield from pending.before(number)
            yield pending.patched(row, number)
            position = match.end()
        if end >= 0:
            if buffer[position:end].strip():
                raise _NotPlainError
            yield buffer[position:end]
            yield from pending.before(MAX_ROW + 1)
            yield buffer[end:]
            while chunk := stream.read(_CHUNK):
                yield chunk
            return
        if not chunk:
            raise _NotPlainError  # the part ends inside its rows
        buffer = buffer[position:]


class _Pending:
    """The rows we write into, in order, as a sheet's rows go by."""

    def __init__(self, edits: SheetEdits, patched: _RowPatcher) -> None:
        self.edits, self.patched_row = edits, patched
        self.numbers = edits.row_numbers()
        self.next = 0

    def before(self, number: int) -> Iterator[bytes]:
        """New rows for ours that come before row ``number`` (the sheet has none of them)."""
        numbers = self.numbers
        while self.next < len(numbers) and numbers[self.next] < number:
            new = numbers[self.next]
            row_edits = self.edits.row(new)
            if _creates(row_edits):
                yield self.patched_row(b'<row r="%d"/>' % new, new, row_edits)
            self.next += 1

    def patched(self, row: bytes, number: int) -> bytes:
        """Row ``number``, ours written into it if we write into it."""
        numbers = self.numbers
        if self.next < len(numbers) and numbers[self.next] == number:
            self.next += 1
            return self.patched_row(row, number, self.edits.row(number))
        return row


def q(ns: str, local: str) -> str:
    """A qualified tag name."""
    return f"{{{ns}}}{local}"


def _numbered(parent: etree._Element, child_tag: str) -> dict[int, etree._Element]:
    """Children by their row number (or column), counting on where ``r`` is left out (it is
    optional); every child is given its ``r`` if any lacks one, so that inserting one
    cannot shift the others."""
    out: dict[int, etree._Element] = {}
    last = 0
    missing = False
    for child in parent.iterchildren(child_tag):
        number = child.get("r")
        if number is None:
            missing = True
            last += 1
        else:
            last = int(number)
        out[last] = child
    if missing:
        for value, child in out.items():
            child.set("r", str(value))
    return out


def _position(numbers: list[int], number: int) -> int:
    """Where ``number`` goes in the sorted ``numbers``."""
    low, high = 0, len(numbers)
    while low < high:
        middle = (low + high) // 2
        if numbers[middle] < number:
            low = middle + 1
        else:
            high = middle
    return low


def _cells_of(row: etree._Element, row_number: int, ns: str) -> dict[int, etree._Element]:
    out: dict[int, etree._Element] = {}
    last = 0
    missing = False
    for cell in row.iterchildren(q(ns, "c")):
        reference = cell.get("r")
        if reference is None:
            missing = True
            last += 1
        else:
            last = split_reference(reference)[1]
        out[last] = cell
    if missing:
        for column, cell in out.items():
            cell.set("r", f"{column_letters(column)}{row_number}")
    return out


def _patch_row(
    row: etree._Element,
    row_number: int,
    edits: dict[int, tuple[object, Look | None]],
    looks: _Looks,
    ns: str,
) -> None:
    cells = _RowCells(row, row_number, ns)
    row_style = int(row.get("s", "0")) if row.get("customFormat") in ("1", "true") else 0
    for column in sorted(edits):
        value, look = edits[column]
        cell = cells.get(column)
        if cell is None:
            if value is None or (value is KEEP and look is None):
                continue  # nothing to empty or keep
            cell = cells.add(column, looks.base(row_style, column))
        if look is not None:
            style = looks.styles.xf(int(cell.get("s", "0")), look)
            if style or cell.get("s") is not None:
                cell.set("s", str(style))
        if value is not KEEP:
            _set_value(cell, value, ns)
    _widen_spans(row, edits)


class _RowCells:
    """A row's cells by column, and new ones put in their place."""

    __slots__ = ("_by_column", "_columns", "_end", "_ns", "_number", "_row")

    def __init__(self, row: etree._Element, number: int, ns: str) -> None:
        self._row, self._number, self._ns = row, number, ns
        self._by_column = _cells_of(row, number, ns)
        self._columns = sorted(self._by_column)
        self._end: etree._Element | bool | None = None  # the row's extLst, looked up once

    def get(self, column: int) -> etree._Element | None:
        return self._by_column.get(column)

    def add(self, column: int, style: int) -> etree._Element:
        """A new cell at ``column`` with ``style`` (0: none): before the first cell to its
        right, else last (before the row's extension list, if it has one)."""
        index = _position(self._columns, column)
        if index < len(self._columns):
            cell = self._row.makeelement(q(self._ns, "c"))
            self._by_column[self._columns[index]].addprevious(cell)
        else:
            if self._end is None:
                self._end = self._row.find(q(self._ns, "extLst"))
                if self._end is None:
                    self._end = False
            if isinstance(self._end, etree._Element):
                cell = self._row.makeelement(q(self._ns, "c"))
                self._end.addprevious(cell)
            else:
                cell = etree.SubElement(self._row, q(self._ns, "c"))  # made in place: the fastest
        cell.set("r", f"{column_letters(column)}{self._number}")
        if style:
            cell.set("s", str(style))
        self._columns.insert(index, column)
        self._by_column[column] = cell
        return cell


def _set_value(cell: etree._Element, value: object, ns: str) -> None:
    if len(cell) or any(name not in ("r", "s") for name in cell.attrib):  # its old value goes
        for child in list(cell):
            if etree.QName(child).localname in ("f", "v", "is"):
                cell.remove(child)
        for attribute in ("t", "cm", "vm"):
            if attribute in cell.attrib:
                del cell.attrib[attribute]
        extension = cell.find(q(ns, "extLst"))
    else:
        extension = None
    if value is None:
        return

    def make(tag: str) -> etree._Element:
        if extension is None:
            return etree.SubElement(cell, q(ns, tag))
        element = cell.makeelement(q(ns, tag))
        extension.addprevious(element)
        return element

    if isinstance(value, bool):
        cell.set("t", "b")
        make("v").text = "1" if value else "0"
    elif isinstance(value, int | float):
        make("v").text = repr(value) if isinstance(value, float) else str(value)
    else:
        text = _xml_text(str(value))
        cell.set("t", "inlineStr")
        string = etree.SubElement(make("is"), q(ns, "t"))
        string.text = text
        if text != text.strip():
            string.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")


_CONTROL: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_text(text: str) -> str:
    """Text that XML 1.0 can hold (control characters dropped)."""
    return _CONTROL.sub("", text)


def _widen_spans(row: etree._Element, edits: Mapping[int, object]) -> None:
    spans = row.get("spans")
    if not spans:
        return
    numbers = [int(n) for n in re.findall(r"\d+", spans)]
    low, high = min(numbers + list(edits)), max(numbers + list(edits))
    row.set("spans", f"{low}:{high}")


def _widen_dimension(
    root: etree._Element, ns: str, bounds: tuple[int, int, int, int] | None, had_cells: bool
) -> None:
    """``<dimension>`` widened to hold our cells (``had_cells``: the sheet held others)."""
    dimension = root.find(q(ns, "dimension"))
    if dimension is None or bounds is None:
        return
    top, left, bottom, right = bounds
    reference = dimension.get("ref", "A1")
    if had_cells:
        try:
            corners = [split_reference(part) for part in reference.split(":")]
        except PackageError:
            return
        top, bottom = min([top, *(r for r, _ in corners)]), max([bottom, *(r for r, _ in corners)])
        left, right = min([left, *(c for _, c in corners)]), max([right, *(c for _, c in corners)])
    low, high = f"{column_letters(left)}{top}", f"{column_letters(right)}{bottom}"
    dimension.set("ref", low if low == high else f"{low}:{high}")


def _has_cells(root: etree._Element, ns: str) -> bool:
    """True if the sheet holds cells other than ours (ours are in it already)."""
    sheet_data = root.find(q(ns, "sheetData"))
    return sheet_data is not None and any(True for _ in sheet_data.iter(q(ns, "c")))


def _column_styles(root: etree._Element, ns: str) -> dict[int, int]:
    out: dict[int, int] = {}
    cols = root.find(q(ns, "cols"))
    if cols is None:
        return out
    for col in cols:
        style = int(col.get("style", "0"))
        if style:
            for column in range(int(col.get("min", "1")), min(int(col.get("max", "1")), 16384) + 1):
                out[column] = style
    return out


def _add_widths(
    root: etree._Element, ns: str, widths: dict[int, float], sheet_data: etree._Element
) -> None:
    """Widths for our columns where the user set none."""
    cols = root.find(q(ns, "cols"))
    if cols is None:
        cols = etree.Element(q(ns, "cols"))
        sheet_data.addprevious(cols)
    covered = [(int(c.get("min", "0")), int(c.get("max", "0"))) for c in cols]
    for column, width in sorted(widths.items()):
        if any(low <= column <= high for low, high in covered):
            continue
        element = etree.Element(q(ns, "col"))
        element.set("min", str(column))
        element.set("max", str(column))
        element.set("width", f"{width:g}")
        element.set("customWidth", "1")
        following = [c for c in cols if int(c.get("min", "0")) > column]
        if following:
            following[0].addprevious(element)
        else:
            cols.append(element)
        covered.append((column, column))


def iter_cells(data: bytes, name: str) -> Iterator[tuple[int, int, etree._Element]]:
    """Every cell element of a worksheet part, with its row and column (for the tests)."""
    root = parse(data, name)
    ns = etree.QName(root).namespace or MAIN
    sheet_data = root.find(q(ns, "sheetData"))
    if sheet_data is None:
        return
    for number, row in _numbered(sheet_data, q(ns, "row")).items():
        for column, cell in _cells_of(row, number, ns).items():
            yield number, column, cell
