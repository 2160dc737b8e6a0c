"""Work sent to a Dask cluster's workers: ``--cluster tcp://HOST:8786`` (cli layer; needs
the 'cluster' extra, the ``distributed`` package).

    with cluster_pool(address) as (submit, width):
        future = submit(function, *arguments)     # .result() waits for it
        map_files = file_map(submit, width)       # batch mode's workbooks, one task each

The client is this process: it reads the input and writes the output, so the workers
need no shared disk, only the same version of xl-sudoku (checked when connecting). A
task is a chunk of puzzles; a worker lost mid-run has its tasks run again elsewhere by
the scheduler, and since results are written in input order the output is the same.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..helpers.runner import Pending, Ready, in_order
from .errors import CommandError, UsageError, needs_extra

CONNECT_SECONDS = 10


@contextlib.contextmanager
def cluster_pool(address: str) -> Iterator[tuple[Callable[..., Any], int]]:
    """A ``submit`` that runs a function on the cluster's workers, and how many tasks the
    cluster runs at once (its threads)."""
    try:
        from distributed import Client  # noqa: PLC0415 - the 'cluster' extra
    except ImportError:
        raise needs_extra("--cluster (the distributed package)", "cluster") from None
    connect: Any = Client  # distributed's methods have no type hints
    try:
        client: Any = connect(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:  # ValueError: an address it refuses
        raise UsageError(f"--cluster: cannot reach a scheduler at {address}: {error}") from None
    futures: list[Any] = []
    try:
        _check_versions(client, address)
        width = max(1, sum(client.nthreads().values()))

        def submit(function: Callable[..., Any], *arguments: Any) -> Any:
            future = client.submit(function, *arguments, pure=False)
            futures.append(future)
            if len(futures) > 4 * width:  # only the ones that may still be running matter
                del futures[: len(futures) - 4 * width]
            return future

        yield submit, width
    except BaseException:
        with contextlib.suppress(Exception):
            client.cancel(futures)
        raise
    finally:
        with contextlib.suppress(Exception):
            client.close()


def _check_versions(client: Any, address: str) -> None:
    """The workers must run this version of xl-sudoku (the work is pickled by name)."""
    if not client.nthreads():
        raise CommandError(f"--cluster: the scheduler at {address} has no workers")
    try:
        versions: dict[str, str] = client.run(_version)
    except Exception as error:
        raise CommandError(
            f"--cluster: the workers cannot run xl-sudoku ({error!r}): install it on them"
        ) from None
    other = {worker: v for worker, v in versions.items() if v != __version__}
    if other:
        worker, version = next(iter(other.items()))
        raise CommandError(
            f"--cluster: worker {worker} has xl-sudoku {version}, this is {__version__}: "
            "install the same version on every worker"
        )


def _version() -> str:
    from xl_sudoku import __version__ as version  # noqa: PLC0415 - the worker's own

    return version


def file_map(submit: Callable[..., Any], width: int) -> Callable[..., Iterator[Any]]:
    """Batch mode's ``map_files`` on a cluster: each workbook a task, read and written
    here (the workers get its bytes and send back the output's), in order."""
    from ..batch.options import Options  # noqa: PLC0415 - the 'batch' extra
    from ..batch.pipeline import FileResult  # noqa: PLC0415
    from ..batch.remote import handle_remotely, prepare_remote, write_remote  # noqa: PLC0415

    def map_files(files: Sequence[Path], options: Options) -> Iterator[FileResult]:
        def sent() -> Iterator[tuple[Path, Pending[Any]]]:
            for path in files:
                data, error = prepare_remote(path, options)
                if data is None:
                    yield path, Ready(FileResult(str(path), error=error))
                else:
                    yield path, submit(handle_remotely, path.name, data, options)

        try:
            for path, done in in_order(sent(), window=2 * width + 1):
                if isinstance(done, FileResult):
                    yield done
                else:
                    yield write_remote(path, options, *done)
        except ModuleNotFoundError as error:
            raise CommandError(
                f"--cluster: the workers lack {error.name}: install the batch extra there"
            ) from None

    return map_files
