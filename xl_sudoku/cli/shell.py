"""``xl-sudoku shell``: readalps' interactive session (cli layer).

    xl-sudoku shell [FILE|PUZZLE] [--log steps|readalps] [--script ORDERS]

A prompt ("Order please:") takes readalps' orders, each also under our name: load a
puzzle, show it, choose the techniques (his working modes), take one step, run to the
next solution, run to a step number, leave. ``run`` after a solution goes on to the
next one, until there is none: the core's ``explore`` is the search, waiting between
orders. The log is ours (the ``steps`` command's columns) or readalps' numbered wording
(``--log readalps``: "Guess [6,2] level 1 at 1 out of 2", "Forward guess", "Upward
guess", "No more solution (solution sum is 1).").

Orders come from a terminal (with readline's history and line editing, where Python has
readline) or from a pipe: a script of orders, each echoed after the prompt so the
output reads as the session would. Ctrl-C stops a ``run`` between two steps (a second
one stops the step itself, and the search with it); at the prompt it does not end the
session: ``bye`` does, and so does the end of the input. SIGTERM ends it (status 143).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Final, TextIO

from ..core import format_grid
from ..core.engine import LogicSolver
from ..core.glossary import House
from ..core.session import Found, Kind, Move, explore
from ..core.steps import Family, Step
from ..helpers.runner import Terminated
from .errors import CommandError, ExitStatus, UsageError
from .inputs import checked, entries, read_source
from .logic import changed_cells

PROMPT: Final = "Order please: "


@dataclass(frozen=True, slots=True)
class Mode:
    """A working mode: readalps' number, our name, the techniques, what it means."""

    number: str
    name: str
    techniques: tuple[str, ...] | None  # None: every technique
    meaning: str


MODES: Final = (
    Mode("0", "basic", ("singles", "intersections", "subsets"), "singles, intersections, subsets"),
    Mode("1", "groups", ("singles", "subsets"), "singles and subsets (readalps' grp only)"),
    Mode("2", "intersections", ("singles", "intersections"), "singles and intersections (ply)"),
    Mode("all", "all", None, "every technique the engine knows (ours)"),
)
READALPS_MODES: Final = "(1:grp-only; 2:ply-only; other:both grp and ply)"

#: readalps' name, ours, what it does: the order list ``help`` prints
ORDERS: Final = (
    ("load-quiz <file>", "load FILE|PUZZLE [N]", "load a puzzle (the Nth of a file)"),
    ("show", "show", "the grid as it stands"),
    ("mode [1|2|0]", "mode [basic|groups|intersections|all]", "query or change the techniques"),
    ("step", "step", "take one step"),
    ("run", "run", "run to the end or to the next solution"),
    ("runtil <steps>", "until N", "run until step N"),
    ("bye", "quit", "leave (so does the end of the input)"),
    ("help", "help", "this list"),
)


def configure_shell(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "An interactive session, after the one of SudokuSolver (a C++ program): load a "
        "puzzle, choose the "
        "techniques, step or run through the solve; run again for the next solution. "
        "Orders come from the terminal or, one a line, from a pipe (a script)."
    )
    parser.add_argument(
        "source", nargs="?", metavar="FILE|PUZZLE", help="a puzzle to load first (its file)"
    )
    parser.add_argument(
        "--log",
        type=_log_wording,
        choices=("steps", "numbered"),
        default="steps",
        help="the log's wording: ours (as the steps command), or SudokuSolver's numbered "
        "lines (default steps)",
    )
    parser.add_argument(
        "--script",
        type=Path,
        metavar="ORDERS",
        help="take the orders from this file, one a line, as from a pipe",
    )


def _log_wording(text: str) -> str:
    """``--log``: ``numbered`` is also taken by its first name, its author's (``readalps``)."""
    return "numbered" if text == "readalps" else text


def run_shell(args: argparse.Namespace) -> ExitStatus:
    shell = Shell(sys.stdout, readalps=args.log == "numbered")
    if args.source is not None:
        shell.load(args.source)  # a bad file is a usage error, before any prompt
    if args.script is None:
        ok = shell.serve(sys.stdin)
    else:
        try:
            orders = args.script.open(encoding="utf-8", errors="replace")
        except OSError as error:
            raise UsageError(f"cannot read {str(args.script)!r}: {error.strerror}") from None
        with orders:
            ok = shell.serve(orders)
    return ExitStatus.OK if ok and not shell.skipped else ExitStatus.FAILED


class _StepInterruptedError(Exception):
    """A second Ctrl-C during a run: the step itself was stopped."""


