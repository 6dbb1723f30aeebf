"""The Kasserine Pass rule tables, read from resources/kasserine/ and validated by pydantic.

Every number the rules use (terrain costs, the CRT, the breakdown chart, stacking limits,
victory levels) lives in these files so a house rule changes data, not code.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr, model_validator

from hexcampaign.paths import resources_path

RESULTS = (
    "A ELIM",
    "A BACK 1",
    "A BACK 2",
    "A BACK 3",
    "A BACK 4",
    "CONTACT",
    "ENGAGED",
    "EXCHANGE",
    "D BACK 1",
    "D BACK 2",
    "D BACK 3",
    "D BACK 4",
    "D ELIM",
)
ALL_ODDS = ("1:6", "1:5", "1:4", "1:3", "1:2", "1:1") + tuple(f"{n}:1" for n in range(2, 9)) + (
    ">8:1",
)


class CrtTable(BaseModel):
    format: Literal["hexcampaign-kasserine-crt"]
    version: int
    source: str = ""
    columns: list[str]
    automatic: dict[str, str]
    rows: dict[int, list[str]]
    high_rolls: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _complete(self) -> CrtTable:
        if sorted(self.rows) != [2, 3, 4, 5, 6]:
            raise ValueError("the printed CRT has rows for dice 2 to 6 exactly")
        for roll, row in self.rows.items():
            if len(row) != len(self.columns):
                raise ValueError(f"row {roll} has {len(row)} results for {len(self.columns)} columns")
            for word in row:
                if word not in RESULTS:
                    raise ValueError(f"row {roll}: {word!r} is not a result of the rulebook")
        for column in [*self.columns, *self.automatic]:
            if column not in ALL_ODDS:
                raise ValueError(f"{column!r} is not an odds column")
        return self


class UnitShape(BaseModel):
    kind: str
    size: str
    cf: int
    mf: int


class BreakdownInto(UnitShape):
    count: int = Field(ge=2)


class BreakdownEntry(UnitShape):
    key: str
    into: BreakdownInto


class BreakdownTable(BaseModel):
    format: Literal["hexcampaign-kasserine-breakdown"]
    version: int
    source: str = ""
    entries: list[BreakdownEntry]

    _found: dict[tuple, BreakdownEntry | None] = PrivateAttr(default_factory=dict)

    def find(self, key: str | None, kind: str, size: str, cf: int, mf: int) -> BreakdownEntry | None:
        """The entry for a unit: by its key when the order of battle names one, else by shape."""
        # Asked for every German unit each time the legal actions are listed; the table
        # is read-only once loaded, so each question is answered once.
        # The private dict read straight from its slot: `self._found` goes through
        # pydantic's __getattr__, which cost more than the question.
        found: dict[tuple, BreakdownEntry | None] = self.__pydantic_private__["_found"]  # type: ignore[index]
        question = (key, kind, size, cf, mf)
        if question not in found:
            found[question] = self._search(key, kind, size, cf, mf)
        return found[question]

    def _search(self, key: str | None, kind: str, size: str, cf: int, mf: int) -> BreakdownEntry | None:
        for entry in self.entries:
            if key is not None and entry.key == key:
                return entry
        for entry in self.entries:
            if (entry.kind, entry.size, entry.cf, entry.mf) == (kind, size, cf, mf):
                return entry
        return None


class TerrainRule(BaseModel):
    move_cost: int = Field(gt=0)
    height: int = Field(ge=0)


class Stacking(BaseModel):
    max_units: int
    max_strength: int
    strength: dict[str, int]
    alone_sizes: list[str]
    free_kinds: list[str]


class VictoryLevel(BaseModel):
    min: int
    max: int
    name: str


class RulesTable(BaseModel):
    format: Literal["hexcampaign-kasserine-rules"]
    version: int
    first_day: str
    turns: int
    terrain: dict[str, TerrainRule]
    rugged_crest_from_rugged_crest: int
    river_move_cost: int
    road_move_cost: int
    ranger_hex_cost: int
    defense_multiplier: dict[str, int]
    combat_cost: dict[str, int]
    combat_cost_free_kinds: list[str]
    zoc_passage_cost: int
    break_off_cost: int
    bridge_destroy_cost: int
    bridge_rebuild_cost: int
    lone_artillery_defense: int
    stacking: Stacking
    support_kinds: list[str]
    break_off_kinds: list[str]
    american_infantry_zoc_passers: list[str]
    air_power_from_turn: int
    italian_zone_columns: int
    victory_levels: list[VictoryLevel]


@cache
def crt_table() -> CrtTable:
    return CrtTable.model_validate(_read("crt.json"))


@cache
def breakdown_table() -> BreakdownTable:
    return BreakdownTable.model_validate(_read("breakdown.json"))


@cache
def rules_table() -> RulesTable:
    return RulesTable.model_validate(_read("rules.json"))


def _read(name: str) -> dict:
    with open(resources_path(f"kasserine/{name}"), encoding="utf-8") as f:
        return json.load(f)
