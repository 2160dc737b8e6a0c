"""LibreOffice headless through UNO, for the scripts the tests run under Debian's own
python3 (it has ``uno``): ``lo_inspect.py`` and ``lo_render.py`` (tests/excel) and
``lo_make.py`` (tests/batch). Standard library and ``uno`` only.

``with office("xlsudokumake") as desktop:`` starts ``soffice`` with a profile of its own,
listening on a pipe named after the script and this process, connects to it, hands over
its ``Desktop``, and stops it (and removes the profile) afterwards.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]


def prop(name: str, value: object) -> Any:
    """A UNO ``PropertyValue``: a load or store option."""
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


@contextmanager
def office(name: str, tries: int = 100) -> Iterator[Any]:
    """LibreOffice's ``Desktop``, connected in at most ``tries`` attempts 0.2 s apart."""
    profile = tempfile.mkdtemp(prefix="lo-profile-")
    pipe = f"{name}{os.getpid()}"
    started = subprocess.Popen(
        [
            "soffice",
            "--headless",
            "--invisible",
            "--norestore",
            "--nologo",
            f"-env:UserInstallation=file://{profile}",
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local
        )
        for _ in range(tries):
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:
                time.sleep(0.2)
        else:
            raise SystemExit("LibreOffice did not start")
        yield context.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", context
        )
    finally:
        started.terminate()
        try:
            started.wait(10)
        except subprocess.TimeoutExpired:
            started.kill()
        shutil.rmtree(profile, ignore_errors=True)