class Shell:
    """One session: the puzzle loaded, its search, the mode, and the orders."""

    def __init__(self, out: TextIO, *, readalps: bool = False) -> None:
        self.out = out
        self.readalps = readalps
        self.mode = MODES[0]
        self.name = ""
        self.skipped = False  # a workbook loaded skipped a sheet: the session then fails
        self.solver: LogicSolver | None = None
        self.search: Generator[Move | Found, None, int] | None = None
        self.number = 0  # steps taken
        self.count = 0  # solutions found
        self.over = False  # no more solutions
        self._stop = False  # Ctrl-C asked a run to stop
        self.orders: dict[str, Callable[[str], None]] = {
            "load-quiz": self.load,
            "load": self.load,
            "show": self.show,
            "mode": self.set_mode,
            "step": self.step,
            "run": self.run,
            "runtil": self.until,
            "until": self.until,
            "help": self.help,
            "?": self.help,
        }

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    # --- the session ---------------------------------------------------------------------

    def serve(self, stdin: TextIO) -> bool:
        """Take orders until ``bye`` or the end of the input; False if any order failed."""
        ok = True
        for line in _lines(stdin, self.out):
            order, _, rest = line.strip().partition(" ")
            if not order or order.startswith("#"):
                continue
            if order in ("bye", "quit", "exit"):
                break
            try:
                self.do(order, rest.strip())
            except (UsageError, CommandError, ValueError) as error:
                self.say(f"error: {error}")
                ok = False
            except Terminated:  # SIGTERM ends the session (main says so)
                raise
            except KeyboardInterrupt:  # Ctrl-C in an order but a run: the order stops
                self.say(f"{order}: interrupted (Ctrl-C)")
                ok = False
            self.out.flush()
        return ok

    def do(self, order: str, rest: str) -> None:
        action = self.orders.get(order.lower())
        if action is None:
            names = ", ".join(sorted({ours.split()[0] for _, ours, _ in ORDERS}))
            raise UsageError(f"unknown order {order!r}: the orders are {names} ('help' says more)")
        action(rest)

    def help(self, _: str) -> None:
        self.say("Order list (readalps' name, then ours):")
        for theirs, ours, what in ORDERS:
            self.say(f"  {theirs:<17} {ours:<39} {what}")
        self.say("Modes (readalps' number, our name):")
        for mode in MODES:
            self.say(f"  {mode.number:<4} {mode.name:<14} {mode.meaning}")

    # --- orders --------------------------------------------------------------------------

    def load(self, rest: str) -> None:
        """``load FILE|PUZZLE [N]``: the Nth puzzle of a file (the first if not said)."""
        if not rest:
            raise UsageError("load what? (load FILE|PUZZLE [N])")
        argument, which = rest, 1
        head, _, tail = rest.rpartition(" ")
        head = head.strip()
        if (
            tail.isdigit()
            and not os.path.exists(rest)
            and (os.path.exists(head) or len("".join(head.split())) == 81)
        ):
            argument, which = head, int(tail)
        source = read_source(argument)  # a workbook too: its grids and lists, in order
        self.skipped = self.skipped or bool(source.skipped)  # as in batch mode: a failure
        records = list(entries(source))
        if not records:
            raise UsageError(f"{source.name}: no puzzle found")
        if not 1 <= which <= len(records):
            raise UsageError(f"{source.name} holds {_count(len(records), 'puzzle')}, not {which}")
        grid = checked(source, records[which - 1])
        self.solver = LogicSolver(grid, self.mode.techniques)
        self.search = explore(self.solver)
        self.name = source.name
        self.number = self.count = 0
        self.over = False
        if self.readalps:
            self.say("Quiz loaded.")
            return
        of = f" (puzzle {which} of {len(records)})" if len(records) > 1 else ""
        answers = {0: "no solution", 1: "one solution", 2: "2 or more solutions"}
        givens = sum(1 for d in grid if d)
        self.say(f"loaded {source.name}{of}: {givens} givens, {answers[self.solver.solutions]}")

    def show(self, _: str) -> None:
        solver = self._loaded()
        grid = solver.board.grid()
        if self.readalps:
            self.say(format_grid(grid, "compact"))
            return
        self.say(format_grid(grid))
        self.say(
            f"{self.name}: step {self.number}, guess level {solver.level}, "
            f"{_count(grid.count(0), 'cell')} open, {_count(self.count, 'solution')} so far, "
            f"mode {self.mode.name}"
        )

    def set_mode(self, rest: str) -> None:
        if rest:
            self.mode = _mode(rest)
            if self.solver is not None:
                self.solver.use(self.mode.techniques)
        if self.readalps:
            number = self.mode.number if self.mode.number.isdigit() else self.mode.name
            self.say(f"Working mode:{number} {READALPS_MODES}")
        else:
            self.say(f"mode {self.mode.name} ({self.mode.number}): {self.mode.meaning}")

    def until(self, rest: str) -> None:
        if not rest.isdigit():
            raise UsageError(f"until which step? ({rest or 'nothing'!r} is not a step number)")
        if self.solver is not None and int(rest) <= self.number:  # (a step would pass it)
            self.say(f"at step {self.number} already: until takes no step")
            return
        self.go(upto=int(rest))

    def step(self, rest: str) -> None:
        _nothing_after(rest)
        self.go(steps=1)

    def run(self, rest: str) -> None:
        _nothing_after(rest)
        self.go()

    def go(self, steps: int | None = None, upto: int | None = None) -> None:
        """Take steps: ``steps`` of them, up to step number ``upto``, or to the next
        solution; stop at a solution, at the end, or at Ctrl-C."""
        self._loaded()
        if self.search is None:
            raise UsageError("the search was stopped in a step (Ctrl-C twice): load to start over")
        if self.over:
            self._ending(0.0)
            return
        started = time.perf_counter()
        taken = 0
        found = False
        with self._interruptible():
            try:
                for event in self._events():
                    if isinstance(event, Found):
                        self._found(event, time.perf_counter() - started)
                        found = True
                        break
                    self._move(event)
                    taken += 1
                    if taken == steps or (upto is not None and event.number >= upto):
                        break
                    if self._stop:
                        self.say(f"stopped at step {self.number} (Ctrl-C): run goes on from here")
                        break
            except _StepInterruptedError:
                self.search = None
                self.say(f"stopped in step {self.number + 1} (Ctrl-C twice): load to start over")
                return
        if self.over:
            self._ending(time.perf_counter() - started)
        elif not found and steps is None:
            self._timing(time.perf_counter() - started)

    # --- the search ---------------------------------------------------------------------

    def _loaded(self) -> LogicSolver:
        if self.solver is None:
            raise UsageError("no puzzle loaded (load-quiz FILE, or load FILE|PUZZLE)")
        return self.solver

    def _events(self) -> Iterator[Move | Found]:
        assert self.search is not None
        while True:
            try:
                event = next(self.search)
            except StopIteration:
                self.over = True
                return
            yield event

    def _move(self, move: Move) -> None:
        self.number = move.number
        if self.readalps:
            for line in readalps_move(move):
                self.say(line)
            return
        step = move.step
        self.say(
            f"{move.number:>5} {step.level:>5}  {step.technique.name:<24} "
            f"{changed_cells(step):<18} {step.explanation}"
        )

    def _found(self, found: Found, seconds: float) -> None:
        self.count = found.count
        if self.readalps:
            self.say(format_grid(found.grid, "compact"))
            self.say(f"Done [steps:{found.number}, solution sum:{found.count}].")
        else:
            self.say(format_grid(found.grid))
            self.say(f"solution {found.count} after {_count(found.number, 'step')}")
        self._timing(seconds)

    def _ending(self, seconds: float) -> None:
        if self.readalps:
            self.say(f"{self.number}) No more solution (solution sum is {self.count}).")
            self.say(
                f"Invalid quiz [steps:{self.number}] - no more solution "
                f"(solution sum is {self.count})"
            )
        else:
            self.say(f"no more solutions ({self.count} in all) after {_count(self.number, 'step')}")
        self._timing(seconds)

    def _timing(self, seconds: float) -> None:
        ms = round(seconds * 1000)
        if self.readalps:
            self.say(
                f"Run time: {ms} milliseconds; steps: {self.number}, solution sum: {self.count}."
            )
        else:
            self.say(
                f"run time {ms} ms; {_count(self.number, 'step')}, {_count(self.count, 'solution')}"
            )

    def _interruptible(self) -> _Sigint:
        return _Sigint(self)


