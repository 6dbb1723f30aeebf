"""The play mode's docks and turn bar: reinforcements, the stack inspector and the
Combat Results Table (the set-up dock: setup_dock.py; the game log: log_dock.py). Each one
redraws from the game on `refresh()`."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPalette, QResizeEvent, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QToolBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.kasserine.counters import counter_icon, describe_unit
from hexcampaign.app.kasserine.log_dock import LogDock as LogDock  # moved: imports still work
from hexcampaign.app.kasserine.still_to_do_dock import NoticeLinks
from hexcampaign.app.plain_text import literal
from hexcampaign.app.style import ground, readable, text_on, wash
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, UnitView
from hexcampaign.kasserine.game import PHASE_WORDS
from hexcampaign.kasserine.tables import crt_table

ICON = 36
# The turn bar around its labels and buttons: separators, spacing, margins, and a few
# pixels so the overflow menu never opens; the least width for the player's words.
TURN_BAR_SLACK = 90
MIN_WORDS_WIDTH = 140
UNIT_ROLE = Qt.ItemDataRole.UserRole


def side_word(side: str) -> str:
    return "German" if side == "german" else "Allied"


class TurnBar(QToolBar):
    """Date, phase, side to play, victory points, places held; End phase and Undo."""

    end_phase_requested = Signal()
    undo_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Turn", parent)
        self.setObjectName("kasserine-turn-bar")
        self.setMovable(False)
        self.date = QLabel(self)
        self.phase = QLabel(self)
        # The player's words ("Waiting for Lloyd's turn file (send …)") and the places
        # held are cut to the room the rest leaves (fit): whole, they pushed Undo and
        # End phase into the bar's overflow menu.
        self.player = FittedLabel(self)
        self.player.setTextFormat(Qt.TextFormat.RichText)  # names are escaped in refresh()
        self.points = QLabel(self)
        self.places = FittedLabel(self)
        self.places.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        big = QFont()
        big.setPointSizeF(big.pointSizeF() * 1.25)
        big.setBold(True)
        self.date.setFont(big)
        for label in (self.date, self.phase, self.player, self.points, self.places):
            label.setContentsMargins(8, 0, 8, 0)
            self.addWidget(label)
            self.addSeparator()
        spacer = QWidget(self)
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(spacer)
        self.undo_button = QPushButton("Undo", self)
        self.undo_button.setObjectName("undo")
        self.end_button = QPushButton("End phase", self)
        self.end_button.setObjectName("end-phase")
        self.addWidget(self.undo_button)
        self.addWidget(self.end_button)
        self.undo_button.clicked.connect(self.undo_requested)
        self.end_button.clicked.connect(self.end_phase_requested)
        self.player.refit = self.places.refit = self.fit

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 — Qt's name
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        """The room left by the date, the phase, the points and the two buttons goes to
        the player's words and the places held: when both do not fit whole, the places
        keep up to two fifths; each is cut with "…" past its share, whole in its
        tooltip."""
        fixed = (self.date, self.phase, self.points, self.undo_button, self.end_button)
        room = self.width() - sum(w.sizeHint().width() for w in fixed) - TURN_BAR_SLACK
        places = min(self.places.natural_width(), max(MIN_WORDS_WIDTH, room * 2 // 5))
        player = max(MIN_WORDS_WIDTH, min(self.player.natural_width(), room - places))
        self.player.fit_to(player)
        self.places.fit_to(max(MIN_WORDS_WIDTH, room - player))  # what the player's leave

    def refresh(
        self, game: Game, players: dict[str, str], acting: str | None = None, doing: str = ""
    ) -> None:
        """`acting`: who must act now when that is not the side to play (the defender
        allocating artillery); `doing`: what they do, in words."""
        state = game.state
        self.date.setText(f"{game.date()} (turn {state.turn} of 12)")
        self.phase.setText(PHASE_WORDS[state.phase].capitalize())
        side = acting or game.side_to_play
        # The side's colour, lightened on a dark theme's bar so the name reads.
        ground = self.palette().color(QPalette.ColorRole.Window)
        colour = readable(QColor("#7a5a12" if side == "german" else "#44501c"), ground).name()
        name = html.escape(players.get(side, side_word(side)))
        self.player.setTextFormat(Qt.TextFormat.RichText)
        what = "to play"
        if acting is not None and acting != game.side_to_play:
            what = "to allocate defensive artillery"
        self.player.setText(
            f"<b style='color:{colour}'>{name}</b> ({side_word(side)}) {what}"
            if not game.over
            else "Game over"
        )
        self.player.setToolTip(html.escape(doing))
        self.points.setText(f"German victory points: <b>{game.victory_points()}</b>")
        held = game.held_places("german")
        victory = [n for n in held if n in state.victory]
        self.places.setText(
            "Germans hold: " + (", ".join(victory) if victory else "no victory place")
        )
        self.places.setToolTip(
            literal(
                "German: "
                + (", ".join(held) or "none")
                + "\nAllied: "
                + (", ".join(game.held_places("allied")) or "none")
            )
        )
        self.end_button.setText("End set-up" if state.phase == "german_setup" else "End phase")
        self.end_button.setEnabled(not game.over)
        self.undo_button.setEnabled(game.can_undo)
        self.fit()


class FittedLabel(QLabel):
    """A label of the turn bar on one line, cut with "…" when the room the bar gives it
    (`fit_to`) is too short. `words` is the whole text set."""

    MARGINS = 16  # the turn bar's labels have 8 px either side

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = ""
        self.room = 0  # 0: no limit yet
        self.refit: Callable[[], None] | None = None  # the bar shares its room out again

    def setText(self, text: str) -> None:  # noqa: N802 — Qt's name
        self.words = text
        if self.refit is not None:
            self.refit()  # new words may need another share (turns.py sets them late)
        self._show()

    def fit_to(self, room: int) -> None:
        if room != self.room:
            self.room = room
            self._show()

    def plain(self) -> str:
        if self.textFormat() != Qt.TextFormat.RichText:
            return self.words
        document = QTextDocument()
        document.setHtml(self.words)
        return document.toPlainText()

    def natural_width(self) -> int:
        """The width of the whole words on one line (measured in bold: never short)."""
        return self._metrics().horizontalAdvance(self.plain()) + self.MARGINS

    def _metrics(self) -> QFontMetrics:
        bold = QFont(self.font())
        bold.setBold(True)
        return QFontMetrics(bold)

    def _show(self) -> None:
        shown = self.words
        if self.room > 0 and self.natural_width() > self.room:
            cut = self._metrics().elidedText(
                self.plain(), Qt.TextElideMode.ElideRight, self.room - self.MARGINS
            )
            rich = self.textFormat() == Qt.TextFormat.RichText
            shown = f"<b>{html.escape(cut, quote=False)}</b>" if rich else cut
        super().setText(shown)


class NoticeLabel(QLabel):
    """The notice line's text: it takes the bar's whole width and wraps onto a second
    line; it never asks for more width than a short sentence, so a long refusal never
    widens the window (the whole sentence is in its tooltip and the status bar).

    Sizes are set, not computed in Python overrides of sizeHint: Qt asks for a size hint
    while the window is torn down, and a Python override answering then crashed the
    program at exit."""

    LINES = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        # Expanding: a tool bar stretches only widgets that expand (with Ignored it gave
        # the label its 50 px minimum: a word a line). The set minimum width, not the
        # text, is what the window must leave room for, so a long refusal never widens it.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(50)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * self.LINES + 10)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


class NoticeBar(QToolBar):
    """One line under the turn bar with the latest event, or the engine's refusal
    sentence in red: where the players look, whatever the status bar is showing."""

    EVENT_STYLE = "padding: 3px 8px;"  # the theme's text colour (dark on dark was unread)
    REFUSAL_STYLE = (
        "padding: 3px 8px; color: #7a1010; background: #fbe3dc; border: 1px solid #e3a595;"
        " border-radius: 3px; font-weight: bold;"
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Messages", parent)
        self.setObjectName("kasserine-notices")
        self.setMovable(False)
        self.label = NoticeLabel(self)
        self.label.setObjectName("kasserine-notice")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.addWidget(self.label)
        self.links = NoticeLinks(self)  # a refusal's rule, the whole list of obligations
        self.links_shown = self.addWidget(self.links)  # a tool bar shows its widgets by action
        self.refusal = False
        self.show_notice("")

    def show_notice(self, text: str, refusal: bool = False) -> None:
        self.refusal = refusal
        self.label.setStyleSheet(self.REFUSAL_STYLE if refusal else self.EVENT_STYLE)
        self.label.setText(text)
        self.label.setToolTip(literal(text))
        self.links.show_for(text, refusal)
        self.links_shown.setVisible(bool(self.links.text()))

    def text(self) -> str:
        return self.label.text()


class UnitList(QListWidget):
    """A list of counters; the unit id is each row's data."""

    def __init__(self, parent: QWidget | None = None, max_rows: int = 0) -> None:
        super().__init__(parent)
        self.setIconSize(QSize(ICON, ICON))
        self.setSpacing(1)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.max_rows = max_rows  # > 0: the list is as tall as its rows, up to this many

    def show_units(self, units: list[UnitView], notes: dict[str, str] | None = None) -> None:
        chosen = set(self.selected_ids())
        self.blockSignals(True)
        self.clear()
        for unit in units:
            text = describe_unit(unit, lines=2)
            if notes and unit.id in notes and notes[unit.id]:
                text += " · " + notes[unit.id]
            item = QListWidgetItem(counter_icon(unit, ICON), text)
            item.setData(UNIT_ROLE, unit.id)
            item.setToolTip(literal(text))
            self.addItem(item)
            if unit.id in chosen:
                item.setSelected(True)
        self.blockSignals(False)
        if self.max_rows:
            rows = max(1, min(self.max_rows, self.count()))
            row = ICON + 8
            self.setFixedHeight(rows * row + 2 * self.frameWidth() + 2)

    def selected_ids(self) -> list[str]:
        return [item.data(UNIT_ROLE) for item in self.selectedItems()]

    def ids(self) -> list[str]:
        return [self.item(i).data(UNIT_ROLE) for i in range(self.count())]

    def select_id(self, unit_id: str | None) -> None:
        for i in range(self.count()):
            item = self.item(i)
            item.setSelected(item.data(UNIT_ROLE) == unit_id)


