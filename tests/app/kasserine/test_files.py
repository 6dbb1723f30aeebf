"""Saving and opening games, autosave at every phase, the log's export, reinforcements."""

from __future__ import annotations

import json
from pathlib import Path

from hexcampaign.app.kasserine.document import GameDocument
from hexcampaign.app.kasserine.session import autosave_folder
from hexcampaign.kasserine import Game

from .conftest import H, skirmish
from .gui_player import place_everyone


def test_save_and_reopen_gives_the_same_game_and_says_whose_turn(mode, tmp_path, window):
    s = mode.new_game(seed=8, players={"german": "Erwin", "allied": "Lloyd"})
    place_everyone(mode)
    mode.setup.done.click()
    g = s.game
    path = tmp_path / "rematch.kpgame"
    assert mode.save_to(path)
    assert not s.dirty
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == "hexcampaign-kasserine-game"
    assert document["players"] == {"german": "Erwin", "allied": "Lloyd"}
    saved_state = g.state.model_copy(deep=True)
    mode.hex_clicked(next(u.hex for u in g.units() if u.side == "german" and u.hex))  # select
    assert mode.open_path(path)
    reopened = mode.game
    assert reopened is not g and reopened.state == saved_state
    assert reopened.log() == g.log()[: len(reopened.log())]
    assert "Feb 14, German movement — Erwin (German) to play" in mode.last_message
    assert window.statusBar().currentMessage() == mode.last_message
    assert "Erwin" in mode.turn_bar.player.text()
    assert path.resolve() in window.settings.recent_files()
    # every unit on the map has its counter again
    assert set(mode.board.layer.items) == {u.id for u in reopened.units() if u.hex and not u.eliminated}


def test_a_game_saved_from_the_window_reopens_without_replaying_its_log(
    mode, tmp_path, monkeypatch
):
    # The players' names ride inside the engine's check, so the window's own save is
    # taken as written: reopening a long game is as quick as opening a short one.
    s = mode.new_game(seed=8, players={"german": "Erwin", "allied": "Lloyd"})
    place_everyone(mode)
    mode.setup.done.click()
    path = tmp_path / "quick.kpgame"
    assert mode.save_to(path)
    state, log = s.game.state.model_copy(deep=True), s.game.log()

    rebuild = Game._rebuild

    def no_replay(self, actions, *args, **kwargs):
        # The Tracker dock builds the start position (no actions) for its own series.
        if actions:
            raise AssertionError("the save was replayed")
        return rebuild(self, actions, *args, **kwargs)

    monkeypatch.setattr(Game, "_rebuild", no_replay)
    assert mode.open_path(path)
    assert mode.game.state == state and mode.game.log() == log
    assert "Erwin" in mode.turn_bar.player.text()


def test_a_re_spaced_save_keeps_its_player_names_and_computer_sides(mode, tmp_path):
    """A save pretty-printed by hand (or by another tool) still says who plays: the
    app's keys are read whatever the spacing."""
    s = mode.play(skirmish(), {"german": "Erwin", "allied": "Lloyd"}, computer={"allied": "easy"})
    mode.computer.set_computer_pace("slow")
    path = tmp_path / "spaced.kpgame"
    path.write_text(json.dumps(json.loads(s.to_json()), indent=2), encoding="utf-8")
    assert '"players": {' in path.read_text(encoding="utf-8")  # not the compact form
    document = GameDocument.load(path)
    assert document.players == {"german": "Erwin", "allied": "Lloyd"}
    assert document.computer == {"allied": "easy"} and document.pace == "slow"
    assert document.game.state == s.game.state
    document.release()


def test_a_bad_file_is_one_sentence_and_the_game_stays(mode, tmp_path, answering_message_boxes):
    s = mode.play(skirmish())
    bad = tmp_path / "broken.kpgame"
    bad.write_text('{"format": "hexcampaign-kasserine-game", "version": 1', encoding="utf-8")
    assert not mode.open_path(bad)
    assert mode.session is s
    # The unsaved game is asked about first, then the file is read (the map and the
    # campaign ask in the same order).
    assert [k for k, _text in answering_message_boxes] == ["question", "critical"]
    kind, text = answering_message_boxes[-1]
    # The one open flow's error box (app/dialogs/files.py), as for maps and campaigns.
    assert kind == "critical" and "Could not open the game" in text
    assert "\n" not in text.split(": ", 1)[1].strip()
    other = tmp_path / "map.kpgame"
    other.write_text('{"format": "hexcampaign-map", "version": 1}', encoding="utf-8")
    assert not mode.open_path(other)
    assert "not a Kasserine Pass save" in answering_message_boxes[-1][1]


