"""KasserineMode: Kasserine Pass played hot-seat in the main window.

The mode hangs its turn bar, docks and Game menu on the window, installs the play tool
on the canvas and draws the counters above the map. It never changes the game itself:
every click becomes one engine call through the session, and everything on screen is
redrawn from the game afterwards. A refusal shows the engine's sentence.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCursor, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMenu, QMessageBox

from hexcampaign.app import autosave
from hexcampaign.app.dialogs import files
from hexcampaign.app.document import MapDocument
from hexcampaign.app.kasserine.board import CounterLayer, HighlightItem
from hexcampaign.app.kasserine.combat_panel import CombatDock
from hexcampaign.app.kasserine.dialogs import NewGameDialog, VictoryDialog
from hexcampaign.app.kasserine.docks import (
    CrtDock,
    LogDock,
    NoticeBar,
    ReinforcementsDock,
    SetupDock,
    StackDock,
    TurnBar,
)
from hexcampaign.app.kasserine.handover import HandOverDialog
from hexcampaign.app.kasserine.phase_tools import MovementTool, tool_for
from hexcampaign.app.kasserine.session import (
    FILE_FILTER,
    FILE_SUFFIX,
    PlaySession,
    autosave_folder,
    orphan_autosaves,
)
from hexcampaign.app.kasserine.tool import PlayTool
from hexcampaign.files import FileFormatError, describe_os_error
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, IllegalAction, Options
from hexcampaign.kasserine.crt import printed_row
from hexcampaign.kasserine.game import PHASE_WORDS
from hexcampaign.kasserine.state import BreakdownUnit, BreakOff, BridgeWork
from hexcampaign.rules.changes import Play, PlayChanges

MOVE_COLOUR = "#ffc800"
ENTRY_COLOUR = "#3aa0ff"
RETREAT_COLOUR = "#ff6a3a"
ADVANCE_COLOUR = "#3ac060"
ATTACK_COLOUR = "#ff3a3a"
# A new game opens at this zoom (or closer): counters' numbers and place names read.
PLAY_ZOOM = 0.8


class KasserineMode(QObject):
    SUFFIXES = (FILE_SUFFIX,)
    game_changed = Signal()  # after any change of game, or a new/opened game

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.canvas = window.canvas
        self.session: PlaySession | None = None
        # Games are autosaved at every change of phase (see PlaySession), not on a timer.
        self.autosaver = autosave.Autosaver(None, self, prefix="kasserine-")
        self.layer: CounterLayer | None = None
        self.highlight: HighlightItem | None = None
        self.tool = PlayTool(self)
        self.active = False
        self.selected: str | None = None  # the unit the player is handling
        self.picked: list[str] = []  # several units of one hex picked in the Stack dock
        self.handover: HandOverDialog | None = None
        self.hand_over_screen = True  # hot-seat: wait for the next player at each change
        self.stack_hex: Hex | None = None
        self.reachable: dict[Hex, int] = {}
        self.victory_dialog: VictoryDialog | None = None
        self.last_message = ""
        self._fighting: bool | None = None
        self._side: str | None = None
        self._build_docks()
        self._build_menu()
        self._show(False)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.autosaver.quitting)

    # --- the contract with the main window --------------------------------------------------

    def activate(self) -> None:
        """Show the docks, turn bar and Game menu; install the play tool; draw the game."""
        self.active = True
        self._show(True)
        if self.session is not None:
            self._show_game()
        else:
            orphans = orphan_autosaves()
            if orphans:
                self.say(
                    f"A game autosaved by a session that ended unexpectedly is waiting: "
                    f"Game > Open an autosaved game… ({orphans[0].name})."
                )
            else:
                self.say("Kasserine Pass: Game > New Kasserine Pass game… or Open game….")
        self.canvas.set_tool(self.tool)

    def deactivate(self) -> None:
        self.active = False
        self._fighting = None
        self._show(False)
        if self.canvas.tool is self.tool:
            self.canvas.set_tool(None)
        self._drop_items()

    def open_path(self, path: Path | str) -> bool:
        """Open a .kpgame; a bad file is one sentence in a dialog, the current game stays."""
        path = Path(path)
        try:
            session = PlaySession.load(path, self)
        except FileFormatError as error:
            QMessageBox.warning(self.window, "Could not open the game", str(error))
            return False
        except OSError as error:
            QMessageBox.warning(
                self.window, "Could not open the game", describe_os_error(error, path, "open")
            )
            return False
        if not self.maybe_close():
            session.deleteLater()
            return False
        orphan = autosave.as_recovered(session, path)  # a crashed program's autosave?
        self._start(session, orphan)
        if orphan is None:
            files.remember(self.window, path)
        self.say(f"Opened {path.name}: {session.whose_turn()}.")
        return True

    def maybe_close(self) -> bool:
        """True when the game may be dropped (saved, discarded, or nothing unsaved)."""
        return files.may_close(self.window, self.session)

    @property
    def document(self) -> PlaySession | None:
        """The open game (the window's File > Save saves it while this mode is in charge)."""
        return self.session

    def close_document(self) -> bool:
        """File > Close: put the game away (asking first about unsaved moves)."""
        return self.close_game()

    # --- games ------------------------------------------------------------------------------

    def new_game(
        self,
        seed: int | None = None,
        options: Options | None = None,
        players: dict[str, str] | None = None,
    ) -> PlaySession:
        """Start the scenario (no questions asked: the caller has asked them)."""
        game = Game.scenario(seed=seed, options=options or Options())
        session = PlaySession(game, players, None, self)
        self._start(session)
        dice = f"seed {seed}" if seed is not None else "dice from the operating system"
        self.say(f"New game, {dice}: {session.whose_turn()}.")
        return session

    def play(self, game: Game, players: dict[str, str] | None = None) -> PlaySession:
        """Play any engine game (a custom position, a game loaded elsewhere)."""
        session = PlaySession(game, players, None, self)
        self._start(session)
        return session

    def new_game_dialog(self) -> bool:
        """Ask for players, options and seed, then start. False when cancelled."""
        if not self.maybe_close():
            return False
        dialog = self.make_new_game_dialog()
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.new_game(dialog.seed_value(), dialog.options(), dialog.players())
        return True

    def new_document(self) -> bool:
        """A start-page card: ask for a new game."""
        return self.new_game_dialog()

    def make_new_game_dialog(self) -> NewGameDialog:
        return NewGameDialog(self.window)

    def save(self) -> bool:
        return files.save(self.window, self.session)

    def save_as(self) -> bool:
        return files.save_as(self.window, self.session)

    def save_to(self, path: Path | str) -> bool:
        """Save the game to `path` (its autosave then goes); on failure say why."""
        if self.session is None or not files.save_to(self.window, self.session, path):
            return False
        self._update_title()
        self.say(f"Saved {Path(path).name}.")
        return True

    def open_dialog(self) -> bool:
        path = files.ask_open_path(self.window, "Open a Kasserine Pass game", FILE_FILTER)
        return self.open_path(path) if path else False

    def open_autosave_dialog(self) -> bool:
        path = files.ask_open_path_in(
            self.window, "Open an autosaved game", autosave_folder(), FILE_FILTER
        )
        return self.open_path(path) if path else False

    def close_game(self) -> bool:
        if not self.maybe_close():
            return False
        self._drop_items()
        old, self.session = self.session, None
        self.autosaver.attach(None)
        if old is not None:
            old.release()
        if self.active:
            self.window.set_document(None)
        self.refresh()
        return True

    # --- the player's gestures (the play tool and the docks call these) ------------------------

    def hex_clicked(self, h: Hex) -> bool:
        """A left click on the map. True when the engine accepted an action."""
        g = self.game
        if g is None or not g.map.contains(h) or self.handing_over():
            return False
        return tool_for(self).click(h)

    def hex_dragged(self, start: Hex, end: Hex) -> bool:
        """A left drag from one hex to another: in movement it moves the selection, or
        the whole stack it started on. True when the engine accepted the move."""
        g = self.game
        if g is None or self.handing_over() or not g.map.contains(end):
            return False
        if not g.map.contains(start):
            return self.hex_clicked(end)
        return tool_for(self).drag(start, end)

    def clear_selection(self) -> None:
        """Escape: nothing is selected any more (and no move is previewed)."""
        self.selected = None
        self.picked = []
        self.canvas.clear_preview()
        self._refresh_selection()

    def units_at(self, h: Hex | None) -> list:
        """The counters in hex h, bottom first (as drawn)."""
        return self.layer.units_at(h) if self.layer is not None and h is not None else []

    def group(self) -> list[str]:
        """The units that move together: several picked in the Stack dock, else the one
        selected."""
        if self.selected is None:
            return []
        if self.selected in self.picked and len(self.picked) > 1:
            return list(self.picked)
        return [self.selected]

    def choose_units(self, unit_ids: list[str]) -> None:
        """Pick several units of one hex (Ctrl-click in the Stack dock, or a dragged
        stack): they move together."""
        self.picked = list(unit_ids)
        self.choose_unit(unit_ids[0] if unit_ids else None, keep_group=True)

    def defence_pending(self) -> bool:
        """A declared attack waits for the defender to allocate artillery."""
        g = self.game
        if g is None or g.pending() is not None or not g.state.phase.endswith("combat"):
            return False
        current = self.combat.panel.current_combat()
        return (
            current is not None
            and not current.resolved
            and current.id not in self.combat.panel.defense_done
        )

    def acting_side(self) -> str | None:
        """Who must act now: the side to play, or the defender allocating artillery
        during the other side's combat. None when the game is over."""
        g = self.game
        if g is None or g.over:
            return None
        if self.defence_pending():
            return "allied" if g.state.side == "german" else "german"
        return g.side_to_play

    def acting_words(self) -> str:
        """ "Allied player: your movement phase" — what the hand-over screen and the
        turn bar say."""
        side = self.acting_side()
        if side is None:
            return "The game is over"
        g = self.game
        who = self.session.player(side)
        if self.defence_pending():
            what = "allocate defensive artillery"
        elif g.pending() is not None and g.pending().side != g.state.side:
            what = g.describe(g.pending())
        else:
            phase = PHASE_WORDS[g.state.phase].removeprefix("German ").removeprefix("Allied ")
            what = f"your {phase} phase"
        return f"{who}: {what}"

    def handing_over(self) -> bool:
        return self.handover is not None and self.handover.isVisible()

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

    def hex_context_menu(self, h: Hex) -> QMenu | None:
        """Right click: the unit actions possible in that hex, as a pop-up menu."""
        g = self.game
        if g is None:
            return None
        if self.handing_over():
            return None
        menu = QMenu(self.window)
        here = self.move_here_words(h)
        if here:
            # Onto a friendly stack a click only selects: moving there is this or a drag.
            menu.addAction(here).triggered.connect(lambda _c=False: MovementTool(self).move_here(h))
            menu.addSeparator()
        else:
            self.show_stack(h)
        for uid, name, text in self.unit_actions(h):
            action = menu.addAction(text)
            action.triggered.connect(lambda _c=False, u=uid, n=name: self.unit_action(n, u))
        if menu.isEmpty():
            return None
        menu.popup(QCursor.pos())
        self._menu = menu
        return menu

    def move_here_words(self, h: Hex) -> str:
        """ "Move Panzer 1 here" when the selection may be moved to h this phase."""
        g = self.game
        group = self.group()
        if not group or not g.state.phase.endswith("movement") or g.pending() is not None:
            return ""
        view = g.unit(group[0])
        if view.side != g.state.side or view.hex == h or h not in self.reachable:
            return ""
        names = ", ".join(g.label(uid) for uid in group)
        return f"Move {names} here"

    def unit_actions(self, h: Hex) -> list[tuple[str, str, str]]:
        """(unit id, action name, menu text) the engine would accept for units in hex h."""
        g = self.game
        here = {u.id for u in self.layer.units_at(h)} if self.layer else set()
        result = []
        for a in g.legal_actions(moves=False) if here else []:
            uid = getattr(a, "unit", None)
            if uid not in here:
                continue
            name = g.label(uid)
            if isinstance(a, BreakdownUnit):
                result.append((uid, "breakdown", f"Break down {name}"))
            elif isinstance(a, BreakOff):
                result.append((uid, "break_off", f"Break off {name} (+2 MP)"))
            elif isinstance(a, BridgeWork):
                verb = "destroy_bridge" if a.destroy else "rebuild_bridge"
                text = "Blow the bridge" if a.destroy else "Rebuild the bridge"
                result.append((uid, verb, f"{text} with {name}"))
        return result

    def unit_action(self, name: str, unit_id: str | None = None) -> bool:
        """Break down, blow/rebuild a bridge or break off, for the chosen unit."""
        g = self.game
        uid = unit_id or self.selected
        if g is None or uid is None:
            self.say(
                "Pick a unit first (click its hex, then pick it in the Stack dock).", refusal=True
            )
            return False
        if name in ("destroy_bridge", "rebuild_bridge"):
            view = g.unit(uid)
            if view.hex is None:
                self.say("Engineers: the unit is not on the map", refusal=True)
                return False
            result = self.session.act(name, uid, view.hex)
        else:
            result = self.session.act(name, uid)
        if result is None:
            return False
        if name == "breakdown":
            self.selected = result[0] if result else None
        return True

    def choose_unit(self, unit_id: str | None, keep_group: bool = False) -> None:
        """Select a unit (from the map, the stack inspector, set-up or reinforcements)."""
        if not keep_group:
            self.picked = []
        self.selected = unit_id
        g = self.game
        if g is not None and unit_id is not None and unit_id in g.state.units:
            view = g.unit(unit_id)
            if view.hex is not None:
                self.stack_hex = view.hex
            elif view.side == g.state.side:
                self._show_entry(unit_id)
        self._refresh_selection()

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

    def end_phase(self) -> bool:
        g = self.game
        if g is None:
            return False
        problems = g.obligations()
        if self.session.act("end_phase") is None:
            if problems:
                QMessageBox.warning(
                    self.window,
                    "The phase cannot end yet",
                    "Still to do before the phase ends:\n\n• " + "\n• ".join(problems),
                )
            return False
        self.selected = None
        self.combat.panel.target = None
        self.combat.panel.show_last = False
        return True

    def undo(self) -> bool:
        """Take back the last action (as far as the engine's locks allow) and say so;
        the Stack dock follows the selection back to where it stands now."""
        if self.session is None or not self.session.undo():
            return False
        g = self.game
        if self.selected is not None and self.selected in g.state.units:
            self.show_stack(g.unit(self.selected).hex)
        self.say(f"Undone: the last action is taken back — {self.session.whose_turn()}")
        return True

    def show_stack(self, h: Hex | None) -> None:
        self.stack_hex = h
        self._refresh_stack()

    def say(self, text: str, refusal: bool = False) -> None:
        """A sentence for the players: in the notice line under the turn bar (refusals in
        red) and in the status bar."""
        self.last_message = text
        self.notices.show_notice(text, refusal)
        self.window.show_message(text, 10000)

    # --- redraw ------------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

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
            self.combat.setVisible(fighting)
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

    def info_text(self) -> str:
        """The game's information: date, who acts, the dice (and the seed if one was
        given), the optional rules."""
        info = self.game.info()
        rules = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in info["options"].items())
        return (
            f"{info['date']}, turn {info['turn']} of 12 — {info['phase']}\n"
            f"Acting now: {self.acting_words()}\n"
            f"Dice: {info['dice']}\n"
            f"Actions so far: {info['actions']}; undo "
            f"{'possible' if info['can_undo'] else 'locked'}\n\n"
            f"Optional rules — {rules}"
        )

    def show_info(self) -> QMessageBox | None:
        if self.game is None:
            return None
        box = QMessageBox(
            QMessageBox.Icon.Information, "Game information", self.info_text(), parent=self.window
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.open()
        self._info_box = box
        return box

    def show_victory(self) -> VictoryDialog:
        self.victory_dialog = VictoryDialog(self.game, self.session.players, self.window)
        self.victory_dialog.show()
        return self.victory_dialog

    def _why_not(self, uid: str, h: Hex) -> str:
        try:
            self.game.path_to(uid, h)
        except IllegalAction as error:
            return str(error)
        return ""

    # --- internals: drawing -------------------------------------------------------------------

    def _start(self, session: PlaySession, orphan: autosave.Orphan | None = None) -> None:
        old = self.session
        self.autosaver.attach(session)  # the earlier game's autosave goes
        session.autosaver = self.autosaver
        if old is not None and old is not session:
            old.release()
        if self.victory_dialog is not None:
            self.victory_dialog.close()
            self.victory_dialog = None
        self.session = session
        session.setParent(self)
        session.changed.connect(self._changed)
        session.refused.connect(self._refused)
        session.dirty_changed.connect(lambda _d: self._update_title())
        self.selected = None
        self.stack_hex = None
        self._side = None
        self.combat.panel.target = None
        self.combat.panel.defense_done = set()
        self.combat.panel.show_last = False
        self.combat.panel.dice.clear()  # no earlier game's roll in the new one
        self.combat.panel.advance_dice.clear()
        self._show_game()
        # Framed once the docks it shows have taken their room (the next turn of the
        # event loop), so the view's size is the one the player will see.
        QTimer.singleShot(0, self.frame_the_play)
        self._side = self.acting_side()
        if orphan is not None:
            self.autosaver.adopt(orphan)  # its file stays until this autosave replaces it
        else:
            session.autosave()  # a game never saved is protected at once

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

    def _changed(self, changes: PlayChanges) -> None:
        if changes:
            self.say(changes[-1])
        self.refresh(changes)
        self._hand_over_if_side_changed()

    def _hand_over_if_side_changed(self) -> None:
        """Hot-seat: when another player must act, the hand-over screen names them and
        waits (also for the defender's artillery in the other side's combat)."""
        side = self.acting_side()
        if side != self._side and side is not None and self._side is not None and self.active:
            words = self.acting_words()
            self.say(f"Hand over — {words}")
            if not self.hand_over_screen:
                self._side = side
                return
            if self.handover is None:
                self.handover = HandOverDialog(self.window)
            self.handover.hand_to(words, self.session.whose_turn())
        self._side = side

    def _refused(self, sentence: str) -> None:
        self.say(sentence, refusal=True)

    def _status(self, text: str, refusal: bool = False) -> None:
        """Hover information: the notice line and the status bar, not last_message."""
        self.notices.show_notice(text, refusal)
        self.window.show_message(text, 8000)

    def _enemy_zoc(self) -> set[Hex]:
        g = self.game
        enemy = "allied" if g.state.side == "german" else "german"
        return g.zone_of_control(enemy)

    def _refresh_turn_bar(self) -> None:
        acting = self.acting_side()
        self.turn_bar.refresh(
            self.game, self.session.players, acting, self.acting_words() if acting else ""
        )

    def _panel_settled(self) -> None:
        """The Combat dock declared an attack or settled the defender's artillery: who
        acts may have changed without a new engine action (no guns allocated)."""
        if self.game is None:
            return
        self._refresh_turn_bar()
        self._hand_over_if_side_changed()

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
                    self._status(self._why_not(self.selected, view.hex) or "")
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

    def _stack_picked(self, ids: list[str]) -> None:
        """One unit picked in the Stack dock selects it; several (Ctrl-click) move
        together."""
        if not ids:
            return
        if len(ids) > 1:
            self.choose_units(ids)
        else:
            self.choose_unit(ids[0])

    def _update_title(self) -> None:
        if self.session is None or not self.active:
            return
        star = "*" if self.session.dirty else ""
        self.window.setWindowTitle(f"{self.session.title}{star} — Kasserine Pass — hexcampaign")

    # --- building ------------------------------------------------------------------------------

    def _build_docks(self) -> None:
        w = self.window
        self.turn_bar = TurnBar(w)
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.turn_bar)
        w.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.notices = NoticeBar(w)
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.notices)
        self.setup = SetupDock(w)
        self.reinforcements = ReinforcementsDock(w)
        self.stack = StackDock(w)
        self.combat = CombatDock(lambda: self.session, w)
        self.log = LogDock(w)
        self.crt = CrtDock(w)
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        w.addDockWidget(left, self.setup)
        w.addDockWidget(left, self.stack)
        w.addDockWidget(left, self.reinforcements)
        w.addDockWidget(right, self.combat)
        w.addDockWidget(bottom, self.log)
        w.addDockWidget(bottom, self.crt)
        w.tabifyDockWidget(self.log, self.crt)
        self.log.raise_()
        # The map is the game: the docks take what they need and no more.
        w.resizeDocks([self.log], [150], Qt.Orientation.Vertical)
        w.resizeDocks([self.setup, self.combat], [330, 400], Qt.Orientation.Horizontal)
        self.docks = [self.setup, self.stack, self.reinforcements, self.combat, self.log, self.crt]
        self.turn_bar.end_phase_requested.connect(self.end_phase)
        self.turn_bar.undo_requested.connect(self.undo)
        self.setup.unit_chosen.connect(self.choose_unit)
        self.setup.done_requested.connect(self.end_phase)
        self.reinforcements.unit_chosen.connect(self.choose_unit)
        self.stack.action_requested.connect(lambda name: self.unit_action(name))
        self.combat.panel.decision_unit_changed.connect(lambda _u: self._refresh_selection())
        self.combat.panel.attack_changed.connect(self._refresh_selection)
        self.combat.panel.settled.connect(self._panel_settled)
        self.stack.units_chosen.connect(self._stack_picked)

        self.log.export_button.clicked.connect(self._export_log)

    def _build_menu(self) -> None:
        menu = self.window.menu("&Game")
        self.menu = menu
        self._menu_actions: list[QAction] = []
        self._game_actions: list[QAction] = []

        def add(text, slot, shortcut=None, needs_game=True):
            action = QAction(text, self.window)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda _c=False: slot())
            menu.addAction(action)
            self._menu_actions.append(action)
            if needs_game:
                self._game_actions.append(action)
            return action

        add("&New Kasserine Pass game…", self.new_game_dialog, needs_game=False)
        add("&Open game…", self.open_dialog, needs_game=False)
        add("Open an &autosaved game…", self.open_autosave_dialog, needs_game=False)
        menu.addSeparator()
        add("&Save game", self.save, "Ctrl+Shift+G")
        add("Save game &as…", self.save_as)
        menu.addSeparator()
        add("&Undo the last action", self.undo, "Ctrl+Alt+Z")
        add("&End phase", self.end_phase, "Ctrl+E")
        self.clear_action = add("C&lear the selection", self.clear_selection, "Escape")
        add("E&xport the log…", self._export_log)
        add("Game &information…", self.show_info)
        menu.addSeparator()
        add("&Close the game", self.close_game)

    def _show(self, visible: bool) -> None:
        self.turn_bar.setVisible(visible)
        self.notices.setVisible(visible)
        for dock in self.docks:
            dock.setVisible(visible)
        if visible and self.game is not None:
            self.setup.setVisible(self.game.state.phase == "german_setup")
        for action in getattr(self, "_menu_actions", []):
            action.setVisible(visible)
        if hasattr(self, "menu"):
            self.menu.menuAction().setVisible(visible)

    def _export_log(self) -> bool:
        if self.game is None:
            return False
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            "Export the game log",
            str(Path.home() / "kasserine-log.txt"),
            "Text (*.txt);;All files (*)",
        )
        if not path:
            return False
        try:
            self.log.export_to(path)
        except OSError as error:
            QMessageBox.critical(
                self.window,
                "Could not export the log",
                describe_os_error(error, Path(path), "save"),
            )
            return False
        self.say(f"Exported the log to {os.path.basename(path)}.")
        return True
