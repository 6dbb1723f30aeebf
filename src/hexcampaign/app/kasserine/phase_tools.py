"""What a click or a drag on the map means, one small object per phase family.

The play tool (tool.py) turns pointer events into hexes for Gestures (gestures.py), which
asks `tool_for(table)` which of these objects answers now and hands it `click(hex)` or
`drag(start, end)`. Each object knows one family of phases: German set-up, movement,
declaring attacks, the defender allocating artillery, and a combat result's retreat or
advance. None of them changes the game itself: a gesture that acts builds the engine's
own action (PlaceUnit, MoveUnit, MoveStack, Retreat, Advance) and sends it with
`document.act(action, tool)`; the document's `changed` redraws everything else.

`PlayTable` (table.py) lists every member of the play mode the tools use, so a reader (or
a type checker) sees the whole contract; the mode (mode.py) is the one object that has them.
"""

from __future__ import annotations

from hexcampaign.app.kasserine.setup_dock import waiting_for_setup
from hexcampaign.app.kasserine.table import CombatChoices, PlayTable, Selection, WhoActs
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, IllegalAction
from hexcampaign.kasserine.state import Advance, MoveStack, MoveUnit, PlaceUnit, Retreat

# The protocols live in table.py with those of the mode's other parts; these names stay
# importable from here.
__all__ = [
    "CombatChoices",
    "DeclareTool",
    "DefenceTool",
    "KasserineMode",
    "MovementTool",
    "PhaseTool",
    "PlayTable",
    "ResultTool",
    "Selection",
    "SetupTool",
    "WhoActs",
    "tool_for",
]

# The older name of the protocol.
KasserineMode = PlayTable


class PhaseTool:
    """A family of phases: clicks select and show stacks, nothing more."""

    name = "watch"

    def __init__(self, table: PlayTable) -> None:
        self.table = table
        self.board = table.board

    @property
    def game(self) -> Game:
        g = self.table.game
        assert g is not None, "a phase tool is made for a game on the board"
        return g

    def click(self, h: Hex) -> bool:
        self.board.show_stack(h)
        return False

    def drag_began(self, start: Hex) -> None:
        """A drag left `start`: nothing to pick in this phase."""

    def drag(self, start: Hex, end: Hex) -> bool:
        """A drag that this phase gives no meaning: the same as a click where it ended."""
        return self.click(end)

    def act(self, action: object) -> bool:
        """Send one engine action to the document; False when the rules refuse it (the
        document says why, once)."""
        document = self.table.document
        return document is not None and document.act(action, self) is not None


class SetupTool(PhaseTool):
    """German set-up: pick a unit in the set-up dock, click a hex of its entry zone."""

    name = "set-up"

    def click(self, h: Hex) -> bool:
        g, board = self.game, self.board
        uid = board.selected
        if uid is not None and uid in {u.id for u in waiting_for_setup(g)}:
            if not self.act(PlaceUnit(unit=uid, hex=(h.q, h.r))):
                return False
            rest = [u.id for u in waiting_for_setup(g)]
            # The next unit of the same formation is what a player places next.
            zone = g.state.units[uid].entry
            same = [x for x in rest if g.state.units[x].entry == zone]
            board.choose_unit(next(iter(same or rest), None))
            return True
        board.show_stack(h)
        mine = [u for u in board.units_at(h) if u.side == "german"]
        if mine:
            board.choose_unit(mine[-1].id)
        else:
            self.table.say(
                "German set-up: pick a unit in the set-up dock, then click a hex of its entry zone."
            )
        return False


