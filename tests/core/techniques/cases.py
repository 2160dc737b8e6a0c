"""The one shape of a technique's table cases, and the one runner that checks them.

A ``Fires`` case is a position where a finder must fire and the exact first step it must
give; a ``Misses`` case is a near-miss, almost the pattern, where it must find nothing.
Every ``test_<module>.py`` here keeps its cases in two lists, ``FIRES`` and ``MISSES``,
and runs them with ``check_fires`` and ``check_misses`` (parametrized with ``fires_ids``
and ``misses_ids``).

A position is a hand-made ``Pencil`` or SudokuWiki's 162-character string of a position
the engine reached on a real puzzle. A finder may be given as its ``Technique`` when one
finder yields the steps of several (a rule group): the case then checks the first step
of that technique.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from tests.core.pencil import Pencil, cells
from xl_sudoku.core.board import Board, board_from_candidates
from xl_sudoku.core.marks import read_s9b
from xl_sudoku.core.steps import Step, Technique
from xl_sudoku.core.techniques import FINDERS

Finder = Callable[[Board], Iterator[Step]]
Position = Pencil | str  # a hand-made position, or SudokuWiki's string of a real one
Candidates = Collection[tuple[int, int]]


def candidates(digit: int, where: str) -> set[tuple[int, int]]:
    """The candidates ``digit`` in the cells ``where`` (``"r1c4 r2c4"``)."""
    return {(c, digit) for c in cells(where)}


def board_of(position: Position) -> Board:
    if isinstance(position, Pencil):
        return position.board()
    read = read_s9b(position)
    return board_from_candidates(read.digits, read.masks)


@dataclass(frozen=True)
class Fires:
    """``finder`` fires on ``position`` and its first step is exactly this: its text,
    the candidates it removes, the digits it places and (where given) its rating."""

    finder: Finder | Technique
    position: Position
    explanation: str
    removes: Candidates = ()
    places: Candidates = ()
    rating: float | None = None

    @property
    def name(self) -> str:
        return self.finder.key if isinstance(self.finder, Technique) else self.finder.__name__


@dataclass(frozen=True)
class Misses:
    """``finder`` finds nothing on ``position``: almost its pattern, but not quite."""

    finder: Finder
    position: Position


def fires_ids(cases: list[Fires]) -> list[str]:
    return [f"{case.name}-{i}" for i, case in enumerate(cases)]


def misses_ids(cases: list[Misses]) -> list[str]:
    return [f"{case.finder.__name__}-{i}" for i, case in enumerate(cases)]


def first_step(finder: Finder | Technique, board: Board) -> Step:
    """The first step ``finder`` yields (of that technique, if a technique is given)."""
    if isinstance(finder, Technique):
        technique = finder
        found = next((s for s in FINDERS[technique](board) if s.technique is technique), None)
    else:
        found = next(finder(board), None)
    assert found is not None, "found nothing"
    return found


def check_fires(case: Fires) -> None:
    board = board_of(case.position)
    before = board.copy()
    step = first_step(case.finder, board)
    assert step.explanation == case.explanation
    assert set(step.eliminations) == set(case.removes)
    assert set(step.placements) == set(case.places)
    if case.rating is not None:
        assert step.difficulty == case.rating
    assert board == before, "a finder must not change the board"
    # every elimination removes a candidate that is there; every placement is one
    assert all(board.has(c, d) for c, d in step.eliminations + step.placements)
    assert step.pattern, "a step names its pattern"
    # the pattern is made of candidates that are there, and none of them is removed
    assert all(board.has(c, d) for c, d in step.pattern)
    assert not set(step.pattern) & set(step.eliminations)


def check_misses(case: Misses) -> None:
    board = board_of(case.position)
    assert list(case.finder(board)) == []
