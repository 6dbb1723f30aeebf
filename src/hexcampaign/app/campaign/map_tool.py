"""The campaign's canvas tool: what a click on the map means in each phase.

- a pending placement (a build, a retreat, an advance): the clicked hex is the choice;
- movement: click a division or corps HQ to select it (its reachable hexes show with the
  points left), then a reachable hex to move there;
- attack orders: click own divisions to pick attackers, then an enemy formation to open
  the attack order with them;
- otherwise a click selects (or clears) the formation shown in the docks.
Every action goes through the mode (the engine decides; a refusal shows its rule).
"""

from __future__ import annotations

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu

from hexcampaign.app.campaign.flags import VIEW
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex


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
            text = "; ".join(
                f"{f.name} ({f.side}): {c.composition(f.id)}, {f.experience}" for f in here
            )
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
        mode = self.mode
        c = mode.campaign
        if c is None or not c.map.contains(h) or not c.formations_at(h):
            return None
        menu = QMenu(mode.window)
        menu.setObjectName("formation-menu")
        for f in c.formations_at(h):
            menu.addSection(f"{f.name} ({f.side})")
            fid = f.id
            menu.addAction("Select", lambda fid=fid: mode.select(fid))
            if c.phase == "attack_orders" and f.side != c.side_to_play and f.kind != "corps":
                menu.addAction(
                    "Order an attack on it…",
                    lambda fid=fid: mode.battles_dock.attack_dialog(fid, list(mode.attackers)),
                )
            menu.addAction("Rename…", lambda fid=fid: mode.rename_dialog(fid))
            menu.addAction("Move it (umpire)…", lambda fid=fid: mode.correction_dialog("move", fid))
            menu.addAction(
                "Set its experience…",
                lambda fid=fid: mode.correction_dialog("experience", fid),
            )
        mode.context_menu = menu
        menu.popup(QCursor.pos())
        return menu

    def click(self, h: Hex) -> None:
        """A left click on `h`: the placement awaited takes it, else the phase's clicks."""
        mode = self.mode
        c = mode.campaign
        if c is None or not c.map.contains(h):
            return
        at = QCursor.pos()
        clicks = PlacingClicks if mode.placing is not None else PHASE_CLICKS.get(c.phase)
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
        if what == "build":
            if subject == "corps":
                ok, _ = mode.act(c.build_corps, c.side_to_play, h, at=at)
            else:
                ok, _ = mode.act(c.build_division, c.side_to_play, subject, h, at=at)
        elif what == "retreat":
            ok, _ = mode.act(c.retreat, subject, h, at=at)
        else:
            ok, _ = mode.act(c.advance, subject, h, at=at)
        if ok:
            mode.placing = None
            # "Click a highlighted hex: …" no longer holds once the hex is chosen.
            bar = mode.window.statusBar()
            if bar.currentMessage() == hint:
                bar.clearMessage()
            mode.emit_changes(VIEW)
        return True


class MovementClicks:
    """Click an own formation to select it, then a reachable hex to move there; any
    other hex is still asked of the engine, so the refusal names the rule (MP, ZOC)."""

    @staticmethod
    def click(mode, c, h: Hex, at) -> bool:
        mine = [f for f in c.formations_at(h) if f.side == c.side_to_play]
        if mode.selected and h in c.reachable(mode.selected):
            ok, _ = mode.act(c.move, mode.selected, c.path_to(mode.selected, h), at=at)
            if ok:
                mode.select(None)
            return True
        if mode.selected and not mine:
            path = c.path_to(mode.selected, h) or [h]
            mode.act(c.move, mode.selected, path, at=at)
            return True
        mode.select(_pick(mine, mode.selected))
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
            mode.battles_dock.attack_dialog(target.id, list(mode.attackers))
            return True
        if not mine:
            return False
        fid = mine[0].id
        if fid in mode.attackers:
            mode.attackers.remove(fid)
        else:
            mode.attackers.append(fid)
        mode.selected = None
        mode.emit_changes(VIEW)
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
