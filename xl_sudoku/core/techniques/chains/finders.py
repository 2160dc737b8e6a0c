"""The chaining rules as the engine's finders (core layer, logic techniques)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...board import Board
from ...steps import Step
from .rules import Chaining
from .text import to_step


def _finder(rule: Chaining, name: str) -> Callable[[Board], Iterator[Step]]:
    def finder(board: Board) -> Iterator[Step]:
        hint = rule.best(board)
        if hint is not None:
            yield to_step(rule, hint)

    finder.__name__ = finder.__qualname__ = name
    return finder


forcing_chains_and_cycles = _finder(Chaining(), "forcing_chains_and_cycles")
nishio_forcing_chains = _finder(Chaining(dynamic=True, nishio=True), "nishio_forcing_chains")
multiple_forcing_chains = _finder(Chaining(multiple=True), "multiple_forcing_chains")
dynamic_forcing_chains = _finder(Chaining(multiple=True, dynamic=True), "dynamic_forcing_chains")
dynamic_forcing_chains_plus = _finder(
    Chaining(multiple=True, dynamic=True, level=1), "dynamic_forcing_chains_plus"
)
