"""The ``xl-sudoku`` command line (edge layer: reads text, calls the core, prints).

    xl-sudoku solve PUZZLE|FILE|- [--count | --all] [--limit N] [--stats] [--format line|grid]
    xl-sudoku steps PUZZLE|FILE|- [--techniques LIST] [--until N]
    xl-sudoku shell [FILE|PUZZLE] [--log steps|readalps] [--script ORDERS]
    xl-sudoku hint  PUZZLE|FILE|- [--level 1|2|3] [--techniques LIST]
    xl-sudoku rate  PUZZLE|FILE|- [--techniques LIST]
    xl-sudoku generate [-n N] [--difficulty LABEL | --rating 4.0-5.5] [--technique NAME]
                       [--symmetry rot180] [--minimal] [--seed S] [-o FILE.txt|FILE.xlsx]
                       [--clues N | --blanks N] [--max-attempts N] [--seconds S]
    xl-sudoku target PUZZLE|FILE|- [--format line|grid|score]
    xl-sudoku convert PUZZLE|FILE|-|LINK --to line|grid|compact|ss|sdk|sdm|pm|ss-pm|s9b|link
    xl-sudoku render PUZZLE|FILE [--candidates | --solve | --step N] [-o grid.svg|grid.png]
    xl-sudoku latex PUZZLE|FILE [--stage bare|forced|marked|worked|all | --booklet]
                    [--template ours|assignment] [--no-guess] [-o F.tex|F.pdf]
    xl-sudoku batch FILE|DIR... [-o OUT] [--in-place] [--jobs N] [--range R] [--column C]
    xl-sudoku examples [FOLDER] [--force]
    xl-sudoku setup-workbook [FOLDER] [--lite] [--force]
    xl-sudoku build-workbook [-o workbook/sudoku.xlsm] [--force]

Every FILE of puzzles may be a workbook (.xlsx/.xlsm: the grids and lists batch mode
finds, or ``--range``/``--column``).

One module per group of commands (``registry`` lists them), the inputs, messages and
outputs they share in ``inputs``, ``errors`` and ``arguments``, and ``main`` below: the
one place that turns what a command raises (and Ctrl-C, SIGTERM, a closed pipe, a full
disk) into a message and an exit status (``ExitStatus``), as docs/command-line.md's
table says: 0 everything done (a puzzle with several solutions counts as solved where
its first is shown), 1 something failed (a bad puzzle, no puzzle, an output not
written), 2 a usage error (a mistyped command or option gets the nearest right one), 3
a bug of ours, 130 Ctrl-C, 141 the output's reader gone, 143 SIGTERM. ``xl-sudoku``
with no command prints the help. Nothing else in the package imports this one.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import errno
import os
import sys
from collections.abc import Sequence

from .. import PROG
from ..helpers.runner import Terminated, WorkerLostError, sigterm_as_interrupt
from .errors import CommandError, ExitStatus, UsageError, interrupted, say
from .registry import COMMANDS, build_parser, command_parser

__all__ = ["ExitStatus", "main"]

#: a write that failed for want of room: a full disk, a quota, a file size limit
_FULL = frozenset((errno.ENOSPC, errno.EDQUOT, errno.EFBIG))
#: what a puzzle given as words is made of: cells, as ``solve 7 6 195 ...`` (unquoted)
_CELLS = frozenset("0123456789.-_*")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    _check_command(parser, words)
    args, unknown = parser.parse_known_args(words)
    if unknown:  # the command's own usage, not the top-level one's
        command = command_parser(parser, next((a for a in words if not a.startswith("-")), None))
        (command or parser).error(_unrecognized(command or parser, unknown, args))
    run = getattr(args, "run", None) or (lambda _: _help(parser))
    try:
        with sigterm_as_interrupt():  # SIGTERM stops every command as Ctrl-C does
            status: int = run(args)
            sys.stdout.flush()  # here, where a full disk or a closed pipe can be said
    except (Exception, KeyboardInterrupt) as error:
        return _ended(error, getattr(args, "command", None) or PROG)
    return status


def _ended(error: BaseException, command: str) -> ExitStatus:
    """The status a command stopped by ``error`` ends with, its message said (the table
    of docs/command-line.md)."""
    status = ExitStatus.FAILED
    if isinstance(error, UsageError):
        say(f"error: {error}")
        status = ExitStatus.USAGE
    elif isinstance(error, CommandError):
        say(str(error))
    elif isinstance(error, KeyboardInterrupt):  # Ctrl-C, or SIGTERM (``Terminated``)
        if not getattr(error, "said", False):  # the banks say what they leave
            say(f"{command}: stopped ({interrupted(error)})")
        terminated = isinstance(error, Terminated)
        status = ExitStatus.TERMINATED if terminated else ExitStatus.INTERRUPTED
    elif isinstance(error, OSError):  # a closed pipe, a full disk: said, not a bug of ours
        status = _output_failed(error)
    elif isinstance(error, WorkerLostError):  # batch mode's workers
        say(f"{command}: stopped: {error}")
    else:  # no traceback reaches a user; XL_SUDOKU_DEBUG shows it
        if os.environ.get("XL_SUDOKU_DEBUG"):
            raise error
        say(f"internal error: {error!r} (set XL_SUDOKU_DEBUG=1 for details)")
        status = ExitStatus.INTERNAL
    return status


def _output_failed(error: OSError) -> ExitStatus:
    """A write or a read that failed: the reader of the output gone (``| head``: stopped
    quietly, as a program SIGPIPE ends), or a full disk, a device's error, said."""
    if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
        _drop_stdout()
        return ExitStatus.BROKEN_PIPE
    if error.filename is None and (error.errno in _FULL or _stdout_broken()):
        _drop_stdout()  # (the files a command writes are named in its own messages)
        say(f"cannot write the output: {error.strerror or error}")
    else:
        where = f"{error.filename}: " if error.filename else ""
        say(f"{where}{error.strerror or error}")
    return ExitStatus.FAILED


