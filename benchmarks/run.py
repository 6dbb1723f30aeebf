"""`make bench`: run every benchmark and print a table of medians and ratios.

    python benchmarks/run.py [--json] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

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
    "bench_startup",
    "bench_memory",
    "bench_geo",
    "bench_ai",  # whole computer games: HEXCAMPAIGN_AI_GAMES=N for fewer than 40 a match
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--only", nargs="*", help="run only these benchmark modules")
    args = parser.parse_args()
    results = []
    for name in args.only or BENCHES:
        module = importlib.import_module(name)
        results.extend(module.run())
    if args.json:
        print(json.dumps({"machine": machine(), "results": [r.as_dict() for r in results]}, indent=2))
        return 0
    print(f"machine: {machine()}")
    print(f"{'benchmark':48} {'ours ms':>10} {'anchor':>24} {'anchor ms':>10} {'ratio':>7} {'budget':>7}  ok")
    for r in results:
        anchor_ms = f"{r.anchor_ms:10.2f}" if r.anchor_ms is not None else " " * 10
        ratio = f"{r.ratio:7.2f}" if r.ratio is not None else " " * 7
        budget = f"{r.budget:7.2f}" if r.budget is not None else " " * 7
        ok = {True: "yes", False: "NO", None: "-"}[r.within_budget]
        print(f"{r.name:48} {r.ours_ms:10.2f} {r.anchor:>24} {anchor_ms} {ratio} {budget}  {ok}")
    return 0


def machine() -> str:
    import os

    return f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}"


if __name__ == "__main__":
    sys.exit(main())
