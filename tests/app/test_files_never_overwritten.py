"""Nothing surprises (issue 32): a Save never overwrites another file or another
window's work unasked, Discard leaves nothing for the next start to offer, a killed
autosave leaves no temporary file for ever, a waiting autosave is offered when its file
is opened again, the keys and menus follow the desktop, a refusal is worded once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

import app.campaign.helpers as desk
from app.helpers import shown_window
from app.kasserine.gui_player import place_everyone
from hexcampaign.app import autosave
from hexcampaign.app.autosave import autosave_dir, find_orphans
from hexcampaign.app.campaign.document import CampaignDocument
from hexcampaign.app.dialogs import files
from hexcampaign.app.document import FileChangedOnDisk, MapDocument
from hexcampaign.app.editor.mode import EditorMode
from hexcampaign.app.kasserine.document import GameDocument
from hexcampaign.app.play_recovery import DISCARD, LATER, RESTORE
from hexcampaign.app.window import file_guard
from hexcampaign.campaign import Campaign, CampaignFormatError
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.maps import HexMap, load_map, save_map

GAME = Path(__file__).parents[1] / "kasserine" / "fixtures" / "before-the-roll.kpgame"


def dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def crash(saver: autosave.Autosaver, session: str = "dead-1") -> None:
    """What a kill leaves: the autosaver's files under a session whose program is gone."""
    folder = saver.folder
    shutil.copy(saver.document_path, folder / f"{session}{saver.suffix}")
    shutil.copy(saver.info_path, folder / f"{session}.json")
    (folder / f"{session}.lock").write_text(json.dumps({"pid": dead_pid()}))


def started(qtbot, **options):
    """A shown window whose start-up recovery has run (it is queued at the first show)."""
    w = shown_window(qtbot, **options)
    for _ in range(3):
        QApplication.processEvents()
    return w


def edit(document: MapDocument, col: int) -> None:
    document.map.set_terrain(Hex.from_offset(col, 1), "forest")
    document.set_dirty(True)


class Asked:
    """file_guard.ask replaced: records each question and gives the answers in turn."""

    def __init__(self, monkeypatch, *answers: str) -> None:
        self.questions: list[str] = []
        self.answers = list(answers)
        monkeypatch.setattr(file_guard, "ask", self)

    def __call__(self, _host, _document, conflict: str) -> str:
        self.questions.append(conflict)
        return self.answers.pop(0)


# --- 1. the autosave names the file absolutely; a recovered document asks ---------------


def test_a_map_autosaved_from_a_relative_path_restores_to_that_very_file_from_any_folder(
    qtbot, tmp_path, monkeypatch
):
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        (folder / "work").mkdir(parents=True)
        save_map(HexMap.blank(4, 4, palette="cm"), folder / "work" / "g.hexmap")
    theirs = (second / "work" / "g.hexmap").read_bytes()
    monkeypatch.chdir(first)
    w = started(qtbot)
    assert w.open_path("work/g.hexmap")
    assert w.document.path == first / "work" / "g.hexmap"  # absolute, as typed no more
    edit(w.document, 1)
    saver = w.editor.autosaver
    assert saver.autosave_now()
    info = json.loads(saver.info_path.read_text())
    assert info["source"] == str(first / "work" / "g.hexmap")
    assert info["source_identity"]["sha256"]  # what the file was when the work began
    crash(saver)

    # The next start runs in the other folder, which has a work/g.hexmap of its own.
    monkeypatch.chdir(second)
    monkeypatch.setattr(EditorMode, "ask_restore", lambda self, orphan: True)
    restored = started(qtbot)
    qtbot.waitUntil(lambda: restored.document is not None, timeout=20_000)
    assert restored.document.path == first / "work" / "g.hexmap" and restored.document.dirty
    asked = Asked(monkeypatch)  # the first file is as the work began: no question
    assert restored.save()
    assert asked.questions == []
    assert load_map(first / "work" / "g.hexmap").terrain(Hex.from_offset(1, 1)) == "forest"
    assert (second / "work" / "g.hexmap").read_bytes() == theirs  # the other folder's: untouched