class _Sigint:
    """While a run goes: the first Ctrl-C asks it to stop after the step under way, the
    second stops the step. Where signals cannot be caught (not the main thread), nothing."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.previous: object = None

    def __enter__(self) -> None:
        self.shell._stop = False
        try:
            self.previous = signal.signal(signal.SIGINT, self._caught)
        except ValueError:  # not the main thread
            self.previous = None

    def _caught(self, _signal: int, _frame: FrameType | None) -> None:
        if self.shell._stop:
            raise _StepInterruptedError()
        self.shell._stop = True

    def __exit__(self, *_: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)  # type: ignore[arg-type]
        self.shell._stop = False


def _lines(stdin: TextIO, out: TextIO) -> Iterator[str]:
    """The orders: typed at the prompt (readline's history on a terminal), or read from
    a pipe or a script and echoed after the prompt (its blank lines and ``#`` comments
    skipped)."""
    if stdin.isatty():
        with contextlib.suppress(ImportError):  # no readline (Windows): input() still works
            import readline  # noqa: F401, PLC0415 - input() gains history and editing
        while True:
            try:
                yield input(PROMPT)
            except EOFError:
                out.write("\n")
                return
            except Terminated:
                raise
            except KeyboardInterrupt:
                out.write("\n(bye leaves the session)\n")
    else:
        while line := stdin.readline():
            if not line.strip() or line.lstrip().startswith("#"):
                continue  # a script's blank lines and comments
            out.write(PROMPT + (line if line.endswith("\n") else line + "\n"))
            yield line


def _nothing_after(rest: str) -> None:
    if rest:
        raise UsageError(f"unexpected {rest!r} after the order")


def _mode(text: str) -> Mode:
    """A mode by readalps' number (any number but 1 and 2 is his "both") or our name."""
    word = text.strip().lower()
    for mode in MODES:
        if word in (mode.number, mode.name):
            return mode
    if word.isdigit():
        return MODES[0]
    names = ", ".join(f"{m.number}|{m.name}" for m in MODES)
    raise UsageError(f"unknown mode {text!r} (the modes: {names})")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


# --- readalps' wording -------------------------------------------------------------------

_GROUP: Final = ("row", "col", "blk")
_SET_TAGS: Final = {"naked-pair": "1GW", "naked-triple": "3GW", "naked-quad": "3GW"}


def _rc(cell: int) -> str:
    """``[3,5]``: a cell as readalps writes it."""
    return f"[{cell // 9 + 1},{cell % 9 + 1}]"


def _group(house: House) -> str:
    """``row 3``, ``col 5``, ``blk 2``."""
    return f"{_GROUP[house // 9]} {house % 9 + 1}"


def _his_cells(text: str) -> str:
    """Our ``r3c5`` written readalps' way, ``[3,5]``."""
    return re.sub(r"\br(\d)c(\d)\b", r"[\1,\2]", text)


def readalps_move(move: Move) -> list[str]:
    """A move's lines in readalps' wording, numbered as his log is."""
    step, n = move.step, move.number
    if move.kind is Kind.CONTRADICTION:
        reason = step.explanation.removeprefix("Contradiction: ")
        return [f"{n}) {_his_cells(reason)}: went wrong"]
    if move.kind is not Kind.LOGIC:
        cell = step.placements[0][0]
        word = {Kind.GUESS: "Guess", Kind.FORWARD: "Forward guess", Kind.UPWARD: "Upward guess"}
        return [
            f"{n}) {word[move.kind]} {_rc(cell)} level {move.depth} "
            f"at {move.choice} out of {move.choices}"
        ]
    return _his_step(n, step)


def _his_step(n: int, step: Step) -> list[str]:
    """A technique's step in readalps' wording: singles are his complete shrinks, subsets
    his incomplete ones (1GW, 2GW, 3GW), intersections his plies."""
    technique = step.technique
    placed = "; ".join(f"{_rc(c)} = {d}" for c, d in step.placements)
    if technique.family == Family.SINGLES:
        if step.houses:
            return [f"{n}) {_group(step.houses[0])} complete shrunken by group: {placed}"]
        return [f"{n}) {placed} complete shrunken by cell"]
    if technique.family == Family.INTERSECTIONS and len(step.houses) >= 2:
        lines = [f"ply: {d} shrunken out of {_rc(c)}" for c, d in step.eliminations]
        source, target = _group(step.houses[0]), _group(step.houses[1])
        done = f"{n}) {target} shrunken ply by {source}"
        return [*lines, done + (f": {placed}" if placed else "")]
    if technique.family == Family.SUBSETS and step.houses:
        tag = _SET_TAGS.get(technique.key, "2GW")
        lines = [f"{tag}: {d} shrunken out of {_rc(c)}" for c, d in sorted(step.eliminations)]
        if tag == "2GW":
            cells = " ".join(_rc(c) for c in dict.fromkeys(c for c, _ in step.pattern))
            digits = " ".join(str(d) for d in sorted({d for _, d in step.pattern}))
            lines.append(f"CelSet: {cells} ValSet: {digits}")
        group = _group(step.houses[0])
        if placed:
            return [*lines, f"{n}) {group} complete shrunken by group: {placed}"]
        return [*lines, f"{n}) {group} incomplete shrunken by group"]
    return [f"{n}) {technique.name}: {_his_cells(step.explanation)}"]


__all__ = ["MODES", "ORDERS", "Shell", "configure_shell", "readalps_move", "run_shell"]
