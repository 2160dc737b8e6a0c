"""``python -m xl_sudoku``: the command line."""

from .cli import main

raise SystemExit(main())
