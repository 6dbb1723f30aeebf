"""Whole random Kasserine games per second (engine only), and campaign turns per second."""

from __future__ import annotations

import heapq
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from common import Result
from players import play

from hexcampaign.kasserine import Game


def run() -> list[Result]:
    return [*kasserine_rows(), against_anchor(), campaign_turns()]


def kasserine_games(games: int = 10) -> Result:
    return kasserine_rows(games)[0]


def kasserine_rows(games: int = 10) -> list[Result]:
    """Ten seeded random games of the full scenario (players.py), each followed by the
    fixed reference workload, so machine noise hits both alike: the bare time (ms a
    game, at least 5 games a second) and the ratio of CPU a game to the reference's."""
    times, cpu, actions, anchor = [], [], [], []
    for seed in range(1, games + 1):
        t, c = time.perf_counter(), time.process_time()
        g = Game.scenario(seed=seed)
        actions.append(play(g, random.Random(seed)))
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)  # what a busy machine's share hides
        assert g.state.turn == 12 and g.over
        c = time.process_time()
        reference_workload()
        anchor.append((time.process_time() - c) * 1000)
    per_game = statistics.median(times)
    cpu_per_game = statistics.median(cpu)
    bare = Result(
        "throughput: random Kasserine game (full)",
        per_game,
        budget=200.0,  # ms a game: at least 5 games per second
        extra={
            "games_per_second": round(1000 / per_game, 2),
            "cpu_ms_per_game": round(cpu_per_game, 1),
            "actions_per_game": statistics.median(actions),
            "p95_ms": round(sorted(times)[int(0.95 * (len(times) - 1))], 1),
        },
    )
    ratio = Result(
        "throughput: random Kasserine game, CPU",
        cpu_per_game,
        anchor="reference workload",
        anchor_ms=statistics.median(anchor),
        budget=RATIO_BUDGET,
        extra={"games_per_second_cpu": round(1000 / cpu_per_game, 2)},
    )
    return [bare, ratio]


# An engine twice as fast as before issue 31's speed-ups: half the ratio a4c6fa3 gave
# (2.26-2.61, median 2.36, eight runs on the shared 2-core machine, each beside this
# anchor in the same run).
RATIO_BUDGET = 1.18


# The engine before issue 31's speed-ups, which this one must beat twice over: its
# source is unpacked from git (benchmarks/out/engine-a4c6fa3) and plays the same games.
ANCHOR_COMMIT = "a4c6fa3"
ANCHOR_BUDGET = 0.5
ROOT = Path(__file__).resolve().parent.parent
GAMES = Path(__file__).resolve().parent / "engine_games.py"


def against_anchor(games: int = 10, rounds: int = 3) -> Result:
    """The CPU a random full game takes against the engine of ANCHOR_COMMIT, in the same
    run: each round plays the ten seeded games in a process of each engine, one after
    the other (the same player, benchmarks/players.py, drives both); the row is the
    median over rounds of the CPU a game, ours and the anchor's."""
    name = f"throughput: random Kasserine game, vs {ANCHOR_COMMIT}"
    seeds = [str(s) for s in range(1, games + 1)]
    tree, why = _anchor_tree()
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(rounds):
        ours.append(statistics.fmean(_games_cpu(ROOT / "src", seeds)))
        if tree is not None:
            theirs.append(statistics.fmean(_games_cpu(tree / "src", seeds)))
    per_game = statistics.median(ours)
    if tree is None:
        return Result(name, per_game, extra={"note": why})
    anchor = statistics.median(theirs)
    return Result(
        name,
        per_game,
        anchor=f"engine at {ANCHOR_COMMIT}",
        anchor_ms=anchor,
        budget=ANCHOR_BUDGET,
        extra={
            "games_per_second_cpu": round(1000 / per_game, 2),
            "anchor_games_per_second_cpu": round(1000 / anchor, 2),
            "rounds": rounds,
        },
    )


def _anchor_tree() -> tuple[Path | None, str]:
    """ANCHOR_COMMIT's src, maps and resources unpacked once into benchmarks/out/, or
    None and why not (no git, or a checkout without that commit)."""
    tree = ROOT / "benchmarks" / "out" / f"engine-{ANCHOR_COMMIT}"
    if (tree / "src" / "hexcampaign" / "kasserine" / "game.py").is_file():
        return tree, ""
    tmp = tree.with_name(tree.name + ".part")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", ANCHOR_COMMIT, "src", "maps", "resources"],
            capture_output=True, check=True, timeout=120,
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
    except (OSError, subprocess.SubprocessError, tarfile.TarError) as error:
        shutil.rmtree(tmp, ignore_errors=True)
        return None, f"no ratio: the engine of {ANCHOR_COMMIT} could not be unpacked from git ({error})"
    shutil.rmtree(tree, ignore_errors=True)
    tmp.rename(tree)
    return tree, ""


def _games_cpu(src: Path, seeds: list[str]) -> list[float]:
    """The CPU ms of each seeded game played by the engine in `src` (engine_games.py)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, str(GAMES), *seeds], capture_output=True, text=True, env=env, check=True, timeout=600
    )
    return [float(x) for x in json.loads(done.stdout)]


def reference_workload(rounds: int = 12) -> int:
    """A fixed piece of plain Python of the engine's kind, the anchor of the CPU ratio:
    cheapest-path searches with heapq over a seeded 27x31 grid of hex costs, and the
    dicts and lists of their results. It changes with the machine and the Python, not
    with the engine."""
    cols, rows = 27, 31
    rng = random.Random(31)
    cost = [rng.choice((1, 2, 2, 2, 4, 8)) for _ in range(cols * rows)]
    neighbours = []
    for i in range(cols * rows):
        c, r = divmod(i, rows)
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
        neighbours.append(
            tuple((c + dc) * rows + r + dr for dc, dr in steps if 0 <= c + dc < cols and 0 <= r + dr < rows)
        )
    reached = 0
    for k in range(rounds * 40):
        start = (k * 97) % (cols * rows)
        best = {start: 0}
        frontier = [(0, start)]
        while frontier:
            spent, i = heapq.heappop(frontier)
            if spent > best[i]:
                continue
            for j in neighbours[i]:
                total = spent + cost[j]
                if total <= 18 and total < best.get(j, 1 << 30):
                    best[j] = total
                    heapq.heappush(frontier, (total, j))
        reached += len(sorted(best.items()))
    return reached


def campaign_turns(turns: int = 6) -> Result:
    from campaign_player import play_turns

    times = play_turns(turns)
    per_turn = statistics.median(times)
    return Result(
        "throughput: CM campaign turn (random orders)",
        per_turn,
        extra={"turns_per_second": round(1000 / per_turn, 2)},
    )
