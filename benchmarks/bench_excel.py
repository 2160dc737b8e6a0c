"""Benchmark: the Python side of a button click, in a new interpreter as RunPython starts.

    python benchmarks/bench_excel.py [--runs N]

RunPython on Windows starts ``python -c "<command>"`` for every click. This times that
process for Solve, Step and Hint on Inkala's puzzle: interpreter start, ``import
xlwings`` and ``import xl_sudoku.excel``, reading the givens, solving, painting and
writing, against an in-memory workbook (so Excel's own time is left out), beside a
bare ``python -c pass``. It also prints each action's calls into xlwings.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CLICK = """
import time
started = time.perf_counter()
import xlwings
import xl_sudoku.excel as x
from benchmarks.memory_book import MemoryBook
imported = time.perf_counter()
book = MemoryBook("{puzzle}")
x.{action}(book)
done = time.perf_counter()
assert "internal error" not in str(book.cells.get("Status")), book.cells.get("Status")
print(f"{{(imported - started) * 1000:.1f}} {{(done - imported) * 1000:.1f}} {{len(book.calls)}}")
"""
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def timed(code: str) -> tuple[float, str]:
    started = time.perf_counter()
    command = [sys.executable, "-c", code]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True)
    return (time.perf_counter() - started) * 1000, done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from benchmarks.header import run_header

    print(run_header(), flush=True)
    bare = statistics.median(timed("pass")[0] for _ in range(args.runs))
    print(f"a bare 'python -c pass': {bare:.0f} ms (median of {args.runs})")
    print(f"{'action':<14} {'whole click':>12} {'imports':>9} {'work':>8} {'xlwings calls':>14}")
    results = {}
    for action in ("xl_solve", "xl_step", "xl_hint", "xl_candidates"):
        runs = [timed(CLICK.format(puzzle=INKALA, action=action)) for _ in range(args.runs)]
        whole = statistics.median(r[0] for r in runs)
        parts = [r[1].split() for r in runs]
        imports = statistics.median(float(p[0]) for p in parts)
        work = statistics.median(float(p[1]) for p in parts)
        calls = parts[0][2]
        results[action] = whole
        print(f"{action:<14} {whole:>9.0f} ms {imports:>6.0f} ms {work:>5.0f} ms {calls:>14}")
    met = results["xl_solve"] < 300
    print(
        f"\ntarget: Solve click on Inkala's puzzle under 300 ms: {'met' if met else 'MISSED'} "
        f"({results['xl_solve']:.0f} ms, of which {bare:.0f} ms is the bare interpreter)"
    )
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
