"""The buttons on each engine xlwings drives: the engine models checked against xlwings'
own code, every sequence of presses leaving the same sheet on Windows, macOS and the
remote engine, every cell painted that the buttons meant to paint (its colour a code the
workbook's conditional formats show), every address they write read whole everywhere,
and the painting of before caught where it failed (a union of areas: cut short on macOS,
refused by the remote engine)."""

from __future__ import annotations

import ast
import importlib.util
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import xlwings.utils

from tests.buttons.engines import ENGINES, MAC, REMOTE, WINDOWS, Engine, read_mac, read_remote
from tests.buttons.sequences import SEQUENCES, State, differences, run_step, state
from tests.buttons.standin import StandInBook, shown_fills
from xl_sudoku.buttons import ACTIONS, on_solve
from xl_sudoku.buttons import history as hist
from xl_sudoku.buttons.host import row_runs
from xl_sudoku.core.colours import hex_code

ROOT = Path(__file__).resolve().parents[2]
WHEEL = Path(str(importlib.util.find_spec("xlwings").origin)).parent  # type: ignore[union-attr]

#: the lines of the pinned wheel the models follow (tests/buttons/engines.py quotes them)
QUOTED = [
    ("_xlwindows.py", 1047, "xl1 = self.xl.Range(arg1)"),
    ("_xlmac.py", 711, "def range(self, arg1, arg2=None):"),
    ("_xlmac.py", 731, 'address1 = arg1.split(":")[0]'),
    ("_xlmac.py", 751, 'if isinstance(arg1, str) and len(arg1.split(":")) == 2:'),
    ("_xlmac.py", 754, 'return Range(self, "{0}".format(address1))'),
    ("_xlmac.py", 758, 'return Range(self, "{0}:{1}".format(address1, address2))'),
    ("_xlmac.py", 1013, "self.xl = sheet.xl.cells[address]"),
    ("pro/_xlremote.py", 1579, "tuple1, tuple2 = utils.a1_to_tuples(arg1)"),
    ("pro/_xlremote.py", 1580, "if not tuple1:"),
    ("pro/_xlremote.py", 634, "def _unsupported(name, detail, read_only=False):"),
    ("pro/_xlremote.py", 639, 'message = f"App.{name} is not supported on this engine: {detail}"'),
    ("pro/_xlremote.py", 655, 'status_bar = _unsupported("status_bar", "it has no equivalent'),
    ("utils.py", 133, "def address_to_index_tuple(address):"),
    ("utils.py", 162, r're_range_parts = re.compile(r"(\$?)([A-Z]{1,3})(\$?)(\d+)")'),
    ("utils.py", 187, "def a1_to_tuples(address):"),
    ("utils.py", 189, 'part1, part2 = address.split(":")'),
]
#: addresses of every shape the buttons write, and names
ADDRESSES = [
    "M4,Q4,Q5:R5,L6:L7",
    "L4:N4,P5",
    "L4:N4,P5:Q5",
    "M4,Q4",
    "M4,Q4,Q5:R5",
    "L4",
    "$L$4:$T$12",
    "L10:T10",
    "A2:E401",
    "Work",
    "StatusCells",
    "XlwingsVersion",
]


@pytest.mark.parametrize(("name", "line", "text"), QUOTED)
def test_the_models_quote_the_installed_wheel(name: str, line: int, text: str) -> None:
    assert xlwings.__version__ == "0.37.8"
    lines = (WHEEL / name).read_text(encoding="utf-8").splitlines()
    assert lines[line - 1].strip().startswith(text), (name, line, lines[line - 1])


def a1_to_tuples(text: str) -> tuple[object, object]:
    """xlwings' own reading of an address on the remote engine (``utils.a1_to_tuples``)."""
    found: tuple[object, object] = xlwings.utils.a1_to_tuples(text)  # type: ignore[no-untyped-call]
    return found


