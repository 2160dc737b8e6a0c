"""``xl-sudoku shell``: readalps' session, scripted on standard input as a pipe gives it."""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from xl_sudoku.cli import main
from xl_sudoku.cli.shell import Shell
from xl_sudoku.core import count_solutions, is_solution, parse_puzzle, solutions
from xl_sudoku.core.session import Move

# readalps' second puzzle, as his article has it (nine lines at the head of s.txt)
READALPS_2 = """005 300 000
800 000 020
070 010 500
400 005 300
010 070 006
003 200 080
060 500 009
004 000 030
000 009 700
"""
# the solution his program printed, then "Done [steps:131, solution sum:1]." and, at the
# second run, "No more solution (solution sum is 1)."
HIS_SOLUTION = """145 327 698
839 654 127
672 918 543
496 185 372
218 473 956
753 296 481
367 542 819
984 761 235
521 839 764"""
TWO = "...3.....8..6...2..7..1.5..4....53...1..7...6..32...81.6.5....9..4....3....8.97.."
STEP_LINE = re.compile(r"^ *\d+ +\d+  \S")  # our log: number, level, technique...


def session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    status = main(["shell", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out


def timeless(text: str) -> str:
    return re.sub(r"(run time:?) \d+", r"\1 N", re.sub(r"Run time: \d+", "Run time: N", text))


def test_readalps_second_puzzle_as_he_reported_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    quiz = tmp_path / "s.txt"
    quiz.write_text(READALPS_2)
    script = f"mode 1\nload-quiz {quiz}\nshow\nrun\nrun\nbye\n"
    status, out = session(monkeypatch, capsys, script, "--log", "readalps")
    assert status == 0
    first, second = out.split("Order please: run\n")[1:]
    # his answer, and his count: one solution, then no more
    assert HIS_SOLUTION + "\nDone [steps:" in first
    grid = parse_puzzle(HIS_SOLUTION)
    assert is_solution(grid, parse_puzzle(READALPS_2))
    assert re.search(r"^Done \[steps:\d+, solution sum:1\]\.$", first, re.M)
    assert re.search(r"^\d+\) No more solution \(solution sum is 1\)\.$", second, re.M)
    assert re.search(r"^Invalid quiz \[steps:\d+\] - no more solution \(solution sum", second, re.M)
    # his log's first moves, word for word but the step numbers (his count differs)
    his_start = [
        "2GW: 2 shrunken out of [4,3]",
        "2GW: 8 shrunken out of [4,3]",
        "2GW: 9 shrunken out of [4,3]",
        "2GW: 5 shrunken out of [6,1]",
        "2GW: 9 shrunken out of [6,1]",
        "CelSet: [4,3] [6,1] ValSet: 6 7",
    ]
    lines = first.splitlines()
    at = lines.index(his_start[0])
    assert lines[at : at + 6] == his_start
    assert re.fullmatch(r"\d+\) blk 4 incomplete shrunken by group", lines[at + 6])
    assert re.fullmatch(r"\d+\) Guess \[\d,\d\] level 1 at 1 out of 2", lines[at + 7])
    # his kinds of guess, numbered lines throughout
    assert re.search(r"^\d+\) Forward guess \[\d,\d\] level \d+ at 2 out of 2$", out, re.M)
    assert re.search(r"^\d+\) Upward guess \[\d,\d\] level \d+ at 2 out of 2$", out, re.M)
    assert "Working mode:1 (1:grp-only; 2:ply-only; other:both grp and ply)" in out
    assert "Quiz loaded.\nOrder please: show\n" + READALPS_2 + "Order please: run" in out


def test_two_solutions_found_one_run_at_a_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "mode\nmode intersections\nstep\nuntil 5\nrun\nrun\nrun\nbye\nrun\n"
    status, out = session(monkeypatch, capsys, script, TWO)
    assert status == 0
    kept = [line for line in timeless(out).splitlines() if not STEP_LINE.match(line)]
    grids = re.findall(r"((?:[\d.] [\d.] [\d.] \| .*\n|------.*\n){11})", out)
    assert len(grids) == 2
    found = {parse_puzzle(g) for g in grids}
    assert found == set(solutions(TWO)) and all(is_solution(g, parse_puzzle(TWO)) for g in found)
    first, second = (int(n) for n in re.findall(r"^solution \d after (\d+) steps", out, re.M))
    assert kept == [
        "loaded puzzle: 25 givens, 2 or more solutions",
        "Order please: mode",
        "mode basic (0): singles, intersections, subsets",
        "Order please: mode intersections",
        "mode intersections (2): singles and intersections (ply)",
        "Order please: step",
        "Order please: until 5",
        "run time N ms; 5 steps, 0 solutions",
        "Order please: run",
        *grids[0].splitlines(),
        f"solution 1 after {first} steps",
        f"run time N ms; {first} steps, 1 solution",
        "Order please: run",
        *grids[1].splitlines(),
        f"solution 2 after {second} steps",
        f"run time N ms; {second} steps, 2 solutions",
        "Order please: run",
        f"no more solutions (2 in all) after {second} steps",
        f"run time N ms; {second} steps, 2 solutions",
        "Order please: bye",  # the session ends there: the last run is not read
    ]
    numbers = [int(line.split()[0]) for line in out.splitlines() if STEP_LINE.match(line)]
    assert numbers == list(range(1, second + 1))  # one numbering over both solutions


def test_errors_are_lines_and_the_session_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(READALPS_2.replace("005 300", "055 300"))
    script = (
        "step\nload nowhere.txt\nload\nload " + str(bad) + "\nfly\nmode 7x\nuntil x\nrun 3\n"
        f"load {TWO} 2\nload {TWO}\nrun\n"
    )
    status, out = session(monkeypatch, capsys, script)
    assert status == 1  # some orders failed
    errors = [line for line in out.splitlines() if line.startswith("error: ")]
    assert errors == [
        "error: no puzzle loaded (load-quiz FILE, or load FILE|PUZZLE)",
        "error: 'nowhere.txt' is neither a file nor a puzzle (a puzzle has 81 cells)",
        "error: load what? (load FILE|PUZZLE [N])",
        f"error: {bad}: line 1: duplicate 5 in row 1: r1c2, r1c3 (and 1 more)",
        "error: unknown order 'fly': the orders are help, load, mode, quit, run, show, step, "
        "until ('help' says more)",
        "error: unknown mode '7x' (the modes: 0|basic, 1|groups, 2|intersections, all|all)",
        "error: until which step? ('x' is not a step number)",
        "error: unexpected '3' after the order",
        "error: puzzle holds 1 puzzle, not 2",
    ]
    # an unknown order is one line naming the orders; 'help' (not asked here) lists them
    assert "  runtil <steps>    until N" not in out
    assert "solution 1 after" in out  # the session went on to the end of the script


def test_until_a_step_already_passed_takes_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'until 2' at step 5 took a sixth step, and 'until 0' a seventh
    status, out = session(monkeypatch, capsys, "until 5\nuntil 2\nuntil 0\nuntil 5\nshow\n", TWO)
    assert status == 0
    numbers = [int(line.split()[0]) for line in out.splitlines() if STEP_LINE.match(line)]
    assert numbers == [1, 2, 3, 4, 5]
    assert out.count("at step 5 already: until takes no step") == 3
    assert "puzzle: step 5, guess level" in out


def test_a_bad_puzzle_on_the_command_line_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["shell", "nowhere.txt"]) == 2
    assert "neither a file nor a puzzle" in capsys.readouterr().err


def _interrupted_at(shell: Shell, number: int, *, times: int) -> Shell:
    """``shell`` with TWO loaded, sent SIGINT ``times`` times (as Ctrl-C does) when it has
    made move ``number``, between two steps."""
    shell.load(TWO)
    moved = Shell._move

    def interrupt(self: Shell, move: Move) -> None:
        moved(self, move)
        if move.number == number:
            for _ in range(times):
                signal.raise_signal(signal.SIGINT)

    shell._move = interrupt.__get__(shell)  # type: ignore[method-assign]
    return shell


def test_ctrl_c_stops_a_run_not_the_session(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    shell = _interrupted_at(Shell(out), 4, times=1)
    previous = signal.getsignal(signal.SIGINT)
    assert shell.serve(io.StringIO("run\nshow\nrun\n"))
    assert signal.getsignal(signal.SIGINT) is previous  # put back after the run
    text = out.getvalue()
    assert "stopped at step 4 (Ctrl-C): run goes on from here" in text
    assert "step 4, guess level" in text  # show: where the run stopped
    assert "solution 1 after" in text  # the second run went on from there
    assert count_solutions(TWO) == 2


def test_orders_from_a_script_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text(f"# two runs\n\nload {TWO}\nrun\n  # comment\nrun\n")
    assert main(["shell", "--script", str(orders)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Order please: load ") and "# " not in out
    assert out.count("Order please: ") == 3 and "solution 2 after" in out
    assert main(["shell", "--script", str(tmp_path / "none.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_ctrl_c_twice_stops_the_step_and_the_search() -> None:
    out = io.StringIO()
    shell = _interrupted_at(Shell(out), 3, times=2)  # the second stops what is under way
    assert not shell.serve(io.StringIO("run\nrun\nload " + TWO + "\nrun\n"))
    text = out.getvalue()
    assert "stopped in step 4 (Ctrl-C twice): load to start over" in text
    assert "error: the search was stopped in a step (Ctrl-C twice): load to start over" in text
    # loaded again, the search starts over (and this test's Ctrl-C stops it again)
    assert text.count("loaded puzzle") == 2
    assert text.count("stopped in step 4 (Ctrl-C twice)") == 2


@pytest.mark.slow
def test_on_a_terminal_orders_have_readline_history() -> None:
    pytest.importorskip("readline")
    pty = pytest.importorskip("pty")
    leader, follower = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "xl_sudoku", "shell", TWO],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        close_fds=True,
        env={**os.environ, "TERM": "xterm"},  # readline reads the arrow keys by it
    )
    os.close(follower)
    seen = b""

    def wait_for(text: bytes, times: int = 1, seconds: float = 20) -> None:
        """Read the terminal until ``text`` has shown ``times`` times (or time is up)."""
        nonlocal seen
        deadline = time.monotonic() + seconds
        while seen.count(text) < times and time.monotonic() < deadline:
            if select.select([leader], [], [], 0.1)[0]:
                try:
                    seen += os.read(leader, 65536)
                except OSError:  # the child closed the terminal
                    return

    prompt = b"Order please: "
    try:
        wait_for(prompt)
        os.write(leader, b"mode 1\n")
        wait_for(prompt, 2)
        os.write(leader, b"mode 0\n")
        wait_for(prompt, 3)
        os.write(leader, b"\x1b[A\x1b[A\n")  # up twice: "mode 1" again, from the history
        wait_for(prompt, 4)
        # Ctrl-C at the prompt: the session goes on. (Not at the very moment the prompt
        # shows: a signal that comes before readline waits is only seen at the next key;
        # so a while after it, and again if it went unseen.)
        for _ in range(5):
            time.sleep(0.5)
            child.send_signal(signal.SIGINT)
            wait_for(b"(bye leaves the session)", seconds=2)
            if b"(bye leaves the session)" in seen:
                break
        os.write(leader, b"bye\n")
        assert child.wait(timeout=20) == 0
    finally:
        if child.poll() is None:
            child.kill()
        os.close(leader)
    text = seen.decode(errors="replace")
    assert text.count("mode groups (1): singles and subsets") == 2, text
    assert "(bye leaves the session)" in text


def test_a_workbook_loads_as_a_file_of_puzzles(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("openpyxl")
    book = Path(__file__).resolve().parents[2] / "examples" / "puzzle-list.xlsx"
    status, out = session(monkeypatch, capsys, f"load {book} 2\nrun\n")
    assert status == 0
    assert re.search(
        r"loaded .*puzzle-list\.xlsx \(puzzle 2 of \d+\): \d+ givens, one solution", out
    )
    assert "solution 1 after" in out
