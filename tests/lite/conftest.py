"""What the Lite tests share: the repository's Lite files, the built workbooks as Office.js
would hand them over, ``lite/main.py`` loaded with the xlwings stand-in, the desktop
path's answers to compare with; the sdist and wheel ``python -m build`` makes, and Pyodide
under node with that wheel installed (each made once a session)."""

from __future__ import annotations

import json
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.buttons.sequences import (
    SEQUENCES,
    State,
    Step,
    enter,
    givens,
    press,
    run_step,
    setting,
    state,
)
from tests.buttons.standin import StandInBook
from tests.buttons.test_engines import fills_of
from tests.conftest import PYODIDE_HOME, require
from tests.lite import xlwings_standin
from tests.lite.snapshot import workbook_json

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "lite" / "main.py"
LITE_WORKBOOK = ROOT / "workbook" / "sudoku-lite.xlsx"
VBA_WORKBOOK = ROOT / "workbook" / "sudoku.xlsm"


@pytest.fixture(scope="session")
def lite_workbook() -> dict[str, Any]:
    """The committed Lite workbook as Office.js sends it (values, fills, names)."""
    return workbook_json(LITE_WORKBOOK)


@pytest.fixture(scope="session")
def main() -> Any:
    """``lite/main.py`` with the xlwings stand-in, on this interpreter's xl_sudoku."""
    return xlwings_standin.load_main(str(MAIN))


#: sequences beyond tests/buttons' that make a script read the step log it saves for Undo
#: (a log is read only when there is one): a wrong ``exclude`` in main.py shows in these
LOG_SEQUENCES: dict[str, list[Step]] = {
    "solve twice": [
        press("Solve"),
        givens(SEQUENCES["solve"][0][1]),
        press("Solve"),
        press("Undo"),
        press("Undo"),
    ],
    "step after a failed solve": [
        press("Solve"),
        enter("H6", "x"),
        press("Solve"),
        enter("H6", None),
        enter("N4", None),  # an open cell of the solved work grid emptied: a step to take
        press("Step"),
        press("Undo"),
    ],
    "new puzzle after a solve": [
        press("Solve"),
        setting("Difficulty", "Easy"),
        press("New puzzle", 5),
        press("Undo"),
    ],
}
#: every sequence the Lite tests press
ALL_SEQUENCES = {**SEQUENCES, **LOG_SEQUENCES}

_DESKTOP: dict[str, list[State]] = {}


def desktop_states(tmp_path: Path, name: str) -> list[State]:
    """A sequence pressed on the VBA workbook through the buttons' own code, on the
    Windows stand-in (the desktop path): the state after each step (made once)."""
    if name not in _DESKTOP:
        from xl_sudoku import puzzles

        budget, puzzles.BUDGET = puzzles.BUDGET, 120.0  # as tests/buttons' `generous`
        try:
            path = tmp_path / f"desktop-{name.replace(' ', '-')}.xlsm"
            shutil.copy(VBA_WORKBOOK, path)
            book = StandInBook(path)
            states = []
            for step in ALL_SEQUENCES[name]:
                run_step(book, step)
                states.append(state(book, fills_of(book)))
            _DESKTOP[name] = states
        finally:
            puzzles.BUDGET = budget
    return _DESKTOP[name]


