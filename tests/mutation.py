"""The mutation score of the last ``make mutation``: mutmut's results (``mutants/``), with
the equivalent mutants recorded in ``tests/data/equivalent_mutants.tsv`` set apart.

    python -m tests.mutation [MODULE ...]   # per module: mutants, killed, survived, equivalent
    python -m tests.mutation --survivors    # and each survivor not recorded, with its change
    python -m tests.mutation --names        # only their names (mutmut run NAME ... reruns them)

A mutant is *killed* when a test fails on it, or when it runs out of time (a hang: a
mutant that loops is caught, not missed). The score counts the killed and the recorded
equivalent mutants over all mutants. A line of the record names a mutant (mutmut's name),
the line as the mutant has it, and why no test can tell the mutant from the code: a record
whose line no longer matches the mutant of that name is stale (the code moved), and is
reported, not counted.
"""

from __future__ import annotations

import ast
import difflib
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"
RECORD = ROOT / "tests" / "data" / "equivalent_mutants.tsv"
#: the modules ``make mutation`` mutates, as pyproject.toml's [tool.mutmut] names them
MODULES = (
    "xl_sudoku.core.solver",
    "xl_sudoku.core.rules",
    "xl_sudoku.core.formats",
    "xl_sudoku.core.rating",
    "xl_sudoku.core.steps",
    "xl_sudoku.paint",
)
# mutmut 3.8's exit codes (its stats.status_by_exit_code): 1 a test failed, 3 pytest broke;
# the CPU limit's signal (24, 152: SIGXCPU), 36 and 255 a timeout; 0 every test passed
KILLED = frozenset({1, 3})
TIMEOUT = frozenset({24, -24, 36, 152, 255})
SURVIVED = frozenset({0})


@dataclass(frozen=True, slots=True)
class Equivalent:
    """One line of the record."""

    mutant: str
    line: str  # the mutated line, as the mutant has it (stripped)
    reason: str


def read_record(text: str) -> list[Equivalent]:
    """The record's lines (``#`` comments and blank lines skipped); ``ValueError`` if one
    is not three fields or names a mutant twice."""
    found: list[Equivalent] = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = raw.split("\t")
        if len(fields) != 3 or not all(f.strip() for f in fields):
            raise ValueError(f"line {number}: expected mutant, line and reason, tab-separated")
        found.append(Equivalent(*(f.strip() for f in fields)))
    names = [e.mutant for e in found]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"recorded twice: {', '.join(twice)}")
    return found


def module_of(mutant: str) -> str:
    """``xl_sudoku.core.solver`` of ``xl_sudoku.core.solver.x_propagate__mutmut_12``."""
    return mutant.rsplit(".", 1)[0]


def _path_of(module: str) -> Path:
    return Path(*module.split(".")).with_suffix(".py")


def exit_codes(module: str, root: Path = MUTANTS) -> dict[str, int | None]:
    """Each mutant of a module and mutmut's exit code for it (None: not run yet)."""
    meta = root / f"{_path_of(module)}.meta"
    if not meta.exists():
        return {}
    codes: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
    return codes


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node
        elif isinstance(node, ast.ClassDef):
            yield from (n for n in node.body if isinstance(n, ast.FunctionDef))


def changes(module: str, root: Path = MUTANTS) -> dict[str, tuple[list[str], list[str]]]:
    """Each mutant of a module: the lines of its function it takes out and puts in
    (stripped), read from mutmut's copy of the module."""
    source = (root / _path_of(module)).read_text(encoding="utf-8")
    lines = source.splitlines()
    bodies = {  # each function, its name in its ``def`` line left out
        f.name: [lines[f.lineno - 1].replace(f.name, "_", 1), *lines[f.lineno : f.end_lineno]]
        for f in _functions(ast.parse(source))
    }
    found: dict[str, tuple[list[str], list[str]]] = {}
    for name, body in bodies.items():
        stem, _, number = name.rpartition("__mutmut_")
        if not stem or number == "orig":
            continue
        original = bodies[f"{stem}__mutmut_orig"]
        diff = list(difflib.ndiff(original, body))
        out = [d[2:].strip() for d in diff if d.startswith("- ")]
        into = [d[2:].strip() for d in diff if d.startswith("+ ")]
        found[f"{module}.{name}"] = (out, into)
    return found


@dataclass(slots=True)
class Score:
    """One module's mutants as mutmut left them, and the record's word on its survivors."""

    module: str
    mutants: int = 0
    killed: int = 0  # a test failed, or time ran out
    survived: list[str] = field(default_factory=list)  # recorded equivalent or not
    equivalent: int = 0  # survivors recorded, their line still the mutant's
    stale: list[str] = field(default_factory=list)  # records whose line no longer matches
    unchecked: int = 0  # not run yet, no test reached it, or something else went wrong

    @property
    def score(self) -> float:
        return (self.killed + self.equivalent) / self.mutants if self.mutants else 0.0


def score(module: str, record: Sequence[Equivalent], root: Path = MUTANTS) -> Score:
    """A module's score from mutmut's results and the record of equivalent mutants."""
    result = Score(module)
    codes = exit_codes(module, root)
    if not codes:
        return result
    changed = changes(module, root)
    recorded = {e.mutant: e for e in record if module_of(e.mutant) == module}
    for mutant, code in codes.items():
        result.mutants += 1
        if code in KILLED or code in TIMEOUT:
            result.killed += 1
        elif code in SURVIVED:
            result.survived.append(mutant)
            equivalent = recorded.get(mutant)
            if equivalent is None:
                continue
            if equivalent.line in changed.get(mutant, ([], []))[1]:
                result.equivalent += 1
            else:
                result.stale.append(mutant)
        else:
            result.unchecked += 1
    result.stale += sorted(set(recorded) - set(codes))
    return result


def main(argv: Sequence[str]) -> int:
    show = "--survivors" in argv
    modules = [a for a in argv if not a.startswith("--")] or list(MODULES)
    record = read_record(RECORD.read_text(encoding="utf-8"))
    recorded = {e.mutant for e in record}
    if "--names" in argv:
        for module in modules:
            s = score(module, record)
            for mutant in s.survived:
                if mutant not in recorded or mutant in s.stale:
                    print(mutant)
        return 0
    print(f"{'module':<24}{'mutants':>8}{'killed':>8}{'survived':>9}{'equivalent':>11}  score")
    for module in modules:
        s = score(module, record)
        result = f"{100 * s.score:.1f}%" if s.mutants else "not run: make mutation"
        print(
            f"{module:<24}{s.mutants:>8}{s.killed:>8}{len(s.survived):>9}{s.equivalent:>11}"
            f"  {result}" + (f"  ({s.unchecked} not run)" if s.unchecked else "")
        )
        for mutant in s.stale:
            print(f"  stale record: {mutant}")
        if show:
            changed = changes(module) if s.mutants else {}
            for mutant in s.survived:
                if mutant in recorded and mutant not in s.stale:
                    continue
                out, into = changed[mutant]
                print(f"  {mutant}")
                print("".join(f"    - {line}\n" for line in out), end="")
                print("".join(f"    + {line}\n" for line in into), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
