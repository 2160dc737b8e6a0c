"""The 9x9 grids on a sheet (batch layer, the find stage's search): blocks of 81 cells
laid out as a grid (``grids_on``; the rules are in ``find``'s text) and grids typed as nine
row strings one below another in a column (``stacks_on``).
"""

from __future__ import annotations

import shlex
from typing import Final

from openpyxl.utils import get_column_letter

from ..core import (
    DuplicateError,
    PuzzleError,
    count_solutions,
    validate,
)
from .cells import (
    DIGIT,
    FEW_GIVENS,
    MAX_TYPOS,
    MIN_GIVENS,
    TYPO,
    CellKind,
    Cells,
    SheetScan,
    kind,
)
from .found import FoundGrid, shown


def grids_on(scan: SheetScan, ours: list[tuple[int, int]]) -> tuple[list[FoundGrid], list[str]]:
    """The grids of a sheet, and a note for each block whose place is not clear. The blocks that
    could be grids are the scan's (``scan.windows``): 8 digits or more, at most
    ``MAX_TYPOS`` typos, nothing else but blanks."""
    kinds = scan.kinds

    def filled_in(top: int, left: int, height: int, width: int) -> int:
        return sum(
            1
            for r in range(top, top + height)
            for c in range(left, left + width)
            if kinds.get((r, c)) in (DIGIT, TYPO)
        )

    def tight(top: int, left: int) -> bool:
        """The window's digits (and typos: a digit mistyped) reach its four edges."""
        return all(
            (
                filled_in(top, left, 1, 9),
                filled_in(top + 8, left, 1, 9),
                filled_in(top, left, 9, 1),
                filled_in(top, left + 8, 9, 1),
            )
        )

    def ours_over(top: int, left: int) -> bool:
        """The window meets an answer of ours (its title line and 9x9 block)."""
        return any(
            top <= answer_top + 8 and answer_top - 1 <= top + 8 and abs(left - answer_left) < 9
            for answer_top, answer_left in ours
        )

    # a typo counts as the given it stands for: a typo over a given of a 17-clue grid must
    # not make the grid vanish
    givens = {(w.top, w.left): w.digits + w.typos for w in scan.windows}
    windows = [
        (w.top, w.left)
        for w in scan.windows
        if w.digits >= FEW_GIVENS
        and w.typos <= MAX_TYPOS
        and w.top + 8 <= scan.last_row  # within the cells that exist, as a person sees it
        and w.left + 8 <= scan.last_column
        and not ours_over(w.top, w.left)  # our own answers are not puzzles
    ]
    few = [w for w in windows if givens[w] < MIN_GIVENS]
    windows = [w for w in windows if givens[w] >= MIN_GIVENS]
    # a block with few digits is a puzzle only if someone laid it out as a grid
    windows += [w for w in few if tight(*w) and _bordered(scan, *w)]
    # column numbers typed above a grid (or row numbers beside it) are not part of it
    headers = _headers(scan, [w for w in windows if tight(*w)])
    windows = [w for w in windows if not _holds(w, headers)]
    if not windows:
        return [], []
    # a window whose digits reach its four edges fits a grid (a few typos allowed: a typo
    # is a given mistyped, and solving the grid names it); one that overlaps no other such
    # window is a grid, and so are the windows that alone, side by side, explain every
    # digit of a group of overlapping ones (two plain grids a column or two apart: a
    # window straddling the gap fits too, but explains nothing the two do not)
    fitting = [w for w in windows if tight(*w)]
    # a window that fits with no digit in the rows and columns around it is a block laid
    # out apart: a grid, whatever else overlaps it (a window straddling it and a sparse
    # grid beside it fits too, but must not hide it)
    framed = [w for w in fitting if _framed(kinds, *w)]
    chosen = [w for w in framed if not any(_overlap(w, o) for o in framed if o != w)]
    fitting = [w for w in fitting if not any(_overlap(w, c) for c in chosen)]
    chosen += [w for w in fitting if not any(_overlap(w, o) for o in fitting if o != w)]
    chosen += _explaining(fitting, kinds)
    unsure = [w for w in sorted(windows) if not any(_overlap(w, c) for c in chosen)]
    notes = []
    for group in _groups(unsure):  # each unclear block on its own: one never hides another
        bordered = [w for w in group if _bordered(scan, *w)]
        if (
            bordered
            and not _overlapping(bordered)
            and all(any(_overlap(w, b) for b in bordered) for w in group)
        ):
            chosen += bordered
        elif len(group) == 1:  # it could sit in one place only: there it is
            chosen += group
        else:
            notes.append(_could_sit(scan, group))
    return [FoundGrid(scan.title, top, left) for top, left in sorted(chosen)], notes


