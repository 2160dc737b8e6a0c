"""``calc``: one LibreOffice office for the whole test session, driven through UNO by a
worker under Debian's own python3 (``tests/excel/calc.py``); started by the first test
that asks for it, ended when the session ends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import xlwings

from tests.conftest import require
from tests.excel.calc import Calc


@pytest.fixture(scope="session")
def calc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Calc]:
    require("soffice", "uno", "pythonscript")
    office = Calc.start(tmp_path_factory.mktemp("calc"), xlwings.__version__)
    try:
        yield office
    finally:
        office.stop()
