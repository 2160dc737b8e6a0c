"""Benchmark: the Lite edition's work under Pyodide beside CPython, in one run.

    python benchmarks/bench_lite.py [--wheel dist/xl_sudoku-0.1.0-py3-none-any.whl] [--runs N]

xlwings Lite runs Python in Pyodide (WebAssembly) inside Excel. This times the same work
on this machine's CPython and on Pyodide under node (the npm package ``.ci/pyodide``
installs, the built wheel installed with micropip, as ``tests/lite`` run it): solving the
95 puzzles of norvig_top95 (``solve``), rating the first 10 of them (``rate``: the full
logic trace), and the Solve button on the example puzzle through ``lite/main.py`` on the
model of xlwings Lite (``tests/lite/office``: the script, its reads and writes, not
Excel's). Times are CPU time, the machine being shared: CPython's own
(``time.process_time``), node's process (``process.cpuUsage``: the JavaScript engine's
threads too, so Pyodide's figure is if anything high). Each task runs ``--runs`` times on
both; the table gives the medians. Without ``--wheel`` it builds one (``python -m build``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: each task: Python run once per measurement, the same text on both interpreters
TASKS = {
    "solve 95 (norvig_top95)": """
from xl_sudoku.core import solve, is_solution
for puzzle in PUZZLES:
    assert is_solution(solve(puzzle), puzzle)
""",
    "rate 10 (norvig_top95)": """
from xl_sudoku.core.rating import rate
for puzzle in PUZZLES[:10]:
    rate(puzzle)
""",
    "Solve button (example, lite/main.py)": """
from tests.lite import office
excel = office.Excel.from_json(WORKBOOK)
office.run_script(excel, MAIN, "Solve")
status = excel.values["Sudoku"][(15, 3)]
assert str(status).startswith("Solved in "), status
""",
}
SETUP = """
import json
from xl_sudoku.core import parse_puzzle
from tests.lite import xlwings_standin
PUZZLES = [parse_puzzle(line) for line in open({puzzles!r}).read().split() if len(line) == 81]
WORKBOOK = json.load(open({workbook!r}))
MAIN = xlwings_standin.load_main({main!r})
"""


def build_wheel(out: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("*.whl")
    return wheel


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheel", type=Path, help="the built wheel (default: build one)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)

    from tests.conftest import missing
    from tests.lite.conftest import start_pyodide
    from tests.lite.snapshot import workbook_json

    absent = missing("node", "pyodide")
    if absent:
        raise SystemExit(absent)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        wheel = args.wheel or build_wheel(folder)
        (folder / "workbook.json").write_text(
            json.dumps(workbook_json(ROOT / "workbook" / "sudoku-lite.xlsx"))
        )
        puzzles = ROOT / "tests" / "data" / "norvig_top95.txt"
        # Pyodide sees the repository's tests/ as /w/tests and lite/ as /lite; the data by
        # a mount of its own below
        pyodide = start_pyodide(wheel, folder / "node.txt")
        try:
            pyodide.ask(
                {
                    "op": "exec",
                    "code": "import os; os.makedirs('/bench', exist_ok=True); result = 0",
                }
            )
            for source, target in (
                (puzzles, "/bench/top95.txt"),
                (folder / "workbook.json", "/bench/wb.json"),
            ):
                pyodide.ask(
                    {
                        "op": "exec",
                        "code": f"open({target!r}, 'w').write({source.read_text()!r}); result = 0",
                    }
                )
            inside = SETUP.format(
                puzzles="/bench/top95.txt", workbook="/bench/wb.json", main="/lite/main.py"
            )
            pyodide.ask({"op": "exec", "code": inside, "scope": "bench"})
            scope: dict[str, object] = {}
            exec(
                SETUP.format(
                    puzzles=str(puzzles),
                    workbook=str(folder / "workbook.json"),
                    main=str(ROOT / "lite" / "main.py"),
                ),
                scope,
            )
            print(
                f"Pyodide {pyodide.ready['pyodide']} (Python {pyodide.ready['python']}) under "
                f"node; CPython {sys.version.split()[0]}. Loading Pyodide took "
                f"{pyodide.ready['load_cpu_ms'] / 1000:.1f} s of CPU; with micropip and the "
                f"wheel installed, {pyodide.ready['ready_cpu_ms'] / 1000:.1f} s."
            )
            print(f"CPU ms, median of {args.runs}:")
            print(f"{'task':<40} {'CPython':>10} {'Pyodide':>10} {'ratio':>6}")
            for task, code in TASKS.items():
                cpython = []
                for _ in range(args.runs):
                    started = time.process_time()
                    exec(code, scope)
                    cpython.append((time.process_time() - started) * 1000)
                wasm = [
                    pyodide.ask({"op": "exec", "code": code, "scope": "bench"})["cpu_ms"]
                    for _ in range(args.runs)
                ]
                mine, theirs = statistics.median(cpython), statistics.median(wasm)
                print(f"{task:<40} {mine:>10.0f} {theirs:>10.0f} {theirs / mine:>5.1f}x")
        finally:
            pyodide.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
