"""Terrain palettes: the terrain types a map knows, with colours, symbols and rule numbers.

The shipped palettes are data files in resources/palettes/ (the two rulesets' and a
general one for operational WWII games), checked here as they load; a user's palette is
a `Palette` built in code or read from a palette file (`read_palette_file`), and a map
carries its own palette inside its file. The rulesets read the numbers (movement cost,
height); the canvas reads the colours and symbols.

The check is written out by hand rather than done by pydantic: every map needs its
palette, and importing pydantic would cost the start-up some 70 ms. It holds to the
file model in maps/schema.py (PaletteFile), which documents the format; the tests
load every shipped palette both ways and compare.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path
from typing import Literal, NamedTuple, get_args

from hexcampaign.files import FileFormatError, atomic_write_text, read_json
from hexcampaign.paths import resources_path

PlaceKind = Literal["city", "town", "village", "capital"]
PLACE_KINDS: tuple[PlaceKind, ...] = get_args(PlaceKind)
# The patterns a terrain may be drawn with, as on a printed map ("" is flat colour).
Symbol = Literal["", "trees", "hills", "mountain", "rough", "marsh", "sand", "urban", "water"]
SYMBOLS: tuple[Symbol, ...] = get_args(Symbol)
PALETTE_SUFFIX = ".hexpalette"
PALETTE_FORMAT = "hexcampaign-palette"
PALETTE_VERSION = 1  # the newest palette file version this program reads


# NamedTuples, as Hex is: no module a window's first paint needs imports dataclasses
# (the module and each frozen class it makes cost ~11 M and ~4 M instructions). A
# palette's rules are never changed in place (a palette is replaced whole), so the
# empty default may be shared.
class TerrainType(NamedTuple):
    name: str
    code: str
    label: str
    colour: str
    rules: dict[str, float] = {}  # (shared: see above)
    note: str = ""
    symbol: str = ""  # one of SYMBOLS


class Palette(NamedTuple):
    name: str
    title: str
    ruleset: str
    default: str
    place_kinds: tuple[str, ...]
    terrains_list: tuple[TerrainType, ...]
    river_places_allowed: bool = True
    rules: dict[str, float] = {}  # (shared: see TerrainType)
    river_colour: str = "#3f7fc1"
    road_colour: str = "#b0302a"
    # Rivers run along hexsides (as many published wargames draw them), not through hexes.
    river_hexsides: bool = False
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

    def is_shipped(self) -> bool:
        """This is exactly the shipped palette of its name (a file may name it)."""
        return self.name in palette_names() and load_palette(self.name) == self

    def to_data(self) -> dict:
        """The palette as a palette file's JSON object (palette_from_data reads it)."""
        data: dict = {"format": self.format, "version": self.version, "name": self.name, "title": self.title,
                      "ruleset": self.ruleset, "default": self.default, "place_kinds": list(self.place_kinds),
                      "river_places_allowed": self.river_places_allowed, "rules": dict(self.rules),
                      "terrains": [], "river_colour": self.river_colour, "road_colour": self.road_colour}
        if self.river_hexsides:  # written only when asked, so other palettes read as before
            data["river_hexsides"] = True
        for t in self.terrains_list:
            terrain = {"name": t.name, "code": t.code, "label": t.label, "colour": t.colour, "rules": dict(t.rules)}
            if t.note:
                terrain["note"] = t.note
            if t.symbol:
                terrain["symbol"] = t.symbol
            data["terrains"].append(terrain)
        return data


def check_palette(palette: Palette) -> Palette:
    """A palette built in code, checked as a palette file is (PaletteError names the
    first fault); the same palette back, with rule numbers as floats."""
    return palette_from_data(palette.to_data())


def save_palette_file(palette: Palette, path: Path | str) -> None:
    """Export a palette as a file another map can import (atomic, with a .bak)."""
    text = json.dumps(check_palette(palette).to_data(), ensure_ascii=False, indent=1)
    atomic_write_text(path, text + "\n")


