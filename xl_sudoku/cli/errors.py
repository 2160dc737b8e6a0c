"""How a command ends and says what went wrong (cli layer): exit statuses, the errors
a command raises, lines on stderr, and a command's output file written.

A command returns an ``ExitStatus``, or raises: ``UsageError`` (exit 2) or
``CommandError`` (exit 1); ``xl_sudoku.cli.main`` is the one place that turns those
(and Ctrl-C, SIGTERM, a closed pipe, a full disk) into statuses and messages, the ones
docs/command-line.md's table gives.
"""

from __future__ import annotations

import sys
from enum import IntEnum
from pathlib import Path

from .. import PROG, __version__
from ..core import (
    PuzzleError,
)
from ..helpers import atomic
from ..helpers.runner import Terminated


class ExitStatus(IntEnum):
    """What the command line's exit status means."""

    OK = 0  # every puzzle solved, every file written
    FAILED = 1  # a puzzle was bad or had no solution, or an output could not be written
    USAGE = 2  # bad arguments, or an input that cannot be read (nothing was done)
    INTERNAL = 3  # a bug of ours (the message asks for XL_SUDOKU_DEBUG=1)
    INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)
    BROKEN_PIPE = 141  # the output's reader went away (128 + SIGPIPE, as ``| head`` leaves)
    TERMINATED = 143  # SIGTERM (128 + SIGTERM): stopped as for Ctrl-C, and said so


class UsageError(Exception):
    """Bad arguments or an unreadable input: exit status 2."""


class CommandError(Exception):
    """The command could not do its work; the message, worded for people, says why:
    exit status 1."""


class AnsweredError(Exception):
    """A puzzle that failed after its answer was printed (``--count``'s ``0``, the steps up
    to the proof that there is no solution): reported, with nothing printed in its place."""

    def __init__(self, error: PuzzleError) -> None:
        super().__init__(str(error))
        self.error = error


def interrupted(interrupt: BaseException) -> str:
    """How a run was stopped, in the words its message uses: ``Ctrl-C`` or ``SIGTERM``."""
    return "SIGTERM" if isinstance(interrupt, Terminated) else "Ctrl-C"


def counted(number: int, noun: str) -> str:
    """``1 puzzle``, ``2 puzzles``, ``1,000 puzzles``: a count and its noun, agreeing."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def say(message: str) -> None:
    """One line on stderr, starting with the program's name."""
    print(f"{PROG}: {message}", file=sys.stderr)


def several(count: int, what: str) -> str | None:
    """The notice for a puzzle with ``count`` solutions (2 meaning two or more): ``2 or
    more solutions; showing the first``; None for a proper puzzle."""
    return f"{count} or more solutions; {what}" if count > 1 else None


def extra_hint(extra: str) -> str:
    """How to install an extra, in the one form every message uses: the extra of the
    version installed, which pip takes as already there (from a wheel, a clone's editable
    install or PyPI alike) and adds only what the extra brings; in double quotes, which
    every shell reads (cmd.exe does not take single quotes)."""
    return (
        f"the '{extra}' extra (pip install \"{PROG}[{extra}]=={__version__}\" "
        "in xl-sudoku's environment)"
    )


def needs_extra(what: str, extra: str) -> UsageError:
    """The error for a missing extra: ``what`` needs it."""
    return UsageError(f"{what} needs {extra_hint(extra)}")


def needs_batch_extra(what: str) -> UsageError:
    """The error for a workbook without openpyxl: ``what`` needs the 'batch' extra."""
    return needs_extra(what, "batch")


def write_output(path: Path, data: bytes, *, force: bool) -> None:
    """Write a command's output file atomically; an existing file only with ``force``."""
    if path.is_dir():
        raise UsageError(f"{path} is a folder")
    try:
        atomic.write_bytes(path, data, replace=force)
    except FileExistsError:
        raise UsageError(f"{path} exists: use --force to replace it") from None
    except OSError as error:  # a folder that is not there, a full disk: nothing is replaced
        raise CommandError(f"cannot write {path}: {error.strerror}") from None
