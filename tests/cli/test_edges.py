"""Every input gets an answer or a plain message (issue 50): inputs that never end
(devices, pipes), lines no format has, tables a reader cannot split, and the messages
that say what to do. Each test names the row of the issue it answers."""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import csv
import io
import itertools
import json
import math
import multiprocessing
import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import psutil
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.cli.helpers import run_or_exit
from tests.puzzles import DATA, INKALA_2010
from tests.references import rdss_solutions
from xl_sudoku.cli import main
from xl_sudoku.core import is_solution, parse_puzzle

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: a puzzle singles solve (rated in milliseconds)
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: the longest line the reader takes (``core.formats.LONGEST_LINE``): 1 MiB of characters
LONGEST_LINE = 1 << 20


def solved(line: str, puzzle: str = INKALA_2010) -> bool:
    """``line`` is a solution of ``puzzle`` (the tests' independent check)."""
    return is_solution(parse_puzzle(line), parse_puzzle(puzzle))


# --- row 4: a device or a pipe is read as it comes, and refused at its first block -------------

#: how much a pipe offers a command before the test gives up on it (a command that reads
#: its input whole would read all of it before saying anything)
OFFERED = 32 << 20


@contextlib.contextmanager
def endless_pipe(
    tmp_path: Path, block: bytes, offered: int = OFFERED
) -> Iterator[tuple[Path, list[int]]]:
    """A FIFO that gives ``block`` again and again (up to ``offered`` bytes) to whoever
    reads it, as a device such as /dev/zero does; the list holds how much was taken."""
    fifo = tmp_path / "endless"
    os.mkfifo(fifo)
    taken = [0]

    def feed() -> None:
        try:
            with open(fifo, "wb", buffering=0) as pipe:
                while taken[0] < offered:
                    taken[0] += pipe.write(block)
        except (BrokenPipeError, OSError):
            pass  # the reader went away: what it took is counted

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        yield fifo, taken
    finally:
        with contextlib.suppress(OSError):  # a reader that never came: let the feeder go
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        feeder.join(10)


