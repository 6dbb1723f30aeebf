"""What a click or a drag on the map means, one small object per phase family.

The play tool (tool.py) turns pointer events into `click(hex)` and `drag(start, end)`;
the mode asks `tool_for(game)` which of these objects answers now. Each object knows
one family of phases: German set-up, movement, declaring attacks, the defender
allocating artillery, and a combat result's retreat or advance. None of them changes
the game itself: each gesture is one engine call through the session.
"""

from __future__ import annotations

from typing import Protocol

from hexcampaign.app.kasserine.docks import waiting_for_setup
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import IllegalAction


class KasserineMode(Protocol):
    """The play mode as a phase tool sees it: its game session, board and docks. A
    protocol, not an import of mode.py, so the tools and the mode form no circle."""

    session: object


class PhaseTool:
    """A family of phases: clicks select and show stacks, nothing more."""

    name = "watch"

    def __init__(self, mode: KasserineMode) -> None:
        self.mode = mode

    def click(self, h: Hex) -> bool:
        self.mode.show_stack(h)
        return False

    def drag_began(self, start: Hex) -> None:
        """A drag left `start`: nothing to pick in this phase."""

    def drag(self, start: Hex, end: Hex) -> bool:
        """A drag that this phase gives no meaning: the same as a click where it ended."""
        return self.click(end)


class SetupTool(PhaseTool):
    """German set-up: pick a unit in the set-up dock, click a hex of its entry zone."""

    name = "set-up"

    def click(self, h: Hex) -> bool:
        mode, g = self.mode, self.mode.game
        uid = mode.selected
        if uid in {u.id for u in waiting_for_setup(g)}:
            if mode.session.act("place", uid, h) is None:
                return False
            rest = [u.id for u in waiting_for_setup(g)]
            # The next unit of the same formation is what a player places next.
            zone = g.state.units[uid].entry
            same = [x for x in rest if g.state.units[x].entry == zone]
            mode.choose_unit((same or rest or [None])[0])
            return True
        mode.show_stack(h)
        mine = [u for u in mode.units_at(h) if u.side == "german"]
        if mine:
            mode.choose_unit(mine[-1].id)
        else:
            mode.say(
                "German set-up: pick a unit in the set-up dock, then click a hex of its entry zone."
            )
        return False


class MovementTool(PhaseTool):
    """Movement: a click on a friendly stack selects (it never moves anything there); a
    click on an empty reachable hex moves the selection; a drag moves the selection, or
    the whole stack it starts on, along one path as one undo step."""

    name = "movement"

    def click(self, h: Hex) -> bool:
        mode, g = self.mode, self.mode.game
        side = g.state.side
        mine = [u for u in mode.units_at(h) if u.side == side]
        if mine:
            mode.show_stack(h)
            ids = [u.id for u in reversed(mine)]  # top counter first
            uid = mode.selected
            # Clicking the same stack again steps to the next unit in it.
            nxt = ids[(ids.index(uid) + 1) % len(ids)] if uid in ids else ids[0]
            mode.choose_unit(nxt)
            return False
        if mode.selected is None:
            mode.show_stack(h)
            return False
        return self.move_here(h)

    def drag_began(self, start: Hex) -> None:
        self._carried(start)

    def drag(self, start: Hex, end: Hex) -> bool:
        if not self._carried(start):
            return self.click(end)
        return self.move_here(end)

    def _carried(self, start: Hex) -> list[str]:
        """What a drag from `start` moves, picked: the selection when it stands there,
        else the whole stack there (its own units); [] when nothing of the side is."""
        mode, g = self.mode, self.mode.game
        group = [uid for uid in mode.group() if g.unit(uid).hex == start]
        if not group:
            # A drag from a stack nobody picked moves the whole stack (its own units).
            group = [u.id for u in reversed(mode.units_at(start)) if u.side == g.state.side]
            if group:
                mode.choose_units(group)
        return group

    def move_here(self, h: Hex) -> bool:
        """Move the selection to h: one unit, or the picked units of one stack together."""
        mode, g = self.mode, self.mode.game
        group = mode.group()
        uid = group[0]
        view = g.unit(uid)
        if view.hex == h:
            return False
        if h not in mode.reachable:
            # The engine's path finder names the unit, the hex under the pointer and the
            # reason (enemy there, MP, zone of control, cliff, stacking).
            for unit_id in group:
                why = mode._why_not(unit_id, h)
                if why:
                    mode.say(why, refusal=True)
                    return False
        try:
            path = g.path_to(uid, h)
        except IllegalAction:
            path = []
        if not path:  # the straight line: the engine's refusal says which rule forbids it
            path = view.hex.line_to(h)[1:] if view.hex is not None else [h]
        if not path:
            return False
        if len(group) > 1:
            done = mode.session.act("move_stack", group, path)
        else:
            done = mode.session.act("move", uid, path)
        if done is None:
            return False
        mode.show_stack(h)
        return True


class DeclareTool(PhaseTool):
    """The attacker's combat phase: an enemy hex becomes the target, friendly units
    next to it join or leave the attack."""

    name = "declare"

    def click(self, h: Hex) -> bool:
        mode, g = self.mode, self.mode.game
        panel = mode.combat.panel
        side = g.state.side
        stack = mode.units_at(h)
        mode.show_stack(h)
        if any(u.side != side for u in stack):
            panel.choose_target(h)
            return False
        mine = [u for u in stack if u.side == side]
        if panel.target is not None and mine:
            toggled = [u.id for u in mine if panel.toggle_attacker(u.id)]
            if not toggled:
                reasons = {g.attacker_refusal(u.id, panel.target) for u in mine}
                reasons.discard(None)
                mode.say(
                    "; ".join(sorted(reasons))
                    or "Combat: these units cannot attack the chosen hex",
                    refusal=True,
                )
        elif mine:
            mode.choose_unit(mine[-1].id)
        return False


class DefenceTool(PhaseTool):
    """The defender allocating artillery: the map shows stacks; the choice is made in the
    Combat dock."""

    name = "defence"

    def click(self, h: Hex) -> bool:
        self.mode.show_stack(h)
        self.mode.say(
            f"{self.mode.acting_words()}: choose your guns in the Combat dock, then Allocate."
        )
        return False


class ResultTool(PhaseTool):
    """A retreat or an advance after combat: click a highlighted hex for the unit picked
    in the Combat dock."""

    name = "result"

    def click(self, h: Hex) -> bool:
        mode, g = self.mode, self.mode.game
        decision = g.pending()
        uid = mode.combat.panel.decision_unit
        if uid is None or decision is None:
            return False
        retreat = decision.kind == "retreat"
        paths = g.retreat_paths(uid) if retreat else g.advance_paths(uid)
        ends = {p[-1]: p for p in reversed(paths) if p}
        method = "retreat" if retreat else "advance"
        if h in ends:
            return mode.session.act(method, uid, ends[h]) is not None
        view = g.unit(uid)
        path = view.hex.line_to(h)[1:] if view.hex is not None else [h]
        if path:
            return mode.session.act(method, uid, path) is not None
        return False


def tool_for(mode: KasserineMode) -> PhaseTool:
    """The object that gives clicks their meaning now."""
    g = mode.game
    decision = g.pending()
    if decision is not None and decision.kind in ("retreat", "advance"):
        return ResultTool(mode)
    phase = g.state.phase
    if phase == "german_setup":
        return SetupTool(mode)
    if phase.endswith("movement"):
        return MovementTool(mode)
    if phase.endswith("combat") and decision is None:
        if mode.defence_pending():
            return DefenceTool(mode)
        return DeclareTool(mode)
    return PhaseTool(mode)
