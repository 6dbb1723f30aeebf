"""Undo commands for map edits: one QUndoCommand per gesture, restored exactly.

A command is a diff of map *features* (a hex's terrain, a hexside's road, the list of
places...), each with its value before and after the edit. Redo writes the after
values through the plain map-model methods, undo the before values. A gesture (one
brush stroke, one road drag, one dialog OK) records each dab as a diff of the hexes it
touched; dabs of the same gesture merge into the command the first dab pushed
(Tiled's PaintTileLayer): the earliest before value and the latest after value win.
Because the diff covers everything on and around the touched hexes, cascades (erasing
a hex takes its roads, cliffs and place) undo whole without hand-written inverses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import IntEnum
from itertools import count
from typing import Any

from PySide6.QtGui import QUndoCommand

from hexcampaign.hexes import Hex, HexSide
from hexcampaign.maps import HexMap, Palette
from hexcampaign.maps.changes import Change, ChangeSet
from hexcampaign.rules import IllegalAction


class CommandId(IntEnum):
    """Every mergeable command id of the editor, in one place."""

    TERRAIN_BRUSH = 1
    FILL = 2
    ELEVATION = 3
    RIVER = 4
    ROAD = 5
    BRIDGE = 6
    CLIFF = 7
    PLACE = 8
    ERASE = 9
    HEX_PROPERTIES = 10
    PASTE = 11
    MAP_PROPERTIES = 12
    LABEL = 13


# A feature of the map: (kind, where) — ("terrain", Hex), ("cliff", HexSide), ("places",).
Key = tuple[Any, ...]
Diff = dict[Key, tuple[Any, Any]]

# The map-wide attributes a map-properties edit may change.
# The underlay (the scanned picture traced under the map) is one of them: a fit is one
# undo step, and a META change repaints every layer's tiles.
META_FIELDS = ("name", "author", "description", "label_style", "label_first", "label_every", "hex_km", "underlay")

_gesture_serials = count(1)

# What a dab may snapshot. A tool that changes only some kinds says so, which keeps a
# 40,000-hex fill fast; the undo state machine test checks each tool's choice.
ALL_FEATURES = frozenset(
    {"terrain", "elevation", "river", "bridge", "road", "cliff", "places", "labels", "meta", "note"}
)


class MapEdit(QUndoCommand):
    """One undo step: a feature diff applied to the document's current map."""

    def __init__(
        self,
        document: Any,
        text: str,
        command_id: CommandId | None,
        diff: Diff,
        gesture: int = 0,
        applied: bool = False,
        announced: bool = False,
    ) -> None:
        super().__init__(text)
        self.document = document
        self.command_id = command_id
        self.diff = dict(diff)
        self.gesture = gesture
        # A gesture applies its dabs live, so the push's first redo() only announces.
        self._skip_apply = applied
        # A drag announced each dab as it painted: its push need not announce them again.
        self._skip_announce = announced

    def id(self) -> int:
        return int(self.command_id) if self.command_id is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MapEdit) or not self.gesture or other.gesture != self.gesture:
            return False
        for key, (before, after) in other.diff.items():
            first = self.diff[key][0] if key in self.diff else before
            self.diff[key] = (first, after)
        return True

    def redo(self) -> None:
        if self._skip_apply:
            self._skip_apply = False
        else:
            write_features(self.document.map, {k: after for k, (_, after) in self.diff.items()})
        if self._skip_announce:
            self._skip_announce = False
        else:
            self.document.notify(changes_of(self.diff), self)

    def undo(self) -> None:
        write_features(self.document.map, {k: before for k, (before, _) in self.diff.items()})
        self.document.notify(changes_of(self.diff), self)


class ReplaceMap(QUndoCommand):
    """Swap the whole map (resize, palette change, paste of a new size): undo swaps back."""

    def __init__(self, document: Any, new_map: HexMap, text: str) -> None:
        super().__init__(text)
        self.document = document
        self.old_map = document.map
        self.new_map = new_map

    def redo(self) -> None:
        self.document.replace_map(self.new_map, self)

    def undo(self) -> None:
        self.document.replace_map(self.old_map, self)


# A fill reaching this share of the map's hexes announces "terrain changed anywhere"
# (a ChangeSet without hexes): the canvas and the minimap then repaint what they show
# at once instead of first measuring the bounds of tens of thousands of hexes, which
# would cover most of the map anyway.
WHOLE_MAP_SHARE = 0.25


