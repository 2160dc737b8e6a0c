"""Every command README.md and the documentation site (docs/*.md) show, run: what a new
user copies must work, and print what the page says it prints. ("README" below stands for
any of those pages.)

* A ``text`` block's ``$ xl-sudoku ...`` lines are run as they are, in a folder where
  README's relative paths (``examples/``, ``tests/data/``) lead to this repository's
  files; the lines after each are its output, stdout and stderr (``xl-sudoku: ...``)
  compared apart. In README's output, ``...`` or ``…`` alone on a line stands for lines
  left out (``xl-sudoku: ...``: lines of stderr, such as progress lines), a line ending
  in ``…`` for the rest of that line, and times (``1.13 ms``,
  ``0.7 s``) for any time. ``$ ... --level 2`` is the command above with other options.
* A ``sh`` block's commands: the ``xl-sudoku`` ones are run (``.venv/bin/`` as README
  writes it is the installed command); a usage summary (``PUZZLE|FILE|-``, ``[...]``) has
  each of its options checked in the command's ``--help``; ``pip install`` names this
  repository with extras it has (the package is not on PyPI); README's test command is
  the one ``.ci/run`` runs (and checks README for).
* Inline commands: ``pip install`` as above, ``make`` targets the Makefile has, scripts
  and modules that exist, ``xl-sudoku`` options the command takes.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.excel.render import RENDER_STEP, RENDER_STEP_PUZZLE

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: README and every page of the documentation site, by their path in the repository
PAGES = {"README.md": README} | {
    f"docs/{page.name}": page.read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").glob("*.md"))
}
EVERYTHING = "\n".join(PAGES.values())
SLOW_COMMANDS = ("steps", "rate", "batch")  # chains, Nightmare puzzles: seconds to a minute
TIME = re.compile(r"\d[\d,]*(?:\.\d+)? (?:ms|s|puzzles/s)\b")


@dataclass(frozen=True)
class Block:
    language: str
    line: str  # the page and the line of its first line: docs/batch.md:12
    lines: tuple[str, ...]


def blocks(pages: dict[str, str] = PAGES) -> list[Block]:
    """The fenced blocks of the pages (a block inside a tab, indented, included)."""
    found: list[Block] = []
    for page, text in pages.items():
        language: str | None = None
        start, body, indent = 0, list[str](), ""
        for number, line in enumerate(text.splitlines(), 1):
            fence = line.lstrip()
            if fence.startswith("```"):
                if language is None:
                    language, start, body = fence[3:].strip(), number + 1, []
                    indent = line[: len(line) - len(fence)]
                else:
                    found.append(Block(language, f"{page}:{start}", tuple(body)))
                    language = None
            elif language is not None:
                body.append(line.removeprefix(indent))
    return found


@dataclass(frozen=True)
class Session:
    line: str  # docs/batch.md:12
    command: str
    output: tuple[str, ...]


def sessions() -> list[Session]:
    """README's ``$ command`` lines and the output shown after each."""
    found: list[Session] = []
    for block in blocks():
        if block.language != "text":
            continue
        previous = ""
        for offset, line in enumerate(block.lines):
            if not line.startswith("$ "):
                continue
            command = line[2:]
            if command.startswith("... "):  # the command above, other options
                base = previous.split(" --", 1)[0]
                command = f"{base} {command[4:]}"
            output = []
            for following in block.lines[offset + 1 :]:
                if following.startswith("$ "):
                    break
                output.append(following)
            page, first = block.line.rsplit(":", 1)
            found.append(Session(f"{page}:{int(first) + offset}", command, tuple(output)))
            previous = command
    return found


def sh_commands(pages: dict[str, str] = PAGES) -> list[tuple[str, str]]:
    """The commands of the ``sh`` blocks, a continued line joined to its start, a comment
    after a command left out."""
    found: list[tuple[str, str]] = []
    for block in blocks(pages):
        if block.language != "sh":
            continue
        page, first = block.line.rsplit(":", 1)
        for offset, line in enumerate(block.lines):
            if line.startswith(" ") and found:  # a usage summary's second line
                number, start = found[-1]
                found[-1] = (number, f"{start} {line.strip()}")
            elif line.strip() and not line.startswith("#"):
                command = re.sub(r"\s+#\s.*$", "", line)  # ``cmd   # what it does``
                found.append((f"{page}:{int(first) + offset}", command))
    return found


