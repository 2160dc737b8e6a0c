"""Puzzle banks (issue 14): streaming in input order with flat memory, ``--jobs N`` giving the
same bytes as one process, no orphan workers, ``--resume`` after a kill, tables.

The Dask cluster's tests are in ``test_banks_cluster.py``; throughput and the million-line
run are benchmarks (``benchmarks/bench_banks.py``), not tests.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.cli.helpers import run
from tests.puzzles import DATA
from xl_sudoku.cli import main
from xl_sudoku.cli.bank import MAX_CHUNK, SLOW_CHUNK, Pace
from xl_sudoku.cli.bank_jobs import Outcome
from xl_sudoku.core import count_solutions, is_solution, parse_puzzle

KAGGLE = DATA / "kaggle1m_first9999.txt"
TOP95 = DATA / "norvig_top95.txt"
#: a table's columns that are the same from run to run (not the milliseconds)
STABLE = "origin,puzzle,solution,count,guesses,status"


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "xl_sudoku", *argv]


def kaggle(count: int) -> list[str]:
    lines = KAGGLE.read_text().split()
    return [lines[i % len(lines)] for i in range(count)]


@pytest.mark.slow
def test_a_file_streams_in_order_every_puzzle_answered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = kaggle(3000)
    puzzles[100] = puzzles[100][:40] + "x" + puzzles[100][41:]  # unreadable: a comment line
    puzzles[2000] = "5" * 81  # breaks the rules
    path = tmp_path / "bank.txt"
    path.write_text("\n".join(puzzles) + "\n")
    status, out, err = run(capsys, "solve", str(path), "--jobs", "2")
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == len(puzzles)
    for number, (puzzle, answer) in enumerate(zip(puzzles, lines, strict=True), 1):
        if number in (101, 2001):
            assert answer.startswith(f"# line {number}: ")
        else:
            assert is_solution(parse_puzzle(answer), parse_puzzle(puzzle)), number
    assert "bank.txt: line 101: r5c5: 'x' is not a digit 1-9" in err
    assert "bank.txt: line 2001: duplicate 5" in err


def _peak_kib(argv: list[str]) -> int:
    """The peak resident memory of a run of the command line, in KiB: the new program's
    own (VmHWM; a forked child's ru_maxrss would count its parent's pages, pytest's)."""
    code = (
        "import sys; from xl_sudoku.cli import main; status = main(sys.argv[1:]); "
        "peak = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')]; "
        "print(status, peak[0])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, check=True
    )
    status, peak = done.stdout.split()
    assert status == "0", done.stderr
    return int(peak)


@pytest.mark.slow  # 20,000 puzzles solved
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="VmHWM is Linux's")
def test_memory_does_not_grow_with_the_input(tmp_path: Path) -> None:
    # 20,000 puzzles of one blank each (quick to solve), with long comments: 20 MB that a
    # whole-file read would hold twice over; streamed, the peak is that of 200 of them
    solved = KAGGLE.read_text().split()[0]
    solution = "".join(str(d) for d in next(iter([_solution_of(solved)])))
    comment = "  # " + "a remark on this puzzle " * 40
    lines = []
    for number in range(20_000):
        cell = number % 81
        lines.append(solution[:cell] + "." + solution[cell + 1 :] + comment)
    big = tmp_path / "big.txt"
    big.write_text("\n".join(lines) + "\n")
    small = tmp_path / "small.txt"
    small.write_text("\n".join(lines[:200]) + "\n")
    out = tmp_path / "out.csv"
    peaks = [_peak_kib(["solve", str(p), "-o", str(out), "--force", "-q"]) for p in (small, big)]
    assert peaks[1] - peaks[0] < 8 * 1024, peaks  # KiB
    with out.open() as handle:
        rows = list(csv.DictReader(handle))
    assert [r["origin"] for r in rows] == [f"{big}:{n}" for n in range(1, 20_001)]
    assert all(r["status"] == "ok" and r["solution"] == solution for r in rows)
    assert is_solution(parse_puzzle(solution), parse_puzzle(solved))


