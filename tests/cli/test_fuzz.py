"""No internal error is reachable from input (issue 50): every command that reads puzzles,
``shell``, ``generate`` and batch mode, driven with random bytes, text in any encoding,
puzzles with random cells changed, tables and JSON with random fields, lines longer than
any format has, JSON nested too deep, CSV fields past the csv module's limit, and odd
flags and numbers (``nan``, ``inf``, negative, 10**12). The only outcomes allowed are an
answer, a message, and the statuses 0, 1 and 2 of docs/command-line.md's table.

Values that ask for unbounded work are left out, as answers rather than defects: ``--limit
0`` (no limit) with ``--count`` on an empty grid counts 6.7e21 solutions, ``-n 10**12``
makes that many puzzles, ``--jobs`` above 1 forks (tested in test_edges), and the
engine's full search on a grid of few givens takes seconds (``--techniques singles``
bounds it; the engine has its own tests).

A small run is in the fast tier; the slow tier's is larger. Each prints how many inputs it
tried, and the statuses they ended with.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
import tempfile
import zipfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xl_sudoku.cli import main

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
LONGEST_LINE = 1 << 20  # core.formats.LONGEST_LINE
READERS = ("solve", "steps", "hint", "rate", "target", "convert", "render", "latex")

#: numbers as a user might type them, and as no one should
ODD: tuple[str, ...] = (
    "nan",
    "inf",
    "-inf",
    "-1",
    "0",
    "-0",
    "1",
    "2",
    "7",
    "1.5",
    "1e9",
    "10" * 6,
)
ODD += ("999999999999", "0x10", "", " 3", "x", "٣")
#: ... and those that ask for unbounded work only where the option allows it
SMALL = ("nan", "inf", "-1", "0", "1", "2", "1.5", "", "x", "٣")

cell_text = st.sampled_from(list("123456789.0-_* |+#\n\r\t,;{}[]\"':xXaé\x00\x85\u2028"))
odd = st.sampled_from(ODD)
small = st.sampled_from(SMALL)


def mutated(puzzle: str) -> st.SearchStrategy[str]:
    """``puzzle`` with a few cells changed to anything (digits, blanks, letters, breaks)."""
    changes = st.lists(st.tuples(st.integers(0, 80), cell_text), max_size=6)
    return changes.map(lambda edits: _apply(puzzle, edits))


def _apply(puzzle: str, edits: list[tuple[int, str]]) -> str:
    cells = list(puzzle)
    for cell, text in edits:
        cells[cell] = text
    return "".join(cells)


def as_grid(puzzle: str) -> str:
    return "\n".join(puzzle[r : r + 9] for r in range(0, len(puzzle), 9))


puzzle_text = st.one_of(mutated(EASY), mutated(INKALA), st.just("." * 81), st.just("1" * 81))
line_forms = st.sampled_from(["line", "grid", "csv", "tsv", "jsonl", "noted", "spaced"])


@st.composite
def structured(draw: st.DrawFn) -> bytes:
    """Puzzles in one of the forms the reader takes, a few of them, with cells changed."""
    puzzles = draw(st.lists(puzzle_text, min_size=0, max_size=4))
    form = draw(line_forms)
    if form == "grid":
        text = "\n\n".join(as_grid(p) for p in puzzles)
    elif form in ("csv", "tsv"):
        delimiter = "," if form == "csv" else "\t"
        header = draw(st.sampled_from(["puzzle", "id,puzzle", "id,sudoku", "Puzzle;note"]))
        rows = [f"{n}{delimiter}{p}" if "id" in header else p for n, p in enumerate(puzzles)]
        text = "\n".join([header.replace(",", delimiter), *rows])
    elif form == "jsonl":
        keys = draw(st.sampled_from(["puzzle", "sudoku", "Puzzle"]))
        text = "\n".join(json.dumps({keys: p}) for p in puzzles)
    elif form == "noted":
        text = "\n".join(f"{p} {draw(st.sampled_from(['Easy', '# ok', '12']))}" for p in puzzles)
    else:
        text = "\n".join(" ".join(p[i : i + 3] for i in range(0, 81, 3)) for p in puzzles)
    encoding = draw(st.sampled_from(["utf-8", "utf-16", "utf-8-sig", "latin-1"]))
    return text.encode(encoding, "replace")


@st.composite
def extreme(draw: st.DrawFn) -> bytes:
    """Lines no format has: too long, nested too deep, a CSV field past the limit."""
    kind = draw(st.sampled_from(["long", "deep", "wide", "no break"]))
    size = draw(st.sampled_from([LONGEST_LINE - 1, LONGEST_LINE + 1, 3 * LONGEST_LINE // 2]))
    if kind == "long":
        return b"1" * size + b"\n" + EASY.encode() + b"\n"
    if kind == "deep":
        depth = draw(st.sampled_from([500, 5_000, 100_000]))
        row = json.dumps({"puzzle": EASY})
        return f'{row}\n{{"x": {"[" * depth}{"]" * depth}}}\n{row}\n'.encode()
    if kind == "wide":
        width = draw(st.sampled_from([131_072, 131_073, 300_000]))
        return f'puzzle,note\n{EASY},"{"x" * width}"\n{EASY},ok\n'.encode()
    return b"123456789" * (size // 9)


@st.composite
def workbook_bytes(draw: st.DrawFn) -> bytes:
    """Random bytes that start as a zip does, or a zip of random parts."""
    if draw(st.booleans()):
        return b"PK\x03\x04" + draw(st.binary(max_size=200))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in draw(
            st.lists(
                st.sampled_from(
                    [
                        "[Content_Types].xml",
                        "_rels/.rels",
                        "xl/workbook.xml",
                        "xl/worksheets/sheet1.xml",
                        "x",
                    ]
                ),
                max_size=4,
                unique=True,
            )
        ):
            archive.writestr(name, draw(st.binary(max_size=100)))
    return buffer.getvalue()


inputs = st.one_of(
    st.binary(max_size=300),
    st.text(cell_text, max_size=400).map(lambda t: t.encode("utf-8", "surrogatepass")),
    structured(),
    structured(),
    extreme(),
)

#: each command's options, and the values they are given
OPTIONS: dict[str, dict[str, st.SearchStrategy[str] | None]] = {
    "solve": {
        "--count": None,
        "--all": None,
        "--limit": small,
        "--stats": None,
        "--format": st.sampled_from(["line", "grid", "compact", "ss", "sdk", "x"]),
    },
    "steps": {"--until": odd},
    "hint": {"--level": odd},
    "rate": {},
    "target": {"--format": st.sampled_from(["line", "grid", "score", "png"])},
    "convert": {
        "--to": st.sampled_from(["line", "grid", "pm", "ss-pm", "s9b", "link", "sdm", "?"])
    },
    "render": {
        "--candidates": None,
        "--scale": st.sampled_from(["nan", "inf", "-1", "0", "0.05", "0.1", "1", "11", "1e9"]),
    },
    "latex": {
        "--stage": st.sampled_from(["bare", "forced", "marked", "x"]),
        "--booklet": None,
        "--per-page": odd,
        "--template": st.sampled_from(["ours", "plain", "x"]),
        "--title": st.text(max_size=10),
    },
}
#: the options of the commands that go through many puzzles
BANK: dict[str, st.SearchStrategy[str] | None] = {
    "--columns": st.sampled_from(["origin,origin", "puzzle", "x", "", "status,ms"]),
    "--jobs": small,
    "--cluster": st.sampled_from(["bogus://x", "nowhere", ""]),
    "--resume": None,
    "--force": None,
    "-q": None,
    "--range": st.sampled_from(["Sheet!B2:J10", "x", "!!"]),
    "--column": st.sampled_from(["Sheet!A", "x"]),
}


@st.composite
def options(draw: st.DrawFn, command: str) -> list[str]:
    """A few of ``command``'s options, with values (a bank's output in the run's folder)."""
    offered = dict(OPTIONS.get(command, {}))
    if command in ("solve", "steps", "hint", "rate"):
        offered |= BANK
    chosen = (
        draw(st.lists(st.sampled_from(sorted(offered)), max_size=3, unique=True)) if offered else []
    )
    words: list[str] = []
    for name in chosen:
        words.append(name)
        value = offered[name]
        if value is not None:
            words.append(draw(value))
    if command in ("solve", "steps", "hint", "rate", "render", "latex") and draw(st.booleans()):
        suffix = draw(st.sampled_from(["csv", "tsv", "jsonl", "txt", "svg", "png", "tex", "x"]))
        words += ["-o", f"out.{suffix}"]
    if command in ("steps", "hint", "rate"):
        words += ["--techniques", "singles"]  # the full search on few givens takes seconds
    if command == "target":
        words += ["--seconds", "0.2"]
    if command == "render" and draw(st.booleans()):
        words.append("--candidates")
    return words


