"""Templates, as HoDoKu finds them (core layer, logic techniques; after every one of Sudoku
Explainer's rules).

A *template* of a digit is one way to place it nine times: a cell in every row, column
and box (46,656 in all). A template fits the position if it takes every cell already
holding the digit and otherwise only cells where it is a candidate. A cell every fitting
template takes holds the digit (*Template Set*); a candidate no fitting template takes is
false (*Template Delete*).

As HoDoKu does, templates of different digits are checked against each other: a template
of one digit that takes a cell every fitting template of another digit takes cannot be
the digit's (the cell holds the other digit); such templates are dropped, and the check
is repeated until nothing changes.

HoDoKu's technique; Sudoku Explainer has none. Rated as Sudoku Explainer rates Nishio
(7.5), the single-digit trial that templates make exhaustive.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..colours import MINT
from ..deadline import checkpoint
from ..glossary import BOX_BITS, COL_BITS, ROW_BITS, CellSet, cell_list
from ..grid import cell_name
from ..steps import Family, Step, Technique, names, removals_text

# HoDoKu's Templates: every way to place a digit nine times that fits the position; rated
# as SE rates Nishio (7.5), the single-digit trial they make exhaustive
TEMPLATE_SET = Technique("template-set", "Template Set", 7.5, Family.TEMPLATES, MINT)
TEMPLATE_DELETE = Technique("template-delete", "Template Delete", 7.5, Family.TEMPLATES, MINT)

_ALL = (1 << 81) - 1


def fitting_templates(board: Board, digit: int) -> list[CellSet]:
    """Every template of ``digit`` that fits the position, row by row."""
    placed = 0
    for cell in range(81):
        if board.digits[cell] == digit:
            placed |= 1 << cell
    allowed = placed | board.cells_of(digit)
    rows = []
    for r in range(9):
        in_row = placed & ROW_BITS[r]
        rows.append(in_row if in_row else allowed & ROW_BITS[r])
    found: list[CellSet] = []

    def extend(r: int, taken: CellSet, blocked: CellSet) -> None:
        if r == 5:
            checkpoint()
        if r == 9:
            found.append(taken)
            return
        options = rows[r] & ~blocked
        while options:
            low = options & -options
            options ^= low
            cell = low.bit_length() - 1
            box = cell // 27 * 3 + cell % 9 // 3
            extend(r + 1, taken | low, blocked | COL_BITS[cell % 9] | BOX_BITS[box])

    extend(0, 0, 0)
    return found


def template_sets(board: Board) -> tuple[tuple[CellSet, CellSet], ...]:
    """Per digit (1-9 at index 0-8): the cells every fitting template takes and the cells
    some fitting template takes, after the templates of all digits were checked against
    each other (module docstring). Remembered for the last position (Set and Delete ask
    in turn)."""
    key = (tuple(board.digits), tuple(board.masks))
    last = board.memory.of(_Last)
    if last.key != key:
        last.sets = _template_sets(board)
        last.key = key
    return last.sets


class _Last:
    """The last position ``template_sets`` was asked about and its answer (``Memory``)."""

    __slots__ = ("key", "sets")

    def __init__(self) -> None:
        self.key: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.sets: tuple[tuple[CellSet, CellSet], ...] = ()


def _template_sets(board: Board) -> tuple[tuple[CellSet, CellSet], ...]:
    templates = [fitting_templates(board, d) for d in range(1, 10)]
    while True:
        every = [_meet(ts) for ts in templates]
        removed = False
        for d in range(9):
            checkpoint()
            others = 0
            for k in range(9):
                if k != d:
                    others |= every[k]
            kept = [t for t in templates[d] if not t & others]
            if len(kept) != len(templates[d]):
                templates[d] = kept
                removed = True
        if not removed:
            break
    return tuple((_meet(ts), _join(ts)) for ts in templates)


def _meet(templates: list[CellSet]) -> CellSet:
    checkpoint()
    out = _ALL if templates else 0
    for t in templates:
        out &= t
    return out


def _join(templates: list[CellSet]) -> CellSet:
    checkpoint()
    out = 0
    for t in templates:
        out |= t
    return out


def templates_set(board: Board) -> Iterator[Step]:
    """Template Set: per digit, the open cells every fitting template takes."""
    if not board.open_bits:
        return
    for digit, (every, _) in enumerate(template_sets(board), 1):
        cells = cell_list(every & board.open_bits & board.cells_of(digit))
        if cells:
            placements = tuple((c, digit) for c in cells)
            yield Step(
                TEMPLATE_SET,
                f"Template Set {digit}: every template of {digit} that fits takes "
                f"{names(cells)}, so {' and '.join(cell_name(c) for c in cells)} "
                f"{'is' if len(cells) == 1 else 'are'} {digit}",
                placements=placements,
            )


def templates_delete(board: Board) -> Iterator[Step]:
    """Template Delete: per digit, the candidates no fitting template takes."""
    if not board.open_bits:
        return
    for digit, (_, some) in enumerate(template_sets(board), 1):
        gone = board.cells_of(digit) & ~some
        if gone:
            eliminations = tuple((c, digit) for c in cell_list(gone))
            yield Step(
                TEMPLATE_DELETE,
                f"Template Delete {digit}: no template of {digit} that fits takes "
                f"{names(cell_list(gone))}: {removals_text(eliminations)}",
                eliminations=eliminations,
            )