def _solution_of(puzzle: str) -> tuple[int, ...]:
    from xl_sudoku.core import solve

    return solve(parse_puzzle(puzzle))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("argv", "suffix"),
    [
        (["solve", str(TOP95)], ".txt"),
        (["solve", str(TOP95), "--columns", STABLE], ".csv"),
        (["rate", str(TOP95), "--columns", "origin,puzzle,rating,label,hardest"], ".jsonl"),
        (["steps", str(TOP95)], ".txt"),
        (["hint", str(TOP95), "--level", "2", "--columns", "origin,puzzle,hint"], ".tsv"),
        (["generate", "-n", "8", "--seed", "3", "--symmetry", "rot180"], ".txt"),
    ],
    ids=["solve", "solve-csv", "rate-jsonl", "steps", "hint-tsv", "generate"],
)
def test_two_jobs_write_the_same_bytes_as_one(
    argv: list[str], suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if argv[0] in ("rate", "steps"):  # the slow ones: a few puzzles are enough
        small = tmp_path / "small.txt"
        small.write_text("\n".join(TOP95.read_text().split()[:6]) + "\n")
        argv = [argv[0], str(small), *argv[2:]]
    outputs: list[object] = []
    for jobs in ("1", "2"):
        path = tmp_path / f"out{jobs}{suffix}"
        if argv[0] == "steps":  # steps' totals are timed: compare without them
            assert main([*argv, "--jobs", jobs, "-o", str(path)]) == 0
            text = path.read_text()
            outputs.append([line for line in text.splitlines() if " ms" not in line])
        else:
            assert main([*argv, "--jobs", jobs, "-o", str(path)]) == 0
            outputs.append(path.read_bytes())
    capsys.readouterr()
    assert outputs[0] == outputs[1]
    assert outputs[0]


def test_chunks_follow_the_latest_puzzles_not_the_average_so_far() -> None:
    """A bank sorted by rating ends with its slowest puzzles: once they come, chunks
    shrink to one puzzle, though the average so far is still small."""
    pace = Pace(0.25)
    assert pace.size() == 1  # nothing known yet
    pace.add([Outcome(seconds=0.0001)] * 5000)
    assert pace.size() == MAX_CHUNK  # fast puzzles: as many as a chunk holds
    pace.add([Outcome(seconds=0.005)] * 1000)
    assert pace.size() == SLOW_CHUNK  # milliseconds: a few at a time
    pace.add([None, *[Outcome(seconds=0.4)] * 100])  # an unreadable one has no time
    assert pace.size() == 1


def test_tables_have_named_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "three.txt"
    good = TOP95.read_text().split()[0]
    source.write_text(f"{good}\n12345\n{'.' * 81}\n")
    out = tmp_path / "solved.jsonl"
    status, _, _ = run(capsys, "solve", str(source), "-o", str(out))
    assert status == 1
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["origin"] for r in rows] == [f"{source}:{n}" for n in (1, 2, 3)]
    assert list(rows[0]) == ["origin", "puzzle", "solution", "count", "guesses", "ms", "status"]
    assert is_solution(parse_puzzle(rows[0]["solution"]), parse_puzzle(good))
    assert rows[0]["count"] == 1 and rows[0]["status"] == "ok"
    assert rows[1]["status"].startswith("error: line 2: expected 81 cells")
    assert rows[2]["count"] == "2+" and rows[2]["status"].startswith("ok; 2 or more solutions")
    # what cannot be: columns that do not exist, a table's columns for text, --all as a table
    with pytest.raises(SystemExit):
        main(["solve", str(source), "--columns", "rating", "-o", str(tmp_path / "x.csv")])
    assert "the columns are origin, puzzle, solution" in capsys.readouterr().err
    for argv, message in [
        (["--columns", "puzzle"], "--columns is for a table"),
        (["--all", "-o", str(tmp_path / "x.csv")], "--all lists solutions in the text form"),
        (["-o", str(out)], "exists: --force replaces it, --resume goes on with it"),
        (["--resume"], "--resume goes on with an -o FILE"),
        (["--format", "grid", "--resume", "-o", str(tmp_path / "g.txt")], "a line a puzzle"),
    ]:
        status, _, err = run(capsys, "solve", str(source), *argv)
        assert (status, message in err) == (2, True), err


