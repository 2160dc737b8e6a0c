"""Rewrite the LaTeX snapshots in tests/data/latex from the code as it is now.

    python -m tests.snapshots      (or: make snapshots)

Run it after a deliberate change to what ``latex.document`` writes, then read the diff:
the snapshots are what ``tests/pictures/test_latex.py`` compares against, so a change you did not
mean shows up there first.
"""

from __future__ import annotations

from tests.pictures.test_latex import EXPERT
from tests.puzzles import DATA
from xl_sudoku.core import parse_puzzle
from xl_sudoku.pictures.latex import STAGES, document


def main() -> None:
    for stage in STAGES:
        path = DATA / "latex" / f"{stage}.tex"
        path.write_text(document(parse_puzzle(EXPERT), (stage,), title="An Expert puzzle"))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
