"""How each engine the buttons meet reads ``sheet.range(text)``, and whether its App has a
status bar: the models behind the recording stand-in (tests).

The buttons run on whatever book xlwings hands them, and xlwings passes an address to the
spreadsheet differently on each engine. Each model below says what the spreadsheet is
asked for when a button calls ``sheet.range(text)`` with a string: ``Engine.read(text)``
is that text (an address the spreadsheet then reads as Excel's ``Range()`` does, a union
for ``M4,Q4:R4``, or a defined name). The lines quoted are those of the pinned wheel,
xlwings 0.37.8; ``tests/buttons/test_engines.py`` checks each quotation against the
installed wheel and runs xlwings' own code on the same addresses.

- **Windows** (``xlwings/_xlwindows.py``, ``Sheet.range``, line 1047:
  ``xl1 = self.xl.Range(arg1)``): COM's ``Worksheet.Range`` gets the text whole, and reads
  a union (up to 255 characters). The status bar is Excel's.
- **macOS** (``xlwings/_xlmac.py``, ``Sheet.range``, lines 711-758): ``address1 =
  arg1.split(":")[0]`` (line 731); with no second argument the text goes whole only ``if
  isinstance(arg1, str) and len(arg1.split(":")) == 2`` (line 751, then ``Range(self,
  "{0}:{1}".format(address1, address2))``, line 758), else ``return Range(self,
  "{0}".format(address1))`` (line 754). So an address with two or more ``:`` keeps only
  its text before the first ``:`` (``M4,Q4,Q5:R5,L6:L7`` -> ``M4,Q4,Q5``); with one ``:``
  or none it goes whole, to ``sheet.xl.cells[address]`` (line 1013), which Excel reads as
  a union as on Windows (that last step is Excel for Mac's: it cannot run here).
- **remote** (xlwings Server, and xlwings Lite, which runs the same engine in the browser;
  ``xlwings/pro/_xlremote.py``, ``Range.__init__``, line 1579: ``tuple1, tuple2 =
  utils.a1_to_tuples(arg1)``, and ``xlwings/utils.py``, ``a1_to_tuples``, lines 187-205,
  ``address_to_index_tuple``, lines 133-175): a text with one ``:`` is one rectangle from
  the cell that starts the text before the ``:`` to the cell that starts the text after
  it (``L4:N4,P5`` -> ``L4:N4``, but ``M4,Q4,Q5:R5`` -> ``M4:R5``, cells never named); a
  text with two or more ``:`` raises ``ValueError`` (``part1, part2 =
  address.split(":")``, line 189); a text without ``:`` is the cell it starts with
  (``M4,Q4`` -> ``M4``), or, if it starts with no cell, a defined name (line 1580 on).
  There is no status bar: ``App.status_bar`` raises ``NotImplementedError`` on reading and
  writing (lines 634-655, ``_unsupported("status_bar", ...)``).

``ENGINES`` is the three, in that order; ``engine.app_engine`` is what xlwings answers for
``book.app.engine.name`` there (``"excel"`` on both desktops, ``"remote"`` for the remote
engine).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

#: xlwings' ``address_to_index_tuple`` pattern (utils.py line 162), matched at the start
CELL = re.compile(r"(\$?)([A-Z]{1,3})(\$?)(\d+)")
#: what the remote engine's App.status_bar raises with (``_xlremote.py`` line 639)
NO_STATUS_BAR = "App.status_bar is not supported on this engine: it has no equivalent setting."


def read_windows(text: str) -> str:
    """COM's Worksheet.Range(text): the text whole."""
    return text


def read_mac(text: str) -> str:
    """``_xlmac.Sheet.range(text)`` with a string and no second argument."""
    parts = text.split(":")
    address1 = parts[0]  # line 731: ``address1 = arg1.split(":")[0]``
    if len(parts) == 2:  # line 751, then line 758: the text whole
        return f"{address1}:{parts[1]}"
    return address1  # line 754: ``return Range(self, "{0}".format(address1))``


def _first_cell(text: str) -> str | None:
    """The cell the text starts with (``address_to_index_tuple``), as ``$``-less A1."""
    match = CELL.match(text.upper())
    if match is None:
        return None
    return match.group(2) + match.group(4)


def read_remote(text: str) -> str:
    """``_xlremote.Range(sheet, text)``: one rectangle, one cell, or a defined name."""
    if ":" in text:
        part1, part2 = text.split(":")  # two or more ":": ValueError, as in xlwings
        first, last = _first_cell(part1), _first_cell(part2)
        if first is None or last is None:  # rows "1:2" or columns "A:B": not used here
            raise ValueError(f"not a rectangle the stand-in models: {text!r}")
        return f"{first}:{last}"
    cell = _first_cell(text)
    return text if cell is None else cell


@dataclass(frozen=True)
class Engine:
    """One engine: its name, what ``book.app.engine.name`` answers there, whether its App
    has a status bar, and how it reads ``sheet.range(text)``."""

    name: str
    app_engine: str
    status_bar: bool
    reader: Callable[[str], str]

    def read(self, text: str) -> str:
        """What the spreadsheet is asked for when a button calls ``sheet.range(text)``."""
        return self.reader(text)

    def __str__(self) -> str:
        return self.name


WINDOWS = Engine("windows", "excel", True, read_windows)
MAC = Engine("mac", "excel", True, read_mac)
REMOTE = Engine("remote", "remote", False, read_remote)
ENGINES = (WINDOWS, MAC, REMOTE)
