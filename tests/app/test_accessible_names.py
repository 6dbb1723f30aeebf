"""A screen reader names every control: each button, field, list, table, spin box and
slider of every dock of the three modes, and of the editor's, the game's and the
campaign desk's dialogs, has an accessible name, or a text of its own a reader speaks
(a button's caption), or a label that is its buddy (a form row's)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QDockWidget,
    QLabel,
    QWidget,
)

from app.helpers import shown_window
from hexcampaign.app.accessible import (
    CONTROLS,
    _qt_own,  # Qt's own parts, which Qt names
)
from hexcampaign.app.settings import Settings
from hexcampaign.maps import HexMap

ROOT = Path(__file__).resolve().parents[2]


def unnamed(root: QWidget) -> list[str]:
    """Each control under `root` a screen reader could not name, described."""
    buddies = {id(label.buddy()) for label in root.window().findChildren(QLabel) if label.buddy()}
    missing = []
    for w in root.findChildren(QWidget):
        if not isinstance(w, CONTROLS) or _qt_own(w) or w.accessibleName().strip():
            continue
        if isinstance(w, QAbstractButton) and w.text().replace("&", "").strip():
            continue
        if id(w) in buddies:
            continue
        missing.append(
            f"{type(w).__name__} {w.objectName()!r} in {type(w.parentWidget()).__name__} "
            f"(tooltip {w.toolTip()[:40]!r})"
        )
    return missing


def listed(found: dict[str, list[str]]) -> str:
    return "\n" + "\n".join(f"{where}: {what}" for where, whats in found.items() for what in whats)


def docks_unnamed(window) -> dict[str, list[str]]:
    found = {}
    for dock in window.findChildren(QDockWidget):
        assert dock.windowTitle(), f"a dock without a title: {dock.objectName()}"
        missing = unnamed(dock)
        if missing:
            found[dock.windowTitle()] = missing
    return found


def dialogs_named(qtbot, dialogs) -> None:
    found = {}
    for dialog in dialogs:
        if qtbot is not None:
            qtbot.addWidget(dialog)
        missing = unnamed(dialog)
        if missing:
            found[dialog.windowTitle() or type(dialog).__name__] = missing
    assert not found, listed(found)


@pytest.fixture
def editor_window(qtbot):
    w = shown_window(qtbot, 1280, 800, settings=Settings())
    w.open_map(HexMap.blank(12, 9, palette="kasserine"))
    yield w
    w.document.undo_stack.setClean()


@pytest.fixture
def game_mode(qtbot):
    from hexcampaign.app.kasserine import install

    from .kasserine.conftest import skirmish

    w = shown_window(qtbot, settings=Settings(), editor=False)
    mode = install(w)
    mode.activate()
    mode.hand_over_screen = False
    mode.play(skirmish(phase="german_movement"))
    return mode


@pytest.fixture
def desk(qtbot):
    from .campaign.helpers import clash, open_desk, small_campaign

    w = shown_window(qtbot, settings=Settings(), editor=False)
    mode = open_desk(w)
    c = small_campaign()
    ids = clash(c)
    mode.started(c)
    return mode, ids


def test_the_editor_docks_name_every_control(editor_window):
    found = docks_unnamed(editor_window)
    assert not found, listed(found)


def test_the_game_docks_name_every_control(game_mode):
    found = docks_unnamed(game_mode.window)
    assert not found, listed(found)


def test_the_campaign_docks_name_every_control(desk):
    mode, _ids = desk
    found = docks_unnamed(mode.window)
    assert not found, listed(found)


def test_the_canvas_has_a_name_and_says_how_to_use_it(editor_window):
    canvas = editor_window.canvas
    assert canvas.accessibleName() == "Map"
    assert "Arrow keys" in canvas.accessibleDescription()


def test_the_editor_dialogs_name_every_control(qtbot, tmp_path):
    from hexcampaign.app.editor.dialogs import (
        ExportDialog,
        MapPropertiesDialog,
        PlaceDialog,
        ResizeDialog,
    )
    from hexcampaign.app.editor.geo_dialog import GeoImportDialog
    from hexcampaign.app.editor.palette_dialog import PaletteDialog
    from hexcampaign.app.editor.paste_dialog import PasteDialog
    from hexcampaign.app.editor.reshape import copy_region
    from hexcampaign.geo.geojson import read_geojson
    from hexcampaign.hexes import Hex

    m = HexMap.blank(8, 6, palette="kasserine")
    m.add_place(Hex.from_offset(2, 2), "Thala", "village", vp=2)
    dialogs = [
        PlaceDialog(m, None, Hex.from_offset(1, 1)),
        PlaceDialog(m, m.place_at(Hex.from_offset(2, 2)), Hex.from_offset(2, 2)),
        MapPropertiesDialog(m),
        ResizeDialog(m),
        ExportDialog(m),
        PaletteDialog(m),
        PasteDialog(m, copy_region(m, m.hexes()[:6])),
        PasteDialog(m, copy_region(m, m.hexes()[:6]), choose_layers=False),
        GeoImportDialog(read_geojson(ROOT / "maps/geo-example/kasserine-region.geojson"), None),
    ]
    dialogs_named(qtbot, dialogs)


def test_the_game_dialogs_name_every_control(qtbot, game_mode):
    from hexcampaign.app.kasserine.dialogs import NewGameDialog, PlayersDialog, VictoryDialog
    from hexcampaign.app.kasserine.handover import HandOverDialog
    from hexcampaign.app.kasserine.mail_dialogs import NewMailGameDialog
    from hexcampaign.app.kasserine.replay_viewer import ReplayViewer, replay_of_game

    game = game_mode.game
    players = {"german": "Erwin", "allied": "Lloyd"}
    dialogs = [
        NewGameDialog(),
        NewMailGameDialog(me="Erwin"),
        PlayersDialog(players, {}, "normal"),
        VictoryDialog(game, players),
        HandOverDialog(),
        ReplayViewer(replay_of_game(game), "the game shown"),
    ]
    dialogs_named(qtbot, dialogs)


def test_the_campaign_dialogs_name_every_control(qtbot, desk):
    from hexcampaign.app.campaign.attack_orders import AttackOrderDialog
    from hexcampaign.app.campaign.ending_dialog import CampaignEndDialog
    from hexcampaign.app.campaign.hex_pick import HexPickDialog
    from hexcampaign.app.campaign.umpire import (
        AdjustPpDialog,
        RenameDialog,
        RestoreUnitDialog,
        SetExperienceDialog,
        SetStrengthDialog,
        SetWeatherDialog,
        UmpireMoveDialog,
    )
    from hexcampaign.app.campaign.wizard import NewCampaignDialog

    mode, ids = desk
    c = mode.campaign
    dialogs = [
        NewCampaignDialog(),
        CampaignEndDialog(mode),
        HexPickDialog(c.map, "the hex"),
        AttackOrderDialog(mode, ids["us"], [ids["german"]]),
        AdjustPpDialog(mode),
        RenameDialog(mode, ids["german"]),
        RestoreUnitDialog(mode),
        UmpireMoveDialog(mode, ids["german"]),
        SetStrengthDialog(mode),
        SetExperienceDialog(mode, ids["german"]),
        SetWeatherDialog(mode),
    ]
    dialogs_named(qtbot, dialogs)


def test_the_battle_dialogs_name_every_control(qtbot, desk):
    from .campaign import helpers
    from .campaign.test_battles import declare_on_the_map, to_attack_orders

    mode, _ids = desk
    c, ids = to_attack_orders(mode, helpers)
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    from hexcampaign.app.campaign.attack_orders import DefenseSupportDialog
    from hexcampaign.app.campaign.hex_pick import PickingMoveDialog

    order = mode.dialog
    sheet = mode.battles_dock.sheet_dialog(b.id)
    support = DefenseSupportDialog(mode, b.id)
    picking = PickingMoveDialog(mode, ids["german"])
    dialogs_named(qtbot, [support, picking])
    assert mode.phase_dock.next() and c.phase == "battle_resolution"
    form = mode.battles_dock.result_form(b.id)
    dialogs_named(None, [sheet, form])
    for dialog in (sheet, order, form):  # (open windows would stand over later tests')
        if dialog is not None:
            dialog.close()


def test_tab_leaves_the_game_log_and_the_tables_one_only_reads(game_mode):
    """A long log of links and a table of a hundred cells were keyboard traps: Tab
    stepped from link to link, from cell to cell, and never reached the map."""
    from PySide6.QtWidgets import QTableView, QTextBrowser

    window = game_mode.window
    for browser in window.findChildren(QTextBrowser):
        if browser.objectName() in ("kasserine-log-lines", "still-to-do-list"):
            assert not browser.textInteractionFlags() & Qt.TextInteractionFlag.LinksAccessibleByKeyboard
    for table in window.findChildren(QTableView):
        if table.editTriggers() == QTableView.EditTrigger.NoEditTriggers:
            assert not table.tabKeyNavigation(), table.accessibleName()
