"""Campaign Back (undo) at ~100 and ~600 actions of seeded random play: its cost must not
grow with the log (budget 50 ms at 600 actions)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from common import Result

ROOT = Path(__file__).resolve().parent.parent


def run() -> list[Result]:
    return [campaign_back(100), campaign_back(600, budget=50.0), first_back_after_load(600)]


def campaign_back(actions: int, budget: float | None = None, repeat: int = 9) -> Result:
    """Median ms of one Back after `actions` actions; the action is re-applied between
    the timed Backs, so each one takes back the same action of the same position."""
    c = _campaign_with(actions)
    times = []
    for _ in range(repeat):
        last = c.actions[-1]
        t = time.perf_counter()
        c.undo()
        times.append((time.perf_counter() - t) * 1000)
        c.apply(last)
    return Result(
        f"campaign: Back at {len(c.actions)} actions",
        statistics.median(times),
        budget=budget,
        extra={"actions": len(c.actions)},
    )


def first_back_after_load(actions: int, repeat: int = 5) -> Result:
    """The first Back after loading a save: no position is kept yet, so it replays the
    log once (keeping positions as it goes; the Backs after it are short again)."""
    from hexcampaign.campaign import Campaign

    text = _campaign_with(actions).to_json()
    times = []
    for _ in range(repeat):
        c = Campaign.from_json(text)
        t = time.perf_counter()
        c.undo()
        times.append((time.perf_counter() - t) * 1000)
    return Result(
        f"campaign: first Back after a load at {len(c.actions) + 1} actions",
        statistics.median(times),
        extra={"actions": len(c.actions) + 1},
    )


def _campaign_with(actions: int) -> Any:
    """A campaign played by the playout test's umpire until it has at least `actions`
    actions and its last one may be taken back (not a die roll)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.campaign._playout import new_playout, play_phase

    c = new_playout(seed=7, fortification=True)
    rng = random.Random(7)
    while len(c.actions) < actions or not c.can_undo():
        play_phase(c, rng)
    return c


if __name__ == "__main__":
    for result in run():
        print(result.as_dict())
