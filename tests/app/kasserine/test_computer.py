"""The computer in the window: started from the New game dialog, it plays in a worker
while the window stays live; it defends against a person's attacks and waits for a
person's defence; its dice are the ones the game on screen rolls; Players… switches a
side; the save records who plays."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QLabel

from hexcampaign.app.kasserine.dialogs import NewGameDialog, PlayersDialog
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.state import AdvanceRoll, DeclineAdvance, Retreat, TakeLosses

from .conftest import H, skirmish


def start_from_dialog(mode, monkeypatch, german=None, allied=None, pace="fastest", seed=None):
    """New game… with the dialog filled in as a person would, then Start."""

    def exec_(dialog):
        dialog.rows.set_computer("german", german)
        dialog.rows.set_computer("allied", allied)
        dialog.rows.pace_box.setCurrentIndex(dialog.rows.pace_box.findData(pace))
        if seed is not None:
            dialog.fixed.setChecked(True)
            dialog.seed.setValue(seed)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    assert mode.files.new_game_dialog()
    return mode.session


def answer(mode, decision) -> None:
    """A person's answer to a combat result, given through the Combat dock and the board."""
    g, panel = mode.game, mode.combat.panel
    uid = decision.units[0]
    if decision.kind == "retreat":
        panel.result_units.select_id(uid)
        panel.decision_unit = uid
        mode.board.refresh_selection()
        mode.hex_clicked(g.retreat_paths(uid)[0][-1])
    elif decision.kind == "losses":
        choice = next(a for a in g.legal_actions() if isinstance(a, TakeLosses))
        for i in range(panel.result_units.count()):
            item = panel.result_units.item(i)
            item.setSelected(item.data(Qt.ItemDataRole.UserRole) in choice.units)
        panel.take_losses.click()
    elif decision.kind == "advance":
        panel.decline.click()
    else:
        panel.advance_dice.roll_button.click()


def play_until(mode, qtbot, done, timeout=60_000):
    """Let the computer play until `done()`; whenever it waits for the person's defensive
    artillery, the person fires no guns (Go on to the roll); a result the person must
    answer (a retreat, losses, an advance) is answered in the Combat dock as a person
    would: the first retreat on the board, the first losses offered, no advance."""
    panel = mode.combat.panel

    def check():
        if done():
            return True
        if mode.computer.computers.busy() or mode.turns.acting_side() in mode.session.computer:
            return False
        if mode.turns.defence_pending():
            panel.allocate_defense()
        decision = mode.game.pending()
        if decision is not None and decision.side not in mode.session.computer:
            answer(mode, decision)
        return False

    qtbot.waitUntil(check, timeout=timeout)


def test_computer_against_computer_from_the_dialog_plays_on_while_the_window_answers(
    mode, monkeypatch, qtbot
):
    session = start_from_dialog(mode, monkeypatch, german="easy", allied="easy")
    assert session.computer == {"german": "easy", "allied": "easy"}
    g = session.game
    assert g.seed is None  # dice from the operating system's entropy
    answered = []
    # The window answers while the computer thinks: a timer of the GUI thread runs.
    qtbot.waitUntil(lambda: (answered.append(1), len(g.actions()) > 3)[1], timeout=60_000)
    assert "The computer is playing the German side" in mode.turn_bar.player.text()
    assert not mode.turn_bar.undo_button.isEnabled()  # undo never takes back the computer's moves
    qtbot.waitUntil(lambda: g.turn >= 2 or g.over, timeout=240_000)
    assert len(answered) > 3
    assert mode.handover is None or not mode.handover.isVisible()  # nobody to hand over to
    phases = {line.split(": ")[0].split(", ")[1] for line in g.log()}
    assert {"German set-up", "German movement", "Allied movement"} <= phases
    assert mode.docks.log.text.toPlainText().count("\n") > 10  # the log dock shows what it did
    # Pause: nothing more happens until Resume.
    mode.computer.set_computer_paused(True)
    count = len(g.actions())
    qtbot.wait(300)
    assert len(g.actions()) == count
    assert "paused" in mode.turns.acting_words()
    mode.computer.set_computer_paused(False)
    qtbot.waitUntil(lambda: len(g.actions()) > count, timeout=60_000)
    mode.computer.computers.shutdown()


