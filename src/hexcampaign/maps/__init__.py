"""The map document (no Qt): model, terrain palettes, file format, changes."""

from hexcampaign.maps.changes import Change, ChangeSet
from hexcampaign.maps.fileformat import MapFormatError, dumps_map, load_map, loads_map, save_map
from hexcampaign.maps.model import HexMap, HexNote, MapEditError, MapLabel, Place
from hexcampaign.maps.palette import (
    SYMBOLS,
    Palette,
    PaletteError,
    TerrainType,
    load_palette,
    palette_names,
    read_palette_file,
    save_palette_file,
)

__all__ = [
    "Change",
    "ChangeSet",
    "HexMap",
    "HexNote",
    "MapEditError",
    "MapFormatError",
    "MapLabel",
    "Palette",
    "PaletteError",
    "Place",
    "SYMBOLS",
    "TerrainType",
    "dumps_map",
    "load_map",
    "load_palette",
    "loads_map",
    "palette_names",
    "read_palette_file",
    "save_map",
    "save_palette_file",
]
