"""The main window as a user meets it: open, look, point, zoom, edit, save, close."""

from __future__ import annotations

import errno
import json
import time

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QDropEvent,
    QImage,
    QKeySequence,
    QMouseEvent,
    QUndoCommand,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QMessageBox

from hexcampaign.app import MainWindow
from hexcampaign.app.document import MapDocument
from hexcampaign.hexes import Hex
from hexcampaign.maps import Change, ChangeSet, load_map, save_map

from .conftest import largest_difference

KASSERINE = Hex.from_offset(2, 5)


class SetTerrain(QUndoCommand):
    """A minimal edit, as the editor's commands make them: model call, then notify."""

    def __init__(self, document: MapDocument, h: Hex, terrain: str) -> None:
        super().__init__(f"terrain {terrain}")
        self.document, self.hex, self.after = document, h, terrain
        self.before = document.map.terrain(h)

    def redo(self) -> None:
        self.document.map.set_terrain(self.hex, self.after)
        self.document.notify(ChangeSet(Change.TERRAIN, {self.hex}))

    def undo(self) -> None:
        self.document.map.set_terrain(self.hex, self.before)
        self.document.notify(ChangeSet(Change.TERRAIN, {self.hex}))


@pytest.fixture
def map_file(tmp_path, sample_map):
    path = tmp_path / "sample.hexmap"
    save_map(sample_map, path)
    return path


@pytest.fixture
def window(qtbot, map_file):
    w = MainWindow(editor=False)
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_path(map_file)
    QApplication.processEvents()
    return w


def viewport_image(w: MainWindow) -> QImage:
    viewport = w.canvas.viewport()
    image = QImage(viewport.size(), QImage.Format.Format_ARGB32)
    viewport.render(image)
    return image


def pixel_at_hex(w: MainWindow, h: Hex) -> QColor:
    """The colour on screen a little above the hex centre (clear of roads and places)."""
    x, y = w.canvas.layout.center(h)
    point = w.canvas.mapFromScene(QPointF(x - w.canvas.layout.size * 0.45, y))
    return viewport_image(w).pixelColor(point)


