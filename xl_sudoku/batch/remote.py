"""Batch mode on a cluster (batch layer): the transport of a file to a worker and back.

Here, ``prepare_remote`` reads a file (with ``--in-place``, locked until its output is
written); there, ``handle_remotely`` solves its bytes in a temporary folder and sends
back the result and the output's bytes; here again, ``write_remote`` writes them where
``pipeline.handle_file`` would have. ``cli/cluster.py`` sends them (``run``'s
``map_files``); ``run`` lets go of every lock left when it ends (``release_remote``).
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

from .archive import WorkbookError
from .options import Options
from .pipeline import FileResult, handle_file
from .progress import COUNT
from .save import Fingerprint, Lock, atomic_write, output_path, writable


def handle_remotely(name: str, data: bytes, options: Options) -> tuple[FileResult, bytes]:
    """``pipeline.handle_file`` on a file's bytes where the file is not (a cluster's worker): the
    file is solved in a temporary folder; returns its result and the output's bytes (none
    if nothing was written). The caller writes them where they go (``write_remote``)."""
    with tempfile.TemporaryDirectory(prefix="xl-sudoku-") as folder:
        path = Path(folder) / "in" / name
        path.parent.mkdir()
        path.write_bytes(data)
        out = Path(folder) / "out"
        local = Options(
            output=out,
            force=True,
            named_range=options.named_range,
            column=options.column,
            logic_only=options.logic_only,
            techniques=options.techniques,
            limits=options.limits,
        )
        result = handle_file(path, local, COUNT)
        written = Path(result.output).read_bytes() if result.output else b""
        if result.output:
            result.output = Path(result.output).name
    return result, written


# files sent elsewhere with --in-place: our lock on each, and the file as it was read
_REMOTE: dict[str, tuple[Lock, Fingerprint]] = {}


def prepare_remote(path: Path, options: Options) -> tuple[bytes | None, str | None]:
    """What ``handle_remotely`` needs of a file, read here, or why it cannot be done (the
    output checked as ``handle_file`` checks it, before any work). With ``--in-place``
    the file is locked until ``write_remote`` (or ``release_remote``)."""
    try:
        refusal = options.refusal(path)
        if refusal is not None:
            raise WorkbookError(refusal)
        target = output_path(path, options.output, options.in_place, stem=options.stem(path))
        if not options.in_place and target.resolve() == path.resolve():
            raise WorkbookError("the output would replace the input: use --in-place for that")
        writable(target, replace=options.in_place or options.force)
        if path.is_file() and path.stat().st_size == 0:
            raise WorkbookError("it is empty (0 bytes): there is nothing in it to solve")
        if options.in_place:
            lock = Lock(path)
            lock.acquire()
            try:
                read = Fingerprint.of(path)
            except WorkbookError:
                lock.release()
                raise
            _REMOTE[str(path)] = (lock, read)
    except WorkbookError as error:
        return None, str(error)
    try:
        data = path.read_bytes()
    except OSError as error:
        release_remote(path)
        return None, f"cannot read it: {error.strerror}"
    if str(path) in _REMOTE and hashlib.sha256(data).digest() != _REMOTE[str(path)][1].digest:
        release_remote(path)
        return None, f"{path} changed while it was being read: run again"
    return data, None


def write_remote(path: Path, options: Options, result: FileResult, data: bytes) -> FileResult:
    """A file handled elsewhere: its output written here, atomically, where ``handle_file``
    would have written it (in place: only if the file is still the one read); the result
    names this file and that output."""
    result.path = str(path)
    held = _REMOTE.get(str(path))
    try:
        if result.output is None:
            return result
        suffix = Path(result.output).suffix.lower()
        target = output_path(path, options.output, options.in_place, suffix, options.stem(path))
        try:
            atomic_write(
                target,
                lambda file: file.write(data),
                replace=options.in_place or options.force,
                check=None if held is None else lambda: held[1].check(target),
            )
        except WorkbookError as error:
            result.error, result.output = str(error), None
        else:
            result.output = str(target)
        return result
    finally:
        release_remote(path)


def release_remote(path: Path | None = None) -> None:
    """Let go of the lock ``prepare_remote`` took on ``path`` (None: on every file)."""
    for name in [str(path)] if path is not None else list(_REMOTE):
        held = _REMOTE.pop(name, None)
        if held is not None:
            held[0].release()
