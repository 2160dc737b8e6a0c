"""Benchmark: the command line's ``rate`` against the core's ``rate``, on the same puzzles.

    python benchmarks/bench_cli.py [--set forum_hardest_1106] [--first N] [--rounds R]

``xl-sudoku rate FILE`` runs in this process (its output to a buffer) and is timed whole:
reading the file, rating every puzzle, printing. The core's ``rate`` is timed over the
same puzzles, parsed beforehand. Both are best of ``--rounds``, in CPU time (the machine
may be shared), alternating so that neither gets a warmer cache. The command line must
stay within 10% of the core: it calls ``core.rating.rate`` and nothing else. Then the
ratings are compared line by line, and, for the record, the way the command line used
to rate (the whole logical solve, guesses included, then ``rate_trace``) is timed on the
first 40 puzzles.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xl_sudoku.cli import main  # noqa: E402
from xl_sudoku.core import Grid, LogicSolver, format_line, rate, read_puzzles  # noqa: E402
from xl_sudoku.core.rating import rate_trace  # noqa: E402

ALLOWED = 1.10  # the command line may take this much of the core's time


def cpu_seconds(work: Callable[[], object]) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def main_bench() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="forum_hardest_1106", help="a file in tests/data")
    parser.add_argument("--first", type=int, default=0, help="only the first N puzzles")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)

    source = ROOT / "tests" / "data" / f"{args.set}.txt"
    lines = [line for line in source.read_text().splitlines() if line.strip()]
    if args.first:
        lines = lines[: args.first]
    path = Path("/tmp") if Path("/tmp").is_dir() else ROOT
    puzzles_file = path / f"xl-sudoku-bench-{args.set}.txt"
    puzzles_file.write_text("\n".join(lines) + "\n")
    puzzles: list[Grid] = [r.grid for r in read_puzzles(puzzles_file.read_text()) if r.grid]
    out = io.StringIO()

    def command_line() -> None:
        out.seek(0)
        out.truncate()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            main(["rate", str(puzzles_file)])

    def core() -> list[str]:
        return [str(rate(p)) for p in puzzles]

    cli_times, core_times = [], []
    for _ in range(args.rounds):
        cli_times.append(cpu_seconds(command_line))
        core_times.append(cpu_seconds(core))
    cli, direct = min(cli_times), min(core_times)
    n = len(puzzles)
    print(f"{args.set}: {n} puzzles, best of {args.rounds} rounds, CPU time")
    print(f"  core.rating.rate      {direct:7.2f} s  {direct / n * 1000:7.1f} ms a puzzle")
    print(f"  xl-sudoku rate        {cli:7.2f} s  {cli / n * 1000:7.1f} ms a puzzle")
    ratio = cli / direct
    met = ratio <= ALLOWED
    print(f"  ratio {ratio:.3f} (allowed {ALLOWED:.2f}): {'met' if met else 'MISSED'}")

    printed = out.getvalue().splitlines()
    expected = []
    for puzzle in puzzles:
        rating = rate(puzzle)
        expected.append((format_line(puzzle), f"{rating.value:4.1f}", rating.label))
    same = all(
        line.startswith(f"{text}  {value}  {label}")
        for line, (text, value, label) in zip(printed, expected, strict=True)
    )
    print(f"  the same ratings, line by line: {'yes' if same else 'NO'}")

    first = puzzles[:40]
    old = cpu_seconds(lambda: [rate_trace(LogicSolver(p).run()) for p in first])
    new = cpu_seconds(lambda: [rate(p) for p in first])
    print(
        f"  for the record, the first {len(first)}: the whole solve then rate_trace "
        f"{old:.2f} s, rate {new:.2f} s"
    )
    puzzles_file.unlink()
    return 0 if met and same else 1


if __name__ == "__main__":
    raise SystemExit(main_bench())