def test_resume_cuts_a_partial_line_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bank.txt"
    source.write_text("\n".join(kaggle(50)) + "\n")
    whole = tmp_path / "whole.csv"
    assert main(["solve", str(source), "-o", str(whole), "--columns", STABLE]) == 0
    lines = whole.read_bytes().splitlines(keepends=True)
    partial = tmp_path / "partial.csv"
    partial.write_bytes(b"".join(lines[:21]) + lines[21][:30])  # header, 20 rows, a piece
    argv = ["solve", str(source), "-o", str(partial), "--columns", STABLE, "--resume"]
    status, _, err = run(capsys, *argv)
    assert status == 0
    assert "last line was cut short" in err and "20 done before" in err
    assert partial.read_bytes() == whole.read_bytes()
    # resumed again: nothing to do; with other columns, or another input: refused
    assert run(capsys, *argv)[0] == 0
    assert partial.read_bytes() == whole.read_bytes()
    status, _, err = run(capsys, *argv[:-3], "--columns", "origin,solution", "--resume")
    assert status == 2 and "has other columns" in err
    other = tmp_path / "other.txt"
    other.write_text("\n".join(kaggle(60)) + "\n")
    status, _, err = run(capsys, "solve", str(other), *argv[2:])
    assert status == 2 and "is not this input's" in err


def test_resume_refuses_the_input_as_its_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a file of lines of puzzles, the last with no line end: its lines would be taken for
    # results done, the last cut as a partial line, and the solutions appended to it
    source = tmp_path / "bank.txt"
    source.write_text("\n".join(kaggle(3)))
    before = source.read_bytes()
    for output in (source, tmp_path / "." / "bank.txt"):
        status, out, err = run(capsys, "solve", str(source), "-o", str(output), "--resume")
        assert (status, out) == (2, "")
        assert f"{output} is the input: --resume appends the results to the -o FILE" in err
        assert source.read_bytes() == before


#: each command that resumes a text form, and another's text of the same input
TEXT_FORMS = [
    (("solve",), ("rate",)),
    (("solve", "--count"), ("solve",)),
    (("solve", "--stats"), ("solve",)),
    (("rate",), ("hint",)),
    (("hint", "--level", "2"), ("rate",)),
]


