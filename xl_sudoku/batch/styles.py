"""A workbook's ``styles.xml``, to which our formats are appended (batch layer).

Every existing style index keeps its meaning: a font, fill, border or cell format we
need is added at the end, or found there already (an earlier run's, or the user's).
"""

from __future__ import annotations

import copy
from typing import Final

from lxml import etree

from .archive import KEEP, MAIN, parse, serialise
from .edits import Look, Sides

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
