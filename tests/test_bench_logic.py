"""The logic benchmark's soundness check (``benchmarks/bench_logic.py``'s ``unsound``):
it must pass a real trace and catch a step that removes a true digit or places a wrong
one, or the benchmark's "every step sound" would say nothing."""

from __future__ import annotations

from dataclasses import replace

from benchmarks.bench_logic import unsound
from xl_sudoku.core import parse_puzzle, solve
from xl_sudoku.core.engine import LogicSolver

# the first puzzle of norvig_top95
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_a_real_trace_is_sound() -> None:
    trace = LogicSolver(PUZZLE).run()
    assert len(trace.steps) > 50
    assert unsound(trace, PUZZLE) == []


def test_a_step_that_removes_a_true_digit_or_places_a_wrong_one_is_caught() -> None:
    trace = LogicSolver(PUZZLE).run()
    answer = solve(parse_puzzle(PUZZLE))
    index = next(i for i, s in enumerate(trace.steps) if s.eliminations)
    cell = trace.steps[index].eliminations[0][0]
    true = answer[cell]
    wrong = 1 if true != 1 else 2
    removes_true = replace(trace.steps[index], eliminations=((cell, true),))
    places_wrong = replace(trace.steps[index], eliminations=(), placements=((cell, wrong),))
    for bad in (removes_true, places_wrong):
        steps = (*trace.steps[:index], bad, *trace.steps[index + 1 :])
        found = unsound(replace(trace, steps=steps), PUZZLE)
        assert len(found) == 1 and found[0].startswith(PUZZLE)