def is_usage(command: str) -> bool:
    """A usage summary (``xl-sudoku solve PUZZLE|FILE|- [--count]``), not a command to run."""
    return "[" in command or "|" in command or "(" in command


# --- running README's sessions ----------------------------------------------------------------


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where README's relative paths lead to the repository's files (read only),
    and the outputs README's commands write (``solved/``, ``step.png``) stay."""
    folder = tmp_path_factory.mktemp("readme")
    for name in ("examples", "tests", "workbook"):
        (folder / name).symlink_to(ROOT / name)
    return folder


def xl_sudoku() -> str:
    command = shutil.which("xl-sudoku", path=str(Path(sys.executable).parent))
    assert command is not None, "the console script is not installed"
    return command


def execute(command: str, folder: Path, outputs: dict[str, str]) -> tuple[int, str, str]:
    """Run one of README's command lines in ``folder``; ``outputs`` are the earlier
    commands' outputs (README shortens a link from one of them with ``…``)."""
    words = shlex.split(command)
    assert words[0] in ("xl-sudoku", ".venv/bin/xl-sudoku"), command
    for index, word in enumerate(words):
        if word.endswith("…"):  # shortened in README: the whole of it, from an output
            prefix = word[:-1]
            whole = re.search(re.escape(prefix) + r"\S*", "\n".join(outputs.values()))
            assert whole, f"{word}: no earlier output starts so"
            words[index] = whole.group(0)
    done = subprocess.run(
        [xl_sudoku(), *words[1:]],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def terminal_view(err: str) -> str:
    """stderr as a terminal leaves it: without the progress lines a log gets every few
    seconds (``xl-sudoku: rate: 3 puzzles (line 3 of 6, 50%) · 0.3/s · ETA 9 s``: parts
    joined by `` · ``, which no line README shows has), when a command runs that long.
    A terminal redraws them in one place and takes the line away at the end."""
    return "".join(
        line
        for line in err.splitlines(keepends=True)
        if not line.startswith("xl-sudoku: ") or " · " not in line
    )


def pattern(shown: str) -> re.Pattern[str]:
    """A line of README's output as a pattern for the real one."""
    text = shown.rstrip()
    prefix = text.endswith("…")
    text = text.removesuffix("…")
    parts = []
    last = 0
    for time in TIME.finditer(text):
        parts += [re.escape(text[last : time.start()]), TIME.pattern]
        last = time.end()
    parts.append(re.escape(text[last:]))
    return re.compile("".join(parts) + (r".*" if prefix else r"\s*"))


def matches(shown: list[str], real: list[str]) -> bool:
    """The real lines, as README shows them (``...`` alone: any lines left out; empty
    lines at the end do not count)."""
    while real and not real[-1].strip():
        real = real[:-1]
    if not shown:
        return not real
    first, rest = shown[0], shown[1:]
    if first.strip() in ("...", "…", "xl-sudoku: ..."):  # the last: stderr lines left out
        return any(matches(rest, real[skip:]) for skip in range(len(real) + 1))
    return bool(real) and bool(pattern(first).fullmatch(real[0])) and matches(rest, real[1:])


def session_params() -> list[object]:
    params: list[object] = []
    for session in sessions():
        words = session.command.split()
        marks = [pytest.mark.slow] if words[1] in SLOW_COMMANDS else []
        params.append(pytest.param(session, marks=marks, id=f"{session.line}-{words[1]}"))
    return params


OUTPUTS: dict[str, str] = {}  # command -> its stdout, for the sessions after it


def _before(one: str, other: str) -> bool:
    """``docs/x.md:12`` comes before ``docs/x.md:30`` (on the same page)."""
    page, line = one.rsplit(":", 1)
    other_page, other_line = other.rsplit(":", 1)
    return page == other_page and int(line) < int(other_line)


def writers_of(session: Session, workspace: Path) -> list[Session]:
    """The earlier sessions on the same page that write (``-o NAME``) a file this one
    reads and that is not in ``workspace`` yet: each test may run on its own worker."""
    words = shlex.split(session.command)
    found = []
    for earlier in sessions():
        if not _before(earlier.line, session.line):
            continue
        written = shlex.split(earlier.command)
        for index, word in enumerate(written[:-1]):
            name = written[index + 1]
            if word == "-o" and name in words[1:] and not (workspace / name).exists():
                found.append(earlier)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("session", session_params())
def test_readme_sessions_print_what_readme_shows(session: Session, workspace: Path) -> None:
    shortened = [w[:-1] for w in shlex.split(session.command) if w.endswith("…")]
    known = "\n".join(OUTPUTS.values())
    if any(prefix not in known for prefix in shortened):
        # run alone, or under -n the output it refers to came on another worker: the
        # earlier sessions first
        for earlier in sessions():
            if (
                _before(earlier.line, session.line)
                and earlier.command.split()[1] not in SLOW_COMMANDS
            ):
                OUTPUTS[earlier.command] = execute(earlier.command, workspace, OUTPUTS)[1]
    for earlier in writers_of(session, workspace):  # under -n, it may have run elsewhere
        execute(earlier.command, workspace, OUTPUTS)
    status, out, err = execute(session.command, workspace, OUTPUTS)
    OUTPUTS[session.command] = out
    err = terminal_view(err)
    shown_err = [line for line in session.output if line.startswith("xl-sudoku: ")]
    shown_out = [line for line in session.output if not line.startswith("xl-sudoku: ")]
    assert status == 0 or (status == 1 and shown_err), (session.line, status, err)
    assert matches(shown_out, out.splitlines()), (
        f"{session.line}: {session.command}\n--- README shows:\n"
        + "\n".join(shown_out)
        + "\n--- it prints:\n"
        + out
    )
    assert matches(shown_err, err.splitlines()), (
        f"{session.line}: {session.command}\n--- README shows on stderr:\n"
        + "\n".join(shown_err)
        + "\n--- it says:\n"
        + err
    )


def test_the_sessions_compare_stderr_as_a_terminal_leaves_it() -> None:
    log = (
        "xl-sudoku: rate: 3 puzzles (line 3 of 6, 50%) · 0.3/s · ETA 9 s\n"
        "xl-sudoku: file 1/2 · 0/3 puzzles\n"
        "xl-sudoku: 2 files, 6 puzzles: 6 solved, 0 failed; 2 written; 1.2 s\n"
        "examples/mistakes.txt:3: not a puzzle · here\n"
    )
    assert terminal_view(log).splitlines() == log.splitlines()[2:]
    # and README never shows a line it would drop
    for session in sessions():
        assert terminal_view("\n".join(session.output)) == "\n".join(session.output)


def test_readme_sessions_are_found() -> None:
    commands = [s.command.split()[1] for s in sessions()]
    assert len(PAGES) >= 10, "README and the documentation site's pages"
    for command in ("solve", "steps", "hint", "rate", "generate", "convert", "target", "batch"):
        assert command in commands, command


# --- sh blocks -----------------------------------------------------------------------------


def help_of(command: str) -> str:
    done = subprocess.run(
        [xl_sudoku(), command, "--help"], capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout


@pytest.mark.slow
def test_usage_summaries_name_options_the_commands_take() -> None:
    summaries = [(n, c) for n, c in sh_commands() if c.startswith("xl-sudoku ") and is_usage(c)]
    assert len(summaries) >= 11
    for number, summary in summaries:
        command = summary.split()[1]
        options = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", summary))
        help_text = help_of(command)
        for option in options:
            assert re.search(rf"(?<![\w-]){re.escape(option)}\b", help_text), (
                f"{number}: {command} takes no {option}"
            )


@pytest.mark.slow  # runs every command README shows: a minute
def test_readme_sh_commands_run(workspace: Path) -> None:
    runnable = [(n, c) for n, c in sh_commands() if not is_usage(c) and "xl-sudoku " in c]
    seen = {s.command for s in sessions()}
    for number, line in runnable:
        for part in line.split("&&"):
            command = part.strip().removeprefix(".venv/bin/")
            if not command.startswith("xl-sudoku ") or command in seen:
                continue  # the sessions above ran it already
            if command.startswith("xl-sudoku render "):
                continue  # test_the_render_step_picture_can_be_made_again runs it
            if command.split()[1] in SLOW_COMMANDS and command.replace(" --force", "") in seen:
                continue  # the same batch run as a session's, told to replace its outputs
            status, _, err = execute(command, workspace, OUTPUTS)
            assert status == 0, (number, command, err)


def test_the_install_and_batch_line_is_the_batch_session() -> None:
    readme = {"README.md": README}
    first = next(c for _, c in sh_commands(readme) if "pip install" in c and "batch" in c)
    assert README.index(first) < README.index("<!-- test-command -->")  # the first command
    batch = first.split("&&")[-1].strip().removeprefix(".venv/bin/")
    assert batch in {s.command for s in sessions()} or batch.replace(" --force", "") in {
        s.command for s in sessions()
    }


@pytest.mark.slow
def test_the_render_step_picture_can_be_made_again(workspace: Path) -> None:
    line = next(
        c for _, c in sh_commands() if c.startswith("xl-sudoku render ") and not is_usage(c)
    )
    assert line == f"xl-sudoku render {RENDER_STEP_PUZZLE} --step {RENDER_STEP} -o step.png"
    status, _, err = execute(line, workspace, OUTPUTS)
    assert (status, err) == (0, "")
    assert (workspace / "step.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # the picture README shows: step 35 is an XY-Wing that removes 9s
    status, out, _ = execute(line.replace("-o step.png", ""), workspace, OUTPUTS)
    texts = " ".join(re.findall(r">([^<>]+)</text>", out))
    caption = re.search(r"Step 35: (.*)", texts)  # the caption's lines, the last texts
    assert caption and caption.group(1).startswith("XY-Wing"), texts[-300:]
    assert "removes 9 from" in caption.group(1)
    alt = re.search(r"!\[(step 35: [^\]]*)\]\(render-step.png\)", EVERYTHING)
    assert alt and "XY-Wing" in alt.group(1) and "the 9 it removes" in alt.group(1)
    assert len(re.findall(r"removes 9 from", caption.group(1))) == 1  # one 9, as the text says


def test_the_test_command_is_what_ci_runs() -> None:
    marked = re.search(r"<!-- test-command -->\n```sh\n(.+)\n```\n<!-- /test-command -->", README)
    assert marked, "README's test command between its markers"
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert marked.group(1) in ci, "README's test command, run as a line of .ci/run"
    assert f'test_command="{marked.group(1)}"' in ci, "and the one .ci/run checks README for"


# --- pip, make, scripts ----------------------------------------------------------------------

PIP = re.compile(r"pip install ([^`\n)&;]+)")


def test_pip_installs_name_this_repository_and_its_extras() -> None:
    """Every ``pip install`` names this repository's folder, this version's wheel, or
    xl-sudoku's extras pinned to this version (which pip takes as the copy installed); the
    bare name on PyPI only where the page says it is for once xl-sudoku is published there,
    never in single quotes (cmd.exe does not read them) but in the POSIX shell's lines."""
    extras = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    )
    version = re.escape(xl_sudoku_version())
    found = [(m.group(1), EVERYTHING[max(0, m.start() - 300) : m.start()]) for m in
             PIP.finditer(EVERYTHING)]  # fmt: skip
    assert len(found) >= 4
    for arguments, before in found:
        words = [w for w in shlex.split(arguments) if not w.startswith("-")]
        for word in words:
            wanted = re.fullmatch(r"\.\[([\w,-]+)\]|\.", word)  # this repository
            wanted = wanted or re.fullmatch(
                rf"(?:dist/)?xl_sudoku-{version}-py3-none-any\.whl\[([\w,-]+)\]", word
            )
            wanted = wanted or re.fullmatch(rf"xl-sudoku\[([\w,-]+)\]=={version}", word)
            if wanted is None and re.fullmatch(r"xl-sudoku\[[\w,-]+\]", word):
                assert "on PyPI" in " ".join(before.split()), (word, before)
                wanted = re.fullmatch(r"xl-sudoku\[([\w,-]+)\]", word)
            if wanted is not None:
                assert not wanted.group(1) or set(wanted.group(1).split(",")) <= extras, word
            else:  # a published package: one of our dependencies or tools
                assert not word.startswith(("xl-sudoku", "xl_sudoku")), arguments
                assert word in ("Pillow", "build"), arguments


def xl_sudoku_version() -> str:
    import xl_sudoku

    return xl_sudoku.__version__


def test_make_targets_scripts_and_modules_exist() -> None:
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([\w-]+):", makefile, re.M))
    for target in re.findall(r"`make ([\w-]+)", EVERYTHING):
        assert target in targets, target
    for script in re.findall(
        r"`(?:\.venv/bin/)?python3? ((?:benchmarks|examples)/[\w/]+\.py)", EVERYTHING
    ):
        assert (ROOT / script).is_file(), script
    for module in re.findall(r"`python3? -m ([\w.]+)", EVERYTHING):
        ours = (ROOT / (module.replace(".", "/") + ".py")).is_file()
        assert ours or importlib.util.find_spec(module) is not None, module  # or a tool's


def test_the_contributors_commands_need_nothing_the_dev_extra_lacks() -> None:
    """What CONTRIBUTING.md and Working on xl-sudoku tell a contributor to run, in .venv
    (``make venv``: the dev extra) activated: a make target, a program .venv has, or one
    the same line installs first."""
    pages = {name: (ROOT / name).read_text() for name in ("CONTRIBUTING.md", "docs/development.md")}
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))
    venv = Path(sys.executable).parent  # the .venv running the tests: its programs
    commands = sh_commands(pages)
    assert len(commands) >= 10
    for line, command in commands:
        installed: set[str] = set()
        for step in command.split("&&"):
            program, *arguments = shlex.split(step)
            if program == "make":
                assert {a for a in arguments if "=" not in a} <= targets, (line, command)
            elif program != "source":
                assert program in installed or (venv / program).exists(), (line, program)
            if program == "pip" and arguments[:1] == ["install"]:
                installed |= {a for a in arguments[1:] if not a.startswith("-")}


