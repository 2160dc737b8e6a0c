"""Find lines for tests/data/catalogue_positions.tsv: real positions where a technique
fires, and the position one engine step before, where it does not yet.

    python -m tests.core.catalogue_positions KEY [KEY ...] [--seconds N]

Walks the engine (every technique but the forcing chains, up to its first guess) through
the test sets' puzzles, and at each position still on the way to the solution runs each
technique's registered finder; the first sound step of the technique, at a position
whose one step earlier it did not fire at, gives a line (key, puzzle, position, near
miss). Positions are written as SudokuWiki's 162 characters, or as the grid's 81 digits
where an open cell is down to one candidate (which those cannot tell from a digit).
"""

from __future__ import annotations

import argparse
import time
from itertools import islice

from tests.puzzles import DATA
from xl_sudoku.core import Grid, format_line, parse_puzzle, solve
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.marks import Position, read_s9b, write_s9b
from xl_sudoku.core.steps import SEARCH_STEPS, Family, Technique
from xl_sudoku.core.techniques import BY_KEY, FINDERS, TECHNIQUES

#: how many of a finder's steps are looked at for one of the technique
LOOK_AT = 400


def puzzles() -> list[str]:
    """The test sets' puzzles, taken in turn from each, easy and hard mixed."""
    rated = (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    sets = [
        [line.split("\t")[0] for line in rated][3::37],
        *(
            (DATA / f"{name}.txt").read_text().split()[start::step]
            for name, start, step in (
                ("magictour_top1465", 7, 23),
                ("norvig_top95", 1, 3),
                ("forum_hardest_1106", 5, 31),
            )
        ),
    ]
    return [p for group in zip(*sets, strict=False) for p in group]


def holds(board: Board, answer: Grid) -> bool:
    return all(
        board.digits[c] == answer[c] if board.digits[c] else board.has(c, answer[c])
        for c in range(81)
    )


def text_of(board: Board, puzzle: Grid) -> str:
    """The position in 162 characters, or its 81 digits if those cannot carry it."""
    s9b = write_s9b(Position(puzzle, tuple(board.digits), tuple(board.masks)))
    back = read_s9b(s9b)
    if list(back.digits) == board.digits and list(back.masks) == board.masks:
        return s9b
    return format_line(tuple(board.digits))


def fires(technique: Technique, board: Board, answer: Grid) -> bool:
    """True if the technique's finder gives a step of it, and that step is sound."""
    for step in islice(FINDERS[technique](board), LOOK_AT):
        if step.technique is technique:
            return all(answer[c] != d for c, d in step.eliminations) and all(
                answer[c] == d for c, d in step.placements
            )
    return False


def find(wanted: list[Technique], seconds: float) -> None:
    walk = tuple(t for t in TECHNIQUES if t.family != Family.FORCING_CHAINS)
    start = time.process_time()
    done: set[Technique] = set()
    for text in puzzles():
        if len(done) == len(wanted) or time.process_time() - start > seconds:
            break
        puzzle = parse_puzzle(text)
        answer = solve(puzzle)
        solver = LogicSolver(puzzle, walk)
        before: dict[Technique, str] = {}  # the last position where it did not fire
        while solver.level == 0 and holds(solver.board, answer):
            position = text_of(solver.board, puzzle)
            for technique in (t for t in wanted if t not in done):
                if fires(technique, solver.board, answer):
                    if technique in before:
                        done.add(technique)
                        print(technique.key, text, position, before[technique], sep="\t")
                    before.pop(technique, None)
                elif len(position) == 162:
                    before[technique] = position
                else:
                    before.pop(technique, None)
            step = solver.step()
            if step is None or step.technique in SEARCH_STEPS:
                break
    for technique in wanted:
        if technique not in done:
            print(f"# {technique.key}: none found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("keys", nargs="+", metavar="KEY", help="technique keys")
    parser.add_argument("--seconds", type=float, default=600, help="CPU time to search")
    args = parser.parse_args()
    find([BY_KEY[k] for k in args.keys], args.seconds)


if __name__ == "__main__":
    main()
