"""``xl-sudoku examples``: the example files every --help example reads, copied out of the
installed package (a wheel has no repository beside it), so that those examples run as
shown; nothing of the user's ever lost. The same command from a wheel installed outside
the repository: tests/smoke_wheel.py, which .ci/run runs."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run
from xl_sudoku.cli.examples import example_files
from xl_sudoku.cli.registry import EXAMPLES as HELP_EXAMPLES
from xl_sudoku.core import is_solution, parse_puzzle, read_puzzles

ROOT = Path(__file__).resolve().parents[2]
#: what the command copies: the repository's examples/, without make_examples.py
SHIPPED = {
    path.name: path.read_bytes()
    for path in sorted((ROOT / "examples").iterdir())
    if path.suffix in (".txt", ".xlsx")
}


def test_it_copies_every_example_file_into_examples_and_says_what_next(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "examples")
    assert (status, err) == (0, "")
    copied = {path.name: path.read_bytes() for path in (tmp_path / "examples").iterdir()}
    assert copied == SHIPPED and len(SHIPPED) >= 7 and "make_examples.py" not in copied
    for name, data in SHIPPED.items():
        assert f"wrote {Path('examples', name)} ({len(data):,} bytes)" in out
    steps = " ".join(out.split())  # the steps, unwrapped
    assert "1. Solve the example puzzles: xl-sudoku solve examples/puzzles.txt" in steps
    assert "2. Solve the example workbooks: xl-sudoku batch examples -o solved" in steps
    assert "--help read these files from examples/: run them in this folder." in steps
    # the first next step, as it says
    status, out, err = run(capsys, "solve", "examples/puzzles.txt")
    assert (status, err) == (0, "")
    puzzles = [record.grid for record in read_puzzles(SHIPPED["puzzles.txt"].decode())]
    answers = out.splitlines()
    assert len(answers) == len(puzzles) >= 5
    for answer, puzzle in zip(answers, puzzles, strict=True):
        assert puzzle is not None and is_solution(parse_puzzle(answer), puzzle)
    # run again: each file the same, kept
    status, out, err = run(capsys, "examples")
    assert (status, err) == (0, "")
    assert out.count("kept examples/") == len(SHIPPED) and "wrote" not in out


def test_another_folder_is_named_in_the_next_steps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "my examples"  # made, with a space in its name
    status, out, err = run(capsys, "examples", str(folder))
    assert (status, err) == (0, "")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == SHIPPED
    steps = " ".join(out.split())
    assert f"xl-sudoku solve {shlex.quote(str(folder / 'puzzles.txt'))}" in steps
    assert f"xl-sudoku batch {shlex.quote(str(folder))} -o solved" in steps
    assert f"from examples/: write {shlex.quote(str(folder))} in its place." in steps


def test_a_file_of_the_users_is_kept_and_nothing_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = tmp_path / "puzzles.txt"
    mine.write_bytes(b"my own puzzles\n")
    status, out, err = run(capsys, "examples", str(tmp_path))
    assert status == 2 and out == ""
    assert err == f"xl-sudoku: error: {mine} exists: use --force to replace it\n"
    assert [p.name for p in tmp_path.iterdir()] == ["puzzles.txt"]  # checked before writing
    assert mine.read_bytes() == b"my own puzzles\n"


def test_force_replaces_atomically_and_leaves_every_other_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = tmp_path / "puzzles.txt"
    mine.write_bytes(b"an older copy\n")
    other = tmp_path / "elsewhere.txt"
    other.hardlink_to(mine)  # a rename leaves the old file whole under its other name
    status, out, err = run(capsys, "examples", str(tmp_path), "--force")
    assert (status, err) == (0, "")
    assert mine.read_bytes() == SHIPPED["puzzles.txt"] and other.read_bytes() == b"an older copy\n"
    assert f"replaced {mine}" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*SHIPPED, "elsewhere.txt"])


def test_a_folder_that_is_a_file_or_cannot_be_made_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "a file").write_text("x")
    status, _, err = run(capsys, "examples", str(tmp_path / "a file"))
    assert (status, err) == (2, f"xl-sudoku: error: {tmp_path / 'a file'} is not a folder\n")
    status, _, err = run(capsys, "examples", str(tmp_path / "a file" / "examples"))
    assert status == 1  # an output that cannot be written (docs/command-line.md's table)
    assert err.startswith(f"xl-sudoku: cannot make the folder {tmp_path / 'a file'}")


def test_the_files_come_from_an_installed_package_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wheel's copy (importlib.resources) is taken before the repository's, and only the
    example files of it (a script beside them is not one)."""
    package = tmp_path / "elsewhere" / "xl_sudoku_fake_examples"
    package.mkdir(parents=True)
    (package / "puzzles.txt").write_bytes(b"from the wheel")
    (package / "make_examples.py").write_bytes(b"")
    monkeypatch.syspath_prepend(str(tmp_path / "elsewhere"))
    assert example_files("xl_sudoku_fake_examples") == {"puzzles.txt": b"from the wheel"}
    # without such a package (a clone), the repository's own folder
    assert example_files("xl_sudoku_no_such_package") == SHIPPED


def test_every_file_the_help_examples_read_is_one_it_copies() -> None:
    """Each ``examples/...`` path in a command's --help examples, and in the top-level
    help's, names a file the command copies (the commands themselves run on the
    repository's examples/ in their own tests; solve, as above, on the copies)."""
    from xl_sudoku.cli.registry import build_parser

    lines = [line for shown in HELP_EXAMPLES.values() for line in shown]
    lines += (build_parser().epilog or "").splitlines()
    named = {
        word
        for line in lines
        if line.strip().startswith("xl-sudoku ") and shlex.split(line)[1] != "examples"
        for word in shlex.split(line)[2:]
        if word.split("/")[0] == "examples"
    }
    assert {"examples", "examples/puzzles.txt", "examples/shell-orders.txt"} <= named
    for word in named - {"examples"}:
        assert word.removeprefix("examples/") in SHIPPED, word
    # and the one path that named another folder: target's example, now examples/
    assert not [line for line in lines if "tests/data" in line]


@pytest.mark.parametrize(
    ("platform", "shown"),
    [("linux", "'my puzzles/puzzles.txt'"), ("win32", '"my puzzles/puzzles.txt"')],
)
def test_a_folder_with_a_space_is_quoted_as_the_users_shell_reads_it(
    monkeypatch: pytest.MonkeyPatch, platform: str, shown: str
) -> None:
    # cmd.exe reads no single quotes: on Windows the next steps quote with double ones
    from xl_sudoku.cli import examples

    monkeypatch.setattr(sys, "platform", platform)
    assert examples.quoted(Path("my puzzles") / "puzzles.txt").replace("\\", "/") == shown
