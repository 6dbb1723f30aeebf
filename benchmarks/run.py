"""`make bench`: run every benchmark and print a table of medians and ratios.

    python benchmarks/run.py [--json] [--only NAME ...] [--keep FILE]

Each row is printed as its benchmark ends and written at once to build/bench/latest.txt
(or --keep FILE): a crash, a kill or a benchmark that raises never loses the rows
before it. A benchmark that raises is a FAILED row, the rest still run, and the exit
code is 1.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

KEPT = Path(__file__).parent.parent / "build" / "bench" / "latest.txt"

BENCHES = [
    "bench_files",
    "bench_hostile",  # what the costliest hostile files cost the loaders (1 s of CPU a file)
    "bench_movement",
    "bench_throughput",
    "bench_undo",  # campaign Back at ~100 and ~600 actions (50 ms at 600)
    "bench_tracker",  # follow one action (2 ms), a finished game's replay (2x Game.replay)
    "bench_mail",  # a turn file by e-mail verified and replayed (100 ms), a whole game's (500 ms)
    "bench_render",
    "bench_canvas",
    "bench_flood_fill",  # a 40,000-hex fill, its undo and redo: 100 ms of GUI-thread time each
    "bench_startup",
    "bench_memory",
    "bench_geo",
    "bench_ai",  # whole computer games: HEXCAMPAIGN_AI_GAMES=N for fewer than 40 a match
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--only", nargs="*", help="run only these benchmark modules")
    parser.add_argument("--keep", type=Path, default=KEPT, help=f"file the table is kept in (default {KEPT})")
    args = parser.parse_args()
    table = Table(args.keep, as_json=args.json)
    failed = 0
    for name in args.only or BENCHES:
        try:
            module = importlib.import_module(name)
            rows = module.run()
        except Exception as error:  # noqa: BLE001 - one broken benchmark must not lose the others' rows
            failed += 1
            table.failure(name, error)
            continue
        for row in rows:
            table.row(row)
    table.close()
    return 1 if failed else 0


class Table:
    """The table printed row by row as each benchmark ends (flushed, so a crash or an
    interrupted run keeps every row before it), and the same lines written to a file as
    they come. A benchmark that raises is a row saying so; the others still run."""

    def __init__(self, keep: Path, as_json: bool = False) -> None:
        self.as_json = as_json
        self.results: list[dict] = []
        keep.parent.mkdir(parents=True, exist_ok=True)
        self.kept = keep.open("w", encoding="utf-8")
        self.say(f"machine: {machine()}")
        self.say(f"{'benchmark':48} {'ours ms':>10} {'anchor':>24} {'anchor ms':>10} {'ratio':>7} {'budget':>7}  ok")

    def say(self, line: str) -> None:
        if not self.as_json:
            print(line, flush=True)
        self.kept.write(line + "\n")
        self.kept.flush()

    def row(self, r) -> None:
        self.results.append(r.as_dict())
        anchor_ms = f"{r.anchor_ms:10.2f}" if r.anchor_ms is not None else " " * 10
        ratio = f"{r.ratio:7.2f}" if r.ratio is not None else " " * 7
        budget = f"{r.budget:7.2f}" if r.budget is not None else " " * 7
        ok = {True: "yes", False: "NO", None: "-"}[r.within_budget]
        self.say(f"{r.name:48} {r.ours_ms:10.2f} {r.anchor:>24} {anchor_ms} {ratio} {budget}  {ok}")

    def failure(self, name: str, error: Exception) -> None:
        self.results.append({"name": name, "error": f"{type(error).__name__}: {error}"})
        self.say(f"{name:48} FAILED: {type(error).__name__}: {error}")
        if not self.as_json:
            traceback.print_exception(error, file=sys.stderr)

    def close(self) -> None:
        self.kept.close()
        if self.as_json:
            print(json.dumps({"machine": machine(), "results": self.results}, indent=2))


def machine() -> str:
    import os

    return f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}"


if __name__ == "__main__":
    sys.exit(main())
