"""What the computer player knows at a moment of the game: only what a player sees.

Everything comes from the game's public questions (units, zones of control, held places,
declared combats, the pending decision). The phase and the turn are read from the saved
state's two plain fields, as the window does, because the Game facade has no public
property for them yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.ai.ground import Ground, ground_of

if TYPE_CHECKING:
    from hexcampaign.kasserine.game import Game
    from hexcampaign.kasserine.units import UnitView
    from hexcampaign.maps.model import Place

SIDES = ("german", "allied")


def enemy_of(side: str) -> str:
    return "allied" if side == "german" else "german"


def phase_of(game: Game) -> str:
    """The phase name ("german_setup", "german_movement", ..., "game_over")."""
    return str(game.state.phase)


def turn_of(game: Game) -> int:
    return int(game.state.turn)


def high_rolls_of(game: Game) -> str:
    """How the CRT reads two-dice rolls above 6 in this game (an option the players chose)."""
    return str(game.state.options.crt_high_rolls)


def moved_this_phase(game: Game) -> set[str]:
    """The units that have moved in this phase so far (from the game's record of actions
    since the last end of phase): a computer that picks up a phase half played (after a
    pause, a reopened save, or a person handing the side over) leaves them where they are,
    as a person would expect of a plan already carried out."""
    actions = game.actions()
    start = max((i for i, a in enumerate(actions) if a.kind == "end_phase"), default=-1)
    moved: set[str] = set()
    for action in actions[start + 1 :]:
        if action.kind == "move":
            moved.add(action.unit)
        elif action.kind == "move_stack":
            moved.update(action.units)
    return moved


def hand_dice(game: Game) -> bool:
    return game.state.options.dice == "hand"


@dataclass(frozen=True)
class Task:
    """One thing a side plays for (objectives.tasks_for lists them)."""

    name: str  # the place
    hex: Hex
    weight: float  # how much the place matters now
    need: float  # combat factors worth sending
    garrison: bool  # sit on it (True) or take it (False)


@dataclass
class Situation:
    """The board as one side sees it now."""

    game: Game
    side: str
    ground: Ground
    phase: str
    turn: int
    units: dict[str, UnitView] = field(default_factory=dict)  # every unit, by id
    at: dict[Hex, list[UnitView]] = field(default_factory=dict)  # on the map
    enemy_zoc: set[Hex] = field(default_factory=set)
    held: dict[str, str] = field(default_factory=dict)  # place name -> side
    attacked: set[str] = field(default_factory=set)  # ids that attacked this phase
    defended: set[str] = field(default_factory=set)  # ids attacked this phase
    supported: set[str] = field(default_factory=set)  # guns already firing this phase

    @property
    def enemy(self) -> str:
        return enemy_of(self.side)

    def mine(self) -> list[UnitView]:
        return [u for u in self.units.values() if u.side == self.side and u.hex is not None and not u.eliminated]

    def theirs(self) -> list[UnitView]:
        return [u for u in self.units.values() if u.side != self.side and u.hex is not None and not u.eliminated]

    def side_at(self, h: Hex) -> str | None:
        here = self.at.get(h)
        return here[0].side if here else None

    def enemy_hexes(self) -> dict[Hex, list[UnitView]]:
        return {h: us for h, us in self.at.items() if us[0].side != self.side}

    def vp_places(self) -> list[tuple[Place, str]]:
        """Places worth victory points, as (place, holder)."""
        return [
            (p, self.held.get(p.name, "allied"))
            for p in self.ground.places.values()
            if self.game_vp(p.name) > 0
        ]

    def game_vp(self, name: str) -> int:
        return self.vp.get(name, 0)

    vp: dict[str, int] = field(default_factory=dict)
    tasks: list[Task] = field(default_factory=list)  # objectives.tasks_for, when asked

    @property
    def last_turn(self) -> bool:
        """Feb 25: what is held at its end is all that counts, not what it costs."""
        return self.turn >= self.game.rules.turns


def look(game: Game, side: str) -> Situation:
    """What `side` sees of the game now."""
    ground = ground_of(game)
    sit = Situation(game=game, side=side, ground=ground, phase=phase_of(game), turn=turn_of(game))
    for u in game.units():
        sit.units[u.id] = u
        if u.hex is not None and not u.eliminated:
            sit.at.setdefault(u.hex, []).append(u)
    sit.enemy_zoc = game.zone_of_control(enemy_of(side))
    for s in SIDES:
        for name in game.held_places(s):
            sit.held[name] = s
    sit.vp = {p.name: p.vp for p in game.map.places() if p.vp > 0}
    for c in game.combats():
        sit.attacked.update(c.attackers)
        sit.defended.update(c.defenders)
        sit.supported.update(c.artillery)
        sit.supported.update(c.defense_artillery)
    return sit
