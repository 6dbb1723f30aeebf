"""German set-up: each division on its entry zone, fast units first, on the roads that
lead to the passes and the places worth points."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.ai.situation import look
from hexcampaign.kasserine.state import PlaceUnit

if TYPE_CHECKING:
    from hexcampaign.kasserine.game import Game


def setup_steps(game: Game, level: str, rng: random.Random) -> Iterator[PlaceUnit]:
    """Place every German unit waiting to be placed (yielded one at a time, unapplied)."""
    sit = look(game, "german")
    goals = [p.hex for p, holder in sit.vp_places() if holder != "german"]
    ground = sit.ground
    tried: set[str] = set()
    while True:
        offers = [a for a in game.legal_actions(moves=False) if isinstance(a, PlaceUnit)]
        offers = [a for a in offers if a.unit not in tried]
        if not offers:
            return
        by_unit: dict[str, list[Hex]] = {}
        for a in offers:
            by_unit.setdefault(a.unit, []).append(Hex(*a.hex))
        uid = min(by_unit, key=lambda u: (-sit.units[u].mf, -sit.units[u].cf, u))
        tried.add(uid)

        def score(h: Hex) -> float:
            near = min((ground.far(g, h) for g in goals), default=0)
            value = -near + (3.0 if ground.roads[h] else 0.0)
            if level == "easy":
                value += rng.gauss(0, 6.0)
            return value

        for h in sorted(by_unit[uid], key=lambda h: (-score(h), h)):
            yield PlaceUnit(unit=uid, hex=(h.q, h.r))
            if game.unit(uid).hex is not None:
                break
