"""What the board shows of the game: the counters, the player's selection and its
highlights (moves, entries, retreats, advances, attacks) and the Stack dock. Everything
is redrawn from the game, on the flags of each change record."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexcampaign.app.document import MapDocument
from hexcampaign.app.kasserine.board import CounterLayer, HighlightItem
from hexcampaign.app.kasserine.framing import PLAY_ZOOM
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import IllegalAction, UnitView
from hexcampaign.kasserine.state import PlaceUnit
from hexcampaign.rules.changes import Play, PlayChanges

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import BoardTable

MOVE_COLOUR = "#ffc800"
ENTRY_COLOUR = "#3aa0ff"
RETREAT_COLOUR = "#ff6a3a"
ADVANCE_COLOUR = "#3ac060"
ATTACK_COLOUR = "#ff3a3a"
# A combat result flips counters (CONTACT, ENGAGED) without moving them.
COUNTER_FLAGS = Play.UNITS | Play.ELIMINATED | Play.PHASE | Play.MAP | Play.HOLDINGS | Play.COMBAT

__all__ = ["PLAY_ZOOM", "BoardView"]


class BoardView:
    """The counters and highlights on the canvas, and the selection they show."""

    def __init__(self, mode: BoardTable) -> None:
        self.mode = mode
        self.canvas = mode.canvas
        self.layer: CounterLayer | None = None
        self.highlight: HighlightItem | None = None
        self.selected: str | None = None  # the unit the player is handling
        self.picked: list[str] = []  # several units of one hex picked in the Stack dock
        self.stack_hex: Hex | None = None  # the hex the Stack dock shows
        self.reachable: dict[Hex, int] = {}  # where the selection may move -> MP spent
        self.redrawn: list[str] = []  # "counters" when the last change redrew them

    # --- following the game --------------------------------------------------------------

    def on_changed(self, changes: PlayChanges, _initiator: object = None) -> None:
        g = self.mode.game
        self.redrawn = []
        if g is None:
            return
        if self.selected and (
            self.selected not in g.state.units or g.unit(self.selected).eliminated
        ):
            self.selected = None
        if self.layer is not None and (changes.flags & COUNTER_FLAGS or changes.units):
            self.redrawn.append("counters")
            self.layer.sync(g)
        self.refresh_selection()

    def show_game(self) -> None:
        """The game's map on the canvas with a counter layer and a highlight above it."""
        g = self.mode.game
        if g is None:
            return
        self.drop_items()
        # The window's document is a copy: an editor switched to later edits only that,
        # never the map the game's rules read and save.
        self.mode.window.set_document(MapDocument(g.map.copy()))
        scene = self.canvas.scene()
        layout = self.canvas.layout
        self.layer = CounterLayer(scene, layout)
        self.highlight = HighlightItem(layout, scene.map_rect)
        scene.addItem(self.highlight)

    def new_game(self) -> None:
        """Nothing of an earlier game stays picked."""
        self.selected = None
        self.picked = []
        self.stack_hex = None

    def drop_items(self) -> None:
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
        self.mode.computer.drop_arrows()

    # --- the selection -------------------------------------------------------------------

    def group(self) -> list[str]:
        """The units that move together: several picked in the Stack dock, else the one
        selected."""
        if self.selected is None:
            return []
        if self.selected in self.picked and len(self.picked) > 1:
            return list(self.picked)
        return [self.selected]

    def units_at(self, h: Hex | None) -> list[UnitView]:
        """The counters in hex h, bottom first (as drawn)."""
        return self.layer.units_at(h) if self.layer is not None and h is not None else []

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
        g = self.mode.game
        if g is not None and unit_id is not None and unit_id in g.state.units:
            view = g.unit(unit_id)
            if view.hex is not None:
                self.stack_hex = view.hex
            elif view.side == g.state.side:
                self.mode.framing.show_entry(unit_id)
        self.refresh_selection()

    def clear_selection(self) -> None:
        """Escape: nothing is selected any more (and no move is previewed)."""
        self.selected = None
        self.picked = []
        self.canvas.clear_preview()
        self.refresh_selection()

    def stack_picked(self, ids: list[str]) -> None:
        """One unit picked in the Stack dock selects it; several (Ctrl-click) move
        together."""
        if not ids:
            return
        if len(ids) > 1:
            self.choose_units(ids)
        else:
            self.choose_unit(ids[0])

    def show_stack(self, h: Hex | None) -> None:
        self.stack_hex = h
        self.refresh_stack()

    def why_not(self, uid: str, h: Hex) -> str:
        """The engine's reason the unit may not move to h ("" when it may)."""
        g = self.mode.game
        if g is None:
            return ""
        try:
            g.path_to(uid, h)
        except IllegalAction as error:
            return str(error)
        return ""

    def enemy_zoc(self) -> set[Hex]:
        g = self.mode.game
        if g is None:
            return set()
        enemy = "allied" if g.state.side == "german" else "german"
        return g.zone_of_control(enemy)

    # --- the highlights ------------------------------------------------------------------

    def refresh_selection(self) -> None:
        g = self.mode.game
        if g is None or self.layer is None or self.highlight is None:
            return
        self.layer.select(set(self.group()))
        self.reachable = {}
        self.canvas.clear_preview()
        decision = g.pending()
        phase = g.state.phase
        panel = self.mode.docks.combat.panel
        hexes: dict[Hex, str] = {}
        zoc: set[Hex] = set()
        marked: set[Hex] = set()
        colour = MOVE_COLOUR
        if decision is not None and decision.kind in ("retreat", "advance"):
            uid = panel.decision_unit
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
                if isinstance(a, PlaceUnit) and a.unit == self.selected
            }
            colour = ENTRY_COLOUR
        elif phase.endswith("movement") and self.selected:
            hexes, zoc = self._movement(self.selected)
        elif phase.endswith("combat"):
            current = panel.current_combat()
            if current is not None and not current.resolved:
                marked = {current.target}
                hexes = {at: "" for uid in current.attackers if (at := g.unit(uid).hex)}
                colour = ATTACK_COLOUR
            elif panel.target is not None:
                marked = {panel.target}
                chosen = set(panel.attackers.selected_ids())
                hexes = {at: "" for uid in chosen if (at := g.unit(uid).hex)}
                colour = ATTACK_COLOUR
        self.highlight.show_hexes(hexes, zoc, marked, colour)
        self.refresh_stack()

    def refresh_stack(self) -> None:
        g = self.mode.game
        if g is None or self.layer is None:
            return
        h = self.stack_hex
        units = self.layer.units_at(h) if h is not None else []
        stack = self.mode.docks.stack
        stack.show_stack(g, h, units, self.group())
        available = set()
        if self.selected and h is not None:
            actions = self.mode.gestures.unit_actions(h)
            available = {name for uid, name, _ in actions if uid == self.selected}
        stack.enable_actions(available)

    def _movement(self, uid: str) -> tuple[dict[Hex, str], set[Hex]]:
        """Where the selection may move (with the MP each leaves) and the enemy's zone
        of control; `reachable` follows."""
        g = self.mode.game
        assert g is not None
        view = g.unit(uid)
        if view.side != g.state.side:
            return {}, set()
        self.reachable = g.reachable(uid)
        for other in self.group()[1:]:  # a picked stack goes where each may
            self.reachable = {h: mp for h, mp in self.reachable.items() if h in g.reachable(other)}
        if not self.reachable and view.hex is not None:
            # Why nothing is lit: the unit (or one of the picked stack) may move
            # nowhere, or no hex is open to all of them together.
            group = self.group()
            reasons = [why for unit in group if (why := g.movement_refusal(unit))]
            names = ", ".join(g.label(unit) for unit in group)
            self.mode.status(
                reasons[0] if reasons else f"Movement: no hex is open to {names} moving together"
            )
        hexes = {h: f"{view.mf - spent}" for h, spent in self.reachable.items()}
        return hexes, self.enemy_zoc()
