"""Autosave every interval into the data folder, a lock naming the PID, a clean close
removes it, and the next start offers to restore what a killed program left."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.helpers import lock_owner, write_lock
from hexcampaign.app import MainWindow
from hexcampaign.app.autosave import Autosaver, autosave_dir, find_orphans
from hexcampaign.app.document import MapDocument
from hexcampaign.app.editor.mode import EditorMode
from hexcampaign.maps import HexMap, load_map, save_map

from .conftest import at, drag

ROOT = Path(__file__).resolve().parents[3]


def edited_window(qtbot, tmp_path, interval=0.2):
    user_file = tmp_path / "mine.hexmap"
    save_map(HexMap.blank(8, 6, palette="kasserine"), user_file)
    w = MainWindow()
    qtbot.addWidget(w)
    w.open_path(user_file)
    w.editor.set_autosave_interval(interval)
    w.editor.set_tool("terrain")
    w.editor.brush.terrain = "rugged_crest"
    drag(w.editor.tool, [at(1, 1), at(2, 1), at(3, 1)])
    return w, user_file


def test_the_autosave_appears_after_the_interval_and_never_over_the_users_file(qtbot, tmp_path):
    w, user_file = edited_window(qtbot, tmp_path)
    untouched = user_file.read_bytes()
    saver = w.editor.autosaver
    qtbot.waitUntil(saver.map_path.exists, timeout=30_000)
    assert saver.map_path.parent == autosave_dir()
    assert load_map(saver.map_path) == w.document.map
    assert user_file.read_bytes() == untouched
    assert lock_owner(saver.lock_path) == os.getpid()
    info = json.loads(saver.info_path.read_text())
    assert info["source"] == str(user_file)
    # Saving to the user's file makes the autosave unnecessary.
    assert w.save()
    assert not saver.map_path.exists()


def test_the_interval_is_a_setting(qtbot, tmp_path):
    w, _ = edited_window(qtbot, tmp_path, interval=45)
    assert w.editor.autosaver.timer.interval() == 45_000
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.editor.autosaver.interval_s == 45


def test_a_clean_close_deletes_the_autosave_and_the_lock(qtbot, tmp_path):
    w, _ = edited_window(qtbot, tmp_path)
    saver = w.editor.autosaver
    w.show()
    qtbot.waitUntil(saver.map_path.exists, timeout=30_000)
    w.document.undo_stack.setClean()  # the user chose "Discard" when asked
    w.close()
    qtbot.waitUntil(lambda: not saver.lock_path.exists(), timeout=30_000)
    assert not saver.map_path.exists()
    assert list(autosave_dir().iterdir()) == []


def test_two_programs_never_write_the_same_autosave(qapp, tmp_path):
    first = Autosaver(60)
    second = Autosaver(60)
    assert first.map_path != second.map_path
    # Even if two sessions drew the same name, the exclusive lock makes the second move on.
    second.session = first.session
    for saver in (first, second):
        doc = MapDocument(HexMap.blank(3, 3, palette="cm"))
        doc.map.set_terrain(at(1, 1), "forest")
        doc.undo_stack.resetClean()
        saver.attach(doc)
        assert saver.autosave_now()
    assert first.map_path != second.map_path
    assert first.map_path.exists() and second.map_path.exists()
    # A running program's autosaves are not orphans.
    assert find_orphans() == []
    first.close_clean()
    second.close_clean()


CRASHING_EDITOR = textwrap.dedent(
    """
    import os, sys
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from hexcampaign.app import MainWindow
    from hexcampaign.app.tool_events import ToolEvent
    from hexcampaign.hexes import Hex, HexSide
    w = MainWindow()
    w.open_path(sys.argv[1])
    w.editor.set_autosave_interval(0.1)
    w.editor.set_tool("road")
    hexes = [Hex.from_offset(c, 2) for c in range(1, 6)]
    def event(h):
        return ToolEvent(0, 0, h, HexSide.of(h, 0), "left", frozenset())
    w.editor.tool.pressed(event(hexes[0]))
    for h in hexes[1:]:
        w.editor.tool.moved(event(h))
    w.editor.tool.released(event(hexes[-1]))
    saver = w.editor.autosaver
    while not saver.map_path.exists():
        app.processEvents()
    print(saver.map_path, flush=True)
    os.kill(os.getpid(), 9)  # a crash: no clean close
    """
)


def test_a_second_program_offers_the_orphaned_autosave_and_restores_the_edits(
    qtbot, tmp_path, monkeypatch
):
    user_file = tmp_path / "campaign-map.hexmap"
    save_map(HexMap.blank(8, 6, palette="kasserine"), user_file)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT / "src"))
    crashed = subprocess.run(
        [sys.executable, "-c", CRASHING_EDITOR, str(user_file)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr
    autosaved = Path(crashed.stdout.strip().splitlines()[-1])
    assert autosaved.exists()
    edited = load_map(autosaved)
    assert len(edited.roads()) == 4
    assert load_map(user_file).roads() == []  # the user's file never got the edits

    offered = []

    def answer(self, orphan):
        offered.append(orphan)
        return True

    monkeypatch.setattr(EditorMode, "ask_restore", answer)
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.document is not None, timeout=30_000)
    assert len(offered) == 1 and offered[0].source == str(user_file)
    assert w.document.map == edited
    assert w.document.path == user_file
    assert w.document.dirty and w.isWindowModified()
    assert find_orphans() == []
    w.document.undo_stack.setClean()


def test_declining_recovery_removes_the_orphan(qtbot, tmp_path, monkeypatch):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    save_map(HexMap.blank(4, 4, palette="cm"), folder / "x.hexmap")
    (folder / "x.lock").write_text(json.dumps({"pid": dead.pid}))
    assert [o.session for o in find_orphans()] == ["x"]
    monkeypatch.setattr(EditorMode, "ask_restore", lambda self, orphan: False)
    w = MainWindow()
    qtbot.addWidget(w)
    assert w.editor.recover() == []
    assert w.document is None
    assert not (folder / "x.hexmap").exists() and not (folder / "x.lock").exists()


@pytest.mark.parametrize("content", [b"not a map", b""])
def test_a_damaged_autosave_is_reported_not_fatal(qtbot, monkeypatch, content):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    (folder / "y.hexmap").write_bytes(content)
    monkeypatch.setattr(EditorMode, "ask_restore", lambda self, orphan: True)
    w = MainWindow()
    qtbot.addWidget(w)
    assert w.editor.recover() == []
    assert w.statusBar().currentMessage().startswith("Could not restore")
    assert (folder / "y.hexmap").exists()  # left for the user to rescue by hand


def test_quitting_with_unsaved_edits_keeps_them_for_the_next_start(qtbot, tmp_path):
    w, _ = edited_window(qtbot, tmp_path, interval=600)
    saver = w.editor.autosaver
    assert not saver.map_path.exists()  # the interval has not come round yet
    w.editor._quitting()
    assert load_map(saver.map_path) == w.document.map and saver.lock_path.exists()
    w.document.undo_stack.setClean()
    w.editor._quitting()
    assert not saver.map_path.exists() and not saver.lock_path.exists()


def test_an_autosave_locked_on_another_computer_is_left_alone(qapp):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    save_map(HexMap.blank(4, 4, palette="cm"), folder / "z.hexmap")
    (folder / "z.lock").write_text(json.dumps({"pid": dead.pid, "host": "elsewhere.example"}))
    assert find_orphans() == []
    (folder / "z.lock").write_text(json.dumps({"pid": dead.pid, "host": socket.gethostname()}))
    assert [o.session for o in find_orphans()] == ["z"]


def test_discard_at_the_close_question_leaves_no_autosave_when_the_program_quits(
    qtbot, tmp_path, monkeypatch
):
    """Discard means the work goes: quitting must not write it to the autosave again
    (the next start said the program had not closed normally)."""
    from PySide6.QtWidgets import QMessageBox

    from hexcampaign.app.dialogs import files

    w, _ = edited_window(qtbot, tmp_path, interval=600)
    saver = w.editor.autosaver
    saver.autosave_now()
    assert saver.map_path.exists()
    monkeypatch.setattr(
        QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard
    )
    assert files.may_close(w, w.document)
    w.editor._quitting()
    assert not saver.map_path.exists() and not saver.lock_path.exists()


def test_a_lock_is_stale_when_its_pid_is_gone_or_runs_another_program(qapp):
    """QLockFile's own test decides: a dead PID, or a live PID now running another
    program (a reused PID), is a crashed program's session; a live program's is not."""
    folder = autosave_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    other = subprocess.Popen(["sleep", "60"])  # a live PID, another program
    try:
        for name, pid in [("dead", dead.pid), ("reused", other.pid), ("live", os.getpid())]:
            save_map(HexMap.blank(4, 4, palette="cm"), folder / f"{name}.hexmap")
            write_lock(folder / f"{name}.lock", pid, Path(sys.executable).resolve().name)
        orphans = find_orphans()
        assert {o.session: o.pid for o in orphans} == {"dead": dead.pid, "reused": other.pid}
        # The stale locks went with the test; the live program's stays.
        assert sorted(p.name for p in folder.glob("*.lock")) == ["live.lock"]
    finally:
        other.kill()
        other.wait()


def test_a_qt_lock_of_another_computer_is_left_alone(qapp):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    save_map(HexMap.blank(4, 4, palette="cm"), folder / "far.hexmap")
    write_lock(folder / "far.lock", 999_999, "hexcampaign", host="elsewhere.example")
    assert find_orphans() == [] and (folder / "far.lock").exists()


def test_a_restored_orphan_is_held_under_this_programs_qt_lock_until_closed(qapp):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    edited = HexMap.blank(4, 4, palette="cm")
    save_map(edited, folder / "gone.hexmap")
    write_lock(folder / "gone.lock", dead.pid, "python3")
    [orphan] = find_orphans()
    saver = Autosaver(60)
    doc = MapDocument(orphan.load())
    doc.set_dirty(True)
    saver.attach(doc)
    assert saver.adopt(orphan) and saver.lock_path == folder / "gone.lock"
    assert lock_owner(saver.lock_path) == os.getpid() and find_orphans() == []
    saver.close_clean()
    assert sorted(p.name for p in folder.iterdir()) == []
