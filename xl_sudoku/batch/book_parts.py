"""The workbook-wide parts a sheet's read uses (batch layer): its formats as the reader
sees them (``StyleFacts``), its shared strings, compact (``SharedStrings``), and the
helpers of streamed XML (``main_tags``: a name in either main namespace, transitional or
Strict; ``clear``: let go of what was read).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from lxml import etree
from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format

from .archive import MAIN, STRICT_MAIN, Package, transitional
from .cells import is_puzzle_text, is_row_text, text_kind
from .styles import Styles

_MAINS: Final = (MAIN, STRICT_MAIN)


def main_tags(*names: str) -> tuple[str, ...]:
    return tuple(f"{{{ns}}}{name}" for name in names for ns in _MAINS)


@dataclass(frozen=True)
class StyleFacts:
    """What a cell's format number tells the reader: plain (looks like format 0),
    bordered (a side drawn), a date or time, a duration."""

    plain: frozenset[int] = frozenset({0})
    bordered: frozenset[int] = frozenset()
    dates: frozenset[int] = frozenset()
    durations: frozenset[int] = frozenset()

    @classmethod
    def of(cls, data: bytes | None) -> StyleFacts:
        if data is None:
            return cls()
        styles = Styles(transitional(data))
        root = styles.root
        main = f"{{{MAIN}}}"
        borders = root.find(f"{main}borders")
        drawn = set()
        for number, border in enumerate(borders if borders is not None else ()):
            if any(
                side.get("style") not in (None, "", "none")
                for side in border
                if etree.QName(side).localname in ("left", "right", "top", "bottom", "start", "end")
            ):
                drawn.add(number)
        custom = {
            int(f.get("numFmtId", "-1")): f.get("formatCode", "")
            for f in root.iterfind(f"{main}numFmts/{main}numFmt")
        }
        bordered, dates, durations = set(), set(), set()
        xfs = root.find(f"{main}cellXfs")
        for index, xf in enumerate(xfs if xfs is not None else ()):
            if to_int(xf.get("borderId")) in drawn:
                bordered.add(index)
            number = to_int(xf.get("numFmtId"))
            code = custom.get(number, BUILTIN_FORMATS.get(number))
            if is_date_format(code):
                dates.add(index)
            if is_timedelta_format(code):
                durations.add(index)
        return cls(styles.plain(), frozenset(bordered), frozenset(dates), frozenset(durations))


def to_int(text: str | None, default: int = 0) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


class SharedStrings:
    """The shared strings table, compact: its text in one buffer, and what each string
    is to the reader (its kind, a puzzle line, a text to keep)."""

    PUZZLE: Final = 4
    KEEP: Final = 8
    EMPTY: Final = 16
    ROW: Final = 32  # a grid's row as one string: "530070000"

    def __init__(self, package: Package, name: str | None, keep: Callable[[str], bool]) -> None:
        self._text = bytearray()
        self._ends: array[int] = array("q")
        self.flags = bytearray()
        if name is None:
            return
        tags = main_tags("si")
        t_tags, r_tags = main_tags("t"), main_tags("r")
        with package.open(name) as stream:
            for _, element in etree.iterparse(
                stream, events=("end",), tag=tags, resolve_entities=False, no_network=True
            ):
                pieces = []
                for child in element:
                    if child.tag in t_tags:
                        pieces.append(child.text or "")
                    elif child.tag in r_tags:
                        for run_text in child:
                            if run_text.tag in t_tags:
                                pieces.append(run_text.text or "")
                text = "".join(pieces).replace("x005F_", "")
                self._text += text.encode("utf-8", "surrogatepass")
                self._ends.append(len(self._text))
                flags = int(text_kind(text.strip()))
                if is_puzzle_text(text):
                    flags |= self.PUZZLE
                if keep(text):
                    flags |= self.KEEP
                if not text:
                    flags |= self.EMPTY
                if is_row_text(text):
                    flags |= self.ROW
                self.flags.append(flags)
                clear(element)

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, index: int) -> str:
        start = self._ends[index - 1] if index else 0
        return self._text[start : self._ends[index]].decode("utf-8", "surrogatepass")


def clear(element: etree._Element) -> None:
    """Let go of an element read, and of those before it."""
    element.clear()
    parent = element.getparent()
    if parent is not None:
        while element.getprevious() is not None:
            del parent[0]
