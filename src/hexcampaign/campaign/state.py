"""Everything a campaign save holds, as pydantic models (hexes stored as [q, r])."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from hexcampaign.campaign.options import Options
from hexcampaign.campaign.sheet_form import BattleSheet
from hexcampaign.campaign.unit_chart import UnitChart
from hexcampaign.hexes import Hex

HexPair = tuple[int, int]
ARMY_HQ = "army_hq"
ELIMINATED = "eliminated"


def pair(h: Hex) -> HexPair:
    return (h.q, h.r)


def to_hex(p: HexPair) -> Hex:
    return Hex(p[0], p[1])


FormationKind = Literal["infantry", "mechanised", "corps"]
FORMATION_KINDS: tuple[FormationKind, ...] = ("infantry", "mechanised", "corps")


def formation_kind(kind: str) -> FormationKind | None:
    """`kind` as a formation kind, or None when it is none."""
    return next((k for k in FORMATION_KINDS if k == kind), None)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class UnitRecord(_Model):
    id: str
    side: str
    type_id: str
    where: str  # ARMY_HQ, a formation id, or ELIMINATED
    bought_turn: int
    # Men (infantry) or vehicles/guns (the rest) when the umpire has set it below the
    # chart's full strength; None: full strength.
    strength: int | None = None


class FormationRecord(_Model):
    id: str
    name: str
    side: str
    kind: FormationKind
    hex: HexPair
    corps: str | None = None  # parent corps HQ of a division
    experience: str = "regular"
    dug_in: bool = False
    fortified: bool = False
    fortify_turns: int = 0
    built_side_turn: int = 0
    moved_this_turn: bool = True  # a new formation has not stayed put for a whole turn
    moved_in_movement: bool = False
    attacked_this_turn: bool = False
    attacked_by_enemy: bool = False  # since its own last turn end: delays fortifying
    reinforced_side_turn: int | None = None
    wins: int = 0  # battles won since its last promotion (experience progression option)


class Result(_Model):
    outcome: Literal["DRAW", "ATTACKER DEFEAT", "DEFENDER DEFEAT"]
    level: str | None
    casualties: dict[str, int] = Field(default_factory=dict)
    abandoned: dict[str, int] = Field(default_factory=dict)
    eliminated: list[str] = Field(default_factory=list)
    overridden: list[str] = Field(default_factory=list)  # plain-English override notes


BattleFileKind = Literal["cm_save", "aar"]


class BattleFile(_Model):
    """A file attached to a battle: its CM save or after-action report. The bytes are
    kept beside the campaign's file (battle_admin.py, docs/file-formats.md), not in it:
    a CM save is often larger than a whole campaign file may be. The hash tells the
    file found there is the one attached."""

    name: str  # the file's own name when it was attached
    sha256: str
    size: int  # bytes
    kind: BattleFileKind = "cm_save"
    turn: int = 1  # the campaign turn it was attached in


class BattleRecord(_Model):
    id: str
    kind: Literal["battle", "pursuit"]
    side_turn: int
    turn: int
    attacker_side: str
    defender_side: str
    attackers: list[str]
    defender: str
    defenders: list[str]
    defender_hex: HexPair
    artillery: list[str] = Field(default_factory=list)
    air: list[str] = Field(default_factory=list)
    defense_artillery: list[str] = Field(default_factory=list)
    defense_air: list[str] = Field(default_factory=list)
    sheet: BattleSheet
    result: Result | None = None
    retreats: dict[str, HexPair | Literal["pending", "eliminated"]] = Field(default_factory=dict)
    advanced: str | None = None
    pursuit_of: str | None = None  # for a pursuit battle: the battle it follows
    pursuit_roll: int | None = None  # for a battle: the pursuit die roll, once tried
    pursuit_battle: str | None = None
    weather: str = ""  # "" in saves made before weather was recorded
    weather_set_by: Literal["rolled", "umpire", ""] = ""
    # Battle administration (saves made before it have none: a battle then reads as
    # declared, or as result entered once it has its result).
    sheets_sent: bool = False
    host: str | None = None  # the side whose player builds it in CM and sends its result
    fought: bool = False
    files: list[BattleFile] = Field(default_factory=list)


class Ending(_Model):
    """How the campaign ended: the winner (None for a drawn campaign), the VP margin and
    the reason as a sentence."""

    winner: str | None
    margin: int
    reason: str
    turn: int


class UmpireNote(_Model):
    """An umpire's correction as each side's turn report words it: the side it touches
    reads it in full, the other only what fog of war lets it know (an enemy formation it
    cannot see is "a formation"). `line` is the log line the umpire reads in full."""

    turn: int
    line: int  # index in State.log
    by_side: dict[str, str]


class LogEvent(_Model):
    """Who may read one log line, decided by the rules when it is written (fog of war by
    construction: hexcampaign.campaign.fog reads these, never the line's words). `seen_by`
    lists the sides that may read it; `wording` gives a side its own wording of the line
    (the enemy reads a pursuit roll without the number that betrays experience)."""

    line: int  # index in State.log
    turn: int
    side: str  # the side to play when it was written
    phase: str
    seen_by: list[str]
    wording: dict[str, str] = Field(default_factory=dict)


class Setup(_Model):
    sides: tuple[str, str]
    capitals: dict[str, HexPair]
    charts: dict[str, UnitChart]
    # The dice seed (tests, reproducible games), or None: the dice roll from the
    # operating system's entropy and nothing in the file tells the next roll.
    seed: int | None
    options: Options
    holdings: dict[str, str]
    # What battle weather is drawn from with the battle's id when there is no seed
    # (campaigns with a seed draw it from the seed, as every earlier version did).
    weather_key: int | None = None


class State(_Model):
    turn: int = 1
    side_turn: int = 1  # counts every side's turn; "per turn" limits key on it
    side_index: int = 0
    phase: str = "reinforcement"
    pp: dict[str, int]
    holdings: dict[str, str]
    owners: dict[str, str] = Field(default_factory=dict)  # whose PP a place produces
    units: dict[str, UnitRecord] = Field(default_factory=dict)
    formations: dict[str, FormationRecord] = Field(default_factory=dict)
    destroyed: list[str] = Field(default_factory=list)
    battles: dict[str, BattleRecord] = Field(default_factory=dict)
    counters: dict[str, int] = Field(default_factory=dict)
    bought_this_turn: dict[str, int] = Field(default_factory=dict)
    orders_closed: bool = False  # the defender has begun assigning defensive support
    rolls: list[int] = Field(default_factory=list)  # every die face rolled, in order
    log: list[str] = Field(default_factory=list)
    # Saves made before corrections were worded per side have none: their reports show
    # the correction lines in the events, as they did.
    umpire_notes: list[UmpireNote] = Field(default_factory=list)
    # One per log line in saves made since events were recorded; a line without one (an
    # older save) is read by the old rule of history.visible_to.
    events: list[LogEvent] = Field(default_factory=list)
    ended: Ending | None = None
