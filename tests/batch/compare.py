"""Comparing a workbook package before and after batch mode, part by part.

``part_changes`` says which parts differ in bytes; ``additions`` compares one part's XML
before and after and returns what was added, failing on anything else: an element
removed or changed, an attribute or a text altered. The only differences it lets pass
are those that adding cells or sheets implies: ``count`` and ``size`` attributes, a
sheet's ``dimension`` and a row's ``spans`` (widened), and the worksheets' count in
``docProps/app.xml``.
"""

from __future__ import annotations

import io
import zipfile

from lxml import etree

LOOSE_ATTRIBUTES = {"count", "size", "spans"}
VT = "{http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes}"


def parts(package: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def entries(package: bytes) -> list[tuple[str, tuple[int, ...], int]]:
    """Each zip entry's name, date and compression, in order."""
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        return [(i.filename, i.date_time, i.compress_type) for i in archive.infolist()]


def part_changes(before: bytes, after: bytes) -> tuple[set[str], set[str], set[str]]:
    """(changed, added, removed) part names."""
    old, new = parts(before), parts(after)
    changed = {name for name in old if name in new and old[name] != new[name]}
    return changed, set(new) - set(old), set(old) - set(new)


class DifferenceError(AssertionError):
    pass


def additions(
    before: bytes, after: bytes, changeable: frozenset[str] = frozenset()
) -> list[etree._Element]:
    """The elements ``after`` adds to ``before`` (and the cells named in ``changeable``
    that changed); raises ``DifferenceError`` on any other change."""
    parser = etree.XMLParser(resolve_entities=False)
    old = etree.fromstring(before, parser)
    new = etree.fromstring(after, parser)
    added: list[etree._Element] = []
    _compare(old, new, added, "", changeable)
    return added


def _compare(
    old: etree._Element,
    new: etree._Element,
    added: list[etree._Element],
    path: str,
    changeable: frozenset[str] = frozenset(),
) -> None:
    where = f"{path}/{etree.QName(old).localname}"
    if local(old) == "c" and old.get("r") in changeable:
        if etree.tostring(old) != etree.tostring(new):
            added.append(new)
        return
    if old.tag != new.tag:
        raise DifferenceError(f"{where}: element {new.tag} instead of {old.tag}")
    if old.nsmap != new.nsmap:
        raise DifferenceError(f"{where}: namespace prefixes changed: {old.nsmap} -> {new.nsmap}")
    loose = set(LOOSE_ATTRIBUTES)
    if etree.QName(old).localname == "dimension":
        loose.add("ref")
    for name in {str(n) for n in (*old.attrib, *new.attrib)}:
        if name not in loose and old.get(name) != new.get(name):
            raise DifferenceError(
                f"{where}: attribute {name}: {old.get(name)!r} -> {new.get(name)!r}"
            )
    if (old.text or "") != (new.text or "") and old.tag != f"{VT}i4":
        raise DifferenceError(f"{where}: text {old.text!r} -> {new.text!r}")
    if (old.tail or "").strip() != (new.tail or "").strip():
        raise DifferenceError(f"{where}: text after it changed")
    olds = list(old)
    position = 0
    for child in new:
        if position < len(olds) and _same_place(olds[position], child):
            _compare(olds[position], child, added, where, changeable)
            position += 1
        else:
            added.append(child)
    if position < len(olds):
        missing = olds[position]
        shown = etree.tostring(missing)[:200].decode("utf-8", "replace")
        raise DifferenceError(f"{where}: {shown} was removed or changed")


def _same_place(old: etree._Element, new: etree._Element) -> bool:
    """Whether ``new`` is meant to be ``old``: the same tag and, for cells, rows,
    relationships and the like, the same key; other elements by a full comparison."""
    if old.tag != new.tag:
        return False
    for key in ("r", "Id", "PartName", "name", "min"):
        if key in old.attrib or key in new.attrib:
            return old.get(key) == new.get(key)
    if local(old) != "lpstr":  # one of its kind: where it was
        return True
    try:
        _compare(old, new, [], "")
    except DifferenceError:
        return False
    return True


def local(element: etree._Element) -> str:
    return etree.QName(element).localname
