"""The documentation site builds with mkdocs --strict: no broken link, anchor or page
left out of the navigation (CI builds it too, in .ci/run); the page of every technique
lists every one, with the step its example gives now."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import techniques_page
from tests.techniques_page import OTHER_NAMES, PAGE, read_examples
from xl_sudoku.core.techniques import TECHNIQUES

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow  # mkdocs and mkdocstrings take 10-20 s
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs", reason="the docs extra: pip install -e '.[docs]'")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "index.html").is_file()
    assert (tmp_path / "api" / "index.html").read_text().count("rate") > 3  # mkdocstrings


def test_every_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in (ROOT / "docs").glob("*.md"):
        assert f" {page.name}\n" in nav, page.name


def test_every_picture_in_docs_is_shown_somewhere() -> None:
    """A picture nobody shows is dead weight that still has to be re-rendered."""
    shown = (ROOT / "README.md").read_text(encoding="utf-8") + "".join(
        page.read_text(encoding="utf-8") for page in (ROOT / "docs").rglob("*.md")
    )
    unused = [p.name for p in sorted((ROOT / "docs").rglob("*.png")) if f"{p.name})" not in shown]
    assert not unused, f"pictures in docs/ that no page shows: {unused}"


def test_every_technique_is_on_the_techniques_page() -> None:
    text = PAGE.read_text(encoding="utf-8")
    examples = read_examples()
    assert set(OTHER_NAMES) == {t.key for t in TECHNIQUES}
    for t in TECHNIQUES:
        assert f"| `{t.key}` | {t.family} | {t.rating:.1f} |" in text, t.key
        assert f" {t.name} {{#{t.key}}}\n" in text, t.key
        assert t.key in examples, f"{t.key} has no example position"


def test_the_techniques_page_is_what_the_engine_prints() -> None:
    # every example's step worked out anew (4 s); python -m tests.techniques_page makes it
    assert PAGE.read_text(encoding="utf-8") == techniques_page.page() + "\n"
    assert "No example yet." not in PAGE.read_text(encoding="utf-8")
