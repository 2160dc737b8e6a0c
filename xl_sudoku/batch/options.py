"""What a batch run was asked to do, as every stage of the pipeline reads it (batch layer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .archive import Limits


@dataclass(frozen=True)
class Options:
    output: Path | None = None
    in_place: bool = False
    force: bool = False
    jobs: int = 1
    named_range: tuple[str, ...] | None = None  # one --range or more
    column: str | None = None
    logic_only: bool = False
    rated: bool = True  # --no-rate: a list's puzzles solved, not rated
    techniques: tuple[str, ...] | None = None  # a grid's logic uses only these
    limits: Limits = field(default_factory=Limits)  # how far a workbook's parts may expand
    # what ``plan`` decided for this run's files, by path: an output's name, a refusal
    stems: tuple[tuple[str, str], ...] = ()
    refused: tuple[tuple[str, str], ...] = ()

    def stem(self, path: Path) -> str | None:
        return dict(self.stems).get(str(path))

    def refusal(self, path: Path) -> str | None:
        return dict(self.refused).get(str(path))

    @property
    def may_replace(self) -> bool:
        """An existing output may be replaced: the input itself, or ``--force``."""
        return self.in_place or self.force
