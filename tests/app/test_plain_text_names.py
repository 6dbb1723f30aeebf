"""Names typed by a person or read from a file are shown as the text they are (issue 19,
item 7). A QLabel left on automatic text format renders HTML when its first tag looks
like one: a place name `<img src="…/local.png">` once loaded a local image into the
campaign's result form. Here a map, a campaign and a Kasserine game carry names that
are markup, and every label, tooltip and window title of the editor (Properties dock,
place dialog, status bar, validation dock), the umpire's desk (phase, OOB, purchase
and battles docks, attack order, result form, ending) and the Kasserine docks (turn
bar, hand-over screen, unit and combat docks) must show them literally: the tags as
typed, never an image and never bold."""

from __future__ import annotations

import html

import pytest
from PySide6.QtCore import QEvent, QModelIndex
from PySide6.QtGui import Qt, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QWidget,
)

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

from .campaign.conftest import open_desk, shown_window

# No "/" (a campaign name may not hold one), and the first "<" of the text opens an
# element Qt knows, so automatic text format takes it for HTML.
TAG = '<img src="planted.png">'
PLANTED = TAG + "<b>Bold"


def renders_html(text: str, text_format: Qt.TextFormat) -> bool:
    if text_format == Qt.TextFormat.RichText:
        return True
    if text_format == Qt.TextFormat.AutoText:
        return Qt.mightBeRichText(text)
    return False  # PlainText, MarkdownText never comes from us


def shown(text: str, text_format: Qt.TextFormat) -> str:
    """The words a person sees for `text` in a widget with this text format."""
    if not renders_html(text, text_format):
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def _where(widget: QWidget) -> str:
    names = []
    w = widget
    while w is not None:
        names.append(w.objectName() or type(w).__name__)
        w = w.parentWidget()
    return " < ".join(names)


def _item_texts(widget: QWidget) -> list[tuple[str, Qt.TextFormat, str]]:
    """The words and tooltips of the rows of a tree, table or list (an item's words are
    plain text; a tooltip is rich text whenever Qt.mightBeRichText says so)."""
    if isinstance(widget, QHeaderView):
        return []  # its view's rows, seen with the view
    model = widget.model() if isinstance(widget, QAbstractItemView) else None
    if model is None:
        return []
    tips = []

    def walk(parent) -> None:
        try:
            columns = model.columnCount(parent)
        except TypeError:  # a list model's columnCount is private: one column
            columns = 1
        for row in range(model.rowCount(parent)):
            for column in range(columns):
                index = model.index(row, column, parent)
                words = index.data(Qt.ItemDataRole.DisplayRole)
                if isinstance(words, str) and words:
                    tips.append((words, Qt.TextFormat.PlainText, "item"))
                tip = index.data(Qt.ItemDataRole.ToolTipRole)
                if tip:
                    tips.append((str(tip), Qt.TextFormat.AutoText, "item tooltip"))
            walk(model.index(row, 0, parent))

    walk(QModelIndex())
    return tips


def survey() -> tuple[list[str], list[str]]:
    """(what every widget now shows that holds the planted name, the widgets that
    render it as markup). Labels, tooltips and window titles of every widget alive."""
    seen, marked_up = [], []
    # Only the windows on screen now, after the deletions earlier tests left pending:
    # allWidgets() also held widgets of closed windows half destroyed (a segfault in CI).
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    shown_now = [top for top in QApplication.topLevelWidgets() if top.isVisible()]
    for widget in [w for top in shown_now for w in (top, *top.findChildren(QWidget))]:
        texts = []
        if isinstance(widget, QLabel):
            texts.append((widget.text(), widget.textFormat(), "text"))
        if widget.toolTip():
            texts.append((widget.toolTip(), Qt.TextFormat.AutoText, "tooltip"))
        if widget.isWindow() and widget.windowTitle():
            texts.append((widget.windowTitle(), Qt.TextFormat.PlainText, "title"))
        texts += _item_texts(widget)
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            texts += [
                (item.toolTip(), Qt.TextFormat.AutoText, "map item tooltip")
                for item in widget.scene().items()
                if item.toolTip()
            ]
        for text, text_format, what in texts:
            words = shown(text, text_format)
            if TAG in text and TAG not in words:
                marked_up.append(f"{_where(widget)} ({what}): {text!r}")
            if TAG in words:
                seen.append(words)
    return seen, marked_up