@st.composite
def generate_argv(draw: st.DrawFn) -> list[str]:
    words = ["generate", "-n", draw(small), "--max-attempts", "1", "--seconds", "1"]
    extra: dict[str, st.SearchStrategy[str] | None] = {
        "--rating": st.sampled_from(["nan-inf", "4-5", "-1", "1e9", "0-0", "9-9", "5-4", "x"]),
        "--clues": odd,
        "--blanks": odd,
        "--seed": odd,
        "--difficulty": st.sampled_from(["easy", "Medium", "x", "needs guessing"]),
        "--symmetry": st.sampled_from(["none", "rot90", "x"]),
        "--technique": st.sampled_from(["x-wing", "xwing", "singles", ""]),
        "--minimal": None,
        "-o": st.sampled_from(["out.txt", "out.csv", "out.xlsx", "out.xlsm", "out.jsonl"]),
    }
    for name in draw(st.lists(st.sampled_from(sorted(extra)), max_size=3, unique=True)):
        words.append(name)
        value = extra[name]
        if value is not None:
            words.append(draw(value))
    return words


ORDER_WORDS: tuple[str, ...] = (
    "load",
    "load-quiz",
    "show",
    "mode",
    "step",
    "run",
    "runtil",
    "until",
    "help",
)
ORDER_WORDS += ("bye", "?", "x", "mode 2", "mode x", "mode 1", "until 5", "until x")


