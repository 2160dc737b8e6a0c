"""The layering rules, for the whole package: imports point down only.

The layers are listed once, top to bottom, in the package's docstring
(``xl_sudoku/__init__.py``); ``MAY_IMPORT`` here says which layers below it each may
import, and ``test_the_package_docstring_lists_the_layers`` checks that the two agree.

Every import in every module counts, those inside functions too (an import cycle hidden
in a function is still a cycle). Third-party imports are allowed layer by layer.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import xl_sudoku

PACKAGE = Path(xl_sudoku.__file__).parent

#: each layer, and the layers it may import besides itself
MAY_IMPORT: dict[str, set[str]] = {
    "core": set(),
    "helpers": set(),
    "root": set(),
    "paint": {"core"},
    "pictures": {"core", "paint"},
    "puzzles": {"core"},
    "buttons": {"core", "paint", "puzzles", "helpers"},  # helpers.a1: cell references
    "excel": {"root", "core", "paint", "puzzles", "buttons"},
    "batch": {"root", "core", "paint", "buttons", "helpers"},
    "workbook": {"root", "core", "paint", "puzzles", "buttons", "helpers"},
    "cli": {
        "root",
        "core",
        "paint",
        "pictures",
        "puzzles",
        "buttons",
        "helpers",
        "batch",
        "workbook",
    },
    "main": {"cli"},
}
#: the third-party packages each layer may import (the extras that bring them)
THIRD_PARTY: dict[str, set[str]] = {
    "pictures": {"PIL"},  # images
    "buttons": {"openpyxl"},  # batch (only openpyxl_book, which batch mode and tests use)
    "excel": {"xlwings"},  # excel
    "batch": {"openpyxl", "defusedxml", "lxml"},  # batch
    "workbook": {"xlsxwriter", "xlwings"},  # workbook
    "cli": {"distributed"},  # cluster (only cli/cluster.py, loaded by --cluster)
}


def layer_table() -> list[list[str]]:
    """The package docstring's table of layers, top row first: each row's folders and
    modules (``cli/`` -> ``cli``, one space apart), on the lines indented by four spaces."""
    rows = []
    for line in (xl_sudoku.__doc__ or "").splitlines():
        if line.startswith("    ") and not line.startswith("     "):
            names = line.strip().split("  ")[0].split(" ")
            rows.append([name.rstrip("/") for name in names])
    return rows


#: each layer's row in the package docstring's table, 0 at the top
ROW = {name: number for number, row in enumerate(layer_table()) for name in row}


def layer_of(module: str) -> str:
    """The layer of a module of the package, by its dotted name."""
    parts = module.split(".")[1:]
    if not parts:
        return "root"
    if parts[0] == "__main__":
        return "main"
    if parts[0] in ROW:
        return parts[0]
    raise AssertionError(f"{module}: which layer? add it to xl_sudoku/__init__.py's table")


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(relative.parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def imports(module: str, path: Path) -> Iterator[str]:
    """Every module ``module`` imports, as an absolute dotted name."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            yield name
            # ``from . import atomic`` imports a module, not a name
            for alias in node.names:
                if f"{name}.{alias.name}" in MODULES:
                    yield f"{name}.{alias.name}"


MODULES = dict(modules())


def test_the_package_docstring_lists_the_layers() -> None:
    """The table names every layer of ``MAY_IMPORT`` once, and a layer may import only
    layers of the rows below its own."""
    names = [name for row in layer_table() for name in row]
    assert sorted(names) == sorted(set(MAY_IMPORT) - {"root", "main"})
    for layer, allowed in MAY_IMPORT.items():
        if layer in ROW:
            for other in allowed - {"root"}:
                assert ROW[other] > ROW[layer], f"{layer} may import {other}, a row above"


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        assert layer_of(module) in MAY_IMPORT


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down_only(module: str) -> None:
    layer = layer_of(module)
    allowed = MAY_IMPORT[layer] | {layer}
    for name in imports(module, MODULES[module]):
        top = name.split(".")[0]
        if top == "xl_sudoku":
            target = layer_of(name)
            assert target in allowed, f"{module} ({layer}) imports {name} ({target})"
        elif top not in sys.stdlib_module_names and top != "__future__":
            assert top in THIRD_PARTY.get(layer, set()), f"{module} ({layer}) imports {name}"


def test_only_openpyxl_book_in_buttons_imports_openpyxl() -> None:
    for module, path in MODULES.items():
        if layer_of(module) == "buttons" and module != "xl_sudoku.buttons.openpyxl_book":
            assert not any(n.startswith("openpyxl") for n in imports(module, path)), module


def test_nothing_imports_the_command_line() -> None:
    for module, path in MODULES.items():
        if layer_of(module) not in ("cli", "main"):
            assert not any(n.startswith("xl_sudoku.cli") for n in imports(module, path)), module


def test_no_import_cycle() -> None:
    # a package's __init__ importing its own modules is how packages are built, not a cycle
    graph = {
        m: {n for n in imports(m, p) if n in MODULES and n != m and not n.startswith(m + ".")}
        for m, p in MODULES.items()
    }
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycle = [*path[path.index(module) :], module]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        for name in sorted(graph[module]):
            visit(name, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])


def loaded_by(statement: str) -> set[str]:
    """The modules outside the standard library and the package that ``statement`` loads."""
    code = (
        "import sys; before = set(sys.modules); "
        f"{statement}; "
        "print('\\n'.join(set(sys.modules) - before))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    return {n for n in loaded if n.split(".")[0] not in {*sys.stdlib_module_names, "xl_sudoku"}}


def test_core_source_imports_only_the_standard_library() -> None:
    for module, path in MODULES.items():
        if layer_of(module) == "core":
            for name in imports(module, path):
                top = name.split(".")[0]
                assert top in {*sys.stdlib_module_names, "__future__", "xl_sudoku"}, (
                    f"{module} imports {name}"
                )


def test_importing_core_loads_no_third_party_module() -> None:
    assert loaded_by("import xl_sudoku.core") == set()


def test_the_command_line_and_the_buttons_need_no_extra_to_load() -> None:
    """The command line runs without the extras (batch mode and the builder load theirs
    when asked); the buttons and the Excel glue load xlwings only when Excel calls."""
    assert loaded_by("import xl_sudoku.cli; xl_sudoku.cli.registry.build_parser()") == set()
    assert loaded_by("import xl_sudoku.excel, xl_sudoku.buttons") == set()


def test_no_test_imports_the_benchmarks() -> None:
    """The benchmarks import the tests' references (``tests/references.py``,
    ``tests/reglib.py`` ...), never the other way: a test checks a benchmark by running it."""
    tests = PACKAGE.parent / "tests"
    found = [
        f"{path.relative_to(tests.parent)}: {name}"
        for path in sorted(tests.rglob("*.py"))
        for name in imports(f"tests.{path.stem}", path)
        if name == "benchmarks" or name.startswith("benchmarks.")
    ]
    assert found == []
