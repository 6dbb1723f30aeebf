"""Terrain palettes: the terrain types a ruleset knows, with colours and rule numbers.

Palettes are data files in resources/palettes/, checked here as they load. The
rulesets read the numbers (movement cost, height); the canvas reads the colours.

The check is written out by hand rather than done by pydantic: every map needs its
palette, and importing pydantic would cost the start-up some 70 ms. It holds to the
file model in maps/schema.py (PaletteFile), which documents the format; the tests
load every shipped palette both ways and compare.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from hexcampaign.files import FileFormatError, read_json
from hexcampaign.paths import resources_path

PLACE_KINDS = ("city", "town", "village", "capital")


@dataclass(frozen=True)
class TerrainType:
    name: str
    code: str
    label: str
    colour: str
    rules: dict[str, float] = field(default_factory=dict)
    note: str = ""


@dataclass(frozen=True)
class Palette:
    name: str
    title: str
    ruleset: str
    default: str
    place_kinds: tuple[str, ...]
    terrains_list: tuple[TerrainType, ...]
    river_places_allowed: bool = True
    rules: dict[str, float] = field(default_factory=dict)
    river_colour: str = "#3f7fc1"
    road_colour: str = "#b0302a"
    format: str = "hexcampaign-palette"
    version: int = 1

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
        return palette_from_data(read_json(path, "terrain palette"))
    except (PaletteError, FileFormatError) as e:
        raise ValueError(f"The shipped palette {name} is damaged: {e}") from e


class PaletteError(ValueError):
    """What is wrong with a palette file, as a clause."""


def palette_from_data(data: object) -> Palette:
    """The palette a file's JSON describes; PaletteError names the first thing wrong."""
    fields = _fields(data, "the palette", _PALETTE_KEYS, required=("name", "title", "ruleset", "default",
                                                                    "place_kinds", "terrains"))
    for key in ("name", "title", "ruleset", "default", "format", "river_colour", "road_colour"):
        if key in fields:
            _text(fields[key], key)
    version = fields.get("version", 1)
    if type(version) is not int:
        raise PaletteError("its version is not a whole number")
    if type(fields.get("river_places_allowed", True)) is not bool:
        raise PaletteError("river_places_allowed is not true or false")
    kinds = fields["place_kinds"]
    if not isinstance(kinds, list) or any(kind not in PLACE_KINDS for kind in kinds):
        raise PaletteError(f"place_kinds must be a list of {', '.join(PLACE_KINDS)}")
    terrains = fields["terrains"]
    if not isinstance(terrains, list):
        raise PaletteError("terrains is not a list")
    terrains_list = tuple(_terrain(t) for t in terrains)
    names = [t.name for t in terrains_list]
    codes = [t.code for t in terrains_list]
    if len(set(names)) != len(names) or len(set(codes)) != len(codes):
        raise PaletteError("terrain names and codes must be unique")
    if fields["default"] not in names:
        raise PaletteError(f"default terrain {fields['default']!r} is not one of {names}")
    values = {k: v for k, v in fields.items() if k not in ("terrains", "place_kinds", "rules")}
    return Palette(
        **values,
        place_kinds=tuple(kinds),
        terrains_list=terrains_list,
        rules=_numbers(fields.get("rules", {}), "rules"),
    )


_PALETTE_KEYS = frozenset({"format", "version", "name", "title", "ruleset", "default", "place_kinds",
                           "river_places_allowed", "rules", "terrains", "river_colour", "road_colour"})
_TERRAIN_KEYS = frozenset({"name", "code", "label", "colour", "rules", "note"})
_TERRAIN_NAME = re.compile(r"[a-z][a-z0-9_]*")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _terrain(data: object) -> TerrainType:
    fields = _fields(data, "a terrain", _TERRAIN_KEYS, required=("name", "code", "label", "colour"))
    name, code = _text(fields["name"], "a terrain name"), _text(fields["code"], "a terrain code")
    if not _TERRAIN_NAME.fullmatch(name):
        raise PaletteError(f"terrain name {name!r} is not lower-case letters, digits and _")
    if len(code) != 1:
        raise PaletteError(f"terrain code {code!r} is not one character")
    if not _COLOUR.fullmatch(_text(fields["colour"], "a terrain colour")):
        raise PaletteError(f"terrain {name} has a colour that is not #rrggbb")
    return TerrainType(
        name=name,
        code=code,
        label=_text(fields["label"], "a terrain label"),
        colour=fields["colour"],
        rules=_numbers(fields.get("rules", {}), f"the rules of {name}"),
        note=_text(fields.get("note", ""), "a terrain note"),
    )


def _fields(data: object, what: str, allowed: frozenset[str], required: tuple[str, ...]) -> dict:
    if not isinstance(data, dict):
        raise PaletteError(f"{what} is not an object")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise PaletteError(f"{what} has an unknown field {unknown[0]!r}")
    missing = [key for key in required if key not in data]
    if missing:
        raise PaletteError(f"{what} has no {missing[0]!r}")
    return data


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise PaletteError(f"{what} is not text")
    return value


def _numbers(value: object, what: str) -> dict[str, float]:
    if not isinstance(value, dict) or any(type(v) not in (int, float) for v in value.values()):
        raise PaletteError(f"{what} must map names to numbers")
    return {k: float(v) for k, v in value.items()}
