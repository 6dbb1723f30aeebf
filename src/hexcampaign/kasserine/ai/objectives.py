"""What each side plays for: the places worth victory points.

The Germans drive for the places they do not hold, nearest and richest first, and leave
a garrison on a place they took when Allied units could reach it. The Allies garrison the
places the Germans threaten (a stack on the place: a city doubles its defense) and go
back for a place the Germans took.
"""

from __future__ import annotations

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.ai.situation import Situation, Task

REACH = 48  # MP: within about two turns of road and open ground, a unit is a threat
STACK = 6  # the most combat factors worth sending to one place


def tasks_for(sit: Situation) -> list[Task]:
    tasks: list[Task] = []
    for place, holder in sit.vp_places():
        vp = sit.vp[place.name]
        threat = _strength_near(sit, place.hex, sit.enemy)
        ours = holder == sit.side
        if sit.side == "german":
            if ours:
                if threat > 0:
                    # Held is what counts at the end: a stack the Allies cannot shift at
                    # 4:1 or better keeps the place; a lone battalion does not.
                    need = min(STACK, 2.0 + threat / 3.0)
                    tasks.append(Task(place.name, place.hex, 3.0 * vp + threat / 4.0, need, True))
            else:
                # Enough to attack the place at 4:1 or better: its defenders, doubled in
                # a city, and the guns that can fire for it.
                need = 4.0 * _defense_at(sit, place.hex) + 2.0
                weight = (3.0 * vp + 1.0) * (4.0 if sit.last_turn else 1.0)
                tasks.append(Task(place.name, place.hex, weight, need, False))
        elif ours:
            # A full stack on every place: by the time the threat shows, it is too late
            # to walk there.
            weight = vp * (0.5 + threat / 4.0)
            tasks.append(Task(place.name, place.hex, weight, STACK, True))
        else:
            # Worth going back for when it is empty or weakly held; a strong stack in a
            # city is not shifted below 4:1, however many units stand around it.
            defense = _defense_at(sit, place.hex)
            weight = 3.0 * vp * (4.0 if sit.last_turn else 1.0) / (1.0 + defense / 2.0)
            tasks.append(Task(place.name, place.hex, weight, 4.0 * defense + 2.0, False))
    return tasks


def _strength_near(sit: Situation, target: Hex, side: str, reach: int = REACH) -> float:
    """Combat factors of `side` that could get to `target` soon, the nearer the more."""
    field = sit.ground.distance_to(target)
    total = 0.0
    for u in sit.units.values():
        if u.side != side or u.eliminated or u.hex is None:
            continue
        far = field.get(u.hex, 999)
        if far <= reach:
            total += max(u.cf, u.support / 2) * (1.0 - far / (reach + 1))
    return total


def _defense_at(sit: Situation, target: Hex) -> float:
    from hexcampaign.kasserine.ai.combat import defense_of, enemy_support

    here = [u for u in sit.at.get(target, []) if u.side != sit.side]
    if not here:
        return 0.0
    return defense_of(sit, here, target)[0] + enemy_support(sit, target, here[0].side)
