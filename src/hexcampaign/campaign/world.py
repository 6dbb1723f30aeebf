"""The campaign world every rule module works on: the map, the set-up, the state, and
the few primitives that change the position.

Rule modules import this module and nothing of the facade (`campaign.py`), so no module
of the package imports another in a circle. Facts derived from the position (who stands
where, zones of control, supply ranges) live in one `Facts` cache, forgotten in one
place, `World.position_changed`, which every primitive that moves a formation or a unit
calls (and the dispatcher calls around every action).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from hexcampaign.campaign.actions import CampaignAction
from hexcampaign.campaign.forces import can_defend_itself, holds_foot_infantry
from hexcampaign.campaign.names import player
from hexcampaign.campaign.options import Options
from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.state import (
    ELIMINATED,
    BattleRecord,
    FormationKind,
    FormationRecord,
    LogEvent,
    Setup,
    State,
    UnitRecord,
    pair,
    to_hex,
)
from hexcampaign.campaign.unit_chart import UnitStrength, UnitType
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
from hexcampaign.rules import Dice, IllegalAction

T = TypeVar("T")


class Facts:
    """Derived facts of the position, computed on first use and kept until the position
    changes. Keys are plain tuples such as ("zoc", side)."""

    def __init__(self) -> None:
        self._values: dict[Any, Any] = {}

    def get(self, key: Any, compute: Callable[[], T]) -> T:
        try:
            return self._values[key]
        except KeyError:
            value = self._values[key] = compute()
            return value

    def forget(self) -> None:
        self._values.clear()


class World:
    """The campaign's position and the helpers rule modules share."""

    def __init__(
        self, hexmap: HexMap, setup: Setup, state: State, actions: Iterable[CampaignAction] = ()
    ) -> None:
        self.map = hexmap
        self.setup = setup
        self.facts = Facts()
        self.state = state
        self.actions: list[CampaignAction] = list(actions)
        # The side whose decision the action being applied is (set by play.apply): by
        # default only it reads what the action logs (fog of war by construction).
        self.audience: frozenset[str] | None = None
        self.ordered_by: str | None = None  # while an imported order is applied
        palette = hexmap.palette
        self._terrain_cost = {
            name: float(t.rules.get("move_cost", 1)) for name, t in palette.terrains.items()
        }
        self.road_cost = float(palette.rules.get("road_move_cost", 0.5))
        # The map never changes during a campaign, so a step's cost is computed once.
        self.step_costs: dict[tuple[Hex, Hex], float] = {}

    @property
    def state(self) -> State:
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        """A new position (a load, an undo, an amended result): its dice record the faces
        into its own list of rolls, and facts of the old position are forgotten."""
        self._state = state
        self.dice = Dice.recording_into(state.rolls, self.setup.seed)
        self.position_changed()

    @property
    def weather_key(self) -> int:
        """What a battle's weather is drawn from with its id: the campaign's own key, or
        (in a campaign begun with a dice seed) that seed."""
        key = self.setup.weather_key if self.setup.weather_key is not None else self.setup.seed
        return 0 if key is None else key

    # --- the turn -----------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def side_to_play(self) -> str:
        return self.setup.sides[self.state.side_index]

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def options(self) -> Options:
        return self.setup.options

    @property
    def sides(self) -> tuple[str, str]:
        return self.setup.sides

    def enemy(self, side: str) -> str:
        a, b = self.setup.sides
        return b if side == a else a

    # --- lookups ------------------------------------------------------------------------

    def formation_record(self, fid: str) -> FormationRecord:
        try:
            return self.state.formations[fid]
        except KeyError:
            gone = " (it has been destroyed)" if fid in self.state.destroyed else ""
            raise IllegalAction(f"There is no formation {fid}{gone}", "Formations") from None

    def unit_record(self, uid: str) -> UnitRecord:
        try:
            return self.state.units[uid]
        except KeyError:
            raise IllegalAction(f"There is no combat unit {uid}", "Units") from None

    def unit_type(self, uid: str) -> UnitType:
        u = self.unit_record(uid)
        return self.setup.charts[u.side].type(u.type_id)

    def unit_strength(self, uid: str) -> UnitStrength:
        """The one query for a unit's strength now and its casualty limit: sheets, docks
        and the result form all print this."""
        return self.unit_type(uid).strength_now(self.unit_record(uid).strength)

    def unit_label(self, uid: str) -> str:
        """A unit as a person reads it: its type and where it serves, never its id."""
        u = self.unit_record(uid)
        t = self.unit_type(uid)
        home = self.state.formations.get(u.where)
        if home is not None:
            return f"{t.name} of the {u.side} {home.name}"
        n = sum(
            1
            for other in self.state.units.values()
            if other.side == u.side
            and other.type_id == u.type_id
            and self.unit_order(other.id) <= self.unit_order(uid)
        )
        return f"{u.side} {t.name} no. {n}"

    def unit_order(self, uid: str) -> tuple[str, int]:
        head, _, number = uid.rpartition("u")
        return (head, int(number) if number.isdigit() else 0)

    def units_in(self, fid: str) -> list[UnitRecord]:
        return list(self.facts.get("held", self._held).get(fid, ()))

    def formations_at(self, h: Hex, side: str | None = None) -> list[FormationRecord]:
        at = self.facts.get("at", self._at)
        return [f for f in at.get((h.q, h.r), ()) if side in (None, f.side)]

    def formations_of(self, side: str) -> list[FormationRecord]:
        return [f for f in self.state.formations.values() if f.side == side]

    def battle_record(self, bid: str) -> BattleRecord:
        try:
            return self.state.battles[bid]
        except KeyError:
            raise IllegalAction(f"There is no battle {bid}", "Battles") from None

    def battles_this_turn(self) -> list[BattleRecord]:
        return [b for b in self.state.battles.values() if b.side_turn == self.state.side_turn]

    def support_used_this_turn(self, excluding: BattleRecord | None = None) -> set[str]:
        used: set[str] = set()
        for b in self.battles_this_turn():
            if excluding is not None and b.id == excluding.id:
                used.update([*b.artillery, *b.air])  # its attacker's support stays committed
                continue
            used.update([*b.artillery, *b.air, *b.defense_artillery, *b.defense_air])
        return used

    # --- what a formation is ------------------------------------------------------------

    def effective_kind(self, f: FormationRecord) -> FormationKind:
        """How a formation moves and pursues now: a mechanised division holding foot
        infantry (only possible with that option) counts as an infantry division."""
        if f.kind == "mechanised" and holds_foot_infantry(
            [self.unit_type(u.id) for u in self.units_in(f.id)]
        ):
            return "infantry"
        return f.kind

    def exerts_zoc(self, f: FormationRecord) -> bool:
        return f.kind != "corps" or bool(self.units_in(f.id))

    def overrunnable(self, mover: FormationRecord, enemy: FormationRecord) -> bool:
        """Only divisions overrun: an empty corps HQ, or a division of support units only."""
        if mover.kind == "corps":
            return False
        types = [self.unit_type(u.id) for u in self.units_in(enemy.id)]
        if enemy.kind == "corps":
            return not types
        return not can_defend_itself(types)

    def may_stack(self, f: FormationRecord, h: Hex) -> bool:
        """One division and one corps HQ per hex, never with the enemy."""
        for other in self.formations_at(h):
            if other.id == f.id:
                continue
            if other.side != f.side or (other.kind == "corps") == (f.kind == "corps"):
                return False
        return True

    def zone_of_control(self, side: str, without: frozenset[str] = frozenset()) -> set[Hex]:
        """Hexes next to `side`'s divisions and to its corps HQs that hold combat units
        (leaving out the formations in `without`: those a move has just overrun)."""

        def compute() -> set[Hex]:
            zone: set[Hex] = set()
            for f in self.state.formations.values():
                if f.side == side and f.id not in without and self.exerts_zoc(f):
                    zone.update(self.map.neighbours_on_map(to_hex(f.hex)))
            return zone

        return self.facts.get(("zoc", side, without), compute)

    def terrain_cost(self, h: Hex) -> float:
        return self._terrain_cost[self.map.terrain(h)]

    # --- counters, log, dice ------------------------------------------------------------

    def bump(self, counter: str) -> int:
        self.state.counters[counter] = self.state.counters.get(counter, 0) + 1
        return self.state.counters[counter]

    def next_id(self, counter: str, prefix: str) -> str:
        return f"{prefix}{self.bump(counter)}"

    def say(
        self,
        text: str,
        seen_by: Iterable[str] | None = None,
        wording: dict[str, str] | None = None,
    ) -> None:
        """Log a line and who may read it: `seen_by` (the rules say both sides see a
        battle, a retreat, a place taken), else the acting side alone. `wording`: a
        side's own wording of the line."""
        if self.ordered_by is not None:
            text = f"{text.rstrip('.')} (ordered by {player(self.ordered_by)})"
        self.state.log.append(
            f"Turn {self.state.turn}, {self.side_to_play}, {PHASE_TITLES[self.phase]}: {text}"
        )
        if seen_by is None:
            seen_by = self.audience if self.audience is not None else (self.side_to_play,)
        self.state.events.append(
            LogEvent(
                line=len(self.state.log) - 1,
                turn=self.state.turn,
                side=self.side_to_play,
                phase=self.phase,
                seen_by=[s for s in self.sides if s in set(seen_by)],
                wording=dict(wording or {}),
            )
        )

    def roll_die(self) -> int:
        """A die from the campaign's dice (hexcampaign.rules.dice), recorded in the
        state's rolls: from entropy, or with a seed the face after the rolls on record
        (so a replayed or undone seeded campaign rolls on exactly as the original would)."""
        return self.dice.die()

    def record_die(self, face: int) -> None:
        """A replay: the face the dice rolled, read from the log, goes on record."""
        self.state.rolls.append(face)

    # --- the primitives that change the position ----------------------------------------

    def position_changed(self) -> None:
        """The one place derived facts are forgotten."""
        self.facts.forget()

    def add_formation(self, f: FormationRecord) -> None:
        self.state.formations[f.id] = f
        self.position_changed()

    def add_unit(self, u: UnitRecord) -> None:
        self.state.units[u.id] = u
        self.position_changed()

    def set_unit_home(self, u: UnitRecord, where: str) -> None:
        u.where = where
        self.position_changed()

    def relocate(self, f: FormationRecord, h: Hex, moved: bool = True) -> None:
        """Put a formation in a hex: it loses any dug-in or fortified status, and a place
        there passes to its side (a place is held by the side that last occupied it)."""
        f.hex = pair(h)
        self.position_changed()
        f.dug_in = False
        f.fortified = False
        f.fortify_turns = 0
        f.moved_this_turn = f.moved_this_turn or moved
        place = self.map.place_at(h)
        if place and self.state.holdings.get(place.name) != f.side:
            before = self.state.holdings.get(place.name)
            self.state.holdings[place.name] = f.side
            # A place produces for the side it began with (or the first to take an unheld
            # one): a captor gains nothing, the loser's PP are lost until it retakes it.
            owner = self.state.owners.setdefault(place.name, f.side)
            if owner == f.side:
                gain = f"; its {place.pp} PP are {'back' if before else 'now'} {f.side}'s"
            else:
                gain = f"; {owner} loses its {place.pp} PP (the captor gains none)"
            self.say(f"{f.side} takes {place.name}" + (gain if place.pp else ""), self.sides)

    def eliminate_unit(self, uid: str, why: str) -> None:
        u = self.unit_record(uid)
        label = self.unit_label(uid)
        home = u.where
        self.set_unit_home(u, ELIMINATED)
        self.say(f"{label} is eliminated {why}", self.sides)
        if home in self.state.formations:
            f = self.state.formations[home]
            if f.kind != "corps" and not self.units_in(home):
                self.destroy_formation(home, f"{f.name} has lost its last combat unit and is gone")

    def destroy_formation(self, fid: str, text: str) -> None:
        for u in self.units_in(fid):
            u.where = ELIMINATED
        for other in self.state.formations.values():
            if other.corps == fid:
                other.corps = None
        del self.state.formations[fid]
        self.state.destroyed.append(fid)
        self.position_changed()
        self.say(text, self.sides)

    # --- cached facts -------------------------------------------------------------------

    def _held(self) -> dict[str, list[UnitRecord]]:
        # Units are created in id order and dicts keep insertion order (also via JSON).
        held: dict[str, list[UnitRecord]] = {}
        for u in self.state.units.values():
            held.setdefault(u.where, []).append(u)
        return held

    def _at(self) -> dict[tuple[int, int], list[FormationRecord]]:
        at: dict[tuple[int, int], list[FormationRecord]] = {}
        for f in self.state.formations.values():
            at.setdefault(f.hex, []).append(f)
        return at

    def hex_of(self, f: FormationRecord) -> Hex:
        return to_hex(f.hex)
