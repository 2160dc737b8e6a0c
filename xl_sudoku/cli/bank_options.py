"""A puzzle bank's options (cli layer): ``-o``, ``--columns``, ``--jobs``, ``--cluster``,
``--resume``, ``--force``, ``-q`` added to a command and read into a ``Plan`` (where the
results go and how the work is shared). ``bank`` runs the plan."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .arguments import positive
from .errors import UsageError

TABLES = {".csv": "csv", ".tsv": "tsv", ".jsonl": "jsonl"}
#: the columns a table may have, in the order they come (each command has some of them)
COLUMNS = (
    "origin",
    "number",
    "puzzle",
    "solution",
    "count",
    "rating",
    "label",
    "hardest",
    "clues",
    "steps",
    "guesses",
    "hint",
    "ms",
    "status",
)
#: the schemes a Dask scheduler's address may have (distributed's own list)
CLUSTER_SCHEMES = ("tcp", "tls", "inproc", "ucx", "ws", "wss")


@dataclass(frozen=True, slots=True)
class Plan:
    """Where the results go and how the work is shared, as the options say."""

    command: str
    output: Path | None = None
    form: str = "text"  # or csv, tsv, jsonl
    columns: tuple[str, ...] = ()
    jobs: int = 1
    cluster: str | None = None
    resume: bool = False
    force: bool = False
    quiet: bool = False
    one_line: bool = True  # a line a result (a table, or a text form that can be resumed)

    @property
    def table(self) -> bool:
        return self.form != "text"

    @property
    def resumable(self) -> bool:
        return self.table or self.one_line


def add_bank_arguments(
    parser: argparse.ArgumentParser, columns: Sequence[str], *, output: str = ""
) -> None:
    """``-o``, ``--columns``, ``--jobs``, ``--cluster``, ``--resume``, ``--force``, ``-q``
    (``output``: what more ``-o`` takes, for its help)."""
    group = parser.add_argument_group("many puzzles (banks)")
    group.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE",
        help=f"write the results to FILE: {output}.csv, .tsv or .jsonl for a table with named "
        "columns, any other name for the text form (an existing FILE only with --force)",
    )
    group.add_argument(
        "--columns",
        type=_column_list(columns),
        metavar="LIST",
        help=f"a table's columns, comma-separated (default all: {', '.join(columns)})",
    )
    group.add_argument(
        "--jobs", type=positive, default=1, metavar="N", help="work in N processes (default 1)"
    )
    add_cluster_argument(group)
    group.add_argument(
        "--resume",
        action="store_true",
        help="append to the -o FILE, going on after the results it holds (it is made if "
        "missing; a file that holds anything but this command's results for this input is "
        "refused; a partial last line is cut): start a long run with it, and run the same "
        "command again if it is interrupted",
    )
    group.add_argument(
        "--force", action="store_true", help="replace the -o FILE if it exists (atomically)"
    )
    group.add_argument("-q", "--quiet", action="store_true", help="no progress line and no summary")


def _column_list(allowed: Sequence[str]) -> Callable[[str], tuple[str, ...]]:
    def columns(text: str) -> tuple[str, ...]:
        names = tuple(name.strip().lower() for name in text.split(",") if name.strip())
        unknown = [name for name in names if name not in allowed]
        if unknown or not names:
            raise argparse.ArgumentTypeError(
                f"{', '.join(unknown) or text!r}: the columns are {', '.join(allowed)}"
            )
        twice = next((name for name in names if names.count(name) > 1), None)
        if twice is not None:
            raise argparse.ArgumentTypeError(f"{twice!r} is named twice (a column comes once)")
        return names

    return columns


def plan_of(
    command: str, args: argparse.Namespace, columns: Sequence[str], *, one_line: bool
) -> Plan:
    """The ``Plan`` the arguments ask for; ``UsageError`` for what cannot go together.
    ``one_line``: the text form gives every puzzle one line (so it can be resumed)."""
    output: Path | None = args.output
    form = TABLES.get(output.suffix.lower(), "text") if output else "text"
    if args.columns and form == "text":
        raise UsageError("--columns is for a table: -o FILE.csv, .tsv or .jsonl")
    if args.resume and output is None:
        raise UsageError("--resume goes on with an -o FILE")
    if args.resume and args.force:
        raise UsageError("--resume and --force exclude each other")
    if args.resume and form == "text" and not one_line:
        raise UsageError(
            "--resume needs a line a puzzle: this text form has more (use -o FILE.jsonl or .csv)"
        )
    if output is not None:
        if output.is_dir():
            raise UsageError(f"{output} is a folder")
        if output.exists() and not (args.force or args.resume):
            raise UsageError(f"{output} exists: --force replaces it, --resume goes on with it")
    cluster = cluster_address(args)
    return Plan(
        command=command,
        output=output,
        form=form,
        columns=args.columns or tuple(columns),
        jobs=args.jobs,
        cluster=cluster,
        resume=args.resume,
        force=args.force,
        quiet=args.quiet,
        one_line=one_line,
    )


def cluster_address(args: argparse.Namespace) -> str | None:
    """``--cluster``'s scheduler address (or ``DASK_SCHEDULER_ADDRESS``'s), if asked."""
    cluster: str | None = args.cluster
    if cluster is None:
        return None
    if args.jobs != 1:
        raise UsageError("--jobs and --cluster exclude each other (a cluster has its workers)")
    cluster = cluster or os.environ.get("DASK_SCHEDULER_ADDRESS", "")
    if not cluster:
        raise UsageError("--cluster needs an address, or DASK_SCHEDULER_ADDRESS set")
    scheme, found, _ = cluster.partition("://")
    if ":" not in cluster or (found and scheme.lower() not in CLUSTER_SCHEMES):
        raise UsageError(
            f"--cluster: {cluster!r} is not a scheduler's address (tcp://HOST:8786; the "
            f"schemes: {', '.join(CLUSTER_SCHEMES)})"
        )
    return cluster


def add_cluster_argument(group: argparse._ArgumentGroup | argparse.ArgumentParser) -> None:
    group.add_argument(
        "--cluster",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="work on a Dask cluster: its scheduler's address (tcp://HOST:8786), or none "
        "to take DASK_SCHEDULER_ADDRESS (needs the 'distributed' package)",
    )
