"""At start, a game that a crashed session left in the autosave folder is offered as maps
are: Restore opens it as the unsaved work it was, Discard removes it, Not now keeps it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hexcampaign.app import MainWindow
from hexcampaign.app.autosave import autosave_dir, find_orphans
from hexcampaign.app.editor.mode import EditorMode
from hexcampaign.app.play_recovery import DISCARD, LATER, RESTORE
from hexcampaign.kasserine import Game

FIXTURE = Path(__file__).parents[1] / "kasserine" / "fixtures" / "before-the-roll.kpgame"


def crashed_game(source: Path) -> Game:
    """The autosave of a program that died while playing the game of `source`."""
    folder = autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    game = Game.load(FIXTURE)
    game.identify("0123456789abcdef")  # as the window gives every game it shows
    game.resolve(game.combats()[-1].id)  # the roll it died after
    (folder / "kasserine-1-dead.kpgame").write_text(game.to_json(), encoding="utf-8")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (folder / "kasserine-1-dead.lock").write_text(json.dumps({"pid": dead.pid}))
    (folder / "kasserine-1-dead.json").write_text(
        json.dumps({"source": str(source), "title": source.name, "saved_at": 1_700_000_000})
    )
    return game


def started(qtbot, monkeypatch, answer: str) -> tuple[MainWindow, list]:
    offered = []

    def ask(self, orphan):
        offered.append(orphan)
        return answer

    monkeypatch.setattr(EditorMode, "ask_restore_play", ask)
    w = MainWindow()
    w.install_play_modes()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: bool(offered), timeout=30_000)
    return w, offered


def test_a_crashed_game_is_offered_at_start_and_restored_with_its_last_roll(
    qtbot, monkeypatch, tmp_path
):
    source = tmp_path / "attack.kpgame"
    game = crashed_game(source)
    w, offered = started(qtbot, monkeypatch, RESTORE)
    mode = w.play_mode("hexcampaign.app.kasserine")
    qtbot.waitUntil(lambda: mode.document is not None, timeout=30_000)
    assert offered[0].source == str(source)
    assert w.mode is mode  # shown in its own mode
    assert mode.game.state == game.state and mode.game.log() == game.log()  # the roll kept
    assert mode.document.path == source and mode.document.dirty  # the unsaved work it was
    assert mode.last_message.startswith("Restored the unsaved work of attack.kpgame: ")
    assert [o.session for o in find_orphans(suffixes=(".kpgame",))] == []  # adopted
    mode.document.set_dirty(False)


@pytest.mark.parametrize("answer", [DISCARD, LATER])
def test_discard_removes_the_game_and_not_now_keeps_it_for_later(
    qtbot, monkeypatch, tmp_path, answer
):
    crashed_game(tmp_path / "attack.kpgame")
    w, _offered = started(qtbot, monkeypatch, answer)
    qtbot.wait(50)
    kept = (autosave_dir() / "kasserine-1-dead.kpgame").exists()
    assert kept == (answer == LATER)
    if answer == LATER:
        assert "left for later" in w.statusBar().currentMessage()
        mode = w.play_mode("hexcampaign.app.kasserine")
        w.set_mode(mode)
        assert "Open an autosaved game" in mode.last_message  # the mode points to it too
        assert mode.document is None
