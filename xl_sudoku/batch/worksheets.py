"""A worksheet part with our cells written into it, nothing else changed (batch layer).

Our cells are inline strings and numbers (``sharedStrings.xml`` stays as it is; no
formula, so ``calcChain.xml`` stays valid); ``<dimension>``, row ``spans`` and column
widths are widened to hold them (``sheet_frame``). A large sheet is patched row by row as
it is copied: the rows we write into are parsed one at a time, every other row is copied
as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import IO, Final, NamedTuple

from lxml import etree

from ..helpers.a1 import column_letters, column_number
from .archive import (
    KEEP,
    MAIN,
    MAX_ROW,
    PARSER,
    Content,
    Package,
    PackageError,
    Streamed,
    parse,
    serialise,
)
from .edits import Edit, Look, SheetEdits
from .sheet_frame import add_widths, column_styles, has_cells, q, split_reference, widen_dimension
from .styles import Styles

# --- worksheets -----------------------------------------------------------------------------


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


def patch_part(
    package: Package, part: str, edits: SheetEdits, styles: Styles, name: str
) -> Content:
    """The worksheet ``part`` of ``package`` patched (``patch_sheet``); a large one as it
    is copied, never whole in memory, where it can be."""
    if package.archive.getinfo(part).file_size > STREAM_FROM:
        patched = _streamed_patch(package, part, edits, styles, name)
        if patched is not None:
            return patched
    return patch_sheet(package.read(part, keep=False), edits, styles, name)


def _patch_tree(data: bytes, edits: SheetEdits, styles: Styles, name: str) -> bytes:
    root = parse(data, name)
    ns = etree.QName(root).namespace or MAIN
    sheet_data = root.find(q(ns, "sheetData"))
    if sheet_data is None:
        raise PackageError(f"it is damaged (sheet {name!r} has no sheetData)")
    had_cells = has_cells(root, ns)
    looks = _Looks(styles, column_styles(root, ns))
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
    widen_dimension(root, ns, edits.bounds(), had_cells)
    if edits.widths:
        add_widths(root, ns, edits.widths, sheet_data)
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
    looks = _Looks(styles, column_styles(shell, ns))
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
        wrapper = etree.fromstring(b"<w %s>%s</w>" % (declarations, fragment), PARSER)
        _patch_row(wrapper[0], number, row_edits, looks, ns)
        text = etree.tostring(wrapper, encoding="UTF-8")
        start = text.index(b">") + 1
        return text[start : text.rindex(b"</")]

    pieces = _spliced_rows(body, prefix, edits, patched)
    if pieces is None:
        return None
    widen_dimension(shell, ns, edits.bounds(), bool(body.strip()))
    if edits.widths:
        add_widths(shell, ns, edits.widths, sheet_data)
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
    stream twice: once up to the last row we write into, to check its layout there, give
    our looks their style numbers (before ``styles.xml`` is written) and count the size
    (the rest is copied as it is), then to write it. What is held is a chunk of the part
    and the rows we write into; None if the sheet is not laid out plainly enough (see
    ``_NotPlainError``: it is then patched whole)."""
    whole = package.archive.getinfo(part).file_size  # what a read of the part gives
    try:
        with package.open(part) as stream:
            head, rest, prefix, had_cells = _sheet_head(stream)
            shell = _head_shell(head, prefix, name)
            ns = etree.QName(shell).namespace or MAIN
            sheet_data = shell.find(q(ns, "sheetData"))
            if sheet_data is None:
                return None
            widen_dimension(shell, ns, edits.bounds(), had_cells)
            if edits.widths:
                add_widths(shell, ns, edits.widths, sheet_data)
            looks = _Looks(styles, column_styles(shell, ns))
            sheet_data.text = _MARK
            new_head = serialise(shell, head).split(_MARK.encode())[0]
            patcher = _RowPatcher(prefix, looks, shell, ns)

            def pieces() -> Iterator[bytes]:
                with package.open(part) as again:
                    again.read(len(head))
                    yield new_head
                    yield from _patched_rows(again, b"", len(head), _Pending(edits, patcher))

            checked = _Pending(edits, patcher, stop=True)
            size = len(new_head) + sum(
                len(piece) for piece in _patched_rows(stream, rest, len(head), checked)
            )
            size += whole - checked.rest_at  # the rest, copied as it is
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
        wrapper = etree.fromstring(b"<w %s>%s</w>" % (self.declarations, fragment), PARSER)
        _patch_row(wrapper[0], number, row_edits, self.looks, self.ns)
        text = etree.tostring(wrapper, encoding="UTF-8")
        return text[text.index(b">") + 1 : text.rindex(b"</")]


def _patched_rows(stream: IO[bytes], buffer: bytes, at: int, pending: _Pending) -> Iterator[bytes]:
    """The rows of a sheet read from ``stream`` (``buffer``: what was read of them
    already, from byte ``at`` of the part), ours (``pending``'s) patched in, new rows
    where they go, then the rest of the part as it is: from the row after the last one
    we write into, copied without a look (or, with ``pending.stop``, not read at all:
    ``pending.rest_at`` says where it starts)."""
    prefix = pending.patched_row.prefix
    row_pattern = re.compile(
        rb"<%srow\b[^>]*?(?:/>|>.*?</%srow>)" % (re.escape(prefix), re.escape(prefix)), re.S
    )
    closing = b"</" + prefix + b"sheetData>"
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
            if pending.done:  # nothing of ours below: the rest as it is
                pending.rest_at = at + position
                if pending.stop:
                    return
                yield buffer[position:]
                while chunk := stream.read(_CHUNK):
                    yield chunk
                return
        if end >= 0:
            if buffer[position:end].strip():
                raise _NotPlainError
            yield buffer[position:end]
            yield from pending.before(MAX_ROW + 1)
            pending.rest_at = at + end
            if pending.stop:
                return
            yield buffer[end:]
            while chunk := stream.read(_CHUNK):
                yield chunk
            return
        if not chunk:
            raise _NotPlainError  # the part ends inside its rows
        buffer = buffer[position:]
        at += position


class _Pending:
    """The rows we write into, in order, as a sheet's rows go by; ``stop``: the reading
    stops once they are written (``rest_at``: where the rest of the part starts)."""

    def __init__(self, edits: SheetEdits, patched: _RowPatcher, *, stop: bool = False) -> None:
        self.edits, self.patched_row = edits, patched
        self.numbers = edits.row_numbers()
        self.next = 0
        self.stop = stop
        self.rest_at = 0

    @property
    def done(self) -> bool:
        """True once every row we write into is written."""
        return self.next >= len(self.numbers)

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
