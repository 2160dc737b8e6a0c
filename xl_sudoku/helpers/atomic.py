"""Writing a file atomically: the old file whole, or the new one whole (edge helper,
standard library only).

    write_bytes(path, data)                 # replace path, if it exists
    write_bytes(path, data, replace=False)  # FileExistsError if it exists
    with writing(path) as file:             # the same, for data written as it is made
        archive.save(file)

The data goes to a temporary file in the target's own folder (a rename is atomic only
within one file system), is flushed and ``fsync``-ed, gets the permissions and the owner
of the file it replaces (a new file: what ``open()`` would give it, 0o666 less the
umask), and is then renamed over the target; the folder is ``fsync``-ed too, so the
rename survives a power cut. A target that is a symlink stays one: the file it points to
is replaced. Whatever fails — a full disk, a read-only folder, Ctrl-C, SIGTERM turned
into an exception, an error in the caller's block — the target is as it was and no
temporary file is left behind.

On Linux the temporary file has no name until it is complete (``O_TMPFILE``), so even a
process killed outright (SIGKILL) leaves nothing. Elsewhere it is
``.NAME.xl-sudoku-PID-RANDOM.tmp``: a kill can leave it (never a damaged target), and the
next write beside it removes it once process PID is gone. Where ``NAME`` is too long for
that name to be legal (a name may have 255 bytes), a hash of it stands for it
(``hidden_stem``).

Every writer of the package uses this: the command line's outputs, batch mode's
workbooks and reports, the workbook builder.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Final, NamedTuple

__all__ = ["fits", "hidden_stem", "name_max", "remove_stale", "target_of", "write_bytes", "writing"]

# what open(O_TMPFILE) answers where the file system (or the kernel) cannot make unnamed files
_NO_TMPFILE = frozenset((errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL))
_PROC_FD = Path("/proc/self/fd")  # how an unnamed file is given a name (linkat)
_MARK: Final = "xl-sudoku"  # in a named temporary file's name: .NAME.xl-sudoku-PID-RANDOM.tmp
_OURS: Final = re.compile(rf"{_MARK}-(\d+)-[0-9a-f]+\.tmp")


def write_bytes(path: Path, data: bytes, *, replace: bool = True) -> None:
    """Write ``data`` to ``path`` atomically (see the module's text and ``writing``)."""
    with writing(path, replace=replace) as file:
        file.write(data)


@contextlib.contextmanager
def writing(
    path: Path, *, replace: bool = True, check: Callable[[], None] | None = None
) -> Iterator[IO[bytes]]:
    """A binary file to write; when the block ends, what was written replaces ``path``
    atomically (see the module's text). If the block raises, ``path`` is untouched.

    With ``replace=False`` an existing ``path`` is never touched: ``FileExistsError``,
    even if another process creates it while the data is being written. Any other
    failure is the ``OSError`` of the step that failed; the target is then unchanged.
    ``check`` is called when the new file is whole, just before it replaces ``path``: if
    it raises, nothing is replaced (a file that changed since it was read, say).
    """
    path = target_of(Path(path))
    if not replace and path.exists():
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
    remove_stale(path)
    keep = _Keep.of(path)
    handle, name = _temporary(path)
    try:
        with os.fdopen(handle, "wb") as file:  # closed whatever happens below
            yield file
            file.flush()
            keep.apply(handle, name)
            os.fsync(handle)
            if check is not None:
                check()
            if name is None:  # unnamed until now, when it is whole
                if not replace:
                    _link_fd(handle, str(path))  # FileExistsError if it appeared
                    _sync_folder(path.parent)
                    return
                name = _link_beside(handle, path)
        if replace:
            os.replace(name, path)
        else:
            _link_new(name, path)
        name = None
        _sync_folder(path.parent)
    except BaseException:
        if name is not None:
            with contextlib.suppress(OSError):
                os.unlink(name)
        raise


def target_of(path: Path) -> Path:
    """The file a write to ``path`` really replaces: through symlinks, the file they point
    to (replacing the link itself would turn it into a copy)."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


NAME_MAX: Final = 255  # the longest file name most file systems allow, in bytes


def name_max(folder: Path) -> int:
    """The longest file name ``folder``'s file system allows, in bytes (of the nearest
    folder above it that exists; ``NAME_MAX`` where the system cannot say)."""
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):  # AttributeError: no pathconf (Windows)
        return NAME_MAX


def fits(name: str, folder: Path) -> bool:
    """True if ``name`` is short enough for a file in ``folder``."""
    return len(os.fsencode(name)) <= name_max(folder)


def hidden_stem(path: Path, suffix: str) -> str:
    """The stem of a hidden name of ours beside ``path`` (``.STEM`` + ``suffix``): its own
    name, or, where that would be longer than a name may be, a hash of it (the same for
    every run, so that one run finds another's)."""
    if fits(f".{path.name}{suffix}", path.parent):
        return path.name
    return hashlib.sha256(os.fsencode(path.name)).hexdigest()[:24]


#: the longest a temporary name's part after the stem is: .xl-sudoku-PID-RANDOM.tmp
_TEMPORARY_TAIL: Final = f".{_MARK}-{'9' * 10}-{'f' * 8}.tmp"


def remove_stale(path: Path) -> None:
    """Remove the named temporary files for ``path`` that a killed write left behind
    (SIGKILL or a power cut, where files cannot be unnamed): those whose process is gone."""
    prefix = f".{hidden_stem(path, _TEMPORARY_TAIL)}."
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            if not entry.name.startswith(prefix):
                continue
            match = _OURS.fullmatch(entry.name[len(prefix) :])
            if match and not _alive(int(match.group(1))):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)


