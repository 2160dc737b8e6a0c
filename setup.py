"""What pyproject.toml cannot say (setuptools runs this file when it builds the package):
the description PyPI shows, made of README.md (pyproject.toml lists ``readme`` as
dynamic), and the one module left out of the wheel, examples/make_examples.py.

PyPI shows README.md as it is, and resolves none of its relative links: each page, file
and picture of the repository it names would be a broken link there. ``pypi_description``
makes each one an address at the release's tag, ``v{version}``: a page or a file on
GitHub, a picture from raw.githubusercontent.com (GitHub's page of an image is not an
image). The repository is pyproject.toml's ``Source``, the version ``__version__`` in
``xl_sudoku/__init__.py``, read as text (the package is not imported while it is built).
tests/test_release.py and tests/lite/test_package.py check the result.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: a Markdown link or picture whose target is a path: ``[text](docs/a.md#part)``,
#: ``![alt](docs/a.png)``; not an address (``https:``, ``mailto:``), an anchor or ``/...``
RELATIVE_LINK = re.compile(r"(!?\[[^\]]*\])\((?![a-zA-Z][\w+.-]*:|[#/])([^)\s]+)\)")


def pypi_description(readme: str, repository: str, version: str) -> str:
    """``readme`` with each relative link made absolute at the tag ``v{version}`` of
    ``repository`` (``https://github.com/OWNER/NAME``): a page or file
    ``{repository}/blob/v{version}/PATH``, a picture
    ``https://raw.githubusercontent.com/OWNER/NAME/v{version}/PATH``; anchors kept."""
    owner_name = repository.removeprefix("https://github.com/")
    if owner_name == repository or owner_name.count("/") != 1:
        raise ValueError(f"not a GitHub repository's address: {repository!r}")
    page = f"{repository}/blob/v{version}/"
    picture = f"https://raw.githubusercontent.com/{owner_name}/v{version}/"

    def absolute(link: re.Match[str]) -> str:
        text, path = link.groups()
        return f"{text}({picture if text.startswith('!') else page}{path})"

    return RELATIVE_LINK.sub(absolute, readme)


def version_of(init: str) -> str:
    """The ``__version__ = "..."`` that ``init`` (a module's text) assigns."""
    for node in ast.parse(init).body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [
            "__version__"
        ]:
            return str(ast.literal_eval(node.value))
    raise ValueError("no __version__ = '...' in xl_sudoku/__init__.py")


def description() -> str:
    """README.md as PyPI shows it, for this checkout's version."""
    project = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    version = version_of((HERE / "xl_sudoku" / "__init__.py").read_text(encoding="utf-8"))
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    return pypi_description(readme, project["urls"]["Source"], version)


if __name__ == "__main__":  # setuptools runs it so; a test reads the functions above
    from setuptools import setup
    from setuptools.command.build_py import build_py

    class BuildPy(build_py):
        """examples/ is data, shipped as xl_sudoku.examples (pyproject.toml's package-data):
        make_examples.py, the repository's script that made the workbooks, is left out."""

        def find_package_modules(self, package: str, folder: str) -> list[tuple[str, ...]]:
            modules: list[tuple[str, ...]] = super().find_package_modules(package, folder)
            return [] if package == "xl_sudoku.examples" else modules

    setup(
        long_description=description(),
        long_description_content_type="text/markdown",
        cmdclass={"build_py": BuildPy},
    )
