"""``--cluster``: a Dask ``LocalCluster`` of two worker processes on this machine (localhost
only) gives the output ``--jobs 1`` gives, also when a worker is killed mid-run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.puzzles import DATA
from xl_sudoku.cli import main

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow  # a cluster takes seconds to start

TOP95 = DATA / "norvig_top95.txt"
KAGGLE = DATA / "kaggle1m_first9999.txt"
RATE_COLUMNS = "origin,puzzle,rating,label,hardest,guesses,status"


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",  # its HTTP server: any free port (two workers)
        silence_logs=50,  # logging.CRITICAL: a killed worker is expected here
    ) as local:
        yield local


def test_a_cluster_writes_what_one_process_writes(
    cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bank = tmp_path / "bank.txt"
    lines = KAGGLE.read_text().split()[:1500]
    lines[7] = "5" * 81  # a failure on the way is written in its place too
    bank.write_text("\n".join(lines) + "\n")
    outputs = []
    for how in (["--jobs", "1"], ["--cluster", cluster.scheduler_address]):
        out = tmp_path / f"{how[0][2:]}.txt"
        assert main(["solve", str(bank), *how, "-o", str(out)]) == 1
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert outputs[0].count(b"\n") == 1500
    assert "line 8: duplicate 5" in capsys.readouterr().err


def test_the_address_may_come_from_the_environment(
    cluster: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", cluster.scheduler_address)
    out = tmp_path / "made.jsonl"
    argv = ["generate", "-n", "4", "--seed", "5", "--columns", "number,puzzle,rating"]
    assert main([*argv, "--cluster", "-o", str(out)]) == 0
    here = tmp_path / "here.jsonl"
    assert main([*argv, "-o", str(here)]) == 0
    assert out.read_bytes() == here.read_bytes()
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS")
    capsys.readouterr()
    argv += ["-o", str(tmp_path / "not.jsonl")]
    assert main([*argv, "--cluster"]) == 2
    assert "--cluster needs an address" in capsys.readouterr().err
    monkeypatch.setattr("xl_sudoku.cli.cluster.CONNECT_SECONDS", 1)
    assert main([*argv, "--cluster", "tcp://127.0.0.1:9"]) == 2  # nobody there
    assert "cannot reach a scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_a_worker_killed_mid_run_leaves_the_output_whole(cluster: Any, tmp_path: Path) -> None:
    bank = tmp_path / "hard.txt"
    bank.write_text("\n".join(TOP95.read_text().split()[:30]) + "\n")
    whole = tmp_path / "whole.csv"
    assert main(["rate", str(bank), "-o", str(whole), "--columns", RATE_COLUMNS, "-q"]) == 0
    out = tmp_path / "cluster.csv"
    argv = ["rate", str(bank), "--cluster", cluster.scheduler_address, "-o", str(out)]
    process = subprocess.Popen(
        [sys.executable, "-m", "xl_sudoku", *argv, "--columns", RATE_COLUMNS, "-q"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        pids: dict[str, int] = client.run(os.getpid)
        deadline = time.monotonic() + 60
        busy: list[str] = []
        while not busy and time.monotonic() < deadline:  # a worker at work on a chunk
            busy = [w for w, tasks in client.processing().items() if tasks and w in pids]
            time.sleep(0.05)
        assert busy, "no worker took a task"
        time.sleep(0.3)
        os.kill(pids[busy[0]], signal.SIGKILL)  # its nanny starts another
    _, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    assert out.read_bytes() == whole.read_bytes()


def _cells(path: Path) -> dict[tuple[str, str], object]:
    """Every cell of a workbook but the timings (a column headed ``Time (ms)``)."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    cells: dict[tuple[str, str], object] = {}
    for sheet in book.worksheets:
        timed = {c.column for c in sheet[1] if isinstance(c.value, str) and "(ms)" in c.value}
        for row in sheet.iter_rows():
            for cell in row:
                if cell.column not in timed and cell.value is not None:
                    cells[sheet.title, cell.coordinate] = cell.value
    return cells


def test_batch_mode_sends_each_workbook_to_the_cluster(
    cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("openpyxl")
    inputs = tmp_path / "in"
    inputs.mkdir()
    for name in ("grids.xlsx", "puzzle-list.xlsx"):
        (inputs / name).write_bytes((Path(__file__).parents[2] / "examples" / name).read_bytes())
    (inputs / "empty.xlsx").write_bytes(b"")
    for how in (["--jobs", "1"], ["--cluster", cluster.scheduler_address]):
        out = tmp_path / how[0][2:]
        status = main(["batch", str(inputs), "-o", str(out), "--report", f"{out}.csv", *how])
        assert status == 1  # the empty file
    err = capsys.readouterr().err
    assert err.count("empty.xlsx: it is empty (0 bytes)") == 2
    for name in ("grids.solved.xlsx", "puzzle-list.solved.xlsx"):
        here, there = _cells(tmp_path / "jobs" / name), _cells(tmp_path / "cluster" / name)
        assert here == there
        assert len(here) > 100
    reports = [
        [row.rsplit(",", 2)[0].replace("/jobs/", "/") for row in Path(f).read_text().splitlines()]
        for f in (tmp_path / "jobs.csv", tmp_path / "cluster.csv")
    ]
    assert [r.replace("/cluster/", "/") for r in reports[1]] == reports[0]
    # the outputs were written here, where the client runs, and the report says so
    assert (
        f",{tmp_path / 'cluster' / 'grids.solved.xlsx'}\n" in (tmp_path / "cluster.csv").read_text()
    )
