"""Seeded random Kasserine games with whichever hexcampaign comes first on the path,
the CPU of each game printed as JSON: bench_throughput runs it for this engine and for
an older one (its source unpacked from git, first on PYTHONPATH), alternately, so both
play the same games with the same player in the same minutes.

    python benchmarks/engine_games.py SEED ...
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from players import play  # noqa: E402

from hexcampaign.kasserine import Game  # noqa: E402


def main(seeds: list[int]) -> list[float]:
    """CPU ms of each seeded game, Game.scenario included; a first game is played
    before them so that imports and the board shared between games are not timed."""
    play(Game.scenario(seed=0), random.Random(0))
    cpu = []
    for seed in seeds:
        start = time.process_time()
        game = Game.scenario(seed=seed)
        play(game, random.Random(seed))
        cpu.append((time.process_time() - start) * 1000)
        if not game.over:
            raise SystemExit(f"game seed {seed} did not reach the end")
    return cpu


if __name__ == "__main__":
    print(json.dumps(main([int(s) for s in sys.argv[1:]])))
