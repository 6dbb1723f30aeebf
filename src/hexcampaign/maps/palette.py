"""Terrain palettes: the terrain types a ruleset knows, with colours and rule numbers.

Palettes are data files in resources/palettes/, validated here. The rulesets read the
numbers (movement cost, height); the canvas reads the colours.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from hexcampaign.files import FileFormatError, read_json
from hexcampaign.paths import resources_path

PLACE_KINDS = ("city", "town", "village", "capital")


class TerrainType(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    code: str = Field(min_length=1, max_length=1)
    label: str
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    rules: dict[str, float] = Field(default_factory=dict)
    note: str = ""


class Palette(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = "hexcampaign-palette"
    version: int = 1
    name: str
    title: str
    ruleset: str
    default: str
    place_kinds: tuple[str, ...]
    river_places_allowed: bool = True
    rules: dict[str, float] = Field(default_factory=dict)
    terrains_list: tuple[TerrainType, ...] = Field(alias="terrains")
    river_colour: str = "#3f7fc1"
    road_colour: str = "#b0302a"

    @model_validator(mode="after")
    def _consistent(self) -> Palette:
        names = [t.name for t in self.terrains_list]
        codes = [t.code for t in self.terrains_list]
        if len(set(names)) != len(names) or len(set(codes)) != len(codes):
            raise ValueError("terrain names and codes must be unique")
        if self.default not in names:
            raise ValueError(f"default terrain {self.default!r} is not one of {names}")
        bad = [k for k in self.place_kinds if k not in PLACE_KINDS]
        if bad:
            raise ValueError(f"unknown place kinds {bad}")
        return self

    @property
    def terrains(self) -> dict[str, TerrainType]:
        return {t.name: t for t in self.terrains_list}

    def terrain_by_code(self, code: str) -> TerrainType | None:
        for t in self.terrains_list:
            if t.code == code:
                return t
        return None


def palette_names() -> list[str]:
    return sorted(p.stem for p in resources_path("palettes").glob("*.json"))


@cache
def load_palette(name: str) -> Palette:
    """The shipped palette `name` ("kasserine", "cm"); ValueError for an unknown one."""
    if name not in palette_names():
        raise ValueError(
            f"There is no terrain palette named {name!r}; choose one of {', '.join(palette_names())}."
        )
    path = resources_path(f"palettes/{name}.json")
    try:
        return Palette.model_validate(read_json(path, "terrain palette"))
    except (ValidationError, FileFormatError) as e:
        raise ValueError(f"The shipped palette {name} is damaged: {e}") from e
