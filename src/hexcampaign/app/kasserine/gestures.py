"""The player's gestures on the board and docks: clicks, drags, the selection, the
right-click menu, unit actions, End phase and Undo. Each becomes one engine call through
the session. A mixin of KasserineMode."""

from __future__ import annotations

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu, QMessageBox

from hexcampaign.app.kasserine.phase_tools import MovementTool, tool_for
from hexcampaign.app.plain_text import literal
from hexcampaign.hexes import Hex
from hexcampaign.kasserine.state import BreakdownUnit, BreakOff, BridgeWork

# A box listing every open item grew taller than the screen at the German set-up (38
# units left), with its OK button below it: the rest are counted, not listed.
LISTED = 10


def still_to_do(problems: list[str]) -> str:
    """The End phase refusal: the first LISTED open items and how many more."""
    shown = problems if len(problems) <= LISTED else problems[: LISTED - 1]
    more = len(problems) - len(shown)
    text = "Still to do before the phase ends:\n\n• " + "\n• ".join(shown)
    return text + (f"\n• and {more} more like these" if more else "")


class Gestures:
    """What the player does with the mouse and keys (a mixin of KasserineMode)."""

    def hex_clicked(self, h: Hex) -> bool:
        """A left click on the map. True when the engine accepted an action."""
        g = self.game
        if g is None or not g.map.contains(h) or self.handing_over():
            return False
        if self.computer_side() is not None:
            self.show_stack(h)  # watching the computer: a click only shows the stack
            return False
        return tool_for(self).click(h)

    def hex_dragged(self, start: Hex, end: Hex) -> bool:
        """A left drag from one hex to another: in movement it moves the selection, or
        the whole stack it started on. True when the engine accepted the move."""
        g = self.game
        if g is None or self.handing_over() or not g.map.contains(end):
            return False
        if self.refuse_while_computer():
            return False
        if not g.map.contains(start):
            return self.hex_clicked(end)
        return tool_for(self).drag(start, end)

    def hex_drag_began(self, start: Hex) -> None:
        """The pointer left the pressed hex with the button down: in movement the units
        the drag carries are picked at once (the selection, or the stack it started
        on), so the reachable hexes, the path and its cost show while dragging."""
        g = self.game
        if g is None or self.handing_over() or self.computer_side() is not None:
            return
        if g.map.contains(start):
            tool_for(self).drag_began(start)

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
        if self.refuse_while_computer():
            return False
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

    def end_phase(self) -> bool:
        g = self.game
        if g is None or self.refuse_while_computer():
            return False
        problems = g.obligations()
        if self.session.act("end_phase") is None:
            if problems:
                QMessageBox.warning(self.window, "The phase cannot end yet", literal(still_to_do(problems)))
            return False
        self.selected = None
        self.combat.panel.target = None
        self.combat.panel.show_last = False
        return True

    def undo(self) -> bool:
        """Take back the last action (as far as the engine's locks allow) and say so;
        the Stack dock follows the selection back to where it stands now."""
        if self.session is None or self.refuse_while_computer():
            return False
        if self.game.state.side in self.session.computer:
            # A person may be asked something in the computer's phase (the defence):
            # the computer's moves before it are its own.
            self.say(
                "Undo: the computer's moves are its own; undo takes back only yours", refusal=True
            )
            return False
        if not self.session.undo():
            return False
        g = self.game
        if self.selected is not None and self.selected in g.state.units:
            self.show_stack(g.unit(self.selected).hex)
        self.say(f"Undone: the last action is taken back — {self.session.whose_turn()}")
        return True

    def _stack_picked(self, ids: list[str]) -> None:
        """One unit picked in the Stack dock selects it; several (Ctrl-click) move
        together."""
        if not ids:
            return
        if len(ids) > 1:
            self.choose_units(ids)
        else:
            self.choose_unit(ids[0])
