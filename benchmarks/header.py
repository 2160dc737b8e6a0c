"""The header every benchmark prints first, so a saved output says what it measured:
the commit (and whether the tree had changes), the command, the CPU and the Python build.

Save a run with its header: ``python benchmarks/bench_logic.py > benchmarks/results/NAME.txt``.
"""

from __future__ import annotations

import datetime
import os
import platform
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commit() -> str:
    """The checked-out commit, ``+changes`` if tracked files differ from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short=9", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return head + (" +changes" if changed else "")


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def python_build() -> str:
    """The interpreter and how it was built: the same code ran faster under Debian's
    build (libpython linked into the executable, profile-guided optimization) than under
    pyenv's default (a shared libpython, no such optimization), about 10% on the logic
    engine's runs (benchmarks/README.md, "The interpreter's build counts too"): so a
    saved run says which it had."""
    number, date = platform.python_build()
    return (
        f"{platform.python_implementation()} {platform.python_version()} "
        f"({number}, {date}; {platform.python_compiler()}; {linking()}), {sys.executable}"
    )


def linking() -> str:
    """``libpython shared`` or ``libpython linked in``: on Linux as this process runs (a
    distribution may ship a shared libpython for others while its ``python3`` has it
    linked in), elsewhere as configured; with ``--enable-optimizations`` if configured
    so (a distribution's build may be optimized without saying so there)."""
    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        shared = bool(sysconfig.get_config_var("Py_ENABLE_SHARED"))
    else:
        shared = "libpython" in maps
    words = "libpython shared" if shared else "libpython linked in"
    if "--enable-optimizations" in str(sysconfig.get_config_var("CONFIG_ARGS") or ""):
        words += ", --enable-optimizations"
    return words


def run_header() -> str:
    """Four lines starting with ``#``: when and what ran, at which commit, on which CPU,
    under which Python."""
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join([Path(sys.argv[0]).name, *sys.argv[1:]])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return "\n".join(
        [
            f"# {command}  ({now})",
            f"# commit {commit()}",
            f"# CPU {cpu_model()}, {os.cpu_count()} cores, load average {load:.1f} at the start",
            f"# Python {python_build()}",
        ]
    )


if __name__ == "__main__":
    print(run_header())
