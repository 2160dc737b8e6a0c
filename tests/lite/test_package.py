"""The package anyone can install: ``python -m build`` makes an sdist and a pure-Python
wheel that carry both workbooks and ``lite/`` as the repository has them, and README.md
as the description PyPI shows, its links made addresses; ``twine check`` passes them
(slow: an isolated build, as a user's). The package list in pyproject.toml is the tree's,
and the Lite requirement names this version."""

from __future__ import annotations

import email
import hashlib
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import xl_sudoku
from tests.conftest import PYODIDE_VERSION
from tests.lite.conftest import ROOT, Dist
from tests.test_release import check_pypi_description

#: what the wheel carries beside the package's modules, and where the repository keeps it
SHIPPED = {
    "xl_sudoku/workbooks/sudoku.xlsm": "workbook/sudoku.xlsm",
    "xl_sudoku/workbooks/sudoku-lite.xlsx": "workbook/sudoku-lite.xlsx",
    "xl_sudoku/lite/main.py": "lite/main.py",
    "xl_sudoku/lite/requirements.txt": "lite/requirements.txt",
    "xl_sudoku/data/puzzles.txt": "xl_sudoku/data/puzzles.txt",
    "xl_sudoku/py.typed": "xl_sudoku/py.typed",
    "xl_sudoku/workbook/src/SudokuMacros.bas": "xl_sudoku/workbook/src/SudokuMacros.bas",
    "xl_sudoku/workbook/src/customUI14.xml": "xl_sudoku/workbook/src/customUI14.xml",
} | {  # what `xl-sudoku examples` copies out: not make_examples.py, the script that made them
    f"xl_sudoku/examples/{path.name}": f"examples/{path.name}"
    for path in sorted((ROOT / "examples").iterdir())
    if path.suffix in (".txt", ".xlsx")
}


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_pyproject_lists_every_package_of_the_tree() -> None:
    """``[tool.setuptools] packages`` is written out (two packages live outside
    xl_sudoku/): every folder of xl_sudoku/ with Python or data files is in it."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    found = set()
    for path in (ROOT / "xl_sudoku").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            found.add(".".join(path.parent.relative_to(ROOT).parts))
    mapped = {"xl_sudoku.workbooks": "workbook", "xl_sudoku.lite": "lite"}
    mapped |= {"xl_sudoku.examples": "examples"}
    assert set(setuptools["packages"]) == found | set(mapped)
    assert setuptools["package-dir"] == mapped


def test_the_lite_requirement_is_this_versions_wheel_at_an_address() -> None:
    """One line: the address of this version's wheel, which micropip reads the package's
    name and version from (its file name), never a bare name on PyPI (tests/test_release.py
    checks the address is the repository's)."""
    lines = (ROOT / "lite" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("https://")
    assert lines[0].endswith(f"/xl_sudoku-{xl_sudoku.__version__}-py3-none-any.whl")


def test_ci_installs_the_pyodide_the_tests_name() -> None:
    script = (ROOT / ".ci" / "pyodide").read_text(encoding="utf-8")
    assert re.search(rf"^version={re.escape(PYODIDE_VERSION)}\b", script, re.MULTILINE)
    assert "bash .ci/pyodide" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_wheel_is_pure_python_and_carries_the_workbooks_and_lite(dist: Dist) -> None:
    assert dist.wheel.name == f"xl_sudoku-{xl_sudoku.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(dist.wheel) as wheel:
        names = set(wheel.namelist())
        for inside, repository in SHIPPED.items():
            assert digest(wheel.read(inside)) == digest((ROOT / repository).read_bytes()), inside
        metadata = wheel.read(f"xl_sudoku-{xl_sudoku.__version__}.dist-info/METADATA").decode()
    assert (
        "Root-Is-Purelib: true"
        in zipfile.ZipFile(dist.wheel)
        .read(f"xl_sudoku-{xl_sudoku.__version__}.dist-info/WHEEL")
        .decode()
    )
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))]
    shipped_examples = [n for n in names if n.startswith("xl_sudoku/examples/")]
    assert sorted(shipped_examples) == sorted(n for n in SHIPPED if "/examples/" in n)
    assert "Requires-Dist" not in "\n".join(
        line for line in metadata.splitlines() if "extra ==" not in line
    ), "the core needs nothing: micropip installs the wheel alone"
    assert "License-Expression: MIT" in metadata


@pytest.mark.slow
def test_the_sdist_carries_the_sources_of_the_workbooks_and_lite(dist: Dist) -> None:
    top = f"xl_sudoku-{xl_sudoku.__version__}"
    with tarfile.open(dist.sdist) as sdist:
        for repository in SHIPPED.values():
            member = sdist.extractfile(f"{top}/{repository}")
            assert member is not None, repository
            assert digest(member.read()) == digest((ROOT / repository).read_bytes()), repository


@pytest.mark.slow
def test_the_sdist_carries_no_piece_of_the_test_suite(dist: Dist) -> None:
    """setuptools puts ``tests/test*.py`` into an sdist by default: a dozen of the suite's
    modules without the conftest, helpers, data and pages they import, which fail to
    collect where the sdist is unpacked. The suite lives in the repository alone."""
    top = f"xl_sudoku-{xl_sudoku.__version__}"
    with tarfile.open(dist.sdist) as sdist:
        names = sdist.getnames()
    assert f"{top}/xl_sudoku/__init__.py" in names
    assert [n for n in names if n.startswith(f"{top}/tests")] == []


@pytest.mark.slow
def test_the_description_pypi_shows_is_readme_with_addresses_for_its_links(dist: Dist) -> None:
    """The wheel's METADATA and the sdist's PKG-INFO (PyPI takes the description from
    either): README.md, each relative link an address at the release's tag (setup.py)."""
    top = f"xl_sudoku-{xl_sudoku.__version__}"
    with zipfile.ZipFile(dist.wheel) as wheel:
        metadata = wheel.read(f"{top}.dist-info/METADATA").decode()
    with tarfile.open(dist.sdist) as sdist:
        member = sdist.extractfile(f"{top}/PKG-INFO")
        assert member is not None
        pkg_info = member.read().decode()
    for text in (metadata, pkg_info):
        message = email.message_from_string(text)
        assert message["Description-Content-Type"] == "text/markdown"
        description = message.get_payload()
        assert isinstance(description, str)
        check_pypi_description(description)


@pytest.mark.slow
def test_twine_check_passes(dist: Dist) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(dist.sdist), str(dist.wheel)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


def test_built_files_never_land_in_the_repository() -> None:
    """``python -m build`` leaves build/ and the egg-info behind: git ignores them."""
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert {"build/", "dist/", "*.egg-info/"} <= set(ignored)
    assert not Path(ROOT / "lite" / "__init__.py").exists()  # data, not a package of ours