@pytest.mark.parametrize(("argv", "other"), TEXT_FORMS, ids=" ".join)
def test_resume_goes_on_only_with_its_own_text(
    argv: tuple[str, ...],
    other: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    puzzles = kaggle(7)
    puzzles[1] = "12345"  # unreadable, and
    puzzles[3] = "5" * 81  # against the rules: a comment line each
    source = tmp_path / "bank.txt"
    source.write_text("\n".join(puzzles) + "\n")
    whole = tmp_path / "whole.txt"
    assert run(capsys, *argv, str(source), "-o", str(whole), "-q")[0] == 1
    lines = whole.read_bytes().splitlines(keepends=True)
    assert len(lines) == len(puzzles)
    # its own text, cut short by a kill: the partial line is cut and the rest appended
    partial = tmp_path / "partial.txt"
    partial.write_bytes(b"".join(lines[:4]) + lines[4][:-1])
    status, _, err = run(capsys, *argv, str(source), "-o", str(partial), "--resume", "-q")
    assert status == 0, err  # (the two bad puzzles are among the lines done)
    assert "its last line was cut short" in err
    resumed = partial.read_bytes().splitlines(keepends=True)
    assert resumed[:4] == lines[:4]
    assert [line.split(b"  # ")[0] for line in resumed] == [
        line.split(b"  # ")[0] for line in lines
    ]  # (--stats: the milliseconds differ)
    if argv == ("solve",):
        for number, (puzzle, line) in enumerate(zip(puzzles, resumed, strict=True), 1):
            if number not in (2, 4):
                assert is_solution(parse_puzzle(line.decode()), parse_puzzle(puzzle))
    # not its own: a person's notes, another command's text of this input, its own text of
    # another input, or one that goes wrong after two lines: refused, each byte kept
    run(capsys, *other, str(source), "-o", str(tmp_path / "other.txt"), "-q")
    shifted = tmp_path / "shifted.txt"
    shifted.write_text("\n".join(kaggle(9)[2:]) + "\n")
    run(capsys, *argv, str(shifted), "-o", str(tmp_path / "another.txt"), "-q")
    another = (tmp_path / "another.txt").read_bytes().splitlines(keepends=True)
    refused = [
        ("notes.txt", b"my notes\nbuy milk\nno line end", 1),
        ("other.txt", (tmp_path / "other.txt").read_bytes() + b"cut", 1),
        ("another.txt", b"".join(another), 1),
        ("mixed.txt", b"".join(lines[:2] + another[2:5]) + b"12", 3),
    ]
    if "--count" in argv:  # a count does not say whose puzzle it counts: an unreadable
        refused[2:] = [("another.txt", b"".join(another), 2)]  # puzzle's comment does
    for name, text, first in refused:
        mine = tmp_path / name
        mine.write_bytes(text)
        status, out, err = run(capsys, *argv, str(source), "-o", str(mine), "--resume")
        assert (status, out) == (2, ""), err
        assert f"{mine}: line {first} is not {argv[0]}'s result for " in err
        assert len(err.splitlines()) == 1 and "Traceback" not in err
        assert mine.read_bytes() == text


def test_generate_resumes_only_its_own_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["generate", "-n", "3", "--seed", "5", "-q"]
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("\n".join(kaggle(3)) + "\n")
    for text in (b"my notes\nbuy milk\n", puzzles.read_bytes(), b"half a line"):
        mine = tmp_path / "mine.txt"
        mine.write_bytes(text)
        status, _, err = run(capsys, *argv, "-o", str(mine), "--resume")
        assert status == 2, err
        assert f"{mine}: line 1 is not generate's result " in err
        assert mine.read_bytes() == text


def test_resume_refuses_a_table_of_other_columns_uncut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bank.txt"
    source.write_text("\n".join(kaggle(3)) + "\n")
    # someone's tables, their last line without an end; a table of other columns
    solved = tmp_path / "solved.jsonl"
    assert run(capsys, "solve", str(source), "-o", str(solved), "--columns", "origin")[0] == 0
    for name, text, columns in [
        ("mine.csv", b"x,y\n1,2\n3,", "x,y"),
        ("mine.jsonl", b'{"event": "login"}\n{"event": "logout"}\n{"ev', "event"),
        ("solved.jsonl", solved.read_bytes(), "origin"),
    ]:
        mine = tmp_path / name
        mine.write_bytes(text)
        status, _, err = run(capsys, "solve", str(source), "-o", str(mine), "--resume")
        assert status == 2 and f"{mine} has other columns ({columns})" in err, err
        assert mine.read_bytes() == text
    deep = tmp_path / "deep.jsonl"
    deep.write_bytes(b"[" * 100_000 + b"\n")  # json's recursion, not an internal error
    status, _, err = run(capsys, "solve", str(source), "-o", str(deep), "--resume")
    assert (status, err) == (2, f"xl-sudoku: error: {deep}: its first line is not a JSON object\n")


def _workers_of(process: subprocess.Popen[bytes], count: int) -> list[psutil.Process]:
    """The worker processes of a run, once it has ``count``."""
    parent = psutil.Process(process.pid)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        children: list[psutil.Process] = parent.children()
        if len(children) >= count:
            return children
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    raise AssertionError("the workers did not start")


def _all_gone(processes: list[psutil.Process]) -> bool:
    _, alive = psutil.wait_procs(processes, timeout=10)
    return all(p.status() == psutil.STATUS_ZOMBIE for p in alive if p.is_running())


def _hard_bank(tmp_path: Path, count: int = 40) -> Path:
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(TOP95.read_text().split()[:count]) + "\n")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_no_worker_outlives_its_parent(how: signal.Signals, tmp_path: Path) -> None:
    out = tmp_path / "rated.csv"
    process = subprocess.Popen(
        command("rate", str(_hard_bank(tmp_path)), "--jobs", "2", "-o", str(out)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    workers = _workers_of(process, 2)
    time.sleep(0.5)
    process.send_signal(how)
    _, err = process.communicate(timeout=30)
    assert _all_gone(workers)
    if how == signal.SIGKILL:
        assert not out.exists()  # nothing half-written: the file appears when a run ends
        return
    assert process.returncode == (143 if how == signal.SIGTERM else 130)
    assert b"Traceback" not in err
    name = b"SIGTERM" if how == signal.SIGTERM else b"Ctrl-C"
    assert b"stopped (" + name + b"): " in err and b"--resume" in err
    rows = out.read_text().splitlines()  # a new file keeps what was done, to resume
    assert rows[0].startswith("origin,") and all(r.endswith(",ok") for r in rows[1:])


@pytest.mark.slow
def test_a_worker_ends_when_its_parent_goes_however_it_went(tmp_path: Path) -> None:
    # the portable way (no prctl): a worker whose parent goes is adopted, its parent's
    # pid changes, and it ends; here the parent is a shell that leaves once the worker has
    # taken its pid (on a loaded machine the shell could leave first: the worker would
    # then watch init and never end), the worker's output not the shell's pipe (or run()
    # would wait for the worker too)
    ready = tmp_path / "ready"
    code = (
        "import os, pathlib; from xl_sudoku.helpers.runner import _watch; "
        "parent = os.getppid(); "
        f"pathlib.Path({str(ready)!r}).touch(); _watch(parent)"
    )
    shell = subprocess.run(
        [
            "sh",
            "-c",
            f'"{sys.executable}" -c "{code}" >/dev/null 2>&1 & echo $!; '
            f'while [ ! -e "{ready}" ]; do sleep 0.05; done',
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    worker = int(shell.stdout)
    deadline = time.monotonic() + 30
    while psutil.pid_exists(worker) and time.monotonic() < deadline:
        try:
            if psutil.Process(worker).status() == psutil.STATUS_ZOMBIE:
                break
        except psutil.NoSuchProcess:
            break
        time.sleep(0.1)
    else:
        assert not psutil.pid_exists(worker)


@pytest.mark.slow
def test_resume_after_a_kill_at_a_random_moment_gives_the_whole_output(tmp_path: Path) -> None:
    source = tmp_path / "bank.txt"
    source.write_text("\n".join(kaggle(12_000)) + "\n")
    whole = tmp_path / "whole.csv"
    assert main(["solve", str(source), "-o", str(whole), "--columns", STABLE, "-q"]) == 0
    out = tmp_path / "resumed.csv"
    argv = command(
        "solve", str(source), "--jobs", "2", "-o", str(out), "--columns", STABLE, "--resume"
    )
    # the moment: when the output has grown past a random share of the whole (a fixed
    # time fails on a machine fast enough to finish first); the output streams in blocks
    target = int(whole.stat().st_size * random.uniform(0.1, 0.7))
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while process.poll() is None and (out.stat().st_size if out.exists() else 0) < target:
        time.sleep(0.002)
    assert process.poll() is None, "the run ended before the kill: the output did not stream"
    process.kill()
    process.wait()
    held = out.read_bytes() if out.exists() else b""
    finished = subprocess.run(argv, capture_output=True, check=False)
    assert finished.returncode == 0, finished.stderr
    assert out.read_bytes() == whole.read_bytes(), f"killed at {len(held)} of {target} bytes"


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_a_file_read_a_block_at_a_time_reads_as_a_whole(
    ending: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # blocks of 7 bytes: lines, and CRLFs, cut anywhere; grids with band breaks, UTF-16
    from xl_sudoku.cli import inputs
    from xl_sudoku.core import format_grid, read_puzzles

    grid = parse_puzzle(TOP95.read_text().split()[0])
    rows = format_grid(grid, "sdk").splitlines()
    text = ending.join(
        [TOP95.read_text().split()[1], *rows[:3], "", *rows[3:], "# c", "12345", *rows[:8], ""]
    )
    whole = [(r.line, r.grid, str(r.error)) for r in read_puzzles(text)]
    assert len(whole) == 4
    monkeypatch.setattr(inputs, "READ_SIZE", 7)
    for encoding in ("utf-8", "utf-16"):
        path = tmp_path / f"{encoding}.txt"
        path.write_bytes(text.encode(encoding))
        source, entries = inputs.stream_of(argparse.Namespace(source=str(path)))
        read = [(e.line, e.grid, str(e.error)) for e in entries]
        assert read == whole
        assert source.name == str(path)


def test_progress_in_a_log_is_a_line_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With stderr not a terminal (a log, a pipe), ``rate FILE`` still says how far it is:
    a line of its own every PLAIN_SECONDS, never a redrawn one; the results on stdout as
    ever, and no summary (there is no terminal to read it, nor a file it names). Not
    for one puzzle given on the command line (``steps`` of Inkala's took 14 s beside
    other tests: its only line came as it ended, and the CLI test failed on it)."""
    import io

    log = io.StringIO()
    monkeypatch.setattr("sys.stderr", log)
    monkeypatch.setattr("xl_sudoku.helpers.runner.PLAIN_SECONDS", 0.0)
    monkeypatch.setattr("xl_sudoku.helpers.runner.PROGRESS_SECONDS", 0.0)
    puzzles = TOP95.read_text().split()[:5]
    path = tmp_path / "five.txt"
    path.write_text("\n".join(puzzles) + "\n")
    assert main(["rate", str(path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 5
    shown = log.getvalue()
    assert "\r" not in shown
    lines = shown.splitlines()
    assert lines and all(line.startswith("xl-sudoku: rate: ") for line in lines)
    assert "(line 5 of 5, 100%)" in lines[-1]
    quiet = io.StringIO()
    monkeypatch.setattr("sys.stderr", quiet)
    assert main(["rate", "-q", str(path)]) == 0
    assert main(["steps", puzzles[0]]) == 0  # one puzzle: its line would say it ended
    assert quiet.getvalue() == ""


def test_progress_on_a_terminal_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from xl_sudoku.cli.bank import Counts, show_progress
    from xl_sudoku.helpers.runner import PROGRESS_SECONDS, Progress

    progress = Progress(enabled=True)
    progress.stream = io.StringIO()
    counts = Counts(puzzles=10, failed=1)
    show_progress(progress, "rate", 10, 1000, counts)
    time.sleep(PROGRESS_SECONDS)
    counts.puzzles = 20
    show_progress(progress, "rate", 20, 1000, counts)
    progress.clear()
    shown = progress.stream.getvalue()
    assert "rate: 20 puzzles (line 20 of 1,000, 2%)" in shown
    assert "puzzles/s" not in shown and "/s · ETA " in shown and " · 1 failed" in shown
    assert shown.endswith("\r")  # the line is cleared before anything else is said
    quiet = Progress(enabled=False)
    quiet.stream = io.StringIO()
    show_progress(quiet, "rate", 10, 1000, counts)
    assert quiet.stream.getvalue() == ""
    summary = counts.summary("rate", 2.0, 5, Path("rated.csv"))
    assert summary == (
        "rate: 20 puzzles in 2.0 s, 10 puzzles/s: 19 done, 1 failed; 5 done before; "
        "results in rated.csv"
    )


def test_a_slow_run_is_not_told_as_0_a_second() -> None:
    """Six puzzles in 20 s (the README's rate example: three Nightmares) are 0.3 a second,
    and a list done in a blink took milliseconds, not "0.0 s"."""
    from xl_sudoku.cli.bank import Counts
    from xl_sudoku.helpers.runner import per_second

    assert Counts(puzzles=6).summary("rate", 19.6, 0, None) == (
        "rate: 6 puzzles in 19.6 s, 0.31 puzzles/s: 6 done, 0 failed"
    )
    assert (
        Counts(puzzles=3)
        .summary("solve", 0.004, 0, None)
        .startswith("solve: 3 puzzles in 4 ms, 750 puzzles/s")
    )
    assert [per_second(n, 10) for n in (1234, 100, 25, 3, 0.5, 0.01)] == [
        "123", "10", "2.5", "0.3", "0.05", "0.001"
    ]  # fmt: skip


def test_generate_resumed_makes_the_puzzles_it_lacks(tmp_path: Path) -> None:
    argv = ["generate", "-n", "6", "--seed", "11", "--symmetry", "rot180", "-q"]
    whole = tmp_path / "whole.txt"
    assert main([*argv, "-o", str(whole)]) == 0
    lines = whole.read_text().splitlines(keepends=True)
    assert len(lines) == 6
    for line in lines:
        puzzle = parse_puzzle(line)
        assert count_solutions(puzzle, limit=2) == 1
    partial = tmp_path / "partial.txt"
    partial.write_text("".join(lines[:2]) + lines[2][:50])
    assert main([*argv, "-o", str(partial), "--resume", "--jobs", "2"]) == 0
    assert partial.read_text() == whole.read_text()


def test_a_workbook_s_puzzles_go_through_the_bank_with_their_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("openpyxl")
    book = Path(__file__).parents[2] / "examples" / "puzzle-list.xlsx"
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"solved{jobs}.csv"
        argv = ["solve", str(book), "--jobs", jobs, "-o", str(out), "--columns", STABLE]
        assert main(argv) == 0
        outputs.append(out.read_bytes())
    capsys.readouterr()
    assert outputs[0] == outputs[1]
    with (tmp_path / "solved1.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert rows[0]["origin"] == f"{book}:Puzzles!A2"
    for row in rows:
        assert is_solution(parse_puzzle(row["solution"]), parse_puzzle(row["puzzle"]))
