"""Every action legal_actions() offers is accepted; what it leaves out is refused."""

from __future__ import annotations

import random

from hexcampaign.campaign import Campaign, IllegalAction

from ._playout import new_playout, play_phase


def perform(c: Campaign, action, choice) -> None:
    side = c.side_to_play
    if action.kind == "build":
        if action.subject == "corps":
            c.build_corps(side, choice)
        else:
            c.build_division(side, action.subject, choice)
    elif action.kind == "transfer":
        c.transfer(action.subject, choice)
    elif action.kind == "assign":
        c.assign_to_corps(action.subject, choice)
    elif action.kind == "move":
        c.move(action.subject, c.path_to(action.subject, choice))
    elif action.kind == "attack":
        c.declare_attack([choice], action.subject)
    elif action.kind == "support_defense":
        c.support_defense(action.subject)
    elif action.kind == "result":
        c.enter_result(action.subject, "DRAW")
    elif action.kind == "retreat":
        c.retreat(action.subject, choice)
    elif action.kind == "advance":
        c.advance(action.subject, choice)
    elif action.kind == "pursuit":
        c.pursuit(action.subject, roll=1, division=choice)
    elif action.kind == "purchase":
        c.purchase(side, choice)
    elif action.kind == "end_phase":
        c.end_phase()


def test_every_offered_action_is_accepted():
    c = new_playout(seed=4)
    rng = random.Random(4)
    seen = set()
    for _ in range(7 * 8):
        text = c.to_json()
        for action in c.legal_actions():
            choices = action.choices or (None,)
            for choice in rng.sample(choices, min(2, len(choices))):
                trial = Campaign.from_json(text)
                perform(trial, action, choice)  # must not raise
                seen.add(action.kind)
        play_phase(c, rng)
    assert {
        "build",
        "transfer",
        "assign",
        "move",
        "attack",
        "result",
        "purchase",
        "end_phase",
    } <= seen


def test_moves_outside_reachable_are_refused():
    c = new_playout(seed=2)
    while c.phase != "movement":
        c.end_phase()
    for f in c.formations(c.side_to_play):
        reach = c.reachable(f.id)
        for h in c.map.hexes():
            if h not in reach and h != f.hex and f.hex.distance(h) <= 3:
                path = f.hex.line_to(h)[1:]
                try:
                    c.move(f.id, path)
                except IllegalAction:
                    continue
                raise AssertionError(f"{f.name} moved to {h}, which reachable() did not offer")
