"""Help: the user guide, the rule books with the program's reading of each section, and
About with the licences."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QTimer, QUrl
from PySide6.QtGui import QImage, QPixmap, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QListWidget,
    QMessageBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from hexcampaign import __version__
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, translate
from hexcampaign.kasserine.rule_sections import RuleSection, interpretation_of
from hexcampaign.paths import docs_path
from hexcampaign.rulebook import RULE_BOOKS, sections


class FittingBrowser(QTextBrowser):
    """A text browser whose pictures never overflow it: each is shown at its own size
    or scaled down to the window's width (height in proportion), again on a resize."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._natural: dict[str, tuple[int, int]] = {}
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(30)  # once a resize has settled, not for every step
        self._refit.timeout.connect(self.fit_images)
        self.sourceChanged.connect(lambda _url: self.fit_images())

    def fit_images(self) -> None:
        doc = self.document()
        room = self.viewport().width() - 2 * doc.documentMargin() - 8
        if room <= 0:
            return
        cursor = QTextCursor(doc)
        block = doc.begin()
        while block.isValid():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                image = fragment.charFormat().toImageFormat()
                if fragment.charFormat().isImageFormat() and image.isValid():
                    size = self._size(image.name())
                    if size is not None:
                        width = min(size[0], room)
                        image.setWidth(width)
                        image.setHeight(size[1] * width / size[0])
                        cursor.setPosition(fragment.position())
                        cursor.setPosition(fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor)
                        cursor.setCharFormat(image)
                fragments += 1
            block = block.next()

    def image_widths(self) -> list[float]:
        """The width each picture is shown at (for tests)."""
        widths = []
        block = self.document().begin()
        while block.isValid():
            fragments = block.begin()
            while not fragments.atEnd():
                char_format = fragments.fragment().charFormat()
                if char_format.isImageFormat():
                    widths.append(char_format.toImageFormat().width())
                fragments += 1
            block = block.next()
        return widths

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._refit.start()

    def _size(self, name: str) -> tuple[int, int] | None:
        if name not in self._natural:
            picture = self.document().resource(QTextDocument.ResourceType.ImageResource, QUrl(name))
            if isinstance(picture, (QImage, QPixmap)) and not picture.isNull():
                self._natural[name] = (picture.width(), picture.height())
            else:
                picture = self.loadResource(QTextDocument.ResourceType.ImageResource, QUrl(name))
                if isinstance(picture, (QImage, QPixmap)) and not picture.isNull():
                    self._natural[name] = (picture.width(), picture.height())
        return self._natural.get(name)