def _framed(kinds: dict[tuple[int, int], CellKind], top: int, left: int) -> bool:
    """True if no digit (nor typo) lies in the row above or below the window, or in the
    column left or right of it, alongside it."""
    ring = [(top - 1, left + i) for i in range(9)] + [(top + 9, left + i) for i in range(9)]
    ring += [(top + i, left - 1) for i in range(9)] + [(top + i, left + 9) for i in range(9)]
    return not any(kinds.get(cell) in (DIGIT, TYPO) for cell in ring)


def _groups(windows: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The windows in groups linked by overlaps, in order."""
    groups: list[list[tuple[int, int]]] = []
    left = list(windows)
    while left:
        group = [left.pop(0)]
        for window in group:  # grows as it goes
            linked = [o for o in left if _overlap(window, o)]
            left = [o for o in left if o not in linked]
            group += linked
        groups.append(sorted(group))
    return groups


SHOWN_PLACES = 4  # an unsure grid's message lists this many of its places


def _could_sit(scan: SheetScan, unsure: list[tuple[int, int]]) -> str:
    """Why a block is skipped: where its grid's digits start, the places it could sit in, and
    the ``--range`` to give, written for this sheet. The places are the windows that hold
    the most of its digits (every one, if it fits in 9x9): a window that cuts some off may
    hold 17 too, but names a piece of the grid, not the grid. The ``--range`` is the first
    place where the grid reads as a puzzle of one solution (a grid with an empty first row
    and one with an empty last row look alike; read a row off, each is another puzzle),
    or the first place if none or several are."""
    sheet = scan.title
    digits = [
        (r, c)
        for (r, c), found in scan.kinds.items()
        if found in (DIGIT, TYPO) and any(_inside(w, r, c) for w in unsure)
    ]
    top = min(r for r, _ in digits)
    left = min(c for _, c in digits)
    held = {window: sum(1 for cell in digits if _inside(window, *cell)) for window in unsure}
    most = max(held.values())
    holding = [FoundGrid(sheet, *window) for window in unsure if held[window] == most]
    proper = [place for place in holding if _one_solution(place, scan.values)]
    named = proper[0] if len(proper) == 1 else holding[0]
    places = [place.address for place in holding]
    listed = ", ".join(places[:SHOWN_PLACES])
    if len(places) > SHOWN_PLACES:
        listed += f" and {len(places) - SHOWN_PLACES} more"
    return (
        f"a 9x9 grid near {get_column_letter(left)}{top} could sit in {len(places)} places "
        f"({listed}): name it with --range {shlex.quote(f'{sheet}!{named.address}')}"
    )


def _one_solution(place: FoundGrid, values: Cells) -> bool:
    """True if the grid read at ``place`` is a puzzle of one solution."""
    try:
        return count_solutions(place.grid(values), limit=2) == 1
    except PuzzleError:  # a typo, a given repeated
        return False


def _inside(window: tuple[int, int], row: int, column: int) -> bool:
    return window[0] <= row <= window[0] + 8 and window[1] <= column <= window[1] + 8


def _holds(window: tuple[int, int], cells: set[tuple[int, int]]) -> bool:
    return any(_inside(window, r, c) for r, c in cells)


#: column numbers typed above a grid (row numbers beside it): 1 to 9, or 0 to 8 as pandas'
#: ``to_excel`` numbers a DataFrame's columns and rows (its 0 is a blank, as in a grid)
LABELS: Final = (tuple("123456789"), ("", *"12345678"))


def _headers(scan: SheetScan, fitting: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells of column numbers (``LABELS``) typed in the row above a window that fits a
    grid (and of row numbers in the column left of one). A grid whose own first row reads
    1 to 9 keeps it: the window a row below it does not fit (its last row is empty)."""
    fits = set(fitting)
    values = scan.values
    found: set[tuple[int, int]] = set()
    for top, left in fitting:
        across = [(top, left + i) for i in range(9)]
        down = [(top + i, left) for i in range(9)]
        for cells, below in ((across, (top + 1, left)), (down, (top, left + 1))):
            if below in fits and tuple(_label(values.get(cell)) for cell in cells) in LABELS:
                found.update(cells)
    return found


def _label(value: object) -> str:
    """A cell's number as a label: ``'3'`` for 3, 3.0 and ``' 3'``; ``''`` for a blank."""
    text = "" if value is None else str(shown(value)).strip()
    return text.removesuffix(".0")


#: how far ``_explaining`` searches a group of overlapping windows before giving up
EXPLAIN_BUDGET = 5_000


def _explaining(
    fitting: list[tuple[int, int]], kinds: dict[tuple[int, int], CellKind]
) -> list[tuple[int, int]]:
    """In each group of overlapping windows that fit, the windows that do not overlap one
    another and together hold every digit of the group, if only one such set exists."""
    chosen: list[tuple[int, int]] = []
    left = set(fitting)
    while left:
        group = [left.pop()]
        for window in group:  # grows as it goes: the group of all windows linked by overlaps
            linked = [o for o in left if _overlap(window, o)]
            left.difference_update(linked)
            group += linked
        if len(group) == 1:
            continue
        filled = {
            cell
            for cell, found in kinds.items()
            if found in (DIGIT, TYPO) and any(_inside(w, *cell) for w in group)
        }
        covers = _covers(sorted(group), filled)
        if len(covers) == 1:
            chosen += covers[0]
    return chosen


def _covers(
    group: list[tuple[int, int]], filled: set[tuple[int, int]]
) -> list[list[tuple[int, int]]]:
    """Up to two sets of windows of ``group``, none overlapping another, that hold every cell
    of ``filled`` (none if the search runs past ``EXPLAIN_BUDGET`` steps)."""
    holding = {cell: [w for w in group if _inside(w, *cell)] for cell in filled}
    found: list[list[tuple[int, int]]] = []
    steps = 0

    def search(picked: list[tuple[int, int]], open_cells: set[tuple[int, int]]) -> bool:
        nonlocal steps
        steps += 1
        if steps > EXPLAIN_BUDGET:
            return False
        if not open_cells:
            found.append(sorted(picked))
            return len(found) < 2
        cell = min(open_cells, key=lambda c: len(holding[c]))
        for window in holding[cell]:
            if any(_overlap(window, p) for p in picked):
                continue
            rest = {c for c in open_cells if not _inside(window, *c)}
            if not search([*picked, window], rest):
                return False
        return True

    if not search([], filled) and steps > EXPLAIN_BUDGET:
        return []
    return found


def stacks_on(scan: SheetScan) -> list[FoundGrid]:
    """The grids typed as nine row strings one below another in a column: taken when they
    hold at least 17 digits, and, when a row is a number (a spreadsheet may have made one
    of ``530070000``), no digit repeats (nine numbers in a column are more often data)."""
    found = []
    for top, column in scan.stacks:
        place = FoundGrid(scan.title, top, column, stacked=True)
        rows = place.rows(scan.values)
        if sum(1 for row in rows for value in row if value is not None) < MIN_GIVENS:
            continue
        if sum(1 for row in rows for value in row if kind(value) == TYPO) > MAX_TYPOS:
            continue
        if any(isinstance(scan.values.get((top + r, column)), int) for r in range(9)):
            try:
                validate(place.grid(scan.values))
            except DuplicateError:
                continue
            except PuzzleError:
                pass  # a typo: reported by its cell when the grid is solved
        found.append(place)
    return found


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) < 9 and abs(a[1] - b[1]) < 9


def _overlapping(windows: list[tuple[int, int]]) -> bool:
    return any(_overlap(a, b) for i, a in enumerate(windows) for b in windows[i + 1 :])


def _bordered(scan: SheetScan, top: int, left: int) -> bool:
    """True if every cell of the window has a drawn border: a grid someone laid out."""
    bordered = scan.bordered
    return all((r, c) in bordered for r in range(top, top + 9) for c in range(left, left + 9))
