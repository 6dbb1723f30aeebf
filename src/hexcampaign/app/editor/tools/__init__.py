"""The editor's tools, in palette order."""

from __future__ import annotations

from hexcampaign.app.editor.tools.base import (
    BrushSettings,
    PlaceValues,
    StrokeTool,
    Tool,
    ToolContext,
)
from hexcampaign.app.editor.tools.cliff import Cliff
from hexcampaign.app.editor.tools.elevation import Elevation
from hexcampaign.app.editor.tools.inspect import Inspect, describe_hex
from hexcampaign.app.editor.tools.label import LabelTool
from hexcampaign.app.editor.tools.place import PlaceTool
from hexcampaign.app.editor.tools.road import Road
from hexcampaign.app.editor.tools.select import SelectRegion
from hexcampaign.app.editor.tools.terrain import Eraser, Fill, TerrainBrush
from hexcampaign.app.editor.tools.water import Bridge, River

TOOL_CLASSES: tuple[type[Tool], ...] = (
    Inspect,
    SelectRegion,
    TerrainBrush,
    Fill,
    Elevation,
    River,
    Road,
    Bridge,
    Cliff,
    PlaceTool,
    LabelTool,
    Eraser,
)

__all__ = [
    "TOOL_CLASSES",
    "Bridge",
    "BrushSettings",
    "Cliff",
    "Elevation",
    "Eraser",
    "Fill",
    "Inspect",
    "LabelTool",
    "PlaceTool",
    "PlaceValues",
    "River",
    "Road",
    "SelectRegion",
    "StrokeTool",
    "TerrainBrush",
    "Tool",
    "ToolContext",
    "describe_hex",
]
