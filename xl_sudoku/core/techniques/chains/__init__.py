"""Sudoku Explainer's chaining rules (core layer, logic techniques)."""

from . import nesting as _nesting  # noqa: F401 - imported, it fills chaining's nested levels in
from .chaining import (
    dynamic_forcing_chains,
    dynamic_forcing_chains_plus,
    forcing_chains_and_cycles,
    multiple_forcing_chains,
    nishio_forcing_chains,
)
from .nested import nested_forcing_chains

__all__ = [
    "dynamic_forcing_chains",
    "dynamic_forcing_chains_plus",
    "forcing_chains_and_cycles",
    "multiple_forcing_chains",
    "nested_forcing_chains",
    "nishio_forcing_chains",
]