class _Keep(NamedTuple):
    """What the new file keeps of the one it replaces: permissions, owner and group."""

    mode: int
    owner: int  # -1: ours (a new file, or a system without owner ids)
    group: int

    @classmethod
    def of(cls, path: Path) -> _Keep:
        """Those of ``path``, else what ``open()`` gives a new file (0o666 less the umask)."""
        try:
            status = path.stat()
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            return cls(0o666 & ~umask, -1, -1)
        if not hasattr(os, "geteuid"):  # Windows: files have no owner ids to keep
            return cls(stat.S_IMODE(status.st_mode), -1, -1)
        owner = -1 if status.st_uid == os.geteuid() else status.st_uid
        group = -1 if status.st_gid == os.getegid() else status.st_gid
        return cls(stat.S_IMODE(status.st_mode), owner, group)

    def apply(self, handle: int, name: str | None) -> None:
        """Give the temporary file (open as ``handle``; named ``name`` unless unnamed) the
        owner and group, both if we may (root), else the group if we are in it, else it
        stays ours (batch mode refuses such a target first); then the mode (after, as a
        change of owner can clear set-id bits)."""
        if self.owner != -1 or self.group != -1:
            try:
                os.fchown(handle, self.owner, self.group)
            except PermissionError:
                with contextlib.suppress(PermissionError):
                    os.fchown(handle, -1, self.group)
        if name is None:
            os.fchmod(handle, self.mode)
        else:
            os.chmod(name, self.mode)  # os.fchmod is POSIX-only


def _temporary(path: Path) -> tuple[int, str | None]:
    """An open temporary file beside ``path``, and its name (None: an unnamed file)."""
    if hasattr(os, "O_TMPFILE") and _PROC_FD.is_dir():
        try:
            return os.open(path.parent, os.O_TMPFILE | os.O_WRONLY, 0o600), None
        except OSError as error:
            if error.errno not in _NO_TMPFILE:
                raise  # no such folder, no permission: a named file would fail the same way
    while True:
        name = _temporary_name(path)
        try:
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), name
        except FileExistsError:
            continue


def _temporary_name(path: Path) -> str:
    """A fresh hidden name beside ``path`` that says whose it is (``remove_stale``)."""
    stem = hidden_stem(path, _TEMPORARY_TAIL)
    return str(path.parent / f".{stem}.{_MARK}-{os.getpid()}-{secrets.token_hex(4)}.tmp")


def _link_beside(handle: int, path: Path) -> str:
    """A fresh hidden name beside ``path`` for the unnamed file open as ``handle``."""
    while True:
        name = _temporary_name(path)
        try:
            _link_fd(handle, name)
        except FileExistsError:
            continue
        return name


def _link_fd(handle: int, name: str) -> None:
    """Give the unnamed file open as ``handle`` the name ``name`` (Linux's
    ``linkat(AT_SYMLINK_FOLLOW)`` on ``/proc/self/fd/N``; ``os.link`` asks for it only
    when given a folder handle)."""
    folder = os.open(_PROC_FD, os.O_RDONLY)
    try:
        os.link(str(handle), name, src_dir_fd=folder, follow_symlinks=True)
    finally:
        os.close(folder)


def _link_new(name: str, path: Path) -> None:
    """Move ``name`` to ``path`` unless ``path`` exists, with no check-then-write race
    (a hard link fails if the target exists); where the file system has no hard links,
    the check made before writing stands."""
    try:
        os.link(name, path)
    except FileExistsError:
        raise
    except OSError:
        if path.exists():
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(name, path)
        return
    os.unlink(name)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows cannot open a folder)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _alive(pid: int) -> bool:
    """True if process ``pid`` may still be running (never a guess that removes a file of
    a live write: where we cannot ask, it is alive)."""
    if pid == os.getpid() or os.name != "posix":  # os.kill(pid, 0) would end it on Windows
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
