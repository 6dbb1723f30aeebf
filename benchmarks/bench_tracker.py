"""The tracker (kasserine/tracker.py) on a whole 12-turn computer game (easy against
easy, seed 5: some 1,200 actions, 90 attacks).

Budgets, and why:
- following one action (the dock refreshes after every action): 2 ms median. The
  window has 16 ms a frame for the action's own redraw; the engine's action itself
  costs 0.2-1 ms, and the tracker must not be the larger share.
- the first look at a finished game (a save opened, the end-of-game summary): a replay
  on a copy, at most 2x the engine's own replay of the game (`Game.replay`), the one
  thing it cannot do without.
- every series the charts read, all at once (a repaint of the four charts): 10 ms.
"""

from __future__ import annotations

import statistics
import time

from bench_ai import play_game
from common import Result

from hexcampaign.kasserine.tracker import Tracker


def run() -> list[Result]:
    g, _, _ = play_game("easy", "easy", 5)  # a whole easy-against-easy game
    actions = g.actions()
    copy = g.at_start()
    tracker = Tracker()
    tracker.follow(copy)
    follows = []
    for action in actions:
        copy.apply_recorded(action)
        t = time.perf_counter()
        tracker.follow(copy)
        follows.append((time.perf_counter() - t) * 1000)
    fresh, replay = [], []
    for _ in range(3):
        t = time.perf_counter()
        Tracker().follow(g)
        fresh.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        g.replay()
        replay.append((time.perf_counter() - t) * 1000)
    series = []
    for _ in range(20):
        t = time.perf_counter()
        tracker.points(), tracker.factors_lost_by_formation(), tracker.factors_lost()
        tracker.odds(), tracker.attacks(), tracker.results()
        series.append((time.perf_counter() - t) * 1000)
    return [
        Result(
            f"tracker: follow one action (median of {len(actions)})",
            statistics.median(follows),
            budget=2.0,
            extra={"max_ms": max(follows), "attacks": len(tracker.attacks())},
        ),
        Result(
            "tracker: first look at a finished game",
            statistics.median(fresh),
            anchor="Game.replay",
            anchor_ms=statistics.median(replay),
            budget=2.0,
        ),
        Result("tracker: every series of the charts", statistics.median(series), budget=10.0),
    ]
