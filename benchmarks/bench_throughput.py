"""Whole random Kasserine games per second (engine only), and campaign turns per second."""

from __future__ import annotations

import random
import statistics
import time

from common import Result
from players import play

from hexcampaign.kasserine import Game


def run() -> list[Result]:
    return [kasserine_games(), campaign_turns()]


def kasserine_games(games: int = 10) -> Result:
    times, cpu, actions = [], [], []
    for seed in range(1, games + 1):
        t, c = time.perf_counter(), time.process_time()
        g = Game.scenario(seed=seed)
        actions.append(play(g, random.Random(seed)))
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)  # what a busy machine's share hides
        assert g.state.turn == 12 and g.over
    per_game = statistics.median(times)
    return Result(
        "throughput: random Kasserine game (full)",
        per_game,
        budget=200.0,  # ms a game: at least 5 games per second
        extra={
            "games_per_second": round(1000 / per_game, 2),
            "cpu_ms_per_game": round(statistics.median(cpu), 1),
            "actions_per_game": statistics.median(actions),
            "p95_ms": round(sorted(times)[int(0.95 * (len(times) - 1))], 1),
        },
    )


def campaign_turns(turns: int = 6) -> Result:
    from campaign_player import play_turns

    times = play_turns(turns)
    per_turn = statistics.median(times)
    return Result(
        "throughput: CM campaign turn (random orders)",
        per_turn,
        extra={"turns_per_second": round(1000 / per_turn, 2)},
    )