def move_mouse(w: MainWindow, viewport_pos: QPointF, buttons=Qt.MouseButton.NoButton) -> None:
    event = QMouseEvent(
        QMouseEvent.Type.MouseMove,
        viewport_pos,
        w.canvas.viewport().mapToGlobal(viewport_pos),
        Qt.MouseButton.NoButton,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(w.canvas.viewport(), event)


def mouse_button(w, kind, viewport_pos, button):
    event = QMouseEvent(
        kind,
        viewport_pos,
        w.canvas.viewport().mapToGlobal(viewport_pos),
        button,
        button if kind == QMouseEvent.Type.MouseButtonPress else Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(w.canvas.viewport(), event)


def hex_in_viewport(w: MainWindow, h: Hex) -> QPointF:
    return QPointF(w.canvas.mapFromScene(QPointF(*w.canvas.layout.center(h))))


def test_the_window_opens_a_map(window, map_file):
    assert window.document is not None
    assert window.document.map.place("Kasserine").hex == KASSERINE
    assert "sample.hexmap" in window.displayed_title()
    assert "*" not in window.displayed_title()
    # The whole map fits the window after opening.
    visible = window.canvas.visible_scene_rect()
    assert visible.contains(window.canvas.map_scene.map_rect)
    # Terrain colours from the palette are on screen: high ground at 0302.
    high = QColor(window.document.map.palette.terrains["high_ground"].colour)
    plain = QColor(window.document.map.palette.terrains["plain"].colour)
    seen = pixel_at_hex(window, Hex.from_offset(2, 2))
    assert seen != plain and abs(seen.red() - high.red()) < 60
    assert window.settings.recent_files()[0] == map_file.resolve()


def test_wheel_zoom_keeps_the_point_under_the_cursor(window):
    canvas = window.canvas
    canvas.set_zoom(1.0)
    cursor = QPointF(300, 200)
    before = canvas.scene_pos(cursor)
    wheel = QWheelEvent(
        cursor,
        canvas.viewport().mapToGlobal(cursor),
        QPoint(0, 0),
        QPoint(0, 240),  # two notches towards the user's screen: zoom in
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(canvas.viewport(), wheel)
    assert canvas.zoom == pytest.approx(1.25**2, rel=1e-3)
    after = canvas.scene_pos(cursor)
    assert abs(after.x() - before.x()) * canvas.zoom <= 1.0
    assert abs(after.y() - before.y()) * canvas.zoom <= 1.0
    # Zoom has limits.
    for _ in range(40):
        QApplication.sendEvent(canvas.viewport(), wheel)
    assert canvas.zoom == canvas.ZOOM_MAX
    canvas.fit_map()
    assert canvas.visible_scene_rect().contains(canvas.map_scene.map_rect)


def test_status_bar_names_the_hex_under_the_mouse(window):
    move_mouse(window, hex_in_viewport(window, KASSERINE))
    text = window.hex_info.text()
    assert text.startswith("0205")
    assert "Plain" in text and "elevation 0" in text and "road" in text
    assert "Kasserine (city, 5 VP)" in text
    move_mouse(window, hex_in_viewport(window, Hex.from_offset(3, 1)))
    assert window.hex_info.text().startswith("0301 · Rugged crest · elevation 2")
    move_mouse(window, hex_in_viewport(window, Hex.from_offset(7, 5)))
    assert "river with a bridge" in window.hex_info.text()


def test_an_edit_repaints_the_hex_and_undo_restores_it(window):
    document = window.document
    h = Hex.from_offset(9, 2)
    plain = QColor(document.map.palette.terrains["plain"].colour)
    crest = QColor(document.map.palette.terrains["rugged_crest"].colour)
    assert pixel_at_hex(window, h) == plain
    document.undo_stack.push(SetTerrain(document, h, "rugged_crest"))
    QApplication.processEvents()
    assert pixel_at_hex(window, h) == crest
    document.undo_stack.undo()
    QApplication.processEvents()
    assert pixel_at_hex(window, h) == plain


def test_hiding_a_layer_takes_it_off_the_screen(window):
    h = Hex.from_offset(9, 2)
    plain = QColor(window.document.map.palette.terrains["plain"].colour)
    assert pixel_at_hex(window, h) == plain
    window.layer_actions["terrain"].setChecked(False)
    assert not window.canvas.layer_visible("terrain")
    assert pixel_at_hex(window, h) != plain
    window.layer_actions["terrain"].setChecked(True)
    assert pixel_at_hex(window, h) == plain


def test_dirty_title_and_the_unsaved_changes_prompt(window, map_file, monkeypatch):
    document = window.document
    h = Hex.from_offset(9, 2)
    document.undo_stack.push(SetTerrain(document, h, "high_ground"))
    assert window.isWindowModified()
    assert window.displayed_title().startswith("sample.hexmap*")

    asked = []

    def answer(button):
        def question(*args, **kwargs):
            asked.append(args[2] if len(args) > 2 else "")
            return button

        monkeypatch.setattr(QMessageBox, "question", staticmethod(question))

    answer(QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert window.isVisible() and len(asked) == 1 and "sample.hexmap" in asked[0]

    answer(QMessageBox.StandardButton.Save)
    assert window.close()
    assert load_map(map_file).terrain(h) == "high_ground"
    assert not window.isWindowModified()


@pytest.mark.parametrize(
    "typed, written",
    [("march", "march.hexmap"), ("march.v2", "march.v2"), ("march.hexmap", "march.hexmap"), ("", None)],
)
def test_save_as_adds_the_suffix_only_when_the_name_has_none(window, tmp_path, monkeypatch, typed, written):
    from PySide6.QtWidgets import QFileDialog

    answer = str(tmp_path / typed) if typed else ""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (answer, ""))
    assert window.save_as() is (written is not None)
    saved = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("march"))
    assert saved == ([written] if written else [])
    if written:
        assert load_map(tmp_path / written) == window.document.map


def test_discarding_changes_closes_without_saving(window, map_file, monkeypatch):
    document = window.document
    document.undo_stack.push(SetTerrain(document, Hex.from_offset(9, 2), "high_ground"))
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Discard)
    )
    assert window.close()
    assert load_map(map_file).terrain(Hex.from_offset(9, 2)) == "plain"


