"""What the engine behind a book allows the buttons (buttons layer): which addresses it
reads whole, and whether it has a status bar.

xlwings hands ``sheet.range(address)`` to the spreadsheet differently on each engine
(xlwings 0.37.8; the models and the lines of xlwings they follow are in
``tests/buttons/engines.py``):

- Windows: COM's ``Range()`` reads the text whole, a union of areas up to 255 characters.
- macOS: xlwings keeps only the text before the first ``:`` of an address with two or
  more ``:`` (``M4,Q4,Q5:R5,L6:L7`` reaches Excel as ``M4,Q4,Q5``); one ``:`` or none, and
  the text goes whole.
- remote (xlwings Server, xlwings Lite): an address is one rectangle at most; a union
  reads as its first cells' rectangle, or fails; and the App has no status bar
  (``App.status_bar`` raises ``NotImplementedError``).

So on both desktops a button writes a colour with addresses of up to 255 characters that
hold at most one ``:`` (``DESKTOP``): cells of a run are named one by one (``Q5,R5``)
except the run that saves the most characters (``L4:T4``). For the 9x9 grid at ``L4``
any set of cells fits one such address: written one by one all 81 take 269 characters,
and any set that long has a full row whose run saves at least 21. On the remote engine
each write is one area (``REMOTE``); its writes are not round trips into Excel but
actions sent back together when the script ends.

``engine_of(book.app)`` tells them apart by xlwings' ``app.engine.name``: ``"remote"``
there, ``"excel"`` on both desktops; an App without it (batch mode's openpyxl book) is
read as a desktop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..helpers.a1 import column_letters

MAX_ADDRESS = 255  # Excel's Range() takes addresses up to 255 characters


@dataclass(frozen=True)
class Engine:
    """What one engine reads whole: ``areas`` per address (None: as many as fit),
    ``ranges`` of them written ``first:last`` (None: any), and whether it has a status
    bar."""

    name: str
    areas: int | None
    ranges: int | None
    status_bar: bool


DESKTOP = Engine("desktop", areas=None, ranges=1, status_bar=True)
REMOTE = Engine("remote", areas=1, ranges=1, status_bar=False)
#: what Windows alone reads whole (any union): what the buttons wrote before macOS counted
UNION = Engine("union", areas=None, ranges=None, status_bar=True)


def engine_of(app: object) -> Engine:
    """The engine behind a book, by its App's ``engine.name`` (xlwings' ``book.app``)."""
    try:
        name = app.engine.name  # type: ignore[attr-defined]
    except AttributeError:  # not an xlwings App (batch mode's): it reads any address whole
        return DESKTOP
    return REMOTE if name == "remote" else DESKTOP


@dataclass(frozen=True)
class _Run:
    """Cells next to each other in one row of the grid: their names, first to last."""

    names: tuple[str, ...]

    @property
    def one_by_one(self) -> str:
        return ",".join(self.names)

    @property
    def as_range(self) -> str:
        return self.names[0] if len(self.names) == 1 else f"{self.names[0]}:{self.names[-1]}"

    @property
    def saving(self) -> int:
        """Characters saved by writing the run as a range."""
        return len(self.one_by_one) - len(self.as_range)


def _written(runs: Sequence[_Run], engine: Engine) -> str:
    """Runs as one address: as ranges, or (beyond the engine's ``ranges``) one by one, the
    runs that save the most characters as ranges."""
    if engine.ranges is None:
        return ",".join(run.as_range for run in runs)
    ranked = sorted(range(len(runs)), key=lambda i: -runs[i].saving)
    ranged = {i for i in ranked[: engine.ranges] if runs[i].saving > 0 or len(runs) == 1}
    return ",".join(run.as_range if i in ranged else run.one_by_one for i, run in enumerate(runs))


def _fits(runs: Sequence[_Run], engine: Engine) -> bool:
    text = _written(runs, engine)
    areas = text.count(",") + 1
    return len(text) <= MAX_ADDRESS and (engine.areas is None or areas <= engine.areas)


def addresses(
    top: int, left: int, cells: Sequence[int], engine: Engine, width: int = 9
) -> list[str]:
    """Addresses of some cells of a grid ``width`` wide whose top left cell is at (``top``,
    ``left``) (1-based row, column), as few as the engine reads whole."""
    runs: list[_Run] = []
    ordered = sorted(set(cells))
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1 and ordered[j + 1] % width:
            j += 1
        row = top + ordered[i] // width
        names = tuple(f"{column_letters(left + c % width)}{row}" for c in ordered[i : j + 1])
        runs.append(_Run(names))
        i = j + 1
    pieces: list[list[_Run]] = []
    for run in runs:
        if pieces and _fits([*pieces[-1], run], engine):
            pieces[-1].append(run)
        else:
            pieces.append([run])
    return [_written(piece, engine) for piece in pieces]
