"""The example workbooks: made by their script, and solved by the README's command."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import openpyxl
import pytest

from tests.batch.helpers import ROOT, digest
from xl_sudoku.cli import main
from xl_sudoku.core import is_solution, parse_puzzle, rate
from xl_sudoku.puzzles import bundled

EXAMPLES = ROOT / "examples"


def make_examples() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_examples", EXAMPLES / "make_examples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def values(path: Path) -> dict[str, list[tuple[object, ...]]]:
    book = openpyxl.load_workbook(path)
    return {sheet.title: list(sheet.iter_rows(values_only=True)) for sheet in book.worksheets}


@pytest.mark.slow
def test_the_committed_examples_are_what_the_script_makes(tmp_path: Path) -> None:
    script = make_examples()
    script.grids_workbook(tmp_path / "grids.xlsx")
    script.list_workbook(tmp_path / "puzzle-list.xlsx")
    for name in ("grids.xlsx", "puzzle-list.xlsx"):
        assert values(tmp_path / name) == values(EXAMPLES / name), name


@pytest.mark.slow
def test_the_two_grids_are_titled_by_their_ratings() -> None:
    book = openpyxl.load_workbook(EXAMPLES / "grids.xlsx")
    sheet = book["Two at once"]
    script = make_examples()
    assert sheet["B1"].value == rate(parse_puzzle(script.RIGHT)).label == "Easy"
    assert sheet["L1"].value == rate(parse_puzzle(script.LEFT)).label == "Nightmare"


@pytest.mark.slow  # rating the 25 Nightmare puzzles of the list takes most of a minute
def test_the_readme_command_solves_every_example(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    before = {path.name: digest(path) for path in EXAMPLES.glob("*.xlsx")}
    out = tmp_path / "solved"
    assert main(["batch", str(EXAMPLES), "-o", str(out), "--force"]) == 0
    err = capsys.readouterr().err
    script = make_examples()
    total = sum(min(len(p), script.PER_LABEL) for p in bundled().values()) + 4
    assert f"2 files, {total} puzzles: {total} solved, 0 failed; 2 written" in err
    assert before == {path.name: digest(path) for path in EXAMPLES.glob("*.xlsx")}
    grids = openpyxl.load_workbook(out / "grids.solved.xlsx")

    def grid(sheet: str, top: int, left: int) -> tuple[int, ...]:
        cells = grids[sheet]
        values = [cells.cell(top + r, left + c).value for r in range(9) for c in range(9)]
        return tuple(int(str(value)) for value in values)

    assert is_solution(grid("Saturday", 4, 13), parse_puzzle(script.SATURDAY))
    assert is_solution(grid("Sunday", 3, 12), parse_puzzle(script.SUNDAY))
    # two grids side by side: the first is solved below itself, the second to its right
    assert is_solution(grid("Two at once", 13, 2), parse_puzzle(script.RIGHT))
    assert is_solution(grid("Two at once", 2, 22), parse_puzzle(script.LEFT))
    rows = list(openpyxl.load_workbook(out / "puzzle-list.solved.xlsx")["Puzzles"].values)
    assert rows[0][:4] == ("Puzzle", "Where it came from", "Solution", "Status")
    assert len(rows) == total - 4 + 1
    for puzzle, _, solution, status, *_ in rows[1:]:
        assert status == "solved"
        assert is_solution(parse_puzzle(str(solution)), parse_puzzle(str(puzzle)))