def test_a_failed_save_says_why_and_keeps_the_document_dirty(window, map_file, monkeypatch):
    document = window.document
    document.undo_stack.push(SetTerrain(document, Hex.from_offset(9, 2), "high_ground"))
    errors = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda parent, title, text, *a: errors.append(text))
    )

    def disk_full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("hexcampaign.app.document.save_map", disk_full)
    assert not window.save()
    assert len(errors) == 1 and "disk is full" in errors[0]
    assert window.document is document and document.dirty and window.isWindowModified()
    assert load_map(map_file).terrain(Hex.from_offset(9, 2)) == "plain"


def test_opening_a_bad_file_keeps_the_open_map(window, tmp_path, monkeypatch):
    errors = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda parent, title, text, *a: errors.append(text))
    )
    bad = tmp_path / "broken.hexmap"
    bad.write_text(json.dumps({"format": "hexcampaign-map", "version": 99}), encoding="utf-8")
    old = window.document
    assert not window.open_path(bad)
    assert window.document is old
    assert len(errors) == 1 and "broken.hexmap" in errors[0]


def test_tools_get_hex_events_and_panning_never_reaches_them(window):
    class Recorder:
        def __init__(self):
            self.events = []

        def pressed(self, e):
            self.events.append(("pressed", e.hex, e.button))

        def moved(self, e):
            self.events.append(("moved", e.hex, e.button))

        def released(self, e):
            self.events.append(("released", e.hex, e.button))

        def hex_changed(self, e):
            self.events.append(("hex_changed", e.hex, e.button))

    tool = Recorder()
    canvas = window.canvas
    canvas.set_tool(tool)
    a, b = Hex.from_offset(4, 4), Hex.from_offset(5, 4)
    mouse_button(
        window,
        QMouseEvent.Type.MouseButtonPress,
        hex_in_viewport(window, a),
        Qt.MouseButton.LeftButton,
    )
    move_mouse(window, hex_in_viewport(window, b), Qt.MouseButton.LeftButton)
    mouse_button(
        window,
        QMouseEvent.Type.MouseButtonRelease,
        hex_in_viewport(window, b),
        Qt.MouseButton.LeftButton,
    )
    assert ("pressed", a, "left") in tool.events
    assert ("hex_changed", b, "left") in tool.events
    assert ("moved", b, "left") in tool.events
    assert tool.events[-1] == ("released", b, "left")

    tool.events.clear()
    start = canvas.visible_scene_rect().center()
    mouse_button(
        window, QMouseEvent.Type.MouseButtonPress, QPointF(400, 300), Qt.MouseButton.MiddleButton
    )
    move_mouse(window, QPointF(300, 250), Qt.MouseButton.MiddleButton)
    mouse_button(
        window, QMouseEvent.Type.MouseButtonRelease, QPointF(300, 250), Qt.MouseButton.MiddleButton
    )
    moved = canvas.visible_scene_rect().center() - start
    assert moved.x() * canvas.zoom == pytest.approx(100, abs=1)
    assert moved.y() * canvas.zoom == pytest.approx(50, abs=1)
    assert not [e for e in tool.events if e[0] in ("pressed", "released")]


def test_preview_shows_on_the_map_and_clears(window):
    h = Hex.from_offset(9, 2)
    before = pixel_at_hex(window, h)
    window.canvas.set_preview(hexes=[h], color="#ff0000")
    assert pixel_at_hex(window, h) != before
    window.canvas.clear_preview()
    assert pixel_at_hex(window, h) == before


