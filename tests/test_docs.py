"""The documentation site builds with mkdocs --strict: no broken link, anchor or page
left out of the navigation (CI builds it too, in .ci/run); the page of every technique
lists every one, with the step its example gives now."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import techniques_page
from tests.techniques_page import OTHER_NAMES, PAGE, read_examples
from xl_sudoku.core import colours, errors
from xl_sudoku.core.steps import GUESS
from xl_sudoku.core.techniques import FAMILIES, TECHNIQUES

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


def test_the_error_tree_names_every_exception_class() -> None:
    """core/errors.py draws the tree (docs/design.md shows it): every exception class the
    package defines, but a module's private ones, is in it."""
    defined = {
        node.name
        for path in (ROOT / "xl_sudoku").rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
        and node.name.endswith("Error")
        and not node.name.startswith("_")
    }
    drawn = set(re.findall(r"[├└]── (\w+)", errors.__doc__ or ""))
    assert defined == drawn


def test_the_design_page_gives_each_family_its_colours() -> None:
    """docs/design.md's table of colours: every colour a technique has, or a guess, named
    once; every family but the three the seed coloured by technique named in it."""
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    section = text.split("## Techniques and colours", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:3] for line in section.splitlines() if line.startswith("| ")]
    shown = [colour.strip() for _, colour in rows[1:]]
    names = {
        value: name.lower().replace("_", " ")
        for name, value in vars(colours).items()
        if name.isupper() and isinstance(value, tuple) and isinstance(value[0], int)
    }
    used = {names[t.colour] for t in (*TECHNIQUES, GUESS)}
    assert sorted(shown) == sorted(used)
    named = " ".join(techniques.lower() for techniques, _ in rows)
    for family in FAMILIES[3:]:
        assert family.replace("als", "ALS").lower() in named, family
