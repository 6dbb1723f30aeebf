"""The game log dock: every action and roll in plain words, grouped under a heading per
turn (the newest open, older turns folded; a click on a heading opens or folds it), each
turn's lines under their phase. Every hex number the map has is a link: a click centres
the board on that hex and shows its stack. A search field keeps only the lines containing
its words (any case), together with the filter by side; the count says how many lines
are shown of how many, and Export… writes exactly those lines. The lines are the
engine's (Game.log); kasserine/log_index.py reads them back by turn and finds the hexes."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from urllib.parse import quote, unquote

from PySide6.QtCore import QSize, Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.style import ground, themed
from hexcampaign.files import atomic_write_text
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.log_index import HexNumbers, LogLine, LogTurn, by_turn, matching

__all__ = ["LogDock"]

STYLE = """
a.turn { color: #5a4a2a; text-decoration: none; font-weight: bold; }
a.hex { color: #2a5d8f; }
span.count { color: #7a6a4a; }
span.found { background-color: #fdf0c2; }
p.turn { margin: 8px 0 2px 0; }
p.phase { margin: 4px 0 1px 8px; color: #5a4a2a; font-style: italic; }
p.line { margin: 0 0 1px 20px; }
"""

# About fourteen lines of the log in view (it had five): a phase reads without scrolling,
# and at 1,280×800 the map and the side docks keep their room.
LINES_IN_VIEW = 14
AROUND_THE_LINES = 90  # px


class LogDock(QDockWidget):
    """Every action and roll in plain words, by turn, with hex links, a filter per side,
    a search and export."""

    FILTERS = ("Both sides", "German", "Allied")
    hex_chosen = Signal(object)  # the Hex whose number was clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game log", parent)
        self.setObjectName("kasserine-log")
        body = QWidget(self)
        self.filter = QComboBox(body)
        self.filter.addItems(self.FILTERS)
        self.search = QLineEdit(body)
        self.search.setObjectName("kasserine-log-search")
        self.search.setPlaceholderText("Search the log")
        self.search.setClearButtonEnabled(True)
        self.count = QLabel(body)
        self.count.setObjectName("kasserine-log-count")
        self.count.setTextFormat(Qt.TextFormat.PlainText)
        self.export_button = QPushButton("Export…", body)
        self.export_button.setToolTip("Write the lines shown (filter and search) to a text file")
        self.browser = QTextBrowser(body)
        self.browser.setObjectName("kasserine-log-lines")
        # Tab goes on to the next control: in a long log of links (each a hex) Tab and
        # Shift+Tab would step from link to link and never leave (a keyboard trap).
        # (the links stay for the mouse; the search field and the hex cursor serve keys).
        self.browser.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.browser.setOpenLinks(False)  # the links are ours: a turn's heading, or a hex
        self.browser.document().setDefaultStyleSheet(themed(STYLE, ground(self.browser.palette())))
        self.browser.anchorClicked.connect(self.open_link)
        self.browser.highlighted.connect(self._hovered)
        self.text = self.browser  # its older name (a plain text box then)
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:", body))
        top.addWidget(self.filter)
        top.addWidget(self.search, 1)
        top.addWidget(self.count)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addWidget(self.browser, 1)
        self.setWidget(body)
        self.lines: list[str] = []
        self.turns: list[LogTurn] = []
        self.numbers: HexNumbers | None = None
        self._numbers_of: object = None  # the map the hex numbers were read from
        self.calendar: dict[str, int] = {}  # "Feb 14" -> 1
        self.folding: dict[str, bool] = {}  # a turn's heading clicked: True open, False folded
        self._hex_name: Callable[[Hex], str] | None = None  # "1318 (Kasserine)", from the game
        self.filter.currentIndexChanged.connect(lambda _i: self._show(to_end=True))
        self.search.textChanged.connect(self._searched)
        # A log at its end stays there when the dock is made taller or shorter (it is a
        # tab of the board's column, sized when it comes to the front).
        bar = self.browser.verticalScrollBar()
        self._at_end = True
        bar.valueChanged.connect(lambda value: setattr(self, "_at_end", value >= bar.maximum() - 2))
        bar.rangeChanged.connect(lambda _low, high: bar.setValue(high) if self._at_end else None)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        hint = super().sizeHint()
        line = self.browser.fontMetrics().lineSpacing()
        # Around the lines: the title, the search row, the frame, and the tab bar of the
        # CRT and the tracker under the dock (play_docks.arrange).
        return QSize(hint.width(), max(hint.height(), LINES_IN_VIEW * line + AROUND_THE_LINES))

    def refresh(self, game: Game) -> None:
        if game.map is not self._numbers_of:
            self._numbers_of = game.map
            self.numbers = HexNumbers(game.map)
        self.calendar = {game.date(t): t for t in range(1, game.rules.turns + 1)}  # per game
        self._hex_name = game.hex_label
        lines = game.log()
        if lines != self.lines:
            bar = self.browser.verticalScrollBar()
            # New lines bring the end into view, unless the player scrolled up to read.
            follow = bar.value() >= bar.maximum() - 2
            if lines[: len(self.lines)] != self.lines:
                self.folding = {}  # another game (or an undo): no turn opened by hand
                follow = True
            self.lines = lines
            self.turns = by_turn(lines, self.calendar)
            self._show(to_end=follow)

    def shown_lines(self) -> list[str]:
        """The lines the side filter and the search let through, oldest first (what the
        count counts and Export… writes; a folded turn's lines are among them)."""
        return [line.text for turn in self.turns for line in self._let_through(turn)]

    def export_to(self, path: Path | str) -> None:
        """Write the shown lines as text (atomic); OSError when the disk refuses."""
        atomic_write_text(Path(path), "\n".join(self.shown_lines()) + "\n")

    def is_open(self, date: str) -> bool:
        """Whether a turn's lines are shown under its heading: the newest turn, and every
        turn with a match while searching, unless its heading was clicked."""
        if date in self.folding:
            return self.folding[date]
        return bool(self.search.text().strip()) or bool(self.turns) and date == self.turns[-1].date

    def toggle(self, date: str) -> None:
        self.folding[date] = not self.is_open(date)
        self._show(to_end=False)

    def open_link(self, url: QUrl) -> None:
        """A hex number shows its hex on the board; a turn's heading opens or folds it."""
        scheme, _, what = url.toString().partition(":")
        if scheme == "hex" and self.numbers is not None:
            h: Hex | None = self.numbers.hexes.get(unquote(what))
            if h is not None:
                self.hex_chosen.emit(h)
        elif scheme == "turn":
            self.toggle(unquote(what))

    # --- inside --------------------------------------------------------------------------

    def _let_through(self, turn: LogTurn) -> list[LogLine]:
        side = self.filter.currentText()
        return matching(turn.lines, "" if side == self.FILTERS[0] else side, self.search.text())

    def _hovered(self, url: QUrl) -> None:
        """Over a hex number, the tooltip names the hex and its place and says what a
        click does."""
        scheme, _, what = url.toString().partition(":")
        h = self.numbers.hexes.get(unquote(what)) if scheme == "hex" and self.numbers else None
        name = self._hex_name(h) if h is not None and self._hex_name is not None else ""
        self.browser.setToolTip(f"Show {name} on the map" if name else "")

    def _searched(self, _text: str) -> None:
        self.folding = {}  # a new search opens every turn it finds something in
        self._show(to_end=True)

    def _show(self, to_end: bool) -> None:
        shown = [(turn, self._let_through(turn)) for turn in self.turns]
        total, count = len(self.lines), sum(len(lines) for _turn, lines in shown)
        self.count.setText(f"{count} of {total} line{'' if total == 1 else 's'}")
        bar = self.browser.verticalScrollBar()
        position = bar.value()
        # The light theme's browns and blue, made to read on the theme's ground (a dark
        # theme's log had dark brown headings on black); the palette may change meanwhile.
        self.browser.document().setDefaultStyleSheet(themed(STYLE, ground(self.browser.palette())))
        self.browser.setHtml(self._html(shown))
        bar.setValue(bar.maximum() if to_end else position)

    def _html(self, shown: list[tuple[LogTurn, list[LogLine]]]) -> str:
        if not self.lines:
            return "<p>Nothing has happened yet.</p>"
        words = self.search.text().strip()
        parts = []
        for turn, lines in shown:
            if not lines:
                continue  # a turn the filter or the search leaves empty has no heading
            is_open = self.is_open(turn.date)
            mark = "▾" if is_open else "▸"
            name = turn.date + (f" · turn {turn.turn}" if turn.turn is not None else "")
            of = (
                f"{len(lines)} of {len(turn.lines)}"
                if len(lines) < len(turn.lines)
                else f"{len(lines)}"
            )
            many = "" if len(turn.lines) == 1 else "s"
            parts.append(
                f'<p class="turn"><a class="turn" href="turn:{quote(turn.date)}">{mark} {escape(name)}</a>'
                f' <span class="count">— {of} line{many}</span></p>'
            )
            if not is_open:
                continue
            phase = None
            for line in lines:
                if line.phase != phase:
                    phase = line.phase
                    if phase:
                        parts.append(f'<p class="phase">{escape(phase)}</p>')
                parts.append(f'<p class="line">{self._linked(line.event, words)}</p>')
        return (
            "".join(parts) or "<p>No line of the log is shown: change the filter or the search.</p>"
        )

    def _linked(self, text: str, words: str) -> str:
        """The text escaped, each hex number of the map a link, the search's words marked."""
        mentions = self.numbers.find(text) if self.numbers is not None else []
        out, at = [], 0
        for m in mentions:
            out.append(_marked(text[at : m.start], words))
            out.append(f'<a class="hex" href="hex:{quote(m.label)}">{_marked(m.label, words)}</a>')
            at = m.end
        out.append(_marked(text[at:], words))
        return "".join(out)


def _marked(text: str, words: str) -> str:
    """The text escaped, with every occurrence of the words (any case) marked."""
    if not words:
        return escape(text)
    folded, wanted = text.casefold(), words.casefold()
    if len(folded) != len(text):  # a letter that folds to two ("ß"): left unmarked
        return escape(text)
    out, at = [], 0
    while (found := folded.find(wanted, at)) >= 0:
        end = found + len(wanted)
        out.append(escape(text[at:found]) + f'<span class="found">{escape(text[found:end])}</span>')
        at = end
    out.append(escape(text[at:]))
    return "".join(out)