@pytest.mark.parametrize(
    "argv",
    [
        ("solve", "{}"),
        ("convert", "{}", "--to", "grid"),
        ("solve", "{}", "--jobs", "2", "-o", "{out}"),
        ("render", "{}"),
        ("target", "{}"),
    ],
)
@pytest.mark.parametrize("block", [b"\0" * 4096, bytes(range(256)) * 16])
def test_a_pipe_of_bytes_that_are_not_text_is_refused_at_once(
    argv: tuple[str, ...], block: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # /dev/zero and /dev/urandom as a FIFO gives them: the first block says it is not text
    with endless_pipe(tmp_path, block) as (fifo, taken):
        words = [a.format(fifo, out=tmp_path / "z.csv") for a in argv]
        status, out, err = run_or_exit(capsys, *words)
    assert (status, out) == (2, "")
    assert err == f"xl-sudoku: error: {str(fifo)!r} is not a text file of puzzles\n"
    assert taken[0] < 1 << 20, f"read {taken[0]:,} bytes before refusing"
    assert not (tmp_path / "z.csv").exists()


def test_a_pipe_of_text_is_solved_as_it_comes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a FIFO of puzzles, fed slowly: its first answers do not wait for the end of it
    with endless_pipe(tmp_path, (INKALA_2010 + "\n").encode(), 82 * 30) as (fifo, _):
        status, out, err = run_or_exit(capsys, "solve", str(fifo), "-q")
    lines = out.splitlines()
    assert status == 0 and err == ""
    assert len(lines) == 30 and all(solved(line) for line in set(lines))


def test_a_whole_reader_refuses_more_than_it_can_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # render reads its puzzles whole: a pipe of text that does not end is refused past
    # the limit (made small here), not read until memory runs out
    from xl_sudoku.cli import inputs

    monkeypatch.setattr(inputs, "WHOLE_TEXT", 4 << 20)
    with endless_pipe(tmp_path, (INKALA_2010 + "\n").encode()) as (fifo, taken):
        status, out, err = run_or_exit(capsys, "render", str(fifo))
    assert (status, out) == (2, "")
    assert "holds more than 4 MiB: this command reads its puzzles whole" in err
    assert taken[0] < 6 << 20


@pytest.mark.parametrize("argv", [("convert", "{}", "--to", "sdm"), ("solve", "{}", "-q")])
def test_the_commands_that_stream_take_more_than_a_whole_read(
    argv: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # what render refuses past the limit (made small here), convert and solve read on
    from xl_sudoku.cli import inputs

    monkeypatch.setattr(inputs, "WHOLE_TEXT", 1 << 17)
    line = (EASY + "\n").encode()
    with endless_pipe(tmp_path, line * 100, 82 * 3000) as (fifo, _):
        status, out, err = run_or_exit(capsys, *(a.format(fifo) for a in argv))
    lines = out.splitlines()
    assert (status, err) == (0, "") and len(lines) == 3000
    expected = EASY if argv[0] == "convert" else None
    assert all(line == expected or solved(line, EASY) for line in set(lines))


# --- row 5: a line of any length is read in linear time, and refused early in words ------------


def test_a_line_of_40_mb_is_refused_in_linear_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.txt"
    with path.open("wb") as file:
        file.write(b"1" * (40 << 20))
        file.write(f"\n{INKALA_2010}\n".encode())
    started = time.process_time()
    status, out, err = run_or_exit(capsys, "solve", str(path), "-q")
    seconds = time.process_time() - started
    # (the pending line was joined again at every 64 KiB block: 10 MB took 0.87 s, 40 MB
    # some 15 s; read linearly, 40 MB takes about 0.1 s)
    assert seconds < 4, f"{seconds:.1f} s of CPU for a 40 MB line"
    first, answer = out.splitlines()
    why = "not a line of puzzles (a puzzle's line has 81 cells)"
    assert first == f"# line 1: longer than {LONGEST_LINE:,} characters: {why}"
    assert solved(answer)
    assert status == 1 and err.startswith(f"xl-sudoku: {path}: line 1: longer than")


def test_a_line_that_never_ends_is_refused_as_soon_as_it_is_too_long(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a pipe of digits with no line break: refused once past the longest line, and the
    # rest of it read without being kept (the command ends when the pipe does)
    from xl_sudoku.cli import inputs

    seen: list[int] = []
    with endless_pipe(tmp_path, b"123456789" * 1000) as (fifo, taken):
        source, entries = inputs.stream_of(_args(str(fifo)))
        first = next(iter(entries))
        seen.append(taken[0])
        rest = list(entries)
    assert first.line == 1 and first.error is not None and "longer than" in first.error.message
    assert seen[0] < LONGEST_LINE + (1 << 20), "the line was not refused early"
    assert rest == []
    assert source.name == str(fifo)


def _args(source: str) -> argparse.Namespace:
    return argparse.Namespace(source=source, named_range=None, column=None)


# --- row 6: a table's row that cannot be split, a JSON line too deep: the line is named --------


def test_a_csv_field_past_the_limit_is_one_bad_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "wide.csv"
    path.write_text(f'puzzle,note\n{INKALA_2010},"{"x" * 200_000}"\n{INKALA_2010},fine\n')
    status, out, err = run_or_exit(capsys, "solve", str(path), "-q")
    bad, answer = out.splitlines()
    assert bad == (
        "# line 2: not a row of this table: a field longer than 131,072 characters "
        "or a quote left open"
    )
    assert solved(answer)
    assert status == 1 and err == f"xl-sudoku: {path}:{bad[1:]}\n"


def test_a_json_line_nested_too_deep_is_one_bad_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.jsonl"
    row = json.dumps({"puzzle": INKALA_2010})
    path.write_text(f'{row}\n{{"x": {"[" * 100_000}{"]" * 100_000}}}\n{row}\n')
    status, out, err = run_or_exit(capsys, "solve", str(path), "--jobs", "2", "-q")
    first, bad, last = out.splitlines()
    assert bad == "# line 2: not a JSON object: nested too deep"
    assert solved(first) and solved(last)
    assert status == 1 and "internal error" not in err


# --- row 7: the shell says what is wrong with a file it loads, and goes on --------------------


def test_the_shell_goes_on_after_files_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wide = tmp_path / "wide.csv"
    wide.write_text(f'puzzle,note\n{INKALA_2010},"{"x" * 200_000}"\n')
    deep = tmp_path / "deep.jsonl"
    deep.write_text(f'{json.dumps({"puzzle": INKALA_2010})}\n{{"x": {"[" * 100_000}}}\n')
    long = tmp_path / "long.txt"
    long.write_bytes(b"1" * (2 * LONGEST_LINE))
    with endless_pipe(tmp_path, b"\0" * 4096) as (fifo, taken):
        script = tmp_path / "orders.txt"
        script.write_text(
            f"load {fifo}\nload {wide} 1\nload {deep} 2\nload {long}\nload {INKALA_2010}\nrun\n"
        )
        status, out, err = run_or_exit(capsys, "shell", "--script", str(script))
    errors = [line for line in out.splitlines() if line.startswith("error: ")]
    assert errors == [
        f"error: {str(fifo)!r} is not a text file of puzzles",
        f"error: {wide}: line 2: not a row of this table: a field longer than 131,072 "
        "characters or a quote left open",
        f"error: {deep}: line 2: not a JSON object: nested too deep",
        f"error: {long}: line 1: longer than {LONGEST_LINE:,} characters: not a line of "
        "puzzles (a puzzle's line has 81 cells)",
    ]
    assert taken[0] < 1 << 20
    assert "solution 1 after" in out and err == ""
    assert status == 1  # an order failed


# --- row 16: a table without a puzzle column, a note without its # ----------------------------


@pytest.mark.parametrize(
    ("header", "row", "rename"),
    [
        ("id,sudoku", f"1,{INKALA_2010}", "'sudoku'"),
        ("quizzes,solutions", f"{INKALA_2010.replace('0', '0')},{'1' * 81}", "'quizzes'"),
        ("Name;Grid;Level", f"Monday;{INKALA_2010};hard", "'Grid'"),
    ],
)
def test_a_table_without_a_puzzle_column_says_what_to_name(
    header: str, row: str, rename: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.csv"
    path.write_text(f"{header}\n{row}\n{row}\n")
    status, out, _ = run_or_exit(capsys, "solve", str(path))
    names = ", ".join(repr(name) for name in header.replace(";", ",").split(","))
    why = f"a table needs a column named 'puzzle' (its header names {names}: "
    why += f"rename {rename} to puzzle)"
    assert status == 1
    assert out.splitlines() == [f"# line 2: {why}", f"# line 3: {why}"]


def test_a_title_with_commas_is_still_a_title(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "titled.txt"
    path.write_text(f"Puzzles from the Times, week 3\n{INKALA_2010}\n")
    status, out, err = run_or_exit(capsys, "solve", str(path))
    assert status == 0 and err == "" and solved(out.strip())


def test_a_note_after_a_puzzle_needs_its_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(f"{INKALA_2010} Easy one\n{INKALA_2010}  # Easy one\n")
    status, out, _ = run_or_exit(capsys, "solve", str(path))
    bad, answer = out.splitlines()
    assert bad == "# line 1: 81 cells, then 'Easy one': a note after a puzzle needs a # before it"
    assert solved(answer) and status == 1


def test_a_rating_after_a_puzzle_needs_its_hash_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # as the shared rated sets hold them: the puzzle, a tab (or a space, a comma) and a number
    path = tmp_path / "rated.tsv"
    path.write_text(f"{INKALA_2010}\t11.9\n{INKALA_2010} 11.9\n{INKALA_2010},11.9,\n")
    status, out, _ = run_or_exit(capsys, "solve", str(path))
    why = "a note after a puzzle needs a # before it"
    assert out.splitlines() == [
        f"# line 1: 81 cells, then '11.9': {why}",
        f"# line 2: 81 cells, then '11.9': {why}",
        f"# line 3: 81 cells, then '11.9,': {why}",
    ]
    assert status == 1


@given(
    text=st.text(st.sampled_from(["a", "1", "é", "\n", "\r", "\x0b", "\x85", "\u2028"])),
    size=st.integers(1, 9),
    encoding=st.sampled_from(["utf-8", "utf-16-le"]),
)
def test_a_stream_splits_into_the_lines_of_the_whole_text(
    text: str, size: int, encoding: str
) -> None:
    # the linear reader (row 5) against str.splitlines, blocks cut anywhere
    from xl_sudoku.cli import inputs

    data = io.BytesIO(text.encode(encoding))
    saved, inputs.READ_SIZE = inputs.READ_SIZE, size
    try:
        lines = list(inputs._lines(data, data.read(size), encoding))
    finally:
        inputs.READ_SIZE = saved
    assert lines == text.splitlines()


# --- row 1: a worker killed (the out-of-memory killer's SIGKILL) loses nothing ----------------

KAGGLE = DATA / "kaggle1m_first9999.txt"
#: a table's columns that are the same from run to run (not the milliseconds)
STABLE = "origin,puzzle,solution,count,guesses,status"
needs_fork = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork",
    reason="the workers take the test's killer with them only when forked",
)


def kill_a_worker_at(monkeypatch: pytest.MonkeyPatch, puzzle: str, marker: Path | None) -> None:
    """Workers solving ``puzzle`` kill themselves with SIGKILL, as the out-of-memory
    killer ends a process: once (the first to claim ``marker``), or every time (None)."""
    from xl_sudoku.cli.solve import SolveJob

    original, parent, target = SolveJob.run, os.getpid(), parse_puzzle(puzzle)

    def run(self: SolveJob, grid: tuple[int, ...]) -> object:
        if os.getpid() != parent and grid == target:
            try:
                if marker is not None:
                    os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return original(self, grid)

    monkeypatch.setattr(SolveJob, "run", run)


def bank(tmp_path: Path, count: int) -> tuple[Path, list[str]]:
    puzzles = KAGGLE.read_text().split()[:count]
    path = tmp_path / "bank.txt"
    path.write_text("\n".join(puzzles) + "\n")
    return path, puzzles


def check_rows(path: Path, puzzles: list[str]) -> list[list[str]]:
    """The rows of a solve table, each checked: its puzzle's, in order, solved."""
    rows = list(csv.reader(path.read_text().splitlines()))
    assert rows[0] == STABLE.split(",")
    for number, (row, puzzle) in enumerate(zip(rows[1:], puzzles, strict=False), 1):
        assert row[0].endswith(f":{number}") and row[1] == puzzle and row[-1] == "ok"
        assert is_solution(parse_puzzle(row[2]), parse_puzzle(puzzle))
    return rows[1:]


@needs_fork
def test_a_killed_worker_s_chunk_is_run_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, puzzles = bank(tmp_path, 1000)
    kill_a_worker_at(monkeypatch, puzzles[499], tmp_path / "killed-once")
    out = tmp_path / "w.csv"
    status, _, err = run_or_exit(
        capsys, "solve", str(path), "--jobs", "2", "-o", str(out), "--columns", STABLE, "-q"
    )
    assert (tmp_path / "killed-once").exists(), "no worker was killed"
    assert status == 0, err
    assert err == (
        "xl-sudoku: a worker process died (killed by SIGKILL): its work is run again in a new one\n"
    ), err
    assert len(check_rows(out, puzzles)) == 1000


@needs_fork
def test_a_chunk_that_kills_every_worker_stops_the_run_keeping_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, puzzles = bank(tmp_path, 1000)
    kill_a_worker_at(monkeypatch, puzzles[499], None)
    out = tmp_path / "w.csv"
    argv = ("solve", str(path), "--jobs", "2", "-o", str(out), "--columns", STABLE, "-q")
    status, _, err = run_or_exit(capsys, *argv)
    kept = check_rows(out, puzzles)
    assert status == 1 and 0 < len(kept) < 500
    assert err.endswith(
        f"xl-sudoku: solve: stopped: a worker process died (killed by SIGKILL) 3 times at the "
        f"same work; {out} holds {len(kept):,} results; run the same command with --resume to "
        "go on\n"
    )
    monkeypatch.undo()  # the puzzle no longer kills: the run goes on where it stopped
    status, _, err = run_or_exit(capsys, *argv[:-1], "--resume")
    assert status == 0, err
    assert len(check_rows(out, puzzles)) == 1000


@needs_fork
def test_a_replaced_file_stays_whole_when_workers_keep_dying(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, puzzles = bank(tmp_path, 400)
    kill_a_worker_at(monkeypatch, puzzles[199], None)
    out = tmp_path / "w.csv"
    out.write_text("mine\n")
    status, _, err = run_or_exit(
        capsys, "solve", str(path), "--jobs", "2", "-o", str(out), "--force"
    )
    assert status == 1 and out.read_text() == "mine\n"
    assert err.endswith(
        "xl-sudoku: solve: stopped: a worker process died (killed by SIGKILL) 3 times at the "
        f"same work; {out} is left as it was (--force replaces it when a run ends)\n"
    )


@pytest.mark.slow
def test_a_worker_killed_from_outside_loses_nothing(tmp_path: Path) -> None:
    # the real thing: kill -9 of a worker, mid-run (1.5 s of CPU for 9,999 puzzles)
    path, puzzles = bank(tmp_path, 9999)
    out = tmp_path / "w.csv"
    argv = ["solve", str(path), "--jobs", "2", "-o", str(out), "--columns", STABLE, "-q"]
    process = subprocess.Popen(
        [sys.executable, "-m", "xl_sudoku", *argv], stderr=subprocess.PIPE, text=True
    )
    parent = psutil.Process(process.pid)
    deadline = time.monotonic() + 60
    while len(parent.children()) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.3)
    assert process.poll() is None, "the run ended before the kill"
    parent.children()[0].kill()
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "a worker process died (killed by SIGKILL)" in err
    assert len(check_rows(out, puzzles)) == 9999


# --- row 2: a full disk keeps what was written, and says so -----------------------------------


@contextlib.contextmanager
def file_size_limit(size: int) -> Iterator[None]:
    """Writes past ``size`` bytes of any file fail (EFBIG), as a disk that fills does:
    the kernel's RLIMIT_FSIZE, its signal ignored so that the write returns the error."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)


@pytest.mark.parametrize("resume", [False, True])
def test_a_write_that_fails_keeps_every_whole_result_for_resume(
    resume: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, puzzles = bank(tmp_path, 1500)
    out = tmp_path / "w.csv"
    argv = ("solve", str(path), "-o", str(out), "--columns", STABLE, "-q")
    more = ("--resume",) if resume else ()
    with file_size_limit(150_000):  # past the first block written (64 KiB)
        status, _, err = run_or_exit(capsys, *argv, *more)
    kept = check_rows(out, puzzles)
    assert status == 1 and 0 < len(kept) < 1500
    assert out.stat().st_size <= 150_000
    assert err == (
        f"xl-sudoku: cannot write {out}: File too large; it holds {len(kept):,} results; "
        "run the same command with --resume to go on\n"
    )
    status, _, err = run_or_exit(capsys, *argv, "--resume")
    assert status == 0, err
    assert len(check_rows(out, puzzles)) == 1500


def test_a_full_disk_keeps_what_was_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a real full disk: a 3 MB tmpfs (mounting one needs root; elsewhere the size limit
    # above makes the same failure)
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(disk)],
        capture_output=True,
        check=False,
    ).returncode:
        pytest.skip("mounting a tmpfs needs root")
    try:
        (disk / "filler").write_bytes(b"\0" * ((3 << 20) - (160 << 10)))
        path, puzzles = bank(tmp_path, 3000)
        out = disk / "w.csv"
        status, _, err = run_or_exit(
            capsys, "solve", str(path), "-o", str(out), "--columns", STABLE, "-q"
        )
        kept = check_rows(out, puzzles)
        assert status == 1 and 0 < len(kept) < 3000
        assert err == (
            f"xl-sudoku: cannot write {out}: No space left on device; it holds "
            f"{len(kept):,} results; run the same command with --resume to go on\n"
        )
        (disk / "filler").unlink()
        status, _, err = run_or_exit(
            capsys, "solve", str(path), "-o", str(out), "--columns", STABLE, "-q", "--resume"
        )
        assert status == 0, err
        assert len(check_rows(out, puzzles)) == 3000
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def test_a_replaced_file_stays_whole_when_the_disk_fills(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = bank(tmp_path, 1500)
    out = tmp_path / "w.csv"
    out.write_text("mine\n")
    with file_size_limit(150_000):
        status, _, err = run_or_exit(capsys, "solve", str(path), "-o", str(out), "--force", "-q")
    assert status == 1 and out.read_text() == "mine\n"
    assert err == (
        f"xl-sudoku: cannot write {out}: File too large; {out} is left as it was (--force "
        "replaces it when a run ends)\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("solve", "{p}"),
        ("rate", "{p}"),
        ("steps", "{p}"),
        ("convert", "{p}", "--to", "grid"),
        ("generate", "--seed", "1"),
        ("hint", "{p}"),
        ("target", "{p}"),
        ("render", "{p}"),
        ("latex", "{p}"),
    ],
)
def test_standard_output_on_a_full_device_is_said(
    argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        status = main([a.format(p=EASY) for a in argv])
        monkeypatch.undo()
    err = capsys.readouterr().err
    assert status == 1
    assert err.endswith("xl-sudoku: cannot write the output: No space left on device\n")


# --- row 3: --jobs capped at what can help, and said ------------------------------------------


class Threads(concurrent.futures.ThreadPoolExecutor):
    """A process pool's stand-in that forks nothing and records how many it was asked for."""

    asked: ClassVar[list[int]] = []

    def __init__(self, max_workers: int, initializer: object = None, initargs: object = ()) -> None:
        Threads.asked.append(max_workers)
        super().__init__(max_workers)


@pytest.mark.parametrize(("jobs", "count"), [("300", 3), ("100000", 50)])
def test_jobs_are_capped_at_cores_and_puzzles(
    jobs: str,
    count: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from xl_sudoku.helpers.runner import cores

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Threads)
    Threads.asked.clear()
    path, puzzles = bank(tmp_path, count)
    status, out, err = run_or_exit(capsys, "solve", str(path), "--jobs", jobs)
    useful = min(cores(), count)
    assert Threads.asked == ([useful] if useful > 1 else [])
    assert status == 0
    assert all(solved(line, puzzle) for line, puzzle in zip(out.split(), puzzles, strict=True))
    puzzles_word = f", {count} puzzles" if count < cores() else ""
    plural = "es" * (useful != 1)
    assert err.startswith(
        f"xl-sudoku: --jobs {int(jobs):,}: working in {useful} process{plural} "
        f"({cores()} core{'s' * (cores() != 1)}{puzzles_word}: more would not help)\n"
    )


def test_generate_shares_its_puzzles_among_jobs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # generate's puzzles are numbered, not read from a file: -n is how many there are
    # (--jobs 2 worked in 1 process, saying "1 puzzle: more would not help")
    from xl_sudoku.helpers import runner

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Threads)
    monkeypatch.setattr(runner, "cores", lambda: 4)
    Threads.asked.clear()
    status, out, err = run_or_exit(capsys, "generate", "-n", "4", "--seed", "1", "--jobs", "2")
    assert status == 0
    assert Threads.asked == [2]
    assert "more would not help" not in err
    lines = out.splitlines()
    assert len(lines) == 4
    for line in lines:  # each a proper puzzle, by an independent search
        assert len(list(itertools.islice(rdss_solutions(parse_puzzle(line[:81])), 2))) == 1


# --- row 8, 9, 12: numbers and values that cannot be right are refused -----------------------


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail (not hang) if the block takes longer than ``seconds``."""

    def late(*_: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("rating", ["nan-inf", "nan", "4-inf", "-inf-5", "inf"])
def test_a_rating_that_is_no_number_is_refused(
    rating: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with deadline(20):  # (nan-inf ran for ever)
        status, _, err = run_or_exit(capsys, "generate", "-n", "1", f"--rating={rating}")
    assert status == 2
    assert err.endswith(f"error: argument --rating: {rating!r} is not a range such as 4.0-5.5\n")


def test_the_core_refuses_a_rating_range_that_is_no_number() -> None:
    from xl_sudoku.core.generate import rating_range

    for bad in ((math.nan, math.inf), (4.0, math.inf), (math.nan, 5.0)):
        with pytest.raises(ValueError, match="a rating is a number"):
            rating_range(None, bad)


@pytest.mark.parametrize("scale", ["1e9", "100", "10.5", "0", "-1", "nan", "inf", "two"])
def test_a_picture_scale_out_of_range_is_refused(
    scale: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # (1e9 and 100 took memory by the gigabyte; 0, -1, nan, inf were taken silently)
    from xl_sudoku.cli.registry import build_parser

    with pytest.raises(SystemExit) as refused:
        build_parser().parse_args(["render", INKALA_2010, "--scale", scale, "-o", "r.png"])
    assert refused.value.code == 2
    assert f"argument --scale: {scale!r}: the scale is a number from 0.1 to 10" in (
        capsys.readouterr().err
    )


@pytest.mark.slow
def test_a_picture_at_the_largest_scale_is_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("PIL")
    out = tmp_path / "big.png"
    status, _, err = run_or_exit(capsys, "render", INKALA_2010, "--scale", "10", "-o", str(out))
    assert (status, err) == (0, "")
    assert out.read_bytes()[16:24] == (4560).to_bytes(4, "big") + (4560).to_bytes(4, "big")


@pytest.mark.parametrize("address", ["bogus://x", "http://host:8786", "nowhere"])
def test_a_cluster_address_that_cannot_be_is_refused_at_once(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with deadline(5):  # (bogus://x waited 20 s, then an internal error)
        status, out, err = run_or_exit(capsys, "solve", INKALA_2010, "--cluster", address)
    assert (status, out) == (2, "")
    assert err == (
        f"xl-sudoku: error: --cluster: {address!r} is not a scheduler's address "
        "(tcp://HOST:8786; the schemes: tcp, tls, inproc, ucx, ws, wss)\n"
    )


@pytest.mark.parametrize("command", ["solve", "generate"])
def test_a_column_named_twice_is_refused(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = () if command == "generate" else (INKALA_2010,)
    out = tmp_path / "o.csv"
    status, _, err = run_or_exit(
        capsys, command, *source, "-o", str(out), "--columns", "puzzle,puzzle"
    )
    assert status == 2 and not out.exists()
    assert err.endswith(
        "error: argument --columns: 'puzzle' is named twice (a column comes once)\n"
    )


# --- row 10, 11, 17: workbooks and the workbook builder ---------------------------------------


def encrypted_copy(tmp_path: Path) -> Path:
    """examples/grids.xlsx with every zip entry's encryption flag set (as a zip tool that
    encrypts leaves it): zipfile asks for a password to read it."""
    data = bytearray((EXAMPLES / "grids.xlsx").read_bytes())
    for match in re.finditer(b"PK\x03\x04", bytes(data)):
        data[match.start() + 6] |= 1
    for match in re.finditer(b"PK\x01\x02", bytes(data)):
        data[match.start() + 8] |= 1
    path = tmp_path / "locked.xlsx"
    path.write_bytes(bytes(data))
    return path


def test_an_encrypted_workbook_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("openpyxl")
    path = encrypted_copy(tmp_path)
    why = "it is encrypted (a zip with a password): save it again without one"
    status, out, err = run_or_exit(capsys, "solve", str(path))
    assert (status, out, err) == (2, "", f"xl-sudoku: error: {path}: {why}\n")
    status, out, err = run_or_exit(capsys, "batch", str(path), "-o", str(tmp_path / "out"), "-q")
    assert (status, out) == (1, "")
    assert err == f"xl-sudoku: {path}: {why}\n"


def test_build_workbook_makes_no_folder_it_was_not_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "nonexistent" / "x.xlsm"
    status, out, err = run_or_exit(capsys, "build-workbook", "-o", str(target))
    assert (status, out) == (1, "")
    assert err == f"xl-sudoku: cannot write {target}: there is no folder {target.parent}\n"
    assert not target.parent.exists()


@pytest.mark.parametrize(
    ("options", "why"),
    [
        (["-o", "book.xlsx"], "the workbook has macros, so its name must end in .xlsm"),
        (["-o", "book"], "the workbook has macros, so its name must end in .xlsm"),
        (
            ["--lite", "-o", "lite.xlsm"],
            "the Lite workbook has no macros, so its name must end in .xlsx",
        ),
    ],
)
def test_build_workbook_names_a_workbook_as_excel_opens_it(
    options: list[str], why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Excel refuses a workbook whose extension does not match its content (a macro-free
    one named .xlsm, one with macros named .xlsx)."""
    options[-1] = str(tmp_path / options[-1])
    status, out, err = run_or_exit(capsys, "build-workbook", *options)
    assert (status, out, err) == (2, "", f"xl-sudoku: error: {options[-1]}: {why}\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("options", [[], ["--lite"], ["-o", "my-sudoku.xlsm"]])
def test_build_workbook_replaces_a_workbook_only_with_force(
    options: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A workbook already where build-workbook writes is kept, as every command keeps the
    outputs it would replace, unless --force: ``-o my-sudoku.xlsm`` (--help's example) is
    the copy a user fills in, and a wheel's user has no repository's workbook/ to rebuild."""
    from xl_sudoku.workbook import build, lite

    # the builders' own bytes are made and checked by tests/excel and tests/lite
    monkeypatch.setattr(build, "build", lambda: b"a fresh workbook")
    monkeypatch.setattr(lite, "build_lite", lambda: b"a fresh workbook")
    monkeypatch.chdir(tmp_path)
    default = "workbook/sudoku-lite.xlsx" if "--lite" in options else "workbook/sudoku.xlsm"
    target = Path(options[-1] if "-o" in options else default)
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(b"my puzzles")
    status, out, err = run_or_exit(capsys, "build-workbook", *options)
    assert (status, out) == (2, "")
    assert err == f"xl-sudoku: error: {target} exists: use --force to replace it\n"
    assert target.read_bytes() == b"my puzzles"
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]  # nothing left
    status, out, err = run_or_exit(capsys, "build-workbook", *options, "--force")
    assert (status, err) == (0, "")
    assert target.read_bytes() == b"a fresh workbook"


def test_a_folder_of_our_own_outputs_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("a.solved.xlsx", "b.solved.xlsx", "c.solved.xlsm"):
        (tmp_path / name).write_bytes((EXAMPLES / "grids.xlsx").read_bytes())
    status, out, err = run_or_exit(capsys, "batch", str(tmp_path))
    assert (status, out) == (1, "")
    assert err == (
        "xl-sudoku: batch: no workbook to read (.xlsx, .xlsm); 3 files passed over as our "
        "own outputs (a.solved.xlsx ...): name one to read it again\n"
    )


# --- row 13: a stopped run's count is the file's ----------------------------------------------


@pytest.mark.parametrize("form", ["csv", "txt"])
def test_a_stopped_run_says_exactly_what_the_file_holds(
    form: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # SIGTERM landing between a result written and its count (the run said 907,788, the
    # file held 907,789): made here by a stop right after the 1,234th result is written
    from xl_sudoku.cli import bank as bank_module
    from xl_sudoku.helpers.runner import Terminated

    path, puzzles = bank(tmp_path, 3000)
    calls = [0]
    report = bank_module._report

    def stopped_after_1234(*arguments: object) -> None:
        calls[0] += 1
        if calls[0] == 1234:
            raise Terminated()
        report(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(bank_module, "_report", stopped_after_1234)
    # a bad puzzle on every line sends each result through _report, in either form
    path.write_text("".join(f"{p[:80]}x\n" for p in puzzles))
    out = tmp_path / f"w.{form}"
    status, _, err = run_or_exit(capsys, "solve", str(path), "-o", str(out), "-q")
    lines = out.read_text().splitlines()
    results = len(lines) - (form == "csv")
    assert status == 143 and results == 1234
    assert err.endswith(
        f"xl-sudoku: solve: stopped (SIGTERM): {out} holds 1,234 results; run the same "
        "command with --resume to go on\n"
    )


# --- row 15: messages that lead somewhere -----------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("slove", INKALA_2010),
            "xl-sudoku: error: unknown command 'slove': did you mean 'solve'?",
        ),
        (
            ("solve", "--formt", "grid", INKALA_2010),
            "xl-sudoku solve: error: unknown option --formt: did you mean --format?",
        ),
        (
            ("hint", INKALA_2010, "--techniques", "xwing"),
            "xl-sudoku hint: error: argument --techniques: unknown technique 'xwing': "
            "did you mean 'x-wing'? (--help lists every name)",
        ),
        (
            ("generate", "--technique", "swordfsh"),
            "xl-sudoku generate: error: argument --technique: unknown technique "
            "'swordfsh': did you mean 'swordfish'?",
        ),
        (
            ("solve", "8", "3", "6", "7", "9", "2", "5", "7"),
            "xl-sudoku solve: error: unrecognized arguments: 3 6 7 9 2 5 7 (a puzzle with "
            "spaces is one argument: quote it, xl-sudoku solve '8 3 6 7 9 2 5 7')",
        ),
    ],
)
def test_a_mistyped_word_gets_the_nearest_right_one(
    argv: tuple[str, ...], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_or_exit(capsys, *argv)
    assert (status, out) == (2, "")
    assert said in err
    assert len(err) < 1000  # not every name there is
