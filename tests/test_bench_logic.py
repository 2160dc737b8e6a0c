"""The logic benchmark (``benchmarks/bench_logic.py``): its soundness check
(``tests/sound.py``'s ``unsound``) must pass a real trace and catch a step that removes a
true digit or places a wrong one, or the benchmark's "every step sound" would say
nothing; and the benchmark, run as a program on a small data folder, reports its 10+
sample in the file's order when workers take it in another."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tests.puzzles import DATA
from tests.sound import unsound
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


ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow  # 4 + 1 + 4 quick traces (no inkala.txt in its data: no Inkala line)
def test_the_10plus_sample_in_workers_comes_back_in_file_order(tmp_path: Path) -> None:
    # quick puzzles of four ratings in the 10+ sample's format; the recorded times make
    # the workers take them in the reverse of the file's order
    rated = (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    first: dict[str, str] = {}
    for line in rated:
        puzzle, rating = line.split("\t")
        first.setdefault(rating, puzzle)
    chosen = [(r, first[r]) for r in ("2.5", "3.0", "4.0", "5.0")]
    rows = [f"p{i}\t{p}\t{r}\t{i + 1}.0" for i, (r, p) in enumerate(chosen)]
    (tmp_path / "se_serate_10plus.tsv").write_text("\n".join(rows) + "\n")
    (tmp_path / "se_rated_sudokuexchange.tsv").write_text("".join(f"{p}\t{r}\n" for r, p in chosen))
    (tmp_path / "norvig_top95.txt").write_text(PUZZLE + "\n")
    options = ["--data", str(tmp_path), "--jobs", "2"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_logic.py"), "--quick", *options],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr  # every step sound
    out = done.stdout
    assert "10+ sample (4), 2 workers" in out and "equal 4 of 4" in out
    assert "same hardest-technique family: " in out
    names = {f"p{i}" for i in range(4)}
    table = [row for row in map(str.split, out.splitlines()) if row and row[0] in names]
    assert [(row[0], row[1], row[2]) for row in table] == [
        (f"p{i}", r, r) for i, (r, _) in enumerate(chosen)
    ]