def test_dropping_a_map_file_opens_it(window, tmp_path, sample_map):
    other = sample_map.copy()
    other.name = "Dropped"
    path = tmp_path / "dropped.hexmap"
    save_map(other, path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    drop = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(drop)
    assert window.document.path == path
    assert "dropped.hexmap" in window.displayed_title()


def test_recent_files_survive_a_restart(window, map_file, qtbot):
    again = MainWindow(editor=False)
    qtbot.addWidget(again)
    names = [a.text() for a in again.recent_menu.actions()]
    assert "sample.hexmap" in names
    [action] = [a for a in again.recent_menu.actions() if a.text() == "sample.hexmap"]
    action.trigger()
    assert again.document is not None and again.document.path == map_file


def test_menus_are_shared_in_order(window):
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles[:2] == ["&File", "&Edit"] and titles[-1] == "&Help"
    game = window.menu("&Game")
    assert window.menu("&Game") is game
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index("&Game") == titles.index("&Layers") + 1
    assert titles[-1] == "&Help"


def test_space_drag_pans_instead_of_using_the_tool(window):
    from PySide6.QtGui import QKeyEvent

    class Counter:
        presses = 0

        def pressed(self, e):
            self.presses += 1

        def moved(self, e):
            pass

        def released(self, e):
            pass

        def hex_changed(self, e):
            pass

    tool = Counter()
    canvas = window.canvas
    canvas.set_tool(tool)
    canvas.set_zoom(1.5)
    start = canvas.visible_scene_rect().center()
    QApplication.sendEvent(
        canvas, QKeyEvent(QKeyEvent.Type.KeyPress, Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier)
    )
    mouse_button(
        window, QMouseEvent.Type.MouseButtonPress, QPointF(200, 200), Qt.MouseButton.LeftButton
    )
    move_mouse(window, QPointF(260, 170), Qt.MouseButton.LeftButton)
    mouse_button(
        window, QMouseEvent.Type.MouseButtonRelease, QPointF(260, 170), Qt.MouseButton.LeftButton
    )
    QApplication.sendEvent(
        canvas,
        QKeyEvent(QKeyEvent.Type.KeyRelease, Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier),
    )
    moved = canvas.visible_scene_rect().center() - start
    assert moved.x() * canvas.zoom == pytest.approx(-60, abs=1)
    assert moved.y() * canvas.zoom == pytest.approx(30, abs=1)
    assert tool.presses == 0
    # Without space the left button is the tool's again.
    mouse_button(
        window, QMouseEvent.Type.MouseButtonPress, QPointF(200, 200), Qt.MouseButton.LeftButton
    )
    assert tool.presses == 1


def test_status_bar_is_empty_off_the_map(window):
    move_mouse(window, hex_in_viewport(window, KASSERINE))
    assert window.hex_info.text()
    window.canvas.set_zoom(0.5)
    window.canvas.center_on_hex(Hex.from_offset(0, 0))
    move_mouse(window, QPointF(5, 5))  # the desk above and left of the map
    assert window.hex_info.text() == ""


def test_new_map_from_the_dialog(window, monkeypatch):
    from hexcampaign.app.dialogs.new_map import NewMapDialog

    def fill_and_accept(dialog):
        dialog.cols.setValue(8)
        dialog.rows.setValue(6)
        dialog.set_palette("cm")
        dialog.name.setText("Fresh")
        return NewMapDialog.DialogCode.Accepted

    monkeypatch.setattr(NewMapDialog, "exec", fill_and_accept)
    assert window.new_map()
    m = window.document.map
    assert (m.cols, m.rows, m.palette.name, m.name) == (8, 6, "cm", "Fresh")
    assert window.document.path is None and "Fresh" in window.displayed_title()


def test_after_wheel_zooming_the_map_is_drawn_completely(window, qtbot):
    canvas = window.canvas
    cursor = QPointF(500, 300)
    for _ in range(3):
        wheel = QWheelEvent(
            cursor,
            canvas.viewport().mapToGlobal(cursor),
            QPoint(0, 0),
            QPoint(0, 120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(canvas.viewport(), wheel)
        canvas.viewport().repaint()
    # The user stops turning the wheel; the worker threads paint the new zoom's tiles (on a
    # busy machine later than on a quiet one): wait until a repaint asks for nothing more.
    scene, workers = canvas.map_scene, canvas.map_scene.tile_workers()

    def settled() -> bool:
        if time.perf_counter() < scene.progressive_until or workers.pending():
            return False
        before = len(scene.tiles)
        viewport_image(window)  # a paint asks the workers for any tile still missing
        return workers.pending() == 0 and len(scene.tiles) == before

    qtbot.wait(400)
    qtbot.waitUntil(settled, timeout=15000)
    shown = viewport_image(window)
    canvas.map_scene.tiles.clear()
    # The same as drawn from scratch: a missing or blurred tile differs by far more than the
    # few levels by which a strip painted by a worker anti-aliases a hex edge at a tile seam.
    assert largest_difference(shown, viewport_image(window)) <= 8


def test_an_edit_redraws_only_the_region_it_touched(window):
    canvas = window.canvas
    canvas.set_zoom(3.0)  # many tiles, so a small edit leaves most of them alone
    viewport_image(window)

    def tiles_now():
        return {key for key, _ in canvas.map_scene.tiles.items() if key[1] == canvas.zoom}

    before = tiles_now()
    assert len(before) > 12
    document = window.document
    document.undo_stack.push(SetTerrain(document, Hex.from_offset(9, 2), "high_ground"))
    dropped = before - tiles_now()
    assert 1 <= len(dropped) <= 4


def test_other_file_kinds_go_to_the_mode_that_registered_them(window, tmp_path):
    opened = []
    window.openers[".kpgame"] = lambda path: opened.append(path) or True
    game = tmp_path / "feb14.kpgame"
    game.write_text("{}")
    map_before = window.document
    assert window.open_path(game)
    assert opened == [game] and window.document is map_before


def test_the_window_comes_back_where_it_was(window, qtbot):
    window.resize(700, 500)  # within the 800×600 offscreen screen
    window.document.undo_stack.setClean()
    assert window.close()
    again = MainWindow(editor=False)
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (700, 500)


def test_a_tool_refusal_is_a_status_sentence_and_a_tool_bug_no_crash(window, capsys):
    from hexcampaign.rules import IllegalAction

    class Refusing:
        def pressed(self, e):
            raise IllegalAction("Bridge: a bridge needs a road and a river in its hex")

        def moved(self, e):
            raise RuntimeError("a bug in the tool")

        def released(self, e):
            pass

        def hex_changed(self, e):
            pass

    window.canvas.set_tool(Refusing())
    point = hex_in_viewport(window, Hex.from_offset(4, 4))
    mouse_button(window, QMouseEvent.Type.MouseButtonPress, point, Qt.MouseButton.LeftButton)
    assert window.statusBar().currentMessage().startswith("Bridge: a bridge needs")
    move_mouse(window, point + QPointF(3, 3))
    assert "internal error" in window.statusBar().currentMessage()
    assert "a bug in the tool" in capsys.readouterr().err
    assert window.isVisible()


def test_the_tile_cache_keeps_to_its_memory_budget(qapp):
    from PySide6.QtGui import QPixmap

    from hexcampaign.app.canvas.layers import TileCache

    cache = TileCache(max_bytes=3 * 256 * 256 * 4)
    for i in range(5):
        cache.put(("map", 1.0, 1.0, i, 0), QPixmap(256, 256))
    cache.put(("map", 1.0, 1.0, 9, 9), None)  # an empty tile costs nothing
    assert len(cache) == 4 and cache.bytes == 3 * 256 * 256 * 4
    assert cache.get(("map", 1.0, 1.0, 0, 0)) is False  # the oldest went first
    assert cache.get(("map", 1.0, 1.0, 4, 0)) is not False
    cache.drop("map", QRectF(4 * 256 + 1, 1, 10, 10))
    assert cache.get(("map", 1.0, 1.0, 4, 0)) is False and cache.bytes == 2 * 256 * 256 * 4


def test_opening_another_map_asks_about_unsaved_changes(window, tmp_path, sample_map, monkeypatch):
    document = window.document
    document.undo_stack.push(SetTerrain(document, Hex.from_offset(9, 2), "high_ground"))
    other = tmp_path / "other.hexmap"
    save_map(sample_map, other)
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Cancel)
    )
    assert not window.open_path(other)
    assert window.document is document and document.dirty
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Discard)
    )
    assert window.open_path(other)
    assert window.document.path == other and not window.isWindowModified()