def assert_literal(*expected: str, asked: list[tuple[str, str]] = ()) -> list[str]:
    """Nothing renders the planted name as markup, and each of `expected` (words a
    person must see, with the name in them) is shown somewhere. `asked`: the message
    boxes shown so far (tests/app/conftest.py answers them), automatic format too."""
    QApplication.processEvents()
    seen, marked_up = survey()
    for kind, text in asked:
        words = shown(text.split(": ", 1)[1], Qt.TextFormat.AutoText)
        if TAG in text and TAG not in words:
            marked_up.append(f"message box ({kind}): {text!r}")
        if TAG in words:
            seen.append(words)
    assert not marked_up, "\n".join(marked_up)
    for words in expected:
        assert any(words in s for s in seen), (words, seen)
    return seen


def test_the_survey_sees_a_label_that_renders_markup(qtbot):
    """The check itself: an automatic-format label with the name is caught, a plain or
    escaped one is not."""
    bad = QLabel(f"Captured {PLANTED}")
    qtbot.addWidget(bad)
    bad.show()  # the survey looks at the windows on screen
    assert renders_html(bad.text(), bad.textFormat())
    assert any("Captured" in m for m in survey()[1])
    bad.setTextFormat(Qt.TextFormat.PlainText)
    assert not survey()[1]
    bad.setTextFormat(Qt.TextFormat.RichText)
    bad.setText(f"<b>Hex 0101</b> — {html.escape(PLANTED)}")
    assert_literal(f"Hex 0101 — {PLANTED}")


# --- the map editor ----------------------------------------------------------------------------

HERE = Hex.from_offset(3, 2)


@pytest.fixture
def editor(qtbot):
    from hexcampaign.app import MainWindow

    m = HexMap.blank(8, 6, palette="kasserine")
    m.add_place(HERE, PLANTED, "town", vp=2)
    m.add_place(Hex.from_offset(5, 4), PLANTED + " South", "town")
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.open_map(m)
    w.show()
    qtbot.waitExposed(w)
    yield w
    if w.document is not None:
        w.document.undo_stack.setClean()


def test_the_editor_shows_a_place_name_as_typed(editor, qtbot):
    m = editor.document.map
    editor.editor.select_hex(HERE)
    editor._show_hex(HERE)  # the status bar line under the pointer
    label = m.label(HERE)
    assert_literal(f"Hex {label} — {PLANTED}")
    assert editor.editor.properties.place_name.text() == PLANTED  # the field holds it as typed
    assert any(PLANTED in s for s in survey()[0] if s.startswith(label) or label in s)


def test_the_place_dialog_shows_a_place_name_and_its_refusal_as_typed(editor, qtbot):
    from hexcampaign.app.editor.dialogs import PlaceDialog

    m = editor.document.map
    dialog = PlaceDialog(m, None, Hex.from_offset(1, 1), editor)
    qtbot.addWidget(dialog)
    dialog.name.setText(PLANTED)  # a second place of the same name: refused
    dialog.show()
    dialog.accept()
    assert dialog.isVisible() and dialog.error.isVisible()
    assert_literal(f"there is already a place named {PLANTED} on this map")
    edit = PlaceDialog(m, m.place_at(HERE), HERE, editor)
    qtbot.addWidget(edit)
    edit.show()
    assert_literal(f"Edit {PLANTED}")


def test_a_file_named_in_markup_is_named_as_typed_when_it_cannot_be_opened(
    editor, tmp_path, answering_message_boxes
):
    bad = tmp_path / f"{PLANTED}.hexmap"
    bad.write_text('{"format": "hexcampaign-map", "version": 99}', encoding="utf-8")
    assert not editor.open_path(bad)
    assert answering_message_boxes
    assert_literal(f"{PLANTED}.hexmap", asked=answering_message_boxes)


# --- the umpire's desk -------------------------------------------------------------------------

SIDE = PLANTED + " Reich"  # a side's name is what the umpire typed in the wizard


