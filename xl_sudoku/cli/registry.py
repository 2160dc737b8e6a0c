"""The commands, in the order ``--help`` lists them, and where each is defined (cli layer).

A command ``NAME`` lives in ``xl_sudoku.cli.<module>``, which defines
``configure_<NAME>(parser)`` (its arguments) and ``run_<NAME>(args) -> ExitStatus``
(with ``-`` in the name written ``_``). Adding a command is one line here and those two
functions there; ``tests/test_cli.py`` checks every line resolves.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from .. import PROG, __version__
from .shared import ExitStatus

Configure = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], ExitStatus]


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    module: str  # in xl_sudoku.cli
    summary: str  # one line for the list of commands

    def load(self) -> tuple[Configure, Run]:
        """The command's two functions."""
        module = import_module(f"{__package__}.{self.module}")
        attribute = self.name.replace("-", "_")
        configure: Configure = getattr(module, f"configure_{attribute}")
        run: Run = getattr(module, f"run_{attribute}")
        return configure, run


COMMANDS: tuple[Command, ...] = (
    Command("solve", "solve", "solve one puzzle or a file of puzzles"),
    Command("steps", "logic", "solve as a person would, printing every step"),
    Command("hint", "logic", "a hint for the next step"),
    Command("rate", "logic", "rate puzzles on Sudoku Explainer's scale"),
    Command("shell", "shell", "an interactive session after readalps' SudokuSolver"),
    Command("generate", "generate", "make new puzzles with one solution"),
    Command("target", "target", "target sudoku (NOIP 2009): the highest-scoring solution"),
    Command("convert", "convert", "write puzzles (and pencil marks) in another tool's format"),
    Command("render", "pictures", "a picture of a grid: SVG, or PNG (with Pillow)"),
    Command("latex", "pictures", "printable grids: LaTeX (or PDF, with pdflatex)"),
    Command("batch", "batch", "solve the puzzles in .xlsx/.xlsm files (no Excel needed)"),
    Command("build-workbook", "workbook", "build workbook/sudoku.xlsm from its sources"),
)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every command with its arguments and its ``run``."""
    parser = argparse.ArgumentParser(
        prog=PROG, description="A sudoku solver: fast pure-Python core, Excel workbook, batch mode."
    )
    parser.add_argument("-V", "--version", action="version", version=f"%(prog)s {__version__}")
    # no command at all prints this help (``main``): what a new user needs first
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for command in COMMANDS:
        configure, run = command.load()
        sub = commands.add_parser(command.name, help=command.summary)
        configure(sub)
        sub.set_defaults(run=run)
    return parser
