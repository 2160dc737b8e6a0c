"""Writing a file atomically: the old file whole, or the new one whole (edge helper,
standard library only).

    write_bytes(path, data)                 # replace path, if it exists
    write_bytes(path, data, replace=False)  # FileExistsError if it exists

The data goes to a temporary file in the target's own folder (a rename is atomic only
within one file system), is flushed and ``fsync``-ed, gets the permissions of the file it
replaces (a new file: what ``open()`` would give it, 0o666 less the umask), and is then
renamed over the target; the folder is ``fsync``-ed too, so the rename survives a power
cut. Whatever fails — a full disk, a read-only folder, Ctrl-C, an exception — the target
is as it was and no temporary file is left behind. On Linux the temporary file has no
name until it is complete (``O_TMPFILE``), so even a process killed outright (SIGKILL)
leaves nothing; elsewhere a kill can leave a hidden ``.NAME.*.tmp`` file, never a
damaged target.

Every writer of the package uses this: the command line's outputs, batch mode's
workbooks and reports, the workbook builder.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import tempfile
from pathlib import Path

__all__ = ["permissions_for", "write_bytes"]

# what open(O_TMPFILE) answers where the file system (or the kernel) cannot make unnamed files
_NO_TMPFILE = frozenset((errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL))
_PROC_FD = Path("/proc/self/fd")  # how an unnamed file is given a name (linkat)


def write_bytes(path: Path, data: bytes, *, replace: bool = True) -> None:
    """Write ``data`` to ``path`` atomically (see the module's text).

    With ``replace=False`` an existing ``path`` is never touched: ``FileExistsError``,
    even if another process creates it while the data is being written. Any other
    failure is the ``OSError`` of the step that failed; the target is then unchanged.
    """
    path = Path(path)
    if not replace and path.exists():
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
    mode = permissions_for(path)
    handle, name = _temporary(path)
    try:
        with os.fdopen(handle, "wb") as file:  # closed whatever happens below
            file.write(data)
            file.flush()
            if name is None:
                os.fchmod(handle, mode)
            else:
                os.chmod(name, mode)  # os.fchmod is POSIX-only
            os.fsync(handle)
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


def permissions_for(path: Path) -> int:
    """The permission bits a file written at ``path`` gets: those of the file it replaces,
    else those ``open()`` gives a new file (0o666 less the umask)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _temporary(path: Path) -> tuple[int, str | None]:
    """An open temporary file beside ``path``, and its name (None: an unnamed file)."""
    if hasattr(os, "O_TMPFILE") and _PROC_FD.is_dir():
        try:
            return os.open(path.parent, os.O_TMPFILE | os.O_WRONLY, 0o600), None
        except OSError as error:
            if error.errno not in _NO_TMPFILE:
                raise  # no such folder, no permission: a named file would fail the same way
    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)


def _link_beside(handle: int, path: Path) -> str:
    """A fresh hidden name beside ``path`` for the unnamed file open as ``handle``."""
    while True:
        name = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
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
