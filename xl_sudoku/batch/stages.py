"""Which stage of a file's pipeline an unexpected error came from (batch layer).

``with stage("patching Sheet1"):`` leaves every error as it is (its type, its message:
the callers' ``except`` clauses see what they saw), and notes on an error that no inner
stage named yet where it arose; ``stage_of(error)`` reads it back, for the
``internal error while patching Sheet1: ...`` that ``pipeline.handle_file`` reports.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

_NOTE: Final = "xl-sudoku batch stage: "


@contextmanager
def stage(doing: str) -> Iterator[None]:
    """Name ``doing`` (``patching Sheet1``) on an error raised inside, unless an inner
    stage named its own."""
    try:
        yield
    except Exception as error:
        if stage_of(error) is None:
            error.add_note(_NOTE + doing)
        raise


def stage_of(error: BaseException) -> str | None:
    """The innermost stage an error passed through, or None."""
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, str) and note.startswith(_NOTE):
            return note[len(_NOTE) :]
    return None