def test_the_screen_rolls_the_faces_the_computers_worker_rolled(mode, monkeypatch, qtbot):
    session = start_from_dialog(mode, monkeypatch, german="easy", allied="easy")
    seen = []
    mode.computer.computers.acted.connect(seen.append)
    g = session.game
    qtbot.waitUntil(lambda: sum(len(a.faces or []) for a in seen) >= 6, timeout=240_000)
    mode.computer.computers.shutdown()
    mine = g.actions()[-len(seen) :]
    assert [a.faces for a in mine] == [a.faces for a in seen]
    assert [a.kind for a in mine] == [a.kind for a in seen]
    # The game on screen replays to itself from its own log: the same position.
    assert g.replay().to_json() == g.to_json()


def test_a_person_attacks_the_computer_which_allocates_its_guns_then_plays_its_turn(mode, qtbot):
    game = skirmish(phase="german_combat", dice="program")
    mode.play(game, computer={"allied": "normal"})
    panel = mode.combat.panel
    assert mode.turns.acting_side() == "german" and not mode.computer.computers.busy()
    assert panel.choose_target(H(4, 3))
    assert panel.declare_attack()
    # The computer defends: its battery fires (a log line), and the roll is the person's.
    qtbot.waitUntil(lambda: 1 in panel.defense_done, timeout=30_000)
    assert any("Defensive fire for attack 1: Battery" in line for line in game.log())
    assert mode.turns.acting_side() == "german"
    panel.roll(None)
    # Whatever the result asks of the Germans, then the end of the German turn.
    for _ in range(10):
        if game.pending() is not None and game.pending().side == "german":
            decision = game.pending()
            if decision.kind == "losses":
                mode.document.act(TakeLosses(units=list(decision.units)))
            elif decision.kind == "advance":
                mode.document.act(DeclineAdvance())
            elif decision.kind == "advance_roll":
                mode.document.act(AdvanceRoll())
            else:
                unit = decision.units[0]
                path = [(h.q, h.r) for h in game.retreat_paths(unit)[0]]
                mode.document.act(Retreat(unit=unit, path=path))
        qtbot.waitUntil(lambda: not mode.computer.computers.busy(), timeout=30_000)
        if game.state.side == "german" and game.pending() is None:
            break
    assert mode.end_phase()
    # The Allied computer moves and fights, then hands back to the person: no hand-over
    # screen, and its moves are in the log.
    play_until(
        mode,
        qtbot,
        lambda: game.over or (game.state.side == "german" and not mode.computer.computers.busy()),
    )
    allied = [line for line in game.log() if "Allied movement" in line or "Allied combat" in line]
    assert allied
    assert mode.handover is None or not mode.handover.isVisible()


def test_the_computer_waits_for_the_persons_defensive_artillery_before_it_rolls(mode, qtbot):
    game = skirmish(phase="allied_combat", dice="program")
    mode.play(game, computer={"allied": "normal"})
    panel = mode.combat.panel
    qtbot.waitUntil(lambda: mode.turns.defence_pending(), timeout=30_000)
    # The computer declared; the person is asked for the guns and nothing is rolled.
    assert mode.turns.acting_side() == "german"
    assert "allocate" in mode.turns.acting_words()
    assert all(not c.resolved for c in game.combats())
    assert panel.defense.isEnabled() and not mode.turn_bar.undo_button.isEnabled()
    assert not mode.undo()  # the computer's attack is not the person's to take back
    panel.defense_guns.select_id("Guns")
    assert panel.allocate_defense()
    qtbot.waitUntil(lambda: any(c.resolved for c in game.combats()), timeout=30_000)
    assert any("Defensive fire for attack" in line and "Guns" in line for line in game.log())


def test_the_hint_draws_arrows_and_changes_nothing(mode, qtbot):
    session = mode.new_game(seed=5)
    g = session.game
    before = g.to_json()
    assert mode.hint()
    qtbot.waitUntil(lambda: mode.last_hint is not None, timeout=30_000)
    assert mode.computer.hint_arrows is not None and len(mode.computer.hint_arrows.arrows) > 5
    assert mode.computer.hint_arrows.scene() is mode.canvas.scene()
    assert mode.last_message.startswith("Hint for the German player: place ")
    assert g.to_json() == before  # nothing applied, nothing rolled
    # Any change clears the arrows: the hint was for that position.
    first = g.legal_actions()[0]
    mode.document.act(first)
    assert mode.computer.hint_arrows.arrows == ()


def test_the_hint_stops_before_the_dice(mode, qtbot):
    game = skirmish(phase="german_combat", dice="program")
    mode.play(game)
    assert mode.hint()
    qtbot.waitUntil(lambda: mode.last_hint is not None, timeout=30_000)
    words = mode.last_hint.words
    assert "attack" in words
    assert "rolled" not in words and "ELIM" not in words and "BACK" not in words
    assert game.combats() == [] and game.log() == []


