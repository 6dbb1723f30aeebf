"""The player's gestures on the board and docks: clicks, drags, hovering, the right-click
menu, unit actions, End phase and Undo. The play tool (tool.py) hands it the hexes; the
phase tool of the moment (phase_tools.py) gives a click its meaning; every gesture that
changes the game is one typed engine action sent with `document.act(action, self)`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu, QMessageBox

from hexcampaign.app.kasserine.board_view import MOVE_COLOUR
from hexcampaign.app.kasserine.phase_tools import MovementTool, tool_for
from hexcampaign.app.plain_text import literal
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.state import BreakdownUnit, BreakOff, BridgeWork, EndPhase

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import GesturesTable

def still_to_do(problems: list[str]) -> str:
    """The End phase refusal. A box listing every open item grew taller than the screen
    at the German set-up (41 units to place), and a box naming the first few left the
    rest out of reach: the whole list is the Still to do dock's, which the refusal
    brings into view (it scrolls; each item centres its hex and links to its rule)."""
    if len(problems) == 1:
        return f"Still to do before the phase ends:\n\n• {problems[0]}"
    return (
        f"Still to do before the phase ends: {len(problems)} items, every one listed in "
        "the Still to do dock (click one to go to its hex, or its rule to read it).\n\n"
        f"The first: {problems[0]}"
    )


def unit_action_of(
    game: Game, name: str, unit_id: str
) -> BreakdownUnit | BreakOff | BridgeWork | None:
    """The engine's action for a unit action's name (the Stack dock's buttons, the
    right-click menu); None for bridge work by a unit off the map."""
    if name == "breakdown":
        return BreakdownUnit(unit=unit_id)
    if name == "break_off":
        return BreakOff(unit=unit_id)
    at = game.unit(unit_id).hex
    if at is None:
        return None
    return BridgeWork(unit=unit_id, hex=(at.q, at.r), destroy=name == "destroy_bridge")


class Gestures:
    """What the player does with the mouse and keys (HexGestures, for the play tool)."""

    def __init__(self, mode: GesturesTable) -> None:
        self.mode = mode
        self.menu: QMenu | None = None  # the right-click menu shown last

    # --- the map -------------------------------------------------------------------------

    def hex_clicked(self, h: Hex) -> bool:
        """A left click on the map. True when the engine accepted an action."""
        mode, g = self.mode, self.mode.game
        if g is None or not g.map.contains(h) or mode.turns.handing_over():
            return False
        if mode.computer.computer_side() is not None:
            mode.board.show_stack(h)  # watching the computer: a click only shows the stack
            return False
        return tool_for(mode).click(h)

    def hex_dragged(self, start: Hex, end: Hex) -> bool:
        """A left drag from one hex to another: in movement it moves the selection, or
        the whole stack it started on. True when the engine accepted the move."""
        mode, g = self.mode, self.mode.game
        if g is None or mode.turns.handing_over() or not g.map.contains(end):
            return False
        if mode.computer.refuse_while_computer():
            return False
        if not g.map.contains(start):
            return self.hex_clicked(end)
        return tool_for(mode).drag(start, end)

    def hex_drag_began(self, start: Hex) -> None:
        """The pointer left the pressed hex with the button down: in movement the units
        the drag carries are picked at once (the selection, or the stack it started
        on), so the reachable hexes, the path and its cost show while dragging."""
        mode, g = self.mode, self.mode.game
        if g is None or mode.turns.handing_over() or mode.computer.computer_side() is not None:
            return
        if g.map.contains(start):
            tool_for(mode).drag_began(start)

    def hex_hovered(self, h: Hex | None) -> None:
        """The hex under the pointer: its stack, and in movement the path to it and its
        cost (or the engine's reason the selection may not go there)."""
        mode, board, g = self.mode, self.mode.board, self.mode.game
        if g is None or h is None or not g.map.contains(h):
            return
        stack = board.units_at(h)
        here = ", ".join((u.label or u.name or u.id) for u in reversed(stack))
        prefix = f"{g.map.label(h)}: {here}. " if here else ""
        prefix += self._badge_words(h)
        unit = board.selected
        on_itself = unit is not None and g.unit(unit).hex == h
        if (
            unit
            and not on_itself
            and g.state.phase.endswith("movement")
            and g.pending() is None
            and board.reachable
        ):
            if h in board.reachable:
                mode.status(prefix + self._move_words(unit, h))
            elif any(u.side == g.state.side for u in stack):
                # A click on a stack of one's own picks it (it moves nothing there): no
                # refusal for a move nobody asked for.
                mode.canvas.clear_preview()
                mode.status(prefix + "Click to pick a unit of this stack.")
            else:
                mode.canvas.clear_preview()
                mode.status(prefix + board.why_not(unit, h), refusal=True)
            return
        if prefix:
            mode.status(prefix)

    def _badge_words(self, h: Hex) -> str:
        """What a victory place's badge means ("A3": the Allies hold it, 3 VP), said when
        the pointer is on its hex (the badges were explained nowhere)."""
        g = self.mode.game
        place = g.map.place_at(h) if g is not None else None
        if g is None or place is None or place.name not in g.state.victory:
            return ""
        points = g.state.victory[place.name]
        holder = g.state.holders.get(place.name, "allied")
        badge = ("G" if holder == "german" else "A") + str(points)
        who = "the Germans" if holder == "german" else "the Allies"
        return (
            f"{place.name}: {points} victory point{'s' * (points != 1)}, held by {who} "
            f"(its badge {badge}: A Allied, G German, and the points). "
        )

    def hex_context_menu(self, h: Hex) -> QMenu | None:
        """Right click: the unit actions possible in that hex, as a pop-up menu."""
        mode = self.mode
        if mode.game is None or mode.turns.handing_over():
            return None
        menu = QMenu(mode.window)
        here = self.move_here_words(h)
        if here:
            # Onto a friendly stack a click only selects: moving there is this or a drag.
            menu.addAction(here).triggered.connect(lambda _c=False: MovementTool(mode).move_here(h))
            menu.addSeparator()
        else:
            mode.board.show_stack(h)
        for uid, name, text in self.unit_actions(h):
            action = menu.addAction(text)
            action.triggered.connect(lambda _c=False, u=uid, n=name: self.unit_action(n, u))
        # The hex's own units can always be picked from its menu, whatever is selected
        # (with another unit selected, a right click here gave only a red refusal).
        own = [u for u in reversed(mode.board.units_at(h)) if u.side == mode.game.state.side]
        if own and not mode.computer.computer_side():
            if not menu.isEmpty():
                menu.addSeparator()
            for u in own:
                pick = menu.addAction(f"Pick {mode.game.label(u.id)}")
                pick.triggered.connect(lambda _c=False, uid=u.id: mode.board.choose_unit(uid))
        if menu.isEmpty():
            return None
        menu.popup(mode.canvas.hex_cursor.popup_point())  # at the pointer, or the key's hex
        self.menu = menu
        return menu

    def move_here_words(self, h: Hex) -> str:
        """ "Move Panzer 1 here" when the selection may be moved to h this phase."""
        g, board = self.mode.game, self.mode.board
        group = board.group()
        if g is None or not group or not g.state.phase.endswith("movement"):
            return ""
        if g.pending() is not None:
            return ""
        view = g.unit(group[0])
        if view.side != g.state.side or view.hex == h or h not in board.reachable:
            return ""
        names = ", ".join(g.label(uid) for uid in group)
        return f"Move {names} here"

    # --- unit actions, End phase, Undo ---------------------------------------------------

    def unit_actions(self, h: Hex) -> list[tuple[str, str, str]]:
        """(unit id, action name, menu text) the engine would accept for units in hex h."""
        g = self.mode.game
        here = {u.id for u in self.mode.board.units_at(h)}
        if g is None or not here:
            return []
        result = []
        for a in g.legal_actions(moves=False):
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
        mode, g, document = self.mode, self.mode.game, self.mode.document
        uid = unit_id or mode.board.selected
        if mode.computer.refuse_while_computer():
            return False
        if g is None or document is None or uid is None:
            mode.say(
                "Pick a unit first (click its hex, then pick it in the Stack dock).", refusal=True
            )
            return False
        action = unit_action_of(g, name, uid)
        if action is None:
            mode.say("Engineers: the unit is not on the map", refusal=True)
            return False
        if document.act(action, self) is None:
            return False
        if name == "breakdown":
            parts = [u.id for u in g.state.units.values() if u.broken_from == uid]
            mode.board.selected = parts[0] if parts else None
        return True

    def end_phase(self) -> bool:
        mode, g, document = self.mode, self.mode.game, self.mode.document
        if g is None or document is None or mode.computer.refuse_while_computer():
            return False
        problems = g.obligations()
        if document.act(EndPhase(), self) is None:
            if problems:
                QMessageBox.warning(
                    mode.window, "The phase cannot end yet", literal(still_to_do(problems))
                )
            return False
        mode.board.selected = None
        panel = mode.docks.combat.panel
        panel.target = None
        panel.show_last = False
        return True

    def undo(self) -> bool:
        """Take back the last action (as far as the engine's locks allow) and say so;
        the Stack dock follows the selection back to where it stands now."""
        mode, document = self.mode, self.mode.document
        if document is None or mode.computer.refuse_while_computer():
            return False
        if document.game.state.side in document.computer:
            # A person may be asked something in the computer's phase (the defence):
            # the computer's moves before it are its own.
            mode.say(
                "Undo: the computer's moves are its own; undo takes back only yours", refusal=True
            )
            return False
        if not document.undo(self):
            return False
        g, selected = document.game, mode.board.selected
        if selected is not None and selected in g.state.units:
            mode.board.show_stack(g.unit(selected).hex)
        mode.say(f"Undone: the last action is taken back — {document.whose_turn()}")
        return True

    def redo(self) -> bool:
        """Apply again what Undo took back last (the engine refuses once another action
        was taken since) and say so."""
        mode, document = self.mode, self.mode.document
        if document is None or mode.computer.refuse_while_computer():
            return False
        if not document.redo(self):
            return False
        mode.say(f"Redone: the action is applied again — {document.whose_turn()}")
        return True

    # --- inside --------------------------------------------------------------------------

    def _move_words(self, unit: str, h: Hex) -> str:
        """The path to h drawn on the board, and its cost in words."""
        mode, board = self.mode, self.mode.board
        g = mode.game
        assert g is not None
        path = g.path_to(unit, h)
        view = g.unit(unit)
        start = [view.hex] if view.hex is not None else []
        spent = board.reachable[h]
        mode.canvas.set_preview(path=start + path, color=MOVE_COLOUR)
        zoc = " Enemy zone of control: the move ends there." if h in board.enemy_zoc() else ""
        group = board.group()
        if len(group) > 1:
            # A stack moving together: each unit's MP left after the same path.
            left = []
            for uid in group:
                other = g.unit(uid)
                cost = g.reachable(uid).get(h)
                if cost is not None:
                    left.append(f"{other.label or other.name or uid} {other.mf - cost}")
            names = ", ".join(g.label(uid) for uid in group)
            return (
                f"Move {names} together to {g.map.label(h)}; MP left: {', '.join(left)}.{zoc}"
            )
        return (
            f"Move {view.label or view.name or view.id} to {g.map.label(h)}: "
            f"{spent - view.mp_spent} MP, {view.mf - spent} MP left.{zoc}"
        )