def read_palette_file(path: Path | str) -> Palette:
    """Import a palette file; PaletteError with a sentence naming the file and the fault."""
    name = Path(path).name
    try:
        data = read_json(path, "terrain palette")
    except FileFormatError as e:
        raise PaletteError(str(e)) from None
    # The format and version first, each with a sentence of its own (as the map reader
    # words them): a newer palette is not damaged, and another file is no palette.
    if isinstance(data, dict):
        fmt, version = data.get("format", PALETTE_FORMAT), data.get("version", 1)
        if fmt != PALETTE_FORMAT:
            what = f"a {fmt[:40]} file" if isinstance(fmt, str) else "no palette file"
            raise PaletteError(f"{name} is {what}, not a hexcampaign terrain palette.")
        if type(version) is int and version > PALETTE_VERSION:
            raise PaletteError(
                f"{name} was written by a newer hexcampaign (version {str(version)[:12]}; this program "
                f"reads up to {PALETTE_VERSION}); update hexcampaign to open it."
            )
    try:
        return palette_from_data(data)
    except PaletteError as e:
        raise PaletteError(f"{name} is not a usable terrain palette: {e}.") from None


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
    if fields.get("format", PALETTE_FORMAT) != PALETTE_FORMAT:
        raise PaletteError(f"it is a {str(fields['format'])[:40]} file, not a {PALETTE_FORMAT} file")
    if not 1 <= version <= PALETTE_VERSION:
        raise PaletteError(f"its version {str(version)[:12]} is not one this program reads (1 to {PALETTE_VERSION})")
    for flag in ("river_places_allowed", "river_hexsides"):
        if type(fields.get(flag, flag == "river_places_allowed")) is not bool:
            raise PaletteError(f"{flag} is not true or false")
    kinds = fields["place_kinds"]
    if not isinstance(kinds, list) or any(kind not in PLACE_KINDS for kind in kinds):
        raise PaletteError(f"place_kinds must be a list of {', '.join(PLACE_KINDS)}")
    if not 1 <= len(fields["name"]) <= MAX_NAME or len(fields["title"]) > 200:
        raise PaletteError(f"its name must have 1 to {MAX_NAME} characters and its title at most 200")
    terrains = fields["terrains"]
    if not isinstance(terrains, list) or not 1 <= len(terrains) <= MAX_TERRAINS:
        raise PaletteError(f"terrains must be a list of 1 to {MAX_TERRAINS} terrain types")
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
                           "river_places_allowed", "rules", "terrains", "river_colour", "road_colour",
                           "river_hexsides"})
_TERRAIN_KEYS = frozenset({"name", "code", "label", "colour", "rules", "note", "symbol"})
MAX_NAME = 40  # characters in a palette, terrain or rule name
MAX_TERRAINS = 64
_TERRAIN_NAME = re.compile(r"[a-z][a-z0-9_]*")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _terrain(data: object) -> TerrainType:
    fields = _fields(data, "a terrain", _TERRAIN_KEYS, required=("name", "code", "label", "colour"))
    name, code = _text(fields["name"], "a terrain name"), _text(fields["code"], "a terrain code")
    if not _TERRAIN_NAME.fullmatch(name) or len(name) > MAX_NAME:
        raise PaletteError(f"terrain name {name[:MAX_NAME]!r} is not lower-case letters, digits and _ "
                           f"(at most {MAX_NAME})")
    if len(code) != 1:
        raise PaletteError(f"terrain code {code[:5]!r} is not one character")
    if not _COLOUR.fullmatch(_text(fields["colour"], "a terrain colour")):
        raise PaletteError(f"terrain {name} has a colour that is not #rrggbb")
    symbol = _text(fields.get("symbol", ""), "a terrain symbol")
    if symbol not in SYMBOLS:
        raise PaletteError(f"terrain {name} has the symbol {symbol[:20]!r}; the symbols are {', '.join(SYMBOLS[1:])}")
    label = _text(fields["label"], "a terrain label")
    if not 1 <= len(label) <= 40:
        raise PaletteError(f"terrain {name} needs a label of 1 to 40 characters")
    return TerrainType(
        name=name,
        code=code,
        label=label,
        colour=fields["colour"],
        rules=_numbers(fields.get("rules", {}), f"the rules of {name}"),
        note=_text(fields.get("note", ""), "a terrain note"),
        symbol=symbol,
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
    if len(value) > 100 or any(not 1 <= len(k) <= MAX_NAME for k in value):
        raise PaletteError(f"{what} must be at most 100 names of 1 to {MAX_NAME} characters")
    try:
        numbers = {k: float(v) for k, v in value.items()}
    except OverflowError:  # an integer of hundreds of digits
        numbers = {"": math.inf}
    if not all(map(math.isfinite, numbers.values())):
        raise PaletteError(f"{what} must be finite numbers")
    return numbers
