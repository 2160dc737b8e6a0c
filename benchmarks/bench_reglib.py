"""Benchmark: HoDoKu's regression library, each case run by the technique that maps to it.

    python benchmarks/bench_reglib.py PATH [--code CODE] [--verbose]

PATH is HoDoKu's ``reglib-1.3.txt`` (in its public source; HoDoKu is GPL: the file stays
outside this repository). How a case is read and run, and what *found*, *partial*,
*other*, *missed* and *fired* mean: ``tests/reglib.py``, whose ``MAPPING`` says which of
our techniques answer each of HoDoKu's codes. Prints a row a code and the totals; exit
status 1 if any step is unsound or any fail case fires.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.reglib import (  # noqa: E402
    MAPPING,
    NO_COUNTERPART,
    mapping_key,
    read_library,
    run_case,
)
from xl_sudoku.core.techniques import BY_KEY  # noqa: E402

COLUMNS = ("cases", "found", "1 step", "partial", "other", "missed", "fail fired", "unsound")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="HoDoKu's reglib-1.3.txt")
    parser.add_argument("--code", action="append", help="only these codes (e.g. 0708)")
    parser.add_argument("--verbose", action="store_true", help="each case not found, and why")
    args = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)

    cases = read_library(args.path)
    if args.code:
        cases = [c for c in cases if c.code in args.code or c.label in args.code]
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    seconds: defaultdict[str, float] = defaultdict(float)
    unsound: list[str] = []
    skipped: Counter[str] = Counter()
    for case in cases:
        key = mapping_key(case)
        if key is None:
            skipped[case.code] += 1
            continue
        keys = MAPPING[key][1]
        techniques = tuple(BY_KEY[k] for k in keys)
        outcome = run_case(case, techniques)
        row = rows[key]
        row["cases"] += 1
        row[outcome.kind] += 1
        row["unsound"] += len(outcome.unsound)
        seconds[key] += outcome.seconds
        unsound += outcome.unsound
        if args.verbose and outcome.kind not in ("found1", "found", "quiet"):
            print(f"  {case.label} line {case.line}: {outcome.kind}; {outcome.first[:150]}")

    print(f"HoDoKu's regression library: {args.path.name}, {len(cases)} cases\n")
    header = f"  {'code':<6} {'technique':<34}" + "".join(f"{c:>11}" for c in COLUMNS)
    print(header + f"{'s':>7}")
    total: Counter[str] = Counter()
    for code in sorted(rows, key=lambda c: (c[:4], c)):
        row = rows[code]
        found = row["found1"] + row["found"]
        cells = (
            row["cases"] - row["fired"] - row["quiet"],
            found,
            row["found1"],
            row["partial"],
            row["other"],
            row["missed"],
            row["fired"],
            row["unsound"],
        )
        fail = f" (+{row['fired'] + row['quiet']} fail)" if row["fired"] + row["quiet"] else ""
        name = (MAPPING[code][0] + fail)[:34]
        print(
            f"  {code:<6} {name:<34}" + "".join(f"{v:11}" for v in cells) + f"{seconds[code]:7.1f}"
        )
        for key, value in zip(COLUMNS, cells, strict=True):
            total[key] += value
    print(
        f"  {'':<6} {'total':<34}"
        + "".join(f"{total[c]:11}" for c in COLUMNS)
        + f"{sum(seconds.values()):7.1f}"
    )
    share = total["found"] / total["cases"] if total["cases"] else 0.0
    print(
        f"\n  found by the mapped technique: {total['found']} of {total['cases']} cases with a "
        f"counterpart ({share:.1%}); {total['1 step']} in one step"
    )
    print(f"  fail cases fired: {total['fail fired']}; unsound steps: {total['unsound']}")
    for line in unsound:
        print(f"  UNSOUND {line}")
    unsolvable = sum(row["unsolvable"] for row in rows.values())
    if unsolvable:
        print(f"  cases whose position has no unique solution (not counted): {unsolvable}")
    if skipped:
        print("\n  codes without a counterpart (cases):")
        for code, count in sorted(skipped.items()):
            name, why = NO_COUNTERPART.get(code, ("?", "not mapped"))
            print(f"    {code:<6} {name:<34} {count:4}  {why}")
        print(f"    {'':<6} {'total':<34} {sum(skipped.values()):4}")
    return 1 if unsound or total["fail fired"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