@pytest.mark.parametrize("since", ["changed", "missing"])
def test_a_recovered_map_whose_file_changed_or_went_asks_before_the_first_save(
    qtbot, tmp_path, monkeypatch, since
):
    source = tmp_path / "g.hexmap"
    save_map(HexMap.blank(4, 4, palette="cm"), source)
    w = started(qtbot)
    assert w.open_path(source)
    edit(w.document, 1)
    assert w.editor.autosaver.autosave_now()
    crash(w.editor.autosaver)
    if since == "changed":  # another program saved the file after the crash
        other = HexMap.blank(4, 4, palette="cm")
        other.name = "Somebody else's"
        save_map(other, source)
    else:
        source.unlink()
    before = source.read_bytes() if source.exists() else None
    monkeypatch.setattr(EditorMode, "ask_restore", lambda self, orphan: True)
    restored = started(qtbot)
    qtbot.waitUntil(lambda: restored.document is not None, timeout=20_000)

    asked = Asked(monkeypatch, file_guard.CANCEL, file_guard.OVERWRITE)
    assert not restored.save()  # Cancel: nothing written
    assert (source.read_bytes() if source.exists() else None) == before
    assert restored.document.dirty
    [question] = asked.questions
    assert str(source) in question  # names the file, whole
    assert ("no longer exists" if since == "missing" else "has changed on disk") in question
    assert restored.save()  # Overwrite, this time
    assert load_map(source).terrain(Hex.from_offset(1, 1)) == "forest"
    assert len(asked.questions) == 2 and not restored.document.dirty


def test_games_and_campaigns_record_their_file_absolutely_in_the_autosave(
    qtbot, tmp_path, monkeypatch
):
    shutil.copy(GAME, tmp_path / "attack.kpgame")
    desk.small_campaign().save(tmp_path / "spring.hxcampaign")
    monkeypatch.chdir(tmp_path)
    for relative, module in (
        ("attack.kpgame", "hexcampaign.app.kasserine"),
        ("spring.hxcampaign", "hexcampaign.app.campaign"),
    ):
        w = started(qtbot, play_modes=True)
        assert w.open_path(relative)
        mode = w.play_mode(module)
        mode.document.set_dirty(True)
        assert mode.document.autosave()
        info = json.loads(mode.autosaver.info_path.read_text())
        assert info["source"] == str(tmp_path / relative)
        assert info["source_identity"]["size"] == (tmp_path / relative).stat().st_size
        mode.document.set_dirty(False)


# --- 2. two windows on one file ----------------------------------------------------------


def two_windows_on(qtbot, path: Path):
    """A map saved at `path`, open in two windows."""
    save_map(HexMap.blank(4, 4, palette="cm"), path)
    one, two = started(qtbot), started(qtbot)
    assert one.open_path(path) and two.open_path(path)
    return path, one, two


def test_two_windows_on_one_map_the_second_save_asks_and_cancel_keeps_the_first(
    qtbot, tmp_path, monkeypatch
):
    path, one, two = two_windows_on(qtbot, tmp_path / "g.hexmap")
    edit(one.document, 1)
    edit(two.document, 2)
    asked = Asked(monkeypatch, file_guard.CANCEL, file_guard.OVERWRITE)
    assert one.save() and asked.questions == []  # the file was as it opened it
    first = path.read_bytes()

    assert not two.save()  # Cancel
    assert asked.questions == [
        "g.hexmap was changed by another window or program since you opened it."
    ]
    assert path.read_bytes() == first and two.document.dirty
    assert "Not saved" in two.statusBar().currentMessage()

    # A save that does not come through the question (the close question's Save) is
    # refused in that sentence, never written over the first window's work.
    with pytest.raises(FileChangedOnDisk, match="changed by another window"):
        two.document.save()
    assert path.read_bytes() == first

    assert two.save()  # Overwrite
    saved = load_map(path)
    assert saved.terrain(Hex.from_offset(2, 1)) == "forest"
    assert saved.terrain(Hex.from_offset(1, 1)) != "forest"
    # And now it is the first window whose next save asks.
    edit(one.document, 3)
    asked.answers = [file_guard.CANCEL]
    assert not one.save()
    assert asked.questions[-1] == (
        "g.hexmap was changed by another window or program since you last saved it."
    )


