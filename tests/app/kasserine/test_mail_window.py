"""Kasserine Pass by e-mail in the window: two windows (two players, each with their own
settings) exchanging the files the program writes, as two friends would by e-mail."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from benchmarks.players import SeededSecrets, choose_by_mail
from PySide6.QtWidgets import QApplication

from app.helpers import shown_window
from hexcampaign.app.kasserine.mail_document import MailDocument, mail_folder
from hexcampaign.app.settings import Settings
from hexcampaign.kasserine import mail
from hexcampaign.kasserine.mail import TURN_SUFFIX
from hexcampaign.kasserine.state import SupportDefense

NAMES = {"german": "Erwin", "allied": "Lloyd"}


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch):
    monkeypatch.setattr(mail, "secrets", SeededSecrets(2026))


class Player:
    """One player's window, its Kasserine mode and the errors it showed."""

    def __init__(self, qtbot, settings_path: Path) -> None:
        self.window = shown_window(
            qtbot, settings=Settings(settings_path), editor=False, play_modes=True
        )
        self.errors: list[str] = []
        self.window.show_error = lambda _title, sentence: self.errors.append(sentence)
        self.mode = self.window.modes.play_mode("hexcampaign.app.kasserine")
        self.window.set_mode(self.mode)
        QApplication.processEvents()

    @property
    def document(self) -> MailDocument:
        assert isinstance(self.mode.document, MailDocument)
        return self.mode.document

    def newest_turn(self) -> Path:
        assert self.document.turn_path is not None
        return self.document.turn_path

    def play_until_hand_over(self, rng: random.Random, limit: int = 400) -> Path:
        """Random legal play through the window's document until a turn file is written."""
        written = self.document.turn_path
        for _ in range(limit):
            if self.document.turn_path != written:
                return self.newest_turn()
            m = self.document.mail
            assert m.my_move, "the game waits for the other side, but no file was written"
            if m.answering:
                self.answer()
                continue
            assert self.document.act(choose_by_mail(m, rng)) is not None, self.document.last_refusal
        raise AssertionError("no hand-over")

    def answer(self) -> None:
        """The defender's answer through the Combat dock: no guns, for each attack."""
        panel = self.mode.docks.combat.panel
        while self.document.mail.answering:
            assert panel.defending_combat() is not None
            assert panel.allocate_defense()

    def open(self, path: Path) -> bool:
        """File > Open (and a double-click, a drop): the window's one opener."""
        return self.window.open_path(path)


@pytest.fixture
def players(qtbot, tmp_path):
    return Player(qtbot, tmp_path / "erwin.json"), Player(qtbot, tmp_path / "lloyd.json")


def start(erwin: Player) -> Path:
    document = erwin.mode.mail.start("german", NAMES)
    assert document is not None
    return erwin.newest_turn()


def test_the_invitation_and_its_note_say_what_to_send_and_where(players):
    erwin, lloyd = players
    invitation = start(erwin)
    assert invitation.parent == mail_folder()
    assert invitation.name.startswith("Erwin v Lloyd (")
    assert invitation.name.endswith(f"00 invitation{TURN_SUFFIX}")
    note = erwin.mode.mail.note
    assert note is not None and note.isVisible()
    assert invitation.name in note.text() and "Lloyd" in note.text()
    assert str(invitation.parent) in note.informativeText()
    # The game itself is on disk before the invitation could be sent: its secrets.
    assert erwin.document.path is not None and erwin.document.path.is_file()
    assert not erwin.document.dirty
    # Lloyd opens it: his copy of the game, waiting for Erwin's set-up.
    assert lloyd.open(invitation)
    assert lloyd.document.mail.side == "allied"
    assert lloyd.document.mail.game_id == erwin.document.mail.game_id
    assert not lloyd.document.mail.my_move
    bar = lloyd.mode.docks.turn_bar
    assert "Waiting for Erwin's turn file" in bar.player.text()
    assert not bar.end_button.isEnabled()
    # The German set-up is Erwin's: Lloyd's set-up dock offers nothing to press (seen
    # under Xvfb: Apply suggestion and Place formation were there to click).
    setup = lloyd.mode.docks.setup
    assert not any(
        b.isEnabled() for b in (setup.apply_suggestion, setup.place_formation, setup.done)
    )
    assert erwin.mode.docks.setup.apply_suggestion.isEnabled()
    assert not lloyd.errors


