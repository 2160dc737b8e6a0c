"""The workbooks (cli layer).

``xl-sudoku build-workbook``: workbook/sudoku.xlsm from its text sources, or with ``--lite``
workbook/sudoku-lite.xlsx, the xlwings Lite workbook.

``xl-sudoku setup-workbook [FOLDER]``: the workbook the installed package carries, copied
into FOLDER ready to open: beside it an ``xlwings.conf`` naming the Python that runs this
command (``INTERPRETER_WIN`` on Windows, ``INTERPRETER_MAC`` on macOS; on Linux, where
Excel does not run, none), then the next steps. With ``--lite``, the xlwings Lite workbook,
and where ``main.py`` and the requirements line are. A file already there is kept unless
it is the same bytes or ``--force`` is given (then replaced atomically); nothing is removed.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import locale
import shlex
import sys
import textwrap
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .. import __version__
from ..helpers import atomic
from .errors import CommandError, ExitStatus, UsageError, extra_hint, needs_extra

WORKBOOK = "sudoku.xlsm"
LITE_WORKBOOK = "sudoku-lite.xlsx"
CONF = "xlwings.conf"
#: the key xlwings reads for the interpreter, on each platform Excel runs on
INTERPRETER_KEYS = {"win32": "INTERPRETER_WIN", "darwin": "INTERPRETER_MAC"}
#: where Excel for Mac finds the AppleScript through which xlwings starts Python
MAC_SCRIPTS = Path("Library", "Application Scripts", "com.microsoft.Excel")


def configure_build_workbook(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Build the macro-enabled workbook from its text sources (VBA modules, "
        "ribbon XML, sheet layout), or with --lite the xlwings Lite workbook (the same "
        f"layout, no macros). Needs {extra_hint('workbook')}. A file already at the "
        "output is kept: --force replaces it."
    )
    parser.add_argument(
        "--lite",
        action="store_true",
        help="the xlwings Lite workbook (default path workbook/sudoku-lite.xlsx)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="where to write it (workbook/sudoku.xlsm, or workbook/sudoku-lite.xlsx)",
    )
    parser.add_argument("--force", action="store_true", help="replace the workbook if it exists")


def run_build_workbook(args: argparse.Namespace) -> ExitStatus:
    try:
        from ..workbook.build import write  # noqa: PLC0415 - needs the 'workbook' extra
        from ..workbook.lite import write_lite  # noqa: PLC0415
    except ImportError as error:
        raise needs_extra(f"building the workbook ({error.name})", "workbook") from None
    default = "workbook/sudoku-lite.xlsx" if args.lite else "workbook/sudoku.xlsm"
    target = Path(args.output or default)
    if args.output is not None:  # (only the default folder is made, where it is missing)
        if target.is_dir():
            raise UsageError(f"{target} is a folder: name the workbook to write")
        suffix = ".xlsx" if args.lite else ".xlsm"
        if target.suffix.lower() != suffix:  # Excel opens a workbook only by its content's
            kind = "the Lite workbook has no macros" if args.lite else "the workbook has macros"
            raise UsageError(f"{target}: {kind}, so its name must end in {suffix}")
        if not target.parent.is_dir():
            raise CommandError(f"cannot write {target}: there is no folder {target.parent}")
    try:
        path = (write_lite if args.lite else write)(target, replace=args.force)
    except FileExistsError:
        raise UsageError(f"{target} exists: use --force to replace it") from None
    except OSError as error:
        raise CommandError(f"cannot write {target}: {error.strerror}") from None
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return ExitStatus.OK


# --- setup-workbook ------------------------------------------------------------------------


def configure_setup_workbook(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        f"Copy the workbook into FOLDER ({WORKBOOK}) with an {CONF} beside it naming this "
        "Python, so that Excel's buttons and functions run it (Windows: INTERPRETER_WIN, "
        "macOS: INTERPRETER_MAC; Linux: no Excel, so no xlwings.conf), and print the next "
        f"steps. On Windows and macOS it needs {extra_hint('excel')}. With --lite, the "
        f"xlwings Lite workbook ({LITE_WORKBOOK}), and where its main.py and requirements "
        "line are (no extra needed). A file already in FOLDER is kept: --force replaces it "
        f"(an {CONF} of yours keeps its other lines: only the interpreter's is written)."
    )
    parser.add_argument(
        "folder",
        metavar="FOLDER",
        nargs="?",
        default=".",
        help="where the workbook goes (made if missing; default: this folder)",
    )
    parser.add_argument(
        "--lite",
        action="store_true",
        help=f"the xlwings Lite workbook ({LITE_WORKBOOK}): no Python on the machine",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"replace a {WORKBOOK}, {LITE_WORKBOOK} or {CONF} already in FOLDER",
    )


def run_setup_workbook(args: argparse.Namespace) -> ExitStatus:
    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is not a folder")
    if args.lite:
        setup_lite(folder, force=args.force)
    else:
        setup_vba(folder, force=args.force, platform=sys.platform, interpreter=sys.executable)
    return ExitStatus.OK


def setup_vba(folder: Path, *, force: bool, platform: str, interpreter: str) -> None:
    """The VBA workbook in ``folder``, its ``xlwings.conf`` naming ``interpreter`` where
    Excel runs (``platform`` as ``sys.platform`` says it), and the next steps."""
    key = INTERPRETER_KEYS.get(platform)
    files = {folder / WORKBOOK: shipped("xl_sudoku.workbooks", "workbook", WORKBOOK).read_bytes()}
    conf = folder / CONF
    if key is not None:
        if importlib.util.find_spec("xlwings") is None:
            raise needs_extra("the workbook's buttons and functions (xlwings)", "excel")
        if not interpreter:
            raise CommandError("cannot tell which Python runs this command (sys.executable)")
    make_folder(folder)
    if key is not None:
        files[conf] = conf_text(read_if_there(conf), key, interpreter, windows=key.endswith("WIN"))
    done = write_all(files, force=force)
    for path, action in done.items():
        if path == conf:
            print(f'{action} {conf}: "{key}","{interpreter}"')
        else:
            print(f"{action} {path} ({len(files[path]):,} bytes)")
    if key is None:
        print(
            textwrap.fill(
                f"Excel does not run on this system ({platform}): no {CONF} written. It "
                "names the Python that Excel starts, on Windows or macOS: run this command "
                "there, with xl-sudoku installed. Here, batch mode solves the puzzles of any "
                "workbook: xl-sudoku batch --help",
                width=88,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
        return
    steps = [f"Open {folder / WORKBOOK} in Excel."]
    if platform == "darwin":
        steps = [mac_runpython_step(interpreter), *steps, "Enable Macros, when Excel asks."]
    else:
        steps.append(
            "Enable macros: Enable Content, on the yellow bar. If a red bar says macros are "
            "blocked (a file that came from the internet, by download, mail or a share), "
            "close the workbook, right-click the file, Properties, tick Unblock, OK, and "
            "open it again; or keep it in a Trusted Location (File > Options > Trust Center)."
        )
    steps += [
        "Press Check set-up (on the Sudoku sheet): it names the Python that xlwings "
        f"started (this one, from {CONF}) and says what to do if anything is off.",
        "Type a puzzle into the givens and press Solve, Step or Hint.",
    ]
    print_steps(steps)


def setup_lite(folder: Path, *, force: bool) -> None:
    """The xlwings Lite workbook in ``folder``, then where its code and requirement are."""
    target = folder / LITE_WORKBOOK
    data = shipped("xl_sudoku.workbooks", "workbook", LITE_WORKBOOK).read_bytes()
    main = shipped("xl_sudoku.lite", "lite", "main.py")
    requirement = shipped("xl_sudoku.lite", "lite", "requirements.txt").read_text("utf-8").strip()
    make_folder(folder)
    for path, action in write_all({target: data}, force=force).items():
        print(f"{action} {path} ({len(data):,} bytes)")
    print_steps(
        [
            "In Excel (Windows, macOS or the web), install the xlwings Lite add-in once: "
            "Home > Add-ins, search for xlwings, Add.",
            f"Open {target}, then xlwings Lite (Home > xlwings Lite).",
            f"In its main.py tab, replace the sample code with the whole of {main}",
            f"In its requirements.txt tab, add this line: {requirement}\n"
            + lite_requirement_note(requirement),
            "Settings > Workbook > Startup Behavior: start xlwings Lite with the workbook; "
            "save the workbook. Then press Solve (docs/lite.md has each step).",
        ]
    )


def lite_requirement_note(requirement: str) -> str:
    """What to know about the requirements line before pasting it."""
    if requirement.startswith("https://"):
        return (
            f"That address answers once xl-sudoku {__version__} is released from its public "
            "repository. Before that, put the wheel on a host of your own that allows "
            "xlwings Lite to read it (CORS), and write its address instead: docs/lite.md, "
            "'Where the package comes from'."
        )
    return (
        f"That line installs {requirement} from PyPI: check that the project page "
        f"https://pypi.org/project/xl-sudoku/{__version__}/ is this project's before you use it."
    )


def mac_runpython_step(interpreter: str) -> str:
    """Excel for Mac starts Python through xlwings' AppleScript, copied once a Mac (and
    again for each version of xlwings) by ``xlwings runpython install``."""
    try:
        version = metadata.version("xlwings")
    except metadata.PackageNotFoundError:  # pragma: no cover - checked before this
        version = "?"
    script = Path.home() / MAC_SCRIPTS / f"xlwings-{version}.applescript"
    if script.is_file():
        return f"xlwings' AppleScript is in place ({script}): nothing to do for it."
    command = shlex.quote(str(Path(interpreter).with_name("xlwings")))
    return (
        "Once on this Mac (Excel runs Python through xlwings' AppleScript), in a terminal: "
        f"{command} runpython install"
    )


def print_steps(steps: list[str]) -> None:
    """The steps, numbered; a step's second paragraph (after a line break) under its first,
    each wrapped without breaking a path or an address."""
    print("next:")
    for number, step in enumerate(steps, 1):
        for index, paragraph in enumerate(step.split("\n")):
            print(
                textwrap.fill(
                    paragraph,
                    width=88,
                    initial_indent=f"  {number}. " if index == 0 else "     ",
                    subsequent_indent="     ",
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )


# --- the files ------------------------------------------------------------------------------


def shipped_places(package: str, folder: str) -> list[Traversable]:
    """Where the package carries a folder of files, in the order to look: the installed
    package (a wheel puts the repository's ``workbook/``, ``lite/`` and ``examples/`` in
    ``xl_sudoku.workbooks``, ``xl_sudoku.lite`` and ``xl_sudoku.examples``), then the
    repository beside ``xl_sudoku/`` when the package runs from a clone (an editable
    install maps those folders, but setuptools' finder does not import them)."""
    places: list[Traversable] = []
    with contextlib.suppress(ModuleNotFoundError):
        places.append(resources.files(package))
    places.append(Path(__file__).resolve().parents[2] / folder)
    return places


def shipped(package: str, folder: str, name: str) -> Path:
    """A file the package carries (``shipped_places``)."""
    places = shipped_places(package, folder)
    for place in places:
        found = place.joinpath(name)
        if isinstance(found, Path) and found.is_file():
            return found
    source = places[-1].joinpath(name)
    raise CommandError(f"this copy of xl-sudoku has no {name} (nor {source}): reinstall it")


def make_folder(folder: Path) -> None:
    """The folder, made if missing (a folder made new holds nothing to keep)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CommandError(f"cannot make the folder {folder}: {error.strerror}") from None


def read_if_there(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise UsageError(f"{path} is a folder") from None
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None


def conf_text(old: bytes | None, key: str, interpreter: str, *, windows: bool) -> bytes:
    """``xlwings.conf`` with ``"KEY","interpreter"``: the line of ``key`` replaced, every
    other line kept. xlwings' VBA reads the file in the system's code page (``Open ... For
    Input``), as ``xlwings config create`` writes it; lines end as that system's do."""
    if '"' in interpreter:
        raise CommandError(f"xlwings cannot read a path with a double quote: {interpreter}")
    encoding = locale.getencoding()
    line = f'"{key}","{interpreter}"'
    lines = [] if old is None else old.decode(encoding, "surrogateescape").splitlines()
    keys = [part.split(",", 1)[0].strip().strip('"').upper() for part in lines]
    if key in keys:
        lines[keys.index(key)] = line  # xlwings reads the first line of a key
    else:
        lines.append(line)
    newline = "\r\n" if windows else "\n"
    try:
        return (newline.join(lines) + newline).encode(encoding, "surrogateescape")
    except UnicodeEncodeError:
        raise CommandError(
            f"xlwings reads {CONF} in this system's code page ({encoding}), which cannot "
            f"spell {interpreter}: install xl-sudoku in a folder whose path it can"
        ) from None


def write_all(files: dict[Path, bytes], *, force: bool) -> dict[Path, str]:
    """Write each file, atomically, after checking them all: one already there with other
    bytes stops everything without ``force`` (nothing written). What was done to each:
    ``wrote``, ``replaced``, or ``kept`` (the same bytes were there)."""
    actions: dict[Path, str] = {}
    for path, data in files.items():
        old = read_if_there(path)
        if old is None:
            actions[path] = "wrote"
        elif old == data:
            actions[path] = "kept"
        elif force:
            actions[path] = "replaced"
        elif path.name == CONF:  # ``conf_text`` keeps the lines of the user's file
            raise UsageError(
                f"{path} exists: --force writes its interpreter line and keeps the others"
            )
        else:
            raise UsageError(f"{path} exists: use --force to replace it")
    for path, action in actions.items():
        if action == "kept":
            continue
        try:
            atomic.write_bytes(path, files[path], replace=action == "replaced")
        except FileExistsError:  # made since it was checked
            raise UsageError(f"{path} exists: use --force to replace it") from None
        except OSError as error:
            raise CommandError(f"cannot write {path}: {error.strerror}") from None
    return actions
