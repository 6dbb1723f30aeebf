"""The view of the board during play: a readable zoom centred where the player acts, the
Combat dock shown in the combat phases without the board drifting, and a reinforcement
or unit to set up brought into view with the hexes it may enter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from hexcampaign.app.render import DEFAULT_HEX_SIZE
from hexcampaign.app.style import COORDINATE_MIN_SCREEN_HEX
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import IllegalAction
from hexcampaign.kasserine.state import PlaceUnit
from hexcampaign.rules.changes import PlayChanges

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import FramingTable

# A game opens at this zoom (or closer): counters' numbers, place names and the hex
# numbers read. The hex numbers show from COORDINATE_MIN_SCREEN_HEX screen pixels a hex;
# at 0.8 (25.6 px) they vanished on opening a save, while a new game opened at 0.9.
PLAY_ZOOM = max(0.9, COORDINATE_MIN_SCREEN_HEX / DEFAULT_HEX_SIZE * 1.05)


class BoardFraming:
    """Where the view looks, and the Combat dock that takes room from it."""

    def __init__(self, mode: FramingTable) -> None:
        self.mode = mode
        self.canvas = mode.canvas
        self.fighting: bool | None = None  # the Combat dock is up (None: not yet laid out)
        self.recentre_pending = False

    def forget(self) -> None:
        """The mode is put away: the dock's state is looked at afresh next time."""
        self.fighting = None

    def on_changed(self, _changes: PlayChanges, _initiator: object = None) -> None:
        """The Combat dock is wanted in the combat phases; the rest of the time the map is."""
        g, mode = self.mode.game, self.mode
        if g is None:
            return
        fighting = g.state.phase.endswith("combat") or g.pending() is not None
        if mode.active and fighting != self.fighting:
            corner, focus = self.seen_corner(), self.focus_point()
            mode.docks.combat.setVisible(fighting)
            if corner is not None and self.fighting is not None and not self.recentre_pending:
                # The dock takes its room from the board's right edge (or gives it back).
                # The board does not move under the player: once the window has laid the
                # dock out, the same map point is at the top left again (re-centring made
                # the whole board jump by half the dock's width), and the hex the player
                # last picked is brought into view with the least shift (the fight at
                # Sidi Bou Zid went under the dock, under Xvfb). The dock shown and
                # hidden again before that (two phases ended at once) keeps the first
                # corner: the view never drifts.
                self.recentre_pending = True
                QTimer.singleShot(0, self.canvas, lambda c=corner, f=focus: self.keep_corner(c, f))
        self.fighting = fighting if mode.active else None

    def frame_the_play(self) -> None:
        """A readable zoom, centred where the player acts: the German set-up zones at
        the start, else the units of the side to play."""
        g = self.mode.game
        if g is None or self.canvas.map_scene is None:
            return
        if g.state.phase == "german_setup":
            hexes = [Hex(*a.hex) for a in g.legal_actions() if isinstance(a, PlaceUnit)]
        else:
            hexes = [u.hex for u in g.units() if u.side == g.side_to_play and u.hex is not None]
        if not hexes:
            return
        # Readable, and at least as close as fills the view's width: no desk beside it.
        rect = self.canvas.map_scene.map_rect
        across = self.canvas.viewport().width() / rect.width() if rect.width() else PLAY_ZOOM
        self.canvas.set_zoom(min(1.6, max(PLAY_ZOOM, self.canvas.zoom, across)))
        points = [self.canvas.layout.center(h) for h in hexes]
        mx = sum(p[0] for p in points) / len(points)
        my = sum(p[1] for p in points) / len(points)
        self.centre_on(mx, my)

    def seen_corner(self) -> tuple[float, float] | None:
        """The scene point at the board's top left now (None with no map)."""
        if self.canvas.map_scene is None:
            return None
        corner = self.canvas.visible_scene_rect().topLeft()
        return (corner.x(), corner.y())

    def focus_point(self) -> tuple[float, float] | None:
        """The middle of the hex the player last picked, when it is on screen."""
        picked = self.mode.board.stack_hex
        if self.canvas.map_scene is None or picked is None:
            return None
        point = self.canvas.layout.center(picked)
        return point if self.canvas.visible_scene_rect().contains(*point) else None

    def keep_corner(
        self, corner: tuple[float, float], focus: tuple[float, float] | None = None
    ) -> None:
        self.recentre_pending = False
        if self.canvas.map_scene is None or self.mode.game is None:
            return
        seen = self.canvas.visible_scene_rect()
        if abs(seen.left() - corner[0]) > 1 or abs(seen.top() - corner[1]) > 1:
            # The canvas keeps its own edges (a margin of desk beyond the map).
            self.canvas.centerOn(corner[0] + seen.width() / 2, corner[1] + seen.height() / 2)
            self.canvas.viewport_changed.emit()
        if focus is None:
            return
        seen = self.canvas.visible_scene_rect()
        # The least shift that shows the focus with a hex's margin round it.
        margin = min(seen.width(), seen.height()) / 6
        mx, my = seen.center().x(), seen.center().y()
        if focus[0] > seen.right() - margin:
            mx += focus[0] - (seen.right() - margin)
        elif focus[0] < seen.left() + margin:
            mx -= (seen.left() + margin) - focus[0]
        if focus[1] > seen.bottom() - margin:
            my += focus[1] - (seen.bottom() - margin)
        elif focus[1] < seen.top() + margin:
            my -= (seen.top() + margin) - focus[1]
        if (mx, my) != (seen.center().x(), seen.center().y()):
            self.canvas.centerOn(mx, my)
            self.canvas.viewport_changed.emit()

    def centre_on(self, mx: float, my: float) -> None:
        """Centre the view on a scene point as far as the map allows: no empty desk
        beyond the map's edge."""
        rect = self.canvas.map_scene.map_rect
        seen = self.canvas.visible_scene_rect()
        half_w, half_h = seen.width() / 2, seen.height() / 2
        x = min(max(mx, rect.left() + half_w), rect.right() - half_w)
        y = min(max(my, rect.top() + half_h), rect.bottom() - half_h)
        if rect.width() < seen.width():
            x = rect.center().x()
        if rect.height() < seen.height():
            y = rect.center().y()
        self.canvas.centerOn(x, y)
        self.canvas.viewport_changed.emit()

    def show_entry(self, unit_id: str) -> None:
        """A reinforcement (or a unit to set up) picked: scroll to where it may enter,
        when none of those hexes is on screen."""
        g = self.mode.game
        if g is None:
            return
        try:
            if g.state.phase == "german_setup":
                entries = [
                    Hex(*a.hex)
                    for a in g.legal_actions()
                    if isinstance(a, PlaceUnit) and a.unit == unit_id
                ]
            elif g.state.phase.endswith("movement") and g.reachable(unit_id):
                entries = g.entry_hexes(unit_id)  # only a reinforcement that may enter now
            else:
                return
        except IllegalAction:
            return
        seen = self.canvas.visible_scene_rect()
        if not entries or any(seen.contains(*self.canvas.layout.center(h)) for h in entries):
            return
        self.centre_on(*self.canvas.layout.center(entries[len(entries) // 2]))
