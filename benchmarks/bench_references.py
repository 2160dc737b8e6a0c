"""Benchmark: xl-sudoku beside the seeds' own solvers and the other references, same puzzles.

    python benchmarks/bench_references.py [--data DIR] [--kaggle N] [--forum N] [--cap S]
                                          [--slow-cap S] [--no-slow]

The seeds' solvers, re-implemented from their descriptions in ``references.py``:

* ``rdss``: the slides' "Regular DFS for Solving Sudoku" (``004_*``): the empty cells
  ordered once (most constrained first, peers' counts lowered), then a plain depth-first
  search in that order with row/column/box bit masks;
* ``numpy-blog``: the numpy blog post's method (``003_*``), with its 1,000-cycle cap and
  its blind spot: it never notices a cell left with no candidate, and prints whatever grid
  it has under its success banner. What it prints counts only where ``is_solution``
  accepts it.

Beside them xl-sudoku's ``solve`` (from the text line, parsing included), the
Norvig-style reference, and (unless ``--no-slow``) plain backtracking and py-sudoku with
the short cap ``bench.py`` gives them. Each set is run whole by every solver: norvig_top95,
forum_hardest_1106 (the first ``--forum`` of its puzzles), the first ``--kaggle`` of the
Kaggle sample, Inkala's two. Puzzles/s are in CPU time of this process
(``time.process_time``: the machine is shared; a set is run again until it has taken a
second), medians and maxima in wall time (the CPU clock here ticks in 4 ms steps). A
reference stops at a cap of CPU time per puzzle (a timer signal): a capped puzzle counts
as not solved, at the cap's time. Every answer is checked
with ``is_solution`` after the clock stops.
"""

from __future__ import annotations

import argparse
import platform
import signal
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench import Row, cpu_name  # noqa: E402
from tests.references import (  # noqa: E402
    BLOG_CYCLE_CAP,
    BlogRun,
    backtrack_solutions,
    first_solution_ok,
    norvig_solve,
    numpy_blog_run,
    py_sudoku_solve,
    rdss_solve,
)
from xl_sudoku.core import Grid, is_solution, parse_puzzle, solve  # noqa: E402

Run = Callable[[str, Grid], object]


class CapReachedError(Exception):
    """A reference solver used up its CPU time for one puzzle."""


def _cap_reached(signum: int, frame: FrameType | None) -> None:
    raise CapReachedError


MIN_CPU = 1.0  # seconds of CPU time a set's total is measured over (short sets run again)


def time_solver(
    run: Run, puzzles: Sequence[str], grids: Sequence[Grid], cap: float | None
) -> tuple[list[object], list[float], float, int]:
    """Each puzzle's answer (None if capped) and wall-clock seconds; CPU seconds per run of
    the whole set; and how many were capped. This machine's CPU clock ticks in 4 ms steps,
    so a puzzle's own time is wall time, and a set that takes less than ``MIN_CPU`` of CPU
    time is run again (the same puzzles, the same caps) until it has."""
    answers: list[object] = []
    times: list[float] = []
    capped = 0
    cpu = 0.0
    runs = 0
    while not runs or (cpu < MIN_CPU and runs < 1000):
        runs += 1
        for text, grid in zip(puzzles, grids, strict=True):
            if cap:
                signal.setitimer(signal.ITIMER_PROF, cap)
            started, started_cpu = time.perf_counter(), time.process_time()
            try:
                answer = run(text, grid)
            except CapReachedError:
                answer = None
                capped += runs == 1
            finally:
                elapsed = time.perf_counter() - started
                cpu += time.process_time() - started_cpu
                if cap:
                    signal.setitimer(signal.ITIMER_PROF, 0)
            if runs == 1:
                answers.append(answer)
                times.append(elapsed)
    return answers, times, cpu / runs, capped


def blog_answer(answer: object) -> object:
    """What the numpy blog's program prints as its result: the grid (None if it crashed)."""
    assert isinstance(answer, BlogRun)
    return None if answer.crashed else answer.grid


