"""The campaign's rule tables (limits, costs, allowances, battle types), loaded from
resources/campaign/ and validated, so an umpire's house rule is a data edit."""

from __future__ import annotations

from functools import cache
from typing import Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from hexcampaign.paths import resources_path

Group = Literal["infantry", "armour", "support", "artillery", "air"]
Category = Literal[
    "infantry",
    "tank",
    "stug",
    "light_tank",
    "sp_gun",
    "armoured_car",
    "at_gun",
    "aa_gun",
    "engineer",
    "mortar",
    "medium_artillery",
    "heavy_artillery",
    "heavy_mortar",
    "air",
]
CATEGORIES: tuple[str, ...] = get_args(Category)


class RuleTableError(ValueError):
    """A rule table under resources/campaign/ that does not validate."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Limits(_Strict):
    total: int = Field(ge=0)
    infantry: int = Field(ge=0)
    armour: int = Field(ge=0)
    artillery: int = Field(ge=0)


class CampaignRules(_Strict):
    format: Literal["hexcampaign-campaign-rules"]
    version: int
    source: str
    category_groups: dict[str, Group]
    limits: dict[Literal["division", "corps"], Limits]
    build_costs: dict[Literal["infantry", "mechanised", "corps"], int]
    movement_allowance: dict[Literal["infantry", "mechanised", "corps"], float]
    supply_range: int = Field(ge=0)
    artillery_range: int = Field(ge=0)
    experience_levels: list[str]
    pursuit_max_roll: dict[str, int]
    victory_levels: list[str]
    corps_hq_troops: list[str]
    fortify_turns: int = Field(ge=1)
    ammunition: dict[Literal["in_supply", "out_of_supply"], str]

    @model_validator(mode="after")
    def _every_category_grouped(self) -> CampaignRules:
        if set(self.category_groups) != set(CATEGORIES):
            raise ValueError(f"category_groups must name exactly the categories {CATEGORIES}")
        if set(self.pursuit_max_roll) - set(self.experience_levels):
            raise ValueError("pursuit_max_roll names an unknown experience level")
        return self

    def group(self, category: str) -> Group:
        return self.category_groups[category]


class BattleTypeRow(_Strict):
    battle_type: Literal["PROBE", "ATTACK", "ASSAULT", "MEETING ENGAGEMENT"]
    turns: int = Field(gt=0)
    always: dict[str, int | None]
    per_infantry_company: dict[str, int]
    per_spotter: dict[str, int]


class BattleTypes(_Strict):
    format: Literal["hexcampaign-battle-types"]
    version: int
    source: str
    types: dict[Literal["not_dug_in", "dug_in", "fortified", "pursuit"], BattleTypeRow]
    setup_edges: dict[Literal["N", "NE", "SE", "S", "SW", "NW"], str]
    setup_edges_note: str


class MapSize(_Strict):
    up_to_units: int = Field(ge=1)
    width_m: int = Field(ge=100, le=10_000)
    depth_m: int = Field(ge=100, le=10_000)


BattleTypeName = Literal["PROBE", "ATTACK", "ASSAULT", "MEETING ENGAGEMENT"]


class BattleConditions(_Strict):
    """Date, weather and map size for a battle sheet: not in the draft; data so an
    umpire can change them."""

    format: Literal["hexcampaign-battle-conditions"]
    version: int
    source: str
    weather: dict[str, int]  # weather -> weight of the roll
    time_of_day: dict[BattleTypeName, str]
    map_sizes: list[MapSize] = Field(min_length=1)
    depth_factor: dict[BattleTypeName, float]

    @model_validator(mode="after")
    def _sensible(self) -> BattleConditions:
        if (
            not self.weather
            or any(w < 0 for w in self.weather.values())
            or not any(self.weather.values())
        ):
            raise ValueError("weather needs at least one weather with a positive weight")
        if [m.up_to_units for m in self.map_sizes] != sorted(m.up_to_units for m in self.map_sizes):
            raise ValueError("map_sizes must grow with up_to_units")
        return self


@cache
def battle_conditions() -> BattleConditions:
    return _load(BattleConditions, "campaign/battle_conditions.json")


@cache
def campaign_rules() -> CampaignRules:
    return _load(CampaignRules, "campaign/rules.json")


@cache
def battle_types() -> BattleTypes:
    return _load(BattleTypes, "campaign/battle_types.json")


M = TypeVar("M", bound=BaseModel)


def _load(model: type[M], relative: str) -> M:
    path = resources_path(relative)
    try:
        return model.model_validate_json(path.read_bytes())
    except (OSError, ValidationError) as e:
        raise RuleTableError(f"The rule table {relative} cannot be read: {e}") from e
