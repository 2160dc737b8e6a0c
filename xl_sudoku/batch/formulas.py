"""What the workbook's formulas read: cell references, names, and whether our cells are
among them (batch layer).

A formula keeps the value it last computed (``<v>`` beside its ``<f>``), and Excel shows
that value until it computes again. When a cell we write lies in a range a user's
formula reads (``=COUNT(L1:Z30)`` beside a grid we answer in L2:T10), that value is
stale: the workbook is then marked to recalculate when it is opened. Read from the
package's parts with lxml and regular expressions, never through openpyxl:

* every worksheet's cell formulas (``<f>`` in ``sheetData``): their references, with or
  without a sheet (``Sheet1!A1``, ``'Bob''s grid'!C3:K11``, ``Jan:Mar!B2``), whole
  columns and rows (``N:N``, ``3:5``), a shared formula's references widened over the
  cells that share it, and the defined names they use (a sheet's own, then the
  workbook's; names within names);
* what cannot be known without computing (``INDIRECT``, ``OFFSET``): read as everything.

Text in quotes is not a reference; a reference to another workbook (``[1]Sheet1!A1``)
is counted as if it were to this one (which can only ask for a recalculation too many).
"""

from __future__ import annotations

import bisect
import html
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from ..helpers.a1 import column_number
from .find import sheet_of
from .package import KEEP, MAIN, Edits, Package, SheetEdits, parse, transitional

Area = tuple[int, int, int, int]  # top, left, bottom, right (1-based, inclusive)
MAX_ROW: Final = 1_048_576
MAX_COLUMN: Final = 16_384
EVERYWHERE: Final = "*"  # the sheet of a reference that may read any cell of any sheet

_FORMULA: Final = re.compile(rb"<(?:[\w.-]+:)?f\b([^>]*?)(?:/>|>(.*?)</(?:[\w.-]+:)?f>)", re.DOTALL)
_SHARED_REF: Final = re.compile(rb'\bref="([^"]*)"')
_SHARED: Final = re.compile(rb'\bt="shared"')
_OPEN: Final = re.compile(rb"<(?:[\w.-]+:)?f[\s>/]")
_OUTSIDE: Final = r"\s'\"!(),;:=+\-*/^&<>%{}\[\]#"  # what a bare sheet name cannot hold
_TOKEN: Final = re.compile(
    rf"""
    (?P<string>"(?:[^"]|"")*")
    | (?P<bracket>\[[^\]]*\])
    | (?:(?P<sheet>'(?:[^']|'')+'|[^{_OUTSIDE}]+(?::[^{_OUTSIDE}]+)?)!)?
      (?: (?P<ref>
              \$?[A-Za-z]{{1,3}}\$?\d+(?::\$?[A-Za-z]{{1,3}}\$?\d+)?
            | \$?[A-Za-z]{{1,3}}:\$?[A-Za-z]{{1,3}}
            | \$?\d+:\$?\d+
          )(?![\w.(\[!])
        | (?P<name>[A-Za-z_\\][\w.]*)(?P<call>\s*\()?
      )
    | (?P<number>\d+(?:\.\d*)?(?:[Ee][+-]?\d+)?)
    | .
    """,
    re.VERBOSE | re.DOTALL,
)
_DYNAMIC: Final = frozenset({"indirect", "offset"})  # what they read is computed
_CORNER: Final = re.compile(r"(\$?)([A-Za-z]{1,3})?(\$?)(\d+)?")


@dataclass(frozen=True)
class Read:
    """A range a formula reads: its sheet and area, and which of its edges are relative
    (``$``-less: they move with the cells that share the formula)."""

    sheet: str
    area: Area
    relative: tuple[bool, bool, bool, bool] = (False, False, False, False)


