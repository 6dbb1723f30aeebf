"""Campaign turns by seeded random legal play: the playout test's umpire (tests/campaign)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def play_turns(turns: int, seed: int = 7) -> list[float]:
    """Milliseconds of each whole campaign turn (both sides, every phase)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.campaign._playout import new_playout, play_phase

    c = new_playout(seed=seed, fortification=True)
    rng = random.Random(seed)
    times = []
    while len(times) < turns:
        turn = c.turn
        t = time.perf_counter()
        while c.turn == turn:
            play_phase(c, rng)
        times.append((time.perf_counter() - t) * 1000)
    return times
