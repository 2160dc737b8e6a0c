"""The puzzle sets in tests/data, read once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from xl_sudoku.core import Grid, parse_puzzle

DATA = Path(__file__).parent / "data"

INKALA_2010 = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
#: Norvig's hard1: 17 givens, millions of solutions
HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."


@cache
def load(name: str, limit: int | None = None) -> tuple[Grid, ...]:
    """The puzzles of ``tests/data/<name>.txt`` (the first ``limit`` of them)."""
    lines = (DATA / f"{name}.txt").read_text().split()
    return tuple(parse_puzzle(line) for line in lines[:limit])
