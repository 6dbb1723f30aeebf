"""A scripted player that plays only through the GUI's own gestures: clicks on the map,
the docks' lists and buttons. Used by the whole-game test and the screenshots."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from hexcampaign.app.kasserine.setup_dock import waiting_for_setup
from hexcampaign.hexes import Hex
from hexcampaign.kasserine.state import DeclareAttack, MoveUnit, TakeLosses


def place_everyone(mode) -> None:
    g = mode.game
    while waiting_for_setup(g):
        if mode.selected is None or mode.selected not in {u.id for u in waiting_for_setup(g)}:
            mode.setup.units.item(0).setSelected(True)
        hexes = sorted(mode.highlight.hexes)
        assert hexes, f"no entry hex highlighted for {mode.selected}"
        assert mode.hex_clicked(hexes[len(hexes) // 2]), mode.last_message


def step(mode, rng: random.Random, moves_per_phase: int = 2) -> str:
    """One gesture (or a few that make one action); what it did, for failure messages."""
    g = mode.game
    panel = mode.combat.panel
    if mode.handing_over():
        # The next player takes the mouse; what went before is theirs no longer to undo.
        assert mode.turns.acting_words() in mode.handover.words.text()
        mode.handover.ready.click()
        assert not mode.handing_over()
        assert not g.can_undo and not mode.turn_bar.undo_button.isEnabled()  # the lock
        assert not mode.undo()
        return f"hand over to {mode.turns.acting_side()}"
    decision = g.pending()
    if decision is not None:
        if decision.kind == "losses":
            choice = next(a for a in g.legal_actions() if isinstance(a, TakeLosses))
            for uid in choice.units:
                panel.result_units.select_id(uid)
            for i in range(panel.result_units.count()):
                item = panel.result_units.item(i)
                item.setSelected(item.data(Qt.ItemDataRole.UserRole) in choice.units)
            panel.take_losses.click()
            return f"losses {choice.units}"
        if decision.kind == "retreat":
            uid = decision.units[0]
            panel.result_units.select_id(uid)
            panel.decision_unit = uid
            mode.board.refresh_selection()
            paths = g.retreat_paths(uid)
            assert paths, f"no retreat for {uid} though the engine asks for one"
            target = rng.choice(paths)[-1]
            assert target in mode.highlight.hexes
            mode.hex_clicked(target)
            return f"retreat {uid} to {target}"
        if decision.kind == "advance":
            uid = decision.units[0]
            paths = g.advance_paths(uid)
            if paths and rng.random() < 0.5:
                panel.decision_unit = uid
                mode.board.refresh_selection()
                mode.hex_clicked(rng.choice(paths)[-1])
                return f"advance {uid}"
            panel.decline.click()
            return "decline advance"
        panel.advance_dice.roll_button.click()
        return "advance die"
    phase = g.state.phase
    if phase == "german_setup":
        place_everyone(mode)
        mode.setup.done.click()
        return "set-up"
    if phase.endswith("movement"):
        moved = mode._script_moves = getattr(mode, "_script_moves", 0)
        if moved < moves_per_phase:
            mode._script_moves = moved + 1
            units = sorted({a.unit for a in g.legal_actions() if isinstance(a, MoveUnit)})
            if units:
                uid = rng.choice(units)
                mode.choose_unit(uid)  # as the stack inspector or reinforcements dock do
                if mode.reachable:
                    goal = rng.choice(sorted(mode.reachable))
                    enemy = [
                        u.hex
                        for u in g.units()
                        if u.hex is not None and not u.eliminated and u.side != g.state.side
                    ]
                    if enemy and rng.random() < 0.8:  # towards the enemy, so battles happen
                        goal = min(
                            sorted(mode.reachable), key=lambda h: min(h.distance(e) for e in enemy)
                        )
                    return _move(mode, rng, uid, goal)
        mode._script_moves = 0
        mode.turn_bar.end_button.click()
        return "end movement"
    open_ = [c for c in g.combats() if not c.resolved]
    if open_:
        if open_[0].id not in panel.defense_done:
            guns = panel.defense_guns.count()
            for i in range(guns):
                panel.defense_guns.item(i).setSelected(True)
            panel.allocate.click()
            if guns:  # the defender's guns are revealed: the attack cannot be withdrawn
                assert not g.can_undo and not mode.turn_bar.undo_button.isEnabled()
            return "defence allocated"
        panel.dice.roll_button.click()
        return "roll"
    owed = g.obligations()
    declarations = [a for a in g.legal_actions() if isinstance(a, DeclareAttack)]
    if owed or (declarations and len(g.combats()) < 3 and rng.random() < 0.7):
        assert declarations, f"obligations but no attack: {owed}"
        a = rng.choice(declarations)
        target = Hex(*g.state.units[a.defenders[0]].at)
        mode.hex_clicked(target)
        assert panel.target == target, mode.last_message
        _select(panel.defenders, a.defenders)
        _select(panel.attackers, a.attackers)
        _select(panel.artillery, a.artillery)
        panel.declare.click()
        return f"attack {a.attackers} -> {a.defenders}"
    mode.turn_bar.end_button.click()
    assert g.state.phase != phase or g.over, mode.last_message
    return "end combat"


def _select(unit_list, ids) -> None:
    for i in range(unit_list.count()):
        item = unit_list.item(i)
        item.setSelected(item.data(Qt.ItemDataRole.UserRole) in ids)


def _move(mode, rng, uid: str, goal: Hex) -> str:
    """Move as a player does: a click on an empty hex, a drag onto a friendly stack,
    "Move here" for a reinforcement joining one, or the whole stack dragged along."""
    g = mode.game
    start = g.unit(uid).hex
    side = g.state.side
    if start is not None and rng.random() < 0.3:
        movers = {a.unit for a in g.legal_actions() if isinstance(a, MoveUnit)}
        stack = [u.id for u in mode.board.units_at(start) if u.side == side and u.id in movers]
        if len(stack) > 1:
            # Ctrl-click in the Stack dock picks them all; a drag moves them together.
            mode.board.show_stack(start)
            _select(mode.docks.stack.units, stack)
            if mode.reachable:
                goal = rng.choice(sorted(mode.reachable))
                undo_steps = len(g.actions())
                assert mode.gestures.hex_dragged(start, goal), mode.last_message
                assert all(g.unit(x).hex == goal for x in stack)
                assert len(g.actions()) == undo_steps + 1  # one undo step
                return f"stack move {stack} to {goal}"
            mode.choose_unit(uid)
    friends = [u for u in mode.board.units_at(goal) if u.side == side]
    if friends and start is not None:
        assert mode.gestures.hex_dragged(start, goal), mode.last_message
    elif friends:
        menu = mode.gestures.hex_context_menu(goal)
        assert menu is not None and menu.actions()[0].text().startswith("Move ")
        menu.actions()[0].trigger()
        menu.close()
        assert g.unit(uid).hex == goal, mode.last_message
    else:
        assert mode.hex_clicked(goal), mode.last_message
    return f"move {uid} to {goal}"