def test_a_turn_received_is_shown_step_by_step_then_played_on(players):
    erwin, lloyd = players
    rng = random.Random(7)
    lloyd.open(start(erwin))
    setup = erwin.play_until_hand_over(rng)
    assert "Feb 14" in setup.name
    before = lloyd.document.game.copy()
    assert lloyd.open(setup), lloyd.errors
    document = lloyd.document
    replay = document.replay
    assert replay is not None and replay.total > 1
    bar = lloyd.mode.mail.bar
    assert bar.isVisible() and "Erwin's turn" in bar.title.text()
    # The board shows the position before Erwin's actions, not after.
    assert document.game.to_json() == before.to_json()
    assert document.act(choose_by_mail(document.mail, rng)) is None
    assert "To the end" in document.last_refusal
    bar.step_button.click()
    assert replay.index == 1 and bar.line.text() == replay.lines[-1]
    bar.end_button.click()
    assert document.replay is None and not bar.isVisible()
    assert document.game is document.mail.game
    assert document.game.log() == erwin.document.game.log()
    # Lloyd plays on and sends his turn; Erwin receives it the same way.
    back = lloyd.play_until_hand_over(rng)
    assert erwin.open(back), erwin.errors
    erwin.mode.mail.bar.end_button.click()
    assert erwin.document.game.log()[: len(lloyd.document.game.log())] == lloyd.document.game.log()


def test_a_changed_or_repeated_turn_file_is_refused_in_one_sentence_and_nothing_changes(
    players, tmp_path
):
    erwin, lloyd = players
    rng = random.Random(3)
    lloyd.open(start(erwin))
    setup = erwin.play_until_hand_over(rng)
    data = setup.read_bytes()
    changed = tmp_path / f"changed{TURN_SUFFIX}"
    changed.write_bytes(data.replace(b'"from":"german"', b'"from":"allied"'))
    saved = lloyd.document.path.read_bytes()
    assert not lloyd.open(changed)
    assert lloyd.errors[-1].startswith("This turn file was changed after it was written")
    assert lloyd.document.game.actions() == [] and lloyd.document.replay is None
    assert lloyd.document.path.read_bytes() == saved
    assert lloyd.open(setup)
    assert not lloyd.open(setup)  # the same file again
    assert "older than the game" in lloyd.errors[-1]


def test_a_turn_file_opened_with_another_game_shown_finds_its_own_game(players, qtbot):
    erwin, lloyd = players
    rng = random.Random(5)
    lloyd.open(start(erwin))
    lloyd_game = lloyd.document.path
    setup = erwin.play_until_hand_over(rng)
    lloyd.mode.files.close_game()
    lloyd.mode.new_game(seed=1)  # a hot-seat game in between
    lloyd.mode.document.set_dirty(False)
    assert lloyd.open(setup), lloyd.errors
    assert lloyd.document.path == lloyd_game and lloyd.document.replay is not None


def test_the_defender_answers_with_his_guns_in_the_combat_dock(players):
    """Play until an attack waits for the Allied guns; Lloyd allocates through the dock
    and the answer file is written; Erwin's roll is made when he opens it."""
    erwin, lloyd = players
    rng = random.Random(11)
    lloyd.open(start(erwin))
    sender, receiver = erwin, lloyd
    for _ in range(60):
        sent = sender.play_until_hand_over(rng)
        assert receiver.open(sent), receiver.errors
        receiver.mode.mail.to_the_end()
        # After the replay the notice says who plays on (it kept the last step's line).
        assert receiver.mode.last_message.startswith(
            f"{sender.document.mail.names[sender.document.mail.side]}'s turn replayed: "
        )
        m = receiver.document.mail
        if m.answering and any(
            isinstance(a, SupportDefense) and a.artillery for a in m.legal_actions()
        ):
            break
        if not m.my_move:  # an answer went back at once: the other side takes it
            assert sender.open(receiver.newest_turn()), sender.errors
            sender.mode.mail.to_the_end()
            continue
        sender, receiver = receiver, sender
    else:
        pytest.fail("no attack met the defender's guns")
    defender, attacker = receiver, sender
    panel = defender.mode.docks.combat.panel
    combat = panel.defending_combat()
    assert combat is not None and panel.defense.isVisible()
    panel.defense.guns.selectAll()
    count = len(defender.document.game.actions())
    assert panel.allocate_defense()
    assert len(defender.document.game.actions()) > count  # SupportDefense applied
    while defender.document.mail.answering:
        defender.answer()
    answer = defender.newest_turn()
    assert attacker.open(answer), attacker.errors
    attacker.mode.mail.to_the_end()
    assert next(c for c in attacker.document.game.combats() if c.id == combat.id).defense_artillery