def test_two_documents_on_one_game_or_campaign_the_second_save_is_refused(tmp_path):
    shutil.copy(GAME, tmp_path / "g.kpgame")
    desk.small_campaign().save(tmp_path / "c.hxcampaign")
    for path, load in (
        (tmp_path / "g.kpgame", GameDocument.load),
        (tmp_path / "c.hxcampaign", CampaignDocument.load),
    ):
        one, two = load(path), load(path)
        one.save()
        first = path.read_bytes()
        assert two.save_conflict() == (
            f"{path.name} was changed by another window or program since you opened it."
        )
        with pytest.raises(FileChangedOnDisk):
            two.save()
        assert path.read_bytes() == first
        if isinstance(two, GameDocument):  # two's own work, unlike one's
            two.players["german"] = "Two"
        else:
            two.notes.append("Two's note")
        two.allow_overwrite()
        two.save()
        assert one.save_conflict()  # the first is the one that must ask now


# --- 3. Discard at quit leaves nothing -------------------------------------------------


def test_quit_with_discard_leaves_no_recovery_offer_for_the_next_start(
    qtbot, tmp_path, monkeypatch
):
    w = started(qtbot, play_modes=True)
    w.open_map(HexMap.blank(5, 5, palette="cm"))
    edit(w.document, 1)
    editor = w.editor.autosaver
    assert editor.autosave_now()
    mode = w.play_mode("hexcampaign.app.kasserine")
    w.set_mode(mode)
    document = mode.new_game(seed=8)
    place_everyone(mode)
    mode.setup.done.click()  # a phase change: autosaved
    game = mode.autosaver
    assert game.document_path.exists()

    w.close()  # every close question answered Discard (tests/app/conftest.py)
    assert not w.isVisible()
    # What runs after the window went: the program's exit hooks, and a late change of
    # the game (a dock committing, the computer's last move) that autosaves at once.
    document.set_dirty(True)
    document.autosave()
    editor.autosave_now()
    game.quitting()
    w.editor._quitting()

    # The next start: this program is gone.
    monkeypatch.setattr(autosave, "_alive", lambda pid: False)
    assert find_orphans(suffixes=autosave.DOCUMENT_SUFFIXES) == []
    assert sorted(p.name for p in autosave_dir().iterdir()) == []


# --- 4. leftovers ----------------------------------------------------------------------


def test_a_killed_autosaves_temporary_file_goes_at_the_next_start(tmp_path):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    killed = folder / f".kasserine-9-dead.kpgame.{dead_pid()}.k3x9ab.tmp"
    killed.write_bytes(b"x" * 110_000)
    old = folder / ".campaign-9-old.hxcampaign.tmp.x7.tmp"  # no pid: older versions
    old.write_bytes(b"{}")
    os.utime(old, (1_600_000_000, 1_600_000_000))
    # A running program's save in progress stays (it is this program's own).
    live = folder / f".kasserine-{os.getpid()}-live.kpgame.{os.getpid()}.ab12cd.tmp"
    live.write_bytes(b"{}")
    # What a kill in the middle of a clean close leaves: a backup and a description
    # without the document they belonged to.
    stray = [folder / "kasserine-9-gone.kpgame.bak", folder / "kasserine-9-gone.json"]
    for path in stray:
        path.write_text("{}")

    find_orphans(suffixes=autosave.DOCUMENT_SUFFIXES)  # what every start does

    assert not killed.exists() and not old.exists()
    assert not any(path.exists() for path in stray)
    assert live.exists()


