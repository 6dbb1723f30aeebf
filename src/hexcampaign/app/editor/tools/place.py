"""The place tool: click to add or edit a place, drag a place to move it, Delete removes."""

from __future__ import annotations

from hexcampaign.app.editor.commands import CommandId
from hexcampaign.app.editor.tools.base import PlaceValues, Tool
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, Place
from hexcampaign.maps.model import control_character
from hexcampaign.rules import IllegalAction


class PlaceTool(Tool):
    name = "place"
    label = QT_TRANSLATE_NOOP("Tools", "Place")
    shortcut = "P"
    tip = QT_TRANSLATE_NOOP("Tools", "Click a hex to add or edit a place; drag a place to move it; Delete removes it.")
    command_id = CommandId.PLACE

    def __init__(self) -> None:
        super().__init__()
        self._pressed_on: Hex | None = None
        self.selected: Hex | None = None

    def pressed(self, e: ToolEvent) -> None:
        if e.button != "left":
            return
        if not self.map.contains(e.hex):
            self.say("Place: click a hex on the map.")
            return
        self._pressed_on = e.hex
        self.selected = e.hex
        self.active_context.select(e.hex)

    def moved(self, e: ToolEvent) -> None:
        if self._pressed_on is not None and self.map.place_at(self._pressed_on):
            self.preview(hexes=self.on_map([e.hex]), path=[self._pressed_on, e.hex])
        else:
            self.preview(hexes=self.on_map([e.hex]))

    def hex_changed(self, e: ToolEvent) -> None:
        self.moved(e)

    def released(self, e: ToolEvent) -> None:
        start, self._pressed_on = self._pressed_on, None
        if start is None:
            return
        place = self.map.place_at(start)
        try:
            if place is not None and e.hex != start:
                self.move(place, e.hex)
            else:
                self.edit(start)
        except IllegalAction as refusal:
            self.say(refusal.reason)
        if self.context is not None:
            self.context.clear_preview()

    def key_pressed(self, key: str) -> bool:
        if key != "delete" or self.selected is None:
            return False
        place = self.map.place_at(self.selected)
        if place is None:
            self.say("Place: there is no place on the selected hex to delete.")
            return True
        self.remove(place)
        return True

    # --- the three edits, each one undo step ----------------------------------------

    def edit(self, h: Hex) -> None:
        """Open the place dialog for hex h (new place or the one there) and apply OK."""
        existing = self.map.place_at(h)
        values = self.active_context.ask_place(existing, h)
        if values is None:
            return
        check_place_values(self.map, values, existing)
        if existing is None:
            self._push(
                f"Add place {values.name}",
                [h],
                lambda m: m.add_place(h, values.name, values.kind, values.vp, values.pp),
            )
        else:
            self._push(
                f"Edit place {values.name.strip()}",
                [h],
                lambda m: replace_place(m, existing, values),
            )

    def move(self, place: Place, to: Hex) -> None:
        m = self.map
        if not m.contains(to):
            raise IllegalAction(
                f"Place: {place.name} must stay on the map; drop it on a map hex.", rule="place"
            )
        other = m.place_at(to)
        if other is not None:
            raise IllegalAction(
                f"Place: {m.label(to)} already holds {other.name}; one place per hex.",
                rule="place",
            )
        if self._push(f"Move {place.name}", [place.hex, to], lambda m: _move_place(m, place, to)):
            self.selected = to
            self.say(f"Moved {place.name} to {m.label(to)}.")

    def remove(self, place: Place) -> None:
        if self._push(f"Delete {place.name}", [place.hex], lambda m: m.remove_place(place.name)):
            self.say(f"Deleted {place.name}.")

    def _push(self, text: str, hexes: list[Hex], change) -> bool:
        self.begin_gesture(text)
        try:
            return self.attempt(hexes, change)
        finally:
            self.end_gesture()


def check_place_values(m: HexMap, values: PlaceValues, existing: Place | None) -> None:
    """Refuse place-dialog values the map would refuse, with the rule's sentence."""
    name = values.name.strip()
    if not name:
        raise IllegalAction("Place: a place needs a name.", rule="place")
    bad = control_character(name)
    if bad:
        # As the map refuses it (HexMap.add_place), but before the dialog closes.
        raise IllegalAction(
            f"Place: a place name is printable text on one line; this one holds the control character {bad}.",
            rule="place",
        )
    taken = {p.name.strip().casefold() for p in m.places() if p is not existing}
    if name.casefold() in taken:
        raise IllegalAction(
            f"Place: there is already a place named {name} on this map; names must be unique.",
            rule="place",
        )
    kinds = m.palette.place_kinds
    if values.kind not in kinds:
        raise IllegalAction(
            f"Place: this palette's places are {', '.join(kinds)}, not {values.kind!r}.",
            rule="place",
        )
    if not (0 <= values.vp <= 999 and 0 <= values.pp <= 999):
        raise IllegalAction("Place: victory and production points run from 0 to 999.", rule="place")


def replace_place(m: HexMap, old: Place, values: PlaceValues) -> Place:
    """Rename / re-kind / re-score a place where it stands."""
    m.remove_place(old.name)
    return m.add_place(
        old.hex, values.name.strip(), values.kind, values.vp, values.pp, old.label_position
    )


def _move_place(m: HexMap, place: Place, to: Hex) -> Place:
    m.remove_place(place.name)
    return m.add_place(to, place.name, place.kind, place.vp, place.pp, place.label_position)