def test_set_mode_hands_over_from_one_mode_to_the_next(window):
    calls = []

    class Mode:
        def __init__(self, name):
            self.name = name

        document = None

        def activate(self):
            calls.append(("activate", self.name))

        def deactivate(self):
            calls.append(("deactivate", self.name))

    game, desk = Mode("game"), Mode("desk")
    changed = []
    window.mode_changed.connect(changed.append)
    window.set_mode(game)
    window.set_mode(game)  # already in charge: nothing happens
    window.set_mode(desk)
    assert calls == [("activate", "game"), ("deactivate", "game"), ("activate", "desk")]
    assert window.mode is desk and changed == [game, desk]


def test_modes_in_the_mode_menu_open_their_own_files(window, tmp_path, answering_message_boxes):
    from hexcampaign.app.dialogs import files
    from hexcampaign.files import FileFormatError

    class GameMode:
        """A play mode as app/modes.py describes it, on the one open flow."""

        SUFFIXES = (".kpgame",)
        active = False
        document = None

        def activate(self):
            self.active = True

        def deactivate(self):
            self.active = False

        def maybe_close(self):
            return True

        def load_document(self, path):
            if path.read_text() != "good":
                raise FileFormatError(f"{path.name} is not a game.")
            return path.name

        def show_document(self, document):
            self.document = document

        def open_path(self, path):
            return files.open_in(window, self, path)

    game = GameMode()
    action = window.add_mode("&Game mode", game, game.SUFFIXES)
    assert action in window.menu("&Mode").actions()
    bad, good = tmp_path / "bad.kpgame", tmp_path / "good.kpgame"
    bad.write_text("bad")
    good.write_text("good")
    before = window.mode
    assert not window.open_path(bad)
    assert window.mode is before and not game.active  # a failed open changes nothing
    assert answering_message_boxes == [("critical", "Could not open the game: bad.kpgame is not a game.")]
    assert window.open_path(good)
    assert window.mode is game and game.active and action.isChecked()
    assert game.document == "good.kpgame"
    window.set_mode(before)
    assert not game.active and not action.isChecked()


