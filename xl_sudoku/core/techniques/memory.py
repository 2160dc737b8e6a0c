"""Techniques that look at one digit at a time, remembered (core layer, logic techniques).

Fish, Skyscrapers, Kites, Turbot Fish, X-Chains, Simple Colouring and locked candidates
(pointing, claiming, and their direct forms) look at one digit at a time, and at nothing
but that digit's places: what they find for a digit is a function of the digit and the
set of cells where it can go. A step changes the places of one or two digits, so from
one step to the next most digits' places are the same. ``by_digit`` remembers each
digit's first step (or that it has none) for the places it was asked about, for a
technique that takes the digits in turn; ``by_digit_in_order`` remembers each digit's
steps with their places in the technique's order, for one that goes house by house and
digit by digit within. The engine, which asks every technique again after every step
and takes the first step found, mostly gets its "nothing here" answers from the memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from ..board import Board
from ..glossary import CellSet
from ..steps import Step

DigitSearch = Callable[[int, CellSet], Iterable[Step]]
#: steps, each with its place in the technique's order (a tuple that sorts the steps of
#: every digit as the technique takes them)
OrderedSteps = tuple[tuple[tuple[int, ...], Step], ...]
DigitSteps = Callable[[int, CellSet], OrderedSteps]
MEMORY = 4096  # (digit, places) answers remembered per technique


def by_digit(search: DigitSearch, name: str = "") -> Callable[[Board], Iterator[Step]]:
    """A finder that runs ``search(digit, places)`` for digits 1-9 and yields each digit's
    first step, remembering it."""

    @lru_cache(maxsize=MEMORY)
    def first(digit: int, places: CellSet) -> Step | None:
        return next(iter(search(digit, places)), None)

    def finder(board: Board) -> Iterator[Step]:
        for digit in range(1, 10):
            step = first(digit, board.cells_of(digit))
            if step is not None:
                yield step

    finder.cache_info = first.cache_info  # type: ignore[attr-defined]  # to see it work
    finder.__doc__ = search.__doc__
    finder.__name__ = name or search.__name__.lstrip("_")
    return finder


def by_digit_in_order(search: DigitSteps, name: str) -> Callable[[Board], Iterator[Step]]:
    """A finder that yields every digit's steps (``search(digit, places)``, remembered)
    in the technique's order, however it interleaves the digits."""
    steps_of = lru_cache(maxsize=MEMORY)(search)

    def finder(board: Board) -> Iterator[Step]:
        found: list[tuple[tuple[int, ...], Step]] = []
        for digit in range(1, 10):
            steps = steps_of(digit, board.cells_of(digit))
            if steps:
                found += steps
        if len(found) > 1:
            found.sort(key=lambda item: item[0])
        for _, step in found:
            yield step

    finder.cache_info = steps_of.cache_info  # type: ignore[attr-defined]  # to see it work
    finder.__doc__ = search.__doc__
    finder.__name__ = finder.__qualname__ = name
    return finder