def test_declining_a_restore_removes_the_autosave_and_its_temporary_files(
    qtbot, tmp_path, monkeypatch
):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    game = Game.load(GAME)
    (folder / "kasserine-9-dead.kpgame").write_text(game.to_json())
    (folder / "kasserine-9-dead.kpgame.bak").write_text(game.to_json())
    (folder / "kasserine-9-dead.json").write_text(json.dumps({"source": "", "title": "g"}))
    (folder / "kasserine-9-dead.lock").write_text(json.dumps({"pid": dead_pid()}))
    # Its temporary file, not yet old enough to go by age, named by a live pid.
    temp = folder / f".kasserine-9-dead.kpgame.{os.getpid()}.zz99.tmp"
    temp.write_bytes(b"x" * 110_000)
    offered = []
    monkeypatch.setattr(
        EditorMode, "ask_restore_play", lambda self, orphan: offered.append(orphan) or DISCARD
    )
    started(qtbot, play_modes=True)
    qtbot.waitUntil(lambda: bool(offered), timeout=20_000)
    assert sorted(p.name for p in folder.iterdir()) == []


# --- 5. a waiting autosave is offered when its file is opened again ---------------------


def crashed_campaign(source: Path) -> Campaign:
    """A campaign saved at `source`, and a dead program's autosave of it, one phase on."""
    c = desk.small_campaign()
    c.save(source)
    ahead = Campaign.from_json(source.read_bytes())
    ahead.end_phase()
    folder = autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "campaign-9-dead.hxcampaign").write_text(CampaignDocument(ahead).file_text())
    (folder / "campaign-9-dead.json").write_text(
        json.dumps({"source": str(source), "title": source.name, "saved_at": 1_700_000_000})
    )
    (folder / "campaign-9-dead.lock").write_text(json.dumps({"pid": dead_pid()}))
    return ahead


@pytest.mark.parametrize("answer", [RESTORE, DISCARD, LATER])
def test_opening_a_campaign_from_recent_files_offers_its_waiting_autosave(
    qtbot, tmp_path, monkeypatch, answer
):
    source = tmp_path / "spring.hxcampaign"
    ahead = crashed_campaign(source)
    answers = [LATER, answer]  # not now at start; then the answer when reopened
    offered = []

    def ask(self, orphan):
        offered.append(orphan)
        return answers.pop(0)

    monkeypatch.setattr(EditorMode, "ask_restore_play", ask)
    w = started(qtbot, play_modes=True)
    qtbot.waitUntil(lambda: len(offered) == 1, timeout=20_000)
    w.settings.add_recent_file(source)
    w.recent.rebuild()
    [entry] = [a for a in w.recent_menu.actions() if a.text() == source.name]
    entry.trigger()  # File > Open recent > spring.hxcampaign
    assert len(offered) == 2 and offered[1].source == str(source)
    mode = w.play_mode("hexcampaign.app.campaign")
    assert w.mode is mode and mode.document.path == source
    if answer == RESTORE:
        assert mode.campaign.state == ahead.state and mode.document.dirty
        assert find_orphans(suffixes=(".hxcampaign",)) == []  # adopted
        mode.document.set_dirty(False)
    else:
        assert mode.campaign.state != ahead.state and not mode.document.dirty
        waiting = [o.session for o in find_orphans(suffixes=(".hxcampaign",))]
        assert waiting == ([] if answer == DISCARD else ["campaign-9-dead"])


# --- 6. keys and menus -----------------------------------------------------------------


def test_ctrl_z_in_the_edit_menu_undoes_the_games_last_action(qtbot):
    w = started(qtbot, play_modes=True)
    mode = w.play_mode("hexcampaign.app.kasserine")
    w.set_mode(mode)
    mode.new_game(seed=8)
    place_everyone(mode)
    actions = len(mode.game.actions())
    undo = mode.menu.undo_action
    edit_menu = w.menu("&Edit")
    shown = [a for a in edit_menu.actions() if a.isVisible() and not a.isSeparator()]
    assert shown == [undo, mode.menu.redo_action]  # Redo: tests/app/kasserine/test_redo.py
    assert undo.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    # The editor's Ctrl+Z is out of the way (no ambiguous shortcut).
    assert not w.editor.undo_action.isEnabled() and not w.editor.undo_action.isVisible()
    undo.trigger()
    assert len(mode.game.actions()) == actions - 1  # as the turn bar's Undo does
    mode.document.set_dirty(False)


