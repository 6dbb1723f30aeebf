"""Terrain tools: the brush, the flood fill and the eraser."""

from __future__ import annotations

from hexcampaign.app.editor.cascades import drop_stranded_bridges
from hexcampaign.app.editor.commands import CommandId, TerrainFill
from hexcampaign.app.editor.tools.base import StrokeTool, Tool
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction


class TerrainBrush(StrokeTool):
    name = "terrain"
    label = QT_TRANSLATE_NOOP("Tools", "Terrain brush")
    shortcut = "T"
    tip = QT_TRANSLATE_NOOP("Tools", "Paint the chosen terrain; drag paints a stroke; brush radius 0–3.")
    command_id = CommandId.TERRAIN_BRUSH
    features = frozenset({"terrain"})

    def gesture_text(self) -> str:
        terrain = self.map.palette.terrains.get(self.active_context.settings.terrain)
        return f"Paint {terrain.label}" if terrain else self.label

    def dab(self, hexes: list[Hex], e: ToolEvent) -> None:
        terrain = current_terrain(self.map, self.active_context.settings.terrain)
        painted = self.on_map(h2 for h in hexes for h2 in self.brush(h))
        if not painted:
            return

        def paint(m: HexMap) -> None:
            for h in painted:
                m.set_terrain(h, terrain)

        self.attempt(painted, paint)

    def brush(self, h: Hex) -> list[Hex]:
        return h.within(max(0, min(3, self.active_context.settings.radius)))


class Fill(Tool):
    name = "fill"
    label = QT_TRANSLATE_NOOP("Tools", "Fill")
    shortcut = "F"
    tip = QT_TRANSLATE_NOOP("Tools", "Flood-fill the connected region of equal terrain with the chosen terrain.")
    command_id = CommandId.FILL
    features = frozenset({"terrain"})

    def pressed(self, e: ToolEvent) -> None:
        if e.button != "left":
            return
        m = self.map
        if not m.contains(e.hex):
            self.say("Fill: click a hex on the map.")
            return
        terrain = current_terrain(m, self.active_context.settings.terrain)
        before = m.terrain(e.hex)
        label = m.palette.terrains[terrain].label
        if before == terrain:
            self.say(f"Fill: that region is already {label}.")
            return
        # One command holding the region as runs of cells (TerrainFill): a fill of the
        # whole map is a few milliseconds to work out, write, undo and redo.
        command = TerrainFill(self.document, m.terrain_region(e.hex), before, terrain, f"Fill with {label}")
        self.document.undo_stack.push(command)
        self.say(f"Filled {command.size} hexes with {label}.")

    def hex_changed(self, e: ToolEvent) -> None:
        self.preview(hexes=[e.hex] if self.map.contains(e.hex) else [])


class Eraser(StrokeTool):
    name = "eraser"
    label = QT_TRANSLATE_NOOP("Tools", "Eraser")
    shortcut = "E"
    tip = QT_TRANSLATE_NOOP("Tools", "Reset hexes to the palette default and remove everything on them.")
    command_id = CommandId.ERASE

    def dab(self, hexes: list[Hex], e: ToolEvent) -> None:
        erased = self.on_map(h2 for h in hexes for h2 in self.brush(h))
        if not erased:
            return

        around = {n for h in erased for n in h.neighbors()} - set(erased)

        def erase(m: HexMap) -> None:
            for h in erased:
                m.clear_hex(h)
            # A neighbour whose only road led into an erased hex loses its bridge too.
            drop_stranded_bridges(m, around)

        self.attempt([*erased, *sorted(around)], erase)

    def brush(self, h: Hex) -> list[Hex]:
        return h.within(max(0, min(3, self.active_context.settings.radius)))

    def removes(self, e: ToolEvent) -> bool:
        return True


def current_terrain(m: HexMap, chosen: str) -> str:
    """The brush terrain, checked against this map's palette."""
    terrain = chosen or m.palette.default
    if terrain not in m.palette.terrains:
        raise IllegalAction(
            f"Terrain: {terrain!r} is not in the {m.palette.name} palette; "
            "choose a terrain from the tool palette.",
            rule="palette",
        )
    return terrain


def connected_terrain(m: HexMap, start: Hex) -> list[Hex]:
    """Every hex joined to `start` through neighbours of the same terrain."""
    return sorted(m.cell_hexes(m.terrain_region(start)))
