"""The note a game's log keeps when an older save of it is reopened (kasserine/reopened.py):
it changes nothing but the log, it is saved, replayed and kept through undo, it locks
undo, and a game by e-mail can never carry one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import TypeAdapter, ValidationError

from hexcampaign.kasserine import Game, IllegalAction
from hexcampaign.kasserine.mail import MailGame
from hexcampaign.kasserine.reopened import Reopened, new_game_id, played, words
from hexcampaign.kasserine.saves import lock_index
from hexcampaign.kasserine.state import Action, EndPhase

from .helpers import H, U, game

FIXTURES = Path(__file__).parent / "fixtures"


def small_game() -> Game:
    g = game([U("Panzer", (3, 3)), U("Doughboys", (6, 6), "allied")], seed=4)
    g.identify(new_game_id())
    return g


def test_the_note_names_the_hex_of_the_roll_as_the_map_prints_it_and_changes_nothing_else():
    g = small_game()
    before = g.state.model_copy(deep=True)
    changes = g.apply(Reopened(further=3, roll_at=(g.map.hexes()[0].q, g.map.hexes()[0].r)))
    number = g.map.label(g.map.hexes()[0])
    line = f"Reopened from before the roll on {number} (the game had gone 3 actions further)"
    assert list(changes) == [line]
    assert g.log()[-1].endswith(": " + line) and g.log()[-1].startswith("Feb 14, German movement")
    assert g.state == before  # the position is untouched
    assert not g.can_undo  # taking it back would erase it
    with pytest.raises(IllegalAction, match="reopened from an older save"):
        g.undo()


def test_the_words_without_a_roll_and_for_one_action():
    assert words(1, None) == "Reopened from an older save (the game had gone 1 action further)"
    assert words(2, "1317 (Kasserine)") == (
        "Reopened from before the roll on 1317 (Kasserine) (the game had gone 2 actions further)"
    )


def test_the_note_survives_a_save_a_replay_and_undo_of_later_moves():
    g = small_game()
    g.apply(Reopened(further=2))
    g.end_phase()  # a hand-over: the game goes on after the note
    text = g.to_json()
    trusted = Game.from_json(text)
    assert trusted.log() == g.log() and trusted.state.game_id == g.state.game_id
    # Without its check the save is replayed from the start, the note with it.
    document = json.loads(text)
    del document["check"]
    replayed = Game.from_json(json.dumps(document))
    assert replayed.log() == g.log() and replayed.state == g.state
    assert [a.kind for a in replayed.actions()] == ["reopened", "end_phase"]
    assert played(replayed.actions()) == 1
    assert lock_index(replayed.replay().state, [Reopened(further=1)]) == 1


def test_an_id_given_later_is_kept_by_saves_copies_and_undo():
    g = game([U("Panzer", (3, 3)), U("Doughboys", (6, 6), "allied")], seed=4)
    assert g.state.game_id == ""
    g.move("Panzer", [H(3, 4)])
    g.identify("0123456789abcdef")
    assert g.copy().state.game_id == "0123456789abcdef"
    g.undo()  # derived again from the start position, which carries the id
    assert g.state.game_id == "0123456789abcdef"
    assert Game.from_json(g.to_json()).state.game_id == "0123456789abcdef"
    document = json.loads(g.to_json())
    del document["check"]
    assert Game.from_json(json.dumps(document)).state.game_id == "0123456789abcdef"


def test_saves_from_before_ids_still_load_without_one():
    g = Game.load(FIXTURES / "before-the-roll.kpgame")
    assert g.state.game_id == ""
    assert not any(a.kind == "reopened" for a in g.actions())


def test_a_game_by_e_mail_cannot_carry_a_note():
    # Not a move of either side: the actions a turn file may hold do not include it ...
    with pytest.raises(ValidationError):
        TypeAdapter(Action).validate_python({"kind": "reopened", "further": 1})
    # ... and a game without an id (every game by e-mail) refuses it, naming the rule.
    me = MailGame.start("german", {"german": "Erwin", "allied": "Lloyd"})
    with pytest.raises(IllegalAction, match="Log: a reopened save is noted only"):
        me.game.apply(Reopened(further=1))


def test_a_note_on_a_hex_off_the_map_is_refused():
    g = small_game()
    with pytest.raises(IllegalAction, match="not on the map"):
        g.apply(Reopened(further=1, roll_at=(99, 99)))
    g.apply(EndPhase())
    assert all("Reopened" not in line for line in g.log())
