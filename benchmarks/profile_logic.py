"""Where the logic engine's time goes, and what is left if a rule cost nothing.

    python benchmarks/profile_logic.py [--set NAME] [--every K] [--top N]

On every K-th puzzle of a set, from the (K/2)-th on (``magictour_top1465``, every 20th
by default; ``se`` is the SE-rated set), runs the full logical trace and prints, in CPU
time a puzzle:

- the whole trace;
- each finder's own time (the engine asks a finder for its first step; the time of
  that call), the most costly first;
- the steps by the technique that made them: how many a puzzle and what each step cost
  (every finder the engine tried before it included);
- ``chaining.follow``, the exact closures the forcing-chain rules weigh their hints with;
- the trace without each of the three costliest finders' own time: the floor a faster
  version of that one rule could reach if it took the same steps, every other rule as
  it is.

It is a measuring tool, not a test: the numbers drift with the machine's other tenants.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xl_sudoku.core import engine  # noqa: E402
from xl_sudoku.core.board import Board  # noqa: E402
from xl_sudoku.core.steps import GUESS, Step  # noqa: E402
from xl_sudoku.core.techniques import FINDERS, chaining  # noqa: E402

Finder = Callable[[Board], Iterator[Step]]


def load(name: str, every: int) -> list[str]:
    data = ROOT / "tests" / "data"
    if name == "se":
        lines = (data / "se_rated_sudokuexchange.tsv").read_text().splitlines()
        puzzles = [line.split("\t")[0] for line in lines]
    else:
        puzzles = (data / f"{name}.txt").read_text().split()
    return puzzles[every // 2 :: every]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="magictour_top1465", help="a file of tests/data, or se")
    parser.add_argument("--every", type=int, default=20, help="every K-th puzzle")
    parser.add_argument("--top", type=int, default=12, help="how many rows of each table")
    args = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)
    puzzles = load(args.set, args.every)
    n = len(puzzles)

    own: defaultdict[str, float] = defaultdict(float)
    originals = dict(FINDERS)

    def timed(finder: Finder) -> Finder:
        name = finder.__name__

        def run(board: Board) -> Iterator[Step]:
            found = finder(board)
            while True:
                started = time.process_time()
                step = next(found, None)
                own[name] += time.process_time() - started
                if step is None:
                    return
                yield step

        return run

    wrapped: dict[Finder, Finder] = {}
    for technique, finder in originals.items():
        FINDERS[technique] = wrapped.setdefault(finder, timed(finder))

    follow_time = [0.0, 0.0]
    original_follow = chaining.follow

    def follow(*args: object, **kwargs: object) -> chaining.Closure:
        started = time.process_time()
        try:
            return original_follow(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            follow_time[0] += time.process_time() - started
            follow_time[1] += 1

    chaining.follow = follow

    by_step: defaultdict[str, list[float]] = defaultdict(list)
    total = 0.0
    for puzzle in puzzles:
        solver = engine.LogicSolver(puzzle)
        while True:
            started = time.process_time()
            step = solver.step()
            spent = time.process_time() - started
            total += spent
            if step is None:
                break
            assert step.technique is not GUESS, puzzle
            by_step[step.technique.name].append(spent)
    chaining.follow = original_follow
    FINDERS.update(originals)

    def ms(seconds: float) -> str:
        return f"{1000 * seconds / n:8.1f} ms"

    print(f"{args.set}, every {args.every}th puzzle ({n}): the whole trace {ms(total)} a puzzle")
    print("\neach finder's own time, a puzzle (share of the whole)")
    for name, seconds in sorted(own.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"  {name:<36}{ms(seconds)}  {seconds / total:5.0%}")
    print("\nsteps by the technique that made them: steps a puzzle, time a step, time a puzzle")
    for name, times in sorted(by_step.items(), key=lambda kv: -sum(kv[1]))[: args.top]:
        step_ms = 1000 * sum(times) / len(times)
        print(f"  {name:<36}{len(times) / n:6.2f}  {step_ms:8.2f} ms  {ms(sum(times))}")
    print(
        f"\nchaining.follow (exact closures): {follow_time[1] / n:.0f} a puzzle, "
        f"{ms(follow_time[0])} a puzzle ({follow_time[0] / total:.0%} of the whole)"
    )
    print("\nthe whole trace if one finder cost nothing (the rest as it is)")
    for name, seconds in sorted(own.items(), key=lambda kv: -kv[1])[:3]:
        print(f"  without {name:<28}{ms(total - seconds)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
