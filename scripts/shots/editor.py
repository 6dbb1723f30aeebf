"""The editor's pictures for the docs (scripts/screenshots.py gathers SHOTS): each
function takes a MainWindow showing the sample CM map and returns the widget to grab.

    python scripts/screenshots.py editor-window editor-palette --out /tmp/shots
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QApplication, QWidget

from hexcampaign.hexes import Hex


def editor_window(window: Any) -> QWidget:
    """The whole editor: terrain brush with its outline, a town in Properties."""
    editor = window.editor
    m = window.document.map
    town = _central_place(m)
    window.canvas.set_zoom(1.0)
    window.canvas.center_on_hex(town.hex if town else m.at(m.cols // 2, m.rows // 2))
    editor.brush.radius = 1
    editor.palette_dock.radius.setValue(1)
    editor.set_tool("terrain")
    if town is not None:
        editor.select_hex(town.hex)
        brush_at = _free_hex_near(m, town.hex)
        window.canvas.set_preview(hexes=[h for h in brush_at.within(1) if m.contains(h)])
        window.canvas.hovered_hex = brush_at
        window.canvas.hex_hovered.emit(brush_at)
    editor.validation.refresh()
    _settle()
    return window


def editor_palette(window: Any) -> QWidget:
    editor = window.editor
    editor.set_tool("road")
    _settle()
    return _sized(editor.palette_dock, 300, 400)


def editor_properties(window: Any) -> QWidget:
    editor = window.editor
    town = _central_place(window.document.map)
    editor.select_hex(town.hex if town else window.document.map.hexes()[0])
    _settle()
    return _sized(editor.properties, 320, 560)


def editor_layers(window: Any) -> QWidget:
    editor = window.editor
    editor.layers.boxes["coordinates"].setChecked(False)
    _settle()
    return _sized(editor.layers, 240, 300)


def editor_minimap(window: Any) -> QWidget:
    editor = window.editor
    m = window.document.map
    window.canvas.set_zoom(1.6)
    window.canvas.center_on_hex(m.at(m.cols // 3, m.rows // 3))
    dock = _sized(editor.overview_dock, 340, 300)
    editor.overview.rebuild()
    _settle()
    return dock


def editor_validation(window: Any) -> QWidget:
    """Two planted mistakes, as an author would make them: a village no road reaches
    and a road laid across a cliff."""
    from hexcampaign.app.editor.commands import push_edit

    editor = window.editor
    m = window.document.map
    corner = next(
        h
        for h in sorted(m.hexes(), key=lambda h: m.offset(h)[::-1])
        if not m.on_road(h)
        and m.place_at(h) is None
        and not m.is_river(h)
        and all(m.contains(n) for n in h.neighbors())
    )
    push_edit(
        window.document, "Add place", [corner], lambda m: m.add_place(corner, "Lonely", "village")
    )
    a, b = next((a, b) for a, b in m.roads() if m.contains(a) and m.contains(b))
    push_edit(window.document, "Cliff", [a, b], lambda m: m.add_cliff(a, b))
    editor.validation.show()
    editor.validation.raise_()
    editor.validation.refresh()
    _settle()
    return _sized(editor.validation, 380, 260)


SHOTS: dict[str, Callable[[Any], QWidget]] = {
    "editor-window": editor_window,
    "editor-palette": editor_palette,
    "editor-properties": editor_properties,
    "editor-layers": editor_layers,
    "editor-minimap": editor_minimap,
    "editor-validation": editor_validation,
}


# --- helpers ---------------------------------------------------------------------------------


def _central_place(m):
    middle = m.at(m.cols // 2, m.rows // 2)
    return min(m.places(), key=lambda p: p.hex.distance(middle), default=None)


def _free_hex_near(m, h: Hex) -> Hex:
    for ring in range(3, 6):
        for candidate in h.ring(ring):
            if m.contains(candidate) and m.place_at(candidate) is None:
                return candidate
    return h


def _sized(dock, width: int, height: int) -> QWidget:
    """A dock floated at a size where every label reads."""
    dock.show()
    dock.setFloating(True)
    dock.resize(width, height)
    _settle()
    return dock


def _settle() -> None:
    app = QApplication.instance()
    for _ in range(4):
        app.processEvents()