class ReinforcementsDock(QDockWidget):
    """Upcoming arrivals by date and place; arrived ones waiting to enter are selectable."""

    unit_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Reinforcements", parent)
        self.setObjectName("kasserine-reinforcements")
        body = QWidget(self)
        self.tree = QTreeWidget(body)
        self.tree.setHeaderHidden(True)
        self.tree.setIconSize(QSize(28, 28))
        self.help = QLabel(body)
        self.help.setWordWrap(True)
        layout = QVBoxLayout(body)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.help)
        self.setWidget(body)
        self.tree.itemClicked.connect(self._clicked)

    def refresh(self, game: Game) -> None:
        self.tree.clear()
        turn = game.state.turn
        groups: dict[tuple[int, str], list[UnitView]] = {}
        for unit in game.units():
            if unit.arrives is None or unit.eliminated or unit.hex is not None:
                continue
            groups.setdefault((unit.arrives.turn, unit.arrives.place), []).append(unit)
        moving = game.state.phase.endswith("movement")
        for (when, place), units in sorted(groups.items()):
            status = "due" if when > turn else "waiting to enter"
            top = QTreeWidgetItem([f"{game.date(when)} — {place} ({status})"])
            bold = top.font(0)
            bold.setBold(True)
            top.setFont(0, bold)
            self.tree.addTopLevelItem(top)
            for unit in units:
                line = describe_unit(unit)
                if when <= turn:
                    side_moves = moving and game.state.side == unit.side
                    if side_moves and not game.reachable(unit.id):
                        line += f"\n  blocked: an enemy unit holds {place}; it waits off the map"
                    elif side_moves:
                        line += "\n  select, then click a highlighted hex to enter the map"
                    else:
                        line += f"\n  enters in the {side_word(unit.side)} movement phase"
                child = QTreeWidgetItem([line])
                child.setIcon(0, counter_icon(unit, 28))
                child.setData(0, UNIT_ROLE, unit.id)
                top.addChild(child)
            top.setExpanded(True)
        self.help.setText(
            "The first hex of entry counts as movement."
            if groups
            else "No more reinforcements are due."
        )
        self.help.setToolTip(
            "Reinforcements arrive at the start of their side's movement phase on their date, "
            "at their arrival point. If the enemy holds it, the unit waits off the map."
        )

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        uid = item.data(0, UNIT_ROLE)
        if uid:
            self.unit_chosen.emit(uid)


