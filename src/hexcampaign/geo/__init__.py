"""Maps from real geography (no Qt): GeoJSON read safely, projected onto a hex grid,
its polygons, lines and points turned into terrain, roads, rivers, places and elevation.

    data = read_geojson("region.geojson")
    settings = ImportSettings(hex_km=2, palette="cm").with_rules(["landuse=forest:forest"])
    hexmap, notes = import_geography(data, settings)
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
from hexcampaign.geo.mapping import Rule, parse_rule, suggest_rules, survey

__all__ = [
    "GeoData",
    "GeoFormatError",
    "GeoImportError",
    "ImportPlan",
    "ImportSettings",
    "InvalidOutlineError",
    "Rule",
    "import_geography",
    "parse_geojson",
    "parse_rule",
    "plan_import",
    "read_geojson",
    "suggest_rules",
    "survey",
]