class TerrainFill(QUndoCommand):
    """A flood fill as one undo step. Its region is all of one terrain (that is what a
    flood fill fills), so the step is the region (HexMap.terrain_region: a range of
    cells for each run of hexes along a line) and two terrain names: redo and undo are
    one bulk write each and one announcement of the change, whatever the number of
    hexes."""

    def __init__(self, document: Any, region: list[range], before: str, after: str, text: str) -> None:
        super().__init__(text)
        self.document = document
        self.region = region
        self.size = sum(map(len, region))
        self.before = before
        self.after = after
        self._changes: ChangeSet | None = None

    def id(self) -> int:
        return int(CommandId.FILL)

    def redo(self) -> None:
        self._write(self.after)

    def undo(self) -> None:
        self._write(self.before)

    def _write(self, terrain: str) -> None:
        m = self.document.map
        m.set_terrain_cells(self.region, terrain)
        if self._changes is None:
            if self.size >= WHOLE_MAP_SHARE * m.cols * m.rows:
                self._changes = ChangeSet(Change.TERRAIN)
            else:
                self._changes = ChangeSet(Change.TERRAIN, set(m.cell_hexes(self.region)))
        self.document.notify(self._changes, self)


class ChangePalette(ReplaceMap):
    """Map › Palette…: the map on another palette, every terrain in use mapped
    (`HexMap.change_palette`), as one undo step. Built on a copy, so a refusal (a
    terrain in use would be lost: MapEditError naming it) leaves the map untouched and
    nothing on the stack; undo puts back the map object as it was, every hex included."""

    def __init__(self, document: Any, palette: Palette, mapping: dict[str, str]) -> None:
        new_map = document.map.copy()
        self.used = new_map.change_palette(palette, mapping)
        super().__init__(document, new_map, f"Palette {palette.title}")


class Gesture:
    """One user gesture: each `apply` is a dab; all dabs end up in one undo step.

    `apply(hexes, change)` snapshots the features on and around `hexes`, runs
    `change(map)`, and pushes the difference. A refused change (IllegalAction or the
    model's MapEditError) is rolled back and re-raised, so a half-done dab never stays
    on the map without an undo entry.

    A `deferred` gesture (a drag) paints its dabs live but keeps their undo step until
    `finish()` (the release) pushes it whole; `cancel()` (Escape) takes the dabs back
    without touching the stack, so the history keeps its redo steps and never gains
    the cancelled stroke.
    """

    def __init__(
        self,
        document: Any,
        text: str,
        command_id: CommandId,
        features: frozenset[str] = ALL_FEATURES,
        deferred: bool = False,
    ) -> None:
        self.document = document
        self.deferred = deferred
        self.pending: MapEdit | None = None
        self.text = text
        self.command_id = command_id
        self.features = features
        self.serial = next(_gesture_serials)
        self.dabs = 0

    def apply(self, hexes: Iterable[Hex], change: Callable[[HexMap], object]) -> bool:
        """True when the dab changed the map."""
        m = self.document.map
        region = [h for h in dict.fromkeys(hexes) if m.contains(h)]
        before = read_features(m, region, self.features)
        try:
            change(m)
        except BaseException:
            write_features(m, before)
            raise
        after = read_features(m, region, self.features)
        diff = {k: (before[k], after[k]) for k in before if before[k] != after[k]}
        if not diff:
            return False
        self.dabs += 1
        edit = MapEdit(self.document, self.text, self.command_id, diff, self.serial, applied=True)
        if not self.deferred:
            self.document.undo_stack.push(edit)
        else:
            if self.pending is None:
                self.pending = edit
            else:
                self.pending.mergeWith(edit)
            # Shown dab by dab; the initiator is the step they will be pushed as.
            self.document.notify(changes_of(diff), self.pending)
        return True

    def finish(self) -> bool:
        """Push the deferred dabs as one undo step; False when they changed nothing
        in the end (a stroke that put back what it took is no step)."""
        edit, self.pending = self.pending, None
        if edit is None:
            return False
        edit.diff = {k: (a, b) for k, (a, b) in edit.diff.items() if a != b}
        if not edit.diff:
            return False
        edit._skip_announce = True
        self.document.undo_stack.push(edit)
        return True

    def cancel(self) -> bool:
        """Take the deferred dabs back off the map; nothing reaches the undo stack."""
        edit, self.pending = self.pending, None
        if edit is None:
            return False
        edit.undo()
        return True


def push_edit(
    document: Any,
    text: str,
    hexes: Iterable[Hex],
    change: Callable[[HexMap], object],
    command_id: CommandId | None = None,
) -> bool:
    """A one-dab gesture (a dialog OK, a click): apply `change` as one undo step."""
    return Gesture(document, text, command_id or CommandId.HEX_PROPERTIES).apply(hexes, change)


# --- features ------------------------------------------------------------------------


