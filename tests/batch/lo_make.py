"""Make workbooks with LibreOffice headless (through UNO), as another program would.

Run with the system Python that has ``uno`` (Debian's python3-uno), not the venv:

    /usr/bin/python3 tests/batch/lo_make.py SOURCE TARGET FILTER [PASSWORD]

Loads SOURCE (anything LibreOffice opens: .csv, .xlsx ...) and stores it as TARGET with
the export FILTER ("Calc MS Excel 2007 XML" for .xlsx, "MS Excel 97" for .xls),
encrypted with PASSWORD if one is given.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script, by Debian's python3

import uno  # type: ignore[import-not-found]  # noqa: E402

from tests.lo_office import office, prop  # noqa: E402


def main(source: str, target: str, export_filter: str, password: str | None = None) -> None:
    with office("xlsudokumake") as desktop:
        doc = desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(os.path.abspath(source)), "_blank", 0, (prop("Hidden", True),)
        )
        options = [prop("FilterName", export_filter), prop("Overwrite", True)]
        if password:
            options.append(prop("Password", password))
        doc.storeToURL(uno.systemPathToFileUrl(os.path.abspath(target)), tuple(options))
        doc.close(True)


if __name__ == "__main__":
    main(*sys.argv[1:])