def _help(parser: argparse.ArgumentParser) -> ExitStatus:
    """No command given: the list of commands, which is what a new user needs first (and
    a usage error: nothing was asked)."""
    parser.print_help()
    return ExitStatus.USAGE


def _check_command(parser: argparse.ArgumentParser, words: list[str]) -> None:
    """A first word that is no command: said with the nearest one (``slove``: did you
    mean ``solve``?)."""
    if not words or words[0].startswith("-"):
        return
    names = [command.name for command in COMMANDS]
    if words[0] not in names:
        close = difflib.get_close_matches(words[0], names, n=1)
        guess = f": did you mean {close[0]!r}?" if close else ""
        parser.error(f"unknown command {words[0]!r}{guess} (the commands: {', '.join(names)})")


def _unrecognized(
    parser: argparse.ArgumentParser, unknown: list[str], args: argparse.Namespace
) -> str:
    """What is wrong with the words a command did not take: an option it lacks (with the
    nearest it has), or a puzzle's cells given as many words (quote them)."""
    options = [word for word in unknown if word.startswith("-") and word != "-"]
    if options:
        name = options[0].split("=", 1)[0]
        known = [o for action in parser._actions for o in action.option_strings]
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
        guess = f": did you mean {close[0]}?" if close else f" ({parser.prog} --help lists them)"
        return f"unknown option {name}{guess}"
    given = [str(getattr(args, "source", "") or ""), *unknown]
    if all(word and not set(word) - _CELLS for word in given):
        whole = " ".join(given)
        return (
            f"unrecognized arguments: {' '.join(unknown)} (a puzzle with spaces is one "
            f"argument: quote it, {parser.prog} '{whole}')"
        )
    return f"unrecognized arguments: {' '.join(unknown)}"


def _stdout_broken() -> bool:
    """Whether standard output is what failed: it cannot take what is left for it."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return False


def _drop_stdout() -> None:
    """Standard output goes nowhere from now on, so that what is left in its buffer does
    not fail again at exit (a second message, and Python's own status 120)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # (a test's StringIO)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
