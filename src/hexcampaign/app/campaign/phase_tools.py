"""The campaign's phase tools: what a click on the map means in each phase.

- a pending placement (a build, a retreat, an advance): the clicked hex is the choice;
- movement: click a division or corps HQ to select it (its reachable hexes show with the
  points left), then a reachable hex to move there;
- attack orders: click own divisions to pick attackers, then an enemy formation to open
  the attack order with them;
- otherwise a click selects (or clears) the formation shown in the docks.
Each gesture becomes one typed campaign action sent with `document.act(action, tool)`:
the engine decides, the document's one `changed` redraws the desk, and a refusal is
shown once by the mode (and as a tooltip at the click point).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QMenu, QToolTip

from hexcampaign.app.plain_text import literal
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.state import pair
from hexcampaign.hexes import Hex


def send(mode, action, at: QPoint | None = None):
    """Send one typed action from the map (the tool is its initiator); a refusal is also
    shown at the click point. The change record, or None on a refusal."""
    changes = mode.document.act(action, mode.tool)
    if changes is None and at is not None:
        QToolTip.showText(at, literal(mode.document.last_refusal))
    return changes


class CampaignTool:
    name = "campaign"

    def __init__(self, mode) -> None:
        self.mode = mode

    # The canvas' tool lifecycle.
    def activate(self) -> None:
        pass

    def deactivate(self) -> None:
        pass

    def moved(self, event: ToolEvent) -> None:
        pass

    def released(self, event: ToolEvent) -> None:
        pass

    def hex_changed(self, event: ToolEvent) -> None:
        """Name what is under the pointer in the status bar (the hex line shows the rest)."""
        c = self.mode.campaign
        if c is None or not c.map.contains(event.hex):
            return
        here = c.formations_at(event.hex)
        if here:
            text = "; ".join(f"{f.name} ({f.side}): {c.formation_summary(f.id)}" for f in here)
            self.mode.window.show_message(text, 4000)

    def pressed(self, event: ToolEvent) -> None:
        if event.button == "right":
            self.mode.attackers = []
            if not self.formation_menu(event.hex):
                self.mode.select(None)
            return
        if event.button == "left":
            self.click(event.hex)

    def formation_menu(self, h: Hex) -> QMenu | None:
        """Right-click on a formation: what the umpire may do with it now."""
        mode: Any = self.mode
        c = mode.campaign
        if c is None or not c.map.contains(h) or not c.formations_at(h):
            return None
        menu = QMenu(mode.window)
        menu.setObjectName("formation-menu")

        def add(text: str, slot: Callable[[], object]) -> None:
            menu.addAction(text).triggered.connect(lambda _checked=False: slot())

        assignable = {
            str(a.subject): list(a.choices) for a in c.legal_actions() if a.kind == "assign"
        }
        for f in c.formations_at(h):
            menu.addSection(f"{f.name} ({f.side})")
            add("Select", partial(mode.select, f.id))
            if c.phase == "attack_orders" and f.side != c.side_to_play and f.kind != "corps":
                add("Order an attack on it…", partial(self._order_attack, f.id))
            if f.id in assignable:
                # The engine's own choices: the corps HQs this division may come under now.
                assign = menu.addMenu("Assign to corps HQ")
                for corps in assignable[f.id]:
                    order = A.Assign(fid=f.id, corps_id=str(corps))
                    assign.addAction(c.formation(str(corps)).name).triggered.connect(
                        lambda _checked=False, o=order: mode.document.act(o, self)
                    )
            if mode.player_desk:
                # Renaming and the corrections are the umpire's: a player's desk does
                # not offer what its orders file could only have refused.
                continue
            add("Rename…", partial(mode.rename_dialog, f.id))
            add("Move it (umpire)…", partial(mode.correction_dialog, "move", f.id))
            add("Set its experience…", partial(mode.correction_dialog, "experience", f.id))
        mode.context_menu = menu
        menu.popup(mode.window.canvas.hex_cursor.popup_point())  # the pointer's, or the key's hex
        return menu

    def _order_attack(self, fid: str) -> None:
        self.mode.dialogs.attack_order(fid, list(self.mode.attackers))

    def click(self, h: Hex) -> None:
        """A left click on `h`: the placement awaited takes it, else the phase's clicks."""
        mode = self.mode
        c = mode.campaign
        if c is None or not c.map.contains(h):
            return
        at = mode.window.canvas.hex_cursor.popup_point()  # where a dialog the click opens stands
        clicks: Any = PlacingClicks if mode.placing is not None else PHASE_CLICKS.get(c.phase)
        if clicks is None or not clicks.click(mode, c, h, at):
            mode.select(_pick(c.formations_at(h), mode.selected))


