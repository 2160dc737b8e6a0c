"""Whether a logic trace's steps are sound, judged by the fast solver's solution (not the
engine's): the check ``benchmarks/bench_logic.py`` makes on every trace it times
(``tests/test_bench_logic.py`` checks the check)."""

from __future__ import annotations

from xl_sudoku.core import parse_puzzle, solve
from xl_sudoku.core.engine import Trace
from xl_sudoku.core.steps import GUESS


def unsound(trace: Trace, puzzle: str) -> list[str]:
    """The steps of a trace that remove a digit of the solution or place a wrong one
    (the solution from the fast solver, not from the engine; a trace with a guess is
    checked only up to its first guess, where search begins)."""
    answer = solve(parse_puzzle(puzzle))
    wrong = []
    for step in trace.steps:
        if step.technique is GUESS:
            break
        if any(answer[c] == d for c, d in step.eliminations) or any(
            answer[c] != d for c, d in step.placements
        ):
            wrong.append(f"{puzzle}: {step}")
    return wrong