def planted_campaign():
    from hexcampaign.campaign import Campaign
    from hexcampaign.campaign.unit_chart import UnitChart

    capital, washington, front = Hex.from_offset(1, 4), Hex.from_offset(14, 4), Hex.from_offset(7, 4)
    m = HexMap.blank(16, 9, palette="cm")
    m.add_place(capital, PLANTED + " Town", "capital", pp=10)
    m.add_place(washington, "Washington", "capital", pp=10)
    c = Campaign.new(
        m,
        sides=(SIDE, "us"),
        capitals={SIDE: capital, "us": washington},
        charts={SIDE: UnitChart.default("german")},
        seed=5,
    )
    g_corps = c.deploy(SIDE, "corps", front.neighbor(5).neighbor(5), ["lefh18_battery"])
    g = c.deploy(
        SIDE, "mechanised", front, ["panzergrenadier_company_armoured", "panzer_iv_platoon"], corps=g_corps
    )
    u = c.deploy("us", "infantry", front.neighbor(2), ["rifle_company", "rifle_company"])
    c.rename(g, PLANTED + " Division")
    return c, g, u


@pytest.fixture
def desk(qtbot):
    return open_desk(shown_window(qtbot))


def test_the_desk_shows_side_formation_and_place_names_as_typed(desk, qtbot):
    from hexcampaign.app.campaign.order_dialog import OrderDialog  # noqa: F401 (the attack order)

    c, g, u = planted_campaign()
    desk.start(c)
    desk.select(g)
    assert_literal(PLANTED + " Division", SIDE)
    desk.phase_dock.next()
    desk.phase_dock.next()
    assert c.phase == "attack_orders"
    # the attack order, declared on the map as the umpire does
    desk.tool.click(c.formation(g).hex)
    desk.tool.click(c.formation(u).hex)
    assert desk.dialog is not None and desk.dialog.isVisible()
    assert_literal(PLANTED + " Division")
    assert desk.dialog.submit()
    [battle] = c.battles()
    assert_literal(PLANTED + " Division")
    assert desk.phase_dock.next() and c.phase == "battle_resolution"
    form = desk.battles_dock.result_form(battle.id)
    form.show()
    assert_literal(PLANTED + " Division")
    form.submit()
    assert_literal(PLANTED + " Division")


# --- the Kasserine Pass game ---------------------------------------------------------------------


@pytest.fixture
def kasserine(qtbot, monkeypatch):
    from hexcampaign.app import MainWindow
    from hexcampaign.app.kasserine import install
    from hexcampaign.app.kasserine.dice import DiceWidget
    from hexcampaign.app.settings import Settings

    original = DiceWidget.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.animate = False  # dice land at once

    monkeypatch.setattr(DiceWidget, "__init__", init)
    w = MainWindow(settings=Settings(), editor=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    mode = install(w)
    mode.activate()
    QApplication.processEvents()
    return mode


def test_the_kasserine_docks_show_player_names_as_typed(kasserine):
    kasserine.hand_over_screen = True
    kasserine.new_game(seed=8, players={"german": PLANTED + " Erwin", "allied": PLANTED + " Lloyd"})
    assert_literal(PLANTED + " Erwin: your set-up phase", PLANTED + " Erwin (German) to play")


def test_the_kasserine_docks_show_unit_and_place_names_as_typed(kasserine, answering_message_boxes):
    from hexcampaign.kasserine import Game, Options, UnitSpec

    m = HexMap.blank(10, 8)
    m.add_place(Hex.from_offset(5, 3), PLANTED + " Pass", "town", vp=3)
    common = {"nationality": "german", "kind": "armor", "size": "battalion", "cf": 4, "mf": 16}
    units = [
        UnitSpec(id="pz", side="german", hex=Hex.from_offset(3, 3), name=PLANTED + " Panzer", **common),
        UnitSpec(
            id="us", side="allied", hex=Hex.from_offset(4, 3), name=PLANTED + " Doughboys",
            **{**common, "nationality": "us", "kind": "infantry", "cf": 2},
        ),
    ]
    game = Game.custom(m, units, seed=1, phase="german_combat", options=Options(dice="hand"))
    kasserine.hand_over_screen = False
    kasserine.play(game)
    QApplication.processEvents()
    assert_literal(PLANTED + " Panzer", PLANTED + " Pass: 3 victory points")
    kasserine.turn_bar.end_button.click()  # refused: the Panzer must attack first
    assert game.state.phase == "german_combat" and answering_message_boxes
    assert_literal(PLANTED + " Panzer is in an enemy zone of control", asked=answering_message_boxes)
