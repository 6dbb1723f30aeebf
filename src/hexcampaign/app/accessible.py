"""Names for a screen reader: every control of a dock or dialog gets an accessible name
(and its tooltip as the description) from what a sighted user reads next to it; and
Tab leaves a table one only reads.

Qt names a button by its caption and a field by the label that is its buddy (every
QFormLayout row); everything else was silent: a list under a group's title, a field
after a label in a row, the combo boxes in a table's cells, a dock's only list. Here a
control without a name takes, in this order: its table cell's column and row headings
("Becomes: forest"), a field's placeholder when no label stands before it ("Search the
log"), the label before it in its layout (the cell to its left in a grid, the widget
before it in a row; "Road NE" in a grid of headings), the title of the group it alone
sits in, the dock's title if it is the dock's only control of its kind, its tooltip's
first sentence, and last its object name in words. A name given by hand
(setAccessibleName) always stays.

`name_controls(root)` names what is there now, and again each time `root` is shown
(dialogs and docks fill some tables only then).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QBoxLayout,
    QComboBox,
    QDockWidget,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTableView,
    QTableWidget,
    QTextEdit,
    QWidget,
)

CONTROLS = (
    QAbstractButton,
    QLineEdit,
    QComboBox,
    QAbstractSpinBox,
    QAbstractItemView,
    QAbstractSlider,
    QTextEdit,
    QPlainTextEdit,
)


def name_controls(root: QWidget, now: bool = True) -> None:
    """Name every unnamed control under `root` now (unless not `now`: a dock of a window
    not yet shown, which its first show names) and whenever `root` is shown."""
    if now or root.isHidden():
        _name_all(root)
    if root.property("accessible-names-watched") is None:
        root.setProperty("accessible-names-watched", True)
        root.installEventFilter(_ON_SHOW)


def _name_all(root: QWidget) -> None:
    cells = _cell_names(root)
    for view in root.findChildren(QTableView):
        # A table one only reads: Tab goes on to the next control instead of through
        # every cell (in the combat results table that was a trap of a hundred cells);
        # the arrow keys still walk the cells.
        if view.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers:
            view.setTabKeyNavigation(False)
    # A form row's label is its field's buddy, and Qt names the field by it.
    buddies = {id(label.buddy()) for label in root.findChildren(QLabel) if label.buddy()}
    for w in root.findChildren(QWidget):
        if not isinstance(w, CONTROLS) or _qt_own(w) or w.accessibleName().strip():
            continue
        if (isinstance(w, QAbstractButton) and _plain(w.text())) or id(w) in buddies:
            if w.toolTip() and not w.accessibleDescription():
                w.setAccessibleDescription(_plain(w.toolTip()))
            continue
        name = cells.get(id(w)) or _words_for(w, root)
        if name:
            w.setAccessibleName(name)
        if w.toolTip() and not w.accessibleDescription():
            w.setAccessibleDescription(_plain(w.toolTip()))


def _words_for(w: QWidget, root: QWidget) -> str:
    if isinstance(w, QLineEdit) and w.placeholderText() and not _label_before(w, root):
        return _plain(w.placeholderText())  # "Search the log": nearer than the dock's title
    for find in (_label_before, _group_title, _dock_title):
        text = find(w, root)
        if text:
            return text
    tip = _plain(w.toolTip())
    if tip:
        return re.split(r"(?<=[.:;])\s", tip, maxsplit=1)[0].rstrip(".:;")
    if w.objectName():
        words = re.sub(r"[-_]+", " ", w.objectName()).strip()
        return words[:1].upper() + words[1:]
    return ""


def _label_before(w: QWidget, _root: QWidget) -> str:
    """The text of the label just before `w` in its layout: in a grid the cell to its
    left (or, in a heading row, above it), in a row or column the item before it."""
    parent = w.parentWidget()
    layout = _layout_holding(parent.layout() if parent else None, w)
    if layout is None:
        return ""
    index = layout.indexOf(w)
    if isinstance(layout, QGridLayout):
        place: tuple[int, int, int, int] = layout.getItemPosition(index)  # type: ignore[assignment]
        row, column = place[0], place[1]

        def label_at(r: int, c: int) -> str:
            item = layout.itemAtPosition(r, c) if r >= 0 and c >= 0 else None
            label = item.widget() if item is not None else None
            return _plain(label.text()) if isinstance(label, QLabel) else ""

        left = label_at(row, column - 1) if column > 0 else ""
        first = label_at(row, 0) if column > 0 else ""
        head = label_at(0, column) if row > 0 else ""
        top = [layout.itemAtPosition(0, c) for c in range(layout.columnCount())]
        headings = [item.widget() for item in top if item is not None]
        if head and first and all(isinstance(x, QLabel) for x in headings):
            return f"{head} {first}"  # a table of controls under headings: "Road NE"
        return left or head or first
    if isinstance(layout, QBoxLayout) and index > 0:
        item = layout.itemAt(index - 1)
        label = item.widget() if item is not None else None
        if isinstance(label, QLabel) and _plain(label.text()):
            return _plain(label.text())
    return ""


def _layout_holding(layout: QLayout | None, w: QWidget) -> QLayout | None:
    """The layout (maybe nested) that holds `w` itself."""
    if layout is None:
        return None
    if layout.indexOf(w) >= 0:
        return layout
    for i in range(layout.count()):
        item = layout.itemAt(i)
        inner = item.layout() if item is not None else None
        found = _layout_holding(inner, w) if inner is not None else None
        if found is not None:
            return found
    return None


def _group_title(w: QWidget, _root: QWidget) -> str:
    """A group's title, when `w` is the only control of its kind in the group."""
    parent = w.parentWidget()
    while parent is not None and not isinstance(parent, QGroupBox):
        parent = parent.parentWidget()
    if parent is None or not _plain(parent.title()):
        return ""
    kin = [x for x in parent.findChildren(type(w)) if not _qt_own(x)]
    return _plain(parent.title()) if len(kin) == 1 else ""


