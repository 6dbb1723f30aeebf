"""Set-up in a few clicks (issue 28 item 4): a formation, the hint's set-up and a saved
set-up each placed as one action, taken back by one undo, refused whole."""

from __future__ import annotations

import json

import pytest

from hexcampaign.kasserine import Game, IllegalAction
from hexcampaign.kasserine.setup_plans import (
    SetupFileError,
    formation_plan,
    formations,
    parse_setup,
    read_setup,
    save_setup,
    setup_text,
    suggested_plan,
    waiting,
)
from hexcampaign.kasserine.state import PlaceUnits


def positions(game: Game) -> dict[str, tuple[int, int] | None]:
    return {uid: u.at for uid, u in game.state.units.items() if u.side == "german"}


def test_a_whole_german_set_up_in_four_actions_and_undo_takes_back_one_formation():
    g = Game.scenario(seed=1)
    assert formations(g) == ["10th Panzer", "21st Panzer", "D.A.K.", "Italians"]
    for name in formations(g):
        g.apply(formation_plan(g, name))
    assert waiting(g) == [] and len(g.actions()) == 4
    before = positions(g)
    g.undo()
    back = [uid for uid, at in positions(g).items() if at is None]
    assert {g.state.units[uid].parent for uid in back} == {"Italians"}
    assert len(back) == 10 and len(g.actions()) == 3
    g.apply(formation_plan(g, "Italians"))
    assert positions(g) == before
    g.end_phase()
    assert g.phase == "german_movement"


def test_the_hints_set_up_is_one_action():
    g = Game.scenario(seed=1)
    plan = suggested_plan(g)
    assert len(plan.units) == 41
    g.apply(plan)
    assert waiting(g) == [] and len(g.actions()) == 1
    g.undo()
    assert len(waiting(g)) == 41


def test_a_plan_with_one_illegal_placement_changes_nothing_and_names_rule_unit_and_hex():
    g = Game.scenario(seed=1)
    plan = formation_plan(g, "10th Panzer")
    crowded = PlaceUnits(units=plan.units, hexes=[plan.hexes[0]] * len(plan.units))
    with pytest.raises(IllegalAction) as refused:
        g.apply(crowded)
    text = str(refused.value)
    assert text.startswith("Stacking:") and "2712" in text and "Panzer" in text
    assert "none of the 13 units was placed" in text
    assert len(waiting(g)) == 41 and g.actions() == []


def test_a_saved_set_up_reloads_identically(tmp_path):
    g = Game.scenario(seed=1)
    g.apply(suggested_plan(g))
    path = tmp_path / "mine.kpsetup"
    assert save_setup(g, path) == 41
    fresh = Game.scenario(seed=1)
    loaded = read_setup(path, fresh)
    assert loaded.already == ()
    fresh.apply(loaded.plan)
    assert positions(fresh) == positions(g)
    assert setup_text(fresh) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "text, words",
    [
        ("[]", "is not a Kasserine Pass set-up"),
        (
            '{"format": "hexcampaign-kasserine-setup", "version": 1, "placements": [{"unit": "nobody", "hex": "2712"}]}',
            "no German unit",
        ),
        (
            '{"format": "hexcampaign-kasserine-setup", "version": 1, "placements": [{"unit": "10pz-pz-1", "hex": "9999"}]}',
            "not on the map",
        ),
        (
            '{"format": "hexcampaign-kasserine-setup", "version": 1, "placements": [{"unit": "10pz-pz-1", "hex": "2712", "x": 1}]}',
            "unknown field",
        ),
        (
            '{"format": "hexcampaign-kasserine-setup", "version": 1, "placements": '
            + json.dumps([{"unit": "a", "hex": "1"}] * 20000)
            + "}",
            "more than a save can",
        ),
        ('{"format": "hexcampaign-kasserine-setup", "version": 1e999}', "not a"),
        ("[" * 5000 + "]" * 5000, "nested"),
    ],
)
def test_a_hostile_set_up_file_is_refused_with_one_sentence(text, words):
    g = Game.scenario(seed=1)
    with pytest.raises(SetupFileError) as refused:
        parse_setup(text, g, "bad.kpsetup")
    message = str(refused.value)
    assert words in message and message.count(". ") == 0 and len(message) < 300
    assert len(waiting(g)) == 41


def test_a_set_up_breaking_a_rule_is_refused_whole(tmp_path):
    g = Game.scenario(seed=1)
    doc = {
        "format": "hexcampaign-kasserine-setup",
        "version": 1,
        "placements": [{"unit": "10pz-pz-1", "hex": "2712"}, {"unit": "dak-pz-bde", "hex": "2712"}],
    }
    loaded = parse_setup(json.dumps(doc), g)
    with pytest.raises(IllegalAction) as refused:
        g.apply(loaded.plan)
    assert str(refused.value).startswith(
        "German initial placement: Panzer Brigade must be placed on its entry zone"
    )
    assert "2712" in str(refused.value)
    assert len(waiting(g)) == 41


def test_a_game_set_up_in_one_action_saves_reloads_and_replays():
    g = Game.scenario(seed=1)
    g.apply(formation_plan(g, "D.A.K."))
    text = g.to_json()
    back = Game.from_json(text)
    assert positions(back) == positions(g) and back.can_undo
    assert positions(g.replay()) == positions(g)
    back.undo()
    assert len(waiting(back)) == 41
