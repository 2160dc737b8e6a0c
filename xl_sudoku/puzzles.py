"""Puzzles that ship with xl-sudoku, by difficulty, for the workbook's New-puzzle button.

Until the generator exists, "a new puzzle of a difficulty" is one of these, picked at
random; the rating is the engine's own, computed when the puzzle is picked.
"""

from __future__ import annotations

import random
from functools import cache
from importlib import resources

from .core import Grid, parse_puzzle
from .core.rating import LABELS, NEEDS_GUESSING, Rating, rate

DIFFICULTIES = (*(label for label, _ in LABELS), NEEDS_GUESSING)


@cache
def bundled() -> dict[str, tuple[Grid, ...]]:
    """The bundled puzzles, by label."""
    text = resources.files("xl_sudoku").joinpath("data/puzzles.txt").read_text(encoding="utf-8")
    by_label: dict[str, list[Grid]] = {}
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        puzzle, comment = line.split("#", 1)
        label = comment.strip().rsplit(" ", 1)[0]
        by_label.setdefault(label, []).append(parse_puzzle(puzzle))
    return {label: tuple(grids) for label, grids in by_label.items()}


def bundled_puzzle(difficulty: str, rng: random.Random) -> tuple[Grid, Rating]:
    """A random bundled puzzle of this difficulty (a label, any case) and its rating."""
    wanted = {d.lower(): d for d in DIFFICULTIES}.get(difficulty.strip().lower())
    if wanted is None:
        raise ValueError(
            f"unknown difficulty {difficulty!r} (choose one of: {', '.join(DIFFICULTIES)})"
        )
    puzzle = rng.choice(bundled()[wanted])
    return puzzle, rate(puzzle)
