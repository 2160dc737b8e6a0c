"""The pipeline's last stage, save: the output written without losing anything (batch
layer); and the checks the open stage makes before any work, so that save cannot fail
where it could have refused at the start.

Results never overwrite the input unless asked (``in_place``). Every write is
``atomic.writing``'s, the package's one atomic writer: a temporary file in the target's
real folder (through a symlink, to the file it points to), flushed to disk, given the
old file's permissions and owner, then moved over the target; an interruption (Ctrl-C,
SIGTERM) or a full disk leaves the old file whole and no temporary file behind, and one
left by a killed run is removed by the next. Here its errors are put in words (a full
disk, a file open in another program), and a target we must not replace is refused
before anything is written: open in Excel or LibreOffice (their lock files), read-only,
hard-linked, or another user's file we could not give back.

The file a run replaces is the file it read: ``--in-place`` holds a lock of ours beside
it for the run (``.NAME.xl-sudoku.lock``: a second run on the file waits for it, or
refuses; a lock left by a killed run holds nothing), and the file is compared with what
was read (size, modification time, inode, a SHA-256 of its bytes) just before the
rename: if another program saved it meanwhile, nothing is written.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

from ..helpers import atomic
from .archive import WorkbookError

MACRO_SUFFIXES: Final = (".xlsm", ".xltm")
SUFFIXES: Final = (".xlsx", ".xlsm", ".xltx", ".xltm")


def output_path(
    source: Path, output: Path | None, in_place: bool, kind: str = "", stem: str | None = None
) -> Path:
    """Where the results of ``source`` go: the input itself with ``in_place``, else ``output``
    (a file if it ends .xlsx/.xlsm/.xltx/.xltm, else a folder), else ``NAME.solved.xlsx``
    beside it. ``kind`` is the package's own suffix (what its content types say it is:
    an ``.xlsm`` has macros); an output file named with another suffix is refused.
    ``stem`` names the output in place of the input's name (``club (2)``: two inputs of one
    name, one folder of outputs)."""
    if in_place:
        return source
    suffix = kind or (source.suffix.lower() if source.suffix.lower() in SUFFIXES else ".xlsx")
    if output is None:
        return source.with_name(_fitting(stem or source.stem, f".solved{suffix}", source.parent))
    try:
        is_folder = output.is_dir() or output.suffix.lower() not in SUFFIXES
    except OSError as error:
        raise WorkbookError(f"cannot write in {output.parent}: {error.strerror}") from None
    if is_folder:  # a folder, made if need be
        return output / _fitting(stem or source.stem, f".solved{suffix}", output)
    if kind and output.suffix.lower() != kind:
        what = "has macros" if kind in MACRO_SUFFIXES else "has no macros"
        raise WorkbookError(
            f"{output}: the workbook is {kind} (it {what}): name the output {output.stem}{kind}"
        )
    return output


def _fitting(stem: str, tail: str, folder: Path) -> str:
    """``stem + tail``, or, if that is longer than a file name may be, the stem cut (at a
    whole character) and told apart by a hash of it: ``STEM~1a2b3c4d.solved.xlsx``."""
    if atomic.fits(stem + tail, folder):
        return stem + tail
    mark = "~" + hashlib.sha256(os.fsencode(stem)).hexdigest()[:8]
    room = atomic.name_max(folder) - len(os.fsencode(mark + tail))
    cut = stem
    while len(os.fsencode(cut)) > room:
        cut = cut[:-1]
    return cut + mark + tail


# --- is it ours to replace? ---------------------------------------------------------------------


def lock_file(target: Path) -> Path | None:
    """Excel's (``~$NAME``) or LibreOffice's (``.~lock.NAME#``) lock file beside ``target``:
    the workbook is open in one of them."""
    for name in (f"~${target.name}", f".~lock.{target.name}#"):
        candidate = target.with_name(name)
        try:
            if candidate.exists():
                return candidate
        except OSError:  # a name too long to exist: they could not make it either
            continue
    return None


def check_replaceable(target: Path, instead: str = "use -o to write a copy") -> None:
    """Refuse, before anything is written, to replace a file that must not be replaced;
    ``instead`` says what to do instead."""
    real = atomic.target_of(target)
    try:
        status = real.stat()
    except (FileNotFoundError, NotADirectoryError):
        return  # a new file; its folder is made (or refused) when it is written
    except OSError as error:
        raise WorkbookError(f"cannot write {target}: {error.strerror}") from None
    lock = lock_file(real)
    if lock is not None:
        raise WorkbookError(
            f"{target} is open in Excel or LibreOffice (lock file {lock.name}): close it first"
        )
    if not status.st_mode & stat.S_IWUSR or not os.access(real, os.W_OK):
        raise WorkbookError(f"{target} is read-only: make it writable first, or {instead}")
    if status.st_nlink > 1:
        raise WorkbookError(
            f"{target} has {status.st_nlink} hard links: replacing it would break them; {instead}"
        )
    user = os.geteuid() if hasattr(os, "geteuid") else None  # POSIX only
    if user is not None and user not in (status.st_uid, 0):  # root can give it back
        raise WorkbookError(
            f"{target} belongs to another user: replacing it would make it yours; {instead}"
        )


# --- writing atomically ------------------------------------------------------------------------


def atomic_write(
    target: Path,
    fill: Callable[[IO[bytes]], object],
    *,
    replace: bool = True,
    check: Callable[[], None] | None = None,
) -> None:
    """Write ``target`` through ``fill(file)`` with ``atomic.writing`` (into the real
    target's folder, made if need be; the old file's permissions and owner kept; on any
    failure or interruption the old file stays and no temporary file), its errors said in
    words: ``WorkbookError``. ``replace=False``: an existing file is never replaced;
    ``check`` runs just before the rename (see ``atomic.writing``)."""
    real = atomic.target_of(target)
    folder = real.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise WorkbookError(f"cannot write in {folder}: {error.strerror}") from None
    _remove_old_leftovers(real)
    opened = False
    try:
        with atomic.writing(real, replace=replace, check=check) as file:
            opened = True
            fill(file)
    except FileExistsError:
        raise _taken(target) from None
    except OSError as error:
        if not opened:  # the temporary file could not be made
            raise WorkbookError(f"cannot write in {folder}: {error.strerror}") from None
        raise WorkbookError(_write_error(target, error)) from None


def _taken(target: Path) -> WorkbookError:
    return WorkbookError(f"{target} exists: use --force to replace it (or -o elsewhere)")


def _write_error(target: Path, error: OSError) -> str:
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"cannot write {target}: no space left on the disk (nothing was changed)"
    if isinstance(error, PermissionError):
        return f"cannot write {target}: {error.strerror} (is it open in another program?)"
    return f"cannot write {target}: {error.strerror or error}"


def _remove_old_leftovers(real: Path) -> None:
    """Temporary workbooks an earlier version (before 0.2, ``mkstemp``'s names
    ``.NAME.XXXXXXXX.tmp``) left when killed while writing, untouched for an hour: no run
    still writes them. (Today's are ``atomic``'s, which removes its own.)"""
    prefix = f".{real.name}."
    try:
        names = [p for p in real.parent.iterdir() if p.name.startswith(prefix)]
    except OSError:
        return
    for path in names:
        if re.fullmatch(r"[a-z0-9_]{8}\.tmp", path.name[len(prefix) :]) and _old_workbook(path):
            path.unlink(missing_ok=True)


def _old_workbook(path: Path) -> bool:
    """A zip file untouched for an hour: no run still writes it."""
    try:
        with path.open("rb") as file:
            return file.read(2) == b"PK" and time.time() - path.stat().st_mtime > 3600
    except OSError:
        return False


def save(
    fill: Callable[[IO[bytes]], object],
    target: Path,
    *,
    replace: bool,
    unchanged: Fingerprint | None = None,
) -> None:
    """The save stage: ``target`` written through ``fill(file)`` (the patched package),
    atomically.

    ``replace`` allows replacing an existing file (the input itself, or ``--force``);
    ``unchanged``: the target must still be that file just before it is replaced."""
    if not replace and target.exists():
        raise _taken(target)
    check_replaceable(target)
    atomic_write(
        target,
        fill,
        replace=replace,
        check=None if unchanged is None else lambda: unchanged.check(target),
    )


def writable(target: Path, *, replace: bool) -> None:
    """Refuse, before a file's puzzles are solved, an output that could not be written: one
    that exists (without ``replace``), one we must not replace, one in a folder we cannot
    write in (or make)."""
    try:
        exists = target.exists()
    except OSError as error:  # a name too long, say
        raise WorkbookError(f"cannot write {target}: {error.strerror}") from None
    if exists and not replace:
        raise WorkbookError(f"{target} exists: use --force to replace it (or -o elsewhere)")
    check_replaceable(target)
    folder_may_hold(target)


def folder_may_hold(target: Path) -> None:
    """``WorkbookError`` unless a file can be made at ``target``: its folder, or the
    nearest folder above it that exists (the rest are made), is a folder we may write in."""
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise WorkbookError(f"cannot write in {target.parent}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise WorkbookError(f"cannot write in {folder}: permission denied")


# --- the file read is the file replaced ----------------------------------------------------------


@dataclass(frozen=True)
class Fingerprint:
    """A file as it was read: its size, modification time, inode (and device), and a
    SHA-256 of its bytes."""

    size: int
    mtime_ns: int
    inode: int
    device: int
    digest: bytes

    @classmethod
    def of(cls, path: Path) -> Fingerprint:
        """``path``'s fingerprint, its bytes read once, in pieces."""
        try:
            with path.open("rb") as file:
                status = os.fstat(file.fileno())
                digest = hashlib.sha256()
                while piece := file.read(2**20):
                    digest.update(piece)
        except OSError as error:
            raise WorkbookError(f"cannot read it: {error.strerror}") from None
        return cls(
            status.st_size, status.st_mtime_ns, status.st_ino, status.st_dev, digest.digest()
        )

    def same_status(self, path: Path) -> bool:
        """True if ``path`` has the size, time and inode it had (its bytes not read)."""
        try:
            status = path.stat()
        except OSError:
            return False
        return (status.st_size, status.st_mtime_ns, status.st_ino, status.st_dev) == (
            self.size,
            self.mtime_ns,
            self.inode,
            self.device,
        )

    def check(self, path: Path) -> None:
        """``WorkbookError`` unless ``path`` is still the file this fingerprint was taken
        of, byte for byte."""
        if not self.same_status(path) or Fingerprint.of(path) != self:
            raise WorkbookError(
                f"{path} changed while it was being solved (saved by another program?): "
                "nothing was written; run again to solve the new version"
            )


# --- our lock, for a run that replaces a file ----------------------------------------------------

LOCK_WAIT: Final = 60.0  # seconds a run waits for another run's lock on the same file
_LOCK_POLL: Final = 0.1


def lock_path(target: Path) -> Path:
    """Our lock file for ``target`` (for the file a symlink points to, beside it):
    ``.NAME.xl-sudoku.lock``, or a hash of ``NAME`` for it where that name would be too
    long to be legal."""
    real = atomic.target_of(target)
    return real.with_name(f".{atomic.hidden_stem(real, LOCK_SUFFIX)}{LOCK_SUFFIX}")


LOCK_SUFFIX: Final = ".xl-sudoku.lock"


class Lock:
    """Our lock on a file for a run: ``.NAME.xl-sudoku.lock`` beside it, holding our
    process id. Held by ``flock`` where there is one (POSIX): the kernel lets go of it
    when the process ends, however it ends, so a lock file left by a killed run holds
    nothing and the next run takes it over. Elsewhere the file's existence is the lock.
    A run that finds the file held waits (``LOCK_WAIT`` seconds), then refuses."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.path = lock_path(target)
        self._handle: int | None = None

    def acquire(self) -> None:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            holder = self._try()
            if holder is None:
                return
            if time.monotonic() >= deadline:
                who = f" (process {holder})" if holder else ""
                raise WorkbookError(
                    f"{self.target} is being written by another run of xl-sudoku{who}: "
                    f"try again when it ends (its lock: {self.path.name})"
                )
            time.sleep(_LOCK_POLL)

    def _try(self) -> str | None:
        """None if the lock is now ours, else who holds it (a process id, or '')."""
        try:
            import fcntl  # noqa: PLC0415 - POSIX only
        except ImportError:
            return self._try_exclusive()
        try:
            handle = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise WorkbookError(f"cannot write in {self.path.parent}: {error.strerror}") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _read_holder(handle)
            os.close(handle)
            return holder
        try:  # the file we hold must still be the lock (not one a run ended and removed)
            held, there = os.fstat(handle), os.stat(self.path)
            same = (held.st_ino, held.st_dev) == (there.st_ino, there.st_dev)
        except OSError:
            same = False
        if not same:
            os.close(handle)
            return ""
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        self._handle = handle
        return None

    def _try_exclusive(self) -> str | None:
        """Where there is no ``flock``: the lock is the file, made if it is not there."""
        try:
            handle = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            return self.path.read_text(errors="replace").strip() if self.path.exists() else ""
        except OSError as error:
            raise WorkbookError(f"cannot write in {self.path.parent}: {error.strerror}") from None
        os.write(handle, f"{os.getpid()}\n".encode())
        self._handle = handle
        return None

    def release(self) -> None:
        """Let go of the lock and remove its file (before letting go: a run waiting for it
        then sees that the file it holds is no longer the lock)."""
        if self._handle is None:
            return
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        os.close(self._handle)
        self._handle = None


def _read_holder(handle: int) -> str:
    with contextlib.suppress(OSError):
        text = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
        if text.isdigit():
            return text
    return ""


@contextlib.contextmanager
def locked(target: Path) -> Iterator[None]:
    """Our lock on ``target`` for the block (``Lock``)."""
    lock = Lock(target)
    lock.acquire()
    try:
        yield
    finally:
        lock.release()