def test_play_modes_are_built_only_when_first_chosen(window, tmp_path, monkeypatch):
    import sys
    import types

    import hexcampaign.app.window.mode_switch as mode_switch

    built = []

    class FakeMode:
        SUFFIXES = (".fake",)
        active = False
        document = None

        def activate(self):
            self.active = True

        def deactivate(self):
            self.active = False

        def open_path(self, path):
            return True

        def close_document(self):
            return True

        def maybe_close(self):
            return True

    module = types.ModuleType("fake_play_mode")
    module.install = lambda w: built.append(FakeMode()) or built[-1]
    broken = types.ModuleType("broken_play_mode")
    broken.install = lambda w: 1 / 0
    monkeypatch.setitem(sys.modules, "fake_play_mode", module)
    monkeypatch.setitem(sys.modules, "broken_play_mode", broken)
    monkeypatch.setattr(
        mode_switch,
        "PLAY_MODES",
        (("&Fake game", "fake_play_mode", (".fake",)), ("&Broken", "broken_play_mode", ())),
    )
    errors = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda parent, title, text, *a: errors.append(text))
    )
    window.install_play_modes()
    titles = [a.text() for a in window.menu("&Mode").actions()]
    assert "&Fake game" in titles and "&Broken" in titles
    assert built == []  # nothing built until chosen
    [fake] = [a for a in window.menu("&Mode").actions() if a.text() == "&Fake game"]
    fake.trigger()
    assert len(built) == 1 and window.mode is built[0] and built[0].active
    game = tmp_path / "x.fake"
    game.write_text("{}")
    assert window.open_path(game) and len(built) == 1  # the same mode opens its files
    [bad] = [a for a in window.menu("&Mode").actions() if a.text() == "&Broken"]
    bad.trigger()
    assert window.mode is built[0] and len(errors) == 1 and "could not be loaded" in errors[0]


