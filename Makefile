# The everyday commands. `make` alone lists them. Everything runs in .venv (make venv).
PY := .venv/bin/python
SOURCES := xl_sudoku tests benchmarks examples lite setup.py

.PHONY: help venv test test-fast mutation lint format typecheck docs check workbook pyodide pictures snapshots bench

help:
	@echo "make venv       create .venv with everything (the dev extra)"
	@echo "make test       the whole suite, slow tests included (XL_SUDOKU_REQUIRE_TOOLS=1 as in CI),"
	@echo "                 in parallel (-n auto): 10-11 min wall on 2 cores (.ci/run: 12-13 min, 2026-11-26)"
	@echo "make test-fast  the suite without the slow tests (-m 'not slow', 1,972 of 2,598): 200 s"
	@echo "                 of CPU, 206 s wall in one process (2026-12-08); pytest FILE alone"
	@echo "make mutation   mutmut over core's solver, rules, formats, rating, steps and paint.py, one"
	@echo "                 module at a time (MODULES=xl_sudoku.core.rules for one), nice, one worker:"
	@echo "                 16 min wall, 14 of CPU (2026-12-07); then the score (python -m"
	@echo "                 tests.mutation; docs/testing.md). Not in CI"
	@echo "make lint       ruff check, ruff format --check and vulture (dead code: pyproject.toml)"
	@echo "make format     ruff format, and ruff's safe fixes"
	@echo "make typecheck  mypy --strict"
	@echo "make docs       build the documentation site (mkdocs build --strict, into site/)"
	@echo "make check      lint, typecheck, docs, test: what CI runs (.ci/run also installs tools)"
	@echo "make workbook   rebuild workbook/sudoku.xlsm and sudoku-lite.xlsx from their sources"
	@echo "make pyodide    install Pyodide for the xlwings Lite tests (.ci/pyodide; needs node)"
	@echo "make pictures   re-render the pictures in docs/ (LibreOffice, poppler)"
	@echo "make snapshots  rewrite the LaTeX snapshots in tests/data/latex"
	@echo "make bench      every benchmark (long: see benchmarks/README.md)"

venv:
	python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]'

test:
	XL_SUDOKU_REQUIRE_TOOLS=1 $(PY) -m pytest -q -n auto

test-fast:
	$(PY) -m pytest -q -m "not slow"

# every module's mutants run anew (named, mutmut reruns them), against the fast tier of
# tests/core and tests/test_paint.py (pyproject.toml's [tool.mutmut]); mutants/ is its copy
MUTATED := xl_sudoku.core.solver xl_sudoku.core.rules xl_sudoku.core.formats \
	xl_sudoku.core.rating xl_sudoku.core.steps xl_sudoku.paint
MODULES ?= $(MUTATED)

mutation:
	for module in $(MODULES); do \
		nice -n 19 .venv/bin/mutmut run --max-children 1 "$$module.*" || exit 1; \
	done
	$(PY) -m tests.mutation $(MODULES)

lint:
	.venv/bin/ruff check $(SOURCES)
	.venv/bin/ruff format --check $(SOURCES)
	.venv/bin/vulture

format:
	.venv/bin/ruff check --fix $(SOURCES)
	.venv/bin/ruff format $(SOURCES)

typecheck:
	.venv/bin/mypy  # the SOURCES: pyproject.toml's [tool.mypy] files

docs:
	.venv/bin/mkdocs build --strict

check: lint typecheck docs test

workbook:
	.venv/bin/xl-sudoku build-workbook --force
	.venv/bin/xl-sudoku build-workbook --lite --force

pyodide:
	bash .ci/pyodide

pictures:
	$(PY) -m tests.excel.render docs

snapshots:
	$(PY) -m tests.snapshots

bench:
	$(PY) benchmarks/bench.py
	$(PY) benchmarks/bench_references.py
	$(PY) benchmarks/bench_logic.py
	$(PY) benchmarks/bench_excel.py
	$(PY) benchmarks/bench_batch.py
	$(PY) benchmarks/bench_generate.py
	$(PY) benchmarks/bench_cli.py
	$(PY) benchmarks/bench_banks.py
	$(PY) benchmarks/bench_lite.py
