"""The decisions a combat result asks for: which units to lose, where to retreat, whether
to advance. Each picks among the engine's own legal choices."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.ai.objectives import tasks_for
from hexcampaign.kasserine.ai.situation import Situation, hand_dice, look
from hexcampaign.kasserine.state import (
    Action,
    Advance,
    AdvanceRoll,
    DeclineAdvance,
    Retreat,
    TakeLosses,
)

if TYPE_CHECKING:
    from hexcampaign.kasserine.game import Game


def decide(game: Game, side: str, level: str, rng: random.Random) -> Action | None:
    """The action for the pending decision of `side` (None when there is nothing to do)."""
    decision = game.pending()
    if decision is None or decision.side != side:
        return None
    options = game.legal_actions(moves=False)
    if not options:
        return None
    if decision.kind == "advance_roll":
        if hand_dice(game):
            return None  # the players throw the die and enter it: never the computer's pick
        return next((a for a in options if isinstance(a, AdvanceRoll)), options[0])
    sit = look(game, side)
    sit.tasks = tasks_for(sit)  # asked once: every option is scored against them
    if decision.kind == "losses":
        losses = [a for a in options if isinstance(a, TakeLosses)]
        return min(losses, key=lambda a: (_worth(sit, a.units), sorted(a.units))) if losses else options[0]
    if decision.kind == "retreat":
        retreats = [a for a in options if isinstance(a, Retreat)]
        if not retreats:
            return options[0]
        return max(retreats, key=lambda a: (_place_score(sit, Hex(*a.path[-1]), level, rng), a.unit, a.path))
    advances = [a for a in options if isinstance(a, Advance)]
    stay = {u: _place_score(sit, h, level, rng) for u in decision.units if (h := sit.units[u].hex)}
    best, best_gain = None, 0.5
    for a in advances:
        gain = _place_score(sit, Hex(*a.path[-1]), level, rng) - stay.get(a.unit, 0.0)
        gain += sum(_capture(sit, Hex(*h)) for h in a.path)
        if gain > best_gain:
            best, best_gain = a, gain
    if best is not None:
        return best
    return next((a for a in options if isinstance(a, DeclineAdvance)), options[0])


def _worth(sit: Situation, ids: list[str]) -> float:
    """What losing these units costs: factors first, then guns and speed."""
    return sum(sit.units[u].cf + sit.units[u].support + sit.units[u].mf / 32 for u in ids)


def _capture(sit: Situation, h: Hex) -> float:
    place = sit.ground.places.get(h)
    if place is None or sit.vp.get(place.name, 0) == 0 or sit.held.get(place.name) == sit.side:
        return 0.0
    return 20.0 * sit.vp[place.name]


def _place_score(sit: Situation, h: Hex, level: str, rng: random.Random) -> float:
    """How good a hex is to stand in after combat: near what we play for, on high ground,
    and (for the side that waits) out of the enemy's reach."""
    ground = sit.ground
    near = min((ground.far(t.hex, h) for t in sit.tasks), default=0)
    score = -0.5 * near + 1.5 * ground.height.get(h, 0)
    foes = sum(u.cf for n in ground.neighbours[h] for u in sit.at.get(n, []) if u.side != sit.side)
    score -= 2.0 * foes
    if level == "easy":
        score += rng.gauss(0, 3.0)
    return score