def test_make_help_names_what_each_target_runs() -> None:
    """``make help`` has a line for every target, and a target made of others (``check``)
    names each of them there."""
    makefile = (ROOT / "Makefile").read_text()
    helps = dict(re.findall(r'^\t@echo "make ([\w-]+) +(.*)"$', makefile, re.M))
    rules = dict(re.findall(r"^([\w-]+):(.*)$", makefile, re.M))
    assert set(helps) == set(rules) - {"help"}
    for target, prerequisites in rules.items():
        for prerequisite in prerequisites.split():
            assert re.search(rf"\b{prerequisite}\b", helps[target]), (target, prerequisite)


def test_plain_mypy_checks_what_make_typecheck_and_ci_check() -> None:
    """``mypy`` alone (as a contributor types it), the pre-commit hook, ``make typecheck``
    and .ci/run check one tree: pyproject.toml's ``[tool.mypy] files``, the Makefile's
    SOURCES, the tree ruff and vulture read."""
    makefile = (ROOT / "Makefile").read_text()
    sources = re.search(r"^SOURCES := (.+)$", makefile, re.M)
    assert sources, "the Makefile's SOURCES"
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy.get("files") == sources.group(1).split()
    for name in ("Makefile", ".ci/run", ".pre-commit-config.yaml"):
        calls = re.findall(r"\.venv/bin/mypy\b([^#\n]*)", (ROOT / name).read_text())
        assert calls and all(not call.strip() for call in calls), (name, calls)


