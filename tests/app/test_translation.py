"""The window in German (HEXCAMPAIGN_LANG=de): the start page, the menus and the main
dialogs speak it; the shipped .ts has every string of those translated, and the shipped
.qm is what `make translations` compiles from it (a forgotten lrelease fails here)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QLibraryInfo
from PySide6.QtWidgets import QApplication, QLabel

from hexcampaign.app import i18n
from hexcampaign.paths import resources_path

TS = resources_path("translations/hexcampaign_de.ts")
QM = resources_path("translations/hexcampaign_de.qm")
SOURCES = Path(i18n.__file__).resolve().parent  # src/hexcampaign/app
# The contexts German must cover entirely: the start page, every menu, the main dialogs.
COVERED = (
    "StartPage",
    "MenuBar",
    "EditorMenus",
    "GameMenu",
    "DeskMenus",
    "Tools",
    "Files",
    "FileFilters",
    "NewMapDialog",
    "NewGameDialog",
    "NewCampaignDialog",
    "Recovery",
    "About",
)


def _tool(name: str) -> str:
    found = Path(sys.executable).with_name(name)
    return str(found) if found.exists() else (shutil.which(name) or pytest.skip(f"no {name}"))


@pytest.fixture
def german(qapp, monkeypatch):
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "de")
    assert i18n.install(qapp) == "de"
    yield
    i18n.remove(qapp)


def test_the_language_is_the_option_then_the_variable_then_the_desktop(monkeypatch):
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "de_DE.UTF-8")
    assert i18n.chosen_language() == "de"
    assert i18n.chosen_language("en") == "en"  # --lang wins
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "de-AT")
    assert i18n.chosen_language() == "de"
    assert "de" in i18n.available_languages() and "en" in i18n.available_languages()


def test_a_language_without_a_translation_leaves_the_window_english(qapp):
    assert i18n.install(qapp, "xx") == "en"
    assert i18n.translate("MenuBar", "&File") == "&File"


def test_the_start_page_speaks_german(german, qtbot):
    from hexcampaign.app.settings import Settings
    from hexcampaign.app.start_page import StartPage

    page = StartPage(Settings())
    qtbot.addWidget(page)
    headings = {name: card.heading.text() for name, card in page.cards.items()}
    assert headings == {
        "kasserine": "Neues Kasserine-Pass-Spiel",
        "campaign": "Neuer CM-Feldzug",
        "map": "Neue Karte",
        "open": "Öffnen…",
    }
    words = " ".join(label.text() for label in page.findChildren(QLabel))
    assert "Zuletzt geöffnete Dateien" in words and "Konfliktsimulation" in words
    # A screen reader names every card and says what it is for, in German too.
    for card in page.cards.values():
        assert card.accessibleName() and card.accessibleDescription() == card.line.text()
    assert page.recent.accessibleName() == "Zuletzt geöffnete Dateien"


def test_the_menus_speak_german_in_the_english_order(german, qtbot):
    from hexcampaign.app import MainWindow

    window = MainWindow(editor=True)
    qtbot.addWidget(window)
    window.install_play_modes()
    bar = [a.text() for a in window.menuBar().actions() if a.menu() is not None]
    for title in ("&Datei", "&Bearbeiten", "&Ansicht", "&Hilfe", "&Karte", "&Ebenen", "&Modus"):
        assert title in bar
    # The order is the English MENU_ORDER's (the keys), whatever the language.
    assert bar.index("&Datei") < bar.index("&Bearbeiten") < bar.index("&Ansicht") < bar.index("&Hilfe")
    # Each top-level menu has its own Alt letter.
    letters = [t[t.index("&") + 1].lower() for t in bar if "&" in t]
    assert len(letters) == len(set(letters)), bar

    def entries(key: str) -> list[str]:
        return [a.text() for a in window.menu(key).actions() if not a.isSeparator()]

    assert {"&Neue Karte…", "Ö&ffnen…", "&Speichern", "Speichern &unter…", "&Beenden"} <= set(entries("&File"))
    assert "&Rückgängig" in entries("&Edit") and "Hexfelder &kopieren" in entries("&Edit")
    assert "Karte ins &Fenster einpassen" in entries("&View")
    assert {"&Benutzerhandbuch", "&Regeln", "&Über hexcampaign"} <= set(entries("&Help"))
    assert "Karten&editor" in entries("&Mode")
    # The editor's exports still land above Quit (found by name, not by its words).
    file_entries = entries("&File")
    assert file_entries.index("&Drucken…") < file_entries.index("&Beenden")
    # The standard keys stay the desktop's.
    save = next(a for a in window.menu("&File").actions() if a.text() == "&Speichern")
    assert save.shortcut().toString() == "Ctrl+S"


def _alt_letters(menu) -> list[str]:
    texts = [a.text() for a in menu.actions() if not a.isSeparator() and a.isVisible()]
    return [t[t.index("&") + 1].lower() for t in texts if "&" in t.replace("&&", "")]


@pytest.mark.parametrize("mode", ["editor", "kasserine", "campaign"])
def test_no_two_german_entries_of_a_menu_share_an_alt_letter(german, qtbot, mode):
    """Alt+letter goes straight to an entry; two with one letter would need it twice."""
    from hexcampaign.app import MainWindow

    window = MainWindow(editor=True)
    qtbot.addWidget(window)
    window.install_play_modes()
    if mode != "editor":
        window.set_mode(window.modes.play_mode(f"hexcampaign.app.{mode}"))
    clashes = {}
    for action in window.menuBar().actions():
        menu = action.menu()
        if menu is None or not action.isVisible():
            continue
        letters = _alt_letters(menu)
        repeated = sorted({x for x in letters if letters.count(x) > 1})
        if repeated:
            clashes[action.text()] = repeated
    assert clashes == {}


def test_the_main_dialogs_speak_german(german, qtbot):
    from hexcampaign.app.dialogs.new_map import NewMapDialog
    from hexcampaign.app.kasserine.dialogs import NewGameDialog

    new_map = NewMapDialog()
    qtbot.addWidget(new_map)
    assert new_map.windowTitle() == "Neue Karte"
    assert new_map.name.placeholderText() == "Unbenannt"
    assert new_map.cols.accessibleDescription()
    game = NewGameDialog()
    qtbot.addWidget(game)
    assert game.windowTitle() == "Neues Kasserine-Pass-Spiel"
    assert game.rows.title() == "Spieler"
    assert game.controls["dice"].accessibleName() == "Würfel"
    # Every explanation shows whole, on as many lines as the German needs.
    game.show()
    qtbot.waitExposed(game)
    explanations = [w for w in game.findChildren(QLabel) if w.objectName().startswith("explain-")]
    assert explanations
    for label in explanations:
        assert label.height() >= label.heightForWidth(label.width()), label.text()
    assert i18n.file_filter("Hex maps (*.hexmap);;All files (*)") == "Hexkarten (*.hexmap);;Alle Dateien (*)"


def test_the_new_campaign_dialog_speaks_german(german, qtbot):
    from hexcampaign.app.campaign.wizard import NewCampaignDialog

    wizard = NewCampaignDialog()
    qtbot.addWidget(wizard)
    assert wizard.windowTitle() == "Neuer CM-Feldzug"
    assert [wizard.tabs.tabText(i) for i in range(3)] == [
        "1. Karte und Seiten",
        "2. Anfangsverbände",
        "3. Optionen und Startwert",
    ]


def test_german_has_every_string_of_the_start_page_menus_and_main_dialogs():
    root = ET.parse(TS).getroot()
    contexts = {c.findtext("name"): c for c in root.iter("context")}
    assert set(COVERED) <= set(contexts)
    unfinished = [
        (name, m.findtext("source"))
        for name in COVERED
        for m in contexts[name].iter("message")
        if m.find("translation").get("type") in ("unfinished", "vanished", "obsolete")
        or not (m.findtext("translation") or "").strip()
    ]
    assert unfinished == []


def test_the_shipped_qm_is_compiled_from_the_shipped_ts(tmp_path):
    compiled = tmp_path / "hexcampaign_de.qm"
    subprocess.run([_tool("pyside6-lrelease"), "-silent", str(TS), "-qm", str(compiled)], check=True)
    assert compiled.read_bytes() == QM.read_bytes(), "run `make translations` and commit the .qm"


def test_every_string_of_the_window_is_in_the_ts(tmp_path):
    """A string added to the code without `make translations` is missing from the .ts."""
    copy = tmp_path / "hexcampaign_de.ts"
    shutil.copy(TS, copy)
    subprocess.run(
        [_tool("pyside6-lupdate"), "-silent", "-extensions", "py", "-locations", "none",
         "-source-language", "en", str(SOURCES), "-ts", str(copy)],
        check=True,
    )

    def sources(path: Path) -> set[tuple[str, str]]:
        root = ET.parse(path).getroot()
        return {
            (c.findtext("name") or "", m.findtext("source") or "")
            for c in root.iter("context")
            for m in c.iter("message")
            if m.find("translation").get("type") not in ("vanished", "obsolete")
        }

    assert sources(copy) - sources(TS) == set(), "run `make translations`"


def test_qt_buttons_speak_german_too(german):
    """Qt's own words (a dialog's Cancel) come from Qt's catalogue, where the Qt
    installation has it (PySide6's wheels do)."""
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    if not (folder / "qtbase_de.qm").exists():
        pytest.skip("this Qt installation has no German catalogue")
    assert QApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"


def test_values_are_filled_in_once():
    # A file named "50%2.hexmap" stays as it is: each %n is replaced once, as QString.arg does.
    assert i18n.fill_in("%1, %2, in %3", "50%2.hexmap", "Hexkarte", "/maps") == "50%2.hexmap, Hexkarte, in /maps"


def test_the_recovery_question_speaks_german(german, qtbot, answering_message_boxes):
    from hexcampaign.app import MainWindow
    from hexcampaign.app.autosave import Orphan

    window = MainWindow(editor=True)
    qtbot.addWidget(window)
    orphan = Orphan("s1", Path("/tmp/s1.hexmap"), "", "Tunesien", 0.0, None)
    window.editor.ask_restore(orphan)
    [(kind, words)] = answering_message_boxes
    assert words.startswith("Ungespeicherte Arbeit wiederherstellen?: hexcampaign wurde nicht normal beendet.")
    assert "aus einer neuen, nie gespeicherten Karte" in words


def test_the_command_line_takes_the_language(monkeypatch):
    """`hexcampaign --lang de FILE` hands the language to the window (launch.run_window)."""
    from hexcampaign import cli
    from hexcampaign.app import launch

    seen = {}
    monkeypatch.setattr(launch, "run_window", lambda *a, **k: seen.update(k) or 0)
    monkeypatch.setattr(cli, "_headless_linux", lambda: False)
    assert cli.main(["--lang", "de"]) == 0
    assert seen["language"] == "de"


def test_the_german_tool_names_fit_their_buttons(german, qtbot):
    """The tool palette's buttons are as wide as the dock gives them: a German name
    longer than that would be cut ("Bereich…swählen")."""
    from PySide6.QtWidgets import QToolButton

    from app.helpers import shown_window

    window = shown_window(qtbot, 1280, 800)
    window.open_map(window_map())
    buttons = [b for b in window.editor.palette_dock.findChildren(QToolButton) if b.text()]
    assert buttons
    for button in buttons:
        room = button.contentsRect().width() - 8  # the style's margins inside the button
        assert button.fontMetrics().horizontalAdvance(button.text()) <= room, button.text()


def window_map():
    from hexcampaign.maps import HexMap

    return HexMap.new(8, 6)


def test_the_german_undo_entry_names_the_command_after_a_colon(german, qtbot):
    from PySide6.QtGui import QUndoCommand

    from app.helpers import shown_window

    window = shown_window(qtbot, 1280, 800)
    window.open_map(window_map())
    window.document.undo_stack.push(QUndoCommand("Paint Forest"))
    assert window.editor.undo_action.text() == "&Rückgängig: Paint Forest"
    window.document.undo_stack.undo()
    assert window.editor.redo_action.text() == "&Wiederherstellen: Paint Forest"
    assert window.editor.undo_action.text() == "&Rückgängig"