def summarise_blog(answers: Sequence[object], grids: Sequence[Grid]) -> None:
    """How the numpy blog's method ended: what it printed as solved, and what that was."""
    runs = [(a, g) for a, g in zip(answers, grids, strict=True) if isinstance(a, BlogRun)]
    printed = [(r, g) for r, g in runs if not r.crashed]
    wrong = [r for r, g in printed if not is_solution(r.grid, g)]
    right = [r.cycles for r, g in printed if is_solution(r.grid, g)]
    print(
        f"  numpy-blog: {len(printed)} grids printed under its success banner, "
        f"{len(wrong)} of them not solutions ({sum(r.capped for r in wrong)} at its "
        f"{BLOG_CYCLE_CAP:,}-cycle cap, {sum(1 for r in wrong if 0 in r.grid)} with open "
        f"cells); {len(runs) - len(printed)} crashed, {len(answers) - len(runs)} stopped at "
        f"the CPU cap; cycles of the solved: median {statistics.median(right or [0]):.0f}, "
        f"max {max(right or [0])}"
    )


def show(rows: list[tuple[Row, int]], base: Row) -> None:
    print(
        f"  {'solver':<13} {'solved':>13} {'puzzles/s':>10} {'median ms':>10} {'max ms':>10}"
        f"  {'capped':>6}  speed-up"
    )
    for row, capped in rows:
        median = statistics.median(row.times) * 1000
        worst = max(row.times) * 1000
        ratio = ""
        if row is not base:
            bound = ">=" if row.solved < row.tried else ""
            ratio = f"xl-sudoku {bound}{base.rate / row.rate:,.0f}x"
        print(
            f"  {row.solver:<13} {f'{row.solved} of {row.tried}':>13} {row.rate:>10,.1f} "
            f"{median:>10.3f} {worst:>10.1f}  {capped:>6}  {ratio}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=ROOT / "tests" / "data", help="folder of puzzle files"
    )
    parser.add_argument("--kaggle", type=int, default=1000, help="Kaggle puzzles (first N)")
    parser.add_argument("--forum", type=int, default=None, help="forum_hardest puzzles (first N)")
    parser.add_argument(
        "--cap", type=float, default=30.0, help="CPU seconds per puzzle: rdss, numpy-blog, norvig"
    )
    parser.add_argument(
        "--slow-cap",
        type=float,
        default=1.0,
        help="CPU seconds per puzzle: backtracking, py-sudoku",
    )
    parser.add_argument("--no-slow", action="store_true", help="leave backtracking, py-sudoku out")
    args = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)

    sets = [
        ("norvig_top95", "norvig_top95.txt", None),
        ("forum_hardest_1106", "forum_hardest_1106.txt", args.forum),
        (f"kaggle (first {args.kaggle})", "kaggle1m_first9999.txt", args.kaggle),
        ("inkala", "inkala.txt", None),
    ]
    solvers: list[tuple[str, Run, float | None]] = [
        ("xl-sudoku", lambda text, grid: solve(text), None),
        ("rdss", lambda text, grid: rdss_solve(grid), args.cap),
        ("numpy-blog", lambda text, grid: numpy_blog_run(grid), args.cap),
        ("norvig-style", lambda text, grid: norvig_solve(grid), args.cap),
    ]
    if not args.no_slow:
        solvers += [
            (
                "backtracking",
                lambda text, grid: next(backtrack_solutions(grid), None),
                args.slow_cap,
            ),
            ("py-sudoku", lambda text, grid: py_sudoku_solve(grid), args.slow_cap),
        ]
    print(
        f"references benchmark — Python {platform.python_version()}, {cpu_name()}; "
        f"puzzles/s in CPU time, ms in wall time; caps {args.cap:g} s "
        "(rdss, numpy-blog, norvig-style), "
        f"{args.slow_cap:g} s (backtracking, py-sudoku)"
    )
    signal.signal(signal.SIGPROF, _cap_reached)
    everything_checked = True
    for title, filename, limit in sets:
        lines = (args.data / filename).read_text().split()[:limit]
        grids = [parse_puzzle(line) for line in lines]
        print(f"\n{title}: {len(lines)} puzzles")
        rows: list[tuple[Row, int]] = []
        blog_runs: list[object] = []
        for name, run, cap in solvers:
            answers, times, cpu, capped = time_solver(run, lines, grids, cap)
            if name == "numpy-blog":
                blog_runs = answers
                answers = [None if a is None else blog_answer(a) for a in answers]
            solved = sum(
                1
                for a, g in zip(answers, grids, strict=True)
                if a is not None and first_solution_ok(a, g)
            )
            if name == "xl-sudoku":
                everything_checked &= solved == len(lines)
            rows.append((Row(name, "solve", len(lines), solved, cpu, times), capped))
        show(rows, rows[0][0])
        summarise_blog(blog_runs, grids)
    print(f"\nxl-sudoku solved every puzzle (each checked by is_solution): {everything_checked}")
    return 0 if everything_checked else 1


if __name__ == "__main__":
    raise SystemExit(main())
