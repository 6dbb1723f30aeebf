"""Campaign Back from kept positions (checkpoints.py): every Back reaches exactly the
position the shorter log reached, however far back and after a load or an amended
result; dice from entropy when there is no seed; the facade keeps the world's
primitives to itself."""

from __future__ import annotations

import json
import random

import pytest

from hexcampaign.campaign import Campaign, IllegalAction, checkpoints
from hexcampaign.hexes import Hex

from ._playout import new_playout, play_phase
from ._support import CENTRE, new_campaign, to_phase

SE = 2
TARGET = CENTRE.neighbor(SE)


def recorded_playout(actions: int) -> tuple[Campaign, dict[int, str]]:
    """A seeded random campaign of at least `actions` actions, and the position (as
    JSON) after each of its actions."""
    c = new_playout(seed=5)
    seen = {len(c.actions): c.state.model_dump_json()}
    apply = c.apply

    def recording(action):
        changes = apply(action)
        seen[len(c.actions)] = c.state.model_dump_json()
        return changes

    c.apply = recording  # every facade call comes through apply
    rng = random.Random(5)
    while len(c.actions) < actions:
        play_phase(c, rng)
    del c.apply
    return c, seen


def test_every_back_reaches_the_position_the_shorter_log_reached():
    c, seen = recorded_playout(220)
    backs = 0
    while c.can_undo() and len(c.actions) - 1 in seen:
        c.undo()
        backs += 1
        assert c.state.model_dump_json() == seen[len(c.actions)], len(c.actions)
    # Far enough to pass the close positions and a thinned one.
    assert backs > checkpoints.EVERY * checkpoints.DENSE + checkpoints.SPARSE
    assert c.replay().state == c.state


def test_back_after_a_load_and_play_on_after_back():
    c, seen = recorded_playout(60)
    count = len(c.actions)
    loaded = Campaign.from_json(c.to_json())
    last = loaded.actions[-1]
    loaded.undo()
    assert loaded.state.model_dump_json() == seen[count - 1]
    loaded.apply(last)
    assert loaded.state.model_dump_json() == seen[count]
    loaded.undo()
    loaded.undo()
    assert loaded.state.model_dump_json() == seen[count - 2]


def won_battle(seed: int | None = 1) -> tuple[Campaign, str, str, str]:
    c = new_campaign(seed=seed)
    g = c.deploy(
        "german",
        "mechanised",
        CENTRE,
        ["panzergrenadier_company_motorised", "panzer_iv_platoon"],
        experience="crack",
    )
    u = c.deploy("us", "infantry", TARGET, ["rifle_company", "sherman_platoon", "at57_platoon"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u).id
    c.end_phase()
    c.enter_result(b, "DEFENDER DEFEAT", "tactical")
    c.end_phase()
    c.retreat(u, TARGET.neighbor(SE))
    c.advance(g, TARGET)
    c.end_phase()
    return c, g, u, b


def test_back_takes_back_an_amended_result():
    c, g, u, b = won_battle()
    before = c.state.model_dump_json()
    c.amend_result(b, "DRAW", reason="the umpire misread the CM screen")
    assert c.battle(b).result.outcome == "DRAW"
    c.undo()
    assert c.state.model_dump_json() == before


def test_a_seeded_campaign_rolls_the_faces_its_seed_always_rolled():
    c, g, u, b = won_battle(seed=8)
    earlier = len(c.state.rolls)
    c.pursuit(b)
    rng = random.Random(8)
    assert c.state.rolls[-1] == [rng.randint(1, 6) for _ in range(earlier + 1)][-1]
    assert not c.can_undo()
    with pytest.raises(IllegalAction, match="Undo: the pursuit die has been rolled"):
        c.undo()


def test_without_a_seed_the_dice_roll_from_entropy_and_the_file_holds_only_faces():
    c, g, u, b = won_battle(seed=None)
    c.pursuit(b)
    face = c.state.rolls[-1]
    assert 1 <= face <= 6 and c.actions[-1]["roll"] == face
    saved = json.loads(c.to_json())
    assert saved["setup"]["seed"] is None and c.seed is None
    loaded = Campaign.from_json(c.to_json())
    assert loaded.replay().state == loaded.state == c.state


def test_back_cannot_draw_a_battles_weather_again():
    c = new_campaign(seed=None)
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company"])
    to_phase(c, "attack_orders")
    weather = c.declare_attack([g], u).weather
    for _ in range(5):
        c.undo()
        assert c.declare_attack([g], u).weather == weather


def test_the_facade_keeps_the_worlds_primitives_to_itself():
    c = new_campaign()
    for primitive in (
        "add_formation",
        "add_unit",
        "set_unit_home",
        "relocate",
        "eliminate_unit",
        "destroy_formation",
        "say",
        "roll_die",
        "bump",
        "next_id",
        "facts",
    ):
        assert not hasattr(c, primitive), primitive
    with pytest.raises(AttributeError):
        c.state = c.state  # the position changes only through actions
    assert c.formations_at(Hex(0, 0)) == []