@pytest.mark.slow
def test_inline_xl_sudoku_options_exist() -> None:
    for command, options in re.findall(r"`xl-sudoku ([\w-]+)((?: [^`]*)?)`", EVERYTHING):
        if command in ("PUZZLE", "COMMAND"):
            continue
        help_text = help_of(command)
        for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", options):
            assert option in help_text, (command, option)


# --- README as a front page ------------------------------------------------------------------

#: words a stranger cannot place: where an idea came from is credited by what it is
JARGON = re.compile(
    r"readalps|seed (?:VBA|articles?)|the seeds'|course assignment|the assignment's"
    r"|--template assignment|\bissue \d+",
    re.I,
)


def test_readme_is_a_front_page() -> None:
    lines = README.splitlines()
    assert len(lines) <= 200, len(lines)
    # the two set-up commands come first, the main job on an example before the tests
    commands = [c for _, c in sh_commands({"README.md": README}) if "pip install" in c]
    assert "xl-sudoku batch examples" in commands[0] and "pytest" in commands[1]
    # activation, for Linux/macOS and Windows
    for activation in ("source .venv/bin/activate", ".venv\\Scripts\\Activate.ps1"):
        assert activation in README, activation
    assert "Which of the three ways is for me?" in README
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


@pytest.mark.parametrize("page", ["README.md", "docs/install.md", "docs/excel-setup.md"])
def test_the_windows_lines_do_what_the_posix_ones_do(page: str) -> None:
    """Each PowerShell line is its POSIX line, in order: ``;`` for ``&&``, ``py`` for
    ``python3``, ``.venv\\Scripts\\`` for ``.venv/bin/``, and always double quotes (cmd.exe
    and PowerShell both read them; the POSIX lines may use either)."""
    text = {page: PAGES[page]}
    posix = [c for _, c in sh_commands(text) if "pip install" in c and "mkdocs" not in c]
    windows = [
        line
        for block in blocks(text)
        if block.language == "powershell"
        for line in block.lines
        if "pip install" in line
    ]
    assert windows and len(windows) == len(posix), (windows, posix)
    for sh, ps in zip(posix, windows, strict=True):
        assert "'" not in ps, ps
        sh_steps = [step.strip() for step in sh.split("&&")]
        ps_steps = [step.strip() for step in ps.split(";")]
        assert len(sh_steps) == len(ps_steps), (sh, ps)
        for one, other in zip(sh_steps, ps_steps, strict=True):
            as_posix = other.replace(".venv\\Scripts\\", ".venv/bin/").replace('"', "'")
            as_posix = as_posix.replace("py -m venv", "python3 -m venv")
            assert as_posix == one.replace('"', "'"), (one, other)


