"""The pydantic models of the map and palette files: the careful path of loading a map
(every refusal worded from the model's first error) and the JSON Schemas in docs/schemas.

Opening a well-formed map needs none of this: maps/fileformat.py and maps/palette.py
check those files by hand, holding to exactly what these models accept (the tests
compare the two on every kind of damage), because importing pydantic and building
these models costs some 90 ms of start-up.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    StrictStr,
    model_validator,
)

from hexcampaign.maps.lines import LINE_NAME_MAX, LineKind
from hexcampaign.maps.model import (
    MAX_HEX_KM,
    MAX_LABEL_EVERY,
    MAX_SIDE,
    NOTE_KEY_MAX,
    NOTE_PROPERTIES_MAX,
    NOTE_TEXT_MAX,
    NOTE_VALUE_MAX,
    LabelStyle,
)
from hexcampaign.maps.palette import PLACE_KINDS, PlaceKind, Symbol
from hexcampaign.maps.underlay import PATH_MAX, SCALE_MAX, SCALE_MIN

Coord = Annotated[StrictInt, Field(ge=0, le=MAX_SIDE)]
Points = Annotated[StrictInt, Field(ge=0, le=999)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=80)]
# JSON arrays arrive as lists; strict mode would refuse them as tuples.
Pair = Annotated[list[Coord], Field(min_length=2, max_length=2)]
Quad = Annotated[list[Coord], Field(min_length=4, max_length=4)]
Level = Annotated[list[Annotated[StrictInt, Field(ge=-99, le=MAX_SIDE)]], Field(min_length=3, max_length=3)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class GridModel(_Strict):
    cols: Annotated[StrictInt, Field(ge=1, le=MAX_SIDE)]
    rows: Annotated[StrictInt, Field(ge=1, le=MAX_SIDE)]
    orientation: Literal["flat", "pointy"] = "flat"
    label_style: LabelStyle = "CCRR"
    label_first: Annotated[StrictInt, Field(ge=0, le=1)] = 0
    label_every: Annotated[StrictInt, Field(ge=1, le=MAX_LABEL_EVERY)] = Field(
        default=1, description="Print the number of every N-th hex only (version 4; 1: every hex)."
    )
    hex_km: Annotated[StrictInt | StrictFloat, Field(gt=0, le=MAX_HEX_KM)] | None = Field(
        default=None, description="Version 6: kilometres from one hex centre to the next (the printed scale bar)."
    )


class PlaceModel(_Strict):
    name: Name
    kind: PlaceKind
    vp: Points = 0
    pp: Points = 0
    col: Coord
    row: Coord
    label: Literal["above", "below", "left", "right"] = "below"


class LabelModel(_Strict):
    col: Coord
    row: Coord
    text: Annotated[StrictStr, Field(min_length=1, max_length=200)]


class NoteModel(_Strict):
    """A hex's note (version 4): free text and named properties, both optional."""

    col: Coord
    row: Coord
    text: Annotated[StrictStr, Field(max_length=NOTE_TEXT_MAX)] = ""
    properties: Annotated[
        dict[Annotated[StrictStr, Field(min_length=1, max_length=NOTE_KEY_MAX)],
             Annotated[StrictStr, Field(max_length=NOTE_VALUE_MAX)]],
        Field(max_length=NOTE_PROPERTIES_MAX),
    ] = {}


class LineModel(_Strict):
    """A river or a road (version 5): its name and its hexes [col, row] in order, each
    next to the one before (a road has two or more); a river along hexsides (kind
    "hexside_river", where the palette has river_hexsides) lists "hexsides" instead:
    [col, row, col, row] of the two hexes of each side, in order, each touching the one
    before."""

    kind: LineKind
    name: Annotated[StrictStr, Field(min_length=1, max_length=LINE_NAME_MAX)]
    hexes: list[Pair] = []
    hexsides: list[Quad] = []

    @model_validator(mode="after")
    def _one_course(self) -> LineModel:
        if self.kind == "hexside_river":
            if not self.hexsides or self.hexes:
                raise ValueError("a river along hexsides lists its hexsides and no hexes")
        elif not self.hexes or self.hexsides:
            raise ValueError("a river or road lists its hexes and no hexsides")
        return self


