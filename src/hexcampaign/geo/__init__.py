"""Maps from real geography (no Qt): GeoJSON read safely (GeoPackage and Shapefile too,
through pyogrio where it is installed), projected onto a hex grid, its polygons, lines
and points turned into terrain, roads, rivers, places and elevation.

    data = read_geography("region.geojson")      # or read_geojson; .gpkg / .shp with pyogrio
    settings = ImportSettings(hex_km=2, palette="cm").with_rules(["landuse=forest:forest"])
    hexmap, notes = import_geography(data, settings)   # OSM tags mapped unless osm_tags=False
"""

from hexcampaign.geo.geojson import (
    GeoData,
    GeoFormatError,
    InvalidOutlineError,
    parse_geojson,
    read_geojson,
)
from hexcampaign.geo.importer import (
    GeoImportError,
    ImportPlan,
    ImportSettings,
    import_geography,
    plan_import,
)
from hexcampaign.geo.mapping import OSM_TAGS, Rule, osm_rules, parse_rule, suggest_rules, survey
from hexcampaign.geo.vector import GEOGRAPHY_SUFFIXES, read_geography

__all__ = [
    "GEOGRAPHY_SUFFIXES",
    "OSM_TAGS",
    "GeoData",
    "GeoFormatError",
    "GeoImportError",
    "ImportPlan",
    "ImportSettings",
    "InvalidOutlineError",
    "Rule",
    "import_geography",
    "osm_rules",
    "parse_geojson",
    "parse_rule",
    "plan_import",
    "read_geography",
    "read_geojson",
    "suggest_rules",
    "survey",
]