def test_the_mode_menu_keeps_its_order_with_the_mode_in_charge_checked(qtbot):
    w = started(qtbot, play_modes=True)
    menu = w.menu("&Mode")
    titles = [a.text() for a in menu.actions()]

    def checked() -> list[str]:
        return [a.text() for a in menu.actions() if a.isChecked()]

    assert checked() == [titles[0]]
    menu.actions()[1].trigger()  # Kasserine, built now
    assert [a.text() for a in menu.actions()] == titles
    assert checked() == [titles[1]]
    menu.actions()[1].trigger()  # chosen again: still checked
    assert checked() == [titles[1]]
    menu.actions()[2].trigger()
    menu.actions()[0].trigger()
    assert [a.text() for a in menu.actions()] == titles and checked() == [titles[0]]


def test_the_title_names_what_save_saves_in_each_mode(qtbot, tmp_path):
    shutil.copy(GAME, tmp_path / "attack.kpgame")
    w = started(qtbot, play_modes=True)
    assert w.open_path(tmp_path / "attack.kpgame")
    assert w.windowTitle().startswith("attack.kpgame")
    w.set_mode(w.editor)  # the map is edited now: its title, not the game's
    assert "attack.kpgame" not in w.windowTitle()
    assert w.windowTitle().startswith(w.document.title)
    w.set_mode(w.play_mode("hexcampaign.app.kasserine"))
    assert w.windowTitle().startswith("attack.kpgame")
    w.set_mode(w.play_mode("hexcampaign.app.campaign"))  # no campaign open: nothing to save
    assert "attack.kpgame" not in w.windowTitle() and not w.save_action.isEnabled()


def test_set_up_sheet_is_disabled_until_a_battle_exists(qtbot):
    w = desk.shown_window(qtbot)
    mode = desk.open_desk(w)
    action = mode.menus.sheet_action
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    assert not action.isEnabled() and "No battle yet" in action.toolTip()
    mode.phase_dock.next()
    mode.phase_dock.next()
    from hexcampaign.campaign import actions as A

    mode.document.act(A.DeclareAttack(attackers=[ids["german"]], defender=ids["us"]))
    [battle] = c.battles()
    assert action.isEnabled()
    action.trigger()
    assert mode.dialog is not None and mode.dialog.isVisible()
    assert battle.id in mode.dialog.windowTitle()
    mode.dialog.close()
    mode.document.set_dirty(False)


# --- 7. loaders ----------------------------------------------------------------------------


def test_a_damaged_campaign_action_log_is_refused_in_one_sentence(tmp_path):
    data = json.loads(desk.small_campaign().to_json())
    data["actions"] = [{"act": "no such action"}]
    with pytest.raises(CampaignFormatError) as refused:
        Campaign.from_json(json.dumps(data))
    message = str(refused.value)
    assert message == "The campaign file is damaged: entry 1 of its action log is not an action."
    data["actions"] = {"not": "a list"}
    with pytest.raises(CampaignFormatError) as refused:
        Campaign.from_json(json.dumps(data))
    assert str(refused.value) == "The campaign file is damaged: its action log is not a list."


def test_the_close_questions_save_never_overwrites_another_windows_work(qtbot, tmp_path):
    path, one, two = two_windows_on(qtbot, tmp_path / "g.hexmap")
    edit(one.document, 1)
    assert one.save()
    first = path.read_bytes()
    edit(two.document, 2)
    assert not files.save(two, two.document)  # a save not through the guard: a sentence
    assert path.read_bytes() == first and two.document.dirty