class UnderlayModel(_Strict):
    """The scanned picture traced under the map (version 6; maps/underlay.py)."""

    path: Annotated[StrictStr, Field(min_length=1, max_length=PATH_MAX)] = Field(
        description="The picture's file, relative to the map's file ('/'-separated), or absolute."
    )
    transform: Annotated[list[StrictInt | StrictFloat], Field(min_length=6, max_length=6)] = Field(
        description="[a, b, c, d, e, f]: picture pixel (u, v) to map units x = a·u + b·v + c, "
        "y = d·u + e·v + f, where a map unit is the hex size (centre to corner) and (0, 0) the "
        "centre of axial hex (0, 0)."
    )
    opacity: Annotated[StrictInt | StrictFloat, Field(ge=0, le=1)] = 0.5

    @model_validator(mode="after")
    def _placeable(self) -> UnderlayModel:
        a, b, _c, d, e, _f = self.transform
        if not all(abs(v) != float("inf") and v == v for v in self.transform):
            raise ValueError("the underlay's transform must be six finite numbers")
        if not SCALE_MIN <= abs(a * e - b * d) ** 0.5 <= SCALE_MAX:
            raise ValueError(f"the underlay's scale must be from {SCALE_MIN:g} to {SCALE_MAX:g} map units a pixel")
        return self


class TerrainTypeFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", title="TerrainType")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    code: str = Field(min_length=1, max_length=1)
    label: str
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    rules: dict[str, float] = Field(default_factory=dict)
    note: str = ""
    symbol: Symbol = ""


class PaletteFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", title="Palette")

    format: Literal["hexcampaign-palette"] = "hexcampaign-palette"
    version: int = Field(default=1, ge=1, le=1)
    name: str
    title: str
    ruleset: str
    default: str
    place_kinds: tuple[str, ...]
    river_places_allowed: bool = True
    rules: dict[str, float] = Field(default_factory=dict)
    terrains_list: tuple[TerrainTypeFile, ...] = Field(alias="terrains")
    river_colour: str = "#3f7fc1"
    road_colour: str = "#b0302a"
    river_hexsides: bool = Field(default=False, description="Rivers run along hexsides, not through hexes.")

    @model_validator(mode="after")
    def _consistent(self) -> PaletteFile:
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


# The fields of every map version, in the order a refusal names the first bad one; each
# version narrows "version" (and version 2 "palette") to what it accepts.
class _MapFile(_Strict):
    format: Literal["hexcampaign-map"]
    version: StrictInt
    name: Annotated[StrictStr, Field(max_length=200)] = ""
    author: Annotated[StrictStr, Field(max_length=200)] = ""
    description: Annotated[StrictStr, Field(max_length=20000)] = ""
    grid: GridModel
    palette: StrictStr | PaletteFile
    terrain_codes: dict[Annotated[StrictStr, Field(min_length=1, max_length=1)], StrictStr]
    terrain: list[StrictStr]
    elevation: list[Level] = []  # col, row, level
    rivers: list[Pair] = Field(
        default=[],
        description="River hexes [col, row] in the order they were painted; the river line "
        "follows this order (a file listing them column by column draws as painted so).",
    )
    bridges: list[Pair] = []
    roads: list[Quad] = []
    cliffs: list[Quad] = []  # upper col,row then lower col,row
    places: list[PlaceModel] = []
    labels: list[LabelModel] = []
    notes: list[NoteModel] = []
    lines: list[LineModel] = Field(
        default=[],
        description="Version 5: each river and road, named, its hexes in the order drawn (version 5 "
        "writes no rivers or roads lists; a file of version 4 or before is split into lines on opening).",
    )
    underlay: UnderlayModel | None = Field(
        default=None, description="Version 6: the scanned picture shown under the map while tracing it."
    )


class MapFileV2(_MapFile):
    version: Literal[2]
    palette: StrictStr


class MapFileV3(_MapFile):
    """Version 3: as version 2, and "palette" may be the map's own palette."""

    version: Literal[3]


class MapFileV4(_MapFile):
    """Version 4: as version 3, with the optional "notes" and grid "label_every"."""

    version: Literal[4]


class MapFileV5(_MapFile):
    """Version 5: as version 4, with "lines" (each river and road named, in order)."""

    version: Literal[5]


class MapFileV6(_MapFile):
    """Version 6: as version 5, with the optional "underlay" and grid "hex_km"."""

    version: Literal[6]
