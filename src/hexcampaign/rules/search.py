"""Cheapest-path search over hexes with rule-supplied step costs (Dijkstra)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from itertools import count
from typing import TypeVar

from hexcampaign.hexes import Hex

Cost = TypeVar("Cost", int, float)

# step(from_hex, to_hex, cost_so_far) -> the cost of that step, or None when forbidden.
StepCost = Callable[[Hex, Hex, float], float | None]


def cheapest_paths(
    start: Hex,
    budget: float,
    step: StepCost,
    neighbours: Callable[[Hex], Iterable[Hex]] = Hex.neighbors,
    stops: Callable[[Hex], bool] = lambda h: False,
) -> tuple[dict[Hex, float], dict[Hex, Hex]]:
    """Every hex reachable from `start` within `budget`, with its cheapest cost and the
    predecessor on that path. `stops(h)` True means a unit entering h may go no further
    (an enemy zone of control, for instance)."""
    best: dict[Hex, float] = {start: 0}
    came_from: dict[Hex, Hex] = {}
    tie = count()
    frontier: list[tuple[float, int, Hex]] = [(0, next(tie), start)]
    while frontier:
        spent, _, here = heapq.heappop(frontier)
        if spent > best.get(here, float("inf")):
            continue
        if here != start and stops(here):
            continue
        for there in neighbours(here):
            cost = step(here, there, spent)
            if cost is None:
                continue
            total = spent + cost
            if total <= budget and total < best.get(there, float("inf")):
                best[there] = total
                came_from[there] = here
                heapq.heappush(frontier, (total, next(tie), there))
    return best, came_from


def path_to(came_from: dict[Hex, Hex], start: Hex, goal: Hex) -> list[Hex]:
    """The path from start to goal (start excluded) from a predecessor table."""
    path = []
    h = goal
    while h != start:
        path.append(h)
        h = came_from[h]
    path.reverse()
    return path
