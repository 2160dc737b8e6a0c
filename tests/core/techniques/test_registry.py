"""The registry of finders (``techniques/__init__.py``): no finder finds anything on an empty
grid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from xl_sudoku.core.board import Board, board_from_candidates
from xl_sudoku.core.steps import Step
from xl_sudoku.core.techniques import FINDERS

Finder = Callable[[Board], Iterator[Step]]


@pytest.mark.slow
@pytest.mark.parametrize(
    "finder", list(FINDERS.values()), ids=[f.__name__ for f in FINDERS.values()]
)
def test_no_technique_fires_on_an_empty_grid(finder: Finder) -> None:
    board = board_from_candidates([0] * 81, [0x1FF] * 81)
    assert list(finder(board)) == []
