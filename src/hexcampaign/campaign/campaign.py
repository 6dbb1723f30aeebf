"""The Campaign facade: one CM operational campaign, run by an umpire, headless.

Every change goes through `_act`, which applies a rule-checked action and appends it to
the action log; `replay()` rebuilds the campaign from its set-up and that log, reading
die rolls from the log instead of rolling again.
"""

from __future__ import annotations

import errno
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from hexcampaign.campaign import attacks, legal, movement, production, results, supply, turn
from hexcampaign.campaign.battle_sheet import BattleSheet
from hexcampaign.campaign.forces import can_defend_itself, composition_text, holds_foot_infantry
from hexcampaign.campaign.options import Options
from hexcampaign.campaign.save_check import save_problem
from hexcampaign.campaign.state import (
    ARMY_HQ,
    ELIMINATED,
    BattleRecord,
    FormationRecord,
    Result,
    Setup,
    State,
    UnitRecord,
    pair,
    to_hex,
)
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.unit_chart import UnitChart, UnitType
from hexcampaign.files import (
    FileFormatError,
    atomic_write_text,
    oversized,
    parse_json,
    read_json,
    validation_problem,
)
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
from hexcampaign.maps.fileformat import MapFormatError, map_from_document, map_to_document
from hexcampaign.rules import Dice, IllegalAction

FORMAT = "hexcampaign-campaign"
VERSION = 1
FILE_SUFFIX = ".hxcampaign"
# Lists that grow with play, and their bounds (a 100-turn campaign logs ~4700 lines and
# ~4000 actions); every other list of a save holds at most files.MAX_LIST items.
LONG_LISTS = {
    "actions": 200_000,
    "state.log": 200_000,
    "state.rolls": 200_000,
    "state.battles": 100_000,
    "state.units": 100_000,
    "state.destroyed": 100_000,
}  # as registered in packaging/…mime.xml


class CampaignFormatError(FileFormatError):
    """A campaign save that cannot be loaded; the message says why."""


@dataclass(frozen=True)
class UnitView:
    id: str
    side: str
    type_id: str
    name: str
    category: str
    cost: int
    vehicles: int | None
    red_number: int | None
    motorised: bool
    spotters: int
    where: str  # "army_hq", a formation id, or "eliminated"


@dataclass(frozen=True)
class FormationView:
    id: str
    name: str
    side: str
    kind: str  # "infantry" | "mechanised" | "corps": how it moves and fights now
    built_as: str
    hex: Hex
    units: tuple[UnitView, ...]
    corps: str | None
    dug_in: bool
    fortified: bool
    fortify_turns: int
    experience: str
    in_supply: bool
    composition: str
    exerts_zoc: bool
    can_move: bool
    reinforced_this_turn: bool


@dataclass(frozen=True)
class DigInStatus:
    dug_in: bool
    fortified: bool
    fortify_turns: int
    fortify_needed: int
    text: str


