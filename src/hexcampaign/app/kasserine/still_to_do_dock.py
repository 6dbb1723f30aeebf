"""The Still to do dock: every item of the phase the engine lists (kasserine/still_to_do.py),
grouped by kind, never cut short (the list scrolls). Each item names its unit and hex
and links to its rule in Help > Rules; a click on the item centres the board on its
hex. The widget computes no rule: it shows what the engine's query returns."""

from __future__ import annotations

from html import escape
from urllib.parse import quote, unquote

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QTextBrowser, QVBoxLayout, QWidget

from hexcampaign.app.help import show_rule_section
from hexcampaign.app.style import ground, themed
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.rule_sections import SECTIONS, RuleSection, section_for
from hexcampaign.kasserine.still_to_do import KINDS, ToDo, heading, still_to_do

GROUPS = {
    "result": "A combat result waits",
    "place": "To place on the entry zones",
    "resolve": "Declared attacks to roll",
    "must attack": "Must attack",
    "must be attacked": "Must be attacked",
    "re-attack": "Engaged: to attack again",
    "counter-attack": "To counter-attack",
    "contact retreat": "CONTACT: retreat owed",
    "not yet moved": "Not yet moved",
    "may enter": "Reinforcements that may enter",
}

STYLE = """
a.item { color: #2c2a24; text-decoration: none; }
a.rule { color: #2a5d8f; }
p { margin: 0 0 4px 0; }
h4 { margin: 8px 0 2px 0; color: #5a4a2a; }
"""


class StillToDoDock(QDockWidget):
    """Every item still to do this phase; clicking one asks for its hex to be shown."""

    item_chosen = Signal(object)  # the ToDo clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Still to do", parent)
        self.setObjectName("kasserine-still-to-do")
        box = QWidget(self)
        self.title = QLabel(box)
        self.title.setObjectName("still-to-do-title")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setStyleSheet("font-weight: bold; padding: 2px 4px;")
        self.browser = QTextBrowser(box)
        self.browser.setObjectName("still-to-do-list")
        self.browser.setAccessibleName("Still to do this phase")
        # Tab goes on to the next control rather than through each item's link (a unit
        # a line: dozens of Tabs to leave); the hex cursor reaches what they point at.
        self.browser.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.browser.setOpenLinks(False)  # links are ours: an item, or a rule
        self.browser.document().setDefaultStyleSheet(themed(STYLE, ground(self.browser.palette())))
        self.browser.anchorClicked.connect(self.open_link)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.title)
        layout.addWidget(self.browser, 1)
        self.setWidget(box)
        self.items: list[ToDo] = []
        self.rules_window: QWidget | None = None  # the Help window a rule link opened

    def refresh(self, game: Game | None) -> None:
        self.items = still_to_do(game) if game is not None else []
        self.title.setText(heading(game, self.items) if game is not None else "No game")
        position = self.browser.verticalScrollBar().value()
        # The light theme's colours, made to read on the theme's ground (a dark theme
        # showed near-black items on black).
        self.browser.document().setDefaultStyleSheet(themed(STYLE, ground(self.browser.palette())))
        self.browser.setHtml(self._html())
        self.browser.verticalScrollBar().setValue(position)  # a move keeps the place read

    def required(self) -> list[ToDo]:
        """The items that keep the phase from ending."""
        return [item for item in self.items if item.required]

    def open_link(self, url: QUrl) -> None:
        """An item's link shows its hex; a rule's link opens Help > Rules there."""
        scheme, _, what = url.toString().partition(":")
        if scheme == "item" and what.isdigit() and int(what) < len(self.items):
            self.item_chosen.emit(self.items[int(what)])
        elif scheme == "rule" and unquote(what) in SECTIONS:
            self.rules_window = show_rule_section(self.window(), SECTIONS[unquote(what)])

    # --- inside --------------------------------------------------------------------------

    def _html(self) -> str:
        if not self.items:
            return "<p>Nothing is left to do in this phase: end it when you are ready.</p>"
        parts = []
        for kind in KINDS:
            shown = [(n, item) for n, item in enumerate(self.items) if item.kind == kind]
            if not shown:
                continue
            must = " — the phase cannot end before these" if shown[0][1].required else ""
            parts.append(f"<h4>{escape(GROUPS[kind])} ({len(shown)}){must}</h4>")
            parts.extend(_row(n, item) for n, item in shown)
        return "".join(parts)


def _row(n: int, item: ToDo) -> str:
    """One item: its sentence (without the rule's name, which its link gives) as a link
    to its hex, and the rule's link."""
    _rule, colon, rest = item.text.partition(": ")
    words = rest if colon else item.text
    link = f'<a class="item" href="item:{n}">{escape(words)}</a>' if item.hex else escape(words)
    rule = f'<a class="rule" href="rule:{quote(item.rule.rule.lower())}">{escape(item.rule.words())}</a>'
    return f"<p>{link} · {rule}</p>"


class NoticeLinks(QLabel):
    """Beside the notice line: for a refusal, a link to its rule in Help > Rules; for the
    End phase refused over obligations, a link to the whole list in the Still to do
    dock (the notice names only the first few), and the dock brought into view."""

    still_to_do_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kasserine-notice-links")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.setStyleSheet("padding: 3px 8px;")
        self.linkActivated.connect(self.open_link)
        self.obligations: list[str] = []  # the phase's obligations, set as the game changes
        self.rule: RuleSection | None = None
        self.rules_window: QWidget | None = None  # the Help window the link opened
        self.show_for("", False)

    def show_for(self, text: str, refusal: bool) -> None:
        self.rule = section_for(text) if refusal else None
        links = []
        if self.rule is not None:
            links.append(f'<a href="rule">{escape(self.rule.words())}</a>')
        # The End phase refused: its sentence starts with the first obligation.
        ending = refusal and any(text.startswith(o) for o in self.obligations)
        if ending and len(self.obligations) > 1:
            links.append(f'<a href="still-to-do">All {len(self.obligations)} in Still to do</a>')
        self.setText(" · ".join(links))  # the notice bar hides the links when there are none
        if ending:
            self.still_to_do_requested.emit()  # the whole list comes into view at once

    def open_link(self, link: str) -> None:
        if link == "rule" and self.rule is not None:
            self.rules_window = show_rule_section(self.window(), self.rule)
        elif link == "still-to-do":
            self.still_to_do_requested.emit()