def parse_area(address: str) -> tuple[Area, tuple[bool, bool, bool, bool]] | None:
    """``B3``, ``$B$3:J11``, ``N:N``, ``3:5`` as an area, with its relative edges; None if
    it is not an address."""
    corners = address.split(":")
    if len(corners) > 2 or not address:
        return None
    parsed = []
    for corner in corners:
        match = _CORNER.fullmatch(corner.strip())
        if match is None or not (match.group(2) or match.group(4)):
            return None
        column_absolute, letters, row_absolute, digits = match.groups()
        if not letters:  # "$3": the sign is the row's
            row_absolute, column_absolute = row_absolute or column_absolute, ""
        column = column_number(letters.upper()) if letters else None
        row = int(digits) if digits else None
        if (column is not None and column > MAX_COLUMN) or (row is not None and row > MAX_ROW):
            return None
        parsed.append((row, column, not row_absolute, not column_absolute))
    first, last = parsed[0], parsed[-1]
    if (first[0] is None) != (last[0] is None) or (first[1] is None) != (last[1] is None):
        return None
    top = min(first[0], last[0]) if first[0] is not None and last[0] is not None else 1
    bottom = max(first[0], last[0]) if first[0] is not None and last[0] is not None else MAX_ROW
    left = min(first[1], last[1]) if first[1] is not None and last[1] is not None else 1
    right = max(first[1], last[1]) if first[1] is not None and last[1] is not None else MAX_COLUMN
    relative = (
        first[2] and first[0] is not None,
        first[3] and first[1] is not None,
        last[2] and last[0] is not None,
        last[3] and last[1] is not None,
    )
    return (top, left, bottom, right), relative


@dataclass
class Names:
    """The workbook's defined names: (scope, name) -> what it refers to; the scope is a
    sheet's name, or None for the workbook's."""

    sheets: list[str] = field(default_factory=list)  # every sheet, in the workbook's order
    refers: dict[tuple[str | None, str], str] = field(default_factory=dict)

    @classmethod
    def of(cls, package: Package) -> Names:
        # a Strict workbook's names read as a transitional one's
        root = parse(transitional(package.read(package.workbook_part)), package.workbook_part)
        names = cls([s.get("name", "") for s in root.iter(f"{{{MAIN}}}sheet")])
        for element in root.iter(f"{{{MAIN}}}definedName"):
            place = element.get("localSheetId")
            scope = None
            if place is not None and place.isdigit() and int(place) < len(names.sheets):
                scope = names.sheets[int(place)]
            names.refers[(scope, element.get("name", "").casefold())] = element.text or ""
        return names

    def lookup(self, name: str, sheet: str) -> str | None:
        key = name.casefold()
        found = self.refers.get((sheet, key))
        return found if found is not None else self.refers.get((None, key))


def reads(formula: str, sheet: str, names: Names, depth: int = 0) -> Iterator[Read]:
    """The ranges ``formula`` (on ``sheet``) reads; a ``Read`` on sheet ``EVERYWHERE`` if
    it may read anything."""
    for token in _TOKEN.finditer(formula):
        name, reference = token.group("name"), token.group("ref")
        if reference is not None:
            parsed = parse_area(reference)
            if parsed is None:
                continue
            for target in _sheets(token.group("sheet"), sheet, names.sheets):
                yield Read(target, *parsed)
        elif name is not None:
            if token.group("call") is not None:
                if name.rsplit(".", 1)[-1].casefold() in _DYNAMIC:
                    yield Read(EVERYWHERE, (1, 1, MAX_ROW, MAX_COLUMN))
                continue
            scope = sheet_of(token.group("sheet")) if token.group("sheet") else sheet
            refers = names.lookup(name, scope)
            if refers is not None and depth < 8:
                yield from reads(refers, scope, names, depth + 1)


def _sheets(prefix: str | None, own: str, sheets: list[str]) -> list[str]:
    """The sheets a reference's prefix names: none (the formula's own), one, or a 3-D
    span (``Jan:Mar``: every sheet from the first to the last)."""
    if prefix is None:
        return [own]
    text = prefix[1:-1].replace("''", "'") if prefix.startswith("'") else prefix
    first, _, last = text.partition(":")
    if last and first in sheets and last in sheets:
        start, end = sorted((sheets.index(first), sheets.index(last)))
        return sheets[start : end + 1]
    return [text]


