"""Make workbooks with LibreOffice headless (through UNO), as another program would.

Run with the system Python that has ``uno`` (Debian's python3-uno), not the venv:

    /usr/bin/python3 tests/batch/lo_make.py SOURCE TARGET FILTER [PASSWORD]

Loads SOURCE (anything LibreOffice opens: .csv, .xlsx ...) and stores it as TARGET with
the export FILTER ("Calc MS Excel 2007 XML" for .xlsx, "MS Excel 97" for .xls),
encrypted with PASSWORD if one is given.
"""

import os
import subprocess
import sys
import tempfile
import time

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]


def prop(name: str, value: object) -> object:
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def main(source: str, target: str, export_filter: str, password: str | None = None) -> None:
    profile = tempfile.mkdtemp(prefix="lo-profile-")
    pipe = f"xlsudokumake{os.getpid()}"
    office = subprocess.Popen(
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
        for _ in range(100):
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:
                time.sleep(0.2)
        else:
            raise SystemExit("LibreOffice did not start")
        desktop = context.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", context
        )
        doc = desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(os.path.abspath(source)), "_blank", 0, (prop("Hidden", True),)
        )
        options = [prop("FilterName", export_filter), prop("Overwrite", True)]
        if password:
            options.append(prop("Password", password))
        doc.storeToURL(uno.systemPathToFileUrl(os.path.abspath(target)), tuple(options))
        doc.close(True)
    finally:
        office.terminate()
        try:
            office.wait(10)
        except subprocess.TimeoutExpired:
            office.kill()


if __name__ == "__main__":
    main(*sys.argv[1:])
