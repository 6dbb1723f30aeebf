"""A few whole turns played at the desk with seeded random choices among the legal
actions, each sent the way the umpire would (map clicks, dialogs, docks): the desk must
follow every state (counters, docks, open items) without an error."""

from __future__ import annotations

import random

from scripts.shots.campaign import demo_campaign  # the position the docs' pictures show

from hexcampaign.campaign import actions as A


def test_random_turns_at_the_desk(mode, qtbot):
    rng = random.Random(1)
    c = demo_campaign()
    mode.start(c)
    start_turn = c.turn
    seen: dict[str, int] = {}
    for _ in range(400):
        if c.turn >= start_turn + 4:
            break
        actions = [a for a in c.legal_actions() if a.kind != "end_phase"]
        if any(i.kind == "attack_orders" for i in c.open_items()):
            # An attack the joining rule forbids: the defender's support would close the
            # orders with it still broken, so the attacker fixes its orders first.
            actions = [a for a in actions if a.kind != "support_defense"]
            if not actions:
                mode.battles_dock.list.setCurrentRow(0)
                mode.battles_dock._cancel()
                continue
        attacks = [a for a in actions if a.kind == "attack"]
        if attacks and rng.random() < 0.8:
            actions = attacks  # battles are what the desk is for: seek them
        action = rng.choice(actions) if actions and rng.random() < 0.7 else None
        if action is None:
            if not mode.phase_dock.next():
                # Something blocks the phase: it must be listed, and one of the actions.
                assert mode.phase_dock.refusal.isVisible()
                assert actions
            continue
        kind = action.kind
        seen[kind] = seen.get(kind, 0) + 1
        if kind == "move":
            mode.tool.click(c.formation(action.subject).hex)
            if mode.selected != action.subject:
                mode.select(action.subject)
            # Towards the enemy half the time, so battles happen.
            enemy = [f.hex for f in c.formations(c.enemy(c.side_to_play))]
            choices = list(action.choices)
            if enemy and rng.random() < 0.5:
                choices.sort(key=lambda h: min(h.distance(e) for e in enemy))
                choices = choices[:2]
            mode.tool.click(rng.choice(choices))
        elif kind == "attack":
            dialog = mode.battles_dock.attack_dialog(action.subject, list(action.choices))
            dialog.set_checked(dialog.artillery_list, dialog.available_ids(dialog.artillery_list))
            dialog.submit()
            dialog.close()
        elif kind == "support_defense":
            dialog = mode.battles_dock.defense_dialog(action.subject)
            dialog.submit()
        elif kind == "result":
            form = mode.battles_dock.result_form(action.subject)
            outcome = rng.choice(["DRAW", "ATTACKER DEFEAT", "DEFENDER DEFEAT"])
            form.set_outcome(outcome, rng.choice(["minor", "tactical", "major", "total"]))
            for uid in form.uids:
                limit = c.unit_type(uid).loss_limit
                form.set_casualties(uid, rng.randint(0, limit))
            expected = form.eliminated()
            assert form.submit(), form.refusal.text()
            assert c.battle(action.subject).result.eliminated == sorted(expected, key=c.unit_order)
        elif kind in ("retreat", "advance"):
            mode.start_placing(kind, action.subject)
            mode.tool.click(rng.choice(action.choices))
        elif kind == "pursuit":
            mode.battles_dock.roll_pursuit(action.subject, action.choices[0] or None)
        elif kind == "purchase":
            mode.purchase_dock.add(rng.choice(action.choices))
            mode.purchase_dock.buy()
        elif kind == "build":
            mode.purchase_dock.start_build(action.subject)
            mode.tool.click(rng.choice(action.choices))
        elif kind == "transfer":
            fid = rng.choice(action.choices)
            assert mode.oob_dock.drop_unit(action.subject, fid)
        elif kind == "assign":
            fid, corps_id = action.subject, rng.choice(action.choices)
            assert mode.document.act(A.Assign(fid=fid, corps_id=corps_id))
        # The desk follows the state after every action.
        assert set(mode.items.counters) == set(c.state.formations)
        for fid, counter in mode.items.counters.items():
            assert counter.formation.hex == c.formation(fid).hex
        assert mode.phase_dock.heading.text() == f"Turn {c.turn} — {c.side_to_play} to play"
    assert c.turn >= start_turn + 4, (
        c.phase,
        mode.last_refusal,
        [i.text for i in c.open_items()],
        seen,
    )
    # The play went through every kind of decision the desk offers.
    assert {"move", "attack", "result", "retreat", "purchase", "transfer"} <= set(seen), seen