class MovementTool(PhaseTool):
    """Movement: a click on a friendly stack selects (it never moves anything there); a
    click on an empty reachable hex moves the selection; a drag moves the selection, or
    the whole stack it starts on, along one path as one undo step."""

    name = "movement"

    def click(self, h: Hex) -> bool:
        g, board = self.game, self.board
        mine = [u for u in board.units_at(h) if u.side == g.state.side]
        if mine:
            board.show_stack(h)
            ids = [u.id for u in reversed(mine)]  # top counter first
            uid = board.selected
            # Clicking the same stack again steps to the next unit in it.
            nxt = ids[(ids.index(uid) + 1) % len(ids)] if uid in ids else ids[0]
            board.choose_unit(nxt)
            return False
        if board.selected is None:
            board.show_stack(h)
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
        g, board = self.game, self.board
        group = [uid for uid in board.group() if g.unit(uid).hex == start]
        if not group:
            # A drag from a stack nobody picked moves the whole stack (its own units).
            group = [u.id for u in reversed(board.units_at(start)) if u.side == g.state.side]
            if group:
                board.choose_units(group)
        return group

    def move_here(self, h: Hex) -> bool:
        """Move the selection to h: one unit, or the picked units of one stack together."""
        g, board = self.game, self.board
        group = board.group()
        if not group:
            return False
        uid = group[0]
        view = g.unit(uid)
        if view.hex == h:
            return False
        if h not in board.reachable:
            # The engine's path finder names the unit, the hex under the pointer and the
            # reason (enemy there, MP, zone of control, cliff, stacking).
            for unit_id in group:
                why = board.why_not(unit_id, h)
                if why:
                    self.table.say(why, refusal=True)
                    return False
        try:
            path = g.path_to(uid, h)
        except IllegalAction:
            path = []
        if not path:  # the straight line: the engine's refusal says which rule forbids it
            path = view.hex.line_to(h)[1:] if view.hex is not None else [h]
        if not path:
            return False
        steps = [(x.q, x.r) for x in path]
        if len(group) > 1:
            done = self.act(MoveStack(units=list(group), path=steps))
        else:
            done = self.act(MoveUnit(unit=uid, path=steps))
        if not done:
            return False
        board.show_stack(h)
        return True


class DeclareTool(PhaseTool):
    """The attacker's combat phase: an enemy hex becomes the target, friendly units
    next to it join or leave the attack (the Combat dock declares it)."""

    name = "declare"

    def click(self, h: Hex) -> bool:
        g, board = self.game, self.board
        choices = self.table.combat_choices
        side = g.state.side
        stack = board.units_at(h)
        board.show_stack(h)
        if any(u.side != side for u in stack):
            choices.choose_target(h)
            return False
        mine = [u for u in stack if u.side == side]
        if choices.target is not None and mine:
            toggled = [u.id for u in mine if choices.toggle_attacker(u.id)]
            if not toggled:
                target = choices.target
                reasons = {why for u in mine if (why := g.attacker_refusal(u.id, target))}
                self.table.say(
                    "; ".join(sorted(reasons))
                    or "Combat: these units cannot attack the chosen hex",
                    refusal=True,
                )
        elif mine:
            board.choose_unit(mine[-1].id)
        return False


class DefenceTool(PhaseTool):
    """The defender allocating artillery: the map shows stacks; the choice is made in the
    Combat dock."""

    name = "defence"

    def click(self, h: Hex) -> bool:
        self.board.show_stack(h)
        self.table.say(
            f"{self.table.turns.acting_words()}: choose your guns in the Combat dock, then "
            "Allocate."
        )
        return False


class ResultTool(PhaseTool):
    """A retreat or an advance after combat: click a highlighted hex for the unit picked
    in the Combat dock."""

    name = "result"

    def click(self, h: Hex) -> bool:
        g = self.game
        decision = g.pending()
        uid = self.table.combat_choices.decision_unit
        if uid is None or decision is None:
            return False
        retreat = decision.kind == "retreat"
        paths = g.retreat_paths(uid) if retreat else g.advance_paths(uid)
        ends = {p[-1]: p for p in reversed(paths) if p}
        if h in ends:
            path = ends[h]
        else:  # the straight line: the engine's refusal says which rule forbids it
            view = g.unit(uid)
            path = view.hex.line_to(h)[1:] if view.hex is not None else [h]
        if not path:
            return False
        steps = [(x.q, x.r) for x in path]
        return self.act(Retreat(unit=uid, path=steps) if retreat else Advance(unit=uid, path=steps))


def tool_for(table: PlayTable) -> PhaseTool:
    """The object that gives clicks their meaning now."""
    g = table.game
    if g is None:
        return PhaseTool(table)
    decision = g.pending()
    if decision is not None and decision.kind in ("retreat", "advance"):
        return ResultTool(table)
    phase = g.state.phase
    if phase == "german_setup":
        return SetupTool(table)
    if phase.endswith("movement"):
        return MovementTool(table)
    if phase.endswith("combat") and decision is None:
        if table.turns.defence_pending():
            return DefenceTool(table)
        return DeclareTool(table)
    return PhaseTool(table)
