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
    xl-sudoku setup-workbook [FOLDER] [--lite] [--force]
    xl-sudoku build-workbook [-o workbook/sudoku.xlsm]

Every FILE of puzzles may be a workbook (.xlsx/.xlsm: the grids and lists batch mode
finds, or ``--range``/``--column``).

One module per group of commands (``registry`` lists them), the inputs, messages and
outputs they share in ``shared``, and ``main`` below: the one place that turns what a
command raises into a message and an exit status (``ExitStatus``): 0 when every puzzle
was solved (one with several solutions counts as solved: its first solution is shown and
stderr says ``2 or more solutions; showing the first``), 1 when any puzzle was invalid or
had no solution (each named on stderr with its line), 2 for a usage error, 130 on Ctrl-C,
143 on SIGTERM (the commands that go through many puzzles stop as for Ctrl-C).
``xl-sudoku`` with no command prints the help. Nothing else in the package imports this
one.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..helpers.runner import Terminated
from .errors import CommandError, ExitStatus, UsageError, say
from .registry import build_parser, command_parser

__all__ = ["ExitStatus", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # the command's own usage, not the top-level one's
        command = command_parser(
            parser, next((a for a in argv or sys.argv[1:] if not a.startswith("-")), None)
        )
        (command or parser).error(f"unrecognized arguments: {' '.join(unknown)}")
    run = getattr(args, "run", None) or (lambda _: _help(parser))
    try:
        status: int = run(args)
    except UsageError as error:
        say(f"error: {error}")
        return ExitStatus.USAGE
    except CommandError as error:
        say(str(error))
        return ExitStatus.FAILED
    except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM where a command asked for it
        terminated = isinstance(interrupt, Terminated)
        return ExitStatus.TERMINATED if terminated else ExitStatus.INTERRUPTED
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly, without a second error at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitStatus.FAILED
    except Exception as error:  # no traceback reaches a user; XL_SUDOKU_DEBUG shows it
        if os.environ.get("XL_SUDOKU_DEBUG"):
            raise
        say(f"internal error: {error!r} (set XL_SUDOKU_DEBUG=1 for details)")
        return ExitStatus.INTERNAL
    return status


def _help(parser: argparse.ArgumentParser) -> ExitStatus:
    """No command given: the list of commands, which is what a new user needs first."""
    parser.print_help()
    return ExitStatus.USAGE
