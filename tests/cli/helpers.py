"""What the command line's tests share: a command run in this process."""

from __future__ import annotations

import pytest

from xl_sudoku.cli import main

#: a command's exit status, its standard output and its standard error
Run = tuple[int, str, str]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    """``xl-sudoku ARGV`` in this process: its exit status, what it printed and said."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_or_exit(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    """The same, for a command line argparse may refuse: its exit is a status too."""
    try:
        status = main(list(argv))
    except SystemExit as exit:  # argparse's usage errors
        status = int(exit.code or 0)
    out, err = capsys.readouterr()
    return status, out, err
