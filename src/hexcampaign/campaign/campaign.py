"""The Campaign facade: one CM operational campaign, run by an umpire, headless.

The facade holds a `World` (world.py: the position and the primitives the rule modules
change it with) and keeps those primitives to itself: callers ask questions and act
with typed actions, as with the Kasserine `Game` and its context.

Every change is a typed action (`actions.py`) applied through `play.apply`, which looks
its rule up in one table, appends it to the action log and returns what changed;
`replay()` rebuilds the campaign from its set-up and that log, reading die rolls from
the log instead of rolling again. The rules themselves live in the modules named for
them (movement, attacks, results, production, turn, corrections, ending).
"""

from __future__ import annotations

import errno
import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hexcampaign.campaign import actions as A
from hexcampaign.campaign import (
    attacks,
    battle_admin,
    battle_sheet,
    calendar,
    ending,
    history,
    legal,
    movement,
    play,
    production,
    results,
    saves,
    supply,
    turn,
    turn_report,
    views,
)
from hexcampaign.campaign.checkpoints import Checkpoints
from hexcampaign.campaign.names import check_name
from hexcampaign.campaign.options import Options
from hexcampaign.campaign.state import (
    ARMY_HQ,
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
from hexcampaign.campaign.turn import OpenItem
from hexcampaign.campaign.unit_chart import UnitChart, UnitType
from hexcampaign.campaign.views import DigInStatus, FormationView, UnitView
from hexcampaign.campaign.world import World
from hexcampaign.files import atomic_write_text
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction

# Kept here for the names callers import from this module.
FORMAT, VERSION, FILE_SUFFIX, LONG_LISTS = (
    saves.FORMAT,
    saves.VERSION,
    saves.FILE_SUFFIX,
    saves.LONG_LISTS,
)
CampaignFormatError = saves.CampaignFormatError
CampaignChanges = play.CampaignChanges

__all__ = [
    "Campaign",
    "CampaignChanges",
    "CampaignFormatError",
    "DigInStatus",
    "FormationView",
    "UnitView",
]


class Campaign:
    """A campaign: the umpire's and players' calls on the world its rules work on.

    The facade *has* its world (`campaign.world.World`: the map, set-up, state and the
    primitives rule modules change it with) and answers questions about it; the position
    changes only through `apply`, with a typed action.
    """

    def __init__(
        self,
        hexmap: HexMap,
        setup: Setup,
        state: State,
        actions: Iterable[A.CampaignAction] = (),
    ) -> None:
        self._world = World(hexmap, setup, state, actions)
        self._checkpoints = Checkpoints()
        self.last_changes: CampaignChanges | None = None
        # What undo took back, the latest last, for redo; emptied by any other action.
        self._undone: list[Any] = []

    # --- starting, saving, replaying ----------------------------------------------------

    @classmethod
    def new(
        cls,
        hexmap: HexMap,
        sides: tuple[str, str] = ("german", "us"),
        capitals: dict[str, Hex] | None = None,
        charts: dict[str, UnitChart] | None = None,
        seed: int | None = 1,
        options: Options | None = None,
        holdings: dict[str, str] | None = None,
    ) -> Campaign:
        """A campaign at its first turn. `seed` None: the dice roll from the operating
        system's entropy (a campaign between people: nothing in its file tells a roll);
        a seed makes every roll reproducible (tests, a campaign played again the same)."""
        if hexmap.palette.ruleset != "campaign":
            raise ValueError(
                f'A CM campaign needs a map drawn with a campaign palette (such as "cm"); '
                f"this map uses the {hexmap.palette.name} palette."
            )
        if len(sides) != 2 or sides[0] == sides[1]:
            raise ValueError("A campaign has two different sides.")
        pair_of_sides = (sides[0], sides[1])
        for name in pair_of_sides:
            try:
                check_name(name, "side")
            except IllegalAction as e:
                raise ValueError(str(e)) from None
        for place in hexmap.places():
            try:
                check_name(place.name, "place")
            except IllegalAction as e:
                raise ValueError(str(e)) from None
        capitals = capitals or {}
        for side in pair_of_sides:
            if side not in capitals or not hexmap.contains(capitals[side]):
                raise ValueError(f"The {side} capital must be a hex on the map.")
        charts = dict(charts or {})
        for side in pair_of_sides:
            if side not in charts:
                charts[side] = UnitChart.default(side)
        options = options or Options()
        if options.starting_experience not in campaign_rules().experience_levels:
            raise ValueError(f"Unknown experience level {options.starting_experience!r}.")
        if holdings is None:
            holdings = _nearer_capital(hexmap, pair_of_sides, capitals)
        for name, side in holdings.items():
            hexmap.place(name)  # MapEditError names an unknown place
            if side not in pair_of_sides:
                raise ValueError(f"{name} is held by {side!r}, which is not a side.")
        setup = Setup(
            sides=pair_of_sides,
            capitals={s: pair(h) for s, h in capitals.items() if s in pair_of_sides},
            charts=charts,
            seed=seed,
            options=options,
            holdings=dict(holdings),
            # Weather is drawn from a key and the battle's id (so Back cannot draw it
            # again); without a seed the key is drawn from entropy too.
            weather_key=None if seed is not None else secrets.randbits(62),
        )
        return cls._of(play.begin(hexmap.copy(), setup))

    def to_json(self) -> str:
        return saves.to_text(self._world)

    @classmethod
    def from_json(cls, text: str | bytes) -> Campaign:
        """A campaign from its save text; anything wrong raises CampaignFormatError with
        a sentence (the file's contents are never trusted)."""
        return cls(*saves.from_text(text))

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
        return cls(*saves.read_file(path))

    def replay(self) -> Campaign:
        """The campaign rebuilt from its set-up and action log (die rolls read from the log)."""
        return Campaign._of(play.replay(self.map.copy(), self.setup, self.actions))

    def apply(self, action: A.CampaignAction | dict[str, Any]) -> CampaignChanges:
        """Apply a typed action (or its saved dict); returns the log lines it wrote with
        flags of what changed. Every call below comes through here."""
        w = self._world
        self.last_changes = play.apply(w, action)
        self._checkpoints.after_action(len(w.actions), w.state, play.locks(w.actions[-1]))
        self._undone = []  # a new action: what was undone cannot be redone
        return self.last_changes

    def can_undo(self) -> bool:
        actions = self._world.actions
        return bool(actions) and not play.locks(actions[-1])

    def undo(self) -> CampaignChanges:
        """Take back the last action. A die roll locks the game at that point: it cannot
        be taken back. The position before it is rebuilt from the nearest position kept
        before it (checkpoints.py), so Back costs about the same however long the log."""
        w = self._world
        if not w.actions:
            raise IllegalAction("Undo: there is nothing to undo", "Undo")
        if play.locks(w.actions[-1]):
            raise IllegalAction(
                "Undo: the pursuit die has been rolled, and a roll cannot be taken back", "Undo"
            )
        undone = [*self._undone, w.actions[-1]]
        self._rewind(len(w.actions) - 1)
        self._undone = undone
        self.last_changes = CampaignChanges.everything()
        return self.last_changes

    def can_redo(self) -> bool:
        return bool(self._undone)

    def redo(self) -> CampaignChanges:
        """Apply again the action undo took back last (it rolled no die: a roll locks, so
        it could not have been undone); refused once another action was taken since."""
        if not self._undone:
            raise IllegalAction(
                "Redo: there is no undone action to redo (an action taken since an undo ends redo)", "Redo"
            )
        undone = self._undone
        changes = self.apply(undone[-1])
        self._undone = undone[:-1]
        return changes

    # --- what the campaign is: its map, set-up, position and log ------------------------

    @property
    def map(self) -> HexMap:
        return self._world.map

    @property
    def setup(self) -> Setup:
        return self._world.setup

    @property
    def state(self) -> State:
        """The position (read it; it changes only through actions)."""
        return self._world.state

    @property
    def actions(self) -> list[A.CampaignAction]:
        """The action log, oldest first (read it; it grows only through `apply`)."""
        return self._world.actions

    @property
    def seed(self) -> int | None:
        """The dice seed the campaign was begun with; None: dice from entropy."""
        return self._world.setup.seed

    @property
    def phase(self) -> str:
        return self._world.phase

    @property
    def side_to_play(self) -> str:
        return self._world.side_to_play

    @property
    def turn(self) -> int:
        return self._world.turn

    @property
    def options(self) -> Options:
        return self._world.options

    @property
    def sides(self) -> tuple[str, str]:
        return self._world.sides

    def enemy(self, side: str) -> str:
        return self._world.enemy(side)

    def position_changed(self) -> None:
        """Forget facts derived from the position (after a change made outside `apply`,
        such as a test arranging a position)."""
        self._world.position_changed()

    # --- lookups of the position --------------------------------------------------------

    def formation_record(self, fid: str) -> FormationRecord:
        return self._world.formation_record(fid)

    def unit_record(self, uid: str) -> UnitRecord:
        return self._world.unit_record(uid)

    def unit_type(self, uid: str) -> UnitType:
        return self._world.unit_type(uid)

    def unit_label(self, uid: str) -> str:
        """A unit as a person reads it: its type and where it serves, never its id."""
        return self._world.unit_label(uid)

    def unit_order(self, uid: str) -> tuple[str, int]:
        """A sort key of unit ids in the order they were created."""
        return self._world.unit_order(uid)

    def units_in(self, fid: str) -> list[UnitRecord]:
        return self._world.units_in(fid)

    def formations_at(self, h: Hex, side: str | None = None) -> list[FormationRecord]:
        return self._world.formations_at(h, side)

    def formations_of(self, side: str) -> list[FormationRecord]:
        return self._world.formations_of(side)

    def battles_this_turn(self) -> list[BattleRecord]:
        return self._world.battles_this_turn()

    def zone_of_control(self, side: str) -> set[Hex]:
        return self._world.zone_of_control(side)

    # --- internals ----------------------------------------------------------------------

    @classmethod
    def _of(cls, world: World) -> Campaign:
        return cls(world.map, world.setup, world.state, world.actions)

    def _rewind(self, count: int) -> None:
        """The position after the first `count` actions of the log, which is cut there:
        the nearest kept position at or before it, with the actions after it re-applied
        (with their recorded dice)."""
        w = self._world
        checkpoints = self._checkpoints
        base = checkpoints.nearest(count)
        start, state = base if base is not None else (0, play.begin(w.map, w.setup).state)
        tail = w.actions[start:count]
        w.state = state
        w.actions = w.actions[:start]
        checkpoints.forget_after(start)
        for action in tail:
            play.apply(w, action)
            checkpoints.after_action(len(w.actions), w.state, play.locks(action))

    # --- the turn and the campaign's end ------------------------------------------------

    @property
    def log(self) -> list[str]:
        """The campaign log: one plain-English line per event."""
        return list(self.state.log)

    @property
    def over(self) -> bool:
        return self.state.ended is not None

    def outcome(self) -> ending.Outcome | None:
        """(winner, margin, reason) once the campaign is over; None before."""
        return ending.outcome(self._world)

    def date(self, turn_number: int | None = None) -> str:
        """The date of a turn ("6 June 1944"), by the campaign calendar."""
        return calendar.date_text(calendar.turn_date(self.options, turn_number or self.turn))

    def end_phase(self) -> CampaignChanges:
        return self.apply(A.EndPhase())

    def pending(self) -> list[OpenItem]:
        """Decisions awaited now (results, retreats, advances, pursuits, joins)."""
        return [i for i in turn.open_items(self._world) if i.kind != "info"]

    def legal_actions(self) -> list[legal.LegalAction]:
        """What may be done now, each kind with its legal choices (menus, random play)."""
        return legal.legal_actions(self._world)

    def open_items(self) -> list[OpenItem]:
        """Everything the phase awaits; the blocking ones are what end_phase refuses with."""
        return turn.open_items(self._world)

    # --- production and reinforcement ---------------------------------------------------

    def production_points(self, side: str) -> int:
        return production.production_points(self._world, side)

    def pp_available(self, side: str) -> int:
        return self.state.pp[side]

    def victory_points(self, side: str) -> int:
        """VP of the places `side` holds now."""
        return ending.victory_points(self._world, side)

    def holder(self, place_name: str) -> str | None:
        return self.state.holdings.get(place_name)

    def check_purchase(self, side: str, type_id: str) -> UnitType:
        """The unit type, or IllegalAction naming why `side` may not buy it now."""
        return production.check_purchase(self._world, side, type_id)

    def purchase(self, side: str, type_id: str) -> str:
        return self.apply(A.Purchase(side=side, type_id=type_id)).value

    def purchase_all(self, side: str, type_ids: list[str]) -> list[str]:
        """Buy a basket of unit types all or nothing: one refusal names what cannot be
        bought and why, and nothing is spent."""
        return self.apply(A.PurchaseList(side=side, type_ids=list(type_ids))).value

    def build_division(self, side: str, kind: str, where: Hex) -> str:
        if kind not in ("infantry", "mechanised"):
            raise IllegalAction("Building: a division is infantry or mechanised", "Building")
        return self.apply(A.Build(side=side, kind=kind, where=pair(where))).value

    def build_corps(self, side: str, where: Hex) -> str:
        return self.apply(A.Build(side=side, kind="corps", where=pair(where))).value

    def transfer(self, uid: str, fid: str) -> CampaignChanges:
        return self.apply(A.Transfer(uid=uid, fid=fid))

    def assign_to_corps(self, fid: str, corps_id: str | None) -> CampaignChanges:
        return self.apply(A.Assign(fid=fid, corps_id=corps_id))

    def deploy(
        self,
        side: str,
        kind: str,
        where: Hex,
        units: list[str] | None = None,
        corps: str | None = None,
        experience: str | None = None,
        dug_in: bool = False,
        name: str | None = None,
    ) -> str:
        """Umpire: place a formation with units of the given type ids (a starting order of
        battle). Costs no PP; composition, stacking and map rules still hold."""
        action = A.Deploy(
            side=side,
            kind=kind,
            where=pair(where),
            type_ids=list(units or []),
            corps=corps,
            experience=experience,
            dug_in=dug_in,
            name=name,
        )
        return self.apply(action).value

    def army_hq(self, side: str) -> list[UnitView]:
        """The Army HQ box: bought units not yet transferred (and the side's air assets)."""
        return [
            views.unit_view(self._world, u)
            for u in views.ordered_units(self._world)
            if u.side == side and u.where == ARMY_HQ
        ]

    # --- movement -----------------------------------------------------------------------

    def movement_allowance(self, fid: str) -> float:
        """The formation's movement points this turn."""
        w = self._world
        return movement.movement_allowance(w, w.formation_record(fid))

    def reachable(self, fid: str) -> dict[Hex, float]:
        return movement.reachable(self._world, fid)

    def path_to(self, fid: str, goal: Hex) -> list[Hex]:
        """The cheapest legal path for a move to `goal`, start excluded ([] if out of reach)."""
        return movement.path(self._world, fid, goal)

    def move(self, fid: str, path: list[Hex]) -> CampaignChanges:
        return self.apply(A.Move(fid=fid, path=[pair(h) for h in path]))

    def in_supply(self, fid: str) -> bool:
        return supply.in_supply(self._world, fid)

    def supply_range(self, corps_id: str) -> set[Hex]:
        return supply.supply_range(self._world, corps_id)

    # --- attacks and battles ------------------------------------------------------------

    def attack_options(self) -> dict[str, list[str]]:
        return attacks.attack_options(self._world)

    def available_support(
        self, side: str, battle: BattleRecord | str
    ) -> tuple[list[str], list[str]]:
        """(artillery, air) `side` may still assign to this battle."""
        w = self._world
        b = w.battle_record(_bid(battle))
        where = to_hex(b.defender_hex)
        if side == b.attacker_side:
            parents = _corps_of(w, b.attackers)
            return attacks.available_support(w, side, where, parents, defending=False)
        d = w.formation_record(b.defender)
        parent = d.id if d.kind == "corps" else d.corps
        parents = set() if parent is None else {parent}
        return attacks.available_support(w, side, where, parents, defending=True)

    def attack_support(self, attackers: list[str], defender: str) -> tuple[list[str], list[str]]:
        """(artillery, air) the side to play may assign to an attack not yet declared by
        `attackers` on `defender` (the attack orders form, as the umpire picks)."""
        w = self._world
        where = to_hex(w.formation_record(defender).hex)
        parents = _corps_of(w, attackers)
        return attacks.available_support(w, w.side_to_play, where, parents, defending=False)

    def declare_attack(
        self,
        attackers: list[str],
        defender: str,
        artillery: list[str] | None = None,
        air: list[str] | None = None,
    ) -> BattleRecord:
        action = A.DeclareAttack(
            attackers=list(attackers),
            defender=defender,
            artillery=list(artillery or []),
            air=list(air or []),
        )
        return self.apply(action).value

    def support_defense(
        self,
        battle: BattleRecord | str,
        artillery: list[str] | None = None,
        air: list[str] | None = None,
    ) -> CampaignChanges:
        action = A.SupportDefense(
            battle=_bid(battle), artillery=list(artillery or []), air=list(air or [])
        )
        return self.apply(action)

    def cancel_attack(self, battle: BattleRecord | str) -> CampaignChanges:
        return self.apply(A.CancelAttack(battle=_bid(battle)))

    def set_weather(
        self, battle: BattleRecord | str, weather: str, reason: str = ""
    ) -> CampaignChanges:
        """Umpire: the weather of a battle not yet fought (else it is rolled)."""
        return self.apply(A.SetWeather(battle=_bid(battle), weather=weather, reason=reason))

    def battle(self, battle: BattleRecord | str) -> BattleRecord:
        return self._world.battle_record(_bid(battle))

    def battles(self) -> list[BattleRecord]:
        return list(self.state.battles.values())

    def battle_sheet(
        self, battle: BattleRecord | str, side: str | None = None
    ) -> battle_sheet.BattleSheet:
        """The umpire's sheet, or (with `side`) the sheet that side's player may see."""
        sheet = self._world.battle_record(_bid(battle)).sheet
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
        action = A.EnterResult(
            battle=_bid(battle),
            outcome=outcome,
            level=level,
            casualties=dict(casualties or {}),
            abandoned=dict(abandoned or {}),
            eliminate=list(eliminate or []),
            spare=list(spare or []),
        )
        return self.apply(action).value

    def battle_status(self, battle: BattleRecord | str) -> battle_admin.BattleStatus:
        """Where a battle stands (declared, sheets sent, fought, result entered) and who
        owes what, one sentence each."""
        return battle_admin.battle_status(self._world, _bid(battle))

    def mark_sheets_sent(
        self, battle: BattleRecord | str, host: str | None = None
    ) -> CampaignChanges:
        """Umpire: the set-up sheets went to both players; `host` builds it in CM."""
        return self.apply(A.MarkSheetsSent(battle=_bid(battle), host=host))

    def mark_fought(self, battle: BattleRecord | str) -> CampaignChanges:
        return self.apply(A.MarkFought(battle=_bid(battle)))

    def participants(self, battle: BattleRecord | str) -> list[str]:
        """Every combat unit in the battle: both sides' formations and assigned support."""
        w = self._world
        return results.participants(w, w.battle_record(_bid(battle)))

    def eliminations(
        self,
        battle: BattleRecord | str,
        outcome: str,
        casualties: dict[str, int],
        abandoned: dict[str, int],
    ) -> list[str]:
        """The units the rules eliminate for a result as entered (before the umpire's
        overrides), for the result form."""
        w = self._world
        b = w.battle_record(_bid(battle))
        held_by = results.battlefield_holder(w, b, outcome)
        return [
            u
            for u in results.participants(w, b)
            if results.is_eliminated(w, u, casualties, abandoned, held_by)
        ]

    def casualty_limit(self, uid: str) -> int:
        """The most casualties (men, or vehicles/guns) a unit can take in one battle."""
        return results.casualty_limit(self._world, uid)

    def result_line_error(self, uid: str, casualties: object, abandoned: object = 0) -> str | None:
        """The refusal one result line would meet, or None: for the result form, as typed."""
        return results.result_line_error(self._world, uid, casualties, abandoned)

    def retreat_options(self, fid: str) -> list[Hex]:
        return results.retreat_options(self._world, fid)

    def retreat(self, fid: str, where: Hex) -> CampaignChanges:
        return self.apply(A.Retreat(fid=fid, where=pair(where)))

    def advance_options(self, battle: BattleRecord | str) -> list[str]:
        return results.advance_options(self._world, self._world.battle_record(_bid(battle)))

    def advance(self, fid: str, where: Hex) -> CampaignChanges:
        return self.apply(A.Advance(fid=fid, where=pair(where)))

    def pursuit(
        self, battle: BattleRecord | str, roll: int | None = None, division: str | None = None
    ) -> bool:
        """Try a pursuit after a won battle; `roll` is the umpire's own die, else the dice roll."""
        return self.apply(A.Pursuit(battle=_bid(battle), division=division, roll=roll)).value

    def pursuit_candidates(self, battle: BattleRecord | str) -> list[str]:
        return results.pursuit_candidates(self._world, self._world.battle_record(_bid(battle)))

    # --- the umpire's corrections -------------------------------------------------------

    def adjust_pp(self, side: str, amount: int, reason: str) -> CampaignChanges:
        """Umpire: add (or with a negative amount remove) PP this turn; logged with the reason."""
        return self.apply(A.AdjustPP(side=side, amount=amount, reason=reason))

    def amend_result(
        self,
        battle: BattleRecord | str,
        outcome: str,
        level: str | None = None,
        casualties: dict[str, int] | None = None,
        abandoned: dict[str, int] | None = None,
        reason: str = "",
    ) -> Result:
        """Umpire: replace a committed result. The campaign is replayed with it: its
        eliminations, retreat, advance and pursuit follow from the new result, later
        actions are re-applied, or the amendment is refused naming the one that no
        longer fits. Undo takes it back like any action."""
        action = A.AmendResult(
            battle=_bid(battle),
            outcome=outcome,
            level=level,
            casualties=dict(casualties or {}),
            abandoned=dict(abandoned or {}),
            reason=reason,
        )
        return self.apply(action).value

    def restore_unit(self, uid: str, fid: str, reason: str = "") -> CampaignChanges:
        """Umpire: bring an eliminated unit back into a formation (or "army_hq")."""
        return self.apply(A.RestoreUnit(uid=uid, fid=fid, reason=reason))

    def umpire_move(self, fid: str, where: Hex, reason: str = "") -> CampaignChanges:
        """Umpire: put a formation in a hex (stacking and the map still hold)."""
        return self.apply(A.UmpireMove(fid=fid, where=pair(where), reason=reason))

    def set_strength(self, uid: str, strength: int | None, reason: str = "") -> CampaignChanges:
        """Umpire: a unit's men or vehicles/guns now (None: full strength again)."""
        return self.apply(A.SetStrength(uid=uid, strength=strength, reason=reason))

    def set_experience(self, fid: str, level: str, reason: str = "") -> CampaignChanges:
        return self.apply(A.SetExperience(fid=fid, level=level, reason=reason))

    def rename(self, fid: str, name: str) -> CampaignChanges:
        return self.apply(A.Rename(fid=fid, name=name))

    # --- formations, units, what each side may know -------------------------------------

    def formation(self, fid: str) -> FormationView:
        return views.formation_view(self._world, fid)

    def formations(self, side: str | None = None) -> list[FormationView]:
        return [
            self.formation(f.id) for f in self.state.formations.values() if side in (None, f.side)
        ]

    def composition(self, fid: str) -> str:
        return self.formation(fid).composition

    def known_in_full(self, fid: str) -> bool:
        """Whether everything of the formation is known here: always at the umpire's
        desk; a player's desk knows only its own side's in full."""
        return fid in self._world.state.formations

    def formation_summary(self, fid: str) -> str:
        """What the desk knows of a formation, in one phrase: its composition, experience
        and whether it is dug in ("infantry 2/3, armour 1/3, total 3/6; regular, dug in")."""
        f = self.formation(fid)
        state = "fortified" if f.fortified else ("dug in" if f.dug_in else "not dug in")
        return f"{f.composition}; {f.experience}, {state}"

    def dig_in_status(self, fid: str) -> DigInStatus:
        return views.dig_in_status(self._world, fid)

    def unit(self, uid: str) -> UnitView:
        return views.unit_view(self._world, self._world.unit_record(uid))

    def units(self, side: str | None = None) -> list[UnitView]:
        return [
            views.unit_view(self._world, u)
            for u in views.ordered_units(self._world)
            if side in (None, u.side)
        ]

    def unit_history(self, uid: str) -> history.UnitHistory:
        """Battles fought, casualties taken, and where it was eliminated, for the OOB dock."""
        return history.unit_history(self._world, uid)

    def known_formations(self, side: str) -> list[FormationView]:
        """What `side` may know of the map: its own formations, and the enemy's next to
        them (fog of war)."""
        return [self.formation(fid) for fid in history.known_formation_ids(self._world, side)]

    def side_log(self, side: str, turn_number: int | None = None) -> list[str]:
        """The log lines `side` may read (its own turn, what touched it, corrections)."""
        return history.side_log(self._world, side, turn_number)

    def turn_report(
        self, side: str, turn_number: int | None = None, notes: list[str] | None = None
    ) -> str:
        """`side`'s turn report in Markdown, showing only what that side may know."""
        return turn_report.turn_report(self._world, side, turn_number, notes)

    def battle_picture(self, battle: BattleRecord | str) -> str:
        """The battle area as SVG text: the defender's hex and its neighbours."""
        return battle_sheet.area_svg(self._world.battle_record(_bid(battle)).sheet)


def _bid(battle: BattleRecord | str) -> str:
    return battle if isinstance(battle, str) else battle.id


def _corps_of(w: World, fids: Iterable[str]) -> set[str]:
    """The corps HQs commanding these formations."""
    return {c for c in (w.formation_record(f).corps for f in fids) if c is not None}


def _nearer_capital(
    hexmap: HexMap, sides: tuple[str, str], capitals: dict[str, Hex]
) -> dict[str, str]:
    """Each place to the side whose capital is nearer; a tie leaves it unheld."""
    holdings: dict[str, str] = {}
    for place in hexmap.places():
        a, b = (place.hex.distance(capitals[s]) for s in sides)
        if a != b:
            holdings[place.name] = sides[0] if a < b else sides[1]
    return holdings
