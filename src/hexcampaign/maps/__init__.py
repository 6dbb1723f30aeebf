"""The map document (no Qt): model, terrain palettes, file format, changes."""

from hexcampaign.maps.changes import Change, ChangeSet
from hexcampaign.maps.fileformat import MapFormatError, dumps_map, load_map, loads_map, save_map
from hexcampaign.maps.model import HexMap, MapEditError, MapLabel, Place
from hexcampaign.maps.palette import Palette, TerrainType, load_palette, palette_names

__all__ = [
    "Change",
    "ChangeSet",
    "HexMap",
    "MapEditError",
    "MapFormatError",
    "MapLabel",
    "Palette",
    "Place",
    "TerrainType",
    "dumps_map",
    "load_map",
    "load_palette",
    "loads_map",
    "palette_names",
    "save_map",
]
