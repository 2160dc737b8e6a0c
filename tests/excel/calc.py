"""One LibreOffice office for a test session, and the worker that drives it (tests).

``Calc.start(folder)`` starts ``soffice --headless --invisible --norestore`` with a user
profile of its own under ``folder`` and a pipe name no other session uses, then the worker
(``lo_worker.py``, under Debian's own python3, which has ``uno``). ``calc.ask(op, ...)``
sends one request and waits for its answer at most ``timeout`` seconds: past that the
worker and the office are ended and the test fails. ``calc.stop()`` asks the office to
end, then ends whatever is left of the processes this session started, by their ids (the
office runs in a process group of its own: its launcher and ``soffice.bin``).

The profile also holds the Python script the VBA path's ``RunPython`` stand-in calls
(``Scripts/python/xlsudoku_runpython.py``: ``lo_runpython.py`` with this checkout's path
and a log file); LibreOffice's Python script provider runs it inside the office.
"""

from __future__ import annotations

import json
import os
import secrets
import select
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from tests.conftest import SYSTEM_PYTHON

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "excel" / "lo_worker.py"
SCRIPT = "xlsudoku_runpython.py"
START_SECONDS = 120  # a cold office on a busy machine
ASK_SECONDS = 120


class CalcError(RuntimeError):
    """The worker answered with an error, or not in time."""


class Calc:
    def __init__(
        self, folder: Path, office: subprocess.Popen[bytes], worker: subprocess.Popen[str]
    ):
        self.folder = folder
        self.office = office
        self.worker = worker
        self.log = folder / "runpython.jsonl"

    @classmethod
    def start(cls, folder: Path, xlwings_version: str) -> Calc:
        profile = folder / "profile"
        scripts = profile / "user" / "Scripts" / "python"
        scripts.mkdir(parents=True)
        bootstrap = (ROOT / "tests" / "excel" / "lo_runpython.py").read_text(encoding="utf-8")
        settings = (
            f"ROOT = {str(ROOT)!r}\nLOG = {str(folder / 'runpython.jsonl')!r}\n"
            f"XLWINGS_VERSION = {xlwings_version!r}\n"
        )
        (scripts / SCRIPT).write_text(bootstrap + "\n" + settings, encoding="utf-8")
        pipe = f"xlsudoku_{os.getpid()}_{secrets.token_hex(6)}"
        with (folder / "office.log").open("wb") as office_log:
            office = subprocess.Popen(
                [
                    "soffice",
                    "--headless",
                    "--invisible",
                    "--norestore",
                    "--nologo",
                    "--nodefault",
                    f"-env:UserInstallation={profile.as_uri()}",
                    f"--accept=pipe,name={pipe};urp;",
                ],
                stdout=subprocess.DEVNULL,
                stderr=office_log,
                start_new_session=True,  # its own process group: ended by its id
            )
        with (folder / "worker.log").open("w") as worker_log:
            worker = subprocess.Popen(
                [SYSTEM_PYTHON, str(WORKER), pipe],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=worker_log,
                text=True,
                cwd=ROOT,
            )
        calc = cls(folder, office, worker)
        try:
            calc._answer(START_SECONDS)
        except BaseException:
            calc.stop()
            raise
        return calc

    def ask(self, op: str, timeout: float = ASK_SECONDS, **fields: Any) -> Any:
        """One request; its answer (``CalcError`` if it failed or took over ``timeout``)."""
        assert self.worker.stdin is not None
        try:
            self.worker.stdin.write(json.dumps({"op": op, **fields}) + "\n")
            self.worker.stdin.flush()
        except BrokenPipeError:
            raise CalcError(f"the worker has ended: {self._worker_log()}") from None
        return self._answer(timeout)

    def _answer(self, timeout: float) -> Any:
        assert self.worker.stdout is not None
        ready, _, _ = select.select([self.worker.stdout], [], [], timeout)
        if not ready:
            self.stop()
            raise CalcError(f"no answer from LibreOffice in {timeout:.0f} s")
        line = self.worker.stdout.readline()
        if not line:
            raise CalcError(f"the worker has ended: {self._worker_log()}")
        answer = json.loads(line)
        if "error" in answer:
            raise CalcError(answer["error"])
        return answer["ok"]

    def _worker_log(self) -> str:
        return (self.folder / "worker.log").read_text(encoding="utf-8", errors="replace")[-3000:]

    def runpython_log(self) -> list[dict[str, Any]]:
        """What the RunPython stand-in was handed and did, call by call."""
        if not self.log.exists():
            return []
        lines = self.log.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines]

    def silence(self, silent: bool) -> None:
        """Whether the RunPython stand-in's Python answers (``lo_runpython.py``)."""
        flag = self.log.with_name(self.log.name + ".silent")  # as lo_runpython.py reads it
        if silent:
            flag.touch()
        else:
            flag.unlink(missing_ok=True)

    def stop(self) -> None:
        """End the worker and the office: asked first, then by their ids."""
        if self.worker.poll() is None:
            try:
                assert self.worker.stdin is not None
                self.worker.stdin.write(json.dumps({"op": "quit"}) + "\n")
                self.worker.stdin.flush()
                self.worker.wait(30)
            except (BrokenPipeError, subprocess.TimeoutExpired, OSError):
                self.worker.kill()
                self.worker.wait(10)
        deadline = time.monotonic() + 30
        while self.office.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.office.pid, sig)  # the group this session started
            except ProcessLookupError:
                break
            try:
                self.office.wait(10)
            except subprocess.TimeoutExpired:
                continue
        for stream in (self.worker.stdin, self.worker.stdout):
            if stream is not None:
                stream.close()
        shutil.rmtree(self.folder / "profile", ignore_errors=True)
