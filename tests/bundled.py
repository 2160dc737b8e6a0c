"""Rewrite xl_sudoku/data/puzzles.txt, the puzzles that ship for the New-puzzle button.

    python -m tests.bundled      (about ten minutes: it rates every candidate)

Run it after a change to the ratings or their labels, then read the diff, and rewrite
the example workbooks that list some of them (``python examples/make_examples.py``).
The puzzles are kept if they still rate as their label says and moved if not; a label
with fewer than ``EACH`` puzzles is filled from the public sets in tests/data (the
SE-rated bank for the labels up to Diabolical, forum_hardest_1106 for Nightmare), in
file order.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from tests.puzzles import DATA, load
from xl_sudoku.core import Grid, format_line, parse_puzzle
from xl_sudoku.core.generate import DIFFICULTIES
from xl_sudoku.core.rating import rate

TARGET = Path(__file__).resolve().parents[1] / "xl_sudoku" / "data" / "puzzles.txt"
EACH = 25
HEADER = """\
# Puzzles for the workbook's New-puzzle button, by label (xl-sudoku's own rating; rewrite
# with python -m tests.bundled). Easy ones are Project Euler's (norvig_easy49), the rest
# from the Sudoku Exchange puzzle bank (public domain) and, for Nightmare, the forum's
# hardest list; see tests/data/SOURCES.md.
"""


def current() -> Iterator[Grid]:
    for line in TARGET.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield parse_puzzle(line.split("#", 1)[0])


def candidates() -> Iterator[Grid]:
    yield from current()
    for line in (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines():
        yield parse_puzzle(line.split("\t")[0])
    yield from load("forum_hardest_1106")


def main() -> None:
    chosen: dict[str, list[tuple[Grid, float]]] = {label: [] for label in DIFFICULTIES}
    seen: set[Grid] = set()
    for grid in candidates():
        if grid in seen or all(len(v) >= EACH for v in chosen.values()):
            continue
        seen.add(grid)
        rating = rate(grid)
        room = chosen.get(rating.label)
        if room is not None and len(room) < EACH:
            room.append((grid, rating.value))
            print(f"{rating.label:10} {len(room):2}  {format_line(grid)}", flush=True)
    lines = [
        f"{format_line(grid)}  # {label} {score}"
        for label in DIFFICULTIES
        for grid, score in chosen[label]
    ]
    TARGET.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {TARGET}: " + ", ".join(f"{k} {len(v)}" for k, v in chosen.items()))


if __name__ == "__main__":
    main()