def sheet_formulas(pieces: Iterable[bytes]) -> Iterator[tuple[str, Area | None]]:
    """A worksheet part's cell formulas, read piece by piece (a large sheet is never
    whole in memory): each one's text, and for a shared formula the cells that share it
    (``ref``). An element cut between two pieces is read with the next one."""
    carry = b""
    for piece in pieces:
        data = carry + piece
        end = _end_of_cells(data)
        if end >= 0:  # the cells end here; what follows is no cell's formula
            yield from _formulas(data[:end])
            return
        if b"<f" not in data and b":f" not in data:  # no formula: only a tag's end to keep
            carry = data[max(data.rfind(b"<"), 0) :] if b"<" in data else b""
            continue
        last = 0
        for match in _FORMULA.finditer(data):
            last = match.end()
            yield _formula(match)
        opened = [m.start() for m in _OPEN.finditer(data, last)]
        keep = opened[-1] if opened else max(last, data.rfind(b"<"))
        carry = data[keep:] if len(data) - keep <= MAX_CARRY else b""
    yield from _formulas(carry)


MAX_CARRY: Final = 2**20  # a formula is at most 8,192 characters: far less than this


def _end_of_cells(data: bytes) -> int:
    """Where ``</sheetData>`` starts in ``data`` (any prefix), or -1."""
    at = data.find(b"sheetData>")
    while at >= 0:
        start = data.rfind(b"<", 0, at)
        if start >= 0 and data[start + 1 : start + 2] == b"/":
            return start
        at = data.find(b"sheetData>", at + 1)
    return -1


def _formulas(data: bytes) -> Iterator[tuple[str, Area | None]]:
    for match in _FORMULA.finditer(data):
        yield _formula(match)


def _formula(match: re.Match[bytes]) -> tuple[str, Area | None]:
    """A formula element's text ('' for a cell sharing a formula written elsewhere) and
    the cells that share it."""
    text = match.group(2) or b""
    shared_area = None
    if _SHARED.search(match.group(1)):
        found = _SHARED_REF.search(match.group(1))
        parsed = parse_area(found.group(1).decode()) if found else None
        shared_area = parsed[0] if parsed else None
    return html.unescape(text.decode("utf-8", "replace")), shared_area


def part_pieces(package: Package, part: str, size: int = 2**20) -> Iterator[bytes]:
    """A part's bytes in pieces of ``size``, as they are decompressed."""
    with package.open(part) as stream:  # counted against the package's limits
        while piece := stream.read(size):
            yield piece


def stretched(read: Read, shared: Area | None) -> Area:
    """The area ``read`` covers from every cell of a shared formula (its first cell is
    the one that holds the text; the others read the same, moved as they are)."""
    top, left, bottom, right = read.area
    if shared is None:
        return read.area
    rows, columns = shared[2] - shared[0], shared[3] - shared[1]
    top_moves, left_moves, bottom_moves, right_moves = read.relative
    return (
        top,
        left,
        min(bottom + rows, MAX_ROW) if (bottom_moves or top_moves) else bottom,
        min(right + columns, MAX_COLUMN) if (right_moves or left_moves) else right,
    )


def formulas_read_ours(package: Package, edits: Edits) -> bool:
    """True if a formula of the workbook reads a cell ``edits`` writes in a sheet that was
    there before (a sheet we add has no formulas of the user's reading it yet)."""
    written = {
        name: sheet
        for name, sheet in edits.sheets.items()
        if not sheet.new and name in package.sheet_parts
    }
    if not written:
        return False
    names = Names.of(package)
    rows = {name: sheet.row_numbers() for name, sheet in written.items()}
    for sheet, part in package.sheet_parts.items():
        if part not in package.names:
            continue
        for formula, shared in sheet_formulas(part_pieces(package, part)):
            for read in reads(formula, sheet, names):
                if read.sheet == EVERYWHERE:
                    return True
                target = written.get(read.sheet)
                if target is not None and _writes_in(
                    target, rows[read.sheet], stretched(read, shared)
                ):
                    return True
    return False


def _writes_in(edits: SheetEdits, rows: list[int], area: Area) -> bool:
    """True if one of ``edits``' cells (``rows``: their row numbers, sorted) gets a value
    in ``area``."""
    top, left, bottom, right = area
    start = bisect.bisect_left(rows, top)
    for number in rows[start:]:
        if number > bottom:
            return False
        if any(
            left <= column <= right and value is not KEEP  # a look alone changes no value
            for column, (value, _) in edits.row(number).items()
        ):
            return True
    return False