class GuideWindow(QDialog):
    """A markdown page from docs/ (the user guide, the rules interpretations), with its
    pictures and links between pages working."""

    def __init__(self, page: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.browser = FittingBrowser(self)
        self.browser.setOpenExternalLinks(True)
        self.browser.setSearchPaths([str(docs_path())])
        self.browser.setSource(QUrl.fromLocalFile(str(docs_path(page))))
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        self.resize(900, 760)


class RulesWindow(QDialog):
    """The rule books section by section; under each section, how hexcampaign reads it."""

    def __init__(self, parent: QWidget | None = None, book: str = "kasserine") -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules")
        self.books = QComboBox(self)
        for key, (title, _path) in RULE_BOOKS.items():
            self.books.addItem(title, key)
        self.section_list = QListWidget(self)
        self.text = QTextBrowser(self)
        self.text.setOpenExternalLinks(True)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.section_list)
        split.addWidget(self.text)
        split.setSizes([260, 640])
        top = QHBoxLayout()
        top.addWidget(self.books)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        self.books.currentIndexChanged.connect(self._show_book)
        self.section_list.currentRowChanged.connect(self._show_section)
        self.resize(1000, 720)
        self._focus: RuleSection | None = None
        self.books.setCurrentIndex(list(RULE_BOOKS).index(book))
        self._show_book()

    def show_rule(self, rule: RuleSection) -> None:
        """Open the Kasserine Pass rulebook at a rule's section, scrolled to its heading,
        with the program's reading of that rule first below it (a refusal's or an
        obligation's "Rule ..." link)."""
        self._focus = rule
        self.books.setCurrentIndex(list(RULE_BOOKS).index("kasserine"))
        titles = [s.title for s in self._sections]
        if rule.title in titles:
            row = titles.index(rule.title)
            if self.section_list.currentRow() == row:
                self._show_section(row)
            else:
                self.section_list.setCurrentRow(row)
        self.raise_()
        self.activateWindow()

    def shown_rule(self) -> RuleSection | None:
        """The rule the window was opened at, while its section is shown (for tests)."""
        return self._focus

    def _show_book(self) -> None:
        self._sections = sections(self.books.currentData())
        self.section_list.clear()
        self.section_list.addItems([s.title for s in self._sections])
        self.section_list.setCurrentRow(0)

    def _show_section(self, row: int) -> None:
        if not 0 <= row < len(self._sections):
            return
        section = self._sections[row]
        rule = self._focus if self._focus is not None and self._focus.title == section.title else None
        self._focus = rule  # another section picked: no rule in focus any more
        text = section.text.strip()
        if rule is not None and rule.heading:
            # The rule's heading as a heading of its own, to scroll to (the book's
            # headings are lines of their own, which markdown would run together).
            text = re.sub(
                rf"^{re.escape(rule.heading)}$", f"\n### {rule.heading}\n", text, count=1, flags=re.M
            )
        parts = [f"## {section.title}", text]
        reading = interpretation_of(rule) if rule is not None else None
        others = [t for t in section.interpretations if t != reading]
        if reading:
            parts.append(f"---\n\n### How hexcampaign reads this rule ({rule.rule if rule else ''})")
            parts.append(reading)
        if others:
            parts.append("---\n\n### How hexcampaign reads this section")
            parts.extend(others)
        self.text.setMarkdown("\n\n".join(parts))
        self._scroll_to(rule.heading if rule is not None and rule.heading else None)

    def _scroll_to(self, heading: str | None) -> None:
        """The section from its top, or from the rule's heading."""
        bar = self.text.verticalScrollBar()
        bar.setValue(0)
        if heading is None:
            return
        block = self.text.document().begin()
        while block.isValid():
            if block.text().strip() == heading:
                cursor = QTextCursor(block)
                self.text.setTextCursor(cursor)
                top = self.text.document().documentLayout().blockBoundingRect(block).top()
                bar.setValue(int(top))
                return
            block = block.next()


def show_user_guide(parent: QWidget) -> GuideWindow:
    window = GuideWindow("user-guide.md", "hexcampaign user guide", parent)
    window.show()
    return window


def show_interpretations(parent: QWidget) -> GuideWindow:
    window = GuideWindow("rules-interpretations.md", "Rules interpretations", parent)
    window.show()
    return window


def show_rule_section(parent: QWidget | None, rule: RuleSection) -> RulesWindow:
    """Help > Rules at one rule's section: the Rules window already open for this
    window, or a new one."""
    window = next((w for w in parent.findChildren(RulesWindow) if w.isVisible()), None) if parent else None
    if window is None:
        window = RulesWindow(parent, "kasserine")
    window.show()
    window.show_rule(rule)
    return window


def show_rules(parent: QWidget, book: str | None = None) -> RulesWindow:
    """The rule books, opened at the one of the mode in charge (the campaign rules at
    the umpire's desk)."""
    if book is None:
        in_charge = getattr(parent, "mode", None)
        book = getattr(in_charge, "RULE_BOOK", None)
    window = RulesWindow(parent, book if book in RULE_BOOKS else "kasserine")
    window.show()
    return window


# %1 is the version; shown translated (show_about).
ABOUT_TEXT = QT_TRANSLATE_NOOP("About", """<p><b>hexcampaign %1</b></p>
<p>A hex map editor, the 1972 wargame Kasserine Pass played hot-seat with every rule
enforced, and an umpire's desk for Combat Mission operational campaigns.</p>
<p>hexcampaign is free software under the GNU General Public License v3 or later.</p>
<p>It is built with <b>Qt 6</b> and <b>PySide6</b> (Qt for Python), used under the
GNU Lesser General Public License v3: you may replace the Qt and PySide6 libraries this
program uses with your own builds; their source is at qt.io and download.qt.io.
Also used: shapely (BSD 3-clause), pydantic (MIT), platformdirs (MIT).</p>
<p>Kasserine Pass (Conflict Games, 1972) was designed by John Hill; its rules are shown
for reference in Help &gt; Rules.</p>""")
ABOUT = ABOUT_TEXT.replace("%1", __version__)


def show_about(parent: QWidget) -> None:
    QMessageBox.about(
        parent,
        translate("About", "About hexcampaign"),
        translate("About", ABOUT_TEXT).replace("%1", __version__),
    )
