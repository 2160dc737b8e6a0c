"""What each work-grid cell shows: its value and its fill (pure, above the core).

One description serves both edges: the xlwings glue writes it to a live workbook, the
openpyxl batch mode to a file. A ``Painting`` holds the 81 values as 9 rows (one write)
and the cells grouped by fill colour (one write per colour), so writers never go cell
by cell.

Values: a digit for a filled cell, the placeholder string of an open cell's candidates
(``"120406709"``), or None. Fills: givens none; a digit found by logic the colour of
the technique that found it; a guessed digit yellow, and every digit found inside a
guess (it holds only if the guess does); in a step, the pattern in the technique's
colour, the other side of a chain in a second colour, and cells losing candidates in red.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .core import Grid, placeholder
from .core.board import Board
from .core.colours import ALTERNATE, REMOVED, RGB, WRONG
from .core.steps import GUESS, Step

if TYPE_CHECKING:
    from .core.engine import Trace

    #: the workbook's colour legend, made when first asked for (``__getattr__``)
    LEGEND: tuple[tuple[str, RGB], ...]


def _legend() -> tuple[tuple[str, RGB], ...]:
    """One line a colour: the techniques that share it, then the colours of a step."""
    from .core.techniques import TECHNIQUES  # noqa: PLC0415 - the catalogue loads every finder

    by_colour: dict[RGB, dict[str, None]] = {}  # (a name twice in the catalogue: once)
    for technique in TECHNIQUES:
        by_colour.setdefault(technique.colour, {})[technique.name] = None
    return (
        *((", ".join(names), colour) for colour, names in by_colour.items()),
        ("A guess, and every digit found inside one (not proven)", GUESS.colour),
        ("A cell that loses candidates in a step", REMOVED),
        ("The other side of a chain or colouring", ALTERNATE),
        ("A wrong entry, or a given an error names", WRONG),
    )


def __getattr__(name: str) -> object:
    """``LEGEND``, made when first asked for: it reads the techniques' catalogue, which a
    button that only paints (Candidates, Check) has no need to load."""
    if name != "LEGEND":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    legend = globals()["LEGEND"] = _legend()
    return legend


Value = int | str | None


@dataclass(frozen=True)
class Painting:
    """Values for all 81 cells and the cells of each fill colour (None: no fill)."""

    values: tuple[tuple[Value, ...], ...]
    fills: dict[RGB | None, tuple[int, ...]] = field(default_factory=dict)

    def fill_of(self, cell: int) -> RGB | None:
        for colour, cells in self.fills.items():
            if cell in cells:
                return colour
        return None


def _rows(values: Sequence[Value]) -> tuple[tuple[Value, ...], ...]:
    return tuple(tuple(values[9 * r : 9 * r + 9]) for r in range(9))


def _group(colours: dict[int, RGB | None]) -> dict[RGB | None, tuple[int, ...]]:
    groups: dict[RGB | None, list[int]] = {}
    for cell in range(81):
        groups.setdefault(colours.get(cell), []).append(cell)
    return {colour: tuple(cells) for colour, cells in groups.items()}


def board_values(board: Board) -> list[Value]:
    """Digits of filled cells, placeholder strings of open ones."""
    return [d if d else placeholder(board.masks[c]) for c, d in enumerate(board.digits)]


def paint_solution(puzzle: Grid, trace: Trace) -> Painting:
    """A solved (or stopped) work grid: each found digit in its technique's colour, and
    each placed inside a guess (its step's ``level`` above 0) yellow, as the guess is: it
    holds only if the guess does, so it is not proven.

    The last step that placed a cell is the one that stands: placements made before it
    belong to guesses that were undone.
    """
    found: dict[int, RGB | None] = {}
    for step in trace.steps:
        colour = GUESS.colour if step.level else step.technique.colour
        for cell, _ in step.placements:
            found[cell] = colour
    values: list[Value] = [d if d else None for d in trace.grid]
    colours = {c: found.get(c) for c in range(81) if not puzzle[c] and trace.grid[c]}
    return Painting(_rows(values), _group(colours))


def paint_progress(puzzle: Grid, steps: Sequence[Step]) -> Painting:
    """Where logic steps got to from the givens: each digit they found in its technique's
    colour, open cells showing their candidates."""
    board = Board.from_grid(puzzle)
    colours: dict[int, RGB | None] = {}
    for step in steps:
        board.apply(step)
        for cell, _ in step.placements:
            colours[cell] = step.technique.colour
    return Painting(_rows(board_values(board)), _group(colours))


def paint_board(board: Board, step: Step | None = None) -> Painting:
    """A board in progress: digits and candidates; with a step, its pattern highlighted
    and the cells it places in its technique's colour."""
    colours: dict[int, RGB | None] = {}
    if step is not None:
        for cell, _ in step.eliminations:
            colours[cell] = REMOVED
        for cell, _ in step.alternate:
            colours[cell] = ALTERNATE
        for cell, _ in step.pattern:
            colours[cell] = step.technique.colour
        for cell, _ in step.placements:
            colours[cell] = step.technique.colour
    return Painting(_rows(board_values(board)), _group(colours))
