"""docs/techniques.md, the list of every technique the engine knows, made from the code.

    python -m tests.techniques_page           # write docs/techniques.md
    python -m tests.techniques_page --find    # look for examples still missing

Each technique's row comes from ``steps.TECHNIQUES`` (its order, name, key, family,
rating); the names HoDoKu and SudokuWiki give it come from ``OTHER_NAMES`` below. Its
example is a position in ``tests/data/technique_examples.tsv`` (SudokuWiki's
162-character string, or a puzzle at its start: a reader opens it on sudokuwiki.org) and
the step the technique's finder yields there first, worked out anew each time the page is
made: tests/test_docs.py makes the page again and compares, so the page cannot drift
from the engine.

``--find`` walks the engine's solving path through puzzles of tests/data and, at each
position, asks every technique still without an example; the first step found whose text
is short is kept (positions where the technique fires are rare for some: the search
gives up on a technique after ``BUDGET`` seconds).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Final

from xl_sudoku.core import parse_puzzle
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.marks import SUDOKUWIKI, Position, read_position, sudokuwiki_link, write_s9b
from xl_sudoku.core.steps import Step, Technique
from xl_sudoku.core.techniques import FINDERS, NOT_IN_SUKAKU, TECHNIQUES

ROOT: Final = Path(__file__).resolve().parents[1]
PAGE: Final = ROOT / "docs" / "techniques.md"
EXAMPLES: Final = ROOT / "tests" / "data" / "technique_examples.tsv"
#: HoDoKu's name and SudokuWiki's for each technique, where they differ from ours ("" where
#: they are the same; "-" where the program has no such technique). HoDoKu's names are
#: those its solver prints (English); SudokuWiki's are its strategy menu's entries as of
#: its pages modified in 2025 (Rectangle Elimination was Empty Rectangles there, which it
#: now lists as deprecated, with Remote Pairs and Multi-Colouring).
OTHER_NAMES: Final[dict[str, tuple[str, str]]] = {
    "full-house": ("", "-"),
    "hidden-single": ("", "Hidden Singles"),
    "direct-pointing": ("-", "-"),
    "direct-claiming": ("-", "-"),
    "direct-hidden-pair": ("-", "-"),
    "naked-single": ("", "Naked Singles"),
    "direct-hidden-triple": ("-", "-"),
    "pointing": ("Locked Candidates Type 1 (Pointing)", "Pointing Pairs"),
    "claiming": ("Locked Candidates Type 2 (Claiming)", "Box/Line Reduction"),
    "naked-pair": ("", "Naked Candidates"),
    "x-wing": ("", ""),
    "hidden-pair": ("", "Hidden Candidates"),
    "naked-triple": ("", "Naked Candidates"),
    "swordfish": ("", ""),
    "hidden-triple": ("", "Hidden Candidates"),
    "skyscraper": ("", "X-Cycles"),
    "2-string-kite": ("", "X-Cycles"),
    "turbot-fish": ("", "X-Cycles"),
    "empty-rectangle": ("", "Rectangle Elimination"),
    "grouped-turbot-fish": ("-", "Grouped X-Cycles"),
    "xy-wing": ("", "Y-Wing"),
    "xyz-wing": ("", "XYZ-Wing"),
    "unique-rectangle": ("Uniqueness Test 1", "Unique Rectangles"),
    "unique-rectangle-2": ("Uniqueness Test 2", "Unique Rectangles"),
    "unique-rectangle-3": ("Uniqueness Test 3", "Unique Rectangles"),
    "unique-rectangle-4": ("Uniqueness Test 4", "Unique Rectangles"),
    "unique-rectangle-5": ("Uniqueness Test 5", "Unique Rectangles"),
    "unique-loop": ("-", "-"),
    "naked-quad": ("Naked Quadruple", "Naked Candidates"),
    "jellyfish": ("", ""),
    "hidden-quad": ("Hidden Quadruple", "Hidden Candidates"),
    "x-chain-3": ("X-Chain", "X-Cycles"),
    "wxyz-wing": ("-", "WXYZ-Wing"),
    "bug": ("Bivalue Universal Grave + 1", "BUG"),
    "bug-2": ("-", "-"),
    "bug-4": ("-", "-"),
    "bug-3": ("-", "-"),
    "x-chain-4": ("X-Chain", "X-Cycles"),
    "vwxyz-wing": ("-", "-"),
    "aligned-pair-exclusion": ("-", ""),
    "uvwxyz-wing": ("-", "-"),
    "x-cycle": ("Continuous Nice Loop", "X-Cycles"),
    "y-cycle": ("Continuous Nice Loop", "Alternating Inference Chains"),
    "x-chain": ("", "X-Cycles"),
    "xy-cycle": ("", "Alternating Inference Chains"),
    "xy-chain": ("", ""),
    "aic": ("", "Alternating Inference Chains"),
    "tuvwxyz-wing": ("-", "-"),
    "aligned-triple-exclusion": ("-", "-"),
    "nishio": ("-", "Nishio Forcing Chains"),
    "cell-forcing-chain": ("Forcing Chain", "Cell Forcing Chains"),
    "region-forcing-chain": ("Forcing Chain", "Unit Forcing Chains"),
    "dynamic-forcing-chain": ("Forcing Net", "Digit Forcing Chains"),
    "dynamic-forcing-chain-plus": ("Forcing Net", "-"),
    "nested-forcing-chain": ("-", "-"),
    "simple-colouring": ("Simple Colors", ""),
    "w-wing": ("", ""),
    "unique-rectangle-6": ("Uniqueness Test 6", "Unique Rectangles"),
    "hidden-unique-rectangle": ("Hidden Rectangle", "Hidden Unique Rectangles"),
    "avoidable-rectangle": ("", "Avoidable Rectangles"),
    "avoidable-rectangle-2": ("", "Avoidable Rectangles"),
    "finned-x-wing": ("", ""),
    "sashimi-x-wing": ("", "Finned X-Wing"),
    "finned-swordfish": ("", ""),
    "sashimi-swordfish": ("", "Finned Swordfish"),
    "finned-jellyfish": ("", "-"),
    "sashimi-jellyfish": ("", "-"),
    "sue-de-coq": ("", "Sue-de-Coq"),
    "als-xz": ("Almost Locked Set XZ-Rule", "Almost Locked Sets"),
    "als-xy-wing": ("Almost Locked Set XY-Wing", "Almost Locked Sets"),
    "als-chain": ("Almost Locked Set Chain", "Almost Locked Sets"),
    "death-blossom": ("", ""),
    "hodoku-empty-rectangle": ("", "Rectangle Elimination"),
    "multi-colours-2": ("Multi Colors 2", "Multi-Colouring"),
    "multi-colours-1": ("Multi Colors 1", "Multi-Colouring"),
    "franken-x-wing": ("", "-"),
    "finned-franken-x-wing": ("", "-"),
    "mutant-x-wing": ("", "-"),
    "finned-mutant-x-wing": ("", "-"),
    "franken-swordfish": ("", "-"),
    "finned-franken-swordfish": ("", "-"),
    "mutant-swordfish": ("", "-"),
    "finned-mutant-swordfish": ("", "-"),
    "franken-jellyfish": ("", "-"),
    "finned-franken-jellyfish": ("", "-"),
    "mutant-jellyfish": ("", "-"),
    "finned-mutant-jellyfish": ("", "-"),
    "unique-rectangle-missing": ("Uniqueness Test 1", "Unique Rectangles"),
    "unique-rectangle-2-missing": ("Uniqueness Test 2", "Unique Rectangles"),
    "unique-rectangle-3-missing": ("Uniqueness Test 3", "Unique Rectangles"),
    "unique-rectangle-4-missing": ("Uniqueness Test 4", "Unique Rectangles"),
    "unique-rectangle-5-missing": ("Uniqueness Test 5", "Unique Rectangles"),
    "unique-rectangle-6-missing": ("Uniqueness Test 6", "Unique Rectangles"),
    "hidden-unique-rectangle-missing": ("Hidden Rectangle", "Hidden Unique Rectangles"),
    "hodoku-xy-chain": ("", ""),
    "remote-pair": ("", "Remote Pairs"),
    "continuous-nice-loop": ("", "Alternating Inference Chains"),
    "discontinuous-nice-loop": ("", "Alternating Inference Chains"),
    "alternating-inference-chain": ("", "Alternating Inference Chains"),
    "grouped-continuous-nice-loop": ("", "Alternating Inference Chains"),
    "grouped-discontinuous-nice-loop": ("", "Alternating Inference Chains"),
    "grouped-aic": ("", "Alternating Inference Chains"),
    "template-set": ("", "Pattern Overlay"),
    "template-delete": ("", "Pattern Overlay"),
}
#: the puzzle files --find walks, in order
SOURCES: Final = (
    "norvig_top95.txt",
    "inkala.txt",
    "magictour_top1465.txt",
    "forum_hardest_1106.txt",
)
#: the CPU seconds --find spends on each of HoDoKu's techniques at most
BUDGET: Final = 12.0
#: a step text longer than this is kept only if no shorter one turns up
SHORT: Final = 160


def board_of(position: Position) -> Board:
    """The board of a position, its givens known (Avoidable Rectangles need them)."""
    givens = sum(1 << c for c in range(81) if position.givens[c])
    return Board(position.digits, position.masks, givens=givens)


def position_of(board: Board) -> Position:
    """A board as a position (SudokuWiki's string keeps which digits were given)."""
    givens = board.givens or 0
    digits = tuple(board.digits)
    return Position(
        tuple(d if givens >> c & 1 else 0 for c, d in enumerate(digits)),
        digits,
        tuple(0 if digits[c] else board.masks[c] for c in range(81)),
    )


def first_step(technique: Technique, board: Board) -> Step | None:
    """The first step of ``technique`` its finder yields on the board."""
    return next((s for s in FINDERS[technique](board) if s.technique == technique), None)


def read_examples() -> dict[str, str]:
    """Each technique's example position (key -> SudokuWiki's string, or a puzzle of 81
    characters: its candidates worked out from the givens, as for a naked single, whose
    one candidate SudokuWiki's string would read as a placed digit)."""
    rows = (line.split("\t") for line in EXAMPLES.read_text().splitlines() if line)
    return {key: s9b for key, s9b in rows}  # noqa: C416 - two fields a row, named


def page() -> str:
    """docs/techniques.md as the engine makes it now."""
    examples = read_examples()
    out = [
        "# Every technique",
        "",
        "<!-- made by `python -m tests.techniques_page`: edit that, not this page -->",
        "",
        "Every technique the logic engine knows, in the order it tries them: the easiest "
        "first, Sudoku Explainer's techniques, then those it lacks (from HoDoKu), which the "
        "engine asks only where none of Sudoku Explainer's finds a step. The rating is the "
        "technique's base rating on Sudoku Explainer's scale (a step may rate otherwise: by "
        "the length of its chain, the size of its sets). `--techniques` takes the key or the "
        "name, or a family's name. Where HoDoKu or SudokuWiki call the technique otherwise, "
        "their name is given; a dash: that program has no such technique by name.",
        "",
        "| # | technique | key | family | rating | HoDoKu | SudokuWiki |",
        "|---:|---|---|---|---:|---|---|",
    ]
    for number, t in enumerate(TECHNIQUES, 1):
        hodoku, wiki = OTHER_NAMES[t.key]
        out.append(
            f"| {number} | [{t.name}](#{t.key}) | `{t.key}` | {t.family} | {t.rating:.1f} "
            f"| {hodoku} | {wiki} |"
        )
    out += [
        "",
        "## Examples",
        "",
        "For each technique, a position where it finds a step (open it on sudokuwiki.org: "
        "the candidates as the engine sees them) and the step the technique finds there "
        "first, explained as `xl-sudoku steps` and the workbook's hints explain it.",
        "",
    ]
    for number, t in enumerate(TECHNIQUES, 1):
        out.append(f"### {number}. {t.name} {{#{t.key}}}")
        out.append("")
        text = examples.get(t.key, "")
        step = first_step(t, board_of(read_position(text))) if text else None
        if step is None:
            out.append("No example yet.")
        else:
            link = sudokuwiki_link(read_position(text))
            if len(text) == 81:  # a puzzle at its start: SudokuWiki takes it as it is
                link = f"{SUDOKUWIKI}?bd={text}"
            out.append(f"[The position]({link}), rated {step.difficulty:.1f}:")
            out.append("")
            out.append("```text")
            out.append(step.explanation)
            out.append("```")
        out.append("")
    return "\n".join(out)


def find(seconds: float) -> None:
    """Look for an example of every technique without one, for at most ``seconds``;
    append those found to the examples file. Sudoku Explainer's techniques are taken
    where the engine's own step is theirs; the others are asked at every position past
    the singles, each for at most ``BUDGET`` seconds in all."""
    examples = read_examples()
    best: dict[str, tuple[int, str]] = {}
    left = {t.key: t for t in TECHNIQUES if t.key not in examples}
    spent = dict.fromkeys(left, 0.0)
    started = time.monotonic()

    def keep(key: str, board: Board) -> None:
        step = first_step(left[key], board)
        if step is None:
            return
        if key not in best or len(step.explanation) < best[key][0]:
            best[key] = (len(step.explanation), write_s9b(position_of(board)))
        if len(step.explanation) <= SHORT:
            del left[key]

    for source in SOURCES:
        for line in (ROOT / "tests" / "data" / source).read_text().split():
            if not left or time.monotonic() - started > seconds:
                break
            solver = LogicSolver(parse_puzzle(line))
            while left and time.monotonic() - started < seconds:
                board = board_of(position_of(solver.board))  # as the page will read it
                step = solver.step(guess=False)
                if step is None:
                    break
                if step.technique.key in left:
                    keep(step.technique.key, board)
                if step.difficulty < 2.5:
                    continue
                for key in [k for k, t in left.items() if t in NOT_IN_SUKAKU]:
                    if spent[key] > BUDGET:
                        continue
                    clock = time.process_time()
                    keep(key, board)
                    spent[key] += time.process_time() - clock
            print(f"{source}: {len(left)} left", file=sys.stderr)
    with EXAMPLES.open("a") as out:
        for key in (t.key for t in TECHNIQUES):
            if key in best:
                out.write(f"{key}\t{best[key][1]}\n")
    found = read_examples()
    print("without an example:", ", ".join(t.key for t in TECHNIQUES if t.key not in found))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--find", action="store_true", help="look for missing examples")
    parser.add_argument("--seconds", type=float, default=600, help="--find's time")
    args = parser.parse_args()
    if args.find:
        find(args.seconds)
    else:
        PAGE.write_text(page() + "\n")


if __name__ == "__main__":
    main()