class StackDock(QDockWidget):
    """The stack inspector: the units in the chosen hex, to pick from, and the unit
    actions (break down, bridges, break off)."""

    units_chosen = Signal(list)
    action_requested = Signal(
        str
    )  # "breakdown" | "destroy_bridge" | "rebuild_bridge" | "break_off"

    ACTIONS = (
        ("breakdown", "Break down"),
        ("destroy_bridge", "Blow bridge"),
        ("rebuild_bridge", "Rebuild bridge"),
        ("break_off", "Break off"),
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Stack", parent)
        self.setObjectName("kasserine-stack")
        body = QWidget(self)
        self.title = QLabel("Click a hex to see its stack.", body)
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.title.setWordWrap(True)
        self.units = UnitList(body)
        self.units.setAccessibleName("Units in the hex")
        self.units.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self._shown: list[str] = []  # the units drawn, as they were
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for name, text in self.ACTIONS:
            button = QPushButton(text, body)
            button.setObjectName(name)
            button.clicked.connect(lambda _c=False, n=name: self.action_requested.emit(n))
            row.addWidget(button)
            self.buttons[name] = button
        layout = QVBoxLayout(body)
        layout.addWidget(self.title)
        layout.addWidget(self.units, 1)
        layout.addLayout(row)
        self.setWidget(body)
        self.units.itemSelectionChanged.connect(
            lambda: self.units_chosen.emit(self.units.selected_ids())
        )

    def show_stack(
        self, game: Game, h: Hex | None, units: list[UnitView], chosen: list[str]
    ) -> None:
        if h is None:
            self.title.setText("Click a hex to see its stack.")
        else:
            place = game.map.place_at(h)
            name = f" — {place.name}" if place else ""
            self.title.setText(f"Hex {game.map.label(h)}{name}: {len(units)} unit(s)")
        key = [repr(u) for u in units]
        if key != self._shown:
            # Rebuilt only when the stack changed: a Ctrl-click in progress keeps its items.
            self._shown = key
            self.units.show_units(list(reversed(units)))
        self.units.blockSignals(True)
        for i in range(self.units.count()):
            item = self.units.item(i)
            item.setSelected(item.data(UNIT_ROLE) in chosen)
        self.units.blockSignals(False)

    def enable_actions(self, available: set[str]) -> None:
        for name, button in self.buttons.items():
            button.setEnabled(name in available)


class CrtDock(QDockWidget):
    """The Combat Results Table as printed, from the data file, with the column of the
    attack in hand highlighted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Combat Results Table", parent)
        self.setObjectName("kasserine-crt")
        table = crt_table()
        # In the printed order, worst to best: 1:6 (automatic), 1:5 … 8:1, >8:1 (automatic).
        below = [c for c in table.automatic if not c.startswith(">")]
        above = [c for c in table.automatic if c.startswith(">")]
        self.columns = below + list(table.columns) + above
        body = QWidget(self)
        self.table = QTableWidget(len(table.rows), len(self.columns), body)
        self.table.setAccessibleName("Combat results table")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setHorizontalHeaderLabels(self.columns)
        self.table.setVerticalHeaderLabels([str(r) for r in sorted(table.rows)])
        for r, roll in enumerate(sorted(table.rows)):
            for c, column in enumerate(self.columns):
                if column in table.automatic:
                    text = table.automatic[column]
                else:
                    text = table.rows[roll][table.columns.index(column)]
                item = QTableWidgetItem(text)  # one line a cell: the table fits the dock
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, c, item)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.resizeRowsToContents()
        # The dock opens showing every row: the table asks for its whole height.
        whole = self.table.horizontalHeader().sizeHint().height() + 4
        whole += sum(self.table.rowHeight(r) for r in range(self.table.rowCount()))
        self.table.setMinimumHeight(whole)
        self.note = QLabel(body)
        self.note.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.note.setWordWrap(True)
        layout = QVBoxLayout(body)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        self.setWidget(body)
        self.highlighted: str | None = None

    def refresh(self, high_rolls: str, column: str | None, row: int | None = None) -> None:
        self.note.setText(
            "Rows are the two-dice roll as printed (2 to 6). "
            + crt_table().high_rolls.get(high_rolls, high_rolls)
        )
        self.highlighted = column
        behind = ground(self.table.palette())  # a dark theme's column: dark gold, light words
        for c, name in enumerate(self.columns):
            for r in range(self.table.rowCount()):
                item = self.table.item(r, c)
                if item is None:
                    continue
                hit = name == column
                landed = hit and row is not None and r == row - 2
                colour = wash("#f3c94f" if landed else "#fdf0c2", behind) if hit else None
                item.setBackground(QBrush(colour) if colour else QBrush())
                item.setForeground(QBrush(text_on(colour)) if colour else QBrush())
        first = self.table.item(0, self.columns.index(column)) if column in self.columns else None
        if first is not None:
            self.table.scrollToItem(first)

