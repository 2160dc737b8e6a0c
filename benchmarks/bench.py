"""Benchmark: xl-sudoku's solver beside reference solvers, in the same run.

    python benchmarks/bench.py [--data DIR] [--sample N] [--cap SECONDS] [--quick]

For each puzzle set it prints, per solver and mode: solved N of N, puzzles/s, median and
max milliseconds. xl-sudoku is timed from the puzzle's text line (parsing included);
the references get the parsed grid. References run on the first ``--sample`` puzzles of
each set with a per-puzzle time cap (a timed-out puzzle counts as not solved, at the
cap's time). Every answer is checked with ``is_solution`` after the clock stops. Then
the worst cases, import time, and the issue's targets, each marked met or missed.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import re
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.references import (  # noqa: E402
    backtrack_solutions,
    first_solution_ok,
    norvig_solutions,
    norvig_solve,
    py_sudoku_solve,
)
from xl_sudoku.core import (  # noqa: E402
    Grid,
    count_solutions,
    is_solution,
    parse_puzzle,
    solutions,
    solve,
)

SETS = [  # (name shown, file in the data folder, how many lines)
    ("norvig_top95", "norvig_top95.txt", None),
    ("norvig_hardest", "norvig_hardest.txt", None),
    ("magictour_top1465", "magictour_top1465.txt", None),
    ("royle_17clue (first 2000)", "royle_17clue_first5000.txt", 2000),
    ("forum_hardest_1106", "forum_hardest_1106.txt", None),
    ("kaggle1m_first9999", "kaggle1m_first9999.txt", None),
    ("inkala", "inkala.txt", None),
]
HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


class CapReachedError(Exception):
    """A reference solver ran past its time cap."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise CapReachedError


@dataclass
class Row:
    solver: str
    mode: str
    tried: int
    solved: int
    total: float
    times: list[float]

    @property
    def rate(self) -> float:
        return self.tried / self.total if self.total else float("inf")


Spec = tuple[str, str, Callable[[str, Grid], object], Callable[[object, Grid], bool]]


def time_solver(
    spec: Spec, puzzles: Sequence[str], grids: Sequence[Grid], cap: float | None
) -> Row:
    """Time a solver (name, mode, run, check) on each puzzle, with an optional cap; then check."""
    name, mode, run, check = spec
    answers: list[object] = []
    times: list[float] = []
    for text, grid in zip(puzzles, grids, strict=True):
        if cap:
            signal.setitimer(signal.ITIMER_REAL, cap)
        started = time.perf_counter()
        try:
            answer = run(text, grid)
        except CapReachedError:
            answer = None
        finally:
            elapsed = time.perf_counter() - started
            if cap:
                signal.setitimer(signal.ITIMER_REAL, 0)
        times.append(elapsed)
        answers.append(answer)
    solved = sum(1 for a, g in zip(answers, grids, strict=True) if a is not None and check(a, g))
    return Row(name, mode, len(grids), solved, sum(times), times)


def unique_ok(answer: object, grid: Grid) -> bool:
    return answer == 1


def count_two(gen: Callable[[Grid], object]) -> Callable[[str, Grid], object]:
    """Count up to two solutions with a reference generator."""

    def run(text: str, grid: Grid) -> object:
        found: Iterator[object] = gen(grid)  # type: ignore[assignment]
        return len(list(itertools.islice(found, 2)))

    return run


def table(rows: list[Row], title: str, baselines: dict[str, Row] | None = None) -> None:
    """Print rows; with baselines (xl-sudoku's row per mode), each other row's speed-up.

    A speed-up over a reference that hit its time cap is a lower bound, shown with >=.
    """
    print(f"\n{title}")
    header = ("solver", "mode", "solved", "puzzles/s", "median ms", "max ms", "speed-up")
    print("  {:<14} {:<9} {:>13} {:>10} {:>10} {:>9}  {}".format(*header))
    for row in rows:
        median = statistics.median(row.times) * 1000
        worst = max(row.times) * 1000
        ratio = ""
        base = (baselines or {}).get(row.mode)
        if base is not None and row is not base:
            bound = ">=" if row.solved < row.tried else ""
            ratio = f"xl-sudoku {bound}{base.rate / row.rate:,.0f}x"
        print(
            f"  {row.solver:<14} {row.mode:<9} {f'{row.solved} of {row.tried}':>13} "
            f"{row.rate:>10,.0f} {median:>10.3f} {worst:>9.2f}  {ratio}"
        )


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown cpu"


