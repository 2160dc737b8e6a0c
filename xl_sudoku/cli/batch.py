"""``xl-sudoku batch``: the puzzles in .xlsx/.xlsm files, solved offline (cli layer).

    xl-sudoku batch FILE|DIR... [-o OUT] [--in-place] [--force] [--jobs N | --cluster [ADDRESS]]
                    [--logic-only]
                    [--range 'Sheet!B3:J11'] [--column 'Sheet!A'] [--report FILE] [-q]
                    [--max-part-mib N] [--max-file-mib N]

The work is batch mode's (``xl_sudoku.batch.run``); this module reads the arguments.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .arguments import add_techniques, positive
from .bank import jobs_for
from .bank_options import add_cluster_argument, cluster_address
from .errors import ExitStatus, UsageError, extra_hint, needs_extra

# how far a workbook's parts may expand, by default (batch.archive's MAX_PART, MAX_TOTAL)
MAX_PART_MIB = 128
MAX_FILE_MIB = 512


def configure_batch(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Solve every puzzle in workbooks: our template (Givens/Work), 9x9 grids "
        "found on any sheet, and columns of 81-character puzzle strings. Answers go to "
        "NAME.solved.xlsx beside each input; the input is never changed unless --in-place. "
        f"Needs {extra_hint('batch')}."
    )
    parser.add_argument(
        "files", nargs="+", metavar="FILE|DIR", help="workbooks, or folders of them"
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="OUT",
        help="where the answers go: a folder (made if missing; each input gives "
        "NAME.solved.xlsx there), or, for one input, a file name ending in .xlsx/.xlsm "
        "(default: beside each input)",
    )
    parser.add_argument(
        "--in-place", action="store_true", help="write into the inputs (atomically)"
    )
    parser.add_argument("--force", action="store_true", help="replace output files that exist")
    parser.add_argument(
        "--jobs",
        type=positive,
        default=1,
        metavar="N",
        help="work in N processes: files side by side, and a long puzzle list in chunks "
        "(default 1; the answers are the same with any N)",
    )
    add_cluster_argument(parser)
    parser.add_argument(
        "--range",
        dest="named_range",
        action="append",
        metavar="'SHEET!B3:J11'",
        help="the 9x9 grid to solve (again for each grid: --range 'A!B3:J11' --range 'B!C4:K12')",
    )
    parser.add_argument(
        "--column", metavar="'SHEET!A'", help="the column of puzzle strings to solve"
    )
    parser.add_argument(
        "--logic-only",
        action="store_true",
        help="take grids only as far as logic goes: open cells show their candidates",
    )
    parser.add_argument(
        "--no-rate",
        dest="rated",
        action="store_false",
        help="solve a list's puzzles without rating them (a hard puzzle's rating takes "
        "seconds, its solution milliseconds); the rating columns stay empty",
    )
    add_techniques(parser)
    parser.add_argument(
        "--report",
        type=report_path,
        metavar="FILE",
        help="every result as .csv, .tsv or .json (replaced only with --force)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress and no summary")
    parser.add_argument(
        "--max-part-mib",
        type=positive,
        default=MAX_PART_MIB,
        metavar="N",
        help="refuse a workbook whose one part (a sheet's XML) expands to more than N MiB "
        f"(default {MAX_PART_MIB}: past it, a file is more likely a zip bomb than a workbook)",
    )
    parser.add_argument(
        "--max-file-mib",
        type=positive,
        default=MAX_FILE_MIB,
        metavar="N",
        help=f"refuse a workbook whose parts expand to more than N MiB in all "
        f"(default {MAX_FILE_MIB})",
    )


def report_path(text: str) -> Path:
    """``--report FILE``: CSV, TSV or JSON, by the suffix."""
    path = Path(text)
    if path.suffix.lower() not in (".csv", ".tsv", ".json"):
        raise argparse.ArgumentTypeError(
            f"{text!r}: a report is .csv, .tsv or .json (the suffix says which)"
        )
    return path


def run_batch(args: argparse.Namespace) -> ExitStatus:
    if args.in_place and args.output:
        raise UsageError("--in-place and -o exclude each other")
    if args.named_range is not None and args.column is not None:
        raise UsageError("--range and --column exclude each other")
    try:
        from ..batch.archive import Limits, WorkbookError  # noqa: PLC0415 - the 'batch' extra
        from ..batch.find import NamedRangeError, check_reference  # noqa: PLC0415
        from ..batch.options import Options  # noqa: PLC0415
        from ..batch.report import report_writable  # noqa: PLC0415
        from ..batch.run import run  # noqa: PLC0415
    except ImportError as error:
        raise needs_extra(f"batch mode ({error.name})", "batch") from None
    # what can be checked before any work is: a malformed --range, a report we could not write
    references = [(r, "--range") for r in args.named_range or ()]
    for reference, what in [*references, (args.column, "--column")]:
        if reference is not None:
            try:
                check_reference(reference, what)
            except NamedRangeError as error:
                raise UsageError(str(error)) from None
    if args.report is not None:
        try:
            report_writable(args.report, replace=args.force)
        except WorkbookError as error:
            raise UsageError(f"--report: {error}") from None
    options = Options(
        output=args.output,
        in_place=args.in_place,
        force=args.force,
        jobs=jobs_for(args.jobs, None),  # no more processes than cores (a line says so)
        named_range=tuple(args.named_range) if args.named_range else None,
        column=args.column,
        logic_only=args.logic_only,
        rated=args.rated,
        techniques=tuple(t.key for t in args.techniques) if args.techniques else None,
        limits=Limits.mib(args.max_part_mib, args.max_file_mib),
    )
    address = cluster_address(args)
    if address is None:
        return ExitStatus(run(args.files, options, args.report, args.quiet))
    from .cluster import cluster_pool, file_map  # noqa: PLC0415 - the 'cluster' extra

    with cluster_pool(address) as (submit, width):
        status = run(args.files, options, args.report, args.quiet, file_map(submit, width))
    return ExitStatus(status)
