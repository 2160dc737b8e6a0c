"""The header every benchmark prints (``benchmarks/header.py``): it names the interpreter
and how its libpython is linked, as the dynamic linker sees it, so that two saved runs
under different builds of the same Python cannot be taken for one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.header import linking, python_build, run_header


def test_the_header_names_the_interpreter_and_its_build() -> None:
    lines = run_header().splitlines()
    assert len(lines) == 4
    assert all(line.startswith("# ") for line in lines)
    python = lines[3]
    assert python == f"# Python {python_build()}"
    assert python.endswith(f", {sys.executable}")
    assert "libpython shared" in python or "libpython linked in" in python


@pytest.mark.skipif(
    not Path("/proc/self/maps").exists() or shutil.which("ldd") is None,
    reason="the dynamic linker's own listing (ldd) is read on Linux",
)
def test_linking_is_what_the_dynamic_linker_loads() -> None:
    """``ldd`` lists libpython for an executable that loads it, and only then."""
    executable = Path(sys.executable).resolve()
    listed = subprocess.run(
        ["ldd", str(executable)], capture_output=True, text=True, check=False
    ).stdout
    loads = "libpython" in listed
    assert linking().startswith("libpython shared" if loads else "libpython linked in")
