"""Colours, pen widths and fonts of the map drawing, in one place.

Terrain, river and road colours come from the map's palette (data in resources/); what
lives here is the cartography the palette does not say: ink, paper, hatching, text.
Widths are fractions of the hex size so the map looks the same at every zoom and in every
export; fonts likewise scale with the hex.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

PAPER = QColor("#f4efe1")  # the margin around the map in exports
CANVAS_BACKGROUND = QColor("#5a5f66")  # the desk around the map in the window
UNKNOWN_TERRAIN = QColor("#ff00ff")  # loud on purpose: a terrain the palette lacks

GRID = QColor(60, 50, 35, 150)
GRID_WIDTH = 0.035  # of the hex size
GRID_MIN_SCREEN_HEX = 7.0  # below this many pixels per hex the grid would be a grey smear

COORDINATE_TEXT = QColor(50, 40, 30, 200)
COORDINATE_FONT = 0.24  # font pixel size as a fraction of the hex size
COORDINATE_MIN_SCREEN_HEX = 26.0  # hex size in screen pixels before coordinates show

ELEVATION_HIGH = QColor(80, 45, 15)  # darkened per level above 0
ELEVATION_LOW = QColor(255, 255, 255)  # lightened per level below 0
ELEVATION_ALPHA_PER_LEVEL = 28
ELEVATION_ALPHA_MAX = 150

CONTOUR = QColor(110, 70, 30, 220)
CONTOUR_WIDTH = 0.07
CONTOUR_MIN_SCREEN_HEX = 8.0  # smaller hexes show their level by shading alone

RIVER_WASH_ALPHA = 120
RIVER_WASH_LIGHTER = 165  # percent
RIVER_WIDTH = 0.2
ROAD_WIDTH = 0.14
ROAD_CASING = 0.22
ROAD_CASING_COLOUR = QColor(40, 30, 20, 230)
BRIDGE_DECK = QColor("#d9d2c3")
BRIDGE_PARAPET = QColor(30, 25, 20)

CLIFF = QColor(45, 30, 20)
CLIFF_WIDTH = 0.09
CLIFF_TICKS = 5  # hatching ticks per cliff hexside, on the low side
CLIFF_TICK_LENGTH = 0.24

PLACE_FILL = {
    "capital": QColor("#b3261e"),
    "city": QColor("#3b3b3b"),
    "town": QColor("#4b4b4b"),
    "village": QColor("#5c5c5c"),
}
PLACE_OUTLINE = QColor(255, 255, 255)
PLACE_SIZE = {"capital": 0.34, "city": 0.32, "town": 0.26, "village": 0.19}
PLACE_NAME_FONT = 0.36
PLACE_POINTS_FONT = 0.27
PLACE_TEXT = QColor(20, 20, 20)
PLACE_TEXT_BACKGROUND = QColor(255, 255, 255, 190)
TEXT_MIN_SCREEN_PX = 5.0  # text smaller than this on screen is not drawn

LABEL_TEXT = QColor(25, 35, 80)
LABEL_FONT = 0.34

PREVIEW = QColor(255, 200, 0)
PREVIEW_FILL_ALPHA = 90
PREVIEW_WIDTH = 0.12

FONT_FAMILY = "DejaVu Sans"


def font(pixel_size: float, bold: bool = False, italic: bool = False) -> QFont:
    """A font of `pixel_size` scene units (fractional sizes kept: exports scale them)."""
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(1, round(pixel_size)))
    f.setBold(bold)
    f.setItalic(italic)
    return f