def test_after_a_pan_the_tiles_around_the_window_are_drawn_ahead(window, qtbot):
    import math

    from hexcampaign.app.canvas.layers import TILE

    canvas = window.canvas
    canvas.set_zoom(4.0)
    canvas.center_on_hex(Hex.from_offset(6, 4))
    mouse_button(
        window, QMouseEvent.Type.MouseButtonPress, QPointF(400, 300), Qt.MouseButton.MiddleButton
    )
    move_mouse(window, QPointF(380, 290), Qt.MouseButton.MiddleButton)
    mouse_button(
        window, QMouseEvent.Type.MouseButtonRelease, QPointF(380, 290), Qt.MouseButton.MiddleButton
    )
    visible = canvas.visible_scene_rect()
    right_of_window = math.floor(visible.right() * canvas.zoom / TILE) + 1
    row = math.floor(visible.center().y() * canvas.zoom / TILE)
    key = ("map", canvas.zoom, canvas.viewport().devicePixelRatioF(), right_of_window, row)
    qtbot.waitUntil(lambda: canvas.map_scene.tiles.get(key) is not False, timeout=30_000)


def test_closing_asks_about_the_unsaved_game_of_a_play_mode(window, monkeypatch):
    from hexcampaign.kasserine import Game

    window.install_play_modes()
    kasserine = window.play_mode("hexcampaign.app.kasserine")
    kasserine.play(Game.scenario(seed=4))  # never saved: it exists only in the window
    asked = []

    def answer(button):
        def question(_parent, title, text, *_args):
            asked.append(text)
            return button

        return staticmethod(question)

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    assert not window.close()
    assert window.isVisible() and len(asked) == 1 and "not saved" in asked[0]
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Discard))
    assert window.close()


def test_with_nothing_open_the_start_page_stands_in_for_the_map(qtbot, monkeypatch):
    w = MainWindow()
    qtbot.addWidget(w)
    w.install_play_modes()
    assert w.centralWidget().currentWidget() is w.start_page
    asked = []
    kasserine = w.play_mode("hexcampaign.app.kasserine")
    monkeypatch.setattr(kasserine, "new_document", lambda: asked.append("new game"))
    w.start_page.new_kasserine.emit()
    assert asked == ["new game"] and w.mode is kasserine


def test_opening_a_map_from_the_start_page_shows_the_canvas(qtbot, map_file):
    w = MainWindow()
    qtbot.addWidget(w)
    w.start_page.recent_chosen.emit(map_file)
    assert w.document is not None and w.centralWidget().currentWidget() is w.canvas


def test_status_messages_show_over_the_hex_readout(window):
    window.show()
    window.show_message("Cliff: no movement across a cliff hexside")
    assert window.statusBar().currentMessage() == "Cliff: no movement across a cliff hexside"
    assert not window.hex_info.isVisible()  # covered while the message lasts


