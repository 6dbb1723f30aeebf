"""One open flow for the three kinds of file (app/dialogs/files.open_in): the question
about unsaved work comes first and Cancel there reads nothing; a bad file is one message
and the document open before stays as it was (issue 26)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from app.helpers import lock_owner, shown_window
from hexcampaign.kasserine import Game
from hexcampaign.maps import HexMap, save_map

from .campaign.conftest import small_campaign

KINDS = ["map", "game", "campaign"]


@pytest.fixture
def window(qtbot):
    w = shown_window(qtbot, 1280, 800, play_modes=True)
    yield w
    for document in (w.document, *(m.document for m in w.modes.play_modes.values())):
        if document is not None:
            document.set_dirty(False)  # nothing to ask about as the test window closes


def write_file(kind: str, path) -> None:
    """A good file of `kind`, as this program writes them."""
    if kind == "map":
        save_map(HexMap.blank(8, 6, palette="kasserine"), path)
    elif kind == "game":
        path.write_text(Game.scenario(seed=3).to_json())
    else:
        small_campaign().save(path)


SUFFIX = {"map": ".hexmap", "game": ".kpgame", "campaign": ".hxcampaign"}


@pytest.fixture
def boxes(monkeypatch):
    """Every message box shown, answered: the question by `boxes.answer`."""

    class Boxes(list):
        answer = QMessageBox.StandardButton.Cancel

    shown = Boxes()

    def box(kind):
        def show(_parent, title, text, *_args, **_kwargs):
            shown.append((kind, title, text))
            return shown.answer if kind == "question" else QMessageBox.StandardButton.Ok

        return staticmethod(show)

    for kind in ("question", "critical", "warning", "information"):
        monkeypatch.setattr(QMessageBox, kind, box(kind))
    return shown


def open_with_unsaved_work(window, kind, tmp_path, monkeypatch):
    """`kind`'s first file open with unsaved work; its mode's reads recorded."""
    first = tmp_path / f"first{SUFFIX[kind]}"
    write_file(kind, first)
    assert window.open_path(first)
    mode = window.mode
    document = window.document_in_charge()
    assert document.KIND == kind and document.path == first
    document.set_dirty(True)
    reads: list = []
    load = mode.load_document
    monkeypatch.setattr(mode, "load_document", lambda path: reads.append(path) or load(path))
    return mode, document, reads


@pytest.mark.parametrize("kind", KINDS)
def test_cancel_at_the_question_keeps_the_old_document_and_reads_nothing(
    window, kind, tmp_path, monkeypatch, boxes
):
    mode, document, reads = open_with_unsaved_work(window, kind, tmp_path, monkeypatch)
    second = tmp_path / f"second{SUFFIX[kind]}"
    write_file(kind, second)
    boxes.answer = QMessageBox.StandardButton.Cancel
    assert not window.open_path(second)
    assert [b[0] for b in boxes] == ["question"] and "not saved" in boxes[0][2]
    assert reads == []  # asked first: the new file was never read
    assert window.mode is mode and window.document_in_charge() is document
    assert document.dirty and document.path.name == f"first{SUFFIX[kind]}"
    # Discard opens it: read once, after the question.
    boxes.answer = QMessageBox.StandardButton.Discard
    assert window.open_path(second)
    assert reads == [second] and window.document_in_charge().path == second
    assert window.settings.recent_files()[0] == second.resolve()


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_file_is_one_message_and_the_old_document_stays_as_it_was(
    window, kind, tmp_path, monkeypatch, boxes
):
    mode, document, reads = open_with_unsaved_work(window, kind, tmp_path, monkeypatch)
    state = document.file_text()
    bad = tmp_path / f"broken{SUFFIX[kind]}"
    bad.write_text('{"format": "hexcampaign", "version": 1', encoding="utf-8")
    boxes.answer = QMessageBox.StandardButton.Discard  # the user agreed to drop it
    assert not window.open_path(bad)
    kinds = [b[0] for b in boxes]
    assert kinds == ["question", "critical"]  # asked first, then one message
    _, title, text = boxes[1]
    assert title == f"Could not open the {kind}" and "broken" in text and "\n" not in text
    assert reads == [bad]
    # Nothing changed: the same document, in charge, with its unsaved work.
    assert window.mode is mode and window.document_in_charge() is document
    assert document.dirty and document.file_text() == state
    assert window.settings.recent_files()[0].name == f"first{SUFFIX[kind]}"


def test_the_editor_opens_maps_through_the_same_members_as_the_play_modes(window):
    names = ("SUFFIXES", "load_document", "show_document", "maybe_close", "close_document")
    names += ("new_document", "open_path")
    for module in ("hexcampaign.app.kasserine", "hexcampaign.app.campaign"):
        mode = window.play_mode(module)
        assert all(hasattr(mode, name) for name in names), module
    assert all(hasattr(window.editor, name) for name in names)
    assert window.editor.SUFFIXES == (".hexmap",)


def test_opening_a_map_puts_the_editor_in_charge(window, tmp_path, boxes):
    campaign = tmp_path / "a.hxcampaign"
    write_file("campaign", campaign)
    assert window.open_path(campaign) and window.mode is not window.editor
    window.document_in_charge().set_dirty(False)
    first = tmp_path / "a.hexmap"
    write_file("map", first)
    assert window.open_path(first)
    assert window.mode is window.editor and window.document.path == first


def test_a_dead_programs_autosaved_map_opens_as_the_unsaved_work_it_was(window, tmp_path):
    import json
    import os
    import subprocess
    import sys

    from hexcampaign.app.autosave import autosave_dir, find_orphans

    source = tmp_path / "mine.hexmap"
    write_file("map", source)
    folder = autosave_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    lost = folder / f"map-{dead.pid}-0badf00d.hexmap"
    lost.write_bytes(source.read_bytes())
    (folder / f"{lost.stem}.lock").write_text(json.dumps({"pid": dead.pid}))
    (folder / f"{lost.stem}.json").write_text(json.dumps({"source": str(source)}))
    assert window.open_path(lost)
    document = window.document
    assert document.path == source and document.dirty  # Save goes to the user's file
    assert "mine.hexmap" in window.displayed_title() and "*" in window.displayed_title()
    saver = window.editor.autosaver
    assert saver.document_path == lost and lost.exists()  # adopted, rewritten
    assert lock_owner(folder / f"{lost.stem}.lock") == os.getpid()
    assert find_orphans() == []
    assert lost.resolve() not in window.settings.recent_files()
    assert window.statusBar().currentMessage() == "Restored the unsaved work of mine.hexmap."