def test_the_excel_install_line_is_one_on_every_page() -> None:
    """README and Setting it up give the same line to install the extra and set up the
    workbook (and no other way to install the 'excel' extra from the clone)."""
    lines = {
        page: [c for _, c in sh_commands({page: PAGES[page]}) if ".[excel]" in c]
        for page in ("README.md", "docs/excel-setup.md")
    }
    assert (
        lines["README.md"]
        == lines["docs/excel-setup.md"]
        == ['.venv/bin/pip install -q -e ".[excel]" && .venv/bin/xl-sudoku setup-workbook sudoku']
    )
    inline = re.findall(r"(?<!`)`([^`]*pip install[^`]*excel[^`]*)`(?!`)", EVERYTHING)
    assert all("xl_sudoku-" in line or "xl-sudoku[excel]" in line for line in inline), inline


def test_enable_macros_is_never_said_without_the_unblock_step() -> None:
    for page, text in PAGES.items():
        for paragraph in re.split(r"\n\s*\n", text):
            flat = " ".join(paragraph.split())
            if re.search(r"enable (?:the )?macros|enable them", flat, re.IGNORECASE):
                assert "Unblock" in flat or "unblock" in flat, (page, flat[:200])


@pytest.mark.slow
def test_no_internal_words_where_users_read() -> None:
    texts = dict(PAGES)
    texts["CHANGELOG.md"] = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    for command in ("solve", "steps", "hint", "rate", "shell", "generate", "latex", "batch"):
        texts[f"{command} --help"] = help_of(command)
    for name, text in texts.items():
        found = [m.group(0) for m in JARGON.finditer(text)]
        assert not found, (name, found)