def test_save_as_from_the_question_may_pick_the_same_file_and_a_plain_save_asks_again(
    qtbot, tmp_path, monkeypatch
):
    path, one, two = two_windows_on(qtbot, tmp_path / "g.hexmap")
    edit(one.document, 1)
    assert one.save()
    edit(two.document, 2)
    picked = []
    monkeypatch.setattr(files, "ask_save_path", lambda *a, **k: picked.pop(0) if picked else None)
    asked = Asked(monkeypatch, file_guard.SAVE_AS, file_guard.CANCEL, file_guard.SAVE_AS)
    assert not two.save()  # Save As…, and the dialog cancelled: nothing written
    assert not two.save()  # asked again, Cancel
    assert len(asked.questions) == 2
    picked.append(path)  # this time the user picks the same file (the dialog confirmed)
    assert two.save()
    assert load_map(path).terrain(Hex.from_offset(2, 1)) == "forest"


@pytest.mark.parametrize("kind", ["map", "game", "computer"])
def test_the_program_quit_with_discard_is_not_offered_back_at_its_next_start(tmp_path, kind):
    """The real program, quit with File > Quit and Discard: the next start finds nothing
    to offer and nothing left in the autosave folder."""
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(root / "src"))
    env.pop("PYTEST_ADDOPTS", None)  # (the data and settings folders are the test's own)
    done = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("quit_child.py")), kind],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.split() == ["autosaved", "quit"]
    assert find_orphans(suffixes=autosave.DOCUMENT_SUFFIXES) == []
    assert sorted(p.name for p in autosave_dir().iterdir()) == []


def test_a_window_says_at_once_when_another_window_saves_its_file(qtbot, tmp_path):
    path, one, two = two_windows_on(qtbot, tmp_path / "g.hexmap")
    edit(one.document, 1)
    assert one.save()
    # The second window hears of it from the file system, before any save of its own.
    qtbot.waitUntil(
        lambda: "g.hexmap was changed by another window or program"
        in two.statusBar().currentMessage(),
        timeout=20_000,
    )
    assert "Save will ask before replacing it" in two.statusBar().currentMessage()
    # The first window's own save is no news to it; its next save is not asked about.
    assert "changed by another window" not in one.statusBar().currentMessage()
    edit(one.document, 2)
    assert one.save_to(path) and not one.document.dirty


def test_ctrl_z_at_the_desk_is_back_within_the_phase(qtbot):
    from hexcampaign.app.campaign.document import BACK_REFUSED

    w = shown_window(qtbot, play_modes=True)
    mode = w.play_mode("hexcampaign.app.campaign")
    w.set_mode(mode)
    mode.start(desk.small_campaign())
    undo = mode.menus.undo_action
    shown = [a for a in w.menu("&Edit").actions() if a.isVisible() and not a.isSeparator()]
    assert shown == [undo, mode.menus.redo_action] and undo.isEnabled()  # Redo: campaign/test_redo.py
    assert undo.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    undo.trigger()  # the wizard's set-up is not for Back to take back: the refusal says so
    assert mode.last_refusal == BACK_REFUSED
    w.set_mode(w.editor)
    assert not undo.isVisible()
    mode.document.set_dirty(False)


def test_the_close_question_asks_before_saving_over_a_changed_file(qtbot, tmp_path, monkeypatch):
    """Closing with Save over a file another window changed asks Overwrite / Save As /
    Cancel like File > Save (it refused with an error sentence)."""
    from PySide6.QtWidgets import QMessageBox

    path, one, two = two_windows_on(qtbot, tmp_path / "g.hexmap")
    edit(one.document, 1)
    assert one.save()
    edit(two.document, 2)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Save)
    asked = Asked(monkeypatch, file_guard.CANCEL, file_guard.OVERWRITE)
    assert not file_guard.may_close(two, two.document)  # Cancel: the window stays open
    assert asked.questions == ["g.hexmap was changed by another window or program since you opened it."]
    assert file_guard.may_close(two, two.document)  # Overwrite: saved, it may close
    assert load_map(path).terrain(Hex.from_offset(2, 1)) == "forest" and not two.document.dirty
