"""The start page: what the window shows when nothing is open.

Big choices for the three jobs (a Kasserine Pass game, a CM campaign, a map), Open…,
and the recent files. It only emits signals; the main window connects them.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QKeyEvent, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from hexcampaign import __version__
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, fill_in, translate
from hexcampaign.app.plain_text import literal
from hexcampaign.app.style import start_page_style

PATH_ROLE = Qt.ItemDataRole.UserRole
# Translated where shown (`_kind_words`): these are the keys lupdate extracts.
KINDS = {
    ".kpgame": QT_TRANSLATE_NOOP("StartPage", "Kasserine Pass game"),
    ".hxcampaign": QT_TRANSLATE_NOOP("StartPage", "CM campaign"),
    ".hexmap": QT_TRANSLATE_NOOP("StartPage", "Hex map"),
}


class StartPage(QWidget):
    new_kasserine = Signal()
    new_campaign = Signal()
    new_map = Signal()
    open_requested = Signal()
    recent_chosen = Signal(object)  # Path

    def __init__(self, settings=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setObjectName("start-page")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(start_page_style(QApplication.palette()))  # the theme's colours

        title = QLabel("hexcampaign", self)
        title.setObjectName("start-title")
        big = QFont()
        big.setPointSizeF(big.pointSizeF() * 2.6)
        big.setBold(True)
        title.setFont(big)
        title.setAccessibleName(translate("StartPage", "hexcampaign start page"))
        subtitle = QLabel(
            translate(
                "StartPage",
                "Hex-and-counter wargaming: play Kasserine Pass against the computer or hot-seat, "
                "umpire a Combat Mission campaign, draw your own maps.  ·  version %1",
            ).replace("%1", __version__),
            self,
        )
        subtitle.setObjectName("start-subtitle")
        subtitle.setWordWrap(True)
        self.setAccessibleName(translate("StartPage", "Start page"))
        self.setAccessibleDescription(
            translate("StartPage", "Start a new game, campaign or map, open a file, or reopen a recent file.")
        )

        self.cards: dict[str, Card] = {}
        grid = QGridLayout()
        grid.setSpacing(14)
        specs = [
            (
                "kasserine",
                translate("StartPage", "New Kasserine Pass game"),
                translate(
                    "StartPage",
                    "Feb 14–25, 1943. Play against the computer or hot-seat with a friend; every rule enforced.",
                ),
                _counter_icon(),
                self.new_kasserine,
            ),
            (
                "campaign",
                translate("StartPage", "New CM campaign"),
                translate("StartPage", "Run an operational campaign as umpire: production, moves, battles."),
                _flag_icon(),
                self.new_campaign,
            ),
            (
                "map",
                translate("StartPage", "New map"),
                translate("StartPage", "Paint terrain, rivers, roads, cliffs and places on a hex grid."),
                _hex_icon(),
                self.new_map,
            ),
            (
                "open",
                translate("StartPage", "Open…"),
                translate("StartPage", "A saved game, a campaign or a map (.kpgame, .hxcampaign, .hexmap)."),
                _folder_icon(),
                self.open_requested,
            ),
        ]
        for n, (name, card_heading, line, icon, signal) in enumerate(specs):
            card = Card(icon, card_heading, line, self)
            card.setProperty("card", name)
            card.clicked.connect(signal)
            grid.addWidget(card, n // 2, n % 2)
            self.cards[name] = card

        heading = QLabel(translate("StartPage", "Recent files"), self)
        heading.setObjectName("start-heading")
        self.recent = QListWidget(self)
        self.recent.setObjectName("start-recent")
        self.recent.setAccessibleName(translate("StartPage", "Recent files"))
        self.recent.setAccessibleDescription(
            translate("StartPage", "The files opened or saved lately, newest first; choose one to open it.")
        )
        heading.setBuddy(self.recent)
        self.recent.setIconSize(QSize(28, 28))
        self.recent.setSpacing(2)
        self.recent.itemClicked.connect(self._recent_activated)
        # From the keyboard: Tab to the list, arrows to a file, Enter opens it (not
        # itemActivated, which a double click also sends after the click has opened it).
        self.recent.installEventFilter(self)
        self.empty = QLabel(
            translate("StartPage", "Nothing opened yet: the files you open will be listed here."), self
        )
        self.empty.setObjectName("start-empty")
        self.empty.setWordWrap(True)  # its one line set the window's minimum width (1,291 px)

        column = QVBoxLayout()
        column.setSpacing(10)
        column.addWidget(title)
        column.addWidget(subtitle)
        column.addSpacing(16)
        column.addLayout(grid)
        column.addSpacing(18)
        column.addWidget(heading)
        column.addWidget(self.recent)
        column.addWidget(self.empty)
        column.addStretch(1)
        holder = QFrame(self)
        holder.setLayout(column)
        holder.setMaximumWidth(920)
        # The page scrolls rather than keep the window taller than a small screen (at
        # scale factor 2 an 800×500 one); the page's own colour shows through.
        row = QWidget(self)
        row.setObjectName("start-row")
        outer = QHBoxLayout(row)
        outer.setContentsMargins(40, 36, 40, 36)
        outer.addStretch(1)
        outer.addWidget(holder, 8)
        outer.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setObjectName("start-scroll")
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        scroll.setWidget(row)
        scroll.viewport().setAutoFillBackground(False)
        whole = QVBoxLayout(self)
        whole.setContentsMargins(0, 0, 0, 0)
        whole.addWidget(scroll)
        self.refresh_recent()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 — Qt's name
        # The desktop's theme changed (light to dark): the page takes its colours again.
        if event.type() == QEvent.Type.ApplicationPaletteChange:
            self.setStyleSheet(start_page_style(QApplication.palette()))
        super().changeEvent(event)

    def refresh_recent(self, paths: list[Path] | None = None) -> None:
        """Show `paths` (default: the settings' recent files), newest first."""
        if paths is None:
            paths = self.settings.recent_files() if self.settings is not None else []
        self.recent.clear()
        icons = {".kpgame": _counter_icon(), ".hxcampaign": _flag_icon(), ".hexmap": _hex_icon()}
        for path in paths:
            kind = _kind_words(path)
            item = QListWidgetItem(f"{path.name}  —  {kind}\n{path.parent}")
            # A screen reader reads the name, the kind and the folder as one sentence.
            item.setData(
                Qt.ItemDataRole.AccessibleTextRole,
                fill_in(translate("StartPage", "%1, %2, in %3"), path.name, kind, path.parent),
            )
            icon = icons.get(path.suffix.lower())
            if icon is not None:
                item.setIcon(icon)
            item.setData(PATH_ROLE, str(path))
            item.setToolTip(literal(str(path)))
            self.recent.addItem(item)
        self.recent.setVisible(bool(paths))
        # As tall as its rows (up to ten), so the page does not end in an empty box.
        rows = sum(self.recent.sizeHintForRow(i) + 4 for i in range(self.recent.count()))
        self.recent.setFixedHeight(min(rows, 10 * 48) + 8)
        self.empty.setVisible(not paths)

    def recent_paths(self) -> list[Path]:
        return [Path(self.recent.item(i).data(PATH_ROLE)) for i in range(self.recent.count())]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 — Qt's name
        """Enter on the recent files opens the one chosen with the arrows."""
        if (
            watched is self.recent
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.recent.currentItem() is not None
        ):
            self._recent_activated(self.recent.currentItem())
            return True
        return super().eventFilter(watched, event)

    def _recent_activated(self, item: QListWidgetItem) -> None:
        self.recent_chosen.emit(Path(item.data(PATH_ROLE)))


def _kind_words(path: Path) -> str:
    """What a recent file is, in the window's language ("Hex map", "Karte")."""
    words = KINDS.get(path.suffix.lower())
    return translate("StartPage", words) if words else translate("StartPage", "File")


class Card(QPushButton):
    """A big choice: a picture, a bold heading and one line saying what it is for."""

    def __init__(self, icon: QIcon, heading: str, line: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("start-card")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(100)
        self.setToolTip(line)
        # Its words are labels inside it: a screen reader would otherwise read nothing.
        self.setAccessibleName(heading.removesuffix("…"))
        self.setAccessibleDescription(line)
        picture = QLabel(self)
        picture.setPixmap(icon.pixmap(60, 60))
        self.heading = QLabel(heading, self)
        bold = self.heading.font()
        bold.setPointSizeF(bold.pointSizeF() * 1.2)
        bold.setBold(True)
        self.heading.setFont(bold)
        # A narrow window wraps a long title onto two lines; it never cuts it off.
        self.heading.setWordWrap(True)
        self.line = QLabel(line, self)
        self.line.setWordWrap(True)
        self.line.setObjectName("start-subtitle")
        words = QVBoxLayout()
        words.setSpacing(2)
        words.addStretch(1)
        words.addWidget(self.heading)
        words.addWidget(self.line)
        words.addStretch(1)
        row = QHBoxLayout(self)
        row.setContentsMargins(16, 10, 16, 10)
        row.setSpacing(14)
        row.addWidget(picture)
        row.addLayout(words, 1)
        for label in (picture, self.heading, self.line):
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
            label.setStyleSheet("background: transparent; border: none;")
        # A button's size hint knows its own text, not the labels laid out in it: the
        # card asks its layout, so wrapped words never run out of it (at scale factor 2
        # the Kasserine card's line was cut off under its two-line heading).
        policy = self.sizePolicy()
        policy.setVerticalPolicy(QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def keyPressEvent(self, event) -> None:
        # Enter chooses the card in focus, as on a web page or a dialog's default button
        # (a push button takes only Space: Enter on a card did nothing, seen under Xvfb).
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.isAutoRepeat():
            self.animateClick()
            return
        super().keyPressEvent(event)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return max(self.minimumHeight(), self._words_layout().totalHeightForWidth(width))

    def sizeHint(self) -> QSize:
        hint = self._words_layout().totalSizeHint()
        return QSize(hint.width(), self.heightForWidth(hint.width()))

    def minimumSizeHint(self) -> QSize:
        least = self._words_layout().totalMinimumSize()
        return QSize(least.width(), self.minimumHeight())

    def _words_layout(self) -> QLayout:
        layout = self.layout()
        assert layout is not None  # (set in __init__)
        return layout


# --- small pictures for the cards -----------------------------------------------------------


def _canvas() -> tuple[QPixmap, QPainter]:
    pixmap = QPixmap(112, 112)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    return pixmap, painter


def _counter_icon() -> QIcon:
    pixmap, p = _canvas()
    for dx, fill in ((14, "#8f9a5b"), (0, "#d8c08a")):
        rect = QRectF(14 + dx, 20 - dx * 0.6, 72, 72)
        p.setPen(QPen(QColor(fill).darker(180), 3))
        p.setBrush(QColor(fill))
        p.drawRoundedRect(rect, 8, 8)
    box = QRectF(30, 40, 40, 26)
    p.setPen(QPen(QColor("#1e1a12"), 3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(box)
    p.drawRoundedRect(QRectF(37, 45, 26, 16), 8, 8)
    f = QFont()
    f.setPixelSize(15)
    f.setBold(True)
    p.setFont(f)
    p.drawText(QRectF(14, 68, 72, 22), Qt.AlignmentFlag.AlignCenter, "2-16")
    p.end()
    return QIcon(pixmap)


def _hex_icon() -> QIcon:
    pixmap, p = _canvas()
    import math

    fills = ["#e8dcb5", "#b58a52", "#e8dcb5", "#9ec3df", "#e8dcb5", "#7d5a33", "#e8dcb5"]
    centres = [(56, 56)] + [
        (56 + 30 * math.cos(math.radians(a)), 56 + 30 * math.sin(math.radians(a)))
        for a in range(30, 390, 60)
    ]
    for (cx, cy), fill in zip(centres, fills, strict=False):
        hexagon = QPolygonF(
            [
                QPointF(cx + 17 * math.cos(math.radians(a)), cy + 17 * math.sin(math.radians(a)))
                for a in range(0, 360, 60)
            ]
        )
        p.setPen(QPen(QColor("#4a3c28"), 2))
        p.setBrush(QColor(fill))
        p.drawPolygon(hexagon)
    p.end()
    return QIcon(pixmap)


def _flag_icon() -> QIcon:
    pixmap, p = _canvas()
    p.setPen(QPen(QColor("#3c3328"), 5))
    p.drawLine(QPointF(30, 96), QPointF(30, 14))
    p.setPen(QPen(QColor("#6e2a1f"), 2))
    p.setBrush(QColor("#b3261e"))
    p.drawPolygon(QPolygonF([QPointF(32, 16), QPointF(92, 30), QPointF(32, 48)]))
    p.setPen(QPen(QColor("#3c3328"), 3))
    p.setBrush(QColor("#e8dcb5"))
    p.drawEllipse(QRectF(16, 88, 70, 14))
    p.end()
    return QIcon(pixmap)


def _folder_icon() -> QIcon:
    pixmap, p = _canvas()
    p.setPen(QPen(QColor("#6b5a2e"), 3))
    p.setBrush(QColor("#d9b95c"))
    p.drawRoundedRect(QRectF(12, 28, 40, 18), 4, 4)
    p.setBrush(QColor("#e9cd77"))
    p.drawRoundedRect(QRectF(12, 38, 88, 56), 6, 6)
    p.end()
    return QIcon(pixmap)


__all__ = ["StartPage"]