# --- what a click means, one small object per phase -------------------------------------
# Each `click` returns True when it dealt with the click; False leaves it to selecting.


class PlacingClicks:
    """A build, a retreat or an advance awaits its hex: the clicked hex is the choice."""

    @staticmethod
    def click(mode, c, h: Hex, at) -> bool:
        what, subject = mode.placing
        hint = mode.placing_hint()
        action: Any
        if what == "build":
            action = A.Build(side=c.side_to_play, kind=subject, where=pair(h))
        elif what == "retreat":
            action = A.Retreat(fid=subject, where=pair(h))
        else:
            action = A.Advance(fid=subject, where=pair(h))
        # The hex chosen ends the placement: the one redraw after the action shows none.
        mode.placing = None
        if send(mode, action, at) is None:
            mode.placing = (what, subject)
            return True
        # "Click a highlighted hex: …" no longer holds once the hex is chosen.
        bar = mode.window.statusBar()
        if bar.currentMessage() == hint:
            bar.clearMessage()
        return True


class MovementClicks:
    """Click an own formation to select it, then a reachable hex to move there; any
    other hex is still asked of the engine, so the refusal names the rule (MP, ZOC)."""

    @staticmethod
    def click(mode, c, h: Hex, at) -> bool:
        mine = [f for f in c.formations_at(h) if f.side == c.side_to_play]
        fid = mode.selected
        if fid and h in c.reachable(fid):
            # A move ends the selection: the one redraw after the move shows none.
            mode.selected = None
            if send(mode, A.Move(fid=fid, path=[pair(x) for x in c.path_to(fid, h)]), at) is None:
                mode.selected = fid
            return True
        if fid and not mine:
            path = c.path_to(fid, h) or [h]
            send(mode, A.Move(fid=fid, path=[pair(x) for x in path]), at)
            return True
        mode.select(_pick(mine, fid))
        return True


class AttackOrderClicks:
    """Click own divisions to pick the attackers, then an enemy formation to open the
    attack order with them."""

    @staticmethod
    def click(mode, c, h: Hex, at) -> bool:
        here = c.formations_at(h)
        enemy = [f for f in here if f.side != c.side_to_play]
        mine = [f for f in here if f.side == c.side_to_play and f.kind != "corps"]
        if enemy:
            target = next((f for f in enemy if f.kind != "corps"), enemy[0])
            mode.dialogs.attack_order(target.id, list(mode.attackers))
            return True
        if not mine:
            return False
        fid = mine[0].id
        if fid in mode.attackers:
            mode.attackers.remove(fid)
        else:
            mode.attackers.append(fid)
        mode.selected = None
        mode.view_changed.emit()
        names = ", ".join(c.formation(a).name for a in mode.attackers) or "none"
        mode.window.show_message(
            f"Attackers: {names}. Click an enemy formation to order the attack."
        )
        return True


PHASE_CLICKS = {"movement": MovementClicks, "attack_orders": AttackOrderClicks}


def _pick(formations, current: str | None) -> str | None:
    """Clicking a hex selects its division, then its corps HQ on the next click."""
    if not formations:
        return None
    ids = [f.id for f in sorted(formations, key=lambda f: f.kind == "corps")]
    if current in ids:
        return ids[(ids.index(current) + 1) % len(ids)]
    return ids[0]


# --- a placement awaited: what the map highlights and the status bar says ---------------


def placing_hint(c, placing: tuple[str, str] | None) -> str:
    if placing is None:
        return ""
    what, subject = placing
    if what == "build":
        return f"Click a highlighted hex to place the new {subject} formation."
    name = c.formation(subject).name if c is not None else subject
    return f"Click a highlighted hex: where {name} should {what}."


def placing_choices(c, placing: tuple[str, str] | None) -> list[Hex]:
    """The hexes the engine allows for the placement awaited (its legal actions)."""
    if c is None or placing is None:
        return []
    what, subject = placing
    if what == "build":
        for a in c.legal_actions():
            if a.kind == "build" and a.subject == subject:
                return [h for h in a.choices if isinstance(h, Hex)]
        return []
    if what == "retreat":
        return c.retreat_options(subject) if subject in c.state.formations else []
    for item in c.open_items():
        if item.kind == "advance" and item.formation == subject:
            return list(item.choices)
    return []
