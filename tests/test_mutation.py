"""The mutation score's reader (``tests/mutation.py``, ``make mutation``), on a made-up
mutmut result, and the record of equivalent mutants as it is."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from tests import mutation
from tests.mutation import MODULES, RECORD, module_of, read_record, score

MUTATED = '''\
def x_next__mutmut_orig(a):
    """The next one."""
    return a + 1
def x_next__mutmut_1(a):
    """The next one."""
    return a - 1
def x_next__mutmut_2(a):
    """The next one."""
    return a + 2
class Box:
    def xǁBoxǁget__mutmut_orig(self):
        return self.value
    def xǁBoxǁget__mutmut_1(self):
        return None
'''


def made_up(root: Path, codes: dict[str, int | None]) -> None:
    """mutmut's copy of a module ``pkg.mod`` and its results, as mutmut 3.8 writes them."""
    (root / "pkg").mkdir()
    (root / "pkg" / "mod.py").write_text(MUTATED, encoding="utf-8")
    meta = {"exit_code_by_key": {f"pkg.mod.{name}": code for name, code in codes.items()}}
    (root / "pkg" / "mod.py.meta").write_text(json.dumps(meta))


def test_killed_hung_survived_and_recorded_mutants_are_counted_apart(tmp_path: Path) -> None:
    made_up(
        tmp_path,
        {
            "x_next__mutmut_1": 1,
            "x_next__mutmut_2": 0,
            "xǁBoxǁget__mutmut_1": 36,
            "x_f__mutmut_3": None,
        },
    )
    record = read_record("# a comment\n\npkg.mod.x_next__mutmut_2\treturn a + 2\tthe same\n")
    result = score("pkg.mod", record, tmp_path)
    assert (result.mutants, result.killed, result.survived, result.equivalent) == (
        4,
        2,  # a test failed; time ran out
        ["pkg.mod.x_next__mutmut_2"],
        1,
    )
    assert (result.unchecked, result.stale, result.score) == (1, [], 0.75)


def test_a_module_not_run_yet_says_so_not_a_score_of_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before ``make mutation`` (no ``mutants/``) a module's line says it was not run:
    a score of 0.0% would read as every mutant surviving."""
    monkeypatch.setattr(mutation, "score", functools.partial(score, root=tmp_path))
    assert mutation.main(["xl_sudoku.core.rules"]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert line.startswith("xl_sudoku.core.rules") and "%" not in line, line
    assert line.endswith("not run: make mutation"), line


def test_a_record_whose_line_the_mutant_no_longer_has_is_stale(tmp_path: Path) -> None:
    made_up(tmp_path, {"x_next__mutmut_1": 0, "x_next__mutmut_2": 1})
    record = read_record(
        "pkg.mod.x_next__mutmut_1\treturn a + 2\tmoved\npkg.mod.x_gone__mutmut_1\tpass\tgone\n"
    )
    result = score("pkg.mod", record, tmp_path)
    assert result.stale == ["pkg.mod.x_next__mutmut_1", "pkg.mod.x_gone__mutmut_1"]
    assert (result.equivalent, result.score) == (0, 0.5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pkg.mod.x_f__mutmut_1\treturn 1\n", "line 1: expected mutant, line and reason"),
        ("a\tb\t \n", "line 1: expected mutant, line and reason"),
        ("a\tb\tc\nd\te\tf\na\tb\tc\n", "recorded twice: a"),
    ],
)
def test_a_bad_line_of_the_record_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}"):
        read_record(text)


def test_the_record_names_mutants_of_the_mutated_modules_only() -> None:
    record = read_record(RECORD.read_text(encoding="utf-8"))
    assert record
    assert {module_of(e.mutant) for e in record} <= set(MODULES)