def mac_sheet_range() -> Callable[[Any, str], str]:
    """xlwings' own ``_xlmac.Sheet.range``, its ``Range(sheet, address)`` giving back the
    address it is handed (``_xlmac`` itself needs appscript: it imports only on a Mac)."""
    tree = ast.parse((WHEEL / "_xlmac.py").read_text(encoding="utf-8"))
    sheet = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Sheet")
    method = next(n for n in sheet.body if isinstance(n, ast.FunctionDef) and n.name == "range")

    class Range:  # what xlwings' range builds: here, the address it is handed
        def __new__(cls, sheet: object, address: str) -> str:  # type: ignore[misc]
            return address

    namespace: dict[str, Any] = {"Range": Range}
    exec(compile(ast.Module(body=[method], type_ignores=[]), "_xlmac.py", "exec"), namespace)
    found: Callable[[Any, str], str] = namespace["range"]
    return found


def written_addresses() -> list[str]:
    """Addresses of the fills the buttons write in a workbook older than the ``Colours``
    block (``engine.row_runs``), for random sets of cells, and the unions they wrote before
    (one address a colour, as Windows reads it)."""
    rng = random.Random(7)
    found = []
    for _ in range(100):
        runs = row_runs(4, 12, rng.sample(range(81), rng.randint(1, 64)))
        found += [*runs, ",".join(runs)]
    return found


@pytest.mark.slow
def test_the_mac_model_is_xlwings_own_code() -> None:
    xlwings_range = mac_sheet_range()
    for text in ADDRESSES + written_addresses():
        assert read_mac(text) == xlwings_range(None, text), text
    assert read_mac("M4,Q4,Q5:R5,L6:L7") == "M4,Q4,Q5"  # the example


def test_the_remote_model_is_xlwings_own_code() -> None:
    for text in ADDRESSES + written_addresses():
        try:
            expected = a1_to_tuples(text)
        except ValueError:
            with pytest.raises(ValueError, match="too many values to unpack"):
                read_remote(text)
            continue
        assert a1_to_tuples(read_remote(text)) == expected, text
    assert read_remote("L4:N4,P5") == "L4:N4" and read_remote("M4,Q4") == "M4"
    assert read_remote("M4,Q4,Q5:R5") == "M4:R5"  # neither union nor first area


def test_every_address_the_buttons_write_is_read_whole_on_every_engine(tmp_path: Path) -> None:
    """What every button writes to (a defined name, a rectangle: the ``Colours`` block
    among them) reaches the spreadsheet whole on Windows, macOS and the remote engine; so
    do the rectangles of an older workbook's fills."""
    book = fresh(tmp_path, WINDOWS)
    written = set()
    for name, action in ACTIONS.items():
        if name not in ("New puzzle", "Check set-up"):
            action(book)
            written |= {call.split("'")[1] for call in book.calls if call.startswith("Range(")}
    assert "Colours" in written and "Work" in written
    rng = random.Random(8)
    for _ in range(300):
        written.update(row_runs(4, 12, rng.sample(range(81), rng.randint(1, 81))))
    for text in written:
        assert read_mac(text) == text == read_remote(text) == WINDOWS.read(text), text


def fresh(tmp_path: Path, engine: Engine) -> StandInBook:
    path = tmp_path / f"{engine}.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    return StandInBook(path, engine)


def fills_of(book: StandInBook) -> Callable[[str], list[str | None]]:
    """The fills a grid the defined name ``name`` covers shows, as ``RRGGBB`` (None: none):
    its codes through the sheet's own conditional formats (``shown_fills``)."""

    def fills(name: str) -> list[str | None]:
        sheet, block = next(iter(book.workbook.defined_names[name].destinations))
        return shown_fills(book.workbook[sheet], block.replace("$", "").split(":")[0])

    return fills


def recorded_fills(book: StandInBook) -> list[str | None]:
    """The work grid's fills as the buttons' record says they painted them."""
    sheet, block = next(iter(book.workbook.defined_names["History"].destinations))
    rows = [[c.value for c in row] for row in book.workbook[sheet][block.replace("$", "")]]
    shown: list[str | None] = [None] * 81
    for code, cells in hist.read(rows).record.work_fills.items():
        for cell in cells:
            shown[cell] = code
    return shown


