"""Failed writes: a full disk, a refused permission, a cross-device rename and a rename
that fails after the backup was refreshed, each injected into the save of a map, a
Kasserine game and a campaign. The original file is unchanged, no temporary file is
left, the user is told in one sentence, a retry after the fault clears succeeds; in the
window the document stays dirty until then."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from hexcampaign import files
from hexcampaign.files import describe_os_error
from hexcampaign.kasserine.state import EndPhase

from .saver import campaign, kasserine_game

FAULTS = ("disk full", "permission denied", "cross-device rename", "failing rename")


def inject(monkeypatch, fault: str) -> None:
    """Make the next saves fail the way a real disk would."""
    if fault == "disk full":
        # Written data is only known to fit once fsync returns; a full disk says so there.
        def fsync(fd):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(files.os, "fsync", fsync)
    elif fault == "permission denied":

        def mkstemp(*args, **kwargs):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

        monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp)
    elif fault == "cross-device rename":

        def replace(src, dst):
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))

        monkeypatch.setattr(files.os, "replace", replace)
    elif fault == "failing rename":
        real = os.replace

        def replace(src, dst):
            # the backup is refreshed, then the rename over the target fails
            if str(dst).endswith(".bak"):
                return real(src, dst)
            raise OSError(errno.EIO, os.strerror(errno.EIO))

        monkeypatch.setattr(files.os, "replace", replace)
    else:
        raise AssertionError(fault)


def one_sentence(text: str, name: str) -> None:
    assert name in text, text
    assert "\n" not in text and text.endswith("."), text
    assert text.count(". ") == 0, f"more than one sentence: {text}"


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- the engines' saves ----------------------------------------------------------------


def _map_doc():
    from hexcampaign.maps import HexMap

    return HexMap.blank(10, 8, palette="cm")


def _rename_map(m) -> None:
    m.name = "edited"


def _save_map(m, path) -> None:
    from hexcampaign.maps import save_map

    save_map(m, path)


def _load_map(path):
    from hexcampaign.maps import load_map

    return load_map(path)


def _load_game(path):
    from hexcampaign.kasserine import Game

    return Game.load(path)


def _load_campaign(path):
    from hexcampaign.campaign import Campaign

    return Campaign.load(path)


DOCUMENTS = {
    # kind: (make, edit, save, load, same)
    "map": (_map_doc, _rename_map, _save_map, _load_map, lambda a, b: a == b),
    "game": (
        kasserine_game,
        lambda g: g.end_phase(),
        lambda g, p: g.save(p),
        _load_game,
        lambda a, b: a.state == b.state,
    ),
    "campaign": (
        campaign,
        lambda c: c.adjust_pp("us", 2, "a retry test"),
        lambda c, p: c.save(p),
        _load_campaign,
        lambda a, b: a.state == b.state,
    ),
}


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("kind", list(DOCUMENTS))
def test_a_failed_save_keeps_the_original_and_a_retry_succeeds(kind, fault, tmp_path, monkeypatch):
    make, edit, save, load, same = DOCUMENTS[kind]
    path = tmp_path / f"mine.{kind}"
    doc = make()
    save(doc, path)
    original = path.read_bytes()
    edit(doc)
    with monkeypatch.context() as patch:
        inject(patch, fault)
        with pytest.raises(OSError) as info:
            save(doc, path)
    one_sentence(describe_os_error(info.value, path, "save"), path.name)
    assert path.read_bytes() == original
    assert leftovers(tmp_path) == []
    backup = path.with_name(path.name + ".bak")
    assert not backup.exists() or backup.read_bytes() == original
    # the fault clears: the same document saves, and it is what loads
    save(doc, path)
    assert path.read_bytes() != original
    assert same(load(path), doc)
    assert backup.read_bytes() == original
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("kind", list(DOCUMENTS))
def test_a_save_that_reads_back_wrong_is_refused(kind, tmp_path, monkeypatch):
    """Verify after save: a file that does not read back as written never replaces the
    old one (simulated by damaging the temporary file just before it is checked)."""
    make, edit, save, load, same = DOCUMENTS[kind]
    path = tmp_path / f"mine.{kind}"
    doc = make()
    save(doc, path)
    original = path.read_bytes()
    edit(doc)
    real_write_temp = files._write_temp

    def damaged(folder, name, data):
        return real_write_temp(folder, name, data[: len(data) // 2])

    monkeypatch.setattr(files, "_write_temp", damaged)
    with pytest.raises((OSError, ValueError)):
        save(doc, path)
    assert path.read_bytes() == original
    assert leftovers(tmp_path) == []


# --- the window: the user is told, the document stays dirty ---------------------------


@pytest.mark.parametrize("fault", FAULTS)
def test_the_window_says_why_and_keeps_the_map_dirty(fault, qtbot, tmp_path, monkeypatch):
    from hexcampaign.app import MainWindow
    from hexcampaign.hexes import Hex
    from hexcampaign.maps import load_map, save_map

    path = tmp_path / "mine.hexmap"
    save_map(_map_doc(), path)
    original = path.read_bytes()
    w = MainWindow()
    qtbot.addWidget(w)
    assert w.open_path(path)
    # a failing assertion must not leave a dirty window asking "Save?" at teardown
    monkeypatch.setattr(w, "maybe_save", lambda: True)
    told: list[str] = []
    monkeypatch.setattr(w, "show_error", lambda title, sentence: told.append(sentence))
    w.editor.set_tool("terrain")
    w.editor.brush.terrain = "forest"
    assert w.document is not None
    _paint(w, Hex.from_offset(2, 2))
    assert w.document.dirty
    with monkeypatch.context() as patch:
        inject(patch, fault)
        assert not w.save_to(path)
    assert len(told) == 1
    one_sentence(told[0], path.name)
    assert w.document.dirty and w.isWindowModified()
    assert path.read_bytes() == original
    assert w.save_to(path)
    assert not w.document.dirty
    assert load_map(path) == w.document.map


def _paint(window, h) -> None:
    from hexcampaign.app.tool_events import ToolEvent
    from hexcampaign.hexes import HexSide

    event = ToolEvent(0, 0, h, HexSide.of(h, 0), "left", frozenset())
    window.editor.tool.pressed(event)
    window.editor.tool.released(event)


# --- the play modes: the same for a game and a campaign in the window ---------------------


@pytest.fixture
def play_window(qtbot):
    from hexcampaign.app import MainWindow

    w = MainWindow(editor=False)
    qtbot.addWidget(w)
    w.install_play_modes()
    return w


def campaign_mode(window, path: Path, monkeypatch) -> tuple[object, list[str]]:
    mode = window.play_mode("hexcampaign.app.campaign")
    c = campaign()
    c.save(path)
    mode.start(c, path)
    c.adjust_pp("us", 1, "an edit not yet saved")
    mode.dirty = True
    return mode, _told(monkeypatch, mode)


def game_mode(window, path: Path, monkeypatch) -> tuple[object, list[str]]:
    mode = window.play_mode("hexcampaign.app.kasserine")
    session = mode.play(kasserine_game())
    session.save(path)
    assert session.act(EndPhase()) is not None and session.dirty
    return mode, _told(monkeypatch, mode)


def _told(monkeypatch, mode) -> list[str]:
    """The sentences the window shows (any way it shows them), instead of modal boxes."""
    from PySide6.QtWidgets import QMessageBox

    from hexcampaign.app.dialogs import files as file_dialogs

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: told.append(text))
    monkeypatch.setattr(file_dialogs, "_error", lambda host, title, text: told.append(text))
    monkeypatch.setattr(mode, "maybe_close", lambda: True)
    return told


def _dirty(kind: str, mode) -> bool:
    return mode.dirty if kind == "campaign" else mode.session.dirty


MODES = {"campaign": campaign_mode, "game": game_mode}


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("kind", list(MODES))
def test_a_play_mode_says_why_and_stays_dirty(kind, fault, play_window, tmp_path, monkeypatch):
    path = tmp_path / f"ours.{kind}"
    mode, told = MODES[kind](play_window, path, monkeypatch)
    original = path.read_bytes()
    with monkeypatch.context() as patch:
        inject(patch, fault)
        assert not mode.save_to(path)
    assert len(told) == 1
    one_sentence(told[0], path.name)
    assert _dirty(kind, mode)
    assert path.read_bytes() == original and leftovers(tmp_path) == []
    assert mode.save_to(path)
    assert not _dirty(kind, mode)
    loaded = _load_campaign(path) if kind == "campaign" else _load_game(path)
    engine = mode.campaign if kind == "campaign" else mode.session.game
    assert loaded.state == engine.state


def _corrupting(monkeypatch, how, target: str) -> None:
    real_write_temp = files._write_temp

    def write_temp(folder, name, data):
        # only the new file is damaged on its way to disk (not its backup, not settings)
        return real_write_temp(folder, name, how(data) if name == target else data)

    monkeypatch.setattr(files, "_write_temp", write_temp)


def _half(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _other_game(data: bytes) -> bytes:
    """Valid JSON, but not the game written: a unit's factors changed on the way."""
    import json

    doc = json.loads(data)
    unit = next(iter(doc["state"]["units"]))
    doc["state"]["units"][unit]["cf"] += 5
    return json.dumps(doc).encode()


def _other_campaign(data: bytes) -> bytes:
    import json

    doc = json.loads(data)
    doc["state"]["pp"]["us"] += 5
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    ("kind", "corruption"),
    [
        ("campaign", _half),
        ("campaign", _other_campaign),
        ("game", _half),
        ("game", _other_game),
    ],
)
def test_a_play_mode_save_that_reads_back_wrong_stays_dirty(
    kind, corruption, play_window, tmp_path, monkeypatch
):
    """Verify after save (Krita's practice): the written file is read back and must load
    as the document before it replaces the old file and the document is marked clean."""
    path = tmp_path / f"ours.{kind}"
    mode, told = MODES[kind](play_window, path, monkeypatch)
    original = path.read_bytes()
    with monkeypatch.context() as patch:
        _corrupting(patch, corruption, path.name)
        try:
            saved = mode.save_to(path)
        except Exception as error:  # an escaping exception is a crash in the window
            raise AssertionError(f"save_to raised {type(error).__name__}: {error}") from error
    assert not saved and len(told) == 1
    assert _dirty(kind, mode)
    assert path.read_bytes() == original
