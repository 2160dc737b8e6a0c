"""Every input gets an answer or a plain message (issue 50): inputs that never end
(devices, pipes), lines no format has, tables a reader cannot split, and the messages
that say what to do. Each test names the row of the issue it answers."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.puzzles import INKALA_2010
from xl_sudoku.cli import main
from xl_sudoku.core import is_solution, parse_puzzle

Run = tuple[int, str, str]
#: the longest line the reader takes (``core.formats.LONGEST_LINE``): 1 MiB of characters
LONGEST_LINE = 1 << 20


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    try:
        status = main(list(argv))
    except SystemExit as exit:  # argparse's usage errors
        status = int(exit.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


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
        status, out, err = run(capsys, *words)
    assert (status, out) == (2, "")
    assert err == f"xl-sudoku: error: {str(fifo)!r} is not a text file of puzzles\n"
    assert taken[0] < 1 << 20, f"read {taken[0]:,} bytes before refusing"
    assert not (tmp_path / "z.csv").exists()


def test_a_pipe_of_text_is_solved_as_it_comes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a FIFO of puzzles, fed slowly: its first answers do not wait for the end of it
    with endless_pipe(tmp_path, (INKALA_2010 + "\n").encode(), 82 * 30) as (fifo, _):
        status, out, err = run(capsys, "solve", str(fifo), "-q")
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
        status, out, err = run(capsys, "render", str(fifo))
    assert (status, out) == (2, "")
    assert "holds more than 4 MiB: this command reads its puzzles whole" in err
    assert taken[0] < 6 << 20


# --- row 5: a line of any length is read in linear time, and refused early in words ------------


def test_a_line_of_40_mb_is_refused_in_linear_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.txt"
    with path.open("wb") as file:
        file.write(b"1" * (40 << 20))
        file.write(f"\n{INKALA_2010}\n".encode())
    started = time.process_time()
    status, out, err = run(capsys, "solve", str(path), "-q")
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
    status, out, err = run(capsys, "solve", str(path), "-q")
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
    status, out, err = run(capsys, "solve", str(path), "--jobs", "2", "-q")
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
        status, out, err = run(capsys, "shell", "--script", str(script))
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
    status, out, _ = run(capsys, "solve", str(path))
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
    status, out, err = run(capsys, "solve", str(path))
    assert status == 0 and err == "" and solved(out.strip())


def test_a_note_after_a_puzzle_needs_its_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(f"{INKALA_2010} Easy one\n{INKALA_2010}  # Easy one\n")
    status, out, _ = run(capsys, "solve", str(path))
    bad, answer = out.splitlines()
    assert bad == "# line 1: 81 cells, then 'Easy one': a note after a puzzle needs a # before it"
    assert solved(answer) and status == 1


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