def test_unsaved_moves_are_asked_about_before_closing(mode, answering_message_boxes):
    mode.play(skirmish(phase="german_movement"))
    assert mode.maybe_close()  # nothing done yet
    mode.hex_clicked(H(3, 5))
    mode.hex_clicked(sorted(mode.reachable)[0])
    assert mode.session.dirty
    assert mode.maybe_close()  # the test's message box answers "Discard"
    assert answering_message_boxes[-1][0] == "question"
    assert "not saved" in answering_message_boxes[-1][1]


def test_autosave_at_every_phase_into_the_user_data_folder(mode, user_folders):
    _config, data = user_folders
    s = mode.play(skirmish(phase="german_movement"))
    assert autosave_folder() == data / "autosave"
    assert s.autosave_path.parent == data / "autosave"
    mode.turn_bar.end_button.click()  # to German combat
    assert s.game.state.phase == "german_combat"
    saved = Game.load(s.autosave_path)
    assert saved.state == s.game.state  # a crash now loses nothing of this phase's start
    state = s.game.state.model_copy(deep=True)
    # The recovery: open it like any save (the close question is answered "Discard").
    assert mode.open_path(s.autosave_path)
    assert mode.game.state == state


def test_log_filters_by_side_and_exports_text(mode, tmp_path):
    s = mode.play(skirmish(phase="german_movement"))
    mode.turn_bar.end_button.click()
    log = mode.docks.log
    assert log.shown_lines() == s.game.log()
    log.filter.setCurrentText("Allied")
    assert log.shown_lines() == []  # the Allies have not acted yet
    log.filter.setCurrentText("German")
    assert log.shown_lines() and all("German" in line.split(":")[0] for line in log.shown_lines())
    out = tmp_path / "log.txt"
    log.export_to(out)
    assert out.read_text(encoding="utf-8").splitlines() == log.shown_lines()


def test_reinforcements_dock_lists_arrivals_by_date_and_place(mode):
    s = mode.new_game(seed=2)
    g = s.game
    tree = mode.docks.reinforcements.tree
    titles = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert titles[0].startswith("Feb 15 — Road Five")
    arrivals = [u for u in g.units() if u.arrives is not None]
    shown = sum(tree.topLevelItem(i).childCount() for i in range(tree.topLevelItemCount()))
    assert shown == len(arrivals)


def test_crt_dock_is_the_data_table_with_the_column_highlighted(mode):
    from hexcampaign.kasserine.tables import crt_table

    mode.play(skirmish())
    crt = mode.docks.crt
    table = crt_table()
    assert crt.table.rowCount() == 5
    assert (
        crt.table.item(0, crt.columns.index("1:1")).text().replace("\n", " ")
        == table.rows[2][table.columns.index("1:1")]
    )
    mode.hex_clicked(H(4, 3))
    mode.combat.panel.declare.click()
    assert crt.highlighted == mode.game.combats()[-1].odds
    assert "14 minus the roll" in crt.note.text()


def test_saving_retires_the_autosave_and_a_crashed_sessions_autosave_is_offered(
    mode, tmp_path, window
):
    from hexcampaign.app.kasserine import install
    from hexcampaign.app.kasserine.session import orphan_autosaves

    s = mode.play(skirmish(phase="german_movement"))
    mode.turn_bar.end_button.click()
    assert s.autosave_path.exists()
    assert orphan_autosaves() == []  # this program is alive: its autosave is no orphan
    assert mode.save_to(tmp_path / "kept.kpgame")
    assert not s.autosave_path.exists()
    # a program that died (no such process) left its autosave behind
    dead = autosave_folder() / "kasserine-999999999-deadbeef.kpgame"
    dead.write_text(s.to_json(), encoding="utf-8")
    assert orphan_autosaves() == [dead]
    other = install(window)
    other.activate()
    assert "Open an autosaved game" in other.last_message and dead.name in other.last_message
    assert other.open_path(dead)
    assert other.game.state == s.game.state


def test_the_hand_over_is_announced_when_the_other_side_is_to_play(mode):
    from hexcampaign.kasserine import Game
    from hexcampaign.maps import HexMap

    from .conftest import unit

    g = Game.custom(
        HexMap.blank(8, 8),
        [unit("Panzer", 1, 1), unit("Doughboys", 6, 6, "allied")],
        phase="german_combat",
    )
    mode.play(g, {"german": "Erwin", "allied": "Lloyd"})
    mode.turn_bar.end_button.click()
    assert g.state.phase == "allied_movement"
    assert mode.last_message == "Hand over — Lloyd: your movement phase"
    assert "Lloyd" in mode.turn_bar.player.text()


