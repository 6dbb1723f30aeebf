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
            self.mode.select(None)
            return
        if event.button == "left":
            self.click(event.hex)

    def click(self, h: Hex) -> None:
        mode = self.mode
        c = mode.campaign
        if c is None or not c.map.contains(h):
            return
        at = QCursor.pos()
        if mode.placing is not None:
            self._place(h, at)
            return
        here = c.formations_at(h)
        if c.phase == "movement":
            if mode.selected and h in c.reachable(mode.selected):
                ok, _ = mode.act(c.move, mode.selected, c.path_to(mode.selected, h), at=at)
                if ok:
                    mode.select(None)
                return
            mine = [f for f in here if f.side == c.side_to_play]
            if mode.selected and not mine:
                # Not reachable: ask the engine anyway, so the refusal names the rule.
                path = c.path_to(mode.selected, h) or [h]
                mode.act(c.move, mode.selected, path, at=at)
                return
            mode.select(_pick(mine, mode.selected))
            return
        if c.phase == "attack_orders":
            enemy = [f for f in here if f.side != c.side_to_play]
            mine = [f for f in here if f.side == c.side_to_play and f.kind != "corps"]
            if enemy:
                target = next((f for f in enemy if f.kind != "corps"), enemy[0])
                mode.battles_dock.attack_dialog(target.id, list(mode.attackers))
                return
            if mine:
                fid = mine[0].id
                if fid in mode.attackers:
                    mode.attackers.remove(fid)
                else:
                    mode.attackers.append(fid)
                mode.selected = None
                mode.changed.emit()
                names = ", ".join(c.formation(a).name for a in mode.attackers) or "none"
                mode.window.show_message(
                    f"Attackers: {names}. Click an enemy formation to order the attack."
                )
                return
        mode.select(_pick(here, mode.selected))

    def _place(self, h: Hex, at) -> None:
        mode = self.mode
        c = mode.campaign
        what, subject = mode.placing
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
            mode.changed.emit()


def _pick(formations, current: str | None) -> str | None:
    """Clicking a hex selects its division, then its corps HQ on the next click."""
    if not formations:
        return None
    ids = [f.id for f in sorted(formations, key=lambda f: f.kind == "corps")]
    if current in ids:
        return ids[(ids.index(current) + 1) % len(ids)]
    return ids[0]
