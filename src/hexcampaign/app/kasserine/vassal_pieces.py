"""The Kasserine Pass counters and the scenario's set-up for a VASSAL module of the
Kasserine map (`hexcampaign export-vassal --counters`): the counters as the game paints
them, handed to the board painter's export (app/render/interchange.py) as its pieces."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from hexcampaign.app.kasserine.counters import COUNTER_FRACTION, paint_counter
from hexcampaign.app.render.interchange import png_bytes, safe_name
from hexcampaign.exports import ExportError
from hexcampaign.exports.vassal import Piece
from hexcampaign.kasserine import Game
from hexcampaign.maps import HexMap


def kasserine_pieces(hexmap: HexMap, hex_size: float) -> list[Piece]:
    """The Kasserine Pass scenario's counters, painted as the game paints them, at the
    size they have on its map: the Allied units on the map at the start on their hexes,
    the German units (set up by their player in the entry zones) and the Allied
    reinforcements in the Counters window only. Refused unless `hexmap` has the
    Kasserine map's size and its start hexes."""
    game = Game.scenario(seed=1)
    scenario = game.map
    units = game.units()
    if (hexmap.cols, hexmap.rows, hexmap.orientation) != (scenario.cols, scenario.rows, scenario.orientation):
        raise ExportError(
            f"The Kasserine Pass counters need the Kasserine map ({scenario.cols}×{scenario.rows} "
            f"hexes), not a {hexmap.cols}×{hexmap.rows} map."
        )
    side = max(8, round(COUNTER_FRACTION * hex_size))
    pieces = []
    for unit in units:
        image = QImage(side, side, QImage.Format.Format_ARGB32)
        image.fill(QColor(0, 0, 0, 0))
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            paint_counter(painter, QRectF(0.5, 0.5, side - 1, side - 1), unit)
        finally:
            painter.end()
        if unit.side == "german":
            group = "German"
        else:
            group = "Allied" if unit.hex is not None else "Allied reinforcements"
        at = hexmap.offset(unit.hex) if unit.hex is not None else None
        pieces.append(Piece(unit.label or unit.name, f"counter-{safe_name(unit.id)}.png", png_bytes(image),
                            group, at))
    return pieces