def test_a_game_reopened_while_the_defender_allocates_says_the_defender_acts(mode, tmp_path):
    """Seen under Xvfb: reopened during the Allied attack, the turn bar named Erwin to
    allocate his guns while the message said 'Lloyd (Allied) to play'."""
    s = mode.play(skirmish(dice="program"), {"german": "Erwin", "allied": "Lloyd"})
    mode.hex_clicked(H(4, 3))
    mode.combat.panel.declare.click()  # the German attacks: Lloyd allocates
    path = tmp_path / "allocating.kpgame"
    assert mode.save_to(path)
    assert mode.open_path(path)
    assert mode.game is not s.game and mode.turns.acting_side() == "allied"
    assert "Lloyd (Allied) to play" in mode.last_message
    assert "Erwin" not in mode.last_message


def test_a_save_made_just_before_the_roll_reopens_at_the_roll(mode, window):
    """The defender's artillery is in the save: the attacker rolls next (it said the
    defender was to allocate, and that no gun of his was in range, with both firing)."""
    path = Path(__file__).parents[2] / "kasserine" / "fixtures" / "before-the-roll.kpgame"
    assert mode.open_path(path)
    g = mode.game
    [attack] = [c for c in g.combats() if not c.resolved]
    assert len(attack.defense_artillery) == 2
    assert mode.turns.acting_side() == "german"
    assert "to allocate" not in mode.turn_bar.player.text()
    panel = mode.docks.combat.panel
    assert panel.defending_combat() is None
    assert panel.roll_box.isVisibleTo(panel) and not panel.defense.isVisibleTo(panel)


def test_discard_at_quit_leaves_no_autosave_of_the_game(mode, window, monkeypatch):
    """A game whose changes were discarded at the close question is not written to the
    autosave again as the program quits (nothing is offered back at the next start)."""
    from PySide6.QtWidgets import QMessageBox

    from hexcampaign.app.dialogs import files

    s = mode.new_game(seed=8)
    place_everyone(mode)
    mode.setup.done.click()  # a phase change: autosaved
    assert s.autosave_path is not None and s.autosave_path.exists()
    monkeypatch.setattr(
        QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard
    )
    assert files.may_close(window, s)
    mode.autosaver.quitting()
    assert not s.autosave_path.exists() and not mode.autosaver.lock_path.exists()


BEFORE_THE_ROLL = Path(__file__).parents[2] / "kasserine" / "fixtures" / "before-the-roll.kpgame"


def test_the_roll_is_in_the_autosave_before_it_is_shown(mode):
    """A crash right after the dice shows nothing the next start would not restore."""
    assert mode.open_path(BEFORE_THE_ROLL)
    s = mode.session
    seen: list[Game] = []
    s.changed.connect(lambda *_args: seen.append(Game.load(s.autosave_path)))
    mode.docks.combat.panel.dice.roll_button.click()
    rolled = [c for c in s.game.combats() if c.resolved]
    assert rolled and not s.can_undo
    # what the first listener found on disk already holds the result it is told of
    assert seen and seen[0].log() == s.game.log() and seen[0].state == s.game.state


def test_reopening_a_save_from_before_the_roll_is_written_into_the_log(mode, tmp_path):
    assert mode.open_path(BEFORE_THE_ROLL)  # a save from before game ids gets one
    path = tmp_path / "attack.kpgame"
    assert mode.save_to(path)
    g = mode.game
    [attack] = [c for c in g.combats() if not c.resolved]
    where = g.hex_label(attack.target)
    mode.docks.combat.panel.dice.roll_button.click()  # the roll the player dislikes
    assert mode.open_path(path)  # ... so he reopens the save made before it
    line = f"Reopened from before the roll on {where} (the game had gone 1 action further)"
    assert mode.game.log()[-1].endswith(line)
    assert line in mode.last_message  # the notice line shows it to both players
    assert not mode.session.can_undo  # it cannot be taken back ...
    assert mode.save_to(path)
    assert Game.load(path).log()[-1].endswith(line)  # ... nor lost by saving
    # Opening the same save again, nothing further having been played: no second note.
    assert mode.open_path(path)
    assert sum("Reopened" in entry for entry in mode.game.log()) == 1


def test_a_new_game_and_its_saves_keep_one_id_and_games_by_e_mail_have_none(mode, tmp_path):
    s = mode.new_game(seed=3)
    game_id = s.game.state.game_id
    assert len(game_id) == 16
    path = tmp_path / "new.kpgame"
    assert mode.save_to(path)
    assert mode.open_path(path) and mode.game.state.game_id == game_id
    assert mode.new_game(seed=3).game.state.game_id != game_id  # another game, another id


def test_save_as_names_the_new_file_in_the_title_at_once(mode, window, tmp_path):
    """Seen under Xvfb: after Save As of an unchanged game the title kept the old name."""
    from hexcampaign.app.dialogs import files

    assert mode.open_path(BEFORE_THE_ROLL)
    assert files.save_to(window, mode.document, tmp_path / "attack.kpgame")  # what Save As does
    assert window.windowTitle().startswith("attack.kpgame — Kasserine Pass")
