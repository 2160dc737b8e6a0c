"""The layering rule: ``xl_sudoku.core`` uses the standard library and nothing else."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import xl_sudoku.core

CORE = Path(xl_sudoku.core.__file__).parent


def test_core_source_imports_only_the_standard_library() -> None:
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # a relative import stays inside core/
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top == "__future__", (
                    f"{path.name} imports {name}"
                )


def test_importing_core_loads_no_third_party_module() -> None:
    code = (
        "import sys; before = set(sys.modules); import xl_sudoku.core; "
        "print('\\n'.join(set(sys.modules) - before))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "xl_sudoku.core.solver" in loaded
    outside = {
        name for name in loaded if name.split(".")[0] not in {*sys.stdlib_module_names, "xl_sudoku"}
    }
    assert outside == set()