def run_sequence(tmp_path: Path, engine: Engine, name: str) -> list[State]:
    """A sequence on a fresh book; the state after each step. After each press the work
    grid shows exactly the fills the buttons meant (their record)."""
    book = fresh(tmp_path, engine)
    states = []
    for step in SEQUENCES[name]:
        run_step(book, step)
        states.append(state(book, fills_of(book)))
        if step[0] == "press" and step[1] != "Undo":  # Undo restores what an error left
            assert states[-1]["work fills"] == recorded_fills(book), (engine, name, step)
    return states


@pytest.fixture
def generous(monkeypatch: pytest.MonkeyPatch) -> None:
    """New puzzle generates (a loaded machine would make it fall back to the bundled set)."""
    from xl_sudoku import puzzles

    monkeypatch.setattr(puzzles, "BUDGET", 120.0)


@pytest.mark.slow
@pytest.mark.usefixtures("generous")
@pytest.mark.parametrize("name", list(SEQUENCES))
def test_every_engine_leaves_the_same_sheet(tmp_path: Path, name: str) -> None:
    """Each sequence, on the Windows, macOS and remote stand-ins: after every step the
    same values, fills, status cells and step log."""
    runs = {engine.name: run_sequence(tmp_path, engine, name) for engine in ENGINES}
    for engine in (MAC, REMOTE):
        for i, (windows, other) in enumerate(zip(runs["windows"], runs[engine.name], strict=True)):
            assert not differences(windows, other), (engine.name, SEQUENCES[name][i])
    painted = [s for s in runs["windows"] if any(s["work fills"])]
    if name in ("solve", "step", "hint", "check", "errors"):
        assert painted, "the sequence paints something"


def test_a_union_of_areas_is_not_read_whole_on_a_mac_nor_on_the_remote_engine(
    tmp_path: Path,
) -> None:
    """Why the buttons write colours as codes: the unions they wrote fills to before (one
    address a colour) reach macOS cut at the first of two ``:`` (3 of 7 cells filled) and
    make the remote engine raise (xlwings unpacks the parts in two)."""
    union = "M4,Q4,Q5:R5,L6:L7"
    mac = fresh(tmp_path, MAC)
    mac.sheets["Sudoku"].range(union).color = (255, 0, 255)
    filled = [f for f in shown_fills(mac.workbook["Sudoku"], "L4") if f]
    assert len(filled) == 3
    remote = fresh(tmp_path, REMOTE)
    with pytest.raises(ValueError, match="too many values to unpack"):
        remote.sheets["Sudoku"].range(union).color = (255, 0, 255)


@pytest.mark.parametrize("engine", ENGINES, ids=str)
def test_a_workbook_older_than_the_colour_codes_gets_fills_a_rectangle_at_a_time(
    tmp_path: Path, engine: Engine
) -> None:
    """A workbook without the ``Colours`` block (built before it): Solve fills the cells it
    means to, one rectangle a write, on every engine; Clear takes them away."""
    book = fresh(tmp_path, engine)
    del book.workbook.defined_names["Colours"]
    on_solve(book)
    assert fills_of(book)("Work") == recorded_fills(book) and any(recorded_fills(book))
    assert not any("Colours" in call for call in book.calls)
    ACTIONS["Clear"](book)
    assert not any(fills_of(book)("Work"))


def test_no_status_bar_on_the_remote_engine_and_no_exception(tmp_path: Path) -> None:
    book = fresh(tmp_path, REMOTE)
    with pytest.raises(NotImplementedError):
        book.app.status_bar = "x"  # as xlwings' remote engine answers
    on_solve(book)
    assert str(book.workbook["Sudoku"]["C15"].value).startswith("Solved in ")
    assert book.app.status_history == [] and not any("status_bar" in c for c in book.calls)


def test_the_colours_are_the_techniques() -> None:
    """The counts above name the example's colours: magenta and cyan are those of its
    techniques (full house, naked single: magenta; hidden single: cyan)."""
    from xl_sudoku.core.techniques import BY_KEY

    assert hex_code(BY_KEY["full-house"].colour) == hex_code(BY_KEY["naked-single"].colour)
    assert hex_code(BY_KEY["full-house"].colour) == "FF00FF"
    assert hex_code(BY_KEY["hidden-single"].colour) == "00FFFF"
