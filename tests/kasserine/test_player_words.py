"""What two players at one screen rely on: refusals in their words (counter names with
the formation where names repeat, hexes by the printed number, and the one reason),
stack moves, dice no save can foretell, and a combat shown as it was rolled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, IllegalAction, Options

from .helpers import H, U, game, refused

REPROS = Path(__file__).with_name("fixtures")  # saves that reproduced reported problems


def refusal(action) -> str:
    with pytest.raises(IllegalAction) as info:
        action()
    return str(info.value)


# --- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "label"),
    [
        ("21pz-pz-1", "21 Pz — Panzer 1"),
        ("10pz-pz-1", "10 Pz — Panzer 1"),
        ("10pz-recon", "10 Pz — Aufklärung"),
        ("dak-art", "DAK — Artillery"),
        ("10pz-pz-4", "Panzer 4"),  # no other counter bears the name
        ("us-91-afa", "91st Armd FA"),
    ],
)
def test_counters_are_named_with_their_formation_where_names_repeat(unit, label):
    g = Game.scenario()
    assert g.label(unit) == label and g.unit(unit).label == label


def test_the_log_and_refusals_use_the_labels_and_the_printed_hex_numbers():
    g = Game.scenario()
    # The scenario map prints numbers from 0101: offset (18, 20) is hex 1921.
    assert g.hex_label(Hex.from_offset(18, 20)) == "1921"
    message = refusal(lambda: g.place("21pz-pz-3", Hex.from_offset(0, 0)))
    assert "21pz" not in message and "21 Pz — Panzer 3" in message


# --- why a move end is refused ------------------------------------------------------------


def crowded():
    return game([
        U("a", (2, 2)), U("b", (2, 4), size="brigade", cf=7, mf=10), U("slow", (6, 6), mf=8), U("tight", (6, 6), mf=7),
        U("x", (9, 2), side="allied"), U("z", (6, 9), side="allied"),
    ])


@pytest.mark.parametrize(
    ("unit", "goal", "words"),
    [
        ("a", (2, 4), ["Stacking", "a cannot end its move in 0204", "brigade"]),
        ("slow", (6, 1), ["slow cannot end its move in 0601", "costs", "MP", "8 MP left"]),
        ("a", (9, 2), ["a cannot end its move in 0902", "enemy units hold it"]),
        ("tight", (6, 8), ["tight cannot end its move in 0608", "zone of control", "needs 2 MP left to fight", "of its"]),
    ],
)
def test_a_refused_move_end_says_why(unit, goal, words):
    g = crowded()
    message = refusal(lambda: g.path_to(unit, H(*goal)))
    for word in words:
        assert word.lower() in message.lower(), message


def test_overstacking_while_moving_is_explained():
    g = crowded()
    message = refusal(lambda: g.move("a", [H(2, 3), H(2, 4)]))
    assert "Stacking" in message and "0204" in message and "a cannot end its move" in message


# --- attackers and targets ------------------------------------------------------------------


def test_each_attacker_refusal_names_its_one_reason():
    g = game(
        [U("near", (3, 2)), U("far", (0, 8)), U("x", (4, 2), side="allied")],
        phase="german_combat",
    )
    assert g.attacker_refusal("near", H(4, 2)) is None
    assert "not adjacent" in g.attacker_refusal("far", H(4, 2))
    assert "already attacked" not in g.attacker_refusal("far", H(4, 2))
    g.declare_attack(["near"], ["x"])
    said = g.attacker_refusal("near", H(4, 2))
    assert "already attacked" in said and "adjacent" not in said


def test_the_allies_are_told_the_stack_was_already_attacked_not_about_artillery():
    gun = {"kind": "artillery", "cf": 0, "support": 2, "range": 2, "mf": 8}
    g = game(
        [U("pz", (4, 2)), U("captured", (4, 2), **gun), U("a", (3, 2), side="allied"),
         U("b", (5, 2), side="allied")],
        phase="allied_combat",
    )
    g.declare_attack(["a"], ["pz"])
    for said in (
        g.target_refusal(H(4, 2)),
        refusal(lambda: g.declare_attack(["b"], ["pz", "captured"])),
    ):
        assert "pz in 0402 has already been attacked this phase" in said
        assert "selectively" not in said


def test_repro_panzer_2_after_its_advance_at_sidi_bou_zid():
    saved = Game.load(REPROS / "turn2.kpgame")
    actions = saved.actions()
    # Replayed (with its logged dice) to just after Panzer 2 captured the guns.
    k = next(k for k in range(1, len(actions)) if any("is captured" in line for line in saved._rebuild(actions[:k], 0).log()))
    g = saved._rebuild(actions[:k], 0)
    sidi_bou_zid = next(p.hex for p in g.map.places() if p.name == "Sidi Bou Zid")
    assert g.side_to_play == "allied"
    said = g.target_refusal(sidi_bou_zid)
    assert "Panzer 2" in said and "already been attacked" in said


# --- stack moves ----------------------------------------------------------------------------


def test_a_stack_moves_together_as_one_undo_step():
    g = game([U("a", (2, 2)), U("b", (2, 2)), U("x", (9, 9), side="allied")])
    changes = g.move_stack(["a", "b"], [H(2, 3), H(2, 4)])
    assert g.unit("a").hex == g.unit("b").hex == H(2, 4)
    assert changes.units == {"a", "b"} and len(changes) == 2
    assert len(g.actions()) == 1
    g.undo()
    assert g.unit("a").hex == g.unit("b").hex == H(2, 2)


def test_a_stack_move_is_refused_whole_naming_the_unit_that_cannot():
    g = game([U("a", (2, 2)), U("slow", (2, 2), mf=3), U("x", (9, 9), side="allied")])
    message = refusal(lambda: g.move_stack(["a", "slow"], [H(2, 3), H(2, 4), H(2, 5), H(2, 6)]))
    assert "slow" in message and "MP" in message and "together" in message
    assert g.unit("a").hex == H(2, 2) and not g.actions()
    refused(lambda: g.move_stack(["a", "x"], [H(2, 3)]), "one hex")


# --- dice -----------------------------------------------------------------------------------


def test_a_game_without_a_seed_rolls_entropy_and_saves_only_the_faces(monkeypatch):
    import secrets

    faces = iter([5, 0, 3, 1])  # randbelow(6) + 1: faces 6, 1, 4, 2
    monkeypatch.setattr(secrets, "randbelow", lambda n: next(faces))
    g = game([U("a", (3, 2)), U("b", (5, 2)), U("x", (4, 2), side="allied")], phase="german_combat", seed=None)
    assert g.seed is None and "entropy" in g.info()["dice"]
    c = g.declare_attack(["a", "b"], ["x"])
    g.resolve(c)
    assert c.as_rolled.faces == [6, 1] and c.roll == 7
    assert "rolled 7 (6 and 1)" in g.log()[-1] or any("rolled 7 (6 and 1)" in line for line in g.log())
    text = g.to_json()
    document = json.loads(text)
    assert document["initial"]["seed"] is None and document["state"]["seed"] is None
    loaded = Game.from_json(text)
    assert loaded.state == g.state and loaded.seed is None
    assert g.replay().state == g.state  # the replay reads the logged faces


def test_an_explicit_seed_is_recorded_and_shown():
    g = Game.scenario(seed=42)
    assert g.seed == 42 and "seed 42" in g.info()["dice"]
    assert Game.scenario(seed=None).seed is None
    assert Game.scenario().seed == 1  # callers that pass no seed keep the old default


# --- air power ------------------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["allied_movement", "allied_combat", "german_movement"])
def test_air_power_on_in_a_game_set_up_after_feb_22(phase):
    g = game([U("a", (2, 2)), U("x", (9, 9), side="allied")], phase=phase, turn=10,
             options=Options(allied_air_power="on"))
    while g.state.phase != "allied_combat":
        g.end_phase()
    assert g.air_power_available()


# --- a combat as it was rolled --------------------------------------------------------------


def test_a_resolved_combat_keeps_its_odds_after_the_advance():
    g = game([U("a", (3, 2)), U("b", (5, 2)), U("x", (4, 2), side="allied", cf=1)], phase="german_combat")
    c = g.declare_attack(["a", "b"], ["x"])
    assert c.odds == "4:1"
    g.resolve(c, roll=6)  # D BACK 2: the Allies retreat, then the Germans may advance
    g.retreat("x", g.retreat_paths("x")[0])
    g.advance("a", [H(4, 2)])
    assert (c.odds, c.attack_strength, c.defense_strength) == ("4:1", 4, 1)
    assert c.as_rolled.result == "D BACK 2" and c.as_rolled.roll == 6
    assert any("attacks with" in line for line in c.breakdown)


def test_options_defaults_are_the_balanced_game_and_historical_adds_the_allied_rules():
    assert (Options().rangers_zoc, Options().italian_zoc, Options().allied_air_power) == (False, False, "off")
    historical = Options.historical()
    assert (historical.rangers_zoc, historical.italian_zoc, historical.allied_air_power) == (True, True, "roll")
    assert historical.german_initial_placement and historical.advance_terrain_limit


def test_decisions_count_in_the_singular_when_there_is_one():
    from hexcampaign.kasserine.state import Decision

    one = Decision(kind="advance", side="german", combat=1, units=["a"], hexes=1)
    assert one.describe().endswith("advance a up to 1 hex, or decline")
    back = Decision(kind="retreat", side="allied", combat=1, units=["x"], hexes=2)
    assert back.describe() == "Allied player: retreat x 2 hexes"
    loss = Decision(kind="losses", side="german", combat=1, units=["a"], factors=1)
    assert "at least 1 combat factor from" in loss.describe()
