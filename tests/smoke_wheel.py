"""The built wheel as a user gets it: installed alone in a fresh environment outside the
repository, its command and its workbooks work (the smoke test of .ci/run and of the
release workflow, on Windows, macOS and Linux).

    python -I tests/smoke_wheel.py FOLDER

Run by the fresh environment's own Python (``-I``: nothing from the repository or the
user's site on ``sys.path``), after ``pip install xl_sudoku-VERSION-py3-none-any.whl``.
FOLDER is an empty scratch folder. It checks that xl_sudoku comes from that environment;
``xl-sudoku --version``, ``solve``; ``examples`` (the files the --help examples read) and a
solve of the copy; ``setup-workbook`` on this system; on Windows and macOS
as they run it (Excel's xlwings.conf naming this Python; on Linux and macOS the other
systems are run here with ``sys.platform`` set as there) after installing the 'excel'
extra with the very command the missing-extra message gives; and ``setup-workbook --lite``.
Prints one line per check; exits 1 at the first that fails. Needs PyPI (or a pip cache) for
the extra's packages.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from importlib import resources
from pathlib import Path

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
ANSWER = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
#: runs the command line with sys.platform and sys.executable set as on another system
AS_IF = (
    "import sys; sys.platform, sys.executable = sys.argv[1], sys.argv[2]; "
    "from xl_sudoku.cli import main; raise SystemExit(main(sys.argv[3:]))"
)
INTERPRETER_KEYS = {"win32": "INTERPRETER_WIN", "darwin": "INTERPRETER_MAC"}


def check(condition: bool, what: str, detail: object = "") -> None:
    if not condition:
        print(f"FAILED: {what}\n{detail}", file=sys.stderr)
        raise SystemExit(1)
    print(f"ok: {what}")


def run(*command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=600, check=False
    )


def command_path() -> str:
    scripts = Path(sys.executable).parent
    found = [p for p in (scripts / "xl-sudoku", scripts / "xl-sudoku.exe") if p.is_file()]
    check(bool(found), f"the console script is installed in {scripts}")
    return str(found[0])


def main(folder: Path) -> None:
    import xl_sudoku

    where = Path(xl_sudoku.__file__).resolve()
    check(
        Path(sys.prefix).resolve() in where.parents,
        "xl_sudoku is imported from this environment, not a repository",
        where,
    )
    xl = command_path()
    done = run(xl, "--version", cwd=folder)
    check(done.stdout.strip() == f"xl-sudoku {xl_sudoku.__version__}", "xl-sudoku --version", done)
    done = run(xl, "solve", EASY, cwd=folder)
    check(done.stdout.strip() == ANSWER, "xl-sudoku solve", done)

    # the example files the --help examples read, copied out of the wheel, then one of them
    done = run(xl, "examples", cwd=folder)
    copied = sorted(p.name for p in (folder / "examples").iterdir()) if done.returncode == 0 else []
    check("puzzles.txt" in copied and "grids.xlsx" in copied, f"xl-sudoku examples: {copied}", done)
    check("make_examples.py" not in copied, "the examples are files, not the script")
    done = run(xl, "solve", "examples/puzzles.txt", cwd=folder)
    first = done.stdout.split()[:1]
    check(done.returncode == 0 and first == [ANSWER], "xl-sudoku solve examples/puzzles.txt", done)

    shipped = resources.files("xl_sudoku.workbooks")
    workbook = shipped.joinpath("sudoku.xlsm").read_bytes()
    lite = shipped.joinpath("sudoku-lite.xlsx").read_bytes()
    main_py = resources.files("xl_sudoku.lite").joinpath("main.py")
    check(workbook[:2] == lite[:2] == b"PK", "the wheel carries both workbooks")

    # the extra, installed by the line the message gives (before it, no xlwings here)
    as_windows = (sys.executable, "-c", AS_IF, "win32", sys.executable, "setup-workbook")
    done = run(*as_windows, str(folder / "first"), cwd=folder)
    said = re.search(r'\(pip install ("xl-sudoku\[excel\]==[^"]+")', done.stderr)
    check(done.returncode == 2 and said is not None, "without xlwings: the extra named", done)
    assert said is not None
    pip = [sys.executable, "-m", "pip", "install", "-q", *shlex.split(said.group(1))]
    done = run(*pip, cwd=folder)
    check(done.returncode == 0, f"pip install {said.group(1)} (the message's line)", done)
    done = run(sys.executable, "-c", "import xlwings; print(xlwings.__version__)", cwd=folder)
    check(done.returncode == 0, f"the 'excel' extra brought xlwings {done.stdout.strip()}", done)

    # this system as it is, then each system Excel runs on
    here = folder / "here"
    done = run(xl, "setup-workbook", str(here), cwd=folder)
    check(done.returncode == 0, f"xl-sudoku setup-workbook on {sys.platform}", done)
    check((here / "sudoku.xlsm").read_bytes() == workbook, "the workbook is the wheel's")
    key = INTERPRETER_KEYS.get(sys.platform)
    if key is None:
        check(not (here / "xlwings.conf").exists(), "no xlwings.conf where Excel does not run")
    else:
        conf = (here / "xlwings.conf").read_text()
        check(conf.strip() == f'"{key}","{sys.executable}"', f"xlwings.conf: {conf.strip()}")
    for platform, key in INTERPRETER_KEYS.items():
        target = folder / platform
        done = run(sys.executable, "-c", AS_IF, platform, sys.executable, "setup-workbook",
                   str(target), cwd=folder)  # fmt: skip
        conf = (target / "xlwings.conf").read_text() if done.returncode == 0 else ""
        check(conf.strip() == f'"{key}","{sys.executable}"', f"as on {platform}: {key}", done)
        check((target / "sudoku.xlsm").read_bytes() == workbook, f"as on {platform}: workbook")
        done = run(sys.executable, "-c", AS_IF, platform, sys.executable, "setup-workbook",
                   str(target), cwd=folder)  # fmt: skip
        check(done.returncode == 0 and "kept" in done.stdout, f"as on {platform}: again", done)

    done = run(xl, "setup-workbook", "--lite", str(folder / "lite"), cwd=folder)
    check(done.returncode == 0, "xl-sudoku setup-workbook --lite", done)
    check((folder / "lite" / "sudoku-lite.xlsx").read_bytes() == lite, "the Lite workbook")
    check(str(main_py) in " ".join(done.stdout.split()), f"it names {main_py}", done.stdout)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]).resolve())