@dataclass(frozen=True)
class Dist:
    """The sdist and the wheel ``python -m build`` made of the repository."""

    sdist: Path
    wheel: Path


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Dist:
    """``python -m build`` as a user runs it (an isolated build environment: pip fetches
    the build backend), once a session."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return Dist(sdist, wheel)


class Pyodide:
    """Pyodide under node, with the built wheel installed (``pyodide_session.mjs``): one
    process for the session, one request at a time."""

    def __init__(self, process: subprocess.Popen[str], ready: dict[str, Any]) -> None:
        self.process = process
        self.ready = ready
        self.answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def close(self) -> None:
        """End node (its standard input closed, it ends by itself; else by its PID)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)
        self.process.stdout.close()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.answers.put(line)

    def ask(self, request: dict[str, Any], timeout: float = 900) -> dict[str, Any]:
        """The answer to one request: ``{"ok": ..., "cpu_ms": ..., "wall_ms": ...}``."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        try:
            line = self.answers.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"Pyodide gave no answer in {timeout} s") from None
        answer: dict[str, Any] = json.loads(line)
        assert "error" not in answer, answer["error"]
        return answer


#: the header a host of the wheel must send for xlwings Lite to read it: the add-in runs in
#: a page of this origin (https://lite.xlwings.org/web_requests)
CORS = ("Access-Control-Allow-Origin", "https://addin.xlwings.org")


class WheelServer:
    """A folder over HTTP on this machine (127.0.0.1, a free port), answering with the
    CORS header a host of the wheel must send, recording each request it answers: the
    wheel is installed from an address, as xlwings Lite installs a requirements line."""

    def __init__(self, folder: Path, allow: str | None = CORS[1]) -> None:
        """``allow``: the origin the CORS header names (``*`` any), or None: no header."""
        self.requests: list[tuple[str, int]] = []
        requests = self.requests

        class Handler(SimpleHTTPRequestHandler):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, directory=str(folder), **kwargs)

            def end_headers(self) -> None:
                if allow is not None:
                    self.send_header(CORS[0], allow)
                super().end_headers()

            def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
                requests.append((self.path, int(code)))

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> WheelServer:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=30)

    def address(self, name: str) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/{name}"


def start_pyodide(wheel: Path, log: Path, timeout: float = 600) -> Pyodide:
    """Node running Pyodide with ``wheel`` installed by micropip from an address on this
    machine (``WheelServer``) and ``lite/main.py`` loaded; ``ready["served"]`` lists the
    requests the server answered."""
    with WheelServer(wheel.parent) as server:
        pyodide = _start_pyodide(server.address(wheel.name), log, timeout)
    pyodide.ready["served"] = server.requests
    return pyodide


def _start_pyodide(wheel: str, log: Path, timeout: float) -> Pyodide:
    (micropip,) = PYODIDE_HOME.glob("micropip-*.whl")
    node = shutil.which("node")
    assert node is not None
    with log.open("w") as errors:  # the child keeps its own copy
        process = subprocess.Popen(
            [
                node,
                str(Path(__file__).with_name("pyodide_session.mjs")),
                str(PYODIDE_HOME / "node_modules" / "pyodide"),
                str(micropip),
                wheel,
                str(ROOT / "tests"),
                str(ROOT / "lite"),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
    lines: queue.Queue[str] = queue.Queue()

    def first() -> None:
        assert process.stdout is not None
        lines.put(process.stdout.readline())

    threading.Thread(target=first, daemon=True).start()
    try:
        line = lines.get(timeout=timeout)
    except queue.Empty:
        process.kill()
        raise AssertionError(
            f"Pyodide did not start in {timeout} s: {log.read_text()[-2000:]}"
        ) from None
    if not line:
        process.wait(timeout=10)
        raise AssertionError(f"Pyodide did not start: {log.read_text()[-3000:]}")
    pyodide = Pyodide(process, json.loads(line))
    pyodide.ready["main"] = pyodide.ask({"op": "load", "main": "/lite/main.py"})["ok"]
    return pyodide


@pytest.fixture(scope="session")
def pyodide(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Pyodide]:
    """Pyodide with the built wheel (skipped without node and Pyodide; failed so in CI).
    The tools are looked for first: without them, no wheel is built for nothing."""
    require("node", "pyodide")
    dist: Dist = request.getfixturevalue("dist")
    log = tmp_path_factory.mktemp("pyodide") / "stderr.txt"
    session = start_pyodide(dist.wheel, log)
    try:
        yield session
    finally:
        session.close()