def test_players_survive_save_and_reopen_and_old_saves_are_two_people(mode, tmp_path, qtbot):
    mode.new_game(seed=3, players={"german": "Erwin"}, computer={"allied": "easy"})
    path = tmp_path / "against-the-computer.kpgame"
    assert mode.save_to(path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["computer"] == {"allied": "easy", "pace": "normal"}
    assert document["players"]["german"] == "Erwin"
    assert Game.from_json(path.read_bytes()).to_json()  # the engine reads it as before
    mode.new_game(seed=4)
    assert mode.open_path(path)
    assert mode.session.computer == {"allied": "easy"}
    assert mode.session.player("german") == "Erwin"
    assert set(mode.computer.computers.players) == {"allied"}
    # A save without the key (an older program's): two people.
    del document["computer"]
    del document["check"]  # no check: replayed from its start
    old = tmp_path / "old.kpgame"
    old.write_text(json.dumps(document), encoding="utf-8")
    assert mode.open_path(old)
    assert mode.session.computer == {} and mode.computer.computers.players == {}


def test_players_dialog_switches_a_side_to_the_computer_and_back(mode, monkeypatch, qtbot):
    session = mode.new_game(seed=6)
    g = session.game

    def to_computer(dialog):
        dialog.rows.set_computer("german", "easy")
        dialog.rows.pace_box.setCurrentIndex(dialog.rows.pace_box.findData("fastest"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PlayersDialog, "exec", to_computer)
    assert mode.computer.players_dialog()
    assert session.computer == {"german": "easy"}
    # The computer takes over the German set-up and movement, and stops at the Allies.
    play_until(mode, qtbot, lambda: g.phase == "allied_movement" and not mode.computer.computers.busy())
    assert g.phase == "allied_movement"
    assert "German player" in mode.turns.acting_words() or "Allied player" in mode.turns.acting_words()

    def to_person(dialog):
        dialog.rows.set_computer("german", None)
        dialog.rows.names["german"].setText("Hans")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PlayersDialog, "exec", to_person)
    assert mode.computer.players_dialog()
    assert session.computer == {} and mode.computer.computers.players == {}
    assert session.player("german") == "Hans"
    QApplication.processEvents()


def test_a_reopened_computer_game_keeps_its_pace(mode, monkeypatch, tmp_path, qtbot):
    start_from_dialog(mode, monkeypatch, german="easy", allied="easy", pace="slow", seed=3)
    mode.computer.set_computer_paused(True)
    assert mode.computer.computers.pace == "slow" and mode.computer.pace_actions["slow"].isChecked()
    mode.computer.set_computer_pace("fastest")  # Game > Computer pace > as fast as it can
    path = tmp_path / "watching.kpgame"
    assert mode.save_to(path)
    assert json.loads(path.read_text(encoding="utf-8"))["computer"]["pace"] == "fastest"
    # Another game at another pace, then the saved one again: its pace comes back.
    mode.new_game(seed=4, computer={"allied": "normal"})
    mode.computer.set_computer_pace("slow")
    assert mode.open_path(path)
    mode.computer.set_computer_paused(True)
    assert mode.computer.computers.pace == "fastest"
    assert mode.computer.pace_actions["fastest"].isChecked() and not mode.computer.pace_actions["slow"].isChecked()
    assert not mode.session.dirty  # reopening is no change
    # Changing the pace is a change the file would lose: the game asks before closing.
    mode.computer.set_computer_pace("fast")
    assert mode.session.dirty
    # The Players dialog's pace is the same setting (and its menu shows it).
    monkeypatch.setattr(
        PlayersDialog,
        "exec",
        lambda d: (
            d.rows.pace_box.setCurrentIndex(d.rows.pace_box.findData("normal")),
            QDialog.DialogCode.Accepted,
        )[1],
    )
    assert mode.computer.players_dialog()
    mode.computer.set_computer_paused(True)
    assert mode.session.pace == "normal" and mode.computer.pace_actions["normal"].isChecked()
    # A save from before the pace was saved keeps the window's pace.
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["computer"]["pace"]
    del document["check"]
    old = tmp_path / "old.kpgame"
    old.write_text(json.dumps(document, separators=(",", ":")), encoding="utf-8")
    mode.computer.set_computer_pace("slow")
    mode.session.set_dirty(False)
    assert mode.open_path(old)
    mode.computer.set_computer_paused(True)
    assert mode.session.computer == {"german": "easy", "allied": "easy"}
    assert mode.computer.computers.pace == "slow"
    mode.computer.computers.shutdown()


def test_the_pace_chosen_comes_back_at_the_next_start_and_in_the_new_game_dialog(
    mode, monkeypatch, tmp_path, qtbot
):
    """The pace was not remembered: each start and each New game dialog said "normal"."""
    from app.helpers import shown_window
    from hexcampaign.app.kasserine import install
    from hexcampaign.app.settings import Settings, config_dir

    start_from_dialog(mode, monkeypatch, allied="easy", pace="slow", seed=3)
    mode.computer.set_computer_paused(True)
    settings = json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))
    assert settings["kasserine_computer_pace"] == "slow"

    def next_start():
        """The program started again: a new window, its settings read from the folder."""
        window = shown_window(qtbot, settings=Settings(), editor=False)
        started = install(window)
        started.activate()
        return window, started

    window, again = next_start()
    assert again.computer.computers.pace == "slow"
    assert again.computer.pace_actions["slow"].isChecked()
    assert NewGameDialog(window).pace() == "slow"
    # Game > Computer pace, then a save played at another pace opened: the menu's
    # choice is the one kept (a save's pace is for its game).
    again.computer.pace_actions["fast"].trigger()
    assert again.computer.computers.pace == "fast"
    mode.computer.set_computer_pace("fastest", remember=False)
    saved = tmp_path / "fastest.kpgame"
    assert mode.save_to(saved)
    assert again.open_path(saved)
    again.computer.set_computer_paused(True)
    assert again.computer.computers.pace == "fastest"
    window, third = next_start()
    assert third.computer.computers.pace == "fast" and NewGameDialog(window).pace() == "fast"
    for m in (mode, again, third):
        m.computer.computers.shutdown()


