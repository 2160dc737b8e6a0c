"""What each work cell shows (``paint``): values and fills, on hand-made traces and steps
whose every colour is written down here."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.puzzles import INKALA_2010
from xl_sudoku.core import Grid, is_solution, parse_puzzle, placeholder_grid, solve
from xl_sudoku.core.board import Board
from xl_sudoku.core.colours import ALTERNATE, CYAN, MAGENTA, REMOVED, WRONG, YELLOW
from xl_sudoku.core.engine import Status, Trace
from xl_sudoku.core.steps import BACKTRACK, CONTRADICTION, GUESS, Step
from xl_sudoku.core.techniques import TECHNIQUES
from xl_sudoku.core.techniques.fish import X_WING
from xl_sudoku.core.techniques.singles import HIDDEN_SINGLE, NAKED_SINGLE
from xl_sudoku.paint import (
    LEGEND,
    _legend,
    board_values,
    paint_board,
    paint_progress,
    paint_solution,
)

PUZZLE: Grid = parse_puzzle(INKALA_2010)
ANSWER: Grid = solve(PUZZLE)
# four open cells of row 1 (r1c2 to r1c5) and a digit that is not theirs
R1C2, R1C3, R1C4, R1C5 = 1, 2, 3, 4
WRONG_DIGIT = {cell: ANSWER[cell] % 9 + 1 for cell in (R1C2, R1C3, R1C4, R1C5)}


def step(technique: object, *placements: tuple[int, int], level: int = 0) -> Step:
    return Step(technique, str(technique), placements=placements, level=level)  # type: ignore[arg-type]


def test_after_an_undone_guess_the_last_placement_of_a_cell_gives_its_colour() -> None:
    """A guess places r1c2, and naked singles r1c3 and r1c5 inside it; the guess fails and
    is undone, and after the backtrack r1c3 falls to a hidden single: it shows the hidden
    single's cyan, not the undone naked single's magenta. The solve stops with r1c5 open
    again: no colour, no value."""
    steps = (
        step(GUESS, (R1C2, WRONG_DIGIT[R1C2]), level=1),
        step(NAKED_SINGLE, (R1C3, WRONG_DIGIT[R1C3]), level=1),
        step(NAKED_SINGLE, (R1C5, WRONG_DIGIT[R1C5]), level=1),
        step(CONTRADICTION, level=1),
        step(BACKTRACK, (R1C2, ANSWER[R1C2])),
        step(HIDDEN_SINGLE, (R1C3, ANSWER[R1C3])),
        step(NAKED_SINGLE, (R1C4, ANSWER[R1C4])),
    )  # stopped there: r1c5, placed inside the undone guess, is open again
    grid = tuple(ANSWER[c] if PUZZLE[c] or c in (R1C2, R1C3, R1C4) else 0 for c in range(81))
    trace = Trace(PUZZLE, steps, Status.SOLVING, grid, 1, 0.0)
    painting = paint_solution(PUZZLE, trace)
    assert [painting.fill_of(c) for c in (0, R1C2, R1C3, R1C4, R1C5, 5)] == [
        None,  # a given
        YELLOW,  # backtrack
        CYAN,  # the hidden single after the undone naked single
        MAGENTA,
        None,  # open again: placed only inside the undone guess
        None,  # open: never placed
    ]
    assert painting.values[0] == (8, ANSWER[1], ANSWER[2], ANSWER[3], None, None, None, None, None)
    assert painting.fills == {
        None: tuple(c for c in range(81) if c not in (R1C2, R1C3, R1C4)),
        YELLOW: (R1C2,),
        CYAN: (R1C3,),
        MAGENTA: (R1C4,),
    }


def test_a_digit_found_inside_a_guess_that_stands_is_yellow_as_the_guess() -> None:
    """A guess places r1c2 and a naked single r1c3 inside it; the guess is never undone
    (a puzzle with several solutions, or techniques switched off): r1c3 holds only if the
    guess does, so it is not shown as proven. After the guess's level ends (a backtrack
    elsewhere), a single is proven again: r1c4 in its own colour."""
    steps = (
        step(GUESS, (R1C2, ANSWER[R1C2]), level=1),
        step(NAKED_SINGLE, (R1C3, ANSWER[R1C3]), level=1),
        step(NAKED_SINGLE, (R1C4, ANSWER[R1C4])),
    )
    grid = tuple(ANSWER[c] if PUZZLE[c] or c in (R1C2, R1C3, R1C4) else 0 for c in range(81))
    painting = paint_solution(PUZZLE, Trace(PUZZLE, steps, Status.SOLVING, grid, 2, 0.0))
    assert [painting.fill_of(c) for c in (R1C2, R1C3, R1C4)] == [YELLOW, YELLOW, MAGENTA]


def test_a_solved_trace_shows_every_digit_and_colours_only_what_was_found() -> None:
    steps = tuple(
        step(HIDDEN_SINGLE if c % 2 else NAKED_SINGLE, (c, ANSWER[c]))
        for c in range(81)
        if not PUZZLE[c]
    )
    painting = paint_solution(PUZZLE, Trace(PUZZLE, steps, Status.SOLVED, ANSWER, 1, 0.0))
    shown = tuple(v for row in painting.values for v in row)
    assert is_solution(shown, PUZZLE)  # type: ignore[arg-type]
    assert painting.fills == {
        None: tuple(c for c in range(81) if PUZZLE[c]),
        MAGENTA: tuple(c for c in range(0, 81, 2) if not PUZZLE[c]),
        CYAN: tuple(c for c in range(1, 81, 2) if not PUZZLE[c]),
    }


def test_progress_shows_the_digits_found_in_their_colours_and_candidates_elsewhere() -> None:
    steps = [step(NAKED_SINGLE, (R1C2, ANSWER[R1C2])), step(HIDDEN_SINGLE, (R1C3, ANSWER[R1C3]))]
    painting = paint_progress(PUZZLE, steps)
    board = Board.from_grid(PUZZLE)
    board.place(R1C2, ANSWER[R1C2])
    board.place(R1C3, ANSWER[R1C3])
    # r1c4: every digit but r1's 8 and the answers just placed, column 4's 6 and 5 and box 2's 9
    gone = {8, ANSWER[R1C2], ANSWER[R1C3], 6, 5, 9}
    expected_r1c4 = "".join(str(d) if d not in gone else "0" for d in range(1, 10))
    assert painting.values[0][:4] == (8, ANSWER[R1C2], ANSWER[R1C3], expected_r1c4)
    assert painting.values == tuple(tuple(board_values(board)[9 * r : 9 * r + 9]) for r in range(9))
    assert painting.fills == {
        None: tuple(c for c in range(81) if c not in (R1C2, R1C3)),
        MAGENTA: (R1C2,),
        CYAN: (R1C3,),
    }


def test_board_values_are_digits_and_placeholders() -> None:
    values = board_values(Board.from_grid(PUZZLE))
    assert values[0] == 8  # a given
    assert values[1] == "120406000"  # r1c2: not 8 (row 1), 3, 7 (box 1), 5, 9 (column 2)
    assert [type(v) for v in values] == [int if d else str for d in PUZZLE]


def test_a_step_paints_its_pattern_other_side_removals_and_placement() -> None:
    """Each cell once, the strongest role winning: a placement over the pattern, the
    pattern over the other side, the other side over a removal."""
    x_wing = Step(
        X_WING,
        "an X-Wing",
        placements=((10, 4),),
        eliminations=((11, 4), (12, 4), (13, 4), (14, 4)),
        pattern=((10, 4), (12, 4), (20, 4)),
        alternate=((13, 4), (21, 4)),
    )
    painting = paint_board(Board.from_grid(PUZZLE), x_wing)
    assert [painting.fill_of(c) for c in range(10, 22)] == [
        X_WING.colour,  # placed and in the pattern
        REMOVED,
        X_WING.colour,  # removed from, and in the pattern
        ALTERNATE,  # removed from, and the other side
        REMOVED,
        None,
        None,
        None,
        None,
        None,
        X_WING.colour,
        ALTERNATE,
    ]
    shown = [int(v) if len(v) == 1 else v for v in placeholder_grid(PUZZLE)]
    assert painting.values == tuple(tuple(shown[9 * r : 9 * r + 9]) for r in range(9))
    plain = paint_board(Board.from_grid(PUZZLE))
    assert (plain.values, plain.fills) == (painting.values, {None: tuple(range(81))})


@pytest.mark.parametrize("made_anew", [False, True], ids=["shown", "made anew"])
def test_the_legend_names_each_colour_once_with_every_technique_of_it(made_anew: bool) -> None:
    """LEGEND is made when first asked for; made anew it must read the same."""
    legend = _legend() if made_anew else LEGEND
    colours = [colour for _, colour in legend]
    assert len(colours) == len(set(colours))
    for technique in TECHNIQUES:
        line = next(text for text, colour in legend if colour == technique.colour)
        assert technique.name in line.split(", ")
    assert legend[-4:] == (
        ("A guess, and every digit found inside one (not proven)", YELLOW),
        ("A cell that loses candidates in a step", REMOVED),
        ("The other side of a chain or colouring", ALTERNATE),
        ("A wrong entry, or a given an error names", WRONG),
    )
    # the first line: the first technique's colour, its techniques in the catalogue's order
    first = [t.name for t in TECHNIQUES if t.colour == TECHNIQUES[0].colour]
    assert legend[0] == (", ".join(first), TECHNIQUES[0].colour)


def test_painting_loads_no_technique_and_the_legend_loads_them_when_asked() -> None:
    """A button that only paints (Candidates, Check) loads no finder (issue 52); the
    legend, made from the catalogue, loads them when first asked for, once."""
    code = (
        "import json, sys; import xl_sudoku.paint as p; "
        "before = 'xl_sudoku.core.techniques' in sys.modules; legend = p.LEGEND; "
        "after = 'xl_sudoku.core.techniques' in sys.modules; "
        "print(json.dumps([before, after, legend is p.LEGEND, len(legend)]))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [False, True, True, len(LEGEND)]
    import xl_sudoku.paint

    with pytest.raises(AttributeError, match=r"^module 'xl_sudoku.paint' has no attribute 'NOPE'$"):
        xl_sudoku.paint.NOPE  # noqa: B018 - the module's __getattr__ answers only LEGEND