def test_file_save_saves_the_game_when_a_play_mode_is_in_charge(window, monkeypatch, tmp_path):
    from hexcampaign.app.dialogs import files
    from hexcampaign.kasserine import Game

    window.install_play_modes()
    kasserine = window.play_mode("hexcampaign.app.kasserine")
    window.set_mode(kasserine)
    game = kasserine.play(Game.scenario(seed=4)).game
    offered = []
    target = tmp_path / "mine.kpgame"
    monkeypatch.setattr(
        files, "ask_save_path", lambda _w, title, suggested, *_a: offered.append(suggested) or target
    )
    assert window.save()
    assert Game.load(target).state == game.state and not kasserine.session.dirty
    assert offered[0].name == "kasserine.kpgame"
    assert window.windowTitle().startswith("mine.kpgame")  # the game's title, not the map's
    assert window.document.path is None  # the map copy the game shows was not saved instead


@pytest.mark.parametrize("kind", ["game", "campaign"])
def test_an_engine_refusal_is_shown_by_the_windows_one_helper(qtbot, tmp_path, kind):
    from hexcampaign.kasserine import Game

    from .campaign.conftest import small_campaign

    w = MainWindow()
    qtbot.addWidget(w)
    w.install_play_modes()
    path = tmp_path / ("a.kpgame" if kind == "game" else "a.hxcampaign")
    if kind == "game":
        path.write_text(Game.scenario(seed=3).to_json())
    else:
        small_campaign().save(path)
    assert w.open_path(path)
    shown = []
    helper = w.show_refusal
    w.show_refusal = lambda sentence: shown.append(sentence) or helper(sentence)
    sentence = "Movement: <b>1st Armored</b> has no movement points left"
    w.document_in_charge().refuse(sentence)
    assert shown == [sentence]  # the mode sent its document's refusal to the one helper
    assert w.statusBar().currentMessage() == sentence  # plain text, as written
    assert w.status.last_refusal == sentence


def test_a_first_frame_window_shows_the_menus_titles_and_gets_their_entries_after(qtbot, map_file):
    w = MainWindow(editor=False, start_page=False, menus=False)
    qtbot.addWidget(w)
    titles = [a.text() for a in w.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&View", "&Mode", "&Map", "&Layers", "&Help"]
    assert w.menu("&File").actions() == [] and not hasattr(w, "save_action")
    w.update_title()  # (a document's title before the entries exist: nothing to enable)
    w.furnish_menus()
    w.furnish_menus()  # once only
    assert [a.text() for a in w.menuBar().actions()] == titles
    assert w.save_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Save)
    assert not w.save_action.isEnabled()
    assert sum(a.text() == "&Save" for a in w.menu("&File").actions()) == 1
    assert w.open_path(map_file) and w.save_action.isEnabled()


def test_a_maps_first_frame_is_painted_as_one_picture_and_later_frames_in_strips(qtbot, map_file, monkeypatch):
    from hexcampaign.app.canvas.layers import LayerItem

    rows: list[int] = []
    render = LayerItem._render_block

    def counted(self, zoom, ratio, j0, j1, start, end):
        rows.append(j1 - j0 + 1)
        render(self, zoom, ratio, j0, j1, start, end)

    monkeypatch.setattr(LayerItem, "_render_block", counted)
    w = MainWindow(editor=False)
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_path(map_file)
    QApplication.processEvents()
    w.canvas.viewport().repaint()
    assert rows and rows[0] > 1  # the whole view at once
    first = viewport_image(w)
    rows.clear()
    w.canvas.map_scene.progressive_until = 0.0
    w.canvas.map_scene.tiles.clear()
    w.canvas.viewport().repaint()
    assert rows and set(rows) == {1}  # strips, as the workers paint them
    again = viewport_image(w)
    differ = sum(first.pixel(x, y) != again.pixel(x, y) for y in range(0, first.height(), 2) for x in range(0, first.width(), 2))
    assert differ <= first.width() * first.height() // 4 // 500  # the same map: a few pixels at strip edges
