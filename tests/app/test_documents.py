"""One document layer for the map, the Kasserine game and the campaign: the window opens
each kind by its file, saves it, closes it, asks about it, and autosaves it the same way
(issue 15 item 3, with the papercuts of issues 16-18 that live there)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QKeySequence

from app.helpers import lock_owner, shown_window
from hexcampaign.app import MainWindow
from hexcampaign.app.autosave import autosave_dir, find_orphans
from hexcampaign.app.dialogs import files
from hexcampaign.app.editor.mode import EditorMode
from hexcampaign.campaign import Campaign
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.maps import HexMap, load_map, save_map

from .campaign.conftest import small_campaign


@pytest.fixture
def window(qtbot):
    return shown_window(qtbot, 1280, 800, play_modes=True)


@pytest.fixture
def saved_files(tmp_path):
    """One file of each kind, as this program writes them."""
    hexmap = tmp_path / "mine.hexmap"
    save_map(HexMap.blank(8, 6, palette="kasserine"), hexmap)
    game = tmp_path / "mine.kpgame"
    game.write_text(Game.scenario(seed=3).to_json(extra={"players": {"german": "Anna"}}))
    campaign = tmp_path / "mine.hxcampaign"
    small_campaign().save(campaign)
    return {"map": hexmap, "game": game, "campaign": campaign}


def editor_docks_shown(w) -> list[str]:
    return [d.windowTitle() for d in w.editor.docks() if not d.isHidden()]


@pytest.mark.parametrize("kind", ["map", "game", "campaign"])
def test_open_path_opens_every_kind_and_file_close_puts_it_away(window, saved_files, kind):
    path = saved_files[kind]
    assert window.open_path(path)
    document = window.document_in_charge()
    assert document.path == path and not document.dirty and document.KIND == kind
    assert window.centralWidget().currentWidget() is window.canvas
    if kind != "map":
        assert window.mode is not window.editor
        assert editor_docks_shown(window) == []  # the desk or the game, not the editor
    if kind == "game":
        assert window.mode.session.players["german"] == "Anna"  # read with the game, once
    assert window.close_action.isEnabled()
    window.close_action.trigger()
    assert window.document is None and window.mode is window.editor
    assert window.centralWidget().currentWidget() is window.start_page
    assert window.document_in_charge() is None


def test_a_campaign_keeps_the_umpires_notes_through_a_save(window, saved_files, tmp_path):
    assert window.open_path(saved_files["campaign"])
    desk = window.mode
    desk.add_note("spared the 2nd company: it was in reserve")
    assert desk.dirty and window.isWindowModified()
    target = tmp_path / "again.hxcampaign"
    assert desk.save_to(target) and not desk.dirty
    assert Campaign.load(target).state == desk.campaign.state  # the engine reads it as is
    assert window.open_path(target) and window.mode.notes[-1].endswith("it was in reserve")


def test_the_first_save_and_open_start_in_the_users_documents_folder(
    window, monkeypatch, user_folders, tmp_path
):
    asked = []
    monkeypatch.setattr(
        files, "ask_save_path", lambda _w, _title, suggested, *_a: asked.append(suggested)
    )
    window.open_map(HexMap.blank(5, 5, palette="cm"))
    window.document.dirty = True
    assert not window.save()  # the user cancelled the dialog
    documents = tmp_path / "user-documents"
    assert asked[0].parent == documents and asked[0].name == "untitled.hexmap"
    # After a save elsewhere, the next dialog starts there.
    target = tmp_path / "maps-of-mine" / "a.hexmap"
    target.parent.mkdir()
    assert window.save_to(target)
    assert files.start_folder(window) == target.parent


def test_save_as_has_one_shortcut(window):
    window.play_mode("hexcampaign.app.campaign")
    window.play_mode("hexcampaign.app.kasserine")
    save_as = QKeySequence(QKeySequence.StandardKey.SaveAs)
    bound = [
        a.text()
        for a in window.findChildren(type(window.save_as_action))
        if not save_as.isEmpty() and a.shortcut() == save_as
    ]
    assert bound == ["Save &as…"]


def test_the_start_page_shows_no_docks_and_the_map_brings_them_back(window, saved_files):
    assert window.centralWidget().currentWidget() is window.start_page
    assert editor_docks_shown(window) == []
    for card in window.start_page.cards.values():
        # Titles are whole at 1,280 x 800: the label is at least as wide as it wants.
        assert card.heading.width() >= card.heading.minimumSizeHint().width()
    # The empty recent list's line wraps: on one line it made the window 1,291 px wide.
    assert window.start_page.empty.minimumSizeHint().width() < 200
    assert window.open_path(saved_files["map"])
    assert editor_docks_shown(window)  # the editor's docks are back with the map


def test_a_restored_map_is_autosaved_at_once_and_its_recovery_file_kept_until_then(
    qtbot, monkeypatch, tmp_path
):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    edited = HexMap.blank(6, 4, palette="cm")
    edited.set_terrain(Hex.from_offset(2, 2), "forest")
    save_map(edited, folder / "lost.hexmap")
    (folder / "lost.lock").write_text(json.dumps({"pid": dead.pid}))
    (folder / "lost.json").write_text(json.dumps({"source": "", "title": "Lost"}))
    monkeypatch.setattr(EditorMode, "ask_restore", lambda self, orphan: True)
    w = MainWindow()
    qtbot.addWidget(w)
    assert len(w.editor.recover()) == 1
    saver = w.editor.autosaver
    # The restored work took over the recovery's own file, under this program's lock.
    assert saver.map_path == folder / "lost.hexmap"
    assert load_map(saver.map_path) == w.document.map == edited
    assert lock_owner(saver.lock_path) == os.getpid()
    assert find_orphans() == [] and w.document.dirty
    w.document.dirty = False  # saved: the autosave goes
    assert not saver.map_path.exists()


def test_a_killed_games_autosave_is_an_orphan_and_a_running_ones_is_not(window):
    kasserine = window.play_mode("hexcampaign.app.kasserine")
    session = kasserine.play(Game.scenario(seed=3))
    assert session.dirty and session.autosave_path.exists()  # never saved: autosaved at once
    assert lock_owner(kasserine.autosaver.lock_path) == os.getpid()
    assert find_orphans(suffixes=(".kpgame",)) == []
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    kasserine.autosaver.lock_path.write_text(json.dumps({"pid": dead.pid}))
    [orphan] = find_orphans(suffixes=(".kpgame",))
    assert Game.from_json(orphan.path.read_text()).state == session.game.state


@pytest.mark.parametrize("kind", ["game", "campaign"])
def test_a_crashed_programs_game_or_campaign_is_restored_as_unsaved_work(
    window, saved_files, kind
):
    """The autosave of a program that died opens as the unsaved work it was: it belongs
    in the user's own file, and this program protects it under the dead one's session."""
    module = {"game": "hexcampaign.app.kasserine", "campaign": "hexcampaign.app.campaign"}[kind]
    mode = window.play_mode(module)
    folder = autosave_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    source = saved_files[kind]
    lost = folder / f"{kind}-{dead.pid}-0badf00d{source.suffix}"
    lost.write_bytes(source.read_bytes())
    (folder / f"{lost.stem}.lock").write_text(json.dumps({"pid": dead.pid}))
    (folder / f"{lost.stem}.json").write_text(json.dumps({"source": str(source)}))
    [orphan] = find_orphans(suffixes=(source.suffix,))
    assert window.open_path(lost)
    document = mode.document
    assert document.path == source and document.dirty  # Save goes to the user's file
    assert mode.autosaver.document_path == lost and lost.exists()  # adopted, rewritten
    assert lock_owner(folder / f"{lost.stem}.lock") == os.getpid()
    assert find_orphans(suffixes=(source.suffix,)) == []
    assert orphan.title  # (the orphan as it was offered)


def test_a_campaign_opened_before_the_window_shows_has_no_editor_docks(qtbot, saved_files):
    w = MainWindow()  # as the command line builds it: opened first, shown after
    qtbot.addWidget(w)
    w.install_play_modes()
    assert w.open_path(saved_files["campaign"])
    w.show()
    qtbot.waitExposed(w)
    assert editor_docks_shown(w) == []
    assert [d.windowTitle() for d in w.mode._docks if d.isVisible()]


def test_closing_the_window_after_discarding_leaves_nothing_to_recover(window, saved_files):
    kasserine = window.play_mode("hexcampaign.app.kasserine")
    session = kasserine.play(Game.scenario(seed=3))
    assert session.autosave_path.exists()
    desk = window.play_mode("hexcampaign.app.campaign")
    desk.start(small_campaign())
    assert desk.autosave_path().exists()
    assert window.close()  # every question answered "Discard" (tests/app/conftest.py)
    assert list(autosave_dir().iterdir()) == []
