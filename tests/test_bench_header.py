"""The header every benchmark prints (``benchmarks/header.py``, run as the benchmarks run
it, a program): it names the interpreter and how its libpython is linked, as the dynamic
linker sees it, so that two saved runs under different builds of the same Python cannot
be taken for one."""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def header() -> list[str]:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "header.py")],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout.splitlines()


def test_the_header_names_the_interpreter_and_its_build() -> None:
    lines = header()
    assert len(lines) == 4
    assert all(line.startswith("# ") for line in lines)
    assert lines[0].startswith("# header.py  (")
    python = lines[3]
    number, date = platform.python_build()
    build = f"{platform.python_implementation()} {platform.python_version()} ({number}, {date}; "
    assert python.startswith(f"# Python {build}{platform.python_compiler()}; libpython ")
    assert python.endswith(f", {sys.executable}")


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
    linked = "libpython shared" if loads else "libpython linked in"
    assert f"; {linked}" in header()[3]
