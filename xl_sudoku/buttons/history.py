"""The workbook's hidden history: what Undo restores (buttons layer, pure).

Excel forgets its own undo stack whenever a macro runs, so the buttons keep one of their
own on the hidden sheet ``History``, in the block its defined name ``History`` covers:
``LEVELS + 1`` rows of ``CHUNKS`` cells. Row 1 holds the ``Record``: what the buttons
last left on the sheet that a value read cannot give back cheaply (the work grid's fills,
the givens marked red, the status cells, the hint's state). Rows 2 and on hold the
``Snapshot`` of each undo level, the newest first: the givens and the work grid as they
were (typed entries included), their fills, the status cells, the step log (whole
when the action that followed replaced it, else its length), and the values the action
wrote where it changed a cell (``after``), so that Undo can tell what was typed since.

Each is JSON, cut into cells of at most ``CHUNK`` characters (see there),
each cell starting with ``PREFIX`` so that Excel never reads a piece as a number, a
date or a formula. One read and one write of the block per action: the whole stack
moves down a row in the same write that adds a level.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.colours import RGB, hex_code

HISTORY_SHEET = "History"
LEVELS = 25  # undo levels kept
CHUNKS = 16  # cells a level may fill, left to right
# characters in one cell: a cell holds 32,767, but Excel 2007 refuses a block written in
# one call (an array) if any string in it is longer than 8,203
CHUNK = 8_000
PREFIX = "h:"

Fills = dict[str, list[int]]  # "RRGGBB" -> cells
#: what an action changed: for "givens" and "work", each changed cell's new value
Changes = dict[str, dict[int, Any]]
GRIDS = ("givens", "work")


@dataclass
class Record:
    """What the buttons last left on the sheet, beyond the cells' values."""

    work_fills: Fills = field(default_factory=dict)
    red_givens: list[int] = field(default_factory=list)
    status: list[Any] = field(default_factory=lambda: [None] * 6)
    hint: str = ""
    log_rows: int = 0  # the rows the Steps sheet's log holds (a failed Solve empties the
    # Steps status cell but leaves the log)

    def copy(self) -> Record:
        return Record(
            dict(self.work_fills),
            list(self.red_givens),
            list(self.status),
            self.hint,
            self.log_rows,
        )


@dataclass
class Snapshot:
    """One undo level: everything Undo puts back."""

    givens: list[Any]
    work: list[Any]
    record: Record
    log: list[list[Any]] | None = None  # the whole step log, when the action replaced it
    action: str = ""  # the button whose changes this level undoes
    after: Changes | None = None  # what the action wrote; None: not known (an older level)


@dataclass
class History:
    record: Record
    levels: list[Snapshot]
    available: bool = True  # False: an older workbook without the History sheet

    def push(self, snapshot: Snapshot) -> None:
        self.levels = [snapshot, *self.levels][:LEVELS]

    def pop(self) -> Snapshot | None:
        if not self.levels:
            return None
        snapshot, *self.levels = self.levels
        return snapshot


def fills_of(groups: Mapping[RGB | None, Sequence[int]]) -> Fills:
    """Cells by colour, as the record keeps them (no entry for cells without a fill)."""
    return {hex_code(colour): sorted(cells) for colour, cells in groups.items() if colour and cells}


def colour_of(code: str) -> RGB:
    """``(255, 0, 255)`` for ``"FF00FF"``."""
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def _record_from(data: dict[str, Any]) -> Record:
    status = list(data.get("status") or [])[:6]
    return Record(
        {str(k): [int(c) for c in v] for k, v in dict(data.get("work_fills") or {}).items()},
        [int(c) for c in data.get("red_givens") or []],
        status + [None] * (6 - len(status)),
        str(data.get("hint") or ""),
        int(data.get("log_rows") or 0),
    )


def _record_data(record: Record) -> dict[str, Any]:
    return {
        "work_fills": record.work_fills,
        "red_givens": record.red_givens,
        "status": record.status,
        "hint": record.hint,
        "log_rows": record.log_rows,
    }


def _changes_from(data: object) -> Changes | None:
    if not isinstance(data, dict):
        return None
    return {grid: {int(c): v for c, v in dict(data.get(grid) or {}).items()} for grid in GRIDS}


def _changes_data(changes: Changes) -> dict[str, dict[str, Any]]:
    return {grid: {str(c): v for c, v in changes.get(grid, {}).items()} for grid in GRIDS}


def _pieces(data: object) -> list[str | None]:
    """JSON cut into ``CHUNKS`` cells, the unused ones None; too long: ValueError."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    size = CHUNK - len(PREFIX)
    pieces: list[str | None] = [PREFIX + text[i : i + size] for i in range(0, len(text), size)]
    if len(pieces) > CHUNKS:
        raise ValueError(f"{len(text)} characters: more than {CHUNKS} cells hold")
    return pieces + [None] * (CHUNKS - len(pieces))


def _joined(cells: Sequence[object]) -> object:
    """The JSON of one row's cells; None for an empty or unreadable row."""
    texts = [str(c) for c in cells if isinstance(c, str) and c.startswith(PREFIX)]
    if not texts:
        return None
    try:
        return json.loads("".join(t[len(PREFIX) :] for t in texts))
    except ValueError:
        return None


def read(rows: object) -> History:
    """The history from the block's values as a range read gives them (rows of cells);
    anything unreadable counts as empty, so a damaged history never stops a button."""
    given = rows if isinstance(rows, list | tuple) else []
    block = [list(row) if isinstance(row, list | tuple) else [row] for row in given]
    first = _joined(block[0]) if block else None
    record = _record_from(first) if isinstance(first, dict) else Record()
    levels = []
    for row in block[1:]:
        data = _joined(row)
        if not isinstance(data, dict):
            break
        try:
            levels.append(
                Snapshot(
                    list(data["givens"]),
                    list(data["work"]),
                    _record_from(data["record"]),
                    data.get("log"),
                    str(data.get("action") or ""),
                    _changes_from(data.get("after")),
                )
            )
        except (KeyError, TypeError, ValueError):
            break
    return History(record, levels)


def rows(history: History) -> list[list[str | None]]:
    """The block's values to write: the record, then each level, then empty rows."""
    out = [_pieces(_record_data(history.record))]
    for snapshot in history.levels:
        data: dict[str, Any] = {
            "givens": snapshot.givens,
            "work": snapshot.work,
            "record": _record_data(snapshot.record),
            "action": snapshot.action,
        }
        if snapshot.log is not None:
            data["log"] = snapshot.log
        if snapshot.after is not None:
            data["after"] = _changes_data(snapshot.after)
        out.append(_level_pieces(data))
    out += [[None] * CHUNKS for _ in range(LEVELS + 1 - len(out))]
    return out


def _level_pieces(data: dict[str, Any]) -> list[str | None]:
    """A level's cells; one too long to keep whole gives up its step log first (the next
    Step starts one), then what its action wrote (Undo then puts the grids back whole)."""
    try:
        return _pieces(data)
    except ValueError:
        pass
    if "log" in data:
        data.pop("log")
        status = list(data["record"]["status"])
        status[2] = None  # no log to go with the count: the next Step starts one
        data["record"] = {**data["record"], "status": status, "log_rows": 0}
        try:
            return _pieces(data)
        except ValueError:
            pass
    data.pop("after", None)
    return _pieces(data)
