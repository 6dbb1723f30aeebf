"""What the board shows of the game: counters, highlights of the selection (moves,
entries, retreats, advances, attacks), the Stack dock, hover explanations, and the
view's zoom and centre. A mixin of KasserineMode: everything is redrawn from the game."""

from __future__ import annotations

from PySide6.QtCore import QTimer

from hexcampaign.app.document import MapDocument
from hexcampaign.app.kasserine.board import CounterLayer, HighlightItem
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import IllegalAction
from hexcampaign.kasserine.crt import printed_row
from hexcampaign.rules.changes import Play, PlayChanges

MOVE_COLOUR = "#ffc800"
ENTRY_COLOUR = "#3aa0ff"
RETREAT_COLOUR = "#ff6a3a"
ADVANCE_COLOUR = "#3ac060"
ATTACK_COLOUR = "#ff3a3a"
# A new game opens at this zoom (or closer): counters' numbers and place names read.
PLAY_ZOOM = 0.8


class BoardView:
    """The board and docks redrawn from the game (a mixin of KasserineMode)."""

    def refresh(self, changes: PlayChanges | None = None) -> None:
        """Redraw from the game what the action changed (`changes`' flags, as the
        editor's docks follow its ChangeSets); without changes, everything."""
        flags = changes.flags if changes is not None else Play.ALL
        self.redrawn = []  # which parts were redrawn, for the tests
        g = self.game
        has = g is not None
        for dock in self.docks:
            dock.setEnabled(has)
        for action in self._game_actions:
            action.setEnabled(has)
        if not has:
            return
        if self.selected and (
            self.selected not in g.state.units or g.unit(self.selected).eliminated
        ):
            self.selected = None
        # The turn bar is cheap and Undo follows every action's lock.
        self._refresh_turn_bar()
        if flags & (Play.PHASE | Play.UNITS):
            self.redrawn += ["setup", "reinforcements"]
            self.setup.refresh(g)
            self.setup.setVisible(self.active and g.state.phase == "german_setup")
            self.reinforcements.refresh(g)
        # The combat dock is wanted in the combat phases; the rest of the time the map is.
        fighting = g.state.phase.endswith("combat") or g.pending() is not None
        if self.active and fighting != self._fighting:
            centre, focus = self._seen_centre(), self._focus_point()
            self.combat.setVisible(fighting)
            pending = getattr(self, "_recentre_pending", False)
            if centre is not None and self._fighting is not None and not pending:
                # The dock takes its room from the board's right edge, where the map
                # hid what the player was looking at (the fight at Sidi Bou Zid, under
                # Xvfb): once the window has laid it out, the same point is centred
                # again, and the hex the player last picked is brought into view. The
                # dock shown and hidden again before that (two phases ended at once)
                # keeps the first centre: the view never drifts.
                self._recentre_pending = True
                QTimer.singleShot(
                    0, self.canvas, lambda c=centre, f=focus: self._keep_centre(c, f)
                )
        self._fighting = fighting if self.active else None
        if flags & (Play.LOG | Play.PHASE):
            self.redrawn.append("log")
            self.log.refresh(g)
        if flags & (Play.COMBAT | Play.DECISION | Play.PHASE | Play.UNITS | Play.ELIMINATED):
            self.redrawn += ["combat", "crt"]
            self.combat.panel.refresh()
            combat = self.combat.panel.current_combat()
            row = None
            if combat is not None and combat.resolved and combat.roll:
                row = printed_row(combat.roll, g.state.options.crt_high_rolls)
            self.crt.refresh(g.state.options.crt_high_rolls, combat.odds if combat else None, row)
        # A combat result flips counters (CONTACT, ENGAGED) without moving them.
        board = Play.UNITS | Play.ELIMINATED | Play.PHASE | Play.MAP | Play.HOLDINGS | Play.COMBAT
        if self.layer is not None and (flags & board or (changes is not None and changes.units)):
            self.redrawn.append("counters")
            self.layer.sync(g)
        self._refresh_selection()
        self._update_title()
        if g.over and self.active and self.victory_dialog is None:
            self.show_victory()
        self.game_changed.emit()

    def hex_hovered(self, h: Hex | None) -> None:
        g = self.game
        if g is None or h is None or not g.map.contains(h):
            return
        stack = self.layer.units_at(h) if self.layer else []
        here = ", ".join((u.label or u.name or u.id) for u in reversed(stack))
        prefix = f"{g.map.label(h)}: {here}. " if here else ""
        unit = self.selected
        here = unit is not None and g.unit(unit).hex == h  # over the selection itself
        if (
            unit
            and not here
            and g.state.phase.endswith("movement")
            and g.pending() is None
            and self.reachable
        ):
            if h in self.reachable:
                path = g.path_to(unit, h)
                view = g.unit(unit)
                start = [view.hex] if view.hex is not None else []
                spent = self.reachable[h]
                self.canvas.set_preview(path=start + path, color=MOVE_COLOUR)
                zoc = (
                    " Enemy zone of control: the move ends there." if h in self._enemy_zoc() else ""
                )
                group = self.group()
                if len(group) > 1:
                    # A stack moving together: each unit's MP left after the same path.
                    left = []
                    for uid in group:
                        other = g.unit(uid)
                        cost = g.reachable(uid).get(h)
                        if cost is not None:
                            left.append(f"{other.label or other.name or uid} {other.mf - cost}")
                    names = ", ".join(g.label(uid) for uid in group)
                    self._status(
                        f"{prefix}Move {names} together to {g.map.label(h)}; MP left: "
                        f"{', '.join(left)}.{zoc}"
                    )
                else:
                    self._status(
                        f"{prefix}Move {view.label or view.name or view.id} to {g.map.label(h)}: "
                        f"{spent - view.mp_spent} MP, {view.mf - spent} MP left.{zoc}"
                    )
            else:
                self.canvas.clear_preview()
                self._status(prefix + self._why_not(unit, h), refusal=True)
            return
        if prefix:
            self._status(prefix)

    def show_stack(self, h: Hex | None) -> None:
        self.stack_hex = h
        self._refresh_stack()

    def frame_the_play(self) -> None:
        """A readable zoom, centred where the player acts: the German set-up zones at
        the start, else the units of the side to play."""
        g = self.game
        if g is None or self.canvas.map_scene is None:
            return
        if g.state.phase == "german_setup":
            hexes = [Hex(*a.hex) for a in g.legal_actions() if getattr(a, "kind", "") == "place"]
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
        self._centre_on(mx, my)

    def _seen_centre(self) -> tuple[float, float] | None:
        """The scene point in the middle of the board now (None with no map)."""
        if self.canvas.map_scene is None:
            return None
        middle = self.canvas.visible_scene_rect().center()
        return (middle.x(), middle.y())

    def _focus_point(self) -> tuple[float, float] | None:
        """The middle of the hex the player last picked, when it is on screen."""
        if self.canvas.map_scene is None or self.stack_hex is None:
            return None
        point = self.canvas.layout.center(self.stack_hex)
        return point if self.canvas.visible_scene_rect().contains(*point) else None

    def _keep_centre(
        self, centre: tuple[float, float], focus: tuple[float, float] | None = None
    ) -> None:
        self._recentre_pending = False
        if self.canvas.map_scene is None or self.game is None:
            return
        seen = self.canvas.visible_scene_rect()
        if abs(seen.center().x() - centre[0]) > 1 or abs(seen.center().y() - centre[1]) > 1:
            # The canvas keeps its own edges (a margin of desk beyond the map).
            self.canvas.centerOn(*centre)
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

    def _centre_on(self, mx: float, my: float) -> None:
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

    def _show_entry(self, unit_id: str) -> None:
        """A reinforcement (or a unit to set up) picked: scroll to where it may enter,
        when none of those hexes is on screen."""
        g = self.game
        try:
            if g.state.phase == "german_setup":
                entries = [
                    Hex(*a.hex)
                    for a in g.legal_actions()
                    if getattr(a, "kind", "") == "place" and a.unit == unit_id
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
        self._centre_on(*self.canvas.layout.center(entries[len(entries) // 2]))

    def _why_not(self, uid: str, h: Hex) -> str:
        try:
            self.game.path_to(uid, h)
        except IllegalAction as error:
            return str(error)
        return ""

    def _show_game(self) -> None:
        g = self.game
        self._drop_items()
        # The window's document is a copy: an editor switched to later edits only that,
        # never the map the game's rules read and save.
        document = MapDocument(g.map.copy())
        self.window.set_document(document)
        scene = self.canvas.scene()
        layout = self.canvas.layout
        self.layer = CounterLayer(scene, layout)
        self.highlight = HighlightItem(layout, scene.map_rect)
        scene.addItem(self.highlight)
        self.refresh()

    def _drop_items(self) -> None:
        if self.layer is not None:
            try:
                self.layer.clear()
            except RuntimeError:  # the scene went with an earlier map
                pass
        if self.highlight is not None:
            try:
                if self.highlight.scene() is not None:
                    self.highlight.scene().removeItem(self.highlight)
            except RuntimeError:
                pass
        self.layer = None
        self.highlight = None
        arrows, self.hint_arrows = getattr(self, "hint_arrows", None), None
        try:
            if arrows is not None and arrows.scene() is not None:
                arrows.scene().removeItem(arrows)
        except RuntimeError:
            pass

    def _enemy_zoc(self) -> set[Hex]:
        g = self.game
        enemy = "allied" if g.state.side == "german" else "german"
        return g.zone_of_control(enemy)

    def _refresh_selection(self) -> None:
        g = self.game
        if g is None or self.layer is None or self.highlight is None:
            return
        self.layer.select(set(self.group()))
        self.reachable = {}
        self.canvas.clear_preview()
        decision = g.pending()
        phase = g.state.phase
        hexes: dict[Hex, str] = {}
        zoc: set[Hex] = set()
        marked: set[Hex] = set()
        colour = MOVE_COLOUR
        if decision is not None and decision.kind in ("retreat", "advance"):
            uid = self.combat.panel.decision_unit
            if uid:
                paths = g.retreat_paths(uid) if decision.kind == "retreat" else g.advance_paths(uid)
                hexes = {p[-1]: "" for p in paths if p}
                view = g.unit(uid)
                if view.hex is not None:
                    marked = {view.hex}
            colour = RETREAT_COLOUR if decision.kind == "retreat" else ADVANCE_COLOUR
        elif phase == "german_setup" and self.selected:
            hexes = {
                Hex(*a.hex): ""
                for a in g.legal_actions()
                if getattr(a, "kind", "") == "place" and a.unit == self.selected
            }
            colour = ENTRY_COLOUR
        elif phase.endswith("movement") and self.selected:
            view = g.unit(self.selected)
            if view.side == g.state.side:
                self.reachable = g.reachable(self.selected)
                for other in self.group()[1:]:  # a picked stack goes where each may
                    self.reachable = {
                        h: mp for h, mp in self.reachable.items() if h in g.reachable(other)
                    }
                hexes = {h: f"{view.mf - spent}" for h, spent in self.reachable.items()}
                zoc = self._enemy_zoc()
                if not self.reachable and view.hex is not None:
                    # Why nothing is lit: the unit (or one of the picked stack) may move
                    # nowhere, or no hex is open to all of them together.
                    group = self.group()
                    reasons = [why for uid in group if (why := g.movement_refusal(uid))]
                    names = ", ".join(g.label(uid) for uid in group)
                    self._status(
                        reasons[0]
                        if reasons
                        else f"Movement: no hex is open to {names} moving together"
                    )
        elif phase.endswith("combat"):
            panel = self.combat.panel
            current = panel.current_combat()
            if current is not None and not current.resolved:
                marked = {current.target}
                hexes = {
                    g.unit(uid).hex: "" for uid in current.attackers if g.unit(uid).hex is not None
                }
                colour = ATTACK_COLOUR
            elif panel.target is not None:
                marked = {panel.target}
                chosen = set(panel.attackers.selected_ids())
                hexes = {g.unit(uid).hex: "" for uid in chosen if g.unit(uid).hex is not None}
                colour = ATTACK_COLOUR
        self.highlight.show_hexes(hexes, zoc, marked, colour)
        self._refresh_stack()

    def _refresh_stack(self) -> None:
        g = self.game
        if g is None or self.layer is None:
            return
        h = self.stack_hex
        units = self.layer.units_at(h) if h is not None else []
        self.stack.show_stack(g, h, units, self.group())
        available = set()
        if self.selected and h is not None:
            available = {name for uid, name, _ in self.unit_actions(h) if uid == self.selected}
        self.stack.enable_actions(available)