@st.composite
def shell_orders(draw: st.DrawFn) -> bytes:
    orders = []
    for _ in range(draw(st.integers(1, 6))):
        word = draw(st.sampled_from(ORDER_WORDS))
        if word.startswith("load"):
            what = draw(
                st.sampled_from(["input", "input 2", "input 99999999999999", EASY, "missing", "."])
            )
            word = f"{word} {what}"
        elif draw(st.booleans()):
            word += " " + draw(st.one_of(odd, st.text(cell_text, max_size=20)))
        orders.append(word)
    return "\n".join(orders).encode("utf-8", "surrogatepass")


@st.composite
def runs(draw: st.DrawFn) -> tuple[list[str], bytes, bytes]:
    """A command line, its input file's bytes (``input``) and standard input's."""
    command = draw(st.sampled_from([*READERS, "shell", "generate", "batch"]))
    data = draw(st.one_of(inputs, workbook_bytes()) if command == "batch" else inputs)
    if command == "generate":
        return draw(generate_argv()), b"", b""
    if command == "shell":
        orders = draw(shell_orders())
        how = draw(st.sampled_from(["script", "stdin", "source"]))
        argv = ["shell", *(["--log", "readalps"] if draw(st.booleans()) else [])]
        if how == "script":
            return [*argv, "--script", "orders"], data, orders
        if how == "source":
            return [*argv, "input"], data, orders
        return argv, data, orders
    if command == "batch":
        more = draw(
            st.sampled_from(
                [
                    [],
                    ["--no-rate"],
                    ["--logic-only"],
                    ["--range", "x"],
                    ["--jobs", "0"],
                    ["--report", "r.csv"],
                ]
            )
        )
        return ["batch", "input.xlsx", "-o", "solved", "-q", *more], data, b""
    where = draw(st.sampled_from(["file", "stdin", "argument", "table", "workbook"]))
    if where == "argument":
        text = data.decode("utf-8", "replace").replace("\x00", "")
        source = text if text.strip() else "-"
    else:
        source = {"file": "input", "stdin": "-", "table": "input.csv", "workbook": "input.xlsx"}[
            where
        ]
    return [command, source, *draw(options(command))], data, data


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """A run that takes longer than ``seconds`` is stopped (and the test fails)."""

    def late(*_: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_once(argv: list[str], data: bytes, stdin: bytes, tally: Counter[str]) -> None:
    """Run one command line in a fresh folder (its input file written there); check it
    ends with a documented status and no internal error."""
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        for name in ("input", "input.csv", "input.xlsx"):
            (base / name).write_bytes(data)
        (base / "orders").write_bytes(stdin)
        out, err = io.StringIO(), io.StringIO()
        saved = sys.stdin, sys.stdout, sys.stderr
        cwd = os.getcwd()
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="replace")
        sys.stdout, sys.stderr = out, err
        os.chdir(base)
        try:
            with alarm(60):
                try:
                    status = main(argv)
                except SystemExit as exit:  # argparse: --help (0), a usage error (2)
                    status = exit.code if isinstance(exit.code, int) else 1
        finally:
            os.chdir(cwd)
            sys.stdin, sys.stdout, sys.stderr = saved
    said = err.getvalue()
    tally[f"{argv[0]} {status}"] += 1
    assert status in (0, 1, 2), f"{argv}: status {status}\n{said[-2000:]}"
    assert "internal error" not in said and "Traceback" not in said, f"{argv}\n{said[-2000:]}"


def fuzz(examples: int, capsys: pytest.CaptureFixture[str]) -> None:
    tally: Counter[str] = Counter()

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )
    @given(runs())
    def check(run: tuple[list[str], bytes, bytes]) -> None:
        argv, data, stdin = run
        run_once(argv, data, stdin, tally)

    check()
    tried = sum(tally.values())
    commands: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    for key, count in tally.items():
        command, status = key.split()
        commands[command] += count
        statuses[status] += count
    with capsys.disabled():
        print(
            f"\nfuzz: {tried:,} inputs tried, no internal error; "
            f"statuses {dict(sorted(statuses.items()))}; commands {dict(sorted(commands.items()))}"
        )


def test_no_internal_error_from_any_input_small(capsys: pytest.CaptureFixture[str]) -> None:
    fuzz(40, capsys)


@pytest.mark.slow
def test_no_internal_error_from_any_input(capsys: pytest.CaptureFixture[str]) -> None:
    fuzz(1200, capsys)