# --- what the pages' commands leave behind ----------------------------------------------------


def outputs_named() -> set[str]:
    """The files the pages' commands, and the commands' --help examples, write (``-o``,
    ``--report``) where they are run: placeholders (``FILE.csv``, ``grid.svg|grid.png``),
    folders they make and the workbooks the repository keeps left out."""
    from xl_sudoku.cli.registry import EXAMPLES

    lines = [*EVERYTHING.splitlines(), *(line for shown in EXAMPLES.values() for line in shown)]
    named = set()
    for line in lines:
        if "xl-sudoku " not in line:
            continue
        for found in re.findall(r"(?:-o|--report) ([^\s`'\"\]|]+)", line):
            if "." in found and not found.isupper() and not found.split(".")[0].isupper():
                named.add(found)
    return {name for name in named if not name.startswith(("workbook/", "solved/", "/"))}


def test_what_the_pages_commands_write_is_ignored_by_git() -> None:
    # a user who runs README's commands in their clone gets no untracked files (README's
    # ``rate ... -o rated.csv`` left one in the repository's root); a file of several
    # puzzles rendered is numbered (grid-1.svg ...)
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git clone")
    named = outputs_named()
    assert {"rated.csv", "counts.csv", "grid.svg", "puzzles.xlsx"} <= named
    pictures = (name for name in named if name.endswith((".svg", ".png")))  # render's
    numbered = {re.sub(r"(\.\w+)$", r"-1\1", name) for name in pictures}
    checked = subprocess.run(
        ["git", "check-ignore", "--no-index", *sorted(named | numbered)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert set(checked.stdout.split()) == named | numbered, checked.stdout
