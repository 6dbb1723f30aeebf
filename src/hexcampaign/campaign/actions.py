"""The campaign's actions: small typed, frozen values appended to the action log.

Each is saved as a JSON object whose "act" names its kind, the very shape the log had
when actions were plain dicts, so every earlier save loads unchanged (`parse_action`
converts a dict read from a file). Hexes are [q, r] pairs.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, TypeAdapter

HexPair = tuple[int, int]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    # The side whose player ordered it, for an order imported from an orders file
    # (campaign/orders.py); saved only when set, so earlier saves stay byte for byte.
    ordered_by: str | None = None

    def get(self, key: str, default: Any = None) -> Any:
        """Read a field as the old dict actions were read (`a.get("act")`); kept for the
        desk and scripts written against the dict log."""
        return getattr(self, key, default)

    def __getitem__(self, key: str) -> Any:
        try:
            return getattr(self, key)
        except AttributeError:
            raise KeyError(key) from None

    def document(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude=None if self.ordered_by else {"ordered_by"})


# The type of every campaign action (each kind below is one), for annotations.
CampaignAction = _Action


class EndPhase(_Action):
    act: Literal["end_phase"] = "end_phase"


class Purchase(_Action):
    act: Literal["purchase"] = "purchase"
    side: str
    type_id: str


class PurchaseList(_Action):
    act: Literal["purchase_list"] = "purchase_list"
    side: str
    type_ids: list[str]


class Build(_Action):
    act: Literal["build"] = "build"
    side: str
    kind: str
    where: HexPair


class Deploy(_Action):
    act: Literal["deploy"] = "deploy"
    side: str
    kind: str
    where: HexPair
    type_ids: list[str] = Field(default_factory=list)
    corps: str | None = None
    experience: str | None = None
    dug_in: bool = False
    name: str | None = None


class Transfer(_Action):
    act: Literal["transfer"] = "transfer"
    uid: str
    fid: str


class Assign(_Action):
    act: Literal["assign"] = "assign"
    fid: str
    corps_id: str | None


class Move(_Action):
    act: Literal["move"] = "move"
    fid: str
    path: list[HexPair]


class DeclareAttack(_Action):
    act: Literal["declare_attack"] = "declare_attack"
    attackers: list[str]
    defender: str
    artillery: list[str] = Field(default_factory=list)
    air: list[str] = Field(default_factory=list)


class SupportDefense(_Action):
    act: Literal["support_defense"] = "support_defense"
    battle: str
    artillery: list[str] = Field(default_factory=list)
    air: list[str] = Field(default_factory=list)


class CancelAttack(_Action):
    act: Literal["cancel_attack"] = "cancel_attack"
    battle: str


class EnterResult(_Action):
    act: Literal["enter_result"] = "enter_result"
    battle: str
    outcome: str
    level: str | None = None
    casualties: dict[str, int] = Field(default_factory=dict)
    abandoned: dict[str, int] = Field(default_factory=dict)
    eliminate: list[str] = Field(default_factory=list)
    spare: list[str] = Field(default_factory=list)


class Retreat(_Action):
    act: Literal["retreat"] = "retreat"
    fid: str
    where: HexPair


class Advance(_Action):
    act: Literal["advance"] = "advance"
    fid: str
    where: HexPair


class Pursuit(_Action):
    act: Literal["pursuit"] = "pursuit"
    battle: str
    division: str | None = None
    roll: int | None = None  # None until rolled: the logged action always carries the face
    by_dice: bool = False


class AdjustPP(_Action):
    act: Literal["adjust_pp"] = "adjust_pp"
    side: str
    amount: int
    reason: str


class SetExperience(_Action):
    act: Literal["set_experience"] = "set_experience"
    fid: str
    level: str
    reason: str = ""


class Rename(_Action):
    act: Literal["rename"] = "rename"
    fid: str
    name: str


class AmendResult(_Action):
    act: Literal["amend_result"] = "amend_result"
    battle: str
    outcome: str
    level: str | None = None
    casualties: dict[str, int] = Field(default_factory=dict)
    abandoned: dict[str, int] = Field(default_factory=dict)
    reason: str


class RestoreUnit(_Action):
    act: Literal["restore_unit"] = "restore_unit"
    uid: str
    fid: str
    reason: str


class UmpireMove(_Action):
    act: Literal["umpire_move"] = "umpire_move"
    fid: str
    where: HexPair
    reason: str


class SetStrength(_Action):
    act: Literal["set_strength"] = "set_strength"
    uid: str
    strength: int | None  # men or vehicles/guns now; None: back to the chart's full strength
    reason: str


class SetWeather(_Action):
    act: Literal["set_weather"] = "set_weather"
    battle: str
    weather: str
    reason: str = ""


class MarkSheetsSent(_Action):
    """Battle administration: the set-up sheets have gone to both players; `host` is the
    side whose player builds the battle in CM and sends its result (None: the attacker)."""

    act: Literal["mark_sheets_sent"] = "mark_sheets_sent"
    battle: str
    host: str | None = None


class MarkFought(_Action):
    act: Literal["mark_fought"] = "mark_fought"
    battle: str


class AttachBattleFile(_Action):
    """A CM save or after-action report attached to a battle: what the file was and its
    hash; the bytes are copied beside the campaign first (battle_admin.store_file)."""

    act: Literal["attach_battle_file"] = "attach_battle_file"
    battle: str
    name: str
    sha256: str
    size: int
    kind: Literal["cm_save", "aar"] = "cm_save"


Action = Annotated[
    EndPhase
    | Purchase
    | PurchaseList
    | Build
    | Deploy
    | Transfer
    | Assign
    | Move
    | DeclareAttack
    | SupportDefense
    | CancelAttack
    | EnterResult
    | Retreat
    | Advance
    | Pursuit
    | AdjustPP
    | SetExperience
    | Rename
    | AmendResult
    | RestoreUnit
    | UmpireMove
    | SetStrength
    | SetWeather
    | MarkSheetsSent
    | MarkFought
    | AttachBattleFile,
    Field(discriminator="act"),
]


class ActionLog(RootModel[list[Action]]):
    """The action log of a save, as one model (for its JSON schema)."""


ACTION_LOG = TypeAdapter(list[Action])
ONE_ACTION = TypeAdapter(Action)
# Corrections the umpire makes outside the turn's rules; each names a reason.
CORRECTIONS = (AmendResult, RestoreUnit, UmpireMove, SetStrength, AdjustPP, SetExperience)
# Battle administration: the umpire's bookkeeping of who has what, allowed in any phase
# and after the campaign's end (an after-action report often comes later).
ADMIN = (MarkSheetsSent, MarkFought, AttachBattleFile)


def parse_action(data: Any) -> _Action:
    """A typed action from a saved dict (pydantic's ValidationError when it is none)."""
    if isinstance(data, _Action):
        return data
    return ONE_ACTION.validate_python(data)


def parse_log(data: Any) -> list[_Action]:
    return [*ACTION_LOG.validate_python(data)]


def action_kinds() -> frozenset[str]:
    return frozenset(cls.model_fields["act"].default for cls in _Action.__subclasses__())
