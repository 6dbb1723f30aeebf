"""The Campaign facade: one CM operational campaign, run by an umpire, headless.

Every change is a typed action (`actions.py`) applied through `play.apply`, which looks
its rule up in one table, appends it to the action log and returns what changed;
`replay()` rebuilds the campaign from its set-up and that log, reading die rolls from
the log instead of rolling again. The rules themselves live in the modules named for
them (movement, attacks, results, production, turn, corrections, ending).
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from hexcampaign.campaign import actions as A
from hexcampaign.campaign import (
    attacks,
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
from hexcampaign.campaign.names import check_name
from hexcampaign.campaign.options import Options
from hexcampaign.campaign.state import ARMY_HQ, BattleRecord, Result, Setup, pair, to_hex
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.unit_chart import UnitChart
from hexcampaign.campaign.views import DigInStatus, FormationView, UnitView
from hexcampaign.campaign.world import World
from hexcampaign.files import FileFormatError, atomic_write_text, read_json
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


class Campaign(World):
    """A campaign: the world its rules work on, and the umpire's and players' calls."""

    last_changes: CampaignChanges | None = None

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
        for name in sides:
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
        return play.begin(hexmap.copy(), setup, cls)  # type: ignore[return-value]

    def to_json(self) -> str:
        return saves.to_text(self)

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
        try:
            data = read_json(path, "campaign")
        except FileFormatError as e:
            raise CampaignFormatError(str(e)) from None
        return cls(*saves.from_data(data))

    def replay(self) -> Campaign:
        """The campaign rebuilt from its set-up and action log (die rolls read from the log)."""
        return play.replay(self.map.copy(), self.setup, self.actions, Campaign)  # type: ignore[return-value]

    def apply(self, action: Any) -> CampaignChanges:
        """Apply a typed action (or its saved dict); returns the log lines it wrote with
        flags of what changed. Every call below comes through here."""
        self.last_changes = play.apply(self, action)
        return self.last_changes

    def can_undo(self) -> bool:
        return bool(self.actions) and not play.locks(self.actions[-1])

    def undo(self) -> CampaignChanges:
        """Take back the last action (a replay of all the others). A die roll locks the
        game at that point: it cannot be taken back."""
        if not self.actions:
            raise IllegalAction("Undo: there is nothing to undo", "Undo")
        if play.locks(self.actions[-1]):
            raise IllegalAction(
                "Undo: the pursuit die has been rolled, and a roll cannot be taken back", "Undo"
            )
        before = play.replay(self.map, self.setup, self.actions[:-1])
        self.state, self.actions = before.state, before.actions
        self.position_changed()
        self.last_changes = CampaignChanges.everything()  # type: ignore[assignment]
        return self.last_changes  # type: ignore[return-value]

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
        return ending.outcome(self)

    def date(self, turn_number: int | None = None) -> str:
        """The date of a turn ("6 June 1944"), by the campaign calendar."""
        return calendar.date_text(calendar.turn_date(self.options, turn_number or self.turn))

    def end_phase(self) -> CampaignChanges:
        return self.apply(A.EndPhase())

    def pending(self) -> list[turn.OpenItem]:
        """Decisions awaited now (results, retreats, advances, pursuits, joins)."""
        return [i for i in turn.open_items(self) if i.kind != "info"]

    def legal_actions(self) -> list[legal.LegalAction]:
        """What may be done now, each kind with its legal choices (menus, random play)."""
        return legal.legal_actions(self)

    def open_items(self) -> list[turn.OpenItem]:
        """Everything the phase awaits; the blocking ones are what end_phase refuses with."""
        return turn.open_items(self)

    # --- production and reinforcement ---------------------------------------------------

    def production_points(self, side: str) -> int:
        return production.production_points(self, side)

    def pp_available(self, side: str) -> int:
        return self.state.pp[side]

    def victory_points(self, side: str) -> int:
        """VP of the places `side` holds now."""
        return ending.victory_points(self, side)

    def holder(self, place_name: str) -> str | None:
        return self.state.holdings.get(place_name)

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
            views.unit_view(self, u)
            for u in views.ordered_units(self)
            if u.side == side and u.where == ARMY_HQ
        ]

    # --- movement -----------------------------------------------------------------------

    def reachable(self, fid: str) -> dict[Hex, float]:
        return movement.reachable(self, fid)

    def path_to(self, fid: str, goal: Hex) -> list[Hex]:
        """The cheapest legal path for a move to `goal`, start excluded ([] if out of reach)."""
        return movement.path(self, fid, goal)

    def move(self, fid: str, path: list[Hex]) -> CampaignChanges:
        return self.apply(A.Move(fid=fid, path=[pair(h) for h in path]))

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
        return self.battle_record(_bid(battle))

    def battles(self) -> list[BattleRecord]:
        return list(self.state.battles.values())

    def battle_sheet(
        self, battle: BattleRecord | str, side: str | None = None
    ) -> battle_sheet.BattleSheet:
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

    def casualty_limit(self, uid: str) -> int:
        """The most casualties (men, or vehicles/guns) a unit can take in one battle."""
        return results.casualty_limit(self, uid)

    def result_line_error(self, uid: str, casualties: object, abandoned: object = 0) -> str | None:
        """The refusal one result line would meet, or None: for the result form, as typed."""
        return results.result_line_error(self, uid, casualties, abandoned)

    def retreat_options(self, fid: str) -> list[Hex]:
        return results.retreat_options(self, fid)

    def retreat(self, fid: str, where: Hex) -> CampaignChanges:
        return self.apply(A.Retreat(fid=fid, where=pair(where)))

    def advance_options(self, battle: BattleRecord | str) -> list[str]:
        return results.advance_options(self, self.battle_record(_bid(battle)))

    def advance(self, fid: str, where: Hex) -> CampaignChanges:
        return self.apply(A.Advance(fid=fid, where=pair(where)))

    def pursuit(
        self, battle: BattleRecord | str, roll: int | None = None, division: str | None = None
    ) -> bool:
        """Try a pursuit after a won battle; `roll` is the umpire's own die, else the dice roll."""
        return self.apply(A.Pursuit(battle=_bid(battle), division=division, roll=roll)).value

    def pursuit_candidates(self, battle: BattleRecord | str) -> list[str]:
        return results.pursuit_candidates(self, self.battle_record(_bid(battle)))

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
        return views.formation_view(self, fid)

    def formations(self, side: str | None = None) -> list[FormationView]:
        return [
            self.formation(f.id) for f in self.state.formations.values() if side in (None, f.side)
        ]

    def composition(self, fid: str) -> str:
        return self.formation(fid).composition

    def dig_in_status(self, fid: str) -> DigInStatus:
        return views.dig_in_status(self, fid)

    def unit(self, uid: str) -> UnitView:
        return views.unit_view(self, self.unit_record(uid))

    def units(self, side: str | None = None) -> list[UnitView]:
        return [
            views.unit_view(self, u) for u in views.ordered_units(self) if side in (None, u.side)
        ]

    def unit_history(self, uid: str) -> history.UnitHistory:
        """Battles fought, casualties taken, and where it was eliminated, for the OOB dock."""
        return history.unit_history(self, uid)

    def known_formations(self, side: str) -> list[FormationView]:
        """What `side` may know of the map: its own formations, and the enemy's next to
        them (fog of war)."""
        return [self.formation(fid) for fid in history.known_formation_ids(self, side)]

    def side_log(self, side: str, turn_number: int | None = None) -> list[str]:
        """The log lines `side` may read (its own turn, what touched it, corrections)."""
        return history.side_log(self, side, turn_number)

    def turn_report(
        self, side: str, turn_number: int | None = None, notes: list[str] | None = None
    ) -> str:
        """`side`'s turn report in Markdown, showing only what that side may know."""
        return turn_report.turn_report(self, side, turn_number, notes)

    def battle_picture(self, battle: BattleRecord | str) -> str:
        """The battle area as SVG text: the defender's hex and its neighbours."""
        return battle_sheet.area_svg(self.battle_record(_bid(battle)).sheet)


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
