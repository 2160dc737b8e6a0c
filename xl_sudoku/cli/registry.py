"""The commands, in the order ``--help`` lists them, and where each is defined (cli layer).

A command ``NAME`` lives in ``xl_sudoku.cli.<module>``, which defines
``configure_<NAME>(parser)`` (its arguments) and ``run_<NAME>(args) -> ExitStatus``
(with ``-`` in the name written ``_``). Adding a command is one line here and those two
functions there; ``tests/cli/test_cli.py`` checks every line resolves.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from .. import PROG, __version__
from .errors import ExitStatus

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
    Command("shell", "shell", "an interactive session: load, step, run, next solution"),
    Command("generate", "generate", "make new puzzles with one solution"),
    Command("target", "target", "target sudoku (NOIP 2009): the highest-scoring solution"),
    Command("convert", "convert", "write puzzles (and pencil marks) in another tool's format"),
    Command("render", "pictures", "a picture of a grid: SVG, or PNG (with Pillow)"),
    Command("latex", "pictures", "printable grids: LaTeX (or PDF, with pdflatex)"),
    Command("batch", "batch", "solve the puzzles in .xlsx/.xlsm files (no Excel needed)"),
    Command("examples", "examples", "copy the example files the --help examples read"),
    Command("setup-workbook", "workbook", "a copy of the workbook, ready to open in Excel"),
    Command("build-workbook", "workbook", "build workbook/sudoku.xlsm from its sources"),
)


#: a command's first examples, shown at the end of its --help (run by tests/cli/test_cli.py)
EXAMPLES: dict[str, tuple[str, ...]] = {
    "solve": (
        "xl-sudoku solve examples/puzzles.txt",
        "xl-sudoku solve examples/puzzles.txt --count -o counts.csv",
    ),
    "steps": ("xl-sudoku steps examples/puzzles.txt --until 5",),
    "hint": ("xl-sudoku hint examples/puzzles.txt --level 2",),
    "rate": ("xl-sudoku rate examples/puzzles.txt -o rated.csv --jobs 2",),
    "shell": ("xl-sudoku shell --script examples/shell-orders.txt",),
    "generate": ("xl-sudoku generate -n 3 --difficulty expert --seed 1",),
    "target": ("xl-sudoku target examples/puzzles.txt --format score",),
    "convert": ("xl-sudoku convert examples/puzzles.txt --to grid",),
    "render": ("xl-sudoku render examples/puzzles.txt --solve -o grid.svg",),
    "latex": ("xl-sudoku latex examples/puzzles.txt --booklet -o puzzles.tex",),
    "batch": (
        "xl-sudoku batch examples -o solved",
        "xl-sudoku batch book.xlsx --in-place --range 'Sheet1!B3:J11' --range 'Sheet2!C4:K12'",
        "xl-sudoku batch lists/ --no-rate --jobs 4 --report report.csv",
    ),
    "examples": ("xl-sudoku examples", "xl-sudoku examples ~/sudoku-examples"),
    "setup-workbook": ("xl-sudoku setup-workbook sudoku", "xl-sudoku setup-workbook --lite sudoku"),
    "build-workbook": ("xl-sudoku build-workbook -o my-sudoku.xlsm",),
}


class Formatter(argparse.HelpFormatter):
    """Help as a terminal shows it: each paragraph of a description or an epilog wrapped to
    the width, its lines kept, a line's indent kept on the lines it wraps to."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out = []
        for line in text.splitlines():
            lead = indent + " " * (len(line) - len(line.lstrip()))
            out.append(
                textwrap.fill(
                    line.strip(),
                    width,
                    initial_indent=lead,
                    subsequent_indent=lead + "    " if lead.strip() or line[:1] == " " else lead,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
                if line.strip()
                else ""
            )
        return "\n".join(out)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every command with its arguments and its ``run``."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="A sudoku solver: fast pure-Python core, Excel workbook, batch mode.",
        epilog="examples:\n  xl-sudoku examples\n  xl-sudoku solve examples/puzzles.txt\n"
        "  xl-sudoku batch examples -o solved\n  xl-sudoku COMMAND --help",
        formatter_class=Formatter,
    )
    parser.add_argument("-V", "--version", action="version", version=f"%(prog)s {__version__}")
    # no command at all prints this help (``main``): what a new user needs first
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    for command in COMMANDS:
        configure, run = command.load()
        examples = "\n".join(f"  {line}" for line in EXAMPLES.get(command.name, ()))
        sub = commands.add_parser(
            command.name,
            help=command.summary,
            formatter_class=Formatter,
            epilog=f"examples:\n{examples}" if examples else None,
        )
        configure(sub)
        sub.set_defaults(run=run)
    return parser


def command_parser(
    parser: argparse.ArgumentParser, name: str | None
) -> argparse.ArgumentParser | None:
    """The parser of the command ``name`` (its usage goes with an error about its options)."""
    for action in parser._actions:  # argparse keeps its subparsers here, nowhere public
        if isinstance(action, argparse._SubParsersAction):
            found = action.choices.get(name or "")
            return found if isinstance(found, argparse.ArgumentParser) else None
    return None
