"""What a host of the wheel must send for xlwings Lite to install it, in a real browser:
Pyodide and micropip (the pinned ones) in headless Chromium, on a page of one origin,
install the built wheel from an address of another (a server on 127.0.0.1, another port)
only when that server's answer carries the CORS header naming any origin (``*``, as
``raw.githubusercontent.com`` sends) or the page's own; without the header, or naming
another origin, micropip cannot read it. Node, which runs the other Lite tests, does not
enforce CORS; a browser, as the add-in's, does.

Optional: Chromium is a 290 MB Debian package that .ci/run does not install (the test
skips without it, in CI too, and says so); ``apt-get install chromium`` to run it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.conftest import PYODIDE_HOME, require
from tests.lite.conftest import Dist, WheelServer

pytestmark = pytest.mark.slow
PAGE = Path(__file__).with_name("browser_page.html")


class Site:
    """The page's origin: the page, Pyodide's npm package and micropip's wheel, over HTTP
    on 127.0.0.1; the page POSTs its results to ``/result``."""

    def __init__(self, folder: Path) -> None:
        self.results: list[dict[str, Any]] = []
        results = self.results

        class Handler(SimpleHTTPRequestHandler):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, directory=str(folder), **kwargs)

            def do_POST(self) -> None:
                length = int(self.headers["Content-Length"])
                results.append(json.loads(self.rfile.read(length)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_a_browser_installs_the_wheel_only_with_the_cors_header(dist: Dist, tmp_path: Path) -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("chromium not installed (optional, not in .ci/run: apt-get install chromium)")
    require("pyodide")
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "pyodide").symlink_to(PYODIDE_HOME / "node_modules" / "pyodide")
    (micropip,) = PYODIDE_HOME.glob("micropip-*.whl")
    shutil.copy(micropip, folder)
    shutil.copy(PAGE, folder / "index.html")
    site = Site(folder)
    hosts = {
        "no header": None,
        "another origin": "https://addin.xlwings.org",  # the add-in's: not this page's
        "any origin": "*",
        "the page's origin": site.origin,
    }
    servers = {name: WheelServer(dist.wheel.parent, allow) for name, allow in hosts.items()}
    for server in servers.values():
        server.__enter__()
    addresses = {name: server.address(dist.wheel.name) for name, server in servers.items()}
    query = urlencode([("micropip", micropip.name), *[("address", a) for a in addresses.values()]])
    with (tmp_path / "chromium.txt").open("w") as errors:  # the child keeps its own copy
        browser = subprocess.Popen(
            [
                chromium,
                "--headless=new",
                "--no-sandbox",  # as root, in CI
                "--disable-gpu",
                f"--user-data-dir={tmp_path / 'profile'}",
                f"{site.origin}/index.html?{query}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=errors,
            env={**os.environ, "HOME": str(tmp_path)},
        )
    try:
        started = time.monotonic()
        while not site.results and time.monotonic() - started < 300:
            time.sleep(0.5)
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=30)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait(timeout=30)
        site.close()
        for server in servers.values():
            server.__exit__()
    assert site.results, (
        "the page gave no answer in 300 s: " + ((tmp_path / "chromium.txt").read_text()[-2000:])
    )
    (answer,) = site.results
    assert "error" not in answer, answer
    found = dict(zip(addresses, answer["results"], strict=True))
    for name in ("no header", "another origin"):
        assert "CORS" in found[name]["failed"], (name, found[name])
        assert servers[name].requests == [(f"/{dist.wheel.name}", 200)]  # sent, not read
    import xl_sudoku

    for name in ("any origin", "the page's origin"):
        assert found[name] == {"address": addresses[name], "installed": xl_sudoku.__version__}