def import_time() -> tuple[float, float]:
    """Milliseconds to import xl_sudoku.core: cumulative by -X importtime, and in wall time."""
    best = float("inf")
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import xl_sudoku.core"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        for line in done.stderr.splitlines():
            match = re.match(r"import time:\s+\d+\s+\|\s+(\d+)\s+\|\s+xl_sudoku\.core$", line)
            if match:
                best = min(best, int(match.group(1)) / 1000)
    walls = []
    for code in ("pass", "import xl_sudoku.core"):
        runs = []
        for _ in range(5):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
            runs.append(time.perf_counter() - started)
        walls.append(min(runs))
    return best, (walls[1] - walls[0]) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=ROOT / "tests" / "data", help="folder of puzzle files"
    )
    parser.add_argument("--sample", type=int, default=50, help="puzzles per set for the references")
    parser.add_argument(
        "--cap", type=float, default=1.0, help="seconds per puzzle for the references"
    )
    parser.add_argument("--quick", action="store_true", help="skip the references")
    args = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)

    print(f"xl-sudoku benchmark — Python {platform.python_version()}, {cpu_name()}")
    signal.signal(signal.SIGALRM, _alarm)
    ours: list[Spec] = [
        ("xl-sudoku", "solve", lambda text, grid: solve(text), first_solution_ok),
        ("xl-sudoku", "count<=2", lambda text, grid: count_solutions(text, limit=2), unique_ok),
    ]
    references: list[Spec] = [
        ("norvig-style", "solve", lambda text, grid: norvig_solve(grid), first_solution_ok),
        ("norvig-style", "count<=2", count_two(norvig_solutions), unique_ok),
        (
            "backtracking",
            "solve",
            lambda text, grid: next(backtrack_solutions(grid), None),
            first_solution_ok,
        ),
        ("py-sudoku", "solve", lambda text, grid: py_sudoku_solve(grid), first_solution_ok),
    ]
    results: dict[str, dict[str, Row]] = {}
    for title, filename, limit in SETS:
        lines = (args.data / filename).read_text().split()[:limit]
        grids = [parse_puzzle(line) for line in lines]
        rows = [time_solver(spec, lines, grids, None) for spec in ours]
        results[title] = {row.mode: row for row in rows}
        table(rows, f"{title}: all {len(lines)} puzzles")
        if not args.quick:
            sample_lines, sample_grids = lines[: args.sample], grids[: args.sample]
            ours_sample = [time_solver(spec, sample_lines, sample_grids, None) for spec in ours]
            theirs = [
                time_solver(spec, sample_lines, sample_grids, args.cap) for spec in references
            ]
            table(
                ours_sample + theirs,
                f"{title}: first {len(sample_lines)} puzzles, references capped at {args.cap} s",
                {row.mode: row for row in ours_sample},
            )

    print("\nworst cases (best of 3 runs)")
    worst: dict[str, float] = {}
    cases = [
        ("inkala: count_solutions(limit=2) == 1", INKALA, 2, 1),
        ("hard1: count_solutions(limit=2) == 2", HARD1, 2, 2),
        ("empty grid: count_solutions(limit=1000)", "." * 81, 1000, 1000),
        ("one clue: count_solutions(limit=1000)", "1" + "." * 80, 1000, 1000),
    ]
    for name, puzzle, limit, expected in cases:
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            got = count_solutions(puzzle, limit=limit)
            best = min(best, time.perf_counter() - started)
            assert got == expected, (name, got)
        found = list(itertools.islice(solutions(puzzle), limit))
        assert all(is_solution(s, parse_puzzle(puzzle)) for s in found) and len(set(found)) == len(
            found
        )
        worst[name] = best * 1000
        print(f"  {name:<44} {best * 1000:9.2f} ms")

    cumulative, wall = import_time()
    print(
        f"\nimport xl_sudoku.core: {cumulative:.1f} ms cumulative (-X importtime, best of 5), "
        f"{wall:.1f} ms of wall time beyond a bare interpreter"
    )

    print("\ntargets")
    checks = [
        (
            "inkala solved and proven unique < 5 ms",
            worst["inkala: count_solutions(limit=2) == 1"],
            5,
            False,
        ),
        ("hard1 counted to 2 < 250 ms", worst["hard1: count_solutions(limit=2) == 2"], 250, False),
        (
            "empty grid to 1000 solutions < 1000 ms",
            worst["empty grid: count_solutions(limit=1000)"],
            1000,
            False,
        ),
        ("solve norvig_top95 >= 800/s", results["norvig_top95"]["solve"].rate, 800, True),
        (
            "solve forum_hardest_1106 >= 250/s",
            results["forum_hardest_1106"]["solve"].rate,
            250,
            True,
        ),
        (
            "solve royle_17clue >= 3,000/s",
            results["royle_17clue (first 2000)"]["solve"].rate,
            3000,
            True,
        ),
        ("solve kaggle >= 10,000/s", results["kaggle1m_first9999"]["solve"].rate, 10000, True),
        ("count<=2 norvig_top95 >= 450/s", results["norvig_top95"]["count<=2"].rate, 450, True),
        (
            "count<=2 forum_hardest_1106 >= 120/s",
            results["forum_hardest_1106"]["count<=2"].rate,
            120,
            True,
        ),
        ("import xl_sudoku.core < 80 ms", cumulative, 80, False),
    ]
    missed = 0
    for name, value, bound, at_least in checks:
        met = value >= bound if at_least else value < bound
        missed += not met
        print(f"  {'met   ' if met else 'MISSED'} {name:<42} measured {value:,.1f}")
    all_solved = all(r.solved == r.tried for rs in results.values() for r in rs.values())
    print(f"\nevery puzzle solved and checked: {all_solved}")
    return 0 if all_solved and not missed else 1


if __name__ == "__main__":
    raise SystemExit(main())
