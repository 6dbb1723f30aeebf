"""The Kasserine computer opponent: how often it wins, and how long it thinks.

    python benchmarks/bench_ai.py [--games N]     (or HEXCAMPAIGN_AI_GAMES=N make bench)

Four matches of N games each (40 by default), every game the full scenario to Feb 25:
the computer ("normal") against a random legal player, as the Germans and as the Allies;
"normal" against "easy", each side; and "normal" against "normal", whose spread of
victory levels is set beside the historical outcome (the Germans took the Kasserine Pass
and were stopped before Thala and Tebessa). A side wins when the victory level favours
it: any German victory for the Germans, a German defeat for the Allies.

Thinking time is the time inside the bot's play() for one phase of one game (a phase in
which the game waits on it: its own, or the other side's combat for defensive fire).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import Result  # noqa: E402
from players import choose  # noqa: E402

from hexcampaign.kasserine import Game  # noqa: E402
from hexcampaign.kasserine.ai import Opponent  # noqa: E402
from hexcampaign.kasserine.state import SupportDefense  # noqa: E402

GAMES = int(os.environ.get("HEXCAMPAIGN_AI_GAMES", "40"))
BUDGET_S = {"normal": 10.0, "easy": 2.0}
HISTORICAL = "Kasserine taken, Thala and Tebessa held by the Allies"


class AiResult(Result):
    """A row whose verdict is a win rate (and the thinking budget), not a time."""

    def __init__(self, name: str, ours_ms: float, goal: float | None, rate: float | None,
                 think_ok: bool, extra: dict) -> None:
        super().__init__(name, ours_ms, extra=extra)
        self.goal, self.rate, self.think_ok = goal, rate, think_ok

    @property
    def within_budget(self) -> bool | None:
        if self.goal is None:
            return self.think_ok
        return self.rate is not None and self.rate >= self.goal and self.think_ok


def run(games: int | None = None) -> list[Result]:
    games = games or GAMES
    rows = []
    for side in ("german", "allied"):
        rows.append(match_row(f"ai: normal {side} vs random", side, "normal", None, games, 0.95))
    for side in ("german", "allied"):
        rows.append(match_row(f"ai: normal {side} vs easy", side, "normal", "easy", games, 0.70))
    rows.append(duel_row("ai: normal vs normal (spread)", games))
    rows.append(duel_row("ai: easy vs easy (spread)", games, "easy"))
    return rows


def part(which: str, games: int) -> list[Result]:
    """One part of run(), for a quicker look at one number."""
    if which == "random":
        return [match_row(f"ai: normal {s} vs random", s, "normal", None, games, 0.95) for s in ("german", "allied")]
    if which == "levels":
        return [match_row(f"ai: normal {s} vs easy", s, "normal", "easy", games, 0.70) for s in ("german", "allied")]
    if which == "normal-duel":
        return [duel_row("ai: normal vs normal (spread)", games)]
    return [duel_row("ai: easy vs easy (spread)", games, "easy")]


def match_row(name: str, side: str, level: str, other_level: str | None, games: int, goal: float):
    wins, thinking, levels, seconds = 0, defaultdict(list), Counter(), []
    for seed in range(1, games + 1):
        t = time.perf_counter()
        g, think = play_game(side, level, other_level, seed)
        seconds.append(time.perf_counter() - t)
        levels[g.victory_level()] += 1
        wins += favours(g.victory_level(), side)
        for lvl, times in think.items():
            thinking[lvl].extend(times)
    return _row(name, wins / games, goal, thinking, levels, seconds, games)


def duel_row(name: str, games: int, level: str = "normal"):
    """Computer against computer at one level: the spread of victory levels (the window
    offers both levels for a game the computer plays alone)."""
    thinking, levels, seconds, points = defaultdict(list), Counter(), [], Counter()
    kasserine = thala_or_tebessa = 0
    for seed in range(1, games + 1):
        t = time.perf_counter()
        g, think = play_game("german", level, level, seed)
        seconds.append(time.perf_counter() - t)
        levels[g.victory_level()] += 1
        points[g.victory_points()] += 1
        held = set(g.held_places("german"))
        kasserine += "Kasserine" in held
        thala_or_tebessa += bool(held & {"Thala", "Tebessa"})
        for lvl, times in think.items():
            thinking[lvl].extend(times)
    row = _row(name, None, None, thinking, levels, seconds, games)
    row.extra.update({
        "victory_points": dict(sorted(points.items())),
        "kasserine_taken": f"{kasserine}/{games}",
        "thala_or_tebessa_taken": f"{thala_or_tebessa}/{games}",
        "historical": HISTORICAL,
    })
    return row


def play_game(side: str, level: str, other_level: str | None, seed: int):
    """One full game: the bot of `level` plays `side`; the other side is a bot of
    `other_level`, or a random legal player when None. Thinking times per level (s)."""
    g = Game.scenario(seed=seed)
    bots = {side: Opponent(side, level, seed=seed)}
    other = "allied" if side == "german" else "german"
    if other_level is not None:
        bots[other] = Opponent(other, other_level, seed=seed + 1000)
    rng = random.Random(seed)
    phase_time: dict[tuple, float] = defaultdict(float)
    while not g.over:
        acted = False
        for s, bot in bots.items():
            if bot.waits_on_me(g):
                foe = bots.get("allied" if s == "german" else "german")
                defense = _timed(foe, g, phase_time) if foe else _random_defense(rng)
                key = (bot.level, s, g.state.turn, g.state.phase)
                t = time.perf_counter()
                actions = bot.play(g, defense=defense)
                phase_time[key] += time.perf_counter() - t - phase_time.pop("_defense", 0.0)
                if not actions and bot.waits_on_me(g):
                    raise RuntimeError(f"the {s} bot made no move in {g.state.phase}: {g.obligations()[:2]}")
                acted = True
                break
        if acted:
            continue
        action = choose(g, rng)
        if isinstance(action, SupportDefense):  # the bot allocates its own guns
            offers = [a for a in g.legal_actions(moves=False) if not isinstance(a, SupportDefense)]
            action = rng.choice(offers)
        g.apply(action)
    think: dict[str, list[float]] = defaultdict(list)
    for (lvl, *_), seconds in phase_time.items():
        think[lvl].append(seconds)
    return g, think


def favours(level_name: str, side: str) -> bool:
    german_won = level_name != "German defeat"
    return german_won if side == "german" else not german_won


def _timed(foe, g, phase_time):
    """The other bot's defensive fire, timed as its own phase's thinking."""
    def defense(game):
        t = time.perf_counter()
        foe.play(game)
        spent = time.perf_counter() - t
        phase_time[(foe.level, foe.side, game.state.turn, game.state.phase)] += spent
        phase_time["_defense"] = phase_time.get("_defense", 0.0) + spent
    return defense


def _random_defense(rng):
    """A random player answering an attack: sometimes it fires what it may."""
    def defense(game):
        for action in game.legal_actions(moves=False):
            if isinstance(action, SupportDefense) and rng.random() < 0.5:
                game.apply(action)
    return defense


def _row(name, rate, goal, thinking, levels, seconds, games) -> AiResult:
    extra = {"games": games, "levels": dict(levels), "game_s_median": round(statistics.median(seconds), 2)}
    if rate is not None:
        extra["win_rate"] = round(rate, 3)
        extra["goal"] = goal
    think_ok = True
    for lvl, times in sorted(thinking.items()):
        extra[f"think_{lvl}_median_s"] = round(statistics.median(times), 3)
        extra[f"think_{lvl}_max_s"] = round(max(times), 3)
        think_ok &= max(times) <= BUDGET_S[lvl]
    first = thinking.get("normal") or thinking.get("easy")
    median_ms = 1000 * statistics.median(first) if first else 0.0
    return AiResult(name, median_ms, goal, rate, think_ok, extra)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=GAMES, help="games per match (default 40)")
    parser.add_argument("--only", choices=("random", "levels", "normal-duel", "easy-duel"),
                        help="one part only (the duels are computer against computer)")
    args = parser.parse_args()
    for row in (run(args.games) if args.only is None else part(args.only, args.games)):
        verdict = {True: "yes", False: "NO", None: "-"}[row.within_budget]
        print(f"{row.name:34} think median {row.ours_ms:7.1f} ms  ok {verdict}")
        for key, value in row.extra.items():
            print(f"    {key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
