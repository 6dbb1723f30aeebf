"""The menu bar: top-level menus in their usual order (modes ask for theirs by title
through `window.menu(title)`), and the window's own entries in File, View, Layers and
Help. The modes add the rest (Edit, Map, Tools, Game, Campaign, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, translate
from hexcampaign.app.render import LAYER_NAMES

# Where top-level menus go; titles not listed here go just before Help. The modes ask
# for a menu by its English title (the key); the bar shows it translated (MENU_CONTEXT),
# so the order never depends on the language.
MENU_CONTEXT = "MenuBar"
MENU_ORDER = (
    QT_TRANSLATE_NOOP("MenuBar", "&File"),
    QT_TRANSLATE_NOOP("MenuBar", "&Edit"),
    QT_TRANSLATE_NOOP("MenuBar", "&View"),
    QT_TRANSLATE_NOOP("MenuBar", "&Mode"),
    QT_TRANSLATE_NOOP("MenuBar", "&Map"),
    QT_TRANSLATE_NOOP("MenuBar", "&Layers"),
    QT_TRANSLATE_NOOP("MenuBar", "&Game"),
    QT_TRANSLATE_NOOP("MenuBar", "&Campaign"),
    QT_TRANSLATE_NOOP("MenuBar", "&Help"),
)
# The modes' other menus (editor/menus.py, campaign/menus.py), for lupdate.
OTHER_MENUS = (QT_TRANSLATE_NOOP("MenuBar", "&Tools"), QT_TRANSLATE_NOOP("MenuBar", "&Umpire"))
LAYER_TITLES = {
    "grid": QT_TRANSLATE_NOOP("MenuBar", "&Grid"),
    "coordinates": QT_TRANSLATE_NOOP("MenuBar", "&Coordinates"),
    "terrain": QT_TRANSLATE_NOOP("MenuBar", "&Terrain"),
    "elevation": QT_TRANSLATE_NOOP("MenuBar", "&Elevation shading"),
    "contours": QT_TRANSLATE_NOOP("MenuBar", "C&ontours"),
    "rivers": QT_TRANSLATE_NOOP("MenuBar", "&Rivers"),
    "roads": QT_TRANSLATE_NOOP("MenuBar", "R&oads and bridges"),
    "cliffs": QT_TRANSLATE_NOOP("MenuBar", "C&liffs"),
    "places": QT_TRANSLATE_NOOP("MenuBar", "&Places"),
    "labels": QT_TRANSLATE_NOOP("MenuBar", "&Labels"),
    "underlay": QT_TRANSLATE_NOOP("MenuBar", "&Underlay picture"),
    "notes": QT_TRANSLATE_NOOP("MenuBar", "Hex-&note marks"),
}


class MenuBar:
    """The window's menus by title, each made once, in MENU_ORDER."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.menus: dict[str, QMenu] = {}

    def menu(self, title: str) -> QMenu:
        """The top-level menu with this title, created in the usual order if new."""
        if title in self.menus:
            return self.menus[title]
        menu = QMenu(translate(MENU_CONTEXT, title), self.window)
        menu.setObjectName(f"menu-{title.replace('&', '').lower()}")
        rank = _rank(title)
        later = [(r, m) for t, m in self.menus.items() if (r := _rank(t)) > rank]
        if later:
            self.window.menuBar().insertMenu(min(later, key=lambda x: x[0])[1].menuAction(), menu)
        else:
            self.window.menuBar().addMenu(menu)
        self.menus[title] = menu
        return menu

    def action(
        self, menu: QMenu, text: str, slot: Callable[[], Any], shortcut: Any = None
    ) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action


