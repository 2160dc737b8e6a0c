"""Our mark on the sheets a run of ours adds: hidden names scoped to them (batch layer).

A sheet is ours only if it carries our mark, never because of what its cells say (a
user's log may well have our ``Steps`` header). The mark is a defined name, hidden
(``hidden="1"``: Excel lists it nowhere), scoped to the sheet (``localSheetId``), that
nobody makes by typing into a cell; Excel keeps it on saving and moves its reference when
a sheet is renamed:

    _xlsudoku_steps   on our Steps sheet          'Steps'!$A$1:$E$60   the rows we wrote
    _xlsudoku_grids   on a sheet of grid answers  'Puzzle'!$A$1        the sheet it answers
    _xlsudoku_list    on a sheet of list answers  'List'!$A:$A         the list it answers

A rerun writes anew in the same places: our rows of the ``Steps`` sheet (a user's cells
beside or below them kept), the answers on the sheet marked for their puzzles.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from .archive import Package
from .formulas import Area, Names, parse_area, sheet_of

STEPS: Final = "_xlsudoku_steps"
GRIDS: Final = "_xlsudoku_grids"
LIST: Final = "_xlsudoku_list"
KINDS: Final = (STEPS, GRIDS, LIST)


@dataclass(frozen=True)
class Mark:
    """One mark: its kind (``STEPS``, ``GRIDS``, ``LIST``), the sheet it is on, and the
    sheet and area it refers to."""

    kind: str
    sheet: str
    target: str
    area: Area


def read_marks(package: Package) -> list[Mark]:
    """The marks in the workbook part, in the workbook's order of sheets."""
    names = Names.of(package)
    out = []
    for sheet in names.sheets:
        for kind in KINDS:
            refers = names.refers.get((sheet, kind))
            if refers is None or refers.count("!") != 1:
                continue  # not ours, or its sheet deleted (#REF!)
            target, address = refers.rsplit("!", 1)
            parsed = parse_area(address)
            if parsed is None:
                continue
            out.append(Mark(kind, sheet, sheet_of(target), parsed[0]))
    return out


def ours(marks: Iterable[Mark]) -> set[str]:
    """The sheets that carry a mark: a run of ours added them."""
    return {mark.sheet for mark in marks}


_BARE_SHEET: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_CELL_LIKE: Final = re.compile(r"[A-Za-z]{1,3}[0-9]+|[Rr][0-9]*[Cc][0-9]*")


def quote_sheet(name: str) -> str:
    """A sheet's name as a formula needs it: quoted (its quotes doubled) unless it is a
    plain name that cannot be read as something else (``Steps``, not ``A1``)."""
    if _BARE_SHEET.fullmatch(name) and not _CELL_LIKE.fullmatch(name):
        return name
    return "'" + name.replace("'", "''") + "'"


def steps_reference(sheet: str, rows: int) -> str:
    """What ``_xlsudoku_steps`` refers to: the five columns of our ``rows`` rows."""
    return f"{quote_sheet(sheet)}!$A$1:$E${rows}"


def grids_reference(source: str) -> str:
    return f"{quote_sheet(source)}!$A$1"


def list_reference(source: str, letter: str) -> str:
    return f"{quote_sheet(source)}!${letter}:${letter}"
