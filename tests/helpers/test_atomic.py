"""Atomic writes: the old file whole or the new one whole, and nothing left behind."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from xl_sudoku.helpers import atomic

OLD = b"the old contents\n"
NEW = b"the new contents, longer than the old\n" * 1000


@pytest.fixture(params=["unnamed", "named"])
def kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Both ways of making the temporary file: unnamed (Linux, O_TMPFILE) and named."""
    if request.param == "named":
        monkeypatch.setattr(atomic, "_PROC_FD", Path("/nonexistent/proc/fd"))
    elif not (hasattr(os, "O_TMPFILE") and Path("/proc/self/fd").is_dir()):
        pytest.skip("no O_TMPFILE here")
    yield request.param


def test_a_new_file_gets_what_open_would_give_it(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out.txt"
    atomic.write_bytes(target, NEW)
    assert target.read_bytes() == NEW
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert os.listdir(tmp_path) == ["out.txt"]


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out.txt"
    target.write_bytes(OLD)
    target.chmod(0o640)
    atomic.write_bytes(target, NEW)
    assert target.read_bytes() == NEW
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert os.listdir(tmp_path) == ["out.txt"]


def test_without_replace_an_existing_file_is_never_touched(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out.txt"
    target.write_bytes(OLD)
    with pytest.raises(FileExistsError):
        atomic.write_bytes(target, NEW, replace=False)
    assert target.read_bytes() == OLD
    atomic.write_bytes(tmp_path / "fresh.txt", NEW, replace=False)
    assert sorted(os.listdir(tmp_path)) == ["fresh.txt", "out.txt"]


def test_a_file_that_appears_while_writing_is_not_replaced(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    real_fsync = os.fsync

    def someone_else_writes(handle: int) -> None:
        real_fsync(handle)
        if not target.exists():
            target.write_bytes(OLD)

    monkeypatch.setattr(os, "fsync", someone_else_writes)
    with pytest.raises(FileExistsError):
        atomic.write_bytes(target, NEW, replace=False)
    assert target.read_bytes() == OLD
    assert os.listdir(tmp_path) == ["out.txt"]


@pytest.mark.parametrize(
    ("step", "failure"),
    [
        ("fsync", OSError(errno.ENOSPC, "No space left on device")),
        ("fsync", KeyboardInterrupt()),
        ("replace", OSError(errno.EBUSY, "Device or resource busy")),
        ("replace", KeyboardInterrupt()),
    ],
)
def test_a_write_that_fails_midway_leaves_the_old_file_and_nothing_else(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch, step: str, failure: BaseException
) -> None:
    target = tmp_path / "out.txt"
    target.write_bytes(OLD)

    def fail(*_: object) -> None:
        raise failure

    monkeypatch.setattr(os, step, fail)
    with pytest.raises(type(failure)):
        atomic.write_bytes(target, NEW)
    monkeypatch.undo()
    assert target.read_bytes() == OLD
    assert os.listdir(tmp_path) == ["out.txt"]


def test_a_missing_folder_is_an_error_and_leaves_nothing(tmp_path: Path, kind: str) -> None:
    with pytest.raises(FileNotFoundError):
        atomic.write_bytes(tmp_path / "no" / "out.txt", NEW)
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_an_error_and_leaves_the_file(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out.txt"
    target.write_bytes(OLD)
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(PermissionError):
            atomic.write_bytes(target, NEW)
    finally:
        tmp_path.chmod(0o755)
    assert target.read_bytes() == OLD
    assert os.listdir(tmp_path) == ["out.txt"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")
def test_a_process_killed_midway_leaves_the_old_file(tmp_path: Path) -> None:
    """SIGKILL allows no clean-up: the old file stays whole, and on Linux (an unnamed
    temporary file) nothing else is left either."""
    target = tmp_path / "out.txt"
    target.write_bytes(OLD)
    ready = tmp_path.parent / f"{tmp_path.name}.ready"
    code = textwrap.dedent(
        f"""
        import os, pathlib, time
        from xl_sudoku.helpers import atomic

        def stall(handle):  # the data is written, not yet in place: be killed here
            pathlib.Path({str(ready)!r}).touch()
            time.sleep(60)

        os.fsync = stall
        atomic.write_bytes(pathlib.Path({str(target)!r}), b"x" * 5_000_000)
        """
    )
    writer = subprocess.Popen([sys.executable, "-c", code])
    try:
        for _ in range(500):
            if ready.exists() or writer.poll() is not None:
                break
            subprocess.run(["sleep", "0.02"], check=True)
        assert ready.exists(), "the writer never got midway"
        writer.send_signal(signal.SIGKILL)
    finally:
        writer.wait(10)
    assert writer.returncode == -signal.SIGKILL
    assert target.read_bytes() == OLD
    if hasattr(os, "O_TMPFILE") and Path("/proc/self/fd").is_dir():
        assert os.listdir(tmp_path) == ["out.txt"]


def test_an_error_in_the_writing_block_leaves_the_old_file_and_nothing_else(
    tmp_path: Path, kind: str
) -> None:
    target = tmp_path / "out.txt"
    target.write_bytes(OLD)
    with pytest.raises(ValueError, match="made midway"), atomic.writing(target) as file:
        file.write(NEW)
        raise ValueError("made midway")
    assert target.read_bytes() == OLD
    assert os.listdir(tmp_path) == ["out.txt"]
    with atomic.writing(target) as file:  # streamed in pieces
        for _ in range(3):
            file.write(NEW)
    assert target.read_bytes() == NEW * 3


def test_a_symlink_stays_a_link_to_the_new_contents(tmp_path: Path, kind: str) -> None:
    real = tmp_path / "real.txt"
    real.write_bytes(OLD)
    real.chmod(0o604)
    (tmp_path / "links").mkdir()
    link = tmp_path / "links" / "link.txt"
    link.symlink_to(real)
    atomic.write_bytes(link, NEW)
    assert link.is_symlink() and link.resolve() == real
    assert real.read_bytes() == NEW and stat.S_IMODE(real.stat().st_mode) == 0o604
    assert sorted(os.listdir(tmp_path)) == ["links", "real.txt"]
    assert os.listdir(tmp_path / "links") == ["link.txt"]
    with pytest.raises(FileExistsError):  # it exists, through the link
        atomic.write_bytes(link, OLD, replace=False)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="needs root to give away")
def test_a_replaced_file_keeps_its_owner_and_group(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "theirs.txt"
    target.write_bytes(OLD)
    os.chown(target, 12345, 23456)
    target.chmod(0o640)
    atomic.write_bytes(target, NEW)
    status = target.stat()
    assert (status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)) == (12345, 23456, 0o640)
    atomic.write_bytes(tmp_path / "new.txt", NEW)  # a new file is the writer's
    assert (tmp_path / "new.txt").stat().st_uid == os.geteuid()


def test_a_named_temporary_file_of_a_dead_process_is_removed_by_the_next_write(
    tmp_path: Path, kind: str
) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    target = tmp_path / "out.txt"
    stale = tmp_path / f".out.txt.xl-sudoku-{int(gone.stdout)}-1a2b3c4d.tmp"
    alive = tmp_path / f".out.txt.xl-sudoku-{os.getpid()}-1a2b3c4d.tmp"  # a write under way
    other = tmp_path / f".other.txt.xl-sudoku-{int(gone.stdout)}-1a2b3c4d.tmp"  # not for out.txt
    for path in (stale, alive, other):
        path.write_bytes(b"half")
    atomic.write_bytes(target, NEW)
    assert sorted(os.listdir(tmp_path)) == sorted(["out.txt", alive.name, other.name])