def read_features(
    m: HexMap, hexes: Iterable[Hex], features: frozenset[str] = ALL_FEATURES
) -> dict[Key, Any]:
    """The features on or around `hexes`: per hex, per hexside, and the map-wide lists."""
    values: dict[Key, Any] = {}
    per_hex = [
        (kind, read)
        for kind, read in (
            ("terrain", m.terrain),
            ("elevation", m.elevation),
            ("river", m.river_mark),
            ("bridge", m.has_bridge),
            ("note", m.note),  # HexNote or None
        )
        if kind in features
    ]
    sides = "road" in features or "cliff" in features
    for h in hexes:
        for kind, read in per_hex:
            values[(kind, h)] = read(h)
        if sides:
            for n in h.neighbors():
                if m.contains(n):
                    side = HexSide.between(h, n)
                    if "road" in features:
                        values[("road", side)] = m.has_road(h, n)
                    if "cliff" in features:
                        values[("cliff", side)] = m.cliff_top(h, n)
    # Places, labels and the rivers and roads (lines) are kept whole, in order, so an
    # undo restores the file exactly (a line's name, its order, a line cut in two).
    if "river" in features or "road" in features:
        values[("lines",)] = m.lines()
    if "places" in features:
        values[("places",)] = tuple(m.places())
    if "labels" in features:
        values[("labels",)] = tuple(m.labels())
    if "meta" in features:
        for name in META_FIELDS:
            values[("meta", name)] = getattr(m, name)
    return values


def write_features(m: HexMap, values: dict[Key, Any]) -> None:
    """Set features to `values`, removals first so the model's checks always pass (a
    bridge needs its road and river, a place name must be free)."""
    by_kind: dict[str, list[tuple[Key, Any]]] = {}
    for key, value in values.items():
        by_kind.setdefault(str(key[0]), []).append((key, value))

    def each(kind: str) -> list[tuple[Key, Any]]:
        return by_kind.get(kind, [])

    for (_, h), value in each("bridge"):
        if not value:
            m.set_bridge(h, False)
    for _, places in each("places"):
        if tuple(m.places()) != places:
            for place in m.places():
                m.remove_place(place.name)
    for _, labels in each("labels"):
        if tuple(m.labels()) != labels:
            for label in m.labels():
                m.remove_label(label)
    for (_, side), top in each("cliff"):
        a, b = side.hexes()
        m.remove_cliff(a, b)
        if top is not None:
            m.add_cliff(top, side.other(top))
    for _, lines in each("lines"):
        m.set_lines(lines)  # the per-hex river and road values below then match
    for (_, side), road in each("road"):
        if not road:
            m.remove_road(*side.hexes())
    for (_, h), mark in each("river"):
        m.set_river_mark(h, mark)
    for (_, h), terrain in each("terrain"):
        m.set_terrain(h, terrain)
    for (_, h), level in each("elevation"):
        m.set_elevation(h, level)
    for (_, side), road in each("road"):
        if road:
            m.add_road(*side.hexes())
    for (_, h), bridge in each("bridge"):
        if bridge:
            m.set_bridge(h, True)
    for _, places in each("places"):
        if not m.places():
            for p in places:
                m.add_place(p.hex, p.name, p.kind, p.vp, p.pp, p.label_position)
    for _, labels in each("labels"):
        if not m.labels():
            for label in labels:
                m.add_label(label.hex, label.text)
    for (_, name), value in each("meta"):
        setattr(m, name, value)
    for (_, h), note in each("note"):
        if note is None:
            m.remove_note(h)
        else:
            m.set_note(h, note.text, note.properties)


_FLAGS = {
    "terrain": Change.TERRAIN,
    "elevation": Change.ELEVATION,
    "river": Change.RIVER,
    "bridge": Change.BRIDGE,
    "road": Change.ROAD,
    "cliff": Change.CLIFF,
    "places": Change.PLACE,
    "labels": Change.LABEL,
    "meta": Change.META,
    "note": Change.NOTE,
    "lines": Change.RIVER | Change.ROAD,
}


def changes_of(diff: Diff) -> ChangeSet:
    """The ChangeSet a diff announces: its flags and every hex it touched."""
    changes = ChangeSet()
    for key, (before, after) in diff.items():
        kind = str(key[0])
        flag = _FLAGS[kind]
        if kind == "places":
            moved = set(before) ^ set(after)
            changes.add(flag, *(p.hex for p in moved))
        elif kind == "labels":
            changes.add(flag, *(label.hex for label in set(before) ^ set(after)))
        elif kind == "lines":
            changes.add(flag, *(h for line in set(before) ^ set(after) for h in line.touched()))
        elif kind == "meta":
            changes.add(flag)
        elif isinstance(key[1], HexSide):
            changes.add(flag, *key[1].hexes())
        else:
            changes.add(flag, key[1])
    return changes


def refusal(error: Exception) -> str:
    """The sentence to show for a refused edit."""
    if isinstance(error, IllegalAction):
        return error.reason
    return str(error)