def _dock_title(w: QWidget, root: QWidget) -> str:
    """A dock's title, when `w` is the dock's only control of its kind."""
    dock = root if isinstance(root, QDockWidget) else None
    if dock is None or not dock.windowTitle():
        return ""
    kind = QAbstractItemView if isinstance(w, QAbstractItemView) else type(w)
    kin = [x for x in dock.findChildren(kind) if not _qt_own(x)]
    return _plain(dock.windowTitle()) if len(kin) == 1 else ""


def _cell_names(root: QWidget) -> dict[int, str]:
    """The controls in table cells, named by their column's and row's headings."""
    names: dict[int, str] = {}
    for table in root.findChildren(QTableWidget):
        for row in range(table.rowCount()):
            heading = _row_heading(table, row)
            for column in range(table.columnCount()):
                cell = table.cellWidget(row, column)
                if cell is None:
                    continue
                head = table.horizontalHeaderItem(column)
                title = _plain(head.text()) if head is not None else f"Column {column + 1}"
                text = f"{title}: {heading}" if heading else title
                for w in [cell, *cell.findChildren(QWidget)]:
                    if isinstance(w, CONTROLS):
                        names[id(w)] = text
    return names


def _row_heading(table: QTableWidget, row: int) -> str:
    """What names a row: its header, else the text of its first plain cell ("Plain"),
    or of its first n where the table says so (property "accessible-row-columns": the
    import's "area landuse forest"), else its number."""
    head = table.verticalHeaderItem(row)
    if head is not None and table.verticalHeader().isVisible() and _plain(head.text()):
        return _plain(head.text())
    texts = []
    for column in range(table.columnCount()):
        item = table.item(row, column)
        cell = table.cellWidget(row, column)
        if item is not None and _plain(item.text()):
            texts.append(_plain(item.text()))
        elif isinstance(cell, QLabel) and _plain(cell.text()):
            texts.append(_plain(cell.text()))
    count = table.property("accessible-row-columns") or 1
    return " ".join(texts[:count]) if texts else f"row {row + 1}"


def _qt_own(w: QWidget) -> bool:
    """The parts Qt builds inside a control and names itself."""
    parent = w.parentWidget()
    return (
        isinstance(w, (QHeaderView, QScrollBar))
        or w.objectName().startswith("qt_")
        or isinstance(parent, (QLineEdit, QComboBox, QAbstractSpinBox))
        or (parent is not None and parent.metaObject().className().startswith("QComboBox"))
    )


def _plain(text: str) -> str:
    """A caption as spoken: no mnemonic ampersand, no markup, no trailing colon."""
    text = re.sub(r"<[^>]+>", "", text or "").replace("&&", "\0").replace("&", "")
    return " ".join(text.replace("\0", "&").split()).rstrip(":").strip()


class _OnShow(QObject):
    """Names again what a dialog or dock built since (its tables' cells) on each show."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and isinstance(watched, QWidget):
            _name_all(watched)
        return False


_ON_SHOW = _OnShow()

__all__ = ["CONTROLS", "name_controls"]