def build_window_menus(window: Any, bar: MenuBar) -> None:
    """File, Edit, View, Map, Layers and Help with the window's own entries; the window
    gets `recent_menu`, `save_action`, `save_as_action`, `close_action`, `layer_actions`."""
    # Imported here: QKeySequence's enums cost PySide 5 M instructions, which a first
    # frame that shows the menus' titles only does without (MainWindow.furnish_menus).
    from PySide6.QtGui import QKeySequence

    file = bar.menu("&File")
    bar.action(file, translate("MenuBar", "&New map…"), window.new_map, QKeySequence.StandardKey.New)
    bar.action(
        file,
        translate("MenuBar", "New Kasserine game by &e-mail…"),
        lambda: window.modes.start_new("hexcampaign.app.kasserine", "new_mail_document"),
    )
    bar.action(file, translate("MenuBar", "&Open…"), window.open_dialog, QKeySequence.StandardKey.Open)
    window.recent_menu = file.addMenu(translate("MenuBar", "Open &recent"))
    file.addSeparator()
    window.save_action = bar.action(
        file, translate("MenuBar", "&Save"), window.save, QKeySequence.StandardKey.Save
    )
    window.save_as_action = bar.action(
        file, translate("MenuBar", "Save &as…"), window.save_as, QKeySequence.StandardKey.SaveAs
    )
    window.close_action = bar.action(
        file, translate("MenuBar", "&Close"), window.close_document, QKeySequence.StandardKey.Close
    )
    file.addSeparator()
    quit_action = bar.action(file, translate("MenuBar", "&Quit"), window.close, QKeySequence.StandardKey.Quit)
    quit_action.setObjectName("quit")  # the editor puts its exports above it, found by name

    bar.menu("&Edit")
    view = bar.menu("&View")
    canvas = window.canvas
    bar.action(view, translate("MenuBar", "Zoom &in"), canvas.zoom_in, QKeySequence.StandardKey.ZoomIn)
    bar.action(view, translate("MenuBar", "Zoom &out"), canvas.zoom_out, QKeySequence.StandardKey.ZoomOut)
    bar.action(view, translate("MenuBar", "&Fit map to window"), canvas.fit_map, QKeySequence("Ctrl+0"))
    window.reset_layout_action = bar.action(
        view, translate("MenuBar", "&Reset layout"), window.modes.reset_layout
    )
    window.reset_layout_action.setObjectName("reset-layout")

    bar.menu("&Map")
    layers = bar.menu("&Layers")
    window.layer_actions = {}
    for name in LAYER_NAMES:
        action = QAction(translate(MENU_CONTEXT, LAYER_TITLES[name]), window)
        action.setObjectName(f"layer-{name}")
        action.setCheckable(True)
        action.setChecked(canvas.layer_visible(name))
        action.toggled.connect(lambda on, n=name: canvas.set_layer_visible(n, on))
        layers.addAction(action)
        window.layer_actions[name] = action

    help_menu = bar.menu("&Help")
    bar.action(help_menu, translate("MenuBar", "&User guide"), lambda: _help().show_user_guide(window), "F1")
    bar.action(help_menu, translate("MenuBar", "&Rules"), lambda: _help().show_rules(window))
    bar.action(
        help_menu, translate("MenuBar", "Rules &interpretations"), lambda: _help().show_interpretations(window)
    )
    examples = bar.action(
        help_menu, translate("MenuBar", "Open an &example…"), lambda: _examples().ask_and_open(window)
    )
    examples.setObjectName("open-example")
    help_menu.addSeparator()
    bar.action(help_menu, translate("MenuBar", "&About hexcampaign"), lambda: _help().show_about(window))


def _rank(title: str) -> float:
    return MENU_ORDER.index(title) if title in MENU_ORDER else MENU_ORDER.index("&Help") - 0.5


def _examples() -> Any:
    """The examples dialog, imported when first asked for."""
    from hexcampaign.app import examples

    return examples


def _help() -> Any:
    """The help pages, imported when first asked for: they read the rule books, which
    a user who never opens Help should not wait for at start-up."""
    from hexcampaign.app import help as help_pages

    return help_pages


__all__ = ["LAYER_TITLES", "MENU_ORDER", "MenuBar", "build_window_menus"]