def test_a_unit_picked_before_the_side_goes_to_the_computer_is_let_go(mode, monkeypatch, qtbot):
    # Seen under Xvfb: a German unit picked in the set-up dock, then the side handed to
    # the computer: in German movement its range stayed lit while the computer moved it.
    session = mode.new_game(seed=6)
    g = session.game
    uid = next(u.id for u in g.units() if u.side == "german")
    mode.choose_unit(uid)
    assert mode.selected == uid
    monkeypatch.setattr(
        PlayersDialog, "exec", lambda d: (d.rows.set_computer("german", "easy"), QDialog.DialogCode.Accepted)[1]
    )
    assert mode.computer.players_dialog()
    mode.computer.set_computer_pace("fastest")
    qtbot.waitUntil(lambda: g.phase == "german_movement", timeout=60_000)
    mode.computer.set_computer_paused(True)
    assert mode.selected is None and mode.reachable == {}


def test_the_victory_dialog_congratulates_the_computer_that_won(mode, qtbot):
    # Seen under Xvfb: a game the Allied computer won ended "Well played, Allied player."
    mode.new_game(seed=1, players={"german": "Erwin"}, computer={"allied": "normal"})
    mode.computer.set_computer_paused(True)
    dialog = mode.show_victory()
    assert dialog.level == "German defeat"  # no place held yet
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert any("Well played, the computer (normal)." in t for t in texts)
    dialog.close()


def test_pause_and_resume_in_a_movement_phase_moves_no_unit_twice(mode, monkeypatch, qtbot):
    session = start_from_dialog(mode, monkeypatch, german="normal", allied="normal", seed=5)
    g = session.game

    def moved_in_phase() -> list[str]:
        actions = g.actions()
        start = max(i for i, a in enumerate(actions) if a.kind == "end_phase")
        return [a.unit for a in actions[start + 1 :] if a.kind == "move"]

    qtbot.waitUntil(
        lambda: g.turn == 2 and g.phase == "german_movement" and len(moved_in_phase()) >= 3,
        timeout=120_000,
    )
    mode.computer.set_computer_paused(True)
    assert g.phase == "german_movement"
    first = moved_in_phase()
    start = max(i for i, a in enumerate(g.actions()) if a.kind == "end_phase")
    mode.computer.set_computer_paused(False)  # a fresh player plans the rest from the board
    qtbot.waitUntil(lambda: g.phase != "german_movement", timeout=60_000)
    mode.computer.set_computer_paused(True)
    actions = g.actions()
    end = next(i for i in range(start + 1, len(actions)) if actions[i].kind == "end_phase")
    moves = [a.unit for a in actions[start + 1 : end] if a.kind == "move"]
    assert moves[: len(first)] == first and len(moves) > len(first)
    assert len(moves) == len(set(moves)), "a unit moved twice in one movement phase"
    mode.computer.computers.shutdown()