class Campaign:
    def __init__(
        self, hexmap: HexMap, setup: Setup, state: State, actions: list[dict] | None = None
    ) -> None:
        self.map = hexmap
        self.setup = setup
        self.state = state
        self.actions: list[dict[str, Any]] = list(actions or [])
        self._dice = Dice.restore({"seed": setup.seed, "rolls": state.rolls})
        palette = hexmap.palette
        self._terrain_cost = {
            name: float(t.rules.get("move_cost", 1)) for name, t in palette.terrains.items()
        }
        self.road_cost = float(palette.rules.get("road_move_cost", 0.5))
        # Derived facts (occupancy, zones of control, supply ranges) cached until the next
        # change; every change goes through _apply, relocate or destroy_formation.
        self.memo: dict[Any, Any] = {}
        self.step_costs: dict[tuple[Hex, Hex], float] = {}

    # --- starting, saving, replaying ----------------------------------------------------

    @classmethod
    def new(
        cls,
        hexmap: HexMap,
        sides: tuple[str, str] = ("german", "us"),
        capitals: dict[str, Hex] | None = None,
        charts: dict[str, UnitChart] | None = None,
        seed: int = 1,
        options: Options | None = None,
        holdings: dict[str, str] | None = None,
    ) -> Campaign:
        if hexmap.palette.ruleset != "campaign":
            raise ValueError(
                f'A CM campaign needs a map drawn with a campaign palette (such as "cm"); '
                f"this map uses the {hexmap.palette.name} palette."
            )
        sides = tuple(sides)  # type: ignore[assignment]
        if len(sides) != 2 or sides[0] == sides[1]:
            raise ValueError("A campaign has two different sides.")
        capitals = capitals or {}
        for side in sides:
            if side not in capitals or not hexmap.contains(capitals[side]):
                raise ValueError(f"The {side} capital must be a hex on the map.")
        charts = dict(charts or {})
        for side in sides:
            if side not in charts:
                charts[side] = UnitChart.default(side)
        options = options or Options()
        if options.starting_experience not in campaign_rules().experience_levels:
            raise ValueError(f"Unknown experience level {options.starting_experience!r}.")
        if holdings is None:
            holdings = _nearer_capital(hexmap, sides, capitals)
        for name, side in holdings.items():
            hexmap.place(name)  # MapEditError names an unknown place
            if side not in sides:
                raise ValueError(f"{name} is held by {side!r}, which is not a side.")
        setup = Setup(
            sides=sides,  # type: ignore[arg-type]
            capitals={s: pair(h) for s, h in capitals.items() if s in sides},
            charts=charts,
            seed=seed,
            options=options,
            holdings=dict(holdings),
        )
        return cls._begin(hexmap.copy(), setup)

    @classmethod
    def _begin(cls, hexmap: HexMap, setup: Setup) -> Campaign:
        state = State(
            pp=dict.fromkeys(setup.sides, 0),
            holdings=dict(setup.holdings),
            owners=dict(setup.holdings),
        )
        c = cls(hexmap, setup, state)
        c.say("The campaign begins")
        turn.start_turn(c)
        return c

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "map": map_to_document(self.map),
                "setup": self.setup.model_dump(mode="json"),
                "state": self.state.model_dump(mode="json"),
                "actions": self.actions,
            },
            indent=1,
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Campaign:
        """A campaign from its save text; anything wrong raises CampaignFormatError with
        a sentence (the file's contents are never trusted)."""
        try:
            data = parse_json(text, "The campaign file", "campaign")
        except FileFormatError as e:
            raise CampaignFormatError(str(e)) from None
        return cls._from_data(data)

    @classmethod
    def _from_data(cls, data: object) -> Campaign:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CampaignFormatError("This is not a hexcampaign campaign file.")
        version = data.get("version")
        if version != VERSION or isinstance(version, bool):
            newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
            raise CampaignFormatError(
                f"This campaign file has version {_short(version)}; this program reads "
                f"version {VERSION}" + ("; update hexcampaign to open it." if newer else ".")
            )
        too_long = oversized(data, LONG_LISTS, frozenset({"map"}))
        if too_long:
            raise CampaignFormatError(f"The campaign file is damaged: {too_long}.")
        try:
            hexmap = map_from_document(data["map"])
            setup = Setup.model_validate(data["setup"])
            state = State.model_validate(data["state"])
            actions = data["actions"]
            problem = save_problem(hexmap, setup, state, actions)
        except MapFormatError as e:
            raise CampaignFormatError(f"The campaign file is damaged: its {e}") from None
        except KeyError as e:
            raise CampaignFormatError(f"The campaign file is damaged: it has no {e} section.") from None
        except (TypeError, ValueError, ValidationError, IllegalAction, RecursionError) as e:
            raise CampaignFormatError(
                f"The campaign file is damaged: {validation_problem(e)}."
            ) from None
        if problem:
            raise CampaignFormatError(f"The campaign file is damaged: {problem}.")
        return cls(hexmap, setup, state, actions)

    def save(self, path: Path | str) -> None:
        """Atomic save with the previous file kept as a backup. The written file is read
        back and must load as this very campaign before it replaces the old one."""
        state = self.state

        def verify(back: str) -> None:
            if Campaign.from_json(back).state != state:
                raise OSError(errno.EIO, "the campaign read back differs from the one saved")

        atomic_write_text(path, self.to_json(), verify=verify)

    @classmethod
    def load(cls, path: Path | str) -> Campaign:
        try:
            data = read_json(path, "campaign")
        except FileFormatError as e:
            raise CampaignFormatError(str(e)) from None
        return cls._from_data(data)

    def replay(self) -> Campaign:
        """The campaign rebuilt from its set-up and action log (die rolls read from the log)."""
        c = Campaign._begin(self.map.copy(), self.setup)
        for action in self.actions:
            c._apply(dict(action))
            c.actions.append(dict(action))
        return c

    def can_undo(self) -> bool:
        return bool(self.actions) and not _locks(self.actions[-1])

    def undo(self) -> None:
        """Take back the last action (a replay of all the others). A die roll locks the
        game at that point: it cannot be taken back."""
        if not self.actions:
            raise IllegalAction("Undo: there is nothing to undo", "Undo")
        if _locks(self.actions[-1]):
            raise IllegalAction(
                "Undo: the pursuit die has been rolled, and a roll cannot be taken back", "Undo"
            )
        before = Campaign(self.map, self.setup, self.state, self.actions[:-1]).replay()
        self.state, self.actions, self._dice = before.state, before.actions, before._dice
        self.memo.clear()

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

    @property
    def log(self) -> list[str]:
        """The campaign log: one plain-English line per event."""
        return list(self.state.log)

    def end_phase(self) -> None:
        self._act("end_phase")

    def pending(self) -> list[turn.OpenItem]:
        """Decisions awaited now (results, retreats, advances, pursuits, joins)."""
        return [i for i in turn.open_items(self) if i.kind != "info"]

    def legal_actions(self) -> list[legal.LegalAction]:
        """What may be done now, each kind with its legal choices (menus, random play)."""
        return legal.legal_actions(self)

    def open_items(self) -> list[turn.OpenItem]:
        """Everything the phase awaits; the blocking ones are what end_phase refuses with."""
        return turn.open_items(self)

    # --- production and reinforcement ------------------------------------------------

    def production_points(self, side: str) -> int:
        return production.production_points(self, side)

    def pp_available(self, side: str) -> int:
        return self.state.pp[side]

    def victory_points(self, side: str) -> int:
        """VP of the places `side` holds now (the draft sets no victory rule; shown to the
        umpire as a yardstick)."""
        return sum(p.vp for p in self.map.places() if self.state.holdings.get(p.name) == side)

    def adjust_pp(self, side: str, amount: int, reason: str) -> None:
        """Umpire: add (or with a negative amount remove) PP this turn; logged with the reason."""
        self._act("adjust_pp", side=side, amount=amount, reason=reason)

    def holder(self, place_name: str) -> str | None:
        return self.state.holdings.get(place_name)

    def purchase(self, side: str, type_id: str) -> str:
        return self._act("purchase", side=side, type_id=type_id)

    def build_division(self, side: str, kind: str, where: Hex) -> str:
        if kind not in ("infantry", "mechanised"):
            raise IllegalAction("Building: a division is infantry or mechanised", "Building")
        return self._act("build", side=side, kind=kind, where=list(pair(where)))

    def build_corps(self, side: str, where: Hex) -> str:
        return self._act("build", side=side, kind="corps", where=list(pair(where)))

    def transfer(self, uid: str, fid: str) -> None:
        self._act("transfer", uid=uid, fid=fid)

    def assign_to_corps(self, fid: str, corps_id: str | None) -> None:
        self._act("assign", fid=fid, corps_id=corps_id)

    def deploy(
        self,
        side: str,
        kind: str,
        where: Hex,
        units: list[str] | None = None,
        corps: str | None = None,
        experience: str | None = None,
        dug_in: bool = False,
    ) -> str:
        """Umpire: place a formation with units of the given type ids (a starting order of
        battle). Costs no PP; composition, stacking and map rules still hold."""
        return self._act(
            "deploy",
            side=side,
            kind=kind,
            where=list(pair(where)),
            type_ids=list(units or []),
            corps=corps,
            experience=experience,
            dug_in=dug_in,
        )

    def army_hq(self, side: str) -> list[UnitView]:
        """The Army HQ box: bought units not yet transferred (and the side's air assets)."""
        return [
            self._unit_view(u)
            for u in self._ordered_units()
            if u.side == side and u.where == ARMY_HQ
        ]

    # --- movement -----------------------------------------------------------------------

    def reachable(self, fid: str) -> dict[Hex, float]:
        return movement.reachable(self, fid)

    def path_to(self, fid: str, goal: Hex) -> list[Hex]:
        """The cheapest legal path for a move to `goal`, start excluded ([] if out of reach)."""
        return movement.path(self, fid, goal)

    def move(self, fid: str, path: list[Hex]) -> None:
        self._act("move", fid=fid, path=[list(pair(h)) for h in path])

    def zone_of_control(self, side: str) -> set[Hex]:
        return movement.zone_of_control(self, side)

    def in_supply(self, fid: str) -> bool:
        return supply.in_supply(self, fid)

    def supply_range(self, corps_id: str) -> set[Hex]:
        return supply.supply_range(self, corps_id)

    # --- attacks and battles ------------------------------------------------------------

    def attack_options(self) -> dict[str, list[str]]:
        return attacks.attack_options(self)

    def available_support(
        self, side: str, battle: BattleRecord | str
    ) -> tuple[list[str], list[str]]:
        """(artillery, air) `side` may still assign to this battle."""
        b = self.battle_record(_bid(battle))
        where = to_hex(b.defender_hex)
        if side == b.attacker_side:
            parents = {self.formation_record(a).corps for a in b.attackers} - {None}
            return attacks.available_support(self, side, where, parents, defending=False)
        d = self.formation_record(b.defender)
        parent = d.id if d.kind == "corps" else d.corps
        return attacks.available_support(self, side, where, {parent} - {None}, defending=True)

    def declare_attack(
        self,
        attackers: list[str],
        defender: str,
        artillery: list[str] | None = None,
        air: list[str] | None = None,
    ) -> BattleRecord:
        return self._act(
            "declare_attack",
            attackers=list(attackers),
            defender=defender,
            artillery=list(artillery or []),
            air=list(air or []),
        )

    def support_defense(
        self,
        battle: BattleRecord | str,
        artillery: list[str] | None = None,
        air: list[str] | None = None,
    ) -> None:
        self._act(
            "support_defense",
            battle=_bid(battle),
            artillery=list(artillery or []),
            air=list(air or []),
        )

    def cancel_attack(self, battle: BattleRecord | str) -> None:
        self._act("cancel_attack", battle=_bid(battle))

    def battle(self, battle: BattleRecord | str) -> BattleRecord:
        return self.battle_record(_bid(battle))

    def battles(self) -> list[BattleRecord]:
        return list(self.state.battles.values())

    def battle_sheet(self, battle: BattleRecord | str, side: str | None = None) -> BattleSheet:
        """The umpire's sheet, or (with `side`) the sheet that side's player may see."""
        sheet = self.battle_record(_bid(battle)).sheet
        return sheet if side is None else attacks.side_sheet(sheet, side)

    def enter_result(
        self,
        battle: BattleRecord | str,
        outcome: str,
        level: str | None = None,
        casualties: dict[str, int] | None = None,
        abandoned: dict[str, int] | None = None,
        eliminate: list[str] | None = None,
        spare: list[str] | None = None,
    ) -> Result:
        """Apply a CM result. `eliminate` / `spare` are the umpire's overrides of the
        computed eliminations; they are logged."""
        return self._act(
            "enter_result",
            battle=_bid(battle),
            outcome=outcome,
            level=level,
            casualties=dict(casualties or {}),
            abandoned=dict(abandoned or {}),
            eliminate=list(eliminate or []),
            spare=list(spare or []),
        )

    def retreat_options(self, fid: str) -> list[Hex]:
        return results.retreat_options(self, fid)

    def retreat(self, fid: str, where: Hex) -> None:
        self._act("retreat", fid=fid, where=list(pair(where)))

    def advance_options(self, battle: BattleRecord | str) -> list[str]:
        return results.advance_options(self, self.battle_record(_bid(battle)))

    def advance(self, fid: str, where: Hex) -> None:
        self._act("advance", fid=fid, where=list(pair(where)))

    def pursuit(
        self, battle: BattleRecord | str, roll: int | None = None, division: str | None = None
    ) -> bool:
        """Try a pursuit after a won battle; `roll` is the umpire's own die, else the dice roll."""
        self.memo.clear()
        try:
            success, face, by_dice = results.pursuit(self, _bid(battle), division, roll)
        finally:
            self.memo.clear()
        self.actions.append(
            {
                "act": "pursuit",
                "battle": _bid(battle),
                "division": division,
                "roll": face,
                "by_dice": by_dice,
            }
        )
        return success

    def pursuit_candidates(self, battle: BattleRecord | str) -> list[str]:
        return results.pursuit_candidates(self, self.battle_record(_bid(battle)))

    # --- formations ---------------------------------------------------------------------

    def formation(self, fid: str) -> FormationView:
        f = self.formation_record(fid)
        types = [self.unit_type(u.id) for u in self.units_in(fid)]
        return FormationView(
            id=f.id,
            name=f.name,
            side=f.side,
            kind=self.effective_kind(f),
            built_as=f.kind,
            hex=to_hex(f.hex),
            units=tuple(self._unit_view(u) for u in self.units_in(fid)),
            corps=f.corps,
            dug_in=f.dug_in,
            fortified=f.fortified,
            fortify_turns=f.fortify_turns,
            experience=f.experience,
            in_supply=self.in_supply(fid),
            composition=composition_text(f.kind, types),
            exerts_zoc=self.exerts_zoc(f),
            can_move=self.phase == "movement"
            and f.side == self.side_to_play
            and not f.moved_in_movement
            and movement.movement_allowance(self, f) > 0,
            reinforced_this_turn=f.reinforced_side_turn == self.state.side_turn,
        )

    def formations(self, side: str | None = None) -> list[FormationView]:
        return [
            self.formation(f.id) for f in self.state.formations.values() if side in (None, f.side)
        ]

    def composition(self, fid: str) -> str:
        return self.formation(fid).composition

    def set_experience(self, fid: str, level: str) -> None:
        self._act("set_experience", fid=fid, level=level)

    def rename(self, fid: str, name: str) -> None:
        self._act("rename", fid=fid, name=name)

    def dig_in_status(self, fid: str) -> DigInStatus:
        f = self.formation_record(fid)
        need = campaign_rules().fortify_turns
        if f.fortified:
            text = f"{f.name} holds a fortified hex"
        elif f.dug_in and self.options.fortification:
            engineer = any(self.unit_type(u.id).category == "engineer" for u in self.units_in(fid))
            text = f"{f.name} is dug in; fortifying {f.fortify_turns}/{need} turns" + (
                "" if engineer else " (needs an engineer platoon)"
            )
        elif f.dug_in:
            text = f"{f.name} is dug in"
        else:
            text = f"{f.name} is not dug in; it digs in by staying put and not attacking for a turn"
        return DigInStatus(f.dug_in, f.fortified, f.fortify_turns, need, text)

    def unit(self, uid: str) -> UnitView:
        return self._unit_view(self.unit_record(uid))

    def units(self, side: str | None = None) -> list[UnitView]:
        return [self._unit_view(u) for u in self._ordered_units() if side in (None, u.side)]

    # --- helpers the rule modules share ----------------------------------------------

    def enemy(self, side: str) -> str:
        a, b = self.setup.sides
        return b if side == a else a

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

    def unit_order(self, uid: str) -> tuple[str, int]:
        head, _, number = uid.rpartition("u")
        return (head, int(number) if number.isdigit() else 0)

    def units_in(self, fid: str) -> list[UnitRecord]:
        held = self.memo.get("held")
        if held is None:
            # Units are created in id order and dicts keep insertion order (also via JSON).
            held = {}
            for u in self.state.units.values():
                held.setdefault(u.where, []).append(u)
            self.memo["held"] = held
        return list(held.get(fid, ()))

    def formations_at(self, h: Hex, side: str | None = None) -> list[FormationRecord]:
        at = self.memo.get("at")
        if at is None:
            at = {}
            for f in self.state.formations.values():
                at.setdefault(f.hex, []).append(f)
            self.memo["at"] = at
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

    def effective_kind(self, f: FormationRecord) -> str:
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

    def terrain_cost(self, h: Hex) -> float:
        return self._terrain_cost[self.map.terrain(h)]

    def bump(self, counter: str) -> int:
        self.state.counters[counter] = self.state.counters.get(counter, 0) + 1
        return self.state.counters[counter]

    def next_id(self, counter: str, prefix: str) -> str:
        return f"{prefix}{self.bump(counter)}"

    def say(self, text: str) -> None:
        self.state.log.append(
            f"Turn {self.state.turn}, {self.side_to_play}, {turn.PHASE_TITLES[self.phase]}: {text}"
        )

    def roll_die(self) -> int:
        return self._dice.die()

    def relocate(self, f: FormationRecord, h: Hex, moved: bool = True) -> None:
        """Put a formation in a hex: it loses any dug-in or fortified status, and a place
        there passes to its side (a place is held by the side that last occupied it)."""
        self.memo.clear()
        f.hex = pair(h)
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
            self.say(f"{f.side} takes {place.name}" + (gain if place.pp else ""))

    def eliminate_unit(self, uid: str, why: str) -> None:
        self.memo.clear()
        u = self.unit_record(uid)
        home = u.where
        u.where = ELIMINATED
        self.memo.clear()
        self.say(f"{self.unit_type(uid).name} ({uid}) is eliminated {why}")
        if home in self.state.formations:
            f = self.state.formations[home]
            if f.kind != "corps" and not self.units_in(home):
                self.destroy_formation(home, f"{f.name} has lost its last combat unit and is gone")

    def destroy_formation(self, fid: str, text: str) -> None:
        self.memo.clear()
        for u in self.units_in(fid):
            u.where = ELIMINATED
        for other in self.state.formations.values():
            if other.corps == fid:
                other.corps = None
        del self.state.formations[fid]
        self.state.destroyed.append(fid)
        self.memo.clear()
        self.say(text)

    # --- the action log -----------------------------------------------------------------

    def _act(self, act: str, /, **args: Any) -> Any:
        result = self._apply({"act": act, **args})
        self.actions.append({"act": act, **args})
        return result

    def _apply(self, action: dict[str, Any]) -> Any:
        name = action.pop("act")
        self.memo.clear()
        try:
            return getattr(self, f"_do_{name}")(**action)
        finally:
            self.memo.clear()

    def _do_end_phase(self) -> None:
        turn.end_phase(self)

    def _do_purchase(self, side: str, type_id: str) -> str:
        return production.purchase(self, side, type_id)

    def _do_build(self, side: str, kind: str, where: list[int]) -> str:
        return production.build(self, side, kind, to_hex(tuple(where)))

    def _do_deploy(self, where: list[int], **kw: Any) -> str:
        return production.deploy(self, where=to_hex(tuple(where)), **kw)

    def _do_transfer(self, uid: str, fid: str) -> None:
        production.transfer(self, uid, fid)

    def _do_assign(self, fid: str, corps_id: str | None) -> None:
        production.assign(self, fid, corps_id)

    def _do_move(self, fid: str, path: list[list[int]]) -> None:
        hexes = [to_hex(tuple(p)) for p in path]
        overruns = movement.check_move(self, fid, hexes)
        f = self.formation_record(fid)
        for enemy in overruns:
            name = self.formation_record(enemy).name
            self.destroy_formation(enemy, f"{f.name} overruns and destroys {name}")
        start = self.map.label(to_hex(f.hex))
        self.relocate(f, hexes[-1])
        f.moved_in_movement = True
        self.say(f"{f.name} moves from {start} to {self.map.label(hexes[-1])}")

    def _do_declare_attack(
        self, attackers: list[str], defender: str, artillery: list[str], air: list[str]
    ) -> BattleRecord:
        return attacks.declare_attack(self, attackers, defender, artillery, air)

    def _do_support_defense(self, battle: str, artillery: list[str], air: list[str]) -> None:
        attacks.support_defense(self, battle, artillery, air)

    def _do_cancel_attack(self, battle: str) -> None:
        attacks.cancel_attack(self, battle)

    def _do_enter_result(self, battle: str, **kw: Any) -> Result:
        return results.enter_result(self, battle, **kw)

    def _do_retreat(self, fid: str, where: list[int]) -> None:
        results.retreat(self, fid, to_hex(tuple(where)))

    def _do_advance(self, fid: str, where: list[int]) -> None:
        results.advance(self, fid, to_hex(tuple(where)))

    def _do_pursuit(self, battle: str, division: str | None, roll: int, by_dice: bool) -> bool:
        return results.pursuit(self, battle, division, roll, by_dice)[0]

    def _do_adjust_pp(self, side: str, amount: int, reason: str) -> None:
        if side not in self.setup.sides:
            raise IllegalAction(f"Umpire override: there is no side {side!r}", "Umpire override")
        if not reason.strip():
            raise IllegalAction("Umpire override: give a reason for the change", "Umpire override")
        if self.state.pp[side] + amount < 0:
            raise IllegalAction(
                f"Umpire override: {side} has only {self.state.pp[side]} PP to take away",
                "Umpire override",
            )
        self.state.pp[side] += amount
        self.say(f"Umpire override: {amount:+d} PP for {side} ({reason.strip()})")

    def _do_set_experience(self, fid: str, level: str) -> None:
        levels = campaign_rules().experience_levels
        if level not in levels:
            raise IllegalAction(
                f"Experience: a division is {', '.join(levels)}, not {level!r}", "Experience"
            )
        f = self.formation_record(fid)
        f.experience = level
        self.say(f"The umpire rates {f.name} {level}")

    def _do_rename(self, fid: str, name: str) -> None:
        name = name.strip()
        if not name or len(name) > 80:
            raise IllegalAction("Formations: a name has 1 to 80 characters", "Formations")
        f = self.formation_record(fid)
        old, f.name = f.name, name
        self.say(f"{old} is renamed {name}")

    def _ordered_units(self) -> list[UnitRecord]:
        return sorted(self.state.units.values(), key=lambda u: self.unit_order(u.id))

    def _unit_view(self, u: UnitRecord) -> UnitView:
        t = self.unit_type(u.id)
        return UnitView(
            u.id,
            u.side,
            t.id,
            t.name,
            t.category,
            t.cost,
            t.vehicles,
            t.red_number,
            t.motorised,
            t.spotters,
            u.where,
        )


def _short(value: Any) -> str:
    """A value from a file, quoted and cut short for a sentence."""
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."


def _locks(action: dict[str, Any]) -> bool:
    return action.get("act") == "pursuit" and bool(action.get("by_dice"))


def _bid(battle: BattleRecord | str) -> str:
    return battle if isinstance(battle, str) else battle.id


def _nearer_capital(hexmap: HexMap, sides, capitals) -> dict[str, str]:
    """Each place to the side whose capital is nearer; a tie leaves it unheld."""
    holdings = {}
    for place in hexmap.places():
        a, b = (place.hex.distance(capitals[s]) for s in sides)
        if a != b:
            holdings[place.name] = sides[0] if a < b else sides[1]
    return holdings
