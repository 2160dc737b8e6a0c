"""A workbook's zip package, read with limits (batch layer): its parts and relationships.

A workbook is a zip of XML parts. Batch mode reads its sheets as streams (``scan``) and
never lets openpyxl write it: openpyxl rebuilds every part and drops what it does not
model (charts' caches, sparklines, extension lists, threaded comments, custom XML ...);
``patch`` writes the package again with only our parts changed. Untrusted input is
bounded before anything is expanded: a part too large, or compressed too well to be
anything but a zip bomb, is refused, and every read is counted against the same limits
(``Limits``: a flag of batch mode raises them); a part whose prolog declares entities (an
XML bomb) is refused before it is parsed. A package that is not a workbook we read (no
workbook part, a binary ``.xlsb``, a Word document) is named in words. A Strict workbook
(ISO 29500's own namespaces) is read as its transitional twin.
"""

from __future__ import annotations

import copy
import io
import posixpath
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Final

from lxml import etree

MAIN: Final = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRICT_MAIN: Final = "http://purl.oclc.org/ooxml/spreadsheetml/main"
REL: Final = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STRICT_REL: Final = "http://purl.oclc.org/ooxml/officeDocument/relationships"
PKG_REL: Final = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPES: Final = "http://schemas.openxmlformats.org/package/2006/content-types"
EXTENDED: Final = "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"
VT: Final = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
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


_ENCRYPTED = 0x1  # a zip entry's general purpose flag: encrypted (APPNOTE 4.4.4)


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


PARSER: Final = etree.XMLParser(
    resolve_entities=False, no_network=True, remove_blank_text=False, huge_tree=False
)


def parse(data: bytes, name: str) -> etree._Element:
    """A part's XML. A document type declaration (the way to an XML bomb) is refused."""
    check_prolog(data, name)
    try:
        return etree.fromstring(data, PARSER)
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
        if any(info.flag_bits & _ENCRYPTED for info in self.infos):
            raise PackageError("it is encrypted (a zip with a password): save it again without one")
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
    def signed(self) -> bool:
        """True for a package signed as a document (``_xmlsignatures/``, found through the
        origin relationship and its signature parts): a part changed breaks the signature."""
        for kind, origin in self.relationships("").values():
            if rel_kind(kind) == "origin" and origin in self.names:
                for sign, target in self.relationships(origin).values():
                    if rel_kind(sign) == "signature" and target in self.names:
                        return True
        return False

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


class Streamed:
    """A large sheet patched as it is copied: its pieces made again each time they are
    read (the part is read through the package's stream, never whole), and their size."""

    def __init__(self, size: int, pieces: Callable[[], Iterator[bytes]]) -> None:
        self.size = size
        self._pieces = pieces

    def __iter__(self) -> Iterator[bytes]:
        return self._pieces()


Content = bytes | list[bytes | memoryview] | Streamed  # a part, whole or in pieces
