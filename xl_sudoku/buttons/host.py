"""What the host behind a book allows the buttons (buttons layer): whether it has a
status bar. The host is the program xlwings drives (xlwings calls it the engine: Excel on
Windows or macOS, or the remote engine); the logic solver is ``core.engine``.

The buttons write values only, each to one rectangle or one defined name: the grids'
digits and candidates, and each cell's colour as a code in the hidden block ``Colours``,
which the workbook's conditional formats turn into fills (``press``). Every engine
xlwings drives reads such an address whole (a union of areas it does not: macOS keeps the
text before the first of two ``:``, the remote engine one rectangle; the models are in
``tests/buttons/engines.py``), so one rule serves them all. What still differs is the
status bar: the remote engine (xlwings Server, xlwings Lite) has none
(``App.status_bar`` raises ``NotImplementedError``).

``host_of(book.app)`` tells them apart by xlwings' ``app.engine.name``: ``"remote"``
there, ``"excel"`` on both desktops; an App without it (batch mode's openpyxl book) is
read as a desktop.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..helpers.a1 import column_letters


@dataclass(frozen=True)
class Host:
    """One host: its name, and whether its App has a status bar."""

    name: str
    status_bar: bool


DESKTOP = Host("desktop", status_bar=True)
REMOTE = Host("remote", status_bar=False)


def host_of(app: object) -> Host:
    """The host behind a book, by its App's ``engine.name`` (xlwings' ``book.app``)."""
    try:
        name = app.engine.name  # type: ignore[attr-defined]
    except AttributeError:  # not an xlwings App (batch mode's): a desktop's
        return DESKTOP
    return REMOTE if name == "remote" else DESKTOP


def row_runs(top: int, left: int, cells: list[int] | tuple[int, ...]) -> list[str]:
    """Some cells of the 9x9 grid whose top left cell is at (``top``, ``left``) (1-based
    row, column), as rectangles: each run of neighbours in a row one address
    (``L4:N4``), a cell alone its name. (For a workbook older than the ``Colours`` block,
    whose fills are written one rectangle at a time.)"""
    runs: list[str] = []
    ordered = sorted(set(cells))
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1 and ordered[j + 1] % 9:
            j += 1
        row = top + ordered[i] // 9
        first = f"{column_letters(left + ordered[i] % 9)}{row}"
        last = f"{column_letters(left + ordered[j] % 9)}{row}"
        runs.append(first if i == j else f"{first}:{last}")
        i = j + 1
    return runs
